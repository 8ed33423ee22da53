// Edges between conflicting accesses: read after write, write after read, write after write.
// RUN: %dagcc --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void produce(dagcc_stream_t s, DAGCC_OUT float *y);
DAGCC_COMPUTE(us = 1)
void consume(dagcc_stream_t s, DAGCC_IN const float *x);

DAGCC_GRAPH void kinds(float *a, float *b, dagcc_stream_t s)
{
	produce(s, a);
	consume(s, a);
	produce(s, a);
	produce(s, a);
	consume(s, b);
}
// CHECK: %0 = compute "produce" f32 us 1 out "a"[0:?] @
// CHECK-NEXT: %1 = compute "consume" f32 us 1 in "a"[0:?] after %0(raw) @
// CHECK-NEXT: %2 = compute "produce" f32 us 1 out "a"[0:?] after %0(waw), %1(war) @
// CHECK-NEXT: %3 = compute "produce" f32 us 1 out "a"[0:?] after %2(waw) @
// CHECK-NEXT: %4 = compute "consume" f32 us 1 in "b"[0:?] @
