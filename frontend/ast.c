/* ast.c - libclang: a C file into the frontend's tree of each DAGCC_GRAPH body.
 *
 * This is the only file that includes clang-c/Index.h. It parses the input with the user's flags
 * (and dagcc's own include directory), prints clang's diagnostics, reads the annotations of graph
 * and compute functions, and copies each graph body into arena-allocated Stmt and Expr nodes:
 * expressions clang can fold to an integer become numbers, everything else keeps its shape and
 * source text. Nothing from libclang survives the return of parseast(), which fails only when
 * clang could not parse the file; mistakes in annotations are reported and their functions
 * marked, so the graphs can still be checked for more.
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
#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ast.h"

#ifndef DAGCC_SOURCE_INCLUDE_DIR
#define DAGCC_SOURCE_INCLUDE_DIR ""
#endif

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

static char *cxstr(Arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	char *r = astrdup(a, c ? c : "");
	clang_disposeString(s);
	return r;
}

static Loc locof(P *p, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col;
	clang_getExpansionLocation(l, &f, &line, &col, NULL);
	Loc loc = {p->file, (int)line, (int)col};
	if (f && !clang_File_isEqual(f, p->o.mainfile))
		loc.file = cxstr(p->a, clang_getFileName(f));
	return loc;
}

typedef struct Extent {
	const void *node, *tu; /* the cursor's statement or expression; NULL: an empty slot */
	CXSourceRange r;
} Extent;

static enum CXChildVisitResult lastkid(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	CXCursor *k = d;
	if (!clang_isAttribute(clang_getCursorKind(c))) {
		if (clang_Cursor_isNull(k[0]))
			k[0] = c;
		k[1] = c;
	}
	return CXChildVisit_Continue;
}

/* 1 an operator whose extent is its operands', 2 a statement that ends where its last
 * statement does, 0 neither */
static int composite(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_ConditionalOperator)
		return 1;
	return k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
			       k == CXCursor_SwitchStmt || k == CXCursor_LabelStmt ||
			       k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt ?
		       2 :
		       0;
}

static unsigned exthash(const void *node)
{
	return (unsigned)(((uintptr_t)node >> 4) * 2654435761u);
}

/* c's extent as extentof remembered it, or NULL */
static const CXSourceRange *remembered(P *p, CXCursor c)
{
	unsigned h = exthash(c.data[1]);
	for (unsigned i = 0; p->capext; i++) {
		Extent *e = &p->ext[(h + i) & (p->capext - 1)];
		if (!e->node)
			return NULL;
		if (e->node == c.data[1] && e->tu == c.data[2])
			return &e->r;
	}
	return NULL;
}

static void remember(P *p, CXCursor c, CXSourceRange r)
{
	if (2 * (p->next + 1) > p->capext) { /* half full at most */
		Extent *old = p->ext;
		unsigned oldcap = p->capext;
		p->capext = oldcap ? 2 * oldcap : 1024;
		p->ext = aalloc(p->a, p->capext * sizeof *p->ext);
		memset(p->ext, 0, p->capext * sizeof *p->ext);
		for (unsigned i = 0; i < oldcap; i++)
			for (unsigned j = 0; old[i].node; j++) {
				Extent *e = &p->ext[(exthash(old[i].node) + j) & (p->capext - 1)];
				if (!e->node) {
					*e = old[i];
					break;
				}
			}
	}
	for (unsigned i = 0;; i++) {
		Extent *e = &p->ext[(exthash(c.data[1]) + i) & (p->capext - 1)];
		if (!e->node) {
			*e = (Extent){c.data[1], c.data[2], r};
			p->next++;
			return;
		}
	}
}

/* The extent of a cursor. clang finds an operator's start at its first operand's, and an if's
 * or a loop's end at its last statement's, walking down to them every time: asked for each
 * node of a long chain or of nested ifs, that was quadratic. These are made here from their
 * children's, each remembered, on a stack of our own (a chain may be deeper than the
 * program's). */
static CXSourceRange extentof(P *p, CXCursor c)
{
	if (!composite(c))
		return clang_getCursorExtent(c);
	const CXSourceRange *known = remembered(p, c);
	if (known)
		return *known;
	struct {
		CXCursor c, kid[2]; /* its first and last child */
	} *st = NULL;
	int n = 0, cap = 0;
	for (CXCursor next = c; n || !clang_Cursor_isNull(next);) {
		if (!clang_Cursor_isNull(next)) {
			agrow(NULL, &st, &cap, n + 1, sizeof *st);
			st[n].c = next;
			st[n].kid[0] = st[n].kid[1] = clang_getNullCursor();
			clang_visitChildren(next, lastkid, st[n++].kid);
			next = clang_getNullCursor();
		}
		CXCursor t = st[n - 1].c, *kid = st[n - 1].kid;
		int op = composite(t) == 1;
		if (clang_Cursor_isNull(kid[1])) {
			remember(p, t, clang_getCursorExtent(t));
			n--;
			continue;
		}
		for (int i = op ? 0 : 1; i < 2 && clang_Cursor_isNull(next); i++)
			if (composite(kid[i]) && !remembered(p, kid[i]))
				next = kid[i];
		if (!clang_Cursor_isNull(next))
			continue;
		CXSourceLocation b =
			op ? clang_getRangeStart(extentof(p, kid[0])) : clang_getCursorLocation(t);
		remember(p, t, clang_getRange(b, clang_getRangeEnd(extentof(p, kid[1]))));
		n--;
	}
	free(st);
	return *remembered(p, c);
}

static Loc curloc(P *p, CXCursor c)
{
	return locof(p, clang_getRangeStart(extentof(p, c)));
}

static unsigned offsetof_(CXSourceLocation l, CXFile *f)
{
	unsigned off;
	clang_getExpansionLocation(l, f, NULL, NULL, &off);
	return off;
}

/* MainText b..e of t, whitespace runs collapsed to one space. */
static const char *flat(Arena *a, const MainText *t, unsigned b, unsigned e)
{
	char *out = aalloc(a, e - b + 1), *o = out;
	int space = 0;
	for (unsigned i = b; i < e; i++) {
		if (isspace((unsigned char)t->s[i])) {
			space = 1;
			continue;
		}
		if (space && o > out)
			*o++ = ' ';
		space = 0;
		*o++ = t->s[i];
	}
	*o = 0;
	return out;
}

/* The span of a cursor of t in its main file, or NULL where it has none there. */
static const Span *spanof(P *p, const Tu *t, CXCursor c)
{
	CXSourceRange r = extentof(p, c);
	CXFile fb, fe;
	unsigned b = offsetof_(clang_getRangeStart(r), &fb);
	unsigned e = offsetof_(clang_getRangeEnd(r), &fe);
	if (!fb || !fe || !clang_File_isEqual(fb, t->mainfile) ||
	    !clang_File_isEqual(fe, t->mainfile) || b > e || e > t->mainlen)
		return NULL;
	Span *s = aalloc(p->a, sizeof *s);
	*s = (Span){p->a, t->text, b, e, 0};
	for (int i = 0; i < t->text->nbody && !s->toks; i++)
		s->toks = t->text->body[i][0] <= b && e <= t->text->body[i][1];
	return s;
}

/* The source text of a cursor of t, whitespace runs collapsed to one space. */
static const char *textof(P *p, const Tu *t, CXCursor c)
{
	const Span *sp = spanof(p, t, c);
	if (sp)
		return flat(p->a, sp->t, sp->b, sp->e);
	CXSourceRange r = extentof(p, c);
	Buf buf = {0};
	{
		CXToken *tok;
		unsigned n;
		clang_tokenize(t->tu, r, &tok, &n);
		for (unsigned i = 0; i < n; i++) {
			CXString s = clang_getTokenSpelling(t->tu, tok[i]);
			if (i)
				bput(&buf, " ", 1);
			bputs(&buf, clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeTokens(t->tu, tok, n);
	}
	const char *text = astrdup(p->a, buf.s ? buf.s : "");
	bfree(&buf);
	return text;
}

static int istok(const char *text, int off, int len, const char *t)
{
	return len == (int)strlen(t) && !memcmp(text + off, t, (size_t)len);
}

/* The switches of s's text, from its n tokens (offsets from base, where the text starts):
 * where each condition lies and, for a braced body with no default of its own, its closing
 * brace. */
static void markswitches(Arena *a, Src *s, const Tok *tok, int n, unsigned base)
{
	enum { DEEP = 64 };
	struct Open {
		int depth, lo, hi, dflt;
	} open[DEEP];
	int nopen = 0, depth = 0, cond = -1, paren = 0, lo = 0, hi = 0, ready = 0;
	s->swlo = aalloc(a, (size_t)(n / 4 + 1) * sizeof(int)); /* a switch is 4 tokens or more */
	s->swhi = aalloc(a, (size_t)(n / 4 + 1) * sizeof(int));
	s->swend = aalloc(a, (size_t)(n / 4 + 1) * sizeof(int));
#define TOK(j, str) istok(s->text, (int)(tok[j].off - base), (int)tok[j].len, str)
	for (int i = 0; i < n; i++) {
		const char *t = s->text;
		int o = (int)(tok[i].off - base), l = (int)tok[i].len;
		if (cond >= 0) { /* inside a switch's condition */
			paren += istok(t, o, l, "(") - istok(t, o, l, ")");
			if (paren == 0) {
				lo = cond, hi = o, ready = 1, cond = -1;
				continue;
			}
		}
		if (ready && istok(t, o, l, "{") && nopen < DEEP)
			open[nopen++] = (struct Open){depth + 1, lo, hi, 0};
		ready = 0;
		if (istok(t, o, l, "switch") && i + 1 < n && TOK(i + 1, "("))
			cond = o + l, paren = 1, i++;
		else if (istok(t, o, l, "default") && nopen && i + 1 < n && TOK(i + 1, ":"))
			open[nopen - 1].dflt = 1;
		else if (istok(t, o, l, "{"))
			depth++;
		else if (istok(t, o, l, "}")) {
			if (nopen && open[nopen - 1].depth == depth && !open[--nopen].dflt) {
				s->swlo[s->nsw] = open[nopen].lo;
				s->swhi[s->nsw] = open[nopen].hi;
				s->swend[s->nsw++] = o;
			}
			depth--;
		}
	}
#undef TOK
}

/* The raw text of a span, with its identifiers marked (see Src), from its unit's tokens. */
static Src srcspan(const Span *sp)
{
	const MainText *tu = sp->t;
	unsigned b = sp->b, e = sp->e;
	while (e > b && (tu->s[e - 1] == ';' || isspace((unsigned char)tu->s[e - 1])))
		e--;
	Src s = {.text = astrndup(sp->a, tu->s + b, e - b)};
	int lo = 0, hi = tu->ntok; /* the first token at b or after */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (tu->tok[mid].off < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	int n = 0;
	for (int i = lo; i < tu->ntok && tu->tok[i].off + tu->tok[i].len <= e; i++)
		n += tu->tok[i].ident;
	s.off = aalloc(sp->a, (size_t)(n + 1) * sizeof(int));
	s.len = aalloc(sp->a, (size_t)(n + 1) * sizeof(int));
	for (int i = lo; s.nid < n; i++)
		if (tu->tok[i].ident) {
			s.off[s.nid] = (int)(tu->tok[i].off - b);
			s.len[s.nid++] = (int)tu->tok[i].len;
		}
	int end = lo;
	while (end < tu->ntok && tu->tok[end].off + tu->tok[end].len <= e)
		end++;
	markswitches(sp->a, &s, tu->tok + lo, end - lo, b);
	return s;
}

/* The raw text of a cursor of t in its main file, with its identifiers marked (see Src). */
static Src srcof(P *p, const Tu *tu, CXCursor c)
{
	const Span *sp = spanof(p, tu, c);
	if (sp && sp->toks)
		return srcspan(sp);
	Src s = {.text = ""};
	CXSourceRange r = extentof(p, c);
	CXFile fb, fe;
	unsigned b = offsetof_(clang_getRangeStart(r), &fb);
	unsigned e = offsetof_(clang_getRangeEnd(r), &fe);
	if (!fb || !fe || !clang_File_isEqual(fb, tu->mainfile) ||
	    !clang_File_isEqual(fe, tu->mainfile) || b > e || e > tu->mainlen)
		return s;
	while (e > b && (tu->maintext[e - 1] == ';' || isspace((unsigned char)tu->maintext[e - 1])))
		e--;
	s.text = astrndup(p->a, tu->maintext + b, e - b);
	/* the text as written: a range that starts inside a macro's expansion tokenizes where the
	 * macro is spelled (nothing, when that is another file) */
	CXToken *tok;
	unsigned n;
	clang_tokenize(tu->tu,
		       clang_getRange(clang_getLocationForOffset(tu->tu, tu->mainfile, b),
				      clang_getLocationForOffset(tu->tu, tu->mainfile, e)),
		       &tok, &n);
	s.off = aalloc(p->a, (n + 1) * sizeof(int));
	s.len = aalloc(p->a, (n + 1) * sizeof(int));
	Tok *mine = xmalloc((n + 1) * sizeof *mine); /* those spelled where they stand */
	int nmine = 0, member = 0;
	for (unsigned i = 0; i < n; i++) {
		CXTokenKind k = clang_getTokenKind(tok[i]);
		CXString sp = clang_getTokenSpelling(tu->tu, tok[i]);
		const char *t = clang_getCString(sp);
		CXFile f;
		unsigned off = offsetof_(clang_getTokenLocation(tu->tu, tok[i]), &f);
		if (f && clang_File_isEqual(f, tu->mainfile) && off >= b && off + strlen(t) <= e &&
		    !memcmp(tu->maintext + off, t, strlen(t))) {
			mine[nmine++] = (Tok){off, (unsigned)strlen(t), 0};
			if (k == CXToken_Identifier && !member) {
				s.off[s.nid] = (int)(off - b);
				s.len[s.nid] = (int)strlen(t);
				s.nid++;
			}
		}
		member = k == CXToken_Punctuation && (!strcmp(t, ".") || !strcmp(t, "->"));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu->tu, tok, n);
	markswitches(p->a, &s, mine, nmine, b);
	free(mine);
	return s;
}

/* The tokens of t's graph body c, after those of the bodies before it (a body out of order
 * is left out: srcof asks libclang for the tokens of each of its nodes). */
static void bodytokens(P *p, Tu *t, CXCursor c)
{
	MainText *x = t->text;
	CXSourceRange r = extentof(p, c);
	CXFile fb, fe;
	unsigned b = offsetof_(clang_getRangeStart(r), &fb);
	unsigned e = offsetof_(clang_getRangeEnd(r), &fe);
	if (!fb || !fe || !clang_File_isEqual(fb, t->mainfile) ||
	    !clang_File_isEqual(fe, t->mainfile) || b > e || e > t->mainlen ||
	    (x->nbody && b < x->body[x->nbody - 1][1]))
		return;
	CXToken *tok;
	unsigned n;
	clang_tokenize(t->tu, r, &tok, &n);
	int member = 0;
	for (unsigned i = 0; i < n; i++) {
		CXTokenKind k = clang_getTokenKind(tok[i]);
		CXString sp = clang_getTokenSpelling(t->tu, tok[i]);
		const char *ts = clang_getCString(sp);
		size_t len = strlen(ts);
		CXFile f;
		unsigned off = offsetof_(clang_getTokenLocation(t->tu, tok[i]), &f);
		if (f && clang_File_isEqual(f, t->mainfile) && off >= b &&
		    (!x->ntok || off > x->tok[x->ntok - 1].off)) {
			agrow(p->a, &x->tok, &x->captok, x->ntok + 1, sizeof *x->tok);
			x->tok[x->ntok++] = (Tok){off, (unsigned)len,
						  k == CXToken_Identifier && !member &&
							  off + len <= t->mainlen &&
							  !memcmp(t->maintext + off, ts, len)};
		}
		member = k == CXToken_Punctuation && (!strcmp(ts, ".") || !strcmp(ts, "->"));
		clang_disposeString(sp);
	}
	clang_disposeTokens(t->tu, tok, n);
	agrow(p->a, &x->body, &x->capbody, x->nbody + 1, sizeof *x->body);
	x->body[x->nbody][0] = b;
	x->body[x->nbody++][1] = e;
}

/* t's main text copied to outlive it, for the spans read after parseast */
static void keeptext(P *p, Tu *t)
{
	MainText *x = aalloc(p->a, sizeof *x);
	*x = (MainText){
		astrndup(p->a, t->maintext, t->mainlen), t->mainlen, NULL, 0, 0, NULL, 0, 0};
	t->text = x;
	t->maintext = x->s;
}

const char *exprtext(const Expr *e)
{
	if (!e->flat && e->span)
		((Expr *)e)->flat = flat(e->span->a, e->span->t, e->span->b, e->span->e);
	return e->flat ? e->flat : "";
}

const char *stmttext(const Stmt *s)
{
	if (!s->flat && s->span)
		((Stmt *)s)->flat = flat(s->span->a, s->span->t, s->span->b, s->span->e);
	return s->flat ? s->flat : "";
}

const Src *stmtsrc(const Stmt *s)
{
	Stmt *m = (Stmt *)s;
	if (!m->rawread && m->span)
		m->raw = srcspan(m->span);
	m->rawread = 1;
	return &m->raw;
}

/* Annotations: visit a declaration's attributes. */
typedef struct {
	P *p;
	const char *prefix;
	char *text;
	CXCursor at;
} AnnQuery;

static enum CXChildVisitResult annvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	AnnQuery *q = d;
	if (clang_getCursorKind(c) != CXCursor_AnnotateAttr)
		return CXChildVisit_Continue;
	CXString s = clang_getCursorSpelling(c);
	const char *t = clang_getCString(s);
	size_t n = strlen(q->prefix);
	if (t && strncmp(t, q->prefix, n) == 0 && !q->text) {
		q->text = astrdup(q->p->a, t + n);
		q->at = c;
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

static char *annotation(P *p, CXCursor decl, const char *prefix, CXCursor *at)
{
	AnnQuery q = {p, prefix, NULL, clang_getNullCursor()};
	clang_visitChildren(decl, annvisit, &q);
	if (at)
		*at = q.at;
	return q.text;
}

/* sizeof(type) in cost annotations. */
static enum CXChildVisitResult typevisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	P *p = d;
	const char *tag = NULL;
	switch (clang_getCursorKind(c)) {
	case CXCursor_TypedefDecl:
		tag = "";
		break;
	case CXCursor_StructDecl:
		tag = "struct ";
		break;
	case CXCursor_UnionDecl:
		tag = "union ";
		break;
	case CXCursor_EnumDecl:
		tag = "enum ";
		break;
	default:
		return CXChildVisit_Continue;
	}
	long long size = clang_Type_getSizeOf(clang_getCursorType(c));
	CXString s = clang_getCursorSpelling(c);
	const char *name = clang_getCString(s);
	if (size >= 0 && name && *name && !strchr(name, ' ')) {
		agrow(p->a, &p->type, &p->captype, p->ntype + 1, sizeof(Type));
		p->type[p->ntype++] = (Type){afmt(p->a, "%s%s", tag, name), size};
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

static int64_t sizeoftype(void *ctx, const char *type)
{
	static const struct {
		const char *name;
		int64_t size;
	} builtin[] = {
		{"char", 1},	      {"signed char", 1},    {"unsigned char", 1},
		{"short", 2},	      {"unsigned short", 2}, {"int", 4},
		{"unsigned", 4},      {"unsigned int", 4},   {"long", 8},
		{"unsigned long", 8}, {"long long", 8},	     {"unsigned long long", 8},
		{"float", 4},	      {"double", 8},	     {"long double", 16},
		{"_Bool", 1},
	};
	P *p = ctx;
	/* normalize spaces: "unsigned  int" is "unsigned int" */
	char norm[256];
	size_t n = 0;
	for (const char *s = type; *s && n + 2 < sizeof norm; s++) {
		if (isspace((unsigned char)*s)) {
			if (n && norm[n - 1] != ' ')
				norm[n++] = ' ';
			continue;
		}
		norm[n++] = *s;
	}
	while (n && norm[n - 1] == ' ')
		n--;
	norm[n] = 0;
	if (n && norm[n - 1] == '*')
		return (int64_t)sizeof(void *);
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		if (strcmp(builtin[i].name, norm) == 0)
			return builtin[i].size;
	if (!p->typesread) {
		clang_visitChildren(clang_getTranslationUnitCursor(p->o.tu), typevisit, p);
		p->typesread = 1;
	}
	for (int i = 0; i < p->ntype; i++)
		if (strcmp(p->type[i].name, norm) == 0)
			return p->type[i].size;
	return -1;
}

/* A pointer parameter's annotation: its direction, and the text of a declared extent. */
typedef struct {
	int mode;
	const char *extent;
	CXCursor at;
} Dir;

typedef struct {
	P *p;
	Fn *fn;
	Dir *dir; /* by parameter */
	int votes[NDTYPE]; /* pointer parameters' element dtypes */
	const char *voter[NDTYPE]; /* a parameter of each */
} FnCtx;

static int paramindex(void *ctx, const char *name, size_t len)
{
	Fn *fn = ((FnCtx *)ctx)->fn;
	for (int i = 0; i < fn->nparam; i++)
		if (strlen(fn->param[i].name) == len && memcmp(fn->param[i].name, name, len) == 0)
			return i;
	return -1;
}

static int64_t fnsizeof(void *ctx, const char *type)
{
	return sizeoftype(((FnCtx *)ctx)->p, type);
}

/* The source location of byte `pos` of an annotation's text, found by matching the text against
 * the macro arguments at the attribute's expansion (the preprocessor collapsed the spaces). */
static Loc annloc(P *p, CXCursor attr, const char *text, int pos)
{
	CXSourceRange r = extentof(p, attr);
	CXFile f;
	unsigned b = offsetof_(clang_getRangeStart(r), &f);
	Loc loc = curloc(p, attr);
	if (!f || !clang_File_isEqual(f, p->o.mainfile) || b >= p->o.mainlen)
		return loc;
	const char *s = p->o.maintext, *end = s + p->o.mainlen;
	const char *q = memchr(s + b, '(', (size_t)(end - (s + b)));
	if (!q)
		return loc;
	q++;
	for (int k = 0;; k++) {
		while (k < pos && isspace((unsigned char)text[k]))
			k++;
		while (q < end && isspace((unsigned char)*q))
			q++;
		if (k >= pos)
			break;
		if (q >= end || *q != text[k])
			return loc;
		q++;
	}
	for (const char *c = s + b; c < q; c++) {
		if (*c == '\n') {
			loc.line++;
			loc.col = 1;
		} else {
			loc.col++;
		}
	}
	return loc;
}

/* The dtype an element type stands for: float, double, the 16-bit types, or a typedef (of a
 * typedef...) whose name says bf16 or half (__nv_bfloat16, __half, floatX). -1 when it cannot
 * tell. */
static int elemdtype(CXType e)
{
	for (int depth = 0; depth < 16 && e.kind != CXType_Invalid; depth++) {
		switch (clang_getCanonicalType(e).kind) {
		case CXType_Float:
			return DT_F32;
		case CXType_Double:
			return DT_F64;
		case CXType_Half:
		case CXType_Float16:
			return DT_F16;
		case CXType_BFloat16:
			return DT_BF16;
		default:
			break;
		}
		CXString sp = clang_getTypeSpelling(e);
		char name[128];
		snprintf(name, sizeof name, "%s", clang_getCString(sp));
		clang_disposeString(sp);
		for (char *c = name; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		if (strstr(name, "bf16") || strstr(name, "bfloat"))
			return DT_BF16;
		if (strstr(name, "half") || strstr(name, "f16") || strstr(name, "fp16"))
			return DT_F16;
		if (e.kind == CXType_Elaborated)
			e = clang_Type_getNamedType(e);
		else if (e.kind == CXType_Typedef)
			e = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(e));
		else
			break;
	}
	return -1;
}

/* Does a value of type t hold pointers (a pointer, or a struct, union or array with one)? */
static enum CXVisitorResult fieldvisit(CXCursor c, CXClientData d);

static int holdspointers(CXType t, int depth)
{
	CXType ct = clang_getCanonicalType(t);
	if (depth > 8)
		return 1;
	if (ct.kind == CXType_Pointer)
		return 1;
	if (ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray)
		return holdspointers(clang_getArrayElementType(ct), depth + 1);
	if (ct.kind == CXType_Record) {
		int found[2] = {0, depth + 1};
		clang_Type_visitFields(ct, fieldvisit, found);
		return found[0];
	}
	return 0;
}

static enum CXVisitorResult fieldvisit(CXCursor c, CXClientData d)
{
	int *found = d;
	if (holdspointers(clang_getCursorType(c), found[1]))
		found[0] = 1;
	return found[0] ? CXVisit_Break : CXVisit_Continue;
}

static CXType pointee(CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind == CXType_Pointer)
		return clang_getPointeeType(t.kind == CXType_Pointer ? t : ct);
	return clang_getArrayElementType(ct);
}

static enum CXChildVisitResult dirvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct {
		P *p;
		Dir *dir;
	} *q = d;
	if (clang_getCursorKind(c) != CXCursor_AnnotateAttr || q->dir->mode)
		return CXChildVisit_Continue;
	static const struct {
		const char *name;
		int mode;
	} tab[] = {{"dagcc.inout", ACC_READ | ACC_WRITE},
		   {"dagcc.in", ACC_READ},
		   {"dagcc.out", ACC_WRITE}};
	CXString s = clang_getCursorSpelling(c);
	const char *t = clang_getCString(s);
	for (size_t i = 0; t && i < sizeof tab / sizeof tab[0]; i++) {
		size_t n = strlen(tab[i].name);
		if (strncmp(t, tab[i].name, n) || (t[n] && t[n] != ':'))
			continue;
		q->dir->mode = tab[i].mode;
		q->dir->extent = t[n] ? astrdup(q->p->a, t + n + 1) : NULL;
		q->dir->at = c;
		break;
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult paramvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	FnCtx *x = d;
	if (clang_getCursorKind(c) != CXCursor_ParmDecl)
		return CXChildVisit_Continue;
	P *p = x->p;
	Fn *fn = x->fn;
	Dir *dir = &x->dir[fn->nparam];
	Param *pa = &fn->param[fn->nparam++];
	pa->name = cxstr(p->a, clang_getCursorSpelling(c));
	pa->loc = locof(p, clang_getCursorLocation(c));
	CXType t = clang_getCursorType(c);
	CXString ts = clang_getTypeSpelling(t);
	int isstream = strcmp(clang_getCString(ts), "dagcc_stream_t") == 0;
	clang_disposeString(ts);
	CXType ct = clang_getCanonicalType(t);
	if (isstream) {
		pa->kind = P_STREAM;
	} else if (ct.kind == CXType_Pointer || ct.kind == CXType_ConstantArray ||
		   ct.kind == CXType_IncompleteArray) {
		pa->kind = P_PTR;
		CXType e = pointee(t);
		long long size = clang_Type_getSizeOf(e);
		pa->elemsize = size > 0					     ? size :
			       clang_getCanonicalType(e).kind == CXType_Void ? 1 :
									       0;
		pa->indirect = holdspointers(e, 0);
		if (pa->indirect)
			warning(pa->loc,
				"parameter '%s' of compute function '%s' points to pointers: dagcc cannot tell what '%s' reaches through them, so each call is ordered against every other access",
				pa->name, fn->name, fn->name);
		int dt = elemdtype(e);
		if (dt >= 0 && !x->votes[dt]++)
			x->voter[dt] = pa->name;
		struct {
			P *p;
			Dir *dir;
		} q = {p, dir};
		clang_visitChildren(c, dirvisit, &q);
		pa->mode = dir->mode;
		if (!pa->mode) {
			pa->mode = ACC_READ | ACC_WRITE;
			warning(pa->loc,
				"pointer parameter '%s' of compute function '%s' has no DAGCC_IN, DAGCC_OUT or DAGCC_INOUT; treated as DAGCC_INOUT",
				pa->name, fn->name);
		} else if (pa->mode == ACC_READ && !clang_isConstQualifiedType(e) &&
			   clang_getCanonicalType(e).kind != CXType_Void) {
			warning(pa->loc,
				"parameter '%s' of compute function '%s' is DAGCC_IN but points to non-const data: if '%s' writes it, dagcc reorders wrongly; make it const, or DAGCC_INOUT",
				pa->name, fn->name, fn->name);
		}
	}
	return CXChildVisit_Continue;
}

/* The dtype of a compute function's arithmetic: dtype = ..., else what most of its pointer
 * parameters point to (the narrowest on a tie), with a warning when they disagree or, for a
 * function costed by flops, when none is recognized. */
static void fndtype(FnCtx *x, Loc loc)
{
	Fn *fn = x->fn;
	static const int narrow[NDTYPE] = {DT_BF16, DT_F16, DT_I8,  DT_U8,
					   DT_F32,  DT_I32, DT_F64, DT_I64};
	int best = -1, kinds = 0;
	for (int i = 0; i < NDTYPE; i++) {
		int d = narrow[i];
		kinds += x->votes[d] > 0;
		if (x->votes[d] && (best < 0 || x->votes[d] > x->votes[best]))
			best = d;
	}
	if (fn->cost.dtype >= 0) {
		fn->ctype = fn->cost.dtype;
		return;
	}
	fn->ctype = best;
	if (kinds > 1) {
		Buf b = {0};
		for (int i = 0; i < NDTYPE; i++)
			if (x->votes[narrow[i]])
				bprintf(&b, "%s%s '%s'", b.len ? ", " : "", dtypename[narrow[i]],
					x->voter[narrow[i]]);
		warning(loc,
			"pointer parameters of compute function '%s' disagree on the dtype (%s); costed as %s: say 'dtype = ...' in DAGCC_COMPUTE to settle it",
			fn->name, b.s, dtypename[best]);
		bfree(&b);
	} else if (best < 0 && fn->cost.flops && !fn->cost.us) {
		warning(loc,
			"cannot tell the dtype of compute function '%s' from its parameters; costed at the target's default rate: say 'dtype = ...' in DAGCC_COMPUTE",
			fn->name);
	}
}

/* The compute function a call refers to, or NULL when the callee is not annotated. */
static Fn *computefn(P *p, CXCursor callee)
{
	CXCursor canon = clang_getCanonicalCursor(callee);
	CXString cs = clang_getCursorSpelling(canon);
	const char *cname = clang_getCString(cs);
	for (int i = 0; i < p->nseen; i++)
		if (strcmp(p->seen[i].name, cname) == 0) {
			clang_disposeString(cs);
			return p->seen[i].fn;
		}
	clang_disposeString(cs);
	CXCursor attr;
	char *text = annotation(p, callee, "dagcc.compute:", &attr);
	if (!text)
		return NULL;
	Fn *fn = aalloc(p->a, sizeof *fn);
	fn->ctype = -1;
	fn->name = cxstr(p->a, clang_getCursorSpelling(canon));
	fn->isstatic = clang_Cursor_getStorageClass(canon) == CX_SC_Static;
	int n = clang_Cursor_getNumArguments(canon);
	fn->param = aalloc(p->a, (size_t)(n > 0 ? n : 1) * sizeof(Param));
	FnCtx x = {p, fn, aalloc(p->a, (size_t)(n > 0 ? n : 1) * sizeof(Dir)), {0}, {0}};
	int before = nerrors;
	clang_visitChildren(canon, paramvisit, &x);
	int hasstream = 0;
	for (int i = 0; i < fn->nparam; i++)
		hasstream |= fn->param[i].kind == P_STREAM;
	Loc loc = locof(p, clang_getCursorLocation(canon));
	if (!hasstream)
		error(loc, "compute function '%s' has no dagcc_stream_t parameter", fn->name);
	int errpos;
	const char *msg;
	if (!parsecost(p->a, text, &fn->cost, paramindex, fnsizeof, &x, &errpos, &msg))
		error(annloc(p, attr, text, errpos), "%s", msg);
	for (int i = 0; i < fn->nparam; i++) {
		Dir *d = &x.dir[i];
		if (!d->extent)
			continue;
		fn->param[i].extent =
			parseextent(p->a, d->extent, paramindex, fnsizeof, &x, &errpos, &msg);
		if (!fn->param[i].extent)
			error(annloc(p, d->at, d->extent, errpos), "%s", msg);
		else if (!fn->param[i].elemsize)
			error(fn->param[i].loc,
			      "extent of parameter '%s' of '%s' is in elements, but its element type has no size",
			      fn->param[i].name, fn->name);
	}
	fndtype(&x, loc);
	fn->ok = nerrors == before;
	agrow(p->a, &p->seen, &p->capseen, p->nseen + 1, sizeof(Seen));
	p->seen[p->nseen++] = (Seen){fn->name, fn};
	return fn;
}

/* The helper named name: found, or added (not defined here until topvisit says so). */
static int helperat(P *p, const char *name)
{
	for (int i = 0; i < p->nhat; i++)
		if (!strcmp(p->hat[i].h->name, name))
			return i;
	agrow(p->a, &p->hat, &p->caphat, p->nhat + 1, sizeof(HelperAt));
	HelperAt *at = &p->hat[p->nhat];
	memset(at, 0, sizeof *at);
	at->h = aalloc(p->a, sizeof(Helper));
	memset(at->h, 0, sizeof(Helper));
	at->h->name = astrdup(p->a, name);
	at->h->why = "it is not defined in this file";
	at->fn = at->body = at->xbody = clang_getNullCursor();
	return p->nhat++;
}

/* The helper a call of callee (not a compute function) calls. */
static Helper *helperof(P *p, CXCursor callee)
{
	char *name = cxstr(p->a, clang_getCursorSpelling(callee));
	HelperAt *at = &p->hat[helperat(p, name)];
	if (clang_Cursor_isNull(at->fn)) {
		CXCursor def = clang_getCursorDefinition(callee);
		CXFile f = NULL;
		if (!clang_Cursor_isNull(def))
			offsetof_(clang_getCursorLocation(def), &f);
		at->h->why = clang_Cursor_isNull(def) ?
				     "it is not defined in this file" :
			     !f || !clang_File_isEqual(f, p->o.mainfile) ?
				     "it is defined in another file" :
				     "it is not static: another file may define it";
		at->h->here =
			!clang_Cursor_isNull(def) && f && clang_File_isEqual(f, p->o.mainfile);
	}
	return at->h;
}

/* A cursor's children, attributes left out. */
typedef struct {
	CXCursor *c;
	int n, cap;
	Arena *a;
} CursorList;

static enum CXChildVisitResult listvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	CursorList *l = d;
	if (clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	agrow(l->a, &l->c, &l->cap, l->n + 1, sizeof(CXCursor));
	l->c[l->n++] = c;
	return CXChildVisit_Continue;
}

static int isexprkind(CXCursor c)
{
	return clang_isExpression(clang_getCursorKind(c));
}

/* The first punctuation token of x in [from, to) that starts at offset `at` or after (at ==
 * -1u: the first token, if it is punctuation at from), into op; 0 if there is none. */
static int punctin(P *p, CXSourceLocation from, CXSourceLocation to, unsigned at, char op[4])
{
	CXTranslationUnit tu = p->x.tu;
	CXToken *tok;
	unsigned n;
	clang_tokenize(tu, clang_getRange(from, to), &tok, &n);
	unsigned start = offsetof_(from, NULL), end = offsetof_(to, NULL);
	int found = 0;
	for (unsigned i = 0; i < n && !found; i++) {
		unsigned off = offsetof_(clang_getTokenLocation(tu, tok[i]), NULL);
		int punct = clang_getTokenKind(tok[i]) == CXToken_Punctuation && off < end;
		if (at == -1u && !(i == 0 && off == start && punct))
			break;
		if (!punct || (at != -1u && off < at))
			continue;
		CXString s = clang_getTokenSpelling(tu, tok[i]);
		const char *t = clang_getCString(s);
		if (strlen(t) < 4) {
			strcpy(op, t);
			found = 1;
		}
		clang_disposeString(s);
		break;
	}
	clang_disposeTokens(tu, tok, n);
	return found;
}

/* The operator token of a binary expression of x: the first punctuation after its left
 * operand. A unary one: the first token when it starts the expression, else the last
 * (postfix). Read from the tokens between the operands (or before the operand) where they
 * hold it: the whole expression's would make a long chain quadratic. */
static void opspell(P *p, CXCursor c, CXCursor lhs, CXCursor rhs, int binary, char op[4])
{
	CXSourceRange ce = extentof(p, c), le = extentof(p, lhs);
	unsigned start = offsetof_(clang_getRangeStart(ce), NULL);
	if (binary && punctin(p, clang_getRangeEnd(le), clang_getRangeStart(extentof(p, rhs)),
			      offsetof_(clang_getRangeEnd(le), NULL), op))
		return;
	if (!binary && offsetof_(clang_getRangeStart(le), NULL) > start &&
	    punctin(p, clang_getRangeStart(ce), clang_getRangeStart(le), -1u, op))
		return;
	CXTranslationUnit tu = p->x.tu;
	CXToken *tok;
	unsigned n;
	clang_tokenize(tu, ce, &tok, &n);
	op[0] = 0;
	unsigned lhsend = binary ? offsetof_(clang_getRangeEnd(le), NULL) : 0;
	for (unsigned i = 0; i < n; i++) {
		if (clang_getTokenKind(tok[i]) != CXToken_Punctuation)
			continue;
		unsigned off = offsetof_(clang_getTokenLocation(tu, tok[i]), NULL);
		int take = binary ? off >= lhsend : (i == 0 && off == start) || i == n - 1;
		if (!take)
			continue;
		CXString s = clang_getTokenSpelling(tu, tok[i]);
		const char *t = clang_getCString(s);
		if (!binary && i > 0) {
			if (strcmp(t, "++") == 0 || strcmp(t, "--") == 0)
				snprintf(op, 4, "p%s", t);
		} else if (strlen(t) < 4) {
			strcpy(op, t);
		}
		clang_disposeString(s);
		break;
	}
	clang_disposeTokens(tu, tok, n);
}

static void typeinfo(CXCursor c, Expr *e)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	CXType elem;
	if (t.kind >= CXType_Char_U && t.kind <= CXType_LongLong) {
		long long size = clang_Type_getSizeOf(t);
		if (size > 0 && size < 8) {
			e->intbits = (int)size * 8;
			e->isunsigned = t.kind <= CXType_UInt128;
		}
		return;
	}
	if (t.kind == CXType_Pointer)
		elem = clang_getPointeeType(t);
	else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		elem = clang_getArrayElementType(t);
	else
		return;
	e->isptr = 1;
	e->isarray = t.kind != CXType_Pointer;
	e->ptrptr = clang_getCanonicalType(elem).kind == CXType_Pointer;
	long long size = clang_Type_getSizeOf(elem);
	e->elemsize = size > 0 ? size : (clang_getCanonicalType(elem).kind == CXType_Void ? 1 : 0);
}

/* The collective a call of name with nargs arguments is, or NKIND. */
static NodeKind collective(const char *name, int nargs)
{
	for (NodeKind k = 0; k < NKIND; k++)
		if (iscollective(k) && k != N_P2P && colls[k].nargs == nargs &&
		    !strcmp(colls[k].call, name))
			return k;
	return NKIND;
}

/* A cursor of x and its twin in o (a null cursor where the trees part), with what is known of
 * o's surroundings: the location to fall back on, and the range of the nearest enclosing node
 * whose text is not its own child's (a child spanning all of it came out of a macro). */
typedef struct {
	CXCursor c, o;
	Loc loc;
	unsigned pb, pe;
} Twin;

static unsigned rangeof(P *p, CXCursor c, unsigned *end)
{
	CXSourceRange r = extentof(p, c);
	*end = offsetof_(clang_getRangeEnd(r), NULL);
	return offsetof_(clang_getRangeStart(r), NULL);
}

/* Does o have text of its own in the input: a nonempty range of the main file that is not all
 * of its parent's? */
static int owntext(P *p, Twin t)
{
	if (clang_Cursor_isNull(t.o))
		return 0;
	CXSourceRange r = extentof(p, t.o);
	CXFile fb, fe;
	unsigned b = offsetof_(clang_getRangeStart(r), &fb);
	unsigned e = offsetof_(clang_getRangeEnd(r), &fe);
	return fb && fe && clang_File_isEqual(fb, p->o.mainfile) &&
	       clang_File_isEqual(fe, p->o.mainfile) && b < e && e <= p->o.mainlen &&
	       !(b == t.pb && e == t.pe);
}

static Loc twinloc(P *p, Twin t)
{
	if (clang_Cursor_isNull(t.o))
		return t.loc;
	Loc l = curloc(p, t.o);
	return l.line > 0 ? l : t.loc;
}

/* t's children, paired with o's where the trees agree. */
typedef struct {
	Twin *t;
	int n;
} TwinKids;

static TwinKids twinkids(P *p, Twin t, int enclosing)
{
	CursorList kc = {.a = p->a}, ko = {.a = p->a};
	clang_visitChildren(t.c, listvisit, &kc);
	if (!clang_Cursor_isNull(t.o))
		clang_visitChildren(t.o, listvisit, &ko);
	int same = kc.n == ko.n;
	for (int i = 0; same && i < kc.n; i++)
		same = clang_getCursorKind(kc.c[i]) == clang_getCursorKind(ko.c[i]);
	TwinKids k = {aalloc(p->a, (size_t)(kc.n ? kc.n : 1) * sizeof(Twin)), kc.n};
	Twin parent = t;
	parent.loc = twinloc(p, t);
	if (enclosing && !clang_Cursor_isNull(t.o))
		parent.pb = rangeof(p, t.o, &parent.pe);
	for (int i = 0; i < kc.n; i++)
		k.t[i] = (Twin){kc.c[i], same ? ko.c[i] : clang_getNullCursor(), parent.loc,
				parent.pb, parent.pe};
	return k;
}

/* Is the identifier name written at offset off of the main file? */
static int spelledat(P *p, long off, const char *name)
{
	size_t n = strlen(name);
	const char *t = p->o.maintext;
	return off >= 0 && (size_t)off + n <= p->o.mainlen && !memcmp(t + off, name, n) &&
	       (off == 0 || !(isalnum((unsigned char)t[off - 1]) || t[off - 1] == '_')) &&
	       ((size_t)off + n == p->o.mainlen ||
		!(isalnum((unsigned char)t[off + n]) || t[off + n] == '_'));
}

static enum CXChildVisitResult hidvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	P *p = d;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor v = clang_getCursorReferenced(c);
	enum CXCursorKind k = clang_getCursorKind(v);
	if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
	    clang_getCursorKind(clang_getCursorSemanticParent(v)) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile fx, fs;
	unsigned at = offsetof_(l, &fx), so;
	clang_getSpellingLocation(l, &fs, NULL, NULL, &so);
	long spelled = fs && clang_File_isEqual(fs, p->o.mainfile) ? (long)so : -1;
	char *name = cxstr(p->a, clang_getCursorSpelling(v));
	if (!fx || !clang_File_isEqual(fx, p->o.mainfile) ||
	    (spelled == (long)at && spelledat(p, spelled, name)))
		return CXChildVisit_Continue; /* written where it is */
	agrow(p->a, &p->hid, &p->caphid, p->nhid + 1, sizeof *p->hid);
	p->hid[p->nhid++] = (MacroVar){at, spelled, name};
	return CXChildVisit_Continue;
}

static int hidorder(const void *a, const void *b)
{
	unsigned x = ((const MacroVar *)a)->at, y = ((const MacroVar *)b)->at;
	return (x > y) - (x < y);
}

/* The first of the variables macros hide that is called at b or after. */
static int firsthid(const P *p, unsigned b)
{
	int lo = 0, hi = p->nhid;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (p->hid[mid].at < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The user's text where it has its own, else the expanded text. The user's names the
 * variables macros called in it name without showing them, with the expanded text. */
static Src twinsrc(P *p, Twin t)
{
	if (!owntext(p, t) || p->xonly) /* a helper's body: expanded (P.xonly) */
		return srcof(p, &p->x, t.c);
	Src s = srcof(p, &p->o, t.o);
	unsigned e, b = rangeof(p, t.o, &e);
	int lo = firsthid(p, b);
	for (int i = lo; i < p->nhid && p->hid[i].at < e; i++) {
		const MacroVar *h = &p->hid[i];
		if (h->spelled >= (long)b && h->spelled < (long)e &&
		    spelledat(p, h->spelled, h->name))
			continue; /* a macro's argument */
		if (!s.nhidden) {
			Src *x = aalloc(p->a, sizeof *x);
			*x = srcof(p, &p->x, t.c);
			s.expanded = x;
			s.hidden = aalloc(p->a, (size_t)(p->nhid - lo) * sizeof *s.hidden);
		}
		s.hidden[s.nhidden++] = h->name;
	}
	return s;
}

/* The text of t, as twinsrc chooses it: a span read when asked, or (outside the main file)
 * the text itself. */
static void twintext(P *p, Twin t, const Span **span, const char **text)
{
	int own = owntext(p, t);
	const Tu *tu = own ? &p->o : &p->x;
	CXCursor c = own ? t.o : t.c;
	*span = spanof(p, tu, c);
	*text = *span ? NULL : textof(p, tu, c);
}

/* A statement's raw text (twinsrc's), read when asked where its span's tokens are known. */
static void stmtraw(P *p, Stmt *s, Twin t)
{
	unsigned e = 0, b = 0;
	if (owntext(p, t))
		b = rangeof(p, t.o, &e);
	int lo = e ? firsthid(p, b) : p->nhid;
	/* a macro in it may hide a variable (Src.hidden): twinsrc tells, now */
	s->rawread = p->xonly || !s->span || !s->span->toks || (lo < p->nhid && p->hid[lo].at < e);
	if (s->rawread)
		s->raw = twinsrc(p, t);
}

static Expr *expr(P *p, Twin t)
{
	CXCursor c = t.c;
	Expr *e = aalloc(p->a, sizeof *e);
	e->loc = twinloc(p, t);
	enum CXCursorKind k = clang_getCursorKind(c);
	typeinfo(c, e);
	twintext(p, t, &e->span, &e->flat);
	/* a pointer or an array is never a number: not evaluated (clang would walk all of it,
	 * for each operand of a long chain again) */
	CXEvalResult ev = e->isptr ? NULL : clang_Cursor_Evaluate(c);
	if (ev) {
		CXEvalResultKind ek = clang_EvalResult_getKind(ev);
		if (ek == CXEval_Int || ek == CXEval_Float) {
			e->kind = E_NUM;
			e->isint = ek == CXEval_Int;
			if (!e->isint)
				e->num = clang_EvalResult_getAsDouble(ev);
			else if (clang_EvalResult_isUnsignedInt(ev)) /* (size_t)-1 reads as -1 */
				e->ival = (int64_t)clang_EvalResult_getAsUnsigned(ev);
			else
				e->ival = clang_EvalResult_getAsLongLong(ev);
			if (e->isint)
				e->num = (double)e->ival;
			clang_EvalResult_dispose(ev);
			/* a constant variable: its name, in case a folded loop header was its only use */
			CXCursor d = clang_getCursorReferenced(c);
			if (clang_getCursorKind(d) == CXCursor_VarDecl &&
			    clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
				    CXCursor_FunctionDecl) {
				e->name = cxstr(p->a, clang_getCursorSpelling(d));
				e->isglobal = 1;
			}
			return e;
		}
		clang_EvalResult_dispose(ev);
	}
	int wrapper = k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
		      k == CXCursor_CStyleCastExpr;
	TwinKids kid = twinkids(p, t, !wrapper);
	switch (k) {
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
		/* implicit conversions, parentheses and casts: the operand (the last child; a cast's
		 * first may be its type), typed as the outer expression */
		if (kid.n >= 1 && isexprkind(kid.t[kid.n - 1].c)) {
			Expr *in = expr(p, kid.t[kid.n - 1]);
			if (e->isptr && in->kind != E_NUM) {
				in->isptr = 1;
				if (k == CXCursor_CStyleCastExpr || !in->elemsize)
					in->elemsize = e->elemsize;
			}
			if (!e->isptr && (e->intbits || in->intbits)) {
				in->intbits = e->intbits;
				in->isunsigned = e->isunsigned;
			}
			return in;
		}
		break;
	case CXCursor_DeclRefExpr: {
		e->kind = E_VAR;
		e->name = cxstr(p->a, clang_getCursorSpelling(c));
		CXCursor d = clang_getCursorReferenced(c);
		e->isglobal = clang_getCursorKind(d) == CXCursor_VarDecl &&
			      clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
				      CXCursor_FunctionDecl;
		return e;
	}
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		if (kid.n != 2)
			break;
		opspell(p, c, kid.t[0].c, kid.t[1].c, 1, e->op);
		if (!e->op[0])
			break;
		e->kind = E_BIN;
		e->a = expr(p, kid.t[0]);
		e->b = expr(p, kid.t[1]);
		e->loc = e->a->loc;
		return e;
	case CXCursor_UnaryOperator:
		if (kid.n != 1)
			break;
		opspell(p, c, kid.t[0].c, kid.t[0].c, 0, e->op);
		if (!e->op[0])
			break;
		e->kind = E_UN;
		e->a = expr(p, kid.t[0]);
		return e;
	case CXCursor_ConditionalOperator:
		if (kid.n != 3)
			break;
		e->kind = E_COND;
		e->a = expr(p, kid.t[0]);
		e->b = expr(p, kid.t[1]);
		e->c = expr(p, kid.t[2]);
		return e;
	case CXCursor_MemberRefExpr: {
		if (kid.n != 1)
			break;
		e->kind = E_MEMBER;
		e->name = cxstr(p->a, clang_getCursorSpelling(c));
		e->a = expr(p, kid.t[0]);
		CXType bt = clang_getCanonicalType(clang_getCursorType(kid.t[0].c));
		e->arrow = bt.kind == CXType_Pointer;
		return e;
	}
	case CXCursor_ArraySubscriptExpr:
		if (kid.n != 2)
			break;
		e->kind = E_INDEX;
		e->a = expr(p, kid.t[0]);
		e->b = expr(p, kid.t[1]);
		return e;
	case CXCursor_InitListExpr:
		e->kind = E_INIT;
		e->narg = kid.n;
		e->arg = aalloc(p->a, (size_t)(kid.n ? kid.n : 1) * sizeof(Expr *));
		for (int i = 0; i < kid.n; i++)
			e->arg[i] = expr(p, kid.t[i]);
		return e;
	case CXCursor_CallExpr: {
		CXCursor callee = clang_getCursorReferenced(c);
		int n = clang_Cursor_getNumArguments(c);
		if (clang_Cursor_isNull(callee) ||
		    clang_getCursorKind(callee) != CXCursor_FunctionDecl || n < 0)
			break;
		e->kind = E_CALL;
		e->name = cxstr(p->a, clang_getCursorSpelling(callee));
		e->src = twinsrc(p, t);
		e->narg = n;
		e->arg = aalloc(p->a, (size_t)(n ? n : 1) * sizeof(Expr *));
		/* the arguments are the call's children after its callee */
		Twin self = t;
		self.loc = e->loc;
		if (!clang_Cursor_isNull(t.o))
			self.pb = rangeof(p, t.o, &self.pe);
		int paired = !clang_Cursor_isNull(t.o) && clang_Cursor_getNumArguments(t.o) == n;
		for (int i = 0; i < n; i++) {
			Twin a = {clang_Cursor_getArgument(c, (unsigned)i),
				  paired ? clang_Cursor_getArgument(t.o, (unsigned)i) :
					   clang_getNullCursor(),
				  self.loc, self.pb, self.pe};
			e->arg[i] = expr(p, a);
			e->arg[i]->src = twinsrc(p, a);
		}
		if ((e->coll = collective(e->name, n)) != NKIND)
			e->call = CALL_COLLECTIVE;
		else if (strcmp(e->name, "dagcc_alloc_async") == 0 && n == 2)
			e->call = CALL_ALLOC;
		else if (strcmp(e->name, "dagcc_free_async") == 0 && n == 2)
			e->call = CALL_FREE;
		else if (strcmp(e->name, "dagcc_p2p_begin") == 0 && n == 2)
			e->call = CALL_P2PBEGIN;
		else if (strcmp(e->name, "dagcc_p2p_end") == 0 && n == 2)
			e->call = CALL_P2PEND;
		else if ((e->fn = computefn(p, callee)))
			e->call = CALL_COMPUTE;
		else
			e->helper = helperof(p, callee);
		return e;
	}
	default:
		break;
	}
	e->kind = E_OTHER;
	e->inert = k == CXCursor_StringLiteral || k == CXCursor_CharacterLiteral ||
		   k == CXCursor_UnaryExpr || k == CXCursor_GNUNullExpr;
	return e;
}

static Stmt *stmt(P *p, Twin t);

static Stmt *newstmt(P *p, StmtKind kind, Twin t)
{
	Stmt *s = aalloc(p->a, sizeof *s);
	s->kind = kind;
	s->loc = twinloc(p, t);
	twintext(p, t, &s->span, &s->flat);
	if (kind != S_BLOCK && kind != S_FOR)
		stmtraw(p, s, t);
	else
		s->rawread = 1; /* none */
	return s;
}

static void addkid(P *p, Stmt *b, Stmt *k, int *cap)
{
	agrow(p->a, &b->kid, cap, b->nkid + 1, sizeof(Stmt *));
	b->kid[b->nkid++] = k;
}

static Stmt *block(P *p, Twin t)
{
	Stmt *b = newstmt(p, S_BLOCK, t);
	TwinKids kid = twinkids(p, t, 1);
	int cap = 0;
	for (int i = 0; i < kid.n; i++) {
		Stmt *s = stmt(p, kid.t[i]);
		if (s)
			addkid(p, b, s, &cap);
	}
	return b;
}

/* One VarDecl: a declaration statement of its own (st: the declaration statement). */
static Stmt *vardecl(P *p, Twin t, Twin st)
{
	Stmt *s = newstmt(p, S_DECL, t);
	twintext(p, st, &s->span, &s->flat);
	stmtraw(p, s, st);
	s->var = cxstr(p->a, clang_getCursorSpelling(t.c));
	CXType type = clang_getCursorType(t.c);
	CXType ct = clang_getCanonicalType(type);
	s->isptr = ct.kind == CXType_Pointer || ct.kind == CXType_ConstantArray ||
		   ct.kind == CXType_IncompleteArray;
	if (ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray)
		s->isarray = clang_getCanonicalType(clang_getArrayElementType(ct)).kind ==
					     CXType_Pointer ?
				     2 :
				     1;
	TwinKids k = twinkids(p, t, 1);
	for (int i = 0; i < k.n; i++)
		if (isexprkind(k.t[i].c))
			s->init = expr(p, k.t[i]);
	return s;
}

static Stmt *stmt(P *p, Twin t)
{
	CXCursor c = t.c;
	enum CXCursorKind k = clang_getCursorKind(c);
	TwinKids kid = twinkids(p, t, 1);
	switch (k) {
	case CXCursor_NullStmt:
		return NULL;
	case CXCursor_BreakStmt:
		return newstmt(p, S_BREAK, t);
	case CXCursor_ContinueStmt:
		return newstmt(p, S_CONTINUE, t);
	case CXCursor_CompoundStmt:
		return block(p, t);
	case CXCursor_UnexposedStmt: /* a loop under #pragma unroll: the loop (the body is rescheduled) */
		if (kid.n == 1 && (clang_getCursorKind(kid.t[0].c) == CXCursor_ForStmt ||
				   clang_getCursorKind(kid.t[0].c) == CXCursor_WhileStmt ||
				   clang_getCursorKind(kid.t[0].c) == CXCursor_DoStmt))
			return stmt(p, kid.t[0]);
		return newstmt(p, S_OTHER, t);
	case CXCursor_DeclStmt: {
		Stmt *b = newstmt(p, S_BLOCK, t);
		b->var = ""; /* a declaration group: its names belong to the enclosing block */
		int cap = 0;
		for (int i = 0; i < kid.n; i++)
			if (clang_getCursorKind(kid.t[i].c) == CXCursor_VarDecl)
				addkid(p, b, vardecl(p, kid.t[i], t), &cap);
			else
				addkid(p, b, newstmt(p, S_OTHER, t), &cap);
		return b;
	}
	case CXCursor_ForStmt: {
		/* libclang omits absent parts; find each by where it sits among the header's ';'
		 * (in x, where every token is real) */
		Stmt *s = newstmt(p, S_FOR, t);
		CXToken *tok;
		unsigned n;
		clang_tokenize(p->x.tu, extentof(p, c), &tok, &n);
		unsigned semi[2] = {0, 0}, nsemi = 0, depth = 0;
		for (unsigned i = 0; i < n && nsemi < 2; i++) {
			CXString ts = clang_getTokenSpelling(p->x.tu, tok[i]);
			const char *tx = clang_getCString(ts);
			if (strcmp(tx, "(") == 0)
				depth++;
			else if (strcmp(tx, ")") == 0)
				depth--;
			else if (depth == 1 && strcmp(tx, ";") == 0)
				semi[nsemi++] =
					offsetof_(clang_getTokenLocation(p->x.tu, tok[i]), NULL);
			clang_disposeString(ts);
		}
		clang_disposeTokens(p->x.tu, tok, n);
		if (nsemi != 2 || kid.n < 1 || kid.n > 4) {
			s->kind = S_OTHER;
			s->owns = 2;
			stmtraw(p, s, t);
			return s;
		}
		s->body = stmt(p, kid.t[kid.n - 1]);
		if (!s->body)
			s->body = newstmt(p, S_BLOCK, t);
		for (int i = 0; i < kid.n - 1; i++) {
			Twin kt = kid.t[i];
			unsigned off = offsetof_(clang_getRangeStart(extentof(p, kt.c)), NULL);
			if (off < semi[0]) {
				if (clang_getCursorKind(kt.c) == CXCursor_DeclStmt) {
					TwinKids d = twinkids(p, kt, 1);
					if (d.n == 1 &&
					    clang_getCursorKind(d.t[0].c) == CXCursor_VarDecl) {
						Stmt *v = vardecl(p, d.t[0], kt);
						s->var = v->var;
						s->init = v->init;
					}
				} else if (isexprkind(kt.c)) {
					Expr *e = expr(p, kt);
					if (e->kind == E_BIN && strcmp(e->op, "=") == 0 &&
					    e->a->kind == E_VAR) {
						s->var = e->a->name;
						s->init = e->b;
					}
				}
				if (!s->init)
					s->init = expr(p, kt);
			} else if (off < semi[1]) {
				s->cond = expr(p, kt);
			} else {
				s->inc = expr(p, kt);
			}
		}
		return s;
	}
	case CXCursor_IfStmt: {
		Stmt *s = newstmt(p, S_IF, t);
		if (kid.n < 2 || kid.n > 3 || !isexprkind(kid.t[0].c)) {
			s->kind = S_OTHER; /* if with an initializer or a declaration condition */
			return s;
		}
		s->cond = expr(p, kid.t[0]);
		s->body = stmt(p, kid.t[1]);
		s->els = kid.n == 3 ? stmt(p, kid.t[2]) : NULL;
		return s;
	}
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt: {
		/* in a switch: the statement it labels is read, as the switch's body is */
		Stmt *s = newstmt(p, S_OTHER, t);
		if (kid.n)
			s->body = stmt(p, kid.t[kid.n - 1]);
		return s;
	}
	case CXCursor_LabelStmt: {
		/* a barrier; its statement is read only for the jumps and labels in it */
		Stmt *s = newstmt(p, S_OTHER, t);
		s->label = cxstr(p->a, clang_getCursorSpelling(c));
		if (kid.n)
			s->body = stmt(p, kid.t[kid.n - 1]);
		return s;
	}
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_SwitchStmt: {
		/* a barrier; its body is read only to find the collectives in it */
		Stmt *s = newstmt(p, S_OTHER, t);
		s->owns = k == CXCursor_SwitchStmt ? 1 : 2;
		if (kid.n) /* do's body comes first, while's and switch's last */
			s->body = stmt(p, kid.t[k == CXCursor_DoStmt ? 0 : kid.n - 1]);
		return s;
	}
	default:
		if (isexprkind(c)) {
			Stmt *s = newstmt(p, S_EXPR, t);
			s->init = expr(p, t);
			return s;
		}
		return newstmt(p, S_OTHER, t);
	}
}

/* dagcc's include directory: beside the installed binary, else the source tree's. */
static const char *includedir(Arena *a)
{
	char *dir = afmt(a, "%s/../include", exedir());
	if (access(afmt(a, "%s/dagcc.h", dir), R_OK) == 0)
		return dir;
	return DAGCC_SOURCE_INCLUDE_DIR;
}

static int samefile(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

/* A JSON value at *s (end: e), skipped; 0 where it is malformed or cut short (libclang reads a
 * truncated compile_commands.json up to the damage and prints its error, but goes on). */
static int jsonvalue(const char **s, const char *e, int depth)
{
	const char *p = *s;
	while (p < e && isspace((unsigned char)*p))
		p++;
	if (p == e || depth > 256)
		return 0;
	if (*p == '"') {
		for (p++; p < e && *p != '"'; p++)
			if (*p == '\\' && ++p == e)
				return 0;
		if (p == e)
			return 0;
		*s = p + 1;
		return 1;
	}
	if (*p == '[' || *p == '{') {
		char close = *p == '[' ? ']' : '}';
		int obj = *p == '{';
		for (p++;;) {
			while (p < e && isspace((unsigned char)*p))
				p++;
			if (p < e && *p == close) {
				*s = p + 1;
				return 1;
			}
			if (obj) {
				if (!jsonvalue(&p, e, depth + 1))
					return 0;
				while (p < e && isspace((unsigned char)*p))
					p++;
				if (p == e || *p++ != ':')
					return 0;
			}
			if (!jsonvalue(&p, e, depth + 1))
				return 0;
			while (p < e && isspace((unsigned char)*p))
				p++;
			if (p < e && *p == ',' && p + 1 < e) {
				p++;
				continue;
			}
			if (p == e || *p != close)
				return 0;
		}
	}
	const char *b = p;
	while (p < e && (isalnum((unsigned char)*p) || *p == '-' || *p == '+' || *p == '.'))
		p++;
	*s = p;
	return p > b;
}

/* Flags from BUILD_DIR/compile_commands.json for the input: the compiler, -c, -o and the
 * source itself dropped; relative include paths made absolute (they are relative to the
 * command's directory, not ours). */
static void dbflags(P *p, const FrontendOpts *o, const char ***args, int *nargs, int *cap)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(o->builddir, &err);
	if (err != CXCompilationDatabase_NoError)
		fatal("cannot read %s/compile_commands.json", o->builddir);
	const char *path = afmt(p->a, "%s/compile_commands.json", o->builddir);
	size_t jn;
	char *json = readfile(path, &jn);
	const char *js = json;
	int whole = json && jsonvalue(&js, json + jn, 0);
	while (whole && js < json + jn && isspace((unsigned char)*js))
		js++;
	whole &= json && js == json + jn;
	free(json);
	if (!whole) {
		clang_CompilationDatabase_dispose(db);
		fatal("%s is not well-formed JSON (cut short?): regenerate it "
		      "(cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)",
		      path);
	}
	char abs[PATH_MAX];
	const char *key = realpath(o->input, abs) ? abs : o->input;
	CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, key);
	/* the database may offer a command guessed from a neighbour; take only the input's own */
	CXCompileCommand cmd = NULL;
	char *dir = NULL;
	for (unsigned i = 0; cmds && !cmd && i < clang_CompileCommands_getSize(cmds); i++) {
		CXCompileCommand c = clang_CompileCommands_getCommand(cmds, i);
		dir = cxstr(p->a, clang_CompileCommand_getDirectory(c));
		char *file = cxstr(p->a, clang_CompileCommand_getFilename(c));
		if (samefile(file[0] == '/' ? file : afmt(p->a, "%s/%s", dir, file), o->input))
			cmd = c;
	}
	if (!cmd) {
		clang_CompileCommands_dispose(cmds);
		clang_CompilationDatabase_dispose(db);
		fatal("no compile command for %s in %s/compile_commands.json", o->input,
		      o->builddir);
	}
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	static const char *pathflags[] = {"-I", "-isystem", "-iquote", "-idirafter", "-include"};
	for (unsigned i = 1; i < n; i++) {
		char *arg = cxstr(p->a, clang_CompileCommand_getArg(cmd, i));
		if (strcmp(arg, "-c") == 0)
			continue;
		if (strcmp(arg, "-o") == 0) {
			i++;
			continue;
		}
		if (arg[0] != '-') {
			char *full = arg[0] == '/' ? arg : afmt(p->a, "%s/%s", dir, arg);
			if (samefile(full, o->input))
				continue;
		}
		for (size_t f = 0; f < sizeof pathflags / sizeof pathflags[0]; f++) {
			size_t fl = strlen(pathflags[f]);
			if (strncmp(arg, pathflags[f], fl) != 0)
				continue;
			if (arg[fl] == 0 && i + 1 < n) {
				agrow(p->a, args, cap, *nargs + 1, sizeof(char *));
				(*args)[(*nargs)++] = arg;
				arg = cxstr(p->a, clang_CompileCommand_getArg(cmd, ++i));
				if (arg[0] != '/')
					arg = afmt(p->a, "%s/%s", dir, arg);
			} else if (arg[fl] && arg[fl] != '/' && strcmp(pathflags[f], "-I") == 0) {
				arg = afmt(p->a, "-I%s/%s", dir, arg + fl);
			}
			break;
		}
		agrow(p->a, args, cap, *nargs + 1, sizeof(char *));
		(*args)[(*nargs)++] = arg;
	}
	clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
}

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
static const char *printedbody(P *p, CXCursor fn)
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
static int written(P *p, CXCursor body)
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

/* Calls and mentions of functions in a definition (or a variable's initializer). */
typedef struct {
	P *p;
	int from; /* the helper whose body it is, -1 a graph's, -2 another function's */
} Scan;

static enum CXChildVisitResult scanvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Scan *sc = d;
	P *p = sc->p;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k != CXCursor_CallExpr && k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return CXChildVisit_Recurse;
	char *name = cxstr(p->a, clang_getCursorSpelling(ref));
	int i = helperat(p, name);
	if (k == CXCursor_DeclRefExpr) {
		p->hat[i].refs++;
		return CXChildVisit_Recurse;
	}
	p->hat[i].calls++;
	if (sc->from >= -1) {
		agrow(p->a, &p->edge, &p->capedge, p->nedge + 2, sizeof(int));
		p->edge[p->nedge++] = sc->from;
		p->edge[p->nedge++] = i;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult lastvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	*(CXCursor *)d = c;
	return CXChildVisit_Continue;
}

/* Why a helper's body cannot stand in a graph's in its calls' place, or NULL. */
typedef struct {
	P *p;
	CXCursor last; /* the body's last statement */
	const char *why;
} BodyCheck;

static enum CXChildVisitResult checkvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	BodyCheck *b = d;
	switch (clang_getCursorKind(c)) {
	case CXCursor_ReturnStmt: {
		CXCursor kid = clang_getNullCursor();
		clang_visitChildren(c, lastvisit, &kid);
		unsigned e0, e1;
		if (clang_Cursor_isNull(b->last) ||
		    rangeof(b->p, c, &e0) != rangeof(b->p, b->last, &e1))
			b->why = "it returns before its end";
		else if (!clang_Cursor_isNull(kid))
			b->why = "its return statement has an expression";
		break;
	}
	case CXCursor_LabelStmt:
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		b->why = "it has a label or a goto";
		break;
	case CXCursor_VarDecl:
		if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
			b->why = "it has a static local, which each copy would have of its own";
		break;
	case CXCursor_StructDecl:
	case CXCursor_UnionDecl:
	case CXCursor_EnumDecl:
	case CXCursor_TypedefDecl:
		b->why = "it declares a type";
		break;
	default:
		break;
	}
	return b->why ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A helper defined here that a graph reaches: what dagcc needs to inline it, or why not. */
static void readhelper(P *p, HelperAt *at)
{
	Helper *h = at->h;
	CXCursor fn = at->fn;
	h->loc = locof(p, clang_getCursorLocation(fn));
	int n = clang_Cursor_getNumArguments(fn);
	h->nparam = n > 0 ? n : 0;
	h->param = aarray(p->a, (size_t)h->nparam, sizeof *h->param);
	h->ptype = aarray(p->a, (size_t)h->nparam, sizeof *h->ptype);
	h->pisptr = aarray(p->a, (size_t)h->nparam, sizeof *h->pisptr);
	h->pdecl = aarray(p->a, (size_t)h->nparam, sizeof *h->pdecl);
	h->why = NULL;
	for (int k = 0; k < h->nparam; k++) {
		CXCursor a = clang_Cursor_getArgument(fn, (unsigned)k);
		CXType t = clang_getCursorType(a);
		h->param[k] = cxstr(p->a, clang_getCursorSpelling(a));
		h->ptype[k] = cxstr(p->a, clang_getTypeSpelling(t));
		h->pisptr[k] = clang_getCanonicalType(t).kind == CXType_Pointer;
		Stmt *pd = h->pdecl[k] = aalloc(p->a, sizeof(Stmt));
		memset(pd, 0, sizeof *pd);
		pd->kind = S_DECL;
		pd->var = h->param[k];
		pd->isptr = h->pisptr[k];
		if (strpbrk(h->ptype[k], "([") && !h->why)
			h->why = "a parameter's type is not written as a plain declaration's";
	}
	CXCursor last = clang_getNullCursor();
	clang_visitChildren(at->body, lastvisit, &last);
	BodyCheck bc = {p, last, NULL};
	clang_visitChildren(at->body, checkvisit, &bc);
	if (clang_Cursor_isVariadic(fn))
		h->why = "it takes variable arguments";
	else if (clang_getCanonicalType(clang_getResultType(clang_getCursorType(fn))).kind !=
		 CXType_Void)
		h->why = "it returns a value";
	else if (at->refs > at->calls)
		h->why = "its address is taken";
	else if (!written(p, at->body))
		h->why = "its body's braces come from a macro";
	else if (bc.why && !h->why)
		h->why = bc.why;
	if (!h->why)
		at->printed = printedbody(p, fn);
}

/* A helper's body, read as a graph's is (x: x holds it expanded). */
static void readbody(P *p, HelperAt *at, int x)
{
	Helper *h = at->h;
	if (!at->reached || clang_Cursor_isNull(at->body) || h->why)
		return;
	if (!x || clang_Cursor_isNull(at->xbody)) {
		h->why = "dagcc could not read its body with its macros expanded";
		return;
	}
	Twin tw = {at->xbody, at->body, h->loc, 0, 0};
	p->xonly = 1;
	h->body = block(p, tw);
	p->xonly = 0;
	CXCursor last = clang_getNullCursor();
	clang_visitChildren(at->body, lastvisit, &last);
	if (clang_getCursorKind(last) == CXCursor_ReturnStmt && h->body->nkid)
		h->body->nkid--; /* return; at its end */
}

/* The helpers graphs reach: through calls, from the graphs' (edges from -1). */
static void reach(P *p)
{
	for (int more = 1; more;) {
		more = 0;
		for (int e = 0; e < p->nedge; e += 2) {
			int from = p->edge[e], to = p->edge[e + 1];
			if ((from < 0 || p->hat[from].reached) && !p->hat[to].reached) {
				p->hat[to].reached = 1;
				more = 1;
			}
		}
	}
	for (int i = 0; i < p->nhat; i++)
		if (p->hat[i].reached && !clang_Cursor_isNull(p->hat[i].body))
			readhelper(p, &p->hat[i]);
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
static enum CXErrorCode opentu(CXIndex index, const FrontendOpts *o, const char **args, int nargs,
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

/* Is v an integer expression #if evaluates as C does: integer literals, operators and
 * parentheses, no identifier (which #if would read as 0), no floating literal? */
static int ppint(const char *v)
{
	int digits = 0;
	for (const char *c = v; *c;) {
		if (isdigit((unsigned char)*c)) {
			int hex = c[0] == '0' && (c[1] == 'x' || c[1] == 'X');
			c += hex ? 2 : 0;
			while (hex ? isxdigit((unsigned char)*c) : isdigit((unsigned char)*c))
				c++;
			while (*c == 'u' || *c == 'U' || *c == 'l' || *c == 'L')
				c++;
			if (isalnum((unsigned char)*c) || *c == '.' || *c == '_')
				return 0;
			digits = 1;
		} else if (strchr(" \t()+-*/%<>=!&|^~?:", *c))
			c++;
		else
			return 0;
	}
	return digits;
}

typedef struct {
	P *p;
	const char **name; /* the candidates, by number */
	int *line;
	Macros *m;
} MacroCtx;

static enum CXChildVisitResult macrovar(CXCursor c, CXCursor parent, CXClientData data)
{
	MacroCtx *mc = data;
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	char *name = cxstr(mc->p->a, clang_getCursorSpelling(c));
	if (strncmp(name, "dagcc_macro_", 12))
		return CXChildVisit_Continue;
	int k = atoi(name + 12);
	CXEvalResult r = clang_Cursor_Evaluate(c);
	if (!r)
		return CXChildVisit_Continue;
	if (clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
		const char *v = clang_EvalResult_getAsStr(r);
		if (v && strcmp(v, mc->name[k]) && ppint(v)) {
			Macros *m = mc->m;
			agrow(m->arena, &m->macro, &m->cap, m->nmacro + 1, sizeof *m->macro);
			m->macro[m->nmacro++] = (Macro){astrdup(m->arena, mc->name[k]),
							astrdup(m->arena, v), mc->line[k]};
		}
	}
	clang_EvalResult_dispose(r);
	return CXChildVisit_Continue;
}

/* The macros graph bodies name whose expansion, at the end of the input, is an integer
 * expression: the loop bounds, counts and sizes a build with other -D flags or headers would
 * change. Read from one more parse of the input, with each name the bodies spell stringified
 * after its last line (a name that is no object-like macro stringifies to itself). */
static void macrovalues(P *p, CXIndex index, const FrontendOpts *o, const char **args, int nargs,
			const Ast *ast)
{
	const char *t = p->o.maintext;
	MacroCtx mc = {p, NULL, NULL, o->macros};
	int n = 0, cap = 0, capl = 0;
	unsigned lpos = 0; /* the bodies are in file order: lines are counted once */
	int lline = 1;
	for (int i = 0; i < ast->nfn; i++) {
		const GraphFn *g = &ast->fn[i];
		for (unsigned k = g->begin; k < g->end && k < p->o.mainlen;) {
			char c = t[k];
			if (c == '/' && t[k + 1] == '/') {
				while (k < g->end && t[k] != '\n')
					k++;
			} else if (c == '/' && t[k + 1] == '*') {
				for (k += 2; k + 1 < g->end && !(t[k] == '*' && t[k + 1] == '/');
				     k++)
					;
				k += 2;
			} else if (c == '"' || c == '\'') {
				for (k++; k < g->end && t[k] != c; k++)
					k += t[k] == '\\';
				k++;
			} else if (isalpha((unsigned char)c) || c == '_') {
				unsigned e = k;
				while (e < g->end && (isalnum((unsigned char)t[e]) || t[e] == '_'))
					e++;
				char *id = astrndup(p->a, t + k, e - k);
				int seen = 0;
				for (int j = 0; j < n && !seen; j++)
					seen = !strcmp(mc.name[j], id);
				if (!seen) {
					agrow(p->a, &mc.name, &cap, n + 1, sizeof *mc.name);
					agrow(p->a, &mc.line, &capl, n + 1, sizeof *mc.line);
					for (; lpos < k; lpos++)
						lline += t[lpos] == '\n';
					mc.line[n] = lline;
					mc.name[n++] = id;
				}
				k = e;
			} else if (isdigit((unsigned char)c)) {
				while (k < g->end && (isalnum((unsigned char)t[k]) || t[k] == '.'))
					k++;
			} else
				k++;
		}
	}
	if (!n)
		return;
	Buf b = {0};
	bput(&b, t, p->o.mainlen);
	bputs(&b, "\n#define dagcc_str_(x) #x\n#define dagcc_xstr_(x) dagcc_str_(x)\n");
	for (int k = 0; k < n; k++)
		bprintf(&b,
			"#ifdef %s\nstatic const char *dagcc_macro_%d = dagcc_xstr_(%s);\n#endif\n",
			mc.name[k], k, mc.name[k]);
	struct CXUnsavedFile u = {o->input, b.s, (unsigned long)b.len};
	Tu tu = {0};
	if (opentu(index, o, args, nargs, &u, &tu, CXTranslationUnit_None) == CXError_Success)
		clang_visitChildren(clang_getTranslationUnitCursor(tu.tu), macrovar, &mc);
	if (tu.tu)
		clang_disposeTranslationUnit(tu.tu);
	bfree(&b);
}

/* The parser's flags: dagcc's include directory, the build's and the user's; with
 * -D__DAGCC__ when dagcc reads the input (not when it checks its output). */
static const char **parseflags(P *p, const FrontendOpts *o, int dagcc, int *nargs)
{
	const char **args = NULL;
	int cap = 0;
	*nargs = 0;
	agrow(p->a, &args, &cap, 4, sizeof(char *));
	if (dagcc)
		args[(*nargs)++] = "-D__DAGCC__";
	args[(*nargs)++] = "-I";
	args[(*nargs)++] = includedir(p->a);
	if (o->builddir)
		dbflags(p, o, &args, nargs, &cap);
	for (int i = 0; i < o->nargs; i++) {
		agrow(p->a, &args, &cap, *nargs + 1, sizeof(char *));
		args[(*nargs)++] = o->args[i];
	}
	return args;
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

/* The errors clang finds in text, compiled as the input (without __DAGCC__): how many (-1: it
 * cannot be parsed), reported with what prefixes and suffixes each message if report. */
static int errors(const FrontendOpts *o, const char *text, size_t len, int report, const char *pre,
		  const char *post)
{
	Arena *a = arena_new();
	P p = {.a = a, .file = o->input};
	int nargs;
	const char **args = parseflags(&p, o, 0, &nargs);
	CXIndex index = clang_createIndex(0, 0);
	struct CXUnsavedFile u = {o->input, text, (unsigned long)len};
	Tu t = {0};
	int n = opentu(index, o, args, nargs, &u, &t, CXTranslationUnit_None) == CXError_Success ?
			0 :
			-1;
	for (unsigned i = 0; n >= 0 && i < clang_getNumDiagnostics(t.tu); i++) {
		CXDiagnostic d = clang_getDiagnostic(t.tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			unsigned line, col;
			clang_getPresumedLocation(clang_getDiagnosticLocation(d), NULL, &line,
						  &col);
			char *msg = cxstr(a, clang_getDiagnosticSpelling(d));
			if (report)
				error((Loc){o->input, (int)line, (int)col}, "%s%s%s", pre, msg,
				      post);
			n++;
		}
		clang_disposeDiagnostic(d);
	}
	if (t.tu)
		clang_disposeTranslationUnit(t.tu);
	clang_disposeIndex(index);
	arena_free(a);
	return n;
}

/* Does out, the overlapped form of the input src, compile with the input's flags? clang's errors
 * are reported (at the input's lines, through the #line directives dagcc writes): as the
 * input's own when the input does not compile either (outside dagcc, the DSL's calls are
 * macros: a collective's bare name is no function), else as dagcc's. */
int compiles(const FrontendOpts *o, const char *out, size_t outlen, const char *src, size_t srclen)
{
	if (errors(o, out, outlen, 0, "", "") == 0)
		return 1;
	if (errors(o, src, srclen, 1, "", " (the program does not compile without dagcc either)") >
	    0)
		return 0;
	if (errors(o, out, outlen, 1, "the overlapped program would not compile: ",
		   " (a dagcc bug: please report it, with this file)") < 0)
		error((Loc){o->input, 0, 0},
		      "the overlapped program cannot be parsed (a dagcc bug: please report it, with this file)");
	return 0;
}
