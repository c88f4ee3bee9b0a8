/* yuv.c - RGB to 4:2:0 YUV for the video writer: the BT.601 studio-range
 * matrix in 16-bit fixed point, chroma the mean of each 2x2 block (its
 * centre, where an MPEG-1/JPEG siting and swscale's default put it). Ours
 * in place of swscale's, which weighs the chroma with a bicubic filter over
 * rows around the pair and so cannot convert only the rows that changed;
 * video.c converts only those. */
#include "yuv.h"

/* 219/255 and 224/255 of the BT.601 weights, times 65536, rounded so that
 * each chroma row sums to 0 (grey has no colour) and Y's to 56 284
 * (white 235) */
enum {
	YR = 16829, YG = 33039, YB = 6416,
	UR = -9714, UG = -19070, UB = 28784,
	VR = 28784, VG = -24103, VB = -4681
};

void sl_yuv420_rows(const sl_yuv_planes *d, const uint32_t *px, int stride, int sw, int sh,
	int w, int y0, int y1)
{
	const int hw = w / 2, last = sw - 1;
	for (int y = y0; y < y1; y += 2) {
		const uint32_t *r0 = (const uint32_t *)((const uint8_t *)px +
			(size_t)(y < sh ? y : sh - 1) * stride);
		const uint32_t *r1 = (const uint32_t *)((const uint8_t *)px +
			(size_t)(y + 1 < sh ? y + 1 : sh - 1) * stride);
		uint8_t *ya = d->y + (size_t)y * d->ys, *yb = ya + d->ys;
		uint8_t *u = d->u + (size_t)(y / 2) * d->us, *v = d->v + (size_t)(y / 2) * d->vs;
		for (int x = 0; x < hw; x++) {
			int xa = 2 * x, xb = 2 * x + 1 > last ? last : 2 * x + 1;
			uint32_t p[4] = {r0[xa], r0[xb], r1[xa], r1[xb]};
			int sr = 0, sg = 0, sb = 0;
			uint8_t *out[4] = {ya + xa, ya + xa + 1, yb + xa, yb + xa + 1};
			for (int k = 0; k < 4; k++) {
				int r = (int)(p[k] >> 16 & 255), g = (int)(p[k] >> 8 & 255), b = (int)(p[k] & 255);
				*out[k] = (uint8_t)((YR * r + YG * g + YB * b + (16 << 16) + (1 << 15)) >> 16);
				sr += r;
				sg += g;
				sb += b;
			}
			/* the sums of four: 2 more bits; offset 128, rounded */
			u[x] = (uint8_t)((UR * sr + UG * sg + UB * sb + (128 << 18) + (1 << 17)) >> 18);
			v[x] = (uint8_t)((VR * sr + VG * sg + VB * sb + (128 << 18) + (1 << 17)) >> 18);
		}
	}
}
