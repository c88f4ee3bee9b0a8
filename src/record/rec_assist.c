/* rec_assist.c - forgiving input for the recorder: case, a player left out,
 * dice left out, "did you mean", a caret under the column; Tab completion. */
#include "recorder.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- friendlier lines: case, the player, dice left out, typos ------------- */

/* Edit distance (insert, delete, substitute, swap two neighbours), case
 * ignored, capped at 64 bytes a word. */
static int distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	int d[65][65];
	if (n > 64 || m > 64)
		return 99;
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

const char *rec_suggest(const char *word, size_t n, const char *const *cands, int ncands)
{
	const char *best = NULL;
	int bd = 99;
	/* a third of the word may be wrong, at least one letter */
	int limit = n >= 6 ? (int)n / 3 : n >= 3 ? 1 + (n >= 4) : 1;
	for (int k = 0; k < ncands && cands[k]; k++) {
		int d = distance(word, n, cands[k]);
		if (d < bd) {
			bd = d;
			best = cands[k];
		}
	}
	return bd <= limit ? best : NULL;
}


/* The piece ids the log holds (from any PIECE field), for case-blind
 * matching and "did you mean". Returns how many went into ids. */
static int known_pieces(const recorder *rc, const char **ids, int max)
{
	const sl_schema *sc = rc->log->game->schema;
	int n = 0;
	for (size_t i = 0; i < rc->log->n; i++) {
		const sl_event *ev = &rc->log->ev[i];
		if (ev->entry != SL_ENTRY_EVENT)
			continue;
		for (int k = 0; k < sc->events[ev->type].nfields && n < max; k++) {
			int seen = 0;
			if (sc->events[ev->type].fields[k].kind != SL_K_PIECE || !ev->f[k].present)
				continue;
			for (int j = 0; j < n && !seen; j++)
				seen = strcmp(ids[j], ev->f[k].p) == 0;
			if (!seen)
				ids[n++] = ev->f[k].p;
		}
	}
	ids[n] = NULL;
	return n;
}

/* The name among names that equals s[0..n) but for case, or NULL. */
static const char *same_but_case(const char *s, size_t n, const char *const *names)
{
	for (int k = 0; names && names[k]; k++)
		if (strlen(names[k]) == n && strncasecmp(names[k], s, n) == 0)
			return names[k];
	return NULL;
}


static void hint(line_info *li, int at, const char *what, const char *near)
{
	if (li->hint || !near)
		return;
	snprintf(li->hint_buf, sizeof li->hint_buf, "did you mean %s%s'%s'?", what, *what ? " " : "", near);
	li->hint = li->hint_buf;
	li->hint_at = at;
}

/* Rewrites line in place where a word differs from a known one only by case
 * (players, events, fields, names, piece ids), so lengths and columns stay,
 * and notes what the line holds and the first typo with its nearest word. */
void rec_normalize(recorder *rc, char *line, line_info *li)
{
	const sl_schema *sc = rc->log->game->schema;
	const sl_header *h = &rc->log->h;
	const char *players[SL_MAX_PLAYERS + 1], *events[256], *pieces[1024];
	char *p = line;
	int np = 0, ne = 0, npieces;
	memset(li, 0, sizeof *li);
	li->player_at = li->type = -1;
	for (int k = 0; k < h->nplayers; k++)
		players[np++] = h->players[k].id;
	players[np] = NULL;
	for (int k = 0; k < sc->nevents && ne < 255; k++)
		events[ne++] = sc->events[k].name;
	events[ne] = NULL;
	npieces = known_pieces(rc, pieces, 1023);
	p += strspn(p, " \t");
	{
		size_t n = strcspn(p, " \t:");
		if (p[n] == ':') {
			const char *id = same_but_case(p, n, players);
			if (id)
				memcpy(p, id, n);
			else
				hint(li, (int)(p - line), "the player", rec_suggest(p, n, players, np));
			li->player_at = (int)(p - line);
			p += n + 1;
			p += strspn(p, " \t");
		}
	}
	{
		size_t n = strcspn(p, " \t");
		const char *ev;
		if (n == 0 || (n == 4 && strncmp(p, "turn", 4) == 0) || (n == 5 && strncmp(p, "phase", 5) == 0))
			return;
		ev = same_but_case(p, n, events);
		if (!ev) {
			hint(li, (int)(p - line), "the event", rec_suggest(p, n, events, ne));
			return;
		}
		memcpy(p, ev, n);
		li->type = sl_schema_event(sc, p, n);
		li->type_at = (int)(p - line);
		p += n;
	}
	while (*p) {
		const sl_event_def *def = &sc->events[li->type];
		const char *names[SL_MAX_FIELDS + 1];
		char *eq, *v;
		size_t n, vn;
		int f = -1;
		p += strspn(p, " \t");
		if (!*p || *p == '!')
			break;
		n = strcspn(p, " \t=");
		for (int k = 0; k < def->nfields; k++) {
			names[k] = def->fields[k].name;
			if (strlen(names[k]) == n && strncasecmp(names[k], p, n) == 0)
				f = k;
		}
		names[def->nfields] = NULL;
		if (f < 0) {
			hint(li, (int)(p - line), "the field", rec_suggest(p, n, names, def->nfields));
			p += strcspn(p, " \t");
			continue;
		}
		memcpy(p, def->fields[f].name, n);
		li->present[f] = 1;
		eq = p + n;
		if (*eq != '=') {
			p = eq;
			continue;
		}
		v = eq + 1;
		if (*v == '"') {   /* quoted text: skip to its closing quote */
			char *q = v + 1;
			while (*q && *q != '"')
				q += *q == '\\' && q[1] ? 2 : 1;
			p = *q ? q + 1 : q;
			continue;
		}
		vn = strcspn(v, " \t");
		{
			const sl_field_def *fd = &def->fields[f];
			char *item = v, *end = v + vn;
			while (item < end) {   /* comma separated items, for LIST */
				size_t in = fd->kind == SL_K_LIST ? strcspn(item, ", \t") : (size_t)(end - item);
				const char *canon = NULL;
				if (in > (size_t)(end - item))
					in = (size_t)(end - item);
				if (fd->kind == SL_K_ENUM || fd->kind == SL_K_LIST) {
					int cnt = 0;
					while (fd->names && fd->names[cnt])
						cnt++;
					canon = same_but_case(item, in, fd->names);
					if (!canon)
						hint(li, (int)(item - line), "", rec_suggest(item, in, fd->names, cnt));
				} else if (fd->kind == SL_K_PIECE) {   /* a piece, or a player (side=fr) */
					canon = same_but_case(item, in, pieces);
					if (!canon)
						canon = same_but_case(item, in, players);
					if (!canon && strcmp(fd->name, "id") != 0 && npieces)
						hint(li, (int)(item - line), "", rec_suggest(item, in, pieces, npieces));
				}
				if (canon)
					memcpy(item, canon, in);
				item += in;
				if (item < end && *item == ',')
					item++;
				if (fd->kind != SL_K_LIST)
					break;
			}
		}
		p = v + vn;
	}
}

/* A trial: would the rules take ev now? The state is not touched; err (when
 * not NULL) says why not. */
static int trial(recorder *rc, const sl_event *ev, sl_error *err)
{
	sl_error e;
	void *copy = NULL;
	int ok;
	sl_error_clear(&e);
	if (!err)
		err = &e;
	if (sl_game_clone(rc->log->game, rc->st, &copy, err))
		return 0;
	ok = sl_replay_apply(rc->log, copy, ev, rc->events + (ev->entry == SL_ENTRY_EVENT), NULL, err) == SL_OK;
	rc->log->game->destroy(copy);
	return ok;
}

int rec_would_apply(recorder *rc, const sl_event *ev)
{
	return trial(rc, ev, NULL);
}

/* Before drawing: the rules tried with stand-in dice where the line says
 * '?', every face in turn from the highest. A line they refuse whatever the
 * dice is refused before any die is drawn (with the reason given for the
 * highest face). 1 when it may go on, 0 with err set. */
int rec_try_before_drawing(recorder *rc, const sl_event *ev, sl_error *err)
{
	const sl_schema *sc = rc->log->game->schema;
	int faces;
	if (ev->entry != SL_ENTRY_EVENT)
		return 1;
	faces = sl_event_unknown_faces(sc, ev);
	if (faces == 0)   /* no die to draw: the plain trial */
		return trial(rc, ev, err);
	for (int v = faces; v >= 1; v--) {
		sl_error e;
		sl_event t;
		sl_error_clear(&e);
		if (sl_event_stand_in(&rc->log->arena, sc, ev, v, &t))
			return 1;
		if (trial(rc, &t, v == faces ? err : &e)) {
			if (err)
				sl_error_clear(err);
			return 1;
		}
	}
	return 0;
}

/* The dice the rules ask for but the line left out (a required field, or
 * an optional one without which the rules refuse the event): the fewest
 * dice the rules take, written '?' so that rec_draw draws them. The count
 * is found with stand-in dice on a copy of the state (every face, as
 * rec_try_before_drawing tries them), so no die is drawn for a trial. With
 * several such fields (starship's `ship`: weapons and shields), each count
 * is sought while the others stand at theirs, twice round, since one field
 * may be refused only because another is still out of range. Counts go to
 * the field's own most (a ti4 fleet rolls more than 8 dice). Returns 1 when
 * a field was filled. */
int rec_fill_dice(recorder *rc, sl_event *ev, const int *wanted)
{
	const sl_event_def *def = &rc->log->game->schema->events[ev->type];
	uint8_t zeros[SL_MAX_ITEMS];
	int found[SL_MAX_FIELDS] = {0}, any = 0, filled = 0;
	memset(zeros, 0, sizeof zeros);
	for (int k = 0; k < def->nfields; k++) {
		if (def->fields[k].kind != SL_K_DICE || !wanted[k])
			continue;
		if (sl_value_bytes(&rc->log->arena, &ev->f[k], zeros, 1))
			return 0;
		any = 1;
	}
	if (!any)
		return 0;
	for (int pass = 0; pass < 2 && !rec_try_before_drawing(rc, ev, NULL); pass++)
		for (int k = 0; k < def->nfields; k++) {
			const sl_field_def *fd = &def->fields[k];
			int n, max = fd->max_items > 0 ? fd->max_items : 1;
			if (fd->kind != SL_K_DICE || !wanted[k])
				continue;
			for (n = 1; n <= max; n++) {
				if (sl_value_bytes(&rc->log->arena, &ev->f[k], zeros, n))
					return filled;
				if (rec_try_before_drawing(rc, ev, NULL))
					break;
			}
			if (n > max) {   /* no count works yet: back to one die */
				if (sl_value_bytes(&rc->log->arena, &ev->f[k], zeros, 1))
					return filled;
				found[k] = 0;
			} else {
				found[k] = 1;
				filled = 1;
			}
			if (found[k] && rec_try_before_drawing(rc, ev, NULL))
				break;
		}
	if (rec_try_before_drawing(rc, ev, NULL))
		return 1;
	/* no count works: leave those fields out, the rules will say why */
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && wanted[k])
			memset(&ev->f[k], 0, sizeof ev->f[k]);
	return 0;
}

/* Parses the (normalized) line; the acting player, when left out, is the
 * one player for whom the rules take the event. */
int rec_parse_entry(recorder *rc, char *line, size_t len, uint32_t lineno, const line_info *li,
	sl_event *ev, sl_error *err)
{
	const sl_schema *sc = rc->log->game->schema;
	int r;
	char *with;
	sl_event best;
	int found = 0, who = -1;
	sl_error e2;
	r = sl_sil_parse_line(rc->log, line, len, lineno, ev, err);
	if (r >= 0 || li->type < 0 || li->player_at >= 0 || !(sc->events[li->type].flags & SL_EV_PLAYER))
		return r;
	/* no player written: try each; keep the one the rules accept */
	with = sl_malloc(len + 80);
	if (!with)
		return r;
	for (int p = 0; p < rc->log->h.nplayers; p++) {
		sl_event cand;
		int wanted[SL_MAX_FIELDS] = {0};
		size_t n = (size_t)snprintf(with, len + 80, "%s: %s", rc->log->h.players[p].id, line);
		sl_error_clear(&e2);
		if (sl_sil_parse_line(rc->log, with, n, lineno, &cand, &e2) < 0)
			continue;
		for (int k = 0; k < sc->events[cand.type].nfields; k++)
			wanted[k] = sc->events[cand.type].fields[k].kind == SL_K_DICE && !cand.f[k].present;
		if (rec_try_before_drawing(rc, &cand, NULL) || rec_fill_dice(rc, &cand, wanted)) {
			found++;
			best = cand;
			who = p;
		}
	}
	sl_free(with);
	if (found != 1 && strlen(err->msg) + 60 < sizeof err->msg)
		strcat(err->msg, found ? " (several players may: say which)" : " (no player may make it now)");
	if (found == 1) {
		*ev = best;
		sl_error_clear(err);
		if (!rc->quiet)
			rec_say(rc, "(as %s: the only player who may)\n", rc->log->h.players[who].id);
		return 1;
	}
	return r;
}

/* Prints the line with a caret under column col (1-based). */
static void show_caret(const recorder *rc, const char *line, uint32_t col)
{
	rec_warn(rc, "  %s\n  %*s^\n", line, (int)(col > 0 ? col - 1 : 0), "");
}

/* rec_refuse with the line, a caret and the "did you mean" of the line. */
void rec_refuse_line(recorder *rc, sl_error *err, const char *line, uint32_t lineno, const line_info *li)
{
	uint32_t col = err->line == lineno ? err->col : 0;
	if (li && li->hint && strlen(err->msg) + strlen(li->hint) + 3 < sizeof err->msg) {
		strcat(err->msg, "; ");
		strcat(err->msg, li->hint);
		if (col <= 1)
			col = (uint32_t)li->hint_at + 1;
	}
	rec_refuse(rc, err);
	rc->last_col = col;
	if (col >= 1 && err->line == lineno)
		show_caret(rc, line, col);
}

/* ---- tab completion (on a terminal) ------------------------------------- */

typedef struct comp {
	const char *word;
	size_t n;
	void (*add)(void *ud, const char *cand);
	void *ud;
} comp;

static void offer(comp *c, const char *cand)
{
	if (strncasecmp(cand, c->word, c->n) == 0)
		c->add(c->ud, cand);
}

/* The values this log already holds for fields of `kind` (piece ids, hexes). */
static void offer_seen(recorder *rc, comp *c, sl_kind kind)
{
	const sl_schema *sc = rc->log->game->schema;
	for (size_t i = 0; i < rc->log->n; i++) {
		const sl_event *ev = &rc->log->ev[i];
		if (ev->entry != SL_ENTRY_EVENT)
			continue;
		for (int k = 0; k < sc->events[ev->type].nfields; k++) {
			char hex[32];
			if (sc->events[ev->type].fields[k].kind != kind || !ev->f[k].present)
				continue;
			if (kind == SL_K_PIECE)
				offer(c, ev->f[k].p);
			else {
				snprintf(hex, sizeof hex, "%d,%d", ev->f[k].u.hex.col, ev->f[k].u.hex.row);
				offer(c, hex);
			}
		}
	}
}

void rec_complete(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud)
{
	recorder *rc = ctx;
	comp c = {word, strlen(word), add, ud};
	static const char *const cmds[] = {"help", "undo", "state", "close", "quit", "turn", "phase", NULL};
	const char *p = line, *ev_word = NULL;
	size_t ev_n = 0, words = 0;
	const sl_schema *sc;
	int type;
	/* the words before the cursor: an optional "PLAYER:", then the event */
	while (*p) {
		size_t sp = strspn(p, " \t"), n;
		p += sp;
		n = strcspn(p, " \t");
		if (!n)
			break;
		if (!(words == 0 && p[n - 1] == ':') && !ev_word) {
			ev_word = p;
			ev_n = n;
		}
		words++;
		p += n;
	}
	if (!rc->log || !ev_word || (start > 0 && !ev_word)) {
		if (ev_word && rc->log == NULL)
			return;
		for (int k = 0; cmds[k]; k++)
			offer(&c, cmds[k]);
		if (!rc->log || rc->log->n == 0)
			for (int k = 0; rec_header_words[k]; k++)
				offer(&c, rec_header_words[k]);
		if (!rc->log)
			return;
		sc = rc->log->game->schema;
		for (int k = 0; k < sc->nevents; k++)
			offer(&c, sc->events[k].name);
		if (words == 0)
			for (int k = 0; k < rc->log->h.nplayers; k++) {
				char id[80];
				snprintf(id, sizeof id, "%s:", rc->log->h.players[k].id);
				offer(&c, id);
			}
		return;
	}
	sc = rc->log->game->schema;
	type = sl_schema_event(sc, ev_word, ev_n);
	if (type < 0)
		return;
	if (start > 0 && (line[start - 1] == '=' || line[start - 1] == ',')) {
		/* a value: the field is the name before the '=' */
		size_t e = start - 1, b;
		const sl_event_def *def = &sc->events[type];
		while (e > 0 && line[e] != '=')
			e--;
		b = e;
		while (b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t')
			b--;
		for (int k = 0; k < def->nfields; k++) {
			const sl_field_def *fd = &def->fields[k];
			if (strlen(fd->name) != e - b || strncmp(fd->name, line + b, e - b) != 0)
				continue;
			if ((fd->kind == SL_K_ENUM && line[start - 1] == '=') || fd->kind == SL_K_LIST)
				for (int t = 0; fd->names && fd->names[t]; t++)
					offer(&c, fd->names[t]);
			else if (fd->kind == SL_K_DIR)
				for (int d = 0; d < 6; d++)
					offer(&c, sl_hex_dir_name(sc->grid.orient, d));
			else if (fd->kind == SL_K_PIECE)
				offer_seen(rc, &c, SL_K_PIECE);
			else if (fd->kind == SL_K_HEX && line[start - 1] == '=')
				offer_seen(rc, &c, SL_K_HEX);
			else if (fd->kind == SL_K_DICE)
				offer(&c, "?");
		}
		return;
	}
	for (int k = 0; k < sc->events[type].nfields; k++) {
		char f[80];
		snprintf(f, sizeof f, "%s=", sc->events[type].fields[k].name);
		if (!strstr(line, f))
			offer(&c, f);
	}
}
