/*
 * read_at.h - a file read at offsets, as the shelf command, shelf-mpi and
 * the Python module read one for libshelf's threads: pread(2) retried
 * after a signal, whether a regular file's size is its bytes, and the test
 * aid SHELF_TEST_PIECE. (POSIX; the command's Windows reads are its own,
 * cli/parallel.c.)
 */
#ifndef SHELF_REPORT_READ_AT_H
#define SHELF_REPORT_READ_AT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#ifndef _WIN32
/* Up to len bytes of fd at `offset`: the count read (0 at the end), or
 * -errno. A signal that interrupts the read only repeats it. Safe from
 * many threads on one fd. */
int64_t read_at_fd(int fd, char *buf, size_t len, uint64_t offset);
#endif

/* Whether a regular file's size (st, fstat()'s of fd) is its bytes, so
 * that the library may cut it into ranges and take a file that ends before
 * it as one that shrank while it was read: not on the kernel's own
 * filesystems, where procfs says 0 for files that hold text and sysfs 4096
 * for files of a few bytes, nor for a size of 0 anywhere. */
int size_is_bytes(int fd, const struct stat *st);

/* SHELF_TEST_PIECE=N, a test aid (tests/parallel_test.py): N for
 * shelf_read_options.piece, so that the threads cut small test texts into
 * pieces of about N bytes and put errors on their edges; 0 when unset or
 * not a number from 1 to 2^40. */
size_t test_piece(void);

#endif
