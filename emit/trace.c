/* trace.c - --emit=trace: the simulated timelines as Chrome/Perfetto trace JSON. Process 1 is
 * the program as written, process 2 the schedule; in each, thread 0 is the compute stream and
 * thread 1 + c stream c (streamof: a class's collective stream, a group's send or receive
 * stream). Exposed waits show on the compute stream as "wait %n". */
#include <stdlib.h>

#include "../ir/ir.h"

static void event(Buf *b, int *first, const char *name, int pid, int tid, double ts, double dur)
{
	bprintf(b, "%s\n{\"name\":", *first ? "" : ",");
	*first = 0;
	bputjq(b, name);
	bprintf(b, ",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f}", pid, tid, ts,
		dur);
}

static void meta(Buf *b, int *first, const char *what, int pid, int tid, const char *name)
{
	bprintf(b, "%s\n{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
		*first ? "" : ",", what, pid, tid);
	*first = 0;
	bputjq(b, name);
	bputs(b, "}}");
}

void printtrace(FILE *out, const Module *m, const Analysis *an)
{
	Buf b = {0};
	int first = 1;
	bputs(&b, "{\"traceEvents\":[");
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		const Analysis *a = &an[gi];
		for (int side = 0; side < 2; side++) {
			int pid = 1 + 2 * gi + side;
			const Sim *s = side ? &a->after : &a->before;
			char name[256];
			if (g->rank >= 0)
				snprintf(name, sizeof name, "%s rank %d: %s", g->name, g->rank,
					 side ? "scheduled" : "as written");
			else
				snprintf(name, sizeof name, "%s: %s", g->name,
					 side ? "scheduled" : "as written");
			meta(&b, &first, "process_name", pid, 0, name);
			meta(&b, &first, "thread_name", pid, 0, "compute stream");
			char *used = zalloc((size_t)nstreams(g) + 1, 1);
			for (int i = 0; i < g->nnode; i++)
				if (iscollective(g->node[i].kind))
					used[streamof(g, &g->node[i], a->cls)] = 1;
			for (int k = 0; k < nstreams(g); k++) {
				int gk = k % g->ngroup, runs = k / g->ngroup;
				if (runs == STREAM_COLL ? a->cls[k] != k : !used[k])
					continue; /* a class is named by one of its groups */
				snprintf(name, sizeof name, "%sstream of %s",
					 runs == STREAM_SEND ? "send " :
					 runs == STREAM_RECV ? "receive " :
							       "",
					 g->group[gk]);
				meta(&b, &first, "thread_name", pid, 1 + k, name);
			}
			free(used);
			const Node *node = side ? g->node : a->wnode;
			int nnode = side ? g->nnode : a->nwnode;
			for (int i = 0; i < nnode; i++) {
				const Node *n = &node[i];
				const SimEvent *e = &s->ev[i];
				char label[256];
				snprintf(label, sizeof label, "%%%d %s", i,
					 n->kind == N_COMPUTE ? n->name : kindname[n->kind]);
				if (n->kind == N_COMPUTE)
					event(&b, &first, label, pid, 0, e->begin,
					      e->end - e->begin);
				if (!iscollective(n->kind))
					continue;
				event(&b, &first, label, pid, 1 + streamof(g, n, a->cls), e->begin,
				      e->end - e->begin);
				if (e->waited > 0) {
					snprintf(label, sizeof label, "wait %%%d", i);
					event(&b, &first, label, pid, 0, e->end - e->waited,
					      e->waited);
				}
			}
		}
	}
	bputs(&b, "\n]}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
