/* accum.c - data-parallel gradient accumulation over a run-time number of micro-batches
 * (argv[1]): each micro-batch loads its block of the data through a pointer the body declares
 * from the loop variable, runs a forward and a backward over L layers, and accumulates each
 * layer's weight gradient; after the loop each gradient is all-reduced and applied. The same
 * inside a run-time loop of steps (argv[2]) in steps(). The program prints every output's
 * bits, so the compiled build must print the same bytes for every pair of trip counts. */
#include "show.h"
#include <stdlib.h>

#include "dagcc.h"

#define N 16
#define L 3
#define MAXMB 8

DAGCC_COMPUTE(us = 4)
void load(dagcc_stream_t s, DAGCC_IN_N(N) const float *x, DAGCC_OUT_N(N) float *act);
DAGCC_COMPUTE(us = 20)
void fwd(dagcc_stream_t s, DAGCC_IN_N(N) const float *x, DAGCC_IN_N(N) const float *w,
	 DAGCC_OUT_N(N) float *y);
DAGCC_COMPUTE(us = 6)
void loss(dagcc_stream_t s, DAGCC_IN_N(N) const float *y, DAGCC_OUT_N(N) float *dy);
DAGCC_COMPUTE(us = 20)
void wgrad(dagcc_stream_t s, DAGCC_IN_N(N) const float *dy, DAGCC_IN_N(N) const float *x,
	   DAGCC_INOUT_N(N) float *g);
DAGCC_COMPUTE(us = 20)
void dgrad(dagcc_stream_t s, DAGCC_IN_N(N) const float *dy, DAGCC_IN_N(N) const float *w,
	   DAGCC_OUT_N(N) float *dx);
DAGCC_COMPUTE(us = 5)
void update(dagcc_stream_t s, DAGCC_IN_N(N) const float *g, DAGCC_INOUT_N(N) float *w);

struct model {
	float *w[L], *g[L], *act[L + 1], *dact[L + 1];
	const float *data; /* MAXMB blocks of N */
};

DAGCC_GRAPH void train(dagcc_group *dp, struct model *md, int nmicro, dagcc_stream_t s)
{
	for (int mb = 0; mb < nmicro; mb++) {
		const float *batch = md->data + mb * N;
		load(s, batch, md->act[0]);
		for (int l = 0; l < L; l++)
			fwd(s, md->act[l], md->w[l], md->act[l + 1]);
		loss(s, md->act[L], md->dact[L]);
		for (int l = L - 1; l >= 0; l--) {
			wgrad(s, md->dact[l + 1], md->act[l], md->g[l]);
			dgrad(s, md->dact[l + 1], md->w[l], md->dact[l]);
		}
	}
	for (int l = L - 1; l >= 0; l--)
		dagcc_all_reduce(dp, md->g[l], N, DAGCC_F32, DAGCC_AVG, s);
	for (int l = 0; l < L; l++)
		update(s, md->g[l], md->w[l]);
}

DAGCC_GRAPH void steps(dagcc_group *dp, struct model *md, int nsteps, int nmicro,
		       dagcc_stream_t s)
{
	for (int step = 0; step < nsteps; step++) {
		for (int mb = 0; mb < nmicro; mb++) {
			load(s, md->data + (mb + step) % MAXMB * N, md->act[0]);
			for (int l = 0; l < L; l++)
				fwd(s, md->act[l], md->w[l], md->act[l + 1]);
			loss(s, md->act[L], md->dact[L]);
			for (int l = L - 1; l >= 0; l--) {
				wgrad(s, md->dact[l + 1], md->act[l], md->g[l]);
				dgrad(s, md->dact[l + 1], md->w[l], md->dact[l]);
			}
		}
		for (int l = L - 1; l >= 0; l--)
			dagcc_all_reduce(dp, md->g[l], N, DAGCC_F32, DAGCC_AVG, s);
		for (int l = 0; l < L; l++)
			update(s, md->g[l], md->w[l]);
	}
}

void load(dagcc_stream_t s, const float *x, float *act)
{
	(void)s;
	for (int i = 0; i < N; i++)
		act[i] = x[i] * 0.5f + 0.25f;
}

void fwd(dagcc_stream_t s, const float *x, const float *w, float *y)
{
	(void)s;
	for (int i = 0; i < N; i++)
		y[i] = x[i] * w[i] + 0.125f * x[(i + 1) % N];
}

void loss(dagcc_stream_t s, const float *y, float *dy)
{
	(void)s;
	for (int i = 0; i < N; i++)
		dy[i] = y[i] - 0.5f;
}

void wgrad(dagcc_stream_t s, const float *dy, const float *x, float *g)
{
	(void)s;
	for (int i = 0; i < N; i++)
		g[i] = g[i] * 0.875f + dy[i] * x[i];
}

void dgrad(dagcc_stream_t s, const float *dy, const float *w, float *dx)
{
	(void)s;
	for (int i = 0; i < N; i++)
		dx[i] = dy[i] * w[i] + 0.0625f * dy[(i + 3) % N];
}

void update(dagcc_stream_t s, const float *g, float *w)
{
	(void)s;
	for (int i = 0; i < N; i++)
		w[i] = w[i] - 0.25f * g[i];
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int nmicro = argc > 1 ? atoi(argv[1]) : 0, nsteps = argc > 2 ? atoi(argv[2]) : 0;
	dagcc_group *dp = dagcc_world();
	int rank = dagcc_group_rank(dp);
	float f[N * MAXMB];
	for (int i = 0; i < N * MAXMB; i++)
		f[i] = (float)((i * 7 + rank * 29) % 101) / 37.0f;
	struct model md;
	for (int l = 0; l < L; l++) {
		md.w[l] = upload(f + l * N, N);
		md.g[l] = upload(f + (l + 3) * N, N);
	}
	for (int l = 0; l <= L; l++) {
		md.act[l] = upload(f + l * N, N);
		md.dact[l] = upload(f + (l + 1) * N, N);
	}
	md.data = upload(f, N * MAXMB);
	dagcc_stream_t s = dagcc_stream_default();
	if (nsteps)
		steps(dp, &md, nsteps, nmicro, s);
	else
		train(dp, &md, nmicro, s);
	dagcc_stream_sync(s);
	for (int l = 0; l < L; l++) {
		show("w", md.w[l], N, rank);
		show("g", md.g[l], N, rank);
	}
	for (int l = 0; l <= L; l++) {
		show("act", md.act[l], N, rank);
		show("dact", md.dact[l], N, rank);
	}
	for (int l = 0; l < L; l++) {
		dagcc_free(md.w[l]);
		dagcc_free(md.g[l]);
	}
	for (int l = 0; l <= L; l++) {
		dagcc_free(md.act[l]);
		dagcc_free(md.dact[l]);
	}
	dagcc_free((void *)md.data);
	dagcc_finalize();
	return 0;
}
