# lit configuration for dagcc's tests. lit.site.cfg.py (written by CMake) loads this.
import os
import shutil

import lit.formats

config.name = "dagcc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".ir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.binary_root, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.dagcc_bin, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# (the longer name first: %dagcc is a prefix of it)
config.substitutions.append(("%dagcc-cc", os.path.join(config.dagcc_bin, "dagcc-cc")))
config.substitutions.append(("%dagcc", os.path.join(config.dagcc_bin, "dagcc")))
config.substitutions.append(("%cc", config.cc))
config.substitutions.append(("%include", os.path.join(config.source_root, "include")))
config.substitutions.append(("%examples", os.path.join(config.source_root, "examples")))
config.substitutions.append(("%bench", os.path.join(config.source_root, "bench")))
config.substitutions.append(("%builddir", config.binary_root))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))

config.substitutions.append(("%testbin", os.path.join(config.binary_root, "test", "bin")))
config.substitutions.append(("%libdir", os.path.join(config.binary_root, "lib")))

# Open MPI: allowed as root (CI runs as root), more ranks than cores.
config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
# When a rank aborts, mpirun kills the others at once rather than 1 s after its SIGTERM: the
# suite's failing runs (some 60 RUN lines, and the mutants that checked mode must catch) each
# waited out that second. The one test that checks what a rank says on SIGTERM
# (runtime/setup.test, DIE) asks for the second back.
config.environment["OMPI_MCA_odls_base_sigkill_timeout"] = "0"
# The ob1 point-to-point layer (shared memory between the ranks of this machine): left to
# choose, Open MPI first tries the cm layer, whose libfabric and PSM probes cost each mpirun
# about 0.2 s of its 0.3 on a 2-core machine, and the suite starts MPI jobs by the hundred.
config.environment["OMPI_MCA_pml"] = "ob1"
mpirun = shutil.which("mpirun")
sanitized = config.sanitize.upper() in ("ON", "1", "TRUE", "YES")
if sanitized:
    config.available_features.add("asan")  # dagcc and the runtime built with ASan and UBSan
# The property test's programs (soundness/property-*.test): the two suites run different seeds,
# so that together they cover more programs; the sanitized one, slower, runs fewer (80: it looks
# for memory errors, which the plain suite's 200 programs' meaning does not show; 120 until the
# scheduler searched two orders of each graph and the suite passed 10 minutes again), in 2 shards
# (property-1 and -2; each shard's mutants cost it some 13 s under the sanitizers) where the
# plain suite runs 4.
config.substitutions.append(
    ("%soundness-seeds", "--seed 201 --count 80" if sanitized else "--seed 1 --count 200"))
config.substitutions.append(("%soundness-shards", "2" if sanitized else "4"))
# The sweeps that run dagcc over every input of the suite for what its readers, printers and
# emitter make of them (ir/io-reference*.test, emit/json-strict.test, emit/compile-all.test):
# under the sanitizers with the search off (--sched-effort=0), which they do not test and which
# costs them two thirds of their time there; the search itself is the sanitized suite's in
# sched/, soundness/ and the examples.
config.substitutions.append(("%light-search", "--sched-effort=0" if sanitized else ""))
# bench/bound-valid.test's generated graphs, the same way: the sanitized suite a third as many,
# of another seed (its bound and schedules are what the plain one checks; ASan checks memory)
config.substitutions.append(
    ("%boundvalid-seeds", "--count 14 --seed 4" if sanitized else "--count 42 --seed 3"))
config.substitutions.append(("%boundvalid-count", "14" if sanitized else "42"))
if mpirun:
    config.available_features.add("mpi")
    # Open MPI's plugins leak at exit (and are unloaded before LeakSanitizer can name them):
    # under the sanitizers, MPI programs run with ASan and UBSan but without leak checking.
    prefix = "env ASAN_OPTIONS=detect_leaks=0 " if sanitized else ""
    config.substitutions.append(("%mpirun", prefix + mpirun + " --oversubscribe -np"))
# flags a program linked against the (possibly sanitized) runtime needs
config.substitutions.append(("%sanflags", "-fsanitize=address,undefined" if sanitized else ""))

# the build tools the tests in build/ drive (scripts/deps.sh installs them)
for tool in ("make", "ninja", "meson", "bear", "clang-tidy", "ccache"):
    if shutil.which(tool):
        config.available_features.add(tool)

if shutil.which("clang-14") or shutil.which("clang"):
    config.available_features.add("clang")
    config.substitutions.append(("%clang", shutil.which("clang-14") or shutil.which("clang")))


def can_chown():
    """Root, and a file here can be given to another user (65534, nobody): the output owner
    tests (REQUIRES: chown)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    import tempfile
    try:
        with tempfile.NamedTemporaryFile(dir=config.binary_root) as f:
            os.chown(f.name, 65534, 65534)
            return os.stat(f.name).st_uid == 65534
    except OSError:
        return False


if can_chown():
    config.available_features.add("chown")

# the fuzzers (fuzz/): ir_fuzz is built with -DDAGCC_FUZZ=ON (clang only)
config.substitutions.append(("%fuzzdir", os.path.join(config.source_root, "fuzz")))
irfuzz = os.path.join(config.binary_root, "fuzz", "ir_fuzz")
if os.path.exists(irfuzz):
    config.available_features.add("fuzz")
    config.substitutions.append(("%irfuzz", irfuzz))
if os.path.exists(os.path.join(config.binary_root, "lib", "libdagcc_rt_cuda.so")) and shutil.which("nvcc"):
    config.available_features.add("cuda-toolkit")


def cuda_gpu():
    """A real NVIDIA GPU is here: its device node exists and nvidia-smi lists it."""
    if not os.path.exists("/dev/nvidia0"):
        return False
    smi = shutil.which("nvidia-smi") or next(
        (p for p in ("/usr/local/nvidia/bin/nvidia-smi", "/usr/bin/nvidia-smi") if os.access(p, os.X_OK)), None)
    if not smi:
        return False
    import subprocess
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and any(line.startswith("GPU ") for line in out.stdout.splitlines())


if cuda_gpu():
    config.available_features.add("cuda-gpu")


def ortools_python():
    """A Python that imports ortools (a benchmark-only dependency: scripts/bench-deps.sh puts
    it in build/bench-venv), for the yardstick's tests (REQUIRES: ortools)."""
    import subprocess
    for py in (os.environ.get("DAGCC_BENCH_PYTHON"),
               os.path.join(config.binary_root, "bench-venv", "bin", "python"),
               os.path.join(config.source_root, "build", "bench-venv", "bin", "python"),
               shutil.which("python3")):
        if not py or not os.access(py, os.X_OK):
            continue
        try:
            r = subprocess.run([py, "-c", "import importlib.util as u, sys; "
                                "sys.exit(u.find_spec('ortools') is None)"],
                               capture_output=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            continue
        if r.returncode == 0:
            return py
    return None


_py = ortools_python()
if _py:
    config.available_features.add("ortools")
    config.substitutions.append(("%ortools_python", _py))
