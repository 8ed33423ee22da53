/* exact.c - branch-and-bound over the compute stream's run order (exact), sched's last step.
 *
 * A schedule here is a run order of the nodes that take compute-stream time (compute nodes
 * and barriers), completed by fixed rules: each collective starts, in its queue's order, as
 * soon as its inputs are issued and what it needs from other streams has arrived (it is
 * started at once, stalling, where a node to run needs it first); it is waited right before
 * the first node that needs it, or where a barrier or another group of its class needs it
 * done; a free runs once it can, an allocation once something it feeds waits on it alone. The
 * steps are written as they are simulated with sim.c's arithmetic, so the makespan found is
 * the one simulate() gives.
 *
 * The search fixes everything of the best schedule's run order outside a window of
 * EXACTWINDOW consecutive nodes, and searches the window's orders depth first, the best's own
 * order first, each branch extending the partial schedule by one node (undone through a
 * trail). Where a group's collectives may reorder (reorderable) and the caller asks for it
 * (Exact.queues), a collective that could start now but waits behind its queue's head, which
 * cannot, may also start first: a branch after those of the node to run next. A branch is cut where its lower bound cannot beat the best: the compute clock plus
 * the compute work left; each stream's free time (or the clock) plus its collectives not yet
 * started; the clock plus the longest path from any node not yet run; each collective in
 * flight's end plus the longest path after it. Windows slide by half their length. Effort is
 * the number of branch nodes explored (a completion counts its nodes), never time: the
 * result is deterministic. Returns at the first schedule faster than the best (within the
 * memory budget, as sched's consider keeps it), so that sched can take it and call again.
 *
 * Requires a valid best schedule, costs and stream classes; the queue order given (or program
 * order) must keep every edge the schedule must keep, as sched's do. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

typedef struct {
	void *p;
	uint64_t v;
	int sz;
} Undo;

typedef struct { /* the scalars of a partial schedule, saved whole at each branch */
	double t, mem, peak, remcost;
	int nst, nfl, oldest;
} Now;

typedef struct {
	Graph *g;
	const int *cls, *q;
	int n, reorder; /* a group's collectives may start out of the queues' order */
	int queues; /* ... and the search branches on that */
	int branching; /* in the window, where queues: a gather's buffer is taken by a branch */
	int *soff, *sidx; /* successors through counted edges, CSR */
	int *pend;
	char *issued, *waited;
	double *end, *free_at, *rem; /* each collective's end; by stream */
	double *blev; /* the longest path from each node's start to the end */
	int **fifo, *nfifo, *head; /* by queue */
	int *fl; /* collectives in start order */
	int *zero, nzero; /* allocations and frees */
	int *streams, nstreams; /* those with collectives */
	Step *st;
	Now now;
	Undo *tr;
	int ntr, captr;
	long *budget;
	/* the window: its nodes in the best's order, and what follows it */
	int *win, nwin, *suf, nsuf;
	double sufmax, target, peakok, budgetmem, bestpeak;
	int found;
	Step *out;
	double outms, outpeak;
} X;

static void save(X *x, void *p, int sz)
{
	if (x->ntr == x->captr) {
		x->captr = x->captr ? 2 * x->captr : 1024;
		x->tr = realloc(x->tr, (size_t)x->captr * sizeof *x->tr);
		if (!x->tr)
			die("out of memory");
	}
	Undo *u = &x->tr[x->ntr++];
	u->p = p, u->sz = sz, u->v = 0;
	memcpy(&u->v, p, (size_t)sz);
}

static void undo(X *x, int mark)
{
	while (x->ntr > mark) {
		Undo *u = &x->tr[--x->ntr];
		memcpy(u->p, &u->v, (size_t)u->sz);
	}
}

static int qof(const Graph *g, const int *q, const Node *n)
{
	int runs = colls[n->kind].runs;
	return runs == STREAM_COLL ? q[n->group] : runs * g->ngroup + n->group;
}

static int costs(const Node *n)
{
	return n->kind == N_COMPUTE || n->kind == N_BARRIER;
}

/* whether x's d-th edge counts: not one the queues' order stands for */
static int counted(const X *x, const Node *n, int d)
{
	return !(x->reorder && reorderable(x->g, n, &n->dep[d]));
}

static void emit(X *x, StepKind k, int i)
{
	x->st[x->now.nst++] = (Step){k, i};
}

static void wait(X *x, int c)
{
	if (x->waited[c])
		return;
	save(x, &x->waited[c], 1);
	x->waited[c] = 1;
	emit(x, ST_WAIT, c);
	if (x->end[c] > x->now.t)
		x->now.t += x->end[c] - x->now.t;
	while (x->now.oldest < x->now.nfl && x->waited[x->fl[x->now.oldest]])
		x->now.oldest++;
}

static void issue(X *x, int i)
{
	save(x, &x->issued[i], 1);
	x->issued[i] = 1;
	for (int k = x->soff[i]; k < x->soff[i + 1]; k++) {
		save(x, &x->pend[x->sidx[k]], sizeof(int));
		x->pend[x->sidx[k]]--;
	}
}

/* What collective c must have waited for before it starts (sched.c's startall): inputs from
 * collectives on other streams, and every collective in flight of another group of its class;
 * when (wait: waits for them). */
static double need(X *x, int c, int dowait)
{
	const Node *n = &x->g->node[c];
	double t = 0;
	for (int d = 0; d < n->ndep; d++) {
		int p = n->dep[d].node;
		const Node *pn = &x->g->node[p];
		if (iscollective(pn->kind) && !x->waited[p] &&
		    !(samegroupstream(pn, n) || n->dep[d].kind == DEP_GROUP)) {
			if (dowait)
				wait(x, p);
			else
				t = fmax(t, x->end[p]);
		}
	}
	int gc = x->cls[n->group];
	for (int k = x->now.oldest; k < x->now.nfl; k++) {
		int p = x->fl[k];
		const Node *pn = &x->g->node[p];
		if (!x->waited[p] && x->cls[pn->group] == gc && pn->group != n->group) {
			if (dowait)
				wait(x, p);
			else
				t = fmax(t, x->end[p]);
		}
	}
	return t;
}

static void start(X *x, int c)
{
	const Node *n = &x->g->node[c];
	need(x, c, 1);
	emit(x, ST_START, c);
	int s = streamof(x->g, n, x->cls), s2 = streamof2(x->g, n), qc = qof(x->g, x->q, n);
	save(x, &x->free_at[s], sizeof(double));
	save(x, &x->rem[s], sizeof(double));
	x->rem[s] -= n->cost;
	if (s2 >= 0) {
		save(x, &x->free_at[s2], sizeof(double));
		save(x, &x->rem[s2], sizeof(double));
		x->rem[s2] -= n->cost;
	}
	save(x, &x->end[c], sizeof(double));
	x->end[c] = runon(x->g, n, x->cls, x->free_at, x->now.t, NULL);
	if (x->fifo[qc][x->head[qc]] == c) { /* the head; else one started out of order */
		save(x, &x->head[qc], sizeof(int));
		do
			x->head[qc]++;
		while (x->head[qc] < x->nfifo[qc] && x->issued[x->fifo[qc][x->head[qc]]]);
	}
	x->fl[x->now.nfl++] = c;
	issue(x, c);
}

static void runplain(X *x, int i)
{
	const Node *n = &x->g->node[i];
	for (int d = 0; d < n->ndep; d++)
		if (iscollective(x->g->node[n->dep[d].node].kind))
			wait(x, n->dep[d].node);
	if (n->kind == N_BARRIER)
		while (x->now.oldest < x->now.nfl)
			wait(x, x->fl[x->now.oldest]);
	emit(x, ST_RUN, i);
	if (n->kind == N_COMPUTE || (n->kind == N_BARRIER && n->cost > 0))
		x->now.t += n->cost;
	else if (n->kind == N_ALLOC)
		x->now.mem += (double)n->bytes;
	else if (n->kind == N_FREE)
		x->now.mem -= (double)n->bytes;
	if (x->now.mem > x->now.peak)
		x->now.peak = x->now.mem;
	if (costs(n))
		x->now.remcost -= n->cost;
	issue(x, i);
}

/* Whether allocation i may run now that node j waits on it alone: where j is a collective
 * (a buffer taken early lets it start early), within the memory budget, and once j heads its
 * queue (as sched's list schedules admit a gather's buffer), or in the window where queues
 * reorder, never (dfs branches on it: startfirst). Any other runs where a node to run needs
 * it (ensure: early it would only hold memory), as does one a node to run needs before its
 * budget allows, as sched's do where the budget cannot be kept. */
static int admits(X *x, int i, int j)
{
	const Node *n = &x->g->node[i], *y = &x->g->node[j];
	if (n->kind != N_ALLOC)
		return 1;
	if (!iscollective(y->kind) || x->branching)
		return 0;
	if (x->budgetmem >= 0 && x->now.mem + (double)n->bytes > x->budgetmem)
		return 0;
	int qc = qof(x->g, x->q, y);
	return x->head[qc] < x->nfifo[qc] && x->fifo[qc][x->head[qc]] == j;
}

/* Whether free i can run without a stall: the collectives it follows have ended (a free
 * that waits on one runs where that is waited, or where a node to run needs it) */
static int done(X *x, int i)
{
	const Node *n = &x->g->node[i];
	for (int d = 0; d < n->ndep; d++) {
		int p = n->dep[d].node;
		if (iscollective(x->g->node[p].kind) && !x->waited[p] && x->end[p] > x->now.t)
			return 0;
	}
	return 1;
}

/* Starts what can start without a stall, runs the frees that can run and the allocations
 * something waits on alone (admits), until nothing changes. */
static void advance(X *x)
{
	for (int progress = 1; progress;) {
		progress = 0;
		for (int k = 0; k < x->nzero; k++) {
			int i = x->zero[k];
			if (x->issued[i] || x->pend[i])
				continue;
			int go = x->g->node[i].kind == N_FREE ? done(x, i) :
								x->soff[i] == x->soff[i + 1];
			for (int j = x->soff[i]; j < x->soff[i + 1] && !go; j++)
				go = x->pend[x->sidx[j]] == 1 && admits(x, i, x->sidx[j]);
			if (go) {
				runplain(x, i);
				progress = 1;
			}
		}
		for (int k = 0; k < x->nstreams; k++) {
			int qc = x->streams[k];
			if (x->head[qc] >= x->nfifo[qc])
				continue;
			int c = x->fifo[qc][x->head[qc]];
			if (!x->pend[c] && need(x, c, 0) <= x->now.t) {
				start(x, c);
				progress = 1;
			}
		}
	}
}

/* Issues node i and what it needs that is not a compute-stream node (collectives earlier in
 * their queue, allocations), stalling where it must; 0 where it needs a compute-stream node
 * not yet run. */
static int ensure(X *x, int i)
{
	if (x->issued[i])
		return 1;
	const Node *n = &x->g->node[i];
	if (costs(n))
		return 0;
	if (iscollective(n->kind)) {
		int qc = qof(x->g, x->q, n);
		while (x->head[qc] < x->nfifo[qc] && x->fifo[qc][x->head[qc]] != i)
			if (!ensure(x, x->fifo[qc][x->head[qc]]))
				return 0;
		if (x->issued[i])
			return 1;
	}
	for (int d = 0; d < n->ndep; d++)
		if (counted(x, n, d) && !ensure(x, n->dep[d].node))
			return 0;
	if (x->issued[i])
		return 1;
	if (iscollective(n->kind))
		start(x, i);
	else
		runplain(x, i);
	return 1;
}

/* Runs compute-stream node i next; 0 where it cannot run yet. */
static int step(X *x, int i)
{
	const Node *n = &x->g->node[i];
	for (int d = 0; d < n->ndep; d++)
		if (costs(&x->g->node[n->dep[d].node]) && !x->issued[n->dep[d].node])
			return 0;
	for (int d = 0; d < n->ndep; d++)
		if (!ensure(x, n->dep[d].node))
			return 0;
	runplain(x, i);
	advance(x);
	return 1;
}

static double bound(const X *x, int depth)
{
	double t = x->now.t, lb = t + x->now.remcost, top = x->sufmax;
	for (int k = 0; k < x->nstreams; k++) {
		int s = x->streams[k];
		lb = fmax(lb, x->rem[s] > 0 ? fmax(x->free_at[s], t) + x->rem[s] : x->free_at[s]);
	}
	for (int k = 0; k < x->nwin && depth < x->nwin; k++)
		if (!x->issued[x->win[k]])
			top = fmax(top, x->blev[x->win[k]]);
	lb = fmax(lb, t + top);
	for (int k = x->now.oldest; k < x->now.nfl; k++) {
		int c = x->fl[k];
		if (!x->waited[c])
			lb = fmax(lb, x->end[c] + x->blev[c] - x->g->node[c].cost);
	}
	return lb;
}

/* The schedule finished after the window: the rest in the best's order. */
static void leaf(X *x)
{
	*x->budget -= x->nsuf;
	x->branching = 0;
	advance(x);
	for (int k = 0; k < x->nsuf; k++)
		if (!step(x, x->suf[k]))
			return; /* cannot happen: the best ran them in this order */
	for (int i = 0; i < x->n; i++)
		if (!ensure(x, i))
			return;
	while (x->now.oldest < x->now.nfl)
		wait(x, x->fl[x->now.oldest]);
	double ms = x->now.t;
	for (int c = 0; c < nstreams(x->g); c++)
		ms = fmax(ms, x->free_at[c]);
	ms = stepend(x->g, ms, x->end);
	double pk = x->now.peak;
	x->branching = x->queues;
	if (ms < x->target && (x->budgetmem < 0 || pk <= x->budgetmem || pk <= x->bestpeak)) {
		memcpy(x->out, x->st, (size_t)x->now.nst * sizeof(Step));
		x->found = x->now.nst;
		x->outms = ms, x->outpeak = pk;
	}
}

/* Whether collective c waits on nothing but allocations that could run now, within the
 * memory budget: a collective started out of its queue's order takes its buffer with it. */
static int buffered(X *x, int c)
{
	const Node *n = &x->g->node[c];
	double mem = x->now.mem;
	for (int d = 0; d < n->ndep; d++) {
		const Node *p = &x->g->node[n->dep[d].node];
		if (!counted(x, n, d) || x->issued[n->dep[d].node])
			continue;
		if (p->kind != N_ALLOC || x->pend[n->dep[d].node])
			return 0;
		mem += (double)p->bytes;
	}
	return x->budgetmem < 0 || mem <= x->budgetmem || mem <= x->now.mem;
}

static void startfirst(X *x, int depth, int head);

static void dfs(X *x, int depth)
{
	if (depth == x->nwin) {
		Now keep = x->now;
		int mark = x->ntr;
		leaf(x);
		undo(x, mark);
		x->now = keep;
		return;
	}
	if (bound(x, depth) >= x->target)
		return;
	/* the peak only grows: past the budget (and the best's peak), no schedule is taken */
	if (x->budgetmem >= 0 && x->now.peak > x->budgetmem && x->now.peak > x->bestpeak)
		return;
	/* where collectives may reorder, each queue's head takes its buffer and starts first:
	 * the list schedules' order, so that the search meets it first */
	startfirst(x, depth, 1);
	for (int k = 0; k < x->nwin && !x->found && *x->budget > 0; k++) {
		int i = x->win[k];
		if (x->issued[i])
			continue;
		Now keep = x->now;
		int mark = x->ntr;
		--*x->budget;
		if (step(x, i))
			dfs(x, depth + 1);
		undo(x, mark);
		x->now = keep;
	}
	/* ... then one behind it that could start now, with its buffer, before the next node
	 * runs */
	startfirst(x, depth, 0);
}

/* dfs's branches that start a collective before the next node runs: each queue's head
 * (head), or those behind it (!head), that could start now, their buffers taken */
static void startfirst(X *x, int depth, int head)
{
	for (int k = 0; k < x->nstreams && x->queues; k++) {
		int qc = x->streams[k];
		int lo = head ? x->head[qc] : x->head[qc] + 1;
		int hi = head ? x->head[qc] + 1 : x->nfifo[qc];
		for (int j = lo; j < hi && j < x->nfifo[qc] && !x->found && *x->budget > 0; j++) {
			int c = x->fifo[qc][j];
			if (x->issued[c] || !buffered(x, c) || need(x, c, 0) > x->now.t)
				continue;
			Now keep = x->now;
			int mark = x->ntr;
			--*x->budget;
			for (int d = 0; d < x->g->node[c].ndep; d++)
				if (counted(x, &x->g->node[c], d) &&
				    !x->issued[x->g->node[c].dep[d].node])
					runplain(x, x->g->node[c].dep[d].node);
			start(x, c);
			advance(x);
			dfs(x, depth);
			undo(x, mark);
			x->now = keep;
		}
	}
}

int exact(Graph *g, const int *cls, const int *q, const int *order, int reorder, const Step *best,
	  int nbest, double ms, double peak, double mem_budget, Exact *e)
{
	int n = g->nnode, ns = nstreams(g);
	Arena *a = arena_new();
	X x = {.g = g,
	       .cls = cls,
	       .q = q,
	       .n = n,
	       .reorder = reorder,
	       .queues = reorder && e->queues};
	size_t nn = (size_t)n + 1, ng = (size_t)ns + 1;
	x.soff = aarray(a, nn + 1, sizeof(int));
	x.pend = aarray(a, nn, sizeof(int));
	x.issued = aarray(a, nn, 1);
	x.waited = aarray(a, nn, 1);
	x.end = aarray(a, nn, sizeof(double));
	x.blev = aarray(a, nn, sizeof(double));
	x.free_at = aarray(a, ng, sizeof(double));
	x.rem = aarray(a, ng, sizeof(double));
	x.nfifo = aarray(a, ng, sizeof(int));
	x.head = aarray(a, ng, sizeof(int));
	x.fifo = aarray(a, ng, sizeof(int *));
	x.fl = aarray(a, nn, sizeof(int));
	x.zero = aarray(a, nn, sizeof(int));
	x.streams = aarray(a, ng, sizeof(int));
	x.st = aarray(a, 2 * nn, sizeof(Step));
	x.out = g->step;
	x.budget = &e->budget;
	x.budgetmem = mem_budget, x.bestpeak = peak, x.target = ms;
	int ncost = 0;
	for (int i = 0; i < n; i++) {
		const Node *y = &g->node[i];
		for (int d = 0; d < y->ndep; d++)
			if (counted(&x, y, d))
				x.soff[y->dep[d].node + 1]++, x.pend[i]++;
		if (iscollective(y->kind)) {
			x.nfifo[qof(g, q, y)]++;
			x.rem[streamof(g, y, cls)] += y->cost;
			if (streamof2(g, y) >= 0)
				x.rem[streamof2(g, y)] += y->cost;
		} else if (!costs(y)) {
			x.zero[x.nzero++] = i;
		} else {
			ncost++;
			x.now.remcost += y->cost;
		}
	}
	for (int i = 0; i < n; i++)
		x.soff[i + 1] += x.soff[i];
	x.sidx = aarray(a, (size_t)x.soff[n] + 1, sizeof(int));
	int *fill = aarray(a, nn, sizeof(int));
	for (int i = 0; i < n; i++) {
		const Node *y = &g->node[i];
		for (int d = 0; d < y->ndep; d++)
			if (counted(&x, y, d)) {
				int p = y->dep[d].node;
				x.sidx[x.soff[p] + fill[p]++] = i;
			}
	}
	for (int c = 0; c < ns; c++) {
		x.fifo[c] = aarray(a, (size_t)x.nfifo[c] + 1, sizeof(int));
		if (x.nfifo[c])
			x.streams[x.nstreams++] = c;
		x.nfifo[c] = 0;
	}
	int ncoll = 0;
	for (int i = 0; i < n; i++)
		ncoll += iscollective(g->node[i].kind);
	int *by = aarray(a, (size_t)ncoll + 1, sizeof(int));
	for (int i = 0, k = 0; i < n; i++)
		if (iscollective(g->node[i].kind))
			by[order ? order[i] : k++] = i;
	for (int k = 0; k < ncoll; k++) {
		int c = qof(g, q, &g->node[by[k]]);
		x.fifo[c][x.nfifo[c]++] = by[k];
	}
	/* the longest path from each node's start, through edges that hold a node back */
	for (int i = n - 1; i >= 0; i--) {
		const Node *y = &g->node[i];
		x.blev[i] += y->cost;
		for (int d = 0; d < y->ndep; d++) {
			const Dep *e2 = &y->dep[d];
			const Node *p = &g->node[e2->node];
			if (e2->kind == DEP_GROUP &&
			    (((order || x.queues) && reorderable(g, y, e2)) ||
			     !samegroupstream(p, y)))
				continue;
			x.blev[e2->node] = fmax(x.blev[e2->node], x.blev[i]);
		}
	}
	/* the best's run order */
	int *ord = aarray(a, (size_t)ncost + 1, sizeof(int)), nord = 0;
	for (int k = 0; k < nbest; k++)
		if (best[k].kind == ST_RUN && costs(&g->node[best[k].node]))
			ord[nord++] = best[k].node;
	x.captr = 0;
	int W = e->window > 0 ? e->window : EXACTWINDOW;
	for (; e->from < nord && e->budget > 0 && !x.found; e->from += W / 2 > 0 ? W / 2 : 1) {
		int lo = e->from, hi = lo + W < nord ? lo + W : nord;
		/* the prefix in the best's order, from nothing */
		memset(x.issued, 0, nn);
		memset(x.waited, 0, nn);
		memset(x.head, 0, ng * sizeof(int));
		memset(x.free_at, 0, ng * sizeof(double));
		for (int i = 0; i < n; i++)
			x.pend[i] = 0;
		for (int i = 0; i < n; i++)
			for (int k = x.soff[i]; k < x.soff[i + 1]; k++)
				x.pend[x.sidx[k]]++;
		memset(x.rem, 0, ng * sizeof(double));
		double remcost = 0;
		for (int i = 0; i < n; i++) {
			const Node *y = &g->node[i];
			if (iscollective(y->kind)) {
				x.rem[streamof(g, y, cls)] += y->cost;
				if (streamof2(g, y) >= 0)
					x.rem[streamof2(g, y)] += y->cost;
			} else if (costs(y))
				remcost += y->cost;
		}
		x.now = (Now){.remcost = remcost};
		x.ntr = 0;
		e->budget -= lo;
		advance(&x);
		int ok = 1;
		for (int k = 0; k < lo && ok; k++)
			ok = step(&x, ord[k]);
		if (!ok)
			break; /* cannot happen: the best ran them in this order */
		x.ntr = 0; /* the prefix is never undone */
		x.win = ord + lo, x.nwin = hi - lo;
		x.suf = ord + hi, x.nsuf = nord - hi;
		x.sufmax = 0;
		for (int k = hi; k < nord; k++)
			x.sufmax = fmax(x.sufmax, x.blev[ord[k]]);
		x.branching = x.queues;
		dfs(&x, 0);
		x.branching = 0;
		if (x.found)
			break;
		if (hi == nord)
			e->from = nord; /* the last window */
	}
	free(x.tr);
	arena_free(a);
	if (x.found) {
		g->nstep = x.found;
		e->ms = x.outms, e->peak = x.outpeak;
	}
	return x.found > 0;
}
