/* check.c - the IR verifier, run between passes (check).
 *
 * Checks what every pass may assume: indices in range (groups, roots, edges), each collective
 * with a group, a dtype and, when it reduces, an op; byte ranges that make sense; edges that
 * point from an earlier node to a later one (program order is a topological order, so the graph
 * is acyclic), at most one edge per pair, each with a kind; and no order with a barrier that
 * goes through group order alone, which a schedule may break (orderbarriers); a loop node a
 * barrier with a body of its own, checked as a graph is (and, scheduled, with a schedule); a
 * peeled loop's late nodes as many guarded compute or collective nodes after it. Returns the number
 * of problems, each reported as an error at the node's source location when it has one. */
#include <stdlib.h>

#include "../ir/ir.h"

/* A problem at node i, reported (into d) at its source line when it has one. */
static int badin(Diags *d, const Graph *g, int i, const char *what, long long x)
{
	Loc loc = i >= 0 && i < g->nnode && g->node[i].loc.line > 0 ? g->node[i].loc : (Loc){0};
	derror(d, loc, "invalid IR: graph @%s, node %%%d: %s (%lld)", g->name, i, what, x);
	return 1;
}

static int bad(const Graph *g, int i, const char *what, long long x)
{
	return badin(NULL, g, i, what, x);
}

int check(const Graph *g)
{
	int nbad = 0;
	Arena *scratch = arena_new();
	int *last =
		aarray(scratch, (size_t)g->nnode, sizeof(int)); /* last successor seen, by source */
	for (int i = 0; i < g->nnode; i++)
		last[i] = -1;
	int *seen = aarray(scratch, (size_t)g->nloop + 1, sizeof(int)); /* nodes by loop */
	int *nguard = aarray(scratch, (size_t)g->nloop + 1, sizeof(int)); /* guarded, by loop */
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if ((int)n->kind < 0 || n->kind >= NKIND) {
			nbad += bad(g, i, "unknown kind", n->kind);
			continue;
		}
		if (iscollective(n->kind)) {
			if (n->group < 0 || n->group >= g->ngroup)
				nbad += bad(g, i, "collective without a valid group", n->group);
			if ((int)n->dtype < 0 || n->dtype >= NDTYPE)
				nbad += bad(g, i, "unknown dtype", n->dtype);
			int reduces = colls[n->kind].op >= 0;
			if (reduces && ((int)n->op < 0 || n->op >= NOP))
				nbad += bad(g, i, "reducing collective without an op", (int)n->op);
			if (!reduces && (int)n->op != -1)
				nbad += bad(g, i, "op on a collective that does not reduce",
					    (int)n->op);
			if (n->count < 0)
				nbad += bad(g, i, "negative count", n->count);
			if (n->bytes != n->count * dtypesize(n->dtype))
				nbad += bad(g, i, "bytes differ from count * dtype size", n->bytes);
		} else if (n->group != -1) {
			nbad += bad(g, i, "group on a node that is not a collective", n->group);
		}
		if ((unsigned)n->form >= NBKFORM)
			nbad += bad(g, i, "unknown bucket form", n->form);
		else if (n->form != BK_NONE) {
			int64_t sum = 0;
			int over = 0;
			for (int k = 0; k < n->nmember; k++)
				over |= __builtin_add_overflow(sum, n->member[k].count, &sum);
			const Coll *c = &colls[n->kind];
			if (!c->buckets)
				nbad += bad(g, i, "bucket of a collective that does not bucket",
					    n->kind);
			else if (n->form == BK_CONTIGUOUS && c->send != c->recv)
				nbad += bad(g, i, "contiguous bucket that is not an all_reduce",
					    n->kind);
			if (n->nmember < 2)
				nbad += bad(g, i, "bucket of fewer than two members", n->nmember);
			if (over || sum != n->count)
				nbad += bad(g, i, "bucket's count is not its members' sum", sum);
		} else if (n->kind == N_P2P) {
			int64_t sum = 0;
			int over = 0;
			if (n->nmember < 1)
				nbad += bad(g, i, "p2p group without members", n->nmember);
			for (int k = 0; k < n->nmember; k++) {
				const Member *m = &n->member[k];
				int64_t mb = 0;
				if (!isp2pmember(m->kind))
					nbad += bad(g, i,
						    "p2p group member not a send or a receive",
						    m->kind);
				else if ((unsigned)m->dtype >= NDTYPE || m->count < 0 ||
					 m->peer < -1)
					nbad += bad(
						g, i,
						"p2p group member with a bad dtype, count or peer",
						k);
				else
					over |= __builtin_mul_overflow(m->count,
								       (int64_t)dtypesize(m->dtype),
								       &mb) ||
						__builtin_add_overflow(sum, mb, &sum);
			}
			if (over || sum != n->count || n->dtype != DT_U8)
				nbad += bad(g, i, "p2p group's count is not its members' bytes",
					    sum);
		} else if (n->nmember) {
			nbad += bad(g, i, "members on a node that is not a bucket", n->nmember);
		}
		if (n->bucket != -1) {
			const Node *c =
				n->bucket >= 0 && n->bucket < g->nnode ? &g->node[n->bucket] : NULL;
			if (n->kind != N_COMPUTE && n->kind != N_ALLOC && n->kind != N_FREE)
				nbad += bad(g, i, "bucket reference on a node that cannot have one",
					    n->kind);
			else if (!c || c->form != BK_PACKED)
				nbad += bad(
					g, i,
					"bucket reference to a node that is not a packed bucket",
					n->bucket);
		}
		if ((n->kind == N_COMPUTE || n->kind == N_BARRIER) && !n->name)
			nbad += bad(g, i, "compute or barrier without a name", 0);
		if (n->kind == N_BARRIER && n->nacc)
			nbad += bad(g, i, "barrier with accesses", n->nacc);
		if (n->loop < 0 || n->loop > g->nloop)
			nbad += bad(g, i, "loop reference to an unknown loop", n->loop);
		else if (n->loop && n->kind != N_BARRIER)
			nbad += bad(g, i, "loop on a node that is not a barrier", n->kind);
		else if (n->loop && !g->loop[n->loop - 1].body)
			nbad += bad(g, i, "loop without a body", n->loop);
		else if (n->loop && seen[n->loop - 1]++)
			nbad += bad(g, i, "loop another node has", n->loop);
		if (n->guard < 0 || n->guard > g->nloop)
			nbad += bad(g, i, "guard by an unknown loop", n->guard);
		else if (n->guard && !seen[n->guard - 1]) /* its loop node is before it */
			nbad += bad(g, i, "guard by a loop whose node is not before it", n->guard);
		else if (n->guard && !g->loop[n->guard - 1].peeled)
			nbad += bad(g, i, "guard by a loop not peeled", n->guard);
		else if (n->guard && !guardable(n))
			nbad += bad(g, i,
				    "guard on a node that is not a compute, a collective or an "
				    "unpacked bucket",
				    n->kind);
		else if (n->guard)
			nguard[n->guard - 1]++;
		if (n->bytes < 0)
			nbad += bad(g, i, "negative size", n->bytes);
		for (int k = 0; k < n->nacc; k++) {
			const Access *a = &n->acc[k];
			if (a->root < 0 || a->root >= g->nroot)
				nbad += bad(g, i, "access to an unknown root", a->root);
			if (a->mode < 1 || a->mode > 3)
				nbad += bad(g, i, "access with a bad mode", a->mode);
			if (a->off < 0 || (a->len < 0 && a->len != LEN_REST))
				nbad += bad(g, i, "access with a bad range", a->off);
		}
		for (int k = 0; k < n->ndep; k++) {
			int from = n->dep[k].node;
			if (from < 0 || from >= g->nnode) {
				nbad += bad(g, i, "edge from an unknown node", from);
				continue;
			}
			if (from >= i)
				nbad += bad(
					g, i,
					"edge from a node that does not come earlier in program order",
					from);
			else if (last[from] == i)
				nbad += bad(g, i, "two edges from one node", from);
			last[from] = i;
			if (n->dep[k].kind <= 0 || n->dep[k].kind >= 32)
				nbad += bad(g, i, "edge without a kind", n->dep[k].kind);
		}
	}
	for (int k = 0; k < g->nloop; k++) {
		const Loop *lp = &g->loop[k];
		int nlate = 0;
		for (int i = 0; lp->late && i < lp->body->nnode; i++)
			nlate += lp->late[i];
		if (!seen[k])
			nbad += bad(g, -1, "loop no node has", k + 1);
		else if (lp->peeled && !lp->late)
			nbad += bad(g, -1, "peeled loop not rotated", k + 1);
		else if (lp->peeled && nguard[k] != nlate)
			nbad += bad(g, -1, "peeled loop's guarded nodes not its late nodes' number",
				    nguard[k]);
	}
	int node, barrier;
	if (!nbad && groupbarriers(g, &node, &barrier))
		nbad += bad(g, node, "ordered with a barrier through group order alone: barrier",
			    barrier);
	for (int k = 0; !nbad && k < g->nloop; k++) /* each body a graph of its own */
		nbad += check(g->loop[k].body);
	arena_free(scratch);
	return nbad;
}

/* Loop lp's rotated body: its late set closed under the body's edges, and three trips of the
 * body in program order (their edges made over that order, across the back edges too) run
 * validly by the emitted program: the first iteration without the late nodes, two more whole,
 * the epilogue's late nodes alone. Two back edges are crossed, so each trip's late nodes meet
 * the next trip's others and the trip after's; trips further apart are ordered by the
 * iterations between them, each of which ends with all it started waited. */
static int checkrotated(const Loop *lp, Diags *diags)
{
	const Graph *b = lp->body;
	int n = b->nnode;
	for (int i = 0; i < n; i++)
		for (int d = 0; d < b->node[i].ndep; d++)
			if (lp->late[b->node[i].dep[d].node] && !lp->late[i])
				return badin(diags, b, i,
					     "runs this trip but depends on a late node",
					     b->node[i].dep[d].node);
	if (b->nloop)
		return badin(diags, b, 0, "rotated body holding a loop", b->nloop);
	if (lp->pinned) /* its header may read what a late node writes */
		return badin(diags, b, 0, "pinned loop's body rotated", 0);
	enum { TRIPS = 3 };
	int *seq = xmalloc(((size_t)n * TRIPS + 1) * sizeof *seq);
	for (int j = 0; j < n * TRIPS; j++)
		seq[j] = j % n;
	Graph *u = seqgraph(b, seq, n * TRIPS);
	u->name = afmt(u->arena, "%s three trips rotated (trip T's node %%N is %%(T*%d+N))",
		       b->name, n);
	for (int it = 0; it <= TRIPS; it++)
		for (int k = 0; k < b->nstep; k++) {
			int i = b->step[k].node, trip = it - (i >= 0 && i < n && lp->late[i]);
			if (i >= 0 && i < n && trip >= 0 && trip < TRIPS)
				addstep(u, b->step[k].kind, trip * n + i);
		}
	int nbad = checksched(u, diags);
	freegraph(u);
	free(seq);
	return nbad;
}

/* A schedule is valid when it runs every node once (collectives: one start, then one wait) and
 * honours every edge: a node comes after the nodes it depends on, after the wait of any
 * collective it depends on, except that a collective may follow one that runs on the same
 * stream of its group (samegroupstream: a send after a send, not after a receive or an all-reduce)
 * right after that one's start, and so may one that follows another of its group in program
 * order alone (the order they are issued in, as sends and receives pair by it), and that an edge that is program order
 * alone between two of a group's collectives (reorderable) binds nothing. */
int checksched(const Graph *g, Diags *diags)
{
	if (!g->step)
		return 0;
	int nbad = 0, n = g->nnode;
	Arena *scratch = arena_new();
	int *at = aarray(scratch, (size_t)n, sizeof(int)),
	    *waitat = aarray(scratch, (size_t)n, sizeof(int));
	for (int i = 0; i < n; i++)
		at[i] = waitat[i] = -1;
	for (int k = 0; k < g->nstep; k++) {
		int i = g->step[k].node;
		if (i < 0 || i >= n) {
			nbad += badin(diags, g, i, "schedule names an unknown node", k);
			continue;
		}
		int coll = iscollective(g->node[i].kind);
		switch (g->step[k].kind) {
		case ST_RUN:
		case ST_START:
			if (coll != (g->step[k].kind == ST_START))
				nbad += badin(diags, g, i,
					      coll ? "collective run instead of started" :
						     "only a collective can be started",
					      k);
			else if (at[i] >= 0)
				nbad += badin(diags, g, i, "scheduled twice", k);
			else
				at[i] = k;
			break;
		case ST_WAIT:
			if (!coll)
				nbad += badin(diags, g, i, "only a collective can be waited", k);
			else if (at[i] < 0)
				nbad += badin(diags, g, i, "waited before it is started", k);
			else if (waitat[i] >= 0)
				nbad += badin(diags, g, i, "waited twice", k);
			else
				waitat[i] = k;
			break;
		}
	}
	for (int i = 0; i < n && !nbad; i++) {
		const Node *x = &g->node[i];
		if (at[i] < 0)
			nbad += badin(diags, g, i, "missing from the schedule", 0);
		else if (iscollective(x->kind) && waitat[i] < 0)
			nbad += badin(diags, g, i, "started but never waited", at[i]);
		for (int d = 0; d < x->ndep && !nbad; d++) {
			int p = x->dep[d].node;
			if (reorderable(g, x, &x->dep[d]))
				continue; /* the order it is started in */
			const Node *pn = &g->node[p];
			int order = iscollective(x->kind) &&
				    (samegroupstream(pn, x) || x->dep[d].kind == DEP_GROUP);
			int ready = !iscollective(pn->kind) || order ? at[p] : waitat[p];
			if (ready < 0 || ready > at[i])
				nbad += badin(diags, g, i,
					      "scheduled before what it depends on: node", p);
		}
	}
	/* a loop's body runs by its own schedule, which the graph's needs */
	for (int i = 0; i < n && !nbad; i++) {
		const Loop *lp = loopof(g, &g->node[i]);
		if (lp && !lp->body->step)
			nbad += badin(diags, g, i, "loop body without a schedule", g->node[i].loop);
		else if (lp && lp->late) /* its edges are the rotated sequence's, not one trip's */
			nbad += checkrotated(lp, diags);
		else if (lp)
			nbad += checksched(lp->body, diags);
	}
	arena_free(scratch);
	return nbad;
}
