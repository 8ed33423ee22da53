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
 * contain it.
 * This file reads one graph (walk) and holds the entry (unroll, extract); each job has a file
 * of its own over extract.h: scope.c (the environment), eval.c (constants), ref.c (buffer
 * roots and slots), nodes.c (the nodes calls become), effects.c (memory effects), p2pgroup.c
 * (p2p groups), inline.c (helpers), decl.c (declarations and assignments), unroll.c (the
 * statement walker), rank.c (rank specialization). */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

Graph *walk(Ast *ast, int i, const FrontendOpts *o, int sizes, int *wantsizes, Rank *rk, Seen *seen,
	    Diags *d)
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
	       .seen = seen ? seen : &own,
	       .d = d};
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
		derror(d, x.p2p->loc,
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
		addgraph(m, reading(ast, i, o, &none, NULL, NULL));
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
