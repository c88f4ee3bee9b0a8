/* sl_chart.h - a probability chart through Cairo, like the evaluation graph
 * of a chess analysis board: one value in 0..1 per step, split into
 * segments (one per fight), each step marked with what happened. The chart
 * knows no game: the caller fills the points (src/cli/cmd_odds.c does it
 * from src/analyze's odds). */
#ifndef SL_CHART_H
#define SL_CHART_H

#include "render/sl_render.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
	SL_CHART_NONE = 0,      /* a plain point (the start of a segment) */
	SL_CHART_MISS,          /* a small hollow ring in the side's colour */
	SL_CHART_HIT,           /* a triangle in the side's colour, pointing at the target */
	SL_CHART_KILL           /* a burst: the hit that ended it */
};

typedef struct sl_chart_point {
	double y;               /* 0..1 (clamped) */
	int mark;               /* SL_CHART_* */
	int side;               /* 0 or 1: whose colour marks it */
	char label[16];         /* short text by the mark ("-4"), may be empty */
} sl_chart_point;

typedef struct sl_chart_segment {
	int start, n;           /* points [start, start + n) */
	char label[96];
} sl_chart_segment;

typedef struct sl_chart {
	const char *title;
	const char *subtitle;
	const char *y_label;            /* "your chance to win" */
	const char *side_name[2];
	uint32_t side_colour[2];        /* 0xRRGGBB */
	int npoints;
	const sl_chart_point *points;
	int nsegments;
	const sl_chart_segment *segments;
} sl_chart;

/* Natural size for n points (the canvas widens with long voyages). */
void sl_chart_size(const sl_chart *ch, int *w, int *h);
/* Draws the chart as PNG or SVG (or PDF) into a file, written whole or not
 * at all. width 0: natural size. Returns 0 or a negative sl_code, err set. */
int sl_chart_to_file(const char *path, sl_format fmt, const sl_chart *ch, int width,
	int theme, sl_error *err);
/* Same into memory; caller frees *out with sl_free. */
int sl_chart_to_mem(sl_format fmt, const sl_chart *ch, int width, int theme,
	unsigned char **out, size_t *out_len, sl_error *err);

#ifdef __cplusplus
}
#endif
#endif
