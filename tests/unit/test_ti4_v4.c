/* test_ti4_v4.c - rules version 4 of ti4 (ti4_v4.c): a structure taken from
 * the board when none is in reinforcements (LRR 24.4a), the custodians
 * token's six influence (LRR 27.1-27.3, the Winnu's Blood Ties), the Winnu
 * flagship's dice counted from the opponent's non-fighter ships. Each clause:
 * its allowed and its refused side, and what a version 3 log keeps doing. */
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

static int setup4(void **state) { return setup_n(state, 3, 4); }
static int setup3(void **state) { return setup_n(state, 3, 3); }

static const char *const FIGHT[6] = {"leadership", "trade", "politics", "warfare",
	"technology", "imperial"};
static const char *const BUILD[6] = {"construction", "warfare", "politics", "leadership",
	"trade", "technology"};

/* ---- LRR 24.4a: a structure taken from the board ------------------------------------ */

/* ana (sol) has all six PDS on the board: two on Jord, two on Zohbat, two on
 * Lazar, where a command token of hers is; she controls Mellon. */
static void pds_all_placed(ctx *c)
{
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	s->ctrl[at(202)][0] = 0;
	put(s, 201, 1, 0, TI4_PDS, 2);
	put(s, 202, 2, 0, TI4_PDS, 2);
	put(s, 203, 1, 0, TI4_PDS, 2);
	s->cmd[at(203)] |= 1;
	assert_int_equal(s->reinf[0][TI4_PDS], 0);
}

static void t_take_from_board(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	pds_all_placed(c);
	NO(c, "ana: strategic card=construction part=primary units=pds at=mellon",
		"LRR 24.4a: ana has no PDS in reinforcements: from= names the planet");
	NO(c, "ana: strategic card=construction part=primary units=pds at=mellon from=lazar",
		"LRR 24.4a: lazar is in 203, which holds a command token of ana's");
	NO(c, "ana: strategic card=construction part=primary units=pds at=mellon from=mellon",
		"LRR 24.4a: mellon holds no PDS of ana's");
	NO(c, "ana: strategic card=construction part=primary units=pds at=mellon from=zohbat,jord",
		"from= names 2 planets, and 1 structure had none in reinforcements");
	OK(c, "ana: strategic card=construction part=primary units=pds at=mellon from=zohbat");
	assert_true(has(c, "a PDS taken from zohbat"));
	assert_int_equal(s->u[at(202)][1][0][TI4_PDS], 1);
	assert_int_equal(s->u[at(202)][2][0][TI4_PDS], 1);
	assert_int_equal(s->reinf[0][TI4_PDS], 0);
	/* a structure in reinforcements comes from there: from= is refused */
	NO(c, "bob: strategic card=construction part=secondary units=pds at=arretze from=hercant",
		"a structure comes from reinforcements when one is there");
	OK(c, "bob: strategic card=construction part=secondary units=pds at=arretze");
	assert_int_equal(ti4_check_places(s), 0);
}

/* The secondary's token is in its system before the structure is placed
 * (LRR 24.3): no structure comes from that system. */
static void t_take_secondary(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	pds_all_placed(c);
	OK(c, "ana: strategic card=construction part=primary");
	OK(c, "bob: strategic card=construction part=decline");
	put(s, 209, 1, 2, TI4_PDS, 1);   /* cyd: two on Archon Tau, two on Centauri, two on Gral */
	put(s, 210, 1, 2, TI4_PDS, 2);
	put(s, 210, 2, 2, TI4_PDS, 2);
	assert_int_equal(s->reinf[2][TI4_PDS], 0);
	NO(c, "cyd: strategic card=construction part=secondary units=pds at=archonren "
		"from=archontau", "LRR 24.4a: archontau is in 209, which holds a command token");
	OK(c, "cyd: strategic card=construction part=secondary units=pds at=archonren "
		"from=centauri");
	assert_int_equal(s->u[at(209)][2][2][TI4_PDS], 1);
	assert_int_equal(s->u[at(210)][1][2][TI4_PDS], 1);
	assert_true(s->cmd[at(209)] >> 2 & 1);
	assert_int_equal(ti4_check_places(s), 0);
}

/* Version 3 refuses it, as it was recorded. */
static void t_take_v3(void **state)
{
	ctx *c = *state;
	pds_all_placed(c);
	NO(c, "ana: strategic card=construction part=primary units=pds at=mellon",
		"LRR 24.4: ana has no PDS in reinforcements (all 6 on the board");
}

/* ---- LRR 27: the custodians token ---------------------------------------------------- */

/* ana's turn: a carrier and two infantry in the space area of Mecatol Rex. */
static void at_mecatol(ctx *c)
{
	ti4_state *s = S(c);
	seat3(c);
	picks(c, FIGHT);
	put(s, 0, 0, 0, TI4_CV, 1);
	put(s, 0, 0, 0, TI4_INF, 2);
	OK(c, "ana: activate system=0");
}

static void t_custodians(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	at_mecatol(c);
	NO(c, "ana: land planet=mecatolrex units=inf,inf",
		"LRR 27.1: no ground forces land on Mecatol Rex while the custodians token is on it");
	NO(c, "ana: land planet=mecatolrex units=inf pay=jord",
		"LRR 27.2: the custodians token costs six influence; ana spends 2");
	NO(c, "ana: land planet=mecatolrex units=inf pay=jord tg=4", "ana has 0 trade goods, not 4");
	NO(c, "ana: land planet=mecatolrex units=inf pay=zohbat", "does not control zohbat");
	s->pl[0].tg = 5;
	OK(c, "ana: land planet=mecatolrex units=inf,inf pay=jord tg=4");
	assert_true(has(c, "ana removes the custodians token (1 VP)"));
	assert_int_equal(s->r.custodians, 1);
	assert_int_equal(s->pl[0].vp, 1);
	assert_int_equal(s->pl[0].tg, 1);
	assert_int_equal(s->exh[at(201)][0], 1);
	assert_int_equal(s->ctrl[0][0], 0);
	/* the point once: a later landing pays nothing and gains nothing */
	OK(c, "ana: end");
	assert_int_equal(s->pl[0].vp, 1);
}

/* pay= on another planet, or on Mecatol Rex once the token is gone, is refused. */
static void t_custodians_elsewhere(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	at_mecatol(c);
	s->r.custodians = 1;
	NO(c, "ana: land planet=mecatolrex units=inf pay=jord",
		"pay= and tg= on a landing pay the custodians token's six influence");
	OK(c, "ana: land planet=mecatolrex units=inf");
	assert_int_equal(s->pl[0].vp, 0);
}

/* The Winnu's Blood Ties: no influence to spend. */
static void t_custodians_winnu(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	OK(c, MAP);
	OK(c, "ana: seat faction=winnu home=201 techs=neuralmotivator");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=xxcha home=209");
	picks(c, FIGHT);
	put(s, 0, 0, 0, TI4_CV, 1);
	put(s, 0, 0, 0, TI4_INF, 1);
	OK(c, "ana: activate system=0");
	NO(c, "ana: land planet=mecatolrex units=inf pay=winnu", "Blood Ties) spends no influence");
	OK(c, "ana: land planet=mecatolrex units=inf");
	assert_true(has(c, "(Blood Ties) (1 VP)"));
	assert_int_equal(s->pl[0].vp, 1);
}

/* Version 3: the token (and its point) came with control, unpaid. */
static void t_custodians_v3(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	at_mecatol(c);
	OK(c, "ana: land planet=mecatolrex units=inf,inf");
	assert_int_equal(s->r.custodians, 1);
	assert_int_equal(s->pl[0].vp, 1);
	assert_int_equal(s->exh[at(201)][0], 0);
}

/* ---- the Winnu flagship: dice from the opponent's non-fighter ships ----------------------- */

/* bob (winnu) has Salai Sai Corian at 202; ana moves in two carriers and two
 * fighters: two non-fighter ships, two dice. */
static void winnu_flagship(ctx *c)
{
	ti4_state *s = S(c);
	OK(c, MAP);
	OK(c, "ana: seat faction=sol home=201");
	OK(c, "bob: seat faction=winnu home=205 techs=neuralmotivator");
	OK(c, "cyd: seat faction=xxcha home=209");
	put(s, 202, 0, 1, TI4_FS, 1);
	picks(c, FIGHT);
	OK(c, "ana: activate system=202");
	OK(c, "ana: move from=201 units=cv,cv,ff,ff");
}

static void t_winnu_flagship(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int d;
	winnu_flagship(c);
	assert_int_equal(ti4_combat_roll(s, at(202), 0, 1, TI4_FS, &d), 7);
	assert_int_equal(d, 2);
	NO(c, "bob: fire dice=7", "2 dice are rolled here, not 1");
	NO(c, "bob: fire dice=7,7,7", "2 dice are rolled here, not 3");
	OK(c, "bob: fire dice=7,6");
	assert_true(has(c, "1 hit on ana"));
	OK(c, "ana: fire dice=10,1,1,1");
	OK(c, "ana: assign destroy=cv");
	OK(c, "bob: assign sustain=fs");
	/* round 2: one carrier left, one die (the fighters do not count) */
	assert_int_equal(ti4_combat_roll(s, at(202), 0, 1, TI4_FS, &d), 7);
	assert_int_equal(d, 1);
	NO(c, "bob: fire dice=7,7", "1 dice are rolled here, not 2");
	OK(c, "bob: fire dice=1");
}

/* Version 3 kept the sheet's blank: no dice. */
static void t_winnu_flagship_v3(void **state)
{
	ctx *c = *state;
	int d;
	winnu_flagship(c);
	ti4_combat_roll(S(c), at(202), 0, 1, TI4_FS, &d);
	assert_int_equal(d, 0);
}

/* ---- units with production beyond space docks (LRR 68.1) ------------------------------ */

/* ana (arborec) holds Mellon with two Letani Warriors and no dock; cyd
 * (titans) holds Sakulag with one Hel-Titan and nothing else there. */
static void producers(ctx *c)
{
	ti4_state *s = S(c);
	OK(c, MAP);
	OK(c, "ana: seat faction=arborec home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=titans home=209");
	s->ctrl[at(202)][0] = 0;
	put(s, 202, 1, 0, TI4_INF, 2);
	s->ctrl[at(203)][1] = 2;
	put(s, 203, 2, 2, TI4_PDS, 1);
	picks(c, FIGHT);   /* ana 1, cyd 3, bob 5 */
}

static void t_letani_warrior(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	producers(c);
	OK(c, "ana: activate system=202");
	NO(c, "ana: produce units=inf,inf,inf pay=nestphar", "LRR 68: production 2 at 202; 3 units");
	NO(c, "ana: produce units=ff pay=nestphar planet=zohbat", "LRR 68.3: ground forces are placed");
	OK(c, "ana: produce units=inf,inf pay=nestphar");
	assert_int_equal(s->u[at(202)][1][0][TI4_INF], 4);
	assert_true(has(c, "production 2"));
	OK(c, "ana: end");
	/* Letani Warrior II: production 2 each (four warriors there now: 8) */
	s->r.techs[0][ti4_tech_index("letaniwarrior2") >> 3] |=
		(uint8_t)(1u << (ti4_tech_index("letaniwarrior2") & 7));
	assert_int_equal(ti4_unit_production(s, 0, TI4_INF), 2);
	assert_int_equal(ti4_unit_production(s, 0, TI4_MECH), 2);   /* the Letani Behemoth */
	assert_int_equal(ti4_unit_production(s, 1, TI4_INF), 0);    /* hacan infantry: none */
}

/* LRR 68.1d: at home the dock (production 5) makes no infantry; the four
 * Letani Warriors there make four. */
static void t_arborec_dock_no_infantry(void **state)
{
	ctx *c = *state;
	producers(c);
	S(c)->pl[0].tg = 5;
	OK(c, "ana: activate system=201");
	NO(c, "ana: produce units=inf,inf,inf,inf,inf,inf pay=nestphar",
		"LRR 68.1d: the Arborec space docks produce no infantry; ana's other units with "
		"production at 201 make 4, not 6");
	OK(c, "ana: produce units=inf,inf,inf,inf,dd,ff,ff,ff pay=nestphar tg=2");
	assert_true(has(c, "production 9, 8 used"));
}

static void t_hel_titan(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int d;
	producers(c);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_PDS, TI4_ROLL_CANNON, &d), 6);
	assert_int_equal(ti4_unit_production(s, 2, TI4_PDS), 1);
	OK(c, "ana: activate system=204");
	OK(c, "ana: end");
	OK(c, "cyd: activate system=203");
	NO(c, "cyd: produce units=inf,inf pay=elysium", "LRR 68: production 1 at 203");
	OK(c, "cyd: produce units=inf pay=elysium");
	assert_int_equal(s->u[at(203)][2][2][TI4_INF], 1);
}

/* Version 3: no production without a space dock. */
static void t_production_v3(void **state)
{
	ctx *c = *state;
	producers(c);
	OK(c, "ana: activate system=202");
	NO(c, "ana: produce units=inf,inf pay=nestphar", "LRR 68: ana has no unit with production");
	assert_int_equal(ti4_unit_production(S(c), 0, TI4_INF), 0);
}

/* ---- the L1Z1X flagship's capacity; the state's version marker ------------------------- */

/* [0.0.1] carries 5, as printed (formats/ti4.md cites the sheets; AsyncTI4's
 * units.json says 6): both versions. */
static void t_l1z1x_flagship(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	s->pl[2].faction = TI4_F_L1Z1X;
	assert_int_equal(ti4_unit_capacity(s, 2, TI4_FS), 5);
	assert_int_equal(ti4_faction_data_tab[TI4_F_L1Z1X].fs.capacity, 5);
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
	assert_int_equal(((ti4_state *)copy)->r3.v4, 1);
	G->destroy(copy);
	/* a version 3 state has no marker: it restores as version 3 */
	c->log->h.rules_version = 3;
	{
		void *v3 = NULL, *back = NULL;
		sl_buf b3;
		sl_buf_init(&b3);
		assert_int_equal(G->init(&v3, &c->log->h, &c->err), 0);
		assert_int_equal(G->serialize(v3, &b3), 0);
		assert_int_equal(G->restore(&back, b3.data, b3.len, &c->err), 0);
		assert_int_equal(((ti4_state *)back)->r3.v4, 0);
		G->destroy(back);
		G->destroy(v3);
		sl_buf_free(&b3);
	}
	sl_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_take_from_board, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_take_secondary, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_take_v3, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_custodians, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_custodians_elsewhere, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_custodians_winnu, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_custodians_v3, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_winnu_flagship, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_winnu_flagship_v3, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_letani_warrior, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_arborec_dock_no_infantry, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_hel_titan, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_production_v3, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_l1z1x_flagship, setup4, teardown),
		cmocka_unit_test_setup_teardown(t_snapshot, setup4, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
