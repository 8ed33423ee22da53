/* report.c - --report: the simulated program before and after scheduling, per graph, as a
 * table on stderr or as JSON (--report=json). efficiency = (before - after) / (before - LB):
 * the share of what could be gained that the schedule gains (1 when nothing could be). The
 * bound is a bound, not the optimum: where the schedule meets it, the schedule is optimal;
 * where it does not, the report says which term binds, how far above the bound the schedule
 * is, and what the bound leaves out (the gap may be the bound's: bench/optimal.py finds the
 * optimum). */
#include <math.h>

#include "../ir/ir.h"

static double efficiency(const Analysis *a)
{
	double room = a->before.makespan - a->lb;
	if (room <= 1e-9)
		return 1;
	return (a->before.makespan - a->after.makespan) / room;
}

/* whether the schedule meets the bound (to the costs' rounding) */
static int met(const Analysis *a)
{
	return a->after.makespan <= a->lb * (1 + 1e-9) + 1e-6;
}

/* Where the schedule does not meet the bound, why the bound may be below the optimum: what
 * it leaves out, in words. */
static void why(Buf *b, const Analysis *a)
{
	if (a->nshared && a->after.makespan <= a->lbfixed * (1 + 1e-9) + 1e-6)
		bprintf(b,
			"the bound counts the %d collectives that may share a bucket at their bandwidth "
			"alone; with the graph's buckets the schedule meets its bound, %.1f us",
			a->nshared, a->lbfixed);
	else if (a->nshared && a->lb < a->lbfixed)
		bprintf(b,
			"the bound takes each stream and the longest path alone, and counts the %d "
			"collectives that may share a bucket at their bandwidth alone",
			a->nshared);
	else
		bputs(b, "the bound takes each stream and the longest path alone");
}

/* the term of the bound that binds, in words */
static void term(Buf *b, const Graph *g, const Analysis *a)
{
	if (a->lbwhich == LB_PATH || a->lbwhich < LB_COMPUTE || a->lbwhich >= nstreams(g))
		bputs(b, "the critical path");
	else if (a->lbwhich == LB_COMPUTE)
		bputs(b, "the compute stream");
	else
		bprintf(b, "the %sstream of group %s",
			a->lbwhich / g->ngroup == STREAM_SEND ? "send " :
			a->lbwhich / g->ngroup == STREAM_RECV ? "receive " :
								"",
			g->group[a->lbwhich % g->ngroup]);
}

static double comm(const Graph *g, const Analysis *a)
{
	double sum = a->before.inplace;
	for (int k = 0; k < g->ngroup; k++)
		sum += a->before.group[k].busy;
	return sum;
}

static void side(Buf *b, const char *name, const Sim *s)
{
	bprintf(b, "\"%s\":{\"makespan_us\":%.3f,\"exposed_comm_us\":%.3f,\"peak_bytes\":%.0f}",
		name, s->makespan, s->exposed, s->peak);
}

/* With --profile: how many of the nodes were measured, and the measurements furthest from the
 * model, as the first costing (before buckets) saw them. */
static void profjson(Buf *b, const Graph *g, const Profile *p)
{
	if (!p)
		return;
	bprintf(b, ",\"profile\":{\"measured\":%d,\"nodes\":%d,\"largest\":[", g->nmeasured,
		g->nprofnode);
	for (int k = 0; k < g->nproftop; k++) {
		const ProfEntry *pe = &p->e[g->proftop[k]];
		bprintf(b, "%s{\"name\":", k ? "," : "");
		bputjq(b, pe->name);
		bprintf(b,
			",\"line\":%d,\"col\":%d,\"copy\":%d,\"model_us\":%.3f,\"measured_us\":%.3f}",
			pe->line, pe->col, pe->copy, pe->model, pe->us);
	}
	bputs(b, "]");
	if (g->profstep > 0) {
		bprintf(b, ",\"step_measured_us\":%.3f,\"step_simulated_us\":", g->profstep);
		if (g->profsim >= 0)
			bprintf(b, "%.3f", g->profsim);
		else
			bputs(b, "null");
		bprintf(b, ",\"unplaced\":%d", g->profunplaced);
	}
	bputs(b, "}");
}

static void proftable(Buf *b, const Graph *g, const Profile *p)
{
	if (!p)
		return;
	bprintf(b, "  profile: %d of %d nodes measured", g->nmeasured, g->nprofnode);
	for (int k = 0; k < g->nproftop; k++) {
		const ProfEntry *pe = &p->e[g->proftop[k]];
		bprintf(b, "%s %s @%d:%d#%d model %.1f us, measured %.1f us",
			k ? ";" : "; largest differences:", pe->name, pe->line, pe->col, pe->copy,
			pe->model, pe->us);
	}
	bputs(b, "\n");
	if (g->profstep <= 0)
		return;
	bprintf(b, "  profile: measured step %.1f us; ", g->profstep);
	if (g->profsim >= 0)
		bprintf(b, "the schedule that ran, simulated with these costs: %.1f us (%+.1f%%)\n",
			g->profsim, 100 * (g->profsim - g->profstep) / g->profstep);
	else if (g->profunplaced > 0)
		bprintf(b,
			"the schedule that ran is not rebuilt: %d nodes have no position (a bucket's "
			"members: profile a build made with --bucket-cap 0; or a rank-specialized "
			"body)\n",
			g->profunplaced);
	else
		bputs(b,
		      "the schedule that ran is not rebuilt: its order is not a schedule of this graph\n");
}

/* The collective lines --profile fitted (profilefit): what costs buckets and collectives it did
 * not measure. */
static void fits(Buf *b, const Target *t, int asjson)
{
	int n = 0;
	for (int i = 0; i < t->ncoll; i++) {
		const CollFit *f = &t->coll[i];
		if (!f->measured)
			continue;
		if (asjson)
			bprintf(b,
				"%s{\"kind\":\"%s\",\"ranks\":%d,\"measurements\":%d,\"lat_us\":%.3f,"
				"\"bw\":%.6g,\"scaled\":%s,\"rms\":%.4f,\"max\":%.4f}",
				n ? "," : "", kindname[f->kind], f->ranks, f->measured, f->lat_us,
				f->bw, f->scaled ? "true" : "false", f->rms, f->worst);
		else
			bprintf(b,
				"profile: %s on %d ranks, %d measured: latency %.1f us, bandwidth %.4g bytes/s%s (error rms %.1f%%, max %.1f%%)\n",
				kindname[f->kind], f->ranks, f->measured, f->lat_us, f->bw,
				f->scaled ? ", one size: the model scaled through it" : "",
				100 * f->rms, 100 * f->worst);
		n++;
	}
}

/* The calls that stay barriers (a function dagcc did not inline, and why), and how long the
 * schedule stands at each: its cost. */
static void barriers(Buf *b, const Graph *g, const Analysis *a, int asjson)
{
	int n = 0;
	for (int k = 0; k < g->nnode; k++) {
		const Node *x = &g->node[k];
		if (x->kind != N_BARRIER || !x->src || !x->src->callee)
			continue;
		double us = a->after.held ? a->after.held[k] : 0;
		if (asjson) {
			bputs(b, n ? ",{\"callee\":" : ",\"barriers\":[{\"callee\":");
			bputjq(b, x->src->callee);
			bputs(b, ",\"file\":");
			bputjq(b, x->loc.file ? x->loc.file : g->file);
			bprintf(b, ",\"line\":%d,\"col\":%d,\"why\":", x->loc.line, x->loc.col);
			if (x->src->why)
				bputjq(b, x->src->why);
			else
				bputs(b, "null");
			bprintf(b, ",\"us\":%.3f}", us);
		} else {
			bprintf(b, "  barrier: call to '%s' at %s:%d:%d", x->src->callee,
				x->loc.file ? x->loc.file : g->file, x->loc.line, x->loc.col);
			if (x->src->why)
				bprintf(b, " (not inlined: %s)", x->src->why);
			bprintf(b,
				": the schedule waits %.1f us at it; what it runs is not in the cost model\n",
				us);
		}
		n++;
	}
	if (asjson && n)
		bputs(b, "]");
}

/* Each run-time loop (Graph.loop): its line, an iteration as written and as scheduled, a
 * rotated body's prologue and epilogue (the first emitted iteration, and the last trip's late
 * nodes after the loop, or peeled into the graph around it, alone; 0 where not rotated), the
 * trips simulated (--trips) */
static void loopsin(Buf *b, const Graph *g, int asjson, int *nout)
{
	int n = *nout;
	for (int k = 0; k < g->nnode; k++) {
		const Loop *lp = loopof(g, &g->node[k]);
		if (!lp)
			continue;
		double iter = lp->iter >= 0 ? lp->iter : lp->written;
		double pro = lp->late ? lp->prologue : 0, epi = lp->late ? lp->epilogue : 0;
		int nlate = 0;
		for (int i = 0; lp->late && i < lp->body->nnode; i++)
			nlate += lp->late[i];
		if (asjson) {
			bprintf(b, "%s{\"line\":%d,\"var\":", n ? "," : ",\"loops\":[",
				g->node[k].loc.line);
			bputjq(b, lp->var);
			bputs(b, ",\"trips\":");
			bputjq(b, lp->trips);
			bprintf(b,
				",\"trips_simulated\":%lld,\"iteration_as_written_us\":%.3f,\"iteration_us\":%.3f,\"prologue_us\":%.3f,\"epilogue_us\":%.3f,\"late_nodes\":%d,\"peeled\":%s}",
				(long long)lp->ntrip, lp->written, iter, pro, epi, nlate,
				lp->peeled ? "true" : "false");
		} else {
			bprintf(b,
				"  loop at line %d (%s, bounded by '%s'): an iteration %.1f us as written, %.1f us scheduled",
				g->node[k].loc.line, lp->var, lp->trips, lp->written, iter);
			if (lp->peeled)
				bprintf(b,
					", %d of its %d nodes a trip late (prologue %.1f us), the last trip's "
					"peeled into the graph around it (%.1f us alone)",
					nlate, lp->body->nnode, pro, epi);
			else if (lp->late)
				bprintf(b,
					", %d of its %d nodes a trip late (prologue %.1f us, epilogue %.1f us)",
					nlate, lp->body->nnode, pro, epi);
			else if (lp->pinned)
				bputs(b,
				      ", not rotated: its header may change what the body reads");
			bprintf(b, "; %lld trips simulated%s%s%s\n", (long long)lp->ntrip,
				*lp->trips ? " (--trips " : "", lp->trips, *lp->trips ? "=K)" : "");
		}
		n++;
		loopsin(b, lp->body, asjson, &n); /* its own, each trip of it */
	}
	*nout = n;
}

/* ... and the loops in their bodies, after each (its trips are each of the outer's) */
static void loops(Buf *b, const Graph *g, int asjson)
{
	int n = 0;
	loopsin(b, g, asjson, &n);
	if (asjson && n)
		bputs(b, "]");
}

static void json(Buf *b, const Module *m, const Analysis *an, const Target *t, const Profile *p)
{
	bputs(b, "{\"graphs\":[");
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		const Analysis *a = &an[i];
		bprintf(b, "%s{\"name\":", i ? "," : "");
		bputjq(b, g->name);
		bputs(b, ",\"target\":");
		bputjq(b, t->name);
		bprintf(b, ",\"lower_bound_us\":%.3f,\"compute_us\":%.3f,\"comm_us\":%.3f,", a->lb,
			a->before.compute, comm(g, a));
		side(b, "before", &a->before);
		bputs(b, ",");
		side(b, "after", &a->after);
		if (a->budget >= 0)
			bprintf(b, ",\"mem_budget_bytes\":%.0f", a->budget);
		else
			bputs(b, ",\"mem_budget_bytes\":null");
		bprintf(b, ",\"buckets\":%d,\"efficiency\":%.4f,\"bound_met\":%s,\"bound_term\":",
			nbuckets(g), efficiency(a), met(a) ? "true" : "false");
		Buf tb = {0}; /* it may name a group: escaped as every name */
		term(&tb, g, a);
		bputjq(b, tb.s);
		bfree(&tb);
		bprintf(b, ",\"graph_bound_us\":%.3f,\"bound_reason\":", a->lbfixed);
		if (met(a)) {
			bputs(b, "null");
		} else {
			Buf wb = {0};
			why(&wb, a);
			bputjq(b, wb.s);
			bfree(&wb);
		}
		bputs(b, ",\"groups\":[");
		for (int k = 0; k < g->ngroup; k++) {
			bputs(b, k ? ",{\"name\":" : "{\"name\":");
			bputjq(b, g->group[k]);
			bprintf(b,
				",\"ranks\":%d,\"comm_us\":%.3f,\"exposed_before_us\":%.3f,\"exposed_after_us\":%.3f}",
				a->size[k], a->before.group[k].busy, a->before.group[k].exposed,
				a->after.group[k].exposed);
		}
		bputs(b, "]");
		if (g->rank >= 0) {
			bprintf(b, ",\"rank\":%d,\"ranks\":%d,\"rank_group\":", g->rank, g->nranks);
			bputjq(b, g->rankgroup);
		}
		for (int k = 0; k < a->nranked; k++) {
			const RankTime *r = &a->ranked[k];
			bprintf(b,
				",\"%s\":{\"step_us\":%.3f,\"bubble_us\":%.3f,\"exposed_p2p_us\":%.3f}",
				k ? "pipeline_after" : "pipeline_before", r->makespan, r->bubble,
				r->exposed);
		}
		profjson(b, g, p);
		barriers(b, g, a, 1);
		loops(b, g, 1);
		bputs(b, "}");
	}
	bputs(b, "]");
	if (p) {
		bputs(b, ",\"profile_fits\":[");
		fits(b, t, 1);
		bputs(b, "]");
	}
	bputs(b, "}\n");
}

static void table(Buf *b, const Module *m, const Analysis *an, const Target *t, const Profile *p)
{
	fits(b, t, 0);
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		const Analysis *a = &an[i];
		if (g->rank >= 0)
			bprintf(b,
				"graph %s, rank %d of %d in %s, on %s: %d nodes, compute %.1f us, communication %.1f us\n",
				g->name, g->rank, g->nranks, g->rankgroup, t->name, a->nwnode,
				a->before.compute, comm(g, a));
		else
			bprintf(b,
				"graph %s on %s: %d nodes, compute %.1f us, communication %.1f us\n",
				g->name, t->name, a->nwnode, a->before.compute, comm(g, a));
		bprintf(b, "  %-8s %14s %14s %14s\n", "", "makespan us", "exposed us",
			"peak bytes");
		bprintf(b, "  %-8s %14.1f %14.1f %14.0f\n", "before", a->before.makespan,
			a->before.exposed, a->before.peak);
		bprintf(b, "  %-8s %14.1f %14.1f %14.0f\n", "after", a->after.makespan,
			a->after.exposed, a->after.peak);
		bprintf(b, "  %-8s %14.1f   (", "bound", a->lb);
		term(b, g, a);
		if (met(a)) {
			bputs(b, "; met: the schedule is optimal)\n");
		} else {
			bprintf(b, "; within %.1f%% of the bound, not proven optimal: ",
				100 * (a->after.makespan / a->lb - 1));
			why(b, a);
			bputs(b, ")\n");
		}
		bprintf(b, "  speedup %.2fx, efficiency %.1f%% of the gap to the bound closed\n",
			a->after.makespan > 0 ? a->before.makespan / a->after.makespan : 1,
			100 * efficiency(a));
		if (nbuckets(g)) {
			int members = 0;
			for (int k = 0; k < g->nnode; k++)
				members += g->node[k].form != BK_NONE ? g->node[k].nmember : 0;
			bprintf(b, "  buckets %d, of %d collectives:", nbuckets(g), members);
			for (int k = 0; k < g->nnode; k++)
				if (g->node[k].form != BK_NONE)
					bprintf(b, " %s %s x%d (%lld bytes)",
						formname[g->node[k].form],
						kindname[g->node[k].kind], g->node[k].nmember,
						(long long)g->node[k].bytes);
			bputs(b, "\n");
		}
		proftable(b, g, p);
		barriers(b, g, a, 0);
		loops(b, g, 0);
		for (int k = 0; k < g->ngroup; k++)
			bprintf(b, "  group %s (%d ranks): busy %.1f us, exposed %.1f -> %.1f us\n",
				g->group[k], a->size[k], a->before.group[k].busy,
				a->before.group[k].exposed, a->after.group[k].exposed);
		for (int k = 0; k < a->nranked; k++) {
			const RankTime *r = &a->ranked[k];
			bprintf(b,
				"  %-8s with all %d ranks: step %.1f us, bubble %.1f us, send/recv exposed %.1f us\n",
				k ? "after" : "before", g->nranks, r->makespan, r->bubble,
				r->exposed);
		}
		if (a->nranked && (i + 1 == m->ngraph || !samefamily(g, m->graph[i + 1]))) {
			/* the last rank: the pipeline's step is its slowest rank's */
			double step[2] = {0, 0};
			for (int k = i; k >= 0 && samefamily(g, m->graph[k]); k--)
				for (int w = 0; w < an[k].nranked; w++)
					step[w] = fmax(step[w], an[k].ranked[w].makespan);
			bprintf(b, "graph %s on all %d ranks of %s: step %.1f us as written",
				g->name, g->nranks, g->rankgroup, step[0]);
			if (a->nranked > 1)
				bprintf(b, ", %.1f us scheduled (%.2fx)", step[1],
					step[1] > 0 ? step[0] / step[1] : 1);
			bputs(b, "\n");
		}
	}
}

void printreport(FILE *out, const Module *m, const Analysis *a, const Target *t, const Profile *p,
		 int asjson)
{
	Buf b = {0};
	if (asjson)
		json(&b, m, a, t, p);
	else
		table(&b, m, a, t, p);
	if (b.len)
		fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
