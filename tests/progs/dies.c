/* Ends abnormally after allocating: by a signal (argv[1] = "segv" or
   "abort") or by _exit ("exit"). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char** argv)
{
   volatile char* p = malloc(777);
   (void)p;
   if (argc > 1 && strcmp(argv[1], "segv") == 0) raise(SIGSEGV);
   if (argc > 1 && strcmp(argv[1], "abort") == 0) abort();
   _exit(3);
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
