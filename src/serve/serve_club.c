/* serve_club.c - many games in one server (`sillage serve --dir DIR`,
 * docs/serve.md): every DIR/NAME.silb served under /g/NAME/, new files
 * picked up while it runs, the lobby (GET /, /api/games), each player's
 * one link to their games (GET /me, /api/me, by a club token kept in
 * DIR/club.tokens), and whose move it is in each game. A game costs no
 * thread: the daemon's threads are its connections'. */
#define _DEFAULT_SOURCE
#include "serve.h"
#include "render/sl_targets.h"
#include "record/new.h"

#include <unistd.h>

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static pthread_mutex_t scan_lock = PTHREAD_MUTEX_INITIALIZER;   /* one look at DIR at a time */

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- whose move ----------------------------------------------------------------- */

/* The players the rules offer an action now (the record page's click
 * targets of the moment, render/sl_targets.h), ", " apart; "" when the game
 * is over or closed, or the header is not complete. Holds s->lock. */
void serve_game_changed(server *s, int now)
{
	sl_targets t;
	sl_error err;
	sl_buf res;
	size_t at = 0;
	char before[sizeof s->movers];
	memcpy(before, s->movers, sizeof before);
	if (now)
		s->last_at = (long long)time(NULL);
	s->movers[0] = 0;
	if (!s->rc.log || s->rc.closed) {
		if (now && s->rc.closed)
			serve_archive_poke(s->club);   /* a game ended: into the club's archive */
		return;
	}
	sl_buf_init(&res);
	if (rec_result(&s->rc, &res) == 1) {
		sl_buf_free(&res);
		if (now)
			serve_archive_poke(s->club);
		return;
	}
	sl_buf_free(&res);
	if (now && s->arch_in)   /* taken back from its end (an undo): out of the club's archive */
		serve_archive_poke(s->club);
	memset(&t, 0, sizeof t);
	sl_error_clear(&err);
	if (sl_targets_list(s->rc.log, s->rc.st, "", &t, &err) == 0)
		for (int k = 0; k < t.n; k++) {
			const char *p = t.v[k].player;
			size_t n = strlen(p);
			const char *f = s->movers;
			int seen = 0;
			if (!n)
				continue;
			while (*f) {   /* each player once */
				size_t m = strcspn(f, ",");
				seen |= m == n && strncmp(f, p, n) == 0;
				f += m;
				f += strspn(f, ", ");
			}
			if (seen || at + n + 3 > sizeof s->movers)
				continue;
			at += (size_t)snprintf(s->movers + at, sizeof s->movers - at, "%s%s", at ? ", " : "", p);
		}
	sl_targets_free(&t);
	if (now)
		serve_notify_movers(s, before);
}

/* ---- the games of DIR ----------------------------------------------------------- */

/* NAME.silb with NAME of letters, digits, '.', '_', '-' (not first), at most 63. */
static int game_name(const char *file, char *name, size_t n)
{
	size_t len = strlen(file);
	if (len < 6 || len - 5 >= n || strcmp(file + len - 5, ".silb") != 0)
		return -1;
	len -= 5;
	if (file[0] == '.' || file[0] == '-')
		return -1;
	for (size_t i = 0; i < len; i++) {
		char c = file[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
		      c == '_' || c == '-'))
			return -1;
	}
	memcpy(name, file, len);
	name[len] = 0;
	return 0;
}

static server *find_game(club *cl, const char *name)
{
	for (int k = 0; k < cl->ngames; k++)
		if (strcmp(cl->games[k]->name, name) == 0)
			return cl->games[k];
	return NULL;
}

/* 1 when NAME failed to open as it is now (the same time and size). */
static int skipped(club *cl, const char *name, const struct stat *st, int add)
{
	for (int k = 0; k < cl->nskip; k++)
		if (strcmp(cl->skip[k].name, name) == 0) {
			if (cl->skip[k].mtime == (long long)st->st_mtime && cl->skip[k].size == (long long)st->st_size)
				return 1;
			if (add) {
				cl->skip[k].mtime = (long long)st->st_mtime;
				cl->skip[k].size = (long long)st->st_size;
			}
			return 0;
		}
	if (add) {
		club_skip *v = realloc(cl->skip, sizeof *v * (size_t)(cl->nskip + 1));
		if (!v)
			return 0;
		cl->skip = v;
		snprintf(v[cl->nskip].name, sizeof v->name, "%s", name);
		v[cl->nskip].mtime = (long long)st->st_mtime;
		v[cl->nskip].size = (long long)st->st_size;
		cl->nskip++;
	}
	return 0;
}

/* Puts s into the list, sorted by name. Holds cl->lock. */
static int add_game(club *cl, server *s)
{
	int at = 0;
	if (cl->ngames == cl->capg) {
		int cap = cl->capg ? cl->capg * 2 : 16;
		server **v = realloc(cl->games, sizeof *v * (size_t)cap);
		if (!v)
			return -1;
		cl->games = v;
		cl->capg = cap;
	}
	while (at < cl->ngames && strcmp(cl->games[at]->name, s->name) < 0)
		at++;
	memmove(cl->games + at + 1, cl->games + at, sizeof *cl->games * (size_t)(cl->ngames - at));
	cl->games[at] = s;
	cl->ngames++;
	return 0;
}

static void announce_game(club *cl, server *s)
{
	const char *host_tok = "";
	for (int k = 0; k < s->ntok; k++)
		if (s->tok[k].player < 0)
			host_tok = s->tok[k].hex;
	printf("game %s: http://%s%s/watch (host: http://%s%s/record?t=%s)\n", s->name, cl->host, s->prefix, cl->host,
		s->prefix, host_tok);
	fflush(stdout);
}

/* Opens NAME (outside cl->lock: a long game takes a while to replay). */
/* 0, or 4 when the game could not be opened for a cause of exit 4 (out of
 * memory, an I/O error): such a game is not left out until its file
 * changes but looked at again at the next scan (issue 30: an allocation
 * that failed at start had left a game out of the club for good). */
static int open_one(club *cl, const char *name, const struct stat *st, int announce)
{
	server *s;
	int code = 0, full;
	s = serve_game_open(cl, &cl->o, name, &code);
	pthread_mutex_lock(&cl->lock);
	if (!s && code == 4) {
		pthread_mutex_unlock(&cl->lock);
		serve_log(NULL, NULL, "-", name, 0, "not served now: out of memory or an I/O error; "
			"looked at again at the next request");
		return 4;
	}
	if (!s) {
		skipped(cl, name, st, 1);
		pthread_mutex_unlock(&cl->lock);
		serve_log(NULL, NULL, "-", name, 0, "not served: its journal cannot be opened (said above); "
			"looked at again when it changes");
		return 0;
	}
	if ((full = cl->ngames >= SERVE_MAX_GAMES) || add_game(cl, s)) {
		pthread_mutex_unlock(&cl->lock);
		serve_log(NULL, NULL, "-", name, 0, full ? "not served: too many games" : "not served now: out of memory");
		serve_game_free(s);
		return full ? 0 : 4;
	}
	pthread_mutex_unlock(&cl->lock);
	if (announce)
		announce_game(cl, s);
	return 0;
}

/* DIR's last change (its mtime in nanoseconds), or 0 when it cannot be read. */
static long long dir_stamp(const char *dir)
{
	struct stat st;
	if (stat(dir, &st) != 0)
		return 0;
	return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

int serve_club_scan(club *cl, int force)
{
	DIR *d;
	struct dirent *de;
	int added = 0, rc = 0;
	long long t = now_ms();
	if (!cl->o.dir)
		return 0;
	long long stamp = dir_stamp(cl->o.dir);
	pthread_mutex_lock(&scan_lock);
	/* at most once a second, unless DIR itself changed (a file added, renamed
	 * or removed): a game copied in is seen by the next request at once */
	if (!force && t - cl->scanned_ms < 1000 && stamp == cl->dir_stamp) {
		pthread_mutex_unlock(&scan_lock);
		return 0;
	}
	cl->scanned_ms = t;
	cl->dir_stamp = stamp;
	d = opendir(cl->o.dir);
	if (!d) {
		serve_log(NULL, NULL, "-", cl->o.dir, 0, strerror(errno));
		pthread_mutex_unlock(&scan_lock);
		return 0;
	}
	while ((de = readdir(d))) {
		char name[64], path[4200];
		struct stat st;
		int known;
		if (game_name(de->d_name, name, sizeof name))
			continue;
		snprintf(path, sizeof path, "%s/%s", cl->o.dir, de->d_name);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		pthread_mutex_lock(&cl->lock);
		known = find_game(cl, name) != NULL || skipped(cl, name, &st, 0);
		pthread_mutex_unlock(&cl->lock);
		if (!known) {
			if (open_one(cl, name, &st, !force))
				rc = 4;
			added = 1;
		}
	}
	closedir(d);
	if (added && !force && serve_club_tokens(cl, 1))
		rc = 4;
	if (added)   /* a finished game copied into DIR: into the club's archive */
		serve_archive_poke(cl);
	if (rc)
		cl->scanned_ms = 0;   /* the next request looks again */
	pthread_mutex_unlock(&scan_lock);
	return rc;
}

server *serve_club_game(club *cl, const char *name)
{
	server *s;
	pthread_mutex_lock(&cl->lock);
	s = find_game(cl, name);
	pthread_mutex_unlock(&cl->lock);
	if (s)
		return s;
	serve_club_scan(cl, 0);
	pthread_mutex_lock(&cl->lock);
	s = find_game(cl, name);
	pthread_mutex_unlock(&cl->lock);
	return s;
}

/* ---- the players' club tokens: DIR/club.tokens ---------------------------------- */

static int have_token(const club *cl, const char *id)
{
	for (int k = 0; k < cl->ntok; k++)
		if (strcmp(cl->tok[k].id, id) == 0)
			return 1;
	return 0;
}

static int new_token(club *cl, const char *id, int announce)
{
	club_token *v;
	uint8_t raw[16];
	if (have_token(cl, id))
		return 0;
	if (sl_random_bytes(raw, sizeof raw)) {
		fprintf(stderr, "sillage: serve: no random bytes from the system for the tokens\n");
		return -1;
	}
	v = realloc(cl->tok, sizeof *v * (size_t)(cl->ntok + 1));
	if (!v) {
		fprintf(stderr, "sillage: serve: out of memory\n");
		return -1;
	}
	cl->tok = v;
	snprintf(v[cl->ntok].id, sizeof v->id, "%s", id);
	sl_hexstr_encode(v[cl->ntok].hex, raw, sizeof raw);
	if (announce) {
		printf("player %s: http://%s/me?t=%s\n", id, cl->host, v[cl->ntok].hex);
		fflush(stdout);
	}
	cl->ntok++;
	return 1;
}

static void load_tokens(club *cl)
{
	FILE *f = fopen(cl->tok_path, "r");
	char line[256];
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char who[80], hex[80];
		club_token *v;
		if (line[0] == '#' || sscanf(line, "%79s %79s", who, hex) != 2 || strlen(hex) != 32 ||
		    strlen(who) >= SERVE_PLAYER_ID || have_token(cl, who))
			continue;
		v = realloc(cl->tok, sizeof *v * (size_t)(cl->ntok + 1));
		if (!v)
			break;
		cl->tok = v;
		snprintf(v[cl->ntok].id, sizeof v->id, "%s", who);
		memcpy(v[cl->ntok].hex, hex, 33);
		cl->ntok++;
	}
	fclose(f);
}

int serve_club_tokens(club *cl, int announce)
{
	int changed = 0, e = 0;
	pthread_mutex_lock(&cl->lock);
	if (!cl->ntok)
		load_tokens(cl);
	if ((e = new_token(cl, "host", announce)) > 0)
		changed = 1;
	for (int g = 0; g < cl->ngames && e >= 0; g++) {
		server *s = cl->games[g];
		pthread_mutex_lock(&s->lock);
		{
			const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
			for (int p = 0; p < h->nplayers && e >= 0; p++)
				if ((e = new_token(cl, h->players[p].id, announce)) > 0)
					changed = 1;
		}
		pthread_mutex_unlock(&s->lock);
	}
	if (changed && e >= 0) {
		sl_buf b;
		sl_buf_init(&b);
		sl_buf_printf(&b, "# sillage serve --dir %s: each player's one link to their games (docs/serve.md)\n",
			cl->o.dir);
		for (int k = 0; k < cl->ntok; k++)
			sl_buf_printf(&b, "%s %s\n", cl->tok[k].id, cl->tok[k].hex);
		if (b.failed || serve_private_write(cl->tok_path, (const char *)b.data, b.len)) {
			fprintf(stderr, "sillage: serve: %s: cannot write: %s\n", cl->tok_path,
				b.failed ? "out of memory" : strerror(errno));
			e = -1;
		}
		sl_buf_free(&b);
	}
	pthread_mutex_unlock(&cl->lock);
	return e < 0 ? -1 : 0;
}

/* The id of a club token into id, or -1 (every token compared whole). Holds cl->lock. */
static int token_id(club *cl, const char *t, char *id, size_t idn)
{
	int found = -1;
	size_t n = t ? strlen(t) : 0;
	if (n != 32)
		return -1;
	for (int k = 0; k < cl->ntok; k++) {
		unsigned char d = 0;
		for (size_t i = 0; i < 32; i++)
			d |= (unsigned char)(t[i] ^ cl->tok[k].hex[i]);
		if (!d) {
			snprintf(id, idn, "%s", cl->tok[k].id);
			found = 0;
		}
	}
	return found;
}

/* ---- the lobby and a player's games ------------------------------------------------- */

int serve_club_route(const char *path)
{
	return strcmp(path, "/") == 0 || strcmp(path, "/me") == 0 || strcmp(path, "/api/games") == 0 ||
		strcmp(path, "/api/me") == 0 || strcmp(path, "/new") == 0 || strcmp(path, "/api/templates") == 0 ||
		strcmp(path, "/archive") == 0 || strcmp(path, "/api/archive") == 0 || strcmp(path, "/stats") == 0 ||
		strcmp(path, "/api/stats") == 0;
}

/* The finished games of arr (over by the rules, or closed), the others dropped. */
static json_t *finished(json_t *arr)
{
	json_t *out = json_array(), *g;
	size_t k;
	json_array_foreach(arr, k, g) {
		const char *res = json_string_value(json_object_get(g, "result"));
		if ((res && *res) || json_is_true(json_object_get(g, "closed")))
			json_array_append(out, g);
	}
	json_decref(arr);
	return out;
}

int serve_club_post_route(const char *path)
{
	return strcmp(path, "/api/new") == 0;
}

static const char *game_token(const server *s, int player)
{
	for (int k = 0; k < s->ntok; k++)
		if (s->tok[k].player == player)
			return s->tok[k].hex;
	return NULL;
}

/* One game as the lobby shows it; with `who` (a club token's id) also the
 * links of that player, or NULL when they do not play in it. Holds s->lock. */
static json_t *game_json(server *s, const char *who)
{
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	json_t *players = json_array(), *j, *links = json_null();
	int turn = 0, phase = 0, me = -2;
	char watch[120], report[140];
	sl_buf res;
	for (int p = 0; p < h->nplayers; p++) {
		json_array_append_new(players, json_string(h->players[p].id));
		if (who && strcmp(who, h->players[p].id) == 0)
			me = p;
	}
	if (who && strcmp(who, "host") == 0)
		me = -1;
	if (who && me == -2) {
		json_decref(players);
		return NULL;
	}
	if (s->rc.log)
		s->rc.log->game->position(s->rc.st, &turn, &phase);
	sl_buf_init(&res);
	if (s->rc.log && rec_result(&s->rc, &res) != 1)
		sl_buf_reset(&res);
	snprintf(watch, sizeof watch, "%s/watch", s->prefix);
	snprintf(report, sizeof report, "%s/api/report.pdf", s->prefix);
	if (who) {
		const char *t = game_token(s, me);
		char rec[200], wat[200];
		snprintf(rec, sizeof rec, "%s/record?t=%s", s->prefix, t ? t : "");
		snprintf(wat, sizeof wat, "%s/watch?t=%s", s->prefix, t ? t : "");
		links = json_pack("{s:s,s:s}", "record", rec, "watch", wat);
	}
	j = json_pack("{s:s,s:s?,s:s?,s:o,s:i,s:i,s:I,s:s,s:s?,s:I,s:s,s:b,s:s,s:o}",
		"name", s->name,
		"game", s->rc.log ? s->rc.log->game->id : h->game,
		"title", h->title,
		"players", players,
		"turn", turn, "phase", phase,
		"rev", (json_int_t)(s->rc.log ? s->rc.log->n : 0),
		"movers", s->movers,
		"last", s->nent ? s->ent[s->nent - 1].desc : NULL,
		"last_at", (json_int_t)s->last_at,
		"result", sl_buf_cstr(&res) ? sl_buf_cstr(&res) : "",
		"closed", s->rc.closed,
		"watch", watch,
		"links", links);
	if (j && ((sl_buf_cstr(&res) && *sl_buf_cstr(&res)) || s->rc.closed))
		json_object_set_new(j, "report", json_string(report));
	sl_buf_free(&res);
	return j;
}

static json_t *games_json(club *cl, const char *who)
{
	json_t *arr = json_array();
	int n;
	server **v;
	pthread_mutex_lock(&cl->lock);
	n = cl->ngames;
	v = malloc(sizeof *v * (size_t)(n ? n : 1));
	if (v && n)
		memcpy(v, cl->games, sizeof *v * (size_t)n);
	pthread_mutex_unlock(&cl->lock);
	for (int k = 0; v && k < n; k++) {
		json_t *g;
		pthread_mutex_lock(&v[k]->lock);
		g = game_json(v[k], who);
		pthread_mutex_unlock(&v[k]->lock);
		if (g)
			json_array_append_new(arr, g);
	}
	free(v);
	return arr;
}

/* Text for HTML: & < > " ' as entities, control bytes left out. */
static void html_put(sl_buf *b, const char *t)
{
	for (; t && *t; t++) {
		unsigned char c = (unsigned char)*t;
		if (c == '&')
			sl_buf_puts(b, "&amp;");
		else if (c == '<')
			sl_buf_puts(b, "&lt;");
		else if (c == '>')
			sl_buf_puts(b, "&gt;");
		else if (c == '"')
			sl_buf_puts(b, "&quot;");
		else if (c == '\'')
			sl_buf_puts(b, "&#39;");
		else if (c >= 0x20 && c != 0x7f)
			sl_buf_putc(b, (char)c);
	}
}

static void when_words(long long at, sl_buf *b)
{
	char w[40];
	time_t t = (time_t)at;
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(w, sizeof w, "%Y-%m-%d %H:%M UTC", &tm);
	sl_buf_puts(b, w);
}

static void row_html(sl_buf *b, json_t *g, int mine)
{
	const char *res = json_string_value(json_object_get(g, "result"));
	const char *movers = json_string_value(json_object_get(g, "movers"));
	json_t *pl = json_object_get(g, "players"), *links = json_object_get(g, "links");
	size_t k;
	json_t *v;
	sl_buf_puts(b, "<tr><td><a href=\"");
	html_put(b, mine ? json_string_value(json_object_get(links, "record")) : json_string_value(json_object_get(g, "watch")));
	sl_buf_puts(b, "\">");
	html_put(b, json_string_value(json_object_get(g, "name")));
	sl_buf_puts(b, "</a>");
	if (mine) {
		sl_buf_puts(b, " (<a href=\"");
		html_put(b, json_string_value(json_object_get(links, "watch")));
		sl_buf_puts(b, "\">watch</a>)");
	}
	if ((res && *res) || json_is_true(json_object_get(g, "closed"))) {   /* finished: its printable report */
		sl_buf_puts(b, " (<a href=\"");
		html_put(b, json_string_value(json_object_get(g, "report")));
		sl_buf_puts(b, "\">report</a>)");
	}
	sl_buf_puts(b, "</td><td>");
	html_put(b, json_string_value(json_object_get(g, "game")));
	sl_buf_puts(b, "</td><td>");
	json_array_foreach(pl, k, v) {
		if (k)
			sl_buf_puts(b, ", ");
		html_put(b, json_string_value(v));
	}
	sl_buf_printf(b, "</td><td>%d</td><td class=\"move\">", (int)json_integer_value(json_object_get(g, "turn")));
	if (res && *res) {
		sl_buf_puts(b, "over: ");
		html_put(b, res);
	} else if (json_is_true(json_object_get(g, "closed")))
		sl_buf_puts(b, "closed");
	else
		html_put(b, movers && *movers ? movers : "-");
	sl_buf_puts(b, "</td><td>");
	html_put(b, json_string_value(json_object_get(g, "last")));
	sl_buf_puts(b, "</td><td>");
	when_words(json_integer_value(json_object_get(g, "last_at")), b);
	sl_buf_puts(b, "</td></tr>\n");
}

static char *lobby_html(json_t *arr, const char *who, int archive, size_t *len)
{
	sl_buf b;
	size_t k;
	json_t *g;
	char *out;
	sl_buf_init(&b);
	sl_buf_puts(&b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
		"<link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/assets/serve.css\"><title>");
	if (who) {
		html_put(&b, who);
		sl_buf_puts(&b, "'s games");
	} else
		sl_buf_puts(&b, "sillage club");
	sl_buf_puts(&b, "</title></head>\n<body class=\"lobby\"><h1>");
	if (who) {
		html_put(&b, strcmp(who, "host") == 0 ? "Every game (host)" : who);
		sl_buf_puts(&b, strcmp(who, "host") == 0 ? "" : "'s games");
	} else
		sl_buf_puts(&b, archive ? "Finished games" : "Games");
	sl_buf_puts(&b, "</h1>\n<p><a href=\"/\">games</a> &middot; <a href=\"/archive\">finished games</a> &middot; "
		"<a href=\"/stats\">statistics</a></p>\n");
	sl_buf_printf(&b, "<div class=\"scroll\"><table id=\"games\"><thead><tr><th>game</th><th>rules</th>"
		"<th>players</th><th>turn</th><th>whose move</th><th>last action</th><th>when</th></tr></thead>\n<tbody>\n");
	json_array_foreach(arr, k, g)
		row_html(&b, g, who != NULL);
	sl_buf_printf(&b, "</tbody></table></div>\n<p>%zu game%s.%s</p>\n</body></html>\n", json_array_size(arr),
		json_array_size(arr) == 1 ? "" : "s",
		who ? " Keep this link to yourself: it is your key to every game here." : "");
	if (b.failed) {
		sl_buf_free(&b);
		return NULL;
	}
	out = sl_strndup((const char *)b.data, b.len);
	*len = b.len;
	sl_buf_free(&b);
	return out;
}

/* ---- a new game from the `sillage new` templates (src/record/new.h) ------------- */

/* The templates as JSON: each game, its options (usage) and what it offers. */
static json_t *templates_json(void)
{
	json_t *arr = json_array();
	for (int k = 0; rec_new_templates[k]; k++) {
		const rec_template *t = rec_new_templates[k];
		sl_buf offers;
		sl_error err;
		sl_buf_init(&offers);
		sl_error_clear(&err);
		if (t->list)
			t->list(&offers, &err);
		json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "game", t->game, "usage", t->usage ? t->usage : "",
			"offers", sl_buf_cstr(&offers) ? sl_buf_cstr(&offers) : ""));
		sl_buf_free(&offers);
	}
	return arr;
}

static void new_page(const char *path, serve_reply *rp)
{
	const serve_page *pg;
	if (strcmp(path, "/api/templates") == 0) {
		serve_reply_json(rp, 200, json_pack("{s:o}", "templates", templates_json()));
		return;
	}
	pg = serve_page_find("new.html");
	if (!pg) {
		serve_reply_error(rp, 404, "no page 'new.html' in this build");
		return;
	}
	rp->status = 200;
	rp->body = (char *)(uintptr_t)pg->data;
	rp->len = pg->len;
	rp->owned = 0;
	rp->type = pg->type;
}

#define NEW_MAX_OPTS 32

/* "--key value" lines into opts (pointers into buf, changed in place); a
 * key whose usage names a FILE is refused: no file of the server is read
 * for the web. Returns how many, or -1 (why in rp). */
static int parse_options(const rec_template *t, char *buf, rec_new_opt *opts, serve_reply *rp)
{
	int n = 0;
	for (char *line = buf; line && *line;) {
		char *next = strchr(line, '\n'), *p = line, *v;
		if (next)
			*next++ = 0;
		p += strspn(p, " \t\r");
		if (*p) {
			char *end = p + strcspn(p, " \t\r");
			if (p[0] != '-' || p[1] != '-' || n == NEW_MAX_OPTS) {
				serve_reply_error(rp, 400, "options: one '--name value' a line (at most %d)", NEW_MAX_OPTS);
				return -1;
			}
			v = *end ? end + 1 + strspn(end + 1, " \t") : end;
			*end = 0;
			v[strcspn(v, "\r")] = 0;
			opts[n].key = p + 2;
			opts[n].val = *v ? v : NULL;
			if (rec_new_takes_value(t, opts[n].key) == 1 && t->usage) {
				char want[80];
				snprintf(want, sizeof want, "--%s FILE", opts[n].key);
				if (strstr(t->usage, want)) {
					serve_reply_error(rp, 422, "--%s names a file: not taken from the web (make the game with "
						"`sillage new` and put it in DIR)", opts[n].key);
					return -1;
				}
			}
			n++;
		}
		line = next;
	}
	return n;
}

/* The secrets a template dealt (a ti4 secret objective each), written where
 * the game's sealed choices live, DIR/NAME.silb.seal (0600, synced), before
 * the game is opened: each player's reveal is filled in from there for that
 * player's token only (serve_api.c post_act), as `sillage new` gives each its
 * FILE.ID.secret. 0, or -1 (nothing written). */
static int write_dealt(const club *cl, const char *name, const rec_new_secret *sec, int nsec,
	char *path, size_t pathn)
{
	sl_buf b;
	int r;
	snprintf(path, pathn, "%s/%s.silb.seal", cl->o.dir, name);
	sl_buf_init(&b);
	sl_buf_printf(&b, "# sillage serve: the sealed choices of %s/%s.silb, secret until revealed "
		"(docs/serve.md); dealt by the new-game page\n", cl->o.dir, name);
	for (int k = 0; k < nsec; k++)
		sl_buf_printf(&b, "seal %s %s %s %s\n", sec[k].player, sec[k].what, sec[k].what, sec[k].salt);
	r = b.failed ? -1 : serve_private_write(path, (const char *)b.data, b.len);
	sl_buf_free(&b);
	return r;
}

/* The game's opening from its template, recorded line by line (each checked
 * by the rules) into DIR/NAME.silb, and served; the secrets it dealt are
 * sealed first. Holds scan_lock. */
static void create_game(club *cl, const char *name, const char *text, size_t len,
	const rec_new_secret *sec, int nsec, serve_reply *rp)
{
	char tmp[4200], seal[4200] = "";
	serve_opts o = cl->o;
	server *s;
	int code = 0, fd;
	if (nsec && write_dealt(cl, name, sec, nsec, seal, sizeof seal)) {
		serve_reply_error(rp, 500, "the secrets cannot be written in %s", cl->o.dir);
		return;
	}
	snprintf(tmp, sizeof tmp, "%s/.new-%s.XXXXXX", cl->o.dir, name);
	if ((fd = mkstemp(tmp)) < 0 || write(fd, text, len) != (ssize_t)len) {
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		if (seal[0])
			unlink(seal);
		serve_reply_error(rp, 500, "the opening cannot be written in %s", cl->o.dir);
		return;
	}
	close(fd);
	o.from = tmp;
	s = serve_game_open(cl, &o, name, &code);
	unlink(tmp);
	if (!s) {
		/* the name was free (409 above): what the failed opening wrote goes,
		 * so that a 5xx or 422 leaves no half-made game in DIR (issue 30) */
		static const char *const ext[] = {"", ".tokens", ".seal", ".dice", ".notify"};
		for (size_t k = 0; k < sizeof ext / sizeof ext[0]; k++) {
			snprintf(tmp, sizeof tmp, "%s/%s.silb%s", cl->o.dir, name, ext[k]);
			unlink(tmp);
		}
		if (seal[0])
			unlink(seal);
		serve_reply_error(rp, code == 1 ? 422 : code == 4 ? 503 : 500,
			"the opening was refused (exit %d): see the server's log", code);
		return;
	}
	pthread_mutex_lock(&cl->lock);
	if (add_game(cl, s)) {
		pthread_mutex_unlock(&cl->lock);
		serve_game_free(s);
		serve_reply_error(rp, 500, "out of memory");
		return;
	}
	pthread_mutex_unlock(&cl->lock);
	announce_game(cl, s);
	{
		const char *host_tok = game_token(s, -1);
		char rec[200], wat[120];
		snprintf(rec, sizeof rec, "%s/record?t=%s", s->prefix, host_tok ? host_tok : "");
		snprintf(wat, sizeof wat, "%s/watch", s->prefix);
		snprintf(rp->note, sizeof rp->note, "new game %s", name);
		serve_reply_json(rp, 201, json_pack("{s:b,s:s,s:s,s:s}", "ok", 1, "name", name, "record", rec,
			"watch", wat));
	}
}

static void post_new(club *cl, json_t *j, serve_reply *rp)
{
	const char *name = json_string_value(json_object_get(j, "name"));
	const char *game = json_string_value(json_object_get(j, "game"));
	const char *optext = json_string_value(json_object_get(j, "options"));
	const rec_template *t = game ? rec_new_find(game) : NULL;
	rec_new_opt opts[NEW_MAX_OPTS];
	rec_new_secret sec[SL_MAX_PLAYERS];
	char nm[64], file[80], path[4200], *buf;
	struct stat st;
	sl_buf out;
	sl_error err;
	int n, nsec = 0;
	snprintf(file, sizeof file, "%s.silb", name ? name : "");
	if (!name || game_name(file, nm, sizeof nm) || strcmp(nm, name) != 0) {
		serve_reply_error(rp, 400, "name: letters, digits, '.', '_' and '-' (not first), at most 63");
		return;
	}
	if (!t) {
		serve_reply_error(rp, 400, "game: one of the templates of /api/templates");
		return;
	}
	snprintf(path, sizeof path, "%s/%s", cl->o.dir, file);
	if (stat(path, &st) == 0 || serve_club_game(cl, name)) {
		serve_reply_error(rp, 409, "a game '%s' is here already", name);
		return;
	}
	if (!(buf = sl_strdup(optext ? optext : "")) || (n = parse_options(t, buf, opts, rp)) < 0) {
		if (!buf)
			serve_reply_error(rp, 500, "out of memory");
		sl_free(buf);
		return;
	}
	sl_error_clear(&err);
	sl_buf_init(&out);
	/* as `sillage new` does: the opening, then what the template deals sealed */
	if (rec_new_check(t, opts, n, &err) || t->write(&out, opts, n, &err) || out.failed
	    || (t->deal && t->deal(&out, sec, &nsec, opts, n, &err)) || out.failed)
		serve_reply_error(rp, err.code == SL_EILLEGAL ? 422 : err.code == SL_EIO || out.failed ? 500 : 400,
			"%s", err.msg[0] ? err.msg : "out of memory");
	else {
		pthread_mutex_lock(&scan_lock);   /* no look at DIR opens it half made */
		create_game(cl, name, (const char *)out.data, out.len, sec, nsec, rp);
		pthread_mutex_unlock(&scan_lock);
	}
	rec_new_secrets_free(sec, nsec);
	sl_buf_free(&out);
	sl_free(buf);
}

void serve_club_post(club *cl, const char *path, const char *body, size_t len, const char *token, const char *name,
	serve_reply *rp)
{
	char id[SERVE_PLAYER_ID];
	json_error_t je;
	json_t *j;
	int known;
	pthread_mutex_lock(&cl->lock);
	known = token_id(cl, token, id, sizeof id) == 0;
	pthread_mutex_unlock(&cl->lock);
	if (!known || strcmp(id, "host") != 0) {
		serve_reply_error(rp, 403, known ? "only the host starts a game" : "unknown token");
		return;
	}
	if (!(j = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je)) || !json_is_object(j)) {
		serve_reply_error(rp, 400, "malformed JSON: line %d column %d: %s", je.line, je.column, j ? "not an object" : je.text);
		json_decref(j);
		return;
	}
	if (name)
		json_object_set_new(j, "name", json_string(name));
	post_new(cl, j, rp);
	json_decref(j);
}

void serve_club_get(club *cl, const char *path, const char *token, serve_reply *rp)
{
	if (strcmp(path, "/new") == 0 || strcmp(path, "/api/templates") == 0) {
		new_page(path, rp);
		return;
	}
	/* a game that could not be opened now is not left out of a 200 */
	if (strcmp(path, "/stats") == 0 || strcmp(path, "/api/stats") == 0) {
		if (serve_club_scan(cl, 0))
			serve_reply_error(rp, 503, "a game of the club cannot be opened now (out of memory or I/O)");
		else
			serve_club_stats(cl, path[1] == 's', rp);
		return;
	}
	int me = strcmp(path, "/me") == 0 || strcmp(path, "/api/me") == 0;
	const char *who = NULL;
	char id[SERVE_PLAYER_ID];
	json_t *arr;
	if (serve_club_scan(cl, 0)) {
		serve_reply_error(rp, 503, "a game of the club cannot be opened now (out of memory or I/O)");
		return;
	}
	if (me) {
		pthread_mutex_lock(&cl->lock);
		who = token_id(cl, token, id, sizeof id) ? NULL : id;
		pthread_mutex_unlock(&cl->lock);
		if (!who) {
			serve_reply_error(rp, 403, token ? "unknown token" : "a player's link is needed (/me?t=TOKEN)");
			return;
		}
	}
	arr = games_json(cl, who);
	if (strstr(path, "archive"))
		arr = finished(arr);
	if (strncmp(path, "/api/", 5) == 0) {
		serve_reply_json(rp, 200, json_pack("{s:s?,s:o}", "player", who, "games", arr));
		return;
	}
	rp->body = lobby_html(arr, who, strstr(path, "archive") != NULL, &rp->len);
	json_decref(arr);
	if (!rp->body) {
		serve_reply_error(rp, 500, "out of memory");
		return;
	}
	rp->status = 200;
	rp->owned = 1;
	rp->type = "text/html; charset=utf-8";
}
