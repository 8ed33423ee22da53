// A buffer is its root object: member paths with constant subscripts evaluated, so md->act[i + 1]
// in the copy where i = 2 and md->act[3] are the same root, and per-copy locals are renamed.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
#include "dagcc.h"

struct model {
	dagcc_group *dp;
	float *act[5];
	float buf[64];
};

DAGCC_COMPUTE(us = 1)
void use(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_OUT float *y);

DAGCC_GRAPH void roots(struct model *md, struct model m2, dagcc_stream_t s)
{
	for (int i = 2; i < 3; i++)
		use(s, md->act[i], md->act[i + 1]);
	// CHECK: %0 = compute "use" f32 us 1 in "md->act[2]"[0:?] out "md->act[3]"[0:?]
	dagcc_all_reduce(md->dp, md->act[3], 4, DAGCC_F32, DAGCC_SUM, s);
	// CHECK-NEXT: %1 = all_reduce group "md->dp" {{.*}} inout "md->act[3]"[0:16] after %0(raw+waw)
	dagcc_all_reduce(md->dp, md->buf, 4, DAGCC_F32, DAGCC_SUM, s);
	// CHECK-NEXT: %2 = all_reduce group "md->dp" {{.*}} inout "md->buf"[0:16] after %1(group)
	dagcc_all_reduce(m2.dp, &m2.buf[8], 4, DAGCC_F32, DAGCC_SUM, s);
	// CHECK-NEXT: %3 = all_reduce group "m2.dp" {{.*}} inout "m2.buf"[32:16] @
	dagcc_all_reduce((*md).dp, (float *)md->act[1 + 2], 4, DAGCC_F32, DAGCC_SUM, s);
	// CHECK-NEXT: %4 = all_reduce group "md->dp" {{.*}} inout "md->act[3]"[0:16] after %0(raw+waw), %1(raw+war+waw), %2(group) @
}
