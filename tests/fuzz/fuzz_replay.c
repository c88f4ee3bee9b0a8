/* fuzz_replay.c - libFuzzer target for the rules: any bytes read as a .sil
 * log are replayed through the rules module with every state check; a log
 * that replays is then walked as a viewer walks it (seek back and forth,
 * describe every entry, summaries), and every state met must survive its
 * own serialize/restore with the same hash. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "replay/sl_replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* serialize, restore, serialize again: the same bytes */
static void round_trip(const sl_game *g, const void *st)
{
	sl_buf a, b;
	void *back = NULL;
	sl_error err;
	sl_buf_init(&a);
	sl_buf_init(&b);
	sl_error_clear(&err);
	if (g->serialize(st, &a) != SL_OK || a.failed)
		abort();
	if (g->restore(&back, a.data, a.len, &err) != SL_OK)
		abort();   /* a state's own bytes must restore */
	if (g->serialize(back, &b) != SL_OK || b.len != a.len || memcmp(a.data, b.data, a.len) != 0)
		abort();   /* to the very same state */
	g->destroy(back);
	sl_buf_free(&a);
	sl_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf d;
	size_t n;
	sl_error_clear(&err);
	if (size > 65536 || sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	if (log->n > 4000 || sl_replay_open(&r, log, SL_REPLAY_CHECK, &err) != SL_OK) {
		sl_log_free(log);
		return 0;
	}
	n = log->n;
	sl_buf_init(&d);
	for (size_t i = 0; i < n; i++) {   /* as the viewer and `log` do */
		sl_buf_reset(&d);
		if (sl_replay_describe(r, i, &d, &err) != SL_OK)
			abort();   /* a log that replayed describes */
		if (i % 7 == 0)
			round_trip(log->game, sl_replay_state(r));
	}
	/* back and forth: a seek lands on the state a fresh replay reaches */
	if (sl_replay_seek(r, n / 2, &err) != SL_OK || sl_replay_step(r, -1, &err) < 0 ||
	    sl_replay_seek(r, n, &err) != SL_OK || sl_replay_seek(r, 0, &err) != SL_OK)
		abort();
	sl_buf_reset(&d);
	log->game->summary(sl_replay_state(r), &log->h, &d);
	log->game->summary_json(sl_replay_state(r), &log->h, &d);
	log->game->help(sl_replay_state(r), &log->h, &d);
	round_trip(log->game, sl_replay_state(r));
	sl_buf_free(&d);
	sl_replay_free(r);
	sl_log_free(log);
	return 0;
}
