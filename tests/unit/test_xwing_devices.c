/* test_xwing_devices.c - the xwing devices (formats/xwing.md, Devices): bombs
 * and mines dropped with the 1-straight template at the rear guides or
 * launched (Trajectory Simulator), in the system phase, one charge each;
 * bombs detonate at the end of the activation phase on every ship at range
 * 0-1, mines after a ship overlaps or moves through them; each device's
 * effect. Then the medium-base barrel roll of rules version 3. Each clause
 * with its allowed and its refused side. */
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

static const sl_game *G = &sl_game_xwing;

#include "test_rules_ctx.inc"

static int setup(void **state)
{
	static const char *const ids[2] = {"reb", "imp"}, *const names[2] = {"Rebels", "Empire"};
	return ctx_open(state, G, G->rules_version, 2, ids, names, 0);
}

static xw_state *S(ctx *c) { return c->st; }

static int I(ctx *c, const char *id)
{
	for (int i = 0; i < S(c)->nships; i++)
		if (strcmp(S(c)->ships[i].id, id) == 0)
			return i;
	fail_msg("no ship %s", id);
	return -1;
}

static xw_ship *ship(ctx *c, const char *id)
{
	return &S(c)->ships[I(c, id)];
}

static void put(ctx *c, const char *id, int32_t x, int32_t y, int32_t h)
{
	xw_ship *sh = ship(c, id);
	sh->pose.x = x;
	sh->pose.y = y;
	sh->pose.h = h;
}

static void salt_hex(const char *id, char out[33])
{
	for (int i = 0; i < 32; i += 2)
		snprintf(out + i, 3, "%02x", (unsigned char)id[0] ^ (unsigned)i);
}

static void DIAL(ctx *c, const char *player, const char *id, const char *code)
{
	uint8_t salt[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
	char sh[33], ch[65], line[256];
	salt_hex(id, sh);
	assert_int_equal(sl_hexstr_decode(salt, SL_SALT_BYTES, sh, 32), 0);
	assert_int_equal(sl_commit(cm, "xwing-dial", salt, code, strlen(code)), 0);
	sl_hexstr_encode(ch, cm, SL_COMMIT_BYTES);
	snprintf(line, sizeof line, "%.8s: dial ship=%.23s commit=\"%s\"", player, id, ch);
	OK(c, line);
}

static void FLY(ctx *c, const char *player, const char *id, const char *code)
{
	char line[320], sh[33];
	salt_hex(id, sh);
	snprintf(line, sizeof line, "%.8s: reveal ship=%.23s dial=%.8s salt=%s", player, id, code, sh);
	OK(c, line);
	snprintf(line, sizeof line, "%.8s: move ship=%.23s", player, id);
	OK(c, line);
}

/* Two rebels and two imperials; the Y-wing carries the device under test. */
static void four(ctx *c, const char *device)
{
	char line[256];
	snprintf(line, sizeof line, "ship id=ywing pilot=graysquadronbomber side=reb x=20000 "
		"y=10000 heading=0 upgrades=\"%s\"", device);
	OK(c, line);
	OK(c, "ship id=xwing pilot=redsquadronveteran side=reb x=80000 y=10000 heading=0");
	OK(c, "ship id=tie pilot=blacksquadronace side=imp x=20000 y=80000 heading=1800");
	OK(c, "ship id=adv pilot=stormsquadronace side=imp x=60000 y=80000 heading=1800");
}

/* Round 1 to its system phase, every dial a blue 2-straight. */
static void to_system(ctx *c)
{
	OK(c, "turn 1");
	DIAL(c, "reb", "ywing", "2FB");
	DIAL(c, "reb", "xwing", "2FB");
	DIAL(c, "imp", "tie", "2FB");
	DIAL(c, "imp", "adv", "2FB");
	OK(c, "phase 2");
}

/* Every ship flies its 2-straight, in initiative order. */
static void fly_all(ctx *c)
{
	OK(c, "phase 3");
	FLY(c, "reb", "ywing", "2FB");
	FLY(c, "reb", "xwing", "2FB");
	FLY(c, "imp", "tie", "2FB");
	FLY(c, "imp", "adv", "2FB");
}

static int upgrade_slot(ctx *c, const char *id, const char *card)
{
	xw_ship *sh = ship(c, id);
	for (int k = 0; k < sh->nup; k++)
		if (sh->up[k] == xw_upgrade_find(card))
			return k;
	fail_msg("%s carries no %s", id, card);
	return -1;
}

/* ---- dropping and launching ---------------------------------------------------- */

static void test_drop(void **state)
{
	ctx *c = *state;
	int k;
	four(c, "ioncannonturret,protonbombs");
	put(c, "ywing", 20000, 45000, 0);
	k = upgrade_slot(c, "ywing", "protonbombs");
	assert_int_equal(ship(c, "ywing")->ucharges[k], 2);
	OK(c, "turn 1");
	NO(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000", "system phase");
	DIAL(c, "reb", "ywing", "2FB");
	DIAL(c, "reb", "xwing", "2FB");
	DIAL(c, "imp", "tie", "2FB");
	DIAL(c, "imp", "adv", "2FB");
	OK(c, "phase 2");
	NO(c, "imp: device ship=ywing card=protonbombs id=pb1 r=1000", "flown by reb");
	NO(c, "reb: device ship=xwing card=protonbombs id=pb1 r=1000", "not in xwing's loadout");
	NO(c, "reb: device ship=ywing card=ioncannonturret id=pb1 r=1000", "not a bomb or a mine");
	NO(c, "reb: device ship=ywing card=protonbombs id=tie r=1000", "taken");
	NO(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000 launch=1",
		"Trajectory Simulator");
	put(c, "xwing", 21000, 37000, 0);
	NO(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000", "would overlap xwing");
	put(c, "xwing", 80000, 10000, 0);
	put(c, "ywing", 20000, 7500, 0);
	NO(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000", "off the mat");
	put(c, "ywing", 20000, 45000, 0);
	ship(c, "ywing")->ucharges[k] = 0;
	NO(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000", "no charge left");
	ship(c, "ywing")->ucharges[k] = 2;
	OK(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000");
	/* the 1-straight at the rear guides: the rear edge at 25 mm, the template
	 * 40 mm behind it, the token touching its far end */
	assert_int_equal(S(c)->ndevices, 1);
	assert_int_equal(S(c)->devices[0].x, 20000);
	assert_int_equal(S(c)->devices[0].y, 45000 - 2000 - 4000 - 1000);
	assert_int_equal(S(c)->devices[0].r, 1000);
	assert_int_equal(ship(c, "ywing")->ucharges[k], 1);
	NO(c, "reb: device ship=ywing card=protonbombs id=pb2 r=1000", "already dropped");
}

static void test_launch(void **state)
{
	ctx *c = *state;
	xw_ship *sh;
	four(c, "protonbombs");
	put(c, "ywing", 20000, 30000, 0);
	sh = ship(c, "ywing");
	sh->up[sh->nup++] = (int16_t)xw_upgrade_find("trajectorysimulator");
	to_system(c);
	OK(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000 launch=1");
	/* the 5-straight at the front guides */
	assert_int_equal(S(c)->devices[0].x, 20000);
	assert_int_equal(S(c)->devices[0].y, 30000 + 2000 + 20000 + 1000);
}

/* ---- bombs --------------------------------------------------------------------- */

/* A bomb dropped at (20000, 38000); after the 2-straights the TIE ends at
 * (26000, 38000), at range 1 of it; the others beyond. */
static void bomb_round(ctx *c, const char *card)
{
	char line[160];
	four(c, card);
	put(c, "ywing", 20000, 45000, 0);
	put(c, "tie", 26000, 50000, 1800);
	to_system(c);
	snprintf(line, sizeof line, "reb: device ship=ywing card=%s id=b1 r=1000", card);
	OK(c, line);
	OK(c, "phase 3");
	FLY(c, "reb", "ywing", "2FB");
	NO(c, "detonate device=b1 ship=tie", "end of the activation phase");
	FLY(c, "reb", "xwing", "2FB");
	FLY(c, "imp", "tie", "2FB");
	FLY(c, "imp", "adv", "2FB");
}

static void test_proton_bomb(void **state)
{
	ctx *c = *state;
	bomb_round(c, "protonbombs");
	NO(c, "phase 4", "b1 detonates");
	NO(c, "detonate device=b1 ship=adv", "not at range 0-1 of b1");
	NO(c, "detonate device=b1 ship=tie dice=hit", "rolls no dice");
	NO(c, "detonate device=b1 ship=tie crits=consolefire", "drawn from the deck");
	OK(c, "detonate device=b1 ship=tie");   /* its crit: one faceup card due (rules v3) */
	assert_int_equal(S(c)->ndevices, 0);
	NO(c, "phase 4", "damage card is due");
	OK(c, "damage ship=tie card=consolefire");
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(ship(c, "tie")->ncards, 1);
	assert_int_equal(xw_faceup(ship(c, "tie"), XW_D_CONSOLEFIRE), 1);
	NO(c, "detonate device=b1 ship=tie", "no device");
	OK(c, "phase 4");
}

static void test_ion_bomb(void **state)
{
	ctx *c = *state;
	bomb_round(c, "ionbombs");
	OK(c, "detonate device=b1 ship=tie");
	assert_int_equal(ship(c, "tie")->ion, 3);
	assert_int_equal(ship(c, "tie")->hull, 3);
	assert_int_equal(ship(c, "adv")->ion, 0);
	OK(c, "phase 4");
	OK(c, "phase 5");
	OK(c, "turn 2");
	assert_int_equal(ship(c, "tie")->ion, 3);   /* kept: gained after its activation */
}

static void test_bomb_on_nobody(void **state)
{
	ctx *c = *state;
	bomb_round(c, "protonbombs");
	put(c, "tie", 70000, 40000, 1800);
	NO(c, "detonate device=b1 ship=tie crits=consolefire", "not at range 0-1");
	OK(c, "detonate device=b1");
	assert_int_equal(S(c)->ndevices, 0);
	OK(c, "phase 4");
}

static void test_bomb_needs_every_ship(void **state)
{
	ctx *c = *state;
	bomb_round(c, "ionbombs");
	put(c, "xwing", 26000, 30000, 0);   /* range 1 too */
	NO(c, "detonate device=b1", "xwing");
	OK(c, "detonate device=b1 ship=tie");
	NO(c, "phase 4", "b1");
	NO(c, "detonate device=b1 ship=tie", "already");
	OK(c, "detonate device=b1 ship=xwing");
	assert_int_equal(S(c)->ndevices, 0);
	OK(c, "phase 4");
}

static void test_seismic_charge(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=rock kind=asteroid x=20000 y=30000 r=2000");
	four(c, "seismiccharges");
	put(c, "ywing", 20000, 45000, 0);
	put(c, "tie", 30000, 46000, 1800);   /* ends at (30000, 34000): range 1 of the rock */
	to_system(c);
	OK(c, "reb: device ship=ywing card=seismiccharges id=b1 r=1000");
	fly_all(c);
	NO(c, "detonate device=b1 ship=tie", "obstacle=");
	NO(c, "detonate device=b1 obstacle=nope ship=tie", "no obstacle");
	NO(c, "detonate device=b1 obstacle=rock ship=ywing", "not at range 0-1 of rock");
	OK(c, "detonate device=b1 obstacle=rock ship=tie");
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(S(c)->ndevices, 0);
	assert_int_equal(S(c)->nobstacles, 0);   /* the obstacle is removed */
	OK(c, "phase 4");
}

/* ---- mines --------------------------------------------------------------------- */

/* A mine dropped at (20000, 37500), r 15 mm; the TIE flies north through it. */
static void mine_round(ctx *c, const char *card)
{
	char line[160];
	four(c, card);
	put(c, "ywing", 20000, 45000, 0);
	put(c, "tie", 20000, 28000, 0);
	to_system(c);
	snprintf(line, sizeof line, "reb: device ship=ywing card=%s id=m1 r=1500", card);
	OK(c, line);
	OK(c, "phase 3");
	FLY(c, "reb", "ywing", "2FB");
	FLY(c, "reb", "xwing", "2FB");
	assert_int_equal(S(c)->ndevices, 1);   /* nobody went through it yet */
	NO(c, "detonate device=m1 ship=xwing dice=hit,hit", "xwing");
	FLY(c, "imp", "tie", "2FB");
}

static void test_proximity_mine(void **state)
{
	ctx *c = *state;
	mine_round(c, "proximitymines");
	NO(c, "imp: action ship=tie action=focus", "m1 detonates");
	NO(c, "detonate device=m1 ship=xwing dice=hit,hit", "tie");
	NO(c, "detonate device=m1 ship=tie dice=hit", "2 attack dice");
	OK(c, "detonate device=m1 ship=tie dice=hit,blank");
	assert_int_equal(S(c)->ndevices, 0);
	NO(c, "imp: action ship=tie action=focus", "damage cards are due");
	OK(c, "damage ship=tie card=fuelleak");
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 1);   /* 1, plus 1 for the hit */
	OK(c, "imp: action ship=tie action=focus");
}

static void test_proximity_mine_destroys(void **state)
{
	ctx *c = *state;
	mine_round(c, "proximitymines");
	NO(c, "detonate device=m1 ship=tie dice=hit,crit crits=directhit", "drawn from the deck");
	OK(c, "detonate device=m1 ship=tie dice=hit,crit");
	OK(c, "damage ship=tie card=fuelleak");
	OK(c, "damage ship=tie card=fuelleak");
	assert_true(xw_in_play(ship(c, "tie")));
	OK(c, "damage ship=tie card=consolefire");   /* the third card: its hull is gone */
	assert_true(!xw_in_play(ship(c, "tie")));
}

static void test_conner_net(void **state)
{
	ctx *c = *state;
	mine_round(c, "connernets");
	NO(c, "detonate device=m1 ship=tie dice=hit,blank", "rolls no dice");
	OK(c, "detonate device=m1 ship=tie");
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(ship(c, "tie")->ion, 3);
}

/* A barrel roll that lands on a mine sets it off too. */
static void test_mine_barrel_roll(void **state)
{
	ctx *c = *state;
	four(c, "proximitymines");
	put(c, "ywing", 20000, 45000, 0);
	put(c, "xwing", 11000, 25000, 0);
	to_system(c);
	OK(c, "reb: device ship=ywing card=proximitymines id=m1 r=1500");
	OK(c, "phase 3");
	FLY(c, "reb", "ywing", "2FB");
	FLY(c, "reb", "xwing", "2FB");   /* ends at (110, 370) mm: beside the mine */
	assert_int_equal(S(c)->det, 0);
	OK(c, "reb: action ship=xwing action=barrelroll dir=right");
	assert_int_equal(S(c)->det, 1);
	NO(c, "imp: reveal ship=tie dial=2FB salt=00", "m1 detonates first");
	NO(c, "phase 4", "m1 detonates first");
	OK(c, "detonate device=m1 ship=xwing dice=blank,focus");
	assert_int_equal(ship(c, "xwing")->shields, 1);
}

static void test_seismic_without_obstacle(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=rock kind=asteroid x=80000 y=50000 r=2000");
	four(c, "seismiccharges");
	put(c, "ywing", 20000, 45000, 0);
	put(c, "tie", 30000, 46000, 1800);
	to_system(c);
	OK(c, "reb: device ship=ywing card=seismiccharges id=b1 r=1000");
	fly_all(c);
	NO(c, "detonate device=b1 obstacle=rock", "beyond range 1");
	NO(c, "detonate device=b1 ship=tie", "not at range 0-1");
	OK(c, "detonate device=b1");
	assert_int_equal(S(c)->ndevices, 0);
	assert_int_equal(S(c)->nobstacles, 1);
	assert_int_equal(ship(c, "tie")->hull, 3);
}

static void test_launch_off_mat(void **state)
{
	ctx *c = *state;
	xw_ship *sh;
	four(c, "protonbombs");
	put(c, "ywing", 20000, 75000, 0);
	sh = ship(c, "ywing");
	sh->up[sh->nup++] = (int16_t)xw_upgrade_find("trajectorysimulator");
	to_system(c);
	NO(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000 launch=1", "off the mat");
	OK(c, "reb: device ship=ywing card=protonbombs id=pb1 r=1000");
}

static void test_unenforced_device(void **state)
{
	ctx *c = *state;
	four(c, "clustermines");
	put(c, "ywing", 20000, 45000, 0);
	to_system(c);
	NO(c, "reb: device ship=ywing card=clustermines id=m1 r=1500", "effect");
}

/* The devices in the state's bytes: written only when there are some, and
 * read back to the same state; a state without them keeps its old bytes. */
static void test_snapshot(void **state)
{
	ctx *c = *state;
	sl_buf a, b;
	void *back = NULL;
	size_t plain;
	four(c, "proximitymines");
	put(c, "ywing", 20000, 45000, 0);
	to_system(c);
	sl_buf_init(&a);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &a), 0);
	plain = a.len;
	OK(c, "reb: device ship=ywing card=proximitymines id=m1 r=1500");
	sl_buf_reset(&a);
	assert_int_equal(G->serialize(c->st, &a), 0);
	assert_true(a.len > plain);
	assert_int_equal(G->restore(&back, a.data, a.len, &c->err), 0);
	assert_int_equal(((xw_state *)back)->ndevices, 1);
	assert_string_equal(((xw_state *)back)->devices[0].id, "m1");
	assert_int_equal(G->serialize(back, &b), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	G->destroy(back);
	a.data[a.len - 1] = 7;   /* a ship's dropped flag out of range */
	assert_int_not_equal(G->restore(&back, a.data, a.len, &c->err), 0);
	sl_buf_free(&a);
	sl_buf_free(&b);
}

/* The generator (a game that is not open) drops the Y-wing's proton bombs
 * and detonates them, every entry legal. */
static void test_generator(void **state)
{
	ctx *c = *state;
	sl_prng rng;
	sl_arena a;
	int drops = 0, blasts = 0;
	c->log->h.has_seed = 1;
	c->log->h.seed = 5;
	sl_prng_seed(&rng, 5, 1);
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
			rc = G->apply(c->st, &c->log->h, &ev, NULL, &c->err);
			drops += ev.type == XW_EV_DEVICE;
			blasts += ev.type == XW_EV_DETONATE;
		}
		if (rc != 0)
			fail_msg("generated entry refused: %s", c->err.msg);
	}
	sl_arena_free(&a);
	assert_true(drops >= 1);
	assert_true(blasts >= drops);
}

/* ---- the published setup of rules version 3 ----------------------------------------
 * Six obstacles (three a player, placed in turn), all before the first ship. */
static void standard(ctx *c)
{
	c->log->h.meta = sl_calloc(1, sizeof *c->log->h.meta);
	assert_non_null(c->log->h.meta);
	c->log->h.meta[0].key = sl_strdup("xwing-setup");
	c->log->h.meta[0].value = sl_strdup("standard");
	c->log->h.nmeta = 1;
}

static void six_obstacles(ctx *c, int n)
{
	static const char *const lines[6] = {
		"obstacle id=o1 kind=asteroid x=30000 y=40000 r=3000",
		"obstacle id=o2 kind=asteroid x=61440 y=51440 r=3000",
		"obstacle id=o3 kind=debris x=45720 y=28000 r=3000",
		"obstacle id=o4 kind=debris x=45720 y=63000 r=3000",
		"obstacle id=o5 kind=asteroid x=27000 y=65000 r=3000",
		"obstacle id=o6 kind=debris x=65000 y=27000 r=3000",
	};
	for (int k = 0; k < n; k++)
		OK(c, lines[k]);
}

static void test_standard_six_obstacles(void **state)
{
	ctx *c = *state;
	standard(c);
	six_obstacles(c, 5);
	NO(c, "ship id=x pilot=academypilot side=imp x=30000 y=86000 heading=1800",
		"six obstacles are placed before the ships (5 so far)");
	six_obstacles(c, 0);
	OK(c, "obstacle id=o6 kind=debris x=65000 y=27000 r=3000");
	NO(c, "obstacle id=o7 kind=debris x=45720 y=45720 r=1000", "six obstacles");
	OK(c, "ship id=x pilot=academypilot side=imp x=30000 y=86000 heading=1800");
}

/* Rules version 2 kept its setup: ships after any number of obstacles. */
static void test_standard_v2_obstacles(void **state)
{
	ctx *c = *state;
	standard(c);
	S(c)->ver = 2;
	six_obstacles(c, 2);
	OK(c, "ship id=x pilot=academypilot side=imp x=30000 y=86000 heading=1800");
}

/* ---- the medium base's barrel roll (rules version 3) ------------------------------ */

static void test_barrel_roll_medium(void **state)
{
	xw_pose p = {50000, 40000, 0}, e;
	(void)state;
	/* the 1-straight along the side, 40 mm long, flush with the front edge */
	xw_barrel_roll_end_v(&p, XW_MEDIUM, 1, 0, 3, &e);
	assert_int_equal(e.x, 50000 + 6000 + 2000);
	assert_int_equal(e.y, 40000 + 1000);
	xw_barrel_roll_end_v(&p, XW_LARGE, 0, 2, 3, &e);
	assert_int_equal(e.x, 50000 - 8000 - 2000);
	assert_int_equal(e.y, 40000 - 2000);
	xw_barrel_roll_end_v(&p, XW_SMALL, 1, 0, 3, &e);
	assert_int_equal(e.x, 50000 + 4000 + 4000);
	assert_int_equal(e.y, 40000 + 1000);
	/* rules version 2 replays its logs as recorded: 20 mm for medium */
	xw_barrel_roll_end_v(&p, XW_MEDIUM, 1, 0, 2, &e);
	assert_int_equal(e.y, 40000 + 2000);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_drop),
		T(test_launch),
		T(test_proton_bomb),
		T(test_ion_bomb),
		T(test_bomb_on_nobody),
		T(test_bomb_needs_every_ship),
		T(test_seismic_charge),
		T(test_proximity_mine),
		T(test_proximity_mine_destroys),
		T(test_conner_net),
		T(test_mine_barrel_roll),
		T(test_seismic_without_obstacle),
		T(test_launch_off_mat),
		T(test_unenforced_device),
		T(test_snapshot),
		T(test_generator),
		T(test_standard_six_obstacles),
		T(test_standard_v2_obstacles),
		T(test_barrel_roll_medium),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
