// --report: a rank-specialized graph's entry names its rank and adds all ranks simulated
// together, as written and scheduled: the rank's step, the bubble on its compute stream and
// the part of it spent on sends and receives. --report=json adds rank, ranks, rank_group,
// pipeline_before and pipeline_after to those entries (and to no other).
// RUN: %dagcc -I %include --group-size g=2 --report %s 2>&1 | FileCheck %s
// RUN: %dagcc -I %include --group-size g=2 --report=json %s | FileCheck %s --check-prefix=JSON
// RUN: %dagcc -I %include --group-size g=2 --report=json %s | %python -m json.tool > /dev/null
#include "dagcc.h"

DAGCC_COMPUTE(us = 100)
void work(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_OUT float *y);

DAGCC_GRAPH void plain(float *a, float *b, dagcc_stream_t s)
{
	work(s, a, b);
}

DAGCC_GRAPH void two(dagcc_group *g, float *a, float *b, float *c, dagcc_stream_t s)
{
	if (dagcc_group_rank(g) == 0) {
		work(s, a, b);
		dagcc_send(g, b, 1 << 20, DAGCC_F32, 1, s);
	} else {
		dagcc_recv(g, b, 1 << 20, DAGCC_F32, 0, s);
		work(s, a, c);
		work(s, b, a);
	}
}

// The receive waits for rank 0's work (100 us) and its transfer as written; scheduled, rank 1's
// independent work runs meanwhile.
// CHECK: graph plain on h100-8x: 1 nodes
// CHECK-NOT: with all
// CHECK: graph two, rank 0 of 2 in g, on h100-8x: 2 nodes
// CHECK: before   with all 2 ranks: step 121.1 us, bubble 21.1 us, send/recv exposed 21.1 us
// CHECK: after    with all 2 ranks: step 121.1 us, bubble 21.1 us, send/recv exposed 21.1 us
// CHECK: graph two, rank 1 of 2 in g, on h100-8x: 3 nodes
// CHECK: before   with all 2 ranks: step 321.1 us, bubble 121.1 us, send/recv exposed 121.1 us
// CHECK: after    with all 2 ranks: step 221.1 us, bubble 21.1 us, send/recv exposed 21.1 us
// CHECK-NEXT: graph two on all 2 ranks of g: step 321.1 us as written, 221.1 us scheduled (1.45x)

// JSON: {"graphs":[{"name":"plain",{{.*}}"groups":[]},{"name":"two",
// JSON-SAME: "rank":0,"ranks":2,"rank_group":"g","pipeline_before":{"step_us":121.121,"bubble_us":21.121,"exposed_p2p_us":21.121},"pipeline_after":{
// JSON-SAME: "rank":1,"ranks":2,"rank_group":"g","pipeline_before":{"step_us":321.121,
