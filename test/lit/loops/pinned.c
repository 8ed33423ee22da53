// A loop whose header reads what its body writes (a node writes n through &n, or *limit) is
// never rotated: a trip late, that node would run after the next trip's condition read the
// value it had not written yet. The IR says `pinned`, the schedule has no `prev` steps and the
// report says why; a loop whose header reads nothing the body writes is rotated (below).
// RUN: %dagcc --emit=ir %s -o - 2>/dev/null | FileCheck %s
// RUN: %dagcc --report %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %dagcc --rotate=always --emit=ir %s -o - 2>/dev/null | FileCheck %s
// The same bodies under a header that reads nothing they write are rotated:
// RUN: sed 's/i < n;/i < m;/; s/i < \*limit;/i < m;/' %s > %t.c
// RUN: %dagcc --emit=ir %t.c -o - 2>/dev/null | FileCheck %s --check-prefix=FREE
// FREE: %0 = loop "i" trips "m" "for
// FREE: prev
// FREE: %1 = loop "i" trips "m" "for
// FREE: prev
// CHECK: %0 = loop "i" trips "n" pinned "for (int i = 0; i < n; i++)"
// CHECK-NOT: prev
// CHECK: %1 = loop "i" trips "*limit" pinned "for (int i = 0; i < *limit; i++)"
// CHECK-NOT: prev
// CHECK: %2 = loop "i" trips "m" "for (int i = 0; i < m; i++)"
// CHECK: prev
// REPORT: loop at line {{[0-9]+}} (i, bounded by 'n'): {{.*}}, not rotated: its header may change what the body reads
// REPORT: loop at line {{[0-9]+}} (i, bounded by '*limit'): {{.*}}, not rotated: its header may change what the body reads
#include "dagcc.h"
DAGCC_COMPUTE(us = 20)
void fwd(dagcc_stream_t s, DAGCC_IN const float *w, DAGCC_INOUT float *act, int n);
DAGCC_COMPUTE(us = 1)
void shrink(dagcc_stream_t s, DAGCC_INOUT int *n);
DAGCC_GRAPH void train(dagcc_group *g, float *w, float *act, float *x, float *out, int *limit,
		       int m, int *k, dagcc_stream_t s)
{
	int n = 8;
	for (int i = 0; i < n; i++) {
		fwd(s, w, act, 16);
		fwd(s, act, x, 16);
		dagcc_all_reduce(g, x, 16, DAGCC_F32, DAGCC_SUM, s);
		fwd(s, x, out, 16);
		shrink(s, &n);
	}
	for (int i = 0; i < *limit; i++) {
		fwd(s, w, act, 16);
		fwd(s, act, x, 16);
		dagcc_all_reduce(g, x, 16, DAGCC_F32, DAGCC_SUM, s);
		fwd(s, x, out, 16);
		shrink(s, limit);
	}
	for (int i = 0; i < m; i++) {
		fwd(s, w, act, 16);
		fwd(s, act, x, 16);
		dagcc_all_reduce(g, x, 16, DAGCC_F32, DAGCC_SUM, s);
		fwd(s, x, out, 16);
		shrink(s, k);
	}
}
// A header reading memory through a local pointer (which may alias what a node writes) or a
// global is pinned too; one reading through a parameter is pinned only where a node writes
// under that parameter.
// RUN: %dagcc --emit=ir %S/Inputs/pinned-alias.c -o - 2>/dev/null | FileCheck %s --check-prefix=ALIAS
// ALIAS: %0 = loop "i" trips "*lim" pinned
// ALIAS-NOT: prev
// ALIAS: %1 = loop "i" trips "steps" pinned
// ALIAS-NOT: prev
// ALIAS: %2 = loop "i" trips "cfg->n" "for
// ALIAS: prev
