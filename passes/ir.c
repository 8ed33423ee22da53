/* ir.c - building graphs: nodes, interned names, accesses and edges. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

const char *kindname[NKIND] = {
	[N_COMPUTE] = "compute",     [N_ALL_REDUCE] = "all_reduce",
	[N_ALL_GATHER] = "all_gather", [N_REDUCE_SCATTER] = "reduce_scatter",
	[N_ALL_TO_ALL] = "all_to_all", [N_BROADCAST] = "broadcast",
	[N_SEND] = "send",           [N_RECV] = "recv",
	[N_ALLOC] = "alloc",         [N_FREE] = "free",
	[N_BARRIER] = "barrier",
};

const char *dtypename[NDTYPE] = {"f32", "f16", "bf16", "f64", "i8", "u8", "i32", "i64"};
const char *opname[NOP] = {"sum", "prod", "max", "min", "avg"};

int dtypesize(Dtype t)
{
	static const int size[NDTYPE] = {4, 2, 2, 8, 1, 1, 4, 8};
	return size[t];
}

int iscollective(NodeKind k)
{
	return k >= N_ALL_REDUCE && k <= N_RECV;
}

Graph *newgraph(const char *name, const char *file)
{
	Arena *a = arena_new();
	Graph *g = aalloc(a, sizeof *g);
	g->arena = a;
	g->name = astrdup(a, name);
	g->file = astrdup(a, file);
	return g;
}

void freegraph(Graph *g)
{
	if (g)
		arena_free(g->arena);
}

void freemodule(Module *m)
{
	for (int i = 0; i < m->ngraph; i++)
		freegraph(m->graph[i]);
	free(m->graph);
	m->graph = NULL;
	m->ngraph = 0;
}

void addgraph(Module *m, Graph *g)
{
	Graph **p = realloc(m->graph, (size_t)(m->ngraph + 1) * sizeof *p);
	if (!p)
		fatal("out of memory");
	m->graph = p;
	m->graph[m->ngraph++] = g;
}

Node *addnode(Graph *g, NodeKind kind, Loc loc)
{
	agrow(g->arena, &g->node, &g->capnode, g->nnode + 1, sizeof(Node));
	Node *n = &g->node[g->nnode++];
	memset(n, 0, sizeof *n);
	n->kind = kind;
	n->group = -1;
	n->op = -1;
	n->peer = -1;
	n->flops = n->mbytes = n->us = -1;
	n->ctype = -1;
	n->loc = loc;
	if (loc.file)
		n->loc.file = strcmp(loc.file, g->file) == 0 ? g->file : astrdup(g->arena, loc.file);
	return n;
}

/* Returns the index of s in names, adding it. Searches newest first: a statement's roots are
 * usually the ones its neighbours just used. */
int intern(Graph *g, const char ***names, int *n, const char *s)
{
	for (int i = *n - 1; i >= 0; i--)
		if (strcmp((*names)[i], s) == 0)
			return i;
	int *cap = names == &g->group ? &g->capgroup : &g->caproot;
	agrow(g->arena, names, cap, *n + 1, sizeof(char *));
	(*names)[*n] = astrdup(g->arena, s);
	return (*n)++;
}

void addacc(Graph *g, Node *n, int root, int mode, int64_t off, int64_t len)
{
	agrow(g->arena, &n->acc, &n->capacc, n->nacc + 1, sizeof(Access));
	n->acc[n->nacc++] = (Access){root, mode, off, len};
}

void addstep(Graph *g, StepKind kind, int node)
{
	agrow(g->arena, &g->step, &g->capstep, g->nstep + 1, sizeof(Step));
	g->step[g->nstep++] = (Step){kind, node};
}

/* Adds the edge from -> n, merging kinds when the edge exists. */
void adddep(Graph *g, Node *n, int from, int kind)
{
	for (int i = n->ndep - 1; i >= 0; i--)
		if (n->dep[i].node == from) {
			n->dep[i].kind |= kind;
			return;
		}
	agrow(g->arena, &n->dep, &n->capdep, n->ndep + 1, sizeof(Dep));
	n->dep[n->ndep++] = (Dep){from, kind};
}
