/* ir.c - building graphs: nodes, interned names, accesses and edges. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

#define ROW(K, ...) [N_##K] = COLLROW(K, __VA_ARGS__)
const Coll colls[NKIND] = {COLLECTIVES(ROW)};
#undef ROW

#define NAME(K, name, ...) [N_##K] = #name,
const char *const kindname[NKIND] = {
	[N_COMPUTE] = "compute",
	COLLECTIVES(NAME)[N_ALLOC] = "alloc",
	[N_FREE] = "free",
	[N_BARRIER] = "barrier",
};
#undef NAME

const char *const dtypename[NDTYPE] = {"f32", "f16", "bf16", "f64", "i8", "u8", "i32", "i64"};
const char *const opname[NOP] = {"sum", "prod", "max", "min", "avg"};
const char *const formname[NBKFORM] = {"none", "packed", "coalesced", "contiguous"};
const char *const depname[NDEPKIND] = {"raw", "war", "waw", "order", "group"};

int dtypesize(Dtype t)
{
	static const int size[NDTYPE] = {4, 2, 2, 8, 1, 1, 4, 8};
	return size[t];
}

int iscollective(NodeKind k)
{
	return k > N_COMPUTE && k < N_ALLOC;
}

int isp2pmember(int k)
{
	return k >= 0 && k < NKIND && colls[k].p2p == P2P_MEMBER;
}

/* a send, a receive or a p2p group */
static int p2p(NodeKind k)
{
	return colls[k].p2p != P2P_NO;
}

int guardable(const Node *n)
{
	return n->kind == N_COMPUTE ||
	       (iscollective(n->kind) && !p2p(n->kind) && n->form != BK_PACKED);
}

int streamof(const Graph *g, const Node *n, const int *cls)
{
	int runs = colls[n->kind].runs;
	return runs == STREAM_COLL ? cls[n->group] : runs * g->ngroup + n->group;
}

/* A p2p group runs on its group's send stream (streamof) and on its receive stream. */
int streamof2(const Graph *g, const Node *n)
{
	return n->kind == N_P2P ? STREAM_RECV * g->ngroup + n->group : -1;
}

double runon(const Graph *g, const Node *n, const int *cls, double *free_at, double t,
	     double *begin)
{
	int c = streamof(g, n, cls), c2 = streamof2(g, n);
	double b = t > free_at[c] ? t : free_at[c];
	if (c2 >= 0 && free_at[c2] > b)
		b = free_at[c2];
	if (g->release && g->release[n - g->node] > b) /* a peer reaches it later */
		b = g->release[n - g->node];
	free_at[c] = b + n->cost;
	if (c2 >= 0)
		free_at[c2] = free_at[c];
	if (begin)
		*begin = b;
	return free_at[c];
}

double stepend(const Graph *g, double ms, const double *end)
{
	for (int i = 0; g->tail && i < g->nnode; i++)
		if (iscollective(g->node[i].kind) && g->tail[i] > 0 && end[i] + g->tail[i] > ms)
			ms = end[i] + g->tail[i];
	return ms;
}

int nstreams(const Graph *g)
{
	return NSTREAM * g->ngroup;
}

int samegroupstream(const Node *a, const Node *b)
{
	/* a p2p group begins after all its group's sends and receives before it; what comes after
	 * one runs after its members on the same stream only, not after all of it */
	if (b->kind == N_P2P)
		return a->group == b->group && p2p(a->kind);
	return a->group == b->group && a->kind != N_P2P &&
	       colls[a->kind].runs == colls[b->kind].runs;
}

int reorderable(const Graph *g, const Node *x, const Dep *d)
{
	const Node *p = &g->node[d->node];
	return d->kind == DEP_GROUP && iscollective(x->kind) && iscollective(p->kind) &&
	       !p2p(x->kind) && !p2p(p->kind) && p->group == x->group;
}

Graph *newgraph(const char *name, const char *file)
{
	Arena *a = arena_new();
	Graph *g = aalloc(a, sizeof *g);
	g->arena = a;
	g->name = astrdup(a, name);
	g->file = astrdup(a, file);
	g->rank = -1;
	return g;
}

Graph *newregion(Graph *g, Node *n, const char *var, const char *trips)
{
	Graph *b = aalloc(g->arena, sizeof *b);
	b->arena = g->arena;
	b->name = afmt(g->arena, "%s/%%%d", g->name, (int)(n - g->node)); /* the verifier's */
	b->file = g->file;
	b->rank = g->rank, b->nranks = g->nranks;
	b->rankgroup = g->rankgroup, b->rankvar = g->rankvar;
	int i = (int)(n - g->node);
	agrow(g->arena, &g->loop, &g->caploop, g->nloop + 1, sizeof(Loop));
	g->loop[g->nloop++] = (Loop){.var = astrdup(g->arena, var),
				     .trips = astrdup(g->arena, trips),
				     .body = b,
				     .iter = -1,
				     .ntrip = 1};
	g->node[i].loop = g->nloop;
	return b;
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
	m->ngraph = m->capgraph = 0;
}

void addgraph(Module *m, Graph *g)
{
	agrow(NULL, &m->graph, &m->capgraph, m->ngraph + 1, sizeof *m->graph);
	m->graph[m->ngraph++] = g;
}

/* A node of this kind with every other field at its default: the only place they are set. */
Node mknode(NodeKind kind, Loc loc)
{
	return (Node){.kind = kind,
		      .group = -1,
		      .op = -1,
		      .peer = -1,
		      .flops = -1,
		      .mbytes = -1,
		      .us = -1,
		      .ctype = -1,
		      .bucket = -1,
		      .loc = loc};
}

Node *addnode(Graph *g, NodeKind kind, Loc loc)
{
	agrow(g->arena, &g->node, &g->capnode, g->nnode + 1, sizeof(Node));
	Node *n = &g->node[g->nnode++];
	*n = mknode(kind, loc);
	if (loc.file)
		n->loc.file =
			strcmp(loc.file, g->file) == 0 ? g->file : astrdup(g->arena, loc.file);
	return n;
}

static uint32_t hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* names is g->root or g->group. Each has a hash index: slot -> index + 1 (0: empty) and the
 * name's hash, so a probe compares strings only when the hashes agree. */
typedef struct {
	const char ***names;
	int *n, *cap, **ix, *capix;
} Names;

static Names namesof(Graph *g, const char ***names)
{
	if (names == &g->group)
		return (Names){names, &g->ngroup, &g->capgroup, &g->groupix, &g->capgroupix};
	return (Names){names, &g->nroot, &g->caproot, &g->rootix, &g->caprootix};
}

static void put(int *ix, int cap, uint32_t hv, int slot)
{
	uint32_t h = hv & (uint32_t)(cap - 1);
	while (ix[2 * h])
		h = (h + 1) & (uint32_t)(cap - 1);
	ix[2 * h] = slot;
	ix[2 * h + 1] = (int)hv;
}

/* An index with room for want names, at most half full. */
static void reindex(Graph *g, Names t, int want)
{
	if (*t.ix && 2 * want <= *t.capix)
		return;
	int cap = *t.capix ? *t.capix : 64;
	while (2 * want > cap)
		cap *= 2;
	int *ix = aalloc(g->arena, (size_t)cap * 2 * sizeof(int));
	for (int k = 0; *t.ix && k < *t.capix; k++) /* the slots keep the hashes: no name is read */
		if ((*t.ix)[2 * k])
			put(ix, cap, (uint32_t)(*t.ix)[2 * k + 1], (*t.ix)[2 * k]);
	*t.ix = ix;
	*t.capix = cap;
}

/* The slot holding s, or the empty one where it would go. */
static uint32_t probe(Names t, const char *s, size_t len, uint32_t hv)
{
	uint32_t h = hv & (uint32_t)(*t.capix - 1);
	for (; (*t.ix)[2 * h]; h = (h + 1) & (uint32_t)(*t.capix - 1)) {
		const char *name = (*t.names)[(*t.ix)[2 * h] - 1];
		if ((*t.ix)[2 * h + 1] == (int)hv && strncmp(name, s, len) == 0 && !name[len])
			break;
	}
	return h;
}

int intern(Graph *g, const char ***names, int *n, const char *s)
{
	return internn(g, names, n, s, strlen(s));
}

/* The index of s in names, or -1: nothing is added. */
int findname(Graph *g, const char ***names, const char *s)
{
	Names t = namesof(g, names);
	if (!*t.ix)
		return -1;
	size_t len = strlen(s);
	uint32_t h = probe(t, s, len, hash(s, len));
	return (*t.ix)[2 * h] - 1;
}

/* The index of s (len bytes, no NUL among them) in names, adding a copy if it is not there:
 * constant time however many roots a graph has. */
int internn(Graph *g, const char ***names, int *n, const char *s, size_t len)
{
	Names t = namesof(g, names);
	reindex(g, t, *n + 1);
	uint32_t hv = hash(s, len), h = probe(t, s, len, hv);
	if ((*t.ix)[2 * h])
		return (*t.ix)[2 * h] - 1;
	agrow(g->arena, names, t.cap, *n + 1, sizeof(char *));
	(*names)[*n] = astrndup(g->arena, s, len);
	(*t.ix)[2 * h] = *n + 1;
	(*t.ix)[2 * h + 1] = (int)hv;
	return (*n)++;
}

/* names back to its first n (interned before the others): the others forgotten */
void dropnames(Graph *g, const char ***names, int n)
{
	Names t = namesof(g, names);
	if (*t.n == n)
		return;
	*t.n = n;
	memset(*t.ix, 0, (size_t)*t.capix * 2 * sizeof(int));
	for (int k = 0; k < n; k++)
		put(*t.ix, *t.capix, hash((*names)[k], strlen((*names)[k])), k + 1);
}

/* Interns each of s[0..n) as internn does, out[i] its index, but without copying: the strings
 * must live as long as g. Looked up a few ahead of each other, so that their slots' cache
 * misses overlap (the index of a large graph is far larger than the cache). */
void internmany(Graph *g, const char ***names, const char **s, int n, int *out)
{
	enum { AHEAD = 8 };
	Names t = namesof(g, names);
	reindex(g, t, *t.n + n);
	agrow(g->arena, names, t.cap, *t.n + n, sizeof(char *));
	uint32_t *hv = xmalloc(((size_t)n + 1) * sizeof *hv);
	for (int i = 0; i < n; i++)
		hv[i] = hash(s[i], strlen(s[i]));
	for (int i = 0; i < n; i++) {
		if (i + AHEAD < n)
			__builtin_prefetch(
				&(*t.ix)[2 * (hv[i + AHEAD] & (uint32_t)(*t.capix - 1))]);
		uint32_t h = probe(t, s[i], strlen(s[i]), hv[i]);
		if (!(*t.ix)[2 * h]) {
			(*names)[*t.n] = s[i];
			(*t.ix)[2 * h] = ++*t.n;
			(*t.ix)[2 * h + 1] = (int)hv[i];
		}
		out[i] = (*t.ix)[2 * h] - 1;
	}
	free(hv);
}

void addacc(Graph *g, Node *n, int root, int mode, int64_t off, int64_t len)
{
	agrow(g->arena, &n->acc, &n->capacc, n->nacc + 1, sizeof(Access));
	n->acc[n->nacc++] = (Access){.root = root, .mode = mode, .off = off, .len = len};
}

void addstep(Graph *g, StepKind kind, int node)
{
	agrow(g->arena, &g->step, &g->capstep, g->nstep + 1, sizeof(Step));
	g->step[g->nstep++] = (Step){kind, node};
}

int *steppos(const Graph *g, int **waitat)
{
	int *at = malloc(((size_t)g->nnode + 1) * sizeof(int));
	int *w = malloc(((size_t)g->nnode + 1) * sizeof(int));
	if (!at || !w)
		fatal("out of memory");
	for (int i = 0; i < g->nnode; i++)
		at[i] = w[i] = -1;
	for (int k = 0; k < g->nstep; k++)
		*(g->step[k].kind == ST_WAIT ? &w[g->step[k].node] : &at[g->step[k].node]) = k;
	*waitat = w;
	return at;
}

static int bysource(const void *a, const void *b)
{
	return ((const Dep *)a)->node - ((const Dep *)b)->node;
}

/* Sorts n's edges by their source. */
void sortdeps(Node *n)
{
	if (n->ndep > 1)
		qsort(n->dep, (size_t)n->ndep, sizeof(Dep), bysource);
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

int *noderef(Graph *g, int k)
{
	return k < g->nprelude ? &g->prelude[k].after : &g->hidden[k - g->nprelude].node;
}

void savenodes(Arena *a, Graph *g, SavedNodes *sv)
{
	int nref = g->nprelude + g->nhidden;
	*sv = (SavedNodes){g->node,
			   g->nnode,
			   g->capnode,
			   g->step,
			   g->nstep,
			   g->capstep,
			   sv->after ? sv->after : auninit(a, ((size_t)nref + 1) * sizeof(int))};
	for (int k = 0; k < nref; k++)
		sv->after[k] = *noderef(g, k);
}

void restorenodes(Graph *g, const SavedNodes *sv)
{
	g->node = sv->node;
	g->nnode = sv->nnode;
	g->capnode = sv->capnode;
	g->step = sv->step;
	g->nstep = sv->nstep;
	g->capstep = sv->capstep;
	for (int k = 0; k < g->nprelude + g->nhidden; k++)
		*noderef(g, k) = sv->after[k];
}
