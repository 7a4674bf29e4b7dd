/* Allocates, then execs: keeps 1000 bytes, frees 2000, then
   "exec PROG ARG...": execv(PROG, [PROG, ARG...]);
   "fail BAD [PROG ARG...]": execv(BAD) first, which fails (the run goes
   on and keeps 500 bytes more), then execv(PROG), or without PROG
   returns 126;
   "fork PROG ARG...": the child allocates 3000 bytes and execs PROG, the
   parent waits for it and exits 0. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char** argv)
{
   void* kept = malloc(1000);
   (void)kept;
   free(malloc(2000));
   if (argc > 2 && strcmp(argv[1], "fail") == 0) {
      char* bad[] = { argv[2], NULL };
      execv(argv[2], bad);
      kept = malloc(500);
      if (argc > 3) execv(argv[3], &argv[3]);
   } else if (argc > 2 && strcmp(argv[1], "fork") == 0) {
      pid_t pid = fork();
      if (pid == 0) {
         kept = malloc(3000);
         execv(argv[2], &argv[2]);
         _exit(127);
      }
      waitpid(pid, NULL, 0);
      return 0;
   } else if (argc > 2 && strcmp(argv[1], "exec") == 0) {
      execv(argv[2], &argv[2]);
   }
   return 126;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
