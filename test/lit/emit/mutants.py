"""Every wait dagcc emits is needed, and checked mode proves it: for each dagcc_future_wait
in an emitted program, one mutant drops it and another moves it past the first statement
after it that is not a wait (the use it guards). The waits of a coalesced bucket's members
(the futures started between dagcc_coalesce_begin and _end) stand together before the first
use of any of them, so they move as one. Each mutant is built and run under mpirun
with DAGCC_CHECK=1, and must fail with a checker report. A wait with nothing after it (the
last ones, before the body's end or DAGCC_PROFILE_STEP_END) has only the dropped mutant.

usage: mutants.py EMITTED.c OUTDIR NP -- CC FLAGS...   (the source and -o go right after CC)
"""
import os
import re
import subprocess
import sys


def batches(lines):
    """Each future started inside a dagcc_coalesce_begin/_end: the line of its begin."""
    of, begin = {}, None
    for i, l in enumerate(lines):
        if "dagcc_coalesce_begin(" in l:
            begin = i
        elif "dagcc_coalesce_end(" in l:
            begin = None
        elif begin is not None:
            m = re.search(r"DAGCC_START\((\w+)\)|dagcc_future (\w+) =", l)
            if m:
                of[m.group(1) or m.group(2)] = begin
    return of


def mutants(lines):
    of = batches(lines)

    def bucketof(line):
        """A coalesced bucket's member waits: the bucket (None for any other wait)."""
        m = re.search(r"dagcc_future_wait\(&(\w+),", line)
        return of.get(m.group(1)) if m else None

    waits = [i for i, l in enumerate(lines) if "dagcc_future_wait(" in l]
    for i in waits:
        yield "drop line %d" % (i + 1), lines[:i] + lines[i + 1:]
        # a coalesced bucket's waits stand together before the first use of any member: they
        # move as one, from the first of them
        b = bucketof(lines[i])
        if b is not None and i > 0 and bucketof(lines[i - 1]) == b:
            continue
        end = i + 1
        while b is not None and end < len(lines) and bucketof(lines[end]) == b:
            end += 1
        # the statement it guards: the next line that is not a wait or a #line, with the lines
        # it continues on (a wrapped hook's arguments)
        j = end
        while j < len(lines) and (lines[j].startswith("#line") or "dagcc_future_wait(" in lines[j]):
            j += 1
        if (j < len(lines) and lines[j].strip() != "}" and lines[j].startswith("\t")
                and "DAGCC_PROFILE_STEP_END(" not in lines[j]):
            while j + 1 < len(lines) and not lines[j].rstrip().endswith((";", "{", "}")):
                j += 1
            moved = lines[:i] + lines[end:j + 1] + lines[i:end] + lines[j + 1:]
            yield "move line %d past line %d" % (i + 1, j + 1), moved


def main():
    src, outdir, np = sys.argv[1], sys.argv[2], sys.argv[3]
    build = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(outdir, exist_ok=True)
    lines = open(src).read().split("\n")
    env = dict(os.environ, DAGCC_CHECK="1", DAGCC_TIMEOUT_S="20")
    total = caught = 0
    for n, (what, body) in enumerate(mutants(lines)):
        path = os.path.join(outdir, "mutant%d.c" % n)
        exe = os.path.join(outdir, "mutant%d" % n)
        open(path, "w").write("\n".join(body))
        subprocess.run([build[0], path, "-o", exe] + build[1:], check=True)
        r = subprocess.run(["mpirun", "--oversubscribe", "-np", np, exe], env=env,
                           capture_output=True, text=True, timeout=120)
        total += 1
        report = re.search(r"dagcc: (race|unwaited|overlap):", r.stderr)
        if r.returncode != 0 and report:
            caught += 1
        else:
            print("NOT CAUGHT: %s (%s): exit %d" % (path, what, r.returncode))
    print("%d mutants, %d caught" % (total, caught))
    return 0 if total and caught == total else 1


if __name__ == "__main__":
    sys.exit(main())
