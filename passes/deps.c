/* deps.c - fill in the dependency edges of a graph from its nodes' accesses (filldeps).
 *
 * Requires nodes in program order with their accesses and no edges. Adds, from an earlier node to
 * a later one: read-after-write, write-after-read and write-after-write between accesses to the
 * same root with overlapping byte ranges; group order between collectives of one group; and order
 * edges that keep everything on its side of each barrier, through edges other than group order
 * alone. Edges per node are sorted by source.
 * Each root keeps the accesses no later write has fully covered. Accesses that run to the end of
 * their root (compute arguments without a declared extent) rarely get covered, and slices of one
 * big buffer would then need an edge from every earlier slice to every later one. So when a root
 * holds more than MAXLIVE live accesses that run to its end (or MAXEXACT live ones in all: exact
 * slices of a flat buffer do not overlap, and many stay live), the next write is ordered after
 * all of them and stands for the whole root from then on: a few false dependencies, never a
 * missing one, and a bounded number of edges per access. The root named UNKNOWN_ROOT ("?", what the frontend cannot resolve) may be any
 * memory: its accesses conflict with every root's.
 *
 * orderbarriers does for edges given from elsewhere (IR) what filldeps does for its own: an
 * order across a barrier that they give only through group order is made an order edge. */
#include <string.h>

#include "../ir/ir.h"

enum { MAXLIVE = 32, MAXEXACT = 4096 };

/* The edges that order a node across a barrier: anything but group order alone, which a
 * schedule may break (reorderable) and bucketing rebuilds. */
static int binds(int kind)
{
	return kind != DEP_GROUP;
}

typedef struct {
	int node, mode;
	int64_t off, end; /* end INT64_MAX: to the end of the root */
} Live;

typedef Vec(Live) Lives;

typedef struct {
	Lives w, r; /* live writes and reads */
	int nrest; /* of them, accesses that run to the end of the root */
} RootState;

static int64_t endof(const Access *a)
{
	return a->len == LEN_REST ? INT64_MAX : a->off + a->len;
}

static int overlaps(int64_t off, int64_t end, const Live *l)
{
	return off < end && l->off < l->end && off < l->end && l->off < end;
}

/* Most roots hold a few live accesses at a time: their lists start at 4, not at agrow's 8. */
static void push(Arena *a, Lives *v, Live l)
{
	if (!v->cap) {
		v->a = auninit(a, 4 * sizeof *v->a);
		v->cap = 4;
	}
	vpush(a, v, l);
}

/* Drops the live accesses [off, end) covers entirely; returns how many of those ran to the
 * end of the root. */
static int cover(Lives *v, int64_t off, int64_t end)
{
	int k = 0, rest = 0;
	for (int i = 0; i < v->n; i++)
		if (!(off <= v->a[i].off && v->a[i].end <= end))
			v->a[k++] = v->a[i];
		else
			rest += v->a[i].end == INT64_MAX;
	v->n = k;
	return rest;
}

/* Edges from the live accesses of r that [off, end) in `mode` conflicts with, to n (node i). */
static void conflicts(Graph *g, Node *n, int i, int mode, int64_t off, int64_t end,
		      const RootState *r)
{
	for (int k = 0; k < r->w.n; k++)
		if (r->w.a[k].node != i && overlaps(off, end, &r->w.a[k]))
			adddep(g, n, r->w.a[k].node,
			       (mode & ACC_READ ? DEP_RAW : 0) | (mode & ACC_WRITE ? DEP_WAW : 0));
	if (mode & ACC_WRITE)
		for (int k = 0; k < r->r.n; k++)
			if (r->r.a[k].node != i && overlaps(off, end, &r->r.a[k]))
				adddep(g, n, r->r.a[k].node, DEP_WAR);
}

void filldeps(Graph *g)
{
	Arena *scratch = arena_new();
	RootState *rs = aarray(scratch, (size_t)g->nroot + 1, sizeof *rs);
	int *lastcoll = auninit(scratch, ((size_t)g->ngroup + 1) * sizeof(int));
	char *hassucc = aarray(scratch, (size_t)g->nnode + 1, 1);
	int unk = -1; /* the unknown root: it may be any memory */
	for (int i = 0; i < g->nroot && unk < 0; i++)
		if (strcmp(g->root[i], UNKNOWN_ROOT) == 0)
			unk = i;
	for (int i = 0; i < g->ngroup; i++)
		lastcoll[i] = -1;
	int barrier = -1; /* the last barrier seen */
	for (int i = 0; i < g->nnode; i++) {
		Node *n = &g->node[i];
		for (int a = 0; a < n->nacc; a++) {
			Access *ac = &n->acc[a];
			RootState *r = &rs[ac->root];
			int64_t end = endof(ac);
			if (unk >= 0 && ac->root == unk) {
				for (int k = 0; k < g->nroot; k++)
					conflicts(g, n, i, ac->mode, 0, INT64_MAX, &rs[k]);
			} else if (unk >= 0) {
				conflicts(g, n, i, ac->mode, 0, INT64_MAX, &rs[unk]);
			}
			if ((ac->mode & ACC_WRITE) &&
			    (r->nrest > MAXLIVE || r->w.n + r->r.n > MAXEXACT)) {
				for (int k = 0; k < r->w.n; k++)
					if (r->w.a[k].node != i)
						adddep(g, n, r->w.a[k].node,
						       DEP_WAW |
							       (ac->mode & ACC_READ ? DEP_RAW : 0));
				for (int k = 0; k < r->r.n; k++)
					if (r->r.a[k].node != i)
						adddep(g, n, r->r.a[k].node, DEP_WAR);
				r->w.n = r->r.n = 0;
				push(scratch, &r->w, (Live){i, ACC_WRITE, 0, INT64_MAX});
				r->nrest = 1;
				continue;
			}
			conflicts(g, n, i, ac->mode, ac->off, end, r);
		}
		/* update the live sets only after all of the node's accesses looked at them */
		for (int a = 0; a < n->nacc; a++) {
			Access *ac = &n->acc[a];
			RootState *r = &rs[ac->root];
			Live l = {i, ac->mode, ac->off, endof(ac)};
			if (ac->mode & ACC_WRITE) {
				r->nrest -= cover(&r->w, l.off, l.end);
				r->nrest -= cover(&r->r, l.off, l.end);
				push(scratch, &r->w, l);
				r->nrest += l.end == INT64_MAX;
			}
			if (ac->mode & ACC_READ) {
				push(scratch, &r->r, l);
				r->nrest += l.end == INT64_MAX;
			}
		}
		if (iscollective(n->kind) && n->group >= 0) {
			if (lastcoll[n->group] >= 0)
				adddep(g, n, lastcoll[n->group], DEP_GROUP);
			lastcoll[n->group] = i;
		}
		if (n->kind == N_BARRIER) {
			for (int j = barrier < 0 ? 0 : barrier; j < i; j++)
				if (!hassucc[j])
					adddep(g, n, j, DEP_ORDER);
			barrier = i;
		} else if (barrier >= 0) {
			/* group order alone orders nothing across a barrier (binds) */
			int after = 0;
			for (int d = 0; d < n->ndep; d++)
				after |= n->dep[d].node > barrier && binds(n->dep[d].kind);
			if (!after)
				adddep(g, n, barrier, DEP_ORDER);
		}
		for (int d = 0; d < n->ndep; d++) /* nor before one */
			hassucc[n->dep[d].node] |= binds(n->dep[d].kind);
		sortdeps(n);
	}
	arena_free(scratch);
}

typedef struct {
	const Graph *g;
	Graph *fix; /* g, where the missing edges are added; NULL: they are only counted */
	char *dirty; /* nodes whose edges grew */
	int n, node, barrier; /* the missing edges, and the first one's node and barrier */
} Orders;

/* The order edge from -> to that node x and barrier b lack (x is one of the two). */
static void missing(Orders *o, int from, int to, int x, int b)
{
	if (!o->n++) {
		o->node = x;
		o->barrier = b;
	}
	if (o->fix) {
		adddep(o->fix, &o->fix->node[to], from, DEP_ORDER);
		o->dirty[to] = 1;
	}
}

static int isbarrier(const Graph *g, int i)
{
	return g->node[i].kind == N_BARRIER;
}

/* Barriers ordered one after another (each reaches the next through some path) make one
 * sweep each way enough: the latest barrier that reaches a node stands for all that do, and
 * the earliest it reaches for all it reaches. */
static void chainorder(Orders *o, Arena *a)
{
	const Graph *g = o->g;
	int n = g->nnode;
	int *first = auninit(a, ((size_t)n + 1) * sizeof(int));
	int *firsts = auninit(a, ((size_t)n + 1) * sizeof(int));
	int *last = auninit(a, ((size_t)n + 1) * sizeof(int));
	for (int i = 0; i < n; i++) { /* after each barrier */
		const Node *x = &g->node[i];
		int any = -1, strong = -1;
		for (int d = 0; d < x->ndep; d++) {
			int p = x->dep[d].node, b = isbarrier(g, p) ? p : last[p];
			any = b > any ? b : any;
			if (binds(x->dep[d].kind))
				strong = b > strong ? b : strong;
		}
		if (any > strong)
			missing(o, any, i, i, any);
		last[i] = any;
	}
	for (int i = 0; i < n; i++)
		first[i] = firsts[i] = n;
	for (int i = n - 1; i >= 0; i--) { /* before each barrier */
		const Node *x = &g->node[i];
		if (first[i] < firsts[i]) {
			missing(o, i, first[i], i, first[i]);
			firsts[i] = first[i];
		}
		int b = isbarrier(g, i) ? i : first[i], bs = isbarrier(g, i) ? i : firsts[i];
		for (int d = 0; d < x->ndep; d++) {
			int p = x->dep[d].node;
			first[p] = b < first[p] ? b : first[p];
			if (binds(x->dep[d].kind))
				firsts[p] = bs < firsts[p] ? bs : firsts[p];
		}
	}
}

/* Any barriers: sweeps over the graph for 64 barriers at a time, a bit each: which of them reach
 * each node, through any edges and through edges that bind, and which it reaches. Where some
 * reach it through group order alone, an edge from the latest of them (before them: to the
 * earliest) stands for those that reach that one through binding edges, and so on. The latest
 * barriers' block comes first after them (its edges then serve the earlier ones), the earliest
 * first before them. O((nodes + edges) x barriers / 64): dagcc's own barriers take chainorder. */
static void maskorder(Orders *o, const int *bar, int nb, Arena *a)
{
	const Graph *g = o->g;
	int n = g->nnode, nblock = (nb + 63) / 64;
	uint64_t *any = auninit(a, ((size_t)n + 1) * sizeof *any);
	uint64_t *strong = auninit(a, ((size_t)n + 1) * sizeof *strong);
	int *bit = auninit(a, ((size_t)n + 1) * sizeof *bit); /* a barrier's in its block, or -1 */
	for (int i = 0; i < n; i++)
		bit[i] = -1;
	for (int k = 2 * nblock - 1; k >= 0; k--) { /* after: k >= nblock; before: k < nblock */
		int after = k >= nblock, lo = 64 * (after ? k - nblock : nblock - 1 - k);
		int hi = lo + 64 < nb ? lo + 64 : nb;
		for (int j = lo; j < hi; j++)
			bit[bar[j]] = j - lo;
		if (after) {
			for (int i = bar[lo]; i < n; i++) {
				const Node *x = &g->node[i];
				uint64_t m = bit[i] >= 0 ? (uint64_t)1 << bit[i] : 0, s = m;
				for (int d = 0; d < x->ndep; d++) {
					int p = x->dep[d].node;
					if (p >= bar[lo]) {
						m |= any[p];
						s |= binds(x->dep[d].kind) ? strong[p] : 0;
					}
				}
				for (uint64_t w = m & ~s; w; w = m & ~s) {
					int b = bar[lo + 63 - __builtin_clzll(w)];
					missing(o, b, i, i, b);
					s |= strong[b];
				}
				any[i] = m;
				strong[i] = s;
			}
		} else {
			for (int i = 0; i <= bar[hi - 1]; i++)
				any[i] = strong[i] = 0;
			for (int i = bar[hi - 1]; i >= 0; i--) {
				const Node *x = &g->node[i];
				uint64_t m = any[i], s = strong[i];
				if (bit[i] >= 0)
					m |= (uint64_t)1 << bit[i], s |= (uint64_t)1 << bit[i];
				for (uint64_t w = m & ~s; w; w = m & ~s) {
					int b = bar[lo + __builtin_ctzll(w)];
					missing(o, i, b, i, b);
					s |= strong[b];
				}
				any[i] = m;
				strong[i] = s;
				for (int d = 0; d < x->ndep; d++) {
					any[x->dep[d].node] |= m;
					if (binds(x->dep[d].kind))
						strong[x->dep[d].node] |= s;
				}
			}
		}
		for (int j = lo; j < hi; j++)
			bit[bar[j]] = -1;
	}
}

/* The orders with barriers that go through group order alone (see orderbarriers): made order
 * edges where fix is g, else counted; *node and *barrier: the first one's. */
static int barrierorders(const Graph *g, Graph *fix, int *node, int *barrier)
{
	int n = g->nnode, nb = 0, chain = 1, dag = 1; /* dag: every edge from an earlier node */
	Arena *scratch = arena_new();
	int *last = auninit(scratch, ((size_t)n + 1) * sizeof(int)); /* the latest barrier above */
	int *bar = auninit(scratch, ((size_t)n + 1) * sizeof(int));
	for (int i = 0; i < n && dag; i++) {
		const Node *x = &g->node[i];
		last[i] = -1;
		for (int d = 0; d < x->ndep && dag; d++) {
			int p = x->dep[d].node, b;
			if ((dag = p >= 0 && p < i)) {
				b = isbarrier(g, p) ? p : last[p];
				last[i] = b > last[i] ? b : last[i];
			}
		}
		if (isbarrier(g, i)) {
			chain &= last[i] == (nb ? bar[nb - 1] : -1);
			bar[nb++] = i;
		}
	}
	if (!dag) /* the verifier says so; nothing is added */
		nb = 0;
	Orders o = {g, fix, aarray(scratch, (size_t)n + 1, 1), 0, -1, -1};
	if (nb && chain)
		chainorder(&o, scratch);
	else if (nb)
		maskorder(&o, bar, nb, scratch);
	for (int i = 0; fix && i < n; i++)
		if (o.dirty[i])
			sortdeps(&fix->node[i]);
	arena_free(scratch);
	*node = o.node;
	*barrier = o.barrier;
	return o.n;
}

void orderbarriers(Graph *g)
{
	int node, barrier;
	barrierorders(g, g, &node, &barrier);
}

int groupbarriers(const Graph *g, int *node, int *barrier)
{
	return barrierorders(g, NULL, node, barrier);
}
