// Two declarations of the same name in one graph are two objects: the second is w#2.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void twice(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 1; i++) {
		float *w = dagcc_alloc_async(16, s);
		dagcc_all_gather(g, a, w, 1, DAGCC_F32, s);
		dagcc_free_async(w, s);
	}
	for (int i = 0; i < 1; i++) {
		float *w = dagcc_alloc_async(16, s);
		dagcc_all_gather(g, a, w, 1, DAGCC_F32, s);
		dagcc_free_async(w, s);
	}
}
// CHECK: %0 = alloc size 16 out "w__0"[0:?]
// CHECK: %3 = alloc size 16 out "w_v2__0"[0:?] @
// CHECK: %5 = free size 16 out "w_v2__0"[0:?]
