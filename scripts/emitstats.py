#!/usr/bin/env python3
"""How an overlapped file reads: its graph bodies' share of instrumentation, and what an edit
of the input changes in it.

    scripts/emitstats.py share FILE.c [--max-share R] [--max-cols N]
    scripts/emitstats.py edit DAGCC INPUT.c --graph NAME --insert TEXT [--max-lines N]
                              [-- dagcc flags]

share: for each graph body of an emitted file (from the line after its `{` to its `}`), its
lines, the instrumentation among them (a directive such as #line, a DAGCC_CHECKED* or
DAGCC_PROFILE_* mark, the site table's pointer `dagcc_at` or DAGCC_GRAPH_BEGIN), the #line
among those, the blank lines (a source line scheduled elsewhere, or the user's own), and the
widest line (a tab 8 columns) of the whole file. With --max-share or --max-cols, exit 1 where a
body's share or a line is over.

edit: the lines an edit changes in dagcc's output: INPUT.c as it is and with TEXT inserted as a
line of its own after the `{` of graph NAME's body, each through DAGCC (-o, then the flags), and
`diff` of the two outputs counted as `diff | grep -c '^[<>]'` does. With --max-lines, exit 1
where more changed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

INSTR = re.compile(r"\s*(#|DAGCC_CHECKED|DAGCC_PROFILE_|DAGCC_GRAPH_BEGIN"
                   r"|const struct dagcc_sites_\w+ \*const dagcc_at)")


def columns(line):
    w = 0
    for c in line:
        w = (w // 8 + 1) * 8 if c == "\t" else w + 1
    return w


def bodies(lines):
    """(first, last) line indices of each graph body: the lines between a `{` followed by
    dagcc's summary comment and its matching `}` (counting braces outside strings, characters
    and comments)."""
    out = []
    for i, l in enumerate(lines):
        if l.rstrip() != "{" or i + 1 >= len(lines):
            continue
        if not re.match(r"\t/\* dagcc: (scheduled|specialized)", lines[i + 1]):
            continue
        depth, j, comment = 0, i, False
        while j < len(lines):
            s, k = lines[j], 0
            if s.lstrip().startswith("#"):
                j += 1
                continue
            while k < len(s):
                if comment:
                    if s.startswith("*/", k):
                        comment, k = False, k + 1
                elif s.startswith("/*", k):
                    comment, k = True, k + 1
                elif s.startswith("//", k):
                    break
                elif s[k] in "\"'":
                    q, k = s[k], k + 1
                    while k < len(s) and s[k] != q:
                        k += 2 if s[k] == "\\" else 1
                elif s[k] == "{":
                    depth += 1
                elif s[k] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            if depth == 0:
                break
            j += 1
        out.append((i + 1, j))
    return out


def share(args):
    lines = open(args.file, newline="").read().replace("\r\n", "\n").split("\n")
    bad = 0
    for lo, hi in bodies(lines):
        body = lines[lo:hi]
        name = next((m.group(1) for l in reversed(lines[:lo])
                     for m in [re.match(r"DAGCC_GRAPH\s.*?(\w+)\s*\(", l)] if m), "?")
        instr = [l for l in body if INSTR.match(l)]
        nline = [l for l in body if l.startswith("#line")]
        blank = [l for l in body if not l.strip()]
        r = len(instr) / max(len(body), 1)
        print("%s: body %d lines, instrumentation %d (#line %d), share %.2f; %d blank"
              % (name, len(body), len(instr), len(nline), r, len(blank)))
        if args.max_share is not None and r > args.max_share:
            print("%s: share %.2f is over %.2f" % (name, r, args.max_share))
            bad = 1
    widest = max(columns(l) for l in lines)
    over = sum(columns(l) > 120 for l in lines)
    print("widest line %d columns, %d over 120" % (widest, over))
    if args.max_cols is not None and widest > args.max_cols:
        print("a line is over %d columns" % args.max_cols)
        bad = 1
    return bad


def emit(dagcc, src, out, flags):
    r = subprocess.run([dagcc] + flags + [src, "-o", out], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode:
        sys.stderr.write(r.stderr)
        sys.exit("dagcc failed on %s" % src)
    return open(out).read().split("\n")


def edit(args):
    text = open(args.input).read()
    m = re.search(r"DAGCC_GRAPH\s[^{;]*?\b%s\s*\([^{;]*\)\s*\{[^\n]*\n" % re.escape(args.graph), text)
    if not m:
        sys.exit("no graph %s in %s" % (args.graph, args.input))
    edited = text[:m.end()] + args.insert + "\n" + text[m.end():]
    with tempfile.TemporaryDirectory() as d:
        outs = []
        for k, t in enumerate((text, edited)):
            # both inputs under the same name and directory (#line names it; includes resolve)
            sub = os.path.join(d, str(k))
            os.mkdir(sub)
            src = os.path.join(sub, os.path.basename(args.input))
            open(src, "w").write(t)
            flags = ["-I", os.path.dirname(os.path.abspath(args.input))] + args.flags
            outs.append(emit(args.dagcc, src, os.path.join(sub, "out.c"), flags))
        for k in range(2):
            open(os.path.join(d, "%d.c" % k), "w").write(
                "\n".join(outs[k]).replace(os.path.join(d, str(k)), "D"))
        r = subprocess.run(["diff", os.path.join(d, "0.c"), os.path.join(d, "1.c")],
                           stdout=subprocess.PIPE, universal_newlines=True)
        changed = sum(1 for l in r.stdout.split("\n") if l[:1] in "<>")
    a, b = outs
    print("%d of %d output lines changed (%d after the edit)" % (changed, len(a), len(b)))
    if args.max_lines is not None and changed > args.max_lines:
        print("over %d" % args.max_lines)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd")
    s = sub.add_parser("share")
    s.add_argument("file")
    s.add_argument("--max-share", type=float)
    s.add_argument("--max-cols", type=int)
    e = sub.add_parser("edit")
    e.add_argument("dagcc")
    e.add_argument("input")
    e.add_argument("--graph", required=True)
    e.add_argument("--insert", required=True)
    e.add_argument("--max-lines", type=int)
    argv = sys.argv[1:]
    flags = argv[argv.index("--") + 1:] if "--" in argv else []
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    args.flags = flags
    if args.cmd == "share":
        return share(args)
    if args.cmd == "edit":
        return edit(args)
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
