/* test_targets.c - the click targets of serve's record page
 * (render/sl_targets.h): on states replayed from the samples, every ACT
 * target is an entry the rules take once its dice are rolled, the pieces
 * that may act are offered, known legal actions are there and known illegal
 * ones are not; and the dispatcher's filter drops what the rules refuse. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sillage.h"
#include "render/sl_targets.h"
#include "src/games/sail/sail.h"
#include "src/games/starship/starship.h"

/* ---- helpers ---------------------------------------------------------------- */

typedef struct at {
	sl_log *log;
	sl_replay *r;
	sl_log view;          /* the log cut at the position */
	const void *st;
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

/* The position just after `pos` entries (SIZE_MAX: the end) of the log
 * at path, or of the text log `text` when path starts with "<". */
static void at_pos_text(at *a, const char *path, const char *text, size_t pos)
{
	sl_error err;
	sl_error_clear(&err);
	if (text) {
		if (sl_sil_read(&a->log, path, text, strlen(text), &err))
			fail_msg("%s: %s", path, err.msg);
	} else {
		a->log = load(path);
	}
	if (sl_replay_open(&a->r, a->log, 0, &err))
		fail_msg("%s: %s", path, err.msg);
	if (pos > a->log->n)
		pos = a->log->n;
	assert_int_equal(sl_replay_seek(a->r, pos, &err), 0);
	a->view = *a->log;
	a->view.n = pos;
	a->st = sl_replay_state(a->r);
}

static void at_pos(at *a, const char *path, size_t pos)
{
	at_pos_text(a, path, NULL, pos);
}

/* After the first entry for which pred says yes (searching from `from`). */
static size_t find_entry(const sl_log *log, size_t from, const char *text)
{
	sl_buf b;
	sl_buf_init(&b);
	for (size_t i = from; i < log->n; i++) {
		sl_buf_reset(&b);
		sl_sil_write_entry(log, &log->ev[i], &b);
		if (strstr(sl_buf_cstr(&b), text)) {
			sl_buf_free(&b);
			return i + 1;
		}
	}
	sl_buf_free(&b);
	fail_msg("no entry holds '%s'", text);
	return 0;
}

static void at_free(at *a)
{
	sl_replay_free(a->r);
	sl_log_free(a->log);
}

static void list(at *a, const char *sel, sl_targets *t)
{
	sl_error err;
	sl_error_clear(&err);
	if (sl_targets_list(&a->view, a->st, sel, t, &err))
		fail_msg("targets: %s", err.msg);
	assert_true(t->width > 0 && t->height > 0);
}

static const sl_target *find(const sl_targets *t, int kind, const char *text)
{
	for (int i = 0; i < t->n; i++)
		if (t->v[i].kind == kind && strstr(kind == SL_TARGET_SELECT ? t->v[i].sel : t->v[i].line, text))
			return &t->v[i];
	return NULL;
}

static int count_group(const sl_targets *t, const char *group)
{
	int n = 0;
	for (int i = 0; i < t->n; i++)
		n += strcmp(t->v[i].group, group) == 0;
	return n;
}

/* Records `line` on a copy of the state as the recorder would: the dice it
 * leaves out (or writes '?') rolled from rng, as many as the rules take
 * (tried from 0 up to the field's most). Returns 1 and the copy's state in
 * *after (caller destroys) when some roll is taken, 0 if none. Independent
 * of render/targets.c's own check. */
static int record_on_copy(at *a, const char *line, uint64_t seed, void **after)
{
	const sl_game *g = a->log->game;
	const sl_schema *sc = g->schema;
	sl_prng rng;
	sl_event ev;
	sl_error err;
	char buf[1024];
	int type = -1;
	sl_prng_seed(&rng, seed, 7);
	/* add the required dice fields it leaves out */
	snprintf(buf, sizeof buf, "%s", line);
	{
		const char *w = strchr(line, ':') && strchr(line, ':') < strchr(line, ' ') ? strchr(line, ':') + 2 : line;
		type = sl_schema_event(sc, w, strcspn(w, " "));
	}
	if (type >= 0)
		for (int k = 0; k < sc->events[type].nfields; k++) {
			const sl_field_def *fd = &sc->events[type].fields[k];
			char key[40];
			snprintf(key, sizeof key, " %s=", fd->name);
			if (fd->kind == SL_K_DICE && !fd->optional && !strstr(buf, key))
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s?", key);
		}
	for (int tries = 0; tries < 400; tries++) {
		void *copy = NULL;
		sl_error_clear(&err);
		if (sl_sil_parse_line(a->log, buf, strlen(buf), 1, &ev, &err) != 1)
			fail_msg("'%s' does not parse: %s", buf, err.msg);
		if (ev.entry == SL_ENTRY_EVENT)
			for (int k = 0; k < sc->events[ev.type].nfields; k++) {
				const sl_field_def *fd = &sc->events[ev.type].fields[k];
				uint8_t d[SL_MAX_ITEMS];
				int n;
				if (fd->kind != SL_K_DICE)
					continue;
				if (ev.f[k].present) {
					int any = 0;
					n = ev.f[k].n;
					memcpy(d, ev.f[k].p, (size_t)n);
					for (int i = 0; i < n; i++)
						if (!d[i]) {
							d[i] = (uint8_t)sl_prng_die(&rng, fd->max);
							any = 1;
						}
					/* a lone '?' may stand for several dice */
					if (any && n == 1 && fd->max_items > 1) {
						n = 1 + (int)sl_prng_below(&rng, (uint32_t)(fd->max_items < 4 ? fd->max_items : 4));
						for (int i = 0; i < n; i++)
							d[i] = (uint8_t)sl_prng_die(&rng, fd->max);
					}
				} else {
					n = (int)sl_prng_below(&rng, (uint32_t)(fd->max_items < 4 ? fd->max_items : 4) + 1);
					for (int i = 0; i < n; i++)
						d[i] = (uint8_t)sl_prng_die(&rng, fd->max);
					if (n == 0)
						continue;
				}
				assert_int_equal(sl_value_bytes(&a->log->arena, &ev.f[k], d, n), 0);
			}
		assert_int_equal(sl_game_clone(g, a->st, &copy, &err), 0);
		if (sl_entry_apply(g, &a->log->h, NULL, copy, &ev, 1000000, NULL, &err) == SL_OK) {
			if (after)
				*after = copy;
			else
				g->destroy(copy);
			return 1;
		}
		g->destroy(copy);
	}
	return 0;
}

/* Every ACT target is an entry the rules take once its dice are rolled. */
static void assert_all_recordable(at *a, const sl_targets *t)
{
	for (int i = 0; i < t->n; i++) {
		if (t->v[i].kind != SL_TARGET_ACT)
			continue;
		if (!record_on_copy(a, t->v[i].line, 1000 + (uint64_t)i, NULL))
			fail_msg("target '%s' (%s) is refused by the rules", t->v[i].line, t->v[i].label);
	}
}

/* ---- starship ---------------------------------------------------------------- */

static void test_starship_moments(void **state)
{
	const char *files[] = {"samples/starship/first-voyage.sil", "samples/starship/last-voyage.sil"};
	(void)state;
	for (int f = 0; f < 2; f++) {
		sl_log *log = load(files[f]);
		size_t n = log->n;
		sl_log_free(log);
		for (size_t pos = 0; pos <= n; pos++) {
			at a;
			sl_targets t;
			const starship_state *s;
			at_pos(&a, files[f], pos);
			s = a.st;
			list(&a, NULL, &t);
			assert_all_recordable(&a, &t);
			if (!s->has_ship) {
				assert_non_null(find(&t, SL_TARGET_ACT, "ship "));
			} else if (s->outcome == STARSHIP_ON && s->pending) {
				assert_int_equal(t.n, 1);
				assert_non_null(find(&t, SL_TARGET_ACT, "damage"));
				assert_non_null(strstr(t.v[0].odds, "in 36"));
			} else if (s->outcome == STARSHIP_ON) {
				const sl_target *x = find(&t, SL_TARGET_ACT, "attack");
				char want[32];
				double sx, sy, sr;
				assert_non_null(x);
				/* the side whose turn it is, on its ship; never the other */
				snprintf(want, sizeof want, "attack by=%s", s->to_move == STARSHIP_YOU ? "player" : "enemy");
				assert_string_equal(x->line, want);
				assert_int_equal(count_group(&t, "fire"), 1);
				sx = x->x, sy = x->y, sr = x->r;
				assert_true(sr > 0 && sx > 0 && sy > 0);
				/* the odds are the rules' dice: k in 36 below the attacker's weapons */
				{
					int w = s->to_move == STARSHIP_YOU ? s->you.weapons : s->enemy.weapons;
					char ways[32];
					snprintf(ways, sizeof ways, "hits %d in 36", sl_odds_hit_ways(w));
					assert_non_null(strstr(x->odds, ways));
				}
			} else if (s->outcome != STARSHIP_LOST && s->turn > 0) {
				char want[32];
				snprintf(want, sizeof want, "turn %d", s->turn + 1);
				assert_non_null(find(&t, SL_TARGET_ACT, want));
			}
			sl_targets_free(&t);
			at_free(&a);
		}
	}
}


/* ---- sail ------------------------------------------------------------------------ */

#define HERON "samples/sail/heron-bank.sil"

/* A small sea of our own: Aigle (fr) on a broad reach with open water
 * south; Bold (gb) with land dead ahead, so no step of hers is legal
 * (sail 6: she turns only by advancing; H4: land); Cygnet (gb, shallow) two
 * hexes from a shoal. Turn 1: the wind blows toward SW. */
static const char small_sea[] =
	"sil 1\ngame sail 1\ntitle targets\nplayer fr \"France\" #1f4fb4\nplayer gb \"Britain\" #b22222\n"
	"map cols=8 rows=8 turns=3\n"
	"terrain row=3 cells=\"......~.\"\n"
	"terrain row=6 cells=\"....#...\"\n"
	"ship id=a name=\"Aigle\" class=frigate side=fr at=2,2 facing=S mp=3 draft=deep hull=3\n"
	"ship id=b name=\"Bold\" class=frigate side=gb at=5,5 facing=S mp=3 draft=deep hull=3\n"
	"ship id=c name=\"Cygnet\" class=cutter side=gb at=7,1 facing=S mp=2 draft=shallow hull=2\n"
	"turn 1\nphase 2 movement\n";

static const sl_target *find_line(const sl_targets *t, const char *line)
{
	for (int i = 0; i < t->n; i++)
		if (t->v[i].kind == SL_TARGET_ACT && strcmp(t->v[i].line, line) == 0)
			return &t->v[i];
	return NULL;
}

static const sail_ship *ship_of(const sail_state *s, const char *id)
{
	for (int i = 0; i < s->nships; i++)
		if (strcmp(s->ships[i].id, id) == 0)
			return &s->ships[i];
	return NULL;
}

/* Each move target, recorded, puts the ship where its label says, at the
 * cost it says; a move into a shoal is the only kind that takes a die. */
static void assert_moves_true(at *a, const sl_targets *t, const char *id)
{
	const sail_ship *before = ship_of(a->st, id);
	for (int i = 0; i < t->n; i++) {
		const sl_target *x = &t->v[i];
		void *after = NULL;
		const sail_ship *sh;
		char where[64], cost[48];
		if (strcmp(x->group, "move") != 0)
			continue;
		assert_true(record_on_copy(a, x->line, 77 + (uint64_t)i, &after));
		sh = ship_of(after, id);
		assert_non_null(sh);
		snprintf(cost, sizeof cost, "%d of %d MP", before->left - (sh->grounded ? before->left - 0 : sh->left),
			before->left);
		if (!sh->grounded) {
			snprintf(where, sizeof where, " to %d,%d facing %s", sh->col, sh->row,
				(const char *[]){"N", "NE", "SE", "S", "SW", "NW"}[sh->facing]);
			assert_non_null(strstr(x->label, where));
			assert_string_equal(x->cost, cost);
			assert_int_equal(((const sail_state *)after)->terrain[sh->row - 1][sh->col - 1] == SAIL_SHOAL,
				x->odds[0] != '\0');
		} else {
			assert_non_null(strstr(x->odds, "shoal"));
		}
		a->log->game->destroy(after);
	}
}

static void test_sail_small_sea(void **state)
{
	at a;
	sl_targets t;
	const sl_target *x;
	(void)state;
	at_pos_text(&a, "small.sil", small_sea, SIZE_MAX);
	list(&a, NULL, &t);
	assert_all_recordable(&a, &t);
	/* Aigle and Cygnet may move; Bold may not (land ahead), only strike */
	x = find(&t, SL_TARGET_SELECT, "ship:a");
	assert_non_null(x);
	assert_string_equal(x->group, "move");
	assert_string_equal(x->player, "fr");
	assert_string_equal(find(&t, SL_TARGET_SELECT, "ship:c")->group, "move");
	assert_string_equal(find(&t, SL_TARGET_SELECT, "ship:b")->group, "strike");
	/* each on her own hex: distinct places on the canvas */
	assert_true(find(&t, SL_TARGET_SELECT, "ship:a")->x != find(&t, SL_TARGET_SELECT, "ship:c")->x);
	{
		const sl_target *sa = find(&t, SL_TARGET_SELECT, "ship:a");
		sl_targets u;
		const sl_target *m3;
		list(&a, "ship:a", &u);
		/* three hexes due south, bow south: straight below her, lower part of the hex */
		m3 = find_line(&u, "fr: move ship=a steps=A,A,A");
		assert_non_null(m3);
		assert_true(m3->x > sa->x - 0.5 && m3->x < sa->x + 0.5);
		assert_true(m3->y > sa->y + 2.5 * sa->r);
		assert_true(m3->r > 0 && m3->r < sa->r);
		sl_targets_free(&u);
	}
	assert_non_null(find_line(&t, "phase 3 fire"));
	assert_non_null(find_line(&t, "turn 2"));
	assert_null(find_line(&t, "phase 1 wind"));
	sl_targets_free(&t);

	list(&a, "ship:a", &t);
	assert_all_recordable(&a, &t);
	assert_moves_true(&a, &t, "a");
	/* a known legal move, at its cost (broad reach: 1 a hex) */
	x = find_line(&t, "fr: move ship=a steps=A,A,A");
	assert_non_null(x);
	assert_string_equal(x->cost, "3 of 3 MP");
	/* one string per end and heading: the cheapest (A,A then a turn is no dearer) */
	assert_null(find_line(&t, "fr: move ship=a steps=AP,AS,A"));
	/* too many points: refused by the rules, and not offered */
	assert_false(record_on_copy(&a, "fr: move ship=a steps=A,A,A,A", 1, NULL));
	assert_null(find_line(&t, "fr: move ship=a steps=A,A,A,A"));
	assert_non_null(find_line(&t, "fr: strike ship=a"));
	assert_int_equal(count_group(&t, "fire"), 0);   /* no fire in a movement phase */
	sl_targets_free(&t);

	/* Bold: land ahead, no move at all */
	list(&a, "ship:b", &t);
	assert_false(record_on_copy(&a, "gb: move ship=b steps=A", 1, NULL));
	assert_int_equal(count_group(&t, "move"), 0);
	assert_int_equal(t.n, 1);
	assert_non_null(find_line(&t, "gb: strike ship=b"));
	sl_targets_free(&t);

	/* Cygnet: into the shoal, her die left to the roller, odds told; not through it */
	list(&a, "ship:c", &t);
	assert_all_recordable(&a, &t);
	assert_moves_true(&a, &t, "c");
	x = find_line(&t, "gb: move ship=c steps=A,A");
	assert_non_null(x);
	assert_non_null(strstr(x->odds, "1 in 6"));
	assert_null(strstr(x->line, "dice"));
	sl_targets_free(&t);

	/* an unknown selection, or one that is not ours: nothing */
	list(&a, "ship:nobody", &t);
	assert_int_equal(t.n, 0);
	sl_targets_free(&t);
	at_free(&a);
}

/* The Héron Bank, turn 1 phase 2: Vestale (4 MP, running: 2 a hex) has the
 * sample's own A,A at 4 of 4 MP, not A,A,A (6 MP); every ship may move. */
static void test_sail_heron_first_moves(void **state)
{
	at a;
	sl_targets t;
	const sl_target *x;
	size_t pos;
	(void)state;
	{
		sl_log *log = load(HERON);
		pos = find_entry(log, 0, "phase 2 movement");
		sl_log_free(log);
	}
	at_pos(&a, HERON, pos);
	list(&a, NULL, &t);
	assert_int_equal(count_group(&t, "move"), 8);
	sl_targets_free(&t);
	list(&a, "ship:vestale", &t);
	assert_all_recordable(&a, &t);
	assert_moves_true(&a, &t, "vestale");
	x = find_line(&t, "fr: move ship=vestale steps=A,A");
	assert_non_null(x);
	assert_string_equal(x->cost, "4 of 4 MP");
	assert_string_equal(x->player, "fr");
	assert_string_equal(x->sel, "ship:vestale");
	assert_false(record_on_copy(&a, "fr: move ship=vestale steps=A,A,A", 1, NULL));
	assert_null(find_line(&t, "fr: move ship=vestale steps=A,A,A"));
	/* not Britain's to order (H11) */
	assert_null(find(&t, SL_TARGET_ACT, "gb: "));
	sl_targets_free(&t);
	at_free(&a);
}

/* Fire: the hook offers every enemy afloat, the filter keeps those the
 * rules let her fire on (H8: within 4 hexes). Turn 2, phase 3 of the
 * Héron Bank: Vestale has Amethyst at 2 hexes and Valiant far off. */
static void test_sail_fire_filtered(void **state)
{
	at a;
	sl_targets t;
	size_t pos;
	const sail_ship *vestale, *valiant;
	char line[96];
	(void)state;
	{
		sl_log *log = load(HERON);
		pos = find_entry(log, 0, "phase 3 fire");
		sl_log_free(log);
	}
	at_pos(&a, HERON, pos);
	vestale = ship_of(a.st, "vestale");
	valiant = ship_of(a.st, "valiant");
	assert_false(valiant->sunk || valiant->struck);
	assert_true(sl_hex_distance(sl_hex_from_offset(a.log->game->schema->grid, (sl_offset){vestale->col - 1, vestale->row - 1}),
		sl_hex_from_offset(a.log->game->schema->grid, (sl_offset){valiant->col - 1, valiant->row - 1})) > 4);
	list(&a, "ship:vestale", &t);
	assert_all_recordable(&a, &t);
	assert_non_null(find_line(&t, "fr: fire ship=vestale target=amethyst hits=0"));
	assert_non_null(find_line(&t, "fr: fire ship=vestale target=amethyst hits=1"));
	/* every hull point she has, and no more: hits beyond are the same sinking */
	snprintf(line, sizeof line, "fr: fire ship=vestale target=amethyst hits=%d", ship_of(a.st, "amethyst")->hull);
	assert_non_null(find_line(&t, line));
	/* the rules refuse Valiant (out of range) and the filter dropped her */
	assert_false(record_on_copy(&a, "fr: fire ship=vestale target=valiant hits=1", 1, NULL));
	assert_null(find(&t, SL_TARGET_ACT, "target=valiant"));
	for (int i = 0; i < t.n; i++)
		assert_int_equal(t.v[i].kind, SL_TARGET_ACT);
	assert_int_equal(count_group(&t, "move"), 0);
	sl_targets_free(&t);
	at_free(&a);
}

/* The entry's line as a page would send it: its own text, no state check. */
static void entry_line(const sl_log *log, const sl_event *ev, char *out, size_t cap)
{
	sl_buf b;
	const char *p, *line;
	sl_event e = *ev;
	e.comment = e.note = e.bookmark = NULL;
	e.has_check = 0;
	sl_buf_init(&b);
	sl_sil_write_entry(log, &e, &b);
	line = sl_buf_cstr(&b);
	p = strchr(line, '\n');
	snprintf(out, cap, "%.*s", (int)(p ? p - line : (long)strlen(line)), line);
	sl_buf_free(&b);
}

/* Every position of a sample: each ACT target of the board and of each
 * selection is recordable; a ship offered for "move" has moves and the
 * others none; the sample's own next action is offered under its ship: a
 * fire, boarding or striking as its very line, a move (one without a
 * shoal's die: those are offered ending in the shoal) by a target to the
 * same end hex and heading; nothing is offered once the game is over (the
 * Kerlan sample goes on past the end the rules see: verify takes it). */
static void every_position(const char *path, int *checked, int *overs)
{
	sl_log *log = load(path);
	size_t n = log->n, first = 0;
	while (first < n && log->ev[first].entry != SL_ENTRY_TURN)
		first++;
	for (size_t pos = first + 1; pos <= n; pos++) {
		at a;
		sl_targets t;
		const sl_event *next = pos < n ? &log->ev[pos] : NULL;
		int over = 0;
		at_pos(&a, path, pos);
		list(&a, NULL, &t);
		if (log->game->result) {
			sl_buf res;
			sl_buf_init(&res);
			over = log->game->result(a.st, &log->h, &res) == 1;
			sl_buf_free(&res);
		}
		if (over) {   /* the game is over: a recorder takes only notes */
			assert_int_equal(t.n, 0);
			sl_targets_free(&t);
			at_free(&a);
			(*overs)++;
			continue;
		}
		assert_all_recordable(&a, &t);
		for (int i = 0; i < t.n; i++) {
			sl_targets u;
			if (t.v[i].kind != SL_TARGET_SELECT)
				continue;
			list(&a, t.v[i].sel, &u);
			if (pos % 4 == 0)
				assert_all_recordable(&a, &u);
			if (!strcmp(t.v[i].group, "move"))
				assert_true(count_group(&u, "move") > 0);
			else
				assert_int_equal(count_group(&u, "move"), 0);
			if (!strcmp(t.v[i].group, "fire"))
				assert_true(count_group(&u, "fire") > 0);
			if (!strcmp(t.v[i].group, "board"))
				assert_true(count_group(&u, "board") > 0);
			sl_targets_free(&u);
		}
		if (next && next->entry == SL_ENTRY_EVENT && next->player >= 0) {
			const char *ename = a.log->game->schema->events[next->type].name;
			size_t idl;
			const char *id = sl_value_str(&next->f[0], &idl);
			char sel[64], line[512];
			sl_targets u;
			snprintf(sel, sizeof sel, "ship:%.*s", (int)idl, id);
			if (!find(&t, SL_TARGET_SELECT, sel))
				fail_msg("%s: after %zu entries, %s is not offered to select", path, pos, sel);
			list(&a, sel, &u);
			entry_line(a.log, next, line, sizeof line);
			if (strcmp(ename, "move") != 0) {
				if (!find_line(&u, line))
					fail_msg("%s: after %zu entries, '%s' is not offered", path, pos, line);
				(*checked)++;
			} else if (!next->f[2].present) {
				void *after = NULL;
				sl_error err;
				const sail_ship *want;
				char where[48];
				int hit = 0;
				assert_int_equal(sl_game_clone(a.log->game, a.st, &after, &err), 0);
				assert_int_equal(sl_entry_apply(a.log->game, &a.log->h, NULL, after, next, 1000, NULL, &err), 0);
				want = ship_of(after, sel + 5);
				snprintf(where, sizeof where, " to %d,%d facing %s", want->col, want->row,
					(const char *[]){"N", "NE", "SE", "S", "SW", "NW"}[want->facing]);
				for (int i = 0; i < u.n; i++)
					hit |= !strcmp(u.v[i].group, "move") && strstr(u.v[i].label, where) != NULL;
				if (!hit)
					fail_msg("%s: after %zu entries, no move target ends where '%s' does", path, pos, line);
				(*checked)++;
				a.log->game->destroy(after);
			}
			sl_targets_free(&u);
		}
		sl_targets_free(&t);
		at_free(&a);
	}
	sl_log_free(log);
}

static void test_sail_every_position(void **state)
{
	int checked = 0, overs = 0;
	(void)state;
	every_position(HERON, &checked, &overs);
	assert_true(checked > 60);
	assert_true(overs >= 1);   /* its last position */
	checked = overs = 0;
	every_position("samples/sail/kerlan-raid.sil", &checked, &overs);
	assert_true(checked > 30);
	assert_true(overs >= 1);
}

/* The dispatcher's contract: bad arguments are refused with the list left
 * empty; the canvas is the painter's natural one; a selection no piece
 * answers to gives an empty list, not an error. */
static void test_dispatcher(void **state)
{
	at a;
	sl_targets t;
	sl_error err;
	(void)state;
	at_pos_text(&a, "small.sil", small_sea, SIZE_MAX);
	sl_error_clear(&err);
	memset(&t, 0x5a, sizeof t);
	assert_int_equal(sl_targets_list(&a.view, NULL, NULL, &t, &err), SL_EUSAGE);
	assert_int_equal(t.n, 0);
	assert_null(t.v);
	sl_targets_free(&t);
	{
		sl_frame fr;
		int w = 0, h = 0;
		memset(&fr, 0, sizeof fr);
		fr.game = a.log->game;
		fr.header = &a.log->h;
		fr.state = a.st;
		assert_int_equal(sl_render_size(&fr, NULL, &w, &h, &err), 0);
		list(&a, "", &t);   /* "" is no selection, as NULL */
		assert_int_equal(t.width, w);
		assert_int_equal(t.height, h);
		assert_non_null(find(&t, SL_TARGET_SELECT, "ship:a"));
		sl_targets_free(&t);
	}
	list(&a, "unit:a", &t);
	assert_int_equal(t.n, 0);
	sl_targets_free(&t);
	sl_targets_free(&t);   /* twice is harmless */
	at_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_starship_moments),
		cmocka_unit_test(test_sail_small_sea),
		cmocka_unit_test(test_sail_heron_first_moves),
		cmocka_unit_test(test_sail_fire_filtered),
		cmocka_unit_test(test_sail_every_position),
		cmocka_unit_test(test_dispatcher),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
