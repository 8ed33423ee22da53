"""Families with the shapes of issue 27, written as trainers write them: straight-line DAGCC_GRAPH
bodies (one statement a line, so that bench/gen/orders.py can write each in other orders),
costed by dagcc's roofline on the target.

  tpsp     Megatron TP+SP blocks: all-gather of the sequence shards before each column-parallel
           GEMM, reduce-scatter after each row-parallel one; backward with dgrad and wgrad GEMMs,
           the input of a column-parallel wgrad gathered again, the DP gradient all-reduce (or
           reduce-scatter: a distributed optimizer) and layer-norm parameters' tiny all-reduces;
           forward, backward or both, written wgrad-first or dgrad-first
  fb1f1b   a 1F1B steady-state step: the forward of one micro-batch and the backward of another,
           which do not wait on each other (TP all-reduces or TP+SP, DP gradients), received from
           and sent to the neighbour stages; written forward first, backward first or layer by
           layer interleaved
  tbo      two-batch-overlap decode steps: each layer's attention and MLP with TP all-reduces (or
           an MoE all-to-all), for two independent sub-batches, written one sub-batch at a time
           or interleaved; or the batch not split at all
  pprank   rank-specialized pipeline stages: `int r = dagcc_group_rank(m->pp)`, receives and sends
           between neighbour stages under `if (r > 0)` / `if (r < P - 1)`, the loss on the last
           rank, gradients all-reduced over DP (one graph per rank)
  zero     ZeRO-2 / FSDP backward: per weight a dgrad and a wgrad GEMM, the gradient
           reduce-scattered (FSDP: the weight all-gathered into a temporary first), and tiny bias
           and norm all-reduces among the big ones, written bias-first or bias-last
  moea2a   an MoE layer forward and backward: router, all-to-all dispatch and combine, experts,
           a shared expert written before or after the dispatch, dense gradients over DP

Each returns (lang, writings, target, flags, variant): writings [(style, text)], the one DAG
written in each of the family's writing orders (wgrad-first and dgrad-first, ...), the first
drawn at random; variant names what else was drawn (forward, backward or both, ...).
"""
import random

from families import HEAD, TARGETS, pow2, target

KERNELS = """DAGCC_COMPUTE(flops = 8.0 * n, bytes = 2.0 * 2 * n)
void layernorm(dagcc_stream_t s, DAGCC_IN const bf16 *x, DAGCC_OUT bf16 *y, long n);
DAGCC_COMPUTE(flops = 12.0 * n, bytes = 2.0 * 3 * n)
void layernorm_bwd(dagcc_stream_t s, DAGCC_IN const bf16 *x, DAGCC_IN const bf16 *dy,
		   DAGCC_OUT bf16 *dx, long n);
DAGCC_COMPUTE(flops = 1.0 * n, bytes = 2.0 * 3 * n)
void add(dagcc_stream_t s, DAGCC_INOUT bf16 *y, DAGCC_IN const bf16 *x, long n);
/* a bias's or a norm parameter's gradient: column sums of t x n into n floats */
DAGCC_COMPUTE(dtype = bf16, flops = 2.0 * t * n, bytes = 2.0 * t * n + 4.0 * n)
void bias_grad(dagcc_stream_t s, DAGCC_IN const bf16 *dy, DAGCC_OUT float *db, long t, long n);
"""


class Prog:
    """a graph body and the struct of the buffers it names"""

    def __init__(self, groups, defines):
        self.groups, self.defines = groups, defines
        self.bufs, self.fbufs, self.body = [], [], []

    def b(self, name, f32=False):
        lst = self.fbufs if f32 else self.bufs
        if name not in self.bufs and name not in self.fbufs:
            lst.append(name)
        return "m->" + name

    def s(self, line):
        self.body.append("\t" + line)

    def text(self, pre=()):
        c = [HEAD[:HEAD.index("/* column sums")], KERNELS]
        c += ["#define %s %s\n" % kv for kv in self.defines]
        c.append("\nstruct step {\n\tdagcc_group %s;\n" % ", ".join("*" + g for g in self.groups))
        for lst, ty in ((self.bufs, "bf16"), (self.fbufs, "float")):
            for i in range(0, len(lst), 8):
                c.append("\t%s %s;\n" % (ty, ", ".join("*" + x for x in lst[i:i + 8])))
        c.append("};\n\nDAGCC_GRAPH void step(struct step *m, dagcc_stream_t s)\n{\n")
        c += ["\t%s\n" % p for p in pre]
        c.append("\n".join(self.body) + "\n}\n")
        return "".join(c)


def dp_grad(p, g, n, dist):
    """a weight gradient over DP: all-reduced, or reduce-scattered to this rank's shard"""
    if dist:
        p.s("dagcc_reduce_scatter(m->dp, %s, %s, %s / DP, DAGCC_BF16, DAGCC_SUM, s);"
            % (p.b(g), p.b(g + "_sh"), n))
    else:
        p.s("dagcc_all_reduce(m->dp, %s, %s, DAGCC_BF16, DAGCC_AVG, s);" % (p.b(g), n))


def tiny(p, dy, name, n):
    """a layer-norm or bias parameter's gradient and its all-reduce: a few KiB"""
    p.s("bias_grad(s, %s, %s, T, %s);" % (p.b(dy), p.b(name, True), n))
    p.s("dagcc_all_reduce(m->dp, %s, %s, DAGCC_F32, DAGCC_AVG, s);" % (p.b(name, True), n))


# ------------------------------------------------------------ Megatron TP(+SP) layers

def fwd_layer(p, l, mb, sp, x):
    """one transformer layer's forward from x (sequence-sharded with sp); returns its output"""
    t = "%s_%d" % (mb, l)
    n = "T / TP * H" if sp else "T * H"

    def norm(x, ln):
        """layernorm of x into ln (gathered over TP with sp): returns what the next GEMM reads"""
        p.s("layernorm(s, %s, %s, %s);" % (p.b(x), p.b(ln + t), n))
        if not sp:
            return ln + t
        p.s("dagcc_all_gather(m->tp, %s, %s, T / TP * H, DAGCC_BF16, s);" % (p.b(ln + t), p.b(ln + "f" + t)))
        return ln + "f" + t

    src = norm(x, "ln1")
    p.s("gemm(s, %s, %s, %s, T, 3 * H / TP, H);" % (p.b(src), p.b("wqkv%d" % l), p.b("qkv" + t)))
    p.s("attention(s, %s, %s, T, H / TP);" % (p.b("qkv" + t), p.b("att" + t)))
    p.s("gemm(s, %s, %s, %s, T, H, H / TP);" % (p.b("att" + t), p.b("wo%d" % l), p.b("o" + t)))
    ao = "ao" + t if sp else "o" + t
    if sp:
        p.s("dagcc_reduce_scatter(m->tp, %s, %s, T / TP * H, DAGCC_BF16, DAGCC_SUM, s);" % (p.b("o" + t), p.b(ao)))
    else:
        p.s("dagcc_all_reduce(m->tp, %s, T * H, DAGCC_BF16, DAGCC_SUM, s);" % p.b(ao))
    p.s("add(s, %s, %s, %s);" % (p.b(ao), p.b(x), n))
    src = norm(ao, "ln2")
    p.s("gemm(s, %s, %s, %s, T, 4 * H / TP, H);" % (p.b(src), p.b("wup%d" % l), p.b("hid" + t)))
    p.s("gelu(s, %s, T * 4 * H / TP);" % p.b("hid" + t))
    p.s("gemm(s, %s, %s, %s, T, H, 4 * H / TP);" % (p.b("hid" + t), p.b("wdn%d" % l), p.b("z" + t)))
    out = "x%s_%d" % (mb, l + 1) if sp else "z" + t
    if sp:
        p.s("dagcc_reduce_scatter(m->tp, %s, %s, T / TP * H, DAGCC_BF16, DAGCC_SUM, s);" % (p.b("z" + t), p.b(out)))
    else:
        p.s("dagcc_all_reduce(m->tp, %s, T * H, DAGCC_BF16, DAGCC_SUM, s);" % p.b(out))
    p.s("add(s, %s, %s, %s);" % (p.b(out), p.b(ao), n))
    return out


def bwd_layer(p, l, mb, sp, wgrad_first, dp, dist, tinies, x, dy):
    """one layer's backward from dy, the gradient of its output (x its input); weight gradients
    to DP when dp; returns the gradient of x"""
    t = "%s_%d" % (mb, l)
    n = "T / TP * H" if sp else "T * H"

    def gemm_pair(dy, w, dx, x, g, dxdims, dwdims, before_dx=(), after_dx=(), before_dw=(),
                  size=""):
        dgrad = list(before_dx) + ["gemm_dx(s, %s, %s, %s, %s);" % (p.b(dy), p.b(w), p.b(dx), dxdims)] + list(after_dx)
        wgrad = list(before_dw) + ["gemm_dw(s, %s, %s, %s, %s);" % (p.b(x), p.b(dy), p.b(g), dwdims)]
        for part in ((wgrad, dgrad) if wgrad_first else (dgrad, wgrad)):
            for line in part:
                p.s(line)
            if part is wgrad and dp:
                dp_grad(p, g, size, dist)

    def column(dy, w, dx, ln, g, dims_dx, dims_dw, size):
        """a column-parallel GEMM's backward: with sp its input gathered again for the wgrad,
        the dgrad reduce-scattered; else the dgrad all-reduced"""
        if sp:
            ag = ["dagcc_all_gather(m->tp, %s, %s, T / TP * H, DAGCC_BF16, s);" % (p.b(ln), p.b(ln + "g"))]
            rs = ["dagcc_reduce_scatter(m->tp, %s, %s, T / TP * H, DAGCC_BF16, DAGCC_SUM, s);" % (p.b(dx + "f"), p.b(dx))]
            gemm_pair(dy, w, dx + "f", ln + "g", g, dims_dx, dims_dw, before_dx=ag if not wgrad_first else (),
                      before_dw=ag if wgrad_first else (), after_dx=rs, size=size)
        else:
            ar = ["dagcc_all_reduce(m->tp, %s, T * H, DAGCC_BF16, DAGCC_SUM, s);" % p.b(dx)]
            gemm_pair(dy, w, dx, ln, g, dims_dx, dims_dw, after_dx=ar, size=size)
    dz = dy
    if sp:
        dz = "dzf" + t
        p.s("dagcc_all_gather(m->tp, %s, %s, T / TP * H, DAGCC_BF16, s);" % (p.b(dy), p.b(dz)))
    gemm_pair(dz, "wdn%d" % l, "dhid" + t, "hid" + t, "gdn%s_%d" % (mb, l),
              "T, 4 * H / TP, H", "4 * H / TP, H, T", size="4 * H / TP * H")
    p.s("gelu_bwd(s, %s, %s, T * 4 * H / TP);" % (p.b("hid" + t), p.b("dhid" + t)))
    column("dhid" + t, "wup%d" % l, "dln2" + t, "ln2" + t, "gup%s_%d" % (mb, l),
           "T, H, 4 * H / TP", "H, 4 * H / TP, T", "4 * H / TP * H")
    ao = "ao" + t if sp else "o" + t
    p.s("layernorm_bwd(s, %s, %s, %s, %s);" % (p.b(ao), p.b("dln2" + t), p.b("dao" + t), n))
    if tinies:
        tiny(p, "dln2" + t, "gln2%s_%d" % (mb, l), "H")
    p.s("add(s, %s, %s, %s);" % (p.b("dao" + t), p.b(dy), n))
    do = "dao" + t
    if sp:
        do = "daof" + t
        p.s("dagcc_all_gather(m->tp, %s, %s, T / TP * H, DAGCC_BF16, s);" % (p.b("dao" + t), p.b(do)))
    gemm_pair(do, "wo%d" % l, "datt" + t, "att" + t, "go%s_%d" % (mb, l),
              "T, H / TP, H", "H / TP, H, T", size="H / TP * H")
    p.s("attention_bwd(s, %s, %s, %s, T, H / TP);" % (p.b("qkv" + t), p.b("datt" + t), p.b("dqkv" + t)))
    column("dqkv" + t, "wqkv%d" % l, "dln1" + t, "ln1" + t, "gqkv%s_%d" % (mb, l),
           "T, H, 3 * H / TP", "H, 3 * H / TP, T", "3 * H / TP * H")
    dx = "dx%s_%d" % (mb, l)
    p.s("layernorm_bwd(s, %s, %s, %s, %s);" % (p.b(x), p.b("dln1" + t), p.b(dx), n))
    if tinies:
        tiny(p, "dln1" + t, "gln1%s_%d" % (mb, l), "H")
    p.s("add(s, %s, %s, %s);" % (p.b(dx), p.b("dao" + t), n))
    return dx


def tp_target(rng, tps=(2, 4, 8)):
    t, w = target(rng)
    tp = rng.choice([x for x in tps if x <= w])
    dp = rng.choice([d for d in (2, 4, 8, 16) if d * tp <= w] or [1])
    return t, tp, dp


def dims(rng, lo=10, hi=13, tlo=10, thi=14):
    return pow2(rng, lo, hi), pow2(rng, tlo, thi)


def writings(rng, styles, write):
    """[(style, text)]: the program written in each style, the first drawn at random; write(style,
    rng) must consume rng alike for every style (draw first, then write)"""
    first = rng.choice(styles)
    state = rng.getstate()
    out = []
    for st in [first] + [x for x in styles if x != first]:
        rng.setstate(state)
        out.append((st, write(st, rng)))
    return out


def tpsp(rng):
    t, tp, dp = tp_target(rng)
    H, T = dims(rng)
    mode = rng.choice(["fwd", "bwd", "bwd", "fwdbwd", "fwdbwd"])
    L = rng.randint(1, {"fwd": 4, "bwd": 2, "fwdbwd": 1}[mode])
    dist, tinies = rng.random() < 0.4, rng.random() < 0.5

    def write(style, rng):
        p = Prog(["tp", "dp"], [("H", "%dL" % H), ("T", "%dL" % T), ("TP", "%dL" % tp), ("DP", "%dL" % dp)])
        xs = ["x_%d" % l for l in range(L + 1)]
        if mode != "bwd":
            for l in range(L):
                xs[l + 1] = fwd_layer(p, l, "", True, xs[l])
        if mode != "fwd":
            dy = "dx_%d" % L
            for l in range(L - 1, -1, -1):
                dy = bwd_layer(p, l, "", True, style == "wgrad-first", True, dist, tinies, xs[l], dy)
        return p.text()
    styles = ["wgrad-first", "dgrad-first"] if mode != "fwd" else ["forward"]
    return "c", writings(rng, styles, write), t, \
        ["--group-size", "m->tp=%d" % tp, "--group-size", "m->dp=%d" % dp], mode


def fb1f1b(rng):
    t, w = target(rng)
    tp = rng.choice([x for x in (2, 4, 8) if x <= w])
    dp = rng.choice([d for d in (2, 4) if d * tp * 2 <= w] or [1])
    H, T = dims(rng, 10, 13, 10, 13)
    L = rng.randint(1, 2)
    sp, p2p, grads = rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.6
    wf = [rng.random() < 0.5 for _ in range(L)]
    n = "T / TP * H" if sp else "T * H"

    def write(style, rng):
        p = Prog(["tp", "dp", "pp"] if p2p else ["tp", "dp"],
                 [("H", "%dL" % H), ("T", "%dL" % T), ("TP", "%dL" % tp), ("DP", "%dL" % dp)])
        chunks = {"f": [], "b": []}
        x = "xf_0"
        if p2p:
            p.s("dagcc_recv(m->pp, %s, %s, DAGCC_BF16, 0, s);" % (p.b(x), n))
        for l in range(L):
            x = fwd_layer(p, l, "f", sp, x)
            if p2p and l == L - 1:
                p.s("dagcc_send(m->pp, %s, %s, DAGCC_BF16, 2, s);" % (p.b(x), n))
            chunks["f"].append(p.body)
            p.body = []
        dy = "dxb_%d" % L
        if p2p:
            p.s("dagcc_recv(m->pp, %s, %s, DAGCC_BF16, 2, s);" % (p.b(dy), n))
        for l in range(L - 1, -1, -1):
            dy = bwd_layer(p, l, "b", sp, wf[l], grads, False, False, "xb_%d" % l, dy)
            if p2p and l == 0:
                p.s("dagcc_send(m->pp, %s, %s, DAGCC_BF16, 0, s);" % (p.b(dy), n))
            chunks["b"].append(p.body)
            p.body = []
        body = []
        if style == "interleaved":
            for k in range(L):
                body += chunks["f"][k] + chunks["b"][k]
        else:
            for h in ("fb" if style == "forward-first" else "bf"):
                for c in chunks[h]:
                    body += c
        p.body = body
        return p.text()
    # with sends and receives the styles are other DAGs (dagcc never reorders them): one of them
    styles = ["forward-first", "backward-first", "interleaved"]
    if p2p:
        styles = [rng.choice(styles)]
    flags = ["--group-size", "m->tp=%d" % tp, "--group-size", "m->dp=%d" % dp]
    if p2p:
        flags += ["--group-size", "m->pp=%d" % max(3, min(w // (tp * dp), 4))]
    return "c", writings(rng, styles, write), t, flags, ("sp" if sp else "tp") + (" p2p" if p2p else "")


def tbo(rng):
    t, w = target(rng)
    tp = rng.choice([x for x in (2, 4, 8) if x <= w])
    H = pow2(rng, 11, 13)
    B = pow2(rng, 5, 9)  # decode tokens in the batch
    L = rng.randint(2, 5)
    moe = rng.random() < 0.3
    split = rng.random() < 0.7
    ctx = pow2(rng, 9, 12)
    ep = rng.choice([e for e in (2, 4, 8) if e * tp <= w] or [1])

    def write(style, rng):
        p = Prog(["tp", "ep"] if moe else ["tp"], [("H", "%dL" % H), ("TP", "%dL" % tp),
                                                    ("B", "%dL" % (B // 2 if split else B)),
                                                    ("CTX", "%dL" % ctx)])

        def layer(l, sb):
            t_ = "%s_%d" % (sb, l)
            p.s("gemm(s, %s, %s, %s, B, 3 * H / TP, H);" % (p.b("x%s_%d" % (sb, l)), p.b("wqkv%d" % l), p.b("qkv" + t_)))
            # decode attention over the KV cache: B queries against CTX keys
            p.s("gemm(s, %s, %s, %s, B, CTX, H / TP);" % (p.b("qkv" + t_), p.b("kv%s_%d" % (sb, l)), p.b("att" + t_)))
            p.s("gemm(s, %s, %s, %s, B, H, H / TP);" % (p.b("att" + t_), p.b("wo%d" % l), p.b("o" + t_)))
            p.s("dagcc_all_reduce(m->tp, %s, B * H, DAGCC_BF16, DAGCC_SUM, s);" % p.b("o" + t_))
            p.s("add(s, %s, %s, B * H);" % (p.b("o" + t_), p.b("x%s_%d" % (sb, l))))
            if moe:
                p.s("gemm(s, %s, %s, %s, B, H, 8);" % (p.b("o" + t_), p.b("wr%d" % l), p.b("disp" + t_)))
                p.s("dagcc_all_to_all(m->ep, %s, %s, B * H, DAGCC_BF16, s);" % (p.b("disp" + t_), p.b("rcv" + t_)))
                p.s("gemm(s, %s, %s, %s, B, 2 * H, H);" % (p.b("rcv" + t_), p.b("w1%d" % l), p.b("hid" + t_)))
                p.s("gelu(s, %s, B * 2 * H);" % p.b("hid" + t_))
                p.s("gemm(s, %s, %s, %s, B, H, 2 * H);" % (p.b("hid" + t_), p.b("w2%d" % l), p.b("eo" + t_)))
                p.s("dagcc_all_to_all(m->ep, %s, %s, B * H, DAGCC_BF16, s);" % (p.b("eo" + t_), p.b("z" + t_)))
            else:
                p.s("gemm(s, %s, %s, %s, B, 4 * H / TP, H);" % (p.b("o" + t_), p.b("wup%d" % l), p.b("hid" + t_)))
                p.s("gelu(s, %s, B * 4 * H / TP);" % p.b("hid" + t_))
                p.s("gemm(s, %s, %s, %s, B, H, 4 * H / TP);" % (p.b("hid" + t_), p.b("wdn%d" % l), p.b("z" + t_)))
                p.s("dagcc_all_reduce(m->tp, %s, B * H, DAGCC_BF16, DAGCC_SUM, s);" % p.b("z" + t_))
            p.s("add(s, %s, %s, B * H);" % (p.b("z" + t_), p.b("o" + t_)))
            p.s("layernorm(s, %s, %s, B * H);" % (p.b("z" + t_), p.b("x%s_%d" % (sb, l + 1))))
        subs = ["a", "b"] if split else ["a"]
        if style == "interleaved":
            for l in range(L):
                for sb in subs:
                    layer(l, sb)
        else:
            for sb in subs:
                for l in range(L):
                    layer(l, sb)
        return p.text()
    flags = ["--group-size", "m->tp=%d" % tp]
    if moe:
        flags += ["--group-size", "m->ep=%d" % ep]
    styles = ["sequential", "interleaved"] if split else ["unsplit"]
    return "c", writings(rng, styles, write), t, flags, ("split" if split else "unsplit") + (" moe" if moe else "")


def pprank(rng):
    t, w = target(rng)
    P = rng.choice([x for x in (2, 3, 4) if x <= w])
    dp = rng.choice([d for d in (2, 4) if d * P <= w] or [1])
    H, T = dims(rng, 10, 13, 10, 13)
    L, M = rng.randint(1, 2), rng.randint(1, 3)
    grads = rng.random() < 0.7
    p = Prog(["pp", "dp"], [("H", "%dL" % H), ("T", "%dL" % T), ("P", "%d" % P), ("DP", "%dL" % dp)])

    def fwd(mb):
        p.s("if (r > 0) dagcc_recv(m->pp, %s, T * H, DAGCC_BF16, r - 1, s);" % p.b("in%d" % mb))
        x = "in%d" % mb
        for l in range(L):
            p.s("gemm(s, %s, %s, %s, T, 4 * H, H);" % (p.b(x), p.b("w%d_0" % l), p.b("hid%d_%d" % (mb, l))))
            p.s("gelu(s, %s, T * 4 * H);" % p.b("hid%d_%d" % (mb, l)))
            p.s("gemm(s, %s, %s, %s, T, H, 4 * H);" % (p.b("hid%d_%d" % (mb, l)), p.b("w%d_1" % l), p.b("act%d_%d" % (mb, l))))
            x = "act%d_%d" % (mb, l)
        p.s("if (r < P - 1) dagcc_send(m->pp, %s, T * H, DAGCC_BF16, r + 1, s);" % p.b(x))
        p.s("if (r == P - 1) layernorm(s, %s, %s, T * H);" % (p.b(x), p.b("dout%d" % mb)))

    def bwd(mb):
        p.s("if (r < P - 1) dagcc_recv(m->pp, %s, T * H, DAGCC_BF16, r + 1, s);" % p.b("dout%d" % mb))
        dy = "dout%d" % mb
        for l in range(L - 1, -1, -1):
            x = "in%d" % mb if l == 0 else "act%d_%d" % (mb, l - 1)
            p.s("gemm_dx(s, %s, %s, %s, T, 4 * H, H);" % (p.b(dy), p.b("w%d_1" % l), p.b("dhid%d_%d" % (mb, l))))
            p.s("gemm_dw(s, %s, %s, %s, 4 * H, H, T);" % (p.b("hid%d_%d" % (mb, l)), p.b(dy), p.b("g%d_1_%d" % (l, mb))))
            p.s("gelu_bwd(s, %s, %s, T * 4 * H);" % (p.b("hid%d_%d" % (mb, l)), p.b("dhid%d_%d" % (mb, l))))
            p.s("gemm_dx(s, %s, %s, %s, T, H, 4 * H);" % (p.b("dhid%d_%d" % (mb, l)), p.b("w%d_0" % l), p.b("din%d_%d" % (mb, l))))
            p.s("gemm_dw(s, %s, %s, %s, H, 4 * H, T);" % (p.b(x), p.b("dhid%d_%d" % (mb, l)), p.b("g%d_0_%d" % (l, mb))))
            dy = "din%d_%d" % (mb, l)
        p.s("if (r > 0) dagcc_send(m->pp, %s, T * H, DAGCC_BF16, r - 1, s);" % p.b(dy))
    for mb in range(M):
        fwd(mb)
    for mb in range(M):
        bwd(mb)
    if grads:  # micro-batch gradients summed, then all-reduced over DP
        for l in range(L):
            for k in range(2):
                g = "g%d_%d_0" % (l, k)
                for mb in range(1, M):
                    p.s("add(s, %s, %s, %s * H * H);" % (p.b(g), p.b("g%d_%d_%d" % (l, k, mb)), 4))
                p.s("dagcc_all_reduce(m->dp, %s, 4 * H * H, DAGCC_BF16, DAGCC_AVG, s);" % p.b(g))
    flags = ["--group-size", "m->pp=%d" % P, "--group-size", "m->dp=%d" % dp]
    return "c", [("as-written", p.text(["int r = dagcc_group_rank(m->pp);"]))], t, flags, \
        "P%d M%d" % (P, M)


def zero(rng):
    t, w = target(rng)
    dp = rng.choice([d for d in (2, 4, 8, 16, 32, 128) if d <= w])
    H, T = dims(rng, 9, 12, 10, 13)
    L = rng.randint(1, 3)
    fsdp = rng.random() < 0.5
    # (name, rows, columns) of each weight, the order backward reaches them
    shapes = [("dn", "H", "4 * H"), ("up", "4 * H", "H"), ("o", "H", "H"), ("qkv", "3 * H", "H")]

    def write(style, rng):
        p = Prog(["dp"], [("H", "%dL" % H), ("T", "%dL" % T), ("DP", "%dL" % dp)])
        dy = "dx%d" % L
        for l in range(L - 1, -1, -1):
            for k, (nm, rows, cols) in enumerate(shapes):
                t_ = "%s%d" % (nm, l)
                lines = []
                wref = p.b("w" + t_)
                if fsdp:
                    lines.append("bf16 *f%s = dagcc_alloc_async(%s * %s * sizeof(bf16), s);" % (t_, rows, cols))
                    lines.append("dagcc_all_gather(m->dp, %s, f%s, %s * %s / DP, DAGCC_BF16, s);" % (wref, t_, rows, cols))
                    wref = "f" + t_
                dx = "d" + t_ if k < 3 else "dx%d" % l
                lines.append("gemm_dx(s, %s, %s, %s, T, %s, %s);" % (p.b(dy), wref, p.b(dx), cols, rows))
                if fsdp:
                    lines.append("dagcc_free_async(f%s, s);" % t_)
                lines.append("gemm_dw(s, %s, %s, %s, %s, %s, T);" % (p.b("a" + t_), p.b(dy), p.b("g" + t_), cols, rows))
                lines.append("dagcc_reduce_scatter(m->dp, %s, %s, %s * %s / DP, DAGCC_BF16, DAGCC_SUM, s);"
                             % (p.b("g" + t_), p.b("gs" + t_), rows, cols))
                bias = []
                for j in range(rng.randint(0, 2)):  # a bias or a norm's gamma and beta: H floats
                    g = p.b("gb%s_%d" % (t_, j), True)
                    bias.append("bias_grad(s, %s, %s, T, H);" % (p.b(dy), g))
                    bias.append("dagcc_all_reduce(m->dp, %s, H, DAGCC_F32, DAGCC_AVG, s);" % g)
                for line in (bias + lines if style == "bias-first" else lines + bias):
                    p.s(line)
                if k == 0:
                    p.s("gelu_bwd(s, %s, %s, T * 4 * H);" % (p.b("adn%d" % l), p.b(dx)))
                if k == 2:
                    p.s("attention_bwd(s, %s, %s, %s, T, H);" % (p.b("qkv%d" % l), p.b(dx), p.b("dq%d" % l)))
                    dx = "dq%d" % l
                dy = dx
        return p.text()
    return "c", writings(rng, ["bias-first", "bias-last"], write), t, \
        ["--group-size", "m->dp=%d" % dp], "fsdp" if fsdp else "zero2"


def moea2a(rng):
    t, w = target(rng)
    ep = rng.choice([e for e in (2, 4, 8, 16) if e <= w])
    dp = rng.choice([d for d in (2, 4, 8) if d * ep <= w] or [1])
    H, T = dims(rng, 10, 13, 11, 14)
    K = rng.randint(1, 3)

    def write(style, rng):
        return moe_text(style == "shared-first", H, T, K, ep)
    return "c", writings(rng, ["shared-first", "shared-after"], write), t, \
        ["--group-size", "m->ep=%d" % ep, "--group-size", "m->dp=%d" % dp], "K%d" % K


def moe_text(shared_first, H, T, K, ep):
    p = Prog(["ep", "dp"], [("H", "%dL" % H), ("T", "%dL" % T), ("EP", "%dL" % ep),
                            ("FF", "%dL" % (2 * H)), ("CAP", "(T / (EP * %d))" % K)])

    def shared_fwd():
        p.s("gemm(s, %s, %s, %s, T, FF, H);" % (p.b("y"), p.b("ws1"), p.b("sh")))
        p.s("gelu(s, %s, T * FF);" % p.b("sh"))
        p.s("gemm(s, %s, %s, %s, T, H, FF);" % (p.b("sh"), p.b("ws2"), p.b("so")))

    def shared_bwd():
        p.s("gemm_dx(s, %s, %s, %s, T, FF, H);" % (p.b("dx1"), p.b("ws2"), p.b("dsh")))
        p.s("gemm_dw(s, %s, %s, %s, FF, H, T);" % (p.b("sh"), p.b("dx1"), p.b("gs2")))
        p.s("dagcc_all_reduce(m->dp, %s, FF * H, DAGCC_BF16, DAGCC_AVG, s);" % p.b("gs2"))
        p.s("gelu_bwd(s, %s, %s, T * FF);" % (p.b("sh"), p.b("dsh")))
        p.s("gemm_dw(s, %s, %s, %s, H, FF, T);" % (p.b("y"), p.b("dsh"), p.b("gs1")))
        p.s("dagcc_all_reduce(m->dp, %s, FF * H, DAGCC_BF16, DAGCC_AVG, s);" % p.b("gs1"))
    p.s("gemm(s, %s, %s, %s, T, 3 * H, H);" % (p.b("x0"), p.b("wqkv"), p.b("qkv")))
    p.s("attention(s, %s, %s, T, H);" % (p.b("qkv"), p.b("att")))
    p.s("gemm(s, %s, %s, %s, T, H, H);" % (p.b("att"), p.b("wo"), p.b("y")))
    if shared_first:
        shared_fwd()
    p.s("gemm(s, %s, %s, %s, T, EP * %d, H);" % (p.b("y"), p.b("wr"), p.b("logits"), K))
    p.s("gemm(s, %s, %s, %s, T, H, 1);" % (p.b("y"), p.b("logits"), p.b("disp")))
    for e in range(K):
        p.s("dagcc_all_to_all(m->ep, %s, %s, CAP * H, DAGCC_BF16, s);" % (p.b("disp"), p.b("rcv%d" % e)))
    if not shared_first:
        shared_fwd()
    for e in range(K):
        p.s("gemm(s, %s, %s, %s, EP * CAP, FF, H);" % (p.b("rcv%d" % e), p.b("w1_%d" % e), p.b("eh%d" % e)))
        p.s("gelu(s, %s, EP * CAP * FF);" % p.b("eh%d" % e))
        p.s("gemm(s, %s, %s, %s, EP * CAP, H, FF);" % (p.b("eh%d" % e), p.b("w2_%d" % e), p.b("eo%d" % e)))
        p.s("dagcc_all_to_all(m->ep, %s, %s, CAP * H, DAGCC_BF16, s);" % (p.b("eo%d" % e), p.b("back%d" % e)))
    for e in range(K):
        p.s("add(s, %s, %s, T * H);" % (p.b("x1"), p.b("back%d" % e)))
    p.s("add(s, %s, %s, T * H);" % (p.b("x1"), p.b("so")))
    # backward, from dx1
    if shared_first:
        shared_bwd()
    for e in range(K):
        p.s("dagcc_all_to_all(m->ep, %s, %s, CAP * H, DAGCC_BF16, s);" % (p.b("dx1"), p.b("deo%d" % e)))
    for e in range(K):
        p.s("gemm_dx(s, %s, %s, %s, EP * CAP, FF, H);" % (p.b("deo%d" % e), p.b("w2_%d" % e), p.b("deh%d" % e)))
        p.s("gemm_dw(s, %s, %s, %s, FF, H, EP * CAP);" % (p.b("eh%d" % e), p.b("deo%d" % e), p.b("g2_%d" % e)))
        p.s("gelu_bwd(s, %s, %s, EP * CAP * FF);" % (p.b("eh%d" % e), p.b("deh%d" % e)))
        p.s("gemm_dx(s, %s, %s, %s, EP * CAP, H, FF);" % (p.b("deh%d" % e), p.b("w1_%d" % e), p.b("drcv%d" % e)))
        p.s("gemm_dw(s, %s, %s, %s, H, FF, EP * CAP);" % (p.b("rcv%d" % e), p.b("deh%d" % e), p.b("g1_%d" % e)))
        p.s("dagcc_all_to_all(m->ep, %s, %s, CAP * H, DAGCC_BF16, s);" % (p.b("drcv%d" % e), p.b("ddisp%d" % e)))
    if not shared_first:
        shared_bwd()
    for e in range(K):
        p.s("add(s, %s, %s, T * H);" % (p.b("dy"), p.b("ddisp%d" % e)))
    p.s("gemm_dx(s, %s, %s, %s, T, H, H);" % (p.b("dy"), p.b("wo"), p.b("datt")))
    p.s("gemm_dw(s, %s, %s, %s, H, H, T);" % (p.b("att"), p.b("dy"), p.b("go")))
    p.s("dagcc_all_reduce(m->dp, %s, H * H, DAGCC_BF16, DAGCC_AVG, s);" % p.b("go"))
    p.s("attention_bwd(s, %s, %s, %s, T, H);" % (p.b("qkv"), p.b("datt"), p.b("dqkv")))
    p.s("gemm_dx(s, %s, %s, %s, T, H, 3 * H);" % (p.b("dqkv"), p.b("wqkv"), p.b("dx0")))
    p.s("gemm_dw(s, %s, %s, %s, H, 3 * H, T);" % (p.b("x0"), p.b("dqkv"), p.b("gqkv")))
    p.s("dagcc_all_reduce(m->dp, %s, 3 * H * H, DAGCC_BF16, DAGCC_AVG, s);" % p.b("gqkv"))
    return p.text()


def used_groups(flags, text):
    """the --group-size flags of the groups the graph names"""
    out = []
    for i in range(0, len(flags), 2):
        g = flags[i + 1].split("=")[0]
        if g + "," in text or '"%s"' % g in text:
            out += flags[i:i + 2]
    return out


FAMILIES = [tpsp, fb1f1b, tbo, pprank, zero, moea2a]
del random, TARGETS
