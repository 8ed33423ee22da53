// With --group-size, a reduce_scatter's input and an all_gather's output span count * ranks,
// and a rank-dependent offset (the in-place shard p + n / P * rank) spans every rank's shard:
// slices of one block stay apart. The program checks the size at run time; where the exact
// ranges change no edge, the graph is the one for any size and nothing is checked.
// RUN: %dagcc --bucket-cap 0 --emit=ir --group-size 'g=4' %s | FileCheck %s
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s --check-prefix=ANY
// RUN: %dagcc --bucket-cap 0 --group-size 'g=4' %s -o - | FileCheck %s --check-prefix=EMIT
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void fill(dagcc_stream_t s, DAGCC_OUT_N(n) float *y, int n);

DAGCC_GRAPH void zero1(float *grads, dagcc_group *g, dagcc_stream_t s)
{
	for (int l = 1; l >= 0; l--) {
		float *p = grads + l * 64;
		fill(s, p, 64);
		dagcc_reduce_scatter(g, p, p + 64 / 4 * dagcc_group_rank(g), 16, DAGCC_F32, DAGCC_SUM, s);
	}
}
// CHECK-LABEL: graph @zero1
// CHECK-NEXT: %0 = compute "fill" f32 flops 64 out "grads"[256:256] @17:3
// CHECK-NEXT: %1 = reduce_scatter group "g" f32 op sum count 16 in "grads"[256:256] out "grads"[256:256] after %0(raw+waw) @18:3
// CHECK-NEXT: %2 = compute "fill" f32 flops 64 out "grads"[0:256] @17:3
// CHECK-NEXT: %3 = reduce_scatter group "g" f32 op sum count 16 in "grads"[0:256] out "grads"[0:256] after %1(group), %2(raw+waw) @18:3
// ANY: %2 = compute "fill" f32 flops 64 out "grads"[0:256] after %1(waw) @17:3
// EMIT: dagcc_expect_group_size(g, 4);

DAGCC_GRAPH void gather(float *w, float *full, dagcc_group *g, dagcc_stream_t s)
{
	dagcc_all_gather(g, w, full, 16, DAGCC_F32, s);
	fill(s, full + 64, 16);
}
// CHECK-LABEL: graph @gather
// CHECK-NEXT: %0 = all_gather group "g" f32 count 16 in "w"[0:64] out "full"[0:256] @31:2
// CHECK-NEXT: %1 = compute "fill" f32 flops 16 out "full"[256:64] @32:2
