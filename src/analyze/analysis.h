/* analysis.h - the interface of a game's analysis and the registry of them
 * (private to src/analyze/). Like a painter, an analysis is a versioned table
 * found by game id; each game's lives in src/analyze/games/<id>.c, with its
 * metrics, its kinds of random outcome and what it reads from each entry
 * declared there and nowhere else. */
#ifndef SL_ANALYSIS_H
#define SL_ANALYSIS_H

#include "sl_odds.h"
#include "sl_stats.h"

#define SL_ANALYSIS_API 2    /* 2: metrics, rolls, heat, result */

/* What observe reports to (stats.c). */
typedef struct sl_observer sl_observer;
/* A recorded roll of the entry just applied. */
int sl_observer_roll(sl_observer *o, const sl_roll *r);
/* A hex (as printed, 1-based) where a piece went, fought or was lost. */
int sl_observer_heat(sl_observer *o, int col, int row, int layer);

typedef struct sl_analysis {
	int api;                      /* SL_ANALYSIS_API */
	const char *game_id;
	/* Optional (NULL): the exact odds of every random outcome of a
	 * recorded game up to event upto (< 0: all), as sl_odds_voyage. */
	int (*odds)(sl_odds_report **out, const sl_log *log, long upto, unsigned flags,
		sl_error *err);

	/* The metrics, per player, and the kinds of recorded rolls. */
	int nmetrics;
	const sl_metric_def *metrics;
	int nkinds;
	const sl_roll_kind *kinds;
	/* Sides of rolls that are not players (side -1 is sides[0]), NULL-ended;
	 * NULL: none. */
	const char *const *sides;

	/* Bytes of the analysis's own memory of the walk, zeroed at its start. */
	size_t ctx_size;
	/* Called with the initial state and ev NULL, then after every entry
	 * (markers too) with the state after it. v is [player * nmetrics + m]:
	 * a LEVEL slot holds the value set last (NaN at first) and gets the value
	 * now; a SUM slot holds 0 and gets this entry's amount. Reports the
	 * entry's rolls and heat through o. Returns 0 or a negative sl_code. */
	int (*observe)(void *ctx, const sl_header *h, const void *st, const sl_event *ev,
		double *v, sl_observer *o, sl_error *err);
	/* Optional: frees what observe kept in ctx (not ctx itself). */
	void (*ctx_free)(void *ctx);
	/* Optional: who is ahead in the final state, and a few words. */
	void (*result)(const void *st, const sl_header *h, sl_result *out);
	/* Optional (with odds): the same odds fed an entry at a time
	 * (sl_odds_feed). */
	const sl_odds_ops *odds_feed;
} sl_analysis;

/* The static table, ending in NULL, and a look-up by game id (NULL if the
 * game has no analysis). */
extern const sl_analysis *const sl_analyses[];
const sl_analysis *sl_analysis_find(const char *game_id);

/* One line per game in src/analyze/analyses.c. */
extern const sl_analysis sl_analysis_starship;
extern const sl_analysis sl_analysis_sail;
extern const sl_analysis sl_analysis_fmp;
extern const sl_analysis sl_analysis_ti4;
extern const sl_analysis sl_analysis_xwing;

#endif
