/* dagcc_collectives.h - the collectives, one row per kind.
 *
 * dagcc.h and dagcc_rt.h declare each kind's functions from its row, the runtime defines them
 * from it, and dagcc reads the rest of the row (ir/collectives.h). dagcc.h includes this file
 * (the table, the calls' macros) and dagcc_rt.h again (the starts' macros); a program calls the
 * functions, never the table.
 *
 * A row: X(KIND, name, SIG(...), ct, dt, op, rt, pr, sd, rv, st, send, recv, bk, co, p2p, runs,
 * cost).
 *   name: the call is dagcc_<name>(g, ..., s), its start dagcc_<name>_start(g, ..., s)
 *     (dagcc_rt.h), each a macro over a _loc form that takes the caller's file and line first.
 *   SIG(role, name)(role, name)...: the parameters between the group g and the stream s, in
 *     order. A role gives the type and what the runtime does with the argument:
 *       IN     const void *   a buffer it reads
 *       OUT    void *         a buffer it writes
 *       INOUT  void *         one buffer, read and written in place
 *       COUNT  size_t         elements
 *       DTYPE  dagcc_dtype
 *       OP     dagcc_op       the reduction
 *       ROOT   int            the rank that sends to the others
 *       PEER   int            the rank sent to or received from
 *   ct ... cost: dagcc's columns (ir/collectives.h): where it finds those arguments in a call,
 *     what the buffers hold, how it may merge and time the kind.
 * A new kind is a row here, its two macros below, and its case in each backend's be_start
 * (runtime/mpi.c, runtime/cuda.c). */
#ifndef DAGCC_COLLECTIVES_H_
#define DAGCC_COLLECTIVES_H_

/* clang-format off */
#define DAGCC_COLLECTIVES(X)                                                                       \
/*  KIND            name            the parameters between g and s                            */   \
/*                  ct dt op  rt  pr  sd  rv  st send  recv  bk co p2p     runs  cost         */   \
  X(ALL_REDUCE,     all_reduce,     SIG(INOUT, buf)(COUNT, count)(DTYPE, dtype)(OP, op),           \
                    2, 3, 4,  -1, -1, 1,  1,  5, ONE,  ONE,  1, 1, NO,     COLL, ALLREDUCE)        \
  X(ALL_GATHER,     all_gather,     SIG(IN, send)(OUT, recv)(COUNT, send_count)(DTYPE, dtype),     \
                    3, 4, -1, -1, -1, 1,  2,  5, ONE,  ALL,  1, 1, NO,     COLL, RING)             \
  X(REDUCE_SCATTER, reduce_scatter, SIG(IN, send)(OUT, recv)(COUNT, recv_count)(DTYPE, dtype)      \
                                       (OP, op),                                                   \
                    3, 4, 5,  -1, -1, 1,  2,  6, ALL,  ONE,  1, 1, NO,     COLL, RING)             \
  X(ALL_TO_ALL,     all_to_all,     SIG(IN, send)(OUT, recv)(COUNT, count_per_peer)(DTYPE, dtype), \
                    3, 4, -1, -1, -1, 1,  2,  5, ALL,  ALL,  0, 0, NO,     COLL, ALLTOALL)         \
  X(BROADCAST,      broadcast,      SIG(INOUT, buf)(COUNT, count)(DTYPE, dtype)(ROOT, root),       \
                    2, 3, -1, 4,  -1, 1,  1,  5, ONE,  ONE,  0, 1, NO,     COLL, BROADCAST)        \
  X(SEND,           send,           SIG(IN, buf)(COUNT, count)(DTYPE, dtype)(PEER, peer),          \
                    2, 3, -1, -1, 4,  1,  -1, 5, ONE,  NONE, 0, 0, MEMBER, SEND, P2P)              \
  X(RECV,           recv,           SIG(OUT, buf)(COUNT, count)(DTYPE, dtype)(PEER, peer),         \
                    2, 3, -1, -1, 4,  -1, 1,  5, NONE, ONE,  0, 0, MEMBER, RECV, P2P)
/* clang-format on */

/* A kind's names that pass the caller's file and line (a macro cannot define a macro): the call
 * here, its start when dagcc_rt.h includes this file. dagcc itself parses with __DAGCC__ defined
 * and sees the plain names as the functions dagcc.h declares. */
#ifndef __DAGCC__
#define dagcc_all_reduce(...) dagcc_all_reduce_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_all_gather(...) dagcc_all_gather_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_reduce_scatter(...) dagcc_reduce_scatter_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_all_to_all(...) dagcc_all_to_all_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_broadcast(...) dagcc_broadcast_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_send(...) dagcc_send_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_recv(...) dagcc_recv_loc(__FILE__, __LINE__, __VA_ARGS__)
#endif
#endif

#if defined(DAGCC_RT_H) && !defined(DAGCC_COLLECTIVES_START_)
#define DAGCC_COLLECTIVES_START_
#define dagcc_all_reduce_start(...) dagcc_all_reduce_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_all_gather_start(...) dagcc_all_gather_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_reduce_scatter_start(...)                                                            \
	dagcc_reduce_scatter_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_all_to_all_start(...) dagcc_all_to_all_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_broadcast_start(...) dagcc_broadcast_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_send_start(...) dagcc_send_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_recv_start(...) dagcc_recv_start_loc(__FILE__, __LINE__, __VA_ARGS__)
#endif
