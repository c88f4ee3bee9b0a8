/* serve_api.c - the JSON API of `sillage serve` (docs/serve.md): the state,
 * the board, the targets, the log; actions, undo, notes, bookmarks and
 * sealed choices, each through the recorder's check, answered after the
 * journal is synced. JSON in and out with jansson. Callers hold no lock:
 * every function here takes s->lock around the recorder. */
#include "serve.h"
#include "render/sl_render.h"
#include "render/sl_targets.h"

#include <jansson.h>
#include <libdeflate.h>
#include <microhttpd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- answers ------------------------------------------------------------------ */

void serve_reply_json(serve_reply *out, int status, void *json)
{
	json_t *j = json;
	char *text = j ? json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	out->status = status;
	out->type = NULL;
	if (!text) {
		out->status = 500;
		out->body = sl_strdup("{\"error\":\"out of memory\"}");
		out->owned = out->body != NULL;
	} else if ((out->body = sl_strdup(text))) {
		free(text);
		out->owned = 1;
	} else {   /* the copy failed: jansson's own text is the answer (free(), not sl_free) */
		out->body = text;
		out->owned = 2;
	}
	if (!out->body) {   /* no answer to give: a 500, never a 2xx without its body */
		static char oom[] = "{\"error\":\"out of memory\"}";
		out->status = 500;
		out->body = oom;
		out->owned = 0;
	}
	out->len = strlen(out->body);
	json_decref(j);
}

void serve_reply_error(serve_reply *out, int status, const char *fmt, ...)
{
	char msg[480];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(out->note, sizeof out->note, "%s", msg);
	serve_reply_json(out, status, json_pack("{s:s}", "error", msg));
}

const char *serve_player_id(const server *s, int p)
{
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	return p >= 0 && p < h->nplayers ? h->players[p].id : NULL;
}

static int may_act(const serve_who *w, int p)
{
	return w->host || (p >= 0 && w->player == p);
}

static long rev_of(const server *s)
{
	return s->rc.log ? (long)s->rc.log->n : 0;
}

/* ---- entries ------------------------------------------------------------------- */

/* One entry as a line of the log, without its comment, annotations or
 * check; the fields of `hide` written as '?' (a view that may not read them). */
static void entry_line_as(const sl_log *log, const sl_event *ev, uint32_t hide, sl_buf *out)
{
	sl_event e = *ev;
	sl_buf t;
	const char *p;
	e.comment = e.note = e.bookmark = NULL;
	e.glyph = 0;
	e.has_check = 0;
	if (hide && ev->entry == SL_ENTRY_EVENT) {   /* kept out of the line, then named with '?' */
		const sl_event_def *def = &log->game->schema->events[ev->type];
		for (int k = 0; k < def->nfields && k < 32; k++)
			if (hide >> k & 1)
				e.f[k].present = 0;
		sl_buf_init(&t);
		sl_sil_write_entry(log, &e, &t);
		p = sl_buf_cstr(&t);
		if (p) {
			p += strspn(p, "\n");
			sl_buf_put(out, p, strcspn(p, "\n"));
		}
		for (int k = 0; k < def->nfields && k < 32; k++)
			if (hide >> k & 1 && ev->f[k].present)
				sl_buf_printf(out, " %s=?", def->fields[k].name);
		sl_buf_free(&t);
		return;
	}
	sl_buf_init(&t);
	sl_sil_write_entry(log, &e, &t);
	p = sl_buf_cstr(&t);
	if (p) {
		p += strspn(p, "\n");   /* a turn marker is written after a blank line */
		sl_buf_put(out, p, strcspn(p, "\n"));
	}
	sl_buf_free(&t);
}

static void entry_line(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	entry_line_as(log, ev, 0, out);
}

int serve_view_of(const serve_who *w)
{
	return w->host ? SL_VIEW_ALL : w->player >= 0 ? w->player : SL_VIEW_PUBLIC;
}

static int view_slot(int view)
{
	return view == SL_VIEW_PUBLIC ? 0 : view >= 0 && view < SL_MAX_PLAYERS ? view + 1 : -1;
}

/* What `view` reads of entry i: its description, and the fields kept from it. */
static const char *entry_desc_as(const server *s, size_t i, int view, uint32_t *hide)
{
	const serve_entry *e = i < s->nent ? &s->ent[i] : NULL;
	int k = view_slot(view);
	*hide = 0;
	if (!e)
		return "";
	if (e->veil && k >= 0 && e->veil->desc[k]) {
		*hide = e->veil->hide[k];
		return e->veil->desc[k];
	}
	return e->desc ? e->desc : "";
}

static void veil_free(serve_veil *v)
{
	if (!v)
		return;
	for (int k = 0; k < SERVE_NVIEWS; k++)
		sl_free(v->desc[k]);
	sl_free(v);
}

/* The views that may not read entry i whole, asked of the game (its veil
 * hook) at st, the state just after it. 0, or -1 out of memory. */
static int entry_veil(server *s, size_t i, const void *st)
{
	const sl_log *log = s->rc.log;
	const sl_event *ev = &log->ev[i];
	serve_entry *e = &s->ent[i];
	if (!log->game->veil || ev->entry != SL_ENTRY_EVENT)
		return 0;
	for (int view = SL_VIEW_PUBLIC; view < log->h.nplayers && view < SL_MAX_PLAYERS; view++) {
		sl_buf d;
		uint32_t hide = 0;
		int k = view_slot(view);
		sl_buf_init(&d);
		if (e->desc)   /* the hook reads the whole description and rewrites it */
			sl_buf_puts(&d, e->desc);
		if (log->game->veil(st, &log->h, ev, view, &d, &hide) == 1) {
			if (!e->veil && !(e->veil = sl_calloc(1, sizeof *e->veil))) {
				sl_buf_free(&d);
				return -1;
			}
			e->veil->desc[k] = sl_strdup(sl_buf_cstr(&d) ? sl_buf_cstr(&d) : "");
			e->veil->hide[k] = hide;
			if (!e->veil->desc[k] || d.failed) {
				sl_buf_free(&d);
				return -1;
			}
		}
		sl_buf_free(&d);
	}
	return 0;
}

void serve_entries_free(server *s)
{
	for (int k = 0; k <= SERVE_NVIEWS; k++) {
		sl_free(s->state_body[k]);
		s->state_body[k] = NULL;
	}
	for (size_t k = 0; k < s->nent; k++) {
		sl_free(s->ent[k].desc);
		veil_free(s->ent[k].veil);
	}
	sl_free(s->ent);
	s->ent = NULL;
	s->nent = s->cap = 0;
}

static int entry_push(server *s, const char *desc, int turn, int phase)
{
	if (s->nent == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		serve_entry *v = sl_realloc(s->ent, cap * sizeof *v);
		if (!v)
			return -1;
		s->ent = v;
		s->cap = cap;
	}
	/* not counted when its copy fails: the last entry's description lost
	 * would otherwise count as loaded (serve_entries_load) */
	if (!(s->ent[s->nent].desc = sl_strdup(desc ? desc : "")))
		return -1;
	s->ent[s->nent].turn = turn;
	s->ent[s->nent].phase = phase;
	s->ent[s->nent].veil = NULL;
	s->nent++;
	return 0;
}

int serve_entries_load(server *s)
{
	sl_replay *r = NULL;
	sl_error err;
	sl_buf d;
	if (!s->rc.log || !s->rc.log->n)
		return 0;
	sl_error_clear(&err);
	if (sl_replay_open(&r, s->rc.log, 0, &err))
		return -1;
	sl_buf_init(&d);
	for (size_t i = 0; i < s->rc.log->n; i++) {
		int turn = 0, phase = 0;
		sl_buf_reset(&d);
		if (sl_replay_describe(r, i, &d, &err))
			break;
		sl_replay_where(r, &turn, &phase);
		if (entry_push(s, sl_buf_cstr(&d), turn, phase) || entry_veil(s, i, sl_replay_state(r)))
			break;
	}
	sl_buf_free(&d);
	sl_replay_free(r);
	return s->nent == s->rc.log->n ? 0 : -1;
}

static json_t *entry_json(const server *s, size_t i, int view)
{
	const sl_log *log = s->rc.log;
	const sl_event *ev = &log->ev[i];
	sl_buf line;
	json_t *j;
	uint32_t hide;
	const char *desc = entry_desc_as(s, i, view, &hide);
	const char *who = ev->entry == SL_ENTRY_EVENT ? serve_player_id(s, ev->player) : NULL;
	sl_buf_init(&line);
	entry_line_as(log, ev, hide, &line);
	j = json_pack("{s:I,s:s,s:s,s:o,s:i,s:i,s:o,s:o}",
		"n", (json_int_t)(i + 1),
		"line", sl_buf_cstr(&line) ? sl_buf_cstr(&line) : "",
		"desc", desc,
		"player", who ? json_string(who) : json_null(),
		"turn", i < s->nent ? s->ent[i].turn : 0,
		"phase", i < s->nent ? s->ent[i].phase : 0,
		"note", ev->note ? json_string(ev->note) : json_null(),
		"bookmark", ev->bookmark ? json_string(ev->bookmark) : json_null());
	sl_buf_free(&line);
	return j;
}

/* The SSE events from entry `from` (a Last-Event-ID) to now, for a watcher
 * that comes back; an "undo" when it saw more than there is now. */
void serve_watch_backlog(server *s, long from, int view, sl_buf *out)
{
	long rev;
	pthread_mutex_lock(&s->lock);
	rev = rev_of(s);
	if (from >= 0 && from > rev)
		sl_buf_printf(out, "id: %ld\nevent: undo\ndata: {\"rev\":%ld}\n\n", rev, rev);
	else if (from >= 0)
		for (long i = from; i < rev && i - from < SERVE_WATCH_QUEUE; i++) {
			json_t *j = entry_json(s, (size_t)i, view);
			char *t;
			json_object_set_new(j, "rev", json_integer(i + 1));
			t = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
			if (t)
				sl_buf_printf(out, "id: %ld\nevent: entry\ndata: %s\n\n", i + 1, t);
			free(t);
			json_decref(j);
		}
	pthread_mutex_unlock(&s->lock);
}

static void send_entry_as(server *s, const char *event, size_t i, int view, int every)
{
	json_t *j = entry_json(s, i, view);
	char *t;
	json_object_set_new(j, "rev", json_integer(rev_of(s)));
	t = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
	if (t && every)
		serve_watch_send(s, event, rev_of(s), t);
	else if (t)
		serve_watch_send_view(s, view, event, rev_of(s), t);
	free(t);
	json_decref(j);
}

/* Entry i to every watcher, each as their view may read it. */
static void send_entry_event(server *s, const char *event, size_t i)
{
	if (i >= s->nent || !s->ent[i].veil) {
		send_entry_as(s, event, i, SL_VIEW_ALL, 1);
		return;
	}
	send_entry_as(s, event, i, SL_VIEW_ALL, 0);
	for (int v = SL_VIEW_PUBLIC; v < s->rc.log->h.nplayers && v < SL_MAX_PLAYERS; v++)
		send_entry_as(s, event, i, v, 0);
}

/* ---- GET ------------------------------------------------------------------------ */

static void position_words(const server *s, sl_buf *out)
{
	int turn = 0, phase = 0;
	if (!s->rc.log) {
		sl_buf_puts(out, "header");
		return;
	}
	s->rc.log->game->position(s->rc.st, &turn, &phase);
	if (turn == 0)
		sl_buf_puts(out, "setup");
	else if (phase > 0 && sl_phase_name(s->rc.log->game->schema, phase))
		sl_buf_printf(out, "turn %d, %s", turn, sl_phase_name(s->rc.log->game->schema, phase));
	else
		sl_buf_printf(out, "turn %d", turn);
}

static json_t *sealed_json(const server *s, const serve_who *w)
{
	json_t *o = json_object();
	for (int k = 0; k < s->nseals; k++) {
		const serve_seal *sl = &s->seals[k];
		const char *mine = serve_player_id(s, w->player);
		if (!w->host && !(mine && strcmp(mine, sl->player) == 0))
			continue;
		json_object_set_new(o, sl->key, json_pack("{s:s,s:s}", "player", sl->player, "choice", sl->content));
	}
	return o;
}

static void get_state(server *s, const serve_who *w, serve_reply *rp)
{
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	json_t *j, *players = json_array(), *can = json_array(), *last = json_null(), *result = json_null();
	sl_buf pos, help, res;
	int turn = 0, phase = 0;
	sl_buf_init(&pos);
	sl_buf_init(&help);
	sl_buf_init(&res);
	for (int p = 0; p < h->nplayers; p++) {
		char col[8];
		snprintf(col, sizeof col, "#%06x", (unsigned)h->players[p].colour & 0xffffffu);
		json_array_append_new(players, json_pack("{s:s,s:s,s:s}", "id", h->players[p].id,
			"name", h->players[p].name ? h->players[p].name : h->players[p].id, "colour", col));
		if (may_act(w, p))
			json_array_append_new(can, json_string(h->players[p].id));
	}
	position_words(s, &pos);
	if (s->rc.log) {
		s->rc.log->game->position(s->rc.st, &turn, &phase);
		s->rc.log->game->help(s->rc.st, &s->rc.log->h, &help);
		if (s->rc.log->n) {
			uint32_t hide;
			last = json_pack("{s:I,s:s}", "n", (json_int_t)s->rc.log->n,
				"desc", s->nent ? entry_desc_as(s, s->nent - 1, serve_view_of(w), &hide) : "");
		}
		if (rec_result(&s->rc, &res) == 1)
			result = json_pack("{s:b,s:s}", "over", 1, "text", sl_buf_cstr(&res));
	} else {
		sl_buf_puts(&help, "The header is not complete: 'player ID \"Name\" #rrggbb' lines come first.");
	}
	j = json_pack("{s:s?,s:s?,s:o,s:I,s:i,s:i,s:s,s:o,s:o,s:s,s:o,s:o,s:o,s:b,s:b}",
		"game", s->rc.log ? s->rc.log->game->id : h->game,
		"title", h->title,
		"players", players,
		"rev", (json_int_t)rev_of(s),
		"turn", turn, "phase", phase,
		"position", sl_buf_cstr(&pos) ? sl_buf_cstr(&pos) : "",
		"last", last,
		"result", result,
		"help", sl_buf_cstr(&help) ? sl_buf_cstr(&help) : "",
		"side", w->player >= 0 ? json_string(serve_player_id(s, w->player)) : json_null(),
		"can_act", can,
		"sealed", sealed_json(s, w),
		"host", w->host,
		"closed", s->rc.closed);
	sl_buf_free(&pos);
	sl_buf_free(&help);
	sl_buf_free(&res);
	serve_reply_json(rp, 200, j);
}

/* The entry a board is asked at (?at=N, the last by default) and its size
 * (?w=PIXELS, 0 the painter's own): 0, or -1 with a 400 in rp. */
static int board_args(server *s, struct MHD_Connection *c, long *n, int *width, serve_reply *rp)
{
	const char *at = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "at");
	const char *wd = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "w");
	char *end;
	*n = rev_of(s);
	*width = 0;
	if (at) {
		*n = strtol(at, &end, 10);
		if (*end || end == at || *n < 0 || *n > rev_of(s)) {
			serve_reply_error(rp, 400, "at=%s: not an entry of this log (0..%ld)", at, rev_of(s));
			return -1;
		}
	}
	if (wd) {
		long v = strtol(wd, &end, 10);
		if (*end || end == wd || v < SERVE_BOARD_MIN_W || v > SERVE_BOARD_MAX_W) {
			serve_reply_error(rp, 400, "w=%s: a width in pixels, %d..%d", wd, SERVE_BOARD_MIN_W, SERVE_BOARD_MAX_W);
			return -1;
		}
		*width = (int)v;
	}
	return 0;
}

/* Draws the board after entry n as the caller's side sees it. 0 or -1 (rp). */
static int draw_board(server *s, long n, const serve_who *w, sl_format fmt, int width, int alone,
	unsigned char **out, size_t *len, serve_reply *rp)
{
	sl_replay *r = NULL;
	sl_error err;
	sl_frame fr;
	sl_render_opts o;
	sl_error_clear(&err);
	memset(&fr, 0, sizeof fr);
	memset(&o, 0, sizeof o);
	/* the host every side; a player theirs; the public none (a name no player has) */
	o.side = w->player >= 0 ? serve_player_id(s, w->player) : w->host ? NULL : SERVE_PUBLIC_SIDE;
	o.width = width;
	o.board_only = alone;
	fr.game = s->rc.log->game;
	fr.header = &s->rc.log->h;
	if (n == rev_of(s)) {
		fr.state = s->rc.st;
		fr.event_no = s->rc.events;
	} else {
		if (sl_replay_open(&r, s->rc.log, 0, &err) || sl_replay_seek(r, (size_t)n, &err)) {
			sl_replay_free(r);
			serve_reply_error(rp, 500, "the board cannot be replayed: %s", err.msg);
			return -1;
		}
		fr.state = sl_replay_state(r);
		fr.event_no = sl_replay_event_at(r, (size_t)n);
	}
	if (n > 0 && s->rc.log->ev[n - 1].entry == SL_ENTRY_EVENT) {
		fr.last = &s->rc.log->ev[n - 1];
		uint32_t hide;
		fr.last_desc = (size_t)n <= s->nent ? entry_desc_as(s, (size_t)n - 1, serve_view_of(w), &hide) : NULL;
	}
	if (sl_render_to_mem(fmt, &fr, &o, out, len, &err)) {
		sl_replay_free(r);
		serve_reply_error(rp, alone && err.code == SL_EUSAGE ? 422 : 500, "the board cannot be drawn: %s", err.msg);
		return -1;
	}
	sl_replay_free(r);
	return 0;
}

/* The board gzipped (libdeflate), for a client that takes it: an 811 KB
 * SVG goes out as a tenth of it. 0 and *out (sl_malloc'd), or -1. */
static int gzip_board(const unsigned char *in, size_t n, unsigned char **out, size_t *len)
{
	struct libdeflate_compressor *z = libdeflate_alloc_compressor(6);
	size_t cap = z ? libdeflate_gzip_compress_bound(z, n) : 0;
	*out = cap ? sl_malloc(cap) : NULL;
	*len = *out ? libdeflate_gzip_compress(z, in, n, *out, cap) : 0;
	if (z)
		libdeflate_free_compressor(z);
	if (!*len) {
		sl_free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

/* 1 when the request's Accept-Encoding takes gzip. */
static int takes_gzip(struct MHD_Connection *c)
{
	const char *ae = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
	const char *g = ae ? strstr(ae, "gzip") : NULL;
	return g && strncmp(g + 4, ";q=0", 4) != 0;   /* "gzip;q=0" (or 0.x) refuses it: plain then */
}

/* GET /api/board.svg and /api/board.png: drawn once per (entry and its
 * check, view, format, size), then answered from the cache (serve_cache.c);
 * the SVG gzipped for a client that takes it (kept so too). */
static void get_board(server *s, struct MHD_Connection *c, const serve_who *w, sl_format fmt, serve_reply *rp)
{
	const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH), *a1;
	const sl_event *e;
	unsigned char *data = NULL;
	size_t len = 0;
	char key[SERVE_CACHE_KEY];
	long n;
	int width, alone, gz = fmt == SL_FMT_SVG && takes_gzip(c);
	if (!s->rc.log) {
		serve_reply_error(rp, 404, "no board yet: the header is not complete");
		return;
	}
	if (board_args(s, c, &n, &width, rp))
		return;
	alone = (a1 = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "alone")) != NULL;
	if (a1 && strcmp(a1, "1") != 0) {   /* ?alone=1: the board alone on a transparent canvas (the overlay) */
		serve_reply_error(rp, 400, "alone=%s: 1 (the board alone, transparent), or no alone", a1);
		return;
	}
	/* the board after entry n is known by that entry's state check (and the
	 * view, the format, the size): an undo and another entry change it */
	e = n > 0 ? &s->rc.log->ev[n - 1] : NULL;
	snprintf(rp->etag, sizeof rp->etag, "\"b%ld-%016llx-%s-%s%d%s%s\"", n, e ? (unsigned long long)e->check : 0ULL,
		w->player >= 0 ? serve_player_id(s, w->player) : w->host ? "all" : "public", fmt == SL_FMT_PNG ? "p" : "s", width,
		alone ? "-a" : "", gz ? "-gz" : "");
	if (e && !e->has_check)
		rp->etag[0] = 0;   /* nothing to know it by: neither revalidated nor kept */
	else if (inm && strcmp(inm, rp->etag) == 0) {
		rp->status = 304;
		rp->body = NULL;
		rp->len = 0;
		return;
	}
	snprintf(key, sizeof key, "%p %s", (void *)s, rp->etag);
	if (!rp->etag[0] || !serve_cache_get(key, &data, &len)) {
		if (draw_board(s, n, w, fmt, width, alone, &data, &len, rp))
			return;
		if (gz) {
			unsigned char *z;
			size_t zn;
			if (gzip_board(data, len, &z, &zn) == 0) {
				sl_free(data);
				data = z;
				len = zn;
			} else {
				gz = 0;
				rp->etag[0] = 0;   /* not the representation its ETag names: not kept */
			}
		}
		if (rp->etag[0])
			serve_cache_put(key, data, len);
	}
	if (gz)
		rp->encoding = "gzip";
	rp->status = 200;
	rp->body = (char *)data;
	rp->len = len;
	rp->owned = 1;
	rp->type = fmt == SL_FMT_PNG ? "image/png" : "image/svg+xml";
}

static void get_cache(serve_reply *rp)
{
	serve_cache_info ci;
	serve_cache_stats(&ci);
	serve_reply_json(rp, 200, json_pack("{s:I,s:I,s:I,s:I,s:I}", "bytes", (json_int_t)ci.bytes,
		"max", (json_int_t)ci.max, "boards", (json_int_t)ci.entries, "hits", (json_int_t)ci.hits,
		"misses", (json_int_t)ci.misses));
}

static void get_targets(server *s, struct MHD_Connection *c, const serve_who *w, serve_reply *rp)
{
	const char *sel = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "sel");
	sl_targets t;
	sl_error err;
	json_t *arr;
	memset(&t, 0, sizeof t);
	sl_error_clear(&err);
	if (!s->rc.log) {
		serve_reply_error(rp, 404, "no board yet: the header is not complete");
		return;
	}
	if (sl_targets_list(s->rc.log, s->rc.st, sel, &t, &err)) {
		serve_reply_error(rp, 500, "targets: %s", err.msg);
		sl_targets_free(&t);
		return;
	}
	arr = json_array();
	for (int k = 0; k < t.n; k++) {
		const sl_target *g = &t.v[k];
		int p = -1;
		const sl_header *h = &s->rc.log->h;
		for (int q = 0; q < h->nplayers; q++)
			if (strcmp(h->players[q].id, g->player) == 0)
				p = q;
		/* only what the caller may do: a player's target to that player (or
		 * the host); one for any side to whoever may act at all */
		if (g->player[0] ? !may_act(w, p) : !(w->host || w->player >= 0))
			continue;
		json_array_append_new(arr, json_pack("{s:s,s:s,s:s,s:s,s:o,s:o,s:f,s:s,s:s,s:s,s:s}",
			"kind", g->kind == SL_TARGET_SELECT ? "select" : "act",
			"player", g->player, "sel", g->sel, "group", g->group,
			"x", g->x == SL_TARGET_NOWHERE ? json_null() : json_real(g->x),
			"y", g->x == SL_TARGET_NOWHERE ? json_null() : json_real(g->y),
			"r", g->r, "label", g->label, "cost", g->cost, "odds", g->odds, "line", g->line));
	}
	serve_reply_json(rp, 200, json_pack("{s:I,s:i,s:i,s:o}", "rev", (json_int_t)rev_of(s),
		"width", t.width, "height", t.height, "targets", arr));
	sl_targets_free(&t);
}

static void get_log(server *s, struct MHD_Connection *c, const serve_who *w, serve_reply *rp)
{
	const char *f = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "from");
	long from = 0, rev = rev_of(s);
	json_t *arr = json_array();
	if (f) {
		char *end;
		from = strtol(f, &end, 10);
		if (*end || end == f || from < 0) {
			json_decref(arr);
			serve_reply_error(rp, 400, "from=%s: expected an entry number", f);
			return;
		}
	}
	for (long i = from > 0 ? from - 1 : 0; i < rev; i++)   /* entries n >= from */
		json_array_append_new(arr, entry_json(s, (size_t)i, serve_view_of(w)));
	serve_reply_json(rp, 200, json_pack("{s:I,s:o}", "rev", (json_int_t)rev, "entries", arr));
}

/* /api/state from what was said since the log last changed, else made and kept. */
static void get_state_kept(server *s, const serve_who *w, serve_reply *rp)
{
	int k = w->host ? 0 : 1 + view_slot(serve_view_of(w));
	if (k < 0 || k > SERVE_NVIEWS) {
		get_state(s, w, rp);
		return;
	}
	if (!s->state_body[k] || s->state_gen[k] != s->gen) {
		get_state(s, w, rp);
		if (rp->status != 200 || !rp->owned)
			return;
		sl_free(s->state_body[k]);
		s->state_body[k] = sl_malloc(rp->len + 1);
		if (!s->state_body[k])
			return;
		memcpy(s->state_body[k], rp->body, rp->len + 1);
		s->state_len[k] = rp->len;
		s->state_gen[k] = s->gen;
		return;
	}
	rp->body = sl_malloc(s->state_len[k] + 1);
	if (!rp->body) {
		serve_reply_error(rp, 500, "out of memory");
		return;
	}
	memcpy(rp->body, s->state_body[k], s->state_len[k] + 1);
	rp->len = s->state_len[k];
	rp->status = 200;
	rp->owned = 1;
	rp->type = NULL;
}

void serve_api_get(server *s, const char *path, struct MHD_Connection *c, const serve_who *w, serve_reply *rp)
{
	pthread_mutex_lock(&s->lock);
	if (strcmp(path, "/api/state") == 0)
		get_state_kept(s, w, rp);
	else if (strcmp(path, "/api/board.svg") == 0)
		get_board(s, c, w, SL_FMT_SVG, rp);
	else if (strcmp(path, "/api/board.png") == 0)
		get_board(s, c, w, SL_FMT_PNG, rp);
	else if (strcmp(path, "/api/cache") == 0)
		get_cache(rp);
	else if (strcmp(path, "/api/targets") == 0)
		get_targets(s, c, w, rp);
	else if (strcmp(path, "/api/log") == 0)
		get_log(s, c, w, rp);
	else if (strcmp(path, "/api/report.pdf") == 0)
		serve_game_report(s, rp);
	else
		serve_reply_error(rp, 404, "no such route");
	pthread_mutex_unlock(&s->lock);
}

/* ---- recording ------------------------------------------------------------------ */

typedef struct capture {
	sl_buf said;
} capture;

static void cap_put(void *ud, const char *p, size_t n)
{
	sl_buf_put(&((capture *)ud)->said, p, n);
}

/* What the recorder said as one line: its newlines made "; ", the last one
 * dropped (a message or a log line never holds a raw newline). */
static const char *said_line(capture *cap)
{
	sl_buf *b = &cap->said;
	while (b->len && (b->data[b->len - 1] == '\n' || b->data[b->len - 1] == '\r'))
		b->len--;
	sl_buf_putc(b, 0);   /* the terminator, then not counted */
	if (b->failed || !b->data)
		return "out of memory";
	b->len--;
	for (char *p = (char *)b->data; (p = strpbrk(p, "\r\n")); p++)
		*p = ';';
	return (const char *)b->data;
}

/* One line through the recorder, what it says kept in cap->said (freed by
 * the caller) instead of going to the server's log. */
static void rec_captured(server *s, const char *line, size_t len, capture *cap)
{
	rec_sink keep = s->rc.sink;
	sl_buf_init(&cap->said);
	s->rc.sink.out = cap_put;
	s->rc.sink.err = cap_put;
	s->rc.sink.ud = cap;
	sl_error_clear(&s->rc.last_err);
	rec_line(&s->rc, line, len, 1);
	s->rc.sink = keep;
}

/* The rule a refusal cites: from the game's id ("sail 7.2", "FMP 9.5",
 * "ti4 LRR 17.4 (22.4)", "xwing ion") to the next ": ", wherever the
 * message names it (after "event 25 (gb: move): ", say). */
static void rule_of(const char *game, const char *msg, char *out, size_t n)
{
	size_t g = strlen(game);
	out[0] = 0;
	if (!g)
		return;
	for (const char *p = msg; *p; p++) {
		const char *colon;
		if ((p != msg && p[-1] != ' ') || strncasecmp(p, game, g) != 0 || (p[g] != ' ' && p[g] != ':'))
			continue;
		colon = strstr(p, ": ");
		if (colon && (size_t)(colon - p) < n && colon - p <= 48)
			snprintf(out, n, "%.*s", (int)(colon - p), p);
		return;
	}
}

/* The drawn dice in words, from the recorder's "# dice EVENT f=C:V,..." line. */
static void dice_words(const char *dline, sl_buf *out)
{
	const char *p = dline + strlen(SL_DICE_LINE);
	p += strcspn(p, " ");
	while (*p == ' ') {
		size_t n;
		p++;
		n = strcspn(p, "=");
		if (!p[n])
			break;
		if (out->len)
			sl_buf_puts(out, "; ");
		sl_buf_put(out, p, n);
		sl_buf_puts(out, " ");
		p += n + 1;
		while (*p && *p != ' ') {   /* COUNTER:VALUE[/OF] or -:VALUE, comma separated */
			const char *c = strchr(p, ':');
			size_t m;
			if (!c)
				break;
			c++;
			m = strcspn(c, ", ");
			sl_buf_put(out, c, m);
			p = c + m;
			if (*p == ',') {
				sl_buf_puts(out, ",");
				p++;
			}
		}
	}
	if (out->len)
		sl_buf_puts(out, " (drawn by the recorder's fair roller)");
}

static int line_is_command(const char *line)
{
	static const char *const cmds[] = {"help", "state", "undo", "close", "quit", "exit", NULL};
	for (int k = 0; cmds[k]; k++)
		if (rec_word_is(line, cmds[k]))
			return 1;
	return 0;
}

static int header_word(const char *line)
{
	return rec_header_word(line + strspn(line, " \t")) >= 0;
}

/* The player a line names, -2 none written, -1 one not in the header. */
static int line_player_index(const server *s, const char *line)
{
	char id[64];
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	if (serve_line_player(line, id, sizeof id))
		return -2;
	for (int p = 0; p < h->nplayers; p++)
		if (strcmp(h->players[p].id, id) == 0)
			return p;
	return -1;
}

/* A line through the recorder, as the caller: 200 and the entry, 403 a side
 * the caller may not act for, 422 refused with its rule. *done 1 when the
 * log changed. Holds s->lock. */
static void record_line(server *s, const serve_who *w, const char *text, serve_reply *rp, int *done)
{
	capture cap;
	long before = s->rc.accepted;
	size_t n0 = s->rc.log ? s->rc.log->n : 0;
	int p = line_player_index(s, text), shift = 0;
	sl_buf line;
	*done = 0;
	if (s->broken || s->rc.io_failed) {
		serve_reply_error(rp, 503, "the journal could not be written: nothing more is recorded");
		return;
	}
	if (!*text || strchr(text, '\n') || strchr(text, '\r') || strlen(text) > 4096) {
		serve_reply_error(rp, 400, "line: one line of at most 4096 bytes");
		return;
	}
	if (line_is_command(text) || text[strspn(text, " \t")] == '#' || text[strspn(text, " \t")] == '@') {
		serve_reply_error(rp, 422, "not an action: undo, notes and bookmarks have their own routes (docs/serve.md)");
		return;
	}
	if (header_word(text) && !w->host) {
		serve_reply_error(rp, 403, "only the host writes the header");
		return;
	}
	if (p >= 0 && !may_act(w, p)) {
		serve_reply_error(rp, 403, "this token acts for %s only, not %s", serve_player_id(s, w->player),
			serve_player_id(s, p));
		return;
	}
	sl_buf_init(&line);
	if (p == -2 && !w->host && !header_word(text)) {
		const char *ev;
		size_t evn;
		ev = serve_line_event(text, &evn);
		/* a player's line without "PLAYER:": theirs (markers stay as typed) */
		if (!(ev && ((evn == 4 && strncmp(ev, "turn", 4) == 0) || (evn == 5 && strncmp(ev, "phase", 5) == 0)))) {
			sl_buf_printf(&line, "%s: ", serve_player_id(s, w->player));
			shift = (int)line.len;
		}
	}
	sl_buf_puts(&line, text);
	if (line.failed) {
		sl_buf_free(&line);
		serve_reply_error(rp, 500, "out of memory");
		return;
	}
	rec_captured(s, sl_buf_cstr(&line), line.len, &cap);
	if (s->rc.io_failed) {
		s->broken = 1;
		serve_reply_error(rp, 500, "the journal could not be written: %s", said_line(&cap));
	} else if (s->rc.accepted == before && s->rc.last_err.code == SL_ENOMEM) {
		serve_reply_error(rp, 503, "out of memory");   /* not a refusal by the rules */
	} else if (s->rc.accepted == before) {
		char rule[64];
		const char *msg = s->rc.last_err.msg[0] ? s->rc.last_err.msg : "refused";
		int col = (int)s->rc.last_col - shift;
		rule_of(s->rc.log ? s->rc.log->game->id : "", msg, rule, sizeof rule);
		snprintf(rp->note, sizeof rp->note, "%s", msg);
		serve_reply_json(rp, 422, json_pack("{s:b,s:s,s:s?,s:o,s:s}", "ok", 0, "error", msg,
			"rule", rule[0] ? rule : NULL, "column", col > 0 ? json_integer(col) : json_null(),
			"said", sl_buf_cstr(&cap.said) ? sl_buf_cstr(&cap.said) : ""));
	} else {
		sl_buf dice;
		size_t n1 = s->rc.log ? s->rc.log->n : 0;
		sl_buf_init(&dice);
		if (s->rc.last_dice.len)
			dice_words(sl_buf_cstr(&s->rc.last_dice), &dice);
		if (n1 > n0) {   /* an entry: its words for the API */
			int turn = 0, phase = 0;
			s->rc.log->game->position(s->rc.st, &turn, &phase);
			if (entry_push(s, sl_buf_cstr(&s->rc.last_desc), turn, phase) ||
			    entry_veil(s, s->nent - 1, s->rc.st))
				s->broken = 1;   /* out of memory: nothing more, rather than a leak or words out of step */
		}
		*done = 1;
		if (n1 == n0 && header_word(text) && s->o.tokens && serve_tokens_update(s, 1))
			s->broken = 1;   /* a player without a link: said on stderr */
		serve_reply_json(rp, 200, json_pack("{s:b,s:I,s:s,s:s}", "ok", 1, "rev", (json_int_t)rev_of(s),
			"desc", n1 > n0 && sl_buf_cstr(&s->rc.last_desc) ? sl_buf_cstr(&s->rc.last_desc) : "",
			"dice", sl_buf_cstr(&dice) ? sl_buf_cstr(&dice) : ""));
		snprintf(rp->note, sizeof rp->note, "#%ld %s", rev_of(s),
			n1 > n0 && sl_buf_cstr(&s->rc.last_desc) ? sl_buf_cstr(&s->rc.last_desc) : "(header)");
		if (n1 > n0) {
			serve_game_changed(s, 1);
			send_entry_event(s, "entry", n1 - 1);
		}
		sl_buf_free(&dice);
	}
	sl_buf_free(&cap.said);
	sl_buf_free(&line);
}

/* ---- POST ---------------------------------------------------------------------- */

/* The body as a JSON object, or a 400 naming where it breaks. */
static json_t *parse_body(const char *body, size_t n, serve_reply *rp)
{
	json_error_t je;
	json_t *j = json_loadb(body, n, JSON_REJECT_DUPLICATES, &je);
	if (!j) {
		snprintf(rp->note, sizeof rp->note, "malformed JSON: line %d column %d: %s", je.line, je.column, je.text);
		serve_reply_json(rp, 400, json_pack("{s:s,s:i,s:i,s:i}", "error", rp->note, "line", je.line,
			"column", je.column, "position", je.position));
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		serve_reply_error(rp, 400, "malformed request: the body must be a JSON object");
		return NULL;
	}
	return j;
}

static int want_rev(server *s, json_t *j, serve_reply *rp)
{
	json_t *v = json_object_get(j, "rev");
	if (!v || !json_is_integer(v)) {
		serve_reply_error(rp, 400, "malformed request: rev: %s (an integer, the revision the client saw)",
			v ? "not an integer" : "missing");
		return -1;
	}
	if (json_integer_value(v) != rev_of(s)) {
		snprintf(rp->note, sizeof rp->note, "stale revision %lld (now %ld)", (long long)json_integer_value(v), rev_of(s));
		serve_reply_json(rp, 409, json_pack("{s:s,s:I}", "error", "stale revision", "rev", (json_int_t)rev_of(s)));
		return -1;
	}
	return 0;
}

static const char *want_str(json_t *j, const char *name, serve_reply *rp)
{
	json_t *v = json_object_get(j, name);
	if (!v || !json_is_string(v)) {
		serve_reply_error(rp, 400, "malformed request: %s: %s (a string)", name, v ? "not a string" : "missing");
		return NULL;
	}
	return json_string_value(v);
}

/* A value written as field `field` of event `event` of this game: quoted
 * when the field is free text, bare otherwise (a piece id, a word). */
static void put_value(const server *s, const char *event, const char *field, const char *v, sl_buf *out)
{
	const sl_schema *sc = s->rc.log->game->schema;
	int t = sl_schema_event(sc, event, strlen(event)), q = 0;
	for (int k = 0; t >= 0 && k < sc->events[t].nfields; k++)
		if (strcmp(sc->events[t].fields[k].name, field) == 0)
			q = sc->events[t].fields[k].kind == SL_K_TEXT;
	sl_buf_printf(out, " %s=%s%s%s", field, q ? "\"" : "", v, q ? "\"" : "");
}

/* An action: a reveal of a choice the server sealed has its content and
 * salt filled in from FILE.seal. */
static void post_act(server *s, const serve_who *w, const char *text, serve_reply *rp)
{
	const serve_seal_kind *k = s->rc.log ? serve_seal_kind_of(s->rc.log->game->id) : NULL;
	const char *ev;
	size_t evn;
	char who[64], key[64], have[64];
	int done, idx = -1, named;
	sl_buf line;
	sl_buf_init(&line);
	sl_buf_puts(&line, text);
	if (line.failed) {   /* not an empty line: a line not copied */
		sl_buf_free(&line);
		serve_reply_error(rp, 503, "out of memory");
		return;
	}
	ev = serve_line_event(text, &evn);
	/* the content named by the key itself (ti4: the secret objective's id): a
	 * reveal without its salt */
	named = k && strcmp(k->content_field, k->key_field) == 0;
	if (k && ev && strlen(k->reveal_event) == evn && strncmp(ev, k->reveal_event, evn) == 0 &&
	    serve_line_field(text, named ? k->salt_field : k->content_field, have, sizeof have) != 0 &&
	    serve_line_field(text, k->key_field, key, sizeof key) == 0) {
		int p = line_player_index(s, text);
		const char *pid = p >= 0 ? serve_player_id(s, p) : p == -2 ? serve_player_id(s, w->player) : NULL;
		snprintf(who, sizeof who, "%s", pid ? pid : "");
		for (int q = 0; q < s->nseals; q++)
			if (strcmp(s->seals[q].key, key) == 0 && (!who[0] || strcmp(s->seals[q].player, who) == 0))
				idx = q;
		if (idx >= 0) {
			serve_line_drop((char *)(uintptr_t)sl_buf_cstr(&line), k->salt_field);
			line.len = strlen(sl_buf_cstr(&line));
			if (!named)
				put_value(s, k->reveal_event, k->content_field, s->seals[idx].content, &line);
			put_value(s, k->reveal_event, k->salt_field, s->seals[idx].salt, &line);
		}
	}
	if (line.failed) {
		sl_buf_free(&line);
		serve_reply_error(rp, 503, "out of memory");
		return;
	}
	record_line(s, w, sl_buf_cstr(&line), rp, &done);
	if (done && idx >= 0) {   /* revealed: the secret is in the log now */
		s->seals[idx] = s->seals[--s->nseals];
		if (serve_seal_save(s))
			s->broken = 1;
	}
	sl_buf_free(&line);
}

/* A hidden choice named in clear: salt drawn, secret kept in FILE.seal
 * (synced) before its commitment is recorded. */
/* Is the choice one the rules offer now? The game's click targets
 * (render/sl_targets.h) list every sealable choice of the moment (xwing's
 * dials of each ship, fmp's stay or leave): the choice must be among them,
 * or a commitment would be recorded that no legal reveal can open. 1 when
 * offered, 0 when not (why in *why), -1 when the game lists no targets
 * (nothing to check against). */
static int seal_offered(server *s, const serve_seal_kind *k, const char *player, const char *key,
	const char *content, char *why, size_t whyn)
{
	sl_targets top, sub;
	sl_error err;
	int found = 0, any = 0;
	sl_error_clear(&err);
	if (sl_targets_list(s->rc.log, s->rc.st, "", &top, &err))
		return -1;
	for (int pass = -1; pass < top.n && !found; pass++) {
		const sl_targets *t = &top;
		if (pass >= 0) {
			if (top.v[pass].kind != SL_TARGET_SELECT || !top.v[pass].sel[0])
				continue;
			if (sl_targets_list(s->rc.log, s->rc.st, top.v[pass].sel, &sub, &err))
				continue;
			t = &sub;
		}
		for (int i = 0; i < t->n && !found; i++) {
			const sl_target *tg = &t->v[i];
			char kv[64], cv[64];
			if (tg->kind != SL_TARGET_ACT || (strcmp(tg->group, "dial") && strcmp(tg->group, "seal")))
				continue;
			if (serve_line_field(tg->line, k->key_field, kv, sizeof kv) || strcmp(kv, key))
				continue;
			if (tg->player[0] && strcmp(tg->player, player))
				continue;
			any = 1;
			if (!serve_line_field(tg->line, k->clear_field, cv, sizeof cv) && strcmp(cv, content) == 0)
				found = 1;
		}
		if (pass >= 0)
			sl_targets_free(&sub);
	}
	sl_targets_free(&top);
	if (!found)
		snprintf(why, whyn, any ? "%s=%s is not a choice the rules offer for %s now" :
			"no %s choice to seal for %s=%s now", any ? k->clear_field : k->commit_event,
			any ? content : k->key_field, key);
	return found;
}

static void post_seal(server *s, const serve_who *w, const char *text, serve_reply *rp)
{
	const serve_seal_kind *k = s->rc.log ? serve_seal_kind_of(s->rc.log->game->id) : NULL;
	const char *ev;
	size_t evn;
	char content[64], key[64];
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	int p, done, at;
	serve_seal sl;
	sl_buf line;
	if (!k) {
		serve_reply_error(rp, 422, "%s has no hidden choice to seal", s->rc.log ? s->rc.log->game->id : "this log");
		return;
	}
	ev = serve_line_event(text, &evn);
	if (!ev || strlen(k->commit_event) != evn || strncmp(ev, k->commit_event, evn) != 0) {
		serve_reply_error(rp, 422, "%s seals '%s' lines only (e.g. '%s %s=... %s=...')", k->game, k->commit_event,
			k->commit_event, k->key_field, k->clear_field);
		return;
	}
	if (serve_line_field(text, k->clear_field, content, sizeof content) || !content[0] ||
	    serve_line_field(text, k->key_field, key, sizeof key) || !key[0]) {
		serve_reply_error(rp, 422, "a sealed %s names %s= and the choice in clear, %s=", k->commit_event,
			k->key_field, k->clear_field);
		return;
	}
	p = line_player_index(s, text);
	if (p == -2)
		p = w->player;
	if (p < 0) {
		serve_reply_error(rp, 422, "a sealed choice names its player ('PLAYER: %s ...')", k->commit_event);
		return;
	}
	if (!may_act(w, p)) {
		serve_reply_error(rp, 403, "this token acts for %s only, not %s", serve_player_id(s, w->player),
			serve_player_id(s, p));
		return;
	}
	{
		char why[200];
		if (seal_offered(s, k, serve_player_id(s, p), key, content, why, sizeof why) == 0) {
			serve_reply_error(rp, 422, "%s: %s", k->game, why);
			return;
		}
	}
	if (sl_random_bytes(salt, sizeof salt) || sl_commit(c, k->domain, salt, content, strlen(content))) {
		serve_reply_error(rp, 500, "no random bytes from the system for the salt");
		return;
	}
	memset(&sl, 0, sizeof sl);
	snprintf(sl.player, sizeof sl.player, "%s", serve_player_id(s, p));
	snprintf(sl.key, sizeof sl.key, "%s", key);
	snprintf(sl.content, sizeof sl.content, "%s", content);
	sl_hexstr_encode(sl.salt, salt, sizeof salt);
	sl_hexstr_encode(hex, c, sizeof c);
	/* the secret first: a crash after the commitment must not lose it */
	at = -1;
	for (int q = 0; q < s->nseals; q++)
		if (strcmp(s->seals[q].key, key) == 0 && strcmp(s->seals[q].player, sl.player) == 0)
			at = q;
	{
		serve_seal old;
		int existed = at >= 0;
		memset(&old, 0, sizeof old);
		if (!existed) {
			serve_seal *v = sl_realloc(s->seals, sizeof *v * (size_t)(s->nseals + 1));
			if (!v) {
				serve_reply_error(rp, 500, "out of memory");
				return;
			}
			s->seals = v;
			at = s->nseals++;
		} else {
			old = s->seals[at];
		}
		s->seals[at] = sl;
		done = 0;
		if (serve_seal_save(s))
			serve_reply_error(rp, 500, "%s cannot be written: nothing sealed", s->seal_path);
		else {
			sl_buf_init(&line);
			sl_buf_puts(&line, text);
			serve_line_drop((char *)(uintptr_t)sl_buf_cstr(&line), k->clear_field);
			serve_line_drop((char *)(uintptr_t)sl_buf_cstr(&line), k->hash_field);
			line.len = strlen(sl_buf_cstr(&line));
			put_value(s, k->commit_event, k->hash_field, hex, &line);
			record_line(s, w, sl_buf_cstr(&line), rp, &done);
			sl_buf_free(&line);
		}
		if (!done) {   /* refused: the secret as it was */
			if (existed)
				s->seals[at] = old;
			else
				s->seals[at] = s->seals[--s->nseals];
			serve_seal_save(s);
			return;
		}
	}
	{
		json_t *j = json_pack("{s:I,s:s,s:s}", "rev", (json_int_t)rev_of(s), "player", sl.player, k->key_field, key);
		char *t = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
		if (t)
			serve_watch_send(s, "sealed", rev_of(s), t);
		free(t);
		json_decref(j);
	}
}

static void post_undo(server *s, const serve_who *w, serve_reply *rp)
{
	const serve_seal_kind *k;
	const sl_event *last;
	int done;
	char line_text[600] = "";
	if (!s->rc.log || !s->rc.log->n) {
		serve_reply_error(rp, 422, "nothing to undo");
		return;
	}
	last = &s->rc.log->ev[s->rc.log->n - 1];
	if (!w->host && !(last->entry == SL_ENTRY_EVENT && last->player == w->player)) {
		serve_reply_error(rp, 403, "the last entry is not %s's: only the host undoes it",
			serve_player_id(s, w->player) ? serve_player_id(s, w->player) : "yours");
		return;
	}
	{
		sl_buf t;
		sl_buf_init(&t);
		entry_line(s->rc.log, last, &t);
		snprintf(line_text, sizeof line_text, "%s", sl_buf_cstr(&t) ? sl_buf_cstr(&t) : "");
		sl_buf_free(&t);
	}
	{
		capture cap;
		long before = s->rc.accepted;
		rec_captured(s, "undo", 4, &cap);
		done = s->rc.accepted != before;
		if (!done) {
			if (s->rc.io_failed)
				s->broken = 1;
			serve_reply_error(rp, s->rc.io_failed ? 500 : 422, "not undone: %s",
				s->rc.last_err.msg[0] ? s->rc.last_err.msg : sl_buf_cstr(&cap.said));
			sl_buf_free(&cap.said);
			return;
		}
		sl_buf_free(&cap.said);
	}
	if (s->nent) {
		sl_free(s->ent[s->nent - 1].desc);
		veil_free(s->ent[s->nent - 1].veil);
		s->nent--;
	}
	/* an undone reveal of a sealed choice: its secret is kept again */
	k = serve_seal_kind_of(s->rc.log->game->id);
	if (k) {
		const char *ev;
		size_t evn;
		serve_seal sl;
		memset(&sl, 0, sizeof sl);
		ev = serve_line_event(line_text, &evn);
		if (ev && strlen(k->reveal_event) == evn && strncmp(ev, k->reveal_event, evn) == 0 &&
		    !serve_line_player(line_text, sl.player, sizeof sl.player) &&
		    !serve_line_field(line_text, k->key_field, sl.key, sizeof sl.key) &&
		    !serve_line_field(line_text, k->content_field, sl.content, sizeof sl.content) &&
		    !serve_line_field(line_text, k->salt_field, sl.salt, sizeof sl.salt)) {
			serve_seal *v = sl_realloc(s->seals, sizeof *v * (size_t)(s->nseals + 1));
			if (v) {
				s->seals = v;
				s->seals[s->nseals++] = sl;
				if (serve_seal_save(s))
					s->broken = 1;
			}
		}
	}
	serve_game_changed(s, 1);
	snprintf(rp->note, sizeof rp->note, "undone: %s", line_text);
	serve_reply_json(rp, 200, json_pack("{s:b,s:I,s:s}", "ok", 1, "rev", (json_int_t)rev_of(s), "undone", line_text));
	{
		char data[64];
		snprintf(data, sizeof data, "{\"rev\":%ld}", rev_of(s));
		serve_watch_send(s, "undo", rev_of(s), data);
	}
}

/* The end of a game's fair dice: the recorder's 'close' reveals the seed in
 * the header (formats/prng.md) so that verify checks every die it drew;
 * nothing more is recorded after it. The host's alone. */
static void post_close(server *s, const serve_who *w, serve_reply *rp)
{
	capture cap;
	if (!w->host) {
		serve_reply_error(rp, 403, "only the host closes the log (it reveals the dice seed)");
		return;
	}
	if (!s->rc.log) {
		serve_reply_error(rp, 422, "nothing to close: the header is not complete");
		return;
	}
	if (s->rc.closed) {
		serve_reply_error(rp, 422, "the log is closed already");
		return;
	}
	rec_captured(s, "close", 5, &cap);
	s->rc.quit = 0;   /* the server goes on: watchers may still step through the game */
	if (!s->rc.closed) {
		if (s->rc.io_failed)
			s->broken = 1;
		serve_reply_error(rp, s->rc.io_failed ? 500 : 422, "not closed: %s",
			s->rc.last_err.msg[0] ? s->rc.last_err.msg : sl_buf_cstr(&cap.said));
		sl_buf_free(&cap.said);
		return;
	}
	sl_buf_free(&cap.said);
	serve_game_changed(s, 1);
	snprintf(rp->note, sizeof rp->note, "closed: the dice seed is revealed");
	serve_reply_json(rp, 200, json_pack("{s:b,s:I,s:b}", "ok", 1, "rev", (json_int_t)rev_of(s),
		"revealed", s->rc.dh.revealed));
	{
		char data[64];
		snprintf(data, sizeof data, "{\"rev\":%ld}", rev_of(s));
		serve_watch_send(s, "closed", rev_of(s), data);
	}
}

static void post_annotate(server *s, const serve_who *w, const char *kind, const char *text, serve_reply *rp)
{
	capture cap;
	long before = s->rc.accepted;
	sl_buf line;
	if (!s->rc.log || !s->rc.log->n) {
		serve_reply_error(rp, 422, "a %s follows an entry: the log has none yet", kind);
		return;
	}
	if (!w->host && w->player < 0) {
		serve_reply_error(rp, 403, "watching needs no token, annotating does");
		return;
	}
	if (!*text || strchr(text, '\n') || strchr(text, '\r') || strlen(text) > 1024) {
		serve_reply_error(rp, 400, "%s: one line of 1 to 1024 bytes", kind);
		return;
	}
	sl_buf_init(&line);
	sl_buf_printf(&line, "@%s %s", kind, text);
	rec_captured(s, sl_buf_cstr(&line), line.len, &cap);
	sl_buf_free(&line);
	if (s->rc.accepted == before) {
		if (s->rc.io_failed)
			s->broken = 1;
		serve_reply_error(rp, s->rc.io_failed ? 500 : 422, "%s", s->rc.last_err.msg[0] ? s->rc.last_err.msg : "refused");
	} else {
		snprintf(rp->note, sizeof rp->note, "@%s on #%ld", kind, rev_of(s));
		serve_reply_json(rp, 200, json_pack("{s:b,s:I}", "ok", 1, "rev", (json_int_t)rev_of(s)));
		send_entry_event(s, kind, s->rc.log->n - 1);
	}
	sl_buf_free(&cap.said);
}

void serve_api_post(server *s, const char *path, const char *body, size_t n, const serve_who *w, serve_reply *rp)
{
	json_t *j = parse_body(body, n, rp);
	const char *text;
	if (!j)
		return;
	if (!w->host && w->player < 0) {
		json_decref(j);
		serve_reply_error(rp, 403, "a token is needed to act (tokens are on)");
		return;
	}
	pthread_mutex_lock(&s->lock);
	if (want_rev(s, j, rp))
		goto out;
	if (strcmp(path, "/api/act") == 0) {
		if ((text = want_str(j, "line", rp)))
			post_act(s, w, text, rp);
	} else if (strcmp(path, "/api/seal") == 0) {
		if ((text = want_str(j, "line", rp)))
			post_seal(s, w, text, rp);
	} else if (strcmp(path, "/api/undo") == 0) {
		post_undo(s, w, rp);
	} else if (strcmp(path, "/api/close") == 0) {
		post_close(s, w, rp);
	} else if (strcmp(path, "/api/note") == 0) {
		if ((text = want_str(j, "text", rp)))
			post_annotate(s, w, "note", text, rp);
	} else if (strcmp(path, "/api/bookmark") == 0) {
		if ((text = want_str(j, "name", rp)))
			post_annotate(s, w, "bookmark", text, rp);
	} else {
		serve_reply_error(rp, 404, "no such route");
	}
out:
	s->gen++;   /* whatever it did: /api/state is made again */
	pthread_mutex_unlock(&s->lock);
	json_decref(j);
}
