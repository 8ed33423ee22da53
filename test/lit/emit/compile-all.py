"""Runs dagcc on every C file of the suite and the examples and compiles each file it writes
with -Wall -Wextra -Werror: an emitted file that does not compile (where the original does)
is a failure. Files dagcc refuses, or whose original does not compile warning-free as it
stands, are counted, not compiled.

usage: compile-all.py DAGCC OUTDIR ROOT... -- CC FLAGS..."""
import os
import shlex
import subprocess
import sys

dagcc, out = shlex.split(sys.argv[1]), sys.argv[2]  # dagcc and any flags of its own
sep = sys.argv.index("--")
roots, cc = sys.argv[3:sep], sys.argv[sep + 1:]
files = sorted(os.path.join(d, f) for r in roots for d, _, fs in os.walk(r) for f in fs
               if f.endswith(".c") and not f.endswith("_overlapped.c"))
counts = {"compiled": 0, "refused": 0, "original-does-not-compile": 0, "failed": 0}
for i, f in enumerate(files):
    incs = ["-I" + os.path.dirname(f)]
    orig = subprocess.run(cc + incs + ["-fsyntax-only", f], capture_output=True)
    if orig.returncode:
        counts["original-does-not-compile"] += 1
        continue
    emitted = os.path.join(out, "%d.c" % i)
    r = subprocess.run([*dagcc, f, "-o", emitted], capture_output=True, text=True)
    if r.returncode:
        counts["refused"] += 1
        continue
    c = subprocess.run(cc + incs + ["-fsyntax-only", emitted], capture_output=True, text=True)
    if c.returncode:
        counts["failed"] += 1
        print("FAILED: %s (dagcc %s -o %s)\n%s" % (f, f, emitted, c.stderr[:2000]))
        continue
    counts["compiled"] += 1
print(" ".join("%s %d" % kv for kv in counts.items()))
