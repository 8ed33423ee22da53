#!/usr/bin/env python3
"""Two graph shapes that once made dagcc's passes quadratic (issue 14), as textual IR.

    bench/shapes.py groups N > g.ir   N collectives, each on a group of its own, each after a
                                      compute node that writes its buffer (2N nodes)
    bench/shapes.py loop N > l.ir     a DDP-like backward loop: N compute nodes in a chain, each
                                      writing a small gradient that one group all-reduces at
                                      once (2N nodes)

Time them with a Release build, e.g.
    /usr/bin/time -f '%es %MKiB' build-rel/bin/dagcc --from-ir g.ir --emit=ir -o /dev/null
The goal: a million nodes in 2 s and 1 GiB.
"""
import sys


def groups(n, out):
    out.write('graph @groups "shapes.c" {\n')
    for i in range(n):
        out.write('  %%%d = compute "f" us 1 out "x%d"[0:4]\n' % (2 * i, i))
        out.write('  %%%d = all_reduce group "g%d" f32 op sum count 1 inout "x%d"[0:4] after %%%d(raw+waw)\n'
                  % (2 * i + 1, i, i, 2 * i))
    out.write("}\n")


def loop(n, out):
    out.write('graph @loop "shapes.c" {\n')
    for i in range(n):
        c, r = 2 * i, 2 * i + 1
        after = ' after %%%d(raw+waw)' % (c - 2) if i else ''
        out.write('  %%%d = compute "bwd" us 1 inout "act"[0:?] out "g%d"[0:64]%s\n' % (c, i, after))
        group = '%%%d(group), ' % (r - 2) if i else ''
        out.write('  %%%d = all_reduce group "dp" f32 op sum count 16 inout "g%d"[0:64] after %s%%%d(raw+waw)\n'
                  % (r, i, group, c))
    out.write("}\n")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("groups", "loop"):
        sys.exit(__doc__)
    out = sys.stdout
    {"groups": groups, "loop": loop}[sys.argv[1]](int(sys.argv[2]), out)
