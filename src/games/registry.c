/* registry.c - the one static table of rules modules. Adding a game adds
 * one line here. */
#include "sl_game.h"
#include "sail/sail.h"
#include "starship/starship.h"
#include "fmp/fmp.h"
#include "ti4/ti4.h"
#include "xwing/xwing.h"

#include <string.h>

const sl_game *const sl_games[] = {
	&sl_game_sail,
	&sl_game_starship,
	&sl_game_fmp,
	&sl_game_ti4,
	&sl_game_xwing,
	NULL
};

const sl_game *sl_game_find(const char *id)
{
	for (int i = 0; sl_games[i]; i++)
		if (strcmp(sl_games[i]->id, id) == 0)
			return sl_games[i];
	return NULL;
}
