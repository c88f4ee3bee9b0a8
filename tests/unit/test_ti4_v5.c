/* test_ti4_v5.c - rules version 5 of ti4 (ti4_v5.c): the Titans' Hel-Titans
 * as ground forces (their combat roll and sustain damage in ground combat),
 * the Saar's Floating Factory (LRR 79.4a: placed in a space area, moves with
 * its capacity, produces there, destroyed when blockaded). Each clause: its
 * allowed and its refused side, and what a version 4 log keeps doing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ti4/ti4_int.h"
#include "formats/sl_log.h"
#include "analyze/analysis.h"

#include "test_ti4_ctx.inc"

static int setup5(void **state) { return setup_n(state, 3, 5); }
static int setup4(void **state) { return setup_n(state, 3, 4); }

static const char *const FIGHT[6] = {"leadership", "trade", "politics", "warfare",
	"technology", "imperial"};
static const char *const BUILD[6] = {"construction", "warfare", "politics", "leadership",
	"trade", "technology"};

/* ---- the Hel-Titan: a structure and a ground force ------------------------------------ */

/* cyd (titans) holds Sakulag (203) with one Hel-Titan and nothing else; ana
 * (arborec) has a carrier with two infantry in 203's space area. */
static void hel_titan_planet(ctx *c)
{
	ti4_state *s = S(c);
	OK(c, MAP);
	OK(c, "ana: seat faction=arborec home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=titans home=209");
	s->ctrl[at(203)][1] = 2;
	put(s, 203, 2, 2, TI4_PDS, 1);
	put(s, 203, 0, 0, TI4_CV, 1);
	put(s, 203, 0, 0, TI4_INF, 2);
	picks(c, FIGHT);   /* ana 1, cyd 3, bob 5 */
	OK(c, "ana: activate system=203");
}

/* A landing on a planet holding a Hel-Titan starts a ground combat; the
 * Hel-Titan rolls its combat value (7, one die) and sustains damage. */
static void t_hel_titan_ground_combat(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int d, r0;
	hel_titan_planet(c);
	r0 = s->reinf[2][TI4_PDS];
	assert_int_equal(ti4_unit_sustain(s, 2, TI4_PDS), 1);
	assert_int_equal(ti4_unit_sustain(s, 1, TI4_PDS), 0);   /* a Hacan PDS: none */
	assert_true(ti4_ground_unit(s, 2, TI4_PDS));
	assert_false(ti4_ground_unit(s, 1, TI4_PDS));
	assert_int_equal(ti4_combat_roll(s, at(203), 2, 2, TI4_PDS, &d), 7);
	assert_int_equal(d, 1);
	OK(c, "ana: land planet=sakulag units=inf,inf");
	assert_true(has(c, "ground combat against cyd"));
	assert_int_equal(s->ctrl[at(203)][1], 2);
	assert_int_equal(s->u[at(203)][2][2][TI4_PDS], 1);
	NO(c, "cyd: fire planet=sakulag dice=7,7", "1 dice are rolled here, not 2");
	OK(c, "cyd: fire planet=sakulag dice=3");
	OK(c, "ana: fire planet=sakulag dice=9,1");
	assert_true(has(c, "1 hit on cyd"));
	OK(c, "cyd: assign sustain=pds");
	assert_int_equal(s->dmg[at(203)][2][2][TI4_PDS], 1);
	assert_true(has(c, "round 2 begins"));
	OK(c, "cyd: fire planet=sakulag dice=7");
	OK(c, "ana: fire planet=sakulag dice=9,9");
	NO(c, "cyd: assign sustain=pds", "cyd has 0 undamaged PDS to sustain damage, not 1");
	OK(c, "cyd: assign destroy=pds");
	OK(c, "ana: assign destroy=inf");
	assert_true(has(c, "ana takes control of Sakulag"));
	assert_int_equal(s->ctrl[at(203)][1], 0);
	assert_int_equal(s->u[at(203)][2][2][TI4_PDS], 0);
	assert_int_equal(s->reinf[2][TI4_PDS], r0 + 1);
}

/* The Hel-Titan takes the hits of ground forces (an infantry named instead
 * is refused); destroyed, its planet is taken. Another player's PDS is no
 * ground force: a landing takes its planet at once. */
static void t_hel_titan_refused(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	hel_titan_planet(c);
	OK(c, "ana: land planet=sakulag units=inf");
	OK(c, "cyd: fire planet=sakulag dice=1");
	OK(c, "ana: fire planet=sakulag dice=9");
	NO(c, "cyd: assign destroy=inf", "cyd has 0 infantry there, not 1");
	OK(c, "cyd: assign destroy=pds");
	assert_int_equal(s->ctrl[at(203)][1], 0);
	OK(c, "ana: end");
	/* bob's PDS, a plain one, is no ground force: a landing takes its planet at once */
	s->ctrl[at(202)][0] = 1;
	put(s, 202, 1, 1, TI4_PDS, 1);
	put(s, 202, 0, 2, TI4_CV, 1);
	put(s, 202, 0, 2, TI4_INF, 1);
	OK(c, "cyd: activate system=202");
	OK(c, "cyd: land planet=mellon units=inf");
	assert_true(has(c, "cyd takes control of Mellon"));
	assert_int_equal(s->u[at(202)][1][1][TI4_PDS], 0);
}

/* Version 4: the Hel-Titan is a structure only; the landing takes Sakulag and
 * destroys it. */
static void t_hel_titan_v4(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	hel_titan_planet(c);
	assert_int_equal(ti4_unit_sustain(s, 2, TI4_PDS), 0);
	assert_false(ti4_ground_unit(s, 2, TI4_PDS));
	OK(c, "ana: land planet=sakulag units=inf,inf");
	assert_true(has(c, "ana takes control of Sakulag"));
	assert_int_equal(s->u[at(203)][2][2][TI4_PDS], 0);
}

/* ---- the Floating Factory (LRR 79.4a) ------------------------------------------------- */

/* ana (saar) at 201: Lisis II and Ragh; the sheet's dock is the Floating Factory. */
static void saar(ctx *c)
{
	OK(c, MAP);
	OK(c, "ana: seat faction=saar home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=xxcha home=209");
}

static void t_factory_setup(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	saar(c);
	assert_int_equal(s->u[at(201)][0][0][TI4_SD], 1);
	assert_int_equal(s->u[at(201)][1][0][TI4_SD], 0);
	assert_true(ti4_has_dock(s, at(201), 0));
	NO(c, "ana: place units=sd at=ragh", "LRR 79.4a: the Floating Factory is placed in a space "
		"area, not on a planet");
	OK(c, "ana: place units=sd at=201");
	assert_int_equal(s->u[at(201)][0][0][TI4_SD], 2);
	/* another player's dock stays on planets */
	NO(c, "bob: place units=sd at=205", "a space dock stands on a planet, not in space");
	/* Construction puts it in the space area of the planet's system */
	picks(c, BUILD);
	NO(c, "ana: strategic card=construction part=primary units=sd at=mellon",
		"ana does not control mellon");
	OK(c, "ana: strategic card=construction part=primary units=sd at=ragh");
	assert_int_equal(s->u[at(201)][0][0][TI4_SD], 3);
	assert_int_equal(s->u[at(201)][2][0][TI4_SD], 0);
	assert_int_equal(ti4_check_places(s), 0);
}

static void t_factory_moves(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int d;
	saar(c);
	assert_int_equal(ti4_unit_move(s, 0, TI4_SD), 1);
	assert_int_equal(ti4_unit_capacity(s, 0, TI4_SD), 4);
	assert_int_equal(ti4_unit_move(s, 1, TI4_SD), 0);
	picks(c, FIGHT);
	put(s, 201, 0, 0, TI4_INF, 5);
	OK(c, "ana: activate system=203");
	NO(c, "ana: move from=201 units=sd", "LRR 58.1: the space dock has move 1; 203 is 2 away");
	OK(c, "ana: end");
	OK(c, "cyd: activate system=204");
	OK(c, "cyd: end");
	OK(c, "bob: activate system=206");
	OK(c, "bob: end");
	/* 202: one away; capacity 4 for what it carries, like a ship's */
	s->cmd[at(203)] = 0;
	OK(c, "ana: activate system=202");
	NO(c, "ana: move from=201 units=sd,inf,inf,inf,inf,inf", "LRR 95: the moving ships have "
		"capacity 4 for 5 fighters and ground forces");
	OK(c, "ana: move from=201 units=sd,inf,inf,inf,inf");
	assert_int_equal(s->u[at(202)][0][0][TI4_SD], 1);
	assert_int_equal(s->u[at(202)][0][0][TI4_INF], 4);
	assert_int_equal(s->u[at(201)][0][0][TI4_SD], 0);
	/* it produces where it is: production 5; ground forces in its space area */
	NO(c, "ana: produce units=dd,dd,dd,dd,dd,dd tg=6", "LRR 68: production 5 at 202");
	s->pl[0].tg = 5;
	OK(c, "ana: produce units=dd,dd,dd tg=3");
	assert_int_equal(s->u[at(202)][0][0][TI4_DD], 3);
	(void)d;
}

/* Version 4: the Saar dock is on Lisis II and does not move. */
static void t_factory_v4(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	saar(c);
	assert_int_equal(s->u[at(201)][1][0][TI4_SD], 1);
	assert_int_equal(s->u[at(201)][0][0][TI4_SD], 0);
	assert_int_equal(ti4_unit_move(s, 0, TI4_SD), 0);
	NO(c, "ana: place units=sd at=201", "a space dock stands on a planet, not in space");
	picks(c, FIGHT);
	OK(c, "ana: activate system=202");
	NO(c, "ana: move from=201 units=sd", "LRR 58: a space dock does not move");
}

/* LRR 79.4a: blockaded (another player's ships, none of the Saar's), it is
 * destroyed; with a Saar ship beside it there is a combat instead, and it is
 * destroyed when the last one is. */
static void t_factory_blockaded(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	saar(c);
	put(s, 202, 0, 0, TI4_SD, 1);
	put(s, 203, 0, 1, TI4_DD, 1);
	put(s, 210, 0, 0, TI4_SD, 1);
	put(s, 210, 0, 0, TI4_DD, 1);
	put(s, 211, 0, 2, TI4_DD, 1);
	picks(c, FIGHT);
	OK(c, "ana: activate system=204");
	OK(c, "ana: end");
	/* cyd into 210: a combat; the factory stands while ana's destroyer does */
	OK(c, "cyd: activate system=210");
	OK(c, "cyd: move from=211 units=dd");
	assert_int_equal(s->u[at(210)][0][0][TI4_SD], 1);
	OK(c, "cyd: fire dice=9");
	OK(c, "ana: fire dice=1");
	OK(c, "ana: assign destroy=dd");
	assert_true(has(c, "Floating Factory"));
	assert_int_equal(s->u[at(210)][0][0][TI4_SD], 0);
	OK(c, "cyd: end");
	/* bob into 202, where ana has the factory alone */
	OK(c, "bob: activate system=202");
	OK(c, "bob: move from=203 units=dd");
	assert_true(has(c, "LRR 79.4a"));
	assert_int_equal(s->u[at(202)][0][0][TI4_SD], 0);
	assert_int_equal(s->reinf[0][TI4_SD], 2);
	assert_int_equal(ti4_check_places(s), 0);
}

/* A retreat takes the factory along (it retreats as a ship would). */
static void t_factory_retreats(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	saar(c);
	put(s, 210, 0, 0, TI4_SD, 1);
	put(s, 210, 0, 0, TI4_DD, 1);
	put(s, 209, 0, 2, TI4_DD, 1);
	s->ctrl[at(211)][0] = 0;   /* ana holds a planet of 211: a retreat may go there */
	picks(c, FIGHT);
	OK(c, "ana: activate system=204");
	OK(c, "ana: end");
	OK(c, "cyd: activate system=210");
	OK(c, "cyd: move from=209 units=dd");
	NO(c, "ana: retreat to=209", "LRR 78.7: 209 holds other players' ships");
	OK(c, "ana: retreat to=211");
	NO(c, "ana: retreat to=201", "LRR 78.7: 201 is not adjacent");
	OK(c, "cyd: fire dice=1");
	OK(c, "ana: fire dice=1");
	assert_int_equal(s->u[at(211)][0][0][TI4_SD], 1);
	assert_int_equal(s->u[at(211)][0][0][TI4_DD], 1);
	assert_int_equal(s->u[at(210)][0][0][TI4_SD], 0);
}

static void t_snapshot(void **state)
{
	ctx *c = *state;
	sl_buf b;
	void *copy = NULL;
	seat3(c);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &b), 0);
	assert_int_equal(G->restore(&copy, b.data, b.len, &c->err), 0);
	assert_int_equal(((ti4_state *)copy)->r3.v5, 1);
	assert_int_equal(((ti4_state *)copy)->r3.v4, 1);
	G->destroy(copy);
	c->log->h.rules_version = 4;
	{
		void *v4 = NULL, *back = NULL;
		sl_buf b4;
		sl_buf_init(&b4);
		assert_int_equal(G->init(&v4, &c->log->h, &c->err), 0);
		assert_int_equal(G->serialize(v4, &b4), 0);
		assert_int_equal(b4.len + 1, b.len);   /* version 5 appends one marker byte */
		assert_int_equal(G->restore(&back, b4.data, b4.len, &c->err), 0);
		assert_int_equal(((ti4_state *)back)->r3.v5, 0);
		assert_int_equal(((ti4_state *)back)->r3.v4, 1);
		G->destroy(back);
		G->destroy(v4);
		sl_buf_free(&b4);
	}
	sl_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_hel_titan_ground_combat, setup5, teardown),
		cmocka_unit_test_setup_teardown(t_hel_titan_refused, setup5, teardown),
		cmocka_unit_test_setup_teardown(t_hel_titan_v4, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_factory_setup, setup5, teardown),
		cmocka_unit_test_setup_teardown(t_factory_moves, setup5, teardown),
		cmocka_unit_test_setup_teardown(t_factory_v4, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_factory_blockaded, setup5, teardown),
		cmocka_unit_test_setup_teardown(t_factory_retreats, setup5, teardown),
		cmocka_unit_test_setup_teardown(t_snapshot, setup5, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
