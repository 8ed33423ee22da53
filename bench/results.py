"""Regenerate bench/RESULTS.md, bench/efficiency.svg and README.md's results: schedule quality on the workloads of
bench/workloads.py at production sizes on several targets, and compile speed and memory at
scale.

usage: python3 bench/results.py [BUILD_DIR] [--quick]   (BUILD_DIR: build-rel; --quick skips
the 1,000,000-node graph)
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GOAL = 0.97

# name, workload flags, target, dagcc flags
ROWS = [
    ("FSDP transformer 8L H8192 DP8", "fsdp --layers 8 --hidden 8192 --tokens 4096 --dp 8", "h100-8x", []),
    ("FSDP transformer 8L H8192 DP8", "fsdp --layers 8 --hidden 8192 --tokens 4096 --dp 8", "h200-8x", []),
    ("FSDP transformer 8L H8192 DP8", "fsdp --layers 8 --hidden 8192 --tokens 4096 --dp 8", "a100-8x", []),
    ("FSDP transformer 8L H8192 DP16", "fsdp --layers 8 --hidden 8192 --tokens 4096 --dp 16", "h100-2x8", []),
    ("TP+DP transformer 8L H8192 TP8 DP2", "tpdp --layers 8 --hidden 8192 --tokens 4096 --tp 8",
     "h100-2x8", ["--group-size", "b->tp=8", "--group-size", "b->dp=2"]),
    ("TP+DP transformer 8L H8192 TP8 DP16", "tpdp --layers 8 --hidden 8192 --tokens 4096 --tp 8",
     "h100-16x8", ["--group-size", "b->tp=8", "--group-size", "b->dp=16"]),
    ("DDP backward 24L H2048, 288 grads", "ddp --layers 24 --hidden 2048 --tokens 4096", "h100-8x", []),
    ("DDP backward 24L H2048, 288 grads", "ddp --layers 24 --hidden 2048 --tokens 4096", "h100-2x8", []),
    ("MoE 4L H4096 EP8 x2 experts", "moe --layers 4 --hidden 4096 --tokens 8192 --ep 8 --experts-per-rank 2",
     "h100-2x8", ["--group-size", "m->ep=8", "--group-size", "m->dp=2"]),
    ("1F1B pipeline stage 4L H8192 M8", "pipeline --layers 4 --hidden 8192 --tokens 4096 --stages 4 --micro 8",
     "h100-2x8", ["--group-size", "st->pp=16"]),
]


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr[-3000:]))
    return r.stdout


def measure(cmd, fresh=True):
    """Wall seconds and peak RSS (MiB) of one run of cmd. fresh: its output (-o) is removed
    first, so that each run writes a new file rather than replacing one (which adds the
    kernel's release of the old file's pages: see replace())."""
    if fresh and "-o" in cmd and os.path.exists(cmd[cmd.index("-o") + 1]):
        os.remove(cmd[cmd.index("-o") + 1])
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    t = time.monotonic() - t0
    if status != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr.read().decode()[-3000:]))
    return t, ru.ru_maxrss / 1024


def best(cmd, n=5, fresh=True):
    """Best and median wall seconds of n runs, and the largest peak RSS: this VM's neighbours
    make single runs vary by a third."""
    runs = [measure(cmd, fresh) for _ in range(n)]
    times = sorted(r[0] for r in runs)
    return times[0], max(r[1] for r in runs), times[len(times) // 2]


def report(dagcc, src, target, flags, extra=()):
    out = run([dagcc, "-I", os.path.join(ROOT, "include"), "--report=json", "--target", target,
               src] + flags + list(extra))
    return json.loads(out)["graphs"][0]


def why(dagcc, src, target, flags, g):
    """Why a schedule falls short of the bound."""
    a = g["after"]
    gap = a["makespan_us"] - g["lower_bound_us"]
    free = report(dagcc, src, target, flags, ["--mem-budget", "1T"])
    if a["makespan_us"] - free["after"]["makespan_us"] > gap / 2:
        return ("memory budget: without one the schedule takes %.0f us"
                % free["after"]["makespan_us"])
    worst = max(g["groups"], key=lambda x: x["exposed_after_us"])
    if worst["comm_us"] > 0.8 * a["makespan_us"]:
        return ("stream of %s: busy %.0f of %.0f us, in FIFO order (%.0f us exposed)"
                % (worst["name"], worst["comm_us"], a["makespan_us"], worst["exposed_after_us"]))
    return ("critical path: %.0f us of %s exposed where nothing independent is left to run"
            % (worst["exposed_after_us"], worst["name"]))


def optimum(dagcc, src, target, flags):
    """bench/optimal.py's optimum of the graph (dagcc's model, one group's collectives in any
    order, as dagcc's default; no buckets), or None where ortools is missing
    (scripts/bench-deps.sh installs it)"""
    py = os.path.join(ROOT, "build", "bench-venv", "bin", "python")
    if not os.path.exists(py):
        return None
    sizes = [flags[i + 1] for i in range(0, len(flags), 2) if flags[i] == "--group-size"]
    out = run([py, os.path.join(HERE, "optimal.py"), "--dagcc", dagcc, "--target", target,
               "--reorder", "--time-limit", "10"] + sum((["--group-size", x] for x in sizes), [])
              + [src])
    return json.loads(out)["graphs"][0]


def quality(dagcc, tmp):
    rows = []
    for i, (name, wl, target, flags) in enumerate(ROWS):
        src = os.path.join(tmp, "w%d.c" % i)
        with open(src, "w") as f:
            f.write(run([sys.executable, os.path.join(HERE, "workloads.py")] + wl.split()))
        g = report(dagcc, src, target, flags)
        eff = g["efficiency"]
        reason = why(dagcc, src, target, flags, g) if eff < GOAL else ""
        rows.append(dict(name=name, target=target, g=g, eff=eff, reason=reason, cmd=wl,
                         opt=optimum(dagcc, src, target, flags),
                         flags=" ".join("'%s'" % f if "->" in f else f for f in flags)))
        print("%-40s %-10s efficiency %.3f %s" % (name, target, eff, reason), file=sys.stderr)
    return rows


def scale(dagcc, tmp, quick):
    sizes = [(10_000, 193), (100_000, 1923)] + ([] if quick else [(1_000_000, 19231)])
    rows, shapes = [], []
    for nodes, layers in sizes:
        src = os.path.join(tmp, "scale%d.c" % nodes)
        ir = os.path.join(tmp, "scale%d.ir" % nodes)
        with open(src, "w") as f:
            f.write(run([sys.executable, os.path.join(HERE, "workloads.py"), "fsdp", "--layers",
                         str(layers), "--hidden", "4096", "--tokens", "4096", "--dp", "8"]))
        run([dagcc, "-I", os.path.join(ROOT, "include"), "--no-schedule", "--emit=ir", src, "-o", ir])
        n = sum(1 for line in open(ir) if line.startswith("  %"))
        out = os.path.join(tmp, "out.ir")
        parse = best([dagcc, "--from-ir", "--no-schedule", "--emit=ir", ir, "-o", out])
        full = best([dagcc, "--from-ir", "--emit=ir", ir, "-o", out])
        replace = best([dagcc, "--from-ir", "--emit=ir", ir, "-o", out], 3, fresh=False)
        os.remove(out)  # as the timed runs: a new output
        passes = subprocess.run([dagcc, "--from-ir", "--emit=ir", ir, "-o", out, "--time-passes"],
                                capture_output=True, text=True).stderr
        rows.append(dict(nodes=n, parse=parse, full=full, replace=replace, passes=passes))
        print("%d nodes: parse+print %.2f s %.0f MiB; + schedule, bucket %.2f s %.0f MiB"
              % (n, parse[0], parse[1], full[0], full[1]), file=sys.stderr)
    # bench/shapes.py: the two shapes that once made passes quadratic (issue 14), 2N nodes
    for shape in ("groups", "loop"):
        for n in [65536] + ([] if quick else [524288]):
            ir = os.path.join(tmp, "%s%d.ir" % (shape, n))
            with open(ir, "w") as f:
                f.write(run([sys.executable, os.path.join(HERE, "shapes.py"), shape, str(n)]))
            out = os.path.join(tmp, "out.ir")
            full = best([dagcc, "--from-ir", "--emit=ir", ir, "-o", out])
            os.remove(out)
            shapes.append(dict(shape=shape, nodes=2 * n, full=full))
            print("%s %d nodes: %.2f s %.0f MiB" % (shape, 2 * n, full[0], full[1]), file=sys.stderr)
    csrc = os.path.join(tmp, "scale10000.c")
    calls = sum(1 for _ in open(os.path.join(tmp, "scale10000.ir"))) - 2
    stats = best([dagcc, "-I", os.path.join(ROOT, "include"), "--stats", csrc])
    emit = best([dagcc, "-I", os.path.join(ROOT, "include"), csrc, "-o", os.path.join(tmp, "o.c")])
    return rows, dict(calls=calls, stats=stats, emit=emit, shapes=shapes)


def svg(rows):
    """A bar per row: efficiency, with the goal as a line."""
    w, bar, left, top = 760, 22, 330, 30
    h = top + len(rows) * (bar + 8) + 40
    x = lambda e: left + (w - left - 40) * max(0.0, min(1.0, e))
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
         'font-size="12">' % (w, h),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="18" font-size="14">Scheduled efficiency: (before - after) / (before - lower bound)</text>' % 10]
    for i, r in enumerate(rows):
        y = top + i * (bar + 8)
        color = "#2a7" if r["eff"] >= GOAL else "#d73"
        s.append('<text x="%d" y="%d" text-anchor="end">%s, %s</text>'
                 % (left - 8, y + bar - 7, r["name"], r["target"]))
        s.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>'
                 % (left, y, x(r["eff"]) - left, bar, color))
        s.append('<text x="%.1f" y="%d">%.3f</text>' % (x(r["eff"]) + 4, y + bar - 7, r["eff"]))
    y = top + len(rows) * (bar + 8)
    for e in (0, 0.5, 1.0):
        s.append('<text x="%.1f" y="%d" text-anchor="middle">%.1f</text>' % (x(e), y + 16, e))
    s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black" stroke-dasharray="4,3"/>'
             % (x(GOAL), top - 6, x(GOAL), y))
    s.append('<text x="%.1f" y="%d" text-anchor="middle">goal %.2f</text>' % (x(GOAL), y + 32, GOAL))
    s.append("</svg>\n")
    return "\n".join(s)


def exponent(a, b):
    return math.log(b["full"][0] / a["full"][0]) / math.log(b["nodes"] / a["nodes"])


def markdown(rows, srows, front, quick):
    geo = math.exp(sum(math.log(max(r["eff"], 1e-9)) for r in rows) / len(rows))
    m = ["# dagcc benchmark results",
         "",
         "Generated by `python3 bench/results.py build-rel` (a Release build: `cmake -S . -B build-rel "
         "-DCMAKE_BUILD_TYPE=Release && cmake --build build-rel`); do not edit by hand. Times are "
         "dagcc's simulation of each step on the target (`--report=json`): the program as written, "
         "dagcc's schedule (buckets included), and the lower bound (the longest path, and each "
         "stream as one machine with release and tail times, holding for any buckets: "
         "collectives that could share one count at the least they may cost in it). Efficiency = (before - after) "
         "/ (before - bound). Optimum: bench/optimal.py's (CP-SAT, 10 s, the same model, one "
         "group's collectives in any order as dagcc's default, no buckets: dagcc's buckets can beat "
         "it); where the solver does not finish, the interval it proved. Gap = dagcc / optimum - 1.",
         "",
         "| workload | target | as written, us | dagcc, us | bound, us | efficiency | optimum, us | gap to optimum | exposed comm, us | peak, MiB | buckets |",
         "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        g, o = r["g"], r["opt"]
        if o is None:
            opt, gap = "-", "-"
        elif o["status"] == "optimal":
            opt = "%.0f" % o["optimum_us"]
            gap = "%.2f%%" % (100 * (g["after"]["makespan_us"] / o["optimum_us"] - 1))
        else:
            opt = "%.0f - %.0f" % (o["bound_us"], o["best_us"])
            gap = "%.2f%% - %.2f%%" % (100 * (g["after"]["makespan_us"] / o["best_us"] - 1),
                                       100 * (g["after"]["makespan_us"] / o["bound_us"] - 1))
        m.append("| %s | %s | %.0f | %.0f | %.0f | %.3f | %s | %s | %.0f -> %.0f | %.0f -> %.0f | %d |" % (
            r["name"], r["target"], g["before"]["makespan_us"], g["after"]["makespan_us"],
            g["lower_bound_us"], r["eff"], opt, gap, g["before"]["exposed_comm_us"],
            g["after"]["exposed_comm_us"], g["before"]["peak_bytes"] / 2**20,
            g["after"]["peak_bytes"] / 2**20, g["buckets"]))
    m += ["", "Geometric mean efficiency: **%.3f** (goal %.2f)." % (geo, GOAL), ""]
    short = [r for r in rows if r["reason"]]
    if short:
        m.append("Below the goal, and why:")
        m.append("")
        for r in short:
            m.append("- %s on %s (%.3f): %s." % (r["name"], r["target"], r["eff"], r["reason"]))
        m.append("")
    m += ["![efficiency per workload](efficiency.svg)", "",
          "Each workload is `python3 bench/workloads.py ARGS`:", ""]
    for r in rows:
        m.append("- %s: `%s`%s" % (r["name"], r["cmd"], (", dagcc " + r["flags"]) if r["flags"] else ""))
    m += ["", "## Scale", "",
          "An FSDP transformer (`workloads.py fsdp --hidden 4096 --layers N`) as IR, read and "
          "written as IR (`dagcc --from-ir --emit=ir IR -o OUT`); wall time, best and median "
          "of 5 runs, each writing a new OUT, and peak RSS, on this machine (%s, %d cores). The "
          "last column replaces an existing OUT instead (best of 3): the kernel then also releases "
          "the old file's pages." % (os.uname().machine, os.cpu_count()),
          "",
          "| nodes | parse + verify + print | all: + cost, schedule, bucket, simulate | all, replacing OUT |",
          "|---:|---:|---:|---:|"]
    for s in srows:
        m.append("| %d | %.2f s (median %.2f), %.0f MiB | %.2f s (median %.2f), %.0f MiB | %.2f s |" % (
            s["nodes"], s["parse"][0], s["parse"][2], s["parse"][1], s["full"][0], s["full"][2],
            s["full"][1], s["replace"][0]))
    m.append("")
    big = srows[-1]
    if big["nodes"] >= 1_000_000:
        ok = big["full"][0] <= 2 and big["full"][1] <= 1024
        m.append("Goal at 1M nodes, 2 s and 1 GiB: %s (best %.2f s, median %.2f s, %.0f MiB)." % (
            "met" if ok else "NOT met", big["full"][0], big["full"][2], big["full"][1]))
        # issue 27: the whole pipeline within 2.2x of parse + verify + print, 1 GiB, one run's ratios
        rb, rm = big["full"][0] / big["parse"][0], big["full"][2] / big["parse"][2]
        ok = rb <= 2.2 and big["full"][1] <= 1024
        m.append("Issue 27 at 1M nodes, all / parse + verify + print within 2.2x and 1 GiB: %s "
                 "(best %.2fx, median %.2fx, %.0f MiB)." % ("met" if ok else "NOT met", rb, rm,
                                                         big["full"][1]))
        m.append("")
    if front["shapes"]:
        m += ["The two shapes that once made passes quadratic (issue 14), as IR from "
              "`bench/shapes.py SHAPE N` (2N nodes; groups: N collectives on a group each; loop: a "
              "DDP-like chain whose N small all-reduces on one group bucket), the same command and "
              "runs as the second column above:", "",
              "| shape | nodes | all: + cost, schedule, bucket, simulate |", "|---|---:|---:|"]
        for r in front["shapes"]:
            m.append("| %s | %d | %.2f s (median %.2f), %.0f MiB |" % (
                r["shape"], r["nodes"], r["full"][0], r["full"][2], r["full"][1]))
        m.append("")
        for r in front["shapes"]:
            if r["nodes"] >= 1_000_000:
                ok = r["full"][0] <= 2 and r["full"][1] <= 1024
                m.append("Goal at 1M nodes, shape %s: %s (best %.2f s, median %.2f s, %.0f MiB)." % (
                    r["shape"], "met" if ok else "NOT met", r["full"][0], r["full"][2], r["full"][1]))
        m.append("")
    for a, b in zip(srows, srows[1:]):
        m.append("Growth exponent %d -> %d nodes: %.2f (1 is linear)." % (a["nodes"], b["nodes"], exponent(a, b)))
    m += ["", "Where the time goes at %d nodes (`dagcc --time-passes`, one run, a new output; "
          "`--split 0` would run the parser, the printer and the bound on one thread):"
          % srows[-1]["nodes"], "", "```"]
    m += [line for line in srows[-1]["passes"].splitlines() if line.startswith("dagcc:")]
    m.append("```")
    if quick:
        m.append("(--quick: the 1,000,000-node graph was skipped.)")
    m += ["", "The C frontend (libclang) on the %d-call file: `--stats` %.2f s, %.0f MiB; the "
          "whole pipeline to the overlapped C %.2f s, %.0f MiB." % (
              front["calls"], front["stats"][0], front["stats"][1], front["emit"][0], front["emit"][1]),
          ""]
    return "\n".join(m)


def readme(rows, srows):
    """The quality table, the chart and compile time at scale, between the README's results
    markers."""
    path = os.path.join(ROOT, "README.md")
    text = open(path).read()
    begin, end = "<!-- results: bench/results.py writes this -->", "<!-- /results -->"
    if begin not in text or end not in text:
        return
    geo = math.exp(sum(math.log(max(r["eff"], 1e-9)) for r in rows) / len(rows))
    t = [begin, "", "| workload | target | as written, us | dagcc, us | bound, us | efficiency |",
         "|---|---|---:|---:|---:|---:|"]
    for r in rows:
        g = r["g"]
        t.append("| %s | %s | %.0f | %.0f | %.0f | %.3f |" % (
            r["name"], r["target"], g["before"]["makespan_us"], g["after"]["makespan_us"],
            g["lower_bound_us"], r["eff"]))
    t += ["", "Geometric mean efficiency %.3f (goal %.2f)." % (geo, GOAL), "",
          "![efficiency per workload](bench/efficiency.svg)", "",
          "Compile time and memory, IR in and out (`dagcc --from-ir --emit=ir`: parse, schedule, "
          "bucket, simulate, print), best and median of 5 runs on this %d-core machine:" % os.cpu_count(),
          "", "| nodes | wall | peak RSS |", "|---:|---:|---:|"]
    for s in srows:
        t.append("| %d | %.2f s (median %.2f) | %.0f MiB |" % (s["nodes"], s["full"][0], s["full"][2],
                                                          s["full"][1]))
    t += ["", end]
    a, b = text.index(begin), text.index(end) + len(end)
    with open(path, "w") as f:
        f.write(text[:a] + "\n".join(t) + text[b:])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    quick = "--quick" in sys.argv
    build = args[0] if args else os.path.join(ROOT, "build-rel")
    dagcc = os.path.join(build, "bin", "dagcc")
    with tempfile.TemporaryDirectory() as tmp:
        rows = quality(dagcc, tmp)
        srows, front = scale(dagcc, tmp, quick)
    with open(os.path.join(HERE, "efficiency.svg"), "w") as f:
        f.write(svg(rows))
    # sections other tools write (bench/gap.py's "## Gap to the optimum") are kept
    kept = ""
    old = os.path.join(HERE, "RESULTS.md")
    if os.path.exists(old):
        text = open(old).read()
        if "\n## Gap to the optimum" in text:
            kept = text[text.index("\n## Gap to the optimum"):]
    with open(os.path.join(HERE, "RESULTS.md"), "w") as f:
        f.write(markdown(rows, srows, front, quick) + kept)
    readme(rows, srows)
    print("wrote bench/RESULTS.md, bench/efficiency.svg and README.md's results", file=sys.stderr)


if __name__ == "__main__":
    main()
