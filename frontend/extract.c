/* extract.c - unroll each graph body into a Graph of nodes.
 *
 * Walks the tree ast.c built with an environment of constants: loop variables, locals with
 * constant initializers, and --assume bindings. for loops with constant bounds are unrolled (the
 * loop variable is a constant in each copy), constant ifs are folded, and locals declared in a
 * loop body get a per-copy name (full.2). Every call becomes a node: compute (costs evaluated),
 * collective (kind, group, count, dtype, op), alloc or free; any other statement is a barrier.
 * Buffers are resolved to a canonical root plus a byte range. The graphs have no edges: the deps
 * pass adds them.
 * A graph whose body names a rank (dagcc_group_rank, or a name --rank declares) and depends on
 * it is read once per rank of the group, the rank a constant in each reading (specialize).
 * Each user mistake is reported once per source location, however many copies (or ranks)
 * contain it. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

/* Inlining. A call statement of a helper (a static function defined in the input whose body
 * calls compute functions, collectives or dagcc allocations) is read as the helper's body in its
 * place: each parameter a local of the call, declared where the call stands with its argument
 * as initializer (so a pointer parameter points where its argument does, and a constant
 * argument is a constant in the body); the body's names its own (the caller's are not seen),
 * its locals renamed per call as a loop copy's are; helpers it calls inlined in turn, up to
 * MAXINLINE deep. A call that cannot be inlined stays a barrier, and its warning says why. */

static void stmt(X *x, Stmt *s);

static void decl(X *x, Stmt *s);

static int holdsexpr(const Expr *e);

/* whether s calls what becomes a node: a compute function, a collective, an allocation or a
 * free, or a helper that does */
static int holdsnodes(const Stmt *s)
{
	if (!s)
		return 0;
	for (int i = 0; i < s->nkid; i++)
		if (holdsnodes(s->kid[i]))
			return 1;
	return holdsexpr(s->init) || holdsexpr(s->cond) || holdsexpr(s->inc) ||
	       holdsnodes(s->body) || holdsnodes(s->els);
}

static int holdsexpr(const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_CALL && e->call != CALL_OTHER)
		return 1;
	Helper *h = e->kind == E_CALL ? e->helper : NULL;
	if (h && h->body && !h->holds) {
		h->holds = 2; /* being found: a call of itself adds nothing */
		h->holds = holdsnodes(h->body) ? 1 : -1;
	}
	if (h && h->holds == 1)
		return 1;
	for (int i = 0; (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		if (holdsexpr(e->arg[i]))
			return 1;
	return holdsexpr(e->a) || holdsexpr(e->b) || holdsexpr(e->c);
}

/* whether s declares name (a local, a loop variable) anywhere in it */
static int declares(const Stmt *s, const char *name)
{
	if (!s)
		return 0;
	if ((s->kind == S_DECL || s->kind == S_FOR) && s->var && !strcmp(s->var, name))
		return 1;
	for (int i = 0; i < s->nkid; i++)
		if (declares(s->kid[i], name))
			return 1;
	return declares(s->body, name) || declares(s->els, name);
}

static int isparam(const Helper *h, const char *name)
{
	for (int i = 0; i < h->nparam; i++)
		if (!strcmp(h->param[i], name))
			return 1;
	return 0;
}

/* whether name, which a helper's body uses and does not declare (a global, a function), is
 * declared by the graph or a helper being inlined: emitted into the graph's body, it would
 * name theirs */
static int callersdeclare(X *x, const char *name)
{
	for (int i = 0; i < x->fn->nparam; i++)
		if (!strcmp(x->fn->param[i], name))
			return 1;
	if (declares(x->fn->body, name))
		return 1;
	for (int d = 0; d < x->depth; d++)
		if (isparam(x->stack[d], name) || declares(x->stack[d]->body, name))
			return 1;
	return 0;
}

static const char *capturedname(X *x, const Helper *h, const char *name)
{
	return !isparam(h, name) && !declares(h->body, name) && callersdeclare(x, name) ? name :
											  NULL;
}

static const char *capturedexpr(X *x, const Helper *h, const Expr *e)
{
	if (!e)
		return NULL;
	const char *c = e->kind == E_VAR ? capturedname(x, h, e->name) : NULL;
	for (int i = 0; !c && (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		c = capturedexpr(x, h, e->arg[i]);
	if (!c)
		c = capturedexpr(x, h, e->a);
	if (!c)
		c = capturedexpr(x, h, e->b);
	return c ? c : capturedexpr(x, h, e->c);
}

/* The first name in s (of helper h) that its callers declare too, or NULL. */
static const char *capturedin(X *x, const Helper *h, const Stmt *s)
{
	if (!s)
		return NULL;
	for (int k = 0; k < stmtsrc(s)->nid; k++) {
		char name[256];
		if (stmtsrc(s)->len[k] >= (int)sizeof name)
			continue;
		snprintf(name, sizeof name, "%.*s", stmtsrc(s)->len[k],
			 stmtsrc(s)->text + stmtsrc(s)->off[k]);
		if (capturedname(x, h, name))
			return astrdup(x->g->arena, name);
	}
	const char *c = capturedexpr(x, h, s->init);
	if (!c)
		c = capturedexpr(x, h, s->cond);
	if (!c)
		c = capturedexpr(x, h, s->inc);
	for (int i = 0; !c && i < s->nkid; i++)
		c = capturedin(x, h, s->kid[i]);
	if (!c)
		c = capturedin(x, h, s->body);
	return c ? c : capturedin(x, h, s->els);
}

/* capturedin for h's body under the helpers being inlined, found once per chain */
static const char *captured(X *x, Helper *h)
{
	for (int i = 0; i < x->ncapture; i++) {
		Capture *c = &x->capture[i];
		if (c->h == h && c->depth == x->depth &&
		    !memcmp(c->stack, x->stack, (size_t)x->depth * sizeof(Helper *)))
			return c->name;
	}
	agrow(x->g->arena, &x->capture, &x->capcapture, x->ncapture + 1, sizeof(Capture));
	Capture *c = &x->capture[x->ncapture++];
	memset(c, 0, sizeof *c);
	c->h = h;
	c->depth = x->depth;
	memcpy(c->stack, x->stack, (size_t)x->depth * sizeof(Helper *));
	c->name = capturedin(x, h, h->body);
	return c->name;
}

/* Why the call statement e of a helper is not inlined, or NULL. */
static const char *noinline(X *x, Expr *e)
{
	Helper *h = e->helper;
	if (!h)
		return "dagcc does not know the function it calls";
	if (h->why)
		return h->why;
	if (!h->body)
		return "dagcc did not read its body";
	if (!holdsexpr(e))
		return "it calls no compute function, collective or dagcc allocation";
	if (e->narg != h->nparam)
		return "it is called with another number of arguments than it declares";
	for (int d = 0; d < x->depth; d++)
		if (x->stack[d] == h)
			return "it calls itself";
	if (x->depth == MAXINLINE)
		return afmt(x->g->arena, "helpers are inlined at most %d deep", MAXINLINE);
	for (int i = 0; i < e->narg; i++) {
		if (othercall(e->arg[i]))
			return "an argument has a side effect; compute it in a statement before the call";
		if (!e->arg[i]->src.text || !*e->arg[i]->src.text)
			return "an argument is not written in the file";
	}
	const char *name = captured(x, h);
	if (name)
		return afmt(x->g->arena,
			    "it names '%s', which a function it is inlined into declares too",
			    name);
	return NULL;
}

/* Parameter k of helper h, bound to its argument arg in the call at loc: a local of the call,
 * declared as a declaration statement of the caller would be (a constant integer is
 * substituted; a declaration that reads memory a node may write is a barrier). */
static void bindparam(X *x, Helper *h, int k, Expr *arg, Loc loc)
{
	if (!*h->param[k])
		return; /* unnamed: nothing names it (its argument changes nothing) */
	Stmt *d = h->pdecl[k];
	size_t head = strlen(h->ptype[k]) + 1;
	const Src *as = &arg->src;
	d->init = arg;
	d->loc = loc;
	d->flat = afmt(x->g->arena, "%s %s = %s", h->ptype[k], h->param[k], exprtext(arg));
	d->raw.text = afmt(x->g->arena, "%s %s = %s", h->ptype[k], h->param[k], as->text);
	d->raw.nid = as->nid + 1;
	d->raw.off = aalloc(x->g->arena, (size_t)d->raw.nid * sizeof(int));
	d->raw.len = aalloc(x->g->arena, (size_t)d->raw.nid * sizeof(int));
	d->raw.off[0] = (int)head;
	d->raw.len[0] = (int)strlen(h->param[k]);
	d->raw.nsw = 0;
	for (int i = 0; i < as->nid; i++) {
		d->raw.off[i + 1] = as->off[i] + (int)(head + strlen(h->param[k]) + 3);
		d->raw.len[i + 1] = as->len[i];
	}
	d->span = NULL;
	d->rawread = 1;
	x->cur = d;
	x->groupdecl = x->groupcalls = 0;
	int at = x->nenv;
	x->binding = 1;
	decl(x, d);
	x->binding = 0;
	if (x->nenv == at || x->env[x->nenv - 1].kind == B_INT)
		return;
	Bind *b = &x->env[x->nenv - 1];
	const char *name = b->cname ? b->cname : b->name;
	const char *text = afmt(x->g->arena, "%s; (void)%s", substfirst(x, &d->raw, name), name);
	if (x->groupcalls) {
		barrier(x, arg->loc, text, NULL, barrierwhy(x, arg));
		x->g->node[x->g->nnode - 1].src->text = text;
		return;
	}
	int after = preludeafter(x, &d->raw);
	addpreludeat(x, text, after, loc);
	b->after = after + 1;
}

/* a helper noted used in the emitted body ((void)fn;) */
static void keephelper(X *x, Helper *h)
{
	for (int i = 0; i < x->nkept; i++)
		if (x->kept[i] == h)
			return;
	agrow(x->g->arena, &x->kept, &x->capkept, x->nkept + 1, sizeof *x->kept);
	x->kept[x->nkept++] = h;
}

/* The helper's body in the call e's place. */
static void inlined(X *x, Expr *e)
{
	Helper *h = e->helper;
	int scope = x->scope, frame = x->frame, first = x->nenv;
	const char *suffix = x->suffix;
	x->suffix = afmt(x->g->arena, "%s.h%d", suffix, ++x->ninline);
	x->frame = first + 1;
	for (int k = 0; k < h->nparam; k++)
		bindparam(x, h, k, e->arg[k], e->loc);
	x->frame = frame;
	x->scope = first;
	x->stack[x->depth++] = h;
	addressesin(x, h->body);
	stmt(x, h->body);
	x->depth--;
	x->nenv = first;
	x->scope = scope;
	x->suffix = suffix;
	x->jump = 0;
	keephelper(x, h);
}

/* What a reading has made so far, to take back a helper's trial. */
typedef struct {
	int nnode, nprelude, nhidden, nenv, nouter, nstore, nexpect, lastbarrier;
	long iters;
	int errors, warnings;
} Made;

static Made made(X *x)
{
	return (Made){x->g->nnode, x->g->nprelude, x->g->nhidden, x->nenv, x->nouter, x->nstore,
		      x->nexpect,  x->lastbarrier, x->iters,	  nerrors, nwarnings};
}

static void takeback(X *x, const Made *m)
{
	x->g->nnode = m->nnode;
	x->g->nprelude = m->nprelude;
	x->g->nhidden = m->nhidden;
	x->nenv = m->nenv;
	x->nouter = m->nouter;
	x->nstore = m->nstore;
	x->nexpect = m->nexpect;
	x->lastbarrier = m->lastbarrier;
	x->iters = m->iters;
	if (x->nscanned > m->nnode) /* the nodes taken back's writes stay marked */
		x->nscanned = m->nnode;
}

/* A call of a function that is neither a compute function nor a collective: a helper's inlined
 * (tried first quietly: where its body, read in this call, has an error, the call stays a
 * barrier as before, saying so), else a barrier. */
static void inlinecall(X *x, Expr *e, const char *text)
{
	const char *why = noinline(x, e);
	if (!why) {
		Made m = made(x);
		Seen *seen = x->seen, own = {.arena = x->g->arena};
		const Stmt *cur = x->cur;
		char first[KEEPLEN];
		char *outer = keepinto(first);
		x->seen = &own;
		quietdiags++;
		inlined(x, e);
		quietdiags--;
		keepinto(outer);
		x->seen = seen;
		int errors = nerrors - m.errors, warnings = nwarnings - m.warnings;
		nerrors = m.errors;
		nwarnings = m.warnings;
		if (!errors && !warnings)
			return;
		takeback(x, &m);
		x->cur = cur;
		if (!errors) {
			inlined(x, e); /* again, its warnings said */
			return;
		}
		why = afmt(x->g->arena, "in this call, %s", first);
	}
	barrier(x, e->loc, text, e->name, e->helper && e->helper->here ? why : NULL);
	x->g->node[x->g->nnode - 1].src->why = astrdup(x->g->arena, why);
}

void call(X *x, Expr *e, const char *text)
{
	for (int i = 0; i < e->narg; i++)
		freeduse(x, e->arg[i]);
	if ((e->call == CALL_COMPUTE || e->call == CALL_COLLECTIVE || e->call == CALL_FREE) &&
	    !pure(x, e))
		return;
	switch (e->call) {
	case CALL_COMPUTE:
		compute(x, e);
		return;
	case CALL_COLLECTIVE:
		collective(x, e);
		return;
	case CALL_FREE: {
		Ref r = resolve(x, e->arg[0]);
		if (r.null)
			return barrier(x, e->loc, text, e->name, NULL);
		usefreed(x, e->arg[0], r); /* freed twice */
		Node *n = newnode(x, N_FREE, e->loc);
		int root = intern(x->g, &x->g->root, &x->g->nroot, r.root);
		n->bytes = root < x->capalloc ? x->allocbytes[root] : 0;
		addacc(x->g, n, root, ACC_WRITE, 0, LEN_REST);
		if (!r.unknown) {
			agrowz(x->g->arena, &x->freedat, &x->capfreed, (size_t)root + 1,
			       sizeof(Loc));
			x->freedat[root] = e->loc;
		}
		return;
	}
	case CALL_ALLOC:
		/* an allocation whose result is dropped leaks; keep it in place */
		barrier(x, e->loc, text, e->name, NULL);
		return;
	case CALL_OTHER:
		inlinecall(x, e, text);
		return;
	case CALL_P2PBEGIN:
		p2pbegin(x, e);
		return;
	case CALL_P2PEND:
		p2pend(x, e);
		return;
	}
}

static void stmt(X *x, Stmt *s);

/* text, emitted after node `after` (-1: the top of the body) */
void addpreludeat(X *x, const char *text, int after, Loc loc)
{
	Graph *g = x->g;
	agrow(g->arena, &g->prelude, &g->capprelude, g->nprelude + 1, sizeof(Prelude));
	g->prelude[g->nprelude++] = (Prelude){text, after, loc};
}

/* Where a statement kept in place goes: after the last barrier, and after the declaration of
 * every name it uses that a node declares (float *v = w + 1; after w = dagcc_alloc_async). */
int preludeafter(X *x, const Src *src)
{
	int after = x->lastbarrier;
	for (int k = 0; src && k < src->nid; k++) {
		char name[256];
		snprintf(name, sizeof name, "%.*s", src->len[k], src->text + src->off[k]);
		Bind *bd = src->len[k] < (int)sizeof name ? lookup(x, name) : NULL;
		if (bd && bd->after - 1 > after)
			after = bd->after - 1;
	}
	return after;
}

static void prelude(X *x, const Stmt *s)
{
	addpreludeat(x, subst(x, stmtsrc(s)), preludeafter(x, stmtsrc(s)), s->loc);
}

/* int a[] = {...} and T *a[] = {...}: each element's value, as far as it is known. */
static void array(X *x, Bind *b, Expr *init, int ofptrs)
{
	b->n = init->narg;
	if (ofptrs)
		b->refs = aalloc(x->g->arena, (size_t)(b->n ? b->n : 1) * sizeof(Ref));
	else
		b->vals = aalloc(x->g->arena, (size_t)(b->n ? b->n : 1) * sizeof(Val));
	for (int i = 0; i < b->n; i++)
		if (ofptrs)
			b->refs[i] = resolve(x, init->arg[i]);
		else
			b->vals[i] = eval(x, init->arg[i]);
}

/* A declarator that is not a node: its statement is emitted by declgroup. */
static void declared(X *x, int calls)
{
	x->groupdecl = 1;
	x->groupcalls |= calls;
}

static void decl(X *x, Stmt *s);

/* A declaration statement (float *a = x + 1, *b = a + 4;): each declarator is bound as its own
 * declaration, and the statement is emitted once, when all its names are known: a barrier if
 * a declarator calls or changes something, else as it is (a Prelude), each name marked used
 * (bucketing may leave a derived pointer unused). A temporary's declaration is its alloc node;
 * constant integers are substituted and not emitted. */
static void declgroup(X *x, Stmt *s)
{
	x->groupdecl = x->groupcalls = 0;
	int ints = 0;
	for (int i = 0; i < s->nkid; i++) {
		Stmt *k = s->kid[i];
		x->cur = k;
		if (k->kind != S_DECL) {
			x->groupdecl = x->groupcalls = 1;
			continue;
		}
		if (s->nkid > 1 && k->init && k->init->kind == E_CALL &&
		    k->init->call == CALL_ALLOC) {
			if (once(x, k->loc))
				error(k->loc,
				      "declare one dagcc_alloc_async temporary per statement");
			continue;
		}
		decl(x, k);
		Bind *bd = lookup(x, k->var);
		ints += bd && bd->kind == B_INT;
	}
	Stmt *first = s->kid[0];
	if (!x->groupdecl)
		return;
	if (ints) {
		if (once(x, first->loc))
			error(first->loc,
			      "declare constant integers apart from other variables: dagcc substitutes their values and drops their declarations");
		return;
	}
	if (x->groupcalls) {
		const char *why = "it declares what dagcc does not read";
		for (int i = 0; i < s->nkid; i++)
			if (s->kid[i]->kind == S_DECL && s->kid[i]->init &&
			    (why = barrierwhy(x, s->kid[i]->init)))
				break;
		Expr *fi = first->init;
		const char *callee = fi && fi->kind == E_CALL ? fi->name : NULL;
		if (callee)
			why = fi->helper && fi->helper->why ? fi->helper->why : "its value is used";
		barrier(x, first->loc, stmttext(first), callee,
			callee && (!fi->helper || !fi->helper->here) ? NULL : why);
		x->g->node[x->g->nnode - 1].src->why = callee ? astrdup(x->g->arena, why) : NULL;
		/* kept in place, its names marked used as below: a folded if may drop every use */
		NodeSrc *ns = x->g->node[x->g->nnode - 1].src;
		Buf b = {0};
		bputs(&b, ns->text);
		for (int i = 0; i < s->nkid; i++) {
			Bind *bd = s->kid[i]->kind == S_DECL ? lookup(x, s->kid[i]->var) : NULL;
			if (bd && bd->kind != B_INT)
				bprintf(&b, "; (void)%s", bd->cname ? bd->cname : bd->name);
		}
		ns->text = astrdup(x->g->arena, b.s);
		bfree(&b);
		return;
	}
	Buf b = {0};
	bputs(&b, subst(x, stmtsrc(first)));
	int after = preludeafter(x, stmtsrc(first));
	for (int i = 0; i < s->nkid; i++) {
		Bind *bd = lookup(x, s->kid[i]->var);
		bprintf(&b, "; (void)%s", bd->cname ? bd->cname : bd->name);
		bd->after = after + 1;
	}
	addpreludeat(x, astrdup(x->g->arena, b.s), after, first->loc);
	bfree(&b);
}

static void decl(X *x, Stmt *s)
{
	const char *base = localbase(x, s);
	const char *local = *x->suffix ? afmt(x->g->arena, "%s%s", base, x->suffix) : base;
	const char *cname = strcmp(local, s->var) ? mangle(x, local) : NULL;
	Expr *init = s->init;
	freeduse(x, init);
	if (init && init->kind == E_CALL && init->call == CALL_ALLOC) {
		Bind *b = bind(x, s->var, B_PTR);
		b->ref = (Ref){.root = local, .known = 1};
		b->cname = cname;
		alloc(x, init, local);
		b->after = x->g->nnode;
		return;
	}
	/* what the initializer means is settled before the name is bound; a rank leaf that is a
	 * constant in this reading is no call */
	Val rv = init && !s->isptr && hascall(init) && !othercall(init) && !readsmem(x, init) ?
			 eval(x, init) :
			 (Val){0};
	int calls = init && !rv.ok && (hascall(init) || readsmem(x, init));
	const char *rgroup = !s->isptr && !s->isarray ? rankname(x, s->var) : NULL;
	int64_t rank;
	if (rgroup && !calls && !addressed(x, s->var) &&
	    rankleaf(x, s->loc, rgroup, NULL, 0, &rank)) {
		bind(x, s->var, B_INT)->value = rank;
		return;
	}
	if (s->isarray && init && init->kind == E_INIT && !calls) {
		Bind *b = bind(x, s->var, s->isarray == 2 ? B_PTRS : B_INTS);
		b->root = local;
		b->cname = cname;
		array(x, b, init, s->isarray == 2);
		declared(x, 0);
		return;
	}
	if (s->isarray) {
		Bind *b = bind(x, s->var, B_OPAQUE); /* a local array: memory of its own */
		b->root = local;
		b->cname = cname;
		declared(x, calls);
		return;
	}
	Ref r = s->isptr && init && !calls ? resolve(x, init) : (Ref){.root = local, .known = 1};
	if (s->isptr && init && calls)
		r = unknown(init, init->kind == E_CALL ? "a call's result" :
				  hascall(init)	       ? "an expression with a side effect" :
							 "loaded from memory a node writes");
	Val v = init && !s->isptr ? eval(x, init) : (Val){0};
	if (!s->isptr && !calls && v.ok && v.isint && !addressed(x, s->var)) {
		bind(x, s->var, B_INT)->value = v.i; /* every use becomes the value */
		return;
	}
	Bind *b = bind(x, s->var, s->isptr ? B_PTR : B_OPAQUE);
	b->ref = r;
	b->root = local;
	b->cname = cname;
	b->rankgroup = rgroup;
	declared(x, calls);
}

/* p = e, p += e, p -= e, p++ and the like on a pointer variable: p is bound to its new value
 * under a new name, declared where the old one was known (`__typeof__(p) p__a1 = p + 4;`), so
 * statements on either side of the assignment may move and still read the value they read in
 * the program. An int variable with a constant value gets its new constant. Returns 0 when the
 * statement is not such an assignment. */
static int assign(X *x, Stmt *s, Expr *e)
{
	Expr *var = e->a;
	if (!mutates(e) || !var || var->kind != E_VAR || (e->b && hascall(e->b)))
		return 0;
	Bind *old = lookup(x, var->name);
	const char *op = e->op;
	int64_t d = 1;
	if (e->kind == E_UN)
		d = strstr(op, "--") ? -1 : 1;
	if (var->isptr) {
		if (var->isglobal || (old && old->kind != B_PTR) || addressed(x, var->name) ||
		    (e->kind == E_BIN && strcmp(op, "=") && strcmp(op, "+=") && strcmp(op, "-=")))
			return 0;
		Ref r;
		if (e->kind == E_BIN && !strcmp(op, "="))
			r = resolve(x, e->b);
		else if (e->kind == E_BIN)
			r = offset(x, resolve(x, var), var, e->b, op[0] == '-' ? -1 : 1);
		else
			r = offset(x, resolve(x, var), var,
				   &(Expr){.kind = E_NUM, .isint = 1, .ival = 1, .num = 1}, (int)d);
		const char *oldname = old && old->cname ? old->cname : var->name;
		const char *cname = afmt(x->g->arena, "%s__a%d", var->name, ++x->nassign);
		int after = preludeafter(x, stmtsrc(s));
		addpreludeat(x,
			     afmt(x->g->arena, "__typeof__(%s) %s%s%s; %s; (void)%s", oldname,
				  cname, strcmp(op, "=") ? " = " : "",
				  strcmp(op, "=") ? oldname : "", substfirst(x, stmtsrc(s), cname),
				  cname),
			     after, s->loc);
		Bind *nb = rebind(x, var->name, B_PTR);
		nb->after = after + 1;
		nb->ref = r;
		nb->cname = cname;
		if (!nb->root)
			nb->root = var->name;
		return 1;
	}
	if (!old || old->kind != B_INT)
		return 0;
	Val r = update(x, e, old->value);
	if (r.ok && r.isint) {
		old->value = r.i;
		return 1;
	}
	if (!once(x, e->loc))
		return 1;
	if (r.ok || !strcmp(r.why, "not a constant expression"))
		error(e->loc,
		      "'%s' holds a constant that dagcc substitutes where it is used; it cannot be given a value known only at run time: use a variable of its own",
		      var->name);
	else
		error(e->loc, "the new value of '%s' %s", var->name, r.why);
	return 1;
}

static void expression(X *x, Stmt *s)
{
	Expr *e = s->init;
	if (e->kind != E_CALL)
		freeduse(x, e);
	if (e->kind == E_CALL) {
		call(x, e, stmttext(s));
		if (e->call == CALL_OTHER || e->call == CALL_ALLOC) /* a barrier */
			forget(x, e);
		return;
	}
	if (e->kind == E_BIN && strcmp(e->op, "=") == 0 && e->b->kind == E_CALL &&
	    e->b->call == CALL_ALLOC) {
		Bind *old = e->a->kind == E_VAR ? lookup(x, e->a->name) : NULL;
		if (e->a->kind == E_VAR && e->a->isptr && !e->a->isglobal &&
		    (!old || old->kind == B_PTR) && !addressed(x, e->a->name)) {
			/* p = dagcc_alloc_async(...): a new temporary under a new name (see assign) */
			const char *oldname = old && old->cname ? old->cname : e->a->name;
			const char *cname = afmt(x->g->arena, "%s__a%d", e->a->name, ++x->nassign);
			const char *root = afmt(x->g->arena, "%s#a%d", e->a->name, x->nassign);
			int before = x->g->nnode;
			alloc(x, e->b, root);
			if (x->g->nnode == before)
				return;
			x->g->node[before].src->text =
				afmt(x->g->arena, "__typeof__(%s) %s; %s", oldname, cname,
				     substfirst(x, stmtsrc(s), cname));
			Bind *b = rebind(x, e->a->name, B_PTR);
			b->ref = (Ref){.root = root, .known = 1};
			b->cname = cname;
			b->root = root;
			b->after = before + 1;
			return;
		}
		Ref r = resolve(x, e->a);
		if (e->a->kind != E_VAR && r.known && r.off == 0 && !r.unknown && !r.local) {
			alloc(x, e->b, r.root);
			return;
		}
	}
	if (assign(x, s, e))
		return;
	if (!hascall(e) && !readsmem(x, e)) { /* (void)x; and the like do nothing */
		prelude(x, s);
		return;
	}
	barrier(x, s->loc, stmttext(s), NULL, barrierwhy(x, e));
	if (e->kind == E_BIN && !strcmp(e->op, "=") && (e->a->kind != E_VAR || e->a->isglobal)) {
		forget(x, e->b);
		if (e->a->kind == E_INDEX)
			forget(x, e->a->b);
		store(x, e->a, e->b);
		return;
	}
	forget(x, e);
}

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
static void keepcalls(X *x)
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

static int stmtnames(const Stmt *s, const char *name, const GraphFn *group);

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

static void loop(X *x, Stmt *s)
{
	keepalive(x, s->init);
	keepalive(x, s->cond);
	keepalive(x, s->inc);
	if (!s->var || !s->init) {
		if (once(x, s->loc))
			error(s->loc, "for loop in a graph must initialize its loop variable");
		return;
	}
	if (!s->cond || !s->inc) {
		if (once(x, s->loc))
			error(s->loc, "for loop in a graph needs a condition and an increment");
		return;
	}
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
				error(s->loc, "loop unrolls to more than %d iterations", MAXITER);
			break;
		}
		if (label && copies == 1) {
			if (oncemore(x, label->loc)) /* its barrier's warning took once */
				error(label->loc,
				      "label '%s' in a loop dagcc unrolls: each copy would define it; move the label out of the loop, or the loop out of the graph",
				      label->label);
			break;
		}
		x->suffix = afmt(x->g->arena, "%s.%lld", outer, (long long)v);
		int inner = x->nenv, errs = nerrors;
		stmt(x, s->body);
		x->nenv = inner;
		x->suffix = outer;
		if (nerrors > errs) /* the next copies would say it again: one is enough */
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
				error(inc->loc, "loop increment must update the loop variable '%s'",
				      s->var);
			break;
		}
		Val nv = update(x, inc, v);
		if (!nv.ok && strcmp(nv.why, "not a constant expression")) {
			if (!once(x, inc->loc))
				break;
			if (strncmp(nv.why, "overflows", 9))
				error(inc->loc, "loop increment %s", nv.why);
			else
				error(inc->loc, "loop variable '%s' %s", s->var, nv.why);
			break;
		}
		if (!nv.ok || !nv.isint) {
			if (once(x, (nv.ok ? inc : nv.bad)->loc))
				error((nv.ok ? inc : nv.bad)->loc,
				      "loop step is not %s constant expression",
				      nv.ok ? "an integer" : "a");
			break;
		}
		if (nv.i == start && condof(s->cond, s)) {
			if (once(x, inc->loc))
				error(inc->loc,
				      "loop does not end: '%s' stays %lld from one copy to the next, and the condition holds for it",
				      s->var, (long long)nv.i);
			break;
		}
		v = nv.i;
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
		error(j->loc,
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
		warning(e->loc,
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
			error(e->arg[c->count]->loc, "collective count overflows");
		return;
	}
	Graph *g = x->g;
	agrow(g->arena, &g->hidden, &g->caphidden, g->nhidden + 1, sizeof(Hidden));
	int group = intern(g, &g->group, &g->ngroup, canonstr(x, e->arg[c->group]));
	g->hidden[g->nhidden++] = (Hidden){e->coll, group, bytes, g->nnode, e->loc};
}

static void stmt(X *x, Stmt *s)
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

static Graph *walk(Ast *ast, int i, const FrontendOpts *o, int sizes, int *wantsizes, Rank *rk,
		   Seen *seen)
{
	Graph *g = newgraph(ast->fn[i].name, ast->file);
	Seen own = {.arena = g->arena};
	X x = {.g = g,
	       .o = o,
	       .suffix = "",
	       .lastbarrier = -1,
	       .sizes = sizes,
	       .rank = rk,
	       .fn = &ast->fn[i],
	       .seen = seen ? seen : &own};
	g->body_begin = ast->fn[i].begin;
	g->body_end = ast->fn[i].end;
	g->pphead = ast->fn[i].pphead ? astrdup(g->arena, ast->fn[i].pphead) : NULL;
	g->ppopen = ast->fn[i].ppopen ? astrdup(g->arena, ast->fn[i].ppopen) : NULL;
	g->pptail = ast->fn[i].pptail ? astrdup(g->arena, ast->fn[i].pptail) : NULL;
	g->nparam = ast->fn[i].nparam;
	g->param = aarray(g->arena, (size_t)g->nparam, sizeof *g->param);
	for (int k = 0; k < g->nparam; k++)
		g->param[k] = astrdup(g->arena, ast->fn[i].param[k]);
	addressesin(&x, ast->fn[i].body);
	stmt(&x, ast->fn[i].body);
	if (x.p2p && once(&x, x.p2p->loc))
		error(x.p2p->loc,
		      "dagcc_p2p_begin without a dagcc_p2p_end: the p2p group must end in the graph, after its sends and receives");
	keepcalls(&x);
	*wantsizes = x.wantsizes;
	if (rk->val >= 0) {
		g->rank = rk->val;
		g->nranks = rk->n;
		g->rankgroup = astrdup(g->arena, rk->group);
		for (int k = 0; rk->var && k < g->nparam; k++)
			if (!strcmp(g->param[k], rk->var))
				g->rankvar = g->param[k];
	}
	return g;
}

/* whether two readings of a graph have the same edges; they are left without any */
static int sameedges(Graph *a, Graph *b)
{
	filldeps(a);
	filldeps(b);
	int same = a->nnode == b->nnode;
	for (int i = 0; same && i < a->nnode; i++) {
		const Node *n = &a->node[i], *k = &b->node[i];
		same = n->ndep == k->ndep &&
		       !(n->ndep && memcmp(n->dep, k->dep, (size_t)n->ndep * sizeof(Dep)));
	}
	for (int i = 0; i < a->nnode; i++)
		a->node[i].ndep = 0;
	for (int i = 0; i < b->nnode; i++)
		b->node[i].ndep = 0;
	return same;
}

/* Each graph is read first for any group size. Where --group-size could make ranges exact (a
 * gather's or scatter's all-ranks side, a rank-dependent offset) it is read again with them,
 * and that reading is kept only if it drops edges: the program then checks the sizes at run
 * time. */
static Graph *reading(Ast *ast, int i, const FrontendOpts *o, Rank *rk, Seen *seen)
{
	int want, before = nerrors;
	Graph *g = walk(ast, i, o, 0, &want, rk, seen);
	if (want && nerrors == before) {
		int warned = nwarnings; /* the second reading's diagnostics were the first's */
		quietdiags++;
		Graph *exact = walk(ast, i, o, 1, &want, rk, NULL);
		quietdiags--;
		int exactok = nerrors == before;
		nerrors = before;
		nwarnings = warned;
		if (exactok && !sameedges(g, exact)) {
			freegraph(g);
			g = exact;
		} else {
			freegraph(exact);
		}
	}
	return g;
}

static int mentionsrank(const FrontendOpts *o, const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_CALL && !strcmp(e->name, "dagcc_group_rank"))
		return 1;
	for (int i = 0; e->kind == E_VAR && i < o->nrank; i++)
		if (!strcmp(o->rank[i].name, e->name))
			return 1;
	for (int i = 0; i < e->narg; i++)
		if (mentionsrank(o, e->arg[i]))
			return 1;
	return mentionsrank(o, e->a) || mentionsrank(o, e->b) || mentionsrank(o, e->c);
}

/* whether a statement names the rank: dagcc_group_rank, or a name --rank declares */
static int stmtrank(const FrontendOpts *o, const Stmt *s)
{
	if (!s)
		return 0;
	if (s->kind == S_DECL && s->var)
		for (int i = 0; i < o->nrank; i++)
			if (!strcmp(o->rank[i].name, s->var))
				return 1;
	for (int i = 0; i < s->nkid; i++)
		if (stmtrank(o, s->kid[i]))
			return 1;
	return mentionsrank(o, s->init) || mentionsrank(o, s->cond) || mentionsrank(o, s->inc) ||
	       stmtrank(o, s->body) || stmtrank(o, s->els);
}

/* How much of a reading is left to run time or refused: errors first, then statements dagcc
 * does not schedule, then sends and receives to a peer it does not know. */
static double vague(const Graph *g, int errors)
{
	double v = 1e12 * errors + 1e6 * g->nhidden;
	for (int k = 0; k < g->nnode; k++) {
		const Node *n = &g->node[k];
		v += n->kind == N_BARRIER				     ? 1000 :
		     (n->kind == N_SEND || n->kind == N_RECV) && n->peer < 0 ? 1 :
									       0;
		for (int j = 0; n->kind == N_P2P && j < n->nmember; j++)
			v += n->member[j].peer < 0;
	}
	return v;
}

/* A graph read once for all ranks whose sends or receives have peers dagcc does not know: the
 * deadlock check (passes/p2p.c) cannot run, which is said, with how to make it run. */
static void unchecked(const Graph *g)
{
	for (int k = 0; k < g->nnode; k++) {
		const Node *n = &g->node[k];
		Loc at = n->loc;
		int unknown = (n->kind == N_SEND || n->kind == N_RECV) && n->peer < 0;
		for (int j = 0; n->kind == N_P2P && j < n->nmember && !unknown; j++)
			if (n->member[j].peer < 0)
				unknown = 1, at = n->member[j].loc;
		if (unknown) {
			warning(at,
				"this peer is known only at run time, so dagcc did not check the sends and receives of graph '%s' for deadlock: say which variable holds the rank with --rank NAME=GROUP, or compute the peers from dagcc_group_rank(GROUP), with --group-size GROUP=N",
				g->name);
			return;
		}
	}
}

/* A quiet reading: the graph, and the errors it would report. */
static Graph *quiet(Ast *ast, int i, const FrontendOpts *o, Rank *rk, int *errors)
{
	int before = nerrors, warned = nwarnings;
	quietdiags++;
	Graph *g = reading(ast, i, o, rk, NULL);
	quietdiags--;
	*errors = nerrors - before;
	nerrors = before;
	nwarnings = warned;
	return g;
}

/* The ranks in group: --group-size, else the target's world size; 0 unknown. */
static int ranksin(const FrontendOpts *o, const char *group)
{
	for (int i = 0; i < o->ngsize; i++)
		if (!strcmp(o->gsize[i].name, group))
			return o->gsize[i].size;
	return o->worldsize;
}

/* A graph whose body names a rank is read as written, and read again with the rank a
 * constant (rank 0). Where that second reading leaves less to run time (fewer errors, fewer
 * barriers and unscheduled collectives, more known peers), the graph depends on the rank: it
 * is read once per rank of the group, adjacent graphs of one function (Graph.rank), each
 * reported only where no other rank reported the same place. Else the graph is read once, as
 * before. */
static void specialize(Ast *ast, int i, const FrontendOpts *o, Module *m)
{
	Arena *a = arena_new(); /* what outlives the readings */
	Rank rk = {.val = -1, .arena = a};
	int eany, e0;
	Graph *any = quiet(ast, i, o, &rk, &eany);
	int n = rk.group ? ranksin(o, rk.group) : 0;
	int depends = 0;
	if (rk.group && n >= 1 && n <= MAXRANKS) {
		Rank r0 = rk;
		r0.val = 0, r0.n = n;
		Graph *g0 = quiet(ast, i, o, &r0, &e0);
		depends = vague(g0, e0) < vague(any, eany);
		freegraph(g0);
	} else if (rk.group) {
		/* whether it would depend on the rank: with a size of 1 */
		Rank r0 = rk;
		r0.val = 0, r0.n = 1;
		Graph *g0 = quiet(ast, i, o, &r0, &e0);
		depends = vague(g0, e0) < vague(any, eany);
		freegraph(g0);
		/* too many ranks: an error where the graph needs the rank to compile at all, else
		 * it is compiled once, as written, with the rank a run-time value */
		void (*say)(Loc, const char *, ...) = eany ? error : warning;
		const char *then = eany ? "" : "; compiled once, with the rank a run-time value";
		if (depends && n > MAXRANKS)
			say(rk.loc,
			    "graph '%s' depends on the rank in '%s', which has %d ranks: dagcc compiles such a graph once per rank, for at most %d ranks%s",
			    ast->fn[i].name, rk.group, n, MAXRANKS, then);
		else if (depends)
			say(rk.loc,
			    "graph '%s' depends on the rank in '%s', whose number of ranks is unknown: give --group-size '%s=N'%s",
			    ast->fn[i].name, rk.group, rk.group, then);
		if (depends && eany) {
			freegraph(any);
			arena_free(a);
			return;
		}
		depends = 0;
	}
	freegraph(any);
	if (!depends) {
		Rank none = {.val = -1};
		addgraph(m, reading(ast, i, o, &none, NULL));
		unchecked(m->graph[m->ngraph - 1]);
		arena_free(a);
		return;
	}
	Seen seen = {.arena = a};
	for (int r = 0; r < n; r++) {
		Rank each = rk;
		each.val = r, each.n = n;
		addgraph(m, reading(ast, i, o, &each, &seen));
	}
	arena_free(a);
}

/* Whether e names name: a variable; with group, the function e is in: the group of a
 * collective, dagcc_group_rank or dagcc_group_size call, as written (a local is an alias of
 * another group: not its own name). */
static int exprnames(const Expr *e, const char *name, const GraphFn *group)
{
	if (!e)
		return 0;
	if (!group && e->kind == E_VAR && !strcmp(e->name, name))
		return 1;
	const Expr *g = NULL;
	if (group && isrankcall(e))
		g = e->arg[0];
	else if (group && e->kind == E_CALL && e->call == CALL_COLLECTIVE &&
		 colls[e->coll].group < e->narg)
		g = e->arg[colls[e->coll].group];
	int local = g && g->kind == E_VAR && !g->isglobal;
	for (int i = 0; local && i < group->nparam; i++)
		local = strcmp(group->param[i], g->name) != 0;
	if (g && !local && !strcmp(exprtext(g), name))
		return 1;
	for (int i = 0; i < e->narg; i++)
		if (exprnames(e->arg[i], name, group))
			return 1;
	return exprnames(e->a, name, group) || exprnames(e->b, name, group) ||
	       exprnames(e->c, name, group);
}

static int stmtnames(const Stmt *s, const char *name, const GraphFn *group)
{
	if (!s)
		return 0;
	if (!group && s->kind == S_DECL && s->var && !strcmp(s->var, name))
		return 1;
	for (int i = 0; i < s->nkid; i++)
		if (stmtnames(s->kid[i], name, group))
			return 1;
	return exprnames(s->init, name, group) || exprnames(s->cond, name, group) ||
	       exprnames(s->inc, name, group) || stmtnames(s->body, name, group) ||
	       stmtnames(s->els, name, group);
}

/* The edit distance of a and b (an adjacent transposition is one edit), at most 99. */
static int distance(const char *a, const char *b)
{
	int n = (int)strlen(a), k = (int)strlen(b);
	if (n > 64 || k > 64)
		return 99;
	int d[65][65];
	for (int i = 0; i <= n; i++)
		for (int j = 0; j <= k; j++) {
			if (!i || !j) {
				d[i][j] = i + j;
				continue;
			}
			int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			c = d[i - 1][j] + 1 < c ? d[i - 1][j] + 1 : c;
			c = d[i][j - 1] + 1 < c ? d[i][j - 1] + 1 : c;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < c)
				c = d[i - 2][j - 2] + 1;
			d[i][j] = c;
		}
	return d[n][k];
}

/* A group --group-size or --rank (opt, its argument arg) names that no graph of the file
 * has would silently keep the target's world size: an error where a group of the file is
 * a likely misspelling of it (did you mean), else a warning (the option may be for another
 * file's graphs). */
static void groupnamed(Ast *ast, const Module *m, int first, const char *opt, const char *arg,
		       const char *group)
{
	const char *best = NULL;
	int bestd = 99;
	for (int i = first; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		if (g->rankgroup && !strcmp(g->rankgroup, group))
			return;
		for (int k = 0; k < g->ngroup; k++) {
			const char *name = g->group[k];
			size_t n = strlen(name), len = strlen(group);
			int d = distance(group, name);
			if (!d)
				return;
			if (n > len && !strcmp(name + n - len, group) &&
			    strchr(".>", name[n - len - 1])) /* dp for md->dp: as close as can be */
				d = 1;
			if (d < bestd || (d == bestd && strcmp(g->group[k], best) < 0))
				best = g->group[k], bestd = d;
		}
	}
	for (int i = 0; i < ast->nfn; i++)
		if (stmtnames(ast->fn[i].body, group, &ast->fn[i]))
			return;
	int len = (int)strlen(group);
	if (best && bestd <= (len / 3 > 2 ? len / 3 : 2))
		error((Loc){0}, "%s %s: no graph has a group '%s'; did you mean '%s'?", opt, arg,
		      group, best);
	else
		warning((Loc){0},
			"%s %s: no graph has a group '%s'; it keeps the target's world size here",
			opt, arg, group);
}

void unroll(Ast *ast, const FrontendOpts *o, Module *m)
{
	int first = m->ngraph;
	for (int r = 0; r < o->nrank; r++) { /* a misspelt --rank would change nothing, silently */
		int used = 0;
		for (int i = 0; i < ast->nfn && !used; i++)
			used = stmtnames(ast->fn[i].body, o->rank[r].name, NULL);
		if (!used)
			warning((Loc){0}, "--rank %s=%s: no graph names '%s'", o->rank[r].name,
				o->rank[r].group, o->rank[r].name);
	}
	for (int i = 0; i < ast->nfn; i++) {
		if (stmtrank(o, ast->fn[i].body)) {
			specialize(ast, i, o, m);
			continue;
		}
		Rank none = {.val = -1};
		addgraph(m, reading(ast, i, o, &none, NULL));
		unchecked(m->graph[m->ngraph - 1]);
	}
	char arg[256];
	for (int i = 0; !nerrors && i < o->ngsize; i++) {
		snprintf(arg, sizeof arg, "%s=%d", o->gsize[i].name, o->gsize[i].size);
		groupnamed(ast, m, first, "--group-size", arg, o->gsize[i].name);
	}
	for (int r = 0; !nerrors && r < o->nrank; r++) {
		snprintf(arg, sizeof arg, "%s=%s", o->rank[r].name, o->rank[r].group);
		groupnamed(ast, m, first, "--rank", arg, o->rank[r].group);
	}
}

int extract(const FrontendOpts *o, Module *m)
{
	Arena *a = arena_new();
	Ast ast = {0};
	int before = nerrors;
	if (parseast(o, a, &ast))
		unroll(&ast, o, m);
	arena_free(a);
	return nerrors == before;
}
