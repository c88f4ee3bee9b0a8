/* xwing_actions.c - rules version 3: the actions of the 2.0 rules reference
 * beyond focus, evade, lock, barrel roll, boost, rotate and reload (cloak and
 * decloak, SLAM, coordinate, jam, calculate, reinforce, a damage card's
 * repair) and the tokens they give (formats/xwing.md, Actions and tokens). */
#include "xwing_int.h"

#include <string.h>

static const char *const remove_names[] = {"focus", "evade", "calculate", "reinforce", "lock"};

/* Rules version 3, before any action: a faceup Damaged Sensor Array lets a
 * ship perform only the actions of its damage cards (the repairs). */
int xw_action_allowed3(const xw_state *s, int i, int action, sl_error *err)
{
	const xw_ship *sh = &s->ships[i];
	if (s->ver < 3)
		return 0;
	if (xw_faceup(sh, XW_D_SENSORARRAY) && action != XW_A_REPAIR)
		return xw_illegal(err, "xwing damage: %s has a faceup Damaged Sensor Array: it may "
			"only perform the actions of its damage cards (repair)", sh->id);
	return 0;
}

/* Jam (rules reference, Jam): a green token or a lock a jammed ship gains
 * is removed, and so is one jam token. 1 if it was. */
int xw_jam_eats(xw_ship *sh)
{
	if (sh->jam <= 0)
		return 0;
	sh->jam--;
	return 1;
}

static int range_between(const xw_state *s, const xw_ship *a, const xw_ship *b)
{
	int32_t pa[2], pb[2];
	int64_t d = xw_base_distance(&a->pose, xw_type_of(a)->size, &b->pose, xw_type_of(b)->size,
		pa, pb);
	return xw_range_of(s, d);
}

static int other_ship(const xw_state *s, const sl_event *ev, int fi, int *out, sl_error *err)
{
	size_t n;
	const char *id;
	if (!ev->f[fi].present)
		return xw_illegal(err, "xwing 2: this action needs target=");
	id = sl_value_str(&ev->f[fi], &n);
	for (int k = 0; k < s->nships; k++)
		if (strlen(s->ships[k].id) == n && memcmp(s->ships[k].id, id, n) == 0) {
			if (!xw_in_play(&s->ships[k]))
				return xw_illegal(err, "xwing 2: %s is no longer on the mat", s->ships[k].id);
			*out = k;
			return 0;
		}
	return xw_illegal(err, "xwing: no ship '%.*s' (target=)", (int)(n > 32 ? 32 : n), id);
}

/* Jam: an enemy at range 1 (or 1-2 in the jammer's bullseye arc) gains a
 * jam token; the jammer then chooses one of its green tokens or its lock to
 * go with it (remove=), and the token stays only when it has none. */
static int act_jam(xw_state *s, int i, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_ship *sh = &s->ships[i], *tg;
	int t, rc, r, rm = ev->f[XW_AF_REMOVE].present ? ev->f[XW_AF_REMOVE].u.i : -1;
	int has[5];
	if ((rc = other_ship(s, ev, 2, &t, err)) != 0)
		return rc;
	tg = &s->ships[t];
	if (tg->side == sh->side)
		return xw_illegal(err, "xwing 2: jam chooses an enemy ship (%s is friendly)", tg->id);
	r = range_between(s, sh, tg);
	if (r != 1 && !(r == 2 && xw_in_arc_kind(sh, XW_K_BULLSEYE, tg)))
		return xw_illegal(err, "xwing 2: jam reaches an enemy at range 1, or at range 2 in the "
			"bullseye arc (%s is at range %d)", tg->id, r > 3 ? 4 : r);
	has[0] = tg->focus, has[1] = tg->evade, has[2] = tg->calculate, has[3] = tg->reinforce > 0;
	has[4] = tg->lock >= 0;
	if (rm < 0) {
		for (int k = 0; k < 5; k++)
			if (has[k])
				return xw_illegal(err, "xwing 2: %s has a green token or a lock: jam removes "
					"one (remove=%s)", tg->id, remove_names[k]);
		tg->jam++;
		if (desc)
			sl_buf_printf(desc, "jams %s (range %d): it has no green token and no lock, the "
				"jam token stays", tg->id, r);
		return 0;
	}
	if (!has[rm])
		return xw_illegal(err, "xwing 2: %s has no %s to lose to the jam", tg->id,
			remove_names[rm]);
	if (rm == 0)
		tg->focus--;
	else if (rm == 1)
		tg->evade--;
	else if (rm == 2)
		tg->calculate--;
	else if (rm == 3)
		tg->reinforce = 0;
	else
		tg->lock = -1;
	if (desc)
		sl_buf_printf(desc, "jams %s (range %d): it loses its %s", tg->id, r, remove_names[rm]);
	return 0;
}

static int act_coordinate(xw_state *s, int i, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int t, rc, r;
	if ((rc = other_ship(s, ev, 2, &t, err)) != 0)
		return rc;
	if (t == i || s->ships[t].side != s->ships[i].side)
		return xw_illegal(err, "xwing 2: coordinate chooses another friendly ship");
	r = range_between(s, &s->ships[i], &s->ships[t]);
	if (r < 1 || r > 2)
		return xw_illegal(err, "xwing 2: coordinate reaches a friendly ship at range 1-2 (%s "
			"is at range %d)", s->ships[t].id, r > 3 ? 4 : r);
	s->coord = t;
	if (desc)
		sl_buf_printf(desc, "coordinates %s (range %d): it may perform an action now",
			s->ships[t].id, r);
	return 0;
}

/* SLAM: a maneuver of the dial at the speed of the one executed this
 * round, flown as a maneuver (bumps, obstacles with their dice, difficulty),
 * then a disarm token. */
static int act_slam(xw_state *s, int i, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_ship *sh = &s->ships[i];
	xw_maneuver m;
	xw_flight f;
	size_t n;
	const char *code;
	int nd = 0, nobs, list[XW_MAX_OBSTACLES], hits = 0, crits = 0, stress = 0, strain = 0;
	const uint8_t *dice = NULL;
	if (!ev->f[XW_AF_MANEUVER].present)
		return xw_illegal(err, "xwing 2: SLAM needs maneuver= (a code of the dial)");
	code = sl_value_str(&ev->f[XW_AF_MANEUVER], &n);
	if (xw_maneuver_parse(code, n, &m) != 0 || !xw_dial_has(xw_type_of(sh), &m))
		return xw_illegal(err, "xwing 2: SLAM flies a maneuver of the %s's dial, not %.*s",
			xw_type_of(sh)->name, (int)(n > 8 ? 8 : n), code);
	if (m.speed != sh->flown_speed)
		return xw_illegal(err, "xwing 2: SLAM flies a maneuver of speed %d, the speed "
			"executed this round", sh->flown_speed);
	if (m.colour == XW_PURPLE && sh->force < 1)
		return xw_illegal(err, "xwing force: %s has no Force for a purple maneuver", sh->id);
	if (ev->f[XW_AF_DICE].present)
		dice = sl_value_items(&ev->f[XW_AF_DICE], &nd);
	xw_fly(s, i, &m, &f);
	nobs = f.fled ? 0 : xw_obstacles_hit(s, i, &m, &f.end, list);
	if (nd != nobs)
		return xw_illegal(err, "xwing obstacles: the SLAM touches %d obstacles: dice= needs "
			"%d attack dice, not %d", nobs, nobs, nd);
	for (int k = 0; k < nd; k++)
		xw_obstacle_die(s->obstacles[list[k]].kind, dice[k], &hits, &crits, &stress, &strain);
	if (m.colour == XW_PURPLE)
		sh->force--;
	s->last.ship = i;
	s->last.kind = 0;
	s->last.m = m;
	s->last.from = sh->pose;
	s->last.to = f.end;
	s->last.stop = f.stop;
	sh->pose = f.end;
	if (desc)
		sl_buf_printf(desc, "SLAMs %.*s%s", (int)n, code, f.full ? "" : ", bumps");
	if (f.fled) {
		xw_fled(s, i);
		if (desc)
			sl_buf_puts(desc, ", leaves the mat and flees");
		return 0;
	}
	if (m.colour == XW_RED)
		sh->stress++;
	else if (m.colour == XW_BLUE && sh->stress > 0)
		sh->stress--;
	sh->stress += stress;
	sh->strain += strain;
	if (hits + crits && xw_suffer3(s, i, hits, crits) < 0)
		return xw_illegal(err, "xwing damage: too many damage cards due");
	xw_after_maneuver(s, i, &m, nobs > 0, desc);
	xw_ability_maneuvered(s, i, &m, f.full, desc);   /* v5: Elusive's charge */
	sh->disarm++;
	if (desc)
		sl_buf_puts(desc, "; gains a disarm token");
	return 0;
}

/* The actions of version 3 that the common code of ev_action leaves to
 * this file (cloak, SLAM, coordinate, jam, calculate, reinforce, repair). */
int xw_action3(xw_state *s, const sl_header *h, int i, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	xw_ship *sh = &s->ships[i];
	(void)h;
	switch (ev->f[1].u.i) {
	case XW_A_CLOAK:
		if (sh->cloak)
			return xw_illegal(err, "xwing 2: %s is cloaked: it cannot cloak again", sh->id);
		sh->cloak = 1;
		if (desc)
			sl_buf_puts(desc, "cloaks (agility +2, it cannot attack)");
		return 0;
	case XW_A_SLAM:
		return act_slam(s, i, ev, desc, err);
	case XW_A_COORDINATE:
		return act_coordinate(s, i, ev, desc, err);
	case XW_A_JAM:
		return act_jam(s, i, ev, desc, err);
	case XW_A_CALCULATE:
		if (xw_jam_eats(sh)) {
			if (desc)
				sl_buf_puts(desc, "calculates; jammed, it loses the token and a jam token");
			return 0;
		}
		sh->calculate++;
		if (desc)
			sl_buf_puts(desc, "calculates");
		return 0;
	case XW_A_REINFORCE: {
		int arc = ev->f[5].present ? ev->f[5].u.i : -1;
		if (arc != XW_ARC_FRONT && arc != XW_ARC_REAR)
			return xw_illegal(err, "xwing 2: reinforce chooses the front or the rear half "
				"(arc=front or arc=rear)");
		if (xw_jam_eats(sh)) {
			if (desc)
				sl_buf_puts(desc, "reinforces; jammed, it loses the token and a jam token");
			return 0;
		}
		sh->reinforce = arc == XW_ARC_FRONT ? 1 : 2;
		if (desc)
			sl_buf_printf(desc, "reinforces its %s half", arc == XW_ARC_FRONT ? "front"
				: "rear");
		return 0;
	}
	case XW_A_REPAIR:
		if (!ev->f[XW_AF_CARD].present)
			return xw_illegal(err, "xwing 2: repair needs card= (the faceup damage card)");
		return xw_repair(s, i, ev->f[XW_AF_CARD].u.i, desc, err);
	default:
		return xw_illegal(err, "xwing 2: no such action");
	}
}

/* Decloak (rules reference, Cloak): in the system phase a cloaked ship may
 * spend its cloak token to barrel roll or boost straight with the 2-straight
 * template (a small base) or the 1-straight (medium, large). It is no action
 * and a stressed ship may do it; a position that overlaps a ship or an
 * obstacle, or leaves the mat, is refused (the ship stays cloaked). */
int xw_decloak(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_ship *sh;
	xw_pose p;
	int i = -1, rc, size, dir, place;
	size_t n;
	const char *id = sl_value_str(&ev->f[0], &n);
	for (int k = 0; k < s->nships; k++)
		if (strlen(s->ships[k].id) == n && memcmp(s->ships[k].id, id, n) == 0)
			i = k;
	if (i < 0)
		return xw_illegal(err, "xwing: no ship '%.*s' (ship=)", (int)(n > 32 ? 32 : n), id);
	sh = &s->ships[i];
	if (sh->side != ev->player || !xw_in_play(sh))
		return xw_illegal(err, "xwing 2: %s decloaks only for its own player, on the mat",
			sh->id);
	if (s->phase != XW_PH_SYSTEM)
		return xw_illegal(err, "xwing 2: a ship decloaks in the system phase");
	if (!sh->cloak)
		return xw_illegal(err, "xwing 2: %s is not cloaked", sh->id);
	size = xw_type_of(sh)->size;
	dir = ev->f[3].present ? ev->f[3].u.i : -1;
	place = ev->f[4].present ? ev->f[4].u.i : XW_PLACE_MIDDLE;
	if (dir < 0)
		return xw_illegal(err, "xwing 2: decloak needs dir= (left, right: a barrel roll; "
			"straight: a boost)");
	if (dir == XW_DIR_STRAIGHT) {
		xw_maneuver m = {size == XW_SMALL ? 2 : 1, XW_ST, XW_WHITE};
		xw_maneuver_end(&sh->pose, size, &m, &p);
	} else {
		xw_barrel_roll_end(&sh->pose, size, dir, place, &p);
		if (size == XW_SMALL) {   /* the 2-straight: 40 mm further across */
			int32_t nx, ny;
			xw_local_to_world(&p, dir == XW_DIR_RIGHT ? 4000 : -4000, 0, &nx, &ny);
			p.x = nx;
			p.y = ny;
		}
	}
	if ((rc = xw_place_ok(s, i, &p, "the decloak", err)) != 0)
		return rc;
	s->last.ship = i;
	s->last.kind = dir == XW_DIR_STRAIGHT ? 2 : 1;
	s->last.from = sh->pose;
	s->last.to = p;
	s->last.stop = XW_PATH_STEPS;
	sh->pose = p;
	sh->cloak = 0;
	(void)h;
	if (desc)
		sl_buf_printf(desc, "%s decloaks: it spends its cloak token and %s %s", sh->id,
			dir == XW_DIR_STRAIGHT ? "boosts" : "barrel rolls",
			dir == XW_DIR_LEFT ? "left" : dir == XW_DIR_RIGHT ? "right" : "straight");
	return 0;
}

/* Tractor (RR, Tractor): once a ship is tractored, the player who gave the
 * tokens (an opponent: H11) may have it barrel roll (dir=left|right,
 * place=) or boost (maneuver=1FW, 1BW or 1NW) with the 1-speed templates,
 * once until its tractor tokens go; the position follows the barrel roll
 * and boost rules (on the mat, no base, no obstacle). */
int xw_tractor_move(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	xw_ship *sh;
	xw_pose p;
	int i, rc, size;
	(void)h;
	if ((rc = other_ship(s, ev, 0, &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	size = xw_type_of(sh)->size;
	if (ev->player == sh->side)
		return xw_illegal(err, "xwing 2: the player who tractored %s moves it, not its own",
			sh->id);
	if (sh->tractor < xw_ionized_threshold(size))
		return xw_illegal(err, "xwing 2: %s is not tractored (%d tractor %s, %d needed)", sh->id,
			sh->tractor, sh->tractor == 1 ? "token" : "tokens", xw_ionized_threshold(size));
	if (sh->tractor_moved)
		return xw_illegal(err, "xwing 2: %s has been moved by its tractor tokens", sh->id);
	if (ev->f[XW_AF_MANEUVER].present) {
		size_t n;
		const char *code = sl_value_str(&ev->f[XW_AF_MANEUVER], &n);
		xw_maneuver m;
		if (xw_maneuver_parse(code, n, &m) != 0 || m.speed != 1
		    || (m.bearing != XW_ST && m.bearing != XW_BL && m.bearing != XW_BR))
			return xw_illegal(err, "xwing 2: a tractored ship boosts with a 1-straight or a "
				"1-bank (maneuver=1FW, 1BW or 1NW)");
		xw_maneuver_end(&sh->pose, size, &m, &p);
	} else if (ev->f[3].present && ev->f[3].u.i != XW_DIR_STRAIGHT) {
		xw_barrel_roll_end(&sh->pose, size, ev->f[3].u.i,
			ev->f[4].present ? ev->f[4].u.i : XW_PLACE_MIDDLE, &p);
	} else {
		return xw_illegal(err, "xwing 2: a tractored ship barrel rolls (dir=left|right) or "
			"boosts (maneuver=1FW|1BW|1NW)");
	}
	if ((rc = xw_place_ok(s, i, &p, "the tractor move", err)) != 0)
		return rc;
	s->last.ship = i;
	s->last.kind = ev->f[XW_AF_MANEUVER].present ? 2 : 1;
	s->last.from = sh->pose;
	s->last.to = p;
	s->last.stop = XW_PATH_STEPS;
	sh->pose = p;
	sh->tractor_moved = 1;
	if (desc)
		sl_buf_printf(desc, "%s, tractored, is moved: %s", sh->id,
			ev->f[XW_AF_MANEUVER].present ? "a boost" : "a barrel roll");
	return 0;
}

/* Part of b's base lies in the front (front=1) or rear half of a's base:
 * ahead of, or behind, the line through its centre across its heading. */
int xw_in_half(const xw_ship *a, const xw_ship *b, int front)
{
	int32_t cx[4], cy[4];
	xw_base_corners(&b->pose, xw_type_of(b)->size, cx, cy);
	for (int k = 0; k < 4; k++) {
		int64_t dx = cx[k] - a->pose.x, dy = cy[k] - a->pose.y;
		int64_t ly = dx * xw_sin(a->pose.h) + dy * xw_cos(a->pose.h);
		if (front ? ly > 0 : ly < 0)
			return 1;
	}
	return 0;
}

/* Blinded Pilot faceup: the attacker modifies its dice only by spending the
 * Force (an effect), so no token spent, no reroll, no Advanced Targeting
 * Computer. Calculate: no more spent than held. */
int xw_attack_spends3(const xw_state *s, const xw_ship *sh, int mods, int calc, int *atc,
	sl_error *err)
{
	if (s->ver >= 3 && atc && xw_faceup(sh, XW_D_BLINDEDPILOT)) {
		if (mods)
			return xw_illegal(err, "xwing damage: %s has a faceup Blinded Pilot: it modifies "
				"its attack dice only by spending the Force", sh->id);
		*atc = 0;
	}
	if (calc > sh->calculate)
		return xw_illegal(err, "xwing 4: %s has %d calculate %s", sh->id, sh->calculate,
			sh->calculate == 1 ? "token" : "tokens");
	return 0;
}

/* Reinforce: the attacker in the token's half and two results or more
 * left, one more is cancelled, a hit first. 1 if it was. */
int xw_reinforce3(const xw_state *s, const xw_ship *att, const xw_ship *def, int *hits,
	int *crits)
{
	if (s->ver < 3 || !def->reinforce || *hits + *crits < 2
	    || !xw_in_half(def, att, def->reinforce == 1))
		return 0;
	if (*hits)
		(*hits)--;
	else
		(*crits)--;
	return 1;
}

/* After an attack: calculate tokens spent go; a depleted attacker loses a
 * deplete token, a strained defender a strain token. */
void xw_after_attack3(const xw_state *s, xw_ship *att, xw_ship *def, int acalc, int dcalc)
{
	att->calculate -= acalc;
	def->calculate -= dcalc;
	if (s->ver >= 3 && att->deplete > 0)
		att->deplete--;
	if (s->ver >= 3 && def->strain > 0)
		def->strain--;
}
