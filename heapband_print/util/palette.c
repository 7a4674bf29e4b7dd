/* palette.c -- heat ramps as piecewise-linear interpolation between anchor
 * colours, rounded to 8-bit sRGB (see palette.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Both ramps are written down here as a handful of anchors, equally spaced
 * in t; the colour between two anchors is their linear interpolation in
 * sRGB.  Rounding to 8 bits here (and not in cairo) makes a cell's colour in
 * a PNG exactly predictable.
 */
#include "palette.h"

#include <math.h>
#include <stdlib.h>

struct anchor { unsigned char r, g, b; };

/* Brendan Gregg's flame-graph look: cream for the coldest cells, through
 * yellow and orange, to a dark red for the hottest.  The coldest shade is
 * kept visibly darker than the white background, so that a nearly empty
 * cell is still told apart from an empty one. */
static const struct anchor gregg_anchors[] = {
    {255, 240, 190},    /* cream */
    {254, 222, 130},    /* light yellow */
    {252, 182,  70},    /* yellow-orange */
    {244, 124,  36},    /* orange */
    {214,  50,  24},    /* red */
    {150,   6,  16},    /* dark red */
};

/* Viridis (perceptually uniform, readable in grey and by most colour-blind
 * readers), approximated by eight anchors at t = k/7: dark purple, blue,
 * teal, green, yellow. */
static const struct anchor viridis_anchors[] = {
    { 68,   1,  84},
    { 70,  50, 126},
    { 54,  92, 141},
    { 39, 127, 142},
    { 31, 161, 135},
    { 74, 193, 109},
    {160, 218,  57},
    {253, 231,  37},
};

/* The diverging ramp from t = -1 (blue) through white (t = 0) to t = 1
 * (red), anchors at t = -1, -0.5, 0, 0.5, 1. */
static const struct anchor diverging_anchors[] = {
    { 33,  80, 160},
    {140, 180, 222},
    {255, 255, 255},
    {236, 140, 110},
    {170,  20,  30},
};

#define NANCHORS(a) (sizeof (a) / sizeof (a)[0])

static double clamp01(double t)
{
    if (!(t > 0.0))         /* also catches NaN */
        return 0.0;
    return t > 1.0 ? 1.0 : t;
}

/* lround(v) clamped to 0..255, without the library call (a chart shades
 * every cell): v - k is exact, so the halfway case rounds up as lround's
 * does for positive v. */
static unsigned char round_channel(double v)
{
    if (!(v > 0))
        return 0;
    if (v >= 255)
        return 255;
    long k = (long)v;
    if (v - (double)k >= 0.5)
        k++;
    return (unsigned char)k;
}

/* Interpolate between n equally spaced anchors, t in [0,1]. */
static void interpolate(const struct anchor *a, size_t n, double t,
                        unsigned char out[3])
{
    double pos = clamp01(t) * (double)(n - 1);
    size_t i = (size_t)pos;            /* floor: pos >= 0 */
    if (i >= n - 1)
        i = n - 2;
    double f = pos - (double)i;
    out[0] = round_channel(a[i].r + f * (a[i + 1].r - a[i].r));
    out[1] = round_channel(a[i].g + f * (a[i + 1].g - a[i].g));
    out[2] = round_channel(a[i].b + f * (a[i + 1].b - a[i].b));
}

void hb_palette_rgb8(enum hb_palette p, double t, unsigned char out[3])
{
    if (p == HB_PALETTE_VIRIDIS)
        interpolate(viridis_anchors, NANCHORS(viridis_anchors), t, out);
    else
        interpolate(gregg_anchors, NANCHORS(gregg_anchors), t, out);
}

void hb_palette_line_rgb8(enum hb_palette p, unsigned char out[3])
{
    /* Navy stands out on cream-to-red; magenta on purple-to-yellow. */
    static const struct anchor navy = {20, 50, 150};
    static const struct anchor magenta = {230, 20, 140};
    const struct anchor *c = p == HB_PALETTE_VIRIDIS ? &magenta : &navy;
    out[0] = c->r;
    out[1] = c->g;
    out[2] = c->b;
}

void hb_palette_diverging_rgb8(double t, unsigned char out[3])
{
    double u = t != t ? 0.5 : (t + 1.0) / 2.0;     /* NaN -> the middle */
    interpolate(diverging_anchors, NANCHORS(diverging_anchors), u, out);
}

void hb_palette_diverging_cell_rgb8(double t, unsigned char out[3])
{
    double m = fabs(t);
    if (!(m > 0)) {                                 /* 0 or NaN */
        out[0] = out[1] = out[2] = 255;
        return;
    }
    m = HB_DIVERGING_FLOOR + (1.0 - HB_DIVERGING_FLOOR) * (m > 1 ? 1 : m);
    hb_palette_diverging_rgb8(t < 0 ? -m : m, out);
}

/* xterm's colour cube uses these six levels per channel. */
static const int cube_levels[6] = {0, 95, 135, 175, 215, 255};

static int nearest_cube_level(int v)
{
    int best = 0;
    for (int i = 1; i < 6; i++)
        if (abs(v - cube_levels[i]) < abs(v - cube_levels[best]))
            best = i;
    return best;
}

static long distance2(const unsigned char rgb[3], int r, int g, int b)
{
    long dr = rgb[0] - r, dg = rgb[1] - g, db = rgb[2] - b;
    return dr * dr + dg * dg + db * db;
}

/* The colour of xterm index i (16..255): the cube or the grey ramp, whose
 * levels are 8, 18, ..., 238. */
static void xterm_rgb(int i, int rgb[3])
{
    if (i >= 232) {
        rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (i - 232);
        return;
    }
    i -= 16;
    rgb[0] = cube_levels[i / 36];
    rgb[1] = cube_levels[i / 6 % 6];
    rgb[2] = cube_levels[i % 6];
}

/* The index nearest rgb among 16..255 whose taken[] is 0 (NULL: all);
 * ties go to the cube's nearest levels, then to the lower index. */
static int nearest_free(const unsigned char rgb[3], const unsigned char *taken)
{
    int best = 16 + 36 * nearest_cube_level(rgb[0])
               + 6 * nearest_cube_level(rgb[1]) + nearest_cube_level(rgb[2]);
    long best_d = -1;
    if (taken == NULL || !taken[best]) {
        int c[3];
        xterm_rgb(best, c);
        best_d = distance2(rgb, c[0], c[1], c[2]);
    }
    for (int i = 16; i < 256; i++) {
        int c[3];
        if (taken != NULL && taken[i])
            continue;
        xterm_rgb(i, c);
        long d = distance2(rgb, c[0], c[1], c[2]);
        if (best_d < 0 || d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

int hb_palette_xterm256(const unsigned char rgb[3])
{
    return nearest_free(rgb, NULL);
}

void hb_palette_xterm256_ramp(enum hb_palette p, int n, int *index)
{
    unsigned char taken[256] = { 0 };
    for (int i = 1; i <= n; i++) {
        unsigned char rgb[3];
        hb_palette_rgb8(p, (double)i / n, rgb);
        index[i - 1] = nearest_free(rgb, taken);
        taken[index[i - 1]] = 1;
    }
}

const char *hb_palette_name(enum hb_palette p)
{
    return p == HB_PALETTE_VIRIDIS ? "viridis" : "gregg";
}
