"""replicate.py IR N: the graph of IR (one graph, its edges left out) N times over, each copy on
roots of its own (name.K) and the same groups; the edges are for the deps pass to find."""
import re
import sys

lines = [l for l in open(sys.argv[1]) if l.startswith("  %")]
n = len(lines)
print('graph @big "t.c" {')
for c in range(int(sys.argv[2])):
    for l in lines:
        l = re.sub(r"%(\d+)", lambda m: "%%%d" % (int(m.group(1)) + c * n), l.rstrip("\n"))
        l = re.sub(r'"(n->[^"]*)"', lambda m: '"%s.%d"' % (m.group(1), c), l)
        print(re.sub(r" after .*?( @\d+:\d+)?$", lambda m: m.group(1) or "", l))
print("}")
