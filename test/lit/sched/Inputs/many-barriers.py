"""IR with N barriers that order no other barrier, each after the collectives before it
through one group chain alone (test/lit/sched/barrier-group-chain-many.test)."""
import sys

n = int(sys.argv[1])
print('graph @g "t.c" {')
for k in range(n):
    c, d, b = 3 * k, 3 * k + 1, 3 * k + 2
    chain = " after %%%d(group)" % (c - 2) if k else ""
    print('  %%%d = all_reduce group "g" f32 op sum count 1 inout "x%d"[0:4]%s' % (c, k, chain))
    print('  %%%d = all_reduce group "g" f32 op sum count 1 inout "y%d"[0:4] after %%%d(group)'
          % (d, k, c))
    print('  %%%d = barrier "b%d" after %%%d(order)' % (b, k, d))
print("}")
