// Macros read as what they expand to: a function-like macro in a buffer argument and in a
// derived pointer's declaration (one root, the right slice in every loop copy), a collective
// and a for loop written through macros, and a -D macro beside a loop variable. The emitted
// program keeps the user's macro calls and compiles.
// RUN: %dagcc --bucket-cap 0 --emit=ir -DNL=2 %s | FileCheck %s
// RUN: %dagcc --bucket-cap 0 -DNL=2 %s -o %t.c
// RUN: FileCheck %s --check-prefix=EMIT < %t.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I%include -DNL=2 %t.c
#include "dagcc.h"

#define N 16
#define SLICE(b, l) ((b) + (l) * N)
#define REDUCE(p, n) dagcc_all_reduce(g, p, n, DAGCC_F32, DAGCC_SUM, s)
#define FOR_LAYERS(l) for (int l = 0; l < NL; l++)

DAGCC_COMPUTE(flops = n)
void scale(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *x, int n);

DAGCC_GRAPH void step(dagcc_group *g, float *base, dagcc_stream_t s)
{
	FOR_LAYERS(l) {
		float *y = SLICE(base, l + 1);
		scale(s, y, SLICE(base, l), N);
		REDUCE(y, N);
	}
	scale(s, base, base + NL * N - N, N);
}
// CHECK-LABEL: graph @step
// CHECK-NEXT: %0 = compute "scale" f32 flops 16 inout "base"[64:64] in "base"[0:64] @23:3
// CHECK-NEXT: %1 = all_reduce group "g" f32 op sum count 16 inout "base"[64:64] after %0(raw+war+waw) @24:3
// CHECK-NEXT: %2 = compute "scale" f32 flops 16 inout "base"[128:64] in "base"[64:64] after %1(raw) @23:3
// CHECK-NEXT: %3 = all_reduce group "g" f32 op sum count 16 inout "base"[128:64] after %1(group), %2(raw+war+waw) @24:3
// CHECK-NEXT: %4 = compute "scale" f32 flops 16 inout "base"[0:64] in "base"[64:64] after %0(war), %1(raw) @26:2

// EMIT: float *y__0 = SLICE(base, 0 + 1);
// EMIT: scale(s, y__0, SLICE(base, 0), N);
// EMIT: dagcc_all_reduce_start(g, y__0, 16, DAGCC_F32, DAGCC_SUM, s);
// EMIT-NOT: {{R}}EDUCE_start
