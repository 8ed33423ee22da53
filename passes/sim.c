/* sim.c - a discrete-event model of a schedule (simulate), and the lower bound (lowerbound).
 *
 * The compute stream runs the schedule's steps in order: a compute node takes its cost; an
 * alloc or free changes the bytes held; a start puts a collective on its FIFO stream (its
 * class's collective stream, or its group's send or receive stream: streamof),
 * where it begins once the compute stream has reached the start and the stream is free; a wait
 * holds the compute stream until that collective has finished, and the time it holds is
 * exposed communication. Requires costs (fillcost) and a valid schedule. */
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
			if (n->kind == N_COMPUTE)
				t += n->cost;
			else if (n->kind == N_BARRIER &&
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

/* The compute stream as one machine whose jobs have release times r (each compute node can
 * start only once the longest path into it has run): no schedule ends before
 * max over k of r_k + the work released at or after r_k. rp: room for 2n doubles. */
static double released(double *rp, const double *r, const double *p, int n)
{
	for (int i = 0; i < n; i++)
		rp[2 * i] = r[i], rp[2 * i + 1] = p[i];
	sortdesc(rp, n);
	double work = 0, lb = 0;
	for (int i = 0; i < n; i++) {
		work += rp[2 * i + 1];
		lb = fmax(lb, rp[2 * i] + work);
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

/* The largest of: the busiest stream; the longest path through the DAG; the compute
 * stream with release times (heads: the longest path into each compute node) and, mirrored,
 * with tails (the longest path out of it) -- which also counts the work before the first
 * compute node or after the last that nothing can overlap; and each stream the same way, its
 * collectives the jobs (a stream is one machine too). reorder: the paths leave
 * out the edges a schedule may break (reorderable), so the bound holds for those schedules. */
double lowerbound(const Graph *g, const int *cls, int reorder, int *which)
{
	int n = g->nnode, nc = 0;
	Arena *scratch = arena_new();
	int ns = nstreams(g);
	double *busy = aarray(scratch, (size_t)ns + 1, sizeof *busy);
	double *path = aarray(scratch, (size_t)n, sizeof *path);
	double *tail = aarray(scratch, (size_t)n, sizeof *tail);
	double *r = aarray(scratch, (size_t)n, sizeof *r);
	double *q = aarray(scratch, (size_t)n, sizeof *q);
	double *p = aarray(scratch, (size_t)n, sizeof *p), crit = 0;
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		if (iscollective(x->kind))
			busy[streamof(g, x, cls)] += x->cost;
		if (streamof2(g, x) >= 0)
			busy[streamof2(g, x)] += x->cost;
		double start = 0;
		for (int d = 0; d < x->ndep; d++)
			if (binds(g, x, d, reorder))
				start = fmax(start, path[x->dep[d].node]);
		path[i] = start + x->cost; /* edges point backward: program order is topological */
		crit = fmax(crit, path[i]);
		if (x->kind == N_COMPUTE)
			r[nc] = start, p[nc++] = x->cost;
	}
	for (int i = n - 1; i >= 0; i--) { /* tail[i]: the longest path from i's end to the end */
		const Node *x = &g->node[i];
		for (int d = 0; d < x->ndep; d++)
			if (binds(g, x, d, reorder))
				tail[x->dep[d].node] =
					fmax(tail[x->dep[d].node], tail[i] + x->cost);
	}
	for (int i = 0, k = 0; i < n; i++)
		if (g->node[i].kind == N_COMPUTE)
			q[k++] = tail[i];
	double *rp = auninit(scratch, ((size_t)nc + 1) * 2 * sizeof(double));
	double lb = crit, t;
	int w = LB_PATH;
	if ((t = fmax(released(rp, r, p, nc), released(rp, q, p, nc))) > lb)
		lb = t, w = LB_COMPUTE;
	for (int c = 0; c < ns; c++)
		if (busy[c] > lb)
			lb = busy[c], w = c;
	/* the collectives by stream (a counting sort), then each stream as the compute stream */
	int *off = aarray(scratch, (size_t)ns + 2, sizeof(int)), *at, nk = 0;
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind))
			off[streamof(g, &g->node[i], cls) + 1]++, nk++;
	for (int c = 0; c < ns; c++)
		off[c + 1] += off[c];
	at = auninit(scratch, ((size_t)nk + 1) * sizeof(int));
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind))
			at[off[streamof(g, &g->node[i], cls)]++] = i;
	rp = auninit(scratch, ((size_t)nk + 1) * 2 * sizeof(double));
	for (int c = 0, lo = 0; c < ns; lo = off[c++]) {
		int k = off[c] - lo;
		if (k < 2)
			continue;
		for (int j = 0; j < k; j++) {
			int i = at[lo + j];
			r[j] = path[i] - g->node[i].cost, q[j] = tail[i], p[j] = g->node[i].cost;
		}
		if ((t = fmax(released(rp, r, p, k), released(rp, q, p, k))) > lb)
			lb = t, w = c;
	}
	arena_free(scratch);
	if (which)
		*which = w;
	return lb;
}
