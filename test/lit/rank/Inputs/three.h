/* three.h - what the rank tests' programs share around their graph: work, a compute function
 * that adds 1 to each of y's n floats; three device buffers of 8 floats, made holding the
 * rank's number (three) and, after the step, printed as "RANK: a A b B c C" for the buffers
 * named in which, then freed (showthree). */
#include <stdio.h>

#include "dagcc.h"

DAGCC_COMPUTE(us = 10)
void work(dagcc_stream_t s, DAGCC_INOUT float *y, int n);

void work(dagcc_stream_t s, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] += 1;
}

typedef struct {
	float *a, *b, *c;
} Three;

static inline Three three(int rank)
{
	Three t = {dagcc_malloc(8 * sizeof(float)), dagcc_malloc(8 * sizeof(float)),
		   dagcc_malloc(8 * sizeof(float))};
	float h[8];
	for (int i = 0; i < 8; i++)
		h[i] = (float)rank;
	dagcc_copy_to_device(t.a, h, sizeof h);
	dagcc_copy_to_device(t.b, h, sizeof h);
	dagcc_copy_to_device(t.c, h, sizeof h);
	return t;
}

static inline void showthree(Three t, int rank, const char *which)
{
	dagcc_stream_sync(dagcc_stream_default());
	printf("%d:", rank);
	for (const char *w = which; *w; w++) {
		float h[8];
		dagcc_copy_to_host(h, *w == 'a' ? t.a : *w == 'b' ? t.b : t.c, sizeof h);
		printf(" %c %g", *w, h[0]);
	}
	printf("\n");
	dagcc_free(t.a);
	dagcc_free(t.b);
	dagcc_free(t.c);
}
