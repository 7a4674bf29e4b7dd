/* outfile.c -- an output file written whole or not at all: see outfile.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * The temporary is ".NAME.tmp-PID-N" in the target's directory, so that
 * the rename stays on one file system and is atomic; open(O_EXCL) never
 * reuses a file someone else made, and mode 0666 under the umask gives it
 * the mode a new file would get.
 */
#define _XOPEN_SOURCE 700           /* fdopen, realpath */

#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char hb_magic[] = "heapband-format ";

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* An existing regular file whose first bytes are the format's first line. */
static int is_heapband_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return 0;
    char head[sizeof hb_magic - 1];
    size_t got = fread(head, 1, sizeof head, fp);
    fclose(fp);
    return got == sizeof head && memcmp(head, hb_magic, sizeof head) == 0;
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0)
        return 1;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0
           && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int hb_outfile_refused(const char *option, const char *path,
                       const char *const *inputs, size_t ninputs,
                       struct hb_error *err)
{
    if (strcmp(path, "-") == 0)
        return 0;
    const char *why = NULL;
    for (size_t i = 0; i < ninputs && why == NULL; i++)
        if (strcmp(inputs[i], "-") != 0 && same_file(path, inputs[i]))
            why = "is an input file";
    if (why == NULL && is_heapband_file(path))
        why = "is a heap-band file";
    if (why == NULL)
        return 0;
    /* "--png" writes a PNG: the example name ends in ".png". */
    const char *ext = option + strspn(option, "-");
    int stem = ends_with(path, ".hb") ? (int)strlen(path) - 3 : -1;
    if (stem >= 0)
        return hb_error_set(err, HB_ERR_USAGE, 0,
                            "'%s' %s: refusing to overwrite it (%s names "
                            "the file to write, e.g. %s %.*s.%s)", path, why,
                            option, option, stem, path, ext);
    return hb_error_set(err, HB_ERR_USAGE, 0,
                        "'%s' %s: refusing to overwrite it", path, why);
}

/* The file a path names after its symlinks, in new memory; a path that
 * does not exist (but whose name is not a dangling link) is its own. */
static char *resolve_target(const char *path, struct hb_error *err)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) {
        char *copy = strdup(path);
        if (copy == NULL)
            hb_error_nomem(err, "naming the output file");
        return copy;
    }
    char *target = realpath(path, NULL);
    if (target == NULL)
        hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                     errno == ENOENT ? "a symlink to a missing file"
                                     : strerror(errno));
    return target;
}

/* Create the temporary beside target: ".NAME.tmp-PID-N" in its directory.
 * Returns its descriptor, or -1 with errno set. */
static int create_temp(const char *target, char **temp_path)
{
    const char *slash = strrchr(target, '/');
    int dir_len = slash ? (int)(slash - target) + 1 : 0;
    const char *name = target + dir_len;
    size_t size = strlen(target) + 48;
    char *temp = malloc(size);
    if (temp == NULL)
        return -1;
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        snprintf(temp, size, "%.*s.%s.tmp-%ld-%u", dir_len, target, name,
                 (long)getpid(), attempt);
        int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0) {
            *temp_path = temp;
            return fd;
        }
        if (errno != EEXIST)
            break;
    }
    int saved = errno;
    free(temp);
    errno = saved;
    return -1;
}

static int open_direct(struct hb_outfile *out, const char *path,
                       struct hb_error *err)
{
    out->fp = fopen(path, "wb");
    if (out->fp == NULL)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno));
    return 0;
}

int hb_outfile_open(struct hb_outfile *out, const char *path,
                    struct hb_error *err)
{
    memset(out, 0, sizeof *out);
    if (strcmp(path, "-") == 0) {
        out->fp = stdout;
        out->is_stdout = 1;
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return open_direct(out, path, err);
    out->target_path = resolve_target(path, err);
    if (out->target_path == NULL)
        return -1;
    int fd = create_temp(out->target_path, &out->temp_path);
    if (fd >= 0) {
        out->fp = fdopen(fd, "wb");
        if (out->fp != NULL)
            return 0;
        close(fd);
    }
    int saved = errno;
    hb_outfile_abort(out);
    if (saved == ENOMEM)
        return hb_error_nomem(err, "opening the output file");
    return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                        strerror(saved));
}

int hb_outfile_commit(struct hb_outfile *out, struct hb_error *err)
{
    if (out->is_stdout)
        return fflush(out->fp) == 0 ? 0 : hb_error_set(
            err, HB_ERR_OUTPUT, 0, "cannot write: %s", strerror(errno));
    int failed = ferror(out->fp) ? EIO : 0;
    if (fclose(out->fp) != 0 && !failed)
        failed = errno ? errno : EIO;
    out->fp = NULL;
    if (!failed && out->temp_path
        && rename(out->temp_path, out->target_path) != 0)
        failed = errno;
    if (failed) {
        hb_outfile_abort(out);
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(failed));
    }
    free(out->temp_path);
    free(out->target_path);
    out->temp_path = out->target_path = NULL;
    return 0;
}

void hb_outfile_abort(struct hb_outfile *out)
{
    if (out->fp != NULL && !out->is_stdout)
        fclose(out->fp);
    out->fp = NULL;
    if (out->temp_path != NULL)
        unlink(out->temp_path);
    free(out->temp_path);
    free(out->target_path);
    out->temp_path = out->target_path = NULL;
}
