/* effects.c - the memory effects of expressions: calls and changes of variables in them,
 * addresses taken, the memory a node may write and the reads that must stay in place. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

/* Is e itself an increment, decrement or assignment? */
int mutates(const Expr *e)
{
	if (e->kind == E_BIN && e->op[strlen(e->op) - 1] == '=' && strcmp(e->op, "==") &&
	    strcmp(e->op, "<=") && strcmp(e->op, ">=") && strcmp(e->op, "!="))
		return 1;
	return e->kind == E_UN && (strstr(e->op, "++") || strstr(e->op, "--"));
}

/* A call or a change of a variable anywhere in e (or something dagcc does not follow)? */
int hascall(Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_CALL || mutates(e) || (e->kind == E_OTHER && !e->inert))
		return 1;
	for (int i = 0; e->kind == E_INIT && i < e->narg; i++)
		if (hascall(e->arg[i]))
			return 1;
	return hascall(e->a) || hascall(e->b) || hascall(e->c);
}

/* hascall, but for dagcc_group_rank and dagcc_group_size, which change nothing */
int othercall(Expr *e)
{
	if (!e)
		return 0;
	if (isrankcall(e))
		return 0;
	if (e->kind == E_CALL || mutates(e) || (e->kind == E_OTHER && !e->inert))
		return 1;
	for (int i = 0; e->kind == E_INIT && i < e->narg; i++)
		if (othercall(e->arg[i]))
			return 1;
	return othercall(e->a) || othercall(e->b) || othercall(e->c);
}

int addressed(X *x, const char *name)
{
	for (int i = 0; i < x->naddressed; i++)
		if (!strcmp(x->addressed[i], name))
			return 1;
	return 0;
}

/* Notes the variables whose address e takes: the object under & (&cfg.k is cfg's). */
static void addresses(X *x, const Expr *e)
{
	if (!e)
		return;
	if (e->kind == E_UN && !strcmp(e->op, "&")) {
		const Expr *o = e->a;
		while (o &&
		       ((o->kind == E_MEMBER && !o->arrow) || (o->kind == E_INDEX && !o->a->isptr)))
			o = o->a;
		if (o && o->kind == E_VAR && !addressed(x, o->name)) {
			agrow(x->g->arena, &x->addressed, &x->capaddressed, x->naddressed + 1,
			      sizeof(char *));
			x->addressed[x->naddressed++] = o->name;
		}
	}
	for (int i = 0; (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		addresses(x, e->arg[i]);
	addresses(x, e->a);
	addresses(x, e->b);
	addresses(x, e->c);
}

/* f on every expression of s and the statements in it */
void stmtexprs(X *x, const Stmt *s, void (*f)(X *, const Expr *))
{
	if (!s)
		return;
	for (int i = 0; i < s->nkid; i++)
		stmtexprs(x, s->kid[i], f);
	f(x, s->init);
	f(x, s->cond);
	f(x, s->inc);
	stmtexprs(x, s->body, f);
	stmtexprs(x, s->els, f);
}

void addressesin(X *x, const Stmt *s)
{
	stmtexprs(x, s, addresses);
}

/* Whether the place e names is reached through a pointer (or is a local array's element). */
static int throughptr(const Expr *e)
{
	if (e->kind == E_INDEX || (e->kind == E_UN && !strcmp(e->op, "*")) ||
	    (e->kind == E_MEMBER && e->arrow))
		return 1;
	return e->kind == E_MEMBER && throughptr(e->a);
}

/* Whether finding where place e is reads memory (a[b[0]]; md->w's md is a variable). */
int addressreads(X *x, const Expr *e)
{
	switch (e->kind) {
	case E_INDEX:
		return readsmem(x, e->a) || readsmem(x, e->b);
	case E_UN:
		return readsmem(x, e->a);
	case E_MEMBER:
		return e->arrow ? readsmem(x, e->a) : addressreads(x, e->a);
	case E_VAR:
		return 0;
	default:
		return readsmem(x, e);
	}
}

static void markwrites(X *x, const Node *n)
{
	for (int k = 0; k < n->nacc; k++)
		if (n->acc[k].mode & ACC_WRITE) {
			agrowz(x->g->arena, &x->wrote, &x->capwrote, (size_t)n->acc[k].root + 1, 1);
			x->wrote[n->acc[k].root] = 1;
			x->wroteany = 1;
		}
}

/* Whether a node so far may write root (UNKNOWN_ROOT: any memory). The last node may still
 * gain accesses: it is looked at each time, the others once. */
static int written(X *x, const char *root)
{
	Graph *g = x->g;
	for (; x->nscanned < g->nnode - 1; x->nscanned++)
		markwrites(x, &g->node[x->nscanned]);
	int any = x->wroteany, unk = findname(g, &g->root, UNKNOWN_ROOT),
	    i = strcmp(root, UNKNOWN_ROOT) ? findname(g, &g->root, root) : -2;
	const Node *last = g->nnode ? &g->node[g->nnode - 1] : NULL;
	for (int k = 0; last && k < last->nacc; k++)
		if (last->acc[k].mode & ACC_WRITE) {
			any = 1;
			if (last->acc[k].root == i || last->acc[k].root == unk)
				return 1;
		}
	if (i == -2)
		return any;
	return (i >= 0 && (size_t)i < x->capwrote && x->wrote[i]) ||
	       (unk >= 0 && (size_t)unk < x->capwrote && x->wrote[unk]);
}

/* Whether loading the pointer e (md->w, tab[i], *pp) reads a table a node wrote: the memory
 * its first dereference points into. Tables no node writes are followed (resolve). */
static int tablewritten(X *x, const Expr *e)
{
	while (e->kind == E_MEMBER && !e->arrow)
		e = e->a;
	Expr *base = e->kind == E_MEMBER || e->kind == E_INDEX ||
				     (e->kind == E_UN && !strcmp(e->op, "*")) ?
			     e->a :
			     NULL;
	if (!base)
		return 0;
	Ref r = resolve(x, base);
	if (r.slot == 1) /* *pp with pp = &md->w: md's memory holds the pointer, as for md->w */
		return r.table && written(x, r.table);
	return !r.null && written(x, r.unknown ? UNKNOWN_ROOT : r.root);
}

/* Whether evaluating e reads memory a node may write: a value loaded through a pointer or from
 * a local array, a pointer loaded from a table a node wrote (other tables are followed, see
 * resolve), or a variable whose address the body takes. Such a statement cannot move to the
 * top of its stretch of nodes. */
int readsmem(X *x, const Expr *e)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case E_VAR:
		return !e->isglobal && addressed(x, e->name);
	case E_INDEX:
	case E_MEMBER:
		if (!e->isptr && (throughptr(e) || readsmem(x, e->a)))
			return 1;
		if (e->isptr && throughptr(e) && tablewritten(x, e))
			return 1;
		return addressreads(x, e);
	case E_UN:
		if (!strcmp(e->op, "&"))
			return addressreads(x, e->a);
		if (!strcmp(e->op, "*") && (!e->isptr || tablewritten(x, e)))
			return 1;
		break;
	default:
		break;
	}
	for (int i = 0; (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		if (readsmem(x, e->arg[i]))
			return 1;
	return readsmem(x, e->a) || readsmem(x, e->b) || readsmem(x, e->c);
}

/* The first increment, decrement or assignment in e (arguments of calls in it too), or NULL. */
static Expr *mutation(Expr *e)
{
	if (!e || mutates(e))
		return e;
	Expr *m = NULL;
	for (int i = 0; !m && (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		m = mutation(e->arg[i]);
	if (!m)
		m = mutation(e->a);
	if (!m)
		m = mutation(e->b);
	return m ? m : mutation(e->c);
}

/* Whether e holds an expression of kind k (E_OTHER: one that is not inert). */
static int holds(const Expr *e, ExprKind k)
{
	if (!e)
		return 0;
	if (e->kind == k && (k != E_OTHER || !e->inert))
		return 1;
	for (int i = 0; (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++)
		if (holds(e->arg[i], k))
			return 1;
	return holds(e->a, k) || holds(e->b, k) || holds(e->c, k);
}

/* Why a statement computing e is a barrier (for its warning), or NULL. */
const char *barrierwhy(X *x, Expr *e)
{
	if (holds(e, E_OTHER))
		return "it does what dagcc does not follow, such as a call through a function pointer";
	if (holds(e, E_CALL))
		return "it calls a function that is neither a compute function nor a collective";
	Expr *m = mutation(e);
	if (m)
		return m->a && m->a->kind == E_VAR ? "it changes a variable" :
						     "it writes memory a node may use";
	if (readsmem(x, e))
		return "it reads memory a node may write";
	return NULL;
}

/* Arguments of calls dagcc moves, and may copy into several statements (a bucket's start,
 * copies in and out), must not change anything. */
int pure(X *x, Expr *e)
{
	int ok = 1;
	for (int i = 0; i < e->narg; i++) {
		Expr *m = mutation(e->arg[i]);
		if (m && once(x, m->loc))
			derror(x->d, m->loc,
			       "argument of '%s' changes a variable; dagcc moves and may repeat "
			       "arguments, so compute it in a statement before",
			       e->name);
		ok &= !m;
	}
	return ok;
}

/* Local variables a barrier may change (assigned in it, or their address taken; in a statement
 * dagcc does not read, any it names) lose what dagcc knew of them: pointers become unknown. */
void forget(X *x, Expr *e)
{
	if (!e)
		return;
	Expr *var = NULL;
	if (mutates(e))
		var = e->a;
	else if (e->kind == E_UN && strcmp(e->op, "&") == 0)
		var = e->a;
	if (var && var->isptr && !var->isarray && (var->kind != E_VAR || var->isglobal))
		keep(x, slotof(x, var), changed(var)); /* g(&md->w), md->w += 4: md->w changes */
	if (var && var->kind == E_VAR) {
		Bind *b = lookup(x, var->name);
		if (b && b->kind == B_PTR) {
			b->ref = changed(var);
		} else if (!b && var->isptr && !var->isglobal) {
			rebind(x, var->name, B_PTR)->ref = changed(var);
		} else if (b && b->kind == B_INT && oncemore(x, e->loc)) {
			derror(x->d, e->loc,
			       "'%s' holds a constant that dagcc substitutes where it is used; it cannot be changed at run time: use a variable of its own",
			       var->name);
		}
	}
	if (e->kind == E_VAR) { /* a table a barrier names may be changed through it */
		Bind *b = lookup(x, e->name);
		untable(b);
		if (b && b->kind == B_PTR && b->ref.slot == 1) /* g(pp) with pp = &md->w */
			keep(x, b->ref, changed(NULL));
		else if (b && b->kind == B_PTR && b->ref.unknown && e->ptrptr) /* pp not followed */
			keep(x, b->ref, changed(NULL));
	}
	for (int i = 0; (e->kind == E_CALL || e->kind == E_INIT) && i < e->narg; i++) {
		Expr *a = e->arg[i];
		/* g(tab), g(m->tab + 1), g(pp) with pp not followed: any pointer the graph loads
		 * from memory after it may have changed (g(&p) of a local p, g(&md->w) and g(pp)
		 * with pp = &md->w change that pointer alone: below) */
		int local = a->kind == E_UN && !strcmp(a->op, "&") && a->a->kind == E_VAR &&
			    !a->a->isglobal;
		if (e->kind == E_CALL && a->ptrptr && !local) {
			Ref r = resolve(x, a);
			if (r.unknown || r.slot != 1 || !r.known || r.span || r.off)
				keep(x, (Ref){.unknown = 1}, changed(NULL));
		}
		forget(x, a);
	}
	forget(x, e->a);
	forget(x, e->b);
	forget(x, e->c);
}

void forgetstmt(X *x, Stmt *s)
{
	if (!s)
		return;
	forget(x, s->init);
	forget(x, s->cond);
	forget(x, s->inc);
	for (int i = 0; i < s->nkid; i++)
		forgetstmt(x, s->kid[i]);
	forgetstmt(x, s->body);
	forgetstmt(x, s->els);
	const Src *src = s->kind == S_OTHER ? stmtsrc(s) : NULL;
	for (int k = 0; src && k < src->nid; k++) { /* not read: any pointer it names may change */
		char name[256];
		snprintf(name, sizeof name, "%.*s", src->len[k], src->text + src->off[k]);
		Bind *b = src->len[k] < (int)sizeof name ? lookup(x, name) : NULL;
		if (b && b->kind == B_PTR && b->ref.slot == 1) /* *pp = a, pp = &md->w */
			keep(x, b->ref, changed(NULL));
		if (b && b->kind == B_PTR)
			b->ref = changed(NULL);
	}
}
