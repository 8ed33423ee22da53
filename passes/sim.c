/* sim.c - a discrete-event model of a schedule (simulate), and the lower bound (lowerbound).
 *
 * The compute stream runs the schedule's steps in order: a compute node takes its cost; an
 * alloc or free changes the bytes held; a start puts a collective on its FIFO stream (its
 * class's collective stream, or its group's send or receive stream: streamof),
 * where it begins once the compute stream has reached the start and the stream is free; a wait
 * holds the compute stream until that collective has finished, and the time it holds is
 * exposed communication. A collective begins no earlier than Graph.release where set, and the
 * makespan counts Graph.tail (stepend): the p2p pass's view of the other ranks. Requires costs
 * (fillcost) and a valid schedule. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

void simulate(const Graph *g, const Step *step, int nstep, const int *cls, int events, Sim *s)
{
	memset(s, 0, sizeof *s);
	s->group = zalloc((size_t)g->ngroup, sizeof *s->group);
	if (events)
		s->ev = zalloc((size_t)g->nnode, sizeof *s->ev);
	for (int i = 0; i < g->nnode && !s->held; i++)
		if (g->node[i].kind == N_BARRIER)
			s->held = zalloc((size_t)g->nnode, sizeof *s->held);
	double waited = 0; /* since the last step run */
	Arena *scratch = arena_new();
	/* each started collective's end (a start comes before its wait: written before read) */
	double *end = auninit(scratch, ((size_t)g->nnode + 1) * sizeof *end);
	double *free_at = aarray(scratch, (size_t)nstreams(g) + 1, sizeof *free_at); /* by stream */
	double t = 0, mem = 0;
	for (int k = 0; k < nstep; k++) {
		int i = step[k].node;
		const Node *n = &g->node[i];
		SimEvent *ev = s->ev ? &s->ev[i] : NULL;
		switch (step[k].kind) {
		case ST_RUN: {
			double begin = t;
			const Loop *lp = loopof(g, n);
			if (n->kind == N_COMPUTE) {
				t += n->cost;
			} else if (lp) { /* its trips of its body as written (passes/loop.c) */
				t += n->cost;
				s->compute += (double)lp->ntrip * lp->compute;
				s->exposed += (double)lp->ntrip * lp->wexposed;
				s->inplace += (double)lp->ntrip * lp->comm; /* run inside it */
			} else if (n->kind == N_BARRIER &&
				   n->cost > 0) { /* communication, in place */
				t += n->cost;
				s->exposed += n->cost;
				s->inplace += n->cost;
			} else if (n->kind == N_ALLOC)
				mem += (double)n->bytes;
			else if (n->kind == N_FREE)
				mem -= (double)n->bytes;
			if (ev)
				ev->begin = begin, ev->end = t;
			if (n->kind == N_BARRIER && s->held)
				s->held[i] = waited + (t - begin);
			waited = 0;
			if (mem > s->peak)
				s->peak = mem;
			s->compute += n->kind == N_COMPUTE ? n->cost : 0;
			break;
		}
		case ST_START: {
			double begin;
			end[i] = runon(g, n, cls, free_at, t, &begin);
			if (ev)
				ev->issue = t, ev->begin = begin, ev->end = end[i];
			s->group[n->group].busy += n->cost;
			break;
		}
		case ST_WAIT:
			if (ev)
				ev->need = t;
			if (end[i] > t) {
				double wait = end[i] - t;
				if (ev)
					ev->waited = wait;
				s->exposed += wait;
				s->group[n->group].exposed += wait;
				t += wait;
				waited += wait;
			}
			break;
		}
	}
	s->makespan = t;
	for (int c = 0; c < nstreams(g); c++)
		s->makespan = fmax(s->makespan, free_at[c]);
	s->makespan = stepend(g, s->makespan, end);
	arena_free(scratch);
}

void freesim(Sim *s)
{
	free(s->group);
	free(s->ev);
	free(s->held);
	memset(s, 0, sizeof *s);
}

/* The program as written: every collective started and waited where it stands. */
void programorder(Graph *g, Step **out, int *nout)
{
	Step *st = xmalloc(((size_t)g->nnode + 1) * 2 * sizeof *st);
	int n = 0;
	for (int i = 0; i < g->nnode; i++) {
		if (iscollective(g->node[i].kind)) {
			st[n++] = (Step){ST_START, i};
			st[n++] = (Step){ST_WAIT, i};
		} else {
			st[n++] = (Step){ST_RUN, i};
		}
	}
	*out = st;
	*nout = n;
}

void writtenorder(Graph *g)
{
	Step *st;
	int n;
	programorder(g, &st, &n);
	g->nstep = 0;
	for (int j = 0; j < n; j++)
		addstep(g, st[j].kind, st[j].node);
	free(st);
}

static int bykeydesc(const void *a, const void *b)
{
	double x = ((const double *)a)[0], y = ((const double *)b)[0];
	return (x < y) - (x > y);
}

/* Sorts the pairs (key, value) in rp by key descending, keeping the order of equal keys (as
 * qsort's merge sort does with bykeydesc). Release times mostly come in program order, which
 * is topological: keys that only grow are sorted by reversing them, and keys that never grow
 * are sorted already. Anything else (a NaN too) goes to qsort. */
static void sortdesc(double *rp, int n)
{
	int up = 1, down = 1;
	for (int i = 1; i < n && (up || down); i++) {
		up &= rp[2 * i - 2] < rp[2 * i];
		down &= rp[2 * i - 2] >= rp[2 * i];
	}
	if (down)
		return;
	if (!up) {
		qsort(rp, (size_t)n, 2 * sizeof(double), bykeydesc);
		return;
	}
	for (int i = 0, j = n - 1; i < j; i++, j--) { /* no two keys equal: no order to keep */
		double k = rp[2 * i], v = rp[2 * i + 1];
		rp[2 * i] = rp[2 * j], rp[2 * i + 1] = rp[2 * j + 1];
		rp[2 * j] = k, rp[2 * j + 1] = v;
	}
}

/* One machine whose jobs j have release times r[j], work p[j] and tails q[j] (what must run
 * after j ends): the preemptive schedule that always runs, of the jobs released, the one with
 * the longest tail (Jackson's rule, which Horn showed optimal where jobs may be preempted).
 * No schedule of the jobs ends before its largest end plus tail, which is at least, for every
 * set of jobs, its least release + its work + its least tail. rp: room for 2n doubles; rem: n. */
static double jackson(const double *r, const double *p, const double *q, int n, double *rp,
		      double *rem, Arena *a)
{
	int sorted = 1; /* releases that never drop are taken as they come */
	for (int j = 0; j < n; j++) {
		rp[2 * j] = r[j], rp[2 * j + 1] = j, rem[j] = p[j];
		sorted &= j == 0 || r[j - 1] <= r[j];
	}
	if (sorted) /* latest release first: taken from the end (ties in any order) */
		for (int i = 0, j = n - 1; i < j; i++, j--) {
			double k = rp[2 * i], v = rp[2 * i + 1];
			rp[2 * i] = rp[2 * j], rp[2 * i + 1] = rp[2 * j + 1];
			rp[2 * j] = k, rp[2 * j + 1] = v;
		}
	else
		sortdesc(rp, n);
	Heap h = {.max = 1, .arena = a};
	double t = 0, lb = 0;
	for (int k = n - 1; k >= 0 || h.n;) {
		if (!h.n && rp[2 * k] > t)
			t = rp[2 * k];
		for (; k >= 0 && rp[2 * k] <= t; k--) {
			int j = (int)rp[2 * k + 1];
			hpush(&h, q[j], j);
		}
		int j = h.a[0].node;
		double next = k >= 0 ? rp[2 * k] : INFINITY;
		if (t + rem[j] <= next) {
			t += rem[j];
			hpop(&h);
			lb = fmax(lb, t + q[j]);
		} else { /* preempted by the next release */
			rem[j] -= next - t;
			t = next;
		}
	}
	return lb;
}

/* Whether x's d-th edge holds x back until its input has run: not an edge that is program
 * order alone where a schedule may reorder the two (reorderable), nor one between two streams
 * of a group (a receive after a send), which only orders their issue, not their runs. */
static int binds(const Graph *g, const Node *x, int d, int reorder)
{
	const Dep *e = &x->dep[d];
	if (e->kind != DEP_GROUP)
		return 1;
	return !(reorder && reorderable(g, x, e)) && samegroupstream(&g->node[e->node], x);
}

/* Packing moves time from a collective stream to the compute stream: of the n members whose
 * packing saves the stream s[i] and costs the compute stream a[i], the least over any packing
 * (relaxed: a member may be packed in part) of max(compute work + what it copies, stream bound
 * - what it saves). The stream's bound drops by at most the work taken off it (every term of
 * jackson's is a set's work plus two constants). Best savings per copy first. rp: room for 2n. */
static double packing(double compute, double stream, const double *s, const double *a, int n,
		      double *rp)
{
	for (int i = 0; i < n; i++)
		rp[2 * i] = a[i] > 0 ? s[i] / a[i] : INFINITY, rp[2 * i + 1] = i;
	sortdesc(rp, n);
	for (int k = 0; k < n && compute < stream; k++) {
		int i = (int)rp[2 * k + 1];
		if (compute + a[i] <= stream - s[i]) {
			compute += a[i], stream -= s[i];
		} else { /* they cross inside this member */
			double x = (stream - compute) / (a[i] + s[i]);
			return compute + x * a[i];
		}
	}
	return fmax(compute, stream);
}

/* Whether x's d-th edge holds x back in the bound of the given mode (share: any buckets). */
static int bindsin(const Graph *g, const Node *x, int d, int reorder, const Share *share)
{
	int p = x->dep[d].node;
	return binds(g, x, d, reorder) &&
	       !(share && x->dep[d].kind == DEP_GROUP &&
		 (share[x - g->node].bw < x->cost || share[p].bw < g->node[p].cost));
}

/* The largest of: the longest path through the DAG, and each stream as one machine with
 * release times (the longest path into each of its nodes) and tails (the longest path out of
 * it): the compute stream, whose jobs are the compute nodes and the barriers that communicate,
 * and each collective stream, whose jobs are its collectives (jackson). This is at least the
 * busiest stream, and at least each stream's work released after any time plus that time plus
 * the least tail of that work. reorder: the paths leave out the edges a schedule may break
 * (reorderable), so the bound holds for those schedules.
 *
 * share (NULL: the graph's own nodes): a bound for any bucketing of the collectives that may
 * merge (fillshares). A bucket's members are independent but for group order, which the
 * bucket then rebuilds: the paths leave out group order to and from those that may merge, so
 * a path holds at most one member of a bucket, whose time the bucket's is at least. On its
 * stream a bucket may cost less than its members apart: each stream's bound is the larger of
 * its bound with every collective at the least it may cost in any bucket (share.bw) and its
 * bound in buckets that copy nothing (share.coal) less what packing could take off it for the
 * copies the compute stream then runs (packing). */
/* Whether x's d-th edge orders only x's issue after its input's issue, where the mode keeps
 * it: a collective after one on its stream, or after one of its group by program order alone
 * (a receive after a send: it begins only once both are issued, not once the send is done). */
static int issues(const Graph *g, const Node *x, int d, int reorder, const Share *share)
{
	const Dep *e = &x->dep[d];
	const Node *p = &g->node[e->node];
	if (!iscollective(x->kind) || !iscollective(p->kind) ||
	    !(samegroupstream(p, x) || e->kind == DEP_GROUP))
		return 0;
	if (e->kind == DEP_GROUP && reorder && reorderable(g, x, e))
		return 0;
	return !(share && e->kind == DEP_GROUP &&
		 (share[x - g->node].bw < x->cost || share[e->node].bw < p->cost));
}

void lowerbound(const Graph *g, const int *cls, const Share *share, int reorder, LowerBound *out)
{
	int n = g->nnode, ns = nstreams(g);
	Arena *scratch = arena_new();
	double *path = aarray(scratch, (size_t)n, sizeof *path);
	double *tail = aarray(scratch, (size_t)n, sizeof *tail);
	double *r = aarray(scratch, (size_t)n + 1, sizeof *r);
	double *q = aarray(scratch, (size_t)n + 1, sizeof *q);
	double *p = aarray(scratch, (size_t)n + 1, sizeof *p);
	double *rem = aarray(scratch, (size_t)n + 1, sizeof *rem);
	double *iss = aarray(scratch, (size_t)n + 1, sizeof *iss); /* the earliest issue */
	double *rp = auninit(scratch, ((size_t)n + 1) * 2 * sizeof(double));
	/* the collectives by stream (a counting sort; a p2p group on both of its streams) */
	int *off = aarray(scratch, (size_t)ns + 2, sizeof(int)), *at, nk = 0;
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind)) {
			off[streamof(g, &g->node[i], cls) + 1]++, nk++;
			if (streamof2(g, &g->node[i]) >= 0)
				off[streamof2(g, &g->node[i]) + 1]++, nk++;
		}
	for (int c = 0; c < ns; c++)
		off[c + 1] += off[c];
	at = auninit(scratch, ((size_t)nk + 1) * sizeof(int));
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind)) {
			at[off[streamof(g, &g->node[i], cls)]++] = i;
			if (streamof2(g, &g->node[i]) >= 0)
				at[off[streamof2(g, &g->node[i])]++] = i;
		}
	double *s = aarray(scratch, (size_t)nk + 1, sizeof *s);
	double *a = aarray(scratch, (size_t)nk + 1, sizeof *a);
	double crit = 0, work = 0, comp = 0;
	/* mode 0: the graph's own nodes (fixed); mode 1: any buckets (lb), whose paths are mode
	 * 0's unless it leaves out an edge that binds there */
	for (int mode = 0; mode < 1 + (share != NULL); mode++) {
		const Share *sh = mode ? share : NULL;
		int again = !mode;
		for (int i = 0; i < n && !again; i++)
			for (int d = 0; d < g->node[i].ndep && !again; d++)
				again = (binds(g, &g->node[i], d, reorder) &&
					 !bindsin(g, &g->node[i], d, reorder, sh)) ||
					(issues(g, &g->node[i], d, reorder, NULL) &&
					 !issues(g, &g->node[i], d, reorder, sh));
		if (again) {
			crit = work = 0;
			memset(tail, 0, (size_t)n * sizeof *tail);
			for (int i = 0; i < n; i++) {
				const Node *x = &g->node[i];
				double start = 0, is = 0;
				for (int d = 0; d < x->ndep; d++) {
					int p = x->dep[d].node;
					if (issues(g, x, d, reorder, sh))
						is = fmax(is, iss[p]);
					else if (bindsin(g, x, d, reorder, sh))
						is = fmax(is, path[p]);
					if (bindsin(g, x, d, reorder, sh))
						start = fmax(start, path[p]);
				}
				/* a collective begins once issued, after the issue of one that its
				 * group issues before it on another stream */
				start = fmax(start, is);
				iss[i] = iscollective(x->kind) ? is : start;
				path[i] = start + x->cost; /* program order is topological */
				crit = fmax(crit, path[i]);
			}
			for (int i = n - 1; i >= 0; i--) { /* the longest path from i's end */
				const Node *x = &g->node[i];
				for (int d = 0; d < x->ndep; d++)
					if (bindsin(g, x, d, reorder, sh))
						tail[x->dep[d].node] = fmax(tail[x->dep[d].node],
									    tail[i] + x->cost);
			}
			int nc = 0;
			for (int i = 0; i < n; i++) {
				const Node *x = &g->node[i];
				if (x->kind == N_COMPUTE || (x->kind == N_BARRIER && x->cost > 0)) {
					r[nc] = path[i] - x->cost, q[nc] = tail[i],
					p[nc++] = x->cost;
					work += x->cost;
				}
			}
			comp = jackson(r, p, q, nc, rp, rem, scratch);
		}
		double lb = crit, t;
		int w = LB_PATH;
		if (comp > lb)
			lb = comp, w = LB_COMPUTE;
		for (int c = 0, lo = 0; c < ns;
		     lo = off[c++]) { /* each stream as the compute stream */
			int k = off[c] - lo, m = 0;
			if (!k)
				continue;
			for (int j = 0; j < k; j++) {
				int i = at[lo + j];
				r[j] = path[i] - g->node[i].cost, q[j] = tail[i];
				p[j] = sh ? sh[i].coal : g->node[i].cost;
				if (sh && sh[i].coal > sh[i].bw)
					s[m] = sh[i].coal - sh[i].bw, a[m++] = sh[i].copy;
			}
			t = jackson(r, p, q, k, rp, rem, scratch);
			if (sh && m)
				t = packing(work, t, s, a, m, rp);
			for (int j = 0; sh && j < k; j++)
				p[j] = sh[at[lo + j]].bw;
			if (sh)
				t = fmax(t, jackson(r, p, q, k, rp, rem, scratch));
			if (t > lb)
				lb = t, w = c;
		}
		if (mode)
			out->lb = lb, out->which = w;
		else
			*out = (LowerBound){lb, w, lb, w};
	}
	arena_free(scratch);
}
