/* test_ti4_round.c - rules version 2 of ti4: setup by `seat` (the home
 * system into its `0` slot, starting units and technologies), the strategy
 * phase (LRR 83), the action phase in initiative order (LRR 3) with
 * strategic actions (LRR 82), passing, objectives (LRR 61) public and secret
 * (commitments), action cards (LRR 2), the agenda phase (LRR 8), custodians
 * (LRR 27) and the end at 10 points (LRR 98). Each clause: its allowed and
 * its refused side. */
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

static int setup3(void **state)
{
	static const char *const ids[3] = {"ana", "bob", "cyd"};
	return ctx_open(state, G, 2, 3, ids, NULL, 0);
}

/* homes at 201, 205, 209 are `0` slots */
#define MAP "galaxy map=\"{18} 26 27 42 25 41 44 0 30 31 43 0 32 33 39 0 34 35 36\""

static void seat3(ctx *c)
{
	OK(c, MAP);
	OK(c, "ana: seat faction=sol home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=xxcha home=209");
}

/* ---- setup ---------------------------------------------------------------------- */

static void t_seat(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	OK(c, MAP);
	NO(c, "ana: seat faction=sol home=202", "not an empty home slot");
	NO(c, "ana: seat faction=sol home=305", "not an empty home slot");
	NO(c, "ana: seat faction=klingon home=201", "not a faction");
	OK(c, "ana: seat faction=sol home=201");
	NO(c, "bob: seat faction=sol home=205", "already played by ana");
	NO(c, "bob: seat faction=winnu home=205", "chooses 1 starting technology");
	NO(c, "bob: seat faction=winnu home=205 techs=gravitydrive", "not one of winnu's");
	OK(c, "bob: seat faction=winnu home=205 techs=plasmascoring");
	NO(c, "cyd: seat faction=hacan home=209 techs=plasmascoring", "printed technologies");
	OK(c, "cyd: seat faction=naazrokha home=209");
	/* Sol: tile 1 at 201; 2 carriers, a destroyer, 3 fighters; 5 infantry and a dock on Jord */
	assert_int_equal(s->tile[at(201)], 1);
	assert_int_equal(s->u[at(201)][0][0][TI4_CV], 2);
	assert_int_equal(s->u[at(201)][0][0][TI4_FF], 3);
	assert_int_equal(s->u[at(201)][1][0][TI4_INF], 5);
	assert_int_equal(s->u[at(201)][1][0][TI4_SD], 1);
	assert_true(ti4_has_tech(s, 0, ti4_tech_index("antimassdeflectors")));
	assert_true(ti4_has_tech(s, 0, ti4_tech_index("neuralmotivator")));
	assert_true(ti4_has_tech(s, 1, ti4_tech_index("plasmascoring")));
	/* Naaz-Rokha: a mech on Rokha */
	assert_int_equal(s->u[at(209)][2][2][TI4_MECH], 1);
	assert_int_equal(s->r.speaker, 0);
	assert_int_equal(s->pl[0].comm, 0);
	OK(c, "turn 1");
}

/* ---- strategy phase -------------------------------------------------------------- */

static void t_strategy(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	OK(c, "turn 1");
	NO(c, "ana: activate system=202", "strategy phase is not over");
	NO(c, "bob: pick card=leadership", "ana chooses now");
	OK(c, "ana: pick card=leadership");
	NO(c, "bob: pick card=leadership", "already holds Leadership");
	OK(c, "bob: pick card=trade");
	OK(c, "cyd: pick card=politics");
	OK(c, "ana: pick card=warfare");      /* three players: two cards each */
	OK(c, "bob: pick card=technology");
	NO(c, "ana: pick card=imperial", "cyd chooses now");
	OK(c, "cyd: pick card=imperial");
	NO(c, "ana: pick card=diplomacy", "strategy phase");
	/* a trade good on each card left (LRR 83.6) */
	assert_int_equal(s->r.tg[1], 1);
	assert_int_equal(s->r.tg[3], 1);
	assert_int_equal(s->r.tg[0], 0);
	assert_int_equal(s->r.picking, 0);
	/* initiative order: ana (1), cyd (3), bob (5) */
	assert_int_equal(ti4_next_actor(s), 0);
	NO(c, "bob: activate system=202", "it is ana's turn");
	NO(c, "ana: pass", "strategic action of Leadership");
	OK(c, "ana: strategic card=leadership part=primary");
	assert_int_equal(s->pl[0].tactic, 6);
	NO(c, "cyd: activate system=208", "has not resolved or declined the secondary");
	OK(c, "bob: strategic card=leadership part=decline");
	OK(c, "cyd: strategic card=leadership part=decline");
	NO(c, "ana: activate system=202", "cyd's turn");
	OK(c, "cyd: strategic card=politics part=primary speaker=bob");
	assert_int_equal(s->r.speaker, 1);
	assert_int_equal(s->r.hand[2], 2);
	OK(c, "ana: strategic card=politics part=secondary");
	assert_int_equal(s->r.hand[0], 2);
	assert_int_equal(s->pl[0].strategy, 1);
	NO(c, "ana: strategic card=politics part=secondary", "not open to ana");
	OK(c, "bob: strategic card=politics part=decline");
	OK(c, "bob: strategic card=trade part=primary");
	assert_int_equal(s->pl[1].tg, 3);
	assert_int_equal(s->pl[1].comm, 6);
	OK(c, "ana: strategic card=trade part=decline");
	OK(c, "cyd: strategic card=trade part=decline");
	/* round 2 of turns: ana again */
	OK(c, "ana: strategic card=warfare part=primary");
	OK(c, "bob: strategic card=warfare part=decline");
	OK(c, "cyd: strategic card=warfare part=decline");
	OK(c, "cyd: strategic card=imperial part=primary");
	OK(c, "ana: strategic card=imperial part=decline");
	OK(c, "bob: strategic card=imperial part=decline");
	NO(c, "bob: strategic card=technology part=primary tech=fleetlogistics",
		"prerequisites of Fleet Logistics");
	OK(c, "bob: strategic card=technology part=primary tech=neuralmotivator");
	assert_true(ti4_has_tech(s, 1, ti4_tech_index("neuralmotivator")));
	OK(c, "ana: strategic card=technology part=decline");
	OK(c, "cyd: strategic card=technology part=decline");
	OK(c, "ana: pass");
	NO(c, "ana: activate system=202", "has passed");
	OK(c, "cyd: pass");
	OK(c, "bob: pass");
	OK(c, "phase 2");
	/* the status phase deals an action card each */
	assert_int_equal(s->r.hand[0], 3);
	assert_int_equal(s->r.hand[1], 1);
	NO(c, "phase 3", "custodians token is taken");
}

/* ---- objectives, secrets, action cards --------------------------------------------- */

static void play_round(ctx *c, const char *extra)
{
	static const char *const cards[3] = {"leadership", "trade", "politics"};
	char line[128];
	(void)extra;
	OK(c, "ana: pick card=leadership");
	OK(c, "bob: pick card=trade");
	OK(c, "cyd: pick card=politics");
	OK(c, "ana: pick card=warfare");
	OK(c, "bob: pick card=technology");
	OK(c, "cyd: pick card=imperial");
	for (int k = 0; k < 3; k++) {
		const char *who[3] = {"ana", "cyd", "bob"};
		(void)cards;
		snprintf(line, sizeof line, "%s: strategic card=%s part=primary%s", who[k],
			k == 0 ? "leadership" : k == 1 ? "imperial" : "trade",
			k == 1 ? "" : "");
		OK(c, line);
		for (int j = 0; j < 3; j++)
			if (j != k) {
				snprintf(line, sizeof line, "%s: strategic card=%s part=decline", who[j],
					k == 0 ? "leadership" : k == 1 ? "imperial" : "trade");
				OK(c, line);
			}
	}
	/* politics (cyd) needs a speaker; warfare (ana) and technology (bob) */
	OK(c, "ana: strategic card=warfare part=primary");
	OK(c, "cyd: strategic card=warfare part=decline");
	OK(c, "bob: strategic card=warfare part=decline");
	OK(c, "cyd: strategic card=politics part=primary speaker=ana");
	OK(c, "ana: strategic card=politics part=decline");
	OK(c, "bob: strategic card=politics part=decline");
	OK(c, "bob: strategic card=technology part=primary tech=neuralmotivator");
	OK(c, "ana: strategic card=technology part=decline");
	OK(c, "cyd: strategic card=technology part=decline");
	OK(c, "ana: pass");
	OK(c, "cyd: pass");
	OK(c, "bob: pass");
}

static void t_objectives(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	uint8_t salt[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1], shex[2 * SL_SALT_BYTES + 1], line[256];
	seat3(c);
	NO(c, "bob: objective do=reveal id=erectamonument", "the speaker reveals");
	NO(c, "ana: objective do=reveal id=foundagoldenage", "stage I");
	OK(c, "ana: objective do=reveal id=erectamonument");
	OK(c, "ana: objective do=reveal id=negotiatetraderoutes");
	for (int k = 0; k < SL_SALT_BYTES; k++)
		salt[k] = (uint8_t)k;
	sl_commit(cm, "ti4-secret", salt, "fuelthewarmachine", strlen("fuelthewarmachine"));
	sl_hexstr_encode(hex, cm, sizeof cm);
	sl_hexstr_encode(shex, salt, sizeof salt);
	snprintf(line, sizeof line, "bob: draw deck=secret commit=%s", hex);
	OK(c, line);
	NO(c, "ana: draw deck=secret commit=12", "64 hex digits");
	OK(c, "turn 1");
	play_round(c, "");
	OK(c, "phase 2");
	/* Negotiate Trade Routes: spend 5 trade goods; bob has 3 from Trade */
	NO(c, "bob: objective do=score id=negotiatetraderoutes", "does not meet");
	S(c)->pl[1].tg = 5;
	OK(c, "bob: objective do=score id=negotiatetraderoutes");
	assert_int_equal(s->pl[1].tg, 0);
	assert_int_equal(s->pl[1].vp, 1);
	NO(c, "bob: objective do=score id=erectamonument", "one public objective per status");
	NO(c, "bob: objective do=score id=foundagoldenage", "not revealed");
	/* the secret: a wrong salt or objective does not open the commitment */
	snprintf(line, sizeof line, "bob: objective do=score id=gatheramightyfleet salt=%s", shex);
	NO(c, line, "opens none");
	snprintf(line, sizeof line, "bob: objective do=score id=fuelthewarmachine salt=%s", shex);
	NO(c, line, "does not meet");    /* three space docks needed; bob has one */
	s->u[at(208)][1][1][TI4_SD] = 0;
	assert_int_equal(s->r.nsec[1], 1);
	/* action cards: a card played outside its window is refused, by name */
	s->r.hand[2] = 0;
	NO(c, "cyd: play kind=action card=sabotage", "holds no action card");
	NO(c, "ana: play kind=action card=flankspeed", "in its player's tactical action");
	NO(c, "ana: play kind=action card=nosuchcard", "not an action card");
	OK(c, "ana: play kind=action card=politicalstability");
	assert_int_equal(s->r.hand[0], 0);
	OK(c, "ana: objective do=reveal id=swaythecouncil");
	NO(c, "phase 3", "custodians");
}

/* ---- agenda phase, custodians, the winner ------------------------------------------------ */

static void t_agenda(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	OK(c, "turn 1");
	play_round(c, "");
	/* ana takes Mecatol Rex between rounds, as a test shortcut: control only */
	s->ctrl[0][0] = 0;
	OK(c, "phase 2");
	assert_int_equal(s->r.custodians, 1);
	assert_int_equal(s->pl[0].vp, 1);
	NO(c, "turn 2", "the agenda phase (phase 3) ends round 1");
	OK(c, "phase 3");
	NO(c, "bob: agenda do=reveal what=mutiny", "the speaker reveals");
	OK(c, "ana: agenda do=reveal what=seedofanempire");
	NO(c, "ana: agenda do=vote what=for planets=jord", "bob votes now");
	OK(c, "bob: agenda do=vote what=against planets=hercant");     /* 1 influence */
	NO(c, "cyd: agenda do=vote what=for planets=hercant", "does not control");
	OK(c, "cyd: agenda do=vote what=for planets=archonren,archontau");  /* 3 + 1 */
	NO(c, "ana: agenda do=outcome what=for", "follows every player's vote");
	OK(c, "ana: agenda do=vote");                                  /* abstains */
	NO(c, "ana: agenda do=outcome what=against", "for has the most votes (4)");
	OK(c, "ana: agenda do=outcome what=for");
	assert_int_equal(s->pl[0].vp, 2);         /* the most points gain one */
	NO(c, "turn 2", "two agendas");
	OK(c, "ana: agenda do=reveal what=politicalcensure");
	OK(c, "bob: agenda do=vote what=cyd planets=kamdorn");
	OK(c, "cyd: agenda do=vote");
	OK(c, "ana: agenda do=vote what=cyd planets=jord");
	OK(c, "ana: agenda do=outcome what=cyd");
	assert_int_equal(s->r.nlaw, 1);
	assert_int_equal(s->pl[2].vp, 1);
	NO(c, "ana: agenda do=reveal what=politicalcensure", "two in an agenda phase");
	OK(c, "turn 2");
	/* the end: 10 points win at once, and nothing follows */
	s->pl[1].vp = 9;
	OK(c, "ana: pick card=leadership");
	s->pl[1].vp = 10;
	OK(c, "bob: pick card=trade");
	assert_int_equal(s->r.winner, 1);
	{
		sl_buf o;
		sl_buf_init(&o);
		assert_int_equal(G->result(s, &c->log->h, &o), 1);
		assert_non_null(strstr(sl_buf_cstr(&o), "bob (The Emirates of Hacan) wins"));
		sl_buf_free(&o);
	}
	NO(c, "cyd: pick card=politics", "the game is over: bob won");
}

/* ---- rules that part from version 1 (issue 26) ----------------------------------------------- */

static void t_unit_values(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int cv = TI4_CV;
	OK(c, MAP);
	OK(c, "ana: seat faction=sol home=201");
	OK(c, "bob: seat faction=yssaril home=205");
	OK(c, "cyd: seat faction=letnev home=209");
	/* published values: the Yssaril flagship moves 2; Sol's Genesis carries 12 */
	assert_int_equal(ti4_unit_move(s, 1, TI4_FS), 2);
	assert_int_equal(ti4_unit_capacity(s, 0, TI4_FS), 12);
	/* a carrier moves 1 and carries 4 until Carrier II: 2 and 6 */
	assert_int_equal(ti4_unit_move(s, 0, cv), 1);
	assert_int_equal(ti4_unit_capacity(s, 0, cv), 4);
	s->r.techs[0][TI4_T_CV2 >> 3] |= (uint8_t)(1u << (TI4_T_CV2 & 7));
	assert_int_equal(ti4_unit_move(s, 0, cv), 2);
	assert_int_equal(ti4_unit_capacity(s, 0, cv), 6);
	/* Sol's own Advanced Carrier II: capacity 8 */
	s->r.techs[0][ti4_tech_index("advancedcarrier2") >> 3] |=
		(uint8_t)(1u << (ti4_tech_index("advancedcarrier2") & 7));
	assert_int_equal(ti4_unit_capacity(s, 0, cv), 8);
	/* Cruiser II moves 3 and carries 1; Dreadnought II moves 2 */
	s->r.techs[2][TI4_T_CR2 >> 3] |= (uint8_t)(1u << (TI4_T_CR2 & 7));
	s->r.techs[2][TI4_T_DN2 >> 3] |= (uint8_t)(1u << (TI4_T_DN2 & 7));
	assert_int_equal(ti4_unit_move(s, 2, TI4_CR), 3);
	assert_int_equal(ti4_unit_capacity(s, 2, TI4_CR), 1);
	assert_int_equal(ti4_unit_move(s, 2, TI4_DN), 2);
	/* Letnev's Armada: the fleet pool counts 2 more */
	assert_int_equal(ti4_fleet_limit(s, 2), s->pl[2].fleet + 2);
	assert_int_equal(ti4_fleet_limit(s, 0), s->pl[0].fleet);
	/* a move the upgrade allows: Sol's carriers (Carrier II) from 201 to 102, two away */
	OK(c, "turn 1");
	OK(c, "ana: pick card=leadership");
	OK(c, "bob: pick card=trade");
	OK(c, "cyd: pick card=politics");
	OK(c, "ana: pick card=warfare");
	OK(c, "bob: pick card=technology");
	OK(c, "cyd: pick card=imperial");
	OK(c, "ana: activate system=102");
	OK(c, "ana: move from=201 units=cv,cv,ff,ff,ff");
}

/* LRR 78.5: a retreat is announced at the start of any round, the first
 * too when no anti-fighter barrage opened the combat (version 1 refused it). */
static void t_retreat_round1(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	s->reinf[1][TI4_CR]--;
	s->u[at(202)][0][1][TI4_CR] = 1;
	s->reinf[1][TI4_DD]--;
	s->u[at(203)][0][1][TI4_DD] = 1;
	OK(c, "turn 1");
	OK(c, "ana: pick card=leadership");
	OK(c, "bob: pick card=trade");
	OK(c, "cyd: pick card=politics");
	OK(c, "ana: pick card=warfare");
	OK(c, "bob: pick card=technology");
	OK(c, "cyd: pick card=imperial");
	OK(c, "ana: activate system=202");
	OK(c, "ana: move from=201 units=cv,ff");
	NO(c, "bob: retreat to=204", "not adjacent");
	OK(c, "bob: retreat to=203");
	assert_int_equal(s->ckind, 1);
	assert_int_equal(s->retreat[1], at(203));
}

static void picks3(ctx *c)
{
	OK(c, "turn 1");
	OK(c, "ana: pick card=leadership");
	OK(c, "bob: pick card=trade");
	OK(c, "cyd: pick card=politics");
	OK(c, "ana: pick card=warfare");
	OK(c, "bob: pick card=technology");
	OK(c, "cyd: pick card=imperial");
}

/* Commentary 5: Nekro and Yssaril copy the Cabal's abilities only when the
 * Cabal plays (version 1 let them copy in any game). */
static void t_copy_needs_cabal(void **state)
{
	ctx *c = *state;
	OK(c, MAP);
	OK(c, "ana: seat faction=nekro home=201");
	OK(c, "bob: seat faction=yssaril home=205");
	OK(c, "cyd: seat faction=sol home=209");
	picks3(c);
	NO(c, "ana: copy ability=devour", "no Cabal in this game");
	NO(c, "bob: copy ability=agent", "no Cabal in this game");
}

/* LRR 33: ground forces aboard a ship keep their player in the game. */
static void t_alive_in_space(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	picks3(c);
	/* cyd (xxcha) loses every planet and structure but keeps infantry aboard a carrier */
	for (int a = 1; a < TI4_AREAS; a++)
		for (int t = 0; t < TI4_NUT; t++) {
			s->reinf[2][t] = (uint8_t)(s->reinf[2][t] + s->u[at(209)][a][2][t]);
			s->u[at(209)][a][2][t] = 0;
		}
	for (int k = 0; k < 3; k++)
		s->ctrl[at(209)][k] = -1;
	s->reinf[2][TI4_INF]--;
	s->u[at(209)][0][2][TI4_INF] = 1;
	NO(c, "eliminate who=cyd", "ground forces in space");
	s->reinf[2][TI4_INF]++;
	s->u[at(209)][0][2][TI4_INF] = 0;
	OK(c, "eliminate who=cyd");
}

/* The Cabal agent answers the replenishment that has just happened: a
 * second player's replenishment closes the first one's window. */
static void t_agent_window(void **state)
{
	ctx *c = *state;
	OK(c, MAP);
	OK(c, "ana: seat faction=cabal home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=sol home=209");
	picks3(c);
	OK(c, "bob: replenish");
	OK(c, "cyd: replenish");
	NO(c, "ana: agent target=bob unit=dd", "just replenished");
	OK(c, "ana: agent target=cyd unit=dd");
}

/* LRR 41: a ship a gravity rift removes goes back to reinforcements; it is
 * not destroyed, so The Terror Between does not capture it. */
static void t_rift_removes(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int rift = at(105);
	OK(c, MAP);
	OK(c, "ana: seat faction=cabal home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=sol home=209");
	assert_int_equal(ti4_tile_of(s, rift)->anomaly, TI4_AN_RIFT);
	s->reinf[0][TI4_FS]--;
	s->u[rift][0][0][TI4_FS] = 1;
	s->reinf[1][TI4_CR]--;
	s->u[rift][0][1][TI4_CR] = 1;
	OK(c, "turn 1");
	OK(c, "ana: pick card=leadership");
	OK(c, "bob: pick card=diplomacy");
	OK(c, "cyd: pick card=politics");
	OK(c, "ana: pick card=warfare");
	OK(c, "bob: pick card=technology");
	OK(c, "cyd: pick card=imperial");
	OK(c, "ana: strategic card=leadership part=primary");
	OK(c, "bob: strategic card=leadership part=decline");
	OK(c, "cyd: strategic card=leadership part=decline");
	OK(c, "bob: activate system=104");
	OK(c, "bob: move from=105 units=cr rift=2");
	assert_int_equal(s->cap[0][1][TI4_CR], 0);
	assert_int_equal(s->reinf[1][TI4_CR], ti4_units[TI4_CR].limit - 1);   /* the home's one */
}

/* The space dock card: up to 3 fighters in its system need no capacity. */
static void t_dock_fighters(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	seat3(c);
	/* Sol at 201: two carriers (capacity 8) and 3 fighters; 5 more fill them */
	s->reinf[0][TI4_FF] = (uint8_t)(s->reinf[0][TI4_FF] - 5);
	s->u[at(201)][0][0][TI4_FF] = (uint8_t)(s->u[at(201)][0][0][TI4_FF] + 5);
	picks3(c);
	OK(c, "ana: activate system=201");
	NO(c, "ana: produce units=ff,ff,ff,ff pay=jord", "capacity 8");
	OK(c, "ana: produce units=ff,ff pay=jord");   /* 10 fighters: 8 carried, 2 by the dock */
	assert_int_equal(s->u[at(201)][0][0][TI4_FF], 10);
}

/* Commentary 9: the agent takes a fighter or infantry token even when all of
 * that plastic is on the board (the token comes from the supply). */
static void t_agent_no_plastic(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	OK(c, MAP);
	OK(c, "ana: seat faction=cabal home=201");
	OK(c, "bob: seat faction=hacan home=205");
	OK(c, "cyd: seat faction=sol home=209");
	s->u[at(205)][1][1][TI4_INF] = (uint8_t)(s->u[at(205)][1][1][TI4_INF] + s->reinf[1][TI4_INF]);
	s->reinf[1][TI4_INF] = 0;
	picks3(c);
	OK(c, "bob: replenish");
	OK(c, "ana: agent target=bob unit=inf");
	assert_int_equal(s->captok[0][1], 1);
}

static void t_snapshot(void **state)
{
	ctx *c = *state;
	void *back = NULL;
	sl_buf b;
	seat3(c);
	OK(c, "turn 1");
	OK(c, "ana: pick card=leadership");
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &b), 0);
	assert_int_equal(G->restore(&back, b.data, b.len, &c->err), 0);
	assert_memory_equal(&((ti4_state *)back)->r, &S(c)->r, sizeof(ti4_round));
	b.data[b.len - 1] ^= 0xff;   /* a restored round is checked */
	G->destroy(back);
	sl_buf_free(&b);
}

/* Unit upgrades and faction units change combat values and dice in a
 * version 2 game (the unit upgrade cards; the faction sheets). */
static void set_tech(ti4_state *s, int p, int k)
{
	s->r.techs[p][k >> 3] |= (uint8_t)(1u << (k & 7));
}

static void t_roll_values(void **state)
{
	ctx *c = *state;
	ti4_state *s = S(c);
	int d = 0;
	seat3(c);   /* ana sol, bob hacan, cyd xxcha */
	/* Fighter II 9 -> 8; Cruiser II 7 -> 6; Infantry II 8 -> 7; Spec Ops II 6 */
	assert_int_equal(ti4_unit_roll(s, 2, TI4_FF, TI4_ROLL_COMBAT, &d), 9);
	assert_int_equal(d, 1);
	set_tech(s, 2, TI4_T_FF2);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_FF, TI4_ROLL_COMBAT, &d), 8);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_CR, TI4_ROLL_COMBAT, &d), 7);
	set_tech(s, 2, TI4_T_CR2);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_CR, TI4_ROLL_COMBAT, &d), 6);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_INF, TI4_ROLL_COMBAT, &d), 8);
	set_tech(s, 2, TI4_T_INF2);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_INF, TI4_ROLL_COMBAT, &d), 7);
	set_tech(s, 0, ti4_tech_index("specops2"));
	assert_int_equal(ti4_unit_roll(s, 0, TI4_INF, TI4_ROLL_COMBAT, &d), 6);
	/* Destroyer II: combat 9 -> 8, barrage 9x2 -> 6x3 */
	assert_int_equal(ti4_unit_roll(s, 1, TI4_DD, TI4_ROLL_AFB, &d), 9);
	assert_int_equal(d, 2);
	set_tech(s, 1, TI4_T_DD2);
	assert_int_equal(ti4_unit_roll(s, 1, TI4_DD, TI4_ROLL_AFB, &d), 6);
	assert_int_equal(d, 3);
	assert_int_equal(ti4_unit_roll(s, 1, TI4_DD, TI4_ROLL_COMBAT, &d), 8);
	/* PDS II: space cannon 6 -> 5; Dreadnought II keeps bombardment 5x1 */
	assert_int_equal(ti4_unit_roll(s, 2, TI4_PDS, TI4_ROLL_CANNON, &d), 6);
	set_tech(s, 2, TI4_T_PDS2);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_PDS, TI4_ROLL_CANNON, &d), 5);
	assert_int_equal(d, 1);
	set_tech(s, 2, TI4_T_DN2);
	assert_int_equal(ti4_unit_roll(s, 2, TI4_DN, TI4_ROLL_BOMB, &d), 5);
	/* the flagships: Hacan's Wrath of Kenara 7x2, Nekro's The Alastor 9x2 (faction sheets) */
	assert_int_equal(ti4_unit_roll(s, 1, TI4_FS, TI4_ROLL_COMBAT, &d), 7);
	assert_int_equal(d, 2);
	s->pl[2].faction = TI4_F_NEKRO;
	assert_int_equal(ti4_unit_roll(s, 2, TI4_FS, TI4_ROLL_COMBAT, &d), 9);
	/* the Nomad's Memoria: barrage 8x3, Memoria II 5x3 */
	s->pl[2].faction = TI4_F_NOMAD;
	assert_int_equal(ti4_unit_roll(s, 2, TI4_FS, TI4_ROLL_AFB, &d), 8);
	assert_int_equal(d, 3);
	set_tech(s, 2, ti4_tech_index("memoria2"));
	assert_int_equal(ti4_unit_roll(s, 2, TI4_FS, TI4_ROLL_AFB, &d), 5);
	assert_int_equal(d, 3);
}

/* The same rolls in a real space combat at 202: ana (sol) brings a carrier
 * and a fighter against bob's (hacan) flagship and destroyer; `up` gives ana
 * Fighter II and bob Destroyer II first. */
static void fight202(ctx *c, int up)
{
	ti4_state *s = S(c);
	seat3(c);
	s->reinf[1][TI4_FS]--;
	s->u[at(202)][0][1][TI4_FS] = 1;
	s->reinf[1][TI4_DD]--;
	s->u[at(202)][0][1][TI4_DD] = 1;
	if (up) {
		set_tech(s, 0, TI4_T_FF2);
		set_tech(s, 1, TI4_T_DD2);
	}
	picks3(c);
	OK(c, "ana: activate system=202");
	OK(c, "ana: move from=201 units=cv,ff");
	if (up) {
		NO(c, "bob: barrage dice=1,1", "3 dice are rolled here");
		OK(c, "bob: barrage dice=1,1,1");
	} else {
		NO(c, "bob: barrage dice=1,1,1", "2 dice are rolled here");
		OK(c, "bob: barrage dice=1,1");
	}
	OK(c, "ana: fire dice=8,8");         /* carrier 9 misses; the fighter hits with Fighter II */
	if (!strstr(sl_buf_cstr(&c->desc), up ? " 1 hit " : " 0 hits "))
		fail_msg("ana's roll: %s", sl_buf_cstr(&c->desc));
	OK(c, "bob: fire dice=6,6,8");       /* Wrath of Kenara misses on 6; the destroyer's 8 */
	if (!strstr(sl_buf_cstr(&c->desc), up ? " 1 hit " : " 0 hits "))
		fail_msg("bob's roll: %s", sl_buf_cstr(&c->desc));
}
static void t_fight_before(void **state) { fight202(*state, 0); }
static void t_fight_after(void **state) { fight202(*state, 1); }

/* Ground combat on Zohbat (202): ana's (sol) two infantry land on bob's one;
 * `up` gives ana Spec Ops II (hits on 6, the generic infantry on 8). */
static void invade202(ctx *c, int up)
{
	ti4_state *s = S(c);
	int slot = 0;
	seat3(c);
	assert_int_equal(ti4_planet_find(s, "zohbat", &slot), at(202));
	s->reinf[1][TI4_INF]--;
	s->u[at(202)][slot][1][TI4_INF] = 1;
	s->ctrl[at(202)][slot - 1] = 1;
	s->reinf[0][TI4_CV]--;
	s->u[at(202)][0][0][TI4_CV] = 1;
	s->reinf[0][TI4_INF] = (uint8_t)(s->reinf[0][TI4_INF] - 2);
	s->u[at(202)][0][0][TI4_INF] = 2;
	if (up)
		set_tech(s, 0, ti4_tech_index("specops2"));
	picks3(c);
	OK(c, "ana: activate system=202");
	OK(c, "ana: land planet=zohbat units=inf,inf");
	NO(c, "ana: fire dice=6 planet=zohbat", "2 dice are rolled here");
	OK(c, "ana: fire dice=6,7 planet=zohbat");
	if (!strstr(sl_buf_cstr(&c->desc), up ? " 2 hits " : " 0 hits "))
		fail_msg("ana's roll: %s", sl_buf_cstr(&c->desc));
}
static void t_invade_before(void **state) { invade202(*state, 0); }
static void t_invade_after(void **state) { invade202(*state, 1); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_seat, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_strategy, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_objectives, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_agenda, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_unit_values, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_retreat_round1, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_copy_needs_cabal, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_alive_in_space, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_agent_window, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_rift_removes, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_dock_fighters, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_agent_no_plastic, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_snapshot, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_roll_values, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_fight_before, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_fight_after, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_invade_before, setup3, teardown),
		cmocka_unit_test_setup_teardown(t_invade_after, setup3, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
