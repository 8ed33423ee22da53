/* loopvar.c - run-time loops whose bodies name their variable, as gradient accumulation and
 * training loops do: micro-batch mb's tokens, its loss slot, a step's output row. Rotated, a
 * late node runs in the next trip's iteration (or after the loop), where the variable has moved
 * on: it must see the value its own trip had. accumulate (micro-batches, argv[1]): the
 * reduce-scatter of each micro-batch's gradient, its accumulation weighted by mb and the loss
 * stored at losses[mb] run a trip late. prefetch (steps, argv[1]; its variable declared before
 * the loop, a size_t): each step's gather is started a trip early, the trip before's update and
 * its row out[t] written late. locals: accumulate again, through variables the body declares
 * from mb (and one that does not change), which late nodes read as their trip had them. The
 * program prints every output's bits, so the compiled build must print the same bytes for
 * every trip count (at most MAXTRIPS). */
#include "show.h"
#include <stdlib.h>

#include "dagcc.h"

#define N 64
#define MAXTRIPS 8

DAGCC_COMPUTE(us = 20)
void forward(dagcc_stream_t s, DAGCC_IN const float *w, DAGCC_IN_N(n) const float *x,
	     DAGCC_OUT float *act, int n);
DAGCC_COMPUTE(us = 20)
void backward(dagcc_stream_t s, DAGCC_IN const float *act, DAGCC_INOUT_N(n) float *grad, int n);
DAGCC_COMPUTE(us = 5)
void accum(dagcc_stream_t s, DAGCC_IN const float *part, DAGCC_INOUT float *acc, int n, int k);
DAGCC_COMPUTE(us = 5)
void loss(dagcc_stream_t s, DAGCC_IN_N(n) const float *part, DAGCC_OUT_N(1) float *at, int n);

DAGCC_GRAPH void accumulate(dagcc_group *g, float *w, float *tokens, float *act, float *grad,
			    float *part, float *acc, float *losses, int nmicro, dagcc_stream_t s)
{
	for (int mb = 0; mb < nmicro; mb++) {
		forward(s, w, tokens + mb * N, act, N);
		backward(s, act, grad, N);
		dagcc_reduce_scatter(g, grad, part, N / 4, DAGCC_F32, DAGCC_SUM, s);
		accum(s, part, acc, N / 4, mb + 1);
		loss(s, part, losses + mb, N / 4);
	}
}

DAGCC_GRAPH void prefetch(dagcc_group *g, float *shard, float *full, float *act, float *out,
			  int nsteps, dagcc_stream_t s)
{
	size_t t;
	for (t = 0; t < (size_t)nsteps; t++) {
		dagcc_all_gather(g, shard, full, N / 4, DAGCC_F32, s);
		accum(s, full, act, N / 4, (int)t);
		backward(s, act, out + t * (N / 4), N / 4);
	}
}

DAGCC_GRAPH void locals(dagcc_group *g, float *w, float *tokens, float *act, float *grad,
			float *part, float *acc, float *losses, int nmicro, dagcc_stream_t s)
{
	for (int mb = 0; mb < nmicro; mb++) {
		const float *x = tokens + mb * N;
		float *slot = losses + mb, *gr = grad;
		int weight = mb + 1;
		forward(s, w, x, act, N);
		backward(s, act, gr, N);
		dagcc_reduce_scatter(g, gr, part, N / 4, DAGCC_F32, DAGCC_SUM, s);
		accum(s, part, acc, N / 4, weight);
		loss(s, part, slot, N / 4);
	}
}

void forward(dagcc_stream_t s, const float *w, const float *x, float *act, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		act[i] = 0.5f * w[i] + 0.25f * x[i] + 0.125f;
}

void backward(dagcc_stream_t s, const float *act, float *grad, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		grad[i] = 0.75f * grad[i] - 0.5f * act[i];
}

void accum(dagcc_stream_t s, const float *part, float *acc, int n, int k)
{
	(void)s;
	for (int i = 0; i < n; i++)
		acc[i] = acc[i] * 0.5f + part[i] * (float)k;
}

void loss(dagcc_stream_t s, const float *part, float *at, int n)
{
	(void)s;
	float sum = 0;
	for (int i = 0; i < n; i++)
		sum += part[i] * part[i];
	*at = sum;
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
	size_t big = (size_t)N * 4 * (size_t)size; /* room for any group's gather */
	float *w = upload(f, N), *tokens = upload(f, N * MAXTRIPS), *act = upload(f, N);
	float *grad = upload(f, N), *part = upload(f, N), *acc = upload(f, N);
	float *losses = upload(f, MAXTRIPS);
	float *shard = upload(f, N), *full = dagcc_malloc(sizeof(float) * big);
	float *act2 = upload(f, N), *out = upload(f, N * MAXTRIPS);
	dagcc_stream_t s = dagcc_stream_default();
	accumulate(g, w, tokens, act, grad, part, acc, losses, trips, s);
	prefetch(g, shard, full, act2, out, trips, s);
	locals(g, w, tokens, act, grad, part, acc, losses, trips, s);
	dagcc_stream_sync(s);
	show("act", act, N, rank);
	show("grad", grad, N, rank);
	show("acc", acc, N / 4, rank);
	show("losses", losses, MAXTRIPS, rank);
	show("act2", act2, N / 4, rank);
	show("out", out, N / 4 * MAXTRIPS, rank);
	float *all[] = {w, tokens, act, grad, part, acc, losses, shard, full, act2, out};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		dagcc_free(all[i]);
	dagcc_finalize();
	return 0;
}
