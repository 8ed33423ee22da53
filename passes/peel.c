/* peel.c - a run-time loop's last trip given to the graph around it (Loop.peeled, Node.guard).
 *
 * To the graph around it a loop is a barrier: nothing after it starts before its last trip
 * has ended. A data-parallel step's all-reduces after a loop of micro-batches then wait for
 * the whole last backward, and a rotated loop's epilogue (its late nodes, the last trip's)
 * runs with nothing under it. Peeled, the loop's late nodes' last trip becomes nodes of the
 * graph around, right after the loop node in program order, each guarded by the loop: it runs
 * only where the loop ran a trip, on the loop variable's and the body's declarations' values
 * of the last trip (emit/c.c), as the epilogue did. The graph's edges are made again over that
 * order, so the guarded nodes follow the loop node (a barrier) and are ordered against what
 * follows as any two statements are; the graph's scheduler then runs the last gradients'
 * reductions under the last backward as it does in an unrolled loop. A loop that is not
 * rotated may be peeled whole, every node late (XLA's peeled last iteration): each emitted
 * iteration runs the trip before, and the last trip is the graph around's.
 *
 * Kept where the graph's schedule with the guarded nodes is faster than with the loop's
 * epilogue (or its last trip) inside the loop: the loop part differs by that epilogue (or
 * trip) for every count of trips from 1 on, so the choice, and the emitted code, is the same
 * for any --trips. A loop in a loop's body gives its last trip to that body when the body
 * is bucketed (loop.c's bucketloops, innermost first, which costs the outer loop's trips
 * again); the driver's peel pass does a function's own loops. Only compute
 * nodes, collectives and a body's buckets move (no barrier, send or receive; a body allocates
 * nothing), from loops that could be rotated at all (not pinned, no loops inside,
 * no collectives dagcc does not schedule). Where the graph around has no such node after the
 * loop to run beside, the guarded nodes run where the epilogue did and nothing is gained: the
 * comparison keeps the loop as it was. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

/* Loop lp's nodes that would move (its late ones; not rotated: all), into late; 0 where it
 * cannot be peeled */
static int peelset(const Loop *lp, const SchedOpts *so, unsigned char *late)
{
	const Graph *b = lp->body;
	if (so->rotate == ROTATE_NEVER || lp->pinned || lp->peeled || b->nloop || b->nhidden ||
	    !b->step || !b->nnode)
		return 0;
	int n = 0;
	for (int i = 0; i < b->nnode; i++) {
		const Node *x = &b->node[i];
		late[i] = lp->late ? lp->late[i] : 1;
		if (late[i] && (!guardable(x) || (x->src && x->src->namesvar && !lp->vartype)))
			return 0; /* a copy of the variable needs its type */
		n += late[i];
	}
	return n;
}

/* g's nodes with loop k's (its node at) late nodes copied in after its node, guarded; node
 * references renumbered, edges made again, no schedule */
static void insert(Graph *g, int at, int k, const unsigned char *late, int m)
{
	const Graph *b = g->loop[k].body;
	Node *node = aarray(g->arena, (size_t)g->nnode + (size_t)m + 1, sizeof(Node));
	memcpy(node, g->node, ((size_t)at + 1) * sizeof(Node));
	memcpy(node + at + 1 + m, g->node + at + 1, (size_t)(g->nnode - at - 1) * sizeof(Node));
	Node *to = node + at + 1;
	for (int i = 0; i < b->nnode; i++) {
		if (!late[i])
			continue;
		const Node *x = &b->node[i];
		*to = *x;
		to->guard = k + 1;
		to->acc = aarray(g->arena, (size_t)x->nacc + 1, sizeof(Access));
		to->capacc = x->nacc;
		for (int a = 0; a < x->nacc; a++) { /* the body's roots and groups by name */
			to->acc[a] = x->acc[a];
			to->acc[a].root = intern(g, &g->root, &g->nroot, b->root[x->acc[a].root]);
		}
		if (x->group >= 0)
			to->group = intern(g, &g->group, &g->ngroup, b->group[x->group]);
		to++;
	}
	int n = g->nnode + m;
	for (int i = 0; i < n; i++) {
		Node *x = &node[i];
		x->dep = NULL, x->ndep = x->capdep = 0;
		if (x->bucket > at)
			x->bucket += m;
	}
	for (int j = 0; j < g->nprelude + g->nhidden; j++)
		*noderef(g, j) += *noderef(g, j) > at ? m : 0;
	g->node = node, g->nnode = g->capnode = n;
	g->step = NULL, g->nstep = g->capstep = 0;
	filldeps(g);
}

/* g's schedule's makespan from an idle machine */
static double makespan(const Graph *g, const int *cls)
{
	Sim s;
	simulate(g, g->step, g->nstep, cls, 0, &s);
	double ms = s.makespan;
	freesim(&s);
	return ms;
}

/* g scheduled as its pass schedules it: top, as the driver's sched (safe mode's room); a
 * body, as schedloops plans one; its makespan */
static double schedule(Graph *g, const int *cls, const SchedOpts *so, double room)
{
	sched(g, cls, so);
	if (so->effort > 0 && so->max_prefetch < 0 && so->max_in_flight < 0)
		safer(g, cls, room, NULL);
	return makespan(g, cls);
}

/* The nodes peelloops schedules in its trials at most: a graph of many loops is scheduled
 * once for each, so that the work is bounded by a count, never by the clock (deterministic),
 * and a million-node graph still gets a trial */
enum { PEELWORK = 1 << 21 };

/* Loop k of g peeled where that is faster (its trial's nodes off *work); whether it was */
static int peel(Graph *g, int k, const CostOpts *co, const int *cls, const SchedOpts *so,
		double room, int top, int64_t *work)
{
	Loop *lp = &g->loop[k];
	unsigned char *late = aarray(lp->body->arena, (size_t)lp->body->nnode + 1, 1);
	int m = peelset(lp, so, late);
	if (!m || *work < g->nnode + m)
		return 0;
	*work -= g->nnode + m;
	/* what the loop's end (rotated) or its last trip runs inside the loop now */
	double was = makespan(g, cls) + (lp->late ? lp->epilogue : lp->iter);
	SavedNodes sv = {0};
	savenodes(g->arena, g, &sv);
	int nroot = g->nroot, ngroup = g->ngroup;
	insert(g, loopnode(g, k + 1, g->nnode), k, late, m);
	int keep = !top || g->ngroup == ngroup; /* a function's analyses are by group */
	if (keep) {
		int *gcls = zalloc((size_t)g->ngroup + 1, sizeof *gcls); /* a body's may be more */
		groupclasses(g, co, gcls);
		memcpy(gcls, cls, (size_t)ngroup * sizeof *gcls);
		keep = schedule(g, gcls, so, room) < was * (1 - 1e-9) - 1e-9;
		free(gcls);
	}
	if (!keep) {
		restorenodes(g, &sv);
		dropnames(g, &g->root, nroot);
		dropnames(g, &g->group, ngroup);
		return 0;
	}
	lp->late = late;
	lp->peeled = 1;
	looptimes(lp, co);
	return 1;
}

int peelloops(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so, double room,
	      int top)
{
	if (g->rank >= 0 || !g->step)
		return 0; /* each rank's graph keeps program order against its peers' */
	int64_t work = PEELWORK;
	int any = 0;
	for (int k = 0; k < g->nloop; k++)
		any |= peel(g, k, co, cls, so, room, top, &work);
	/* costed as loopcost costs them, once every trial is made with their costs (the choice
	 * is the same for any --trips) */
	for (int i = 0; any && i < g->nnode; i++)
		if (g->node[i].guard && !g->loop[g->node[i].guard - 1].ntrip)
			g->node[i].cost = 0;
	return any;
}
