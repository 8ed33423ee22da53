/* print.c - the textual IR (printir), the reference printer: ir/parse.c reads it back, and
 * print -> parse -> print gives the same bytes. ir/iofast.c writes the same bytes faster.
 *
 *   graph @step "model.c" {
 *     %0 = alloc size 2097152 out "full.0"[0:2097152] @21:16
 *     %1 = all_gather group "md->dp" bf16 count 262144 in "md->shard[0]"[0:524288]
 *          out "full.0"[0:?] after %0(raw) @22:5                      (one line)
 *     %2 = compute "gemm" flops 1e9 bytes 3e6 in "full.0"[0:?] out "y"[0:?] after %1(raw) @23:5
 *   }
 *
 * An access is in, out or inout on a root, with [offset:length] in bytes (? runs to the end of
 * the root). Edges name their source and kinds: raw, war, waw, order (a barrier), group (program
 * order of one group's collectives). The location is @line:col in the graph's file, or
 * @"file":line:col elsewhere. A compute node may name the dtype of its arithmetic; a
 * collective may state its time (us), which the cost model then takes.
 *
 * A bucket (passes/bucket.c) is a collective with `bucket FORM (count @loc, ...)`, its members'
 * counts and places; a packed bucket's alloc, pack, unpack and free name it: `bucket %N`.
 * A p2p group lists its sends and receives: `p2p group "pp" (send f32 count 16 peer 1 @5:3,
 * recv f32 count 16 peer 3 @6:3)`.
 *
 * A loop whose trip count is known only at run time is a barrier to the nodes around it, and
 * its body a region of its own, one iteration's nodes numbered from %0 with their own edges and
 * schedule, one level further in:
 *
 *   %2 = loop "step" trips "nsteps" "for (int step = 0; step < nsteps; step++)"
 *        after %1(order) @23:2 {                                       (one line)
 *     %0 = compute "axpy" us 5 in "w"[0:64] inout "grad"[0:64] @24:3
 *     schedule {
 *       %0
 *     }
 *   }
 *
 * A loop's header that may change what its body reads (a call or an assignment in it) is
 * `pinned` after its trips: its body is never rotated. A rotated body's schedule is one
 * emitted iteration's: its late nodes' steps, of the trip before, say so (`prev %3`,
 * `prev start %1`, `prev wait %1`); the first iteration runs none of them and the loop's end
 * runs the last trip's (Loop.late). A `peeled` loop's end runs none: its last trip's late nodes
 * are the graph's, after the loop node, each `guard %2` (its loop's node: it runs only where
 * the loop ran a trip; passes/peel.c).
 *
 * A scheduled graph ends with its schedule, the compute stream's steps in order:
 *
 *     schedule {
 *       %0                 run a node
 *       start %1           start a collective on its group's stream
 *       wait %1            the compute stream waits for it
 *     }
 */
#include "ir.h"

static void printloc(Buf *b, const Graph *g, Loc loc)
{
	bputs(b, " @");
	if (loc.file && loc.file != g->file) {
		bputq(b, loc.file);
		bputs(b, ":");
	}
	bprintf(b, "%d:%d", loc.line, loc.col);
}

static void printbody(Buf *b, const Graph *g, const unsigned char *late, int depth);

static void printnode(Buf *b, const Graph *g, int i, int depth)
{
	const Node *n = &g->node[i];
	const Loop *lp = loopof(g, n);
	bprintf(b, "%*s%%%d = %s", 2 * depth, "", i, lp ? "loop" : kindname[n->kind]);
	if (lp) {
		bputs(b, " ");
		bputq(b, lp->var);
		bputs(b, " trips ");
		bputq(b, lp->trips);
		if (lp->pinned)
			bputs(b, " pinned");
		if (lp->peeled)
			bputs(b, " peeled");
	}
	switch (n->kind) {
	case N_COMPUTE:
		bputs(b, " ");
		bputq(b, n->name ? n->name : "");
		if (n->ctype >= 0)
			bprintf(b, " %s", dtypename[n->ctype]);
		if (n->flops >= 0) {
			bputs(b, " flops ");
			bputnum(b, n->flops);
		}
		if (n->mbytes >= 0) {
			bputs(b, " bytes ");
			bputnum(b, n->mbytes);
		}
		if (n->us >= 0) {
			bputs(b, " us ");
			bputnum(b, n->us);
		}
		if (n->bucket >= 0)
			bprintf(b, " bucket %%%d", n->bucket);
		break;
	case N_ALLOC:
	case N_FREE:
		bprintf(b, " size %lld", (long long)n->bytes);
		if (n->bucket >= 0)
			bprintf(b, " bucket %%%d", n->bucket);
		break;
	case N_BARRIER:
		bputs(b, " ");
		bputq(b, n->name ? n->name : "");
		break;
	case N_P2P: /* its members; its count is theirs */
		bputs(b, " group ");
		bputq(b, g->group[n->group]);
		if (n->us >= 0) {
			bputs(b, " us ");
			bputnum(b, n->us);
		}
		bputs(b, " (");
		for (int k = 0; k < n->nmember; k++) {
			const Member *m = &n->member[k];
			bprintf(b, "%s%s %s count %lld", k ? ", " : "", kindname[m->kind],
				dtypename[m->dtype], (long long)m->count);
			if (m->peer >= 0)
				bprintf(b, " peer %lld", (long long)m->peer);
			if (m->loc.line > 0)
				printloc(b, g, m->loc);
		}
		bputs(b, ")");
		break;
	default:
		bputs(b, " group ");
		bputq(b, g->group[n->group]);
		bprintf(b, " %s", dtypename[n->dtype]);
		if ((int)n->op >= 0)
			bprintf(b, " op %s", opname[n->op]);
		bprintf(b, " count %lld", (long long)n->count);
		if (n->peer >= 0)
			bprintf(b, " peer %lld", (long long)n->peer);
		if (n->us >= 0) {
			bputs(b, " us ");
			bputnum(b, n->us);
		}
		if (n->form != BK_NONE) {
			bprintf(b, " bucket %s (", formname[n->form]);
			for (int k = 0; k < n->nmember; k++) {
				if (k)
					bputs(b, ", ");
				bprintf(b, "%lld", (long long)n->member[k].count);
				if (n->member[k].loc.line > 0)
					printloc(b, g, n->member[k].loc);
			}
			bputs(b, ")");
		}
		break;
	}
	if (n->guard) /* its loop's node, which is before it */
		bprintf(b, " guard %%%d", loopnode(g, n->guard, i));
	for (int k = 0; k < n->nacc; k++) {
		const Access *ac = &n->acc[k];
		static const char *const mode[] = {"", " in ", " out ", " inout "};
		bputs(b, mode[ac->mode]);
		bputq(b, g->root[ac->root]);
		bprintf(b, "[%lld:", (long long)ac->off);
		if (ac->len == LEN_REST)
			bputs(b, "?]");
		else
			bprintf(b, "%lld]", (long long)ac->len);
	}
	for (int k = 0; k < n->ndep; k++) {
		bprintf(b, "%s%%%d(", k ? ", " : " after ", n->dep[k].node);
		int first = 1;
		for (int bit = 0; bit < NDEPKIND; bit++)
			if (n->dep[k].kind & (1 << bit)) {
				bprintf(b, "%s%s", first ? "" : "+", depname[bit]);
				first = 0;
			}
		bputs(b, ")");
	}
	if (n->loc.line > 0)
		printloc(b, g, n->loc);
	if (lp) {
		bputs(b, " {\n");
		printbody(b, lp->body, lp->late, depth + 1);
		bprintf(b, "%*s}", 2 * depth, "");
	}
	bputs(b, "\n");
}

/* g's nodes and schedule, depth levels in: a graph's at 1, a loop's body one further (late:
 * its late nodes, whose steps say prev) */
static void printbody(Buf *b, const Graph *g, const unsigned char *late, int depth)
{
	static const char *const step[] = {"%", "start %", "wait %"};
	for (int k = 0; k < g->nnode; k++)
		printnode(b, g, k, depth);
	if (!g->step)
		return;
	bprintf(b, "%*sschedule {\n", 2 * depth, "");
	for (int k = 0; k < g->nstep; k++)
		bprintf(b, "%*s%s%s%d\n", 2 * depth + 2, "",
			late && late[g->step[k].node] ? "prev " : "", step[g->step[k].kind],
			g->step[k].node);
	bprintf(b, "%*s}\n", 2 * depth, "");
}

void printir(FILE *out, const Module *m)
{
	Buf b = {0};
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		if (i)
			bputs(&b, "\n");
		bprintf(&b, "graph @%s ", g->name);
		bputq(&b, g->file);
		if (g->rank >= 0) {
			bprintf(&b, " rank %d of %d in ", g->rank, g->nranks);
			bputq(&b, g->rankgroup);
			if (g->rankvar)
				bprintf(&b, " by %s", g->rankvar);
		}
		bputs(&b, " {\n");
		printbody(&b, g, NULL, 1);
		bputs(&b, "}\n");
	}
	if (b.len) /* b.s is NULL for an empty module */
		fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
