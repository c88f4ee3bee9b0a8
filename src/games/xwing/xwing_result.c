/* xwing_result.c - when an xwing game is over and its score (formats/xwing.md,
 * "The end and the score"): a side with no ship left or the round limit,
 * then the 2.0 tournament scoring (destroyed ships' points, half for the
 * damaged ones), or under 2.5 a scenario's objectives to 20 points. Rules
 * version 1 logs never end (the module said nothing of it then). */
#include "xwing_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *meta(const sl_header *h, const char *key)
{
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && h->meta[i].value && strcmp(h->meta[i].key, key) == 0)
			return h->meta[i].value;
	return NULL;
}

const char *const xw_scenario_ids[] = {
	"satellitearray", "chanceengagement", "salvagemission", "scramblethetransmissions", NULL
};
static const char *const scenario_names[] = {
	"Assault at the Satellite Array", "Chance Engagement", "Salvage Mission",
	"Scramble the Transmissions"
};

int xw_scenario(const sl_header *h)
{
	const char *v = meta(h, "xwing-scenario");
	for (int i = 0; v && xw_scenario_ids[i]; i++)
		if (strcmp(v, xw_scenario_ids[i]) == 0)
			return i;
	return -1;
}

int xw_round_limit(const sl_header *h)
{
	const char *v = meta(h, "xwing-rounds");
	if (v && atoi(v) > 0)
		return atoi(v);
	return xw_scenario(h) >= 0 ? 12 : 0;   /* 2.5 scenarios: 12 rounds */
}

/* The points ship i is worth to its enemy now: its cost destroyed (or
 * fled), half of it when it has lost half its hull and shields or more
 * (2.0 rounds down, 2.5 up), else nothing. */
static int ship_points(const xw_state *s, const sl_header *h, int i)
{
	const xw_ship *sh = &s->ships[i];
	const xw_ship_type *t = xw_type_of(sh);
	int sys = xw_points_of(h), cost, start = t->hull + t->shields + sh->bonus_hp;
	xw_loadout l;
	l.pilot = sh->pilot;
	l.nup = sh->nup;
	memcpy(l.up, sh->up, sizeof l.up);
	cost = xw_loadout_points(&l, sys);
	if (cost < 0)
		return 0;
	if (sh->gone || sh->fled)
		return cost;
	if (2 * (start - sh->hull - sh->shields) >= start)
		return sys == XW_POINTS_25 ? (cost + 1) / 2 : cost / 2;
	return 0;
}

int xw_score(const xw_state *s, const sl_header *h, int side)
{
	int pts = s->ver >= 2 && side >= 0 && side < SL_MAX_PLAYERS ? s->objective[side] : 0;
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].side != side)
			pts += ship_points(s, h, i);
	return pts;
}

static void side_name(sl_buf *out, const sl_header *h, int p)
{
	if (p >= 0 && p < h->nplayers && h->players[p].name && *h->players[p].name)
		sl_buf_printf(out, "%s (%s)", h->players[p].name, h->players[p].id);
	else
		sl_buf_puts(out, xw_side_name(h, p));
}

/* Why it is over, or NULL while it goes on. */
static const char *over_why(const xw_state *s, const sl_header *h, int *scores, char *buf,
	size_t cap)
{
	int alive[2] = {0, 0}, limit = xw_round_limit(h), sc = xw_scenario(h);
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].side >= 0 && s->ships[i].side < 2 && !s->ships[i].gone
		    && !s->ships[i].fled)
			alive[s->ships[i].side]++;
	if (!alive[0] || !alive[1]) {
		snprintf(buf, cap, "%s has no ship left, round %d", !alive[0] && !alive[1] ? "no side"
			: xw_side_name(h, alive[0] ? 1 : 0), s->turn);
		return buf;
	}
	if (s->phase != XW_PH_END)
		return NULL;
	if (sc >= 0 && (scores[0] >= 20 || scores[1] >= 20)) {
		snprintf(buf, cap, "20 points reached at the end of round %d", s->turn);
		return buf;
	}
	if (limit > 0 && s->turn >= limit) {
		snprintf(buf, cap, "the end of round %d, the last", s->turn);
		return buf;
	}
	return NULL;
}

int xwing_result(const void *st, const sl_header *h, sl_buf *out)
{
	const xw_state *s = st;
	int scores[2], sc = xw_scenario(h), sys = xw_points_of(h);
	char why[96];
	const char *w;
	if (s->ver < 2 || s->turn == 0 || h->nplayers != 2)
		return 0;
	scores[0] = xw_score(s, h, 0);
	scores[1] = xw_score(s, h, 1);
	if (!(w = over_why(s, h, scores, why, sizeof why)))
		return 0;
	if (scores[0] == scores[1]) {
		sl_buf_printf(out, "a draw, %d to %d", scores[0], scores[1]);
	} else {
		int win = scores[1] > scores[0];
		side_name(out, h, win);
		sl_buf_printf(out, " wins, %d to %d", scores[win], scores[!win]);
	}
	sl_buf_printf(out, " (%s; %s)", w, sc >= 0 ? scenario_names[sc]
		: sys == XW_POINTS_25 ? "2.5 points of ships destroyed and damaged"
		: "2.0 tournament scoring: points of ships destroyed, half for the damaged");
	return 1;
}
