/* painter.h - the interface of a game painter and the registry of painters
 * (private to render/). A painter is a versioned table, like a rules module. */
#ifndef SL_PAINTER_H
#define SL_PAINTER_H

#include "kit.h"

#define SL_PAINTER_API 1

typedef struct sl_painter {
	int api;                 /* SL_PAINTER_API */
	const char *game_id;     /* the rules module it draws */
	/* The natural size of a frame in pixels (both > 0). */
	void (*size)(const sl_frame *fr, int *w, int *h);
	/* Draws the frame on a canvas of the natural size (the driver scales).
	 * Returns 0 or a negative sl_code with err set. */
	int (*paint)(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
		sl_error *err);
} sl_painter;

/* The static table, ending in NULL. */
extern const sl_painter *const sl_painters[];
const sl_painter *sl_painter_find(const char *game_id);

/* One line per painter in render/painters.c. */
extern const sl_painter sl_painter_sail;
extern const sl_painter sl_painter_starship;
extern const sl_painter sl_painter_fmp;
extern const sl_painter sl_painter_xwing;

#endif
