/* calibrate.c - a target fitted to a profile (calibrate, for --calibrate).
 *
 * Compute: each measured node with flops or bytes is, by the roofline, bound either by its
 * dtype's throughput or by memory: us = kernel_us + flops / F[dtype] or kernel_us + bytes / B.
 * Which bound holds depends on the constants being fitted, so the fit alternates: classify
 * every node with the constants so far (the --target's at first), solve the linear least
 * squares problem in kernel_us, 1/F[dtype] and 1/B (each residual relative to the measured
 * time, so small kernels count as much as large ones), and repeat until no node changes
 * class. Collectives: per kind and group size, us = latency + bytes / bandwidth, a straight
 * line through the measured points (two sizes at least; relative residuals too). What the profile cannot tell (a
 * dtype never measured, one size only) keeps the --target's value. The result is the
 * --target's file with the fitted values and a coll line per fitted collective; the fit's
 * error goes to stderr. Requires costs (fillcost, without the profile) for Node.copy. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

enum { MAXU = 2 + NDTYPE }; /* unknowns: kernel_us, 1/B, 1/F[dtype] */

/* Solves the n x n system a x = b (Gaussian elimination with partial pivoting); an unknown
 * the data does not determine is left 0 and reported as not fitted. */
static void solve(double a[MAXU][MAXU], double *b, double *x, int *fitted, int n)
{
	int piv[MAXU];
	for (int c = 0, r = 0; c < n; c++) {
		int best = r;
		for (int i = r; i < n; i++)
			if (fabs(a[i][c]) > fabs(a[best][c]))
				best = i;
		fitted[c] = r < n && fabs(a[best][c]) > 1e-12;
		piv[c] = -1;
		if (!fitted[c])
			continue;
		for (int k = 0; k < n; k++) {
			double t = a[r][k];
			a[r][k] = a[best][k], a[best][k] = t;
		}
		double t = b[r];
		b[r] = b[best], b[best] = t;
		for (int i = 0; i < n; i++) {
			if (i == r)
				continue;
			double f = a[i][c] / a[r][c];
			for (int k = 0; k < n; k++)
				a[i][k] -= f * a[r][k];
			b[i] -= f * b[r];
		}
		piv[c] = r++;
	}
	for (int c = 0; c < n; c++)
		x[c] = piv[c] >= 0 ? b[piv[c]] / a[piv[c]][c] : 0;
}

typedef struct {
	double us, flops, bytes;
	int dtype, membound;
} Sample;

typedef struct {
	NodeKind kind;
	int ranks;
	double *bytes, *us;
	int n, cap;
} Line;

static int dtypeof(const Node *n)
{
	return n->ctype >= 0 ? n->ctype : DT_BF16;
}

/* n, one rank's bytes against its measured us, onto the line of its kind and group size */
static void addpoint(Line **lines, int *nline, int *cap, const Graph *g, const Node *n,
		     const CostOpts *co, double us)
{
	int ranks = groupsize(g, n->group, co), k = 0;
	while (k < *nline && !((*lines)[k].kind == n->kind && (*lines)[k].ranks == ranks))
		k++;
	if (k == *nline) {
		agrow(NULL, lines, cap, *nline + 1, sizeof **lines);
		(*lines)[(*nline)++] = (Line){n->kind, ranks, NULL, NULL, 0, 0};
	}
	Line *l = &(*lines)[k];
	int had = l->cap; /* both arrays grow alike */
	agrow(NULL, &l->bytes, &had, l->n + 1, sizeof *l->bytes);
	agrow(NULL, &l->us, &l->cap, l->n + 1, sizeof *l->us);
	l->bytes[l->n] = (double)n->bytes;
	l->us[l->n++] = us;
}

/* The line us = lat + bytes / bw * 1e6 through l's points, least squares in the relative error
 * (sizes span orders of magnitude: a small collective's latency counts as much as a large
 * one's bandwidth), the latency no less than 0, with its relative errors; 0 where the points
 * do not make a line that rises (one size only). */
static int fitline(const Line *l, double *lat, double *bw, double *rms, double *worst)
{
	double sw = 0, sb = 0, sbb = 0, su = 0, sbu = 0, lo = INFINITY, hi = 0;
	for (int i = 0; i < l->n; i++) {
		double b = l->bytes[i], u = l->us[i], w = 1 / (u * u);
		sw += w, sb += w * b, sbb += w * b * b, su += w * u, sbu += w * b * u;
		lo = fmin(lo, b), hi = fmax(hi, b);
	}
	double det = sw * sbb - sb * sb;
	if (!(hi > lo) || !(det > 0))
		return 0;
	double inv = (sw * sbu - sb * su) / det;
	*lat = (su * sbb - sb * sbu) / det;
	if (*lat < 0) /* through the origin instead */
		*lat = 0, inv = sbu / sbb;
	if (!(inv > 0))
		return 0;
	double sum = 0;
	*worst = 0;
	for (int i = 0; i < l->n; i++) {
		double e = (*lat + inv * l->bytes[i] - l->us[i]) / l->us[i];
		sum += e * e;
		*worst = fmax(*worst, fabs(e));
	}
	*rms = sqrt(sum / l->n);
	*bw = 1e6 / inv;
	return 1;
}

/* With --profile, before the first costing: per kind and group size, the line through the
 * collectives the profile measured (each node's own measurement stands; the line costs the
 * rest: buckets, which are never measured, and collectives the profile missed), so that a
 * bucket is weighed against its members on the same scale. One size only: the target's model
 * scaled to pass through the measurements' median. Fits land in t->coll, replacing the target
 * file's for that kind and size, with CollFit.measured set. */
void profilefit(const Module *m, const CostOpts *co, const Profile *p, Target *t)
{
	Line *lines = NULL;
	int nline = 0, capline = 0;
	for (int gi = 0; gi < m->ngraph; gi++) {
		Graph *g = m->graph[gi];
		numbercopies(g);
		for (int i = 0; i < g->nnode; i++) {
			const Node *n = &g->node[i];
			const ProfEntry *pe = iscollective(n->kind) ? profentry(p, g, n) : NULL;
			/* a bucket's member has a share of its time, not a measurement */
			if (pe && !pe->bucket && pe->us > 0 && groupsize(g, n->group, co) > 1)
				addpoint(&lines, &nline, &capline, g, n, co, pe->us);
		}
	}
	for (int k = 0; k < nline; k++) {
		Line *l = &lines[k];
		CollFit f = {l->kind, l->ranks, 0, 0, l->n, 0, 0, 0};
		if (!fitline(l, &f.lat_us, &f.bw, &f.rms, &f.worst)) {
			/* the model through the points' median: us = r * (lat0 + bytes * slope) */
			double mb = median(l->bytes, l->n), mu = median(l->us, l->n);
			double lat0 = collcost(t, l->kind, 0, l->ranks);
			double slope = (collcost(t, l->kind, 1 << 30, l->ranks) - lat0) / (1 << 30);
			double model = lat0 + slope * mb, r = model > 0 ? mu / model : 0;
			if (!(r > 0) || !(slope > 0))
				continue;
			f.lat_us = r * lat0;
			f.bw = 1e6 / (r * slope);
			f.rms = f.worst = 0;
			for (int i = 0; i < l->n; i++) {
				double e =
					(f.lat_us + l->bytes[i] / f.bw * 1e6 - l->us[i]) / l->us[i];
				f.rms += e * e / l->n;
				f.worst = fmax(f.worst, fabs(e));
			}
			f.rms = sqrt(f.rms);
			f.scaled = 1;
		}
		int i = 0;
		while (i < t->ncoll && !(t->coll[i].kind == f.kind && t->coll[i].ranks == f.ranks))
			i++;
		if (i < (int)(sizeof t->coll / sizeof t->coll[0])) {
			t->coll[i] = f;
			t->ncoll += i == t->ncoll;
		}
	}
	for (int k = 0; k < nline; k++) {
		free(lines[k].bytes);
		free(lines[k].us);
	}
	free(lines);
}

/* Fits t's compute constants to the samples; returns the relative RMS error. */
static double fitcompute(Sample *s, int ns, Target *t, double *maxerr, int *fitted)
{
	double x[MAXU] = {0};
	for (int round = 0; round < 20; round++) {
		int changed = 0;
		for (int i = 0; i < ns; i++) {
			double f = s[i].flops / t->flops[s[i].dtype], m = s[i].bytes / t->mem_bw;
			int mb = m > f;
			changed |= round == 0 || mb != s[i].membound;
			s[i].membound = mb;
		}
		if (!changed)
			break;
		double a[MAXU][MAXU] = {{0}}, b[MAXU] = {0};
		for (int i = 0; i < ns; i++) {
			double row[MAXU] = {0}, w = 1 / s[i].us;
			row[0] = 1;
			if (s[i].membound)
				row[1] = s[i].bytes;
			else
				row[2 + s[i].dtype] = s[i].flops;
			for (int j = 0; j < MAXU; j++) {
				for (int k = 0; k < MAXU; k++)
					a[j][k] += row[j] * row[k] * w * w;
				b[j] += row[j] * s[i].us * w * w;
			}
		}
		solve(a, b, x, fitted, MAXU);
		fitted[0] &= x[0] > 0; /* a target's kernel_us is positive */
		if (fitted[0])
			t->kernel_us = x[0];
		if (fitted[1] && x[1] > 0)
			t->mem_bw = 1e6 / x[1];
		for (int d = 0; d < NDTYPE; d++)
			if (fitted[2 + d] && x[2 + d] > 0)
				t->flops[d] = 1e6 / x[2 + d];
	}
	double sum = 0;
	*maxerr = 0;
	for (int i = 0; i < ns; i++) {
		double model =
			t->kernel_us +
			fmax(s[i].flops / t->flops[s[i].dtype], s[i].bytes / t->mem_bw) * 1e6;
		double e = (model - s[i].us) / s[i].us;
		sum += e * e;
		*maxerr = fmax(*maxerr, fabs(e));
	}
	return ns ? sqrt(sum / ns) : 0;
}

/* the value of a target key as the file would give it */
static void putval(FILE *out, const char *key, double v, const char *source)
{
	fprintf(out, "%-14s %-12.6g # source: %s\n", key, v, source);
}

void calibrate(FILE *f, const Module *m, const CostOpts *co, const Profile *p, const char *from)
{
	Target t = *co->target;
	Sample *s = NULL;
	int ns = 0, caps = 0;
	Line *lines = NULL;
	int nline = 0, capline = 0;
	for (int gi = 0; gi < m->ngraph; gi++) {
		const Graph *g = m->graph[gi];
		for (int i = 0; i < g->nnode; i++) {
			const Node *n = &g->node[i];
			const ProfEntry *pe = profentry(p, g, n);
			if (!pe || pe->us <= 0)
				continue;
			((ProfEntry *)pe)->matched = 1;
			if (pe->bucket) { /* a share of a bucket's time: no point to fit */
				p->e[pe->bucket - 1].matched = 1;
				continue;
			}
			if (n->kind != N_COMPUTE) {
				addpoint(&lines, &nline, &capline, g, n, co, pe->us);
				continue;
			}
			if (n->flops <= 0 && n->mbytes <= 0)
				continue;
			agrow(NULL, &s, &caps, ns + 1, sizeof *s);
			s[ns++] = (Sample){pe->us, fmax(n->flops, 0), fmax(n->mbytes, 0),
					   dtypeof(n), 0};
		}
	}
	stalewarn(p);
	int fitted[MAXU] = {0};
	double maxerr = 0, rms = fitcompute(s, ns, &t, &maxerr, fitted);
	fprintf(stderr, "dagcc: calibrate: %d compute nodes: kernel_us %.6g, mem_bw %.6g", ns,
		t.kernel_us, t.mem_bw);
	for (int d = 0; d < NDTYPE; d++)
		if (fitted[2 + d])
			fprintf(stderr, ", flops_%s %.6g", dtypename[d], t.flops[d]);
	fprintf(stderr, "; error rms %.2f%%, max %.2f%%\n", 100 * rms, 100 * maxerr);
	char src[512];
	snprintf(src, sizeof src,
		 "dagcc --calibrate %s: fitted to %d compute nodes (rms error %.2f%%)", from, ns,
		 100 * rms);
	char keep[512];
	snprintf(keep, sizeof keep, "%s, as the target '%s' has it (the profile does not tell)",
		 "not fitted", co->target->name);
	fprintf(f, "# %s, calibrated from the profile %s\n", co->target->name, from);
	putval(f, "nodes", t.nodes, keep);
	putval(f, "gpus_per_node", t.gpus_per_node, keep);
	static const char *const arch[] = {"volta", "ampere", "hopper"};
	fprintf(f, "%-14s %-12s # source: %s\n", "arch", arch[t.arch], keep);
	static const struct {
		const char *key;
		int dt;
	} fl[] = {{"flops_bf16", DT_BF16},
		  {"flops_f16", DT_F16},
		  {"flops_f32", DT_F32},
		  {"flops_f64", DT_F64},
		  {"flops_i8", DT_I8}};
	for (size_t k = 0; k < sizeof fl / sizeof fl[0]; k++)
		putval(f, fl[k].key, t.flops[fl[k].dt], fitted[2 + fl[k].dt] ? src : keep);
	putval(f, "mem_bw", t.mem_bw, fitted[1] ? src : keep);
	putval(f, "intra_bw", t.intra_bw, keep);
	putval(f, "inter_bw", t.inter_bw, keep);
	putval(f, "kernel_us", t.kernel_us, fitted[0] ? src : keep);
	for (int k = 0; k < nline; k++) {
		Line *l = &lines[k];
		const char *kind = kindname[l->kind];
		double lat, bw, rms, worst;
		if (!fitline(l, &lat, &bw, &rms, &worst)) {
			fprintf(stderr,
				"dagcc: calibrate: %s on %d ranks: %d measurements of one size: not fitted\n",
				kind, l->ranks, l->n);
			free(l->bytes);
			free(l->us);
			continue;
		}
		fprintf(stderr,
			"dagcc: calibrate: %s on %d ranks: %d measurements: latency %.6g us, bandwidth %.6g bytes/s; error rms %.2f%%, max %.2f%%\n",
			kind, l->ranks, l->n, lat, bw, 100 * rms, 100 * worst);
		char key[96], s2[600];
		snprintf(s2, sizeof s2, "dagcc --calibrate %s: fitted to %d measurements", from,
			 l->n);
		snprintf(key, sizeof key, "%s.%d.lat_us", kind, l->ranks);
		putval(f, key, fmax(lat, 0), s2);
		snprintf(key, sizeof key, "%s.%d.bw", kind, l->ranks);
		putval(f, key, bw, s2);
		free(l->bytes);
		free(l->us);
	}
	free(lines);
	free(s);
}
