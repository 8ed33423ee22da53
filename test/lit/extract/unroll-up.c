// A loop counting up is unrolled; the loop variable is a constant in each copy.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void up(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 3; i++)
		dagcc_all_reduce(g, a + i * 8, 8 + i, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = all_reduce group "g" f32 op sum count 8 inout "a"[0:32]
// CHECK-NEXT: %1 = all_reduce group "g" f32 op sum count 9 inout "a"[32:36]
// CHECK-NEXT: %2 = all_reduce group "g" f32 op sum count 10 inout "a"[64:40]
// CHECK-NEXT: }
