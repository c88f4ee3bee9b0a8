/* rec_assist.c - forgiving reading for the recorder: case, a player left out
 * (the only one who may, or the owner of the acting piece), dice left out,
 * "did you mean" among the pieces the state holds. */
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

/* What a line's words are matched against. */
typedef struct words {
	const char *players[SL_MAX_PLAYERS + 1], *events[256], *pieces[REC_MAX_PIECES + 1];
	int np, ne, npc;
	int fresh;             /* pieces made from the state of now */
	recorder *rc;
	char *line;
	line_info *li;
} words;

static void words_of(recorder *rc, words *w)
{
	const sl_schema *sc = rc->log->game->schema;
	int n;
	w->rc = rc;
	w->fresh = !rc->pieces_valid;
	n = rc->pieces_valid ? rc->npieces : rec_pieces(rc);
	for (int k = 0; k < rc->log->h.nplayers; k++)
		w->players[w->np++] = rc->log->h.players[k].id;
	w->players[w->np] = NULL;
	for (int k = 0; k < sc->nevents && w->ne < 255; k++)
		w->events[w->ne++] = sc->events[k].name;
	w->events[w->ne] = NULL;
	for (int k = 0; k < n; k++)
		w->pieces[w->npc++] = rc->pieces[k].id;
	w->pieces[w->npc] = NULL;
}

/* The pieces as the state holds them now: made again only when a line
 * names one the last list does not hold as typed (the list is rebuilt
 * from the state's JSON, which costs more than the rules' check). */
static void pieces_now(words *w)
{
	if (w->fresh)
		return;
	w->fresh = 1;
	w->npc = 0;
	for (int k = 0, n = rec_pieces(w->rc); k < n; k++)
		w->pieces[w->npc++] = w->rc->pieces[k].id;
	w->pieces[w->npc] = NULL;
}

/* "PLAYER:" at p, if there: case fixed; returns what follows it. */
static char *norm_player(words *w, char *p)
{
	size_t n = strcspn(p, " \t:");
	const char *id;
	if (p[n] != ':')
		return p;
	id = same_but_case(p, n, w->players);
	if (id)
		memcpy(p, id, n);
	else
		hint(w->li, (int)(p - w->line), "the player", rec_suggest(p, n, w->players, w->np));
	w->li->player_at = (int)(p - w->line);
	p += n + 1;
	return p + strspn(p, " \t");
}

/* One value (an item of a list) of field fd at item[0..in). */
static void norm_item(words *w, const sl_field_def *fd, char *item, size_t in)
{
	const char *canon = NULL;
	if (fd->kind == SL_K_ENUM || fd->kind == SL_K_LIST) {
		int cnt = 0;
		while (fd->names && fd->names[cnt])
			cnt++;
		canon = same_but_case(item, in, fd->names);
		if (!canon)
			hint(w->li, (int)(item - w->line), "", rec_suggest(item, in, fd->names, cnt));
	} else if (fd->kind == SL_K_PIECE) {   /* a piece, or a player (side=fr) */
		if (!rec_pieces_known(w->rc, item, in))
			pieces_now(w);
		canon = same_but_case(item, in, w->pieces);
		if (!canon)
			canon = same_but_case(item, in, w->players);
		if (!canon && strcmp(fd->name, "id") != 0 && w->npc)
			hint(w->li, (int)(item - w->line), "", rec_suggest(item, in, w->pieces, w->npc));
	}
	if (canon)
		memcpy(item, canon, in);
}

/* The value at v of field fd; returns what follows it. */
static char *norm_value(words *w, const sl_field_def *fd, char *v)
{
	char *item = v, *end;
	if (*v == '"') {   /* quoted text: skip to its closing quote */
		char *q = v + 1;
		while (*q && *q != '"')
			q += *q == '\\' && q[1] ? 2 : 1;
		return *q ? q + 1 : q;
	}
	end = v + strcspn(v, " \t");
	while (item < end) {   /* comma separated items, for LIST */
		size_t in = fd->kind == SL_K_LIST ? strcspn(item, ", \t") : (size_t)(end - item);
		if (in > (size_t)(end - item))
			in = (size_t)(end - item);
		norm_item(w, fd, item, in);
		item += in;
		if (item < end && *item == ',')
			item++;
		if (fd->kind != SL_K_LIST)
			break;
	}
	return end;
}

/* Rewrites line in place where a word differs from a known one only by case
 * (players, events, fields, names, piece ids), so lengths and columns stay,
 * and notes what the line holds and the first typo with its nearest word. */
void rec_normalize(recorder *rc, char *line, line_info *li)
{
	const sl_schema *sc = rc->log->game->schema;
	const sl_event_def *def;
	words w;
	char *p;
	size_t n;
	memset(li, 0, sizeof *li);
	memset(&w, 0, sizeof w);
	li->player_at = li->type = -1;
	w.line = line;
	w.li = li;
	words_of(rc, &w);
	p = norm_player(&w, line + strspn(line, " \t"));
	n = strcspn(p, " \t");
	if (n == 0 || (n == 4 && strncmp(p, "turn", 4) == 0) || (n == 5 && strncmp(p, "phase", 5) == 0))
		return;
	{
		const char *ev = same_but_case(p, n, w.events);
		if (!ev) {
			hint(li, (int)(p - line), "the event", rec_suggest(p, n, w.events, w.ne));
			return;
		}
		memcpy(p, ev, n);
	}
	li->type = sl_schema_event(sc, p, n);
	li->type_at = (int)(p - line);
	def = &sc->events[li->type];
	for (p += n; *p;) {
		const char *names[SL_MAX_FIELDS + 1];
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
		p += n;
		if (*p == '=')
			p = norm_value(&w, &def->fields[f], p + 1);
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
/* Two dice fields whose counts the rules check together (an X-Wing roll:
 * the attack dice, then the defence dice): every pair of counts, when one
 * field at a time found none. 1 when a pair works (ev holds it). */
static int fill_pair(recorder *rc, sl_event *ev, const int *wanted)
{
	const sl_event_def *def = &rc->log->game->schema->events[ev->type];
	uint8_t zeros[SL_MAX_ITEMS];
	int f[2], nf = 0;
	memset(zeros, 0, sizeof zeros);
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && wanted[k] && nf < 3)
			f[nf < 2 ? nf : 0] = k, nf++;
	if (nf != 2)
		return 0;
	for (int a = 1; a <= def->fields[f[0]].max_items; a++)
		for (int b = 1; b <= def->fields[f[1]].max_items; b++) {
			if (sl_value_bytes(&rc->log->arena, &ev->f[f[0]], zeros, a) ||
			    sl_value_bytes(&rc->log->arena, &ev->f[f[1]], zeros, b))
				return 0;
			if (rec_try_before_drawing(rc, ev, NULL))
				return 1;
		}
	/* one of them alone, the other left out (its side typed: `atk=` given, `ddie` drawn) */
	for (int one = 0; one < 2; one++) {
		memset(&ev->f[f[1 - one]], 0, sizeof ev->f[f[1 - one]]);
		for (int a = 1; a <= def->fields[f[one]].max_items; a++) {
			if (sl_value_bytes(&rc->log->arena, &ev->f[f[one]], zeros, a))
				return 0;
			if (rec_try_before_drawing(rc, ev, NULL))
				return 1;
		}
		memset(&ev->f[f[one]], 0, sizeof ev->f[f[one]]);
	}
	return 0;
}

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
	if (rec_try_before_drawing(rc, ev, NULL) || fill_pair(rc, ev, wanted))
		return 1;
	/* no count works: leave those fields out, the rules will say why */
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && wanted[k])
			memset(&ev->f[k], 0, sizeof ev->f[k]);
	return 0;
}

/* line parsed as player p's ("p: line"); 0, or <0 when it does not parse. */
static int parse_as(recorder *rc, int p, const char *line, size_t len, uint32_t lineno, sl_event *ev)
{
	sl_buf b;
	sl_error e;
	int r;
	sl_buf_init(&b);
	sl_error_clear(&e);
	sl_buf_printf(&b, "%s: ", rc->log->h.players[p].id);
	sl_buf_put(&b, line, len);
	r = b.failed ? SL_ENOMEM : sl_sil_parse_line(rc->log, sl_buf_cstr(&b), b.len, lineno, ev, &e);
	sl_buf_free(&b);
	return r < 0 ? r : 0;
}

/* The player owning the first piece ev names that has an owner (the acting
 * piece comes first: ship=, unit=), or -1; *id that piece. */
static int owner_of_pieces(recorder *rc, const sl_event *ev, const char **id)
{
	const sl_event_def *def = &rc->log->game->schema->events[ev->type];
	for (int k = 0; k < def->nfields; k++) {
		int o;
		if (def->fields[k].kind != SL_K_PIECE || !ev->f[k].present)
			continue;
		if ((o = rec_piece_owner(rc, ev->f[k].p)) >= 0) {
			*id = ev->f[k].p;
			return o;
		}
	}
	return -1;
}

/* Parses the (normalized) line; the acting player, when left out, is the
 * one player for whom the rules take the event, or else the player who
 * owns the first piece it names (and the rules then say what is wrong, or
 * the markers they imply are written: rec_entry.c). */
int rec_parse_entry(recorder *rc, char *line, size_t len, uint32_t lineno, const line_info *li,
	sl_event *ev, sl_error *err)
{
	const sl_schema *sc = rc->log->game->schema;
	sl_event best, any;
	int r, found = 0, who = -1, parsed = 0;
	const char *piece = NULL;
	memset(&any, 0, sizeof any);
	r = sl_sil_parse_line(rc->log, line, len, lineno, ev, err);
	if (r >= 0 || li->type < 0 || li->player_at >= 0 || !(sc->events[li->type].flags & SL_EV_PLAYER))
		return r;
	/* no player written: try each; keep the one the rules accept */
	for (int p = 0; p < rc->log->h.nplayers; p++) {
		sl_event cand;
		int wanted[SL_MAX_FIELDS] = {0};
		if (parse_as(rc, p, line, len, lineno, &cand) < 0)
			continue;
		if (!parsed++)
			any = cand;
		for (int k = 0; k < sc->events[cand.type].nfields; k++)
			wanted[k] = sc->events[cand.type].fields[k].kind == SL_K_DICE && !cand.f[k].present;
		if (rec_try_before_drawing(rc, &cand, NULL) || rec_fill_dice(rc, &cand, wanted)) {
			found++;
			best = cand;
			who = p;
		}
	}
	if (found == 0 && parsed && (who = owner_of_pieces(rc, &any, &piece)) >= 0 &&
	    parse_as(rc, who, line, len, lineno, &best) == 0) {
		*ev = best;
		sl_error_clear(err);
		if (!rc->quiet)
			rec_say(rc, "(as %s, whose %s it is)\n", rc->log->h.players[who].id, piece);
		return 1;
	}
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

