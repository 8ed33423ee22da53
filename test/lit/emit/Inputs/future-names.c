/* Futures are named after their kind and buffer, never as an identifier of the file's: ar_x
 * is taken by a global the body reads, so the future is ar_x_2; ar_y is a compute function,
 * so the future is ar_y_2. A compute call's site is named after its function and what it writes
 * (bump_x, then bump_x_2 for the second that writes x; ar_y_y), never as a future. */
#include "dagcc.h"

float ar_x = 1.0f;

DAGCC_COMPUTE(us = 10)
void bump(dagcc_stream_t s, DAGCC_INOUT_N(n) float *x, int n, float by);

DAGCC_COMPUTE(us = 10)
void ar_y(dagcc_stream_t s, DAGCC_INOUT_N(n) float *x, int n);

DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, float *x, float *y)
{
	bump(s, x, 4, ar_x);
	dagcc_all_reduce(g, x, 4, DAGCC_F32, DAGCC_SUM, s);
	bump(s, y, 4, ar_x);
	ar_y(s, y, 4);
	dagcc_all_reduce(g, y, 4, DAGCC_F32, DAGCC_SUM, s);
	bump(s, x, 4, 2.0f);
}

void ar_y(dagcc_stream_t s, float *x, int n)
{
	bump(s, x, n, 1.0f);
}

void bump(dagcc_stream_t s, float *x, int n, float by)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] += by;
}
