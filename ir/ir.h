/* ir.h - dagcc's internal representation, and the prototypes of every file that works on it.
 *
 * A Module holds the graphs of one input. A Graph is an array of Nodes in program order; edges are
 * predecessor indices kept on each node. Strings and arrays live in the graph's arena and are
 * freed with it. Every node carries the source location of the statement it came from. */
#ifndef DAGCC_IR_H
#define DAGCC_IR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "collectives.h"

#define DAGCC_VERSION "0.1.0"

/* ir/arena.c */
typedef struct Arena Arena;
Arena *arena_new(void);
void arena_free(Arena *a);
void arena_adopt(Arena *into, Arena *from); /* from's memory becomes into's; from is gone */
void *xmalloc(size_t n); /* malloc, or exit */
void *zalloc(size_t n, size_t size); /* n cleared items, or exit */
void *aalloc(Arena *a, size_t n); /* cleared */
void *auninit(Arena *a, size_t n); /* not: for arrays written before they are read */
char *astrdup(Arena *a, const char *s);
char *astrndup(Arena *a, const char *s, size_t n);
char *afmt(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void *aarray(Arena *a, size_t n, size_t size); /* n cleared items */
/* the ways out: fatal for the environment (cannot open a file, out of memory), exit 1; die
 * for a broken invariant, abort */
_Noreturn void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable arrays. agrow gives *p (elt-sized items, *cap slots) room for at least n, doubling:
 * a copy in arena a with its new slots cleared, the old one left there until the arena is freed;
 * or, where a is NULL, realloc'ed (not cleared) and freed by its owner. agrowz counts in size_t. */
void agrow(Arena *a, void *p, int *cap, int n, size_t elt);
void agrowz(Arena *a, void *p, size_t *cap, size_t n, size_t elt);

/* A vector: any struct with T *a; int n, cap. vpush appends x, growing in arena ar (NULL:
 * realloc). A pass takes its temporaries from a scratch arena it makes at its entry and frees
 * when it returns: vectors in it are never freed one by one. */
#define Vec(T)                                                                                     \
	struct {                                                                                   \
		T *a;                                                                              \
		int n, cap;                                                                        \
	}
#define vreserve(ar, v, want)                                                                      \
	((want) > (v)->cap ? agrow((ar), &(v)->a, &(v)->cap, (want), sizeof *(v)->a) : (void)0)
#define vpush(ar, v, x) (vreserve((ar), (v), (v)->n + 1), (v)->a[(v)->n++] = (x))

/* seconds on a monotonic clock (ir/diag.c): for timing passes */
double monotime(void);

/* passes/heap.c */
typedef struct {
	double key;
	int node;
} Item;
typedef struct {
	Item *a; /* a Vec(Item) */
	int n, cap;
	int max; /* 1: largest key first */
	Arena *arena; /* where it grows; NULL: realloc, and its owner frees a */
	const uint64_t *tie; /* equal keys: the smaller tie[node] first; NULL (or equal): node */
} Heap;
void hpush(Heap *h, double key, int node);
Item hpop(Heap *h);

/* ir/text.c (uses arena.c) */
typedef struct {
	char *s;
	size_t len, cap;
} Buf;
void bput(Buf *b, const char *s, size_t n);
void bputs(Buf *b, const char *s);
void bprintf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bputq(Buf *b, const char *s); /* a quoted, escaped string */
void bputjq(Buf *b, const char *s); /* the same, for JSON: always valid UTF-8 */
void bputdq(Buf *b, const char *s); /* the same, for Graphviz DOT: valid UTF-8, no \u */
void bfree(Buf *b);
void bputnum(Buf *b, double v); /* the shortest text that reads back as v */
void bputi(Buf *b, int64_t v);
char *readfile(const char *path, size_t *len); /* NULL if it cannot be read; malloc'ed */
typedef struct {
	const char *s; /* NUL-terminated */
	size_t len;
	int mapped;
} Text;
enum { MAXFILE = 0x7fff0000 }; /* the most bytes of a file read (lines and columns are ints) */
int mapfile(const char *path, Text *t); /* 0 if it cannot be read; give it back with unmapfile */
void unmapfile(Text *t);
/* a file's whole text, read once (the input may be a pipe) and kept; NULL if unreadable */
const char *srctext(const char *file, size_t *len);
/* p at a '(' of C text: just past its matching ')', string and character literals skipped;
 * NULL where it has none (or, with nocomment, where a comment comes first) */
const char *closeparen(const char *p, int nocomment);
const char *srcline(const char *file, int line, size_t *len); /* cached; NULL if unknown */

/* ir/diag.c (uses text.c) */
typedef struct {
	const char *file; /* as the user named it; NULL for no location */
	int line, col;
} Loc;

extern int nerrors; /* the user's diagnostics: printed, and counted here */
extern int nwarnings;
void error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void warning(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void note(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The diagnostics of a quiet run (a reading tried, a pass run again to choose): counted, not
 * printed, the first error's message and location kept in first. A function that may run quiet
 * takes a Diags *; NULL there: the user's (error, warning, note). */
enum { KEEPLEN = 256 };
typedef struct {
	int errors, warnings;
	char first[KEEPLEN];
} Diags;
void derror(Diags *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void dwarning(Diags *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void dnote(Diags *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void report(Diags *d, const char *severity, Loc loc, const char *fmt, va_list ap);
int errorsin(const Diags *d); /* d's errors so far, or (NULL) nerrors */
int warningsin(const Diags *d);
void fatalerror(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3))); /* clang's */
int nulbyte(const char *path, const Text *t); /* an error at its first NUL byte, if any */

/* ir/json.c: the one JSON reader (profiles, compile_commands.json) */
typedef struct {
	const char *path, *s, *p, *e; /* the file, its text, where the reader stands, its end */
	const char *what; /* errors say "WHAT: ..." and exit; NULL: quiet (failed is set) */
	int lax; /* compile_commands.json as libclang takes it (see json.c); the text ends at e */
	int failed;
} Json;
void jsonbad(Json *j, const char *what); /* returns only when quiet */
void jsonws(Json *j);
int jsoneat(Json *j, char c);
char *jsonstr(Json *j); /* malloc'ed */
double jsonnum(Json *j);
void jsonskip(Json *j, int depth);
int jsonwhole(const char *text, size_t len); /* one lax value, whitespace around it */

/* v in decimal at the end of d[INTTEXT]; its length (inline: printers call it per number) */
enum { INTTEXT = 24 };
static inline int inttext(char *d, int64_t v)
{
	int n = 0;
	uint64_t x = v < 0 ? -(uint64_t)v : (uint64_t)v;
	do
		d[INTTEXT - 1 - n++] = (char)('0' + x % 10);
	while ((x /= 10));
	if (v < 0)
		d[INTTEXT - 1 - n++] = '-';
	return n;
}

/* The IR. */
typedef enum {
	N_COMPUTE,
#define KIND(K, ...) N_##K,
	COLLECTIVES(KIND) /* N_ALL_REDUCE ... N_RECV, N_P2P */
#undef KIND
	N_ALLOC,
	N_FREE,
	N_BARRIER,
	NKIND
} NodeKind;

typedef enum { DT_F32, DT_F16, DT_BF16, DT_F64, DT_I8, DT_U8, DT_I32, DT_I64, NDTYPE } Dtype;
typedef enum { OP_SUM, OP_PROD, OP_MAX, OP_MIN, OP_AVG, NOP } RedOp;

enum { ACC_READ = 1, ACC_WRITE = 2 };
enum { DEP_RAW = 1, DEP_WAR = 2, DEP_WAW = 4, DEP_ORDER = 8, DEP_GROUP = 16, NDEPKIND = 5 };

#define LEN_REST (-1) /* an access that runs to the end of its root */
#define UNKNOWN_ROOT "?" /* a root that may be any memory: it conflicts with every root */

typedef struct {
	int root; /* index into Graph.root */
	int mode; /* ACC_READ | ACC_WRITE */
	int64_t off; /* bytes from the root's start */
	int64_t len; /* bytes, or LEN_REST */
	const char *expr; /* compute arguments from C: the argument's text, for checked builds */
	int64_t exprlen; /* with expr: the bytes touched from where expr points (the declared
			  * extent, never widened to every rank's offset), or LEN_REST */
	int local; /* memory of the graph's own local, which C keeps apart from any other object and
		    * which lives only as long as the call: checked mode does not check its name */
} Access;

typedef struct {
	int node;
	int kind; /* DEP_* bits */
} Dep;

/* Buckets (passes/bucket.c). A bucket is one collective standing for several of one kind, group,
 * dtype and op. Packed: the members' inputs are copied into a buffer of its own (an alloc, a
 * "dagcc.pack" compute node, the collective on the buffer, "dagcc.unpack", a free: the chain's
 * nodes name the collective in Node.bucket). Coalesced: the members are issued together as one
 * NCCL group, no copies. Contiguous: the members' buffers are adjacent, one collective on all. */
typedef enum { BK_NONE, BK_PACKED, BK_COALESCED, BK_CONTIGUOUS, NBKFORM } BucketForm;
typedef struct {
	int64_t count; /* elements, as the member's call has it */
	const char *call, *send, *recv; /* from C: the call and its buffer arguments' texts */
	Loc loc;
	int copy; /* the node's Node.copy: with loc, its profile key */
	/* a p2p group's member (N_P2P): N_SEND or N_RECV, its peer (-1: not a constant) and
	 * dtype; a bucket's members have the bucket's kind and dtype */
	NodeKind kind;
	Dtype dtype;
	int64_t peer;
} Member;

/* From C, for emission: the statement as this copy reads (loop variables substituted, per-copy
 * locals renamed), and for collectives the call and its stream, group and buffer arguments'
 * texts (compute nodes: the stream argument, if any). */
typedef struct {
	const char *text, *call, *stream;
	const char *gtext, *send, *recv;
	const char *callee, *why; /* a barrier that calls a function: it, and why dagcc does not
				   * inline it (NULL: a function dagcc cannot read) */
	/* in a run-time loop's body, what its statement names (frontend NAMES_*): 1 the loop's
	 * variable, 2 a variable the body declares; a trip late, the values they had a trip
	 * before (emit/c.c) */
	int namesvar;
} NodeSrc;

/* Largest fields first: a million of these is the largest array dagcc makes. */
typedef struct {
	const char *name; /* compute: the function; barrier: the statement's text */
	Access *acc;
	Dep *dep; /* predecessors */
	Member *member; /* a bucket's */
	NodeSrc *src; /* from C; NULL from IR */
	int64_t count; /* collectives: elements (per peer for all_to_all) */
	int64_t bytes; /* collectives: count * dtype size; alloc/free: the allocation */
	int64_t peer; /* broadcast root, send/recv peer; else -1 */
	double flops, mbytes, us; /* compute cost terms, or a collective's given time; < 0: none */
	double cost; /* microseconds, from fillcost */
	Loc loc;
	NodeKind kind;
	int group; /* collectives: index into Graph.group; else -1 */
	Dtype dtype;
	RedOp op; /* reducing collectives; else -1 */
	int ctype; /* compute: the dtype of its arithmetic (peak FLOP/s), or -1 for the target's */
	/* N_P2P, a p2p group: its members are its sends and receives (Member), all started
	 * together and waited together; count is their bytes (dtype u8) */
	int nacc, ndep;
	int capacc, capdep; /* allocated slots */
	BucketForm form; /* a bucket: how its members are issued */
	int nmember;
	int bucket; /* a packed bucket's alloc, pack, unpack and free: its collective; else -1 */
	int copy; /* which of the nodes at its location, in program order (numbercopies): with the
		   * location, a profile's key */
	int loop; /* a barrier that is a run-time loop: 1 + its index in Graph.loop; else 0 */
	int guard; /* a node of a peeled loop's last trip (passes/peel.c), run only where the loop
		    * ran a trip: 1 + the loop's index in Graph.loop; else 0 */
} Node;

/* n's stream argument's text, or NULL (from IR, or none) */
static inline const char *nodestream(const Node *n)
{
	return n->src ? n->src->stream : NULL;
}

/* A declaration in a graph body that is not a node (a derived pointer, a local computed from
 * parameters): emitted after the node it must follow (after: the barrier before it in the
 * program, or the allocation of a temporary it names; -1: the top of the body). */
typedef struct {
	const char *text;
	int after;
	Loc loc;
} Prelude;

/* A collective dagcc does not schedule (under a run-time if): it runs where it stands, inside
 * the barrier node its statement became, which fillcost charges with its time. */
typedef struct {
	NodeKind kind;
	int group;
	int64_t bytes;
	int node; /* the barrier */
	Loc loc;
} Hidden;

/* A loop whose trip count is known only at run time (frontend/unroll.c): to the graph around
 * it a barrier node (Node.loop), ordered against everything as a barrier is; its body a region
 * of its own, a graph of one iteration's nodes with its own roots, groups, edges and schedule
 * (passes/loop.c), run as the loop's body on every trip.
 *
 * A body may be rotated across the back edge: its late nodes (a set closed under the body's
 * edges: a late node's successors are late) run one trip late, trip k's in the emitted
 * iteration k + 1, beside trip k + 1's other nodes; the first iteration runs no late nodes
 * and an epilogue after the loop runs the last trip's. The body's schedule is then one emitted
 * iteration's: the late nodes (the trip before) and the rest (this trip), ordered by the edges
 * of that sequence (rotated()); every collective is still started and waited inside it. */
struct Graph;
typedef struct {
	const char *var; /* the loop variable */
	const char *vartype; /* from C: its type, spelled as a declaration needs; else NULL */
	const char *trips; /* the run-time value its condition is bounded by ("" none named) */
	struct Graph *body; /* in the graph's arena, freed with it */
	struct Graph *wbody; /* the body as written where bucketing or a loop's last trip peeled
			      * into it rewrote it (bucketloops), in the body's arena; NULL: the
			      * body is */
	unsigned char *late; /* by body node, in the body's arena: runs a trip late; NULL none */
	int pinned; /* its header may change what its body reads (it calls or assigns besides its
		     * increment): never rotated */
	int peeled; /* rotated, and its late nodes' last trip is nodes of the graph around it
		     * (Node.guard, passes/peel.c), after the loop node: no epilogue of its own */
	/* passes/loop.c: us of one trip, as the program writes it, as scheduled (< 0: not yet;
	 * rotated: the steady state's emitted iteration), and the bound of the trips simulated
	 * (ntrip: --trips, else 1); a rotated body's first iteration (prologue) and its
	 * epilogue */
	double written, iter, lb;
	double prologue, epilogue;
	double compute, comm, wexposed, exposed; /* of a trip: its compute, its collectives'
						  * time, and its communication exposed as
						  * written; as scheduled, of all its trips */
	int64_t ntrip;
} Loop;

/* One step of a schedule on the compute stream: run a node, start a collective, or make the
 * compute stream wait for one. */
typedef enum { ST_RUN, ST_START, ST_WAIT } StepKind;
typedef struct {
	StepKind kind;
	int node;
} Step;

typedef struct Graph {
	const char *name;
	const char *file; /* source the graph came from */
	Node *node;
	int nnode;
	const char **group; /* names: the text of the group argument */
	int ngroup;
	const char **root; /* canonical buffer roots */
	int nroot;
	int *rootix, *groupix; /* hash indexes of the names: slot -> index + 1, 0 empty */
	int caprootix, capgroupix;
	Prelude *prelude;
	int nprelude, capprelude;
	Hidden *hidden; /* from C */
	int nhidden, caphidden;
	Loop *loop; /* its run-time loops, by Node.loop; the barrier's name is the loop's header */
	int nloop, caploop;
	int64_t body_begin, body_end; /* from C: the body's braces' offsets in the file */
	/* from C: directives to keep before the body's {, after it and before its } */
	const char *pphead, *ppopen, *pptail;
	const char **param; /* from C: the function's parameters' names */
	int nparam;
	Step *step; /* the schedule, when one was made or read; else NULL */
	int nstep;
	/* A rank-specialized graph (frontend/rank.c): the body for rank `rank` of `nranks`
	 * in the group named rankgroup; the graphs of one function's ranks are adjacent in the
	 * Module, rank 0 first. rankvar: the parameter that holds the rank (the emitted body
	 * switches on it), or NULL: dagcc_group_rank(rankgroup). rank -1: not specialized. */
	int rank, nranks;
	const char *rankgroup, *rankvar;
	/* by node, while the p2p pass reschedules a rank (NULL otherwise): the earliest its op
	 * can begin, as the other ranks let it in their joint simulation (runon); and the time
	 * the other ranks still need once it has ended (a send: the receiving rank's rest), which
	 * the step is no shorter than (stepend) */
	const double *release, *tail;
	int capnode, capgroup, caproot, capstep; /* allocated slots */
	int copied; /* Node.copy is numbered */
	/* --profile (passes/profile.c), as the first costing found it: nodes a profile could
	 * measure, those it did, and the entries furthest from the model (prof.e indices) */
	int profiled, nprofnode, nmeasured, nproftop, proftop[3];
	/* and its step: measured (the slowest rank's median; 0 none), and the schedule that ran,
	 * rebuilt from the profile's positions and simulated with its costs (< 0: not rebuilt,
	 * profunplaced nodes had no position, or -1 of them where the order did not fit) */
	double profstep, profsim;
	int profunplaced;
	Arena *arena;
} Graph;

/* A macro a graph body names, with the integer expression it expanded to when dagcc read the
 * input: the overlapped file refuses to compile where it expands to another value (emit/c.c). */
typedef struct {
	const char *name, *value;
	int line; /* where a graph body first names it */
} Macro;

typedef struct {
	Macro *macro; /* in the order the bodies first name them */
	int nmacro, cap;
	Arena *arena;
} Macros;

typedef struct {
	Graph **graph;
	int ngraph, capgraph;
	Macros macros; /* from C: the macros that shaped the graphs */
} Module;

/* ir/ir.c */
extern const char *const kindname[NKIND];
extern const Coll colls[NKIND]; /* by kind (ir/collectives.h); zero where not a collective */
extern const char *const dtypename[NDTYPE];
extern const char *const opname[NOP];
extern const char *const formname[NBKFORM];
extern const char *const depname[NDEPKIND]; /* by bit: DEP_RAW is depname[0] */
int dtypesize(Dtype t);
int iscollective(NodeKind k);
/* A send or a receive, what a p2p group holds (colls[k].p2p); k may be any int. */
int isp2pmember(int k);
/* Whether node n may be a peeled loop's node in the graph around it (Node.guard,
 * passes/peel.c): a compute node, or a collective or a bucket of them issued as one (not a
 * send, a receive or a p2p group; a body's buckets are never packed: it allocates nothing) */
int guardable(const Node *n);
/* An edge a schedule may break: program order alone (DEP_GROUP, no data) between two collectives
 * of one group, neither a send nor a receive (those pair with a peer's by their order). The two
 * then take effect in the order they are started, the same on every rank. */
int reorderable(const Graph *g, const Node *x, const Dep *d);
/* The streams of the model: each class of groups has one collective stream (cls[group]), and
 * each group a send and a receive stream of its own, as the runtime issues them: streamof
 * gives a collective's, below nstreams(g); samegroupstream whether b, started after a, runs
 * after a on a stream of their group (one stream; a p2p group b after any send or receive of
 * its group, which it waits for; never b after a p2p group a, which runs on two). */
int streamof(const Graph *g, const Node *n, const int *cls);
int streamof2(const Graph *g, const Node *n); /* a p2p group's receive stream; else -1 */
/* Collective n (one of g's nodes) started at time t on its streams (free_at: when each is
 * free): when it begins (*begin; no earlier than g->release, where set) and ends, its streams
 * held until then. */
double runon(const Graph *g, const Node *n, const int *cls, double *free_at, double t,
	     double *begin);
int nstreams(const Graph *g);
/* a schedule's makespan ms (compute stream and streams), with g->tail where set: no shorter
 * than each collective's end (end, by node) plus its tail */
double stepend(const Graph *g, double ms, const double *end);
int samegroupstream(const Node *a, const Node *b);
Graph *newgraph(const char *name, const char *file);
/* A loop's body in g: an empty graph of g's name and file in g's arena, freed with g; n's
 * region from then on (n becomes a loop node). */
Graph *newregion(Graph *g, Node *n, const char *var, const char *trips);
static inline Loop *loopof(const Graph *g, const Node *n)
{
	return n->loop ? &g->loop[n->loop - 1] : NULL;
}
/* The index of the node before node i that is loop `loop` (1 + its index: Node.guard), or -1 */
static inline int loopnode(const Graph *g, int loop, int i)
{
	while (--i >= 0 && g->node[i].loop != loop)
		;
	return i;
}
void freegraph(Graph *g);
void freemodule(Module *m);
void addgraph(Module *m, Graph *g);
Node mknode(NodeKind kind, Loc loc);
Node *addnode(Graph *g, NodeKind kind, Loc loc); /* mknode's, appended to g */
int intern(Graph *g, const char ***names, int *n, const char *s);
int internn(Graph *g, const char ***names, int *n, const char *s, size_t len);
int findname(Graph *g, const char ***names, const char *s);
void dropnames(Graph *g, const char ***names, int n); /* back to the first n */
void internmany(Graph *g, const char ***names, const char **s, int n, int *out);

/* What a pass rewriting g's nodes (bucket.c, peel.c) replaces, to put back or to keep: the
 * nodes, the schedule, and the node indices held outside the node array (noderef k: each
 * prelude's node, then each hidden collective's barrier). savenodes makes sv->after in a the
 * first time (the number of references does not change). */
typedef struct {
	Node *node;
	int nnode, capnode;
	Step *step;
	int nstep, capstep;
	int *after;
} SavedNodes;
int *noderef(Graph *g, int k);
void savenodes(Arena *a, Graph *g, SavedNodes *sv);
void restorenodes(Graph *g, const SavedNodes *sv);

void addacc(Graph *g, Node *n, int root, int mode, int64_t off, int64_t len);
void adddep(Graph *g, Node *n, int from, int kind);
void sortdeps(Node *n); /* ir/ir.c: by source */
void addstep(Graph *g, StepKind kind, int node);
int *steppos(const Graph *g, int **waitat); /* each node's run/start step and wait step, or -1 */

/* frontend/extract.c */
typedef struct {
	const char *name;
	int64_t value;
} Assume;

typedef struct {
	const char *name; /* the group's text */
	int size;
} GroupSize;

/* -MD: the files an output was made from, each once, in the order first read */
typedef struct {
	const char **file;
	int nfile, cap;
	int nosys; /* -MMD: system headers are left out */
	Arena *arena;
} Deps;
void addfile(Deps *d, const char *file); /* frontend/ast.c: once; a file there is kept */

/* --rank NAME=GROUP: NAME (a parameter or local) holds the rank in GROUP */
typedef struct {
	const char *name, *group;
} RankName;

enum { MAXRANKS = 64 }; /* ranks a graph is specialized for, at most */

typedef struct {
	const char *input;
	const RankName *rank; /* --rank */
	int nrank;
	int worldsize; /* ranks in a group --group-size does not name (the target's); 0 unknown */
	const GroupSize *gsize; /* --group-size: exact ranges for these groups' collectives */
	int ngsize;
	const char **args; /* compiler flags for the parser */
	int nargs;
	const char *builddir; /* -p: compile_commands.json lives here */
	Assume *assume;
	int nassume;
	Deps *deps; /* -MD: the input's headers are added here; NULL: not asked for */
	Macros *macros; /* the macros graph bodies name are added here; NULL: not asked for */
} FrontendOpts;
int extract(const FrontendOpts *o, Module *m);
int compiles(const FrontendOpts *o, const char *out, size_t outlen, const char *src,
	     size_t srclen); /* frontend/recompile.c */

/* frontend/costexpr.c */
typedef struct CostExpr CostExpr;
typedef struct {
	CostExpr *flops, *bytes, *us;
	int dtype; /* dtype = ..., or -1 */
} Cost;
/* Resolves an identifier to a parameter index, or -1. */
typedef int (*ParamLookup)(void *ctx, const char *name, size_t len);
/* Resolves sizeof(type text) to bytes, or -1. */
typedef int64_t (*SizeofLookup)(void *ctx, const char *type);
int parsecost(Arena *a, const char *text, Cost *c, ParamLookup param, SizeofLookup size, void *ctx,
	      int *errpos, const char **errmsg);
CostExpr *parseextent(Arena *a, const char *text, ParamLookup param, SizeofLookup size, void *ctx,
		      int *errpos, const char **errmsg);
int evalcost(const CostExpr *e, const double *param, double *out);
int costuses(const CostExpr *e, int param);

/* ir/parse.c: the reference reader of the textual IR */
int parseir(const char *path, Module *m);
int parseirtext(const char *path, const Text *text, Module *m); /* the text read already */

/* ir/print.c: the reference printer */
void printir(FILE *out, const Module *m);

/* ir/iofast.c: parseir's and printir's results, fast; a graph of at least split nodes is read,
 * and printed, in two halves on two threads (the same result either way); 0: never. */
int parseirfast(const char *path, Module *m, int split);
void printirfast(FILE *out, const Module *m, int split);

/* passes/target.c */
typedef enum { ARCH_VOLTA, ARCH_AMPERE, ARCH_HOPPER } Arch;

/* A hardware profile: rates per GPU, bandwidths per direction. */
typedef struct {
	char name[64];
	char file[4096]; /* the profile read, as found */
	int nodes, gpus_per_node;
	Arch arch;
	double flops[NDTYPE]; /* FLOP/s */
	double mem_bw, intra_bw, inter_bw; /* bytes/s */
	double kernel_us; /* added to each compute call */
	struct CollFit {
		int kind, ranks;
		double lat_us, bw; /* us = lat_us + bytes / bw (bytes/s) */
		int measured; /* fitted to a --profile's measurements (profilefit); 0: from the file */
		int scaled; /* of one size: the model scaled through them */
		double rms, worst; /* the fit's relative errors */
	} coll[64]; /* measured collectives (KIND.RANKS.lat_us/bw lines): they beat the model */
	int ncoll;
} Target;
typedef struct CollFit CollFit;
int loadtarget(const char *nameorpath, Target *t, Diags *d); /* d: NULL, the user's */
const char *exedir(void); /* the directory of the running dagcc */

/* passes/profile.c: measured costs, merged from the runtime's profile files */
typedef struct {
	const char *file, *name; /* file: the base name */
	int line, col, copy, coll; /* coll: a collective, else compute */
	int ranks, runs; /* the files, and the runs in all */
	double median, straggler; /* all runs' median; the largest file's median */
	double us; /* the cost: compute the median, collectives the straggler's */
	double model; /* the model's cost of the node it matched, or -1 */
	int matched;
	int pos, waitpos; /* in the schedule that ran (its start's, its wait's); -1 unknown */
	/* A packed or contiguous bucket's measurement (its name "bucket:KIND:LINE.COL.COPY,...")
	 * stands for its members: an entry per member, bucket its index + 1 and sub its place;
	 * a member costs the bucket's time in proportion to the model's costs (msum their sum) */
	int bucket, sub;
	double msum;
	/* by file (loadprofile's src): its median and positions (-1: none), for the graph of one
	 * rank of a rank-specialized function, which reads the file of that rank (proffile) */
	double *fmed;
	int *fpos, *fwaitpos;
} ProfEntry;
/* a graph's measured step, by file (base name) and graph name */
typedef struct {
	const char *file, *name;
	int line, ranks, runs;
	double us; /* the slowest file's median */
	double *fmed; /* by file; -1 none */
	int matched;
} ProfStep;
typedef struct {
	ProfEntry *e;
	int n, cap;
	int *ix, capix; /* hash by key: slot -> index + 1 */
	ProfStep *step;
	int nstep, capstep;
	int ranks; /* the most ranks a run of the profile had (its files' "ranks"); 0 unknown */
	int nfile, capfile;
	int *filerank; /* by file: its "rank", or -1 */
	struct Raw *raw; /* the files' entries as read, until they merge */
	int nraw, capraw;
} Profile;
void loadprofile(Profile *p, const char *path, int src); /* fatal on a bad file */
const Profile *mergeprofiles(Profile *p); /* p, its files merged */
ProfEntry *profentry(const Profile *p, const Graph *g, const Node *n);
struct CostOpts;
void useprofile(Graph *g, const struct CostOpts *o);
void stalewarn(const Profile *p);
double median(double *v, int n); /* sorts v */

/* passes/cost.c */
typedef struct CostOpts {
	const Target *target;
	const GroupSize *gsize; /* --group-size */
	int ngsize;
	const Profile *profile; /* --profile: measured costs win; NULL none */
	const Assume *trips; /* --trips NAME=K: a loop bounded by NAME simulated for K trips */
	int ntrips;
} CostOpts;
double collcost(const Target *t, NodeKind kind, int64_t bytes, int nranks);
double coalescedcost(const Target *t, NodeKind kind, double sum, int k, int64_t total, int nranks);
double copycost(const Target *t, int ncopies, double bytes);
double collshare(const Target *t, NodeKind kind, int64_t bytes, int nranks);
void fillcost(Graph *g, const CostOpts *o);
typedef struct {
	double bw; /* us: the least a node may cost its stream as part of any bucket */
	double coal; /* the same as part of a bucket that copies nothing */
	double copy; /* us a packed bucket copies it for, on the compute stream */
} Share;
int fillshares(const Graph *g, const CostOpts *o, Share *share);

/* passes/calibrate.c: writes the target fitted to profile p to f (the fit's error to stderr);
 * from names the profiles in its comments */
void profilefit(const Module *m, const CostOpts *co, const Profile *p, Target *t);
void calibrate(FILE *f, const Module *m, const CostOpts *co, const Profile *p, const char *from);
void numbercopies(Graph *g); /* Node.copy, once */

/* passes/classes.c */
int groupsize(const Graph *g, int group, const CostOpts *o);
void groupclasses(const Graph *g, const CostOpts *o, int *cls);

/* passes/sim.c */
typedef struct {
	double issue, begin, end; /* microseconds; issue: when the compute stream reached a start */
	double waited; /* collectives: how long the compute stream stood at its wait */
	double need; /* collectives: when the compute stream reached its wait */
} SimEvent;
typedef struct {
	double busy, exposed; /* us */
} SimGroup;
typedef struct {
	double makespan, exposed, compute, peak; /* us, us, us, bytes */
	double inplace; /* us of communication run in place, unscheduled (in barriers, loops) */
	SimGroup *group; /* by group */
	SimEvent *ev; /* by node, if asked for; else NULL */
	double *held; /* by node, where the graph has barriers (else NULL): how long the compute
		       * stream stands at each barrier, waiting for what it needs done and running
		       * its own communication */
} Sim;
void simulate(const Graph *g, const Step *step, int nstep, const int *cls, int events, Sim *s);
void freesim(Sim *s);
void programorder(Graph *g, Step **out, int *nout);
void writtenorder(Graph *g); /* g's schedule replaced by the program as written */
/* which term of the bound binds: */
enum { LB_PATH = -1, LB_COMPUTE = -2 }; /* the critical path; the compute stream; else a class */
typedef struct {
	double lb; /* us: no schedule of the graph, with any buckets, ends sooner */
	int which; /* the term that binds lb */
	double fixed; /* us: the same for the graph's nodes as they are (its buckets fixed) */
	int fixedwhich;
} LowerBound;
/* share: each node's stream time where collectives may merge (fillshares); NULL: its cost */
void lowerbound(const Graph *g, const int *cls, const Share *share, int reorder, LowerBound *lb);

/* passes/p2p.c: one rank of a rank-specialized function, all its ranks simulated together */
typedef struct {
	double makespan; /* us: its compute stream's last step, or its last op's end if later */
	double compute; /* us of work on its compute stream */
	double bubble; /* us its compute stream stood idle, waiting */
	double exposed; /* us of that spent waiting for sends and receives */
} RankTime;

/* passes/analyze.c: what the report, trace and json outputs show of one graph. */
typedef struct {
	RankTime ranked[2]; /* a rank-specialized graph (p2p): as written, scheduled */
	int nranked; /* 0: not simulated with its ranks; 1: as written; 2: both */
	Sim before, after; /* program order; the schedule */
	const Node *wnode; /* the nodes as written, which before's events follow (bucketing
			    * replaces the graph's) */
	int nwnode;
	double lb; /* lower bound, us, over any buckets (LowerBound.lb of the graph as written) */
	int lbwhich; /* the term that binds: LB_PATH, LB_COMPUTE, or the class whose stream */
	double lbfixed; /* the bound for the graph's nodes as they are now (LowerBound.fixed) */
	int lbfixedwhich;
	int nshared; /* collectives lb lets merge (fillshares) */
	const Node *lbnode; /* the nodes lbfixed is for (analyzesched computes it if not these) */
	const CostOpts *co; /* set by analyze: what the bound's shares are costed with */
	int *cls; /* stream class of each group */
	int *size; /* ranks in each group */
	int events; /* set before analyze: keep before's and after's events (for the trace) */
	int reorder; /* set before analyze: the bound lets a group's collectives reorder */
	double frugal; /* the peak of a memory-frugal order (frugalpeak), which --mem-budget P%
			* is over; the driver's, of the graph as written, as before */
	double budget; /* bytes the schedule's temporaries may peak at (< 0: any): the driver's,
			* from --mem-budget, frugal and before.peak */
	void *bound; /* the lower bound's thread while it runs (analyze starts it) */
	uint64_t *shape; /* the driver's: node shapes frugalpeak made of the graph as written
			  * (with reorder), for the scheduler; NULL once bucketing replaces it */
} Analysis;
void analyze(Graph *g, const CostOpts *o, Analysis *a);
void joinbound(Analysis *a); /* before anything changes the graph's nodes or edges */
/* the bound made again over g's nodes as they are now, where a pass moved work across a barrier
 * (passes/peel.c): the lower of it and the bound the analysis had */
void rebound(const Graph *g, Analysis *a);
void analyzesched(const Graph *g, Analysis *a);
void freeanalysis(Analysis *a);

/* passes/sched.c */
typedef struct {
	int max_prefetch; /* compute nodes a collective may start ahead of its first use; < 0: any */
	double max_in_flight; /* bytes of collectives started and not waited; < 0: any */
	double mem_budget; /* peak bytes of temporaries; < 0: any */
	int effort; /* list schedules tried beyond the first, in units of 16; 0: the first only */
	int reorder; /* a group's collectives may start out of program order (reorderable) */
	int inorder; /* run the compute stream in program order: one list schedule, no search */
	int exact; /* branch nodes the exact step explores per unit of effort; 0: EXACTBUDGET;
		    * < 0: none */
	int safe; /* the p2p pass: the schedules are safe mode's, which it does not search again */
	int rotate; /* run-time loops' bodies rotated across their back edges: where faster,
		     * never, or wherever a late set is valid (ROTATE_*) */
} SchedOpts;
enum { ROTATE_AUTO, ROTATE_NEVER, ROTATE_ALWAYS };
void sched(Graph *g, const int *cls, const SchedOpts *o);
/* sched given g's node shapes for o (nodeshapes, or frugalpeak's; NULL: it makes them);
 * returns the schedule's makespan and its peak in *peak, as simulate gives them */
double schedshaped(Graph *g, const int *cls, const SchedOpts *o, const uint64_t *shape,
		   double *peak);
double schedwork(const Graph *g, const SchedOpts *o);
/* shape: NULL, or g->nnode entries that get g's node shapes (nodeshapes), schedshaped's */
double frugalpeak(const Graph *g, int reorder, uint64_t *shape);
/* each node's shape: equal for a node wherever a writing of its DAG puts it (ties in sched) */
void nodeshapes(const Graph *g, const SchedOpts *o, uint64_t *tie, Arena *a);

/* passes/loop.c: run-time loops' bodies, each as a graph of its own (Loop) */
enum { LOOP_SCHED, LOOP_SAFE, LOOP_WRITTEN }; /* how schedloops orders a body */
void loopdeps(Graph *g); /* each body's edges, made again (filldeps) */
void loopcost(Graph *g, const CostOpts *o); /* fillcost's: each body costed, and its loop */
/* lp's trips' costs and bound (Loop.lb) made again from its body's schedule (loopcost's) */
void looptimes(Loop *lp, const CostOpts *o);
void schedloops(Graph *g, const CostOpts *co, const SchedOpts *so, int how);
/* us the graph's loops' schedules save on their trips (bound: the most any could); of
 * exposed communication, added to *exposed if asked */
double loopsaved(const Graph *g, int bound, double *exposed);
/* For the trace: one emitted iteration of loop lp's body from an idle machine (which:
 * TRIP_WRITTEN a trip as the program writes it, TRIP_FIRST a rotated loop's first iteration,
 * TRIP_STEADY any other, TRIP_EPILOGUE what runs after the loop), simulated with events into
 * *s (the caller frees it): the us the loop's cost gives it, or -1 where it runs no such
 * iteration (no schedule; not rotated: no first or epilogue) */
enum { TRIP_WRITTEN, TRIP_FIRST, TRIP_STEADY, TRIP_EPILOGUE };
double looptrip(const Loop *lp, const CostOpts *o, int which, Sim *s);
/* b's nodes seq[0..n) (an index may repeat: copies of a node) as a graph of their own in a
 * new arena (freegraph), sharing b's names and loops, its edges made over that order */
Graph *seqgraph(const Graph *b, const int *seq, int n);

/* passes/exact.c */
enum { EXACTWINDOW = 40 }; /* compute-stream nodes a window of the search holds */
typedef struct {
	long budget; /* branch nodes the search may still explore */
	int from; /* the next window's first place in the best's run order */
	int window; /* nodes a window holds; 0: EXACTWINDOW */
	int queues; /* also branch on starting a collective ahead of its queue's head */
	double ms, peak; /* what the schedule found gives */
} Exact;
/* The best schedule (best, of makespan ms and peak peak) searched for a faster one, queues q
 * in the order given (NULL: program order; reorder: a group's collectives may start out of it); writes it to g->step (room for one step per node
 * and a second per collective) and returns 1, or returns 0 once the budget or the windows are
 * spent. */
int exact(Graph *g, const int *cls, const int *q, const int *order, int reorder, const Step *best,
	  int nbest, double ms, double peak, double mem_budget, Exact *e);

/* passes/safe.c */
void safesched(Graph *g, const int *cls);
/* known: g's schedule's makespan and peak where the caller has them (schedshaped's), or NULL */
int safer(Graph *g, const int *cls, double mem_budget, const double *known);

/* passes/bucket.c */
typedef struct {
	double cap; /* bytes a bucket may hold; 0: no bucketing */
	BucketForm form; /* BK_PACKED or BK_COALESCED: that form (contiguous still wins); else the
			  * cost model chooses */
} BucketOpts;
/* passes/peel.c: g's own run-time loops peeled where g's schedule is faster for it: a loop's
 * late nodes' last trip (a loop not rotated: its whole last trip) as nodes of g after the
 * loop node, guarded by it (Node.guard, Loop.peeled); g scheduled again (so; top: g is a
 * function's graph, classes cls, safe mode's memory room) */
int peelloops(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so, double room,
	      int top); /* whether it peeled any */
/* passes/loop.c: each run-time loop's body, innermost first, given the last trips of the
 * loops in it where that is faster (peelloops), bucketed as a graph (coalesced or contiguous
 * only: a body allocates nothing), then rotated again; before the graph's loops are peeled
 * and the graph bucketed (the driver's loopbucket, peel and bucket) */
void bucketloops(Graph *g, const CostOpts *co, const SchedOpts *so, const BucketOpts *bo);
int bucket(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so, const BucketOpts *bo);
/* bucket judging each trial by worth (of the graph rewritten and scheduled; lower is better)
 * instead of its makespan: a loop's body by its steady state once rotated (loop.c) */
typedef struct {
	double (*worth)(Graph *g, const int *cls, void *arg);
	void *arg;
} BucketJudge;
int bucketjudged(Graph *g, const CostOpts *co, const int *cls, const SchedOpts *so,
		 const BucketOpts *bo, const BucketJudge *judge);
int nbuckets(const Graph *g);

/* passes/deps.c */
void filldeps(Graph *g);
/* Edges from elsewhere (IR) made to keep every order a barrier takes part in without group
 * order: a node that reaches a barrier, or that one reaches, through any edges gets there
 * through edges a schedule must keep, by DEP_ORDER edges where it did not. filldeps' edges
 * need none. */
void orderbarriers(Graph *g);
/* the orders orderbarriers would add (the verifier's), and the first one's node and barrier */
int groupbarriers(const Graph *g, int *node, int *barrier);

/* passes/check.c */
int check(const Graph *g);
int checksched(const Graph *g, Diags *d); /* d: NULL, the user's */

/* passes/p2p.c (RankTime above) */
int samefamily(const Graph *a, const Graph *b); /* two ranks of one specialized function */
/* 0 if fine; else its errors were reported (warn: as warnings, not counted as errors) */
/* out: by rank, or NULL; d: NULL, the user's */
int checkp2p(Graph **g, int n, int asw, int warn, RankTime *out, Diags *d);
/* The pass: the n graphs of one function's ranks g checked as written and, where scheduled, as
 * scheduled; cls and so by rank where the schedules are dagcc's, which it may then replace
 * (each rank scheduled again, a few rounds, with when the others let its ops begin and what
 * they run after its sends in the last joint simulation; then each rank's compute in program
 * order, or the program as written, where the ranks together are faster so or would deadlock;
 * else NULL). t: 2n, the ranks' times as written, then as
 * scheduled. Returns 0 (said why), 1 (as written only) or 2. */
int rankp2p(Graph **g, int n, int *const *cls, const SchedOpts *so, RankTime *t);

/* emit/report.c */
void printreport(FILE *out, const Module *m, const Analysis *a, const Target *t, const Profile *p,
		 int json); /* p: --profile's, or NULL */

/* emit/trace.c */
void printtrace(FILE *out, const Module *m, const Analysis *a);

/* emit/dot.c */
void printdot(FILE *out, const Module *m);

/* emit/json.c */
void printjson(FILE *out, const Module *m, const Target *t);

/* emit/c.c */
void printc(FILE *out, const Module *m, const char *file, const char *src, size_t len,
	    const Analysis *a, const Target *t);

/* emit/stats.c */
void printstats(FILE *out, const Module *m);

#endif
