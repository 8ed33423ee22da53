// A statement kept in place that names a temporary (a pointer carved out of it, (void)w) is
// emitted after the temporary's allocation, wherever the schedule moves that: it used to go to
// the top of its stretch of nodes, before the declaration (found by fuzz/c_fuzz.py: the
// second loop's w is renamed w_v2__0, and the output did not compile).
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %s
// RUN: %dagcc --bucket-cap 0 %s -o %t.c && %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s < %t.c
#include "dagcc.h"

DAGCC_GRAPH void twice(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 1; i++) {
		float *w = dagcc_alloc_async(64, s);
		float *hi = w + 8;
		dagcc_all_gather(g, a, hi, 1, DAGCC_F32, s);
		dagcc_free_async(w, s);
	}
	for (int i = 0; i < 1; i++) {
		float *w = dagcc_alloc_async(16, s);
		(void)w;
		dagcc_free_async(w, s);
	}
}
// CHECK: float *w__0 = dagcc_alloc_async(64, s);
// CHECK: float *hi__0 = w__0 + 8;
// CHECK: dagcc_all_gather_start(g, a, hi__0,
// CHECK: float *w_v2__0 = dagcc_alloc_async(16, s);
// CHECK: (void)w_v2__0;
// CHECK: dagcc_free_async(w_v2__0, s);
