/*--------------------------------------------------------------------*/
/*--- heapband: wrappers of the program's allocator.      hb_wrap.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: --allocator=program's side inside the client.  Part of the
   preload vgpreload_heapband-<platform>.so, beside Valgrind's malloc
   replacement.

   Why wrappers and how they are switched on.  The core loads one preload
   per tool and turns every _vgr (replace) and _vgw (wrap) symbol of every
   loaded object into a redirection (coregrind/m_redir.c).  Two
   redirections of one function are resolved by their equivalence class
   and priority (the five digits after _vgr/_vgw): same class, the higher
   priority wins.  So each wrapper below has the class of the replacement
   of the same function and priority 1 against its 0, and wins wherever it
   is active.  It is active only with --allocator=program: its soname
   pattern is a synonym (VgSoSynhbp?, pub_tool_redir.h's VG_SO_SYN), which
   m_redir.c ignores unless --soname-synonyms names it, and the tool adds
   those names to the core's synonyms after reading its options
   (hb_program.c), before the client's ld.so maps this preload.  A tool
   cannot choose at start-up in another way: the preload is put into
   LD_PRELOAD before the tool's options are read, and
   VG_(needs_malloc_replacement) is called before them too.

   Each wrapper tells the tool ENTER, calls the original function
   (valgrind.h's CALL_FN_*) and tells it LEAVE with the result and the
   block's usable size (malloc_usable_size, itself wrapped to pass
   through).  The tool counts only the outermost call of a thread
   (operator new calling malloc counts once) and takes the system calls
   made in between as the allocator's.  The functions that are not
   allocations (mallopt, malloc_trim, mallinfo, ...) are passed through,
   so that the program's allocator answers them and not the tool's. */

#include "pub_tool_basics.h"
#include "pub_tool_redir.h"
#include "hb_wrapreq.h"

extern SizeT malloc_usable_size ( void* p );

#define HB_SO_LIBC   VgSoSynhbpc   /* libc.so*              */
#define HB_SO_STDCXX VgSoSynhbps   /* libstdc++*            */
#define HB_SO_CXX    VgSoSynhbpx   /* libc++*               */
#define HB_SO_MALLOC VgSoSynhbpm   /* somalloc's, or any object */

#define WRAP(tag, so, fn) VG_WRAP_FUNCTION_EZU(tag, so, fn)

/* Returns the thread's depth of allocator calls, this one included. */
static inline Word enter ( void )
{
   return VALGRIND_DO_CLIENT_REQUEST_EXPR(0, VG_USERREQ__HB_WRAP_ENTER,
                                          0, 0, 0, 0, 0);
}

/* The usable size of the block p of an outermost call (depth 1); 0 for a
   nested call, which the tool ignores: asking an allocator about a block
   from inside its own call can re-enter it (tcmalloc, asked while it
   sets up a thread's cache, sets it up again, without end). */
static inline SizeT usable_size ( void* p, Word depth )
{
   return p != 0 && depth == 1 ? malloc_usable_size(p) : 0;
}

static inline void leave ( void )
{
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HB_WRAP_LEAVE, 0, 0, 0, 0, 0);
}

static inline void leave_alloc ( void* p, SizeT n, Word depth )
{
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HB_WRAP_LEAVE_ALLOC,
                                   p, n, usable_size(p, depth), 0, 0);
}

static inline void leave_free ( void* p )
{
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HB_WRAP_LEAVE_FREE,
                                   p, 0, 0, 0, 0);
}

static inline void leave_realloc ( void* old, void* p, SizeT n, Word depth )
{
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HB_WRAP_LEAVE_REALLOC,
                                   old, p, n, usable_size(p, depth), 0);
}

/* Allocations with one, two or three arguments; the first or the second
   (SIZE_ARG) is the size. */
#define ALLOC_W(tag, so, fn)                                          \
   void* WRAP(tag, so, fn) ( SizeT n );                               \
   void* WRAP(tag, so, fn) ( SizeT n )                                \
   {                                                                  \
      OrigFn f; void* p; Word d;                                      \
      VALGRIND_GET_ORIG_FN(f);                                        \
      d = enter(); CALL_FN_W_W(p, f, n); leave_alloc(p, n, d);        \
      return p;                                                       \
   }
#define ALLOC_WW(tag, so, fn, size_arg)                               \
   void* WRAP(tag, so, fn) ( Word a, Word b );                        \
   void* WRAP(tag, so, fn) ( Word a, Word b )                         \
   {                                                                  \
      OrigFn f; void* p; Word d;                                      \
      VALGRIND_GET_ORIG_FN(f);                                        \
      d = enter(); CALL_FN_W_WW(p, f, a, b);                          \
      leave_alloc(p, size_arg, d);                                    \
      return p;                                                       \
   }
#define ALLOC_WWW(tag, so, fn)                                        \
   void* WRAP(tag, so, fn) ( Word n, Word al, Word nt );              \
   void* WRAP(tag, so, fn) ( Word n, Word al, Word nt )               \
   {                                                                  \
      OrigFn f; void* p; Word d;                                      \
      VALGRIND_GET_ORIG_FN(f);                                        \
      d = enter(); CALL_FN_W_WWW(p, f, n, al, nt);                    \
      leave_alloc(p, n, d);                                           \
      return p;                                                       \
   }

/* Frees with one to three arguments (sized, aligned, nothrow deletes). */
#define FREE_W(tag, so, fn)                                           \
   void WRAP(tag, so, fn) ( void* p );                                \
   void WRAP(tag, so, fn) ( void* p )                                 \
   {                                                                  \
      OrigFn f;                                                       \
      VALGRIND_GET_ORIG_FN(f);                                        \
      enter(); CALL_FN_v_W(f, p); leave_free(p);                      \
   }
#define FREE_WW(tag, so, fn)                                          \
   void WRAP(tag, so, fn) ( void* p, Word a );                        \
   void WRAP(tag, so, fn) ( void* p, Word a )                         \
   {                                                                  \
      OrigFn f;                                                       \
      VALGRIND_GET_ORIG_FN(f);                                        \
      enter(); CALL_FN_v_WW(f, p, a); leave_free(p);                  \
   }
#define FREE_WWW(tag, so, fn)                                         \
   void WRAP(tag, so, fn) ( void* p, Word a, Word b );                \
   void WRAP(tag, so, fn) ( void* p, Word a, Word b )                 \
   {                                                                  \
      OrigFn f;                                                       \
      VALGRIND_GET_ORIG_FN(f);                                        \
      enter(); CALL_FN_v_WWW(f, p, a, b); leave_free(p);              \
   }

#define CALLOC(tag, so, fn)                                           \
   void* WRAP(tag, so, fn) ( SizeT n, SizeT m );                      \
   void* WRAP(tag, so, fn) ( SizeT n, SizeT m )                       \
   {                                                                  \
      OrigFn f; void* p; Word d;                                      \
      VALGRIND_GET_ORIG_FN(f);                                        \
      d = enter(); CALL_FN_W_WW(p, f, n, m);                          \
      leave_alloc(p, n * m, d);   /* no block unless n * m fits */    \
      return p;                                                       \
   }

#define REALLOC(tag, so, fn)                                          \
   void* WRAP(tag, so, fn) ( void* old, SizeT n );                    \
   void* WRAP(tag, so, fn) ( void* old, SizeT n )                     \
   {                                                                  \
      OrigFn f; void* p; Word d;                                      \
      VALGRIND_GET_ORIG_FN(f);                                        \
      d = enter(); CALL_FN_W_WW(p, f, old, n);                        \
      leave_realloc(old, p, n, d);                                    \
      return p;                                                       \
   }

#define POSIX_MEMALIGN(tag, so, fn)                                   \
   int WRAP(tag, so, fn) ( void** pp, SizeT al, SizeT n );            \
   int WRAP(tag, so, fn) ( void** pp, SizeT al, SizeT n )             \
   {                                                                  \
      OrigFn f; Word rc, d;                                           \
      VALGRIND_GET_ORIG_FN(f);                                        \
      d = enter(); CALL_FN_W_WWW(rc, f, pp, al, n);                   \
      leave_alloc(rc == 0 ? *pp : 0, n, d);                           \
      return (int)rc;                                                 \
   }

/* Not allocations: passed through, inside ENTER/LEAVE since they may
   give memory back to the system (malloc_trim).  A function returning a
   structure (mallinfo) takes the hidden result pointer as its first
   argument and returns it, so passing one word through is exact. */
#define PASS_W(tag, so, fn)                                           \
   Word WRAP(tag, so, fn) ( Word a, Word b );                         \
   Word WRAP(tag, so, fn) ( Word a, Word b )                          \
   {                                                                  \
      OrigFn f; Word r;                                               \
      VALGRIND_GET_ORIG_FN(f);                                        \
      enter(); CALL_FN_W_WW(r, f, a, b); leave();                     \
      return r;                                                       \
   }
/* malloc_usable_size: no system call, no ENTER/LEAVE. */
#define PASS_QUIET(tag, so, fn)                                       \
   Word WRAP(tag, so, fn) ( Word a );                                 \
   Word WRAP(tag, so, fn) ( Word a )                                  \
   {                                                                  \
      OrigFn f; Word r;                                               \
      VALGRIND_GET_ORIG_FN(f);                                        \
      CALL_FN_W_W(r, f, a);                                           \
      return r;                                                       \
   }

/* Every function Valgrind 3.19's replacement covers on Linux, in every
   soname it covers, at the replacement's class and priority 1. */
#define CXX_NEW(so)                                                   \
   ALLOC_W  (10031, so, _Znwm)                                        \
   ALLOC_W  (10031, so, _Znam)                                        \
   ALLOC_WW (10031, so, _ZnwmSt11align_val_t, a)                      \
   ALLOC_WW (10031, so, _ZnamSt11align_val_t, a)                      \
   ALLOC_WW (10011, so, _ZnwmRKSt9nothrow_t, a)                       \
   ALLOC_WW (10011, so, _ZnamRKSt9nothrow_t, a)                       \
   ALLOC_WWW(10011, so, _ZnwmSt11align_val_tRKSt9nothrow_t)           \
   ALLOC_WWW(10011, so, _ZnamSt11align_val_tRKSt9nothrow_t)           \
   FREE_W   (10051, so, _ZdlPv)                                       \
   FREE_W   (10051, so, _ZdaPv)                                       \
   FREE_WW  (10051, so, _ZdlPvm)                                      \
   FREE_WW  (10051, so, _ZdaPvm)                                      \
   FREE_WW  (10051, so, _ZdlPvSt11align_val_t)                        \
   FREE_WW  (10051, so, _ZdaPvSt11align_val_t)                        \
   FREE_WW  (10051, so, _ZdlPvRKSt9nothrow_t)                         \
   FREE_WW  (10051, so, _ZdaPvRKSt9nothrow_t)                         \
   FREE_WWW (10051, so, _ZdlPvmSt11align_val_t)                       \
   FREE_WWW (10051, so, _ZdaPvmSt11align_val_t)                       \
   FREE_WWW (10051, so, _ZdlPvSt11align_val_tRKSt9nothrow_t)          \
   FREE_WWW (10051, so, _ZdaPvSt11align_val_tRKSt9nothrow_t)

#define C_MALLOC(so)                                                  \
   ALLOC_W  (10011, so, malloc)                                       \
   FREE_W   (10051, so, free)                                         \
   FREE_W   (10051, so, cfree)                                        \
   CALLOC   (10071, so, calloc)                                       \
   REALLOC  (10091, so, realloc)                                      \
   ALLOC_WW (10111, so, memalign, b)                                  \
   ALLOC_W  (10121, so, valloc)                                       \
   POSIX_MEMALIGN(10161, so, posix_memalign)                          \
   ALLOC_WW (10171, so, aligned_alloc, b)                             \
   PASS_W   (10141, so, mallopt)                                      \
   PASS_W   (10151, so, malloc_trim)                                  \
   PASS_QUIET(10181, so, malloc_usable_size)                          \
   PASS_QUIET(10181, so, malloc_size)                                 \
   PASS_W   (10201, so, malloc_stats)                                 \
   PASS_W   (10211, so, mallinfo)

C_MALLOC(HB_SO_LIBC)
C_MALLOC(HB_SO_MALLOC)
CXX_NEW(HB_SO_LIBC)
CXX_NEW(HB_SO_STDCXX)
CXX_NEW(HB_SO_CXX)
CXX_NEW(HB_SO_MALLOC)

/* Only libc.so has these in the replacement (pvalloc allocates; the
   other two are obsolete glibc entry points, passed through). */
ALLOC_W  (10191, HB_SO_LIBC, pvalloc)
PASS_W   (10191, HB_SO_LIBC, malloc_get_state)
PASS_W   (10191, HB_SO_LIBC, malloc_set_state)

/* g++'s old names, and libstdc++'s malloc and free, as the replacement
   has them. */
#define OLD_CXX(so)                                                   \
   ALLOC_W  (10031, so, __builtin_new)                                \
   ALLOC_W  (10031, so, __builtin_vec_new)                            \
   ALLOC_W  (10031, so, builtin_new)                                  \
   FREE_W   (10051, so, __builtin_delete)                             \
   FREE_W   (10051, so, __builtin_vec_delete)
OLD_CXX(HB_SO_LIBC)
OLD_CXX(HB_SO_STDCXX)
ALLOC_W  (10011, HB_SO_STDCXX, malloc)
FREE_W   (10051, HB_SO_STDCXX, free)
FREE_W   (10051, HB_SO_STDCXX, cfree)

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_wrap.c ---*/
/*--------------------------------------------------------------------*/
