// A graph whose braces come from a macro cannot be rewritten where it is written: a located
// error, no output (it was an internal error and an abort).
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

#define BODY { dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s); }

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s) BODY
// CHECK: graph-body-macro.c:10:18: error: the braces of graph 'step' come from a macro
// CHECK-NEXT: {{^}}DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s) BODY
// CHECK-NEXT: {{^}}                 ^
// CHECK-NOT: internal error
