/* annot.c - the annotation readers: DAGCC_COMPUTE and its parameters' DAGCC_IN/OUT/INOUT
 * (direction, extent, element size), cost expressions and their sizeof, the dtype of a compute
 * function. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

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

char *annotation(P *p, CXCursor decl, const char *prefix, CXCursor *at)
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
Fn *computefn(P *p, CXCursor callee)
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
