/* cmd_stats.c - the analysis verbs: stats (metrics by event, turn or game),
 * chart (metrics drawn over the game), luck (recorded rolls against their
 * odds) and diff (where two logs part). */
#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PICK 32

typedef struct stats_args {
	int fmt;                 /* 0 text, 1 csv, 2 json, 3 ndjson */
	int per;                 /* SL_PER_* */
	int per_set;
	const char *metrics[MAX_PICK];
	int nmetrics;
	const char *out;
	int style;               /* -1: by kind */
	int theme;
	int width;
	const char *chart;
	const char *format;      /* of -o - / --chart - */
	int ignore_checks;       /* diff --ignore-checks */
	cli_where at[2];         /* diff --at: the positions compared */
	int nat;
	const char *from, *to;   /* stats --from, --to: a span */
	const char *verb;
} stats_args;

static int add_metrics(stats_args *a, const char *arg)
{
	const char *s = arg;
	while (*s) {
		const char *e = strchr(s, ',');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char *m;
		if (a->nmetrics == MAX_PICK)
			return cli_usage(a->verb, "at most %d metrics", MAX_PICK);
		if (n) {
			m = malloc(n + 1);
			if (!m)
				return EXIT_IO;
			memcpy(m, s, n);
			m[n] = 0;
			a->metrics[a->nmetrics++] = m;
		}
		s += n + (e ? 1 : 0);
	}
	return 0;
}

static void free_metrics(stats_args *a)
{
	for (int i = 0; i < a->nmetrics; i++)
		free((void *)a->metrics[i]);
	a->nmetrics = 0;
}

/* diff --at: N (after event N), tT (after turn T's marker), tT.P (after
 * its phase P's). */
static int parse_at(cli_where *w, const char *arg)
{
	char buf[32];
	const char *dot;
	long v;
	cli_where_init(w);
	if (arg[0] != 't') {
		if (cli_parse_long(arg, 0, 1000000000L, &v))
			return -1;
		w->event = v;
		return 0;
	}
	dot = strchr(arg, '.');
	if (strlen(arg) >= sizeof buf)
		return -1;
	memcpy(buf, arg + 1, strlen(arg));
	if (dot)
		buf[dot - arg - 1] = 0;
	if (cli_parse_long(buf, 1, 1000000L, &v))
		return -1;
	w->turn = (int)v;
	if (dot) {
		if (cli_parse_long(dot + 1, 1, 1000L, &v))
			return -1;
		w->phase = (int)v;
	}
	return 0;
}

static int stats_opt(int key, const char *arg, void *ctx)
{
	stats_args *a = ctx;
	long v;
	switch (key) {
	case 'c':
		if (strcmp(a->verb, "luck") == 0)
			a->chart = arg;
		else
			a->fmt = 1;
		break;
	case 'j':
		a->fmt = 2;
		break;
	case 'n':
		a->fmt = 3;
		break;
	case 'P':
		a->per_set = 1;
		if (strcmp(arg, "event") == 0)
			a->per = SL_STATS_EVENT;
		else if (strcmp(arg, "turn") == 0)
			a->per = SL_STATS_TURN;
		else if (strcmp(arg, "game") == 0 && strcmp(a->verb, "stats") == 0)
			a->per = SL_STATS_GAME;
		else
			return cli_usage(a->verb, "bad --per '%s' (expected %s)", arg,
				strcmp(a->verb, "stats") == 0 ? "event, turn or game" : "event or turn");
		break;
	case 'm':
		return add_metrics(a, arg);
	case 313: {
		static const char *const fmts[] = {"png", "svg", "pdf", NULL};
		return cli_format_opt(&a->format, arg, fmts, a->verb);
	}
	case 320:
		a->ignore_checks = 1;
		break;
	case 321:
		if (a->nat == 2)
			return cli_usage(a->verb, "--at at most twice (a position for A, one for B)");
		if (parse_at(&a->at[a->nat], arg))
			return cli_usage(a->verb, "bad --at '%s' (expected N, the position after event N, or tT "
				"or tT.P, after the marker of turn T or of its phase P)", arg);
		a->nat++;
		break;
	case 322:
		a->from = arg;
		break;
	case 323:
		a->to = arg;
		break;
	case 'o':
		a->out = arg;
		break;
	case 'y':
		if (strcmp(arg, "line") == 0)
			a->style = SL_CHART_LINE;
		else if (strcmp(arg, "area") == 0)
			a->style = SL_CHART_AREA;
		else if (strcmp(arg, "bar") == 0)
			a->style = SL_CHART_BAR;
		else
			return cli_usage(a->verb, "bad --style '%s' (expected line, area or bar)", arg);
		break;
	case 'T':
		if (strcmp(arg, "light") == 0)
			a->theme = SL_THEME_LIGHT;
		else if (strcmp(arg, "dark") == 0)
			a->theme = SL_THEME_DARK;
		else
			return cli_usage(a->verb, "bad --theme '%s' (expected light or dark)", arg);
		break;
	case 'w':
		if (cli_parse_long(arg, 200, SL_RENDER_MAX_SIDE, &v))
			return cli_usage(a->verb, "bad --width '%s' (200..%d pixels)", arg, SL_RENDER_MAX_SIDE);
		a->width = (int)v;
		break;
	}
	return 0;
}

static int parse(stats_args *a, const char *verb, int argc, char **argv)
{
	int i;
	memset(a, 0, sizeof *a);
	a->verb = verb;
	a->per = SL_STATS_TURN;
	a->style = -1;
	i = cli_parse(cli_find(verb), argc, argv, stats_opt, a);
	if (i < 0)
		free_metrics(a);
	return i;   /* -1 usage error, -2 --help shown */
}

/* Loads a log and says so on failure (the replay itself happens in the walk). */
static int load(const char *path, sl_log **log)
{
	sl_error err;
	sl_error_clear(&err);
	if (sl_log_load(log, path, &err))
		return cli_report(&err);
	return EXIT_OK;
}

/* The metrics picked by --metric (all when none), as indices; exit code. */
static int pick(const stats_args *a, const sl_game *g, int *idx, int *n, int need)
{
	const sl_metric_def *md;
	int nm = sl_stats_metrics(g, &md);
	*n = 0;
	if (nm == 0) {
		fprintf(stderr, "sillage: %s: the game '%s' declares no metrics (its analysis, "
			"src/analyze/games/%s.c, is not written yet)\n", a->verb, g->id, g->id);
		return EXIT_USAGE;
	}
	if (a->nmetrics == 0) {
		if (need) {
			fprintf(stderr, "sillage: %s: name at least one --metric; %s has:", a->verb, g->id);
			for (int m = 0; m < nm; m++)
				fprintf(stderr, " %s", md[m].name);
			fputc('\n', stderr);
			return EXIT_USAGE;
		}
		for (int m = 0; m < nm && m < MAX_PICK; m++)
			idx[(*n)++] = m;
		return EXIT_OK;
	}
	for (int k = 0; k < a->nmetrics; k++) {
		int m = sl_stats_metric_find(g, a->metrics[k]);
		if (m < 0) {
			fprintf(stderr, "sillage: %s: %s has no metric '%s'; it has:", a->verb, g->id,
				a->metrics[k]);
			for (int j = 0; j < nm; j++)
				fprintf(stderr, " %s", md[j].name);
			fputc('\n', stderr);
			return EXIT_USAGE;
		}
		idx[(*n)++] = m;
	}
	return EXIT_OK;
}

static void put_num(sl_buf *b, double v, int json)
{
	if (v != v || isinf(v))
		sl_buf_puts(b, json ? "null" : "-");
	else if (v == floor(v) && fabs(v) < 1e15)
		sl_buf_printf(b, "%.0f", v);
	else
		sl_buf_printf(b, json ? "%.6g" : "%.1f", v);
}

/* ---- stats --------------------------------------------------------------------------- */

typedef struct row {
	int turn;
	long event;
	long a, b;               /* steps (a, b] */
} row;

static int rows_of(const sl_series *s, int per, row **out)
{
	size_t n = 0, cap = 16;
	row *r = malloc(cap * sizeof *r);
	if (!r)
		return -1;
	if (per == SL_STATS_GAME) {
		r[n++] = (row){s->turns, s->event[s->nsteps - 1], -1, (long)s->nsteps - 1};
	} else if (per == SL_STATS_TURN) {
		/* a span's first turn is its step 0's (a whole log's: setup, no row) */
		for (int t = s->turn[0] > 1 ? s->turn[0] : 1; t <= s->turns; t++) {
			if (n == cap && !(r = realloc(r, (cap *= 2) * sizeof *r)))
				return -1;
			r[n].turn = t;
			r[n].a = sl_series_turn_end(s, t - 1);
			r[n].b = sl_series_turn_end(s, t);
			r[n].event = s->event[r[n].b];
			n++;
		}
	} else {
		for (size_t i = 1; i < s->nsteps; i++) {
			if (s->event[i] == s->event[i - 1])
				continue;   /* a marker */
			if (n == cap) {
				row *q = realloc(r, (cap *= 2) * sizeof *r);
				if (!q) {
					free(r);
					return -1;
				}
				r = q;
			}
			r[n++] = (row){s->turn[i], s->event[i], (long)i - 1, (long)i};
		}
	}
	*out = r;
	return (int)n;
}

static void side_json(sl_buf *o, const sl_log *log, int side)
{
	if (side >= 0)
		sl_buf_json_str(o, sl_stats_side_name(log->game, &log->h, side));
	else
		sl_buf_puts(o, "null");
}

static void stats_write(const stats_args *a, const sl_log *log, const sl_series *s, const int *idx,
	int nidx, const row *rows, int nrows, const sl_result *res, sl_buf *o)
{
	const sl_header *h = &log->h;
	static const char *const per_name[] = {"game", "turn", "event"};
	int span = a->from || a->to;
	if (a->fmt == 0) {
		int w[MAX_PICK];
		if (span)
			sl_buf_printf(o, "%s (%s): from event %ld (turn %d) to event %ld (turn %d); per %s: ",
				h->title ? h->title : log->name, log->game->id, s->event[0], s->turn[0],
				s->event[s->nsteps - 1], s->turn[s->nsteps - 1], per_name[a->per]);
		else
			sl_buf_printf(o, "%s (%s): %d turns, %ld events; per %s: ", h->title ? h->title : log->name,
				log->game->id, s->turns, s->event[s->nsteps - 1], per_name[a->per]);
		sl_buf_puts(o, a->per == SL_STATS_GAME ? "levels at the end, amounts over the game\n\n"
			: a->per == SL_STATS_TURN ? "levels at the turn's end, amounts over the turn\n\n"
			: "levels after the event, amounts of the event\n");
		sl_buf_printf(o, "%s: %s\n\n", res->over ? "Result" : span ? "At the span's end" : "Not over", res->text);
		for (int k = 0; k < nidx; k++) {
			const sl_metric_def *d = &s->metrics[idx[k]];
			sl_buf_printf(o, "  %-14s %-14s %-5s %s\n", d->name, d->unit,
				d->kind == SL_METRIC_SUM ? "sum" : "level", d->help);
		}
		sl_buf_putc(o, '\n');
		if (a->per == SL_STATS_EVENT)
			sl_buf_puts(o, "event ");
		if (a->per != SL_STATS_GAME)
			sl_buf_puts(o, "turn ");
		sl_buf_printf(o, "%-8s", "side");
		for (int k = 0; k < nidx; k++) {
			w[k] = (int)strlen(s->metrics[idx[k]].name);
			if (w[k] < 5)
				w[k] = 5;
			sl_buf_printf(o, " %*s", w[k], s->metrics[idx[k]].name);
		}
		sl_buf_putc(o, '\n');
		for (int r = 0; r < nrows; r++)
			for (int p = 0; p < s->nplayers; p++) {
				if (a->per == SL_STATS_EVENT)
					sl_buf_printf(o, "%5ld ", rows[r].event);
				if (a->per != SL_STATS_GAME)
					sl_buf_printf(o, "%4d ", rows[r].turn);
				sl_buf_printf(o, "%-8s", h->players[p].id);
				for (int k = 0; k < nidx; k++) {
					sl_buf t;
					sl_buf_init(&t);
					put_num(&t, sl_series_span(s, rows[r].a, rows[r].b, p, idx[k]), 0);
					sl_buf_printf(o, " %*s", w[k], sl_buf_cstr(&t));
					sl_buf_free(&t);
				}
				sl_buf_putc(o, '\n');
			}
		return;
	}
	if (a->fmt == 1) {
		if (a->per == SL_STATS_EVENT)
			sl_buf_puts(o, "event,");
		if (a->per != SL_STATS_GAME)
			sl_buf_puts(o, "turn,");
		sl_buf_puts(o, "side");
		for (int k = 0; k < nidx; k++)
			sl_buf_printf(o, ",%s", s->metrics[idx[k]].name);
		sl_buf_putc(o, '\n');
		for (int r = 0; r < nrows; r++)
			for (int p = 0; p < s->nplayers; p++) {
				if (a->per == SL_STATS_EVENT)
					sl_buf_printf(o, "%ld,", rows[r].event);
				if (a->per != SL_STATS_GAME)
					sl_buf_printf(o, "%d,", rows[r].turn);
				sl_csv_field(o, h->players[p].id);
				for (int k = 0; k < nidx; k++) {
					double v = sl_series_span(s, rows[r].a, rows[r].b, p, idx[k]);
					sl_buf_putc(o, ',');
					if (v == v)
						put_num(o, v, 1);
				}
				sl_buf_putc(o, '\n');
			}
		return;
	}
	if (a->fmt == 2) {
		sl_buf_puts(o, "{\"file\":");
		sl_buf_json_str(o, log->name ? log->name : "");
		sl_buf_puts(o, ",\"game\":");
		sl_buf_json_str(o, log->game->id);
		sl_buf_printf(o, ",\"per\":\"%s\",\"turns\":%d,\"events\":%ld,", per_name[a->per],
			s->turns, s->event[s->nsteps - 1]);
		if (span)   /* the span's ends: events and turns there */
			sl_buf_printf(o, "\"from\":{\"event\":%ld,\"turn\":%d},\"to\":{\"event\":%ld,\"turn\":%d},",
				s->event[0], s->turn[0], s->event[s->nsteps - 1], s->turn[s->nsteps - 1]);
		sl_buf_printf(o, "\"result\":{\"over\":%s,\"winner\":", res->over ? "true" : "false");
		side_json(o, log, res->winner);
		sl_buf_puts(o, ",\"leader\":");
		side_json(o, log, res->leader);
		sl_buf_puts(o, ",\"text\":");
		sl_buf_json_str(o, res->text);
		sl_buf_puts(o, "},\"metrics\":[");
		for (int k = 0; k < nidx; k++) {
			const sl_metric_def *d = &s->metrics[idx[k]];
			sl_buf_puts(o, k ? ",{\"name\":" : "{\"name\":");
			sl_buf_json_str(o, d->name);
			sl_buf_puts(o, ",\"unit\":");
			sl_buf_json_str(o, d->unit);
			sl_buf_printf(o, ",\"kind\":\"%s\",\"help\":", d->kind == SL_METRIC_SUM ? "sum" : "level");
			sl_buf_json_str(o, d->help);
			sl_buf_putc(o, '}');
		}
		sl_buf_puts(o, "],\"rows\":[");
	}
	for (int r = 0, first = 1; r < nrows; r++)
		for (int p = 0; p < s->nplayers; p++) {
			if (a->fmt == 2 && !first)
				sl_buf_putc(o, ',');
			first = 0;
			sl_buf_putc(o, '{');
			if (a->per == SL_STATS_EVENT)
				sl_buf_printf(o, "\"event\":%ld,", rows[r].event);
			if (a->per != SL_STATS_GAME)
				sl_buf_printf(o, "\"turn\":%d,", rows[r].turn);
			sl_buf_puts(o, "\"side\":");
			sl_buf_json_str(o, h->players[p].id);
			for (int k = 0; k < nidx; k++) {
				sl_buf_putc(o, ',');
				sl_buf_json_str(o, s->metrics[idx[k]].name);
				sl_buf_putc(o, ':');
				put_num(o, sl_series_span(s, rows[r].a, rows[r].b, p, idx[k]), 1);
			}
			sl_buf_puts(o, a->fmt == 3 ? "}\n" : "}");
		}
	if (a->fmt == 2)
		sl_buf_puts(o, "]}\n");
}

static int write_out(sl_buf *o)
{
	if (o->failed) {
		fprintf(stderr, "sillage: out of memory\n");
		return EXIT_IO;
	}
	if (o->len && fwrite(o->data, 1, o->len, stdout) != o->len) {
		fprintf(stderr, "sillage: cannot write to standard output\n");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* stats reads the log as verify does (sl_silb_stream, sl_sil_stream): the
 * series is fed each run of entries as it is read, which is then dropped,
 * so memory is the input, one segment and the series, not the log (issue
 * 30). The metrics are picked once the header is read. */
typedef struct stats_feed {
	const stats_args *a;
	sl_series_feed *f;
	int *idx, *nidx;
	int pick_rc;              /* a usage error of --metric: the read stops */
} stats_feed;

static int stats_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	stats_feed *sf = ud;
	int rc;
	if (!sf->f) {
		if ((sf->pick_rc = pick(sf->a, log->game, sf->idx, sf->nidx, 0)))
			return sl_error_set(err, SL_EUSAGE, "--metric");
		if ((rc = sl_series_feed_new(&sf->f, log, err)))
			return rc;
		if (sf->a->per != SL_STATS_EVENT)   /* a row a turn, or one: a step a turn is enough */
			sl_series_feed_by_turn(sf->f);
	}
	return sl_series_feed_add(sf->f, ev, n, err);
}

/* The log at path streamed into a series; an exit code (errors said). */
static int stats_read(const char *path, stats_feed *sf, sl_log **log, sl_series **s, sl_result *res)
{
	sl_error err;
	char *data;
	size_t n;
	int rc;
	sl_error_clear(&err);
	*log = NULL;
	if (strcmp(path, "-") != 0) {
		rc = cli_path_silb(path) ? sl_silb_stream(log, path, stats_sink, sf, NULL, &err)
		               : sl_sil_stream(log, path, stats_sink, sf, &err);
	} else {   /* a text log a window at a time (issue 29) */
		sl_silb_info si;
		int silb;
		rc = cli_stdin_stream(log, &data, &n, 0, stats_sink, sf, &si, &silb, &err);
		sl_free(data);
	}
	if (rc == SL_OK && !sf->f)   /* a log of no entries */
		rc = stats_sink(sf, *log, NULL, 0, &err);
	if (rc == SL_OK) {
		rc = sl_series_feed_end(sf->f, s, res, &err);
		sf->f = NULL;
	}
	if (rc)
		return sf->pick_rc ? sf->pick_rc : cli_report(&err);
	return EXIT_OK;
}

/* stats --from/--to: the span's entries into a series begun at its first
 * position (cli_span: through an archive's index, or the whole log walked). */
static int span_start(cli_span *sp, const sl_event *ev, sl_error *err)
{
	stats_feed *sf = sp->ud;
	void *st;
	int rc;
	(void)ev;
	if ((rc = sl_game_clone(sp->log->game, sl_replay_state(sp->r), &st, err)) ||
	    (rc = sl_series_feed_new_at(&sf->f, sp->log, st, sp->pos, sp->events, sp->origin, err)))
		return rc;
	if (sf->a->per != SL_STATS_EVENT)
		sl_series_feed_by_turn(sf->f);
	return SL_OK;
}

static int span_entry(cli_span *sp, const sl_event *ev, sl_error *err)
{
	stats_feed *sf = sp->ud;
	return sl_series_feed_add(sf->f, ev, 1, err);
}

/* The table of s (its rows per a->per) to standard output; an exit code. */
static int stats_table(const stats_args *a, const sl_log *log, const sl_series *s, const int *idx, int nidx,
	const sl_result *res)
{
	row *rows = NULL;
	int nrows, rc;
	sl_buf o;
	if ((nrows = rows_of(s, a->per, &rows)) < 0)
		return EXIT_IO;
	sl_buf_init(&o);
	stats_write(a, log, s, idx, nidx, rows, nrows, res, &o);
	rc = write_out(&o);
	free(rows);
	sl_buf_free(&o);
	return rc;
}

static int stats_span(const char *path, stats_feed *sf)
{
	cli_span sp;
	sl_series *s = NULL;
	sl_result res;
	sl_error err;
	int rc;
	memset(&sp, 0, sizeof sp);
	sp.from = sf->a->from;
	sp.to = sf->a->to;
	sp.flags = SL_REPLAY_CHECK;
	sp.start = span_start;
	sp.entry = span_entry;
	sp.ud = sf;
	sl_error_clear(&err);
	if ((rc = cli_span_parse(&sp, "stats")) || (rc = cli_span_walk(&sp, path)))
		goto out;
	if ((rc = pick(sf->a, sp.log->game, sf->idx, sf->nidx, 0)))
		goto out;
	rc = sl_series_feed_end(sf->f, &s, &res, &err) ? cli_report(&err) : EXIT_OK;
	sf->f = NULL;
	if (!rc)
		rc = stats_table(sf->a, sp.log, s, sf->idx, *sf->nidx, &res);
out:
	sl_series_free(s);
	cli_span_free(&sp);
	return rc;
}

int cmd_stats(int argc, char **argv)
{
	stats_args a;
	stats_feed sf;
	sl_log *log = NULL;
	sl_series *s = NULL;
	int idx[MAX_PICK], nidx, rc, i = parse(&a, "stats", argc, argv);
	sl_result res;
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1) {
		rc = cli_usage("stats", "expected one FILE");
		goto done;
	}
	memset(&sf, 0, sizeof sf);
	sf.a = &a;
	sf.idx = idx;
	sf.nidx = &nidx;
	if (a.from || a.to)
		rc = stats_span(argv[i], &sf);
	else if (!(rc = stats_read(argv[i], &sf, &log, &s, &res)))
		rc = stats_table(&a, log, s, idx, nidx, &res);
	sl_series_feed_free(sf.f);
done:
	sl_series_free(s);
	sl_log_free(log);
	free_metrics(&a);
	return rc;
}

/* ---- chart ---------------------------------------------------------------------------- */

static uint32_t side_colour(const sl_header *h, int slot)
{
	static const uint32_t extra[] = {0x868e96, 0xe8590c, 0x7048e8};
	if (slot < h->nplayers)
		return h->players[slot].colour;
	return extra[(slot - h->nplayers) % 3];
}

int cmd_chart(int argc, char **argv)
{
	stats_args a;
	sl_log *log = NULL;
	sl_series *s = NULL;
	sl_error err;
	int idx[MAX_PICK], nidx, rc, fmt, np, n, nflags = 0, i = parse(&a, "chart", argc, argv);
	sl_chart_panel panels[MAX_PICK];
	char ptitle[MAX_PICK][80];
	double *ys = NULL;
	int *turn = NULL;
	const char *names[SL_MAX_PLAYERS];
	uint32_t colours[SL_MAX_PLAYERS];
	sl_chart_flag *flags = NULL;
	sl_series_chart ch;
	char title[256], sub[256];
	cli_out co;
	memset(&co, 0, sizeof co);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	sl_error_clear(&err);
	if (argc - i != 1) {
		rc = cli_usage("chart", "expected one FILE");
		goto done;
	}
	if (!a.out) {
		rc = cli_usage("chart", "name the chart with -o OUT (.png, .svg or .pdf)");
		goto done;
	}
	if ((rc = cli_out_open(&co, a.out, a.format, "png, svg or pdf")))   /* -o -: standard output */
		goto done;
	a.out = co.path;
	if ((fmt = sl_render_format_from_path(a.out)) < 0) {
		rc = cli_usage("chart", "cannot tell the format of '%s' (expected .png, .svg or .pdf)", a.out);
		goto done;
	}
	if (a.per == SL_STATS_GAME) {
		rc = cli_usage("chart", "--per takes event or turn");
		goto done;
	}
	if ((rc = load(argv[i], &log)))
		goto done;
	if ((rc = pick(&a, log->game, idx, &nidx, 1)))
		goto done;
	if (sl_stats_series(&s, log, &err)) {
		rc = cli_report(&err);
		goto done;
	}
	np = s->nplayers;
	n = a.per == SL_STATS_TURN ? s->turns + 1 : (int)s->nsteps;
	ys = calloc((size_t)nidx * np * n, sizeof *ys);
	turn = calloc((size_t)n, sizeof *turn);
	flags = calloc(s->nsteps, sizeof *flags);
	if (!ys || !turn || !flags) {
		rc = EXIT_IO;
		goto done;
	}
	for (int k = 0; k < n; k++)
		turn[k] = a.per == SL_STATS_TURN ? k : s->turn[k];
	for (int k = 0; k < nidx; k++) {
		const sl_metric_def *d = &s->metrics[idx[k]];
		int sum = d->kind == SL_METRIC_SUM;
		double *y = ys + (size_t)k * np * n;
		panels[k].unit = d->unit;
		panels[k].zero_line = 0;
		panels[k].y = y;
		panels[k].style = a.style >= 0 ? a.style : sum && a.per == SL_STATS_TURN ? SL_CHART_BAR
			: SL_CHART_LINE;
		snprintf(ptitle[k], sizeof ptitle[k], "%s%s", d->name,
			sum ? (a.per == SL_STATS_TURN ? " per turn" : " (running total)") : "");
		panels[k].title = ptitle[k];
		for (int p = 0; p < np; p++)
			for (int x = 0; x < n; x++) {
				double v;
				if (a.per == SL_STATS_TURN) {
					long e = sl_series_turn_end(s, x);
					v = sum ? (x ? sl_series_span(s, sl_series_turn_end(s, x - 1), e, p, idx[k]) : NAN)
						: sl_series_at(s, (size_t)e, p, idx[k]);
				} else
					v = sl_series_at(s, (size_t)x, p, idx[k]);
				y[(size_t)p * n + x] = v;
			}
	}
	for (size_t st = 1; st < s->nsteps; st++)
		if (s->bookmark[st]) {
			flags[nflags].at = a.per == SL_STATS_TURN ? s->turn[st] : (int)st;
			flags[nflags].label = s->bookmark[st];
			nflags++;
		}
	for (int p = 0; p < np; p++) {
		names[p] = log->h.players[p].name && *log->h.players[p].name ? log->h.players[p].name
			: log->h.players[p].id;
		colours[p] = side_colour(&log->h, p);
	}
	snprintf(title, sizeof title, "%s", log->h.title ? log->h.title : log->name);
	snprintf(sub, sizeof sub, "%s \xc2\xb7 %d turns \xc2\xb7 %ld events \xc2\xb7 %s", log->game->name,
		s->turns, s->event[s->nsteps - 1],
		a.per == SL_STATS_TURN ? "levels at each turn's end" : "after every event");
	memset(&ch, 0, sizeof ch);
	ch.title = title;
	ch.subtitle = sub;
	ch.x_label = "turn \xe2\x86\x92";
	ch.nseries = np;
	ch.series_name = names;
	ch.series_colour = colours;
	ch.npoints = n;
	ch.turn = turn;
	ch.npanels = nidx;
	ch.panels = panels;
	ch.nflags = nflags;
	ch.flags = flags;
	if (sl_series_chart_to_file(a.out, (sl_format)fmt, &ch, a.width, a.theme, &err)) {
		rc = cli_report(&err);
		goto done;
	}
	rc = EXIT_OK;
done:
	rc = cli_out_close(&co, rc);
	free(ys);
	free(turn);
	free(flags);
	sl_series_free(s);
	sl_log_free(log);
	free_metrics(&a);
	return rc;
}

/* ---- luck ------------------------------------------------------------------------------- */

static const char *verdict(const sl_luck_row *w)
{
	if (w->test == SL_LUCK_TOO_FEW)
		return "too few dice to judge";
	if (w->p != w->p)
		return "-";
	return w->p < 0.001 ? "loaded" : w->p < SL_LUCK_ALPHA ? "unusual" : "fair";
}

static int luck_chart(const stats_args *a, const sl_log *log, const sl_luck *l, sl_error *err)
{
	int fmt = sl_render_format_from_path(a->chart), nsides = log->h.nplayers +
		sl_stats_extra_sides(log->game), n = (int)l->entries + 1, npan = 0, rc = SL_OK;
	int kind_panel[64], *turn = NULL;
	char *started = NULL;
	sl_chart_panel panels[16];
	char ptitle[16][96];
	const char *names[SL_MAX_PLAYERS + 8];
	uint32_t colours[SL_MAX_PLAYERS + 8];
	double *ys = NULL;
	sl_series_chart ch;
	char sub[200];
	if (fmt < 0)
		return sl_error_set(err, SL_EUSAGE, "luck: cannot tell the format of '%s' (expected .png, "
			".svg or .pdf)", a->chart);
	for (int k = 0; k < l->nkinds && k < 64; k++) {
		kind_panel[k] = -1;
		if (l->kinds[k].score && npan < 16)
			for (int r = 0; r < l->nrows; r++)
				if (l->rows[r].kind == k && l->rows[r].scored) {
					kind_panel[k] = npan++;
					break;
				}
	}
	if (!npan)
		return sl_error_set(err, SL_EUSAGE, "luck: %s records no roll with an outcome to chart",
			log->name);
	if (nsides > SL_MAX_PLAYERS + 8)
		nsides = SL_MAX_PLAYERS + 8;
	ys = calloc((size_t)npan * nsides * n, sizeof *ys);
	turn = calloc((size_t)n, sizeof *turn);
	started = calloc((size_t)npan * nsides, 1);
	if (!ys || !turn || !started) {
		rc = sl_error_set(err, SL_ENOMEM, "luck: out of memory");
		goto out;
	}
	for (size_t i = 0, t = 0; i < (size_t)n; i++) {
		if (i && log->ev[i - 1].entry == SL_ENTRY_TURN)
			t = (size_t)log->ev[i - 1].mark;
		turn[i] = (int)t;
	}
	/* NaN until a side's first roll of the kind, then a step curve */
	for (size_t i = 0; i < (size_t)npan * nsides * n; i++)
		ys[i] = NAN;
	for (size_t q = 0; q < l->npoints; q++) {
		const sl_luck_point *pt = &l->points[q];
		const sl_luck_row *lr = &l->rows[pt->row];
		int slot = lr->side >= 0 ? lr->side : log->h.nplayers + (-1 - lr->side);
		int pn = kind_panel[lr->kind];
		double *y;
		if (pn < 0 || slot >= nsides)
			continue;
		y = ys + ((size_t)pn * nsides + slot) * n;
		if (!started[(size_t)pn * nsides + slot] && pt->entry > 0)
			y[pt->entry - 1] = 0;   /* the curve starts from 0 just before the side's first roll */
		started[(size_t)pn * nsides + slot] = 1;
		y[pt->entry] = pt->cum;
	}
	for (size_t c = 0; c < (size_t)npan * nsides; c++) {   /* then a step curve */
		double *y = ys + c * n, carry = NAN;
		for (int x = 0; x < n; x++) {
			if (y[x] == y[x])
				carry = y[x];
			else
				y[x] = carry;
		}
	}
	for (int k = 0; k < l->nkinds && k < 64; k++) {
		int pn = kind_panel[k];
		if (pn < 0)
			continue;
		snprintf(ptitle[pn], sizeof ptitle[pn], "%s%s: %s above (+) or below (\xe2\x88\x92) %s",
			l->kinds[k].name, l->kinds[k].faces ? " rolls" : "", l->kinds[k].score,
			l->kinds[k].faces ? "the odds" : "the game's own rate (no odds known)");
		panels[pn].title = ptitle[pn];
		panels[pn].unit = l->kinds[k].score;
		panels[pn].style = SL_CHART_LINE;
		panels[pn].zero_line = 1;
		panels[pn].y = ys + (size_t)pn * nsides * n;
	}
	for (int sd = 0; sd < nsides; sd++) {
		int side = sd < log->h.nplayers ? sd : -1 - (sd - log->h.nplayers);
		names[sd] = sl_stats_side_name(log->game, &log->h, side);
		colours[sd] = side_colour(&log->h, sd);
	}
	snprintf(sub, sizeof sub, "cumulative actual minus expected, roll by roll \xc2\xb7 %s \xc2\xb7 %d turns",
		log->game->name, l->turns);
	memset(&ch, 0, sizeof ch);
	ch.title = log->h.title ? log->h.title : log->name;
	ch.subtitle = sub;
	ch.x_label = "turn \xe2\x86\x92";
	ch.nseries = nsides;
	ch.series_name = names;
	ch.series_colour = colours;
	ch.npoints = n;
	ch.turn = turn;
	ch.npanels = npan;
	ch.panels = panels;
	rc = sl_series_chart_to_file(a->chart, (sl_format)fmt, &ch, a->width, a->theme, err);
out:
	free(ys);
	free(turn);
	free(started);
	return rc;
}

int cmd_luck(int argc, char **argv)
{
	stats_args a;
	sl_log *log = NULL;
	sl_luck *l = NULL;
	sl_error err;
	sl_buf o;
	int rc, i = parse(&a, "luck", argc, argv);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	sl_buf_init(&o);
	sl_error_clear(&err);
	if (argc - i != 1) {
		rc = cli_usage("luck", "expected one FILE");
		goto done;
	}
	if ((rc = load(argv[i], &log)))
		goto done;
	if (sl_luck_run(&l, log, &err)) {
		rc = cli_report(&err);
		goto done;
	}
	if (a.chart) {
		cli_out co;
		if ((rc = cli_out_open(&co, a.chart, a.format, "png, svg or pdf")))   /* --chart -: stdout */
			goto done;
		a.chart = co.path;
		rc = luck_chart(&a, log, l, &err) ? cli_report(&err) : EXIT_OK;
		rc = cli_out_close(&co, rc);
		goto done;
	}
	if (a.fmt == 2) {
		sl_buf_puts(&o, "{\"file\":");
		sl_buf_json_str(&o, log->name ? log->name : "");
		sl_buf_puts(&o, ",\"game\":");
		sl_buf_json_str(&o, log->game->id);
		sl_buf_puts(&o, ",\"rows\":[");
		for (int r = 0; r < l->nrows; r++) {
			const sl_luck_row *w = &l->rows[r];
			const sl_roll_kind *k = &l->kinds[w->kind];
			sl_buf_puts(&o, r ? ",{\"side\":" : "{\"side\":");
			sl_buf_json_str(&o, sl_stats_side_name(log->game, &log->h, w->side));
			sl_buf_puts(&o, ",\"kind\":");
			sl_buf_json_str(&o, k->name);
			sl_buf_printf(&o, ",\"rolls\":%ld,\"dice\":%ld,\"faces\":[", w->rolls, w->dice);
			for (int f = 0; f < k->faces; f++)
				sl_buf_printf(&o, f ? ",%ld" : "%ld", w->counts[f]);
			sl_buf_puts(&o, "],\"chi2\":");
			put_num(&o, w->chi2, 1);
			sl_buf_printf(&o, ",\"df\":%d,\"p\":", w->df);
			put_num(&o, w->p, 1);
			sl_buf_puts(&o, ",\"test\":");
			sl_buf_json_str(&o, sl_luck_test_name(w->test));
			sl_buf_puts(&o, ",\"verdict\":");
			sl_buf_json_str(&o, verdict(w));
			if (w->scored) {
				sl_buf_puts(&o, ",\"outcome\":");
				sl_buf_json_str(&o, k->score);
				sl_buf_printf(&o, ",\"scored\":%ld,\"actual\":", w->scored);
				put_num(&o, w->score, 1);
				sl_buf_puts(&o, ",\"expected\":");
				put_num(&o, w->expected, 1);
				sl_buf_puts(&o, ",\"z\":");
				put_num(&o, w->z, 1);
				sl_buf_puts(&o, ",\"p_outcome\":");
				put_num(&o, w->p_score, 1);
			}
			sl_buf_putc(&o, '}');
		}
		sl_buf_puts(&o, "]}\n");
	} else {
		sl_buf_printf(&o, "%s (%s): %d recorded kinds of roll\n\n",
			log->h.title ? log->h.title : log->name, log->game->id, l->nkinds);
		if (!l->nrows)
			sl_buf_puts(&o, "no random outcome is recorded in this log\n");
		else
			sl_buf_puts(&o, "side     kind        rolls  dice   chi2 df test          p  verdict "
				"| outcome          actual  expected     diff      z       p\n");
		for (int r = 0; r < l->nrows; r++) {
			const sl_luck_row *w = &l->rows[r];
			const sl_roll_kind *k = &l->kinds[w->kind];
			char p[32], ps[32], z[32];
			snprintf(p, sizeof p, w->p == w->p ? "%.4f" : "-", w->p);
			sl_buf_printf(&o, "%-8s %-10s %6ld %5ld %6.2f %2d %-8s %7s  %-7s ",
				sl_stats_side_name(log->game, &log->h, w->side), k->name, w->rolls, w->dice,
				w->chi2 == w->chi2 ? w->chi2 : 0.0, w->df, sl_luck_test_name(w->test), p,
				w->test == SL_LUCK_TOO_FEW ? "too few" : verdict(w));
			if (w->scored) {
				snprintf(ps, sizeof ps, w->p_score == w->p_score ? "%.4f" : "-", w->p_score);
				snprintf(z, sizeof z, w->z == w->z ? "%+.2f" : "-", w->z);
				sl_buf_printf(&o, "| %-14s %8.1f %9.2f %+8.2f %6s %7s\n", k->score, w->score,
					w->expected, w->score - w->expected, z, ps);
			} else
				sl_buf_puts(&o, "|\n");
		}
		if (l->nrows) {
			sl_buf_puts(&o, "\nfaces: ");
			for (int r = 0; r < l->nrows; r++) {
				const sl_luck_row *w = &l->rows[r];
				sl_buf_printf(&o, "%s%s %s", r ? "; " : "",
					sl_stats_side_name(log->game, &log->h, w->side), l->kinds[w->kind].name);
				for (int f = 0; f < l->kinds[w->kind].faces; f++)
					if (l->kinds[w->kind].face_names)
						sl_buf_printf(&o, " %s:%ld", l->kinds[w->kind].face_names[f], w->counts[f]);
					else
						sl_buf_printf(&o, " %d:%ld", f + 1, w->counts[f]);
			}
			sl_buf_puts(&o, "\n(the faces against a fair die, or the die's own odds: fair p >= 0.05, "
				"unusual p < 0.05, loaded p < 0.001; test: chi2 where every face expects 5 dice or "
				"more, else exact (multinomial), or binomial per face (Bonferroni) past 2 million "
				"ways; too few dice to judge:");
			for (int kk = 0; kk < l->nkinds; kk++) {
				long m = sl_luck_min_dice(&l->kinds[kk]);
				if (m > 0)
					sl_buf_printf(&o, "%s %s under %ld", kk ? "," : "", l->kinds[kk].name, m);
			}
			sl_buf_puts(&o, ", where no roll could be unusual)\n");
		}
	}
	rc = write_out(&o);
done:
	sl_buf_free(&o);
	sl_luck_free(l);
	sl_log_free(log);
	free_metrics(&a);
	return rc;
}

/* ---- diff -------------------------------------------------------------------------------- */

/* A log's state at a position: an archive's through its index (the one
 * segment that holds it, issue 29), a text log's walked (every rule and,
 * unless ignore_checks, every recorded check). */
typedef struct diff_at {
	cli_at at;
	cli_walk w;
	int walked;
	const sl_log *log;
	const void *st;
	long event;
} diff_at;

static int diff_at_open(diff_at *d, const char *path, const cli_where *w, int ignore_checks)
{
	int rc;
	memset(d, 0, sizeof *d);
	cli_walk_init(&d->w);
	if ((rc = cli_at_seek(&d->at, path, w, NULL)) >= 0) {
		if (rc)
			return rc;
		d->log = d->at.log;
		d->st = d->at.st;
		d->event = d->at.event_no;
		return EXIT_OK;
	}
	d->walked = 1;
	d->w.where = *w;
	d->w.flags = ignore_checks ? 0 : SL_REPLAY_CHECK;
	if ((rc = cli_walk_open(&d->w, path)) || (rc = cli_walk_where(&d->w)))
		return rc;
	d->log = d->w.log;
	d->st = cli_walk_state(&d->w);
	d->event = d->w.at_event;
	return EXIT_OK;
}

static void diff_at_close(diff_at *d)
{
	if (d->walked)
		cli_walk_free(&d->w);
	else
		cli_at_close(&d->at);
}

/* A JSON array of the n strings v (the summary lines only one side has). */
static void json_strs(sl_buf *o, char *const *v, int n)
{
	for (int j = 0; j < n; j++) {
		if (j)
			sl_buf_putc(o, ',');
		sl_buf_json_str(o, v[j]);
	}
}

static void at_name(sl_buf *o, const cli_where *w)
{
	if (w->event >= 0)
		sl_buf_printf(o, "%ld", w->event);
	else if (w->phase)
		sl_buf_printf(o, "t%d.%d", w->turn, w->phase);
	else
		sl_buf_printf(o, "t%d", w->turn);
}

/* diff --at: two states compared, of one log at two positions or of two
 * logs at one (or each at its own). */
static int diff_states(stats_args *a, char **files, int nfiles)
{
	const char *file[2] = {files[0], files[nfiles - 1]};
	const cli_where *w[2] = {&a->at[0], &a->at[a->nat - 1]};
	diff_at s[2];
	sl_diff *d = NULL;
	sl_error err;
	sl_buf o;
	int rc, k, opened = 0;
	if (nfiles == 1 && a->nat == 1)
		return cli_usage("diff", "one FILE needs two positions (--at twice)");
	sl_buf_init(&o);
	sl_error_clear(&err);
	for (k = 0; k < 2; k++, opened++)
		if ((rc = diff_at_open(&s[k], file[k], w[k], a->ignore_checks))) {
			diff_at_close(&s[k]);
			goto done;
		}
	if (sl_diff_states(&d, s[0].log, s[0].st, s[1].log, s[1].st, &err)) {
		rc = cli_report(&err);
		goto done;
	}
	if (a->fmt == 2) {
		sl_buf_printf(&o, "{\"same\":%s", d->same ? "true" : "false");
		for (k = 0; k < 2; k++) {
			int turn, phase;
			s[k].log->game->position(s[k].st, &turn, &phase);
			sl_buf_puts(&o, k ? ",\"b\":{\"file\":" : ",\"a\":{\"file\":");
			sl_buf_json_str(&o, file[k]);
			sl_buf_puts(&o, ",\"at\":\"");
			at_name(&o, w[k]);
			sl_buf_printf(&o, "\",\"event\":%ld,\"turn\":%d,\"phase\":%d,\"hash\":\"%016llx\",\"state_only\":[",
				s[k].event, turn, phase, (unsigned long long)d->hash[k]);
			json_strs(&o, d->only[k], d->nonly[k]);
			sl_buf_puts(&o, "]}");
		}
		sl_buf_puts(&o, "}\n");
	} else {
		for (k = 0; k < 2; k++) {
			int turn, phase;
			s[k].log->game->position(s[k].st, &turn, &phase);
			sl_buf_printf(&o, "%c %s at ", k ? 'B' : 'A', file[k]);
			at_name(&o, w[k]);
			sl_buf_printf(&o, ": after event %ld, turn %d phase %d, state %016llx\n", s[k].event, turn, phase,
				(unsigned long long)d->hash[k]);
		}
		if (d->same)
			sl_buf_puts(&o, "the same state\n");
		else {
			sl_buf_puts(&o, "the states differ:\n");
			if (!d->nonly[0] && !d->nonly[1])
				sl_buf_puts(&o, "  the same summary\n");
			for (k = 0; k < 2; k++)
				for (int j = 0; j < d->nonly[k]; j++)
					sl_buf_printf(&o, "  %c %s\n", k ? '+' : '-', d->only[k][j]);
		}
	}
	rc = write_out(&o);
	if (!rc && !d->same)
		rc = EXIT_FAIL;
done:
	for (k = 0; k < opened; k++)
		diff_at_close(&s[k]);
	sl_diff_free(d);
	sl_buf_free(&o);
	return rc;
}

int cmd_diff(int argc, char **argv)
{
	stats_args a;
	sl_log *log[2] = {NULL, NULL};
	sl_diff *d = NULL;
	sl_error err;
	sl_buf o;
	int rc, i = parse(&a, "diff", argc, argv);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	sl_buf_init(&o);
	sl_error_clear(&err);
	if (a.nat && (argc - i == 1 || argc - i == 2)) {
		rc = diff_states(&a, argv + i, argc - i);
		goto done;
	}
	if (argc - i != 2) {
		rc = cli_usage("diff", a.nat ? "expected one FILE or two" : "expected two FILEs");
		goto done;
	}
	if ((rc = load(argv[i], &log[0])) || (rc = load(argv[i + 1], &log[1])))
		goto done;
	if (sl_diff_logs_flags(&d, log[0], log[1], a.ignore_checks ? SL_DIFF_IGNORE_CHECKS : 0, &err)) {
		rc = cli_report(&err);
		goto done;
	}
	if (a.fmt == 2) {
		sl_buf_printf(&o, "{\"same\":%s,\"common\":%zu,\"event\":%ld,\"turn\":%d,\"phase\":%d",
			d->same ? "true" : "false", d->common, d->event, d->turn, d->phase);
		for (int k = 0; k < 2; k++) {
			sl_buf_puts(&o, k ? ",\"b\":{\"file\":" : ",\"a\":{\"file\":");
			sl_buf_json_str(&o, argv[i + k]);
			sl_buf_printf(&o, ",\"entries\":%zu,\"hash\":\"%016llx\",\"line\":", d->n[k],
				(unsigned long long)d->hash[k]);
			if (d->text[k]) {
				sl_buf_printf(&o, "%ld,\"entry\":", d->line[k]);
				sl_buf_json_str(&o, d->text[k]);
				sl_buf_puts(&o, ",\"desc\":");
				sl_buf_json_str(&o, d->desc[k]);
			} else
				sl_buf_puts(&o, "null,\"entry\":null,\"desc\":null");
			sl_buf_puts(&o, ",\"state_only\":[");
			json_strs(&o, d->only[k], d->nonly[k]);
			sl_buf_puts(&o, "]}");
		}
		sl_buf_puts(&o, "}\n");
	} else if (d->same) {
		sl_buf_printf(&o, "the logs agree: %zu entries, %ld events, the same final state (hash %016llx)\n",
			d->n[0], d->event, (unsigned long long)d->hash[0]);
	} else {
		sl_buf_printf(&o, "the logs part after %zu common entries (%ld events), at turn %d phase %d:\n",
			d->common, d->event, d->turn, d->phase);
		for (int k = 0; k < 2; k++) {
			if (d->text[k])
				sl_buf_printf(&o, "  %c %s:%ld: %s\n      %s\n", k ? 'B' : 'A', argv[i + k], d->line[k],
					d->text[k], d->desc[k] && *d->desc[k] ? d->desc[k] : "");
			else
				sl_buf_printf(&o, "  %c %s: ends here (%zu entries)\n", k ? 'B' : 'A', argv[i + k],
					d->n[k]);
		}
		sl_buf_printf(&o, "the state after it (A %016llx, B %016llx):\n", (unsigned long long)d->hash[0],
			(unsigned long long)d->hash[1]);
		if (!d->nonly[0] && !d->nonly[1])
			sl_buf_puts(&o, "  the same summary\n");
		for (int k = 0; k < 2; k++)
			for (int j = 0; j < d->nonly[k]; j++)
				sl_buf_printf(&o, "  %c %s\n", k ? '+' : '-', d->only[k][j]);
	}
	rc = write_out(&o);
	if (!rc && !d->same)
		rc = EXIT_FAIL;
done:
	sl_buf_free(&o);
	sl_diff_free(d);
	sl_log_free(log[0]);
	sl_log_free(log[1]);
	free_metrics(&a);
	return rc;
}
