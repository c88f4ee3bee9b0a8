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
