/* sched.c - overlap scheduling (sched): where each collective starts and where it is waited.
 *
 * A list scheduler that simulates as it goes, in the spirit of Inductor's OverlapScheduler and
 * XLA's latency hiding scheduler. It fills the compute stream one node at a time and starts
 * each collective as early as its inputs, its start queue's order (a class's collectives, a
 * group's, or a group's sends or receives: streamof; program order unless an order is given,
 * see reorderable), the prefetch distance
 * (max_prefetch compute nodes ahead of its first consumer), the bytes in flight and the memory
 * budget allow; a collective is waited right before the first node that needs it. Among the
 * compute-stream nodes that are ready, it prefers frees (they return memory), then nodes whose
 * inputs have arrived, by the longest path from them to the end of the graph (bottom level,
 * communication included); it stalls on a wait only when nothing else can run, and then for
 * whatever arrives first. While a wait is exposed, every collective of other classes that can
 * start has already started. An allocation is placed only when the node it feeds could run
 * right after it, so prefetching costs exactly the memory the budget allows.
 *
 * sched() runs that list scheduler under several priority rules and start queues, and under
 * keys perturbed from a fixed seed (graphs of up to SEARCHNODES nodes); then, on graphs of up
 * to EAGERNODES, the rules again with eagerness (a stall for a collective that others of its
 * class hold back, where it is shorter than the node that would run) and local searches over
 * the best schedule's run order (a node with its ancestors moved earlier; two independent chains
 * swapped). Where a group's collectives may reorder, it also tries queue orders: the one each
 * rule's schedule made ready, two from the graph alone, and a local search over the best's; the
 * run-order local searches again with the queues following each try's run order (useorder);
 * and the rules with small collectives sent into idle stream time ahead of their queue's head
 * (jumpahead); last, an exact step over windows of the best's run order (exact.c). It keeps the
 * fastest in simulation, and takes the program as written where it is faster still. (inorder:
 * one list schedule in program order, no search.)
 *
 * That search runs on the graph renumbered, not in program order (schedshaped): in a
 * topological order made from the DAG alone (frugal's), and on graphs of up to EAGERNODES nodes
 * again in a critical-path-first one, the groups by name; the faster is kept. "Program order"
 * above is then that order's, and two writings of one DAG get one schedule.
 *
 * Where the p2p pass sets Graph.release and Graph.tail (a rank scheduled with what the other
 * ranks did in their joint simulation), a collective, send or receive begins no earlier than
 * its release, and the makespan every candidate is judged by is no shorter than each one's end
 * plus its tail (a send: what its receiver still runs after it; stepend), so a send that others
 * wait on is worth making early; the bottom levels count the tails too.
 *
 * Requires costs (fillcost) and stream classes (groupclasses). Leaves the schedule in g->step:
 * every non-collective once as a run, every collective once as a start and later once as a
 * wait. Deterministic: ties go by each node's shape (nodeshapes: what it is and what lies above and
 * below it), then by the renumbered order, so that two writings of one graph schedule alike;
 * only nodes the graph cannot tell apart go by program order. O((N + E) log N) a list
 * schedule. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

/* A set of small integers that finds the next member after any in a few word reads: a bit per
 * member, and above it levels of a bit per non-empty word below. */
typedef struct {
	uint64_t *w[6];
	int nw[6], nlev;
} Bits;

static void bitsinit(Arena *a, Bits *b, int n)
{
	b->nlev = 0;
	do {
		n = (n + 63) / 64;
		b->nw[b->nlev] = n;
		b->w[b->nlev++] = aarray(a, (size_t)n + 1, sizeof(uint64_t));
	} while (n > 1);
}

static void bset(Bits *b, int i)
{
	for (int l = 0; l < b->nlev; l++, i >>= 6)
		b->w[l][i >> 6] |= (uint64_t)1 << (i & 63);
}

static void bclear(Bits *b, int i)
{
	for (int l = 0; l < b->nlev; l++, i >>= 6)
		if ((b->w[l][i >> 6] &= ~((uint64_t)1 << (i & 63))))
			break;
}

/* the least member at level l that is at least i, or -1 */
static int bnextat(const Bits *b, int l, int i)
{
	if (l == b->nlev || (i >> 6) >= b->nw[l])
		return -1;
	uint64_t m = b->w[l][i >> 6] & (~(uint64_t)0 << (i & 63));
	if (m)
		return (i & ~63) + __builtin_ctzll(m);
	int up = bnextat(b, l + 1, (i >> 6) + 1);
	return up < 0 ? -1 : up * 64 + __builtin_ctzll(b->w[l][up]);
}

static int bnext(const Bits *b, int i)
{
	return bnextat(b, 0, i);
}

typedef struct {
	Graph *g;
	const int *cls;
	const int *q; /* each group's start queue: its class's, or its own */
	const SchedOpts *o;
	int n;
	unsigned char *kind; /* each node's, in a byte: the nodes themselves are far apart */
	int *soff, *sidx; /* successors, CSR */
	int *pend; /* predecessors not yet issued (run or started) */
	char *issued, *waited, *eligible, *queued;
	double *finish, *blevel;
	const double *key; /* the priority of compute-stream nodes; NULL: blevel */
	const uint64_t *tie; /* equal priorities: shape (nodeshapes), then program order */
	int *cidx; /* compute nodes before it in program order */
	int *firstuse; /* collectives: cidx of the first node that uses it */
	int **fifo, *nfifo, *head; /* by queue: its collectives in program order */
	int *inflight, nstarted,
		oldest; /* collectives in start order; those before oldest waited */
	int ninflight; /* started and not waited */
	int *flightcls, *flightgrp; /* ... by their group's class and by group */
	double inflightbytes;
	double t, mem; /* compute stream clock, bytes held */
	double *classfree;
	int ncomputed, nissued;
	Heap ready, blocked;
	int *deferred, ndeferred; /* allocations over the budget */
	int forced; /* a collective started past the prefetch distance: nothing else could run */
	/* classes whose next collective may start (its inputs issued, within the prefetch
	 * distance), and whose next one waits on an allocation; collectives held back by the
	 * prefetch distance alone, by the compute count that lets them start */
	Bits canstart, allocwait;
	Heap held;
	/* queues whose head waits on inputs while one behind it may be ready (jumpahead), where
	 * jumps are on (jumps); ordered: the queues follow an order given (a collective's queue
	 * stands for its group edges), the edges a reorder may break left out */
	Bits jump;
	int jumps, ordered;
	/* the schedule as written so far, simulated (sim.c's arithmetic, to the bit): the
	 * compute stream, each collective's end, each class's stream, bytes held and peak */
	double st, *send, *sfree, smem, speak;
} S;

static int iscoll(const S *s, int i)
{
	return iscollective((NodeKind)s->kind[i]);
}

/* A collective's start queue: its group's (q: its class's, or its own), or for a send or a
 * receive its group's stream of them (streamof's numbering) */
static int qof(const Graph *g, const int *q, const Node *n)
{
	int runs = colls[n->kind].runs;
	return runs == STREAM_COLL ? q[n->group] : runs * g->ngroup + n->group;
}

static void step(S *s, StepKind k, int node)
{
	addstep(s->g, k, node);
	const Node *n = &s->g->node[node];
	if (k == ST_START) {
		s->send[node] = runon(s->g, n, s->cls, s->sfree, s->st, NULL);
	} else if (k == ST_WAIT) {
		if (s->send[node] > s->st)
			s->st += s->send[node] - s->st;
	} else if (n->kind == N_COMPUTE || (n->kind == N_BARRIER && n->cost > 0)) {
		s->st += n->cost;
	} else if (n->kind == N_ALLOC || n->kind == N_FREE) {
		s->smem += n->kind == N_ALLOC ? (double)n->bytes : -(double)n->bytes;
		s->speak = fmax(s->speak, s->smem);
	}
}

static void wait(S *s, int c)
{
	if (s->waited[c])
		return;
	step(s, ST_WAIT, c);
	s->waited[c] = 1;
	s->t = fmax(s->t, s->finish[c]);
	s->ninflight--;
	s->flightcls[s->cls[s->g->node[c].group]]--;
	s->flightgrp[s->g->node[c].group]--;
	s->inflightbytes -= (double)s->g->node[c].bytes;
	while (s->oldest < s->nstarted && s->waited[s->inflight[s->oldest]])
		s->oldest++;
}

static int prefetchok(const S *s, int c)
{
	return s->o->max_prefetch < 0 || c == s->forced ||
	       s->ncomputed >= s->firstuse[c] - s->o->max_prefetch;
}

static void checkalloc(S *s, int a);

/* The head of class c changed, or its inputs were issued: where it now stands. */
static void headready(S *s, int c)
{
	if (s->head[c] >= s->nfifo[c])
		return;
	int x = s->fifo[c][s->head[c]];
	if (s->jumps && s->pend[x])
		bset(&s->jump, c);
	if (s->pend[x] == 0) {
		if (prefetchok(s, x))
			bset(&s->canstart, c);
		else
			hpush(&s->held, s->firstuse[x] - s->o->max_prefetch, x);
		return;
	}
	const Node *n = &s->g->node[x];
	for (int d = 0; d < n->ndep; d++)
		if (!s->issued[n->dep[d].node] && s->kind[n->dep[d].node] == N_ALLOC) {
			bset(&s->allocwait, c);
			if (s->ordered && s->pend[x] == 1) /* it waits on that alone now */
				checkalloc(s, n->dep[d].node);
		}
}

/* An allocation is worth placing once something it feeds waits on it alone. */
static void checkalloc(S *s, int a);

/* Frees first (they return memory), then allocations (placed only when a node waits on them
 * alone: they cost nothing and let a prefetch start), then the longest path to the end. */
static double prio(const S *s, int i)
{
	NodeKind k = (NodeKind)s->kind[i];
	return k == N_FREE ? INFINITY : k == N_ALLOC ? DBL_MAX : s->key ? s->key[i] : s->blevel[i];
}

/* queued: in the ready heap, the blocked heap or the deferred list */
static void enqueue(S *s, int i)
{
	Node *n = &s->g->node[i];
	if (s->queued[i] || s->issued[i] || iscoll(s, i))
		return;
	if (n->kind == N_ALLOC && !s->eligible[i])
		return;
	s->queued[i] = 1;
	hpush(&s->ready, prio(s, i), i);
}

/* Whether collective x heads its start queue: with queues in an order given, one behind
 * another in its queue does not wait on its allocation alone. */
static int athead(const S *s, int x)
{
	int q = qof(s->g, s->q, &s->g->node[x]);
	return s->head[q] < s->nfifo[q] && s->fifo[q][s->head[q]] == x;
}

static void checkalloc(S *s, int a)
{
	if (s->eligible[a] || s->issued[a])
		return;
	int any = s->soff[a] == s->soff[a + 1];
	for (int k = s->soff[a]; k < s->soff[a + 1] && !any; k++) {
		int x = s->sidx[k];
		any = s->pend[x] == 1 &&
		      (!iscoll(s, x) || (prefetchok(s, x) && (!s->ordered || athead(s, x))));
	}
	if (any) {
		s->eligible[a] = 1;
		if (s->pend[a] == 0)
			enqueue(s, a);
	}
}

/* i was run or started: its successors may become ready. */
static void issue(S *s, int i)
{
	s->issued[i] = 1;
	s->nissued++;
	for (int k = s->soff[i]; k < s->soff[i + 1]; k++) {
		int x = s->sidx[k];
		if (--s->pend[x] == 0) {
			enqueue(s, x);
			if (iscoll(s, x)) {
				int c = qof(s->g, s->q, &s->g->node[x]);
				if (s->head[c] < s->nfifo[c] && s->fifo[c][s->head[c]] == x)
					headready(s, c);
				else if (s->jumps)
					bset(&s->jump, c);
			}
		} else if (s->pend[x] == 1)
			for (int d = 0; d < s->g->node[x].ndep; d++) {
				int p = s->g->node[x].dep[d].node;
				if (!s->issued[p] && s->kind[p] == N_ALLOC)
					checkalloc(s, p);
			}
	}
}

/* The latest finish among the unwaited collectives a compute-stream node needs. */
static double needs(const S *s, int i)
{
	double t = 0;
	const Node *n = &s->g->node[i];
	for (int d = 0; d < n->ndep; d++) {
		int p = n->dep[d].node;
		if (iscoll(s, p) && !s->waited[p])
			t = fmax(t, s->finish[p]);
	}
	return t;
}

static void waitoldest(S *s);

static void run(S *s, int i)
{
	Node *n = &s->g->node[i];
	for (int d = 0; d < n->ndep; d++)
		if (iscoll(s, n->dep[d].node))
			wait(s, n->dep[d].node);
	if (n->kind == N_BARRIER) /* nothing moves across a barrier, waits included */
		while (s->ninflight)
			waitoldest(s);
	step(s, ST_RUN, i);
	if (n->kind == N_COMPUTE) {
		s->t += n->cost;
		s->ncomputed++;
	} else if (n->kind == N_ALLOC) {
		s->mem += (double)n->bytes;
	} else if (n->kind == N_FREE) {
		s->mem -= (double)n->bytes;
		for (int k = 0; k < s->ndeferred; k++)
			hpush(&s->ready, prio(s, s->deferred[k]), s->deferred[k]);
		s->ndeferred = 0;
	}
	issue(s, i);
	if (n->kind == N_COMPUTE && s->o->max_prefetch >= 0)
		/* the prefetch window moved: allocations feeding collectives may now be placed */
		for (int c = bnext(&s->allocwait, 0); c >= 0; c = bnext(&s->allocwait, c + 1)) {
			int x = s->head[c] < s->nfifo[c] ? s->fifo[c][s->head[c]] : -1, any = 0;
			for (int d = 0; x >= 0 && d < s->g->node[x].ndep; d++) {
				int p = s->g->node[x].dep[d].node;
				if (!s->issued[p] && s->kind[p] == N_ALLOC) {
					checkalloc(s, p);
					any = 1;
				}
			}
			if (!any)
				bclear(&s->allocwait, c);
		}
}

/* Whether collective n's d-th input is there once that collective started: it runs before n on
 * n's stream, or the edge is program order alone (the order the two are issued in). */
static int issued(const S *s, const Node *n, int d)
{
	return samegroupstream(&s->g->node[n->dep[d].node], n) || n->dep[d].kind == DEP_GROUP;
}

/* Whether collective x can start now, as startall starts it: its inputs from collectives on other
 * streams have arrived, and so has every collective, send and receive in flight on another group
 * of its group's class (its sends and receives too: groups that share ranks never overlap), and
 * the bytes in flight allow it. Where not, *unblock is lowered to the time waiting would let it. */
static int startable(S *s, int x, double *unblock)
{
	Node *n = &s->g->node[x];
	int gc = s->cls[n->group];
	double need = 0;
	for (int d = 0; d < n->ndep; d++) {
		int p = n->dep[d].node;
		if (iscoll(s, p) && !s->waited[p] && !issued(s, n, d))
			need = fmax(need, s->finish[p]);
	}
	int others = s->flightcls[gc] > s->flightgrp[n->group];
	for (int k = s->oldest; others && k < s->nstarted; k++) {
		int p = s->inflight[k];
		if (!s->waited[p] && s->cls[s->g->node[p].group] == gc &&
		    s->g->node[p].group != n->group)
			need = fmax(need, s->finish[p]);
	}
	int over = s->o->max_in_flight >= 0 && s->ninflight > 0 &&
		   s->inflightbytes + (double)n->bytes > s->o->max_in_flight;
	if (over) {
		*unblock = fmin(*unblock, s->finish[s->inflight[s->oldest]]);
		return 0;
	}
	if (need > s->t) {
		*unblock = fmin(*unblock, need);
		return 0;
	}
	return 1;
}

/* Starts queue q's head x (startable). */
static void start(S *s, int q, int x)
{
	Node *n = &s->g->node[x];
	int gc = s->cls[n->group];
	for (int d = 0; d < n->ndep; d++) {
		int p = n->dep[d].node;
		if (iscoll(s, p) && !issued(s, n, d))
			wait(s, p);
	}
	if (s->flightcls[gc] > s->flightgrp[n->group])
		for (int k = s->oldest; k < s->nstarted; k++) {
			int p = s->inflight[k];
			if (!s->waited[p] && s->cls[s->g->node[p].group] == gc &&
			    s->g->node[p].group != n->group)
				wait(s, p);
		}
	step(s, ST_START, x);
	s->finish[x] = runon(s->g, n, s->cls, s->classfree, s->t, NULL);
	s->inflight[s->nstarted++] = x;
	s->ninflight++;
	s->flightcls[gc]++;
	s->flightgrp[n->group]++;
	s->inflightbytes += (double)n->bytes;
	s->head[q]++;
	bclear(&s->canstart, q);
	headready(s, q);
	issue(s, x);
}

/* The earliest collective x, its inputs not all issued, could start: once the compute nodes it
 * waits on have run, one after another on the compute stream, and the collectives it waits on
 * have started (at least their cost) or arrived. A lower bound: it may start later. */
static double earliest(const S *s, int x)
{
	const Node *n = &s->g->node[x];
	double run = 0, t = s->t;
	for (int d = 0; d < n->ndep; d++) {
		int p = n->dep[d].node;
		if (s->ordered && reorderable(s->g, n, &n->dep[d]))
			continue; /* binds nothing */
		if (!s->issued[p] && s->kind[p] == N_COMPUTE)
			run += s->g->node[p].cost;
		else if (iscoll(s, p) && !s->issued[p])
			t = fmax(t, s->t + s->g->node[p].cost);
		else if (iscoll(s, p) && !s->waited[p] && !issued(s, n, d))
			t = fmax(t, s->finish[p]);
	}
	return fmax(t, s->t + run);
}

/* Small collectives into idle stream time: where queue q's head cannot start yet, the first
 * collective behind it (at most JUMP places) whose inputs are issued starts now if it would end
 * before any it passes could start (earliest), so it delays none of them on the stream; otherwise
 * it would wait its turn while the stream idles. Only where a group's collectives may reorder
 * (SchedOpts.reorder: not --keep-group-order, not a rank's own graph), never for sends and
 * receives; the one that starts is ready, so every edge that binds it is kept. Returns whether
 * one started. */
enum { JUMP = 4 };

static int jumpahead(S *s, int q)
{
	int h = s->head[q];
	if (h >= s->nfifo[q] || !s->pend[s->fifo[q][h]]) {
		bclear(&s->jump, q);
		return 0;
	}
	double before = INFINITY; /* the earliest any passed could start */
	for (int k = h; k < s->nfifo[q] && k <= h + JUMP; k++) {
		int y = s->fifo[q][k];
		const Node *n = &s->g->node[y];
		if (colls[n->kind].runs != STREAM_COLL)
			break;
		if (s->pend[y]) {
			before = fmin(before, earliest(s, y));
			continue;
		}
		double end = fmax(s->t, s->classfree[streamof(s->g, n, s->cls)]) + n->cost;
		double ub = INFINITY;
		if (end > before || !prefetchok(s, y) || !startable(s, y, &ub))
			break;
		memmove(&s->fifo[q][h + 1], &s->fifo[q][h], (size_t)(k - h) * sizeof(int));
		s->fifo[q][h] = y;
		start(s, q, y);
		return 1;
	}
	bclear(&s->jump, q);
	return 0;
}

/* Starts every collective that can start now. Returns the time at which waiting would let a
 * held-back one start (INFINITY if none). */
static double startall(S *s)
{
	double unblock = INFINITY;
	while (s->held.n && s->held.a[0].key <= s->ncomputed) {
		int x = hpop(&s->held).node, c = qof(s->g, s->q, &s->g->node[x]);
		if (!s->issued[x] && s->fifo[c][s->head[c]] == x)
			bset(&s->canstart, c);
	}
	for (int progress = 1; progress;) {
		progress = 0;
		for (int q = bnext(&s->canstart, 0); q >= 0; q = bnext(&s->canstart, q + 1)) {
			int x = s->head[q] < s->nfifo[q] ? s->fifo[q][s->head[q]] : -1;
			if (x < 0 || s->pend[x] || !prefetchok(s, x)) {
				bclear(&s->canstart, q);
				continue;
			}
			if (startable(s, x, &unblock)) {
				start(s, q, x);
				progress = 1;
			}
		}
		for (int q = bnext(&s->jump, 0); q >= 0 && !progress; q = bnext(&s->jump, q + 1))
			progress = jumpahead(s, q);
	}
	return unblock;
}

/* The oldest collective in flight that holds back a start, to wait for when nothing runs. */
static void waitoldest(S *s)
{
	if (s->ninflight)
		wait(s, s->inflight[s->oldest]);
}

/* Patience: a node that waits on a collective and comes before pick by priority is worth
 * stalling for when the stall is shorter than pick would run. Returns the node to run (pick
 * put back, or pick). */
static int stallfor(S *s, int pick)
{
	int b = -1, n = s->blocked.n;
	for (int k = 0; k < n; k++) {
		Item it = s->blocked.a[k];
		if (prio(s, it.node) > prio(s, pick) && it.key - s->t < s->g->node[pick].cost &&
		    (b < 0 || prio(s, it.node) > prio(s, s->blocked.a[b].node) ||
		     (prio(s, it.node) == prio(s, s->blocked.a[b].node) &&
		      (s->tie[it.node] != s->tie[s->blocked.a[b].node] ?
			       s->tie[it.node] < s->tie[s->blocked.a[b].node] :
			       it.node < s->blocked.a[b].node))))
			b = k;
	}
	if (b < 0)
		return pick;
	int x = s->blocked.a[b].node;
	Item *all = auninit(s->blocked.arena, (size_t)n * sizeof(Item));
	memcpy(all, s->blocked.a, (size_t)n * sizeof(Item));
	s->blocked.n = 0;
	for (int k = 0; k < n; k++)
		if (k != b)
			hpush(&s->blocked, all[k].key, all[k].node);
	hpush(&s->ready, prio(s, pick), pick);
	return x;
}

/* Whether allocation (or other node) i goes before j where nothing else tells them apart: the
 * longer path below, then shape, then program order. */
static int before(const S *s, int i, int j)
{
	if (s->blevel[i] != s->blevel[j])
		return s->blevel[i] > s->blevel[j];
	if (s->tie && s->tie[i] != s->tie[j])
		return s->tie[i] < s->tie[j];
	return i < j;
}

/* One list schedule with the priority key (NULL: the bottom level), into g->step; returns its
 * simulated makespan, and its peak in *peak. patient's bits: 1 patience (stallfor), 2 eagerness,
 * 4 jumps (jumpahead, where SchedOpts.reorder). */
static double greedy(Graph *g, const int *cls, const int *q, const SchedOpts *o,
		     const uint64_t *tie, const double *key, const int *order, int patient,
		     double *peak)
{
	S s = {.g = g,
	       .cls = cls,
	       .q = q,
	       .o = o,
	       .n = g->nnode,
	       .forced = -1,
	       .ordered = order != NULL,
	       .key = key,
	       .tie = tie};
	int n = g->nnode;
	Arena *scratch = arena_new();
	size_t nn = (size_t)n + 1, ng = (size_t)nstreams(g) + 1;
	s.soff = aarray(scratch, nn, sizeof(int));
	s.pend = aarray(scratch, nn, sizeof(int));
	s.issued = aarray(scratch, nn, 1);
	s.waited = aarray(scratch, nn, 1);
	s.eligible = aarray(scratch, nn, 1);
	s.queued = aarray(scratch, nn, 1);
	s.finish = aarray(scratch, nn, sizeof(double));
	s.blevel = aarray(scratch, nn, sizeof(double));
	s.cidx = aarray(scratch, nn, sizeof(int));
	s.firstuse = aarray(scratch, nn, sizeof(int));
	s.inflight = aarray(scratch, nn, sizeof(int));
	s.deferred = aarray(scratch, nn, sizeof(int));
	s.nfifo = aarray(scratch, ng, sizeof(int));
	s.head = aarray(scratch, ng, sizeof(int));
	s.fifo = aarray(scratch, ng, sizeof(int *));
	s.classfree = aarray(scratch, ng, sizeof(double));
	s.sfree = aarray(scratch, ng, sizeof(double));
	s.send = auninit(scratch, nn * sizeof(double));
	s.flightcls = aarray(scratch, ng, sizeof(int));
	s.flightgrp = aarray(scratch, ng, sizeof(int));
	s.ready = (Heap){.max = 1, .arena = scratch, .tie = tie};
	s.blocked = (Heap){.arena = scratch, .tie = tie};
	s.held = (Heap){.arena = scratch, .tie = tie};
	bitsinit(scratch, &s.canstart, nstreams(g) + 1);
	bitsinit(scratch, &s.allocwait, nstreams(g) + 1);
	bitsinit(scratch, &s.jump, nstreams(g) + 1);
	s.jumps = (patient & 4) && o->reorder;
	/* kinds, successors (CSR), pending counts, program-order compute indices, each class's
	 * collectives: the nodes read in as few passes as can be */
	s.kind = auninit(scratch, nn);
	int ncompute = 0;
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		s.kind[i] = (unsigned char)x->kind;
		s.cidx[i] = ncompute;
		ncompute += x->kind == N_COMPUTE;
		s.pend[i] = x->ndep;
		/* the path below is added next; a send's other ranks' rest (Graph.tail) too */
		s.blevel[i] = x->cost + (g->tail ? g->tail[i] : 0);
		for (int d = 0; d < x->ndep; d++)
			if (order && reorderable(g, x, &x->dep[d]))
				s.pend[i]--; /* the queue's order stands for it */
			else
				s.soff[x->dep[d].node + 1]++;
		if (iscollective(x->kind))
			s.nfifo[qof(g, s.q, x)]++;
	}
	for (int i = 0; i < n; i++)
		s.soff[i + 1] += s.soff[i];
	s.sidx = auninit(scratch, ((size_t)s.soff[n] + 1) * sizeof(int));
	for (int c = 0; c < nstreams(g); c++) {
		s.fifo[c] = auninit(scratch, ((size_t)s.nfifo[c] + 1) * sizeof(int));
		s.nfifo[c] = 0;
	}
	int *fill = aarray(scratch, nn, sizeof(int));
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		for (int d = 0; d < x->ndep; d++) {
			int p = x->dep[d].node;
			if (!order || !reorderable(g, x, &x->dep[d]))
				s.sidx[s.soff[p] + fill[p]++] = i;
		}
		if (iscollective(x->kind)) {
			int c = qof(g, s.q, x);
			s.fifo[c][s.nfifo[c]++] = i;
		}
	}
	if (order) { /* each queue in the order given (one its collectives' edges allow) */
		int nc = 0;
		for (int c = 0; c < nstreams(g); c++)
			nc += s.nfifo[c], s.nfifo[c] = 0;
		int *by = auninit(scratch, ((size_t)nc + 1) * sizeof(int));
		for (int i = 0; i < n; i++)
			if (iscollective(g->node[i].kind))
				by[order[i]] = i;
		for (int k = 0; k < nc; k++) {
			int c = qof(g, s.q, &g->node[by[k]]);
			s.fifo[c][s.nfifo[c]++] = by[k];
		}
	}
	/* bottom levels, and each collective's first use */
	for (int i = n - 1; i >= 0; i--) {
		double tail = 0;
		s.firstuse[i] = ncompute;
		for (int k = s.soff[i]; k < s.soff[i + 1]; k++) {
			tail = fmax(tail, s.blevel[s.sidx[k]]);
			if (s.cidx[s.sidx[k]] < s.firstuse[i])
				s.firstuse[i] = s.cidx[s.sidx[k]];
		}
		s.blevel[i] += tail;
	}
	int ncoll = 0;
	for (int c = 0; c < nstreams(g); c++)
		ncoll += s.nfifo[c];
	g->nstep = 0; /* a step per node and a second per collective: room for them at once */
	if (!g->step || g->capstep < n + ncoll) {
		g->capstep = n + ncoll;
		g->step = auninit(g->arena, (size_t)g->capstep * sizeof(Step));
	}
	for (int i = 0; i < n; i++) {
		if (s.kind[i] == N_ALLOC)
			checkalloc(&s, i);
		if (s.pend[i] == 0)
			enqueue(&s, i);
	}
	for (int c = 0; c < nstreams(g); c++)
		headready(&s, c);
	while (s.nissued < n) {
		double unblock = startall(&s);
		while (s.blocked.n && s.blocked.a[0].key <= s.t) {
			Item it = hpop(&s.blocked);
			hpush(&s.ready, prio(&s, it.node), it.node);
		}
		int pick = -1;
		while (s.ready.n && pick < 0) {
			int i = hpop(&s.ready).node;
			Node *nd = &g->node[i];
			double need = needs(&s, i);
			if (need > s.t)
				hpush(&s.blocked, need, i);
			else if (nd->kind == N_ALLOC && o->mem_budget >= 0 &&
				 s.mem + (double)nd->bytes > o->mem_budget)
				s.deferred[s.ndeferred++] = i;
			else
				pick = i;
		}
		if (pick >= 0 && (patient & 2) && s.kind[pick] == N_COMPUTE &&
		    unblock - s.t < g->node[pick].cost) {
			/* eagerness: a collective held back by others in flight is worth a stall
			 * shorter than pick would run; wait what arrives by then, pick goes back */
			for (int k = s.oldest; k < s.nstarted; k++)
				if (!s.waited[s.inflight[k]] && s.finish[s.inflight[k]] <= unblock)
					wait(&s, s.inflight[k]);
			hpush(&s.ready, prio(&s, pick), pick);
			continue;
		}
		if (pick >= 0) {
			if ((patient & 1) && s.kind[pick] == N_COMPUTE)
				pick = stallfor(&s, pick);
			run(&s, pick);
			continue;
		}
		/* nothing runs without stalling: stall for whatever comes first */
		double tb = s.blocked.n ? s.blocked.a[0].key : INFINITY;
		if (unblock <= tb && s.ninflight) { /* a start is worth more than a run */
			waitoldest(&s);
		} else if (s.blocked.n) {
			run(&s, hpop(&s.blocked).node);
		} else if (s.ndeferred) {
			/* the budget cannot be kept (only allocations are left): take the one with
			 * the most below it (ties by shape), not the earliest written */
			int best = 0;
			for (int k = 1; k < s.ndeferred; k++)
				if (before(&s, s.deferred[k], s.deferred[best]))
					best = k;
			int i = s.deferred[best];
			s.deferred[best] = s.deferred[--s.ndeferred];
			run(&s, i);
		} else if (s.ninflight) {
			waitoldest(&s);
		} else {
			/* what is left waits on allocations nobody asked for yet: the one with the
			 * most below it first (ties by shape) */
			int i = n;
			for (int k = 0; k < n; k++)
				if (!s.issued[k] && !s.pend[k] && !iscoll(&s, k) &&
				    (i == n || before(&s, k, i)))
					i = k;
			if (i < n) {
				s.eligible[i] = 1;
				run(&s, i);
				continue;
			}
			/* a collective the prefetch distance holds back heads its class's FIFO, and
			 * what is left needs one behind it (its own result may never be used): start
			 * the earliest such head now */
			for (int c = 0; c < nstreams(g); c++)
				if (s.head[c] < s.nfifo[c] && !s.pend[s.fifo[c][s.head[c]]] &&
				    (s.forced < 0 || s.fifo[c][s.head[c]] < s.forced))
					s.forced = s.fifo[c][s.head[c]];
			if (s.forced < 0)
				die("scheduler made no progress");
			bset(&s.canstart, qof(g, s.q, &g->node[s.forced]));
			startall(&s);
			if (!s.ninflight)
				die("scheduler made no progress");
			s.forced = -1;
		}
	}
	while (s.ninflight)
		waitoldest(&s);
	double ms = s.st;
	for (int c = 0; c < nstreams(g); c++)
		ms = fmax(ms, s.sfree[c]);
	ms = stepend(g, ms, s.send);
	*peak = s.speak;
	arena_free(scratch);
	return ms;
}

/* The search: list schedules under several priority rules, then under perturbations of the
 * best rule's keys, each simulated; the program as written is a candidate too, so the result
 * is never slower than it. Effort is counted in list schedules, never in time: graphs of more
 * than SEARCHNODES nodes get the bottom-level schedule and the program order alone, so large
 * graphs take what one pass takes; eagerness and the local search, which double what the
 * search tries, stop at EAGERNODES. A list schedule costs about nodes x groups, so graphs
 * where that passes SEARCHWORK are not searched either (the groups shape of bench/shapes.py,
 * 10000 nodes on 5000 groups, took 6 s to search). The perturbations come from each node's
 * shape and a fixed salt: the same graph gives the same schedule everywhere. */
enum { SEARCHNODES = 10000, EAGERNODES = 2500, SEARCHWORK = 1000000 };
/* branch nodes the exact step explores per unit of effort */
enum { EXACTBUDGET = 20000 };

typedef struct {
	Graph *g;
	const int *cls;
	const SchedOpts *o;
	const uint64_t *tie; /* each node's shape (nodeshapes) */
	Step *best;
	int nbest;
	double ms, peak; /* the best's makespan and peak */
	/* where a group's collectives may reorder: each collective's place in the order the
	 * best's queues follow (bestord, when hasord; else program order), and scratch */
	int reorder, hasord, *bestord, *ord, *pos;
	const int *ford; /* where collectives may reorder: a memory-frugal writing's queue order */
	struct Rank *rk;
	int *depth; /* where collectives may reorder: the most nodes on a path into each */
} Search;

/* Keeps g's schedule if it is faster than the best (within the memory budget, or no higher
 * than the best's peak); returns whether it was. */
static int consider(Search *x, double ms, double peak)
{
	Graph *g = x->g;
	int better = x->nbest == 0 || (ms < x->ms && (x->o->mem_budget < 0 ||
						      peak <= x->o->mem_budget || peak <= x->peak));
	if (better) {
		if (x->best != g->step)
			memcpy(x->best, g->step, (size_t)g->nstep * sizeof(Step));
		x->nbest = g->nstep;
		x->ms = ms;
		x->peak = peak;
	}
	return better;
}

typedef struct Rank {
	double k1, k2;
	uint64_t tie;
	int i;
} Rank;

/* by k1, then k2, then shape, then program order */
static int byranks(const void *a, const void *b)
{
	const Rank *x = a, *y = b;
	if (x->k1 != y->k1)
		return x->k1 < y->k1 ? -1 : 1;
	if (x->k2 != y->k2)
		return x->k2 < y->k2 ? -1 : 1;
	if (x->tie != y->tie)
		return x->tie < y->tie ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* The order in which schedule st made the collectives ready: by the step at which the last of
 * each one's inputs was run or started (the edges a reorder may break left out), then shape and
 * program order. A collective that depends on another is ready only after that one started, so the
 * queues can follow this order. */
static void readyorder(Search *x, const Step *st, int nst, int *ord)
{
	Graph *g = x->g;
	int n = g->nnode, nc = 0;
	for (int k = 0; k < nst; k++)
		if (st[k].kind != ST_WAIT)
			x->pos[st[k].node] = k;
	for (int i = 0; i < n; i++) {
		const Node *c = &g->node[i];
		if (!iscollective(c->kind))
			continue;
		int r = -1;
		for (int d = 0; d < c->ndep; d++)
			if (!reorderable(g, c, &c->dep[d]) && x->pos[c->dep[d].node] > r)
				r = x->pos[c->dep[d].node];
		x->rk[nc++] = (Rank){r, 0, x->tie[i], i};
	}
	qsort(x->rk, (size_t)nc, sizeof *x->rk, byranks);
	for (int k = 0; k < nc; k++)
		ord[x->rk[k].i] = k;
}

/* Queue orders from the graph alone: the collectives by the longest path into them (the
 * earliest they could start), or by the latest they could start and the critical path still
 * be met; ties by the other, then by the most nodes on a path into them, shape and program
 * order. The times only grow along a path and the count of nodes strictly (where costs of 0
 * leave the times equal), so the queues can follow them. */
static void staticorder(Search *x, int late, int *ord, Arena *a)
{
	Graph *g = x->g;
	int n = g->nnode, nc = 0;
	double *head = aarray(a, (size_t)n + 1, sizeof(double));
	double *tail = aarray(a, (size_t)n + 1, sizeof(double)), crit = 0;
	const int *depth = x->depth; /* sched's: made where queues reorder, as only then called */
	Rank *r = auninit(a, ((size_t)n + 1) * sizeof(Rank));
	for (int i = 0; i < n; i++) {
		const Node *c = &g->node[i];
		for (int d = 0; d < c->ndep; d++)
			if (!reorderable(g, c, &c->dep[d])) {
				int p = c->dep[d].node;
				head[i] = fmax(head[i], head[p] + g->node[p].cost);
			}
	}
	for (int i = n - 1; i >= 0; i--) {
		const Node *c = &g->node[i];
		tail[i] += c->cost;
		crit = fmax(crit, head[i] + tail[i]);
		for (int d = 0; d < c->ndep; d++)
			if (!reorderable(g, c, &c->dep[d]))
				tail[c->dep[d].node] = fmax(tail[c->dep[d].node], tail[i]);
	}
	/* ties by the most nodes on a path into it, which grows along every edge where costs of
	 * 0 leave the times equal, then shape */
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind)) {
			uint64_t t = (uint64_t)depth[i] << 40 | x->tie[i] >> 24;
			r[nc++] = late ? (Rank){crit - tail[i], head[i], t, i} :
					 (Rank){head[i], -tail[i], t, i};
		}
	qsort(r, (size_t)nc, sizeof *r, byranks);
	for (int k = 0; k < nc; k++)
		ord[r[k].i] = k;
}

/* Queue orders that follow a compute priority (key: higher runs first, as the list schedule
 * reads it): each collective by the highest key among the compute nodes that use it, through
 * collectives and other nodes that only pass it on, so that it starts in the turn of its
 * first user, and one with no input never holds its stream ahead of one the next compute
 * needs (the edges a reorder may break left out; ties by the longest path into it and the
 * most nodes on one, then shape). A collective's place is capped by those of the collectives
 * on a path into it: the order keeps every edge a schedule must keep, whatever the key (for
 * a run order, where an ancestor's key is higher, the cap changes nothing). tmp: room for 3n. */
static const int *useorder(Search *x, const double *key, double *tmp, int *ord)
{
	Graph *g = x->g;
	int n = g->nnode, nc = 0;
	double *use = tmp, *cap = tmp + n, *head = tmp + 2 * n;
	for (int i = 0; i < n; i++) {
		NodeKind k = g->node[i].kind;
		use[i] = k == N_COMPUTE || k == N_BARRIER ? key[i] : -INFINITY;
	}
	for (int i = n - 1; i >= 0; i--) {
		const Node *y = &g->node[i];
		for (int e = 0; e < y->ndep; e++) {
			int p = y->dep[e].node;
			NodeKind k = g->node[p].kind;
			if (!reorderable(g, y, &y->dep[e]) && k != N_COMPUTE && k != N_BARRIER)
				use[p] = fmax(use[p], use[i]);
		}
	}
	for (int i = 0; i < n; i++) {
		const Node *y = &g->node[i];
		cap[i] = INFINITY;
		head[i] = 0;
		for (int e = 0; e < y->ndep; e++)
			if (!reorderable(g, y, &y->dep[e])) {
				int p = y->dep[e].node;
				cap[i] = fmin(cap[i],
					      iscollective(g->node[p].kind) ? use[p] : cap[p]);
				head[i] = fmax(head[i], head[p] + g->node[p].cost);
			}
		if (iscollective(y->kind)) {
			use[i] = fmin(use[i], cap[i]);
			x->rk[nc++] = (Rank){-use[i], head[i],
					     (uint64_t)x->depth[i] << 40 | x->tie[i] >> 24, i};
		}
	}
	qsort(x->rk, (size_t)nc, sizeof *x->rk, byranks);
	for (int k = 0; k < nc; k++)
		ord[x->rk[k].i] = k;
	return ord;
}

/* One list schedule with queues in the order given (NULL: program order), kept if it is the
 * best; then, where collectives may reorder, up to again more, each with the queues in the
 * order the one before made them ready, while each is faster than the one before (a queue in
 * program order holds back collectives an independent chain makes ready early: two batches
 * written one after the other; each round frees more of them). Returns whether one was kept. */
static int attempt(Search *x, const int *q, const double *key, const int *order, int patient,
		   int again)
{
	double peak, ms = greedy(x->g, x->cls, q, x->o, x->tie, key, order, patient, &peak);
	int kept = consider(x, ms, peak);
	if (kept && order != x->bestord)
		x->hasord = order != NULL;
	if (kept && order && order != x->bestord)
		memcpy(x->bestord, order, (size_t)x->g->nnode * sizeof *order);
	if (!x->reorder || !again)
		return kept;
	for (int k = 0; k < again; k++) {
		double last = ms;
		readyorder(x, x->g->step, x->g->nstep, x->ord);
		ms = greedy(x->g, x->cls, q, x->o, x->tie, key, x->ord, patient, &peak);
		if (consider(x, ms, peak)) {
			memcpy(x->bestord, x->ord, (size_t)x->g->nnode * sizeof *x->ord);
			x->hasord = kept = 1;
		}
		if (!(ms < last))
			break;
	}
	return kept;
}

/* The longest path from each node to the end with compute costs weighted wc and
 * communication wm, less own cost weighted self: edges point backward, so one sweep. */
static void level(const Graph *g, double wc, double wm, double self, double *key, double *tail)
{
	int n = g->nnode;
	memset(tail, 0, (size_t)n * sizeof *tail);
	for (int i = n - 1; i >= 0; i--) {
		const Node *x = &g->node[i];
		double c = x->cost * (iscollective(x->kind) ? wm : x->kind == N_COMPUTE ? wc : 0);
		if (g->tail) /* what the other ranks do after it */
			tail[i] = fmax(tail[i], g->tail[i] * wm);
		key[i] = tail[i] + c * (1 - self);
		for (int d = 0; d < x->ndep; d++)
			tail[x->dep[d].node] = fmax(tail[x->dep[d].node], tail[i] + c);
	}
}

/* The program as written, simulated without writing its steps (sim.c's rules): a start and its
 * wait where the collective stands. */
static double asis(const Graph *g, const int *cls, double *free_at, double *peak)
{
	double t = 0, mem = 0, ms = 0;
	*peak = 0;
	memset(free_at, 0, (size_t)nstreams(g) * sizeof *free_at);
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if (iscollective(n->kind)) {
			double end = runon(g, n, cls, free_at, t, NULL);
			if (g->tail) /* stepend's */
				ms = fmax(ms, end + g->tail[i]);
			if (end > t)
				t += end - t;
		} else if (n->kind == N_COMPUTE || (n->kind == N_BARRIER && n->cost > 0)) {
			t += n->cost;
		} else if (n->kind == N_ALLOC) {
			mem += (double)n->bytes;
			*peak = fmax(*peak, mem);
		} else if (n->kind == N_FREE) {
			mem -= (double)n->bytes;
		}
	}
	ms = fmax(ms, t);
	for (int c = 0; c < nstreams(g); c++)
		ms = fmax(ms, free_at[c]);
	return ms;
}

/* Keys that feed the busiest collective stream first: a two-machine flow shop whose jobs are
 * that stream's collectives, each with the chain of compute that makes its input (its compute
 * ancestors not already made for a job before it) on the first machine and the collective on
 * the second. Johnson's rule orders the jobs: those whose chain is shorter than their
 * collective first, shortest chain first, then the rest, longest collective first; the chains
 * are counted again after each job is placed, since chains share nodes. A compute node's key
 * ranks it with the first job that needs it (within a job, by the bottom level, so a chain
 * runs along its longest path), and nodes no job needs come after every chain. The edges a
 * reorder may break are left out. Returns 0 where no stream has two collectives. O(J^2 N / 64)
 * for J jobs. */
static int johnson(const Search *x, const double *blevel, double *key, Arena *a)
{
	Graph *g = x->g;
	int n = g->nnode, ns = nstreams(g);
	double *busy = aarray(a, (size_t)ns + 1, sizeof *busy);
	int *count = aarray(a, (size_t)ns + 1, sizeof *count);
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind)) {
			busy[streamof(g, &g->node[i], x->cls)] += g->node[i].cost;
			count[streamof(g, &g->node[i], x->cls)]++;
		}
	int bs = 0;
	for (int c = 1; c < ns; c++)
		if (busy[c] > busy[bs])
			bs = c;
	if (ns == 0 || count[bs] < 2)
		return 0;
	int nj = 0, *job = auninit(a, ((size_t)count[bs] + 1) * sizeof *job);
	for (int i = 0; i < n; i++)
		if (iscollective(g->node[i].kind) && streamof(g, &g->node[i], x->cls) == bs)
			job[nj++] = i;
	/* each job's ancestors, as bits over the nodes */
	int nw = (n + 63) / 64;
	uint64_t *anc = aarray(a, (size_t)nj * nw + 1, sizeof *anc);
	uint64_t *covered = aarray(a, (size_t)nw + 1, sizeof *covered);
	int *stack = auninit(a, ((size_t)n + 1) * sizeof *stack);
	for (int j = 0; j < nj; j++) {
		uint64_t *m = anc + (size_t)j * nw;
		int sp = 0;
		stack[sp++] = job[j];
		while (sp) {
			const Node *y = &g->node[stack[--sp]];
			for (int e = 0; e < y->ndep; e++) {
				int p = y->dep[e].node;
				if (!(m[p >> 6] >> (p & 63) & 1) &&
				    !reorderable(g, y, &y->dep[e])) {
					m[p >> 6] |= (uint64_t)1 << (p & 63);
					stack[sp++] = p;
				}
			}
		}
	}
	int *jpos = auninit(a, ((size_t)n + 1) * sizeof *jpos);
	for (int i = 0; i < n; i++)
		jpos[i] = nj;
	char *placed = aarray(a, (size_t)nj + 1, 1);
	for (int k = 0; k < nj; k++) {
		int best = -1;
		double ba = 0, bb = 0;
		for (int j = 0; j < nj; j++) {
			if (placed[j])
				continue;
			const uint64_t *m = anc + (size_t)j * nw;
			double sa = 0;
			for (int w = 0; w < nw; w++)
				for (uint64_t b = m[w] & ~covered[w]; b; b &= b - 1) {
					const Node *y = &g->node[w * 64 + __builtin_ctzll(b)];
					if (y->kind == N_COMPUTE)
						sa += y->cost;
				}
			double sb = g->node[job[j]].cost;
			/* Johnson: first (a < b) before second; first by a up, second by b down;
			 * ties by shape */
			int first = sa < sb, bfirst = ba < bb, take = best < 0;
			if (!take && first != bfirst)
				take = first;
			else if (!take && first && sa != ba)
				take = sa < ba;
			else if (!take && !first && sb != bb)
				take = sb > bb;
			else if (!take && sa == ba && sb == bb)
				take = x->tie[job[j]] < x->tie[job[best]];
			if (take)
				best = j, ba = sa, bb = sb;
		}
		placed[best] = 1;
		const uint64_t *m = anc + (size_t)best * nw;
		for (int w = 0; w < nw; w++) {
			for (uint64_t b = m[w] & ~covered[w]; b; b &= b - 1)
				jpos[w * 64 + __builtin_ctzll(b)] = k;
			covered[w] |= m[w];
		}
	}
	double top = 0;
	for (int i = 0; i < n; i++)
		top = fmax(top, blevel[i]);
	for (int i = 0; i < n; i++)
		key[i] = (double)(nj - jpos[i]) * (2 * top + 1) + blevel[i];
	return 1;
}

/* Keys by phase: a node's phase is the most collectives on a path into it (edges a reorder may
 * break left out); earlier phases first, within one by the bottom level. Independent chains
 * then take turns between their collectives (two-batch overlap: one batch's compute while the
 * other's collective runs), however the program interleaves them. */
static void phases(const Search *x, const double *blevel, double *key, Arena *a)
{
	Graph *g = x->g;
	int n = g->nnode, *ph = aarray(a, (size_t)n + 1, sizeof *ph);
	double top = 0;
	for (int i = 0; i < n; i++) {
		const Node *y = &g->node[i];
		for (int e = 0; e < y->ndep; e++)
			if (!reorderable(g, y, &y->dep[e]))
				ph[i] = ph[i] > ph[y->dep[e].node] ? ph[i] : ph[y->dep[e].node];
		top = fmax(top, blevel[i]);
		ph[i] += iscollective(y->kind); /* what follows it is a phase later */
	}
	for (int i = 0; i < n; i++)
		key[i] = -(double)ph[i] * (2 * top + 1) + blevel[i];
}

/* The compute and barrier nodes in the order the best runs them; returns how many. */
static int runorder(const Search *x, int *ord)
{
	int nord = 0;
	for (int k = 0; k < x->nbest; k++) {
		NodeKind kd = x->g->node[x->best[k].node].kind;
		if (x->best[k].kind == ST_RUN && (kd == N_COMPUTE || kd == N_BARRIER))
			ord[nord++] = x->best[k].node;
	}
	return nord;
}

/* Marks i and its ancestors (seen[] = stamp) through nodes not run before place lo of the run
 * order (pos: each node's place, -1: not run there); returns how many marked are run there
 * (i not counted). stack: room for every node. */
static int ancestors(const Graph *g, int i, const int *pos, int lo, int *seen, int stamp,
		     int *stack)
{
	int sp = 0, n = 0;
	stack[sp++] = i;
	seen[i] = stamp;
	while (sp) {
		const Node *y = &g->node[stack[--sp]];
		for (int e = 0; e < y->ndep; e++) {
			int p = y->dep[e].node;
			if (seen[p] == stamp || (pos[p] >= 0 && pos[p] < lo))
				continue;
			seen[p] = stamp;
			stack[sp++] = p;
			n += pos[p] >= 0;
		}
	}
	return n;
}

/* runorder, and each node's place in it (pos; -1: not run on the compute stream) */
static int runplaces(const Search *x, int *ord, int *pos)
{
	int nord = runorder(x, ord);
	for (int i = 0; i < x->g->nnode; i++)
		pos[i] = -1;
	for (int k = 0; k < nord; k++)
		pos[ord[k]] = k;
	return nord;
}

/* Keys that make a list schedule run the compute stream in the best's order (ord: room for
 * the order). */
static void runkeys(const Search *x, int *ord, double *key)
{
	int nord = runorder(x, ord);
	for (int i = 0; i < x->g->nnode; i++)
		key[i] = 0;
	for (int j = 0; j < nord; j++)
		key[ord[j]] = nord - j;
}

/* Local search over the best schedule's compute order: its nodes ranked as they run are the
 * keys of a list schedule, and a move takes one node d places earlier in that ranking together
 * with its ancestors among the nodes it passes (a chain: alone it could not run before them),
 * those keeping their order; the nodes passed that it does not need keep theirs behind it (d =
 * 1: a swap of neighbours, or nothing where the one passed is its input). It re-runs the list
 * schedule and keeps the result where it is faster.
 * The list scheduler places the collectives, allocations and waits, so every try is a valid
 * schedule; what the moves reach is a run order the priority rules and their perturbations
 * miss (a short node that feeds a long collective, ahead of a longer one that only fills
 * time). First improvement: after a better schedule the order is read again from it and the
 * moves start over at the smallest distance. Effort is the number of list schedules tried;
 * stops early after a round of every move without improvement. The queues follow the best's
 * order, or (use) each try's run order (useorder). */
static void improve(Search *x, const int *q, int patient, int budget, double *key, int use,
		    Arena *a)
{
	Graph *g = x->g;
	int n = g->nnode, *ord = auninit(a, ((size_t)n + 1) * sizeof(int)), nord = 0;
	int *pos = auninit(a, ((size_t)n + 1) * sizeof(int)),
	    *seen = aarray(a, (size_t)n + 1, sizeof(int));
	int *stack = auninit(a, ((size_t)n + 1) * sizeof(int)), stamp = 0;
	double *ut = use ? auninit(a, (3 * (size_t)n + 1) * sizeof *ut) : NULL;
	int *uo = use ? auninit(a, ((size_t)n + 1) * sizeof *uo) : NULL;
	static const int dist[] = {1, 2, 3, 5, 8, 13, 21};
	int move = 0, tried = 0; /* the next move: distance dist[move / nord], at move % nord */
	while (budget > 0) {
		if (tried == 0) { /* (re)read the order from the best */
			nord = runplaces(x, ord, pos);
			if (nord < 2)
				return;
		}
		int nmove = (int)(sizeof dist / sizeof dist[0]) * nord;
		if (tried >= nmove)
			return; /* every move tried since the last improvement */
		int d = dist[move / nord], j = move % nord;
		move = (move + 1) % nmove;
		tried++;
		if (j < d)
			continue; /* no such move; costs nothing */
		/* ord[j]'s ancestors from j - d on (seen: stamp), through nodes not run */
		int nchain = ancestors(g, ord[j], pos, j - d, seen, ++stamp, stack);
		if (nchain == d)
			continue; /* it needs every node it passes: the order stands */
		budget--;
		for (int i = 0; i < n; i++)
			key[i] = 0;
		/* the chain to j - d, in its order; the nodes passed after it, in theirs */
		int at = j - d;
		for (int k = j - d; k <= j; k++)
			if (seen[ord[k]] == stamp)
				key[ord[k]] = nord - at++;
		for (int k = j - d; k < j; k++)
			if (seen[ord[k]] != stamp)
				key[ord[k]] = nord - at++;
		for (int k = 0; k < nord; k++)
			if (k < j - d || k > j)
				key[ord[k]] = nord - k;
		if (attempt(x, q, key,
			    use	      ? useorder(x, key, ut, uo) :
			    x->hasord ? x->bestord :
					NULL,
			    patient, 0))
			move = tried = 0;
	}
}

/* Local search over the best schedule's compute order, by whole chains: a move takes two adjacent
 * runs of that order with no path from the first into the second (A, the most nodes up to
 * ord[j - 1], at most CHAIN, none of them an ancestor of ord[j]; B, the most from ord[j] on, at
 * most CHAIN, none of them a descendant of A's) and runs B before A, each keeping its order: a
 * weight-gradient chain ahead of a forward chain it does not need, which improve, moving one node
 * and what it needs, reaches only a node at a time and each step alone may be slower. Every
 * swap keeps the graph's edges, and the list scheduler places the rest, so every try is a valid
 * schedule; kept where faster, first improvement as in improve. Effort is the number of list
 * schedules tried. The queues as improve's (use). */
enum { CHAIN = 32 };

static void swapchains(Search *x, const int *q, int patient, int budget, double *key, int use,
		       Arena *a)
{
	Graph *g = x->g;
	int n = g->nnode, *ord = auninit(a, ((size_t)n + 1) * sizeof(int)), nord = 0;
	int *pos = auninit(a, ((size_t)n + 1) * sizeof(int));
	int *seen = aarray(a, (size_t)n + 1, sizeof(int)), stamp = 0;
	int *stack = auninit(a, ((size_t)n + 1) * sizeof(int));
	/* successors, CSR */
	int *soff = aarray(a, (size_t)n + 2, sizeof(int)), ne = 0;
	for (int i = 0; i < n; i++)
		for (int d = 0; d < g->node[i].ndep; d++)
			soff[g->node[i].dep[d].node + 2]++, ne++;
	for (int i = 0; i < n; i++)
		soff[i + 2] += soff[i + 1];
	int *sidx = auninit(a, ((size_t)ne + 1) * sizeof(int));
	for (int i = 0; i < n; i++)
		for (int d = 0; d < g->node[i].ndep; d++)
			sidx[soff[g->node[i].dep[d].node + 1]++] = i;
	double *ut = use ? auninit(a, (3 * (size_t)n + 1) * sizeof *ut) : NULL;
	int *uo = use ? auninit(a, ((size_t)n + 1) * sizeof *uo) : NULL;
	int j = 1, tried = 0;
	while (budget > 0) {
		if (tried == 0) { /* (re)read the order from the best */
			nord = runplaces(x, ord, pos);
			if (nord < 2)
				return;
		}
		if (tried >= nord - 1)
			return; /* every move tried since the last improvement */
		tried++;
		int at = j, lo = j - CHAIN > 0 ? j - CHAIN : 0;
		j = j + 1 < nord ? j + 1 : 1;
		/* ord[at]'s ancestors from lo on, through nodes not run */
		ancestors(g, ord[at], pos, lo, seen, ++stamp, stack);
		int b = at; /* A: ord[b..at) */
		while (b > lo && seen[ord[b - 1]] != stamp)
			b--;
		if (b == at)
			continue; /* ord[at] needs the node before it: no such move; costs nothing */
		/* A's descendants up to CHAIN places past at (a node run later has only later
		 * descendants among those run) */
		int hi = at + CHAIN < nord ? at + CHAIN : nord, mark = ++stamp, sp = 0;
		for (int k = b; k < at; k++)
			seen[ord[k]] = mark, stack[sp++] = ord[k];
		while (sp) {
			int y = stack[--sp];
			for (int e = soff[y]; e < soff[y + 1]; e++) {
				int c = sidx[e];
				if (seen[c] != mark && !(pos[c] >= hi))
					seen[c] = mark, stack[sp++] = c;
			}
		}
		int end = at; /* B: ord[at..end) */
		while (end < hi && seen[ord[end]] != mark)
			end++;
		budget--;
		for (int i = 0; i < n; i++)
			key[i] = 0;
		for (int k = 0; k < nord; k++) { /* B then A, each in its order */
			int to = k < b || k >= end ? k : k >= at ? b + k - at : k + end - at;
			key[ord[k]] = nord - to;
		}
		if (attempt(x, q, key,
			    use	      ? useorder(x, key, ut, uo) :
			    x->hasord ? x->bestord :
					NULL,
			    patient, 0))
			j = 1, tried = 0;
	}
}

/* Local search over the order of the best's queues: a move takes a collective d places earlier
 * in its queue (a large collective that is not urgent then no longer holds back small ones
 * behind it), with the compute stream keyed to the best's run order; kept where faster, as
 * improve does. The queues follow one order of all the collectives, which must keep every
 * edge a schedule must keep (two queues' orders could otherwise close a cycle): so the
 * collective may not depend on any collective it passes, of its queue or another. */
static void reorderq(Search *x, const int *q, int patient, int budget, double *key, Arena *a)
{
	Graph *g = x->g;
	int n = g->nnode, nseq = 0, *seq = auninit(a, ((size_t)n + 1) * sizeof(int));
	int *run = auninit(a, ((size_t)n + 1) * sizeof(int));
	int *ord = auninit(a, ((size_t)n + 1) * sizeof(int));
	int *seen = aarray(a, (size_t)n + 1, sizeof(int)), stamp = 0;
	int *stack = auninit(a, ((size_t)n + 1) * sizeof(int));
	static const int dist[] = {1, 2, 3};
	int move = 0, tried = 0;
	while (budget > 0) {
		if (tried == 0) { /* (re)read the queues' order and the run order from the best */
			nseq = 0;
			for (int i = 0; i < n; i++)
				if (iscollective(g->node[i].kind))
					nseq++;
			for (int i = 0, k = 0; i < n; i++)
				if (iscollective(g->node[i].kind))
					seq[x->hasord ? x->bestord[i] : k++] = i;
			runkeys(x, run, key);
		}
		int nmove = (int)(sizeof dist / sizeof dist[0]) * nseq;
		if (nseq < 2 || tried >= nmove)
			return;
		int d = dist[move / nseq], j = move % nseq, c = seq[j], k = j;
		move = (move + 1) % nmove;
		tried++;
		for (int left = d; left > 0 && k >= 0; left--) /* the d-th earlier of c's queue */
			do
				k--;
			while (k >= 0 && qof(g, q, &g->node[seq[k]]) != qof(g, q, &g->node[c]));
		if (k < 0)
			continue; /* no such move; costs nothing */
		/* what c depends on through edges a schedule must keep */
		int sp = 0, ok = 1;
		stack[sp++] = c;
		seen[c] = ++stamp;
		while (sp) {
			const Node *y = &g->node[stack[--sp]];
			for (int e = 0; e < y->ndep; e++)
				if (seen[y->dep[e].node] != stamp &&
				    !reorderable(g, y, &y->dep[e])) {
					seen[y->dep[e].node] = stamp;
					stack[sp++] = y->dep[e].node;
				}
		}
		for (int m = k; m < j && ok; m++)
			ok = seen[seq[m]] != stamp;
		if (!ok)
			continue;
		budget--;
		for (int m = 0; m < nseq; m++) /* c moves to k; those from k on one later */
			ord[seq[m]] = m < k || m > j ? m : m == j ? k : m + 1;
		if (attempt(x, q, key, ord, patient, 0))
			move = tried = 0;
	}
}

static uint64_t mix(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebu;
	return h ^ (h >> 31);
}

static uint64_t strhash(const char *t)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (; t && *t; t++)
		h = (h ^ (unsigned char)*t) * 0x100000001b3u;
	return h;
}

/* Each node's shape, a hash of what it is (kind, name, cost, bytes, group, dtype, op) and of
 * the shapes above and below it (the multisets of its predecessors' and successors' shapes,
 * edges a reorder may break left out): two writings of one graph give each node the same
 * shape wherever it stands in the program, so ties broken by shape do not follow the order in
 * which the program was written. Only nodes the graph itself cannot tell apart tie; those go
 * to program order. */
void nodeshapes(const Graph *g, const SchedOpts *o, uint64_t *tie, Arena *a)
{
	int n = g->nnode;
	uint64_t *up = auninit(a, ((size_t)n + 1) * sizeof *up);
	uint64_t *below = aarray(a, (size_t)n + 1, sizeof *below);
	float *head = aarray(a, (size_t)n + 1, sizeof *head);
	float *maxb = aarray(a, (size_t)n + 1, sizeof *maxb),
	      *sumb = aarray(a, (size_t)n + 1, sizeof *sumb);
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		uint64_t c;
		memcpy(&c, &x->cost, sizeof c);
		uint64_t h = mix((uint64_t)x->kind * 0x9e3779b97f4a7c15u ^ strhash(x->name));
		h = mix(h ^ c) + mix((uint64_t)x->bytes ^ (uint64_t)x->dtype << 56);
		h = mix(h ^ (uint64_t)(x->op + 1) << 48 ^
			(x->group >= 0 ? strhash(g->group[x->group]) : 0));
		tie[i] = h; /* what it is alone, for now */
		uint64_t above = 0;
		for (int d = 0; d < x->ndep; d++)
			if (!o->reorder || !reorderable(g, x, &x->dep[d])) {
				int p = x->dep[d].node;
				above += mix(up[p]);
				head[i] = fmaxf(head[i], head[p] + (float)g->node[p].cost);
			}
		up[i] = mix(h + above);
	}
	for (int i = n - 1; i >= 0; i--) {
		const Node *x = &g->node[i];
		uint64_t down = mix(tie[i] + below[i] + 0x632be59bd9b4e019u);
		float bl = maxb[i] + (float)x->cost;
		for (int d = 0; d < x->ndep; d++)
			if (!o->reorder || !reorderable(g, x, &x->dep[d])) {
				int p = x->dep[d].node;
				below[p] += mix(down);
				maxb[p] = fmaxf(maxb[p], bl);
				sumb[p] += bl;
			}
		/* the earliest it could start first (a nonnegative float's bits rank as it
		 * does), then the most work waiting right below it (its successors' bottom
		 * levels, summed, to 3 digits), then the hash */
		uint32_t hb, sb;
		memcpy(&hb, &head[i], sizeof hb);
		memcpy(&sb, &sumb[i], sizeof sb);
		tie[i] = (uint64_t)hb << 32 | (uint64_t)(~sb >> 16 & 0xffff) << 16 |
			 mix(up[i] ^ (down << 17 | down >> 47)) >> 48;
	}
}

/* The peak of temporaries in a memory-frugal order of g computed from the DAG alone: the
 * reference of a memory budget given as a percentage (`--mem-budget P%`), so that two writings
 * of one DAG get one budget. The order issues every ready node that allocates nothing
 * (compute, collectives, barriers, frees) before any allocation, so each buffer is freed right
 * after its last user and allocated only when nothing else can run, as a careful writer places
 * them; of the allocations ready it takes the one whose first compute descendant could start
 * earliest (the longest path of compute into it: the buffer the work at hand needs next), and
 * the other nodes by the longest path of compute into them, ties by shape. Only the
 * allocations' order changes the peak. Where a group's collectives may reorder (reorder), their
 * program-order edges are left out. The order itself, into seq where given, gives sched one
 * more start-queue order from the graph alone, and the order it searches the graph in
 * (schedshaped); critical: the other nodes by the longest path below them instead, every cost
 * counted, the longest first (a second such order). O((N + E) log N). */
static double frugal(const Graph *g, int reorder, int critical, const uint64_t *shape, int *seq)
{
	int n = g->nnode;
	Arena *a = arena_new();
	const uint64_t *tie = shape;
	/* one pass over the nodes, then compact arrays only: each node's kind, what it adds to
	 * the longest path of compute (its cost, if compute), the bytes it takes (an
	 * allocation) or gives back (a free), and the edges a reorder may not break */
	char *kind = auninit(a, (size_t)n + 1);
	double *path = auninit(a, ((size_t)n + 1) * sizeof *path),
	       *held = auninit(a, ((size_t)n + 1) * sizeof *held);
	int *soff = aarray(a, (size_t)n + 2, sizeof *soff),
	    *pend = aarray(a, (size_t)n + 1, sizeof *pend),
	    *poff = auninit(a, ((size_t)n + 2) * sizeof *poff);
	int npred = 0;
	for (int i = 0; i < n; i++)
		npred += g->node[i].ndep;
	int *pred = auninit(a, ((size_t)npred + 1) * sizeof *pred);
	double *head = aarray(a, (size_t)n + 1, sizeof *head);
	double *first = auninit(a, ((size_t)n + 1) * sizeof *first);
	npred = 0;
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		kind[i] = (char)x->kind;
		path[i] = x->kind == N_COMPUTE ? x->cost : 0;
		held[i] = x->kind == N_ALLOC ? (double)x->bytes :
			  x->kind == N_FREE  ? -(double)x->bytes :
					       0;
		poff[i] = npred;
		for (int d = 0; d < x->ndep; d++) {
			if (reorder && reorderable(g, x, &x->dep[d]))
				continue;
			int p = x->dep[d].node;
			pred[npred++] = p;
			pend[i]++;
			soff[p + 1]++;
			head[i] = fmax(head[i], head[p] + path[p]);
		}
	}
	poff[n] = npred;
	for (int i = 0; i < n; i++)
		soff[i + 1] += soff[i];
	int *sidx = auninit(a, ((size_t)soff[n] + 1) * sizeof *sidx);
	int *fill = aarray(a, (size_t)n + 1, sizeof *fill);
	for (int i = 0; i < n; i++)
		for (int k = poff[i]; k < poff[i + 1]; k++)
			sidx[soff[pred[k]] + fill[pred[k]]++] = i;
	/* the earliest start of each node's first compute descendant (itself, if compute) */
	for (int i = n - 1; i >= 0; i--) {
		first[i] = INFINITY;
		if (kind[i] == N_COMPUTE) {
			first[i] = head[i];
			continue;
		}
		for (int k = soff[i]; k < soff[i + 1]; k++)
			first[i] = fmin(first[i], first[sidx[k]]);
	}
	for (int i = 0; i < n; i++)
		if (kind[i] != N_ALLOC)
			first[i] = head[i];
	if (critical) { /* the longest path below first, every cost counted */
		double *bl = aarray(a, (size_t)n + 1, sizeof *bl);
		for (int i = n - 1; i >= 0; i--) {
			double m = 0;
			for (int k = soff[i]; k < soff[i + 1]; k++)
				m = fmax(m, bl[sidx[k]]);
			bl[i] = m + g->node[i].cost;
			if (kind[i] != N_ALLOC)
				first[i] = -bl[i];
		}
	}
	/* the other nodes by the earliest they could start, then shape: only the order of the
	 * collectives (ord) depends on it, not the peak */
	Heap allocs = {.arena = a, .tie = tie}, other = {.arena = a, .tie = tie};
	for (int i = 0; i < n; i++)
		if (pend[i] == 0)
			hpush(kind[i] == N_ALLOC ? &allocs : &other, first[i], i);
	double mem = 0, peak = 0;
	for (int done = 0; done < n; done++) {
		int i = other.n ? hpop(&other).node : hpop(&allocs).node;
		if (seq)
			seq[done] = i;
		mem += held[i];
		peak = fmax(peak, mem);
		for (int k = soff[i]; k < soff[i + 1]; k++)
			if (--pend[sidx[k]] == 0) {
				int y = sidx[k];
				hpush(kind[y] == N_ALLOC ? &allocs : &other, first[y], y);
			}
	}
	arena_free(a);
	return peak;
}

double frugalpeak(const Graph *g, int reorder, uint64_t *shape)
{
	Arena *a = arena_new();
	uint64_t *t = shape ? shape : auninit(a, ((size_t)g->nnode + 1) * sizeof *t);
	nodeshapes(g, &(SchedOpts){.reorder = reorder}, t, a);
	double peak = frugal(g, reorder, 0, t, NULL);
	arena_free(a);
	return peak;
}

/* About what sched costs on g, in nodes x groups: one list schedule's work times the number it
 * tries (the searches above). Passes that schedule many times (bucket) budget with it. */
double schedwork(const Graph *g, const SchedOpts *o)
{
	int n = g->nnode;
	double one = (double)n * (g->ngroup + 1), runs = 2; /* the greedy and the program's */
	if (o->effort > 0 && n <= SEARCHNODES && one <= SEARCHWORK)
		/* the rules (on graphs of up to EAGERNODES 10, 8 ways each where queues may
		 * reorder, then again with eagerness; else 8, 4 ways), the perturbations, the
		 * local searches (the run order's twice where queues may reorder) */
		runs += n <= EAGERNODES ? 152 + 128 * o->effort : 31 + 16 * o->effort;
	return one * runs;
}

void sched(Graph *g, const int *cls, const SchedOpts *o)
{
	double peak;
	schedshaped(g, cls, o, NULL, &peak);
}

/* The search over g as numbered: its best schedule into g->step, its makespan and peak */
static double search(Graph *g, const int *cls, const SchedOpts *o, const uint64_t *tie,
		     double *mspeak);

static const char *const *groupnames; /* bynames' */
static int bynames(const void *pa, const void *pb)
{
	return strcmp(groupnames[*(const int *)pa], groupnames[*(const int *)pb]);
}

/* g's nodes in the order seq, in arena a, each node's edges to the same inputs renumbered (in
 * the order of their inputs); its per-node arrays and shapes (tie) permuted alike, its groups
 * by name and its classes (cls, into ccls) by their first group. seq is a topological order of
 * the edges that bind (reorder: all but those a reorder may break, which are made again over
 * seq: each collective of a group after the one before it in seq, as filldeps makes them). */
static Graph *renumbered(const Graph *g, const int *seq, int reorder, const int *cls, int *ccls,
			 const uint64_t *tie, uint64_t *ctie, Arena *a)
{
	int n = g->nnode, ng = g->ngroup;
	Graph *c = aalloc(a, sizeof *c);
	*c = *g;
	int *inv = auninit(a, ((size_t)n + 1) * sizeof *inv);
	int *last = auninit(a, ((size_t)ng + 1) * sizeof *last);
	for (int k = 0; k < n; k++)
		inv[seq[k]] = k;
	/* the groups by name, as the program's order of them is no more the search's; a class
	 * by its first group in that order */
	int *gseq = auninit(a, ((size_t)ng + 1) * sizeof *gseq);
	int *ginv = auninit(a, ((size_t)ng + 1) * sizeof *ginv);
	for (int k = 0; k < ng; k++)
		gseq[k] = k;
	groupnames = g->group;
	qsort(gseq, (size_t)ng, sizeof *gseq, bynames);
	c->group = auninit(a, ((size_t)ng + 1) * sizeof *c->group);
	for (int k = 0; k < ng; k++) {
		ginv[gseq[k]] = k;
		c->group[k] = g->group[gseq[k]];
		last[k] = -1;
	}
	int *first = auninit(a, ((size_t)ng + 1) * sizeof *first); /* by class: its first group */
	for (int k = 0; k < ng; k++)
		first[k] = -1;
	for (int k = 0; k < ng; k++) {
		if (first[cls[gseq[k]]] < 0)
			first[cls[gseq[k]]] = k;
		ccls[k] = first[cls[gseq[k]]];
	}
	c->node = auninit(a, ((size_t)n + 1) * sizeof *c->node);
	double *tail = g->tail ? auninit(a, ((size_t)n + 1) * sizeof *tail) : NULL;
	double *release = g->release ? auninit(a, ((size_t)n + 1) * sizeof *release) : NULL;
	for (int k = 0; k < n; k++) {
		const Node *y = &g->node[seq[k]];
		Node *z = &c->node[k];
		*z = *y;
		z->group = y->group >= 0 ? ginv[y->group] : -1;
		z->dep = auninit(a, ((size_t)y->ndep + 2) * sizeof *z->dep);
		z->ndep = 0;
		int chained = reorder && iscollective(y->kind) && colls[y->kind].p2p == P2P_NO &&
			      y->group >= 0;
		for (int e = 0; e < y->ndep; e++) {
			const Node *p = &g->node[y->dep[e].node];
			int kind = y->dep[e].kind;
			if (chained && iscollective(p->kind) && colls[p->kind].p2p == P2P_NO &&
			    p->group == y->group)
				kind &= ~DEP_GROUP; /* the chain is made again */
			if (kind)
				z->dep[z->ndep++] = (Dep){inv[y->dep[e].node], kind};
		}
		if (chained) {
			int p = last[z->group], e = 0;
			while (e < z->ndep && z->dep[e].node != p)
				e++;
			if (p >= 0 && e < z->ndep)
				z->dep[e].kind |= DEP_GROUP;
			else if (p >= 0)
				z->dep[z->ndep++] = (Dep){p, DEP_GROUP};
			last[z->group] = k;
		}
		for (int e = 1; e < z->ndep; e++) /* by input, as filldeps has them */
			for (int f = e; f > 0 && z->dep[f - 1].node > z->dep[f].node; f--) {
				Dep t = z->dep[f];
				z->dep[f] = z->dep[f - 1];
				z->dep[f - 1] = t;
			}
		z->capdep = z->ndep;
		ctie[k] = tie[seq[k]];
		if (tail)
			tail[k] = g->tail[seq[k]];
		if (release)
			release[k] = g->release[seq[k]];
	}
	c->tail = tail;
	c->release = release;
	c->arena = a;
	c->step = NULL;
	c->nstep = c->capstep = 0;
	return c;
}

/* A searched graph is searched in orders of its own, not in the program's: its nodes renumbered
 * in a topological order made from the DAG alone (frugal: every node that allocates nothing
 * before any allocation, by the longest path of compute into it; on graphs of up to EAGERNODES
 * nodes, unless that search met the lower bound, again by the longest path below each node,
 * the critical path first), ties by shape, so that every rule, tie and perturbation of the
 * search meets the same graph however the program orders its independent statements, and two
 * writings of one DAG get one schedule. The best of the orders' searches is kept; the program
 * as written stays a candidate (asis). */
double schedshaped(Graph *g, const int *cls, const SchedOpts *o, const uint64_t *shape,
		   double *mspeak)
{
	int n = g->nnode;
	Arena *scratch = arena_new();
	const uint64_t *tie = shape;
	if (!tie) {
		uint64_t *t = auninit(scratch, ((size_t)n + 1) * sizeof *t);
		nodeshapes(g, o, t, scratch);
		tie = t;
	}
	int searched = o->effort > 0 && !o->inorder && n <= SEARCHNODES &&
		       (double)n * (g->ngroup + 1) <= SEARCHWORK;
	double ms = -1, peak = 0;
	if (!searched) /* one list schedule, or the search as large graphs get it */
		ms = search(g, cls, o, tie, &peak);
	int *seq = auninit(scratch, ((size_t)n + 1) * sizeof *seq);
	uint64_t *ctie = auninit(scratch, ((size_t)n + 1) * sizeof *ctie);
	int *ccls = auninit(scratch, ((size_t)g->ngroup + 1) * sizeof *ccls);
	LowerBound lb = {0};
	for (int crit = 0; searched && crit < 1 + (n <= EAGERNODES); crit++) {
		if (crit == 1) { /* none is faster than the bound: no second search */
			lowerbound(g, cls, NULL, o->reorder, &lb);
			if (!(ms > lb.fixed))
				break;
		}
		frugal(g, o->reorder, crit, tie, seq);
		Graph *c = renumbered(g, seq, o->reorder, cls, ccls, tie, ctie, scratch);
		double cpeak, cms = search(c, ccls, o, ctie, &cpeak);
		if (ms >= 0 &&
		    !(cms < ms && (o->mem_budget < 0 || cpeak <= o->mem_budget || cpeak <= peak)))
			continue;
		ms = cms;
		peak = cpeak;
		g->nstep = 0;
		if (!g->step || g->capstep < c->nstep) {
			g->capstep = c->nstep;
			g->step = auninit(g->arena, (size_t)g->capstep * sizeof(Step));
		}
		for (int k = 0; k < c->nstep; k++)
			g->step[g->nstep++] = (Step){c->step[k].kind, seq[c->step[k].node]};
	}
	/* the program as written, where it is faster */
	double *free_at = auninit(scratch, ((size_t)nstreams(g) + 1) * sizeof(double)), wpeak;
	double wms = asis(g, cls, free_at, &wpeak);
	if (wms < ms && (o->mem_budget < 0 || wpeak <= o->mem_budget || wpeak <= peak)) {
		Step *po;
		programorder(g, &po, &g->nstep);
		memcpy(g->step, po, (size_t)g->nstep * sizeof(Step));
		free(po);
		ms = wms;
		peak = wpeak;
	}
#ifndef NDEBUG
	Sim sim; /* the search's own simulation is sim.c's, renumbered back too */
	simulate(g, g->step, g->nstep, cls, 0, &sim);
	if (sim.makespan != ms || sim.peak != peak)
		die("sched: simulated %.17g us, %.17g bytes; the search had %.17g, %.17g",
		    sim.makespan, sim.peak, ms, peak);
	freesim(&sim);
#endif
	arena_free(scratch);
	*mspeak = peak;
	return ms;
}

static double search(Graph *g, const int *cls, const SchedOpts *o, const uint64_t *tie,
		     double *mspeak)
{
	int n = g->nnode, ncoll = 0;
	for (int i = 0; i < n; i++)
		ncoll += iscollective(g->node[i].kind);
	Arena *scratch = arena_new();
	Search x = {.g = g, .cls = cls, .o = o, .tie = tie};
	g->step = NULL;
	g->nstep = g->capstep = 0;
	double *inorder = NULL;
	if (o->inorder) {
		inorder = auninit(scratch, ((size_t)n + 1) * sizeof *inorder);
		for (int i = 0; i < n; i++)
			inorder[i] = n - i;
	}
	/* a list schedule scans the live groups at each step: one costs about n x groups */
	int search = o->effort > 0 && !o->inorder && n <= SEARCHNODES &&
		     (double)n * (g->ngroup + 1) <= SEARCHWORK;
	for (int i = 0; i < n && search && o->reorder && !x.reorder; i++)
		for (int d = 0; d < g->node[i].ndep && !x.reorder; d++)
			x.reorder = reorderable(g, &g->node[i], &g->node[i].dep[d]);
	if (x.reorder) {
		x.ord = auninit(scratch, ((size_t)n + 1) * sizeof(int));
		x.bestord = auninit(scratch, ((size_t)n + 1) * sizeof(int));
		x.pos = auninit(scratch, ((size_t)n + 1) * sizeof(int));
		x.rk = auninit(scratch, ((size_t)ncoll + 1) * sizeof(Rank));
		x.depth = aarray(scratch, (size_t)n + 1, sizeof(int));
		for (int i = 0; i < n; i++)
			for (int d = 0; d < g->node[i].ndep; d++)
				if (!reorderable(g, &g->node[i], &g->node[i].dep[d]) &&
				    x.depth[g->node[i].dep[d].node] + 1 > x.depth[i])
					x.depth[i] = x.depth[g->node[i].dep[d].node] + 1;
		/* a queue order from the graph alone: the order frugalpeak's memory-frugal
		 * writing starts the collectives in (one more the search tries: two writings of
		 * one graph get it alike) */
		int *fseq = auninit(scratch, ((size_t)n + 1) * sizeof *fseq);
		int *ford = auninit(scratch, ((size_t)n + 1) * sizeof(int));
		frugal(g, 1, 0, tie, fseq);
		for (int k = 0, nc = 0; k < n; k++)
			if (iscollective(g->node[fseq[k]].kind))
				ford[fseq[k]] = nc++;
		x.ford = ford;
	}
	double peak, ms = greedy(g, cls, cls, o, tie, inorder, NULL, 0, &peak);
	/* without a search the best is the one schedule, where it stands */
	x.best = search ? auninit(scratch, ((size_t)n + ncoll + 1) * sizeof(Step)) : g->step;
	consider(&x, ms, peak);
	if (search) {
		/* the start queues: one per class (its collectives in program order), or one per
		 * group (a class's groups' collectives in any order, still one at a time) */
		int *own = auninit(scratch, ((size_t)g->ngroup + 1) * sizeof(int));
		for (int i = 0; i < g->ngroup; i++)
			own[i] = i;
		const int *queues[2] = {cls, own}, *bestq = cls;
		int bestpat =
			0; /* patience (stallfor), eagerness, jumps (jumpahead): greedy's bits */
		/* the rules: compute weighted against communication (1 is the bottom level; 0
		 * puts whatever unlocks the most communication first), and own cost counted
		 * against a node (Johnson's rule: a short producer of a collective first); then
		 * program order, phases (independent chains in turns) and the flow shop over the
		 * busiest stream's chains (johnson) */
		static const double rule[][3] = {
			{1, 1, 0}, {1, 1, 1},	 {1, 1, 2}, {0.001, 1, 0},
			{1, 4, 0}, {0.25, 1, 1}, {1, 0, 0},
		};
		int nrule = sizeof rule / sizeof rule[0];
		double *key = auninit(scratch, ((size_t)n + 1) * sizeof *key);
		double *tail = auninit(scratch, ((size_t)n + 1) * sizeof *tail);
		double *bestkey = auninit(scratch, ((size_t)n + 1) * sizeof *key);
		level(g, 1, 1, 0, bestkey, tail);
		double scale = 0;
		for (int i = 0; i < n; i++)
			scale = fmax(scale, bestkey[i]);
		/* the flow shop's keys (johnson), a rule of their own where there are some */
		double *jkey = auninit(scratch, ((size_t)n + 1) * sizeof *jkey);
		int hasj = n <= EAGERNODES && johnson(&x, bestkey, jkey, scratch);
		double *pkey = auninit(scratch, ((size_t)n + 1) * sizeof *pkey);
		phases(&x, bestkey, pkey, scratch);
		/* where the queues may reorder, the rules also start them in an order from the
		 * graph (the earliest each collective could start, then shape): a queue in
		 * program order holds back what the program wrote late (two batches written one
		 * after the other). Graphs of more than EAGERNODES nodes get the search as it
		 * was before these (and before the phases rule): its cost stays what it was. */
		int *sord = NULL, small = n <= EAGERNODES;
		if (x.reorder && small) {
			sord = auninit(scratch, ((size_t)n + 1) * sizeof *sord);
			staticorder(&x, 0, sord, scratch);
		}
		/* the rules, then perturbations of the best; then the rules again with eagerness
		 * (after the perturbations, so the search as it was stays a candidate: never
		 * slower than it) */
		for (int e = 0; e < 1 + (n <= EAGERNODES); e++) {
			for (int r = 0; r <= nrule + small + hasj; r++) {
				if (r < nrule)
					level(g, rule[r][0], rule[r][1], rule[r][2], key, tail);
				else if (r == nrule)
					for (int i = 0; i < n; i++)
						key[i] = n - i;
				else
					memcpy(key, r == nrule + 1 ? pkey : jkey,
					       (size_t)n * sizeof *key);
				/* the first was the greedy's; each way with the queues in program
				 * order, and in sord's */
				int ways = sord && r != nrule ? 8 : 4;
				for (int m = e == 0 && r == 0 && !x.reorder; m < ways; m++) {
					int pat = (m >> 1 & 1) | e << 1;
					if (attempt(&x, queues[m & 1], key, m & 4 ? sord : NULL,
						    pat, small ? 3 : 1)) {
						memcpy(bestkey, key, (size_t)n * sizeof *key);
						bestq = queues[m & 1];
						bestpat = pat;
						scale = r == nrule ? n : scale;
					}
				}
			}
			if (e)
				break;
			/* the best rule with the queues in orders from the graph alone */
			for (int late = 0; x.reorder && late < 3; late++) {
				int *ord = auninit(scratch, ((size_t)n + 1) * sizeof(int));
				if (late < 2)
					staticorder(&x, late, ord, scratch);
				else /* the order a memory-frugal writing starts them in */
					memcpy(ord, x.ford, (size_t)n * sizeof *ord);
				attempt(&x, bestq, bestkey, ord, bestpat, 1);
			}
			/* perturbed keys, larger steps as the search goes on; each node's from its
			 * shape, so that they do not follow the program's order either */
			static const double amp[] = {0.01, 0.03, 0.1, 0.3};
			int runs = 16 * o->effort;
			for (int k = 0; k < runs; k++) {
				double a = amp[k % 4] * scale;
				uint64_t salt = mix((uint64_t)(k + 1) * 0x9e3779b97f4a7c15u);
				for (int i = 0; i < n; i++)
					key[i] = bestkey[i] +
						 a * ((double)(mix(tie[i] ^ salt) >> 11) /
							      9007199254740992.0 -
						      0.5);
				if (attempt(&x, bestq, key, x.hasord ? x.bestord : NULL, bestpat,
					    0))
					memcpy(bestkey, key, (size_t)n * sizeof *key);
			}
		}
		/* small collectives sent into idle stream time (jumpahead: greedy's bit 4), the
		 * rules again with the best's start queues and patience, their queues in program
		 * order and in sord's; the local searches go on with it where it is faster */
		for (int r = 0; x.reorder && small && r <= nrule + 1 + hasj; r++) {
			if (r < nrule)
				level(g, rule[r][0], rule[r][1], rule[r][2], key, tail);
			else if (r == nrule)
				for (int i = 0; i < n; i++)
					key[i] = n - i;
			else
				memcpy(key, r == nrule + 1 ? pkey : jkey, (size_t)n * sizeof *key);
			for (int m = 0; m < 2; m++)
				if (attempt(&x, bestq, key, m ? sord : NULL, bestpat | 4, 1)) {
					memcpy(bestkey, key, (size_t)n * sizeof *key);
					bestpat |= 4;
				}
		}
		if (n <= EAGERNODES) {
			improve(&x, bestq, bestpat, 32 * o->effort, key, 0, scratch);
			swapchains(&x, bestq, bestpat, 16 * o->effort, key, 0, scratch);
			/* again with the queues following each try's run order (useorder): a
			 * collective the best's queues start early for want of anything else
			 * (one with no inputs) then moves back with the compute that uses it */
			if (x.reorder) {
				improve(&x, bestq, bestpat, 32 * o->effort, key, 1, scratch);
				swapchains(&x, bestq, bestpat, 16 * o->effort, key, 1, scratch);
			}
		}
		if (x.reorder && n <= EAGERNODES) {
			reorderq(&x, bestq, bestpat, 16 * o->effort, key, scratch);
			if (bestq != cls) /* a class's groups' collectives in an order of its own */
				reorderq(&x, cls, bestpat, 16 * o->effort, key, scratch);
		}
		/* the best's run order, with the queues in the order it made the collectives
		 * ready, while that is faster */
		int *ord = x.reorder ? auninit(scratch, ((size_t)n + 1) * sizeof(int)) : NULL;
		for (int k = 0; x.reorder && k < 4; k++) {
			runkeys(&x, ord, key);
			readyorder(&x, x.best, x.nbest, x.ord);
			if (!attempt(&x, bestq, key, x.ord, bestpat, 0))
				break;
		}
		/* the exact step: branch-and-bound over windows of the best's run order (exact.c), where
		 * its rules are the list scheduler's (no prefetch distance, no cap on bytes in flight);
		 * where collectives may reorder, a second round that also starts them out of the
		 * queues' order, with a budget of its own */
		int exacts = n <= EAGERNODES && o->max_prefetch < 0 && o->max_in_flight < 0 &&
			     o->exact >= 0;
		for (int qs = 0; exacts && qs < 1 + x.reorder; qs++) {
			Exact e = {.budget = (o->exact ? o->exact : EXACTBUDGET) * (long)o->effort,
				   .queues = qs};
			while (exact(g, cls, bestq, x.hasord ? x.bestord : NULL, x.reorder, x.best,
				     x.nbest, x.ms, x.peak, o->mem_budget, &e))
				if (!consider(&x, e.ms, e.peak))
					die("sched: the exact step's schedule was not kept");
		}
	}
	if (x.best != g->step)
		memcpy(g->step, x.best, (size_t)x.nbest * sizeof(Step));
	g->nstep = x.nbest;
	arena_free(scratch);
	*mspeak = x.peak;
	return x.ms;
}
