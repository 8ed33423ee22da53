/* ast.c - libclang: a C file into the frontend's tree of each DAGCC_GRAPH body.
 *
 * It and the files split from it over parse.h (span.c, annot.c, tree.c, helper.c, flags.c,
 * macros.c, recompile.c) are the only ones that include clang-c/Index.h (by libclang.h, which
 * loads libclang on first use). It parses the input with the user's flags (and dagcc's own
 * include directory), prints clang's diagnostics, reads the annotations of graph and compute
 * functions, and copies each graph body into arena-allocated Stmt and Expr nodes: expressions
 * clang can fold to an integer become numbers, everything else keeps its shape and source text.
 * Nothing from libclang survives the return of parseast(), which fails only when clang could not
 * parse the file; mistakes in annotations are reported and their functions marked, so the graphs
 * can still be checked for more.
 *
 * Macros. libclang 14 gives no operator of a binary or unary expression, and no location inside
 * a macro's expansion, so what a macro expands to cannot be read from the input's tokens. So
 * the input is parsed twice: as written, and with each graph body replaced by clang's own
 * printing of it (macros expanded, every token real). The two trees are walked in step: the
 * expanded one gives each expression's shape, operators and types; the one as written gives
 * locations, and the user's text where an expression has text of its own (a macro call used as
 * an argument is kept as the user wrote it; what a macro's body holds is taken expanded). A
 * variable a macro's body names, from the file or a header, is listed with the user's text
 * (Src.hidden), with the expanded text for the copies that must substitute it. */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse.h"

static void printdiags(P *p)
{
	unsigned n = clang_getNumDiagnostics(p->o.tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(p->o.tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev != CXDiagnostic_Ignored) {
			CXFile f;
			unsigned line, col;
			clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &line, &col,
						  NULL);
			Loc loc = {NULL, (int)line, (int)col};
			if (f)
				loc.file = clang_File_isEqual(f, p->o.mainfile) ?
						   p->file :
						   cxstr(p->a, clang_getFileName(f));
			char *msg = cxstr(p->a, clang_getDiagnosticSpelling(d));
			if (sev == CXDiagnostic_Fatal)
				fatalerror(loc, "%s", msg);
			else if (sev == CXDiagnostic_Error)
				error(loc, "%s", msg);
			else if (sev == CXDiagnostic_Warning)
				warning(loc, "%s", msg);
			else
				note(loc, "%s", msg);
		}
		clang_disposeDiagnostic(d);
	}
}

typedef struct {
	P *p;
	Ast *ast;
	int cap;
	CXCursor *body; /* by graph: its body in o */
	const char **expanded; /* by graph: clang's printing of its body */
	int capbody, capexp;
} TopCtx;

/* A function definition's body: its compound statement child. */
static enum CXChildVisitResult bodyvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)d = c;
	return CXChildVisit_Continue;
}

/* The body in clang's printing of a function definition: from the '{' that opens a line's end
 * to the last '}'. NULL if it is not found. */
const char *printedbody(P *p, CXCursor fn)
{
	CXPrintingPolicy pol = clang_getCursorPrintingPolicy(fn);
	CXString s = clang_getCursorPrettyPrinted(fn, pol);
	clang_PrintingPolicy_dispose(pol);
	const char *t = clang_getCString(s), *b = t ? strstr(t, "{\n") : NULL;
	const char *e = b ? strrchr(b, '}') : NULL;
	const char *body = e ? astrndup(p->a, b, (size_t)(e - b + 1)) : NULL;
	clang_disposeString(s);
	return body;
}

/* Are a body's braces written in the main file (not from a macro), where dagcc replaces it? */
int written(P *p, CXCursor body)
{
	CXSourceRange r = extentof(p, body);
	CXSourceLocation at[2] = {clang_getRangeStart(r), clang_getRangeEnd(r)};
	unsigned off[2];
	for (int i = 0; i < 2; i++) {
		CXFile fe, fs;
		unsigned so;
		off[i] = offsetof_(at[i], &fe);
		clang_getSpellingLocation(at[i], &fs, NULL, NULL, &so);
		if (!fe || !fs || !clang_File_isEqual(fe, p->o.mainfile) ||
		    !clang_File_isEqual(fs, p->o.mainfile) || so != off[i])
			return 0;
	}
	return off[0] < off[1] && off[1] <= p->o.mainlen && p->o.maintext[off[0]] == '{' &&
	       p->o.maintext[off[1] - 1] == '}';
}

/* Is offset off of the main file in text the preprocessor skipped? */
static int skippedat(const CXSourceRangeList *sk, unsigned off)
{
	for (unsigned i = 0; i < sk->count; i++) {
		unsigned b, e;
		clang_getSpellingLocation(clang_getRangeStart(sk->ranges[i]), NULL, NULL, NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(sk->ranges[i]), NULL, NULL, NULL, &e);
		if (b <= off && off < e)
			return 1;
	}
	return 0;
}

/* Does the text t[i..n) of a line open a block comment it does not close (comment: whether
 * one is open at i)? Strings and characters are stepped over. */
static int incomment(const char *t, size_t i, size_t n, int comment)
{
	for (; i < n; i++) {
		if (comment) {
			if (t[i] == '*' && i + 1 < n && t[i + 1] == '/')
				comment = 0, i++;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
			comment = 1, i++;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
			break;
		} else if (t[i] == '"' || t[i] == '\'') {
			for (char q = t[i++]; i < n && t[i] != q; i++)
				i += t[i] == '\\';
		}
	}
	return comment;
}

/* Does the directive d (after its '#') start with the word w? */
static int isdirective(const char *d, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && !memcmp(d, w, k) &&
	       (n == k || !(isalnum((unsigned char)d[k]) || d[k] == '_'));
}

/* The preprocessor directives of a graph body, [b, e) of the main file, that its rewriting keeps
 * (the statements between them are rescheduled): its conditionals, which may begin before the
 * body or end after it (#ifdef X / void f(a, b) { / #else / void f(a) { / #endif), each stretch
 * of text they skip made an #error (the output is for the branches this build takes); and the
 * directives the statements' texts may need: #define in head (a conditional may test it),
 * #pragma in open, after the body's {; #undef and the pops of pushes in tail, before its }. A
 * macro the body defines keeps that one definition (a second one is an error). A #pragma of the next statement (a
 * loop's: omp, unroll, ...), #include and #line are dropped: the body is rescheduled. */
static void directives(P *p, const char *name, unsigned b, unsigned e, Buf *head, Buf *open,
		       Buf *tail)
{
	static const char *const stmtpragma[] = {
		"omp",	      "unroll",	   "nounroll",	   "unroll_and_jam", "nounroll_and_jam",
		"loop",	      "ivdep",	   "acc",	   "vector",	     "novector",
		"GCC unroll", "GCC ivdep", "GCC novector", "clang loop"};
	static const char *const cond[] = {"if",      "ifdef",	  "ifndef", "elif",
					   "elifdef", "elifndef", "else",   "endif"};
	CXSourceRangeList *sk = clang_getSkippedRanges(p->o.tu, p->o.mainfile);
	const char *t = p->o.maintext;
	int comment = 0, skipline = 0; /* skipline: the first line of skipped text not yet marked */
	const char **names = NULL; /* #defined or #undefined here */
	int nname = 0, capname = 0;
	size_t i = b, line = 1;
	for (size_t k = 0; k < b; k++)
		line += t[k] == '\n';
	while (i < e) {
		size_t ls = i, le = i;
		while (le < e && t[le] != '\n')
			le++;
		size_t h = ls;
		while (h < le && (t[h] == ' ' || t[h] == '\t'))
			h++;
		if (ls == b || comment || h == le || t[h] != '#') {
			if (ls > b && h < le && skippedat(sk, (unsigned)ls) && !skipline)
				skipline = (int)line;
			comment = incomment(t, ls, le, comment);
			i = le + 1, line++;
			continue;
		}
		/* a directive: its continued lines and a comment it opens are part of it */
		size_t de = le;
		int c = incomment(t, h, de, 0);
		while (de < e && (c || (de > h && t[de - 1] == '\\') ||
				  (de > h + 1 && t[de - 1] == '\r' && t[de - 2] == '\\'))) {
			size_t s = de + 1;
			for (de = s; de < e && t[de] != '\n'; de++)
				;
			c = incomment(t, s, de, c);
		}
		const char *d = t + h + 1;
		while (d < t + de && (*d == ' ' || *d == '\t'))
			d++;
		size_t dn = (size_t)(t + de - d);
		int isc = 0;
		for (size_t k = 0; k < sizeof cond / sizeof *cond; k++)
			isc |= isdirective(d, dn, cond[k]);
		Buf *to = NULL;
		if (isc) {
			to = head;
		} else if (skippedat(sk, (unsigned)ls)) {
			skipline = skipline ? skipline : (int)line;
		} else if (isdirective(d, dn, "define") || isdirective(d, dn, "undef")) {
			/* the statements are reordered: a name keeps the one definition it has */
			int def = isdirective(d, dn, "define");
			const char *m = d + (def ? 6 : 5), *me;
			while (m < t + de && (*m == ' ' || *m == '\t'))
				m++;
			for (me = m; me < t + de && (isalnum((unsigned char)*me) || *me == '_');
			     me++)
				;
			const char *mname = astrndup(p->a, m, (size_t)(me - m));
			int seen = 0;
			for (int k = 0; k < nname; k++)
				seen |= !strcmp(names[k], mname);
			if (def && seen)
				error((Loc){p->file, (int)line, (int)(h - ls) + 1},
				      "'%s' is defined again in graph '%s' after an earlier #define or #undef there: dagcc reorders the graph's statements, so a macro of its body keeps one definition; give this one a name of its own",
				      mname, name);
			agrow(p->a, &names, &capname, nname + 1, sizeof *names);
			names[nname++] = mname;
			to = def ? head : tail;
		} else if (isdirective(d, dn, "pragma")) {
			const char *w = d + 6;
			while (w < t + de && (*w == ' ' || *w == '\t'))
				w++;
			size_t wn = (size_t)(t + de - w);
			int drop = 0;
			for (size_t k = 0; k < sizeof stmtpragma / sizeof *stmtpragma; k++)
				drop |= isdirective(w, wn, stmtpragma[k]);
			int pop = isdirective(w, wn, "pop_macro") ||
				  ((isdirective(w, wn, "GCC") || isdirective(w, wn, "clang")) &&
				   strstr(afmt(p->a, "%.*s", (int)wn, w), "diagnostic pop"));
			to = drop ? NULL : pop ? tail : open;
		}
		if (isc && skipline) { /* the text skipped before this conditional's next branch */
			bprintf(head, "#line %d ", skipline);
			bputq(head, p->file);
			bprintf(head,
				"\n#error \"dagcc overlapped graph '%s' for the other branch of this conditional: run dagcc again with this build's flags\"\n",
				name);
			skipline = 0;
		}
		if (to) {
			bput(to, t + ls, de - ls);
			bputs(to, "\n");
		}
		for (size_t k = ls; k < de && k < e; k++)
			line += t[k] == '\n';
		i = de + 1, line++;
	}
	clang_disposeSourceRangeList(sk);
}

static enum CXChildVisitResult topvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	TopCtx *t = d;
	P *p = t->p;
	if (clang_getCursorKind(c) == CXCursor_VarDecl &&
	    clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
		Scan sc = {p, -2}; /* a table of functions names them */
		clang_visitChildren(c, scanvisit, &sc);
	}
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	CXFile f;
	offsetof_(clang_getCursorLocation(c), &f);
	if (!f || !clang_File_isEqual(f, p->o.mainfile)) {
		if (clang_isCursorDefinition(c) && annotation(p, c, "dagcc.graph", NULL)) {
			char *name = cxstr(p->a, clang_getCursorSpelling(c));
			error(locof(p, clang_getCursorLocation(c)),
			      "graph '%s' is defined in a header, which dagcc does not rewrite: define it in %s (or in a .c file of its own that dagcc compiles), and declare it in the header",
			      name, p->file);
		}
		return CXChildVisit_Continue;
	}
	Fn *fn = computefn(p, c); /* reports a bad compute declaration even when nothing calls it */
	if (!clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	if (!annotation(p, c, "dagcc.graph", NULL)) {
		Scan sc = {p, -2};
		CXCursor body = clang_getNullCursor();
		clang_visitChildren(c, bodyvisit, &body);
		if (!fn && !clang_Cursor_isNull(body) &&
		    clang_Cursor_getStorageClass(clang_getCanonicalCursor(c)) == CX_SC_Static) {
			sc.from = helperat(p, cxstr(p->a, clang_getCursorSpelling(c)));
			HelperAt *at = &p->hat[sc.from];
			at->fn = c;
			at->body = body;
			at->h->here = 1;
			at->begin = rangeof(p, body, &at->end);
		}
		clang_visitChildren(c, scanvisit, &sc);
		return CXChildVisit_Continue;
	}
	CXCursor body = clang_getNullCursor(); /* after the parameters, however many */
	clang_visitChildren(c, bodyvisit, &body);
	if (!clang_Cursor_isNull(body) && !written(p, body)) {
		char *name = cxstr(p->a, clang_getCursorSpelling(c));
		error(locof(p, clang_getCursorLocation(c)),
		      "the braces of graph '%s' come from a macro: dagcc rewrites a graph's body where it is written; write the function's braces in the file (a macro may give the statements between them)",
		      name);
		return CXChildVisit_Continue;
	}
	if (!clang_Cursor_isNull(body)) {
		agrow(p->a, &t->ast->fn, &t->cap, t->ast->nfn + 1, sizeof(GraphFn));
		agrow(p->a, &t->body, &t->capbody, t->ast->nfn + 1, sizeof(CXCursor));
		agrow(p->a, &t->expanded, &t->capexp, t->ast->nfn + 1, sizeof(char *));
		t->body[t->ast->nfn] = body;
		t->expanded[t->ast->nfn] = printedbody(p, c);
		GraphFn *g = &t->ast->fn[t->ast->nfn++];
		g->name = cxstr(p->a, clang_getCursorSpelling(c));
		g->loc = locof(p, clang_getCursorLocation(c));
		int n = clang_Cursor_getNumArguments(c);
		g->nparam = n > 0 ? n : 0;
		g->param = aarray(p->a, (size_t)g->nparam, sizeof *g->param);
		for (int k = 0; k < g->nparam; k++)
			g->param[k] = cxstr(
				p->a, clang_getCursorSpelling(clang_Cursor_getArgument(c, k)));
		CXSourceRange r = extentof(p, body);
		g->begin = offsetof_(clang_getRangeStart(r), NULL);
		g->end = offsetof_(clang_getRangeEnd(r), NULL);
		Buf head = {0}, open = {0}, tail = {0};
		directives(p, g->name, g->begin, g->end, &head, &open, &tail);
		g->pphead = head.len ? astrdup(p->a, head.s) : NULL;
		g->ppopen = open.len ? astrdup(p->a, open.s) : NULL;
		g->pptail = tail.len ? astrdup(p->a, tail.s) : NULL;
		bfree(&head);
		bfree(&open);
		bfree(&tail);
		Scan sc = {p, -1};
		clang_visitChildren(body, scanvisit, &sc);
	}
	return CXChildVisit_Continue;
}

/* The graph bodies of x, in the order of o's; and the helpers'. */
typedef struct {
	P *p;
	Ast *ast;
	CXCursor *body;
	int n;
} XCtx;

static enum CXChildVisitResult xvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	XCtx *x = d;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	CXString s = clang_getCursorSpelling(c);
	const char *name = clang_getCString(s);
	if (x->n < x->ast->nfn && strcmp(name, x->ast->fn[x->n].name) == 0)
		clang_visitChildren(c, bodyvisit, &x->body[x->n++]);
	else
		for (int i = 0; i < x->p->nhat; i++)
			if (x->p->hat[i].reached && !strcmp(x->p->hat[i].h->name, name))
				clang_visitChildren(c, bodyvisit, &x->p->hat[i].xbody);
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

/* What libclang's error codes mean, in words (as c-index-test says them). */
static const char *cxerror(enum CXErrorCode rc)
{
	switch (rc) {
	case CXError_Success:
		return "no error";
	case CXError_Crashed:
		return "libclang crashed";
	case CXError_InvalidArguments:
		return "libclang was given invalid arguments";
	case CXError_ASTReadError:
		return "libclang could not read it as a source file";
	default:
		return "libclang failed";
	}
}

/* Parses the input, its text given in unsaved (never read from the file again); flags: libclang's
 * (CXTranslationUnit_DetailedPreprocessingRecord for the skipped ranges). */
enum CXErrorCode opentu(CXIndex index, const FrontendOpts *o, const char **args, int nargs,
			struct CXUnsavedFile *unsaved, Tu *t, unsigned flags)
{
	enum CXErrorCode rc = clang_parseTranslationUnit2(index, o->input, args, nargs, unsaved, 1,
							  flags, &t->tu);
	if (rc != CXError_Success || !t->tu)
		return rc != CXError_Success ? rc : CXError_Failure;
	t->mainfile = clang_getFile(t->tu, o->input);
	size_t len = 0;
	t->maintext = clang_getFileContents(t->tu, t->mainfile, &len);
	t->mainlen = len;
	return t->maintext ? CXError_Success : CXError_Failure;
}

/* x: the input with each graph body (and, with helpers, each reached helper's) replaced by its
 * expansion, parsed; its graph bodies in xbody. 0 if that fails (the bodies are then read from
 * o alone). */
static int expand(P *p, CXIndex index, const FrontendOpts *o, const char **args, int nargs,
		  TopCtx *t, CXCursor *xbody, int helpers)
{
	Buf b = {0};
	size_t pos = 0;
	for (int i = 0, k = 0; i < t->ast->nfn || k < p->nhat;) {
		HelperAt *h = k < p->nhat ? &p->hat[k] : NULL;
		if (h && (!helpers || !h->printed)) {
			k++;
			continue;
		}
		GraphFn *g = i < t->ast->nfn ? &t->ast->fn[i] : NULL;
		int graph = g && (!h || g->begin < h->begin);
		unsigned begin = graph ? g->begin : h->begin, end = graph ? g->end : h->end;
		const char *text = graph ? t->expanded[i] : h->printed;
		if (!text || begin < pos || end > p->o.mainlen) {
			bfree(&b);
			return 0;
		}
		bput(&b, p->o.maintext + pos, begin - pos);
		if (graph) {
			if (g->pphead) /* the conditionals the body is in, and its #defines */
				bprintf(&b, "\n%s", g->pphead);
			const char *close = strrchr(text, '}');
			bput(&b, text, 2); /* "{\n" */
			bputs(&b, g->ppopen ? g->ppopen : "");
			bput(&b, text + 2, (size_t)(close - text - 2));
			if (g->pptail)
				bprintf(&b, "\n%s", g->pptail);
			bputs(&b, close);
		} else {
			bputs(&b, text);
		}
		pos = end;
		i += graph;
		k += !graph;
	}
	bput(&b, p->o.maintext + pos, p->o.mainlen - pos);
	struct CXUnsavedFile u = {o->input, b.s, (unsigned long)b.len};
	int ok =
		opentu(index, o, args, nargs, &u, &p->x, CXTranslationUnit_None) == CXError_Success;
	bfree(&b);
	if (!ok)
		return 0;
	keeptext(p, &p->x);
	for (int i = 0; i < p->nhat; i++)
		p->hat[i].xbody = clang_getNullCursor();
	XCtx x = {p, t->ast, xbody, 0};
	clang_visitChildren(clang_getTranslationUnitCursor(p->x.tu), xvisit, &x);
	for (unsigned i = 0; i < clang_getNumDiagnostics(p->x.tu); i++) {
		CXDiagnostic d = clang_getDiagnostic(p->x.tu, i);
		ok &= clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	if (x.n != t->ast->nfn || !ok) {
		for (int i = 0; i < p->nhat; i++)
			p->hat[i].xbody = clang_getNullCursor();
		clang_disposeTranslationUnit(p->x.tu);
		return 0;
	}
	return 1;
}

void addfile(Deps *d, const char *file)
{
	for (int i = 0; i < d->nfile; i++)
		if (!strcmp(d->file[i], file))
			return;
	agrow(d->arena, &d->file, &d->cap, d->nfile + 1, sizeof *d->file);
	d->file[d->nfile++] = astrdup(d->arena, file);
}

typedef struct {
	CXTranslationUnit tu;
	Deps *d;
} Incl;

static void inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	Incl *in = data;
	(void)stack;
	if (depth == 0) /* the input: the caller puts it first */
		return;
	if (in->d->nosys &&
	    clang_Location_isInSystemHeader(clang_getLocationForOffset(in->tu, f, 0)))
		return;
	CXString s = clang_getFileName(f);
	const char *name = clang_getCString(s);
	if (name && !strncmp(name, "./", 2)) /* "host.h" beside a model.c named without a folder */
		name += 2;
	if (name && *name)
		addfile(in->d, name);
	clang_disposeString(s);
}

/* -MD: the files the input includes, in the order the preprocessor read them, as it named
 * them (through the -I directory that found them), as gcc -MD lists them. */
static void includes(CXTranslationUnit tu, Deps *d)
{
	Incl in = {tu, d};
	clang_getInclusions(tu, inclusion, &in);
}

int parseast(const FrontendOpts *o, Arena *a, Ast *ast)
{
	P p = {.a = a, .file = o->input};
	int nargs;
	const char **args = parseflags(&p, o, 1, &nargs);
	struct stat st;
	if (stat(o->input, &st) == 0 && S_ISDIR(st.st_mode))
		fatal("cannot read %s: it is a directory", o->input);
	/* read once: libclang and the emitter see the same bytes, and a pipe can be the input */
	size_t len;
	const char *text = srctext(o->input, &len);
	if (!text)
		fatal("cannot read %s", o->input);
	loadclang();
	CXIndex index = clang_createIndex(0, 0);
	struct CXUnsavedFile u = {o->input, text, (unsigned long)len};
	enum CXErrorCode rc = opentu(index, o, args, nargs, &u, &p.o,
				     CXTranslationUnit_DetailedPreprocessingRecord);
	if (rc != CXError_Success) {
		clang_disposeIndex(index);
		fatal("cannot parse %s: %s", o->input, cxerror(rc));
	}
	ast->file = astrdup(a, o->input);
	keeptext(&p, &p.o);
	if (o->deps)
		includes(p.o.tu, o->deps);
	int before = nerrors;
	printdiags(&p);
	int parsed = nerrors == before;
	if (parsed) {
		TopCtx t = {&p, ast, 0, NULL, NULL, 0, 0};
		clang_visitChildren(clang_getTranslationUnitCursor(p.o.tu), topvisit, &t);
		CXCursor *xbody = aalloc(a, (size_t)(ast->nfn + 1) * sizeof(CXCursor));
		reach(&p);
		int helpers = ast->nfn && expand(&p, index, o, args, nargs, &t, xbody, 1);
		int expanded =
			helpers || (ast->nfn && expand(&p, index, o, args, nargs, &t, xbody, 0));
		if (!expanded)
			p.x = p.o;
		for (int i = 0; i < ast->nfn; i++)
			clang_visitChildren(t.body[i], hidvisit, &p);
		if (p.nhid)
			qsort(p.hid, (size_t)p.nhid, sizeof *p.hid, hidorder);
		for (int i = 0; i < ast->nfn; i++) {
			Twin tw = {expanded ? xbody[i] : t.body[i], t.body[i], ast->fn[i].loc, 0,
				   0};
			bodytokens(&p, &p.x, tw.c);
			if (expanded)
				bodytokens(&p, &p.o, tw.o);
			ast->fn[i].body = block(&p, tw);
		}
		for (int i = 0; i < p.nhat; i++)
			readbody(&p, &p.hat[i], helpers);
		if (expanded)
			clang_disposeTranslationUnit(p.x.tu);
		if (o->macros && ast->nfn)
			macrovalues(&p, index, o, args, nargs, ast);
	}
	clang_disposeTranslationUnit(p.o.tu);
	clang_disposeIndex(index);
	return parsed;
}
