/* term.c -- the terminal's width, graph height and colours: see term.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#define _POSIX_C_SOURCE 200809L
#include "term.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define DEFAULT_GRAPH_HEIGHT 8
#define MIN_GRAPH_HEIGHT 3
#define MAX_GRAPH_HEIGHT 12
/* The heap graph takes a sixth of the terminal's lines. */
#define TERM_LINES_PER_GRAPH_LINE 6

int hb_term_width(void)
{
    const char *columns = getenv("COLUMNS");
    if (columns != NULL) {
        long v = strtol(columns, NULL, 10);
        if (v > 0)
            return v < HB_TERM_MIN_WIDTH ? HB_TERM_MIN_WIDTH
                   : v > HB_TERM_MAX_WIDTH ? HB_TERM_MAX_WIDTH : (int)v;
    }
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col < HB_TERM_MIN_WIDTH ? HB_TERM_MIN_WIDTH : ws.ws_col;
    return HB_TERM_DEFAULT_WIDTH;
}

int hb_term_graph_height(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0
        && ws.ws_row > 0) {
        int h = ws.ws_row / TERM_LINES_PER_GRAPH_LINE;
        return h < MIN_GRAPH_HEIGHT ? MIN_GRAPH_HEIGHT
               : h > MAX_GRAPH_HEIGHT ? MAX_GRAPH_HEIGHT : h;
    }
    return DEFAULT_GRAPH_HEIGHT;
}

enum hb_color_mode hb_term_color_mode(enum hb_color_choice choice)
{
    if (choice == HB_COLOR_NEVER)
        return HB_COLOR_NONE;
    if (choice == HB_COLOR_AUTO) {
        const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
        if (!isatty(STDOUT_FILENO) || (no_color != NULL && *no_color != '\0')
            || (term != NULL && strcmp(term, "dumb") == 0))
            return HB_COLOR_NONE;
    }
    const char *colorterm = getenv("COLORTERM");
    if (colorterm != NULL && (strcmp(colorterm, "truecolor") == 0
                              || strcmp(colorterm, "24bit") == 0))
        return HB_COLOR_TRUE;
    return HB_COLOR_256;
}
