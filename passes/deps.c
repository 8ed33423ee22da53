/* deps.c - fill in the dependency edges of a graph from its nodes' accesses (filldeps).
 *
 * Requires nodes in program order with their accesses and no edges. Adds, from an earlier node to
 * a later one: read-after-write, write-after-read and write-after-write between accesses to the
 * same root with overlapping byte ranges; group order between collectives of one group; and order
 * edges that keep everything on its side of each barrier. Edges per node are sorted by source.
 * Each root keeps the accesses no later write has fully covered. Accesses that run to the end of
 * their root (compute arguments without a declared extent) rarely get covered, and slices of one
 * big buffer would then need an edge from every earlier slice to every later one. So when a root
 * holds more than MAXLIVE live accesses that run to its end (or MAXEXACT live ones in all: exact
 * slices of a flat buffer do not overlap, and many stay live), the next write is ordered after
 * all of them and stands for the whole root from then on: a few false dependencies, never a
 * missing one, and a bounded number of edges per access. The root named UNKNOWN_ROOT ("?", what the frontend cannot resolve) may be any
 * memory: its accesses conflict with every root's. */
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

enum { MAXLIVE = 32, MAXEXACT = 4096 };

typedef struct {
	int node, mode;
	int64_t off, end; /* end INT64_MAX: to the end of the root */
} Live;

typedef struct {
	Live *w, *r; /* live writes and reads */
	int nw, nr, capw, capr;
	int nrest; /* of them, accesses that run to the end of the root */
} RootState;

static int64_t endof(const Access *a)
{
	return a->len == LEN_REST ? INT64_MAX : a->off + a->len;
}

static int overlaps(int64_t off, int64_t end, const Live *l)
{
	return off < end && l->off < l->end && off < l->end && l->off < end;
}

static void push(Live **v, int *n, int *cap, Live l)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 4;
		*v = realloc(*v, (size_t)*cap * sizeof **v);
		if (!*v)
			fatal("out of memory");
	}
	(*v)[(*n)++] = l;
}

/* Drops the live accesses [off, end) covers entirely; returns how many of those ran to the
 * end of the root. */
static int cover(Live *v, int *n, int64_t off, int64_t end)
{
	int k = 0, rest = 0;
	for (int i = 0; i < *n; i++)
		if (!(off <= v[i].off && v[i].end <= end))
			v[k++] = v[i];
		else
			rest += v[i].end == INT64_MAX;
	*n = k;
	return rest;
}

static int bysource(const void *a, const void *b)
{
	return ((const Dep *)a)->node - ((const Dep *)b)->node;
}

/* Edges from the live accesses of r that [off, end) in `mode` conflicts with, to n (node i). */
static void conflicts(Graph *g, Node *n, int i, int mode, int64_t off, int64_t end, const RootState *r)
{
	for (int k = 0; k < r->nw; k++)
		if (r->w[k].node != i && overlaps(off, end, &r->w[k]))
			adddep(g, n, r->w[k].node,
			       (mode & ACC_READ ? DEP_RAW : 0) | (mode & ACC_WRITE ? DEP_WAW : 0));
	if (mode & ACC_WRITE)
		for (int k = 0; k < r->nr; k++)
			if (r->r[k].node != i && overlaps(off, end, &r->r[k]))
				adddep(g, n, r->r[k].node, DEP_WAR);
}

void filldeps(Graph *g)
{
	RootState *rs = zalloc((size_t)g->nroot + 1, sizeof *rs);
	int *lastcoll = xmalloc(((size_t)g->ngroup + 1) * sizeof(int));
	char *hassucc = zalloc((size_t)g->nnode + 1, 1);
	int unk = -1; /* the unknown root: it may be any memory */
	for (int i = 0; i < g->nroot && unk < 0; i++)
		if (strcmp(g->root[i], UNKNOWN_ROOT) == 0)
			unk = i;
	for (int i = 0; i < g->ngroup; i++)
		lastcoll[i] = -1;
	int barrier = -1; /* the last barrier seen */
	for (int i = 0; i < g->nnode; i++) {
		Node *n = &g->node[i];
		for (int a = 0; a < n->nacc; a++) {
			Access *ac = &n->acc[a];
			RootState *r = &rs[ac->root];
			int64_t end = endof(ac);
			if (unk >= 0 && ac->root == unk) {
				for (int k = 0; k < g->nroot; k++)
					conflicts(g, n, i, ac->mode, 0, INT64_MAX, &rs[k]);
			} else if (unk >= 0) {
				conflicts(g, n, i, ac->mode, 0, INT64_MAX, &rs[unk]);
			}
			if ((ac->mode & ACC_WRITE) && (r->nrest > MAXLIVE || r->nw + r->nr > MAXEXACT)) {
				for (int k = 0; k < r->nw; k++)
					if (r->w[k].node != i)
						adddep(g, n, r->w[k].node,
						       DEP_WAW | (ac->mode & ACC_READ ? DEP_RAW : 0));
				for (int k = 0; k < r->nr; k++)
					if (r->r[k].node != i)
						adddep(g, n, r->r[k].node, DEP_WAR);
				r->nw = r->nr = 0;
				push(&r->w, &r->nw, &r->capw, (Live){i, ACC_WRITE, 0, INT64_MAX});
				r->nrest = 1;
				continue;
			}
			conflicts(g, n, i, ac->mode, ac->off, end, r);
		}
		/* update the live sets only after all of the node's accesses looked at them */
		for (int a = 0; a < n->nacc; a++) {
			Access *ac = &n->acc[a];
			RootState *r = &rs[ac->root];
			Live l = {i, ac->mode, ac->off, endof(ac)};
			if (ac->mode & ACC_WRITE) {
				r->nrest -= cover(r->w, &r->nw, l.off, l.end);
				r->nrest -= cover(r->r, &r->nr, l.off, l.end);
				push(&r->w, &r->nw, &r->capw, l);
				r->nrest += l.end == INT64_MAX;
			}
			if (ac->mode & ACC_READ) {
				push(&r->r, &r->nr, &r->capr, l);
				r->nrest += l.end == INT64_MAX;
			}
		}
		if (iscollective(n->kind) && n->group >= 0) {
			if (lastcoll[n->group] >= 0)
				adddep(g, n, lastcoll[n->group], DEP_GROUP);
			lastcoll[n->group] = i;
		}
		if (n->kind == N_BARRIER) {
			for (int j = barrier < 0 ? 0 : barrier; j < i; j++)
				if (!hassucc[j])
					adddep(g, n, j, DEP_ORDER);
			barrier = i;
		} else if (barrier >= 0) {
			int after = 0;
			for (int d = 0; d < n->ndep; d++)
				after |= n->dep[d].node > barrier;
			if (!after)
				adddep(g, n, barrier, DEP_ORDER);
		}
		for (int d = 0; d < n->ndep; d++)
			hassucc[n->dep[d].node] = 1;
		if (n->ndep > 1)
			qsort(n->dep, (size_t)n->ndep, sizeof(Dep), bysource);
	}
	for (int i = 0; i < g->nroot; i++) {
		free(rs[i].w);
		free(rs[i].r);
	}
	free(rs);
	free(lastcoll);
	free(hassucc);
}
