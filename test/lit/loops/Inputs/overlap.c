/* overlap.c - a run-time loop (argv[1] steps) whose body the scheduler reorders: the all-reduce
 * of grad is started and work that does not touch grad (act, mom) runs while it is in flight,
 * the all-reduce of mom too; the next step reads both, so each is waited inside its step. The
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

DAGCC_GRAPH void step(dagcc_group *g, float *w, float *grad, float *act, float *mom, int nsteps,
		      dagcc_stream_t s)
{
	for (int i = 0; i < nsteps; ++i) {
		axpy(s, w, grad, N);
		dagcc_all_reduce(g, grad, N, DAGCC_F32, DAGCC_AVG, s);
		axpy(s, act, mom, N);
		dagcc_all_reduce(g, mom, N, DAGCC_F32, DAGCC_SUM, s);
		scale(s, act, N);
		axpy(s, mom, act, N);
		axpy(s, grad, w, N);
	}
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
	int rank = dagcc_group_rank(g);
	float f[N];
	for (int i = 0; i < N; i++)
		f[i] = (float)((i * 7 + rank * 29) % 101) / 7.0f;
	float *w = upload(f, N), *grad = upload(f, N), *act = upload(f, N), *mom = upload(f, N);
	dagcc_stream_t s = dagcc_stream_default();
	step(g, w, grad, act, mom, nsteps, s);
	dagcc_stream_sync(s);
	show("w", w, N, rank);
	show("grad", grad, N, rank);
	show("act", act, N, rank);
	show("mom", mom, N, rank);
	dagcc_free(w);
	dagcc_free(grad);
	dagcc_free(act);
	dagcc_free(mom);
	dagcc_finalize();
	return 0;
}
