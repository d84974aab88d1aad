/*
 * check_run.c - runs one program once with limits, for `shelf check`, and
 * measures it as judges do (isolate, DMOJ): CPU time, resident memory and
 * time spent waiting, each over the program and every process it starts.
 * A false verdict is the worst bug a judge can have, so each measure below
 * errs towards the program.
 *
 * Starting. fork and execvp, so that no shell reads the program's name or
 * arguments; an exec failure comes back through a close-on-exec pipe, so it
 * is told apart from a program that exits 127. The program gets a process
 * group of its own, no core files, and RLIMIT_CPU at ceil(cpu_seconds) + 1
 * per process as a backstop (SIGXCPU, SIGKILL a second later), and the
 * stack its problem's judge gives (RLIMIT_STACK, stack_mb), whatever stack
 * `ulimit -s` gave the shell: a table in a stack array passes or crashes
 * the same from any shell. There is no
 * address-space limit (RLIMIT_AS): Node.js (V8) and Java reserve more
 * address space than a judge's memory limit at start and touch little of
 * it, and were judged out of memory though correct.
 *
 * The tree. The program's processes are every process whose chain of
 * parents leads to this one. run_setup() makes this process a subreaper
 * (PR_SET_CHILD_SUBREAPER): an orphan comes back to us, not to init, so
 * double-forking, setsid() or setpgid() leave neither the scans nor the
 * kill. A scan (check_tree.c) reads every process's /proc/PID/stat and
 * keeps our descendants.
 *
 * Scans come every 10 ms for the first 200 ms, where most runs end, then
 * every 25 ms, then 50 ms after 2 s. A scan opens and reads one file per
 * process of the machine, about 10 microseconds each (0.8 ms for 80
 * processes here), CPU a busy machine is short of; so the gap between
 * scans is also at least 20 times the CPU the last scan took, which keeps
 * the judge under a twentieth of a core wherever /proc is large (up to
 * 0.5 s between scans, at some 5000 processes).
 *
 *   CPU     utime + stime + cutime + cstime over the tree, plus what this
 *           process reaped itself since the run began (RUSAGE_CHILDREN).
 *           Past cpu_seconds the tree's files are read again at once, and
 *           only a second sum past it kills: a scan counts a child twice if
 *           its parent reaps it between the two readings and the pids have
 *           wrapped (/proc lists pids in ascending order, so otherwise the
 *           child is missed, which errs the program's way). The figure
 *           reported is RUSAGE_CHILDREN once all is reaped. A program that
 *           ended past cpu_seconds between two scans is over its limit
 *           too, so that no verdict depends on when scans fell.
 *           Where the judge has its cgroup (below), the cgroup's cpu.stat
 *           (usage_usec) is read at every scan too, and the larger figure
 *           counts, past the limit at once (it is exact) and at the end.
 *           It alone sees a child the kernel reaped: a process that
 *           ignores SIGCHLD (SA_NOCLDWAIT) has its children reaped as they
 *           exit, their CPU time goes into no one's cutime, and one that
 *           lives 5 ms lives between two scans. Without the cgroup that
 *           CPU is lost: 400 such children of 5 ms (2 CPU seconds) were
 *           measured as 0.07 s and passed a 1 s limit. Other measures the
 *           kernel gives need privileges a judge should not need:
 *           taskstats over netlink (CAP_NET_ADMIN, in the first network
 *           namespace), BSD accounting (acct(2), CAP_SYS_PACCT, and one
 *           file for the whole machine); keeping each pid's last figure
 *           would catch only children alive at a scan, a fifth of them
 *           at 5 ms each against 25 ms between scans, and only part of
 *           their time. So it is a limit, without a cgroup.
 *   memory  resident pages summed over the tree; with more than one process
 *           and past memory_mb, proportional set sizes (smaps_rollup) are
 *           summed instead, so that pages shared since a fork count once.
 *           Past memory_mb kills the tree. Afterwards the leader's
 *           ru_maxrss (which covers the children it waited for) catches a
 *           spike between scans. Between two scans a program can touch
 *           more than its limit before it dies (a cgroup would be exact).
 *           A forked child's ru_maxrss starts from this
 *           process's resident size at the fork (exec keeps the old
 *           image's high-water mark), so it counts only where it is above
 *           that size, read from /proc/self/statm just before the fork.
 *           Files on tmpfs that the tree holds open (memfd_create(),
 *           /dev/shm) are memory no resident size shows until mapped: each
 *           scan adds their blocks (/proc/PID/fd, each file once), less
 *           the tmpfs pages the tree maps (RssShmem, in the resident sizes
 *           already). A file on tmpfs written, closed and not held is
 *           missed (and outlives the run): a limit without a memory
 *           cgroup, which the judge does not make (it would need the
 *           memory controller delegated below a cgroup with no process).
 *   waiting an interval between scans counts as waited when no thread of
 *           the tree was running or ready to run (state R, or D) at either
 *           end, and the tree's CPU time did not grow within it. So a busy
 *           machine that makes the program queue for a CPU never counts
 *           against it, while sleeping, blocking on a pipe or being stopped
 *           does. Past wall_seconds of waiting the run ends as idle.
 *   clock   a cap so that a check always ends: 2 * wall_seconds + 20 *
 *           cpu_seconds. A program still owed a verdict has waited at most
 *           wall_seconds and run at most cpu_seconds, which takes 10 *
 *           cpu_seconds at a tenth of a core; the cap is twice that, so only
 *           a program given under a twentieth of a core on average reaches
 *           it, and ends as starved: no verdict. A program in state D
 *           without end, such as a vfork parent whose child sleeps, ends
 *           here too (D counts as running: it may be disk I/O); the
 *           result carries the state /proc showed of the tree then, so
 *           that the words name it (run_state_words()) and say "the
 *           machine is too busy" only of a program ready to run.
 *
 * Ending. The run ends when the leader ends, whoever holds the pipes, or
 * when a limit is passed. The leader's pidfd (pidfd_open, Linux 5.3) in
 * the poll wakes the run at its end (without one it looks every 2 ms once
 * both outputs are closed). A leader that ended with no child of the
 * judge alive left nothing (tree_gone()), and the run ends without a kill
 * or a scan: the pause and the scan were three quarters of the time a
 * quick program's run took. Otherwise every process of the tree is
 * killed by pid with SIGKILL, and its process group at once (fork-safe in
 * the kernel), again after each new scan until a scan finds none: a
 * process forked while the kill goes on is found by the next scan, as its
 * parent's death gives it to us. SIGSTOP first would not help: a killed process
 * forks no more than a stopped one. Those alive at the first scan are
 * left_behind. Then the pipes are read to their end, which comes as the last
 * holder is dead. Every zombie that is our child is reaped at each scan, the
 * leader last, for its status and rusage; until then its pid, which names its
 * group, cannot be reused, so kill(-pgid) reaches no stranger. A pid from a
 * scan could be reused between the scan and the kill only if the pid space
 * wrapped in those microseconds.
 *
 * A fork bomb keeps the machine so busy that the judge itself waits for a
 * CPU: its scans come late (seconds with 200 spinning processes on 2
 * cores), and the tree's CPU time passes the limit several times over
 * before the kill. The verdict is right; only a cgroup would be prompt.
 * So the kill after a limit starts from the scan that found it, without
 * scanning again first.
 *
 * The cgroup. Where cgroup v2 is mounted and this process may make a cgroup
 * below its own (root, or a delegated subtree; a hybrid machine's
 * /sys/fs/cgroup/unified will do, as cpu.stat needs no controller),
 * run_setup() makes shelf-check-PID for the judge's life, and each
 * program joins it before exec. It adds the exact CPU figure above, and
 * cgroup.kill at every round of the kill. Elsewhere nothing changes.
 *
 * The guard. run_setup() forks: the process started stays the judge's
 * parent, as a guard (see guard() below), so that a program that kills
 * the judge (SIGKILL) leaves nothing behind, and one that stops it
 * (SIGSTOP) does not stop the check.
 *
 * Where this holds. Linux with /proc after run_setup(): all of it, but
 * the CPU of children the kernel reaps without the cgroup, and tmpfs
 * files not held open. Linux
 * without the subreaper: an orphan goes to init and is lost to the scans,
 * so it is killed only while it stays in the process group. Without /proc
 * (other systems): the process group only; CPU by RLIMIT_CPU alone (a
 * second or two over cpu_seconds), wall-clock time (cpu_seconds +
 * wall_seconds, reported as idle) instead of waiting, and memory only
 * afterwards, by ru_maxrss.
 */
/* wait4(), for the rusage of one child (BSD, not POSIX) */
#define _DEFAULT_SOURCE
#include "check_run.h"
#include "check_tree.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/* How long the kill may go on without fewer processes left before the run
 * gives up on them (state D on a dead file system, or a fork bomb that
 * forks faster than a starved judge scans): a check must end. */
#define KILL_SECONDS 10.0
/* ... and how long it may go on in all, fewer or not: a tree that dies a
 * few processes a second, on a machine that starves the judge, would keep
 * it for minutes. */
#define KILL_MOST_SECONDS 60.0

/* ==== Clock and rusage ==== */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* This thread's CPU seconds, for the cost of a scan (0 where there is no
 * such clock, and then scans keep their schedule). */
static double own_cpu(void) {
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec t;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0)
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
#endif
  return 0;
}

static double ru_cpu(const struct rusage *ru) {
  return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 +
         (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec * 1e-6;
}

/* CPU seconds of every child this process has reaped, and of what they
 * reaped: the run's share is a difference of two readings. */
static double reaped_cpu(void) {
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  getrusage(RUSAGE_CHILDREN, &ru);
  return ru_cpu(&ru);
}

static double maxrss_mb(const struct rusage *ru) {
#ifdef __APPLE__
  return (double)ru->ru_maxrss / 1048576.0; /* bytes there */
#else
  return (double)ru->ru_maxrss / 1024.0; /* KB */
#endif
}

/* This process's resident size in MB, 0 where /proc cannot tell. */
static double self_rss_mb(void) {
  double mb = 0;
#ifdef __linux__
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long long size, resident;
  if (f != NULL) {
    if (fscanf(f, "%llu %llu", &size, &resident) == 2)
      mb = (double)resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0;
    fclose(f);
  }
#endif
  return mb;
}

static void nap(double seconds) {
  struct timespec t = {(time_t)seconds,
                       (long)((seconds - floor(seconds)) * 1e9)};
  nanosleep(&t, NULL);
}

/* ==== The cgroup ====
 *
 * Where cgroup v2 is mounted and this process may make a cgroup below its
 * own (root, or a delegated subtree), every run's program goes into one
 * made for this judge, shelf-check-PID: its cpu.stat counts the CPU time
 * of every process that ran in it, the ones the kernel reaped included,
 * and its cgroup.kill (Linux 5.14) kills them all, a setsid() or a
 * double fork notwithstanding. cpu.stat exists whether or not the cpu
 * controller is enabled, so a hybrid machine (v1 controllers, v2 at
 * /sys/fs/cgroup/unified) has it too. Elsewhere the judge runs as
 * without, on the scans alone. */

static struct {
  int ok;          /* the cgroup is made and its cpu.stat read */
  int procs;       /* its cgroup.procs, open for the child to join */
  char dir[1024];  /* its directory */
} cg = {0, -1, ""};

/* The first line of a /proc file that `take` turns into buf; 1, or 0 where
 * none does (or the file cannot be read). */
static int first_line(const char *path,
                      int (*take)(char *line, char *buf, size_t size),
                      char *buf, size_t size) {
  FILE *f = fopen(path, "r");
  if (f == NULL)
    return 0;
  char line[4096];
  int found = 0;
  while (!found && fgets(line, sizeof line, f) != NULL)
    found = take(line, buf, size);
  fclose(f);
  return found;
}

/* A line of /proc/self/mountinfo: the cgroup v2 mount point, mounted from
 * the root of its hierarchy. */
static int cgroup2_mount_line(char *line, char *buf, size_t size) {
  char root[1024], point[1024];
  if (strstr(line, " - cgroup2 ") == NULL ||
      sscanf(line, "%*s %*s %*s %1023s %1023s", root, point) != 2 ||
      strcmp(root, "/") != 0 || strlen(point) >= size)
    return 0;
  strcpy(buf, point);
  return 1;
}

/* A line of /proc/self/cgroup: "0::/path", this process's v2 cgroup. */
static int cgroup2_path_line(char *line, char *buf, size_t size) {
  if (strncmp(line, "0::", 3) != 0)
    return 0;
  line[strcspn(line, "\n")] = '\0';
  if (strlen(line + 3) >= size)
    return 0;
  strcpy(buf, line + 3);
  return 1;
}

/* The cgroup v2 mount point into buf; 1, or 0 where there is none. */
static int cgroup2_mount(char *buf, size_t size) {
  return first_line("/proc/self/mountinfo", cgroup2_mount_line, buf, size);
}

/* This process's cgroup v2 path. */
static int cgroup2_path(char *buf, size_t size) {
  return first_line("/proc/self/cgroup", cgroup2_path_line, buf, size);
}

/* CPU seconds the cgroup has counted (usage_usec), or -1. */
static double cgroup_cpu(void) {
  char path[1100], buf[512];
  snprintf(path, sizeof path, "%s/cpu.stat", cg.dir);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return -1;
  buf[n] = '\0';
  const char *u = strstr(buf, "usage_usec ");
  return u == NULL ? -1 : strtod(u + 11, NULL) * 1e-6;
}

/* Kills every process in the cgroup (cgroup.kill); 1 if it could. */
static int cgroup_kill(const char *dir) {
  char path[1300];
  snprintf(path, sizeof path, "%s/cgroup.kill", dir);
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  int ok = write(fd, "1", 1) == 1;
  close(fd);
  return ok;
}

/* Whether the cgroup still holds a process. */
static int cgroup_populated(const char *dir) {
  char path[1300], buf[64];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  ssize_t n = read(fd, buf, sizeof buf);
  close(fd);
  return n > 0;
}

/* Kills what is left in the cgroup at dir, for a while, and removes it. */
static void cgroup_remove(const char *dir) {
  double until = now() + KILL_SECONDS;
  while (cgroup_populated(dir) && now() < until) {
    cgroup_kill(dir);
    nap(0.005);
  }
  rmdir(dir);
}

static void cgroup_close(void) {
  if (cg.procs >= 0)
    close(cg.procs);
  cg.procs = -1;
  if (cg.dir[0] != '\0')
    cgroup_remove(cg.dir);
  cg.ok = 0;
}

/* Removes the cgroups in parent (a directory) left by judges that are
 * gone, killed with their guards (a harness that kills a whole process
 * group): what ran in them is killed now. */
static void cgroup_sweep(const char *parent) {
  DIR *d = opendir(parent);
  if (d == NULL)
    return;
  struct dirent *de;
  while ((de = readdir(d)) != NULL) {
    int pid;
    char tail;
    if (sscanf(de->d_name, "shelf-check-%d%c", &pid, &tail) != 1 || pid <= 0 ||
        kill((pid_t)pid, 0) == 0 || errno != ESRCH)
      continue;
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/%s", parent, de->d_name);
    cgroup_kill(dir);
    rmdir(dir); /* or at a later sweep, once they are dead */
  }
  closedir(d);
}

/* Makes this judge's cgroup, for the life of the process; `judge` names
 * it. */
static void cgroup_open(pid_t judge) {
  char mount[400], path[400];
  if (!cgroup2_mount(mount, sizeof mount) || !cgroup2_path(path, sizeof path))
    return;
  char parent[sizeof mount + sizeof path];
  snprintf(parent, sizeof parent, "%s%s", mount,
           strcmp(path, "/") == 0 ? "" : path);
  cgroup_sweep(parent);
  snprintf(cg.dir, sizeof cg.dir, "%s/shelf-check-%d", parent, (int)judge);
  rmdir(cg.dir); /* a pid reused: an empty one left by a judge killed */
  if (mkdir(cg.dir, 0755) != 0) {
    cg.dir[0] = '\0';
    return;
  }
  char procs[1100];
  snprintf(procs, sizeof procs, "%s/cgroup.procs", cg.dir);
  cg.procs = open(procs, O_WRONLY | O_CLOEXEC);
  if (cg.procs < 0 || cgroup_cpu() < 0) {
    cgroup_close();
    return;
  }
  cg.ok = 1;
  atexit(cgroup_close);
}

/* ==== Capture ==== */

/* A growing capture of one stream, kept up to `max` bytes. */
typedef struct capture {
  char *buf;
  size_t len, cap, max;
  int cut;
} capture;

static int capture_add(capture *c, const char *p, size_t n) {
  if (c->len + n > c->max) {
    c->cut = 1;
    n = c->max - c->len;
  }
  if (c->len + n + 1 > c->cap) {
    size_t cap = c->cap ? c->cap : 4096;
    while (cap < c->len + n + 1)
      cap *= 2;
    char *b = realloc(c->buf, cap);
    if (b == NULL)
      return ENOMEM;
    c->buf = b;
    c->cap = cap;
  }
  memcpy(c->buf + c->len, p, n);
  c->len += n;
  c->buf[c->len] = '\0';
  return 0;
}

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

/* Reads what fd holds now into c, without waiting; closes it at its end.
 * Returns 0, or ENOMEM. */
static int drain(int *fd, capture *c) {
  char chunk[65536];
  while (*fd >= 0) {
    ssize_t n = read(*fd, chunk, sizeof chunk);
    if (n > 0) {
      if (!c->cut && capture_add(c, chunk, (size_t)n))
        return ENOMEM;
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      close_fd(fd);
    } else if (errno == EAGAIN) {
      break;
    }
  }
  return 0;
}

/* ==== The child ==== */

/* Tells the parent why the program did not start, and ends the child. */
static void child_failed(int report) {
  int e = errno;
  if (write(report, &e, sizeof e) < 0) {
    /* the parent then sees no report and an exit of 127 */
  }
  _exit(127);
}

/* Makes `fd` the descriptor `to`, closing the original, so that the
 * program holds nothing of the judge's but its three streams. */
static void move_fd(int fd, int to, int report) {
  if (fd == to)
    return;
  if (dup2(fd, to) < 0)
    child_failed(report);
  close(fd);
}

static rlim_t cpu_backstop(const run_limits *limits) {
  return (rlim_t)ceil(limits->cpu_seconds) + 1;
}

/* The signal that interrupted the judge (Ctrl-C, a kill), or 0: the run
 * under way ends, its tree is killed, and then the judge dies of it. */
static volatile sig_atomic_t interrupted = 0;

static void on_interrupt(int sig) { interrupted = sig; }

/* `handler` for the signals that ask a process to end (Ctrl-C, kill,
 * hang-up), without SA_RESTART, so that a wait is cut short. */
static void on_stop_signals(void (*handler)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

/* Dies of the signal that interrupted the judge, once nothing of the
 * program's is left. */
static void die_if_interrupted(void) {
  int sig = interrupted;
  if (sig == 0)
    return;
  cgroup_close(); /* no atexit() after a signal */
  signal(sig, SIG_DFL);
  raise(sig);
}

/* The program's stack: stack_mb MB, or none (0), as its soft limit, which
 * is what the program meets. The hard limit stays: an unprivileged process
 * may not raise it, so the soft one stops there (check.c has warned). */
static void set_stack(size_t stack_mb) {
  struct rlimit lim;
  if (getrlimit(RLIMIT_STACK, &lim) != 0)
    return;
  rlim_t soft = RLIM_INFINITY;
  if (stack_mb > 0 && (rlim_t)stack_mb < RLIM_INFINITY / 1048576)
    soft = (rlim_t)stack_mb * 1048576;
  lim.rlim_cur = lim.rlim_max != RLIM_INFINITY && soft > lim.rlim_max
                     ? lim.rlim_max
                     : soft;
  setrlimit(RLIMIT_STACK, &lim);
}

static void child(char *const argv[], int in, int out, int err, int report,
                  const run_limits *limits) {
  setpgid(0, 0); /* the parent sets it too: whichever runs first */
  if (cg.ok && write(cg.procs, "0", 1) != 1) {
    /* not in the cgroup: the scans still see it */
  }
  signal(SIGPIPE, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
#if defined(__linux__) && defined(PR_SET_PDEATHSIG)
  /* Should the judge die all the same (SIGKILL), the leader dies too. */
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
#endif
  move_fd(in, STDIN_FILENO, report);
  move_fd(out, STDOUT_FILENO, report);
  move_fd(err, STDERR_FILENO, report);
  struct rlimit core = {0, 0};
  setrlimit(RLIMIT_CORE, &core);
  rlim_t cpu = cpu_backstop(limits);
  struct rlimit cpu_limit = {cpu, cpu + 1};
  setrlimit(RLIMIT_CPU, &cpu_limit);
  set_stack(limits->stack_mb);
  execvp(argv[0], argv);
  child_failed(report);
}

/* Reaps the zombies among the scan's processes that are our children, but
 * not the leader, whose status and rusage are read last. Their CPU time
 * moves into RUSAGE_CHILDREN, where the next scan finds it. */
static void reap_zombies(const tree *t, pid_t self, pid_t leader) {
  for (size_t i = 0; i < t->n; i++)
    if (t->p[i].state == 'Z' && t->p[i].ppid == self && t->p[i].pid != leader)
      waitpid(t->p[i].pid, NULL, WNOHANG);
}

/* ==== The run ==== */

typedef struct run {
  const run_limits *lim;
  pid_t leader, self;
  double start;
  double reaped_before;   /* RUSAGE_CHILDREN CPU when the run began */
  double cg_before;       /* the cgroup's CPU then (cg.ok) */
  double tick_s, page_mb; /* one clock tick in seconds, a page in MB */
  int have_tree;          /* scans of /proc work */
  tree t;
  double last_scan, last_cpu;
  double meant;   /* the gap to this scan the schedule asked for */
  int last_busy;  /* the previous scan saw a thread running or ready */
  double peak_mb; /* the most the scans saw */
  double waited;
} run;

/* The tree's CPU seconds read again, from the pids of the scan just made:
 * the confirmation of a sum past the limit (see the top). Processes that
 * ended since count through RUSAGE_CHILDREN or their parent's cutime, or
 * not at all, which errs the program's way. */
static double tree_cpu_again(const run *s) {
  double reaped = reaped_cpu() - s->reaped_before;
  unsigned long long ticks = 0;
  for (size_t i = 0; i < s->t.n; i++) {
    proc now_p;
    if (proc_read(s->t.p[i].pid, &now_p) && now_p.ppid == s->t.p[i].ppid)
      ticks += now_p.ticks;
  }
  return (double)ticks * s->tick_s + reaped;
}

/* The CPU seconds the cgroup counted in this run (exact: the processes
 * the kernel reaped too), or -1 without one. */
static double run_cgroup_cpu(const run *s) {
  double c = cg.ok ? cgroup_cpu() : -1;
  return c < 0 ? -1 : c - s->cg_before;
}

/* The time to the next scan (see the top), `cost` being the CPU seconds
 * the last one took. */
static double scan_interval(double elapsed, double cost) {
  double gap = elapsed < 0.2 ? 0.010 : elapsed < 2.0 ? 0.025 : 0.050;
  double floor_gap = 20 * cost < 0.5 ? 20 * cost : 0.5;
  return gap > floor_gap ? gap : floor_gap;
}

/* The state that tells most of why the tree was not done at the clock cap:
 * R if a process runs or is ready to (the machine is busy), else D if one
 * waits in the kernel, else the leader's. */
static char tree_state(const tree *t, pid_t leader) {
  char state = 0;
  for (size_t i = 0; i < t->n; i++) {
    char c = t->p[i].state;
    if (c == 'R')
      return 'R';
    if (c == 'D' || (state != 'D' && t->p[i].pid == leader))
      state = c;
  }
  return state;
}

const char *run_state_words(char state) {
  switch (state) {
  case 'R':
    return "ready to run (state R) and given little CPU: the machine is too "
           "busy";
  case 'D':
    return "waiting in the kernel (state D, uninterruptible: disk or device, "
           "or a vfork() whose child never execs)";
  case 'S':
    return "sleeping (state S)";
  case 'T':
  case 't':
    return "stopped (state T)";
  case 'Z':
    return "ended, with threads left (state Z)";
  default:
    return "in a state /proc did not show";
  }
}

/* The clock cap, past which a run ends as starved (see the top). */
static double starved_after(const run_limits *l) {
  return 2 * l->wall_seconds + 20 * l->cpu_seconds;
}

/* One scan at time t: measures the tree, reaps its zombies, and returns 1
 * when a limit ends the run (its flag set in r), else 0. */
static int scan(run *s, run_result *r, double t) {
  const run_limits *l = s->lim;
  if (s->have_tree) {
    /* Before the scan: a zombie of ours is in both the scan and, once
     * reaped below, RUSAGE_CHILDREN, so the reading comes first. */
    double reaped = reaped_cpu() - s->reaped_before;
    if (tree_scan(&s->t, s->self) != 0)
      s->have_tree = 0;
    else {
      unsigned long long ticks = 0, pages = 0;
      int busy = 0;
      for (size_t i = 0; i < s->t.n; i++) {
        ticks += s->t.p[i].ticks;
        pages += s->t.p[i].rss_pages;
        busy |= proc_busy_state(s->t.p[i].state);
      }
      for (size_t i = 0; !busy && i < s->t.n; i++)
        if (s->t.p[i].threads > 1 || s->t.p[i].state == 'Z')
          busy = proc_threads_busy(s->t.p[i].pid);
      double cpu = (double)ticks * s->tick_s + reaped;
      double cg_cpu = run_cgroup_cpu(s);
      if (cg_cpu > cpu)
        cpu = cg_cpu;
      if (!busy && !s->last_busy && cpu <= s->last_cpu)
        /* At most twice the gap asked for: a judge that woke late, its
         * CPU taken by its neighbours (the runs beside it, --jobs), does
         * not count its lateness as the program's waiting. */
        s->waited += t - s->last_scan < 2 * s->meant ? t - s->last_scan
                                                     : 2 * s->meant;
      s->last_busy = busy;
      s->last_scan = t;
      s->last_cpu = cpu;
      double mb = (double)pages * s->page_mb + tree_tmpfs_mb(&s->t);
      if (l->memory_mb > 0 && mb > (double)l->memory_mb && s->t.n > 1) {
        double pss = tree_pss_mb(&s->t);
        if (pss >= 0)
          mb = pss + tree_tmpfs_mb(&s->t);
      }
      if (mb > s->peak_mb)
        s->peak_mb = mb;
      reap_zombies(&s->t, s->self, s->leader);
      if (l->memory_mb > 0 && mb > (double)l->memory_mb) {
        r->memory_out = 1;
        return 1;
      }
      if (cpu > l->cpu_seconds &&
          (cg_cpu > l->cpu_seconds || tree_cpu_again(s) > l->cpu_seconds)) {
        r->cpu_out = 1;
        return 1;
      }
      if (s->waited > l->wall_seconds) {
        r->idle = 1;
        return 1;
      }
      if (t - s->start > starved_after(l)) {
        r->starved = 1;
        r->state = tree_state(&s->t, s->leader);
        return 1;
      }
      return 0;
    }
  }
  /* Without /proc only the clock is left. */
  if (t - s->start > l->cpu_seconds + l->wall_seconds) {
    r->idle = 1;
    return 1;
  }
  return 0;
}

/* ==== The leader's end ==== */

/* Whether the leader has ended, without reaping it: while it is not
 * reaped, its pid, which names its process group, cannot be reused. */
static int leader_ended(pid_t pid) {
  for (;;) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT | WNOHANG) == 0)
      return info.si_pid == pid;
    if (errno != EINTR)
      return 1; /* no such child: nothing to wait for */
  }
}

/* A descriptor that poll() finds readable once the leader has ended
 * (pidfd_open, Linux 5.3; close-on-exec), or -1: then the run looks every
 * 2 ms once both outputs are closed, as nothing else wakes it. */
static int leader_fd(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  (void)pid;
  return -1;
#endif
}

/* Whether no process of the tree is alive, the leader having ended, told
 * without a scan of /proc. This process a subreaper, the children of a
 * process that dies come to it, so a live descendant has a live ancestor
 * that is our child: none is left when every child is a zombie. waitid()
 * without WEXITED passes over zombies, and fails with ECHILD when no child
 * could still stop, continue or exit (a zombie whose threads live on, or
 * one another process traces, counts as alive). So a program that left
 * nothing behind, most of them, costs no scan at its end. */
static int tree_gone(void) {
#if defined(__linux__) && defined(PR_GET_CHILD_SUBREAPER)
  int reaper = 0; /* asked, not remembered: a process forked is none */
  if (prctl(PR_GET_CHILD_SUBREAPER, &reaper, 0, 0, 0) != 0 || !reaper)
    return 0;
  siginfo_t info;
  memset(&info, 0, sizeof info);
  int e;
  do
    e = waitid(P_ALL, 0, &info, WSTOPPED | WNOHANG | WNOWAIT);
  while (e < 0 && errno == EINTR);
  return e < 0 && errno == ECHILD;
#else
  return 0;
#endif
}

/* Kills every process of the tree and reaps all of them but the leader,
 * which is left a zombie. `listed`: the scan that just found a limit left
 * the tree in s->t, so the first round kills from it without scanning
 * again; a scan takes long on a machine a fork bomb keeps busy, and every
 * moment of it the tree burns CPU. Returns how many processes besides the
 * leader were alive at the first round; *all_dead is 0 when some would not
 * die, KILL_SECONDS after the last round that left fewer or
 * KILL_MOST_SECONDS after the first. The cgroup's cgroup.kill comes after
 * the first round's kills by pid: it waits for the kernel's cgroup lock,
 * which a program joining a cgroup beside this run (--jobs) holds for as
 * long as the machine is busy (an RCU grace period). */
static size_t kill_tree(run *s, int listed, int *all_dead) {
  *all_dead = 1;
  kill(s->leader, SIGKILL); /* our unreaped child: its pid is still its */
  if (!s->have_tree) {
    kill(-s->leader, SIGKILL);
    if (cg.ok)
      cgroup_kill(cg.dir);
    return 0;
  }
  size_t left = 0;
  double until = now() + KILL_SECONDS, last = now() + KILL_MOST_SECONDS;
  size_t fewest = (size_t)-1;
  for (int round = 0;; round++) {
    int from_list = round == 0 && listed;
    if (!from_list && tree_scan(&s->t, s->self) != 0) {
      kill(-s->leader, SIGKILL);
      return left;
    }
    size_t pending = 0;
    for (size_t i = 0; i < s->t.n; i++) {
      const proc *p = &s->t.p[i];
      if (p->pid == s->leader && p->state == 'Z')
        continue;
      if (from_list && p->state == 'Z' && p->ppid == s->self)
        continue; /* reaped by that scan: its pid is free */
      pending++;
      if (round == 0 && p->pid != s->leader && p->state != 'Z')
        left++;
      /* A zombie too: its threads may live on (pthread_exit in main). */
      kill(p->pid, SIGKILL);
    }
    if (round == 0)
      kill(-s->leader, SIGKILL);
    if (cg.ok)
      cgroup_kill(cg.dir); /* all of it at once, wherever it went */
    if (from_list)
      continue;
    reap_zombies(&s->t, s->self, s->leader);
    if (pending == 0)
      return left;
    if (pending < fewest) {
      fewest = pending;
      until = now() + KILL_SECONDS;
    }
    if (now() > until || now() > last) {
      *all_dead = 0;
      return left;
    }
    nap(round < 20 ? 0.001 : 0.010); /* the killed take a moment to die */
  }
}

/* ==== The guard ====
 *
 * A program may signal the judge, its parent: SIGKILL, which nothing
 * survives, or SIGSTOP, which nothing ignores. So run_setup() forks, and
 * the process that was started stays behind as the guard, the judge's
 * parent, a subreaper too, doing nothing but wait for the judge:
 *   - the judge stopped by SIGSTOP: the guard continues it at once (a
 *     terminal's Ctrl-Z sends SIGTSTP to the guard and the judge alike,
 *     and the judge ignores a SIGTSTP, SIGTTIN or SIGTTOU that no terminal
 *     sent: see on_stop());
 *   - the judge dead of a signal: the program's leader dies with it
 *     (PR_SET_PDEATHSIG), every other process of the tree comes to the
 *     guard as an orphan, and the guard kills them (by its own scans, and
 *     the cgroup's cgroup.kill), removes the cgroup, and dies of the same
 *     signal;
 *   - the judge ended: the guard ends with its status.
 * SIGINT, SIGTERM and SIGHUP sent to the guard are passed on to the judge;
 * the guard killed, the judge gets SIGTERM (PR_SET_PDEATHSIG), ends the
 * run and kills its tree, as when interrupted.
 * The guard is found in the judge's /proc/PID/stat (its ppid), so a
 * program that stops or kills the guard before the judge escapes all the
 * same: a limit of a judge that runs as the same user as the program. */

#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
static pid_t guarded = 0; /* the judge, in the guard */

static void guard_pass(int sig) {
  if (guarded > 0)
    kill(guarded, sig);
}

/* In the guard: kills every process left below it, the judge being dead,
 * until a scan finds none (or KILL_SECONDS without fewer). */
static void guard_clean(pid_t judge) {
  char dir[sizeof cg.dir];
  memcpy(dir, cg.dir, sizeof dir);
  tree t = {NULL, 0, 0};
  size_t fewest = (size_t)-1;
  double until = now() + KILL_SECONDS;
  pid_t self = getpid();
  (void)judge;
  for (;;) {
    if (dir[0] != '\0')
      cgroup_kill(dir);
    if (tree_scan(&t, self) != 0)
      break;
    size_t alive = 0;
    for (size_t i = 0; i < t.n; i++) {
      if (t.p[i].state == 'Z') {
        waitpid(t.p[i].pid, NULL, WNOHANG);
        continue;
      }
      alive++;
      kill(t.p[i].pid, SIGKILL);
    }
    if (alive == 0)
      break;
    if (alive < fewest) {
      fewest = alive;
      until = now() + KILL_SECONDS;
    } else if (now() > until) {
      break;
    }
    nap(0.002);
  }
  free(t.p);
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
  if (dir[0] != '\0')
    cgroup_remove(dir);
}

/* The guard's life: waits for the judge and ends as it did. */
static void guard(pid_t judge) {
  guarded = judge;
  on_stop_signals(guard_pass);
  for (;;) {
    int ws;
    pid_t got = waitpid(judge, &ws, WUNTRACED);
    if (got < 0 && errno == EINTR)
      continue;
    if (got == judge && WIFSTOPPED(ws)) {
      if (WSTOPSIG(ws) == SIGSTOP)
        kill(judge, SIGCONT);
      continue;
    }
    if (got == judge && WIFSIGNALED(ws)) {
      guard_clean(judge);
      signal(WTERMSIG(ws), SIG_DFL);
      raise(WTERMSIG(ws));
      _exit(128 + WTERMSIG(ws));
    }
    guard_clean(judge); /* nothing, unless the judge left something */
    _exit(got == judge && WIFEXITED(ws) ? WEXITSTATUS(ws) : 1);
  }
}

/* SIGTSTP, SIGTTIN or SIGTTOU in the judge: a terminal's (SI_KERNEL)
 * stops it, as by default; one sent by a process (the program's, with
 * kill()) is ignored. */
static void on_stop(int sig, siginfo_t *info, void *context) {
  (void)context;
  if (info == NULL || info->si_code != SI_KERNEL)
    return;
  int saved = errno;
  signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  raise(sig); /* pending while the handler runs... */
  sigprocmask(SIG_UNBLOCK, &set, NULL); /* ...stopped here, continued */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_stop;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
  errno = saved;
}
#endif

#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
/* The process that started this one gone (a harness's timeout kills the
 * process it started), this one is interrupted, as by SIGTERM, so that it
 * kills the program's tree before it goes. */
static void interrupted_with_parent(void) {
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0);
  if (getppid() != parent)
    interrupted = SIGTERM;
}
#endif

/* Orphans of the runs come to this process, to be counted and killed: 0,
 * or why not. */
static int become_subreaper(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0 ? errno : 0;
#else
  return ENOSYS;
#endif
}

int run_worker_setup(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
  /* The judge's cgroup counts and kills every process in it: a worker's
   * runs get one of their own, so that a run beside it is neither counted
   * nor killed with it. */
  if (cg.ok) {
    close(cg.procs);
    cg.procs = -1;
    cg.ok = 0;
    cg.dir[0] = '\0';
    cgroup_open(getpid());
  }
  /* The judge gone, the worker ends its run as when interrupted. */
  interrupted_with_parent();
#endif
  return become_subreaper();
}

void run_die_if_interrupted(void) { die_if_interrupted(); }

int run_setup(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
  /* The guard first, so that the judge's orphans go to it should the
   * judge die. Without a fork, no guard: the judge runs as before. */
  /* The cgroup before the fork, so that the guard knows it too. */
  cgroup_open(getpid());
  if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0) {
    fflush(NULL); /* nothing buffered is written twice */
    pid_t judge = fork();
    if (judge > 0)
      guard(judge);
    if (judge == 0) {
      /* The guard killed: the judge goes as when interrupted. */
      interrupted_with_parent();
      struct sigaction st;
      memset(&st, 0, sizeof st);
      st.sa_sigaction = on_stop;
      st.sa_flags = SA_SIGINFO | SA_RESTART;
      sigemptyset(&st.sa_mask);
      sigaction(SIGTSTP, &st, NULL);
      sigaction(SIGTTIN, &st, NULL);
      sigaction(SIGTTOU, &st, NULL);
    }
  }
#endif
  /* Ctrl-C or a kill reaches only the judge (the program has a group of its
   * own): the run under way stops, its tree is killed, then the judge dies
   * of the signal. No SA_RESTART, so that a wait is cut short. */
  on_stop_signals(on_interrupt);
  return become_subreaper();
}

int run_program(char *const argv[], const char *input, size_t input_len,
                const run_limits *limits, run_result *r) {
  memset(r, 0, sizeof *r);
  die_if_interrupted();
  int in[2], out[2], err[2], report[2];
  if (pipe(in) != 0)
    return errno;
  if (pipe(out) != 0) {
    int e = errno;
    close(in[0]), close(in[1]);
    return e;
  }
  if (pipe(err) != 0) {
    int e = errno;
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return e;
  }
  if (pipe(report) != 0) {
    int e = errno;
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    close(err[0]), close(err[1]);
    return e;
  }
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
  fcntl(in[1], F_SETFD, FD_CLOEXEC);
  fcntl(out[0], F_SETFD, FD_CLOEXEC);
  fcntl(err[0], F_SETFD, FD_CLOEXEC);
  fcntl(report[0], F_SETFD, FD_CLOEXEC);

  run s;
  memset(&s, 0, sizeof s);
  s.lim = limits;
  s.self = getpid();
  s.reaped_before = reaped_cpu();
  s.cg_before = cg.ok ? cgroup_cpu() : 0;
  s.tick_s = 1.0 / (double)sysconf(_SC_CLK_TCK);
  s.page_mb = (double)sysconf(_SC_PAGESIZE) / 1048576.0;
#ifdef __linux__
  s.have_tree = 1; /* until a scan fails */
#endif
  s.last_busy = 1; /* start-up counts as running */
  s.start = s.last_scan = now();

  double fork_mb = self_rss_mb(); /* the floor of the child's ru_maxrss */
  pid_t pid = fork();
  if (pid == 0)
    child(argv, in[0], out[1], err[1], report[1], limits);
  int fork_errno = errno;
  close(in[0]), close(out[1]), close(err[1]), close(report[1]);
  if (pid < 0) {
    close(in[1]), close(out[0]), close(err[0]), close(report[0]);
    return fork_errno;
  }
  setpgid(pid, pid); /* as the child does: whichever runs first */
  s.leader = pid;

  int exec_errno = 0;
  ssize_t got;
  do
    got = read(report[0], &exec_errno, sizeof exec_errno);
  while (got < 0 && errno == EINTR);
  close(report[0]);
  if (got == (ssize_t)sizeof exec_errno) {
    waitpid(pid, NULL, 0);
    close(in[1]), close(out[0]), close(err[0]);
    return exec_errno;
  }

  int fds[3] = {in[1], out[0], err[0]};
  for (int k = 0; k < 3; k++)
    fcntl(fds[k], F_SETFL, fcntl(fds[k], F_GETFL) | O_NONBLOCK);
  capture cap[2] = {{NULL, 0, 0, RUN_OUT_MAX, 0}, {NULL, 0, 0, RUN_ERR_MAX, 0}};
  size_t sent = 0;
  int ended_fd = leader_fd(pid);
  if (input_len == 0)
    close_fd(&fds[0]);
  int status = 0, limited = 0;
  double next_scan = s.start + (s.meant = scan_interval(0, 0));
  /* Until the leader ends, whether or not its streams are open: a program
   * that closes them goes on being measured, and a child left holding them
   * does not keep the run going. */
  for (;;) {
    double t = now(), wake = next_scan;
    /* With both outputs closed no pipe wakes us when the leader exits (it
     * closes its files before it becomes a zombie): its pidfd does, or
     * without one, we look often. */
    if (ended_fd < 0 && fds[1] < 0 && fds[2] < 0 && wake > t + 0.002)
      wake = t + 0.002;
    struct pollfd p[4];
    for (int k = 0; k < 3; k++) {
      p[k].fd = fds[k];
      p[k].events = k == 0 ? POLLOUT : POLLIN;
      p[k].revents = 0;
    }
    p[3].fd = ended_fd;
    p[3].events = POLLIN;
    p[3].revents = 0;
    int ms = wake > t ? (int)ceil((wake - t) * 1000) : 0;
    if (poll(p, 4, ms) < 0 && errno != EINTR) {
      status = errno;
      break;
    }
    if (fds[0] >= 0 && (p[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = write(fds[0], input + sent, input_len - sent);
      if (w > 0)
        sent += (size_t)w;
      /* EPIPE: the program stopped reading; what it has is its input. */
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || sent == input_len)
        close_fd(&fds[0]);
    }
    for (int k = 1; k < 3; k++) {
      if (fds[k] < 0 || !(p[k].revents & (POLLIN | POLLERR | POLLHUP)))
        continue;
      char chunk[65536];
      ssize_t n = read(fds[k], chunk, sizeof chunk);
      if (n > 0) {
        if (!cap[k - 1].cut && capture_add(&cap[k - 1], chunk, (size_t)n))
          status = ENOMEM;
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        close_fd(&fds[k]);
      }
    }
    if (status != 0 || interrupted || leader_ended(pid))
      break;
    t = now();
    if (t >= next_scan) {
      double cost = own_cpu();
      if ((limited = scan(&s, r, t)) != 0)
        break;
      cost = own_cpu() - cost;
      next_scan = t + (s.meant = scan_interval(t - s.start, cost));
    }
  }
  r->wall = now() - s.start;
  close_fd(&fds[0]);
  close_fd(&ended_fd);

  /* The kill, unless the leader ended and left nothing alive. */
  int all_dead = 1, gone = !limited && status == 0 && !interrupted &&
                           leader_ended(pid) && tree_gone();
  if (!gone)
    r->left_behind = kill_tree(&s, limited, &all_dead);
  /* Every holder of the pipes is dead (where the tree is known): what is
   * left in them comes, then their end. */
  for (int k = 1; k < 3; k++)
    if (drain(&fds[k], &cap[k - 1]) != 0)
      status = ENOMEM;
  close_fd(&fds[1]);
  close_fd(&fds[2]);

  int ws = 0;
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  pid_t reaped;
  do
    reaped = wait4(pid, &ws, all_dead ? 0 : WNOHANG, &ru);
  while (reaped < 0 && errno == EINTR);
  /* Orphans that died after the last scan, with nothing to scan them
   * (without /proc, a subreaper still gets them), or with no scan at the
   * end: every child is a zombie now. */
  if (!s.have_tree || gone)
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
  free(s.t.p);

  r->cpu = reaped_cpu() - s.reaped_before;
  if (r->cpu < 0)
    r->cpu = 0;
  /* The cgroup's figure holds the children the kernel reaped as well. */
  double cg_cpu = run_cgroup_cpu(&s);
  if (cg_cpu > r->cpu)
    r->cpu = cg_cpu;
  /* A program that ends between two scans just past its limit is over it
   * all the same, as the exact figure shows: the verdict must not depend
   * on when the scans fell. (After another limit, CPU spent while the kill
   * went on is the judge's delay, not a second verdict.) */
  if (!limited && r->cpu > limits->cpu_seconds)
    r->cpu_out = 1;
  r->waited = s.waited;
  /* Up to 1 MB over the floor is the child's own before exec. */
  double raw_mb = maxrss_mb(&ru), leader_mb = raw_mb > fork_mb + 1 ? raw_mb : 0;
  r->peak_mb = s.peak_mb > leader_mb ? s.peak_mb : leader_mb;
  if (r->peak_mb == 0)
    r->peak_mb = raw_mb; /* too short for a scan: an upper bound */
  if (limits->memory_mb > 0 && leader_mb > (double)limits->memory_mb)
    r->memory_out = 1;
  die_if_interrupted(); /* its tree is gone: the judge goes now */
  if (!all_dead)
    r->stuck = 1; /* no verdict: its processes might distort the next run */
  if (reaped != pid) {
    r->signal = SIGKILL; /* it would not die: as good as killed */
  } else if (WIFEXITED(ws)) {
    r->exited = 1;
    r->exit_code = WEXITSTATUS(ws);
  } else if (WIFSIGNALED(ws)) {
    r->signal = WTERMSIG(ws);
    /* The backstop: SIGXCPU at the soft limit, SIGKILL at the hard one. */
    if (r->signal == SIGXCPU || (r->signal == SIGKILL && !limited &&
                                 ru_cpu(&ru) >= (double)cpu_backstop(limits)))
      r->cpu_out = 1;
  }
  r->out = cap[0].buf;
  r->out_len = cap[0].len;
  r->out_cut = cap[0].cut;
  r->err = cap[1].buf;
  r->err_len = cap[1].len;
  if (status != 0) {
    run_result_free(r);
    return status;
  }
  return 0;
}

void run_result_free(run_result *r) {
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}
