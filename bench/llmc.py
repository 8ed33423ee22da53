"""llm.c's GPT-2 backward pass and gradient reduction (examples/llmc_backward.c): dagcc's
schedule against llm.c's own, simulated on a target.

For each workload (GPT-2 124M and 1.5B, ZeRO-0 and ZeRO-1):
  dagcc, C      dagcc --report=json on examples/llmc_backward.c with the size macros;
  dagcc, sugar-free C   the same file with the two idioms today's frontend may refuse written
                out by hand (the pointers[]/nelem[] loops as one call per slice, the residual
                pointer's reassignment as a constant if): what the frontend makes of the rest
                (the flat gradient block, declared extents, derived pointers);
  dagcc, exact  dagcc's scheduler on the exact graph: the same calls, written here as IR with
                exact byte ranges and only the true dependencies (--from-ir);
  hand          llm.c's schedule of that graph, measured with --from-ir --keep-order: each
                layer's reductions issued right after the layer's last gradient kernel as one
                NCCL group (a coalesced bucket), the non-layer ones likewise after the
                embeddings' backward, the loss all-reduce on the compute stream, and every
                other wait at the end of the pass; "hand, b2b" issues each group's collectives
                back to back instead of as one group.
It prints a table (and --out writes it as markdown), and --check-graph compares the graph
dagcc extracts from the C file with the exact one: false edges (an order dagcc imposes that the
program does not need), missing ones (unsound), and ranges that differ.

usage: python3 bench/llmc.py [--dagcc build/bin/dagcc] [--target T ...] [--out FILE]
       python3 bench/llmc.py --check-graph [--sugar-free] [--dagcc D] [-DNAME=V ...]
       python3 bench/llmc.py --emit exact|hand|b2b|sugarfree [-DNAME=V ...]
--target may repeat (default h100-8x; ZeRO-1 scatters over the target's ranks); --check-graph
and --emit take the example's macros (its small test sizes by default) and print to stdout.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SRC = os.path.join(ROOT, "examples", "llmc_backward.c")
F32 = 4
GROUP = "model->world"

# name, size macros (the example's own defaults fill in the rest)
GPT2_124M = dict(L=12, C=768, NH=12, V=50257, B=4, T=1024)
GPT2_1558M = dict(L=48, C=1600, NH=25, V=50257, B=4, T=1024)
ROWS = [
    ("GPT-2 124M B4 T1024, ZeRO-0", GPT2_124M, 0),
    ("GPT-2 124M B4 T1024, ZeRO-1", GPT2_124M, 1),
    ("GPT-2 1.5B B4 T1024, ZeRO-0", GPT2_1558M, 0),
    ("GPT-2 1.5B B4 T1024, ZeRO-1", GPT2_1558M, 1),
]
DEFAULTS = dict(B=2, T=16, C=32, L=3, NH=4, V=100, ZERO=0, NPROC=4)


def sizes(d):
    s = dict(DEFAULTS)
    s.update(d)
    s.setdefault("VP", (s["V"] + 127) // 128 * 128)
    s.setdefault("MAXT", s["T"])
    return s


# --- the exact graph: the calls of gpt2_backward_and_reduce, in program order, with what each
# touches (the extents the C declarations give) and its cost (their DAGCC_COMPUTE terms) ---

class Graph:
    def __init__(self):
        self.nodes = []

    def compute(self, name, flops, nbytes, acc):
        self.nodes.append(dict(kind="compute", name=name, flops=flops, bytes=nbytes, acc=acc))

    def collective(self, kind, count, acc, note=""):
        self.nodes.append(dict(kind=kind, count=count, acc=acc, note=note))


def rng(mode, root, off, n, size=F32):
    """An access of n elements from element off of root."""
    return (mode, root, off * size, n * size)


def exact_graph(s):
    B, T, C, L, NH, V, VP, MAXT = (s[k] for k in ("B", "T", "C", "L", "NH", "V", "VP", "MAXT"))
    zero, nproc = s["ZERO"], s["NPROC"]
    g = Graph()
    GM, OUT = "model->grads_memory", "model->acts.output"
    A = lambda name: "model->acts." + name
    P = lambda name: "model->params." + name
    # the gradient tensors' offsets in the block, llm.c's order
    order = [("wte", VP * C), ("wpe", MAXT * C), ("ln1w", L * C), ("ln1b", L * C),
             ("qkvw", L * 3 * C * C), ("qkvb", L * 3 * C), ("attprojw", L * C * C),
             ("attprojb", L * C), ("ln2w", L * C), ("ln2b", L * C), ("fcw", L * 4 * C * C),
             ("fcb", L * 4 * C), ("fcprojw", L * C * 4 * C), ("fcprojb", L * C), ("lnfw", C),
             ("lnfb", C)]
    goff, at = {}, 0
    for name, n in order:
        goff[name] = at
        at += n
    nparams = at

    def zero_fill(root, off, n):
        g.compute("zero_fill", 0, F32 * n, [rng("out", root, off, n)])

    def matmul_backward(name, dinp, dweight, dbias, dout, inp, weight, dbias_buffer, pre_gelu,
                        b, t, c, oc):
        acc = [rng("out", *dinp, b * t * c), rng("inout", *dweight, oc * c)]
        if dbias:
            acc.append(rng("inout", *dbias, oc))
        acc += [rng("in", *dout, b * t * oc), rng("in", *inp, b * t * c), rng("in", *weight, oc * c)]
        if dbias:
            acc.append(rng("out", *dbias_buffer, oc))
        if pre_gelu:
            acc.append(rng("in", *pre_gelu, b * t * c))
        if name == "matmul_backward":
            flops = 4.0 * b * t * c * oc + b * t * oc
            nbytes = F32 * (2.0 * b * t * oc + 2.0 * b * t * c + 3.0 * oc * c + 4.0 * oc)
        elif name == "matmul_backward_gelu":
            flops = 4.0 * b * t * c * oc + b * t * oc + 20.0 * b * t * c
            nbytes = F32 * (2.0 * b * t * oc + 4.0 * b * t * c + 3.0 * oc * c + 4.0 * oc)
        else:
            flops = 4.0 * b * t * c * oc
            nbytes = F32 * (b * t * oc + 2.0 * b * t * c + 3.0 * oc * c)
        g.compute(name, flops, nbytes, acc)

    def layernorm_backward(dinp, dweight, dbias, scratch, dout, inp, weight, mean, rstd, b, t, c):
        g.compute("layernorm_backward", 12.0 * b * t * c,
                  F32 * (4.0 * b * t * c + 2.0 * b * t + 7.0 * c),
                  [rng("inout", *dinp, b * t * c), rng("inout", *dweight, c),
                   rng("inout", *dbias, c), rng("out", *scratch, 2 * c),
                   rng("in", *dout, b * t * c), rng("in", *inp, b * t * c), rng("in", *weight, c),
                   rng("in", *mean, b * t), rng("in", *rstd, b * t)])

    def reduce_group(slices, note):
        for root, off, n in slices:
            if zero == 0:
                g.collective("all_reduce", n, [rng("inout", root, off, n)], note)
            else:
                # one graph serves every rank: the in-place output is rank r's shard, so the
                # graph's range is the union over ranks, the whole slice
                shard = n // nproc
                g.collective("reduce_scatter", shard,
                             [rng("in", root, off, n), rng("out", root, off, shard * nproc)], note)

    zero_fill(A("losses"), 0, B * T)
    zero_fill(GM, 0, nparams)
    g.compute("fused_classifier", 6.0 * B * T * V,
              F32 * (2.0 * B * T * VP + 2.0 * B * T) + 4 * B * T,
              [rng("inout", OUT, 0, B * T * VP), rng("inout", A("losses"), 0, B * T),
               rng("in", "model->targets", 0, B * T)])
    dresidual = (A("scratch_btc"), 0)
    zero_fill(A("scratch_btc"), 0, B * T * C)
    scratchF = (OUT, 0)
    matmul_backward("matmul_backward_nobias", (A("scratch_bt4c"), 0), (GM, goff["wte"]), None,
                    (OUT, 0), (A("lnf"), 0), (P("wte"), 0), None, None, B, T, C, VP)
    btc = B * T * C
    residual = (A("residual3"), (L - 1) * btc)
    layernorm_backward(dresidual, (GM, goff["lnfw"]), (GM, goff["lnfb"]), scratchF,
                       (A("scratch_bt4c"), 0), residual, (P("lnfw"), 0), (A("lnf_mean"), 0),
                       (A("lnf_rstd"), 0), B, T, C)
    dl_btc = residual
    for l in range(L - 1, -1, -1):
        residual = (A("encoded"), 0) if l == 0 else (A("residual3"), (l - 1) * btc)
        d = lambda kind, n: (GM, goff[kind] + l * n)
        dl_bt4c = (A("scratch_bt4c"), 0)
        l_atty = (A("atty"), l * btc)
        l_fch = (A("fch"), l * 4 * btc)
        matmul_backward("matmul_backward_gelu", dl_bt4c, d("fcprojw", 4 * C * C), d("fcprojb", C),
                        dresidual, (A("fch_gelu"), l * 4 * btc), (P("fcprojw"), l * 4 * C * C),
                        scratchF, l_fch, B, T, 4 * C, C)
        matmul_backward("matmul_backward", dl_btc, d("fcw", 4 * C * C), d("fcb", 4 * C), dl_bt4c,
                        (A("ln2"), l * btc), (P("fcw"), l * 4 * C * C), scratchF, None, B, T, C,
                        4 * C)
        layernorm_backward(dresidual, d("ln2w", C), d("ln2b", C), scratchF, dl_btc,
                           (A("residual2"), l * btc), (P("ln2w"), l * C), (A("ln2_mean"), l * B * T),
                           (A("ln2_rstd"), l * B * T), B, T, C)
        matmul_backward("matmul_backward", dl_btc, d("attprojw", C * C), d("attprojb", C),
                        dresidual, l_atty, (P("attprojw"), l * C * C), scratchF, None, B, T, C, C)
        g.compute("attention_backward", 8.0 * B * T * T * C + 6.0 * B * NH * T * T,
                  F32 * (6.0 * B * NH * T * T + 15.0 * B * T * C),
                  [rng("out", *dl_bt4c, B * T * 3 * C), rng("out", *l_fch, B * T * 3 * C),
                   rng("out", *scratchF, B * NH * T * T), rng("out", *l_atty, btc),
                   rng("in", *dl_btc, btc), rng("in", A("qkvr"), l * 3 * btc, 3 * btc),
                   rng("in", A("att"), l * B * NH * T * T, B * NH * T * T)])
        matmul_backward("matmul_backward", dl_btc, d("qkvw", 3 * C * C), d("qkvb", 3 * C), dl_bt4c,
                        (A("ln1"), l * btc), (P("qkvw"), l * 3 * C * C), scratchF, None, B, T, C,
                        3 * C)
        layernorm_backward(dresidual, d("ln1w", C), d("ln1b", C), scratchF, dl_btc, residual,
                           (P("ln1w"), l * C), (A("ln1_mean"), l * B * T), (A("ln1_rstd"), l * B * T),
                           B, T, C)
        per = [("ln1w", C), ("ln1b", C), ("qkvw", 3 * C * C), ("qkvb", 3 * C), ("attprojw", C * C),
               ("attprojb", C), ("ln2w", C), ("ln2b", C), ("fcw", 4 * C * C), ("fcb", 4 * C),
               ("fcprojw", C * 4 * C), ("fcprojb", C)]
        reduce_group([(GM, goff[k] + l * n, n) for k, n in per], "layer %d" % l)
    g.compute("encoder_backward", 2.0 * B * T * C, F32 * 5.0 * B * T * C + 4 * B * T,
              [rng("inout", GM, goff["wte"], VP * C), rng("inout", GM, goff["wpe"], T * C),
               rng("in", *dresidual, btc), rng("in", "model->inputs", 0, B * T)])
    g.compute("global_sum", B * T, F32 * (B * T + 1),
              [rng("out", "model->accumulated_mean_loss", 0, 1), rng("in", A("losses"), 0, B * T)])
    g.collective("all_reduce", 1, [rng("inout", "model->accumulated_mean_loss", 0, 1)], "loss")
    reduce_group([(GM, goff["wte"], VP * C), (GM, goff["wpe"], T * C), (GM, goff["lnfw"], C),
                  (GM, goff["lnfb"], C)], "final")
    return g


def coalesce(g):
    """The graph with each NCCL group (a layer's reductions, the final ones) as one coalesced
    bucket, as llm.c issues them."""
    h = Graph()
    for n in g.nodes:
        prev = h.nodes[-1] if h.nodes else None
        if (n["kind"] != "compute" and n["note"] != "loss" and prev and prev["kind"] == n["kind"]
                and prev.get("note") == n["note"]):
            prev["members"].append(n["count"])
            prev["count"] += n["count"]
            prev["acc"] = prev["acc"] + n["acc"]
        else:
            n = dict(n)
            if n["kind"] != "compute" and n["note"] != "loss":
                n["members"] = [n["count"]]
            h.nodes.append(n)
    return h


# --- dependencies: exactly the conflicts (same root, overlapping bytes, one side writes), and
# group order between one group's collectives; an access a later write covers is dropped, which
# loses no order (the covering write is ordered after it and before anything it would be) ---

KINDS = ["raw", "war", "waw", "order", "group"]


def deps(g):
    live = {}  # root -> [(node, reads, writes, off, end)]
    lastcoll = None
    for j, n in enumerate(g.nodes):
        edges = {}
        for mode, root, off, ln in n["acc"]:
            r, w = mode in ("in", "inout"), mode in ("out", "inout")
            for (i, pr, pw, o, e) in live.get(root, []):
                if i == j or not (off < e and o < off + ln):
                    continue
                k = (1 if pw and r else 0) | (2 if pr and w else 0) | (4 if pw and w else 0)
                if k:
                    edges[i] = edges.get(i, 0) | k
        if n["kind"] != "compute":
            if lastcoll is not None:
                edges[lastcoll] = edges.get(lastcoll, 0) | 16
            lastcoll = j
        for mode, root, off, ln in n["acc"]:
            if mode in ("out", "inout"):
                live[root] = [x for x in live.get(root, [])
                              if not (off <= x[3] and x[4] <= off + ln) or x[0] == j]
        for mode, root, off, ln in n["acc"]:
            live.setdefault(root, []).append((j, mode in ("in", "inout"), mode in ("out", "inout"),
                                              off, off + ln))
        n["deps"] = sorted(edges.items())
    return g


def kindtext(k):
    return "+".join(KINDS[b] for b in range(5) if k & (1 << b))


def num(x):
    return ("%d" % x) if float(x).is_integer() and abs(x) < 1e15 else repr(float(x))


def irtext(g, schedule=None):
    out = ['graph @gpt2_backward_and_reduce "examples/llmc_backward.c" {']
    for i, n in enumerate(g.nodes):
        if n["kind"] == "compute":
            head = 'compute "%s" f32 flops %s bytes %s' % (n["name"], num(n["flops"]), num(n["bytes"]))
        else:
            head = '%s group "%s" f32 op avg count %d' % (n["kind"], GROUP, n["count"])
            if len(n.get("members", [])) > 1:
                head += " bucket coalesced (%s)" % ", ".join("%d" % m for m in n["members"])
        acc = "".join(' %s "%s"[%d:%d]' % a for a in n["acc"])
        dep = ", ".join("%%%d(%s)" % (i, kindtext(k)) for i, k in n["deps"])
        out.append("  %%%d = %s%s%s" % (i, head, acc, " after " + dep if dep else ""))
    if schedule:
        out.append("  schedule {")
        out += ["    " + s for s in schedule]
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


def llmc_schedule(g):
    """llm.c's order: the program's, every collective started where it is issued; the loss
    all-reduce (on the compute stream in llm.c) waited at once, the rest at the end."""
    steps, waits = [], []
    for i, n in enumerate(g.nodes):
        if n["kind"] == "compute":
            steps.append("%%%d" % i)
        else:
            steps.append("start %%%d" % i)
            if n["note"] == "loss":
                steps.append("wait %%%d" % i)
            else:
                waits.append("wait %%%d" % i)
    return steps + waits


# --- the C file with today's unsupported idioms written out ---

def sugarfree(text):
    """The pointers[]/nelem[] loops as one collective call per slice, and the residual
    pointer's reassignment as a constant if around its one use."""
    loop = re.compile(r"(?P<ind>\t*)float \*const pointers\[\] = \{(?P<p>.*?)\};\s*"
                      r"const size_t nelem\[\] = \{(?P<n>.*?)\};\s*for \(size_t i = 0;.*?\n(?P=ind)\}\n",
                      re.S)

    def calls(m):
        ind = m.group("ind")
        ptrs = [x.strip() for x in m.group("p").split(",") if x.strip()]
        ns = [x.strip() for x in m.group("n").split(",") if x.strip()]
        assert len(ptrs) == len(ns), (ptrs, ns)
        r = []
        for p, n in zip(ptrs, ns):
            r.append("%sif (ZERO == 0)\n%s\tdagcc_all_reduce(model->world, %s, %s, DAGCC_F32, DAGCC_AVG, s);\n"
                     "%selse\n%s\tdagcc_reduce_scatter(model->world, %s, %s + (%s) / NPROC * "
                     "dagcc_group_rank(model->world), (%s) / NPROC, DAGCC_F32, DAGCC_AVG, s);\n"
                     % (ind, ind, p, n, ind, ind, p, p, n, n))
        return "".join(r)

    text, k = loop.subn(calls, text)
    assert k == 2, "expected two pointers[]/nelem[] loops, found %d" % k
    assign = re.compile(r"\n\t\tresidual = l == 0 \? (?P<a>[^:]*) : (?P<b>[^;]*);\n")
    m = assign.search(text)
    assert m, "the residual pointer's reassignment"
    text = text[:m.start()] + "\n" + text[m.end():]
    use = re.compile(r"(?P<head>\t\tlayernorm_backward\(s, dresidual, dl_ln1w, [^;]*?)\bresidual\b(?P<tail>[^;]*;)")
    u = use.search(text)
    assert u, "the use of residual"
    one = lambda r: u.group("head") + r + u.group("tail")
    text = (text[:u.start()] + "\t\tif (l == 0)\n\t" + one(m.group("a")).lstrip("\t").join(["\t\t", ""])
            + "\n\t\telse\n\t" + one(m.group("b")).lstrip("\t").join(["\t\t", ""]) + text[u.end():])
    return text


# --- running dagcc ---

def world(target):
    """The target's ranks: ZeRO-1 scatters over all of them."""
    path = target if os.path.exists(target) else os.path.join(ROOT, "targets", target + ".target")
    kv = dict(l.split()[:2] for l in open(path) if l.strip() and not l.startswith("#"))
    return int(kv["nodes"]) * int(kv["gpus_per_node"])


def dflags(s):
    return ["-D%s=%s" % (k, v) for k, v in sorted(s.items()) if k not in ("VP", "MAXT")]


def groupsize(s):
    """The world's ranks, as the program is built for them (NPROC): dagcc reads the scatters'
    ranges exactly, and the overlapped program checks the size at run time."""
    return ["--group-size", "model->world=%d" % s["NPROC"]]


def dagcc_json(dagcc, args):
    r = subprocess.run([dagcc, "--report=json"] + args, capture_output=True, text=True)
    if r.returncode != 0:
        lines = r.stderr.strip().splitlines() or ["failed"]
        err = [l for l in lines if ": error: " in l]
        first = (err[0] if err else lines[-1]).replace(ROOT + "/", "")
        return None, "%s (%d errors)" % (first, len(err)) if err else first
    return json.loads(r.stdout)["graphs"][0], r.stderr


def measure(dagcc, target, s, tmp):
    g = deps(exact_graph(s))
    hand = deps(coalesce(exact_graph(s)))
    files = {}
    for name, graph, sched in (("exact", g, None), ("hand", hand, llmc_schedule(hand)),
                               ("b2b", g, llmc_schedule(g))):
        files[name] = os.path.join(tmp, name + ".ir")
        with open(files[name], "w") as f:
            f.write(irtext(graph, sched))
    sf = os.path.join(tmp, "llmc_sugarfree.c")
    with open(SRC) as f, open(sf, "w") as o:
        o.write(sugarfree(f.read()))
    inc = ["-I", os.path.join(ROOT, "include"), "-I", os.path.join(ROOT, "examples")]
    t = ["--target", target]
    res = {}
    res["c"] = dagcc_json(dagcc, t + inc + groupsize(s) + dflags(s) + [SRC])
    res["sugarfree"] = dagcc_json(dagcc, t + inc + groupsize(s) + dflags(s) + [sf])
    res["exact"] = dagcc_json(dagcc, t + ["--from-ir", files["exact"]])
    res["hand"] = dagcc_json(dagcc, t + ["--from-ir", "--keep-order", files["hand"]])
    res["b2b"] = dagcc_json(dagcc, t + ["--from-ir", "--keep-order", files["b2b"]])
    return res


def after(r):
    return r[0]["after"]["makespan_us"] if r[0] else None


def table(rows):
    lines = ["| workload | target | dagcc, C | dagcc, sugar-free C | dagcc, exact graph | "
             "hand (llm.c) | hand, b2b | dagcc/hand: C; sugar-free; exact | bound | "
             "efficiency, exact |",
             "|---|---|---:|---:|---:|---:|---:|---|---:|---:|"]
    notes = []
    for name, target, res in rows:
        hand = after(res["hand"])
        cell = lambda k: "%.0f" % after(res[k]) if res[k][0] else "refused"
        ratio = lambda k: "%.3f" % (after(res[k]) / hand) if res[k][0] and hand else "-"
        ex = res["exact"][0]
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s; %s; %s | %s | %s |" % (
            name, target, cell("c"), cell("sugarfree"), cell("exact"), cell("hand"), cell("b2b"),
            ratio("c"), ratio("sugarfree"), ratio("exact"),
            "%.0f" % ex["lower_bound_us"] if ex else "-", "%.3f" % ex["efficiency"] if ex else "-"))
        for k, what in (("c", "dagcc, C"), ("sugarfree", "dagcc, sugar-free C"),
                        ("exact", "dagcc, exact"), ("hand", "hand")):
            if not res[k][0]:
                notes.append("%s, %s, %s: %s" % (name, target, what, res[k][1]))
    return lines, notes


# --- the extracted graph against the exact one ---

def parse_ir(text):
    nodes = []
    for line in text.splitlines():
        m = re.match(r"  %(\d+) = (\w+) (.*)$", line)
        if not m:
            continue
        rest = m.group(3)
        acc = [(a, r, int(o), None if n == "?" else int(n))
               for a, r, o, n in re.findall(r' (in|out|inout) "([^"]*)"\[(\d+):(\d+|\?)\]', rest)]
        dep = [int(x) for x in re.findall(r"%(\d+)\(", rest.split(" after ", 1)[1])] \
            if " after " in rest else []
        name = re.match(r'"([^"]*)"', rest)
        cost = {k: float(v) for k, v in re.findall(r" (flops|bytes|count) ([0-9.e+-]+)", rest)}
        nodes.append(dict(kind=m.group(2), name=name.group(1) if name else m.group(2), acc=acc,
                          dep=dep, line=line, cost=cost))
    return nodes


def reach(preds):
    """reach[i]: the bit set of every node i depends on, directly or not."""
    r = []
    for i, ps in enumerate(preds):
        x = 0
        for p in ps:
            x |= r[p] | (1 << p)
        r.append(x)
    return r


def check_graph(dagcc, s, sugarless=False, verbose=5):
    with tempfile.TemporaryDirectory() as tmp:
        out, src = os.path.join(tmp, "x.ir"), SRC
        if sugarless:
            src = os.path.join(tmp, "llmc_sugarfree.c")
            with open(src, "w") as f:
                f.write(sugarfree(open(SRC).read()))
        r = subprocess.run([dagcc, "--no-schedule", "--emit=ir", "-I", os.path.join(ROOT, "include"),
                            "-I", os.path.join(ROOT, "examples")] + groupsize(s) + dflags(s) + [src, "-o", out],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print("dagcc refuses the file:\n" + r.stderr.strip())
            return 1
        got = parse_ir(open(out).read())
    want = deps(exact_graph(s)).nodes
    problems = 0
    barriers = [n for n in got if n["kind"] == "barrier"]
    if barriers:
        print("barriers: %d" % len(barriers))
        problems += len(barriers)
    got = [n for n in got if n["kind"] != "barrier"]
    if len(got) != len(want):
        print("nodes: dagcc %d, exact %d" % (len(got), len(want)))
        return 1
    for i, (a, b) in enumerate(zip(got, want)):
        name = b.get("name", b["kind"])
        if a["name"] != name:
            print("node %d: dagcc %s, exact %s" % (i, a["name"], name))
            return 1
    # costs: the DAGCC_COMPUTE terms as dagcc evaluates them against this script's
    costly = [i for i, (a, b) in enumerate(zip(got, want))
              if any(abs(a["cost"].get(k, 0) - b.get(k, 0)) > 1e-6 * max(1, abs(b.get(k, 0)))
                     for k in ("flops", "bytes", "count"))]
    print("nodes whose cost or count differs from this script's: %d" % len(costly))
    for i in costly[:verbose]:
        print("  %d: %s" % (i, got[i]["line"].strip()[:200]))
    problems += len(costly)
    # ranges: for every access, as a set per node
    wrong = []
    for i, (a, b) in enumerate(zip(got, want)):
        ga = sorted((m, r, o, n) for m, r, o, n in a["acc"])
        wa = sorted(b["acc"])
        if ga != wa:
            wrong.append((i, a["line"], wa))
    print("nodes with other ranges than the declared extents give: %d of %d" % (len(wrong), len(want)))
    for i, line, wa in wrong[:verbose]:
        print("  %d: %s\n     want %s" % (i, line.strip(), " ".join('%s "%s"[%d:%d]' % x for x in wa)))
    problems += len(wrong)
    # order: edges dagcc adds that the program does not imply, and the reverse
    rw = reach([[p for p, _ in n["deps"]] for n in want])
    rg = reach([n["dep"] for n in got])
    false = [(p, i) for i, n in enumerate(got) for p in n["dep"] if not rw[i] >> p & 1]
    missing = [(p, i) for i, n in enumerate(want) for p, _ in n["deps"] if not rg[i] >> p & 1]
    print("false edges (orders the program does not need): %d" % len(false))
    kinds = {}
    for p, i in false:
        k = (got[p]["name"], got[i]["name"])
        kinds[k] = kinds.get(k, 0) + 1
    for (a, b), n in sorted(kinds.items(), key=lambda x: -x[1]):
        print("  %d x %s -> %s" % (n, a, b))
    for p, i in false[:verbose]:
        print("  %%%d -> %%%d: %s" % (p, i, got[i]["line"].strip()[:200]))
    print("missing edges (orders the program needs, unsound): %d" % len(missing))
    for p, i in missing[:verbose]:
        print("  %%%d -> %%%d: %s -> %s" % (p, i, got[p]["name"], got[i]["name"]))
    problems += len(false) + len(missing)
    print("graph matches" if not problems else "graph differs")
    return 1 if problems else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dagcc", default=os.path.join(ROOT, "build", "bin", "dagcc"))
    p.add_argument("--target", action="append", help="h100-8x unless given; may repeat")
    p.add_argument("--out", help="also write the table as markdown here")
    p.add_argument("--check-graph", action="store_true")
    p.add_argument("--sugar-free", action="store_true", help="--check-graph on the sugar-free C")
    p.add_argument("--emit", choices=["exact", "hand", "b2b", "sugarfree"])
    p.add_argument("-D", action="append", default=[], metavar="NAME=V")
    a = p.parse_args()
    s = sizes({k: int(v) for k, v in (d.split("=", 1) for d in a.D)})
    if a.check_graph:
        sys.exit(check_graph(a.dagcc, s, a.sugar_free))
    if a.emit:
        if a.emit == "sugarfree":
            sys.stdout.write(sugarfree(open(SRC).read()))
        elif a.emit == "exact":
            sys.stdout.write(irtext(deps(exact_graph(s))))
        elif a.emit == "b2b":
            g = deps(exact_graph(s))
            sys.stdout.write(irtext(g, llmc_schedule(g)))
        else:
            g = deps(coalesce(exact_graph(s)))
            sys.stdout.write(irtext(g, llmc_schedule(g)))
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for target in a.target or ["h100-8x"]:
            for name, d, zero in ROWS:
                s = sizes(dict(d, ZERO=zero, NPROC=world(target)))
                rows.append((name, target, measure(a.dagcc, target, s, tmp)))
                print("%s on %s: done" % (name, target), file=sys.stderr)
    lines, notes = table(rows)
    text = "\n".join(lines) + "\n"
    if notes:
        text += "\n" + "\n".join("- " + n for n in notes) + "\n"
    sys.stdout.write(text)
    if a.out:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True).stdout.strip()
        if subprocess.run(["git", "-C", ROOT, "diff", "--quiet", "HEAD", "--", "frontend",
                           "passes", "emit", "tools"]).returncode:
            commit += " (with uncommitted changes to dagcc)"
        with open(a.out, "w") as f:
            f.write("# llm.c's GPT-2 backward pass: dagcc against llm.c's schedule\n\n"
                    "Generated by `python3 bench/llmc.py --out bench/llmc/RESULTS.md%s` at commit "
                    "%s; simulated microseconds per step (dagcc's cost model and simulator). "
                    "Columns as in bench/llmc.py's head. The bound is dagcc's lower bound for the "
                    "exact graph without buckets, so llm.c's coalesced NCCL groups can beat it by "
                    "the latencies they save.\n\n"
                    % ("".join(" --target " + t for t in a.target or []), commit) + text)


if __name__ == "__main__":
    main()
