/* batch_gen.c - `make bench` input for batch: N short legal games of one
 * rules module written as DIR/<game>-<seed>.sil, made by the module's own
 * legal-action generator at run time (as `sillage gen`, without a process
 * per game).  usage: batch_gen GAME N EVENTS DIR */
#include "sillage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int one(const sl_game *g, unsigned seed, long events, const char *dir, sl_error *err)
{
	sl_log *log = sl_log_new(g);
	sl_prng rng;
	sl_arena scratch;
	void *st = NULL;
	sl_buf text;
	char path[4096];
	long n = 0;
	int rc;
	if (!log)
		return SL_ENOMEM;
	log->h.format_version = SL_SIL_VERSION;
	log->h.game = sl_strdup(g->id);
	log->h.rules_version = g->rules_version;
	log->h.title = sl_strdup("bench game");
	log->h.nplayers = 2;
	log->h.players[0].id = sl_strdup("blue");
	log->h.players[0].name = sl_strdup("Blue");
	log->h.players[0].colour = 0x1f4fb4;
	log->h.players[1].id = sl_strdup("red");
	log->h.players[1].name = sl_strdup("Red");
	log->h.players[1].colour = 0xb22222;
	log->h.has_seed = 1;
	log->h.seed = seed;
	log->h.meta = sl_calloc(1, sizeof *log->h.meta);
	if (log->h.meta) {
		log->h.meta[0].key = sl_strdup("gen");
		log->h.meta[0].value = sl_strdup("open");
		log->h.nmeta = 1;
	}
	log->name = sl_strdup("<bench>");
	sl_prng_seed(&rng, seed, 0x5111a6e);
	sl_arena_init(&scratch);
	sl_buf_init(&text);
	if ((rc = g->init(&st, &log->h, err)))
		goto out;
	while (n < events) {
		sl_event ev;
		memset(&ev, 0, sizeof ev);
		ev.player = -1;
		rc = g->generate(st, &log->h, &rng, &scratch, &ev, err);
		if (rc == 1)
			break;
		if (rc < 0 || (rc = sl_replay_apply(log, st, &ev, n + 1, NULL, err)) ||
		    (rc = sl_log_append(log, &ev)))
			goto out;
		n += ev.entry == SL_ENTRY_EVENT;
	}
	rc = sl_sil_write(log, &text);
	snprintf(path, sizeof path, "%s/%s-%05u.sil", dir, g->id, seed);
	if (!rc)
		rc = sl_write_file_atomic(path, text.data, text.len, err);
out:
	if (st)
		g->destroy(st);
	sl_buf_free(&text);
	sl_arena_free(&scratch);
	sl_log_free(log);
	return rc < 0 ? rc : SL_OK;
}

int main(int argc, char **argv)
{
	const sl_game *g;
	long n, events;
	sl_error err;
	if (argc != 5 || !(g = sl_game_find(argv[1]))) {
		fprintf(stderr, "usage: batch_gen GAME N EVENTS DIR\n");
		return 2;
	}
	n = atol(argv[2]);
	events = atol(argv[3]);
	sl_error_clear(&err);
	for (long i = 1; i <= n; i++)
		if (one(g, (unsigned)i, events, argv[4], &err)) {
			char msg[512];
			sl_error_format(&err, msg, sizeof msg);
			fprintf(stderr, "batch_gen: %s seed %ld: %s\n", g->id, i, msg);
			return 1;
		}
	return 0;
}
