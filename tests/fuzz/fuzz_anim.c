/* fuzz_anim.c - libFuzzer target for the animation encoders: frames made
 * from the input (up to 64x64, up to 8 frames, 16 colours) go through our
 * GIF writer (giflib and our LZW) and our APNG writer. The GIF is read back
 * by giflib and composited as a viewer would (transparency, disposal): every
 * picture shown must be the frame given, identical frames merged into one.
 * Input: width, height, frames, then 4 bits a pixel (repeated if short). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#include "render/sl_export.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint32_t palette[16] = {
	0x000000, 0xffffff, 0xf4f1e8, 0x1f4fb4, 0xb22222, 0x2e7d32, 0xfbc02d, 0x6a1b9a,
	0x00838f, 0x5d4037, 0x9e9e9e, 0x203040, 0xff8f00, 0xc2185b, 0x4e342e, 0x81d4fa};

typedef struct membuf {
	sl_buf b;
	size_t pos;
} membuf;

static int put(void *closure, const unsigned char *p, size_t n)
{
	sl_buf_put(&((membuf *)closure)->b, p, n);
	return ((membuf *)closure)->b.failed ? -1 : 0;
}

static int get(GifFileType *g, GifByteType *out, int n)
{
	membuf *m = g->UserData;
	if ((size_t)n > m->b.len - m->pos)
		n = (int)(m->b.len - m->pos);
	memcpy(out, m->b.data + m->pos, (size_t)n);
	m->pos += (size_t)n;
	return n;
}

/* Every image of the GIF drawn in turn; shown[k] must equal want[k]. */
static void check_gif(membuf *m, int w, int h, uint32_t (*want)[64 * 64], int nwant)
{
	static uint32_t shown[64 * 64], saved[64 * 64];
	int e, k = 0;
	GifFileType *gf;
	m->pos = 0;
	if (!(gf = DGifOpen(m, get, &e)) || DGifSlurp(gf) != GIF_OK)
		abort();   /* giflib reads what we wrote */
	if (gf->SWidth != w || gf->SHeight != h || gf->ImageCount != nwant)
		abort();
	memset(shown, 0, sizeof shown);
	for (int i = 0; i < gf->ImageCount; i++) {
		const SavedImage *im = &gf->SavedImages[i];
		const GifImageDesc *id = &im->ImageDesc;
		const ColorMapObject *cm = id->ColorMap ? id->ColorMap : gf->SColorMap;
		GraphicsControlBlock gcb;
		if (DGifSavedExtensionToGCB(gf, i, &gcb) != GIF_OK || !cm ||
		    id->Left < 0 || id->Top < 0 || id->Left + id->Width > w || id->Top + id->Height > h)
			abort();
		memcpy(saved, shown, sizeof shown);
		for (int y = 0; y < id->Height; y++)
			for (int x = 0; x < id->Width; x++) {
				int v = im->RasterBits[y * id->Width + x];
				if (v == gcb.TransparentColor)
					continue;
				if (v >= cm->ColorCount)
					abort();
				shown[(id->Top + y) * w + id->Left + x] = (uint32_t)cm->Colors[v].Red << 16 |
					(uint32_t)cm->Colors[v].Green << 8 | cm->Colors[v].Blue;
			}
		for (int y = 0; y < h; y++)
			if (memcmp(&shown[y * w], &want[k][y * w], (size_t)w * 4) != 0)
				abort();   /* the picture shown is the frame given */
		k++;
		if (gcb.DisposalMode == DISPOSE_PREVIOUS)
			memcpy(shown, saved, sizeof shown);
		else if (gcb.DisposalMode == DISPOSE_BACKGROUND)
			abort();   /* never written: it would show the background colour */
	}
	DGifCloseFile(gf, &e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint32_t px[8][64 * 64], want[8][64 * 64];
	int w, h, nf, nwant = 0;
	size_t at = 3;
	sl_error err;
	membuf m;
	sl_gif *g = NULL;
	sl_apng *a = NULL;
	if (size < 4)
		return 0;
	w = 1 + data[0] % 64;
	h = 1 + data[1] % 64;
	nf = 1 + data[2] % 8;
	for (int f = 0; f < nf; f++) {
		for (int i = 0; i < w * h; i++, at++) {
			unsigned b = data[3 + (at - 3) / 2 % (size - 3)];
			px[f][i] = palette[(at & 1 ? b >> 4 : b) & 15];
		}
		if (!nwant || memcmp(px[f], want[nwant - 1], (size_t)(w * h) * 4) != 0)
			memcpy(want[nwant++], px[f], (size_t)(w * h) * 4);
	}
	sl_error_clear(&err);
	memset(&m, 0, sizeof m);
	sl_buf_init(&m.b);
	if (sl_gif_new(&g, w, h, 0, palette, 16, put, &m, &err) != SL_OK)
		abort();
	for (int f = 0; f < nf; f++)
		if (sl_gif_frame(g, px[f], w * 4, 100, &err) != SL_OK)
			abort();
	if (sl_gif_finish(g, &err) != SL_OK)
		abort();
	sl_gif_free(g);
	check_gif(&m, w, h, want, nwant);
	sl_buf_reset(&m.b);
	if (sl_apng_new(&a, w, h, 0, put, &m, &err) != SL_OK)
		abort();
	for (int f = 0; f < nf; f++)
		if (sl_apng_frame(a, px[f], w * 4, 100, &err) != SL_OK)
			abort();
	if (sl_apng_finish(a, &err) != SL_OK || m.b.len < 8 || memcmp(m.b.data, "\x89PNG\r\n\x1a\n", 8))
		abort();
	sl_apng_free(a);
	sl_buf_free(&m.b);
	return 0;
}
