/* c.c - --emit=c: the input file with each graph body replaced by its schedule (printc).
 *
 * Everything outside graph bodies is copied byte for byte; #include "dagcc_rt.h" comes first,
 * followed by #line 1 so every later line keeps its number. A body becomes: a comment with
 * the simulated before and after, the declarations that are not nodes, then the schedule's
 * steps in order, each under a #line naming its source line: a node's statement as its copy
 * reads; a collective's start as `dagcc_future dagcc_fN = dagcc_X_start(args);`; its wait as
 * `dagcc_future_wait(&dagcc_fN, stream);`. Compute calls are preceded by DAGCC_CHECKED with
 * the memory they touch, which checked mode (DAGCC_CHECK=1) verifies and which otherwise costs
 * one branch. Requires a graph from C (statement texts) with a schedule. */
#include <string.h>

#include "../passes/ir.h"

static int lineat(const char *src, size_t off)
{
	int line = 1;
	for (size_t i = 0; i < off; i++)
		line += src[i] == '\n';
	return line;
}

static void linedir(Buf *b, int line, const char *file)
{
	bprintf(b, "#line %d ", line);
	bputq(b, file);
	bputs(b, "\n");
}

static void checked(Buf *b, const Graph *g, const Node *n)
{
	int any = 0;
	for (int k = 0; k < n->nacc; k++)
		any |= n->acc[k].expr != NULL;
	if (!any || !n->stream)
		return;
	bputs(b, "\tDAGCC_CHECKED(");
	bputq(b, n->name);
	bprintf(b, ", %s", n->stream);
	for (int k = 0; k < n->nacc; k++) {
		const Access *a = &n->acc[k];
		if (!a->expr)
			continue;
		static const char *mode[] = {"0", "DAGCC_READ", "DAGCC_WRITE", "DAGCC_READWRITE"};
		bprintf(b, ", {(%s), 0, %s, ", a->expr, mode[a->mode]);
		bputq(b, g->root[a->root]);
		bputs(b, "}");
	}
	bputs(b, ");\n");
}

static void prelude(Buf *b, const Graph *g, int after)
{
	for (int k = 0; k < g->nprelude; k++)
		if (g->prelude[k].after == after) {
			linedir(b, g->prelude[k].loc.line, g->file);
			bprintf(b, "\t%s;\n", g->prelude[k].text);
		}
}

static void body(Buf *b, const Graph *g, const Analysis *a, const Target *t)
{
	bprintf(b,
		"{\n\t/* dagcc: scheduled for %s. Simulated: as written %.1f us (%.1f us of communication "
		"exposed), scheduled %.1f us (%.1f us exposed); lower bound %.1f us. */\n",
		t->name, a->before.makespan, a->before.exposed, a->after.makespan, a->after.exposed,
		a->lb);
	prelude(b, g, -1);
	for (int k = 0; k < g->nstep; k++) {
		int i = g->step[k].node;
		const Node *n = &g->node[i];
		linedir(b, n->loc.line, g->file);
		switch (g->step[k].kind) {
		case ST_RUN:
			if (n->kind == N_COMPUTE)
				checked(b, g, n);
			bprintf(b, "\t%s;\n", n->text);
			if (n->kind == N_BARRIER)
				prelude(b, g, i);
			break;
		case ST_START: {
			const char *paren = strchr(n->call, '(');
			size_t len = (size_t)(paren - n->call);
			while (len && (n->call[len - 1] == ' ' || n->call[len - 1] == '\t'))
				len--;
			bprintf(b, "\tdagcc_future dagcc_f%d = %.*s_start%s;\n", i, (int)len, n->call,
				paren);
			break;
		}
		case ST_WAIT:
			bprintf(b, "\tdagcc_future_wait(&dagcc_f%d, %s);\n", i, n->stream);
			break;
		}
	}
}

void printc(FILE *out, const Module *m, const char *src, size_t len, const Analysis *a,
	    const Target *t)
{
	Buf b = {0};
	const char *file = m->ngraph ? m->graph[0]->file : "";
	bputs(&b, "#include \"dagcc_rt.h\" /* added by dagcc */\n");
	linedir(&b, 1, file);
	size_t pos = 0;
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		size_t open = (size_t)g->body_begin, close = (size_t)g->body_end - 1;
		if (open < pos || close >= len || src[open] != '{' || src[close] != '}')
			die("graph %s: body offsets do not match the source", g->name);
		bput(&b, src + pos, open - pos);
		body(&b, g, &a[gi], t);
		linedir(&b, lineat(src, close), file);
		pos = close;
	}
	bput(&b, src + pos, len - pos);
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
}
