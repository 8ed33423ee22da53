/* c.c - --emit=c: the input file with each graph body replaced by its schedule (printc).
 *
 * Everything outside graph bodies is copied byte for byte; #include "dagcc_rt.h" comes first,
 * followed by #line 1 so every later line keeps its number. A body becomes: a comment with
 * the simulated before and after, the declarations that are not nodes, then the schedule's
 * steps in order, each under a #line naming its source line: a node's statement as its copy
 * reads; a collective's start as `dagcc_future dagcc_fN = dagcc_X_start(args);`; its wait as
 * `dagcc_future_wait(&dagcc_fN, stream);`. Compute calls are preceded by DAGCC_CHECKED with
 * the memory they touch, which checked mode (DAGCC_CHECK=1) verifies and which otherwise costs
 * one branch. Profile marks name a node's location and copy: DAGCC_PROFILE_BEGIN and _END
 * around a compute call, on its line; DAGCC_PROFILE_COLL before a start (a coalesced bucket's
 * members too; a packed or contiguous bucket's names it "bucket:KIND:" and its members' keys);
 * DAGCC_PROFILE_STEP_BEGIN before the first step that names a stream, naming the graph and the
 * line of its body's brace, and DAGCC_PROFILE_STEP_END at the end, on the last one's stream. Profile mode (DAGCC_PROFILE) measures with them; otherwise each costs one branch. Requires
 * a graph from C (statement texts) with a schedule. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

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
		any |= n->acc[k].expr != NULL && n->acc[k].exprlen != 0;
	if (!any || !nodestream(n))
		return;
	bputs(b, "\tDAGCC_CHECKED(");
	bputq(b, n->name);
	bprintf(b, ", %s", n->src->stream);
	for (int k = 0; k < n->nacc; k++) {
		const Access *a = &n->acc[k];
		if (!a->expr || a->exprlen == 0) /* a declared extent of nothing touches nothing */
			continue;
		static const char *mode[] = {"0", "DAGCC_READ", "DAGCC_WRITE", "DAGCC_READWRITE"};
		/* bytes 0: the extent is not declared; an unknown root names no buffer, nor does
		 * a local's memory (another call's local may have had its address). The bytes run
		 * from this rank's pointer: the declared extent, not the access's len, which a
		 * rank-dependent offset widens to every rank's. */
		bprintf(b, ", {(%s), %lld, %s, ", a->expr,
			(long long)(a->exprlen == LEN_REST ? 0 : a->exprlen), mode[a->mode]);
		if (strcmp(g->root[a->root], UNKNOWN_ROOT) == 0 || a->local)
			bputs(b, "NULL");
		else
			bputq(b, g->root[a->root]);
		bputs(b, "}");
	}
	bputs(b, ");\n");
}

/* `name_start(args)` for a call `name(args)` */
static void startcall(Buf *b, const char *call)
{
	const char *paren = strchr(call, '(');
	size_t len = (size_t)(paren - call);
	while (len && (call[len - 1] == ' ' || call[len - 1] == '\t'))
		len--;
	bprintf(b, "%.*s_start%s", (int)len, call, paren);
}

static void upper(Buf *b, const char *s)
{
	for (; *s; s++)
		bprintf(b, "%c", *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);
}

static int64_t memberbytes(const Node *c, int k)
{
	return c->member[k].count * dtypesize(c->dtype);
}

/* A packed bucket's steps (passes/bucket.c): its buffer dagcc_bN holds the members' inputs at
 * their offsets, and unless they are in place the rank-major side (ir/collectives.h: the one
 * holding the count for each rank): after the inputs when it is the output (all_gather: rank
 * r's copy of member k at r * S + its offset), before the outputs when it is the input
 * (reduce_scatter). */
static void packed(Buf *b, const Graph *g, const Node *n, int ci)
{
	const Node *c = &g->node[ci];
	const Coll *cl = &colls[c->kind];
	int64_t S = c->bytes;
	const char *G = c->src->gtext, *st = c->src->stream;
	switch (n->kind) {
	case N_ALLOC:
		bprintf(b, "\tchar *dagcc_b%d = dagcc_alloc_async((size_t)%lld", ci, (long long)S);
		if (cl->send != cl->recv)
			bprintf(b, " * (1 + (size_t)dagcc_group_size(%s))", G);
		bprintf(b, ", %s);\n", st);
		return;
	case N_FREE:
		bprintf(b, "\tdagcc_free_async(dagcc_b%d, %s);\n", ci, st);
		return;
	default:
		break;
	}
	int pack = !strcmp(n->name, "dagcc.pack");
	int rankmajor = (pack ? cl->sendside : cl->recvside) == SIDE_ALL;
	if (rankmajor)
		bprintf(b,
			"\tfor (size_t dagcc_r = 0; dagcc_r < (size_t)dagcc_group_size(%s); dagcc_r++) {\n",
			G);
	int64_t off = 0; /* member k's place in the bucket's input */
	for (int k = 0; k < c->nmember; off += memberbytes(c, k), k++) {
		const Member *m = &c->member[k];
		int64_t mb = memberbytes(c, k);
		if (m->loc.line > 0)
			linedir(b, m->loc.line, g->file);
		Buf at = {0}, user = {0};
		bprintf(&at, "dagcc_b%d + %lld", ci, (long long)off);
		if (rankmajor)
			bprintf(&at, " + dagcc_r * (size_t)%lld", (long long)S);
		if (!pack && cl->recvside == SIDE_ALL) /* the gathered side follows the input */
			bprintf(&at, " + (size_t)%lld", (long long)S);
		if (!pack && cl->sendside == SIDE_ALL) /* the output follows the p * S input */
			bprintf(&at, " + (size_t)%lld * (size_t)dagcc_group_size(%s)", (long long)S,
				G);
		if (rankmajor)
			bprintf(&user, "(%s)(%s) + dagcc_r * (size_t)%lld",
				pack ? "const char *" : "char *", pack ? m->send : m->recv,
				(long long)mb);
		else
			bprintf(&user, "%s", pack ? m->send : m->recv);
		bprintf(b, "\t%sdagcc_copy_async(", rankmajor ? "\t" : "");
		if (pack)
			bprintf(b, "%s, %s", at.s, user.s);
		else
			bprintf(b, "%s, %s", user.s, at.s);
		bprintf(b, ", (size_t)%lld, %s);\n", (long long)mb, st);
		bfree(&at);
		bfree(&user);
	}
	if (rankmajor)
		bputs(b, "\t}\n");
}

/* The start of a bucket: one collective on the bucket's buffer or the members' adjacent memory,
 * or the members' own starts as one NCCL group; of a p2p group, its sends' and receives' starts
 * as one NCCL group (not measured in profile mode). */
static void startbucket(Buf *b, const Graph *g, const Node *c, int ci)
{
	const char *G = c->src->gtext, *st = c->src->stream;
	if (c->form == BK_COALESCED || c->kind == N_P2P) {
		const char *batch = c->kind == N_P2P ? "p2p" : "coalesce";
		if (c->kind == N_P2P)
			linedir(b, c->loc.line, g->file);
		bprintf(b, "\tdagcc_%s_begin(%s, %s);\n", batch, G, st);
		for (int k = 0; k < c->nmember; k++) {
			const Member *m = &c->member[k];
			/* each member measured as the node it is (where the backend can: mpi) */
			if (m->loc.line > 0 && c->kind != N_P2P)
				bprintf(b, "\tDAGCC_PROFILE_COLL(\"%s\", %d, %d, %d);\n",
					colls[c->kind].name, m->loc.line, m->loc.col, m->copy);
			if (c->member[k].loc.line > 0)
				linedir(b, c->member[k].loc.line, g->file);
			bprintf(b, "\tdagcc_future dagcc_f%d_%d = ", ci, k);
			startcall(b, c->member[k].call);
			bputs(b, ";\n");
		}
		if (c->kind == N_P2P)
			linedir(b, c->loc.line, g->file);
		bprintf(b, "\tdagcc_%s_end(%s, %s);\n", batch, G, st);
		return;
	}
	/* one collective for all: measured as the bucket, its members named for dagcc to share
	 * its time out (not past what a C compiler must take as a string literal) */
	Buf name = {0};
	bprintf(&name, "bucket:%s:", colls[c->kind].name);
	for (int k = 0; k < c->nmember && name.len < 3000; k++)
		bprintf(&name, "%s%d.%d.%d", k ? "," : "", c->member[k].loc.line,
			c->member[k].loc.col, c->member[k].copy);
	if (name.len < 3000 && c->member[0].loc.line > 0)
		bprintf(b, "\tDAGCC_PROFILE_COLL(\"%s\", %d, %d, %d);\n", name.s,
			c->member[0].loc.line, c->member[0].loc.col, c->member[0].copy);
	bfree(&name);
	const Coll *cl = &colls[c->kind];
	bprintf(b, "\tdagcc_future dagcc_f%d = %s(%s, ", ci, cl->start, G);
	if (c->form == BK_CONTIGUOUS)
		bprintf(b, "%s", c->member[0].send);
	else if (cl->send == cl->recv)
		bprintf(b, "dagcc_b%d", ci);
	else if (cl->sendside != SIDE_ALL)
		bprintf(b, "dagcc_b%d, dagcc_b%d + %lld", ci, ci, (long long)c->bytes);
	else
		bprintf(b, "dagcc_b%d, dagcc_b%d + (size_t)%lld * (size_t)dagcc_group_size(%s)", ci,
			ci, (long long)c->bytes, G);
	bprintf(b, ", (size_t)%lld, DAGCC_", (long long)c->count);
	upper(b, dtypename[c->dtype]);
	if ((int)c->op >= 0) {
		bputs(b, ", DAGCC_");
		upper(b, opname[c->op]);
	}
	bprintf(b, ", %s);\n", st);
}

static void prelude(Buf *b, const Graph *g, int after)
{
	for (int k = 0; k < g->nprelude; k++)
		if (g->prelude[k].after == after) {
			linedir(b, g->prelude[k].loc.line, g->file);
			bprintf(b, "\t%s;\n", g->prelude[k].text);
		}
}

/* Checked mode names a group as the program does: once per group, before its first start. */
static void namegroup(Buf *b, const Graph *g, const Node *n, char *named)
{
	if (named[n->group])
		return;
	named[n->group] = 1;
	bprintf(b, "\tDAGCC_CHECKED_GROUP(%s, ", n->src->gtext);
	bputq(b, g->group[n->group]);
	bputs(b, ");\n");
}

/* Whether the C text s names identifier id outside strings, characters and comments (a member
 * name after . or -> is not the identifier). */
static int names(const char *s, size_t n, const char *id)
{
	size_t len = strlen(id);
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '"' || c == '\'') {
			while (++i < n && s[i] != c)
				i += s[i] == '\\';
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
				;
			i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (isalpha((unsigned char)c) || c == '_') {
			size_t e = i, b = i;
			while (e < n && (isalnum((unsigned char)s[e]) || s[e] == '_'))
				e++;
			while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t'))
				b--;
			int member = b > 0 && (s[b - 1] == '.' ||
					       (s[b - 1] == '>' && b > 1 && s[b - 2] == '-'));
			if (e - i == len && !memcmp(s + i, id, len) && !member)
				return 1;
			i = e - 1;
		} else if (isdigit((unsigned char)c)) {
			while (i + 1 < n && (isalnum((unsigned char)s[i + 1]) || s[i + 1] == '_'))
				i++;
		}
	}
	return 0;
}

static void body(Buf *out, const Graph *g, const Analysis *a, const Target *t, int line)
{
	char *named = zalloc((size_t)g->ngroup + 1, 1);
	bprintf(out,
		"{\n\t/* dagcc: scheduled for %s. Simulated: as written %.1f us (%.1f us of communication "
		"exposed), scheduled %.1f us (%.1f us exposed); lower bound %.1f us. */\n",
		t->name, a->before.makespan, a->before.exposed, a->after.makespan, a->after.exposed,
		a->lb);
	Buf steps = {0}, *b = &steps;
	if (g->ppopen) /* the body's #pragmas */
		bputs(b, g->ppopen);
	prelude(b, g, -1);
	/* the step's marks: on the stream of its first node that names one, and after everything
	 * on the stream of its last */
	int first = -1, last = -1;
	for (int k = 0; k < g->nstep; k++)
		if (nodestream(&g->node[g->step[k].node])) {
			last = k;
			first = first < 0 ? k : first;
		}
	for (int k = 0; k < g->nstep; k++) {
		int i = g->step[k].node;
		const Node *n = &g->node[i];
		if (k == first) {
			bputs(b, "\tDAGCC_PROFILE_STEP_BEGIN(");
			bputq(b, g->name);
			bprintf(b, ", %d, %s);\n", line, n->src->stream);
		}
		linedir(b, n->loc.line, g->file);
		switch (g->step[k].kind) {
		case ST_RUN:
			if (n->bucket >= 0) {
				packed(b, g, n, n->bucket);
				break;
			}
			if (n->kind == N_COMPUTE)
				checked(b, g, n);
			if (n->kind == N_COMPUTE && nodestream(n)) {
				bputs(b, "\tDAGCC_PROFILE_BEGIN(");
				bputq(b, n->name);
				bprintf(b, ", %d, %d, %d, %s); %s; DAGCC_PROFILE_END(%s);\n",
					n->loc.line, n->loc.col, n->copy, n->src->stream,
					n->src->text, n->src->stream);
			} else
				bprintf(b, "\t%s;\n", n->src->text);
			prelude(b, g, i);
			break;
		case ST_START:
			namegroup(b, g, n, named);
			if (n->form != BK_NONE || n->kind == N_P2P) {
				startbucket(b, g, n, i);
				break;
			}
			/* the start keeps a line of its own: its errors name the user's line */
			bprintf(b, "\tDAGCC_PROFILE_COLL(\"%s\", %d, %d, %d);\n",
				colls[n->kind].name, n->loc.line, n->loc.col, n->copy);
			linedir(b, n->loc.line, g->file);
			bprintf(b, "\tdagcc_future dagcc_f%d = ", i);
			startcall(b, n->src->call);
			bputs(b, ";\n");
			break;
		case ST_WAIT:
			if (n->form == BK_COALESCED || n->kind == N_P2P)
				for (int k = 0; k < n->nmember; k++)
					bprintf(b, "\tdagcc_future_wait(&dagcc_f%d_%d, %s);\n", i,
						k, n->src->stream);
			else
				bprintf(b, "\tdagcc_future_wait(&dagcc_f%d, %s);\n", i,
					n->src->stream);
			break;
		}
	}
	if (last >= 0)
		bprintf(b, "\tDAGCC_PROFILE_STEP_END(%s);\n",
			nodestream(&g->node[g->step[last].node]));
	free(named);
	/* a parameter only unrolled-away code used (a loop of no iterations) stays used */
	for (int k = 0; k < g->nparam; k++)
		if (*g->param[k] && !names(steps.s, steps.len, g->param[k]))
			bprintf(out, "\t(void)%s;\n", g->param[k]);
	if (steps.len)
		bput(out, steps.s, steps.len);
	bfree(&steps);
}

/* A rank-specialized function's body: a switch on its rank, a case per rank, ranks whose
 * bodies read the same sharing one; any other rank is a run-time error. The program first
 * checks that the group has the ranks the bodies were made for. */
static void ranks(Buf *out, Graph *const *gs, int n, const Analysis *a, const Target *t, int line)
{
	const Graph *g = gs[0];
	Buf *text = zalloc((size_t)n, sizeof *text);
	int *same = zalloc((size_t)n, sizeof *same); /* the first rank with this body */
	int distinct = 0;
	for (int r = 0; r < n; r++) {
		body(&text[r], gs[r], &a[r], t, line);
		same[r] = r;
		for (int k = 0; k < r && same[r] == r; k++)
			if (same[k] == k && text[k].len == text[r].len &&
			    !memcmp(text[k].s, text[r].s, text[r].len))
				same[r] = k;
		distinct += same[r] == r;
	}
	bprintf(out,
		"{\n\t/* dagcc: specialized on the rank in %s: %d ranks, %d distinct bodies */\n",
		g->rankgroup, n, distinct);
	linedir(out, line, g->file);
	bprintf(out, "\tdagcc_expect_group_size(%s, %d);\n", g->rankgroup, n);
	if (g->rankvar) {
		linedir(out, line, g->file);
		bprintf(out, "\tdagcc_expect_rank(%s, %s, \"%s\");\n\tswitch (%s) {\n",
			g->rankgroup, g->rankvar, g->rankvar, g->rankvar);
	} else
		bprintf(out, "\tswitch (dagcc_group_rank(%s)) {\n", g->rankgroup);
	for (int r = 0; r < n; r++) {
		if (same[r] != r)
			continue;
		int last = r;
		for (int k = r; k < n; k++)
			if (same[k] == r)
				last = k;
		for (int k = r; k <= last; k++)
			if (same[k] == r)
				bprintf(out, "\tcase %d:%s", k, k == last ? " " : "\n");
		bput(out, text[r].s, text[r].len);
		bputs(out, "\t}\n\tbreak;\n");
	}
	bputs(out, "\tdefault:\n");
	linedir(out, line, g->file);
	if (g->rankvar)
		bprintf(out, "\t\tdagcc_rank_unknown(\"%s\", %s, %d);\n\t}\n", g->name, g->rankvar,
			n);
	else
		bprintf(out, "\t\tdagcc_rank_unknown(\"%s\", dagcc_group_rank(%s), %d);\n\t}\n",
			g->name, g->rankgroup, n);
	for (int r = 0; r < n; r++)
		bfree(&text[r]);
	free(text);
	free(same);
}

/* After the input's last line: for each macro that shaped the graphs, a check that it still
 * expands to the value dagcc saw, else an error at the line of the graph that names it. */
static void locks(Buf *b, const Macros *ms, const char *file, int nonl)
{
	if (!ms->nmacro)
		return;
	if (nonl)
		bputs(b, "\n");
	bputs(b, "/* dagcc: the macro values the graphs above were built for */\n");
	for (int i = 0; i < ms->nmacro; i++) {
		const Macro *mc = &ms->macro[i];
		bprintf(b, "#if !defined(%s) || (%s) != (%s)\n", mc->name, mc->name, mc->value);
		linedir(b, mc->line, file);
		bprintf(b, "#pragma message(\"%s is \" DAGCC_XSTR(%s) \" in this build\")\n",
			mc->name, mc->name);
		linedir(b, mc->line, file);
		bprintf(b,
			"#error \"dagcc overlapped this file with %s = %s: run dagcc again with "
			"this build's flags\"\n#endif\n",
			mc->name, mc->value);
	}
}

/* gen, generated text, onto b with CRLF line ends when the input has them */
static void putgen(Buf *b, Buf *gen, int crlf)
{
	for (size_t i = 0; i < gen->len; i++) {
		if (crlf && gen->s[i] == '\n' && (i == 0 || gen->s[i - 1] != '\r'))
			bput(b, "\r", 1);
		bput(b, gen->s + i, 1);
	}
	gen->len = 0;
}

void printc(FILE *out, const Module *m, const char *file, const char *src, size_t len,
	    const Analysis *a, const Target *t)
{
	Buf b = {0}, gen = {0};
	const char *nl = memchr(src, '\n', len);
	int crlf = nl && nl > src && nl[-1] == '\r';
	bputs(&gen, "#include \"dagcc_rt.h\" /* added by dagcc */\n");
	linedir(&gen, 1, file);
	putgen(&b, &gen, crlf);
	size_t pos = 0;
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		size_t open = (size_t)g->body_begin, close = (size_t)g->body_end - 1;
		if (open < pos || close >= len || src[open] != '{' || src[close] != '}')
			die("graph %s: body offsets do not match the source", g->name);
		bput(&b, src + pos, open - pos);
		if (g->pphead) { /* the conditionals the body is in, and its #defines */
			bputs(&gen, open && src[open - 1] != '\n' ? "\n" : "");
			bputs(&gen, g->pphead);
			linedir(&gen, lineat(src, open), file);
		}
		int n = 1;
		while (g->rank >= 0 && gi + n < m->ngraph && samefamily(g, m->graph[gi + n]))
			n++;
		if (g->rank >= 0)
			ranks(&gen, m->graph + gi, n, a + gi, t, lineat(src, open));
		else
			body(&gen, g, &a[gi], t, lineat(src, open));
		gi += n - 1;
		if (g->pptail) {
			bputs(&gen, "\n");
			bputs(&gen, g->pptail);
		}
		linedir(&gen, lineat(src, close), file);
		putgen(&b, &gen, crlf);
		pos = close;
	}
	bput(&b, src + pos, len - pos);
	locks(&gen, &m->macros, file, len && src[len - 1] != '\n');
	putgen(&b, &gen, crlf);
	fwrite(b.s, 1, b.len, out);
	bfree(&b);
	bfree(&gen);
}
