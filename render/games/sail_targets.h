/* sail_targets.h - the sail painter's targets hook (sail_targets.c);
 * private to render/games. */
#ifndef SL_RENDER_SAIL_TARGETS_H
#define SL_RENDER_SAIL_TARGETS_H

#include "../painter.h"

int sail_targets(const sl_frame *fr, const char *sel, struct sl_targets *out, sl_error *err);

#endif
