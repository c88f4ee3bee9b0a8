/* yuv.c - RGB to 4:2:0 YUV for the video writer: the BT.601 studio-range
 * matrix in 16-bit fixed point, chroma the mean of each 2x2 block (its
 * centre, where an MPEG-1/JPEG siting and swscale's default put it). Ours
 * in place of swscale's, which weighs the chroma with a bicubic filter over
 * rows around the pair and so cannot convert only the rows that changed;
 * video.c converts only those, and of them only the columns that changed. */
#include "yuv.h"

/* 219/255 and 224/255 of the BT.601 weights, times 65536, rounded so that
 * each chroma row sums to 0 (grey has no colour) and Y's to 56 284
 * (white 235) */
enum {
	YR = 16829, YG = 33039, YB = 6416,
	UR = -9714, UG = -19070, UB = 28784,
	VR = 28784, VG = -24103, VB = -4681
};

/* Y of the columns [x0, x1) of one row: separate from the chroma so that
 * a vectoriser takes it */
static void luma_row(uint8_t *restrict y, const uint32_t *restrict r, int x0, int x1)
{
	for (int x = x0; x < x1; x++) {
		uint32_t p = r[x];
		int32_t v = YR * (int32_t)(p >> 16 & 255) + YG * (int32_t)(p >> 8 & 255) +
			YB * (int32_t)(p & 255) + (16 << 16) + (1 << 15);
		y[x] = (uint8_t)(v >> 16);
	}
}

void sl_yuv420_rect(const sl_yuv_planes *d, const uint32_t *px, int stride, int sw, int sh,
	int w, int c0, int c1, int y0, int y1)
{
	const int pairs = sw / 2;   /* pairs: the chroma samples of two real columns */
	const int l0 = 2 * c0, l1 = 2 * c1 < sw ? 2 * c1 : sw;   /* the luma columns of real pixels */
	for (int y = y0; y < y1; y += 2) {
		const uint32_t *r0 = (const uint32_t *)((const uint8_t *)px +
			(size_t)(y < sh ? y : sh - 1) * stride);
		const uint32_t *r1 = (const uint32_t *)((const uint8_t *)px +
			(size_t)(y + 1 < sh ? y + 1 : sh - 1) * stride);
		uint8_t *u = d->u + (size_t)(y / 2) * d->us, *v = d->v + (size_t)(y / 2) * d->vs;
		uint8_t *ya = d->y + (size_t)y * d->ys, *yb = d->y + (size_t)(y + 1) * d->ys;
		luma_row(ya, r0, l0, l1);
		luma_row(yb, r1, l0, l1);
		if (2 * c1 > sw) {   /* the edge: the last column again */
			ya[sw] = ya[sw - 1];
			yb[sw] = yb[sw - 1];
		}
		for (int x = c0; x < c1; x++) {
			/* the sums of four (the last column twice at an odd edge) */
			int xa = 2 * x, xb = x < pairs ? 2 * x + 1 : 2 * x;
			uint32_t a = r0[xa], b = r0[xb], c = r1[xa], e = r1[xb];
			int32_t sr = (int32_t)((a >> 16 & 255) + (b >> 16 & 255) + (c >> 16 & 255) + (e >> 16 & 255));
			int32_t sg = (int32_t)((a >> 8 & 255) + (b >> 8 & 255) + (c >> 8 & 255) + (e >> 8 & 255));
			int32_t sb = (int32_t)((a & 255) + (b & 255) + (c & 255) + (e & 255));
			/* 2 more bits than a pixel's; offset 128, rounded */
			u[x] = (uint8_t)((UR * sr + UG * sg + UB * sb + (128 << 18) + (1 << 17)) >> 18);
			v[x] = (uint8_t)((VR * sr + VG * sg + VB * sb + (128 << 18) + (1 << 17)) >> 18);
		}
	}
}

void sl_yuv420_rows(const sl_yuv_planes *d, const uint32_t *px, int stride, int sw, int sh,
	int w, int y0, int y1)
{
	sl_yuv420_rect(d, px, stride, sw, sh, w, 0, w / 2, y0, y1);
}
