/* painters.c - the one static table of game painters. Adding a game adds
 * one line here. */
#include "painter.h"

#include <string.h>

const sl_painter *const sl_painters[] = {
	&sl_painter_sail,
	&sl_painter_starship,
	&sl_painter_fmp,
	&sl_painter_ti4,
	&sl_painter_xwing,
	NULL
};

const sl_painter *sl_painter_find(const char *game_id)
{
	if (!game_id)
		return NULL;
	for (int i = 0; sl_painters[i]; i++)
		if (strcmp(sl_painters[i]->game_id, game_id) == 0)
			return sl_painters[i];
	return NULL;
}

const sl_painter *sl_painter_of(const sl_frame *fr, sl_error *err)
{
	const sl_painter *p = sl_painter_find(fr->game->id);
	if (!p || p->api != SL_PAINTER_API) {
		sl_error_set(err, SL_EUSAGE, "render: no painter for the game '%s'",
			fr->game->id ? fr->game->id : "?");
		return NULL;
	}
	return p;
}

int sl_painter_size(const sl_painter *p, const sl_frame *fr, const sl_render_opts *o,
	int *w, int *h, int *board_h, sl_error *err)
{
	double band = 0;
	*w = *h = 0;
	p->size(fr, w, h);
	*board_h = *h;
	if (*w <= 0 || *h <= 0)
		return SL_OK;
	if (sl_kit_band_height(fr, o, *w, &band) < 0)
		return sl_error_set(err, SL_ENOMEM, "render: out of memory reading the result");
	*h += (int)(band + 0.999);
	return SL_OK;
}

int sl_render_has_painter(const char *game_id)
{
	return sl_painter_find(game_id) != NULL;
}

int sl_render_has_heat(const char *game_id)
{
	const sl_painter *p = sl_painter_find(game_id);
	return p && p->hex_at;
}

const char *const *sl_render_overlays(const char *game_id)
{
	static const char *const none[] = {NULL};
	const sl_painter *p = sl_painter_find(game_id);
	return p && p->overlays ? p->overlays : none;
}
