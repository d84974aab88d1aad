"""layouts.py - the benchmarks' "Every layout" section (issue 24), run by
bench/run.py (and alone by its --layouts-only): 10^7 wheels in every layout
the grammar takes, shelf by thread count against the baseline in
alternating rounds, the scaling runs at 10^5 and 10^6 and their plot
(docs/benchmarks-layouts.svg), and shelf_solve in memory against summing
the array."""

import datetime
import os
import random
import re
import shutil
import statistics
import subprocess

from common import (OUT, build, fmt_n, log, loglog_frame, make_batch_input,
                    make_input, mb, measure, per_wheel)

LAYOUTS_BEGIN = "<!-- layouts: begin -->"
LAYOUTS_END = "<!-- layouts: end -->"


# ==== Every layout (issue 24) ====


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
