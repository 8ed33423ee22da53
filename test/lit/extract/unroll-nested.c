// Nested loops: the inner bound may use the outer variable; locals declared in a loop body are
// per copy, named by every enclosing loop's value.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void nested(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 2; i++)
		for (int j = 0; j <= i; j++) {
			float *t = dagcc_alloc_async(64, s);
			dagcc_all_gather(g, a + 4 * i + j, t, 1, DAGCC_F32, s);
			dagcc_free_async(t, s);
		}
}
// CHECK: %0 = alloc size 64 out "t__0_0"[0:?]
// CHECK-NEXT: %1 = all_gather {{.*}} in "a"[0:4] out "t__0_0"[0:?]
// CHECK-NEXT: %2 = free size 64 out "t__0_0"[0:?]
// CHECK-NEXT: %3 = alloc size 64 out "t__1_0"[0:?]
// CHECK-NEXT: %4 = all_gather {{.*}} in "a"[16:4] out "t__1_0"[0:?]
// CHECK-NEXT: %5 = free
// CHECK-NEXT: %6 = alloc size 64 out "t__1_1"[0:?]
// CHECK-NEXT: %7 = all_gather {{.*}} in "a"[20:4] out "t__1_1"[0:?]
// CHECK-NEXT: %8 = free
// CHECK-NEXT: }
