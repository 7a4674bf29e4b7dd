/*--------------------------------------------------------------------*/
/*--- heapband: the Valgrind it runs in.            hb_vgversion.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the start-up check that the Valgrind installation running the
     tool is the version it was built against (HB_VG_VERSION, from
     pkg-config at configure time).
   - Invariant: a run goes on only if that version is found in the
     installation, or if the installation names no version.
   - Cost: once, at start-up: one read of none-<platform> (2 MB or so).

   Why: a tool is a static executable that holds its own copy of the core
   (libcoregrind), so `valgrind --tool=heapband` of another version still
   starts it; no version is exchanged between the launcher, the tool and
   the installation's files it then uses (vgpreload_core-<platform>.so in
   the program, default.supp, the gdbserver target files).  Those may
   change between versions, and a mixed run can misbehave anywhere.  The
   core tells a tool only where that installation is (VG_(libdir)), so
   the version is read there, from the tool every installation has,
   none-<platform>: its --version text, "valgrind-" VERSION "\n", is a
   string of the core, the same in every release. */

#include "hb_vgversion.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"

#define HB_VERSION_MAX 32            /* longest version text looked for */
#define HB_READ_CHUNK  (64 * 1024)

static const HChar marker[] = "valgrind-";

/* The version in buf[i..] if a "\0valgrind-VERSION\n\0" string starts at
   buf[i] (its '\0' at i - 1, which the caller checked), copied to out. */
static Bool version_at ( const HChar* buf, Int i, Int len, HChar* out )
{
   Int m = sizeof(marker) - 1, j;
   if (i + m > len || VG_(memcmp)(buf + i, marker, m) != 0) return False;
   for (j = 0; j < HB_VERSION_MAX && i + m + j < len; j++) {
      HChar c = buf[i + m + j];
      if (c == '\n') {
         if (j == 0 || i + m + j + 1 >= len || buf[i + m + j + 1] != 0)
            return False;
         VG_(memcpy)(out, buf + i + m, j);
         out[j] = 0;
         return True;
      }
      /* No '-': "valgrind-" VERSION "-" VGGIT, the -v banner's, is not
         the version alone. */
      if (!VG_(isdigit)(c) && c != '.' && !(c >= 'A' && c <= 'Z')
          && !(c >= 'a' && c <= 'z'))
         return False;
   }
   return False;
}

/* The first version string in the file at path: True and *out set if
   there is one.  Read in chunks overlapping by the longest match, so a
   string across two chunks is found. */
static Bool version_in_file ( const HChar* path, HChar* out )
{
   Int    keep = sizeof(marker) + HB_VERSION_MAX + 2, have = 0, n, i;
   HChar* buf;
   Bool   found = False;
   SysRes sr = VG_(open)(path, VKI_O_RDONLY, 0);
   if (sr_isError(sr)) return False;
   buf = VG_(malloc)("hb.vgversion.buf", HB_READ_CHUNK + keep);
   while (!found
          && (n = VG_(read)(sr_Res(sr), buf + have, HB_READ_CHUNK)) > 0) {
      Int len = have + n;
      for (i = 1; i < len && !found; i++)
         if (buf[i] == 'v' && buf[i - 1] == 0)
            found = version_at(buf, i, len, out);
      have = len < keep ? len : keep;
      VG_(memmove)(buf, buf + len - have, have);
   }
   VG_(free)(buf);
   VG_(close)(sr_Res(sr));
   return found;
}

void HB_(check_valgrind_version) ( void )
{
   const HChar* name = "none-" HB_PLATFORM;
   SizeT        len  = VG_(strlen)(VG_(libdir)) + VG_(strlen)(name) + 2;
   HChar*       path = VG_(malloc)("hb.vgversion.path", len);
   HChar        running[HB_VERSION_MAX + 1];
   VG_(snprintf)(path, len, "%s/%s", VG_(libdir), name);
   if (version_in_file(path, running)
       && VG_(strcmp)(running, HB_VG_VERSION) != 0) {
      VG_(fmsg)("heapband: this heapband was built for Valgrind %s, but "
                "the Valgrind in %s is %s.\n", HB_VG_VERSION, VG_(libdir),
                running);
      VG_(fmsg)("A tool runs only in the Valgrind it was built against: "
                "rebuild heapband against Valgrind %s, or install "
                "Valgrind %s.\n", running, HB_VG_VERSION);
      VG_(exit)(1);
   }
   VG_(free)(path);
}

/*--------------------------------------------------------------------*/
/*--- end                                           hb_vgversion.c ---*/
/*--------------------------------------------------------------------*/
