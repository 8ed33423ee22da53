// break and continue in an unrolled loop, under constant conditions, do what C does: a
// continue skips the rest of its copy, a break ends the unrolling. The overlapped program
// compiles (no break is left at the top of the body).
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
// RUN: %dagcc %s -o %t.c && %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT float *x, int n, dagcc_stream_t s);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 4; i++) {
		if (i == 1)
			continue;
		k(a + i * 8, 8, s);
		if (i == 2)
			break;
		dagcc_all_reduce(g, a + i * 8, 8, DAGCC_F32, DAGCC_SUM, s);
	}
}
// CHECK: %0 = compute "k" {{.*}} "a"[0:?] @16:3
// CHECK-NEXT: %1 = all_reduce {{.*}} "a"[0:32] {{.*}} @19:3
// CHECK-NEXT: %2 = compute "k" {{.*}} "a"[64:?] {{.*}} @16:3
// CHECK-NEXT: }
// C: dagcc: scheduled for
// C-NOT: {{^[[:space:]]+(break|continue);}}
