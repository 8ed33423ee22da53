#!/usr/bin/env python3
"""Mutation fuzzer over dagcc's C frontend.

Each mutant is one of the examples or of the lit suite's C inputs (files with a DAGCC_GRAPH)
with one or two token-level damages, drawn from a random.Random seeded by the mutant's number:
a token deleted, duplicated, swapped with another, replaced by another of the file's tokens of
its kind or by one from a pool of C and DSL tokens, a token inserted, a number replaced by one
at the edges of the types, or a line duplicated. dagcc (build it with -DDAGCC_SANITIZE=ON) runs
on it with one of a few flag sets, and these must hold:

  - it exits 0 or 1: never a signal, another status, a sanitizer report, an internal error or
    a hang (more than --timeout seconds of CPU, or 20 times as many of wall time, and again
    with SLOW times the limits: dagcc's work is bounded (a graph unrolls at most 2^20 loop
    iterations), and a mutant that reaches a bound takes a sanitized dagcc tens of seconds, so
    a run that finishes within the larger limits is counted slow, not a finding);
  - on 1, it said why, and every error it printed is located (`file:line:col: error:` or
    `fatal error:`), except the documented fatals `dagcc: error: cannot read` and clang's
    `too many errors emitted`; no error calls itself "a dagcc bug"; and no output file was
    written;
  - on 0 with --emit=c, the output file exists, and the emitted C compiles with
    `CC -fsyntax-only -Wall -Wextra -Werror -I include -I examples -I <the input's folder>`
    whenever the mutant itself compiles that way.

Each finding is written to OUTDIR/findings/<kind>-<n>.c (the mutant) with a .txt beside it:
the command that reproduces it and what dagcc printed. The mutants are deterministic: mutant n
is the same on every run (`--first n --count 1` rebuilds it).

usage: c_fuzz.py DAGCC OUTDIR [--count N | --time SECONDS] [--first N] [--cc CC]
                 [--timeout S] [FILE...]
Exit status: 1 if anything was found.
"""
import argparse
import glob
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TOKEN = re.compile(r"""
    (?P<space>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<pp>\#[ \t]*[A-Za-z_]+)
  | (?P<id>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<num>(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[uUlLfF]*)
  | (?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<punct>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!~<>=]=?|\.\.\.|[()\[\]{};,.?:\#\\])
  | (?P<other>.)
""", re.X | re.S)

POOL = [
    # C
    "for", "if", "else", "while", "do", "break", "continue", "return", "goto", "switch", "case",
    "int", "long", "float", "double", "char", "void", "const", "static", "struct", "sizeof",
    "typedef", "unsigned", "*", "&", "(", ")", "{", "}", "[", "]", ";", ",", "=", "+=", "-=", "?",
    ":", "->", ".", "++", "--", "<", "<=", "!", "-", "/", "%", "#define X", "#if 0", "#endif",
    "\\\n",
    # the DSL
    "DAGCC_GRAPH", "DAGCC_IN", "DAGCC_OUT", "DAGCC_INOUT", "DAGCC_IN_N(n)", "DAGCC_OUT_N(1)",
    "DAGCC_COMPUTE(flops = 1)", "DAGCC_COMPUTE(us = 1e308 * 10)", "dagcc_all_reduce",
    "dagcc_all_gather", "dagcc_reduce_scatter", "dagcc_all_to_all", "dagcc_broadcast",
    "dagcc_send", "dagcc_recv", "dagcc_alloc_async", "dagcc_free_async", "dagcc_group_rank",
    "DAGCC_F32", "DAGCC_BF16", "DAGCC_SUM", "NULL",
    # numbers at the edges
    "0", "1", "-1", "2147483647", "2147483648", "-2147483648", "4294967296", "9223372036854775807",
    "18446744073709551615", "0x7fffffff", "0xffffffffffffffff", "1e308", "1e309", "1e-320",
    "0.5", "1000000", "100000000",
]

NUMBERS = [t for t in POOL if t[0] in "-0123456789"] + ["2", "3", "4", "7", "8", "64", "4096"]

# flag sets: C emission (the compile check) most of the time
FLAGS = [
    ["--emit=c"],
    ["--emit=c"],
    ["--emit=c"],
    ["--emit=c", "--bucket-form=packed", "--mem-budget", "1G"],
    ["--emit=c", "--max-prefetch", "2"],
    ["--emit=ir"],
    ["--emit=json"],
    ["--report", "--emit=trace"],
]


def tokens(text):
    return [(m.lastgroup, m.group()) for m in TOKEN.finditer(text)]


def mutate(toks, rng):
    """One damage to the token list (whitespace and comments are never chosen)."""
    real = [i for i, (k, _) in enumerate(toks) if k != "space"]
    if not real:
        return toks + [("id", rng.choice(POOL))]
    i = rng.choice(real)
    kind = rng.choice([0, 1, 2, 3, 3, 3, 4, 5, 6, 7, 7])
    toks = list(toks)
    if kind == 0:
        del toks[i]
    elif kind == 1:
        toks.insert(i, toks[i])
        toks.insert(i + 1, ("space", " "))
    elif kind == 2:
        j = rng.choice(real)
        toks[i], toks[j] = toks[j], toks[i]
    elif kind == 3:
        same = [t for t in real if toks[t][0] == toks[i][0]]
        toks[i] = toks[rng.choice(same)]
    elif kind == 4:
        toks[i] = ("id", rng.choice(POOL))
    elif kind == 7:
        nums = [t for t in real if toks[t][0] == "num"] or real
        toks[rng.choice(nums)] = ("num", rng.choice(NUMBERS))
    elif kind == 5:
        toks[i:i] = [("id", rng.choice(POOL)), ("space", " ")]
    else:
        text = "".join(t for _, t in toks)
        lines = text.split("\n")
        k = rng.randrange(len(lines))
        lines.insert(k, lines[rng.randrange(len(lines))])
        return tokens("\n".join(lines))
    return toks


def inputs():
    files = sorted(glob.glob(os.path.join(ROOT, "examples", "*.c")))
    for f in sorted(glob.glob(os.path.join(ROOT, "test", "lit", "**", "*.c"), recursive=True)):
        if os.sep + "gpu" + os.sep in f or os.sep + "golden" + os.sep in f:
            continue
        with open(f, encoding="utf-8", errors="replace") as fh:
            if "DAGCC_GRAPH" in fh.read():
                files.append(f)
    return files


LOCATED = re.compile(r"^[^\s:][^:]*:\d+:\d+: (fatal )?error: ")
DOCUMENTED = re.compile(r"^dagcc: (error: cannot read |fatal error: too many errors emitted)")
CARET = re.compile(r"^[ \t]*\^[~ ]*$")


def compiles(cc, path, incs):
    r = subprocess.run([cc, "-fsyntax-only", "-Wall", "-Wextra", "-Werror"] + incs + [path],
                       capture_output=True, text=True, errors="replace", timeout=120)
    return r.returncode == 0, r.stderr


STATS = {"accepted": 0, "rejected": 0, "compiled": 0, "slow": 0}
SLOW = 4


def judge(r, flags, out, cc, path, incs):
    """(kind, why) of a finding, or None."""
    err = r.stderr
    if r.returncode not in (0, 1):
        return "crash", "exit status %d" % r.returncode
    for s, kind in (("Sanitizer", "sanitizer"), ("runtime error:", "sanitizer"),
                    ("internal error", "internal"), ("a dagcc bug", "misbuild")):
        if s in err:
            return kind, s
    STATS["accepted" if r.returncode == 0 else "rejected"] += 1
    if r.returncode == 1:
        lines = err.split("\n")
        # a diagnostic's source line is followed by its caret line: neither is a diagnostic
        quoted = {i for i in range(len(lines) - 1) if CARET.match(lines[i + 1])}
        errs = [l for i, l in enumerate(lines)
                if i not in quoted and re.search(r"(^|: )(fatal )?error: ", l)]
        if not errs:
            return "silent", "exit status 1 and no error"
        for l in errs:
            if not LOCATED.match(l) and not DOCUMENTED.match(l):
                return "unlocated", l
        if os.path.exists(out):
            return "output", "an output file despite the error"
        return None
    if "--emit=c" in flags:
        if not os.path.exists(out):
            return "output", "exit status 0 and no output file"
        ok, _ = compiles(cc, path, incs)
        if ok:
            ok, why = compiles(cc, out, incs)
            STATS["compiled"] += 1
            if not ok:
                return "cc", "the mutant compiles, the emitted C does not:\n" + why[-2000:]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("dagcc")
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=0, help="mutants (default: until --time)")
    ap.add_argument("--time", type=float, default=0, help="seconds to run")
    ap.add_argument("--first", type=int, default=0, help="the first mutant's number")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--timeout", type=int, default=30,
                    help="CPU seconds a run may take (wall: 20 times as many)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if not a.count and not a.time:
        a.count = 50
    files = [os.path.abspath(f) for f in a.files] or inputs()
    work = os.path.join(a.outdir, "work")
    finddir = os.path.join(a.outdir, "findings")
    os.makedirs(work, exist_ok=True)
    start = time.time()
    n = a.first
    done = found = 0
    seen = set()
    while (not a.count or done < a.count) and (not a.time or time.time() - start < a.time):
        rng = random.Random(n)
        src = files[rng.randrange(len(files))]
        with open(src, encoding="utf-8", errors="replace") as f:
            toks = tokens(f.read())
        for _ in range(rng.randrange(1, 3)):
            toks = mutate(toks, rng)
        flags = FLAGS[rng.randrange(len(FLAGS))]
        path = os.path.join(work, "mutant%d.c" % n)
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(t for _, t in toks))
        out = path[:-2] + ".out.c"
        if os.path.exists(out):
            os.unlink(out)
        incs = ["-I", os.path.join(ROOT, "include"), "-I", os.path.join(ROOT, "examples"),
                "-I", os.path.dirname(src)]
        cmd = [a.dagcc] + flags + [path, "-o", out] + incs
        for cpu in (a.timeout, SLOW * a.timeout):
            def limit():
                resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

            try:
                r = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                                   timeout=20 * cpu, preexec_fn=limit)
                if r.returncode == -24:  # SIGXCPU
                    finding = ("hang", "more than %d s of CPU" % cpu)
                else:
                    finding = judge(r, flags, out, a.cc, path, incs)
            except subprocess.TimeoutExpired as e:
                r = e
                finding = ("hang", "no exit within %d s" % (20 * cpu))
            if not finding or finding[0] != "hang":
                break
            if os.path.exists(out):
                os.unlink(out)
        if cpu != a.timeout and not (finding and finding[0] == "hang"):
            STATS["slow"] += 1
            print("SLOW mutant %d (%s): more than %d s of CPU, less than %d" % (
                n, os.path.relpath(src, ROOT), a.timeout, SLOW * a.timeout), flush=True)
        if finding:
            kind, why = finding
            found += 1
            os.makedirs(finddir, exist_ok=True)
            repro = os.path.join(finddir, "%s-%d.c" % (kind, n))
            shutil.copyfile(path, repro)
            stderr = r.stderr if isinstance(r.stderr, str) else (r.stderr or b"").decode(
                "utf-8", "replace")
            with open(repro[:-2] + ".txt", "w", encoding="utf-8") as f:
                f.write("mutant %d of %s\n%s\n\n$ %s\n%s\n" % (
                    n, os.path.relpath(src, ROOT), why,
                    " ".join([os.path.abspath(a.dagcc)] + flags + [repro, "-o", repro[:-2] + ".out.c"] + incs),
                    stderr[-4000:]))
            key = (kind, why.split("\n")[0][:80])
            if key not in seen:
                seen.add(key)
                print("FINDING %s: %s: %s" % (kind, repro, why.split("\n")[0]), flush=True)
        for p in (path, out):
            if os.path.exists(p):
                os.unlink(p)
        n += 1
        done += 1
    print("%d mutants, %d findings (%d accepted, %d rejected, %d emitted files compiled), "
          "%d slow" % (done, found, STATS["accepted"], STATS["rejected"], STATS["compiled"],
                       STATS["slow"]))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
