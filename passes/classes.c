/* classes.c - stream classes (groupclasses): which groups' collectives share one stream. */
#include "../ir/ir.h"

/* Groups whose collectives must not overlap share a class: one FIFO stream in the simulator,
 * and the scheduler never has two in flight. Two groups may overlap only when they can be
 * rows and columns of one grid of ranks (their sizes multiply to at most the world size), so
 * they share this rank alone; otherwise they share more than one rank, and concurrent
 * collectives on them risk an NCCL deadlock. */
static int find(int *cls, int a)
{
	while (cls[a] != a)
		a = cls[a] = cls[cls[a]];
	return a;
}

void groupclasses(const Graph *g, const CostOpts *o, int *cls)
{
	int world = o->target->nodes * o->target->gpus_per_node;
	for (int a = 0; a < g->ngroup; a++)
		cls[a] = a;
	for (int a = 0; a < g->ngroup; a++)
		for (int b = 0; b < a; b++)
			if ((double)groupsize(g, a, o) * groupsize(g, b, o) > world)
				cls[find(cls, a)] = find(cls, b);
	for (int a = 0; a < g->ngroup; a++)
		cls[a] = find(cls, a);
}
