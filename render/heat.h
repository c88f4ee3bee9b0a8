/* heat.h - the heat overlay (private to render/): drawn by the driver over
 * any painter's board that maps hexes to the canvas (sl_painter.hex_at). */
#ifndef SL_HEAT_DRAW_H
#define SL_HEAT_DRAW_H

#include "painter.h"
#include "analyze/sl_stats.h"

/* Draws h over the frame the painter just drew. SL_EUSAGE when the
 * painter's board is no hex map. */
int sl_heat_draw(sl_kit_canvas *c, const sl_painter *p, const sl_frame *fr, const sl_heat *h,
	sl_error *err);

#endif
