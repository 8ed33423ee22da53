"""Every JSON output (--emit=json, --report=json, --emit=trace, --stats) of every .ir file under
the given folders parses with a strict parser from strictly decoded UTF-8. Prints the count of
outputs parsed and of those that did not; a failure names the input and the output."""
import json
import pathlib
import shlex
import subprocess
import sys

dagcc, folders = shlex.split(sys.argv[1]), sys.argv[2:]  # dagcc and any flags of its own
modes = [["--emit=json"], ["--report=json", "--emit=ir", "-o", "/dev/null"], ["--emit=trace"],
         ["--stats"]]
parsed = bad = 0
for folder in folders:
    for ir in sorted(pathlib.Path(folder).rglob("*.ir")):
        for mode in modes:
            r = subprocess.run([*dagcc, "--from-ir", str(ir), *mode],
                               capture_output=True)
            if r.returncode:
                continue
            text = r.stdout
            try:
                json.loads(text.decode("utf-8", errors="strict"))
                parsed += 1
            except ValueError as e:
                bad += 1
                print(f"{ir} {mode[0]}: {e}")
print(f"{parsed} parsed, {bad} invalid")
