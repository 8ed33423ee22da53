// Integer constants are evaluated as integers: bounds above 2^53 keep every iteration, and
// INT64_MAX is a value, not an overflow.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (long i = 2305843009213693900; i < 2305843009213693902; i++)
		dagcc_all_reduce(g, a + i, 8, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, a, 9223372036854775807 - 9223372036854775806, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = all_reduce {{.*}} "a"[9223372036854775600:32]
// CHECK-NEXT: %1 = all_reduce {{.*}} "a"[9223372036854775604:32]
// CHECK-NEXT: %2 = all_reduce {{.*}} count 1 inout "a"[0:4]
// CHECK-NEXT: }
