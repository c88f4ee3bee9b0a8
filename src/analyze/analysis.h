/* analysis.h - the interface of a game's analysis and the registry of them
 * (private to src/analyze/). Like a painter, an analysis is a versioned table
 * found by game id; each game's lives in src/analyze/games/<id>.c. */
#ifndef SL_ANALYSIS_H
#define SL_ANALYSIS_H

#include "sl_odds.h"

#define SL_ANALYSIS_API 1

typedef struct sl_analysis {
	int api;                      /* SL_ANALYSIS_API */
	const char *game_id;
	/* Optional (NULL): the exact odds of every random outcome of a
	 * recorded game up to event upto (< 0: all), as sl_odds_voyage. */
	int (*odds)(sl_odds_report **out, const sl_log *log, long upto, unsigned flags,
		sl_error *err);
} sl_analysis;

/* The static table, ending in NULL, and a look-up by game id (NULL if the
 * game has no analysis). */
extern const sl_analysis *const sl_analyses[];
const sl_analysis *sl_analysis_find(const char *game_id);

/* One line per game in src/analyze/analyses.c. */
extern const sl_analysis sl_analysis_starship;

#endif
