/* analyze.c - what the report, trace and JSON outputs show of a graph (Analysis): its stream
 * classes and group sizes, the program as written simulated (analyze), and the schedule
 * simulated with the lower bound beside it (analyzesched). Requires costs (fillcost). */
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

/* Before scheduling: stream classes, group sizes and the program as written. */
void analyze(Graph *g, const CostOpts *o, Analysis *a)
{
	int events = a->events, reorder = a->reorder;
	memset(a, 0, sizeof *a);
	a->events = events;
	a->reorder = reorder;
	a->lbwhich = LB_PATH;
	a->cls = zalloc((size_t)g->ngroup, sizeof(int));
	a->size = zalloc((size_t)g->ngroup, sizeof(int));
	groupclasses(g, o, a->cls);
	for (int i = 0; i < g->ngroup; i++)
		a->size[i] = groupsize(g, i, o);
	Step *orig;
	int norig;
	programorder(g, &orig, &norig);
	simulate(g, orig, norig, a->cls, a->events, &a->before);
	a->wnode = g->node;
	a->nwnode = g->nnode;
	free(orig);
}

/* After: the graph's schedule (which it must have), and the bound of the graph as it is now
 * unless it was computed for these nodes already (the driver does, while the schedule is
 * made; bucketing may replace the nodes since). */
void analyzesched(const Graph *g, Analysis *a)
{
	simulate(g, g->step, g->nstep, a->cls, a->events, &a->after);
	if (a->lbnode != g->node) {
		a->lb = lowerbound(g, a->cls, a->reorder, &a->lbwhich);
		a->lbnode = g->node;
	}
}

void freeanalysis(Analysis *a)
{
	freesim(&a->before);
	freesim(&a->after);
	free(a->cls);
	free(a->size);
	memset(a, 0, sizeof *a);
}
