/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file's gzip compression.   hb_sink.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the gzip compression of the heap-band file (--heapband-out-file=
   NAME.gz), a stage inside hb_writer.c's HbWriter: the writer hands it
   each full buffer of text and it hands back compressed bytes, which the
   writer writes with every write checked.  The text goes through a window of
   the last 32 KB (deflate's distance limit) plus a 64 KB chunk; each full
   chunk becomes one deflate block with the fixed Huffman codes, its
   repeats found by a hash of three bytes and a chain of at most
   HB_GZ_MAX_CHAIN earlier places.  A heap-band file is mostly repeated
   record words and digits, so this simple matcher does most of the work:
   files shrink 2 to 4 times (4.1 for churn's 533 KB; gzip -6 does about
   a third better with its dynamic codes: docs/manual/heapband.md).

   Invariant: the output is a valid gzip member at every close, the same
   bytes for the same text (no time stamp, no name in the header).  Cost:
   per byte, one hash insert and a chain walk of at most HB_GZ_MAX_CHAIN
   compares (each up to 258 bytes); memory 96 KB of window, 384 KB of
   chain links and 128 KB of hash heads, only while a file is written. */

#include "hb_sink.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#define HB_DEFLATE_OUT      65536
#define HB_GZ_WSIZE      32768          /* deflate's farthest distance */
#define HB_GZ_CHUNK      65536          /* text per deflate block */
#define HB_GZ_BUF        (HB_GZ_WSIZE + HB_GZ_CHUNK)
#define HB_GZ_HASH_BITS  15
#define HB_GZ_HASH_SIZE  (1 << HB_GZ_HASH_BITS)
#define HB_GZ_MIN_MATCH  3
#define HB_GZ_MAX_MATCH  258
#define HB_GZ_MAX_CHAIN  16
#define HB_GZ_EOB        256            /* end of block */

struct _HbDeflate {
   HbBytesOut emit;  void* opaque;      /* where the compressed bytes go */
   UChar* out;   UInt nout;             /* bytes waiting for emit */
   /* gzip: win[0 .. start) is history, win[start .. nwin) not yet
      compressed; head[] and prev[] hold positions in win, -1 for none. */
   UChar* win;   Int nwin, start;
   Int*   head;  Int* prev;
   ULong  bits;  UInt nbits;            /* pending output bits, LSB first */
   UInt   crc, isize;
};

/*------------------------------------------------------------*/
/*--- Bytes out                                            ---*/
/*------------------------------------------------------------*/

static void flush_out ( HbDeflate* s )
{
   if (s->nout > 0) s->emit(s->out, s->nout, s->opaque);
   s->nout = 0;
}

static void put_byte ( HbDeflate* s, UChar b )
{
   if (s->nout == HB_DEFLATE_OUT) flush_out(s);
   s->out[s->nout++] = b;
}

static void put_le32 ( HbDeflate* s, UInt v )
{
   Int i;
   for (i = 0; i < 4; i++) put_byte(s, (UChar)(v >> (8 * i)));
}

/* Deflate's bit order: values least significant bit first. */
static void put_bits ( HbDeflate* s, UInt value, UInt n )
{
   s->bits |= (ULong)value << s->nbits;
   s->nbits += n;
   while (s->nbits >= 8) {
      put_byte(s, (UChar)s->bits);
      s->bits >>= 8;
      s->nbits -= 8;
   }
}

/* A Huffman code goes most significant bit first: reversed. */
static void put_code ( HbDeflate* s, UInt code, UInt n )
{
   UInt r = 0, i;
   for (i = 0; i < n; i++) r |= ((code >> i) & 1) << (n - 1 - i);
   put_bits(s, r, n);
}

/*------------------------------------------------------------*/
/*--- CRC-32 (gzip's trailer)                              ---*/
/*------------------------------------------------------------*/

static UInt crc_table[256];
static Bool crc_ready = False;

static void make_crc_table ( void )
{
   UInt n, k;
   for (n = 0; n < 256; n++) {
      UInt c = n;
      for (k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      crc_table[n] = c;
   }
   crc_ready = True;
}

static UInt crc_update ( UInt crc, const UChar* p, Int n )
{
   Int i;
   crc = ~crc;
   for (i = 0; i < n; i++) crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
   return ~crc;
}

/*------------------------------------------------------------*/
/*--- Deflate, fixed Huffman codes (RFC 1951, 3.2.6)       ---*/
/*------------------------------------------------------------*/

static const UShort len_base[29] = {
   3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
   67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const UChar len_extra[29] = {
   0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
   5, 5, 5, 5, 0 };
static const UShort dist_base[30] = {
   1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
   513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
   24577 };
static const UChar dist_extra[30] = {
   0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10,
   10, 11, 11, 12, 12, 13, 13 };

/* A literal/length symbol's fixed code. */
static void put_symbol ( HbDeflate* s, UInt sym )
{
   if      (sym < 144) put_code(s, 0x30 + sym, 8);
   else if (sym < 256) put_code(s, 0x190 + (sym - 144), 9);
   else if (sym < 280) put_code(s, sym - 256, 7);
   else                put_code(s, 0xC0 + (sym - 280), 8);
}

/* The last table entry not above v. */
static Int last_base ( const UShort* base, Int n, UInt v )
{
   Int i = n - 1;
   while (base[i] > v) i--;
   return i;
}

static void put_match ( HbDeflate* s, UInt len, UInt dist )
{
   Int l = last_base(len_base, 29, len);
   Int d = last_base(dist_base, 30, dist);
   put_symbol(s, 257 + (UInt)l);
   put_bits(s, len - len_base[l], len_extra[l]);
   put_code(s, (UInt)d, 5);
   put_bits(s, dist - dist_base[d], dist_extra[d]);
}

static UInt hash3 ( const UChar* p )
{
   UInt v = ((UInt)p[0] << 16) | ((UInt)p[1] << 8) | p[2];
   return (v * 2654435761u) >> (32 - HB_GZ_HASH_BITS);
}

static void insert ( HbDeflate* s, Int p )
{
   if (p + HB_GZ_MIN_MATCH > s->nwin) return;
   UInt h = hash3(s->win + p);
   s->prev[p] = s->head[h];
   s->head[h] = p;
}

/* The longest earlier copy of the text at p (at most max bytes), its
   length (0 if under HB_GZ_MIN_MATCH) and distance. */
static UInt longest_match ( const HbDeflate* s, Int p, UInt max, UInt* dist )
{
   UInt best = 0, chain = HB_GZ_MAX_CHAIN;
   Int  cand;
   if (p + HB_GZ_MIN_MATCH > s->nwin) return 0;
   cand = s->head[hash3(s->win + p)];
   while (cand >= 0 && p - cand <= HB_GZ_WSIZE && chain-- > 0) {
      UInt n = 0;
      while (n < max && s->win[cand + n] == s->win[p + n]) n++;
      if (n > best) {
         best = n;
         *dist = (UInt)(p - cand);
         if (n == max) break;
      }
      cand = s->prev[cand];
   }
   return best >= HB_GZ_MIN_MATCH ? best : 0;
}

/* win[start .. nwin) as one block (the last one when final). */
static void compress_block ( HbDeflate* s, Bool final )
{
   Int p = s->start;
   put_bits(s, final ? 1 : 0, 1);
   put_bits(s, 1, 2);                    /* BTYPE 01: fixed codes */
   while (p < s->nwin) {
      UInt max = (UInt)(s->nwin - p), dist = 0, len;
      if (max > HB_GZ_MAX_MATCH) max = HB_GZ_MAX_MATCH;
      len = longest_match(s, p, max, &dist);
      if (len == 0) {
         put_symbol(s, s->win[p]);
         insert(s, p++);
         continue;
      }
      put_match(s, len, dist);
      for (; len > 0; len--) insert(s, p++);
   }
   put_symbol(s, HB_GZ_EOB);
   s->start = s->nwin;
}

/* Keep the last HB_GZ_WSIZE bytes as history, positions moved along. */
static void slide ( HbDeflate* s )
{
   Int shift = s->nwin - HB_GZ_WSIZE, i;
   if (shift <= 0) return;
   VG_(memmove)(s->win, s->win + shift, HB_GZ_WSIZE);
   VG_(memmove)(s->prev, s->prev + shift, HB_GZ_WSIZE * sizeof(Int));
   for (i = 0; i < HB_GZ_WSIZE; i++)
      s->prev[i] = s->prev[i] >= shift ? s->prev[i] - shift : -1;
   for (i = 0; i < HB_GZ_HASH_SIZE; i++)
      s->head[i] = s->head[i] >= shift ? s->head[i] - shift : -1;
   s->nwin -= shift;
   s->start -= shift;
}

static void gz_byte ( HbDeflate* s, UChar c )
{
   if (s->nwin == HB_GZ_BUF) {
      compress_block(s, False);
      slide(s);
   }
   s->win[s->nwin++] = c;
}

static void gz_header ( HbDeflate* s )
{
   /* Magic, deflate, no flags, no time stamp (so that two runs give the
      same bytes), no extra flags, OS 3 (Unix). */
   static const UChar h[10] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3 };
   Int i;
   for (i = 0; i < 10; i++) put_byte(s, h[i]);
}

/* The last block, the bits to a byte boundary, CRC-32 and ISIZE. */
static void gz_finish ( HbDeflate* s )
{
   s->crc = crc_update(s->crc, s->win + s->start, s->nwin - s->start);
   compress_block(s, True);
   if (s->nbits > 0) put_bits(s, 0, 8 - s->nbits);
   put_le32(s, s->crc);
   put_le32(s, s->isize);
}

/*------------------------------------------------------------*/
/*--- The compressor                                       ---*/
/*------------------------------------------------------------*/

Bool HB_(name_wants_gzip) ( const HChar* name )
{
   SizeT n = VG_(strlen)(name);
   return n > 3 && VG_(strcmp)(name + n - 3, ".gz") == 0;
}

HbDeflate* HB_(deflate_begin) ( HbBytesOut emit, void* opaque )
{
   HbDeflate* s = VG_(calloc)("hb.deflate", 1, sizeof(HbDeflate));
   Int i;
   s->emit   = emit;
   s->opaque = opaque;
   s->out    = VG_(malloc)("hb.deflate.out", HB_DEFLATE_OUT);
   if (!crc_ready) make_crc_table();
   s->win  = VG_(malloc)("hb.deflate.win", HB_GZ_BUF);
   s->prev = VG_(malloc)("hb.deflate.prev", HB_GZ_BUF * sizeof(Int));
   s->head = VG_(malloc)("hb.deflate.head", HB_GZ_HASH_SIZE * sizeof(Int));
   for (i = 0; i < HB_GZ_HASH_SIZE; i++) s->head[i] = -1;
   gz_header(s);
   return s;
}

/* The CRC and size count the text as it enters the window; the CRC of
   what is still pending is taken when it is compressed or at the end. */
void HB_(deflate_text) ( HbDeflate* s, const HChar* text, UInt n )
{
   UInt i;
   for (i = 0; i < n; i++) {
      if (s->nwin == HB_GZ_BUF)
         s->crc = crc_update(s->crc, s->win + s->start, s->nwin - s->start);
      gz_byte(s, (UChar)text[i]);
      s->isize++;
   }
   flush_out(s);
}

void HB_(deflate_end) ( HbDeflate* s )
{
   gz_finish(s);
   flush_out(s);
   VG_(free)(s->out);
   VG_(free)(s->win);
   VG_(free)(s->prev);
   VG_(free)(s->head);
   VG_(free)(s);
}

/*--------------------------------------------------------------------*/
/*--- end                                                hb_sink.c ---*/
/*--------------------------------------------------------------------*/
