/* nodes.c - the nodes a graph body's calls become: compute calls (their costs and the bytes
 * they touch), collectives, allocations and frees, and barriers for everything else. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

static void valuereads(X *x, Node *n, Expr *e);

/* The overlapped program checks at run time that a group has the size its graph was built
 * for (once per group, where it is first relied on). */
static void expectsize(X *x, Expr *g, int size)
{
	const char *text = subst(x, &g->src);
	if (!text || !*text)
		text = exprtext(g);
	for (int i = 0; i < x->nexpect; i++)
		if (strcmp(x->expect[i], text) == 0)
			return;
	agrow(x->g->arena, &x->expect, &x->capexpect, x->nexpect + 1, sizeof(char *));
	x->expect[x->nexpect++] = text;
	addpreludeat(x, afmt(x->g->arena, "dagcc_expect_group_size(%s, %d)", text, size),
		     preludeafter(x, &g->src), g->loc);
}

/* The ranks in the group a collective's first argument names, when --group-size gives them
 * and x uses them (the overlapped program then checks it at run time: dagcc_expect_group_size);
 * else 0. */
int64_t groupranks(X *x, Expr *g)
{
	const char *name = canonstr(x, g);
	for (int i = 0; i < x->o->ngsize; i++)
		if (strcmp(x->o->gsize[i].name, name) == 0) {
			x->wantsizes = 1;
			if (!x->sizes)
				return 0;
			expectsize(x, g, x->o->gsize[i].size);
			return x->o->gsize[i].size;
		}
	return 0;
}

/* A node of the statement being walked. */
Node *newnode(X *x, NodeKind kind, Loc loc)
{
	Node *n = addnode(x->g, kind, loc);
	n->src = aalloc(x->g->arena, sizeof *n->src);
	n->src->text = x->cur ? subst(x, stmtsrc(x->cur)) : NULL;
	n->src->namesvar = loopnames(x);
	return n;
}

/* A use of ptr, which points at r, after dagcc_free_async freed r's memory: an error. */
void usefreed(X *x, const Expr *ptr, Ref r)
{
	if (!x->capfreed)
		return;
	int i = r.unknown || r.null || !r.root ? -1 : findname(x->g, &x->g->root, r.root);
	if (i < 0 || (size_t)i >= x->capfreed || !x->freedat[i].line || !once(x, ptr->loc))
		return;
	derror(x->d, ptr->loc, "use of '%s' after dagcc_free_async freed the memory it points into",
	       *exprtext(ptr) ? exprtext(ptr) : r.root);
	dnote(x->d, x->freedat[i], "freed here");
}

/* Reads and stores in e through a pointer into freed memory (w[0], *w, w->k): errors. */
void freeduse(X *x, Expr *e)
{
	if (!e || !x->capfreed)
		return;
	if (e->kind == E_UN && !strcmp(e->op, "&")) { /* &w[2] reads nothing */
		Expr *a = e->a;
		if (a->kind == E_INDEX || a->kind == E_MEMBER || a->kind == E_UN) {
			freeduse(x, a->a);
			freeduse(x, a->b);
		}
		return;
	}
	if ((e->kind == E_INDEX && e->a->isptr) || (e->kind == E_UN && !strcmp(e->op, "*")) ||
	    (e->kind == E_MEMBER && e->arrow))
		usefreed(x, e->a, resolve(x, e->a));
	for (int i = 0; (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		freeduse(x, e->arg[i]);
	freeduse(x, e->a);
	freeduse(x, e->b);
	freeduse(x, e->c);
}

/* n accesses len bytes (or LEN_REST) from where ptr points; NULL is no access. Before the
 * root's start (a - 4: a parameter may point into a larger object) it may overlap any of it. */
static void access_(X *x, Node *n, Expr *ptr, int mode, int64_t len)
{
	Ref r = resolve(x, ptr);
	if (r.null)
		return;
	usefreed(x, ptr, r);
	if (r.unknown && once(x, ptr->loc)) {
		const char *arg = exprtext(ptr);
		const char *what = r.what ? exprtext(r.what) : arg;
		if (strcmp(what, arg))
			dwarning(
				x->d, ptr->loc,
				"cannot tell which buffer '%s' points into ('%s': %s): it is ordered against every other access; %s",
				arg, what, r.why, unknownhow);
		else
			dwarning(
				x->d, ptr->loc,
				"cannot tell which buffer '%s' points into (%s): it is ordered against every other access; %s",
				arg, r.why, unknownhow);
	}
	int64_t end;
	if (r.known && r.off >= 0 && len != LEN_REST &&
	    (__builtin_add_overflow(len, r.span, &end) ||
	     __builtin_add_overflow(r.off, end, &end))) {
		if (once(x, ptr->loc))
			derror(x->d, ptr->loc,
			       "'%s' points %lld bytes past the start of '%s', and %lld bytes from there are accessed: beyond any object",
			       exprtext(ptr), (long long)r.off, r.root, (long long)len);
		return;
	}
	int root = intern(x->g, &x->g->root, &x->g->nroot, r.root);
	for (int i = 0; r.local && (mode & ACC_WRITE) && i < x->nenv; i++)
		if (x->env[i].root && !strcmp(x->env[i].root, r.root))
			untable(&x->env[i]); /* int cnt[2] = {1, 2}; k(s, cnt): cnt[1] is not 2 */
	if (r.known && r.off >= 0)
		addacc(x->g, n, root, mode, r.off, len == LEN_REST ? LEN_REST : len + r.span);
	else
		addacc(x->g, n, root, mode, 0, LEN_REST);
	if (n->kind == N_COMPUTE) {
		n->acc[n->nacc - 1].expr = subst(x, &ptr->src);
		n->acc[n->nacc - 1].exprlen = len;
	}
	n->acc[n->nacc - 1].local = r.local;
}

/* A barrier node for a statement; its warning says why: callee is the function it calls (why:
 * why dagcc does not inline it, for a function defined in the input), why (else) what dagcc
 * does not follow in it. */
void barrier(X *x, Loc loc, const char *text, const char *callee, const char *why)
{
	Node *n = newnode(x, N_BARRIER, loc);
	n->name = astrdup(x->g->arena, text);
	/* the report reads these after the tree they come from is gone */
	n->src->callee = callee ? astrdup(x->g->arena, callee) : NULL;
	n->src->why = callee && why ? astrdup(x->g->arena, why) : NULL;
	x->lastbarrier = x->g->nnode - 1;
	if (!once(x, loc))
		return;
	if (callee && why)
		dwarning(
			x->d, loc,
			"call to '%s', which is neither a compute function nor a collective, is an ordering barrier (not inlined: %s)",
			callee, why);
	else if (callee)
		dwarning(
			x->d, loc,
			"call to '%s', which is neither a compute function nor a collective, is an ordering barrier",
			callee);
	else if (why)
		dwarning(x->d, loc,
			 "statement is an ordering barrier: nothing moves across it (%s)", why);
	else
		dwarning(x->d, loc, "statement is an ordering barrier: nothing moves across it");
}

/* Evaluates an integer the graph needs (a count, a size); reports what is not constant. */
int need(X *x, Expr *e, const char *what, int64_t *out)
{
	Val v = eval(x, e);
	if (v.ok && !v.isint && v.d >= -0x1p63 && v.d < 0x1p63 && v.d == (double)(int64_t)v.d) {
		v.isint = 1;
		v.i = (int64_t)v.d;
	}
	if (v.ok && v.isint) {
		*out = v.i;
		return 1;
	}
	Expr *bad = v.ok ? e : v.bad;
	if (once(x, bad->loc)) {
		if (v.ok || !strcmp(v.why, "not a constant expression"))
			derror(x->d, bad->loc, "%s is not %s constant expression", what,
			       v.ok ? "an integer" : "a");
		else
			derror(x->d, bad->loc, "%s %s", what, v.why);
	}
	return 0;
}

static void setalloc(X *x, int root, int64_t bytes)
{
	int cap = x->capalloc;
	agrow(x->g->arena, &x->allocbytes, &x->capalloc, root + 1, sizeof(int64_t));
	if (x->capalloc > cap)
		memset(x->allocbytes + cap, 0, (size_t)(x->capalloc - cap) * sizeof(int64_t));
	x->allocbytes[root] = bytes;
}

/* p = dagcc_alloc_async(bytes, s), where the new memory is the root named `root`. */
void alloc(X *x, Expr *call, const char *root)
{
	int64_t bytes;
	if (!need(x, call->arg[0], "allocation size", &bytes))
		return;
	if (bytes < 0) {
		if (once(x, call->arg[0]->loc))
			derror(x->d, call->arg[0]->loc, "allocation size is negative");
		return;
	}
	Node *n = newnode(x, N_ALLOC, call->loc);
	n->bytes = bytes;
	int r = intern(x->g, &x->g->root, &x->g->nroot, root);
	addacc(x->g, n, r, ACC_WRITE, 0, LEN_REST);
	setalloc(x, r, bytes);
	if ((size_t)r < x->capfreed)
		x->freedat[r] = (Loc){0}; /* md->tmp allocated again */
}

/* The text of a collective's call, to emit its _start form: as written when it is a call of
 * the collective by name, else (written through a macro) made from its arguments' texts. */
static const char *callsrc(X *x, Expr *call)
{
	const char *t = call->src.text;
	size_t n = strlen(call->name);
	if (t && !strncmp(t, call->name, n) && t[n + strspn(t + n, " \t\n")] == '(')
		return subst(x, &call->src);
	Buf b = {0};
	bprintf(&b, "%s(", call->name);
	for (int i = 0; i < call->narg; i++)
		bprintf(&b, "%s%s", i ? ", " : "", subst(x, &call->arg[i]->src));
	bputs(&b, ")");
	const char *s = astrdup(x->g->arena, b.s);
	bfree(&b);
	return s;
}

void collective(X *x, Expr *call)
{
	Expr **arg = call->arg;
	NodeKind kind = call->coll;
	const Coll *c = &colls[kind];
	int hasop = c->op >= 0, dtarg = c->dtype, countarg = c->count;
	int64_t count, dt, op = -1, peer = -1;
	int ok = need(x, arg[countarg], "collective count", &count);
	ok &= need(x, arg[dtarg], "collective dtype", &dt);
	if (hasop)
		ok &= need(x, arg[c->op], "reduction op", &op);
	if (!ok)
		return;
	if (count < 0) {
		if (once(x, arg[countarg]->loc))
			derror(x->d, arg[countarg]->loc, "collective count is negative");
		return;
	}
	if (dt < 0 || dt >= NDTYPE) {
		if (once(x, arg[dtarg]->loc))
			derror(x->d, arg[dtarg]->loc, "unknown dtype %lld", (long long)dt);
		return;
	}
	if (hasop && (op < 0 || op >= NOP)) {
		if (once(x, arg[c->op]->loc))
			derror(x->d, arg[c->op]->loc, "unknown reduction op %lld", (long long)op);
		return;
	}
	if (c->root >= 0 || c->peer >= 0) {
		/* a root or peer may be computed from the rank at run time */
		Val v = eval(x, arg[c->root >= 0 ? c->root : c->peer]);
		if (v.ok && v.isint)
			peer = v.i;
	}
	int64_t bytes;
	if (__builtin_mul_overflow(count, (int64_t)dtypesize((Dtype)dt), &bytes)) {
		if (once(x, arg[countarg]->loc))
			derror(x->d, arg[countarg]->loc, "collective count overflows");
		return;
	}
	Node *n = newnode(x, kind, call->loc);
	NodeSrc *ns = n->src;
	ns->call = callsrc(x, call);
	/* one buffer: send is the one there is, and recv the same */
	int snd = c->send >= 0 ? c->send : c->recv, rcv = c->recv >= 0 ? c->recv : c->send;
	ns->stream = subst(x, &arg[c->stream]->src);
	ns->gtext = subst(x, &arg[c->group]->src);
	ns->send = subst(x, &arg[snd]->src);
	ns->recv = rcv == snd ? ns->send : subst(x, &arg[rcv]->src);
	n->group = intern(x->g, &x->g->group, &x->g->ngroup, canonstr(x, arg[c->group]));
	/* the side a gather or scatter holds for every rank: exact when the group's size is known */
	int64_t ranks = c->sendside == SIDE_ALL || c->recvside == SIDE_ALL ?
				groupranks(x, arg[c->group]) :
				0,
		all = LEN_REST;
	if (ranks && __builtin_mul_overflow(bytes, ranks, &all))
		all = LEN_REST;
	n->dtype = (Dtype)dt;
	n->op = (RedOp)op;
	n->count = count;
	n->bytes = bytes;
	n->peer = peer;
	for (int i = 0; i < call->narg; i++)
		if (i != c->send && i != c->recv)
			valuereads(x, n, arg[i]);
	int64_t sendlen = c->sendside == SIDE_ALL ? all : bytes;
	if (c->send >= 0 && c->send == c->recv) {
		access_(x, n, arg[c->send], ACC_READ | ACC_WRITE, sendlen);
		return;
	}
	if (c->send >= 0)
		access_(x, n, arg[c->send], ACC_READ, sendlen);
	if (c->recv >= 0)
		access_(x, n, arg[c->recv], ACC_WRITE, c->recvside == SIDE_ALL ? all : bytes);
}

/* The bytes parameter i of a compute call touches: its declared extent when the arguments it
 * names are constant, else LEN_REST. */
static int64_t extent(X *x, Expr *call, int i, const double *val, const int *known)
{
	const Param *pa = &call->fn->param[i];
	if (!pa->extent)
		return LEN_REST;
	for (int k = 0; k < call->fn->nparam; k++)
		if (costuses(pa->extent, k) && !known[k])
			return LEN_REST;
	double v;
	if (!evalcost(pa->extent, val, &v) || !(v >= 0) || v * (double)pa->elemsize > 9e18) {
		if (once(x, call->arg[i]->loc))
			derror(x->d, call->arg[i]->loc,
			       "extent of parameter '%s' of '%s' is %s for this call", pa->name,
			       call->fn->name, v < 0 ? "negative" : "not a number of elements");
		return LEN_REST;
	}
	return (int64_t)v * pa->elemsize;
}

/* A value argument is read when its call is issued, and a node moves: the memory a node may
 * write that it reads (a local whose address the graph takes, an element through a pointer)
 * becomes a read of the node, from where the place starts (an unknown place: anything). */
static void valuereads(X *x, Node *n, Expr *e)
{
	if (!e || eval(x, e).ok || !readsmem(x, e)) /* a constant (nelem[i]) reads nothing */
		return;
	int lvalue = e->kind == E_VAR || e->kind == E_INDEX || e->kind == E_MEMBER ||
		     (e->kind == E_UN && !strcmp(e->op, "*"));
	if (lvalue && !e->isptr) {
		Ref r = e->kind == E_VAR || !addressreads(x, e) ? place(x, e) : unknown(e, "");
		int root =
			intern(x->g, &x->g->root, &x->g->nroot, r.unknown ? unknownroot : r.root);
		int known = !r.unknown && r.known && !r.span && r.off >= 0;
		addacc(x->g, n, root, ACC_READ, known ? r.off : 0, LEN_REST);
		return;
	}
	if (e->kind == E_BIN || e->kind == E_UN || e->kind == E_COND) {
		valuereads(x, n, e->a);
		valuereads(x, n, e->b);
		valuereads(x, n, e->c);
		return;
	}
	addacc(x->g, n, intern(x->g, &x->g->root, &x->g->nroot, unknownroot), ACC_READ, 0,
	       LEN_REST);
}

void compute(X *x, Expr *call)
{
	Fn *fn = call->fn;
	if (!fn->ok || call->narg != fn->nparam)
		return;
	double *val = aalloc(x->g->arena, (size_t)(fn->nparam ? fn->nparam : 1) * sizeof(double));
	int ok = 1;
	int *known = aalloc(x->g->arena, (size_t)(fn->nparam ? fn->nparam : 1) * sizeof(int));
	for (int i = 0; i < fn->nparam; i++) {
		int extent = 0;
		for (int k = 0; k < fn->nparam; k++)
			extent |= costuses(fn->param[k].extent, i);
		if (!costuses(fn->cost.flops, i) && !costuses(fn->cost.bytes, i) &&
		    !costuses(fn->cost.us, i)) {
			Val v = extent ? eval(x, call->arg[i]) : (Val){0};
			val[i] = v.d;
			known[i] = v.ok;
			continue;
		}
		known[i] = 1;
		Val v = eval(x, call->arg[i]);
		if (v.ok) {
			val[i] = v.d;
			continue;
		}
		ok = 0;
		if (once(x, v.bad->loc))
			derror(x->d, v.bad->loc,
			       "cost argument '%s' of '%s' is not a constant expression",
			       fn->param[i].name, fn->name);
	}
	if (!ok)
		return;
	Node *n = newnode(x, N_COMPUTE, call->loc);
	n->name = astrdup(x->g->arena, fn->name);
	for (int i = 0; i < fn->nparam; i++)
		if (fn->param[i].kind == P_STREAM)
			n->src->stream = subst(x, &call->arg[i]->src);
	n->ctype = fn->ctype;
	CostExpr *term[3] = {fn->cost.flops, fn->cost.bytes, fn->cost.us};
	double *slot[3] = {&n->flops, &n->mbytes, &n->us};
	static const char *const termname[3] = {"flops", "bytes", "us"};
	for (int t = 0; t < 3; t++) {
		if (!term[t])
			continue;
		if (!evalcost(term[t], val, slot[t]) && once(x, call->loc))
			derror(x->d, call->loc, "cost '%s' of '%s' divides by zero for this call",
			       termname[t], fn->name);
		else if (*slot[t] < 0 && once(x, call->loc))
			derror(x->d, call->loc, "cost '%s' of '%s' is negative (%g) for this call",
			       termname[t], fn->name, *slot[t]);
		else if (!(*slot[t] <= 1e300) && once(x, call->loc))
			derror(x->d, call->loc, "cost '%s' of '%s' is over 1e300 for this call",
			       termname[t], fn->name);
	}
	for (int i = 0; i < fn->nparam; i++)
		if (fn->param[i].kind != P_PTR)
			valuereads(x, n, call->arg[i]);
	for (int i = 0; i < fn->nparam; i++)
		if (fn->param[i].kind == P_PTR) {
			access_(x, n, call->arg[i], fn->param[i].mode,
				extent(x, call, i, val, known));
			if (fn->param[i].indirect) /* through the pointers it holds: anything */
				addacc(x->g, n,
				       intern(x->g, &x->g->root, &x->g->nroot, unknownroot),
				       fn->param[i].mode, 0, LEN_REST);
		}
}
