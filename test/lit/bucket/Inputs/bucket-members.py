"""The coalesced buckets of an emitted DDP step (ddp-order-*.c), one line each: 'bucket' and
its members' gradients (the all-reduces' buffers), sorted, so that two writings compare."""
import re
import sys

text = open(sys.argv[1]).read()
out = []
for body in re.findall(r"dagcc_coalesce_begin\((.*?)dagcc_coalesce_end", text, re.S):
    names = re.findall(r"dagcc_all_reduce_start\([^,]*, nt->(g[wb]\[\d+\])", body)
    out.append("bucket " + " ".join(sorted(names)))
print("\n".join(sorted(out)))
