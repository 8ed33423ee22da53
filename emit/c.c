/* c.c - --emit=c: the input file with each graph body replaced by its schedule (printc).
 *
 * Everything outside graph bodies is copied byte for byte; #include "dagcc_rt.h" comes first,
 * then DAGCC_PTRS_F(arguments) for each compute function a body calls through DAGCC_RUN (its
 * pointer arguments), each graph's site table (dagcc_sites_GRAPH, in source order: a node's
 * name, column and copy, the memory a compute call touches, a collective's group; the line
 * only where the node's hook does not stand alone on the node's line), then #line 1 so every
 * later line keeps its number. A body becomes: a comment with the simulated before and after,
 * DAGCC_GRAPH_BEGIN (the table; in profile mode the step's start, naming the graph and its
 * brace's line, where the first stream is a parameter), the declarations that are not nodes,
 * then the schedule's steps in order, a line each: a node's statement as its copy reads, a
 * compute call through DAGCC_RUN(site, stream, call) (DAGCC_RUN_PTRS with the pointers where
 * they are not its arguments, DAGCC_BEFORE/_AFTER around a statement that is not a call
 * alone); a collective's start as `DAGCC_START(ag_w) start` (the future named after its kind
 * and buffer); its wait as `dagcc_future_wait(&ag_w, s)`. A statement stands on its source
 * line: after a #line where the line before it does not put it there, a blank line where that
 * is one line short. Checked mode (DAGCC_CHECK=1) checks the memory a compute call touches
 * through its hook, and names a group through its starts' sites (DAGCC_CHECKED_GROUP before
 * the first start of one without); profile mode (DAGCC_PROFILE) measures compute calls and
 * starts through theirs, a step to DAGCC_PROFILE_STEP_END (at the end, on the last stream);
 * otherwise each costs a branch. A packed or contiguous bucket's start is measured as
 * "bucket:KIND:" and its members' keys. A run-time loop keeps its header around its body's
 * schedule (loopbody), its compute calls through DAGCC_CHECK_RUN (checked, not measured).
 * #line names the file once; generated lines are
 * wrapped at 120 columns, at arguments. Requires a graph from C (statement texts) with a
 * schedule. */
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

enum { COLS = 120 }; /* the widest line dagcc writes, a tab 8 columns */

/* The columns of the last line of s */
static int width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w = s[i] == '\n' ? 0 : s[i] == '\t' ? (w / 8 + 1) * 8 : w + 1;
	return w;
}

/* What the emitter keeps across the file: the source's identifiers (a future's name is none of
 * them), the site tables, one per distinct graph body, and the compute functions whose calls'
 * pointers DAGCC_PTRS_F picks. */
typedef struct {
	Graph *ids; /* its root names: the identifiers; its group names: the tables' texts */
	Buf tabs; /* the tables, printed */
	char **name; /* each table's name, by its text's index */
	int ntab;
	Graph *fns; /* its root names: the functions; fnpos[k]: '1' at each pointer argument of
		     * fns->root[k] ("" where its calls differ in their arguments' count) */
	char **fnpos;
	char *fnused; /* whether a body calls fns->root[k] through DAGCC_RUN */
} Em;

/* One body's: its site table's entries and its futures' names. */
typedef struct {
	Em *em;
	const Graph *g;
	Buf acc, site, keys, acckeys; /* the entries (\1: the table's name), the fields */
	struct Site {
		long long order; /* program order: the node's index, then its member's */
		const char *key, *name, *group; /* group: a collective's, as the program names it */
		Loc loc;
		int copy, line; /* line 0: the hook's own line is the node's */
		const char *acc; /* its accesses' entry, or "" */
		int nacc;
	} * sites;
	int capsites;
	const char **key; /* each compute node's site's field */
	int nsite, lastacc; /* lastacc: the line of the last site with accesses gathered */
	Graph *used; /* its group names: the futures' so far */
	const char ***fut; /* each node's future (a batch's: one per member) */
	int nlp; /* rotated loops so far: each counts its iterations in dagcc_lp<N> */
	const Loop **lps; /* by N: the loop (a peeled loop's guarded nodes name its flag) */
	int caplps;
	/* the run-time loop body being emitted (loopbody): its compute nodes' site fields, whether
	 * each has its site (a late node is emitted twice, in the loop and after it), and the
	 * sites' order: after the top-level loop node's, in the order first emitted */
	const char **lkey;
	unsigned char *lsited;
	long long lorder;
} Body;

/* s as a C string, in pieces of at most 80 characters on lines of their own */
static void putq(Buf *b, const char *s)
{
	size_t n = strlen(s);
	for (size_t i = 0; i < n || i == 0; i += 80) {
		char piece[81];
		size_t len = n - i < 80 ? n - i : 80;
		memcpy(piece, s + i, len);
		piece[len] = 0;
		bputs(b, i ? "\n\t    " : "");
		bputq(b, piece);
	}
}

/* line, wrapped at COLS between the pieces after its first n bytes: each piece is `, ` and
 * an argument; continuation lines one tab further in than the line. */
static void wrapped(Buf *b, const char *head, const char *first, const char **piece, int npiece,
		    const char *tail)
{
	size_t at = b->len;
	bputs(b, head);
	for (int k = 0; k < npiece; k++) {
		size_t len = strlen(piece[k]);
		if (width(b->s + at, b->len - at) + (int)len + 2 +
				    (k == npiece - 1 ? (int)strlen(tail) : 1) >
			    COLS &&
		    width(b->s + at, b->len - at) > 16) {
			const char *sep = k ? ", " : first; /* without its space */
			bput(b, sep, *sep ? strlen(sep) - 1 : 0);
			at = b->len; /* the new line from its '\n' */
			bputs(b, "\n\t\t");
		} else
			bputs(b, k ? ", " : first);
		bputs(b, piece[k]);
	}
	bputs(b, tail);
}

/* Sites in source order: line, column, copy, then program order (a node's index, then its
 * member's) */
static int byorder(const void *a, const void *b)
{
	const struct Site *x = a, *y = b;
	long long kx[] = {x->loc.line, x->loc.col, x->copy, x->order},
		  ky[] = {y->loc.line, y->loc.col, y->copy, y->order};
	for (int k = 0; k < 4; k++)
		if (kx[k] != ky[k])
			return (kx[k] > ky[k]) - (kx[k] < ky[k]);
	return 0;
}

/* The body's sites in source order, into its table's entries and fields: a schedule that
 * changes, or an edit that adds a node, leaves the other entries as they were */
static void gather(Body *bd)
{
	qsort(bd->sites, (size_t)bd->nsite, sizeof *bd->sites, byorder);
	for (int k = 0; k < bd->nsite; k++) {
		const struct Site *st = &bd->sites[k];
		/* the fields of one source line's sites in one declaration */
		int same = k && bd->sites[k - 1].loc.line == st->loc.line;
		bprintf(&bd->keys, "%s%s", !k ? "" : same ? ", " : ";", st->key);
		if (st->nacc) {
			bputs(&bd->acc, st->acc);
			bprintf(&bd->acckeys, "%s%s[%d]",
				!bd->acckeys.len	    ? "" :
				bd->lastacc == st->loc.line ? ", " :
							      ";",
				st->key, st->nacc);
			bd->lastacc = st->loc.line;
		}
		size_t at = bd->site.len;
		bprintf(&bd->site, "\t.%s = {", st->key);
		putq(&bd->site, st->name);
		bprintf(&bd->site, ", %d, %d, %d, %d,", st->line, st->loc.col, st->copy, st->nacc);
		/* the table's name is the graph's, or with its rank */
		int tail = (int)strlen(bd->g->name) + (int)strlen(st->key) + 20;
		if (st->nacc)
			bputs(&bd->site, width(bd->site.s + at, bd->site.len - at) + tail > COLS ?
						 "\n\t\t" :
						 " ");
		else
			bputs(&bd->site, " ");
		if (st->nacc)
			bprintf(&bd->site, "\1.%s", st->key);
		else
			bputs(&bd->site, "NULL");
		bputs(&bd->site, ",");
		bputs(&bd->site,
		      width(bd->site.s + at, bd->site.len - at) + 4 +
					      (int)strlen(st->group ? st->group : "NULL") >
				      COLS ?
			      "\n\t\t" :
			      " ");
		if (st->group)
			putq(&bd->site, st->group);
		else
			bputs(&bd->site, "NULL");
		bputs(&bd->site, "},\n");
	}
}

/* The access entry of a compute node's pointer argument a, `{bytes, mode, root}` */
static void accentry(Buf *b, const Body *bd, const Access *a)
{
	static const char *mode[] = {"0", "DAGCC_READ", "DAGCC_WRITE", "DAGCC_READWRITE"};
	/* bytes 0: the extent is not declared; an unknown root names no buffer, nor does a
	 * local's memory (another call's local may have had its address). The bytes run from
	 * this rank's pointer: the declared extent, not the access's len, which a rank-dependent
	 * offset widens to every rank's. */
	bprintf(b, "{%lld, %s, ", (long long)(a->exprlen == LEN_REST ? 0 : a->exprlen),
		mode[a->mode]);
	if (strcmp(bd->g->root[a->root], UNKNOWN_ROOT) == 0 || a->local)
		bputs(b, "NULL");
	else
		putq(b, bd->g->root[a->root]);
	bputs(b, "}");
}

/* Whether a compute access is one the hook checks: a declared extent of nothing touches
 * nothing */
static int checked(const Access *a)
{
	return a->expr && a->exprlen != 0;
}

/* A site for the node at loc and copy, named name, at line (0: its hook's); a compute node's
 * accesses with it, the k-th for the k-th pointer argument pos marks ('1' in pos; NULL: each
 * checked access in turn); group, a collective's group: the site's index in the body. */
static int addsite(Body *bd, long long order, const char *key, const char *name, Loc loc, int copy,
		   int line, const Node *n, const char *pos, const int *argof, const char *group)
{
	int nacc = 0;
	Buf one = {0};
	const char **piece =
		zalloc((size_t)(n ? n->nacc : 0) + strlen(pos ? pos : "") + 1, sizeof *piece);
	for (int k = 0, arg = 0; n && (pos ? pos[arg] != 0 : k < n->nacc);) {
		if (pos && pos[arg] != '1') {
			arg++;
			continue;
		}
		const Access *a = NULL; /* pos: the access of argument arg, if any */
		if (pos) {
			for (int j = 0; j < n->nacc; j++)
				if (argof[j] == arg)
					a = &n->acc[j];
			arg++;
		} else
			a = &n->acc[k++];
		if (pos && !a)
			bputs(&one, "{0, 0, NULL}"); /* mode 0: no access there (a NULL) */
		else if (!checked(a))
			continue;
		else
			accentry(&one, bd, a);
		piece[nacc++] = astrdup(bd->used->arena, one.s);
		one.len = 0;
	}
	agrow(bd->used->arena, &bd->sites, &bd->capsites, bd->nsite + 1, sizeof *bd->sites);
	struct Site *st = &bd->sites[bd->nsite];
	*st = (struct Site){.order = order,
			    .key = key,
			    .name = name,
			    .group = group,
			    .loc = loc,
			    .copy = copy,
			    .line = line,
			    .acc = "",
			    .nacc = nacc};
	if (nacc) {
		bprintf(&one, "\t.%s = {", key);
		Buf acc = {0};
		wrapped(&acc, one.s, "", piece, nacc, "},\n");
		st->acc = astrdup(bd->used->arena, acc.s);
		bfree(&acc);
	}
	bfree(&one);
	free(piece);
	return bd->nsite++;
}

/* The text from a C root or argument that names a future: its last member's name and indices,
 * letters, digits and single underscores (`md->act[0 + 1]` -> `act_0_1`, `w.3` -> `w_3`). */
static void futbase(Buf *b, const char *s)
{
	const char *from = s;
	for (const char *p = s; *p; p++)
		if ((p[0] == '-' && p[1] == '>') ||
		    (p[0] == '.' && (isalpha((unsigned char)p[1]) || p[1] == '_')))
			from = p + (*p == '-' ? 2 : 1);
	size_t start = b->len;
	for (const char *p = from; *p && b->len - start < 24; p++) {
		if (isalnum((unsigned char)*p))
			bput(b, p, 1);
		else if (b->len > start && b->s[b->len - 1] != '_')
			bput(b, "_", 1);
	}
	while (b->len > start && b->s[b->len - 1] == '_')
		b->len--;
	b->s[b->len] = 0;
}

/* The short name of a collective's kind, a future's prefix */
static const char *kindshort(NodeKind k)
{
	static const char *const shortname[][2] = {
		{"all_reduce", "ar"},  {"all_gather", "ag"}, {"reduce_scatter", "rs"},
		{"all_to_all", "a2a"}, {"broadcast", "bc"},  {"send", "send"},
		{"recv", "recv"},
	};
	for (size_t i = 0; i < sizeof shortname / sizeof shortname[0]; i++)
		if (colls[k].name && !strcmp(colls[k].name, shortname[i][0]))
			return shortname[i][1];
	return "f";
}

static const char *fold(Graph *g, const char *s);

/* Each compute node's site's field, FUNCTION_BUFFER after what it writes (else reads), in
 * program order a number after the first of a name (matmul_act_1, matmul_act_1_2): into used's
 * root names, which futures' names then avoid. An edit elsewhere renames none. */
static const char **sitekeys(Graph *used, const Graph *g)
{
	const char **key = zalloc((size_t)g->nnode + 1, sizeof *key);
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if (n->kind != N_COMPUTE) /* only compute nodes' sites are named so */
			continue;
		const Access *buf = NULL;
		for (int k = 0; k < n->nacc; k++)
			if (n->acc[k].expr &&
			    (!buf || ((n->acc[k].mode & ACC_WRITE) && !(buf->mode & ACC_WRITE))))
				buf = &n->acc[k];
		Buf base = {0}, name = {0};
		futbase(&base, n->name);
		if (!base.len)
			bputs(&base, "f");
		if (buf) {
			bputs(&base, "_");
			futbase(&base, fold(used, buf->expr));
			if (base.s[base.len - 1] == '_')
				base.s[--base.len] = 0;
		}
		bputs(&name, base.s);
		for (int k = 2; findname(used, &used->root, name.s) >= 0; k++) {
			name.len = 0;
			bprintf(&name, "%s_%d", base.s, k);
		}
		int k = intern(used, &used->root, &used->nroot, name.s);
		key[i] = used->root[k]; /* after intern, which may move the names */
		bfree(&base);
		bfree(&name);
	}
	return key;
}

/* A future's name: KIND_BUFFER, made distinct from the source's identifiers and the body's
 * other futures by a number (deterministic: the schedule's order). */
static const char *futname(Body *bd, NodeKind kind, const char *buf)
{
	Buf base = {0};
	bprintf(&base, "%s_", kindshort(kind));
	futbase(&base, buf && *buf ? buf : "x");
	if (base.s[base.len - 1] == '_')
		bputs(&base, "x");
	Buf name = {0};
	bputs(&name, base.s);
	for (int k = 2; findname(bd->em->ids, &bd->em->ids->root, name.s) >= 0 ||
			findname(bd->used, &bd->used->group, name.s) >= 0 ||
			findname(bd->used, &bd->used->root, name.s) >= 0; /* a compute site's */
	     k++) {
		name.len = 0;
		bprintf(&name, "%s_%d", base.s, k);
	}
	int i = intern(bd->used, &bd->used->group, &bd->used->ngroup, name.s);
	bfree(&base);
	bfree(&name);
	return bd->used->group[i];
}

/* The buffer a collective's future is named after: what it writes, else what it sends */
static const char *futbuf(const char *send, const char *recv)
{
	return recv && *recv ? recv : send;
}

/* Whether a statement's text is a call alone, `f(...)`: one expression DAGCC_RUN may take */
static int callalone(const char *s)
{
	const char *p = s;
	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '(' || !(p = closeparen(p, 0)))
		return 0;
	for (; *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'; p++)
		;
	return !*p;
}

/* s with each index that adds two integer literals folded, `[0 + 1]` -> `[1]` (a copy's loop
 * variable substituted), outside strings and characters: in the arena of g */
static const char *fold(Graph *g, const char *s)
{
	if (!s || !strchr(s, '['))
		return s;
	Buf b = {0};
	for (const char *p = s; *p;) {
		if (*p == '"' || *p == '\'') {
			const char *q = p;
			while (q[1] && *++q != *p)
				q += q[0] == '\\' && q[1];
			bput(&b, p, (size_t)(q - p) + (*q != 0));
			p = q + (*q != 0);
			continue;
		}
		long long x, y;
		const char *q = p + 1;
		while (*p == '[' && *q == ' ')
			q++;
		char *e1, *e2;
		if (*p == '[' && isdigit((unsigned char)*q)) { /* decimal: 0 alone, or no 0 first */
			x = strtoll(q, &e1, 10);
			const char *r = e1;
			while (*r == ' ')
				r++;
			if (*r == '+' && !isalnum((unsigned char)*e1) && *e1 != '.') {
				r++;
				while (*r == ' ')
					r++;
				if (isdigit((unsigned char)*r)) {
					y = strtoll(r, &e2, 10);
					const char *t = e2;
					while (*t == ' ')
						t++;
					if (*t == ']' && !isalnum((unsigned char)*e2) &&
					    *e2 != '.' && x >= 0 && y >= 0 && x < 0x40000000 &&
					    y < 0x40000000 && (*q != '0' || e1 == q + 1) &&
					    (*r != '0' || e2 == r + 1)) {
						bprintf(&b, "[%lld]", x + y);
						p = t + 1;
						continue;
					}
				}
			}
		}
		bput(&b, p, 1);
		p++;
	}
	const char *out = astrdup(g->arena, b.s);
	bfree(&b);
	return out;
}

/* Whether C text s has a comma outside brackets, strings and characters: a macro argument
 * that must be in parentheses */
static int toplevelcomma(const char *s)
{
	int depth = 0;
	for (; *s; s++) {
		if (*s == '"' || *s == '\'') {
			char q = *s;
			while (s[1] && *++s != q)
				s += s[0] == '\\' && s[1];
		} else if (*s == '(' || *s == '[' || *s == '{')
			depth++;
		else if (*s == ')' || *s == ']' || *s == '}')
			depth--;
		else if (*s == ',' && depth <= 0)
			return 1;
	}
	return 0;
}

/* The callee of a call alone: the identifier it begins with, into the arena of g */
static const char *callee(Graph *g, const char *s)
{
	size_t n = 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return astrndup(g->arena, s, n);
}

/* Whether C texts a and b read alike but for blanks */
static int sametext(const char *a, const char *b)
{
	for (;; a++, b++) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
	}
}

/* The arguments of a call alone, s = `f(...)`, as the preprocessor splits them (at commas
 * outside parentheses): their number, or -1 where C splits them otherwise (a comma inside
 * brackets or braces alone); argof[j], of n's j-th access that the hook checks, the argument
 * whose text is its pointer's (in order; -1: none, *matched then 0). */
static int callargs(const char *s, const Node *n, int *argof, int *matched)
{
	const char *p = strchr(s, '('), *from = p + 1;
	int nargs = 0, paren = 0, other = 0, next = 0;
	*matched = 1;
	for (int j = 0; j < n->nacc; j++)
		argof[j] = -1;
	for (p++; *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;
			while (p[1] && *++p != q)
				p += p[0] == '\\' && p[1];
			continue;
		}
		paren += *p == '(';
		other += *p == '[' || *p == '{';
		other -= *p == ']' || *p == '}';
		if ((*p == ',' && paren == 0) || (*p == ')' && paren-- == 0)) {
			if (other)
				return -1;
			Buf arg = {0};
			bput(&arg, from, (size_t)(p - from));
			for (int j = next; arg.s && j < n->nacc; j++)
				if (checked(&n->acc[j]) && sametext(arg.s, n->acc[j].expr)) {
					argof[j] = nargs;
					next = j + 1;
					break;
				}
			bfree(&arg);
			if (nargs || p > from || *p == ',')
				nargs++;
			from = p + 1;
			if (*p == ')')
				break;
		}
	}
	for (int j = 0; j < n->nacc; j++)
		*matched &= argof[j] >= 0 || !checked(&n->acc[j]);
	return nargs;
}

/* Each function called alone through DAGCC_RUN, into em: the arguments its calls' checked
 * pointers are (the same count everywhere, else none are picked). */
static void pointerargs(Em *em, const Graph *g)
{
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if (n->kind != N_COMPUTE || !nodestream(n) || !callalone(n->src->text))
			continue;
		int *argof = zalloc((size_t)n->nacc + 1, sizeof *argof), matched;
		int nargs = callargs(n->src->text, n, argof, &matched);
		int was = em->fns->nroot;
		int k = intern(em->fns, &em->fns->root, &em->fns->nroot,
			       callee(em->fns, n->src->text));
		if (k == was) {
			em->fnpos = realloc(em->fnpos, (size_t)(k + 1) * sizeof *em->fnpos);
			em->fnused = realloc(em->fnused, (size_t)(k + 1));
			if (!em->fnpos || !em->fnused)
				die("out of memory");
			em->fnused[k] = 0;
			em->fnpos[k] = NULL;
			if (nargs >= 0) {
				em->fnpos[k] = zalloc((size_t)nargs + 1, 1);
				memset(em->fnpos[k], '0', (size_t)nargs);
			}
		}
		if (em->fnpos[k] && (nargs < 0 || strlen(em->fnpos[k]) != (size_t)nargs)) {
			free(em->fnpos[k]); /* calls of one name that differ: none picked */
			em->fnpos[k] = NULL;
		}
		for (int j = 0; em->fnpos[k] && matched && j < n->nacc; j++)
			if (argof[j] >= 0)
				em->fnpos[k][argof[j]] = '1';
		free(argof);
	}
}

/* `#define DAGCC_PTRS_F(a0, a1, ...) (a1), ...` for each function a body calls through
 * DAGCC_RUN: its calls' pointer arguments */
static int bystr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* sep and item onto a #define, the line from at: on a line of its own (a backslash ending the
 * one before) where it would pass COLS with the tail characters after it */
static void defitem(Buf *b, size_t *at, const char *sep, const char *item, int tail)
{
	bputs(b, sep);
	if (width(b->s + *at, b->len - *at) + 1 + (int)strlen(item) + tail + 2 > COLS) {
		bputs(b, " \\\n\t");
		*at = b->len - 1;
	} else if (*sep || b->s[b->len - 1] == ')')
		bputs(b, " ");
	bputs(b, item);
}

static void pickers(Buf *b, const Em *em)
{
	const char **by = zalloc((size_t)em->fns->nroot + 1, sizeof *by); /* by name */
	for (int k = 0; k < em->fns->nroot; k++)
		by[k] = em->fns->root[k];
	qsort(by, (size_t)em->fns->nroot, sizeof *by, bystr);
	for (int i = 0; i < em->fns->nroot; i++) {
		int k = findname(em->fns, &em->fns->root, by[i]);
		if (!em->fnused[k])
			continue;
		size_t at = b->len;
		bprintf(b, "#define DAGCC_PTRS_%s(", em->fns->root[k]);
		const char *pos = em->fnpos[k];
		Buf item = {0};
		for (int j = 0; pos[j]; j++) {
			item.len = 0;
			bprintf(&item, "a%d", j);
			defitem(b, &at, j ? "," : "", item.s, pos[j + 1] ? 1 : 2);
		}
		bputs(b, ")");
		for (int j = 0, first = 1; pos[j]; j++)
			if (pos[j] == '1') {
				item.len = 0;
				bprintf(&item, "(a%d)", j);
				defitem(b, &at, first ? "" : ",", item.s, 1);
				first = 0;
			}
		bfree(&item);
		bputs(b, "\n");
	}
	free(by);
}

/* Whether statement text s ends with a block that ends it: `if|for|while|switch (...) {...}`
 * or `else {...}`, which takes no `;` after it (a compound literal's `}` does) */
static int endsblock(const char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (!n || s[n - 1] != '}')
		return 0;
	/* back to the { of that }, outside strings (not tracked backwards: none may hold a brace) */
	long i = (long)n - 1;
	for (int depth = 0; i >= 0; i--) {
		if (s[i] == '"' || s[i] == '\'')
			return 0;
		depth += (s[i] == '}') - (s[i] == '{');
		if (depth == 0)
			break;
	}
	while (--i >= 0 && isspace((unsigned char)s[i]))
		;
	if (i >= 3 && !memcmp(s + i - 3, "else", 4) &&
	    (i == 3 || !isalnum((unsigned char)s[i - 4])))
		return 1;
	if (i < 0 || s[i] != ')')
		return 0;
	for (int depth = 0; i >= 0; i--) { /* the ( of that ) */
		depth += (s[i] == ')') - (s[i] == '(');
		if (depth == 0)
			break;
	}
	while (--i >= 0 && isspace((unsigned char)s[i]))
		;
	static const char *const kw[] = {"if", "for", "while", "switch"};
	for (size_t k = 0; k < sizeof kw / sizeof kw[0]; k++) {
		long len = (long)strlen(kw[k]);
		if (i + 1 >= len && !memcmp(s + i + 1 - len, kw[k], (size_t)len) &&
		    (i + 1 == len || !(isalnum((unsigned char)s[i - len]) || s[i - len] == '_')))
			return 1;
	}
	return 0;
}

/* A compute call with a stream, through its hook: checked with the memory it touches, and
 * measured. A call alone of a function whose pointer arguments DAGCC_PTRS_F picks is
 * `DAGCC_RUN(site, s, call);`, another `DAGCC_RUN_PTRS(site, s, call, pointers)`, a statement
 * that is not a call alone `DAGCC_BEFORE(site, s, pointers); statement; DAGCC_AFTER(site, s);`.
 * The call keeps its line; where the hook and its first line do not fit in COLS, the hook
 * begins on the line before. A hook on one line, the node's, reads the line from __LINE__;
 * another from its site. */
static void runcompute(Buf *b, Body *bd, const Node *n, const char *at, long long order, int prof,
		       int site)
{
	const char *st = n->src->stream;
	const char *text = fold(bd->used, n->src->text);
	int *argof = zalloc((size_t)n->nacc + 1, sizeof *argof), matched = 0, k = -1;
	const char *pos = NULL;
	if (callalone(n->src->text)) {
		int nargs = callargs(n->src->text, n, argof, &matched);
		k = findname(bd->em->fns, &bd->em->fns->root, callee(bd->used, n->src->text));
		if (k >= 0 && matched && nargs >= 0 && bd->em->fnpos[k])
			pos = bd->em->fnpos[k];
	}
	int np = 0;
	const char **piece = zalloc((size_t)n->nacc + 1, sizeof *piece);
	Buf ptrs = {0};
	for (int j = 0; !pos && j < n->nacc; j++)
		if (checked(&n->acc[j]))
			bprintf(&ptrs, toplevelcomma(n->acc[j].expr) ? "(%s)%c" : "%s%c",
				fold(bd->used, n->acc[j].expr), 0);
	for (size_t off = 0; off < ptrs.len; off += strlen(ptrs.s + off) + 1)
		piece[np++] = ptrs.s + off;
	Buf head = {0}, hook = {0};
	const char *nl = strchr(text, '\n');
	int first = nl ? width(text, (size_t)(nl - text)) : width(text, strlen(text));
	int above = n->loc.line > 1 && 8 + (int)strlen(at) + (int)strlen(st) + 16 + first > COLS;
	const char *run = prof ? "DAGCC_RUN" : "DAGCC_CHECK_RUN";
	if (pos) {
		bd->em->fnused[k] = 1;
		bprintf(&hook, "\t%s(%s, %s,%s%s);\n", run, at, st, above ? "\n\t" : " ", text);
	} else if (callalone(text)) {
		bprintf(&head, "\t%s_PTRS(%s, %s,%s%s", run, at, st, above ? "\n\t" : " ", text);
		wrapped(&hook, head.s, ", ", piece, np, ");\n");
	} else {
		bprintf(&head, "\t%s(%s, %s", prof ? "DAGCC_BEFORE" : "DAGCC_CHECK_BEFORE", at, st);
		wrapped(&hook, head.s, ", ", piece, np, ");");
		if (above) {
			bputs(&hook, "\n");
			linedir(&hook, n->loc.line, bd->g->file);
		}
		if (prof)
			bprintf(&hook, "%s%s; DAGCC_AFTER(%s, %s);\n", above ? "\t" : " ", text, at,
				st);
		else
			bprintf(&hook, "%s%s;\n", above ? "\t" : " ", text);
	}
	if (above && callalone(text)) /* the call on its line, after the hook's */
		linedir(b, n->loc.line - 1, bd->g->file);
	bput(b, hook.s, hook.len);
	int oneline = !memchr(hook.s, '\n', hook.len - 1);
	if (site)
		addsite(bd, order, at, n->name, n->loc, n->copy, oneline ? 0 : n->loc.line, n, pos,
			argof, NULL);
	bfree(&head);
	bfree(&hook);
	bfree(&ptrs);
	free(piece);
	free(argof);
}

/* Call text `dagcc_NAME(args)` as its start, `dagcc_NAME_start(args)`, into st */
static void startcall(Buf *st, const char *call)
{
	const char *paren = strchr(call, '(');
	size_t len = (size_t)(paren - call);
	while (len && (call[len - 1] == ' ' || call[len - 1] == '\t'))
		len--;
	bprintf(st, "%.*s_start%s", (int)len, call, paren);
}

/* `DAGCC_START(fut) start;`: the future fut, measured as its site (named after it); or
 * `dagcc_future fut = start;` (site 0). The start keeps the line its #line names, on one
 * line (its errors name the user's line: __LINE__ in a call over two lines differs between
 * compilers); where the two do not fit in COLS, the hook is on the line before: then 1 (its
 * site names the line), else 0. */

static int putstart(Buf *b, const char *fut, int site, const char *call, int line, const char *file)
{
	Buf st = {0};
	startcall(&st, call);
	Buf one = {0};
	int above = 0;
	if (site)
		bprintf(&one, "\tDAGCC_START(%s) %s;", fut, st.s);
	if (!site)
		bprintf(b, "\tdagcc_future %s = %s;\n", fut, st.s);
	else if (width(one.s, one.len) <= COLS || line < 2)
		bprintf(b, "%s\n", one.s);
	else { /* the hook on the line before, the start on its own line */
		linedir(b, line - 1, file);
		bprintf(b, "\tDAGCC_START(%s)\n\t%s;\n", fut, st.s);
		above = 1;
	}
	bfree(&one);
	bfree(&st);
	return above;
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

/* A packed or contiguous bucket's site name, "bucket:KIND:" and its members' keys: whether it
 * has one (not past what a C compiler must take as a string literal) */
static int bucketkey(Buf *name, const Node *c)
{
	bprintf(name, "bucket:%s:", colls[c->kind].name);
	for (int k = 0; k < c->nmember && name->len < 3000; k++)
		bprintf(name, "%s%d.%d.%d", k ? "," : "", c->member[k].loc.line,
			c->member[k].loc.col, c->member[k].copy);
	return name->len < 3000 && c->member[0].loc.line > 0;
}

/* Whether the first start of collective c has a site (which names its group) */
static int startsite(const Node *c)
{
	if (c->kind == N_P2P)
		return 0;
	if (c->form == BK_NONE)
		return 1;
	if (c->form == BK_COALESCED)
		return c->member[0].loc.line > 0;
	Buf name = {0};
	int has = bucketkey(&name, c);
	bfree(&name);
	return has;
}

/* The one collective of a packed or contiguous bucket c (node ci), on the bucket's buffer or
 * the members' adjacent memory, as the call its start is made from */
static void bucketcall(Buf *call, const Node *c, int ci)
{
	const Coll *cl = &colls[c->kind];
	const char *G = c->src->gtext;
	bprintf(call, "%s(%s, ", cl->call, G);
	if (c->form == BK_CONTIGUOUS)
		bprintf(call, "%s", c->member[0].send);
	else if (cl->send == cl->recv)
		bprintf(call, "dagcc_b%d", ci);
	else if (cl->sendside != SIDE_ALL)
		bprintf(call, "dagcc_b%d, dagcc_b%d + %lld", ci, ci, (long long)c->bytes);
	else
		bprintf(call, "dagcc_b%d, dagcc_b%d + (size_t)%lld * (size_t)dagcc_group_size(%s)",
			ci, ci, (long long)c->bytes, G);
	bprintf(call, ", (size_t)%lld, DAGCC_", (long long)c->count);
	upper(call, dtypename[c->dtype]);
	if ((int)c->op >= 0) {
		bputs(call, ", DAGCC_");
		upper(call, opname[c->op]);
	}
	bprintf(call, ", %s)", c->src->stream);
}

/* The start of a bucket: one collective on the bucket's buffer or the members' adjacent memory,
 * or the members' own starts as one NCCL group; of a p2p group, its sends' and receives' starts
 * as one NCCL group (not measured in profile mode). */
static void startbucket(Buf *b, Body *bd, const Node *c, int ci)
{
	const Graph *g = bd->g;
	const char *G = c->src->gtext, *st = c->src->stream;
	if (c->form == BK_COALESCED || c->kind == N_P2P) {
		const char *batch = c->kind == N_P2P ? "p2p" : "coalesce";
		if (c->kind == N_P2P)
			linedir(b, c->loc.line, g->file);
		bprintf(b, "\tdagcc_%s_begin(%s, %s);\n", batch, G, st);
		for (int k = 0; k < c->nmember; k++) {
			const Member *m = &c->member[k];
			NodeKind kind = c->kind == N_P2P ? m->kind : c->kind;
			bd->fut[ci][k] = futname(bd, kind, futbuf(m->send, m->recv));
			/* each member measured as the node it is (where the backend can: mpi) */
			int at = m->loc.line > 0 && c->kind != N_P2P ?
					 addsite(bd, ((long long)ci << 20) + k, bd->fut[ci][k],
						 colls[c->kind].name, m->loc, m->copy, 0, NULL,
						 NULL, NULL, g->group[c->group]) :
					 -1;
			if (m->loc.line > 0)
				linedir(b, m->loc.line, g->file);
			if (putstart(b, bd->fut[ci][k], at >= 0, fold(bd->used, m->call),
				     m->loc.line, g->file))
				bd->sites[at].line = m->loc.line;
		}
		if (c->kind == N_P2P)
			linedir(b, c->loc.line, g->file);
		bprintf(b, "\tdagcc_%s_end(%s, %s);\n", batch, G, st);
		return;
	}
	/* one collective for all: measured as the bucket, its members named for dagcc to share
	 * its time out (not past what a C compiler must take as a string literal) */
	Buf name = {0};
	int at = -1;
	bd->fut[ci][0] = futname(bd, c->kind, "bucket");
	if (bucketkey(&name, c))
		at = addsite(bd, (long long)ci << 20, bd->fut[ci][0],
			     astrdup(bd->used->arena, name.s), c->member[0].loc, c->member[0].copy,
			     0, NULL, NULL, NULL, g->group[c->group]);
	bfree(&name);
	linedir(b, c->loc.line, g->file);
	Buf call = {0};
	bucketcall(&call, c, ci);
	if (putstart(b, bd->fut[ci][0], at >= 0, call.s, c->loc.line, g->file))
		bd->sites[at].line = c->loc.line;
	bfree(&call);
}

/* Buf in's lines into out a tab further in (#line directives stay at the margin) */
static void indent(Buf *out, const Buf *in)
{
	for (size_t k = 0; k < in->len; k++) {
		if ((!k || in->s[k - 1] == '\n') && in->s[k] != '#')
			bputs(out, "\t");
		bput(out, in->s + k, 1);
	}
}

static void loopbody(Buf *b, Body *bd, const Graph *g, const Node *n);
static void prelude(Buf *b, const Graph *g, int after);
static void namegroup(Buf *b, const Graph *g, const Node *n, char *named);

/* How many futures collective x of a loop body has: a coalesced bucket's members' own (it
 * starts them as one NCCL group), else one */
static int nfuts(const Node *x)
{
	return x->form == BK_COALESCED ? x->nmember : 1;
}

/* Their names, into fut; returns how many */
static int namefuts(Body *bd, const Node *x, const char **fut)
{
	if (x->form == BK_COALESCED)
		for (int k = 0; k < x->nmember; k++)
			fut[k] = futname(bd, x->kind, futbuf(x->member[k].send, x->member[k].recv));
	else
		fut[0] =
			futname(bd, x->kind,
				x->form != BK_NONE ? "bucket" : futbuf(x->src->send, x->src->recv));
	return nfuts(x);
}

/* Collective x (node i) of a loop body started into futures fut: declared here (namefuts), or
 * (assign) assigned where declared before; a bucket's members as one NCCL group, or its one
 * collective on their adjacent memory (a body allocates nothing: never packed) */
static void bodystart(Buf *b, Body *bd, const Graph *g, const Node *x, int i, const char **fut,
		      int assign)
{
	int n = assign ? nfuts(x) : namefuts(bd, x, fut);
	if (x->form == BK_COALESCED)
		bprintf(b, "	dagcc_coalesce_begin(%s, %s);\n", x->src->gtext, x->src->stream);
	for (int k = 0; k < n; k++) {
		Buf call = {0};
		int line = x->loc.line;
		if (x->form == BK_COALESCED) {
			line = x->member[k].loc.line > 0 ? x->member[k].loc.line : line;
			linedir(b, line, g->file);
			bputs(&call, fold(bd->used, x->member[k].call));
		} else if (x->form != BK_NONE) {
			bucketcall(&call, x, i);
		} else {
			bputs(&call, fold(bd->used, x->src->call));
		}
		if (assign) {
			Buf st = {0};
			startcall(&st, call.s);
			bprintf(b, "	%s = %s;\n", fut[k], st.s);
			bfree(&st);
		} else {
			putstart(b, fut[k], 0, call.s, line, g->file);
		}
		bfree(&call);
	}
	if (x->form == BK_COALESCED) {
		linedir(b, x->loc.line, g->file);
		bprintf(b, "	dagcc_coalesce_end(%s, %s);\n", x->src->gtext, x->src->stream);
	}
}

/* Step k of loop body lb: its node run, its collective started (into fut[i]: declared there,
 * or assigned where declared before) or waited */
static void loopstep(Buf *b, Body *bd, const Graph *g, const Graph *lb, int k, const char ***fut,
		     int assign)
{
	int i = lb->step[k].node;
	const Node *x = &lb->node[i];
	linedir(b, x->loc.line, g->file);
	switch (lb->step[k].kind) {
	case ST_RUN:
		if (loopof(lb, x)) {
			loopbody(b, bd, lb, x);
		} else if (x->kind == N_COMPUTE && nodestream(x)) { /* checked as the body's */
			const Graph *top = bd->g; /* whose roots addsite names */
			bd->g = lb;
			runcompute(b, bd, x, bd->lkey[i], bd->lorder, 0, !bd->lsited[i]);
			bd->g = top;
			bd->lorder += !bd->lsited[i];
			bd->lsited[i] = 1;
		} else {
			bprintf(b, "\t%s%s\n", fold(bd->used, x->src->text),
				endsblock(x->src->text) ? "" : ";");
		}
		break;
	case ST_START:
		bodystart(b, bd, g, x, i, fut[i], assign);
		break;
	case ST_WAIT:
		for (int m = 0; m < nfuts(x); m++)
			bprintf(b, "\tdagcc_future_wait(&%s, %s);\n", fut[i][m], x->src->stream);
		break;
	}
}

/* The steps of graph g's schedule from k on whose nodes are guarded by one peeled loop
 * (Node.guard), as one block run where the loop ran a trip: `if (dagcc_lpN) { ... }`, opening
 * as the loop's epilogue would (the loop variable and the body's declarations as the last trip
 * had them) where they name either; the futures of the collectives it starts declared before
 * it, since a later block may wait them. At the top level (lb NULL) each step as body()
 * writes one, but compute checked and not measured, as a loop body's; in loop body lb, as
 * loopstep writes it (fut: the futures by node). Returns the first step after the block. */
static int guarded(Buf *b, Body *bd, const Graph *g, const Graph *lb, int k, const char ***fut,
		   char *named)
{
	const Graph *h = lb ? lb : g; /* whose schedule */
	int guard = h->node[h->step[k].node].guard, e, names = 0, num = 0;
	const Loop *lp = &h->loop[guard - 1];
	while (num < bd->nlp && bd->lps[num] != lp)
		num++;
	Buf blk = {0};
	for (e = k; e < h->nstep && h->node[h->step[e].node].guard == guard; e++) {
		int i = h->step[e].node;
		const Node *x = &h->node[i];
		if (h->step[e].kind != ST_WAIT)
			names |= x->src->namesvar;
		if (h->step[e].kind == ST_START) {
			if (named)
				namegroup(b, g, x, named);
			for (int m = 0, nf = namefuts(bd, x, fut[i]); m < nf; m++)
				bprintf(b, "\tdagcc_future %s = {0};\n", fut[i][m]);
		}
		if (lb) {
			loopstep(&blk, bd, g, lb, e, fut, 1);
			continue;
		}
		linedir(&blk, x->loc.line, g->file);
		if (h->step[e].kind == ST_RUN && nodestream(x))
			runcompute(&blk, bd, x, bd->key[i], (long long)i << 20, 0, 1);
		else if (h->step[e].kind == ST_RUN)
			bprintf(&blk, "\t%s%s\n", fold(bd->used, x->src->text),
				endsblock(x->src->text) ? "" : ";");
		else if (h->step[e].kind == ST_START)
			bodystart(&blk, bd, g, x, i, fut[i], 1);
		else
			for (int m = 0; m < nfuts(x); m++)
				bprintf(&blk, "\tdagcc_future_wait(&%s, %s);\n", fut[i][m],
					x->src->stream);
	}
	Buf in = {0};
	if (names) {
		bprintf(&in, "\t%s %s = dagcc_lv%d; (void)%s;\n", lp->vartype, lp->var, num,
			lp->var);
		prelude(&in, lp->body, -1);
	}
	bputs(&in, blk.len ? blk.s : "");
	bprintf(b, "\tif (dagcc_lp%d) {\n", num);
	indent(b, &in);
	bputs(b, "\t}\n");
	bfree(&in);
	bfree(&blk);
	return e;
}

/* Loop lp's body's steps: all of them, a rotated body's late ones (the trip before's) in
 * `if (flag)` blocks, their futures declared before; or (epilogue) only the late ones, the
 * last trip's */
static void loopsteps(Buf *b, Body *bd, const Graph *g, const Loop *lp, int epilogue,
		      const char *flag, const char ***fut)
{
	const Graph *lb = lp->body;
	Buf blk = {0}; /* the late steps since the last of this trip's */
	int names = 0; /* one of them names the loop's variable or the body's locals */
	for (int k = 0; k <= lb->nstep; k++) {
		int islate = k < lb->nstep && lp->late && lp->late[lb->step[k].node];
		if (blk.len && (epilogue ? k == lb->nstep : !islate)) {
			Buf hd = {0}, all = {0};
			if (names) { /* the variable and the locals as the late nodes' trip had them */
				bprintf(&hd, "\t%s %s = dagcc_lv%s; (void)%s;\n", lp->vartype,
					lp->var, flag + strlen("dagcc_lp"), lp->var);
				prelude(&hd, lb, -1);
			}
			bprintf(&all, "%s%s", hd.len ? hd.s : "", blk.s);
			if (epilogue) {
				bputs(b, all.s);
			} else {
				bprintf(b, "\tif (%s) {\n", flag);
				indent(b, &all);
				bputs(b, "\t}\n");
			}
			bfree(&hd);
			bfree(&all);
			blk.len = 0;
			names = 0;
		}
		if (k == lb->nstep)
			break;
		if (!epilogue && lb->node[lb->step[k].node].guard) { /* a loop's, peeled */
			k = guarded(b, bd, g, lb, k, fut, NULL) - 1;
			continue;
		}
		if (islate && lb->step[k].kind != ST_WAIT) /* a wait names its future only */
			names |= lb->node[lb->step[k].node].src->namesvar;
		if (!epilogue)
			loopstep(islate ? &blk : b, bd, g, lb, k, fut, islate);
		else if (islate)
			loopstep(&blk, bd, g, lb, k, fut, 0);
	}
	bfree(&blk);
}

/* Whether a late node of loop lp names its variable or a variable its body declares */
static int latenames(const Loop *lp)
{
	for (int i = 0; lp->late && i < lp->body->nnode; i++)
		if (lp->late[i] && lp->body->node[i].src->namesvar)
			return 1;
	return 0;
}

/* A run-time loop (Graph.loop): its header as the program reads it, then its body's schedule,
 * each trip starting and waiting its own collectives, their futures the trip's locals. A
 * rotated body (Loop.late) counts its iterations in a flag of its own: the first runs none of
 * the late nodes, each later one the trip before's beside its own, and after the loop, where
 * any trip ran, the last trip's late nodes run. Its compute nodes have sites of their own,
 * checked (DAGCC_CHECK_RUN) but not measured: profile mode sees the loop whole, as the barrier
 * it was. */
static void loopbody(Buf *b, Body *bd, const Graph *g, const Node *n)
{
	const Loop *lp = loopof(g, n);
	const Graph *lb = lp->body;
	const char **lkey = bd->lkey;
	unsigned char *lsited = bd->lsited;
	bd->lkey = sitekeys(bd->used, lb);
	bd->lsited = zalloc((size_t)lb->nnode + 1, 1);
	if (g == bd->g) /* a top-level loop: its sites after its node's place */
		bd->lorder = ((long long)(n - g->node) << 20) + 1;
	char flag[32] = "";
	int names = latenames(lp);
	if (lp->late) {
		snprintf(flag, sizeof flag, "dagcc_lp%d", bd->nlp);
		bprintf(b, "\tint %s = 0;\n", flag);
		if (names) /* the variable's value a trip before */
			bprintf(b, "\t%s dagcc_lv%d = 0;\n", lp->vartype, bd->nlp);
		if (bd->nlp >= bd->caplps) {
			bd->caplps = 2 * bd->nlp + 4;
			bd->lps = realloc(bd->lps, (size_t)bd->caplps * sizeof *bd->lps);
			if (!bd->lps)
				die("out of memory");
		}
		bd->lps[bd->nlp++] = lp;
	}
	bprintf(b, "\t%s {\n", n->name);
	Buf in = {0}; /* the body, a tab further in */
	const char ***fut = zalloc((size_t)lb->nnode + 1, sizeof *fut); /* by node, by member */
	for (int i = 0; i < lb->nnode; i++)
		fut[i] = aarray(bd->used->arena, (size_t)lb->node[i].nmember + 1, sizeof(char *));
	for (int k = 0; lp->late && k < lb->nstep; k++) {
		int i = lb->step[k].node;
		if (lb->step[k].kind != ST_START || !lp->late[i])
			continue;
		for (int m = 0, nf = namefuts(bd, &lb->node[i], fut[i]); m < nf; m++)
			bprintf(&in, "\tdagcc_future %s = {0};\n", fut[i][m]);
	}
	prelude(&in, lb, -1); /* its declarations (late nodes make them again) */
	loopsteps(&in, bd, g, lp, 0, flag, fut);
	if (names)
		bprintf(&in, "\tdagcc_lv%s = %s;\n", flag + strlen("dagcc_lp"), lp->var);
	if (lp->late)
		bprintf(&in, "\t%s = 1;\n", flag);
	indent(b, &in);
	bputs(b, "\t}\n");
	if (lp->late && !lp->peeled) { /* peeled: its guarded nodes in g are the epilogue */
		in.len = 0;
		loopsteps(&in, bd, g, lp, 1, flag, fut);
		bprintf(b, "\tif (%s) {\n", flag);
		indent(b, &in);
		bputs(b, "\t}\n");
	}
	bfree(&in);
	free(fut);
	free(bd->lkey);
	free(bd->lsited);
	bd->lkey = lkey;
	bd->lsited = lsited;
}

static void prelude(Buf *b, const Graph *g, int after)
{
	for (int k = 0; k < g->nprelude; k++)
		if (g->prelude[k].after == after) {
			linedir(b, g->prelude[k].loc.line, g->file);
			bprintf(b, "\t%s;\n", g->prelude[k].text);
		}
}

/* Checked mode names a group as the program does: once per group, before its first start;
 * through the start's site where it has one (DAGCC_START). */
static void namegroup(Buf *b, const Graph *g, const Node *n, char *named)
{
	if (named[n->group])
		return;
	named[n->group] = 1;
	if (startsite(n))
		return;
	bprintf(b, "\tDAGCC_CHECKED_GROUP(%s, ", n->src->gtext);
	bputq(b, g->group[n->group]);
	bputs(b, ");\n");
}

/* Calls fn(arg, identifier, its length, whether it is a member name after . or ->) for each
 * identifier of C text s (n bytes) outside strings, characters and comments, until fn returns
 * nonzero: that value, else 0. */
static int eachident(const char *s, size_t n, int (*fn)(void *, const char *, size_t, int),
		     void *arg)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '"' || c == '\'') {
			while (++i < n && s[i] != c && s[i] != '\n')
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
			int r = fn(arg, s + i, e - i, member);
			if (r)
				return r;
			i = e - 1;
		} else if (isdigit((unsigned char)c)) {
			while (i + 1 < n && (isalnum((unsigned char)s[i + 1]) || s[i + 1] == '_'))
				i++;
		}
	}
	return 0;
}

static int isid(void *id, const char *s, size_t len, int member)
{
	return !member && len == strlen(id) && !memcmp(s, id, len);
}

/* Whether the C text s names identifier id (a member name after . or -> is not it) */
static int names(const char *s, size_t n, const char *id)
{
	return eachident(s, n, isid, (void *)id);
}

static int addid(void *ids, const char *s, size_t len, int member)
{
	(void)member;
	internn(ids, &((Graph *)ids)->root, &((Graph *)ids)->nroot, s, len);
	return 0;
}

/* The identifiers of the input, member names too, into ids' root names */
static void identifiers(Graph *ids, const char *s, size_t n)
{
	eachident(s, n, addid, ids);
}

/* `\tTYPE a, b, c;` for keys "a, b, c", wrapped at COLS; a declaration for each group of keys
 * (the sites of one source line), groups apart by ";" */
static void fields(Buf *t, const char *type, const char *keys)
{
	for (const char *k = keys; *k;) {
		size_t at = t->len;
		bprintf(t, "\t%s", type);
		for (;;) {
			size_t n = strcspn(k, ",;");
			if (width(t->s + at, t->len - at) + (int)n + 2 > COLS) {
				at = t->len;
				bputs(t, "\n\t   ");
			} else
				bputs(t, " ");
			bput(t, k, n);
			k += n;
			if (*k != ',')
				break;
			bputs(t, ",");
			k += 2;
		}
		bputs(t, ";\n");
		k += *k == ';';
	}
}

/* The name of the table with these entries: an earlier body's with the same (found by their
 * text, hashed), else a new one after the graph (and its rank: bodies that read alike share
 * one) */
static const char *table(Em *em, const Graph *g, Body *bd)
{
	gather(bd);
	Buf text = {0}; /* the two halves, apart: neither holds a \3 */
	bprintf(&text, "%s\3%s", bd->acc.len ? bd->acc.s : "", bd->site.s);
	int k = intern(em->ids, &em->ids->group, &em->ids->ngroup, text.s);
	bfree(&text);
	if (k < em->ntab)
		return em->name[k];
	Buf name = {0};
	bprintf(&name, "%s", g->name);
	for (int j = 0; j < em->ntab; j++) /* a few names per function: its ranks' */
		if (!strcmp(em->name[j], name.s)) {
			name.len = 0;
			bprintf(&name, "%s_r%d", g->name, g->rank >= 0 ? g->rank : em->ntab);
			j = -1;
		}
	em->name = realloc(em->name, (size_t)(em->ntab + 1) * sizeof *em->name);
	if (!em->name)
		die("out of memory");
	em->name[em->ntab] = name.s;
	/* printed */
	Buf *t = &em->tabs;
	bprintf(t, "/* dagcc: the nodes of %s as checked and profile mode name them */\n", g->name);
	for (int pass = 0; pass < 2; pass++) {
		const char *from = pass ? bd->site.s : bd->acc.s;
		if (!from)
			continue;
		if (pass) {
			bprintf(t, "static const struct dagcc_sites_%s {\n", name.s);
			fields(t, "dagcc_site", bd->keys.s);
			bprintf(t, "} dagcc_sites_%s DAGCC_MAYBE_UNUSED = {\n", name.s);
		} else {
			bprintf(t, "static const struct dagcc_acc_%s {\n", name.s);
			fields(t, "dagcc_site_access", bd->acckeys.s);
			bprintf(t, "} dagcc_acc_%s = {\n", name.s);
		}
		for (const char *c = from; *c; c++)
			if (*c == '\1')
				bprintf(t, "dagcc_acc_%s", name.s);
			else
				bput(t, c, 1);
		bputs(t, "};\n");
	}
	return em->name[em->ntab++];
}

static void body(Buf *out, Em *em, const Graph *g, const Analysis *a, const Target *t, int line)
{
	char *named = zalloc((size_t)g->ngroup + 1, 1);
	bprintf(out,
		"{\n\t/* dagcc: scheduled for %s. Simulated: as written %.1f us (%.1f us of communication "
		"exposed),\n\t * scheduled %.1f us (%.1f us exposed); lower bound %.1f us. */\n",
		t->name, a->before.makespan, a->before.exposed, a->after.makespan, a->after.exposed,
		a->lb);
	Body bd = {.em = em, .g = g, .used = newgraph("futures", g->file)};
	bd.fut = zalloc((size_t)g->nnode + 1, sizeof *bd.fut);
	for (int i = 0; i < g->nnode; i++)
		bd.fut[i] = aarray(bd.used->arena, (size_t)g->node[i].nmember + 1, sizeof(char *));
	bd.key = sitekeys(bd.used, g);
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
	/* where the stream is a parameter, the step begins with the body, on the table's line */
	const char *st0 = first >= 0 ? nodestream(&g->node[g->step[first].node]) : NULL;
	int early = 0;
	for (int k = 0; st0 && k < g->nparam; k++)
		early |= !strcmp(g->param[k], st0);
	early &= st0 && 2 * (int)strlen(g->name) + (int)strlen(st0) + 40 <= COLS;
	for (int k = 0; k < g->nstep; k++) {
		int i = g->step[k].node;
		const Node *n = &g->node[i];
		if (k == first && !early) {
			bputs(b, "\tDAGCC_PROFILE_STEP_BEGIN(");
			bputq(b, g->name);
			bprintf(b, ", %d, %s);\n", line, n->src->stream);
		}
		if (n->guard) { /* a peeled loop's: after the loop's, which declared its flag */
			k = guarded(b, &bd, g, NULL, k, bd.fut, named) - 1;
			continue;
		}
		linedir(b, n->loc.line, g->file);
		switch (g->step[k].kind) {
		case ST_RUN:
			if (n->bucket >= 0) {
				packed(b, g, n, n->bucket);
				break;
			}
			if (loopof(g, n))
				loopbody(b, &bd, g, n);
			else if (n->kind == N_COMPUTE && nodestream(n))
				runcompute(b, &bd, n, bd.key[i], (long long)i << 20, 1, 1);
			else
				bprintf(b, "\t%s%s\n", fold(bd.used, n->src->text),
					endsblock(n->src->text) ? "" : ";");
			prelude(b, g, i);
			break;
		case ST_START:
			namegroup(b, g, n, named);
			if (n->form != BK_NONE || n->kind == N_P2P) {
				startbucket(b, &bd, n, i);
				break;
			}
			bd.fut[i][0] = futname(&bd, n->kind, futbuf(n->src->send, n->src->recv));
			linedir(b, n->loc.line,
				g->file); /* the start on its own line, after the mark */
			int si = addsite(&bd, (long long)i << 20, bd.fut[i][0], colls[n->kind].name,
					 n->loc, n->copy, 0, NULL, NULL, NULL, g->group[n->group]);
			if (putstart(b, bd.fut[i][0], 1, fold(bd.used, n->src->call), n->loc.line,
				     g->file))
				bd.sites[si].line = n->loc.line;
			break;
		case ST_WAIT:
			if (n->form == BK_COALESCED || n->kind == N_P2P)
				for (int k = 0; k < n->nmember; k++)
					bprintf(b, "\tdagcc_future_wait(&%s, %s);\n", bd.fut[i][k],
						n->src->stream);
			else
				bprintf(b, "\tdagcc_future_wait(&%s, %s);\n", bd.fut[i][0],
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
	const char *tab = bd.nsite ? table(em, g, &bd) : NULL;
	if (tab && early)
		bprintf(out, "\tDAGCC_GRAPH_BEGIN(%s, \"%s\", %d, %s);\n", tab, g->name, line, st0);
	else if (tab)
		bprintf(out, "\tconst struct dagcc_sites_%s *const dagcc_at = &dagcc_sites_%s;\n",
			tab, tab);
	else if (early)
		bprintf(out, "\tDAGCC_PROFILE_STEP_BEGIN(\"%s\", %d, %s);\n", g->name, line, st0);
	if (steps.len)
		bput(out, steps.s, steps.len);
	bfree(&steps);
	bfree(&bd.acc);
	bfree(&bd.site);
	free(bd.fut);
	free(bd.lps);
	free(bd.key);
	bfree(&bd.keys);
	bfree(&bd.acckeys);
	freegraph(bd.used);
}

/* A rank-specialized function's body: a switch on its rank, a case per rank, ranks whose
 * bodies read the same sharing one; any other rank is a run-time error. The program first
 * checks that the group has the ranks the bodies were made for. */
static void ranks(Buf *out, Em *em, Graph *const *gs, int n, const Analysis *a, const Target *t,
		  int line)
{
	const Graph *g = gs[0];
	Buf *text = zalloc((size_t)n, sizeof *text);
	int *same = zalloc((size_t)n, sizeof *same); /* the first rank with this body */
	int distinct = 0;
	for (int r = 0; r < n; r++) {
		body(&text[r], em, gs[r], &a[r], t, line);
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

/* Whether copied input has a #line or a line marker: the compiler may be in another file */
static int movesfile(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '#' || (i && s[i - 1] != '\n' && s[i - 1] != ' ' && s[i - 1] != '\t'))
			continue;
		size_t j = i + 1;
		while (j < n && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (j < n &&
		    (isdigit((unsigned char)s[j]) || (n - j > 4 && !memcmp(s + j, "line", 4))))
			return 1;
	}
	return 0;
}

/* What the compiler knows when it reads a line: whether the current file is the input (a
 * #line may leave it out) and the number it gives the next line (-1: not known). */
typedef struct {
	const char *quoted; /* the input's name as #line writes it */
	int known;
	long next;
} Lines;

/* That the next line is line (the compiler would give it next): #line, or where line is the
 * one after next, a blank line */
static void putline(Buf *b, long line, long next, int crlf)
{
	if (next >= 0 && line == next + 1)
		bputs(b, crlf ? "\r\n" : "\n");
	else
		bprintf(b, "#line %ld%s", line, crlf ? "\r\n" : "\n");
}

/* gen, generated text, onto b with CRLF line ends when the input has them: each #line without
 * the file's name where the compiler is in that file already, and none where the line it names
 * is the one the compiler would give the next line anyway (a blank line where it is the one
 * after that). */
static void putgen(Buf *b, Buf *gen, int crlf, Lines *ls)
{
	ls->next = -1; /* gen begins where a copied part of the input ends */
	size_t q = strlen(ls->quoted);
	long pend = -1; /* a #line of the input's file not written yet: the next may replace it */
	for (size_t i = 0; i < gen->len;) {
		const char *l = gen->s + i, *e = memchr(l, '\n', gen->len - i);
		size_t n = e ? (size_t)(e - l) : gen->len - i;
		i += n + (e != NULL);
		if (n > 6 && !memcmp(l, "#line ", 6) && isdigit((unsigned char)l[6])) {
			char *end;
			long line = strtol(l + 6, &end, 10);
			size_t rest = n - (size_t)(end - l);
			int ours = rest == q + 1 && *end == ' ' && !memcmp(end + 1, ls->quoted, q);
			if (ours && ls->known) {
				pend = line;
				continue;
			}
			if (pend >= 0) /* another file's: what comes first is in ours */
				bprintf(b, "#line %ld%s", pend, crlf ? "\r\n" : "\n");
			pend = -1;
			bput(b, l, n);
			ls->known = ours || (rest == 0 && ls->known);
			ls->next = line;
		} else {
			if (pend >= 0 && pend != ls->next)
				putline(b, pend, ls->next, crlf);
			if (pend >= 0)
				ls->next = pend;
			pend = -1;
			bput(b, l, n);
			if (movesfile(l,
				      n)) /* a directive of the input's (#line in its #if lines) */
				ls->known = 0;
			ls->next = ls->next >= 0 ? ls->next + 1 : -1;
		}
		if (e) {
			if (crlf && (b->len == 0 || b->s[b->len - 1] != '\r'))
				bput(b, "\r", 1);
			bput(b, "\n", 1);
		}
	}
	if (pend >= 0 && pend != ls->next) /* the last line: what follows is the input's */
		putline(b, pend, ls->next, crlf);
	gen->len = 0;
}

void printc(FILE *out, const Module *m, const char *file, const char *src, size_t len,
	    const Analysis *a, const Target *t)
{
	Buf b = {0}, gen = {0}, head = {0}, quoted = {0};
	const char *nl = memchr(src, '\n', len);
	int crlf = nl && nl > src && nl[-1] == '\r';
	bputq(&quoted, file);
	Lines ls = {.quoted = quoted.s, .known = 1, .next = -1}; /* after the head's #line 1 */
	Em em = {.ids = newgraph("identifiers", file), .fns = newgraph("functions", file)};
	identifiers(em.ids, src, len);
	for (int gi = 0; gi < m->ngraph; gi++)
		pointerargs(&em, m->graph[gi]);
	size_t pos = 0;
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		size_t open = (size_t)g->body_begin, close = (size_t)g->body_end - 1;
		if (open < pos || close >= len || src[open] != '{' || src[close] != '}')
			die("graph %s: body offsets do not match the source", g->name);
		bput(&b, src + pos, open - pos);
		if (movesfile(src + pos, open - pos))
			ls.known = 0;
		if (g->pphead) { /* the conditionals the body is in, and its #defines */
			bputs(&gen, open && src[open - 1] != '\n' ? "\n" : "");
			bputs(&gen, g->pphead);
			linedir(&gen, lineat(src, open), file);
		}
		int n = 1;
		while (g->rank >= 0 && gi + n < m->ngraph && samefamily(g, m->graph[gi + n]))
			n++;
		if (g->rank >= 0)
			ranks(&gen, &em, m->graph + gi, n, a + gi, t, lineat(src, open));
		else
			body(&gen, &em, g, &a[gi], t, lineat(src, open));
		gi += n - 1;
		if (g->pptail) {
			bputs(&gen, "\n");
			bputs(&gen, g->pptail);
		}
		linedir(&gen, lineat(src, close), file);
		putgen(&b, &gen, crlf, &ls);
		pos = close;
	}
	bput(&b, src + pos, len - pos);
	if (movesfile(src + pos, len - pos))
		ls.known = 0;
	locks(&gen, &m->macros, file, len && src[len - 1] != '\n');
	putgen(&b, &gen, crlf, &ls);
	/* the head: the runtime's header and the tables, then the input from its line 1 */
	Lines first = {.quoted = quoted.s, .next = -1};
	bputs(&gen, "#include \"dagcc_rt.h\" /* added by dagcc */\n");
	pickers(&gen, &em);
	if (em.tabs.len)
		bput(&gen, em.tabs.s, em.tabs.len);
	linedir(&gen, 1, file);
	putgen(&head, &gen, crlf, &first);
	fwrite(head.s, 1, head.len, out);
	fwrite(b.s, 1, b.len, out);
	bfree(&head);
	bfree(&b);
	bfree(&gen);
	bfree(&quoted);
	bfree(&em.tabs);
	for (int k = 0; k < em.ntab; k++)
		free(em.name[k]);
	free(em.name);
	for (int k = 0; k < em.fns->nroot; k++)
		free(em.fnpos[k]);
	free(em.fnpos);
	free(em.fnused);
	freegraph(em.fns);
	freegraph(em.ids);
}
