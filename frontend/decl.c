/* decl.c - declarations, assignments and expression statements: what they bind, the
 * statements kept in place (preludes) and the barriers they become. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

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

/* A declaration statement (float *a = x + 1, *b = a + 4;): each declarator is bound as its own
 * declaration, and the statement is emitted once, when all its names are known: a barrier if
 * a declarator calls or changes something, else as it is (a Prelude), each name marked used
 * (bucketing may leave a derived pointer unused). A temporary's declaration is its alloc node;
 * constant integers are substituted and not emitted. */
void declgroup(X *x, Stmt *s)
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
				derror(x->d, k->loc,
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
			derror(x->d, first->loc,
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

void decl(X *x, Stmt *s)
{
	const char *base = localbase(x, s);
	const char *local = *x->suffix ? afmt(x->g->arena, "%s%s", base, x->suffix) : base;
	const char *cname = strcmp(local, s->var) ? mangle(x, local) : NULL;
	if (cname) /* one spelling in the IR, checked mode and the C: w__3, not w.3 */
		local = cname;
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
		derror(x->d, e->loc,
		       "'%s' holds a constant that dagcc substitutes where it is used; it cannot be given a value known only at run time: use a variable of its own",
		       var->name);
	else
		derror(x->d, e->loc, "the new value of '%s' %s", var->name, r.why);
	return 1;
}

void expression(X *x, Stmt *s)
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
