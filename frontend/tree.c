/* tree.c - the frontend's tree of a graph body: a cursor of the input as written and its twin
 * in the expanded input, walked in step, into Expr and Stmt nodes. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

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

unsigned rangeof(P *p, CXCursor c, unsigned *end)
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

enum CXChildVisitResult hidvisit(CXCursor c, CXCursor parent, CXClientData d)
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

int hidorder(const void *a, const void *b)
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
	if (kind != S_BLOCK) /* a for loop's: the text of a loop run as written */
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

Stmt *block(P *p, Twin t)
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
						s->isptr = v->isptr;
						s->vartype = cxstr(
							p->a,
							clang_getTypeSpelling(
								clang_getCursorType(d.t[0].c)));
						s->init = v->init;
					}
				} else if (isexprkind(kt.c)) {
					Expr *e = expr(p, kt);
					if (e->kind == E_BIN && strcmp(e->op, "=") == 0 &&
					    e->a->kind == E_VAR) {
						TwinKids lhs = twinkids(p, kt, 1);
						s->var = e->a->name;
						s->isptr = e->a->isptr;
						if (lhs.n)
							s->vartype = cxstr(
								p->a, clang_getTypeSpelling(
									      clang_getCursorType(
										      lhs.t[0].c)));
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
