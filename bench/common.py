"""common.py - what bench/run.py and bench/layouts.py share: building the
programs, writing the inputs, measuring a run (bench/measure.c), the frame
of a log-log plot, and how numbers are written in the report."""

import math
import os
import random
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


# ==== Building ====


def build(build_dir, skip):
    """Builds shelf and the bench programs; returns the paths used."""
    bench = os.path.join(build_dir, "bench")
    if not skip:
        log("building in %s" % build_dir)
        sh(["cmake", "-S", ROOT, "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release", "-DSHELF_BUILD_TESTS=OFF"],
           stdout=subprocess.DEVNULL)
        sh(["cmake", "--build", build_dir, "--target", "shelf_bench_tools",
            "-j", "2"], stdout=subprocess.DEVNULL)
    tools = {name: os.path.join(bench, name) for name in
             ("baseline", "gen", "measure", "table_port", "engine_time")}
    tools["shelf"] = os.path.join(build_dir, "shelf")
    cxx = shutil.which("g++")
    peer = os.path.join(bench, "deque_peer")
    if cxx and not skip:
        sh([cxx, "-O2", "-o", peer,
            os.path.join(ROOT, "bench", "peers", "deque_peer.cpp")])
    tools["deque_peer"] = peer if os.path.exists(peer) else None
    return tools


# ==== Inputs ====


def make_input(tools, shape, n, layout):
    """Writes (once) a generated input; returns its path."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "%s-%d-%s.txt" % (shape, n, layout))
    if not os.path.exists(path):
        log("generating %s" % os.path.basename(path))
        tmp = path + ".part"
        with open(tmp, "wb") as f:
            sh([tools["gen"], shape, str(n), layout], stdout=f)
        os.replace(tmp, path)
    return path


def make_batch_input(lines):
    """Writes (once) `lines` shelves of ten random weights 1..10^4, one a
    line, for --batch; returns its path."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "batch-%d.txt" % lines)
    if not os.path.exists(path):
        log("generating %s" % os.path.basename(path))
        rnd = random.Random(20261130)
        with open(path + ".part", "w") as f:
            for _ in range(lines):
                f.write(" ".join(str(rnd.randint(1, 10**4))
                                 for _ in range(10)) + "\n")
        os.replace(path + ".part", path)
    return path


# ==== Measuring ====


def measure(tools, argv, stdin=None, cpus=None):
    """Runs argv once (on the cores `cpus`, if given, as taskset would);
    returns (wall seconds, peak KiB, stdout text, CPU seconds: user and
    system together)."""
    out = os.path.join(OUT, "measure.out")
    cmd = [tools["measure"], "-o", out]
    if stdin:
        cmd += ["-i", stdin]
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    res = subprocess.run(cmd + argv, check=True, capture_output=True,
                         text=True, preexec_fn=pin).stdout.split()
    wall, rss, status = float(res[0]), int(res[1]), int(res[4])
    cpu = float(res[2]) + float(res[3])
    with open(out) as f:
        text = f.read().strip()
    if status != 0:
        raise RuntimeError("%s exited with %d" % (" ".join(argv), status))
    return wall, rss, text, cpu


def compare(tools, programs, runs):
    """Runs each (name, argv, stdin) in turn, `runs` rounds; returns
    {name: {"time": median s, "rss": peak KiB, "out": stdout,
            "cpu": median CPU s}}."""
    samples = {name: [] for name, _, _ in programs}
    outs = {}
    for _ in range(runs):
        for name, argv, stdin in programs:
            wall, rss, text, cpu = measure(tools, argv, stdin)
            samples[name].append((wall, rss, cpu))
            outs[name] = text
    return {name: {"time": statistics.median(w for w, _, _ in s),
                   "rss": max(r for _, r, _ in s),
                   "cpu": statistics.median(c for _, _, c in s),
                   "out": outs[name]} for name, s in samples.items()}


def fit_slope(points):
    """Least-squares slope of log(time) on log(n)."""
    xs = [math.log10(n) for n, _ in points]
    ys = [math.log10(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def loglog_frame(box, ns, ts, title):
    """The frame every plot here shares: a log-log grid over the decades
    of ns and ts (seconds), its axes and title. Returns the two scales and
    the SVG parts so far."""
    w, h, left, right, top, bottom = box
    x0, x1 = math.floor(math.log10(min(ns))), math.ceil(math.log10(max(ns)))
    y0, y1 = math.floor(math.log10(min(ts))), math.ceil(math.log10(max(ts)))

    def px(n):
        return left + (math.log10(n) - x0) / (x1 - x0) * (w - left - right)

    def py(t):
        return h - bottom - (math.log10(t) - y0) / (y1 - y0) * (h - top -
                                                                 bottom)

    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">'
             % (w, h, w, h),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="%d" y="24" font-size="15">%s</text>' % (left, title)]
    for e in range(x0, x1 + 1):
        x = px(10**e)
        parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>'
                     % (x, top, x, h - bottom))
        parts.append('<text x="%.1f" y="%d" text-anchor="middle">10<tspan '
                     'dy="-6" font-size="10">%d</tspan></text>'
                     % (x, h - bottom + 20, e))
    for e in range(y0, y1 + 1):
        y = py(10**e)
        parts.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'
                     % (left, y, w - right, y))
        parts.append('<text x="%d" y="%.1f" text-anchor="end">10<tspan '
                     'dy="-6" font-size="10">%d</tspan> s</text>'
                     % (left - 8, y + 4, e))
    parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" '
                 'stroke="#333"/>' % (left, top, w - left - right,
                                      h - top - bottom))
    parts.append('<text x="%d" y="%d" text-anchor="middle">wheels n</text>'
                 % ((left + w - right) // 2, h - 15))
    return px, py, parts


# ==== Numbers in the report ====


def mb(kib):
    return "%.1f MB" % (kib * 1024 / 1e6)


def per_wheel(kib, n):
    b = kib * 1024 / n
    return "%.2f B" % b if b < 1 else "%.1f B" % b

def fmt_n(n):
    e = int(round(math.log10(n)))
    return "10^%d" % e if 10**e == n else "%d" % n


def fmt_t(t):
    if t < 1e-3:
        return "%.0f us" % (t * 1e6)
    if t < 1:
        return "%.1f ms" % (t * 1e3)
    return "%.2f s" % t
