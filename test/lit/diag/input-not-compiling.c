// A graph that compiles only where the DSL's calls are functions (dagcc's own reading, with
// __DAGCC__): outside dagcc they are macros, so a collective's bare name is no value. The
// overlapped program cannot compile, and the error is the input's, not "a dagcc bug" (found by
// fuzz/c_fuzz.py); no output file is written.
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

void use(dagcc_stream_t s, void (*f)(void));

DAGCC_GRAPH void step(float *x, dagcc_group *g, dagcc_stream_t s)
{
	use(s, (void (*)(void))dagcc_all_reduce);
	dagcc_all_reduce(g, x, 1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: input-not-compiling.c:14:25: error: use of undeclared identifier 'dagcc_all_reduce' (the program does not compile without dagcc either)
// CHECK-NEXT: {{^}}	use(s, (void (*)(void))dagcc_all_reduce);
// CHECK-NEXT: {{^}}	                       ^
// CHECK-NOT: dagcc bug
