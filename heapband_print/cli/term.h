/* term.h -- what the terminal heapband_print writes to is like: its width,
 * the height of the heap graph, and which colours it shows.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: reading $COLUMNS, $LINES, $NO_COLOR, $TERM and $COLORTERM and asking the
 * terminal on standard output (TIOCGWINSZ, isatty) for its size.  Nothing
 * here fails: a question the terminal does not answer gets a default.
 * Invariant: a width returned is within HB_TERM_MIN_WIDTH ..
 * HB_TERM_MAX_WIDTH (the range --width accepts), a height within
 * HB_TERM_MIN_HEIGHT .. HB_TERM_MAX_HEIGHT (that of --height).  Cost: a few getenv()
 * and one or two ioctl() calls per question.
 */
#ifndef HEAPBAND_PRINT_TERM_H
#define HEAPBAND_PRINT_TERM_H

#include "ascii.h"

/* Characters per line of a text chart: the range --width accepts and the
 * width of one that is not a terminal. */
#define HB_TERM_MIN_WIDTH 20
#define HB_TERM_MAX_WIDTH 100000
#define HB_TERM_DEFAULT_WIDTH 80
/* Lines a text chart fits in: the range --height accepts and the height
 * of one that is not a terminal. */
#define HB_TERM_MIN_HEIGHT 10
#define HB_TERM_MAX_HEIGHT 100000
#define HB_TERM_DEFAULT_HEIGHT 24

/* What --color asked for. */
enum hb_color_choice { HB_COLOR_AUTO, HB_COLOR_ALWAYS, HB_COLOR_NEVER };

/* Characters per line: $COLUMNS, the terminal's width, or 80. */
int hb_term_width(void);

/* Lines the chart fits in: $LINES, the height of the terminal on
 * standard output, or 24. */
int hb_term_height(void);

/* Lines of the heap graph in a chart of `lines` lines: an eighth (3 to
 * 12). */
int hb_term_graph_height(int lines);

/* The colours a text chart uses: none with --color=never, or with
 * --color=auto when standard output is not a terminal, $NO_COLOR is set
 * (not empty) or $TERM is "dumb"; else 24-bit colours when $COLORTERM is
 * "truecolor" or "24bit", 256 colours otherwise. */
enum hb_color_mode hb_term_color_mode(enum hb_color_choice choice);

#endif
