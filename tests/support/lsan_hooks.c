/* lsan_hooks.c -- LeakSanitizer settings of the sanitizer builds
 * (heapband_print-asan, test_render); never linked into heapband_print.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see the file
 * COPYING.
 *
 * LeakSanitizer calls these two hooks at start-up.  fontconfig, which
 * cairo uses to find fonts, keeps what it loads for the life of the
 * process and frees it only in FcFini(), which cairo never calls: those
 * blocks are not ours, and not a leak.  The list of suppressions used is
 * not printed, so that the printer's stderr stays what the tests expect.
 * Cost: none outside the sanitizer builds.
 */

const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
    return "print_suppressions=0";
}
