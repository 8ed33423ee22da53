/* dagcc_rt.h - what code emitted by dagcc calls, on top of dagcc.h.
 *
 * Streams. A dagcc_stream_t orders work: what is issued on it runs in issue order. Each group
 * has its own streams (one for collectives, one for sends, one for receives); collectives
 * started with a _start function run there, so they overlap what the caller's stream does.
 *
 * Futures. A _start function returns a dagcc_future: before the collective runs, the group's
 * stream waits for everything issued on the caller's stream s so far (so buffers written on s
 * are ready) and, on every backend, for the collectives started on that group stream before
 * it (so one may read what an earlier one writes, with no wait in between). The future
 * completes when the collective has, and so have those before it on its stream.
 * dagcc_future_wait(&f, s) makes stream s wait for it: on the GPU the host does not block, it
 * only orders s after the collective; on the mpi backend, where compute runs on the host, the
 * host waits. After the wait, s may read what the collective wrote and overwrite what it read.
 * Each future is waited exactly once; its resources go back to a pool then.
 *
 * Locations. Every function has a _loc form taking the caller's file and line, which errors
 * and checked mode report; the plain names are macros that pass __FILE__ and __LINE__ (the
 * emitted file carries #line directives, so those are the user's lines).
 *
 * Checked mode. With DAGCC_CHECK=1 in the environment the runtime models streams and futures
 * with vector clocks and reports every access to memory that is not ordered after a
 * conflicting access on another stream (a missing or late wait), buffers the program names as
 * distinct that overlap, and futures never waited; the program then exits non-zero at
 * dagcc_finalize. It also compares each collective across the ranks of its group before it
 * runs (kind, count, dtype, op, root) and aborts, naming both ranks' calls, where they differ;
 * at dagcc_finalize the ranks of each group compare the sends and receives each started with
 * each peer, and a send no rank received (which MPI completes all the same) is reported with
 * its line (mpi backend; a receive nothing is sent to never completes: its timeout names it).
 * Collectives report their own accesses; compute calls are reported through DAGCC_CHECKED or
 * a site's hook (below), which cost one branch when checking is off. */
#ifndef DAGCC_RT_H
#define DAGCC_RT_H

#include "dagcc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dagcc_future {
	struct dagcc_future_impl *impl;
	unsigned gen; /* which use of impl this future is: a stale copy is caught */
} dagcc_future;

/* Each collective's start (its row in dagcc_collectives.h):
 *     dagcc_future dagcc_<name>_start_loc(const char *file, int line, dagcc_group *g,
 *                                         <parameters>, dagcc_stream_t s);
 * and the macro dagcc_<name>_start(g, <parameters>, s). */
#include "dagcc_collectives.h"
#define DAGCC_DECLARE_START_(K, name, sig, ...)                                                    \
	dagcc_future dagcc_##name##_start_loc(const char *file, int line,                          \
					      dagcc_group *g DAGCC_EACH_(DAGCC_PARAM_##sig),       \
					      dagcc_stream_t s);
DAGCC_COLLECTIVES(DAGCC_DECLARE_START_)
void dagcc_future_wait_loc(const char *file, int line, dagcc_future *f, dagcc_stream_t s);

/* A copy between device buffers, in order on stream s (cudaMemcpyAsync on the GPU): what
 * packing collectives into one bucket buffer, and unpacking them, is made of. */
void dagcc_copy_async_loc(const char *file, int line, void *dst, const void *src, size_t bytes,
			  dagcc_stream_t s);

/* Coalescing: the collectives started between begin and end on group g (all_reduce,
 * all_gather, reduce_scatter, broadcast; no other group, no wait in between) are issued as one
 * NCCL group, ncclGroupStart/End: one kernel launch for all of them, in no defined order among
 * themselves (the mpi backend runs them one after another; checked mode reports one that
 * touches what another writes). Each keeps its own future. dagcc emits this for a coalesced
 * bucket. */
void dagcc_coalesce_begin_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s);
void dagcc_coalesce_end_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s);

/* Inside dagcc_p2p_begin(g, s) and _end (dagcc.h), dagcc_send_start and dagcc_recv_start on g
 * join the p2p group: nothing is issued before its end; each keeps its own future, waited after
 * the end. dagcc emits this for a p2p group. */

/* The graph was built for g having `size` ranks (--group-size): exact ranges for its gathers,
 * scatters and rank-dependent offsets. Aborts, naming the line, if it has not. */
void dagcc_expect_group_size_loc(const char *file, int line, dagcc_group *g, int size);

/* A rank-specialized graph (dagcc --rank) was entered with a rank it has no body for. Aborts,
 * naming the graph and the line. */
void dagcc_rank_unknown_loc(const char *file, int line, const char *graph, int rank, int nranks);
/* A graph specialized on a parameter declared a rank (--rank NAME=GROUP): the parameter's
 * value must be this rank's in g. Aborts, naming the line, if it is not. */
void dagcc_expect_rank_loc(const char *file, int line, dagcc_group *g, int value, const char *name);

#define dagcc_expect_group_size(...) dagcc_expect_group_size_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_rank_unknown(...) dagcc_rank_unknown_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_expect_rank(...) dagcc_expect_rank_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_future_wait(...) dagcc_future_wait_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_copy_async(...) dagcc_copy_async_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_coalesce_begin(...) dagcc_coalesce_begin_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_coalesce_end(...) dagcc_coalesce_end_loc(__FILE__, __LINE__, __VA_ARGS__)

/* Checked mode. An access names memory a compute call touches: bytes > 0 is its declared
 * extent, exactly; bytes 0 says the extent is not declared: the call touches ptr's first byte
 * and possibly more, up to the end of ptr's allocation. A conflict on what is touched surely
 * is an error; one only where an undeclared extent may reach is a note (once per pair of
 * lines, not an error) asking for DAGCC_IN_N/DAGCC_OUT_N/DAGCC_INOUT_N. A NULL ptr is no
 * memory. root is the buffer's name in the graph; different names must not overlap (checked on
 * what they touch surely). */
enum { DAGCC_READ = 1, DAGCC_WRITE = 2, DAGCC_READWRITE = 3 };

typedef struct dagcc_access {
	const void *ptr;
	size_t bytes;
	int mode;
	const char *root;
} dagcc_access;

extern int dagcc_checking_; /* set by dagcc_init from DAGCC_CHECK */
void dagcc_check_compute_loc(const char *file, int line, const char *name, dagcc_stream_t s,
			     const dagcc_access *acc, int nacc);

/* DAGCC_CHECKED("gemm", s, {a, 0, DAGCC_READ, "a"}, {c, 0, DAGCC_WRITE, "c"}) before the call. */
#define DAGCC_CHECKED(name, s, ...)                                                                \
	do {                                                                                       \
		if (dagcc_checking_) {                                                             \
			const dagcc_access dagcc_acc_[] = {__VA_ARGS__};                           \
			dagcc_check_compute_loc(__FILE__, __LINE__, name, s, dagcc_acc_,           \
						(int)(sizeof dagcc_acc_ / sizeof dagcc_acc_[0]));  \
		}                                                                                  \
	} while (0)

/* Profile mode. With DAGCC_PROFILE=FILE in the environment the runtime measures each graph
 * node the emitted code marks, keyed by its source location (the file from #line, line and
 * column given) and its copy (which of the nodes at that location, in program order), and
 * writes FILE.rankR at dagcc_finalize (README: the JSON schema). A compute call is measured
 * from DAGCC_PROFILE_BEGIN to DAGCC_PROFILE_END on its stream; a collective from its start to
 * its completion on its group's stream (DAGCC_PROFILE_COLL names the next _start); a graph's
 * step from DAGCC_PROFILE_STEP_BEGIN to DAGCC_PROFILE_STEP_END (the first on the stream of the
 * graph's first node, the second on the stream of its last). The first run of a step also
 * records the order of its marks and waits: the schedule that ran. DAGCC_PROFILE_STEPS (default
 * 100) bounds the runs of a graph measured. Outside profile mode each costs one branch: no
 * events, no host synchronization. */
extern int dagcc_profiling_; /* set by dagcc_init from DAGCC_PROFILE */
void dagcc_profile_begin_loc(const char *file, int line, const char *name, int col, int copy,
			     dagcc_stream_t s);
void dagcc_profile_end_loc(const char *file, int line, dagcc_stream_t s);
void dagcc_profile_coll_loc(const char *file, int line, const char *name, int col, int copy);
void dagcc_profile_step_begin_loc(const char *file, int line, const char *name, dagcc_stream_t s);
void dagcc_profile_step_end_loc(const char *file, int line, dagcc_stream_t s);
#define DAGCC_PROFILE_BEGIN(name, line, col, copy, s)                                              \
	do {                                                                                       \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_begin_loc(__FILE__, line, name, col, copy, s);               \
	} while (0)
#define DAGCC_PROFILE_END(s)                                                                       \
	do {                                                                                       \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_end_loc(__FILE__, __LINE__, s);                              \
	} while (0)
#define DAGCC_PROFILE_COLL(name, line, col, copy)                                                  \
	do {                                                                                       \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_coll_loc(__FILE__, line, name, col, copy);                   \
	} while (0)
#define DAGCC_PROFILE_STEP_BEGIN(name, line, s)                                                    \
	do {                                                                                       \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_step_begin_loc(__FILE__, line, name, s);                     \
	} while (0)
#define DAGCC_PROFILE_STEP_END(s)                                                                  \
	do {                                                                                       \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_step_end_loc(__FILE__, __LINE__, s);                         \
	} while (0)

/* DAGCC_CHECKED_GROUP(md->dp, "md->dp") before a collective: checked mode's reports name the
 * group 'md->dp' instead of by number. The first name given to a group stays. */
void dagcc_check_name_group_loc(const char *file, int line, dagcc_group *g, const char *name);
#define DAGCC_CHECKED_GROUP(g, name)                                                               \
	do {                                                                                       \
		if (dagcc_checking_)                                                               \
			dagcc_check_name_group_loc(__FILE__, __LINE__, g, name);                   \
	} while (0)

/* The text a macro expands to, as a string: the checks at the end of an overlapped file name
 * this build's value of a macro that shaped a graph with it, where it differs from dagcc's. */
#define DAGCC_STR_(x) #x
#define DAGCC_XSTR(x) DAGCC_STR_(x)

/* Sites. The emitted code describes each graph's nodes in a table of its own at the top of the
 * file (dagcc_sites_GRAPH, a struct with a dagcc_site per node: a compute call's named after
 * its function and what it writes, matmul_act_1; a start's after its future, ag_w; with its
 * name, column, copy, and for a compute call the memory it touches, for a collective the
 * group's name), which the body names as dagcc_at (DAGCC_GRAPH_BEGIN). A node's statement
 * keeps its text and goes through one hook that checked and profile mode read; otherwise it
 * costs a branch. A hook on the node's own line (its site's line 0) takes the line from
 * __LINE__:
 *
 *     DAGCC_RUN(matmul_act_1, s, matmul(s, x, w, y, B, H, H));  compute: the pointers of its
 *                                 table's accesses are DAGCC_PTRS_matmul of the arguments
 *     DAGCC_RUN_PTRS(f_p, s, f(s, p + k), (p + k));        the same, the pointers given
 *     DAGCC_START(ag_w) dagcc_all_gather_start(g, ...);     dagcc_future ag_w = the start
 *
 * DAGCC_RUN checks the call as DAGCC_CHECKED would (the pointers are evaluated where the node
 * runs, the rest of each access is in the table; an access of mode 0 is none) and measures it
 * as DAGCC_PROFILE_BEGIN and _END would (DAGCC_CHECK_RUN, in a run-time loop's body, only
 * checks it); DAGCC_BEFORE and DAGCC_AFTER are its two halves,
 * around a statement that is not a call alone. DAGCC_START has the start that follows it
 * measured, and checked mode name its group as DAGCC_CHECKED_GROUP would. The emitted file
 * defines DAGCC_PTRS_F(arguments) for each compute function F it calls through DAGCC_RUN. */
typedef struct dagcc_site_access {
	size_t bytes; /* as dagcc_access */
	int mode;
	const char *root;
} dagcc_site_access;

typedef struct dagcc_site {
	const char *name; /* the compute function, the collective's kind or its bucket's key */
	int line; /* 0: the line of the hook that names the site */
	int col, copy;
	int nacc;
	const dagcc_site_access *acc;
	const char *group; /* a collective's group, as the program names it */
} dagcc_site;

/* Checked mode: the compute call at site accesses ptr[i] as site->acc[i] says. */
void dagcc_check_site_loc(const char *file, int line, const dagcc_site *site, dagcc_stream_t s,
			  const void *const *ptr);
/* Checked and profile mode: the next _start is site's. */
void dagcc_start_site_loc(const char *file, int line, const dagcc_site *site);

#if defined(__GNUC__)
#define DAGCC_MAYBE_UNUSED __attribute__((unused))
#else
#define DAGCC_MAYBE_UNUSED
#endif
/* DAGCC_GRAPH_BEGIN(tab, "step", line, s): the body's sites are dagcc_sites_tab, and its step
 * begins (DAGCC_PROFILE_STEP_BEGIN) */
#define DAGCC_GRAPH_BEGIN(tab, name, line, s)                                                      \
	const struct dagcc_sites_##tab *const dagcc_at = &dagcc_sites_##tab;                       \
	DAGCC_PROFILE_STEP_BEGIN(name, line, s)
#define DAGCC_SITE_(i) (&dagcc_at->i)
#define DAGCC_LINE_(i) (DAGCC_SITE_(i)->line ? DAGCC_SITE_(i)->line : __LINE__)
#define DAGCC_CHECK_BEFORE(i, s, ...)                                                              \
	do {                                                                                       \
		if (dagcc_checking_) {                                                             \
			const void *const dagcc_p_[] = {NULL, __VA_ARGS__};                        \
			dagcc_check_site_loc(__FILE__, DAGCC_LINE_(i), DAGCC_SITE_(i), s,          \
					     dagcc_p_ + 1);                                        \
		}                                                                                  \
	} while (0)
#define DAGCC_BEFORE(i, s, ...)                                                                    \
	do {                                                                                       \
		DAGCC_CHECK_BEFORE(i, s, __VA_ARGS__);                                             \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_begin_loc(__FILE__, DAGCC_LINE_(i), DAGCC_SITE_(i)->name,    \
						DAGCC_SITE_(i)->col, DAGCC_SITE_(i)->copy, s);     \
	} while (0)
#define DAGCC_AFTER(i, s)                                                                          \
	do {                                                                                       \
		if (dagcc_profiling_)                                                              \
			dagcc_profile_end_loc(__FILE__, DAGCC_LINE_(i), s);                        \
	} while (0)
#define DAGCC_RUN_PTRS(i, s, call, ...)                                                            \
	do {                                                                                       \
		DAGCC_BEFORE(i, s, __VA_ARGS__);                                                   \
		call;                                                                              \
		DAGCC_AFTER(i, s);                                                                 \
	} while (0)
#define DAGCC_RUN(i, s, ...)                                                                       \
	do {                                                                                       \
		DAGCC_BEFORE(i, s, DAGCC_PTRS_##__VA_ARGS__);                                      \
		__VA_ARGS__;                                                                       \
		DAGCC_AFTER(i, s);                                                                 \
	} while (0)
/* In a run-time loop's body, whose nodes run once a trip: checked as DAGCC_RUN and
 * DAGCC_RUN_PTRS check, not measured (a profile names a node by its place in the step, which
 * a loop's trips share). */
#define DAGCC_CHECK_RUN_PTRS(i, s, call, ...)                                                      \
	do {                                                                                       \
		DAGCC_CHECK_BEFORE(i, s, __VA_ARGS__);                                             \
		call;                                                                              \
	} while (0)
#define DAGCC_CHECK_RUN(i, s, ...)                                                                 \
	do {                                                                                       \
		DAGCC_CHECK_BEFORE(i, s, DAGCC_PTRS_##__VA_ARGS__);                                \
		__VA_ARGS__;                                                                       \
	} while (0)
#define DAGCC_START(f)                                                                             \
	dagcc_future f = ((dagcc_checking_ || dagcc_profiling_ ?                                   \
				   dagcc_start_site_loc(__FILE__, __LINE__, DAGCC_SITE_(f)) :      \
				   (void)0),                                                       \
			  0) ?                                                                     \
				 (dagcc_future){0}:

#ifdef __cplusplus
}
#endif

#endif
