/* p2p.c - the ranks of a rank-specialized function checked together (checkp2p): their sends
 * and receives matched, their collectives compared, and all of them simulated at once for
 * deadlock.
 *
 * Requires the graphs of one function, one per rank of its group (Graph.rank 0 .. n-1, as the
 * frontend makes them), in rank order; uses each one's schedule, or with asw the program as
 * written (each collective started and at once waited, as the blocking calls are). Reports,
 * with both sides' source lines, and returns the number of errors:
 *  - a send or receive of another group than the one specialized on, a peer that is not a
 *    constant or not a rank of the group;
 *  - for each ordered pair of ranks (a, b): the k-th send from a to b against the k-th
 *    receive of b from a (count and dtype), and any left over on either side;
 *  - for each group, its collectives in start order (kind, count, dtype, op, root): the same
 *    on every rank. A group other than the one specialized on is taken to be shared by all
 *    the ranks, since dagcc cannot tell which of them it joins;
 *  - deadlock. Each rank's compute stream runs its steps in order (a run takes no time); a
 *    start enqueues the op on the rank's stream for (group, collective | send | receive),
 *    FIFO, as the runtime issues them; a wait blocks the compute stream until its op has
 *    completed. A send and its receive complete together once both are at the heads of their
 *    streams (a rendezvous, the most NCCL promises), a collective once it is at the head of
 *    its stream on every rank. When no rank can move and some have not finished, the steps
 *    could deadlock: the op one blocked rank waits on, and the other side it waits for, are
 *    named.
 * A p2p group (N_P2P) is taken apart into its sends and receives, started one after another and
 * waited one after another where it stands (expand). They are issued together, as one NCCL
 * group: on each stream the group's ops at the head all may complete, in any order among
 * themselves (a ring of sends and then receives does not deadlock), each beginning when the
 * stream reached the group. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

int samefamily(const Graph *a, const Graph *b)
{
	return a->rank >= 0 && b->rank >= 0 && a->nranks == b->nranks &&
	       !strcmp(a->name, b->name) && !strcmp(a->file, b->file) &&
	       a->body_begin == b->body_begin && !strcmp(a->rankgroup, b->rankgroup);
}

enum { DCOLL, DSEND, DRECV };

typedef Vec(int) Ints;

typedef struct {
	const Graph *g;
	Step *step; /* the steps checked */
	int nstep, own; /* own: step is ours to free */
	int pc; /* the next step */
	int spec; /* the index of the specialized group in g->group, or -1 */
	int *gmap; /* g's group index -> the function's */
	int **q, *qn, *qh; /* by stream (group * 3 + direction): its started ops, head */
	int *batch; /* by node: its p2p group's node in the graph as given, + 1; else 0 */
	int *orig; /* by node: its node in the graph as given; NULL: the same */
	double *rel; /* by node of the graph as given: when the other ranks let its op begin (the
		      * latest of its members' for a p2p group); NULL: not asked for */
	double *wfree; /* by stream: when it was free as its head's p2p group (or op) reached it */
	char *done; /* by node */
	double *issue, *end; /* by node: when started, when completed (us) */
	double *free_; /* by stream: when its last op completed */
	double t; /* the compute stream's clock */
	RankTime time;
	int soft; /* checkp2p's warn, on every rank */
	Diags *d; /* checkp2p's, on every rank */
} R;

/* a finding: an error, or with the check's warn a warning (the caller has a way out) */
static void complain(const R *r, Loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void complain(const R *r, Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r->d, r->soft ? "warning" : "error", loc, fmt, ap);
	va_end(ap);
}

/* when the op at place i of stream q of r (the head, or one of its p2p group) may begin */
static double ready(const R *r, int q, int i)
{
	double t = r->issue[r->q[q][i]];
	return t > r->wfree[q] ? t : r->wfree[q];
}

/* whether the op at place i of stream q of r may complete now: the head, or an op of the head's
 * p2p group */
static int atfront(const R *r, int q, int i)
{
	int b = r->batch[r->q[q][r->qh[q]]];
	return i == r->qh[q] || (b && r->batch[r->q[q][i]] == b);
}

/* the heads move past the ops completed */
static void advance(R *r, int nstream)
{
	for (int q = 0; q < nstream; q++) {
		int moved = 0, b = 0;
		while (r->qh[q] < r->qn[q] && r->done[r->q[q][r->qh[q]]]) {
			b = r->batch[r->q[q][r->qh[q]++]];
			moved = 1;
		}
		if (moved && !(b && r->qh[q] < r->qn[q] && r->batch[r->q[q][r->qh[q]]] == b))
			r->wfree[q] = r->free_[q];
	}
}

static double later(double a, double b)
{
	return a > b ? a : b;
}

static int dir(NodeKind k)
{
	return k == N_SEND ? DSEND : k == N_RECV ? DRECV : DCOLL;
}

static const char *opword(NodeKind k)
{
	return k == N_SEND ? "send" : k == N_RECV ? "receive" : kindname[k];
}

/* The k-th op of kind `kind` from rank a's graph to peer `peer` (-1: any), in start order. */
static int nth(const R *r, NodeKind kind, int peer, int k)
{
	for (int s = 0; s < r->nstep; s++) {
		const Node *n = &r->g->node[r->step[s].node];
		if (r->step[s].kind == ST_START && n->kind == kind && n->group == r->spec &&
		    (peer < 0 || n->peer == peer) && k-- == 0)
			return r->step[s].node;
	}
	return -1;
}

static const char *when(int asw)
{
	return asw ? "in the program as written" : "in the schedule";
}

/* Sends and receives: in the specialized group, to a rank of it; matched pair by pair. */
static int matchp2p(R *rs, int n, int asw)
{
	int bad = 0;
	for (int a = 0; a < n; a++) {
		const Graph *g = rs[a].g;
		for (int i = 0; i < g->nnode; i++) {
			const Node *x = &g->node[i];
			if (!isp2pmember(x->kind))
				continue;
			if (x->group != rs[a].spec) {
				complain(
					rs, x->loc,
					"%s in group '%s' in a graph specialized on the rank in '%s': dagcc matches sends and receives only in that group",
					opword(x->kind), g->group[x->group], g->rankgroup);
				bad++;
			} else if (x->peer < 0) {
				complain(
					rs, x->loc,
					"%s's peer on rank %d of '%s' is negative or not a constant: dagcc cannot match it",
					opword(x->kind), a, g->rankgroup);
				bad++;
			} else if (x->peer >= n) {
				complain(
					rs, x->loc,
					"%s's peer is %lld on rank %d, outside the %d ranks of '%s'",
					opword(x->kind), (long long)x->peer, a, n, g->rankgroup);
				bad++;
			}
			if (bad) /* the first: every rank would report the same line */
				return bad;
		}
	}
	/* by rank and peer: its sends to the peer and its receives from it, in start order */
	Arena *ar = arena_new();
	Ints *to = aarray(ar, (size_t)n * n, sizeof *to);
	Ints *from = aarray(ar, (size_t)n * n, sizeof *from);
	for (int a = 0; a < n; a++)
		for (int st = 0; st < rs[a].nstep; st++) {
			const Node *x = &rs[a].g->node[rs[a].step[st].node];
			if (rs[a].step[st].kind != ST_START || !isp2pmember(x->kind))
				continue;
			if (x->kind == N_SEND)
				vpush(ar, &to[a * n + x->peer], rs[a].step[st].node);
			else
				vpush(ar, &from[a * n + x->peer], rs[a].step[st].node);
		}
	for (int a = 0; a < n && !bad; a++)
		for (int b = 0; b < n && !bad; b++) {
			const Ints *sv = &to[a * n + b], *rv = &from[b * n + a];
			for (int k = 0; k < sv->n || k < rv->n; k++) {
				const Node *sn = k < sv->n ? &rs[a].g->node[sv->a[k]] : NULL;
				const Node *vn = k < rv->n ? &rs[b].g->node[rv->a[k]] : NULL;
				if (sn && vn && sn->count == vn->count && sn->dtype == vn->dtype)
					continue;
				bad++;
				if (!vn)
					complain(
						rs, sn->loc,
						"send %d from rank %d to rank %d has no matching receive on rank %d (%s)",
						k + 1, a, b, b, when(asw));
				else if (!sn)
					complain(
						rs, vn->loc,
						"receive %d of rank %d from rank %d has no matching send on rank %d (%s)",
						k + 1, b, a, a, when(asw));
				else
					complain(
						rs, sn->loc,
						"send %d from rank %d to rank %d is %lld %s, but the receive it matches takes %lld %s (%s)",
						k + 1, a, b, (long long)sn->count,
						dtypename[sn->dtype], (long long)vn->count,
						dtypename[vn->dtype], when(asw));
				if (sn && vn)
					dnote(rs->d, vn->loc, "the receive on rank %d", b);
				else if (sn && rv->n)
					dnote(rs->d, rs[b].g->node[rv->a[rv->n - 1]].loc,
					      "rank %d's last receive from rank %d", b, a);
				else if (vn && sv->n)
					dnote(rs->d, rs[a].g->node[sv->a[sv->n - 1]].loc,
					      "rank %d's last send to rank %d", a, b);
				break;
			}
		}
	arena_free(ar);
	return bad;
}

static int samecoll(const Node *x, const Node *y)
{
	return x->kind == y->kind && x->count == y->count && x->dtype == y->dtype &&
	       x->op == y->op && x->peer == y->peer;
}

static void desc(char *d, size_t n, const Node *x)
{
	if (!x)
		snprintf(d, n, "none");
	else
		snprintf(d, n, "%s of %lld %s", kindname[x->kind], (long long)x->count,
			 dtypename[x->dtype]);
}

/* Collectives: per group, the same sequence on every rank as on rank 0. */
static int matchcoll(R *rs, int n, int ngroup, int asw)
{
	Arena *ar = arena_new();
	Ints *by = aarray(ar, (size_t)n * ngroup + 1, sizeof *by); /* rank * ngroup + group */
	for (int a = 0; a < n; a++)
		for (int st = 0; st < rs[a].nstep; st++) {
			const Node *c = &rs[a].g->node[rs[a].step[st].node];
			if (rs[a].step[st].kind == ST_START && dir(c->kind) == DCOLL)
				vpush(ar, &by[a * ngroup + rs[a].gmap[c->group]],
				      rs[a].step[st].node);
		}
	int bad = 0;
	for (int grp = 0; grp < ngroup && !bad; grp++)
		for (int a = 1; a < n && !bad; a++) {
			const Ints *c0 = &by[grp], *ca = &by[a * ngroup + grp];
			int k = 0;
			while (k < c0->n && k < ca->n &&
			       samecoll(&rs[0].g->node[c0->a[k]], &rs[a].g->node[ca->a[k]]))
				k++;
			if (k == c0->n && k == ca->n)
				continue;
			bad = 1;
			const Node *x = k < ca->n ? &rs[a].g->node[ca->a[k]] : NULL;
			const Node *y = k < c0->n ? &rs[0].g->node[c0->a[k]] : NULL;
			const Node *at = x ? x : y;
			const Graph *g = x ? rs[a].g : rs[0].g;
			char dx[96], dy[96];
			desc(dx, sizeof dx, x);
			desc(dy, sizeof dy, y);
			complain(
				rs, at->loc,
				"collective %d on '%s' is %s on rank %d but %s on rank 0: every rank of a group must issue the same collectives in one order (%s)",
				k + 1, g->group[at->group], dx, a, dy, when(asw));
			if (x && y)
				dnote(rs->d, y->loc, "rank 0's");
			if (strcmp(g->group[at->group], g->rankgroup))
				dnote(rs->d, at->loc,
				      "dagcc cannot tell which ranks of '%s' join '%s', so it takes all of them to",
				      g->rankgroup, g->group[at->group]);
		}
	arena_free(ar);
	return bad;
}

/* The place of the first op not completed at the front of stream q of r (atfront) that is with
 * peer `with`, or -1; before: only if it is before place `before`. */
static int firstwith(const R *r, int q, int with, int before)
{
	for (int i = r->qh[q]; i < r->qn[q] && i < before && atfront(r, q, i); i++) {
		const int x = r->q[q][i];
		if (!r->done[x] && r->g->node[x].peer == with)
			return i;
	}
	return -1;
}

/* Node x of r (of the graph expanded) begins no earlier than t for the other ranks' sake. */
static void release(R *r, int x, double t)
{
	if (!r->rel)
		return;
	double *at = &r->rel[r->orig ? r->orig[x] : x];
	*at = later(*at, t);
}

/* The ops at the fronts of their streams that complete now; 1 if any did. */
static int complete(R *rs, int n, int nstream)
{
	int any = 0;
	for (int a = 0; a < n; a++)
		for (int q = 0; q < nstream; q++) {
			R *r = &rs[a];
			if (q % 3 != DSEND)
				continue;
			for (int i = r->qh[q]; i < r->qn[q] && atfront(r, q, i); i++) {
				int x = r->q[q][i];
				const Node *s = &r->g->node[x];
				/* the first of its sends to that peer not completed, and the first
				 * receive from this rank there: they match */
				if (r->done[x] || firstwith(r, q, (int)s->peer, i) >= 0)
					continue;
				R *p = &rs[s->peer];
				int rq = q - DSEND + DRECV, j = firstwith(p, rq, a, p->qn[rq]);
				if (j < 0)
					continue;
				int y = p->q[rq][j];
				const Node *v = &p->g->node[y];
				double end = later(ready(r, q, i), ready(p, rq, j)) +
					     later(s->cost, v->cost);
				release(r, x, ready(p, rq, j));
				release(p, y, ready(r, q, i));
				r->free_[q] = later(r->free_[q], end);
				p->free_[rq] = later(p->free_[rq], end);
				r->end[x] = p->end[y] = end;
				r->done[x] = p->done[y] = 1;
				any = 1;
			}
		}
	for (int a = 0; a < n; a++)
		advance(&rs[a], nstream);
	for (int q = 0; q < nstream; q += 3) {
		int all = 1;
		for (int a = 0; a < n && all; a++)
			all = rs[a].qh[q] < rs[a].qn[q];
		if (!all)
			continue;
		double begin = 0, cost = 0;
		for (int a = 0; a < n; a++) {
			begin = later(begin, ready(&rs[a], q, rs[a].qh[q]));
			cost = later(cost, rs[a].g->node[rs[a].q[q][rs[a].qh[q]]].cost);
		}
		for (int a = 0; a < n; a++) {
			release(&rs[a], rs[a].q[q][rs[a].qh[q]], begin);
			rs[a].free_[q] = rs[a].wfree[q] = rs[a].end[rs[a].q[q][rs[a].qh[q]]] =
				begin + cost;
			rs[a].done[rs[a].q[q][rs[a].qh[q]++]] = 1;
		}
		any = 1;
	}
	return any;
}

/* What rank a is stuck on: its wait's op, and what that op waits for. */
static void stuck(R *rs, int n, int a, int asw)
{
	R *r = &rs[a];
	const Node *w = &r->g->node[r->step[r->pc].node];
	int q = r->gmap[w->group] * 3 + dir(w->kind);
	const Node *h = &r->g->node[r->q[q][r->qh[q]]]; /* the head of its stream */
	if (isp2pmember(h->kind)) {
		int p = (int)h->peer;
		R *o = &rs[p];
		int oq = q - dir(h->kind) + (h->kind == N_SEND ? DRECV : DSEND);
		complain(
			rs, h->loc,
			"rank %d's %s %s rank %d could deadlock (%s): rank %d does not reach the matching %s",
			a, opword(h->kind), h->kind == N_SEND ? "to" : "from", p, when(asw), p,
			h->kind == N_SEND ? "receive" : "send");
		if (h != w)
			dnote(rs->d, w->loc, "rank %d waits here for its %s, queued behind that %s",
			      a, opword(w->kind), opword(h->kind));
		int k = 0, m; /* h is the k-th of its kind between the two; its match */
		while ((m = nth(r, h->kind, p, k)) >= 0 && &r->g->node[m] != h)
			k++;
		m = nth(o, h->kind == N_SEND ? N_RECV : N_SEND, a, k);
		if (m >= 0)
			dnote(rs->d, o->g->node[m].loc, "the matching %s on rank %d",
			      h->kind == N_SEND ? "receive" : "send", p);
		if (o->qh[oq] < o->qn[oq])
			dnote(rs->d, o->g->node[o->q[oq][o->qh[oq]]].loc,
			      "rank %d's next %s, started before it, is with rank %lld", p,
			      h->kind == N_SEND ? "receive" : "send",
			      (long long)o->g->node[o->q[oq][o->qh[oq]]].peer);
		else if (o->pc < o->nstep)
			dnote(rs->d, o->g->node[o->step[o->pc].node].loc,
			      "rank %d is blocked here, waiting for its %s, before it starts that %s",
			      p, opword(o->g->node[o->step[o->pc].node].kind),
			      h->kind == N_SEND ? "receive" : "send");
		if (!r->batch[h - r->g->node])
			dnote(rs->d, h->loc,
			      "sends and receives that every rank issues before the others' (a ring: send to the next rank, then receive from the previous) cannot deadlock between dagcc_p2p_begin(g, s) and dagcc_p2p_end(g, s), which issue them together as one NCCL group");
		return;
	}
	int other = -1;
	for (int b = 0; b < n && other < 0; b++)
		if (rs[b].qh[q] >= rs[b].qn[q])
			other = b;
	complain(rs, h->loc, "rank %d's %s on '%s' could deadlock (%s): rank %d does not reach it",
		 a, kindname[h->kind], r->g->group[h->group], when(asw), other);
	if (h != w)
		dnote(rs->d, w->loc, "rank %d waits here for its %s, queued behind that %s", a,
		      opword(w->kind), kindname[h->kind]);
	if (other >= 0 && rs[other].pc < rs[other].nstep)
		dnote(rs->d, rs[other].g->node[rs[other].step[rs[other].pc].node].loc,
		      "rank %d is blocked here, waiting for its %s", other,
		      opword(rs[other].g->node[rs[other].step[rs[other].pc].node].kind));
}

static int together(R *rs, int n, int nstream, int asw)
{
	for (;;) {
		int moved = 0, left = 0;
		for (int a = 0; a < n; a++) {
			R *r = &rs[a];
			while (r->pc < r->nstep) {
				const Step *st = &r->step[r->pc];
				const Node *x = &r->g->node[st->node];
				if (st->kind == ST_START) {
					int q = r->gmap[x->group] * 3 + dir(x->kind);
					r->q[q][r->qn[q]++] = st->node;
					r->issue[st->node] = r->t;
				} else if (st->kind == ST_WAIT && !r->done[st->node]) {
					break;
				} else if (st->kind == ST_WAIT && r->end[st->node] > r->t) {
					double idle = r->end[st->node] - r->t;
					r->time.bubble += idle;
					if (isp2pmember(x->kind))
						r->time.exposed += idle;
					r->t = r->end[st->node];
				} else if (st->kind == ST_RUN &&
					   (x->kind == N_COMPUTE ||
					    (x->kind == N_BARRIER && x->cost > 0))) {
					r->t += x->cost;
					r->time.compute += x->cost;
				}
				r->pc++;
				moved = 1;
			}
			left |= r->pc < r->nstep;
		}
		moved |= complete(rs, n, nstream);
		if (!left) {
			for (int a = 0; a < n; a++)
				for (int q = 0; q < nstream; q++)
					if (rs[a].qh[q] < rs[a].qn[q])
						left = 1;
			if (!left)
				return 0;
		}
		if (!moved)
			break;
	}
	for (int a = 0; a < n; a++)
		if (rs[a].pc < rs[a].nstep) {
			stuck(rs, n, a, asw);
			return 1;
		}
	/* every rank finished its steps, with ops never waited that never complete */
	for (int a = 0; a < n; a++)
		for (int q = 0; q < nstream; q++)
			if (rs[a].qh[q] < rs[a].qn[q]) {
				const Node *h = &rs[a].g->node[rs[a].q[q][rs[a].qh[q]]];
				complain(rs, h->loc, "rank %d's %s never completes (%s)", a,
					 opword(h->kind), when(asw));
				return 1;
			}
	return 0;
}

/* x's graph with each p2p group taken apart: its members sends and receives of their own (at
 * their own lines, with the group's cost), started one after another and waited one after
 * another where the group is; x->batch says which group each came from. The graph itself where
 * it has none. */
static void expand(Arena *a, R *x)
{
	const Graph *g = x->g;
	int nn = 0;
	for (int i = 0; i < g->nnode; i++)
		nn += g->node[i].kind == N_P2P ? g->node[i].nmember : 1;
	x->batch = aarray(a, (size_t)nn + 1, sizeof(int));
	if (nn == g->nnode) {
		int any = 0;
		for (int i = 0; i < g->nnode && !any; i++)
			any = g->node[i].kind == N_P2P;
		if (!any)
			return;
	}
	Graph *e = aalloc(a, sizeof *e);
	*e = *g;
	e->release = e->tail = NULL;
	e->node = aarray(a, (size_t)nn + 1, sizeof(Node));
	x->orig = aarray(a, (size_t)nn + 1, sizeof(int));
	e->nnode = 0;
	int *first = aarray(a, (size_t)g->nnode + 1, sizeof(int));
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		first[i] = e->nnode;
		if (n->kind != N_P2P) {
			x->orig[e->nnode] = i;
			e->node[e->nnode++] = *n;
			continue;
		}
		for (int k = 0; k < n->nmember; k++) {
			const Member *m = &n->member[k];
			Node y = *n;
			y.kind = m->kind;
			y.dtype = m->dtype;
			y.count = m->count;
			y.bytes = m->count * dtypesize(m->dtype);
			y.peer = m->peer;
			y.member = NULL;
			y.nmember = 0;
			if (m->loc.line > 0)
				y.loc = m->loc;
			x->batch[e->nnode] = i + 1;
			x->orig[e->nnode] = i;
			e->node[e->nnode++] = y;
		}
	}
	int ns = 0;
	for (int k = 0; k < x->nstep; k++) {
		const Node *n = &g->node[x->step[k].node];
		ns += n->kind == N_P2P ? n->nmember : 1;
	}
	Step *st = aarray(a, (size_t)ns + 1, sizeof *st);
	ns = 0;
	for (int k = 0; k < x->nstep; k++) {
		int i = x->step[k].node;
		int m = g->node[i].kind == N_P2P ? g->node[i].nmember : 1;
		for (int j = 0; j < m; j++)
			st[ns++] = (Step){x->step[k].kind, first[i] + j};
	}
	if (x->own)
		free(x->step);
	x->own = 0;
	x->step = st;
	x->nstep = ns;
	x->g = e;
}

/* checkp2p's, and with rel and tail (by rank, each a zeroed array by node) when the other
 * ranks let each op begin in the joint simulation (R.rel), for the ops that completed, and each
 * send's tail (Graph.tail: its receiver's makespan less the send's end), where none deadlocks */
static int joint(Graph **gs, int n, int asw, int warn, RankTime *out, Diags *d, double **rel,
		 double **tail)
{
	if (n < 1)
		return 0;
	Arena *a = arena_new();
	/* the function's groups: the union of the ranks' */
	const char **names = NULL;
	int nnames = 0, cap = 0;
	R *rs = aarray(a, (size_t)n, sizeof *rs);
	for (int r = 0; r < n; r++) {
		Graph *g = gs[r];
		R *x = &rs[r];
		x->g = g;
		x->soft = warn;
		x->d = d;
		x->rel = rel ? rel[r] : NULL;
		if (asw || !g->step) {
			programorder(g, &x->step, &x->nstep);
			x->own = 1;
		} else {
			x->step = g->step;
			x->nstep = g->nstep;
		}
		expand(a, x);
		x->spec = findname(g, &g->group, g->rankgroup);
		x->gmap = aarray(a, (size_t)g->ngroup + 1, sizeof(int));
		for (int k = 0; k < g->ngroup; k++) {
			int f = 0;
			while (f < nnames && strcmp(names[f], g->group[k]))
				f++;
			if (f == nnames) {
				agrow(a, &names, &cap, nnames + 1, sizeof *names);
				names[nnames++] = g->group[k];
			}
			x->gmap[k] = f;
		}
		x->done = aarray(a, (size_t)x->g->nnode + 1, 1);
		x->issue = aarray(a, (size_t)x->g->nnode + 1, sizeof(double));
		x->end = aarray(a, (size_t)x->g->nnode + 1, sizeof(double));
		if (g->nhidden && asw)
			dwarning(
				d, g->hidden[0].loc,
				"collective under a run-time condition in a graph specialized on the rank in '%s': dagcc does not match it across ranks",
				g->rankgroup);
	}
	int nstream = 3 * nnames;
	for (int r = 0; r < n; r++) {
		R *x = &rs[r];
		x->q = aarray(a, (size_t)nstream + 1, sizeof(int *));
		x->qn = aarray(a, (size_t)nstream + 1, sizeof(int));
		x->qh = aarray(a, (size_t)nstream + 1, sizeof(int));
		x->free_ = aarray(a, (size_t)nstream + 1, sizeof(double));
		x->wfree = aarray(a, (size_t)nstream + 1, sizeof(double));
		for (int st = 0; st < x->nstep; st++) { /* each stream holds its starts */
			const Node *c = &x->g->node[x->step[st].node];
			if (x->step[st].kind == ST_START)
				x->qn[x->gmap[c->group] * 3 + dir(c->kind)]++;
		}
		for (int q = 0; q < nstream; q++) {
			x->q[q] = aarray(a, (size_t)x->qn[q] + 1, sizeof(int));
			x->qn[q] = 0;
		}
	}
	int bad = matchp2p(rs, n, asw);
	if (!bad)
		bad = matchcoll(rs, n, nnames, asw);
	if (!bad)
		bad = together(rs, n, nstream, asw);
	for (int r = 0; !bad && r < n; r++) {
		R *x = &rs[r];
		x->time.makespan = x->t;
		for (int q = 0; q < nstream; q++)
			x->time.makespan = later(x->time.makespan, x->free_[q]);
		if (out)
			out[r] = x->time;
	}
	/* a send's tail: what its receiver ran after it, to the receiver's end */
	for (int r = 0; !bad && tail && r < n; r++) {
		R *x = &rs[r];
		for (int i = 0; i < x->g->nnode; i++)
			if (x->g->node[i].kind == N_SEND && x->done[i]) {
				double *at = &tail[r][x->orig ? x->orig[i] : i];
				*at = later(*at, rs[x->g->node[i].peer].time.makespan - x->end[i]);
			}
	}
	for (int r = 0; r < n; r++)
		if (rs[r].own)
			free(rs[r].step);
	arena_free(a);
	return bad;
}

int checkp2p(Graph **gs, int n, int asw, int warn, RankTime *out, Diags *d)
{
	return joint(gs, n, asw, warn, out, d, NULL, NULL);
}

/* g's schedule replaced by the n steps st */
static void setsteps(Graph *g, const Step *st, int n)
{
	g->nstep = 0;
	for (int j = 0; j < n; j++)
		addstep(g, st[j].kind, st[j].node);
}

/* checkp2p of dagcc's own schedules (warn: its findings are warnings), said only if it must:
 * where one could deadlock, another is tried first */
static int quietp2p(Graph **g, int n, int warn, RankTime *out)
{
	Diags quiet = {0};
	return checkp2p(g, n, 0, warn, out, warn ? &quiet : NULL);
}

/* the step of all ranks together: the slowest one's */
static double jointstep(const RankTime *t, int n)
{
	double step = 0;
	for (int k = 0; k < n; k++)
		step = fmax(step, t[k].makespan);
	return step;
}

/* Rounds of scheduling every rank with the releases of the last joint simulation (rankp2p):
 * few, since each schedules every rank again; a count, never a clock. */
enum { ROUNDS = 4 };

/* each rank's schedule copied into st[k] (room for it: sched makes as many steps each time) */
static void savesteps(Graph **g, int n, Step **st)
{
	for (int k = 0; k < n; k++)
		memcpy(st[k], g[k]->step, (size_t)g[k]->nstep * sizeof(Step));
}

static int samesteps(Graph **g, int n, Step **st)
{
	for (int k = 0; k < n; k++)
		if (memcmp(st[k], g[k]->step, (size_t)g[k]->nstep * sizeof(Step)))
			return 0;
	return 1;
}

/* The ranks scheduled together: each rank is scheduled alone (sched), each op of it taken to
 * begin no earlier than the other ranks let it in the last joint simulation (Graph.release: a
 * receive when its send was started, a send when its receive was, a collective when the last
 * rank reached it); the ranks are then simulated together again, and the fastest joint step
 * that does not deadlock is kept. The first round's releases are those of the schedules made
 * alone, or where those could deadlock of the program as written. Sends and receives keep
 * their order on each rank (they pair with the peer's by it), so every round's pairs are the
 * written ones. Returns whether one was kept (then in g, its times in t), and leaves g as it
 * was where none was. */
static int rounds(Graph **g, int n, int *const *cls, const SchedOpts *so, int bad, RankTime *t)
{
	Arena *ar = arena_new();
	double **rel = aarray(ar, (size_t)n, sizeof *rel),
	       **tail = aarray(ar, (size_t)n, sizeof *tail);
	Step **best = aarray(ar, (size_t)n, sizeof *best),
	     **last = aarray(ar, (size_t)n, sizeof *last);
	RankTime *u = aarray(ar, (size_t)n, sizeof *u);
	for (int k = 0; k < n; k++) {
		rel[k] = aarray(ar, (size_t)g[k]->nnode + 1, sizeof(double));
		tail[k] = aarray(ar, (size_t)g[k]->nnode + 1, sizeof(double));
		best[k] = aarray(ar, (size_t)g[k]->nstep + 1, sizeof(Step));
		last[k] = aarray(ar, (size_t)g[k]->nstep + 1, sizeof(Step));
	}
	savesteps(g, n, best);
	Diags quiet = {0};
	joint(g, n, bad, 1, NULL, &quiet, rel, tail);
	int kept = 0;
	double step = bad ? INFINITY : jointstep(t, n);
	for (int r = 0; r < ROUNDS; r++) {
		savesteps(g, n, last);
		for (int k = 0; k < n; k++) {
			g[k]->release = rel[k];
			g[k]->tail = tail[k];
			sched(g[k], cls[k], &so[k]);
			g[k]->release = g[k]->tail = NULL;
			memset(rel[k], 0, (size_t)g[k]->nnode * sizeof(double));
			memset(tail[k], 0, (size_t)g[k]->nnode * sizeof(double));
		}
		if (samesteps(g, n, last)) /* a fixed point: the rounds after would be this one */
			break;
		Diags q = {0};
		if (joint(g, n, 0, 1, u, &q, rel, tail))
			break; /* the releases it left are not all there */
		if (jointstep(u, n) < step) {
			step = jointstep(u, n);
			memcpy(t, u, (size_t)n * sizeof *u);
			savesteps(g, n, best);
			kept = 1;
		}
	}
	for (int k = 0; k < n; k++) /* as many steps: one per node, two per collective */
		setsteps(g[k], best[k], g[k]->nstep);
	arena_free(ar);
	return kept;
}

int rankp2p(Graph **g, int n, int *const *cls, const SchedOpts *so, RankTime *t)
{
	for (int k = 0; k < n || k < g[n - 1]->nranks; k++)
		if (k >= n || k >= g[n - 1]->nranks || g[k]->rank != k) {
			error((Loc){0},
			      "graph @%s: its ranks' graphs must be ranks 0 to %d, in order: rank %d is %s",
			      g[n - 1]->name, g[n - 1]->nranks - 1, k,
			      k < n ? "out of place" : "missing");
			return 0;
		}
	int ok = checkp2p(g, n, 1, 0, t, NULL) == 0, scheduled = 1, ours = cls != NULL;
	for (int k = 0; k < n; k++)
		scheduled &= g[k]->step != NULL;
	if (!ok)
		return 0;
	if (!scheduled)
		return 1;
	/* Each rank was scheduled alone, its receives taken to arrive at once; then again with
	 * when the other ranks let its ops begin (rounds). Where the ranks together are still
	 * slower so than as written, or could deadlock (a prefetch limit can hold a start back
	 * past a wait), each rank's compute is tried in the program's order (the user's pipeline
	 * schedule), only its communication moved, and the faster together stands; where both
	 * are slower than the program as written, or could deadlock, every rank keeps the
	 * program's order. */
	int bad = quietp2p(g, n, ours, t + n);
	if (ours && !so[0].safe && rounds(g, n, cls, so, bad, t + n))
		bad = 0;
	if (ours && (bad || jointstep(t + n, n) > jointstep(t, n))) {
		RankTime *u = zalloc((size_t)n, sizeof *u);
		Step **kept = zalloc((size_t)n, sizeof *kept);
		for (int k = 0; k < n; k++) {
			kept[k] = xmalloc(((size_t)g[k]->nstep + 1) * sizeof(Step));
			memcpy(kept[k], g[k]->step, (size_t)g[k]->nstep * sizeof(Step));
			SchedOpts o = so[k];
			o.inorder = 1;
			sched(g[k], cls[k], &o);
		}
		if (!quietp2p(g, n, 1, u) && (bad || jointstep(u, n) < jointstep(t + n, n))) {
			memcpy(t + n, u, (size_t)n * sizeof *u);
			bad = 0;
		} else {
			for (int k = 0; k < n;
			     k++) /* as many steps: one per node, two per collective */
				setsteps(g[k], kept[k], g[k]->nstep);
		}
		for (int k = 0; k < n; k++)
			free(kept[k]);
		free(kept);
		free(u);
	}
	if (bad && ours) {
		checkp2p(g, n, 0, 1, t + n, NULL); /* why, for the schedules it searched */
		warning((Loc){0},
			"graph '%s': dagcc's schedules could deadlock across the ranks of '%s' (above); every rank keeps the program's order instead",
			g[n - 1]->name, g[n - 1]->rankgroup);
	}
	if (ours && (bad || jointstep(t + n, n) > jointstep(t, n))) {
		for (int k = 0; k < n; k++)
			writtenorder(g[k]);
		bad = checkp2p(g, n, 0, 0, t + n, NULL);
	}
#ifndef NDEBUG
	RankTime *v = zalloc((size_t)n, sizeof *v); /* the times kept are the schedules' */
	if (!bad && (quietp2p(g, n, 1, v) || jointstep(v, n) != jointstep(t + n, n)))
		die("p2p: the ranks' schedules simulate to %.17g us, not the %.17g kept",
		    jointstep(v, n), jointstep(t + n, n));
	free(v);
#endif
	return bad ? 0 : 2;
}
