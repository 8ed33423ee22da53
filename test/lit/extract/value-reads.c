// A value argument is read when its call is issued: one that reads memory a node may write (a
// local whose address a kernel takes, an element through a pointer) makes the node read that
// memory, so it stays after the node that writes it. A constant (nelem[i]) reads nothing.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>&1 | FileCheck %s
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>&1 | not grep '"nelem"'
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void ksum(dagcc_stream_t s, DAGCC_OUT float *out, DAGCC_IN const float *x, int n);
DAGCC_COMPUTE(us = 1)
void kaddc(dagcc_stream_t s, DAGCC_INOUT float *y, float c, int n);

DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, float *a, float *b)
{
	float loss = 0;
	ksum(s, &loss, a, 8);
	kaddc(s, b, loss, 8);
	kaddc(s, b + 8, a[3] * 2, 8);
	const int nelem[] = {4, 8};
	for (int i = 0; i < 2; i++)
		dagcc_all_reduce(g, b + 16, nelem[i], DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = compute "ksum" {{.*}} out "loss"[0:?] in "a"[0:?]
// CHECK: %1 = compute "kaddc" {{.*}} in "loss"[0:?] inout "b"[0:?] after %0(raw)
// CHECK: %2 = compute "kaddc" {{.*}} in "a"[12:?] inout "b"[32:?] after
// CHECK: %3 = all_reduce group "g" f32 op sum count 4 inout "b"[64:16] after
