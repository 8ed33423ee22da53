// Byte ranges follow pointer arithmetic (scaled by the element size), &a[k], casts and derived
// pointer declarations; where the offset is not constant, the access covers the whole root.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
#include "dagcc.h"

typedef unsigned short bf16;

DAGCC_GRAPH void ranges(dagcc_group *g, bf16 *base, double *d, int n, dagcc_stream_t s)
{
	for (int i = 0; i < 2; i++) {
		bf16 *w = base + i * 100;
		dagcc_all_reduce(g, w + 10, 5, DAGCC_BF16, DAGCC_SUM, s);
	}
	// CHECK: %0 = all_reduce {{.*}} inout "base"[20:10]
	// CHECK-NEXT: %1 = all_reduce {{.*}} inout "base"[220:10] after %0(group) @
	dagcc_all_reduce(g, &d[3], 2, DAGCC_F64, DAGCC_SUM, s);
	// CHECK-NEXT: %2 = all_reduce {{.*}} inout "d"[24:16] after %1(group) @
	dagcc_all_reduce(g, (char *)d + 1, 2, DAGCC_I8, DAGCC_SUM, s);
	// CHECK-NEXT: %3 = all_reduce {{.*}} inout "d"[1:2] after %2(group) @
	dagcc_all_reduce(g, d + n, 2, DAGCC_F64, DAGCC_SUM, s);
	// CHECK-NEXT: %4 = all_reduce {{.*}} inout "d"[0:?] after %2(raw+war+waw), %3(raw+war+waw+group) @
	dagcc_all_reduce(g, d - 1 + 5, 1, DAGCC_F64, DAGCC_SUM, s);
	// CHECK-NEXT: %5 = all_reduce {{.*}} inout "d"[32:8] after %4(raw+war+waw+group) @
}
