/* unroll.c - the statement walker: for loops with constant bounds unrolled, constant ifs
 * folded, collectives and jumps under run-time control flow. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "extract.h"

/* Variables outside the graph that an unrolled loop's header or a folded if's condition
 * names stay used in the emitted body ((void)STEP;): unrolling drops the header, and a static
 * const used nowhere else would draw -Wunused warnings. */
static void keepalive(X *x, Expr *e)
{
	if (!e)
		return;
	if ((e->kind == E_VAR || e->kind == E_NUM) && e->isglobal && e->name) {
		const char *text = afmt(x->g->arena, "(void)%s", e->name);
		for (int i = 0; i < x->g->nprelude; i++)
			if (x->g->prelude[i].after == -1 && !strcmp(x->g->prelude[i].text, text))
				return;
		addpreludeat(x, text, -1, e->loc);
		return;
	}
	for (int i = 0; e->kind == E_CALL && i < e->narg; i++)
		keepalive(x, e->arg[i]);
	keepalive(x, e->a);
	keepalive(x, e->b);
	keepalive(x, e->c);
}

/* The static compute functions s calls, which a folded if or an empty loop drops: noted so a
 * graph that no longer calls one keeps it used (keepcalls). */
static void droppedexpr(X *x, const Expr *e)
{
	if (!e)
		return;
	if (e->kind == E_CALL && e->call == CALL_OTHER && e->helper && e->helper->body)
		keephelper(x, e->helper); /* a helper: it and what it calls stay used */
	if (e->kind == E_CALL && e->call == CALL_COMPUTE && e->fn && e->fn->isstatic) {
		int i = 0;
		while (i < x->ndropped && x->dropped[i]->fn != e->fn)
			i++;
		if (i == x->ndropped) {
			agrow(x->g->arena, &x->dropped, &x->capdropped, x->ndropped + 1,
			      sizeof *x->dropped);
			x->dropped[x->ndropped++] = e;
		}
	}
	for (int i = 0; e->kind == E_CALL && i < e->narg; i++)
		droppedexpr(x, e->arg[i]);
	droppedexpr(x, e->a);
	droppedexpr(x, e->b);
	droppedexpr(x, e->c);
}

static void dropped(X *x, const Stmt *s)
{
	stmtexprs(x, s, droppedexpr);
}

/* A static compute function whose every call in the graph was dropped stays used in the
 * emitted body ((void)fn;), as the original's dropped call used it: else a -Werror build of
 * the output fails where the original's passed. So does a helper inlined or dropped. */
void keepcalls(X *x)
{
	for (int i = 0; i < x->ndropped; i++) {
		int called = 0;
		for (int k = 0; !called && k < x->g->nnode; k++)
			called = x->g->node[k].kind == N_COMPUTE && x->g->node[k].name &&
				 !strcmp(x->g->node[k].name, x->dropped[i]->fn->name);
		if (!called)
			addpreludeat(x, afmt(x->g->arena, "(void)%s", x->dropped[i]->fn->name), -1,
				     x->dropped[i]->loc);
	}
	for (int i = 0; i < x->nkept; i++) /* an inlined helper's calls are gone */
		addpreludeat(x, afmt(x->g->arena, "(void)%s", x->kept[i]->name), -1,
			     x->kept[i]->loc);
}

/* A label in s, or NULL. */
static const Stmt *labelin(const Stmt *s)
{
	if (!s || (s->kind == S_OTHER && s->label))
		return s;
	const Stmt *l = NULL;
	for (int i = 0; !l && i < s->nkid; i++)
		l = labelin(s->kid[i]);
	if (!l)
		l = labelin(s->body);
	return l ? l : labelin(s->els);
}

/* Whether only loop l's variable may change what e (its condition) is: its other variables
 * are globals or names its body does not use. */
static int condof(const Expr *e, const Stmt *l)
{
	if (!e)
		return 1;
	if (e->kind == E_VAR)
		return e->isglobal || !strcmp(e->name, l->var) ||
		       !stmtnames(l->body, e->name, NULL);
	if (e->kind == E_CALL || e->kind == E_OTHER || e->kind == E_INIT || mutates(e))
		return 0;
	return condof(e->a, l) && condof(e->b, l) && condof(e->c, l);
}

/* Whether every copy of loop l's body b does the same: b holds only calls of compute functions
 * and collectives (in blocks that declare nothing) whose arguments change nothing and, unless
 * named, do not name l's variable (a run-time loop's body may: the variable stays what it was
 * for the whole trip). */
static int samecopies(const Stmt *b, const Stmt *l, int named)
{
	if (!b)
		return 1;
	if (b->kind == S_BLOCK && !b->var) {
		for (int i = 0; i < b->nkid; i++)
			if (!samecopies(b->kid[i], l, named))
				return 0;
		return 1;
	}
	const Expr *e = b->init;
	if (b->kind != S_EXPR || !e || e->kind != E_CALL ||
	    (e->call != CALL_COMPUTE && e->call != CALL_COLLECTIVE))
		return 0;
	for (int i = 0; i < e->narg; i++)
		if (hascall(e->arg[i]))
			return 0;
	return named || !stmtnames(b, l->var, NULL);
}

/* Whether loop s, its variable (env[bindex]) at v after a first copy of a body whose copies are
 * all the same, would pass MAXITER: its header alone is run, as the copies would run it. 0
 * where it ends first, or where a copy would stop it otherwise (the increment's errors, a
 * variable that stays): the copies are then made, and say why. */
static int toomany(X *x, Stmt *s, int bindex, int64_t v)
{
	for (int64_t left = MAXITER - x->iters;; left--) {
		x->env[bindex].value = v;
		Val c = eval(x, s->cond);
		if (c.ok && !c.isint && c.d >= -0x1p63 && c.d < 0x1p63 &&
		    c.d == (double)(int64_t)c.d) {
			c.isint = 1;
			c.i = (int64_t)c.d;
		}
		if (!c.ok || !c.isint || !c.i)
			return 0;
		if (!left)
			return 1;
		Val nv = update(x, s->inc, v);
		if (!nv.ok || !nv.isint || nv.i == v)
			return 0;
		v = nv.i;
	}
}

/* Whether loop s, its variable (env[bindex]) at v, steps by a constant (i++, i -= 4) to where
 * its condition fails within 2^31 steps: a loop of many trips that ends, not one that runs
 * until its variable overflows. */
static int ends(X *x, Stmt *s, int bindex, int64_t v)
{
	Val a = update(x, s->inc, v);
	if (!a.ok || !a.isint || a.i == v)
		return 0;
	Val b = update(x, s->inc, a.i);
	int64_t d = a.i - v, far;
	if (!b.ok || !b.isint || b.i - a.i != d || d > (1 << 20) || d < -(1 << 20) ||
	    __builtin_add_overflow(v, d * ((int64_t)1 << 31), &far))
		return 0;
	x->env[bindex].value = far;
	Val c = eval(x, s->cond);
	x->env[bindex].value = v;
	return c.ok && c.isint && !c.i;
}

/* Whether loop s counts to a bound known only at run time: its increment updates its
 * variable, and its start, its condition at the start, or its step is not a constant
 * expression (a run-time value, and no other error). Such a loop is run as written, an
 * ordering barrier, as a while loop is (issue 28 is to schedule and pipeline its body). */
static void runtimecoll(X *x, Stmt *s, const char *where);

static int runtimebound(X *x, Stmt *s)
{
	Expr *inc = s->inc;
	Expr *var = mutates(inc) ? inc->a : NULL;
	if (!var || var->kind != E_VAR || strcmp(var->name, s->var) != 0)
		return 0;
	Val iv = eval(x, s->init);
	if (!iv.ok)
		return !strcmp(iv.why, "not a constant expression");
	if (!iv.isint)
		return 0;
	int mark = x->nenv;
	bind(x, s->var, B_INT)->value = iv.i;
	Val c = eval(x, s->cond), nv = update(x, inc, iv.i);
	x->nenv = mark;
	return (!c.ok && !strcmp(c.why, "not a constant expression")) ||
	       (!nv.ok && !strcmp(nv.why, "not a constant expression"));
}

static size_t headerlen(const char *s);

/* Whether body b of a run-time loop l is straight-line: calls of compute functions and of
 * collectives that are neither sends nor receives (whose pairing across ranks the p2p check
 * follows through program order, not through a loop), as samecopies takes them, declarations
 * of variables initialized without a call (`float *x = tokens + mb * T;`), and run-time loops
 * of its own whose bodies are (nested, below). */
static int nested(X *x, Stmt *s, const Stmt *l);
static int straight(X *x, Stmt *b, const Stmt *l)
{
	if (b->kind == S_FOR)
		return nested(x, b, l);
	if (b->kind == S_BLOCK && !b->var) {
		for (int i = 0; i < b->nkid; i++)
			if (!straight(x, b->kid[i], l))
				return 0;
		return 1;
	}
	if (b->kind == S_BLOCK) { /* a declaration: each declarator initialized, calling nothing */
		for (int i = 0; i < b->nkid; i++) {
			const Stmt *d = b->kid[i];
			if (d->kind != S_DECL || !d->init || d->isarray || hascall(d->init))
				return 0;
		}
		return 1;
	}
	if (!samecopies(b, l, 1))
		return 0;
	const Expr *e = b->init;
	return e->call == CALL_COMPUTE ||
	       (e->coll != N_P2P && colls[e->coll].p2p == P2P_NO && colls[e->coll].name);
}

/* Whether for statement s in the body of run-time loop l keeps that body straight-line: a
 * variable of its own and a header, neither naming l's variable (its body may); a run-time
 * loop of its own (micro-batches in a step), which runtimeloop makes a loop node of in l's
 * body, with a plain header and a straight-line body; or a loop of constant bounds (layers),
 * unrolled there as anywhere, whose copies' calls are straight-line and may name its
 * variable. */
static int nested(X *x, Stmt *s, const Stmt *l)
{
	if (!s->var || !s->init || !s->cond || !s->inc || !strcmp(s->var, l->var) ||
	    exprnames(s->init, l->var, NULL) || exprnames(s->cond, l->var, NULL) ||
	    exprnames(s->inc, l->var, NULL))
		return 0;
	int mark = x->nenv;
	bind(x, l->var, B_OPAQUE);
	int rt = runtimebound(x, s);
	x->nenv = mark;
	if (rt && !headerlen(subst(x, stmtsrc(s))))
		return 0;
	return straight(x, s->body, rt ? s : l);
}

/* What bounds loop s's condition (`i < n`: n), for --trips; "" where it is not one side of a
 * comparison with the variable */
static const char *tripsof(const Stmt *s)
{
	const Expr *c = s->cond;
	if (!c || c->kind != E_BIN ||
	    (strcmp(c->op, "<") && strcmp(c->op, "<=") && strcmp(c->op, ">") &&
	     strcmp(c->op, ">=") && strcmp(c->op, "!=")))
		return "";
	if (c->a->kind == E_VAR && !strcmp(c->a->name, s->var))
		return exprtext(c->b);
	if (c->b->kind == E_VAR && !strcmp(c->b->name, s->var))
		return exprtext(c->a);
	return "";
}

/* The length of the header of for statement text s, `for (...)`; 0 where it is not one */
static size_t headerlen(const char *s)
{
	if (!s || strncmp(s, "for", 3))
		return 0;
	const char *p = s + 3;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (*p != '(')
		return 0;
	const char *e = closeparen(p, 1); /* a comment in the header: not followed */
	return e ? (size_t)(e - s) : 0;
}

/* Whether run-time loop s's header may change what a late node reads, or read what its body
 * writes (its n nodes, their roots g's): it calls or assigns besides its increment, reads a
 * global or memory through anything but a parameter (a local pointer may alias any buffer:
 * hdrreads), or names the variable a root a node writes is in (or any, where a node may write
 * any memory). Such a loop is never rotated: a trip late, a node would run after the next
 * trip's header. */
static int hdrreads(const Expr *e, const Graph *g)
{
	if (!e)
		return 0;
	if (e->kind == E_VAR && e->isglobal)
		return 1;
	if ((e->kind == E_UN && !strcmp(e->op, "*")) || e->kind == E_INDEX ||
	    (e->kind == E_MEMBER && e->arrow)) {
		const Expr *v = e->a;
		while (v && v->kind != E_VAR)
			v = v->a;
		int param = 0;
		for (int k = 0; v && k < g->nparam; k++)
			param |= !strcmp(g->param[k], v->name);
		if (!param)
			return 1;
	}
	return hdrreads(e->a, g) || hdrreads(e->b, g) || hdrreads(e->c, g);
}

static int pinned(Stmt *s, const Node *body, int n, const Graph *g)
{
	if (hascall(s->cond) || (s->inc->kind == E_BIN && hascall(s->inc->b)) ||
	    hdrreads(s->cond, g) || hdrreads(s->inc, g))
		return 1;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < body[i].nacc; k++) {
			const char *r = g->root[body[i].acc[k].root];
			if (!(body[i].acc[k].mode & ACC_WRITE))
				continue;
			if (!strcmp(r, UNKNOWN_ROOT))
				return 1;
			while (*r && !isalpha((unsigned char)*r) && *r != '_')
				r++;
			size_t len = 0;
			while (isalnum((unsigned char)r[len]) || r[len] == '_')
				len++;
			char *base = xmalloc(len + 1);
			memcpy(base, r, len);
			base[len] = 0;
			int names = len && (exprnames(s->cond, base, NULL) ||
					    exprnames(s->inc, base, NULL));
			free(base);
			if (names)
				return 1;
		}
	return 0;
}

/* Whether expression e (a declaration's initializer in a run-time loop's body) loads memory a
 * node of the body (n of them, their roots g's) may write: through anything but a parameter,
 * or through a parameter whose own memory a node writes (`p = tab[0]` with a node writing
 * tab). Such a declaration, made again at the top of each iteration, would read a late node's
 * memory before the late node of the trip before writes it: the loop is not rotated. */
static int loadswritten(const Expr *e, const Node *body, int n, const Graph *g)
{
	if (!e)
		return 0;
	if (e->kind == E_VAR && e->isglobal)
		return 1;
	if ((e->kind == E_UN && !strcmp(e->op, "*")) || e->kind == E_INDEX ||
	    (e->kind == E_MEMBER && e->arrow)) {
		const Expr *v = e->a;
		while (v && v->kind != E_VAR)
			v = v->a;
		int param = 0;
		for (int k = 0; v && k < g->nparam; k++)
			param |= !strcmp(g->param[k], v->name);
		if (!param)
			return 1;
		for (int i = 0; i < n; i++)
			for (int k = 0; k < body[i].nacc; k++) {
				const char *r = g->root[body[i].acc[k].root];
				if ((body[i].acc[k].mode & ACC_WRITE) &&
				    (!strcmp(r, v->name) || !strcmp(r, UNKNOWN_ROOT)))
					return 1;
			}
	}
	for (int i = 0; e->kind == E_CALL && i < e->narg; i++)
		if (loadswritten(e->arg[i], body, n, g))
			return 1;
	return loadswritten(e->a, body, n, g) || loadswritten(e->b, body, n, g) ||
	       loadswritten(e->c, body, n, g);
}

/* Whether a declaration in body b loads memory its nodes may write (loadswritten) */
static int declloads(const Stmt *b, const Node *body, int n, const Graph *g)
{
	if (!b)
		return 0;
	if (b->kind == S_DECL && loadswritten(b->init, body, n, g))
		return 1;
	for (int i = 0; i < b->nkid; i++)
		if (declloads(b->kid[i], body, n, g))
			return 1;
	return 0;
}

/* Body of run-time loop s walked, as its nodes' statements' names say (loopnames) */
static void bodyof(X *x, Stmt *s)
{
	const Stmt *outer = x->rtloop;
	x->rtloop = s;
	stmt(x, s->body);
	x->rtloop = outer;
}

/* Whether s names a variable body b declares */
static int nameslocal(const Stmt *s, const Stmt *b)
{
	if (!b)
		return 0;
	if (b->kind == S_DECL && stmtnames(s, b->var, NULL))
		return 1;
	for (int i = 0; i < b->nkid; i++)
		if (nameslocal(s, b->kid[i]))
			return 1;
	return nameslocal(s, b->body);
}

int loopnames(const X *x)
{
	const Stmt *l = x->rtloop;
	if (!l || !x->cur)
		return 0;
	return (stmtnames(x->cur, l->var, NULL) ? NAMES_VAR : 0) |
	       (nameslocal(x->cur, l->body) ? NAMES_LOCAL : 0);
}

/* Run-time loop s with a straight-line body as a loop node: its header kept as the program
 * reads it, its body's nodes walked as any others are and moved into a region of their own
 * (Loop), which is scheduled apart; to the nodes around it the loop is the barrier it was.
 * 0 (nothing done) where the body is not straight-line, the header's text is not plain, or
 * the body cannot be read as one trip (*why says why): the loop is then a barrier whole. */
static int runtimeloop(X *x, Stmt *s, const char **why)
{
	if (!straight(x, s->body, s))
		return 0;
	const char *all = subst(x, stmtsrc(s));
	size_t nh = headerlen(all);
	if (!nh)
		return 0;
	Graph *g = x->g;
	/* read quietly first: a body dagcc cannot read as one trip (a cost or a count from the
	 * variable, a declaration that reads what a node writes) stays the barrier it was, its
	 * warning saying why */
	Trial t;
	trybegin(x, &t);
	bodyof(x, s);
	const Node *bar = NULL;
	for (int i = t.made.nnode; i < g->nnode && !bar; i++)
		if (g->node[i].kind == N_BARRIER && !g->node[i].loop)
			bar = &g->node[i];
	Loc bl = bar ? bar->loc : (Loc){0};
	tryend(x, &t, 0);
	if (t.diags.errors || bar) {
		*why = t.diags.errors ?
			       afmt(g->arena,
				    "a loop whose trip count is known only at run time, whose body dagcc cannot read as one trip: %s; --assume NAME=VALUE unrolls it",
				    t.diags.first) :
			       afmt(g->arena,
				    "a loop whose trip count is known only at run time, whose body holds a statement that is an ordering barrier (line %d); --assume NAME=VALUE unrolls it",
				    bl.line);
		return 0;
	}
	int at = g->nnode, nloop = g->nloop, np = g->nprelude, errs = errorsin(x->d);
	bodyof(x, s);
	int n = g->nnode - at;
	Node *body = xmalloc(((size_t)n + 1) * sizeof *body);
	memcpy(body, g->node + at, (size_t)n * sizeof *body);
	g->nnode = at;
	if (errorsin(x->d) > errs) { /* said why: the output is not made */
		free(body);
		return 1;
	}
	Node *ln = newnode(x, N_BARRIER, s->loc);
	ln->name = astrndup(g->arena, all, nh);
	x->lastbarrier = g->nnode - 1;
	Graph *b = newregion(g, ln, s->var, tripsof(s));
	g->loop[g->nloop - 1].pinned = pinned(s, body, n, g) || declloads(s->body, body, n, g);
	if (s->vartype)
		g->loop[g->nloop - 1].vartype = astrdup(g->arena, s->vartype);
	for (int i = 0; i < n; i++) {
		Node *bn = addnode(b, body[i].kind, body[i].loc);
		Loc loc = bn->loc;
		*bn = body[i];
		bn->loc = loc;
		bn->ndep = 0;
		if (bn->group >= 0)
			bn->group = intern(b, &b->group, &b->ngroup, g->group[bn->group]);
		for (int k = 0; k < bn->nacc; k++)
			bn->acc[k].root = intern(b, &b->root, &b->nroot, g->root[bn->acc[k].root]);
		if (bn->loop) { /* a nested loop's, made last: its region moves with it */
			agrow(b->arena, &b->loop, &b->caploop, b->nloop + 1, sizeof(Loop));
			b->loop[b->nloop++] = g->loop[bn->loop - 1];
			bn->loop = b->nloop;
		}
	}
	for (int k = np; k < g->nprelude; k++) { /* its declarations, at the body's top */
		agrow(b->arena, &b->prelude, &b->capprelude, b->nprelude + 1, sizeof(Prelude));
		b->prelude[b->nprelude++] = (Prelude){g->prelude[k].text, -1, g->prelude[k].loc};
	}
	g->nprelude = np;
	if (g->nloop > nloop + 1) { /* the loop's own region, after its nested ones' */
		g->loop[nloop] = g->loop[g->nloop - 1];
		g->nloop = nloop + 1;
		ln->loop = g->nloop;
	}
	free(body);
	if (once(x, s->loc))
		dwarning(
			x->d, s->loc,
			"loop whose trip count is known only at run time: its body is scheduled on its own and may overlap one trip with the next, and its last trip with what follows it, but nothing moves into the loop (--assume NAME=VALUE unrolls it)");
	return 1;
}

/* For loop s whose trip count dagcc does not unroll, as a loop node where its body is
 * straight-line (runtimeloop), else a barrier; its variable opaque (an outer constant's name
 * stays), a pointer one pointing into anything the graph names */
static void runtime(X *x, Stmt *s)
{
	x->cur = s; /* the statement the barrier emits */
	int mark = x->nenv;
	Bind *v = bind(x, s->var, s->isptr ? B_PTR : B_OPAQUE);
	if (s->isptr)
		v->ref = unknown(s->init, "a run-time loop's pointer variable");
	const char *why = NULL;
	if (!runtimeloop(x, s, &why)) {
		runtimecoll(x, s->body, "loop");
		runtimep2p(x, s->body, "loop");
		barrier(x, s->loc, stmttext(s), NULL,
			why ? why :
			      "a loop whose trip count is known only at run time and whose body is not straight-line (calls of compute functions and collectives only: a nested loop that is not one of those, a branch or a declaration is run as written), which dagcc runs as written; --assume NAME=VALUE unrolls it");
	}
	forgetstmt(x, s);
	x->nenv = mark;
}

static void loop(X *x, Stmt *s)
{
	keepalive(x, s->init);
	keepalive(x, s->cond);
	keepalive(x, s->inc);
	if (!s->var || !s->init) {
		if (once(x, s->loc))
			derror(x->d, s->loc,
			       "for loop in a graph must initialize its loop variable");
		return;
	}
	if (!s->cond || !s->inc) {
		if (once(x, s->loc))
			derror(x->d, s->loc,
			       "for loop in a graph needs a condition and an increment");
		return;
	}
	if (runtimebound(x, s)) { /* its own break and continue stay in it */
		runtime(x, s);
		return;
	}
	Made before = made(x); /* a loop of too many copies is taken back */
	int64_t v;
	if (!need(x, s->init, "loop bound", &v))
		return;
	int mark = x->nenv;
	bind(x, s->var, B_INT)->value = v;
	int bindex = x->nenv - 1;
	const char *outer = x->suffix;
	const Stmt *label = labelin(s->body);
	for (int copies = 0;; copies++) {
		x->env[bindex].value = v;
		int64_t start = v;
		int64_t c;
		int known = need(x, s->cond, "loop bound", &c);
		if (!known || !c) {
			if (known && !copies)
				dropped(x, s->body); /* a loop of no copies */
			break;
		}
		if (++x->iters > MAXITER) {
			if (once(x, s->loc))
				derror(x->d, s->loc, "loop unrolls to more than %d iterations",
				       MAXITER);
			break;
		}
		if (label && copies == 1) {
			if (oncemore(x, label->loc)) /* its barrier's warning took once */
				derror(x->d, label->loc,
				       "label '%s' in a loop dagcc unrolls: each copy would define it; move the label out of the loop, or the loop out of the graph",
				       label->label);
			break;
		}
		x->suffix = afmt(x->g->arena, "%s.%lld", outer, (long long)v);
		int inner = x->nenv, errs = errorsin(x->d);
		stmt(x, s->body);
		x->nenv = inner;
		x->suffix = outer;
		if (errorsin(x->d) > errs) /* the next copies would say it again: one is enough */
			break;
		v = x->env[bindex].value; /* the body may have changed it (i++; in it) */
		int jump = x->jump;
		x->jump = 0;
		if (jump == S_BREAK)
			break;
		/* the increment: any constant change of the loop variable (i++, i *= 2, i >>= 1,
		 * i = i * 2 + 1) */
		Expr *inc = s->inc;
		Expr *var = mutates(inc) ? inc->a : NULL;
		if (!var || var->kind != E_VAR || strcmp(var->name, s->var) != 0) {
			if (once(x, inc->loc))
				derror(x->d, inc->loc,
				       "loop increment must update the loop variable '%s'", s->var);
			break;
		}
		Val nv = update(x, inc, v);
		if (!nv.ok && strcmp(nv.why, "not a constant expression")) {
			if (!once(x, inc->loc))
				break;
			if (strncmp(nv.why, "overflows", 9))
				derror(x->d, inc->loc, "loop increment %s", nv.why);
			else
				derror(x->d, inc->loc, "loop variable '%s' %s", s->var, nv.why);
			break;
		}
		if (!nv.ok || !nv.isint) {
			if (once(x, (nv.ok ? inc : nv.bad)->loc))
				derror(x->d, (nv.ok ? inc : nv.bad)->loc,
				       "loop step is not %s constant expression",
				       nv.ok ? "an integer" : "a");
			break;
		}
		if (nv.i == start && condof(s->cond, s)) {
			if (once(x, inc->loc))
				derror(x->d, inc->loc,
				       "loop does not end: '%s' stays %lld from one copy to the next, and the condition holds for it",
				       s->var, (long long)nv.i);
			break;
		}
		v = nv.i;
		/* copies that are all the same, too many of them: refused before they are built
		 * (a loop that never ends took seconds and a gigabyte to reach MAXITER) */
		if (!copies && samecopies(s->body, s, 0) && toomany(x, s, bindex, v)) {
			if (!ends(x, s, bindex, v)) {
				x->iters = MAXITER + 1;
				if (once(x, s->loc))
					error(s->loc, "loop unrolls to more than %d iterations",
					      MAXITER);
				break;
			}
			/* run as a run-time loop is, the copies taken back */
			takeback(x, &before);
			x->suffix = outer;
			if (once(x, s->loc))
				dwarning(
					x->d, s->loc,
					"loop of more than %d trips, too many to unroll: run as a loop whose trip count is known only at run time, its body scheduled on its own",
					MAXITER);
			runtime(x, s);
			return;
		}
	}
	x->nenv = mark;
}

/* A break or continue in s that leaves it for the loop around it, or NULL. */
static const Stmt *leaves(const Stmt *s, int inswitch)
{
	if (!s || s->kind == S_FOR || (s->kind == S_OTHER && s->owns == 2))
		return NULL;
	if ((s->kind == S_BREAK && !inswitch) || s->kind == S_CONTINUE)
		return s;
	inswitch |= s->kind == S_OTHER && s->owns == 1;
	const Stmt *j = NULL;
	for (int i = 0; !j && i < s->nkid; i++)
		j = leaves(s->kid[i], inswitch);
	if (!j)
		j = leaves(s->body, inswitch);
	return j ? j : leaves(s->els, inswitch);
}

/* A statement that runs at run time (a barrier) cannot break out of a loop dagcc unrolls. */
static void staysin(X *x, const Stmt *s)
{
	const Stmt *j = leaves(s, 0);
	if (j && once(x, j->loc))
		derror(x->d, j->loc,
		       "'%s' under a run-time condition in a loop dagcc unrolls: the copies cannot stop at run time; make the condition a constant, or move the loop out of the graph",
		       j->kind == S_BREAK ? "break" : "continue");
}

/* Collectives under a run-time if, loop or switch run where they stand: each is warned about,
 * and its time (once) counted on the barrier the statement becomes (Graph.hidden). */
static void runtimecoll(X *x, Stmt *s, const char *where)
{
	if (!s)
		return;
	for (int i = 0; i < s->nkid; i++)
		runtimecoll(x, s->kid[i], where);
	runtimecoll(x, s->body, where);
	runtimecoll(x, s->els, where);
	Expr *e = s->init;
	if (s->kind != S_EXPR || !e || e->kind != E_CALL || e->call != CALL_COLLECTIVE)
		return;
	if (once(x, e->loc))
		dwarning(
			x->d, e->loc,
			"collective inside a run-time %s: not scheduled, it runs where it stands and blocks",
			where);
	const Coll *c = &colls[e->coll];
	Val count = eval(x, e->arg[c->count]), dt = eval(x, e->arg[c->dtype]);
	if (!count.ok || !count.isint || !dt.ok || !dt.isint || dt.i < 0 || dt.i >= NDTYPE ||
	    count.i < 0)
		return;
	int64_t bytes;
	if (__builtin_mul_overflow(count.i, (int64_t)dtypesize((Dtype)dt.i), &bytes)) {
		if (oncemore(x, e->arg[c->count]->loc))
			derror(x->d, e->arg[c->count]->loc, "collective count overflows");
		return;
	}
	Graph *g = x->g;
	agrow(g->arena, &g->hidden, &g->caphidden, g->nhidden + 1, sizeof(Hidden));
	int group = intern(g, &g->group, &g->ngroup, canonstr(x, e->arg[c->group]));
	g->hidden[g->nhidden++] = (Hidden){e->coll, group, bytes, g->nnode, e->loc};
}

void stmt(X *x, Stmt *s)
{
	if (!s)
		return;
	if (s->kind != S_BLOCK && s->kind != S_FOR)
		x->cur = s;
	switch (s->kind) {
	case S_BLOCK: {
		int mark = x->nenv;
		if (s->var && s->nkid) {
			declgroup(x, s);
			return;
		}
		for (int i = 0; i < s->nkid && !x->jump; i++)
			stmt(x, s->kid[i]);
		if (!s->var) /* a declaration group's names outlive it */
			x->nenv = mark;
		return;
	}
	case S_FOR:
		loop(x, s);
		return;
	case S_IF: {
		Val c = eval(x, s->cond);
		if (!c.ok) {
			staysin(x, s);
			runtimecoll(x, s->body, "if");
			runtimecoll(x, s->els, "if");
			runtimep2p(x, s->body, "if");
			runtimep2p(x, s->els, "if");
			barrier(x, s->loc, stmttext(s), NULL,
				"its condition is known only at run time");
			forgetstmt(x, s);
			return;
		}
		keepalive(x, s->cond);
		int mark = x->nenv;
		dropped(x, (c.isint ? c.i != 0 : c.d != 0) ? s->els : s->body);
		stmt(x, (c.isint ? c.i != 0 : c.d != 0) ? s->body : s->els);
		x->nenv = mark;
		return;
	}
	case S_DECL:
		decl(x, s);
		return;
	case S_EXPR:
		expression(x, s);
		return;
	case S_BREAK:
	case S_CONTINUE:
		x->jump = s->kind;
		return;
	case S_OTHER:
		staysin(x, s);
		runtimecoll(x, s->body,
			    "loop"); /* while, do, switch: their bodies, read for this */
		runtimep2p(x, s->body, "loop");
		barrier(x, s->loc, stmttext(s), NULL,
			s->label ?
				"a label: a jump may reach it" :
				"a run-time loop, a switch or a jump, which dagcc does not unroll");
		forgetstmt(x, s);
		return;
	}
}
