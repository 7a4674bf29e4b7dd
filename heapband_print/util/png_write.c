/* png_write.c -- writing a cairo image surface as a PNG, with an encoder
 * made for charts (see png_write.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * A chart is mostly pixels that repeat the one above them (every pixel row
 * of a cell row, the background, the axes) or the one to their left (wide
 * cells, the background).  zlib finds those repeats too, but only by
 * looking everywhere, hashing every byte.  Here each pixel is compared with
 * those two only, runs of repeats are written as deflate matches (RFC 1951)
 * and every other pixel as three literals, all with deflate's fixed Huffman
 * codes, so that nothing has to be counted or sorted first.  The file is
 * larger than zlib's; bench/README.md has the sizes and times.
 *
 * The PNG is 8-bit RGB, not interlaced, every row with filter type 0
 * (None), in one zlib stream cut into IDAT chunks.
 */
#include "png_write.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ checksums */

/* CRC-32 tables: crc_table[0] for a byte, crc_table[k] for a byte followed
 * by k zero bytes, so that four bytes go in one step. */
static uint32_t crc_table[4][256];

static void crc_init(void)
{
    if (crc_table[0][1] != 0)
        return;
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[0][n] = c;
    }
    for (int k = 1; k < 4; k++)
        for (uint32_t n = 0; n < 256; n++) {
            uint32_t c = crc_table[k - 1][n];
            crc_table[k][n] = crc_table[0][c & 0xff] ^ (c >> 8);
        }
}

/* The CRC-32 of PNG chunks, continued over len more bytes. */
static uint32_t crc_update(uint32_t crc, const unsigned char *p, size_t len)
{
    crc = ~crc;
    for (; len >= 4; p += 4, len -= 4) {
        crc ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
               | (uint32_t)p[3] << 24;
        crc = crc_table[3][crc & 0xff] ^ crc_table[2][crc >> 8 & 0xff]
              ^ crc_table[1][crc >> 16 & 0xff] ^ crc_table[0][crc >> 24];
    }
    for (; len > 0; p++, len--)
        crc = crc_table[0][(crc ^ *p) & 0xff] ^ (crc >> 8);
    return ~crc;
}

/* Adler-32 (of the zlib stream's data) row by row.  A row is its filter
 * byte 0, then R, G and B of each pixel; with s = r + g + b and w = 3r +
 * 2g + b for pixel i of n, it adds to the two sums
 *     a += S                     with S = sum of s
 *     b += a + 3n a + 3((n - 1) S - T) + W
 *                                with T = sum of i s and W = sum of w,
 * taking a and b as they were before it.  S, T and W change from a row to
 * the next only where the pixels do, so they are updated for those pixels
 * only (count_pixels): most pixels are the same as the one above. */
#define ADLER_MOD 65521

struct row_sums {
    int64_t s, t, w;
};

static int64_t pixel_s(uint32_t px)
{
    return (px >> 16 & 0xff) + (px >> 8 & 0xff) + (px & 0xff);
}

static int64_t pixel_w(uint32_t px)
{
    return 3 * (px >> 16 & 0xff) + 2 * (px >> 8 & 0xff) + (px & 0xff);
}

/* Pixels x .. x+k-1 of row replace those of `above` (NULL: 0) in the sums. */
static void count_pixels(struct row_sums *sums, const uint32_t *row,
                         const uint32_t *above, int x, int k)
{
    for (int i = x; i < x + k; i++) {
        uint32_t old = above ? above[i] : 0;
        int64_t ds = pixel_s(row[i]) - pixel_s(old);
        sums->s += ds;
        sums->t += i * ds;
        sums->w += pixel_w(row[i]) - pixel_w(old);
    }
}

static void adler_row(uint32_t *a, uint32_t *b, const struct row_sums *r,
                      int n)
{
    uint64_t a0 = *a;
    uint64_t b1 = *b + a0 + 3 * (uint64_t)n * a0
                  + 3 * ((uint64_t)(n - 1) * (uint64_t)r->s - (uint64_t)r->t)
                  + (uint64_t)r->w;
    *a = (uint32_t)((a0 + (uint64_t)r->s) % ADLER_MOD);
    *b = (uint32_t)(b1 % ADLER_MOD);
}

/* ------------------------------------------------- fixed Huffman codes */

/* A code ready to be written: bits in the order they go out (deflate
 * sends Huffman codes most significant bit first, everything else least
 * significant bit first). */
struct code {
    uint32_t bits;
    unsigned n;
};

static struct code lit_codes[256];    /* literal bytes */
static struct code len_codes[259];    /* match lengths 3..258, with extras */

static uint32_t reverse_bits(uint32_t v, unsigned n)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < n; i++, v >>= 1)
        r = r << 1 | (v & 1);
    return r;
}

/* The fixed code of a literal/length symbol (RFC 1951, 3.2.6). */
static struct code fixed_code(unsigned sym)
{
    struct code c;
    if (sym < 144)
        c = (struct code){ .bits = 0x30 + sym, .n = 8 };
    else if (sym < 256)
        c = (struct code){ .bits = 0x190 + sym - 144, .n = 9 };
    else if (sym < 280)
        c = (struct code){ .bits = sym - 256, .n = 7 };
    else
        c = (struct code){ .bits = 0xc0 + sym - 280, .n = 8 };
    c.bits = reverse_bits(c.bits, c.n);
    return c;
}

static void codes_init(void)
{
    static const uint16_t len_base[29] = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258
    };
    static const uint8_t len_extra[29] = {
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
        4, 5, 5, 5, 5, 0
    };
    if (len_codes[3].n != 0)
        return;
    for (unsigned b = 0; b < 256; b++)
        lit_codes[b] = fixed_code(b);
    for (unsigned i = 0; i < 29; i++) {
        /* 258 has a symbol of its own, after 227..257. */
        unsigned last = i + 1 < 29 ? len_base[i + 1] - 1u : 258u;
        for (unsigned len = len_base[i]; len <= last; len++) {
            struct code c = fixed_code(257 + i);
            c.bits |= (uint32_t)(len - len_base[i]) << c.n;
            c.n += len_extra[i];
            len_codes[len] = c;
        }
    }
}

/* The code of distance d (1..32768): a 5-bit symbol and its extra bits. */
static struct code distance_code(unsigned d)
{
    unsigned sym = 0, base = 1, extra = 0;
    while (sym < 29) {
        unsigned e = sym < 4 ? 0 : sym / 2 - 1;
        if (d < base + (1u << e))
            break;
        base += 1u << e;
        sym++;
    }
    extra = sym < 4 ? 0 : sym / 2 - 1;
    struct code c = { reverse_bits(sym, 5), 5 };
    c.bits |= (uint32_t)(d - base) << 5;
    c.n += extra;
    return c;
}

/* ------------------------------------------------------------- output */

#define CHUNK_DATA 65536      /* bytes of the zlib stream per IDAT chunk */

struct png_out {
    FILE *fp;
    int failed;
    int write_errno;          /* of the failed write, when failed */
    unsigned char *buf;       /* the IDAT chunk being filled */
    size_t len;
    uint64_t acc;             /* bits not yet in buf, first out lowest */
    unsigned nacc;
    struct code left, above;  /* the distances of the two repeats */
};

static void write_bytes(struct png_out *o, const void *p, size_t n)
{
    if (!o->failed && fwrite(p, 1, n, o->fp) != n) {
        o->failed = 1;
        o->write_errno = errno ? errno : EIO;
    }
}

static void put_be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static void write_chunk(struct png_out *o, const char type[4],
                        const unsigned char *data, size_t len)
{
    unsigned char head[8], tail[4];
    put_be32(head, (uint32_t)len);
    memcpy(head + 4, type, 4);
    put_be32(tail, crc_update(crc_update(0, head + 4, 4), data, len));
    write_bytes(o, head, 8);
    if (len > 0)
        write_bytes(o, data, len);
    write_bytes(o, tail, 4);
}

static void flush_idat(struct png_out *o)
{
    if (o->len > 0)
        write_chunk(o, "IDAT", o->buf, o->len);
    o->len = 0;
}

/* Append n <= 32 bits.  A call adds at most 4 bytes to the chunk, which is
 * sent once fewer than 16 bytes are left in it: there is always room, also
 * for the end of the stream. */
static void put_bits(struct png_out *o, uint32_t bits, unsigned n)
{
    o->acc |= (uint64_t)bits << o->nacc;
    o->nacc += n;
    if (o->nacc >= 32) {
        for (int i = 0; i < 4; i++)
            o->buf[o->len++] = (unsigned char)(o->acc >> (8 * i));
        o->acc >>= 32;
        o->nacc -= 32;
        if (o->len > CHUNK_DATA - 16)
            flush_idat(o);
    }
}

static void put_code(struct png_out *o, struct code c)
{
    put_bits(o, c.bits, c.n);
}

/* Out with the last bits, padded to a byte. */
static void align_bits(struct png_out *o)
{
    while (o->nacc > 0) {
        o->buf[o->len++] = (unsigned char)o->acc;
        o->acc >>= 8;
        o->nacc = o->nacc > 8 ? o->nacc - 8 : 0;
    }
}

/* ------------------------------------------------------------ encoding */

/* How many pixels from the first are the same in a and b (RGB only), up to
 * n. */
static int same_run(const uint32_t *a, const uint32_t *b, int n)
{
    int i = 0;
    for (; i + 2 <= n; i += 2) {          /* two pixels at a time */
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if ((x ^ y) & 0x00ffffff00ffffffULL)
            break;
    }
    while (i < n && ((a[i] ^ b[i]) & 0xffffff) == 0)
        i++;
    return i;
}

/* k pixels repeated from distance `dist`: matches of at most 258 bytes
 * (86 pixels), so every piece stays a whole number of pixels. */
static void put_repeat(struct png_out *o, int k, struct code dist)
{
    for (unsigned bytes = 3u * (unsigned)k; bytes > 0;) {
        unsigned len = bytes > 258 ? 258 : bytes;
        put_code(o, len_codes[len]);
        put_code(o, dist);
        bytes -= len;
    }
}

static void put_pixel(struct png_out *o, uint32_t px)
{
    struct code r = lit_codes[px >> 16 & 0xff], g = lit_codes[px >> 8 & 0xff],
                b = lit_codes[px & 0xff];
    put_bits(o, r.bits | g.bits << r.n | b.bits << (r.n + g.n),
             r.n + g.n + b.n);
}

/* One row: its filter byte, then each pixel as a repeat of the row above
 * (NULL for the first row), of its left neighbour, or as literals.  The
 * pixels that are not the same as above are counted into the sums. */
static void encode_row(struct png_out *o, const uint32_t *row,
                       const uint32_t *above, int width,
                       struct row_sums *sums)
{
    put_code(o, lit_codes[0]);
    for (int x = 0; x < width;) {
        int k = above ? same_run(row + x, above + x, width - x) : 0;
        if (k > 0) {
            put_repeat(o, k, o->above);
            x += k;
            continue;
        }
        if (x > 0 && (k = same_run(row + x, row + x - 1, width - x)) > 0) {
            put_repeat(o, k, o->left);
        } else {
            put_pixel(o, row[x]);
            k = 1;
        }
        count_pixels(sums, row, above, x, k);
        x += k;
    }
}

static void write_header(struct png_out *o, int width, int height)
{
    static const unsigned char signature[8] = {
        0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'
    };
    unsigned char ihdr[13];
    put_be32(ihdr, (uint32_t)width);
    put_be32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;              /* bits per sample */
    ihdr[9] = 2;              /* RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;   /* deflate, filters, no interlace */
    write_bytes(o, signature, sizeof signature);
    write_chunk(o, "IHDR", ihdr, sizeof ihdr);
}

/* The zlib stream: header, one final fixed-Huffman block, Adler-32. */
static void write_image_data(struct png_out *o, const unsigned char *data,
                             int width, int height, int stride)
{
    uint32_t a = 1, b = 0;
    struct row_sums sums = { 0, 0, 0 };
    put_bits(o, 0x78, 8);     /* deflate, 32K window */
    put_bits(o, 0x01, 8);     /* no dictionary, check bits */
    put_bits(o, 1 | 1 << 1, 3);   /* final block, fixed codes */
    const uint32_t *above = NULL;
    for (int y = 0; y < height; y++) {
        const uint32_t *row =
            (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        encode_row(o, row, above, width, &sums);
        adler_row(&a, &b, &sums, width);
        above = row;
    }
    put_code(o, fixed_code(256));     /* end of block */
    align_bits(o);
    put_be32(o->buf + o->len, b << 16 | a);
    o->len += 4;
    flush_idat(o);
}

int hb_png_write(cairo_surface_t *surface, FILE *fp, struct hb_error *err)
{
    cairo_format_t format = cairo_image_surface_get_format(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    /* The row above must be within deflate's 32K window. */
    cairo_surface_flush(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    if ((format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32)
        || width <= 0 || height <= 0 || 3 * (long)width + 1 > 32768
        || data == NULL)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "internal error: no "
                            "%dx%d RGB image to write as PNG", width, height);
    struct png_out o;
    memset(&o, 0, sizeof o);
    o.fp = fp;
    o.buf = malloc(CHUNK_DATA);
    if (o.buf == NULL)
        return hb_error_nomem(err, "writing the PNG");
    crc_init();
    codes_init();
    o.left = distance_code(3);
    o.above = distance_code(3 * (unsigned)width + 1);
    write_header(&o, width, height);
    write_image_data(&o, data, width, height, stride);
    write_chunk(&o, "IEND", NULL, 0);
    free(o.buf);
    if (o.failed)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(o.write_errno));
    return 0;
}
