/* dot.c - --emit=dot: each graph as a Graphviz digraph, nodes colored by kind and labeled
 * with their schedule positions (the step that runs or starts them, and a collective's wait). */
#include <stdlib.h>

#include "../ir/ir.h"

static const char *color(NodeKind k)
{
	switch (k) {
	case N_COMPUTE:
		return "lightblue";
	case N_ALLOC:
	case N_FREE:
		return "palegreen";
	case N_BARRIER:
		return "lightgray";
	default:
		return "orange";
	}
}

/* Graph g's nodes and edges as cluster_<id>, its nodes <prefix>_n<i>; a loop node's body a
 * cluster of its own inside (its late nodes dashed: a trip late; a peeled loop's in g say so) */
static void cluster(Buf *b, const Graph *g, const char *id, const char *prefix, const char *name,
		    const unsigned char *late, int depth)
{
	int *waitat, *at = steppos(g, &waitat);
	Buf label = {0};
	bprintf(b, "%*ssubgraph cluster_%s {\n%*slabel=", 2 * depth, "", id, 2 * depth + 2, "");
	bputdq(b, name);
	bputs(b, ";\n");
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		const Loop *lp = loopof(g, n);
		label.len = 0;
		bprintf(&label, "%%%d %s", i, lp ? "loop" : kindname[n->kind]);
		if (n->kind == N_COMPUTE)
			bprintf(&label, " %s", n->name);
		if (iscollective(n->kind))
			bprintf(&label, " %s", g->group[n->group]);
		if (n->cost > 0)
			bprintf(&label, "\n%.1f us", n->cost);
		if (at[i] >= 0)
			bprintf(&label, "\n%s %d", iscollective(n->kind) ? "start" : "step", at[i]);
		if (waitat[i] >= 0)
			bprintf(&label, ", wait %d", waitat[i]);
		if (late && late[i])
			bputs(&label, "\na trip late");
		if (n->guard) /* its loop's node is before it */
			bprintf(&label, "\nlast trip of %%%d", loopnode(g, n->guard, i));
		bprintf(b, "%*s%s_n%d [fillcolor=%s%s, label=", 2 * depth + 2, "", prefix, i,
			color(n->kind), late && late[i] ? ", style=\"filled,dashed\"" : "");
		bputdq(b, label.s);
		bputs(b, "];\n");
		for (int d = 0; d < n->ndep; d++)
			bprintf(b, "%*s%s_n%d -> %s_n%d%s;\n", 2 * depth + 2, "", prefix,
				n->dep[d].node, prefix, i,
				n->dep[d].kind == DEP_ORDER || n->dep[d].kind == DEP_GROUP ?
					" [style=dashed]" :
					"");
		if (lp) {
			Buf sub = {0}, what = {0};
			bprintf(&sub, "%s_n%d", prefix, i);
			bprintf(&what, "%%%d: %s", i, n->name ? n->name : lp->var);
			cluster(b, lp->body, sub.s, sub.s, what.s, lp->late, depth + 1);
			bfree(&sub);
			bfree(&what);
		}
	}
	bprintf(b, "%*s}\n", 2 * depth, "");
	bfree(&label);
	free(at);
	free(waitat);
}

void printdot(FILE *out, const Module *m)
{
	Buf b = {0};
	bputs(&b, "digraph dagcc {\n  node [shape=box, style=filled, fontname=\"monospace\"];\n");
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		Buf name = {0}, prefix = {0}, id = {0};
		if (g->rank >= 0)
			bprintf(&name, "%s rank %d", g->name, g->rank);
		else
			bputs(&name, g->name);
		bprintf(&prefix, "g%d", gi);
		bprintf(&id, "%d", gi);
		cluster(&b, g, id.s, prefix.s, name.s, NULL, 1);
		bfree(&name);
		bfree(&prefix);
		bfree(&id);
	}
	bputs(&b, "}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
