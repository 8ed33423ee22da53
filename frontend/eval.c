/* eval.c - constant evaluation of integer expressions under the environment (the rank a
 * constant where a reading specializes it), bounds of those that are not constant, and the
 * canonical text of an expression. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

Val notconst(Expr *bad, const char *why)
{
	return (Val){.ok = 0, .bad = bad, .why = why};
}

static Val intval(int64_t v)
{
	return (Val){.ok = 1, .isint = 1, .i = v, .d = (double)v};
}

static void canonform(X *x, Expr *e, Buf *b);

/* v as the C type of e computes it: an unsigned type wraps, a signed one must hold it (the
 * program's own arithmetic would overflow). */
static Val fits(Expr *e, int64_t v)
{
	if (!e->intbits)
		return intval(v);
	int64_t span = (int64_t)1 << e->intbits;
	if (e->isunsigned)
		return intval((int64_t)((uint64_t)v & (uint64_t)(span - 1)));
	if (v < -span / 2 || v >= span / 2)
		return notconst(
			e,
			e->intbits == 32 ?
				"overflows 'int' (C computes it in 32 bits; make an operand 64-bit, e.g. (size_t))" :
				"overflows its C type");
	return intval(v);
}

static Val evalbin(X *x, Expr *e)
{
	const char *op = e->op;
	if (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) {
		Val l = eval(x, e->a);
		if (!l.ok)
			return l;
		int lt = l.isint ? l.i != 0 : l.d != 0;
		if (lt == (op[0] == '|'))
			return intval(lt);
		Val r = eval(x, e->b);
		if (!r.ok)
			return r;
		return intval(r.isint ? r.i != 0 : r.d != 0);
	}
	Val l = eval(x, e->a), r = eval(x, e->b);
	if (!l.ok)
		return l;
	if (!r.ok)
		return r;
	if (strcmp(op, ",") == 0)
		return r;
	if (!l.isint || !r.isint) {
		double a = l.d, b = r.d;
		switch (op[0]) {
		case '+':
			if (!op[1])
				return (Val){1, 0, 0, a + b, 0, 0};
			break;
		case '-':
			if (!op[1])
				return (Val){1, 0, 0, a - b, 0, 0};
			break;
		case '*':
			if (!op[1])
				return (Val){1, 0, 0, a * b, 0, 0};
			break;
		case '/':
			if (!op[1] && b != 0)
				return (Val){1, 0, 0, a / b, 0, 0};
			break;
		case '<':
			if (!op[1])
				return intval(a < b);
			if (op[1] == '=')
				return intval(a <= b);
			break;
		case '>':
			if (!op[1])
				return intval(a > b);
			if (op[1] == '=')
				return intval(a >= b);
			break;
		case '=':
			if (op[1] == '=')
				return intval(a == b);
			break;
		case '!':
			if (op[1] == '=')
				return intval(a != b);
			break;
		}
		return notconst(e, "not a constant expression");
	}
	int64_t a = l.i, b = r.i, v;
	if (strcmp(op, "+") == 0) {
		if (__builtin_add_overflow(a, b, &v))
			return notconst(e, "overflows");
	} else if (strcmp(op, "-") == 0) {
		if (__builtin_sub_overflow(a, b, &v))
			return notconst(e, "overflows");
	} else if (strcmp(op, "*") == 0) {
		if (__builtin_mul_overflow(a, b, &v))
			return notconst(e, "overflows");
	} else if (strcmp(op, "/") == 0 || strcmp(op, "%") == 0) {
		if (b == 0 || (a == INT64_MIN && b == -1))
			return notconst(e, "divides by zero");
		v = op[0] == '/' ? a / b : a % b;
	} else if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) {
		if (b < 0 || b > 62 || a < 0)
			return notconst(e, "shifts out of range");
		if (op[0] == '<') {
			if (a > (INT64_MAX >> b))
				return notconst(e, "overflows");
			v = a << b;
		} else {
			v = a >> b;
		}
	} else if (strcmp(op, "<") == 0)
		v = a < b;
	else if (strcmp(op, "<=") == 0)
		v = a <= b;
	else if (strcmp(op, ">") == 0)
		v = a > b;
	else if (strcmp(op, ">=") == 0)
		v = a >= b;
	else if (strcmp(op, "==") == 0)
		v = a == b;
	else if (strcmp(op, "!=") == 0)
		v = a != b;
	else if (strcmp(op, "&") == 0)
		v = a & b;
	else if (strcmp(op, "|") == 0)
		v = a | b;
	else if (strcmp(op, "^") == 0)
		v = a ^ b;
	else
		return notconst(e, "not a constant expression"); /* assignments */
	return fits(e, v);
}

/* The value an int variable holding old gets from e: i++, i--, i = b, i op= b. */
Val update(X *x, Expr *e, int64_t old)
{
	int64_t v;
	if (e->kind == E_UN)
		return __builtin_add_overflow(old, strstr(e->op, "--") ? -1 : 1, &v) ?
			       notconst(e, "overflows") :
			       fits(e, v);
	if (!strcmp(e->op, "="))
		return eval(x, e->b);
	Expr bin = *e; /* i op= b is i = i op b */
	bin.op[strlen(bin.op) - 1] = 0;
	return evalbin(x, &bin);
}

/* The group a name --rank declares holds the rank in, or NULL. */
const char *rankname(X *x, const char *name)
{
	if (x->binding) /* a helper's parameter: its argument says what it holds */
		return NULL;
	for (int i = 0; i < x->o->nrank; i++)
		if (!strcmp(x->o->rank[i].name, name))
			return x->o->rank[i].group;
	return NULL;
}

/* A rank leaf: the rank in group (size: the group's size) at e. The first one a reading
 * meets fixes the group it specializes on; 0 where the value is not a constant. */
int rankleaf(X *x, Loc loc, const char *group, const char *var, int size, int64_t *out)
{
	Rank *rk = x->rank;
	if (!rk->group) {
		rk->group = astrdup(rk->arena ? rk->arena : x->g->arena, group);
		rk->var = var;
		rk->loc = loc;
	}
	if (strcmp(rk->group, group))
		return 0;
	if (!rk->var)
		rk->var = var; /* the name that holds the rank, to switch on */
	if (rk->val < 0)
		return 0;
	*out = size ? rk->n : rk->val;
	return 1;
}

int isrankcall(const Expr *e)
{
	return e->kind == E_CALL && e->narg == 1 &&
	       (!strcmp(e->name, "dagcc_group_rank") || !strcmp(e->name, "dagcc_group_size"));
}

Val eval(X *x, Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		return e->isint ? intval(e->ival) : (Val){1, 0, 0, e->num, 0, 0};
	case E_VAR: {
		Bind *b = lookup(x, e->name);
		int64_t r;
		if (b && b->kind != B_INT && b->rankgroup &&
		    rankleaf(x, e->loc, b->rankgroup, NULL, 0, &r))
			return intval(r);
		if (b)
			return b->kind == B_INT ? intval(b->value) :
						  notconst(e, "not a constant expression");
		for (int i = 0; i < x->o->nassume; i++)
			if (strcmp(x->o->assume[i].name, e->name) == 0)
				return intval(x->o->assume[i].value);
		const char *group = rankname(x, e->name);
		if (group && rankleaf(x, e->loc, group, e->name, 0, &r))
			return intval(r);
		return notconst(e, "not a constant expression");
	}
	case E_CALL: {
		int64_t r;
		if (isrankcall(e) && rankleaf(x, e->loc, canonstr(x, e->arg[0]), NULL,
					      !strcmp(e->name, "dagcc_group_size"), &r))
			return intval(r);
		return notconst(e, "not a constant expression");
	}
	case E_BIN:
		return evalbin(x, e);
	case E_UN: {
		if (strcmp(e->op, "-") && strcmp(e->op, "+") && strcmp(e->op, "!") &&
		    strcmp(e->op, "~"))
			return notconst(e, "not a constant expression");
		Val v = eval(x, e->a);
		if (!v.ok)
			return v;
		switch (e->op[0]) {
		case '-':
			if (!v.isint)
				return (Val){1, 0, 0, -v.d, 0, 0};
			if (v.i == INT64_MIN)
				return notconst(e, "overflows");
			return intval(-v.i);
		case '!':
			return intval(v.isint ? !v.i : !v.d);
		case '~':
			if (!v.isint)
				return notconst(e, "not a constant expression");
			return intval(~v.i);
		}
		return v;
	}
	case E_COND: {
		Val c = eval(x, e->a);
		if (!c.ok)
			return c;
		return eval(x, (c.isint ? c.i != 0 : c.d != 0) ? e->b : e->c);
	}
	case E_MEMBER: { /* --assume md->n=8192: its canonical path */
		if (!x->o->nassume || e->isptr)
			return notconst(e, "not a constant expression");
		Buf b = {0};
		canonform(x, e, &b);
		for (int i = 0; i < x->o->nassume; i++)
			if (b.s && !strcmp(x->o->assume[i].name, b.s)) {
				bfree(&b);
				return intval(x->o->assume[i].value);
			}
		bfree(&b);
		return notconst(e, "not a constant expression");
	}
	case E_INDEX: {
		Bind *b = e->a->kind == E_VAR ? lookup(x, e->a->name) : NULL;
		if (!b || b->kind != B_INTS)
			return notconst(e, "not a constant expression");
		Val i = eval(x, e->b);
		if (!i.ok)
			return i;
		if (!i.isint || i.i < 0 || i.i >= b->n)
			return notconst(e, "not a constant expression");
		return b->vals[i.i].ok ? b->vals[i.i] : notconst(e, "not a constant expression");
	}
	default:
		return notconst(e, "not a constant expression");
	}
}

/* The canonical text of an expression: constants folded, per-copy locals renamed, so the same
 * object is spelled the same way in every copy and everywhere it is named. */
static void canonbase(X *x, Expr *e, Buf *b);

static void canon(X *x, Expr *e, Buf *b)
{
	Val v = eval(x, e);
	if (v.ok && v.isint) {
		bprintf(b, "%lld", (long long)v.i);
		return;
	}
	canonform(x, e, b);
}

/* canon, e itself not evaluated */
static void canonform(X *x, Expr *e, Buf *b)
{
	if ((e->kind == E_UN && !strcmp(e->op, "*")) || (e->kind == E_INDEX && e->a->isptr)) {
		/* *gp and gp[0] with gp = &md->dp: md->dp */
		Ref r = e->kind == E_UN ? resolve(x, e->a) :
					  offset(x, resolve(x, e->a), e->a, e->b, 1);
		if (r.slot == 1 && r.known && !r.span && !r.off && !r.local) {
			r = load(x, e, r, 0);
			if (r.known && !r.unknown && !r.null && !r.off) {
				bputs(b, r.root);
				return;
			}
		}
	}
	switch (e->kind) {
	case E_VAR: {
		Bind *bd = lookup(x, e->name);
		int path = bd && bd->kind == B_PTR && bd->ref.known && !bd->ref.unknown &&
			   bd->ref.off == 0 && bd->ref.slot != 2;
		if (path && bd->ref.slot) /* the address of a pointer */
			bputs(b, "&");
		bputs(b, path ? bd->ref.root : e->name);
		return;
	}
	case E_BIN:
		bputs(b, "(");
		canon(x, e->a, b);
		bprintf(b, " %s ", e->op);
		canon(x, e->b, b);
		bputs(b, ")");
		return;
	case E_UN:
		if (e->op[0] == 'p') {
			canon(x, e->a, b);
			bputs(b, e->op + 1);
		} else {
			bputs(b, e->op);
			canon(x, e->a, b);
		}
		return;
	case E_MEMBER:
		if (!e->arrow && e->a->kind == E_UN && strcmp(e->a->op, "*") == 0) {
			canon(x, e->a->a, b); /* (*p).f is p->f */
			bprintf(b, "->%s", e->name);
			return;
		}
		canonbase(x, e->a, b);
		bprintf(b, "%s%s", e->arrow ? "->" : ".", e->name);
		return;
	case E_INDEX:
		canonbase(x, e->a, b);
		bputs(b, "[");
		canon(x, e->b, b);
		bputs(b, "]");
		return;
	case E_COND: {
		Val c = eval(x, e->a);
		if (c.ok) {
			canon(x, (c.isint ? c.i != 0 : c.d != 0) ? e->b : e->c, b);
			return;
		}
		break;
	}
	default:
		break;
	}
	bputs(b, exprtext(e));
}

/* A member or subscript's base, parenthesized where a postfix operator would bind tighter. */
static void canonbase(X *x, Expr *e, Buf *b)
{
	int paren = e->kind == E_UN || e->kind == E_COND;
	if (paren)
		bputs(b, "(");
	canon(x, e, b);
	if (paren)
		bputs(b, ")");
}

const char *canonstr(X *x, Expr *e)
{
	Buf b = {0};
	canon(x, e, &b);
	const char *s = astrdup(x->g->arena, b.s ? b.s : "");
	bfree(&b);
	return s;
}

/* Bounds [lo, hi] of an integer expression that is not constant but is bounded: one using
 * dagcc_group_rank(g) or dagcc_group_size(g) of a group of known size. */
int range(X *x, Expr *e, int64_t *lo, int64_t *hi)
{
	Val v = eval(x, e);
	if (v.ok && v.isint) {
		*lo = *hi = v.i;
		return 1;
	}
	if (e->kind == E_CALL && e->narg == 1 &&
	    (!strcmp(e->name, "dagcc_group_rank") || !strcmp(e->name, "dagcc_group_size"))) {
		int64_t n = groupranks(x, e->arg[0]);
		int rank = !strcmp(e->name, "dagcc_group_rank");
		if (!n)
			return 0;
		*lo = rank ? 0 : n;
		*hi = rank ? n - 1 : n;
		return 1;
	}
	int64_t a0, a1, b0, b1;
	if (e->kind != E_BIN || !range(x, e->a, &a0, &a1) || !range(x, e->b, &b0, &b1))
		return 0;
	int64_t c[4];
	switch (e->op[1] ? 0 : e->op[0]) {
	case '+':
		return !__builtin_add_overflow(a0, b0, lo) && !__builtin_add_overflow(a1, b1, hi);
	case '-':
		return !__builtin_sub_overflow(a0, b1, lo) && !__builtin_sub_overflow(a1, b0, hi);
	case '*':
		if (__builtin_mul_overflow(a0, b0, &c[0]) ||
		    __builtin_mul_overflow(a0, b1, &c[1]) ||
		    __builtin_mul_overflow(a1, b0, &c[2]) || __builtin_mul_overflow(a1, b1, &c[3]))
			return 0;
		break;
	case '/':
		if (b0 <= 0 || a0 < 0) /* nonnegative by positive only */
			return 0;
		c[0] = a0 / b1, c[1] = a0 / b0, c[2] = a1 / b1, c[3] = a1 / b0;
		break;
	default:
		return 0;
	}
	*lo = *hi = c[0];
	for (int i = 1; i < 4; i++) {
		*lo = c[i] < *lo ? c[i] : *lo;
		*hi = c[i] > *hi ? c[i] : *hi;
	}
	return 1;
}
