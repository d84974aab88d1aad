#!/usr/bin/env python3
"""run.py - shelf's benchmarks, side by side, and the report they make.

Usage: bench/run.py [--runs N] [--big] [--no-build] [--build-dir DIR]
                    [--report FILE] [--quick] [--layouts-only]

What it does, in order:

 1. Builds what it needs with optimisation in its own build directory
    (build-bench: CMake Release, the bench programs of bench/CMakeLists.txt)
    and the std::deque peer with `g++ -O2`.
 2. Writes the inputs into bench/out/ (git-ignored) with bench/gen.c: 10^7
    wheels in every shape (random 1..10^4, ascending, descending, zigzag,
    all equal) and layout (one weight a line, one huge line, a JSON list).
    They are written once and reused (delete bench/out/ after changing
    gen.c).
 3. Runs, for each input, shelf against the read-and-sum baseline
    (bench/baseline.c) and the std::deque peer (bench/peers/deque_peer.cpp,
    plain layouts only: it reads with iostream), ALTERNATELY, --runs times
    each, through bench/measure.c, which reports wall time and peak memory
    (ru_maxrss from wait4). Every program's answer is checked against
    shelf's, so a fast wrong answer cannot pass.
 4. Runs shelf on the random and the strictly decreasing file by number of
    threads (--threads 1, 2 and the default, every core), side by side with
    the baseline, for wall time, CPU time (user and system) and peak memory.
 5. Times shelf's dp engine against the textbook table ported to C
    (bench/peers/table_port.c) at n = 8000, the same way.
 6. Times the linear and dp engines alone, in memory, for a range of n
    (bench/engine_time.c) and fits the slopes of log(time) against log(n).
 7. With --big (or SHELF_BENCH_BIG=1): 10^8 wheels, random and strictly
    decreasing, shelf and the baseline (about 1.4 GB of input files and 1 GB
    of memory). Without it, the last big run's section is kept.
 8. Every layout (issue 24; --layouts-only runs just this and replaces
    its section of the report): 10^7 wheels as random lines, one line,
    JSON with and without spaces, ascending, descending, zigzag, all
    equal, --counted, --batch and --batch --counted, the baseline and
    shelf by thread count in alternating rounds, the baseline and one
    thread pinned to the quietest core (like taskset), with the load and
    how busy each core was; the same at 10^5 and 10^6 for the plot
    docs/benchmarks-layouts.svg; and shelf_solve in memory against summing
    the array (10^7 wheels, 10^8 with --big).
 9. Writes docs/benchmarks.md (the machine, the tables, each target and
    whether it is met) and docs/benchmarks.svg (the log-log plot).

Medians are reported; ratios are taken within one run of this script, so
that a busy machine slows every program alike. The load average before and
after is in the report. Python 3 standard library only.
"""

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys

import python_read  # bench/python_read.py
import python_solve  # bench/python_solve.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")

# Markers of the report's kept sections.
BIG_BEGIN, BIG_END = "<!-- big-run: begin -->", "<!-- big-run: end -->"
NOTES_BEGIN, NOTES_END = "<!-- notes: begin -->", "<!-- notes: end -->"
LAYOUTS_BEGIN = "<!-- layouts: begin -->"
LAYOUTS_END = "<!-- layouts: end -->"


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


# ==== The machine ====


def machine():
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"^model name\s*:\s*(.*)$", f.read(), re.M)
            info["cpu"] = m.group(1).strip() if m else platform.processor()
    except OSError:
        info["cpu"] = platform.processor() or "unknown"
    info["cores"] = os.cpu_count()
    try:
        with open("/proc/meminfo") as f:
            kb = int(re.search(r"MemTotal:\s*(\d+)", f.read()).group(1))
            info["memory"] = "%.1f GiB" % (kb / 2**20)
    except (OSError, AttributeError):
        info["memory"] = "unknown"

    def version(cmd):
        try:
            out = subprocess.run([cmd, "--version"], capture_output=True,
                                 text=True).stdout
            return out.splitlines()[0] if out else "unknown"
        except OSError:
            return "not found"

    info["cc"] = version(os.environ.get("CC", "cc"))
    info["cxx"] = version("g++")
    info["kernel"] = platform.release()
    info["date"] = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    return info


# ==== The plot ====


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


def svg_plot(series, path):
    """A log-log plot of time against n, one line and label per engine."""
    w, h, left, right, top, bottom = 720, 460, 80, 30, 40, 60
    ns = [n for s in series.values() for n, _ in s["points"]]
    ts = [t for s in series.values() for _, t in s["points"]]
    px, py, parts = loglog_frame(
        (w, h, left, right, top, bottom), ns, ts,
        "shelf: time to solve against the number of wheels (log-log)")
    for name, s in series.items():
        pts = s["points"]
        line = " ".join("%.1f,%.1f" % (px(n), py(t)) for n, t in pts)
        parts.append('<polyline points="%s" fill="none" stroke="%s" '
                     'stroke-width="2"/>' % (line, s["color"]))
        for n, t in pts:
            parts.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>'
                         % (px(n), py(t), s["color"]))
        n, t = pts[len(pts) // 2] # label the middle point, up and left
        parts.append('<text x="%.1f" y="%.1f" fill="%s" text-anchor="end">'
                     '%s engine: slope %.2f</text>'
                     % (px(n) - 10, py(t) - 12, s["color"], name, s["slope"]))
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


# ==== The report ====


def mb(kib):
    return "%.1f MB" % (kib * 1024 / 1e6)


def per_wheel(kib, n):
    b = kib * 1024 / n
    return "%.2f B" % b if b < 1 else "%.1f B" % b


def kept_section(report, begin, end):
    """The text between two markers of the old report, if any."""
    try:
        with open(report) as f:
            old = f.read()
    except OSError:
        return None
    i, j = old.find(begin), old.find(end)
    if i < 0 or j < i:
        return None
    return old[i + len(begin):j].strip("\n")


def verdict(ok):
    return "**met**" if ok else "**not met**"


def write_report(path, m, load, runs, table, threads, dp, scaling, big,
                 notes, layouts=None):
    L = []
    L.append("# Benchmarks")
    L.append("")
    L.append("Written by `bench/run.py` (`make bench`); do not edit by hand "
             "except between the `notes` markers, which the script keeps. "
             "Every ratio below comes from one run of the script, the "
             "programs taking turns (%d rounds, median wall time), so that "
             "a busy machine slows them alike." % runs)
    L.append("")
    L.append("## Machine")
    L.append("")
    L.append("| | |")
    L.append("|---|---|")
    L.append("| CPU | %s |" % m["cpu"])
    L.append("| cores | %d |" % m["cores"])
    L.append("| memory | %s |" % m["memory"])
    L.append("| C compiler | %s |" % m["cc"])
    L.append("| C++ compiler | %s |" % m["cxx"])
    L.append("| kernel | %s |" % m["kernel"])
    L.append("| date | %s |" % m["date"])
    L.append("| load average (1 min) | %.2f before, %.2f after |"
             % (load[0], load[1]))
    L.append("")
    L.append("Built with CMake's Release flags (`-O3`) for shelf, the "
             "baseline and the table port; `g++ -O2` for the deque peer. "
             "Peak memory is `ru_maxrss` of the process, read by "
             "`bench/measure.c` from `wait4`.")
    L.append("")

    head = table["random-lines"]
    base_t = head["baseline"]["time"]
    shelf_t = head["shelf"]["time"]
    size = head["bytes"]
    ratio = shelf_t / base_t
    L.append("## Targets")
    L.append("")
    L.append("| target | measured | |")
    L.append("|---|---|---|")
    cpu_ratio = head["shelf"]["cpu"] / head["baseline"]["cpu"]
    L.append("| `shelf -f` on 10^7 random weights 1..10^4 (every core) at "
             "most 0.9x the wall time of the read-and-sum baseline | %.2fx "
             "(%.1f ms against %.1f ms) | %s |"
             % (ratio, shelf_t * 1e3, base_t * 1e3, verdict(ratio <= 0.9)))
    L.append("| ... with total CPU time at most 1.5x the baseline's | %.2fx "
             "(%.1f ms against %.1f ms) | %s |"
             % (cpu_ratio, head["shelf"]["cpu"] * 1e3,
                head["baseline"]["cpu"] * 1e3, verdict(cpu_ratio <= 1.5)))
    if "deque" in head:
        dq = head["deque"]["time"] / shelf_t
        L.append("| at least 5x faster than the std::deque peer on that file "
                 "| %.1fx | %s |" % (dq, verdict(dq >= 5)))
    peak = head["shelf"]["rss"] * 1024
    L.append("| peak memory on that file at most half its size (%.1f MB) | "
             "%s | %s |" % (size / 2e6, mb(head["shelf"]["rss"]),
                            verdict(peak <= size / 2)))
    desc = table["descending-lines"]
    per = desc["shelf"]["rss"] * 1024 / desc["n"]
    worst = max([per] + [r["rss"] * 1024 / desc["n"]
                         for k, r in threads["descending"].items()
                         if k != "baseline"])
    L.append("| at most 16 bytes a wheel on strictly decreasing input "
             "(10^7 wheels), whatever the number of threads | %.1f bytes a "
             "wheel at most | %s |" % (worst, verdict(worst <= 16)))
    dpr = dp["table"]["time"] / dp["dp"]["time"]
    L.append("| dp engine at least 30x faster than the table port at "
             "n = 8000 | %.0fx | %s |" % (dpr, verdict(dpr >= 30)))
    if big and "ratio" in big:
        L.append("| 10^8 random wheels end to end at most 0.9x the baseline "
                 "| %.2fx | %s |" % (big["ratio"], verdict(big["ratio"] <= 0.9)))
    else:
        L.append("| 10^8 random wheels end to end at most 0.9x the baseline "
                 "| see below | see below |")
    L.append("")

    L.append("## Every core")
    L.append("")
    L.append("`shelf -f` on the 10^7-wheel files by number of threads "
             "(`--threads N`; the default is every core the process may "
             "use, %d here), in the same rounds as the baseline. CPU is "
             "user and system time together, the median of the rounds." %
             threads["cores"])
    L.append("")
    L.append("| input | program | time | speed-up over one thread | ratio to "
             "baseline | CPU | CPU ratio to baseline | peak memory |")
    L.append("|---|---|---|---|---|---|---|---|")
    for key, label in (("random", "random 1..10^4, one a line"),
                       ("descending", "descending n..1"),
                       ("batch", "`--batch`: %d lines of 10 random weights"
                        % (threads["batch-lines"])),
                       ("jsonc", "random 1..10^4, JSON without spaces")):
        row = threads[key]
        base, one = row["baseline"], row["--threads 1"]
        for prog, r in row.items():
            name = ("baseline (read and sum)" if prog == "baseline"
                    else "`shelf %s`" % prog if prog else "`shelf` (default)")
            if key == "batch" and prog != "baseline":
                name = name.replace("`shelf", "`shelf --batch")
            speed = ("" if prog == "baseline"
                     else "%.2fx" % (one["time"] / r["time"]))
            L.append("| %s | %s | %.1f ms | %s | %.2fx | %.1f ms | %.2fx | "
                     "%s (%s a wheel) |"
                     % (label, name, r["time"] * 1e3, speed,
                        r["time"] / base["time"], r["cpu"] * 1e3,
                        r["cpu"] / base["cpu"], mb(r["rss"]),
                        per_wheel(r["rss"], 10**7)))
    L.append("")

    L.append(LAYOUTS_BEGIN)
    L.extend(layouts or ["Not run yet: `bench/run.py --layouts-only`."])
    L.append(LAYOUTS_END)
    L.append("")

    L.append("## shelf against the baseline and the deque peer")
    L.append("")
    L.append("10^7 wheels each. Time is the median wall time; the ratio is "
             "to the baseline (below 1 is faster than merely reading the "
             "numbers); memory is the peak resident size.")
    L.append("")
    L.append("| input | size | program | time | ratio to baseline | "
             "peak memory |")
    L.append("|---|---|---|---|---|---|")
    for key, row in table.items():
        base = row["baseline"]["time"]
        for prog in ("baseline", "shelf", "deque"):
            if prog not in row:
                continue
            r = row[prog]
            label = {"baseline": "baseline (read and sum)",
                     "shelf": "`shelf -f`",
                     "deque": "std::deque peer"}[prog]
            extra = ""
            if prog == "shelf":
                extra = " (%s a wheel)" % per_wheel(r["rss"], row["n"])
            L.append("| %s | %.1f MB | %s | %.1f ms | %.2fx | %s%s |"
                     % (row["label"], row["bytes"] / 1e6, label,
                        r["time"] * 1e3, r["time"] / base, mb(r["rss"]),
                        extra))
    L.append("")
    L.append("The deque peer reads with iostream, so it runs on the plain "
             "layouts only. Its answers, and the baseline's count of "
             "numbers, were checked against shelf's on every input.")
    L.append("")

    L.append("## The dp engine against the textbook table, n = 8000")
    L.append("")
    L.append("| program | time | peak memory |")
    L.append("|---|---|---|")
    L.append("| textbook table ported to C (full n-by-n table) | %.1f ms | %s |"
             % (dp["table"]["time"] * 1e3, mb(dp["table"]["rss"])))
    L.append("| `shelf -a dp -f` (rolling row) | %.1f ms | %s |"
             % (dp["dp"]["time"] * 1e3, mb(dp["dp"]["rss"])))
    L.append("| `shelf -f` (linear) | %.1f ms | %s |"
             % (dp["linear"]["time"] * 1e3, mb(dp["linear"]["rss"])))
    L.append("")
    L.append("The dp engine is %.0fx faster than the table port; both "
             "include starting the process and reading the file." % dpr)
    L.append("")

    L.append("## Time against n")
    L.append("")
    L.append("![time against n, log-log](benchmarks.svg)")
    L.append("")
    L.append("Each engine alone (`bench/engine_time.c`: `shelf_solve` on a "
             "random shelf in memory, best of several), so the slopes are "
             "the engines' own: about 1 for linear, about 2 for dp.")
    L.append("")
    L.append("| engine | slope of log time on log n | n | time |")
    L.append("|---|---|---|---|")
    for name, s in scaling.items():
        pts = ", ".join("%s" % fmt_n(n) for n, _ in s["points"])
        tms = ", ".join(fmt_t(t) for _, t in s["points"])
        L.append("| %s | %.2f | %s | %s |" % (name, s["slope"], pts, tms))
    L.append("")

    L.append("## 10^8 wheels")
    L.append("")
    L.append(BIG_BEGIN)
    L.append(big["text"] if big else "Not run yet: `bench/run.py --big`.")
    L.append(BIG_END)
    L.append("")

    L.append("## Notes")
    L.append("")
    L.append(NOTES_BEGIN)
    L.append(notes or "")
    L.append(NOTES_END)
    L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def fmt_n(n):
    e = int(round(math.log10(n)))
    return "10^%d" % e if 10**e == n else "%d" % n


def fmt_t(t):
    if t < 1e-3:
        return "%.0f us" % (t * 1e6)
    if t < 1:
        return "%.1f ms" % (t * 1e3)
    return "%.2f s" % t


# ==== Every layout (issue 24) ====
#
# Kept apart from the rest of the script (its own inputs, runs, table and
# plot), so that other work on run.py merges around it.

# (key, label, how the input is made, shelf's flags, numbers the baseline
# reads per wheel). Every input holds 10^7 wheels (n).
LAYOUTS = [
    ("lines", "random, one a line", ("gen", "random", "lines"), [], 1),
    ("line", "random, one huge line", ("gen", "random", "line"), [], 1),
    ("json", "random, JSON list `[1, 2, ...]`", ("gen", "random", "json"),
     [], 1),
    ("json-tight", "random, JSON list without spaces `[1,2,...]`",
     ("tight", "random", "json"), [], 1),
    ("ascending", "ascending 1..n, one a line", ("gen", "ascending", "lines"),
     [], 1),
    ("descending", "descending n..1, one a line",
     ("gen", "descending", "lines"), [], 1),
    ("zigzag", "zigzag 1, 10^4, ..., one a line", ("gen", "zigzag", "lines"),
     [], 1),
    ("equal", "all equal (5000), one a line", ("gen", "equal", "lines"), [],
     1),
    ("counted", "`--counted`: the count, then random one a line",
     ("counted",), ["--counted"], 1),
    ("batch", "`--batch`: lines of 10 random weights", ("batch",),
     ["--batch"], 1),
    ("batch-counted", "`--batch --counted`: shelves of 10 random weights, "
     "each after its count (contest files)", ("batch-counted",),
     ["--batch", "--counted"], 1.1),
]

LAYOUT_THREADS = ("--threads 1", "--threads 2", "")

# The plot's legend.
LAYOUT_SHORT = {"lines": "random, one a line", "line": "random, one line",
                "json": "JSON [1, 2, ...]", "json-tight": "JSON [1,2,...]",
                "ascending": "ascending", "descending": "descending",
                "zigzag": "zigzag", "equal": "all equal",
                "counted": "--counted", "batch": "--batch",
                "batch-counted": "--batch --counted"}


def write_once(path, fill):
    """Writes path (once) with fill(file), through a temporary name."""
    if not os.path.exists(path):
        log("generating %s" % os.path.basename(path))
        with open(path + ".part", "wb") as f:
            fill(f)
        os.replace(path + ".part", path)
    return path


def layout_input(tools, how, n):
    """The input of one layout with n wheels; returns its path."""
    os.makedirs(OUT, exist_ok=True)
    kind = how[0]
    if kind == "gen":
        return make_input(tools, how[1], n, how[2])
    if kind == "tight":
        src = make_input(tools, how[1], n, how[2])

        def fill(f):
            # ", " -> ",", a block at a time; a ',' at a block's end waits
            # for the next block's first byte.
            carry = b""
            with open(src, "rb") as g:
                while True:
                    block = g.read(1 << 20)
                    if not block:
                        break
                    block = carry + block
                    carry = block[-1:] if block.endswith(b",") else b""
                    block = block[:len(block) - len(carry)]
                    f.write(block.replace(b", ", b","))
            f.write(carry)
        return write_once(os.path.join(OUT, "%s-%d-json-tight.txt"
                                       % (how[1], n)), fill)
    if kind == "counted":
        src = make_input(tools, "random", n, "lines")

        def fill(f):
            f.write(b"%d\n" % n)
            with open(src, "rb") as g:
                shutil.copyfileobj(g, f, 1 << 20)
        return write_once(os.path.join(OUT, "counted-%d.txt" % n), fill)
    if kind == "batch":
        return make_batch_input(n // 10)
    if kind == "batch-counted":
        def fill(f):
            rnd = random.Random(20261201)
            out = []
            for k in range(n // 10):
                out.append("10\n" + " ".join(str(rnd.randint(1, 10**4))
                                             for _ in range(10)) + "\n")
                if len(out) == 10000:
                    f.write("".join(out).encode())
                    out = []
            f.write("".join(out).encode())
        return write_once(os.path.join(OUT, "batch-counted-%d.txt" % (n // 10)),
                          fill)
    raise ValueError(how)


def core_busy(seconds=0.5):
    """The busy fraction of each core this process may use, over a short
    sample of /proc/stat; {} where that cannot be read."""
    def sample():
        busy = {}
        try:
            with open("/proc/stat") as f:
                for line in f:
                    m = re.match(r"cpu(\d+)\s+(.*)", line)
                    if m:
                        v = [int(x) for x in m.group(2).split()]
                        idle = v[3] + (v[4] if len(v) > 4 else 0)
                        busy[int(m.group(1))] = (sum(v) - idle, sum(v))
        except OSError:
            pass
        return busy
    a = sample()
    import time
    time.sleep(seconds)
    b = sample()
    cores = os.sched_getaffinity(0)
    return {c: (b[c][0] - a[c][0]) / max(1, b[c][1] - a[c][1])
            for c in b if c in a and c in cores}


def quiet_core():
    """The least busy core this process may use, and how busy each was."""
    busy = core_busy()
    if not busy:
        return None, {}
    return min(busy, key=lambda c: busy[c]), busy


def compare_layout(tools, programs, runs):
    """Like compare(), programs being (name, argv, cpus): the rounds
    alternate the programs; returns medians and the peak memory."""
    samples = {name: [] for name, _, _ in programs}
    outs = {}
    for _ in range(runs):
        for name, argv, cpus in programs:
            wall, rss, text, cpu = measure(tools, argv, cpus=cpus)
            samples[name].append((wall, rss, cpu))
            outs[name] = text
    return {name: {"time": statistics.median(w for w, _, _ in s),
                   "rss": max(r for _, r, _ in s),
                   "cpu": statistics.median(c for _, _, c in s),
                   "out": outs[name]} for name, s in samples.items()}


def layout_runs(tools, n, runs, threads=LAYOUT_THREADS):
    """Every layout of LAYOUTS with n wheels: the baseline and shelf by
    thread count, in alternating rounds. The baseline and `--threads 1` run
    on the quietest core (chosen again before each layout); the threaded
    runs on every core. Returns {key: {"label", "bytes", "core", "busy",
    "load", "res": compare_layout's result}}."""
    rows = {}
    for key, label, how, flags, per in LAYOUTS:
        path = layout_input(tools, how, n)
        core, busy = quiet_core()
        one = {core} if core is not None else None
        progs = [("baseline", [tools["baseline"], path], one)]
        for t in threads:
            progs.append((t, [tools["shelf"]] + t.split() + flags +
                          ["-f", path], one if t == "--threads 1" else None))
        load = os.getloadavg()[0]
        log("layout %s, %d wheels (%d rounds, core %s)" % (key, n, runs, core))
        res = compare_layout(tools, progs, runs)
        count = int(res["baseline"]["out"].split()[0])
        if count != round(n * per) + (1 if key == "counted" else 0):
            raise SystemExit("baseline read %d numbers from %s" % (count, path))
        answers = {res[t]["out"] for t in threads}
        if len(answers) != 1:
            raise SystemExit("thread counts disagree on %s" % path)
        rows[key] = {"label": label, "bytes": os.path.getsize(path),
                     "core": core, "busy": busy, "load": load, "res": res}
    return rows


def layout_scaling(tools, big_rows, sizes, runs):
    """Time against n for each layout: shelf (every core) and the baseline
    at the smaller sizes, the largest taken from big_rows. Returns
    {key: {"shelf": [(n, s)], "baseline": [(n, s)]}}."""
    pts = {key: {"shelf": [], "baseline": []} for key, *_ in LAYOUTS}
    for k in sizes:
        rows = layout_runs(tools, k, runs, threads=("",))
        for key in pts:
            pts[key]["shelf"].append((k, rows[key]["res"][""]["time"]))
            pts[key]["baseline"].append(
                (k, rows[key]["res"]["baseline"]["time"]))
    for key, row in big_rows.items():
        n = 10**7
        pts[key]["shelf"].append((n, row["res"][""]["time"]))
        pts[key]["baseline"].append((n, row["res"]["baseline"]["time"]))
    return pts


LAYOUT_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                 "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
                 "#393b79"]


def svg_layout_plot(pts, path):
    """Log-log time against n, one line per layout (shelf on every core),
    the random file's baseline dashed, and a legend at the right."""
    w, h, left, right, top, bottom = 900, 480, 80, 300, 40, 60
    ns = [n for p in pts.values() for n, _ in p["shelf"]]
    ts = [t for p in pts.values() for k in p for _, t in p[k]]
    px, py, parts = loglog_frame(
        (w, h, left, right, top, bottom), ns, ts,
        "shelf -f, every core: wall time against the number of wheels, by "
        "layout (log-log)")

    def line(points, color, dash):
        d = ' stroke-dasharray="6,4"' if dash else ""
        parts.append('<polyline points="%s" fill="none" stroke="%s" '
                     'stroke-width="2"%s/>'
                     % (" ".join("%.1f,%.1f" % (px(n), py(t))
                                 for n, t in points), color, d))
        for n, t in points:
            parts.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>'
                         % (px(n), py(t), color))

    ly = top + 8
    for (key, p), color in zip(pts.items(), LAYOUT_COLORS):
        line(p["shelf"], color, False)
        name = LAYOUT_SHORT.get(key, key)
        parts.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
                     'stroke-width="2"/>' % (w - right + 16, ly, w - right + 40,
                                            ly, color))
        parts.append('<text x="%d" y="%d">%s</text>'
                     % (w - right + 46, ly + 4, escape_xml(name)))
        ly += 20
    line(pts["lines"]["baseline"], "#000", True)
    parts.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" '
                 'stroke-width="2" stroke-dasharray="6,4"/>'
                 % (w - right + 16, ly, w - right + 40, ly))
    parts.append('<text x="%d" y="%d">baseline, random one a line</text>'
                 % (w - right + 46, ly + 4))
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


def escape_xml(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;"))


def memory_solve(tools, n):
    """shelf_solve on n random int64 in memory against summing the same
    array (bench/engine_time.c), on the quietest core: (solve s, sum s)."""
    core, _ = quiet_core()
    pin = (lambda: os.sched_setaffinity(0, {core})) if core is not None \
        else None
    out = subprocess.run([tools["engine_time"], "sum-and-linear", str(n)],
                         check=True, capture_output=True, text=True,
                         preexec_fn=pin).stdout.split()
    return float(out[0]), float(out[1])


def layout_section(rows, mem, n):
    """The report's lines for every layout."""
    L = ["## Every layout", ""]
    L.append("`shelf -f` on %s wheels in every layout, by number of threads, "
             "side by side with the read-and-sum baseline in the same rounds "
             "(median wall time and CPU, user and system). The baseline and "
             "`--threads 1` run pinned to the quietest core (sampled from "
             "/proc/stat before each layout; the core and how busy each core "
             "was are in the last column), the threaded runs on every core. "
             "Targets (issue 24): two threads at most 0.9x the baseline's "
             "wall time (random lines 0.6x) and never slower than one; one "
             "thread on random lines at most 1.3x the baseline's CPU; "
             "`--batch` at most 1.5x on two threads." % fmt_n(n))
    L.append("")
    L.append("| input | size | program | time | ratio to baseline | CPU | "
             "CPU ratio | peak memory | load (1 min), cores busy |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for key, row in rows.items():
        res = row["res"]
        base = res["baseline"]
        busy = ", ".join("cpu%d %.0f%%" % (c, 100 * b)
                         for c, b in sorted(row["busy"].items()))
        for prog, r in res.items():
            name = ("baseline (read and sum)" if prog == "baseline"
                    else "`shelf %s`" % prog if prog else "`shelf` (default)")
            extra = ""
            if prog == "baseline":
                extra = "%.2f; %s; pinned to cpu%s" % (row["load"], busy,
                                                       row["core"])
            L.append("| %s | %.1f MB | %s | %.1f ms | %.2fx | %.1f ms | "
                     "%.2fx | %s (%s a wheel) | %s |"
                     % (row["label"], row["bytes"] / 1e6, name,
                        r["time"] * 1e3, r["time"] / base["time"],
                        r["cpu"] * 1e3, r["cpu"] / base["cpu"], mb(r["rss"]),
                        per_wheel(r["rss"], n), extra))
    L.append("")
    L.append("![wall time against n for every layout, log-log]"
             "(benchmarks-layouts.svg)")
    L.append("")
    if mem:
        solve, total = mem["solve"], mem["sum"]
        L.append("`shelf_solve` on %s random int64 weights (1..10^4) in "
                 "memory, against summing the same array (`bench/engine_time."
                 "c sum-and-linear`, the thread's CPU time, best of several, one "
                 "core): %.2f ns a "
                 "wheel against %.2f ns, **%.2fx** (target: at most 3x)."
                 % (fmt_n(mem["n"]), solve / mem["n"] * 1e9,
                    total / mem["n"] * 1e9, solve / total))
        L.append("")
    return L


# ==== Main ====


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--big", action="store_true",
                    default=os.environ.get("SHELF_BENCH_BIG") == "1")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build-bench"))
    ap.add_argument("--report",
                    default=os.path.join(ROOT, "docs", "benchmarks.md"))
    ap.add_argument("--quick", action="store_true",
                    help="10^5 wheels and 1 round: a smoke test, no report")
    ap.add_argument("--layouts-only", action="store_true",
                    help="run only 'Every layout' and replace that section "
                    "of the report")
    args = ap.parse_args()
    if args.layouts_only:
        return layouts_main(args)

    tools = build(args.build_dir, args.no_build)
    load_before = os.getloadavg()[0]
    n = 10**5 if args.quick else 10**7
    runs = 1 if args.quick else args.runs

    shapes = [("random", "lines", "random 1..10^4, one a line"),
              ("random", "line", "random 1..10^4, one huge line"),
              ("random", "json", "random 1..10^4, JSON list"),
              ("ascending", "lines", "ascending 1..n"),
              ("descending", "lines", "descending n..1"),
              ("zigzag", "lines", "zigzag 1, 10^4, ..."),
              ("equal", "line", "all equal (5000)")]
    table = {}
    for shape, layout, label in shapes:
        path = make_input(tools, shape, n, layout)
        progs = [("baseline", [tools["baseline"], path], None),
                 ("shelf", [tools["shelf"], "-f", path], None)]
        if tools["deque_peer"] and layout != "json":
            progs.append(("deque", [tools["deque_peer"]], path))
        log("running %s, %s (%d rounds)" % (shape, layout, runs))
        res = compare(tools, progs, runs)
        count = int(res["baseline"]["out"].split()[0])
        if count != n:
            raise SystemExit("baseline read %d numbers, not %d" % (count, n))
        if "deque" in res and res["deque"]["out"] != res["shelf"]["out"]:
            raise SystemExit("deque peer says %s, shelf %s on %s"
                             % (res["deque"]["out"], res["shelf"]["out"],
                                path))
        res["label"] = label
        res["n"] = n
        res["bytes"] = os.path.getsize(path)
        table["%s-%s" % (shape, layout)] = res

    log("every core: threads 1, 2 and the default")
    threads = {"cores": len(os.sched_getaffinity(0))}
    for shape in ("random", "descending", "batch", "jsonc"):
        batch = shape == "batch"
        path = (make_batch_input(n // 10) if batch
                else make_input(tools, "random", n, "jsonc")
                if shape == "jsonc"
                else make_input(tools, shape, n, "lines"))
        progs = [("baseline", [tools["baseline"], path], None)]
        for t in ("--threads 1", "--threads 2", ""):
            progs.append((t, [tools["shelf"]] + t.split() +
                          (["--batch"] if batch else []) + ["-f", path],
                          None))
        res = compare(tools, progs, runs)
        answers = {res[t]["out"] for t, _, _ in progs[1:]}
        if len(answers) != 1:
            raise SystemExit("thread counts disagree on %s: %s"
                             % (path, answers))
        threads[shape] = res
    threads["batch-lines"] = n // 10

    log("dp against the table port, n = 8000")
    small = make_input(tools, "random", 8000, "lines")
    dp = compare(tools, [("table", [tools["table_port"], small], None),
                         ("dp", [tools["shelf"], "-a", "dp", "-f", small],
                          None),
                         ("linear", [tools["shelf"], "-f", small], None)],
                 runs)
    if not dp["table"]["out"] == dp["dp"]["out"] == dp["linear"]["out"]:
        raise SystemExit("dp, linear and the table port disagree: %s"
                         % {k: v["out"] for k, v in dp.items()})

    log("engines alone, time against n")
    sizes = {"linear": [10**4, 3 * 10**4, 10**5, 3 * 10**5, 10**6,
                        3 * 10**6, 10**7],
             "dp": [250, 500, 1000, 2000, 4000, 8000, 16000]}
    if args.quick:
        sizes = {"linear": [10**4, 10**5], "dp": [250, 1000]}
    scaling = {}
    for name, color in (("linear", "#1f77b4"), ("dp", "#d62728")):
        pts = []
        for k in sizes[name]:
            out = subprocess.run([tools["engine_time"], name, str(k)],
                                 check=True, capture_output=True,
                                 text=True).stdout.split()
            pts.append((k, float(out[0])))
        scaling[name] = {"points": pts, "slope": fit_slope(pts),
                         "color": color}

    big = None
    if args.big and not args.quick:
        big = big_run(tools)
    elif not args.quick:
        old = kept_section(args.report, BIG_BEGIN, BIG_END)
        if old and not old.startswith("Not run yet"):
            big = {"text": old, "summary": "see below (kept from the last "
                   "--big run)"}
    load_after = os.getloadavg()[0]
    if args.quick:
        print(json.dumps({k: {p: v[p]["time"] for p in ("baseline", "shelf")}
                          for k, v in table.items()}, indent=1))
        return 0
    notes = kept_section(args.report, NOTES_BEGIN, NOTES_END)
    layouts = every_layout(tools, args)
    svg_plot(scaling, os.path.join(os.path.dirname(args.report),
                                   "benchmarks.svg"))
    write_report(args.report, machine(), (load_before, load_after), runs,
                 table, threads, dp, scaling, big, notes, layouts)
    python_solve.write_section(args.report, args.build_dir, runs)
    python_read.write_section(args.report, args.build_dir, runs)
    log("wrote %s" % args.report)
    return 0


def every_layout(tools, args):
    """Runs 'Every layout' (10^7 wheels, the scaling runs, shelf_solve in
    memory), writes its plot; returns the report's lines."""
    n = 10**7
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    rows = layout_runs(tools, n, args.runs)
    pts = layout_scaling(tools, rows, [10**5, 10**6], args.runs)
    svg_layout_plot(pts, os.path.join(os.path.dirname(args.report),
                                      "benchmarks-layouts.svg"))
    mem_n = 10**8 if args.big else 10**7
    solve, total = memory_solve(tools, mem_n)
    lines = layout_section(rows, {"solve": solve, "sum": total, "n": mem_n},
                           n)
    lines.insert(2, "Run on %s, %d rounds; load average %.2f at the start."
                 % (when, args.runs, rows["lines"]["load"]))
    lines.insert(3, "")
    return lines


def layouts_main(args):
    """--layouts-only: build, run every layout, splice the section into the
    existing report."""
    tools = build(args.build_dir, args.no_build)
    lines = every_layout(tools, args)
    with open(args.report) as f:
        old = f.read()
    i, j = old.find(LAYOUTS_BEGIN), old.find(LAYOUTS_END)
    text = LAYOUTS_BEGIN + "\n" + "\n".join(lines) + "\n" + LAYOUTS_END
    if i >= 0 and j > i:
        old = old[:i] + text + old[j + len(LAYOUTS_END):]
    else:
        k = old.find("## shelf against the baseline")
        old = old[:k] + text + "\n\n" + old[k:]
    with open(args.report, "w") as f:
        f.write(old)
    log("wrote the layouts of %s" % args.report)
    return 0


def big_run(tools):
    """10^8 wheels: random (time, ratio, memory) and strictly decreasing
    (memory a wheel)."""
    lines = []
    summary = []
    answers = []
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines.append("Run on %s, load average %.2f at the start."
                 % (when, os.getloadavg()[0]))
    lines.append("")
    lines.append("| input | size | program | time | ratio to baseline | "
                 "peak memory |")
    lines.append("|---|---|---|---|---|---|")
    for shape in ("random", "descending"):
        path = make_input(tools, shape, 10**8, "lines")
        log("10^8 %s: shelf and the baseline, 3 rounds" % shape)
        progs = [("baseline", [tools["baseline"], path], None),
                 ("shelf", [tools["shelf"], "-f", path], None)]
        if shape == "random":
            progs.append(("shelf --threads 1",
                          [tools["shelf"], "--threads", "1", "-f", path],
                          None))
        res = compare(tools, progs, 3)
        size = os.path.getsize(path)
        base = res["baseline"]["time"]
        if shape == "random":
            ratio = res["shelf"]["time"] / base
        for prog, _, _ in progs:
            r = res[prog]
            extra = (" (%s a wheel)" % per_wheel(r["rss"], 10**8)
                     if prog != "baseline" else "")
            lines.append("| %s 10^8 | %.0f MB | %s | %.2f s | %.2fx | %s%s |"
                         % (shape, size / 1e6, prog, r["time"],
                            r["time"] / base, mb(r["rss"]), extra))
        summary.append("%s: %.2f s, %s" % (shape, res["shelf"]["time"],
                                            mb(res["shelf"]["rss"])))
        answers.append("%s %s" % (shape, res["shelf"]["out"]))
        if int(res["baseline"]["out"].split()[0]) != 10**8:
            raise SystemExit("the baseline did not read 10^8 numbers")
    lines.append("")
    lines.append("shelf's margins: %s." % "; ".join(answers))
    return {"text": "\n".join(lines), "summary": "; ".join(summary),
            "ratio": ratio}


if __name__ == "__main__":
    sys.exit(main())
