/* sail_result.c - when a sail game is over and who won (formats/sail.md,
 * "The result"). */
#include "sail_int.h"

/* A fighting ship that may still fire in this fire phase: not fired yet,
 * with a fighting enemy within range. */
static int may_fire(const sail_state *s, const sail_ship *sh)
{
	if (!sail_fights(sh) || sh->fired)
		return 0;
	for (int k = 0; k < s->nships; k++) {
		const sail_ship *tg = &s->ships[k];
		if (tg->side != sh->side && sail_fights(tg) &&
		    sail_distance(sh->col, sh->row, tg->col, tg->row) <= SAIL_FIRE_RANGE)
			return 1;
	}
	return 0;
}

/* "Royal Navy (gb)": the player's name and id */
static void side(sl_buf *out, const sl_header *h, int p)
{
	if (p >= 0 && p < h->nplayers && h->players[p].name && *h->players[p].name)
		sl_buf_printf(out, "%s (%s)", h->players[p].name, h->players[p].id);
	else
		sl_buf_puts(out, sail_side_name(h, p));
}

int sail_result(const void *st, const sl_header *h, sl_buf *out)
{
	const sail_state *s = st;
	int fights[SL_MAX_PLAYERS] = {0}, has[SL_MAX_PLAYERS] = {0}, vp[SL_MAX_PLAYERS] = {0};
	int sides = 0, fighting = 0, last = -1, best = -1, tie = 0;
	if (s->turn == 0)
		return 0;
	for (int k = 0; k < s->nships; k++) {
		const sail_ship *sh = &s->ships[k];
		if (sh->side < 0 || sh->side >= SL_MAX_PLAYERS)
			continue;
		has[sh->side] = 1;
		fights[sh->side] += sail_fights(sh);
	}
	for (int p = 0; p < SL_MAX_PLAYERS; p++) {
		sides += has[p];
		if (fights[p]) {
			fighting++;
			last = p;
		}
	}
	if (sides >= 2 && fighting <= 1) {
		if (fighting == 0)
			sl_buf_puts(out, "a draw: no ship of either side fights on");
		else {
			side(out, h, last);
			sl_buf_printf(out, " wins: the only side with ships still fighting (turn %d)", s->turn);
		}
		return 1;
	}
	/* the turn limit: the last fire phase of the last turn, no shot left */
	if (s->turns == 0 || s->turn < s->turns || s->phase != SAIL_PH_FIRE2)
		return 0;
	for (int k = 0; k < s->nships; k++)
		if (may_fire(s, &s->ships[k]))
			return 0;
	/* victory points: the hull points a ship had at the start, to every
	 * other side, for each ship sunk or struck */
	for (int k = 0; k < s->nships; k++) {
		const sail_ship *sh = &s->ships[k];
		if (!(sh->sunk || sh->struck))
			continue;
		for (int p = 0; p < SL_MAX_PLAYERS; p++)
			if (has[p] && p != sh->side)
				vp[p] += sh->hull_max;
	}
	for (int p = 0; p < SL_MAX_PLAYERS; p++) {
		if (!has[p])
			continue;
		if (best < 0 || vp[p] > vp[best]) {
			best = p;
			tie = 0;
		} else if (vp[p] == vp[best]) {
			tie = 1;
		}
	}
	if (tie)
		sl_buf_printf(out, "a draw at the turn limit (%d turn%s):", s->turns, s->turns == 1 ? "" : "s");
	else {
		side(out, h, best);
		sl_buf_printf(out, " wins at the turn limit (%d turn%s):", s->turns, s->turns == 1 ? "" : "s");
	}
	for (int p = 0, first = 1; p < SL_MAX_PLAYERS; p++)
		if (has[p]) {
			sl_buf_printf(out, "%s %s %d", first ? "" : ",", sail_side_name(h, p), vp[p]);
			first = 0;
		}
	sl_buf_puts(out, " victory points");
	return 1;
}
