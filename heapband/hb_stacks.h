/*--------------------------------------------------------------------*/
/*--- heapband: allocation stacks as written.          hb_stacks.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_STACKS_H
#define __HB_STACKS_H

#include "hb_global.h"

/* A place in the code as written: an object file and a function and
   source line, or, without a source line, an offset in the object. */
typedef struct _HbFrame HbFrame;
/* A list of frames, innermost first: what an allocation site is. */
typedef struct _HbStack HbStack;

void           HB_(stacks_init)  ( void );

/* The written form of the stack of the ExeContext numbered ecu, made
   just now of these code addresses: the same HbStack for every stack
   whose frames (down to main, as the core shows them) read alike: the
   same object, function and source line, or without a source line the
   same object and offset.  The frames are located and named now, while
   their code is mapped. */
const HbStack* HB_(stack_of)     ( UInt ecu, const Addr* ips, UInt n_ips );

/* A number from 1, in order of first use, that identifies the stack. */
UInt           HB_(stack_id)     ( const HbStack* stack );
UInt           HB_(stack_depth)  ( const HbStack* stack );
const HbFrame* HB_(stack_frame)  ( const HbStack* stack, UInt i );

/* What a frame record says (section 7, "frame" records). */
typedef struct {
   const HChar* object;   /* the object file, NULL if none */
   Addr         offset;   /* in the object, as addr2line -e takes it (the
                             lowest of the frame's addresses); the address
                             itself if object is NULL */
   const HChar* fn;       /* the function, or "???" */
   const HChar* file;     /* the source file, NULL if unknown */
   UInt         line;
} HbFrameText;

/* The frame's names, looked up when it was located.  object, fn and file
   are interned: equal names are one pointer, which identifies them; they
   stay valid to the end. */
void           HB_(frame_text)   ( const HbFrame* frame, HbFrameText* text );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_stacks.h ---*/
/*--------------------------------------------------------------------*/
