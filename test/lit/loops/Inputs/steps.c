/* steps.c - a training loop of run-time steps (argv[1]) around a run-time number of
 * micro-batches (argv[2]), with work between the levels: each step gathers its parameters
 * before the micro-batches, each micro-batch runs forward, backward, a reduce-scatter of its
 * gradient and the accumulation of it, and after them the step all-reduces the accumulated
 * gradient and applies it. The micro-batch loop is a loop node in the step's body, rotated on
 * its own (the reduce-scatter waited a trip late); the step's body holds it, so is not. The
 * program prints every output's bits, so the compiled build must print the same bytes for
 * every pair of trip counts. */
#include "show.h"
#include <stdlib.h>

#include "dagcc.h"

#define N 64

DAGCC_COMPUTE(us = 20)
void forward(dagcc_stream_t s, DAGCC_IN const float *w, DAGCC_OUT float *act, int n);
DAGCC_COMPUTE(us = 20)
void backward(dagcc_stream_t s, DAGCC_IN const float *act, DAGCC_INOUT float *grad, int n);
DAGCC_COMPUTE(us = 5)
void accum(dagcc_stream_t s, DAGCC_IN const float *part, DAGCC_INOUT float *acc, int n);

DAGCC_GRAPH void train(dagcc_group *g, float *shard, float *w, float *act, float *grad,
		       float *part, float *acc, int nsteps, int nmicro, dagcc_stream_t s)
{
	for (int step = 0; step < nsteps; step++) {
		dagcc_all_gather(g, shard, w, N / 4, DAGCC_F32, s);
		for (int mb = 0; mb < nmicro; mb++) {
			forward(s, w, act, N);
			backward(s, act, grad, N);
			dagcc_reduce_scatter(g, grad, part, N / 4, DAGCC_F32, DAGCC_SUM, s);
			accum(s, part, acc, N / 4);
		}
		dagcc_all_reduce(g, acc, N / 4, DAGCC_F32, DAGCC_AVG, s);
		accum(s, acc, shard, N / 4);
	}
}

void forward(dagcc_stream_t s, const float *w, float *act, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		act[i] = 0.5f * w[i] + 0.25f * act[i] + 0.125f;
}

void backward(dagcc_stream_t s, const float *act, float *grad, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		grad[i] = 0.75f * grad[i] - 0.5f * act[i];
}

void accum(dagcc_stream_t s, const float *part, float *acc, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		acc[i] = acc[i] * 0.5f + part[i];
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int nsteps = argc > 1 ? atoi(argv[1]) : 0, nmicro = argc > 2 ? atoi(argv[2]) : 0;
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g), size = dagcc_group_size(g);
	float f[N * 4];
	for (int i = 0; i < N * 4; i++)
		f[i] = (float)((i * 7 + rank * 29) % 101) / 7.0f;
	size_t big = (size_t)N * 4 * (size_t)size; /* room for any group's gather */
	float *w = dagcc_malloc(sizeof(float) * big), *act = upload(f, N), *grad = upload(f, N);
	float *part = upload(f, N), *acc = upload(f, N), *shard = upload(f, N);
	dagcc_copy_to_device(w, f, sizeof(float) * N);
	dagcc_stream_t s = dagcc_stream_default();
	train(g, shard, w, act, grad, part, acc, nsteps, nmicro, s);
	dagcc_stream_sync(s);
	show("w", w, N, rank);
	show("act", act, N, rank);
	show("grad", grad, N, rank);
	show("part", part, N / 4, rank);
	show("acc", acc, N / 4, rank);
	show("shard", shard, N / 4, rank);
	float *all[] = {w, act, grad, part, acc, shard};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		dagcc_free(all[i]);
	dagcc_finalize();
	return 0;
}
