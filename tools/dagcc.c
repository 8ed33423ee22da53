/* dagcc - the driver: read the options, run the pipeline, write what was asked for.
 *
 *   input:   extract (C) | parse (IR)
 *   passes:  deps, check, cost, sched, loopbucket, peel, bucket, check, p2p, analyze
 *            (defaultpasses; --passes)
 *            from IR no deps; --keep-order: order for sched, no bucket; --sched=safe: safe for
 *            sched, no bucket; --stats: deps, check
 *   output:  stats | calibrate | report, emit
 *
 * Each pass runs over every graph in turn (run); passtab says what each needs and preserves.
 * Costs, stream classes and the simulations are analyses of a graph computed on demand (need)
 * and kept until a pass changes what they were computed from. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../ir/ir.h"
#include "tmpfiles.h"

typedef struct {
	FrontendOpts fe;
	const char *output, *emit, *target;
	int fromir, stats, keeporder, noschedule, report; /* report: 1 table, 2 json */
	int safe; /* --sched=safe */
	int timepasses;
	const char *passes; /* --passes; NULL: the default pipeline */
	const char *printafter; /* --print-after=PASS */
	int printafterall, verifyeach;
	int split; /* --split */
	Deps deps; /* -MD, -MMD */
	int md, mp; /* -MD or -MMD given; -MP */
	const char *mf; /* -MF */
	char *mt; /* -MT and -MQ: the targets as written to the rule; NULL: the output */
	GroupSize *gsize;
	int ngsize;
	const char **profile; /* --profile and --calibrate files */
	int nprofile, capprofile, calibrate;
	const Profile *prof; /* theirs, merged; NULL: none */
	RankName *rank; /* --rank */
	int caprank;
	SchedOpts sched;
	BucketOpts bucket;
	double budgetpct; /* --mem-budget as a percentage; < 0 when given in bytes */
	Arena *arena; /* the driver's: options, and the arrays by graph */
	int capargs, capassume, capgsize;
	Assume *trips; /* --trips */
	int ntrips, captrips;
} Opts;

static void addarg(Opts *o, const char *a)
{
	agrow(o->arena, &o->fe.args, &o->capargs, o->fe.nargs + 1, sizeof *o->fe.args);
	o->fe.args[o->fe.nargs++] = a;
}

/* NAME=VALUE, NAME an identifier (or any text for a group), VALUE an integer */
static long long namevalue(Arena *a, const char *opt, const char *s, int ident, char **name)
{
	const char *eq = strrchr(s, '=');
	char *end;
	if (!eq || eq == s)
		fatal("%s wants NAME=VALUE, not '%s'", opt, s);
	/* ident: an identifier, or a member path of them (md->n, cfg.layers) */
	for (const char *c = s, *id = s; ident && c < eq; c++) {
		if (c > id && (*c == '.' || (*c == '-' && c[1] == '>')) &&
		    c + 1 + (*c == '-') < eq) {
			c += *c == '-';
			id = c + 1;
			continue;
		}
		if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (c > id && *c >= '0' && *c <= '9')))
			fatal("%s: '%.*s' is not an identifier or a member path", opt,
			      (int)(eq - s), s);
	}
	errno = 0;
	long long v = strtoll(eq + 1, &end, 0);
	if (errno || end == eq + 1 || *end)
		fatal("%s: '%s' is not an integer", opt, eq + 1);
	*name = astrndup(a, s, (size_t)(eq - s));
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

/* s as make reads a file name: space and tab after an escaped run of backslashes, $ doubled,
 * # escaped (gcc's rules) */
static char *mkquote(Arena *a, const char *s)
{
	char *q = aalloc(a, 3 * strlen(s) + 1), *e = q;
	for (const char *c = s; *c; c++) {
		if (*c == ' ' || *c == '\t') {
			for (const char *b = c; b > s && b[-1] == '\\'; b--)
				*e++ = '\\';
			*e++ = '\\';
		} else if (*c == '$')
			*e++ = '$';
		else if (*c == '#')
			*e++ = '\\';
		*e++ = *c;
	}
	*e = 0;
	return q;
}

static void addtarget(Opts *o, const char *t)
{
	o->mt = o->mt ? afmt(o->arena, "%s %s", o->mt, t) : astrdup(o->arena, t);
}

/* What the passes share: the options, the target, and each graph's analyses and state.
 *
 * The analyses of a graph are computed on demand (need) and kept until a pass changes what
 * they were computed from (passtab says what each pass preserves), as QBE fills its uses
 * before the passes that read them and LLVM's passes ask for analysis results. */
enum {
	COSTED = 1, /* each node's time on the target (fillcost) */
	WRITTEN = 2, /* stream classes, group sizes, the program as written simulated, its lower
		      * bound begun (analyze); of the program as written, which bucketing keeps */
	ANALYZED = 4, /* the schedule simulated, and the bound (analyzesched) */
	ALL = COSTED | WRITTEN | ANALYZED,
	SCHEDULED = 8, /* a need only: the graph has steps (IR, not an analysis) */
};
typedef struct {
	const Opts *o;
	Module *m;
	Target t;
	int loaded; /* t */
	CostOpts co;
	Analysis *a; /* by graph */
	int *state; /* by graph: the analyses it has */
	int *ours; /* by graph: its steps are the scheduler's (1) or safe mode's (2) */
	/* --time-passes: wall seconds per pass, summed over graphs, in the order first run */
	struct {
		const char *name;
		double s;
	} passtime[16];
	int npass;
} Run;

/* A pass over one graph; 0 stops the pipeline (it has said why). */
typedef struct {
	const char *name;
	int (*run)(Run *r, int i);
	int needs; /* analyses computed before it runs; SCHEDULED: refused without a schedule */
	int preserves; /* the analyses still valid after it (any it computes among them) */
	int reads; /* 1: it changes no node and no edge (the lower bound may run beside it) */
	const char *contract;
} Pass;

/* The target, once (even for no graphs: a bad --target is an error), and the profile fitted */
static int target(Run *r)
{
	if (r->loaded)
		return 1;
	if (!(r->loaded = loadtarget(r->o->target, &r->t, NULL)))
		return 0;
	r->co = (CostOpts){&r->t, r->o->gsize, r->o->ngsize, r->o->prof, r->o->trips, r->o->ntrips};
	if (r->co.profile)
		profilefit(r->m, &r->co, r->co.profile, &r->t);
	return 1;
}

static void fillcosts(Run *r, int i)
{
	fillcost(r->m->graph[i], &r->co);
	r->state[i] |= COSTED;
}

/* Graph i's analyses in what, computed where it has them not (the target loaded). */
static int need(Run *r, int i, int what)
{
	if (what & ALL && !target(r))
		return 0;
	if (what & (COSTED | WRITTEN | ANALYZED) && !(r->state[i] & COSTED))
		fillcosts(r, i);
	if (what & (WRITTEN | ANALYZED) && !(r->state[i] & WRITTEN)) {
		r->a[i].events = !strcmp(r->o->emit, "trace");
		r->a[i].reorder = r->o->sched.reorder && r->m->graph[i]->rank < 0;
		analyze(r->m->graph[i], &r->co, &r->a[i]);
		r->a[i].budget = r->o->sched.mem_budget;
		if (r->o->budgetpct >= 0) {
			/* P% over the peak of a memory-frugal order of the DAG (sched.c's frugalpeak),
			 * not over the program's as written: two writings of one DAG get one budget */
			r->a[i].shape = zalloc((size_t)r->m->graph[i]->nnode + 1, sizeof(uint64_t));
			r->a[i].frugal = frugalpeak(r->m->graph[i], r->a[i].reorder, r->a[i].shape);
			r->a[i].budget = r->a[i].frugal * (1 + r->o->budgetpct / 100);
		}
		r->state[i] |= WRITTEN;
	}
	if (what & ANALYZED && !(r->state[i] & ANALYZED)) {
		analyzesched(r->m->graph[i], &r->a[i]);
		r->state[i] |= ANALYZED;
	}
	return 1;
}

/* Graph i's analyses but keep dropped. */
static void invalidate(Run *r, int i, int keep)
{
	int drop = r->state[i] & ~keep;
	if (drop & WRITTEN) {
		Analysis *a = &r->a[i];
		int nranked = a->nranked;
		RankTime ranked[2] = {a->ranked[0], a->ranked[1]};
		freeanalysis(a);
		a->nranked = nranked;
		memcpy(a->ranked, ranked, sizeof ranked);
	}
	r->state[i] &= ~drop;
}

static int p_deps(Run *r, int i)
{
	Graph *g = r->m->graph[i];
	for (int k = 0; k < g->nnode; k++)
		g->node[k].ndep = 0;
	filldeps(g);
	loopdeps(g);
	return 1;
}

static int p_check(Run *r, int i)
{
	return check(r->m->graph[i]) == 0 && checksched(r->m->graph[i], NULL) == 0;
}

static int p_cost(Run *r, int i)
{
	fillcosts(r, i);
	return 1;
}

static SchedOpts schedopts(const Run *r, int i)
{
	SchedOpts so = r->o->sched;
	so.mem_budget = r->a[i].budget; /* need's WRITTEN */
	/* each rank's body is scheduled alone: a group's collectives keep program order, which
	 * is the same on every rank (the p2p pass checks it) */
	so.reorder &= r->m->graph[i]->rank < 0;
	return so;
}

static int p_sched(Run *r, int i)
{
	SchedOpts so = schedopts(r, i);
	/* with the node shapes frugalpeak made, where the budget is relative */
	double got[2]; /* the schedule's makespan and peak */
	got[0] = schedshaped(r->m->graph[i], r->a[i].cls, &so,
			     r->a[i].reorder == so.reorder ? r->a[i].shape : NULL, &got[1]);
	/* never slower than safe mode, which has no prefetch or in-flight limit; effort 0 is the
	 * longest-path schedule alone */
	if (so.effort > 0 && so.max_prefetch < 0 && so.max_in_flight < 0) {
		/* safe mode holds what the program as written holds: a relative budget lets it
		 * have that, so that the default is never behind it or the program as written
		 * (a hoisting writing's own peak is above its DAG's budget); bytes are bytes */
		double room = so.mem_budget;
		if (r->o->budgetpct >= 0 && room < r->a[i].before.peak)
			room = r->a[i].before.peak;
		safer(r->m->graph[i], r->a[i].cls, room, got);
	}
	schedloops(r->m->graph[i], &r->co, &so, LOOP_SCHED);
	r->ours[i] = 1;
	return 1;
}

static int p_safe(Run *r, int i)
{
	safesched(r->m->graph[i], r->a[i].cls);
	schedloops(r->m->graph[i], &r->co, &r->o->sched, LOOP_SAFE);
	r->ours[i] = 2;
	return 1;
}

static int p_order(Run *r, int i)
{
	Graph *g = r->m->graph[i];
	r->ours[i] = 0;
	if (!g->step)
		writtenorder(g);
	for (int k = 0; k < g->nloop; k++)
		if (!g->loop[k].body->step)
			schedloops(g, &r->co, &r->o->sched, LOOP_WRITTEN);
	return 1;
}

static int p_bucket(Run *r, int i)
{
	if (r->m->graph[i]->rank >= 0)
		return 1; /* each rank would bucket its own way: its peers' counts would differ */
	SchedOpts so = schedopts(r, i);
	bucket(r->m->graph[i], &r->co, r->a[i].cls, &so, &r->o->bucket);
	free(r->a[i].shape); /* the graph's nodes may be new ones */
	r->a[i].shape = NULL;
	return 1;
}

/* The scheduler's run-time loops' bodies (not safe mode's, nor the IR's), innermost first,
 * given the last trips of the loops in them (peel's rule) and bucketed, each a trip: before
 * peel, which moves a body's last trip out as it is then, and the graph's own bucketing after,
 * which then sees what the loop's last trip gives it */
static int p_loopbucket(Run *r, int i)
{
	if (r->m->graph[i]->rank >= 0 || r->ours[i] != 1)
		return 1;
	SchedOpts so = schedopts(r, i);
	bucketloops(r->m->graph[i], &r->co, &so, &r->o->bucket);
	return 1;
}

/* Whether a run-time loop of g, or of a loop in it, is peeled */
static int peeled(const Graph *g)
{
	for (int k = 0; k < g->nloop; k++)
		if (g->loop[k].peeled || peeled(g->loop[k].body))
			return 1;
	return 0;
}

/* After the bodies' bucketing: the scheduler's run-time loops' last trips given to the graph
 * around them where that is faster (passes/peel.c), the graph scheduled again as p_sched
 * does */
static int p_peel(Run *r, int i)
{
	if (r->ours[i] != 1 || !r->m->graph[i]->nloop)
		return 1;
	SchedOpts so = schedopts(r, i);
	double room = so.mem_budget;
	if (r->o->budgetpct >= 0 && room < r->a[i].before.peak)
		room = r->a[i].before.peak;
	Graph *g = r->m->graph[i];
	peelloops(g, &r->co, r->a[i].cls, &so, room, 1);
	if (peeled(g)) /* the bound as written had the loops as barriers (loopbucket peels the
			* bodies' own loops, this the graph's) */
		rebound(g, &r->a[i]);
	free(r->a[i].shape); /* the graph's nodes may be new ones */
	r->a[i].shape = NULL;
	return 1;
}

/* At the last rank of a rank-specialized function: all its ranks checked together, as written
 * and as scheduled (p2p.c). */
static int p_p2p(Run *r, int i)
{
	Graph **g = r->m->graph;
	if (g[i]->rank < 0 || (i + 1 < r->m->ngraph && samefamily(g[i], g[i + 1])))
		return 1;
	int first = i;
	while (first > 0 && samefamily(g[first - 1], g[i]))
		first--;
	int n = i - first + 1, ours = 1;
	for (int k = first; k <= i; k++)
		ours &= r->ours[k] != 0;
	RankTime *t = zalloc((size_t)n * 2, sizeof *t);
	int **cls = ours ? zalloc((size_t)n, sizeof *cls) : NULL;
	SchedOpts *so = ours ? zalloc((size_t)n, sizeof *so) : NULL;
	int ok = 1;
	for (int k = 0; ours && k < n; k++) { /* the scheduler's: p2p may reschedule them */
		ok = ok && need(r, first + k, WRITTEN);
		cls[k] = r->a[first + k].cls;
		so[k] = schedopts(r, first + k);
		so[k].safe = r->ours[first + k] == 2;
	}
	int ranked = ok ? rankp2p(g + first, n, cls, so, t) : 0;
	for (int k = 0; ranked && k < n; k++)
		if (r->state[first + k] & COSTED) { /* times are known */
			r->a[first + k].ranked[0] = t[k];
			r->a[first + k].ranked[1] = t[n + k];
			r->a[first + k].nranked = ranked;
		}
	free(cls);
	free(so);
	free(t);
	return ranked != 0;
}

static int p_analyze(Run *r, int i)
{
	return need(r, i, ANALYZED);
}

static const Pass passtab[] = {
	{"deps", p_deps, 0, COSTED, 0,
	 "edges from accesses, groups and barriers (replaces any the graph has)"},
	{"check", p_check, 0, ALL, 1,
	 "the verifier: the graph's invariants, and its schedule if it has one"},
	{"cost", p_cost, 0, COSTED, 0, "each node's time on the target"},
	{"sched", p_sched, WRITTEN, COSTED | WRITTEN, 1,
	 "a schedule of starts, waits and runs (replaces any)"},
	{"safe", p_safe, WRITTEN, COSTED | WRITTEN, 1,
	 "the safe schedule (--sched=safe): all but collectives as written, each collective "
	 "started as early as its inputs allow, in the program's sequence, and waited before its "
	 "first use (replaces any)"},
	{"order", p_order, 0, COSTED | WRITTEN, 1,
	 "the schedule the IR gives, or else the program's own order"},
	{"loopbucket", p_loopbucket, WRITTEN | SCHEDULED, COSTED | WRITTEN, 0,
	 "needs a schedule; each run-time loop's body, innermost first, given the last trips of "
	 "the loops in it where faster, and bucketed, as a trip"},
	{"bucket", p_bucket, WRITTEN | SCHEDULED, COSTED | WRITTEN, 0,
	 "needs a schedule; merges small collectives and schedules the result"},
	{"peel", p_peel, WRITTEN | SCHEDULED, COSTED | WRITTEN, 0,
	 "needs a schedule; the scheduler's run-time loops' last trips moved into the graph "
	 "around them, guarded, where that is faster"},
	{"p2p", p_p2p, 0, COSTED | WRITTEN, 1,
	 "rank-specialized graphs: sends, receives and collectives matched across the ranks, all "
	 "ranks simulated together for deadlock (as written, and scheduled)"},
	{"analyze", p_analyze, SCHEDULED, ALL, 0,
	 "needs a schedule; the program as written and the schedule simulated, and the lower "
	 "bound"},
};
enum { NPASSES = sizeof passtab / sizeof passtab[0] };

static const Pass *findpass(const char *name, size_t len)
{
	for (int k = 0; k < NPASSES; k++)
		if (strlen(passtab[k].name) == len && !strncmp(passtab[k].name, name, len))
			return &passtab[k];
	return NULL;
}

/* --passes: every name a pass; a leading extract (parse, from IR) names the input, always read,
 * and may be all the list names */
static const char *passlist(const char *list, int fromir)
{
	const char *in = fromir ? "parse" : "extract";
	size_t n = strlen(in);
	if (!strncmp(list, in, n) && (list[n] == ',' || !list[n]))
		list += n + (list[n] == ',');
	if (!*list && list[-1] != ',')
		return list;
	for (const char *s = list;; s++) {
		size_t n = strcspn(s, ",");
		if (!findpass(s, n)) {
			int help = !strcmp(list, "help");
			FILE *f = help ? stdout : stderr;
			if (!help)
				fprintf(f, "dagcc: error: --passes: unknown pass '%.*s'; ", (int)n,
					s);
			fprintf(f, "the passes:\n");
			for (int k = 0; k < NPASSES; k++)
				fprintf(f, "  %-8s %s\n", passtab[k].name, passtab[k].contract);
			fprintf(f,
				"each computes the costs, stream classes and simulations it needs, "
				"kept until a pass changes what they were computed from\n");
			exit(!help);
		}
		s += n;
		if (!*s)
			return list;
	}
}

/* The options. Each row: its name; the forms of its value (form); what it sets: with no fn the
 * int at field becomes n (no value) or the string at field the value, else fn does; and its
 * entry in --help (usage, then help, whose lines after the first are indented; a row without
 * usage is said with one above). Every option may be given more than once: the last value
 * stands, or the values add up. */
enum {
	NOVAL, /* --x */
	NEXT, /* -x V */
	EQ, /* --x V or --x=V */
	JOINED, /* -xV or -x V */
	PREFIX /* -xV */
};
typedef struct {
	const char *name;
	int form;
	void (*fn)(Opts *o, const char *arg, const char *val); /* arg: as written */
	size_t field; /* offsetof(Opts, ...) */
	int n;
	/* what the value is, when it is missing (NULL: a value); o_number's rows: when it is not
	 * one (a missing one is a value) */
	const char *what;
	const char *usage, *help;
} Opt;

static void o_cc(Opts *o, const char *arg, const char *val)
{
	addarg(o, arg);
	if (!arg[2]) /* -I DIR: two arguments */
		addarg(o, val);
}

static void o_md(Opts *o, const char *arg, const char *val)
{
	(void)val;
	o->md = 1;
	o->deps.nosys = arg[2] == 'M';
}

static void o_mt(Opts *o, const char *arg, const char *val)
{
	addtarget(o, arg[2] == 'Q' ? mkquote(o->arena, val) : val);
}

static void o_assume(Opts *o, const char *arg, const char *val)
{
	(void)arg;
	char *name;
	long long v = namevalue(o->arena, "--assume", val, 1, &name);
	agrow(o->arena, &o->fe.assume, &o->capassume, o->fe.nassume + 1, sizeof(Assume));
	o->fe.assume[o->fe.nassume++] = (Assume){name, v};
}

static void o_trips(Opts *o, const char *arg, const char *val)
{
	(void)arg;
	char *name;
	long long v = namevalue(o->arena, "--trips", val, 1, &name);
	if (v < 0)
		fatal("--trips %s: a loop runs no fewer than 0 trips", val);
	agrow(o->arena, &o->trips, &o->captrips, o->ntrips + 1, sizeof(Assume));
	o->trips[o->ntrips++] = (Assume){name, v};
}

static void o_rank(Opts *o, const char *arg, const char *val)
{
	(void)arg;
	const char *eq = strchr(val, '=');
	if (!eq || eq == val || !eq[1])
		fatal("--rank wants NAME=GROUP (e.g. rank=st->pp), not '%s'", val);
	for (const char *c = val; c < eq; c++)
		if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (c > val && *c >= '0' && *c <= '9')))
			fatal("--rank: '%.*s' is not an identifier", (int)(eq - val), val);
	agrow(o->arena, &o->rank, &o->caprank, o->fe.nrank + 1, sizeof(RankName));
	o->rank[o->fe.nrank++] =
		(RankName){astrndup(o->arena, val, (size_t)(eq - val)), astrdup(o->arena, eq + 1)};
	o->fe.rank = o->rank;
}

static void o_gsize(Opts *o, const char *arg, const char *val)
{
	(void)arg;
	char *name;
	long long v = namevalue(o->arena, "--group-size", val, 0, &name);
	if (v < 1 || v > 1 << 20)
		fatal("--group-size: %lld ranks is not a group size", v);
	agrow(o->arena, &o->gsize, &o->capgsize, o->ngsize + 1, sizeof(GroupSize));
	o->gsize[o->ngsize++] = (GroupSize){name, (int)v};
	o->fe.gsize = o->gsize;
	o->fe.ngsize = o->ngsize;
}

static void o_profile(Opts *o, const char *arg, const char *val)
{
	o->calibrate |= arg[2] == 'c';
	agrow(o->arena, &o->profile, &o->capprofile, o->nprofile + 1, sizeof *o->profile);
	o->profile[o->nprofile++] = val;
}

/* a count from 0 to max */
static int count(const char *opt, const char *s, long max, const char *what)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*end || end == s || v < 0 || v > max)
		fatal("%s: '%s' is not %s", opt, s, what);
	return (int)v;
}

static void o_number(Opts *o, const char *arg, const char *val);

static void o_exact(Opts *o, const char *arg, const char *val)
{
	int v = count(arg, val, 1 << 30, "a count of branch nodes");
	o->sched.exact = v ? v : -1;
}

static void o_form(Opts *o, const char *arg, const char *val)
{
	(void)arg;
	if (!strcmp(val, "packed"))
		o->bucket.form = BK_PACKED;
	else if (!strcmp(val, "coalesced"))
		o->bucket.form = BK_COALESCED;
	else if (!strcmp(val, "auto"))
		o->bucket.form = BK_NONE;
	else
		fatal("unknown --bucket-form=%s (auto, packed or coalesced)", val);
}

static void o_sched(Opts *o, const char *arg, const char *val)
{
	(void)arg;
	if (!strcmp(val, "safe"))
		o->safe = 1;
	else if (!strcmp(val, "search"))
		o->safe = 0;
	else
		fatal("unknown --sched=%s (search or safe)", val);
}

static void o_rotate(Opts *o, const char *arg, const char *val)
{
	if (!strcmp(arg, "--no-rotate") || !strcmp(val, "never"))
		o->sched.rotate = ROTATE_NEVER;
	else if (!strcmp(val, "auto"))
		o->sched.rotate = ROTATE_AUTO;
	else if (!strcmp(val, "always"))
		o->sched.rotate = ROTATE_ALWAYS;
	else
		fatal("unknown --rotate=%s (auto, never or always)", val);
}

static void o_budget(Opts *o, const char *arg, const char *val)
{
	(void)arg;
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
}

static void o_help(Opts *o, const char *arg, const char *val);

static void o_version(Opts *o, const char *arg, const char *val)
{
	(void)o, (void)arg, (void)val;
	printf("dagcc %s\n", DAGCC_VERSION);
	exit(0);
}

#define F(field) offsetof(Opts, field)
static const Opt opttab[] = {
	{"-o", NEXT, NULL, F(output), 0, "a file name", "-o FILE",
	 "write the output here (default: input_overlapped.c for c,\nstandard output otherwise)"},
	{"-I", JOINED, o_cc, 0, 0, NULL, "-I DIR, -D NAME[=V], -U NAME, -std=STD",
	 "passed to the C parser, as is everything after --"},
	{"-D", JOINED, o_cc, 0, 0, NULL, NULL, NULL},
	{"-U", JOINED, o_cc, 0, 0, NULL, NULL, NULL},
	{"-std=", PREFIX, o_cc, 0, 0, NULL, NULL, NULL},
	{"-p", NEXT, NULL, F(fe.builddir), 0, "a build directory", "-p BUILD_DIR",
	 "take the compiler flags from BUILD_DIR/compile_commands.json"},
	{"-MD", NOVAL, o_md, 0, 0, NULL, "-MD, -MMD",
	 "also write a make rule (a depfile): the output depends on the\ninput, the headers it "
	 "includes (-MMD: not the system ones) and the\ntarget profile; written only when the "
	 "output is"},
	{"-MMD", NOVAL, o_md, 0, 0, NULL, NULL, NULL},
	{"-MF", JOINED, NULL, F(mf), 0, NULL, "-MF FILE",
	 "write the rule here (default: the output with .d for its suffix)"},
	{"-MT", JOINED, o_mt, 0, 0, NULL, "-MT TARGET",
	 "the rule's target (default: the output; -MQ TARGET: quoted for\nmake); given more than "
	 "once, the targets are all of them"},
	{"-MQ", JOINED, o_mt, 0, 0, NULL, NULL, NULL},
	{"-MP", NOVAL, NULL, F(mp), 1, NULL, "-MP",
	 "a phony rule for each file but the input, so that make does not\nstop when a header is "
	 "deleted"},
	{"--emit", EQ, NULL, F(emit), 0, NULL, "--emit=c|ir|json|dot|trace",
	 "what to write (default c: the overlapped program, by default to\ninput_overlapped.c); "
	 "the scheduled DAG as textual IR or JSON, the\nDAG for Graphviz, or the simulated "
	 "timelines as a Chrome trace"},
	{"--from-ir", NOVAL, NULL, F(fromir), 1, NULL, "--from-ir", "the input is textual IR"},
	{"--keep-order", NOVAL, NULL, F(keeporder), 1, NULL, "--keep-order",
	 "do not reschedule: measure the order (and waits) the IR gives"},
	{"--no-schedule", NOVAL, NULL, F(noschedule), 1, NULL, "--no-schedule",
	 "stop after extraction (--emit=ir then shows the bare DAG)"},
	{"--target", EQ, NULL, F(target), 0, NULL, "--target=NAME|FILE",
	 "hardware profile (default h100-8x; a100-8x, h200-8x, h100-2x8,\nh100-16x8, or a .target "
	 "file)"},
	{"--group-size", EQ, o_gsize, 0, 0, NULL, "--group-size TEXT=N",
	 "ranks in the group named TEXT; others have the target's world size"},
	{"--max-prefetch", EQ, o_number, F(sched.max_prefetch), 1 << 30, "a count of compute nodes",
	 "--max-prefetch N", "start a collective at most N compute nodes before its first use"},
	{"--max-in-flight", EQ, o_number, F(sched.max_in_flight), 0, NULL, "--max-in-flight BYTES",
	 "bytes of collectives started and not yet waited"},
	{"--keep-group-order", NOVAL, NULL, F(sched.reorder), 0, NULL, "--keep-group-order",
	 "start each group's collectives in program order (by default the\nscheduler may reorder "
	 "those with no data between them, the same\non every rank; sends and receives always "
	 "keep their order)"},
	{"--rotate", EQ, o_rotate, 0, 0, NULL, "--rotate=auto|never|always",
	 "rotate run-time loops' bodies across their back edges, so that a\ntrip runs beside the "
	 "next (its reductions waited under the next\ntrip's work, or its gathers started under "
	 "the trip before's):\nwhere that is faster (auto, the default), never (--no-rotate: a\n"
	 "trip at a time), or always where a body can be (to test the\nrotation: it may be slower)"},
	{"--no-rotate", NOVAL, o_rotate, 0, 0, NULL, NULL, NULL},
	{"--sched", EQ, o_sched, 0, 0, NULL, "--sched=search|safe",
	 "search (the default): the fastest schedule the search finds, and\nnever slower than safe; "
	 "safe: compute, allocations and frees in\nprogram order (peak memory as written), each "
	 "group's collectives\nstarted in program order as early as their inputs allow and\nwaited "
	 "right before their first use; no buckets"},
	{"--sched-effort", EQ, o_number, F(sched.effort), 1024, "a number from 0 to 1024",
	 "--sched-effort N",
	 "list schedules the scheduler tries and simulates on graphs of up\nto 10000 nodes, in "
	 "units of 16 (default 1; 0: the bottom-level\nrule alone; up to 2500 nodes, twice that "
	 "more in a local\nsearch); larger graphs get that one, and any graph the\nprogram's own "
	 "order where it is faster"},
	{"--sched-exact", EQ, o_exact, 0, 0, NULL, "--sched-exact N",
	 "branch nodes the exact step explores per unit of --sched-effort\n(default 20000; 0: no "
	 "exact step): a branch-and-bound over\nwindows of 40 compute nodes of the best schedule's "
	 "run order, on\ngraphs of up to 2500 nodes without a prefetch or in-flight limit"},
	{"--mem-budget", EQ, o_budget, 0, 0, NULL, "--mem-budget BYTES|P%",
	 "peak bytes of temporaries, or P% over the peak of a memory-\nfrugal order of the DAG, not the program's (default 100%)"},
	{"--bucket-cap", EQ, o_number, F(bucket.cap), 0, NULL, "--bucket-cap BYTES",
	 "merge small collectives into buckets of at most BYTES (default\n25M, as PyTorch DDP; 0: "
	 "no bucketing)"},
	{"--bucket-form", EQ, o_form, 0, 0, NULL, "--bucket-form=auto|packed|coalesced",
	 "how buckets are issued: copied into one buffer, or as one NCCL\ngroup (default auto: "
	 "the cost model chooses; adjacent all-reduces\nare always one collective)"},
	{"--assume", EQ, o_assume, 0, 0, NULL, "--assume NAME=VALUE",
	 "bind an identifier or member path (md->n) used in counts, loop\nbounds and costs"},
	{"--trips", EQ, o_trips, 0, 0, NULL, "--trips NAME=K",
	 "simulate and report a run-time loop bounded by NAME (i < NAME)\nas K trips of its body "
	 "(the emitted code does not change)"},
	{"--rank", EQ, o_rank, 0, 0, NULL, "--rank NAME=GROUP",
	 "NAME (a parameter or local) holds this rank's number in GROUP:\na graph whose counts, "
	 "bounds, conditions or peers depend on it\n(or on dagcc_group_rank) is compiled once per "
	 "rank, at most 64"},
	{"--profile", EQ, o_profile, 0, 0, NULL, "--profile FILE",
	 "measured costs (a DAGCC_PROFILE run's FILE.rankR; give several to\nmerge): a node they "
	 "name costs its median run (a collective its\nslowest rank's median); the rest keep the "
	 "model's"},
	{"--calibrate", EQ, o_profile, 0, 0, NULL, "--calibrate FILE",
	 "fit the target's constants to a profile of this input (several\nmerge) and write them "
	 "as a target file to -o; the fit's error\ngoes to stderr"},
	{"--report", NOVAL, NULL, F(report), 1, NULL, "--report",
	 "print the simulated before/after per graph to stderr"},
	{"--report=text", NOVAL, NULL, F(report), 1, NULL, NULL, NULL},
	{"--report=json", NOVAL, NULL, F(report), 2, NULL, "--report=json",
	 "the same as JSON on standard output"},
	{"--stats", NOVAL, NULL, F(stats), 1, NULL, "--stats",
	 "print JSON counts of the extracted graphs and exit"},
	{"--passes", EQ, NULL, F(passes), 0, NULL, "--passes=LIST",
	 "run these passes over each graph, in order, instead of the default\n"
	 "deps,check,cost,sched,loopbucket,peel,bucket,check,p2p,analyze\n(from IR: no deps; "
	 "--keep-order: order for sched, no buckets, no\npeel); --passes=help lists them"},
	{"--print-after", EQ, NULL, F(printafter), 0, NULL, "--print-after=PASS",
	 "print the IR to stderr after PASS (--print-after-all: every pass)"},
	{"--print-after-all", NOVAL, NULL, F(printafterall), 1, NULL, NULL, NULL},
	{"--verify-each", NOVAL, NULL, F(verifyeach), 1, NULL, "--verify-each",
	 "run the verifier (check) after every pass (the default in Debug\nbuilds; "
	 "--no-verify-each turns it off)"},
	{"--no-verify-each", NOVAL, NULL, F(verifyeach), 0, NULL, NULL, NULL},
	{"--time-passes", NOVAL, NULL, F(timepasses), 1, NULL, "--time-passes",
	 "print each pass's wall time to stderr"},
	{"--split", EQ, o_number, F(split), 1 << 30, "a count of nodes", "--split N",
	 "read and print IR graphs of N nodes or more in two halves, on\ntwo threads (default "
	 "65536; 0: one thread)"},
	{"--help", NOVAL, o_help, 0, 0, NULL, "--help, --version", NULL},
	{"-h", NOVAL, o_help, 0, 0, NULL, NULL, NULL},
	{"--version", NOVAL, o_version, 0, 0, NULL, NULL, NULL},
};
#undef F
enum { NOPTS = sizeof opttab / sizeof opttab[0] };

/* --help: the table's usage and help columns, help from column 25 */
static void o_help(Opts *o, const char *arg, const char *val)
{
	(void)o, (void)arg, (void)val;
	printf("usage: dagcc [options] input.c [-o output] [-- compiler flags]\n\n");
	for (const Opt *p = opttab; p < opttab + NOPTS; p++) {
		if (!p->usage)
			continue;
		if (!p->help)
			printf("  %s\n", p->usage);
		else if (strlen(p->usage) > 21)
			printf("  %s\n%24s", p->usage, "");
		else
			printf("  %-21s ", p->usage);
		for (const char *s = p->help; s && *s;) {
			size_t n = strcspn(s, "\n");
			printf("%.*s\n%*s", (int)n, s, s[n] ? 24 : 0, "");
			s += n + (s[n] != 0);
		}
	}
	exit(0);
}

/* arg's row, or NULL; *val: its value where arg holds it, else NULL (the next argument's) */
static const Opt *findopt(const char *arg, const char **val)
{
	for (const Opt *p = opttab; p < opttab + NOPTS; p++) {
		size_t n = strlen(p->name);
		if (strncmp(arg, p->name, n))
			continue;
		const char *rest = arg + n;
		if (*rest && p->form != JOINED && p->form != PREFIX &&
		    !(p->form == EQ && *rest == '='))
			continue;
		if (!*rest && p->form != PREFIX)
			*val = NULL;
		else
			*val = p->form == EQ ? rest + 1 : rest;
		return p;
	}
	return NULL;
}

/* --max-prefetch, --sched-effort, --split (a count from 0 to the row's n, into the int at its
 * field; else what) and --max-in-flight, --bucket-cap (n 0: bytes, into the double there) */
static void o_number(Opts *o, const char *arg, const char *val)
{
	const char *v;
	const Opt *p = findopt(arg, &v);
	char *at = (char *)o + p->field;
	if (p->n)
		*(int *)at = count(p->name, val, p->n, p->what);
	else
		*(double *)at = bytes(p->name, val);
}

static void parseopts(int argc, char **argv, Opts *o)
{
	o->arena = arena_new();
	o->sched = (SchedOpts){-1, -1, -1, 1, 1, 0, 0, 0, ROTATE_AUTO};
	o->budgetpct = 100;
	o->bucket.cap = 25.0 * 1024 * 1024;
	o->target = "h100-8x";
	o->split = 1 << 16;
#ifndef NDEBUG
	o->verifyeach = 1; /* a Debug build checks the IR after every pass */
#endif
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *val;
		if (!strcmp(a, "--")) {
			while (++i < argc)
				addarg(o, argv[i]);
			break;
		}
		const Opt *p = findopt(a, &val);
		if (!p) {
			if (a[0] == '-' && a[1])
				fatal("unknown option '%s' (see dagcc --help)", a);
			if (o->fe.input)
				fatal("more than one input: '%s' and '%s'", o->fe.input, a);
			o->fe.input = a;
			continue;
		}
		if (!val && p->form != NOVAL) {
			if (i + 1 >= argc)
				fatal("%s needs %s", p->name,
				      p->what && p->fn != o_number ? p->what : "a value");
			val = argv[++i];
		}
		if (p->fn)
			p->fn(o, a, val);
		else if (p->form == NOVAL)
			*(int *)((char *)o + p->field) = p->n;
		else
			*(const char **)((char *)o + p->field) = val;
	}
	if (!o->fe.input)
		fatal("no input file (see dagcc --help)");
	for (int i = 0; i < o->fe.nrank; i++)
		for (int k = 0; k < o->fe.nassume; k++)
			if (!strcmp(o->fe.rank[i].name, o->fe.assume[k].name))
				fatal("'%s' is both --rank and --assume", o->fe.rank[i].name);
	if (o->passes)
		o->passes = passlist(o->passes, o->fromir);
	if (o->printafter && !findpass(o->printafter, strlen(o->printafter)))
		fatal("--print-after: unknown pass '%s' (see --passes=help)", o->printafter);
	if (o->calibrate) {
		if (!o->output || !strcmp(o->output, "-"))
			fatal("--calibrate writes a target file: give it with -o");
		if (o->emit || o->report || o->stats || o->passes || o->md)
			fatal("--calibrate writes only the target file: no --emit, --report, --stats, "
			      "--passes or -MD");
		o->emit = "none";
	}
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
			o->output = afmt(o->arena, "%.*s_overlapped%s", (int)stem, o->fe.input,
					 o->fe.input + stem);
		}
	}
	if (o->noschedule && strcmp(o->emit, "ir") && !o->stats)
		fatal("--no-schedule goes with --emit=ir or --stats");
	if (o->safe && o->keeporder)
		fatal("--sched=safe and --keep-order: choose one (--keep-order does not schedule)");
	if (!o->md && (o->mf || o->mt || o->mp))
		fatal("-MF, -MT, -MQ and -MP go with -MD or -MMD");
	if (o->md) {
		int out = o->output && strcmp(o->output, "-") && strcmp(o->emit, "none");
		if (!o->mf && !out)
			fatal("-MD: give -MF FILE: the output is not a file to name the rule after");
		if (!o->mt && !out)
			fatal("-MD: give -MT TARGET: the output is not a file");
		if (!o->mf) {
			/* model_overlapped.c -> model_overlapped.d, as gcc names foo.o's */
			const char *base =
				strrchr(o->output, '/') ? strrchr(o->output, '/') + 1 : o->output;
			const char *dot = strrchr(base, '.');
			size_t stem =
				dot && dot > base ? (size_t)(dot - o->output) : strlen(o->output);
			o->mf = afmt(o->arena, "%.*s.d", (int)stem, o->output);
		}
		if (!o->mt)
			o->mt = mkquote(o->arena, o->output);
		o->deps.arena = o->arena;
		o->fe.deps = &o->deps;
	}
}

/* -MD: the rule "output: input headers... profile", written like the output, whole or not at
 * all, and only when the output was. */
static void writedeps(Opts *o, const Target *t)
{
	Deps d = {.arena = o->arena};
	addfile(&d, o->fe.input);
	for (int i = 0; i < o->deps.nfile; i++)
		addfile(&d, o->deps.file[i]);
	if (o->fe.builddir)
		addfile(&d, afmt(o->arena, "%s/compile_commands.json", o->fe.builddir));
	if (t)
		addfile(&d, t->file);
	for (int i = 0; i < o->nprofile; i++) /* --profile: its measurements shape the output */
		addfile(&d, o->profile[i]);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		fatal("out of memory");
	fprintf(f, "%s:", o->mt);
	for (int i = 0; i < d.nfile; i++)
		fprintf(f, " %s%s", mkquote(o->arena, d.file[i]), i + 1 < d.nfile ? " \\\n" : "\n");
	for (int i = 1; o->mp && i < d.nfile; i++)
		fprintf(f, "\n%s:\n", mkquote(o->arena, d.file[i]));
	if (fclose(f) != 0)
		fatal("out of memory");
	char *tmp = afmt(o->arena, "%s.tmpXXXXXX", o->mf);
	int slot, fd = tmpopen(tmp, 0, &slot);
	FILE *out = fd >= 0 ? fdopen(fd, "w") : fopen(o->mf, "w");
	if (!out)
		fatal("cannot write %s: %s", o->mf, strerror(errno));
	if (fd >= 0) {
		mode_t mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	fwrite(buf, 1, len, out);
	free(buf);
	int bad = ferror(out) | (fclose(out) != 0);
	if (bad || (fd >= 0 && rename(tmp, o->mf) != 0)) {
		if (fd >= 0)
			unlink(tmp);
		fatal("cannot write %s", o->mf);
	}
	tmpdone(slot);
}

/* 0 when nothing may be written: the overlapped C would not compile. */
static int emit(FILE *f, const Opts *o, const Module *m, const Analysis *a, const Target *t)
{
	if (o->calibrate) {
		Buf from = {0};
		for (int i = 0; i < o->nprofile; i++)
			bprintf(&from, "%s%s", i ? " " : "", o->profile[i]);
		CostOpts co = {.target = t, .gsize = o->gsize, .ngsize = o->ngsize};
		calibrate(f, m, &co, o->prof, from.s);
		bfree(&from);
	} else if (!strcmp(o->emit, "ir"))
		printirfast(f, m, o->split);
	else if (!strcmp(o->emit, "json"))
		printjson(f, m, t);
	else if (!strcmp(o->emit, "dot"))
		printdot(f, m);
	else if (!strcmp(o->emit, "trace"))
		printtrace(f, m, a);
	else if (!strcmp(o->emit, "c")) {
		size_t len;
		const char *src = srctext(o->fe.input, &len); /* as the frontend read it */
		if (!src)
			fatal("cannot read %s", o->fe.input);
		char *out = NULL;
		size_t outlen = 0;
		FILE *mem = open_memstream(&out, &outlen);
		if (!mem)
			fatal("out of memory");
		printc(mem, m, o->fe.input, src, len, a, t);
		if (fclose(mem) != 0)
			fatal("out of memory");
		int ok = compiles(&o->fe, out, outlen, src, len);
		if (ok)
			fwrite(out, 1, outlen, f);
		free(out);
		return ok;
	}
	return 1;
}

/* Writes through a temporary file so that a failed or killed run leaves no output behind. */
static void writeout(const Opts *o, const Module *m, const Analysis *a, const Target *t)
{
	if (!strcmp(o->emit, "none") && !o->calibrate)
		return;
	if (!o->output || strcmp(o->output, "-") == 0) {
		if (o->report == 2)
			fatal("--report=json writes to standard output: give -o for --emit=%s",
			      o->emit);
		if (!emit(stdout, o, m, a, t))
			exit(1);
		if (fflush(stdout) != 0)
			fatal("cannot write the output");
		return;
	}
	/* gcc and clang refuse it too: an error here would have cost the user the source */
	struct stat st, in;
	int exists = stat(o->output, &st) == 0;
	if (exists && o->fe.input && stat(o->fe.input, &in) == 0 && st.st_dev == in.st_dev &&
	    st.st_ino == in.st_ino)
		fatal("input file '%s' is the same as output file", o->fe.input);
	/* a device or a pipe (-o /dev/null) is written as it is: renaming a temporary over it
	 * would replace it */
	if (exists && !S_ISREG(st.st_mode)) {
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
	/* A regular file is written whole to a temporary beside it, which then replaces it: an
	 * error leaves no output, and a reader never sees half of one. A symbolic link is written
	 * through (the temporary goes beside the file it names); the file keeps its mode, and its
	 * owner and group where we may give them (root, or a group we are in), and a new one gets
	 * the umask's mode. */
	struct stat ln;
	char *real = exists ? realpath(o->output, NULL) : NULL;
	const char *dst = real ? real : o->output;
	int dangling = !exists && lstat(o->output, &ln) == 0 && S_ISLNK(ln.st_mode);
	mode_t mode = exists ? st.st_mode & 07777 : 0;
	if (!exists) {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	size_t n = strlen(dst);
	char *tmp = malloc(n + 16);
	if (!tmp)
		fatal("out of memory");
	snprintf(tmp, n + 16, "%s.tmpXXXXXX", dst);
	int slot = -1, fd = dangling ? -1 : tmpopen(tmp, 0, &slot); /* a signal removes it */
	if (fd < 0) {
		/* no temporary beside it (a directory we cannot write, a link to no file yet):
		 * the output is made in memory, then written in place */
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		if (!f)
			fatal("out of memory");
		int ok = emit(f, o, m, a, t);
		if (ferror(f) | (fclose(f) != 0))
			fatal("cannot write %s", o->output);
		if (!ok)
			exit(1);
		FILE *out = fopen(dst, "w");
		if (!out)
			fatal("cannot create %s: %s", o->output, strerror(errno));
		fwrite(buf, 1, len, out);
		if (ferror(out) | (fclose(out) != 0))
			fatal("cannot write %s", o->output);
		free(buf);
		free(tmp);
		free(real);
		return;
	}
	/* the owner before the mode: a chown may clear the set-user-ID and set-group-ID bits.
	 * Not root: the group alone, if we are in it; else the file becomes ours, as a new one. */
	if (exists && (st.st_uid != geteuid() || st.st_gid != getegid()) &&
	    fchown(fd, st.st_uid, st.st_gid) != 0 && fchown(fd, (uid_t)-1, st.st_gid) != 0)
		errno = 0;
	FILE *f = fdopen(fd, "w");
	if (!f || fchmod(fd, mode) != 0) {
		unlink(tmp);
		fatal("cannot write %s", o->output);
	}
	int ok = emit(f, o, m, a, t);
	int bad = ferror(f) | (fclose(f) != 0);
	if (!ok) {
		unlink(tmp);
		exit(1);
	}
	if (bad || rename(tmp, dst) != 0) {
		unlink(tmp);
		fatal("cannot write %s", o->output);
	}
	tmpdone(slot);
	free(tmp);
	free(real);
}

static void addtime(Run *r, const char *name, double s)
{
	int i = 0;
	while (i < r->npass && strcmp(r->passtime[i].name, name))
		i++;
	if (i == r->npass && r->npass < 16)
		r->passtime[r->npass++].name = name;
	if (i < r->npass)
		r->passtime[i].s += s;
}

/* Runs pass p over every graph, what it needs computed first and what it changes dropped,
 * then what --print-after and --verify-each ask for. */
static int run(Run *r, const Pass *p)
{
	if (p->run == p_cost && !target(r)) /* even for no graphs: a bad --target is an error */
		return 0;
	for (int i = 0; i < r->m->ngraph; i++) {
		double t0 = monotime();
		if (p->needs & SCHEDULED && !r->m->graph[i]->step) {
			error((Loc){0},
			      "pass '%s' on graph @%s needs a schedule ('sched' or 'order') first",
			      p->name, r->m->graph[i]->name);
			return 0;
		}
		if (!need(r, i, p->needs))
			return 0;
		if (!p->reads)
			joinbound(&r->a[i]);
		int ok = p->run(r, i);
		invalidate(r, i, p->preserves);
		addtime(r, p->name, monotime() - t0);
		if (!ok)
			return 0;
	}
	const Opts *o = r->o;
	if (o->printafterall || (o->printafter && !strcmp(o->printafter, p->name))) {
		fprintf(stderr, "; IR after %s\n", p->name);
		printir(stderr, r->m);
	}
	for (int i = 0; o->verifyeach && p->run != p_check && i < r->m->ngraph; i++) {
		double t0 = monotime();
		int ok = p_check(r, i);
		addtime(r, "check", monotime() - t0);
		if (!ok)
			return 0;
	}
	return 1;
}

/* Runs the passes a comma-separated list names, in order. */
static int passes(Run *r, const char *list)
{
	for (const char *s = list; *s;) {
		size_t n = strcspn(s, ",");
		if (!run(r, findpass(s, n)))
			return 0;
		s += n + (s[n] == ',');
	}
	return 1;
}

/* The pipeline when --passes names none. From IR there is no deps: the IR has its edges. */
static const char *defaultpasses(const Opts *o)
{
	const char *p = "deps,check,cost,sched,loopbucket,peel,bucket,check,p2p,analyze";
	if (o->stats || o->noschedule)
		p = "deps,check";
	else if (o->keeporder)
		p = "deps,check,cost,order,check,p2p,analyze";
	else if (o->safe)
		p = "deps,check,cost,safe,check,p2p,analyze";
	return o->fromir ? p + strlen("deps,") : p;
}

/* Whether a run-time loop of g, or of a loop in it, is bounded by name */
static int bounds(const Graph *g, const char *name)
{
	for (int k = 0; k < g->nloop; k++)
		if (!strcmp(g->loop[k].trips, name) || bounds(g->loop[k].body, name))
			return 1;
	return 0;
}

static int input(Run *r)
{
	double t0 = monotime();
	int ok = r->o->fromir ? parseirfast(r->o->fe.input, r->m, r->o->split) :
				extract(&r->o->fe, r->m);
	/* IR may order a node across a barrier by group order alone (as dagcc wrote it before a
	 * group's collectives could reorder): made explicit before any pass */
	for (int i = 0; ok && r->o->fromir && i < r->m->ngraph; i++)
		orderbarriers(r->m->graph[i]);
	addtime(r, r->o->fromir ? "parse" : "extract", monotime() - t0);
	for (int k = 0; ok && k < r->o->ntrips; k++) {
		int any = 0;
		for (int i = 0; !any && i < r->m->ngraph; i++)
			any = bounds(r->m->graph[i], r->o->trips[k].name);
		if (!any)
			warning((Loc){0}, "--trips %s: no run-time loop is bounded by '%s'",
				r->o->trips[k].name, r->o->trips[k].name);
	}
	size_t n = (size_t)r->m->ngraph;
	r->a = aarray(r->o->arena, n, sizeof *r->a);
	r->state = aarray(r->o->arena, n, sizeof *r->state);
	r->ours = aarray(r->o->arena, n, sizeof *r->ours);
	return ok;
}

/* g's schedule dropped, and its loops' bodies' */
static void unschedule(Graph *g)
{
	g->step = NULL, g->nstep = 0;
	for (int k = 0; k < g->nloop; k++)
		unschedule(g->loop[k].body);
}

static int output(Run *r)
{
	const Opts *o = r->o;
	Module *m = r->m;
	if (o->stats) {
		printstats(stdout, m);
		return 1;
	}
	if (o->noschedule)
		for (int i = 0; i < m->ngraph; i++)
			unschedule(m->graph[i]);
	int want = 0; /* what the output needs of every graph, computed where --passes left it */
	if (o->report || !strcmp(o->emit, "c") || !strcmp(o->emit, "trace"))
		want = ANALYZED;
	else if (!strcmp(o->emit, "json"))
		want = COSTED;
	for (int i = 0; i < m->ngraph; i++) {
		if (want & ANALYZED && !m->graph[i]->step) {
			error((Loc){0},
			      "%s needs a schedule of graph @%s: --passes leaves out 'sched' "
			      "or 'order'",
			      o->report ? "--report" : "this --emit", m->graph[i]->name);
			return 0;
		}
		if (!need(r, i, want))
			return 0;
	}
	stalewarn(r->co.profile);
	double t0 = monotime();
	if (o->report) {
		printreport(o->report == 2 ? stdout : stderr, m, r->a, &r->t, r->co.profile,
			    o->report == 2);
		addtime(r, "report", monotime() - t0);
		t0 = monotime();
	}
	writeout(o, m, r->a, &r->t);
	addtime(r, "emit", monotime() - t0);
	return 1;
}

/* --calibrate: the graphs costed by the model alone, then the target fitted to the profile. */
static int calibrated(Run *r)
{
	if (!loadtarget(r->o->target, &r->t, NULL))
		return 0;
	r->loaded = 1;
	r->co = (CostOpts){.target = &r->t, .gsize = r->o->gsize, .ngsize = r->o->ngsize};
	for (int i = 0; i < r->m->ngraph; i++)
		fillcost(r->m->graph[i], &r->co);
	writeout(r->o, r->m, NULL, &r->t); /* the target file: emit */
	return 1;
}

static int dagcc(int argc, char **argv)
{
	Opts o = {0};
	parseopts(argc, argv, &o);
	/* not freed: at exit the kernel takes a large graph's memory back faster, and a static
	 * keeps it reachable for the leak checker (the profile's too) */
	static Module m;
	static Profile prof;
	if (!strcmp(o.emit, "c")) { /* the overlapped file checks the macros its graphs read */
		m.macros.arena = o.arena;
		o.fe.macros = &m.macros;
	}
	if (!o.fromir) { /* a group --group-size does not name has the target's world size */
		Target t;
		Diags quiet = {0}; /* the cost pass reports a bad target */
		if (loadtarget(o.target, &t, &quiet))
			o.fe.worldsize = t.nodes * t.gpus_per_node;
	}
	for (int i = 0; i < o.nprofile; i++)
		loadprofile(&prof, o.profile[i], i);
	if (o.nprofile)
		o.prof = mergeprofiles(&prof);
	Run r = {.o = &o, .m = &m};
	int ok = input(&r) &&
		 (o.calibrate ? calibrated(&r) :
				passes(&r, o.passes ? o.passes : defaultpasses(&o)) && output(&r));
	if (ok && nerrors == 0 && o.md)
		writedeps(&o, r.loaded ? &r.t : NULL);
	for (int i = 0; i < m.ngraph; i++)
		joinbound(&r.a[i]);
	if (o.timepasses) {
		double total = 0;
		for (int i = 0; i < r.npass; i++)
			total += r.passtime[i].s;
		for (int i = 0; i < r.npass; i++)
			fprintf(stderr, "dagcc: %-14s %8.3f s %5.1f%%\n", r.passtime[i].name,
				r.passtime[i].s, total > 0 ? 100 * r.passtime[i].s / total : 0);
		fprintf(stderr, "dagcc: %-14s %8.3f s\n", "total", total);
	}
	for (int i = 0; i < m.ngraph; i++)
		freeanalysis(&r.a[i]);
	arena_free(o.arena);
	return ok && nerrors == 0 ? 0 : 1;
}

/* dagcc proper runs on a thread with a stack of 1 GB (reserved, not used), and libclang parses
 * on it too (LIBCLANG_NOTHREADS; it would parse on a thread of 8 MB): both recurse once per
 * level of the input's nesting, and 20,000 nested ifs or a macro nested 3,000 deep overflowed
 * the stack of 8 MB. */
typedef struct {
	int argc, status;
	char **argv;
	sigset_t startmask; /* the signal mask dagcc was started with */
} Main;

/* The signals that remove dagcc's temporaries (tools/tmpfiles.c) reach the thread that runs
 * dagcc, alone: it blocks them while it makes a temporary and keeps its path, which a handler
 * run on another thread meanwhile would not see. */
static sigset_t killers(void)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	return set;
}

static void *runmain(void *arg)
{
	Main *m = arg;
	pthread_sigmask(SIG_SETMASK, &m->startmask, NULL);
	m->status = dagcc(m->argc, m->argv);
	return NULL;
}

int main(int argc, char **argv)
{
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	Main m = {.argc = argc, .argv = argv};
	pthread_attr_t attr;
	pthread_t th;
	sigset_t set = killers();
	pthread_sigmask(SIG_BLOCK, &set, &m.startmask);
	if (pthread_attr_init(&attr) != 0 ||
	    pthread_attr_setstacksize(&attr, (size_t)1 << 30) != 0 ||
	    pthread_create(&th, &attr, runmain, &m) != 0) {
		pthread_sigmask(SIG_SETMASK, &m.startmask, NULL);
		return dagcc(argc, argv); /* on this stack, then */
	}
	pthread_join(th, NULL);
	return m.status;
}
