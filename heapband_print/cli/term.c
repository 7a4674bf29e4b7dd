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

#define MIN_GRAPH_HEIGHT 2
#define MAX_GRAPH_HEIGHT 12
/* The heap graph takes an eighth of the lines the chart fits in: 3 of a
 * 24-line terminal leave room for the header, the rows and the legend. */
#define LINES_PER_GRAPH_LINE 10

/* The whole number in the environment variable `name`, clamped to
 * min .. max; 0 when it is not set or not a positive number. */
static int env_size(const char *name, int min, int max)
{
    const char *text = getenv(name);
    long v = text != NULL ? strtol(text, NULL, 10) : 0;
    if (v <= 0)
        return 0;
    return v < min ? min : v > max ? max : (int)v;
}

int hb_term_width(void)
{
    int columns = env_size("COLUMNS", HB_TERM_MIN_WIDTH, HB_TERM_MAX_WIDTH);
    if (columns > 0)
        return columns;
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col < HB_TERM_MIN_WIDTH ? HB_TERM_MIN_WIDTH : ws.ws_col;
    return HB_TERM_DEFAULT_WIDTH;
}

int hb_term_height(void)
{
    int lines = env_size("LINES", HB_TERM_MIN_HEIGHT, HB_TERM_MAX_HEIGHT);
    if (lines > 0)
        return lines;
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0
        && ws.ws_row > 0)
        return ws.ws_row < HB_TERM_MIN_HEIGHT ? HB_TERM_MIN_HEIGHT
                                              : ws.ws_row;
    return HB_TERM_DEFAULT_HEIGHT;
}

int hb_term_graph_height(int lines)
{
    int h = lines / LINES_PER_GRAPH_LINE;
    return h < MIN_GRAPH_HEIGHT ? MIN_GRAPH_HEIGHT
           : h > MAX_GRAPH_HEIGHT ? MAX_GRAPH_HEIGHT : h;
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
