#!/usr/bin/env python3
"""Record what dagcc writes for every example, bench workload and test input.

    scripts/snapshot.py DAGCC OUTDIR [--only examples]

--only examples: the examples with the default flags alone (what test/lit/examples/golden.test
compares with test/lit/examples/Inputs/golden: after a change meant to alter dagcc's output,
rerun this into that folder and read the diff).

For each input and each output form (--emit=c, ir, json, trace, --report=json) it stores
standard output, the emitted file, standard error and the exit status, one file per run, so that
two dagcc builds can be compared with `diff -r` (issue 13: a restructuring changes no byte).
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INC = ["-I", os.path.join(ROOT, "include"), "-I", os.path.join(ROOT, "examples")]
FORMS = {
    "c": ["--emit=c"],
    "ir": ["--emit=ir"],
    "json": ["--emit=json"],
    "trace": ["--emit=trace"],
    "report": ["--report=json"],
}
VARIANTS = {  # extra flag sets every input is also run with
    "": [],
    "nobucket": ["--bucket-cap", "0"],
    "pf2": ["--max-prefetch", "2", "--target", "a100-8x"],
}


def inputs(only):
    """(name, path, is_ir, flags) for everything to run."""
    out = []
    for f in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        if f.endswith(".c"):
            out.append(("examples/" + f, os.path.join(ROOT, "examples", f), False, []))
    if only == "examples":
        return out
    for dirpath, dirs, files in os.walk(os.path.join(ROOT, "test", "lit")):
        dirs[:] = sorted(d for d in dirs if d != "golden")
        for f in sorted(files):
            if f.endswith((".c", ".ir")):
                p = os.path.join(dirpath, f)
                out.append((os.path.relpath(p, ROOT), p, f.endswith(".ir"), []))
    return out


def workloads(tmp):
    out = []
    for w in ("fsdp", "tpdp", "ddp", "moe", "pipeline"):
        for size in (["--layers", "2"], []):
            name = "bench/%s%s.c" % (w, "-small" if size else "")
            p = os.path.join(tmp, name.replace("/", "_"))
            with open(p, "w") as fh:
                subprocess.run([sys.executable, os.path.join(ROOT, "bench", "workloads.py"), w] + size,
                               stdout=fh, check=True)
            out.append((name, p, False, []))
    return out


def run(dagcc, outdir, tmp, item, form, variant):
    name, path, isir, flags = item
    if isir and form == "c":
        return
    base = os.path.join(outdir, name.replace("/", "__") + "." + form + (("." + variant) if variant else ""))
    o = os.path.join(tmp, os.path.basename(base) + ".out")
    cmd = [dagcc] + (["--from-ir"] if isir else INC) + flags + FORMS[form] + VARIANTS[variant]
    cmd += [path, "-o", o] if form != "report" else [path, "--emit=none"]
    r = subprocess.run(cmd, capture_output=True, timeout=600)
    text = b"status %d\n--- stdout\n" % r.returncode + r.stdout + b"--- stderr\n" + r.stderr
    text += b"--- file\n"
    if os.path.exists(o):
        with open(o, "rb") as f:
            text += f.read()
        os.unlink(o)
    # the places the inputs lie are not part of what is compared
    text = text.replace(tmp.encode(), b"TMP").replace(ROOT.encode(), b"ROOT")
    with open(base, "wb") as fh:
        fh.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dagcc")
    ap.add_argument("outdir")
    ap.add_argument("--only", choices=["examples"])
    ap.add_argument("-j", type=int, default=os.cpu_count())
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        items = inputs(a.only) + ([] if a.only else workloads(tmp))
        with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
            variants = [""] if a.only else VARIANTS
            jobs = [ex.submit(run, os.path.abspath(a.dagcc), a.outdir, tmp, it, f, v)
                    for it in items for f in FORMS for v in variants]
            for j in jobs:
                j.result()


if __name__ == "__main__":
    main()
