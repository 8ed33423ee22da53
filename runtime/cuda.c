/* cuda.c - the cuda backend: CUDA streams and events, NCCL communicators.
 *
 * A group is a non-blocking NCCL communicator with three streams of its own (collectives,
 * sends, receives), made with ncclCommInitRankConfig from a unique id that MPI broadcasts
 * (when built with MPI and started by mpirun) or that a TCP rendezvous hands out (torchrun-style
 * RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT), and split with ncclCommSplit.
 *
 * A start records an event on the caller's stream, makes the group's stream wait on it, issues
 * the NCCL call there and records a completion event, which is the future. A wait makes the
 * caller's stream wait on that event: the host never blocks. Events come from a pool (timing
 * disabled); a completion event goes back once the runtime has seen it complete, so the pool
 * holds no more events than are in flight. All of them are destroyed before their streams.
 *
 * Failures: every CUDA and NCCL call is checked. Whenever the host enters the runtime (starts,
 * waits, dagcc_stream_sync, dagcc_finalize) it polls what is in flight with cudaEventQuery and
 * ncclCommGetAsyncError; an asynchronous NCCL error, or an operation not complete
 * DAGCC_TIMEOUT_S seconds (default 300) after it was started, is reported with the operation,
 * its group and its source line, and every communicator is aborted: never a silent hang. */
#include <cuda_runtime.h>
#include <nccl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef DAGCC_WITH_MPI
#include <mpi.h>
#endif

#include "bootstrap.h"
#include "rt.h"

typedef struct {
	ncclComm_t comm;
	cudaStream_t stream[NSTREAM];
	Sig *dsig, *hsig; /* checked mode: every rank's signature, on the device and the host */
} Group;

/* An operation in flight: its completion event, until seen complete. */
typedef struct {
	cudaEvent_t done;
	Op op;
	double started;
} Flight;

static struct {
	cudaStream_t defstream;
	cudaStream_t copystream; /* synchronous copies, complete before they return */
	cudaStream_t freestream; /* releases of freed memory, after the stream that freed it */
	struct {
		cudaStream_t s;
		int sid;
		int blocking; /* the legacy stream, or one it synchronizes with */
	} streams[64];
	int nstream;
	dagcc_group **group;
	int ngroup;
	cudaEvent_t *pool;
	int npool, cappool;
	long events; /* created */
	Flight *flight; /* in issue order */
	int nflight, capflight;
	int coalescing; /* between dagcc_coalesce_begin and _end, or dagcc_p2p_begin and _end */
	Future **batch; /* the futures started since, which get the event after ncclGroupEnd */
	int nbatch, capbatch;
	double timeout;
	int usempi, ownmpi;
	int rank, size, device;
} B;

long dagcc_rt_events_created(void); /* for tests: the event pool does not grow in steady state */
long dagcc_rt_events_created(void)
{
	return B.events;
}

#define CUDA(call, what, file, line)                                                               \
	do {                                                                                       \
		cudaError_t e_ = (call);                                                           \
		if (e_ != cudaSuccess)                                                             \
			rt_fail(what, file, line, "%s failed: %s", #call, cudaGetErrorString(e_)); \
	} while (0)

static Group *gb(dagcc_group *g)
{
	return g->be;
}

/* Aborts every communicator, so no rank waits forever on a peer that is gone. */
static void abortall(void)
{
	for (int i = 0; i < B.ngroup; i++)
		if (B.group[i]->be && gb(B.group[i])->comm) {
			ncclCommAbort(gb(B.group[i])->comm);
			gb(B.group[i])->comm = NULL;
		}
}

/* mpirun or torchrun ends the job with SIGTERM when a rank dies: say what was in flight here
 * (not yet seen complete), then let the signal do what it did before. */
static struct sigaction oldterm;

static void onterm(int sig)
{
	for (int i = 0; i < B.nflight; i++)
		rt_say_inflight(&B.flight[i].op);
	sigaction(SIGTERM, &oldterm, NULL);
	raise(sig);
}

void be_abort(void)
{
	sigaction(SIGTERM, &oldterm, NULL); /* this rank has said what went wrong */
	fflush(stdout);
	fflush(stderr);
	abortall();
#ifdef DAGCC_WITH_MPI
	int inited = 0, fin = 0;
	if (B.usempi) {
		MPI_Initialized(&inited);
		MPI_Finalized(&fin);
		if (inited && !fin)
			MPI_Abort(MPI_COMM_WORLD, 1);
	}
#endif
	/* not exit(): its handlers tear down the CUDA context, which waits for the very kernels
	 * that are stuck */
	_exit(1);
}

/* Waits out ncclInProgress on a non-blocking communicator; fails on any error. */
static void settle(ncclComm_t comm, ncclResult_t rc, const char *what, const Op *op)
{
	const char *file = op ? op->file : NULL;
	int line = op ? op->line : 0;
	double t0 = rt_now();
	while (rc == ncclInProgress) {
		/* the clock before the query: still in progress when asked after the timeout */
		int late = rt_now() - t0 > B.timeout;
		ncclResult_t st = ncclCommGetAsyncError(comm, &rc);
		if (st != ncclSuccess)
			rc = st;
		if (late && rc == ncclInProgress)
			rt_fail(what, file, line,
				"NCCL still in progress after %g s (DAGCC_TIMEOUT_S)", B.timeout);
	}
	if (rc != ncclSuccess)
		rt_fail(what, file, line, "NCCL error: %s (%s)", ncclGetErrorString(rc),
			ncclGetLastError(comm));
}

static cudaEvent_t getevent(void)
{
	if (B.npool)
		return B.pool[--B.npool];
	cudaEvent_t e;
	CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "dagcc", NULL, 0);
	B.events++;
	return e;
}

static void putevent(cudaEvent_t e)
{
	if (B.npool == B.cappool) {
		B.cappool = B.cappool ? 2 * B.cappool : 64;
		B.pool = realloc(B.pool, (size_t)B.cappool * sizeof *B.pool);
		if (!B.pool)
			rt_fail("dagcc", NULL, 0, "out of memory");
	}
	B.pool[B.npool++] = e;
}

/* Looks at what is in flight: completed events go back to the pool; an asynchronous NCCL error
 * or an operation past the timeout ends the job. */
static void poll_flights(void)
{
	int k = 0;
	double t = rt_now(); /* before the queries: not finished when asked after the timeout */
	for (int i = 0; i < B.nflight; i++) {
		Flight *f = &B.flight[i];
		cudaError_t e = cudaEventQuery(f->done);
		if (e == cudaSuccess) {
			putevent(f->done);
			continue;
		}
		if (e != cudaErrorNotReady)
			rt_fail(opcoll[f->op.kind].call, f->op.file, f->op.line, "CUDA error: %s",
				cudaGetErrorString(e));
		if (t - f->started > B.timeout)
			rt_fail(opcoll[f->op.kind].call, f->op.file, f->op.line,
				"not finished after %g s (DAGCC_TIMEOUT_S) on group %d (rank %d of %d); aborting its communicators",
				B.timeout, f->op.g->id, f->op.g->rank, f->op.g->size);
		B.flight[k++] = *f;
	}
	B.nflight = k;
	for (int i = 0; i < B.ngroup; i++) {
		Group *g = B.group[i]->be;
		ncclResult_t async;
		if (g && g->comm && ncclCommGetAsyncError(g->comm, &async) == ncclSuccess &&
		    async != ncclSuccess && async != ncclInProgress)
			rt_fail("dagcc", NULL, 0, "NCCL error on group %d: %s (%s)", B.group[i]->id,
				ncclGetErrorString(async), ncclGetLastError(g->comm));
	}
}

static int streamid(cudaStream_t s, const char *name)
{
	for (int i = 0; i < B.nstream; i++)
		if (B.streams[i].s == s)
			return B.streams[i].sid;
	if (B.nstream == (int)(sizeof B.streams / sizeof B.streams[0]))
		return B.streams[B.nstream - 1].sid;
	char buf[64];
	if (!name) {
		snprintf(buf, sizeof buf, "stream%d", B.nstream);
		name = buf;
	}
	int sid = dagcc_checking_ ? chk_stream(name) : 0;
	unsigned flags = 0;
	B.streams[B.nstream].s = s;
	B.streams[B.nstream].sid = sid;
	B.streams[B.nstream].blocking = !s || (cudaStreamGetFlags(s, &flags) == cudaSuccess &&
					       !(flags & cudaStreamNonBlocking));
	B.nstream++;
	return sid;
}

static dagcc_group *newgroup(ncclComm_t comm, int rank, int size)
{
	dagcc_group *g = calloc(1, sizeof *g);
	Group *b = calloc(1, sizeof *b);
	dagcc_group **list = realloc(B.group, (size_t)(B.ngroup + 1) * sizeof *list);
	if (!g || !b || !list)
		rt_fail("dagcc", NULL, 0, "out of memory");
	B.group = list;
	B.group[B.ngroup++] = g;
	g->rank = rank;
	g->size = size;
	g->id = rt_group_new_id();
	g->be = b;
	b->comm = comm;
	int lo, hi;
	CUDA(cudaDeviceGetStreamPriorityRange(&lo, &hi), "dagcc_group_split", NULL, 0);
	for (int i = 0; i < NSTREAM; i++) {
		CUDA(cudaStreamCreateWithPriority(&b->stream[i], cudaStreamNonBlocking, hi),
		     "dagcc_group_split", NULL, 0);
		char name[64];
		snprintf(name, sizeof name, "group%d.%s", g->id, streamrole[i]);
		g->sid[i] = streamid(b->stream[i], name);
	}
	return g;
}

static int envint(const char *name, int dflt)
{
	const char *s = getenv(name);
	return s && *s ? atoi(s) : dflt;
}

void be_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	B.timeout = rt_timeout_s();
	ncclUniqueId id;
	int local = 0;
#ifdef DAGCC_WITH_MPI
	B.usempi = getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK");
	if (B.usempi) {
		int inited, provided;
		MPI_Initialized(&inited);
		if (!inited) {
			MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
			B.ownmpi = 1;
		}
		MPI_Comm_rank(MPI_COMM_WORLD, &B.rank);
		MPI_Comm_size(MPI_COMM_WORLD, &B.size);
		MPI_Comm node;
		MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, B.rank, MPI_INFO_NULL,
				    &node);
		MPI_Comm_rank(node, &local);
		MPI_Comm_free(&node);
	}
#endif
	if (!B.usempi) {
		B.rank = envint("RANK", 0);
		B.size = envint("WORLD_SIZE", 1);
		local = envint("LOCAL_RANK", B.rank);
		if (B.size < 1 || B.rank < 0 || B.rank >= B.size)
			rt_fail("dagcc_init", NULL, 0, "RANK=%d and WORLD_SIZE=%d make no sense",
				B.rank, B.size);
	}
	int ndev = 0;
	CUDA(cudaGetDeviceCount(&ndev), "dagcc_init", NULL, 0);
	if (ndev < 1)
		rt_fail("dagcc_init", NULL, 0, "no CUDA device");
	B.device = local % ndev;
	CUDA(cudaSetDevice(B.device), "dagcc_init", NULL, 0);
	if (B.rank == 0 && ncclGetUniqueId(&id) != ncclSuccess)
		rt_fail("dagcc_init", NULL, 0, "ncclGetUniqueId failed");
#ifdef DAGCC_WITH_MPI
	if (B.usempi)
		MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
#endif
	if (!B.usempi && B.size > 1) {
		const char *addr = getenv("MASTER_ADDR");
		int port = envint("MASTER_PORT", 0);
		char err[256];
		if (!addr || !port)
			rt_fail("dagcc_init", NULL, 0,
				"WORLD_SIZE=%d needs MASTER_ADDR and MASTER_PORT (or start under mpirun)",
				B.size);
		if (dagcc_bootstrap_share(&id, sizeof id, B.rank, B.size, addr, port, B.timeout,
					  err, sizeof err) != 0)
			rt_fail("dagcc_init", NULL, 0, "rendezvous: %s", err);
	}
	CUDA(cudaStreamCreateWithFlags(&B.defstream, cudaStreamNonBlocking), "dagcc_init", NULL, 0);
	CUDA(cudaStreamCreateWithFlags(&B.copystream, cudaStreamNonBlocking), "dagcc_init", NULL,
	     0);
	CUDA(cudaStreamCreateWithFlags(&B.freestream, cudaStreamNonBlocking), "dagcc_init", NULL,
	     0);
	streamid(B.defstream, "default");
	ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
	config.blocking = 0;
	ncclComm_t comm;
	ncclResult_t rc = ncclCommInitRankConfig(&comm, B.size, id, B.rank, &config);
	settle(comm, rc, "dagcc_init", NULL);
	newgroup(comm, B.rank, B.size);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onterm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, &oldterm);
}

dagcc_group *be_world(void)
{
	return B.group[0];
}

dagcc_group *be_split(dagcc_group *g, int color, int key)
{
	poll_flights();
	ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
	config.blocking = 0;
	ncclComm_t comm = NULL;
	ncclResult_t rc = ncclCommSplit(gb(g)->comm, color, key, &comm, &config);
	settle(gb(g)->comm, rc, "dagcc_group_split", NULL);
	if (comm)
		settle(comm, ncclInProgress, "dagcc_group_split", NULL);
	int rank, size;
	if (!comm || ncclCommUserRank(comm, &rank) != ncclSuccess ||
	    ncclCommCount(comm, &size) != ncclSuccess)
		rt_fail("dagcc_group_split", NULL, 0, "ncclCommSplit made no communicator");
	return newgroup(comm, rank, size);
}

/* Waits for a stream with the host, polling, so a hang is reported rather than waited out. */
static void drain(cudaStream_t s, const char *what)
{
	struct timespec nap = {0, 50000};
	rt_host_sync();
	for (;;) {
		cudaError_t e = cudaStreamQuery(s);
		if (e == cudaSuccess)
			break;
		if (e != cudaErrorNotReady)
			rt_fail(what, NULL, 0, "CUDA error: %s", cudaGetErrorString(e));
		poll_flights();
		nanosleep(&nap, NULL);
	}
	poll_flights();
}

/* NCCL has no unmatched send to count: it waits for its receive, and the wait times out naming
 * the send. */
int be_finalize_gather(dagcc_group *g, const void *mine, void *all, size_t bytes)
{
	(void)g;
	(void)mine;
	(void)all;
	(void)bytes;
	return 0;
}

void be_finalize(void)
{
	sigaction(SIGTERM, &oldterm, NULL);
	for (int i = 0; i < B.ngroup; i++)
		for (int k = 0; k < NSTREAM; k++)
			drain(gb(B.group[i])->stream[k], "dagcc_finalize");
	drain(B.defstream, "dagcc_finalize");
	drain(B.freestream, "dagcc_finalize");
	poll_flights();
	/* events first, then the streams they were recorded on */
	for (int i = 0; i < B.nflight; i++)
		cudaEventDestroy(B.flight[i].done);
	for (int i = 0; i < B.npool; i++)
		cudaEventDestroy(B.pool[i]);
	free(B.pool);
	free(B.flight);
	free(B.batch);
	B.pool = NULL;
	B.flight = NULL;
	B.batch = NULL;
	B.capbatch = 0;
	B.npool = B.cappool = B.nflight = B.capflight = 0;
	for (int i = B.ngroup - 1; i >= 0; i--) {
		Group *g = gb(B.group[i]);
		settle(g->comm, ncclCommFinalize(g->comm), "dagcc_finalize", NULL);
		ncclCommDestroy(g->comm);
		cudaFree(g->dsig);
		cudaFreeHost(g->hsig);
		for (int k = 0; k < NSTREAM; k++)
			cudaStreamDestroy(g->stream[k]);
		free(g);
		B.group[i]->be = NULL;
		B.group[i]->dead = 1; /* the struct stays, so a later use is reported */
	}
	cudaStreamDestroy(B.defstream);
	cudaStreamDestroy(B.copystream);
	cudaStreamDestroy(B.freestream);
#ifdef DAGCC_WITH_MPI
	if (B.ownmpi) {
		rt_watch("dagcc_finalize");
		MPI_Finalize();
		rt_unwatch();
	}
#endif
}

dagcc_stream_t be_stream_default(void)
{
	return B.defstream;
}

/* A stream the runtime has seen, or one CUDA knows (a bad handle is an error, not a crash,
 * for the handles CUDA keeps track of). */
int be_stream_valid(dagcc_stream_t s)
{
	if (!s)
		return 1;
	for (int i = 0; i < B.nstream; i++)
		if (B.streams[i].s == s)
			return 1;
	unsigned flags;
	return cudaStreamGetFlags(s, &flags) == cudaSuccess;
}

int be_stream_sid(dagcc_stream_t s)
{
	return streamid(s, NULL);
}

void be_stream_sync(dagcc_stream_t s)
{
	drain(s, "dagcc_stream_sync");
}

static ncclDataType_t nccltype(dagcc_dtype t)
{
	static const ncclDataType_t map[] = {ncclFloat32, ncclFloat16, ncclBfloat16, ncclFloat64,
					     ncclInt8,	  ncclUint8,   ncclInt32,    ncclInt64};
	return map[t];
}

static ncclRedOp_t ncclop(dagcc_op op)
{
	static const ncclRedOp_t map[] = {ncclSum, ncclProd, ncclMax, ncclMin, ncclAvg};
	return map[op];
}

/* The group's stream gs waits for everything issued on s so far. */
static void follow(cudaStream_t gs, dagcc_stream_t s, const char *what, const char *file, int line)
{
	cudaEvent_t ready = getevent();
	CUDA(cudaEventRecord(ready, s), what, file, line);
	CUDA(cudaStreamWaitEvent(gs, ready, 0), what, file, line);
	putevent(ready); /* the wait took the event's state already */
}

static void inflight(cudaEvent_t done, const Op *op)
{
	if (B.nflight == B.capflight) {
		B.capflight = B.capflight ? 2 * B.capflight : 64;
		B.flight = realloc(B.flight, (size_t)B.capflight * sizeof *B.flight);
		if (!B.flight)
			rt_fail(opcoll[op->kind].call, op->file, op->line, "out of memory");
	}
	B.flight[B.nflight++] = (Flight){done, *op, rt_now()};
}

/* One NCCL group (a coalesced bucket, a p2p group) from here to groupend; call: the API call,
 * for errors. */
static void groupstart(Group *g, const char *call)
{
	settle(g->comm, ncclGroupStart(), call, NULL);
	B.coalescing = 1;
	B.nbatch = 0;
}

/* Each member's future completes with its stream's event, recorded after ncclGroupEnd (one
 * per stream the members run on: a bucket's all on the collective stream). */
static void groupend(Group *g, const char *call)
{
	B.coalescing = 0;
	settle(g->comm, ncclGroupEnd(), call, NULL);
	cudaEvent_t done[NSTREAM] = {0};
	for (int i = 0; i < B.nbatch; i++) {
		int k = opcoll[B.batch[i]->op.kind].runs;
		if (!done[k]) {
			done[k] = getevent();
			CUDA(cudaEventRecord(done[k], g->stream[k]), call, NULL, 0);
			inflight(done[k], &B.batch[i]->op);
		}
		B.batch[i]->be[0].p = done[k];
	}
}

void be_coalesce_begin(dagcc_group *grp, dagcc_stream_t s)
{
	Group *g = gb(grp);
	poll_flights();
	follow(g->stream[STREAM_COLL], s, "dagcc_coalesce_begin", NULL, 0);
	groupstart(g, "dagcc_coalesce_begin");
}

void be_coalesce_end(dagcc_group *grp, dagcc_stream_t s)
{
	(void)s;
	groupend(gb(grp), "dagcc_coalesce_end");
}

/* A p2p group: its sends on the send stream and its receives on the receive stream, one NCCL
 * group, after everything on s and on both streams before it (each waits for s and the other). */
void be_p2p_begin(dagcc_group *grp, dagcc_stream_t s)
{
	Group *g = gb(grp);
	cudaStream_t snd = g->stream[STREAM_SEND], rcv = g->stream[STREAM_RECV];
	poll_flights();
	follow(snd, s, "dagcc_p2p_begin", NULL, 0);
	follow(rcv, snd, "dagcc_p2p_begin", NULL, 0);
	follow(snd, rcv, "dagcc_p2p_begin", NULL, 0);
	groupstart(g, "dagcc_p2p_begin");
}

void be_p2p_end(dagcc_group *grp, dagcc_stream_t s)
{
	(void)s;
	groupend(gb(grp), "dagcc_p2p_end");
}

/* Checked mode: the ranks of the group gather each one's signature of op on its collective
 * stream, and the host waits for it (within DAGCC_TIMEOUT_S) and compares before op is
 * issued. Not for the members of a coalesced batch, which issue nothing before its end. */
static void sign(Group *g, cudaStream_t gs, const Op *op)
{
	const char *what = opcoll[op->kind].call;
	int size = op->g->size;
	if (!g->dsig) {
		CUDA(cudaMalloc((void **)&g->dsig, ((size_t)size + 1) * sizeof(Sig)), what,
		     op->file, op->line);
		/* pinned: a copy into pageable memory would block the host, past the timeout */
		CUDA(cudaMallocHost((void **)&g->hsig, ((size_t)size + 1) * sizeof(Sig)), what,
		     op->file, op->line);
	}
	rt_sign(&g->hsig[size], op);
	CUDA(cudaMemcpyAsync(&g->dsig[size], &g->hsig[size], sizeof(Sig), cudaMemcpyHostToDevice,
			     gs),
	     what, op->file, op->line);
	settle(g->comm, ncclAllGather(&g->dsig[size], g->dsig, sizeof(Sig), ncclInt8, g->comm, gs),
	       what, op);
	CUDA(cudaMemcpyAsync(g->hsig, g->dsig, (size_t)size * sizeof(Sig), cudaMemcpyDeviceToHost,
			     gs),
	     what, op->file, op->line);
	double t0 = rt_now();
	struct timespec nap = {0, 50000};
	for (;;) {
		int late = rt_now() - t0 > B.timeout;
		cudaError_t e = cudaStreamQuery(gs);
		if (e == cudaSuccess)
			break;
		if (e != cudaErrorNotReady)
			rt_fail(what, op->file, op->line, "CUDA error: %s", cudaGetErrorString(e));
		if (late)
			rt_fail(what, op->file, op->line,
				"the ranks of group %d did not all reach its collective #%u within %g s (DAGCC_TIMEOUT_S)",
				op->g->id, op->seq, B.timeout);
		poll_flights();
		nanosleep(&nap, NULL);
	}
	rt_agree(g->hsig, op);
}

void be_start(Future *f, dagcc_stream_t s)
{
	Op *op = &f->op;
	const char *what = opcoll[op->kind].call;
	Group *g = gb(op->g);
	poll_flights();
	cudaStream_t gs = g->stream[opcoll[op->kind].runs];
	if (!B.coalescing)
		follow(gs, s, what, op->file, op->line);
	if (dagcc_checking_ && !B.coalescing && op->seq && op->g->size > 1)
		sign(g, gs, op);
	if (f->prof && B.coalescing) /* nothing runs before ncclGroupEnd: no marks */
		f->prof = 0;
	if (f->prof)
		rt_prof_coll_begin(f->prof - 1, be_prof_mark(gs), rt_now());
	ncclDataType_t dt = nccltype(op->dtype);
	ncclResult_t rc = ncclSuccess;
	void *tmp = NULL;
	switch (op->kind) {
	case OP_ALL_REDUCE:
		rc = ncclAllReduce(op->send, op->recv, op->count, dt, ncclop(op->op), g->comm, gs);
		break;
	case OP_ALL_GATHER:
		rc = ncclAllGather(op->send, op->recv, op->count, dt, g->comm, gs);
		break;
	case OP_REDUCE_SCATTER:
		rc = ncclReduceScatter(op->send, op->recv, op->count, dt, ncclop(op->op), g->comm,
				       gs);
		break;
	case OP_BROADCAST:
		rc = ncclBroadcast(op->send, op->recv, op->count, dt, op->peer, g->comm, gs);
		break;
	case OP_SEND:
		rc = ncclSend(op->send, op->count, dt, op->peer, g->comm, gs);
		break;
	case OP_RECV:
		rc = ncclRecv(op->recv, op->count, dt, op->peer, g->comm, gs);
		break;
	case OP_ALL_TO_ALL: {
		/* grouped sends and receives; NCCL has no in-place form, so copy an overlapping input */
		const char *send = op->send;
		char *recv = op->recv;
		if (recv < send + op->sendbytes && send < recv + op->recvbytes) {
			CUDA(cudaMallocAsync(&tmp, op->sendbytes, gs), what, op->file, op->line);
			CUDA(cudaMemcpyAsync(tmp, send, op->sendbytes, cudaMemcpyDeviceToDevice,
					     gs),
			     what, op->file, op->line);
			send = tmp;
		}
		size_t chunk = op->count * rt_dtsize(op->dtype);
		rc = ncclGroupStart();
		for (int p = 0; rc == ncclSuccess && p < op->g->size; p++) {
			rc = ncclSend(send + (size_t)p * chunk, op->count, dt, p, g->comm, gs);
			if (rc == ncclSuccess || rc == ncclInProgress)
				rc = ncclRecv(recv + (size_t)p * chunk, op->count, dt, p, g->comm,
					      gs);
		}
		ncclResult_t end = ncclGroupEnd();
		if (rc == ncclSuccess)
			rc = end;
		break;
	}
	default:
		rt_fail(what, op->file, op->line, "unknown collective");
	}
	settle(g->comm, rc, what, op);
	if (tmp)
		CUDA(cudaFreeAsync(tmp, gs), what, op->file, op->line);
	if (B.coalescing) { /* the event comes with ncclGroupEnd */
		if (B.nbatch == B.capbatch) {
			B.capbatch = B.capbatch ? 2 * B.capbatch : 16;
			B.batch = realloc(B.batch, (size_t)B.capbatch * sizeof *B.batch);
			if (!B.batch)
				rt_fail(what, op->file, op->line, "out of memory");
		}
		B.batch[B.nbatch++] = f;
		return;
	}
	if (f->prof) {
		rt_prof_coll_end(f->prof - 1, be_prof_mark(gs), rt_now());
		f->prof = 0;
	}
	cudaEvent_t done = getevent();
	CUDA(cudaEventRecord(done, gs), what, op->file, op->line);
	f->be[0].p = done;
	inflight(done, op);
}

void be_wait(Future *f, dagcc_stream_t s)
{
	Op *op = &f->op;
	cudaEvent_t done = f->be[0].p;
	if (!s) /* dagcc_finalize finishing a future nobody waited */
		s = B.defstream;
	CUDA(cudaStreamWaitEvent(s, done, 0), opcoll[op->kind].call, op->file, op->line);
	/* the event goes back to the pool when poll_flights sees it complete */
	poll_flights();
}

void *be_malloc(size_t bytes)
{
	void *p = NULL;
	CUDA(cudaMalloc(&p, bytes ? bytes : 1), "dagcc_malloc", NULL, 0);
	return p;
}

void be_free(void *p)
{
	CUDA(cudaFree(p), "dagcc_free", NULL, 0);
}

/* cudaMemcpy runs on the legacy stream, which the runtime's non-blocking streams do not wait
 * for, and may return before a pageable upload lands: copy on a stream of our own and wait.
 * That stream first waits for what was issued on the legacy stream (and so on the program's
 * blocking streams) and on the runtime's default stream, which is cudaMemcpy's order with the
 * default stream dagcc_stream_default(); common.c has made the default stream wait for the
 * collectives in flight on the memory. Checked mode is told of the blocking streams it knows
 * (common.c of the default stream) before the copy's accesses. */
void be_copy(void *dst, const void *src, size_t bytes, int todevice)
{
	const char *what = todevice ? "dagcc_copy_to_device" : "dagcc_copy_to_host";
	if (!bytes)
		return;
	follow(B.copystream, cudaStreamLegacy, what, NULL, 0);
	follow(B.copystream, B.defstream, what, NULL, 0);
	for (int i = 0; dagcc_checking_ && i < B.nstream; i++)
		if (B.streams[i].blocking)
			chk_wait_stream(CHK_HOST, B.streams[i].sid);
	CUDA(cudaMemcpyAsync(dst, src, bytes,
			     todevice ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost,
			     B.copystream),
	     what, NULL, 0);
	drain(B.copystream, what);
}

void be_copy_async(void *dst, const void *src, size_t bytes, dagcc_stream_t s)
{
	CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, s), "dagcc_copy_async",
	     NULL, 0);
}

void *be_alloc_async(size_t bytes, dagcc_stream_t s)
{
	void *p = NULL;
	CUDA(cudaMallocAsync(&p, bytes ? bytes : 1, s), "dagcc_alloc_async", NULL, 0);
	return p;
}

/* An event on s; the release waits for it on a stream of the runtime's own, so s may be gone
 * by then. */
void *be_free_mark(dagcc_stream_t s)
{
	cudaEvent_t e = getevent();
	CUDA(cudaEventRecord(e, s), "dagcc_free_async", NULL, 0);
	return e;
}

void be_free_async(void *p, void *mark)
{
	CUDA(cudaStreamWaitEvent(B.freestream, mark, 0), "dagcc_free_async", NULL, 0);
	putevent(mark); /* the wait took the event's state already */
	CUDA(cudaFreeAsync(p, B.freestream), "dagcc_free_async", NULL, 0);
}

/* For tests: a group's collective stream, to queue work on it directly. */
cudaStream_t dagcc_rt_group_stream(dagcc_group *g);
cudaStream_t dagcc_rt_group_stream(dagcc_group *g)
{
	return gb(g)->stream[STREAM_COLL];
}

/* Profile mode only: events with timing, never from the pool (whose events have none). */
void *be_prof_mark(dagcc_stream_t s)
{
	cudaEvent_t e;
	CUDA(cudaEventCreate(&e), "DAGCC_PROFILE", NULL, 0);
	CUDA(cudaEventRecord(e, s ? s : B.defstream), "DAGCC_PROFILE", NULL, 0);
	return e;
}

double be_prof_us(void *from, void *to)
{
	float ms = 0;
	CUDA(cudaEventSynchronize(to), "DAGCC_PROFILE", NULL, 0);
	CUDA(cudaEventElapsedTime(&ms, from, to), "DAGCC_PROFILE", NULL, 0);
	cudaEventDestroy(from);
	cudaEventDestroy(to);
	return ms * 1e3;
}
