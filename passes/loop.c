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

#include "../ir/ir.h"

/* The stream classes of body b's groups, in b's arena */
static int *classes(Graph *b, const CostOpts *o)
{
	int *cls = aarray(b->arena, (size_t)b->ngroup + 1, sizeof(int));
	groupclasses(b, o, cls);
	return cls;
}

/* One trip of body b: its schedule's makespan, or (none yet) the program's as written */
double iteration(const Graph *b, const int *cls, int written)
{
	Step *st = b->step;
	int n = b->nstep;
	if (written || !st)
		programorder((Graph *)b, &st, &n);
	Sim s;
	simulate(b, st, n, cls, 0, &s);
	double ms = s.makespan;
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

void loopcost(Graph *g, const CostOpts *o)
{
	for (int i = 0; i < g->nnode; i++) {
		Loop *lp = loopof(g, &g->node[i]);
		if (!lp)
			continue;
		fillcost(lp->body, o);
		g->node[i].cost += iteration(lp->body, classes(lp->body, o), 1);
	}
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
	}
}
