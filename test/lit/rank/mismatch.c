// Sends and receives are matched pair by pair, in order, on count and dtype; a send left
// without a receive, or a collective only some ranks issue, is refused with both sides named.
// RUN: not %dagcc -I %include --group-size g=2 -DCOUNT %s -o %t.c 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %dagcc -I %include --group-size g=2 -DEXTRA %s -o %t.c 2>&1 | FileCheck %s --check-prefix=EXTRA
// RUN: not %dagcc -I %include --group-size g=2 -DCOLL %s -o %t.c 2>&1 | FileCheck %s --check-prefix=COLL
// RUN: not %dagcc -I %include --group-size g=2 -DPEER %s -o %t.c 2>&1 | FileCheck %s --check-prefix=PEER
#include "dagcc.h"

DAGCC_GRAPH void pass(dagcc_group *g, float *buf, dagcc_stream_t s)
{
	int rank = dagcc_group_rank(g);
#ifdef COUNT
	if (rank == 0)
		dagcc_send(g, buf, 16, DAGCC_F32, 1, s);
	else
		dagcc_recv(g, buf, 8, DAGCC_F32, 0, s);
#endif
#ifdef EXTRA
	if (rank == 0) {
		dagcc_send(g, buf, 16, DAGCC_F32, 1, s);
		dagcc_send(g, buf, 16, DAGCC_F32, 1, s);
	} else {
		dagcc_recv(g, buf, 16, DAGCC_F32, 0, s);
	}
#endif
#ifdef COLL
	if (rank == 1)
		dagcc_all_reduce(g, buf, 16, DAGCC_F32, DAGCC_SUM, s);
#endif
#ifdef PEER
	dagcc_send(g, buf, 16, DAGCC_F32, rank + 1, s);
#endif
}

// COUNT: mismatch.c:14:3: error: send 1 from rank 0 to rank 1 is 16 f32, but the receive it matches takes 8 f32 (in the program as written)
// COUNT: mismatch.c:16:3: note: the receive on rank 1

// EXTRA: mismatch.c:21:3: error: send 2 from rank 0 to rank 1 has no matching receive on rank 1 (in the program as written)
// EXTRA: mismatch.c:23:3: note: rank 1's last receive from rank 0

// COLL: mismatch.c:28:3: error: collective 1 on 'g' is all_reduce of 16 f32 on rank 1 but none on rank 0: every rank of a group must issue the same collectives in one order (in the program as written)

// PEER: mismatch.c:31:2: error: send's peer is 2 on rank 1, outside the 2 ranks of 'g'
