"""Every wait dagcc emits is needed, and checked mode proves it: for each dagcc_future_wait
in an emitted program, one mutant drops it and another moves it past the first statement
after it that is not a wait (the use it guards). The waits of a coalesced bucket's members
(the futures started between dagcc_coalesce_begin and _end) stand together before the first
use of any of them, so they move as one. The mutants are built once, into one program that
runs mutant n when MUTANT=n (see guarded); each is run under mpirun with DAGCC_CHECK=1, and
must fail with a checker report. A wait with nothing after it (the last ones, before the body's end or DAGCC_PROFILE_STEP_END) has only the dropped mutant.

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
    """(what, first, end, past): lines[first:end] are waits that the mutant drops (past None)
    or moves to just after line past."""
    of = batches(lines)

    def bucketof(line):
        """A coalesced bucket's member waits: the bucket (None for any other wait)."""
        m = re.search(r"dagcc_future_wait\(&(\w+),", line)
        return of.get(m.group(1)) if m else None

    waits = [i for i, l in enumerate(lines) if "dagcc_future_wait(" in l]
    for i in waits:
        yield "drop line %d" % (i + 1), i, i + 1, None
        # a coalesced bucket's waits stand together before the first use of any member: they
        # move as one, from the first of them
        b = bucketof(lines[i])
        if b is not None and i > 0 and bucketof(lines[i - 1]) == b:
            continue
        end = i + 1
        while b is not None and end < len(lines) and bucketof(lines[end]) == b:
            end += 1
        # the statement it guards: the next line that is not a wait, a #line or blank (a line
        # of the source's that stands elsewhere), with the lines it continues on (a wrapped
        # hook's arguments)
        j = end
        while j < len(lines) and (lines[j].startswith("#line") or not lines[j].strip()
                                  or "dagcc_future_wait(" in lines[j]):
            j += 1
        if (j < len(lines) and lines[j].strip() != "}" and lines[j].startswith("\t")
                and "DAGCC_PROFILE_STEP_END(" not in lines[j]):
            while j + 1 < len(lines) and not lines[j].rstrip().endswith((";", "{", "}")):
                j += 1
            yield "move line %d past line %d" % (i + 1, j + 1), i, end, j


def guarded(lines, muts):
    """The emitted program with every mutant in it, chosen at run time by MUTANT=n (none when
    unset): a wait mutant n drops or moves stays where it was unless MUTANT is n, and a moved
    one is repeated after the line it moves past, run only when MUTANT is n."""
    off = {}
    after = {}
    for n, (_, first, end, past) in enumerate(muts):
        for k in range(first, end):
            off.setdefault(k, []).append(n)
        if past is not None:
            after.setdefault(past, []).append((n, lines[first:end]))
    out = ["#include <stdlib.h> /* mutants.py */",
           "static int dagcc_mutant_(void) { const char *s = getenv(\"MUTANT\"); return s ? atoi(s) : -1; }"]
    for k, line in enumerate(lines):
        if k in off:
            cond = " && ".join("dagcc_mutant_() != %d" % n for n in off[k])
            line = "\tif (%s) { %s }" % (cond, line.strip())
        out.append(line)
        for n, moved in after.get(k, []):
            out.append("\tif (dagcc_mutant_() == %d) { %s }" % (n, " ".join(m.strip() for m in moved)))
    return out


def main():
    src, outdir, np = sys.argv[1], sys.argv[2], sys.argv[3]
    build = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(outdir, exist_ok=True)
    lines = open(src).read().split("\n")
    muts = list(mutants(lines))
    path = os.path.join(outdir, "mutants.c")
    exe = os.path.join(outdir, "mutants")
    open(path, "w").write("\n".join(guarded(lines, muts)))
    subprocess.run([build[0], path, "-o", exe] + build[1:], check=True)
    total = caught = 0
    for n, (what, _, _, _) in [(None, ("none",) * 4)] + list(enumerate(muts)):
        env = dict(os.environ, DAGCC_CHECK="1", DAGCC_TIMEOUT_S="20")
        # as the suite's %mpirun: Open MPI's plugins leak at exit, so no leak checking
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
        env.pop("MUTANT", None)
        if n is not None:
            env["MUTANT"] = str(n)
        r = subprocess.run(["mpirun", "--oversubscribe", "-np", np, exe], env=env,
                           capture_output=True, text=True, timeout=120)
        report = re.search(r"dagcc: (race|unwaited|overlap):", r.stderr)
        if n is None:  # no mutant: the program as dagcc emitted it, clean
            if r.returncode != 0 or "dagcc:" in r.stderr:
                print("the program with no mutant fails: exit %d\n%s" % (r.returncode, r.stderr))
                return 1
            continue
        total += 1
        if r.returncode != 0 and report:
            caught += 1
        else:
            print("NOT CAUGHT: mutant %d of %s (%s): exit %d\n%s" % (n, path, what, r.returncode,
                                                                 r.stderr[-2000:]))
    print("%d mutants, %d caught" % (total, caught))
    return 0 if total and caught == total else 1


if __name__ == "__main__":
    sys.exit(main())
