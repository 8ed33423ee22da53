#!/usr/bin/env python3
"""The lower bound's validity and tightness, and safe mode against the default, over a corpus.

usage: boundcheck.py CORPUS [--sample N] [--time-limit S] [--keep-group-order] [--no-solver]
                     [--dagcc BIN] [--old BIN] [--json OUT]

For each of the first N graphs of CORPUS/manifest.json (bench/gen's; the families take turns):
  * lower_bound_us (the bound over any buckets) of dagcc's default pipeline, and the bound of
    the graph's own nodes (graph_bound_us of dagcc's scheduler alone, --passes=...,sched,...:
    the graph the yardstick sees), against every schedule dagcc makes of it: the default
    pipeline's (buckets included), the scheduler's alone, the program as written, and safe
    mode's (--sched=safe). A bound above any of them is a violation.
  * with ortools (unless --no-solver): bench/optimal.py's optimum of the unbucketed graph (as
    gap.py; --reorder unless --keep-group-order, as dagcc's own default), which both bounds
    must not exceed where it is proven; and how close each is to it, with --old's bound beside
    (a dagcc to compare with, e.g. the one before the bound changed).
  * safe mode: its peak equals the program's, and the default is never slower than it.
The tolerance is the yardstick's: half a nanosecond a node (its costs are rounded to 1 ns).
Prints a summary as JSON; exits 1 on any violation.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gap  # noqa: E402
import optimal  # noqa: E402


def report(bin, item, path, flags=(), passes=None):
    cmd = [bin, "--target", item["target"]] + item["flags"] + list(flags)
    if item["lang"] == "ir":
        cmd += ["--from-ir", path] + (["--passes=" + passes] if passes else [])
    else:
        cmd += ["-I", os.path.join(optimal.ROOT, "include"), path]
        cmd += ["--passes=extract,deps," + passes] if passes else []
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(cmd + ["--report=json", "--emit=ir", "-o", os.path.join(tmp, "o")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        raise RuntimeError(" ".join(cmd) + ":\n" + r.stderr[-2000:])
    return json.loads(r.stdout)["graphs"][0]


def main():
    p = gap.corpus_args(__doc__)
    p.add_argument("--keep-group-order", action="store_true")
    p.add_argument("--no-solver", action="store_true")
    p.add_argument("--old", help="another dagcc whose bound (lower_bound_us) to compare")
    a = p.parse_args()
    flags = ["--keep-group-order"] if a.keep_group_order else []
    with open(os.path.join(a.corpus, "manifest.json")) as f:
        man = json.load(f)[:a.sample]
    rows, bad = [], []
    for item in man:
        path = os.path.join(a.corpus, item["file"])
        dflt = report(a.dagcc, item, path, flags)
        sched = report(a.dagcc, item, path, flags, "cost,sched,analyze")
        prog = report(a.dagcc, item, path, flags, "cost,order,analyze")
        safe = report(a.dagcc, item, path, flags + ["--sched=safe"])
        tol = 0.0005 * item["nodes"] + 1e-9
        lb, fixed = dflt["lower_bound_us"], sched["graph_bound_us"]
        row = {"file": item["file"], "family": item["family"], "nodes": item["nodes"],
               "lb": lb, "fixed": fixed, "dagcc": dflt["after"]["makespan_us"],
               "sched": sched["after"]["makespan_us"], "program": prog["after"]["makespan_us"],
               "safe": safe["after"]["makespan_us"], "safe_peak": safe["after"]["peak_bytes"],
               "program_peak": safe["before"]["peak_bytes"]}
        for k in ("dagcc", "sched", "program", "safe"):
            if lb > row[k] + tol:
                bad.append("%s: bound %.3f above %s %.3f" % (item["file"], lb, k, row[k]))
        for k in ("sched", "program"):
            if fixed > row[k] + tol:
                bad.append("%s: graph bound %.3f above %s %.3f" % (item["file"], fixed, k, row[k]))
        if row["safe_peak"] != row["program_peak"]:
            bad.append("%s: safe mode's peak %d, the program's %d" % (
                item["file"], row["safe_peak"], row["program_peak"]))
        if row["dagcc"] > row["safe"] + 1e-6:
            bad.append("%s: default %.3f slower than safe %.3f" % (
                item["file"], row["dagcc"], row["safe"]))
        if a.old:
            row["old"] = report(a.old, item, path, flags, "cost,sched,analyze")["lower_bound_us"]
        if not a.no_solver:
            ns = argparse.Namespace(dagcc=a.dagcc, from_ir=item["lang"] == "ir",
                                    target=item["target"], input=path, flags=[],
                                    dagcc_flags=flags,
                                    group_size=[item["flags"][i + 1]
                                                for i in range(0, len(item["flags"]), 2)])
            (g, info), = optimal.dagcc_graphs(ns)
            res = optimal.optimum(g, info, reorder=not a.keep_group_order,
                                  time_limit=a.time_limit)
            row["status"] = res["status"]
            row["best"] = res.get("best_us")
            if res["status"] == "optimal":
                for k, v in (("bound", lb), ("graph bound", fixed)):
                    if v > row["best"] + tol:
                        bad.append("%s: %s %.3f above the optimum %.3f" % (
                            item["file"], k, v, row["best"]))
        rows.append(row)
        print("%-18s %-9s %4d nodes  bound %10.3f  graph %10.3f  opt %10s  sched %10.3f  "
              "safe %10.3f  dagcc %10.3f" % (
                  item["file"], item["family"], item["nodes"], lb, fixed,
                  "%.3f" % row["best"] if row.get("status") == "optimal" else "-",
                  row["sched"], row["safe"], row["dagcc"]), flush=True)
    proven = [r for r in rows if r.get("status") == "optimal"]

    def tight(key):
        xs = [r for r in proven if key in r]
        if not xs:
            return None
        tol = [0.0005 * r["nodes"] + 1e-9 for r in xs]
        ratio = [r[key] / r["best"] for r in xs if r["best"] > 0]
        return {"graphs": len(xs),
                "equal_to_optimum": sum(1 for r, t in zip(xs, tol) if r[key] >= r["best"] - t),
                "loose_by_over_1pct": sum(1 for x in ratio if x < 0.99),
                "geomean_bound_over_optimum": round(math.exp(sum(map(math.log, ratio)) /
                                                             len(ratio)), 4) if ratio else None,
                "worst_bound_over_optimum": round(min(ratio), 4) if ratio else None}
    summary = {"graphs": len(rows), "proven_optimal": len(proven), "violations": bad,
               "graph_bound": tight("fixed"), "bound_any_buckets": tight("lb"),
               "old_bound": tight("old"),
               "default_faster_than_safe": sum(1 for r in rows if r["dagcc"] < r["safe"] - 1e-6),
               "safe_faster_than_program": sum(1 for r in rows
                                               if r["safe"] < r["program"] - 1e-6)}
    print(json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": summary, "rows": rows}, f, indent=0)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
