// A collective count must be a constant expression; the error points at what is not constant,
// once per source location even when the statement is unrolled. No output file is written.
// RUN: rm -f %t.ir
// RUN: not %dagcc --emit=ir %s -o %t.ir 2>&1 | FileCheck %s
// RUN: not test -e %t.ir
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *buf, int n, dagcc_stream_t s)
{
	for (int i = 0; i < 4; i++) {
		dagcc_all_reduce(g, buf, n, DAGCC_F32, DAGCC_SUM, s);
		dagcc_all_reduce(g, buf, 4 * (i + n), DAGCC_F32, DAGCC_SUM, s);
	}
}
// CHECK: count-not-constant.c:11:28: error: collective count is not a constant expression
// CHECK-NEXT: {{^}}		dagcc_all_reduce(g, buf, n, DAGCC_F32, DAGCC_SUM, s);
// CHECK-NEXT: {{^}}		                         ^
// CHECK-NEXT: count-not-constant.c:12:37: error: collective count is not a constant expression
// CHECK-NEXT: {{^}}		dagcc_all_reduce(g, buf, 4 * (i + n), DAGCC_F32, DAGCC_SUM, s);
// CHECK-NEXT: {{^}}		                                  ^
// CHECK-NOT: error
