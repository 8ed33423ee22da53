/* extract.c - unroll each graph body into a Graph of nodes.
 *
 * Walks the tree ast.c built with an environment of constants: loop variables, locals with
 * constant initializers, and --assume bindings. for loops with constant bounds are unrolled (the
 * loop variable is a constant in each copy), constant ifs are folded, and locals declared in a
 * loop body get a per-copy name (full.2). Every call becomes a node: compute (costs evaluated),
 * collective (kind, group, count, dtype, op), alloc or free; any other statement is a barrier.
 * Buffers are resolved to a canonical root plus a byte range. Then filldeps() adds the edges.
 * Each user mistake is reported once per source location, however many copies contain it. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"

enum { MAXITER = 1 << 20 }; /* unrolled loop iterations per graph */

typedef enum { B_INT, B_PTR, B_OPAQUE } BindKind;

typedef struct {
	const char *name;
	BindKind kind;
	const char *cname; /* a per-copy local: its name in the emitted body */
	int64_t value; /* B_INT */
	const char *root; /* B_PTR: the root it points into */
	int64_t off; /* B_PTR: bytes into the root, when known */
	int known;
} Bind;

typedef struct {
	int ok;
	int isint;
	int64_t i;
	double d;
	Expr *bad; /* the leaf that is not constant */
	const char *why;
} Val;

typedef struct {
	const char *root;
	int64_t off;
	int known;
} Ref;

typedef struct {
	Graph *g;
	const FrontendOpts *o;
	Bind *env;
	int nenv, capenv;
	const char *suffix; /* per-copy name suffix of the loop body being walked, "" outside */
	int64_t *allocbytes; /* by root: the size of its dagcc_alloc_async, or 0 */
	int capalloc;
	long iters;
	const Src *cur; /* the statement being walked */
	int lastbarrier; /* the last barrier node, or -1 */
	/* the root base name of each local declaration: its name, or name#2 for the second
	 * declaration of that name in the graph, so two loops' `w` stay different objects */
	struct Local {
		const Stmt *decl;
		const char *base;
	} *local;
	int nlocal, caplocal;
	/* source locations already reported, so a mistake in a loop body is reported once */
	uint64_t *seen;
	int capseen, nseen;
} X;

static int once(X *x, Loc loc)
{
	uint64_t key = ((uint64_t)(unsigned)loc.line << 32 | (unsigned)loc.col) + 1;
	if (x->nseen * 2 >= x->capseen) {
		int cap = x->capseen ? x->capseen * 2 : 64;
		uint64_t *t = aalloc(x->g->arena, (size_t)cap * sizeof *t);
		for (int i = 0; i < x->capseen; i++) {
			uint64_t k = x->seen[i];
			if (!k)
				continue;
			size_t h = (size_t)(k * 0x9E3779B97F4A7C15ull) & (size_t)(cap - 1);
			while (t[h])
				h = (h + 1) & (size_t)(cap - 1);
			t[h] = k;
		}
		x->seen = t;
		x->capseen = cap;
	}
	size_t h = (size_t)(key * 0x9E3779B97F4A7C15ull) & (size_t)(x->capseen - 1);
	while (x->seen[h]) {
		if (x->seen[h] == key)
			return 0;
		h = (h + 1) & (size_t)(x->capseen - 1);
	}
	x->seen[h] = key;
	x->nseen++;
	return 1;
}

static Bind *lookup(X *x, const char *name)
{
	for (int i = x->nenv - 1; i >= 0; i--)
		if (strcmp(x->env[i].name, name) == 0)
			return &x->env[i];
	return NULL;
}

static Bind *bind(X *x, const char *name, BindKind kind)
{
	agrow(x->g->arena, &x->env, &x->capenv, x->nenv + 1, sizeof(Bind));
	Bind *b = &x->env[x->nenv++];
	memset(b, 0, sizeof *b);
	b->name = name;
	b->kind = kind;
	return b;
}

static Val notconst(Expr *bad, const char *why)
{
	return (Val){.ok = 0, .bad = bad, .why = why};
}

static Val intval(int64_t v)
{
	return (Val){.ok = 1, .isint = 1, .i = v, .d = (double)v};
}

static Val eval(X *x, Expr *e);

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
		case '+': if (!op[1]) return (Val){1, 0, 0, a + b, 0, 0}; break;
		case '-': if (!op[1]) return (Val){1, 0, 0, a - b, 0, 0}; break;
		case '*': if (!op[1]) return (Val){1, 0, 0, a * b, 0, 0}; break;
		case '/':
			if (!op[1] && b != 0)
				return (Val){1, 0, 0, a / b, 0, 0};
			break;
		case '<': if (!op[1]) return intval(a < b); if (op[1] == '=') return intval(a <= b); break;
		case '>': if (!op[1]) return intval(a > b); if (op[1] == '=') return intval(a >= b); break;
		case '=': if (op[1] == '=') return intval(a == b); break;
		case '!': if (op[1] == '=') return intval(a != b); break;
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
	} else if (strcmp(op, "<") == 0) v = a < b;
	else if (strcmp(op, "<=") == 0) v = a <= b;
	else if (strcmp(op, ">") == 0) v = a > b;
	else if (strcmp(op, ">=") == 0) v = a >= b;
	else if (strcmp(op, "==") == 0) v = a == b;
	else if (strcmp(op, "!=") == 0) v = a != b;
	else if (strcmp(op, "&") == 0) v = a & b;
	else if (strcmp(op, "|") == 0) v = a | b;
	else if (strcmp(op, "^") == 0) v = a ^ b;
	else
		return notconst(e, "not a constant expression"); /* assignments */
	return intval(v);
}

static Val eval(X *x, Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		return e->isint ? intval((int64_t)e->num) : (Val){1, 0, 0, e->num, 0, 0};
	case E_VAR: {
		Bind *b = lookup(x, e->name);
		if (b)
			return b->kind == B_INT ? intval(b->value) : notconst(e, "not a constant expression");
		for (int i = 0; i < x->o->nassume; i++)
			if (strcmp(x->o->assume[i].name, e->name) == 0)
				return intval(x->o->assume[i].value);
		return notconst(e, "not a constant expression");
	}
	case E_BIN:
		return evalbin(x, e);
	case E_UN: {
		if (strcmp(e->op, "-") && strcmp(e->op, "+") && strcmp(e->op, "!") && strcmp(e->op, "~"))
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
		case '!': return intval(v.isint ? !v.i : !v.d);
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
	switch (e->kind) {
	case E_VAR: {
		Bind *bd = lookup(x, e->name);
		bputs(b, bd && bd->kind == B_PTR && bd->known && bd->off == 0 ? bd->root : e->name);
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
	bputs(b, e->text ? e->text : "?");
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

static const char *canonstr(X *x, Expr *e)
{
	Buf b = {0};
	canon(x, e, &b);
	const char *s = astrdup(x->g->arena, b.s ? b.s : "");
	bfree(&b);
	return s;
}

static Ref resolve(X *x, Expr *e);

static Ref offset(X *x, Ref r, Expr *ptr, Expr *idx, int sign)
{
	Val v = eval(x, idx);
	int64_t d;
	if (!r.known || !v.ok || !v.isint || ptr->elemsize <= 0 ||
	    __builtin_mul_overflow(v.i, ptr->elemsize * sign, &d) ||
	    __builtin_add_overflow(r.off, d, &r.off))
		r.known = 0;
	return r;
}

/* The root object and byte offset a pointer expression points at. */
static Ref resolve(X *x, Expr *e)
{
	switch (e->kind) {
	case E_VAR: {
		Bind *b = lookup(x, e->name);
		if (b && b->kind == B_PTR)
			return (Ref){b->root, b->off, b->known};
		break;
	}
	case E_BIN:
		if ((e->op[0] == '+' || e->op[0] == '-') && !e->op[1]) {
			if (e->a->isptr && !e->b->isptr)
				return offset(x, resolve(x, e->a), e->a, e->b, e->op[0] == '-' ? -1 : 1);
			if (e->b->isptr && !e->a->isptr && e->op[0] == '+')
				return offset(x, resolve(x, e->b), e->b, e->a, 1);
		}
		break;
	case E_UN:
		if (strcmp(e->op, "&") == 0) {
			Expr *in = e->a;
			if (in->kind == E_INDEX && in->a->isptr)
				return offset(x, resolve(x, in->a), in->a, in->b, 1);
			if (in->kind == E_UN && strcmp(in->op, "*") == 0)
				return resolve(x, in->a);
			return (Ref){canonstr(x, in), 0, 1};
		}
		break;
	case E_COND: {
		Val c = eval(x, e->a);
		if (c.ok)
			return resolve(x, (c.isint ? c.i != 0 : c.d != 0) ? e->b : e->c);
		return (Ref){canonstr(x, e), 0, 0};
	}
	default:
		break;
	}
	return (Ref){canonstr(x, e), 0, 1};
}

/* The text of one copy of src: loop variables and constant locals become their values,
 * per-copy locals their emitted names. */
static const char *subst(X *x, const Src *src)
{
	if (!src || !src->text)
		return NULL;
	Buf b = {0};
	int pos = 0;
	for (int k = 0; k < src->nid; k++) {
		bput(&b, src->text + pos, (size_t)(src->off[k] - pos));
		char name[256];
		snprintf(name, sizeof name, "%.*s", src->len[k], src->text + src->off[k]);
		Bind *bd = src->len[k] < (int)sizeof name ? lookup(x, name) : NULL;
		if (bd && bd->kind == B_INT)
			bprintf(&b, bd->value < 0 ? "(%lld)" : "%lld", (long long)bd->value);
		else if (bd && bd->cname)
			bputs(&b, bd->cname);
		else
			bputs(&b, name);
		pos = src->off[k] + src->len[k];
	}
	bputs(&b, src->text + pos);
	const char *s = astrdup(x->g->arena, b.s ? b.s : "");
	bfree(&b);
	return s;
}

/* A node of the statement being walked. */
static Node *newnode(X *x, NodeKind kind, Loc loc)
{
	Node *n = addnode(x->g, kind, loc);
	n->src = aalloc(x->g->arena, sizeof *n->src);
	n->src->text = subst(x, x->cur);
	return n;
}

static void access_(X *x, Node *n, Expr *ptr, int mode, int64_t len)
{
	Ref r = resolve(x, ptr);
	int root = intern(x->g, &x->g->root, &x->g->nroot, r.root);
	if (r.known)
		addacc(x->g, n, root, mode, r.off, len);
	else
		addacc(x->g, n, root, mode, 0, LEN_REST);
	if (n->kind == N_COMPUTE)
		n->acc[n->nacc - 1].expr = subst(x, &ptr->src);
}

static void barrier(X *x, Loc loc, const char *text, const char *callee)
{
	Node *n = newnode(x, N_BARRIER, loc);
	n->name = astrdup(x->g->arena, text);
	x->lastbarrier = x->g->nnode - 1;
	if (!once(x, loc))
		return;
	if (callee)
		warning(loc, "call to '%s', which is neither a compute function nor a collective, is an ordering barrier",
			callee);
	else
		warning(loc, "statement is an ordering barrier: nothing moves across it");
}

/* Evaluates an integer the graph needs (a count, a size); reports what is not constant. */
static int need(X *x, Expr *e, const char *what, int64_t *out)
{
	Val v = eval(x, e);
	if (v.ok && !v.isint && v.d == (double)(int64_t)v.d) {
		v.isint = 1;
		v.i = (int64_t)v.d;
	}
	if (v.ok && v.isint) {
		*out = v.i;
		return 1;
	}
	Expr *bad = v.ok ? e : v.bad;
	if (once(x, bad->loc)) {
		if (v.ok || !strcmp(v.why, "not a constant expression"))
			error(bad->loc, "%s is not %s constant expression", what,
			      v.ok ? "an integer" : "a");
		else
			error(bad->loc, "%s %s", what, v.why);
	}
	return 0;
}

static void setalloc(X *x, int root, int64_t bytes)
{
	int cap = x->capalloc;
	agrow(x->g->arena, &x->allocbytes, &x->capalloc, root + 1, sizeof(int64_t));
	if (x->capalloc > cap)
		memset(x->allocbytes + cap, 0, (size_t)(x->capalloc - cap) * sizeof(int64_t));
	x->allocbytes[root] = bytes;
}

/* p = dagcc_alloc_async(bytes, s), where the new memory is the root named `root`. */
static void alloc(X *x, Expr *call, const char *root)
{
	int64_t bytes;
	if (!need(x, call->arg[0], "allocation size", &bytes))
		return;
	if (bytes < 0) {
		if (once(x, call->arg[0]->loc))
			error(call->arg[0]->loc, "allocation size is negative");
		return;
	}
	Node *n = newnode(x, N_ALLOC, call->loc);
	n->bytes = bytes;
	int r = intern(x->g, &x->g->root, &x->g->nroot, root);
	addacc(x->g, n, r, ACC_WRITE, 0, LEN_REST);
	setalloc(x, r, bytes);
}

static void collective(X *x, Expr *call)
{
	Expr **arg = call->arg;
	NodeKind kind = call->coll;
	int hasop = kind == N_ALL_REDUCE || kind == N_REDUCE_SCATTER;
	int dtarg = kind == N_REDUCE_SCATTER || kind == N_ALL_GATHER || kind == N_ALL_TO_ALL ? 4 : 3;
	int countarg = dtarg - 1;
	int64_t count, dt, op = -1, peer = -1;
	int ok = need(x, arg[countarg], "collective count", &count);
	ok &= need(x, arg[dtarg], "collective dtype", &dt);
	if (hasop)
		ok &= need(x, arg[dtarg + 1], "reduction op", &op);
	if (!ok)
		return;
	if (count < 0) {
		if (once(x, arg[countarg]->loc))
			error(arg[countarg]->loc, "collective count is negative");
		return;
	}
	if (dt < 0 || dt >= NDTYPE) {
		if (once(x, arg[dtarg]->loc))
			error(arg[dtarg]->loc, "unknown dtype %lld", (long long)dt);
		return;
	}
	if (hasop && (op < 0 || op >= NOP)) {
		if (once(x, arg[dtarg + 1]->loc))
			error(arg[dtarg + 1]->loc, "unknown reduction op %lld", (long long)op);
		return;
	}
	if (kind == N_BROADCAST || kind == N_SEND || kind == N_RECV) {
		Val v = eval(x, arg[4]); /* a root or peer may be computed from the rank at run time */
		if (v.ok && v.isint)
			peer = v.i;
	}
	int64_t bytes;
	if (__builtin_mul_overflow(count, (int64_t)dtypesize((Dtype)dt), &bytes)) {
		if (once(x, arg[countarg]->loc))
			error(arg[countarg]->loc, "collective count overflows");
		return;
	}
	Node *n = newnode(x, kind, call->loc);
	NodeSrc *ns = n->src;
	ns->call = subst(x, &call->src);
	ns->stream = subst(x, &arg[call->narg - 1]->src);
	ns->gtext = subst(x, &arg[0]->src);
	ns->send = subst(x, &arg[1]->src);
	ns->recv = kind == N_ALL_REDUCE || kind == N_BROADCAST || kind == N_SEND || kind == N_RECV ?
			   ns->send :
			   subst(x, &arg[2]->src);
	n->group = intern(x->g, &x->g->group, &x->g->ngroup, canonstr(x, arg[0]));
	n->dtype = (Dtype)dt;
	n->op = (RedOp)op;
	n->count = count;
	n->bytes = bytes;
	n->peer = peer;
	switch (kind) {
	case N_ALL_REDUCE:
	case N_BROADCAST:
		access_(x, n, arg[1], ACC_READ | ACC_WRITE, bytes);
		break;
	case N_ALL_GATHER:
		access_(x, n, arg[1], ACC_READ, bytes);
		access_(x, n, arg[2], ACC_WRITE, LEN_REST);
		break;
	case N_REDUCE_SCATTER:
		access_(x, n, arg[1], ACC_READ, LEN_REST);
		access_(x, n, arg[2], ACC_WRITE, bytes);
		break;
	case N_ALL_TO_ALL:
		access_(x, n, arg[1], ACC_READ, LEN_REST);
		access_(x, n, arg[2], ACC_WRITE, LEN_REST);
		break;
	case N_SEND:
		access_(x, n, arg[1], ACC_READ, bytes);
		break;
	case N_RECV:
		access_(x, n, arg[1], ACC_WRITE, bytes);
		break;
	default:
		die("not a collective");
	}
}

static void compute(X *x, Expr *call)
{
	Fn *fn = call->fn;
	if (!fn->ok || call->narg != fn->nparam)
		return;
	double *val = aalloc(x->g->arena, (size_t)(fn->nparam ? fn->nparam : 1) * sizeof(double));
	int ok = 1;
	for (int i = 0; i < fn->nparam; i++) {
		if (!costuses(fn->cost.flops, i) && !costuses(fn->cost.bytes, i) &&
		    !costuses(fn->cost.us, i))
			continue;
		Val v = eval(x, call->arg[i]);
		if (v.ok) {
			val[i] = v.d;
			continue;
		}
		ok = 0;
		if (once(x, v.bad->loc))
			error(v.bad->loc, "cost argument '%s' of '%s' is not a constant expression",
			      fn->param[i].name, fn->name);
	}
	if (!ok)
		return;
	Node *n = newnode(x, N_COMPUTE, call->loc);
	n->name = astrdup(x->g->arena, fn->name);
	for (int i = 0; i < fn->nparam; i++)
		if (fn->param[i].kind == P_STREAM)
			n->src->stream = subst(x, &call->arg[i]->src);
	n->ctype = fn->ctype;
	CostExpr *term[3] = {fn->cost.flops, fn->cost.bytes, fn->cost.us};
	double *slot[3] = {&n->flops, &n->mbytes, &n->us};
	static const char *termname[3] = {"flops", "bytes", "us"};
	for (int t = 0; t < 3; t++) {
		if (!term[t])
			continue;
		if (!evalcost(term[t], val, slot[t]) && once(x, call->loc))
			error(call->loc, "cost '%s' of '%s' divides by zero for this call", termname[t],
			      fn->name);
		else if (*slot[t] < 0 && once(x, call->loc))
			error(call->loc, "cost '%s' of '%s' is negative (%g) for this call", termname[t],
			      fn->name, *slot[t]);
	}
	for (int i = 0; i < fn->nparam; i++)
		if (fn->param[i].kind == P_PTR)
			access_(x, n, call->arg[i], fn->param[i].mode, LEN_REST);
}

/* Is e itself an increment, decrement or assignment? */
static int mutates(const Expr *e)
{
	if (e->kind == E_BIN && e->op[strlen(e->op) - 1] == '=' && strcmp(e->op, "==") &&
	    strcmp(e->op, "<=") && strcmp(e->op, ">=") && strcmp(e->op, "!="))
		return 1;
	return e->kind == E_UN && (strstr(e->op, "++") || strstr(e->op, "--"));
}

/* A call or a change of a variable anywhere in e? */
static int hascall(Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_CALL || mutates(e))
		return 1;
	return hascall(e->a) || hascall(e->b) || hascall(e->c);
}

/* The first increment, decrement or assignment in e (arguments of calls in it too), or NULL. */
static Expr *mutation(Expr *e)
{
	if (!e || mutates(e))
		return e;
	Expr *m = NULL;
	for (int i = 0; !m && e->kind == E_CALL && i < e->narg; i++)
		m = mutation(e->arg[i]);
	if (!m)
		m = mutation(e->a);
	if (!m)
		m = mutation(e->b);
	return m ? m : mutation(e->c);
}

/* Arguments of calls dagcc moves, and may copy into several statements (a bucket's start,
 * copies in and out), must not change anything. */
static int pure(X *x, Expr *e)
{
	int ok = 1;
	for (int i = 0; i < e->narg; i++) {
		Expr *m = mutation(e->arg[i]);
		if (m && once(x, m->loc))
			error(m->loc, "argument of '%s' changes a variable; dagcc moves and may repeat "
				      "arguments, so compute it in a statement before",
			      e->name);
		ok &= !m;
	}
	return ok;
}

static void call(X *x, Expr *e, const char *text)
{
	if ((e->call == CALL_COMPUTE || e->call == CALL_COLLECTIVE || e->call == CALL_FREE) &&
	    !pure(x, e))
		return;
	switch (e->call) {
	case CALL_COMPUTE: compute(x, e); return;
	case CALL_COLLECTIVE: collective(x, e); return;
	case CALL_FREE: {
		Ref r = resolve(x, e->arg[0]);
		Node *n = newnode(x, N_FREE, e->loc);
		int root = intern(x->g, &x->g->root, &x->g->nroot, r.root);
		n->bytes = root < x->capalloc ? x->allocbytes[root] : 0;
		addacc(x->g, n, root, ACC_WRITE, 0, LEN_REST);
		return;
	}
	case CALL_ALLOC:
		/* an allocation whose result is dropped leaks; keep it in place */
		barrier(x, e->loc, text, e->name);
		return;
	case CALL_OTHER: barrier(x, e->loc, text, e->name); return;
	}
}

static void stmt(X *x, Stmt *s);

static const char *localbase(X *x, const Stmt *s)
{
	int same = 0;
	for (int i = 0; i < x->nlocal; i++) {
		if (x->local[i].decl == s)
			return x->local[i].base;
		same += strcmp(x->local[i].decl->var, s->var) == 0;
	}
	agrow(x->g->arena, &x->local, &x->caplocal, x->nlocal + 1, sizeof(struct Local));
	const char *base = same ? afmt(x->g->arena, "%s#%d", s->var, same + 1) : s->var;
	x->local[x->nlocal++] = (struct Local){s, base};
	return base;
}

/* The emitted name of a per-copy or repeated local: w.1.3 is w__1_3, w#2.0 is w_v2__0. */
static const char *mangle(X *x, const char *local)
{
	Buf b = {0};
	int dots = 0;
	for (const char *c = local; *c; c++) {
		if (*c == '#')
			bputs(&b, "_v");
		else if (*c == '.')
			bputs(&b, dots++ ? "_" : "__");
		else
			bput(&b, c, 1);
	}
	const char *s = astrdup(x->g->arena, b.s);
	bfree(&b);
	return s;
}

static void prelude(X *x, const Stmt *s)
{
	Graph *g = x->g;
	agrow(g->arena, &g->prelude, &g->capprelude, g->nprelude + 1, sizeof(Prelude));
	g->prelude[g->nprelude++] = (Prelude){subst(x, &s->src), x->lastbarrier, s->loc};
}

static void decl(X *x, Stmt *s)
{
	const char *base = localbase(x, s);
	const char *local = *x->suffix ? afmt(x->g->arena, "%s%s", base, x->suffix) : base;
	const char *cname = strcmp(local, s->var) ? mangle(x, local) : NULL;
	Expr *init = s->init;
	if (init && init->kind == E_CALL && init->call == CALL_ALLOC) {
		Bind *b = bind(x, s->var, B_PTR);
		b->root = local;
		b->known = 1;
		b->cname = cname;
		alloc(x, init, local);
		return;
	}
	/* what the initializer means is settled before the name is bound */
	int calls = init && hascall(init);
	Ref r = s->isptr && init && !calls ? resolve(x, init) : (Ref){local, 0, 1};
	Val v = init && !s->isptr ? eval(x, init) : (Val){0};
	if (!s->isptr && !calls && v.ok && v.isint) {
		bind(x, s->var, B_INT)->value = v.i; /* every use becomes the value */
		return;
	}
	Bind *b = bind(x, s->var, s->isptr ? B_PTR : B_OPAQUE);
	b->root = r.root;
	b->off = r.off;
	b->known = r.known;
	b->cname = cname;
	if (calls)
		barrier(x, s->loc, s->text, init->kind == E_CALL ? init->name : NULL);
	else
		prelude(x, s);
}

static void expression(X *x, Stmt *s)
{
	Expr *e = s->init;
	if (e->kind == E_CALL) {
		call(x, e, s->text);
		return;
	}
	if (e->kind == E_BIN && strcmp(e->op, "=") == 0 && e->b->kind == E_CALL &&
	    e->b->call == CALL_ALLOC) {
		Ref r = resolve(x, e->a);
		if (r.known && r.off == 0) {
			alloc(x, e->b, r.root);
			return;
		}
	}
	barrier(x, s->loc, s->text, NULL);
}

static void loop(X *x, Stmt *s)
{
	if (!s->var || !s->init) {
		if (once(x, s->loc))
			error(s->loc, "for loop in a graph must initialize its loop variable");
		return;
	}
	if (!s->cond || !s->inc) {
		if (once(x, s->loc))
			error(s->loc, "for loop in a graph needs a condition and an increment");
		return;
	}
	int64_t v;
	if (!need(x, s->init, "loop bound", &v))
		return;
	int mark = x->nenv;
	bind(x, s->var, B_INT)->value = v;
	int bindex = x->nenv - 1;
	const char *outer = x->suffix;
	for (;;) {
		x->env[bindex].value = v;
		int64_t c;
		if (!need(x, s->cond, "loop bound", &c) || !c)
			break;
		if (++x->iters > MAXITER) {
			if (once(x, s->loc))
				error(s->loc, "loop unrolls to more than %d iterations", MAXITER);
			break;
		}
		x->suffix = afmt(x->g->arena, "%s.%lld", outer, (long long)v);
		int inner = x->nenv;
		stmt(x, s->body);
		x->nenv = inner;
		x->suffix = outer;
		/* the increment: i++, ++i, i--, --i, i += e, i -= e, i = e */
		Expr *inc = s->inc;
		int64_t next, d;
		Expr *var = inc->a;
		if (!var || var->kind != E_VAR || strcmp(var->name, s->var) != 0) {
			if (once(x, inc->loc))
				error(inc->loc, "loop increment must update the loop variable '%s'", s->var);
			break;
		}
		if (inc->kind == E_UN && strstr(inc->op, "++"))
			d = 1, next = v;
		else if (inc->kind == E_UN && strstr(inc->op, "--"))
			d = -1, next = v;
		else if (inc->kind == E_BIN && (!strcmp(inc->op, "+=") || !strcmp(inc->op, "-="))) {
			if (!need(x, inc->b, "loop step", &d))
				break;
			if (inc->op[0] == '-' && __builtin_sub_overflow((int64_t)0, d, &d))
				break;
			next = v;
		} else if (inc->kind == E_BIN && !strcmp(inc->op, "=")) {
			if (!need(x, inc->b, "loop step", &next))
				break;
			d = 0;
		} else {
			if (once(x, inc->loc))
				error(inc->loc, "loop increment must update the loop variable '%s'", s->var);
			break;
		}
		if (__builtin_add_overflow(next, d, &v)) {
			if (once(x, inc->loc))
				error(inc->loc, "loop variable '%s' overflows", s->var);
			break;
		}
	}
	x->nenv = mark;
}

static void stmt(X *x, Stmt *s)
{
	if (!s)
		return;
	if (s->kind != S_BLOCK && s->kind != S_FOR)
		x->cur = &s->src;
	switch (s->kind) {
	case S_BLOCK: {
		int mark = x->nenv;
		for (int i = 0; i < s->nkid; i++)
			stmt(x, s->kid[i]);
		if (!s->var) /* a declaration group's names outlive it */
			x->nenv = mark;
		return;
	}
	case S_FOR:
		loop(x, s);
		return;
	case S_IF: {
		Val c = eval(x, s->cond);
		if (!c.ok) {
			barrier(x, s->loc, s->text, NULL);
			return;
		}
		int mark = x->nenv;
		stmt(x, (c.isint ? c.i != 0 : c.d != 0) ? s->body : s->els);
		x->nenv = mark;
		return;
	}
	case S_DECL:
		decl(x, s);
		return;
	case S_EXPR:
		expression(x, s);
		return;
	case S_OTHER:
		barrier(x, s->loc, s->text, NULL);
		return;
	}
}

void unroll(Ast *ast, const FrontendOpts *o, Module *m)
{
	for (int i = 0; i < ast->nfn; i++) {
		Graph *g = newgraph(ast->fn[i].name, ast->file);
		X x = {.g = g, .o = o, .suffix = "", .lastbarrier = -1};
		g->body_begin = ast->fn[i].begin;
		g->body_end = ast->fn[i].end;
		int before = nerrors;
		stmt(&x, ast->fn[i].body);
		if (nerrors == before)
			filldeps(g);
		addgraph(m, g);
	}
}

int extract(const FrontendOpts *o, Module *m)
{
	Arena *a = arena_new();
	Ast ast = {0};
	int before = nerrors;
	if (parseast(o, a, &ast))
		unroll(&ast, o, m);
	arena_free(a);
	return nerrors == before;
}
