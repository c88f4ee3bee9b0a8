/* fmp_result.c - when a game of Full Metal Planète is over and who won:
 * once every astronef has taken off or been lost (9.5, H12). */
#include "fmp_int.h"

int fmp_result(const void *st, const sl_header *h, sl_buf *out)
{
	const fmp_state *s = st;
	int best = -1, tie = 0;
	if (s->turn == 0 || s->np < 2)
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
