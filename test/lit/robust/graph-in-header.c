// A graph defined in a header the input includes is not dropped in silence: dagcc writes one
// file, so it says where the graph is and what to do.
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// RUN: not %dagcc --stats %s 2>&1 | FileCheck %s
#include "dagcc.h"
#include "Inputs/graph-in-header.h"
// CHECK: Inputs/graph-in-header.h:1:18: error: graph 'step' is defined in a header, which dagcc does not rewrite: define it in {{.*}}graph-in-header.c
// CHECK-NEXT: {{^}}DAGCC_GRAPH void step(
