/* variant.c built with VARIANT_SIZE 1000: see variant.c. */
#define VARIANT_SIZE 1000
#include "variant.c"
