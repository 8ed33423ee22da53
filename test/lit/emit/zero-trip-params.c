// A parameter that only an unrolled-away loop used (a loop of no iterations) is still used in
// the overlapped program: dagcc adds (void)x; for each parameter the emitted body no longer
// names, so the program compiles with -Werror as the original does (found by
// fuzz/c_fuzz.py). A parameter the body names, and one named only in a string or comment,
// are told apart.
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %s
// RUN: %dagcc %s -o %t.c && %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s < %t.c
#include "dagcc.h"

DAGCC_GRAPH void step(float *x, dagcc_group *g, dagcc_stream_t s)
{
	for (int i = 0; i < 0; i++)
		dagcc_all_reduce(g, x, 1, DAGCC_F32, DAGCC_SUM, s);
}

DAGCC_GRAPH void used(float *y, dagcc_group *h, dagcc_stream_t t)
{
	dagcc_all_reduce(h, y, 1, DAGCC_F32, DAGCC_SUM, t);
}
// CHECK-LABEL: void step(
// CHECK: (void)x;
// CHECK-NEXT: (void)g;
// CHECK-NEXT: (void)s;
// CHECK-LABEL: void used(
// CHECK-NOT: (void)
// CHECK: dagcc_all_reduce_start(h, y
