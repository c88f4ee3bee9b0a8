/* test_starship.c - the starship rules module, one test per clause of §341
 * (seed 002) and per decision S1-S13 of formats/starship.md, boundaries
 * included. Events are built as sl_event structs: the codec is not under test. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/starship/starship.h"

typedef struct ctx {
	sl_header h;
	void *st;
	sl_error err;
	sl_buf desc;
	uint8_t dice[64][2];
	int nd;
} ctx;

static const sl_game *G = &sl_game_starship;

static int setup(void **state)
{
	ctx *c = calloc(1, sizeof *c);
	assert_non_null(c);
	sl_buf_init(&c->desc);
	assert_int_equal(G->init(&c->st, &c->h, &c->err), 0);
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	ctx *c = *state;
	G->destroy(c->st);
	sl_buf_free(&c->desc);
	free(c);
	return 0;
}

static const starship_state *S(ctx *c) { return c->st; }

static sl_event ev0(const char *type)
{
	sl_event e;
	memset(&e, 0, sizeof e);
	e.entry = SL_ENTRY_EVENT;
	e.player = -1;
	e.type = (uint16_t)sl_schema_event(G->schema, type, strlen(type));
	return e;
}

static sl_value v_int(int i) { sl_value v = {0}; v.present = 1; v.u.i = i; return v; }
static sl_value v_str(const char *s)
{
	sl_value v = {0};
	v.present = 1;
	v.n = (uint16_t)strlen(s);
	v.p = s;
	return v;
}
static sl_value v_dice(ctx *c, int a, int b)
{
	sl_value v = {0};
	uint8_t *d = c->dice[c->nd++ % 64];
	d[0] = (uint8_t)a;
	d[1] = (uint8_t)b;
	v.present = 1;
	v.n = b ? 2 : 1;
	v.p = d;
	return v;
}

static int apply(ctx *c, const sl_event *e)
{
	sl_error_clear(&c->err);
	sl_buf_reset(&c->desc);
	return G->apply(c->st, &c->h, e, &c->desc, &c->err);
}

static void ok(ctx *c, const sl_event *e)
{
	int rc = apply(c, e);
	if (rc)
		fail_msg("refused: %s", c->err.msg);
}

/* formats/starship.md promises that every refusal names the step of §341
 * or the decision (S1-S13) it enforces, right after "starship ". */
static void names_clause(const char *msg)
{
	const char *p = msg;
	int n = 0, len = 0;
	if (strncmp(p, "starship ", 9) != 0)
		goto none;
	p += 9;
	if (sscanf(p, "\xc2\xa7" "341.%d: %n", &n, &len) == 1 && len > 0 && n >= 1 && n <= 8)
		return;
	if (sscanf(p, "S%d: %n", &n, &len) == 1 && len > 0 && n >= 1 && n <= 13)
		return;
none:
	fail_msg("refusal '%s' names no step of \xc2\xa7" "341 and no decision S1-S13", msg);
}

static void refused(ctx *c, const sl_event *e, const char *needle)
{
	uint8_t before[4096];
	sl_buf a, b;
	sl_buf_init(&a);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &a), 0);
	assert_int_equal(apply(c, e), SL_EILLEGAL);
	if (!strstr(c->err.msg, needle))
		fail_msg("message '%s' lacks '%s'", c->err.msg, needle);
	names_clause(c->err.msg);
	assert_int_equal(G->serialize(c->st, &b), 0);   /* nothing changed */
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	(void)before;
	sl_buf_free(&a);
	sl_buf_free(&b);
}

static const char *said(ctx *c) { return sl_buf_cstr(&c->desc); }

static void mark(ctx *c, int turn)
{
	sl_error_clear(&c->err);
	assert_int_equal(G->mark(c->st, &c->h, turn, 1, &c->err), 0);
}

/* Ship with weapons w (die w-6) and shields s (die s-12), then turn 1. */
static void start(ctx *c, int w, int s)
{
	sl_event e = ev0("ship");
	e.f[1] = v_dice(c, w - 6, 0);
	e.f[2] = v_dice(c, s - 12, 0);
	ok(c, &e);
	mark(c, 1);
}

static void encounter(ctx *c, int w, int s, int first, int escape)
{
	sl_event e = ev0("encounter");
	e.f[0] = v_str("Krellan raider");
	e.f[1] = v_int(w);
	e.f[2] = v_int(s);
	e.f[3] = v_int(56);
	if (first >= 0)
		e.f[4] = v_int(first);
	if (escape >= 0)
		e.f[5] = v_int(escape);
	ok(c, &e);
}

static sl_event attack(ctx *c, int by, int a, int b)
{
	sl_event e = ev0("attack");
	e.f[0] = v_int(by);
	e.f[1] = v_dice(c, a, b);
	return e;
}

static sl_event damage(ctx *c, int a, int b)
{
	sl_event e = ev0("damage");
	e.f[0] = v_dice(c, a, b);
	return e;
}

static void hit(ctx *c, int by, int a, int b, int d1, int d2)
{
	sl_event e = attack(c, by, a, b);
	ok(c, &e);
	e = damage(c, d1, d2);
	ok(c, &e);
}

/* ---- the ship (S2) -------------------------------------------------------------- */

static void test_ship_rolls(void **state)
{
	ctx *c = *state;
	sl_event e = ev0("ship");
	e.f[0] = v_str("Traveller");
	e.f[1] = v_dice(c, 4, 0);
	e.f[2] = v_dice(c, 3, 0);
	ok(c, &e);
	assert_int_equal(S(c)->you.weapons, 10);
	assert_int_equal(S(c)->you.shields, 15);
	assert_int_equal(S(c)->you.shields_start, 15);
	assert_string_equal(said(c), "Your ship, the Traveller: weapons strength 10 (4 + 6), shields 15 (3 + 12)");
	refused(c, &e, "S2");
}

static void test_setup_order(void **state)
{
	ctx *c = *state;
	sl_error_clear(&c->err);
	assert_int_equal(G->mark(c->st, &c->h, 1, 1, &c->err), SL_EILLEGAL);   /* no ship */
	start(c, 10, 15);
	{
		sl_event e = ev0("ship");
		e.f[1] = v_dice(c, 1, 0);
		e.f[2] = v_dice(c, 1, 0);
		refused(c, &e, "S2");
	}
}

/* ---- §341.1 and §341.7: turn order ------------------------------------------- */

static void test_player_fires_first_by_default(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	refused(c, &e, "341.7");
	e = attack(c, STARSHIP_YOU, 6, 6);
	ok(c, &e);
	assert_int_equal(S(c)->to_move, STARSHIP_ENEMY);
}

static void test_enemy_first(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, STARSHIP_ENEMY, -1);
	e = attack(c, STARSHIP_YOU, 6, 6);
	refused(c, &e, "enemy's turn");
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	assert_int_equal(S(c)->round, 1);
	e = attack(c, STARSHIP_YOU, 6, 6);
	ok(c, &e);
	assert_int_equal(S(c)->round, 1);   /* S12: the round opened with the enemy's shot */
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	assert_int_equal(S(c)->round, 2);
}

static void test_turn_passes_after_damage(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_YOU, 1, 1);
	ok(c, &e);
	e = attack(c, STARSHIP_ENEMY, 1, 1);
	refused(c, &e, "damage roll first");
	e = damage(c, 1, 1);
	ok(c, &e);
	assert_int_equal(S(c)->to_move, STARSHIP_ENEMY);
}

/* ---- §341.2-4: the attack roll ----------------------------------------------- */

static void test_roll_equal_to_weapons_misses(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_YOU, 4, 6);   /* 10 against 10 */
	ok(c, &e);
	assert_false(starship_last(S(c))->hit);
	assert_int_equal(S(c)->pending, 0);
	assert_int_equal(S(c)->enemy.shields, 10);
	assert_string_equal(said(c), "Round 1: you fire, 10 (4+6) against weapons 10: a miss (at or above 10)");
	e = damage(c, 3, 3);
	refused(c, &e, "no hit awaits");
}

static void test_roll_above_weapons_misses(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_YOU, 5, 6);
	ok(c, &e);
	assert_false(starship_last(S(c))->hit);
}

static void test_roll_below_weapons_hits(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_YOU, 3, 6);   /* 9 against 10 */
	ok(c, &e);
	assert_true(starship_last(S(c))->hit);
	assert_int_equal(S(c)->pending, 1);
}

static void test_two_dice_exactly(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_YOU, 3, 0);
	refused(c, &e, "2 dice");
}

static void test_hit_ways(void **state)
{
	(void)state;
	assert_int_equal(starship_hit_ways(2), 0);
	assert_int_equal(starship_hit_ways(3), 1);
	assert_int_equal(starship_hit_ways(7), 15);
	assert_int_equal(starship_hit_ways(10), 30);
	assert_int_equal(starship_hit_ways(12), 35);
	assert_int_equal(starship_hit_ways(13), 36);
}

/* ---- §341.5-6: damage ---------------------------------------------------------- */

static void test_damage_equal_to_shields_is_two(void **state)
{
	ctx *c = *state;
	start(c, 10, 15);
	encounter(c, 8, 7, -1, -1);
	hit(c, STARSHIP_YOU, 1, 1, 3, 4);    /* 7 against shields 7 */
	assert_int_equal(starship_last(S(c))->damage, 2);
	assert_int_equal(S(c)->enemy.shields, 5);
	assert_string_equal(said(c), "Damage: 7 (3+4) at or under shields 7, 2 points; its shields 7 \xe2\x86\x92 5");
}

static void test_damage_above_shields_is_four(void **state)
{
	ctx *c = *state;
	start(c, 10, 15);
	encounter(c, 8, 7, -1, -1);
	hit(c, STARSHIP_YOU, 1, 1, 4, 4);    /* 8 against shields 7 */
	assert_int_equal(starship_last(S(c))->damage, 4);
	assert_int_equal(S(c)->enemy.shields, 3);
}

static void test_double_six_is_six(void **state)
{
	ctx *c = *state;
	start(c, 10, 15);
	encounter(c, 8, 14, -1, -1);
	hit(c, STARSHIP_YOU, 1, 1, 6, 6);    /* 12 is under 14, still 6 */
	assert_int_equal(starship_last(S(c))->damage, 6);
	assert_int_equal(S(c)->enemy.shields, 8);
	assert_int_equal(starship_damage(6, 6, 99), 6);
	assert_int_equal(starship_damage(6, 5, 11), 2);
	assert_int_equal(starship_damage(6, 5, 10), 4);
}

static void test_damage_against_current_shields(void **state)
{
	ctx *c = *state;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	hit(c, STARSHIP_YOU, 1, 1, 4, 4);    /* 8 <= 10: 2, shields 8 */
	hit(c, STARSHIP_ENEMY, 1, 1, 1, 1);
	hit(c, STARSHIP_YOU, 1, 1, 4, 5);    /* 9 > 8 now: 4 */
	assert_int_equal(starship_last(S(c))->damage, 4);
	assert_int_equal(S(c)->enemy.shields, 4);
}

static void test_enemy_damages_you(void **state)
{
	ctx *c = *state;
	start(c, 10, 15);
	encounter(c, 8, 10, STARSHIP_ENEMY, -1);
	hit(c, STARSHIP_ENEMY, 2, 2, 6, 6);
	assert_int_equal(S(c)->you.shields, 9);
	assert_int_equal(S(c)->you.shields_start, 15);
	assert_int_equal(S(c)->to_move, STARSHIP_YOU);
}

/* ---- §341.8: zero shields, then a hit destroys --------------------------------- */

static void test_shields_clamp_at_zero(void **state)
{
	ctx *c = *state;
	start(c, 10, 15);
	encounter(c, 8, 3, -1, -1);
	hit(c, STARSHIP_YOU, 1, 1, 2, 2);    /* 4 above 3: 4 points, shields 0 (S6) */
	assert_int_equal(S(c)->enemy.shields, 0);
	assert_int_equal(S(c)->outcome, STARSHIP_ON);   /* not yet destroyed */
	assert_non_null(strstr(said(c), "the next hit destroys"));
}

static void test_zero_shields_then_any_hit_destroys(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 2, -1, -1);
	hit(c, STARSHIP_YOU, 1, 1, 1, 1);    /* 2 at or under 2: shields 0 */
	assert_int_equal(S(c)->enemy.shields, 0);
	e = attack(c, STARSHIP_ENEMY, 6, 6);   /* a miss */
	ok(c, &e);
	e = attack(c, STARSHIP_YOU, 4, 6);     /* 10: a miss even at zero shields */
	ok(c, &e);
	assert_int_equal(S(c)->outcome, STARSHIP_ON);
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	e = attack(c, STARSHIP_YOU, 4, 5);     /* 9: a hit, no damage roll */
	ok(c, &e);
	assert_int_equal(S(c)->outcome, STARSHIP_WON);
	assert_int_equal(S(c)->pending, 0);
	assert_true(starship_last(S(c))->destroyed);
	assert_int_equal(S(c)->won, 1);
	e = damage(c, 1, 1);
	refused(c, &e, "341.5");
	/* the fight ended when the enemy exploded (§341.8): no more shots */
	e = attack(c, STARSHIP_ENEMY, 1, 1);
	refused(c, &e, "starship \xc2\xa7" "341.8: the fight with Krellan raider is over");
	e = attack(c, STARSHIP_YOU, 1, 1);
	refused(c, &e, "\xc2\xa7" "341.8");
	/* the allowed side: the next encounter starts a new fight */
	encounter(c, 8, 2, -1, -1);
	e = attack(c, STARSHIP_YOU, 1, 1);
	ok(c, &e);
}

static void test_you_destroyed_ends_voyage(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 7, 13);
	encounter(c, 12, 10, STARSHIP_ENEMY, -1);
	hit(c, STARSHIP_ENEMY, 1, 1, 6, 6);   /* 13 -> 7 */
	e = attack(c, STARSHIP_YOU, 6, 6);
	ok(c, &e);
	hit(c, STARSHIP_ENEMY, 1, 1, 6, 6);   /* 7 -> 1 */
	e = attack(c, STARSHIP_YOU, 6, 6);
	ok(c, &e);
	hit(c, STARSHIP_ENEMY, 1, 1, 1, 1);   /* 2 > 1: 4, clamp to 0 */
	assert_int_equal(S(c)->you.shields, 0);
	e = attack(c, STARSHIP_YOU, 6, 6);
	ok(c, &e);
	e = attack(c, STARSHIP_ENEMY, 5, 6);
	ok(c, &e);
	assert_int_equal(S(c)->outcome, STARSHIP_LOST);
	assert_non_null(strstr(said(c), "your ship explodes"));
	e = ev0("repair");
	e.f[0] = v_int(1);
	refused(c, &e, "S10");
	sl_error_clear(&c->err);
	assert_int_equal(G->mark(c->st, &c->h, 2, 1, &c->err), SL_EILLEGAL);
}

/* ---- decisions --------------------------------------------------------------- */

static void test_one_enemy_at_a_time(void **state)
{
	ctx *c = *state;
	sl_event e = ev0("encounter");
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e.f[0] = v_str("Second");
	e.f[1] = v_int(8);
	e.f[2] = v_int(8);
	e.f[3] = v_int(9);
	refused(c, &e, "S9");
	sl_error_clear(&c->err);
	assert_int_equal(G->mark(c->st, &c->h, 2, 1, &c->err), SL_EILLEGAL);   /* S1 */
	assert_non_null(strstr(c->err.msg, "S1"));
}

static void test_escape(void **state)
{
	ctx *c = *state;
	sl_event e, esc = ev0("escape");
	esc.f[0] = v_int(145);
	start(c, 10, 15);
	encounter(c, 8, 10, -1, 1);
	refused(c, &esc, "after 1 round");
	e = attack(c, STARSHIP_YOU, 6, 6);
	ok(c, &e);
	refused(c, &esc, "enemy's turn");
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	ok(c, &esc);
	assert_int_equal(S(c)->outcome, STARSHIP_FLED);
	assert_int_equal(S(c)->fled, 1);
	assert_int_equal(S(c)->last_paragraph, 145);
	/* no escape offered */
	encounter(c, 8, 10, -1, -1);
	refused(c, &esc, "offers no escape");
}

static void test_repair(void **state)
{
	ctx *c = *state;
	sl_event r = ev0("repair"), e;
	r.f[0] = v_int(209);
	start(c, 10, 15);
	encounter(c, 8, 8, STARSHIP_ENEMY, -1);
	hit(c, STARSHIP_ENEMY, 1, 1, 6, 6);
	refused(c, &r, "S8");
	e = attack(c, STARSHIP_YOU, 1, 1);
	ok(c, &e);
	e = damage(c, 6, 6);
	ok(c, &e);
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	e = attack(c, STARSHIP_YOU, 1, 1);
	ok(c, &e);
	e = damage(c, 1, 1);
	ok(c, &e);   /* shields 0 */
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	e = attack(c, STARSHIP_YOU, 1, 1);
	ok(c, &e);   /* destroyed */
	assert_int_equal(S(c)->you.shields, 9);
	ok(c, &r);
	assert_int_equal(S(c)->you.shields, 15);
	assert_string_equal(said(c), "\xc2\xa7" "209: a space station repairs your shields, 9 \xe2\x86\x92 15");
	assert_int_equal(S(c)->repairs, 1);
}

static void test_events_name_no_player(void **state)
{
	ctx *c = *state;
	sl_event e;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	e = attack(c, STARSHIP_YOU, 6, 6);
	e.player = 0;
	refused(c, &e, "S11");
}

/* A refused marker, with its clause. */
static void mark_refused(ctx *c, int turn, int phase, const char *needle)
{
	sl_error_clear(&c->err);
	assert_int_equal(G->mark(c->st, &c->h, turn, phase, &c->err), SL_EILLEGAL);
	if (!strstr(c->err.msg, needle))
		fail_msg("message '%s' lacks '%s'", c->err.msg, needle);
	names_clause(c->err.msg);
}

/* Every refusal names its step or decision (refused() checks the form on
 * each): the ones no other test reaches. */
static void test_every_refusal_names_its_clause(void **state)
{
	ctx *c = *state;
	sl_event e, esc = ev0("escape");
	char longname[80];
	memset(longname, 'x', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	esc.f[0] = v_int(145);
	/* setup: the ship's dice and name (S2), an unknown type, a marker, a
	 * missing field (S13) */
	e = ev0("ship");
	e.f[1] = v_dice(c, 7, 0);
	e.f[2] = v_dice(c, 1, 0);
	refused(c, &e, "S2: a die shows 1 to 6, not 7");
	e.f[1] = v_dice(c, 3, 3);
	refused(c, &e, "S2: weapons_roll is 1 die");
	e.f[1] = v_dice(c, 3, 0);
	e.f[0] = v_str(longname);
	refused(c, &e, "S2: name is 1 to 47 bytes");
	e.f[0].present = 0;
	e.f[2].present = 0;
	refused(c, &e, "S13: ship needs shields_roll=");
	e = ev0("ship");
	e.type = 99;
	refused(c, &e, "S13: unknown event type 99");
	e = ev0("ship");
	e.entry = SL_ENTRY_TURN;
	refused(c, &e, "S13");
	mark_refused(c, 1, 1, "S2");
	start(c, 10, 15);
	mark_refused(c, 1, 2, "S1");
	mark_refused(c, 3, 1, "S1: turn 3 cannot follow turn 1");
	/* before any fight: nothing to fire at (§341.1), flee (S7) or roll */
	e = attack(c, STARSHIP_YOU, 1, 1);
	refused(c, &e, "\xc2\xa7" "341.1: no fight is on");
	refused(c, &esc, "S7");
	e = damage(c, 1, 1);
	refused(c, &e, "\xc2\xa7" "341.5");
	/* the encounter's fields (S3, S13, §341.1, S7) */
	e = ev0("encounter");
	e.f[0] = v_str("");
	e.f[1] = v_int(8);
	e.f[2] = v_int(8);
	e.f[3] = v_int(56);
	refused(c, &e, "S3: enemy is 1 to 47 bytes");
	e.f[0] = v_str("Raider");
	e.f[1] = v_int(25);
	refused(c, &e, "S3");
	e.f[1] = v_int(8);
	e.f[2] = v_int(100);
	refused(c, &e, "S3");
	e.f[2] = v_int(8);
	e.f[3] = v_int(1000);
	refused(c, &e, "S13: paragraphs are 1 to 999");
	e.f[3] = v_int(56);
	e.f[4] = v_int(2);
	refused(c, &e, "\xc2\xa7" "341.1");
	e.f[4].present = 0;
	e.f[5] = v_int(100);
	refused(c, &e, "S7");
	e.f[5] = v_int(0);
	ok(c, &e);
	/* in the fight: dice (S4), by= (§341.1), paragraphs (S13) */
	e = attack(c, STARSHIP_YOU, 0, 3);
	refused(c, &e, "S4: a die shows 1 to 6, not 0");
	e = attack(c, STARSHIP_YOU, 1, 0);
	refused(c, &e, "S4: an attack roll is 2 dice");
	e = attack(c, 2, 1, 1);
	refused(c, &e, "\xc2\xa7" "341.1");
	esc.f[0] = v_int(0);
	refused(c, &esc, "S13");
	e = ev0("repair");
	e.f[0] = v_int(12);
	refused(c, &e, "S8");
	e = attack(c, STARSHIP_YOU, 1, 1);
	ok(c, &e);
	e = damage(c, 1, 7);
	refused(c, &e, "S4: a die shows 1 to 6, not 7");
	e = damage(c, 1, 0);
	refused(c, &e, "S4: a damage roll is 2 dice");
	e = damage(c, 1, 1);
	ok(c, &e);
	/* after a flight: no fight is on (S7) */
	e = attack(c, STARSHIP_ENEMY, 6, 6);
	ok(c, &e);
	esc.f[0] = v_int(77);
	ok(c, &esc);
	e = attack(c, STARSHIP_ENEMY, 1, 1);
	refused(c, &e, "S7: you fled from Raider");
	refused(c, &esc, "S7");
	e = ev0("repair");
	e.f[0] = v_int(0);
	refused(c, &e, "S13");
}

/* ---- snapshot, words, generator ---------------------------------------------- */

static void test_serialize_roundtrip_and_untrusted(void **state)
{
	ctx *c = *state;
	sl_buf a, b;
	void *copy;
	start(c, 10, 15);
	encounter(c, 8, 10, -1, 2);
	for (int k = 0; k < 5; k++) {
		sl_event e = attack(c, STARSHIP_YOU, 1, 2);
		ok(c, &e);
		e = damage(c, 1, 1);
		ok(c, &e);
		e = attack(c, STARSHIP_ENEMY, 6, 6);
		ok(c, &e);
	}
	sl_buf_init(&a);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &a), 0);
	assert_int_equal(G->restore(&copy, a.data, a.len, &c->err), 0);
	assert_int_equal(G->serialize(copy, &b), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	G->destroy(copy);
	/* every truncation and every single-byte change is either refused or
	 * gives a state that serializes back to the same bytes */
	for (size_t n = 0; n < a.len; n++)
		assert_int_not_equal(G->restore(&copy, a.data, n, &c->err), 0);
	for (size_t i = 0; i < a.len; i++) {
		uint8_t save = a.data[i];
		for (int v = 0; v < 256; v += 7) {
			a.data[i] = (uint8_t)v;
			sl_error_clear(&c->err);
			if (G->restore(&copy, a.data, a.len, &c->err) == 0) {
				sl_buf_reset(&b);
				assert_int_equal(G->serialize(copy, &b), 0);
				assert_memory_equal(a.data, b.data, a.len);
				G->destroy(copy);
			}
		}
		a.data[i] = save;
	}
	sl_buf_free(&a);
	sl_buf_free(&b);
}

static void test_summary_json_help(void **state)
{
	ctx *c = *state;
	sl_buf b;
	sl_buf_init(&b);
	G->help(c->st, &c->h, &b);
	assert_non_null(strstr(sl_buf_cstr(&b), "weapons_roll"));
	start(c, 10, 15);
	encounter(c, 8, 10, -1, -1);
	sl_buf_reset(&b);
	G->help(c->st, &c->h, &b);
	assert_non_null(strstr(sl_buf_cstr(&b), "attack by=player"));
	sl_buf_reset(&b);
	G->summary_json(c->st, &c->h, &b);
	assert_non_null(strstr(sl_buf_cstr(&b), "\"to_move\":\"player\""));
	sl_buf_reset(&b);
	G->summary(c->st, &c->h, &b);
	assert_non_null(strstr(sl_buf_cstr(&b), "you fire next"));
	sl_buf_free(&b);
}

static void test_generate_voyages(void **state)
{
	ctx *c = *state;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		void *st;
		sl_prng rng;
		sl_arena a;
		int n = 0, rc = 0;
		sl_prng_seed(&rng, seed, 7);
		sl_arena_init(&a);
		assert_int_equal(G->init(&st, &c->h, &c->err), 0);
		while (n < 5000) {
			sl_event e;
			int turn, phase;
			rc = G->generate(st, &c->h, &rng, &a, &e, &c->err);
			if (rc)
				break;
			G->position(st, &turn, &phase);
			if (e.entry == SL_ENTRY_TURN)
				rc = G->mark(st, &c->h, e.mark, 1, &c->err);
			else
				rc = G->apply(st, &c->h, &e, NULL, &c->err);
			if (rc)
				fail_msg("seed %llu entry %d refused: %s", (unsigned long long)seed, n, c->err.msg);
			n++;
		}
		assert_int_equal(rc, 1);
		G->destroy(st);
		sl_arena_free(&a);
	}
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_ship_rolls),
		T(test_setup_order),
		T(test_player_fires_first_by_default),
		T(test_enemy_first),
		T(test_turn_passes_after_damage),
		T(test_roll_equal_to_weapons_misses),
		T(test_roll_above_weapons_misses),
		T(test_roll_below_weapons_hits),
		T(test_two_dice_exactly),
		T(test_hit_ways),
		T(test_damage_equal_to_shields_is_two),
		T(test_damage_above_shields_is_four),
		T(test_double_six_is_six),
		T(test_damage_against_current_shields),
		T(test_enemy_damages_you),
		T(test_shields_clamp_at_zero),
		T(test_zero_shields_then_any_hit_destroys),
		T(test_you_destroyed_ends_voyage),
		T(test_one_enemy_at_a_time),
		T(test_escape),
		T(test_repair),
		T(test_events_name_no_player),
		T(test_every_refusal_names_its_clause),
		T(test_serialize_roundtrip_and_untrusted),
		T(test_summary_json_help),
		T(test_generate_voyages),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
