/* bucket.c - merging small collectives into buckets (bucket).
 *
 * Latency-bound collectives cost little more together than one alone, but a bucket starts only
 * when all its members could and must be waited where the first of them is needed, so merging
 * can expose communication the schedule had hidden. The pass therefore works from a schedule:
 *
 *   0. A schedule of the DAG alone. The schedule the driver made follows the writing where
 *      schedules tie (a stream of collectives binds, and many orders of the rest give its
 *      makespan), and buckets grown in its order would too. So the graph is put in a
 *      canonical order (canonrank: topological, the least shape first, as sched breaks
 *      ties) and scheduled again; proposals start from that schedule, rewrites keep that
 *      order, and it replaces the driver's where it is faster. Two writings of one DAG then
 *      try the same buckets. It costs a trial (see 3); a graph too large for one proposes
 *      from the driver's schedule in program order. Where trials are left after step 2, the
 *      driver's schedule proposes too, apart, and its buckets are kept (and refined from
 *      it) only where they end sooner: the result follows the writing only there.
 *   1. Propose. Take that schedule and its simulation. Walk the collectives of
 *      each (kind, group, dtype, op, stream) in the order they start and grow a bucket while
 *      the next one fits under the cap, depends on no member and no member on it (paths
 *      through the DAG, group order aside), and the estimate says the bucket is worth it: it
 *      begins when its last member was started, it must end before its first member was
 *      waited, and what it then exposes plus its copies must be less than its members'
 *      exposure plus the stream time it saves, without exposing more than the members did.
 *      Each bucket takes the cheapest form: contiguous (all-reduces of adjacent slices: one
 *      collective, no copies), packed (copies into a buffer of its own and out again, on the
 *      compute stream) or coalesced (one NCCL group).
 *   2. Keep what the simulator confirms. For each key in turn, rewrite the graph with its
 *      buckets and those kept so far, schedule it, simulate it, and keep the key's buckets only
 *      if the makespan drops.
 *   3. Refine the boundaries. The estimate of step 1 sees one bucket at a time, and grows it
 *      as long as it pays: a large bucket then waits for its last member, holding back the
 *      stream and the end of the step. Each round simulates the best graph so far and lists
 *      moves, the one on the most exposed wait first: split a bucket in two where its
 *      members' starts jump most, at half its bytes, or one member off either end; move its
 *      first member to the bucket of its key that starts before it, its last to the one
 *      after; and coalesce an exposed tail, the collectives of a key left out of every
 *      bucket whose waits are exposed (the last TAIL to start), into that key's last bucket
 *      or one of their own. A move is tried as step 2 tries a key (rewrite, schedule,
 *      simulate, the memory budget kept); the first that lowers the makespan is kept and a
 *      new round begins. A bucket whose moves all failed is left out of later rounds until
 *      a move on its stream class succeeds. The trials are counted: at most MAXTRIALS, and
 *      REFINEWORK in all as sched reckons a schedule's cost, so a graph of 100k nodes gets a
 *      few. Every change is kept only when the simulation confirms it, so the result is never
 *      slower than step 2's, nor than no buckets (the driver's schedule). Ties between
 *      equal start times go by canonical rank, not by place in the program.
 *
 * A rewrite contracts each bucket to one node (packed: the chain alloc, pack, collective,
 * unpack, free), orders the result topologically keeping the canonical order where it can (a
 * bucket stands where its last member does in it; nodes between its members that depend on one
 * move after it), moves every edge on a member to the bucket, and rebuilds group order in the
 * new program order. Members are pairwise independent, but two keys' buckets may still close a cycle
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
enum { MAXTRIALS = 64 }; /* the refinement's trials, at most */
#define REFINEWORK 4e6 /* and their work in all: schedwork, plus TRIALWORK a node */
#define TRIALWORK 4 /* rewrite, costs and simulation, as sched's nodes x groups */

typedef struct {
	int *m; /* member node indices, ascending */
	int nm;
	BucketForm form;
	int key;
	int root; /* packed: its buffer's root */
	double gain; /* us, estimated: what the bucket saves */
	int64_t count, bytes; /* the members' sums */
	int nacc;
	int moves, failed; /* refinement: the moves made of it, and those that failed */
} Bk;

typedef struct {
	Graph *g;
	const CostOpts *co;
	const int *cls;
	const BucketOpts *bo;
	Arena *scratch; /* the pass's: freed when it returns */
	int *stamp, gen; /* visited marks of the independence search (see reaches) */
	int *stack;
	int *clean, open; /* == open: no member of the open bucket is above p */
	int *seen, nseen; /* what a search visited */
	int *size; /* ranks per group */
	double peak, budget; /* bytes: the schedule's peak, the memory budget (< 0: none) */
	double *busy, makespan; /* us: each stream class's busy time, and the schedule's */
	int *rank; /* each node's place in the order rewrites keep (canonrank; else program order) */
	const BucketJudge *judge; /* what a scheduled graph is worth; NULL: its makespan */
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

/* A peeled loop's node (Node.guard) runs only where its loop ran a trip: never in a bucket */
static int bucketable(const Node *n, int size)
{
	return colls[n->kind].buckets && n->form == BK_NONE && n->us < 0 && n->bytes > 0 &&
	       size > 1 && !n->guard;
}

/* Whether n's d-th edge is group order a rewrite rebuilds: between two collectives of kinds
 * that bucket. Group order into or out of any other (a send or receive, whose order pairs it
 * with its peer's; an all_to_all) binds as data does: the rewrite keeps it. */
static int soft(const Node *node, const Node *n, int d)
{
	return n->dep[d].kind == DEP_GROUP && colls[n->kind].buckets &&
	       colls[node[n->dep[d].node].kind].buckets;
}

/* Is `to` reachable from any node marked in `from` (indices >= lo), walking edges backward
 * from `to`? Group order a rewrite rebuilds does not count (soft), and no order across a
 * barrier goes through it alone (filldeps, orderbarriers). Too large a search says yes.
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
			if (soft(g->node, n, d) || p < lo || b->stamp[p] == b->gen)
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
 * start; st[0..nst): the collectives in the order the schedule started them. */
static Bk *propose(B *b, const Sim *s, const int *st, int nst, double cap, int *nbk)
{
	Graph *g = b->g;
	Arena *sa = b->scratch;
	/* the candidates in the order they start, each with its key: the first candidate alike
	 * (rep lists those), found in a hash table of the firsts (slot: rep index + 1), of at
	 * least twice as many slots as candidates. */
	int n = 0, *c = auninit(sa, ((size_t)g->nnode + 1) * sizeof *c);
	int *key = auninit(sa, ((size_t)g->nnode + 1) * sizeof *key),
	    *rep = auninit(sa, ((size_t)g->nnode + 1) * sizeof *rep), nrep = 0;
	uint32_t nslot = 16;
	while (nslot < 2 * (uint32_t)nst)
		nslot *= 2;
	int *slot = aarray(sa, nslot, sizeof(int));
	for (int k = 0; k < nst; k++) {
		const Node *x = &g->node[st[k]];
		if (!bucketable(x, b->size[x->group]))
			continue;
		int i = n++;
		c[i] = st[k];
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
 * (first, succ), the group order the rewrite rebuilds aside (soft). */
typedef struct {
	int n, nu; /* nodes; units: nodes then buckets */
	int *unit, *prio, *indeg, *first, *succ;
} Units;

static Units units(Arena *a, const SavedNodes *sv, const Bk *bk, int nbk, const int *rank)
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
		u.unit[i] = i, u.prio[i] = rank[i];
	for (int k = 0; k < nbk; k++) {
		u.prio[n + k] = -1;
		for (int j = 0; j < bk[k].nm; j++) {
			u.unit[bk[k].m[j]] = n + k;
			if (rank[bk[k].m[j]] > u.prio[n + k])
				u.prio[n + k] = rank[bk[k].m[j]];
		}
	}
	/* out-degrees counted in first[k + 1], then made offsets; the fill advances first[k] to
	 * first[k + 1], and the shift back restores it */
	int ne = 0;
	u.first[0] = 0;
	memset(u.first + 1, 0, (size_t)nu * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < old[i].ndep; d++) {
			int p = u.unit[old[i].dep[d].node];
			if (!soft(old, &old[i], d) && p != u.unit[i])
				u.first[p + 1]++, u.indeg[u.unit[i]]++, ne++;
		}
	for (int k = 0; k < nu; k++)
		u.first[k + 1] += u.first[k];
	u.succ = auninit(a, ((size_t)ne + 1) * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < old[i].ndep; d++) {
			int p = u.unit[old[i].dep[d].node];
			if (!soft(old, &old[i], d) && p != u.unit[i])
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
static int rewrite(B *b, Arena *ta, const SavedNodes *sv, const Units *un, const Bk *bk, int *map)
{
	Graph *g = b->g;
	const Node *old = sv->node;
	int n = un->n, nu = un->nu;
	const int *unit = un->unit, *prio = un->prio, *first = un->first, *succ = un->succ;
	int *indeg = auninit(ta, ((size_t)nu + 1) * sizeof *indeg);
	memcpy(indeg, un->indeg, (size_t)nu * sizeof *indeg);
	/* Kahn's algorithm, the least rank first (program order, or canonrank's) */
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
			c->member[j] =
				x->src ?
					(Member){.count = x->count,
						 .call = x->src->call,
						 .send = x->src->send,
						 .recv = x->src->recv,
						 .loc = x->loc,
						 .copy = x->copy} :
					(Member){.count = x->count, .loc = x->loc, .copy = x->copy};
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
		/* in a loop's body, the bucket names the loop's variable (or a local the body
		 * declares) where a member does (emit/c.c) */
		int names = 0;
		for (int j = 0; j < k->nm && c->src; j++)
			names |= old[k->m[j]].src ? old[k->m[j]].src->namesvar : 0;
		if (c->src && (names & ~c->src->namesvar)) {
			NodeSrc *ns = aalloc(g->arena, sizeof *ns);
			*ns = *c->src;
			ns->namesvar |= names;
			c->src = ns;
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
	memcpy(map, newix, (size_t)n * sizeof *map);
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
	/* group order rebuilt may lead to a barrier from a node nothing else orders with it (IR
	 * whose barriers leave nodes unordered): that order binds, as in IR read in */
	orderbarriers(g);
	return 1;
}

/* Rewrites with these buckets, schedules, and returns the simulated makespan; map[old node]:
 * its node now (a member: its bucket's collective). Its temporaries live in an arena of its
 * own: trials are many. */
static double trial(B *b, const SavedNodes *sv, const Bk *bk, int nbk, const SchedOpts *so,
		    int *map)
{
	Arena *ta = arena_new();
	Units u = units(ta, sv, bk, nbk, b->rank);
	int ok = rewrite(b, ta, sv, &u, bk, map);
	arena_free(ta);
	if (!ok)
		return INFINITY;
	fillcost(b->g, b->co);
	sched(b->g, b->cls, so);
	Sim s;
	simulate(b->g, b->g->step, b->g->nstep, b->cls, 0, &s);
	double t = b->judge ? b->judge->worth(b->g, b->cls, b->judge->arg) : s.makespan;
	if (b->budget >= 0 && s.peak > b->budget && s.peak > b->peak)
		t = INFINITY; /* over the memory budget */
	freesim(&s);
	return t;
}

/* A canonical order of g: Kahn's algorithm taking the ready node of least shape (sched's: the
 * earliest it could start, the work right below it, a hash of what lies above and below), by
 * the edges a schedule keeps; only nodes the graph cannot tell apart go by program order. Two
 * writings of one DAG get the same order, so the graphs rewrites make in it, and their
 * schedules, do not follow the order the program was written in. rank[i]: i's place. */
static int *canonrank(B *b, const SchedOpts *so)
{
	const Graph *g = b->g;
	Arena *sa = b->scratch;
	int n = g->nnode, ne = 0;
	uint64_t *shape = auninit(sa, ((size_t)n + 1) * sizeof *shape);
	nodeshapes(g, so, shape, sa);
	int *indeg = aarray(sa, (size_t)n + 1, sizeof(int)),
	    *first = aarray(sa, (size_t)n + 2, sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < g->node[i].ndep; d++)
			if (!so->reorder || !reorderable(g, &g->node[i], &g->node[i].dep[d]))
				first[g->node[i].dep[d].node + 1]++, indeg[i]++, ne++;
	for (int i = 0; i < n; i++)
		first[i + 1] += first[i];
	int *succ = auninit(sa, ((size_t)ne + 1) * sizeof(int)),
	    *fill = auninit(sa, ((size_t)n + 1) * sizeof(int));
	memcpy(fill, first, (size_t)n * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < g->node[i].ndep; d++)
			if (!so->reorder || !reorderable(g, &g->node[i], &g->node[i].dep[d]))
				succ[fill[g->node[i].dep[d].node]++] = i;
	int *rank = auninit(sa, ((size_t)n + 1) * sizeof(int)), r = 0;
	Heap h = {.arena = sa, .tie = shape};
	for (int i = 0; i < n; i++)
		if (!indeg[i])
			hpush(&h, 0, i);
	while (h.n) {
		int i = hpop(&h).node;
		rank[i] = r++;
		for (int e = first[i]; e < first[i + 1]; e++)
			if (--indeg[succ[e]] == 0)
				hpush(&h, 0, succ[e]);
	}
	return rank; /* (edges form no cycle: the verifier said so) */
}

/* The schedule proposals start from, made from the DAG alone: the graph rewritten in canonical
 * order (no buckets), scheduled and simulated. *s: its simulation, events by old node; st: the
 * collectives by old node in the order it starts them, *nst of them. */
static void canonbase(B *b, const SavedNodes *sv, const SchedOpts *so, Sim *s, int *st, int *nst)
{
	Graph *g = b->g;
	Arena *main = g->arena, *ta = arena_new();
	g->arena = arena_new();
	int n = sv->nnode, *map = auninit(ta, ((size_t)n + 1) * sizeof *map);
	int *old = auninit(ta, ((size_t)n + 1) * sizeof *old);
	Units u = units(ta, sv, NULL, 0, b->rank);
	rewrite(b, ta, sv, &u, NULL, map); /* no buckets: no cycle */
	fillcost(g, b->co);
	sched(g, b->cls, so);
	simulate(g, g->step, g->nstep, b->cls, 1, s);
	for (int i = 0; i < n; i++)
		old[map[i]] = i;
	*nst = 0;
	for (int k = 0; k < g->nstep; k++)
		if (g->step[k].kind == ST_START)
			st[(*nst)++] = old[g->step[k].node];
	SimEvent *ev = xmalloc(((size_t)n + 1) * sizeof *ev);
	for (int i = 0; i < n; i++)
		ev[i] = s->ev[map[i]];
	free(s->ev);
	free(s->held); /* by node too, and not read here */
	s->ev = ev, s->held = NULL;
	arena_free(g->arena);
	arena_free(ta);
	g->arena = main;
	restorenodes(g, sv);
}

/* A packed bucket's buffer, a root of its own: named now, as a trial's arena does not last. A
 * name the graph has (a bucket read in) takes a suffix. */
static void nameroot(Graph *g, Bk *k, int ix)
{
	k->root = -1;
	for (int t = 0, had = g->nroot; k->form == BK_PACKED && had == g->nroot; t++) {
		char name[64];
		if (t)
			snprintf(name, sizeof name, "<bucket %d.%d>", ix, t);
		else
			snprintf(name, sizeof name, "<bucket %d>", ix);
		had = g->nroot;
		k->root = intern(g, &g->root, &g->nroot, name);
	}
}

/* The best rewrite so far, and the buckets it is made of. */
typedef struct {
	const SavedNodes *sv; /* the graph without buckets, which every trial rewrites */
	SavedNodes best; /* the best graph (sv's while nothing is kept) */
	Arena *kept; /* the arena of its nodes (NULL: sv's) */
	double ms; /* us: its makespan */
	int *map, *trymap; /* by old node: its node in the best graph, and in the last trial's */
	Bk *bk;
	int nbk, capbk;
	int named; /* packed buffers named */
	int trials; /* refinement trials left */
} Best;

/* Tries the graph with these buckets and keeps it when the makespan drops. */
static int attempt(B *b, Best *r, const Bk *bk, int nbk, const SchedOpts *so)
{
	Graph *g = b->g;
	Arena *main = g->arena;
	g->arena = arena_new();
	double t = trial(b, r->sv, bk, nbk, so, r->trymap);
	int won = t < r->ms * (1 - 1e-9);
	if (won) {
		r->ms = t;
		savenodes(b->scratch, g, &r->best);
		arena_free(r->kept);
		r->kept = g->arena;
		int *x = r->map;
		r->map = r->trymap;
		r->trymap = x;
		agrow(b->scratch, &r->bk, &r->capbk, nbk + 1, sizeof *bk);
		if (nbk)
			memcpy(r->bk, bk, (size_t)nbk * sizeof *bk);
		r->nbk = nbk;
	} else {
		arena_free(g->arena);
	}
	g->arena = main;
	restorenodes(g, r->sv);
	return won;
}

/* The order of keys (kind, group, dtype, op, stream); 0: the same bucket could hold x and y */
static int keycmp(const Node *x, const Node *y)
{
	int d[4] = {(int)x->kind - (int)y->kind, x->group - y->group, (int)x->dtype - (int)y->dtype,
		    (int)x->op - (int)y->op};
	for (int k = 0; k < 4; k++)
		if (d[k])
			return d[k] < 0 ? -1 : 1;
	const char *a = nodestream(x), *b = nodestream(y);
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	int c = strcmp(a, b);
	return (c > 0) - (c < 0);
}

/* A bucket of m[0..nm) (a copy is kept), its sums and its cheapest form. */
static Bk mkbk(B *b, Best *r, const int *m, int nm, int key)
{
	const Graph *g = b->g;
	Bk k = {auninit(b->scratch, (size_t)nm * sizeof(int)),
		nm,
		BK_NONE,
		key,
		-1,
		0,
		0,
		0,
		0,
		0,
		0};
	memcpy(k.m, m, (size_t)nm * sizeof(int));
	qsort(k.m, (size_t)nm, sizeof(int), byint);
	double sum = 0, cost, copy;
	int bare = 0;
	for (int j = 0; j < nm; j++) {
		const Node *x = &g->node[m[j]];
		k.count += x->count;
		k.bytes += x->bytes;
		k.nacc += x->nacc;
		sum += x->cost;
		bare |= x->nacc == 0;
	}
	const Node *x0 = &g->node[k.m[0]];
	int contig =
		colls[x0->kind].send == colls[x0->kind].recv && contiguous(b->scratch, g, k.m, nm);
	k.form = chooseform(b, x0, nm, k.bytes, sum, contig, bare, &cost, &copy);
	nameroot(b->g, &k, r->named++);
	return k;
}

/* May x join the bucket of m[0..nm): no path between x and a member? */
static int canjoin(B *b, char *in, char *one, const int *m, int nm, int x)
{
	int lo = m[0], hi = m[0];
	for (int j = 0; j < nm; j++) {
		in[m[j]] = 1;
		lo = m[j] < lo ? m[j] : lo;
		hi = m[j] > hi ? m[j] : hi;
	}
	b->open++;
	int ok = independent(b, in, one, m, nm, lo, hi, x);
	for (int j = 0; j < nm; j++)
		in[m[j]] = 0;
	return ok;
}

/* A change of the best's buckets to try: split bucket i at p (its members in start order),
 * move its member p to bucket j, or bucket exposed collectives of one key (into bucket j, or
 * a new one where j < 0). */
enum { MV_SPLIT, MV_MOVE, MV_TAIL };
typedef struct {
	double exp; /* us: the exposure it addresses; larger first */
	int ix; /* made in this order: the tie break */
	int kind, i, p, j;
	int lo, hi; /* tail: the collectives of the key, tail[lo..hi) */
} Move;

static int bymove(const void *x, const void *y)
{
	const Move *a = x, *b = y;
	if (a->exp != b->exp)
		return a->exp < b->exp ? 1 : -1;
	return (a->ix > b->ix) - (a->ix < b->ix);
}

typedef struct {
	double t;
	int x;
	const Node *n; /* bykey: the node whose key counts */
	int r; /* equal times: the smaller first (a node's rank, not its place in the program) */
} Start;

static int bystart(const void *x, const void *y)
{
	const Start *a = x, *b = y;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return (a->r > b->r) - (a->r < b->r);
}

/* by key, then start */
static int bykey(const void *x, const void *y)
{
	const Start *a = x, *b = y;
	int c = keycmp(a->n, b->n);
	return c ? c : bystart(x, y);
}

/* x[0..n) in the order they started (s0; at once: by rank), in place; tmp has room for n */
static int *startorder(const Sim *s0, const int *rank, int *x, int n, Start *tmp)
{
	for (int j = 0; j < n; j++)
		tmp[j] = (Start){s0->ev[x[j]].issue, x[j], NULL, rank[x[j]]};
	if (n > 1) /* (qsort may not be given a null array, even empty) */
		qsort(tmp, (size_t)n, sizeof *tmp, bystart);
	for (int j = 0; j < n; j++)
		x[j] = tmp[j].x;
	return x;
}

/* k's members in the order they started, in o */
static int *memberorder(const Sim *s0, const int *rank, const Bk *k, int *o, Start *tmp)
{
	memcpy(o, k->m, (size_t)k->nm * sizeof(int));
	return startorder(s0, rank, o, k->nm, tmp);
}

/* When k's first and last members started (s0) */
static void span(const Sim *s0, const Bk *k, double *t0, double *t1)
{
	*t0 = INFINITY, *t1 = -INFINITY;
	for (int j = 0; j < k->nm; j++) {
		*t0 = fmin(*t0, s0->ev[k->m[j]].issue);
		*t1 = fmax(*t1, s0->ev[k->m[j]].issue);
	}
}

/* Step 3: boundaries by simulation. One round simulates the best graph and lists the moves,
 * the most exposed first; the first the simulation confirms is kept and a new round begins.
 * It ends when a round keeps nothing or the trials run out. */
enum { TAIL = 64 };
static void refine(B *b, Best *r, const Sim *s0, const SchedOpts *so)
{
	Graph *g = b->g;
	Arena *sa = b->scratch;
	int n = g->nnode;
	char *in = aarray(sa, (size_t)n + 1, 1), *one = aarray(sa, (size_t)n + 1, 1);
	int *inbk = auninit(sa, ((size_t)n + 1) * sizeof(int));
	int *ord = auninit(sa, ((size_t)n + 1) * sizeof(int));
	int *m = auninit(sa, ((size_t)n + 1) * sizeof(int));
	int *tail = auninit(sa, ((size_t)n + 1) * sizeof(int)); /* exposed, in no bucket */
	Start *tmp = auninit(sa, ((size_t)n + 1) * sizeof *tmp);
	while (r->trials > 0) {
		/* the best's simulation; while nothing is kept, the schedule proposals start from
		 * (the best is then the graph given, and its schedule may follow the writing) */
		Sim own = {0}, *sb = (Sim *)s0;
		if (r->kept) {
			restorenodes(g, &r->best);
			simulate(g, g->step, g->nstep, b->cls, 1, &own);
			restorenodes(g, r->sv);
			sb = &own;
		}
		if (sb->exposed <= 1e-9) { /* nothing to hide */
			freesim(&own);
			break;
		}
		Vec(Move) mv = {0};
		/* the buckets by key, then first start: a bucket's neighbours are next to it */
		Start *bo = auninit(sa, ((size_t)r->nbk + 1) * sizeof *bo);
		for (int i = 0; i < r->nbk; i++) {
			double t1;
			span(s0, &r->bk[i], &bo[i].t, &t1);
			bo[i].x = bo[i].r = i;
			bo[i].n = &g->node[r->bk[i].m[0]];
		}
		if (r->nbk > 1) /* (qsort may not be given a null array, even empty) */
			qsort(bo, (size_t)r->nbk, sizeof *bo, bykey);
		for (int q = 0; q < r->nbk; q++)
			inbk[bo[q].x] = q; /* where each is in that order */
		for (int i = 0; i < r->nbk; i++) {
			Bk *k = &r->bk[i];
			int q = inbk[i];
			double e = sb->ev[r->map[k->m[0]]].waited;
			if (k->moves && k->failed == k->moves)
				continue; /* none helped, and it has not changed since */
			int nmv0 = mv.n;
			int *o = memberorder(s0, b->rank, k, ord, tmp), nm = k->nm;
			/* where the members' starts jump, half the bytes, one off either end */
			int pts[4] = {1, 1, nm - 1, 1}, npt = 4;
			for (int p = 1; p < nm; p++)
				if (s0->ev[o[p]].issue - s0->ev[o[p - 1]].issue >
				    s0->ev[o[pts[0]]].issue - s0->ev[o[pts[0] - 1]].issue)
					pts[0] = p;
			for (int64_t acc = g->node[o[0]].bytes;
			     pts[1] < nm - 1 && 2 * acc < k->bytes;)
				acc += g->node[o[pts[1]++]].bytes;
			for (int p = 0; p < npt; p++) {
				int dup = 0;
				for (int t = 0; t < p; t++)
					dup |= pts[t] == pts[p];
				if (!dup)
					vpush(sa, &mv,
					      ((Move){e, 0, MV_SPLIT, i, pts[p], -1, 0, 0}));
			}
			/* its first member to the bucket of its key before it, its last to the one
			 * after */
			if (q > 0 && !keycmp(bo[q - 1].n, bo[q].n))
				vpush(sa, &mv, ((Move){e, 0, MV_MOVE, i, 0, bo[q - 1].x, 0, 0}));
			if (q + 1 < r->nbk && !keycmp(bo[q + 1].n, bo[q].n))
				vpush(sa, &mv,
				      ((Move){e, 0, MV_MOVE, i, nm - 1, bo[q + 1].x, 0, 0}));
			k->moves = mv.n - nmv0, k->failed = 0;
		}
		/* the exposed tail: the last TAIL collectives to start that are in no bucket and
		 * whose waits are exposed, by key; each key's into its last bucket (the one whose
		 * last member starts last), or one of their own */
		for (int x = 0; x < n; x++)
			inbk[x] = 0;
		for (int i = 0; i < r->nbk; i++)
			for (int j = 0; j < r->bk[i].nm; j++)
				inbk[r->bk[i].m[j]] = 1;
		int nt = 0;
		for (int x = 0; x < n; x++) {
			const Node *y = &g->node[x];
			if (!inbk[x] && iscollective(y->kind) && bucketable(y, b->size[y->group]) &&
			    sb->ev[r->map[x]].waited > 1e-9)
				tail[nt++] = x;
		}
		startorder(s0, b->rank, tail, nt, tmp);
		int lo = nt > TAIL ? nt - TAIL : 0;
		nt -= lo;
		for (int t = 0; t < nt; t++)
			tmp[t] = (Start){s0->ev[tail[lo + t]].issue, tail[lo + t],
					 &g->node[tail[lo + t]], b->rank[tail[lo + t]]};
		if (nt > 1) /* (qsort may not be given a null array, even empty) */
			qsort(tmp, (size_t)nt, sizeof *tmp, bykey);
		for (int t = 0; t < nt; t++)
			tail[t] = tmp[t].x;
		for (int t = 0, q = 0; t < nt; t = q) {
			double e = 0;
			for (q = t; q < nt && !keycmp(&g->node[tail[q]], &g->node[tail[t]]); q++)
				e += sb->ev[r->map[tail[q]]].waited;
			int last = -1;
			double t0, t1, tl = -INFINITY;
			for (int j = 0; j < r->nbk; j++) {
				if (keycmp(&g->node[r->bk[j].m[0]], &g->node[tail[t]]))
					continue;
				span(s0, &r->bk[j], &t0, &t1);
				if (t1 > tl)
					tl = t1, last = j;
			}
			if (last >= 0)
				vpush(sa, &mv, ((Move){e, 0, MV_TAIL, -1, -1, last, t, q}));
			vpush(sa, &mv, ((Move){e, 0, MV_TAIL, -1, -1, -1, t, q}));
		}
		freesim(&own);
		for (int q = 0; q < mv.n; q++)
			mv.a[q].ix = q;
		if (mv.n > 1) /* (qsort may not be given a null array, even empty) */
			qsort(mv.a, (size_t)mv.n, sizeof *mv.a, bymove);
		int won = 0;
		for (int q = 0; q < mv.n && !won && r->trials > 0; q++) {
			/* the buckets with the move made: the changed ones at i (or j), a new one last */
			Bk *nb = auninit(sa, ((size_t)r->nbk + 2) * sizeof *nb);
			if (r->nbk)
				memcpy(nb, r->bk, (size_t)r->nbk * sizeof *nb);
			int nnb = r->nbk, drop = -1;
			const Move *v = &mv.a[q];
			if (v->kind == MV_SPLIT) {
				const Bk *k = &r->bk[v->i];
				int *o = memberorder(s0, b->rank, k, ord, tmp);
				drop = v->i;
				if (v->p > 1)
					nb[v->i] = mkbk(b, r, o, v->p, k->key), drop = -1;
				if (k->nm - v->p > 1)
					nb[nnb++] = mkbk(b, r, o + v->p, k->nm - v->p, k->key);
			} else if (v->kind == MV_MOVE) {
				const Bk *k = &r->bk[v->i], *kj = &r->bk[v->j];
				int *o = memberorder(s0, b->rank, k, ord, tmp), x = o[v->p];
				if ((double)(kj->bytes + g->node[x].bytes) > b->bo->cap ||
				    !canjoin(b, in, one, kj->m, kj->nm, x)) {
					r->bk[v->i].failed++;
					continue;
				}
				memcpy(m, kj->m, (size_t)kj->nm * sizeof(int));
				m[kj->nm] = x;
				nb[v->j] = mkbk(b, r, m, kj->nm + 1, kj->key);
				if (k->nm > 2)
					nb[v->i] = mkbk(b, r, v->p ? o : o + 1, k->nm - 1, k->key);
				else
					drop = v->i;
			} else {
				int nm = 0, added = 0;
				int64_t bytes = 0;
				if (v->j >= 0) {
					nm = r->bk[v->j].nm;
					memcpy(m, r->bk[v->j].m, (size_t)nm * sizeof(int));
					bytes = r->bk[v->j].bytes;
				}
				for (int t = v->hi - 1; t >= v->lo;
				     t--) { /* the last to start first */
					int x = tail[t];
					if ((double)(bytes + g->node[x].bytes) > b->bo->cap ||
					    (nm && !canjoin(b, in, one, m, nm, x)))
						continue;
					m[nm++] = x;
					bytes += g->node[x].bytes;
					added++;
				}
				if (!added || nm < 2)
					continue;
				if (v->j >= 0)
					nb[v->j] = mkbk(b, r, m, nm, r->bk[v->j].key);
				else
					nb[nnb++] = mkbk(b, r, m, nm, -1);
			}
			if (drop >= 0)
				nb[drop] = nb[--nnb];
			r->trials--;
			int c = b->cls[g->node[v->i >= 0 ? r->bk[v->i].m[0] : tail[v->lo]].group];
			won = attempt(b, r, nb, nnb, so);
			if (!won && v->i >= 0)
				r->bk[v->i].failed++;
			for (int j = 0; won && j < r->nbk; j++) /* its stream's buckets: anew */
				if (b->cls[g->node[r->bk[j].m[0]].group] == c)
					r->bk[j].moves = r->bk[j].failed = 0;
		}
		if (!won)
			break;
	}
}

/* Step 2: keep a key's buckets when the makespan drops with them: they lie in key order.
 * counted: each attempt takes a trial, and none is made once they are spent. */
static void keep(B *b, Best *r, const Bk *bk, int nbk, const SchedOpts *so, int counted)
{
	Bk *try = auninit(b->scratch, ((size_t)nbk + 1) * sizeof *try);
	for (int k = 0; k < nbk && (!counted || r->trials > 0);) {
		int e = k;
		while (e < nbk && bk[e].key == bk[k].key)
			e++;
		double est = 0;
		for (int j = k; j < e; j++)
			est += bk[j].gain;
		if (est >= MIN_GAIN * r->ms) { /* else not worth a schedule of the whole graph */
			if (r->nbk) /* r->bk is NULL until a bucket is kept */
				memcpy(try, r->bk, (size_t)r->nbk * sizeof *try);
			memcpy(try + r->nbk, bk + k, (size_t)(e - k) * sizeof *bk);
			r->trials -= counted;
			attempt(b, r, try, r->nbk + e - k, so);
		}
		k = e;
	}
}

/* Each stream class's busy time and the makespan of the schedule s, which worth() weighs */
static void busyof(B *b, const Sim *s, const int *cls)
{
	b->makespan = s->makespan;
	memset(b->busy, 0, ((size_t)b->g->ngroup + 1) * sizeof(double));
	for (int k = 0; k < b->g->ngroup; k++)
		b->busy[cls[k]] += s->group[k].busy;
}

int bucket(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so, const BucketOpts *bo)
{
	return bucketjudged(g, co, cls, so, bo, NULL);
}

int bucketjudged(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so,
		 const BucketOpts *bo, const BucketJudge *judge)
{
	if (!(bo->cap > 0) || !g->step)
		return 0;
	Arena *scratch = arena_new();
	B b = {.g = g,
	       .co = co,
	       .cls = cls,
	       .bo = bo,
	       .budget = so->mem_budget,
	       .scratch = scratch,
	       .judge = judge};
	b.stamp = aarray(scratch, (size_t)g->nnode + 1, sizeof(int));
	b.stack = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
	b.clean = aarray(scratch, (size_t)g->nnode + 1, sizeof(int));
	b.seen = auninit(scratch, (SEARCH_LIMIT + 2) * sizeof(int));
	b.size = auninit(scratch, ((size_t)g->ngroup + 1) * sizeof(int));
	for (int k = 0; k < g->ngroup; k++)
		b.size[k] = groupsize(g, k, co);
	int ncand = 0;
	for (int i = 0; i < g->nnode && ncand < 2; i++)
		ncand += iscollective(g->node[i].kind) &&
			 bucketable(&g->node[i], b.size[g->node[i].group]);
	if (ncand < 2) { /* no bucket to make: the schedule stays as it is */
		arena_free(scratch);
		return 0;
	}
	Sim given, s0;
	simulate(g, g->step, g->nstep, cls, 1, &given);
	b.peak = given.peak;
	double ms0 = judge ? judge->worth(g, cls, judge->arg) : given.makespan;
	SavedNodes sv = {0};
	savenodes(scratch, g, &sv);
	double work = schedwork(g, so) + TRIALWORK * g->nnode;
	int trials = work * MAXTRIALS <= REFINEWORK ? MAXTRIALS : (int)(REFINEWORK / work);
	/* Proposals start from a schedule of the DAG alone where a trial is left for it: the
	 * schedule given follows the writing where schedules tie (one stream binds, and many
	 * orders of the others give its makespan), and buckets grown in its order would too.
	 * Else (graphs too large for a trial) from the schedule given, in program order. */
	int nst = 0, *st = auninit(scratch, ((size_t)g->nstep + 1) * sizeof(int)), canon = 0;
	int ngst = 0, *gst = auninit(scratch, ((size_t)g->nstep + 1) * sizeof(int));
	for (int k = 0; k < g->nstep; k++)
		if (g->step[k].kind == ST_START)
			gst[ngst++] = g->step[k].node;
	if (trials > 0) {
		canon = 1;
		trials--;
		b.rank = canonrank(&b, so);
		canonbase(&b, &sv, so, &s0, st, &nst);
	} else {
		b.rank = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
		for (int i = 0; i < g->nnode; i++)
			b.rank[i] = i;
		memcpy(st, gst, (size_t)ngst * sizeof(int));
		nst = ngst;
		s0 = given;
	}
	b.busy = aarray(scratch, (size_t)g->ngroup + 1, sizeof(double));
	busyof(&b, &s0, cls);
	int nbk;
	Bk *bk = propose(&b, &s0, st, nst, bo->cap, &nbk);
	for (int k = 0; k < nbk; k++)
		nameroot(g, &bk[k], k);
	/* the makespan to beat is the schedule given's: never slower than without buckets */
	Best r = {.sv = &sv, .ms = ms0, .named = nbk};
	savenodes(scratch, g, &r.best);
	r.map = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
	r.trymap = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
	for (int i = 0; i < g->nnode; i++)
		r.map[i] = i;
	r.trials = trials;
	/* the DAG's own schedule is kept where it is faster than the one given, a start that does
	 * not follow the writing either */
	if (canon && (judge || s0.makespan < ms0 * (1 - 1e-9)) && r.trials > 0) {
		r.trials--;
		attempt(&b, &r, NULL, 0, so);
	}
	keep(&b, &r, bk, nbk, so, 0);
	/* Then, trials allowing, the buckets the schedule given proposes, apart (a member may be in
	 * a bucket of the first): they are kept, and refined from that schedule, only where they
	 * end sooner, so a writing whose schedule finds better buckets is not lost, and the
	 * result follows the writing only there. */
	const Sim *from = &s0;
	if (canon && r.trials > 0) {
		busyof(&b, &given, cls);
		int nbk2;
		Bk *bk2 = propose(&b, &given, gst, ngst, bo->cap, &nbk2);
		for (int k = 0; k < nbk2; k++)
			nameroot(g, &bk2[k], r.named + k);
		Best r2 = {.sv = &sv, .ms = ms0, .named = r.named + nbk2, .trials = r.trials};
		savenodes(scratch, g, &r2.best);
		r2.map = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
		r2.trymap = auninit(scratch, ((size_t)g->nnode + 1) * sizeof(int));
		for (int i = 0; i < g->nnode; i++)
			r2.map[i] = i;
		keep(&b, &r2, bk2, nbk2, so, 1);
		if (r2.ms < r.ms * (1 - 1e-9)) {
			arena_free(r.kept);
			r = r2;
			from = &given;
		} else {
			arena_free(r2.kept);
			r.trials = r2.trials;
			r.named = r2.named;
		}
	}
	refine(&b, &r, from, so);
	if (canon)
		freesim(&given);
	freesim(&s0);
	if (r.kept) {
		restorenodes(g, &r.best);
		arena_adopt(g->arena, r.kept);
	}
	arena_free(scratch);
	return r.nbk;
}

int nbuckets(const Graph *g)
{
	int n = 0;
	for (int i = 0; i < g->nnode; i++)
		n += g->node[i].form != BK_NONE;
	return n;
}
