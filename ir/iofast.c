/* iofast.c - the textual IR read and written fast (parseirfast, printirfast): the bytes,
 * graphs, diagnostics and results of parseir (ir/parse.c) and printir (ir/print.c), which hold
 * the grammar and the meaning, at about a million nodes. A graph of split nodes or more is read,
 * and printed, in two halves on two threads (0: never). With DAGCC_IR_REFERENCE set in the
 * environment (to anything), both call the reference instead: test/lit/ir/io-reference.test
 * compares the two. Anything here that reads or prints differently from the reference is a bug
 * here.
 *
 * A new attribute goes first into parse.c's attr() and print.c's printnode(), with a lit test
 * whose .ir uses it; then here into node()'s attribute loop and printnode() (and into merge()
 * if it names an interned string, as group does) until io-reference.test passes again. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "lex.h"

typedef enum { T_EOF, T_IDENT, T_INT, T_NUM, T_STRING, T_PUNCT } TokKind;

typedef struct {
	const char *path;
	const char *s, *p;
	int line;
	const char *linestart;
	/* the current token */
	TokKind kind;
	const char *tok;
	size_t len;
	const char *str; /* T_STRING, decoded (slen bytes, no NUL), until the next token: in the
			  * text, or in sb when it had escapes */
	size_t slen;
	Buf sb;
	Access *acc; /* a node's accesses and edges while they are read, then copied exactly */
	Dep *dep;
	int nacc, capacc, ndep, capdep;
	struct {
		const char *s; /* in the text */
		size_t len;
		int root;
	} recent[4]; /* the roots named last: a node's accesses mostly name its neighbours' */
	int nextrecent;
	int64_t ival; /* T_INT without a sign, exponent or fraction: its value, or -1 if too large */
	int bad;
	int quiet; /* errors only set bad */
} L;

/* Where the current token is (made when asked: most tokens never are) */
static Loc here(const L *l)
{
	return (Loc){l->path, l->line, (int)(l->tok - l->linestart) + 1};
}

static void lexerr(L *l, Loc loc, const char *msg)
{
	if (!l->bad && !l->quiet)
		error(loc, "%s", msg);
	l->bad = 1;
}

/* A string's text from p (after the quote) with its escapes decoded, into l->sb; returns the
 * text after the closing quote. */
static const char *unescape(L *l, const char *p)
{
	const char *err = NULL;
	p = unquote(&l->sb, p, &err);
	if (err)
		lexerr(l, here(l), err);
	l->str = l->sb.s;
	l->slen = l->sb.len;
	return p;
}

static void next(L *l)
{
	for (;;) {
		while (space((unsigned char)*l->p)) {
			if (*l->p == '\n') {
				l->line++;
				l->linestart = l->p + 1;
			}
			l->p++;
		}
		if (*l->p != ';')
			break;
		while (*l->p && *l->p != '\n')
			l->p++;
	}
	l->tok = l->p;
	l->str = NULL;
	const char *p = l->p;
	if (!*p) {
		l->kind = T_EOF;
	} else if (alpha((unsigned char)*p) || *p == '_') {
		while (alpha((unsigned char)*p) || digit((unsigned char)*p) || *p == '_' ||
		       *p == '.')
			p++;
		l->kind = T_IDENT;
	} else if (digit((unsigned char)*p) ||
		   ((*p == '-' || *p == '.') && digit((unsigned char)p[1]))) {
		/* most numbers are plain integers: read those without strtod */
		const char *q = p;
		int64_t v = 0;
		while (digit((unsigned char)*q)) {
			if (v >= 0 && (__builtin_mul_overflow(v, 10, &v) ||
				       __builtin_add_overflow(v, *q - '0', &v)))
				v = -1;
			q++;
		}
		if (q > p && !alpha((unsigned char)*q) && !digit((unsigned char)*q) && *q != '.') {
			l->kind = T_INT;
			l->ival = v;
			p = q;
		} else {
			char *end;
			errno = 0;
			(void)strtod(p, &end);
			l->kind = T_INT;
			l->ival = -2; /* read it with strtoll */
			for (const char *r = p; r < end; r++)
				if (*r == '.' || *r == 'e' || *r == 'E' || *r == 'n' || *r == 'i')
					l->kind = T_NUM;
				else if (*r == 'x' || *r == 'X')
					lexerr(l, here(l), "expected a decimal number");
			p = end;
		}
	} else if (*p == '"') {
		/* most strings have no escapes: point into the text */
		const char *q = ++p;
		while (*q && *q != '"' && *q != '\\' && *q != '\n')
			q++;
		if (*q == '"') {
			l->str = p;
			l->slen = (size_t)(q - p);
			p = q + 1;
		} else {
			p = unescape(l, p);
		}
		l->kind = T_STRING;
	} else {
		p++;
		l->kind = T_PUNCT;
	}
	l->len = (size_t)(p - l->tok);
	l->p = p;
}

static int isn(L *l, const char *s, size_t n)
{
	return n == l->len && (l->kind == T_IDENT || l->kind == T_PUNCT) &&
	       memcmp(l->tok, s, n) == 0;
}
#define is(l, s) isn(l, s, sizeof(s) - 1) /* s a string literal */

static int expectn(L *l, const char *s, size_t n)
{
	if (isn(l, s, n)) {
		next(l);
		return 1;
	}
	char msg[64];
	snprintf(msg, sizeof msg, "expected '%s'", s);
	lexerr(l, here(l), msg);
	return 0;
}
#define expect(l, s) expectn(l, s, sizeof(s) - 1) /* s a string literal */

static int getint(L *l, int64_t *v, int64_t min)
{
	if (l->kind != T_INT) {
		lexerr(l, here(l), "expected an integer");
		return 0;
	}
	errno = 0;
	long long x = l->ival >= 0 ? l->ival : strtoll(l->tok, NULL, 10);
	if (l->ival == -1)
		errno = ERANGE;
	if (errno || x < min) {
		lexerr(l, here(l), "integer out of range");
		return 0;
	}
	*v = x;
	next(l);
	return 1;
}

static int getnum(L *l, double *v)
{
	if (l->kind != T_INT && l->kind != T_NUM) {
		lexerr(l, here(l), "expected a number");
		return 0;
	}
	*v = l->kind == T_INT && l->ival >= 0 && l->ival < (int64_t)1 << 53 ? (double)l->ival :
									      strtod(l->tok, NULL);
	if (!(*v >= 0) || *v > 1e300) {
		lexerr(l, here(l), "expected a finite non-negative number");
		return 0;
	}
	next(l);
	return 1;
}

/* Fast paths. What the printer writes -- "[0:?]", " %3(raw+waw)", "@12:5", "%7 = " -- is
 * read here from the characters, without a token for each piece; anything else (spaces
 * elsewhere, a comment, a file in a location, an error) is left to the tokens, which read it
 * to the same result or report it. */

/* An integer token of 1 to 18 digits at *p (no more: no overflow) as a value, *p moved past
 * it; else -1 */
static int64_t plain(const char **p)
{
	const char *q = *p;
	int64_t v = 0;
	while (digit((unsigned char)*q) && q - *p < 18)
		v = 10 * v + (*q++ - '0');
	if (q == *p || digit((unsigned char)*q) || alpha((unsigned char)*q) || *q == '.')
		return -1;
	*p = q;
	return v;
}

/* Goes on from q, the text after what a fast path read. */
static void skipto(L *l, const char *q)
{
	l->p = q;
	next(l);
}

/* After an access's root: "[off:len]" or "[off:?]" */
static int fastrange(L *l, int64_t *off, int64_t *len)
{
	const char *q = l->p;
	if (*q++ != '[' || (*off = plain(&q)) < 0 || *q++ != ':')
		return 0;
	if (*q == '?')
		*len = LEN_REST, q++;
	else if ((*len = plain(&q)) < 0)
		return 0;
	if (*q++ != ']')
		return 0;
	skipto(l, q);
	return 1;
}

/* After "after" or ",": " %from(kind+kind...)" */
static int fastdep(L *l, Loc *at, int64_t *from, int *kinds)
{
	const char *q = l->p;
	while (*q == ' ')
		q++;
	*at = (Loc){l->path, l->line, (int)(q - l->linestart) + 1};
	if (*q++ != '%' || (*from = plain(&q)) < 0 || *q++ != '(')
		return 0;
	*kinds = 0;
	do {
		int k = 0;
		size_t n = 0;
		for (; k < NDEPKIND; k++) {
			n = strlen(depname[k]);
			if (!strncmp(q, depname[k], n) && (q[n] == '+' || q[n] == ')'))
				break;
		}
		if (k == NDEPKIND)
			return 0;
		*kinds |= 1 << k;
		q += n;
	} while (*q++ == '+');
	skipto(l, q);
	return 1;
}

/* After "@": "line:col" */
static int fastloc(L *l, const Graph *g, Loc *loc)
{
	const char *q = l->p;
	int64_t line = plain(&q), col = -1;
	if (line < 1 || line > 1 << 30 || *q++ != ':' || (col = plain(&q)) < 1 || col > 1 << 30)
		return 0;
	*loc = (Loc){g->file, (int)line, (int)col};
	skipto(l, q);
	return 1;
}

static int lookupname(const char *const *names, int n, L *l)
{
	for (int i = 0; i < n; i++) {
		const char *s = names[i];
		size_t k = 0;
		while (k < l->len && s[k] == l->tok[k]) /* stops at s's end: no token has a NUL */
			k++;
		if (k == l->len && !s[k])
			return i;
	}
	return -1;
}

/* What a graph's node lines define and name while they are read. */
typedef struct {
	Label *label; /* in definition order until the graph is read */
	int nlabel, caplabel;
	Ref *ref; /* edges and bucket names to resolve once every label is known */
	int nref, capref;
	int64_t base; /* the label the first node read here would have if labels are 0, 1, ... */
} Tabs;

/* @line:col or @"file":line:col */
static int getloc(L *l, Graph *g, Loc *loc)
{
	if (fastloc(l, g, loc))
		return 1;
	next(l);
	const char *file = g->file;
	if (l->kind == T_STRING) {
		file = strlen(g->file) == l->slen && !memcmp(l->str, g->file, l->slen) ?
			       g->file :
			       astrndup(g->arena, l->str, l->slen);
		next(l);
		if (!expect(l, ":"))
			return 0;
	}
	int64_t line, col;
	if (!getint(l, &line, 1) || !expect(l, ":") || !getint(l, &col, 1))
		return 0;
	if (line > 1 << 30 || col > 1 << 30) {
		lexerr(l, here(l), "location out of range");
		return 0;
	}
	*loc = (Loc){file, (int)line, (int)col};
	return 1;
}

/* The root the current string names. */
static int rootof(L *l, Graph *g)
{
	for (int i = 0; i < 4; i++)
		if (l->recent[i].s && l->recent[i].len == l->slen &&
		    memcmp(l->recent[i].s, l->str, l->slen) == 0)
			return l->recent[i].root;
	int root = internn(g, &g->root, &g->nroot, l->str, l->slen);
	if (l->str != l->sb.s) { /* sb is reused */
		l->recent[l->nextrecent].s = l->str;
		l->recent[l->nextrecent].len = l->slen;
		l->recent[l->nextrecent].root = root;
		l->nextrecent = (l->nextrecent + 1) % 4;
	}
	return root;
}

/* bucket FORM (count @loc, ...) on a collective */
static void members(L *l, Graph *g, Node *n)
{
	int form = l->kind == T_IDENT ? lookupname(formname, NBKFORM, l) : -1;
	if (form <= 0) {
		lexerr(l, here(l), "expected a bucket form (packed, coalesced or contiguous)");
		return;
	}
	n->form = (BucketForm)form;
	next(l);
	if (!expect(l, "("))
		return;
	int cap = 0;
	do {
		if (n->nmember)
			next(l);
		Member mb = {0};
		if (!getint(l, &mb.count, 0) || (is(l, "@") && !getloc(l, g, &mb.loc)))
			return;
		agrow(g->arena, &n->member, &cap, n->nmember + 1, sizeof(Member));
		n->member[n->nmember++] = mb;
	} while (!l->bad && is(l, ","));
	expect(l, ")");
}

/* ( KIND DTYPE count N [peer N] [@loc], ... ) on a p2p group */
static void p2pmembers(L *l, Graph *g, Node *n)
{
	int cap = 0;
	do {
		next(l);
		Member mb = {.peer = -1};
		int k = l->kind == T_IDENT ? lookupname(kindname, NKIND, l) : -1;
		if (!isp2pmember(k)) {
			lexerr(l, here(l), "expected send or recv");
			return;
		}
		mb.kind = (NodeKind)k;
		next(l);
		int dt = l->kind == T_IDENT ? lookupname(dtypename, NDTYPE, l) : -1;
		if (dt < 0) {
			lexerr(l, here(l), "expected a dtype");
			return;
		}
		mb.dtype = (Dtype)dt;
		next(l);
		if (!expect(l, "count") || !getint(l, &mb.count, 0))
			return;
		if (is(l, "peer")) {
			next(l);
			if (!getint(l, &mb.peer, 0))
				return;
		}
		if (is(l, "@") && !getloc(l, g, &mb.loc))
			return;
		agrow(g->arena, &n->member, &cap, n->nmember + 1, sizeof(Member));
		n->member[n->nmember++] = mb;
	} while (!l->bad && is(l, ","));
	expect(l, ")");
}

static void node(L *l, Graph *g, Tabs *t)
{
	Loc at = here(l);
	int64_t label;
	const char *q = l->p;
	if (is(l, "%") && (label = plain(&q)) >= 0 && q[0] == ' ' && q[1] == '=' && q[2] == ' ')
		skipto(l, q + 3); /* "%label = " */
	else if (!expect(l, "%") || !getint(l, &label, 0) || !expect(l, "="))
		return;
	int kind = l->kind == T_IDENT ? lookupname(kindname, NKIND, l) : -1;
	if (kind < 0) {
		lexerr(l, here(l), "expected a node kind");
		return;
	}
	next(l);
	Node *n = addnode(g, (NodeKind)kind, (Loc){NULL, 0, 0});
	int idx = g->nnode - 1;
	agrow(g->arena, &t->label, &t->caplabel, t->nlabel + 1, sizeof(Label));
	t->label[t->nlabel++] = (Label){label, idx, at};
	/* attributes, up to the accesses, edges or location */
	int coll = iscollective((NodeKind)kind) && kind != N_P2P; /* a p2p group: its members */
	while (!l->bad && !is(l, "in") && !is(l, "out") && !is(l, "inout") && !is(l, "after") &&
	       !is(l, "@")) {
		if (l->kind == T_STRING && (kind == N_COMPUTE || kind == N_BARRIER) && !n->name) {
			n->name = astrndup(g->arena, l->str, l->slen);
			next(l);
		} else if (kind == N_COMPUTE && l->kind == T_IDENT &&
			   lookupname(dtypename, NDTYPE, l) >= 0) {
			n->ctype = lookupname(dtypename, NDTYPE, l);
			next(l);
		} else if (iscollective((NodeKind)kind) && is(l, "us")) {
			next(l);
			getnum(l, &n->us);
		} else if (kind == N_COMPUTE && (is(l, "flops") || is(l, "bytes") || is(l, "us"))) {
			double *slot = is(l, "flops") ? &n->flops :
				       is(l, "bytes") ? &n->mbytes :
							&n->us;
			next(l);
			getnum(l, slot);
		} else if ((kind == N_ALLOC || kind == N_FREE) && is(l, "size")) {
			next(l);
			getint(l, &n->bytes, 0);
		} else if (iscollective((NodeKind)kind) && is(l, "group")) {
			next(l);
			if (l->kind != T_STRING) {
				lexerr(l, here(l), "expected the group's name as a string");
				return;
			}
			n->group = internn(g, &g->group, &g->ngroup, l->str, l->slen);
			next(l);
		} else if (coll && l->kind == T_IDENT && lookupname(dtypename, NDTYPE, l) >= 0) {
			n->dtype = (Dtype)lookupname(dtypename, NDTYPE, l);
			next(l);
		} else if (coll && is(l, "op")) {
			next(l);
			int op = l->kind == T_IDENT ? lookupname(opname, NOP, l) : -1;
			if (op < 0) {
				lexerr(l, here(l), "expected a reduction op");
				return;
			}
			n->op = (RedOp)op;
			next(l);
		} else if (coll && is(l, "count")) {
			next(l);
			getint(l, &n->count, 0);
		} else if (coll && is(l, "bucket") && !n->form) {
			next(l);
			members(l, g, n);
		} else if (kind == N_P2P && is(l, "(") && !n->nmember) {
			p2pmembers(l, g, n);
		} else if ((kind == N_COMPUTE || kind == N_ALLOC || kind == N_FREE) &&
			   is(l, "bucket") && n->bucket < 0) {
			next(l);
			Loc rl = here(l);
			int64_t of;
			if (!expect(l, "%") || !getint(l, &of, 0))
				return;
			/* resolved with the edges */
			n->bucket = 0;
			agrow(g->arena, &t->ref, &t->capref, t->nref + 1, sizeof(Ref));
			t->ref[t->nref++] = (Ref){of, rl, idx, -1};
		} else if (coll && is(l, "peer")) {
			next(l);
			getint(l, &n->peer, 0);
		} else {
			break;
		}
	}
	if (kind == N_P2P) { /* its count is its members' bytes */
		n->dtype = DT_U8;
		for (int k = 0; k < n->nmember; k++) {
			int64_t mb;
			if (__builtin_mul_overflow(n->member[k].count,
						   (int64_t)dtypesize(n->member[k].dtype), &mb) ||
			    __builtin_add_overflow(n->count, mb, &n->count))
				lexerr(l, at, "collective count overflows");
		}
	}
	if (iscollective((NodeKind)kind) &&
	    __builtin_mul_overflow(n->count, (int64_t)dtypesize(n->dtype), &n->bytes))
		lexerr(l, at, "collective count overflows");
	/* accesses */
	l->nacc = l->ndep = 0;
	while (!l->bad && (is(l, "in") || is(l, "out") || is(l, "inout"))) {
		int mode = is(l, "in") ? ACC_READ : is(l, "out") ? ACC_WRITE : ACC_READ | ACC_WRITE;
		next(l);
		if (l->kind != T_STRING) {
			lexerr(l, here(l), "expected a root name as a string");
			return;
		}
		int root = rootof(l, g);
		int64_t off, len = LEN_REST;
		if (!fastrange(l, &off, &len)) {
			next(l);
			if (!expect(l, "[") || !getint(l, &off, 0) || !expect(l, ":"))
				return;
			if (is(l, "?"))
				next(l);
			else if (!getint(l, &len, 0))
				return;
			if (!expect(l, "]"))
				return;
		}
		agrow(NULL, &l->acc, &l->capacc, l->nacc + 1, sizeof(Access));
		l->acc[l->nacc++] = (Access){.root = root, .mode = mode, .off = off, .len = len};
	}
	if (l->nacc) {
		n->acc = aalloc(g->arena, (size_t)l->nacc * sizeof(Access));
		memcpy(n->acc, l->acc, (size_t)l->nacc * sizeof(Access));
		n->nacc = n->capacc = l->nacc;
	}
	/* edges */
	if (!l->bad && is(l, "after")) {
		do {
			Loc rl;
			int64_t from;
			int kinds = 0;
			if (!fastdep(l, &rl, &from, &kinds)) {
				next(l);
				rl = here(l);
				if (!expect(l, "%") || !getint(l, &from, 0) || !expect(l, "("))
					return;
				kinds = 0;
				do {
					if (kinds)
						next(l);
					int k = l->kind == T_IDENT ?
							lookupname(depname, NDEPKIND, l) :
							-1;
					if (k < 0) {
						lexerr(l, here(l),
						       "expected an edge kind (raw, war, waw, order, group)");
						return;
					}
					kinds |= 1 << k;
					next(l);
				} while (is(l, "+"));
				if (!expect(l, ")"))
					return;
			}
			/* a source printed before (labels 0, 1, 2, ... as printed) is known now; any other
			 * is resolved once every label is (-1 until then) */
			agrow(NULL, &l->dep, &l->capdep, l->ndep + 1, sizeof(Dep));
			int64_t k = from - t->base;
			if (k >= 0 && k < t->nlabel && t->label[k].label == from) {
				l->dep[l->ndep++] = (Dep){t->label[k].index, kinds};
			} else {
				agrow(g->arena, &t->ref, &t->capref, t->nref + 1, sizeof(Ref));
				t->ref[t->nref++] = (Ref){from, rl, idx, l->ndep};
				l->dep[l->ndep++] = (Dep){-1, kinds};
			}
		} while (!l->bad && is(l, ","));
		if (!l->bad) {
			n->dep = aalloc(g->arena, (size_t)l->ndep * sizeof(Dep));
			memcpy(n->dep, l->dep, (size_t)l->ndep * sizeof(Dep));
			n->ndep = n->capdep = l->ndep;
		}
	}
	/* location */
	if (!l->bad && is(l, "@"))
		getloc(l, g, &n->loc);
	if (!l->bad && iscollective((NodeKind)kind) && n->group < 0)
		lexerr(l, at, "collective has no group");
}

/* The node lines (first word a label, '%' and a digit) from p, before the schedule or the
 * closing brace: how many, or with upto >= 0, where the upto-th one's label is (NULL if there
 * are fewer), the lines before it counted in *line. A count, which the graph's arrays are made
 * for at once: lines of a lone '%' are not counted. */
static int nodelines(const char *p, int upto, const char **at, int *line)
{
	int n = 0;
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '%' && digit((unsigned char)p[1])) {
			if (n == upto) {
				*at = p;
				return n;
			}
			n += n < 1 << 30;
		} else if (*p == '}' || !strncmp(p, "schedule", 8)) {
			break;
		}
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
		++*line;
	}
	*at = NULL;
	return n;
}

/* The node lines of a graph from the current token, until g has upto nodes. */
static void body(L *l, Graph *g, Tabs *t, int upto)
{
	while (!l->bad && !is(l, "}") && !is(l, "schedule") && l->kind != T_EOF && g->nnode < upto)
		node(l, g, t);
}

/* The second half of a large graph's node lines, from the first thread's half-th line on (it
 * finds that itself), read by a thread of its own into a graph of its own whose nodes (while
 * they fit) sit in the first graph's array after the first half's. Quiet: if it meets an
 * error, the first thread reads the half again and reports it. */
typedef struct {
	L l;
	Graph *g;
	Tabs t;
	const char *from; /* the first node line, at line l.line */
	const char *split; /* where the second half starts, or NULL */
} Half;

static void *readhalf(void *arg)
{
	Half *h = arg;
	L *l = &h->l;
	nodelines(h->from, (int)h->t.base, &h->split, &l->line);
	if (!h->split) {
		l->bad = 1;
		return NULL;
	}
	l->p = l->linestart = h->split;
	while (l->linestart > l->s && l->linestart[-1] != '\n')
		l->linestart--;
	next(l);
	body(l, h->g, &h->t, INT_MAX);
	return NULL;
}

static void freehalf(Half *h)
{
	arena_free(h->g->arena);
	bfree(&h->l.sb);
	free(h->l.acc);
	free(h->l.dep);
}

/* Appends the second half h to g and t, as if read here: its names interned after the first
 * half's (so in the same order), its indices shifted, its labels and references appended. */
static void merge(Graph *g, Tabs *t, Half *h)
{
	Graph *hg = h->g;
	int base = g->nnode;
	int *root = xmalloc(((size_t)hg->nroot + 1) * sizeof(int));
	int *group = xmalloc(((size_t)hg->ngroup + 1) * sizeof(int));
	/* names the first half did not, appended in the order the second half named them (its
	 * names, from its arena, which g adopts) */
	internmany(g, &g->root, hg->root, hg->nroot, root);
	internmany(g, &g->group, hg->group, hg->ngroup, group);
	agrow(g->arena, &g->node, &g->capnode, base + hg->nnode, sizeof(Node));
	if (hg->node != g->node + base)
		memmove(g->node + base, hg->node, (size_t)hg->nnode * sizeof(Node));
	for (int i = base; i < base + hg->nnode; i++) {
		Node *n = &g->node[i];
		if (n->group >= 0)
			n->group = group[n->group];
		for (int k = 0; k < n->nacc; k++)
			n->acc[k].root = root[n->acc[k].root];
		for (int k = 0; k < n->ndep; k++)
			if (n->dep[k].node >= 0) /* else a Ref's */
				n->dep[k].node += base;
		if (n->loc.file == hg->file)
			n->loc.file = g->file;
		for (int k = 0; k < n->nmember; k++)
			if (n->member[k].loc.file == hg->file)
				n->member[k].loc.file = g->file;
	}
	g->nnode += hg->nnode;
	agrow(g->arena, &t->label, &t->caplabel, t->nlabel + h->t.nlabel, sizeof(Label));
	for (int i = 0; i < h->t.nlabel; i++) {
		t->label[t->nlabel] = h->t.label[i];
		t->label[t->nlabel++].index += base;
	}
	agrow(g->arena, &t->ref, &t->capref, t->nref + h->t.nref, sizeof(Ref));
	for (int i = 0; i < h->t.nref; i++) {
		t->ref[t->nref] = h->t.ref[i];
		t->ref[t->nref++].node += base;
	}
	free(root);
	free(group);
	arena_adopt(g->arena, hg->arena);
	bfree(&h->l.sb);
	free(h->l.acc);
	free(h->l.dep);
}

/* The node lines of graph g, of which there are about hint: in two halves on two threads
 * when there are split or more. The result is the same either way. */
static void nodes(L *l, Graph *g, Tabs *t, int hint, int split)
{
	int half = hint / 2;
	if (split <= 0 || hint < split || hint < 2) {
		body(l, g, t, INT_MAX);
		return;
	}
	Half h = {.l = {.path = l->path, .s = l->s, .line = l->line, .quiet = 1},
		  .g = newgraph(g->name, g->file),
		  .t = {.base = half},
		  .from = l->tok};
	Node *shared = g->node;
	int cap = g->capnode;
	h.g->node = shared + half; /* the first half's nodes stay below */
	h.g->capnode = cap - half;
	g->capnode = half;
	h.t.label = auninit(h.g->arena, (size_t)(hint - half) * sizeof(Label));
	h.t.caplabel = hint - half;
	pthread_t th;
	if (pthread_create(&th, NULL, readhalf, &h) != 0) {
		g->capnode = cap;
		freehalf(&h);
		body(l, g, t, INT_MAX);
		return;
	}
	body(l, g, t, half);
	pthread_join(th, NULL);
	if (g->node == shared)
		g->capnode = cap;
	if (l->bad || h.l.bad || l->tok != h.split) { /* read the second half here, reporting */
		freehalf(&h);
		body(l, g, t, INT_MAX);
		return;
	}
	merge(g, t, &h);
	/* go on from where the second thread stopped */
	l->p = h.l.p;
	l->tok = h.l.tok;
	l->len = h.l.len;
	l->kind = h.l.kind;
	l->line = h.l.line;
	l->linestart = h.l.linestart;
	l->ival = h.l.ival;
}

/* rank R of N in "GROUP" [by NAME]: a rank-specialized graph (ir/parse.c's grammar) */
static int rankof(L *l, Graph *g)
{
	int64_t r, n;
	next(l);
	if (!getint(l, &r, 0) || !expect(l, "of") || !getint(l, &n, 1))
		return 0;
	if (r >= n || n > MAXRANKS) {
		lexerr(l, here(l), "rank out of range");
		return 0;
	}
	if (!expect(l, "in"))
		return 0;
	if (l->kind != T_STRING) {
		lexerr(l, here(l), "expected the rank's group as a string");
		return 0;
	}
	g->rank = (int)r, g->nranks = (int)n;
	g->rankgroup = astrndup(g->arena, l->str, l->slen);
	next(l);
	if (is(l, "by")) {
		next(l);
		if (l->kind != T_IDENT) {
			lexerr(l, here(l), "expected the name that holds the rank");
			return 0;
		}
		g->rankvar = astrndup(g->arena, l->tok, l->len);
		next(l);
	}
	return 1;
}

static int graph(L *l, Module *m, int split)
{
	if (!expect(l, "graph") || !expect(l, "@"))
		return 0;
	if (l->kind != T_IDENT) {
		lexerr(l, here(l), "expected the graph's name");
		return 0;
	}
	char *name = strndup(l->tok, l->len);
	next(l);
	if (l->kind != T_STRING) {
		free(name);
		lexerr(l, here(l), "expected the graph's source file as a string");
		return 0;
	}
	char *file = strndup(l->str, l->slen);
	Graph *g = newgraph(name, file);
	free(name);
	free(file);
	memset(l->recent, 0, sizeof l->recent); /* roots are the graph's */
	addgraph(m, g);
	next(l);
	if (is(l, "rank") && !rankof(l, g))
		return 0;
	if (!expect(l, "{"))
		return 0;
	Tabs tabs = {0}, *t = &tabs;
	const char *none;
	int line = 0, hint = nodelines(l->tok, -1, &none, &line);
	/* not cleared: each is written before it is read, by the thread that reads its node */
	g->node = auninit(g->arena, (size_t)hint * sizeof(Node));
	t->label = auninit(g->arena, (size_t)hint * sizeof(Label));
	g->capnode = t->caplabel = hint;
	nodes(l, g, t, hint, split);
	Label *labels = t->label;
	Ref *refs = t->ref;
	int nlabel = t->nlabel;
	int sorted = 1;
	for (int i = 1; i < nlabel && sorted; i++)
		sorted = labels[i - 1].label < labels[i].label;
	if (!sorted)
		qsort(labels, (size_t)nlabel, sizeof(Label), bylabel);
	if (!l->bad && is(l, "schedule")) {
		next(l);
		if (!expect(l, "{"))
			return 0;
		/* a schedule, even an empty one; a valid one has at most two steps a node */
		g->capstep = 2 * g->nnode + 1;
		g->step = auninit(g->arena, (size_t)g->capstep * sizeof(Step));
		while (!l->bad && !is(l, "}") && l->kind != T_EOF) {
			StepKind k = ST_RUN;
			if (is(l, "start") || is(l, "wait")) {
				k = is(l, "start") ? ST_START : ST_WAIT;
				next(l);
			}
			Loc at = here(l);
			int64_t label;
			if (!expect(l, "%") || !getint(l, &label, 0))
				return 0;
			int i = findlabel(labels, nlabel, label);
			if (i < 0) {
				error(at, "schedule names undefined node %%%lld", (long long)label);
				return 0;
			}
			addstep(g, k, i);
		}
		if (!l->bad)
			expect(l, "}");
	}
	if (l->bad || !expect(l, "}"))
		return 0;
	for (int i = 1; i < nlabel; i++)
		if (labels[i].label == labels[i - 1].label) {
			Label *dup =
				labels[i].index > labels[i - 1].index ? &labels[i] : &labels[i - 1];
			error(dup->loc, "node %%%lld is defined twice in graph @%s",
			      (long long)dup->label, g->name);
			return 0;
		}
	for (int i = 0; i < t->nref; i++) {
		Ref *r = &refs[i];
		int from = findlabel(labels, nlabel, r->label);
		if (from < 0) {
			error(r->loc, "%s undefined node %%%lld",
			      r->dep < 0 ? "bucket names" : "edge from", (long long)r->label);
			return 0;
		}
		if (r->dep < 0)
			g->node[r->node].bucket = from;
		else
			g->node[r->node].dep[r->dep].node = from;
	}
	return 1;
}

/* Whether the text may hold a loop node (`= loop`) or a peeled loop's node (` guard `): the
 * reference reader reads those (loops are few and small; a false alarm costs only speed) */
static int hasloop(const char *s, size_t len)
{
	const char *e = s + len;
	for (const char *p = s; e - p >= 7 && (p = memchr(p, ' ', (size_t)(e - p - 6))); p++)
		if (!memcmp(p, " guard ", 7))
			return 1;
	for (const char *p = s; e - p >= 4 && (p = memchr(p, 'l', (size_t)(e - p - 3))); p++) {
		if (memcmp(p, "loop", 4))
			continue;
		const char *q = p;
		while (q > s && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n' || q[-1] == '\r'))
			q--;
		if (q > s && q[-1] == '=' &&
		    (p + 4 == e || (!isalnum((unsigned char)p[4]) && p[4] != '_' && p[4] != '.')))
			return 1;
	}
	return 0;
}

int parseirfast(const char *path, Module *m, int split)
{
	if (getenv("DAGCC_IR_REFERENCE"))
		return parseir(path, m);
	Text text;
	if (!mapfile(path, &text))
		fatal("cannot read %s%s", path, errno == EFBIG ? ": larger than 2 GB" : "");
	if (hasloop(text.s, text.len)) {
		int ok = parseirtext(path, &text, m);
		unmapfile(&text);
		return ok;
	}
	L l = {.path = path, .s = text.s, .p = text.s, .line = 1, .linestart = text.s};
	int before = nerrors; /* the first token may be an error too */
	next(&l);
	while (!l.bad && l.kind != T_EOF && graph(&l, m, split))
		;
	if (nerrors == before)
		nulbyte(path, &text);
	bfree(&l.sb);
	free(l.acc);
	free(l.dep);
	unmapfile(&text);
	return nerrors == before;
}

/* Printing. The printer's own appends: no terminating NUL, and the common case inline. */
static inline void put(Buf *b, const char *s, size_t n)
{
	if (b->len + n < b->cap) {
		memcpy(b->s + b->len, s, n);
		b->len += n;
	} else {
		bput(b, s, n);
	}
}
#define PUT(b, lit) put(b, lit, sizeof(lit) - 1) /* a string literal, without strlen */

static inline void puts_(Buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static inline void puti(Buf *b, int64_t v)
{
	char d[INTTEXT];
	int n = inttext(d, v);
	put(b, d + INTTEXT - n, (size_t)n);
}

/* A quoted string: most need no escapes */
static inline void putq(Buf *b, const char *s)
{
	size_t n = 0;
	while ((unsigned char)s[n] >= 32 && s[n] != 127 && s[n] != '"' && s[n] != '\\')
		n++;
	if (s[n]) {
		bputq(b, s);
		return;
	}
	PUT(b, "\"");
	put(b, s, n);
	PUT(b, "\"");
}

static void printloc(Buf *b, const Graph *g, Loc loc)
{
	PUT(b, " @");
	if (loc.file && loc.file != g->file) {
		putq(b, loc.file);
		PUT(b, ":");
	}
	puti(b, loc.line);
	PUT(b, ":");
	puti(b, loc.col);
}

static void printnode(Buf *b, const Graph *g, int i)
{
	const Node *n = &g->node[i];
	PUT(b, "  %");
	puti(b, i);
	PUT(b, " = ");
	puts_(b, kindname[n->kind]);
	switch (n->kind) {
	case N_COMPUTE:
		PUT(b, " ");
		putq(b, n->name ? n->name : "");
		if (n->ctype >= 0)
			PUT(b, " "), puts_(b, dtypename[n->ctype]);
		if (n->flops >= 0)
			PUT(b, " flops "), bputnum(b, n->flops);
		if (n->mbytes >= 0)
			PUT(b, " bytes "), bputnum(b, n->mbytes);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		if (n->bucket >= 0)
			PUT(b, " bucket %"), puti(b, n->bucket);
		break;
	case N_ALLOC:
	case N_FREE:
		PUT(b, " size ");
		puti(b, n->bytes);
		if (n->bucket >= 0)
			PUT(b, " bucket %"), puti(b, n->bucket);
		break;
	case N_BARRIER:
		PUT(b, " ");
		putq(b, n->name ? n->name : "");
		break;
	case N_P2P: /* its members; its count is theirs */
		PUT(b, " group ");
		putq(b, g->group[n->group]);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		PUT(b, " (");
		for (int k = 0; k < n->nmember; k++) {
			const Member *m = &n->member[k];
			if (k)
				PUT(b, ", ");
			puts_(b, kindname[m->kind]);
			PUT(b, " ");
			puts_(b, dtypename[m->dtype]);
			PUT(b, " count ");
			puti(b, m->count);
			if (m->peer >= 0)
				PUT(b, " peer "), puti(b, m->peer);
			if (m->loc.line > 0)
				printloc(b, g, m->loc);
		}
		PUT(b, ")");
		break;
	default:
		PUT(b, " group ");
		putq(b, g->group[n->group]);
		PUT(b, " ");
		puts_(b, dtypename[n->dtype]);
		if ((int)n->op >= 0)
			PUT(b, " op "), puts_(b, opname[n->op]);
		PUT(b, " count ");
		puti(b, n->count);
		if (n->peer >= 0)
			PUT(b, " peer "), puti(b, n->peer);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		if (n->form != BK_NONE) {
			PUT(b, " bucket ");
			puts_(b, formname[n->form]);
			PUT(b, " (");
			for (int k = 0; k < n->nmember; k++) {
				if (k)
					PUT(b, ", ");
				puti(b, n->member[k].count);
				if (n->member[k].loc.line > 0)
					printloc(b, g, n->member[k].loc);
			}
			PUT(b, ")");
		}
		break;
	}
	for (int k = 0; k < n->nacc; k++) {
		const Access *ac = &n->acc[k];
		static const char *const mode[] = {"", " in ", " out ", " inout "};
		puts_(b, mode[ac->mode]);
		putq(b, g->root[ac->root]);
		PUT(b, "[");
		puti(b, ac->off);
		PUT(b, ":");
		if (ac->len == LEN_REST)
			PUT(b, "?");
		else
			puti(b, ac->len);
		PUT(b, "]");
	}
	for (int k = 0; k < n->ndep; k++) {
		if (k)
			PUT(b, ", %");
		else
			PUT(b, " after %");
		puti(b, n->dep[k].node);
		PUT(b, "(");
		int first = 1;
		for (int bit = 0; bit < NDEPKIND; bit++)
			if (n->dep[k].kind & (1 << bit)) {
				if (!first)
					PUT(b, "+");
				puts_(b, depname[bit]);
				first = 0;
			}
		PUT(b, ")");
	}
	if (n->loc.line > 0)
		printloc(b, g, n->loc);
	PUT(b, "\n");
}

/* A graph's lines are its nodes, then its schedule's steps: lines [from, to) into b. */
static void printlines(Buf *b, const Graph *g, int from, int to)
{
	static const char *const kind[] = {"    %", "    start %", "    wait %"};
	for (int i = from; i < to; i++) {
		if (i < g->nnode) {
			printnode(b, g, i);
		} else {
			const Step *st = &g->step[i - g->nnode];
			if (i == g->nnode)
				PUT(b, "  schedule {\n");
			puts_(b, kind[st->kind]);
			puti(b, st->node);
			PUT(b, "\n");
		}
	}
}

static void flush(Buf *b, FILE *out)
{
	if (b->len) /* an empty module's b->s is NULL */
		fwrite(b->s, 1, b->len, out);
	b->len = 0;
}

/* A large graph's lines in blocks: the first thread prints the even blocks and writes every
 * block in order; a second prints the odd ones into two buffers it takes turns with. The text
 * never sits in memory whole (fresh memory is what costs most here: the kernel's page faults
 * do not run in parallel). */
typedef struct {
	const Graph *g;
	int lines, block; /* lines / 64, at most 4096 (about half a megabyte) */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	Buf buf[2];
	int holds[2]; /* the block in buf[k], or -1 once written */
} Blocks;

static void *printodd(void *arg)
{
	Blocks *p = arg;
	for (int k = 1; (int64_t)k * p->block < p->lines; k += 2) {
		int s = k / 2 % 2;
		pthread_mutex_lock(&p->mu);
		while (p->holds[s] >= 0)
			pthread_cond_wait(&p->cv, &p->mu);
		pthread_mutex_unlock(&p->mu);
		p->buf[s].len = 0;
		printlines(&p->buf[s], p->g, k * p->block,
			   (int)fmin(p->lines, (k + 1.0) * p->block));
		pthread_mutex_lock(&p->mu);
		p->holds[s] = k;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	return NULL;
}

/* Lines [0, lines) of g, written to out through b; with a second thread for split lines or
 * more. */
static void printgraph(Buf *b, FILE *out, const Graph *g, int lines, int split)
{
	int block = (int)fmax(1, fmin(4096, lines / 64));
	Blocks p = {g,	   lines,   block, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
		    {{0}}, {-1, -1}};
	pthread_t th;
	if (split <= 0 || lines < split || lines < 2 ||
	    pthread_create(&th, NULL, printodd, &p) != 0) {
		for (int k = 0; k < lines; k += 4096) {
			printlines(b, g, k, (int)fmin(lines, k + 4096.0));
			flush(b, out);
		}
		return;
	}
	for (int k = 0; (int64_t)k * block < lines; k++) {
		int s = k / 2 % 2;
		if (k % 2 == 0) {
			printlines(b, g, k * block, (int)fmin(lines, (k + 1.0) * block));
			flush(b, out);
			continue;
		}
		pthread_mutex_lock(&p.mu);
		while (p.holds[s] != k)
			pthread_cond_wait(&p.cv, &p.mu);
		pthread_mutex_unlock(&p.mu);
		flush(&p.buf[s], out);
		pthread_mutex_lock(&p.mu);
		p.holds[s] = -1;
		pthread_cond_broadcast(&p.cv);
		pthread_mutex_unlock(&p.mu);
	}
	pthread_join(th, NULL);
	bfree(&p.buf[0]);
	bfree(&p.buf[1]);
}

void printirfast(FILE *out, const Module *m, int split)
{
	int loops = 0; /* the reference printer prints loops (few and small) */
	for (int i = 0; i < m->ngraph; i++)
		loops |= m->graph[i]->nloop > 0;
	if (loops || getenv("DAGCC_IR_REFERENCE")) {
		printir(out, m);
		return;
	}
	Buf b = {0};
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		if (i)
			PUT(&b, "\n");
		PUT(&b, "graph @");
		puts_(&b, g->name);
		PUT(&b, " ");
		putq(&b, g->file);
		if (g->rank >= 0) {
			Buf r = {0};
			bprintf(&r, " rank %d of %d in ", g->rank, g->nranks);
			bputq(&r, g->rankgroup);
			if (g->rankvar)
				bprintf(&r, " by %s", g->rankvar);
			puts_(&b, r.s);
			bfree(&r);
		}
		PUT(&b, " {\n");
		printgraph(&b, out, g, g->nnode + (g->step ? g->nstep : 0), split);
		if (g->step && g->nstep == 0)
			PUT(&b, "  schedule {\n");
		if (g->step)
			PUT(&b, "  }\n");
		PUT(&b, "}\n");
	}
	flush(&b, out);
	bfree(&b);
}
