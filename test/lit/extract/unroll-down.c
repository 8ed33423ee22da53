// A loop counting down, with <= and >= bounds and a prefix decrement.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
#include "dagcc.h"

enum { N = 3 };

DAGCC_GRAPH void down(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = N - 1; i >= 0; --i)
		dagcc_all_reduce(g, &a[i], 1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = all_reduce {{.*}} inout "a"[8:4]
// CHECK-NEXT: %1 = all_reduce {{.*}} inout "a"[4:4]
// CHECK-NEXT: %2 = all_reduce {{.*}} inout "a"[0:4]
// CHECK-NEXT: }
