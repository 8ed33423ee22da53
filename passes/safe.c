/* safe.c - the safe schedule (safesched), with the guarantees of Inductor's simple_overlap, and
 * the check that the search is no slower than it (safer).
 *
 * Every node that is not a collective (compute, allocation, free, barrier) runs in program
 * order, so the bytes held at every step, and the peak, are the program's as written. Every
 * collective is started in program order too (each group's and each class's: no reordering
 * that could pair differently across ranks), as early as its inputs allow: right after the
 * last of the nodes it depends on, and after the collective before it. It is waited as late as
 * it can be: right before the first node that needs it, at a barrier (nothing moves across
 * one), before a start that needs it (an input on another stream; another group of its class,
 * which shares its ranks and so never overlaps it), or at the end. --max-prefetch and
 * --max-in-flight do not apply. One pass over the nodes and edges, and each collective scanned
 * at most twice by its class's in-flight list: O(N + E).
 *
 * Requires stream classes (groupclasses). Leaves the schedule in g->step. */
#include "../ir/ir.h"

typedef struct {
	int *a, n, cap;
} Ints;

typedef struct {
	Graph *g;
	const int *cls;
	char *waited;
	int *inflight, nflight,
		oldest; /* started collectives in start order; before oldest waited */
	Ints *bycls; /* by class: its collectives in flight (some may be waited since) */
	int *flightcls, *flightgrp; /* collectives in flight by their group's class, by group */
	Arena *a;
} Safe;

static void waitfor(Safe *s, int c)
{
	if (s->waited[c])
		return;
	addstep(s->g, ST_WAIT, c);
	s->waited[c] = 1;
	s->flightcls[s->cls[s->g->node[c].group]]--;
	s->flightgrp[s->g->node[c].group]--;
}

static void waitall(Safe *s)
{
	for (; s->oldest < s->nflight; s->oldest++)
		waitfor(s, s->inflight[s->oldest]);
}

static void start(Safe *s, int c)
{
	const Node *x = &s->g->node[c];
	for (int d = 0; d < x->ndep; d++) {
		const Node *p = &s->g->node[x->dep[d].node];
		if (iscollective(p->kind) && !samegroupstream(p, x) && x->dep[d].kind != DEP_GROUP)
			waitfor(s, x->dep[d].node);
	}
	int k = s->cls[x->group];
	Ints *l = &s->bycls[k];
	if (s->flightcls[k] > s->flightgrp[x->group]) { /* another group of its class in flight */
		int keep = 0;
		for (int j = 0; j < l->n; j++) {
			int y = l->a[j];
			if (s->waited[y])
				continue;
			if (s->g->node[y].group != x->group)
				waitfor(s, y);
			else
				l->a[keep++] = y;
		}
		l->n = keep;
	}
	addstep(s->g, ST_START, c);
	s->inflight[s->nflight++] = c;
	vpush(s->a, l, c);
	s->flightcls[k]++;
	s->flightgrp[x->group]++;
}

void safesched(Graph *g, const int *cls)
{
	int n = g->nnode;
	Safe s = {.g = g, .cls = cls, .a = arena_new()};
	s.waited = aarray(s.a, (size_t)n + 1, 1);
	s.inflight = aarray(s.a, (size_t)n + 1, sizeof(int));
	s.bycls = aarray(s.a, (size_t)g->ngroup + 1, sizeof(Ints));
	s.flightcls = aarray(s.a, (size_t)g->ngroup + 1, sizeof(int));
	s.flightgrp = aarray(s.a, (size_t)g->ngroup + 1, sizeof(int));
	/* at[i]: how many non-collectives come before i's run (i not a collective) or before
	 * i's start (a collective): as few as its inputs, the collective before it and the last
	 * barrier allow */
	int *at = aarray(s.a, (size_t)n + 1, sizeof(int)), spine = 0, floor = 0;
	int *coll = aarray(s.a, (size_t)n + 1, sizeof(int)), ncoll = 0;
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		if (!iscollective(x->kind)) {
			at[i] = spine++;
			if (x->kind == N_BARRIER)
				floor = spine;
			continue;
		}
		int e = floor;
		for (int d = 0; d < x->ndep; d++) {
			int p = x->dep[d].node;
			int after = iscollective(g->node[p].kind) ? at[p] : at[p] + 1;
			e = after > e ? after : e;
		}
		at[i] = floor = e;
		coll[ncoll++] = i;
	}
	g->step = NULL;
	g->nstep = g->capstep = 0;
	int next = 0; /* the next collective to start */
	for (int i = 0; i <= n; i++) {
		if (i < n && iscollective(g->node[i].kind))
			continue;
		int here = i < n ? at[i] : spine;
		while (next < ncoll && at[coll[next]] <= here)
			start(&s, coll[next++]);
		if (i == n)
			break;
		const Node *x = &g->node[i];
		for (int d = 0; d < x->ndep; d++)
			if (iscollective(g->node[x->dep[d].node].kind))
				waitfor(&s, x->dep[d].node);
		if (x->kind == N_BARRIER)
			waitall(&s);
		addstep(g, ST_RUN, i);
	}
	waitall(&s);
	arena_free(s.a);
}

/* After sched: the safe schedule in g's place where it simulates faster (within the memory
 * budget, or no higher than the search's peak, as sched takes the program as written). Ties
 * keep the search's. Returns 1 where it took the safe one. */
int safer(Graph *g, const int *cls, double mem_budget, const double *known)
{
	double cur[2];
	if (known) {
		cur[0] = known[0], cur[1] = known[1];
	} else {
		Sim s;
		simulate(g, g->step, g->nstep, cls, 0, &s);
		cur[0] = s.makespan, cur[1] = s.peak;
		freesim(&s);
	}
	Step *keep = g->step;
	int nkeep = g->nstep, capkeep = g->capstep;
	safesched(g, cls);
	Sim alt;
	simulate(g, g->step, g->nstep, cls, 0, &alt);
	int take = alt.makespan < cur[0] &&
		   (mem_budget < 0 || alt.peak <= mem_budget || alt.peak <= cur[1]);
	freesim(&alt);
	if (!take) /* the steps live in the graph's arena: the safe ones stay there unused */
		g->step = keep, g->nstep = nkeep, g->capstep = capkeep;
	return take;
}
