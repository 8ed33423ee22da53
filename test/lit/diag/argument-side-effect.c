// Arguments that change a variable are rejected: dagcc moves calls and may repeat an argument
// (a packed bucket copies a buffer in and out). No output file is written.
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void k(dagcc_stream_t s, DAGCC_INOUT float *x, int n);
float *pick(int i);

DAGCC_GRAPH void step(dagcc_group *g, float *a, int n, dagcc_stream_t s)
{
	dagcc_all_reduce(g, a++, 16, DAGCC_F32, DAGCC_SUM, s);
	k(s, a, n = 4);
	dagcc_all_reduce(g, pick(n--), 16, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: argument-side-effect.c:14:22: error: argument of 'dagcc_all_reduce' changes a variable; dagcc moves and may repeat arguments, so compute it in a statement before
// CHECK-NEXT: {{^}}	dagcc_all_reduce(g, a++, 16, DAGCC_F32, DAGCC_SUM, s);
// CHECK-NEXT: {{^}}	                    ^
// CHECK: argument-side-effect.c:15:10: error: argument of 'k' changes a variable
// CHECK: argument-side-effect.c:16:27: error: argument of 'dagcc_all_reduce' changes a variable
// CHECK-NOT: error:
