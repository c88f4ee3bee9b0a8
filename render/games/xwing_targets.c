/* xwing_targets.c - the click targets of X-Wing (formats/xwing.md, "Click
 * targets"). With nothing selected: the ships that may act now (planning:
 * those without a dial; activation: the ship whose turn it is to activate,
 * and the active one; engagement: those with an attack), and in the list
 * the next phases. With "ship:ID" selected: at planning, the dial choices,
 * each drawn where the ship would end, sealed through the server
 * (group "dial", line "reb: dial ship=gold dial=2FB"); at activation, the
 * reveal (sealed: the server fills the dial and salt), the maneuver drawn
 * where the ship ends, its actions (barrel rolls and boosts where the ship
 * would be, locks on the ships in range); at engagement, its attacks on
 * each target in arc and range with their odds, as one entry (`attack`,
 * dice typed) or two (`roll`, the recorder drawing the dice, then with the
 * roll waiting and nothing selected its `modify` choices: the spends the
 * attacker and the defender hold, the lock's reroll of the blanks and
 * focuses, each tried with the rerolled dice standing in as blanks). Every candidate is tried
 * on a copy of the state by the rules; the sealed ones with stand-ins. */
#include "tg_kit.h"
#include "src/games/xwing/xwing.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Event types and phases, in the schema's order (formats/xwing.md, Events). */
enum { EV_OBSTACLE, EV_SHIP, EV_DIAL, EV_REVEAL, EV_MOVE, EV_ACTION, EV_ATTACK, EV_EFFECT, EV_SCORE,
	EV_DAMAGE, EV_DEVICE, EV_DETONATE, EV_ROLL, EV_MODIFY, EV_DEFEND, EV_CARDDIE, EV_HAZARD, EV_ABILITY };   /* the schema's order (xwing_int.h) */
enum { PH_PLANNING = 1, PH_SYSTEM, PH_ACTIVATION, PH_ENGAGEMENT, PH_END };

#define SEL_SHIP "ship:"
#define XW_DIR_STRAIGHT_T 2   /* dir=straight (the schema's order: left, right, straight) */
#define DIAL_DOMAIN "xwing-dial"   /* formats/xwing.md, Hidden dials */

/* The published dice as faces out of 8 (src/analyze/games/xwing.c, the
 * same facts): attack hit 3, crit 1, focus 2, blank 2; defence evade 3,
 * focus 2, blank 3. The indexes are the schema's face names. */
enum { A_HIT, A_CRIT, A_FOCUS, A_BLANK };
enum { D_EVADE, D_FOCUS, D_BLANK };

typedef struct xctx {
	tg_ctx c;
	const xw_state *s;
} xctx;

static const xw_state *after(const xctx *x)
{
	return x->c.scratch;
}

static int size_of(const xw_ship *sh)
{
	return xw_ship_types[xw_pilots[sh->pilot].type].size;
}

static const xw_ship_type *type_of(const xw_ship *sh)
{
	return &xw_ship_types[xw_pilots[sh->pilot].type];
}

/* A pose on the canvas, with a radius covering the base. */
static void spot(const xctx *x, const xw_pose *p, int size, double *sx, double *sy, double *r)
{
	double k = tg_xwing_at(x->c.fr, p->x, p->y, sx, sy);
	*r = k * xw_base_len(size) * 0.5;
}

static int find_ship(const xctx *x, const char *id)
{
	for (int i = 0; i < x->s->nships; i++)
		if (strcmp(x->s->ships[i].id, id) == 0)
			return i;
	return -1;
}

/* ---- planning: the dials --------------------------------------------------------- */

static const char *colour_name(int c)
{
	return c == XW_BLUE ? "blue" : c == XW_RED ? "red" : "white";
}

/* Each code of the ship's dial, offered when a commitment to it is
 * accepted (a stand-in: the server makes the real one through /api/seal). */
static int dials(xctx *x, int i, int any)
{
	const xw_ship *sh = &x->s->ships[i];
	const char *p = type_of(sh)->dial;
	char sel[64];
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
	while (p && *p) {
		char code[4], line[128], label[128], cost[48];
		uint8_t salt[SL_SALT_BYTES] = {0}, cm[SL_COMMIT_BYTES];
		char hex[2 * SL_COMMIT_BYTES + 1];
		xw_maneuver m;
		xw_pose end;
		sl_event ev;
		double sx = SL_TARGET_NOWHERE, sy = 0, r = 0;
		memcpy(code, p, 3);
		code[3] = 0;
		p += p[3] ? 4 : 3;
		if (xw_maneuver_parse(code, 3, &m) != 0
		    || sl_commit(cm, DIAL_DOMAIN, salt, code, 3) != SL_OK)
			continue;
		sl_hexstr_encode(hex, cm, sizeof cm);
		sl_event_init(&ev, EV_DIAL, sh->side);
		tg_str(&ev.f[0], sh->id);
		tg_str(&ev.f[1], hex);
		if (!tg_try(&x->c, &ev))
			return 0;   /* no dial for this ship now, whatever its code */
		if (any)
			return 1;
		if (xw_maneuver_end(&sh->pose, size_of(sh), &m, &end) == 0)
			spot(x, &end, size_of(sh), &sx, &sy, &r);
		r *= 0.5;
		tg_fmt(line, sizeof line, "%s: dial ship=%s dial=%s", tg_pid(&x->c, sh->side), sh->id, code);
		tg_fmt(label, sizeof label, "%s: %d %s (%s), sealed until its reveal", sh->id, m.speed,
			xw_bearing_name(m.bearing), colour_name(m.colour));
		tg_fmt(cost, sizeof cost, "%s", m.colour == XW_RED ? "1 stress" : m.colour == XW_BLUE
			? "clears 1 stress" : "");
		if (tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), sel, "dial", sx, sy, r, label,
			cost, NULL, line))
			return SL_ENOMEM;
	}
	return 0;
}

/* ---- activation -------------------------------------------------------------------- */

/* Whether the ship may reveal its dial now: a stand-in reveal is refused
 * only because it does not open the commitment (every rule checked before
 * that one passed), which the server's sealed dial and salt will. */
static int may_reveal(xctx *x, int i)
{
	const xw_ship *sh = &x->s->ships[i];
	uint8_t salt[SL_SALT_BYTES] = {0};
	char hex[2 * SL_SALT_BYTES + 1];
	const char *code = type_of(sh)->dial;
	char c3[4];
	sl_event ev;
	if (!code || strlen(code) < 3 || !sh->has_commit || sh->revealed)
		return 0;
	memcpy(c3, code, 3);
	c3[3] = 0;
	sl_hexstr_encode(hex, salt, sizeof salt);
	sl_event_init(&ev, EV_REVEAL, sh->side);
	tg_str(&ev.f[0], sh->id);
	tg_str(&ev.f[1], c3);
	tg_str(&ev.f[2], hex);
	if (tg_try(&x->c, &ev))
		return 1;   /* the stand-in opened it: only a zero salt would */
	return strstr(x->c.err, "does not match the commitment") != NULL;
}

static int offer_pose(xctx *x, const sl_event *ev, const char *sel, const char *group, int i,
	const char *label)
{
	const xw_ship *sh = &after(x)->ships[i];
	double sx, sy, r;
	spot(x, &sh->pose, size_of(sh), &sx, &sy, &r);
	return tg_push_act(&x->c, ev, sel, group, sx, sy, r * 0.6, label, NULL, NULL) ? SL_ENOMEM : 1;
}

/* One version 3 action tried (plain, then linked) and offered: drawn on
 * the other ship (coordinate, jam), where the ship would end (SLAM), or in
 * the list. 1 offered, 0 refused, < 0 no memory. */
static int offer3(xctx *x, sl_event *e, const char *sel, int i, int other, int any)
{
	for (int how = 0; how < 2; how++) {
		double sx, sy, r;
		e->f[6].present = 0;
		if (how)
			sl_value_int(&e->f[6], 1);
		if (!tg_try(&x->c, e))
			continue;
		if (any)
			return 1;
		if (other >= 0) {
			const xw_ship *o = &x->s->ships[other];
			spot(x, &o->pose, size_of(o), &sx, &sy, &r);
			return tg_push_act(&x->c, e, sel, "action", sx, sy, r * 0.5, NULL, NULL, NULL) ? SL_ENOMEM : 1;
		}
		if (e->f[1].u.i == XW_A_SLAM)
			return offer_pose(x, e, sel, "action", i, NULL);
		return tg_push_act(&x->c, e, sel, "action", SL_TARGET_NOWHERE, 0, 0, NULL, NULL, NULL)
			? SL_ENOMEM : 1;
	}
	return 0;
}

/* A SLAM through obstacles: the dice= the rules ask for (one attack die per
 * obstacle, as rolled at the table), each face combination offered where
 * the ship ends, so that the player clicks what the dice show. 1 offered
 * with any, 0, or < 0 no memory. */
static int slam_through(xctx *x, sl_event *e, const char *sel, int i, int any)
{
	static const uint8_t faces[] = {0, 1, 2, 3};   /* hit, crit, focus, blank */
	static const char *const names[] = {"hit", "crit", "focus", "blank"};
	char label[160];
	const char *need = strstr(x->c.err, "dice= needs ");
	uint8_t d[2];
	int n = need ? atoi(need + strlen("dice= needs ")) : 0, rc;
	if (n < 1 || n > 2)   /* two obstacles at most in one SLAM: 16 choices */
		return 0;
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < (n == 2 ? 4 : 1); b++) {
			d[0] = faces[a];
			d[1] = faces[b];
			tg_bytes(&e->f[10], d, n);
			if (!tg_try(&x->c, e))
				continue;
			if (any)
				return 1;
			tg_fmt(label, sizeof label, "%s SLAMs %.3s through %s: %s: %s%s%s (as rolled)",
				x->s->ships[i].id, (const char *)e->f[9].p, n == 1 ? "an obstacle" : "two obstacles",
				n == 1 ? "its die" : "its dice", names[a], n == 2 ? ", " : "", n == 2 ? names[b] : "");
			if ((rc = offer_pose(x, e, sel, "action", i, label)) < 0)
				return rc;
		}
	return 0;
}

/* A tractored ship (rules version 3, RR Tractor, H11): the move an
 * opponent gives it, a barrel roll left or right (forward, middle, back)
 * or a boost with the 1-speed templates, each drawn where the ship ends,
 * offered to the players who do not fly it. 1 offered with any. */
static int tractor_moves(xctx *x, int i, int any)
{
	static const char *const boosts[] = {"1FW", "1BW", "1NW"};
	static const char *const places[] = {"forward", "middle", "back"};   /* place=, the schema's order */
	const xw_ship *sh = &x->s->ships[i];
	char sel[64], label[128];
	int rc;
	if (x->s->ver < 3 || sh->tractor < xw_ionized_threshold(size_of(sh)) || sh->tractor_moved)
		return 0;
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
	for (int p = 0; p < x->c.h->nplayers; p++) {
		if (p == sh->side)
			continue;
		for (int k = 0; k < 9; k++) {
			sl_event e;
			sl_event_init(&e, EV_ACTION, p);
			tg_str(&e.f[0], sh->id);
			sl_value_int(&e.f[1], XW_A_TRACTOR);
			if (k < 6) {
				sl_value_int(&e.f[3], k / 3);            /* dir=left, right */
				sl_value_int(&e.f[4], (k % 3 + 1) % 3);  /* place: middle, then forward, back */
			} else {
				tg_str(&e.f[9], boosts[k - 6]);
			}
			if (!tg_try(&x->c, &e))
				continue;
			if (any)
				return 1;
			if (k < 6)
				tg_fmt(label, sizeof label, "%s, tractored, barrel rolls %s (%s), moved by %s", sh->id,
					k / 3 ? "right" : "left", places[(k % 3 + 1) % 3], tg_pid(&x->c, p));
			else
				tg_fmt(label, sizeof label, "%s, tractored, boosts %s, moved by %s", sh->id, boosts[k - 6],
					tg_pid(&x->c, p));
			if ((rc = offer_pose(x, &e, sel, "tractor", i, label)) < 0)
				return rc;
		}
	}
	return 0;
}

/* The actions of rules version 3 that need a choice: coordinate (a friendly
 * ship), jam (an enemy, and the token or lock it removes), reinforce (front
 * or rear), SLAM (each maneuver of the dial), repair (each faceup card). */
static int actions3(xctx *x, int i, const char *sel, int any)
{
	const xw_ship *sh = &x->s->ships[i];
	const char *p = type_of(sh)->dial;
	sl_event e;
	int rc;
#define TRY3(OTHER) do { if ((rc = offer3(x, &e, sel, i, (OTHER), any)) < 0 || (rc && any)) return rc; } while (0)
	for (int t = 0; t < x->s->nships; t++) {
		const xw_ship *o = &x->s->ships[t];
		if (t == i || !xw_in_play(o))
			continue;
		for (int rm = -1; rm < (o->side == sh->side ? 0 : 5); rm++) {
			sl_event_init(&e, EV_ACTION, sh->side);
			tg_str(&e.f[0], sh->id);
			sl_value_int(&e.f[1], o->side == sh->side ? XW_A_COORDINATE : XW_A_JAM);
			tg_str(&e.f[2], o->id);
			if (rm >= 0)
				sl_value_int(&e.f[11], rm);
			TRY3(t);
		}
	}
	for (int half = 0; half < 2; half++) {
		sl_event_init(&e, EV_ACTION, sh->side);
		tg_str(&e.f[0], sh->id);
		sl_value_int(&e.f[1], XW_A_REINFORCE);
		sl_value_int(&e.f[5], half ? 2 : 0);   /* arc=front, arc=rear */
		TRY3(-1);
	}
	while (p && *p) {
		char code[4];
		memcpy(code, p, 3);
		code[3] = 0;
		p += p[3] ? 4 : 3;
		if (code[0] - '0' != sh->flown_speed)
			continue;
		sl_event_init(&e, EV_ACTION, sh->side);
		tg_str(&e.f[0], sh->id);
		sl_value_int(&e.f[1], XW_A_SLAM);
		tg_str(&e.f[9], code);
		if (!tg_try(&x->c, &e) && ((rc = slam_through(x, &e, sel, i, any)) < 0 || (rc && any)))
			return rc;
		e.f[10].present = 0;
		TRY3(-1);
	}
	for (int k = 0; k < sh->ncards; k++) {
		if (sh->card_up[k] != 1)
			continue;
		sl_event_init(&e, EV_ACTION, sh->side);
		tg_str(&e.f[0], sh->id);
		sl_value_int(&e.f[1], XW_A_REPAIR);
		sl_value_int(&e.f[8], sh->card[k]);
		TRY3(-1);
	}
#undef TRY3
	return 0;
}

/* The system phase (rules version 3): a cloaked ship's decloak, a barrel
 * roll (left, right; forward, middle, back) or a straight boost. */
static int decloaks(xctx *x, int i, int any)
{
	const xw_ship *sh = &x->s->ships[i];
	char sel[64];
	int rc;
	if (x->s->ver < 3 || !sh->cloak)
		return 0;
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
	for (int d = 0; d < 3; d++)
		for (int pl = 0; pl < (d == XW_DIR_STRAIGHT_T ? 1 : 3); pl++) {
			sl_event e;
			sl_event_init(&e, EV_ACTION, sh->side);
			tg_str(&e.f[0], sh->id);
			sl_value_int(&e.f[1], XW_A_DECLOAK);
			sl_value_int(&e.f[3], d);
			if (d != XW_DIR_STRAIGHT_T)
				sl_value_int(&e.f[4], (pl + 1) % 3);
			if (!tg_try(&x->c, &e))
				continue;
			if (any)
				return 1;
			if ((rc = offer_pose(x, &e, sel, "action", i, NULL)) < 0)
				return rc;
		}
	return 0;
}

static int activation(xctx *x, int i, int any)
{
	const xw_ship *sh = &x->s->ships[i];
	char sel[64];
	sl_event ev;
	int rc;
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
	if (may_reveal(x, i)) {
		char line[96], label[128];
		double sx, sy, r;
		if (any)
			return 1;
		spot(x, &sh->pose, size_of(sh), &sx, &sy, &r);
		tg_fmt(line, sizeof line, "%s: reveal ship=%s", tg_pid(&x->c, sh->side), sh->id);
		tg_fmt(label, sizeof label, "%s reveals its dial (sealed at planning)", sh->id);
		if (tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), sel, "reveal", sx, sy, r * 0.6,
			label, NULL, NULL, line))
			return SL_ENOMEM;
	}
	/* the maneuver: the revealed dial, or the ion maneuver */
	sl_event_init(&ev, EV_MOVE, sh->side);
	tg_str(&ev.f[0], sh->id);
	if (tg_try(&x->c, &ev)) {
		if (any)
			return 1;
		if ((rc = offer_pose(x, &ev, sel, "move", i, NULL)) < 0)
			return rc;
	}
	/* actions, plain, linked, or through Advanced Sensors */
	if (x->s->ver >= 3 && (rc = actions3(x, i, sel, any)) != 0)
		return rc;
	for (int a = 0; a < XW_NACTION; a++) {
		int ntarget = a == XW_A_LOCK ? x->s->nships : 1;
		if (a == XW_A_COORDINATE || a == XW_A_JAM || a == XW_A_REINFORCE || a == XW_A_SLAM)
			continue;   /* actions3 */
		int ndir = a == XW_A_BARREL ? 2 : a == XW_A_BOOST ? 3 : 1;
		int nplace = a == XW_A_BARREL ? 3 : 1, narc = a == XW_A_ROTATE ? 4 : 1;
		for (int tgt = 0; tgt < ntarget; tgt++)
			for (int d = 0; d < ndir; d++)
				for (int pl = 0; pl < nplace; pl++)
					for (int arc = 0; arc < narc; arc++)
						for (int how = 0; how < 3; how++) {
							sl_event e;
							if (a == XW_A_LOCK && (tgt == i || x->s->ships[tgt].side == sh->side
							    || !xw_in_play(&x->s->ships[tgt])))
								continue;
							sl_event_init(&e, EV_ACTION, sh->side);
							tg_str(&e.f[0], sh->id);
							sl_value_int(&e.f[1], a);
							if (a == XW_A_LOCK)
								tg_str(&e.f[2], x->s->ships[tgt].id);
							if (a == XW_A_BARREL || a == XW_A_BOOST)
								sl_value_int(&e.f[3], a == XW_A_BOOST ? (d + 2) % 3 : d);
							if (a == XW_A_BARREL)
								sl_value_int(&e.f[4], (pl + 1) % 3);
							if (a == XW_A_ROTATE)
								sl_value_int(&e.f[5], arc);
							if (how == 1)
								sl_value_int(&e.f[6], 1);
							if (how == 2)
								sl_value_int(&e.f[7], 1);
							if (!tg_try(&x->c, &e))
								continue;
							if (any)
								return 1;
							if (a == XW_A_LOCK) {
								const xw_ship *o = &x->s->ships[tgt];
								double sx, sy, r;
								spot(x, &o->pose, size_of(o), &sx, &sy, &r);
								rc = tg_push_act(&x->c, &e, sel, "action", sx, sy, r * 0.5, NULL,
									NULL, NULL) ? SL_ENOMEM : 0;
							} else if (a == XW_A_BARREL || a == XW_A_BOOST) {
								rc = offer_pose(x, &e, sel, "action", i, NULL);
							} else {
								rc = tg_push_act(&x->c, &e, sel, "action", SL_TARGET_NOWHERE, 0, 0,
									NULL, NULL, NULL) ? SL_ENOMEM : 0;
							}
							if (rc < 0)
								return rc;
						}
	}
	return 0;
}

/* ---- engagement ------------------------------------------------------------------------ */

/* The chances of an attack of na dice against nd defence dice, the
 * attacker spending its focus and the defender its focus and evade when
 * they hold them (no reroll counted): expected damage and the chance of
 * at least one, in words. */
static void attack_odds(int na, int nd, int afocus, int dfocus, int devade, char *buf, size_t n)
{
	double pa = (3 + 1 + (afocus ? 2 : 0)) / 8.0, pd = (3 + (dfocus ? 2 : 0)) / 8.0;
	double ha[16] = {1}, hd[16] = {1}, mean = 0, some = 0;
	for (int k = 0; k < na && k < 15; k++)
		for (int j = k + 1; j >= 0; j--)
			ha[j] = ha[j] * (1 - pa) + (j ? ha[j - 1] * pa : 0);
	for (int k = 0; k < nd && k < 15; k++)
		for (int j = k + 1; j >= 0; j--)
			hd[j] = hd[j] * (1 - pd) + (j ? hd[j - 1] * pd : 0);
	for (int h = 0; h <= na && h < 16; h++)
		for (int e = 0; e <= nd && e < 16; e++) {
			int dmg = h - e - (devade ? 1 : 0);
			if (dmg > 0) {
				mean += ha[h] * hd[e] * dmg;
				some += ha[h] * hd[e];
			}
		}
	tg_fmt(buf, n, "%d attack %s vs %d defence %s: %.2f damage expected, at least one %.0f%%",
		na, na == 1 ? "die" : "dice", nd, nd == 1 ? "die" : "dice", mean, 100 * some);
}

/* The same attack in two entries: its roll, the dice left for the
 * recorder to draw (or typed from the table: atk=, def=). */
static int roll_target(xctx *x, const xw_ship *sh, const xw_ship *o, int w, int na, int nd,
	const char *sel, double sx, double sy, double r, const char *odds)
{
	static const char *const weapon[] = {"primary", "rear arc", "ion cannon turret"};
	uint8_t ab[16], db[16];
	char line[160], label[128];
	sl_event e;
	memset(ab, A_BLANK, sizeof ab);
	memset(db, D_BLANK, sizeof db);
	sl_event_init(&e, EV_ROLL, sh->side);
	tg_str(&e.f[0], sh->id);
	tg_str(&e.f[1], o->id);
	if (w)
		sl_value_int(&e.f[2], w);
	tg_bytes(&e.f[4], ab, na);
	if (nd && x->s->ver < 4)   /* version 4: the defence dice come after the attacker's modify */
		tg_bytes(&e.f[5], db, nd);
	if (!tg_try(&x->c, &e))
		return 0;
	e.f[4].present = e.f[5].present = 0;
	tg_line(&x->c, &e, line, sizeof line);
	tg_fmt(label, sizeof label, "%s rolls against %s with its %s (the dice drawn; modifications next)",
		sh->id, o->id, weapon[w]);
	return tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), sel, "roll", sx, sy, r, label, NULL,
		odds, line) ? SL_ENOMEM : 0;
}

/* ---- rules version 4: each side's own step ----------------------------------------------- */

/* One modify line offered to side's player: spends (aspend= or dspend=,
 * field f), the lock's reroll positions. */
static int push_modify(xctx *x, int side, int f, const uint8_t *sp, int nsp, const uint8_t *pos, int np,
	const char *label)
{
	const xw_ship *o = &x->s->ships[x->s->roll.target];
	uint8_t stand[16];
	char line[200];
	double sx, sy, rr;
	sl_event e;
	sl_event_init(&e, EV_MODIFY, side);
	if (nsp)
		tg_bytes(&e.f[f], sp, nsp);
	if (np)
		tg_bytes(&e.f[2], pos, np);
	memset(stand, 8, sizeof stand);
	if (np)
		tg_bytes(&e.f[4], stand, np);
	if (!tg_try(&x->c, &e))
		return 0;
	e.f[4].present = 0;   /* the recorder draws the rerolled dice */
	tg_line(&x->c, &e, line, sizeof line);
	spot(x, &o->pose, size_of(o), &sx, &sy, &rr);
	return tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, side), "", "modify", sx, sy, rr * 0.7, label,
		NULL, NULL, line) ? SL_ENOMEM : 0;
}

/* The words of a modify's spends: "spends focus; 2 calculate; 1 Force". */
static void spends_label(char *buf, size_t n, int focus, const char *second, int calc, int force)
{
	size_t len = 0;
	buf[0] = 0;
	if (focus)
		len += (size_t)snprintf(buf + len, n - len, "%sfocus", len ? "; " : "spends ");
	if (second && len < n)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "; " : "spends ", second);
	if (calc && len < n)
		len += (size_t)snprintf(buf + len, n - len, "%s%d calculate", len ? "; " : "spends ", calc);
	if (force && len < n)
		len += (size_t)snprintf(buf + len, n - len, "%s%d Force", len ? "; " : "spends ", force);
	if (!len)
		snprintf(buf, n, "no modification");
}

/* The focus results among n faces (focus_face) that a calculate or a Force
 * could change: how many of each are worth offering. */
static int focus_results(const uint8_t *faces, int n, int focus_face)
{
	int k = 0;
	for (int j = 0; j < n; j++)
		k += faces[j] == focus_face;
	return k;
}

/* The spends of a modify as push_modify takes them: 0 the focus token,
 * 1 the second kind (the attacker's lock, the defender's evade), then a 2
 * per calculate and a 3 per Force token; returns their count. */
static int spend_codes(uint8_t *v, int focus, int second, int calc, int force)
{
	int n = 0;
	if (focus)
		v[n++] = 0;
	if (second)
		v[n++] = 1;
	for (int k = 0; k < calc; k++)
		v[n++] = 2;
	for (int k = 0; k < force; k++)
		v[n++] = 3;
	return n;
}

/* The attacker's modify (step 1): focus, the lock's reroll of the blanks
 * (and of the focuses when focus is not spent), calculate and Force tokens,
 * one focus result each (none offered once the focus token changes them all). */
static int attacker_modifies(xctx *x)
{
	const xw_roll *rl = &x->s->roll;
	const xw_ship *sh = &x->s->ships[rl->ship];
	int nf = focus_results(rl->atk, rl->natk, A_FOCUS), rc;
	for (int a = 0; a < 4; a++)
		for (int c = 0; c <= sh->calculate && c <= nf; c++)
			for (int f = 0; f <= sh->force && c + f <= nf; f++) {
				uint8_t as[8], pos[16];
				int na, np = 0;
				char label[160];
				if (((a & 1) && !sh->focus) || ((a & 2) && sh->lock != rl->target) || ((a & 1) && c + f))
					continue;
				for (int k = 0; (a & 2) && k < rl->natk; k++)
					if (rl->atk[k] == A_BLANK || (rl->atk[k] == A_FOCUS && !(a & 1) && !(c + f)))
						pos[np++] = (uint8_t)k;   /* "1" is item 0 */
				if ((a & 2) && !np)
					continue;
				na = spend_codes(as, a & 1, a & 2, c, f);
				spends_label(label, sizeof label, a & 1, a & 2 ? "the lock to reroll" : NULL, c, f);
				if ((rc = push_modify(x, sh->side, 1, as, na, pos, np, label)) < 0)
					return rc;
			}
	return 0;
}

/* The defender's modify (step 3): focus, evade, calculate, Force. */
static int defender_modifies(xctx *x)
{
	const xw_roll *rl = &x->s->roll;
	const xw_ship *o = &x->s->ships[rl->target];
	int nf = focus_results(rl->def, rl->ndef, D_FOCUS), rc;
	for (int d = 0; d < 4; d++)
		for (int c = 0; c <= o->calculate && c <= nf; c++)
			for (int f = 0; f <= o->force && c + f <= nf; f++) {
				uint8_t ds[8];
				int nd;
				char label[160];
				if (((d & 1) && !o->focus) || ((d & 2) && !o->evade) || ((d & 1) && c + f))
					continue;
				nd = spend_codes(ds, d & 1, d & 2, c, f);
				spends_label(label, sizeof label, d & 1, d & 2 ? "its evade" : NULL, c, f);
				if ((rc = push_modify(x, o->side, 5, ds, nd, NULL, 0, label)) < 0)
					return rc;
			}
	return 0;
}

/* The defence dice (step 2), rolled by the defender's player: the line
 * leaves them out for the recorder (or the server) to draw. */
static int defence_roll(xctx *x)
{
	static const uint8_t dblank[16] = {D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK,
		D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK, D_BLANK};
	const xw_ship *o = &x->s->ships[x->s->roll.target];
	char line[96], label[128];
	double sx, sy, rr;
	sl_event e;
	for (int nd = 0; nd <= 12; nd++) {
		sl_event_init(&e, EV_DEFEND, o->side);
		if (nd)
			tg_bytes(&e.f[1], dblank, nd);
		if (!tg_try(&x->c, &e))
			continue;
		spot(x, &o->pose, size_of(o), &sx, &sy, &rr);
		tg_fmt(line, sizeof line, "%s: defend", tg_pid(&x->c, o->side));
		tg_fmt(label, sizeof label, "%s rolls its %d defence %s (drawn; its modifications next)", o->id,
			nd, nd == 1 ? "die" : "dice");
		return tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, o->side), "", "defend", sx, sy, rr * 0.7,
			label, NULL, NULL, line) ? SL_ENOMEM : 0;
	}
	return 0;
}

/* 1 when the rules enforce card id's ability (an `ability` entry). */
static int enforced(const char *id)
{
	for (int k = 0; k < xw_ability_count(); k++)
		if (strcmp(xw_ability_xws(k), id) == 0)
			return 1;
	return 0;
}

/* A card's dice modification (`ability`, formats/xwing.md, Abilities that
 * modify dice) in steps 1 and 3: for each ship's enforced card (its pilot,
 * its upgrades), a reroll of each die (the line leaves the new face for the
 * server to draw) and a change of each die to each face, as the rules
 * accept them; offered to that ship's player, drawn on the ship. */
static int abilities4(xctx *x)
{
	static const char *const faces[] = {"hit", "crit", "focus", "blank", "evade"};
	static const uint8_t pos[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
	static const uint8_t to[5] = {0, 1, 2, 3, 4}, stand = 8;   /* 8: a blank, attack or defence */
	const xw_roll *rl = &x->s->roll;
	int n = rl->step == 1 ? rl->natk : rl->ndef;
	for (int i = 0; i < x->s->nships; i++) {
		const xw_ship *sh = &x->s->ships[i];
		if (!xw_in_play(sh))
			continue;
		for (int q = -1; q < sh->nup; q++) {
			const char *id = q < 0 ? xw_pilots[sh->pilot].xws : xw_upgrades[sh->up[q]].xws;
			if (!enforced(id))
				continue;
			for (int d = 0; d < n; d++)
				for (int f = -1; f < 5; f++) {   /* -1: the reroll */
					char line[160], label[160];
					double sx, sy, rr;
					sl_event e;
					sl_event_init(&e, EV_ABILITY, sh->side);
					tg_str(&e.f[0], sh->id);
					tg_str(&e.f[1], id);
					if (f < 0) {
						tg_bytes(&e.f[2], &pos[d], 1);
						tg_bytes(&e.f[4], &stand, 1);
					} else {
						tg_bytes(&e.f[5], &pos[d], 1);
						tg_bytes(&e.f[6], &to[f], 1);
					}
					if (!tg_try(&x->c, &e))
						continue;
					e.f[4].present = 0;   /* the server draws the new face */
					tg_line(&x->c, &e, line, sizeof line);
					if (f < 0)
						tg_fmt(label, sizeof label, "%s's %s: reroll %s die %d (drawn)", sh->id, id,
							rl->step == 1 ? "attack" : "defence", d + 1);
					else
						tg_fmt(label, sizeof label, "%s's %s: %s die %d to a %s", sh->id, id,
							rl->step == 1 ? "attack" : "defence", d + 1, faces[f]);
					spot(x, &sh->pose, size_of(sh), &sx, &sy, &rr);
					if (tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), "", "ability", sx, sy,
						rr * 0.6, label, NULL, NULL, line))
						return SL_ENOMEM;
				}
		}
	}
	return 0;
}

/* Step 4 (rules version 5), before the Neutralize Results step: the
 * attacker's cards that cancel a result there (Crack Shot), each as the
 * rules accept it, drawn on the attacker; and its `modify` alone, which
 * passes (drawn on the defender, as the other modify lines). */
static int before_neutralize(xctx *x)
{
	const xw_roll *rl = &x->s->roll;
	const xw_ship *sh = &x->s->ships[rl->ship];
	for (int q = 0; q < sh->nup; q++) {
		const char *id = xw_upgrades[sh->up[q]].xws;
		char line[160], label[160];
		double sx, sy, rr;
		sl_event e;
		if (!enforced(id))
			continue;
		sl_event_init(&e, EV_ABILITY, sh->side);
		tg_str(&e.f[0], sh->id);
		tg_str(&e.f[1], id);
		if (!tg_try(&x->c, &e))
			continue;
		tg_line(&x->c, &e, line, sizeof line);
		tg_fmt(label, sizeof label, "%s's %s: cancel 1 evade result (1 charge), then the attack resolves",
			sh->id, id);
		spot(x, &sh->pose, size_of(sh), &sx, &sy, &rr);
		if (tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), "", "ability", sx, sy, rr * 0.6, label,
			NULL, NULL, line))
			return SL_ENOMEM;
	}
	return push_modify(x, sh->side, 1, NULL, 0, NULL, 0, "no cancel: the attack resolves as it stands");
}

static int modifies4(xctx *x)
{
	int rc;
	switch (x->s->roll.step) {
	case 1: return (rc = abilities4(x)) < 0 ? rc : attacker_modifies(x);
	case 2: return defence_roll(x);
	case 4: return before_neutralize(x);
	default: return (rc = abilities4(x)) < 0 ? rc : defender_modifies(x);
	}
}

/* With a roll waiting (version 3): each modify the rules accept, as spends and the
 * lock's reroll (of the blanks, and of the focuses when focus is not
 * spent), the rerolled dice standing in as blanks for the trial. */
static int modifies(xctx *x)
{
	const xw_roll *rl = &x->s->roll;
	const xw_ship *sh = &x->s->ships[rl->ship], *o = &x->s->ships[rl->target];
	double sx, sy, rr;
	if (x->s->ver >= 4)
		return modifies4(x);
	spot(x, &o->pose, size_of(o), &sx, &sy, &rr);
	for (int a = 0; a < 4; a++)
		for (int d = 0; d < 4; d++) {
			uint8_t as[2], ds[2], pos[16], stand[16];
			int na = 0, nd = 0, np = 0;
			char line[200], label[128];
			sl_event e;
			if (((a & 1) && !sh->focus) || ((a & 2) && sh->lock != rl->target) || ((d & 1) && !o->focus) ||
			    ((d & 2) && !o->evade))
				continue;
			for (int k = 0; (a & 2) && k < rl->natk; k++)
				if (rl->atk[k] == A_BLANK || (rl->atk[k] == A_FOCUS && !(a & 1)))
					pos[np++] = (uint8_t)k;   /* "1" is item 0 */
			if ((a & 2) && !np)
				continue;
			if (a & 1)
				as[na++] = 0;
			if (a & 2)
				as[na++] = 1;
			if (d & 1)
				ds[nd++] = 0;
			if (d & 2)
				ds[nd++] = 1;
			sl_event_init(&e, EV_MODIFY, sh->side);
			if (na)
				tg_bytes(&e.f[1], as, na);
			if (np)
				tg_bytes(&e.f[2], pos, np);
			if (nd)
				tg_bytes(&e.f[5], ds, nd);
			memset(stand, 8, sizeof stand);
			if (np)
				tg_bytes(&e.f[4], stand, np);
			if (!tg_try(&x->c, &e))
				continue;
			e.f[4].present = 0;   /* the recorder draws the rerolled dice */
			tg_line(&x->c, &e, line, sizeof line);
			tg_fmt(label, sizeof label, "%s%s%s%s%s", !a && !d ? "no modification" : "",
				a & 1 ? "attacker spends focus; " : "", a & 2 ? "spends the lock to reroll; " : "",
				d & 1 ? "defender spends focus; " : "", d & 2 ? "defender spends its evade" : "");
			if (tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), "", "modify", sx, sy, rr * 0.7,
				label, NULL, NULL, line))
				return SL_ENOMEM;
		}
	return 0;
}

static int attacks(xctx *x, int i, int any)
{
	static const char *const weapon[] = {"primary", "rear arc", "ion cannon turret"};
	const xw_ship *sh = &x->s->ships[i];
	char sel[64];
	uint8_t blanks[16];
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
	for (int t = 0; t < x->s->nships; t++) {
		const xw_ship *o = &x->s->ships[t];
		if (t == i || o->side == sh->side || !xw_in_play(o))
			continue;
		for (int w = 0; w < 3; w++) {
			int found = 0, na = 0, nd = 0;
			sl_event ev;
			for (na = 1; na <= 6 && !found; na++)
				for (nd = 0; nd <= 6 && !found; nd++) {
					sl_event_init(&ev, EV_ATTACK, sh->side);
					tg_str(&ev.f[0], sh->id);
					tg_str(&ev.f[1], o->id);
					sl_value_int(&ev.f[2], w);
					memset(blanks, A_BLANK, sizeof blanks);
					tg_bytes(&ev.f[3], blanks, na);
					if (nd) {
						static const uint8_t dblank[16] = {D_BLANK, D_BLANK, D_BLANK, D_BLANK,
							D_BLANK, D_BLANK, D_BLANK, D_BLANK};
						tg_bytes(&ev.f[7], dblank, nd);
					}
					found = tg_try(&x->c, &ev);
				}
			if (!found)
				continue;
			if (any)
				return 1;
			na--;
			nd--;
			{
				char line[160], label[128], odds[160];
				double sx, sy, r;
				sl_event e;
				sl_event_init(&e, EV_ATTACK, sh->side);
				tg_str(&e.f[0], sh->id);
				tg_str(&e.f[1], o->id);
				sl_value_int(&e.f[2], w);
				tg_line(&x->c, &e, line, sizeof line);
				tg_fmt(label, sizeof label, "%s attacks %s with its %s", sh->id, o->id, weapon[w]);
				attack_odds(na, nd, sh->focus > 0, o->focus > 0, o->evade > 0, odds, sizeof odds);
				spot(x, &o->pose, size_of(o), &sx, &sy, &r);
				if (tg_push(&x->c, SL_TARGET_ACT, tg_pid(&x->c, sh->side), sel, "attack", sx, sy,
					r * 0.7, label, NULL, odds, line))
					return SL_ENOMEM;
				if (roll_target(x, sh, o, w, na, nd, sel, sx, sy, r * 0.7, odds) < 0)
					return SL_ENOMEM;
			}
		}
	}
	return 0;
}

/* ---- the moments ------------------------------------------------------------------------- */

static int phase_targets(xctx *x, int i, int any)
{
	switch (x->s->phase) {
	case PH_PLANNING: return dials(x, i, any);
	case PH_SYSTEM: return decloaks(x, i, any);
	case PH_ACTIVATION: return activation(x, i, any);
	case PH_ENGAGEMENT: return attacks(x, i, any);
	default: return 0;
	}
}

static int ship_targets(xctx *x, int i, int any)
{
	int rc = phase_targets(x, i, any);
	if (rc < 0 || (rc && any))
		return rc;
	return tractor_moves(x, i, any);
}

static int markers(xctx *x)
{
	char label[96];
	for (int ph = x->s->phase + 1; ph <= PH_END; ph++) {
		tg_fmt(label, sizeof label, "the %s phase", sl_phase_name(x->c.g->schema, ph));
		if (tg_offer_marker(&x->c, x->s->turn, ph, "", label) < 0)
			return SL_ENOMEM;
	}
	tg_fmt(label, sizeof label, "round %d begins", x->s->turn + 1);
	return tg_offer_marker(&x->c, x->s->turn + 1, 0, "", label) < 0 ? SL_ENOMEM : 0;
}

static int top(xctx *x)
{
	if (x->s->roll.on)   /* nothing but the roll's modify */
		return modifies(x);
	for (int i = 0; i < x->s->nships; i++) {
		const xw_ship *sh = &x->s->ships[i];
		double sx, sy, r;
		char sel[64], label[128];
		int rc;
		int tr;
		if (!xw_in_play(sh))
			continue;
		if ((rc = phase_targets(x, i, 1)) < 0 || (tr = tractor_moves(x, i, 1)) < 0)
			return rc < 0 ? rc : tr;
		if (!rc && !tr)
			continue;
		spot(x, &sh->pose, size_of(sh), &sx, &sy, &r);
		tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
		tg_fmt(label, sizeof label, "%s (%s, initiative %d)", sh->id, xw_pilots[sh->pilot].name,
			xw_pilots[sh->pilot].initiative);
		if (rc && tg_push(&x->c, SL_TARGET_SELECT, tg_pid(&x->c, sh->side), sel, "ship", sx, sy, r,
			label, NULL, NULL, NULL))
			return SL_ENOMEM;
		/* a tractored ship: its opponents select it to move it */
		tg_fmt(label, sizeof label, "%s, tractored: move it (barrel roll or boost)", sh->id);
		for (int p = 0; tr && p < x->c.h->nplayers; p++)
			if (p != sh->side && tg_push(&x->c, SL_TARGET_SELECT, tg_pid(&x->c, p), sel, "tractor", sx,
				sy, r, label, NULL, NULL, NULL))
				return SL_ENOMEM;
	}
	return markers(x);
}

/* Rules version 3: a damage card due, drawn by the recorder (the line
 * leaves the card out), drawn on the ship it goes to; nothing else then. */
static int damage_due(xctx *x)
{
	uint8_t w[32];
	int n, ok = 0, i = x->s->pend_ship[0];
	char sel[64], label[128], line[96];
	double sx, sy, r;
	sl_event ev;
	if (!x->c.g->chances || (n = x->c.g->chances(x->s, x->c.h, EV_DAMAGE, 1, w, 32)) <= 0)
		return 0;
	for (int k = 0; k < n && !ok; k++) {
		if (!w[k])
			continue;
		sl_event_init(&ev, EV_DAMAGE, -1);
		sl_value_int(&ev.f[1], k);
		ok = tg_try(&x->c, &ev);
	}
	if (!ok)
		return 0;
	spot(x, &x->s->ships[i].pose, size_of(&x->s->ships[i]), &sx, &sy, &r);
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", x->s->ships[i].id);
	tg_fmt(label, sizeof label, "deal %s a %s damage card (the recorder draws it)",
		x->s->ships[i].id, x->s->pend_up[0] ? "faceup" : "facedown");
	tg_fmt(line, sizeof line, "damage ship=%s", x->s->ships[i].id);
	return tg_push(&x->c, SL_TARGET_ACT, "", sel, "damage", sx, sy, r * 0.6, label, NULL, NULL,
		line) ? SL_ENOMEM : 0;
}

/* Rules version 4: a card's die due (Wounded Pilot after an action, Console
 * Fire before the ship engages), drawn by the recorder: the line leaves it out. */
static int card_die(xctx *x, int i, int card, const char *name)
{
	const xw_ship *sh = &x->s->ships[i];
	char sel[64], label[128], line[96];
	double sx, sy, r;
	uint8_t one = 1;
	sl_event ev;
	sl_event_init(&ev, EV_CARDDIE, -1);
	tg_str(&ev.f[0], sh->id);
	sl_value_int(&ev.f[1], card);
	tg_bytes(&ev.f[3], &one, 1);
	if (!tg_try(&x->c, &ev))
		return 0;
	spot(x, &sh->pose, size_of(sh), &sx, &sy, &r);
	tg_fmt(sel, sizeof sel, SEL_SHIP "%s", sh->id);
	tg_fmt(label, sizeof label, "%s rolls its %s die (the recorder draws it)", sh->id, name);
	tg_fmt(line, sizeof line, "carddie ship=%s card=%s", sh->id, xw_damage_ids[card]);
	return tg_push(&x->c, SL_TARGET_ACT, "", sel, "carddie", sx, sy, r * 0.6, label, NULL, NULL,
		line) ? SL_ENOMEM : 1;
}

static int card_dice(xctx *x)
{
	int rc;
	if (x->s->ndie)
		return card_die(x, x->s->die_ship[0], XW_D_WOUNDEDPILOT, "Wounded Pilot");
	for (int i = 0; i < x->s->nships; i++)
		if (x->s->phase == PH_ENGAGEMENT && xw_in_play(&x->s->ships[i])
		    && (rc = card_die(x, i, XW_D_CONSOLEFIRE, "Console Fire")) < 0)
			return rc;
	return 0;
}

int tg_xwing_targets(const sl_frame *fr, const char *sel, sl_targets *out, sl_error *err)
{
	xctx x;
	int rc = 0;
	if (!fr->state)
		return 0;
	if (tg_begin(&x.c, fr, sizeof(xw_state), out, err))
		return SL_ENOMEM;
	x.s = fr->state;
	if (x.s->ver >= 3 && x.s->npend)
		rc = damage_due(&x);
	else if (x.s->ver >= 4 && x.s->ndie)   /* a Wounded Pilot die: nothing else */
		rc = card_dice(&x);
	else if (x.s->roll.on)   /* a roll waits: its modify, whatever is selected */
		rc = modifies(&x);
	else if (x.s->turn < 1) {
		if (!sel || !*sel)   /* the setup is typed; its end is offered */
			rc = tg_offer_marker(&x.c, 1, 0, "", "the setup is done: round 1");
	} else if (!sel || !*sel) {
		if (x.s->ver >= 4 && (rc = card_dice(&x)) < 0)   /* Console Fire before engaging */
			return tg_end_rc(&x.c, rc, "xwing", err);
		rc = top(&x);
	}
	else if (strncmp(sel, SEL_SHIP, strlen(SEL_SHIP)) == 0) {
		int i = find_ship(&x, sel + strlen(SEL_SHIP));
		if (i >= 0 && xw_in_play(&x.s->ships[i]))
			rc = ship_targets(&x, i, 0);
	}
	return tg_end_rc(&x.c, rc, "xwing", err);
}
