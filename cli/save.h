/*
 * save.h - how the shelf command writes a file (a picture, and any file it
 * comes to write): shelf removes only what it created itself.
 */
#ifndef SHELF_CLI_SAVE_H
#define SHELF_CLI_SAVE_H

#include <stddef.h>

/* Writes len bytes to path. Returns 0, or the errno of the failure.
 *
 * A new file, or a regular file already there, is written as a temporary
 * file in the same folder and renamed into place, so that a failure leaves
 * the earlier file untouched (a replaced file keeps its permission bits);
 * through a symbolic link to a regular file, the link's real target is
 * replaced so, beside itself, and the link stays. A device or a pipe (or
 * a link to one, or a dangling link) is opened and written directly, and
 * is never unlinked, whatever happens. The temporary file is removed on
 * failure, and on SIGINT, SIGTERM, SIGHUP or SIGQUIT during the write,
 * which then act as before. The caller ignores SIGXFSZ, so that a
 * file-size limit shows as EFBIG. */
int save_file(const char *path, const char *data, size_t len);

#endif
