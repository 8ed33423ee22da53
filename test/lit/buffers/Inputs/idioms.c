/* idioms.c - one program per way of spelling memory that dagcc must see through; run-idioms.test
 * compares it with its overlapped form bit for bit. Kernels are order-sensitive
 * (y = 1.5 y + x), so any reordering of dependent calls changes the output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"
#include "idioms.h"

#define N 16
#define NL 3
#define SLICE(b, l) ((b) + (l) * N)
#define REDUCE(p, n) dagcc_all_reduce(g, p, n, DAGCC_F32, DAGCC_SUM, s)
#define FOR_LAYERS(l) for (int l = 0; l < NL; l++)
#define MAXNP 4

DAGCC_COMPUTE(flops = 2 * n)
void axpy(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *x, int n);
DAGCC_COMPUTE(flops = n)
void scale(dagcc_stream_t s, DAGCC_INOUT float *y, int n);
DAGCC_COMPUTE(flops = n)
void bump(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *opt, int n);

void axpy(dagcc_stream_t s, float *y, const float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = 1.5f * y[i] + x[i];
}

void scale(dagcc_stream_t s, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = y[i] * 0.75f + 1.0f;
}

void bump(dagcc_stream_t s, float *y, const float *opt, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = y[i] * 1.25f + (opt ? opt[i] : 0.5f);
}

struct model {
	float *g[3];
	float *act;
};

static float *grad(struct model *m, int i)
{
	return m->g[i];
}

DAGCC_GRAPH void macros(dagcc_group *g, float *base, dagcc_stream_t s)
{
	FOR_LAYERS(l) {
		float *y = SLICE(base, l + 1);
		axpy(s, y, SLICE(base, l), N);
		REDUCE(y, N);
	}
	axpy(s, base, SLICE(base, NL), N);
}

DAGCC_GRAPH void table(struct model *m, dagcc_group *g, dagcc_stream_t s)
{
	axpy(s, m->g[0], m->act, N);
	axpy(s, m->g[1] + 4, m->act, 8);
	float *const ptrs[] = {m->g[0], m->g[1] + 4, m->g[2]};
	const int nelem[] = {N, 8, N};
	for (int i = 0; i < 3; i++)
		dagcc_all_reduce(g, ptrs[i], nelem[i], DAGCC_F32, DAGCC_SUM, s);
	axpy(s, m->act, m->g[1] + 4, 8);
	axpy(s, grad(m, 2), m->act, N);
	dagcc_all_reduce(g, m->g[2], N, DAGCC_F32, DAGCC_SUM, s);
	axpy(s, m->act + 8, m->g[2], 8);
}

DAGCC_GRAPH void header(struct model *m, dagcc_group *g, dagcc_stream_t s)
{
	for (int l = 0; l < 3; l++) {
		float *y = THIS_ACT;
		axpy(s, LAYER_G(m, l), m->act, N);
		scale(s, THIS_G, N);
		axpy(s, CUR_Y, THIS_G, 4);
		dagcc_all_reduce(g, LAYER_G(m, l), N, DAGCC_F32, DAGCC_SUM, s);
	}
}

DAGCC_GRAPH void walk(float *a, float *b, dagcc_group *g, dagcc_stream_t s)
{
	float *p = a;
	scale(s, p, N);
	p = a + N;
	for (int i = 0; i < 3; i++) {
		axpy(s, p, b, 4);
		dagcc_all_reduce(g, p, 4, DAGCC_F32, DAGCC_SUM, s);
		p += 4;
	}
	axpy(s, b, a + N + 4, 4);
	bump(s, &a[N + 8], NULL, 4);
	bump(s, &*(b + 1), &b[8], 4);
}

/* through a pointer to the pointer: *pp, pp[0], *&m->act, pp reassigned, a store through it */
DAGCC_GRAPH void ptrptr(struct model *m, float *c, dagcc_group *g, dagcc_stream_t s)
{
	float **pp = &m->act;
	bump(s, *pp, NULL, N);
	REDUCE(m->act, N);
	float **pg = &m->g[1];
	scale(s, pg[0], N);
	REDUCE(*&m->g[1], N);
	axpy(s, *pg, m->act, N);
	pp = &m->g[2];
	bump(s, *pp, m->g[1], N);
	REDUCE(m->g[2], N);
	*pp = c;
	bump(s, m->g[2], NULL, N);
	REDUCE(c, N);
	axpy(s, pp[0], m->act, N);
}

DAGCC_GRAPH void sequence(float *x, float *part, float *full, int np, dagcc_group *g,
			  dagcc_stream_t s)
{
	(void)np;
	axpy(s, x, full, N * MAXNP);
	dagcc_reduce_scatter(g, x, part, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_gather(g, part, full, N, DAGCC_F32, s);
	scale(s, full, N);
	dagcc_all_reduce(g, full, N, DAGCC_F32, DAGCC_AVG, s);
	dagcc_broadcast(g, full, N, DAGCC_F32, 0, s);
	axpy(s, x, full, N);
}

static void init(float *p, int n, int seed)
{
	for (int i = 0; i < n; i++)
		p[i] = (float)((seed * 131 + i * 17) % 23) / 8.0f;
}

static float *buffer(int n, int seed)
{
	float *h = malloc(sizeof(float) * (size_t)n), *d = dagcc_malloc(sizeof(float) * (size_t)n);
	init(h, n, seed);
	dagcc_copy_to_device(d, h, sizeof(float) * (size_t)n);
	free(h);
	return d;
}

static void dump(const char *name, const float *d, int n)
{
	float *h = malloc(sizeof(float) * (size_t)n);
	dagcc_copy_to_host(h, d, sizeof(float) * (size_t)n);
	unsigned long long hash = 1469598103934665603ull;
	for (int i = 0; i < n; i++) {
		unsigned u;
		memcpy(&u, &h[i], sizeof u);
		hash = (hash ^ u) * 1099511628211ull;
	}
	printf("rank %d %s %016llx %a\n", dagcc_group_rank(dagcc_world()), name, hash, h[n - 1]);
	free(h);
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int r = dagcc_group_rank(g), np = dagcc_group_size(g);
	dagcc_stream_t s = dagcc_stream_default();
	float *base = buffer(N * (NL + 1), 1 + r);
	macros(g, base, s);
	struct model m = {{buffer(N, 2 + r), buffer(N, 3 + r), buffer(N, 4 + r)}, buffer(N, 5 + r)};
	table(&m, g, s);
	header(&m, g, s);
	float *a = buffer(2 * N, 6 + r), *b = buffer(N, 7 + r);
	walk(a, b, g, s);
	float *x = buffer(N * MAXNP, 8 + r), *part = buffer(N, 9), *full = buffer(N * MAXNP, 10 + r);
	sequence(x, part, full, np, g, s);
	float *c = buffer(N, 11 + r), *g2 = buffer(N, 12 + r);
	struct model m2 = {{buffer(N, 13 + r), buffer(N, 14 + r), g2}, buffer(N, 15 + r)};
	ptrptr(&m2, c, g, s);
	dagcc_stream_sync(s);
	dump("base", base, N * (NL + 1));
	for (int i = 0; i < 3; i++)
		dump("m.g", m.g[i], N);
	dump("m.act", m.act, N);
	dump("a", a, 2 * N);
	dump("b", b, N);
	dump("x", x, N * MAXNP);
	dump("full", full, N * np);
	for (int i = 0; i < 3; i++)
		dump("m2.g", m2.g[i], N);
	dump("m2.act", m2.act, N);
	dump("c", c, N);
	dump("g2", g2, N);
	dagcc_finalize();
	return 0;
}
