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
