#!/usr/bin/env python3
"""run.py - dagcc never changes a program's meaning: the property test's driver.

For COUNT programs from gen.py (seeds SEED, SEED+1, ...), BATCH to a file: dagcc overlaps the
file without --group-size and with --group-size g=N for each N of --np (exit 1 only with a
file:line:col: error); the original and every overlapped file build with -std=c11 -Wall
-Wextra -Werror against the mpi runtime; the original runs at every N; the overlapped file
without --group-size runs at every N plainly and with DAGCC_CHECK=1, the one for g=N at N with
DAGCC_CHECK=1; each program's output (an FNV-1a hash of every buffer from every rank, printed by
rank 0 in rank order) must be the original's bytes, and checked mode may print no race,
overlap, unwaited or conflict report (notes are allowed) and must exit 0. A refusal is allowed
only on a line that calls an accessor function. A failure a file-wide check cannot pin on one
program is found by running each program of the file alone.

--mutate K then breaks K overlapped files on purpose (a dagcc_future_wait dropped; two
dependent statements swapped, in the overlapped file where they stand next to each other,
else in the original) and requires the same checks to catch every one. --reduce shrinks the
program of --seed to a small file that fails the same check; --selfcheck also checks the
originals (deterministic, clean in checked mode).

    python3 test/lit/soundness/run.py                       # 200 programs from seed 1
    python3 test/lit/soundness/run.py --count 5000 --seed 77 -q
    python3 test/lit/soundness/run.py --seed 1234 --count 1 --keep /tmp/p1234   # one, kept
    python3 test/lit/soundness/run.py --seed 1234 --reduce --keep /tmp/r1234    # shrink it
    python3 test/lit/soundness/run.py --idioms table,walk --count 500         # some idioms
"""
import argparse
import concurrent.futures
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import gen  # noqa: E402

REPORT = re.compile(r"dagcc: (race|overlap|unwaited|conflict|error)\b.*")
TIMEOUT = 180


class Result:
    def __init__(self, seed, status, check="", detail="", tags=()):
        self.seed, self.status, self.check, self.detail, self.tags = seed, status, check, detail, tags


class Cfg:
    pass


class Variant:
    """One way to run dagcc: its flags, the file it writes, the rank counts its program runs
    at, and whether plainly (False) and/or in checked mode (True). A variant with a source is
    made from that one's file by eager() instead of by dagcc."""

    def __init__(self, label, flags, out, nps, modes, source=None):
        self.label, self.flags, self.out, self.nps, self.modes = label, flags, out, nps, modes
        self.source = source


def world(np):
    """--target for a world of np ranks (h100-8x's constants): two groups that both span the
    world share every rank, as g and pp do at run time, so dagcc must not overlap them."""
    return ["--target", "world%d.target" % np]


def worldtargets(workdir, nps):
    with open(os.path.join(REPO, "targets", "h100-8x.target")) as f:
        text = f.read()
    for np in nps:
        with open(os.path.join(workdir, "world%d.target" % np), "w") as f:
            f.write(re.sub(r"(?m)^nodes .*$", "nodes 1  # source: the property test's world", re.sub(
                r"(?m)^gpus_per_node .*$", "gpus_per_node %d  # source: the property test's world: mpirun -np %d" % (np, np), text)))


def variants(nps, extra, pp=False):
    """For any group size (no --group-size): at every rank count, plainly and checked, and
    made eager (see eager()) plainly; and with --group-size g=N (exact gathers and scatters,
    checked at run time) at N ranks, checked. A file whose graphs take the pipeline group pp
    (sends, receives, code that depends on the rank in pp) is compiled for one size of pp at
    a time: each variant once per N with --group-size pp=N, run at N; --rank stage=pp with
    --group-size g=N only (elsewhere a stage parameter is a run-time value)."""
    if not pp:
        vs = [Variant(" (no --group-size)", extra, "prog_overlapped", nps, (False, True))]
        vs.append(Variant(" (no --group-size, each collective waited for at its start)", extra,
                          "prog_eager", nps, (False,), source=vs[0]))
    else:
        vs = []
        for np in nps:
            v = Variant(" (--group-size pp=%d, g unsized)" % np, ["--group-size", "pp=%d" % np] + world(np) + extra,
                        "prog_overlapped_p%d" % np, [np], (False, True))
            vs.append(v)
            vs.append(Variant(" (--group-size pp=%d, g unsized, each collective waited for at its start)" % np,
                              extra, "prog_eager_p%d" % np, [np], (False,), source=v))
    for np in nps:
        more = ["--group-size", "pp=%d" % np, "--rank", "stage=pp"] + world(np) if pp else []
        vs.append(Variant(" --group-size g=%d%s" % (np, " " + " ".join(more) if pp else ""),
                          ["--group-size", "g=%d" % np] + more + extra,
                          "prog_overlapped_g%d" % np, [np], (True,)))
    return vs


def sh(cmd, cwd, env=None, timeout=TIMEOUT):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr
    except OSError as e:  # cannot run it at all (a binary being rebuilt, say)
        return 126, "", "%s: %s" % (cmd[0], e)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        return 124, out, err + "\n(timed out after %d s)" % timeout


def first(text, n=6):
    lines = [l for l in text.strip().split("\n") if l.strip()]
    more = "\n    ... %d more lines" % (len(lines) - n) if len(lines) > n else ""
    return "\n    ".join(lines[:n]) + more


class Batch:
    """One generated file of programs through the whole pipeline."""

    def __init__(self, cfg, seeds, workdir):
        self.cfg, self.seeds, self.dir = cfg, list(seeds), workdir
        os.makedirs(workdir, exist_ok=True)
        self.results = {}
        self.refusals = []
        self.fixed = None  # a text to use instead of generating one (--reduce)
        self.cflags = []  # more compiler flags for this batch
        self.tags = {}  # seed -> the idioms its program uses
        self.headers = {}  # the headers prog.c includes: name -> text

    def done(self, seed, status, check="", detail=""):
        if seed not in self.results:
            self.results[seed] = Result(seed, status, check, detail, sorted(self.tags.get(seed, ())))

    # -- pieces ----------------------------------------------------------------------------
    def write(self, seeds):
        if self.fixed is not None:  # a given text (--reduce): every line is the one program's
            self.text = self.fixed.split("\n")
            self.where = {seeds[0]: (1, len(self.text), None, 0)}
            with open(os.path.join(self.dir, "prog.c"), "w") as f:
                f.write(self.fixed)
            self.writeheaders()
            self.vs = variants(self.cfg.nps, self.cfg.extra, "dagcc_group *pp" in self.fixed)
            worldtargets(self.dir, self.cfg.nps)
            return
        text, where = gen.generate(seeds, self.cfg.idioms, self.headers)
        with open(os.path.join(self.dir, "prog.c"), "w") as f:
            f.write(text)
        self.writeheaders()
        self.text = text.split("\n")
        self.where = where
        self.vs = variants(self.cfg.nps, self.cfg.extra, any(p.rankdep for _, _, p, _ in where.values()))
        worldtargets(self.dir, self.cfg.nps)
        for s, (_, _, p, _) in where.items():
            self.tags[s] = p.tags

    def writeheaders(self, where=None):
        """The headers beside prog.c (or in where)."""
        for name, text in self.headers.items():
            with open(os.path.join(where or self.dir, name), "w") as f:
                f.write(text)

    def owner(self, line):
        """The program whose text holds this line of prog.c."""
        for s, (lo, hi, _, _) in self.where.items():
            if lo <= line <= hi:
                return s
        return None

    def owners_in(self, text, fname="prog.c"):
        found = set()
        for m in re.finditer(r"(?:^|[\s(])%s:(\d+)" % re.escape(fname), text):
            s = self.owner(int(m.group(1)))
            if s is not None:
                found.add(s)
        for m in re.finditer(r"\bg(\d+)\b", text):
            if int(m.group(1)) in self.where:
                found.add(int(m.group(1)))
        return found

    def cc(self, src, exe):
        c = self.cfg
        cmd = c.cc + c.cflags + ["-std=c11", "-Wall", "-Wextra", "-Werror"] + self.cflags + [
            "-I" + c.include, src, "-L" + c.libdir, "-Wl,-rpath," + c.libdir, "-ldagcc_rt_mpi", "-o", exe]
        return sh(cmd, self.dir)

    def mpirun(self, exe, np, checked=False):
        env = dict(os.environ, DAGCC_TIMEOUT_S="30")
        env.pop("DAGCC_CHECK", None)
        if checked:
            env["DAGCC_CHECK"] = "1"
        return sh(self.cfg.mpirun + [str(np), "./" + exe], self.dir, env=env)

    def mutbase(self):
        """The variant whose file the mutants break: the one for any group size, or where
        the file takes pp, the one for the most ranks."""
        plain = [v for v in self.vs if not v.source and False in v.modes]
        return max(plain, key=lambda v: (max(v.nps), -len(v.nps)))

    def dagcc(self, v=None):
        """dagcc on prog.c for variant v (default: the first, for any group size)."""
        v = v or self.vs[0]
        out = os.path.join(self.dir, v.out + ".c")
        if os.path.exists(out):
            os.remove(out)
        rc, o, e = sh([self.cfg.dagcc] + v.flags + ["prog.c", "-o", v.out + ".c"], self.dir, timeout=60)
        return rc, o + e, os.path.exists(out)

    # -- the pipeline ----------------------------------------------------------------------
    def run(self, alone=False):
        pending = list(self.seeds)
        for _round in range(len(self.seeds) + 1):
            if not pending:
                return self.results
            self.write(pending)
            bad = set()
            for v in self.vs:
                if v.source:
                    with open(os.path.join(self.dir, v.source.out + ".c")) as f:
                        text = eager(f.read().split("\n"))
                    with open(os.path.join(self.dir, v.out + ".c"), "w") as f:
                        f.write("\n".join(text))
                    continue
                rc, log, wrote = self.dagcc(v)
                if rc != 0:
                    bad = self.dagcc_failed(rc, log, wrote, alone, v)
                    if bad is None:
                        bad = self.dagcc_each(pending, v)
                    break
            if bad:
                pending = [s for s in pending if s not in bad]
                continue
            rc, o, e = self.cc("prog.c", "orig")
            if rc != 0:
                bad = self.owners_in(e) or set(pending)
                for s in bad:
                    self.done(s, "FAIL", "original-compile", "the generated original does not build (a generator bug):\n    " + first(e))
                pending = [s for s in pending if s not in bad]
                continue
            for v in self.vs:
                rc, o, e = self.cc(v.out + ".c", v.out)
                if rc != 0:
                    bad = self.compile_owners(v)
                    if not bad:
                        if alone:
                            bad = {s: e for s in pending}
                        else:
                            return self.isolate(pending)
                    for s, msg in bad.items():
                        self.done(s, "FAIL", "overlapped-compile", "dagcc%s's output does not build with -Werror:\n    %s" % (
                            v.label, first(msg)))
                    break
            if bad:
                pending = [s for s in pending if s not in bad]
                continue
            return self.execute(pending, alone)
        return self.results

    def dagcc_failed(self, rc, log, wrote, alone, v=None):
        """Mark the programs dagcc refused or broke on; None: cannot tell which."""
        v = v or self.vs[0]
        diags = re.findall(r"^prog\.c:(\d+):(\d+): error: .*$", log, re.M)
        if rc == 1 and diags and not wrote:
            bad = set()
            for line, col in diags:
                s = self.owner(int(line))
                if s is None:
                    continue
                bad.add(s)
                src = self.text[int(line) - 1]
                msg = [l for l in log.split("\n") if l.startswith("prog.c:%s:%s: error:" % (line, col))][0]
                accessor = re.search(r"\bg\d+_\w+\(", src)
                if accessor:
                    if s not in self.results:
                        self.refusals.append((s, msg))
                    self.done(s, "refused", "refused", msg)
                else:
                    self.done(s, "FAIL", "refused", "dagcc%s refused a program on a line without accessor calls:\n    %s" % (
                        v.label, first(errors(log, line))))
            return bad or None
        if rc == 1 and not wrote:
            # an error without a location (an internal one): pin it on a graph it names
            errs = "\n".join(l for l in log.split("\n") if "error" in l)
            bad = self.owners_in(errs)
            for s in bad:
                self.done(s, "FAIL", "dagcc-internal", "dagcc%s failed without a file:line:col: error:\n    %s" % (
                    v.label, first(errs)))
            if bad:
                return bad
        if alone:
            what = "dagcc%s exited %d%s" % (v.label, rc, " and left an output file" if wrote else "")
            for s in self.seeds:
                self.done(s, "FAIL", "dagcc-crash" if rc not in (0, 1) else "dagcc-exit", what + ":\n    " + first(errors(log) or log))
            return set(self.seeds)
        return None

    def dagcc_each(self, seeds, v):
        """dagcc on each program alone: the ones it fails on."""
        bad = set()
        for s in seeds:
            b = Batch(self.cfg, [s], os.path.join(self.dir, "alone-%d" % s))
            b.write([s])
            rc, log, wrote = b.dagcc(v)
            if rc != 0:
                b.dagcc_failed(rc, log, wrote, True, v)
                self.results.update(b.results)
                self.refusals += b.refusals
                bad.add(s)
        if not bad:
            for s in seeds:
                self.done(s, "FAIL", "dagcc-file", "dagcc fails on the file of programs %s but on none alone" % seeds)
            bad = set(seeds)
        return bad

    def compile_owners(self, v):
        """The programs whose graphs hold the lines the compiler complains about, with the
        complaints (lines of the overlapped file read without its #line directives)."""
        bad = {}
        over = open(os.path.join(self.dir, v.out + ".c")).read().split("\n")
        # the emitted #line directives name prog.c lines: read the errors against a copy without them
        plain = os.path.join(self.dir, "over_noline.c")
        with open(plain, "w") as f:
            f.write("\n".join("" if l.startswith("#line ") else l for l in over))
        rc, o, e = self.cc("over_noline.c", "over_noline")
        for m in re.finditer(r"over_noline\.c:(\d+):\d+: error.*", e):
            line = int(m.group(1))
            for i in range(line - 1, -1, -1):
                g = re.match(r"DAGCC_GRAPH void g(\d+)\(", over[i])
                if g:
                    if int(g.group(1)) in self.where:
                        bad[int(g.group(1))] = bad.get(int(g.group(1)), "") + v.out + ".c" + \
                            m.group(0)[len("over_noline.c"):] + "\n      " + over[line - 1].strip() + "\n"
                    break
        return bad

    def execute(self, pending, alone):
        cfg = self.cfg
        outs = {}
        failed = {}
        for np in cfg.nps:
            for attempt in range(2):  # the reference: once more if the launcher stumbles
                rc, o, e = self.mpirun("orig", np)
                if rc == 0 and o.startswith("np %d\n" % np):
                    break
            if rc != 0 or not o.startswith("np %d\n" % np):
                for s in pending:
                    self.done(s, "FAIL", "original-run", "the original failed at np %d (exit %d, a generator or runtime bug):\n    %s" % (np, rc, first(e + o)))
                return self.results
            outs[np] = per_program(o)
            outs[np, "rest"] = rest(o)
            if cfg.selfcheck:
                # the generator's side: the original is deterministic, checked mode is clean on it
                for checked in (False, True):
                    rc2, o2, e2 = self.mpirun("orig", np, checked)
                    if rc2 != 0 or o2 != o or REPORT.search(e2):
                        for s in pending:
                            self.done(s, "FAIL", "original-unstable", "the original%s at np %d: exit %d, %s:\n    %s" % (
                                " in checked mode" if checked else "", np, rc2,
                                "the same output" if o2 == o else "another output", first(e2)))
                        return self.results
        runs = [(v, np, checked) for v in self.vs for np in v.nps for checked in v.modes]
        for v, np, checked in runs:
            rc, o, e = self.mpirun(v.out, np, checked)
            tag = "dagcc%s, %snp=%d" % (v.label, "DAGCC_CHECK=1 " if checked else "", np)
            got = per_program(o)
            reports = REPORT.findall(e) and [m.group(0) for m in REPORT.finditer(e)]
            if reports:
                if not self.owners_in("\n".join(reports)) and not alone:
                    return self.isolate(pending)
                mine = {}
                for line in reports:
                    for s in self.owners_in(line) or pending:
                        mine.setdefault(s, []).append(line)
                for s, lines in mine.items():
                    failed.setdefault(s, ("checker", "%s: checked mode reports:\n    %s" % (tag, first("\n".join(lines)))))
            if rc != 0 and not reports:
                if not alone:
                    return self.isolate(pending)
                for s in pending:
                    failed.setdefault(s, ("overlapped-run", "%s: exit %d:\n    %s" % (tag, rc, first(e + o))))
            if (rc == 0 or reports) and rest(o) != outs[np, "rest"]:
                for s in pending:
                    failed.setdefault(s, ("mismatch", "%s: the output outside the programs' lines differs:\n    %s" % (
                        tag, first("\n".join(rest(o))))))
            for s in pending:
                want, have = outs[np].get(s, []), got.get(s, [])
                if want != have and s not in failed and (rc == 0 or reports):
                    diff = [(a, b) for a, b in zip(want, have) if a != b]
                    d = ("expected %s\n    got      %s" % diff[0]) if diff else \
                        "%d lines expected, %d printed" % (len(want), len(have))
                    failed[s] = ("mismatch", "%s: output differs from the original's:\n    %s" % (tag, d))
        for s in pending:
            if s in failed:
                self.done(s, "FAIL", *failed[s])
            else:
                self.done(s, "identical")
        return self.results

    def isolate(self, seeds):
        """Run each program alone to find which one a file-wide failure belongs to."""
        if len(self.seeds) == 1:
            return self.run(alone=True)
        for s in seeds:
            if s in self.results:
                continue
            b = Batch(self.cfg, [s], os.path.join(self.dir, "alone-%d" % s))
            r = b.run(alone=True)
            self.results.update(r)
            self.refusals += b.refusals
        return self.results


def errors(log, line=None):
    """The error lines of a dagcc log (with the source line and caret after a located one)."""
    lines = log.split("\n")
    out = []
    for i, l in enumerate(lines):
        if "error" in l or "Assertion" in l or "Sanitizer" in l or "runtime error" in l:
            if line is not None and not l.startswith("prog.c:%s:" % line):
                continue
            out += lines[i:i + 3] if re.match(r"prog\.c:\d+:\d+: error", l) else [l]
    return "\n".join(out)


def lastarg(args):
    """The last top-level argument of a call's argument text."""
    depth, cut = 0, 0
    for i, ch in enumerate(args):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            cut = i + 1
    return args[cut:].strip()


def eager(lines):
    """The overlapped program with every collective waited for right where it starts (after
    its coalesced group or p2p group ends): each collective then runs whole at its start, the other end of
    the window from the mpi backend, where it lands at its wait. A schedule that is right gives
    the same output both ways; one that starts a collective before a write to what it reads,
    or that writes what it writes before its wait, differs in one of them."""
    out, pending, names, inside, prefix = [], [], set(), False, None
    for l in lines:
        w = re.match(r"\s*dagcc_future_wait\(&(\w+),", l)
        if w and w.group(1) in names:
            continue  # waited for where it started
        out.append(l)
        m = (re.match(r"(\s*)dagcc_future (\w+) = dagcc_\w+_start\((.*)\);\s*$", l)
             or re.match(r"(\s*)(\w+) = dagcc_\w+_start\((.*)\);\s*$", l)  # a rotated loop's
             or re.match(r"(\s*)DAGCC_START\((\w+)\) dagcc_\w+_start\((.*)\);\s*$", l))
        alone = re.match(r"(\s*)dagcc_\w+_start\((.*)\);\s*$", l)
        if m:
            names.add(m.group(2))
            pending.append("%sdagcc_future_wait(&%s, %s);" % (m.group(1), m.group(2), lastarg(m.group(3))))
        elif prefix and alone:  # DAGCC_START(f) on the line before
            names.add(prefix)
            pending.append("%sdagcc_future_wait(&%s, %s);" % (alone.group(1), prefix, lastarg(alone.group(2))))
        p = re.match(r"\s*DAGCC_START\((\w+)\)\s*$", l)
        prefix = p.group(1) if p else None
        if "dagcc_coalesce_begin(" in l or "dagcc_p2p_begin(" in l:
            inside = True
        elif "dagcc_coalesce_end(" in l or "dagcc_p2p_end(" in l:
            inside = False
        if not inside:
            out += pending
            pending = []
    return out


def rest(out):
    """The lines of an output that belong to no program."""
    return [l for l in out.split("\n") if not re.match(r"p\d+ ", l)]


def per_program(out):
    progs = {}
    for line in out.split("\n"):
        m = re.match(r"p(\d+) ", line)
        if m:
            progs.setdefault(int(m.group(1)), []).append(line)
    return progs


# -- mutation: the checks above must catch a broken overlapped file ----------------------------
def blocks(lines, lo, hi):
    """The emitted statements between lines lo..hi: (first, last, prog.c line) each, first being
    the #line before it where it has one. A #line names prog.c once and then only the number;
    a statement without one is on the line after the one before it. A statement goes on over the
    lines after it until one ends with ; (a wrapped hook's arguments; DAGCC_START(f) with its
    start on the next line, the start's line being the statement's)."""
    out = []
    cur, i = None, lo
    while i < hi:
        m = re.match(r'#line (\d+)( "prog\.c")?$', lines[i])
        if m:
            cur = int(m.group(1))
            first = i
            i += 1
            if i >= hi or lines[i].startswith("#line "):
                continue
        else:
            first = i
        if (lines[i] == "}" or not lines[i].startswith("\t") or cur is None
                or "DAGCC_PROFILE_STEP_" in lines[i]):  # a step mark is no statement to move
            cur = cur + 1 if cur is not None else None
            i += 1
            continue
        j, line = i, cur
        while j + 1 < hi and not lines[j].rstrip().endswith((";", "{", "}")) and not lines[j + 1].startswith("#"):
            j += 1
        if re.match(r"\s*DAGCC_START\(\w+\)$", lines[i]):
            line = cur + 1
        if out and out[-1][1] == first - 1 and out[-1][2] == line:
            # one node's lines (checked mode's name for a group, then its start): one block
            out[-1] = (out[-1][0], j, line)
        else:
            out.append((first, j, line))
        cur += j - i + 1
        i = j + 1
    return out


def mutants(batch, rng):
    """(what, file name, text, seed, kind) of the broken files one passing batch offers."""
    over = open(os.path.join(batch.dir, batch.mutbase().out + ".c")).read().split("\n")
    orig = batch.text
    found = {"drop-wait": [], "swap": [], "swap-orig": [], "late-wait": []}
    for s, (lo, hi, p, body0) in batch.where.items():
        if batch.results.get(s) is None or batch.results[s].status != "identical":
            continue
        start = next(i for i, l in enumerate(over) if l.startswith("DAGCC_GRAPH void g%d(" % s))
        end = next(i for i in range(start, len(over)) if over[i] == "}")
        # a run-time loop's waits (its body, a rotated one's epilogue) run only from 2 trips on
        # (a rotated body's late steps skip the first): with fewer they are not mutated
        inloop, k = set(), start
        while p.trips is not None and p.trips < 2 and k < end:
            if re.match(r"\t(for \(|if \(dagcc_lp)", over[k]) and over[k].endswith("{"):
                close = next(j for j in range(k, end + 1) if over[j] in ("\t}", "}"))
                inloop.update(range(k, close + 1))
                k = close
            k += 1
        waits = [i for i in range(start, end) if "dagcc_future_wait(" in over[i] and i not in inloop]
        for i in waits:
            found["drop-wait"].append(("p%d: dropped %s" % (s, over[i].strip()), over[:i] + over[i + 1:], s))
        stmt = {body0 + st[0]: st for st in p.stmts}
        bl = [b for b in blocks(over, start, end) if b[2] in stmt]
        # a wait moved past the statement after it that needs the collective (the next one in
        # the source, so the move is the two run in the other order)
        starts = {}
        for x in bl:
            for k in range(x[0], x[1] + 1):
                m = re.search(r"dagcc_future (\w+) = dagcc_\w+_start\(|DAGCC_START\((\w+)\)", over[k])
                if m:
                    starts[m.group(1) or m.group(2)] = stmt[x[2]]
        for i in waits:
            m = re.search(r"dagcc_future_wait\(&(\w+),", over[i])
            if not m or m.group(1) not in starts or "dagcc_future_wait(" in over[i - 1] + over[i + 1]:
                continue
            after = [x for x in bl if x[0] > i and not any("dagcc_" in over[k] for k in range(x[0], x[1] + 1))]
            if not after:
                continue
            x, a = after[0], starts[m.group(1)]
            b = stmt[x[2]]
            if b[4] == a[4] + 1 and p.observable(a, b):
                text = over[:i] + over[i + 1:x[1] + 1] + [over[i]] + over[x[1] + 1:]
                found["late-wait"].append(("p%d: moved %s past prog.c line %d" % (s, over[i].strip(), x[2]), text, s))
        for x, y in zip(bl, bl[1:]):
            if x[1] + 1 != y[0] or x[2] == y[2]:
                continue
            a, b = stmt[x[2]], stmt[y[2]]
            if p.observable(a, b) and not any(
                    re.search(r"dagcc_(future_wait|coalesce|copy|alloc|free)", over[k]) for k in range(x[0], y[1] + 1)):
                text = over[:x[0]] + over[y[0]:y[1] + 1] + over[x[0]:x[1] + 1] + over[y[1] + 1:]
                found["swap"].append(("p%d: swapped the statements of prog.c lines %d and %d in the overlapped file" % (s, x[2], y[2]), text, s))
        # dependent neighbours in the original, swapped: a compiler that reordered them
        idx = {st[0]: st for st in p.stmts}
        for i in sorted(idx):
            if i + 1 in idx:
                a, b = idx[i], idx[i + 1]
                if p.observable(a, b):
                    L = body0 + i - 1
                    text = orig[:L] + [orig[L + 1], orig[L]] + orig[L + 2:]
                    found["swap-orig"].append(("p%d: swapped prog.c lines %d and %d (dependent statements) in the original" % (s, L + 1, L + 2), text, s))
    for k in found:
        rng.shuffle(found[k])
    # a swap in the overlapped file is the better mutant; in the original, the fallback
    found["swap"] += found.pop("swap-orig")
    return found


def mutate(cfg, batches, want, work, log):
    """Break overlapped files of programs that passed, each alone in its file, and count the
    broken ones the checks catch."""
    rng = random.Random(cfg.seed)
    passed = sorted(s for b in batches for s, r in b.results.items() if r.status == "identical")
    pools = {"swap": [], "drop-wait": [], "late-wait": []}
    share = -(-want // len(pools))
    for n, s in enumerate(passed):
        if all(len(v) >= share for v in pools.values()) or (n >= 3 * want and sum(map(len, pools.values())) >= want):
            break
        b = Batch(cfg, [s], os.path.join(work, "mutants-p%d" % s))
        b.write([s])
        if b.dagcc(b.mutbase())[0] != 0 or b.cc("prog.c", "orig")[0] != 0:
            continue
        b.results[s] = Result(s, "identical")  # as it was in the run
        for k, v in mutants(b, rng).items():
            pools[k] += [(b,) + m for m in v[:2]]  # at most two of a kind from one program
    chosen = []
    kinds = ["swap", "drop-wait", "late-wait"]
    kinds = kinds[cfg.shard % 3:] + kinds[:cfg.shard % 3]  # the shards share the kinds out
    while len(chosen) < want and any(pools.values()):
        for k in kinds:
            if pools[k] and len(chosen) < want:
                chosen.append((k,) + pools[k].pop(0))
    made = caught = 0
    refs = {}
    for n, (kind, b, what, text, seed) in enumerate(chosen):
        made += 1
        name = "mutant%d" % n
        with open(os.path.join(b.dir, name + ".c"), "w") as f:
            f.write("\n".join(text))
        with open(os.path.join(b.dir, name + "_eager.c"), "w") as f:
            f.write("\n".join(eager(text)))
        b.cflags = ["-Wno-error"]  # a dropped wait leaves its future unused
        rc, o, e = b.cc(name + ".c", name)
        if rc == 0:
            rc, o, e = b.cc(name + "_eager.c", name + "_eager")
        b.cflags = []
        if rc != 0:
            log("NOT CAUGHT %s: %s (the mutant does not build:\n    %s)" % (kind, what, first(e)))
            continue
        how = None
        nps = [np for np in b.mutbase().nps if np > 1] or b.mutbase().nps
        # checked mode at every np: a collective's buffer may overlap a kernel's at one rank
        # count only (the all-ranks side of a reduce_scatter grows with it)
        for exe, np, checked in [(name, np, False) for np in nps] + [(name, np, True) for np in nps] + \
                [(name + "_eager", np, False) for np in nps]:
            if (b.dir, np) not in refs:
                refs[b.dir, np] = per_program(b.mpirun("orig", np)[1]).get(seed, [])
            rc, o, e = b.mpirun(exe, np, checked)
            if REPORT.search(e):
                how = "checked mode at np %d: %s" % (np, REPORT.search(e).group(0)[:120])
            elif per_program(o).get(seed, []) != refs[b.dir, np]:
                how = "the output%s differs at np %d" % (" made eager" if "eager" in exe else "", np)
            elif rc != 0:
                how = "exit %d at np %d" % (rc, np)
            if how:
                break
        if how:
            caught += 1
            if cfg.verbose:
                log("caught %s: %s: %s" % (kind, what, how))
        else:
            log("NOT CAUGHT %s: %s (%s)" % (kind, what, os.path.join(b.dir, name + ".c")))
    return made, caught


RELAXED = ["-Wno-unused-function", "-Wno-unused-variable", "-Wno-unused-but-set-variable",
           "-Wno-unused-parameter"]


def reduce(cfg, seed, work, log):
    """Delete lines of one failing program while the same check still fails; write the
    smallest file found to WORK/reduced.c."""
    b = Batch(cfg, [seed], os.path.join(work, "start"))
    r = b.run(alone=True)[seed]
    if r.status != "FAIL":
        log("p%d does not fail (%s): nothing to reduce" % (seed, r.status))
        return 1
    log("p%d: %s: %s" % (seed, r.check, first(r.detail, 3)))
    m = re.search(r"np=(\d+)", r.detail)
    allnps = cfg.nps
    if m and r.check in ("checker", "mismatch", "overlapped-run"):
        cfg.nps = [int(m.group(1))]
    lines = b.text
    lo = next(i for i, l in enumerate(lines) if l.startswith("DAGCC_COMPUTE"))
    hi = next(i for i, l in enumerate(lines) if l.startswith("static float *newbuf"))
    tries = [0]

    def fails(cand):
        tries[0] += 1
        t = Batch(cfg, [seed], os.path.join(work, "try"))
        t.fixed = "\n".join(cand)
        t.headers = b.headers
        if r.check != "overlapped-compile":
            t.cflags = RELAXED
        if r.check.startswith("dagcc") or r.check == "refused":
            # dagcc alone decides; the original need only stay a valid program
            t.write([seed])
            rc, log, wrote = t.dagcc()
            if rc == 0 or not t.dagcc_failed(rc, log, wrote, True) or t.results[seed].check != r.check:
                return False
            return t.cc("prog.c", "orig")[0] == 0
        got = t.run(alone=True)[seed]
        return got.status == "FAIL" and got.check == r.check

    def units(keep):
        """Brace blocks, a for with its one-line body, a declaration with its annotation."""
        out = []
        for k, i in enumerate(keep):
            l = lines[i]
            if l.rstrip().endswith("{") or (l.startswith("DAGCC_COMPUTE") and k + 1 < len(keep)):
                if l.startswith("DAGCC_COMPUTE"):
                    out.append(keep[k:k + 2])
                    continue
                depth, j = 0, k
                while j < len(keep):
                    depth += lines[keep[j]].count("{") - lines[keep[j]].count("}")
                    if depth <= 0 and j > k:
                        break
                    j += 1
                if not l.startswith("\t") and k > 0 and lines[keep[k - 1]].startswith(("static", "void", "DAGCC_GRAPH")):
                    k -= 1  # a function definition's header line
                out.append(keep[k:j + 1])
            elif re.match(r"\s*for \(", l) and k + 1 < len(keep):
                out.append(keep[k:k + 2])
        return sorted(out, key=len, reverse=True)

    def drop_units(keep):
        changed = True
        while changed:
            changed = False
            for u in units(keep):
                rest = [i for i in keep if i not in set(u)]
                if fails(lines[:lo] + [lines[i] for i in rest] + lines[hi:]):
                    keep, changed = rest, True
                    break
        return keep

    # ddmin over the lines between the first kernel declaration and main's helpers, whole
    # blocks first
    keep = drop_units(list(range(lo, hi)))
    n = 2
    while len(keep) >= 1:
        size = max(1, len(keep) // n)
        chunks = [keep[i:i + size] for i in range(0, len(keep), size)]
        shrunk = False
        for c in chunks:
            rest = [i for i in keep if i not in set(c)]
            cand = lines[:lo] + [lines[i] for i in rest] + lines[hi:]
            if fails(cand):
                keep = rest
                n = max(n - 1, 2)
                shrunk = True
                break
        if not shrunk:
            if size == 1:
                break
            n = min(len(keep), n * 2)
    keep = drop_units(keep)
    out = lines[:lo] + [lines[i] for i in keep] + lines[hi:]
    path = os.path.join(work, "reduced.c")
    with open(path, "w") as f:
        f.write("\n".join(out))
    b.writeheaders(work)
    cfg.nps = allnps
    log("reduced p%d to %d of %d lines in %d tries: %s" % (seed, len(keep), hi - lo, tries[0], path))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=200, help="programs (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="the first program's seed (default 1)")
    ap.add_argument("--batch", type=int, default=20, help="programs per file (default 20)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--np", default="1,2,4", help="rank counts (default 1,2,4; at most 4)")
    ap.add_argument("--idioms", help="only these idioms (gen.py --list-idioms)")
    ap.add_argument("--mutate", type=int, default=0, metavar="K",
                    help="also break K overlapped files and require every one caught")
    ap.add_argument("--shard", metavar="I/N", default="1/1",
                    help="run only the I-th of N equal runs of consecutive seeds (lit runs the shards in "
                    "parallel); shard I takes the mutant kinds in turn from the I-th")
    ap.add_argument("--keep", metavar="DIR", help="work in DIR and keep it (default: a temporary one)")
    ap.add_argument("--dagcc", default=os.path.join(REPO, "build", "bin", "dagcc"))
    ap.add_argument("--dagcc-flag", action="append", default=[], help="another dagcc flag")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cflags", default="", help="more compiler flags (e.g. sanitizers)")
    ap.add_argument("--include", default=os.path.join(REPO, "include"))
    ap.add_argument("--libdir", default=os.path.join(REPO, "build", "lib"))
    ap.add_argument("--mpirun", default="mpirun --oversubscribe -np",
                    help="the launcher, which takes the rank count next (default: %(default)s)")
    ap.add_argument("-v", "--verbose", action="store_true", help="say how each mutant was caught")
    ap.add_argument("-q", "--quiet", action="store_true", help="no line for programs that pass")
    ap.add_argument("--selfcheck", action="store_true",
                    help="also run each original twice more, once checked: same output, no report")
    ap.add_argument("--reduce", action="store_true",
                    help="shrink the program SEED fails on to a small file of the same failure (needs --keep)")
    a = ap.parse_args()

    cfg = Cfg()
    cfg.seed = a.seed
    cfg.dagcc = a.dagcc
    cfg.extra = a.dagcc_flag
    cfg.cc = shlex.split(a.cc)
    cfg.cflags = shlex.split(a.cflags)
    cfg.include, cfg.libdir = a.include, a.libdir
    cfg.mpirun = shlex.split(a.mpirun)
    cfg.nps = [int(x) for x in a.np.split(",")]
    cfg.verbose = a.verbose
    cfg.selfcheck = a.selfcheck
    cfg.idioms = a.idioms.split(",") if a.idioms else gen.DEFAULT_IDIOMS
    if any(n > gen.MAXNP or n < 1 for n in cfg.nps):
        ap.error("--np: 1 to %d ranks" % gen.MAXNP)
    bad = [i for i in cfg.idioms if i not in gen.IDIOMS]
    if bad:
        ap.error("unknown idiom %s (gen.py --list-idioms)" % ", ".join(bad))
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    os.environ.setdefault("OMPI_MCA_rmaps_base_oversubscribe", "1")
    os.environ.setdefault("OMPI_MCA_pml", "ob1")  # as lit.cfg.py: no slow libfabric probe per run

    work = a.keep or tempfile.mkdtemp(prefix="dagcc-soundness-")
    os.makedirs(work, exist_ok=True)
    if a.reduce:
        return reduce(cfg, a.seed, work, lambda m: print(m, flush=True))
    t0 = time.time()
    seeds = list(range(a.seed, a.seed + a.count))
    m = re.fullmatch(r"(\d+)/(\d+)", a.shard)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)) <= a.count:
        ap.error("--shard: I/N with 1 <= I <= N <= --count")
    cfg.shard, shards = int(m.group(1)) - 1, int(m.group(2))
    seeds = seeds[cfg.shard * a.count // shards:(cfg.shard + 1) * a.count // shards]
    # programs that take pp are compiled once per rank count: they share files of their own
    takespp = {s: gen.Program(s, cfg.idioms).rankdep for s in seeds}
    parts = [[s for s in seeds if not takespp[s]], [s for s in seeds if takespp[s]]]
    chunks = [part[i:i + a.batch] for part in parts for i in range(0, len(part), a.batch)]
    batches = [Batch(cfg, c, os.path.join(work, "b%d" % k)) for k, c in enumerate(chunks)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        list(pool.map(lambda b: b.run(), batches))
    results = {}
    for b in batches:
        results.update(b.results)

    def log(msg):
        print(msg, flush=True)

    def repro(seed):
        parts = ["python3", os.path.abspath(__file__), "--seed", str(seed), "--count", "1",
                 "--keep", "/tmp/soundness-%d" % seed]
        for flag, val, default in (("--dagcc", a.dagcc, ap.get_default("dagcc")),
                                   ("--include", a.include, ap.get_default("include")),
                                   ("--libdir", a.libdir, ap.get_default("libdir")),
                                   ("--cc", a.cc, ap.get_default("cc")),
                                   ("--cflags", a.cflags, ""),
                                   ("--mpirun", a.mpirun, ap.get_default("mpirun")),
                                   ("--idioms", a.idioms, None)):
            if val and val != default:
                parts.append("%s=%s" % (flag, val))
        parts += ["--dagcc-flag=%s" % f for f in a.dagcc_flag]
        return " ".join(shlex.quote(p) for p in parts)

    counts = {"identical": 0, "refused": 0, "FAIL": 0}
    for s in seeds:
        r = results.get(s) or Result(s, "FAIL", "lost", "no result (a driver bug)")
        counts[r.status] += 1
        tags = " [%s]" % " ".join(r.tags) if r.tags else ""
        if r.status == "FAIL":
            log("FAIL p%d%s: %s: %s" % (s, tags, r.check, r.detail))
            log("  reproduce: %s" % repro(s))
        elif r.status == "refused":
            log("REFUSED p%d%s (allowed: an accessor call): %s" % (s, tags, r.detail))
        elif not a.quiet:
            log("ok p%d%s" % (s, tags))
    failed_by = {}
    for r in results.values():
        if r.status == "FAIL":
            failed_by[r.check] = failed_by.get(r.check, 0) + 1
    status = 0 if counts["FAIL"] == 0 else 1
    if a.mutate:
        made, caught = mutate(cfg, batches, a.mutate, work, log)
        log("mutants: %d made, %d caught" % (made, caught))
        if made < a.mutate or caught < made:
            status = 1
    log("%d programs: %d identical, %d refused, %d failed%s (%.0f s)" % (
        len(seeds), counts["identical"], counts["refused"], counts["FAIL"],
        " (%s)" % ", ".join("%s %d" % kv for kv in sorted(failed_by.items())) if failed_by else "",
        time.time() - t0))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
