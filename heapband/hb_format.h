/*--------------------------------------------------------------------*/
/*--- heapband: constants of the heap-band file format.  hb_format.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* The numbers that the tool (which writes heap-band files) and
   heapband_print (which reads them) must agree on, in one place.  Both
   include this header: it holds #defines only, no types and no includes,
   so that it compiles inside Valgrind (no libc) and in plain C11.  Each
   constant names the section of docs/heapband-format.md that defines it. */

#ifndef HB_FORMAT_H
#define HB_FORMAT_H

/* The version the tool writes (its first line, "heapband-format N":
   section 1, "Header"). */
#define HB_FORMAT_VERSION 5

/* The longest line, in bytes, without its newline ("General rules"). */
#define HB_LINE_MAX 4096

/* Lifetime buckets: 0 for lifetime 0, k for [2^(k-1), 2^k), k <= 64
   (section 6, "life" records). */
#define HB_LIFE_BUCKETS 65

/* The longest mark name, in bytes (section 3, "mark" records). */
#define HB_MARK_NAME_MAX 200

/* The most "mark" lines a file may have (section 3): the tool keeps a
   run's first HB_MARKS_MAX marks and counts the rest in "marks-dropped",
   so a reader's memory for marks stays bounded. */
#define HB_MARKS_MAX 10000

/* The most size bands a file may have (section 2, "band" records): the
   quarter layout's 252 (band 0, then 64 octaves of at most four
   sub-bands) rounded up to a power of two, since the tool packs a band
   into the low bits of a key. */
#define HB_MAX_BANDS 256

/* The deepest stack a site records (--depth; section 7, "site"
   records). */
#define HB_MAX_DEPTH 64

/* The longest object path, source path or function name (section 7,
   "object", "source" and "frame" records): longer ones are cut, so that
   every record fits in HB_LINE_MAX. */
#define HB_NAME_MAX 2048

/* The time bins a site's times (the ranges that end its `sb` record,
   section 7) are kept in: a bin is 2^k stored columns, k the smallest with
   columns-budget <= HB_SITE_TIME_BINS * 2^k. */
#define HB_SITE_TIME_BINS 128

/* The other anonymous memory (section 3, "other-anon") that the tool's
   and heapband_print's summaries of an "allocator: valgrind" run call
   out when its PEAK exceeds the heap's peak: at least this many bytes,
   which keeps the dynamic loader's and a small program's own mappings
   out of it. */
#define HB_OTHER_ANON_NOTE_MIN (1024 * 1024)

/* The largest signal number an "ending signal" record names (section 13;
   Linux's SIGRTMAX). */
#define HB_SIGNAL_MAX 64

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_format.h ---*/
/*--------------------------------------------------------------------*/
