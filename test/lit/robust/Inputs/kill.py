"""kill.py SIGNAL DIR GLOB PAUSE.SO -- COMMAND...: runs COMMAND with PAUSE.SO preloaded (Inputs/pause.c),
which stops the process that is about to close a file matching GLOB, or to run a command naming
one, until a signal ends it; sends COMMAND SIGNAL once that has happened, waits for it to end,
and prints how it ended, whether the stopped process (dagcc-cc's child) ended too, and what
matches GLOB in DIR afterwards. Nothing depends on timing: COMMAND cannot finish before the
signal."""
import glob
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, sys.argv[1])
where, pattern, shim = sys.argv[2], sys.argv[3], sys.argv[4]
cmd = sys.argv[sys.argv.index("--") + 1:]
r, w = os.pipe()
env = dict(os.environ, LD_PRELOAD=shim, PAUSE_GLOB=pattern, PAUSE_FD=str(w),
           ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
# the signals at their defaults in the child, whatever lit's own are
p = subprocess.Popen(cmd, env=env, pass_fds=(w,),
                     preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL)
                                         for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)])
os.close(w)
line = os.fdopen(r).readline()  # the stopped process's pid; empty if all ended without stopping
stopped = int(line) if line else None
seen = bool(glob.glob(os.path.join(where, pattern)))
if stopped:
    p.send_signal(sig)
rc = p.wait()
if stopped is None:
    print("the command ended without writing a file that matches %s" % pattern)
elif not seen:
    print("the command stopped with no temporary in %s" % where)
else:
    print("temporary seen")
print("killed by %s" % signal.Signals(-rc).name if rc < 0 else "exit status %d" % rc)


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


if stopped and stopped != p.pid:
    # the child gets the signal from its parent's handler before the parent dies; it ends as soon
    # as it runs (a minute is for a machine under load, not a measure: no check reads it)
    for _ in range(6000):
        if not alive(stopped):
            break
        time.sleep(0.01)
    if alive(stopped):
        os.kill(stopped, signal.SIGKILL)
        print("its child: still running")
    else:
        print("its child: ended")
left = sorted(os.path.basename(f) for f in glob.glob(os.path.join(where, pattern)))
print("left: %s" % (" ".join(left) if left else "nothing"))
