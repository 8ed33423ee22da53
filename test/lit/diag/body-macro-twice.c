// A macro a graph body defines keeps that one definition: dagcc reorders the statements around
// it, so a second #define of the name there (after an #undef) is refused where it is, not given
// to every statement. One definition, #undef'd at the body's end, is kept (and compiles).
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// RUN: %dagcc -DONCE %s -o %t2.c && %cc -DONCE -fsyntax-only -Wall -Wextra -Werror -I %include %t2.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void scale(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
#define K 2
	scale(s, a, K);
#undef K
#ifndef ONCE
#define K 4
	dagcc_all_reduce(g, a, K, DAGCC_F32, DAGCC_SUM, s);
#endif
}
// CHECK: body-macro-twice.c:[[@LINE-4]]:1: error: 'K' is defined again in graph 'step' after an earlier #define or #undef there: dagcc reorders the graph's statements, so a macro of its body keeps one definition; give this one a name of its own
// CHECK-NEXT: #define K 4
// CHECK-NEXT: ^
