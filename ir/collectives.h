/* collectives.h - what each collective kind is, in one table.
 *
 * The rows are include/dagcc_collectives.h's, which the public headers declare the calls from;
 * this file reads them for dagcc and the runtime. Read by the frontend (the call's name and
 * argument positions), the verifier, the cost model, bucketing, the emitter (through ir/ir.h:
 * NodeKind, colls) and the runtime (through runtime/rt.h: OpKind, opcoll; runtime/common.c
 * defines each kind's functions from its row). A new kind is a row there, a cost class in
 * passes/cost.c if none below fits, and its case in each backend's be_start (runtime/mpi.c,
 * runtime/cuda.c).
 *
 * A row: X(KIND, name, SIG(...), count, dtype, op, root, peer, send, recv, stream, sendside,
 * recvside, buckets, coalesces, p2p, runs, cost), each enum's prefix left out.
 *   name: the IR's kind name; the DSL function is dagcc_<name>, its emitted start
 *     dagcc_<name>_start, the runtime's entry dagcc_<name>_start_loc.
 *   SIG: the call's parameters between the group and the stream (dagcc_collectives.h).
 *   count ... stream (ct dt op rt pr sd rv st): the positions of the call's arguments, -1 for
 *     none, as SIG orders them. The group is the first argument and the stream the last, so
 *     nargs is stream + 1. send == recv: one buffer, read and written in place (INOUT).
 *   sendside, recvside: the bytes each buffer holds (SIDE_*).
 *   buckets: passes/bucket.c may merge it (packed or coalesced; contiguous too when in place).
 *   coalesces: the runtime may issue it inside dagcc_coalesce_begin/_end (one NCCL group).
 *   p2p: a send or a receive, which a p2p group may hold; the p2p group itself; or neither
 *     (P2P_*).
 *   runs: the group stream it runs on (STREAM_*); cost: how passes/cost.c times it (COST_*).
 * A kind reduces when it has an op.
 * p2p is a p2p group (dagcc_p2p_begin(g, s) ... dagcc_p2p_end(g, s)): sends and receives of one
 * group issued together as one NCCL group, its members (Node.member) each a send or a receive;
 * no DSL call of its own, so its row is here, not in the public table. It runs on its group's
 * send stream and its receive stream at once. */
#ifndef DAGCC_IR_COLLECTIVES_H
#define DAGCC_IR_COLLECTIVES_H

#include "../include/dagcc_collectives.h"

/* none; count elements; count elements for each rank of the group */
enum { SIDE_NONE, SIDE_ONE, SIDE_ALL };
enum { P2P_NO, P2P_MEMBER, P2P_GROUP };
enum { STREAM_COLL, STREAM_SEND, STREAM_RECV, NSTREAM };
/* all-reduce (ring or tree, 2(n-1) ring steps); a ring of n-1 steps over the gathered bytes;
 * broadcast (pipelined ring); n-1 concurrent exchanges; one point-to-point transfer */
enum { COST_ALLREDUCE, COST_RING, COST_BROADCAST, COST_ALLTOALL, COST_P2P };

/* clang-format off */
#define COLLECTIVES(X)                                                                             \
	DAGCC_COLLECTIVES(X)                                                                       \
/*KIND            name            ct dt op  rt  pr  sd  rv  st send  recv  bk co p2p    runs  cost */\
X(P2P,            p2p,       SIG, -1,-1,-1, -1, -1, -1, -1, 1, NONE, NONE, 0, 0, GROUP, SEND, P2P)
/* clang-format on */

typedef struct {
	const char *name, *call, *start; /* the IR's kind name, the DSL function, its _start */
	int nargs;
	int group, count, dtype, op, root, peer, send, recv, stream; /* argument positions, or -1 */
	int sendside, recvside; /* SIDE_* */
	int buckets, coalesces;
	int p2p; /* P2P_* */
	int runs; /* STREAM_* */
	int cost; /* COST_* */
} Coll;

/* A row as a Coll initializer, followed by a comma. */
#define COLLROW(K, name, sig, cnt, dt, op, root, peer, snd, rcv, st, sside, rside, bk, co, p2p,    \
		runs, cost)                                                                        \
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
	 P2P_##p2p,                                                                                \
	 STREAM_##runs,                                                                            \
	 COST_##cost},

#endif
