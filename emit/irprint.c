/* irprint.c - the textual IR (printir). parseir() in frontend/irparse.c reads it back, and
 * print -> parse -> print gives the same bytes.
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
 *
 * A scheduled graph ends with its schedule, the compute stream's steps in order:
 *
 *     schedule {
 *       %0                 run a node
 *       start %1           start a collective on its group's stream
 *       wait %1            the compute stream waits for it
 *     }
 */
#include "../passes/ir.h"

#define PUT(b, lit) bput(b, lit, sizeof(lit) - 1) /* a string literal, without strlen */

static const char *depname[] = {"raw", "war", "waw", "order", "group"};

static void printloc(Buf *b, const Graph *g, Loc loc)
{
	PUT(b, " @");
	if (loc.file && loc.file != g->file) {
		bputq(b, loc.file);
		PUT(b, ":");
	}
	bputi(b, loc.line);
	PUT(b, ":");
	bputi(b, loc.col);
}

static void printnode(Buf *b, const Graph *g, int i)
{
	const Node *n = &g->node[i];
	PUT(b, "  %");
	bputi(b, i);
	PUT(b, " = ");
	bputs(b, kindname[n->kind]);
	switch (n->kind) {
	case N_COMPUTE:
		PUT(b, " ");
		bputq(b, n->name ? n->name : "");
		if (n->ctype >= 0)
			bprintf(b, " %s", dtypename[n->ctype]);
		if (n->flops >= 0)
			PUT(b, " flops "), bputnum(b, n->flops);
		if (n->mbytes >= 0)
			PUT(b, " bytes "), bputnum(b, n->mbytes);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		if (n->bucket >= 0)
			bprintf(b, " bucket %%%d", n->bucket);
		break;
	case N_ALLOC:
	case N_FREE:
		PUT(b, " size ");
		bputi(b, n->bytes);
		if (n->bucket >= 0)
			bprintf(b, " bucket %%%d", n->bucket);
		break;
	case N_BARRIER:
		PUT(b, " ");
		bputq(b, n->name ? n->name : "");
		break;
	default:
		PUT(b, " group ");
		bputq(b, g->group[n->group]);
		bprintf(b, " %s", dtypename[n->dtype]);
		if ((int)n->op >= 0)
			bprintf(b, " op %s", opname[n->op]);
		PUT(b, " count ");
		bputi(b, n->count);
		if (n->peer >= 0)
			bprintf(b, " peer %lld", (long long)n->peer);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		if (n->form != BK_NONE) {
			bprintf(b, " bucket %s (", formname[n->form]);
			for (int k = 0; k < n->nmember; k++) {
				bprintf(b, "%s%lld", k ? ", " : "", (long long)n->member[k].count);
				if (n->member[k].loc.line > 0)
					printloc(b, g, n->member[k].loc);
			}
			PUT(b, ")");
		}
		break;
	}
	for (int k = 0; k < n->nacc; k++) {
		const Access *ac = &n->acc[k];
		static const char *mode[] = {"", " in ", " out ", " inout "};
		bputs(b, mode[ac->mode]);
		bputq(b, g->root[ac->root]);
		PUT(b, "[");
		bputi(b, ac->off);
		PUT(b, ":");
		if (ac->len == LEN_REST)
			PUT(b, "?");
		else
			bputi(b, ac->len);
		PUT(b, "]");
	}
	for (int k = 0; k < n->ndep; k++) {
		bputs(b, k ? ", %" : " after %");
		bputi(b, n->dep[k].node);
		PUT(b, "(");
		int first = 1;
		for (int bit = 0; bit < 5; bit++)
			if (n->dep[k].kind & (1 << bit)) {
				if (!first)
					PUT(b, "+");
				bputs(b, depname[bit]);
				first = 0;
			}
		PUT(b, ")");
	}
	if (n->loc.line > 0)
		printloc(b, g, n->loc);
	PUT(b, "\n");
}

/* Writes out what b holds once it holds enough: the text of a large graph never sits in
 * memory whole. */
static void flush(Buf *b, FILE *out, size_t atleast)
{
	if (b->len >= atleast) {
		fwrite(b->s, 1, b->len, out);
		b->len = 0;
	}
}

void printir(FILE *out, const Module *m)
{
	Buf b = {0};
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		bprintf(&b, "%sgraph @%s ", i ? "\n" : "", g->name);
		bputq(&b, g->file);
		PUT(&b, " {\n");
		for (int k = 0; k < g->nnode; k++) {
			printnode(&b, g, k);
			flush(&b, out, 1 << 20);
		}
		if (g->step) {
			PUT(&b, "  schedule {\n");
			static const char *kind[] = {"    %", "    start %", "    wait %"};
			for (int k = 0; k < g->nstep; k++) {
				bputs(&b, kind[g->step[k].kind]);
				bputi(&b, g->step[k].node);
				PUT(&b, "\n");
				flush(&b, out, 1 << 20);
			}
			PUT(&b, "  }\n");
		}
		PUT(&b, "}\n");
	}
	flush(&b, out, 1);
	bfree(&b);
}
