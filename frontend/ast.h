/* ast.h - the frontend's own tree of a graph body: what ast.c builds from libclang and
 * extract.c (over extract.h) unrolls into a Graph. No libclang type appears here. */
#ifndef DAGCC_AST_H
#define DAGCC_AST_H

#include "../ir/ir.h"

typedef enum {
	E_NUM,
	E_VAR,
	E_BIN, /* op: "+", "<=", "+=", "=", ... */
	E_UN, /* op: "-", "!", "~", "*", "&", "++", "--", "p++" and "p--" (postfix) */
	E_COND,
	E_MEMBER,
	E_INDEX,
	E_CALL,
	E_INIT, /* an initializer list: its elements in arg */
	E_OTHER, /* anything else: kept as its text */
} ExprKind;

typedef enum {
	CALL_OTHER,
	CALL_COMPUTE,
	CALL_COLLECTIVE,
	CALL_ALLOC,
	CALL_FREE,
	CALL_P2PBEGIN, /* dagcc_p2p_begin(g, s) */
	CALL_P2PEND, /* dagcc_p2p_end(g, s) */
} CallKind;

typedef enum { P_VALUE, P_STREAM, P_PTR } ParamKind;

typedef struct {
	const char *name;
	ParamKind kind;
	int mode; /* pointers: ACC_READ | ACC_WRITE */
	CostExpr *extent; /* pointers: elements touched (DAGCC_IN_N...), or NULL: to the end */
	int64_t elemsize; /* pointers: bytes of an element (1 for void) */
	int indirect; /* pointers: to pointers (or structs holding them): what those point to is
		       * touched too, and dagcc cannot tell what that is */
	Loc loc;
} Param;

/* A compute function, read from its declaration once. */
typedef struct {
	const char *name;
	Param *param;
	int nparam;
	Cost cost;
	int ctype; /* dtype = ..., else what its pointer parameters' element types say, or -1 */
	int ok; /* no errors in its declaration */
	int isstatic; /* declared static: a file that no longer calls it draws -Wunused-function */
} Fn;

/* Source text with its identifiers marked, so that each copy of a statement can substitute its
 * loop variables and rename its per-copy locals (member names after . and -> are not marked).
 * Where a macro's body in it names a variable the text does not show (`#define W w[l]`), the
 * names are in hidden and the text with the macros expanded in expanded: a copy that binds
 * one of them is written expanded. */
typedef struct Src Src;
struct Src {
	const char *text;
	int *off, *len;
	int nid;
	const char **hidden;
	int nhidden;
	const Src *expanded;
	/* each switch in the text with a braced body and no default of its own: its condition
	 * lies between swlo and swhi, its body's closing brace at swend (a condition a constant
	 * replaces gets a `default:;` there, or clang's -Wswitch finds no case for it) */
	int *swlo, *swhi, *swend;
	int nsw;
};

/* Where an expression's or a statement's text lies in the input (or in its expanded copy):
 * exprtext, stmttext and stmtsrc read it when asked, not each node as it is built (an operand
 * of a long chain, or an if nested in another, holds much of the text of those around it:
 * copying each was quadratic). */
typedef struct Span Span;

typedef struct Stmt Stmt;

/* A function a graph calls that is neither a compute function nor a collective. One dagcc may
 * inline (inline.c) is static, defined in the input, and reached from a graph: its body and
 * parameters are read. why: why calls to it are not inlined, or NULL. */
typedef struct {
	const char *name;
	Stmt *body; /* a final `return;` left out; NULL: not read */
	const char **param; /* names ("" for an unnamed one) */
	const char **ptype; /* their types, spelled as a declaration of that name needs */
	int *pisptr; /* a pointer parameter */
	Stmt **pdecl; /* a declaration of each parameter, which inline.c gives each call's
		       * argument as its initializer */
	int nparam;
	const char *why;
	int here; /* defined in the input (why says why a call is not inlined, if it is not) */
	int holds; /* inline.c: its body calls what becomes a node: 1 yes, -1 no, 0 not known */
	Loc loc;
} Helper;

typedef struct Expr Expr;
struct Expr {
	ExprKind kind;
	char op[4];
	int isint; /* E_NUM: an integer, whose value is ival (num only approximates it) */
	int64_t ival;
	double num;
	const char *name; /* E_VAR, E_MEMBER field, E_CALL callee */
	int arrow; /* E_MEMBER: -> rather than . */
	int isglobal; /* E_VAR, E_NUM: a variable outside the function (E_NUM: a constant one) */
	int isptr; /* its type is a pointer or an array */
	int isarray; /* its type is an array (used as a pointer, its address: nothing is loaded) */
	int ptrptr; /* isptr: what it points to is a pointer */
	int64_t elemsize; /* isptr: the size of what it points to, or 0 */
	int intbits; /* an integer type of fewer than 64 bits: its width; else 0 */
	int isunsigned; /* intbits: the type is unsigned */
	int inert; /* E_OTHER: a literal or sizeof, which reads and changes nothing; any other
		    * E_OTHER (a call through a pointer, a statement expression) may do anything */
	Expr *a, *b, *c;
	Expr **arg;
	int narg;
	CallKind call;
	NodeKind coll; /* CALL_COLLECTIVE */
	Fn *fn; /* CALL_COMPUTE */
	Helper *helper; /* CALL_OTHER of a named function */
	const Span *span; /* its text: exprtext */
	const char *flat; /* exprtext's, once read */
	Src src; /* E_CALL and call arguments: the raw text, for emission */
	Loc loc;
};

typedef enum { S_BLOCK, S_FOR, S_IF, S_EXPR, S_DECL, S_BREAK, S_CONTINUE, S_OTHER } StmtKind;

struct Stmt {
	StmtKind kind;
	Stmt **kid; /* S_BLOCK */
	int nkid;
	const char *var; /* S_FOR: the loop variable; S_DECL: the declared name */
	const char *vartype; /* S_FOR: the loop variable's type, spelled as a declaration needs */
	int isptr; /* S_DECL: declares a pointer or array; S_FOR: its variable is a pointer */
	int isarray; /* S_DECL: an array; 2: of pointers */
	Expr *init, *cond, *inc; /* S_FOR; S_DECL uses init, S_IF cond, S_EXPR init */
	Stmt *body, *els; /* S_FOR body; S_IF then (body) and else */
	int owns; /* S_OTHER: the jumps in its body that stay in it: 2 break and continue (a
		   * loop), 1 break (a switch), 0 none */
	const char *label; /* S_OTHER: a labeled statement's label (its statement is body) */
	const Span *span; /* its text: stmttext and stmtsrc */
	const char *flat; /* stmttext's, once read */
	Src raw; /* stmtsrc's, once read (rawread) */
	int rawread;
	Loc loc;
};

typedef struct {
	const char *name;
	Stmt *body;
	const char **param; /* the parameters' names ("" for an unnamed one) */
	int nparam;
	unsigned begin, end; /* the body's { and one past its }, as file offsets */
	/* the body's preprocessor directives dagcc keeps, to go before its {, after it and before
	 * its } (NULL: none): see directives() in ast.c */
	const char *pphead, *ppopen, *pptail;
	Loc loc;
} GraphFn;

typedef struct {
	GraphFn *fn;
	int nfn;
	const char *file;
} Ast;

/* ast.c */
int parseast(const FrontendOpts *o, Arena *a, Ast *ast);

/* span.c */
const char *exprtext(const Expr *e); /* its source text, whitespace collapsed */
const char *stmttext(const Stmt *s); /* the same of a statement */
const Src *stmtsrc(const Stmt *s); /* the raw text without its final ';', for emission */

/* extract.c */
void unroll(Ast *ast, const FrontendOpts *o, Module *m);

#endif
