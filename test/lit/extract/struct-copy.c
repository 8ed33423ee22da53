// A pointer member of a struct local (a copy of *m) holds a value dagcc does not follow: it
// is ordered against every other access, never taken for a buffer of its own named mm.w.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

struct model {
	float *w, *g;
};

DAGCC_COMPUTE(us = 1)
void kscale(dagcc_stream_t s, DAGCC_INOUT float *y, int n);

DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, struct model *m)
{
	struct model mm = *m;
	dagcc_all_reduce(g, m->w, 8, DAGCC_F32, DAGCC_SUM, s);
	kscale(s, &mm.w[2], 4);
}
// CHECK: warning: cannot tell which buffer '&mm.w[2]' points into ('mm.w': a pointer read from a local that dagcc does not follow)
// CHECK: %1 = all_reduce group "g" f32 op sum count 8 inout "m->w"[0:32] after %0(order)
// CHECK: %2 = compute "kscale" {{.*}} inout "?"[0:?] after %1(raw+war+waw)
