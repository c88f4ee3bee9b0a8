/* turns.c - an example of embedding libsillage: open a log, replay it with
 * every rule and state check, print where each turn starts and the state's
 * hash there, then the final position in words.
 * Build: cc turns.c $(pkg-config --cflags --libs sillage) -o turns
 * Run:   ./turns game.sil      (exit 0 ok, 1 illegal or desynced, 3 unreadable) */
#include <sillage/sillage.h>

#include <inttypes.h>
#include <stdio.h>

static int fail(const sl_error *err, int code)
{
	char msg[1024];
	sl_error_format(err, msg, sizeof msg);
	fprintf(stderr, "turns: %s\n", msg);
	return code;
}

int main(int argc, char **argv)
{
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf summary;
	const sl_header *h;
	int rc, status = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: turns FILE.sil|FILE.silb\n");
		return 2;
	}
	sl_error_clear(&err);
	/* the log (text or binary, chosen by content): the caller owns it */
	if ((rc = sl_log_load(&log, argv[1], &err)))
		return fail(&err, rc == SL_EIO ? 4 : rc == SL_ENOMEM ? 4 : 3);
	/* every rule and every recorded check: an illegal entry is refused here */
	if ((rc = sl_replay_open(&r, log, SL_REPLAY_CHECK, &err))) {
		status = fail(&err, rc == SL_ENOMEM ? 4 : 1);
		goto out;
	}
	h = sl_log_header(log);
	printf("%s (%s), %d players, %ld events, %d turns\n", h->title ? h->title : "untitled",
		sl_log_game(log)->name, h->nplayers, sl_replay_events(r), sl_replay_turns(r));
	for (int t = 1; t <= sl_replay_turns(r); t++) {
		long pos = sl_replay_pos_of_turn(r, t, 0);
		if (pos < 0 || (rc = sl_replay_seek(r, (size_t)pos, &err))) {
			status = fail(&err, 1);
			goto out;
		}
		printf("turn %d: entry %ld, after event %ld, state %016" PRIx64 "\n", t, pos,
			sl_replay_event_at(r, (size_t)pos), sl_replay_hash(r));
	}
	/* the end of the game, in the rules module's words */
	if ((rc = sl_replay_seek(r, sl_log_count(log), &err))) {
		status = fail(&err, 1);
		goto out;
	}
	sl_buf_init(&summary);
	sl_log_game(log)->summary(sl_replay_state(r), h, &summary);
	if (summary.failed) {
		fprintf(stderr, "turns: out of memory\n");
		status = 4;
	} else
		printf("at the end:\n%.*s", (int)summary.len, (const char *)summary.data);
	sl_buf_free(&summary);
out:
	sl_replay_free(r);
	sl_log_free(log);
	return status;
}
