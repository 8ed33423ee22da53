// A break or continue that would leave an unrolled loop at run time is refused, where it is;
// those a run-time loop or switch keeps are its own.
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT float *x, int n, dagcc_stream_t s);
int flag(void);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	(void)g;
	for (int i = 0; i < 4; i++) {
		k(a + i * 8, 8, s);
		if (flag())
			break;
		while (flag())
			break;
		switch (flag()) {
		case 1:
			break;
		default:
			continue;
		}
	}
}
// CHECK: jump-runtime.c:16:4: error: 'break' under a run-time condition in a loop dagcc unrolls
// CHECK-NEXT: {{^}}			break;
// CHECK-NEXT: {{^}}			^
// CHECK-NOT: :18:{{.*}}error
// CHECK-NOT: :21:{{.*}}error
// CHECK: jump-runtime.c:23:4: error: 'continue' under a run-time condition in a loop dagcc unrolls
