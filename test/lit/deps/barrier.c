// A barrier orders everything: it waits for every node before it (through the last ones) and
// every node after it waits for it. Each barrier is warned about once, even in a loop.
// RUN: %dagcc --emit=ir %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
#include <stdio.h>

#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void k(dagcc_stream_t s, DAGCC_INOUT float *x);

DAGCC_GRAPH void fence(float *a, float *b, float *c, dagcc_stream_t s)
{
	k(s, a);
	k(s, b);
	for (int i = 0; i < 2; i++)
		printf("step %d\n", i);
	k(s, c);
	k(s, a);
}
// CHECK: %0 = compute "k" f32 us 1 inout "a"[0:?] @
// CHECK-NEXT: %1 = compute "k" f32 us 1 inout "b"[0:?] @
// CHECK-NEXT: %2 = barrier "printf(\"step %d\\n\", i)" after %0(order), %1(order) @
// CHECK-NEXT: %3 = barrier "printf(\"step %d\\n\", i)" after %2(order) @
// CHECK-NEXT: %4 = compute "k" f32 us 1 inout "c"[0:?] after %3(order) @
// CHECK-NEXT: %5 = compute "k" f32 us 1 inout "a"[0:?] after %0(raw+war+waw), %3(order) @
// WARN: barrier.c:17:3: warning: call to 'printf', which is neither a compute function nor a collective, is an ordering barrier
// WARN-NEXT: {{^}}		printf("step %d\n", i);
// WARN-NEXT: {{^}}		^
// WARN-NOT: warning
