"""deep-switch.py N: a program whose graph nests N switches on the rank, each with only a case 1
(so on rank 0 no case matches), the innermost with a default of its own; rank 1 runs the work of
every level."""
import sys

n = int(sys.argv[1])
body = "\t\twork(s, a, 1);\n\t\tbreak;\n\tdefault:\n\t\twork(s, b, 1);\n"
for d in range(n - 1):
    body = "\t\twork(s, a, 1);\n\t\tswitch (me) {\n\t\tcase 1:\n%s\t\t}\n" % body
print('#include "Inputs/three.h"\n')
print("DAGCC_GRAPH void step(dagcc_group *g, float *a, float *b, float *c, dagcc_stream_t s)")
print("{\n\tint me = dagcc_group_rank(g);\n\tswitch (me) {\n\tcase 1:\n%s\t}" % body)
print("\tdagcc_all_reduce(g, c, 8, DAGCC_F32, DAGCC_SUM, s);\n}\n")
print("int main(int argc, char **argv)\n{\n\tdagcc_init(&argc, &argv);")
print("\tdagcc_group *g = dagcc_world();\n\tint rank = dagcc_group_rank(g);")
print("\tThree t = three(rank);\n\tstep(g, t.a, t.b, t.c, dagcc_stream_default());")
print('\tshowthree(t, rank, "abc");\n\tdagcc_finalize();\n\treturn 0;\n}')
