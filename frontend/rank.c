/* rank.c - rank specialization: a graph whose body names a rank is read once per rank of its
 * group, and kept as one graph where every reading has the same edges. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

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
Graph *reading(Ast *ast, int i, const FrontendOpts *o, Rank *rk, Seen *seen, Diags *d)
{
	int want, before = errorsin(d);
	Graph *g = walk(ast, i, o, 0, &want, rk, seen, d);
	if (want && errorsin(d) == before) {
		Diags again = {0}; /* the second reading's diagnostics were the first's */
		Graph *exact = walk(ast, i, o, 1, &want, rk, NULL, &again);
		if (!again.errors && !sameedges(g, exact)) {
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
int stmtrank(const FrontendOpts *o, const Stmt *s)
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
		v += n->kind == N_BARRIER ? 1000 : isp2pmember(n->kind) && n->peer < 0 ? 1 : 0;
		for (int j = 0; n->kind == N_P2P && j < n->nmember; j++)
			v += n->member[j].peer < 0;
	}
	return v;
}

/* A graph read once for all ranks whose sends or receives have peers dagcc does not know: the
 * deadlock check (passes/p2p.c) cannot run, which is said, with how to make it run. */
void unchecked(const Graph *g)
{
	for (int k = 0; k < g->nnode; k++) {
		const Node *n = &g->node[k];
		Loc at = n->loc;
		int unknown = isp2pmember(n->kind) && n->peer < 0;
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
	Diags d = {0};
	Graph *g = reading(ast, i, o, rk, NULL, &d);
	*errors = d.errors;
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
void specialize(Ast *ast, int i, const FrontendOpts *o, Module *m)
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
		addgraph(m, reading(ast, i, o, &none, NULL, NULL));
		unchecked(m->graph[m->ngraph - 1]);
		arena_free(a);
		return;
	}
	Seen seen = {.arena = a};
	for (int r = 0; r < n; r++) {
		Rank each = rk;
		each.val = r, each.n = n;
		addgraph(m, reading(ast, i, o, &each, &seen, NULL));
	}
	arena_free(a);
}

/* Whether e names name: a variable; with group, the function e is in: the group of a
 * collective, dagcc_group_rank or dagcc_group_size call, as written (a local is an alias of
 * another group: not its own name). */
int exprnames(const Expr *e, const char *name, const GraphFn *group)
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

int stmtnames(const Stmt *s, const char *name, const GraphFn *group)
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
