/* analyze.c - what the report, trace and JSON outputs show of a graph (Analysis): its stream
 * classes and group sizes, the program as written simulated and its lower bound begun
 * (analyze), and the schedule simulated with the bound beside it (analyzesched). Requires costs
 * (fillcost).
 *
 * The lower bound needs only costs, nodes and edges: analyze computes it on a thread of its
 * own, beside what only reads those (the scheduler); joinbound waits for it, and the driver
 * calls that before any pass that may change them. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

typedef struct {
	pthread_t th;
	const Graph *g;
	Analysis *a;
} Bound;

/* The bound of the graph as written: over any buckets (lb), and for its nodes (lbfixed). */
static void *bound(void *arg)
{
	Bound *b = arg;
	const Graph *g = b->g;
	Analysis *a = b->a;
	Share *share = xmalloc(((size_t)g->nnode + 1) * sizeof *share);
	a->nshared = fillshares(g, a->co, share);
	LowerBound lb;
	lowerbound(g, a->cls, a->nshared ? share : NULL, a->reorder, &lb);
	free(share);
	/* a loop node's cost is its trips as written: no schedule's trips are below its bound's */
	double save = loopsaved(g, 1, NULL);
	a->lb = lb.lb - save, a->lbwhich = lb.which;
	a->lbfixed = lb.fixed - save, a->lbfixedwhich = lb.fixedwhich;
	a->lbnode = g->node;
	return NULL;
}

void rebound(const Graph *g, Analysis *a)
{
	joinbound(a);
	Analysis now = *a;
	Bound b = {.g = g, .a = &now};
	bound(&b);
	if (now.lb < a->lb)
		a->lb = now.lb, a->lbwhich = now.lbwhich;
	a->lbnode = NULL; /* lbfixed: analyzesched makes it again, for the nodes as they end */
}

void joinbound(Analysis *a)
{
	Bound *b = a->bound;
	if (!b)
		return;
	pthread_join(b->th, NULL);
	free(b);
	a->bound = NULL;
}

/* Before scheduling: stream classes, group sizes and the program as written; the bound
 * begun. What p2p found of the ranks (ranked) stays. */
void analyze(Graph *g, const CostOpts *o, Analysis *a)
{
	int events = a->events, reorder = a->reorder, nranked = a->nranked;
	RankTime ranked[2] = {a->ranked[0], a->ranked[1]};
	freeanalysis(a);
	a->events = events;
	a->reorder = reorder;
	a->nranked = nranked;
	memcpy(a->ranked, ranked, sizeof ranked);
	a->lbwhich = LB_PATH;
	a->co = o;
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
	Bound *b = xmalloc(sizeof *b);
	*b = (Bound){.g = g, .a = a};
	if (pthread_create(&b->th, NULL, bound, b) == 0) {
		a->bound = b;
	} else {
		bound(b);
		free(b);
	}
}

/* After: the graph's schedule (which it must have), and the bound for the graph's nodes as
 * they are now unless it was computed for these already (while the schedule was made;
 * bucketing may replace the nodes since). The bound over any buckets stays the written
 * graph's: a bucket's members start together, which the graph as written does not ask. */
void analyzesched(const Graph *g, Analysis *a)
{
	joinbound(a);
	freesim(&a->after);
	simulate(g, g->step, g->nstep, a->cls, a->events, &a->after);
	/* the loops run their bodies' schedules: shorter trips, and nothing overlaps a loop */
	double exposed = 0;
	a->after.makespan -= loopsaved(g, 0, &exposed);
	a->after.exposed -= exposed;
	if (a->lbnode != g->node) {
		LowerBound lb;
		lowerbound(g, a->cls, NULL, a->reorder, &lb);
		a->lbfixed = lb.fixed - loopsaved(g, 1, NULL), a->lbfixedwhich = lb.fixedwhich;
		a->lbnode = g->node;
	}
}

void freeanalysis(Analysis *a)
{
	joinbound(a);
	freesim(&a->before);
	freesim(&a->after);
	free(a->cls);
	free(a->size);
	free(a->shape);
	memset(a, 0, sizeof *a);
}
