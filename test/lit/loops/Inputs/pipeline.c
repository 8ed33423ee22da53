/* pipeline.c - two run-time loops that overlap one trip with the next once rotated across
 * their back edges. accumulate (micro-batches: argv[1]): each trip's reduce-scatter of its
 * gradient and the accumulation after it wait a trip late, under the next trip's forward pass,
 * which reads neither. prefetch (steps: argv[1]): each trip's gather of the parameters is
 * started a trip early, under the trip before's long compute, once that trip's last reader of
 * the gathered buffer is done. The program prints every output's bits, so the compiled build
 * must print the same bytes for every trip count. */
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

DAGCC_GRAPH void accumulate(dagcc_group *g, float *w, float *act, float *grad, float *part,
			    float *acc, int nmicro, dagcc_stream_t s)
{
	for (int mb = 0; mb < nmicro; mb++) {
		forward(s, w, act, N);
		backward(s, act, grad, N);
		dagcc_reduce_scatter(g, grad, part, N / 4, DAGCC_F32, DAGCC_SUM, s);
		accum(s, part, acc, N / 4);
	}
}

DAGCC_GRAPH void prefetch(dagcc_group *g, float *shard, float *full, float *act, float *out,
			  int nsteps, dagcc_stream_t s)
{
	for (int t = 0; t < nsteps; t++) {
		dagcc_all_gather(g, shard, full, N / 4, DAGCC_F32, s);
		accum(s, full, act, N / 4);
		backward(s, act, out, N / 4);
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
	int trips = argc > 1 ? atoi(argv[1]) : 0;
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g), size = dagcc_group_size(g);
	float f[N * 4];
	for (int i = 0; i < N * 4; i++)
		f[i] = (float)((i * 7 + rank * 29) % 101) / 7.0f;
	size_t big = (size_t)N * 4 * (size_t)size; /* room for any group's gather */
	float *w = upload(f, N), *act = upload(f, N), *grad = upload(f, N);
	float *part = upload(f, N), *acc = upload(f, N);
	float *shard = upload(f, N), *full = dagcc_malloc(sizeof(float) * big);
	float *act2 = upload(f, N), *out = upload(f, N);
	dagcc_stream_t s = dagcc_stream_default();
	accumulate(g, w, act, grad, part, acc, trips, s);
	prefetch(g, shard, full, act2, out, trips, s);
	dagcc_stream_sync(s);
	show("act", act, N, rank);
	show("grad", grad, N, rank);
	show("acc", acc, N / 4, rank);
	show("act2", act2, N / 4, rank);
	show("out", out, N / 4, rank);
	float *all[] = {w, act, grad, part, acc, shard, full, act2, out};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		dagcc_free(all[i]);
	dagcc_finalize();
	return 0;
}
