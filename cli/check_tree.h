/*
 * check_tree.h - the processes of a program under `shelf check`, as /proc
 * shows them: every process whose chain of parents leads to the judge. The
 * runner (check_run.c) scans the tree to sum its CPU time and memory, to
 * tell whether it waits, and to kill it to the last process. Why /proc is
 * read this way is told at the top of check_tree.c.
 */
#ifndef SHELF_CLI_CHECK_TREE_H
#define SHELF_CLI_CHECK_TREE_H

#include <stddef.h>
#include <sys/types.h>

/* One process as its /proc/PID/stat shows it. */
typedef struct proc {
  pid_t pid, ppid;
  char state;                   /* R, S, D, Z, T... */
  long threads;                 /* num_threads */
  unsigned long long ticks;     /* utime + stime + cutime + cstime */
  unsigned long long rss_pages; /* resident */
  int in_tree;                  /* -1 not known yet, 0 no, 1 yes */
} proc;

/* The processes a scan found in the tree; the array is kept between scans
 * so that a scan allocates nothing once it has grown. */
typedef struct tree {
  proc *p;
  size_t n, cap;
} tree;

/* Fills t with the descendants of `self` (pid order). Returns 0, or an errno
 * value: /proc cannot be read (not Linux's, or not mounted; ENOSYS off
 * Linux), or ENOMEM. Free t->p with free(). */
int tree_scan(tree *t, pid_t self);

/* Reads process pid's stat line into *p; 1, or 0 when it is gone (always 0
 * off Linux). */
int proc_read(pid_t pid, proc *p);

/* Whether a process in state s runs or is ready to run (R, or D). */
int proc_busy_state(char s);

/* Whether some thread of process pid runs or is ready to run: its stat line
 * shows the main thread only, and a Java or Go program's main thread often
 * sleeps while others compute. */
int proc_threads_busy(pid_t pid);

/* The tree's proportional set size in MB (pages shared since a fork count
 * once), or -1 where smaps_rollup is missing (before Linux 4.14, or off
 * Linux). It walks every page table of the tree: read it only past a
 * limit. */
double tree_pss_mb(const tree *t);

/* MB of files on tmpfs (memfd_create's, /dev/shm's) that the tree's
 * processes hold open, less the tmpfs pages they map (RssShmem, which
 * their resident sizes count already): memory the program holds that no
 * resident size shows. A file held twice counts once. Reads every
 * process's /proc/PID/fd; 0 off Linux. */
double tree_tmpfs_mb(const tree *t);

#endif
