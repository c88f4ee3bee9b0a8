/* analyses.c - the one static table of game analyses, and what dispatches to
 * them by game id. Adding a game's analysis adds one line here. */
#include "analysis.h"

#include <string.h>

const sl_analysis *const sl_analyses[] = {
	&sl_analysis_starship,
	&sl_analysis_sail,
	&sl_analysis_fmp,
	&sl_analysis_ti4,
	&sl_analysis_xwing,
	NULL
};

const sl_analysis *sl_analysis_find(const char *game_id)
{
	if (!game_id)
		return NULL;
	for (int i = 0; sl_analyses[i]; i++)
		if (strcmp(sl_analyses[i]->game_id, game_id) == 0)
			return sl_analyses[i];
	return NULL;
}

int sl_odds_available(const sl_game *g)
{
	const sl_analysis *a = g ? sl_analysis_find(g->id) : NULL;
	return a && a->odds;
}

int sl_odds_voyage(sl_odds_report **out, const sl_log *log, long upto, unsigned flags,
	sl_error *err)
{
	const sl_analysis *a = log->game ? sl_analysis_find(log->game->id) : NULL;
	*out = NULL;
	if (!a || !a->odds)
		return sl_error_set(err, SL_EUSAGE, "odds: only starship voyages have odds (this log "
			"is a %s game)", log->game ? log->game->id : "?");
	return a->odds(out, log, upto, flags, err);
}
