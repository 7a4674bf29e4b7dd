/* heurblocks.c with the call-clobbered registers r8 to r11 zeroed before
   its leak_check request: see heurblocks.c. */
#define HB_CLEAR_SCRATCH 1
#include "heurblocks.c"
