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

void printdot(FILE *out, const Module *m)
{
	Buf b = {0}, label = {0}; /* label: each node's in turn */
	bputs(&b, "digraph dagcc {\n  node [shape=box, style=filled, fontname=\"monospace\"];\n");
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		int *waitat, *at = steppos(g, &waitat);
		bprintf(&b, "  subgraph cluster_%d {\n    label=", gi);
		if (g->rank >= 0) {
			Buf r = {0};
			bprintf(&r, "%s rank %d", g->name, g->rank);
			bputdq(&b, r.s);
			bfree(&r);
		} else {
			bputdq(&b, g->name);
		}
		bputs(&b, ";\n");
		for (int i = 0; i < g->nnode; i++) {
			const Node *n = &g->node[i];
			label.len = 0;
			bprintf(&label, "%%%d %s", i, kindname[n->kind]);
			if (n->kind == N_COMPUTE)
				bprintf(&label, " %s", n->name);
			if (iscollective(n->kind))
				bprintf(&label, " %s", g->group[n->group]);
			if (n->cost > 0)
				bprintf(&label, "\n%.1f us", n->cost);
			if (at[i] >= 0)
				bprintf(&label, "\n%s %d", iscollective(n->kind) ? "start" : "step",
					at[i]);
			if (waitat[i] >= 0)
				bprintf(&label, ", wait %d", waitat[i]);
			bprintf(&b, "    g%d_n%d [fillcolor=%s, label=", gi, i, color(n->kind));
			bputdq(&b, label.s);
			bputs(&b, "];\n");
			for (int d = 0; d < n->ndep; d++)
				bprintf(&b, "    g%d_n%d -> g%d_n%d%s;\n", gi, n->dep[d].node, gi,
					i,
					n->dep[d].kind == DEP_ORDER || n->dep[d].kind == DEP_GROUP ?
						" [style=dashed]" :
						"");
		}
		bputs(&b, "  }\n");
		free(at);
		free(waitat);
	}
	bputs(&b, "}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
	bfree(&label);
}
