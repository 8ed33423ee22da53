/* helper.c - the helpers graphs call: found by name, reached from the graphs through calls,
 * and read (body and parameters) where they can be inlined, or why not. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* The helper named name: found, or added (not defined here until topvisit says so). */
int helperat(P *p, const char *name)
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
Helper *helperof(P *p, CXCursor callee)
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

enum CXChildVisitResult scanvisit(CXCursor c, CXCursor parent, CXClientData d)
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
void readbody(P *p, HelperAt *at, int x)
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
void reach(P *p)
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
