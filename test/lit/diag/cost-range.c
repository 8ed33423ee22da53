// A cost is a finite number the IR can hold (at most 1e300): a literal out of range is refused
// where it stands, a value that overflows at a call is refused at the call (both were accepted
// as inf, which --emit=ir printed, --from-ir refused and the report printed as inf and nan).
// RUN: rm -f %t.ir
// RUN: not %dagcc --emit=ir %s -o %t.ir 2>&1 | FileCheck %s
// RUN: not test -e %t.ir
#include "dagcc.h"

DAGCC_COMPUTE(us = 1e400)
void big(dagcc_stream_t s, DAGCC_IN const float *a);
// CHECK: cost-range.c:[[@LINE-2]]:20: error: number out of range in cost expression

DAGCC_COMPUTE(flops = m * m * m, us = m * m - m * m)
void over(dagcc_stream_t s, DAGCC_IN const float *a, double m);

DAGCC_GRAPH void step(float *a, dagcc_stream_t s)
{
	over(s, a, 1e10);
	over(s, a, 1e200);
}
// CHECK-NOT: 18:
// CHECK: cost-range.c:19:2: error: cost {{.*}} of 'over' is over 1e300 for this call
// CHECK-NOT: error
