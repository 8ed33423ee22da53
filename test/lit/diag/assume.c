// --assume binds a name that is not constant in the program, making counts and costs constant.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %dagcc --emit=ir --assume n=1024 --assume=m=0x10 %s | FileCheck %s
// RUN: not %dagcc --emit=ir --assume n %s 2>&1 | FileCheck %s --check-prefix=BADASSUME
// RUN: not %dagcc --emit=ir --assume n=12x %s 2>&1 | FileCheck %s --check-prefix=BADVALUE
#include "dagcc.h"

DAGCC_COMPUTE(flops = m)
void k(dagcc_stream_t s, int m);

DAGCC_GRAPH void step(dagcc_group *g, float *buf, int n, int m, dagcc_stream_t s)
{
	dagcc_all_reduce(g, buf, n / 2, DAGCC_F32, DAGCC_SUM, s);
	k(s, m);
}
// ERR: assume.c:13:27: error: collective count is not a constant expression
// ERR: assume.c:14:7: error: cost argument 'm' of 'k' is not a constant expression
// CHECK: all_reduce group "g" f32 op sum count 512 inout "buf"[0:2048]
// CHECK: compute "k" flops 16
// BADASSUME: dagcc: error: --assume wants NAME=VALUE, not 'n'
// BADVALUE: dagcc: error: --assume: '12x' is not an integer
