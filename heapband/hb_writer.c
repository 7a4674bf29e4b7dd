/*--------------------------------------------------------------------*/
/*--- heapband: buffered writes whose every error is kept.         ---*/
/*---                                                  hb_writer.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the bytes of a file on their way to the kernel.  The core's
   VG_(fprintf) on a VgFile ignores what VG_(write) returns, so a full
   disk gave a cut file that looked written; here every VG_(write) is
   checked, a short write is continued, and the first error is kept and
   returned at close, so that hb_outfile.c can drop the file instead.

   Invariant (asserted at each write and at close): after the first error
   nothing more is written (the file is lost anyway), so a full disk costs
   no more calls, and that first error is the one kept.  VG_(close) returns
   nothing a tool can see; on a local file system a write error shows at
   the write.

   A writer made for a NAME.gz file passes each full buffer through
   hb_sink.c's compressor before the checked writes, and at close writes
   the compressor's last block and trailer the same way: one write path,
   plain or compressed.

   Cost: one copy of each byte into a 64 KB buffer, one write per 64 KB
   (compressed: the compressor's cost, hb_sink.c). */

#include "hb_writer.h"
#include "hb_sink.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"

#define HB_WRITER_BUF (64 * 1024)

/* Linux's values of two errnos the core's headers do not name. */
#define HB_ENAMETOOLONG 36
#define HB_EDQUOT       122

struct _HbWriter {
   Int   fd;
   Int   err;                  /* the first errno, 0 while none */
   HbDeflate* gz;              /* NULL: the text as it is */
   UInt  used;                 /* bytes waiting in buf */
   HChar buf[HB_WRITER_BUF];
};

/* Writes bytes to the descriptor, all of them or until an error. */
static void write_bytes ( const UChar* bytes, UInt len, void* opaque )
{
   HbWriter* w = opaque;
   UInt done = 0;
   while (w->err == 0 && done < len) {
      Int n = VG_(write)(w->fd, bytes + done, (Int)(len - done));
      if (n > 0)       done += (UInt)n;
      else if (n == 0) w->err = VKI_EIO;   /* no progress: never loop */
      else if (-n != VKI_EINTR) w->err = -n;
   }
   tl_assert(w->err > 0 || done == len);   /* all of it, or an error kept */
}

HbWriter* HB_(writer_new) ( Int fd, Bool gzip )
{
   HbWriter* w = VG_(malloc)("hb.writer", sizeof(HbWriter));
   w->fd   = fd;
   w->err  = 0;
   w->used = 0;
   w->gz   = gzip ? HB_(deflate_begin)(write_bytes, w) : NULL;
   return w;
}

/* Writes out the buffer (compressed, for a gzip writer). */
static void flush ( HbWriter* w )
{
   if (w->err == 0 && w->used > 0) {
      if (w->gz != NULL) HB_(deflate_text)(w->gz, w->buf, w->used);
      else               write_bytes((const UChar*)w->buf, w->used, w);
   }
   w->used = 0;
}

static void put_char ( HChar c, void* opaque )
{
   HbWriter* w = opaque;
   if (w->err != 0) return;
   w->buf[w->used++] = c;
   if (w->used == HB_WRITER_BUF) flush(w);
}

void HB_(wprintf) ( HbWriter* w, const HChar* format, ... )
{
   va_list vargs;
   va_start(vargs, format);
   VG_(vcbprintf)(put_char, w, format, vargs);
   va_end(vargs);
}

Int HB_(writer_close) ( HbWriter* w )
{
   Int err;
   flush(w);
   tl_assert(w->used == 0);
   if (w->gz != NULL) HB_(deflate_end)(w->gz);   /* last block, trailer */
   err = w->err;
   tl_assert(err >= 0);
   VG_(close)(w->fd);
   VG_(free)(w);
   return err;
}

const HChar* HB_(errno_text) ( Int err )
{
   static HChar other[32];
   switch (err) {
      case VKI_ENOSPC:       return "No space left on device";
      case HB_EDQUOT:       return "Disk quota exceeded";
      case VKI_EFBIG:        return "File too large";
      case VKI_EIO:          return "Input/output error";
      case VKI_EROFS:        return "Read-only file system";
      case VKI_EACCES:       return "Permission denied";
      case VKI_EPERM:        return "Operation not permitted";
      case VKI_ENOENT:       return "No such file or directory";
      case VKI_ENOTDIR:      return "Not a directory";
      case VKI_EISDIR:       return "Is a directory";
      case HB_ENAMETOOLONG: return "File name too long";
      case VKI_ELOOP:        return "Too many levels of symbolic links";
      case VKI_EEXIST:       return "File exists";
      case VKI_ENXIO:        return "No such device or address";
      case VKI_EPIPE:        return "Broken pipe";
      case VKI_EBADF:        return "Bad file descriptor";
      case VKI_EMFILE:       return "Too many open files";
      case VKI_ENFILE:       return "Too many open files in system";
      case VKI_EXDEV:        return "Invalid cross-device link";
      default:
         VG_(snprintf)(other, sizeof(other), "error %d", err);
         return other;
   }
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_writer.c ---*/
/*--------------------------------------------------------------------*/
