// NULL is no buffer; (void)x; is not a barrier; a -D macro beside a loop variable evaluates
// as an in-file one; DAGCC_IN on a pointer to non-const is warned about; a collective under a
// run-time if is warned about and its time counted as exposed communication.
// RUN: %dagcc --bucket-cap 0 --emit=ir -DK=8 %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.ir
// RUN: %dagcc --bucket-cap 0 -DK=8 --report %s -o %t.c 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I%include -DK=8 %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void axpy(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *x,
	  DAGCC_IN float *bias, int n);

DAGCC_GRAPH void step(float *a, float *b, int rank, dagcc_group *g, dagcc_stream_t s)
{
	for (int i = 0; i < 2; i++)
		axpy(s, a + (K - i) * 4, b, NULL, 4);
	(void)rank;
	axpy(s, b, NULL, NULL, 4);
	if (rank == 0)
		dagcc_send(g, a, 1 << 20, DAGCC_F32, 1, s);
	while (rank-- > 4)
		dagcc_all_reduce(g, b, 4, DAGCC_F32, DAGCC_SUM, s);
}
// WARN: small.c:12:20: warning: parameter 'bias' of compute function 'axpy' is DAGCC_IN but points to non-const data
// WARN-NOT: barrier
// WARN: small.c:21:3: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
// WARN: small.c:20:2: warning: statement is an ordering barrier
// WARN: small.c:23:3: warning: collective inside a run-time loop: not scheduled, it runs where it stands and blocks
// CHECK-LABEL: graph @step
// CHECK-NEXT: %0 = compute "axpy" f32 flops 4 inout "a"[128:16] in "b"[0:16] @17:3
// CHECK-NEXT: %1 = compute "axpy" f32 flops 4 inout "a"[112:16] in "b"[0:16] @17:3
// CHECK-NEXT: %2 = compute "axpy" f32 flops 4 inout "b"[0:16] after %0(war), %1(war) @19:2
// CHECK-NEXT: %3 = barrier "if (rank == 0)
// CHECK-NEXT: %4 = barrier "while (rank-- > 4)
// REPORT: communication [[COMM:[0-9.]+]] us
// REPORT: after {{[0-9.]+}} [[COMM]]
