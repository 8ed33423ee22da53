/* bucket.c - merging small collectives into buckets (bucket).
 *
 * Latency-bound collectives cost little more together than one alone, but a bucket starts only
 * when all its members could and must be waited where the first of them is needed, so merging
 * can expose communication the schedule had hidden. The pass therefore works from a schedule:
 *
 *   1. Propose. Take the schedule the driver made and its simulation. Walk the collectives of
 *      each (kind, group, dtype, op, stream) in the order they start and grow a bucket while the next
 *      one fits under the cap, depends on no member and no member on it (paths through the
 *      DAG, group order aside), and the estimate says the bucket is worth it: it begins when
 *      its last member was started, it must end before its first member was waited, and what it
 *      then exposes plus its copies must be less than its members' exposure plus the stream
 *      time it saves, without exposing more than the members did. Each bucket takes the
 *      cheapest form: contiguous (all-reduces of adjacent slices: one collective, no copies),
 *      packed (copies into a buffer of its own and out again, on the compute stream) or
 *      coalesced (one NCCL group).
 *   2. Keep what the simulator confirms. For each key in turn, rewrite the graph with its
 *      buckets and those kept so far, schedule it, simulate it, and keep the key's buckets only
 *      if the makespan drops.
 *
 * A rewrite contracts each bucket to one node (packed: the chain alloc, pack, collective,
 * unpack, free), orders the result topologically keeping program order where it can (a bucket
 * stands where its last member did; nodes between its members that depend on one move after
 * it), moves every edge on a member to the bucket, and rebuilds group order in the new program
 * order. Members are pairwise independent, but two keys' buckets may still close a cycle
 * between them: the rewrite then cannot order every unit, and the trial counts as failed.
 * Only the kinds ir/collectives.h says
 * bucket do (all_reduce, all_gather, reduce_scatter; contiguous: those in place), and no
 * collective whose time the IR states.
 *
 * Requires costs, stream classes and a schedule (sched). Leaves the graph rewritten and
 * rescheduled when it kept a bucket; returns the number of buckets. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

enum {
	SEARCH_LIMIT = 1 << 12
}; /* new nodes one independence check may visit; past it, dependent */
#define BUSY 0.9 /* a stream busy this part of the makespan is a bottleneck */
#define MIN_GAIN 1e-4 /* a key's buckets are tried when they promise this part of the makespan */

typedef struct {
	int *m; /* member node indices, ascending */
	int nm;
	BucketForm form;
	int key;
	int root; /* packed: its buffer's root */
	double gain; /* us, estimated: what the bucket saves */
	int64_t count, bytes; /* the members' sums */
	int nacc;
} Bk;

typedef struct {
	Graph *g;
	const CostOpts *co;
	const int *cls;
	const BucketOpts *bo;
	Arena *scratch; /* the pass's: freed when it returns */
	int *stamp, gen; /* visited marks of the independence search */
	int *stack;
	int *clean, open; /* clean[p] == open: no member of the open bucket is above p */
	int *seen, nseen; /* what a search visited */
	int *size; /* ranks per group */
	double peak, budget; /* bytes: the schedule's peak, the memory budget (< 0: none) */
	double *busy, makespan; /* us: each stream class's busy time, and the schedule's */
} B;

static int byint(const void *x, const void *y)
{
	return (*(const int *)x > *(const int *)y) - (*(const int *)x < *(const int *)y);
}

/* Issued on the same stream (from C: the same text; IR has none) */
static int samestream(const Node *x, const Node *y)
{
	const char *a = nodestream(x), *b = nodestream(y);
	return a == b || (a && b && !strcmp(a, b));
}

static int bucketable(const Node *n, int size)
{
	return colls[n->kind].buckets && n->form == BK_NONE && n->us < 0 && n->bytes > 0 &&
	       size > 1;
}

/* Is `to` reachable from any node marked in `from` (indices >= lo), walking edges backward
 * from `to`? Group order does not count: a rewrite rebuilds it. Too large a search says yes.
 * memo: from is the open bucket's members. A search that finds none marks what it visited
 * clean, and later searches for the bucket do not walk above a clean node again: a member
 * above it would also be above the member the search was for, and the two not independent.
 * So a bucket of many members costs a walk of each node once, not once per member. */
static int reaches(B *b, const char *from, int lo, int to, int memo)
{
	const Graph *g = b->g;
	b->gen++;
	int sp = 0, visited = 0;
	b->stack[sp++] = to;
	b->stamp[to] = b->gen;
	b->nseen = 0;
	while (sp) {
		const Node *n = &g->node[b->stack[--sp]];
		for (int d = 0; d < n->ndep; d++) {
			int p = n->dep[d].node;
			if (n->dep[d].kind == DEP_GROUP || p < lo || b->stamp[p] == b->gen)
				continue;
			if (from[p])
				return 1;
			if (memo && b->clean[p] == b->open)
				continue;
			if (++visited > SEARCH_LIMIT)
				return 1;
			b->stamp[p] = b->gen;
			b->stack[sp++] = p;
			b->seen[b->nseen++] = p;
		}
	}
	for (int k = 0; memo && k < b->nseen; k++)
		b->clean[b->seen[k]] = b->open;
	return 0;
}

/* Is there no path between x and any member m[0..nm) (marked in in[], program indices lo..hi)?
 * one[] is all clear, for marking x alone. */
static int independent(B *b, const char *in, char *one, const int *m, int nm, int lo, int hi, int x)
{
	if (reaches(b, in, lo < x ? lo : x, x, 1)) /* x depends on a member */
		return 0;
	if (hi < x)
		return 1;
	one[x] = 1;
	int dep = 0;
	for (int j = 0; j < nm && !dep; j++)
		if (m[j] > x)
			dep = reaches(b, one, x, m[j], 0); /* a member depends on x */
	one[x] = 0;
	return !dep;
}

/* The byte range an all-reduce member covers, if it is known. */
static int range(const Node *n, int *root, int64_t *off)
{
	if (n->nacc != 1 || n->acc[0].len == LEN_REST)
		return 0;
	*root = n->acc[0].root;
	*off = n->acc[0].off;
	return 1;
}

typedef struct {
	int64_t off, len;
} Span;

static int byoff(const void *x, const void *y)
{
	const Span *a = x, *b = y;
	return (a->off > b->off) - (a->off < b->off);
}

/* Are these all-reduces slices of one root, end to end? */
static int contiguous(Arena *scratch, const Graph *g, const int *m, int nm)
{
	Span *sp = auninit(scratch, (size_t)nm * sizeof *sp);
	int root0 = -1, ok = 1;
	for (int i = 0; i < nm && ok; i++) {
		int r = -1;
		ok = range(&g->node[m[i]], &r, &sp[i].off) && (i == 0 || r == root0);
		if (ok)
			sp[i].len = g->node[m[i]].acc[0].len;
		root0 = r;
	}
	if (ok)
		qsort(sp, (size_t)nm, sizeof *sp, byoff);
	for (int i = 1; i < nm && ok; i++)
		ok = sp[i - 1].off + sp[i - 1].len == sp[i].off;
	return ok;
}

/* The time a packed bucket's copies take on the compute stream, into its buffer (*in) and out
 * of it (*out): a copy per member, and per member and rank on the rank-major side (the one
 * that holds the count for each rank). */
static void packcost(const Target *t, NodeKind kind, int nm, int size, int64_t total, double *in,
		     double *out)
{
	double side = (double)total * size;
	*in = colls[kind].sendside == SIDE_ALL ? copycost(t, nm * size, side) :
						 copycost(t, nm, (double)total);
	*out = colls[kind].recvside == SIDE_ALL ? copycost(t, nm * size, side) :
						  copycost(t, nm, (double)total);
}

/* Bytes a packed bucket's buffer holds: the members' inputs and, when they are not in place,
 * the rank-major side too. */
static int64_t bufbytes(NodeKind kind, int64_t bytes, int size)
{
	return colls[kind].send == colls[kind].recv ? bytes : bytes * (1 + (int64_t)size);
}

/* The cheapest form for nm collectives like n of total bytes whose own times sum to sum, and
 * its time on the stream; *copy: on the compute stream. contig: the members are adjacent
 * all-reduces. bare: a member names no buffer, so there is nothing to pack. */
static BucketForm chooseform(B *b, const Node *n, int nm, int64_t total, double sum, int contig,
			     int bare, double *cost, double *copy)
{
	BucketForm force = b->bo->form;
	const Target *t = b->co->target;
	int size = b->size[n->group];
	double one = collcost(t, n->kind, total, size);
	if (contig) {
		*cost = one, *copy = 0;
		return BK_CONTIGUOUS;
	}
	double co = coalescedcost(t, n->kind, sum, nm, total, size), in, out;
	packcost(t, n->kind, nm, size, total, &in, &out);
	double pc = in + out;
	/* the buffer counts against the memory budget: packed only where it fits */
	int fits = !bare &&
		   (b->budget < 0 || b->peak + (double)bufbytes(n->kind, total, size) <= b->budget);
	if (fits && (force == BK_PACKED || (force != BK_COALESCED && one + pc < co))) {
		*cost = one, *copy = pc;
		return BK_PACKED;
	}
	*cost = co, *copy = 0;
	return BK_COALESCED;
}

/* What the schedule's simulation says of a bucket's members: the latest start, the earliest
 * begin on the stream, the earliest wait, their exposure and time on the stream, and whether
 * any was hidden. */
typedef struct {
	double issue, begin, need, exp, sum;
	int64_t bytes;
	int hidden;
	int bare; /* a member without accesses */
	int64_t count;
	int nacc;
} Agg;

static void aggadd(Agg *a, const SimEvent *e, const Node *n)
{
	double cost = n->cost;
	a->bytes += n->bytes;
	a->issue = fmax(a->issue, e->issue);
	a->begin = fmin(a->begin, e->begin);
	a->need = fmin(a->need, e->need);
	a->exp += e->waited;
	a->sum += cost;
	a->hidden |= e->waited <= 1e-9;
	a->bare |= n->nacc == 0;
	a->count += n->count;
	a->nacc += n->nacc;
}

/* Is one bucket of m[0..nm) worth it, and what would it save (*value, us)? It begins when its
 * last member was started (or the stream was free) and must end where its first member was
 * waited; it saves stream time and costs its copies. A bucket with a member the schedule hid
 * must stay hidden, and the stream time it saves shortens the step only on a busy stream.
 * *form: the form it would take. */
static int worth(B *b, const Agg *a, const Node *n, int nm, int contig, double *value,
		 BucketForm *form)
{
	double cost, copy;
	*form = chooseform(b, n, nm, a->bytes, a->sum, contig, a->bare, &cost, &copy);
	double exposed = fmax(0, fmax(a->issue, a->begin) + cost - a->need);
	double saved = a->sum - cost - copy;
	if (a->hidden) {
		int busy = b->busy[b->cls[n->group]] >= BUSY * b->makespan;
		*value = busy ? saved : 0;
		return exposed <= 1e-9 && saved > 1e-9;
	}
	*value = a->exp + saved - exposed;
	return *value > 1e-9;
}

/* Step 1: the buckets the schedule's simulation suggests, in the order their first members
 * start. */
static Bk *propose(B *b, const Sim *s, double cap, int *nbk)
{
	Graph *g = b->g;
	Arena *sa = b->scratch;
	/* the candidates in the order they start, each with its key: the first candidate alike
	 * (rep lists those), found in a hash table of the firsts (slot: rep index + 1). A
	 * collective is started once and waited once: twice the candidates fit in nstep slots. */
	int n = 0, *c = auninit(sa, ((size_t)g->nnode + 1) * sizeof *c);
	int *key = auninit(sa, ((size_t)g->nnode + 1) * sizeof *key),
	    *rep = auninit(sa, ((size_t)g->nnode + 1) * sizeof *rep), nrep = 0;
	uint32_t nslot = 16;
	while (nslot < (uint32_t)g->nstep)
		nslot *= 2;
	int *slot = aarray(sa, nslot, sizeof(int));
	for (int k = 0; k < g->nstep; k++) {
		const Node *x = &g->node[g->step[k].node];
		if (g->step[k].kind != ST_START || !bucketable(x, b->size[x->group]))
			continue;
		int i = n++;
		c[i] = g->step[k].node;
		const char *st = nodestream(x);
		uint32_t h = 2166136261u;
		int f[4] = {x->kind, x->group, x->dtype, x->op};
		for (int q = 0; q < 4; q++)
			h = (h ^ (uint32_t)f[q]) * 16777619u;
		for (; st && *st; st++)
			h = (h ^ (unsigned char)*st) * 16777619u;
		h = (h ^ (st != NULL)) * 16777619u;
		key[i] = i;
		for (h &= nslot - 1; slot[h]; h = (h + 1) & (nslot - 1)) {
			const Node *y = &g->node[c[rep[slot[h] - 1]]];
			if (x->kind == y->kind && x->group == y->group && x->dtype == y->dtype &&
			    x->op == y->op && samestream(x, y)) {
				key[i] = rep[slot[h] - 1];
				break;
			}
		}
		if (key[i] == i) {
			slot[h] = nrep + 1;
			rep[nrep++] = i;
		}
	}
	char *in = aarray(sa, (size_t)g->nnode + 1, 1), *one = aarray(sa, (size_t)g->nnode + 1, 1);
	int *m = auninit(sa, (size_t)(n + 1) * sizeof *m);
	Bk *bk = NULL;
	int nb = 0, capb = 0;
	/* each key's candidates in order: nxt[i], then -1 */
	int *nxt = auninit(sa, ((size_t)n + 1) * sizeof *nxt),
	    *lastof = auninit(sa, ((size_t)n + 1) * sizeof *lastof);
	for (int i = n - 1; i >= 0; i--) {
		nxt[i] = key[i] == i ? -1 : -2;
		if (key[i] == i)
			lastof[i] = i;
	}
	for (int i = 0; i < n; i++)
		if (key[i] != i) {
			nxt[lastof[key[i]]] = i;
			nxt[i] = -1;
			lastof[key[i]] = i;
		}
	for (int r = 0; r < nrep; r++) {
		int k0 = rep[r];
		int nm = 0;
		int lo = 0, hi = 0; /* the members' program indices */
		Agg agg = {0, INFINITY, INFINITY, 0, 0, 0, 0, 0, 0, 0};
		for (int i = k0;; i = nxt[i]) {
			int x = i >= 0 ? c[i] : -1;
			int add = 0;
			if (x >= 0 && nm > 0 && (double)(agg.bytes + g->node[x].bytes) <= cap) {
				int dep = !independent(b, in, one, m, nm, lo, hi, x);
				if (!dep) {
					/* as if not contiguous: that is known once the bucket is whole */
					Agg with = agg;
					aggadd(&with, &s->ev[x], &g->node[x]);
					double value;
					BucketForm form;
					add = worth(b, &with, &g->node[x], nm + 1, 0, &value,
						    &form);
				}
			}
			if (add) {
				m[nm++] = x;
				in[x] = 1;
				lo = x < lo ? x : lo;
				hi = x > hi ? x : hi;
				aggadd(&agg, &s->ev[x], &g->node[x]);
				continue;
			}
			if (nm > 1) {
				agrow(sa, &bk, &capb, nb + 1, sizeof *bk);
				Bk *nw = &bk[nb++];
				nw->m = auninit(sa, (size_t)nm * sizeof(int));
				memcpy(nw->m, m, (size_t)nm * sizeof(int));
				nw->nm = nm;
				nw->key = k0;
				nw->count = agg.count;
				nw->bytes = agg.bytes;
				nw->nacc = agg.nacc;
				qsort(nw->m, (size_t)nm, sizeof(int), byint);
				const Node *x0 = &g->node[m[0]];
				int contig = colls[x0->kind].send == colls[x0->kind].recv &&
					     contiguous(sa, g, m, nm);
				worth(b, &agg, x0, nm, contig, &nw->gain, &nw->form);
			}
			for (int q = 0; q < nm; q++)
				in[m[q]] = 0;
			nm = 0;
			b->open++; /* a bucket opens: what was clean for the last may not be */
			if (x < 0)
				break;
			m[nm++] = x;
			in[x] = 1;
			lo = hi = x;
			agg = (Agg){0, INFINITY, INFINITY, 0, 0, 0, 0, 0, 0, 0};
			aggadd(&agg, &s->ev[x], &g->node[x]);
		}
	}
	*nbk = nb;
	return bk;
}

/* What a rewrite and its schedule replace: to put back, or to keep. */
typedef struct {
	Node *node;
	int nnode, capnode;
	Step *step;
	int nstep, capstep;
	int *after; /* the node each prelude follows, then the barrier each hidden collective is in */
} Saved;

/* The node indices held outside the node array, which a rewrite renumbers. */
static int *noderef(Graph *g, int k)
{
	return k < g->nprelude ? &g->prelude[k].after : &g->hidden[k - g->nprelude].node;
}

/* sv->after is made in a the first time (the number of references does not change) */
static void save(Arena *a, Graph *g, Saved *sv)
{
	int nref = g->nprelude + g->nhidden;
	*sv = (Saved){g->node,
		      g->nnode,
		      g->capnode,
		      g->step,
		      g->nstep,
		      g->capstep,
		      sv->after ? sv->after : auninit(a, ((size_t)nref + 1) * sizeof(int))};
	for (int k = 0; k < nref; k++)
		sv->after[k] = *noderef(g, k);
}

static void restore(Graph *g, const Saved *sv)
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

/* The rewritten nodes: an array of the number counted, and their edges in one block, where
 * each node has room for the edges it can get. */
typedef struct {
	Node *node;
	int n;
	Dep *pool;
} Out;

static Node *emitnode(Out *o, const Node *from, int room)
{
	Node *n = &o->node[o->n++];
	*n = *from;
	n->dep = room ? o->pool : NULL;
	n->ndep = 0;
	n->capdep = room;
	o->pool += room;
	return n;
}

static Node chainnode(NodeKind kind, const char *name, int bucket, Loc loc)
{
	Node n = mknode(kind, loc);
	n.name = name;
	n.bucket = bucket;
	return n;
}

/* An edge appended: a bucket gathers its members' edges, and looking each up as adddep does
 * costs the square of their number. mergedeps then sorts them and merges each pair's. */
static void pushdep(Graph *g, Node *n, int from, int kind)
{
	agrow(g->arena, &n->dep, &n->capdep, n->ndep + 1, sizeof(Dep));
	n->dep[n->ndep++] = (Dep){from, kind};
}

static void mergedeps(Node *n)
{
	sortdeps(n);
	int k = 0;
	for (int d = 0; d < n->ndep; d++)
		if (k && n->dep[k - 1].node == n->dep[d].node)
			n->dep[k - 1].kind |= n->dep[d].kind;
		else
			n->dep[k++] = n->dep[d];
	n->ndep = k;
}

static void addacc_(Graph *g, Node *n, const Access *a, int mode)
{
	addacc(g, n, a->root, mode, a->off, a->len);
}

/* The graph contracted: each bucket one unit, other nodes their own; edges forward as lists
 * (first, succ), group order aside. */
typedef struct {
	int n, nu; /* nodes; units: nodes then buckets */
	int *unit, *prio, *indeg, *first, *succ;
} Units;

static Units units(Arena *a, const Saved *sv, const Bk *bk, int nbk)
{
	const Node *old = sv->node;
	int n = sv->nnode, nu = n + nbk;
	Units u = {n,
		   nu,
		   auninit(a, ((size_t)n + 1) * sizeof(int)),
		   auninit(a, ((size_t)nu + 1) * sizeof(int)),
		   aarray(a, (size_t)nu + 1, sizeof(int)),
		   auninit(a, (size_t)(nu + 1) * sizeof(int)),
		   NULL};
	for (int i = 0; i < n; i++)
		u.unit[i] = i, u.prio[i] = i;
	for (int k = 0; k < nbk; k++) {
		for (int j = 0; j < bk[k].nm; j++)
			u.unit[bk[k].m[j]] = n + k;
		u.prio[n + k] = bk[k].m[bk[k].nm - 1];
	}
	/* out-degrees counted in first[k + 1], then made offsets; the fill advances first[k] to
	 * first[k + 1], and the shift back restores it */
	int ne = 0;
	u.first[0] = 0;
	memset(u.first + 1, 0, (size_t)nu * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < old[i].ndep; d++) {
			int p = u.unit[old[i].dep[d].node];
			if (old[i].dep[d].kind != DEP_GROUP && p != u.unit[i])
				u.first[p + 1]++, u.indeg[u.unit[i]]++, ne++;
		}
	for (int k = 0; k < nu; k++)
		u.first[k + 1] += u.first[k];
	u.succ = auninit(a, ((size_t)ne + 1) * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < old[i].ndep; d++) {
			int p = u.unit[old[i].dep[d].node];
			if (old[i].dep[d].kind != DEP_GROUP && p != u.unit[i])
				u.succ[u.first[p]++] = u.unit[i];
		}
	for (int k = nu; k > 0; k--)
		u.first[k] = u.first[k - 1];
	u.first[0] = 0;
	return u;
}

/* The edges into the old node x moved onto n, which stands for x's unit u: from another unit,
 * and named as that unit's node now (into). */
static void moveedges(Graph *g, Node *n, const Node *x, int u, const int *unit, const int *into)
{
	for (int d = 0; d < x->ndep; d++) {
		int p = x->dep[d].node, kind = x->dep[d].kind & ~DEP_GROUP;
		if (kind && unit[p] != u)
			pushdep(g, n, into[p], kind);
	}
}

/* Rewrites the graph (saved in sv) with these buckets; see the top of the file. Temporaries
 * come from ta. Each new node is written whole as it is placed: the units before it are
 * placed, so its edges are known. Members of one bucket are independent, but buckets of
 * different keys may close a cycle between them (a member of A before one of B, another of B
 * before another of A): then some units are never placed, and it returns 0 with g as it was
 * (the nodes it wrote are in g's arena, which the trial drops). */
static int rewrite(B *b, Arena *ta, const Saved *sv, const Units *un, const Bk *bk)
{
	Graph *g = b->g;
	const Node *old = sv->node;
	int n = un->n, nu = un->nu;
	const int *unit = un->unit, *prio = un->prio, *first = un->first, *succ = un->succ;
	int *indeg = auninit(ta, ((size_t)nu + 1) * sizeof *indeg);
	memcpy(indeg, un->indeg, (size_t)nu * sizeof *indeg);
	/* Kahn's algorithm, program order first */
	Heap h = {.arena = ta};
	for (int u = 0; u < nu; u++)
		if (!indeg[u] && (u >= n || unit[u] == u))
			hpush(&h, prio[u], u);
	int *newix =
		auninit(ta, ((size_t)n + 1) * sizeof *newix); /* a member: its bucket's coll. */
	int *into = auninit(ta, ((size_t)n + 1) * sizeof *into); /* what an edge on it now names */
	int *last = auninit(ta, ((size_t)g->ngroup + 1) * sizeof *last); /* group order, anew */
	for (int k = 0; k < g->ngroup; k++)
		last[k] = -1;
	Vec(int) chained = {0}; /* packed chains read in: renumbered once all are placed */
	/* A unit's edges come in from other units (its in-degree), plus one: its group order, or
	 * its link in a packed chain; a packed collective has both. */
	int cap = 0, room = 0, left = 0; /* left: units to place */
	for (int u = 0; u < nu; u++)
		if (u >= n || unit[u] == u) {
			left++;
			int packed = u >= n && bk[u - n].form == BK_PACKED;
			cap += packed ? 5 : 1;
			room += un->indeg[u] + (packed ? 5 : 1);
		}
	Out o = {auninit(g->arena, ((size_t)cap + 1) * sizeof(Node)), 0,
		 auninit(g->arena, ((size_t)room + 1) * sizeof(Dep))};
	while (h.n) {
		int u = hpop(&h).node;
		left--;
		for (int e = first[u]; e < first[u + 1]; e++)
			if (--indeg[succ[e]] == 0)
				hpush(&h, prio[succ[e]], succ[e]);
		if (u < n) {
			newix[u] = into[u] = o.n;
			Node *x = emitnode(&o, &old[u], un->indeg[u] + 1);
			moveedges(g, x, &old[u], u, unit, into);
			if (iscollective(x->kind)) {
				if (last[x->group] >= 0)
					pushdep(g, x, last[x->group], DEP_GROUP);
				last[x->group] = newix[u];
			}
			mergedeps(x);
			if (old[u].bucket >= 0)
				vpush(ta, &chained, u);
			continue;
		}
		const Bk *k = &bk[u - n];
		const Node *m0 = &old[k->m[0]];
		int64_t bytes = k->bytes;
		int size = b->size[m0->group];
		int root = -1, ci = o.n;
		Node *pack = NULL, *unpack = NULL;
		if (k->form == BK_PACKED) {
			root = k->root;
			ci = o.n + 2;
			Node a = chainnode(N_ALLOC, NULL, ci, m0->loc);
			a.bytes = bufbytes(m0->kind, bytes, size);
			Node *x = emitnode(&o, &a, 0);
			addacc(g, x, root, ACC_WRITE, 0, LEN_REST);
			double tin, tout;
			packcost(b->co->target, m0->kind, k->nm, size, bytes, &tin, &tout);
			Node p = chainnode(N_COMPUTE, "dagcc.pack", ci, m0->loc);
			p.src = m0->src; /* its stream (emission prints the chain from the collective's) */
			p.us = tin;
			pack = emitnode(&o, &p, un->indeg[u] + 1);
			agrow(g->arena, &pack->acc, &pack->capacc, k->nm + 1, sizeof(Access));
			pushdep(g, pack, ci - 2, DEP_RAW); /* pack after alloc */
		}
		Node *c = emitnode(&o, m0, k->form == BK_PACKED ? 2 : un->indeg[u] + 1);
		c->count = k->count;
		c->bytes = bytes;
		c->form = k->form;
		c->nmember = k->nm;
		c->member = aalloc(g->arena, (size_t)k->nm * sizeof(Member));
		c->acc = NULL;
		c->nacc = c->capacc = 0;
		if (k->form == BK_PACKED) {
			addacc(g, c, root, ACC_READ | ACC_WRITE, 0, LEN_REST);
			pushdep(g, c, ci - 1, DEP_RAW);
			Node p = chainnode(N_COMPUTE, "dagcc.unpack", ci, m0->loc);
			double tin, tout;
			packcost(b->co->target, m0->kind, k->nm, size, bytes, &tin, &tout);
			p.src = m0->src; /* its stream (emission prints the chain from the collective's) */
			p.us = tout;
			unpack = emitnode(&o, &p, 1);
			agrow(g->arena, &unpack->acc, &unpack->capacc, k->nm + 1, sizeof(Access));
			addacc(g, unpack, root, ACC_READ, 0, LEN_REST);
			pushdep(g, unpack, ci, DEP_RAW);
			Node f = chainnode(N_FREE, NULL, ci, m0->loc);
			f.bytes = bufbytes(m0->kind, bytes, size);
			Node *x = emitnode(&o, &f, 1);
			addacc(g, x, root, ACC_WRITE, 0, LEN_REST);
			pushdep(g, x, ci + 1, DEP_WAR);
			mergedeps(x);
		} else if (k->form == BK_COALESCED) {
			agrow(g->arena, &c->acc, &c->capacc, k->nacc, sizeof(Access));
		}
		/* the members, each read once */
		int64_t lo = INT64_MAX;
		for (int j = 0; j < k->nm; j++) {
			const Node *x = &old[k->m[j]];
			c->member[j] = x->src ? (Member){x->count, x->src->call, x->src->send,
							 x->src->recv, x->loc} :
						(Member){.count = x->count, .loc = x->loc};
			newix[k->m[j]] = ci;
			into[k->m[j]] = pack ? ci + 1 : ci;
			moveedges(g, pack ? pack : c, x, u, unit, into);
			if (pack) {
				addacc_(g, pack, &x->acc[0], ACC_READ);
				addacc_(g, unpack, &x->acc[x->nacc - 1], ACC_WRITE);
			} else if (k->form == BK_CONTIGUOUS) {
				lo = x->acc[0].off < lo ? x->acc[0].off : lo;
			} else {
				for (int a = 0; a < x->nacc; a++)
					addacc_(g, c, &x->acc[a], x->acc[a].mode);
			}
		}
		if (pack) {
			addacc(g, pack, root, ACC_WRITE, 0, LEN_REST);
			mergedeps(pack);
			mergedeps(unpack);
		} else if (k->form == BK_CONTIGUOUS) {
			addacc(g, c, m0->acc[0].root, ACC_READ | ACC_WRITE, lo, bytes);
			for (int j = 0; j < k->nm;
			     j++) /* the member at the lowest offset comes first */
				if (old[k->m[j]].acc[0].off == lo) {
					Member t = c->member[0];
					c->member[0] = c->member[j];
					c->member[j] = t;
				}
		}
		if (last[c->group] >= 0)
			pushdep(g, c, last[c->group], DEP_GROUP);
		last[c->group] = ci;
		mergedeps(c);
	}
	if (left)
		return 0; /* a cycle */
	/* a packed chain read in names its collective: renumbered too (never a member itself) */
	for (int k = 0; k < chained.n; k++)
		o.node[newix[chained.a[k]]].bucket = newix[old[chained.a[k]].bucket];
	for (int k = 0; k < g->nprelude + g->nhidden; k++)
		if (sv->after[k] >= 0)
			*noderef(g, k) = newix[sv->after[k]];
	g->node = o.node;
	g->nnode = o.n;
	g->capnode = cap;
	g->step = NULL;
	g->nstep = g->capstep = 0;
	return 1;
}

/* Rewrites with these buckets, schedules, and returns the simulated makespan. Its temporaries
 * live in an arena of its own: trials are many. */
static double trial(B *b, const Saved *sv, const Bk *bk, int nbk, const SchedOpts *so)
{
	Arena *ta = arena_new();
	Units u = units(ta, sv, bk, nbk);
	int ok = rewrite(b, ta, sv, &u, bk);
	arena_free(ta);
	if (!ok)
		return INFINITY;
	fillcost(b->g, b->co);
	sched(b->g, b->cls, so);
	Sim s;
	simulate(b->g, b->g->step, b->g->nstep, b->cls, 0, &s);
	double t = s.makespan;
	if (b->budget >= 0 && s.peak > b->budget && s.peak > b->peak)
		t = INFINITY; /* over the memory budget */
	freesim(&s);
	return t;
}

int bucket(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so, const BucketOpts *bo)
{
	if (!(bo->cap > 0) || !g->step)
		return 0;
	Arena *scratch = arena_new();
	B b = {.g = g,
	       .co = co,
	       .cls = cls,
	       .bo = bo,
	       .budget = so->mem_budget,
	       .scratch = scratch};
	b.stamp = aarray(scratch, (size_t)g->nnode + 1, sizeof(int));
	b.stack = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
	b.clean = aarray(scratch, (size_t)g->nnode + 1, sizeof(int));
	b.seen = auninit(scratch, (SEARCH_LIMIT + 2) * sizeof(int));
	b.size = auninit(scratch, ((size_t)g->ngroup + 1) * sizeof(int));
	for (int k = 0; k < g->ngroup; k++)
		b.size[k] = groupsize(g, k, co);
	Sim s0;
	simulate(g, g->step, g->nstep, cls, 1, &s0);
	b.peak = s0.peak;
	b.makespan = s0.makespan;
	b.busy = aarray(scratch, (size_t)g->ngroup + 1, sizeof(double));
	for (int k = 0; k < g->ngroup; k++)
		b.busy[cls[k]] += s0.group[k].busy;
	int nbk;
	Bk *bk = propose(&b, &s0, bo->cap, &nbk);
	double best = s0.makespan;
	freesim(&s0);
	/* named now: a trial's arena does not last. A name the graph has (a bucket read in) takes
	 * a suffix: each buffer is its own root */
	for (int k = 0; k < nbk; k++) {
		bk[k].root = -1;
		for (int t = 0, had = g->nroot; bk[k].form == BK_PACKED && had == g->nroot; t++) {
			char name[64];
			if (t)
				snprintf(name, sizeof name, "<bucket %d.%d>", k, t);
			else
				snprintf(name, sizeof name, "<bucket %d>", k);
			had = g->nroot;
			bk[k].root = intern(g, &g->root, &g->nroot, name);
		}
	}
	Saved sv = {0}, best_sv = {0};
	save(scratch, g, &sv);
	/* keep a key's buckets when the makespan drops with them: they lie in key order. Each
	 * trial allocates in an arena of its own: the best one's becomes the graph's. */
	Arena *main = g->arena, *kept = NULL;
	Bk *keep = auninit(scratch, ((size_t)nbk + 1) * sizeof *keep);
	int nkeep = 0;
	for (int k = 0; k < nbk;) {
		int e = k;
		while (e < nbk && bk[e].key == bk[k].key)
			e++;
		double est = 0;
		for (int j = k; j < e; j++)
			est += bk[j].gain;
		if (est < MIN_GAIN * best) { /* not worth a schedule of the whole graph */
			k = e;
			continue;
		}
		memcpy(keep + nkeep, bk + k, (size_t)(e - k) * sizeof *bk);
		g->arena = arena_new();
		double t = trial(&b, &sv, keep, nkeep + e - k, so);
		if (t < best * (1 - 1e-9)) {
			best = t;
			nkeep += e - k;
			save(scratch, g, &best_sv);
			arena_free(kept);
			kept = g->arena;
		} else {
			arena_free(g->arena);
		}
		g->arena = main;
		restore(g, &sv);
		k = e;
	}
	if (kept) {
		restore(g, &best_sv);
		arena_adopt(main, kept);
	}
	arena_free(scratch);
	return nkeep;
}

int nbuckets(const Graph *g)
{
	int n = 0;
	for (int i = 0; i < g->nnode; i++)
		n += g->node[i].form != BK_NONE;
	return n;
}
