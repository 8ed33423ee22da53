/* check.c - the IR verifier, run between passes (check).
 *
 * Checks what every pass may assume: indices in range (groups, roots, edges), each collective
 * with a group, a dtype and, when it reduces, an op; byte ranges that make sense; edges that
 * point from an earlier node to a later one (program order is a topological order, so the graph
 * is acyclic), at most one edge per pair, each with a kind. Returns the number of problems,
 * each reported as an error. */
#include <stdlib.h>

#include "ir.h"

static int bad(const Graph *g, int i, const char *what, long long x)
{
	error((Loc){0}, "invalid IR: graph @%s, node %%%d: %s (%lld)", g->name, i, what, x);
	return 1;
}

int check(const Graph *g)
{
	int nbad = 0;
	int *last = malloc(((size_t)g->nnode + 1) * sizeof(int)); /* last successor seen, by source */
	if (!last)
		fatal("out of memory");
	for (int i = 0; i < g->nnode; i++)
		last[i] = -1;
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if ((int)n->kind < 0 || n->kind >= NKIND) {
			nbad += bad(g, i, "unknown kind", n->kind);
			continue;
		}
		if (iscollective(n->kind)) {
			if (n->group < 0 || n->group >= g->ngroup)
				nbad += bad(g, i, "collective without a valid group", n->group);
			if ((int)n->dtype < 0 || n->dtype >= NDTYPE)
				nbad += bad(g, i, "unknown dtype", n->dtype);
			int reduces = n->kind == N_ALL_REDUCE || n->kind == N_REDUCE_SCATTER;
			if (reduces && ((int)n->op < 0 || n->op >= NOP))
				nbad += bad(g, i, "reducing collective without an op", (int)n->op);
			if (!reduces && (int)n->op != -1)
				nbad += bad(g, i, "op on a collective that does not reduce", (int)n->op);
			if (n->count < 0)
				nbad += bad(g, i, "negative count", n->count);
			if (n->bytes != n->count * dtypesize(n->dtype))
				nbad += bad(g, i, "bytes differ from count * dtype size", n->bytes);
		} else if (n->group != -1) {
			nbad += bad(g, i, "group on a node that is not a collective", n->group);
		}
		if ((n->kind == N_COMPUTE || n->kind == N_BARRIER) && !n->name)
			nbad += bad(g, i, "compute or barrier without a name", 0);
		if (n->kind == N_BARRIER && n->nacc)
			nbad += bad(g, i, "barrier with accesses", n->nacc);
		if (n->bytes < 0)
			nbad += bad(g, i, "negative size", n->bytes);
		for (int k = 0; k < n->nacc; k++) {
			const Access *a = &n->acc[k];
			if (a->root < 0 || a->root >= g->nroot)
				nbad += bad(g, i, "access to an unknown root", a->root);
			if (a->mode < 1 || a->mode > 3)
				nbad += bad(g, i, "access with a bad mode", a->mode);
			if (a->off < 0 || (a->len < 0 && a->len != LEN_REST))
				nbad += bad(g, i, "access with a bad range", a->off);
		}
		for (int k = 0; k < n->ndep; k++) {
			int from = n->dep[k].node;
			if (from < 0 || from >= g->nnode) {
				nbad += bad(g, i, "edge from an unknown node", from);
				continue;
			}
			if (from >= i)
				nbad += bad(g, i, "edge from a node that does not come earlier in program order",
					    from);
			else if (last[from] == i)
				nbad += bad(g, i, "two edges from one node", from);
			last[from] = i;
			if (n->dep[k].kind <= 0 || n->dep[k].kind >= 32)
				nbad += bad(g, i, "edge without a kind", n->dep[k].kind);
		}
	}
	free(last);
	return nbad;
}
