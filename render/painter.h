/* painter.h - the interface of a game painter and the registry of painters
 * (private to render/). A painter is a versioned table, like a rules module. */
#ifndef SL_PAINTER_H
#define SL_PAINTER_H

#include "kit.h"

struct sl_targets;

#define SL_PAINTER_API 2   /* 2: targets */

typedef struct sl_painter {
	int api;                 /* SL_PAINTER_API */
	const char *game_id;     /* the rules module it draws */
	/* The natural size of a frame in pixels (both > 0). */
	void (*size)(const sl_frame *fr, int *w, int *h);
	/* Draws the frame on a canvas of the natural size (the driver scales).
	 * Returns 0 or a negative sl_code with err set. */
	int (*paint)(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
		sl_error *err);
	/* Optional (NULL: the board is no hex map): where hex col,row (1-based,
	 * as printed) sits on the natural canvas, its centre and its size
	 * (centre to corner), for what the driver draws over any board (the
	 * heat overlay, render/heat.c). Returns 0, or -1 for a hex off the map. */
	int (*hex_at)(const sl_frame *fr, int col, int row, double *x, double *y, double *size);
	/* The overlay names it offers (--overlay), NULL-terminated; NULL: none. */
	const char *const *overlays;
	/* Optional (NULL: every frame is drawn whole): the frame in two layers,
	 * for exports of a sequence (render/seq.c keeps the ground drawn). */
	const struct sl_painter_layers *layers;
	/* Optional (NULL: nothing to click): the candidate targets of the
	 * state in fr under selection sel (render/sl_targets.h), in the
	 * game's own file render/games/<id>_targets.c. Candidates need not be
	 * legal: render/targets.c keeps the ACT targets the rules accept.
	 * Returns 0 or a negative sl_code with err set. */
	int (*targets)(const sl_frame *fr, const char *sel, struct sl_targets *out, sl_error *err);
	/* Optional: where the board sits on the natural canvas (x, y, w, h), for
	 * sl_render_opts.board_only. NULL: the extent of the hexes of hex_at,
	 * or, without hex_at, no board of its own. */
	void (*board)(const sl_frame *fr, double box[4]);
} sl_painter;

/* ---- layers --------------------------------------------------------------------
 * The ground is what changes seldom over a game (the map, its terrain, the
 * grid and its labels: under a tide or a wind it may change with them); the
 * top is everything else. Drawing the ground then the top on one canvas
 * gives exactly the picture paint() gives. */
enum { SL_LAYER_GROUND = 1, SL_LAYER_TOP = 2, SL_LAYER_ALL = 3 };

typedef struct sl_painter_layers {
	/* What the ground depends on, hashed: two frames of one game with the
	 * same key have the same ground (and the same natural size). */
	uint64_t (*ground_key)(const sl_frame *fr, const sl_render_opts *o);
	/* Draws the layers in `mask` (SL_LAYER_*) on a canvas of the natural
	 * size; the top is drawn over a ground already there (or over nothing:
	 * transparent, for the HTML viewer). Returns 0 or a negative sl_code. */
	int (*paint)(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o, int mask,
		sl_error *err);
} sl_painter_layers;

/* The static table, ending in NULL. */
extern const sl_painter *const sl_painters[];
const sl_painter *sl_painter_find(const char *game_id);
/* The painter of fr's game (fr and its game given), its API checked; NULL
 * with err set ("no painter for the game ...") when there is none. */
const sl_painter *sl_painter_of(const sl_frame *fr, sl_error *err);

/* The natural size of fr drawn by p under o: the painter's own, with the
 * result band below the board (render/banner.c) when there is one; board_h
 * is the painter's own height (where the band begins). Returns 0 or
 * SL_ENOMEM with err set. */
int sl_painter_size(const sl_painter *p, const sl_frame *fr, const sl_render_opts *o,
	int *w, int *h, int *board_h, sl_error *err);

/* One line per painter in render/painters.c. */
extern const sl_painter sl_painter_sail;
extern const sl_painter sl_painter_starship;
extern const sl_painter sl_painter_fmp;
extern const sl_painter sl_painter_ti4;
extern const sl_painter sl_painter_xwing;

#endif
