/* loop.c - run-time loops (Graph.loop): each body a graph of its own, one iteration's nodes,
 * given edges, costs and a schedule as a graph is; the loop node a barrier to the graph around
 * it, charged one iteration of its body as the program writes it.
 *
 * Nothing crosses the back edge: a body's collectives are started and waited in the iteration
 * that starts them, so each trip runs the body's schedule from an idle machine and ends with
 * it idle, and the loop costs its trips times the body's makespan. Rotation (a gather started
 * an iteration early, a reduce waited one late, a prologue and an epilogue peeled) is the next
 * step: it changes what a body's schedule may leave in flight at its end, not this shape. */
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

/* One trip of body b: its schedule's makespan, or (none yet) the program's as written */
double iteration(const Graph *b, const int *cls, int written, double *compute, double *exposed)
{
	Step *st = b->step;
	int n = b->nstep;
	if (written || !st)
		programorder((Graph *)b, &st, &n);
	Sim s;
	simulate(b, st, n, cls, 0, &s);
	double ms = s.makespan;
	if (compute)
		*compute = s.compute;
	if (exposed)
		*exposed = s.exposed;
	freesim(&s);
	if (st != b->step)
		free(st);
	return ms;
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

/* The loop node is charged its trips of the body as written: the program as written, and to
 * the graph around it a barrier's fixed time. A schedule's trips are shorter by what the
 * body's schedule saves, and nothing overlaps a barrier: analyzesched takes that off the
 * schedule's makespan (loopsaved), the bound what no schedule of the body can save. */
void loopcost(Graph *g, const CostOpts *o)
{
	for (int i = 0; i < g->nnode; i++) {
		Loop *lp = loopof(g, &g->node[i]);
		if (!lp)
			continue;
		fillcost(lp->body, o);
		int *cls = classes(lp->body, o);
		lp->ntrip = 1;
		for (int k = 0; k < o->ntrips; k++)
			if (!strcmp(o->trips[k].name, lp->trips))
				lp->ntrip = o->trips[k].value;
		lp->written = iteration(lp->body, cls, 1, &lp->compute, &lp->wexposed);
		lp->iter = lp->body->step ? iteration(lp->body, cls, 0, NULL, &lp->exposed) : -1;
		LowerBound lb;
		lowerbound(lp->body, cls, NULL, 0, &lb);
		lp->lb = lb.lb < lp->written ? lb.lb : lp->written;
		g->node[i].cost += (double)lp->ntrip * lp->written;
	}
}

double loopsaved(const Graph *g, int bound, double *exposed)
{
	double d = 0;
	for (int k = 0; k < g->nloop; k++) {
		const Loop *lp = &g->loop[k];
		double best = bound ? lp->lb : lp->iter;
		if (best >= 0 && best < lp->written)
			d += (double)lp->ntrip * (lp->written - best);
		if (exposed && lp->iter >= 0)
			*exposed += (double)lp->ntrip * (lp->wexposed - lp->exposed);
	}
	return d;
}

void schedloops(Graph *g, const CostOpts *co, const SchedOpts *so, int how)
{
	for (int k = 0; k < g->nloop; k++) {
		Graph *b = g->loop[k].body;
		int *cls = classes(b, co);
		SchedOpts bo = *so;
		bo.mem_budget = -1; /* a body allocates nothing (frontend/unroll.c) */
		b->step = NULL, b->nstep = b->capstep = 0;
		if (how == LOOP_WRITTEN) {
			writtenorder(b);
		} else if (how == LOOP_SAFE) {
			safesched(b, cls);
		} else {
			sched(b, cls, &bo);
			if (bo.effort > 0 && bo.max_prefetch < 0 && bo.max_in_flight < 0)
				safer(b, cls, -1);
		}
		schedloops(b, co, so, how);
		g->loop[k].iter = iteration(b, cls, 0, NULL, &g->loop[k].exposed);
	}
}
