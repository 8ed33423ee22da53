// A local declared in a loop body whose variable is negative gets a per-copy name that is a C
// identifier (w.-1 is emitted as w__m1): the overlapped program compiles (found by
// fuzz/c_fuzz.py: it was 'w__-1', refused as a dagcc bug).
// RUN: %dagcc --no-schedule --emit=ir %s | FileCheck %s
// RUN: %dagcc %s -o %t.c && %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = -1; i < 1; i++) {
		float *w = dagcc_alloc_async(16, s);
		dagcc_all_gather(g, a, w, 1, DAGCC_F32, s);
		dagcc_free_async(w, s);
	}
}
// CHECK: alloc size 16 out "w__m1"[0:?]
// CHECK: alloc size 16 out "w__0"[0:?]
// C: float *w__m1 = dagcc_alloc_async(16, s);
// C: float *w__0 = dagcc_alloc_async(16, s);
