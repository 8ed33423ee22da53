// Every collective kind, with the buffer each one reads and writes. Counts are elements; the
// ranges are bytes. A root or peer that is not constant is left out, not an error.
// RUN: %dagcc --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void all(dagcc_group *g, double *a, double *b, int peer, dagcc_stream_t s)
{
	// CHECK: %0 = all_reduce group "g" f64 op avg count 4 inout "a"[0:32]
	dagcc_all_reduce(g, a, 4, DAGCC_F64, DAGCC_AVG, s);
	// CHECK: %1 = all_gather group "g" f64 count 4 in "a"[0:32] out "b"[0:?]
	dagcc_all_gather(g, a, b, 4, DAGCC_F64, s);
	// CHECK: %2 = reduce_scatter group "g" i32 op prod count 4 in "a"[0:?] out "b"[0:16]
	dagcc_reduce_scatter(g, a, b, 4, DAGCC_I32, DAGCC_PROD, s);
	// CHECK: %3 = all_to_all group "g" u8 count 3 in "a"[0:?] out "b"[0:?]
	dagcc_all_to_all(g, a, b, 3, DAGCC_U8, s);
	// CHECK: %4 = broadcast group "g" i64 count 2 peer 1 inout "a"[0:16]
	dagcc_broadcast(g, a, 2, DAGCC_I64, 1, s);
	// CHECK: %5 = send group "g" i8 count 5 in "a"[0:5]
	dagcc_send(g, a, 5, DAGCC_I8, peer, s);
	// CHECK: %6 = recv group "g" f16 count 6 peer 0 out "b"[0:12]
	dagcc_recv(g, b, 6, DAGCC_F16, 0, s);
	// CHECK: %7 = all_reduce group "g" f32 op min count 1 inout "a"[0:4]
	dagcc_all_reduce(g, a, 1, DAGCC_F32, DAGCC_MIN, s);
}
