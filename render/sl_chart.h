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

/* ---- series charts: metrics over a game ------------------------------------
 * One or more panels stacked, each with its own y axis and unit, sharing
 * the x axis (steps of the game: turns or events, with turn ticks); one
 * series per side in its colour; bookmarks as flagged vertical lines. */

enum { SL_CHART_LINE = 0, SL_CHART_AREA = 1, SL_CHART_BAR = 2 };

typedef struct sl_chart_panel {
	const char *title;      /* "hull" */
	const char *unit;       /* "hull points": the y axis */
	int style;              /* SL_CHART_LINE, AREA or BAR */
	int zero_line;          /* draw y = 0 darker (actual minus expected) */
	const double *y;        /* [series * npoints + i]; NaN: a gap */
} sl_chart_panel;

typedef struct sl_chart_flag {
	int at;                 /* point index */
	const char *label;
} sl_chart_flag;

typedef struct sl_series_chart {
	const char *title;
	const char *subtitle;
	const char *x_label;            /* "turn", "event" */
	int nseries;
	const char *const *series_name;
	const uint32_t *series_colour;  /* 0xRRGGBB */
	int npoints;
	const int *turn;                /* [i] the turn at point i: ticks where it changes */
	const long *x_value;            /* [i] the number printed under point i (NULL: turn) */
	int npanels;
	const sl_chart_panel *panels;
	int nflags;
	const sl_chart_flag *flags;     /* bookmarks */
} sl_series_chart;

void sl_series_chart_size(const sl_series_chart *ch, int *w, int *h);
/* As sl_chart_to_file / sl_chart_to_mem. */
int sl_series_chart_to_file(const char *path, sl_format fmt, const sl_series_chart *ch, int width,
	int theme, sl_error *err);
int sl_series_chart_to_mem(sl_format fmt, const sl_series_chart *ch, int width, int theme,
	unsigned char **out, size_t *out_len, sl_error *err);

#ifdef __cplusplus
}
#endif
#endif
