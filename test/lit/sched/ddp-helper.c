// A 24-layer DDP backward whose layers are a static helper (its two kernels and the layer's
// gradient all-reduce): inlined, every kernel is in the cost model and every all-reduce but
// the last overlaps the next layers' kernels; --report lists no barrier. With the helper's
// address taken it is not inlined, and the report says each call stays a barrier, why, and
// how long the schedule stands at it. It used to be 24 barriers, two thirds of the compute
// out of the model and every all-reduce exposed.
// RUN: %dagcc --passes=deps,sched --verify-each -I %include --report %s -o %t.c 2>&1 | FileCheck %s
// RUN: %dagcc --passes=deps,sched --verify-each -I %include --report=json %s -o %t.c 2>/dev/null | %python -c "import json,sys; g=json.load(sys.stdin)['graphs'][0]; assert 'barriers' not in g; print('exposed', g['before']['exposed_comm_us'] > 20 * g['after']['exposed_comm_us'])" | FileCheck %s --check-prefix=JSON
// RUN: %dagcc --passes=deps,sched --verify-each -I %include -DTAKEN --report %s -o %t.c 2>&1 | FileCheck %s --check-prefix=TAKEN
// RUN: %dagcc --passes=deps,sched --verify-each -I %include -DTAKEN --report=json %s -o %t.c 2>/dev/null | %python -c "import json,sys; b=json.load(sys.stdin)['graphs'][0]['barriers']; print(len(b), b[0]['callee'], b[0]['why'], b[0]['us'] > 0)" | FileCheck %s --check-prefix=TAKENJSON
#include "dagcc.h"

#define L 24
#define N (1 << 20)

struct model {
	float *w[L], *dw[L], *act[L + 1], *dact[L + 1], *stats;
};

DAGCC_COMPUTE(flops = 2.0 * n * n / 64, dtype = f32)
void matmul_dinp(dagcc_stream_t s, DAGCC_OUT float *dx, DAGCC_IN const float *dy,
		 DAGCC_IN const float *w, int n);
DAGCC_COMPUTE(flops = 2.0 * n * n / 64, dtype = f32)
void matmul_dw(dagcc_stream_t s, DAGCC_INOUT float *dw, DAGCC_IN const float *dy,
	       DAGCC_IN const float *x, int n);

static void layer_backward(struct model *md, int l, dagcc_group *dp, dagcc_stream_t s)
{
	matmul_dw(s, md->dw[l], md->dact[l + 1], md->act[l], N);
	matmul_dinp(s, md->dact[l], md->dact[l + 1], md->w[l], N);
	dagcc_all_reduce(dp, md->dw[l], N, DAGCC_F32, DAGCC_SUM, s);
}

#ifdef TAKEN
void (*hook)(struct model *, int, dagcc_group *, dagcc_stream_t) = layer_backward;
#endif

DAGCC_GRAPH void backward(struct model *md, dagcc_group *dp, dagcc_stream_t s)
{
	dagcc_all_reduce(dp, md->stats, N, DAGCC_F32, DAGCC_SUM, s);
	for (int l = L - 1; l >= 0; l--)
		layer_backward(md, l, dp, s);
}

// CHECK: graph backward on {{.*}}: 73 nodes
// CHECK-NOT: barrier:
// CHECK: group dp
// JSON: exposed True

// TAKEN: graph backward on {{.*}}: 25 nodes, compute 0.0 us
// TAKEN: barrier: call to 'layer_backward' at {{.*}}ddp-helper.c:[[#@LINE-9]]:3 (not inlined: its address is taken): the schedule waits {{[1-9][0-9.]*}} us at it; what it runs is not in the cost model
// TAKEN: barrier: call to 'layer_backward' at {{.*}}ddp-helper.c:[[#@LINE-10]]:3 (not inlined: its address is taken): the schedule waits 0.0 us at it; what it runs is not in the cost model
// TAKENJSON: 24 layer_backward its address is taken True
