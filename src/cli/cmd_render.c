/* cmd_render.c - the render verb: one board image at a position. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct render_args {
	cli_where where;
	const char *out;
	const char *format;   /* of -o - */
	sl_render_opts ro;
	int force;
	const char *from, *to;   /* the heat overlay's range */
} render_args;

static int render_opt(int key, const char *arg, void *ctx)
{
	render_args *a = ctx;
	int r = cli_where_opt(&a->where, key, arg);
	char *end;
	if (r < 0)
		return cli_usage("render", "bad value '%s' for --%s", arg,
			key == 'e' ? "event" : key == 't' ? "turn" : "phase");
	if (r > 0)
		return 0;
	switch (key) {
	case 'o':
		a->out = arg;
		break;
	case 'F':
		a->force = 1;
		break;
	case 's':
		a->ro.width = (int)strtol(arg, &end, 10);
		if (*end == 'x')
			a->ro.height = (int)strtol(end + 1, &end, 10);
		if (*end || a->ro.width <= 0 || a->ro.height < 0)
			return cli_usage("render", "bad --size '%s' (expected W or WxH, like 1200x900)", arg);
		break;
	case 'T':
		if (strcmp(arg, "light") == 0)
			a->ro.theme = SL_THEME_LIGHT;
		else if (strcmp(arg, "dark") == 0)
			a->ro.theme = SL_THEME_DARK;
		else
			return cli_usage("render", "bad --theme '%s' (expected light or dark)", arg);
		break;
	case 'S':
		a->ro.side = arg;
		break;
	case 'O':
		a->ro.overlay = arg;
		break;
	case 301:
		a->from = arg;
		break;
	case 302:
		a->to = arg;
		break;
	case 314:
		a->ro.svg_outlines = 1;
		break;
	case 313: {
		static const char *const fmts[] = {"png", "svg", "pdf", NULL};
		return cli_format_opt(&a->format, arg, fmts, "render");
	}
	}
	return 0;
}

/* Whether the comma separated list names `name`. */
static int has_overlay(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && strncmp(p, name, n) == 0)
			return 1;
		p += len + (e ? 1 : 0);
	}
	return 0;
}

/* --from/--to as events: N, or tT (from: before turn T; to: the end of turn T). */
static int heat_bound(sl_replay *r, const char *what, const char *s, int is_to, long *event)
{
	const sl_log *log = sl_replay_log(r);
	long v, pos;
	if (s[0] == 't' || s[0] == 'T') {
		if (cli_parse_long(s + 1, 1, 1000000, &v))
			return cli_usage("render", "bad --%s '%s' (an event number, or t and a turn: t3)", what, s);
		if (sl_replay_pos_of_turn(r, (int)v, 0) < 0) {
			fprintf(stderr, "sillage: %s: no turn %ld (the log reaches turn %d)\n", log->name, v,
				sl_replay_turns(r));
			return EXIT_USAGE;
		}
		pos = sl_replay_pos_of_turn(r, (int)v + (is_to ? 1 : 0), 0);
		if (pos < 0)
			pos = (long)log->n;
		else if (!is_to || pos > 0)
			pos--;   /* just before the turn's marker */
		*event = sl_replay_event_at(r, (size_t)pos);
		return EXIT_OK;
	}
	if (cli_parse_long(s, 0, 1000000000L, &v))
		return cli_usage("render", "bad --%s '%s' (an event number, or t and a turn: t3)", what, s);
	if (v > sl_replay_events(r)) {
		fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", log->name, v,
			sl_replay_events(r));
		return EXIT_USAGE;
	}
	*event = v;
	return EXIT_OK;
}

/* render --event N or --turn T (--phase P) of a .silb archive: the segment
 * that holds the position, through the index (cli_at_seek); -1 when that
 * does not apply. */
static int render_at(const char *file, render_args *a, const char *out, int fmt, const cli_out *o)
{
	cli_at at;
	sl_error err;
	sl_frame fr;
	int rc;
	if (a->from || a->to || has_overlay(a->ro.overlay, "heat"))
		return -1;   /* the heat of a range needs the log walked */
	if ((rc = cli_at_seek(&at, file, &a->where, &a->ro)))
		return rc;
	if (!sl_render_has_painter(at.log->game->id)) {
		fprintf(stderr, "sillage: %s: no painter for game '%s'\n", file, at.log->game->id);
		rc = EXIT_INPUT;
	} else if (a->ro.side && sl_header_player(&at.log->h, a->ro.side) < 0)
		rc = cli_usage("render", "--side '%s' is not a player of this log", a->ro.side);
	else
		rc = cli_check_overlays("render", at.log->game->id, a->ro.overlay);
	if (rc) {
		cli_at_close(&at);
		return rc;
	}
	sl_error_clear(&err);
	memset(&fr, 0, sizeof fr);
	if (at.last) {   /* described as the walk from the keyframe passed it */
		fr.last = at.last;
		fr.last_desc = sl_buf_cstr(&at.desc);
	}
	fr.game = at.log->game;
	fr.header = &at.log->h;
	fr.state = at.st;
	fr.event_no = at.event_no;
	if (sl_render_to_file(out, (sl_format)fmt, &fr, &a->ro, &err))
		rc = cli_report_at(&err, o->is_stdout ? "-" : out);
	cli_at_close(&at);
	return rc;
}

/* render without the heat overlay: the log walked once (cli_walk), the
 * state at the position and the entry before it, described for the view,
 * kept; memory is the input and one segment, not the log (issue 30). */
typedef struct render_walk {
	render_args *a;
} render_walk;

static int render_view(cli_walk *w, const sl_event *unused, sl_error *err)
{
	render_walk *rw = w->ud;
	w->view = sl_export_view(&w->log->h, &rw->a->ro);
	return SL_OK;
}

static int render_walked(const char *file, render_args *a, const char *out, int fmt, const cli_out *o)
{
	cli_walk w;
	render_walk rw;
	sl_error err;
	sl_frame fr;
	int rc;
	if (has_overlay(a->ro.overlay, "heat"))
		return -1;   /* the heat of a range reads the log whole */
	rw.a = a;
	cli_walk_init(&w);
	w.where = a->where;
	w.describe = 1;
	w.header = render_view;
	w.ud = &rw;
	if ((rc = cli_walk_drawn(&w, file, a->force)))
		goto out;
	if (!sl_render_has_painter(w.log->game->id)) {
		fprintf(stderr, "sillage: %s: no painter for game '%s'\n", file, w.log->game->id);
		rc = EXIT_INPUT;
		goto out;
	}
	if (a->ro.side && sl_header_player(&w.log->h, a->ro.side) < 0) {
		rc = cli_usage("render", "--side '%s' is not a player of this log", a->ro.side);
		goto out;
	}
	if ((rc = cli_check_overlays("render", w.log->game->id, a->ro.overlay)) || (rc = cli_walk_where(&w)))
		goto out;
	if (a->from || a->to) {
		rc = cli_usage("render", "--from and --to give the range of --overlay heat");
		goto out;
	}
	sl_error_clear(&err);
	memset(&fr, 0, sizeof fr);
	if (w.at_pos > 0 && w.at_last) {   /* described as the walk passed it */
		fr.last = w.at_last;
		fr.last_desc = sl_buf_cstr(&w.at_desc);
	}
	fr.game = w.log->game;
	fr.header = &w.log->h;
	fr.state = cli_walk_state(&w);
	fr.event_no = w.at_event;
	if (sl_render_to_file(out, (sl_format)fmt, &fr, &a->ro, &err))
		rc = cli_report_at(&err, o->is_stdout ? "-" : out);
out:
	cli_walk_free(&w);
	return rc;
}

int cmd_render(int argc, char **argv)
{
	render_args a;
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf desc;
	sl_frame fr;
	char *outbuf = NULL;
	const char *out;
	cli_out o;
	size_t pos;
	sl_heat *heat = NULL;
	int i, fmt, rc;

	memset(&a, 0, sizeof a);
	memset(&o, 0, sizeof o);
	cli_where_init(&a.where);
	i = cli_parse(cli_find("render"), argc, argv, render_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("render", "expected one FILE");
	out = a.out;
	if (!out) {   /* FILE's name with .png */
		const char *dot = strrchr(argv[i], '.');
		size_t stem = dot ? (size_t)(dot - argv[i]) : strlen(argv[i]);
		outbuf = malloc(stem + 5);
		if (!outbuf)
			return EXIT_IO;
		memcpy(outbuf, argv[i], stem);
		strcpy(outbuf + stem, ".png");
		out = outbuf;
	}
	if ((rc = cli_out_open(&o, out, a.format, "png, svg or pdf"))) {
		free(outbuf);
		return rc;
	}
	out = o.path;
	fmt = sl_render_format_from_path(out);
	if (fmt < 0) {
		free(outbuf);
		cli_out_close(&o, EXIT_USAGE);
		return cli_usage("render", "cannot tell the format of '%s' (expected .png, .svg or .pdf)", out);
	}
	if ((rc = render_at(argv[i], &a, out, fmt, &o)) >= 0 ||
	    (rc = render_walked(argv[i], &a, out, fmt, &o)) >= 0)
		goto done;
	if ((rc = cli_open_drawn(argv[i], a.force, &log, &r)))
		goto done;
	if (!sl_render_has_painter(log->game->id)) {
		fprintf(stderr, "sillage: %s: no painter for game '%s'\n", argv[i], log->game->id);
		rc = EXIT_INPUT;
		goto done;
	}
	if (a.ro.side && sl_header_player(&log->h, a.ro.side) < 0) {
		rc = cli_usage("render", "--side '%s' is not a player of this log", a.ro.side);
		goto done;
	}
	if ((rc = cli_check_overlays("render", log->game->id, a.ro.overlay)))
		goto done;
	if ((rc = cli_where_seek(&a.where, r)))
		goto done;
	if ((a.from || a.to) && !has_overlay(a.ro.overlay, "heat")) {
		rc = cli_usage("render", "--from and --to give the range of --overlay heat");
		goto done;
	}
	if (has_overlay(a.ro.overlay, "heat")) {
		long from = 0, to = sl_replay_event_at(r, sl_replay_pos(r));
		if ((a.from && (rc = heat_bound(r, "from", a.from, 0, &from))) ||
		    (a.to && (rc = heat_bound(r, "to", a.to, 1, &to))))
			goto done;
		if (from > to) {
			rc = cli_usage("render", "--from comes after --to");
			goto done;
		}
		sl_error_clear(&err);
		if (sl_heat_run(&heat, log, from, to, &err)) {
			rc = cli_report(&err);
			goto done;
		}
		a.ro.heat = heat;
	}
	sl_error_clear(&err);
	sl_buf_init(&desc);
	pos = sl_replay_pos(r);
	memset(&fr, 0, sizeof fr);
	if (pos > 0) {   /* describe the last entry: leaves the replay at pos again */
		if (sl_replay_describe_as(r, pos - 1, sl_export_view(&log->h, &a.ro), &desc, NULL,
		    &err)) {
			sl_buf_free(&desc);
			rc = cli_report(&err);
			goto done;
		}
		fr.last = &log->ev[pos - 1];
		sl_export_glyph_desc(fr.last, &desc);   /* a failure shows as desc->failed below */
		fr.last_desc = sl_buf_cstr(&desc);
	}
	fr.game = log->game;
	fr.header = &log->h;
	fr.state = sl_replay_state(r);
	fr.event_no = sl_replay_event_at(r, pos);
	rc = sl_render_to_file(out, (sl_format)fmt, &fr, &a.ro, &err);
	sl_buf_free(&desc);
	if (rc) {
		rc = cli_report_at(&err, o.is_stdout ? "-" : out);
	}
done:
	sl_free(heat);
	rc = cli_out_close(&o, rc);
	sl_replay_free(r);
	sl_log_free(log);
	free(outbuf);
	return rc;
}
