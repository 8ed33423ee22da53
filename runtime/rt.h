/* rt.h - the runtime's insides: what common.c and check.c share with the backends.
 *
 * common.c implements the public API: it checks every argument, keeps the future pool, feeds
 * the checker, and calls the backend (mpi.c or cuda.c) through the be_ functions below. */
#ifndef DAGCC_RT_INTERNAL_H
#define DAGCC_RT_INTERNAL_H

#include <stdint.h>

#include "../ir/collectives.h"
#include "dagcc_rt.h"

typedef enum {
#define KIND(K, ...) OP_##K,
	COLLECTIVES(KIND) /* OP_ALL_REDUCE ... OP_RECV */
#undef KIND
	NOPKIND
} OpKind;

extern const Coll opcoll[NOPKIND]; /* by kind: the table of ir/collectives.h */
extern const char *const streamrole[NSTREAM]; /* a group's streams, by STREAM_* */

/* One collective, as the caller asked for it. */
typedef struct {
	OpKind kind;
	const char *file;
	int line;
	dagcc_group *g;
	const void *send; /* what it reads; NULL for recv */
	void *recv; /* what it writes; NULL for send; == send for all_reduce and broadcast */
	size_t count;
	dagcc_dtype dtype;
	dagcc_op op; /* reducing kinds */
	int peer; /* broadcast root, send/recv peer */
	size_t sendbytes, recvbytes;
	unsigned seq; /* collectives (not send, recv): which of its group's, from 1 */
} Op;

/* Checked mode: what one rank says a collective is, exchanged among the group's ranks before
 * it runs (rt_sign, rt_agree) so that ranks that disagree are reported, not left to corrupt
 * data or hang. */
typedef struct {
	int32_t kind, dtype, op, root, line;
	uint32_t seq;
	uint64_t count;
	char file[104]; /* the tail of the caller's file name */
} Sig;

/* Checked mode: the sends to one peer of a group, or the receives from it, that were started:
 * how many, and where the last one was. dagcc_finalize compares them across the group. */
typedef struct {
	uint64_t n;
	const char *file;
	int line;
} P2pCount;

struct dagcc_group {
	int rank, size;
	int id; /* creation order; the world is 0 */
	int dead; /* finalized */
	unsigned ncoll; /* collectives started */
	int sid[NSTREAM]; /* checker ids of its streams */
	int *world; /* the world rank of each member, where the backend knows them; else NULL */
	P2pCount (*p2p)[2]; /* checked mode: by peer, [0] its sends, [1] its receives; or NULL */
	void *be;
};

struct dagcc_future_impl {
	Op op;
	int from; /* checker id of the stream that started it */
	int live; /* started and not yet waited */
	int done; /* the backend has finished it (a free forced it, or its wait) */
	unsigned gen; /* bumped at each reuse */
	uint32_t *clock; /* checked mode: the group stream's clock after the collective */
	int prof; /* profile mode: its measurement (rt_prof_*) + 1; 0 none */
	int profnode; /* profile mode: the node it is (common.c's Prof) + 1, for its wait; 0 none */
	double proft[2]; /* mpi, profile mode: when it was posted to MPI and seen complete */
	struct dagcc_future_impl *next, *prev; /* the pool's free list, or the live list */
	union {
		void *p;
		long long i;
	} be[4]; /* the backend's handles */
};
typedef struct dagcc_future_impl Future;

/* common.c */
_Noreturn void rt_fail(const char *what, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
size_t rt_dtsize(dagcc_dtype t);
void rt_sign(Sig *s, const Op *op);
void rt_agree(const Sig *all, const Op *op); /* all: every rank's, by rank; reports */
int rt_group_new_id(void);
double rt_now(void); /* seconds, monotonic */
double rt_timeout_s(void);
double rt_setup_timeout_s(void); /* 2 x DAGCC_TIMEOUT_S */
/* A watchdog for calls that cannot be polled (MPI_Init, MPI_Finalize): if rt_unwatch does not
 * come within rt_setup_timeout_s (at least 5 s), the process reports what and exits. */
void rt_watch(const char *what);
void rt_say_inflight(const Op *op); /* from a signal handler */
void rt_unwatch(void);
extern int rt_finalized;

/* common.c, profile mode (DAGCC_PROFILE): measurement m of a collective has begun or ended
 * (a backend's marks on the group's stream, or NULL where the host clock, t in rt_now's
 * seconds, says when) */
void rt_prof_coll_begin(int m, void *mark, double t);
void rt_prof_coll_end(int m, void *mark, double t);
/* The host waits for a device stream (counted: profile mode reports the waits made while
 * collectives were in flight, which a step in steady state must not make). */
void rt_host_sync(void);

/* check.c: a happens-before checker over streams (ids from chk_stream) */
enum { CHK_HOST = 0 };
void chk_init(void);
int chk_stream(const char *name); /* a new stream id */
void chk_begin(int sid, const char *name, const char *file, int line);
/* What chk_access's bytes mean: exactly bytes from p (none when 0); p to the end of its
 * allocation; or, for a compute call whose extent is not declared, p's first byte surely and
 * possibly on to the end of its allocation. */
enum { CHK_EXACT, CHK_WHOLE, CHK_UNDECLARED };
void chk_access(int sid, const void *p, size_t bytes, int mode, const char *root, int extent);
void chk_join(int sid, const uint32_t *clock); /* sid waits for a clock */
void chk_wait_stream(int sid, int other); /* sid waits for everything issued on other */
uint32_t *chk_snapshot(int sid); /* malloc'ed */
void chk_group(const dagcc_group *g); /* its streams are named after it */
void chk_name_group(const dagcc_group *g, const char *name); /* the first name stays */
void chk_coalesce(int sid, int on); /* a coalesced batch begins or ends on sid */
void chk_alloc(const void *p, size_t bytes);
void chk_free(const void *p);
void chk_unwaited(const Future *f, const char *where);
void chk_conflict(const Op *now, const Op *then, int shared);
/* this rank of g started n sends to peer (kind OP_SEND) or receives from it (OP_RECV), the last
 * at file:line, and the peer started only theirs of the other kind with this rank */
void chk_unmatched(const dagcc_group *g, int peer, OpKind kind, const P2pCount *c, uint64_t theirs);
int chk_finish(void); /* reports counted; frees everything */

/* the backend: mpi.c or cuda.c */
void be_init(int *argc, char ***argv);
dagcc_group *be_world(void);
dagcc_group *be_split(dagcc_group *g, int color, int key);
void be_finalize(void);
/* Checked mode, in dagcc_finalize: every rank of g comes there (within rt_setup_timeout_s) and
 * gets every rank's bytes of mine in all, by rank; 0 where the backend does not (cuda). */
int be_finalize_gather(dagcc_group *g, const void *mine, void *all, size_t bytes);
_Noreturn void be_abort(void);
dagcc_stream_t be_stream_default(void);
int be_stream_valid(dagcc_stream_t s); /* a stream this backend can use */
int be_stream_sid(dagcc_stream_t s);
void be_stream_sync(dagcc_stream_t s);
void be_start(Future *f, dagcc_stream_t s);
void be_wait(Future *f, dagcc_stream_t s);
void *be_malloc(size_t bytes);
void be_free(void *p);
void be_copy(void *dst, const void *src, size_t bytes, int todevice);
void be_copy_async(void *dst, const void *src, size_t bytes, dagcc_stream_t s);
void *be_alloc_async(size_t bytes, dagcc_stream_t s);
/* dagcc_free_async(p, s) is a mark on s (be_free_mark), then later the release of p ordered
 * after that mark (be_free_async): the runtime holds freed memory back a while. */
void *be_free_mark(dagcc_stream_t s);
void be_free_async(void *p, void *mark);
void be_coalesce_begin(dagcc_group *g, dagcc_stream_t s);
void be_coalesce_end(dagcc_group *g, dagcc_stream_t s);
/* A p2p group: the sends and receives be_start gets between the two are issued together at
 * be_p2p_end, after everything on s and on g's send and receive streams before them. */
void be_p2p_begin(dagcc_group *g, dagcc_stream_t s);
void be_p2p_end(dagcc_group *g, dagcc_stream_t s);
/* Profile mode: a mark on s (cuda: an event with timing, recorded; mpi: NULL, the host is
 * always caught up with its streams) and the microseconds between two, read at finalize. */
void *be_prof_mark(dagcc_stream_t s);
double be_prof_us(void *from, void *to);

#endif
