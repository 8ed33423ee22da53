"""Run dagcc's fast IR reader and printer (ir/iofast.c) and the reference ones (ir/parse.c,
ir/print.c) over the same inputs and check that they agree: the same standard output, standard
error and exit status.

The inputs are the given .ir files and COUNT seeded mutants of them (a byte flipped or
replaced, the text cut short, a line duplicated, dropped or swapped, a span deleted), so that
both paths also meet every kind of error. Each input is read three ways: by the reference
(DAGCC_IR_REFERENCE=1), by the fast path on one thread (--split 0) and on two (--split 2).

usage: ioref.py DAGCC OUTDIR COUNT [--shard I/N] FILE|DIR... [-- DAGCC FLAGS]
(default flags: --emit=ir; a directory stands for every .ir file under it; --shard I/N reads
only every N-th input from the I-th, so that N tests of the same inputs share them out)
"""
import os
import random
import subprocess
import sys


def mutate(data, rng):
    lines = data.split(b"\n")
    kind = rng.randrange(7)
    if kind == 0:  # a bit flipped
        a = rng.randrange(len(data))
        return data[:a] + bytes([data[a] ^ (1 << rng.randrange(8))]) + data[a + 1:]
    if kind == 1:  # a byte replaced by any byte
        a = rng.randrange(len(data))
        return data[:a] + bytes([rng.randrange(256)]) + data[a + 1:]
    if kind == 2:  # cut short
        return data[:rng.randrange(len(data))]
    if kind == 3:  # a line duplicated
        i = rng.randrange(len(lines))
        lines.insert(i, lines[rng.randrange(len(lines))])
        return b"\n".join(lines)
    if kind == 4:  # a line dropped
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines)
    if kind == 5:  # two lines swapped
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    a = rng.randrange(len(data))  # a span deleted
    return data[:a] + data[a + rng.randrange(1, 40):]


def run(dagcc, flags, path, env):
    p = subprocess.run([dagcc] + flags + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=60)
    return p.returncode, p.stdout, p.stderr


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
    files = []
    for a in args:
        if os.path.isdir(a):
            files += sorted(os.path.join(d, f) for d, _, fs in os.walk(a) for f in fs
                            if f.endswith(".ir"))
        else:
            files.append(a)
    files = sorted(set(files), key=files.index)
    sources = [open(f, "rb").read() for f in files]
    inputs = list(files)
    os.makedirs(outdir, exist_ok=True)
    for n in range(count):
        rng = random.Random(n)
        data = sources[rng.randrange(len(sources))]
        for _ in range(rng.randrange(1, 4)):
            if data:
                data = mutate(data, rng)
        path = os.path.join(outdir, "m%d.ir" % n)
        with open(path, "wb") as f:
            f.write(data)
        inputs.append(path)
    ref = dict(os.environ, DAGCC_IR_REFERENCE="1")
    fast = {k: v for k, v in os.environ.items() if k != "DAGCC_IR_REFERENCE"}
    differ = accepted = 0
    inputs = inputs[shard - 1::shards]
    for path in inputs:
        want = run(dagcc, ["--from-ir"] + flags, path, ref)
        accepted += want[0] == 0
        for split in ("0", "2"):
            got = run(dagcc, ["--from-ir", "--split", split] + flags, path, fast)
            if got != want:
                differ += 1
                what = [w for w, a, b in zip(("status", "stdout", "stderr"), want, got) if a != b]
                print("%s --split %s: %s differ" % (path, split, ", ".join(what)))
                if want[2] != got[2]:
                    err = [e.decode(errors="replace") for e in (want[2], got[2])]
                    sys.stdout.write("reference:\n%s\nfast:\n%s\n" % tuple(err))
    print("%d inputs, %d differ" % (len(inputs), differ))
    sys.stderr.write("%d inputs accepted\n" % accepted)


main()
