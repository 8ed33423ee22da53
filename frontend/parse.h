/* parse.h - the state of a parse of the input through libclang (P), shared by ast.c and the files
 * it is split into, and what each of them gives the others. Only frontend/ includes it. */
#ifndef DAGCC_PARSE_H
#define DAGCC_PARSE_H

#include "ast.h"
#include "libclang.h"

/* A token of a graph body: srcof reads these, read once per body, rather than ask libclang
 * for the tokens of each node again (the nodes of a long chain or of nested ifs each span most
 * of it: that was quadratic). */
typedef struct {
	unsigned off, len;
	int ident; /* an identifier spelled in the main file where it stands, not after . or -> */
} Tok;

/* A main file's text, a copy that outlives its unit, with the tokens of its graph bodies
 * (body: their ranges), in the order of the text. */
typedef struct {
	const char *s;
	size_t len;
	Tok *tok;
	int ntok, captok;
	unsigned (*body)[2];
	int nbody, capbody;
} MainText;

/* A translation unit and its main file's text. */
typedef struct {
	CXTranslationUnit tu;
	CXFile mainfile;
	const char *maintext;
	size_t mainlen;
	MainText *text; /* maintext's copy, once the graph bodies are read */
} Tu;

struct Span {
	Arena *a;
	const MainText *t;
	unsigned b, e; /* the range in t */
	int toks; /* within one of t's bodies: its identifiers are among t's tokens */
};

typedef struct {
	const char *name;
	Fn *fn;
} Seen;

/* A graph body's reference to a local variable through a macro: the main file's offsets where
 * the macro is called and where the name is spelled (-1: in another file). */
typedef struct {
	unsigned at;
	long spelled;
	const char *name;
} MacroVar;

typedef struct {
	const char *name; /* "bf16", "struct model" */
	int64_t size;
} Type;

typedef struct {
	Arena *a;
	Tu o; /* the input as written */
	Tu x; /* the input with graph bodies macro-expanded (o's, where that failed) */
	const char *file; /* the input as the user named it */
	/* compute functions seen, by name: declarations in the input are read from o (x's
	 * locations after a replaced body are off), calls are found in x */
	Seen *seen;
	int nseen, capseen;
	/* the translation unit's named types, for sizeof in cost annotations */
	Type *type;
	int ntype, captype, typesread;
	/* the variables macros' bodies name in graph bodies, by the offset of the macro's call */
	MacroVar *hid;
	int nhid, caphid;
	/* extentof's, by cursor */
	struct Extent *ext;
	unsigned next, capext;
	/* the functions graphs call (helpers), by name, and which call which */
	struct HelperAt *hat;
	int nhat, caphat;
	int *edge; /* pairs: caller (-1: a graph), callee */
	int nedge, capedge;
	/* reading a helper's body: its statements' texts are x's, every macro expanded (emitted
	 * into a graph, a macro would name the graph's variables, not the helper's) */
	int xonly;
} P;

/* A helper, and where the input defines it. */
typedef struct HelperAt {
	Helper *h;
	CXCursor fn, body, xbody; /* fn and body in o (null: not defined here); xbody in x */
	const char *printed; /* clang's printing of its body, for x */
	unsigned begin, end; /* its body's offsets in o */
	int calls, refs; /* its direct calls in the input, and all mentions of it (the calls') */
	int reached; /* a graph calls it, or a reached helper does */
} HelperAt;

/* A cursor of x and its twin in o (a null cursor where the trees part), with what is known of
 * o's surroundings: the location to fall back on, and the range of the nearest enclosing node
 * whose text is not its own child's (a child spanning all of it came out of a macro). */
typedef struct {
	CXCursor c, o;
	Loc loc;
	unsigned pb, pe;
} Twin;

/* Calls and mentions of functions in a definition (or a variable's initializer). */
typedef struct {
	P *p;
	int from; /* the helper whose body it is, -1 a graph's, -2 another function's */
} Scan;

/* span.c */
char *cxstr(Arena *a, CXString s);
Loc locof(P *p, CXSourceLocation l);
CXSourceRange extentof(P *p, CXCursor c);
Loc curloc(P *p, CXCursor c);
unsigned offsetof_(CXSourceLocation l, CXFile *f);
const Span *spanof(P *p, const Tu *t, CXCursor c);
const char *textof(P *p, const Tu *t, CXCursor c);
Src srcof(P *p, const Tu *tu, CXCursor c);
void bodytokens(P *p, Tu *t, CXCursor c);
void keeptext(P *p, Tu *t);

/* annot.c */
char *annotation(P *p, CXCursor decl, const char *prefix, CXCursor *at);
Fn *computefn(P *p, CXCursor callee);

/* tree.c */
unsigned rangeof(P *p, CXCursor c, unsigned *end);
enum CXChildVisitResult hidvisit(CXCursor c, CXCursor parent, CXClientData d);
int hidorder(const void *a, const void *b);
Stmt *block(P *p, Twin t);

/* helper.c */
int helperat(P *p, const char *name);
Helper *helperof(P *p, CXCursor callee);
enum CXChildVisitResult scanvisit(CXCursor c, CXCursor parent, CXClientData d);
void readbody(P *p, HelperAt *at, int x);
void reach(P *p);

/* flags.c */
const char **parseflags(P *p, const FrontendOpts *o, int dagcc, int *nargs);

/* macros.c */
void macrovalues(P *p, CXIndex index, const FrontendOpts *o, const char **args, int nargs,
		 const Ast *ast);

/* ast.c */
const char *printedbody(P *p, CXCursor fn);
int written(P *p, CXCursor body);
enum CXErrorCode opentu(CXIndex index, const FrontendOpts *o, const char **args, int nargs,
			struct CXUnsavedFile *unsaved, Tu *t, unsigned flags);

#endif
