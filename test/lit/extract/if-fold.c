// An if on a constant condition keeps only the branch taken; one on a run-time condition is a
// barrier.
// RUN: %dagcc --no-schedule --emit=ir %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
#include "dagcc.h"

#define USE_BF16 1

DAGCC_GRAPH void pick(dagcc_group *g, float *a, int flag, dagcc_stream_t s)
{
	for (int i = 0; i < 3; i++) {
		if (i % 2 == 0)
			dagcc_all_reduce(g, a, 1, DAGCC_F32, DAGCC_SUM, s);
		else if (USE_BF16)
			dagcc_all_reduce(g, a, 2, DAGCC_BF16, DAGCC_SUM, s);
		else
			dagcc_all_reduce(g, a, 3, DAGCC_F64, DAGCC_SUM, s);
	}
	if (flag)
		dagcc_all_reduce(g, a, 4, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = all_reduce group "g" f32 op sum count 1
// CHECK-NEXT: %1 = all_reduce group "g" bf16 op sum count 2
// CHECK-NEXT: %2 = all_reduce group "g" f32 op sum count 1
// CHECK-NEXT: %3 = barrier "if (flag) dagcc_all_reduce(g, a, 4, DAGCC_F32, DAGCC_SUM, s)"
// CHECK-NEXT: }
// WARN: if-fold.c:19:2: warning: statement is an ordering barrier: nothing moves across it
