/* classes.c - group sizes (groupsize) and stream classes (groupclasses): which groups'
 * collectives share one stream. Depends on no other pass: the cost model (cost.c) and the
 * profile (profile.c) both use it. */
#include <string.h>

#include "../ir/ir.h"

/* ranks in group: --group-size, else the target's world */
int groupsize(const Graph *g, int group, const CostOpts *o)
{
	for (int i = 0; i < o->ngsize; i++)
		if (strcmp(o->gsize[i].name, g->group[group]) == 0)
			return o->gsize[i].size;
	return o->target->nodes * o->target->gpus_per_node;
}

/* Groups whose collectives must not overlap share a class: one FIFO stream in the simulator,
 * and the scheduler never has two in flight. Two groups may overlap only when they can be
 * rows and columns of one grid of ranks (their sizes multiply to at most the world size), so
 * they share this rank alone; otherwise they share more than one rank, and concurrent
 * collectives on them risk an NCCL deadlock.
 *
 * A class is named by one of its groups: the one the union of each group a with every earlier
 * group b it conflicts with (b ascending, a's set joining b's) leaves at the root. That union
 * takes G^2 steps; with sizes of at least one rank it is simulated in G times the number of
 * distinct sizes: "large" groups (size^2 > world) all conflict, "small" ones never with each
 * other, so one set holds every large group and the small groups joined to them, and every
 * other group stands alone. Joining a's neighbours one after another leaves at the root the
 * root of the set a reaches last for the first time. */
static int find(int *cls, int a)
{
	while (cls[a] != a)
		a = cls[a] = cls[cls[a]];
	return a;
}

static void quadratic(const Graph *g, const int *size, double world, int *cls)
{
	for (int a = 0; a < g->ngroup; a++)
		cls[a] = a;
	for (int a = 0; a < g->ngroup; a++)
		for (int b = 0; b < a; b++)
			if ((double)size[a] * size[b] > world)
				cls[find(cls, a)] = find(cls, b);
	for (int a = 0; a < g->ngroup; a++)
		cls[a] = find(cls, a);
}

void groupclasses(const Graph *g, const CostOpts *o, int *cls)
{
	int ng = g->ngroup;
	double world = (double)o->target->nodes * o->target->gpus_per_node;
	Arena *scratch = arena_new();
	int *size = auninit(scratch, ((size_t)ng + 1) * sizeof(int));
	int *val = auninit(scratch, ((size_t)ng + 1) * sizeof(int)); /* the index of its size */
	int *sizes = auninit(scratch, ((size_t)o->ngsize + 2) * sizeof(int)), nsize = 0, pos = 1;
	for (int a = 0; a < ng; a++) {
		size[a] = groupsize(g, a, o);
		pos &= size[a] >= 1;
		int v = 0;
		while (v < nsize && sizes[v] != size[a])
			v++;
		if (v == nsize)
			sizes[nsize++] = size[a];
		val[a] = v;
	}
	if (!pos) {
		quadratic(g, size, world, cls);
		arena_free(scratch);
		return;
	}
	/* the one set: its members (inset), its root, and its least member of each size; the
	 * small groups alone: by size, in order (first[v] .. n[v]) */
	char *inset = aarray(scratch, (size_t)ng + 1, 1);
	int *least = auninit(scratch, ((size_t)nsize + 1) * sizeof(int));
	int *alone = auninit(scratch, ((size_t)ng + 1) * sizeof(int));
	int *start = aarray(scratch, (size_t)nsize + 2, sizeof(int));
	int *first = aarray(scratch, (size_t)nsize + 1, sizeof(int));
	int *n = aarray(scratch, (size_t)nsize + 1, sizeof(int));
	for (int a = 0; a < ng; a++)
		start[val[a] + 1]++;
	for (int v = 0; v < nsize; v++) {
		start[v + 1] += start[v];
		least[v] = -1;
	}
	int root = -1;
	for (int a = 0; a < ng; a++) {
		int touch = -1; /* where a first reaches the set */
		int last = -1; /* the last group alone it reaches */
		for (int v = 0; v < nsize; v++) {
			if (!((double)size[a] * sizes[v] > world))
				continue;
			if (least[v] >= 0 && (touch < 0 || least[v] < touch))
				touch = least[v];
			if (first[v] < n[v] && alone[start[v] + n[v] - 1] > last)
				last = alone[start[v] + n[v] - 1];
		}
		if (touch < 0 && last < 0 && (double)size[a] * size[a] <= world) {
			alone[start[val[a]] + n[val[a]]++] = a; /* small, and alone */
			continue;
		}
		root = touch < 0 && last < 0 ? a : last > touch ? last : root;
		for (int v = 0; v < nsize; v++) {
			if (!((double)size[a] * sizes[v] > world) || first[v] == n[v])
				continue;
			if (least[v] < 0 || alone[start[v] + first[v]] < least[v])
				least[v] = alone[start[v] + first[v]];
			for (; first[v] < n[v]; first[v]++)
				inset[alone[start[v] + first[v]]] = 1;
		}
		inset[a] = 1;
		if (least[val[a]] < 0)
			least[val[a]] = a;
	}
	for (int a = 0; a < ng; a++)
		cls[a] = inset[a] ? root : a;
	arena_free(scratch);
}
