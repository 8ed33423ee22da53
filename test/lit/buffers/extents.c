// Declared extents give slices of one flat buffer exact ranges: llm.c-style per-kind
// gradient tensors carved from one block, per-layer slices, no false edges. Without an extent
// an access runs to the end of its buffer (conservative). An extent that names a run-time
// value falls back to that.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
#include "dagcc.h"

#define C 4
#define L 2

DAGCC_COMPUTE(flops = 2.0 * n * c)
void layer_bwd(dagcc_stream_t s, DAGCC_OUT_N(c) float *dw, DAGCC_OUT_N(c) float *db,
	       DAGCC_IN_N(n * c) const float *x, int n, int c);

DAGCC_COMPUTE(flops = n)
void touch(dagcc_stream_t s, DAGCC_INOUT float *y, int n);

DAGCC_GRAPH void backward(float *grads, float *act, int rt, dagcc_group *g, dagcc_stream_t s)
{
	float *w = grads;
	float *b = grads + L * C;
	for (int l = L - 1; l >= 0; l--) {
		layer_bwd(s, w + l * C, b + l * C, act, 2, C);
		float *const ptrs[] = {w + l * C, b + l * C};
		for (int i = 0; i < 2; i++)
			dagcc_all_reduce(g, ptrs[i], C, DAGCC_F32, DAGCC_SUM, s);
	}
	layer_bwd(s, act + rt, act + 1, grads, 1, C);
	touch(s, grads + 12, 4);
}
// CHECK-LABEL: graph @backward
// CHECK-NEXT: %0 = compute "layer_bwd" f32 flops 16 out "grads"[16:16] out "grads"[48:16] in "act"[0:32] @23:3
// CHECK-NEXT: %1 = all_reduce group "g" f32 op sum count 4 inout "grads"[16:16] after %0(raw+waw) @26:4
// CHECK-NEXT: %2 = all_reduce group "g" f32 op sum count 4 inout "grads"[48:16] after %0(raw+waw), %1(group) @26:4
// CHECK-NEXT: %3 = compute "layer_bwd" f32 flops 16 out "grads"[0:16] out "grads"[32:16] in "act"[0:32] @23:3
// CHECK-NEXT: %4 = all_reduce group "g" f32 op sum count 4 inout "grads"[0:16] after %2(group), %3(raw+waw) @26:4
// CHECK-NEXT: %5 = all_reduce group "g" f32 op sum count 4 inout "grads"[32:16] after %3(raw+waw), %4(group) @26:4
// CHECK-NEXT: %6 = compute "layer_bwd" f32 flops 8 out "act"[0:?] out "act"[4:16] in "grads"[0:16] after %0(war), %3(war), %4(raw) @28:2
// CHECK-NEXT: %7 = compute "touch" f32 flops 4 inout "grads"[48:?] after %2(raw+war+waw) @29:2
