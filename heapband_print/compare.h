/* compare.h -- heapband_print --diff OLD NEW and --check RULE: comparing
 * two runs and checking limits, for CI.
 *
 * main() hands the whole command line over to hb_compare_main() when it
 * holds --diff or --check (hb_cli_command()).  Exit status: 0 when every rule holds (or there
 * are none), 1 when a rule is broken or an output cannot be written, 2 on
 * bad input, bad options or a rule that does not parse.
 */
#ifndef HEAPBAND_PRINT_COMPARE_H
#define HEAPBAND_PRINT_COMPARE_H

/* Run --diff / --check; returns the exit status. */
int hb_compare_main(int argc, char **argv);

#endif
