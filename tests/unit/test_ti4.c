/* test_ti4.c - the ti4 rules module: the galaxy (positions, the TTS map
 * string), units and places, the tactical action, blockades (LRR 14), and
 * capture clause by clause (LRR 17 in English, 22 in the Russian seed) with
 * its commentary 1-9, each with its allowed and its refused side. Events are
 * log lines parsed by the .sil codec; positions are set up with `place`. */
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

#include "test_ti4_base.inc"

static int setup(void **state)
{
	static const char *const ids[3] = {"ana", "bob", "cyd"};
	return ctx_open(state, G, 0, 3, ids, NULL, 0x203040u);
}

static int P(const char *id)
{
	return !strcmp(id, "ana") ? 0 : !strcmp(id, "bob") ? 1 : 2;
}

/* The test galaxy: homes at 201 (Cabal, tile 54), 205 (Letnev, 10), 209 (third). */
static void galaxy(ctx *c, const char *third, int tile)
{
	char line[256];
	snprintf(line, sizeof line, "galaxy map=\"{18} 26 27 42 25 41 44 54 30 31 43 10 32 33 39 "
		"%d 34 35 36\"", tile);
	OK(c, line);
	OK(c, "ana: faction faction=cabal home=201");
	OK(c, "bob: faction faction=letnev home=205");
	snprintf(line, sizeof line, "cyd: faction faction=%s home=209", third);
	OK(c, line);
}

static void std3(ctx *c)
{
	galaxy(c, "sol", 1);
	OK(c, "ana: place units=sd,inf,inf at=acheron");
	OK(c, "bob: place units=sd,inf at=arcprime");
	OK(c, "cyd: place units=sd,inf at=jord");
}

/* ---- the galaxy ---------------------------------------------------------------- */

static void t_positions(void **state)
{
	sl_hex n;
	(void)state;
	assert_int_equal(ti4_pos_index(0), 0);
	assert_int_equal(ti4_pos_index(101), 1);
	assert_int_equal(ti4_pos_index(201), 7);
	assert_int_equal(ti4_pos_index(318), 36);
	assert_int_equal(ti4_pos_index(107), -1);
	assert_int_equal(ti4_pos_index(500), -1);
	for (int i = 0; i < TI4_NPOS; i++)
		assert_int_equal(ti4_pos_index(ti4_pos_code(i)), i);
	/* 101 is north of the centre, 102 north-east, clockwise; 201 two north */
	n = sl_hex_neighbor(SL_HEX_FLAT, sl_hex_make(0, 0), 0);
	assert_true(sl_hex_eq(ti4_pos_hex(1), n));
	assert_true(sl_hex_eq(ti4_pos_hex(2), sl_hex_neighbor(SL_HEX_FLAT, sl_hex_make(0, 0), 1)));
	assert_true(sl_hex_eq(ti4_pos_hex(7), sl_hex_neighbor(SL_HEX_FLAT, n, 0)));
	assert_int_equal(sl_hex_distance(ti4_pos_hex(ti4_pos_index(310)), sl_hex_make(0, 0)), 3);
	for (int i = 0; i < TI4_NPOS; i++)
		for (int j = i + 1; j < TI4_NPOS; j++)
			assert_false(sl_hex_eq(ti4_pos_hex(i), ti4_pos_hex(j)));
}

static void t_planet_tokens(void **state)
{
	int k = 0;
	(void)state;
	for (int i = 0; i < ti4_ntiles(); i++)
		for (int p = 0; p < ti4_tile_at(i)->np; p++, k++) {
			assert_non_null(ti4_planet_tokens[k]);
			assert_string_equal(ti4_planet_tokens[k], ti4_tile_at(i)->p[p].id);
		}
	assert_null(ti4_planet_tokens[k]);
	assert_int_equal(ti4_tile_find(18)->p[0].inf, 6);       /* Mecatol Rex 1/6 */
	assert_int_equal(ti4_tile_find(54)->p[0].res, 4);       /* Acheron 4/0 */
	assert_int_equal(ti4_tile_find(26)->wormhole, TI4_WH_ALPHA);
	assert_int_equal(ti4_tile_find(41)->anomaly, TI4_AN_RIFT);
}

static void t_map_string(void **state)
{
	int16_t t[TI4_NPOS];
	sl_error e;
	(void)state;
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("26 25", 5, t, &e), 3);
	assert_int_equal(t[0], 18);
	assert_int_equal(t[1], 26);
	assert_int_equal(t[2], 25);
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("{25} 26 0 19", 12, t, &e), 4);
	assert_int_equal(t[0], 25);
	assert_int_equal(t[2], 0);
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("26 2x 19", 8, t, &e), SL_EILLEGAL);
	assert_non_null(strstr(e.msg, "offset 3"));
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("26 83A", 6, t, &e), SL_EILLEGAL);
	assert_non_null(strstr(e.msg, "offset 3"));
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("26 999", 6, t, &e), SL_EILLEGAL);
	assert_non_null(strstr(e.msg, "tile 999"));
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("26 26", 5, t, &e), SL_EILLEGAL);
	assert_non_null(strstr(e.msg, "twice"));
	sl_error_clear(&e);
	assert_int_equal(ti4_map_parse("26 {19}", 7, t, &e), SL_EILLEGAL);
	assert_non_null(strstr(e.msg, "offset 3"));
}

static void t_setup(void **state)
{
	ctx *c = *state;
	OK(c, "galaxy map=\"{18} 26 27 42 25 41 44 54 30 31 43 10 32 33 39 1 34 35 36\"");
	NO(c, "galaxy map=\"26\"", "already");
	NO(c, "ana: faction faction=cabal home=205", "home system of The Vuil'raith Cabal is tile 54");
	OK(c, "ana: faction faction=cabal home=201");
	NO(c, "bob: faction faction=cabal home=201", "already played");
	OK(c, "bob: faction faction=letnev home=205");
	NO(c, "turn 1", "cyd has no faction");
	OK(c, "cyd: faction faction=sol home=209");
	NO(c, "ana: place units=dn at=acheron", "ships are placed in the space area");
	NO(c, "ana: place units=inf at=arcprime", "controlled by bob");
	NO(c, "ana: place units=ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,ff at=201", "10 fighter left");
	OK(c, "ana: place units=dn,cv,ff,ff at=201");
	assert_int_equal(S(c)->reinf[0][TI4_DN], 4);
	assert_int_equal(S(c)->u[at(201)][0][0][TI4_DN], 1);
	assert_int_equal(S(c)->ctrl[at(201)][0], 0);
	OK(c, "turn 1");
	NO(c, "ana: place units=dn at=201", "before round 1");
}

/* ---- the tactical action --------------------------------------------------------- */

static void t_activate_move(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=dn,cv,ff,ff,inf,inf at=201");
	OK(c, "bob: place units=dd at=203");
	OK(c, "cyd: place units=cv at=210");
	OK(c, "turn 1");
	NO(c, "ana: activate system=107", "no system at position 107");
	NO(c, "ana: move from=201 units=cv", "nobody's turn");
	OK(c, "ana: activate system=202");
	assert_int_equal(S(c)->pl[0].tactic, 2);
	NO(c, "bob: activate system=203", "turn is not over");
	NO(c, "ana: move from=201 units=ff,ff", "only ships with a move value move");
	NO(c, "ana: move from=201 units=cv,ff,ff,inf,inf,inf", "has 2 infantry");
	NO(c, "ana: move from=201 units=dn,ff,ff,inf,inf,inf", "has 2 infantry");
	/* capacity: a dreadnought carries 1 */
	NO(c, "ana: move from=201 units=dn,ff,ff", "capacity 1");
	OK(c, "ana: move from=201 units=dn,cv,ff,ff,inf,inf");
	assert_int_equal(S(c)->u[at(202)][0][0][TI4_INF], 2);
	OK(c, "ana: end");
	OK(c, "bob: activate system=102");
	/* 203 to 102: 1 away; the destroyer moves 2 */
	OK(c, "bob: move from=203 units=dd");
	OK(c, "bob: end");
	OK(c, "ana: activate system=000");
	NO(c, "ana: move from=202 units=cv", "holds ana's command token");
	NO(c, "ana: move from=000 units=cv", "already in the active system");
	OK(c, "ana: end");
	/* a carrier moves 1: 210 to 000 is 2 away */
	OK(c, "cyd: activate system=000");
	NO(c, "cyd: move from=210 units=cv", "move 1");
	OK(c, "cyd: end");
	/* a command token in the system the ships would leave */
	OK(c, "cyd: activate system=209");
	OK(c, "cyd: end");
	OK(c, "ana: activate system=101");
	NO(c, "ana: move from=212 units=cv", "has 0 carrier");
	NO(c, "ana: move from=202 units=cv,dn", "holds ana's command token");
}

static void t_move_anomalies(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "bob: place units=dd,dd at=205");
	OK(c, "bob: place units=dd at=103");
	OK(c, "ana: place units=cv at=101");
	OK(c, "turn 1");
	OK(c, "bob: activate system=204");   /* supernova */
	NO(c, "bob: move from=205 units=dd", "no path");
	OK(c, "bob: end");
	OK(c, "ana: activate system=208");   /* alpha wormhole: adjacent to 101 (Lodor, alpha) */
	OK(c, "ana: move from=101 units=cv");
	OK(c, "ana: end");
	/* out of the nebula at 103: move 1 only; 103 to 000 is 1 away */
	OK(c, "bob: activate system=000");
	OK(c, "bob: move from=103 units=dd");
	OK(c, "bob: end");
	OK(c, "cyd: activate system=103");   /* a nebula may be the destination */
	OK(c, "cyd: end");
}

static void t_space_combat(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=cr,cr at=202");
	OK(c, "cyd: place units=dn,dd,ff,ff at=203");
	OK(c, "turn 1");
	OK(c, "ana: activate system=203");
	OK(c, "ana: move from=202 units=cr,cr");
	NO(c, "ana: land planet=lazar units=inf", "space combat at 203 comes before invasion");
	NO(c, "ana: produce units=inf", "after combat");
	NO(c, "ana: end", "not resolved");
	NO(c, "ana: fire dice=7", "2 dice");
	OK(c, "cyd: barrage dice=9,3");       /* destroyer: 9 x2; ana has no fighters */
	NO(c, "cyd: barrage dice=9,3", "already used");
	OK(c, "ana: fire dice=7,2");
	NO(c, "cyd: assign destroy=dd", "once both sides have rolled");
	NO(c, "ana: fire dice=7,2", "has rolled in round 1");
	NO(c, "cyd: fire dice=5,9,9", "4 dice");
	OK(c, "cyd: fire dice=5,9,1,1");      /* dn 5 hits, dd 9 hits, fighters miss */
	NO(c, "ana: assign destroy=cr", "must assign 2 hits");
	NO(c, "cyd: assign sustain=dd", "cannot sustain damage");
	OK(c, "cyd: assign sustain=dn");
	assert_int_equal(S(c)->dmg[at(203)][0][2][TI4_DN], 1);
	NO(c, "ana: assign sustain=cr,cr", "cannot sustain");
	OK(c, "ana: assign destroy=cr,cr");
	assert_int_equal(S(c)->ckind, 0);
	assert_int_equal(S(c)->reinf[0][TI4_CR], 8);   /* sol has no Devour: plastic goes home */
	OK(c, "ana: end");
}

static void t_retreat(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=cr at=202");
	OK(c, "cyd: place units=dd at=203");
	OK(c, "cyd: place units=dd at=102");
	OK(c, "bob: place units=dd at=204");
	OK(c, "turn 1");
	OK(c, "ana: activate system=203");
	OK(c, "ana: move from=202 units=cr");
	OK(c, "ana: fire dice=1");
	NO(c, "cyd: retreat to=102", "start of a round");
	OK(c, "cyd: fire dice=2");      /* no hits either side: round 2 */
	assert_int_equal(S(c)->round, 2);
	NO(c, "cyd: retreat to=000", "not adjacent");
	NO(c, "cyd: retreat to=204", "holds other players' ships");
	NO(c, "ana: retreat to=202", "units or planets");
	OK(c, "cyd: retreat to=102");
	NO(c, "ana: retreat to=202", "the defender announced a retreat");
	OK(c, "ana: fire dice=1");
	OK(c, "cyd: fire dice=2");
	assert_int_equal(S(c)->ckind, 0);
	assert_int_equal(S(c)->u[at(102)][0][2][TI4_DD], 2);
	assert_true(S(c)->cmd[at(102)] >> 2 & 1);
	OK(c, "ana: end");
}

static void t_invasion(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=cv,inf,inf,inf at=202");
	OK(c, "bob: place units=inf,pds at=mellon");
	OK(c, "bob: place units=inf at=zohbat");
	OK(c, "turn 1");
	OK(c, "ana: activate system=202");
	NO(c, "ana: bombard planet=zohbat dice=5", "0 dice");
	OK(c, "ana: land planet=zohbat units=inf,inf");
	NO(c, "ana: land planet=lodor units=inf", "planets of the active system");
	NO(c, "bob: cannon planet=zohbat dice=6", "no PDS on zohbat");
	NO(c, "ana: fire dice=8 planet=mellon", "no ground combat on mellon");
	OK(c, "ana: fire dice=8,8 planet=zohbat");
	NO(c, "ana: land planet=mellon units=inf", "must be assigned first");
	OK(c, "bob: fire dice=1 planet=zohbat");
	OK(c, "bob: assign destroy=inf");
	assert_int_equal(S(c)->ctrl[at(202)][1], 0);
	assert_true(S(c)->exh[at(202)][1]);
	/* Mellon: the PDS fires at the landing (space cannon defense) and keeps its shield */
	OK(c, "ana: land planet=mellon units=inf");
	OK(c, "bob: cannon planet=mellon dice=6");
	NO(c, "bob: cannon planet=mellon dice=6", "has fired on this landing");
	OK(c, "ana: assign destroy=inf");
	assert_int_equal(S(c)->ctrl[at(202)][0], 1);
	OK(c, "ana: end");
}

static void t_production(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "bob: place units=dd at=205");
	OK(c, "turn 1");
	OK(c, "bob: activate system=205");
	NO(c, "bob: produce units=ws pay=arcprime", "War Sun unit upgrade");
	NO(c, "bob: produce units=pds pay=arcprime", "placed by an ability");
	NO(c, "bob: produce units=dn,dn pay=arcprime", "cost 8; 4 resources");
	NO(c, "bob: produce units=dn pay=acheron", "does not control acheron");
	NO(c, "bob: produce units=ff,ff,ff,ff,ff,ff,ff pay=arcprime,wrenterra",
		"production 6");   /* Arc Prime 4 + 2 */
	NO(c, "bob: produce units=dn tg=4", "has 0 trade goods");
	OK(c, "bob: produce units=dn pay=arcprime");
	NO(c, "bob: produce units=ff pay=arcprime", "exhausted");
	OK(c, "bob: produce units=inf pay=wrenterra");
	assert_int_equal(S(c)->u[at(205)][1][1][TI4_INF], 2);
	NO(c, "bob: produce units=inf,inf,inf,inf,inf", "production 6");
	OK(c, "bob: end");
	NO(c, "bob: produce units=inf", "nobody");
}

static void t_tokens(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "cyd: place units=ff,ff,ff,ff,ff,ff,ff,ff,ff,ff,cv,cv,cv at=209");
	OK(c, "turn 1");
	assert_int_equal(S(c)->reinf[2][TI4_FF], 0);
	OK(c, "cyd: activate system=209");
	/* no plastic fighter left: a token from the supply beside a plastic one (LRR 38) */
	OK(c, "cyd: produce units=ff,ff pay=jord");
	assert_int_equal(S(c)->tok[at(209)][0][2][0], 2);
	S(c)->pl[2].tg = 1;
	NO(c, "cyd: produce units=ff tg=1", "capacity 12");
	OK(c, "cyd: end");
	OK(c, "ana: pass");
	OK(c, "bob: pass");
	NO(c, "phase 2", "cyd has not");
	OK(c, "cyd: pass");
	OK(c, "phase 2");
	assert_int_equal(S(c)->cmd[at(209)], 0);
	assert_int_equal(S(c)->pl[2].tactic, 4);
	OK(c, "turn 2");
	OK(c, "cyd: activate system=210");
	/* plastic moves first, but a token never stays behind without a plastic fighter */
	OK(c, "cyd: move from=209 units=cv,cv,ff,ff,ff,ff,ff,ff,ff,ff");
	assert_int_equal(S(c)->u[at(209)][0][2][TI4_FF], 4);
	assert_true(ti4_plastic(S(c), at(209), 0, 2, TI4_FF) >= 1);
	OK(c, "cyd: end");
}

static void t_blockade(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "bob: place units=dd at=206");
	OK(c, "turn 1");
	OK(c, "bob: activate system=205");
	OK(c, "bob: end");
	OK(c, "cyd: pass");
	OK(c, "ana: activate system=205");
	OK(c, "ana: end");
	assert_false(ti4_dock_blockaded(S(c), at(205), 1));
	OK(c, "ana: pass");
	/* cyd's cruiser... ana moves a ship into bob's home: bob has no ships there */
	OK(c, "bob: activate system=206");
	OK(c, "bob: end");
	OK(c, "bob: pass");
	OK(c, "phase 2");
	OK(c, "turn 2");
	S(c)->u[at(205)][0][0][TI4_CR] = 1;      /* arranged: ana's cruiser at bob's home */
	S(c)->reinf[0][TI4_CR]--;
	assert_true(ti4_dock_blockaded(S(c), at(205), 1));
	OK(c, "bob: activate system=205");
	NO(c, "bob: produce units=dd pay=arcprime", "LRR 14.1");
	OK(c, "bob: produce units=inf,inf pay=arcprime");   /* ground forces: allowed */
	OK(c, "bob: end");
	assert_true(S(c)->blk[1] & 1);
}

static void t_gravity_rift(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "cyd: place units=cv,cv,inf,inf,inf,inf at=209");
	OK(c, "cyd: place units=dd at=105");
	OK(c, "bob: place units=dd at=201");
	OK(c, "turn 1");
	/* LRR 41.1: through the rift at 105, 209 to 000 costs one move, not three */
	OK(c, "cyd: activate system=000");
	NO(c, "cyd: move from=209 units=cv", "move 1");
	NO(c, "cyd: move from=209 units=cv rift=9,9", "one per moving ship");
	NO(c, "cyd: move from=209 units=cv,cv,inf,inf,inf,inf rift=9", "2 dice");
	/* LRR 41.2: a 1-3 destroys the carrier and the ground forces it can no longer carry */
	OK(c, "cyd: move from=209 units=cv,cv,inf,inf,inf,inf rift=9,2");
	assert_int_equal(S(c)->u[at(0)][0][2][TI4_CV], 1);
	assert_int_equal(S(c)->u[at(0)][0][2][TI4_INF], 4);
	assert_int_equal(S(c)->reinf[2][TI4_CV], 3);
	OK(c, "cyd: end");
	/* leaving a rift always rolls; but no die without a rift */
	OK(c, "ana: activate system=104");
	OK(c, "ana: end");
	OK(c, "cyd: activate system=104");
	NO(c, "cyd: move from=105 units=dd", "LRR 41.2");
	OK(c, "cyd: move from=105 units=dd rift=7");
	OK(c, "cyd: end");
	NO(c, "ana: activate system=104", "already holds");
	/* the Cabal's Dimensional Tear is a rift: others roll to leave it, the Cabal does not */
	OK(c, "bob: activate system=202");
	NO(c, "bob: move from=201 units=dd", "LRR 41.2");
	OK(c, "bob: move from=201 units=dd rift=1");
	assert_int_equal(S(c)->u[at(202)][0][1][TI4_DD], 0);
	assert_int_equal(S(c)->reinf[1][TI4_DD], 8);
	OK(c, "bob: end");
}

static void t_nebula_defender(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "bob: place units=dd at=103");
	OK(c, "cyd: place units=cr at=104");
	OK(c, "turn 1");
	OK(c, "cyd: activate system=103");
	OK(c, "cyd: move from=104 units=cr");
	OK(c, "cyd: fire dice=6");          /* the cruiser (7) misses */
	OK(c, "bob: fire dice=8");          /* a destroyer (9) hits on 8 as defender in a nebula (LRR 59) */
	assert_int_equal(S(c)->pend[2], 1);
	assert_int_equal(S(c)->pend[1], 0);
	OK(c, "cyd: assign destroy=cr");
	assert_int_equal(S(c)->ckind, 0);
}

/* ---- capture: LRR 17 (22) ------------------------------------------------------------ */

/* Ana (Cabal) wins a space combat at 203 against bob's destroyer and dreadnought. */
static void devour_setup(ctx *c)
{
	std3(c);
	OK(c, "ana: place units=dn,cv,ff,ff at=202");
	OK(c, "bob: place units=dn,dd,ff at=203");
	OK(c, "bob: place units=cr at=102");
	OK(c, "turn 1");
	OK(c, "ana: activate system=203");
	OK(c, "ana: move from=202 units=dn,cv,ff,ff");
	OK(c, "ana: fire dice=5,9,9,9");     /* 4 hits */
	OK(c, "bob: fire dice=1,1,1");
	OK(c, "bob: assign sustain=dn destroy=dn,dd,ff");
}

static void t_capture_ship(void **state)
{
	ctx *c = *state;
	devour_setup(c);
	/* 17.1 (22.1): ships go onto the Cabal's sheet */
	assert_int_equal(S(c)->cap[0][1][TI4_DN], 1);
	assert_int_equal(S(c)->cap[0][1][TI4_DD], 1);
	assert_int_equal(S(c)->reinf[1][TI4_DN], 4);
	/* 17.3 (22.3): the fighter goes home to bob's reinforcements; ana takes a token */
	assert_int_equal(S(c)->captok[0][0], 1);
	assert_int_equal(S(c)->reinf[1][TI4_FF], 10);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "LRR 17.1 (22.1)"));
	assert_int_equal(ti4_captured_count(S(c), 0), 3);
}

static void t_capture_not_by_cannon(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=pds at=acheron");
	OK(c, "bob: place units=dd at=202");
	OK(c, "turn 1");
	OK(c, "bob: activate system=201");
	NO(c, "ana: cannon dice=6", "needs a target");   /* no ships of bob there yet */
	OK(c, "bob: move from=202 units=dd");
	NO(c, "bob: cannon dice=6", "no PDS in range");
	NO(c, "ana: cannon dice=6,6", "1 dice");
	OK(c, "ana: cannon dice=6");
	NO(c, "ana: cannon dice=6", "has fired space cannon offense");
	NO(c, "bob: end", "not resolved");
	OK(c, "bob: assign destroy=dd");
	/* destroyed by space cannon, not in combat: Devour does not capture it */
	assert_int_equal(S(c)->cap[0][1][TI4_DD], 0);
	assert_int_equal(S(c)->reinf[1][TI4_DD], 8);
	OK(c, "bob: end");
}

static void t_return_by_trade(void **state)
{
	ctx *c = *state;
	devour_setup(c);
	OK(c, "ana: end");
	/* 17.2a (22.2a): returned as part of a transaction, to bob's reinforcements */
	OK(c, "cyd: activate system=210");
	NO(c, "ana: trade with=bob release=dn", "active player");
	OK(c, "cyd: end");
	OK(c, "bob: activate system=206");
	NO(c, "bob: trade with=bob tg=1", "another player");
	NO(c, "bob: trade with=ana getrelease=ff", "17.3b (22.3b)");
	NO(c, "bob: trade with=ana getrelease=dn,dn", "holds 1 dreadnought");
	NO(c, "bob: trade with=ana", "exchanges something");
	OK(c, "bob: trade with=ana getrelease=dn note=\"Ceasefire\"");
	assert_int_equal(S(c)->cap[0][1][TI4_DN], 0);
	assert_int_equal(S(c)->reinf[1][TI4_DN], 5);
	NO(c, "bob: trade with=ana getrelease=dd", "once with each player");
	/* commentary 4: only to the original owner: cyd cannot be given bob's destroyer */
	NO(c, "cyd: trade with=ana getrelease=dd", "active player");
	OK(c, "bob: end");
}

static void t_return_not_neighbours(void **state)
{
	ctx *c = *state;
	devour_setup(c);
	OK(c, "ana: end");
	OK(c, "cyd: activate system=210");
	/* cyd (209, 210) and ana (201, 203) are not neighbours */
	NO(c, "cyd: trade with=ana tg=0 note=\"x\"", "not neighbours");
	/* commentary 4: ana holds bob's units, not cyd's */
	OK(c, "cyd: end");
}

static void t_amalgamation(void **state)
{
	ctx *c = *state;
	devour_setup(c);
	OK(c, "ana: end");
	OK(c, "bob: pass");
	OK(c, "cyd: pass");
	OK(c, "ana: activate system=201");
	/* 17.2b (22.2b): returned as the cost of an ability: Amalgamation pays the dreadnought */
	NO(c, "ana: produce units=dn amalg=dn", "owner= names whose");
	NO(c, "ana: produce units=dn amalg=dn,dn owner=bob", "only 1 produced");
	NO(c, "ana: produce units=cv amalg=dn owner=bob", "only 0 produced");
	NO(c, "ana: produce units=dn amalg=dn owner=cyd", "holds 0 captured dreadnought of cyd");
	OK(c, "ana: produce units=dn amalg=dn owner=bob");
	assert_int_equal(S(c)->cap[0][1][TI4_DN], 0);
	assert_int_equal(S(c)->reinf[1][TI4_DN], 5);
	assert_int_equal(S(c)->u[at(201)][0][0][TI4_DN], 1);
	/* 17.3d (22.3d): a fighter token spent goes back to the supply */
	OK(c, "ana: produce units=ff amalg=ff");
	assert_int_equal(S(c)->captok[0][0], 0);
	assert_int_equal(S(c)->reinf[1][TI4_FF], 10);
	OK(c, "ana: end");
}

static void t_riftmeld(void **state)
{
	ctx *c = *state;
	devour_setup(c);
	OK(c, "ana: end");
	NO(c, "ana: research tech=destroyer2 riftmeld=dn owner=bob", "type the unit upgrade");
	OK(c, "ana: research tech=destroyer2 riftmeld=dd owner=bob");
	assert_int_equal(S(c)->cap[0][1][TI4_DD], 0);
	assert_int_equal(S(c)->reinf[1][TI4_DD], 8);
}

static void t_captured_cannot_produce(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=fs,dn,dn,dn at=202");
	OK(c, "bob: place units=dn,dn,dn,dn,dn at=203");
	OK(c, "bob: place units=cr at=102");
	OK(c, "turn 1");
	OK(c, "ana: activate system=203");
	OK(c, "ana: move from=202 units=fs,dn,dn");
	OK(c, "ana: fire dice=9,9,9,9");
	OK(c, "bob: fire dice=1,1,1,1,1");
	OK(c, "bob: assign destroy=dn,dn,dn,dn");
	assert_int_equal(S(c)->cap[0][1][TI4_DN], 4);
	OK(c, "bob: retreat to=102");          /* round 2: the last dreadnought gets away */
	OK(c, "ana: fire dice=1,1,1,1");
	OK(c, "bob: fire dice=1");
	OK(c, "ana: end");
	assert_int_equal(S(c)->reinf[1][TI4_DN], 0);
	OK(c, "bob: activate system=205");
	/* 17.4 (22.4): none in reinforcements, 4 on ana's sheet: bob cannot produce one */
	NO(c, "bob: produce units=dn pay=arcprime", "ti4 LRR 17.4 (22.4): ana (cabal) holds 4 "
		"dreadnought of bob captured; bob cannot produce it");
	OK(c, "bob: end");
}

static void t_blockade_returns(void **state)
{
	ctx *c = *state;
	std3(c);
	/* ana holds bob's cruiser; bob attacks ana's home, where the Cabal dock is */
	S(c)->reinf[1][TI4_CR]--;
	S(c)->cap[0][1][TI4_CR] = 1;
	S(c)->captok[0][1] = 1;
	OK(c, "ana: place units=dd at=201");
	OK(c, "bob: place units=dn,dn,cv,inf,inf at=202");
	OK(c, "turn 1");
	OK(c, "bob: activate system=201");
	OK(c, "bob: move from=202 units=dn,dn,cv,inf,inf");
	OK(c, "bob: fire dice=5,5,1");
	OK(c, "ana: fire dice=1");
	/* during the space combat the dock is not blockaded */
	assert_false(ti4_dock_blockaded(S(c), at(201), 0));
	assert_int_equal(S(c)->cap[0][1][TI4_CR], 1);
	OK(c, "ana: assign destroy=dd");
	/* 17.2c (22.2c), commentary 3: at the end of the space combat step, before
	 * invasion, the cruiser goes back at once */
	assert_int_equal(S(c)->ckind, 0);
	assert_true(ti4_dock_blockaded(S(c), at(201), 0));
	assert_int_equal(S(c)->cap[0][1][TI4_CR], 0);
	assert_int_equal(S(c)->reinf[1][TI4_CR], 8);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "LRR 17.2c (22.2c)"));
	/* 17.3c (22.3c): the infantry token does not come back */
	assert_int_equal(S(c)->captok[0][1], 1);
	OK(c, "bob: land planet=acheron units=inf,inf");
	OK(c, "bob: fire dice=9,9 planet=acheron");
	OK(c, "ana: fire dice=1,1 planet=acheron");
	OK(c, "ana: assign destroy=inf,inf");
	assert_int_equal(S(c)->ctrl[at(201)][0], 1);
	assert_int_equal(S(c)->u[at(201)][1][0][TI4_SD], 0);   /* the dock is destroyed */
}

static void t_blockaded_cannot_capture(void **state)
{
	ctx *c = *state;
	std3(c);
	/* 17.5 (22.5): bob's ship sits in ana's home (blockade), bob's fleet is at 202 */
	OK(c, "bob: place units=dd at=201");
	OK(c, "bob: place units=cr at=202");
	OK(c, "cyd: place units=cr at=212");
	OK(c, "ana: place units=dn,dn at=101");
	OK(c, "ana: place units=dn at=211");
	OK(c, "turn 1");
	assert_true(S(c)->blk[0] >> 1 & 1);
	OK(c, "ana: activate system=202");
	OK(c, "ana: move from=101 units=dn,dn");
	OK(c, "ana: fire dice=9,1");
	OK(c, "bob: fire dice=1");
	OK(c, "bob: assign destroy=cr");
	/* Devour does not take it: the cruiser goes back to bob's reinforcements */
	assert_int_equal(S(c)->cap[0][1][TI4_CR], 0);
	assert_int_equal(S(c)->reinf[1][TI4_CR], 8);
	OK(c, "ana: end");
	/* but ana still captures cyd, who does not blockade her */
	OK(c, "ana: activate system=212");
	OK(c, "ana: move from=211 units=dn");
	OK(c, "ana: fire dice=9");
	OK(c, "cyd: fire dice=1");
	OK(c, "cyd: assign destroy=cr");
	assert_int_equal(S(c)->cap[0][2][TI4_CR], 1);
	OK(c, "ana: end");
	/* and no agent capture from bob either */
	OK(c, "bob: replenish");
	NO(c, "ana: agent target=bob unit=dd", "ti4 LRR 17.5 (22.5)");
	OK(c, "cyd: replenish");
	OK(c, "ana: agent target=cyd unit=dd");
	assert_int_equal(S(c)->cap[0][2][TI4_DD], 1);
}

static void t_agent(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "turn 1");
	NO(c, "ana: agent target=bob unit=dd", "just replenished");
	OK(c, "cyd: replenish");               /* sol: commodity value 4 */
	NO(c, "ana: agent target=cyd unit=ws", "more than cyd's commodity value 4");
	NO(c, "ana: agent target=cyd unit=sd", "structures are never captured");
	OK(c, "ana: agent target=cyd unit=cv");
	assert_int_equal(S(c)->cap[0][2][TI4_CV], 1);
	assert_int_equal(S(c)->pl[2].tg, 4);
	assert_int_equal(S(c)->pl[2].comm, 0);
	OK(c, "bob: replenish");
	NO(c, "ana: agent target=bob unit=dd", "exhausted");
	NO(c, "bob: agent target=ana unit=dd", "Cabal's agent");
}

static void t_vortex(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "bob: place units=dd at=202");
	OK(c, "cyd: place units=cr at=211");
	OK(c, "turn 1");
	NO(c, "ana: vortex target=bob unit=dd at=202", "does not own the Vortex");
	OK(c, "ana: research tech=vortex");
	NO(c, "bob: research tech=vortex", "Cabal faction technology");
	NO(c, "ana: vortex target=cyd unit=cr at=211", "adjacent to a space dock");
	NO(c, "ana: vortex target=bob unit=dn at=202", "must hold bob's dreadnought");
	OK(c, "ana: vortex target=bob unit=dd at=202");
	assert_int_equal(S(c)->cap[0][1][TI4_DD], 1);
	assert_int_equal(S(c)->reinf[1][TI4_DD], 6);
	NO(c, "ana: vortex target=bob unit=dd at=202", "exhausted");
}

static void t_own_units(void **state)
{
	ctx *c = *state;
	std3(c);
	/* commentary 7: the Cabal flagship captures every unit destroyed in its system, its own too */
	OK(c, "ana: place units=fs,dd,dd,dd,dd,dd,dd,dd at=202");
	OK(c, "ana: place units=dd at=212");
	OK(c, "bob: place units=dn,dn,dn at=203");
	OK(c, "turn 1");
	OK(c, "ana: activate system=203");
	OK(c, "ana: move from=202 units=fs,dd,dd");
	OK(c, "ana: fire dice=1,1,1,1");
	OK(c, "bob: fire dice=5,5,5");
	OK(c, "ana: assign destroy=dd,dd sustain=fs");
	assert_int_equal(S(c)->cap[0][0][TI4_DD], 2);
	assert_int_equal(S(c)->reinf[0][TI4_DD], 0);
	OK(c, "ana: retreat to=202");
	OK(c, "ana: fire dice=1,1");
	OK(c, "bob: fire dice=1,1,1");
	OK(c, "ana: end");
	OK(c, "bob: pass");
	OK(c, "cyd: pass");
	OK(c, "ana: activate system=201");
	/* commentary 7a: it cannot produce them, and they never go to its reinforcements */
	NO(c, "ana: produce units=dd pay=acheron", "ti4 LRR 17 (22) commentary 7a");
	NO(c, "ana: research tech=destroyer2 riftmeld=dd owner=ana", "commentary 7: ana's own");
	/* except through an effect that uses captured units: Amalgamation */
	OK(c, "ana: produce units=dd amalg=dd owner=ana");
	assert_int_equal(S(c)->cap[0][0][TI4_DD], 1);
	assert_int_equal(S(c)->reinf[0][TI4_DD], 0);
	assert_int_equal(S(c)->u[at(201)][0][0][TI4_DD], 1);
	OK(c, "ana: end");
}

static void t_reclaim(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "cyd: place units=cv,cv at=209");
	OK(c, "cyd: place units=cv,cv at=210");
	OK(c, "turn 1");
	OK(c, "cyd: activate system=209");
	/* commentary 8: all four carriers on the board, none captured */
	NO(c, "cyd: produce units=cv pay=jord", "commentary 8");
	NO(c, "cyd: reclaim unit=cv from=209", "holds a command token of cyd");
	NO(c, "cyd: reclaim unit=dd from=210", "still has 8 destroyer");
	OK(c, "cyd: reclaim unit=cv from=210");
	NO(c, "cyd: end", "must be produced at once");
	OK(c, "cyd: produce units=cv pay=jord");
	OK(c, "cyd: end");
	NO(c, "cyd: reclaim unit=cv from=209", "nobody's turn");
}

static void t_eliminated(void **state)
{
	ctx *c = *state;
	devour_setup(c);
	OK(c, "ana: end");
	/* bob loses his home planets: arranged, then eliminated (LRR 33) */
	NO(c, "eliminate who=bob", "still has ground forces");
	memset(S(c)->u[at(205)], 0, sizeof S(c)->u[at(205)]);
	S(c)->reinf[1][TI4_INF]++;
	S(c)->reinf[1][TI4_SD]++;
	NO(c, "eliminate who=bob", "still controls Arc Prime");
	S(c)->ctrl[at(205)][0] = S(c)->ctrl[at(205)][1] = 0;
	OK(c, "eliminate who=bob");
	/* commentary 6: bob's units stay on ana's sheet */
	assert_int_equal(S(c)->cap[0][1][TI4_DN], 1);
	NO(c, "bob: pass", "eliminated");
	OK(c, "cyd: pass");
	OK(c, "ana: activate system=201");
	/* ... and go to the box when ana returns them */
	OK(c, "ana: produce units=dn amalg=dn owner=bob");
	assert_int_equal(S(c)->cap[0][1][TI4_DN], 0);
	assert_int_equal(S(c)->box[1][TI4_DN], 5);
	assert_int_equal(S(c)->reinf[1][TI4_DN], 0);
}

static void t_nekro_yssaril(void **state)
{
	ctx *c = *state;
	galaxy(c, "nekro", 8);
	OK(c, "ana: place units=sd at=acheron");
	OK(c, "cyd: place units=sd,inf at=mordai2");
	OK(c, "cyd: place units=dn,dn at=210");
	OK(c, "bob: place units=dd at=105");
	OK(c, "turn 1");
	/* commentary 5: Nekro copies Devour (Valefar Assimilator) and captures with it */
	NO(c, "bob: copy ability=devour", "copied by Nekro");
	OK(c, "cyd: copy ability=devour");
	OK(c, "cyd: activate system=105");
	OK(c, "cyd: move from=210 units=dn,dn");
	OK(c, "cyd: fire dice=9,9");
	OK(c, "bob: fire dice=1");
	OK(c, "bob: assign destroy=dd");
	assert_int_equal(S(c)->cap[2][1][TI4_DD], 1);
	OK(c, "cyd: end");
	/* ... but cannot spend captured units */
	OK(c, "cyd: activate system=209");
	NO(c, "cyd: produce units=dd amalg=dd owner=bob", "commentary 5");
	NO(c, "cyd: research tech=destroyer2 riftmeld=dd owner=bob", "commentary 5");
	/* even with Amalgamation copied by Valefar Assimilator */
	NO(c, "bob: copy ability=amalgamation", "copied by Nekro");
	OK(c, "cyd: copy ability=amalgamation");
	NO(c, "cyd: produce units=dd amalg=dd owner=bob", "commentary 5");
	OK(c, "cyd: end");
}

static void t_yssaril(void **state)
{
	ctx *c = *state;
	galaxy(c, "yssaril", 15);
	OK(c, "turn 1");
	OK(c, "bob: replenish");
	NO(c, "cyd: agent target=bob unit=dd", "Cabal's agent");
	OK(c, "cyd: copy ability=agent");
	OK(c, "bob: replenish");
	OK(c, "cyd: agent target=bob unit=dd");
	assert_int_equal(S(c)->cap[2][1][TI4_DD], 1);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "copied by Yssaril"));
}

static void t_reanimator(void **state)
{
	ctx *c = *state;
	std3(c);
	OK(c, "ana: place units=mech,inf at=mellon");
	OK(c, "bob: place units=cv,inf,inf,inf at=202");
	OK(c, "turn 1");
	OK(c, "bob: activate system=202");
	OK(c, "bob: land planet=mellon units=inf,inf,inf");
	OK(c, "bob: fire dice=9,9,9 planet=mellon");
	OK(c, "ana: fire dice=1,1 planet=mellon");
	OK(c, "ana: assign sustain=mech destroy=inf,mech");
	/* Reanimator: the Cabal's own infantry is captured (a token on the sheet) */
	assert_int_equal(S(c)->captok[0][1], 1);
	assert_int_equal(S(c)->reinf[0][TI4_INF], 10);
	assert_int_equal(S(c)->ctrl[at(202)][0], 1);
}

/* ---- snapshots, the generator ---------------------------------------------------------- */

static void t_snapshot(void **state)
{
	ctx *c = *state;
	sl_buf b, b2;
	void *st2 = NULL;
	devour_setup(c);
	sl_buf_init(&b);
	sl_buf_init(&b2);
	assert_int_equal(G->serialize(c->st, &b), 0);
	assert_int_equal(G->restore(&st2, b.data, b.len, &c->err), 0);
	assert_int_equal(G->serialize(st2, &b2), 0);
	assert_int_equal(b.len, b2.len);
	assert_memory_equal(b.data, b2.data, b.len);
	G->destroy(st2);
	st2 = NULL;
	b.data[b.len - 1] = 0x7f;   /* `last` out of range */
	assert_int_equal(G->restore(&st2, b.data, b.len, &c->err), SL_EFORMAT);
	assert_null(st2);
	assert_int_equal(G->restore(&st2, b.data, b.len / 2, &c->err), SL_EFORMAT);
	sl_buf_free(&b);
	sl_buf_free(&b2);
}

static void t_generator(void **state)
{
	ctx *c = *state;
	sl_prng r;
	sl_arena a;
	int captures = 0, combats = 0;
	sl_prng_seed(&r, 7, 0);
	sl_arena_init(&a);
	for (int n = 0; n < 4000; n++) {
		sl_event ev;
		int rc = G->generate(c->st, &c->log->h, &r, &a, &ev, &c->err), t, ph;
		if (rc == 1)
			break;
		assert_int_equal(rc, 0);
		sl_buf_reset(&c->desc);
		if (ev.entry == SL_ENTRY_EVENT)
			rc = G->apply(c->st, &c->log->h, &ev, &c->desc, &c->err);
		else {
			G->position(c->st, &t, &ph);
			rc = G->mark(c->st, &c->log->h, ev.entry == SL_ENTRY_TURN ? ev.mark : t,
				ev.entry == SL_ENTRY_TURN ? 1 : ev.mark, &c->err);
		}
		if (rc)
			fail_msg("generated entry %d refused: %s", n, c->err.msg);
		assert_int_equal(ti4_check_places(S(c)), 0);
		captures += strstr(sl_buf_cstr(&c->desc), "captures") != NULL;
		combats += S(c)->ckind != 0;
	}
	sl_arena_free(&a);
	assert_true(S(c)->turn > 5);
	assert_true(combats > 0);
	assert_true(captures > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_positions),
		cmocka_unit_test(t_planet_tokens),
		cmocka_unit_test(t_map_string),
		cmocka_unit_test_setup_teardown(t_setup, setup, teardown),
		cmocka_unit_test_setup_teardown(t_activate_move, setup, teardown),
		cmocka_unit_test_setup_teardown(t_move_anomalies, setup, teardown),
		cmocka_unit_test_setup_teardown(t_space_combat, setup, teardown),
		cmocka_unit_test_setup_teardown(t_retreat, setup, teardown),
		cmocka_unit_test_setup_teardown(t_invasion, setup, teardown),
		cmocka_unit_test_setup_teardown(t_production, setup, teardown),
		cmocka_unit_test_setup_teardown(t_tokens, setup, teardown),
		cmocka_unit_test_setup_teardown(t_blockade, setup, teardown),
		cmocka_unit_test_setup_teardown(t_gravity_rift, setup, teardown),
		cmocka_unit_test_setup_teardown(t_nebula_defender, setup, teardown),
		cmocka_unit_test_setup_teardown(t_capture_ship, setup, teardown),
		cmocka_unit_test_setup_teardown(t_capture_not_by_cannon, setup, teardown),
		cmocka_unit_test_setup_teardown(t_return_by_trade, setup, teardown),
		cmocka_unit_test_setup_teardown(t_return_not_neighbours, setup, teardown),
		cmocka_unit_test_setup_teardown(t_amalgamation, setup, teardown),
		cmocka_unit_test_setup_teardown(t_riftmeld, setup, teardown),
		cmocka_unit_test_setup_teardown(t_captured_cannot_produce, setup, teardown),
		cmocka_unit_test_setup_teardown(t_blockade_returns, setup, teardown),
		cmocka_unit_test_setup_teardown(t_blockaded_cannot_capture, setup, teardown),
		cmocka_unit_test_setup_teardown(t_agent, setup, teardown),
		cmocka_unit_test_setup_teardown(t_vortex, setup, teardown),
		cmocka_unit_test_setup_teardown(t_own_units, setup, teardown),
		cmocka_unit_test_setup_teardown(t_reclaim, setup, teardown),
		cmocka_unit_test_setup_teardown(t_eliminated, setup, teardown),
		cmocka_unit_test_setup_teardown(t_nekro_yssaril, setup, teardown),
		cmocka_unit_test_setup_teardown(t_yssaril, setup, teardown),
		cmocka_unit_test_setup_teardown(t_reanimator, setup, teardown),
		cmocka_unit_test_setup_teardown(t_snapshot, setup, teardown),
		cmocka_unit_test_setup_teardown(t_generator, setup, teardown),
	};
	(void)P;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
