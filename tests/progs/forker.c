/* One heap-band file per process: the child allocates 7000 bytes more. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
   void* shared = malloc(1000);
   pid_t pid = fork();
   if (pid == 0) {
      void* child = malloc(7000);
      (void)child;
      return 0;
   }
   waitpid(pid, NULL, 0);
   free(shared);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
