"""Feed dagcc mutated inputs and check that it never crashes.

Each mutant is a valid input with one seeded damage: a span deleted, a line duplicated or
swapped, a character replaced. dagcc may accept it or reject it (exit 0 or 1 with a
diagnostic); anything else (a signal, another exit code, a sanitizer report, an internal
error, a hang) is a failure. Seeds are fixed, so a failure reproduces.

usage: mutate.py DAGCC OUTDIR COUNT [--shard I/N] [--from-ir] FILE... [-- DAGCC FLAGS]
(the flags replace --emit=ir: `-- --emit=c` runs C emission too; --shard I/N makes only every
N-th mutant from the I-th, so that N tests share the COUNT mutants out)
"""
import os
import random
import subprocess
import sys

PUNCT = list("(){}[];,.*&+-/%<>=!~?:\"'#\\ \n0123456789") + ["->", "++", "0x", "1e9", "@", "$"]


def mutate(text, rng):
    lines = text.split("\n")
    kind = rng.randrange(5)
    if kind == 0 and len(text) > 1:
        a = rng.randrange(len(text))
        b = min(len(text), a + rng.randrange(1, 40))
        return text[:a] + text[b:]
    if kind == 1:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[rng.randrange(len(lines))])
        return "\n".join(lines)
    if kind == 2 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    a = rng.randrange(len(text))
    return text[:a] + rng.choice(PUNCT) + text[a + 1:]


def main():
    dagcc, outdir, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    args = sys.argv[4:]
    flags = ["--emit=ir"]
    if "--" in args:
        flags = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    shard, shards = 1, 1
    if args[:1] == ["--shard"]:
        shard, shards = map(int, args[1].split("/"))
        args = args[2:]
    fromir = "--from-ir" in args
    files = [a for a in args if a != "--from-ir"]
    os.makedirs(outdir, exist_ok=True)
    bad = 0
    made = 0
    for n in range(shard - 1, count, shards):
        made += 1
        rng = random.Random(n)
        src = files[n % len(files)]
        with open(src, encoding="utf-8") as f:
            text = f.read()
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        ext = ".ir" if fromir else ".c"
        path = os.path.join(outdir, "mutant%d%s" % (n, ext))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        cmd = [dagcc] + flags + [path, "-o", path + ".out", "-I", os.path.dirname(src)]
        if fromir:
            cmd = [dagcc, "--from-ir"] + flags + [path, "-o", path + ".out"]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=60)
        except subprocess.TimeoutExpired:
            print("HANG: %s (seed %d)" % (path, n))
            bad += 1
            continue
        err = r.stderr
        broken = (r.returncode not in (0, 1) or "Sanitizer" in err or "runtime error" in err
                  or "internal error" in err)
        if r.returncode == 1 and not any(s in err for s in (": error:", ": fatal error:", "dagcc: error")):
            broken = True  # rejected without saying why
        if r.returncode == 1 and os.path.exists(path + ".out"):
            broken = True  # an output file despite the error
        if broken:
            print("CRASH: %s (seed %d, exit %d)\n%s" % (path, n, r.returncode, err[-2000:]))
            bad += 1
    print("%d mutants, %d broken" % (made, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
