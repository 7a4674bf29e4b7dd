/*--------------------------------------------------------------------*/
/*--- heapband: how the run ended.                      hb_ending.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: how the run ended, as the file's `ending` record says
     (docs/heapband-format.md, section 13): the status of exit_group or
     of the last thread's exit, a fatal signal (its number when the tool
     can know it, and the stack of the thread it killed), or an exec;
     which execs replace the program, and the options that chain the
     files of one process across its execs under --trace-children=yes
     (hb_snapshot.c writes the file at an exec).
   - Invariant: nothing here changes what the program does; the only
     state the core shares is VG_(args_for_valgrind), which gets this
     program's options for the next one at an exec and loses them again
     when the exec fails.
   - Cost: a switch on the number of every system call (hb_main.c's
     hooks, which the tool has anyway); a few stores at exit_group,
     exit, kill and sigaction; at an exec, a stat of the program (and
     then hb_snapshot.c writes the file of the run so far, which costs
     what the file at exit costs, with the leak scan).

   What the tool can know of a fatal signal.  The core calls fini after
   a fatal signal as after an exit, with an exit code of 0 in every
   case, and tells a tool nothing of the signal: its default action
   (m_signals.c, default_action) calls no tool function, the
   pre_deliver_signal event comes only for signals that go to a handler
   of the program's, and the fault catcher is for faults in Valgrind's
   own code.  The signal is kept in the core's thread state, which is no
   part of the tool interface.  So:
   - the run ended by an exit when exit_group was called, or when the
     thread that fini runs on called exit (the last thread's exit: the
     core runs libc's freeres on it after that, so its later system calls
     do not count; a thread created later in its slot clears it);
   - otherwise by a fatal signal.  Its number is known when the program
     sent it to itself (kill, tkill, tgkill, rt_sigqueueinfo,
     rt_tgsigqueueinfo: raise and abort do) a signal whose default
     action ends the process, not ignored (sigaction is followed), and no
     handler of the program's took it since: the last such one.  A
     signal from the kernel (a fault: SIGSEGV, SIGBUS, SIGFPE, SIGILL) or
     from another process is written as number 0;
   - either way the stack of the thread fini runs on, the one the signal
     killed, is the stack Valgrind prints for it, and the time is the
     end of the run: nothing ran after it.

   An exec.  The tool sees execve before the core does (its pre-syscall
   hook comes first).  When the program named is a regular file with an
   execute bit (the core's own check comes next, and fails only for
   what this one does not see), hb_snapshot.c writes the file of the
   run so far as at exit under the run's name, ending "exec".  If the
   exec fails after all, the run goes on and its final file replaces
   that one.  Under
   --trace-children=yes (and not skipped by --trace-children-skip or
   --trace-children-skip-by-arg) the core starts Valgrind again on the
   new program with VG_(args_for_valgrind): three options added there
   tell the new program's tool its number (for %n, hb_options.c) and the
   file it follows, and give it this program's --heapband-out-file with
   its %q{VAR} already replaced, so that both tools agree on the names
   and each file names the other. */

#include "hb_ending.h"
#include "hb_marks.h"
#include "hb_options.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_execontext.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_seqmatch.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"

/* The longest program name an exec's record takes from the client. */
#define HB_PROGRAM_NAME_MAX 4095
#define HB_SIGNALS (HB_SIGNAL_MAX + 1)
/* execveat's directory for a name relative to the working directory. */
#define HB_AT_FDCWD (-100)

static Bool     exited       = False;   /* exit_group was called */
static Int      exit_status  = 0;
static Int*     thread_exit  = NULL;    /* per tid: 1 + its exit's status,
                                           0 while it runs (lazily made) */
static Int      self_signal  = 0;       /* sent to itself, not handled */
static Bool     ignored[HB_SIGNALS];    /* SIG_IGN, by sigaction */
static Word     args_added   = 0;       /* options added for an exec */

/*------------------------------------------------------------*/
/*--- Signals                                              ---*/
/*------------------------------------------------------------*/

typedef struct { Int no; const HChar* name; Bool ends; } SignalName;

/* The signals by name, and whether their default action ends the
   process, as the core's default_action decides it. */
static const SignalName signal_names[] = {
   { VKI_SIGHUP, "SIGHUP", True },     { VKI_SIGINT, "SIGINT", True },
   { VKI_SIGQUIT, "SIGQUIT", True },   { VKI_SIGILL, "SIGILL", True },
   { VKI_SIGTRAP, "SIGTRAP", True },   { VKI_SIGABRT, "SIGABRT", True },
   { VKI_SIGBUS, "SIGBUS", True },     { VKI_SIGFPE, "SIGFPE", True },
   { VKI_SIGKILL, "SIGKILL", True },   { VKI_SIGUSR1, "SIGUSR1", True },
   { VKI_SIGSEGV, "SIGSEGV", True },   { VKI_SIGUSR2, "SIGUSR2", True },
   { VKI_SIGPIPE, "SIGPIPE", True },   { VKI_SIGALRM, "SIGALRM", True },
   { VKI_SIGTERM, "SIGTERM", True },   { VKI_SIGSTKFLT, "SIGSTKFLT", False },
   { VKI_SIGCHLD, "SIGCHLD", False },  { VKI_SIGCONT, "SIGCONT", False },
   { VKI_SIGSTOP, "SIGSTOP", False },  { VKI_SIGTSTP, "SIGTSTP", False },
   { VKI_SIGTTIN, "SIGTTIN", False },  { VKI_SIGTTOU, "SIGTTOU", False },
   { VKI_SIGURG, "SIGURG", False },    { VKI_SIGXCPU, "SIGXCPU", True },
   { VKI_SIGXFSZ, "SIGXFSZ", True },   { VKI_SIGVTALRM, "SIGVTALRM", True },
   { VKI_SIGPROF, "SIGPROF", True },   { VKI_SIGWINCH, "SIGWINCH", False },
   { VKI_SIGIO, "SIGIO", True },       { VKI_SIGPWR, "SIGPWR", True },
   { VKI_SIGSYS, "SIGSYS", True },
};

static const SignalName* signal_of ( Int signo )
{
   UInt i;
   for (i = 0; i < sizeof(signal_names) / sizeof(signal_names[0]); i++)
      if (signal_names[i].no == signo) return &signal_names[i];
   return NULL;
}

static Bool is_realtime ( Int signo )
{
   return signo >= VKI_SIGRTMIN && signo <= VKI_SIGRTMAX
          && signo < HB_SIGNALS;
}

const HChar* HB_(signal_name) ( Int signo )
{
   static HChar rt[16];
   const SignalName* s = signal_of(signo);
   if (s != NULL) return s->name;
   if (!is_realtime(signo)) return NULL;
   if (signo == VKI_SIGRTMIN) return "SIGRTMIN";
   VG_(snprintf)(rt, sizeof rt, "SIGRTMIN+%d", signo - VKI_SIGRTMIN);
   return rt;
}

static Bool ends_process ( Int signo )
{
   const SignalName* s = signal_of(signo);
   if (signo <= 0 || signo >= HB_SIGNALS || ignored[signo]) return False;
   return s != NULL ? s->ends : is_realtime(signo);
}

/* The program sends itself signo: the signal that will end it, if any
   does. */
static void sent_to_self ( UWord signo )
{
   if (ends_process((Int)signo)) self_signal = (Int)signo;
}

void HB_(ending_signal_handled) ( ThreadId tid, Int signo )
{
   if (signo == self_signal) self_signal = 0;
}

/* After a sigaction that succeeded: whether the signal is ignored now. */
static void follow_sigaction ( UWord signo, Addr act )
{
   if (signo == 0 || signo >= HB_SIGNALS || act == 0) return;
   if (!VG_(am_is_valid_for_client)(act, sizeof(Addr), VKI_PROT_READ))
      return;
   ignored[signo] = *(const Addr*)act == (Addr)VKI_SIG_IGN;
}

/*------------------------------------------------------------*/
/*--- The stack of a signal                                ---*/
/*------------------------------------------------------------*/

/* The thread's stack now, --depth frames: where a signal stopped it.
   As the core does for a thread whose stack pointer is unreadable (a
   stack overflow), only its first frame. */
static const HbStack* stack_now ( ThreadId tid )
{
   Addr        ips[HB_MAX_DEPTH];
   UInt        n;
   ExeContext* ec;
   if (HB_(clo).depth == 0 || tid == VG_INVALID_THREADID) return NULL;
   if (VG_(am_is_valid_for_client)(VG_(get_SP)(tid), sizeof(Addr),
                                   VKI_PROT_READ)) {
      n = VG_(get_StackTrace)(tid, ips, HB_(clo).depth, NULL, NULL, 0);
   } else {
      ips[0] = VG_(get_IP)(tid);
      n = 1;
   }
   if (n == 0) return NULL;
   ec = VG_(make_ExeContext_from_StackTrace)(ips, n);
   return HB_(stack_of)(VG_(get_ECU_from_ExeContext)(ec), ips, n);
}

HbEnding HB_(ending_at_exit) ( void )
{
   HbEnding e;
   ThreadId tid = VG_(get_running_tid)();
   VG_(memset)(&e, 0, sizeof e);
   if (exited) {
      e.kind   = HbEndExit;
      e.status = exit_status;
   } else if (thread_exit != NULL && tid < VG_N_THREADS
              && thread_exit[tid] != 0) {
      e.kind   = HbEndExit;
      e.status = thread_exit[tid] - 1;
   } else {
      e.kind  = HbEndSignal;
      e.signo = self_signal;
      e.stack = stack_now(tid);
   }
   return e;
}

/*------------------------------------------------------------*/
/*--- Exec                                                 ---*/
/*------------------------------------------------------------*/

const HChar* HB_(exec_from) ( void )
{
   return HB_(clo).exec_from;
}

UInt HB_(exec_number) ( void )
{
   return HB_(clo).exec_number;
}

/* What the core checks first: a regular file with an execute bit.  An
   exec that fails this way (execvp trying each directory of PATH) costs
   nothing. */
static Bool will_replace ( const HChar* path )
{
   struct vg_stat st;
   if (sr_isError(VG_(stat)(path, &st))) return False;
   return VKI_S_ISREG(st.mode) && (st.mode & 0111) != 0;
}

/* The value of the last option of VG_(args_for_valgrind) starting with
   prefix ("--trace-children=", ...), or NULL. */
static const HChar* last_core_option ( const HChar* prefix )
{
   SizeT        n = VG_(strlen)(prefix);
   const HChar* value = NULL;
   Word         i;
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i);
      if (VG_(strncmp)(arg, prefix, n) == 0) value = arg + n;
   }
   return value;
}

/* Whether one of the comma-separated patterns matches s. */
static Bool any_pattern_matches ( const HChar* patterns, const HChar* s )
{
   HChar* copy = VG_(strdup)("hb.ending.patterns", patterns);
   HChar* rest;
   HChar* p;
   Bool   match = False;
   for (p = VG_(strtok_r)(copy, ",", &rest); p != NULL && !match;
        p = VG_(strtok_r)(NULL, ",", &rest))
      match = VG_(string_match)(p, s);
   VG_(free)(copy);
   return match;
}

/* Whether the core will run the new program under Valgrind, as its own
   options decide it (m_options.c, should_we_trace_this_child). */
static Bool child_is_traced ( const HChar* program, const HChar* const* argv )
{
   const HChar* trace = last_core_option("--trace-children=");
   const HChar* skip  = last_core_option("--trace-children-skip=");
   const HChar* by_arg = last_core_option("--trace-children-skip-by-arg=");
   UInt         i;
   if (trace == NULL || VG_(strcmp)(trace, "yes") != 0) return False;
   if (skip != NULL && any_pattern_matches(skip, program)) return False;
   for (i = 0; by_arg != NULL && argv != NULL && argv[i] != NULL; i++)
      if (any_pattern_matches(by_arg, argv[i])) return False;
   return True;
}

static void add_core_option ( const HChar* name, const HChar* value )
{
   SizeT  len = VG_(strlen)(name) + VG_(strlen)(value) + 1;
   HChar* arg = VG_(malloc)("hb.ending.arg", len);
   VG_(snprintf)(arg, len, "%s%s", name, value);
   VG_(addToXA)(VG_(args_for_valgrind), &arg);
   args_added++;
}

/* The options the next program's tool reads (hb_options.c). */
static void pass_on_options ( const HChar* written )
{
   HChar number[16];
   VG_(snprintf)(number, sizeof number, "%u", HB_(clo).exec_number + 1);
   add_core_option("--heapband-out-file=", HB_(clo).out_pattern);
   add_core_option("--heapband-exec-number=", number);
   if (written != NULL) add_core_option("--heapband-exec-from=", written);
}

/* A failed exec: the program goes on, and the next exec passes its own
   options. */
static void take_back_options ( void )
{
   Word n = VG_(sizeXA)(VG_(args_for_valgrind)), i;
   for (i = n - args_added; i < n; i++)
      VG_(free)(*(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i));
   VG_(dropTailXA)(VG_(args_for_valgrind), args_added);
   args_added = 0;
}

/* The client's argument vector, or NULL when it cannot be read. */
static const HChar* const* client_argv ( Addr argv )
{
   if (argv == 0
       || !VG_(am_is_valid_for_client)(argv, sizeof(Addr), VKI_PROT_READ))
      return NULL;
   return (const HChar* const*)argv;
}

/* An execve(path, argv, envp), or an execveat(dirfd, path, argv, envp,
   flags) with a path relative to the working directory (or absolute),
   that will replace the program: its ending in *e. */
Bool HB_(exec_begins) ( UInt sysno, const UWord* args, HbEnding* e )
{
   Addr   path, argv;
   HChar* program;
   SizeT  len;
   if (sysno == __NR_execve) {
      path = args[0]; argv = args[1];
#if defined(__NR_execveat)
   } else if (sysno == __NR_execveat && (Int)args[0] == HB_AT_FDCWD) {
      path = args[1]; argv = args[2];
#endif
   } else {
      return False;
   }
   program = VG_(malloc)("hb.ending.program", HB_PROGRAM_NAME_MAX + 1);
   len = HB_(client_string)(path, program, HB_PROGRAM_NAME_MAX);
   if (len == 0 || len == (SizeT)-1 || !will_replace(program)) {
      VG_(free)(program);
      return False;
   }
   VG_(memset)(e, 0, sizeof *e);
   e->kind    = HbEndExec;
   e->program = program;
   if (child_is_traced(program, client_argv(argv))) {
      HChar* format = HB_(out_file_for)(HB_(clo).exec_number + 1);
      e->next_file = VG_(expand_file_name)("--heapband-out-file", format);
      VG_(free)(format);
   }
   return True;
}

void HB_(exec_done) ( HbEnding* e, const HChar* written )
{
   if (e->next_file != NULL) {
      pass_on_options(written);
      VG_(free)((HChar*)e->next_file);
   }
   VG_(free)((HChar*)e->program);
   e->program = e->next_file = NULL;
}

/*------------------------------------------------------------*/
/*--- System calls                                         ---*/
/*------------------------------------------------------------*/

/* Whether pid is this process (getpid is a system call of its own: asked
   only at a kill). */
static Bool is_me ( UWord pid )
{
   return (Int)pid == VG_(getpid)();
}

/* A thread's exit (the system call, not exit_group): the status of the
   run if it is the last thread. */
static void thread_exits ( ThreadId tid, UWord status )
{
   if (thread_exit == NULL)
      thread_exit = VG_(calloc)("hb.ending.exits", VG_N_THREADS, sizeof(Int));
   if (tid < VG_N_THREADS) thread_exit[tid] = 1 + (Int)(status & 0xff);
}

void HB_(ending_thread_created) ( ThreadId child )
{
   if (thread_exit != NULL && child < VG_N_THREADS) thread_exit[child] = 0;
}

void HB_(ending_pre_syscall) ( ThreadId tid, UInt sysno, UWord* args )
{
   switch (sysno) {
      case __NR_exit_group:
         exited      = True;
         exit_status = (Int)(args[0] & 0xff);
         break;
      case __NR_exit:
         thread_exits(tid, args[0]);
         break;
      case __NR_kill:
         if (args[0] == 0 || is_me(args[0])) sent_to_self(args[1]);
         break;
      case __NR_tkill:
         if (is_me(args[0]) || (Int)args[0] == VG_(gettid)())
            sent_to_self(args[1]);
         break;
      case __NR_tgkill:
         if (is_me(args[0])) sent_to_self(args[2]);
         break;
      case __NR_rt_sigqueueinfo:
         if (is_me(args[0])) sent_to_self(args[1]);
         break;
      case __NR_rt_tgsigqueueinfo:
         if (is_me(args[0])) sent_to_self(args[2]);
         break;
      default:
         break;
   }
}

void HB_(ending_post_syscall) ( ThreadId tid, UInt sysno, UWord* args,
                                SysRes res )
{
   switch (sysno) {
      case __NR_rt_sigaction:
         if (!sr_isError(res)) follow_sigaction(args[0], (Addr)args[1]);
         break;
      case __NR_execve:   /* only a failed exec comes back */
#if defined(__NR_execveat)
      case __NR_execveat:
#endif
         if (args_added > 0) take_back_options();
         break;
      default:
         break;
   }
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_ending.c ---*/
/*--------------------------------------------------------------------*/
