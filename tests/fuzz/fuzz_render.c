/* fuzz_render.c - libFuzzer target for the painters: any bytes read as a
 * .sil log and replayed (rules only) are drawn at their end and their
 * middle as PNG and SVG, in both themes and from a player's side, small so
 * that a run stays short. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "render/sl_export.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf desc;
	size_t at[2];
	sl_error_clear(&err);
	if (size > 65536 || sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	if (log->n > 2000 || !sl_render_has_painter(log->game->id) ||
	    sl_replay_open(&r, log, 0, &err) != SL_OK) {
		sl_log_free(log);
		return 0;
	}
	sl_buf_init(&desc);
	at[0] = log->n;
	at[1] = log->n / 2;
	for (int k = 0; k < 2; k++) {
		sl_frame fr;
		sl_render_opts o = {0};
		unsigned char *out = NULL;
		size_t n = 0;
		if (sl_export_frame(r, at[k], &fr, &desc, &err) != SL_OK)
			abort();   /* a log that replayed has a frame at every position */
		o.width = 160;
		o.theme = k;
		o.side = k && log->h.nplayers ? log->h.players[0].id : NULL;
		sl_error_clear(&err);
		if (sl_render_to_mem(k ? SL_FMT_SVG : SL_FMT_PNG, &fr, &o, &out, &n, &err) == SL_OK &&
		    n == 0)
			abort();   /* a drawing that succeeds has bytes */
		sl_free(out);
	}
	sl_buf_free(&desc);
	sl_replay_free(r);
	sl_log_free(log);
	return 0;
}
