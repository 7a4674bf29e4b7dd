/* variant.c built with VARIANT_SIZE 1016: see variant.c. */
#define VARIANT_SIZE 1016
#include "variant.c"
