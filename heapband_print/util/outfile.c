/* outfile.c -- an output file written whole or not at all: see outfile.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * The temporary is ".NAME.tmp-PID-N" in the target's directory (or
 * ".hb-HASH.tmp-PID-N" where that name would be too long), so that
 * the rename stays on one file system and is atomic; open(O_EXCL) never
 * reuses a file someone else made, and mode 0666 under the umask gives it
 * the mode a new file would get.  A printer killed while writing leaves
 * its temporary: the next one that writes the same target removes those
 * whose PID is no live process.  The data goes through a stdio stream of
 * our own (fopencookie) whose writes keep the first errno, so that a full
 * disk is reported as such, not as stdio's bare error flag.
 */
#define _GNU_SOURCE                 /* fopencookie */

#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
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

/* Symbolic links followed before giving up, as the kernel's limit. */
#define LINKS_MAX 40

/* A link's text read as the kernel does: relative to its directory. */
static char *link_target(const char *path, const char *text)
{
    const char *slash = strrchr(path, '/');
    size_t dir = text[0] != '/' && slash ? (size_t)(slash - path) + 1 : 0;
    char *out = malloc(dir + strlen(text) + 1);
    if (out != NULL) {
        memcpy(out, path, dir);
        strcpy(out + dir, text);
    }
    return out;
}

/* The file a path names after its symlinks (of its last part; the kernel
 * follows those of its directories), in new memory: the temporary goes
 * beside it and is renamed onto it, so a link stays a link and a dangling
 * one gets its file.  A path that is no link is its own target. */
static char *resolve_target(const char *path, struct hb_error *err)
{
    char *cur = strdup(path);
    char text[PATH_MAX + 1];
    for (int hops = 0; cur != NULL; hops++) {
        ssize_t n = readlink(cur, text, sizeof text - 1);
        if (n < 0)
            return cur;
        if (hops == LINKS_MAX) {
            free(cur);
            hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                         strerror(ELOOP));
            return NULL;
        }
        text[n] = 0;
        char *next = link_target(cur, text);
        free(cur);
        cur = next;
    }
    hb_error_nomem(err, "naming the output file");
    return NULL;
}

/* ------------------------------------------------- stale temporaries */

/* The short stem of target NAME's temporaries, when ".NAME.tmp-PID-N"
 * is longer than its directory takes (NAME at or near the limit):
 * "hb-HASH", HASH 8 hex digits of NAME's 32-bit FNV-1a hash. */
static void short_stem(const char *name, char *stem, size_t size)
{
    uint32_t h = 2166136261u;
    for (; *name != '\0'; name++)
        h = (h ^ (unsigned char)*name) * 16777619u;
    snprintf(stem, size, "hb-%08x", (unsigned)h);
}

/* The PID of a directory entry ".STEM.tmp-PID-N", or 0. */
static long stem_pid(const char *entry, const char *name)
{
    size_t n = strlen(name);
    if (entry[0] != '.' || strncmp(entry + 1, name, n) != 0
        || strncmp(entry + 1 + n, ".tmp-", 5) != 0)
        return 0;
    const char *p = entry + n + 6;
    char *end;
    errno = 0;
    long pid = strtol(p, &end, 10);
    if (end == p || *end != '-' || pid <= 0 || errno != 0)
        return 0;
    p = end + 1;
    (void)strtoul(p, &end, 10);
    return end != p && *end == 0 ? pid : 0;
}

/* The PID of a temporary of target NAME, of either form, or 0. */
static long temp_pid(const char *entry, const char *name)
{
    char stem[16];
    long pid = stem_pid(entry, name);
    if (pid != 0)
        return pid;
    short_stem(name, stem, sizeof stem);
    return stem_pid(entry, stem);
}

/* kill(pid, 0) fails with ESRCH only when no such process exists; a
 * process of another user (EPERM) is alive. */
static int process_gone(long pid)
{
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Remove the temporaries of target that dead printers left. */
static void remove_stale_temps(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dir_len = slash ? (size_t)(slash - target) + 1 : 0;
    char *dir = dir_len ? strndup(target, dir_len) : strdup(".");
    DIR *d = dir ? opendir(dir) : NULL;
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        long pid = temp_pid(e->d_name, target + dir_len);
        if (pid == 0 || pid == (long)getpid() || !process_gone(pid))
            continue;
        char *stale = malloc(dir_len + strlen(e->d_name) + 1);
        if (stale == NULL)
            break;
        memcpy(stale, target, dir_len);
        strcpy(stale + dir_len, e->d_name);
        unlink(stale);
        free(stale);
    }
    if (d != NULL)
        closedir(d);
    free(dir);
}

/* ------------------------------------------------ a stream keeping errno */

/* The descriptor under out->fp: every write is continued until done or
 * failed, and the first errno is kept for the message. */
static ssize_t cookie_write(void *cookie, const char *buf, size_t size)
{
    struct hb_outfile *out = cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(out->fd, buf + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (out->write_errno == 0)
                out->write_errno = n < 0 ? errno : EIO;
            return -1;
        }
        done += (size_t)n;
    }
    return (ssize_t)done;
}

static int cookie_close(void *cookie)
{
    struct hb_outfile *out = cookie;
    int r = close(out->fd);
    if (r != 0 && out->write_errno == 0)
        out->write_errno = errno;
    out->fd = -1;
    return r;
}

static int open_stream(struct hb_outfile *out, int fd)
{
    static const cookie_io_functions_t io = {
        .read = NULL, .write = cookie_write, .seek = NULL,
        .close = cookie_close
    };
    out->fd = fd;
    out->write_errno = 0;
    out->fp = fopencookie(out, "w", io);
    return out->fp != NULL ? 0 : -1;
}

/* ----------------------------------------------------- standard output */

static struct hb_outfile stdout_file = { .fd = -1 };
static int stdout_said;

int hb_stdout_capture(void)
{
    if (open_stream(&stdout_file, STDOUT_FILENO) < 0)
        return -1;
    stdout = stdout_file.fp;
    return 0;
}

int hb_stdout_failed(void)
{
    return ferror(stdout) || stdout_file.write_errno != 0;
}

int hb_stdout_errno(void)
{
    return stdout_file.write_errno != 0 ? stdout_file.write_errno : EIO;
}

const char *hb_outfile_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard output" : path;
}

int hb_stdout_first_report(void)
{
    if (stdout_said)
        return 0;
    stdout_said = 1;
    return 1;
}

/* --------------------------------------------------------------- files */

/* Create the temporary beside target: ".NAME.tmp-PID-N" in its directory,
 * or when that is too long a name, ".hb-HASH.tmp-PID-N" (short_stem).
 * Returns its descriptor, or -1 with errno set. */
static int create_temp(const char *target, char **temp_path)
{
    const char *slash = strrchr(target, '/');
    int dir_len = slash ? (int)(slash - target) + 1 : 0;
    const char *name = target + dir_len;
    char stem[16];
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
        if (errno == ENAMETOOLONG && name != stem) {
            short_stem(name, stem, sizeof stem);  /* then from attempt 0 */
            name = stem;
            attempt = (unsigned)-1;
            continue;
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
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno));
    if (open_stream(out, fd) < 0) {
        close(fd);
        return hb_error_nomem(err, "opening the output file");
    }
    return 0;
}

/* A file larger than RLIMIT_FSIZE would kill the printer with SIGXFSZ
 * and leave its temporary: ignored, the write fails with EFBIG instead,
 * which is cleaned up after like any write error. */
static void write_errors_not_signals(void)
{
    signal(SIGXFSZ, SIG_IGN);
}

int hb_outfile_open(struct hb_outfile *out, const char *path,
                    struct hb_error *err)
{
    memset(out, 0, sizeof *out);
    out->fd = -1;
    write_errors_not_signals();
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
    remove_stale_temps(out->target_path);
    int fd = create_temp(out->target_path, &out->temp_path);
    if (fd >= 0) {
        if (open_stream(out, fd) == 0)
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
        return fflush(out->fp) == 0 && !hb_stdout_failed() ? 0
               : hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                              strerror(hb_stdout_errno()));
    int failed = ferror(out->fp) ? EIO : 0;
    if (fclose(out->fp) != 0 && !failed)
        failed = EIO;
    out->fp = NULL;
    if (failed && out->write_errno != 0)
        failed = out->write_errno;          /* the real reason */
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
