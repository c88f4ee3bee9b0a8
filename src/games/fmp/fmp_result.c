/* fmp_result.c - when a game of Full Metal Planète is over and who won:
 * once every astronef has taken off or been lost (9.5, H12); and the one
 * thing its rules draw at random, the tide card (H4). */
#include "fmp_int.h"

#include <string.h>

int fmp_result(const void *st, const sl_header *h, sl_buf *out)
{
	const fmp_state *s = st;
	int best = -1, tie = 0;
	/* not during the landing either: an astronef yet to land will take off */
	if (s->turn <= 1 || s->np < 2)
		return 0;
	/* an astronef still on the planet may yet take off (turns 21 and 25) */
	for (int k = 0; k < s->np; k++)
		if (s->ships[k].landed && !s->ships[k].gone && !s->players[s->ships[k].owner].lost)
			return 0;
	for (int p = 0; p < s->np; p++) {
		if (best < 0 || s->players[p].score > s->players[best].score) {
			best = p;
			tie = 0;
		} else if (s->players[p].score == s->players[best].score) {
			tie = 1;
		}
	}
	if (tie)
		sl_buf_puts(out, "a draw, every astronef gone:");
	else
		sl_buf_printf(out, "%s (%s) wins, every astronef gone:", best < h->nplayers && h->players[best].name ?
			h->players[best].name : fmp_pid(h, best), fmp_pid(h, best));
	for (int p = 0; p < s->np; p++)
		sl_buf_printf(out, "%s %s %d", p ? "," : "", fmp_pid(h, p), s->players[p].score);
	sl_buf_puts(out, " points (H12)");
	return 1;
}

int fmp_chances(const void *st, const sl_header *h, int type, int field, uint8_t *weights, int max)
{
	const fmp_state *s = st;
	int empty;
	(void)h;
	if (type != FMP_EV_TIDE || field != 0 || max < 3)
		return 0;
	/* H4: the cards left in the deck, all 15 again once it is spent */
	empty = s->deck[0] + s->deck[1] + s->deck[2] == 0;
	for (int k = 0; k < 3; k++)
		weights[k] = (uint8_t)(empty ? 5 : s->deck[k]);
	return 3;
}

/* "...'s weather layer forecasts the tide of turn N: high (H13)" loses its
 * card, as fmp.c writes it: 1 when desc held such a clause, else 0. */
static int veil_forecasts(sl_buf *desc)
{
	static const char key[] = "weather layer forecasts the tide of turn ";
	const char *s = sl_buf_cstr(desc);
	sl_buf out;
	int cut = 0;
	if (!s || !strstr(s, key))
		return 0;
	sl_buf_init(&out);
	while (*s) {
		const char *k = strstr(s, key), *colon, *end;
		if (!k) {
			sl_buf_puts(&out, s);
			break;
		}
		colon = strchr(k + sizeof key - 1, ':');
		end = colon ? strstr(colon, " (H13)") : NULL;
		if (!colon || !end) {
			sl_buf_puts(&out, s);
			break;
		}
		sl_buf_put(&out, s, (size_t)(colon - s));   /* up to the turn, the card left out */
		s = end;
		cut = 1;
	}
	sl_buf_reset(desc);
	sl_buf_put(desc, out.data, out.len);
	if (out.failed)
		desc->failed = 1;
	sl_buf_free(&out);
	return cut;
}

int fmp_veil(const void *st, const sl_header *h, const sl_event *ev, int side, sl_buf *desc,
	uint32_t *hide)
{
	const fmp_state *s = st;
	int n = 0;
	/* H13: the next tide card is known only to the players whose weather
	 * layer forecast it; everyone else (a spectator too) learns that a card
	 * was drawn, and who knows it, never which */
	if (side >= 0 && fmp_knows_next(s, side))
		return 0;
	if (ev->type != FMP_EV_TIDE)   /* a move that made a layer forecast says which card */
		return veil_forecasts(desc);
	sl_buf_reset(desc);
	sl_buf_printf(desc, "Tide card for turn %d drawn (this turn: %s tide); ", s->turn + 1,
		fmp_tide_name(s->tide));
	for (int p = 0; p < s->np && p < FMP_MAX_PLAYERS; p++)
		if (fmp_knows_next(s, p))
			sl_buf_printf(desc, "%s%s", n++ ? ", " : "forecast by the weather layer of ",
				fmp_pid(h, p));
	sl_buf_puts(desc, n ? "; hidden from you (H13)" : "nobody forecast it (H13)");
	sl_buf_printf(desc, "; %d cards left in the deck", s->deck[0] + s->deck[1] + s->deck[2]);
	*hide = 1u << 0;   /* card */
	return 1;
}
