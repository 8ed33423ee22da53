/* bucket.c - a run-time loop whose body holds small collectives that bucket, as an FSDP
 * micro-batch loop's does: three layers' weight gathers and their gradients' reduce-scatters,
 * each far below the bucket cap, and two small all-reduces of the micro-batch's statistics,
 * kept at stats[mb] and norms[mb] (members that name the loop's variable). The body is bucketed as a graph
 * (one NCCL group, never a packed buffer: a body allocates nothing) and rotated again. The
 * program prints every output's bits, so the compiled build must print the same bytes for
 * every trip count (at most MAXTRIPS). */
#include "show.h"
#include <stdlib.h>

#include "dagcc.h"

#define N 64
#define L 3
#define MAXTRIPS 8

DAGCC_COMPUTE(us = 6)
void layer(dagcc_stream_t s, DAGCC_IN_N(n) const float *x, DAGCC_IN_N(n) const float *w,
	   DAGCC_OUT_N(n) float *y, int n);
DAGCC_COMPUTE(us = 6)
void grad(dagcc_stream_t s, DAGCC_IN_N(n) const float *x, DAGCC_IN_N(n) const float *dy,
	  DAGCC_OUT_N(n) float *dw, int n);
DAGCC_COMPUTE(us = 2)
void accum(dagcc_stream_t s, DAGCC_IN_N(n) const float *part, DAGCC_INOUT_N(n) float *acc, int n);
DAGCC_COMPUTE(us = 2)
void moments(dagcc_stream_t s, DAGCC_IN_N(n) const float *y, DAGCC_OUT_N(2) float *at, int n);

DAGCC_GRAPH void train(dagcc_group *g, float *shard, float *full, float *act, float *dw,
		       float *part, float *acc, float *stats, float *norms, float *tokens,
		       int nmicro, dagcc_stream_t s)
{
	for (int mb = 0; mb < nmicro; mb++) {
		for (int l = 0; l < L; l++)
			dagcc_all_gather(g, shard + l * (N / 4), full + l * N, N / 4, DAGCC_F32, s);
		layer(s, tokens + mb * N, full, act, N);
		layer(s, act, full + N, act + N, N);
		layer(s, act + N, full + 2 * N, act + 2 * N, N);
		moments(s, act + 2 * N, stats + 2 * mb, N);
		moments(s, act + N, norms + 2 * mb, N);
		dagcc_all_reduce(g, stats + 2 * mb, 2, DAGCC_F32, DAGCC_SUM, s);
		dagcc_all_reduce(g, norms + 2 * mb, 2, DAGCC_F32, DAGCC_SUM, s);
		for (int l = L - 1; l >= 0; l--) {
			grad(s, act + l * N, full + l * N, dw + l * N, N);
			dagcc_reduce_scatter(g, dw + l * N, part + l * (N / 4), N / 4, DAGCC_F32, DAGCC_SUM, s);
			accum(s, part + l * (N / 4), acc + l * (N / 4), N / 4);
		}
	}
}

void layer(dagcc_stream_t s, const float *x, const float *w, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = 0.5f * x[i] + 0.25f * w[i] + 0.125f;
}

void grad(dagcc_stream_t s, const float *x, const float *dy, float *dw, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		dw[i] = 0.75f * x[i] - 0.5f * dy[i];
}

void accum(dagcc_stream_t s, const float *part, float *acc, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		acc[i] = acc[i] * 0.5f + part[i];
}

void moments(dagcc_stream_t s, const float *y, float *at, int n)
{
	(void)s;
	float sum = 0, sq = 0;
	for (int i = 0; i < n; i++)
		sum += y[i], sq += y[i] * y[i];
	at[0] = sum, at[1] = sq;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int trips = argc > 1 ? atoi(argv[1]) : 0;
	if (trips < 0 || trips > MAXTRIPS)
		return 2;
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g), size = dagcc_group_size(g);
	float f[N * MAXTRIPS];
	for (int i = 0; i < N * MAXTRIPS; i++)
		f[i] = (float)((i * 7 + rank * 29) % 101) / 7.0f;
	/* room for any group's gathers: each layer's N / 4 from every rank at full + l * N */
	size_t big = (size_t)N * L + (size_t)N / 4 * (size_t)size;
	float *shard = upload(f, N), *full = dagcc_malloc(sizeof(float) * big);
	float *act = upload(f, N * L), *dw = upload(f, N * L), *part = upload(f, N);
	float *acc = upload(f, N), *stats = upload(f, 2 * MAXTRIPS), *norms = upload(f, 2 * MAXTRIPS);
	float *tokens = upload(f, N * MAXTRIPS);
	dagcc_stream_t s = dagcc_stream_default();
	train(g, shard, full, act, dw, part, acc, stats, norms, tokens, trips, s);
	dagcc_stream_sync(s);
	show("act", act, N * L, rank);
	show("dw", dw, N * L, rank);
	show("acc", acc, N / 4 * L, rank);
	show("stats", stats, 2 * MAXTRIPS, rank);
	show("norms", norms, 2 * MAXTRIPS, rank);
	float *all[] = {shard, full, act, dw, part, acc, stats, norms, tokens};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		dagcc_free(all[i]);
	dagcc_finalize();
	return 0;
}
