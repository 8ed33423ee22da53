// Arguments a cost expression uses must be constant at each call; others need not be.
// Costs that divide by zero are reported at the call.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(flops = 2 * m, bytes = 64 / k)
void k1(dagcc_stream_t s, DAGCC_IN const float *a, int m, int k, int unused);

DAGCC_GRAPH void step(float *a, int rt, dagcc_stream_t s)
{
	k1(s, a, 8, 2, rt);
	k1(s, a, rt + 1, 2, 0);
	k1(s, a, 8, 0, 0);
}
// CHECK-NOT: 11:
// CHECK: cost-argument.c:12:11: error: cost argument 'm' of 'k1' is not a constant expression
// CHECK: cost-argument.c:13:2: error: cost 'bytes' of 'k1' divides by zero for this call
