// An unrolled loop's body may change its loop variable by a constant: the next copy starts
// from the changed value, as in C (j = 0 and j = 2 here, not four copies), whatever the
// assignment operator.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
// RUN: %dagcc %s -o %t.c && %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT float *x, int n, dagcc_stream_t s);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	(void)g;
	for (int j = 0; j < 4; j++) {
		k(a + j, 8, s);
		j++;
	}
	for (int i = 0; i < 9; i++) {
		k(a + i, 8, s);
		i += 3;
	}
	for (int m = 1; m < 20; m++) {
		k(a + m, 8, s);
		m *= 3;
	}
}
// CHECK: %0 = compute "k" {{.*}} "a"[0:?] @14:3
// CHECK-NEXT: %1 = compute "k" {{.*}} "a"[8:?] {{.*}} @14:3
// CHECK-NEXT: %2 = compute "k" {{.*}} "a"[0:?] {{.*}} @18:3
// CHECK-NEXT: %3 = compute "k" {{.*}} "a"[16:?] {{.*}} @18:3
// CHECK-NEXT: %4 = compute "k" {{.*}} "a"[32:?] {{.*}} @18:3
// CHECK-NEXT: %5 = compute "k" {{.*}} "a"[4:?] {{.*}} @22:3
// CHECK-NEXT: %6 = compute "k" {{.*}} "a"[16:?] {{.*}} @22:3
// CHECK-NEXT: %7 = compute "k" {{.*}} "a"[52:?] {{.*}} @22:3
// CHECK-NEXT: }
