/* trace.c - --emit=trace: the simulated timelines as Chrome/Perfetto trace JSON. Process 1 is
 * the program as written, process 2 the schedule; in each, thread 0 is the compute stream and
 * thread 1 + c stream c (streamof: a class's collective stream, a group's send or receive
 * stream). Exposed waits show on the compute stream as "wait %n". A run-time loop is a box on
 * the compute stream holding its simulated trips (--trips), its nodes labelled %loop/%node. */
#include <stdlib.h>
#include <string.h>

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

/* The streams of top that the collectives of g (top, or a loop body in it, its groups named as
 * top names them) run on, marked in used */
static void streamsused(const Graph *top, const Analysis *a, const Graph *g, char *used)
{
	for (int i = 0; i < g->nnode; i++) {
		Node c = g->node[i];
		if (g->node[i].loop)
			streamsused(top, a, g->loop[g->node[i].loop - 1].body, used);
		if (!iscollective(c.kind))
			continue;
		c.group = g == top ?
				  c.group :
				  findname((Graph *)top, &((Graph *)top)->group, g->group[c.group]);
		if (c.group >= 0)
			used[streamof(top, &c, a->cls)] = 1;
	}
}

/* How much earlier than its event an event beginning at t runs: the simulation charges each
 * loop node (by[]: its event's end, and what its schedule saves) as written, and takes the
 * loops' savings off the makespan; a loop is a barrier, so what begins after it moves up by
 * its saving. */
static double shiftat(const double (*by)[2], int nby, double t)
{
	double d = 0;
	for (int k = 0; k < nby; k++)
		if (by[k][0] <= t + 1e-9)
			d += by[k][1];
	return d;
}

static double looptrips(Buf *b, int *first, const Graph *top, const Analysis *a, const Loop *lp,
			const char *at, double t, int pid, int written, int draw);

/* The nodes of graph g (top's, or a loop body in it: its events ev) from time t on process pid,
 * labelled at/%k, each loop in it with its trips; what follows a loop moved up by what its
 * schedule saves (draw: else only the loops' savings, returned) */
static double nodes(Buf *b, int *first, const Graph *top, const Analysis *a, const Graph *g,
		    const Node *node, int nnode, const SimEvent *ev, const char *at, double t,
		    int pid, int written, int draw)
{
	double(*by)[2] = zalloc((size_t)g->nloop + 1, sizeof *by);
	int nby = 0;
	double saved = 0;
	char label[256];
	for (int i = 0; i < nnode; i++)
		if (node[i].loop) {
			snprintf(label, sizeof label, "%s%%%d/", at, i);
			double len = looptrips(b, first, top, a, &g->loop[node[i].loop - 1], label,
					       0, pid, written, 0);
			by[nby][0] = ev[i].end;
			by[nby++][1] = ev[i].end - ev[i].begin - len;
			saved += by[nby - 1][1];
		}
	for (int i = 0; draw && i < nnode; i++) {
		const Node *n = &node[i];
		SimEvent e = ev[i];
		double d = shiftat((const double(*)[2])by, nby, e.begin);
		e.begin += t - d, e.end += t - d;
		if (n->loop) {
			snprintf(label, sizeof label, "%s%%%d/", at, i);
			looptrips(b, first, top, a, &g->loop[n->loop - 1], label, e.begin, pid,
				  written, 1);
			continue;
		}
		snprintf(label, sizeof label, "%s%%%d %s", at, i,
			 n->kind == N_COMPUTE ? n->name : kindname[n->kind]);
		if (!iscollective(n->kind)) { /* a body's node outside this iteration: 0 us */
			if (n->kind == N_COMPUTE && (g == top || e.end > e.begin))
				event(b, first, label, pid, 0, e.begin, e.end - e.begin);
			continue;
		}
		Node c = *n; /* its group as top names it */
		c.group = g == top ? n->group :
				     findname((Graph *)top, &((Graph *)top)->group,
					      g->group[n->group]);
		if (c.group >= 0 && e.end > e.begin)
			event(b, first, label, pid, 1 + streamof(top, &c, a->cls), e.begin,
			      e.end - e.begin);
		if (e.waited > 0) {
			snprintf(label, sizeof label, "wait %s%%%d", at, i);
			event(b, first, label, pid, 0, e.end - e.waited, e.waited);
		}
	}
	free(by);
	return saved;
}

/* Loop lp (its node at/) from time t on process pid (draw: else only its length): each simulated
 * trip's nodes (labelled at%k), one emitted iteration after another (written: each trip as the
 * program writes it; else the first, the steady iterations and what runs after the loop), in
 * a box for the loop on the compute stream. Its length, the sum of the iterations'. */
static double looptrips(Buf *b, int *first, const Graph *top, const Analysis *a, const Loop *lp,
			const char *at, double t, int pid, int written, int draw)
{
	const Graph *lb = written && lp->wbody ? lp->wbody : lp->body; /* looptrip's nodes */
	double t0 = t;
	for (int64_t k = 0; k <= lp->ntrip && lp->ntrip > 0; k++) {
		int which = written	   ? TRIP_WRITTEN :
			    !lp->late	   ? TRIP_STEADY :
			    k == 0	   ? TRIP_FIRST :
			    k == lp->ntrip ? TRIP_EPILOGUE :
					     TRIP_STEADY;
		if (k == lp->ntrip && which != TRIP_EPILOGUE)
			break;
		Sim s;
		double us = looptrip(lp, a->co, which, &s);
		if (us < 0)
			break;
		if (draw)
			nodes(b, first, top, a, lb, lb->node, lb->nnode, s.ev, at, t, pid, written,
			      1);
		freesim(&s);
		t += us;
	}
	if (draw) {
		char label[256];
		snprintf(label, sizeof label, "%.*s loop over %s (%lld trips)", (int)strlen(at) - 1,
			 at, lp->var, (long long)lp->ntrip);
		event(b, first, label, pid, 0, t0, t - t0);
	}
	return t - t0;
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
			streamsused(g, a, g, used);
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
			nodes(&b, &first, g, a, g, node, nnode, s->ev, "", 0, pid, !side, 1);
		}
	}
	bputs(&b, "\n]}\n");
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
