/* ir_fuzz.c - libFuzzer target over the textual IR: read, verify, every pass, every emitter.
 *
 * Each input is written to an in-memory file and read three ways: by the reference reader
 * (parseir) and by the fast one on one thread and on two (parseirfast, split 0 and 2). They
 * must agree: the same result, the same diagnostics, the same IR printed. An input the
 * verifier accepts then runs the driver's pipeline from IR (cost, sched, bucket, analyze) with
 * the verifier after each pass, and every emitter writes into memory. The scheduling knobs are
 * drawn from a hash of the input; IR_FUZZ_FLAGS=1 prints them as dagcc's flags. The IR printed
 * must read back to the same bytes, before and after the passes, and printirfast on one thread
 * and two must print printir's bytes. Each input is also read as JSON (readjson). Any disagreement aborts with both sides on standard
 * error; crashes, sanitizer reports and exit() (dagcc's fatal) are libFuzzer's to report. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ir.h"

static int fd = -1;
static char path[64];
static Target target;
static char *captured; /* what the readers said: shown if one of them exits */
static size_t ncaptured;
static FILE *capture;
static FILE *realerr;

static void showcaptured(void)
{
	if (capture) {
		fclose(capture);
		capture = NULL;
		stderr = realerr;
		if (ncaptured)
			fprintf(stderr, "ir_fuzz: diagnostics before exit:\n%.*s", (int)ncaptured,
				captured);
	}
}

/* While the passes run, their diagnostics are captured, not printed (shown only if one exits);
 * the fuzzer's own findings go to realerr. */
static void quiet(void)
{
	capture = open_memstream(&captured, &ncaptured);
	if (!capture)
		abort();
	stderr = capture;
}

static void loud(void)
{
	if (!capture)
		return;
	fclose(capture);
	capture = NULL;
	stderr = realerr;
	free(captured);
	captured = NULL;
	ncaptured = 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fd = memfd_create("ir_fuzz.ir", 0);
	if (fd < 0) {
		perror("memfd_create");
		exit(2);
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	if (!loadtarget("h100-8x", &target, NULL)) {
		fprintf(stderr, "ir_fuzz: cannot load the target h100-8x\n");
		exit(2);
	}
	realerr = stderr;
	atexit(showcaptured);
	return 0;
}

static void setfile(const char *s, size_t n)
{
	if (ftruncate(fd, 0) != 0 || pwrite(fd, s, n, 0) != (ssize_t)n) {
		perror("ir_fuzz: writing the input");
		abort();
	}
}

typedef struct {
	char *s;
	size_t n;
} Out;

static FILE *memout(Out *o)
{
	*o = (Out){0};
	FILE *f = open_memstream(&o->s, &o->n);
	if (!f)
		abort();
	return f;
}

static void closeout(FILE *f)
{
	if (fclose(f) != 0)
		abort();
}

static Out printed(const Module *m, int how)
{
	Out o;
	FILE *f = memout(&o);
	if (how < 0)
		printir(f, m);
	else
		printirfast(f, m, how);
	closeout(f);
	return o;
}

static _Noreturn void differ(const char *what, const Out *a, const Out *b)
{
	fprintf(realerr,
		"ir_fuzz: %s differ\n--- first (%zu bytes)\n%.*s\n--- second (%zu bytes)\n%.*s\n",
		what, a->n, (int)a->n, a->s, b->n, (int)b->n, b->s);
	abort();
}

static void same(const char *what, const Out *a, const Out *b)
{
	if (a->n != b->n || (a->n && memcmp(a->s, b->s, a->n)))
		differ(what, a, b);
}

typedef struct {
	int ok, errors;
	Out diags, ir;
	Module m;
} Read;

/* Reads the in-memory file with reader how (-1: parseir; else parseirfast's split). */
static void readas(int how, Read *r)
{
	*r = (Read){0};
	capture = open_memstream(&captured, &ncaptured);
	if (!capture)
		abort();
	stderr = capture;
	int before = nerrors;
	r->ok = how < 0 ? parseir(path, &r->m) : parseirfast(path, &r->m, how);
	r->errors = nerrors - before;
	fclose(capture);
	capture = NULL;
	stderr = realerr;
	r->diags = (Out){captured, ncaptured};
	captured = NULL;
	ncaptured = 0;
	if (r->ok) /* dagcc prints no module it could not read */
		r->ir = printed(&r->m, -1);
}

static void freeread(Read *r)
{
	free(r->diags.s);
	free(r->ir.s);
	freemodule(&r->m);
}

static int valid(const Module *m)
{
	int before = nerrors;
	for (int i = 0; i < m->ngraph; i++)
		if (check(m->graph[i]) || checksched(m->graph[i], NULL))
			return 0;
	return nerrors == before;
}

static void verify(const Module *m, const char *after, int before)
{
	if (nerrors == before && !valid(m)) {
		loud();
		fprintf(realerr, "ir_fuzz: the verifier rejects the IR after %s:\n", after);
		valid(m);
		printir(realerr, m);
		abort();
	}
}

/* printir's bytes read back print the same bytes. */
static void roundtrip(const Out *ir, const char *when)
{
	setfile(ir->s, ir->n);
	Read r;
	readas(-1, &r);
	if (!r.ok || r.errors) {
		fprintf(realerr, "ir_fuzz: printed IR (%s) does not read back:\n%.*s\n%.*s", when,
			(int)r.diags.n, r.diags.s, (int)ir->n, ir->s);
		abort();
	}
	char what[64];
	snprintf(what, sizeof what, "printed IR and its reprint (%s)", when);
	same(what, ir, &r.ir);
	freeread(&r);
}

static int utf8(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		int k = c < 0x80	   ? 0 :
			(c & 0xe0) == 0xc0 ? 1 :
			(c & 0xf0) == 0xe0 ? 2 :
			(c & 0xf8) == 0xf0 ? 3 :
					     -1;
		if (k < 0 || i + (size_t)k >= n)
			return 0;
		for (int j = 1; j <= k; j++)
			if (((unsigned char)s[i + j] & 0xc0) != 0x80)
				return 0;
		i += (size_t)k + 1;
	}
	return 1;
}

/* The input read as JSON too, quietly: strictly as --profile reads it (on a copy that ends in
 * NUL, as srctext's does), and laxly as compile_commands.json is checked. A string of ASCII
 * text the strict reader takes must decode to UTF-8 (\\u escapes, surrogate pairs). */
static void readjson(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = 0;
	Json j = {.path = path, .s = s, .p = s, .e = s + strlen(s)};
	jsonws(&j);
	if (*j.p == '"') {
		const char *from = j.p;
		char *v = jsonstr(&j);
		int ascii = 1;
		for (const char *q = from; q < j.p; q++)
			ascii &= (unsigned char)*q < 0x80;
		if (!j.failed && ascii && !utf8(v, strlen(v))) {
			fprintf(realerr,
				"ir_fuzz: the JSON string %.*s decodes to bytes not UTF-8\n",
				(int)(j.p - from), from);
			abort();
		}
		free(v);
	} else {
		jsonskip(&j, 0);
	}
	(void)jsonwhole(s, size);
	free(s);
}

/* Closes f, an emitter's output in o, which must be UTF-8 unless what is NULL. */
static void emitted(FILE *f, Out *o, const char *what)
{
	closeout(f);
	if (what && !utf8(o->s, o->n)) {
		fprintf(realerr, "ir_fuzz: %s is not UTF-8:\n%.*s\n", what, (int)o->n, o->s);
		abort();
	}
	free(o->s);
}

static void emitters(const Module *m, const Analysis *a)
{
	Out o;
	FILE *f = memout(&o);
	printjson(f, m, &target);
	emitted(f, &o, "--emit=json");
	f = memout(&o);
	printdot(f, m);
	emitted(f, &o, "--emit=dot");
	f = memout(&o);
	printstats(f, m);
	emitted(f, &o, NULL);
	f = memout(&o);
	printtrace(f, m, a);
	emitted(f, &o, "--emit=trace");
	for (int json = 0; json < 2; json++) {
		f = memout(&o);
		printreport(f, m, a, &target, NULL, json);
		emitted(f, &o, json ? "--report=json" : NULL);
	}
}

/* The driver's pipeline from IR, --verify-each: cost, sched, bucket, check, analyze. */
static void pipeline(Module *m, uint32_t h)
{
	static const int prefetch[] = {-1, -1, -1, 0, 1, 2, 3, 8};
	static const double cap[] = {25.0 * 1024 * 1024, 25.0 * 1024 * 1024, 0, 4096};
	static const double budget[] = {100, 100, 0, 10, 1e6}; /* --mem-budget P% */
	CostOpts co = {.target = &target};
	BucketOpts bo = {cap[h % 4], BK_NONE};
	h /= 4;
	if (h % 3)
		bo.form = h % 3 == 1 ? BK_PACKED : BK_COALESCED;
	h /= 3;
	int pf = prefetch[h % 8];
	h /= 8;
	double pct = budget[h % 5];
	h /= 5;
	int rotate = (int)(h % 3); /* ROTATE_AUTO, _NEVER, _ALWAYS */
	if (getenv("IR_FUZZ_FLAGS")) /* triage: the driver's flags for this run */
		fprintf(realerr,
			"ir_fuzz: dagcc --from-ir --max-prefetch %d --bucket-cap %.0f%s%s --mem-budget %g%% --rotate=%s\n",
			pf, bo.cap, bo.form ? " --bucket-form=" : "",
			bo.form == BK_PACKED ? "packed" :
			bo.form		     ? "coalesced" :
					       "",
			pct,
			rotate == ROTATE_AUTO  ? "auto" :
			rotate == ROTATE_NEVER ? "never" :
						 "always");
	Analysis *a = calloc((size_t)m->ngraph + 1, sizeof *a);
	if (!a)
		abort();
	int before = nerrors;
	for (int i = 0; i < m->ngraph; i++) {
		Graph *g = m->graph[i];
		a[i].events = 1;
		a[i].reorder = 1;
		fillcost(g, &co);
		analyze(g, &co, &a[i]);
		verify(m, "cost", before);
		SchedOpts so = {pf, -1, a[i].before.peak * (1 + pct / 100), 1, 1, 0, 0, 0, rotate};
		sched(g, a[i].cls, &so);
		verify(m, "sched", before);
		schedloops(g, &co, &so, LOOP_SCHED);
		verify(m, "schedloops", before);
		bucket(g, &co, a[i].cls, &so, &bo);
		verify(m, "bucket", before);
		analyzesched(g, &a[i]);
		verify(m, "analyze", before);
	}
	if (nerrors == before)
		emitters(m, a);
	for (int i = 0; i < m->ngraph; i++)
		freeanalysis(&a[i]);
	free(a);
}

static uint32_t fnv(const uint8_t *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 16777619u;
	return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nerrors = 0;
	readjson(data, size);
	setfile((const char *)data, size);
	Read ref, one, two;
	readas(-1, &ref);
	readas(0, &one);
	readas(2, &two);
	if (ref.ok != one.ok || ref.ok != two.ok || ref.errors != one.errors ||
	    ref.errors != two.errors) {
		fprintf(realerr,
			"ir_fuzz: the readers disagree: parseir %d (%d errors), "
			"parseirfast one thread %d (%d), two %d (%d)\n",
			ref.ok, ref.errors, one.ok, one.errors, two.ok, two.errors);
		same("parseir's and parseirfast's diagnostics", &ref.diags, &one.diags);
		same("parseirfast's diagnostics on one thread and two", &one.diags, &two.diags);
		abort();
	}
	same("parseir's and parseirfast's diagnostics", &ref.diags, &one.diags);
	same("parseirfast's diagnostics on one thread and two", &one.diags, &two.diags);
	if (ref.ok != (ref.errors == 0)) {
		fprintf(realerr, "ir_fuzz: the reader says %s after %d errors\n",
			ref.ok ? "success" : "failure", ref.errors);
		abort();
	}
	if (!ref.ok && ref.m.ngraph != one.m.ngraph) {
		fprintf(realerr,
			"ir_fuzz: the readers disagree on the graphs read before the error\n");
		abort();
	}
	same("parseir's and parseirfast's graphs", &ref.ir, &one.ir);
	same("parseirfast's graphs on one thread and two", &one.ir, &two.ir);
	freeread(&one);
	freeread(&two);
	if (ref.ok && !ref.errors) {
		Out fast = printed(&ref.m, 0), fast2 = printed(&ref.m, 2);
		same("printir and printirfast", &ref.ir, &fast);
		same("printirfast on one thread and two", &fast, &fast2);
		free(fast.s);
		free(fast2.s);
		roundtrip(&ref.ir, "as read");
		for (int i = 0; i < ref.m.ngraph; i++) /* as the driver, before any pass */
			orderbarriers(ref.m.graph[i]);
		quiet();
		int before = nerrors;
		if (valid(&ref.m)) {
			pipeline(&ref.m, fnv(data, size));
			if (nerrors == before) {
				Out ir = printed(&ref.m, -1), fast = printed(&ref.m, 0),
				    fast2 = printed(&ref.m, 2);
				same("printir and printirfast after the passes", &ir, &fast);
				same("printirfast on one thread and two after the passes", &fast,
				     &fast2);
				loud();
				roundtrip(&ir, "after the passes");
				free(ir.s);
				free(fast.s);
				free(fast2.s);
			}
		}
		loud();
	}
	freeread(&ref);
	return 0;
}
