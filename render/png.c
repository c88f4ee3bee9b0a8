/* png.c - the still PNG of `render` (issue 29): truecolour 8-bit from a
 * cairo RGB24 surface, each row filtered Up or Sub (the one that leaves
 * fewer bytes non-zero) and the whole deflated at once by libdeflate at
 * level 2, whose CRC32 the chunks share. cairo's own writer (libpng over
 * zlib at level 6) spent 60-80% of a 1024-pixel frame's CPU; make bench
 * (bench/png_bench.c) writes the same pixels with both and checks the bytes
 * (at most 1.05 times cairo's) and that ours decode to those pixels.
 * sl_png_rgb_consume writes the filtered rows over the surface itself,
 * which `render` frees next (no second image in memory). */
#include "export.h"

#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>

#ifndef PNG_LEVEL
/* libdeflate's level, measured on 15 frames of the samples (nine 1024 wide,
 * light and dark; six 512 and 2048 wide) against cairo's bytes: level 1,
 * 0.989 of cairo's over the nine but 1.049 on X-Wing's sparse mat at 2048;
 * level 2, 0.976 and at most 1.033 (that frame), 10-15% slower than 1;
 * level 4 no smaller than 2, and slower. */
#define PNG_LEVEL 2
#endif

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static int chunk(sl_write_fn fn, void *closure, const char *type, const uint8_t *data, size_t n)
{
	uint8_t head[8], tail[4];
	uint32_t crc;
	int rc;
	put32(head, (uint32_t)n);
	memcpy(head + 4, type, 4);
	crc = libdeflate_crc32(0, head + 4, 4);
	if (n)   /* a NULL buffer asks libdeflate for its initial value */
		crc = libdeflate_crc32(crc, data, n);
	put32(tail, crc);
	if ((rc = fn(closure, head, 8)) || (n && (rc = fn(closure, data, n))))
		return rc;
	return fn(closure, tail, 4);
}

/* The bytes of a row left non-zero by Sub (each byte less the one bpp to
 * its left) and by Up (less the one above). */
static size_t nonzero_sub(const uint8_t *restrict row, size_t n, size_t bpp)
{
	size_t k = n < bpp ? n : bpp, z = 0;
	for (size_t i = 0; i < k; i++)
		z += row[i] != 0;
	for (size_t i = k; i < n; i++)
		z += row[i] != row[i - bpp];
	return z;
}

static size_t nonzero_up(const uint8_t *restrict row, const uint8_t *restrict prev, size_t n)
{
	size_t z = 0;
	for (size_t i = 0; i < n; i++)
		z += row[i] != prev[i];
	return z;
}

/* Filters row (n bytes, prev the row above or zeros) into out: its filter
 * byte, then the bytes. Of Up and Sub, the one that leaves fewer bytes
 * non-zero (Up on a tie). A board is flat fields, lines and text: a row is
 * mostly the row above (Up) or, inside a shape, runs of one colour (Sub).
 * libpng's choice (of the five filters, the least sum of |signed byte|;
 * Average and Paeth are for photographs) was 2.9% larger on the nine
 * 1024-pixel frames at level 4, and its filtering took three times as long. */
static void filter_row(const uint8_t *restrict row, const uint8_t *restrict prev, size_t n, size_t bpp,
	uint8_t *restrict out)
{
	size_t k = n < bpp ? n : bpp;
	if (nonzero_sub(row, n, bpp) < nonzero_up(row, prev, n)) {
		out[0] = 1;
		memcpy(out + 1, row, k);
		for (size_t i = k; i < n; i++)
			out[1 + i] = (uint8_t)(row[i] - row[i - bpp]);
	} else {
		out[0] = 2;
		for (size_t i = 0; i < n; i++)
			out[1 + i] = (uint8_t)(row[i] - prev[i]);
	}
}

/* One pixel of cairo's native xRGB or premultiplied ARGB into RGB or RGBA
 * (straight alpha, as PNG has it). */
static void put_px(uint8_t *o, uint32_t v, int alpha)
{
	unsigned a = v >> 24, r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
	if (alpha) {
		if (a && a < 255) {
			r = (r * 255 + a / 2) / a;
			g = (g * 255 + a / 2) / a;
			b = (b * 255 + a / 2) / a;
		}
		o[3] = (uint8_t)a;
	}
	o[0] = (uint8_t)(r > 255 ? 255 : r);
	o[1] = (uint8_t)(g > 255 ? 255 : g);
	o[2] = (uint8_t)(b > 255 ? 255 : b);
}

/* in_place: the filtered rows are written over px itself (RGB only: row y's
 * n + 1 bytes end at (y + 1)(3w + 1), never past row y + 1's start at
 * (y + 1) stride, and row y is in rows[] before its bytes are written). */
static int png_write(const uint32_t *px, int w, int h, int stride, int alpha, int in_place, sl_write_fn fn,
	void *closure, sl_error *err)
{
	static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	size_t bpp = alpha ? 4 : 3, n = (size_t)w * bpp, raw = (size_t)h * (n + 1), cap;
	uint8_t ihdr[13], *rows = NULL, *filt = NULL, *z = NULL;
	struct libdeflate_compressor *c = NULL;
	int rc = SL_ENOMEM;
	if (w <= 0 || h <= 0)
		return sl_error_set(err, SL_EUSAGE, "PNG: bad size %dx%d", w, h);
	rows = sl_malloc(2 * n);          /* this row and the one above, as RGB(A) */
	in_place = in_place && !alpha && (size_t)stride >= n + 1;
	filt = in_place ? (uint8_t *)px : sl_malloc(raw);
	c = libdeflate_alloc_compressor(PNG_LEVEL);
	if (!rows || !filt || !c) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		goto out;
	}
	memset(rows + n, 0, n);
	for (int y = 0; y < h; y++) {
		const uint32_t *p = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		uint8_t *cur = rows + (size_t)(y & 1) * n, *prev = rows + (size_t)((y & 1) ^ 1) * n;
		for (int x = 0; x < w; x++)
			put_px(cur + bpp * (size_t)x, p[x], alpha);
		if (y == 0)
			memset(prev, 0, n);
		filter_row(cur, prev, n, bpp, filt + (size_t)y * (n + 1));
	}
	cap = libdeflate_zlib_compress_bound(c, raw);
	if (!(z = sl_malloc(cap))) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		goto out;
	}
	cap = libdeflate_zlib_compress(c, filt, raw, z, cap);
	put32(ihdr, (uint32_t)w);
	put32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 8;    /* bits per channel */
	ihdr[9] = alpha ? 6 : 2;    /* truecolour, with alpha or not */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	if (!cap) {
		rc = sl_error_set(err, SL_EIO, "render: the PNG could not be deflated");
		goto out;
	}
	if ((rc = fn(closure, sig, 8)) || (rc = chunk(fn, closure, "IHDR", ihdr, 13)) ||
	    (rc = chunk(fn, closure, "IDAT", z, cap)) || (rc = chunk(fn, closure, "IEND", NULL, 0)))
		rc = rc == SL_ENOMEM ? sl_error_set(err, SL_ENOMEM, "out of memory")
		                     : sl_error_set(err, SL_EIO, "render: writing the PNG failed");
out:
	libdeflate_free_compressor(c);
	sl_free(rows);
	if (!in_place)
		sl_free(filt);
	sl_free(z);
	return rc;
}

int sl_png_rgb(const uint32_t *px, int w, int h, int stride, sl_write_fn fn, void *closure,
	sl_error *err)
{
	return png_write(px, w, h, stride, 0, 0, fn, closure, err);
}

int sl_png_rgb_consume(uint32_t *px, int w, int h, int stride, sl_write_fn fn, void *closure,
	sl_error *err)
{
	return png_write(px, w, h, stride, 0, 1, fn, closure, err);
}

int sl_png_rgba(const uint32_t *px, int w, int h, int stride, sl_write_fn fn, void *closure,
	sl_error *err)
{
	return png_write(px, w, h, stride, 1, 0, fn, closure, err);
}
