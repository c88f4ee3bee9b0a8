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

/* Earlier versions of a module whose schema changed: a log recorded under
 * one of them is read with the table of that version (its schema), so its
 * binary form decodes as it was written. */
static const sl_game *const sl_games_legacy[] = {
	&sl_game_xwing_v1,
	&sl_game_xwing_v2,
	&sl_game_xwing_v3,
	&sl_game_ti4_v1,
	&sl_game_ti4_v2,
	&sl_game_ti4_v3,
	NULL
};

const sl_game *sl_game_find_version(const char *id, int rules_version)
{
	for (int i = 0; sl_games_legacy[i]; i++)
		if (sl_games_legacy[i]->rules_version == rules_version
		    && strcmp(sl_games_legacy[i]->id, id) == 0)
			return sl_games_legacy[i];
	return sl_game_find(id);
}

const sl_game *sl_game_find(const char *id)
{
	for (int i = 0; sl_games[i]; i++)
		if (strcmp(sl_games[i]->id, id) == 0)
			return sl_games[i];
	return NULL;
}
