#!/usr/bin/env python3
"""gen.py - seeded random C training steps for dagcc's soundness property test.

Each program is one DAGCC_GRAPH function built from a seed (the same seed gives the same text
on every machine): compute kernels and collectives on a few buffers allocated in main, the same
memory named in many ways - flat buffers carved into tensors, slice macros, macros around calls,
macro-made loops, pointer tables walked by unrolled loops, reassigned and walking pointers,
*p / p[0] / &t[4] / casts, struct member paths, pointers to pointers (*pp with pp = &m->flat,
*&m->w[i], stores through them), accessor functions, declared extents, NULL
arguments, reduce-scatter then all-gather - and statements that are not nodes but read or write
what nodes use (host reads and stores, locals a kernel writes through their address, calls
through function pointers, memcpy, struct copies, nested blocks). Most operations read or
write memory an earlier one wrote, through a different spelling, and every kernel is
order-sensitive (y = f(y) + x, never commutative), so running two dependent operations in the
other order changes what the program prints. Values stay integers below 1021 after every kernel and collectives add at most a few
bits, so every sum is exact whatever order MPI reduces in.

A share of the programs also take a second group, pp (a communicator of every rank of its own),
and send and receive on it in orders that cannot deadlock as written (even ranks send first),
branch on the rank in pp, and issue rows of collectives of g that may be reordered; a graph
that names the rank is compiled once per rank, so run.py gives dagcc --group-size pp=N (and
--rank stage=pp) and runs the file at N. Their statements have no model entries (each rank
runs other code): the mutants drop their waits only.

A file holds several programs (one graph each) and a main that runs them all on
deterministic, rank-dependent inputs, then prints from rank 0, ordered by program and rank, one
line per buffer: `p<seed> r<rank> <buffer> <fnv-1a hash of its bytes>`.

Programs of the header idiom include headers of their own, written beside FILE (or into the
current directory).

usage: gen.py SEED [SEED...] [-o FILE] [--idioms LIST]     (python3 gen.py --list-idioms)
"""
import argparse
import os
import random
import re
import sys

MOD = 1021  # values after every kernel are integers in [0, MOD)
MAXNP = 4  # all_gather / reduce_scatter regions are sized for this many ranks (--group-size g=4)
MAXLEVEL = 5  # reductions any value may go through: 10 + 2 * 5 bits, sums of 4 stay exact
TRIPS = (0, 1, 2, 3, 5)  # a run-time loop's trip counts (rtloop), by seed

# name: description.  Programs always use plain calls on `root + offset`; these add the rest.
IDIOMS = {
    "carve": "a flat buffer carved into named tensors: float *w = base + OFF_W;",
    "alias": "local pointers derived from others (chains of them), used in place of the root",
    "slice": "function-like slice macros: SLICE(b, l) ((b) + (l) * N) in arguments and declarations",
    "callmacro": "a collective or a compute call written through a function-like macro",
    "loop": "for loops over layers (constant bounds, up and down, steps like i += 1, ++i, "
            "i = i - 1), per-copy locals; loops whose variable doubles or halves (k *= 2, "
            "k <<= 1, k = k * 2, k >>= 1, k /= 2) used as an offset",
    "formacro": "a macro-generated for loop: FOR_LAYERS(l) for (int l = 0; l < L; l++)",
    "table": "local arrays of pointers and counts indexed by an unrolled loop (llm.c)",
    "reassign": "a local pointer reassigned after its declaration, then used",
    "walk": "a pointer walked along a buffer with p += n in a loop, used after the loop",
    "spelling": "&t[4] vs t + 4, *(t + 1) vs t[1], *p vs p[0], casts (float *)(void *)p",
    "struct": "struct member paths m->w[i], float *x = m->w[i], float **ws = m->w, ws[i], *(ws + i)",
    "deref": "(*m).w[i] and (*m).flat for m->w[i] and m->flat",
    "ptrptr": "a pointer reached through a pointer to it: float **pf = &m->flat; *pf, pf[0], "
              "*&m->w[i], (&m->w[0])[i], a local's address (float **q = &p; *q), a pointer member "
              "set through one (*pp = base + 8; ... *pp = save;), a parameter's address",
    "accessor": "accessor functions returning a pointer: grad(m, i) mixed with m->g[i]",
    "extent": "compute functions with declared extents DAGCC_IN_N(n) / DAGCC_INOUT_N(m * n)",
    "null": "NULL arguments for a kernel's optional pointer",
    "seqpar": "reduce_scatter then all_gather on the same group and buffers",
    "broadcast": "broadcast from rank 0",
    "temp": "dagcc_alloc_async temporaries",
    "ifs": "ifs on the loop variable in unrolled loops (if (l > 0) ...), constant in each copy",
    # statements that are not nodes but read or write what nodes use
    "hostread": "host reads of memory nodes write (float v = m->w[1][3];, *p, p[k]), used later in a "
                "kernel's value argument or a host store",
    "addrlocal": "locals whose address a kernel takes (float loss; k_sum(s, &loss, ...); int steps), "
                 "and local arrays passed to kernels, then read",
    "fnptr": "calls through function pointers (a local, a table of them, a struct member) and plain "
             "host functions that change buffers",
    "carvetemp": "pointers carved out of a temporary, declared between the nodes that use it",
    "hoststore": "stores between nodes (m->flat[2] = v;, *p = v;, p[1] = p[0] in a walking loop)",
    "hostmem": "memcpy and memset on the host between nodes",
    "hostcopy": "dagcc_copy_to_host of what a node (a collective, often) wrote into a host array, "
                "read later (a value argument, a host store, dagcc_copy_to_device back into a "
                "buffer)",
    "structcopy": "a struct local copied by value (struct m mm = *m;) and named in arguments",
    "nested": "nested blocks declaring pointers that shadow outer names",
    "directives": "preprocessor directives in and around the graph body: #ifndef choosing the "
                  "signature with the { in each branch, the } in each branch of another, and #define, "
                  "#if / #else with skipped text, #pragma GCC diagnostic push / pop and #undef inside",
    "header": "a program's macros, struct and accessors in a header of its own beside the file "
              "(#include \"gN.h\", half of it through a nested #include), and object-like macros "
              "there naming the loop variable or a per-copy local the call does not show "
              "(#define AT_W SLICE(b, l); float *w = AT_W;, #define USE_W w)",
    # sends, receives and rank-dependent code on a second group, pp (a graph naming its rank is
    # compiled once per rank: run.py passes --group-size pp=N, and --rank stage=pp)
    "ring": "a ring shift on pp: each rank sends to (r + 1) % P and receives from (r + P - 1) % P, "
            "even ranks sending first, odd ranks receiving first; then compute reads what came in "
            "or overwrites what went out",
    "exchange": "pairwise exchange with the partner r ^ 1 (or r + 1 / r - 1), even ranks sending "
                "first; sometimes in place (the buffer sent is the one received into)",
    "relay": "a pipeline forward or backward over 1-3 microbatches: receive from the previous rank "
             "unless first (else make the input), compute, send to the next unless last, or "
             "forward the received buffer as is; a sent buffer overwritten by compute after",
    "rankif": "rank-dependent compute: if / else if / switch on the rank, first and last rank "
              "doing different work, the rank in an offset, a loop bound and a value argument, a "
              "collective of g in both arms of an if, collectives on pp itself",
    "rankparam": "the rank as a graph parameter int stage (declared with --rank stage=pp in some "
                 "variants, a run-time value in the others) instead of dagcc_group_rank(pp) or a "
                 "local holding it",
    "p2pgroup": "ring shifts (one way or both) and pairwise exchanges with r ^ 1 written "
                "send-then-receive on every rank inside dagcc_p2p_begin(pp, s) / "
                "dagcc_p2p_end(pp, s), which issue them together; compute after reads what came in "
                "or overwrites what went out",
    "helper": "static (inline) helper functions taking buffers, a struct and a layer index, whose "
              "bodies call kernels and all-reduces on their parameters (constant ifs on the "
              "index, a local per call), calling other helpers, called in unrolled loops with "
              "the loop variable",
    "rtloop": "a loop whose trip count is a run-time parameter (ntrip: 0, 1, 2, 3 or 5 by seed, "
              "which main passes) around a few plain kernel calls and collectives, its bound on "
              "either side of <, > or !=, its increment v++, ++v or v += 1, some kernels on slice "
              "v of a buffer (buf + c + v * stride): a loop node dagcc schedules apart and may "
              "rotate across its back edge",
    "groupreorder": "several collectives of g in a row that the scheduler may reorder: inputs "
                    "written by slow kernels just before, inputs nothing wrote for long (a "
                    "statistics all-reduce), and ones ordered by data with an earlier one (read "
                    "what it wrote, overwrite what it read or wrote)",
}
# the idioms of statements that are not nodes: each is on in a share of the programs
HOSTIDIOMS = ("hostread", "addrlocal", "fnptr", "carvetemp", "hoststore", "hostmem", "hostcopy",
              "structcopy",
              "nested")
# the idioms of sends, receives and rank-dependent code on the pipeline group pp: a share of the
# programs uses them (all do where these are the only idioms besides groupreorder/rankparam)
RANKIDIOMS = ("ring", "exchange", "relay", "rankif", "rankparam", "groupreorder", "p2pgroup")
RANKSHARE = 0.35
DEFAULT_IDIOMS = sorted(IDIOMS)


class Root:
    """A separately allocated buffer of floats: a parameter, a struct member or an element of
    a struct's pointer array (fam, idx), or a temporary."""

    def __init__(self, key, size, kind, fam=None, idx=None):
        self.key, self.size, self.kind, self.fam, self.idx = key, size, kind, fam, idx
        self.level = 0  # reductions its values may have been through

    def __repr__(self):
        return self.key


class Family:
    """A struct's pointer-array member: float *w[K], each element a root."""

    def __init__(self, field, roots):
        self.field, self.roots = field, roots


class Aff:
    """c + a * v for the loop variable v (a == 0: a constant)."""

    def __init__(self, c, a=0):
        self.c, self.a = c, a

    def at(self, v):
        return self.c if self.a == 0 else self.c + self.a * v


class Alias:
    def __init__(self, name, root, off, mutable=False):
        self.name, self.root, self.off, self.mutable = name, root, off, mutable


class Loc:
    """A pointer: into a fixed root, or into element idx of a family, at element offset off."""

    def __init__(self, root=None, off=None, fam=None, idx=None):
        self.root, self.fam, self.idx = root, fam, idx
        self.off = off if isinstance(off, Aff) else Aff(off or 0)

    def concrete(self, v=None):
        r = self.root if self.root is not None else self.fam.roots[self.idx.at(v)]
        return r, self.off.at(v)


# kernels: name -> (params, ints, extent?, cost, body).  A param is (name, mode, extent text,
# nullable).  Bodies keep values integral and below MOD.
KERNELS = {
    "k_axpy": ([("x", "in", "n", 0), ("y", "inout", "n", 0)], ["n"], 0,
               "flops = 2 * n, bytes = sizeof(float) * 3 * n",
               "for (int i = 0; i < n; i++)\n\t\ty[i] = mix(y[i] * 3 + x[i] + 1);"),
    "k_scale": ([("y", "inout", "n", 0)], ["n"], 0,
                "flops = n, bytes = sizeof(float) * 2 * n",
                "for (int i = 0; i < n; i++)\n\t\ty[i] = mix(y[i] * 5 + 2);"),
    "k_copy": ([("x", "in", "n", 0), ("y", "out", "n", 0)], ["n"], 0,
               "bytes = sizeof(float) * 2 * n",
               "for (int i = 0; i < n; i++)\n\t\ty[i] = x[i];"),
    "k_add": ([("a", "in", "n", 0), ("b", "in", "n", 0), ("c", "out", "n", 0)], ["n"], 0,
              "flops = 3 * n, bytes = sizeof(float) * 3 * n",
              "for (int i = 0; i < n; i++)\n\t\tc[i] = mix(a[i] * 2 + b[i] * 7 + 3);"),
    "k_opt": ([("x", "in", "n", 1), ("y", "inout", "n", 0)], ["n"], 0,
              "flops = 2 * n, us = 1",
              "for (int i = 0; i < n; i++)\n\t\ty[i] = mix(y[i] * 3 + (x ? x[i] * 2 : 5));"),
    "k_axpy_n": ([("x", "in", "n", 0), ("y", "inout", "n", 0)], ["n"], 1,
                 "flops = 2 * n, bytes = sizeof(float) * 3 * n",
                 "for (int i = 0; i < n; i++)\n\t\ty[i] = mix(y[i] * 7 + x[i] + 4);"),
    "k_bias_n": ([("y", "inout", "m * n", 0), ("b", "in", "n", 0)], ["m", "n"], 1,
                 "flops = 2 * m * n, bytes = sizeof(float) * (2 * m * n + n)",
                 "for (int i = 0; i < m; i++)\n\t\tfor (int j = 0; j < n; j++)\n"
                 "\t\t\ty[i * n + j] = mix(y[i * n + j] * 3 + b[j] + (float)i);"),
    "k_tr_n": ([("x", "in", "m * n", 0), ("y", "out", "m * n", 0)], ["m", "n"], 1,
               "bytes = sizeof(float) * 2 * m * n",
               "for (int i = 0; i < m; i++)\n\t\tfor (int j = 0; j < n; j++)\n"
               "\t\t\ty[j * m + i] = mix(x[i * n + j] * 2 + (float)j);"),
    "k_slow": ([("x", "in", "n", 0), ("y", "inout", "n", 0)], ["n"], 1,
               "us = 40 * n",
               "for (int i = 0; i < n; i++)\n\t\ty[i] = mix(y[i] * 11 + x[i] + 6);"),
    "k_opt_n": ([("x", "in", "n", 0), ("y", "out", "n", 0), ("bias", "in", "n", 1)], ["n"], 1,
                "flops = 2 * n, bytes = sizeof(float) * 3 * n",
                "for (int i = 0; i < n; i++)\n\t\ty[i] = mix(x[i] * 3 + (bias ? bias[i] : 1));"),
}

# kernels whose every output element is one function of the same-index input elements (not
# of its position)
ELEMENTWISE = ("k_axpy", "k_scale", "k_copy", "k_add", "k_opt", "k_axpy_n", "k_opt_n", "k_slow")

# kernels whose parameters are not all float pointers and ints: name -> (declaration, body)
XKERNELS = {
    "k_addc": ("DAGCC_COMPUTE(flops = 2 * n, bytes = sizeof(float) * 2 * n)\n"
               "%svoid k_addc(dagcc_stream_t s, DAGCC_INOUT float *y, float c, int n);",
               "%svoid k_addc(dagcc_stream_t s, float *y, float c, int n)\n{\n\t(void)s;\n"
               "\tfor (int i = 0; i < n; i++)\n\t\ty[i] = mix(y[i] * 3 + mix(c) + 1);\n}"),
    "k_sum": ("DAGCC_COMPUTE(flops = 2 * n, bytes = sizeof(float) * (n + 1))\n"
              "%svoid k_sum(dagcc_stream_t s, DAGCC_OUT float *out, DAGCC_IN const float *x, int n);",
              "%svoid k_sum(dagcc_stream_t s, float *out, const float *x, int n)\n{\n\t(void)s;\n"
              "\tfloat acc = 1;\n\tfor (int i = 0; i < n; i++)\n\t\tacc = mix(acc * 3 + x[i]);\n"
              "\tout[0] = acc;\n}"),
    "k_icount": ("DAGCC_COMPUTE(flops = n, bytes = sizeof(float) * n)\n"
                 "%svoid k_icount(dagcc_stream_t s, DAGCC_INOUT int *c, DAGCC_IN const float *x, int n);",
                 "%svoid k_icount(dagcc_stream_t s, int *c, const float *x, int n)\n{\n\t(void)s;\n"
                 "\tfor (int i = 0; i < n; i++)\n\t\t*c = (int)mix((float)(*c * 3) + x[i]);\n}"),
}

NAMES = ["w", "b", "x", "y", "h", "act", "grad", "wq", "wk", "ln", "mlp", "dw", "db", "out",
         "res", "acc", "hid", "emb", "qkv", "att"]


class Program:
    """One graph, generated from its seed."""

    def __init__(self, seed, idioms=DEFAULT_IDIOMS):
        self.seed = seed
        self.rng = random.Random("dagcc-soundness-%d" % seed)
        self.idioms = set(idioms)
        self.tags = set()
        self.fn = "g%d" % seed
        self.pre = []  # text before the graph: macros, struct, accessors
        self.undef = []  # macros to #undef after it
        self.body = []  # the graph body's lines (tab-indented)
        self.ops = []  # concrete operations in program order: (kind, reads, writes)
        # one-line top-level calls: (body line index, reads, writes, compute?, op index, kind)
        self.stmts = []
        self.stmt = None
        self.kernels = set()
        self.aliases = []
        self.recent = []  # recently written regions (root, off, n)
        self.nameuse = {}
        self.macros = {}  # role -> macro name
        self.accessors = {}
        self.ncoll = 0
        self.hostuse = {}  # HOSTIDIOMS idiom -> whether this program uses it
        self.hooks = set()  # host functions defined
        self.hookvars = {}  # "local" / "table" -> the local naming them
        self.hookmember = False  # the struct has a function pointer member, set in main
        self.structcopy = None  # the struct local copied from *m
        self.rankform = None  # how the rank in pp is spelled: "call", "local" or "param"
        self.rankname = None  # its text
        self.sizename = None  # the text of pp's size
        self.uses_pp = False  # the body names pp
        self.rankdep = False  # the body depends on the rank in pp
        # the header idiom draws from its own generator: the other idioms' text is the same
        self.trips = None  # rtloop: the trips main gives the graph's ntrip
        self.inloop = 0  # run-time loops around what is emitted: a tab further in each, no locals
        self.hrng = random.Random("dagcc-soundness-header-%d" % seed)
        self.header = "header" in self.idioms and self.hrng.random() < 0.5
        self.headers = {}  # file name -> text, when text() puts pre in headers
        self.build()

    # -- helpers ---------------------------------------------------------------------------
    def on(self, idiom, p=1.0):
        return idiom in self.idioms and self.rng.random() < p

    def fresh(self, base):
        k = self.nameuse.get(base, 0)
        self.nameuse[base] = k + 1
        return base if k == 0 else "%s%d" % (base, k)

    def macro(self, base):
        name = self.fresh(base)
        self.undef.append(name)
        return name

    def tag(self, t):
        self.tags.add(t)

    def hidden(self, text, base):
        """text, or in some of a header program's loops an object-like macro for it, whose
        body names what the call does not show (the loop variable, a per-copy local)."""
        if not self.header or self.hrng.random() < 0.5:
            return text
        name = self.macro(base)
        self.pre.append("#define %s %s" % (name, text))
        self.tag("header")
        return name

    # -- memory ----------------------------------------------------------------------------
    def setup_roots(self):
        rng = self.rng
        self.roots = []
        self.params = []  # (C type, name)
        pnames = rng.sample(["base", "act", "grads", "params", "buf", "ws"], rng.randint(1, 3))
        for name in ["g", "s", "m", "mix", "pp", "stage"] + pnames:
            self.nameuse[name] = 1
        for name in pnames:
            r = Root(name, 16 * rng.randint(6, 16), "param")
            self.roots.append(r)
            self.params.append(("float *", name))
        self.fams = []
        self.struct = None
        if "struct" in self.idioms or "accessor" in self.idioms:
            if rng.random() < 0.55:
                fields = []
                for field in rng.sample(["w", "g", "act", "m1"], rng.randint(1, 2)):
                    k = rng.randint(2, 4)
                    size = 16 * rng.randint(2, 5)
                    roots = [Root("m->%s[%d]" % (field, i), size, "marr") for i in range(k)]
                    fam = Family(field, roots)
                    for i, r in enumerate(roots):
                        r.fam, r.idx = fam, i
                    self.fams.append(fam)
                    self.roots += roots
                    fields.append("float *%s[%d];" % (field, k))
                flat = None
                if rng.random() < 0.5:
                    flat = Root("m->flat", 16 * rng.randint(4, 10), "member")
                    self.roots.append(flat)
                    fields.append("float *flat;")
                if fields and self.host("fnptr") and rng.random() < 0.5:
                    fields.append("void (*hook)(float *, int);")
                    self.hookmember = True
                if fields:
                    self.struct = "%s_model" % self.fn
                    self.pre.append("struct %s {\n%s\n};" % (
                        self.struct, "\n".join("\t" + f for f in fields)))
                    self.params.append(("struct %s *" % self.struct, "m"))
                    self.tag("struct")
                    if self.hookmember:
                        self.hookfn(0)

    def root_text(self, root, v=None, idx=None):
        """The root's own spelling; idx: an Aff for a family element inside a loop."""
        rng = self.rng
        if root.kind in ("param", "temp", "local"):
            return root.key
        if root.kind == "member":
            pf = self.macros.get("pp:flat")
            if pf and rng.random() < 0.5:
                self.tag("ptrptr")
                return "*%s" % pf if rng.random() < 0.6 else "%s[0]" % pf
            if self.on("ptrptr", 0.1):
                self.tag("ptrptr")
                return rng.choice(["*&m->flat", "*&(*m).flat"])
            if self.on("deref", 0.2):
                self.tag("deref")
                return "(*m).flat"
            return "m->flat"
        fam = root.fam
        i = self.aff_text(idx if idx is not None else Aff(root.idx), v, small=True)
        m = self.macros.get("fam:" + fam.field)
        if m and rng.random() < 0.5:
            self.tag("slice")
            return "%s(%s)" % (m, i)
        ws = self.macros.get("ws:" + fam.field)
        if ws and rng.random() < 0.4:
            self.tag("struct")
            if rng.random() < 0.5:
                self.tag("spelling")
                return "*(%s + %s)" % (ws, i) if i != "0" else "*%s" % ws
            return "%s[%s]" % (ws, i)
        if self.on("deref", 0.1):
            self.tag("deref")
            return "(*m).%s[%s]" % (fam.field, i)
        if self.on("ptrptr", 0.12):
            self.tag("ptrptr")
            r = rng.random()
            if r < 0.4:
                return "*&m->%s[%s]" % (fam.field, i)
            if r < 0.7:
                return "(&m->%s[0])[%s]" % (fam.field, i)
            return "*(&m->%s[0] + %s)" % (fam.field, i)
        if self.on("spelling", 0.25):
            self.tag("spelling")
            if rng.random() < 0.6:
                return "*(m->%s + %s)" % (fam.field, i) if i != "0" else "*m->%s" % fam.field
            return "(m->%s)[%s]" % (fam.field, i)
        return "m->%s[%s]" % (fam.field, i)

    def int_text(self, c):
        """A constant integer, spelled various ways."""
        rng = self.rng
        if c > 0 and self.on("spelling", 0.15):
            self.tag("spelling")
            for d in (8, 4, 2):
                if c % d == 0 and c // d > 1:
                    return "%d * %d" % (c // d, d)
        if c >= 8 and self.on("carve", 0.08):
            name = self.macro("OFF%d" % c)
            self.pre.append("#define %s %d" % (name, c))
            self.tag("carve")
            return name
        return str(c)

    def aff_text(self, aff, v, small=False):
        rng = self.rng
        if aff.a == 0 or v is None:
            return str(aff.at(v)) if small else self.int_text(aff.at(v))
        a, c = aff.a, aff.c
        vt = v if a == 1 else ("%s * %d" % (v, a) if rng.random() < 0.7 else "%d * %s" % (a, v))
        if a != 1 and rng.random() < 0.3:
            lm = self.macros.get("stride:%d" % a)
            if lm is None and "carve" in self.idioms:
                lm = self.macros["stride:%d" % a] = self.macro("LSTRIDE" if a != 1 else "ONE")
                self.pre.append("#define %s %d" % (lm, a))
            if lm:
                self.tag("carve")
                vt = "%s * %s" % (v, lm)
        if c == 0:
            return vt
        if a != 1 and c % a == 0 and rng.random() < 0.4:
            return "(%s + %d) * %d" % (v, c // a, a)
        return "%s + %d" % (vt, c) if rng.random() < 0.7 else "%d + %s" % (c, vt)

    def spell(self, loc, v=None, mode="out"):
        """A C expression for the pointer loc (v: the loop variable's name)."""
        rng = self.rng
        if loc.root is not None and loc.root.kind in ("temp", "local"):
            base, boff = loc.root.key, 0
        else:
            base, boff = None, 0
        # through a local pointer into the same root at an offset at or before ours
        if base is None and loc.root is not None and self.aliases and "alias" in self.idioms \
                and rng.random() < 0.6:
            cands = [a for a in self.aliases if a.root is loc.root and a.off <= loc.off.c]
            if cands:
                a = rng.choice(cands)
                base, boff = a.name, a.off
                self.tag("reassign" if a.mutable else "alias")
        if base is None:
            idx = loc.idx if loc.fam is not None else None
            root = loc.root if loc.root is not None else loc.fam.roots[0]
            base = self.root_text(root, v, idx)
        rel = Aff(loc.off.c - boff, loc.off.a)
        text = self.offset_text(base, rel, v)
        if self.on("spelling", 0.08):
            self.tag("spelling")
            text = "(float *)(void *)(%s)" % text
        elif mode == "in" and self.on("spelling", 0.08):
            self.tag("spelling")
            text = "(const float *)%s" % self.paren(text)
        return text

    @staticmethod
    def paren(t):
        simple = all(ch.isalnum() or ch in "_>-[]." for ch in t) and not t.startswith("*")
        return t if simple else "(%s)" % t

    def offset_text(self, base, rel, v):
        rng = self.rng
        sl = self.macros.get("slice")
        if sl and rel.a in (0, sl[1]) and rel.c >= sl[1] and rng.random() < 0.6:
            st = sl[1]
            k, rem = rel.c // st, rel.c % st
            kt = self.aff_text(Aff(k, 1 if rel.a else 0), v if rel.a else None, small=True)
            t = "%s(%s, %s)" % (sl[0], base, kt)
            self.tag("slice")
            return t if rem == 0 else "%s + %d" % (t, rem)
        if rel.a == 0 and rel.c == 0:
            if self.on("spelling", 0.15):
                self.tag("spelling")
                return "&%s[0]" % self.paren(base) if rng.random() < 0.6 else "&*%s" % self.paren(base)
            return base
        off = self.aff_text(rel, v)
        r = rng.random()
        if r < 0.25 and "spelling" in self.idioms:
            self.tag("spelling")
            return "&%s[%s]" % (self.paren(base), off)
        if r < 0.32 and "spelling" in self.idioms and rel.a == 0 and rel.c >= 8:
            self.tag("spelling")
            c1 = 4 * rng.randint(1, rel.c // 4 - 1)
            return "&%s[%d] + %d" % (self.paren(base), c1, rel.c - c1)
        if r < 0.36 and "spelling" in self.idioms and rel.a == 0:
            self.tag("spelling")
            return "%s + %s" % (off, base)
        if "+" in off and rng.random() < 0.5:
            off = "(%s)" % off
        return "%s + %s" % (base, off)

    # -- choosing memory -------------------------------------------------------------------
    def pick(self, n, avoid=(), roots=None, want_recent=0.7):
        """A region of n elements (offset a multiple of 4) overlapping none of avoid."""
        rng = self.rng
        roots = [r for r in (roots or self.roots) if r.size >= n]
        for attempt in range(60):
            if self.recent and rng.random() < want_recent and attempt < 40:
                r, o, m = rng.choice(self.recent[-6:])
                if r not in roots:
                    continue
                lo = max(0, o - n + 4)
                hi = min(r.size - n, o + m - 4)
                if hi < lo:
                    continue
                off = 4 * rng.randint((lo + 3) // 4, hi // 4)
            else:
                r = rng.choice(roots)
                off = 4 * rng.randint(0, (r.size - n) // 4)
            if off + n > r.size or off < 0:
                continue
            if any(a[0] is r and a[1] < off + n and off < a[1] + a[2] for a in avoid):
                continue
            return r, off
        return None

    def count(self, hi=32):
        return self.rng.choice([c for c in (4, 8, 12, 16, 16, 24, 32) if c <= hi])

    def record(self, kind, reads, writes, red=None, shape=None):
        """Model one executed operation (kind: a kernel's or a collective's name): its regions,
        recency and reduction levels; a one-line statement noted in self.stmt gets its entry."""
        if self.stmt is not None:
            self.stmts.append((self.stmt, reads, writes, kind.startswith("k_"), len(self.ops), kind))
            self.stmt = None
        self.ops.append((kind, reads, writes, shape))
        for w in writes:
            if w[2] >= 4 and w[1] % 4 == 0:  # single elements a host statement wrote are not regions
                self.recent.append(w)
        self.recent = self.recent[-10:]
        if red is not None:
            src, dst = red
            dst.level = max(dst.level, src.level + 1)
        else:
            for (r, _, _) in writes:
                for (q, _, _) in reads:
                    r.level = max(r.level, q.level)

    # -- statements ------------------------------------------------------------------------
    def emit(self, line, depth=1):
        self.body.append("\t" * (depth + self.inloop) + line)
        return len(self.body) - 1

    def kernel_call(self, name, locs, ints, v=None):
        """The text of a kernel call; locs: param name -> Loc or None (NULL)."""
        params, intnames, ext, _, _ = KERNELS[name]
        self.kernels.add(name)
        if ext:
            self.tag("extent")
        args = []
        for (p, mode, _, _) in params:
            loc = locs[p]
            if loc is None:
                self.tag("null")
                null = self.macros.get("null")
                if null is None and self.rng.random() < 0.25:
                    # a local that holds NULL, declared first thing in the body (text())
                    null = self.macros["null"] = self.fresh("none")
                    args.append(null)
                elif null and self.rng.random() < 0.7:
                    args.append(null)
                else:
                    args.append(self.rng.choice(["NULL", "NULL", "(const float *)0", "(void *)0"]))
            else:
                args.append(self.spell(loc, v, mode))
        ints_t = [self.int_text(ints[k]) if v is None or isinstance(ints[k], int) else ints[k]
                  for k in intnames]
        mname = self.macros.get("call:" + name)
        if mname is None and self.on("callmacro", 0.25):
            mname = self.macro(name[2:].upper())
            pl = ", ".join([p[0] for p in params] + intnames)
            self.pre.append("#define %s(%s) %s(s, %s)" % (mname, pl, name, pl))
            self.macros["call:" + name] = mname
        if mname and self.rng.random() < 0.7:
            self.tag("callmacro")
            return "%s(%s);" % (mname, ", ".join(args + ints_t))
        return "%s(s, %s);" % (name, ", ".join(args + ints_t))

    def kernel_regions(self, name, locs, ints, v=None):
        params, intnames, _, _, _ = KERNELS[name]
        n = ints["n"] if "m" not in ints else ints["m"] * ints["n"]
        reads, writes = [], []
        for (p, mode, ext, _) in params:
            loc = locs[p]
            if loc is None:
                continue
            r, o = loc.concrete(v)
            cnt = ints["n"] if ext == "n" else n
            if mode in ("in", "inout"):
                reads.append((r, o, cnt))
            if mode in ("out", "inout"):
                writes.append((r, o, cnt))
        return reads, writes

    def choose_kernel(self):
        rng = self.rng
        ks = ["k_axpy", "k_axpy", "k_scale", "k_copy", "k_add"]
        if "null" in self.idioms:
            ks += ["k_opt"]
        if "extent" in self.idioms:
            ks += ["k_axpy_n", "k_axpy_n", "k_bias_n", "k_tr_n", "k_opt_n"]
        return rng.choice(ks)

    def plan_kernel(self, name):
        """Concrete regions for one call of kernel name: (locs, ints) or None."""
        rng = self.rng
        params, intnames, _, _, _ = KERNELS[name]
        if "m" in intnames:
            m, n = rng.choice([(2, 4), (4, 4), (2, 8), (4, 8), (3, 4)])
            ints = {"m": m, "n": n}
        else:
            ints = {"n": self.count()}
        locs, taken = {}, []
        order = sorted(params, key=lambda p: p[1] == "in")  # outputs first: reads follow them
        for (p, mode, ext, nullable) in order:
            cnt = ints["n"] if ext == "n" else ints.get("m", 1) * ints["n"]
            if nullable and "null" in self.idioms and rng.random() < 0.4:
                locs[p] = None
                continue
            got = self.pick(cnt, taken, want_recent=0.8 if mode == "in" else 0.5)
            if got is None:
                return None
            r, o = got
            taken.append((r, o, cnt))
            locs[p] = Loc(r, o)
        return locs, ints

    def top_kernel(self):
        name = self.choose_kernel()
        plan = self.plan_kernel(name)
        if plan is None:
            return
        locs, ints = plan
        self.maybe_alias([l for l in locs.values() if l is not None])
        text = self.kernel_call(name, locs, ints)
        reads, writes = self.kernel_regions(name, locs, ints)
        i = self.emit(text)
        self.stmt = i
        self.record(name, reads, writes, shape=ints)

    def maybe_alias(self, locs):
        """Sometimes declare a local pointer for one of these regions first."""
        if self.inloop or not locs or not self.on("alias", 0.3):
            return
        loc = self.rng.choice(locs)
        r, o = loc.concrete()
        if r.kind == "temp":
            return
        back = 4 * self.rng.randint(0, o // 4) if self.rng.random() < 0.3 else o
        self.declare(r, back)

    def declare(self, r, off, name=None, mutable=False):
        name = name or self.fresh(self.rng.choice(NAMES))
        text = self.spell(Loc(r, off))
        const = "" if mutable or self.rng.random() < 0.7 else "const "
        self.emit("float *%s%s = %s;" % (const, name, text))
        a = Alias(name, r, off, mutable)
        self.aliases.append(a)
        self.tag("alias")
        if r.kind == "marr" and off == 0:
            self.tag("struct")
        return a

    def reducible(self, r):
        """A reduction may write r: inside a run-time loop, one per trip"""
        return r.level + (self.trips ** self.inloop if self.inloop else 0) < MAXLEVEL

    def coll_text(self, kind, args):
        """A collective call, maybe through a function-like macro."""
        rng = self.rng
        op = args.get("op", "DAGCC_SUM")
        key = "coll:%s:%s" % (kind, op)
        m = self.macros.get(key)
        if m is None and self.on("callmacro", 0.3):
            m = self.macro({"all_reduce": "REDUCE", "broadcast": "BCAST", "all_gather": "GATHER",
                            "reduce_scatter": "SCATTER"}[kind] + ("_AVG" if op == "DAGCC_AVG" else ""))
            if kind == "all_reduce":
                d = "#define %s(p, n) dagcc_all_reduce(g, p, n, DAGCC_F32, %s, s)" % (m, op)
            elif kind == "broadcast":
                d = "#define %s(p, n) dagcc_broadcast(g, p, n, DAGCC_F32, 0, s)" % m
            elif kind == "all_gather":
                d = "#define %s(x, y, n) dagcc_all_gather(g, x, y, n, DAGCC_F32, s)" % m
            else:
                d = "#define %s(x, y, n) dagcc_reduce_scatter(g, x, y, n, DAGCC_F32, %s, s)" % (m, op)
            self.pre.append(d)
            self.macros[key] = m
        self.ncoll += 1
        if m and rng.random() < 0.75:
            self.tag("callmacro")
            if kind in ("all_reduce", "broadcast"):
                return "%s(%s, %s);" % (m, args["p"], args["n"])
            return "%s(%s, %s, %s);" % (m, args["x"], args["y"], args["n"])
        if kind == "all_reduce":
            return "dagcc_all_reduce(g, %s, %s, DAGCC_F32, %s, s);" % (args["p"], args["n"], op)
        if kind == "broadcast":
            return "dagcc_broadcast(g, %s, %s, DAGCC_F32, 0, s);" % (args["p"], args["n"])
        if kind == "all_gather":
            return "dagcc_all_gather(g, %s, %s, %s, DAGCC_F32, s);" % (args["x"], args["y"], args["n"])
        return "dagcc_reduce_scatter(g, %s, %s, %s, DAGCC_F32, %s, s);" % (
            args["x"], args["y"], args["n"], op)

    def top_collective(self):
        rng = self.rng
        kinds = ["all_reduce"] * 4 + ["all_gather", "reduce_scatter"]
        if "broadcast" in self.idioms:
            kinds.append("broadcast")
        kind = rng.choice(kinds)
        op = rng.choice(["DAGCC_SUM", "DAGCC_SUM", "DAGCC_AVG"])
        if kind in ("all_reduce", "broadcast"):
            n = self.count()
            roots = [r for r in self.roots if self.reducible(r)] if kind == "all_reduce" else None
            if roots == []:
                return
            got = self.pick(n, roots=roots, want_recent=0.85)
            if not got:
                return
            r, o = got
            self.maybe_alias([Loc(r, o)])
            text = self.coll_text(kind, {"p": self.spell(Loc(r, o)), "n": self.int_text(n), "op": op})
            i = self.emit(text)
            self.stmt = i
            self.record(kind, [(r, o, n)], [(r, o, n)], red=(r, r) if kind == "all_reduce" else None)
            if kind == "broadcast":
                self.tag("broadcast")
            return
        c = rng.choice([4, 8])
        if kind == "all_gather":
            src = self.pick(c, want_recent=0.85)
            if not src:
                return
            dst = self.pick(c * MAXNP, avoid=[(src[0], src[1], c)], want_recent=0.3)
            if not dst:
                return
            reads, writes = [(src[0], src[1], c)], [(dst[0], dst[1], c * MAXNP)]
            red = None
        else:
            src = self.pick(c * MAXNP, roots=[r for r in self.roots if self.reducible(r)],
                            want_recent=0.85)
            if not src:
                return
            dst = self.pick(c, avoid=[(src[0], src[1], c * MAXNP)], want_recent=0.3)
            if not dst:
                return
            reads, writes = [(src[0], src[1], c * MAXNP)], [(dst[0], dst[1], c)]
            red = (src[0], dst[0])
        self.maybe_alias([Loc(*src), Loc(*dst)])
        text = self.coll_text(kind, {"x": self.spell(Loc(*src), mode="in"),
                                     "y": self.spell(Loc(*dst)), "n": self.int_text(c), "op": op})
        i = self.emit(text)
        self.stmt = i
        self.record(kind, reads, writes, red=red)

    def block_rtloop(self):
        """A loop whose trip count is the graph's parameter ntrip (main passes TRIPS[seed % 5]):
        two to five plain kernel calls and collectives, straight-line, so that dagcc makes it a
        loop node (and may rotate it); sometimes a loop of the same kind inside, with work
        before and after it (steps and micro-batches). The model runs its operations ntrip
        times; its statements are not the mutants' (a loop of no trips hides what they break)."""
        rng = self.rng
        first = self.trips is None  # the graph takes ntrip only if a loop stays
        if first:
            self.trips = TRIPS[self.seed % len(TRIPS)]
        v = self.fresh(rng.choice(["step", "mb", "t"]))
        cond = rng.choice(["%s < ntrip", "ntrip > %s", "%s != ntrip"]) % v
        inc = rng.choice(["%s++", "++%s", "%s += 1"]) % v
        head = self.emit("for (int %s = 0; %s; %s) {" % (v, cond, inc))
        nops, nstmts = len(self.ops), len(self.stmts)
        self.inloop += 1
        for _ in range(rng.randint(2, 5)):
            if self.inloop == 1 and rng.random() < 0.15:
                self.block_rtloop()
            else:
                rng.choice([self.top_kernel] * 2 + [lambda: self.trip_kernel(v)] +
                           [self.top_collective] * 2)()
        self.inloop -= 1
        body = self.ops[nops:]
        del self.stmts[nstmts:]
        if not body:
            del self.body[head:]
            if first:
                self.trips = None
            return
        self.emit("}")
        self.tag("rtloop")
        # the trips after the first: the model's operations (a trip_kernel's regions at each
        # trip's value of the variable), and the levels reductions reach
        del self.ops[nops:]
        for k in range(self.trips):
            self.ops.extend(op if op[0] != "@trip" else (op[2], *op[1][k], op[3]) for op in body)
        for _ in range(self.trips - 1):
            for kind, reads, writes, _ in (op if op[0] != "@trip" else (op[2], *op[1][0], op[3])
                                           for op in body):
                for (r, _, _) in writes:
                    for (q, _, _) in reads:
                        r.level = max(r.level, q.level + (kind in ("all_reduce", "reduce_scatter")))

    def trip_kernel(self, v):
        """In a run-time loop's body, a kernel on slice v of a root (v: the loop's variable, as
        gradient accumulation reads micro-batch mb's tokens): its offset moves by a stride each
        trip. The model gets each trip's regions (an "@trip" entry its loop expands)."""
        rng = self.rng
        t = max(self.trips, 1)
        st = rng.choice((4, 8, 16))
        n = rng.choice([c for c in (4, 8) if c <= st])
        span = (t - 1) * st + n
        cands = [r for r in self.roots if r.size >= span + 4]
        if not cands:
            return
        r = rng.choice(cands)
        c0 = 4 * rng.randint(0, (r.size - span) // 4)
        slice_ = Loc(r, Aff(c0, st))
        name = rng.choice(["k_scale", "k_axpy", "k_axpy"])
        if name == "k_scale":
            locs = {"y": slice_}
        else:
            got = self.pick(n, [(r, c0, span)], want_recent=0.6)
            if got is None:
                return
            locs = {"x": slice_, "y": Loc(*got)} if rng.random() < 0.5 else \
                {"x": Loc(*got), "y": slice_}
        ints = {"n": n}
        call = self.kernel_call(name, locs, ints, v)
        if rng.random() < 0.4:
            # through a local the body declares from v (float *x = buf + c + v * st;), which a
            # late node reads as its trip had it
            local = self.fresh(rng.choice(NAMES))
            self.emit("%sfloat *%s = %s;" % (rng.choice(["", "const "]) if "x" in locs and
                                             locs["x"] is slice_ else "", local,
                                             self.spell(slice_, v)))
            args = [local if locs[p] is slice_ else self.spell(locs[p], v, mode)
                    for (p, mode, _, _) in KERNELS[name][0]]
            call = "%s(s, %s);" % (name, ", ".join(args + [str(n)]))
        self.emit(call)
        trips = [self.kernel_regions(name, locs, ints, k) for k in range(t)]
        self.record(name, *trips[0], shape=ints)
        self.ops[-1] = ("@trip", trips, name, ints)
        self.tag("rtloop")

    def ensure_slice_macro(self, st):
        if "slice" not in self.idioms:
            return None
        sl = self.macros.get("slice")
        if sl is None or sl[1] != st:
            name = self.macro("SLICE")
            self.pre.append("#define %s(b, l) ((b) + (l) * %d)" % (name, st))
            self.macros["slice"] = sl = (name, st)
        return sl

    # -- blocks ----------------------------------------------------------------------------
    def carve(self):
        """Name tensors inside a flat parameter, with #define'd offsets."""
        rng = self.rng
        r = rng.choice([x for x in self.roots if x.kind in ("param", "member")] or self.roots)
        cuts = sorted(rng.sample(range(4, r.size // 4), min(rng.randint(1, 3), r.size // 4 - 4)))
        offs = [0] + [4 * c for c in cuts]
        for o in offs:
            name = self.fresh(rng.choice(NAMES))
            mac = self.macro("OFF_" + name.upper())
            self.pre.append("#define %s %d" % (mac, o))
            base = self.root_text(r)
            self.emit("float *%s = %s + %s;" % (name, base, mac) if rng.random() < 0.8 or o == 0
                      else "float *%s = &%s[%s];" % (name, self.paren(base), mac))
            self.aliases.append(Alias(name, r, o))
        self.tag("carve")

    def struct_locals(self):
        if not self.fams:
            return
        fam = self.rng.choice(self.fams)
        ws = self.fresh(fam.field + "s")
        self.emit("float **%s = m->%s;" % (ws, fam.field))
        self.macros["ws:" + fam.field] = ws
        self.tag("struct")

    def ptrptr_locals(self):
        """float **pf = &m->flat; (spelled *pf and pf[0] for m->flat), or the address of a
        parameter (float **pb = &base;), which dagcc then does not follow."""
        rng = self.rng
        flat = [r for r in self.roots if r.kind == "member"]
        if flat and rng.random() < 0.8:
            pf = self.fresh("pf")
            self.emit("float **%s = %s;" % (pf, rng.choice(["&m->flat", "&(*m).flat", "&*&m->flat"])))
            self.macros["pp:flat"] = pf
            self.tag("ptrptr")
            return
        params = [r for r in self.roots if r.kind == "param"]
        if params:
            r = rng.choice(params)
            pb = self.fresh("p" + r.key)
            self.emit("float **%s = &%s;" % (pb, r.key))
            self.tag("ptrptr")
            self.kernels.add("k_scale")
            n = self.count(min(16, r.size))
            i = self.emit("k_scale(s, *%s, %d);" % (pb, n))
            self.stmt = i
            self.record("k_scale", [(r, 0, n)], [(r, 0, n)])

    def block_ptrptr(self):
        """A pointer member set through a pointer to it, used, and put back; or a local pointer
        used through its address."""
        rng = self.rng
        slots = [r for r in self.roots if r.kind in ("member", "marr")]
        others = [r for r in self.roots if r.kind == "param"]
        if not slots or not others or rng.random() < 0.3:
            got = self.pick(self.count(16))
            if not got:
                return
            r, o = got
            n = min(self.count(16), r.size - o)
            p, q = self.fresh("p"), self.fresh("q")
            self.emit("float *%s = %s;" % (p, self.spell(Loc(r, o))))
            self.emit("float **%s = &%s;" % (q, p))
            self.kernels.add("k_scale")
            i = self.emit("k_scale(s, %s, %d);" % (rng.choice(["*%s" % q, "%s[0]" % q, "*&*%s" % q]), n))
            self.stmt = i
            self.record("k_scale", [(r, o, n)], [(r, o, n)])
            self.tag("ptrptr")
            return
        r = rng.choice(slots)
        slot = "m->flat" if r.kind == "member" else "m->%s[%d]" % (r.fam.field, r.idx)
        o = rng.choice([x for x in others if x.size >= r.size] or others)
        pp, save = self.fresh("pp"), self.fresh("save")
        self.emit("float **%s = &%s;" % (pp, slot))
        self.emit("float *%s = *%s;" % (save, pp))
        n = self.count(min(16, r.size, o.size))
        self.kernels.add("k_scale")
        i = self.emit("k_scale(s, %s, %d);" % (rng.choice(["*%s" % pp, "%s[0]" % pp, save]), n))
        self.stmt = i
        self.record("k_scale", [(r, 0, n)], [(r, 0, n)])
        off = 4 * rng.randint(0, (o.size - n) // 4)
        self.emit("*%s = %s;" % (pp, o.key if off == 0 else "%s + %d" % (o.key, off)))
        # now slot names o + off
        for _ in range(rng.randint(1, 2)):
            text = rng.choice([slot, "*%s" % pp, "%s[0]" % pp])
            if rng.random() < 0.5 and self.reducible(o):
                i = self.emit(self.coll_text("all_reduce", {"p": text, "n": str(n), "op": "DAGCC_SUM"}))
                self.stmt = i
                self.record("all_reduce", [(o, off, n)], [(o, off, n)], red=(o, o))
            else:
                rest = [x for x in self.roots if x is not r]  # r's slot names o now
                src = self.pick(n, avoid=[(o, off, n)], roots=rest) if rest else None
                if not src:
                    continue
                self.kernels.add("k_axpy")
                i = self.emit("k_axpy(s, %s, %s, %d);" % (self.spell(Loc(*src), mode="in"), text, n))
                self.stmt = i
                self.record("k_axpy", [(src[0], src[1], n), (o, off, n)], [(o, off, n)])
        self.emit(rng.choice(["*%s = %s;" % (pp, save), "%s = %s;" % (slot, save)]))
        self.tag("ptrptr")

    def fam_macro(self):
        if not self.fams or "slice" not in self.idioms:
            return
        fam = self.rng.choice(self.fams)
        name = self.macro(fam.field.upper() + "_OF")
        self.pre.append("#define %s(i) (m->%s[(i)])" % (name, fam.field))
        self.macros["fam:" + fam.field] = name

    def block_loop(self):
        """A loop over layers: slices of one root at a stride, or a struct's pointer array."""
        rng = self.rng
        v = self.fresh(rng.choice(["l", "i", "layer"]))
        body_ops = []
        if self.fams and rng.random() < 0.5:
            fam = rng.choice(self.fams)
            k = len(fam.roots)
            size = min(r.size for r in fam.roots)
            fixed = [r for r in self.roots if r.fam is not fam]
            kinds = rng.sample(["chain", "scale", "reduce", "mix"], rng.randint(1, 2))
            n = self.count(size)
            iters = k
            for kind in kinds:
                if kind == "chain":
                    body_ops.append(("k_axpy", {"x": Loc(fam=fam, idx=Aff(0, 1)),
                                                "y": Loc(fam=fam, idx=Aff(1, 1))}, {"n": n}))
                    iters = k - 1
                elif kind == "reduce" and all(self.reducible(r) for r in fam.roots):
                    body_ops.append(("all_reduce", Loc(fam=fam, idx=Aff(0, 1)), n))
                elif kind == "mix" and fixed:
                    got = self.pick(n, roots=fixed)
                    if got:
                        body_ops.append(("k_axpy", {"x": Loc(*got), "y": Loc(fam=fam, idx=Aff(0, 1))},
                                         {"n": n}))
                else:
                    body_ops.append(("k_scale", {"y": Loc(fam=fam, idx=Aff(0, 1))}, {"n": n}))
            self.tag("struct")
        else:
            cands = [r for r in self.roots if r.size >= 32]
            if not cands:
                return
            r = rng.choice(cands)
            st = rng.choice([s for s in (8, 16, 32) if 3 * s <= r.size] or [8])
            iters = rng.randint(2, min(6, r.size // st - 1))
            c0 = 4 * rng.randint(0, (r.size - (iters + 1) * st) // 4)
            if rng.random() < 0.7:
                self.ensure_slice_macro(st)
            n = rng.choice([c for c in (4, 8, 16) if c <= st])
            others = [x for x in self.roots if x is not r]
            kinds = rng.sample(["chain", "scale", "reduce", "other"], rng.randint(1, 3))
            for kind in kinds:
                if kind == "chain":
                    body_ops.append((rng.choice(["k_axpy", "k_axpy_n"] if "extent" in self.idioms
                                                else ["k_axpy"]),
                                     {"x": Loc(r, Aff(c0, st)), "y": Loc(r, Aff(c0 + st, st))},
                                     {"n": n}))
                elif kind == "reduce" and self.reducible(r):
                    body_ops.append(("all_reduce", Loc(r, Aff(c0, st)), n))
                elif kind == "other" and others:
                    o = rng.choice(others)
                    if o.size >= iters * n:
                        oc = 4 * rng.randint(0, (o.size - iters * n) // 4)
                        body_ops.append((rng.choice(["k_copy", "k_axpy"]),
                                         {"x": Loc(r, Aff(c0, st)), "y": Loc(o, Aff(oc, n))}, {"n": n}))
                else:
                    body_ops.append(("k_scale", {"y": Loc(r, Aff(c0 + st, st))}, {"n": n}))
        if not body_ops:
            return
        self.tag("loop")
        down = rng.random() < 0.35
        header = None
        if self.on("formacro", 0.4):
            mac = self.macro("FOR_LAYERS_REV" if down else "FOR_LAYERS")
            nl = self.macro("NLAYERS")
            self.pre.append("#define %s %d" % (nl, iters))
            if down:
                self.pre.append("#define %s(l) for (int l = %s - 1; l >= 0; l--)" % (mac, nl))
            else:
                self.pre.append("#define %s(l) for (int l = 0; l < %s; l++)" % (mac, nl))
            header = "%s(%s) {" % (mac, v)
            self.tag("formacro")
        elif down:
            step = rng.choice(["%s--", "%s--", "--%s", "%s -= 1", "%s = %s - 1"]).replace("%s", v)
            header = "for (int %s = %d; %s >= 0; %s) {" % (v, iters - 1, v, step)
        else:
            step = rng.choice(["%s++", "%s++", "++%s", "%s += 1", "%s = %s + 1"]).replace("%s", v)
            header = "for (int %s = 0; %s < %d; %s) {" % (v, v, iters, step)
        self.emit(header)
        # per-copy locals for some of the body's pointers; some operations under a condition
        # on the loop variable (constant in each copy)
        lines, conds = [], []
        for op in body_ops:
            cond, test = None, None
            if self.on("ifs", 0.25):
                cond, test = rng.choice([("%s > 0" % v, lambda it: it > 0),
                                         ("%s < %d" % (v, iters - 1), lambda it: it < iters - 1),
                                         ("%s %% 2 == 0" % v, lambda it: it % 2 == 0)])
                self.tag("ifs")
            conds.append(test)
            if op[0] == "all_reduce":
                loc, n = op[1], op[2]
                p = self.hidden(self.spell(loc, v), "AT_BUF")
                if self.on("alias", 0.3):
                    name = self.fresh(rng.choice(NAMES))
                    lines.append("float *%s = %s;" % (name, p))
                    p = self.hidden(name, "USE_" + name.upper())
                call = self.coll_text("all_reduce", {"p": p, "n": str(n),
                                                     "op": rng.choice(["DAGCC_SUM", "DAGCC_AVG"])})
                lines += ["if (%s)" % cond, "\t" + call] if cond else [call]
            else:
                name, locs, ints = op
                params = KERNELS[name][0]
                sub = {}
                decls = []
                for (p, mode, _, _) in params:
                    if self.on("alias", 0.3):
                        ln = self.fresh(rng.choice(NAMES))
                        decls.append("float *%s = %s;" % (ln, self.hidden(self.spell(locs[p], v),
                                                                          "AT_" + ln.upper())))
                        sub[p] = ln
                call = self.kernel_call(name, {p: locs[p] for p, _, _, _ in params}, ints, v)
                if sub:
                    # re-spell with the locals: rebuild the call with plain names
                    args = [self.hidden(sub[p], "USE_" + sub[p].upper()) if p in sub
                            else self.spell(locs[p], v, mode) for (p, mode, _, _) in params]
                    ints_t = [str(ints[k]) for k in KERNELS[name][1]]
                    call = "%s(s, %s);" % (name, ", ".join(args + ints_t))
                lines += decls + (["if (%s)" % cond, "\t" + call] if cond else [call])
        for ln in lines:
            self.emit(ln, 2)
        self.emit("}")
        order = range(iters - 1, -1, -1) if down else range(iters)
        for it in order:
            for op, test in zip(body_ops, conds):
                if test and not test(it):
                    continue
                if op[0] == "all_reduce":
                    r, o = op[1].concrete(it)
                    self.record("all_reduce", [(r, o, op[2])], [(r, o, op[2])], red=(r, r))
                else:
                    reads, writes = self.kernel_regions(op[0], op[1], op[2], it)
                    self.record(op[0], reads, writes)

    def block_geoloop(self):
        """A loop whose variable doubles or halves, used as an element offset:
        for (int k = 4; k <= 32; k *= 2) k_scale(s, base + k, 4);"""
        rng = self.rng
        n = 4
        cands = [r for r in self.roots if r.size >= 16 + n and r.kind != "temp"]
        if not cands:
            return
        r = rng.choice(cands)
        lo = rng.choice([1, 2, 4])
        vals = [lo]
        while vals[-1] * 2 + n <= r.size and len(vals) < 5:
            vals.append(vals[-1] * 2)
        vals = [4 * x for x in vals if 4 * x + n <= r.size]
        if len(vals) < 2:
            return
        v = self.fresh("k")
        down = rng.random() < 0.4
        if down:
            vals.reverse()
            inc = rng.choice(["%s /= 2", "%s >>= 1", "%s = %s / 2", "%s = %s >> 1"])
            header = "for (int %s = %d; %s >= %d; %s)" % (v, vals[0], v, vals[-1], inc.replace("%s", v))
        else:
            inc = rng.choice(["%s *= 2", "%s <<= 1", "%s = %s * 2", "%s += %s", "%s = 2 * %s"])
            header = "for (int %s = %d; %s <= %d; %s)" % (v, vals[0], v, vals[-1], inc.replace("%s", v))
        base = self.paren(self.root_text(r))
        kind = rng.choice(["k_scale", "k_axpy", "all_reduce"] if self.reducible(r) else ["k_scale", "k_axpy"])
        src = None
        if kind == "k_axpy":
            src = self.pick(n, avoid=[(r, 0, vals[0] + vals[-1] + n)])
            if not src:
                return
        self.emit(header + (" {" if rng.random() < 0.3 else ""))
        braced = self.body[-1].endswith("{")
        p = "%s + %s" % (base, v)
        if kind == "all_reduce":
            self.emit(self.coll_text("all_reduce", {"p": p, "n": str(n), "op": "DAGCC_SUM"}), 2)
        else:
            self.kernels.add(kind)
            if kind == "k_scale":
                self.emit("k_scale(s, %s, %d);" % (p, n), 2)
            else:
                self.emit("k_axpy(s, %s, %s, %d);" % (self.spell(Loc(*src), mode="in"), p, n), 2)
        if braced:
            self.emit("}")
        for o in vals:
            if kind == "all_reduce":
                self.record("all_reduce", [(r, o, n)], [(r, o, n)], red=(r, r))
            elif kind == "k_scale":
                self.record("k_scale", [(r, o, n)], [(r, o, n)])
            else:
                self.record("k_axpy", [(src[0], src[1], n), (r, o, n)], [(r, o, n)])
        self.tag("loop")

    def block_table(self):
        """float *const ptrs[] = {...}; const int nelem[] = {...}; for (...) op(ptrs[i], nelem[i])"""
        rng = self.rng
        k = rng.randint(2, 4)
        regs, taken = [], []
        coll = rng.random() < 0.6
        for _ in range(k):
            n = self.count(16)
            roots = [r for r in self.roots if self.reducible(r)] if coll else None
            if roots == []:
                return
            got = self.pick(n, avoid=taken if rng.random() < 0.85 else (), roots=roots)
            if not got:
                return
            regs.append((got[0], got[1], n))
            taken.append((got[0], got[1], n))
        src = None
        kern = None
        if not coll:
            kern = rng.choice(["k_scale", "k_axpy"])
            if kern == "k_axpy":
                m = max(r[2] for r in regs)
                got = self.pick(m, avoid=taken)
                if not got:
                    return
                src = got
        t = self.fresh("ptrs")
        ne = self.fresh("nelem")
        i = self.fresh("i")
        self.emit("float *const %s[] = {%s};" % (t, ", ".join(self.spell(Loc(r, o)) for r, o, _ in regs)))
        self.emit("const %s %s[] = {%s};" % (rng.choice(["int", "size_t"]), ne,
                                             ", ".join(str(n) for _, _, n in regs)))
        bound = str(k)
        if "carve" in self.idioms and rng.random() < 0.3:
            bound = self.macro("NTENSORS")
            self.pre.append("#define %s %d" % (bound, k))
        self.emit("for (int %s = 0; %s < %s; %s++)%s" % (i, i, bound, i, " {" if rng.random() < 0.3 else ""))
        braced = self.body[-1].endswith("{")
        elem = "%s[%s]" % (t, i)
        if self.on("spelling", 0.3):
            self.tag("spelling")
            elem = "*(%s + %s)" % (t, i)
        if coll:
            op = rng.choice(["DAGCC_SUM", "DAGCC_AVG"])
            line = self.coll_text("all_reduce", {"p": elem, "n": "%s[%s]" % (ne, i), "op": op})
        elif kern == "k_scale":
            self.kernels.add("k_scale")
            line = "k_scale(s, %s, %s[%s]);" % (elem, ne, i)
        else:
            self.kernels.add("k_axpy")
            line = "k_axpy(s, %s, %s, %s[%s]);" % (self.spell(Loc(*src), mode="in"), elem, ne, i)
        self.emit(line, 2)
        if braced:
            self.emit("}")
        for (r, o, n) in regs:
            if coll:
                self.record("all_reduce", [(r, o, n)], [(r, o, n)], red=(r, r))
            elif kern == "k_scale":
                self.record("k_scale", [(r, o, n)], [(r, o, n)])
            else:
                self.record("k_axpy", [(src[0], src[1], n), (r, o, n)], [(r, o, n)])
        # an element used outside the loop, spelled another way
        if rng.random() < 0.5:
            j = rng.randrange(k)
            r, o, n = regs[j]
            if self.on("spelling", 0.6):
                self.tag("spelling")
                e = "*%s" % t if j == 0 and rng.random() < 0.5 else "*(%s + %d)" % (t, j)
            else:
                e = "%s[%d]" % (t, j)
            self.kernels.add("k_scale")
            idx = self.emit("k_scale(s, %s, %s);" % (e, rng.choice([str(n), "%s[%d]" % (ne, j)])))
            self.stmt = idx
            self.record("k_scale", [(r, o, n)], [(r, o, n)])
        if self.on("alias", 0.4):
            j = rng.randrange(k)
            r, o, n = regs[j]
            name = self.fresh(rng.choice(NAMES))
            e = "*(%s + %d)" % (t, j) if self.on("spelling", 0.4) else "%s[%d]" % (t, j)
            self.emit("float *%s = %s;" % (name, e))
            self.aliases.append(Alias(name, r, o))
        self.tag("table")

    def block_reassign(self):
        rng = self.rng
        n = self.count(16)
        a = self.pick(n)
        if not a:
            return
        name = self.fresh(rng.choice(["p", "q", "cur", "dst"]))
        self.emit("float *%s = %s;" % (name, self.spell(Loc(*a))))
        al = Alias(name, a[0], a[1], mutable=True)
        kern = "k_scale"
        self.kernels.add(kern)
        idx = self.emit("k_scale(s, %s, %d);" % (name, n))
        self.stmt = idx
        self.record("k_scale", [(a[0], a[1], n)], [(a[0], a[1], n)])
        for _ in range(rng.randint(1, 3)):
            step = rng.random()
            if step < 0.35 and al.off + 2 * n <= al.root.size:
                d = 4 * rng.randint(1, n // 4) if n >= 4 else 4
                if al.off + d + n > al.root.size:
                    continue
                self.emit("%s += %d;" % (name, d) if rng.random() < 0.6 else "%s = %s + %d;" % (name, name, d))
                al.off += d
            else:
                b = self.pick(n)
                if not b:
                    continue
                self.aliases = [x for x in self.aliases if x is not al]
                self.emit("%s = %s;" % (name, self.spell(Loc(*b))))
                al.root, al.off = b
            # use it: read it into something else, or update it in place
            if rng.random() < 0.5:
                self.kernels.add("k_scale")
                idx = self.emit("k_scale(s, %s, %d);" % (name, n))
                w = (al.root, al.off, n)
                self.stmt = idx
                self.record("k_scale", [w], [w])
            else:
                other = self.pick(n, avoid=[(al.root, al.off, n)])
                if not other:
                    continue
                self.kernels.add("k_axpy")
                if rng.random() < 0.5:
                    idx = self.emit("k_axpy(s, %s, %s, %d);" % (name, self.spell(Loc(*other)), n))
                    reads, writes = [(al.root, al.off, n), (other[0], other[1], n)], [(other[0], other[1], n)]
                else:
                    idx = self.emit("k_axpy(s, %s, %s, %d);" % (self.spell(Loc(*other), mode="in"), name, n))
                    reads, writes = [(other[0], other[1], n), (al.root, al.off, n)], [(al.root, al.off, n)]
                self.stmt = idx
                self.record("k_axpy", reads, writes)
        # later statements may name the memory through it
        self.aliases.append(al)
        self.tag("reassign")

    def block_walk(self):
        rng = self.rng
        cands = [r for r in self.roots if r.size >= 24]
        if not cands:
            return
        r = rng.choice(cands)
        st = rng.choice([s for s in (4, 8, 16) if 3 * s <= r.size])
        k = rng.randint(2, min(5, r.size // st - 1))
        c0 = 4 * rng.randint(0, (r.size - (k + 1) * st) // 4)
        name = self.fresh(rng.choice(["p", "it", "cur"]))
        self.emit("float *%s = %s;" % (name, self.spell(Loc(r, c0))))
        v = self.fresh("j")
        use_coll = self.reducible(r) and rng.random() < 0.4
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (v, v, k, v))
        if rng.random() < 0.4:
            # assigned in the loop from the loop variable; after it, the last slice
            self.emit("%s = %s;" % (name, self.spell(Loc(r, Aff(c0, st)), v)), 2)
            if use_coll:
                self.emit(self.coll_text("all_reduce", {"p": name, "n": str(st),
                                                        "op": rng.choice(["DAGCC_SUM", "DAGCC_AVG"])}), 2)
            else:
                self.kernels.add("k_scale")
                self.emit("k_scale(s, %s, %d);" % (name, st), 2)
            poke = self.host("hoststore") and rng.random() < 0.5
            if poke:
                self.emit("%s[1] = mix(%s[0] * 3 + 1);" % (name, name), 2)
                self.tag("hoststore")
            self.emit("}")
            for it in range(k):
                w = (r, c0 + it * st, st)
                self.record("all_reduce" if use_coll else "k_scale", [w], [w], red=(r, r) if use_coll else None)
                if poke:
                    self.record("host", [(r, c0 + it * st, 1)], [(r, c0 + it * st + 1, 1)])
            last = c0 + (k - 1) * st
            other = self.pick(st, avoid=[(r, last, st)])
            if other:
                self.kernels.add("k_axpy")
                self.emit("k_axpy(s, %s, %s, %d);" % (name, self.spell(Loc(*other)), st))
                self.record("k_axpy", [(r, last, st), (other[0], other[1], st)], [(other[0], other[1], st)])
            self.aliases.append(Alias(name, r, last, mutable=True))
            self.tag("walk")
            return
        if use_coll:
            self.emit(self.coll_text("all_reduce", {"p": name, "n": str(st),
                                                    "op": rng.choice(["DAGCC_SUM", "DAGCC_AVG"])}), 2)
        else:
            self.kernels.add("k_scale")
            self.emit("k_scale(s, %s, %d);" % (name, st), 2)
        poke = self.host("hoststore") and rng.random() < 0.5
        if poke:
            self.emit("*(%s + 1) = mix(*%s * 3 + 1);" % (name, name), 2)
            self.tag("hoststore")
        self.emit("%s += %d;" % (name, st) if rng.random() < 0.7 else "%s = %s + %d;" % (name, name, st), 2)
        self.emit("}")
        for it in range(k):
            w = (r, c0 + it * st, st)
            if use_coll:
                self.record("all_reduce", [w], [w], red=(r, r))
            else:
                self.record("k_scale", [w], [w])
            if poke:
                self.record("host", [(r, c0 + it * st, 1)], [(r, c0 + it * st + 1, 1)])
        # the pointer after the loop is one past the last slice: use it
        end = c0 + k * st
        self.kernels.add("k_axpy")
        prev = (r, end - st, st)
        w = (r, end, st)
        self.emit("k_axpy(s, %s - %d, %s, %d);" % (name, st, name, st))
        self.record("k_axpy", [prev, w], [w])
        self.aliases.append(Alias(name, r, end, mutable=True))
        self.tag("walk")

    def block_seqpar(self):
        rng = self.rng
        c = rng.choice([4, 8])
        full = self.pick(c * MAXNP, roots=[r for r in self.roots if self.reducible(r)], want_recent=0.8)
        if not full:
            return
        shard = self.pick(c, avoid=[(full[0], full[1], c * MAXNP)], want_recent=0.2)
        if not shard:
            return
        op = rng.choice(["DAGCC_SUM", "DAGCC_AVG"])
        fl = Loc(*full)
        if self.on("alias", 0.5):
            a = self.declare(full[0], full[1])
            fl = Loc(full[0], full[1])
        sh = Loc(*shard)
        i = self.emit(self.coll_text("reduce_scatter", {"x": self.spell(fl, mode="in"),
                                                          "y": self.spell(sh), "n": str(c), "op": op}))
        F, S = (full[0], full[1], c * MAXNP), (shard[0], shard[1], c)
        self.stmt = i
        self.record("reduce_scatter", [F], [S], red=(full[0], shard[0]))
        if rng.random() < 0.7:
            self.kernels.add("k_scale")
            i = self.emit("k_scale(s, %s, %d);" % (self.spell(sh), c))
            self.stmt = i
            self.record("k_scale", [S], [S])
        i = self.emit(self.coll_text("all_gather", {"x": self.spell(sh, mode="in"),
                                                      "y": self.spell(fl), "n": str(c)}))
        self.stmt = i
        self.record("all_gather", [S], [F])
        self.tag("seqpar")

    def block_temp(self):
        rng = self.rng
        n = self.count(16)
        src = self.pick(n, want_recent=0.9)
        if not src:
            return
        t = Root(self.fresh("tmp"), n, "temp")
        self.emit("float *%s = dagcc_alloc_async(%d * sizeof(float), s);" % (t.key, n))
        self.kernels.add("k_copy")
        self.emit("k_copy(s, %s, %s, %d);" % (self.spell(Loc(*src), mode="in"), t.key, n))
        self.record("k_copy", [(src[0], src[1], n)], [(t, 0, n)])
        t.level = src[0].level
        carved = None
        if n >= 8 and self.host("carvetemp") and rng.random() < 0.7:
            # a pointer into the temporary, declared among the nodes: before or after the reduce
            h = 4 * rng.randint(1, n // 4 - 1)
            carved = (self.fresh(t.key + "_hi"), h)
            late = rng.random() < 0.5
            if not late:
                self.emit("float *%s = %s;" % (carved[0], rng.choice(["%s + %d" % (t.key, h), "&%s[%d]" % (t.key, h)])))
        if t.level < MAXLEVEL:
            self.emit(self.coll_text("all_reduce", {"p": t.key, "n": str(n),
                                                    "op": rng.choice(["DAGCC_SUM", "DAGCC_AVG"])}))
            self.record("all_reduce", [(t, 0, n)], [(t, 0, n)], red=(t, t))
        if carved:
            if late:
                self.emit("float *%s = %s;" % (carved[0], rng.choice(["%s + %d" % (t.key, h), "&%s[%d]" % (t.key, h)])))
            if rng.random() < 0.6:
                self.kernels.add("k_scale")
                self.emit("k_scale(s, %s, %d);" % (carved[0], n - h))
                self.record("k_scale", [(t, h, n - h)], [(t, h, n - h)])
            else:
                got = self.pick(4, want_recent=0.3)
                if got:
                    self.emit("%s[%d] = %s[0];" % (got[0].key if got[0].kind == "param" else self.paren(self.spell(Loc(*got))),
                                                  0 if got[0].kind != "param" else got[1], carved[0]))
                    self.record("host", [(t, h, 1)], [(got[0], got[1], 1)])
                else:
                    self.kernels.add("k_scale")
                    self.emit("k_scale(s, %s, %d);" % (carved[0], n - h))
                    self.record("k_scale", [(t, h, n - h)], [(t, h, n - h)])
            self.tag("carvetemp")
        dst = self.pick(n)
        if dst:
            self.kernels.add("k_axpy")
            self.emit("k_axpy(s, %s, %s, %d);" % (t.key, self.spell(Loc(*dst)), n))
            self.record("k_axpy", [(t, 0, n), (dst[0], dst[1], n)], [(dst[0], dst[1], n)])
            dst[0].level = max(dst[0].level, t.level)
        self.emit("dagcc_free_async(%s, s);" % t.key)
        self.recent = [w for w in self.recent if w[0] is not t]
        self.tag("temp")

    # -- helpers ---------------------------------------------------------------------------
    def helper_ops(self, nptr, fam, kmax, depth):
        """A helper body's operations on its pointer parameters 0..nptr-1 (and fam, the struct's
        pointer array it indexes with k): (kind, args, n, cond, inner) where an arg is
        (slot, off, usek): slot i a pointer parameter, "fam" fam's element k."""
        rng = self.rng
        ops = []
        slots = list(range(nptr)) + (["fam"] if fam else [])
        for _ in range(rng.randint(1, 3)):
            cond = None
            if kmax > 0 and rng.random() < 0.3:
                cond = rng.choice([("k > 0", lambda k: k > 0), ("k % 2 == 0", lambda k: k % 2 == 0),
                                   ("k < %d" % kmax, lambda k: k < kmax)])
            r = rng.random()
            if r < 0.2 and depth < 2 and nptr:
                # a call of a helper on some of these pointers (at an offset)
                sub = rng.sample(range(nptr), rng.randint(1, nptr))
                inner = self.new_helper(len(sub), None, kmax, depth + 1)
                ops.append(("call", [(i, rng.choice([0, 4]), False) for i in sub], 0, cond, inner))
                continue
            # each argument on a slot of its own (the slots' memory is apart: block_helper)
            kinds = ["k_scale"] + (["k_axpy", "k_axpy", "k_copy"] if len(slots) >= 2 else []) + \
                (["k_add"] if len(slots) >= 3 else [])
            if r < 0.3:
                kind, nargs = "all_reduce", 1
            elif r < 0.42:
                kind, nargs = "host", 1  # a store through the parameter, between nodes
            else:
                kind = rng.choice(kinds)
                nargs = len(KERNELS[kind][0])
            args = [(sl, rng.choice([0, 4, 8]), kmax > 0 and rng.random() < 0.4)
                    for sl in rng.sample(slots, nargs)]
            args = [(sl, off, usek and sl != "fam") for (sl, off, usek) in args]
            n = rng.choice([4, 8])
            # a host store's element: inner holds its index
            ops.append((kind, args, n, cond, rng.randint(0, n - 1) if kind == "host" else None))
        return ops

    def new_helper(self, nptr, fam, kmax, depth=0):
        """A static helper: its name, pointer parameter count, operations, and the extent each
        pointer parameter's region needs (elements from where it points)."""
        name = "%s_%s" % (self.fn, self.fresh(self.rng.choice(["layer", "bwd", "step", "apply"])))
        ops = self.helper_ops(nptr, fam, kmax, depth)
        span = [0] * nptr
        famspan = 0
        for (kind, args, n, cond, inner) in ops:
            for j, (sl, off, usek) in enumerate(args):
                need = off + (4 * kmax if usek else 0) + (inner[3][j] if kind == "call" else n)
                if sl == "fam":
                    famspan = max(famspan, need)
                else:
                    span[sl] = max(span[sl], need)
        return (name, nptr, ops, span, fam, famspan)

    def define_helper(self, h):
        """Its definition (and first those of the helpers it calls) before the graph."""
        rng = self.rng
        name, nptr, ops, span, fam, famspan = h
        for op in ops:
            if op[0] == "call":
                self.define_helper(op[4])
        grp, st = rng.choice([("g", "s"), ("grp", "st"), ("comm", "stream")])
        ps = ["dagcc_group *%s" % grp, "dagcc_stream_t %s" % st]
        ps += ["float *p%d" % i for i in range(nptr)]
        if fam:
            ps.append("struct %s *mm" % self.struct)
        ps.append("int k")
        body = []
        local = "q" if nptr and rng.random() < 0.4 else None  # a local per call: p0 + 4
        qused = []

        def spell(sl, off, usek):
            if sl == "fam":
                base = "mm->%s[k]" % fam.field
            elif sl == 0 and local and off >= 4:
                base, off = local, off - 4
                qused.append(1)
            else:
                base = "p%d" % sl
            if usek:
                return rng.choice(["%s + %d + k * 4" % (base, off), "&%s[%d + 4 * k]" % (base, off),
                                   "%s + (k + %d) * 4" % (base, off // 4) if off % 4 == 0 else
                                   "%s + %d + 4 * k" % (base, off)])
            if off == 0:
                return base
            return rng.choice(["%s + %d" % (base, off), "&%s[%d]" % (base, off)])
        used = set()
        for (kind, args, n, cond, inner) in ops:
            used |= {sl for (sl, _, _) in args}
            if kind == "call":
                text = "%s(%s, %s, %s, k);" % (inner[0], grp, st, ", ".join(
                    spell(sl, off, usek) for (sl, off, usek) in args))
            elif kind == "all_reduce":
                text = "dagcc_all_reduce(%s, %s, %d, DAGCC_F32, DAGCC_SUM, %s);" % (
                    grp, spell(*args[0]), n, st)
            elif kind == "host":
                e = "(%s)[%d]" % (spell(*args[0]), inner)
                text = "%s = mix(%s * 5 + 1);" % (e, e)
            else:
                self.kernels.add(kind)  # declared only where a helper is defined
                text = "%s(%s, %s, %d);" % (kind, st, ", ".join(spell(*a) for a in args), n)
            if cond:
                body += ["\tif (%s)" % cond[0], "\t\t" + text]
            else:
                body.append("\t" + text)
        voids = [grp, st, "k"] + ["p%d" % i for i in range(nptr) if i not in used]
        if local and not qused:
            voids.append("q")
        if fam and "fam" not in used:
            voids.append("mm")
        body = (["\tfloat *q = p0 + 4;"] if local else []) + \
            ["\t(void)%s;" % v for v in voids] + body
        if rng.random() < 0.3:
            body.append("\treturn;")
        self.pre.append("%svoid %s(%s)\n{\n%s\n}" % (
            rng.choice(["static ", "static inline "]), name, ", ".join(ps), "\n".join(body)))

    def run_helper(self, h, ptrs, mm_fam_roots, k):
        """Model one call of h: ptrs, each pointer parameter's (root, offset); k its index."""
        name, nptr, ops, span, fam, famspan = h
        for (kind, args, n, cond, inner) in ops:
            if cond and not cond[1](k):
                continue
            regs = []
            for (sl, off, usek) in args:
                r, o = (fam.roots[k], 0) if sl == "fam" else ptrs[sl]
                regs.append((r, o + off + (4 * k if usek else 0)))
            if kind == "call":
                self.run_helper(inner, regs, None, k)
            elif kind == "all_reduce":
                (r, o), = regs
                self.record("all_reduce", [(r, o, n)], [(r, o, n)], red=(r, r))
            elif kind == "host":
                (r, o), = regs
                self.record("host", [(r, o + inner, 1)], [(r, o + inner, 1)])
            else:
                params = KERNELS[kind][0]
                reads = [(r, o, n) for ((_, mode, _, _), (r, o)) in zip(params, regs) if mode != "out"]
                writes = [(r, o, n) for ((_, mode, _, _), (r, o)) in zip(params, regs) if mode != "in"]
                self.record(kind, reads, writes)

    def reduces(self, h):
        return sum(self.reduces(inner) if kind == "call" else kind == "all_reduce"
                   for (kind, _, _, _, inner) in h[2])

    def block_helper(self):
        """A call of a static helper, or calls of one in an unrolled loop given the loop
        variable (the helper's k)."""
        rng = self.rng
        fam = rng.choice(self.fams) if self.fams and self.struct and rng.random() < 0.4 else None
        iters = len(fam.roots) if fam else rng.choice([1, 1, 2, 3, 4])
        loop = iters > 1 or (fam is not None and rng.random() < 0.7)
        kconst = 0 if loop else rng.randint(0, 2)
        kmax = iters - 1 if loop else kconst
        nptr = rng.randint(0 if fam else 1, 2)
        h = self.new_helper(nptr, fam, kmax)
        name, _, _, span, _, _ = h
        # each pointer parameter: a root and a start, moving by stride per copy in a loop
        base = []
        cands = [r for r in self.roots if r.kind in ("param", "member", "marr")
                 and not (fam and r.fam is fam)]
        for i in range(nptr):
            stride = rng.choice([0, 4, 8]) if loop else 0
            fit = [r for r in cands if r.size >= span[i] + stride * (iters - 1)
                   and all(r is not b[0] for b in base)]
            if not fit:
                return
            r = rng.choice(fit)
            top = r.size - span[i] - stride * (iters - 1)
            base.append((r, 4 * rng.randint(0, top // 4), stride))
        touched = {id(r) for (r, _, _) in base} | ({id(x) for x in fam.roots} if fam else set())
        nred = self.reduces(h) * iters
        if nred and any(r.level + nred >= MAXLEVEL for r in self.roots if id(r) in touched):
            return
        self.tag("helper")
        self.define_helper(h)
        v = self.fresh(rng.choice(["l", "i", "layer"])) if loop else None
        args = ["g", "s"] + [self.spell(Loc(r, Aff(c, a)), v) for (r, c, a) in base]
        if fam:
            args.append("m")
        args.append(v if loop else str(kconst))
        call = "%s(%s);" % (name, ", ".join(args))
        if loop:
            down = rng.random() < 0.4
            if down:
                self.emit("for (int %s = %d; %s >= 0; %s--)" % (v, iters - 1, v, v))
            else:
                self.emit("for (int %s = 0; %s < %d; %s++)" % (v, v, iters, v))
            self.emit(call, 2)
            order = range(iters - 1, -1, -1) if down else range(iters)
        else:
            self.emit(call)
            order = [kconst]
        for it in order:
            self.run_helper(h, [(r, c + a * it) for (r, c, a) in base], None, it)
        self.ncoll += self.reduces(h) > 0


    def block_accessor(self):
        rng = self.rng
        if not self.fams or rng.random() < 0.3:
            # a function that offsets a pointer: dagcc cannot see into it
            fn = self.accessors.get("at")
            if fn is None:
                fn = self.accessors["at"] = "%s_at" % self.fn
                self.pre.append("static float *%s(float *b, int k)\n{\n\treturn b + k;\n}" % fn)
            n = self.count()
            got = self.pick(n, roots=[r for r in self.roots if r.kind == "param"] or None)
            if not got:
                return
            r, o = got
            self.kernels.add("k_scale")
            self.emit("k_scale(s, %s(%s, %d), %d);" % (fn, self.root_text(r), o, n))
            self.record("k_scale", [(r, o, n)], [(r, o, n)])
            self.tag("accessor")
            return
        fam = rng.choice(self.fams)
        fn = self.accessors.get(fam.field)
        if fn is None:
            fn = self.accessors[fam.field] = "%s_%s" % (self.fn, fam.field)
            self.pre.append("static float *%s(struct %s *m, int i)\n{\n\treturn m->%s[i];\n}" % (
                fn, self.struct, fam.field))
        i = rng.randrange(len(fam.roots))
        r = fam.roots[i]
        n = self.count(r.size)
        if rng.random() < 0.5 or not self.reducible(r):
            self.kernels.add("k_scale")
            self.emit("k_scale(s, %s(m, %d), %d);" % (fn, i, n))
            self.record("k_scale", [(r, 0, n)], [(r, 0, n)])
        else:
            self.emit(self.coll_text("all_reduce", {"p": "%s(m, %d)" % (fn, i), "n": str(n), "op": "DAGCC_SUM"}))
            self.record("all_reduce", [(r, 0, n)], [(r, 0, n)], red=(r, r))
        self.tag("accessor")

    # -- statements that are not nodes -----------------------------------------------------
    def host(self, idiom):
        """Whether this program uses idiom, one of HOSTIDIOMS (decided once per program)."""
        if idiom not in self.idioms:
            return False
        if idiom not in self.hostuse:
            self.hostuse[idiom] = self.rng.random() < 0.5
        return self.hostuse[idiom]

    def elem_text(self, r, o):
        """An lvalue for element o of root r, spelled as the program names memory."""
        rng = self.rng
        c = rng.random()
        if c < 0.35 or r.kind == "local":
            return "%s[%s]" % (self.paren(self.root_text(r)), self.int_text(o) if o else "0")
        p = self.spell(Loc(r, o))
        return "*%s" % self.paren(p) if c < 0.7 else "%s[0]" % self.paren(p)

    def pick_elem(self, want_recent=0.9, avoid=()):
        got = self.pick(4, avoid=avoid, want_recent=want_recent)
        if not got:
            return None
        return got[0], got[1] + self.rng.randrange(4)

    def between(self):
        """Some nodes between a host statement and the one that uses what it did."""
        for _ in range(self.rng.randint(0, 2)):
            self.rng.choice([self.top_kernel, self.top_collective])()

    def use_scalar(self, v, text=None):
        """Use the host scalar v (a Root of kind scalar): a kernel's value argument or a store."""
        rng = self.rng
        text = text or v.key
        if rng.random() < 0.5:
            n = self.count(16)
            dst = self.pick(n)
            if not dst:
                return
            self.kernels.add("k_addc")
            self.emit("k_addc(s, %s, %s, %s);" % (self.spell(Loc(*dst)), text, self.int_text(n)))
            self.record("k_addc", [(dst[0], dst[1], n), (v, 0, 1)], [(dst[0], dst[1], n)])
            return
        dst = self.pick_elem(want_recent=0.3)
        if not dst:
            return
        val = text if rng.random() < 0.5 else "mix(%s * 3 + 1)" % text
        self.emit("%s = %s;" % (self.elem_text(*dst), val))
        self.record("host", [(v, 0, 1)], [(dst[0], dst[1], 1)])

    def block_hostread(self):
        """float v = <element a node wrote>; ...; use v"""
        rng = self.rng
        got = self.pick_elem(want_recent=0.95)
        if not got:
            return
        r, o = got
        if rng.random() < 0.3:
            # the element itself as a kernel's value argument
            n = self.count(16)
            dst = self.pick(n, avoid=[(r, o, 1)])
            if not dst:
                return
            self.kernels.add("k_addc")
            self.emit("k_addc(s, %s, %s, %s);" % (self.spell(Loc(*dst)), self.elem_text(r, o), self.int_text(n)))
            self.record("k_addc", [(dst[0], dst[1], n), (r, o, 1)], [(dst[0], dst[1], n)])
            self.tag("hostread")
            return
        if rng.random() < 0.25 and r.size >= 32:
            # in an unrolled loop: a per-copy local read from this copy's slice, used in the copy
            v = self.fresh(rng.choice(["l", "i", "layer"]))
            k = rng.randint(2, 4)
            st = rng.choice([s_ for s_ in (4, 8) if (k + 1) * s_ <= r.size] or [4])
            if (k + 1) * st > r.size:
                return
            c0 = 4 * rng.randint(0, (r.size - (k + 1) * st) // 4)
            name = self.fresh(rng.choice(["first", "val", "head"]))
            self.emit("for (int %s = 0; %s < %d; %s++) {" % (v, v, k, v))
            src = self.spell(Loc(r, Aff(c0, st)), v)
            self.emit("float %s = %s;" % (name, rng.choice(["*%s" % self.paren(src), "%s[0]" % self.paren(src)])), 2)
            self.kernels.add("k_addc")
            dst = self.spell(Loc(r, Aff(c0 + st, st)), v)
            self.emit("k_addc(s, %s, %s, %d);" % (dst, name, st), 2)
            self.emit("}")
            for it in range(k):
                sc = Root(name, 1, "scalar")
                self.record("host", [(r, c0 + it * st, 1)], [(sc, 0, 1)])
                w = (r, c0 + (it + 1) * st, st)
                self.record("k_addc", [w, (sc, 0, 1)], [w])
            self.tag("hostread")
            self.tag("loop")
            return
        v = Root(self.fresh(self.rng.choice(["first", "val", "norm", "head"])), 1, "scalar")
        self.emit("float %s = %s;" % (v.key, self.elem_text(r, o)))
        self.record("host", [(r, o, 1)], [(v, 0, 1)])
        self.between()
        self.use_scalar(v)
        self.tag("hostread")

    def block_addrlocal(self):
        rng = self.rng
        c = rng.random()
        n = self.count(16)
        src = self.pick(n, want_recent=0.9)
        if not src:
            return
        s_in = self.spell(Loc(*src), mode="in")
        if c < 0.4:  # float loss; k_sum(s, &loss, ...)
            v = Root(self.fresh(rng.choice(["loss", "total", "gnorm"])), 1, "scalar")
            self.emit("float %s = 0;" % v.key)
            self.record("host", [], [(v, 0, 1)])
            self.kernels.add("k_sum")
            self.emit("k_sum(s, &%s, %s, %s);" % (v.key, s_in, self.int_text(n)))
            self.record("k_sum", [(src[0], src[1], n)], [(v, 0, 1)])
            self.between()
            self.use_scalar(v)
        elif c < 0.65:  # int steps = 3; k_icount(s, &steps, ...), or of an int array's element
            name = self.fresh(rng.choice(["steps", "cnt", "nz"]))
            v = Root(name, 1, "scalar")
            if rng.random() < 0.5:
                self.emit("int %s = %d;" % (name, rng.randint(1, 9)))
                arg, use = "&" + name, name
            else:
                j = rng.randrange(2)
                self.emit("int %s[2] = {%d, %d};" % (name, rng.randint(1, 9), rng.randint(1, 9)))
                arg = rng.choice(["%s + %d" % (name, j), "&%s[%d]" % (name, j)] + ([name] if j == 0 else []))
                use = "%s[%d]" % (name, j)
            self.record("host", [], [(v, 0, 1)])
            self.kernels.add("k_icount")
            self.emit("k_icount(s, %s, %s, %s);" % (arg, s_in, self.int_text(n)))
            self.record("k_icount", [(v, 0, 1), (src[0], src[1], n)], [(v, 0, 1)])
            self.between()
            self.use_scalar(v, "(float)%s" % use)
        else:  # float acc[8] = {0}; k_axpy(s, x, acc, 8); ... = acc[3];
            k = rng.choice([4, 8])
            src = (src[0], src[1]) if n >= k else self.pick(k, want_recent=0.9)
            if not src:
                return
            a = Root(self.fresh(rng.choice(["acc", "part", "stage"])), k, "local")
            self.emit("float %s[%d] = {0};" % (a.key, k))
            self.record("host", [], [(a, 0, k)])
            kern = rng.choice(["k_copy", "k_axpy"])
            self.kernels.add(kern)
            dst = rng.choice([a.key, "&%s[0]" % a.key, "%s + 0" % a.key])
            self.emit("%s(s, %s, %s, %d);" % (kern, self.spell(Loc(*src), mode="in"), dst, k))
            reads = [(src[0], src[1], k)] + ([(a, 0, k)] if kern == "k_axpy" else [])
            self.record(kern, reads, [(a, 0, k)])
            self.between()
            for _ in range(rng.randint(1, 2)):
                j = rng.randrange(k)
                if rng.random() < 0.5:  # a value argument
                    m = self.count(16)
                    dst = self.pick(m)
                    if not dst:
                        continue
                    self.kernels.add("k_addc")
                    self.emit("k_addc(s, %s, %s[%d], %s);" % (self.spell(Loc(*dst)), a.key, j, self.int_text(m)))
                    self.record("k_addc", [(dst[0], dst[1], m), (a, j, 1)], [(dst[0], dst[1], m)])
                    continue
                dst = self.pick_elem(want_recent=0.3)
                if not dst:
                    continue
                self.emit("%s = %s[%d];" % (self.elem_text(*dst), a.key, j))
                self.record("host", [(a, j, 1)], [(dst[0], dst[1], 1)])
            if rng.random() < 0.5:  # back into a buffer through a kernel
                got = self.pick(k)
                if got:
                    self.kernels.add("k_axpy")
                    self.emit("k_axpy(s, %s, %s, %d);" % (a.key, self.spell(Loc(*got)), k))
                    self.record("k_axpy", [(a, 0, k), (got[0], got[1], k)], [(got[0], got[1], k)])
        self.tag("addrlocal")

    def hookfn(self, k):
        """The name of host function k (0 or 1), defined before the graph on first use."""
        name = "%s_hook%s" % (self.fn, "" if k == 0 else k)
        if name not in self.hooks:
            self.hooks.add(name)
            self.pre.append("static void %s(float *p, int n)\n{\n\tfor (int i = 0; i < n; i++)\n"
                            "\t\tp[i] = mix(p[i] * %d + %d);\n}" % (name, (11, 13)[k], (3, 5)[k]))
        return name

    def block_fnptr(self):
        rng = self.rng
        n = self.count(16)
        got = self.pick(n, want_recent=0.9)
        if not got:
            return
        r, o = got
        arg = self.spell(Loc(r, o))
        forms = ["direct", "local", "table"] + (["member"] * 2 if self.hookmember else [])
        form = rng.choice(forms)
        k = 0
        if form == "direct":
            call = "%s(%s, %d);" % (self.hookfn(0), arg, n)
        elif form == "member":
            call = "%s(%s, %d);" % (rng.choice(["m->hook", "(*m).hook", "(*m->hook)"]), arg, n)
        elif form == "local":
            if "local" not in self.hookvars:
                v = self.hookvars["local"] = self.fresh("hook")
                self.emit("void (*%s)(float *, int) = %s;" % (v, self.hookfn(0)))
            v = self.hookvars["local"]
            call = "%s(%s, %d);" % (v if rng.random() < 0.6 else "(*%s)" % v, arg, n)
        else:
            if "table" not in self.hookvars:
                v = self.hookvars["table"] = self.fresh("hooks")
                self.emit("void (*const %s[2])(float *, int) = {%s, %s};" % (
                    v, self.hookfn(0), self.hookfn(1)))
            k = rng.randrange(2)
            call = "%s[%d](%s, %d);" % (self.hookvars["table"], k, arg, n)
        self.emit(call)
        self.record("hook", [(r, o, n)], [(r, o, n)])
        self.tag("fnptr")

    def block_hoststore(self):
        rng = self.rng
        got = self.pick_elem(want_recent=0.8)
        if not got:
            return
        r, o = got
        lhs = self.elem_text(r, o)
        if rng.random() < 0.5:
            self.emit("%s = %d;" % (lhs, rng.randint(0, MOD - 1)))
            self.record("host", [], [(r, o, 1)])
        else:
            self.emit("%s = mix(%s * 5 + 1);" % (lhs, self.elem_text(r, o)))
            self.record("host", [(r, o, 1)], [(r, o, 1)])
        self.tag("hoststore")

    def block_hostmem(self):
        n = self.count(16)
        dst = self.pick(n, want_recent=0.7)
        if not dst:
            return
        if self.rng.random() < 0.4:
            self.emit("memset(%s, 0, %d * sizeof(float));" % (self.spell(Loc(*dst)), n))
            self.record("host", [], [(dst[0], dst[1], n)])
        else:
            src = self.pick(n, avoid=[(dst[0], dst[1], n)], want_recent=0.9)
            if not src:
                return
            self.emit("memcpy(%s, %s, %s);" % (self.spell(Loc(*dst)), self.spell(Loc(*src), mode="in"),
                                               "%d * sizeof(float)" % n if self.rng.random() < 0.6
                                               else "sizeof(float[%d])" % n))
            self.record("host", [(src[0], src[1], n)], [(dst[0], dst[1], n)])
        self.tag("hostmem")

    def block_hostcopy(self):
        """float h[n]; dagcc_copy_to_host(h, <what a node wrote>, ...); ...; use h"""
        rng = self.rng
        if rng.random() < 0.5:
            self.top_collective()
        n = self.count(16)
        src = self.pick(n, want_recent=0.95)
        if not src:
            return
        h = Root(self.fresh(rng.choice(["hgrad", "hbuf", "snap"])), n, "local")
        size = "%d * sizeof(float)" % n if rng.random() < 0.6 else "sizeof %s" % h.key
        self.emit("float %s[%d];" % (h.key, n))
        self.emit("dagcc_copy_to_host(%s, %s, %s);" % (rng.choice([h.key, "&%s[0]" % h.key]),
                                                       self.spell(Loc(*src), mode="in"), size))
        self.record("host", [(src[0], src[1], n)], [(h, 0, n)])
        self.between()
        for _ in range(rng.randint(1, 2)):
            j = rng.randrange(n)
            c = rng.random()
            if c < 0.35:  # a value argument
                m = self.count(16)
                dst = self.pick(m)
                if not dst:
                    continue
                self.kernels.add("k_addc")
                self.emit("k_addc(s, %s, %s[%d], %s);" % (self.spell(Loc(*dst)), h.key, j, self.int_text(m)))
                self.record("k_addc", [(dst[0], dst[1], m), (h, j, 1)], [(dst[0], dst[1], m)])
            elif c < 0.65:  # a host store
                dst = self.pick_elem(want_recent=0.3)
                if not dst:
                    continue
                self.emit("%s = %s[%d];" % (self.elem_text(*dst), h.key, j))
                self.record("host", [(h, j, 1)], [(dst[0], dst[1], 1)])
            else:  # back into a buffer
                dst = self.pick(n, want_recent=0.5)
                if not dst:
                    continue
                self.emit("dagcc_copy_to_device(%s, %s, %d * sizeof(float));" % (self.spell(Loc(*dst)), h.key, n))
                self.record("host", [(h, 0, n)], [(dst[0], dst[1], n)])
        self.tag("hostcopy")

    def block_structcopy(self):
        rng = self.rng
        if not self.struct:
            return
        roots = [r for r in self.roots if r.kind in ("marr", "member")]
        if not roots:
            return
        if self.structcopy is None:
            self.structcopy = self.fresh("mm")
            self.emit("struct %s %s = %s;" % (self.struct, self.structcopy, rng.choice(["*m", "m[0]", "(*m)"])))
        mm = self.structcopy
        r = rng.choice(roots)
        n = self.count(r.size)
        o = 4 * rng.randint(0, (r.size - n) // 4)
        base = "%s.flat" % mm if r.kind == "member" else "%s.%s[%d]" % (mm, r.fam.field, r.idx)
        text = base if o == 0 else rng.choice(["%s + %d" % (base, o), "&%s[%d]" % (base, o)])
        if self.reducible(r) and rng.random() < 0.4:
            self.emit(self.coll_text("all_reduce", {"p": text, "n": str(n), "op": "DAGCC_SUM"}))
            self.record("all_reduce", [(r, o, n)], [(r, o, n)], red=(r, r))
        else:
            self.kernels.add("k_scale")
            self.emit("k_scale(s, %s, %d);" % (text, n))
            self.record("k_scale", [(r, o, n)], [(r, o, n)])
        self.tag("structcopy")

    def block_nested(self):
        """{ float *p = ...; op(p); } where p may shadow an outer local pointer."""
        rng = self.rng
        n = self.count(16)
        got = self.pick(n, want_recent=0.8)
        if not got:
            return
        body = "\n".join(self.body)
        used = [a for a in self.aliases if len(re.findall(r"(?<![>.\w])%s\b" % a.name, body)) >= 2]
        outer = rng.choice(used) if used and rng.random() < 0.7 else None
        saved = self.aliases
        if outer:
            self.aliases = [a for a in self.aliases if a.name != outer.name]
        name = outer.name if outer else self.fresh(rng.choice(NAMES))
        self.emit("{")
        self.emit("float *%s = %s;" % (name, self.spell(Loc(*got))), 2)
        r, o = got
        if self.reducible(r) and rng.random() < 0.4:
            self.emit(self.coll_text("all_reduce", {"p": name, "n": str(n), "op": "DAGCC_SUM"}), 2)
            self.record("all_reduce", [(r, o, n)], [(r, o, n)], red=(r, r))
        else:
            self.kernels.add("k_scale")
            self.emit("k_scale(s, %s, %d);" % (name, n), 2)
            self.record("k_scale", [(r, o, n)], [(r, o, n)])
        if n >= 8 and rng.random() < 0.5:
            self.emit("%s[1] = %s[0];" % (name, name), 2)
            self.record("host", [(r, o, 1)], [(r, o + 1, 1)])
        self.emit("}")
        self.aliases = saved
        self.tag("nested")

    # -- sends, receives and rank-dependent code (the pipeline group pp) --------------------
    def rank(self):
        """The rank in pp as this program spells it: dagcc_group_rank(pp), a local holding it
        (declared here, at the top level, on first use) or the parameter stage (--rank
        stage=pp)."""
        rng = self.rng
        self.rankdep = True
        if self.rankform is None:
            forms = ["call", "local", "local"] + (["param", "param"] if "rankparam" in self.idioms else [])
            self.rankform = rng.choice(forms)
            if self.rankform == "local":
                self.rankname = self.fresh(rng.choice(["rank", "me", "stage_id"]))
                self.emit("int %s = dagcc_group_rank(pp);" % self.rankname)
                self.uses_pp = True
            elif self.rankform == "param":
                self.rankname = "stage"
                self.tag("rankparam")
            else:
                self.rankname = "dagcc_group_rank(pp)"
        if self.rankform == "call":
            self.uses_pp = True
        return self.rankname

    def nranks(self):
        """The size of pp: dagcc_group_size(pp) or a local holding it."""
        rng = self.rng
        self.uses_pp = True
        if self.sizename is None:
            if rng.random() < 0.5:
                self.sizename = self.fresh(rng.choice(["P", "nstage", "world"]))
                self.emit("int %s = dagcc_group_size(pp);" % self.sizename)
            else:
                self.sizename = "dagcc_group_size(pp)"
        return self.sizename

    def p2p(self, kind, loc, n, peer, v=None):
        """The text of a send or a receive on pp (loc: a Loc; v: the loop variable)."""
        return "dagcc_%s(pp, %s, %s, DAGCC_F32, %s, s);" % (
            kind, self.spell(loc, v, mode="in" if kind == "send" else "out"), self.int_text(n), peer)

    def rankop(self, kind, reads, writes, red=None):
        """Model an operation of rank-dependent code: every rank's, one after another (the
        regions, recency and reduction levels hold for all of them; no statement entry)."""
        self.stmt = None
        self.record(kind, reads, writes, red=red)

    def after_p2p(self, sent, got):
        """Compute after a send and a receive: it reads what was received, or overwrites what
        was sent (the send must have finished), as every rank's code."""
        rng = self.rng
        if got and rng.random() < 0.6:
            r, o, n = got
            dst = self.pick(n, avoid=[got], want_recent=0.2)
            if dst:
                kern = rng.choice(["k_axpy", "k_copy", "k_axpy_n" if "extent" in self.idioms else "k_axpy"])
                line = self.kernel_call(kern, {"x": Loc(r, o), "y": Loc(*dst)}, {"n": n})
                self.emit(line)
                w = (dst[0], dst[1], n)
                self.rankop(kern, [got] + ([w] if kern != "k_copy" else []), [w])
        if sent and rng.random() < 0.5:
            r, o, n = sent
            if rng.random() < 0.5:
                self.emit(self.kernel_call("k_scale", {"y": Loc(r, o)}, {"n": n}))
                self.rankop("k_scale", [sent], [sent])
            else:
                src = self.pick(n, avoid=[sent], want_recent=0.5)
                if src:
                    self.emit(self.kernel_call("k_copy", {"x": Loc(*src), "y": Loc(r, o)}, {"n": n}))
                    self.rankop("k_copy", [(src[0], src[1], n)], [sent])

    def block_ring(self):
        """Every rank sends to the next and receives from the previous one; even ranks send
        first, odd ranks receive first, so the ring cannot deadlock as written."""
        rng = self.rng
        n = self.count(16)
        a = self.pick(n, want_recent=0.8)
        if not a:
            return
        A = (a[0], a[1], n)
        b = self.pick(n, avoid=[A], want_recent=0.3)
        if not b:
            return
        B = (b[0], b[1], n)
        r = self.rank()
        P = self.nranks()
        nxt = rng.choice(["(%s + 1) %% %s" % (r, P), "%s == %s - 1 ? 0 : %s + 1" % (r, P, r)])
        prv = rng.choice(["(%s + %s - 1) %% %s" % (r, P, P), "(%s - 1 + %s) %% %s" % (r, P, P),
                          "%s == 0 ? %s - 1 : %s - 1" % (r, P, r)])
        even = rng.choice(["%s %% 2 == 0" % r, "(%s & 1) == 0" % r, "!(%s %% 2)" % r])
        send = self.p2p("send", Loc(*a), n, nxt)
        recv = self.p2p("recv", Loc(*b), n, prv)
        self.emit("if (%s > 1) {" % P)
        self.emit("if (%s) {" % even, 2)
        self.emit(send, 3)
        self.emit(recv, 3)
        self.emit("} else {", 2)
        self.emit(recv, 3)
        self.emit(send, 3)
        self.emit("}", 2)
        self.emit("}")
        self.rankop("send", [A], [])
        self.rankop("recv", [A], [B])
        self.after_p2p(A, B)
        self.tag("ring")

    def block_p2pgroup(self):
        """Sends and receives every rank writes send first, in one p2p group on pp (issued
        together, so they cannot deadlock): a ring shift one way, both ways (to the next and the
        previous rank, at 2 ranks the same peer twice, matched in order), or a pairwise exchange
        with r ^ 1 (even sizes). Only the size of pp guards it (constant: --group-size pp=N),
        never the rank: a p2p group stands where the graph runs. What is received is disjoint
        from what is sent (they run at once)."""
        rng = self.rng
        n = self.count(16)
        form = rng.choice(["ring", "ring", "both", "pair"])
        want = {"ring": 2, "both": 3, "pair": 2}[form]
        got = []
        for k in range(want):
            c = self.pick(n, avoid=got, want_recent=0.8 if not k else 0.3)
            if not c:
                return
            got.append((c[0], c[1], n))
        r = self.rank()
        P = self.nranks()
        nxt = rng.choice(["(%s + 1) %% %s" % (r, P), "%s == %s - 1 ? 0 : %s + 1" % (r, P, r)])
        prv = rng.choice(["(%s + %s - 1) %% %s" % (r, P, P), "(%s - 1 + %s) %% %s" % (r, P, P)])
        A = got[0]
        if form == "ring":
            ops = [("send", A, nxt), ("recv", got[1], prv)]
        elif form == "both":
            ops = [("send", A, nxt), ("send", A, prv), ("recv", got[1], prv), ("recv", got[2], nxt)]
        else:
            ops = [("send", A, "%s ^ 1" % r), ("recv", got[1], "%s ^ 1" % r)]
        if rng.random() < 0.3:  # sends and receives in the group in another order
            ops = [o for o in ops if o[0] == "recv"] + [o for o in ops if o[0] == "send"]
        self.emit("if (%s)" % ("%s %% 2 == 0" % P if form == "pair" else "%s > 1" % P) + " {")
        self.emit("dagcc_p2p_begin(pp, s);", 2)
        for kind, (root, off, _), peer in ops:
            self.emit(self.p2p(kind, Loc(root, off), n, peer), 2)
        self.emit("dagcc_p2p_end(pp, s);", 2)
        self.emit("}")
        self.rankop("p2p", [A], got[1:])
        self.after_p2p(A, rng.choice(got[1:]))
        self.tag("p2pgroup")

    def block_exchange(self):
        """Pairs of ranks (2k, 2k + 1) swap buffers: the even one sends first. Sometimes in
        place: the buffer sent is the one received into."""
        rng = self.rng
        n = self.count(16)
        a = self.pick(n, want_recent=0.8)
        if not a:
            return
        A = (a[0], a[1], n)
        inplace = rng.random() < 0.25
        b = a if inplace else self.pick(n, avoid=[A], want_recent=0.3)
        if not b:
            return
        B = (b[0], b[1], n)
        r = self.rank()
        P = self.nranks()
        if rng.random() < 0.5:
            self.emit("if (%s %% 2 == 0) {" % r)
            self.emit("if (%s + 1 < %s) {" % (r, P), 2)
            self.emit(self.p2p("send", Loc(*a), n, "%s + 1" % r), 3)
            self.emit(self.p2p("recv", Loc(*b), n, "%s + 1" % r), 3)
            self.emit("}", 2)
            self.emit("} else {")
            self.emit(self.p2p("recv", Loc(*b), n, "%s - 1" % r), 2)
            self.emit(self.p2p("send", Loc(*a), n, "%s - 1" % r), 2)
            self.emit("}")
        else:
            self.emit("if ((%s ^ 1) < %s) {" % (r, P))
            self.emit("if (%s %% 2) {" % r, 2)
            self.emit(self.p2p("recv", Loc(*b), n, "%s ^ 1" % r), 3)
            self.emit(self.p2p("send", Loc(*a), n, "%s ^ 1" % r), 3)
            self.emit("} else {", 2)
            self.emit(self.p2p("send", Loc(*a), n, "%s ^ 1" % r), 3)
            self.emit(self.p2p("recv", Loc(*b), n, "%s ^ 1" % r), 3)
            self.emit("}", 2)
            self.emit("}")
        self.rankop("send", [A], [])
        self.rankop("recv", [A], [B])
        self.after_p2p(None if inplace else A, B)
        self.tag("exchange")

    def block_relay(self):
        """A pipeline's forward (or backward) pass over M microbatches: every rank but the first
        receives from the one before it, computes (or forwards the received buffer as is) and
        sends on to the next, but the last; the first makes its own input; a sent buffer may
        be overwritten by compute right after."""
        rng = self.rng
        M = rng.choice([1, 1, 2, 3])
        n = rng.choice([4, 8, 8, 16])
        x = self.pick(M * n, want_recent=0.6)
        if not x:
            return
        X = (x[0], x[1], M * n)
        forward = rng.random() < 0.3
        if not forward:
            y = self.pick(M * n, avoid=[X], want_recent=0.3)
            if not y:
                return
        r = self.rank()
        P = self.nranks()
        down = rng.random() < 0.35  # from the last rank to the first
        if not down:
            hasprev = rng.choice(["%s > 0" % r, "%s != 0" % r, "%s >= 1" % r])
            hasnext = rng.choice(["%s < %s - 1" % (r, P), "%s + 1 < %s" % (r, P), "%s != %s - 1" % (r, P)])
            prev, nxt = "%s - 1" % r, "%s + 1" % r
        else:
            hasprev = rng.choice(["%s < %s - 1" % (r, P), "%s + 1 < %s" % (r, P)])
            hasnext = rng.choice(["%s > 0" % r, "%s != 0" % r])
            prev, nxt = "%s + 1" % r, "%s - 1" % r
        first_work = rng.random() < 0.4
        overwrite = rng.random() < 0.4
        v = None
        if M > 1:
            v = self.fresh(rng.choice(["f", "mb", "micro"]))
            self.emit("for (int %s = 0; %s < %d; %s++) {" % (v, v, M, v))
            d = 2
        else:
            d = 1
        xl = Loc(x[0], Aff(x[1], n) if v else x[1])
        yl = Loc(y[0], Aff(y[1], n) if v else y[1]) if not forward else xl
        self.emit("if (%s)" % hasprev, d)
        self.emit("\t" + self.p2p("recv", xl, n, prev, v), d)
        if first_work:
            self.emit("else", d)
            self.emit("\t" + self.kernel_call("k_scale", {"y": xl}, {"n": n}, v), d)
        if not forward:
            self.emit(self.kernel_call("k_axpy", {"x": xl, "y": yl}, {"n": n}, v), d)
        self.emit("if (%s)" % hasnext, d)
        self.emit("\t" + self.p2p("send", yl, n, nxt, v), d)
        if overwrite:
            self.emit(self.kernel_call("k_scale", {"y": yl}, {"n": n}, v), d)
        if v:
            self.emit("}")
        for it in range(M):
            xr = (x[0], x[1] + it * n, n)
            yr = xr if forward else (y[0], y[1] + it * n, n)
            self.rankop("recv", [xr], [xr])
            if first_work:
                self.rankop("k_scale", [xr], [xr])
            if not forward:
                self.rankop("k_axpy", [xr, yr], [yr])
            self.rankop("send", [yr], [])
            if overwrite:
                self.rankop("k_scale", [yr], [yr])
        self.tag("relay")
        if v:
            self.tag("loop")

    def rank_kernel(self):
        """A kernel call for one arm of rank-dependent code: (text, reads, writes) or None."""
        name = self.rng.choice(["k_axpy", "k_scale", "k_copy", "k_add", "k_axpy", "k_scale"])
        plan = self.plan_kernel(name)
        if plan is None:
            return None
        locs, ints = plan
        text = self.kernel_call(name, locs, ints)
        reads, writes = self.kernel_regions(name, locs, ints)
        return name, text, reads, writes

    def block_rankif(self):
        """Compute that depends on the rank: if / else if / switch on it, first and last rank
        doing different work, the rank in an offset, a loop bound or a value argument, and a
        collective every rank issues in both arms of an if."""
        rng = self.rng
        r = self.rank()
        forms = ["firstlast", "ifelse", "ifelse", "switch", "index", "value", "collboth", "ppcoll"]
        if self.rankform != "param":  # a rank loop bound needs the rank a constant
            forms += ["loop", "loop"]
        form = rng.choice(forms)
        if form in ("firstlast", "ifelse", "switch", "collboth"):
            if form == "firstlast":
                last = rng.choice(["%s == %s - 1", "%s + 1 == %s"]) % (r, self.nranks())
                heads = ["if (%s == 0)" % r, "else if (%s)" % last] + (["else"] if rng.random() < 0.6 else [])
            elif form == "switch":
                heads = ["case 0:", "case 1:"] + (["case 3:"] if rng.random() < 0.4 else []) + \
                    (["default:"] if rng.random() < 0.7 else [])
            else:
                cond = rng.choice(["%s == 0", "%s > 0", "%s % 2 == 1", "%s < P / 2", "%s == P - 1",
                                   "%s != 0 && %s + 1 < P"])
                cond = cond.replace("P", self.nranks()) if "P" in cond else cond
                cond = cond.replace("%s", r)
                heads = ["if (%s)" % cond] + (["else"] if form == "collboth" or rng.random() < 0.6 else [])
            coll = None
            if form == "collboth":
                c = self.count(16)
                got = self.pick(c, roots=[q for q in self.roots if self.reducible(q)] or None, want_recent=0.7)
                if not got or not self.reducible(got[0]):
                    return
                coll = (got[0], got[1], c)
                op = rng.choice(["DAGCC_SUM", "DAGCC_AVG"])
                ctext = "dagcc_all_reduce(g, %s, %s, DAGCC_F32, %s, s);" % (self.spell(Loc(*got)), c, op)
                self.ncoll += 1
            arms = []
            for _ in heads:
                k = self.rank_kernel()
                if k is None:
                    return
                arms.append(k)
            if form == "switch":
                self.emit("switch (%s) {" % r)
                for h, (_, text, _, _) in zip(heads, arms):
                    self.emit(h)
                    self.emit(text, 2)
                    self.emit("break;", 2)
                self.emit("}")
            elif coll:
                self.emit("%s {" % heads[0])
                self.emit(arms[0][1], 2)
                self.emit(ctext, 2)
                self.emit("} else {")
                self.emit(arms[1][1], 2)
                self.emit(ctext, 2)
                self.emit("}")
            else:
                for h, (_, text, _, _) in zip(heads, arms):
                    self.emit(h)
                    self.emit(text, 2)
            for (name, _, reads, writes) in arms:
                self.rankop(name, reads, writes)
            if coll:
                self.rankop("all_reduce", [coll], [coll], red=(coll[0], coll[0]))
        elif form == "index":
            c = rng.choice([4, 8])
            got = self.pick(c * MAXNP, want_recent=0.6)
            if not got:
                return
            R = (got[0], got[1], c * MAXNP)
            loc = Loc(got[0], Aff(got[1], c))
            if rng.random() < 0.5:
                self.emit(self.kernel_call("k_scale", {"y": loc}, {"n": c}, r))
                self.rankop("k_scale", [R], [R])
            else:
                src = self.pick(c, avoid=[R], want_recent=0.8)
                if not src:
                    return
                self.emit(self.kernel_call("k_axpy", {"x": Loc(*src), "y": loc}, {"n": c}, r))
                self.rankop("k_axpy", [(src[0], src[1], c), R], [R])
        elif form == "loop":
            c = rng.choice([4, 8])
            got = self.pick(c * MAXNP, want_recent=0.6)
            if not got:
                return
            R = (got[0], got[1], c * MAXNP)
            v = self.fresh(rng.choice(["i", "k", "w"]))
            if rng.random() < 0.5:
                self.emit("for (int %s = 0; %s < %s; %s++)" % (v, v, r, v))
            else:
                P = self.nranks()
                self.emit("for (int %s = %s; %s < %s; %s++)" % (v, r, v, P, v))
            self.emit(self.kernel_call("k_scale", {"y": Loc(got[0], Aff(got[1], c))}, {"n": c}, v), 2)
            self.rankop("k_scale", [R], [R])
            self.tag("loop")
        elif form == "value":
            n = self.count(16)
            dst = self.pick(n, want_recent=0.6)
            if not dst:
                return
            val = rng.choice(["(float)%s" % r, "(float)(%s * 3 + 1)" % r, "%s + 0.0f" % r])
            self.kernels.add("k_addc")
            self.emit("k_addc(s, %s, %s, %s);" % (self.spell(Loc(*dst)), val, self.int_text(n)))
            D = (dst[0], dst[1], n)
            self.rankop("k_addc", [D], [D])
        else:  # ppcoll: a collective on pp itself, which every rank issues
            n = self.count(16)
            roots = [q for q in self.roots if self.reducible(q)]
            got = self.pick(n, roots=roots or None, want_recent=0.8)
            if not got:
                return
            R = (got[0], got[1], n)
            if rng.random() < 0.6 and self.reducible(got[0]):
                op = rng.choice(["DAGCC_SUM", "DAGCC_AVG", "DAGCC_MAX"])
                self.emit("dagcc_all_reduce(pp, %s, %s, DAGCC_F32, %s, s);" % (self.spell(Loc(*got)), n, op))
                self.rankop("all_reduce", [R], [R], red=(got[0], got[0]))
            else:
                root = "0" if self.rankform == "param" or rng.random() < 0.5 else "%s - 1" % self.nranks()
                self.emit("dagcc_broadcast(pp, %s, %s, DAGCC_F32, %s, s);" % (self.spell(Loc(*got)), n, root))
                self.rankop("broadcast", [R], [R])
            self.uses_pp = True
        self.tag("rankif")

    # -- collectives of one group that may be reordered -----------------------------------------
    def coll_stmt(self, kind, src, dst=None, c=None, op=None):
        """Emit a top-level collective on g and model it (src, dst: (root, off, n))."""
        rng = self.rng
        op = op or rng.choice(["DAGCC_SUM", "DAGCC_SUM", "DAGCC_AVG"])
        if kind in ("all_reduce", "broadcast"):
            r, o, n = src
            text = self.coll_text(kind, {"p": self.spell(Loc(r, o)), "n": self.int_text(n), "op": op})
            reads, writes = [src], [src]
            red = (r, r) if kind == "all_reduce" else None
        else:
            text = self.coll_text(kind, {"x": self.spell(Loc(src[0], src[1]), mode="in"),
                                         "y": self.spell(Loc(dst[0], dst[1])), "n": self.int_text(c), "op": op})
            reads, writes = [src], [dst]
            red = (src[0], dst[0]) if kind == "reduce_scatter" else None
        i = self.emit(text)
        self.stmt = i
        self.record(kind, reads, writes, red=red)
        return reads, writes

    def slow(self, dst):
        """A slow kernel (us = 40 * n) updating dst from some other region."""
        r, o, n = dst
        src = self.pick(n, avoid=[dst], want_recent=0.4)
        if not src:
            return
        self.kernels.add("k_slow")
        i = self.emit("k_slow(s, %s, %s, %s);" % (self.spell(Loc(*src), mode="in"), self.spell(Loc(r, o)),
                                                 self.int_text(n)))
        self.stmt = i
        self.record("k_slow", [(src[0], src[1], n), dst], [dst])

    def block_groupreorder(self):
        """Several collectives of g in a row, where the scheduler may issue them out of program
        order: some read what slow kernels wrote just before (ready late), some what nothing
        wrote for long (ready at once, a statistics all-reduce), and some are ordered by data
        with an earlier one of the row (read what it wrote, overwrite what it read or wrote)."""
        rng = self.rng
        n = self.count(16)
        late = self.pick(n, roots=[q for q in self.roots if self.reducible(q)] or None, want_recent=0.5)
        if not late:
            return
        L = (late[0], late[1], n)
        for _ in range(rng.randint(1, 2)):
            self.slow(L)
        done = []  # (reads, writes) of the row's collectives
        for _ in range(rng.randint(3, 5)):
            what = rng.choice(["late", "early", "early", "raw", "war", "waw", "gather"])
            red = [q for q in self.roots if self.reducible(q)]
            if what == "late" and self.reducible(L[0]):
                got = (L[0], L[1] + 4 * rng.randint(0, (L[2] - 4) // 4), rng.choice([4, L[2]]))
                if got[1] + got[2] > L[1] + L[2]:
                    got = L
                done.append(self.coll_stmt("all_reduce", got))
            elif what == "early" and red:
                c = self.count(16)
                got = self.pick(c, roots=red, want_recent=0.0)
                if got:
                    done.append(self.coll_stmt(rng.choice(["all_reduce"] * 3 + ["broadcast"]), (got[0], got[1], c)))
            elif what in ("raw", "war", "waw") and done:
                reads, writes = rng.choice(done)
                reg = rng.choice(writes if what in ("raw", "waw") else reads)
                if what == "raw" and reg[2] >= 4 and rng.random() < 0.5:
                    # an all-gather of what the earlier one wrote
                    c = 4
                    dst = self.pick(c * MAXNP, avoid=[reg], want_recent=0.0)
                    if dst:
                        done.append(self.coll_stmt("all_gather", (reg[0], reg[1], c), (dst[0], dst[1], c * MAXNP), c))
                elif self.reducible(reg[0]):
                    c = min(reg[2], rng.choice([4, 8, 16]))
                    o = reg[1] + 4 * rng.randint(0, (reg[2] - c) // 4)
                    done.append(self.coll_stmt("all_reduce", (reg[0], o, c)))
            elif what == "gather":
                c = rng.choice([4, 8])
                src = self.pick(c, want_recent=0.3)
                if src:
                    dst = self.pick(c * MAXNP, avoid=[(src[0], src[1], c)], want_recent=0.0)
                    if dst:
                        done.append(self.coll_stmt("all_gather", (src[0], src[1], c), (dst[0], dst[1], c * MAXNP), c))
            if rng.random() < 0.3:
                got = self.pick(self.count(16), want_recent=0.0)
                if got:
                    m = self.count(16)
                    if got[1] + m <= got[0].size:
                        self.slow((got[0], got[1], m))
        if done:
            self.tag("groupreorder")

    def rank_fixup(self):
        """The rank and size locals are used after their declarations, and pp in the body
        (-Wunused); a rank-dependent program gets no statement entries (the model is one
        rank's, the mutants' swaps need every rank's)."""
        body = "\n".join(self.body)
        for name in (self.rankname if self.rankform == "local" else None, self.sizename):
            if not name or "(" in name:
                continue
            decl = [i for i, ln in enumerate(self.body) if ln.startswith("\tint %s = " % name)]
            if decl and not re.search(r"\b%s\b" % name, "\n".join(self.body[decl[0] + 1:])):
                self.value_use(name)
        if self.rankform == "param" and not re.search(r"\bstage\b", "\n".join(self.body)):
            self.value_use("stage")
        if not re.search(r"\bpp\b", "\n".join(self.body)):
            self.value_use(self.nranks())
        self.stmts = []

    def value_use(self, text):
        n = self.count(16)
        dst = self.pick(n, want_recent=0.6)
        if not dst:
            dst = (self.roots[0], 0, n)
        self.kernels.add("k_addc")
        self.emit("k_addc(s, %s, (float)%s, %s);" % (self.spell(Loc(dst[0], dst[1])), text, self.int_text(n)))
        D = (dst[0], dst[1], n)
        self.rankop("k_addc", [D], [D])

    def build(self):
        rng = self.rng
        self.setup_roots()
        if self.on("carve", 0.5):
            self.carve()
        if self.on("struct", 0.5):
            self.struct_locals()
        if rng.random() < 0.3:
            self.fam_macro()
        if self.on("ptrptr", 0.5):
            self.ptrptr_locals()
        if self.on("slice", 0.4):
            self.ensure_slice_macro(rng.choice([4, 8, 16]))
        blocks = [(self.top_kernel, 10), (self.top_collective, 7)]
        for idiom, fn, w in (("loop", self.block_loop, 2), ("loop", self.block_geoloop, 1.5),
                             ("table", self.block_table, 1.5),
                             ("reassign", self.block_reassign, 1.2), ("walk", self.block_walk, 1),
                             ("seqpar", self.block_seqpar, 1), ("temp", self.block_temp, 0.5),
                             ("accessor", self.block_accessor, 0.8), ("ptrptr", self.block_ptrptr, 0.8),
                             ("helper", self.block_helper, 1.5)):
            if idiom in self.idioms:
                blocks.append((fn, w))
        for idiom, fn, w in (("hostread", self.block_hostread, 2), ("addrlocal", self.block_addrlocal, 1.5),
                             ("fnptr", self.block_fnptr, 1.2), ("hoststore", self.block_hoststore, 1),
                             ("hostmem", self.block_hostmem, 1), ("hostcopy", self.block_hostcopy, 1),
                             ("structcopy", self.block_structcopy, 1.5),
                             ("nested", self.block_nested, 1), ("carvetemp", self.block_temp, 1)):
            if self.host(idiom):
                blocks.append((fn, w))
        rankblocks = [(fn, w) for idiom, fn, w in (
            ("ring", self.block_ring, 1), ("exchange", self.block_exchange, 1),
            ("relay", self.block_relay, 1.5), ("rankif", self.block_rankif, 2),
            ("p2pgroup", self.block_p2pgroup, 1.5)) if idiom in self.idioms]
        if "rtloop" in self.idioms:
            blocks.append((self.block_rtloop, 1.5))
        rankprog = rankblocks and rng.random() < (RANKSHARE if set(self.idioms) - set(RANKIDIOMS) else 1)
        if rankprog:
            blocks += [(fn, 2.5 * w) for fn, w in rankblocks]
        if "groupreorder" in self.idioms:
            blocks.append((self.block_groupreorder, 1.2))
        fns, ws = zip(*blocks)
        nstmt = rng.randint(6, 14)
        for _ in range(nstmt):
            rng.choices(fns, ws)[0]()
        for _ in range(8):
            if not rankprog or self.rankdep:
                break
            rng.choice(rankblocks)[0]()
        if self.rankdep:
            self.rank_fixup()
        # at least two collectives, and every parameter used
        while self.ncoll < 2:
            self.top_collective()
        # every local pointer is used after its declaration (-Wunused-variable)
        for a in list(self.aliases):
            decl = [i for i, ln in enumerate(self.body) if re.search(r"\*(const )?%s = " % a.name, ln)]
            if decl and not re.search(r"(?<![>.])\b%s\b" % a.name, "\n".join(self.body[decl[0] + 1:])):
                n = min(4, a.root.size - a.off)
                self.kernels.add("k_scale")
                i = self.emit("k_scale(s, %s, %d);" % (a.name, n))
                w = (a.root, a.off, n)
                self.stmt = i
                self.record("k_scale", [w], [w])
        for fam in self.fams:
            ws = self.macros.get("ws:" + fam.field)
            decl = [i for i, ln in enumerate(self.body) if "**%s = " % ws in ln]
            if decl and not re.search(r"(?<![>.])\b%s\b" % ws, "\n".join(self.body[decl[0] + 1:])):
                root = fam.roots[-1]
                self.kernels.add("k_scale")
                i = self.emit("k_scale(s, %s[%d], 4);" % (ws, len(fam.roots) - 1))
                self.stmt = i
                self.record("k_scale", [(root, 0, 4)], [(root, 0, 4)])
        pf = self.macros.get("pp:flat")
        if pf:
            decl = [i for i, ln in enumerate(self.body) if "**%s = " % pf in ln]
            if decl and not re.search(r"(?<![>.])\b%s\b" % pf, "\n".join(self.body[decl[0] + 1:])):
                root = next(r for r in self.roots if r.kind == "member")
                self.kernels.add("k_scale")
                i = self.emit("k_scale(s, *%s, 4);" % pf)
                self.stmt = i
                self.record("k_scale", [(root, 0, 4)], [(root, 0, 4)])
        for (ty, name) in self.params:
            if not re.search(r"(?<![>.])\b%s\b" % name, "\n".join(self.body)):
                root = next(r for r in self.roots if r.key == name or r.key.startswith(name + "->"))
                n = min(16, root.size)
                self.kernels.add("k_scale")
                i = self.emit("k_scale(s, %s, %d);" % (self.root_text(root), n))
                self.stmt = i
                self.record("k_scale", [(root, 0, n)], [(root, 0, n)])
        if self.rankdep:  # the statements added since rank_fixup have no entries either
            self.stmts = []

    # -- text ------------------------------------------------------------------------------
    def text(self, headers=False):
        """The program's part of the file: definitions (headers: a header program's in
        self.headers, included), the graph, #undefs."""
        pre = self.pre
        if self.header and headers:
            name, body = "%s.h" % self.fn, pre
            if len(pre) > 1 and self.hrng.random() < 0.5:  # half of it through a nested include
                inner = "%s_inner.h" % self.fn
                self.headers[inner] = "\n".join(["/* %s: included by %s.h */" % (inner, self.fn)] +
                                                pre[:len(pre) // 2]) + "\n"
                body = ['#include "%s"' % inner] + pre[len(pre) // 2:]
            self.headers[name] = "\n".join(["/* %s: program %d's macros and helpers */" % (name, self.seed)] +
                                           body) + "\n"
            pre = ['#include "%s"' % name]
            self.tag("header")
        sig = ", ".join(["dagcc_group *g", "dagcc_stream_t s"] +
                        ["%s%s" % (ty, name) for ty, name in self.params + self.rankparams()])
        # the directives idiom draws from its own generator too, and keeps the body's lines
        # together (run.py maps them to the file's)
        drng = random.Random("dagcc-soundness-directives-%d" % self.seed)
        dirs = "directives" in self.idioms and drng.random() < 0.4
        if dirs:
            self.tag("directives")
        out = ["/* program %d: %s */" % (self.seed, " ".join(sorted(self.tags)))]
        out += pre
        head, other, on = "DAGCC_GRAPH void %s(%s)" % (self.fn, sig), "G%d_OTHER" % self.seed, "G%d_ON" % self.seed
        if dirs and drng.random() < 0.5:  # the signature chosen by a conditional, { in each branch
            out += ["#ifndef %s" % other, head + " {", "#else", head + " {", "\tint %s_other = 1;" % self.fn,
                    "#endif"]
        else:
            out += [head, "{"]
        if dirs:
            out += ["#define %s 1" % on, "#pragma GCC diagnostic push",
                    "#if %s && !defined(%s)" % (on, other), "#else", "\tnot compiled here;", "#endif"]
        null = self.macros.get("null")  # declared where a statement still names it (a block
        # that used it may have been dropped, as an empty run-time loop is)
        if null and any(re.search(r"\b%s\b" % null, line) for line in self.body):
            out.append("\tconst float *%s = NULL;" % null)
        self.body_start = len(out)  # line index (0-based, within this text) of body[0]
        out += self.body
        if dirs:
            out += ["#pragma GCC diagnostic pop", "#undef %s" % on]
        if dirs and drng.random() < 0.5:  # the } in each branch of a conditional
            out += ["#ifndef %s" % other, "}", "#else", "}", "#endif"]
        else:
            out.append("}")
        out += ["#undef %s" % m for m in self.undef]
        return out

    def rankparams(self):
        """The graph's parameters for the rank, and rtloop's trips: (C type, name)."""
        ps = [("dagcc_group *", "pp")] if self.rankdep else []
        ps += [("int ", "ntrip")] if self.trips is not None else []
        return ps + ([("int ", "stage")] if self.rankform == "param" else [])

    def depmap(self, k):
        """Operation k as {output element: the input elements its value is computed from}
        (elements are (id(root), index); a gather's or scatter's as seen at 4 ranks)."""
        kind, reads, writes, shape = self.ops[k]
        out = {}
        if kind == "k_tr_n":
            (rx, ox, _), = reads
            (ry, oy, _), = writes
            m, n = shape["m"], shape["n"]
            for i in range(m):
                for j in range(n):
                    out[id(ry), oy + j * m + i] = [(id(rx), ox + i * n + j)]
        elif kind == "k_bias_n":
            (ry, oy, mn), (rb, ob, n) = reads
            for e in range(mn):
                out[id(ry), oy + e] = [(id(ry), oy + e), (id(rb), ob + e % n)]
        elif kind == "k_addc":  # a constant added, or the value of an element (a host read)
            (ry, oy, n), c = reads[0], [(id(r), o) for (r, o, _) in reads[1:2]]
            for t in range(n):
                out[id(ry), oy + t] = [(id(ry), oy + t)] + c
        elif kind in ("k_sum", "k_icount"):
            (rw, ow, _), = writes
            out[id(rw), ow] = [(id(r), o + t) for (r, o, n) in reads for t in range(n)]
        elif kind in ("all_gather", "reduce_scatter"):
            (rs, os_, ns), = reads
            (rr, or_, nr) = writes[0]
            c = min(ns, nr)
            for e in range(nr):
                srcs = [os_ + e % c] if kind == "all_gather" else [os_ + q * c + e for q in range(MAXNP)]
                out[id(rr), or_ + e] = [(id(rs), x) for x in srcs]
        else:  # elementwise: kernels, all_reduce, broadcast
            for (ry, oy, n) in writes:
                for t in range(n):
                    out[id(ry), oy + t] = [(id(r), o + t) for (r, o, _) in reads]
        return out

    def uniform(self, k):
        """The elements that hold the same value on every rank before operation k: what a
        collective other than reduce_scatter wrote, and what kernels computed from those."""
        if getattr(self, "_uniform", None) is None:
            u, self._uniform = set(), []
            for j, (kind, _, _, _) in enumerate(self.ops):
                self._uniform.append(set(u))
                d = self.depmap(j)
                if kind in ("all_reduce", "broadcast", "all_gather"):
                    u |= set(d)
                else:
                    u = (u - set(d)) | {o for o, ins in d.items() if all(i in u for i in ins)}
        return self._uniform[k]

    def observable(self, a, b):
        """Whether running statement entries a and b in the other order changes what the
        program prints: the elements whose values the other order changes (written by both; or
        computed by one from what the other writes) are carried through every later operation
        (an output computed from a changed element changes, one written from unchanged inputs
        no longer differs) to the end. Two collectives, one operation twice and two k_scale
        (one function of each element) commute."""
        if not (a[3] or b[3]) or (a[5], a[1], a[2]) == (b[5], b[1], b[2]) or a[5] == b[5] == "k_scale":
            return False
        ka, kb = sorted((a[4], b[4]))
        da, db = self.depmap(ka), self.depmap(kb)
        for k, d in ((ka, da), (kb, db)):
            # an all-reduce (AVG) or broadcast of what every rank already holds changes nothing
            if self.ops[k][0] in ("all_reduce", "broadcast") and set(d) <= self.uniform(k):
                return False
        for (k, d), (j, e) in (((ka, da), (kb, db)), ((kb, db), (ka, da))):
            # a broadcast commutes with a kernel that stays inside it, or reads what every rank
            # holds: each rank computes rank 0's result either way
            if self.ops[k][0] == "broadcast" and self.ops[j][0].startswith("k_") and set(e) <= set(d) \
                    and all(i in d or i in self.uniform(ka) for ins in e.values() for i in ins):
                return False
        wa, wb = set(da), set(db)
        diff = wa & wb
        if self.ops[ka][0] == self.ops[kb][0] in ELEMENTWISE:
            # one elementwise kernel twice: an element both compute from the same inputs
            # (itself and the same others) ends the same in either order
            diff = {o for o in diff if da[o] != db[o]}
        diff |= {o for o, ins in db.items() if any(i in wa for i in ins)} - wa
        diff |= {o for o, ins in da.items() if any(i in wb for i in ins)} - wb
        for k in range(kb + 1, len(self.ops)):
            if not diff:
                return False
            dk = self.depmap(k)
            diff = (diff - set(dk)) | {o for o, ins in dk.items() if any(i in diff for i in ins)}
        printed = {id(r) for r in self.hashed()}
        return any(r in printed for (r, _) in diff)

    def hashed(self):
        """(C expression in main, label) of every buffer main hashes."""
        return [r for r in self.roots if r.kind not in ("temp", "local", "scalar")]


def kernel_decl(name, static):
    if name in XKERNELS:
        return XKERNELS[name][0] % ("static " if static else "")
    params, ints, ext, cost, _ = KERNELS[name]
    ps = []
    for (p, mode, extent, _) in params:
        ann = {"in": "DAGCC_IN", "out": "DAGCC_OUT", "inout": "DAGCC_INOUT"}[mode]
        if ext:
            ann += "_N(%s)" % extent
        ps.append("%s %sfloat *%s" % (ann, "const " if mode == "in" else "", p))
    ps += ["int %s" % i for i in ints]
    return "DAGCC_COMPUTE(%s)\n%svoid %s(dagcc_stream_t s, %s);" % (
        cost, "static " if static else "", name, ", ".join(ps))


def kernel_def(name, static):
    if name in XKERNELS:
        return XKERNELS[name][1] % ("static " if static else "")
    params, ints, _, _, body = KERNELS[name]
    ps = ["%sfloat *%s" % ("const " if mode == "in" else "", p) for (p, mode, _, _) in params]
    ps += ["int %s" % i for i in ints]
    return "%svoid %s(dagcc_stream_t s, %s)\n{\n\t(void)s;\n\t%s\n}" % (
        "static " if static else "", name, ", ".join(ps), body)


HEADER = """/* Generated by test/lit/soundness/gen.py: programs %s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"

/* every kernel keeps values integral and below %d */
static float mix(float v)
{
	return (float)((long long)v %% %d);
}
"""

MAIN_HELPERS = """
static float *newbuf(size_t n, unsigned seed)
{
	float *h = malloc(n * sizeof *h);
	if (!h)
		abort();
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		h[i] = (float)((seed >> 16) %% %du);
	}
	float *d = dagcc_malloc(n * sizeof *d);
	dagcc_copy_to_device(d, h, n * sizeof *d);
	free(h);
	return d;
}

static long long hashbuf(float *d, size_t n)
{
	unsigned char *h = malloc(n * sizeof(float));
	if (!h)
		abort();
	dagcc_copy_to_host(h, d, n * sizeof(float));
	unsigned long long x = 14695981039346656037ull;
	for (size_t i = 0; i < n * sizeof(float); i++)
		x = (x ^ h[i]) * 1099511628211ull;
	free(h);
	dagcc_free(d);
	return (long long)x;
}
"""


def generate(seeds, idioms=DEFAULT_IDIOMS, headers=None):
    """The C text of a file holding the programs of these seeds, and per program its line
    range and record: {seed: (first line, last line, Program, body line 1 -> file line)}.
    headers: a dict given the headers the file includes (name -> text), to write beside it;
    without one, no program uses headers."""
    progs = [Program(s, idioms) for s in seeds]
    rng = random.Random("dagcc-soundness-file-%s" % ",".join(map(str, seeds)))
    used = sorted(set().union(*(p.kernels for p in progs)))
    static = {k: rng.random() < 0.5 for k in used}
    lines = (HEADER % (" ".join(map(str, seeds)), MOD, MOD)).split("\n")
    for k in used:
        lines += kernel_decl(k, static[k]).split("\n")
    lines.append("")
    where = {}
    for p in progs:
        first = len(lines) + 1
        t = p.text(headers is not None)
        if headers is not None:
            headers.update(p.headers)
        for k, ln in enumerate(t):
            if k == p.body_start:
                body0 = len(lines) + 1  # the file line of body[0]
            lines += ln.split("\n")
        where[p.seed] = (first, len(lines), p, body0)
        lines.append("")
    for k in used:
        lines += kernel_def(k, static[k]).split("\n")
        lines.append("")
    lines += (MAIN_HELPERS % MOD).split("\n")
    nh = sum(len(p.hashed()) for p in progs)
    main = ["int main(int argc, char **argv)", "{",
            "\tdagcc_init(&argc, &argv);",
            "\tdagcc_group *world = dagcc_world();",
            "\tint rank = dagcc_group_rank(world), size = dagcc_group_size(world);",
            "\tdagcc_stream_t s = dagcc_stream_default();"]
    if any(p.rankdep for p in progs):
        # the pipeline group: every rank, in world order, on a communicator of its own
        main.append("\tdagcc_group *pp = dagcc_group_split(world, 0, rank);")
    main += ["\tunsigned r = (unsigned)rank * 7919u;",
             "\tlong long *mine = dagcc_malloc(%d * sizeof(long long));" % nh,
             "\tint nh = 0;"]
    progid, names = [], []
    for p in progs:
        main.append("\t{")
        if p.struct:
            main.append("\t\tstruct %s m;" % p.struct)
            if p.hookmember:
                main.append("\t\tm.hook = %s_hook;" % p.fn)
        for k, root in enumerate(p.roots):
            init = "newbuf(%d, r + %du)" % (root.size, (131 * k + p.seed * 977) % 1000003)
            if root.kind == "param":
                main.append("\t\tfloat *%s = %s;" % (root.key, init))
            else:
                main.append("\t\t%s = %s;" % (root.key.replace("m->", "m."), init))
        args = "".join(", " + ("&m" if name == "m" else name) for _, name in p.params)
        args += "".join(", " + ("rank" if name == "stage" else str(p.trips) if name == "ntrip" else name)
                        for _, name in p.rankparams())
        main.append("\t\t%s(world, s%s);" % (p.fn, args))
        main.append("\t\tdagcc_stream_sync(s);")
        for root in p.hashed():
            main.append("\t\tmine[nh++] = hashbuf(%s, %d);" % (root.key.replace("m->", "m."), root.size))
            progid.append(str(p.seed))
            names.append('"%s"' % root.key)
        main.append("\t}")
    main += ["\tlong long *all = dagcc_malloc((size_t)size * %d * sizeof(long long));" % nh,
             "\tdagcc_all_gather(world, mine, all, %d, DAGCC_I64, s);" % nh,
             "\tdagcc_stream_sync(s);",
             "\tlong long *host = malloc((size_t)size * %d * sizeof(long long));" % nh,
             "\tif (!host)", "\t\tabort();",
             "\tdagcc_copy_to_host(host, all, (size_t)size * %d * sizeof(long long));" % nh,
             "\tstatic const int prog[%d] = {%s};" % (nh, ", ".join(progid)),
             "\tstatic const char *const name[%d] = {%s};" % (nh, ", ".join(names)),
             "\tif (rank == 0) {",
             "\t\tprintf(\"np %d\\n\", size);",
             "\t\tfor (int b = 0, q = 0; b < nh; b = q) {",
             "\t\t\twhile (q < nh && prog[q] == prog[b])",
             "\t\t\t\tq++;",
             "\t\t\tfor (int k = 0; k < size; k++)",
             "\t\t\t\tfor (int i = b; i < q; i++)",
             "\t\t\t\t\tprintf(\"p%d r%d %s %016llx\\n\", prog[i], k, name[i],",
             "\t\t\t\t\t       (unsigned long long)host[(size_t)k * (size_t)nh + (size_t)i]);",
             "\t\t}",
             "\t}",
             "\tfree(host);",
             "\tdagcc_free(all);",
             "\tdagcc_free(mine);",
             "\tdagcc_finalize();",
             "\treturn 0;",
             "}"]
    lines += main
    return "\n".join(lines) + "\n", where


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seeds", type=int, nargs="*")
    ap.add_argument("-o", dest="out")
    ap.add_argument("--idioms", help="comma-separated subset of the idioms (default: all)")
    ap.add_argument("--list-idioms", action="store_true")
    a = ap.parse_args()
    if a.list_idioms:
        for k in DEFAULT_IDIOMS:
            print("%-10s %s" % (k, IDIOMS[k]))
        return 0
    if not a.seeds:
        ap.error("give at least one seed")
    idioms = a.idioms.split(",") if a.idioms else DEFAULT_IDIOMS
    bad = [i for i in idioms if i and i not in IDIOMS]
    if bad:
        ap.error("unknown idiom %s" % ", ".join(bad))
    headers = {}
    text, _ = generate(a.seeds, [i for i in idioms if i], headers)
    for name, t in headers.items():  # beside the file
        with open(os.path.join(os.path.dirname(a.out) if a.out else ".", name), "w") as f:
            f.write(t)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
