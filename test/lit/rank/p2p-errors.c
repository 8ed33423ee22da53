// A p2p group's mistakes, each a located error, and no output: a begin without its end, a
// nested begin, an end without a begin or on another group, a compute call or a collective
// between begin and end, a send of another group inside, a begin or an end under a run-time
// condition without the other in the same block, and a receive into what a send of the same
// group reads (they run at once). A whole p2p group under a run-time condition is accepted: it
// runs where it stands, with the statement (graph `whole`).
// RUN: rm -f %t.c
// RUN: not %dagcc -I %include %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void work(dagcc_stream_t s, DAGCC_INOUT_N(16) float *x);

DAGCC_GRAPH void open(dagcc_group *g, float *a, dagcc_stream_t s)
{
	dagcc_p2p_begin(g, s);
	dagcc_send(g, a, 16, DAGCC_F32, 1, s);
}

DAGCC_GRAPH void nest(dagcc_group *g, float *a, float *b, dagcc_stream_t s)
{
	dagcc_p2p_begin(g, s);
	dagcc_send(g, a, 16, DAGCC_F32, 1, s);
	dagcc_p2p_begin(g, s);
	dagcc_recv(g, b, 16, DAGCC_F32, 1, s);
	dagcc_p2p_end(g, s);
	dagcc_p2p_end(g, s);
}

DAGCC_GRAPH void other(dagcc_group *g, dagcc_group *h, float *a, float *b, dagcc_stream_t s)
{
	dagcc_p2p_begin(g, s);
	dagcc_send(g, a, 16, DAGCC_F32, 1, s);
	dagcc_p2p_end(h, s);
	dagcc_p2p_begin(g, s);
	dagcc_recv(h, b, 16, DAGCC_F32, 1, s);
	dagcc_p2p_end(g, s);
}

DAGCC_GRAPH void mixed(dagcc_group *g, float *a, float *b, dagcc_stream_t s)
{
	dagcc_p2p_begin(g, s);
	dagcc_send(g, a, 16, DAGCC_F32, 1, s);
	work(s, b);
	dagcc_all_reduce(g, b, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_p2p_end(g, s);
}

DAGCC_GRAPH void runtime(dagcc_group *g, float *a, int on, dagcc_stream_t s)
{
	if (on)
		dagcc_p2p_begin(g, s);
	dagcc_send(g, a, 16, DAGCC_F32, 1, s);
	if (on)
		dagcc_p2p_end(g, s);
}

DAGCC_GRAPH void race(dagcc_group *g, float *a, dagcc_stream_t s)
{
	dagcc_p2p_begin(g, s);
	dagcc_send(g, a, 16, DAGCC_F32, 1, s);
	dagcc_recv(g, a + 8, 16, DAGCC_F32, 1, s);
	dagcc_p2p_end(g, s);
}

DAGCC_GRAPH void whole(dagcc_group *g, float *a, float *b, int on, dagcc_stream_t s)
{
	if (on) {
		dagcc_p2p_begin(g, s);
		dagcc_send(g, a, 16, DAGCC_F32, 1, s);
		dagcc_recv(g, b, 16, DAGCC_F32, 1, s);
		dagcc_p2p_end(g, s);
	}
}
// CHECK: p2p-errors.c:17:2: error: dagcc_p2p_begin without a dagcc_p2p_end: the p2p group must end in the graph, after its sends and receives
// CHECK: p2p-errors.c:25:2: error: dagcc_p2p_begin inside a p2p group: p2p groups do not nest; end the one begun before with dagcc_p2p_end first
// CHECK: p2p-errors.c:23:2: note: the p2p group begun here
// CHECK: p2p-errors.c:28:2: error: dagcc_p2p_end without a dagcc_p2p_begin before it in the graph
// CHECK: p2p-errors.c:35:2: error: dagcc_p2p_end on 'h' ends the p2p group begun on 'g': begin and end name one group
// CHECK: p2p-errors.c:33:2: note: the p2p group begun here
// CHECK: p2p-errors.c:37:2: error: receive on 'h' in a p2p group on 'g': a p2p group holds the sends and receives of the group it begins on
// CHECK: p2p-errors.c:36:2: note: the p2p group begun here
// CHECK: p2p-errors.c:45:2: error: compute call 'work' between dagcc_p2p_begin and dagcc_p2p_end: a p2p group holds only sends and receives; end it before this
// CHECK: p2p-errors.c:43:2: note: the p2p group begun here
// CHECK: p2p-errors.c:46:2: error: a collective (all_reduce) between dagcc_p2p_begin and dagcc_p2p_end: a p2p group holds only sends and receives; end it before this
// CHECK: p2p-errors.c:43:2: note: the p2p group begun here
// CHECK: p2p-errors.c:53:3: error: dagcc_p2p_begin under a run-time if without its dagcc_p2p_end in the same block: a p2p group there begins and ends in one block, which runs where it stands
// CHECK: p2p-errors.c:56:3: error: dagcc_p2p_end under a run-time if without its dagcc_p2p_begin: a p2p group there begins and ends in one block, which runs where it stands
// CHECK: p2p-errors.c:63:2: error: this receive and the send at line 62 of the same p2p group touch the same bytes of 'a', and one writes them: a p2p group's sends and receives run at once, in no order
