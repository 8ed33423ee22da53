/* check.c - checked mode: a happens-before race checker over streams and futures.
 *
 * Each stream (the host, every compute stream, each group's three streams) has a vector clock.
 * An operation on a stream ticks its own entry; its memory accesses are recorded with that
 * epoch. A stream that waits for another (a collective's start), for a future (a wait) or that
 * the host synchronizes with takes the element-wise maximum of the clocks. An access conflicts
 * with an earlier one when both touch the same bytes and one writes; it is a race when the
 * earlier one ran on another stream and the current stream's clock has not seen its epoch.
 *
 * One stream runs its operations in order, except the members of a coalesced batch, which run
 * as one NCCL launch in no defined order among themselves.
 *
 * Memory is tracked per allocation (dagcc_malloc, dagcc_alloc_async); a NULL pointer is none.
 * An access touches its range surely, or, for a compute call whose extent is not declared
 * (CHK_UNDECLARED), its first byte surely and the rest of its allocation possibly (CHK_WHOLE:
 * all of that surely). A conflict in what both touch surely is an error; one only in what
 * either touches possibly is a note (once per pair of source lines, never in the exit status)
 * asking for the extent. Each allocation keeps the accesses no later ordered access has
 * covered; covering needs the sure range to include the earlier sure range, and the possible
 * the possible, so no error hides behind a note. Accesses that name their buffer (root) also
 * check the program's promise that different buffers never overlap, on their sure ranges. The
 * host issues all work: an operation on any stream comes after what the host did before
 * issuing it. Reports go to stderr, each pair of source lines once per kind, errors and notes
 * each up to a limit of their own; dagcc_finalize then exits non-zero if there was an error.
 * Groups are named by the names the program gave them (DAGCC_CHECKED_GROUP), else by number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

enum { MAXSTREAM = 128, MAXREPORT = 50, MAXNOTE = 20 };

enum { R_RACE, R_OVERLAP, R_CONFLICT, R_NOTE }; /* report kinds: all but R_NOTE are errors */

typedef struct {
	const char *name, *file;
	int line;
} Who;

typedef struct {
	uintptr_t lo, def, hi; /* touched: [lo, def) surely, [def, hi) possibly */
	int mode, sid;
	uint32_t epoch;
	Who who;
} Rec;

typedef struct {
	uintptr_t lo, hi;
	Rec *rec;
	int nrec, caprec;
} Block;

typedef struct {
	char *name;
	uintptr_t lo, hi;
	Who who;
} Root;

typedef struct {
	const char *f1, *f2; /* NULL f1: an empty slot */
	int l1, l2, kind;
} Pair;

static struct {
	int nstream;
	char *streamname[MAXSTREAM];
	int sgroup[MAXSTREAM], srole[MAXSTREAM]; /* a group's stream: 1 + its id, and which */
	uint32_t (*clock)[MAXSTREAM]; /* clock[s][t]: what stream s has seen of stream t */
	uint32_t batch[MAXSTREAM]; /* the first epoch of the coalesced batch running, or 0 */
	Who cur[MAXSTREAM]; /* the operation each stream is running */
	Block *block; /* sorted by lo */
	int nblock, capblock;
	Block loose; /* memory dagcc did not allocate */
	Root *root;
	int nroot, caproot;
	char **gname; /* by group id; NULL: not named */
	int ngname;
	int nreport; /* errors, each time found */
	int nshown[2], nhidden[2]; /* pairs printed and not, [0] errors, [1] notes */
	Pair *seen; /* a hash set of the pairs reported */
	int nseen, capseen;
} C;

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "dagcc: checker out of memory\n");
		abort();
	}
	return p;
}

void chk_init(void)
{
	C.clock = xrealloc(NULL, sizeof(*C.clock) * MAXSTREAM);
	memset(C.clock, 0, sizeof(*C.clock) * MAXSTREAM);
	C.loose.lo = 0;
	C.loose.hi = UINTPTR_MAX;
	chk_stream("host");
}

int chk_stream(const char *name)
{
	if (!C.clock)
		return 0;
	if (C.nstream == MAXSTREAM) {
		fprintf(stderr, "dagcc: checked mode: more than %d streams; the rest share one\n",
			MAXSTREAM);
		return MAXSTREAM - 1;
	}
	C.streamname[C.nstream] = strdup(name);
	return C.nstream++;
}

/* The host issues all work, so an operation comes after everything the host did before issuing
 * it (a synchronous copy, host code). */
void chk_begin(int sid, const char *name, const char *file, int line)
{
	if (sid != CHK_HOST)
		chk_join(sid, C.clock[CHK_HOST]);
	C.clock[sid][sid]++;
	C.cur[sid] = (Who){name, file, line};
}

void chk_join(int sid, const uint32_t *clock)
{
	if (!clock)
		return;
	for (int t = 0; t < C.nstream; t++)
		if (clock[t] > C.clock[sid][t])
			C.clock[sid][t] = clock[t];
}

void chk_wait_stream(int sid, int other)
{
	if (sid != other)
		chk_join(sid, C.clock[other]);
}

uint32_t *chk_snapshot(int sid)
{
	uint32_t *c = xrealloc(NULL, sizeof(uint32_t) * MAXSTREAM);
	memcpy(c, C.clock[sid], sizeof(uint32_t) * MAXSTREAM);
	return c;
}

void chk_group(const dagcc_group *g)
{
	for (int i = 0; i < NSTREAM; i++) {
		C.sgroup[g->sid[i]] = g->id + 1;
		C.srole[g->sid[i]] = i;
	}
}

void chk_name_group(const dagcc_group *g, const char *name)
{
	if (g->id >= C.ngname) {
		int n = g->id + 16;
		C.gname = xrealloc(C.gname, (size_t)n * sizeof *C.gname);
		memset(C.gname + C.ngname, 0, (size_t)(n - C.ngname) * sizeof *C.gname);
		C.ngname = n;
	}
	if (!C.gname[g->id])
		C.gname[g->id] = strdup(name);
}

void chk_coalesce(int sid, int on)
{
	C.batch[sid] = on ? C.clock[sid][sid] + 1 : 0;
}

static int findblock(uintptr_t p)
{
	int lo = 0, hi = C.nblock - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (p < C.block[mid].lo)
			hi = mid - 1;
		else if (p >= C.block[mid].hi)
			lo = mid + 1;
		else
			return mid;
	}
	return -1;
}

void chk_alloc(const void *p, size_t bytes)
{
	uintptr_t lo = (uintptr_t)p;
	if (!p)
		return;
	int at = 0;
	while (at < C.nblock && C.block[at].lo < lo)
		at++;
	if (C.nblock == C.capblock) {
		C.capblock = C.capblock ? 2 * C.capblock : 16;
		C.block = xrealloc(C.block, (size_t)C.capblock * sizeof(Block));
	}
	memmove(&C.block[at + 1], &C.block[at], (size_t)(C.nblock - at) * sizeof(Block));
	C.block[at] = (Block){lo, lo + (bytes ? bytes : 1), NULL, 0, 0};
	C.nblock++;
}

void chk_free(const void *p)
{
	int b = findblock((uintptr_t)p);
	if (b < 0)
		return;
	Block *bl = &C.block[b];
	int k = 0;
	for (int i = 0; i < C.nroot; i++) {
		if (C.root[i].lo >= bl->lo && C.root[i].lo < bl->hi)
			free(C.root[i].name);
		else
			C.root[k++] = C.root[i];
	}
	C.nroot = k;
	free(bl->rec);
	memmove(bl, bl + 1, (size_t)(C.nblock - b - 1) * sizeof(Block));
	C.nblock--;
}

static unsigned pairhash(const Pair *p)
{
	uintptr_t h = (uintptr_t)p->f1 * 31 + (uintptr_t)p->f2;
	h = h * 1000003u + (unsigned)p->l1 * 8191u + (unsigned)p->l2 * 131u + (unsigned)p->kind;
	return (unsigned)(h ^ (h >> 17));
}

static int seenpair(const Pair *p)
{
	unsigned m = (unsigned)C.capseen - 1;
	for (unsigned i = pairhash(p) & m;; i = (i + 1) & m) {
		Pair *q = &C.seen[i];
		if (!q->f1)
			return 0;
		if (q->f1 == p->f1 && q->f2 == p->f2 && q->l1 == p->l1 && q->l2 == p->l2 &&
		    q->kind == p->kind)
			return 1;
	}
}

static void addpair(const Pair *p)
{
	if (2 * (C.nseen + 1) > C.capseen) {
		Pair *old = C.seen;
		int n = C.capseen;
		C.capseen = n ? 2 * n : 256;
		C.seen = xrealloc(NULL, (size_t)C.capseen * sizeof(Pair));
		memset(C.seen, 0, (size_t)C.capseen * sizeof(Pair));
		C.nseen = 0;
		for (int i = 0; i < n; i++)
			if (old[i].f1)
				addpair(&old[i]);
		free(old);
	}
	unsigned m = (unsigned)C.capseen - 1, i = pairhash(p) & m;
	while (C.seen[i].f1)
		i = (i + 1) & m;
	C.seen[i] = *p;
	C.nseen++;
}

/* Whether to print a report of this kind on the operations a and b: an error is counted each
 * time; each pair of source lines is printed once per kind, errors and notes each up to their
 * own limit, so notes never crowd out an error. */
static int shown(int kind, const Who *a, const Who *b)
{
	int note = kind == R_NOTE;
	if (!note)
		C.nreport++;
	Pair p = {a->file ? a->file : "", b->file, a->line, b->line, kind};
	if (C.capseen && seenpair(&p))
		return 0;
	addpair(&p);
	if (C.nshown[note] == (note ? MAXNOTE : MAXREPORT)) {
		C.nhidden[note]++;
		return 0;
	}
	C.nshown[note]++;
	fflush(stdout);
	return 1;
}

static const char *groupname(char *buf, size_t n, int id)
{
	if (id < C.ngname && C.gname[id])
		snprintf(buf, n, "group '%s'", C.gname[id]);
	else
		snprintf(buf, n, "group %d", id);
	return buf;
}

static void who(char *buf, size_t n, const Who *w, int sid)
{
	char place[300], g[256];
	if (C.sgroup[sid])
		snprintf(place, sizeof place, "the %s stream of %s", streamrole[C.srole[sid]],
			 groupname(g, sizeof g, C.sgroup[sid] - 1));
	else
		snprintf(place, sizeof place, "stream %s", C.streamname[sid]);
	if (w->file)
		snprintf(buf, n, "%s (%s:%d) on %s", w->name, w->file, w->line, place);
	else
		snprintf(buf, n, "%s on %s", w->name, place);
}

static void race(const Rec *now, const Rec *then)
{
	if (!shown(R_RACE, &now->who, &then->who))
		return;
	char a[600], b[600];
	who(a, sizeof a, &now->who, now->sid);
	who(b, sizeof b, &then->who, then->sid);
	uintptr_t lo = now->lo > then->lo ? now->lo : then->lo;
	uintptr_t hi = now->def < then->def ? now->def : then->def;
	fprintf(stderr,
		"dagcc: race: %s %s %zu byte%s at %#lx that %s %s, with nothing ordering them (a missing or late dagcc_future_wait?)\n",
		a, now->mode & DAGCC_WRITE ? "writes" : "reads", (size_t)(hi - lo),
		hi - lo == 1 ? "" : "s", (unsigned long)lo, b,
		then->mode & DAGCC_WRITE ? "wrote" : "read");
}

/* A conflict only where an undeclared extent may reach. */
static void note(const Rec *now, const Rec *then)
{
	if (!shown(R_NOTE, &now->who, &then->who))
		return;
	char a[600], b[600], which[300];
	who(a, sizeof a, &now->who, now->sid);
	who(b, sizeof b, &then->who, then->sid);
	int unow = now->def < now->hi, uthen = then->def < then->hi;
	if (unow && uthen && strcmp(now->who.name, then->who.name) != 0)
		snprintf(which, sizeof which, "the extents of %s and %s are", now->who.name,
			 then->who.name);
	else
		snprintf(which, sizeof which, "the extent of %s is",
			 unow ? now->who.name : then->who.name);
	int w = now->mode & DAGCC_WRITE, tw = then->mode & DAGCC_WRITE;
	fprintf(stderr,
		"dagcc: note: %s %s memory at %#lx that %s %s, with nothing ordering them; %s not declared: DAGCC_IN_N/DAGCC_OUT_N/DAGCC_INOUT_N on the parameter settles it\n",
		a, unow ? (w ? "may write" : "may read") : (w ? "writes" : "reads"),
		(unsigned long)(now->lo > then->lo ? now->lo : then->lo), b,
		uthen ? (tw ? "may have written" : "may have read") : (tw ? "wrote" : "read"),
		which);
}

/* lo..hi is what the access touches surely. */
static void distinct(const char *root, uintptr_t lo, uintptr_t hi, const Who *w)
{
	int self = -1;
	for (int i = 0; i < C.nroot; i++) {
		Root *r = &C.root[i];
		if (strcmp(r->name, root) == 0) {
			self = i;
			continue;
		}
		if (!(lo < r->hi && r->lo < hi) || !shown(R_OVERLAP, w, &r->who))
			continue;
		fprintf(stderr,
			"dagcc: overlap: buffers '%s' (%s at %s:%d) and '%s' (%s at %s:%d) share memory at %#lx, but the program treats them as distinct\n",
			root, w->name, w->file ? w->file : "?", w->line, r->name, r->who.name,
			r->who.file ? r->who.file : "?", r->who.line,
			(unsigned long)(lo > r->lo ? lo : r->lo));
	}
	if (self >= 0) {
		/* the same buffer again: grow its extent, unless it now lives elsewhere (the graph
		 * was called with other arguments), when the new place replaces the old */
		Root *r = &C.root[self];
		if (lo <= r->hi && r->lo <= hi) {
			r->lo = lo < r->lo ? lo : r->lo;
			r->hi = hi > r->hi ? hi : r->hi;
		} else {
			r->lo = lo;
			r->hi = hi;
		}
		r->who = *w;
		return;
	}
	if (C.nroot == C.caproot) {
		C.caproot = C.caproot ? 2 * C.caproot : 16;
		C.root = xrealloc(C.root, (size_t)C.caproot * sizeof(Root));
	}
	C.root[C.nroot++] = (Root){strdup(root), lo, hi, *w};
}

/* Whether r happened before now. */
static int before(const Rec *r, const Rec *now)
{
	if (r->sid != now->sid)
		return C.clock[now->sid][r->sid] >= r->epoch;
	uint32_t batch = C.batch[now->sid];
	return !batch || r->epoch < batch || r->epoch == now->epoch;
}

static int meet(uintptr_t lo1, uintptr_t hi1, uintptr_t lo2, uintptr_t hi2)
{
	return lo1 < hi2 && lo2 < hi1;
}

static void access1(Block *b, Rec now)
{
	int k = 0;
	for (int i = 0; i < b->nrec; i++) {
		Rec *r = &b->rec[i];
		int ordered = before(r, &now);
		if (!ordered && ((r->mode | now.mode) & DAGCC_WRITE)) {
			if (meet(r->lo, r->def, now.lo, now.def))
				race(&now, r);
			else if (meet(r->lo, r->hi, now.lo, now.hi))
				note(&now, r);
		}
		/* what this access covers and comes after is forgotten (writes cover everything,
		 * reads cover earlier reads): any later access that conflicts with r conflicts as
		 * surely with this one */
		int covered = ordered && now.lo <= r->lo && r->def <= now.def && r->hi <= now.hi &&
			      ((now.mode & DAGCC_WRITE) || !(r->mode & DAGCC_WRITE));
		if (!covered)
			b->rec[k++] = *r;
	}
	b->nrec = k;
	if (b->nrec == b->caprec) {
		b->caprec = b->caprec ? 2 * b->caprec : 8;
		b->rec = xrealloc(b->rec, (size_t)b->caprec * sizeof(Rec));
	}
	b->rec[b->nrec++] = now;
}

void chk_access(int sid, const void *p, size_t bytes, int mode, const char *root, int extent)
{
	if (!p || !mode || (extent == CHK_EXACT && !bytes))
		return;
	uintptr_t lo = (uintptr_t)p;
	int bi = findblock(lo);
	Block *b = bi >= 0 ? &C.block[bi] : &C.loose;
	uintptr_t end = bi >= 0 ? b->hi : lo + 1; /* of its allocation, as far as known */
	Rec now = {lo, end, end, mode, sid, C.clock[sid][sid], C.cur[sid]};
	if (extent == CHK_EXACT)
		now.def = now.hi = bytes > UINTPTR_MAX - lo ? UINTPTR_MAX : lo + bytes;
	else if (extent == CHK_UNDECLARED)
		now.def = lo + 1;
	if (root)
		distinct(root, lo, now.def, &now.who);
	/* an access may run past its allocation into the next ones */
	while (b != &C.loose && now.hi > b->hi) {
		Rec part = now;
		part.hi = b->hi;
		part.def = now.def < b->hi ? now.def : b->hi;
		access1(b, part);
		now.lo = b->hi;
		now.def = now.def > now.lo ? now.def : now.lo;
		bi = findblock(now.lo);
		if (bi < 0) {
			b = &C.loose;
			break;
		}
		b = &C.block[bi];
	}
	access1(b, now);
}

void chk_unwaited(const Future *f, const char *where)
{
	C.nreport++;
	fflush(stdout);
	fprintf(stderr, "dagcc: unwaited: the future of %s (%s:%d) was never waited before %s\n",
		opcoll[f->op.kind].call, f->op.file ? f->op.file : "?", f->op.line, where);
}

void chk_conflict(const Op *now, const Op *then, int shared)
{
	Who a = {opcoll[now->kind].call, now->file, now->line};
	Who b = {opcoll[then->kind].call, then->file, then->line};
	if (!shown(R_CONFLICT, &a, &b))
		return;
	char ga[256], gb[256];
	fprintf(stderr,
		"dagcc: conflict: %s (%s:%d) on %s starts while %s (%s:%d) on %s, which shares %d ranks with it, may still run: NCCL may deadlock (wait for one before starting the other)\n",
		a.name, a.file ? a.file : "?", a.line, groupname(ga, sizeof ga, now->g->id), b.name,
		b.file ? b.file : "?", b.line, groupname(gb, sizeof gb, then->g->id), shared);
}

void chk_unmatched(const dagcc_group *g, int peer, OpKind kind, const P2pCount *c, uint64_t theirs)
{
	C.nreport++;
	char gn[256];
	int send = kind == OP_SEND;
	fflush(stdout);
	fprintf(stderr,
		"dagcc: unmatched: rank %d of %s started %llu %s%s rank %d, which started %llu %s%s it: the last, %s (%s:%d), has no matching %s\n",
		g->rank, groupname(gn, sizeof gn, g->id), (unsigned long long)c->n,
		send ? "send" : "receive",
		c->n == 1 ? (send ? " to" : " from") : (send ? "s to" : "s from"), peer,
		(unsigned long long)theirs, send ? "receive" : "send",
		theirs == 1 ? (send ? " from" : " to") : (send ? "s from" : "s to"),
		opcoll[kind].call, c->file ? c->file : "?", c->line,
		send ? "dagcc_recv" : "dagcc_send");
}

int chk_finish(void)
{
	int n = C.nreport;
	if (C.nhidden[1])
		fprintf(stderr, "dagcc: %d more notes not shown\n", C.nhidden[1]);
	if (C.nhidden[0])
		fprintf(stderr, "dagcc: %d more reports not shown\n", C.nhidden[0]);
	if (n)
		fprintf(stderr, "dagcc: checked mode found %d problem%s\n", n, n == 1 ? "" : "s");
	for (int i = 0; i < C.nblock; i++)
		free(C.block[i].rec);
	free(C.block);
	free(C.loose.rec);
	for (int i = 0; i < C.nroot; i++)
		free(C.root[i].name);
	free(C.root);
	for (int i = 0; i < C.nstream; i++)
		free(C.streamname[i]);
	for (int i = 0; i < C.ngname; i++)
		free(C.gname[i]);
	free(C.gname);
	free(C.seen);
	free(C.clock);
	memset(&C, 0, sizeof C);
	return n;
}
