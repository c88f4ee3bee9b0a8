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

struct sl_odds_feed {
	const sl_odds_ops *ops;
	void *cx;
};

int sl_odds_feed_new(sl_odds_feed **out, const sl_log *head, unsigned flags, sl_error *err)
{
	const sl_analysis *a = head->game ? sl_analysis_find(head->game->id) : NULL;
	sl_odds_feed *f;
	int rc;
	*out = NULL;
	if (!a || !a->odds_feed)
		return sl_error_set(err, SL_EUSAGE, "odds: only starship voyages have odds (this log "
			"is a %s game)", head->game ? head->game->id : "?");
	if (!(f = sl_calloc(1, sizeof *f)))
		return sl_error_set(err, SL_ENOMEM, "odds: out of memory");
	f->ops = a->odds_feed;
	if ((rc = f->ops->start(&f->cx, head, flags, err))) {
		sl_free(f);
		return rc;
	}
	*out = f;
	return SL_OK;
}

int sl_odds_feed_add(sl_odds_feed *f, const sl_event *ev, sl_error *err)
{
	return f->ops->add(f->cx, ev, err);
}

const sl_odds_report *sl_odds_feed_report(const sl_odds_feed *f)
{
	return f->ops->report(f->cx);
}

void sl_odds_feed_forget(sl_odds_feed *f)
{
	f->ops->forget(f->cx);
}

int sl_odds_feed_end(sl_odds_feed *f, sl_odds_report **out, sl_error *err)
{
	return f->ops->end(f->cx, out, err);
}

void sl_odds_feed_free(sl_odds_feed *f)
{
	if (!f)
		return;
	f->ops->free(f->cx);
	sl_free(f);
}
