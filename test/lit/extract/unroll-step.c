// Any constant step, up or down, and an assignment as the increment; any constant update of
// the loop variable C evaluates in the increment: *=, <<=, >>=, /=, ^=, i = i * 3 + 1.
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

DAGCC_GRAPH void compound(dagcc_group *g, char *a, dagcc_stream_t s)
{
	for (int k = 1; k <= 8; k *= 2)
		dagcc_broadcast(g, a + k, 1, DAGCC_I8, 0, s);
	for (int k = 1; k < 64; k <<= STEP)
		dagcc_broadcast(g, a + k, 1, DAGCC_I8, 0, s);
	for (long k = 32; k > 0; k >>= 2)
		dagcc_broadcast(g, a + k, 1, DAGCC_I8, 0, s);
	for (int k = 81; k > 1; k /= 3)
		dagcc_broadcast(g, a + k, 1, DAGCC_I8, 0, s);
	for (int k = 1; k < 50; k = k * 3 + 1)
		dagcc_broadcast(g, a + k, 1, DAGCC_I8, 0, s);
	for (unsigned k = 5; k != 6; k ^= 3)
		dagcc_broadcast(g, a + k, 1, DAGCC_I8, 0, s);
}
// CHECK-LABEL: graph @compound
// CHECK-NEXT: "a"[1:1]
// CHECK-NEXT: "a"[2:1]
// CHECK-NEXT: "a"[4:1]
// CHECK-NEXT: "a"[8:1]
// CHECK-NEXT: "a"[1:1]
// CHECK-NEXT: "a"[8:1]
// CHECK-NEXT: "a"[32:1]
// CHECK-NEXT: "a"[8:1]
// CHECK-NEXT: "a"[2:1]
// CHECK-NEXT: "a"[81:1]
// CHECK-NEXT: "a"[27:1]
// CHECK-NEXT: "a"[9:1]
// CHECK-NEXT: "a"[3:1]
// CHECK-NEXT: "a"[1:1]
// CHECK-NEXT: "a"[4:1]
// CHECK-NEXT: "a"[13:1]
// CHECK-NEXT: "a"[40:1]
// CHECK-NEXT: "a"[5:1]
// CHECK-NEXT: }
