/* irprint.c - the textual IR (printir). parseir() in frontend/irparse.c reads it back, and
 * print -> parse -> print gives the same bytes.
 *
 *   graph @step "model.c" {
 *     %0 = alloc size 2097152 out "full.0"[0:2097152] @21:16
 *     %1 = all_gather group "md->dp" bf16 count 262144 in "md->shard[0]"[0:524288]
 *          out "full.0"[0:?] after %0(raw) @22:5                      (one line)
 *     %2 = compute "gemm" flops 1e9 bytes 3e6 in "full.0"[0:?] out "y"[0:?] after %1(raw) @23:5
 *   }
 *
 * An access is in, out or inout on a root, with [offset:length] in bytes (? runs to the end of
 * the root). Edges name their source and kinds: raw, war, waw, order (a barrier), group (program
 * order of one group's collectives). The location is @line:col in the graph's file, or
 * @"file":line:col elsewhere. A compute node may name the dtype of its arithmetic; a
 * collective may state its time (us), which the cost model then takes.
 *
 * A bucket (passes/bucket.c) is a collective with `bucket FORM (count @loc, ...)`, its members'
 * counts and places; a packed bucket's alloc, pack, unpack and free name it: `bucket %N`.
 *
 * A scheduled graph ends with its schedule, the compute stream's steps in order:
 *
 *     schedule {
 *       %0                 run a node
 *       start %1           start a collective on its group's stream
 *       wait %1            the compute stream waits for it
 *     }
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "../ir/ir.h"

/* The printer's own appends: no terminating NUL, and the common case inline. */
static inline void put(Buf *b, const char *s, size_t n)
{
	if (b->len + n < b->cap) {
		memcpy(b->s + b->len, s, n);
		b->len += n;
	} else {
		bput(b, s, n);
	}
}
#define PUT(b, lit) put(b, lit, sizeof(lit) - 1) /* a string literal, without strlen */

static inline void puts_(Buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static inline void puti(Buf *b, int64_t v)
{
	char d[INTTEXT];
	int n = inttext(d, v);
	put(b, d + INTTEXT - n, (size_t)n);
}

/* A quoted string: most need no escapes */
static inline void putq(Buf *b, const char *s)
{
	size_t n = 0;
	while ((unsigned char)s[n] >= 32 && s[n] != 127 && s[n] != '"' && s[n] != '\\')
		n++;
	if (s[n]) {
		bputq(b, s);
		return;
	}
	PUT(b, "\"");
	put(b, s, n);
	PUT(b, "\"");
}

static void printloc(Buf *b, const Graph *g, Loc loc)
{
	PUT(b, " @");
	if (loc.file && loc.file != g->file) {
		putq(b, loc.file);
		PUT(b, ":");
	}
	puti(b, loc.line);
	PUT(b, ":");
	puti(b, loc.col);
}

static void printnode(Buf *b, const Graph *g, int i)
{
	const Node *n = &g->node[i];
	PUT(b, "  %");
	puti(b, i);
	PUT(b, " = ");
	puts_(b, kindname[n->kind]);
	switch (n->kind) {
	case N_COMPUTE:
		PUT(b, " ");
		putq(b, n->name ? n->name : "");
		if (n->ctype >= 0)
			PUT(b, " "), puts_(b, dtypename[n->ctype]);
		if (n->flops >= 0)
			PUT(b, " flops "), bputnum(b, n->flops);
		if (n->mbytes >= 0)
			PUT(b, " bytes "), bputnum(b, n->mbytes);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		if (n->bucket >= 0)
			PUT(b, " bucket %"), puti(b, n->bucket);
		break;
	case N_ALLOC:
	case N_FREE:
		PUT(b, " size ");
		puti(b, n->bytes);
		if (n->bucket >= 0)
			PUT(b, " bucket %"), puti(b, n->bucket);
		break;
	case N_BARRIER:
		PUT(b, " ");
		putq(b, n->name ? n->name : "");
		break;
	default:
		PUT(b, " group ");
		putq(b, g->group[n->group]);
		PUT(b, " ");
		puts_(b, dtypename[n->dtype]);
		if ((int)n->op >= 0)
			PUT(b, " op "), puts_(b, opname[n->op]);
		PUT(b, " count ");
		puti(b, n->count);
		if (n->peer >= 0)
			PUT(b, " peer "), puti(b, n->peer);
		if (n->us >= 0)
			PUT(b, " us "), bputnum(b, n->us);
		if (n->form != BK_NONE) {
			PUT(b, " bucket ");
			puts_(b, formname[n->form]);
			PUT(b, " (");
			for (int k = 0; k < n->nmember; k++) {
				if (k)
					PUT(b, ", ");
				puti(b, n->member[k].count);
				if (n->member[k].loc.line > 0)
					printloc(b, g, n->member[k].loc);
			}
			PUT(b, ")");
		}
		break;
	}
	for (int k = 0; k < n->nacc; k++) {
		const Access *ac = &n->acc[k];
		static const char *mode[] = {"", " in ", " out ", " inout "};
		puts_(b, mode[ac->mode]);
		putq(b, g->root[ac->root]);
		PUT(b, "[");
		puti(b, ac->off);
		PUT(b, ":");
		if (ac->len == LEN_REST)
			PUT(b, "?");
		else
			puti(b, ac->len);
		PUT(b, "]");
	}
	for (int k = 0; k < n->ndep; k++) {
		if (k)
			PUT(b, ", %");
		else
			PUT(b, " after %");
		puti(b, n->dep[k].node);
		PUT(b, "(");
		int first = 1;
		for (int bit = 0; bit < NDEPKIND; bit++)
			if (n->dep[k].kind & (1 << bit)) {
				if (!first)
					PUT(b, "+");
				puts_(b, depname[bit]);
				first = 0;
			}
		PUT(b, ")");
	}
	if (n->loc.line > 0)
		printloc(b, g, n->loc);
	PUT(b, "\n");
}

/* A graph's lines are its nodes, then its schedule's steps: lines [from, to) into b. */
static void printlines(Buf *b, const Graph *g, int from, int to)
{
	static const char *kind[] = {"    %", "    start %", "    wait %"};
	for (int i = from; i < to; i++) {
		if (i < g->nnode) {
			printnode(b, g, i);
		} else {
			const Step *st = &g->step[i - g->nnode];
			if (i == g->nnode)
				PUT(b, "  schedule {\n");
			puts_(b, kind[st->kind]);
			puti(b, st->node);
			PUT(b, "\n");
		}
	}
}

static void flush(Buf *b, FILE *out)
{
	fwrite(b->s, 1, b->len, out);
	b->len = 0;
}

/* A large graph's lines in blocks: the first thread prints the even blocks and writes every
 * block in order; a second prints the odd ones into two buffers it takes turns with. The text
 * never sits in memory whole (fresh memory is what costs most here: the kernel's page faults
 * do not run in parallel). */
typedef struct {
	const Graph *g;
	int lines, block; /* lines / 64, at most 4096 (about half a megabyte) */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	Buf buf[2];
	int holds[2]; /* the block in buf[k], or -1 once written */
} Blocks;

static void *printodd(void *arg)
{
	Blocks *p = arg;
	for (int k = 1; (int64_t)k * p->block < p->lines; k += 2) {
		int s = k / 2 % 2;
		pthread_mutex_lock(&p->mu);
		while (p->holds[s] >= 0)
			pthread_cond_wait(&p->cv, &p->mu);
		pthread_mutex_unlock(&p->mu);
		p->buf[s].len = 0;
		printlines(&p->buf[s], p->g, k * p->block, (int)fmin(p->lines, (k + 1.0) * p->block));
		pthread_mutex_lock(&p->mu);
		p->holds[s] = k;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	return NULL;
}

/* Lines [0, lines) of g, written to out through b; with a second thread for splitmin lines
 * or more. */
static void printgraph(Buf *b, FILE *out, const Graph *g, int lines)
{
	int block = (int)fmax(1, fmin(4096, lines / 64));
	Blocks p = {g, lines, block, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, {{0}},
		    {-1, -1}};
	pthread_t th;
	if (splitmin <= 0 || lines < splitmin || lines < 2 ||
	    pthread_create(&th, NULL, printodd, &p) != 0) {
		for (int k = 0; k < lines; k += 4096) {
			printlines(b, g, k, (int)fmin(lines, k + 4096.0));
			flush(b, out);
		}
		return;
	}
	for (int k = 0; (int64_t)k * block < lines; k++) {
		int s = k / 2 % 2;
		if (k % 2 == 0) {
			printlines(b, g, k * block, (int)fmin(lines, (k + 1.0) * block));
			flush(b, out);
			continue;
		}
		pthread_mutex_lock(&p.mu);
		while (p.holds[s] != k)
			pthread_cond_wait(&p.cv, &p.mu);
		pthread_mutex_unlock(&p.mu);
		flush(&p.buf[s], out);
		pthread_mutex_lock(&p.mu);
		p.holds[s] = -1;
		pthread_cond_broadcast(&p.cv);
		pthread_mutex_unlock(&p.mu);
	}
	pthread_join(th, NULL);
	bfree(&p.buf[0]);
	bfree(&p.buf[1]);
}

void printir(FILE *out, const Module *m)
{
	Buf b = {0};
	for (int i = 0; i < m->ngraph; i++) {
		const Graph *g = m->graph[i];
		if (i)
			PUT(&b, "\n");
		PUT(&b, "graph @");
		puts_(&b, g->name);
		PUT(&b, " ");
		putq(&b, g->file);
		PUT(&b, " {\n");
		printgraph(&b, out, g, g->nnode + (g->step ? g->nstep : 0));
		if (g->step && g->nstep == 0)
			PUT(&b, "  schedule {\n");
		if (g->step)
			PUT(&b, "  }\n");
		PUT(&b, "}\n");
	}
	flush(&b, out);
	bfree(&b);
}
