/* pipe.h - what joint.c's two writings of one pipeline step share around their graph: the
 * kernels (a stage's forward, the last stage's loss, backward, weight gradient, accumulation),
 * the buffers, and a main that runs the step twice on every rank and prints what it made. */
#include <stdio.h>

#include "dagcc.h"

#define N 64
#define P 3

DAGCC_COMPUTE(us = 40)
void fwd(dagcc_stream_t s, DAGCC_IN_N(n) const float *x, DAGCC_IN_N(n) const float *w,
	 DAGCC_OUT_N(n) float *y, int n);
DAGCC_COMPUTE(us = 10)
void loss(dagcc_stream_t s, DAGCC_IN_N(n) const float *y, DAGCC_OUT_N(n) float *d, int n);
DAGCC_COMPUTE(us = 30)
void bwd(dagcc_stream_t s, DAGCC_IN_N(n) const float *d, DAGCC_IN_N(n) const float *w,
	 DAGCC_OUT_N(n) float *dx, int n);
DAGCC_COMPUTE(us = 80)
void wgrad(dagcc_stream_t s, DAGCC_IN_N(n) const float *x, DAGCC_IN_N(n) const float *d,
	   DAGCC_OUT_N(n) float *g, int n);
DAGCC_COMPUTE(us = 5)
void add(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *x, int n);

struct pipe {
	dagcc_group *g;
	float *w, *in0, *in1, *in2, *act0, *act1, *act2, *d0, *d1, *d2;
	float *din0, *din1, *din2, *gw0, *gw1, *gw2;
};

void fwd(dagcc_stream_t s, const float *x, const float *w, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = x[i] * w[i] + 1;
}

void loss(dagcc_stream_t s, const float *y, float *d, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		d[i] = y[i] - 2;
}

void bwd(dagcc_stream_t s, const float *d, const float *w, float *dx, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		dx[i] = d[i] * w[i];
}

void wgrad(dagcc_stream_t s, const float *x, const float *d, float *g, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		g[i] = x[i] * d[i];
}

void add(dagcc_stream_t s, float *y, const float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] += x[i];
}

/* every buffer 16 floats apart in one allocation, made from the rank's number */
static int runpipe(int *argc, char ***argv, void (*step)(struct pipe *, dagcc_stream_t))
{
	dagcc_init(argc, argv);
	dagcc_group *world = dagcc_world();
	int r = dagcc_group_rank(world);
	float *buf = dagcc_malloc(16 * N * sizeof(float));
	struct pipe m = {.g = world};
	float **all[] = {&m.w,	  &m.in0,  &m.in1,  &m.in2,  &m.act0, &m.act1,
			 &m.act2, &m.d0,   &m.d1,   &m.d2,   &m.din0, &m.din1,
			 &m.din2, &m.gw0,  &m.gw1,  &m.gw2};
	for (int k = 0; k < 16; k++)
		*all[k] = buf + k * N;
	for (int i = 0; i < 16 * N; i++)
		buf[i] = (float)((r * 7 + i) % 13) / 8;
	for (int it = 0; it < 2; it++)
		step(&m, dagcc_stream_default());
	dagcc_stream_sync(dagcc_stream_default());
	double sum = 0;
	for (int i = 0; i < 16 * N; i++)
		sum += buf[i] * (i % 5 + 1);
	printf("rank %d: %.3f %g %g\n", r, sum, m.gw0[3], m.din0[5]);
	dagcc_free(buf);
	dagcc_finalize();
	return 0;
}
