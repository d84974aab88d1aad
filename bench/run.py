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
 8. Every layout (issue 24, bench/layouts.py; --layouts-only runs just
    this and replaces its section of the report): 10^7 wheels as random lines, one line,
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
import os
import platform
import re
import subprocess
import sys

import python_read  # bench/python_read.py
import python_solve  # bench/python_solve.py
from common import (ROOT, build, compare, fit_slope, fmt_n, fmt_t, log,
                    loglog_frame, make_batch_input, make_input, mb, per_wheel)
from layouts import LAYOUTS_BEGIN, LAYOUTS_END, every_layout, layouts_main
from verdict import BEGIN as VERDICT_BEGIN, END as VERDICT_END


# Markers of the report's kept sections.
BIG_BEGIN, BIG_END = "<!-- big-run: begin -->", "<!-- big-run: end -->"
NOTES_BEGIN, NOTES_END = "<!-- notes: begin -->", "<!-- notes: end -->"
# The scanner's section (issue 46, bench/scan_compare.py): measured against
# the scanner before it, which this script cannot build, so it is kept.
SCAN_BEGIN, SCAN_END = "<!-- scanner: begin -->", "<!-- scanner: end -->"


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
    # Time to verdict: bench/verdict.py's (make bench-verdict), kept.
    to_verdict = kept_section(args.report, VERDICT_BEGIN, VERDICT_END)
    notes = kept_section(args.report, NOTES_BEGIN, NOTES_END)
    scanner = kept_section(args.report, SCAN_BEGIN, SCAN_END)
    layouts = every_layout(tools, args)
    svg_plot(scaling, os.path.join(os.path.dirname(args.report),
                                   "benchmarks.svg"))
    write_report(args.report, machine(), (load_before, load_after), runs,
                 table, threads, dp, scaling, big, notes, layouts)
    if scanner is not None:
        python_solve.put_section(args.report, SCAN_BEGIN, SCAN_END,
                                 scanner.split("\n"))
    python_solve.write_section(args.report, args.build_dir, runs)
    python_read.write_section(args.report, args.build_dir, runs)
    if to_verdict:
        python_solve.put_section(args.report, VERDICT_BEGIN, VERDICT_END,
                                 to_verdict.split("\n"))
    log("wrote %s" % args.report)
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
