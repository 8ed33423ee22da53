/* common.c - the public runtime API over either backend.
 *
 * Every entry point checks its arguments (a null group or buffer, a group used after
 * dagcc_finalize, an unknown dtype or op, a peer or root out of range, a count whose bytes
 * overflow) and reports a mistake with the call's name and the caller's line before aborting
 * the job: never undefined behaviour. Synchronous collectives are a start and a wait. Futures
 * come from a pool and go back to it when waited. In checked mode each call also tells the
 * checker what it orders and what memory it touches. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

#define ROW(K, ...) [OP_##K] = COLLROW(K, __VA_ARGS__)
const Coll opcoll[NOPKIND] = {COLLECTIVES(ROW)};
#undef ROW
const char *const streamrole[NSTREAM] = {"collective", "send", "recv"};

int dagcc_checking_;
int dagcc_profiling_;
int rt_finalized;
static int initialized;
static int ngroups;

/* The setup call in progress (dagcc_init, dagcc_group_split, dagcc_finalize): the caller's
 * line, which a report with no line of its own names (a timeout waiting for the other ranks,
 * MPI or CUDA failing in it). */
static struct {
	const char *file;
	int line;
} setup;

/* One write per report, so that the reports of several ranks forwarded by mpirun do not
 * interleave within a line. */
void rt_fail(const char *what, const char *file, int line, const char *fmt, ...)
{
	char msg[1024];
	int n = 0;
	if (!file) {
		file = setup.file;
		line = setup.line;
	}
	if (file)
		n = snprintf(msg, sizeof msg, "%s:%d: ", file, line);
	n += snprintf(msg + n, sizeof msg - (size_t)n, "dagcc: error: %s: ", what);
	va_list ap;
	va_start(ap, fmt);
	if (n < (int)sizeof msg)
		vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
	va_end(ap);
	fflush(stdout);
	fprintf(stderr, "%s\n", msg);
	be_abort();
}

size_t rt_dtsize(dagcc_dtype t)
{
	static const size_t size[] = {4, 2, 2, 8, 1, 1, 4, 8};
	return size[t];
}

static const char *const dtname[] = {"f32", "f16", "bf16", "f64", "i8", "u8", "i32", "i64"};
static const char *const opname[] = {"sum", "prod", "max", "min", "avg"};

void rt_sign(Sig *s, const Op *op)
{
	const Coll *c = &opcoll[op->kind];
	memset(s, 0, sizeof *s);
	s->kind = op->kind;
	s->dtype = op->dtype;
	s->op = c->op >= 0 ? (int32_t)op->op : -1;
	s->root = c->root >= 0 ? op->peer : -1;
	s->line = op->line;
	s->seq = op->seq;
	s->count = op->count;
	const char *f = op->file ? op->file : "?";
	size_t n = strlen(f);
	if (n >= sizeof s->file)
		f += n - (sizeof s->file - 1);
	memcpy(s->file, f, strlen(f));
}

static void describe(char *buf, size_t n, const Sig *s)
{
	char extra[64] = "";
	if ((unsigned)s->op <= DAGCC_AVG)
		snprintf(extra, sizeof extra, ", %s", opname[s->op]);
	else if (s->root >= 0)
		snprintf(extra, sizeof extra, ", root %d", s->root);
	snprintf(buf, n, "%s(count %llu, %s%s) at %s:%d",
		 (unsigned)s->kind < NOPKIND ? opcoll[s->kind].call : "?",
		 (unsigned long long)s->count,
		 (unsigned)s->dtype <= DAGCC_I64 ? dtname[s->dtype] : "?", extra, s->file, s->line);
}

/* The first rank that disagrees with rank 0 reports both; the others leave the abort to it. */
void rt_agree(const Sig *all, const Op *op)
{
	int size = op->g->size, j = 1;
	const Sig *a = &all[0];
	for (; j < size; j++) {
		const Sig *b = &all[j];
		if (a->kind != b->kind || a->count != b->count || a->dtype != b->dtype ||
		    a->op != b->op || a->root != b->root)
			break;
	}
	if (j == size)
		return;
	if (op->g->rank != j) {
		struct timespec nap = {3, 0};
		nanosleep(&nap, NULL);
		be_abort();
	}
	char x[300], y[300];
	describe(x, sizeof x, a);
	describe(y, sizeof y, &all[j]);
	rt_fail(opcoll[op->kind].call, op->file, op->line,
		"the ranks of group %d disagree on its collective #%u: rank 0 runs %s, rank %d runs %s",
		op->g->id, op->seq, x, j, y);
}

int rt_group_new_id(void)
{
	return ngroups++;
}

double rt_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double timeout = 300;

double rt_timeout_s(void)
{
	return timeout;
}

/* How long a rank waits for the others to reach a setup call: longer than a collective's
 * timeout, so that a rank stuck in a collective reports that first. */
double rt_setup_timeout_s(void)
{
	return 2 * timeout;
}

static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t thread;
	int started;
	const char *what; /* NULL: disarmed */
	const char *file; /* its caller's line, or NULL */
	int line;
	double limit, deadline;
	char stat[64]; /* the watched thread's /proc schedstat, or "" */
	double delay; /* its time waiting for a processor when armed, or -1 */
} watch = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

/* Seconds the thread whose schedstat is at path has waited to run since it started (Linux),
 * or -1. */
static double rundelay(const char *path)
{
	FILE *f = *path ? fopen(path, "r") : NULL;
	unsigned long long run, wait;
	int ok = f && fscanf(f, "%llu %llu", &run, &wait) == 2;
	if (f)
		fclose(f);
	return ok ? (double)wait * 1e-9 : -1;
}

/* The limit counts the time the machine let the watched call run: what it spent waiting for a
 * processor moves the deadline (MPI_Init takes more than 10 s of wall time on a machine with
 * many more runnable processes than cores). */
static void *watchdog(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&watch.mu);
	for (;;) {
		while (!watch.what)
			pthread_cond_wait(&watch.cv, &watch.mu);
		double left = watch.deadline - rt_now(), d;
		if (left <= 0 && watch.delay >= 0 && (d = rundelay(watch.stat)) > watch.delay) {
			watch.deadline += d - watch.delay;
			watch.delay = d;
			left = watch.deadline - rt_now();
		}
		if (left <= 0) {
			char msg[1024];
			int n = watch.file ? snprintf(msg, sizeof msg, "%s:%d: ", watch.file,
						      watch.line) :
					     0;
			n += snprintf(
				msg + n, sizeof msg - (size_t)n,
				"dagcc: error: %s: not finished after %g s (twice DAGCC_TIMEOUT_S, at least 5): a rank that never calls it, or MPI that cannot start or stop; exiting\n",
				watch.what, watch.limit);
			fflush(stdout);
			ssize_t w = write(2, msg, n < (int)sizeof msg ? (size_t)n : sizeof msg - 1);
			(void)w;
			_exit(1);
		}
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		double until = (double)t.tv_sec + (double)t.tv_nsec * 1e-9 + (left < 1 ? left : 1);
		t.tv_sec = (time_t)until;
		t.tv_nsec = (long)((until - (double)t.tv_sec) * 1e9);
		pthread_cond_timedwait(&watch.cv, &watch.mu, &t);
	}
	return NULL;
}

void rt_watch(const char *what)
{
	pthread_mutex_lock(&watch.mu);
	if (!watch.started)
		watch.started = pthread_create(&watch.thread, NULL, watchdog, NULL) == 0;
	/* MPI may take seconds to start on a loaded machine (the time it waits for a processor
	 * does not count, see watchdog) */
	watch.limit = rt_setup_timeout_s() > 5 ? rt_setup_timeout_s() : 5;
	watch.what = what;
	watch.file = setup.file;
	watch.line = setup.line;
#ifdef SYS_gettid
	snprintf(watch.stat, sizeof watch.stat, "/proc/self/task/%ld/schedstat",
		 (long)syscall(SYS_gettid));
#endif
	watch.delay = rundelay(watch.stat);
	watch.deadline = rt_now() + watch.limit;
	pthread_cond_signal(&watch.cv);
	pthread_mutex_unlock(&watch.mu);
}

void rt_unwatch(void)
{
	pthread_mutex_lock(&watch.mu);
	watch.what = NULL;
	pthread_mutex_unlock(&watch.mu);
}

/* DAGCC_TIMEOUT_S: seconds, a positive number (a fraction is fine) up to a billion; anything
 * else is refused rather than taken for the default. */
static void readtimeout(void)
{
	const char *s = getenv("DAGCC_TIMEOUT_S");
	if (!s)
		return;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (!*s || errno || *end || !(v > 0) || !(v <= 1e9))
		rt_fail("dagcc_init", NULL, 0,
			"DAGCC_TIMEOUT_S='%s' is not a number of seconds greater than 0 (at most 1e9)",
			s);
	timeout = v;
}

static void put(char *buf, size_t *n, size_t cap, const char *s)
{
	while (*s && *n < cap)
		buf[(*n)++] = *s++;
}

static void putint(char *buf, size_t *n, size_t cap, long v)
{
	char d[24];
	int k = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		d[k++] = (char)('0' + u % 10);
	while ((u /= 10) && k < 23);
	if (v < 0 && *n < cap)
		buf[(*n)++] = '-';
	while (k && *n < cap)
		buf[(*n)++] = d[--k];
}

/* Async-signal-safe (write(2) only): a line saying op was in flight when the job was
 * terminated. */
void rt_say_inflight(const Op *op)
{
	char msg[512];
	size_t n = 0, cap = sizeof msg - 1;
	if (op->file) {
		put(msg, &n, cap, op->file);
		put(msg, &n, cap, ":");
		putint(msg, &n, cap, op->line);
		put(msg, &n, cap, ": ");
	}
	put(msg, &n, cap, "dagcc: error: ");
	put(msg, &n, cap, opcoll[op->kind].call);
	put(msg, &n, cap, ": in flight on group ");
	putint(msg, &n, cap, op->g->id);
	put(msg, &n, cap, " (rank ");
	putint(msg, &n, cap, op->g->rank);
	put(msg, &n, cap, " of ");
	putint(msg, &n, cap, op->g->size);
	put(msg, &n, cap, ") when the job was terminated: did another rank fail?\n");
	ssize_t w = write(2, msg, n);
	(void)w;
}

/* Futures: a free list, and a list of the live ones (for checked mode's never-waited report). */
static Future *pool;
static Future live = {.next = &live, .prev = &live};
static long nfutures; /* ever allocated: the pool's size */

long dagcc_rt_futures_allocated(void); /* for tests: the pool does not grow in steady state */
long dagcc_rt_futures_allocated(void)
{
	return nfutures;
}

static Future *newfuture(void)
{
	Future *f = pool;
	if (f) {
		pool = f->next;
	} else {
		f = calloc(1, sizeof *f);
		if (!f)
			rt_fail("dagcc", NULL, 0, "out of memory");
		nfutures++;
	}
	unsigned gen = f->gen + 1;
	memset(f, 0, sizeof *f);
	f->gen = gen;
	f->live = 1;
	f->next = live.next;
	f->prev = &live;
	live.next->prev = f;
	live.next = f;
	return f;
}

static void dropfuture(Future *f)
{
	f->live = 0;
	f->prev->next = f->next;
	f->next->prev = f->prev;
	free(f->clock);
	f->clock = NULL;
	f->gen++;
	f->next = pool;
	pool = f;
}

/* Allocations, by address, so that a free can tell which collectives in flight use it. */
typedef struct {
	uintptr_t p;
	size_t bytes;
} Alloc;
static Alloc *allocs;
static int nalloc, capalloc;

static int allocat(uintptr_t p)
{
	int lo = 0, hi = nalloc;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (allocs[mid].p < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void remember(void *p, size_t bytes)
{
	if (nalloc == capalloc) {
		capalloc = capalloc ? 2 * capalloc : 64;
		allocs = realloc(allocs, (size_t)capalloc * sizeof *allocs);
		if (!allocs)
			rt_fail("dagcc", NULL, 0, "out of memory");
	}
	int at = allocat((uintptr_t)p);
	memmove(&allocs[at + 1], &allocs[at], (size_t)(nalloc - at) * sizeof *allocs);
	allocs[at] = (Alloc){(uintptr_t)p, bytes};
	nalloc++;
}

static int inrange(const void *x, uintptr_t lo, uintptr_t hi)
{
	return x && (uintptr_t)x >= lo && (uintptr_t)x < hi;
}

/* Memory dagcc freed is held back from the allocator a while, newest first out of reach (a
 * quarantine, as AddressSanitizer's): a collective, copy, checked compute call or free on it
 * is reported with the call and its line instead of corrupting whatever reused the memory.
 * The oldest go back once there are more than QMAX blocks or QBYTES bytes, so detection is
 * for recent frees. */
enum { QMAX = 256 };
#define QBYTES ((size_t)64 << 20)
typedef struct {
	uintptr_t p;
	size_t bytes;
	const char *what, *file; /* the free, and where it was called (NULL: not known) */
	int line;
	int async; /* dagcc_free_async: mark orders the release after its stream */
	void *mark;
} Freed;
static Freed freed[QMAX]; /* a ring, oldest at qhead */
static int qhead, nfreed;
static size_t qbytes;

static void release(void)
{
	Freed *q = &freed[qhead];
	if (q->async)
		be_free_async((void *)q->p, q->mark);
	else
		be_free((void *)q->p);
	qbytes -= q->bytes;
	qhead = (qhead + 1) % QMAX;
	nfreed--;
}

static void quarantine(void *p, size_t bytes, const char *what, const char *file, int line,
		       int async, dagcc_stream_t s)
{
	Freed q = {(uintptr_t)p, bytes, what, file, line, async, async ? be_free_mark(s) : NULL};
	while (nfreed && (nfreed == QMAX || qbytes + bytes > QBYTES))
		release();
	if (bytes > QBYTES) {
		if (async)
			be_free_async(p, q.mark);
		else
			be_free(p);
		return;
	}
	freed[(qhead + nfreed) % QMAX] = q;
	nfreed++;
	qbytes += bytes;
}

/* The quarantined block x falls in, or NULL. */
static const Freed *freedat(const void *x)
{
	for (int i = 0; i < nfreed; i++) {
		const Freed *q = &freed[(qhead + i) % QMAX];
		if ((uintptr_t)x >= q->p && (uintptr_t)x < q->p + (q->bytes ? q->bytes : 1))
			return q;
	}
	return NULL;
}

/* The live allocation x falls in, or -1. */
static int liveat(const void *x)
{
	int at = allocat((uintptr_t)x);
	if (at < nalloc && allocs[at].p == (uintptr_t)x)
		return at;
	if (at == 0)
		return -1;
	const Alloc *a = &allocs[at - 1];
	return (uintptr_t)x < a->p + (a->bytes ? a->bytes : 1) ? at - 1 : -1;
}

/* what at file:line touches x: not in memory dagcc freed. */
static void notfreed(const char *what, const char *file, int line, const void *x, const char *role)
{
	if (!x || !nfreed || liveat(x) >= 0)
		return;
	const Freed *q = freedat(x);
	if (!q)
		return;
	char at[300] = "";
	if (q->file)
		snprintf(at, sizeof at, " at %s:%d", q->file, q->line);
	rt_fail(what, file, line,
		"%s %p is in memory freed by %s%s (%zu bytes from %p): use after free", role, x,
		q->what, at, q->bytes, (void *)q->p);
}

/* p, given to a free, is the start of a live allocation. */
static size_t allocated(const char *what, const char *file, int line, void *p)
{
	int at = allocat((uintptr_t)p);
	if (at < nalloc && allocs[at].p == (uintptr_t)p)
		return allocs[at].bytes;
	const Freed *q = freedat(p);
	if (q && q->p == (uintptr_t)p) {
		char where[300] = "";
		if (q->file)
			snprintf(where, sizeof where, " at %s:%d", q->file, q->line);
		rt_fail(what, file, line, "%p was freed already, by %s%s: double free", p, q->what,
			where);
	}
	if (liveat(p) >= 0 || q)
		rt_fail(what, file, line,
			"%p points inside an allocation, not to its start: free the pointer dagcc_malloc or dagcc_alloc_async returned",
			p);
	rt_fail(what, file, line, "%p was not allocated by dagcc_malloc or dagcc_alloc_async", p);
}

/* Memory about to be freed may still be a collective's buffer when a wait was left out: the
 * collectives in flight that use it are finished first, so the mistake costs time (and a
 * report in checked mode) rather than memory corruption. */
static void forget(void *p)
{
	int at = allocat((uintptr_t)p);
	if (at == nalloc || allocs[at].p != (uintptr_t)p)
		return;
	uintptr_t lo = allocs[at].p, hi = lo + (allocs[at].bytes ? allocs[at].bytes : 1);
	for (Future *f = live.next; f != &live; f = f->next)
		if (!f->done && (inrange(f->op.send, lo, hi) || inrange(f->op.recv, lo, hi))) {
			be_wait(f, NULL);
			f->done = 1;
		}
	memmove(&allocs[at], &allocs[at + 1], (size_t)(nalloc - at - 1) * sizeof *allocs);
	nalloc--;
}

static void needinit(const char *what, const char *file, int line)
{
	if (!initialized)
		rt_fail(what, file, line, "called before dagcc_init");
	if (rt_finalized)
		rt_fail(what, file, line, "called after dagcc_finalize");
}

static void checkgroup(const char *what, const char *file, int line, dagcc_group *g)
{
	needinit(what, file, line);
	if (!g)
		rt_fail(what, file, line, "null group");
	if (g->dead)
		rt_fail(what, file, line, "group used after dagcc_finalize");
}

/* The checker's id of stream s, which must be one the backend knows. */
static int streamsid(const char *what, const char *file, int line, dagcc_stream_t s)
{
	if (!be_stream_valid(s))
		rt_fail(what, file, line, "%p is not a stream (use dagcc_stream_default())",
			(void *)s);
	return be_stream_sid(s);
}

/* The group between dagcc_coalesce_begin and _end, or dagcc_p2p_begin and _end (p2p), and
 * where it began; in a p2p group, the blocking sends and receives, to wait at its end. */
typedef struct {
	dagcc_future f;
	dagcc_stream_t s;
	const char *file;
	int line;
} Deferred;
static struct {
	dagcc_group *g;
	const char *file;
	int line;
	int p2p;
	Deferred *wait;
	int nwait, capwait;
} coalescing;

static const char *batchname(void)
{
	return coalescing.p2p ? "dagcc_p2p_begin" : "dagcc_coalesce_begin";
}

/* Profile mode. A Prof is one node's measurements, by key; a Meas is one run of one node:
 * two host times (mpi) or two backend marks (cuda), turned into microseconds at finalize,
 * when every mark has completed. A graph's step (DAGCC_PROFILE_STEP_BEGIN to _END) is a Prof
 * too (coll PROF_STEP, col and copy 0); within the first run of a step, each mark (a compute
 * call, a start, a wait) takes the next position: the schedule that ran, for dagcc to rebuild. */
enum { PROF_COMPUTE, PROF_COLL, PROF_STEP };
typedef struct {
	const char *file, *name;
	int line, col, copy, coll;
	int pos, waitpos; /* positions in the first run of the step: the node's, its wait's; -1 */
	int runs; /* a step: the runs measured */
	double *us;
	int nus, capus;
} Prof;
typedef struct {
	int prof;
	int ended;
	double t0, t1;
	void *m0, *m1;
} Meas;
static Prof *profs;
static int nprof, capprof;
static int *profix, capprofix; /* hash: slot -> index + 1 */
static Meas *meas;
static int nmeas, capmeas;
static int opencompute = -1; /* the compute measurement begun and not ended */
static int pendcoll = -1; /* the Prof the next _start measures */
static int openstep = -1; /* the step measurement begun and not ended */
static int stepdepth; /* steps begun and not ended: a step inside a step is not measured */
static int nextpos = -1; /* the next position in the first run of the open step's graph; -1 */
static int profsteps = 100; /* DAGCC_PROFILE_STEPS: the runs of each graph measured */
static int resting; /* the open step is past them: its marks measure nothing */

/* p, marked now: its position (or its wait's), if the open step runs the first time */
static void place(int *pos)
{
	if (nextpos >= 0 && *pos < 0)
		*pos = nextpos++;
}

static void *grow(void *a, int *cap, int want, size_t size)
{
	if (want <= *cap)
		return a;
	int n = *cap ? *cap : 16;
	while (n < want)
		n *= 2;
	a = realloc(a, (size_t)n * size);
	if (!a)
		rt_fail("dagcc", NULL, 0, "out of memory");
	*cap = n;
	return a;
}

static unsigned profhash(const char *file, int line, int col, int copy)
{
	unsigned h = 2166136261u;
	for (const char *p = file; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return ((h ^ (unsigned)line) * 16777619u ^ (unsigned)col) * 16777619u ^ (unsigned)copy;
}

static int profof(const char *file, int line, const char *name, int col, int copy, int coll)
{
	if (!file)
		file = "?";
	if (2 * (nprof + 1) > capprofix) {
		int cap = capprofix ? 2 * capprofix : 64;
		free(profix);
		profix = calloc((size_t)cap, sizeof *profix);
		if (!profix)
			rt_fail("dagcc", NULL, 0, "out of memory");
		capprofix = cap;
		for (int i = 0; i < nprof; i++) {
			const Prof *p = &profs[i];
			unsigned h = profhash(p->file, p->line, p->col, p->copy);
			while (profix[h & (unsigned)(cap - 1)])
				h++;
			profix[h & (unsigned)(cap - 1)] = i + 1;
		}
	}
	unsigned h = profhash(file, line, col, copy), mask = (unsigned)capprofix - 1;
	for (; profix[h & mask]; h++) {
		Prof *p = &profs[profix[h & mask] - 1];
		if (p->line == line && p->col == col && p->copy == copy && p->coll == coll &&
		    !strcmp(p->file, file) && !strcmp(p->name, name))
			return profix[h & mask] - 1;
	}
	profs = grow(profs, &capprof, nprof + 1, sizeof *profs);
	profs[nprof] = (Prof){file, name, line, col, copy, coll, -1, -1, 0, NULL, 0, 0};
	profix[h & mask] = nprof + 1;
	return nprof++;
}

static int newmeas(int prof)
{
	meas = grow(meas, &capmeas, nmeas + 1, sizeof *meas);
	meas[nmeas] = (Meas){.prof = prof};
	return nmeas++;
}

void dagcc_profile_begin_loc(const char *file, int line, const char *name, int col, int copy,
			     dagcc_stream_t s)
{
	if (!dagcc_profiling_ || resting)
		return;
	needinit("DAGCC_PROFILE_BEGIN", file, line);
	int m = newmeas(profof(file, line, name ? name : "?", col, copy, PROF_COMPUTE));
	place(&profs[meas[m].prof].pos);
	meas[m].m0 = be_prof_mark(s);
	meas[m].t0 = rt_now();
	opencompute = m;
}

void dagcc_profile_end_loc(const char *file, int line, dagcc_stream_t s)
{
	if (!dagcc_profiling_ || resting)
		return;
	if (opencompute < 0)
		rt_fail("DAGCC_PROFILE_END", file, line, "no DAGCC_PROFILE_BEGIN before it");
	Meas *m = &meas[opencompute];
	m->t1 = rt_now();
	m->m1 = be_prof_mark(s);
	m->ended = 1;
	opencompute = -1;
}

void dagcc_profile_coll_loc(const char *file, int line, const char *name, int col, int copy)
{
	if (dagcc_profiling_ && !resting)
		pendcoll = profof(file, line, name ? name : "?", col, copy, PROF_COLL);
}

void dagcc_profile_step_begin_loc(const char *file, int line, const char *name, dagcc_stream_t s)
{
	if (!dagcc_profiling_ || stepdepth++)
		return;
	needinit("DAGCC_PROFILE_STEP_BEGIN", file, line);
	int p = profof(file, line, name ? name : "?", 0, 0, PROF_STEP);
	if (profs[p].runs++ >= profsteps) {
		resting = 1;
		return;
	}
	int m = newmeas(p);
	nextpos = profs[p].pos >= 0 ? -1 : 0;
	profs[p].pos = 0; /* it has run */
	meas[m].m0 = be_prof_mark(s);
	meas[m].t0 = rt_now();
	openstep = m;
}

void dagcc_profile_step_end_loc(const char *file, int line, dagcc_stream_t s)
{
	if (!dagcc_profiling_)
		return;
	if (stepdepth <= 0)
		rt_fail("DAGCC_PROFILE_STEP_END", file, line,
			"no DAGCC_PROFILE_STEP_BEGIN before it");
	if (--stepdepth)
		return;
	if (resting) {
		resting = 0;
		return;
	}
	Meas *m = &meas[openstep];
	m->t1 = rt_now();
	m->m1 = be_prof_mark(s);
	m->ended = 1;
	openstep = nextpos = -1;
}

void rt_prof_coll_begin(int m, void *mark, double t)
{
	meas[m].t0 = t;
	meas[m].m0 = mark;
}

void rt_prof_coll_end(int m, void *mark, double t)
{
	meas[m].t1 = t;
	meas[m].m1 = mark;
	meas[m].ended = 1;
}

static long hostsyncs, hostsyncslive;

void rt_host_sync(void)
{
	hostsyncs++;
	hostsyncslive += live.next != &live;
}

static void putjs(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	fputc('"', f);
}

/* FILE.rankR: every node measured, its runs' microseconds in run order. */
static void writeprofile(const char *path)
{
	int steps = 0;
	for (int i = 0; i < nmeas; i++) {
		Meas *m = &meas[i];
		if (!m->ended)
			continue;
		double us = m->m0 ? be_prof_us(m->m0, m->m1) : (m->t1 - m->t0) * 1e6;
		Prof *p = &profs[m->prof];
		p->us = grow(p->us, &p->capus, p->nus + 1, sizeof *p->us);
		p->us[p->nus++] = us;
		if (p->nus > steps)
			steps = p->nus;
	}
	dagcc_group *w = be_world();
	char name[4096];
	snprintf(name, sizeof name, "%s.rank%d", path, w->rank);
	FILE *f = fopen(name, "w");
	if (!f)
		rt_fail("dagcc_finalize", NULL, 0, "cannot write the profile %s", name);
	fprintf(f,
		"{\"version\": 1, \"rank\": %d, \"ranks\": %d, \"steps\": %d, \"host_syncs\": %ld, "
		"\"host_syncs_in_flight\": %ld, \"nodes\": [",
		w->rank, w->size, steps, hostsyncs, hostsyncslive);
	for (int graphs = 0; graphs < 2; graphs++) {
		if (graphs)
			fputs("\n], \"graphs\": [", f);
		int first = 1;
		for (int i = 0; i < nprof; i++) {
			const Prof *p = &profs[i];
			if ((p->coll == PROF_STEP) != graphs)
				continue;
			fprintf(f, "%s\n  {\"file\": ", first ? "" : ",");
			first = 0;
			putjs(f, p->file);
			fprintf(f, ", \"line\": %d, ", p->line);
			if (!graphs)
				fprintf(f, "\"col\": %d, \"copy\": %d, ", p->col, p->copy);
			fputs("\"name\": ", f);
			putjs(f, p->name);
			if (!graphs)
				fprintf(f, ", \"kind\": \"%s\"",
					p->coll == PROF_COLL ? "collective" : "compute");
			if (!graphs && p->pos >= 0)
				fprintf(f, ", \"pos\": %d", p->pos);
			if (!graphs && p->waitpos >= 0)
				fprintf(f, ", \"wait_pos\": %d", p->waitpos);
			fputs(", \"us\": [", f);
			for (int k = 0; k < p->nus; k++)
				fprintf(f, "%s%.3f", k ? ", " : "", p->us[k]);
			fputs("]}", f);
		}
	}
	fputs("\n]}\n", f);
	if (fclose(f) != 0)
		rt_fail("dagcc_finalize", NULL, 0, "cannot write the profile %s", name);
	for (int i = 0; i < nprof; i++)
		free(profs[i].us);
	free(profs);
	free(profix);
	free(meas);
	profs = NULL;
	profix = NULL;
	meas = NULL;
	nprof = capprof = capprofix = nmeas = capmeas = 0;
}

static void readprofsteps(void)
{
	const char *s = getenv("DAGCC_PROFILE_STEPS");
	if (!s)
		return;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || errno || *end || v < 1 || v > 1000000000)
		rt_fail("dagcc_init", NULL, 0,
			"DAGCC_PROFILE_STEPS='%s' is not a number of steps from 1 to 1e9", s);
	profsteps = (int)v;
}

/* Checked mode: the groups, in creation order (the same on every rank for the groups it
 * shares with another: splits are collective), and the count of a send or receive. */
static dagcc_group **made;
static int nmade, capmade;

static void madegroup(dagcc_group *g)
{
	made = grow(made, &capmade, nmade + 1, sizeof *made);
	made[nmade++] = g;
}

static void countp2p(const Op *op)
{
	dagcc_group *g = op->g;
	if (!g->p2p && !(g->p2p = calloc((size_t)g->size, sizeof *g->p2p)))
		rt_fail(opcoll[op->kind].call, op->file, op->line, "out of memory");
	P2pCount *c = &g->p2p[op->peer][op->kind == OP_RECV];
	c->n++;
	c->file = op->file;
	c->line = op->line;
}

/* Checked mode, at dagcc_finalize: on each group, the sends every rank started to each peer
 * and the receives the peer started from it are as many; a send no rank receives (which MPI
 * completes all the same) or a receive no rank sends to is reported by the rank that started
 * it, naming the last one's line. */
static void matchp2p(void)
{
	for (int i = 0; i < nmade; i++) {
		dagcc_group *g = made[i];
		size_t row = 2 * (size_t)g->size;
		uint64_t *all = calloc(row * ((size_t)g->size + 1), sizeof *all);
		if (!all)
			rt_fail("dagcc_finalize", NULL, 0, "out of memory");
		uint64_t *mine = all + row * (size_t)g->size;
		for (int p = 0; g->p2p && p < g->size; p++)
			for (int k = 0; k < 2; k++)
				mine[2 * p + k] = g->p2p[p][k].n;
		if (g->size > 1 && be_finalize_gather(g, mine, all, row * sizeof *all))
			for (int p = 0; p < g->size; p++)
				for (int k = 0; k < 2; k++) {
					/* p's receives from this rank for its sends, and so on */
					uint64_t theirs =
						all[row * (size_t)p + 2 * (size_t)g->rank + !k];
					if (mine[2 * p + k] > theirs)
						chk_unmatched(g, p, k ? OP_RECV : OP_SEND,
							      &g->p2p[p][k], theirs);
				}
		free(all);
		free(g->p2p);
		g->p2p = NULL;
	}
	free(made);
	made = NULL;
	nmade = capmade = 0;
}

int dagcc_init_loc(const char *file, int line, int *argc, char ***argv)
{
	if (initialized)
		return 0;
	setup.file = file;
	setup.line = line;
	readtimeout();
	const char *c = getenv("DAGCC_CHECK");
	dagcc_checking_ = c && *c && strcmp(c, "0") != 0;
	if (dagcc_checking_)
		chk_init();
	const char *prof = getenv("DAGCC_PROFILE");
	dagcc_profiling_ = prof && *prof;
	readprofsteps();
	rt_watch("dagcc_init");
	be_init(argc, argv);
	rt_unwatch();
	if (dagcc_checking_) {
		chk_group(be_world());
		madegroup(be_world());
	}
	initialized = 1;
	setup.file = NULL;
	return 0;
}

#undef dagcc_init
int dagcc_init(int *argc, char ***argv)
{
	return dagcc_init_loc(NULL, 0, argc, argv);
}

void dagcc_finalize_loc(const char *file, int line)
{
	if (!initialized || rt_finalized)
		return;
	setup.file = file;
	setup.line = line;
	if (coalescing.g)
		rt_fail(batchname(), coalescing.file, coalescing.line,
			"no dagcc_%s_end before dagcc_finalize",
			coalescing.p2p ? "p2p" : "coalesce");
	free(coalescing.wait);
	coalescing.wait = NULL;
	coalescing.capwait = 0;
	int bad = 0;
	if (dagcc_checking_)
		for (Future *f = live.next; f != &live; f = f->next)
			chk_unwaited(f, "dagcc_finalize");
	/* finish what was never waited, so nothing is in flight when the groups go */
	for (Future *f = live.next; f != &live; f = f->next)
		if (!f->done) {
			be_wait(f, NULL);
			f->done = 1;
		}
	while (live.next != &live)
		dropfuture(live.next);
	while (nfreed)
		release();
	free(allocs);
	allocs = NULL;
	nalloc = capalloc = 0;
	if (dagcc_checking_) {
		matchp2p();
		bad = chk_finish();
	}
	if (dagcc_profiling_)
		writeprofile(getenv("DAGCC_PROFILE"));
	be_finalize();
	rt_finalized = 1;
	setup.file = NULL;
	if (bad) {
		fflush(stdout);
		exit(1);
	}
}

#undef dagcc_finalize
void dagcc_finalize(void)
{
	dagcc_finalize_loc(NULL, 0);
}

dagcc_group *dagcc_world(void)
{
	needinit("dagcc_world", NULL, 0);
	return be_world();
}

dagcc_group *dagcc_group_split_loc(const char *file, int line, dagcc_group *g, int color, int key)
{
	checkgroup("dagcc_group_split", file, line, g);
	if (color < 0)
		rt_fail("dagcc_group_split", file, line, "negative color %d", color);
	setup.file = file;
	setup.line = line;
	dagcc_group *h = be_split(g, color, key);
	setup.file = NULL;
	if (dagcc_checking_) {
		chk_group(h);
		madegroup(h);
	}
	return h;
}

#undef dagcc_group_split
dagcc_group *dagcc_group_split(dagcc_group *g, int color, int key)
{
	return dagcc_group_split_loc(NULL, 0, g, color, key);
}

int dagcc_group_rank(dagcc_group *g)
{
	checkgroup("dagcc_group_rank", NULL, 0, g);
	return g->rank;
}

int dagcc_group_size(dagcc_group *g)
{
	checkgroup("dagcc_group_size", NULL, 0, g);
	return g->size;
}

void dagcc_expect_group_size_loc(const char *file, int line, dagcc_group *g, int size)
{
	checkgroup("dagcc_expect_group_size", file, line, g);
	if (g->size != size)
		rt_fail("dagcc_expect_group_size", file, line,
			"dagcc built this graph for a group of %d ranks (--group-size), but it has %d: run it with that many, or compile with --group-size for this run",
			size, g->size);
}

void dagcc_rank_unknown_loc(const char *file, int line, const char *graph, int rank, int nranks)
{
	rt_fail("dagcc_rank_unknown", file, line,
		"graph %s was compiled for ranks 0 to %d of its group (--rank, --group-size), not for rank %d: run it with that many ranks, or compile it for this run's",
		graph, nranks - 1, rank);
}

void dagcc_expect_rank_loc(const char *file, int line, dagcc_group *g, int value, const char *name)
{
	checkgroup("dagcc_expect_rank", file, line, g);
	if (g->rank != value)
		rt_fail("dagcc_expect_rank", file, line,
			"dagcc compiled this graph with '%s' as the rank in its group (--rank), but '%s' is %d on rank %d",
			name, name, value, g->rank);
}

dagcc_stream_t dagcc_stream_default(void)
{
	needinit("dagcc_stream_default", NULL, 0);
	return be_stream_default();
}

void dagcc_stream_sync(dagcc_stream_t s)
{
	needinit("dagcc_stream_sync", NULL, 0);
	be_stream_sync(s);
	if (dagcc_checking_) {
		int sid = streamsid("dagcc_stream_sync", NULL, 0, s);
		for (Future *f = live.next; f != &live; f = f->next)
			if (f->from == sid)
				chk_unwaited(f, "dagcc_stream_sync");
		chk_wait_stream(CHK_HOST, sid);
	}
}

void *dagcc_malloc(size_t bytes)
{
	needinit("dagcc_malloc", NULL, 0);
	void *p = be_malloc(bytes);
	remember(p, bytes);
	if (dagcc_checking_)
		chk_alloc(p, bytes);
	return p;
}

void dagcc_free_loc(const char *file, int line, void *p)
{
	needinit("dagcc_free", file, line);
	if (!p)
		return;
	size_t bytes = allocated("dagcc_free", file, line, p);
	forget(p);
	if (dagcc_checking_)
		chk_free(p);
	quarantine(p, bytes, "dagcc_free", file, line, 0, NULL);
}

#undef dagcc_free
void dagcc_free(void *p)
{
	dagcc_free_loc(NULL, 0, p);
}

static int overlaps(const void *p, size_t n, const void *q, size_t m)
{
	return p && q && n && m && (uintptr_t)p < (uintptr_t)q + m &&
	       (uintptr_t)q < (uintptr_t)p + n;
}

/* A synchronous copy has cudaMemcpy's order: it comes after the collectives started on the
 * memory (the host finishes those that write what it reads or touch what it writes, as a free
 * does; each is still to be waited) and, in be_copy, after the work issued so far on the
 * default stream; what is issued after it comes after it, for the host waits. */
static void copy(const char *what, void *dst, const void *src, size_t bytes, int todevice)
{
	needinit(what, NULL, 0);
	if (bytes && (!dst || !src))
		rt_fail(what, NULL, 0, "null %s", dst ? "source" : "destination");
	if (bytes) {
		notfreed(what, NULL, 0, src, "source");
		notfreed(what, NULL, 0, dst, "destination");
	}
	if (coalescing.g)
		rt_fail(what, NULL, 0,
			"inside dagcc_coalesce_begin (%s:%d) and _end: nothing has been issued yet",
			coalescing.file ? coalescing.file : "?", coalescing.line);
	for (Future *f = live.next; bytes && f != &live; f = f->next) {
		const Op *op = &f->op;
		if (!overlaps(op->recv, op->recvbytes, src, bytes) &&
		    !overlaps(op->recv, op->recvbytes, dst, bytes) &&
		    !overlaps(op->send, op->sendbytes, dst, bytes))
			continue;
		if (!f->done) {
			be_wait(f, NULL);
			f->done = 1;
		}
		if (dagcc_checking_)
			chk_join(CHK_HOST, f->clock);
	}
	be_copy(dst, src, bytes, todevice);
	if (dagcc_checking_) {
		chk_wait_stream(CHK_HOST, be_stream_sid(be_stream_default()));
		chk_begin(CHK_HOST, what, NULL, 0);
		chk_access(CHK_HOST, src, bytes, DAGCC_READ, NULL, CHK_EXACT);
		chk_access(CHK_HOST, dst, bytes, DAGCC_WRITE, NULL, CHK_EXACT);
	}
}

void dagcc_copy_to_device(void *dst, const void *src, size_t bytes)
{
	copy("dagcc_copy_to_device", dst, src, bytes, 1);
}

void dagcc_copy_to_host(void *dst, const void *src, size_t bytes)
{
	copy("dagcc_copy_to_host", dst, src, bytes, 0);
}

void *dagcc_alloc_async_loc(const char *file, int line, size_t bytes, dagcc_stream_t s)
{
	needinit("dagcc_alloc_async", file, line);
	void *p = be_alloc_async(bytes, s);
	remember(p, bytes);
	if (dagcc_checking_) {
		int sid = streamsid("dagcc_alloc_async", file, line, s);
		chk_alloc(p, bytes);
		chk_begin(sid, "dagcc_alloc_async", file, line);
		chk_access(sid, p, bytes, DAGCC_WRITE, NULL, CHK_WHOLE);
	}
	return p;
}

void dagcc_free_async_loc(const char *file, int line, void *p, dagcc_stream_t s)
{
	needinit("dagcc_free_async", file, line);
	if (!p)
		return;
	size_t bytes = allocated("dagcc_free_async", file, line, p);
	if (dagcc_checking_) {
		int sid = streamsid("dagcc_free_async", file, line, s);
		chk_begin(sid, "dagcc_free_async", file, line);
		chk_access(sid, p, 0, DAGCC_WRITE, NULL, CHK_WHOLE);
		chk_free(p);
	}
	forget(p);
	quarantine(p, bytes, "dagcc_free_async", file, line, 1, s);
}

void dagcc_copy_async_loc(const char *file, int line, void *dst, const void *src, size_t bytes,
			  dagcc_stream_t s)
{
	needinit("dagcc_copy_async", file, line);
	if (bytes && (!dst || !src))
		rt_fail("dagcc_copy_async", file, line, "null %s", dst ? "source" : "destination");
	if (bytes && dst != src && (const char *)dst < (const char *)src + bytes &&
	    (const char *)src < (const char *)dst + bytes)
		rt_fail("dagcc_copy_async", file, line, "source and destination overlap");
	if (bytes) {
		notfreed("dagcc_copy_async", file, line, src, "source");
		notfreed("dagcc_copy_async", file, line, dst, "destination");
	}
	if (dagcc_checking_) {
		int sid = streamsid("dagcc_copy_async", file, line, s);
		chk_begin(sid, "dagcc_copy_async", file, line);
		chk_access(sid, src, bytes, DAGCC_READ, NULL, CHK_EXACT);
		chk_access(sid, dst, bytes, DAGCC_WRITE, NULL, CHK_EXACT);
	}
	if (bytes && dst != src)
		be_copy_async(dst, src, bytes, s);
}

void dagcc_check_compute_loc(const char *file, int line, const char *name, dagcc_stream_t s,
			     const dagcc_access *acc, int nacc)
{
	if (!dagcc_checking_)
		return;
	needinit(name, file, line);
	for (int i = 0; i < nacc; i++)
		if (acc[i].mode)
			notfreed(name, file, line, acc[i].ptr, "buffer");
	int sid = streamsid(name, file, line, s);
	chk_begin(sid, name, file, line);
	for (int i = 0; i < nacc; i++)
		chk_access(sid, acc[i].ptr, acc[i].bytes, acc[i].mode, acc[i].root,
			   acc[i].bytes ? CHK_EXACT : CHK_UNDECLARED);
}

/* DAGCC_RUN: the accesses of the compute call at site, with their pointers as it evaluated them */
void dagcc_check_site_loc(const char *file, int line, const dagcc_site *site, dagcc_stream_t s,
			  const void *const *ptr)
{
	if (!dagcc_checking_ || !site->nacc)
		return;
	dagcc_access few[16],
		*acc = site->nacc <= 16 ? few : malloc((size_t)site->nacc * sizeof *acc);
	if (!acc)
		rt_fail(site->name, file, line, "out of memory");
	int nacc = 0;
	for (int i = 0; i < site->nacc; i++) /* mode 0: the argument there is no access */
		if (site->acc[i].mode)
			acc[nacc++] = (dagcc_access){ptr[i], site->acc[i].bytes, site->acc[i].mode,
						     site->acc[i].root};
	if (nacc)
		dagcc_check_compute_loc(file, line, site->name, s, acc, nacc);
	if (acc != few)
		free(acc);
}

/* The group name the next _start gives its group (checked mode; DAGCC_START) */
static const char *pendgroup;

void dagcc_start_site_loc(const char *file, int line, const dagcc_site *site)
{
	if (site->line)
		line = site->line;
	dagcc_profile_coll_loc(file, line, site->name, site->col, site->copy);
	if (dagcc_checking_)
		pendgroup = site->group;
}

void dagcc_check_name_group_loc(const char *file, int line, dagcc_group *g, const char *name)
{
	if (!dagcc_checking_)
		return;
	checkgroup("dagcc_check_name_group", file, line, g);
	if (!name)
		rt_fail("dagcc_check_name_group", file, line, "null name");
	chk_name_group(g, name);
}

void dagcc_coalesce_begin_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s)
{
	checkgroup("dagcc_coalesce_begin", file, line, g);
	if (coalescing.g)
		rt_fail("dagcc_coalesce_begin", file, line,
			coalescing.p2p ? "already in the p2p group begun at %s:%d" :
					 "already coalescing, since %s:%d",
			coalescing.file ? coalescing.file : "?", coalescing.line);
	coalescing.p2p = 0;
	coalescing.g = g;
	coalescing.file = file;
	coalescing.line = line;
	be_coalesce_begin(g, s);
	if (dagcc_checking_)
		chk_coalesce(g->sid[STREAM_COLL], 1);
}

void dagcc_coalesce_end_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s)
{
	checkgroup("dagcc_coalesce_end", file, line, g);
	if (coalescing.g != g || coalescing.p2p)
		rt_fail("dagcc_coalesce_end", file, line, "no dagcc_coalesce_begin on this group");
	be_coalesce_end(g, s);
	coalescing.g = NULL;
	if (dagcc_checking_)
		chk_coalesce(g->sid[STREAM_COLL], 0);
}

void dagcc_p2p_begin_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s)
{
	checkgroup("dagcc_p2p_begin", file, line, g);
	int sid = dagcc_checking_ ? streamsid("dagcc_p2p_begin", file, line, s) : 0;
	if (coalescing.g)
		rt_fail("dagcc_p2p_begin", file, line,
			"already in %s, since %s:%d (they do not nest)", batchname(),
			coalescing.file ? coalescing.file : "?", coalescing.line);
	coalescing.g = g;
	coalescing.file = file;
	coalescing.line = line;
	coalescing.p2p = 1;
	coalescing.nwait = 0;
	be_p2p_begin(g, s);
	if (dagcc_checking_) { /* it runs after what its streams ran before, and after s */
		int snd = g->sid[STREAM_SEND], rcv = g->sid[STREAM_RECV];
		chk_wait_stream(snd, sid);
		chk_wait_stream(rcv, sid);
		chk_wait_stream(snd, rcv);
		chk_wait_stream(rcv, snd);
		chk_coalesce(snd, 1);
		chk_coalesce(rcv, 1);
	}
}

void dagcc_p2p_end_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s)
{
	checkgroup("dagcc_p2p_end", file, line, g);
	if (coalescing.g != g || !coalescing.p2p)
		rt_fail("dagcc_p2p_end", file, line, "no dagcc_p2p_begin on this group");
	be_p2p_end(g, s);
	coalescing.g = NULL;
	coalescing.p2p = 0;
	if (dagcc_checking_) {
		chk_coalesce(g->sid[STREAM_SEND], 0);
		chk_coalesce(g->sid[STREAM_RECV], 0);
	}
	/* the blocking sends and receives inside complete now, in the order they were called */
	for (int i = 0; i < coalescing.nwait; i++) {
		Deferred *d = &coalescing.wait[i];
		dagcc_future_wait_loc(d->file, d->line, &d->f, d->s);
	}
	coalescing.nwait = 0;
}

/* A blocking collective: waited at once, or, a send or a receive inside a p2p group (start
 * refuses the other kinds there), at the group's end. */
static void blocking(dagcc_future f, const char *file, int line, dagcc_stream_t s)
{
	if (!coalescing.p2p) {
		dagcc_future_wait_loc(file, line, &f, s);
		return;
	}
	if (coalescing.nwait == coalescing.capwait) {
		coalescing.capwait = coalescing.capwait ? 2 * coalescing.capwait : 16;
		coalescing.wait =
			realloc(coalescing.wait, (size_t)coalescing.capwait * sizeof(Deferred));
		if (!coalescing.wait)
			rt_fail("dagcc_p2p_begin", file, line, "out of memory");
	}
	coalescing.wait[coalescing.nwait++] = (Deferred){f, s, file, line};
}

/* Starts op on its group's stream after everything issued on s. */
static dagcc_future start(Op *op, dagcc_stream_t s)
{
	const Coll *c = &opcoll[op->kind];
	const char *what = c->call;
	checkgroup(what, op->file, op->line, op->g);
	if (pendgroup && dagcc_checking_) /* as DAGCC_CHECKED_GROUP before it */
		dagcc_check_name_group_loc(op->file, op->line, op->g, pendgroup);
	pendgroup = NULL;
	if (coalescing.g && coalescing.g != op->g)
		rt_fail(what, op->file, op->line, "on another group than the one of %s at %s:%d",
			batchname(), coalescing.file ? coalescing.file : "?", coalescing.line);
	if (coalescing.p2p && c->p2p != P2P_MEMBER)
		rt_fail(what, op->file, op->line,
			"inside the p2p group begun at %s:%d, which holds only sends and receives",
			coalescing.file ? coalescing.file : "?", coalescing.line);
	if (coalescing.g && !coalescing.p2p && !c->coalesces)
		rt_fail(what, op->file, op->line, "cannot be coalesced");
	dagcc_group *g = op->g;
	if ((unsigned)op->dtype > DAGCC_I64)
		rt_fail(what, op->file, op->line, "unknown dtype %d", (int)op->dtype);
	if (c->op >= 0 && (unsigned)op->op > DAGCC_AVG)
		rt_fail(what, op->file, op->line, "unknown reduction op %d", (int)op->op);
	if ((c->root >= 0 || c->peer >= 0) && (op->peer < 0 || op->peer >= g->size))
		rt_fail(what, op->file, op->line, "%s %d out of range for a group of %d ranks",
			c->root >= 0 ? "root" : "peer", op->peer, g->size);
	if (c->peer >= 0 && op->peer == g->rank)
		rt_fail(what, op->file, op->line, "peer %d is this rank", op->peer);
	/* bytes each side: the gathered or scattered side is size times the count */
	size_t unit = rt_dtsize(op->dtype), n, all;
	if (__builtin_mul_overflow(op->count, unit, &n) ||
	    __builtin_mul_overflow(n, (size_t)g->size, &all))
		rt_fail(what, op->file, op->line, "count %zu is too large", op->count);
	size_t side[] = {[SIDE_NONE] = 0, [SIDE_ONE] = n, [SIDE_ALL] = all};
	op->sendbytes = side[c->sendside];
	op->recvbytes = side[c->recvside];
	if (n &&
	    ((c->sendside != SIDE_NONE && !op->send) || (c->recvside != SIDE_NONE && !op->recv)))
		rt_fail(what, op->file, op->line, "null buffer");
	if (n) {
		notfreed(what, op->file, op->line, op->send, "buffer");
		if (op->recv != op->send)
			notfreed(what, op->file, op->line, op->recv, "buffer");
	}
	if (dagcc_checking_ && g->world)
		for (Future *o = live.next; o != &live; o = o->next) {
			dagcc_group *h = o->op.g;
			if (h == g || !h->world || h->dead)
				continue;
			int shared = 0;
			for (int i = 0; i < g->size; i++)
				for (int j = 0; j < h->size; j++)
					shared += g->world[i] == h->world[j];
			if (shared > 1)
				chk_conflict(op, &o->op, shared);
		}
	if (c->p2p != P2P_MEMBER)
		op->seq = ++g->ncoll;
	else if (dagcc_checking_)
		countp2p(op);
	Future *f = newfuture();
	f->op = *op;
	f->from = dagcc_checking_ ? streamsid(what, op->file, op->line, s) : 0;
	if (pendcoll >= 0) {
		f->prof = newmeas(pendcoll) + 1;
		f->profnode = pendcoll + 1;
		place(&profs[pendcoll].pos);
		pendcoll = -1;
	}
	if (dagcc_checking_) {
		int gs = g->sid[c->runs];
		chk_wait_stream(gs, f->from);
		chk_begin(gs, what, op->file, op->line);
		if (op->send == op->recv && op->send) {
			chk_access(gs, op->send, op->sendbytes, DAGCC_READWRITE, NULL, CHK_EXACT);
		} else {
			chk_access(gs, op->send, op->sendbytes, DAGCC_READ, NULL, CHK_EXACT);
			chk_access(gs, op->recv, op->recvbytes, DAGCC_WRITE, NULL, CHK_EXACT);
		}
		f->clock = chk_snapshot(gs);
	}
	be_start(f, s);
	return (dagcc_future){f, f->gen};
}

void dagcc_future_wait_loc(const char *file, int line, dagcc_future *fp, dagcc_stream_t s)
{
	needinit("dagcc_future_wait", file, line);
	if (coalescing.g)
		rt_fail("dagcc_future_wait", file, line,
			"inside %s (%s:%d) and _end: nothing has been issued yet", batchname(),
			coalescing.file ? coalescing.file : "?", coalescing.line);
	if (!fp)
		rt_fail("dagcc_future_wait", file, line, "null future");
	if (!fp->impl)
		rt_fail("dagcc_future_wait", file, line,
			"future never started (no _start call returned it)");
	Future *f = fp->impl;
	if (!f->live || f->gen != fp->gen)
		rt_fail("dagcc_future_wait", file, line, "future waited twice");
	if (f->profnode)
		place(&profs[f->profnode - 1].waitpos);
	if (!f->done)
		be_wait(f, s);
	if (dagcc_checking_)
		chk_join(streamsid("dagcc_future_wait", file, line, s), f->clock);
	dropfuture(f); /* fp keeps impl: its generation is stale now, so a second wait is caught */
}

/* Each kind's _start_loc and blocking _loc, from its row (include/dagcc_collectives.h): the
 * arguments go into an Op by their roles. */
#define FIELD_IN(name) .send = name,
#define FIELD_OUT(name) .recv = name,
#define FIELD_INOUT(name) .send = name, .recv = name,
#define FIELD_COUNT(name) .count = name,
#define FIELD_DTYPE(name) .dtype = name,
#define FIELD_OP(name) .op = name,
#define FIELD_ROOT(name) .peer = name,
#define FIELD_PEER(name) .peer = name,
#define FIELD_SIG FIELD_A
#define FIELD_A(role, name) FIELD_##role(name) FIELD_B
#define FIELD_B(role, name) FIELD_##role(name) FIELD_A
#define FIELD_A_END
#define FIELD_B_END
#define ARG_SIG ARG_A
#define ARG_A(role, name) , name ARG_B
#define ARG_B(role, name) , name ARG_A
#define ARG_A_END
#define ARG_B_END

#define WRAPPERS(K, name, sig, ...)                                                                \
	dagcc_future dagcc_##name##_start_loc(const char *file, int line,                          \
					      dagcc_group *g DAGCC_EACH_(DAGCC_PARAM_##sig),       \
					      dagcc_stream_t s)                                    \
	{                                                                                          \
		Op o = {.kind = OP_##K,                                                            \
			.file = file,                                                              \
			.line = line,                                                              \
			.g = g,                                                                    \
			DAGCC_EACH_(FIELD_##sig)};                                                 \
		return start(&o, s);                                                               \
	}                                                                                          \
	void dagcc_##name##_loc(const char *file, int line,                                        \
				dagcc_group *g DAGCC_EACH_(DAGCC_PARAM_##sig), dagcc_stream_t s)   \
	{                                                                                          \
		blocking(dagcc_##name##_start_loc(file, line, g DAGCC_EACH_(ARG_##sig), s), file,  \
			 line, s);                                                                 \
	}
DAGCC_COLLECTIVES(WRAPPERS)
