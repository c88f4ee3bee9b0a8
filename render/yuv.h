/* yuv.h - RGB to 4:2:0 YUV for the video writer (private to render/:
 * video.c and its tests). */
#ifndef SL_YUV_H
#define SL_YUV_H

#include <stddef.h>
#include <stdint.h>

/* The planes of a picture: Y w*h, U and V (w/2)*(h/2), w and h even. */
typedef struct sl_yuv_planes {
	uint8_t *y, *u, *v;
	int ys, us, vs;   /* bytes a row */
} sl_yuv_planes;

/* Converts the row pairs [y0, y1) / 2 (y0, y1 even) of the picture the
 * sw x sh pixels px make (0x__RRGGBB, stride bytes a row) once edged to w x h
 * with their own last column and row (w - sw and h - sh at most 1): BT.601
 * limited range, each chroma sample the mean of its 2x2 pixels. Each
 * output row pair depends on its own two source rows alone. */
void sl_yuv420_rows(const sl_yuv_planes *d, const uint32_t *px, int stride, int sw, int sh,
	int w, int y0, int y1);
/* The same of the chroma columns [c0, c1) alone (c1 <= w / 2) and the luma
 * columns they cover: a sample outside them is not written. */
void sl_yuv420_rect(const sl_yuv_planes *d, const uint32_t *px, int stride, int sw, int sh,
	int w, int c0, int c1, int y0, int y1);

#endif
