/* mpi.c - the mpi backend: the runtime API on host memory with MPI non-blocking collectives.
 *
 * Compute runs on the host in call order, so a stream is a name for the checker and the host
 * is always caught up with it. A group is an MPI communicator with, per stream of the group
 * (collectives, sends, receives), a queue of the futures started there and not yet finished,
 * in start order. As on a GPU stream, they take effect in that order: only the first of a queue
 * is posted to MPI (the matching MPI_I* call; the future keeps the MPI_Request), the others
 * wait their turn. Each time the host enters the runtime (a start, a wait, dagcc_stream_sync)
 * the first of every queue is tested; one that has completed is finished (what MPI does not do:
 * the division of DAGCC_AVG, copies out of the temporaries that in-place forms need) before
 * the next is posted, which may read its result. Waiting a future finishes everything before
 * it on its stream, polling, so a hung collective is reported after DAGCC_TIMEOUT_S instead of
 * hanging. All ranks start one group's collectives in the same order, so they are posted in
 * the same order, as MPI requires. A p2p group's sends and receives are held until its end,
 * which waits for what its send and receive streams hold and then posts all of them at once,
 * so they cannot deadlock among themselves (each still completes in its stream's order). f16
 * and bf16 reductions use MPI user operations that round each step to the type, as NCCL does.
 *
 * MPI moves a non-blocking collective on only inside MPI calls, so by default a collective
 * started before a long host kernel makes no progress until the kernel returns: nothing
 * overlaps. With DAGCC_PROGRESS=thread (the default in profile mode) a progress thread tests
 * the queues every PROGRESS_NAP_NS while any is non-empty, as a GPU's communication runs beside
 * its compute. One mutex (mu) guards the queues, the group table and every MPI call dagcc
 * makes, so MPI_THREAD_SERIALIZED is enough for dagcc's own calls; the thread never touches
 * what common.c owns: a profiled collective's times wait in the future until its wait reports
 * them. A collective is measured from its posting to MPI (not its start call: it may queue
 * behind others of its stream, as on a GPU stream) to its completion. */
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "half.h"
#include "rt.h"

struct CUstream_st {
	int sid;
};

/* A group's backend: its communicator and per group stream (STREAM_*) the futures started and
 * not finished, in start order; only the first is posted. */
typedef struct {
	MPI_Comm comm;
	MPI_Comm ctl; /* a duplicate for dagcc's own meetings (split, finalize): they never come
			 between the group's collectives */
	Future *head[NSTREAM], *tail[NSTREAM];
	/* between dagcc_p2p_begin and _end: the sends and receives started, posted at the end */
	int batching;
	Future **batch;
	int nbatch, capbatch;
} Group;

/* A future's handles: be[0] the MPI_Request, be[1] a temporary (while SIGNING, every rank's
 * Sig), be[2] the next future of its queue, be[3] its state. In checked mode a collective
 * first exchanges its signature with the group's other ranks (SIGNING; always the same
 * MPI_Iallgather, so it matches whatever the ranks disagree on) and runs only if they agree. */
enum { QUEUED, SIGNING, SIGNED, POSTED, FINISHED };

static struct CUstream_st defstream;
static dagcc_group **groups;
static int ngroup;
static int owninit; /* MPI was initialized by us */
static MPI_Op halfop[2][4]; /* [f16, bf16][sum, prod, max, min] */

/* DAGCC_PROGRESS=thread: the progress thread and what it shares with the host's thread */
enum { PROGRESS_NAP_NS = 50 * 1000 };
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queued = PTHREAD_COND_INITIALIZER; /* a future was queued, or stop */
static pthread_t progresser;
static int threaded, stopping;
static int nqueued; /* futures in the queues */
static void *progressloop(void *arg);

_Static_assert(sizeof(MPI_Request) <= sizeof(((Future *)0)->be[0]), "a request fits a handle");

static Group *gb(dagcc_group *g)
{
	return g->be;
}

static int gstream(const Op *op)
{
	return opcoll[op->kind].runs;
}

static void mpicheck(int rc, const char *what, const char *file, int line)
{
	if (rc == MPI_SUCCESS)
		return;
	char msg[MPI_MAX_ERROR_STRING];
	int len = 0;
	MPI_Error_string(rc, msg, &len);
	rt_fail(what, file, line, "MPI error: %.*s", len, msg);
}

#define HALFOP(name, conv, back, expr)                                                             \
	static void name(void *in, void *inout, int *len, MPI_Datatype *dt)                        \
	{                                                                                          \
		(void)dt;                                                                          \
		const uint16_t *x = in;                                                            \
		uint16_t *y = inout;                                                               \
		for (int i = 0; i < *len; i++) {                                                   \
			float a = conv(x[i]), b = conv(y[i]);                                      \
			y[i] = back(expr);                                                         \
		}                                                                                  \
	}
/* clang-format off: it reads a * b as a pointer declaration */
HALFOP(f16sum, f16_to_float, float_to_f16, a + b)
HALFOP(f16prod, f16_to_float, float_to_f16, a *b)
HALFOP(f16max, f16_to_float, float_to_f16, a > b ? a : b)
HALFOP(f16min, f16_to_float, float_to_f16, a < b ? a : b)
HALFOP(bf16sum, bf16_to_float, float_to_bf16, a + b)
HALFOP(bf16prod, bf16_to_float, float_to_bf16, a *b)
HALFOP(bf16max, bf16_to_float, float_to_bf16, a > b ? a : b)
HALFOP(bf16min, bf16_to_float, float_to_bf16, a < b ? a : b)
/* clang-format on */

static MPI_Datatype mpitype(dagcc_dtype t)
{
	switch (t) {
	case DAGCC_F32:
		return MPI_FLOAT;
	case DAGCC_F64:
		return MPI_DOUBLE;
	case DAGCC_F16:
	case DAGCC_BF16:
		return MPI_UINT16_T;
	case DAGCC_I8:
		return MPI_INT8_T;
	case DAGCC_U8:
		return MPI_UINT8_T;
	case DAGCC_I32:
		return MPI_INT32_T;
	case DAGCC_I64:
		return MPI_INT64_T;
	}
	return MPI_DATATYPE_NULL;
}

static MPI_Op mpiop(dagcc_dtype t, dagcc_op op)
{
	int k = op == DAGCC_PROD ? 1 : op == DAGCC_MAX ? 2 : op == DAGCC_MIN ? 3 : 0; /* AVG: SUM */
	if (t == DAGCC_F16 || t == DAGCC_BF16)
		return halfop[t == DAGCC_BF16][k];
	switch (k) {
	case 0:
		return MPI_SUM;
	case 1:
		return MPI_PROD;
	case 2:
		return MPI_MAX;
	default:
		return MPI_MIN;
	}
}

static dagcc_group *newgroup(MPI_Comm c)
{
	dagcc_group *g = calloc(1, sizeof *g);
	Group *b = calloc(1, sizeof *b);
	if (!g || !b)
		rt_fail("dagcc_group_split", NULL, 0, "out of memory");
	b->comm = c;
	g->be = b;
	MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
	mpicheck(MPI_Comm_dup(c, &b->ctl), "dagcc_group_split", NULL, 0);
	MPI_Comm_rank(c, &g->rank);
	MPI_Comm_size(c, &g->size);
	/* the members' world ranks, so checked mode can tell groups that share ranks */
	g->world = malloc((size_t)g->size * 2 * sizeof(int));
	if (!g->world)
		rt_fail("dagcc_group_split", NULL, 0, "out of memory");
	MPI_Group mine, world;
	MPI_Comm_group(c, &mine);
	MPI_Comm_group(MPI_COMM_WORLD, &world);
	for (int i = 0; i < g->size; i++)
		g->world[g->size + i] = i;
	MPI_Group_translate_ranks(mine, g->size, g->world + g->size, world, g->world);
	MPI_Group_free(&mine);
	MPI_Group_free(&world);
	g->id = rt_group_new_id();
	if (dagcc_checking_) {
		for (int i = 0; i < NSTREAM; i++) {
			char name[64];
			snprintf(name, sizeof name, "group%d.%s", g->id, streamrole[i]);
			g->sid[i] = chk_stream(name);
		}
	}
	dagcc_group **p = realloc(groups, (size_t)(ngroup + 1) * sizeof *p);
	if (!p)
		rt_fail("dagcc_group_split", NULL, 0, "out of memory");
	groups = p;
	groups[ngroup++] = g;
	return g;
}

/* mpirun ends the job with SIGTERM when a rank dies: say what was in flight here (what is
 * posted to MPI), then let the signal do what it did before. */
static struct sigaction oldterm;

static void onterm(int sig)
{
	for (int i = 0; i < ngroup; i++) {
		Group *b = groups[i]->be;
		for (int k = 0; b && k < NSTREAM; k++) {
			const Future *f = b->head[k];
			if (!f)
				continue;
			rt_say_inflight(&f->op);
		}
	}
	sigaction(SIGTERM, &oldterm, NULL);
	raise(sig);
}

/* DAGCC_PROGRESS: thread or host; unset or empty, thread in profile mode and host otherwise. */
static int wantthread(void)
{
	const char *v = getenv("DAGCC_PROGRESS");
	if (!v || !*v)
		return dagcc_profiling_;
	if (!strcmp(v, "thread") || !strcmp(v, "host"))
		return v[0] == 't';
	rt_fail("dagcc_init", NULL, 0, "DAGCC_PROGRESS='%s' is neither thread nor host", v);
}

void be_init(int *argc, char ***argv)
{
	int inited, provided = MPI_THREAD_SINGLE, thread = wantthread();
	MPI_Initialized(&inited);
	if (!inited) {
		/* the program's own MPI calls may then run beside the progress thread's */
		int want = thread ? MPI_THREAD_MULTIPLE : MPI_THREAD_FUNNELED;
		if (MPI_Init_thread(argc, argv, want, &provided) != MPI_SUCCESS)
			rt_fail("dagcc_init", NULL, 0, "MPI_Init failed");
		owninit = 1;
		/* Open MPI raises some errors of non-blocking collectives on the world
		 * communicator: return them to dagcc, which names the operation and its line */
		MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	} else {
		MPI_Query_thread(&provided);
	}
	MPI_Op_create(f16sum, 1, &halfop[0][0]);
	MPI_Op_create(f16prod, 1, &halfop[0][1]);
	MPI_Op_create(f16max, 1, &halfop[0][2]);
	MPI_Op_create(f16min, 1, &halfop[0][3]);
	MPI_Op_create(bf16sum, 1, &halfop[1][0]);
	MPI_Op_create(bf16prod, 1, &halfop[1][1]);
	MPI_Op_create(bf16max, 1, &halfop[1][2]);
	MPI_Op_create(bf16min, 1, &halfop[1][3]);
	defstream.sid = dagcc_checking_ ? chk_stream("default") : 0;
	MPI_Comm w;
	MPI_Comm_dup(MPI_COMM_WORLD, &w);
	newgroup(w);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onterm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, &oldterm);
	if (thread && provided < MPI_THREAD_SERIALIZED) {
		if (gb(groups[0]) && groups[0]->rank == 0)
			fprintf(stderr,
				"dagcc: warning: dagcc_init: DAGCC_PROGRESS=thread needs MPI_THREAD_SERIALIZED, and MPI was initialized with less: collectives progress only when the host enters the runtime\n");
		thread = 0;
	}
	if (thread) {
		if (pthread_create(&progresser, NULL, progressloop, NULL) != 0)
			rt_fail("dagcc_init", NULL, 0, "cannot start the progress thread");
		threaded = 1;
	}
}

dagcc_group *be_world(void)
{
	return groups[0];
}

static void progress(void);

enum { AT_SPLIT = 1, AT_FINALIZE };
static const char *const atname[] = {"", "dagcc_group_split", "dagcc_finalize"};

/* Polls req (an operation on g's ctl) until it completes, the host polling the queues meanwhile,
 * within rt_setup_timeout_s; a rank that never comes is reported. Called holding mu, which it
 * lets go while it naps. */
static void settle(MPI_Request *req, dagcc_group *g, int where)
{
	double limit = rt_setup_timeout_s(), t0 = rt_now();
	struct timespec nap = {0, 20000};
	for (;;) {
		/* the clock is read before the test: a rank the machine did not run for a while
		 * tests once more before it blames the others (see be_wait) */
		int late = rt_now() - t0 > limit, done = 0;
		mpicheck(MPI_Test(req, &done, MPI_STATUS_IGNORE), atname[where], NULL, 0);
		if (done)
			return;
		progress();
		if (late)
			rt_fail(atname[where], NULL, 0,
				"not every rank of group %d called it within %g s (twice DAGCC_TIMEOUT_S) (this is rank %d of %d); aborting the job",
				g->id, limit, g->rank, g->size);
		pthread_mutex_unlock(&mu);
		nanosleep(&nap, NULL);
		pthread_mutex_lock(&mu);
	}
}

/* Every rank of g comes to the same call (where) within rt_setup_timeout_s (settle): a rank that
 * never calls it, or calls another, is reported instead of waited for forever. The first rank
 * that differs from rank 0 reports a difference. Then, where bytes > 0, every rank's mine lands
 * in all, by rank. Called holding mu. */
static void meet(dagcc_group *g, int where, const void *mine, void *all, size_t bytes)
{
	Group *b = gb(g);
	int32_t at = where, *ats = calloc((size_t)g->size, sizeof *ats);
	if (!ats)
		rt_fail(atname[where], NULL, 0, "out of memory");
	MPI_Request req;
	mpicheck(MPI_Iallgather(&at, 1, MPI_INT32_T, ats, 1, MPI_INT32_T, b->ctl, &req),
		 atname[where], NULL, 0);
	settle(&req, g, where);
	int j = 1;
	while (j < g->size && ats[j] == ats[0])
		j++;
	if (j < g->size) {
		int at0 = ats[0], atj = ats[j];
		free(ats);
		if (g->rank != j) {
			struct timespec wait = {3, 0};
			nanosleep(&wait, NULL);
			be_abort();
		}
		rt_fail(atname[where], NULL, 0,
			"rank 0 of group %d is in %s, but rank %d is in %s: every rank must call it",
			g->id, (unsigned)at0 <= AT_FINALIZE ? atname[at0] : "?", j,
			(unsigned)atj <= AT_FINALIZE ? atname[atj] : "?");
	}
	free(ats);
	if (!bytes)
		return;
	mpicheck(
		MPI_Iallgather(mine, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE, b->ctl, &req),
		atname[where], NULL, 0);
	settle(&req, g, where);
}

dagcc_group *be_split(dagcc_group *g, int color, int key)
{
	MPI_Comm c;
	pthread_mutex_lock(&mu);
	progress();
	meet(g, AT_SPLIT, NULL, NULL, 0);
	mpicheck(MPI_Comm_split(gb(g)->ctl, color, key, &c), "dagcc_group_split", NULL, 0);
	dagcc_group *n = newgroup(c);
	pthread_mutex_unlock(&mu);
	return n;
}

int be_finalize_gather(dagcc_group *g, const void *mine, void *all, size_t bytes)
{
	pthread_mutex_lock(&mu);
	meet(g, AT_FINALIZE, mine, all, bytes);
	pthread_mutex_unlock(&mu);
	return 1;
}

void be_finalize(void)
{
	if (threaded) {
		pthread_mutex_lock(&mu);
		stopping = 1;
		pthread_cond_signal(&queued);
		pthread_mutex_unlock(&mu);
		pthread_join(progresser, NULL);
		threaded = 0;
	}
	pthread_mutex_lock(&mu);
	meet(groups[0], AT_FINALIZE, NULL, NULL, 0);
	pthread_mutex_unlock(&mu);
	sigaction(SIGTERM, &oldterm, NULL);
	for (int i = 0; i < ngroup; i++) {
		MPI_Comm_free(&gb(groups[i])->ctl);
		MPI_Comm_free(&gb(groups[i])->comm);
		free(gb(groups[i])->batch);
		free(groups[i]->be);
		groups[i]->be = NULL;
		free(groups[i]->world);
		groups[i]->world = NULL;
		groups[i]->dead = 1; /* the struct stays, so a later use is reported */
	}
	for (int t = 0; t < 2; t++)
		for (int k = 0; k < 4; k++)
			MPI_Op_free(&halfop[t][k]);
	if (owninit) {
		rt_watch("dagcc_finalize");
		MPI_Finalize();
		rt_unwatch();
	}
}

void be_abort(void)
{
	int inited = 0, fin = 0;
	MPI_Initialized(&inited);
	MPI_Finalized(&fin);
	fflush(stdout);
	fflush(stderr);
	if (inited && !fin) {
		sigaction(SIGTERM, &oldterm, NULL); /* this rank has said what went wrong */
		/* give mpirun a moment to forward the report before the job is torn down */
		struct timespec pause = {0, 200 * 1000 * 1000};
		nanosleep(&pause, NULL);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	exit(1);
}

dagcc_stream_t be_stream_default(void)
{
	return &defstream;
}

/* The host is the only stream: its handle, or NULL. */
int be_stream_valid(dagcc_stream_t s)
{
	return !s || s == &defstream;
}

int be_stream_sid(dagcc_stream_t s)
{
	return s ? s->sid : defstream.sid;
}

void be_stream_sync(dagcc_stream_t s)
{
	(void)s; /* compute ran on the host as it was called */
	pthread_mutex_lock(&mu);
	progress();
	pthread_mutex_unlock(&mu);
}

static void *hostalloc(size_t bytes, const char *what)
{
	void *p = NULL;
	if (posix_memalign(&p, 64, bytes ? bytes : 1) != 0)
		rt_fail(what, NULL, 0, "cannot allocate %zu bytes", bytes);
	return p;
}

/* Issues f's MPI call: its queue has nothing before it. */
static void post(Future *f)
{
	Op *op = &f->op;
	if (f->be[3].i == POSTED) /* a p2p group's, posted with the group */
		return;
	if (f->be[3].i == QUEUED && dagcc_checking_ && op->seq && op->g->size > 1) {
		int size = op->g->size;
		Sig *sig = calloc((size_t)size + 1, sizeof *sig);
		if (!sig)
			rt_fail(opcoll[op->kind].call, op->file, op->line, "out of memory");
		rt_sign(&sig[size], op);
		MPI_Request req;
		mpicheck(MPI_Iallgather(&sig[size], sizeof *sig, MPI_BYTE, sig, sizeof *sig,
					MPI_BYTE, gb(op->g)->comm, &req),
			 opcoll[op->kind].call, op->file, op->line);
		memcpy(&f->be[0], &req, sizeof req);
		f->be[1].p = sig;
		f->be[3].i = SIGNING;
		return;
	}
	const char *what = opcoll[op->kind].call;
	int n = (int)op->count;
	MPI_Datatype dt = mpitype(op->dtype);
	MPI_Comm c = gb(op->g)->comm;
	MPI_Request req = MPI_REQUEST_NULL;
	void *tmp = NULL;
	int rc = MPI_SUCCESS;
	const char *sendp = op->send;
	char *recvp = op->recv;
	switch (op->kind) {
	case OP_ALL_REDUCE:
		rc = MPI_Iallreduce(MPI_IN_PLACE, recvp, n, dt, mpiop(op->dtype, op->op), c, &req);
		break;
	case OP_ALL_GATHER:
		if (n && sendp == recvp + (size_t)op->g->rank * op->sendbytes)
			rc = MPI_Iallgather(MPI_IN_PLACE, 0, dt, recvp, n, dt, c, &req);
		else
			rc = MPI_Iallgather(sendp, n, dt, recvp, n, dt, c, &req);
		break;
	case OP_REDUCE_SCATTER:
		/* NCCL's in-place form has the result at recv = send + rank * count; MPI's does not */
		if (n && recvp < sendp + op->sendbytes && sendp < recvp + op->recvbytes) {
			tmp = hostalloc(op->recvbytes, what);
			recvp = tmp;
		}
		rc = MPI_Ireduce_scatter_block(sendp, recvp, n, dt, mpiop(op->dtype, op->op), c,
					       &req);
		break;
	case OP_ALL_TO_ALL:
		if (n && recvp < sendp + op->sendbytes && sendp < recvp + op->recvbytes) {
			tmp = hostalloc(op->sendbytes, what);
			memcpy(tmp, sendp, op->sendbytes);
			sendp = tmp;
		}
		rc = MPI_Ialltoall(sendp, n, dt, recvp, n, dt, c, &req);
		break;
	case OP_BROADCAST:
		rc = MPI_Ibcast(recvp, n, dt, op->peer, c, &req);
		break;
	case OP_SEND:
		rc = MPI_Isend(sendp, n, dt, op->peer, 7, c, &req);
		break;
	case OP_RECV:
		rc = MPI_Irecv(recvp, n, dt, op->peer, 7, c, &req);
		break;
	default:
		rt_fail(what, op->file, op->line, "unknown collective");
	}
	mpicheck(rc, what, op->file, op->line);
	memcpy(&f->be[0], &req, sizeof req);
	f->be[1].p = tmp;
	f->be[3].i = POSTED;
	if (f->prof)
		f->proft[0] = rt_now();
}

static void average(void *buf, size_t n, dagcc_dtype t, int size)
{
	switch (t) {
	case DAGCC_F32:
		for (size_t i = 0; i < n; i++)
			((float *)buf)[i] /= (float)size;
		break;
	case DAGCC_F64:
		for (size_t i = 0; i < n; i++)
			((double *)buf)[i] /= size;
		break;
	case DAGCC_F16:
		for (size_t i = 0; i < n; i++) {
			uint16_t *h = (uint16_t *)buf + i;
			*h = float_to_f16(f16_to_float(*h) / (float)size);
		}
		break;
	case DAGCC_BF16:
		for (size_t i = 0; i < n; i++) {
			uint16_t *h = (uint16_t *)buf + i;
			*h = float_to_bf16(bf16_to_float(*h) / (float)size);
		}
		break;
	case DAGCC_I8:
		for (size_t i = 0; i < n; i++)
			((int8_t *)buf)[i] = (int8_t)(((int8_t *)buf)[i] / size);
		break;
	case DAGCC_U8:
		for (size_t i = 0; i < n; i++)
			((uint8_t *)buf)[i] = (uint8_t)(((uint8_t *)buf)[i] / size);
		break;
	case DAGCC_I32:
		for (size_t i = 0; i < n; i++)
			((int32_t *)buf)[i] /= size;
		break;
	case DAGCC_I64:
		for (size_t i = 0; i < n; i++)
			((int64_t *)buf)[i] /= size;
		break;
	}
}

/* What MPI left undone once f's request has completed; then its queue moves on. */
static void finish(Future *f)
{
	Op *op = &f->op;
	void *tmp = f->be[1].p;
	if (tmp && op->kind == OP_REDUCE_SCATTER)
		memcpy(op->recv, tmp, op->recvbytes);
	free(tmp);
	f->be[1].p = NULL;
	if (opcoll[op->kind].op >= 0 && op->op == DAGCC_AVG)
		average(op->recv, op->count, op->dtype, op->g->size);
	f->be[3].i = FINISHED;
	if (f->prof)
		f->proft[1] = rt_now();
	nqueued--;
	Group *g = gb(op->g);
	int k = gstream(op);
	g->head[k] = f->be[2].p;
	if (!g->head[k])
		g->tail[k] = NULL;
	f->be[2].p = NULL;
	if (g->head[k])
		post(g->head[k]);
}

/* Tests the first future of every queue, finishing those that have completed: never blocks.
 * Called holding mu. */
static void progress(void)
{
	for (int i = 0; i < ngroup; i++) {
		Group *g = gb(groups[i]);
		if (!g)
			continue;
		for (int k = 0; k < NSTREAM; k++)
			while (g->head[k]) {
				Future *f = g->head[k];
				const Op *op = &f->op;
				MPI_Request req;
				int done = 0;
				memcpy(&req, &f->be[0], sizeof req);
				mpicheck(MPI_Test(&req, &done, MPI_STATUS_IGNORE),
					 opcoll[op->kind].call, op->file, op->line);
				memcpy(&f->be[0], &req, sizeof req);
				if (!done)
					break;
				if (f->be[3].i == SIGNING) {
					rt_agree(f->be[1].p, op);
					free(f->be[1].p);
					f->be[1].p = NULL;
					f->be[3].i = SIGNED;
					post(f);
					continue;
				}
				finish(f);
			}
	}
}

void be_start(Future *f, dagcc_stream_t s)
{
	(void)s;
	Op *op = &f->op;
	if (op->count > (size_t)INT32_MAX)
		rt_fail(opcoll[op->kind].call, op->file, op->line,
			"count %zu is too large for the mpi backend", op->count);
	pthread_mutex_lock(&mu);
	progress();
	Group *g = gb(op->g);
	int k = gstream(op);
	f->be[3].i = QUEUED;
	f->be[2].p = NULL;
	if (g->batching) {
		if (g->nbatch == g->capbatch) {
			g->capbatch = g->capbatch ? 2 * g->capbatch : 16;
			g->batch = realloc(g->batch, (size_t)g->capbatch * sizeof *g->batch);
			if (!g->batch)
				rt_fail(opcoll[op->kind].call, op->file, op->line, "out of memory");
		}
		g->batch[g->nbatch++] = f;
		pthread_mutex_unlock(&mu);
		return;
	}
	if (!nqueued++)
		pthread_cond_signal(&queued);
	if (g->tail[k]) {
		g->tail[k]->be[2].p = f;
		g->tail[k] = f;
	} else {
		g->head[k] = g->tail[k] = f;
		post(f);
	}
	pthread_mutex_unlock(&mu);
}

/* The progress thread: tests the queues while they hold anything, sleeps on queued otherwise. */
static void *progressloop(void *arg)
{
	(void)arg;
	struct timespec nap = {0, PROGRESS_NAP_NS};
	pthread_mutex_lock(&mu);
	while (!stopping) {
		if (!nqueued) {
			pthread_cond_wait(&queued, &mu);
			continue;
		}
		progress();
		pthread_mutex_unlock(&mu);
		nanosleep(&nap, NULL);
		pthread_mutex_lock(&mu);
	}
	pthread_mutex_unlock(&mu);
	return NULL;
}

/* be_wait's part for a future that did not finish at once: polls with naps, mu held but for
 * the naps. */
static void waitlong(Future *f)
{
	double limit = rt_timeout_s(), t0 = rt_now();
	struct timespec nap = {0, 20000};
	for (;;) {
		/* The clock is read before the test, so the timeout means "still not finished when
		 * tested after it": on a loaded machine a rank may not run for longer than the
		 * timeout (MPI_Test yields the processor when ranks outnumber cores), and a test
		 * the clock overtook must not count as one made in time. */
		int late = rt_now() - t0 > limit;
		progress();
		if (f->be[3].i == FINISHED)
			return;
		if (late) {
			const Op *op = &gb(f->op.g)->head[gstream(&f->op)]->op, *mine = &f->op;
			char behind[512] = "";
			if (op != mine)
				snprintf(behind, sizeof behind,
					 ", with %s (%s:%d) queued behind it",
					 opcoll[mine->kind].call, mine->file ? mine->file : "?",
					 mine->line);
			rt_fail(opcoll[op->kind].call, op->file, op->line,
				"not finished after %g s (DAGCC_TIMEOUT_S) on a group of %d ranks (this is rank %d)%s; aborting the job",
				limit, op->g->size, op->g->rank, behind);
		}
		pthread_mutex_unlock(&mu);
		nanosleep(&nap, NULL);
		pthread_mutex_lock(&mu);
	}
}

/* Finishes f and what is before it on its stream, polling every queue meanwhile (another
 * rank may need this one's other groups to move on). What does not finish within
 * DAGCC_TIMEOUT_S is reported instead of waited for forever. */
void be_wait(Future *f, dagcc_stream_t s)
{
	(void)s;
	pthread_mutex_lock(&mu);
	for (int spin = 0; spin < 2000 && f->be[3].i != FINISHED; spin++)
		progress();
	if (f->be[3].i != FINISHED)
		waitlong(f);
	pthread_mutex_unlock(&mu);
	if (f->prof) {
		rt_prof_coll_begin(f->prof - 1, NULL, f->proft[0]);
		rt_prof_coll_end(f->prof - 1, NULL, f->proft[1]);
		f->prof = 0;
	}
}

void *be_malloc(size_t bytes)
{
	return hostalloc(bytes, "dagcc_malloc");
}

void be_free(void *p)
{
	free(p);
}

void be_copy(void *dst, const void *src, size_t bytes, int todevice)
{
	(void)todevice;
	if (bytes)
		memmove(dst, src, bytes);
}

void be_copy_async(void *dst, const void *src, size_t bytes, dagcc_stream_t s)
{
	(void)s; /* the host is the stream */
	memcpy(dst, src, bytes);
}

void *be_alloc_async(size_t bytes, dagcc_stream_t s)
{
	(void)s;
	return hostalloc(bytes, "dagcc_alloc_async");
}

/* The members of a coalesced bucket queue on the group's collective stream like any others:
 * coalescing needs nothing more. */
void be_coalesce_begin(dagcc_group *g, dagcc_stream_t s)
{
	(void)g;
	(void)s;
}

void be_coalesce_end(dagcc_group *g, dagcc_stream_t s)
{
	(void)g;
	(void)s;
}

void be_p2p_begin(dagcc_group *g, dagcc_stream_t s)
{
	(void)s;
	pthread_mutex_lock(&mu);
	gb(g)->batching = 1;
	gb(g)->nbatch = 0;
	pthread_mutex_unlock(&mu);
}

/* What the group's send and receive streams hold finishes first (within DAGCC_TIMEOUT_S);
 * then every member is posted, and queued on its stream as posted. */
void be_p2p_end(dagcc_group *grp, dagcc_stream_t s)
{
	(void)s;
	pthread_mutex_lock(&mu);
	Group *g = gb(grp);
	g->batching = 0;
	progress();
	for (int k = STREAM_SEND; g->nbatch && k <= STREAM_RECV; k++)
		if (g->tail[k] && g->tail[k]->be[3].i != FINISHED)
			waitlong(g->tail[k]);
	if (g->nbatch && !nqueued)
		pthread_cond_signal(&queued);
	for (int i = 0; i < g->nbatch; i++) {
		Future *f = g->batch[i];
		int k = gstream(&f->op);
		nqueued++;
		if (g->tail[k])
			g->tail[k]->be[2].p = f;
		else
			g->head[k] = f;
		g->tail[k] = f;
		post(f);
	}
	g->nbatch = 0;
	pthread_mutex_unlock(&mu);
}

void *be_free_mark(dagcc_stream_t s)
{
	(void)s; /* the host is the stream: what was issued on it is done */
	return NULL;
}

void be_free_async(void *p, void *mark)
{
	(void)mark;
	free(p);
}

void *be_prof_mark(dagcc_stream_t s)
{
	(void)s;
	return NULL;
}

double be_prof_us(void *from, void *to)
{
	(void)from;
	(void)to;
	return 0;
}
