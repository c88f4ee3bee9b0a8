/* test_xwing_damage.c - rules version 3 of the xwing module: the core damage
 * deck (33 cards, one deck per player), cards due after damage and dealt by
 * `damage` entries drawn from the deck, faceup and facedown, and each faceup
 * card's effect with its allowed and its refused side. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/xwing/xwing_int.h"
#include "formats/sl_log.h"

#include "test_xwing_ctx.inc"

/* A damage card placed on a ship directly (up: 1 faceup, 0 facedown). */
static void give(ctx *c, const char *id, int card, int up)
{
	xw_ship *sh = ship(c, id);
	sh->card[sh->ncards] = (uint8_t)card;
	sh->card_up[sh->ncards++] = (uint8_t)up;
	sh->hull = xw_hull_max(sh) - sh->ncards;
	S(c)->deck[sh->side][card]--;
}

static void test_deck_is_the_core_deck(void **state)
{
	ctx *c = *state;
	int n = 0;
	for (int k = 0; k < XW_NDAMAGE; k++)
		n += xw_damage_deck[k];
	assert_int_equal(n, 33);
	assert_int_equal(xw_damage_deck[XW_D_DIRECTHIT], 5);
	assert_int_equal(xw_damage_deck[XW_D_FUELLEAK], 4);
	assert_string_equal(xw_damage_ids[XW_D_WEAPONSFAILURE], "weaponsfailure");
	assert_null(xw_damage_ids[XW_NDAMAGE]);
	assert_int_equal(S(c)->deck[0][XW_D_DIRECTHIT], 5);
	assert_int_equal(S(c)->deck[1][XW_D_HULLBREACH], 2);
}

static void test_cards_due_then_drawn(void **state)
{
	ctx *c = *state;
	uint8_t w[32];
	to_engagement(c);
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,crit,blank def=blank,blank,blank "
		"crits=fuelleak", "not named in crits=");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,crit,blank def=blank,blank,blank");
	assert_int_equal(S(c)->npend, 2);            /* a facedown card, then a faceup one */
	assert_int_equal(ship(c, "tie")->hull, 3);  /* not yet dealt */
	/* the recorder draws from the TIE player's deck: its weights */
	assert_int_equal(G->chances(S(c), &c->log->h, XW_EV_DAMAGE, 1, w, 32), XW_NDAMAGE);
	assert_int_equal(w[XW_D_DIRECTHIT], 5);
	assert_int_equal(G->chances(S(c), &c->log->h, XW_EV_ATTACK, 1, w, 32), 0);
	NO(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit def=blank,blank",
		"2 damage cards are due to tie");
	NO(c, "phase 5", "due to tie");
	NO(c, "damage ship=xwing card=fuelleak", "the next damage card is due to tie");
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->card_up[0], 0);   /* facedown */
	assert_int_equal(ship(c, "tie")->ncrits, 0);
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(S(c)->deck[1][XW_D_FUELLEAK], 3);
	assert_int_equal(S(c)->deck[0][XW_D_FUELLEAK], 4);   /* the other player's deck */
	OK(c, "damage card=weaponsfailure");
	assert_int_equal(ship(c, "tie")->ncrits, 1);
	assert_int_equal(ship(c, "tie")->crits[0], XW_D_WEAPONSFAILURE);
	assert_int_equal(ship(c, "tie")->hull, 1);
	NO(c, "damage card=weaponsfailure", "no damage card is due");
	/* Weapons Failure: the TIE (initiative 3, same step) rolls one die fewer */
	NO(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit def=blank,blank",
		"rolls 1 attack die");
	OK(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit def=blank,blank");
	assert_int_equal(ship(c, "xwing")->shields, 1);   /* shields first: no card due */
	assert_int_equal(S(c)->npend, 0);
}

/* A facedown card is hidden from every view but the omniscient one. */
static void test_facedown_card_veiled(void **state)
{
	ctx *c = *state;
	sl_event ev;
	uint32_t hide = 0;
	to_engagement(c);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,crit,blank def=blank,blank,blank");
	OK(c, "damage card=fuelleak");
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "Fuel Leak"));
	assert_int_equal(sl_sil_parse_line(c->log, "damage card=fuelleak", 20, 1, &ev, &c->err), 1);
	assert_int_equal(G->veil(S(c), &c->log->h, &ev, 0, &c->desc, &hide), 1);
	assert_int_equal(hide, 1u << 1);
	assert_null(strstr(sl_buf_cstr(&c->desc), "Fuel Leak"));
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "facedown damage card"));
	OK(c, "damage card=hullbreach");   /* faceup: every view sees it */
	hide = 0;
	assert_int_equal(G->veil(S(c), &c->log->h, &ev, SL_VIEW_PUBLIC, &c->desc, &hide), 0);
	assert_int_equal(hide, 0);
}

static void test_deck_runs_out_of_a_card(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	S(c)->deck[1][XW_D_DIRECTHIT] = 0;
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=crit,blank,blank def=blank,blank,blank");
	NO(c, "damage card=directhit", "no Direct Hit! is left in the damage deck of imp");
	OK(c, "damage card=hullbreach");
}

static void test_reshuffle_from_destroyed_ships(void **state)
{
	ctx *c = *state;
	uint8_t w[32];
	to_engagement(c);
	memset(S(c)->deck[1], 0, XW_NDAMAGE);
	S(c)->spent[1][XW_D_PANICKEDPILOT] = 1;
	ship(c, "adv")->gone = 2;          /* destroyed, its cards stay on it */
	ship(c, "adv")->card[0] = XW_D_CONSOLEFIRE;
	ship(c, "adv")->ncards = 1;
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,blank,blank def=blank,blank,blank");
	assert_int_equal(G->chances(S(c), &c->log->h, XW_EV_DAMAGE, 1, w, 32), XW_NDAMAGE);
	assert_int_equal(w[XW_D_CONSOLEFIRE] + w[XW_D_PANICKEDPILOT], 2);
	assert_int_equal(w[XW_D_DIRECTHIT], 0);
	NO(c, "damage card=directhit", "no Direct Hit! is left");
	OK(c, "damage card=consolefire");
	assert_int_equal(ship(c, "adv")->ncards, 0);
	assert_int_equal(S(c)->deck[1][XW_D_PANICKEDPILOT], 1);
}

static void test_direct_hit(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=crit,blank,blank def=blank,blank,blank");
	OK(c, "damage card=directhit");
	/* one more damage, facedown, and Direct Hit! itself is repaired */
	assert_int_equal(S(c)->npend, 1);
	assert_int_equal(S(c)->pend_up[0], 0);
	assert_int_equal(ship(c, "tie")->card_up[0], 2);
	assert_int_equal(ship(c, "tie")->ncrits, 0);
	OK(c, "damage card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 1);
}

static void test_panicked_pilot(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=crit,blank,blank def=blank,blank,blank");
	OK(c, "damage card=panickedpilot");
	assert_int_equal(ship(c, "tie")->stress, 2);
	assert_int_equal(ship(c, "tie")->card_up[0], 2);   /* repaired at once */
	assert_int_equal(S(c)->npend, 0);
}

static void test_hull_breach(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	give(c, "tie", XW_D_HULLBREACH, 1);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,blank,blank def=blank,blank,blank");
	assert_int_equal(S(c)->npend, 1);
	assert_int_equal(S(c)->pend_up[0], 1);   /* the hit became a crit: faceup */
	OK(c, "damage card=stunnedpilot");
	assert_int_equal(ship(c, "tie")->ncrits, 2);
}

static void test_fuel_leak(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	give(c, "tie", XW_D_FUELLEAK, 1);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,crit,blank def=blank,blank,blank");
	OK(c, "damage card=consolefire");   /* a hit: Fuel Leak does not trigger */
	assert_int_equal(S(c)->npend, 1);
	assert_int_equal(ship(c, "tie")->card_up[0], 1);
	OK(c, "damage card=woundedpilot");  /* a crit: Fuel Leak adds a hit and is repaired */
	assert_int_equal(ship(c, "tie")->card_up[0], 2);
	assert_int_equal(S(c)->npend, 1);
	assert_int_equal(S(c)->pend_up[0], 0);
	assert_int_equal(ship(c, "tie")->gone, 1);   /* no hull left: the excess card still comes */
	OK(c, "damage card=consolefire");
	assert_int_equal(ship(c, "tie")->ncards, 4);
}

static void test_structural_damage_and_repair(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	give(c, "tie", XW_D_STRUCTURAL, 1);
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=blank,blank,blank def=blank,blank,blank",
		"rolls 2 defence dice");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=blank,blank,blank def=blank,blank");
	OK(c, "phase 5");
	put(c, "xwing", 60000, 10000, 0);
	put(c, "tie", 20000, 80000, 1800);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	NO(c, "imp: action ship=tie action=repair card=weaponsfailure", "no faceup Weapons Failure");
	NO(c, "imp: action ship=tie action=repair", "repair needs card=");
	OK(c, "imp: action ship=tie action=repair card=structuraldamage");
	assert_int_equal(ship(c, "tie")->card_up[0], 2);
	assert_int_equal(xw_agility(S(c), ship(c, "tie")), 3);
	assert_int_equal(ship(c, "tie")->hull, 2);   /* the card stays, facedown */
	NO(c, "imp: action ship=tie action=focus", "has performed its action");
}

static void test_damaged_sensor_array(void **state)
{
	ctx *c = *state;
	four(c);
	give(c, "tie", XW_D_SENSORARRAY, 1);
	give(c, "tie", XW_D_BLINDEDPILOT, 1);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	NO(c, "imp: action ship=tie action=focus", "Damaged Sensor Array");
	NO(c, "imp: action ship=tie action=repair card=consolefire", "no faceup");
	NO(c, "imp: action ship=tie action=repair card=damagedengine", "has no repair action");
	OK(c, "imp: action ship=tie action=repair card=damagedsensorarray");   /* its own action */
	assert_int_equal(ship(c, "tie")->card_up[0], 2);
}

static void test_damaged_engine(void **state)
{
	ctx *c = *state;
	four(c);
	give(c, "tie", XW_D_DAMAGEDENGINE, 1);
	plan(c, "1FB", "1FB", "2TW", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "tie", "2TW");
	NO(c, "imp: move ship=tie maneuver=2TW", "executes 2TR");
	OK(c, "imp: move ship=tie maneuver=2TR");
	assert_int_equal(ship(c, "tie")->stress, 1);
	NO(c, "imp: action ship=tie action=repair card=damagedengine", "stressed");
}

static void test_loose_stabilizer_and_stunned_pilot(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=rock kind=debris x=20000 y=72000 r=1500");
	four(c);
	give(c, "tie", XW_D_STUNNEDPILOT, 1);
	give(c, "adv", XW_D_LOOSESTABILIZER, 1);
	give(c, "xwing", XW_D_LOOSESTABILIZER, 1);
	plan(c, "1FB", "1NB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1NB");
	OK(c, "reb: move ship=xwing");   /* a bank: one damage (shields), the card repaired */
	assert_int_equal(ship(c, "xwing")->shields, 1);
	assert_int_equal(ship(c, "xwing")->card_up[0], 2);
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");     /* a straight: nothing */
	assert_int_equal(ship(c, "adv")->card_up[0], 1);
	assert_int_equal(ship(c, "adv")->shields, 2);
	REVEAL(c, "imp", "tie", "2FB");
	NO(c, "imp: move ship=tie", "dice= needs 1 attack die");
	OK(c, "imp: move ship=tie dice=blank");   /* through the debris: Stunned Pilot */
	assert_int_equal(S(c)->npend, 1);
	NO(c, "imp: action ship=tie action=focus", "due to tie");
	OK(c, "damage card=consolefire");
	assert_int_equal(ship(c, "tie")->hull, 1);
}

static void test_blinded_pilot(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	give(c, "xwing", XW_D_BLINDEDPILOT, 1);
	ship(c, "xwing")->focus = 1;
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=focus,blank,blank aspend=focus "
		"def=blank,blank,blank", "Blinded Pilot");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=focus,blank,blank def=blank,blank,blank");
	assert_int_equal(ship(c, "xwing")->focus, 1);
}

static void test_destroyed_when_the_last_card_is_dealt(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit def=blank,blank,blank");
	OK(c, "damage card=fuelleak");
	OK(c, "damage card=fuelleak");
	assert_int_equal(ship(c, "tie")->gone, 0);
	OK(c, "damage card=fuelleak");
	assert_int_equal(ship(c, "tie")->gone, 1);   /* initiative 3 like the x-wing: it fires */
	OK(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit def=blank,blank");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "tie")->gone, 2);
}

static void test_power_regulator(void **state)
{
	ctx *c = *state;
	four(c);
	give(c, "tie", XW_D_POWERREGULATOR, 1);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");      /* not an ion maneuver: it stays faceup */
	assert_int_equal(ship(c, "tie")->card_up[0], 1);
	assert_int_equal(ship(c, "tie")->ion, 0);
	OK(c, "phase 4");                 /* before it engages: an ion token */
	assert_int_equal(ship(c, "tie")->ion, 1);
	OK(c, "phase 5");
	plan(c, "1FB", "1FB", "2FB", "2FB");   /* ionized: no dial assigned */
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	OK(c, "imp: move ship=tie");      /* the ion maneuver: repaired */
	assert_int_equal(ship(c, "tie")->card_up[0], 2);
}

static void test_snapshot_v3(void **state)
{
	ctx *c = *state;
	sl_buf b;
	void *back = NULL;
	sl_error e;
	to_engagement(c);
	give(c, "tie", XW_D_HULLBREACH, 1);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,blank def=blank,blank,blank");
	OK(c, "damage card=consolefire");
	sl_buf_init(&b);
	assert_int_equal(G->serialize(S(c), &b), 0);
	assert_int_equal(b.data[0], 3);
	assert_int_equal(G->restore(&back, b.data, b.len, &e), 0);
	assert_int_equal(((xw_state *)back)->npend, 1);
	assert_int_equal(((xw_state *)back)->ships[I(c, "tie")].ncards, 2);
	assert_int_equal(((xw_state *)back)->deck[1][XW_D_CONSOLEFIRE], 1);
	G->destroy(back);
	sl_buf_free(&b);
}

/* The generator plays rules version 3 with attacks: the cards due are dealt
 * by damage entries drawn from the deck, every one accepted. */
static void test_generator_deals_cards(void **state)
{
	ctx *c = *state;
	sl_prng rng;
	sl_arena a;
	int dealt = 0;
	c->log->h.has_seed = 1;
	c->log->h.seed = 91;
	sl_prng_seed(&rng, 91, 1);
	sl_arena_init(&a);
	for (int n = 0; n < 20000; n++) {
		sl_event ev;
		int rc = G->generate(c->st, &c->log->h, &rng, &a, &ev, &c->err);
		if (rc == 1)
			break;
		if (rc != 0)
			fail_msg("generate: %s", c->err.msg);
		if (ev.entry == SL_ENTRY_TURN) {
			rc = G->mark(c->st, &c->log->h, ev.mark, 1, &c->err);
			c->turn = ev.mark;
		} else if (ev.entry == SL_ENTRY_PHASE) {
			rc = G->mark(c->st, &c->log->h, c->turn, ev.mark, &c->err);
		} else {
			dealt += ev.type == XW_EV_DAMAGE;
			rc = G->apply(c->st, &c->log->h, &ev, NULL, &c->err);
		}
		if (rc != 0)
			fail_msg("generated entry refused: %s", c->err.msg);
	}
	sl_arena_free(&a);
	assert_true(dealt > 0);
	for (int p = 0; p < 2; p++) {   /* the decks and the ships' cards still make 33 each */
		int n = 0;
		for (int k = 0; k < XW_NDAMAGE; k++)
			n += S(c)->deck[p][k] + S(c)->spent[p][k];
		for (int i = 0; i < S(c)->nships; i++)
			if (S(c)->ships[i].side == p)
				n += S(c)->ships[i].ncards;
		assert_int_equal(n, 33);
	}
}

/* ---- rules version 4: Console Fire's and Wounded Pilot's dice rolled ---------------------- */

static int setup4(void **state)
{
	ctx *c;
	setup(state);
	c = *state;
	G->destroy(c->st);
	c->log->h.rules_version = 4;
	assert_int_equal(G->init(&c->st, &c->log->h, &c->err), 0);
	return 0;
}

/* Console Fire: before the ship engages, one attack die; a hit is one hit
 * damage. Its attack waits for the die, and so does the end of the phase. */
static void test_v4_console_fire(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	give(c, "xwing", XW_D_CONSOLEFIRE, 1);
	NO(c, "reb: roll ship=xwing target=tie atk=blank,blank,blank", "faceup Console Fire: it rolls its die before it engages");
	NO(c, "phase 5", "attacking or not");
	NO(c, "carddie ship=tie card=consolefire die=hit", "tie has no faceup Console Fire");
	NO(c, "carddie ship=xwing card=woundedpilot die=hit", "no faceup Wounded Pilot");
	NO(c, "carddie ship=xwing card=directhit die=hit", "Direct Hit! rolls no die");
	NO(c, "carddie ship=xwing card=consolefire", "rolls one attack die");
	NO(c, "effect ship=xwing token=hit delta=1 source=consolefire", "rolled, not declared");
	OK(c, "carddie ship=xwing card=consolefire adie=2");   /* 2: a hit */
	assert_true(strstr(sl_buf_cstr(&c->desc), "rolls hit: one hit damage") != NULL);
	assert_int_equal(ship(c, "xwing")->shields, 1);
	NO(c, "carddie ship=xwing card=consolefire die=hit", "once a round");
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,blank");
}

/* A copy dealt once the ship's step is over asks no die that round (H12);
 * one dealt while its step is to come does. */
static void test_v4_console_fire_late(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	S(c)->engage_init = 1;   /* every step above 1 is over */
	OK(c, "effect ship=tie token=crit delta=1 source=asteroid");
	OK(c, "damage ship=tie card=consolefire");
	assert_int_equal(xw_fire_due(S(c), I(c, "tie")), 0);
	OK(c, "phase 5");
}

static void test_v4_console_fire_to_come(void **state)
{
	ctx *c = *state;
	to_engagement(c);
	OK(c, "effect ship=tie token=crit delta=1 source=asteroid");
	OK(c, "damage ship=tie card=consolefire");
	NO(c, "phase 5", "tie has a faceup Console Fire");
	OK(c, "carddie ship=tie card=consolefire die=blank");
	assert_int_equal(ship(c, "tie")->hull, 2);   /* the card alone */
	OK(c, "phase 5");
}

/* Wounded Pilot: after each action, one attack die; a hit or a crit is a
 * stress token. Nothing else until it is rolled. */
static void test_v4_wounded_pilot(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	give(c, "xwing", XW_D_WOUNDEDPILOT, 1);
	NO(c, "carddie ship=xwing card=woundedpilot die=hit", "no Wounded Pilot die is due");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	OK(c, "reb: action ship=xwing action=focus");
	assert_int_equal(S(c)->ndie, 1);
	NO(c, "imp: reveal ship=adv dial=2FB salt=00000000000000000000000000000000", "after its action it rolls one attack die first");
	NO(c, "effect ship=xwing token=stress delta=1 source=woundedpilot", "after its action it rolls one attack die first");
	NO(c, "carddie ship=ywing card=woundedpilot die=hit", "ywing has no faceup Wounded Pilot");
	OK(c, "carddie ship=xwing card=woundedpilot adie=4");   /* 4: a crit */
	assert_int_equal(ship(c, "xwing")->stress, 1);
	assert_int_equal(S(c)->ndie, 0);
	NO(c, "effect ship=xwing token=stress delta=1 source=woundedpilot", "rolled, not declared");
	/* a snapshot with a die due restores */
	{
		sl_buf a, b;
		void *back = NULL;
		S(c)->ndie = 1;
		S(c)->die_ship[0] = (int8_t)I(c, "xwing");
		sl_buf_init(&a);
		sl_buf_init(&b);
		assert_int_equal(G->serialize(c->st, &a), 0);
		assert_int_equal(G->restore(&back, a.data, a.len, &c->err), 0);
		assert_int_equal(((xw_state *)back)->ndie, 1);
		assert_int_equal(G->serialize(back, &b), 0);
		assert_true(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
		G->destroy(back);
		sl_buf_free(&a);
		sl_buf_free(&b);
	}
	OK(c, "carddie ship=xwing card=woundedpilot die=blank");
	assert_int_equal(ship(c, "xwing")->stress, 1);
}

/* Version 3 declared them: effect source=woundedpilot stays accepted there. */
static void test_v3_wounded_pilot_declared(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	give(c, "ywing", XW_D_WOUNDEDPILOT, 1);
	OK(c, "reb: action ship=ywing action=focus");
	assert_int_equal(S(c)->ndie, 0);
	OK(c, "effect ship=ywing token=stress delta=1 source=woundedpilot");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_deck_is_the_core_deck, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cards_due_then_drawn, setup, teardown),
		cmocka_unit_test_setup_teardown(test_facedown_card_veiled, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deck_runs_out_of_a_card, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reshuffle_from_destroyed_ships, setup, teardown),
		cmocka_unit_test_setup_teardown(test_direct_hit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_panicked_pilot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hull_breach, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fuel_leak, setup, teardown),
		cmocka_unit_test_setup_teardown(test_structural_damage_and_repair, setup, teardown),
		cmocka_unit_test_setup_teardown(test_damaged_sensor_array, setup, teardown),
		cmocka_unit_test_setup_teardown(test_damaged_engine, setup, teardown),
		cmocka_unit_test_setup_teardown(test_loose_stabilizer_and_stunned_pilot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_blinded_pilot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_destroyed_when_the_last_card_is_dealt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_power_regulator, setup, teardown),
		cmocka_unit_test_setup_teardown(test_snapshot_v3, setup, teardown),
		cmocka_unit_test_setup_teardown(test_generator_deals_cards, setup, teardown),
		cmocka_unit_test_setup_teardown(test_v4_console_fire, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v4_console_fire_late, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v4_console_fire_to_come, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v4_wounded_pilot, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v3_wounded_pilot_declared, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
