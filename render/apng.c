/* apng.c - our APNG writer (PNG 1.2 + the APNG 1.0 chunks acTL, fcTL,
 * fdAT). Truecolour with one tRNS key colour: after the first frame only the
 * rectangle that changed is stored, its unchanged pixels in the key colour
 * (transparent) and drawn over the canvas (dispose none, blend over), so the
 * board drawn once is reused by every later frame.
 *
 * The chunks, keying and rectangles are ours; the deflate engine is
 * libdeflate (Debian's libdeflate-dev) and zlib gives the CRCs. Measured on
 * the 200-frame `make bench` export (1024x782), the same scanlines deflated,
 * CPU time: zlib -9 1 055 658 B in 1.5 s; libdeflate 12 1 016 027 B in 6.5 s;
 * zopfli (one iteration) 1-4% smaller than libdeflate 12 per frame but 40 s on
 * the board frame alone, when rendering the whole export takes about 30 s.
 * Level 12 pays where pixels changed; on a sparse rectangle it mostly walks
 * keyed runs (about 40 ms for 1.3 MB of them), where level 6 takes 2 ms for a few
 * bytes more. So: level 12 when 1 pixel in DENSE or more changed, else 6:
 * 1 021 810 B in about 4 s, and the whole export takes about the CPU time it took
 * with zlib -9 (+0.5 s in 33 s). That is what brings the file under apngasm's
 * (a 7-zip deflate) for a time we can afford; a matcher of our own would be a
 * second deflate to keep. */
#include "sl_export.h"

#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

/* The transparent key is black, so that a keyed run and the filter bytes
 * (type 0) between its rows are one run of zero bytes, which deflate codes in
 * about 2 bits per 258 bytes. (On the bench export, zlib -9: 1 055 589 B keyed
 * in black, 1 160 267 B keyed in 01fe03, the key before.) A real black pixel
 * is stored one step bluer. */
#define KEY 0x000000u
#define LEVEL_DENSE 12         /* libdeflate's strongest */
#define LEVEL_SPARSE 6         /* see above */
#define DENSE 200              /* 1 changed pixel in DENSE or more: LEVEL_DENSE */
#define MAX_CHUNK (1u << 20)   /* bytes of image data per IDAT/fdAT chunk */

typedef struct pending {
	int x, y, w, h;
	int delay_ms;
	int first;
	uint8_t *z;           /* compressed scanlines */
	size_t zlen;
} pending;

struct sl_apng {
	int w, h, loops;
	sl_write_fn fn;
	void *closure;
	uint32_t *shown;      /* what a viewer shows after the frames stored so far */
	uint8_t *raw;         /* filtered scanlines of one frame */
	struct libdeflate_compressor *dense, *sparse;
	sl_buf body;          /* chunks after acTL */
	uint32_t seq;         /* next fcTL/fdAT sequence number */
	uint32_t frames;
	int have;             /* a pending frame waits for its delay */
	pending p;
	int failed;
};

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void chunk(sl_buf *b, const char *type, const uint8_t *data, size_t n)
{
	uint8_t hdr[8];
	uLong crc = crc32(0L, Z_NULL, 0);
	put32(hdr, (uint32_t)n);
	memcpy(hdr + 4, type, 4);
	sl_buf_put(b, hdr, 8);
	sl_buf_put(b, data, n);
	crc = crc32(crc, (const Bytef *)type, 4);
	if (n)
		crc = crc32(crc, data, (uInt)n);
	put32(hdr, (uint32_t)crc);
	sl_buf_put(b, hdr, 4);
}

int sl_apng_new(sl_apng **out, int w, int h, int loops, sl_write_fn fn, void *closure,
	sl_error *err)
{
	sl_apng *a;
	*out = NULL;
	if (w <= 0 || h <= 0 || w > SL_RENDER_MAX_SIDE || h > SL_RENDER_MAX_SIDE || !fn || loops < 0)
		return sl_error_set(err, SL_EUSAGE, "apng: bad canvas %dx%d", w, h);
	if (!(a = sl_calloc(1, sizeof *a)))
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory");
	a->w = w;
	a->h = h;
	a->loops = loops;
	a->fn = fn;
	a->closure = closure;
	sl_buf_init(&a->body);
	a->shown = sl_calloc((size_t)w * h, 4);
	a->raw = sl_malloc((size_t)(3 * w + 1) * h);
	/* libdeflate's own malloc: 1.14 sets an allocator only for the whole
	 * process, which is not this writer's to take; a failure is ours to report */
	a->dense = libdeflate_alloc_compressor(LEVEL_DENSE);
	a->sparse = libdeflate_alloc_compressor(LEVEL_SPARSE);
	if (!a->shown || !a->raw || !a->dense || !a->sparse) {
		sl_apng_free(a);
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory for a %dx%d canvas", w, h);
	}
	*out = a;
	return SL_OK;
}

void sl_apng_free(sl_apng *a)
{
	if (!a)
		return;
	sl_free(a->shown);
	sl_free(a->raw);
	sl_free(a->p.z);
	if (a->dense)
		libdeflate_free_compressor(a->dense);
	if (a->sparse)
		libdeflate_free_compressor(a->sparse);
	sl_buf_free(&a->body);
	sl_free(a);
}

/* Deflates n bytes into a zlib stream in *out (sl_malloc'd); returns the
 * length or 0. */
static size_t deflate_all(struct libdeflate_compressor *c, const uint8_t *in, size_t n,
	uint8_t **out)
{
	size_t bound = libdeflate_zlib_compress_bound(c, n), zl;
	if (!(*out = sl_malloc(bound)))
		return 0;
	if (!(zl = libdeflate_zlib_compress(c, in, n, *out, bound))) {
		sl_free(*out);
		*out = NULL;
	}
	return zl;
}

/* Encodes the rectangle of px into a->p: every unchanged pixel keyed, the
 * scanlines unfiltered, deflated. (Measured on the 200-frame export: flat
 * colours and keyed runs make filter type 0 the smallest on the frames that
 * weigh: on the board frame the next best filter, sub, is 29% larger.
 * Keying every unchanged pixel keeps the zero runs whole: with the former
 * 01fe03 key, keeping a pixel that repeated its left neighbour won 1%; with
 * the black key, keying all is 8% smaller than that.) Updates what is shown. */
static int encode_rect(sl_apng *a, const uint32_t *px, int stride, int x0, int y0, int rw,
	int rh, int first, sl_error *err)
{
	size_t rowlen = (size_t)rw * 3, rawlen = (rowlen + 1) * rh, zl, changed = 0;
	uint8_t *z;
	for (int y = 0; y < rh; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)(y0 + y) * stride) + x0;
		uint32_t *sh = a->shown + (size_t)(y0 + y) * a->w + x0;
		uint8_t *row = a->raw + (size_t)y * (rowlen + 1);
		*row++ = 0;   /* filter type: none */
		for (int x = 0; x < rw; x++) {
			uint32_t c = src[x] & 0xffffff;
			if (c == KEY)
				c ^= 1;   /* one step: never the key */
			if (!first && c == sh[x]) {
				c = KEY;   /* unchanged: transparent */
			} else {
				sh[x] = c;
				changed++;
			}
			row[3 * x] = (uint8_t)(c >> 16);
			row[3 * x + 1] = (uint8_t)(c >> 8);
			row[3 * x + 2] = (uint8_t)c;
		}
	}
	zl = deflate_all(changed * DENSE >= (size_t)rw * rh ? a->dense : a->sparse, a->raw, rawlen, &z);
	if (!zl)
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory deflating a %dx%d frame", rw, rh);
	sl_free(a->p.z);
	a->p.z = z;
	a->p.zlen = zl;
	a->p.x = x0;
	a->p.y = y0;
	a->p.w = rw;
	a->p.h = rh;
	a->p.first = first;
	return SL_OK;
}

/* Writes the pending frame's fcTL and image chunks into the body. */
static void flush_pending(sl_apng *a)
{
	uint8_t fc[26], *d;
	int ms = a->p.delay_ms, num, den;
	if (!a->have)
		return;
	if (ms <= 65535) {
		num = ms;
		den = 1000;
	} else {
		num = ms / 10 > 65535 ? 65535 : ms / 10;
		den = 100;
	}
	put32(fc, a->seq++);
	put32(fc + 4, (uint32_t)a->p.w);
	put32(fc + 8, (uint32_t)a->p.h);
	put32(fc + 12, (uint32_t)a->p.x);
	put32(fc + 16, (uint32_t)a->p.y);
	fc[20] = (uint8_t)(num >> 8);
	fc[21] = (uint8_t)num;
	fc[22] = (uint8_t)(den >> 8);
	fc[23] = (uint8_t)den;
	fc[24] = 0;                       /* dispose: none */
	fc[25] = a->p.first ? 0 : 1;      /* blend: source for the first, over after */
	chunk(&a->body, "fcTL", fc, sizeof fc);
	for (size_t off = 0; off < a->p.zlen || (off == 0 && a->p.zlen == 0); off += MAX_CHUNK) {
		size_t n = a->p.zlen - off < MAX_CHUNK ? a->p.zlen - off : MAX_CHUNK;
		if (a->p.first) {
			chunk(&a->body, "IDAT", a->p.z + off, n);
		} else {
			if (!(d = sl_malloc(n + 4))) {
				a->body.failed = 1;
				return;
			}
			put32(d, a->seq++);
			memcpy(d + 4, a->p.z + off, n);
			chunk(&a->body, "fdAT", d, n + 4);
			sl_free(d);
		}
		if (a->p.zlen == 0)
			break;
	}
	a->frames++;
	a->have = 0;
}

int sl_apng_frame(sl_apng *a, const uint32_t *px, int stride, int delay_ms, sl_error *err)
{
	int x0 = a->w, y0 = a->h, x1 = -1, y1 = -1, rc, first = a->frames == 0 && !a->have;
	if (delay_ms < 0)
		delay_ms = 0;
	if (first) {
		x0 = y0 = 0;
		x1 = a->w - 1;
		y1 = a->h - 1;
	} else {
		for (int y = 0; y < a->h; y++) {
			const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
			const uint32_t *sh = a->shown + (size_t)y * a->w;
			int l = -1, r = -1;
			for (int x = 0; x < a->w; x++) {
				uint32_t c = src[x] & 0xffffff;
				if (c == KEY)
					c ^= 1;
				if (c != sh[x]) {
					if (l < 0)
						l = x;
					r = x;
				}
			}
			if (l >= 0) {
				if (y < y0) y0 = y;
				y1 = y;
				if (l < x0) x0 = l;
				if (r > x1) x1 = r;
			}
		}
		if (x1 < 0) {   /* nothing changed: the frame before is shown longer */
			a->p.delay_ms += delay_ms;
			return SL_OK;
		}
	}
	flush_pending(a);
	if ((rc = encode_rect(a, px, stride, x0, y0, x1 - x0 + 1, y1 - y0 + 1, first, err)) < 0)
		return rc;
	a->p.delay_ms = delay_ms;
	a->have = 1;
	return SL_OK;
}

int sl_apng_finish(sl_apng *a, sl_error *err)
{
	static const uint8_t sig[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};
	uint8_t ihdr[13], actl[8], trns[6] = {0, (KEY >> 16) & 0xff, 0, (KEY >> 8) & 0xff, 0, KEY & 0xff};
	sl_buf head;
	int rc = SL_OK;
	if (!a->have && a->frames == 0)
		return sl_error_set(err, SL_EUSAGE, "apng: no frame");
	flush_pending(a);
	chunk(&a->body, "IEND", NULL, 0);
	sl_buf_init(&head);
	sl_buf_put(&head, sig, 8);
	put32(ihdr, (uint32_t)a->w);
	put32(ihdr + 4, (uint32_t)a->h);
	ihdr[8] = 8;   /* bit depth */
	ihdr[9] = 2;   /* truecolour */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	chunk(&head, "IHDR", ihdr, sizeof ihdr);
	put32(actl, a->frames);
	put32(actl + 4, (uint32_t)a->loops);
	chunk(&head, "acTL", actl, sizeof actl);
	chunk(&head, "tRNS", trns, sizeof trns);
	if (head.failed || a->body.failed)
		rc = sl_error_set(err, SL_ENOMEM, "apng: out of memory holding the animation");
	else if (a->fn(a->closure, head.data, head.len) != 0 ||
	         a->fn(a->closure, a->body.data, a->body.len) != 0)
		rc = sl_error_set(err, SL_EIO, "apng: writing the animation failed");
	sl_buf_free(&head);
	return rc;
}
