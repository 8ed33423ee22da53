// A pointer parameter without DAGCC_IN, DAGCC_OUT or DAGCC_INOUT is a warning and counts as
// both read and written.
// RUN: %dagcc --emit=ir %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void k(dagcc_stream_t s, float *x, DAGCC_IN const float *y);

DAGCC_GRAPH void step(float *a, float *b, dagcc_stream_t s)
{
	k(s, a, b);
}
// CHECK: compute "k" f32 us 1 inout "a"[0:?] in "b"[0:?]
// WARN: missing-direction.c:8:33: warning: pointer parameter 'x' of compute function 'k' has no DAGCC_IN, DAGCC_OUT or DAGCC_INOUT; treated as DAGCC_INOUT
// WARN-NEXT: void k(dagcc_stream_t s, float *x, DAGCC_IN const float *y);
// WARN-NEXT: {{^}}                                ^
