// Collectives issued on different streams never share a bucket: the bucket's copies and its
// collective run on one stream. Here a and c (stream s1) bucket, b and d (s2) apart from them.
// RUN: %dagcc --passes=deps,sched,bucket --verify-each --emit=ir %s -o - | FileCheck %s
// CHECK-DAG: all_reduce group "g" f32 op sum count 32 bucket {{[a-z]+}} (16 @14:2, 16 @16:2)
// CHECK-DAG: all_reduce group "g" f32 op sum count 32 bucket {{[a-z]+}} (16 @15:2, 16 @17:2)
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void k(dagcc_stream_t s, DAGCC_IN const float *a, DAGCC_IN const float *b, DAGCC_OUT float *y);

DAGCC_GRAPH void step(dagcc_group *g, float *a, float *b, float *c, float *d, float *y,
		      dagcc_stream_t s1, dagcc_stream_t s2)
{
	dagcc_all_reduce(g, a, 16, DAGCC_F32, DAGCC_SUM, s1);
	dagcc_all_reduce(g, b, 16, DAGCC_F32, DAGCC_SUM, s2);
	dagcc_all_reduce(g, c, 16, DAGCC_F32, DAGCC_SUM, s1);
	dagcc_all_reduce(g, d, 16, DAGCC_F32, DAGCC_SUM, s2);
	k(s1, a, c, y);
	k(s2, b, d, y + 16);
}
