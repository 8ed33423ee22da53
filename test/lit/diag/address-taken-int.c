// An integer local whose address the graph takes is memory a kernel may write, not a constant
// dagcc substitutes (it used to emit `&4`, refused as "a dagcc bug"): a count read from it is
// not a constant expression.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(us = 5)
void setn(DAGCC_OUT_N(1) int *n, dagcc_stream_t s);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	int n = 4;
	setn(&n, s);
	dagcc_all_reduce(g, a, n, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: address-taken-int.c:14:25: error: collective count is not a constant expression
