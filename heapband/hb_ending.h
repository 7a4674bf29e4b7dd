/*--------------------------------------------------------------------*/
/*--- heapband: how the run ended.                      hb_ending.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_ENDING_H
#define __HB_ENDING_H

#include "hb_global.h"
#include "hb_stacks.h"

/* How the run of a file ended (docs/heapband-format.md, section 13). */
typedef enum {
   HbEndRunning,   /* a snapshot: it had not */
   HbEndExit,      /* exit_group, or the last thread's exit */
   HbEndSignal,    /* a fatal signal */
   HbEndExec       /* an execve that replaces the program */
} HbEndKind;

typedef struct {
   HbEndKind      kind;
   Int            status;     /* HbEndExit: 0..255 */
   Int            signo;      /* HbEndSignal: 0 when the tool cannot tell */
   const HbStack* stack;      /* HbEndSignal: the thread's stack, or NULL */
   const HChar*   program;    /* HbEndExec: the program, as execve got it */
   const HChar*   next_file;  /* HbEndExec: the exec'd program's file, or
                                 NULL when it is not traced */
} HbEnding;

/* The word of section 13 for a signal number ("SIGSEGV", "SIGRTMIN+3"),
   or NULL for 0 and numbers that are no signal. */
const HChar* HB_(signal_name) ( Int signo );

/* Every system call, before and after (hb_main.c's hooks): exit_group,
   exit, the signals the program sends itself, sigaction, execve. */
void HB_(ending_pre_syscall)  ( ThreadId tid, UInt sysno, UWord* args );
void HB_(ending_post_syscall) ( ThreadId tid, UInt sysno, UWord* args,
                                SysRes res );
/* A thread starts in the slot child (which an exited thread may have
   had). */
void HB_(ending_thread_created) ( ThreadId child );
/* A signal goes to one of the program's handlers. */
void HB_(ending_signal_handled) ( ThreadId tid, Int signo );

/* An execve (or execveat) whose program will replace this one (a
   regular file with an execute bit): its ending, with the next file when
   the core will trace the new program, in *e; False for any other call.
   HB_(exec_done) then takes the written file's name (or NULL), passes
   this program's options on to the next one's tool when it is traced,
   and frees e's texts. */
Bool HB_(exec_begins) ( UInt sysno, const UWord* args, HbEnding* e );
void HB_(exec_done)   ( HbEnding* e, const HChar* written );

/* At fini: how the run ended, with the stack of the thread a signal
   killed. */
HbEnding HB_(ending_at_exit) ( void );

/* The file this program's follows (the header's exec-from line), or NULL
   when this program was not exec'd under heapband; and its place in its
   process's chain of programs (1 for the first). */
const HChar* HB_(exec_from)   ( void );
UInt         HB_(exec_number) ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_ending.h ---*/
/*--------------------------------------------------------------------*/
