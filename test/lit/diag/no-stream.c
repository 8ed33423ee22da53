// A compute function must take a dagcc_stream_t; the error points at its name.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void nostream(DAGCC_IN const float *a, int n);
// CHECK: no-stream.c:6:6: error: compute function 'nostream' has no dagcc_stream_t parameter
// CHECK-NEXT: void nostream(DAGCC_IN const float *a, int n);
// CHECK-NEXT: {{^}}     ^
