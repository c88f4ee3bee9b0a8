/* test_ti4_v3.c - rules version 3 of ti4 (ti4_v3.c): a space combat in a
 * system where a third player has ships (LRR 78, 62.1, 13, 29: the active
 * player and one other fight, the first in initiative order, then the next);
 * the Construction (LRR 24, 63.3, 79.3) and Warfare (LRR 99) strategy cards
 * carried out. Each clause: its allowed and its refused side, and what a
 * version 2 log keeps doing. */
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

static int setup3(void **state) { return setup_n(state, 3, 3); }
static int setup3_v2(void **state) { return setup_n(state, 3, 2); }

static const char *const FIGHT[6] = {"leadership", "trade", "politics", "warfare",
	"technology", "imperial"};

/* bob's and cyd's destroyers both at 202; ana (active) moves in. */
static void three_at_202(ctx *c)
{
	ti4_state *s = S(c);
	seat3(c);
	put(s, 202, 0, 1, TI4_DD, 1);
	put(s, 202, 0, 2, TI4_DD, 1);
	picks(c, FIGHT);
	OK(c, "ana: strategic card=leadership part=primary");
	OK(c, "bob: strategic card=leadership part=decline");
	OK(c, "cyd: strategic card=leadership part=decline");
	OK(c, "cyd: strategic card=politics part=primary speaker=bob");
	OK(c, "ana: strategic card=politics part=decline");
	OK(c, "bob: strategic card=politics part=decline");
	OK(c, "bob: strategic card=trade part=primary");
	OK(c, "ana: strategic card=trade part=decline");
	OK(c, "cyd: strategic card=trade part=decline");
	OK(c, "ana: activate system=202");
	OK(c, "ana: move from=201 units=cv,cv,ff,ff");
}

/* LRR 78 (a space combat is between two players), 13 and 29 (the active
 * player attacks, the other defends), 62.1 (a player with no units on either
 * side is no opponent): cyd, first in initiative order, defends; bob neither
 * rolls nor retreats until that combat is over, then fights in his turn. */
static void t_third_player(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	three_at_202(c);
	NO(c, "bob: barrage dice=1,1", "LRR 62.1: bob's ships at 202 are not a side");
	NO(c, "bob: retreat to=203", "LRR 62.1: bob's ships at 202 are not a side");
	NO(c, "bob: fire dice=1", "LRR 62.1");
	OK(c, "ana: fire dice=10,10,1,1");   /* carriers hit, fighters miss */
	assert_true(has(c, "ana against cyd"));
	assert_int_equal(s->def, 2);
	NO(c, "bob: fire dice=1", "not a side of the space combat of ana against cyd");
	OK(c, "cyd: fire dice=1");
	OK(c, "cyd: assign destroy=dd");
	assert_true(has(c, "is over"));
	assert_int_equal(s->ckind, 0);
	/* the combat with bob comes before invasion (LRR 89.3) */
	NO(c, "ana: land planet=zohbat units=inf", "comes before invasion");
	OK(c, "bob: barrage dice=1,1");     /* a new combat: its own barrage (LRR 78.1) */
	assert_true(has(c, "ana against bob"));
	assert_int_equal(s->round, 1);
	assert_int_equal(s->def, 1);
	NO(c, "cyd: fire dice=1", "not in this combat");
	OK(c, "bob: fire dice=1");
	OK(c, "ana: fire dice=10,1,1,1");
	OK(c, "bob: assign destroy=dd");
	assert_int_equal(ti4_ships_in(s, at(202), 1), 0);
	assert_int_equal(ti4_ships_in(s, at(202), 2), 0);
}

/* Version 2 kept its order by seat: bob (the first other seat) defends. */
static void t_third_player_v2(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	three_at_202(c);
	OK(c, "ana: fire dice=1,1,1,1");
	assert_true(has(c, "ana against bob"));
	assert_int_equal(s->def, 1);
	NO(c, "cyd: fire dice=1", "ti4 LRR 78: cyd is not in this combat");
}

/* ---- Construction (LRR 24) ------------------------------------------------------ */

static const char *const BUILD[6] = {"construction", "warfare", "politics", "leadership",
	"trade", "technology"};

/* ana: Construction (4) and Leadership (1); bob: Warfare (6), Trade (5); cyd:
 * Politics (3), Technology (7). Turns: ana, cyd, bob. */
static void t_construction(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	s->ctrl[at(202)][0] = 0;   /* ana holds Mellon */
	NO(c, "ana: strategic card=construction part=primary units=pds,sd at=jord,jord",
		"one PDS or one space dock, then one PDS");
	NO(c, "ana: strategic card=construction part=primary units=sd at=jord",
		"LRR 79.3: jord already holds a space dock");
	NO(c, "ana: strategic card=construction part=primary units=pds at=zohbat",
		"LRR 24.2: a structure goes on a planet its player controls");
	NO(c, "ana: strategic card=construction part=primary units=pds,pds", "a planet for each");
	s->reinf[0][TI4_PDS] -= 5;
	s->box[0][TI4_PDS] += 5;
	NO(c, "ana: strategic card=construction part=primary units=pds,pds at=jord,jord",
		"LRR 24.4: ana has no PDS in reinforcements");
	s->reinf[0][TI4_PDS] += 5;
	s->box[0][TI4_PDS] -= 5;
	put(s, 201, 1, 0, TI4_PDS, 1);
	NO(c, "ana: strategic card=construction part=primary units=pds,pds at=jord,jord",
		"LRR 63.3: jord already holds two PDS");
	OK(c, "ana: strategic card=construction part=primary units=sd,pds at=mellon,jord");
	assert_int_equal(s->u[at(202)][1][0][TI4_SD], 1);
	assert_int_equal(s->u[at(201)][1][0][TI4_PDS], 2);
	/* the secondaries: bob's token into the system, his structure there */
	NO(c, "bob: strategic card=construction part=secondary", "one structure");
	NO(c, "bob: strategic card=construction part=secondary units=pds at=arretze system=202",
		"LRR 24.3: the structure goes on a planet of the system");
	NO(c, "bob: strategic card=construction part=secondary units=pds,pds at=arretze,arretze",
		"one structure");
	NO(c, "bob: strategic card=construction part=secondary units=pds at=jord",
		"bob does not control jord");
	OK(c, "bob: strategic card=construction part=secondary units=pds at=arretze");
	assert_int_equal(s->u[at(205)][1][1][TI4_PDS], 1);
	assert_true(s->cmd[at(205)] >> 1 & 1);
	assert_int_equal(s->pl[1].strategy, 1);
	s->pl[2].strategy = 0;
	NO(c, "cyd: strategic card=construction part=secondary units=sd at=archontau",
		"strategy pool; cyd has none");
	s->pl[2].strategy = 2;
	NO(c, "cyd: strategic card=construction part=secondary units=sd at=archonren",
		"archonren already holds a space dock");
	OK(c, "cyd: strategic card=construction part=secondary units=sd at=archontau");
	assert_int_equal(ti4_check_places(s), 0);
}

/* Version 2 declared Construction: nothing placed. */
static void t_construction_v2(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	OK(c, "ana: strategic card=construction part=primary");
	assert_int_equal(s->u[at(201)][1][0][TI4_PDS], 0);
}

/* ---- Warfare (LRR 99) ------------------------------------------------------------- */

static void to_warfare(ctx *c)
{
	OK(c, "ana: strategic card=construction part=primary");
	OK(c, "bob: strategic card=construction part=decline");
	OK(c, "cyd: strategic card=construction part=decline");
	OK(c, "cyd: strategic card=politics part=primary speaker=bob");
	OK(c, "ana: strategic card=politics part=decline");
	OK(c, "bob: strategic card=politics part=decline");
}

static void t_warfare(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	to_warfare(c);
	s->cmd[at(203)] |= 2;         /* a token of bob's on the board */
	s->pl[1].tactic--;
	NO(c, "bob: strategic card=warfare part=primary", "system= names it");
	NO(c, "bob: strategic card=warfare part=primary system=202", "202 holds no command token");
	NO(c, "bob: strategic card=warfare part=primary system=203 tactic=5 fleet=4",
		"redistribute the 8 command tokens");
	NO(c, "bob: strategic card=warfare part=primary system=203 tactic=8",
		"redistribute the 8 command tokens");
	OK(c, "bob: strategic card=warfare part=primary system=203 tactic=2 fleet=4");
	assert_false(s->cmd[at(203)] >> 1 & 1);
	assert_int_equal(s->pl[1].tactic, 2);
	assert_int_equal(s->pl[1].fleet, 4);
	assert_int_equal(s->pl[1].strategy, 2);
	/* the secondary: one production at a home dock, at once, no token placed */
	NO(c, "ana: produce units=dd pay=jord", "nobody's turn");
	OK(c, "ana: strategic card=warfare part=secondary");
	assert_int_equal(s->pl[0].strategy, 1);
	NO(c, "ana: produce units=dd,dd,dd,dd,dd,dd,dd pay=jord", "LRR 68: production");
	NO(c, "ana: produce units=dn", "the units cost 4; 0 resources spent");
	NO(c, "ana: produce units=dd pay=jord", "LRR 37: ana has 4 non-fighter ships at 201");
	OK(c, "ana: produce units=ff,ff,inf,inf pay=jord");
	assert_int_equal(s->u[at(201)][0][0][TI4_FF], 5);
	assert_int_equal(s->u[at(201)][1][0][TI4_INF], 7);
	assert_int_equal(s->cmd[at(201)] & 1, 0);
	NO(c, "ana: produce units=dd", "nobody's turn");   /* one production */
	OK(c, "cyd: strategic card=warfare part=decline");
	NO(c, "cyd: produce units=dd", "nobody's turn");
	assert_int_equal(ti4_check_places(s), 0);
}

/* Warfare with no token on the board (LRR 99 note): nothing removed, nothing gained. */
static void t_warfare_empty(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	to_warfare(c);
	NO(c, "bob: strategic card=warfare part=primary tactic=6 fleet=4", "redistribute the 8");
	OK(c, "bob: strategic card=warfare part=primary tactic=4 fleet=2");
	assert_int_equal(s->pl[1].strategy, 2);
	assert_int_equal(s->pl[1].tactic, 4);
	/* a production window closes with the next event that is not one */
	OK(c, "ana: strategic card=warfare part=secondary");
	OK(c, "cyd: strategic card=warfare part=decline");
	OK(c, "ana: activate system=202");
	NO(c, "ana: produce units=dd pay=jord", "no unit with production in the active system");
}

/* Version 2: a blockaded home dock still refuses ships; the secondary
 * without a dock at home is refused. */
static void t_warfare_no_dock(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	to_warfare(c);
	OK(c, "bob: strategic card=warfare part=primary");
	s->u[at(201)][1][0][TI4_SD] = 0;
	s->reinf[0][TI4_SD]++;
	NO(c, "ana: strategic card=warfare part=secondary", "LRR 99.2: ana has no space dock");
	s->u[at(201)][1][0][TI4_SD] = 1;
	s->reinf[0][TI4_SD]--;
	put(s, 201, 0, 2, TI4_DD, 1);   /* cyd's destroyer blockades Jord... */
	s->u[at(201)][0][0][TI4_CV] = s->u[at(201)][0][0][TI4_DD] = s->u[at(201)][0][0][TI4_FF] = 0;
	s->reinf[0][TI4_CV] += 2;
	s->reinf[0][TI4_DD] += 1;
	s->reinf[0][TI4_FF] += 3;
	OK(c, "ana: strategic card=warfare part=secondary");
	NO(c, "ana: produce units=dd pay=jord", "blockaded");
	OK(c, "ana: produce units=inf,inf pay=jord");   /* ground forces it may (LRR 14.1) */
}

static void t_warfare_v2(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks(c, BUILD);
	to_warfare(c);
	s->cmd[at(203)] |= 2;
	OK(c, "bob: strategic card=warfare part=primary");   /* declared */
	assert_true(s->cmd[at(203)] >> 1 & 1);
	OK(c, "ana: strategic card=warfare part=secondary");
	NO(c, "ana: produce units=dd pay=jord", "nobody's turn");
}

/* Version 3's state serializes and restores (the r3 bytes). */
static void t_snapshot(void **state)
{
	ctx *c = *state;
	sl_buf b;
	void *copy = NULL;
	seat3(c);
	picks(c, BUILD);
	to_warfare(c);
	OK(c, "bob: strategic card=warfare part=primary");
	OK(c, "ana: strategic card=warfare part=secondary");
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &b), 0);
	assert_int_equal(G->restore(&copy, b.data, b.len, &c->err), 0);
	assert_int_equal(((ti4_state *)copy)->r3.warprod, 1);
	assert_int_equal(((ti4_state *)copy)->r3.on, 1);
	G->destroy(copy);
	sl_buf_free(&b);
}

/* A faction's own unit before its upgrade has the values of its sheet
 * (version 3): Sol's Spec Ops I hit on 7 and Advanced Carrier I carry 6;
 * once Spec Ops II is researched, 6. Version 2 used the generic unit. */
static void faction_units(ctx *c, int v3)
{
	ti4_state *s = S(c);
	int d;
	seat3(c);   /* ana sol, bob hacan, cyd xxcha */
	assert_int_equal(ti4_unit_roll(s, 0, TI4_INF, TI4_ROLL_COMBAT, &d), v3 ? 7 : 8);
	assert_int_equal(ti4_unit_capacity(s, 0, TI4_CV), v3 ? 6 : 4);
	assert_int_equal(ti4_unit_roll(s, 1, TI4_INF, TI4_ROLL_COMBAT, &d), 8);   /* hacan: generic */
	assert_int_equal(ti4_unit_capacity(s, 1, TI4_CV), 4);
	s->r.techs[0][ti4_tech_index("specops2") >> 3] |= (uint8_t)(1u << (ti4_tech_index("specops2") & 7));
	assert_int_equal(ti4_unit_roll(s, 0, TI4_INF, TI4_ROLL_COMBAT, &d), 6);
	/* the others of the table */
	s->pl[2].faction = TI4_F_ARGENT;
	assert_int_equal(ti4_unit_roll(s, 2, TI4_DD, TI4_ROLL_COMBAT, &d), v3 ? 8 : 9);
	assert_int_equal(ti4_unit_capacity(s, 2, TI4_DD), v3 ? 1 : 0);
	s->pl[2].faction = TI4_F_L1Z1X;
	assert_int_equal(ti4_unit_capacity(s, 2, TI4_DN), v3 ? 2 : 1);
	s->pl[2].faction = TI4_F_MUAAT;
	assert_int_equal(ti4_unit_move(s, 2, TI4_WS), v3 ? 1 : 2);
	s->pl[2].faction = TI4_F_NAALU;
	assert_int_equal(ti4_unit_roll(s, 2, TI4_FF, TI4_ROLL_COMBAT, &d), v3 ? 8 : 9);
	s->pl[2].faction = TI4_F_SARDAKK;
	assert_int_equal(ti4_unit_roll(s, 2, TI4_DN, TI4_ROLL_BOMB, &d), v3 ? 4 : 5);
	assert_int_equal(d, v3 ? 2 : 1);
	s->pl[2].faction = TI4_F_TITANS;
	assert_int_equal(ti4_unit_roll(s, 2, TI4_CR, TI4_ROLL_COMBAT, &d), 7);
	assert_int_equal(ti4_unit_capacity(s, 2, TI4_CR), v3 ? 1 : 0);
}
static void t_faction_units(void **state) { faction_units(*state, 1); }
static void t_faction_units_v2(void **state) { faction_units(*state, 0); }

/* batch's winner: the rules' (LRR 98.2: a tie at the goal goes by initiative
 * order), not who leads on points. */
static void t_batch_winner(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	const sl_analysis *an = sl_analysis_find("ti4");
	sl_result r;
	seat3(c);
	picks(c, FIGHT);
	s->pl[1].vp = s->pl[2].vp = 10;   /* bob (initiative 5) and cyd (3) at once */
	OK(c, "ana: strategic card=leadership part=primary");
	assert_int_equal(s->r.winner, 2);
	assert_non_null(an);
	memset(&r, 0, sizeof r);
	an->result(c->st, &c->log->h, &r);
	assert_int_equal(r.winner, 2);
	assert_non_null(strstr(r.text, "cyd wins with 10"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_third_player, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_third_player_v2, setup3_v2, teardown),
		cmocka_unit_test_setup_teardown(t_construction, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_construction_v2, setup3_v2, teardown),
		cmocka_unit_test_setup_teardown(t_warfare, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_warfare_empty, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_warfare_no_dock, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_warfare_v2, setup3_v2, teardown),
		cmocka_unit_test_setup_teardown(t_snapshot, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_batch_winner, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_faction_units, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_faction_units_v2, setup3_v2, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
