/* xwing_ability.c - card abilities that modify dice, enforced (formats/xwing.md,
 * Abilities that modify dice): `ability ship=S card=XWS` while an attack of
 * rules version 4 waits in a modify step, a reroll (`reroll=` with
 * `rerolled=` or `rdie=`) or a change (`change=` with `to=`) of the dice of
 * that step, checked against the card's entry below: the card in S's
 * loadout (its pilot or an upgrade), S's part in the attack, the step, the
 * condition, the count, the faces it changes, and the charge or Force it
 * spends. A new event kind: no log of an earlier build holds one, so rules
 * version 4 replays as it did. Rules version 5 adds Crack Shot, used in a
 * step of its own before Neutralize Results (the roll waits there, step 4,
 * only when the card can be used), and the charge Elusive recovers after a
 * red maneuver. The entries are our own summary of each card's mechanism,
 * by XWS id (no card text). */
#include "xwing_int.h"

#include <stdio.h>
#include <string.h>

static const char *const position_names[] = {
	"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", NULL
};

/* Faces of either kind of die: attack faces keep their XW_HIT.. codes. */
static const char *const face_names[] = {"hit", "crit", "focus", "blank", "evade", NULL};
enum { F_HIT, F_CRIT, F_FOCUS, F_BLANK, F_EVADE };

const sl_field_def xw_f_ability[XW_NF_ABILITY] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship whose card it is"},
	{"card", SL_K_PIECE, 0, 0, 0, 63, NULL, "the pilot or upgrade, by XWS id"},
	{"reroll", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, position_names, "dice rerolled (1-based positions)"},
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, face_names, "their new faces, typed"},
	{"rdie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL, "or drawn (attack: as adie; defence: as ddie)"},
	{"change", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, position_names, "dice changed (1-based positions)"},
	{"to", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, face_names, "their new faces"},
};
enum { B_SHIP, B_CARD, B_REROLL, B_REROLLED, B_RDIE, B_CHANGE, B_TO };

/* Who uses a card in an attack. */
enum { AS_ATTACKER = 1, AS_DEFENDER = 2, AS_ATT_FRIEND = 4, AS_DEF_FRIEND = 8 };
enum { OP_REROLL, OP_CHANGE, OP_CANCEL };   /* OP_CANCEL: 1 result, before Neutralize Results (v5) */
enum { COST_NONE, COST_CHARGE, COST_FORCE };
enum { C_NONE, C_THIS_WEAPON, C_BULLSEYE, C_PRIMARY_BULLSEYE, C_LOCK, C_EVADING, C_ALONE };

typedef struct ability {
	const char *xws, *name;
	uint8_t as;      /* AS_* bits */
	uint8_t foe;     /* 1: the other side's dice (the attacker's on the defence dice...) */
	uint8_t op, count;
	uint8_t from;    /* OP_CHANGE: the faces it changes (1 << F_*) */
	uint8_t to;      /* OP_CHANGE: the face they become */
	uint8_t cost, cond;
	const char *clause;   /* what the card does, in our words, for refusals */
} ability;

/* The enforced cards (formats/xwing.md has the same list). */
static const ability abilities[] = {
	{"predator", "Predator", AS_ATTACKER, 0, OP_REROLL, 1, 0, 0, COST_NONE, C_PRIMARY_BULLSEYE,
		"a primary attack, the defender in the bullseye arc: 1 attack die rerolled"},
	{"marksmanship", "Marksmanship", AS_ATTACKER, 0, OP_CHANGE, 1, 1 << F_HIT, F_CRIT, COST_NONE, C_BULLSEYE,
		"the defender in the bullseye arc: 1 hit result to a crit"},
	{"firecontrolsystem", "Fire-Control System", AS_ATTACKER, 0, OP_REROLL, 1, 0, 0, COST_NONE, C_LOCK,
		"a lock on the defender: 1 attack die rerolled, and the lock not spent in this attack"},
	{"fifthbrother", "Fifth Brother", AS_ATTACKER, 0, OP_CHANGE, 1, 1 << F_FOCUS, F_CRIT, COST_FORCE, C_NONE,
		"1 Force: 1 focus result to a crit"},
	{"protontorpedoes", "Proton Torpedoes", AS_ATTACKER, 0, OP_CHANGE, 1, 1 << F_HIT, F_CRIT, COST_NONE,
		C_THIS_WEAPON, "its own attack: 1 hit result to a crit"},
	{"juke", "Juke", AS_ATTACKER, 1, OP_CHANGE, 1, 1 << F_EVADE, F_FOCUS, COST_NONE, C_EVADING,
		"attacking with an evade token: 1 of the defender's evade results to a focus"},
	{"elusive", "Elusive", AS_DEFENDER, 0, OP_REROLL, 1, 0, 0, COST_CHARGE, C_NONE,
		"defending, 1 charge: 1 defence die rerolled"},
	{"lonewolf", "Lone Wolf", AS_ATTACKER | AS_DEFENDER, 0, OP_REROLL, 1, 0, 0, COST_CHARGE, C_ALONE,
		"attacking or defending, no other friendly ship at range 0-2, 1 charge: 1 of its dice rerolled"},
	{"howlrunner", "Howlrunner", AS_ATTACKER | AS_ATT_FRIEND, 0, OP_REROLL, 1, 0, 0, COST_NONE,
		C_NONE, "a friendly ship at range 0-1 (itself included) in a primary attack: 1 attack die rerolled"},
	{"serissu", "Serissu", AS_DEFENDER | AS_DEF_FRIEND, 0, OP_REROLL, 1, 0, 0, COST_NONE, C_NONE,
		"a friendly ship at range 0-1 (itself included) defending: 1 defence die rerolled"},
	/* rules version 5 (new entries go last: the state's bytes name a card by its index) */
	{"crackshot", "Crack Shot", AS_ATTACKER, 1, OP_CANCEL, 1, 1 << F_EVADE, 0, COST_CHARGE, C_PRIMARY_BULLSEYE,
		"a primary attack, the defender in the bullseye arc, before the Neutralize Results step, "
		"1 charge: 1 evade result cancelled"},
};
#define NABILITIES ((int)(sizeof abilities / sizeof abilities[0]))

int xw_ability_count(void) { return NABILITIES; }
const char *xw_ability_xws(int k) { return k >= 0 && k < NABILITIES ? abilities[k].xws : NULL; }

static int ship_named(const xw_state *s, const sl_value *v)
{
	size_t n = 0;
	const char *id = sl_value_str(v, &n);
	for (int i = 0; id && i < s->nships; i++)
		if (strlen(s->ships[i].id) == n && memcmp(s->ships[i].id, id, n) == 0)
			return i;
	return -1;
}

static int range_between(const xw_state *s, int a, int b)
{
	const xw_ship *x = &s->ships[a], *y = &s->ships[b];
	int32_t pa[2], pb[2];
	return xw_range_of(s, xw_base_distance(&x->pose, xw_type_of(x)->size, &y->pose, xw_type_of(y)->size, pa, pb));
}

/* Ship i's part in roll r, as AS_* (friends within range 1), or 0. */
static int part_of(const xw_state *s, const xw_roll *r, int i)
{
	int p = 0;
	if (i == r->ship)
		p |= AS_ATTACKER;
	if (i == r->target)
		p |= AS_DEFENDER;
	if (s->ships[i].gone || p)
		return p;
	if (s->ships[i].side == s->ships[r->ship].side && range_between(s, i, r->ship) <= 1)
		p |= AS_ATT_FRIEND;
	if (s->ships[i].side == s->ships[r->target].side && range_between(s, i, r->target) <= 1)
		p |= AS_DEF_FRIEND;
	return p;
}

/* The die a combined face is on a die of the kind (attack: 1): its code, or -1. */
static int face_code(int f, int attack)
{
	if (attack)
		return f <= F_BLANK ? f : -1;
	return f == F_EVADE ? XW_EVADE : f == F_FOCUS ? XW_DFOCUS : f == F_BLANK ? XW_DBLANK : -1;
}

static int face_of(uint8_t code, int attack)
{
	if (attack)
		return code;
	return code == XW_EVADE ? F_EVADE : code == XW_DFOCUS ? F_FOCUS : F_BLANK;
}

static uint8_t drawn_face(uint8_t d, int attack)
{
	if (attack)
		return d <= 3 ? XW_HIT : d == 4 ? XW_CRIT : d <= 6 ? XW_AFOCUS : XW_ABLANK;
	return d <= 3 ? XW_EVADE : d <= 5 ? XW_DFOCUS : XW_DBLANK;
}

/* The condition of entry b for user i in roll r: 0, or refused. */
static int condition(const xw_state *s, const xw_roll *r, const ability *b, int i, int q, sl_error *err)
{
	const xw_ship *a = &s->ships[r->ship], *d = &s->ships[r->target], *me = &s->ships[i];
	switch (b->cond) {
	case C_THIS_WEAPON:
		if (q < 0 || r->weapon != XW_W_CARD + q)
			return xw_illegal(err, "xwing ability: %s is used in an attack with %s (%s): %s attacks "
				"with its %s", b->name, b->name, b->clause, a->id, r->weapon >= XW_W_CARD
				? xw_upgrades[a->up[r->weapon - XW_W_CARD]].name : "primary weapon");
		return 0;
	case C_PRIMARY_BULLSEYE:
		if (r->weapon != XW_W_PRIMARY && r->weapon != XW_W_REAR)
			return xw_illegal(err, "xwing ability: %s is used in a primary attack (%s)", b->name, b->clause);
		/* fall through */
	case C_BULLSEYE:
		if (!xw_in_arc_kind(a, XW_K_BULLSEYE, d))
			return xw_illegal(err, "xwing ability: %s needs the defender in the bullseye arc (%s): %s "
				"is not in %s's bullseye arc", b->name, b->clause, d->id, a->id);
		return 0;
	case C_LOCK:
		if (a->lock != r->target)
			return xw_illegal(err, "xwing ability: %s needs a lock on the defender (%s): %s has no lock "
				"on %s", b->name, b->clause, a->id, d->id);
		return 0;
	case C_EVADING:
		if (me->evade < 1)
			return xw_illegal(err, "xwing ability: %s needs its ship evading (%s): %s has no evade token",
				b->name, b->clause, me->id);
		return 0;
	case C_ALONE:
		for (int k = 0; k < s->nships; k++)
			if (k != i && !s->ships[k].gone && s->ships[k].side == me->side && range_between(s, k, i) <= 2)
				return xw_illegal(err, "xwing ability: %s needs no other friendly ship at range 0-2 "
					"(%s): %s is at range %d of %s", b->name, b->clause, s->ships[k].id,
					range_between(s, k, i), me->id);
		return 0;
	}
	if (b->as & AS_ATT_FRIEND && (r->weapon != XW_W_PRIMARY && r->weapon != XW_W_REAR))
		return xw_illegal(err, "xwing ability: %s is used in a primary attack (%s)", b->name, b->clause);
	return 0;
}

/* Rules version 5, Heavy Laser Cannon (its card: after the Modify Attack
 * Dice step of its attack, every crit result becomes a hit): 1 when ship i
 * attacks with it. A change the card makes, not a choice: no entry. */
int xw_crits_to_hits(const xw_state *s, int i, int weapon)
{
	return s->ver >= 5 && weapon >= XW_W_CARD && weapon - XW_W_CARD < s->ships[i].nup
		&& strcmp(xw_upgrades[s->ships[i].up[weapon - XW_W_CARD]].xws, "heavylasercannon") == 0;
}

int xw_card_is(const sl_value *v, const char *xws)
{
	size_t n = 0;
	const char *id = sl_value_str(v, &n);
	return id && strlen(xws) == n && memcmp(xws, id, n) == 0;
}

/* Step 4 (rules version 5): before the Neutralize Results step, the cards
 * that cancel a result (Crack Shot): checked, then the attack resolves with
 * the result cancelled. */
static int cancel_step(xw_state *s, const sl_header *h, xw_roll *r, const ability *b, int bi, int i, int q,
	const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_ship *sh = &s->ships[i];
	if (b->op != OP_CANCEL)
		return xw_roll_waits(s, err);
	if (r->step != 4)
		return xw_illegal(err, "xwing ability: %s cancels %s result before the Neutralize Results step: "
			"it is used after the defender's modify, when the attack waits for it", b->name,
			b->from & (1u << F_EVADE) ? "an evade" : "a");
	if (ev->f[B_REROLL].present || ev->f[B_REROLLED].present || ev->f[B_RDIE].present
	    || ev->f[B_CHANGE].present || ev->f[B_TO].present)
		return xw_illegal(err, "xwing ability: %s names no dice (%s): `ability ship=%s card=%s` alone",
			b->name, b->clause, sh->id, b->xws);
	if (condition(s, r, b, i, q, err))
		return SL_EILLEGAL;
	if (b->cost == COST_CHARGE && (q < 0 || sh->ucharges[q] < 1))
		return xw_illegal(err, "xwing charge: %s has no charge left (%s)", b->name, b->clause);
	r->ab_ship[r->nab] = (uint8_t)i;
	r->ab_card[r->nab] = (uint8_t)bi;
	r->nab++;
	r->cancel = 1;
	s->roll = *r;
	if (b->cost == COST_CHARGE)
		sh->ucharges[q]--;
	if (desc)
		sl_buf_printf(desc, "%s uses %s (spends 1 charge); ", sh->id, b->name);
	return xw_roll_resolve(s, h, desc, err);
}

int xw_ev_ability(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r = s->roll;
	const ability *b = NULL;
	const xw_ship *sh;
	size_t cn = 0;
	const char *cid;
	int i, u, q = -1, pilot = 0, part, attack, np, nt, nd, nc, nto, k, bi;
	const uint8_t *pos, *typed, *drawn, *cpos, *to;
	uint8_t *dice;
	uint16_t *mask;
	int ndice;

	if (s->ver < 4 || s->phase != XW_PH_ENGAGEMENT || !r.on)
		return xw_illegal(err, "xwing ability: a card's dice modification is used while an attack's dice "
			"wait in a modify step: nothing is rolled");
	if (r.step == 2 && !xw_card_is(&ev->f[B_CARD], "heavylasercannon"))
		return xw_roll_waits(s, err);
	if ((i = ship_named(s, &ev->f[B_SHIP])) < 0)
		return xw_illegal(err, "xwing ability: no ship %.*s", (int)ev->f[B_SHIP].n,
			(const char *)ev->f[B_SHIP].p);
	sh = &s->ships[i];
	if (ev->player != sh->side)
		return xw_illegal(err, "xwing ability: %s's cards are used by %s, the player who flies it, not %s",
			sh->id, xw_side_name(h, sh->side), xw_side_name(h, ev->player));
	cid = sl_value_str(&ev->f[B_CARD], &cn);
	u = xw_upgrade_findn(cid, cn);
	for (k = 0; u >= 0 && k < sh->nup; k++)
		if (sh->up[k] == u)
			q = k;
	pilot = strlen(xw_pilots[sh->pilot].xws) == cn && memcmp(xw_pilots[sh->pilot].xws, cid, cn) == 0;
	if (u < 0 && !pilot && xw_pilot_findn(cid, cn) < 0)
		return xw_illegal(err, "xwing ability: no card %.*s in the catalog", (int)cn, cid);
	if (q < 0 && !pilot)
		return xw_illegal(err, "xwing ability: %.*s is not in %s's loadout", (int)cn, cid, sh->id);
	for (bi = 0; bi < NABILITIES; bi++)
		if (strlen(abilities[bi].xws) == cn && memcmp(abilities[bi].xws, cid, cn) == 0)
			break;
	if (s->ver >= 5 && xw_card_is(&ev->f[B_CARD], "heavylasercannon"))
		return xw_illegal(err, "xwing ability: Heavy Laser Cannon's change is made by the rules, not by "
			"an entry: after the Modify Attack Dice step of its attack, every crit result is a hit");
	if (r.step == 2)
		return xw_roll_waits(s, err);
	if (bi == NABILITIES || (s->ver < 5 && abilities[bi].op == OP_CANCEL))
		return xw_illegal(err, "xwing ability: %.*s's dice modification is not enforced: record it as "
			"`effect source=%.*s` (formats/xwing.md, Abilities)", (int)cn, cid, (int)cn, cid);
	b = &abilities[bi];
	part = part_of(s, &r, i) & b->as;
	if (!part)
		return xw_illegal(err, "xwing ability: %s is used by %s (%s): %s is not it in %s's attack on %s",
			b->name, b->as & (AS_ATT_FRIEND | AS_DEF_FRIEND) ? "a friendly ship at range 0-1"
			: b->as == AS_DEFENDER ? "the defender" : b->as == AS_ATTACKER ? "the attacker"
			: "the attacker or the defender", b->clause, sh->id, s->ships[r.ship].id, s->ships[r.target].id);
	attack = (part & (AS_ATTACKER | AS_ATT_FRIEND)) ? !b->foe : b->foe;
	if (b->op == OP_CANCEL || r.step == 4)
		return cancel_step(s, h, &r, b, bi, i, q, ev, desc, err);
	if (attack && r.step != 1)
		return xw_illegal(err, "xwing ability: %s modifies the attack dice: it is used before the defence "
			"dice are rolled, before the attacker's modify", b->name);
	if (!attack && r.step != 3)
		return xw_illegal(err, "xwing ability: %s modifies the defence dice: it is used after the defence "
			"dice are rolled (`defend`), before the defender's modify", b->name);
	for (k = 0; k < r.nab; k++)
		if (r.ab_ship[k] == i && r.ab_card[k] == bi)
			return xw_illegal(err, "xwing ability: %s's %s is used once per attack", sh->id, b->name);
	if (r.nab >= XW_MAX_ABILITIES)
		return xw_illegal(err, "xwing ability: at most %d abilities in one attack", XW_MAX_ABILITIES);
	if (condition(s, &r, b, i, q, err))
		return SL_EILLEGAL;
	pos = sl_value_items(&ev->f[B_REROLL], &np);
	typed = sl_value_items(&ev->f[B_REROLLED], &nt);
	drawn = sl_value_items(&ev->f[B_RDIE], &nd);
	cpos = sl_value_items(&ev->f[B_CHANGE], &nc);
	to = sl_value_items(&ev->f[B_TO], &nto);
	dice = attack ? r.atk : r.def;
	ndice = attack ? r.natk : r.ndef;
	mask = attack ? &r.amask : &r.dmask;
	if (b->op == OP_REROLL) {
		if (nc || nto || !np)
			return xw_illegal(err, "xwing ability: %s rerolls dice (reroll= with rerolled= or rdie=): %s",
				b->name, b->clause);
		if (np > b->count)
			return xw_illegal(err, "xwing ability: %s rerolls at most %d %s (%s)", b->name, b->count,
				b->count == 1 ? "die" : "dice", b->clause);
		if (nt && nd)
			return xw_illegal(err, "xwing ability: the rerolled dice are typed (rerolled=) or drawn (rdie=), not both");
		if (np != (nt ? nt : nd))
			return xw_illegal(err, "xwing ability: reroll= names %d %s and %s= gives %d new %s", np,
				np == 1 ? "die" : "dice", nd ? "rdie" : "rerolled", nt ? nt : nd, (nt ? nt : nd) == 1 ? "face" : "faces");
	} else {
		if (np || nt || nd || !nc)
			return xw_illegal(err, "xwing ability: %s changes results (change= with to=): %s", b->name, b->clause);
		if (nc > b->count)
			return xw_illegal(err, "xwing ability: %s changes at most %d %s (%s)", b->name, b->count,
				b->count == 1 ? "result" : "results", b->clause);
		if (nto != nc)
			return xw_illegal(err, "xwing ability: change= names %d %s and to= gives %d new %s", nc,
				nc == 1 ? "die" : "dice", nto, nto == 1 ? "face" : "faces");
	}
	for (k = 0; k < (np ? np : nc); k++) {
		int p = (np ? pos[k] : cpos[k]) + 1, f;   /* "1" is index 0 */
		if (p > ndice)
			return xw_illegal(err, "xwing ability: there is no %s die %d", attack ? "attack" : "defence", p);
		for (int j = 0; j < k; j++)
			if ((np ? pos[j] : cpos[j]) + 1 == p)
				return xw_illegal(err, "xwing ability: die %d is named twice", p);
		if (np) {
			if (*mask & (1u << (p - 1)))
				return xw_illegal(err, "xwing ability: %s die %d was rerolled already: a die is rerolled "
					"at most once", attack ? "attack" : "defence", p);
			if (nt && face_code(typed[k], attack) < 0)
				return xw_illegal(err, "xwing ability: %s shows no %s on a %s die", face_names[typed[k]],
					face_names[typed[k]], attack ? "attack" : "defence");
			continue;
		}
		f = face_of(dice[p - 1], attack);
		if (!(b->from & (1u << f)))
			return xw_illegal(err, "xwing ability: %s changes %s result (%s): %s die %d shows %s", b->name,
				b->from & (1u << F_EVADE) ? "an evade" : b->from & (1u << F_HIT) ? "a hit"
				: b->from & (1u << F_FOCUS) ? "a focus" : "a blank", b->clause, attack ? "attack" : "defence",
				p, face_names[f]);
		if (to[k] != b->to)
			return xw_illegal(err, "xwing ability: %s changes it to a %s result, not a %s (%s)", b->name,
				face_names[b->to], face_names[to[k]], b->clause);
	}
	if (b->cost == COST_FORCE && sh->force < 1)
		return xw_illegal(err, "xwing force: %s has 0 Force; %s spends 1 (%s)", sh->id, b->name, b->clause);
	if (b->cost == COST_CHARGE && (pilot && q < 0 ? sh->charges : sh->ucharges[q]) < 1)
		return xw_illegal(err, "xwing charge: %s has no charge left (%s)", b->name, b->clause);
	/* every check passed: the dice change */
	for (k = 0; k < (np ? np : nc); k++) {
		int p = (np ? pos[k] : cpos[k]);
		if (np) {
			dice[p] = nt ? (uint8_t)face_code(typed[k], attack) : drawn_face(drawn[k], attack);
			*mask = (uint16_t)(*mask | 1u << p);
		} else {
			dice[p] = (uint8_t)face_code(to[k], attack);
		}
	}
	r.ab_ship[r.nab] = (uint8_t)i;
	r.ab_card[r.nab] = (uint8_t)bi;
	r.nab++;
	s->roll = r;
	if (b->cost == COST_FORCE)
		s->ships[i].force--;
	else if (b->cost == COST_CHARGE && pilot && q < 0)
		s->ships[i].charges--;
	else if (b->cost == COST_CHARGE)
		s->ships[i].ucharges[q]--;
	if (desc) {
		sl_buf_printf(desc, "%s uses %s: %s", sh->id, b->name, np ? "rerolls" : "changes");
		for (k = 0; k < (np ? np : nc); k++)
			sl_buf_printf(desc, " die %d", (np ? pos[k] : cpos[k]) + 1);
		sl_buf_printf(desc, "; the %s dice:", attack ? "attack" : "defence");
		for (k = 0; k < ndice; k++)
			sl_buf_printf(desc, " %s", attack ? xw_atk_names[dice[k]] : xw_def_names[dice[k]]);
		if (b->cost)
			sl_buf_printf(desc, " (spends %s)", b->cost == COST_FORCE ? "1 Force" : "1 charge");
	}
	return 0;
}

/* 1 when the attacker of the waiting roll holds a card it may use before
 * the Neutralize Results step (rules version 5): in its loadout, a charge
 * left, its condition met. Whether a result is there to cancel is the
 * caller's trial. */
int xw_ability_cancel_due(const xw_state *s)
{
	const xw_roll *r = &s->roll;
	const xw_ship *a = &s->ships[r->ship];
	sl_error scratch;
	if (s->ver < 5 || !r->on)
		return 0;
	for (int bi = 0; bi < NABILITIES; bi++) {
		const ability *b = &abilities[bi];
		for (int q = 0; b->op == OP_CANCEL && q < a->nup; q++)
			if (strcmp(xw_upgrades[a->up[q]].xws, b->xws) == 0 && (b->cost != COST_CHARGE || a->ucharges[q] > 0)
			    && !condition(s, r, b, r->ship, q, &scratch))
				return 1;
	}
	return 0;
}

/* Rules version 5: after ship i fully executed maneuver m (not bumped, not
 * fled), the cards that recover a charge then (Elusive: a red maneuver, up
 * to the charges it prints). */
void xw_ability_maneuvered(xw_state *s, int i, const xw_maneuver *m, int full, sl_buf *desc)
{
	static const struct { const char *xws, *name; int colour; } recover[] = {
		{"elusive", "Elusive", XW_RED},
	};
	xw_ship *sh = &s->ships[i];
	if (s->ver < 5 || !full)
		return;
	for (int q = 0; q < sh->nup; q++) {
		const xw_upgrade_def *u = &xw_upgrades[sh->up[q]];
		for (size_t k = 0; k < sizeof recover / sizeof recover[0]; k++)
			if (m->colour == recover[k].colour && sh->ucharges[q] < u->charges && strcmp(u->xws, recover[k].xws) == 0) {
				sh->ucharges[q]++;
				if (desc)
					sl_buf_printf(desc, "; %s recovers 1 charge", recover[k].name);
			}
	}
}

int xw_ability_no_lock(const xw_state *s)
{
	for (int k = 0; k < s->roll.nab; k++)
		if (s->roll.ab_ship[k] == s->roll.ship && abilities[s->roll.ab_card[k]].cond == C_LOCK)
			return 1;
	return 0;
}

/* The state's bytes: after a waiting roll's, only when an ability was used
 * (so every other state writes the bytes it did). */
#define ABILITY_TAG 0x41   /* 'A' */

void xw_ability_write(const xw_roll *r, sl_buf *b)
{
	if (!r->nab)
		return;
	sl_buf_u8(b, ABILITY_TAG);
	sl_buf_u8(b, (uint8_t)r->nab);
	sl_buf_put(b, r->ab_ship, (size_t)r->nab);
	sl_buf_put(b, r->ab_card, (size_t)r->nab);
	sl_buf_u8(b, (uint8_t)(r->amask & 0xff));
	sl_buf_u8(b, (uint8_t)(r->amask >> 8));
	sl_buf_u8(b, (uint8_t)(r->dmask & 0xff));
	sl_buf_u8(b, (uint8_t)(r->dmask >> 8));
}

int xw_ability_read(const xw_state *s, xw_roll *r, sl_reader *rd)
{
	const uint8_t *p;
	if (rd->pos >= rd->len || rd->p[rd->pos] != ABILITY_TAG)
		return 0;
	(void)sl_read_u8(rd);
	r->nab = sl_read_u8(rd);
	if (rd->err || r->nab < 1 || r->nab > XW_MAX_ABILITIES || !(p = sl_read_bytes(rd, (size_t)r->nab)))
		return -1;
	memcpy(r->ab_ship, p, (size_t)r->nab);
	if (!(p = sl_read_bytes(rd, (size_t)r->nab)))
		return -1;
	memcpy(r->ab_card, p, (size_t)r->nab);
	if (!(p = sl_read_bytes(rd, 4)))
		return -1;
	r->amask = (uint16_t)(p[0] | p[1] << 8);
	r->dmask = (uint16_t)(p[2] | p[3] << 8);
	for (int k = 0; k < r->nab; k++)
		if (r->ab_ship[k] >= s->nships || r->ab_card[k] >= NABILITIES)
			return -1;
	if (r->amask >> r->natk || r->dmask >> r->ndef)
		return -1;
	return 0;
}
