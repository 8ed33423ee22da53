// A name in a cost expression that is not a parameter of the function is an error at that name.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(flops = 2 * m * n, bytes = 4 * (m +
					   rows))
void k(dagcc_stream_t s, DAGCC_IN const float *a, int m, int n);

DAGCC_COMPUTE(bytes = sizeof(struct nowhere))
void k2(dagcc_stream_t s, int m);
// CHECK: cost-unknown-name.c:6:9: error: unknown name 'rows' in cost expression; use the function's parameter names
// CHECK-NEXT: {{^}}					   rows))
// CHECK-NEXT: {{^}}					   ^
// CHECK: cost-unknown-name.c:9:30: error: unknown type 'struct nowhere' in cost expression
// CHECK-NEXT: DAGCC_COMPUTE(bytes = sizeof(struct nowhere))
// CHECK-NEXT: {{^}}                             ^
