/* Ends abnormally after allocating 777 bytes: argv[1] says how.
   "segv": raise(SIGSEGV); "abort": abort(); "term": kill(getpid(),
   SIGTERM); "fault": a write through a null pointer (SIGSEGV from the
   kernel); "wait": says "ready" on stdout, then waits on stdin until
   killed from outside; "exit":
   _exit(3); "thread": exit(5) from the second of three threads, the
   others blocked; "lastexit": the system call exit(7) (not exit_group)
   of the only thread. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile int* nowhere;

static void* block(void* arg)
{
   (void)arg;
   pause();
   return NULL;
}

static void* leave(void* arg)
{
   (void)arg;
   exit(5);
}

static void threads_exit(void)
{
   pthread_t a, b;
   pthread_create(&a, NULL, block, NULL);
   pthread_create(&b, NULL, leave, NULL);
   pthread_join(b, NULL);
   pause();
}

int main(int argc, char** argv)
{
   volatile char* p = malloc(777);
   const char* how = argc > 1 ? argv[1] : "exit";
   char c;
   (void)p;
   if (strcmp(how, "segv") == 0) raise(SIGSEGV);
   if (strcmp(how, "abort") == 0) abort();
   if (strcmp(how, "term") == 0) kill(getpid(), SIGTERM);
   if (strcmp(how, "fault") == 0) *nowhere = 1;
   if (strcmp(how, "wait") == 0) {
      puts("ready");
      fflush(stdout);
      while (read(0, &c, 1) > 0) {}
   }
   if (strcmp(how, "thread") == 0) threads_exit();
   if (strcmp(how, "lastexit") == 0) syscall(SYS_exit, 7);
   _exit(3);
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
