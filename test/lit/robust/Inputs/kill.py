"""kill.py SIGNAL DIR GLOB -- COMMAND...: runs COMMAND, sends it SIGNAL as soon as a file
matching GLOB appears in DIR (the temporary it writes), waits for it to end, and prints how
it ended and what matches GLOB in DIR afterwards."""
import glob
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, sys.argv[1])
where, pattern = sys.argv[2], sys.argv[3]
cmd = sys.argv[sys.argv.index("--") + 1:]
# the signals at their defaults in the child, whatever lit's own are
p = subprocess.Popen(cmd, preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL)
                                              for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)])
seen = False
while p.poll() is None:
    if glob.glob(os.path.join(where, pattern)):
        seen = True
        p.send_signal(sig)
        break
    time.sleep(0.001)
rc = p.wait()
print("temporary seen" if seen else "the command ended before its temporary was seen")
print("killed by %s" % signal.Signals(-rc).name if rc < 0 else "exit status %d" % rc)
left = sorted(os.path.basename(f) for f in glob.glob(os.path.join(where, pattern)))
print("left: %s" % (" ".join(left) if left else "nothing"))
