// Loop bounds must be constant expressions: the start, the condition and the step.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *buf, int n, dagcc_stream_t s)
{
	for (int i = 0; i < n; i++)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int j = n; j < 4; j++)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int k = 0; k < 4; k += n)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int l = 0; l < 4; n++)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int m = 0; m < 4; m--)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: loop-bound.c:7:22: error: loop bound is not a constant expression
// CHECK-NEXT: {{^}}	for (int i = 0; i < n; i++)
// CHECK-NEXT: {{^}}	                    ^
// CHECK: loop-bound.c:9:15: error: loop bound is not a constant expression
// CHECK: loop-bound.c:11:30: error: loop step is not a constant expression
// CHECK: loop-bound.c:13:25: error: loop increment must update the loop variable 'l'
// CHECK: loop-bound.c:15:2: error: loop unrolls to more than 1048576 iterations
