/* json.c - --emit=json: the scheduled DAG for other tools. For each node: id, kind, name,
 * group, bytes, cost_us, deps, position (the schedule step that runs or starts it), wait
 * position (collectives), and file:line. */
#include <stdlib.h>

#include "../passes/ir.h"

void printjson(FILE *out, const Module *m, const Target *t)
{
	Buf b = {0};
	bputs(&b, "{\"graphs\":[");
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		int *waitat, *at = steppos(g, &waitat);
		bprintf(&b, "%s\n{\"name\":", gi ? "," : "");
		bputq(&b, g->name);
		bputs(&b, ",\"target\":");
		bputq(&b, t->name);
		bputs(&b, ",\"nodes\":[");
		for (int i = 0; i < g->nnode; i++) {
			const Node *n = &g->node[i];
			bprintf(&b, "%s\n {\"id\":%d,\"kind\":\"%s\",\"name\":", i ? "," : "", i,
				kindname[n->kind]);
			if (n->name)
				bputq(&b, n->name);
			else
				bputs(&b, "null");
			bputs(&b, ",\"group\":");
			if (n->group >= 0)
				bputq(&b, g->group[n->group]);
			else
				bputs(&b, "null");
			bprintf(&b, ",\"bytes\":%lld,\"cost_us\":%.3f,\"deps\":[", (long long)n->bytes,
				n->cost);
			for (int d = 0; d < n->ndep; d++)
				bprintf(&b, "%s%d", d ? "," : "", n->dep[d].node);
			bprintf(&b, "],\"position\":%d,\"wait_position\":", at[i]);
			if (waitat[i] >= 0)
				bprintf(&b, "%d", waitat[i]);
			else
				bputs(&b, "null");
			bputs(&b, ",\"loc\":");
			if (n->loc.line > 0) {
				Buf loc = {0};
				bprintf(&loc, "%s:%d", n->loc.file ? n->loc.file : g->file, n->loc.line);
				bputq(&b, loc.s);
				bfree(&loc);
			} else {
				bputs(&b, "null");
			}
			bputs(&b, "}");
		}
		bputs(&b, "]}");
		free(at);
		free(waitat);
	}
	bputs(&b, "]}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
