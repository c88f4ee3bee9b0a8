/* cmd_targets.c - the targets verb: the click targets of `serve`'s record
 * page at a point of a log (render/sl_targets.h), for tests and debugging. */
#include "cli.h"
#include "render/sl_targets.h"

#include <stdio.h>
#include <string.h>

typedef struct targets_args {
	cli_where where;
	const char *sel;
	int json;
} targets_args;

static int targets_opt(int key, const char *arg, void *ctx)
{
	targets_args *a = ctx;
	int r = cli_where_opt(&a->where, key, arg);
	if (r < 0)
		return cli_usage("targets", "bad value '%s' for --%s", arg,
			key == 'e' ? "event" : key == 't' ? "turn" : "phase");
	if (r > 0)
		return 0;
	if (key == 's')
		a->sel = arg;
	else if (key == 'j')
		a->json = 1;
	return 0;
}

static const char *kind_word(int k)
{
	return k == SL_TARGET_SELECT ? "select" : "act";
}

static void json_target(sl_buf *b, const sl_target *t)
{
	sl_buf_printf(b, "{\"kind\":\"%s\",\"player\":", kind_word(t->kind));
	sl_buf_json_str(b, t->player);
	sl_buf_puts(b, ",\"sel\":");
	sl_buf_json_str(b, t->sel);
	sl_buf_puts(b, ",\"group\":");
	sl_buf_json_str(b, t->group);
	if (t->x == SL_TARGET_NOWHERE)
		sl_buf_puts(b, ",\"x\":null,\"y\":null,\"r\":null");
	else
		sl_buf_printf(b, ",\"x\":%.1f,\"y\":%.1f,\"r\":%.1f", t->x, t->y, t->r);
	sl_buf_puts(b, ",\"label\":");
	sl_buf_json_str(b, t->label);
	sl_buf_puts(b, ",\"cost\":");
	sl_buf_json_str(b, t->cost);
	sl_buf_puts(b, ",\"odds\":");
	sl_buf_json_str(b, t->odds);
	sl_buf_puts(b, ",\"line\":");
	sl_buf_json_str(b, t->line);
	sl_buf_putc(b, '}');
}

static void text_target(sl_buf *b, const sl_target *t)
{
	sl_buf_printf(b, "%s %s", kind_word(t->kind), *t->group ? t->group : "-");
	if (*t->player)
		sl_buf_printf(b, " [%s]", t->player);
	if (t->x == SL_TARGET_NOWHERE)
		sl_buf_puts(b, " (list)");
	else
		sl_buf_printf(b, " (%.0f,%.0f r%.0f)", t->x, t->y, t->r);
	sl_buf_printf(b, " %s", t->label);
	if (*t->cost)
		sl_buf_printf(b, "; %s", t->cost);
	if (*t->odds)
		sl_buf_printf(b, "; %s", t->odds);
	if (t->kind == SL_TARGET_SELECT)
		sl_buf_printf(b, "  -> --sel %s\n", t->sel);
	else
		sl_buf_printf(b, "  | %s\n", t->line);
}

int cmd_targets(int argc, char **argv)
{
	targets_args a;
	sl_log *log = NULL, view;
	sl_replay *r = NULL;
	sl_targets t;
	sl_error err;
	sl_buf b;
	cli_at at;
	long event_no;
	int i, rc, seek = 0;
	memset(&a, 0, sizeof a);
	cli_where_init(&a.where);
	i = cli_parse(cli_find("targets"), argc, argv, targets_opt, &a);
	if (i == -2)
		return EXIT_OK;
	if (i < 0)
		return EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("targets", "expected one FILE");
	/* a position of an archive: the one segment that holds it, through the
	 * index (issue 29; its entries' rules checked, not their recorded checks,
	 * as render reads it) */
	if ((rc = cli_at_seek(&at, argv[i], &a.where, NULL)) >= 0) {
		if (rc)
			return rc;
		seek = 1;
		event_no = at.event_no;
		sl_error_clear(&err);
		if (sl_targets_list_at(at.log, at.st, at.last, at.event_no, a.sel, &t, &err)) {
			rc = cli_report(&err);
			goto out;
		}
	} else {
		/* the recorded checks too: a log that parts from them is not the game
		 * recorded, and its targets would be another game's (as render refuses) */
		if ((rc = cli_open(argv[i], SL_REPLAY_CHECK, &log, &r)))
			return rc;
		if ((rc = cli_where_seek(&a.where, r)))
			goto out;
		/* the log as far as the position: the targets are those of its end */
		view = *log;
		view.n = sl_replay_pos(r);
		event_no = sl_replay_event_at(r, sl_replay_pos(r));
		sl_error_clear(&err);
		memset(&t, 0, sizeof t);
		if (sl_targets_list(&view, sl_replay_state(r), a.sel, &t, &err)) {
			rc = cli_report(&err);
			goto out;
		}
	}
	sl_buf_init(&b);
	if (a.json) {
		sl_buf_printf(&b, "{\"event\":%ld,\"width\":%d,\"height\":%d,\"targets\":[",
			event_no, t.width, t.height);
		for (int k = 0; k < t.n; k++) {
			if (k)
				sl_buf_putc(&b, ',');
			json_target(&b, &t.v[k]);
		}
		sl_buf_puts(&b, "]}\n");
	} else {
		sl_buf_printf(&b, "after event %ld: %d target%s on %dx%d\n",
			event_no, t.n, t.n == 1 ? "" : "s", t.width, t.height);
		for (int k = 0; k < t.n; k++)
			text_target(&b, &t.v[k]);
	}
	sl_targets_free(&t);
	if (b.failed) {
		sl_buf_free(&b);
		fputs("sillage: out of memory\n", stderr);
		rc = EXIT_IO;
		goto out;
	}
	cli_write_text(stdout, b.data, b.len);
	sl_buf_free(&b);
	rc = EXIT_OK;
out:
	if (seek)
		cli_at_close(&at);
	sl_replay_free(r);
	sl_log_free(log);
	return rc;
}
