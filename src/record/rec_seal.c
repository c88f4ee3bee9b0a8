/* rec_seal.c - hidden choices sealed by the recorder itself, as `sillage
 * serve` seals them (formats/commit.md): the player names the choice in
 * clear (`dial ship=gold dial=2FB`), the recorder checks that the rules
 * offer it, draws the salt, keeps the secret in FILE.seal (mode 0600,
 * synced, the file serve keeps too) and records only the commitment; a
 * later `reveal ship=gold` gets its content and salt from that file, and a
 * move that needs the reveal first has it written before it. */
#include "recorder.h"
#include "render/sl_targets.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the words of a line ------------------------------------------------------- */

static const char *blank_skip(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static const char *word_end(const char *p)
{
	int q = 0;
	for (; *p && (q || (*p != ' ' && *p != '\t')); p++)
		if (*p == '"')
			q = !q;
	return p;
}

/* The event word of line (after "PLAYER:"), its length in *n; the player
 * typed into player (or ""). */
static const char *line_event(const char *line, size_t *n, char *player, size_t pn)
{
	const char *p = blank_skip(line), *e = word_end(p);
	player[0] = 0;
	if (e > p && e[-1] == ':' && !memchr(p, '=', (size_t)(e - p))) {
		snprintf(player, pn, "%.*s", (int)(e - p - 1), p);
		p = blank_skip(e);
		e = word_end(p);
	}
	*n = (size_t)(e - p);
	return p;
}

static int is_word(const char *p, size_t n, const char *w)
{
	return w && strlen(w) == n && strncmp(p, w, n) == 0;
}

/* The value of name= in line into out; its column (1-based) in *col. 0 found. */
static int field(const char *line, const char *name, char *out, size_t n, uint32_t *col)
{
	size_t m = strlen(name);
	for (const char *p = blank_skip(line); *p; p = blank_skip(word_end(p))) {
		const char *e = word_end(p), *v = p + m + 1;
		size_t len;
		if ((size_t)(e - p) <= m || strncmp(p, name, m) != 0 || p[m] != '=')
			continue;
		len = (size_t)(e - v);
		if (len >= 2 && v[0] == '"' && v[len - 1] == '"')
			v++, len -= 2;
		if (len >= n)
			return -1;
		memcpy(out, v, len);
		out[len] = 0;
		if (col)
			*col = (uint32_t)(p - line + 1);
		return 0;
	}
	return -1;
}

/* line without its name= word, into out. */
static void drop_field(const char *line, const char *name, sl_buf *out)
{
	size_t m = strlen(name);
	const char *p = line;
	while (*p) {
		const char *s = blank_skip(p), *e = word_end(s);
		if (!((size_t)(e - s) > m && strncmp(s, name, m) == 0 && s[m] == '='))
			sl_buf_put(out, p, (size_t)(e - p));
		p = e;
	}
}

/* ---- what the rules offer ------------------------------------------------------------ */

/* What the board offers for piece key in state st: the lines of event ev
 * naming key= (the targets at the top and under each selection). With
 * clear (the choice's field), each choice is appended to out, and 1 says
 * content is one, 0 that others are; without, 1 says a line is there; -1
 * none is. */
typedef struct ask {
	const char *ev, *key_field, *key, *clear, *content;
	sl_buf *out;
} ask;

static int offered_in(recorder *rc, const void *st, const ask *q)
{
	sl_targets top, sub;
	sl_error err;
	int found = -1;
	sl_error_clear(&err);
	if (sl_targets_list(rc->log, st, "", &top, &err))
		return -1;
	for (int pass = -1; pass < top.n && found < 1; pass++) {
		const sl_targets *t = &top;
		if (pass >= 0) {
			if (top.v[pass].kind != SL_TARGET_SELECT || !top.v[pass].sel[0] ||
			    sl_targets_list(rc->log, st, top.v[pass].sel, &sub, &err))
				continue;
			t = &sub;
		}
		for (int i = 0; i < t->n && found < 1; i++) {
			char kv[64], cv[64], pl[64];
			size_t en;
			const char *ev = line_event(t->v[i].line, &en, pl, sizeof pl);
			if (t->v[i].kind != SL_TARGET_ACT || !is_word(ev, en, q->ev) ||
			    field(t->v[i].line, q->key_field, kv, sizeof kv, NULL) || strcmp(kv, q->key))
				continue;
			if (!q->clear) {
				found = 1;
				continue;
			}
			if (field(t->v[i].line, q->clear, cv, sizeof cv, NULL))
				continue;
			if (!strstr(sl_buf_cstr(q->out) ? sl_buf_cstr(q->out) : "", cv))
				sl_buf_printf(q->out, "%s%s", q->out->len ? " " : "", cv);
			found = strcmp(cv, q->content) == 0 ? 1 : 0;
		}
		if (pass >= 0)
			sl_targets_free(&sub);
	}
	sl_targets_free(&top);
	return found;
}

/* What the board offers now, or after the markers the recorder would imply
 * (up to the next round's first phase), as offered_in says. */
static int offered(recorder *rc, const ask *q)
{
	const sl_game *g = rc->log->game;
	void *copy = NULL;
	sl_error err;
	int r = -1;
	sl_error_clear(&err);
	if (sl_game_clone(g, rc->st, &copy, &err))
		return -1;
	for (int step = 0; step <= g->schema->nphases + 1 && r < 0; step++) {
		int turn = 0, phase = 0;
		char mark[24];
		sl_event m;
		if ((r = offered_in(rc, copy, q)) >= 0)
			break;
		g->position(copy, &turn, &phase);
		if (turn < 1)
			break;
		snprintf(mark, sizeof mark, phase < g->schema->nphases ? "phase %d" : "turn %d",
			phase < g->schema->nphases ? phase + 1 : turn + 1);
		if (sl_sil_parse_line(rc->log, mark, strlen(mark), 0, &m, &err) < 0 ||
		    sl_replay_apply(rc->log, copy, &m, rc->events, NULL, &err))
			break;
	}
	g->destroy(copy);
	return r;
}

/* The player a seal is kept for: typed, else the owner of the piece. */
static void owner(recorder *rc, const char *typed, const char *key, char *out, size_t n)
{
	int o = typed[0] ? -1 : rec_piece_owner(rc, key);
	snprintf(out, n, "%s", typed[0] ? typed : o >= 0 ? rc->log->h.players[o].id : "-");
}

/* ---- sealing, revealing ---------------------------------------------------------- */

/* "dial ship=gold dial=2FB": checked, sealed, the commitment recorded. */
static void seal_choice(recorder *rc, const rec_seal_kind *k, const char *line, const char *player, uint32_t lineno)
{
	rec_sealed v[REC_MAX_SEALS], keep[REC_MAX_SEALS];
	char content[64], key[64], hex[2 * SL_COMMIT_BYTES + 1];
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	uint32_t col = 1;
	int n = rec_seals_load(rc, v), n0 = n, at, r;
	long before = rc->accepted;
	sl_error err;
	sl_buf codes, out;
	sl_error_clear(&err);
	if (field(line, k->key_field, key, sizeof key, NULL) || !key[0] ||
	    field(line, k->clear_field, content, sizeof content, &col) || !content[0] || n < 0) {
		sl_error_at(&err, n < 0 ? SL_EIO : SL_ESYNTAX, "<stdin>", lineno, col, n < 0 ? "%s.seal cannot be read"
			: "a %s to seal names %s= and the choice in clear, %s=", n < 0 ? rc->path : k->commit_event,
			k->key_field, k->clear_field);
		rec_refuse(rc, &err);
		return;
	}
	sl_buf_init(&codes);
	{
		ask q = {k->commit_event, k->key_field, key, k->clear_field, content, &codes};
		r = offered(rc, &q);
	}
	if (r == 0) {
		sl_error_at(&err, SL_EILLEGAL, "<stdin>", lineno, col, "%s: %s=%s is not a choice the rules offer "
			"for %s now (offered: %s)", k->game, k->clear_field, content, key, sl_buf_cstr(&codes));
		sl_buf_free(&codes);
		rec_refuse(rc, &err);
		return;
	}
	sl_buf_free(&codes);
	if (sl_random_bytes(salt, sizeof salt) || sl_commit(c, k->domain, salt, content, strlen(content))) {
		sl_error_set(&err, SL_EIO, "no random bytes from the system for the salt");
		rec_refuse(rc, &err);
		return;
	}
	if (n)
		memcpy(keep, v, sizeof(rec_sealed) * (size_t)n);
	{
		char pl[64];
		owner(rc, player, key, pl, sizeof pl);
		at = rec_seal_find(v, n, pl, key);
		if (at < 0 && n == REC_MAX_SEALS)
			at = 0;   /* the oldest goes: more choices sealed than pieces to choose */
		else if (at < 0)
			at = n++;
		memset(&v[at], 0, sizeof v[at]);
		snprintf(v[at].player, sizeof v[at].player, "%s", pl);
	}
	snprintf(v[at].key, sizeof v[at].key, "%s", key);
	snprintf(v[at].content, sizeof v[at].content, "%s", content);
	sl_hexstr_encode(v[at].salt, salt, sizeof salt);
	sl_hexstr_encode(hex, c, sizeof c);
	if (rec_seals_save(rc, v, n)) {   /* the secret first: a crash after the commitment must not lose it */
		rc->io_failed = 1;
		return;
	}
	sl_buf_init(&out);
	drop_field(line, k->clear_field, &out);
	sl_buf_printf(&out, " %s=\"%s\"", k->hash_field, hex);
	rec_entry(rc, sl_buf_cstr(&out), out.len, lineno);
	sl_buf_free(&out);
	if (rc->accepted == before)   /* refused: the secrets as they were */
		rec_seals_save(rc, keep, n0);
	else if (!rc->quiet)
		rec_say(rc, "(sealed: %s=%s of %s is kept in %s.seal until its %s)\n", k->clear_field, content, key,
			rc->path, k->reveal_event);
}

/* A reveal of the sealed choice of key, with its content and salt: the line
 * to record (out), or 0 when none is sealed here. */
static int reveal_line(recorder *rc, const rec_seal_kind *k, const char *line, const char *player, const char *key,
	sl_buf *out, int *idx, rec_sealed *v, int n)
{
	char pl[64];
	owner(rc, player, key, pl, sizeof pl);
	if ((*idx = rec_seal_find(v, n, player[0] ? pl : "", key)) < 0)
		return 0;
	drop_field(line, k->salt_field, out);
	sl_buf_printf(out, " %s=%s %s=%s", k->content_field, v[*idx].content, k->salt_field, v[*idx].salt);
	return 1;
}

/* The reveal recorded: its secret leaves FILE.seal. */
static void reveal_done(recorder *rc, rec_sealed *v, int n, int idx)
{
	v[idx] = v[n - 1];
	if (rec_seals_save(rc, v, n - 1))
		rc->io_failed = 1;
}

/* Is a reveal of key what the rules offer, now or after the markers? */
static int reveal_offered(recorder *rc, const rec_seal_kind *k, const char *key)
{
	ask q = {k->reveal_event, k->key_field, key, NULL, NULL, NULL};
	return offered(rc, &q) == 1;
}

/* The reveal line rline of key with its sealed content and salt recorded;
 * then, once it is, the line `then` (the move that needed it) when given.
 * 0 when nothing is sealed for key here (the caller records the line). */
static int reveal_sealed(recorder *rc, const rec_seal_kind *k, const char *rline, const char *player,
	const char *key, uint32_t lineno, const char *then)
{
	rec_sealed v[REC_MAX_SEALS];
	int n = rec_seals_load(rc, v), idx = -1;
	long before = rc->accepted;
	sl_buf full;
	sl_buf_init(&full);
	if (n <= 0 || !reveal_line(rc, k, rline, player, key, &full, &idx, v, n)) {
		sl_buf_free(&full);
		return 0;
	}
	rec_entry(rc, sl_buf_cstr(&full), full.len, lineno);
	sl_buf_free(&full);
	if (rc->accepted == before)
		return 1;
	reveal_done(rc, v, n, idx);
	if (then)
		rec_entry(rc, then, strlen(then), lineno);
	return 1;
}

int rec_seal_line(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	const rec_seal_kind *k = rec_seal_kind_of(rc);
	char player[64], key[64] = "", tmp[64], *text;
	size_t en;
	const char *ev;
	int handled = 0, has_key;
	if (!k || !rc->st || !rc->seal_here || !(text = sl_strndup(line, len)))
		return 0;
	ev = line_event(text, &en, player, sizeof player);
	has_key = !field(text, k->key_field, key, sizeof key, NULL) && key[0];
	if (is_word(ev, en, k->commit_event) && field(text, k->hash_field, tmp, sizeof tmp, NULL) &&
	    !field(text, k->clear_field, tmp, sizeof tmp, NULL)) {
		seal_choice(rc, k, text, player, lineno);
		handled = 1;
	} else if (is_word(ev, en, k->reveal_event) && has_key && field(text, k->salt_field, tmp, sizeof tmp, NULL)) {
		handled = reveal_sealed(rc, k, text, player, key, lineno, NULL);
	} else if (is_word(ev, en, k->implied_by) && has_key && reveal_offered(rc, k, key)) {
		sl_buf rl;   /* the reveal the rules need before this line, written for the player */
		sl_buf_init(&rl);
		sl_buf_printf(&rl, "%s%s%s %s=%s", player, player[0] ? ": " : "", k->reveal_event, k->key_field, key);
		handled = reveal_sealed(rc, k, sl_buf_cstr(&rl), player, key, lineno, text);
		sl_buf_free(&rl);
	}
	sl_free(text);
	return handled;
}

void rec_seal_undone(recorder *rc, const char *text)
{
	const rec_seal_kind *k = rec_seal_kind_of(rc);
	rec_sealed v[REC_MAX_SEALS], s;
	char player[64];
	size_t en;
	int n;
	const char *ev;
	if (!k || !text)
		return;
	ev = line_event(text, &en, player, sizeof player);
	memset(&s, 0, sizeof s);
	if (!is_word(ev, en, k->reveal_event) || field(text, k->key_field, s.key, sizeof s.key, NULL) ||
	    field(text, k->content_field, s.content, sizeof s.content, NULL) ||
	    field(text, k->salt_field, s.salt, sizeof s.salt, NULL) || (n = rec_seals_load(rc, v)) < 0 || n >= REC_MAX_SEALS)
		return;
	owner(rc, player, s.key, s.player, sizeof s.player);
	if (rec_seal_find(v, n, s.player, s.key) >= 0)
		return;
	v[n++] = s;   /* an undone reveal: its secret is kept again, for the reveal typed next */
	if (rec_seals_save(rc, v, n))
		rc->io_failed = 1;
}
