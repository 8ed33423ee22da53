// Each call in a graph body becomes a node: compute with its costs, collectives with kind,
// group, dtype, op and count, allocations and frees.
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(flops = 2 * n, bytes = 8 * n)
void axpy(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_INOUT float *y, int n);

// CHECK-LABEL: graph @step "{{.*}}basic.c" {
DAGCC_GRAPH void step(dagcc_group *g, float *x, float *y, dagcc_stream_t s)
{
	// CHECK-NEXT: %0 = alloc size 4096 out "t"[0:?] @[[@LINE+1]]:13
	float *t = dagcc_alloc_async(1024 * sizeof(float), s);
	// CHECK-NEXT: %1 = all_gather group "g" f32 count 256 in "x"[0:1024] out "t"[0:?] after %0(waw) @[[@LINE+1]]:2
	dagcc_all_gather(g, x, t, 256, DAGCC_F32, s);
	// CHECK-NEXT: %2 = compute "axpy" f32 flops 2048 bytes 8192 in "t"[0:?] inout "y"[0:?] after %1(raw) @[[@LINE+1]]:2
	axpy(s, t, y, 1024);
	// CHECK-NEXT: %3 = all_reduce group "g" bf16 op max count 10 inout "y"[0:20] after %1(group), %2(raw+war+waw) @[[@LINE+1]]:2
	dagcc_all_reduce(g, y, 10, DAGCC_BF16, DAGCC_MAX, s);
	// CHECK-NEXT: %4 = free size 4096 out "t"[0:?] after %1(waw), %2(war) @[[@LINE+1]]:2
	dagcc_free_async(t, s);
	// CHECK-NEXT: }
}
