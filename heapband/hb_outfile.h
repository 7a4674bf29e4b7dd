/*--------------------------------------------------------------------*/
/*--- heapband: where the heap-band file goes.         hb_outfile.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_OUTFILE_H
#define __HB_OUTFILE_H

#include "hb_global.h"
#include "hb_writer.h"

/* A heap-band file being written: whole or not at all. */
typedef struct _HbOutFile HbOutFile;

/* Starts writing the file `name`: through its symbolic links, under a
   temporary name beside the file they lead to, after removing the
   temporaries that dead runs left for that file; a name that is not a
   regular file (/dev/null, a pipe) is written in place.  NULL if it
   cannot be created (said on stderr). */
HbOutFile* HB_(outfile_begin)   ( const HChar* name );
HbWriter*  HB_(outfile_writer)  ( HbOutFile* of );
/* Ends it: the temporary renamed onto the target, or, after any error,
   removed with the target untouched.  False on failure (said on
   stderr, naming the file and the reason); the run then fails. */
Bool       HB_(outfile_commit)  ( HbOutFile* of );

/* At start-up: refuses to start (a message, exit status 1) when the
   output file `name` could not be created. */
void       HB_(outfile_check_can_create)( const HChar* name );

/* The client called exit_group: it ends normally, with a status the
   tool may replace. */
void       HB_(outfile_client_exits)( void );
/* At the very end of fini: when a file could not be written, ends the
   process with status --error-exitcode's N, or 1, unless the client is
   dying of a signal. */
void       HB_(outfile_exit_if_failed)( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_outfile.h ---*/
/*--------------------------------------------------------------------*/
