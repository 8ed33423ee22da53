/* stats.c - --stats: JSON counts of each extracted graph (printstats). */
#include "../ir/ir.h"

void printstats(FILE *out, const Module *m)
{
	Buf b = {0};
	bputs(&b, "{\"graphs\":[");
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		int count[NKIND] = {0}, edges = 0, coll = 0;
		for (int k = 0; k < g->nnode; k++) {
			count[g->node[k].kind]++;
			coll += iscollective(g->node[k].kind);
			edges += g->node[k].ndep;
		}
		bprintf(&b, "%s{\"name\":", i ? "," : "");
		bputjq(&b, g->name);
		if (g->rank >= 0)
			bprintf(&b, ",\"rank\":%d", g->rank);
		bprintf(&b,
			",\"nodes\":%d,\"compute\":%d,\"collectives\":%d,\"allocs\":%d,\"frees\":%d,"
			"\"barriers\":%d,\"edges\":%d,\"groups\":[",
			g->nnode, count[N_COMPUTE], coll, count[N_ALLOC], count[N_FREE],
			count[N_BARRIER], edges);
		for (int k = 0; k < g->ngroup; k++) {
			if (k)
				bputs(&b, ",");
			bputjq(&b, g->group[k]);
		}
		bputs(&b, "]}");
	}
	bputs(&b, "]}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
