#!/usr/bin/env python3
"""Two dagcc builds side by side on the million-node graph: time and peak memory.

    bench/sidebyside.py OLD_DAGCC NEW_DAGCC [--layers 19231] [--runs 3]

Writes a ~1M-node FSDP step (bench/workloads.py), extracts its IR with OLD, then runs each
binary in turn (alternating, so that a noisy machine slows both alike) on: the IR read and
scheduled (--from-ir --emit=ir) and the IR read and printed alone (--no-schedule). Prints the
median wall time and peak RSS of each and checks that both wrote the same bytes. A
restructuring keeps NEW within 10% of OLD (issue 13).
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(cmd):
    """(wall seconds, peak RSS in MiB) of one run of cmd"""
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.execv(cmd[0], cmd)
    _, status, ru = os.wait4(pid, 0)
    if status:
        sys.exit("failed: " + " ".join(cmd))
    return time.monotonic() - t0, ru.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--layers", type=int, default=19231)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        src, ir = os.path.join(tmp, "big.c"), os.path.join(tmp, "big.ir")
        with open(src, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "workloads.py"), "fsdp", "--layers",
                            str(a.layers), "--hidden", "4096", "--tokens", "4096", "--dp", "8"],
                           stdout=f, check=True)
        inc = os.path.join(HERE, "..", "include")
        subprocess.run([a.old, "-I", inc, "--no-schedule", "--emit=ir", src, "-o", ir], check=True,
                       stderr=subprocess.DEVNULL)
        jobs = {"schedule": ["--from-ir", "--emit=ir", ir], "read+print": ["--from-ir", "--no-schedule", "--emit=ir", ir]}
        print("%-11s %-5s %9s %9s" % ("job", "build", "median s", "MiB"))
        for job, args in jobs.items():
            res = {"old": [], "new": []}
            for _ in range(a.runs):
                for which in ("old", "new"):
                    out = os.path.join(tmp, which + ".ir")
                    res[which].append(measure([getattr(a, which)] + args + ["-o", out]))
            with open(os.path.join(tmp, "old.ir"), "rb") as f1, open(os.path.join(tmp, "new.ir"), "rb") as f2:
                same = f1.read() == f2.read()
            for which in ("old", "new"):
                print("%-11s %-5s %9.3f %9.0f" % (job, which, statistics.median(r[0] for r in res[which]),
                                                  statistics.median(r[1] for r in res[which])))
            ratio = statistics.median(r[0] for r in res["new"]) / statistics.median(r[0] for r in res["old"])
            print("%-11s new/old time %.3f, outputs %s" % (job, ratio, "identical" if same else "DIFFER"))


if __name__ == "__main__":
    main()
