/* sim.c - a discrete-event model of a schedule (simulate), and the lower bound (lowerbound).
 *
 * The compute stream runs the schedule's steps in order: a compute node takes its cost; an
 * alloc or free changes the bytes held; a start puts a collective on its class's FIFO stream,
 * where it begins once the compute stream has reached the start and the stream is free; a wait
 * holds the compute stream until that collective has finished, and the time it holds is
 * exposed communication. Requires costs (fillcost) and a valid schedule. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		fatal("out of memory");
	return p;
}

void simulate(const Graph *g, const Step *step, int nstep, const int *cls, Sim *s)
{
	memset(s, 0, sizeof *s);
	s->group = xcalloc((size_t)g->ngroup, sizeof *s->group);
	s->ev = xcalloc((size_t)g->nnode, sizeof *s->ev);
	double *free_at = xcalloc((size_t)g->ngroup, sizeof *free_at); /* by class */
	double t = 0, mem = 0;
	for (int k = 0; k < nstep; k++) {
		const Node *n = &g->node[step[k].node];
		SimEvent *ev = &s->ev[step[k].node];
		switch (step[k].kind) {
		case ST_RUN:
			ev->begin = t;
			if (n->kind == N_COMPUTE)
				t += n->cost;
			else if (n->kind == N_ALLOC)
				mem += (double)n->bytes;
			else if (n->kind == N_FREE)
				mem -= (double)n->bytes;
			ev->end = t;
			if (mem > s->peak)
				s->peak = mem;
			s->compute += n->kind == N_COMPUTE ? n->cost : 0;
			break;
		case ST_START: {
			int c = cls[n->group];
			ev->issue = t;
			ev->begin = fmax(t, free_at[c]);
			ev->end = ev->begin + n->cost;
			free_at[c] = ev->end;
			s->group[n->group].busy += n->cost;
			break;
		}
		case ST_WAIT:
			ev->need = t;
			if (s->ev[step[k].node].end > t) {
				double wait = s->ev[step[k].node].end - t;
				ev->waited = wait;
				s->exposed += wait;
				s->group[n->group].exposed += wait;
				t += wait;
			}
			break;
		}
	}
	s->makespan = t;
	for (int c = 0; c < g->ngroup; c++)
		s->makespan = fmax(s->makespan, free_at[c]);
	free(free_at);
}

void freesim(Sim *s)
{
	free(s->group);
	free(s->ev);
	memset(s, 0, sizeof *s);
}

/* The program as written: every collective started and waited where it stands. */
void programorder(Graph *g, Step **out, int *nout)
{
	Step *st = xcalloc((size_t)g->nnode * 2, sizeof *st);
	int n = 0;
	for (int i = 0; i < g->nnode; i++) {
		if (iscollective(g->node[i].kind)) {
			st[n++] = (Step){ST_START, i};
			st[n++] = (Step){ST_WAIT, i};
		} else {
			st[n++] = (Step){ST_RUN, i};
		}
	}
	*out = st;
	*nout = n;
}

/* max(total compute, the busiest stream class, the longest path through the DAG). */
double lowerbound(const Graph *g, const int *cls)
{
	double compute = 0, *busy = xcalloc((size_t)g->ngroup, sizeof *busy);
	double *path = xcalloc((size_t)g->nnode, sizeof *path), crit = 0;
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if (n->kind == N_COMPUTE)
			compute += n->cost;
		if (iscollective(n->kind))
			busy[cls[n->group]] += n->cost;
		double start = 0;
		for (int d = 0; d < n->ndep; d++)
			start = fmax(start, path[n->dep[d].node]);
		path[i] = start + n->cost; /* edges point backward: program order is topological */
		crit = fmax(crit, path[i]);
	}
	double lb = fmax(compute, crit);
	for (int c = 0; c < g->ngroup; c++)
		lb = fmax(lb, busy[c]);
	free(busy);
	free(path);
	return lb;
}

/* Before scheduling: stream classes, group sizes, the program as written and the bound. */
void analyze(Graph *g, const CostOpts *o, Analysis *a)
{
	memset(a, 0, sizeof *a);
	a->cls = xcalloc((size_t)g->ngroup, sizeof(int));
	a->size = xcalloc((size_t)g->ngroup, sizeof(int));
	groupclasses(g, o, a->cls);
	for (int i = 0; i < g->ngroup; i++)
		a->size[i] = groupsize(g, i, o);
	Step *orig;
	int norig;
	programorder(g, &orig, &norig);
	simulate(g, orig, norig, a->cls, &a->before);
	a->wnode = g->node;
	a->nwnode = g->nnode;
	free(orig);
	a->lb = lowerbound(g, a->cls);
}

/* After: the graph's schedule (which it must have), and the bound of the graph scheduled when
 * bucketing changed it. */
void analyzesched(const Graph *g, Analysis *a)
{
	simulate(g, g->step, g->nstep, a->cls, &a->after);
	if (g->node != a->wnode)
		a->lb = lowerbound(g, a->cls);
}

void freeanalysis(Analysis *a)
{
	freesim(&a->before);
	freesim(&a->after);
	free(a->cls);
	free(a->size);
	memset(a, 0, sizeof *a);
}
