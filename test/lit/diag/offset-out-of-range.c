// An access whose bytes would run past what any object can hold is a located error in the
// program's terms, before the verifier could see a range that wraps.
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT_N(n) float *x, int n, dagcc_stream_t s);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (long i = 2305843009213693950; i < 2305843009213693952; i++)
		k(a + i, 8, s);
	dagcc_all_reduce(g, a + 2305843009213693951, 1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: offset-out-of-range.c:13:5: error: 'a + i' points 9223372036854775800 bytes past the start of 'a', and 32 bytes from there are accessed: beyond any object
// CHECK-NEXT: {{^}}		k(a + i, 8, s);
// CHECK-NEXT: {{^}}		  ^
// CHECK: offset-out-of-range.c:14:22: error: 'a + 2305843009213693951' points 9223372036854775804 bytes past the start of 'a', and 4 bytes
// CHECK-NOT: invalid IR
