// A ring written send-then-receive on every rank, the rank a plain parameter. Without --rank
// the peers are known only at run time, and dagcc says that its deadlock check did not run and
// how to make it run, with or without a p2p group. With --rank the ring is checked: as written
// it could deadlock, and the error suggests a p2p group; in one, it is accepted.
// RUN: %dagcc -I %include %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %dagcc -I %include -DGROUPED %s -o %t.g.c 2>&1 | FileCheck %s --check-prefix=WARNG
// RUN: not %dagcc -I %include --rank r=g --group-size g=4 %s -o %t.r.c 2>&1 | FileCheck %s --check-prefix=RING
// RUN: %dagcc -I %include -DGROUPED --rank r=g --group-size g=4 %s -o %t.rg.c 2>&1 | count 0
#include "dagcc.h"

DAGCC_GRAPH void ring(dagcc_group *g, int r, float *x, float *y, dagcc_stream_t s)
{
	int n = dagcc_group_size(g);
#ifdef GROUPED
	dagcc_p2p_begin(g, s);
#endif
	dagcc_send(g, x, 16, DAGCC_F32, (r + 1) % n, s);
	dagcc_recv(g, y, 16, DAGCC_F32, (r + n - 1) % n, s);
#ifdef GROUPED
	dagcc_p2p_end(g, s);
#endif
}

// WARN: p2p-unchecked.c:17:2: warning: this peer is known only at run time, so dagcc did not check the sends and receives of graph 'ring' for deadlock: say which variable holds the rank with --rank NAME=GROUP, or compute the peers from dagcc_group_rank(GROUP), with --group-size GROUP=N
// WARN-NEXT: dagcc_send(g, x, 16, DAGCC_F32, (r + 1) % n, s);
// WARNG: p2p-unchecked.c:17:2: warning: this peer is known only at run time, so dagcc did not check the sends and receives of graph 'ring' for deadlock
// RING: p2p-unchecked.c:17:2: error: rank 0's send to rank 1 could deadlock (in the program as written): rank 1 does not reach the matching receive
// RING: p2p-unchecked.c:17:2: note: sends and receives that every rank issues before the others' (a ring: send to the next rank, then receive from the previous) cannot deadlock between dagcc_p2p_begin(g, s) and dagcc_p2p_end(g, s), which issue them together as one NCCL group
