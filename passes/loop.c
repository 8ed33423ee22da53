/* loop.c - run-time loops (Graph.loop): each body a graph of its own, one iteration's nodes,
 * given edges, costs and a schedule as a graph is; the loop node a barrier to the graph around
 * it, charged its trips of the body as the program writes them.
 *
 * A body is scheduled alone first: each trip runs from an idle machine and ends with it idle.
 * Then it may be rotated across the back edge (Loop.late): a set of nodes closed under the
 * body's edges runs a trip late, so that an emitted iteration holds the trip before's late
 * nodes and this trip's others, which the scheduler overlaps as any two independent chains: a
 * reduction and what follows it waited under the next trip's work, or (everything but a
 * gather and what it needs late) a gather started under the trip before's. The rotated body
 * is a plain graph (rotated()): the late nodes then the others, each in program order, its
 * edges made over that sequence as over any program, so that whatever one trip's late nodes
 * and the next trip's others share is ordered; an edge from an early node to a late one is
 * met by the iterations' order, and none runs the other way (the set is closed). Each emitted
 * iteration still starts and waits all it runs: the first runs no late nodes (the prologue),
 * and an epilogue after the loop runs the last trip's, so that every trip count, 0 and 1
 * included, runs every trip once. Nothing is allocated in a body, so nothing run ahead holds
 * memory (frontend/unroll.c); its buffers are the program's, never doubled. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

/* The stream classes of body b's groups, in b's arena */
static int *classes(Graph *b, const CostOpts *o)
{
	int *cls = aarray(b->arena, (size_t)b->ngroup + 1, sizeof(int));
	groupclasses(b, o, cls);
	return cls;
}

/* Steps st (n) of body b run from an idle machine: their makespan and exposed communication;
 * with late, only the steps of the nodes whose late[] is want */
static double run(const Graph *b, const Step *st, int n, const int *cls, const unsigned char *late,
		  int want, double *exposed)
{
	Step *sub = NULL;
	if (late) {
		sub = xmalloc(((size_t)n + 1) * sizeof *sub);
		int m = 0;
		for (int k = 0; k < n; k++)
			if (late[st[k].node] == want)
				sub[m++] = st[k];
		st = sub, n = m;
	}
	Sim s;
	simulate(b, st, n, cls, 0, &s);
	/* its own loops (never in a rotated body) run their schedules' trips */
	double e = 0, ms = s.makespan - (late ? 0 : loopsaved(b, 0, &e));
	if (exposed)
		*exposed = s.exposed - e;
	freesim(&s);
	free(sub);
	return ms;
}

/* One trip of body b as the program writes it (into lp): its makespan, compute, collectives'
 * time and exposed communication */
static double aswritten(Loop *lp, const int *cls)
{
	Graph *b = lp->body;
	Step *st;
	int n;
	programorder(b, &st, &n);
	Sim s;
	simulate(b, st, n, cls, 0, &s);
	double ms = s.makespan;
	lp->compute = s.compute;
	lp->wexposed = s.exposed;
	lp->comm = s.inplace;
	for (int k = 0; k < b->ngroup; k++)
		lp->comm += s.group[k].busy;
	freesim(&s);
	free(st);
	return ms;
}

/* lp's trips (lp->ntrip) as its body's schedule runs them: iter, prologue, epilogue and the
 * trips' exposed communication; < 0 where the body has no schedule */
static void tripcosts(Loop *lp, const int *cls)
{
	Graph *b = lp->body;
	lp->iter = lp->prologue = lp->epilogue = -1;
	if (!b->step)
		return;
	double e = 0, pe = 0, ee = 0;
	lp->iter = run(b, b->step, b->nstep, cls, NULL, 0, &e);
	double k = (double)lp->ntrip;
	lp->exposed = k * e;
	if (!lp->late)
		return;
	lp->prologue = run(b, b->step, b->nstep, cls, lp->late, 0, &pe);
	lp->epilogue = run(b, b->step, b->nstep, cls, lp->late, 1, &ee);
	lp->exposed = lp->ntrip ? pe + (k - 1) * e + (lp->peeled ? 0 : ee) : 0;
}

/* us lp's simulated trips take as scheduled (bound: no schedule's are below; < 0: none) */
static double trips(const Loop *lp, int bound)
{
	double k = (double)lp->ntrip;
	if (bound)
		return lp->lb;
	if (lp->iter < 0)
		return -1;
	if (!lp->late)
		return k * lp->iter;
	/* peeled: the last trip's late nodes are the graph around's */
	return lp->ntrip ? lp->prologue + (k - 1) * lp->iter + (lp->peeled ? 0 : lp->epilogue) : 0;
}

Graph *seqgraph(const Graph *b, const int *seq, int n)
{
	Arena *a = arena_new();
	Graph *r = aalloc(a, sizeof *r);
	*r = *b;
	r->arena = a;
	r->node = aarray(a, (size_t)n + 1, sizeof(Node));
	r->nnode = r->capnode = n;
	for (int j = 0; j < n; j++) {
		r->node[j] = b->node[seq[j]];
		r->node[j].dep = NULL;
		r->node[j].ndep = r->node[j].capdep = 0;
	}
	r->step = NULL, r->nstep = r->capstep = 0;
	r->prelude = NULL, r->nprelude = r->capprelude = 0;
	filldeps(r);
	return r;
}

/* The rotated body of b by late: its late nodes, then the others, each in program order, as a
 * graph of its own (seqgraph); seq[j]: b's node at its j */
static Graph *rotated(const Graph *b, const unsigned char *late, int *seq)
{
	int m = 0;
	for (int pass = 1; pass >= 0; pass--)
		for (int i = 0; i < b->nnode; i++)
			if (late[i] == pass)
				seq[m++] = i;
	return seqgraph(b, seq, m);
}

void loopdeps(Graph *g)
{
	for (int k = 0; k < g->nloop; k++) {
		Graph *b = g->loop[k].body;
		for (int i = 0; i < b->nnode; i++)
			b->node[i].ndep = 0;
		filldeps(b);
		loopdeps(b);
	}
}

/* The most any one stream of body b is busy in a trip (but for the nodes skip marks): no
 * trips of it run faster than that each, however many overlap */
static double busiest(const Graph *b, const int *cls, const Share *share, const unsigned char *skip)
{
	int ns = nstreams(b);
	double *busy = zalloc((size_t)ns + 2, sizeof *busy); /* streams, then the compute stream */
	for (int i = 0; i < b->nnode; i++) {
		const Node *n = &b->node[i];
		if (skip && skip[i])
			continue;
		if (loopof(b, n)) { /* a barrier: the compute stream waits its trips out */
			busy[ns] += loopof(b, n)->lb;
			continue;
		}
		if (!iscollective(n->kind)) {
			busy[ns] += n->cost;
			continue;
		}
		double c = share ? share[i].coal : n->cost; /* a body's buckets copy nothing */
		busy[streamof(b, n, cls)] += c;
		if (streamof2(b, n) >= 0)
			busy[streamof2(b, n)] += c;
	}
	double most = 0;
	for (int s = 0; s <= ns; s++)
		most = busy[s] > most ? busy[s] : most;
	free(busy);
	return most;
}

/* lp's trips' costs from its body's schedule, and their bound (Loop.lb): trips may overlap
 * (rotated), so the bound of K is K times the busiest stream's trip, and never below one
 * trip's own bound; a peeled loop's first emitted iteration at least its early nodes' busiest
 * stream and the K - 1 others K - 1 times the busiest stream's trip (each runs one trip's
 * worth of every node), its last trip's late nodes counted in the graph around. */
void looptimes(Loop *lp, const CostOpts *o)
{
	int *cls = classes(lp->body, o);
	tripcosts(lp, cls);
	/* over any buckets of the body (bucketloops) */
	Share *share = xmalloc(((size_t)lp->body->nnode + 1) * sizeof *share);
	if (!fillshares(lp->body, o, share)) {
		free(share);
		share = NULL;
	}
	LowerBound lb;
	lowerbound(lp->body, cls, share, 0, &lb);
	lb.lb -= loopsaved(lp->body, 1, NULL); /* its own loops' trips, at their bounds */
	double one = lb.lb < lp->written ? lb.lb : lp->written;
	double k = (double)lp->ntrip, each = busiest(lp->body, cls, share, NULL);
	double first = lp->peeled ? busiest(lp->body, cls, share, lp->late) : 0;
	free(share);
	if (lp->peeled) /* the first iteration runs the early nodes alone */
		lp->lb = lp->ntrip ? first + (k - 1) * each : 0;
	else
		lp->lb = !lp->ntrip ? 0 : k * each > one ? k * each : one;
}

/* The loop node is charged its trips of the body as written: the program as written, and to
 * the graph around it a barrier's fixed time. A schedule's trips are shorter by what the
 * body's schedule saves, and nothing overlaps a barrier: analyzesched takes that off the
 * schedule's makespan (loopsaved), the bound what no schedule of the body can save. A
 * peeled loop's nodes in the graph cost nothing where it runs no trips. */
void loopcost(Graph *g, const CostOpts *o)
{
	for (int i = 0; i < g->nnode; i++) {
		Node *n = &g->node[i];
		if (n->guard && !g->loop[n->guard - 1].ntrip)
			n->cost = 0; /* after its loop node, which set ntrip */
		Loop *lp = loopof(g, n);
		if (!lp)
			continue;
		fillcost(lp->body, o);
		lp->ntrip = 1;
		for (int k = 0; k < o->ntrips; k++)
			if (!strcmp(o->trips[k].name, lp->trips))
				lp->ntrip = o->trips[k].value;
		lp->written = aswritten(lp, classes(lp->body, o));
		looptimes(lp, o);
		n->cost += (double)lp->ntrip * lp->written;
	}
}

double loopsaved(const Graph *g, int bound, double *exposed)
{
	double d = 0;
	for (int k = 0; k < g->nloop; k++) {
		const Loop *lp = &g->loop[k];
		double k1 = (double)lp->ntrip, best = trips(lp, bound);
		if (best >= 0 && best < k1 * lp->written)
			d += k1 * lp->written - best;
		if (exposed && lp->iter >= 0)
			*exposed += k1 * lp->wexposed - lp->exposed;
	}
	return d;
}

/* Body b scheduled (its edges, sched's options o): into b->step, or with late, rotated by it
 * and into *st (*n steps, b's nodes; the caller frees) */
static void plan(Graph *b, const unsigned char *late, const int *cls, const SchedOpts *o, Step **st,
		 int *n)
{
	int *seq = NULL;
	Graph *r = b;
	if (late) {
		seq = xmalloc(((size_t)b->nnode + 1) * sizeof *seq);
		r = rotated(b, late, seq);
	}
	sched(r, cls, o);
	if (o->effort > 0 && o->max_prefetch < 0 && o->max_in_flight < 0)
		safer(r, cls, -1, NULL);
	if (!late)
		return;
	*n = r->nstep;
	*st = xmalloc(((size_t)r->nstep + 1) * sizeof **st);
	for (int k = 0; k < r->nstep; k++)
		(*st)[k] = (Step){r->step[k].kind, seq[r->step[k].node]};
	freegraph(r);
	free(seq);
}

/* Into late: what follows the seeds (after) in body b, or all but the seeds and what they
 * need */
static void closure(const Graph *b, unsigned char *late, int after)
{
	int n = b->nnode;
	if (after) {
		for (int i = 0; i < n; i++)
			for (int d = 0; d < b->node[i].ndep && !late[i]; d++)
				late[i] = late[b->node[i].dep[d].node];
		return;
	}
	for (int i = n - 1; i >= 0; i--)
		for (int d = 0; d < b->node[i].ndep && late[i]; d++)
			late[b->node[i].dep[d].node] = 1;
	for (int i = 0; i < n; i++)
		late[i] = !late[i];
}

/* A collective of a body, with the size and cost of its own late set (what follows a
 * reduction; what a gather needs, for the early side) */
typedef struct {
	int node, size;
	double cost;
} Seed;

static int bysmall(const void *pa, const void *pb)
{
	const Seed *a = pa, *b = pb;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	if (a->cost != b->cost)
		return a->cost < b->cost ? -1 : 1;
	return a->node - b->node;
}

/* Body b's candidate late sets (*ncand of them, n bytes each; the caller frees): what follows
 * all its reductions; all but its gathers (and other collectives that do not reduce) and what
 * they need; the same for the 1, 2, 4, ... reductions, and gathers, whose own sets are
 * smallest (the last layers' reductions, the first layers' gathers); and, where it holds at
 * most MAXONE collectives, each one's alone. */
enum { MAXONE = 8 };
static unsigned char *candidates(const Graph *b, int *ncand)
{
	int n = b->nnode, ncoll = 0;
	for (int i = 0; i < n; i++)
		ncoll += iscollective(b->node[i].kind);
	Seed *seed[2] = {xmalloc(((size_t)ncoll + 1) * sizeof(Seed)),
			 xmalloc(((size_t)ncoll + 1) * sizeof(Seed))};
	int nseed[2] = {0, 0};
	int cap = 2 + 2 * ncoll + 2 * 32, nc = 0;
	unsigned char *c = zalloc((size_t)cap * (size_t)n + 1, 1), *one = xmalloc((size_t)n + 1);
	for (int side = 0; side < 2; side++) { /* 0: reductions late; 1: gathers early */
		unsigned char *all = c + (size_t)nc++ * (size_t)n;
		for (int i = 0; i < n; i++) {
			const Node *x = &b->node[i];
			if (!iscollective(x->kind) || (colls[x->kind].op >= 0) == side)
				continue;
			all[i] = 1;
			memset(one, 0, (size_t)n);
			one[i] = 1;
			closure(b, one, !side);
			Seed *sd = &seed[side][nseed[side]++];
			*sd = (Seed){i, 0, 0};
			for (int j = 0; j < n; j++) { /* its own set's side: what moves */
				int moves = side ? !one[j] : one[j];
				sd->size += moves;
				sd->cost += moves ? b->node[j].cost : 0;
			}
			if (ncoll <= MAXONE)
				memcpy(c + (size_t)nc++ * (size_t)n, one, (size_t)n);
		}
		closure(b, all, !side);
	}
	for (int side = 0; side < 2; side++) {
		qsort(seed[side], (size_t)nseed[side], sizeof(Seed), bysmall);
		for (int k = 1; k < nseed[side] && nc < cap; k *= 2) {
			unsigned char *u = c + (size_t)nc++ * (size_t)n;
			for (int j = 0; j < k; j++)
				u[seed[side][j].node] = 1;
			closure(b, u, !side);
		}
	}
	free(one);
	free(seed[0]);
	free(seed[1]);
	*ncand = nc;
	return c;
}

/* Body b of loop lp, scheduled, rotated by the late set whose emitted iteration is fastest,
 * where one is faster than the trip alone, a single trip (prologue and epilogue) no slower
 * than as written, and two trips (prologue, an iteration, epilogue) no slower than two trips
 * alone, so that no count of trips from 2 on is (ties: the first candidate; ROTATE_ALWAYS:
 * the largest set). The choice is the same for any --trips: the emitted code does not
 * change. Bodies with loops, sends and receives, or allocations are not rotated (a late loop
 * would be written twice; the p2p check follows program order); a late node that names the
 * loop's variable, or a variable the body declares, reads a copy of the trip before's value
 * of the variable and its declarations made again from it (emit/c.c), so needs its type. */
static void rotate(Loop *lp, const int *cls, const SchedOpts *o)
{
	Graph *b = lp->body;
	int n = b->nnode;
	if (o->rotate == ROTATE_NEVER || lp->pinned || b->nloop || n < 2)
		return;
	for (int i = 0; i < n; i++)
		if (isp2pmember(b->node[i].kind) || b->node[i].kind == N_P2P ||
		    b->node[i].kind == N_ALLOC || b->node[i].kind == N_FREE)
			return;
	double best = run(b, b->step, b->nstep, cls, NULL, 0, NULL), alone = best;
	const unsigned char *bestlate = NULL;
	Step *bestst = NULL;
	int bestn = 0, bestnlate = 0, ncand;
	unsigned char *cand = candidates(b, &ncand);
	for (int c = 0; c < ncand; c++) {
		const unsigned char *late = cand + (size_t)c * (size_t)n;
		int nlate = 0, seen = 0;
		for (int i = 0; i < n; i++)
			nlate += late[i];
		for (int d = 0; d < c && !seen; d++) /* one set from two seeds: scheduled once */
			seen = !memcmp(late, cand + (size_t)d * (size_t)n, (size_t)n);
		for (int i = 0; i < n && !lp->vartype; i++) /* the variable's copy needs its type */
			seen |= late[i] && b->node[i].src && b->node[i].src->namesvar;
		if (!nlate || nlate == n || seen)
			continue;
		Step *st = NULL;
		int ns = 0;
		plan(b, late, cls, o, &st, &ns);
		double t = run(b, st, ns, cls, NULL, 0, NULL);
		double one =
			run(b, st, ns, cls, late, 0, NULL) + run(b, st, ns, cls, late, 1, NULL);
		int take = t < best * (1 - 1e-9) - 1e-9 && one <= lp->written * (1 + 1e-9) &&
			   one + t <= 2 * alone * (1 + 1e-9);
		if (o->rotate == ROTATE_ALWAYS)
			take = nlate > bestnlate;
		if (!take) {
			free(st);
			continue;
		}
		free(bestst);
		best = t, bestst = st, bestn = ns, bestnlate = nlate, bestlate = late;
	}
	if (bestlate) {
		lp->late = aalloc(b->arena, (size_t)n);
		memcpy(lp->late, bestlate, (size_t)n);
		b->step = NULL, b->nstep = b->capstep = 0;
		for (int k = 0; k < bestn; k++)
			addstep(b, bestst[k].kind, bestst[k].node);
	}
	free(cand);
	free(bestst);
}

double looptrip(const Loop *lp, const CostOpts *o, int which, Sim *s)
{
	Graph *b = lp->body;
	int *cls = classes(b, o);
	Step *st = NULL;
	int n = 0;
	if (which == TRIP_WRITTEN) { /* its nodes as written: not its buckets */
		if (lp->wbody)
			b = lp->wbody, cls = classes(b, o);
		programorder(b, &st, &n);
	} else {
		if (!b->step || (which != TRIP_STEADY && !lp->late) ||
		    (which == TRIP_EPILOGUE && lp->peeled))
			return -1; /* a peeled loop's last trip is the graph around's */
		st = xmalloc(((size_t)b->nstep + 1) * sizeof *st);
		for (int k = 0; k < b->nstep; k++)
			if (which == TRIP_STEADY ||
			    lp->late[b->step[k].node] == (which == TRIP_EPILOGUE))
				st[n++] = b->step[k];
	}
	simulate(b, st, n, cls, 1, s);
	free(st);
	/* as run() and aswritten() give it: its own loops (never in a rotated body) at their
	 * schedules' trips (the trace moves what follows one up by what it saves) */
	return which == TRIP_WRITTEN ? s->makespan :
	       which == TRIP_STEADY  ? s->makespan - loopsaved(b, 0, NULL) :
				       s->makespan;
}

void schedloops(Graph *g, const CostOpts *co, const SchedOpts *so, int how)
{
	for (int k = 0; k < g->nloop; k++) {
		Loop *lp = &g->loop[k];
		Graph *b = lp->body;
		int *cls = classes(b, co);
		SchedOpts bo = *so;
		bo.mem_budget = -1; /* a body allocates nothing (frontend/unroll.c) */
		b->step = NULL, b->nstep = b->capstep = 0;
		if (lp->peeled) { /* its late set is the graph's: the rotated body again */
			Step *st;
			int n;
			plan(b, lp->late, cls, &bo, &st, &n);
			for (int j = 0; j < n; j++)
				addstep(b, st[j].kind, st[j].node);
			free(st);
			tripcosts(lp, cls);
			continue;
		}
		lp->late = NULL;
		if (how == LOOP_WRITTEN) {
			writtenorder(b);
		} else if (how == LOOP_SAFE) {
			safesched(b, cls);
		} else {
			plan(b, NULL, cls, &bo, NULL, NULL);
			rotate(lp, cls, &bo);
		}
		schedloops(b, co, so, how);
		tripcosts(lp, cls);
	}
}

typedef struct {
	const Loop *lp;
	const SchedOpts *o;
	double two; /* two trips of the body without buckets */
} Judge;

/* What body g (lp's, scheduled a trip at a time) is worth as a loop, rotated as rotate()
 * picks it: its steady state, where one trip (prologue and epilogue) is no slower than as
 * written and two no slower than the body's without buckets (j->two), as rotate() asks of a
 * rotation, so that no count of two trips or more loses; else never taken. *two: its two
 * trips. Its steps are left as given. */
static double rotatedworth(Graph *g, const int *cls, const Judge *j, double *two)
{
	Step *keep = g->step;
	int n = g->nstep, cap = g->capstep;
	Loop tmp = *j->lp;
	tmp.body = g;
	tmp.late = NULL;
	rotate(&tmp, cls, j->o);
	tripcosts(&tmp, cls);
	double one = tmp.late ? tmp.prologue + tmp.epilogue : tmp.iter;
	*two = one + tmp.iter;
	g->step = keep, g->nstep = n, g->capstep = cap; /* rotate's are in g's arena */
	int worse = one > j->lp->written * (1 + 1e-9) || *two > j->two * (1 + 1e-9) + 1e-9;
	return worse ? INFINITY : tmp.iter;
}

static double steady(Graph *g, const int *cls, void *arg)
{
	double two;
	return rotatedworth(g, cls, arg, &two);
}

/* Body b's nodes as they are, a graph of their own (seqgraph) */
static Graph *copyof(const Graph *b)
{
	int *seq = xmalloc(((size_t)b->nnode + 1) * sizeof *seq);
	for (int i = 0; i < b->nnode; i++)
		seq[i] = i;
	Graph *w = seqgraph(b, seq, b->nnode);
	free(seq);
	return w;
}

/* w, a copy of lp's body before bucketing or peeling rewrote it, as the body as written (the
 * trace draws a trip as written from its nodes), in the body's arena */
static void keepwritten(Loop *lp, Graph *w)
{
	arena_adopt(lp->body->arena, w->arena);
	w->arena = lp->body->arena;
	lp->wbody = w;
}

void bucketloops(Graph *g, const CostOpts *co, const SchedOpts *so, const BucketOpts *bo)
{
	for (int k = 0; k < g->nloop; k++) {
		Loop *lp = &g->loop[k];
		Graph *b = lp->body;
		bucketloops(b, co, so, bo);
		int *cls = classes(b, co);
		SchedOpts bso = *so;
		bso.mem_budget = -1;
		/* the loops in it peeled into it first (passes/peel.c), innermost first, so that its
		 * buckets are of what it then runs: the reductions after a loop of micro-batches
		 * become ready one by one under its last trip */
		Graph *was = b->nloop && !lp->wbody ? copyof(b) : NULL;
		if (peelloops(b, co, cls, &bso, -1, 0)) {
			looptimes(lp, co);
			keepwritten(lp, was);
		} else if (was) {
			freegraph(was);
		}
		if (!b->step || !(bo->cap > 0) ||
		    lp->peeled) /* peeled: its nodes are the graph's */
			continue;
		if (!lp->wbody)
			keepwritten(lp, copyof(b));
		BucketOpts cb = *bo;
		cb.form = BK_COALESCED; /* a body allocates nothing: no packed buffer */
		/* from the body's schedule a trip at a time, each trial judged by its steady state
		 * rotated; then scheduled and rotated again */
		lp->late = NULL;
		plan(b, NULL, cls, &bso, NULL, NULL);
		Judge j = {lp, &bso, INFINITY};
		rotatedworth(b, cls, &j, &j.two);
		bucketjudged(b, co, cls, &bso, &cb, &(BucketJudge){steady, &j});
		plan(b, NULL, cls, &bso, NULL, NULL);
		rotate(lp, cls, &bso);
		tripcosts(lp, cls);
	}
}
