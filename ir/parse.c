/* parse.c - read the textual IR that ir/print.c writes (parseir): the reference reader.
 * ir/iofast.c reads the same text faster, to the same graphs and the same diagnostics.
 *
 * The grammar, with the printer's comment for meaning:
 *
 *   module = { graph }
 *   graph  = "graph" "@" name string [ rank ] "{" { node } [ schedule ] "}"
 *   rank   = "rank" int "of" int "in" string [ "by" name ]   (a rank-specialized graph)
 *   node   = "%" label "=" kind { attr } { access } [ "after" dep { "," dep } ] [ loc ]
 *          | "%" label "=" "loop" string "trips" string [ "pinned" ] [ "peeled" ] { attr }
 *            { access }
 *            [ "after" dep { "," dep } ] [ loc ] "{" { node } [ schedule ] "}"
 *   attr   = string | "flops" num | "bytes" num | "us" num | "size" int | "group" string
 *          | dtype | "op" opname | "count" int | "peer" int
 *          | "bucket" form "(" int [ loc ] { "," int [ loc ] } ")" | "bucket" "%" label
 *          | "(" member { "," member } ")"                           (a p2p group)
 *          | "guard" "%" label                                    (a peeled loop's node)
 *   member = ( "send" | "recv" ) dtype "count" int [ "peer" int ] [ loc ]
 *   schedule = "schedule" "{" { [ "prev" ] [ "start" | "wait" ] "%" label } "}"
 *              ("prev": a loop's late node, every one of its steps)
 *   access = ( "in" | "out" | "inout" ) string "[" int ":" ( int | "?" ) "]"
 *   dep    = "%" label "(" depkind { "+" depkind } ")"
 *   loc    = "@" [ string ":" ] int ":" int
 *
 * Labels are any non-negative integers, each defined once, in any order; an edge may name a node
 * defined later in the text (the verifier rejects cycles). A loop's body numbers its own
 * nodes, and its edges and schedule name only them. Nodes keep their textual order, which
 * is the program order. Comments run from ';' to the end of the line. The first error ends the
 * reading. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "lex.h"

typedef enum { T_EOF, T_IDENT, T_INT, T_NUM, T_STRING, T_PUNCT } TokKind;

typedef struct {
	const char *path;
	const char *p; /* after the current token */
	int line;
	const char *linestart;
	TokKind kind;
	const char *tok; /* the current token, len bytes */
	size_t len;
	Buf str; /* T_STRING: its text, escapes decoded */
	int bad;
} L;

static Loc here(const L *l)
{
	return (Loc){l->path, l->line, (int)(l->tok - l->linestart) + 1};
}

static void lexerr(L *l, Loc loc, const char *msg)
{
	if (!l->bad)
		error(loc, "%s", msg);
	l->bad = 1;
}

/* A string's text from p (after the quote) into l->str; returns the text after the closing
 * quote. */
static const char *string(L *l, const char *p)
{
	const char *err = NULL;
	p = unquote(&l->str, p, &err);
	if (err)
		lexerr(l, here(l), err);
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
	const char *p = l->tok = l->p;
	if (!*p) {
		l->kind = T_EOF;
	} else if (alpha((unsigned char)*p) || *p == '_') {
		while (alpha((unsigned char)*p) || digit((unsigned char)*p) || *p == '_' ||
		       *p == '.')
			p++;
		l->kind = T_IDENT;
	} else if (digit((unsigned char)*p) ||
		   ((*p == '-' || *p == '.') && digit((unsigned char)p[1]))) {
		/* as far as strtod reads; an integer unless it has a fraction, exponent, inf or nan; never
		 * hexadecimal */
		char *end;
		(void)strtod(p, &end);
		l->kind = T_INT;
		for (; p < end; p++)
			if (*p == '.' || *p == 'e' || *p == 'E' || *p == 'n' || *p == 'i')
				l->kind = T_NUM;
			else if (*p == 'x' || *p == 'X')
				lexerr(l, here(l), "expected a decimal number");
	} else if (*p == '"') {
		p = string(l, p + 1);
		l->kind = T_STRING;
	} else {
		p++;
		l->kind = T_PUNCT;
	}
	l->len = (size_t)(p - l->tok);
	l->p = p;
}

static int is(L *l, const char *s)
{
	return (l->kind == T_IDENT || l->kind == T_PUNCT) && strlen(s) == l->len &&
	       memcmp(l->tok, s, l->len) == 0;
}

static int expect(L *l, const char *s)
{
	if (is(l, s)) {
		next(l);
		return 1;
	}
	char msg[64];
	snprintf(msg, sizeof msg, "expected '%s'", s);
	lexerr(l, here(l), msg);
	return 0;
}

static int getint(L *l, int64_t *v, int64_t min)
{
	if (l->kind != T_INT) {
		lexerr(l, here(l), "expected an integer");
		return 0;
	}
	errno = 0;
	long long x = strtoll(l->tok, NULL, 10);
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
	*v = strtod(l->tok, NULL);
	if (!(*v >= 0) || *v > 1e300) {
		lexerr(l, here(l), "expected a finite non-negative number");
		return 0;
	}
	next(l);
	return 1;
}

/* The index of the current identifier in names[0..n), or -1. */
static int lookupname(const char *const *names, int n, L *l)
{
	if (l->kind != T_IDENT)
		return -1;
	for (int i = 0; i < n; i++)
		if (strlen(names[i]) == l->len && memcmp(names[i], l->tok, l->len) == 0)
			return i;
	return -1;
}

typedef struct {
	Label *label; /* in definition order, sorted once the nodes are read */
	int nlabel, caplabel;
	Ref *ref;
	int nref, capref;
} Tabs;

static void addref(Graph *g, Tabs *t, Ref r)
{
	agrow(g->arena, &t->ref, &t->capref, t->nref + 1, sizeof(Ref));
	t->ref[t->nref++] = r;
}

/* After "@": line:col or "file":line:col */
static int getloc(L *l, Graph *g, Loc *loc)
{
	const char *file = g->file;
	if (l->kind == T_STRING) {
		file = strcmp(l->str.s, g->file) ? astrdup(g->arena, l->str.s) : g->file;
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

/* A bucket's or p2p group's member read up to its optional @loc: that, then it joins n. */
static int addmember(L *l, Graph *g, Node *n, int *cap, Member mb)
{
	if (is(l, "@")) {
		next(l);
		if (!getloc(l, g, &mb.loc))
			return 0;
	}
	agrow(g->arena, &n->member, cap, n->nmember + 1, sizeof(Member));
	n->member[n->nmember++] = mb;
	return 1;
}

/* After "bucket" on a collective: FORM (count @loc, ...) */
static void members(L *l, Graph *g, Node *n)
{
	int form = lookupname(formname, NBKFORM, l);
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
		if (!getint(l, &mb.count, 0) || !addmember(l, g, n, &cap, mb))
			return;
	} while (!l->bad && is(l, ","));
	expect(l, ")");
}

/* After "(" on a p2p group: its members, KIND DTYPE count N [peer N] [@loc], ... ) */
static void p2pmembers(L *l, Graph *g, Node *n)
{
	int cap = 0;
	do {
		next(l);
		Member mb = {.peer = -1};
		int k = lookupname(kindname, NKIND, l);
		if (!isp2pmember(k)) {
			lexerr(l, here(l), "expected send or recv");
			return;
		}
		mb.kind = (NodeKind)k;
		next(l);
		int dt = lookupname(dtypename, NDTYPE, l);
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
		if (!addmember(l, g, n, &cap, mb))
			return;
	} while (!l->bad && is(l, ","));
	expect(l, ")");
}

/* One attribute of n, of kind; 0 if the current token is none. */
static int attr(L *l, Graph *g, Tabs *t, Node *n, int kind)
{
	int coll = iscollective((NodeKind)kind), pg = kind == N_P2P;
	if (l->kind == T_STRING && (kind == N_COMPUTE || kind == N_BARRIER) && !n->name) {
		n->name = astrdup(g->arena, l->str.s);
		next(l);
	} else if (kind == N_COMPUTE && lookupname(dtypename, NDTYPE, l) >= 0) {
		n->ctype = lookupname(dtypename, NDTYPE, l);
		next(l);
	} else if (kind == N_COMPUTE && (is(l, "flops") || is(l, "bytes") || is(l, "us"))) {
		double *slot = is(l, "flops") ? &n->flops : is(l, "bytes") ? &n->mbytes : &n->us;
		next(l);
		getnum(l, slot);
	} else if ((kind == N_ALLOC || kind == N_FREE) && is(l, "size")) {
		next(l);
		getint(l, &n->bytes, 0);
	} else if ((kind == N_COMPUTE || kind == N_ALLOC || kind == N_FREE) && is(l, "bucket") &&
		   n->bucket < 0) {
		next(l);
		Loc at = here(l);
		int64_t of;
		if (!expect(l, "%") || !getint(l, &of, 0))
			return 1;
		n->bucket = 0; /* resolved with the edges */
		addref(g, t, (Ref){of, at, (int)(n - g->node), -1});
	} else if (coll && is(l, "group")) {
		next(l);
		if (l->kind != T_STRING) {
			lexerr(l, here(l), "expected the group's name as a string");
			return 1;
		}
		n->group = intern(g, &g->group, &g->ngroup, l->str.s);
		next(l);
	} else if (coll && !pg && lookupname(dtypename, NDTYPE, l) >= 0) {
		n->dtype = (Dtype)lookupname(dtypename, NDTYPE, l);
		next(l);
	} else if (coll && !pg && is(l, "op")) {
		next(l);
		int op = lookupname(opname, NOP, l);
		if (op < 0) {
			lexerr(l, here(l), "expected a reduction op");
			return 1;
		}
		n->op = (RedOp)op;
		next(l);
	} else if (coll && !pg && is(l, "count")) {
		next(l);
		getint(l, &n->count, 0);
	} else if (coll && !pg && is(l, "peer")) {
		next(l);
		getint(l, &n->peer, 0);
	} else if (coll && is(l, "us")) {
		next(l);
		getnum(l, &n->us);
	} else if (coll && !pg && is(l, "bucket") && !n->form) {
		next(l);
		members(l, g, n);
	} else if (pg && is(l, "(") && !n->nmember) {
		p2pmembers(l, g, n);
	} else if (is(l, "guard") && !n->guard) {
		next(l);
		Loc at = here(l);
		int64_t of;
		if (!expect(l, "%") || !getint(l, &of, 0))
			return 1;
		n->guard = -1; /* resolved with the edges */
		addref(g, t, (Ref){of, at, (int)(n - g->node), -2});
	} else {
		return 0;
	}
	return 1;
}

static int region(L *l, Graph *g, Loop *lp);

/* A string into *s, in g's arena */
static int getstr(L *l, Graph *g, const char **s, const char *what)
{
	if (l->kind != T_STRING) {
		lexerr(l, here(l), what);
		return 0;
	}
	*s = astrdup(g->arena, l->str.s);
	next(l);
	return 1;
}

static void node(L *l, Graph *g, Tabs *t)
{
	Loc at = here(l);
	int64_t label;
	if (!expect(l, "%") || !getint(l, &label, 0) || !expect(l, "="))
		return;
	int islp = is(l, "loop"); /* a barrier with a body */
	int kind = islp ? N_BARRIER : lookupname(kindname, NKIND, l);
	if (kind < 0) {
		lexerr(l, here(l), "expected a node kind");
		return;
	}
	next(l);
	const char *var = NULL, *trips = NULL;
	if (islp && (!getstr(l, g, &var, "expected the loop's variable as a string") ||
		     !expect(l, "trips") ||
		     !getstr(l, g, &trips, "expected what bounds the loop as a string")))
		return;
	int pinned = islp && is(l, "pinned");
	if (pinned)
		next(l);
	int peeled = islp && is(l, "peeled");
	if (peeled)
		next(l);
	Node *n = addnode(g, (NodeKind)kind, (Loc){NULL, 0, 0});
	int idx = g->nnode - 1;
	agrow(g->arena, &t->label, &t->caplabel, t->nlabel + 1, sizeof(Label));
	t->label[t->nlabel++] = (Label){label, idx, at};
	while (!l->bad && !is(l, "in") && !is(l, "out") && !is(l, "inout") && !is(l, "after") &&
	       !is(l, "@") && attr(l, g, t, n, kind))
		;
	if (l->bad)
		return;
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
	while (!l->bad && (is(l, "in") || is(l, "out") || is(l, "inout"))) {
		int mode = is(l, "in") ? ACC_READ : is(l, "out") ? ACC_WRITE : ACC_READ | ACC_WRITE;
		next(l);
		if (l->kind != T_STRING) {
			lexerr(l, here(l), "expected a root name as a string");
			return;
		}
		int root = intern(g, &g->root, &g->nroot, l->str.s);
		int64_t off, len = LEN_REST;
		next(l);
		if (!expect(l, "[") || !getint(l, &off, 0) || !expect(l, ":"))
			return;
		if (is(l, "?"))
			next(l);
		else if (!getint(l, &len, 0))
			return;
		if (!expect(l, "]"))
			return;
		addacc(g, n, root, mode, off, len);
	}
	if (!l->bad && is(l, "after")) {
		do {
			next(l);
			Loc from = here(l);
			int64_t label;
			if (!expect(l, "%") || !getint(l, &label, 0) || !expect(l, "("))
				return;
			int kinds = 0;
			do {
				if (kinds)
					next(l);
				int k = lookupname(depname, NDEPKIND, l);
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
			agrow(g->arena, &n->dep, &n->capdep, n->ndep + 1, sizeof(Dep));
			n->dep[n->ndep++] = (Dep){-1, kinds};
			addref(g, t, (Ref){label, from, idx, n->ndep - 1});
		} while (!l->bad && is(l, ","));
	}
	if (!l->bad && is(l, "@")) {
		next(l);
		getloc(l, g, &n->loc);
	}
	if (!l->bad && iscollective((NodeKind)kind) && n->group < 0)
		lexerr(l, at, "collective has no group");
	if (!l->bad && islp && expect(l, "{")) {
		Graph *b = newregion(g, n, var, trips);
		Loop *lp = &g->loop[g->nloop - 1];
		lp->pinned = pinned;
		lp->peeled = peeled;
		if (!region(l, b, lp))
			l->bad = 1; /* said why */
	}
}

/* rank R of N in "GROUP" [by NAME]: a rank-specialized graph */
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
	g->rankgroup = astrdup(g->arena, l->str.s);
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

static int graph(L *l, Module *m)
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
	Graph *g = newgraph(name, l->str.s);
	free(name);
	addgraph(m, g);
	next(l);
	if (is(l, "rank") && !rankof(l, g))
		return 0;
	if (!expect(l, "{"))
		return 0;
	return region(l, g, NULL);
}

/* After a graph's or a loop's "{": its nodes, its schedule and "}" */
static int region(L *l, Graph *g, Loop *lp)
{
	Tabs t = {0};
	while (!l->bad && !is(l, "}") && !is(l, "schedule") && l->kind != T_EOF)
		node(l, g, &t);
	if (t.nlabel > 1)
		qsort(t.label, (size_t)t.nlabel, sizeof(Label), bylabel);
	if (!l->bad && is(l, "schedule")) {
		next(l);
		if (!expect(l, "{"))
			return 0;
		g->step = aalloc(g->arena, sizeof(Step)); /* a schedule, even an empty one */
		/* by node: 1 its steps so far are this trip's, 2 the trip before's (prev) */
		unsigned char *trip = aarray(g->arena, (size_t)g->nnode + 1, 1);
		while (!l->bad && !is(l, "}") && l->kind != T_EOF) {
			StepKind k = ST_RUN;
			Loc pat = here(l);
			int prev = is(l, "prev");
			if (prev && !lp) {
				error(pat, "'prev' outside a loop's schedule");
				return 0;
			}
			if (prev)
				next(l);
			if (is(l, "start") || is(l, "wait")) {
				k = is(l, "start") ? ST_START : ST_WAIT;
				next(l);
			}
			Loc at = here(l);
			int64_t label;
			if (!expect(l, "%") || !getint(l, &label, 0))
				return 0;
			int i = findlabel(t.label, t.nlabel, label);
			if (i < 0) {
				error(at, "schedule names undefined node %%%lld", (long long)label);
				return 0;
			}
			if (trip[i] && trip[i] != 1 + prev) {
				error(pat,
				      "node %%%lld runs a trip late in one step and not in another",
				      (long long)label);
				return 0;
			}
			trip[i] = (unsigned char)(1 + prev);
			if (prev && !lp->late)
				lp->late = aarray(g->arena, (size_t)g->nnode + 1, 1);
			if (prev)
				lp->late[i] = 1;
			addstep(g, k, i);
		}
		if (!l->bad)
			expect(l, "}");
	}
	if (l->bad || !expect(l, "}"))
		return 0;
	for (int i = 1; i < t.nlabel; i++)
		if (t.label[i].label == t.label[i - 1].label) {
			Label *dup = t.label[i].index > t.label[i - 1].index ? &t.label[i] :
									       &t.label[i - 1];
			error(dup->loc, "node %%%lld is defined twice in graph @%s",
			      (long long)dup->label, g->name);
			return 0;
		}
	for (int i = 0; i < t.nref; i++) {
		Ref *r = &t.ref[i];
		int from = findlabel(t.label, t.nlabel, r->label);
		if (from < 0) {
			error(r->loc, "%s undefined node %%%lld",
			      r->dep == -2 ? "guard names" :
			      r->dep < 0   ? "bucket names" :
					     "edge from",
			      (long long)r->label);
			return 0;
		}
		if (r->dep == -2 && !g->node[from].loop) {
			error(r->loc, "guard names node %%%lld, which is not a loop",
			      (long long)r->label);
			return 0;
		}
		if (r->dep == -2)
			g->node[r->node].guard = g->node[from].loop;
		else if (r->dep < 0)
			g->node[r->node].bucket = from;
		else
			g->node[r->node].dep[r->dep].node = from;
	}
	return 1;
}

int parseirtext(const char *path, const Text *text, Module *m)
{
	L l = {.path = path, .p = text->s, .line = 1, .linestart = text->s};
	int before = nerrors; /* the first token may be an error too */
	next(&l);
	while (!l.bad && l.kind != T_EOF && graph(&l, m))
		;
	if (nerrors == before)
		nulbyte(path, text);
	bfree(&l.str);
	return nerrors == before;
}

int parseir(const char *path, Module *m)
{
	Text text;
	if (!mapfile(path, &text))
		fatal("cannot read %s%s", path, errno == EFBIG ? ": larger than 2 GB" : "");
	int ok = parseirtext(path, &text, m);
	unmapfile(&text);
	return ok;
}
