/* profile.c - measured costs (loadprofile, useprofile) and their summary for the report.
 *
 * A profile is what the runtime writes in profile mode (DAGCC_PROFILE=FILE, one FILE.rankR per
 * rank; README has the schema): per node, keyed by its file's base name, line, column and copy
 * (Node.copy), the microseconds of each run. Several files merge: a compute node costs the
 * median of all its runs on all ranks, a collective the largest of its ranks' medians (the
 * straggler is what the group waits for). useprofile, from fillcost, gives every node it
 * matches (same key, same kind, same name) its measured cost instead of the model's; the rest
 * keep the model's. An entry that matches no node of any graph is stale: warned, not fatal.
 *
 * A profile also has each graph's measured step (by file and graph name; the slowest file's
 * median) and, per node, its position in the first run of its step (its start's and wait's,
 * for a collective): the schedule that ran. The first costing rebuilds that schedule (ranorder)
 * and simulates it with the profile's costs, so the report can set the model beside the real
 * run. Requires Node.copy (numbercopies). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

/* one profile file's entry: key, kind, name and runs */
typedef struct Raw {
	const char *file, *name; /* file: its base name */
	int line, col, copy, coll; /* coll: 1 a collective, 0 compute, 2 a graph's step */
	int pos, waitpos; /* -1 none */
	int src; /* which file it came from */
	double *us;
	int nus;
} Raw;

static const char *basename_(const char *p)
{
	if (!p)
		return "";
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* a node of "nodes", or with step set a graph of "graphs" */
static void node(Profile *pr, Json *j, int src, int step)
{
	Raw r = {.line = -1,
		 .col = step ? 0 : -1,
		 .copy = step ? 0 : -1,
		 .coll = step ? 2 : -1,
		 .pos = -1,
		 .waitpos = -1,
		 .src = src};
	int cap = 0;
	if (!jsoneat(j, '{'))
		jsonbad(j, "expected a node object");
	if (!jsoneat(j, '}'))
		do {
			char *key = jsonstr(j);
			if (!jsoneat(j, ':'))
				jsonbad(j, "expected ':'");
			if (!strcmp(key, "file")) {
				char *f = jsonstr(j);
				r.file = strdup(basename_(f));
				free(f);
			} else if (!strcmp(key, "name")) {
				r.name = jsonstr(j);
			} else if (!step && (!strcmp(key, "pos") || !strcmp(key, "wait_pos"))) {
				double v = jsonnum(j);
				if (v < 0 || v > 1e9 || v != floor(v))
					jsonbad(j, "expected a whole number");
				*(key[0] == 'p' ? &r.pos : &r.waitpos) = (int)v;
			} else if (!step && !strcmp(key, "kind")) {
				char *k = jsonstr(j);
				r.coll = !strcmp(k, "collective") ? 1 :
					 !strcmp(k, "compute")	  ? 0 :
								    -1;
				if (r.coll < 0)
					jsonbad(j, "kind is neither compute nor collective");
				free(k);
			} else if (!strcmp(key, "line") ||
				   (!step && (!strcmp(key, "col") || !strcmp(key, "copy")))) {
				double v = jsonnum(j);
				if (v < 0 || v > 1e9 || v != floor(v))
					jsonbad(j, "expected a whole number");
				*(key[0] == 'l'			 ? &r.line :
				  key[1] == 'o' && key[2] == 'l' ? &r.col :
								   &r.copy) = (int)v;
			} else if (!strcmp(key, "us")) {
				if (!jsoneat(j, '['))
					jsonbad(j, "expected an array of microseconds");
				if (!jsoneat(j, ']')) {
					do {
						double v = jsonnum(j);
						if (v < 0)
							jsonbad(j, "a negative duration");
						agrow(NULL, &r.us, &cap, r.nus + 1, sizeof *r.us);
						r.us[r.nus++] = v;
					} while (jsoneat(j, ','));
					if (!jsoneat(j, ']'))
						jsonbad(j, "expected ']'");
				}
			} else {
				jsonskip(j, 1);
			}
			free(key);
		} while (jsoneat(j, ','));
	if (!jsoneat(j, '}'))
		jsonbad(j, "expected '}'");
	if (step && (!r.file || !r.name || r.line < 0))
		jsonbad(j, "a graph needs file, line and name");
	if (!r.file || !r.name || r.line < 0 || r.col < 0 || r.copy < 0 || r.coll < 0)
		jsonbad(j, "a node needs file, line, col, copy, name and kind");
	if (!r.nus) { /* never ran: nothing to say */
		free((char *)r.file);
		free((char *)r.name);
		return;
	}
	agrow(NULL, &pr->raw, &pr->capraw, pr->nraw + 1, sizeof *pr->raw);
	pr->raw[pr->nraw++] = r;
}

void loadprofile(Profile *pr, const char *path, int src)
{
	agrow(NULL, &pr->filerank, &pr->capfile, src + 1, sizeof *pr->filerank);
	while (pr->nfile <= src)
		pr->filerank[pr->nfile++] = -1;
	size_t len;
	const char *text = srctext(path, &len);
	if (!text)
		fatal("cannot read the profile %s", path);
	Json j = {.path = path, .s = text, .p = text, .what = "not a dagcc profile"};
	int version = 0;
	if (!jsoneat(&j, '{'))
		jsonbad(&j, "expected '{'");
	if (!jsoneat(&j, '}'))
		do {
			char *key = jsonstr(&j);
			if (!jsoneat(&j, ':'))
				jsonbad(&j, "expected ':'");
			if (!strcmp(key, "version")) {
				version = (int)jsonnum(&j);
			} else if (!strcmp(key, "rank")) {
				double v = jsonnum(&j);
				if (v < 0 || v > 1e9 || v != floor(v))
					jsonbad(&j, "rank is not a whole number");
				pr->filerank[src] = (int)v;
			} else if (!strcmp(key, "ranks")) {
				double v = jsonnum(&j);
				if (v < 1 || v > 1e9 || v != floor(v))
					jsonbad(&j, "ranks is not a whole number of ranks");
				pr->ranks = pr->ranks > (int)v ? pr->ranks : (int)v;
			} else if (!strcmp(key, "nodes") || !strcmp(key, "graphs")) {
				int step = key[0] == 'g';
				if (!jsoneat(&j, '['))
					jsonbad(&j, step ? "expected an array of graphs" :
							   "expected an array of nodes");
				if (!jsoneat(&j, ']')) {
					do
						node(pr, &j, src, step);
					while (jsoneat(&j, ','));
					if (!jsoneat(&j, ']'))
						jsonbad(&j, "expected ']'");
				}
			} else {
				jsonskip(&j, 0);
			}
			free(key);
		} while (jsoneat(&j, ','));
	if (!jsoneat(&j, '}'))
		jsonbad(&j, "expected '}'");
	jsonws(&j);
	if (*j.p)
		jsonbad(&j, "text after the profile");
	if (version != 1)
		fatal("%s: profile version %d: this dagcc reads version 1", path, version);
}

static int cmpd(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmpd);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int cmpraw(const void *x, const void *y)
{
	const Raw *a = x, *b = y;
	int c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if (a->copy != b->copy)
		return a->copy < b->copy ? -1 : 1;
	if (a->coll != b->coll)
		return a->coll - b->coll;
	c = strcmp(a->name, b->name);
	return c ? c : a->src - b->src;
}

static unsigned keyhash(const char *file, int line, int col, int copy)
{
	unsigned h = 2166136261u;
	for (const char *p = file; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return ((h ^ (unsigned)line) * 16777619u ^ (unsigned)col) * 16777619u ^ (unsigned)copy;
}

static void addentry(Profile *pr, const ProfEntry *pe)
{
	agrow(NULL, &pr->e, &pr->cap, pr->n + 1, sizeof *pr->e);
	pr->e[pr->n++] = *pe;
}

/* Entry b, if a bucket's ("bucket:KIND:LINE.COL.COPY,..."), gets an entry per member: its
 * positions, its time until useprofile shares it out. A name it cannot read stands alone (and
 * matches nothing: stale). */
static void members(Profile *pr, int b)
{
	const char *s = pr->e[b].name;
	if (strncmp(s, "bucket:", 7))
		return;
	s += 7;
	const char *colon = strchr(s, ':');
	if (!colon)
		return;
	int kind = 0;
	while (kind < NKIND &&
	       (!colls[kind].name || strlen(kindname[kind]) != (size_t)(colon - s) ||
		strncmp(kindname[kind], s, (size_t)(colon - s))))
		kind++;
	if (kind == NKIND)
		return;
	int sub = 0;
	for (const char *p = colon + 1, *end; *p; p = *end ? end + 1 : end) {
		int line, col, copy, used = 0;
		end = p + strcspn(p, ",");
		if (sscanf(p, "%d.%d.%d%n", &line, &col, &copy, &used) != 3 || p + used != end ||
		    line < 0 || col < 0 || copy < 0)
			return;
		ProfEntry m = pr->e[b];
		m.name = kindname[kind];
		m.line = line, m.col = col, m.copy = copy;
		m.bucket = b + 1;
		m.sub = ++sub; /* its place in the bucket */
		addentry(pr, &m);
	}
}

/* Merges what loadprofile read: one entry per key, kind and name. */
const Profile *mergeprofiles(Profile *pr)
{
	if (pr->nraw) /* qsort of NULL is undefined, even of nothing */
		qsort(pr->raw, (size_t)pr->nraw, sizeof *pr->raw, cmpraw);
	for (int i = 0; i < pr->nraw;) {
		int e = i + 1;
		while (e < pr->nraw && !strcmp(pr->raw[e].file, pr->raw[i].file) &&
		       pr->raw[e].line == pr->raw[i].line && pr->raw[e].col == pr->raw[i].col &&
		       pr->raw[e].copy == pr->raw[i].copy && pr->raw[e].coll == pr->raw[i].coll &&
		       !strcmp(pr->raw[e].name, pr->raw[i].name))
			e++;
		ProfEntry pe = {.file = pr->raw[i].file,
				.name = pr->raw[i].name,
				.line = pr->raw[i].line,
				.col = pr->raw[i].col,
				.copy = pr->raw[i].copy,
				.coll = pr->raw[i].coll,
				.model = -1,
				.pos = pr->raw[i].pos,
				.waitpos = pr->raw[i].waitpos,
				.fmed = xmalloc((size_t)pr->nfile * sizeof(double)),
				.fpos = xmalloc((size_t)pr->nfile * sizeof(int)),
				.fwaitpos = xmalloc((size_t)pr->nfile * sizeof(int))};
		for (int f = 0; f < pr->nfile; f++)
			pe.fmed[f] = -1, pe.fpos[f] = pe.fwaitpos[f] = -1;
		int total = 0;
		for (int k = i; k < e; k++) {
			total += pr->raw[k].nus;
			if (pr->raw[k].pos != pe.pos || pr->raw[k].waitpos != pe.waitpos)
				pe.pos = pe.waitpos = -1; /* the files disagree */
		}
		double *all = xmalloc((size_t)total * sizeof *all);
		int n = 0;
		for (int k = i; k < e;) { /* one file's runs, then the next file's */
			int f = k, m = 0;
			while (k < e && pr->raw[k].src == pr->raw[f].src) {
				memcpy(all + n + m, pr->raw[k].us,
				       (size_t)pr->raw[k].nus * sizeof *all);
				m += pr->raw[k].nus;
				k++;
			}
			pe.ranks++;
			pe.runs += m;
			double med = median(all + n, m);
			pe.straggler = fmax(pe.straggler, med);
			pe.fmed[pr->raw[f].src] = med;
			pe.fpos[pr->raw[f].src] = pr->raw[f].pos;
			pe.fwaitpos[pr->raw[f].src] = pr->raw[f].waitpos;
			n += m;
		}
		pe.median = median(all, n);
		pe.us = pe.coll ? pe.straggler : pe.median;
		free(all);
		if (pe.coll == 2) { /* a graph's step */
			agrow(NULL, &pr->step, &pr->capstep, pr->nstep + 1, sizeof *pr->step);
			pr->step[pr->nstep++] = (ProfStep){pe.file, pe.name,	  pe.line, pe.ranks,
							   pe.runs, pe.straggler, pe.fmed, 0};
			free(pe.fpos);
			free(pe.fwaitpos);
			i = e;
			continue;
		}
		addentry(pr, &pe);
		i = e;
	}
	for (int i = 0; i < pr->nraw; i++)
		free(pr->raw[i].us);
	for (int i = 0, n = pr->n; i < n; i++)
		members(pr, i);
	pr->capix = 1;
	while (pr->capix < 2 * pr->n + 2)
		pr->capix *= 2;
	pr->ix = zalloc((size_t)pr->capix, sizeof *pr->ix);
	for (int i = 0; i < pr->n; i++) {
		const ProfEntry *pe = &pr->e[i];
		unsigned h = keyhash(pe->file, pe->line, pe->col, pe->copy);
		while (pr->ix[h & (unsigned)(pr->capix - 1)])
			h++;
		pr->ix[h & (unsigned)(pr->capix - 1)] = i + 1;
	}
	return pr;
}

static const char *nodename(const Node *n)
{
	return n->kind == N_COMPUTE ? n->name : kindname[n->kind];
}

/* The entry for node n, or NULL. */
ProfEntry *profentry(const Profile *p, const Graph *g, const Node *n)
{
	if (!p || !p->n || (n->kind != N_COMPUTE && !iscollective(n->kind)) || n->form != BK_NONE ||
	    n->bucket >= 0 || (n->kind == N_COMPUTE && !n->name))
		return NULL;
	/* the emitted #line directives name the graph's file, whatever file the node came from */
	const char *file = basename_(g->file);
	int coll = n->kind != N_COMPUTE;
	unsigned h = keyhash(file, n->loc.line, n->loc.col, n->copy), mask = (unsigned)p->capix - 1;
	for (; p->ix[h & mask]; h++) {
		ProfEntry *pe = &p->e[p->ix[h & mask] - 1];
		if (pe->line == n->loc.line && pe->col == n->loc.col && pe->copy == n->copy &&
		    pe->coll == coll && !strcmp(pe->file, file) && !strcmp(pe->name, nodename(n)))
			return pe;
	}
	return NULL;
}

static double diff(const ProfEntry *pe)
{
	return fabs(pe->us - pe->model);
}

/* The file of g's rank, for a rank-specialized graph whose rank group is the whole world (as
 * many ranks as the profile's runs: group rank and world rank agree), or -1: read the merge. */
static int proffile(const Profile *p, const Graph *g)
{
	if (g->rank < 0 || p->ranks != g->nranks)
		return -1;
	int found = -1;
	for (int f = 0; f < p->nfile; f++)
		if (p->filerank[f] == g->rank) {
			if (found >= 0)
				return -1; /* two runs of that rank: merged */
			found = f;
		}
	return found;
}

/* g's measured step, or NULL */
static ProfStep *stepof(const Profile *p, const Graph *g)
{
	const char *file = basename_(g->file);
	for (int i = 0; i < p->nstep; i++)
		if (!strcmp(p->step[i].file, file) && !strcmp(p->step[i].name, g->name))
			return &p->step[i];
	return NULL;
}

typedef struct {
	double key;
	Step st;
} Placed;

static int bykey(const void *x, const void *y)
{
	const Placed *a = x, *b = y;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->st.node != b->st.node ? (a->st.node < b->st.node ? -1 : 1) :
					  (int)a->st.kind - (int)b->st.kind;
}

/* The schedule that ran, from the profile's positions: each compute node and collective where
 * its marks were, each other node (a barrier, an allocation, a peeled loop's node, which is
 * not measured) right after the last step it depends on. Its steps' count, *out malloc'ed;
 * or 0 with *unplaced the nodes that have no position, or -1 where the positions do not make
 * a valid schedule of g (checksched). */
static int ranorder(Graph *g, const Profile *p, Step **out, int *unplaced)
{
	int nn = g->nnode, np = 0, f = proffile(p, g);
	Placed *pl = xmalloc(((size_t)nn * 2 + 1) * sizeof *pl);
	double *after = xmalloc(((size_t)nn + 1) * sizeof *after); /* where a node is done */
	*unplaced = 0;
	for (int i = 0; i < nn; i++) {
		const Node *n = &g->node[i];
		int coll = iscollective(n->kind);
		if ((n->kind != N_COMPUTE && !coll) || n->guard)
			continue; /* a peeled loop's, as the loop: unmeasured */
		const ProfEntry *pe = profentry(p, g, n);
		int pos = !pe ? -1 : f >= 0 ? pe->fpos[f] : pe->pos;
		int waitpos = !pe ? -1 : f >= 0 ? pe->fwaitpos[f] : pe->waitpos;
		if (pos < 0 || (coll && waitpos < 0)) {
			++*unplaced;
			continue;
		}
		double sub = pe->sub * 1e-6; /* a bucket's members in its place, in order */
		pl[np++] = (Placed){pos + sub, {coll ? ST_START : ST_RUN, i}};
		if (coll)
			pl[np++] = (Placed){waitpos + sub, {ST_WAIT, i}};
		after[i] = (coll ? waitpos : pos) + sub;
	}
	double eps = 1.0 / (nn + 2);
	for (int i = 0; i < nn && !*unplaced; i++) {
		const Node *n = &g->node[i];
		int coll = iscollective(n->kind);
		if ((n->kind == N_COMPUTE || coll) && !n->guard)
			continue;
		double k = -1;
		for (int d = 0; d < n->ndep; d++)
			k = fmax(k, after[n->dep[d].node]);
		after[i] = k + eps;
		pl[np++] = (Placed){after[i], {coll ? ST_START : ST_RUN, i}};
		if (coll) { /* a peeled loop's collective: waited where started */
			after[i] += eps / 2;
			pl[np++] = (Placed){after[i], {ST_WAIT, i}};
		}
	}
	free(after);
	int nstep = 0;
	Step *st = NULL;
	if (!*unplaced) {
		qsort(pl, (size_t)np, sizeof *pl, bykey);
		st = xmalloc(((size_t)np + 1) * sizeof *st);
		for (int k = 0; k < np; k++)
			st[k] = pl[k].st;
		Step *had = g->step;
		int nhad = g->nstep;
		Diags quiet = {0};
		g->step = st;
		g->nstep = np;
		int bad = checksched(g, &quiet);
		g->step = had;
		g->nstep = nhad;
		if (bad) {
			free(st);
			st = NULL;
			*unplaced = -1;
		} else {
			nstep = np;
		}
	}
	free(pl);
	*out = st;
	return nstep;
}

/* The first time (before buckets): what the report says. */
static void count(Graph *g, const CostOpts *o)
{
	const Profile *p = o->profile;
	g->profiled = 1;
	for (int i = 0; i < g->nnode; i++) {
		const Node *n = &g->node[i];
		if ((n->kind != N_COMPUTE && !iscollective(n->kind)) || n->guard)
			continue; /* a peeled loop's node is unmeasured, as the loop's body */
		g->nprofnode++;
		const ProfEntry *pe = profentry(p, g, n);
		if (!pe)
			continue;
		g->nmeasured++;
		int e = (int)(pe - p->e), top = (int)(sizeof g->proftop / sizeof g->proftop[0]);
		if (g->nproftop == top && diff(pe) <= diff(&p->e[g->proftop[top - 1]]))
			continue;
		int k = g->nproftop < top ? g->nproftop++ : top - 1;
		for (; k > 0 && diff(pe) > diff(&p->e[g->proftop[k - 1]]); k--)
			g->proftop[k] = g->proftop[k - 1];
		g->proftop[k] = e;
	}
	/* a group larger than the run's world measured its collectives at another size */
	char *measured = zalloc((size_t)g->ngroup + 1, 1);
	for (int i = 0; p->ranks > 0 && i < g->nnode; i++)
		if (iscollective(g->node[i].kind) && profentry(p, g, &g->node[i]))
			measured[g->node[i].group] = 1;
	for (int k = 0; p->ranks > 0 && k < g->ngroup; k++) {
		int size = groupsize(g, k, o);
		if (size > p->ranks && measured[k])
			warning((Loc){0},
				"graph @%s: group '%s' has %d ranks here, but the profile was measured "
				"on %d: its collectives' times are for a smaller group (give "
				"--group-size '%s=N' as the run had)",
				g->name, g->group[k], size, p->ranks, g->group[k]);
	}
	free(measured);
	ProfStep *ps = stepof(p, g);
	g->profsim = -1;
	if (!ps)
		return;
	ps->matched = 1;
	int f = proffile(p, g);
	g->profstep = f >= 0 && ps->fmed[f] >= 0 ? ps->fmed[f] : ps->us;
	Step *st;
	int n = ranorder(g, p, &st, &g->profunplaced);
	if (!n)
		return;
	int *cls = zalloc((size_t)g->ngroup + 1, sizeof *cls);
	groupclasses(g, o, cls);
	Sim sim;
	simulate(g, st, n, cls, 0, &sim);
	g->profsim = sim.makespan;
	freesim(&sim);
	free(cls);
	free(st);
}

void useprofile(Graph *g, const CostOpts *o)
{
	const Profile *p = o->profile;
	int f = proffile(p, g);
	for (int pass = 0; pass < 3; pass++) /* a bucket's members' model costs, summed first */
		for (int i = 0; i < g->nnode; i++) {
			Node *n = &g->node[i];
			ProfEntry *pe = profentry(p, g, n),
				  *b = pe && pe->bucket ? &p->e[pe->bucket - 1] : NULL;
			if (pass < 2) {
				if (b)
					b->msum = pass ? b->msum + n->cost : 0;
				continue;
			}
			if (!pe)
				continue;
			double model = n->cost;
			if (!pe->matched)
				pe->model = model;
			pe->matched = 1;
			n->cost = pe->us;
			if (f >= 0 && n->kind == N_COMPUTE && pe->fmed[f] >= 0)
				n->cost = pe->fmed[f]; /* its rank's own */
			if (b) {
				b->matched = 1;
				n->cost = b->msum > 0 ? pe->us * model / b->msum : pe->us;
			}
		}
	if (!g->profiled)
		count(g, o);
}

/* Each entry no graph matched: a warning, once. */
void stalewarn(const Profile *p)
{
	for (int i = 0; p && i < p->n; i++) {
		const ProfEntry *pe = &p->e[i];
		if (!pe->matched)
			warning((Loc){0},
				"profile entry %s:%d:%d copy %d (%s %s) matches no node: ignored (stale)",
				pe->file, pe->line, pe->col, pe->copy,
				pe->coll ? "collective" : "compute", pe->name);
	}
	for (int i = 0; p && i < p->nstep; i++)
		if (!p->step[i].matched)
			warning((Loc){0},
				"profile graph %s:%d (%s) matches no graph: ignored (stale)",
				p->step[i].file, p->step[i].line, p->step[i].name);
}
