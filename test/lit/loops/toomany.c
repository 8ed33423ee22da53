// A loop of constant bounds with more trips than dagcc unrolls (2^20) that ends, stepping by a
// constant, is run as a run-time loop is (a loop node, its body scheduled on its own) instead of
// refused; one that would run until its variable overflows is still refused (diag/loop-bound.c).
// RUN: %dagcc %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %cc -fsyntax-only -std=c11 -Wall -Wextra -Werror -I %include %t.c
// RUN: %dagcc --emit=ir %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %dagcc --report --trips STEPS=4 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
#include "dagcc.h"

#define N 16
#define STEPS 2000000

DAGCC_COMPUTE(us = 20)
void axpy(dagcc_stream_t s, DAGCC_IN_N(n) const float *a, DAGCC_INOUT_N(n) float *y, int n);

DAGCC_GRAPH void step(dagcc_group *g, float *w, float *grad, float *x, dagcc_stream_t s)
{
	for (int i = 0; i < STEPS; i++) {
		axpy(s, w, grad, N);
		dagcc_all_reduce(g, grad, N, DAGCC_F32, DAGCC_AVG, s);
		axpy(s, x, w, N);
	}
	axpy(s, x, grad, N);
}
// WARN: toomany.c:18:2: warning: loop of more than 1048576 trips, too many to unroll: run as a loop whose trip count is known only at run time, its body scheduled on its own
// WARN-NOT: warning
// IR: %0 = loop "i" trips "STEPS" "for (int i = 0; i < STEPS; i++)" @18:2 {
// IR: start %1
// IR-NEXT: %2
// IR-NEXT: wait %1
// IR: %1 = compute "axpy" {{.*}} after %0(order) @23:2
// REPORT: loop at line 18 (i, bounded by 'STEPS'): an iteration 55.0 us as written, 40.0 us scheduled; 4 trips simulated
