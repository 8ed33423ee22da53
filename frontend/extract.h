/* extract.h - the state extract.c and the files it is split into share while they read a graph
 * body (X), and what each of them gives the others. Only frontend/ includes it. */
#ifndef DAGCC_EXTRACT_H
#define DAGCC_EXTRACT_H

#include "ast.h"

enum { MAXITER = 1 << 20 }; /* unrolled loop iterations per graph */
enum { MAXINLINE = 8 }; /* helpers inlined inside each other */

typedef enum { B_INT, B_PTR, B_OPAQUE, B_INTS, B_PTRS } BindKind;

typedef struct {
	int ok;
	int isint;
	int64_t i;
	double d;
	Expr *bad; /* the leaf that is not constant */
	const char *why;
} Val;

/* Where a pointer points: a root and a byte offset into it (known: the offset is). */
typedef struct {
	const char *root;
	int64_t off;
	int known;
	int64_t span; /* known: the pointer is somewhere in [off, off + span] (a rank-dependent offset) */
	int null; /* NULL: no buffer */
	int unknown; /* dagcc cannot tell: root is unknownroot */
	int local; /* the memory of a local of the graph (whose contents are not followed) */
	int inplace; /* the address of a named place (a variable, a member), not of memory a
		      * pointer points into: its members are named with "." */
	/* the address of a pointer (a variable or member, not an array) named root, the memory it
	 * points to named root too: 1: loading it reads that pointer (*pp with pp = &md->w is
	 * md->w; inplace: what it points to has members named with "."); 2: a pointer dagcc does
	 * not follow (a parameter or local whose address the graph takes) */
	int slot;
	const char *table; /* a member's place: the root of the memory holding it (md of md->w) */
	Expr *what; /* unknown: the expression that could not be followed */
	const char *why; /* unknown: why */
} Ref;

typedef struct {
	const char *name;
	BindKind kind;
	const char *cname; /* a per-copy or reassigned local: its name in the emitted body */
	int64_t value; /* B_INT */
	Ref ref; /* B_PTR: where it points */
	const char *root; /* a local's own memory: its root name */
	Ref *refs; /* B_PTRS: the elements */
	Val *vals; /* B_INTS: the elements */
	int n;
	int after; /* 1 + the node a statement naming it must follow (the temporary's alloc, or
		    * where the prelude declaring it is); 0: none */
	const char *rankgroup; /* a local --rank names: the group it is the rank in */
} Bind;

/* Source locations already reported, so a mistake in a loop body (or in every rank's body) is
 * reported once: a hash set of line and column. */
typedef struct {
	uint64_t *key;
	int cap, n;
	Arena *arena;
} Seen;

/* Rank specialization: the group whose rank a reading treats as a constant, set by the first
 * rank leaf the reading meets (dagcc_group_rank(G), or a name --rank declares), and the rank
 * this reading is for. */
typedef struct {
	int val, n; /* the rank, of n; val -1: the rank is not a constant */
	const char *group; /* canonical; NULL: no rank leaf met yet */
	const char *var; /* the parameter --rank says holds the rank, if the leaf was one */
	Loc loc; /* the first rank leaf */
	Arena *arena; /* where group is kept: it outlives the reading that set it */
} Rank;

/* a pointer stored into memory in the graph (md->w = a + 4) */
typedef struct {
	const char *root;
	int64_t off;
	int slot; /* root is a pointer's own place (md->w = a + 4, *pp = a with pp = &md->w) */
	int wild; /* at an offset not known: any pointer in root may be value */
	Ref value;
} Store;

/* whether helper h, inlined in the chain stack[0..depth) of callers, names a name one of them
 * (or the graph) declares: what is not, found once */
typedef struct Capture {
	Helper *h;
	Helper *stack[MAXINLINE];
	int depth;
	const char *name; /* the first name it captures, or NULL */
} Capture;

/* a local declaration and the root base name of its memory */
typedef struct {
	const Stmt *decl;
	const char *base;
} Local;

typedef struct {
	Graph *g;
	const FrontendOpts *o;
	Bind *env;
	int nenv, capenv;
	const char *suffix; /* per-copy name suffix of the loop body being walked, "" outside */
	int64_t *allocbytes; /* by root: the size of its dagcc_alloc_async, or 0 */
	int capalloc;
	Loc *freedat; /* by root: the dagcc_free_async that freed it (line 0: none) */
	size_t capfreed;
	long iters;
	const Stmt *cur; /* the statement being walked */
	const Stmt *rtloop; /* the run-time loop whose body is being walked (runtimeloop) */
	int lastbarrier; /* the last barrier node, or -1 */
	int nassign; /* reassigned locals so far: their new names' numbers */
	Bind *outer; /* parameters given new values: for the whole graph */
	int nouter, capouter;
	/* pointers stored into memory in the graph (md->w = a + 4), latest last */
	Store *store;
	int nstore, capstore;
	int sizes; /* use --group-size for ranges (unroll tries without first) */
	int wantsizes; /* a range could use them */
	const char **expect; /* group texts whose size the program checks (expectsize) */
	int nexpect, capexpect;
	/* the declaration statement being walked (declgroup): a declarator of it is not a node;
	 * one calls or changes something */
	int groupdecl, groupcalls;
	/* the root base name of each local declaration: its name, or name#2 for the second
	 * declaration of that name in the graph, so two loops' `w` stay different objects */
	Local *local;
	int nlocal, caplocal;
	int jump; /* S_BREAK or S_CONTINUE: taken in the loop body being unrolled; else 0 */
	Seen *seen;
	Rank *rank;
	/* the variables whose address the body takes (&n, &cfg.k, &buf[2]): memory a node may
	 * write, so never constants, and a statement reading one stays in place */
	const char **addressed;
	int naddressed, capaddressed;
	/* the roots the nodes before the last one write (by root index), and whether any */
	char *wrote;
	size_t capwrote;
	int nscanned, wroteany;
	/* static compute functions called in code a folded if or a loop of no copies dropped */
	const Expr **dropped; /* one call of each */
	int ndropped, capdropped;
	/* the p2p group open (dagcc_p2p_begin walked, not yet its _end): its call, the node its
	 * members start at, its group (canonical) and its arguments' texts */
	Expr *p2p;
	int p2pat;
	const char *p2pgroup, *p2pgtext, *p2pstream;
	/* helpers being inlined (inlined): the innermost last */
	Helper *stack[MAXINLINE];
	int depth;
	int scope; /* env entries below it are the callers' (a helper's body sees its own) */
	int frame; /* 1 + the first env entry a call's arguments do not see (its parameters, being
		    * bound); 0: none */
	int binding; /* binding a helper's parameters: no name in it is one --rank declares */
	int ninline; /* calls inlined so far: their locals' suffixes */
	Helper **kept; /* helpers inlined or dropped: kept used ((void)fn;) */
	int nkept, capkept;
	const GraphFn *fn; /* the graph being read */
	/* what a helper's free names were found to be, per helper and chain of callers */
	struct Capture *capture;
	int ncapture, capcapture;
	Diags *d; /* where the reading's diagnostics go: NULL the user's, else a quiet reading's */
} X;

/* unroll.c: what the statement being walked names of the run-time loop whose body it is in:
 * NAMES_VAR its variable, NAMES_LOCAL a variable its body declares */
enum { NAMES_VAR = 1, NAMES_LOCAL = 2 };
int loopnames(const X *x);

/* What a reading has made so far, to take back a trial (inline.c): a helper's, a run-time
 * loop body's. */
typedef struct {
	int nnode, nprelude, nhidden, nloop, nenv, nouter, nstore, nexpect, lastbarrier;
	long iters;
} Made;
Made made(X *x);
void takeback(X *x, const Made *m);
/* A quiet reading (inline.c): what the reading had made, where its diagnostics went, and the
 * trial's own diagnostics and once-set. trybegin starts one; tryend ends it, what it made
 * taken back unless keep. */
typedef struct {
	Made made;
	Seen *seen, own;
	Diags *outer, diags;
	const Stmt *cur;
} Trial;
void trybegin(X *x, Trial *t);
void tryend(X *x, Trial *t, int keep);

/* scope.c */
int once(X *x, Loc loc);
int oncemore(X *x, Loc loc);
Bind *lookup(X *x, const char *name);
Bind *rebind(X *x, const char *name, BindKind kind);
Bind *bind(X *x, const char *name, BindKind kind);
const char *substfirst(X *x, const Src *src, const char *first);
const char *subst(X *x, const Src *src);
const char *localbase(X *x, const Stmt *s);
const char *mangle(X *x, const char *local);
void untable(Bind *b);

/* eval.c */
Val notconst(Expr *bad, const char *why);
Val update(X *x, Expr *e, int64_t old);
const char *rankname(X *x, const char *name);
int rankleaf(X *x, Loc loc, const char *group, const char *var, int size, int64_t *out);
int isrankcall(const Expr *e);
Val eval(X *x, Expr *e);
const char *canonstr(X *x, Expr *e);
int range(X *x, Expr *e, int64_t *lo, int64_t *hi);

/* ref.c */
extern const char unknownroot[];
extern const char unknownhow[];
Ref unknown(Expr *e, const char *why);
Ref changed(Expr *e);
Ref load(X *x, Expr *e, Ref r, int64_t size);
Ref offset(X *x, Ref r, Expr *ptr, Expr *idx, int sign);
Ref place(X *x, Expr *e);
Ref resolve(X *x, Expr *e);
Ref slotof(X *x, Expr *lv);
void keep(X *x, Ref slot, Ref value);
void store(X *x, Expr *lv, Expr *rhs);

/* nodes.c */
int64_t groupranks(X *x, Expr *g);
Node *newnode(X *x, NodeKind kind, Loc loc);
void usefreed(X *x, const Expr *ptr, Ref r);
void freeduse(X *x, Expr *e);
void barrier(X *x, Loc loc, const char *text, const char *callee, const char *why);
int need(X *x, Expr *e, const char *what, int64_t *out);
void alloc(X *x, Expr *call, const char *root);
void collective(X *x, Expr *call);
void compute(X *x, Expr *call);

/* effects.c */
int mutates(const Expr *e);
int hascall(Expr *e);
int othercall(Expr *e);
int addressed(X *x, const char *name);
void stmtexprs(X *x, const Stmt *s, void (*f)(X *, const Expr *));
void addressesin(X *x, const Stmt *s);
int addressreads(X *x, const Expr *e);
int readsmem(X *x, const Expr *e);
const char *barrierwhy(X *x, Expr *e);
int pure(X *x, Expr *e);
void forget(X *x, Expr *e);
void forgetstmt(X *x, Stmt *s);

/* p2pgroup.c */
void p2pbegin(X *x, Expr *call);
void p2pend(X *x, Expr *call);
void runtimep2p(X *x, Stmt *s, const char *where);

/* inline.c */
void keephelper(X *x, Helper *h);
void call(X *x, Expr *e, const char *text);

/* decl.c */
void addpreludeat(X *x, const char *text, int after, Loc loc);
int preludeafter(X *x, const Src *src);
void declgroup(X *x, Stmt *s);
void decl(X *x, Stmt *s);
void expression(X *x, Stmt *s);

/* unroll.c */
void keepcalls(X *x);
void stmt(X *x, Stmt *s);

/* rank.c */
Graph *reading(Ast *ast, int i, const FrontendOpts *o, Rank *rk, Seen *seen, Diags *d);
int stmtrank(const FrontendOpts *o, const Stmt *s);
void unchecked(const Graph *g);
void specialize(Ast *ast, int i, const FrontendOpts *o, Module *m);
int stmtnames(const Stmt *s, const char *name, const GraphFn *group);
int exprnames(const Expr *e, const char *name, const GraphFn *group); /* stmtnames' */

/* extract.c */
Graph *walk(Ast *ast, int i, const FrontendOpts *o, int sizes, int *wantsizes, Rank *rk, Seen *seen,
	    Diags *d);

#endif
