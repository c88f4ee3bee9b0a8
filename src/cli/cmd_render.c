/* cmd_render.c - the render verb: one board image at a position. */
#include "cli.h"

#include <limits.h>

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
		return -1;   /* the heat is counted over the log walked */
	if ((rc = cli_at_seek(&at, file, &a->where, &a->ro)))
		return rc;
	if ((rc = cli_check_drawable("render", file, at.log, &a->ro))) {
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

/* render: the log walked once (cli_walk), the state at the position and the
 * entry before it, described for the view, kept; memory is the input and one
 * segment, not the log (issue 30). The heat overlay is counted on the way by
 * a second, streamed walker fed the same entries (sl_stats_walker): its
 * bounds set as the walk passes them (--from tT: at turn T's marker; --to
 * tT: at turn T+1's; no --to: at the position drawn). */
typedef struct render_walk {
	render_args *a;
	int heat;                 /* the overlay asked for */
	sl_heat *h;
	sl_stats_walker *hw;
	sl_stats_fns fns;         /* the walker's (it keeps a pointer) */
	int from_turn, to_turn;   /* tT bounds (0: none, or given as events) */
	long from_ev, to_ev;      /* event bounds (-1: none) */
	int to_set;               /* h->to is final */
	long events;              /* events fed so far */
	int turns;                /* the highest turn marker seen */
} render_walk;

/* --from/--to of the heat overlay: N (an event) or tT (a turn); exit code. */
static int heat_arg(const char *what, const char *s, int *turn, long *event)
{
	long v;
	*turn = 0;
	*event = -1;
	if (s[0] == 't' || s[0] == 'T') {
		if (cli_parse_long(s + 1, 1, 1000000, &v))
			return cli_usage("render", "bad --%s '%s' (an event number, or t and a turn: t3)", what, s);
		*turn = (int)v;
		return EXIT_OK;
	}
	if (cli_parse_long(s, 0, 1000000000L, &v))
		return cli_usage("render", "bad --%s '%s' (an event number, or t and a turn: t3)", what, s);
	*event = v;
	return EXIT_OK;
}

static int render_view(cli_walk *w, const sl_event *unused, sl_error *err)
{
	render_walk *rw = w->ud;
	w->view = sl_export_view(&w->log->h, &rw->a->ro);
	if (!rw->heat)
		return SL_OK;
	/* (again after a --force walk restarted: counted from the start) */
	sl_stats_walker_free(rw->hw);
	rw->hw = NULL;
	if (!rw->h && !(rw->h = sl_calloc(1, sizeof *rw->h)))
		return sl_error_set(err, SL_ENOMEM, "heat: out of memory");
	memset(rw->h, 0, sizeof *rw->h);
	rw->h->from = rw->from_turn ? LONG_MAX : rw->from_ev > 0 ? rw->from_ev : 0;
	rw->h->to = rw->to_ev;
	rw->to_set = rw->to_ev >= 0;
	rw->events = 0;
	rw->turns = 0;
	memset(&rw->fns, 0, sizeof rw->fns);
	rw->fns.heat = sl_heat_add;
	return sl_stats_walker_new(&rw->hw, w->log, &rw->fns, rw->h, err);
}

static int render_heat_entry(cli_walk *w, const sl_event *ev, sl_error *err)
{
	render_walk *rw = w->ud;
	if (!rw->heat)
		return SL_OK;
	if (w->found && !rw->to_set && !rw->to_turn) {   /* no --to: the position drawn */
		rw->h->to = w->at_event;
		rw->to_set = 1;
	}
	if (ev->entry == SL_ENTRY_TURN) {
		if (ev->mark > rw->turns)
			rw->turns = ev->mark;
		if (rw->from_turn && ev->mark == rw->from_turn && rw->h->from == LONG_MAX)
			rw->h->from = rw->events;
		if (rw->to_turn && ev->mark == rw->to_turn + 1 && !rw->to_set) {
			rw->h->to = rw->events;
			rw->to_set = 1;
		}
	} else if (ev->entry == SL_ENTRY_EVENT)
		rw->events++;
	return sl_stats_walker_feed(rw->hw, ev, 1, err);
}

/* After the walk: the bounds the log never reached said as errors; exit code. */
static int render_heat_end(render_walk *rw, const cli_walk *w)
{
	const char *name = w->log->name;
	const long *ev[2] = {&rw->from_ev, &rw->to_ev};
	const int *tu[2] = {&rw->from_turn, &rw->to_turn};
	for (int k = 0; k < 2; k++) {
		if (*tu[k] && *tu[k] > rw->turns) {
			fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n", name, *tu[k],
				rw->turns);
			return EXIT_USAGE;
		}
		if (*ev[k] > rw->events) {
			fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", name, *ev[k],
				rw->events);
			return EXIT_USAGE;
		}
	}
	if (!rw->to_set && !rw->to_turn)
		rw->h->to = w->found ? w->at_event : rw->events;
	if (rw->h->to < 0)   /* to the end of the last turn */
		rw->h->to = rw->events;
	if (rw->h->from > rw->h->to)
		return cli_usage("render", "--from comes after --to");
	rw->a->ro.heat = rw->h;
	return EXIT_OK;
}

static int render_walked(const char *file, render_args *a, const char *out, int fmt, const cli_out *o)
{
	cli_walk w;
	render_walk rw;
	sl_error err;
	sl_frame fr;
	int rc;
	memset(&rw, 0, sizeof rw);
	rw.a = a;
	rw.heat = has_overlay(a->ro.overlay, "heat");
	rw.from_ev = rw.to_ev = -1;
	if (rw.heat && ((a->from && (rc = heat_arg("from", a->from, &rw.from_turn, &rw.from_ev))) ||
	    (a->to && (rc = heat_arg("to", a->to, &rw.to_turn, &rw.to_ev)))))
		return rc;
	cli_walk_init(&w);
	w.where = a->where;
	w.describe = 1;
	w.header = render_view;
	w.each = render_heat_entry;
	w.ud = &rw;
	if ((rc = cli_walk_drawn(&w, file, a->force)))
		goto out;
	if ((rc = cli_check_drawable("render", file, w.log, &a->ro)) || (rc = cli_walk_where(&w)))
		goto out;
	if ((a->from || a->to) && !rw.heat) {
		rc = cli_usage("render", "--from and --to give the range of --overlay heat");
		goto out;
	}
	if (rw.heat && (rc = render_heat_end(&rw, &w)))
		goto out;
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
	a->ro.heat = NULL;
	sl_stats_walker_free(rw.hw);
	sl_free(rw.h);
	cli_walk_free(&w);
	return rc;
}

int cmd_render(int argc, char **argv)
{
	render_args a;
	char *outbuf = NULL;
	const char *out;
	cli_out o;
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
	if ((rc = render_at(argv[i], &a, out, fmt, &o)) < 0)
		rc = render_walked(argv[i], &a, out, fmt, &o);
	rc = cli_out_close(&o, rc);
	free(outbuf);
	return rc;
}
