/* ast.c - libclang: a C file into the frontend's tree of each DAGCC_GRAPH body.
 *
 * This is the only file that includes clang-c/Index.h. It parses the input with the user's flags
 * (and dagcc's own include directory), prints clang's diagnostics, reads the annotations of graph
 * and compute functions, and copies each graph body into arena-allocated Stmt and Expr nodes:
 * expressions clang can fold to an integer become numbers, everything else keeps its shape and
 * source text. Nothing from libclang survives the return of parseast(), which fails only when
 * clang could not parse the file; mistakes in annotations are reported and their functions
 * marked, so the graphs can still be checked for more. */
#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ast.h"

#ifndef DAGCC_SOURCE_INCLUDE_DIR
#define DAGCC_SOURCE_INCLUDE_DIR ""
#endif

typedef struct {
	Arena *a;
	CXTranslationUnit tu;
	CXFile mainfile;
	const char *maintext;
	size_t mainlen;
	const char *file; /* the input as the user named it */
	/* compute functions seen, by canonical declaration */
	struct Seen {
		CXCursor canon;
		Fn *fn;
	} *seen;
	int nseen, capseen;
	/* the translation unit's named types, for sizeof in cost annotations */
	struct Type {
		const char *name; /* "bf16", "struct model" */
		int64_t size;
	} *type;
	int ntype, captype, typesread;
} P;

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
	if (f && !clang_File_isEqual(f, p->mainfile))
		loc.file = cxstr(p->a, clang_getFileName(f));
	return loc;
}

static Loc curloc(P *p, CXCursor c)
{
	return locof(p, clang_getRangeStart(clang_getCursorExtent(c)));
}

static unsigned offsetof_(CXSourceLocation l, CXFile *f)
{
	unsigned off;
	clang_getExpansionLocation(l, f, NULL, NULL, &off);
	return off;
}

/* The source text of a cursor, whitespace runs collapsed to one space. */
static const char *textof(P *p, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile fb, fe;
	unsigned b = offsetof_(clang_getRangeStart(r), &fb);
	unsigned e = offsetof_(clang_getRangeEnd(r), &fe);
	Buf buf = {0};
	if (fb && fe && clang_File_isEqual(fb, p->mainfile) && clang_File_isEqual(fe, p->mainfile) &&
	    b <= e && e <= p->mainlen) {
		int space = 0;
		for (unsigned i = b; i < e; i++) {
			if (isspace((unsigned char)p->maintext[i])) {
				space = 1;
				continue;
			}
			if (space && buf.len)
				bput(&buf, " ", 1);
			space = 0;
			bput(&buf, &p->maintext[i], 1);
		}
	} else {
		CXToken *tok;
		unsigned n;
		clang_tokenize(p->tu, r, &tok, &n);
		for (unsigned i = 0; i < n; i++) {
			CXString s = clang_getTokenSpelling(p->tu, tok[i]);
			if (i)
				bput(&buf, " ", 1);
			bputs(&buf, clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeTokens(p->tu, tok, n);
	}
	const char *t = astrdup(p->a, buf.s ? buf.s : "");
	bfree(&buf);
	return t;
}

/* The raw text of a cursor in the main file, with its identifiers marked (see Src). */
static Src srcof(P *p, CXCursor c)
{
	Src s = {"", NULL, NULL, 0};
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile fb, fe;
	unsigned b = offsetof_(clang_getRangeStart(r), &fb);
	unsigned e = offsetof_(clang_getRangeEnd(r), &fe);
	if (!fb || !fe || !clang_File_isEqual(fb, p->mainfile) || !clang_File_isEqual(fe, p->mainfile) ||
	    b > e || e > p->mainlen)
		return s;
	while (e > b && (p->maintext[e - 1] == ';' || isspace((unsigned char)p->maintext[e - 1])))
		e--;
	s.text = astrndup(p->a, p->maintext + b, e - b);
	CXToken *tok;
	unsigned n;
	clang_tokenize(p->tu, r, &tok, &n);
	s.off = aalloc(p->a, (n + 1) * sizeof(int));
	s.len = aalloc(p->a, (n + 1) * sizeof(int));
	int member = 0;
	for (unsigned i = 0; i < n; i++) {
		CXTokenKind k = clang_getTokenKind(tok[i]);
		CXString sp = clang_getTokenSpelling(p->tu, tok[i]);
		const char *t = clang_getCString(sp);
		CXFile f;
		unsigned off = offsetof_(clang_getTokenLocation(p->tu, tok[i]), &f);
		if (k == CXToken_Identifier && !member && f && clang_File_isEqual(f, p->mainfile) &&
		    off >= b && off + strlen(t) <= e && !memcmp(p->maintext + off, t, strlen(t))) {
			s.off[s.nid] = (int)(off - b);
			s.len[s.nid] = (int)strlen(t);
			s.nid++;
		}
		member = k == CXToken_Punctuation && (!strcmp(t, ".") || !strcmp(t, "->"));
		clang_disposeString(sp);
	}
	clang_disposeTokens(p->tu, tok, n);
	return s;
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
	case CXCursor_TypedefDecl: tag = ""; break;
	case CXCursor_StructDecl: tag = "struct "; break;
	case CXCursor_UnionDecl: tag = "union "; break;
	case CXCursor_EnumDecl: tag = "enum "; break;
	default: return CXChildVisit_Continue;
	}
	long long size = clang_Type_getSizeOf(clang_getCursorType(c));
	CXString s = clang_getCursorSpelling(c);
	const char *name = clang_getCString(s);
	if (size >= 0 && name && *name && !strchr(name, ' ')) {
		agrow(p->a, &p->type, &p->captype, p->ntype + 1, sizeof(struct Type));
		p->type[p->ntype++] = (struct Type){afmt(p->a, "%s%s", tag, name), size};
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
		clang_visitChildren(clang_getTranslationUnitCursor(p->tu), typevisit, p);
		p->typesread = 1;
	}
	for (int i = 0; i < p->ntype; i++)
		if (strcmp(p->type[i].name, norm) == 0)
			return p->type[i].size;
	return -1;
}

typedef struct {
	P *p;
	Fn *fn;
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
	CXSourceRange r = clang_getCursorExtent(attr);
	CXFile f;
	unsigned b = offsetof_(clang_getRangeStart(r), &f);
	Loc loc = curloc(p, attr);
	if (!f || !clang_File_isEqual(f, p->mainfile) || b >= p->mainlen)
		return loc;
	const char *s = p->maintext, *end = s + p->mainlen;
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

/* The dtype a compute function computes in, from what its pointer parameters point to: float,
 * double, or a 16-bit type whose name says bf16 or half. -1 when it cannot tell. */
static int elemdtype(CXType t)
{
	CXType e = clang_getPointeeType(t);
	if (e.kind == CXType_Invalid)
		e = clang_getArrayElementType(t);
	CXString sp = clang_getTypeSpelling(e);
	char name[128];
	snprintf(name, sizeof name, "%s", clang_getCString(sp));
	clang_disposeString(sp);
	for (char *c = name; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	switch (clang_getCanonicalType(e).kind) {
	case CXType_Float: return DT_F32;
	case CXType_Double: return DT_F64;
	case CXType_Half:
	case CXType_Float16: return DT_F16;
	case CXType_BFloat16: return DT_BF16;
	default: break;
	}
	if (strstr(name, "bf16") || strstr(name, "bfloat"))
		return DT_BF16;
	if (strstr(name, "half") || strstr(name, "f16") || strstr(name, "fp16"))
		return DT_F16;
	return -1;
}

static enum CXChildVisitResult paramvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	FnCtx *x = d;
	if (clang_getCursorKind(c) != CXCursor_ParmDecl)
		return CXChildVisit_Continue;
	P *p = x->p;
	Fn *fn = x->fn;
	Param *pa = &fn->param[fn->nparam++];
	pa->name = cxstr(p->a, clang_getCursorSpelling(c));
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
		if (fn->ctype < 0)
			fn->ctype = elemdtype(t);
		if (annotation(p, c, "dagcc.inout", NULL))
			pa->mode = ACC_READ | ACC_WRITE;
		else if (annotation(p, c, "dagcc.in", NULL))
			pa->mode = ACC_READ;
		else if (annotation(p, c, "dagcc.out", NULL))
			pa->mode = ACC_WRITE;
		else {
			pa->mode = ACC_READ | ACC_WRITE;
			warning(locof(p, clang_getCursorLocation(c)),
				"pointer parameter '%s' of compute function '%s' has no DAGCC_IN, DAGCC_OUT or DAGCC_INOUT; treated as DAGCC_INOUT",
				pa->name, fn->name);
		}
	}
	return CXChildVisit_Continue;
}

/* The compute function a call refers to, or NULL when the callee is not annotated. */
static Fn *computefn(P *p, CXCursor callee)
{
	CXCursor attr;
	char *text = annotation(p, callee, "dagcc.compute:", &attr);
	if (!text)
		return NULL;
	CXCursor canon = clang_getCanonicalCursor(callee);
	for (int i = 0; i < p->nseen; i++)
		if (clang_equalCursors(p->seen[i].canon, canon))
			return p->seen[i].fn;
	Fn *fn = aalloc(p->a, sizeof *fn);
	fn->ctype = -1;
	fn->name = cxstr(p->a, clang_getCursorSpelling(canon));
	int n = clang_Cursor_getNumArguments(canon);
	fn->param = aalloc(p->a, (size_t)(n > 0 ? n : 1) * sizeof(Param));
	FnCtx x = {p, fn};
	int before = nerrors;
	clang_visitChildren(canon, paramvisit, &x);
	int hasstream = 0;
	for (int i = 0; i < fn->nparam; i++)
		hasstream |= fn->param[i].kind == P_STREAM;
	if (!hasstream)
		error(locof(p, clang_getCursorLocation(canon)),
		      "compute function '%s' has no dagcc_stream_t parameter",
		      fn->name);
	int errpos;
	const char *msg;
	if (!parsecost(p->a, text, &fn->cost, paramindex, fnsizeof, &x, &errpos, &msg))
		error(annloc(p, attr, text, errpos), "%s", msg);
	fn->ok = nerrors == before;
	agrow(p->a, &p->seen, &p->capseen, p->nseen + 1, sizeof(struct Seen));
	p->seen[p->nseen++] = (struct Seen){canon, fn};
	return fn;
}

typedef struct {
	CXCursor c[8];
	int n;
} Kids;

static enum CXChildVisitResult kidvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Kids *k = d;
	if (clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	if (k->n < 8)
		k->c[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

static Kids kidsof(CXCursor c)
{
	Kids k = {.n = 0};
	clang_visitChildren(c, kidvisit, &k);
	return k;
}

static int isexprkind(CXCursor c)
{
	return clang_isExpression(clang_getCursorKind(c));
}

/* The operator token of a binary expression: the first punctuation after its left operand. A
 * unary one: the first token when it starts the expression, else the last (postfix). */
static void opspell(P *p, CXCursor c, CXCursor lhs, int binary, char op[4])
{
	CXToken *tok;
	unsigned n;
	clang_tokenize(p->tu, clang_getCursorExtent(c), &tok, &n);
	op[0] = 0;
	unsigned start = offsetof_(clang_getRangeStart(clang_getCursorExtent(c)), NULL);
	unsigned lhsend = binary ? offsetof_(clang_getRangeEnd(clang_getCursorExtent(lhs)), NULL) : 0;
	for (unsigned i = 0; i < n; i++) {
		if (clang_getTokenKind(tok[i]) != CXToken_Punctuation)
			continue;
		unsigned off = offsetof_(clang_getTokenLocation(p->tu, tok[i]), NULL);
		int take = binary ? off >= lhsend : (i == 0 && off == start) || i == n - 1;
		if (!take)
			continue;
		CXString s = clang_getTokenSpelling(p->tu, tok[i]);
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
	clang_disposeTokens(p->tu, tok, n);
}

static void typeinfo(CXCursor c, Expr *e)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	CXType elem;
	if (t.kind == CXType_Pointer)
		elem = clang_getPointeeType(t);
	else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		elem = clang_getArrayElementType(t);
	else
		return;
	e->isptr = 1;
	long long size = clang_Type_getSizeOf(elem);
	e->elemsize = size > 0 ? size : (clang_getCanonicalType(elem).kind == CXType_Void ? 1 : 0);
}

static NodeKind collective(const char *name, int *nargs)
{
	static const struct {
		const char *name;
		NodeKind kind;
		int nargs;
	} tab[] = {
		{"dagcc_all_reduce", N_ALL_REDUCE, 6},	     {"dagcc_all_gather", N_ALL_GATHER, 6},
		{"dagcc_reduce_scatter", N_REDUCE_SCATTER, 7}, {"dagcc_all_to_all", N_ALL_TO_ALL, 6},
		{"dagcc_broadcast", N_BROADCAST, 6},	     {"dagcc_send", N_SEND, 6},
		{"dagcc_recv", N_RECV, 6},
	};
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strcmp(tab[i].name, name) == 0) {
			*nargs = tab[i].nargs;
			return tab[i].kind;
		}
	return NKIND;
}

static Expr *expr(P *p, CXCursor c)
{
	Expr *e = aalloc(p->a, sizeof *e);
	e->loc = curloc(p, c);
	enum CXCursorKind k = clang_getCursorKind(c);
	typeinfo(c, e);
	CXEvalResult ev = clang_Cursor_Evaluate(c);
	if (ev) {
		CXEvalResultKind ek = clang_EvalResult_getKind(ev);
		if (ek == CXEval_Int || ek == CXEval_Float) {
			e->kind = E_NUM;
			e->isint = ek == CXEval_Int;
			if (!e->isint)
				e->num = clang_EvalResult_getAsDouble(ev);
			else if (clang_EvalResult_isUnsignedInt(ev))
				e->num = (double)clang_EvalResult_getAsUnsigned(ev);
			else
				e->num = (double)clang_EvalResult_getAsLongLong(ev);
			e->text = textof(p, c);
			clang_EvalResult_dispose(ev);
			return e;
		}
		clang_EvalResult_dispose(ev);
	}
	Kids kid = kidsof(c);
	switch (k) {
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
		/* implicit conversions, parentheses and casts: the operand (the last child; a cast's
		 * first may be its type), typed as the outer expression */
		if (kid.n >= 1 && kid.n <= 8 && isexprkind(kid.c[kid.n - 1])) {
			Expr *in = expr(p, kid.c[kid.n - 1]);
			if (e->isptr && in->kind != E_NUM) {
				in->isptr = 1;
				if (k == CXCursor_CStyleCastExpr || !in->elemsize)
					in->elemsize = e->elemsize;
			}
			return in;
		}
		break;
	case CXCursor_DeclRefExpr:
		e->kind = E_VAR;
		e->name = cxstr(p->a, clang_getCursorSpelling(c));
		return e;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		if (kid.n != 2)
			break;
		opspell(p, c, kid.c[0], 1, e->op);
		if (!e->op[0])
			break;
		e->kind = E_BIN;
		e->a = expr(p, kid.c[0]);
		e->b = expr(p, kid.c[1]);
		e->loc = e->a->loc;
		return e;
	case CXCursor_UnaryOperator:
		if (kid.n != 1)
			break;
		opspell(p, c, kid.c[0], 0, e->op);
		if (!e->op[0])
			break;
		e->kind = E_UN;
		e->a = expr(p, kid.c[0]);
		return e;
	case CXCursor_ConditionalOperator:
		if (kid.n != 3)
			break;
		e->kind = E_COND;
		e->a = expr(p, kid.c[0]);
		e->b = expr(p, kid.c[1]);
		e->c = expr(p, kid.c[2]);
		return e;
	case CXCursor_MemberRefExpr: {
		if (kid.n != 1)
			break;
		e->kind = E_MEMBER;
		e->name = cxstr(p->a, clang_getCursorSpelling(c));
		e->a = expr(p, kid.c[0]);
		CXType bt = clang_getCanonicalType(clang_getCursorType(kid.c[0]));
		e->arrow = bt.kind == CXType_Pointer;
		return e;
	}
	case CXCursor_ArraySubscriptExpr:
		if (kid.n != 2)
			break;
		e->kind = E_INDEX;
		e->a = expr(p, kid.c[0]);
		e->b = expr(p, kid.c[1]);
		return e;
	case CXCursor_CallExpr: {
		CXCursor callee = clang_getCursorReferenced(c);
		int n = clang_Cursor_getNumArguments(c);
		if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
		    n < 0)
			break;
		e->kind = E_CALL;
		e->name = cxstr(p->a, clang_getCursorSpelling(callee));
		e->text = textof(p, c);
		e->src = srcof(p, c);
		e->narg = n;
		e->arg = aalloc(p->a, (size_t)(n ? n : 1) * sizeof(Expr *));
		for (int i = 0; i < n; i++) {
			CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
			e->arg[i] = expr(p, a);
			e->arg[i]->src = srcof(p, a);
		}
		int want;
		if ((e->coll = collective(e->name, &want)) != NKIND && n == want)
			e->call = CALL_COLLECTIVE;
		else if (strcmp(e->name, "dagcc_alloc_async") == 0 && n == 2)
			e->call = CALL_ALLOC;
		else if (strcmp(e->name, "dagcc_free_async") == 0 && n == 2)
			e->call = CALL_FREE;
		else if ((e->fn = computefn(p, callee)))
			e->call = CALL_COMPUTE;
		return e;
	}
	default:
		break;
	}
	e->kind = E_OTHER;
	e->text = textof(p, c);
	return e;
}

static Stmt *stmt(P *p, CXCursor c);

static Stmt *newstmt(P *p, StmtKind kind, CXCursor c)
{
	Stmt *s = aalloc(p->a, sizeof *s);
	s->kind = kind;
	s->loc = curloc(p, c);
	s->text = textof(p, c);
	if (kind != S_BLOCK && kind != S_FOR)
		s->src = srcof(p, c);
	return s;
}

static void addkid(P *p, Stmt *b, Stmt *k, int *cap)
{
	agrow(p->a, &b->kid, cap, b->nkid + 1, sizeof(Stmt *));
	b->kid[b->nkid++] = k;
}

typedef struct {
	P *p;
	Stmt *block;
	int cap;
} BlockCtx;

static enum CXChildVisitResult blockvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	BlockCtx *b = d;
	if (clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	Stmt *s = stmt(b->p, c);
	if (s)
		addkid(b->p, b->block, s, &b->cap);
	return CXChildVisit_Continue;
}

static Stmt *block(P *p, CXCursor c)
{
	BlockCtx b = {p, newstmt(p, S_BLOCK, c), 0};
	clang_visitChildren(c, blockvisit, &b);
	return b.block;
}

/* One VarDecl: a declaration statement of its own. */
static Stmt *vardecl(P *p, CXCursor c, CXCursor stmtc)
{
	Stmt *s = newstmt(p, S_DECL, c);
	s->text = textof(p, stmtc);
	s->src = srcof(p, stmtc);
	s->var = cxstr(p->a, clang_getCursorSpelling(c));
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	s->isptr = t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
		   t.kind == CXType_IncompleteArray;
	Kids k = kidsof(c);
	for (int i = 0; i < k.n && i < 8; i++)
		if (isexprkind(k.c[i]))
			s->init = expr(p, k.c[i]);
	return s;
}

static Stmt *stmt(P *p, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	Kids kid = kidsof(c);
	switch (k) {
	case CXCursor_NullStmt:
		return NULL;
	case CXCursor_CompoundStmt:
		return block(p, c);
	case CXCursor_DeclStmt: {
		Stmt *b = newstmt(p, S_BLOCK, c);
		b->var = ""; /* a declaration group: its names belong to the enclosing block */
		int cap = 0;
		for (int i = 0; i < kid.n && i < 8; i++)
			if (clang_getCursorKind(kid.c[i]) == CXCursor_VarDecl)
				addkid(p, b, vardecl(p, kid.c[i], c), &cap);
			else
				addkid(p, b, newstmt(p, S_OTHER, c), &cap);
		if (kid.n > 8)
			addkid(p, b, newstmt(p, S_OTHER, c), &cap);
		return b;
	}
	case CXCursor_ForStmt: {
		/* libclang omits absent parts; find each by where it sits among the header's ';' */
		Stmt *s = newstmt(p, S_FOR, c);
		CXToken *tok;
		unsigned n;
		clang_tokenize(p->tu, clang_getCursorExtent(c), &tok, &n);
		unsigned semi[2] = {0, 0}, nsemi = 0, depth = 0;
		for (unsigned i = 0; i < n && nsemi < 2; i++) {
			CXString ts = clang_getTokenSpelling(p->tu, tok[i]);
			const char *t = clang_getCString(ts);
			if (strcmp(t, "(") == 0)
				depth++;
			else if (strcmp(t, ")") == 0)
				depth--;
			else if (depth == 1 && strcmp(t, ";") == 0)
				semi[nsemi++] = offsetof_(clang_getTokenLocation(p->tu, tok[i]), NULL);
			clang_disposeString(ts);
		}
		clang_disposeTokens(p->tu, tok, n);
		if (nsemi != 2 || kid.n < 1 || kid.n > 4) {
			s->kind = S_OTHER;
			return s;
		}
		s->body = stmt(p, kid.c[kid.n - 1]);
		if (!s->body)
			s->body = newstmt(p, S_BLOCK, c);
		for (int i = 0; i < kid.n - 1; i++) {
			unsigned off = offsetof_(clang_getRangeStart(clang_getCursorExtent(kid.c[i])), NULL);
			if (off < semi[0]) {
				if (clang_getCursorKind(kid.c[i]) == CXCursor_DeclStmt) {
					Kids d = kidsof(kid.c[i]);
					if (d.n == 1 && clang_getCursorKind(d.c[0]) == CXCursor_VarDecl) {
						Stmt *v = vardecl(p, d.c[0], kid.c[i]);
						s->var = v->var;
						s->init = v->init;
					}
				} else if (isexprkind(kid.c[i])) {
					Expr *e = expr(p, kid.c[i]);
					if (e->kind == E_BIN && strcmp(e->op, "=") == 0 && e->a->kind == E_VAR) {
						s->var = e->a->name;
						s->init = e->b;
					}
				}
				if (!s->init)
					s->init = expr(p, kid.c[i]);
			} else if (off < semi[1]) {
				s->cond = expr(p, kid.c[i]);
			} else {
				s->inc = expr(p, kid.c[i]);
			}
		}
		return s;
	}
	case CXCursor_IfStmt: {
		Stmt *s = newstmt(p, S_IF, c);
		if (kid.n < 2 || kid.n > 3 || !isexprkind(kid.c[0])) {
			s->kind = S_OTHER; /* if with an initializer or a declaration condition */
			return s;
		}
		s->cond = expr(p, kid.c[0]);
		s->body = stmt(p, kid.c[1]);
		s->els = kid.n == 3 ? stmt(p, kid.c[2]) : NULL;
		return s;
	}
	default:
		if (isexprkind(c)) {
			Stmt *s = newstmt(p, S_EXPR, c);
			s->init = expr(p, c);
			return s;
		}
		return newstmt(p, S_OTHER, c);
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

/* Flags from BUILD_DIR/compile_commands.json for the input: the compiler, -c, -o and the
 * source itself dropped; relative include paths made absolute (they are relative to the
 * command's directory, not ours). */
static void dbflags(P *p, const FrontendOpts *o, const char ***args, int *nargs, int *cap)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(o->builddir, &err);
	if (err != CXCompilationDatabase_NoError)
		fatal("cannot read %s/compile_commands.json", o->builddir);
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
		fatal("no compile command for %s in %s/compile_commands.json", o->input, o->builddir);
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
	unsigned n = clang_getNumDiagnostics(p->tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(p->tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev != CXDiagnostic_Ignored) {
			CXFile f;
			unsigned line, col;
			clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
			Loc loc = {NULL, (int)line, (int)col};
			if (f)
				loc.file = clang_File_isEqual(f, p->mainfile) ?
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
} TopCtx;

/* A function definition's body: its compound statement child. */
static enum CXChildVisitResult bodyvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)d = c;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult topvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	TopCtx *t = d;
	P *p = t->p;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	computefn(p, c); /* reports a bad compute declaration even when nothing calls it */
	if (!clang_isCursorDefinition(c) || !annotation(p, c, "dagcc.graph", NULL))
		return CXChildVisit_Continue;
	CXCursor body = clang_getNullCursor(); /* after the parameters, however many */
	clang_visitChildren(c, bodyvisit, &body);
	if (!clang_Cursor_isNull(body)) {
		agrow(p->a, &t->ast->fn, &t->cap, t->ast->nfn + 1, sizeof(GraphFn));
		GraphFn *g = &t->ast->fn[t->ast->nfn++];
		g->name = cxstr(p->a, clang_getCursorSpelling(c));
		g->loc = locof(p, clang_getCursorLocation(c));
		g->body = block(p, body);
		CXSourceRange r = clang_getCursorExtent(body);
		g->begin = offsetof_(clang_getRangeStart(r), NULL);
		g->end = offsetof_(clang_getRangeEnd(r), NULL);
	}
	return CXChildVisit_Continue;
}

int parseast(const FrontendOpts *o, Arena *a, Ast *ast)
{
	P p = {.a = a, .file = o->input};
	const char **args = NULL;
	int nargs = 0, cap = 0;
	agrow(a, &args, &cap, 4, sizeof(char *));
	args[nargs++] = "-D__DAGCC__";
	args[nargs++] = "-I";
	args[nargs++] = includedir(a);
	if (o->builddir)
		dbflags(&p, o, &args, &nargs, &cap);
	for (int i = 0; i < o->nargs; i++) {
		agrow(a, &args, &cap, nargs + 1, sizeof(char *));
		args[nargs++] = o->args[i];
	}
	if (access(o->input, R_OK) != 0)
		fatal("cannot read %s", o->input);
	CXIndex index = clang_createIndex(0, 0);
	enum CXErrorCode rc = clang_parseTranslationUnit2(index, o->input, args, nargs, NULL, 0,
							  CXTranslationUnit_None, &p.tu);
	if (rc != CXError_Success || !p.tu) {
		clang_disposeIndex(index);
		fatal("cannot parse %s (libclang error %d)", o->input, (int)rc);
	}
	p.mainfile = clang_getFile(p.tu, o->input);
	size_t len = 0;
	p.maintext = clang_getFileContents(p.tu, p.mainfile, &len);
	p.mainlen = len;
	ast->file = astrdup(a, o->input);
	int before = nerrors;
	printdiags(&p);
	int parsed = nerrors == before;
	if (parsed) {
		TopCtx t = {&p, ast, 0};
		clang_visitChildren(clang_getTranslationUnitCursor(p.tu), topvisit, &t);
	}
	clang_disposeTranslationUnit(p.tu);
	clang_disposeIndex(index);
	return parsed;
}
