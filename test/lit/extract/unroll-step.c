// Any constant step, up or down, and an assignment as the increment.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
#include "dagcc.h"

static const int STEP = 3;

DAGCC_GRAPH void step(dagcc_group *g, char *a, dagcc_stream_t s)
{
	for (int i = 1; i < 10; i += STEP)
		dagcc_all_reduce(g, a + i, 1, DAGCC_I8, DAGCC_SUM, s);
	for (int j = 20; j > 10; j -= 5)
		dagcc_broadcast(g, a + j, 1, DAGCC_I8, 0, s);
	for (int k = 1; k <= 8; k = k * 2)
		dagcc_send(g, a + k, 1, DAGCC_I8, 1, s);
}
// CHECK: %0 = all_reduce {{.*}} "a"[1:1]
// CHECK-NEXT: %1 = all_reduce {{.*}} "a"[4:1]
// CHECK-NEXT: %2 = all_reduce {{.*}} "a"[7:1]
// CHECK-NEXT: %3 = broadcast {{.*}} "a"[20:1]
// CHECK-NEXT: %4 = broadcast {{.*}} "a"[15:1]
// CHECK-NEXT: %5 = send {{.*}} "a"[1:1]
// CHECK-NEXT: %6 = send {{.*}} "a"[2:1]
// CHECK-NEXT: %7 = send {{.*}} "a"[4:1]
// CHECK-NEXT: %8 = send {{.*}} "a"[8:1]
// CHECK-NEXT: }
