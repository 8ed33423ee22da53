/* span.c - where cursors lie in the input: their extents (clang's, corrected), locations,
 * spans and text, and the tokens of graph bodies that Src marks. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

char *cxstr(Arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	char *r = astrdup(a, c ? c : "");
	clang_disposeString(s);
	return r;
}

Loc locof(P *p, CXSourceLocation l)
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
CXSourceRange extentof(P *p, CXCursor c)
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

Loc curloc(P *p, CXCursor c)
{
	return locof(p, clang_getRangeStart(extentof(p, c)));
}

unsigned offsetof_(CXSourceLocation l, CXFile *f)
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
const Span *spanof(P *p, const Tu *t, CXCursor c)
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
const char *textof(P *p, const Tu *t, CXCursor c)
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
 * brace. Switches nest to any depth (a fixed stack of 64 left the 65th and deeper unmarked and
 * gave their defaults to the 64th). */
static void markswitches(Arena *a, Src *s, const Tok *tok, int n, unsigned base)
{
	struct Open {
		int depth, lo, hi, dflt;
	} *open = NULL;
	size_t capopen = 0;
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
		if (ready && istok(t, o, l, "{")) {
			agrowz(NULL, &open, &capopen, (size_t)nopen + 1, sizeof *open);
			open[nopen++] = (struct Open){depth + 1, lo, hi, 0};
		}
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
	free(open);
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
Src srcof(P *p, const Tu *tu, CXCursor c)
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
void bodytokens(P *p, Tu *t, CXCursor c)
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
void keeptext(P *p, Tu *t)
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
