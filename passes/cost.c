/* cost.c - the cost model (fillcost): each node's time in microseconds on a target.
 *
 * Compute: the time a call states (us), else a roofline, max(flops / peak FLOP/s of its dtype,
 * bytes / memory bandwidth), plus the target's kernel overhead. Collectives: NCCL's
 * latency-bandwidth model as NCCL's own tuner (src/graph/tuning.cc) and PyTorch Inductor's
 * comm_analysis.py use it: for each algorithm (ring; tree for all-reduce across nodes) and
 * protocol (LL, LL128, Simple), time = latency + bytes / algorithm bandwidth, and NCCL picks the
 * fastest. Latency is a base per algorithm and protocol plus a per-step hop latency over NVLink
 * inside a node and the network across nodes; bandwidth is the link's, cut per protocol, with
 * ring steps 2(n-1) for all-reduce and n-1 for gathers and scatters. A group of n ranks spans
 * ceil(n / gpus per node) nodes. A collective's stated time (us in the IR) wins. Which of these
 * a kind gets is its cost class in ir/collectives.h (COST_*). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

enum { ALG_TREE, ALG_RING };
enum { P_LL, P_LL128, P_SIMPLE };
enum { HW_NVLINK, HW_PCI, HW_NET };

/* microseconds; [algorithm][protocol]: NCCL's baseLat, with the values Inductor uses */
static const double baselat[2][3] = {{6.8, 14.0, 0}, {6.6, 14.0, 8.4}};
/* microseconds per step; [link][algorithm][protocol]: NCCL's hwLat */
static const double hwlat[3][2][3] = {
	{{0.6, 1.25, 28}, {0.6, 1.9, 3.4}},
	{{1.0, 1.9, 28}, {1.0, 2.5, 5.7}},
	{{5.0, 8.5, 28}, {2.7, 4.0, 14.0}},
};
/* GB/s cap of the LL protocol; [generation][1, 2, 4+ nodes]: NCCL's llMaxBws (Hopper as Ampere,
 * as Inductor does) */
static const double llmaxbw[3][3] = {{39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {87.7, 22.5, 19.0}};

/* The fastest algorithm and protocol for a ring-or-tree collective (cost class cls) of nbytes
 * in total; *perbyte (if not NULL): the least time a byte costs under any of them, latency
 * left out (what no merging of collectives can save). */
static double nccltime(const Target *t, int cls, double nbytes, int n, double *perbyte)
{
	int nodes = (n + t->gpus_per_node - 1) / t->gpus_per_node;
	if (nodes < 1)
		nodes = 1;
	int ar = cls == COST_ALLREDUCE;
	double bw = (nodes == 1 ? t->intra_bw : t->inter_bw) / 1e9; /* GB/s = bytes/ns */
	double llcap = llmaxbw[t->arch][nodes == 1 ? 0 : nodes == 2 ? 1 : 2];
	int steps = ar ? 2 * (n - 1) : n - 1;
	int intersteps = nodes == 1 ? 0 : ar ? 2 * (nodes - 1) : nodes - 1;
	double best = INFINITY, least = INFINITY;
	for (int alg = ALG_TREE; alg <= ALG_RING; alg++) {
		if (alg == ALG_TREE && !(ar && nodes > 1))
			continue;
		for (int p = P_LL; p <= P_SIMPLE; p++) {
			double busbw = bw;
			if (alg == ALG_RING && p == P_LL)
				busbw = fmin(llcap, bw * (nodes > 1 || ar ? 1.0 / 4 : 1.0 / 3));
			else if (alg == ALG_RING && p == P_LL128)
				busbw = bw * 0.92;
			else if (alg == ALG_TREE && p == P_LL)
				busbw = fmin(llcap, bw / 3.8);
			else if (alg == ALG_TREE && p == P_LL128)
				busbw = bw * (120.0 / 128);
			else if (alg == ALG_TREE)
				busbw = bw * 0.92;
			/* algorithm bandwidth: what a rank's buffer moves at */
			double algbw = alg == ALG_TREE	     ? busbw * 0.5 :
				       cls == COST_BROADCAST ? busbw :
							       busbw * n / steps;
			double intra = hwlat[HW_NVLINK][alg][p], inter = hwlat[HW_NET][alg][p];
			if (nodes > 1)
				intra = fmax(
					intra,
					1.0); /* network rings pay a step overhead everywhere */
			double lat = baselat[alg][p];
			if (alg == ALG_RING)
				lat += (steps - intersteps) * intra + intersteps * inter;
			else
				lat += 2 * ((n / nodes - 1) * intra + log2((double)nodes) * inter);
			double us = lat + nbytes / algbw / 1e3;
			if (us < best)
				best = us;
			least = fmin(least, 1 / algbw / 1e3);
		}
	}
	if (perbyte)
		*perbyte = least;
	return best;
}

/* bytes: one rank's count times the dtype size, as the node records it. */
double collcost(const Target *t, NodeKind kind, int64_t bytes, int n)
{
	if (n <= 1)
		return 0;
	double b = (double)bytes;
	int nodes = (n + t->gpus_per_node - 1) / t->gpus_per_node;
	int hw = nodes > 1 ? HW_NET : HW_NVLINK;
	double p2plat = baselat[ALG_RING][P_SIMPLE] + hwlat[hw][ALG_RING][P_SIMPLE];
	if (!iscollective(kind))
		return 0;
	for (int i = 0; i < t->ncoll; i++)
		if (t->coll[i].kind == (int)kind && t->coll[i].ranks == n)
			return t->coll[i].lat_us + b / t->coll[i].bw * 1e6;
	int cls = colls[kind].cost;
	switch (cls) {
	case COST_ALLREDUCE:
	case COST_BROADCAST:
		return nccltime(t, cls, b, n, NULL);
	case COST_RING:
		return nccltime(t, cls, b * n, n, NULL); /* NCCL counts the gathered size */
	case COST_ALLTOALL: {
		/* n - 1 concurrent exchanges of b bytes: the ones inside the node over NVLink, the
		 * rest over the network */
		int local = n < t->gpus_per_node ? n : t->gpus_per_node;
		return p2plat + b * (local - 1) / t->intra_bw * 1e6 +
		       b * (n - local) / t->inter_bw * 1e6;
	}
	case COST_P2P:
		return p2plat + b / (nodes > 1 ? t->inter_bw : t->intra_bw) * 1e6;
	default:
		return 0;
	}
}

/* k collectives issued as one NCCL group (ncclGroupStart/End), whose own times sum to sum and
 * bytes to total: one kernel launch for all of them, so each after the first saves NCCL's base
 * latency (the smallest, ring LL's), and never beats one collective of all their bytes. */
double coalescedcost(const Target *t, NodeKind kind, double sum, int k, int64_t total, int n)
{
	if (n <= 1)
		return 0;
	return fmax(sum - (k - 1) * baselat[ALG_RING][P_LL], collcost(t, kind, total, n));
}

/* The least a collective of bytes can cost as a member of any bucket (packed, coalesced or
 * contiguous, of any size): its bytes at the best bandwidth of its kind, the latency left out.
 * A bucket of total bytes T costs at least collcost(T), which is at least T at that bandwidth:
 * the members' shares never add up to more than their bucket's cost. */
double collshare(const Target *t, NodeKind kind, int64_t bytes, int n)
{
	if (n <= 1 || !iscollective(kind))
		return 0;
	double b = (double)bytes, perbyte = 0;
	for (int i = 0; i < t->ncoll; i++)
		if (t->coll[i].kind == (int)kind && t->coll[i].ranks == n)
			return b / t->coll[i].bw * 1e6;
	int cls = colls[kind].cost;
	if (cls == COST_ALLREDUCE || cls == COST_BROADCAST)
		nccltime(t, cls, b, n, &perbyte);
	else if (cls == COST_RING)
		nccltime(t, cls, b * n, n, &perbyte), b *= n;
	else
		return 0; /* not a kind that merges */
	return b * perbyte;
}

/* ncopies device-to-device copies of bytes in all: each a kernel, reading and writing. */
double copycost(const Target *t, int ncopies, double bytes)
{
	return ncopies * t->kernel_us + 2 * bytes / t->mem_bw * 1e6;
}

/* Node.copy: the nodes at one location (file, line, column) numbered in program order, by
 * two open-addressing tables: file names to small numbers (looked up only where a node's name
 * pointer differs from the node before's), and locations to the nodes seen there so far. */
static uint64_t hashmix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	return h;
}

void numbercopies(Graph *g)
{
	if (g->copied)
		return;
	g->copied = 1;
	size_t cap = 16;
	while (cap < 2 * (size_t)g->nnode)
		cap *= 2;
	struct {
		int file, line, col, seen; /* seen 0: an empty slot */
	} *at = zalloc(cap, sizeof *at);
	const char **name = zalloc(cap, sizeof *name); /* by slot: file names, numbered by slot */
	const char *lastp = NULL;
	int lastf = -1;
	for (int i = 0; i < g->nnode; i++) {
		const Loc *l = &g->node[i].loc;
		const char *f = l->file ? l->file : "";
		if (f != lastp || lastf < 0) {
			uint64_t h = 1469598103934665603u;
			for (const char *c = f; *c; c++)
				h = (h ^ (unsigned char)*c) * 1099511628211u;
			size_t k = hashmix(h) & (cap - 1);
			while (name[k] && strcmp(name[k], f))
				k = (k + 1) & (cap - 1);
			name[k] = f;
			lastp = f, lastf = (int)k;
		}
		uint64_t h = hashmix((uint64_t)lastf << 40 ^ (uint64_t)(unsigned)l->line << 20 ^
				     (uint64_t)(unsigned)l->col * 0x9e3779b97f4a7c15u);
		size_t k = h & (cap - 1);
		while (at[k].seen &&
		       (at[k].file != lastf || at[k].line != l->line || at[k].col != l->col))
			k = (k + 1) & (cap - 1);
		if (!at[k].seen)
			at[k].file = lastf, at[k].line = l->line, at[k].col = l->col;
		g->node[i].copy = at[k].seen++;
	}
	free(name);
	free(at);
}

void fillcost(Graph *g, const CostOpts *o)
{
	const Target *t = o->target;
	numbercopies(g);
	for (int i = 0; i < g->nnode; i++) {
		Node *n = &g->node[i];
		if (n->kind == N_COMPUTE) {
			if (n->us >= 0) {
				n->cost = n->us;
				continue;
			}
			double peak = t->flops[n->ctype >= 0 ? n->ctype : DT_BF16];
			double us = fmax(n->flops > 0 ? n->flops / peak : 0,
					 n->mbytes > 0 ? n->mbytes / t->mem_bw : 0) *
				    1e6;
			n->cost = us + t->kernel_us;
		} else if (iscollective(n->kind)) {
			int size = groupsize(g, n->group, o);
			if (n->us >= 0) {
				n->cost = n->us;
			} else if (n->kind == N_P2P) {
				/* its sends one after another on the send stream, its receives on
				 * the receive stream beside them */
				double side[2] = {0, 0};
				for (int k = 0; k < n->nmember; k++) {
					const Member *m = &n->member[k];
					side[m->kind == N_RECV] += collcost(
						t, m->kind, m->count * dtypesize(m->dtype), size);
				}
				n->cost = fmax(side[0], side[1]);
			} else if (n->form == BK_COALESCED) {
				double sum = 0;
				for (int k = 0; k < n->nmember; k++)
					sum += collcost(t, n->kind,
							n->member[k].count * dtypesize(n->dtype),
							size);
				n->cost =
					coalescedcost(t, n->kind, sum, n->nmember, n->bytes, size);
			} else {
				n->cost = collcost(t, n->kind, n->bytes, size);
			}
		} else {
			n->cost = 0;
		}
	}
	for (int k = 0; k < g->nhidden; k++) { /* collectives under a run-time if */
		const Hidden *h = &g->hidden[k];
		g->node[h->node].cost += collcost(t, h->kind, h->bytes, groupsize(g, h->group, o));
	}
	loopcost(g, o);
	if (o->profile)
		useprofile(g, o);
}

/* An open-addressing count of int64 keys (a family; a family and a root). */
typedef struct {
	int64_t *key;
	int *n, mask;
} Counts;

static int *slot(Counts *c, int64_t k)
{
	uint64_t h = (uint64_t)k * 0x9e3779b97f4a7c15u;
	for (int i = (int)(h >> 40) & c->mask;; i = (i + 1) & c->mask)
		if (!c->n[i] || c->key[i] == k) {
			c->key[i] = k;
			return &c->n[i];
		}
}

/* share[i]: what node i costs its stream in the lower bound where collectives may merge. A
 * collective of a kind that coalesces, with a time of the model's (not stated), that another
 * of its kind, group, dtype and op could share a bucket with, or that is a bucket already (its
 * members could be issued another way), may cost its stream, as a member of a bucket:
 *   coalesced (one NCCL group)  its cost less the launch latency a group saves a member
 *                               (coalescedcost), where every one of its family costs more;
 *   contiguous (all-reduces of adjacent slices, one collective)   its bytes at the best
 *                               bandwidth (collshare): where another of its family is in
 *                               place on the same root;
 *   packed (copied into one buffer)   that too, with two copies on the compute stream.
 * share.bw is the least of them, share.coal the least without copies, share.copy what the
 * copies take; every other node has all three its cost (copy 0). Rank graphs are never
 * bucketed: none may merge. Returns how many may. */
int fillshares(const Graph *g, const CostOpts *o, Share *share)
{
	int n = g->nnode, nmerge = 0, size = 1;
	for (int i = 0; i < n; i++)
		share[i] = (Share){g->node[i].cost, g->node[i].cost, 0};
	if (g->rank >= 0)
		return 0;
	int64_t *fam = xmalloc(((size_t)n + 1) * sizeof *fam); /* -1: cannot merge */
	for (int i = 0; i < n; i++) {
		const Node *x = &g->node[i];
		fam[i] = -1;
		if (!iscollective(x->kind) || !colls[x->kind].coalesces || x->us >= 0 ||
		    x->bytes <= 0 || x->cost <= 0)
			continue;
		int64_t f = (int64_t)x->kind * (g->ngroup + 1) + x->group;
		fam[i] = (f * (NDTYPE + 2) + x->dtype + 1) * (NOP + 2) + x->op + 1;
		size++;
	}
	while (size & (size - 1))
		size &= size - 1;
	size *= 4; /* a power of two, at most half full with both tables' keys */
	Counts byfam = {xmalloc((size_t)size * sizeof(int64_t)), zalloc((size_t)size, sizeof(int)),
			size - 1};
	Counts byroot = {xmalloc((size_t)size * sizeof(int64_t)), zalloc((size_t)size, sizeof(int)),
			 size - 1};
	int64_t nroot = g->nroot + 2;
	double lat = baselat[ALG_RING][P_LL];
	int *cheap = zalloc((size_t)size, sizeof(int)); /* by byfam's slot: a member below lat */
	for (int i = 0; i < n; i++)
		if (fam[i] >= 0) {
			const Node *x = &g->node[i];
			int *c = slot(&byfam, fam[i]);
			++*c;
			cheap[c - byfam.n] |= x->cost < lat;
			++*slot(&byroot, fam[i] * nroot + (x->nacc ? x->acc[0].root + 1 : 0));
		}
	double *perbyte = xmalloc(((size_t)g->ngroup * NKIND + 1) * sizeof *perbyte);
	for (int k = 0; k < g->ngroup * NKIND; k++)
		perbyte[k] = -1;
	for (int i = 0; i < n; i++) {
		if (fam[i] < 0)
			continue;
		const Node *x = &g->node[i];
		int *c = slot(&byfam, fam[i]);
		if (x->form == BK_NONE && *c < 2)
			continue; /* alone of its family */
		double *pb = &perbyte[x->group * NKIND + x->kind];
		if (*pb < 0) /* the share of a byte, for the kind and group */
			*pb = collshare(o->target, x->kind, 1 << 20, groupsize(g, x->group, o)) /
			      (1 << 20);
		double bw = fmin(x->cost, (double)x->bytes * *pb);
		/* in place on a root another of the family is on: maybe adjacent slices */
		int adjacent = colls[x->kind].send == colls[x->kind].recv && x->nacc &&
			       *slot(&byroot, fam[i] * nroot + x->acc[0].root + 1) > 1;
		double coal = cheap[c - byfam.n] || adjacent ? bw : fmax(bw, x->cost - lat);
		share[i] = (Share){bw, coal, copycost(o->target, 2, (double)x->bytes)};
		nmerge++;
	}
	free(perbyte);
	free(cheap);
	free(byfam.key), free(byfam.n), free(byroot.key), free(byroot.n);
	free(fam);
	return nmerge;
}
