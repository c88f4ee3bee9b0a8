/* starship_targets.h - what the starship painter and its click targets
 * share (private to render/games). */
#ifndef SL_RENDER_STARSHIP_TARGETS_H
#define SL_RENDER_STARSHIP_TARGETS_H

#include "../painter.h"

/* The centre of the ship drawn for side (STARSHIP_YOU / STARSHIP_ENEMY)
 * and a radius that covers it, on the natural canvas (starship.c). */
void starship_ship_at(int side, double *x, double *y, double *r);
/* The painter's targets hook (starship_targets.c). */
int starship_targets(const sl_frame *fr, const char *sel, struct sl_targets *out, sl_error *err);

#endif
