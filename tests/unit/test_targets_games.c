/* test_targets_games.c - the click targets of fmp, ti4 and xwing
 * (render/games/<id>_targets.c) on states replayed from the samples: every
 * ACT target is an entry the rules take (its dice rolled, its sealed
 * choice committed as the server would), the pieces that may act have a
 * select target, known legal actions of the samples are offered and known
 * illegal ones are not. The checks here are the test's own: they do not
 * call render/targets.c's filter, except to see that it keeps what the
 * hooks offer. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sillage.h"
#include "render/painter.h"
#include "render/sl_targets.h"
#include "render/games/tg_kit.h"
#include "src/games/fmp/fmp.h"
#include "src/games/ti4/ti4.h"
#include "src/games/xwing/xwing.h"

#define FMP_SAMPLE "samples/fmp/ferrix.sil"
#define TI4_ACHERON "samples/ti4/acheron-hunger.sil"
#define TI4_VALEFAR "samples/ti4/valefar.sil"
/* rules version 4, `gen -g ti4 -P 4 -r 1 -k` cut after p3's landing on Mecatol Rex */
#define TI4_V4_MECATOL "tests/unit/data/ti4-v4-mecatol.sil"
/* rules version 5, typed: Letani Warriors on Mellon (no dock), the Saar's
 * Floating Factory at home, turns at systems where nothing produces */
#define TI4_V5_PRODUCE "tests/unit/data/ti4-v5-produce.sil"
#define XW_ION "samples/xwing/ion-ambush.sil"
#define XW_FREIGHTER "samples/xwing/freighter-run.sil"

/* ---- positions ------------------------------------------------------------------ */

typedef struct at {
	sl_log *log;
	sl_replay *r;
	sl_log view;          /* the log cut at the position */
	const void *st;
	size_t pos;
} at;

static sl_log *load(const char *path)
{
	sl_log *log = NULL;
	sl_error err;
	sl_error_clear(&err);
	if (sl_log_load(&log, path, &err))
		fail_msg("%s: %s", path, err.msg);
	return log;
}

/* The state after the first `pos` entries. */
static void at_pos(at *a, const char *path, size_t pos)
{
	sl_error err;
	sl_error_clear(&err);
	a->log = load(path);
	if (sl_replay_open(&a->r, a->log, 0, &err))
		fail_msg("%s: %s", path, err.msg);
	if (pos > a->log->n)
		pos = a->log->n;
	assert_int_equal(sl_replay_seek(a->r, pos, &err), 0);
	a->view = *a->log;
	a->view.n = pos;
	a->st = sl_replay_state(a->r);
	a->pos = pos;
}

static void at_free(at *a)
{
	sl_replay_free(a->r);
	sl_log_free(a->log);
}

static void entry_text(const sl_log *log, size_t i, sl_buf *b)
{
	sl_buf_reset(b);
	sl_sil_write_entry(log, &log->ev[i], b);
}

/* The index of the first entry at or after `from` whose line holds text:
 * the position just before it. */
static size_t before(const char *path, size_t from, const char *text)
{
	sl_log *log = load(path);
	sl_buf b;
	sl_buf_init(&b);
	for (size_t i = from; i < log->n; i++) {
		entry_text(log, i, &b);
		if (strstr(sl_buf_cstr(&b), text)) {
			sl_buf_free(&b);
			sl_log_free(log);
			return i;
		}
	}
	sl_buf_free(&b);
	sl_log_free(log);
	fail_msg("%s: no entry holds '%s'", path, text);
	return 0;
}

static void at_before(at *a, const char *path, const char *text)
{
	at_pos(a, path, before(path, 0, text));
}

/* ---- targets -------------------------------------------------------------------- */

/* What the game's hook offers, before render/targets.c filters it. */
static void hook(at *a, const char *sel, sl_targets *t)
{
	const sl_painter *p = sl_painter_find(a->log->game->id);
	sl_frame fr;
	sl_error err;
	memset(t, 0, sizeof *t);
	memset(&fr, 0, sizeof fr);
	sl_error_clear(&err);
	assert_non_null(p);
	assert_non_null(p->targets);
	fr.game = a->log->game;
	fr.header = &a->log->h;
	fr.state = a->st;
	if (p->targets(&fr, sel, t, &err))
		fail_msg("hook: %s", err.msg);
}

/* What the record page gets. */
static void list(at *a, const char *sel, sl_targets *t)
{
	sl_error err;
	sl_error_clear(&err);
	if (sl_targets_list(&a->view, a->st, sel, t, &err))
		fail_msg("targets: %s", err.msg);
	assert_true(t->width > 0 && t->height > 0);
}

static const sl_target *find_act(const sl_targets *t, const char *line)
{
	for (int i = 0; i < t->n; i++)
		if (t->v[i].kind == SL_TARGET_ACT && strcmp(t->v[i].line, line) == 0)
			return &t->v[i];
	return NULL;
}

static const sl_target *find_sel(const sl_targets *t, const char *sel)
{
	for (int i = 0; i < t->n; i++)
		if (t->v[i].kind == SL_TARGET_SELECT && strcmp(t->v[i].sel, sel) == 0)
			return &t->v[i];
	return NULL;
}

static int count_group(const sl_targets *t, const char *group)
{
	int n = 0;
	for (int i = 0; i < t->n; i++)
		n += t->v[i].kind == SL_TARGET_ACT && strcmp(t->v[i].group, group) == 0;
	return n;
}

/* ---- the rules' own word on a line ------------------------------------------------ */

/* Applies ev to a copy of the state: 1 taken (the copy in *after if
 * asked, caller destroys), 0 refused. */
static int apply_copy(at *a, const sl_event *ev, void **after)
{
	const sl_game *g = a->log->game;
	void *copy = NULL;
	sl_error err;
	int ok;
	sl_error_clear(&err);
	assert_int_equal(sl_game_clone(g, a->st, &copy, &err), 0);
	ok = sl_entry_apply(g, &a->log->h, NULL, copy, ev, 1000000, NULL, &err) == SL_OK;
	if (ok && after)
		*after = copy;
	else
		g->destroy(copy);
	return ok;
}

static int event_of(const sl_schema *sc, const char *line)
{
	const char *colon = strchr(line, ':'), *sp = strchr(line, ' '), *w = line;
	if (colon && (!sp || colon < sp))
		w = colon + 2;
	return sl_schema_event(sc, w, strcspn(w, " "));
}

/* Whether the rules take `line` once what it leaves to the recorder is
 * drawn: a DICE field left out gets some count of dice (all showing the
 * highest face, then all ones), a drawn ENUM left out (a card) any value
 * the rules' chances give. 1 taken (*after as apply_copy), 0 not. */
static int recordable(at *a, const char *line, void **after)
{
	const sl_game *g = a->log->game;
	const sl_schema *sc = g->schema;
	int type = event_of(sc, line), dice_field = -1, nenum = 1, enum_field = -1;
	const sl_field_def *df = NULL, *ef = NULL;
	uint8_t w[32] = {1};
	if (strncmp(line, "turn ", 5) == 0 || strncmp(line, "phase ", 6) == 0)
		type = -1;
	for (int k = 0; type >= 0 && k < sc->events[type].nfields; k++) {
		const sl_field_def *fd = &sc->events[type].fields[k];
		char key[40];
		snprintf(key, sizeof key, " %s=", fd->name);
		if (strstr(line, key))
			continue;
		if (fd->kind == SL_K_DICE && dice_field < 0) {
			dice_field = k;
			df = fd;
		}
		if (fd->kind == SL_K_ENUM && !fd->optional && g->chances && enum_field < 0) {
			nenum = g->chances(a->st, &a->log->h, type, k, w, 32);
			enum_field = k;
			ef = fd;
		}
	}
	for (int e = 0; e < nenum; e++) {
		int maxn = df ? (df->max_items < 64 ? df->max_items : 64) : 0;
		if (!w[e])
			continue;
		for (int face = 0; face < (df ? 2 : 1); face++)
			for (int n = df && !df->optional ? 1 : 0; n <= maxn; n++) {
				char buf[1200];
				sl_event ev;
				sl_error err;
				snprintf(buf, sizeof buf, "%s", line);
				if (ef)
					snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " %s=%s", ef->name,
						ef->names[e]);
				if (n)
					snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " %s=", df->name);
				for (int k = 0; k < n; k++)
					snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", k ? "," : "",
						face ? 1 : (int)df->max);
				sl_error_clear(&err);
				if (sl_sil_parse_line(a->log, buf, strlen(buf), 1, &ev, &err) != 1)
					continue;
				if (apply_copy(a, &ev, after))
					return 1;
			}
	}
	return 0;
}

/* A hook's sealed choice made as the server would make it: the clear
 * line's choice committed with a fresh salt. */
static int sealable(at *a, const sl_target *t)
{
	char who[32], ship[32], word[16], line[256], hex[2 * SL_COMMIT_BYTES + 1];
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	const char *game = a->log->game->id;
	assert_int_equal(sl_random_bytes(salt, sizeof salt), 0);
	if (strcmp(game, "xwing") == 0) {
		if (sscanf(t->line, "%31[^:]: dial ship=%31s dial=%15s", who, ship, word) != 3)
			return 0;
		assert_int_equal(sl_commit(c, "xwing-dial", salt, word, strlen(word)), SL_OK);
		sl_hexstr_encode(hex, c, sizeof c);
		snprintf(line, sizeof line, "%s: dial ship=%s commit=\"%s\"", who, ship, hex);
	} else {
		if (sscanf(t->line, "%31[^:]: commit ship=%31s choice=%15s", who, ship, word) != 3)
			return 0;
		assert_int_equal(sl_commit(c, "fmp-takeoff", salt, word, strlen(word)), SL_OK);
		sl_hexstr_encode(hex, c, sizeof c);
		snprintf(line, sizeof line, "%s: commit ship=%s hash=\"%s\"", who, ship, hex);
	}
	return recordable(a, line, NULL);
}

/* An xwing attack with the counts its odds name, every die a blank. */
static int attackable(at *a, const sl_target *t)
{
	int na, nd;
	char line[640];
	if (sscanf(t->odds, "%d attack %*s vs %d defence", &na, &nd) != 2)
		return 0;
	snprintf(line, sizeof line, "%s atk=", t->line);
	for (int k = 0; k < na; k++)
		strcat(line, k ? ",blank" : "blank");
	if (nd) {
		strcat(line, " def=");
		for (int k = 0; k < nd; k++)
			strcat(line, k ? ",blank" : "blank");
	}
	return recordable(a, line, NULL);
}

static int hidden(const sl_target *t)
{
	return !strcmp(t->group, "dial") || !strcmp(t->group, "seal") || !strcmp(t->group, "reveal");
}

/* Every ACT target of t is taken by the rules: as it is, its dice rolled,
 * its sealed choice committed, an attack with its dice. A reveal is left
 * to the tests that know the sealed choice (the sample's next entry). */
static void assert_all_legal(at *a, const sl_targets *t)
{
	for (int i = 0; i < t->n; i++) {
		const sl_target *x = &t->v[i];
		int ok;
		if (x->kind != SL_TARGET_ACT)
			continue;
		if (!strcmp(x->group, "reveal"))
			continue;
		if (!strcmp(x->group, "dial") || !strcmp(x->group, "seal"))
			ok = sealable(a, x);
		else if (!strcmp(x->group, "attack") && !strcmp(a->log->game->id, "xwing"))
			ok = attackable(a, x);
		else
			ok = recordable(a, x->line, NULL);
		if (!ok)
			fail_msg("%s at entry %zu: target '%s' (%s) is refused by the rules",
				a->log->game->id, a->pos, x->line, x->label);
	}
}

/* The hook's targets under sel, the record page's (the filter keeps
 * everything the hook offers but the sealed lines and xwing attacks,
 * whose dice or secrets are not in the line), all legal. */
static void assert_consistent(at *a, const char *sel, sl_targets *h)
{
	sl_targets l;
	sl_buf res;
	int over;
	hook(a, sel, h);
	list(a, sel, &l);
	assert_all_legal(a, h);
	sl_buf_init(&res);
	over = a->log->game->result && a->log->game->result(a->st, &a->log->h, &res) == 1;
	sl_buf_free(&res);
	if (over) {   /* the game is over: the record page takes only notes */
		assert_int_equal(l.n, 0);
		sl_targets_free(&l);
		return;
	}
	for (int i = 0; i < h->n; i++) {
		const sl_target *x = &h->v[i];
		int kept = 0;
		if (x->kind != SL_TARGET_ACT || hidden(x)
		    || (!strcmp(x->group, "attack") && !strcmp(a->log->game->id, "xwing")))
			continue;
		for (int k = 0; k < l.n && !kept; k++)
			kept = !strcmp(l.v[k].line, x->line) && !strcmp(l.v[k].sel, x->sel);
		if (!kept)
			fail_msg("%s at entry %zu: the filter dropped '%s'", a->log->game->id, a->pos,
				x->line);
	}
	sl_targets_free(&l);
}

/* The sample's own next entry, as a target would write it: what the
 * recorder or the server fills in left out (drawn dice, a card, a sealed
 * reveal's dial and salt, an attack's faces), its check dropped. 0 when
 * the entry is of a kind the targets offer in another form (a move by
 * another path, a fleet or a split of hits of another mix, a dial, which
 * is sealed in clear) and is not compared. */
static int expected_line(const at *a, char *buf, size_t n)
{
	static const char *const compared[] = {
		/* fmp */ "fire", "capture", "load", "unload", "enter", "rebuild", "takeoff", "tide",
		"neutralise", "land",
		/* ti4 */ "activate", "pass", "end", "cannon", "barrage", "bombard", "reclaim", "agent",
		"vortex", "replenish",
		/* xwing */ "reveal", "action", "attack", NULL};
	static const char *const drawn[] = {"dice=", "card=", "salt=", "atk=", "def=", "aspend=",
		"dspend=", "reroll=", "rerolled=", "crits=", NULL};
	const sl_event *ev = &a->log->ev[a->pos];
	const char *name;
	sl_buf b;
	char *tok, *save, tmp[1200];
	int ok = 0;
	if (a->pos >= a->log->n)
		return 0;
	sl_buf_init(&b);
	if (ev->entry != SL_ENTRY_EVENT) {
		if (ev->entry == SL_ENTRY_TURN)
			sl_buf_printf(&b, "turn %d", (int)ev->mark);
		else
			sl_buf_printf(&b, "phase %d", (int)ev->mark);
		snprintf(buf, n, "%s", sl_buf_cstr(&b));
		sl_buf_free(&b);
		return 1;
	}
	name = a->log->game->schema->events[ev->type].name;
	for (int k = 0; compared[k] && !ok; k++)
		ok = !strcmp(compared[k], name);
	if (!ok) {
		sl_buf_free(&b);
		return 0;
	}
	sl_sil_write_entry(a->log, ev, &b);
	snprintf(tmp, sizeof tmp, "%s", sl_buf_cstr(&b));
	sl_buf_free(&b);
	{   /* the last line of the entry (comments come before it) */
		char *nl = strrchr(tmp, '\n');
		while (nl && nl[1] == 0) {
			*nl = 0;
			nl = strrchr(tmp, '\n');
		}
		if (nl)
			memmove(tmp, nl + 1, strlen(nl + 1) + 1);
	}
	buf[0] = 0;
	for (tok = strtok_r(tmp, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		int drop = tok[0] == '!';
		for (int k = 0; drawn[k] && !drop; k++)
			drop = !strncmp(tok, drawn[k], strlen(drawn[k]));
		if (!strcmp(name, "reveal") && !strncmp(tok, "dial=", 5))
			drop = 1;
		if (!strcmp(name, "reveal") && !strncmp(tok, "choice=", 7))
			drop = 1;
		if (drop)
			continue;
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? " " : "", tok);
	}
	/* an xwing barrel roll names its place, a boost its direction */
	if (strstr(buf, "action=barrelroll") && !strstr(buf, "place="))
		snprintf(buf + strlen(buf), n - strlen(buf), " place=middle");
	return 1;
}

static const fmp_unit *fmp_unit_named(const fmp_state *s, const char *id)
{
	for (int i = 0; i < s->nunits; i++)
		if (!strcmp(s->units[i].id, id))
			return &s->units[i];
	return NULL;
}

static const char *field_str(const sl_event *ev, int k, char *buf, size_t n)
{
	size_t len;
	const char *p = sl_value_str(&ev->f[k], &len);
	snprintf(buf, n, "%.*s", (int)len, p ? p : "");
	return buf;
}

/* The sample's next entries that targets offer in another form: an fmp
 * move (a target reaches the same hex for no more points), an fmp leave (a
 * target puts the unit on the same hex), a ti4 fleet (its system is
 * selectable), hits (the player has an assignment), production (a package),
 * an xwing dial (the ship has dial targets) and maneuver (offered as is). */
static void assert_next_in_form(at *a, const sl_targets *top)
{
	const sl_event *ev;
	const char *game = a->log->game->id, *name;
	char id[64], sel[80], buf[256];
	sl_targets s;
	int found = 0;
	if (a->pos >= a->log->n || a->log->ev[a->pos].entry != SL_ENTRY_EVENT)
		return;
	ev = &a->log->ev[a->pos];
	name = a->log->game->schema->events[ev->type].name;
	if (!strcmp(game, "fmp") && (!strcmp(name, "move") || !strcmp(name, "leave"))) {
		void *want = NULL;
		const fmp_unit *wu;
		int spent;
		assert_true(apply_copy(a, ev, &want));
		field_str(ev, 0, id, sizeof id);
		wu = fmp_unit_named(want, id);
		spent = ((const fmp_state *)a->st)->players[ev->player].ap
			- ((const fmp_state *)want)->players[ev->player].ap;
		snprintf(sel, sizeof sel, "unit:%s", id);
		hook(a, sel, &s);
		for (int i = 0; i < s.n && !found; i++) {
			void *got = NULL;
			const fmp_unit *gu;
			if (strcmp(s.v[i].group, name))
				continue;
			assert_true(recordable(a, s.v[i].line, &got));
			gu = fmp_unit_named(got, id);
			found = gu->col == wu->col && gu->row == wu->row
				&& ((const fmp_state *)a->st)->players[ev->player].ap
				- ((const fmp_state *)got)->players[ev->player].ap <= spent;
			sl_game_fmp.destroy(got);
		}
		sl_game_fmp.destroy(want);
		sl_targets_free(&s);
		if (!found)
			fail_msg("fmp at entry %zu: no %s of %s reaches %d,%d", a->pos, name, id, wu->col,
				wu->row);
	} else if (!strcmp(game, "ti4") && !strcmp(name, "move")) {
		snprintf(sel, sizeof sel, "from:%03d", (int)ev->f[0].u.i);
		if (!find_sel(top, sel))
			fail_msg("ti4 at entry %zu: %s is not offered", a->pos, sel);
	} else if (!strcmp(game, "ti4") && (!strcmp(name, "assign") || !strcmp(name, "produce"))) {
		const char *pid = a->log->h.players[ev->player].id;
		for (int i = 0; i < top->n && !found; i++)
			found = !strcmp(top->v[i].group, name) && !strcmp(top->v[i].player, pid);
		if (!found)
			fail_msg("ti4 at entry %zu: %s has no %s target", a->pos, pid, name);
	} else if (!strcmp(game, "xwing") && (!strcmp(name, "dial") || !strcmp(name, "move"))) {
		snprintf(sel, sizeof sel, "ship:%s", field_str(ev, 0, id, sizeof id));
		if (!find_sel(top, sel))
			fail_msg("xwing at entry %zu: %s is not offered", a->pos, sel);
		hook(a, sel, &s);
		snprintf(buf, sizeof buf, "%s: move ship=%s", a->log->h.players[ev->player].id, id);
		found = !strcmp(name, "dial") ? count_group(&s, "dial") > 0
			: (ev->f[1].present || find_act(&s, buf) != NULL);
		sl_targets_free(&s);
		if (!found)
			fail_msg("xwing at entry %zu: %s's %s is not offered", a->pos, id, name);
	}
}

/* Every select target's selection, and the top level, at `pos`; and the
 * sample's next entry is among the targets (in the form a target writes). */
static void sweep_at(const char *path, size_t pos, int max_sel)
{
	at a;
	sl_targets top;
	char want[1200];
	int offered = 0, compare;
	at_pos(&a, path, pos);
	compare = expected_line(&a, want, sizeof want);
	assert_consistent(&a, NULL, &top);
	offered = compare && find_act(&top, want) != NULL;
	for (int i = 0, n = 0; i < top.n; i++) {
		sl_targets s;
		if (top.v[i].kind != SL_TARGET_SELECT)
			continue;
		if (n++ < max_sel) {
			assert_consistent(&a, top.v[i].sel, &s);
		} else {
			hook(&a, top.v[i].sel, &s);
		}
		offered = offered || (compare && find_act(&s, want) != NULL);
		sl_targets_free(&s);
	}
	if (compare && !offered)
		fail_msg("%s at entry %zu: the sample's next entry '%s' is not offered", path, pos, want);
	assert_next_in_form(&a, &top);
	sl_targets_free(&top);
	at_free(&a);
}

static void sweep(const char *path, size_t step, int max_sel)
{
	sl_log *log = load(path);
	size_t n = log->n;
	sl_log_free(log);
	for (size_t pos = 0; pos <= n; pos += step)
		sweep_at(path, pos, max_sel);
}

/* The sample's entry at the position, as written. */
static void next_line(at *a, char *buf, size_t n)
{
	sl_buf b;
	sl_buf_init(&b);
	entry_text(a->log, a->pos, &b);
	snprintf(buf, n, "%s", sl_buf_cstr(&b));
	sl_buf_free(&b);
}

/* ---- fmp ----------------------------------------------------------------------------- */

static void test_fmp_landing(void **state)
{
	at a;
	sl_targets top, sel;
	(void)state;
	at_before(&a, FMP_SAMPLE, "ana: land at=6,5");
	hook(&a, NULL, &top);
	assert_non_null(find_sel(&top, "land:6,5"));
	assert_null(find_sel(&top, "land:1,1"));     /* sea */
	assert_null(find_sel(&top, "land:10,8"));    /* a mountain under a pode */
	list(&a, "land:6,5", &sel);
	assert_non_null(find_act(&sel, "ana: land at=6,5 pode=N"));
	assert_int_equal(count_group(&sel, "land"), 6);
	assert_null(find_act(&sel, "bob: land at=6,5 pode=N"));
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);
}

static void test_fmp_deployment(void **state)
{
	at a;
	sl_targets top, sel;
	(void)state;
	at_before(&a, FMP_SAMPLE, "ana: leave unit=ana-c1");
	list(&a, NULL, &top);
	/* every unit of the army is in the astronef and may leave */
	assert_non_null(find_sel(&top, "unit:ana-c1"));
	assert_non_null(find_sel(&top, "unit:ana-h"));
	assert_null(find_sel(&top, "unit:bob-c1"));  /* not Ana's part */
	assert_non_null(find_act(&top, "phase 3"));
	list(&a, "unit:ana-c1", &sel);
	assert_non_null(find_act(&sel, "ana: leave unit=ana-c1 ship=ana pode=1 to=7,4"));
	assert_null(find_act(&sel, "ana: leave unit=ana-c1 ship=ana pode=1 to=9,4"));   /* not next to a pode */
	for (int i = 0; i < sel.n; i++)
		assert_string_equal(sel.v[i].cost, "free");   /* H3: deployment is free */
	assert_all_legal(&a, &sel);
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);
}

/* The move the sample makes ends where one of the targets ends, for the
 * same points; no target spends more than the points left. */
static void test_fmp_moves(void **state)
{
	at a;
	sl_targets sel;
	const fmp_state *s;
	void *want = NULL;
	const fmp_unit *goal;
	int found = 0;
	(void)state;
	at_before(&a, FMP_SAMPLE, "ana: move unit=ana-t1 path=SE,SE");
	s = a.st;
	assert_true(recordable(&a, "ana: move unit=ana-t1 path=SE,SE", &want));
	goal = fmp_unit_named(want, "ana-t1");
	list(&a, "unit:ana-t1", &sel);
	assert_true(count_group(&sel, "move") > 4);
	for (int i = 0; i < sel.n; i++) {
		void *got = NULL;
		int spent;
		if (strcmp(sel.v[i].group, "move"))
			continue;
		assert_true(recordable(&a, sel.v[i].line, &got));
		spent = s->players[0].ap - ((const fmp_state *)got)->players[0].ap;
		assert_true(spent >= 1 && spent <= s->players[0].ap);
		if (fmp_unit_named(got, "ana-t1")->col == goal->col
		    && fmp_unit_named(got, "ana-t1")->row == goal->row) {
			found = 1;
			assert_int_equal(spent, 2);
			assert_non_null(strstr(sel.v[i].cost, "2 of"));
		}
		sl_game_fmp.destroy(got);
	}
	assert_true(found);
	/* a tank does not sail: no target ends on the sea at 1,1 or beyond its points */
	assert_null(find_act(&sel, "ana: move unit=ana-t1 path=SE,SE,SE,SE,SE,SE"));
	sl_game_fmp.destroy(want);
	sl_targets_free(&sel);
	at_free(&a);
}

static void test_fmp_fire_and_capture(void **state)
{
	at a;
	sl_targets sel;
	(void)state;
	at_before(&a, FMP_SAMPLE, "ana: fire a=ana-t1 b=ana-t2 at=13,10");
	list(&a, "unit:ana-t1", &sel);
	assert_non_null(find_act(&sel, "ana: fire a=ana-t1 b=ana-t2 at=13,10"));
	assert_true(find_act(&sel, "ana: fire a=ana-t1 b=ana-t2 at=13,10")->x > 0);
	assert_string_equal(find_act(&sel, "ana: fire a=ana-t1 b=ana-t2 at=13,10")->cost, "2 of 20 AP");
	/* her own tank is no target, nor a turret out of range */
	assert_null(find_act(&sel, "ana: fire a=ana-t1 b=ana-t2 at=12,11"));
	assert_all_legal(&a, &sel);
	sl_targets_free(&sel);
	at_free(&a);

	at_before(&a, FMP_SAMPLE, "ana: enter unit=ana-h ship=bob pode=1");
	list(&a, "unit:ana-h", &sel);
	assert_non_null(find_act(&sel, "ana: enter unit=ana-h ship=bob pode=1"));
	assert_null(find_act(&sel, "ana: enter unit=ana-h ship=cyd pode=1"));   /* turrets standing */
	sl_targets_free(&sel);
	at_free(&a);
}

/* 9.3: after the capture only the escape of the new army (or neutralise). */
static void test_fmp_escape(void **state)
{
	at a;
	sl_targets top, sel;
	(void)state;
	at_before(&a, FMP_SAMPLE, "ana: move unit=bob-t4 path=SW");
	list(&a, NULL, &top);
	assert_non_null(find_sel(&top, "unit:bob-t4"));
	assert_null(find_sel(&top, "unit:ana-t1"));
	assert_non_null(find_act(&top, "ana: neutralise"));
	list(&a, "unit:bob-t4", &sel);
	assert_non_null(find_act(&sel, "ana: move unit=bob-t4 path=SW"));
	for (int i = 0; i < sel.n; i++)
		if (!strcmp(sel.v[i].group, "move"))
			assert_null(strchr(sel.v[i].line + strlen("ana: move unit=bob-t4 path="), ','));
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, FMP_SAMPLE, "ana: rebuild ship=bob pode=1");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "ana: rebuild ship=bob pode=1"));
	assert_null(find_act(&top, "ana: rebuild ship=ana pode=1"));   /* 9.2: only the captor's */
	sl_targets_free(&top);
	at_free(&a);
}

static void test_fmp_tide_and_turn21(void **state)
{
	at a;
	sl_targets top;
	char next[256];
	(void)state;
	at_before(&a, FMP_SAMPLE, "tide card=low");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "tide"));   /* the card left to the recorder */
	assert_int_equal(count_group(&top, "move"), 0);
	assert_null(find_sel(&top, "unit:ana-t1"));
	sl_targets_free(&top);
	at_free(&a);

	/* turn 21: each owner seals a choice for each astronef it holds */
	at_before(&a, FMP_SAMPLE, "ana: commit ship=ana");
	hook(&a, NULL, &top);
	assert_non_null(find_act(&top, "ana: commit ship=ana choice=stay"));
	assert_non_null(find_act(&top, "ana: commit ship=bob choice=leave"));
	assert_non_null(find_act(&top, "cyd: commit ship=cyd choice=leave"));
	assert_null(find_act(&top, "bob: commit ship=bob choice=stay"));   /* bob holds it no more */
	assert_int_equal(count_group(&top, "reveal"), 0);                  /* none before all are sealed */
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, FMP_SAMPLE, "cyd: reveal ship=cyd");
	next_line(&a, next, sizeof next);
	hook(&a, NULL, &top);
	assert_non_null(find_act(&top, "cyd: reveal ship=cyd"));
	assert_null(find_act(&top, "ana: reveal ship=ana"));   /* revealed already */
	assert_int_equal(count_group(&top, "seal"), 0);
	sl_targets_free(&top);
	at_free(&a);
}

static void test_fmp_sweep(void **state)
{
	(void)state;
	sweep(FMP_SAMPLE, 3, 6);
}

/* ---- ti4 ----------------------------------------------------------------------------- */

static void test_ti4_activation_and_move(void **state)
{
	at a;
	sl_targets top, sel;
	const sl_target *x;
	(void)state;
	at_before(&a, TI4_ACHERON, "vera: activate system=203");
	list(&a, NULL, &top);
	x = find_act(&top, "vera: activate system=203");
	assert_non_null(x);
	assert_true(x->x > 0 && x->r > 0);
	assert_non_null(find_act(&top, "sana: pass"));
	assert_null(find_act(&top, "phase 2"));   /* nobody has passed */
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "vera: move from=202");
	list(&a, NULL, &top);
	assert_non_null(find_sel(&top, "from:202"));
	assert_null(find_sel(&top, "from:205"));   /* none of vera's ships there */
	assert_null(find_act(&top, "vera: activate system=201"));   /* a tactical action is under way */
	assert_non_null(find_act(&top, "vera: end"));
	list(&a, "from:202", &sel);
	assert_non_null(find_act(&sel, "vera: move from=202 units=dn,dn,ff,ff"));
	assert_null(find_act(&sel, "vera: move from=202 units=dn,dn,dn"));
	assert_all_legal(&a, &sel);
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);

	/* her command token is in 203 now: no second activation there */
	at_before(&a, TI4_ACHERON, "vera: activate system=209");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "vera: activate system=209"));
	assert_null(find_act(&top, "vera: activate system=203"));
	assert_null(find_act(&top, "sana: activate system=201"));   /* sana passed */
	sl_targets_free(&top);
	at_free(&a);
}

static void test_ti4_combat(void **state)
{
	at a;
	sl_targets top;
	const sl_target *x;
	(void)state;
	at_before(&a, TI4_ACHERON, "otto: barrage dice=9,4");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "otto: barrage"));
	x = find_act(&top, "vera: fire");
	assert_non_null(x);
	/* two dreadnoughts (5) and two fighters (9): 0.6 + 0.6 + 0.2 + 0.2 */
	assert_non_null(strstr(x->odds, "4 dice: 1.6 hits expected"));
	assert_null(find_act(&top, "sana: fire"));   /* not in this combat */
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "otto: assign sustain=dn destroy=dd,ff");
	list(&a, NULL, &top);
	/* both rolled: each takes the other's hits, sustaining first or not */
	assert_non_null(find_act(&top, "otto: assign sustain=dn destroy=ff,ff"));
	assert_non_null(find_act(&top, "vera: assign sustain=dn"));
	for (int i = 0; i < top.n; i++)
		if (!strcmp(top.v[i].group, "assign"))
			assert_string_not_equal(top.v[i].player, "sana");
	assert_null(find_act(&top, "otto: fire"));   /* hits first */
	sl_targets_free(&top);
	at_free(&a);
}

static void test_ti4_invasion_and_production(void **state)
{
	at a;
	sl_targets top;
	(void)state;
	at_before(&a, TI4_ACHERON, "vera: land planet=jord units=inf,inf,inf");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "vera: land planet=jord units=inf,inf,inf"));
	assert_null(find_act(&top, "vera: land planet=jord units=inf,inf,inf,inf"));
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "vera: fire dice=8,2,3 planet=jord");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "vera: fire planet=jord"));
	assert_non_null(find_act(&top, "sana: fire planet=jord"));
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "otto: produce units=dn pay=arcprime");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "otto: produce units=dn pay=arcprime"));
	assert_null(find_act(&top, "otto: produce units=dn,dn,dn pay=arcprime"));
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "phase 2 status");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "phase 2"));
	assert_int_equal(count_group(&top, "activate"), 0);
	sl_targets_free(&top);
	at_free(&a);
}

/* Rules version 4: the landing on Mecatol Rex with the custodians token is
 * offered with its six influence paid (LRR 27.2), never unpaid. */
static void test_ti4_custodians(void **state)
{
	at a;
	sl_targets top;
	(void)state;
	at_before(&a, TI4_V4_MECATOL, "p3: land planet=mecatolrex");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "p3: land planet=mecatolrex units=inf,inf,inf,inf pay=rarron,qucenn,ylir"));
	assert_null(find_act(&top, "p3: land planet=mecatolrex units=inf,inf,inf,inf"));
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);
}

/* Production is offered only where a unit of the active player's has
 * production (LRR 68.1): Letani Warriors' planet without a dock (ground
 * forces there, ships in the space area), a Floating Factory's space area
 * (LRR 79.4a: ground forces stay in space), never in a system where
 * nothing of the player's produces. */
static void test_ti4_production_places(void **state)
{
	at a;
	sl_targets top;
	(void)state;
	at_before(&a, TI4_V5_PRODUCE, "ana: end");   /* ana at 202: two warriors on Mellon */
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "ana: produce units=inf,inf pay=nestphar planet=mellon"));
	assert_non_null(find_act(&top, "ana: produce units=dd pay=nestphar"));
	assert_null(find_act(&top, "ana: produce units=inf,inf pay=nestphar planet=zohbat"));
	assert_int_equal(count_group(&top, "produce"), 5);
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);

	at_pos(&a, TI4_V5_PRODUCE, before(TI4_V5_PRODUCE, 0, "cyd: end"));   /* cyd at 210: none */
	list(&a, NULL, &top);
	assert_int_equal(count_group(&top, "produce"), 0);
	sl_targets_free(&top);
	at_free(&a);

	at_pos(&a, TI4_V5_PRODUCE, before(TI4_V5_PRODUCE, 0, "bob: activate system=205") + 1);
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "bob: produce units=inf,inf pay=ragh"));
	assert_null(find_act(&top, "bob: produce units=inf,inf pay=ragh planet=lisis2"));
	assert_true(count_group(&top, "produce") > 0);
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);
}

/* Rules version 5: the Saar's Floating Factory moves as a ship does, with the
 * fighters its capacity carries (LRR 79.4a), among the fleets from 205. */
static void test_ti4_factory_moves(void **state)
{
	at a;
	sl_targets top;
	(void)state;
	at_pos(&a, TI4_V5_PRODUCE, before(TI4_V5_PRODUCE, 0, "bob: activate system=206") + 1);
	list(&a, "from:205", &top);
	assert_non_null(find_act(&top, "bob: move from=205 units=ff,ff,sd"));
	assert_non_null(find_act(&top, "bob: move from=205 units=cr,cv,cv,ff,ff,sd"));
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);
}

/* Rules version 5: a Hel-Titan defending Sakulag rolls in the ground combat
 * with its odds (one die on 7) and takes its hit, sustaining or destroyed. */
static void test_ti4_hel_titan(void **state)
{
	at a;
	sl_targets top;
	const sl_target *x;
	(void)state;
	at_before(&a, TI4_V5_PRODUCE, "ana: fire dice=9,1");
	list(&a, NULL, &top);
	assert_non_null(x = find_act(&top, "cyd: fire planet=sakulag"));
	assert_non_null(strstr(x->odds, "1 die: 0.4 hits expected"));
	sl_targets_free(&top);
	at_free(&a);
	at_pos(&a, TI4_V5_PRODUCE, (size_t)-1);
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "cyd: assign sustain=pds"));
	assert_non_null(find_act(&top, "cyd: assign destroy=pds"));
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);
}

/* Capture (LRR 17 (22)) and what feeds it: the unit taken back for want of
 * reinforcements (commentary 8), the agent answering a replenishment,
 * Vortex. */
static void test_ti4_capture(void **state)
{
	at a;
	sl_targets top;
	(void)state;
	at_before(&a, TI4_ACHERON, "otto: reclaim unit=dn from=206");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "otto: reclaim unit=dn from=206"));
	assert_null(find_act(&top, "otto: reclaim unit=cr from=212"));   /* cruisers left in reinforcements */
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "otto: replenish");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "otto: replenish"));
	assert_null(find_act(&top, "vera: agent target=otto unit=dd"));   /* nothing replenished yet */
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "vera: agent target=otto unit=dd");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "vera: agent target=otto unit=dd"));
	assert_null(find_act(&top, "vera: agent target=otto unit=sd"));   /* structures are never captured */
	assert_null(find_act(&top, "vera: agent target=otto unit=dn"));   /* costs more than the commodities */
	assert_null(find_act(&top, "otto: agent target=vera unit=dd"));   /* the Cabal's agent */
	sl_targets_free(&top);
	at_free(&a);

	/* 17.2a: a captured unit returned in a transaction; 17.2b: Amalgamation */
	at_before(&a, TI4_ACHERON, "otto: trade with=vera tg=2 getrelease=dn");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "otto: trade with=vera getrelease=dn"));
	assert_null(find_act(&top, "otto: trade with=vera release=dn"));   /* otto holds none of vera's */
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_ACHERON, "vera: produce units=cv amalg=cv owner=sana");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "vera: produce units=cv amalg=cv owner=sana"));
	assert_null(find_act(&top, "vera: produce units=cr amalg=cr owner=sana"));   /* none held */
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, TI4_VALEFAR, "ana: vortex target=bob unit=dd at=202");
	list(&a, NULL, &top);
	assert_non_null(find_act(&top, "ana: vortex target=bob unit=dd at=202"));
	assert_all_legal(&a, &top);
	sl_targets_free(&top);
	at_free(&a);
}

static void test_ti4_sweep(void **state)
{
	(void)state;
	sweep(TI4_ACHERON, 1, 6);
	sweep(TI4_VALEFAR, 1, 6);
}

/* ---- xwing ---------------------------------------------------------------------------- */

static void test_xwing_planning(void **state)
{
	at a;
	sl_targets top, sel;
	const sl_target *x;
	(void)state;
	at_before(&a, XW_ION, "reb: dial ship=gold");
	list(&a, NULL, &top);
	x = find_sel(&top, "ship:gold");
	assert_non_null(x);
	assert_string_equal(x->player, "reb");
	assert_non_null(find_sel(&top, "ship:black"));
	assert_null(find_act(&top, "phase 2"));   /* dials first */
	hook(&a, "ship:gold", &sel);
	x = find_act(&sel, "reb: dial ship=gold dial=2FB");
	assert_non_null(x);
	assert_string_equal(x->group, "dial");
	assert_non_null(strstr(x->label, "2 straight"));
	assert_null(find_act(&sel, "reb: dial ship=gold dial=5FW"));   /* not on the Y-wing's dial */
	assert_all_legal(&a, &sel);
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);

	/* once gold's dial is set, it has no dial to choose */
	at_pos(&a, XW_ION, before(XW_ION, 0, "reb: dial ship=red"));
	list(&a, NULL, &top);
	assert_null(find_sel(&top, "ship:gold"));
	assert_non_null(find_sel(&top, "ship:red"));
	sl_targets_free(&top);
	at_free(&a);
}

static void test_xwing_activation(void **state)
{
	at a;
	sl_targets top, sel;
	const xw_state *s;
	void *after = NULL;
	(void)state;
	/* gold (initiative 2) activates first; red (3) waits */
	at_before(&a, XW_ION, "reb: reveal ship=gold dial=2FB");
	list(&a, NULL, &top);
	assert_non_null(find_sel(&top, "ship:gold"));
	assert_null(find_sel(&top, "ship:red"));
	hook(&a, "ship:gold", &sel);
	assert_non_null(find_act(&sel, "reb: reveal ship=gold"));
	sl_targets_free(&sel);
	hook(&a, "ship:red", &sel);
	assert_int_equal(sel.n, 0);
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);

	at_before(&a, XW_ION, "reb: move ship=gold");
	list(&a, "ship:gold", &sel);
	assert_non_null(find_act(&sel, "reb: move ship=gold"));
	assert_null(find_act(&sel, "reb: action ship=gold action=focus"));   /* after the maneuver */
	{   /* the maneuver's target is where the ship ends */
		const sl_target *x = find_act(&sel, "reb: move ship=gold");
		double sx, sy;
		assert_true(recordable(&a, "reb: move ship=gold", &after));
		s = after;
		tg_xwing_at(NULL, s->ships[0].pose.x, s->ships[0].pose.y, &sx, &sy);
		assert_true(x->x > sx - 1 && x->x < sx + 1 && x->y > sy - 1 && x->y < sy + 1);
		sl_game_xwing.destroy(after);
	}
	sl_targets_free(&sel);
	at_free(&a);

	at_before(&a, XW_ION, "reb: action ship=gold action=focus");
	list(&a, "ship:gold", &sel);
	assert_non_null(find_act(&sel, "reb: action ship=gold action=focus"));
	assert_non_null(find_act(&sel, "reb: action ship=gold action=barrelroll dir=left place=middle"));
	assert_null(find_act(&sel, "reb: move ship=gold"));   /* done */
	assert_null(find_act(&sel, "reb: action ship=gold action=boost dir=straight"));   /* no boost on a Y-wing */
	assert_all_legal(&a, &sel);
	sl_targets_free(&sel);
	at_free(&a);

	at_before(&a, XW_ION, "reb: action ship=gold action=lock target=black");
	list(&a, "ship:gold", &sel);
	assert_non_null(find_act(&sel, "reb: action ship=gold action=lock target=black"));
	assert_null(find_act(&sel, "reb: action ship=gold action=lock target=red"));   /* a friend */
	sl_targets_free(&sel);
	at_free(&a);
}

static void test_xwing_engagement(void **state)
{
	at a;
	sl_targets top, sel;
	const sl_target *x;
	char line[256];
	(void)state;
	at_before(&a, XW_ION, "imp: attack ship=storm target=red weapon=primary atk=crit,hit");
	list(&a, NULL, &top);
	assert_non_null(find_sel(&top, "ship:storm"));
	assert_non_null(find_act(&top, "phase 5"));
	hook(&a, "ship:storm", &sel);
	x = find_act(&sel, "imp: attack ship=storm target=red weapon=primary");
	assert_non_null(x);
	assert_non_null(strstr(x->odds, "2 attack dice vs 2 defence dice"));
	assert_null(find_act(&sel, "imp: attack ship=storm target=black weapon=primary"));   /* a friend */
	assert_null(find_act(&sel, "imp: attack ship=storm target=red weapon=rear"));       /* no rear arc */
	/* the sample's own dice fit the counts offered */
	snprintf(line, sizeof line, "%s atk=crit,hit def=blank,blank", x->line);
	assert_true(recordable(&a, line, NULL));
	assert_all_legal(&a, &sel);
	sl_targets_free(&sel);
	sl_targets_free(&top);
	at_free(&a);
}

static void test_xwing_sweep(void **state)
{
	(void)state;
	sweep(XW_ION, 1, 8);
	sweep(XW_FREIGHTER, 1, 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fmp_landing),
		cmocka_unit_test(test_fmp_deployment),
		cmocka_unit_test(test_fmp_moves),
		cmocka_unit_test(test_fmp_fire_and_capture),
		cmocka_unit_test(test_fmp_escape),
		cmocka_unit_test(test_fmp_tide_and_turn21),
		cmocka_unit_test(test_fmp_sweep),
		cmocka_unit_test(test_ti4_activation_and_move),
		cmocka_unit_test(test_ti4_combat),
		cmocka_unit_test(test_ti4_invasion_and_production),
		cmocka_unit_test(test_ti4_capture),
		cmocka_unit_test(test_ti4_custodians),
		cmocka_unit_test(test_ti4_production_places),
		cmocka_unit_test(test_ti4_hel_titan),
		cmocka_unit_test(test_ti4_factory_moves),
		cmocka_unit_test(test_ti4_sweep),
		cmocka_unit_test(test_xwing_planning),
		cmocka_unit_test(test_xwing_activation),
		cmocka_unit_test(test_xwing_engagement),
		cmocka_unit_test(test_xwing_sweep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
