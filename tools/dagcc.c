/* dagcc - the driver: read the options, run the pipeline, write what was asked for.
 *
 *   extract | parseir;  check;  fillcost;  analyze (the program as written);
 *   sched;  checksched;  bucket;  check and checksched if it bucketed (or, with --keep-order,
 *   the IR's own order and checksched);  analyzesched;  report;  emit
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../ir/ir.h"

static const char usage[] =
	"usage: dagcc [options] input.c [-o output] [-- compiler flags]\n"
	"\n"
	"  -o FILE               write the output here (default: input_overlapped.c for c,\n"
	"                        standard output otherwise)\n"
	"  -I DIR, -D NAME[=V], -U NAME, -std=STD\n"
	"                        passed to the C parser, as is everything after --\n"
	"  -p BUILD_DIR          take the compiler flags from BUILD_DIR/compile_commands.json\n"
	"  --emit=c|ir|json|dot|trace\n"
	"                        what to write (default c: the overlapped program, by default to\n"
	"                        input_overlapped.c); the scheduled DAG as textual IR or JSON, the\n"
	"                        DAG for Graphviz, or the simulated timelines as a Chrome trace\n"
	"  --from-ir             the input is textual IR\n"
	"  --keep-order          do not reschedule: measure the order (and waits) the IR gives\n"
	"  --no-schedule         stop after extraction (--emit=ir then shows the bare DAG)\n"
	"  --target=NAME|FILE    hardware profile (default h100-8x; a100-8x, h200-8x, h100-2x8,\n"
	"                        h100-16x8, or a .target file)\n"
	"  --group-size TEXT=N   ranks in the group named TEXT; others have the target's world size\n"
	"  --max-prefetch N      start a collective at most N compute nodes before its first use\n"
	"  --max-in-flight BYTES bytes of collectives started and not yet waited\n"
	"  --mem-budget BYTES|P% peak bytes of temporaries, or P% over the program's own peak\n"
	"                        (default 100%)\n"
	"  --bucket-cap BYTES    merge small collectives into buckets of at most BYTES (default\n"
	"                        25M, as PyTorch DDP; 0: no bucketing)\n"
	"  --bucket-form=auto|packed|coalesced\n"
	"                        how buckets are issued: copied into one buffer, or as one NCCL\n"
	"                        group (default auto: the cost model chooses; adjacent all-reduces\n"
	"                        are always one collective)\n"
	"  --assume NAME=VALUE   bind an identifier used in counts, loop bounds and costs\n"
	"  --report              print the simulated before/after per graph to stderr\n"
	"  --report=json         the same as JSON on standard output\n"
	"  --stats               print JSON counts of the extracted graphs and exit\n"
	"  --time-passes         print each pass's wall time to stderr\n"
	"  --split N             read and print IR graphs of N nodes or more in two halves, on\n"
	"                        two threads (default 65536; 0: one thread)\n"
	"  --help, --version\n";

typedef struct {
	FrontendOpts fe;
	const char *output, *emit, *target;
	char *defaultout; /* input_overlapped.c */
	int fromir, stats, keeporder, noschedule, report; /* report: 1 table, 2 json */
	int timepasses;
	int split; /* --split */
	GroupSize *gsize;
	int ngsize;
	SchedOpts sched;
	BucketOpts bucket;
	double budgetpct; /* --mem-budget as a percentage; < 0 when given in bytes */
} Opts;

static void *grow(void *p, int n, size_t elt)
{
	p = realloc(p, (size_t)(n + 1) * elt);
	if (!p)
		fatal("out of memory");
	return p;
}

static void addarg(FrontendOpts *fe, const char *a)
{
	fe->args = grow(fe->args, fe->nargs, sizeof *fe->args);
	fe->args[fe->nargs++] = a;
}

/* NAME=VALUE, NAME an identifier (or any text for a group), VALUE an integer */
static long long namevalue(const char *opt, const char *s, int ident, char **name)
{
	const char *eq = strrchr(s, '=');
	char *end;
	if (!eq || eq == s)
		fatal("%s wants NAME=VALUE, not '%s'", opt, s);
	for (const char *c = s; ident && c < eq; c++)
		if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (c > s && *c >= '0' && *c <= '9')))
			fatal("%s: '%.*s' is not an identifier", opt, (int)(eq - s), s);
	errno = 0;
	long long v = strtoll(eq + 1, &end, 0);
	if (errno || end == eq + 1 || *end)
		fatal("%s: '%s' is not an integer", opt, eq + 1);
	*name = strndup(s, (size_t)(eq - s));
	return v;
}

/* a byte count: an integer with an optional K, M, G or T (powers of 1024) */
static double bytes(const char *opt, const char *s)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	double unit = 1;
	if (*end == 'K' || *end == 'k')
		unit = 1024, end++;
	else if (*end == 'M')
		unit = 1024.0 * 1024, end++;
	else if (*end == 'G')
		unit = 1024.0 * 1024 * 1024, end++;
	else if (*end == 'T')
		unit = 1024.0 * 1024 * 1024 * 1024, end++;
	if (*end == 'i' && unit > 1)
		end++;
	if (*end == 'B' && unit > 1)
		end++;
	if (errno || end == s || *end || !(v >= 0))
		fatal("%s: '%s' is not a byte count", opt, s);
	return v * unit;
}

static void parseopts(int argc, char **argv, Opts *o)
{
	o->sched = (SchedOpts){-1, -1, -1};
	o->budgetpct = 100;
	o->bucket.cap = 25.0 * 1024 * 1024;
	o->target = "h100-8x";
	o->split = 1 << 16;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
#define VALUE(flag)                                                            \
	(strcmp(a, flag) == 0 ? (i + 1 < argc ? (val = argv[++i]) :            \
						(fatal("%s needs a value", flag), NULL)) : \
				(strncmp(a, flag "=", strlen(flag) + 1) == 0 ? (val = a + strlen(flag) + 1) : NULL))
		if (strcmp(a, "--") == 0) {
			while (++i < argc)
				addarg(&o->fe, argv[i]);
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage, stdout);
			exit(0);
		} else if (strcmp(a, "--version") == 0) {
			printf("dagcc %s\n", DAGCC_VERSION);
			exit(0);
		} else if (strcmp(a, "-o") == 0) {
			if (i + 1 >= argc)
				fatal("-o needs a file name");
			o->output = argv[++i];
		} else if (strcmp(a, "-p") == 0) {
			if (i + 1 >= argc)
				fatal("-p needs a build directory");
			o->fe.builddir = argv[++i];
		} else if (a[0] == '-' && (a[1] == 'I' || a[1] == 'D' || a[1] == 'U')) {
			addarg(&o->fe, a);
			if (!a[2]) {
				if (i + 1 >= argc)
					fatal("%s needs a value", a);
				addarg(&o->fe, argv[++i]);
			}
		} else if (strncmp(a, "-std=", 5) == 0) {
			addarg(&o->fe, a);
		} else if (VALUE("--emit")) {
			o->emit = val;
		} else if (VALUE("--assume")) {
			char *name;
			long long v = namevalue("--assume", val, 1, &name);
			o->fe.assume = grow(o->fe.assume, o->fe.nassume, sizeof(Assume));
			o->fe.assume[o->fe.nassume++] = (Assume){name, v};
		} else if (VALUE("--group-size")) {
			char *name;
			long long v = namevalue("--group-size", val, 0, &name);
			if (v < 1 || v > 1 << 20)
				fatal("--group-size: %lld ranks is not a group size", v);
			o->gsize = grow(o->gsize, o->ngsize, sizeof(GroupSize));
			o->gsize[o->ngsize++] = (GroupSize){name, (int)v};
			o->fe.gsize = o->gsize;
			o->fe.ngsize = o->ngsize;
		} else if (VALUE("--target")) {
			o->target = val;
		} else if (VALUE("--max-prefetch")) {
			char *end;
			long v = strtol(val, &end, 10);
			if (*end || end == val || v < 0 || v > 1 << 30)
				fatal("--max-prefetch: '%s' is not a count of compute nodes", val);
			o->sched.max_prefetch = (int)v;
		} else if (VALUE("--max-in-flight")) {
			o->sched.max_in_flight = bytes("--max-in-flight", val);
		} else if (VALUE("--bucket-cap")) {
			o->bucket.cap = bytes("--bucket-cap", val);
		} else if (VALUE("--split")) {
			char *end;
			long v = strtol(val, &end, 10);
			if (*end || end == val || v < 0 || v > 1 << 30)
				fatal("--split: '%s' is not a count of nodes", val);
			o->split = (int)v;
		} else if (VALUE("--bucket-form")) {
			if (!strcmp(val, "packed"))
				o->bucket.form = BK_PACKED;
			else if (!strcmp(val, "coalesced"))
				o->bucket.form = BK_COALESCED;
			else if (!strcmp(val, "auto"))
				o->bucket.form = BK_NONE;
			else
				fatal("unknown --bucket-form=%s (auto, packed or coalesced)", val);
		} else if (VALUE("--mem-budget")) {
			size_t n = strlen(val);
			if (n && val[n - 1] == '%') {
				char *end;
				o->budgetpct = strtod(val, &end);
				if (end != val + n - 1 || !(o->budgetpct >= 0))
					fatal("--mem-budget: '%s' is not a percentage", val);
			} else {
				o->budgetpct = -1;
				o->sched.mem_budget = bytes("--mem-budget", val);
			}
		} else if (strcmp(a, "--report") == 0 || strcmp(a, "--report=text") == 0) {
			o->report = 1;
		} else if (strcmp(a, "--report=json") == 0) {
			o->report = 2;
		} else if (strcmp(a, "--from-ir") == 0) {
			o->fromir = 1;
		} else if (strcmp(a, "--keep-order") == 0) {
			o->keeporder = 1;
		} else if (strcmp(a, "--no-schedule") == 0) {
			o->noschedule = 1;
		} else if (strcmp(a, "--time-passes") == 0) {
			o->timepasses = 1;
		} else if (strcmp(a, "--stats") == 0) {
			o->stats = 1;
		} else if (a[0] == '-' && a[1]) {
			fatal("unknown option '%s' (see dagcc --help)", a);
		} else if (o->fe.input) {
			fatal("more than one input: '%s' and '%s'", o->fe.input, a);
		} else {
			o->fe.input = a;
		}
#undef VALUE
	}
	if (!o->fe.input)
		fatal("no input file (see dagcc --help)");
	if (!o->emit)
		o->emit = (o->report || o->stats) && !o->output ? "none" : "c";
	if (strcmp(o->emit, "ir") && strcmp(o->emit, "json") && strcmp(o->emit, "dot") &&
	    strcmp(o->emit, "trace") && strcmp(o->emit, "none") && strcmp(o->emit, "c"))
		fatal("unknown --emit=%s (c, ir, json, dot or trace)", o->emit);
	if (!strcmp(o->emit, "c")) {
		if (o->fromir)
			fatal("--emit=c needs the C source, not IR");
		if (!o->output) {
			/* model.c -> model_overlapped.c */
			size_t n = strlen(o->fe.input);
			const char *dot = strrchr(o->fe.input, '.');
			size_t stem = dot && !strchr(dot, '/') ? (size_t)(dot - o->fe.input) : n;
			o->defaultout = malloc(n + 16);
			if (!o->defaultout)
				fatal("out of memory");
			snprintf(o->defaultout, n + 16, "%.*s_overlapped%s", (int)stem, o->fe.input,
				 o->fe.input + stem);
			o->output = o->defaultout;
		}
	}
	if (o->noschedule && strcmp(o->emit, "ir") && !o->stats)
		fatal("--no-schedule goes with --emit=ir or --stats");
}

/* 0 when nothing may be written: the overlapped C would not compile. */
static int emit(FILE *f, const Opts *o, const Module *m, const Analysis *a, const Target *t)
{
	if (!strcmp(o->emit, "ir"))
		printirfast(f, m, o->split);
	else if (!strcmp(o->emit, "json"))
		printjson(f, m, t);
	else if (!strcmp(o->emit, "dot"))
		printdot(f, m);
	else if (!strcmp(o->emit, "trace"))
		printtrace(f, m, a);
	else if (!strcmp(o->emit, "c")) {
		size_t len;
		char *src = readfile(o->fe.input, &len);
		if (!src)
			fatal("cannot read %s", o->fe.input);
		char *out = NULL;
		size_t outlen = 0;
		FILE *mem = open_memstream(&out, &outlen);
		if (!mem)
			fatal("out of memory");
		printc(mem, m, src, len, a, t);
		free(src);
		if (fclose(mem) != 0)
			fatal("out of memory");
		int ok = compiles(&o->fe, out, outlen);
		if (ok)
			fwrite(out, 1, outlen, f);
		free(out);
		return ok;
	}
	return 1;
}

/* Writes through a temporary file so that a failed run leaves no output behind. */
static void writeout(const Opts *o, const Module *m, const Analysis *a, const Target *t)
{
	if (!strcmp(o->emit, "none"))
		return;
	if (!o->output || strcmp(o->output, "-") == 0) {
		if (o->report == 2)
			fatal("--report=json writes to standard output: give -o for --emit=%s", o->emit);
		if (!emit(stdout, o, m, a, t))
			exit(1);
		if (fflush(stdout) != 0)
			fatal("cannot write the output");
		return;
	}
	/* a device or a pipe (-o /dev/null) is written as it is: renaming a temporary over it
	 * would replace it */
	struct stat st;
	if (stat(o->output, &st) == 0 && !S_ISREG(st.st_mode)) {
		FILE *f = fopen(o->output, "w");
		if (!f)
			fatal("cannot write %s: %s", o->output, strerror(errno));
		int ok = emit(f, o, m, a, t);
		if (ferror(f) | (fclose(f) != 0))
			fatal("cannot write %s", o->output);
		if (!ok)
			exit(1);
		return;
	}
	size_t n = strlen(o->output);
	char *tmp = malloc(n + 16);
	if (!tmp)
		fatal("out of memory");
	snprintf(tmp, n + 16, "%s.tmpXXXXXX", o->output);
	int fd = mkstemp(tmp);
	if (fd < 0)
		fatal("cannot create %s: %s", o->output, strerror(errno));
	FILE *f = fdopen(fd, "w");
	if (!f)
		fatal("cannot write %s", o->output);
	int ok = emit(f, o, m, a, t);
	int bad = ferror(f) | (fclose(f) != 0);
	if (!ok) {
		unlink(tmp);
		exit(1);
	}
	if (bad || rename(tmp, o->output) != 0) {
		unlink(tmp);
		fatal("cannot write %s", o->output);
	}
	free(tmp);
}

/* --time-passes: wall seconds per pass, summed over graphs, in the order first run. */
static struct {
	const char *name;
	double s;
} passtime[16];
static int npass;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void addtime(const char *name, double s)
{
	int i = 0;
	while (i < npass && strcmp(passtime[i].name, name))
		i++;
	if (i == npass && npass < 16)
		passtime[npass++].name = name;
	if (i < npass)
		passtime[i].s += s;
}

#define TIMED(name, stmt)                         \
	do {                                      \
		double t0_ = now();               \
		stmt;                             \
		addtime(name, now() - t0_);       \
	} while (0)

/* The lower bound, on a thread of its own while the schedule is made. */
typedef struct {
	const Graph *g;
	Analysis *a;
} Bound;

static void *bound(void *arg)
{
	Bound *b = arg;
	b->a->lb = lowerbound(b->g, b->a->cls);
	b->a->lbnode = b->g->node;
	return NULL;
}

/* The passes over one graph, with the verifier between them. */
static int pipeline(Graph *g, const Opts *o, const CostOpts *co, Analysis *a)
{
	int bad, nbucket = 0;
	a->events = !strcmp(o->emit, "trace");
	TIMED("cost, analyze", fillcost(g, co); analyze(g, co, a));
	Bound b = {g, a};
	pthread_t th;
	int threaded = pthread_create(&th, NULL, bound, &b) == 0; /* else analyzesched's */
	if (o->keeporder) { /* the IR's own order, or the program's */
		if (!g->step) {
			Step *st;
			int n;
			programorder(g, &st, &n);
			for (int k = 0; k < n; k++)
				addstep(g, st[k].kind, st[k].node);
			free(st);
		}
		TIMED("verify", bad = checksched(g));
	} else {
		SchedOpts so = o->sched;
		if (o->budgetpct >= 0)
			so.mem_budget = a->before.peak * (1 + o->budgetpct / 100);
		TIMED("sched", sched(g, a->cls, &so));
		TIMED("verify", bad = checksched(g));
		if (threaded) /* bucketing may change the graph */
			pthread_join(th, NULL), threaded = 0;
		if (!bad)
			TIMED("bucket", nbucket = bucket(g, co, a->cls, &so, &o->bucket));
		if (nbucket) /* a new graph and schedule */
			TIMED("verify", bad = check(g) || checksched(g));
	}
	if (threaded)
		pthread_join(th, NULL);
	if (bad)
		return 0;
	TIMED("analyze", analyzesched(g, a));
	return 1;
}

int main(int argc, char **argv)
{
	Opts o = {0};
	parseopts(argc, argv, &o);
	/* not freed: at exit the kernel takes a large graph's memory back faster, and a static
	 * keeps it reachable for the leak checker */
	static Module m;
	double t0 = now();
	int ok = o.fromir ? parseirfast(o.fe.input, &m, o.split) : extract(&o.fe, &m);
	addtime(o.fromir ? "parse" : "extract", now() - t0);
	for (int i = 0; ok && i < m.ngraph; i++)
		TIMED("verify", ok = check(m.graph[i]) == 0);
	Target t;
	Analysis *a = calloc((size_t)m.ngraph + 1, sizeof *a);
	if (!a)
		fatal("out of memory");
	if (ok && o.stats) {
		printstats(stdout, &m);
	} else if (ok && o.noschedule) {
		for (int i = 0; i < m.ngraph; i++)
			m.graph[i]->step = NULL, m.graph[i]->nstep = 0;
		writeout(&o, &m, a, &t);
	} else if (ok && (ok = loadtarget(o.target, &t))) {
		CostOpts co = {&t, o.gsize, o.ngsize};
		for (int i = 0; ok && i < m.ngraph; i++)
			ok = pipeline(m.graph[i], &o, &co, &a[i]);
		if (ok && o.report)
			TIMED("report", printreport(o.report == 2 ? stdout : stderr, &m, a, &t, o.report == 2));
		if (ok)
			TIMED("emit", writeout(&o, &m, a, &t));
	}
	if (o.timepasses) {
		double total = 0;
		for (int i = 0; i < npass; i++)
			total += passtime[i].s;
		for (int i = 0; i < npass; i++)
			fprintf(stderr, "dagcc: %-14s %8.3f s %5.1f%%\n", passtime[i].name, passtime[i].s,
				total > 0 ? 100 * passtime[i].s / total : 0);
		fprintf(stderr, "dagcc: %-14s %8.3f s\n", "total", total);
	}
	for (int i = 0; i < m.ngraph; i++)
		freeanalysis(&a[i]);
	free(a);
	for (int i = 0; i < o.fe.nassume; i++)
		free((char *)o.fe.assume[i].name);
	for (int i = 0; i < o.ngsize; i++)
		free((char *)o.gsize[i].name);
	free(o.fe.assume);
	free(o.gsize);
	free(o.fe.args);
	free(o.defaultout);
	return ok && nerrors == 0 ? 0 : 1;
}
