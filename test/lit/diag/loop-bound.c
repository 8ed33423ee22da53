// A for loop with a run-time start, condition or step runs at run time, a barrier, a straight
// body scheduled alone (issue 28; --assume unrolls it); else its header is constant: a loop whose
// increment keeps its variable, its condition only that, does not end; one C cannot compute errs.
// RUN: not %dagcc --emit=ir %s -o %t.ir 2>&1 | FileCheck %s
// RUN: test ! -e %t.ir
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

DAGCC_GRAPH void ends(dagcc_group *g, float *buf, int n, dagcc_stream_t s)
{
	for (int a = 1; a <= 8; a *= 1)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int b = 0; b < 64; b <<= 1)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int c = 1; c > 0; c *= 2)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int d = 1; d < 9; d >>= -1)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
	for (int e = 8; e > 1; e /= n)
		dagcc_all_reduce(g, buf, 1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: loop-bound.c:10:2: warning: loop whose trip count is known only at run time: its body is scheduled on its own and may overlap one trip with the next, and its last trip with what follows it, but nothing moves into the loop (--assume NAME=VALUE unrolls it)
// CHECK-NEXT: {{^}}	for (int i = 0; i < n; i++)
// CHECK-NEXT: {{^}}	^
// CHECK: loop-bound.c:12:2: warning: loop whose trip count is known only at run time: {{.*}}
// CHECK: loop-bound.c:14:2: warning: loop whose trip count is known only at run time: {{.*}}
// CHECK: loop-bound.c:16:25: error: loop increment must update the loop variable 'l'
// CHECK: loop-bound.c:18:2: error: loop unrolls to more than 1048576 iterations
// CHECK: loop-bound.c:24:26: error: loop does not end: 'a' stays 1 from one copy to the next, and the condition holds for it
// CHECK-NEXT: {{^}}	for (int a = 1; a <= 8; a *= 1)
// CHECK-NEXT: {{^}}	                        ^
// CHECK: loop-bound.c:26:26: error: loop does not end: 'b' stays 0 from one copy to the next, and the condition holds for it
// CHECK: loop-bound.c:28:25: error: loop variable 'c' overflows 'int' (C computes it in 32 bits; make an operand 64-bit, e.g. (size_t))
// CHECK: loop-bound.c:30:25: error: loop increment shifts out of range
// CHECK: loop-bound.c:32:2: warning: loop whose trip count is known only at run time: {{.*}}
// CHECK-NOT: error
