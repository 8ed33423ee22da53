/* costexpr.c - the cost annotation of a compute function: parse once, evaluate at each call.
 *
 * The annotation is the text of DAGCC_COMPUTE(...):
 *
 *   costs   = term { "," term }
 *   term    = ( "flops" | "bytes" | "us" ) "=" expr | "dtype" "=" dtype
 *   dtype   = "f32" | "f16" | "bf16" | "f64" | "i8" | "u8" | "i32" | "i64"
 *   expr    = mul { ( "+" | "-" ) mul }
 *   mul     = unary { ( "*" | "/" | "%" ) unary }
 *   unary   = ( "-" | "+" ) unary | primary
 *   primary = number | param | "sizeof" "(" type ")" | "(" expr ")"
 *
 * A param is a parameter name of the annotated function; a type is resolved by the caller (the
 * frontend knows the translation unit's types). Each term may appear once. Values are doubles;
 * a number is finite. Parentheses and signs nest at most MAXDEPTH deep; a run of "+" and "-" (or
 * of "*", "/" and "%") is a list evaluated in a loop, so neither parsing nor evaluating recurses
 * deeper than that. A declared extent (DAGCC_IN_N(expr) on a parameter) is one expr
 * (parseextent). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

enum { MAXDEPTH = 256 };

struct CostExpr {
	int op; /* 'n' number, 'p' parameter, 'u' negation, 'l' a list: l, then r's links; or in a
		 * link, its binary operator applied to the value so far and l */
	double num;
	int param;
	CostExpr *l, *r;
};

typedef struct {
	Arena *a;
	const char *s, *p;
	ParamLookup param;
	SizeofLookup size;
	void *ctx;
	const char *err;
	const char *errat;
	int depth;
} Parser;

static void skip(Parser *p)
{
	while (isspace((unsigned char)*p->p))
		p->p++;
}

static int fail(Parser *p, const char *at, const char *msg)
{
	if (!p->err) {
		p->err = msg;
		p->errat = at;
	}
	return 0;
}

static int accept(Parser *p, char c)
{
	skip(p);
	if (*p->p != c)
		return 0;
	p->p++;
	return 1;
}

static CostExpr *mk(Parser *p, int op, CostExpr *l, CostExpr *r)
{
	CostExpr *e = aalloc(p->a, sizeof *e);
	e->op = op;
	e->l = l;
	e->r = r;
	return e;
}

static int isident(int c)
{
	return isalnum(c) || c == '_';
}

static CostExpr *expr(Parser *p);

static CostExpr *primary(Parser *p)
{
	skip(p);
	const char *start = p->p;
	if (accept(p, '(')) {
		if (++p->depth > MAXDEPTH) {
			fail(p, start, "cost expression nested too deeply (over 256 levels)");
			return NULL;
		}
		CostExpr *e = expr(p);
		p->depth--;
		if (e && !accept(p, ')')) {
			fail(p, p->p, "expected ')' in cost expression");
			return NULL;
		}
		return e;
	}
	if (isdigit((unsigned char)*p->p) || (*p->p == '.' && isdigit((unsigned char)p->p[1]))) {
		char *end;
		double v = strtod(p->p, &end);
		if (end == p->p || isident((unsigned char)*end)) {
			/* integer suffixes (u, l) are C; allow them after an integer */
			while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
				end++;
			if (isident((unsigned char)*end)) {
				fail(p, start, "invalid number in cost expression");
				return NULL;
			}
		}
		if (!isfinite(v)) {
			fail(p, start, "number out of range in cost expression");
			return NULL;
		}
		p->p = end;
		CostExpr *e = mk(p, 'n', NULL, NULL);
		e->num = v;
		return e;
	}
	if (isalpha((unsigned char)*p->p) || *p->p == '_') {
		while (isident((unsigned char)*p->p))
			p->p++;
		size_t len = (size_t)(p->p - start);
		if (len == 6 && memcmp(start, "sizeof", 6) == 0) {
			if (!accept(p, '(')) {
				fail(p, p->p, "expected '(' after sizeof");
				return NULL;
			}
			skip(p);
			const char *t = p->p;
			int depth = 0;
			while (*p->p && (depth || *p->p != ')')) {
				depth += (*p->p == '(') - (*p->p == ')');
				p->p++;
			}
			const char *te = p->p;
			while (te > t && isspace((unsigned char)te[-1]))
				te--;
			if (!accept(p, ')') || te == t) {
				fail(p, t, "expected a type in sizeof");
				return NULL;
			}
			char *type = astrndup(p->a, t, (size_t)(te - t));
			int64_t size = p->size(p->ctx, type);
			if (size < 0) {
				fail(p, t,
				     afmt(p->a, "unknown type '%s' in cost expression", type));
				return NULL;
			}
			CostExpr *e = mk(p, 'n', NULL, NULL);
			e->num = (double)size;
			return e;
		}
		int i = p->param(p->ctx, start, len);
		if (i < 0) {
			fail(p, start,
			     afmt(p->a,
				  "unknown name '%.*s' in cost expression; use the function's parameter names",
				  (int)len, start));
			return NULL;
		}
		CostExpr *e = mk(p, 'p', NULL, NULL);
		e->param = i;
		return e;
	}
	fail(p, start,
	     *p->p ? "expected an expression in cost annotation" :
		     "unexpected end of cost expression");
	return NULL;
}

static CostExpr *unary(Parser *p)
{
	skip(p);
	const char *at = p->p;
	int neg = accept(p, '-');
	if (!neg && !accept(p, '+'))
		return primary(p);
	if (++p->depth > MAXDEPTH) {
		fail(p, at, "cost expression nested too deeply (over 256 levels)");
		return NULL;
	}
	CostExpr *e = unary(p);
	p->depth--;
	return e && neg ? mk(p, 'u', e, NULL) : e;
}

/* operand { op operand } with ops one of the two or three in ops: a list, or the operand */
static CostExpr *list(Parser *p, const char *ops, CostExpr *(*operand)(Parser *))
{
	CostExpr *e = operand(p), *last = NULL;
	while (e) {
		skip(p);
		int op = *p->p;
		if (!op || !strchr(ops, op))
			break;
		p->p++;
		CostExpr *r = operand(p);
		if (!r)
			return NULL;
		CostExpr *link = mk(p, op, r, NULL);
		if (!last)
			e = mk(p, 'l', e, link);
		else
			last->r = link;
		last = link;
	}
	return e;
}

static CostExpr *mul(Parser *p)
{
	return list(p, "*/%", unary);
}

static CostExpr *expr(Parser *p)
{
	return list(p, "+-", mul);
}

/* dtype = name */
static int dtypeterm(Parser *p, Cost *c, const char *name)
{
	if (c->dtype >= 0)
		return fail(p, name, "'dtype' given twice in cost annotation");
	if (!accept(p, '='))
		return fail(p, p->p, "expected '=' after 'dtype'");
	skip(p);
	const char *t = p->p;
	while (isident((unsigned char)*p->p))
		p->p++;
	for (int d = 0; d < NDTYPE; d++)
		if (strlen(dtypename[d]) == (size_t)(p->p - t) &&
		    !memcmp(dtypename[d], t, (size_t)(p->p - t))) {
			c->dtype = d;
			return 1;
		}
	return fail(p, t,
		    "expected a dtype (f32, f16, bf16, f64, i8, u8, i32, i64) after 'dtype ='");
}

int parsecost(Arena *a, const char *text, Cost *c, ParamLookup param, SizeofLookup size, void *ctx,
	      int *errpos, const char **errmsg)
{
	Parser p = {a, text, text, param, size, ctx, NULL, NULL, 0};
	memset(c, 0, sizeof *c);
	c->dtype = -1;
	skip(&p);
	if (!*p.p)
		fail(&p, p.p, "empty cost annotation; give flops, bytes or us");
	while (!p.err) {
		skip(&p);
		const char *name = p.p;
		while (isident((unsigned char)*p.p))
			p.p++;
		size_t len = (size_t)(p.p - name);
		if (len == 5 && memcmp(name, "dtype", 5) == 0) {
			if (!dtypeterm(&p, c, name))
				break;
		} else {
			CostExpr **slot = NULL;
			if (len == 5 && memcmp(name, "flops", 5) == 0)
				slot = &c->flops;
			else if (len == 5 && memcmp(name, "bytes", 5) == 0)
				slot = &c->bytes;
			else if (len == 2 && memcmp(name, "us", 2) == 0)
				slot = &c->us;
			if (!slot) {
				fail(&p, name,
				     "expected 'flops', 'bytes', 'us' or 'dtype' in cost annotation");
				break;
			}
			if (*slot) {
				fail(&p, name,
				     afmt(a, "'%.*s' given twice in cost annotation", (int)len,
					  name));
				break;
			}
			if (!accept(&p, '=')) {
				fail(&p, p.p, afmt(a, "expected '=' after '%.*s'", (int)len, name));
				break;
			}
			*slot = expr(&p);
			if (!*slot)
				break;
		}
		if (accept(&p, ','))
			continue;
		skip(&p);
		if (*p.p)
			fail(&p, p.p, "expected ',' or the end of the cost annotation");
		break;
	}
	if (p.err) {
		*errpos = (int)(p.errat - text);
		*errmsg = p.err;
		return 0;
	}
	return 1;
}

CostExpr *parseextent(Arena *a, const char *text, ParamLookup param, SizeofLookup size, void *ctx,
		      int *errpos, const char **errmsg)
{
	Parser p = {a, text, text, param, size, ctx, NULL, NULL, 0};
	CostExpr *e = expr(&p);
	skip(&p);
	if (e && *p.p)
		fail(&p, p.p, "expected the end of the extent");
	if (p.err) {
		*errpos = (int)(p.errat - text);
		*errmsg = p.err;
		return NULL;
	}
	return e;
}

/* Returns 0 on division by zero. */
int evalcost(const CostExpr *e, const double *param, double *out)
{
	double l, r = 0;
	switch (e->op) {
	case 'n':
		*out = e->num;
		return 1;
	case 'p':
		*out = param[e->param];
		return 1;
	case 'u':
		if (!evalcost(e->l, param, &l))
			return 0;
		*out = -l;
		return 1;
	case 'l':
		break;
	default:
		die("bad cost operator %d", e->op);
	}
	if (!evalcost(e->l, param, &l))
		return 0;
	for (const CostExpr *k = e->r; k; k = k->r) {
		if (!evalcost(k->l, param, &r))
			return 0;
		switch (k->op) {
		case '+':
			l = l + r;
			break;
		case '-':
			l = l - r;
			break;
		case '*':
			l = l * r;
			break;
		case '/':
			if (r == 0)
				return 0;
			l = l / r;
			break;
		case '%':
			if (r == 0)
				return 0;
			l = fmod(l, r);
			break;
		default:
			die("bad cost operator %d", k->op);
		}
	}
	*out = l;
	return 1;
}

int costuses(const CostExpr *e, int param)
{
	for (; e; e = e->r) /* a list's links along r */
		if (e->op == 'p' ? e->param == param : costuses(e->l, param))
			return 1;
	return 0;
}
