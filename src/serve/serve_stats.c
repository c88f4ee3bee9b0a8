/* serve_stats.c - the club's archive beyond its list (issue 27): each
 * finished game's printable report (GET /g/NAME/api/report.pdf) and the
 * club's statistics (GET /stats, /api/stats), read from the club's archive
 * DIR/club.sqlite (serve_archive.c: the tables of `batch --sqlite`, a row
 * per finished game, brought up to date before each answer): per player the
 * games won, lost, drawn and closed, per game kind the games over and
 * closed, the luck of each side by kind of roll and the average of each
 * metric; the games that go on are counted from the lobby's list (open).
 * The report is of a finished game only (over by the rules, or closed): it
 * is the whole log's, and while a game goes on that would tell what the
 * per-side views hide. */
#include "serve.h"
#include "analyze/sl_stats.h"
#include "record/archive.h"
#include "render/sl_export.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- one game's outcome ----------------------------------------------------------- */

void serve_game_outcome(server *s, int *over, int *winner)
{
	long rev = s->rc.log ? (long)s->rc.log->n : 0;
	if (!s->rc.log) {
		*over = 0;
		*winner = -1;
		return;
	}
	if (s->res_rev != rev + 1) {   /* 0: never looked */
		sl_result r;
		sl_error err;
		sl_buf said;
		int ended;
		sl_buf_init(&said);
		ended = rec_result(&s->rc, &said) == 1;   /* the recorder's state, now: cheap */
		sl_buf_free(&said);
		sl_error_clear(&err);
		if (!ended) {   /* no replay for a game that goes on */
			s->res_over = 0;
			s->res_winner = -1;
		} else if (sl_result_of(&r, s->rc.log, &err) == 0) {   /* who won: the log replayed once */
			s->res_over = r.over;
			s->res_winner = r.over ? r.winner : -1;
		} else {
			s->res_over = 0;
			s->res_winner = -1;
		}
		s->res_rev = rev + 1;
	}
	*over = s->res_over;
	*winner = s->res_winner;
}

/* ---- the club's statistics, from its archive ------------------------------------------ */

static const char *const kind_fields[] = {"games", "open", "over", "closed", NULL};
static const char *const player_fields[] = {"games", "open", "won", "lost", "drawn", "closed", NULL};

/* obj[key], made with every counter at 0 when new */
static json_t *row_of(json_t *obj, const char *key, const char *const *fields)
{
	json_t *row = json_object_get(obj, key);
	if (!row) {
		row = json_object();
		for (int k = 0; fields[k]; k++)
			json_object_set_new(row, fields[k], json_integer(0));
		json_object_set_new(obj, key, row);
	}
	return row;
}

static void add_to(json_t *row, const char *field, long long n)
{
	json_object_set_new(row, field, json_integer(json_integer_value(json_object_get(row, field)) + n));
}

static long long ival(const char *v)
{
	return v ? strtoll(v, NULL, 10) : 0;
}

/* a REAL of the archive: NULL stays null */
static json_t *rval(const char *v)
{
	return v ? json_real(strtod(v, NULL)) : json_null();
}

typedef struct stats_read {
	json_t *players, *kinds, *luck, *metrics;
	long long archived;
} stats_read;

/* per player: the finished games, won, lost (a solo game over without a winner is lost), drawn, closed */
static const char q_players[] =
	"SELECT p.player, COUNT(*), "
	"SUM(g.over = 1 AND p.won = 1), "
	"SUM(g.over = 1 AND p.won = 0 AND (g.winner IS NOT NULL OR n.np = 1)), "
	"SUM(g.over = 1 AND g.winner IS NULL AND n.np > 1), "
	"SUM(g.over IS NOT 1) "
	"FROM players p JOIN games g ON g.id = p.game_id "
	"JOIN (SELECT game_id, COUNT(*) AS np FROM players GROUP BY game_id) n ON n.game_id = g.id "
	"GROUP BY p.player ORDER BY p.player";

static int players_row(void *ctx, int n, char **v, char **names)
{
	stats_read *sr = ctx;
	json_t *row = row_of(sr->players, v[0] ? v[0] : "?", player_fields);
	add_to(row, "games", ival(v[1]));
	add_to(row, "won", ival(v[2]));
	add_to(row, "lost", ival(v[3]));
	add_to(row, "drawn", ival(v[4]));
	add_to(row, "closed", ival(v[5]));
	return 0;
}

static const char q_kinds[] =
	"SELECT game, COUNT(*), SUM(over = 1), SUM(over IS NOT 1) FROM games GROUP BY game ORDER BY game";

static int kinds_row(void *ctx, int n, char **v, char **names)
{
	stats_read *sr = ctx;
	json_t *row = row_of(sr->kinds, v[0] ? v[0] : "?", kind_fields);
	add_to(row, "games", ival(v[1]));
	add_to(row, "over", ival(v[2]));
	add_to(row, "closed", ival(v[3]));
	sr->archived += ival(v[1]);
	return 0;
}

/* per game kind, side and kind of roll: the outcomes against their odds;
 * the z of each game combined as Stouffer's (sum over the square root of
 * their number), its normal percentile: 50 as the dice promised */
static const char q_luck[] =
	"SELECT g.game, l.side, l.kind, COUNT(*), SUM(l.rolls), SUM(l.dice), SUM(l.scored), "
	"SUM(l.score), SUM(l.expected), SUM(l.z), COUNT(l.z) "
	"FROM luck l JOIN games g ON g.id = l.game_id "
	"GROUP BY g.game, l.side, l.kind ORDER BY g.game, l.side, l.kind";

static int luck_row(void *ctx, int n, char **v, char **names)
{
	stats_read *sr = ctx;
	long long nz = ival(v[10]);
	json_t *row = json_pack("{s:s,s:s,s:s,s:I,s:I,s:I,s:I,s:o,s:o}", "game", v[0] ? v[0] : "?",
		"side", v[1] ? v[1] : "?", "kind", v[2] ? v[2] : "?", "games", ival(v[3]), "rolls", ival(v[4]),
		"dice", ival(v[5]), "scored", ival(v[6]), "actual", rval(v[7]), "expected", rval(v[8]));
	if (!row)
		return 1;
	json_object_set_new(row, "above", v[7] && v[8] ? json_real(strtod(v[7], NULL) - strtod(v[8], NULL)) : json_null());
	json_object_set_new(row, "percentile", nz > 0 && v[9]
		? json_real(50.0 * erfc(-strtod(v[9], NULL) / sqrt((double)nz) / sqrt(2.0))) : json_null());
	json_array_append_new(sr->luck, row);
	return 0;
}

static const char q_metrics[] =
	"SELECT g.game, m.player, m.metric, m.unit, m.kind, COUNT(m.value), AVG(m.value) "
	"FROM metrics m JOIN games g ON g.id = m.game_id "
	"GROUP BY g.game, m.metric, m.player ORDER BY g.game, m.metric, m.player";

static int metrics_row(void *ctx, int n, char **v, char **names)
{
	stats_read *sr = ctx;
	json_t *row = json_pack("{s:s,s:s,s:s,s:s,s:s,s:I,s:o}", "game", v[0] ? v[0] : "?", "player", v[1] ? v[1] : "?",
		"metric", v[2] ? v[2] : "?", "unit", v[3] ? v[3] : "", "kind", v[4] ? v[4] : "", "games", ival(v[5]),
		"average", rval(v[6]));
	return row ? json_array_append_new(sr->metrics, row) != 0 : 1;
}

static int read_all(void *ctx, struct rec_archive *a)
{
	stats_read *sr = ctx;
	return rec_archive_rows(a, q_players, players_row, sr) || rec_archive_rows(a, q_kinds, kinds_row, sr) ||
		rec_archive_rows(a, q_luck, luck_row, sr) || rec_archive_rows(a, q_metrics, metrics_row, sr);
}

/* The games that go on (not over, not closed), from the lobby's list. */
static int count_open(club *cl, stats_read *sr)
{
	server **v;
	int n;
	pthread_mutex_lock(&cl->lock);
	n = cl->ngames;
	v = malloc(sizeof *v * (size_t)(n ? n : 1));
	if (v)
		memcpy(v, cl->games, sizeof *v * (size_t)n);
	pthread_mutex_unlock(&cl->lock);
	for (int k = 0; v && k < n; k++) {
		server *s = v[k];
		int over, winner;
		pthread_mutex_lock(&s->lock);
		serve_game_outcome(s, &over, &winner);
		if (!over && !s->rc.closed) {
			const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
			const char *kind = s->rc.log ? s->rc.log->game->id : h->game ? h->game : "?";
			json_t *row = row_of(sr->kinds, kind, kind_fields);
			add_to(row, "games", 1);
			add_to(row, "open", 1);
			for (int p = 0; p < h->nplayers; p++) {
				row = row_of(sr->players, h->players[p].id, player_fields);
				add_to(row, "games", 1);
				add_to(row, "open", 1);
			}
		}
		pthread_mutex_unlock(&s->lock);
	}
	free(v);
	return v ? n : -1;
}

/* The statistics as JSON (docs/serve.md), or NULL with why. */
static json_t *club_stats(club *cl, char *why, size_t wn)
{
	stats_read sr = {json_object(), json_object(), json_array(), json_array(), 0};
	int n;
	const char *path = serve_archive_path(cl), *base = strrchr(path, '/');
	if (!sr.players || !sr.kinds || !sr.luck || !sr.metrics) {
		snprintf(why, wn, "out of memory");
		goto fail;
	}
	if (serve_archive_read(cl, read_all, &sr, why, wn))
		goto fail;
	if ((n = count_open(cl, &sr)) < 0) {
		snprintf(why, wn, "out of memory");
		goto fail;
	}
	return json_pack("{s:s,s:i,s:I,s:o,s:o,s:o,s:o}", "archive", base ? base + 1 : path, "games", n,
		"archived", sr.archived, "players", sr.players, "kinds", sr.kinds, "luck", sr.luck, "metrics", sr.metrics);
fail:
	json_decref(sr.players);
	json_decref(sr.kinds);
	json_decref(sr.luck);
	json_decref(sr.metrics);
	return NULL;
}

static void text(sl_buf *b, const char *t)
{
	for (; t && *t; t++) {   /* ids and game names: plain, but escaped all the same */
		unsigned char c = (unsigned char)*t;
		if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'')
			sl_buf_printf(b, "&#%d;", c);
		else if (c >= 0x20 && c != 0x7f)
			sl_buf_putc(b, (char)c);
	}
}

static void cell(sl_buf *b, const char *tag, const char *t)
{
	sl_buf_printf(b, "<%s>", tag);
	text(b, t);
	sl_buf_printf(b, "</%s>", tag);
}

/* a number: an integer as it is, a real to two places, null as a dash */
static void num_cell(sl_buf *b, json_t *v)
{
	if (json_is_integer(v))
		sl_buf_printf(b, "<td>%lld</td>", (long long)json_integer_value(v));
	else if (json_is_real(v))
		sl_buf_printf(b, "<td>%.2f</td>", json_real_value(v));
	else
		sl_buf_puts(b, "<td>&ndash;</td>");
}

static void table(sl_buf *b, const char *id, const char *first, json_t *obj, const char *const *fields)
{
	const char *key;
	json_t *row;
	sl_buf_printf(b, "<div class=\"scroll\"><table id=\"%s\"><thead><tr>", id);
	cell(b, "th", first);
	for (int k = 0; fields[k]; k++)
		cell(b, "th", fields[k]);
	sl_buf_puts(b, "</tr></thead>\n<tbody>\n");
	json_object_foreach(obj, key, row) {
		sl_buf_puts(b, "<tr>");
		cell(b, "td", key);
		for (int k = 0; fields[k]; k++)
			num_cell(b, json_object_get(row, fields[k]));
		sl_buf_puts(b, "</tr>\n");
	}
	sl_buf_puts(b, "</tbody></table></div>\n");
}

/* rows of arr: the text columns, then the number columns (heads as shown) */
static void list(sl_buf *b, const char *id, json_t *arr, const char *const *texts, const char *const *nums,
	const char *const *heads)
{
	size_t i;
	json_t *row;
	int h = 0;
	sl_buf_printf(b, "<div class=\"scroll\"><table id=\"%s\"><thead><tr>", id);
	for (int k = 0; texts[k]; k++)
		cell(b, "th", heads[h++]);
	for (int k = 0; nums[k]; k++)
		cell(b, "th", heads[h++]);
	sl_buf_puts(b, "</tr></thead>\n<tbody>\n");
	json_array_foreach(arr, i, row) {
		sl_buf_puts(b, "<tr>");
		for (int k = 0; texts[k]; k++)
			cell(b, "td", json_string_value(json_object_get(row, texts[k])));
		for (int k = 0; nums[k]; k++)
			num_cell(b, json_object_get(row, nums[k]));
		sl_buf_puts(b, "</tr>\n");
	}
	sl_buf_puts(b, "</tbody></table></div>\n");
}

static const char *const luck_texts[] = {"game", "side", "kind", NULL};
static const char *const luck_nums[] = {"games", "rolls", "dice", "actual", "expected", "above", "percentile", NULL};
static const char *const luck_heads[] = {"game", "side", "roll", "games", "rolls", "dice", "got", "expected",
	"above", "percentile"};
static const char *const metric_texts[] = {"game", "metric", "player", "unit", NULL};
static const char *const metric_nums[] = {"games", "average", NULL};
static const char *const metric_heads[] = {"game", "metric", "player", "unit", "games", "average"};

static char *stats_html(json_t *j, size_t *len)
{
	sl_buf b;
	char *out;
	sl_buf_init(&b);
	sl_buf_puts(&b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
		"<link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/assets/serve.css\">"
		"<title>sillage club: statistics</title></head>\n<body class=\"lobby\"><h1>The club's statistics</h1>\n"
		"<p><a href=\"/\">games</a> &middot; <a href=\"/archive\">finished games</a> &middot; statistics</p>\n");
	sl_buf_printf(&b, "<h2>Players</h2>\n<p class=\"hint\">won, lost, drawn: games over by their rules; "
		"closed: ended by the host before that; open: games that go on.</p>\n");
	table(&b, "players", "player", json_object_get(j, "players"), player_fields);
	sl_buf_puts(&b, "<h2>Games by kind</h2>\n");
	table(&b, "kinds", "game", json_object_get(j, "kinds"), kind_fields);
	sl_buf_puts(&b, "<h2>Luck</h2>\n<p class=\"hint\">Over the finished games, each side's rolls of each kind: the "
		"outcomes they got (hits, groundings...) against what the dice promised; above: got minus expected; "
		"percentile: 50 is as promised, 90 more outcomes than nine games in ten would give.</p>\n");
	list(&b, "luck", json_object_get(j, "luck"), luck_texts, luck_nums, luck_heads);
	sl_buf_puts(&b, "<h2>Metrics</h2>\n<p class=\"hint\">Each metric's average over the finished games (a level "
		"at the end, a sum as its total; <code>sillage stats FILE</code> says what each means).</p>\n");
	list(&b, "metrics", json_object_get(j, "metrics"), metric_texts, metric_nums, metric_heads);
	sl_buf_printf(&b, "<p>%lld games, %lld of them finished, in the club's archive <code>",
		(long long)json_integer_value(json_object_get(j, "games")),
		(long long)json_integer_value(json_object_get(j, "archived")));
	text(&b, json_string_value(json_object_get(j, "archive")));
	sl_buf_puts(&b, "</code> (<code>sqlite3</code> reads it: docs/serve.md).</p>\n</body></html>\n");
	if (b.failed) {
		sl_buf_free(&b);
		return NULL;
	}
	out = sl_strndup((const char *)b.data, b.len);
	*len = b.len;
	sl_buf_free(&b);
	return out;
}

void serve_club_stats(club *cl, int html, serve_reply *rp)
{
	char why[800];
	json_t *j = club_stats(cl, why, sizeof why);
	if (!j) {   /* the games go on: only the statistics wait for the archive */
		serve_reply_error(rp, 503, "%s", why);
		return;
	}
	if (!html) {
		serve_reply_json(rp, 200, j);
		return;
	}
	rp->body = stats_html(j, &rp->len);
	json_decref(j);
	if (!rp->body) {
		serve_reply_error(rp, 500, "out of memory");
		return;
	}
	rp->status = 200;
	rp->owned = 1;
	rp->type = "text/html; charset=utf-8";
}

/* ---- a finished game's report --------------------------------------------------------- */

static int buf_put(void *closure, const unsigned char *data, size_t n)
{
	sl_buf *b = closure;
	sl_buf_put(b, data, n);
	return b->failed ? SL_ENOMEM : 0;
}

/* GET /g/NAME/api/report.pdf: drawn once per revision of a finished game
 * (then from the cache). Holds s->lock. */
void serve_game_report(server *s, serve_reply *rp)
{
	char key[SERVE_CACHE_KEY];
	unsigned char *data = NULL;
	size_t len = 0;
	int over, winner;
	if (!s->rc.log) {
		serve_reply_error(rp, 404, "no game yet: the header is not complete");
		return;
	}
	serve_game_outcome(s, &over, &winner);
	if (!over && !s->rc.closed) {
		serve_reply_error(rp, 409, "the report is of a finished game: this one goes on (it would tell what "
			"the players' views hide)");
		return;
	}
	snprintf(key, sizeof key, "%p report %zu", (void *)s, s->rc.log->n);
	if (!serve_cache_get(key, &data, &len)) {
		sl_replay *r = NULL;
		sl_render_opts o;
		sl_error err;
		sl_buf b;
		memset(&o, 0, sizeof o);
		sl_error_clear(&err);
		sl_buf_init(&b);
		if (sl_replay_open(&r, s->rc.log, 0, &err) || sl_report_to_func(r, &o, buf_put, &b, &err) || b.failed) {
			sl_replay_free(r);
			sl_buf_free(&b);
			serve_reply_error(rp, 500, "the report cannot be made: %s", err.msg[0] ? err.msg : "out of memory");
			return;
		}
		sl_replay_free(r);
		data = sl_buf_take(&b, &len);
		sl_buf_free(&b);
		if (!data) {
			serve_reply_error(rp, 500, "out of memory");
			return;
		}
		serve_cache_put(key, data, len);
	}
	rp->status = 200;
	rp->body = (char *)data;
	rp->len = len;
	rp->owned = 1;
	rp->type = "application/pdf";
}
