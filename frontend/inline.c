/* inline.c - helper inlining: a call statement of a static helper defined in the input is
 * read as its body with its parameters bound, or stays a barrier with the reason why. */
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
	for (int k = 0; s->kind != S_FOR && k < stmtsrc(s)->nid; k++) { /* a for: its parts */
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
void keephelper(X *x, Helper *h)
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

Made made(X *x)
{
	return (Made){x->g->nnode, x->g->nprelude, x->g->nhidden, x->g->nloop,	  x->nenv,
		      x->nouter,   x->nstore,	   x->nexpect,	  x->lastbarrier, x->iters};
}

void takeback(X *x, const Made *m)
{
	x->g->nnode = m->nnode;
	x->g->nprelude = m->nprelude;
	x->g->nhidden = m->nhidden;
	x->g->nloop = m->nloop; /* their regions stay in the arena, unused */
	x->nenv = m->nenv;
	x->nouter = m->nouter;
	x->nstore = m->nstore;
	x->nexpect = m->nexpect;
	x->lastbarrier = m->lastbarrier;
	x->iters = m->iters;
	if (x->nscanned > m->nnode) /* the nodes taken back's writes stay marked */
		x->nscanned = m->nnode;
}

void trybegin(X *x, Trial *t)
{
	*t = (Trial){.made = made(x),
		     .seen = x->seen,
		     .own = {.arena = x->g->arena},
		     .outer = x->d,
		     .cur = x->cur};
	x->seen = &t->own;
	x->d = &t->diags;
}

void tryend(X *x, Trial *t, int keep)
{
	x->d = t->outer;
	x->seen = t->seen;
	if (!keep) {
		takeback(x, &t->made);
		x->cur = t->cur;
	}
}

/* A call of a function that is neither a compute function nor a collective: a helper's inlined
 * (tried first quietly: where its body, read in this call, has an error, the call stays a
 * barrier as before, saying so), else a barrier. */
static void inlinecall(X *x, Expr *e, const char *text)
{
	const char *why = noinline(x, e);
	if (!why) {
		Trial t;
		trybegin(x, &t);
		inlined(x, e);
		int quiet = !t.diags.errors && !t.diags.warnings;
		tryend(x, &t, quiet);
		if (quiet)
			return;
		if (!t.diags.errors) {
			inlined(x, e); /* again, its warnings said */
			return;
		}
		why = afmt(x->g->arena, "in this call, %s", t.diags.first);
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
