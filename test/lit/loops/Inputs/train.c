/* train.c - a training loop whose step count is a run-time value (argv[1]): work before the
 * loop that may overlap, a loop body of compute and collectives (an all-reduce whose result
 * the next step reads, a reduce-scatter nothing in the step reads), and work after it. The
 * program prints every output's bits, so the compiled build must print the same bytes for
 * every trip count. */
#include "show.h"
#include <stdlib.h>

#include "dagcc.h"

#define N 16

DAGCC_COMPUTE(us = 5)
void scale(dagcc_stream_t s, DAGCC_INOUT float *x, int n);
DAGCC_COMPUTE(us = 5)
void axpy(dagcc_stream_t s, DAGCC_IN const float *a, DAGCC_INOUT float *y, int n);

DAGCC_GRAPH void train(dagcc_group *g, float *w, float *grad, float *part, float *pre,
		       float *post, int nsteps, dagcc_stream_t s)
{
	scale(s, pre, N);
	dagcc_all_reduce(g, pre, N, DAGCC_F32, DAGCC_SUM, s);
	for (int step = 0; step < nsteps; step++) {
		axpy(s, w, grad, N);
		dagcc_all_reduce(g, grad, N, DAGCC_F32, DAGCC_AVG, s);
		axpy(s, grad, w, N);
		dagcc_reduce_scatter(g, w, part, N / 4, DAGCC_F32, DAGCC_SUM, s);
	}
	scale(s, post, N);
	dagcc_all_reduce(g, post, N, DAGCC_F32, DAGCC_SUM, s);
	axpy(s, pre, post, N);
}

void scale(dagcc_stream_t s, float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] *= 1.5f;
}

void axpy(dagcc_stream_t s, const float *a, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = 0.5f * a[i] + y[i] * 0.75f;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int nsteps = argc > 1 ? atoi(argv[1]) : 0;
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g), size = dagcc_group_size(g);
	float f[N];
	for (int i = 0; i < N; i++)
		f[i] = (float)((i * 7 + rank * 29) % 101) / 7.0f;
	float *w = upload(f, N), *grad = upload(f, N), *pre = upload(f, N), *post = upload(f, N);
	float *part = dagcc_malloc(sizeof(float) * N / 4 / (size_t)size + sizeof(float) * N);
	dagcc_copy_to_device(part, f, sizeof(float) * N / 4);
	dagcc_stream_t s = dagcc_stream_default();
	train(g, w, grad, part, pre, post, nsteps, s);
	dagcc_stream_sync(s);
	show("w", w, N, rank);
	show("grad", grad, N, rank);
	show("part", part, N / 4, rank);
	show("pre", pre, N, rank);
	show("post", post, N, rank);
	dagcc_free(w);
	dagcc_free(grad);
	dagcc_free(pre);
	dagcc_free(post);
	dagcc_free(part);
	dagcc_finalize();
	return 0;
}
