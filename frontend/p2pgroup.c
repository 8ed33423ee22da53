/* p2pgroup.c - dagcc_p2p_begin .. dagcc_p2p_end: the sends and receives between them as one
 * node, and groups under run-time control flow. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

/* dagcc_p2p_begin(g, s): the sends and receives up to dagcc_p2p_end(g, s) become one node. */
void p2pbegin(X *x, Expr *call)
{
	if (x->p2p) {
		if (once(x, call->loc)) {
			derror(x->d, call->loc,
			       "dagcc_p2p_begin inside a p2p group: p2p groups do not nest; end the one begun before with dagcc_p2p_end first");
			dnote(x->d, x->p2p->loc, "the p2p group begun here");
		}
		return;
	}
	x->p2p = call;
	x->p2pat = x->g->nnode;
	x->p2pgroup = canonstr(x, call->arg[0]);
	x->p2pgtext = subst(x, &call->arg[0]->src);
	x->p2pstream = subst(x, &call->arg[1]->src);
}

/* What a node between dagcc_p2p_begin and _end that is not a send or a receive is. */
static const char *nodeword(X *x, const Node *n)
{
	switch (n->kind) {
	case N_COMPUTE:
		return afmt(x->g->arena, "compute call '%s'", n->name);
	case N_ALLOC:
		return "dagcc_alloc_async";
	case N_FREE:
		return "dagcc_free_async";
	case N_BARRIER:
		return "a statement that is an ordering barrier";
	default:
		return afmt(x->g->arena, "a collective (%s)", kindname[n->kind]);
	}
}

/* The root two members of a p2p group surely touch the same bytes of, one writing; or NULL. */
static const char *racing(Graph *g, const Node *x, const Node *y)
{
	int unk = findname(g, &g->root, UNKNOWN_ROOT);
	for (int u = 0; u < x->nacc; u++)
		for (int v = 0; v < y->nacc; v++) {
			const Access *a = &x->acc[u], *b = &y->acc[v];
			if (a->root == b->root && a->root != unk &&
			    ((a->mode | b->mode) & ACC_WRITE) &&
			    (a->len == LEN_REST || a->off + a->len > b->off) &&
			    (b->len == LEN_REST || b->off + b->len > a->off))
				return g->root[a->root];
		}
	return NULL;
}

/* dagcc_p2p_end(g, s): the nodes since its begin, each a send or a receive of g, become one
 * p2p group node (N_P2P) at the place of the first, their accesses its own. */
void p2pend(X *x, Expr *call)
{
	Expr *begin = x->p2p;
	if (!begin) {
		if (once(x, call->loc))
			derror(x->d, call->loc,
			       "dagcc_p2p_end without a dagcc_p2p_begin before it in the graph");
		return;
	}
	x->p2p = NULL;
	Graph *g = x->g;
	const char *group = canonstr(x, call->arg[0]);
	if (strcmp(group, x->p2pgroup)) {
		if (once(x, call->loc)) {
			derror(x->d, call->loc,
			       "dagcc_p2p_end on '%s' ends the p2p group begun on '%s': begin and end name one group",
			       group, x->p2pgroup);
			dnote(x->d, begin->loc, "the p2p group begun here");
		}
		return;
	}
	int gi = intern(g, &g->group, &g->ngroup, x->p2pgroup), at = x->p2pat, ok = 1;
	for (int i = at; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		int p2p = isp2pmember(n->kind);
		if (p2p && n->group == gi)
			continue;
		ok = 0;
		if (!once(x, n->loc))
			continue;
		if (p2p)
			derror(x->d, n->loc,
			       "%s on '%s' in a p2p group on '%s': a p2p group holds the sends and receives of the group it begins on",
			       n->kind == N_SEND ? "send" : "receive", g->group[n->group],
			       x->p2pgroup);
		else
			derror(x->d, n->loc,
			       "%s between dagcc_p2p_begin and dagcc_p2p_end: a p2p group holds only sends and receives; end it before this",
			       nodeword(x, n));
		dnote(x->d, begin->loc, "the p2p group begun here");
	}
	if (!ok || at == g->nnode) /* an empty group issues nothing */
		return;
	Node p = mknode(N_P2P, begin->loc);
	p.loc.file = g->node[at].loc.file;
	p.group = gi;
	p.dtype = DT_U8;
	p.nmember = g->nnode - at;
	p.member = aarray(g->arena, (size_t)p.nmember, sizeof(Member));
	p.src = aalloc(g->arena, sizeof *p.src);
	p.src->text = subst(x, &begin->src);
	p.src->gtext = x->p2pgtext;
	p.src->stream = x->p2pstream;
	for (int i = at; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		p.member[i - at] = (Member){.count = n->count,
					    .call = n->src->call,
					    .send = n->src->send,
					    .recv = n->src->recv,
					    .loc = n->loc,
					    .kind = n->kind,
					    .dtype = n->dtype,
					    .peer = n->peer};
		p.count += n->bytes;
	}
	p.bytes = p.count;
	Node *members = aarray(g->arena, (size_t)p.nmember, sizeof(Node));
	memcpy(members, &g->node[at], (size_t)p.nmember * sizeof(Node));
	g->nnode = at;
	Node *n = addnode(g, N_P2P, begin->loc);
	Loc loc = n->loc;
	*n = p;
	n->loc = loc;
	for (int k = 0; k < p.nmember; k++)
		for (int j = 0; j < members[k].nacc; j++) {
			const Access *a = &members[k].acc[j];
			int have = 0;
			for (int i = 0; i < n->nacc && !have; i++)
				have = n->acc[i].root == a->root && n->acc[i].mode == a->mode &&
				       n->acc[i].off == a->off && n->acc[i].len == a->len;
			if (have)
				continue;
			addacc(g, n, a->root, a->mode, a->off, a->len);
			n->acc[n->nacc - 1].local = a->local;
		}
	/* its sends and receives run at once: one that writes what another touches is a race */
	for (int k = 1; k < p.nmember; k++) {
		const char *root = NULL;
		int j = 0;
		for (; j < k && !root; j++)
			root = racing(g, &members[k], &members[j]);
		if (root && once(x, members[k].loc))
			derror(x->d, members[k].loc,
			       "this %s and the %s at line %d of the same p2p group touch the same bytes of '%s', and one writes them: a p2p group's sends and receives run at once, in no order",
			       members[k].kind == N_SEND ? "send" : "receive",
			       members[j - 1].kind == N_SEND ? "send" : "receive",
			       members[j - 1].loc.line, root);
	}
	if (x->nscanned > at)
		x->nscanned = at;
}

/* The call a statement is, if it begins or ends a p2p group; else NULL. */
static Expr *p2pcall(const Stmt *s)
{
	Expr *e = s->kind == S_EXPR ? s->init : NULL;
	return e && e->kind == E_CALL && (e->call == CALL_P2PBEGIN || e->call == CALL_P2PEND) ?
		       e :
		       NULL;
}

/* A p2p group under a run-time if, loop or switch runs where it stands, with the statement:
 * each begins and ends in one block there (s: one arm of the statement). */
void runtimep2p(X *x, Stmt *s, const char *where)
{
	if (!s)
		return;
	Stmt **kid = s->kind == S_BLOCK ? s->kid : &s;
	int n = s->kind == S_BLOCK ? s->nkid : 1;
	Expr *open = NULL, *e;
	for (int i = 0; i < n; i++) {
		if (!(e = p2pcall(kid[i]))) {
			if (kid[i]->kind == S_BLOCK) {
				runtimep2p(x, kid[i], where);
			} else {
				runtimep2p(x, kid[i]->body, where);
				runtimep2p(x, kid[i]->els, where);
			}
			continue;
		}
		int begin = e->call == CALL_P2PBEGIN;
		if (begin == !open) {
			open = begin ? e : NULL;
			continue;
		}
		if (once(x, e->loc))
			derror(x->d, e->loc,
			       "%s under a run-time %s %s: a p2p group there begins and ends in one block, which runs where it stands",
			       e->name, where,
			       begin ? "inside another p2p group" : "without its dagcc_p2p_begin");
	}
	if (open && once(x, open->loc))
		derror(x->d, open->loc,
		       "dagcc_p2p_begin under a run-time %s without its dagcc_p2p_end in the same block: a p2p group there begins and ends in one block, which runs where it stands",
		       where);
}
