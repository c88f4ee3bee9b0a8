/* frame.c - an example of embedding libsillage: replay a log to the start
 * of a turn, render the board there as a PNG into memory, and write the
 * bytes to a file (or standard output).
 * Build: cc frame.c $(pkg-config --cflags --libs sillage) -o frame
 * Run:   ./frame game.sil TURN out.png     ("-" for standard output) */
#include <sillage/sillage.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_frame fr;
	sl_render_opts o;
	sl_buf desc;
	unsigned char *png = NULL;
	size_t n = 0;
	long pos;
	int rc, status = 0, turn;
	char msg[1024];
	FILE *f;

	if (argc != 4 || (turn = atoi(argv[2])) < 0) {
		fprintf(stderr, "usage: frame FILE TURN OUT.png\n");
		return 2;
	}
	sl_error_clear(&err);
	sl_buf_init(&desc);
	if ((rc = sl_log_load(&log, argv[1], &err))) {
		status = 3;
		goto fail;
	}
	if ((rc = sl_replay_open(&r, log, SL_REPLAY_CHECK, &err))) {
		status = 1;
		goto fail;
	}
	pos = turn == 0 ? 0 : sl_replay_pos_of_turn(r, turn, 0);
	if (pos < 0) {
		fprintf(stderr, "frame: %s has no turn %d\n", argv[1], turn);
		status = 1;
		goto out;
	}
	/* the frame there: the state, and the entry that led to it described
	 * in words for the caption (fr points into desc and the replay) */
	if ((rc = sl_export_frame(r, (size_t)pos, &fr, &desc, &err))) {
		status = rc == SL_ENOMEM ? 4 : 1;
		goto fail;
	}
	memset(&o, 0, sizeof o);
	o.width = 640;   /* the height follows the painter's proportions */
	/* the PNG bytes are ours: allocated by the library, freed with sl_free */
	if ((rc = sl_render_to_mem(SL_FMT_PNG, &fr, &o, &png, &n, &err))) {
		status = rc == SL_ENOMEM ? 4 : 1;
		goto fail;
	}
	f = strcmp(argv[3], "-") == 0 ? stdout : fopen(argv[3], "wb");
	if (!f || fwrite(png, 1, n, f) != n || (f != stdout && fclose(f) != 0)) {
		fprintf(stderr, "frame: %s: cannot write\n", argv[3]);
		status = 4;
		goto out;
	}
	if (f != stdout)
		printf("%s: turn %d, %zu bytes of PNG\n", argv[3], turn, n);
	goto out;
fail:
	sl_error_format(&err, msg, sizeof msg);
	fprintf(stderr, "frame: %s\n", msg);
out:
	sl_free(png);
	sl_buf_free(&desc);
	sl_replay_free(r);
	sl_log_free(log);
	return status;
}
