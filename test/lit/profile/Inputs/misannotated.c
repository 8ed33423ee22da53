/* misannotated.c - a step whose annotations are wrong: heavy says 1 us and spins on the host
 * clock for HEAVY_MS, light says 400 us and returns at once. From the annotations dagcc runs
 * heavy first (its all-reduce then hides behind light); from a profile it runs light first,
 * so light's all-reduce hides behind heavy. Prints a checksum of the result, the same for
 * every schedule; with -DTIMED also the time per step on stderr (bench/profile_run.sh). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "dagcc.h"

#ifndef N
#define N 65536
#endif
#ifndef STEPS
#define STEPS 5
#endif
#ifndef HEAVY_MS
#define HEAVY_MS 20
#endif

struct state {
	dagcc_group *dp;
	float *a, *b;
};

DAGCC_COMPUTE(us = 1)
void heavy(dagcc_stream_t s, DAGCC_OUT_N(n) float *x, int n);
DAGCC_COMPUTE(us = 400)
void light(dagcc_stream_t s, DAGCC_OUT_N(n) float *y, int n);
DAGCC_COMPUTE(us = 1)
void combine(dagcc_stream_t s, DAGCC_INOUT_N(n) float *x, DAGCC_IN_N(n) const float *y, int n);

DAGCC_GRAPH void step(struct state *st, dagcc_stream_t s)
{
	heavy(s, st->a, N);
	dagcc_all_reduce(st->dp, st->a, N, DAGCC_F32, DAGCC_SUM, s);
	light(s, st->b, N);
	dagcc_all_reduce(st->dp, st->b, N, DAGCC_F32, DAGCC_SUM, s);
	combine(s, st->a, st->b, N);
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void heavy(dagcc_stream_t s, float *x, int n)
{
	(void)s;
	double end = now() + HEAVY_MS * 1e-3;
	while (now() < end)
		;
	for (int i = 0; i < n; i++)
		x[i] = (float)(i % 7);
}

void light(dagcc_stream_t s, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i += 1024)
		y[i] = (float)(i % 5);
}

void combine(dagcc_stream_t s, float *x, const float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] += y[i];
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct state st = {.dp = dagcc_world()};
	st.a = dagcc_malloc(N * sizeof(float));
	st.b = dagcc_malloc(N * sizeof(float));
	for (int i = 0; i < N; i++)
		st.b[i] = 0;
	dagcc_stream_t s = dagcc_stream_default();
	double t0 = now();
	for (int k = 0; k < STEPS; k++)
		step(&st, s);
	dagcc_stream_sync(s);
#ifdef TIMED
	fprintf(stderr, "rank %d ms/step %.3f\n", dagcc_group_rank(st.dp), (now() - t0) * 1e3 / STEPS);
#else
	(void)t0;
#endif
	double sum = 0;
	for (int i = 0; i < N; i++)
		sum += st.a[i];
	printf("rank %d sum %.1f\n", dagcc_group_rank(st.dp), sum);
	dagcc_free(st.a);
	dagcc_free(st.b);
	dagcc_finalize();
	return 0;
}
