"""Runs dagcc --from-ir on a graph of n lines of a lone '%' with the address space limited to
1 GiB (not under AddressSanitizer, which reserves terabytes): the syntax error is reported
without first making room for n nodes. Prints dagcc's exit status and standard error."""
import resource
import subprocess
import sys

dagcc, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path, "w") as f:
    f.write('graph @g "m.c" {\n' + "%\n" * n + "}\n")
limit = None
with open(dagcc, "rb") as f:
    if b"AddressSanitizer" not in f.read():
        limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
r = subprocess.run([dagcc, "--from-ir", path, "--emit=ir"], capture_output=True, text=True,
                   preexec_fn=limit)
print(r.returncode)
sys.stdout.write(r.stderr)
