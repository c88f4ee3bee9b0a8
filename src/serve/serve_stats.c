/* serve_stats.c - the club's archive beyond its list (issue 27): each
 * finished game's printable report (GET /g/NAME/api/report.pdf) and the
 * club's statistics (GET /stats, /api/stats): per player the games played,
 * won, lost and drawn, per game kind the games open, over and closed, kept
 * current as games end (each game's result read again when its log grows).
 * The report is of a finished game only (over by the rules, or closed): it
 * is the whole log's, and while a game goes on that would tell what the
 * per-side views hide. */
#include "serve.h"
#include "analyze/sl_stats.h"
#include "render/sl_export.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- one game's outcome ----------------------------------------------------------- */

/* Whether the game is over by its rules and who won (-1: a draw, or not
 * over), read again when its log changed since the last look. Holds s->lock. */
static void outcome(server *s, int *over, int *winner)
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

/* ---- the club's statistics ---------------------------------------------------------- */

/* obj[key][field] += 1, the row made with every counter at 0 when new. */
static void bump(json_t *obj, const char *key, const char *const *fields, const char *field)
{
	json_t *row = json_object_get(obj, key);
	if (!row) {
		row = json_object();
		for (int k = 0; fields[k]; k++)
			json_object_set_new(row, fields[k], json_integer(0));
		json_object_set_new(obj, key, row);
	}
	json_object_set_new(row, field, json_integer(json_integer_value(json_object_get(row, field)) + 1));
}

static const char *const kind_fields[] = {"games", "open", "over", "closed", NULL};
static const char *const player_fields[] = {"games", "open", "won", "lost", "drawn", "closed", NULL};

/* One game into the counts. Holds s->lock. */
static void count_game(server *s, json_t *kinds, json_t *players)
{
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	const char *kind = s->rc.log ? s->rc.log->game->id : h->game ? h->game : "?";
	int over, winner;
	outcome(s, &over, &winner);
	bump(kinds, kind, kind_fields, "games");
	bump(kinds, kind, kind_fields, over ? "over" : s->rc.closed ? "closed" : "open");
	for (int p = 0; p < h->nplayers; p++) {
		const char *id = h->players[p].id;
		bump(players, id, player_fields, "games");
		bump(players, id, player_fields, !over ? (s->rc.closed ? "closed" : "open")
			: winner == p ? "won" : winner < 0 ? "drawn" : "lost");
	}
}

/* {"kinds": {GAME: {games, open, over, closed}}, "players": {ID: {games,
 * open, won, lost, drawn, closed}}, "games": N} over every game of DIR. */
static json_t *club_stats(club *cl)
{
	json_t *kinds = json_object(), *players = json_object();
	server **v;
	int n;
	pthread_mutex_lock(&cl->lock);
	n = cl->ngames;
	v = malloc(sizeof *v * (size_t)(n ? n : 1));
	if (v)
		memcpy(v, cl->games, sizeof *v * (size_t)n);
	pthread_mutex_unlock(&cl->lock);
	for (int k = 0; v && k < n; k++) {
		pthread_mutex_lock(&v[k]->lock);
		count_game(v[k], kinds, players);
		pthread_mutex_unlock(&v[k]->lock);
	}
	free(v);
	return json_pack("{s:o,s:o,s:i}", "kinds", kinds, "players", players, "games", v ? n : 0);
}

static void cell(sl_buf *b, const char *tag, const char *t)
{
	sl_buf_printf(b, "<%s>", tag);
	for (; t && *t; t++) {   /* ids and game names: plain, but escaped all the same */
		unsigned char c = (unsigned char)*t;
		if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'')
			sl_buf_printf(b, "&#%d;", c);
		else if (c >= 0x20 && c != 0x7f)
			sl_buf_putc(b, (char)c);
	}
	sl_buf_printf(b, "</%s>", tag);
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
			sl_buf_printf(b, "<td>%lld</td>", (long long)json_integer_value(json_object_get(row, fields[k])));
		sl_buf_puts(b, "</tr>\n");
	}
	sl_buf_puts(b, "</tbody></table></div>\n");
}

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
		"closed: ended by the host before that.</p>\n");
	table(&b, "players", "player", json_object_get(j, "players"), player_fields);
	sl_buf_puts(&b, "<h2>Games by kind</h2>\n");
	table(&b, "kinds", "game", json_object_get(j, "kinds"), kind_fields);
	sl_buf_printf(&b, "<p>%lld games.</p>\n</body></html>\n", (long long)json_integer_value(json_object_get(j, "games")));
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
	json_t *j = club_stats(cl);
	if (!j) {
		serve_reply_error(rp, 500, "out of memory");
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
	outcome(s, &over, &winner);
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
