/*--------------------------------------------------------------------*/
/*--- heapband: where the heap-band file goes.         hb_outfile.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the heap-band file as a file (hb_output.c owns what is in it):
   its name followed through symbolic links, its temporary, the stale
   temporaries of dead runs, the check at start-up that it can be
   created, and the exit status of a run whose file was lost.

   Nothing is lost: a file is written as TARGET.tmp.PID beside the file
   its links lead to (TARGET) and renamed onto it only when every write
   succeeded, so TARGET is whole or as it was, and a link stays a link.
   When TARGET's name is too long for TARGET.tmp.PID (the directory
   refuses it with ENAMETOOLONG: a name within 14 bytes of the limit),
   the temporary is .hb-HASH.tmp.PID in the same directory, HASH a hash
   of TARGET's name.  A run killed while writing leaves its temporary;
   the next run that writes TARGET removes those (of either form) whose
   PID is not a live process (under /proc).  Special files (/dev/null,
   a pipe) are written in place.

   The exit status: a tool cannot change the status the core gives the
   client's exit, except by ending the process itself.  So when a file
   could not be written, the end of fini calls VG_(exit) with the status
   of --error-exitcode (the core's option, as memcheck's errors use it)
   or 1.  That skips the core's last steps, so vgdb's FIFOs may be left in
   /tmp as after a crash.  A client dying of a signal keeps the core's
   path, which re-raises the signal: its status already says it failed.

   Cost: a readlink per name per write, a directory scan for stale
   temporaries at the first write of each target, a rename. */

#include "hb_outfile.h"
#include "hb_sink.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

/* Linux's ENAMETOOLONG (the SDK's vki headers lack it). */
#if defined(VKI_ENAMETOOLONG)
#  define HB_ENAMETOOLONG VKI_ENAMETOOLONG
#else
#  define HB_ENAMETOOLONG 36
#endif

/* Symbolic links followed before giving up, as the kernel's limit. */
#define HB_LINKS_MAX 40

struct _HbOutFile {
   HbWriter* w;
   HChar*    name;      /* as the user gave it, for messages */
   HChar*    target;    /* name through its links */
   HChar*    temp;      /* NULL: written in place */
};

static Bool   failed       = False;  /* a file was not written */
static Bool   client_exits = False;  /* exit_group was called */
static HChar* cleaned      = NULL;   /* the target last cleaned */

/*------------------------------------------------------------*/
/*--- Names                                                ---*/
/*------------------------------------------------------------*/

/* The length of path's directory part, its '/' included (0: none). */
static SizeT dir_len ( const HChar* path )
{
   const HChar* slash = VG_(strrchr)(path, '/');
   return slash != NULL ? (SizeT)(slash - path) + 1 : 0;
}

/* A link's text read as the kernel does: relative to its directory. */
static HChar* link_target ( const HChar* path, const HChar* text )
{
   SizeT  d   = text[0] == '/' ? 0 : dir_len(path);
   HChar* out = VG_(malloc)("hb.outfile.path", d + VG_(strlen)(text) + 1);
   VG_(memcpy)(out, path, d);
   VG_(strcpy)(out + d, text);
   return out;
}

/* name followed through its symbolic links (the last part of the name;
   directories may be links, the kernel follows those), in new memory;
   a name that is not a link, or does not exist, is its own target.
   NULL (and *err) past HB_LINKS_MAX links. */
static HChar* resolve_links ( const HChar* name, Int* err )
{
   HChar* path = VG_(strdup)("hb.outfile.path", name);
   HChar  text[VKI_PATH_MAX + 1];
   Int    hops;
   for (hops = 0; ; hops++) {
      HChar* next;
      SSizeT n = VG_(readlink)(path, text, VKI_PATH_MAX);
      if (n < 0) return path;
      if (hops == HB_LINKS_MAX) {
         VG_(free)(path);
         *err = VKI_ELOOP;
         return NULL;
      }
      text[n] = 0;
      next = link_target(path, text);
      VG_(free)(path);
      path = next;
   }
}

/* The short temporary's base for a target's base name: ".hb-" and 8 hex
   digits of a hash of it (32-bit FNV-1a), so that one target's
   temporaries are still told from another's. */
static void short_base ( const HChar* base, HChar* out, SizeT size )
{
   UInt hash = 2166136261u;
   for (; *base; base++) hash = (hash ^ (UChar)*base) * 16777619u;
   VG_(snprintf)(out, size, ".hb-%08x", hash);
}

/* TARGET.tmp.PID, or when that name is longer than the directory takes
   (a target's name at or near its limit), DIR/.hb-HASH.tmp.PID, which
   always fits: in the same directory, so the rename stays atomic. */
static HChar* temp_name ( const HChar* target, Int pid, Bool shortened )
{
   SizeT  d    = dir_len(target);
   SizeT  len  = VG_(strlen)(target) + 32;
   HChar* temp = VG_(malloc)("hb.outfile.temp", len);
   HChar  base[16];
   if (!shortened) {
      VG_(snprintf)(temp, len, "%s.tmp.%d", target, pid);
      return temp;
   }
   short_base(target + d, base, sizeof base);
   VG_(memcpy)(temp, target, d);
   VG_(snprintf)(temp + d, len - d, "%s.tmp.%d", base, pid);
   return temp;
}


/*------------------------------------------------------------*/
/*--- Stale temporaries                                    ---*/
/*------------------------------------------------------------*/

/* The pid that ends a directory entry named BASE.tmp.PID, or 0. */
static Int temp_pid_of ( const HChar* entry, const HChar* base )
{
   SizeT n = VG_(strlen)(base);
   Int   pid = 0;
   const HChar* p;
   if (VG_(strncmp)(entry, base, n) != 0
       || VG_(strncmp)(entry + n, ".tmp.", 5) != 0 || entry[n + 5] == 0)
      return 0;
   for (p = entry + n + 5; *p; p++) {
      if (*p < '0' || *p > '9' || pid > 99999999) return 0;
      pid = pid * 10 + (*p - '0');
   }
   return pid;
}

/* The pid of a temporary of the target named base, long or short, or 0. */
static Int temp_pid ( const HChar* entry, const HChar* base )
{
   HChar short_name[16];
   Int   pid = temp_pid_of(entry, base);
   if (pid != 0) return pid;
   short_base(base, short_name, sizeof short_name);
   return temp_pid_of(entry, short_name);
}

static Bool process_exists ( Int pid )
{
   HChar proc[32];
   struct vg_stat st;
   VG_(snprintf)(proc, sizeof(proc), "/proc/%d", pid);
   return !sr_isError(VG_(stat)(proc, &st));
}

/* Removes dir/entry when it is a temporary of target's whose process is
   gone. */
static void remove_if_stale ( const HChar* target, const HChar* entry )
{
   SizeT d   = dir_len(target);
   Int   pid = temp_pid(entry, target + d);
   HChar* path;
   if (pid == 0 || pid == VG_(getpid)() || process_exists(pid)) return;
   path = VG_(malloc)("hb.outfile.stale", d + VG_(strlen)(entry) + 1);
   VG_(memcpy)(path, target, d);
   VG_(strcpy)(path + d, entry);
   VG_(unlink)(path);
   VG_(free)(path);
}

/* The temporaries that killed runs left beside target.  Without /proc
   no process can be told dead, so none is removed. */
static void remove_stale_temps ( const HChar* target )
{
   HChar  buf[4096];
   HChar* dir;
   SizeT  d = dir_len(target);
   SysRes fd;
   Int    n;
   if (cleaned != NULL && VG_(strcmp)(cleaned, target) == 0) return;
   if (!process_exists(VG_(getpid)())) return;
   dir = d > 0 ? VG_(malloc)("hb.outfile.dir", d + 1)
               : VG_(strdup)("hb.outfile.dir", ".");
   if (d > 0) { VG_(memcpy)(dir, target, d); dir[d] = 0; }
   fd = VG_(open)(dir, VKI_O_RDONLY, 0);
   VG_(free)(dir);
   if (sr_isError(fd)) return;
   while ((n = VG_(getdents64)(sr_Res(fd), (struct vki_dirent64*)buf,
                               sizeof(buf))) > 0) {
      Int off = 0;
      while (off < n) {
         struct vki_dirent64* e = (struct vki_dirent64*)(buf + off);
         remove_if_stale(target, e->d_name);
         off += e->d_reclen;
      }
   }
   VG_(close)(sr_Res(fd));
   if (cleaned != NULL) VG_(free)(cleaned);
   cleaned = VG_(strdup)("hb.outfile.cleaned", target);
}

/*------------------------------------------------------------*/
/*--- Writing                                              ---*/
/*------------------------------------------------------------*/

/* A name that exists and is not a regular file (/dev/null, a pipe, a
   terminal) is written to directly: renaming over it would replace it. */
static Bool is_special_file ( const HChar* path )
{
   struct vg_stat st;
   if (sr_isError(VG_(stat)(path, &st))) return False;
   return (st.mode & VKI_S_IFMT) != VKI_S_IFREG;
}

static SysRes open_for_writing ( const HChar* path, Bool fresh )
{
   Int flags = VKI_O_WRONLY | VKI_O_CREAT
               | (fresh ? VKI_O_EXCL : VKI_O_TRUNC);
   return VG_(open)(path, flags, VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP
                                 | VKI_S_IROTH);
}

/* Creates the temporary for target, fresh; *temp is its name.  A
   target whose own name is too long is refused as such (stat says so
   whether or not the file exists): the short temporary would fit, its
   rename would not. */
static SysRes create_temp ( const HChar* target, HChar** temp )
{
   struct vg_stat st;
   SysRes fd = VG_(stat)(target, &st);
   *temp = NULL;
   if (sr_isError(fd) && sr_Err(fd) == HB_ENAMETOOLONG) return fd;
   *temp = temp_name(target, VG_(getpid)(), False);
   VG_(unlink)(*temp);   /* ours, from a failed write: never kept */
   fd = open_for_writing(*temp, True);
   if (!sr_isError(fd) || sr_Err(fd) != HB_ENAMETOOLONG) return fd;
   VG_(free)(*temp);
   *temp = temp_name(target, VG_(getpid)(), True);
   VG_(unlink)(*temp);
   return open_for_writing(*temp, True);
}

static void free_outfile ( HbOutFile* of )
{
   VG_(free)(of->name);
   VG_(free)(of->target);
   if (of->temp != NULL) VG_(free)(of->temp);
   VG_(free)(of);
}

static HbOutFile* cannot_create ( HbOutFile* of, Int err )
{
   VG_(umsg)("error: cannot create the heap-band file %s: %s\n",
             of->name, HB_(errno_text)(err));
   failed = True;
   free_outfile(of);
   return NULL;
}

HbOutFile* HB_(outfile_begin) ( const HChar* name )
{
   HbOutFile* of = VG_(malloc)("hb.outfile", sizeof(HbOutFile));
   Int        err = 0;
   SysRes     fd;
   of->name   = VG_(strdup)("hb.outfile.name", name);
   of->temp   = NULL;
   of->target = resolve_links(name, &err);
   if (of->target == NULL) {
      of->target = VG_(strdup)("hb.outfile.name", name);
      return cannot_create(of, err);
   }
   if (is_special_file(of->target)) {
      fd = open_for_writing(of->target, False);
   } else {
      remove_stale_temps(of->target);
      fd = create_temp(of->target, &of->temp);
   }
   if (sr_isError(fd)) return cannot_create(of, (Int)sr_Err(fd));
   of->w = HB_(writer_new)((Int)sr_Res(fd), HB_(name_wants_gzip)(name));
   return of;
}

HbWriter* HB_(outfile_writer) ( HbOutFile* of )
{
   return of->w;
}

Bool HB_(outfile_commit) ( HbOutFile* of )
{
   Int  err = HB_(writer_close)(of->w);
   Bool ok  = err == 0;
   if (!ok)
      VG_(umsg)("error: cannot write the heap-band file %s: %s%s\n",
                of->name, HB_(errno_text)(err),
                of->temp != NULL ? " (nothing replaced)" : "");
   if (ok && of->temp != NULL && VG_(rename)(of->temp, of->target) != 0) {
      VG_(umsg)("error: cannot rename %s to %s\n", of->temp, of->target);
      ok = False;
   }
   if (!ok) {
      if (of->temp != NULL) VG_(unlink)(of->temp);
      failed = True;
   }
   free_outfile(of);
   return ok;
}

/*------------------------------------------------------------*/
/*--- Start-up and exit                                    ---*/
/*------------------------------------------------------------*/

/* Creating and removing the temporary now tells whether the directory
   takes a new file (it exists, is writable, not full of inodes); a run
   of an hour should not find out at its end.  The directory may still
   change or fill up before then: the writes are checked too. */
void HB_(outfile_check_can_create) ( const HChar* name )
{
   Int    err = 0;
   HChar* target = resolve_links(name, &err);
   HChar* temp;
   SysRes fd;
   struct vg_stat st;
   if (target != NULL && !sr_isError(VG_(stat)(target, &st))
       && VKI_S_ISDIR(st.mode))
      err = VKI_EISDIR;
   if (target != NULL && err == 0 && !is_special_file(target)) {
      fd = create_temp(target, &temp);
      if (sr_isError(fd)) {
         err = (Int)sr_Err(fd);
      } else {
         VG_(close)(sr_Res(fd));
         VG_(unlink)(temp);
      }
      if (temp != NULL) VG_(free)(temp);
   }
   if (target != NULL) VG_(free)(target);
   if (err == 0) return;
   VG_(fmsg)("heapband: cannot create the heap-band file %s: %s\n",
             name, HB_(errno_text)(err));
   VG_(fmsg)("Choose another --heapband-out-file; the program was not "
             "started.\n");
   VG_(exit)(1);
}

void HB_(outfile_client_exits) ( void )
{
   client_exits = True;
}

/* The N of the last --error-exitcode=N given to the core, or 1. */
static Int failure_status ( void )
{
   Int  status = 1;
   Word i;
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i);
      if (VG_(strncmp)(arg, "--error-exitcode=", 17) == 0) {
         Long n = VG_(strtoll10)(arg + 17, NULL);
         status = n > 0 && n < 256 ? (Int)n : 1;
      }
   }
   return status;
}

void HB_(outfile_exit_if_failed) ( void )
{
   if (!failed || !client_exits) return;
   VG_(message_flush)();
   VG_(exit)(failure_status());
}

/*--------------------------------------------------------------------*/
/*--- end                                             hb_outfile.c ---*/
/*--------------------------------------------------------------------*/
