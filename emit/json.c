/* json.c - --emit=json: the scheduled DAG for other tools. For each node: id, kind, name,
 * group, bytes, cost_us, deps, position (the schedule step that runs or starts it), wait
 * position (collectives), file:line, and for a bucket its form and members (count, file:line);
 * a packed bucket's alloc, pack, unpack and free name it in "bucket". Like every JSON output
 * (--report=json, --emit=trace, --stats), it is valid UTF-8: bputjq writes a byte of a name that
 * is not part of well-formed UTF-8 as \u00XX, the byte read as Latin-1. */
#include <stdlib.h>

#include "../ir/ir.h"

/* tmp: room for the text before it is quoted */
static void putloc(Buf *b, Buf *tmp, const Graph *g, Loc loc)
{
	if (loc.line > 0) {
		tmp->len = 0;
		bprintf(tmp, "%s:%d", loc.file ? loc.file : g->file, loc.line);
		bputjq(b, tmp->s);
	} else {
		bputs(b, "null");
	}
}

void printjson(FILE *out, const Module *m, const Target *t)
{
	Buf b = {0}, tmp = {0};
	bputs(&b, "{\"graphs\":[");
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		int *waitat, *at = steppos(g, &waitat);
		bprintf(&b, "%s\n{\"name\":", gi ? "," : "");
		bputjq(&b, g->name);
		if (g->rank >= 0)
			bprintf(&b, ",\"rank\":%d", g->rank);
		bputs(&b, ",\"target\":");
		bputjq(&b, t->name);
		bputs(&b, ",\"nodes\":[");
		for (int i = 0; i < g->nnode; i++) {
			const Node *n = &g->node[i];
			bprintf(&b, "%s\n {\"id\":%d,\"kind\":\"%s\",\"name\":", i ? "," : "", i,
				kindname[n->kind]);
			if (n->name)
				bputjq(&b, n->name);
			else
				bputs(&b, "null");
			bputs(&b, ",\"group\":");
			if (n->group >= 0)
				bputjq(&b, g->group[n->group]);
			else
				bputs(&b, "null");
			bprintf(&b, ",\"bytes\":%lld,\"cost_us\":%.3f,\"deps\":[",
				(long long)n->bytes, n->cost);
			for (int d = 0; d < n->ndep; d++)
				bprintf(&b, "%s%d", d ? "," : "", n->dep[d].node);
			bprintf(&b, "],\"position\":%d,\"wait_position\":", at[i]);
			if (waitat[i] >= 0)
				bprintf(&b, "%d", waitat[i]);
			else
				bputs(&b, "null");
			bputs(&b, ",\"loc\":");
			putloc(&b, &tmp, g, n->loc);
			if (n->form != BK_NONE) {
				bprintf(&b, ",\"bucket_form\":\"%s\",\"members\":[",
					formname[n->form]);
				for (int k = 0; k < n->nmember; k++) {
					bprintf(&b, "%s{\"count\":%lld,\"loc\":", k ? "," : "",
						(long long)n->member[k].count);
					putloc(&b, &tmp, g, n->member[k].loc);
					bputs(&b, "}");
				}
				bputs(&b, "]");
			}
			if (n->bucket >= 0)
				bprintf(&b, ",\"bucket\":%d", n->bucket);
			bputs(&b, "}");
		}
		bputs(&b, "]}");
		free(at);
		free(waitat);
	}
	bputs(&b, "]}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
	bfree(&tmp);
}
