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
