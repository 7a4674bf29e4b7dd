/*--------------------------------------------------------------------*/
/*--- heapband: command-line options.                 hb_options.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_OPTIONS_H
#define __HB_OPTIONS_H

#include "hb_global.h"
#include "hb_time.h"

typedef struct {
   HbTimeUnit   time_unit;   /* --time-unit=i|B|ms          [i]    */
   Bool         quarter;     /* --bands=quarter|pow2        [quarter] */
   UInt         columns;     /* --columns=N                 [128]  */
   UInt         depth;       /* --depth=N                   [12]   */
   UInt         sites;       /* --sites=K|all; 0 for all    [20]   */
   const HChar* out_file;    /* --heapband-out-file=NAME [heapband.out.%p],
                                its %q{VAR}s replaced by HB_(options_done)
                                and its %n by this program's number */
   const HChar* out_pattern; /* the same with %n kept, for the programs
                                this one execs (HB_(out_file_for)) */
   UInt         exec_number; /* --heapband-exec-number=N, set by heapband
                                at an exec: the program's place in its
                                process's chain of execs [1] */
   const HChar* exec_from;   /* --heapband-exec-from=FILE, set with it:
                                the file of the program before [none] */
   Bool         fast_calls;  /* --fast-calls=yes|no (debug) [yes] */
   Bool         block_cache; /* --block-cache=yes|no (debug) [yes] */
   HbTime       snapshot_every; /* --snapshot-every=T; 0 for none [0] */
   Bool         leak_scan;   /* --leak-scan=yes|no          [yes]  */
   UInt         leak_heuristics; /* --leak-check-heuristics, a set of
                                HB_HEUR_* bits (hb_leakscan.h) [all] */
   Bool         allocator_program; /* --allocator=valgrind|program [valgrind] */
} HbOptions;

extern HbOptions HB_(clo);

Bool HB_(process_cmd_line_option) ( const HChar* arg );
/* Once every option is read, before the program starts: adjusts the core's
   options heapband depends on and checks what needs all the options; a
   problem ends the run with a message. */
void HB_(options_done)            ( void );
/* The --heapband-out-file name (%p and %% still to expand) for the
   program numbered n in its process's chain of execs. */
HChar* HB_(out_file_for)          ( UInt n );
void HB_(print_usage)             ( void );
void HB_(print_debug_usage)       ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_options.h ---*/
/*--------------------------------------------------------------------*/
