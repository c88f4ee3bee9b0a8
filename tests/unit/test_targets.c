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

/* The position just after entry `pos` entries (SIZE_MAX: the end). */
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
}

/* After the first entry for which pred says yes (searching from `from`). */
static size_t find_entry(const sl_log *log, size_t from, const char *text) __attribute__((unused));
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_starship_moments),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
