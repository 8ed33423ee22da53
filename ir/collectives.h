/* collectives.h - what each collective kind is, in one table.
 *
 * Read by the frontend (the call's name and argument positions), the verifier, the cost model,
 * bucketing, the emitter (through ir/ir.h: NodeKind, colls) and the runtime (through
 * runtime/rt.h: OpKind, opcoll). A new kind is a row here, a cost class in passes/cost.c if
 * none below fits, and its runtime function (runtime/common.c, each backend's be_start,
 * include/dagcc.h and dagcc_rt.h). No installed header includes this one.
 *
 * A row: X(KIND, name, count, dtype, op, root, peer, send, recv, stream, sendside, recvside,
 * buckets, coalesces, runs, cost), each enum's prefix left out.
 *   name: the IR's kind name; the DSL function is dagcc_<name>, its emitted start
 *     dagcc_<name>_start, the runtime's entry dagcc_<name>_start_loc.
 *   count ... stream (ct dt op rt pr sd rv st): the positions of the call's arguments, -1 for
 *     none. The group is the first argument and the stream the last, so nargs is stream + 1.
 *     send == recv: one buffer, read and written in place.
 *   sendside, recvside: the bytes each buffer holds (SIDE_*).
 *   buckets: passes/bucket.c may merge it (packed or coalesced; contiguous too when in place).
 *   coalesces: the runtime may issue it inside dagcc_coalesce_begin/_end (one NCCL group).
 *   runs: the group stream it runs on (STREAM_*); cost: how passes/cost.c times it (COST_*).
 * A kind reduces when it has an op.
 * p2p is a p2p group (dagcc_p2p_begin(g, s) ... dagcc_p2p_end(g, s)): sends and receives of one
 * group issued together as one NCCL group, its members (Node.member) each a send or a receive;
 * no DSL call of its own. It runs on its group's send stream and its receive stream at once. */
#ifndef DAGCC_COLLECTIVES_H
#define DAGCC_COLLECTIVES_H

/* none; count elements; count elements for each rank of the group */
enum { SIDE_NONE, SIDE_ONE, SIDE_ALL };
enum { STREAM_COLL, STREAM_SEND, STREAM_RECV, NSTREAM };
/* all-reduce (ring or tree, 2(n-1) ring steps); a ring of n-1 steps over the gathered bytes;
 * broadcast (pipelined ring); n-1 concurrent exchanges; one point-to-point transfer */
enum { COST_ALLREDUCE, COST_RING, COST_BROADCAST, COST_ALLTOALL, COST_P2P };

/* clang-format off */
#define COLLECTIVES(X) \
/*KIND            name            ct dt op  rt  pr  sd  rv  st send  recv  bk co runs  cost */    \
X(ALL_REDUCE,     all_reduce,     2, 3, 4,  -1, -1, 1,  1,  5, ONE,  ONE,  1, 1, COLL, ALLREDUCE) \
X(ALL_GATHER,     all_gather,     3, 4, -1, -1, -1, 1,  2,  5, ONE,  ALL,  1, 1, COLL, RING)      \
X(REDUCE_SCATTER, reduce_scatter, 3, 4, 5,  -1, -1, 1,  2,  6, ALL,  ONE,  1, 1, COLL, RING)      \
X(ALL_TO_ALL,     all_to_all,     3, 4, -1, -1, -1, 1,  2,  5, ALL,  ALL,  0, 0, COLL, ALLTOALL)  \
X(BROADCAST,      broadcast,      2, 3, -1, 4,  -1, 1,  1,  5, ONE,  ONE,  0, 1, COLL, BROADCAST) \
X(SEND,           send,           2, 3, -1, -1, 4,  1,  -1, 5, ONE,  NONE, 0, 0, SEND, P2P)       \
X(RECV,           recv,           2, 3, -1, -1, 4,  -1, 1,  5, NONE, ONE,  0, 0, RECV, P2P)       \
X(P2P,            p2p,            -1,-1,-1, -1, -1, -1, -1, 1, NONE, NONE, 0, 0, SEND, P2P)
/* clang-format on */

typedef struct {
	const char *name, *call, *start; /* the IR's kind name, the DSL function, its _start */
	int nargs;
	int group, count, dtype, op, root, peer, send, recv, stream; /* argument positions, or -1 */
	int sendside, recvside; /* SIDE_* */
	int buckets, coalesces;
	int runs; /* STREAM_* */
	int cost; /* COST_* */
} Coll;

/* A row as a Coll initializer, followed by a comma. */
#define COLLROW(K, name, cnt, dt, op, root, peer, snd, rcv, st, sside, rside, bk, co, runs, cost)  \
	{#name,                                                                                    \
	 "dagcc_" #name,                                                                           \
	 "dagcc_" #name "_start",                                                                  \
	 (st) + 1,                                                                                 \
	 0,                                                                                        \
	 cnt,                                                                                      \
	 dt,                                                                                       \
	 op,                                                                                       \
	 root,                                                                                     \
	 peer,                                                                                     \
	 snd,                                                                                      \
	 rcv,                                                                                      \
	 st,                                                                                       \
	 SIDE_##sside,                                                                             \
	 SIDE_##rside,                                                                             \
	 bk,                                                                                       \
	 co,                                                                                       \
	 STREAM_##runs,                                                                            \
	 COST_##cost},

#endif
