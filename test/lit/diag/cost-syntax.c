// Syntax errors in cost annotations point into the annotation.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(flops = 2 * m +, bytes = m)
void a(dagcc_stream_t s, int m);
DAGCC_COMPUTE(time = m)
void b(dagcc_stream_t s, int m);
DAGCC_COMPUTE(us = (m + 1) * (2 m))
void c(dagcc_stream_t s, int m);
DAGCC_COMPUTE(us = m, us = 2)
void d(dagcc_stream_t s, int m);
DAGCC_COMPUTE(us m)
void e(dagcc_stream_t s, int m);
DAGCC_COMPUTE()
void f(dagcc_stream_t s, int m);
DAGCC_COMPUTE(us = m m)
void g(dagcc_stream_t s, int m);
// CHECK: cost-syntax.c:5:30: error: expected an expression in cost annotation
// CHECK-NEXT: DAGCC_COMPUTE(flops = 2 * m +, bytes = m)
// CHECK-NEXT: {{^}}                             ^
// CHECK: cost-syntax.c:7:15: error: expected 'flops', 'bytes', 'us' or 'dtype' in cost annotation
// CHECK: cost-syntax.c:9:33: error: expected ')' in cost expression
// CHECK: cost-syntax.c:11:23: error: 'us' given twice in cost annotation
// CHECK: cost-syntax.c:13:18: error: expected '=' after 'us'
// CHECK: cost-syntax.c:15:15: error: empty cost annotation; give flops, bytes or us
// CHECK: cost-syntax.c:17:22: error: expected ',' or the end of the cost annotation
