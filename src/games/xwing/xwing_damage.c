/* xwing_damage.c - rules version 3: the core damage deck, one per player,
 * drawn card by card by `damage` entries (the recorder draws the card out of
 * the deck's weights, as other draws are made: sl_game.chances), faceup and
 * facedown cards, and each faceup card's effect where it is mechanical
 * (formats/xwing.md, The damage deck). */
#include "xwing_int.h"

#include <stdio.h>
#include <string.h>

/* The Core Set damage deck of X-Wing second edition (Fantasy Flight Games,
 * 2018): 33 cards, the count of each by name, in xw_damage_ids order. A fact
 * of the published game, as listed on the community wiki page "Damage
 * Cards" (xwing-miniatures-second-edition.fandom.com) and the pips printed
 * on each card; no card text is kept. */
const uint8_t xw_damage_deck[XW_NDAMAGE] = {
	5,   /* Direct Hit! */
	2,   /* Blinded Pilot */
	2,   /* Console Fire */
	2,   /* Damaged Engine */
	2,   /* Damaged Sensor Array */
	2,   /* Disabled Power Regulator */
	4,   /* Fuel Leak */
	2,   /* Hull Breach */
	2,   /* Loose Stabilizer */
	2,   /* Panicked Pilot */
	2,   /* Structural Damage */
	2,   /* Stunned Pilot */
	2,   /* Wounded Pilot */
	2,   /* Weapons Failure */
};

void xw_deck_init(xw_state *s)
{
	for (int p = 0; p < SL_MAX_PLAYERS; p++)
		memcpy(s->deck[p], xw_damage_deck, XW_NDAMAGE);
}

int xw_faceup(const xw_ship *sh, int card)
{
	int n = 0;
	for (int k = 0; k < sh->ncards; k++)
		n += sh->card[k] == card && sh->card_up[k] == 1;
	return n;
}

/* The printed hull and what its upgrades add ("s=hull:1" grants). */
int xw_hull_max(const xw_ship *sh)
{
	int hull = xw_type_of(sh)->hull, k;
	for (int i = 0; i < sh->nup; i++) {
		const char *g = xw_upgrades[sh->up[i]].grants;
		while (g && (g = strstr(g, "s=")) != NULL) {
			if (sscanf(g, "s=hull:%d", &k) == 1)
				hull += k;
			g += 2;
		}
	}
	return hull;
}

static int threshold(const xw_ship *sh)
{
	return xw_ionized_threshold(xw_type_of(sh)->size);
}

/* Agility: Structural Damage takes one each; a cloak token adds two; a
 * tractored ship (as many tractor tokens as its size's threshold) one less. */
int xw_agility(const xw_state *s, const xw_ship *sh)
{
	int a = xw_type_of(sh)->agility;
	if (s->ver < 3)
		return a;
	a -= xw_faceup(sh, XW_D_STRUCTURAL);
	if (sh->cloak)
		a += 2;
	if (sh->tractor >= threshold(sh))
		a -= 1;
	return a < 0 ? 0 : a;
}

/* Attack dice fewer: one a faceup Weapons Failure, one for a deplete token. */
int xw_attack_less(const xw_state *s, const xw_ship *sh)
{
	if (s->ver < 3)
		return 0;
	return xw_faceup(sh, XW_D_WEAPONSFAILURE) + (sh->deplete > 0);
}

static int pend(xw_state *s, int i, int up, int front)
{
	if (s->npend >= XW_MAX_PEND)
		return -1;
	if (front) {
		memmove(s->pend_ship + 1, s->pend_ship, (size_t)s->npend);
		memmove(s->pend_up + 1, s->pend_up, (size_t)s->npend);
		s->pend_ship[0] = (int8_t)i;
		s->pend_up[0] = (uint8_t)up;
	} else {
		s->pend_ship[s->npend] = (int8_t)i;
		s->pend_up[s->npend] = (uint8_t)up;
	}
	s->npend++;
	return 0;
}

/* Suffering damage (rules reference, Damage): one at a time, hits before
 * crits; each takes a shield while one is active, else a damage card is
 * dealt, facedown for a hit, faceup for a crit. Hull Breach faceup turns the
 * hits into crits first. */
int xw_suffer3(xw_state *s, int i, int hits, int crits)
{
	xw_ship *sh = &s->ships[i];
	int lost = 0;
	if (hits > 0 && xw_faceup(sh, XW_D_HULLBREACH)) {
		crits += hits;
		hits = 0;
	}
	for (int k = 0; k < hits + crits; k++) {
		if (sh->shields > 0) {
			sh->shields--;
			lost++;
			continue;
		}
		if (pend(s, i, k >= hits, 0))
			return -1;
	}
	return lost;
}

/* One hit suffered now, before the cards still due (a card's own effect). */
static void hit_now(xw_state *s, int i)
{
	if (s->ships[i].shields > 0)
		s->ships[i].shields--;
	else
		pend(s, i, 0, 1);
}

static void refresh(xw_ship *sh)
{
	int hull = xw_hull_max(sh) - sh->ncards;
	sh->cards = sh->damage = sh->ncards;
	sh->hull = hull < 0 ? 0 : hull;
	sh->ncrits = 0;
	for (int k = 0; k < sh->ncards && sh->ncrits < XW_MAX_CRITS; k++)
		if (sh->card_up[k] == 1)
			sh->crits[sh->ncrits++] = sh->card[k];
}

static int deck_left(const xw_state *s, int side)
{
	int n = 0;
	for (int c = 0; c < XW_NDAMAGE; c++)
		n += s->deck[side][c];
	return n;
}

/* The weights of the next draw from side's deck; an empty deck is made
 * again from the cards of its destroyed ships and those discarded (rules
 * reference, Damage Cards). */
static void next_deck(const xw_state *s, int side, uint8_t w[XW_NDAMAGE])
{
	memcpy(w, s->deck[side], XW_NDAMAGE);
	if (deck_left(s, side) > 0)
		return;
	for (int c = 0; c < XW_NDAMAGE; c++)
		w[c] = s->spent[side][c];
	for (int k = 0; k < s->nships; k++)
		if (s->ships[k].side == side && s->ships[k].gone == 2)
			for (int j = 0; j < s->ships[k].ncards; j++)
				w[s->ships[k].card[j]]++;
}

static void reshuffle(xw_state *s, int side)
{
	if (deck_left(s, side) > 0)
		return;
	next_deck(s, side, s->deck[side]);
	memset(s->spent[side], 0, XW_NDAMAGE);
	for (int k = 0; k < s->nships; k++)
		if (s->ships[k].side == side && s->ships[k].gone == 2)
			s->ships[k].ncards = 0;   /* its cards are shuffled in (its hull stays 0) */
}

int xwing_chances(const void *st, const sl_header *h, int type, int field, uint8_t *weights,
	int max)
{
	const xw_state *s = st;
	(void)h;
	if (s->ver < 3 || type != XW_EV_DAMAGE || field != 1 || max < XW_NDAMAGE || !s->npend)
		return 0;
	next_deck(s, s->ships[s->pend_ship[0]].side, weights);
	return XW_NDAMAGE;
}

/* A faceup card's effect as it is dealt. */
static void faceup_now(xw_state *s, int i, int k, int from_crit, sl_buf *desc)
{
	xw_ship *sh = &s->ships[i];
	int c = sh->card[k];
	if (from_crit)   /* Fuel Leak: after a crit damage, one hit and it is repaired */
		for (int j = 0; j < k; j++)
			if (sh->card[j] == XW_D_FUELLEAK && sh->card_up[j] == 1) {
				sh->card_up[j] = 2;
				hit_now(s, i);
				if (desc)
					sl_buf_puts(desc, "; Fuel Leak: 1 more damage, and it is repaired");
				break;
			}
	if (c == XW_D_DIRECTHIT) {   /* suffer one hit, then it is repaired */
		sh->card_up[k] = 2;
		hit_now(s, i);
		if (desc)
			sl_buf_puts(desc, ": 1 more damage, then it is repaired (facedown)");
	} else if (c == XW_D_PANICKEDPILOT) {   /* two stress, then repaired */
		sh->stress = sh->stress + 2 > XW_MAX_TOKENS ? XW_MAX_TOKENS : sh->stress + 2;
		sh->card_up[k] = 2;
		if (desc)
			sl_buf_printf(desc, ": gains 2 stress (%d), then it is repaired (facedown)",
				sh->stress);
	}
}

int xwing_ev_damage(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, up, card = ev->f[1].u.i, side, k;
	xw_ship *sh;
	(void)h;
	if (s->ver < 3)
		return xw_illegal(err, "xwing damage: damage entries come with rules version 3");
	if (!s->npend)
		return xw_illegal(err, "xwing damage: no damage card is due");
	i = s->pend_ship[0];
	up = s->pend_up[0];
	sh = &s->ships[i];
	if (ev->f[0].present) {
		size_t n;
		const char *id = sl_value_str(&ev->f[0], &n);
		if (strlen(sh->id) != n || memcmp(sh->id, id, n) != 0)
			return xw_illegal(err, "xwing damage: the next damage card is due to %s", sh->id);
	}
	if (card < 0 || card >= XW_NDAMAGE)
		return xw_illegal(err, "xwing damage: no such damage card");
	side = sh->side;
	reshuffle(s, side);
	if (!s->deck[side][card])
		return xw_illegal(err, "xwing damage: no %s is left in the damage deck of %s (%d "
			"cards left)", xw_damage_names[card], xw_side_name(h, side), deck_left(s, side));
	if (sh->ncards >= XW_MAX_CARDS)
		return xw_illegal(err, "xwing damage: a ship holds at most %d damage cards",
			XW_MAX_CARDS);
	s->deck[side][card]--;
	s->npend--;
	memmove(s->pend_ship, s->pend_ship + 1, (size_t)s->npend);
	memmove(s->pend_up, s->pend_up + 1, (size_t)s->npend);
	k = sh->ncards++;
	s->last_deal = i;
	sh->card[k] = (uint8_t)card;
	sh->card_up[k] = (uint8_t)up;
	if (s->ver >= 4 && up && card == XW_D_CONSOLEFIRE && s->phase == XW_PH_ENGAGEMENT
	    && (sh->engaged || xw_init_of(sh) > s->engage_init))
		sh->fire_rolled++;   /* dealt once its step is over: no die this round (H12) */
	if (desc) {
		if (up)
			sl_buf_printf(desc, "%s is dealt %s faceup", sh->id, xw_damage_names[card]);
		else
			sl_buf_printf(desc, "%s is dealt a facedown damage card (%s)", sh->id,
				xw_damage_names[card]);
	}
	if (up)
		faceup_now(s, i, k, 1, desc);
	refresh(sh);
	if (desc)
		sl_buf_printf(desc, "; hull %d", sh->hull);
	if (sh->hull <= 0 && sh->gone == 0) {
		xw_destroyed(s, i);
		if (desc)
			sl_buf_puts(desc, sh->gone == 1 ? "; destroyed, it still fires at this initiative"
				: "; destroyed");
	}
	if (desc && s->npend)
		sl_buf_printf(desc, " (%d more due)", s->npend);
	return 0;
}

/* After a maneuver (rules version 3): Loose Stabilizer after a maneuver
 * other than a straight (forward or reverse): one hit, then it is repaired;
 * Stunned Pilot after moving through or overlapping an obstacle: one hit;
 * Disabled Power Regulator is repaired after an ion maneuver. */
void xw_after_maneuver(xw_state *s, int i, const xw_maneuver *m, int through_obstacle,
	sl_buf *desc)
{
	xw_ship *sh = &s->ships[i];
	if (s->ver < 3)
		return;
	for (int k = 0; k < sh->ncards; k++) {
		if (sh->card_up[k] != 1)
			continue;
		switch (sh->card[k]) {
		case XW_D_LOOSESTABILIZER:
			if (m->bearing == XW_ST || m->bearing == XW_RST)
				break;
			sh->card_up[k] = 2;
			xw_suffer3(s, i, 1, 0);
			if (desc)
				sl_buf_puts(desc, "; Loose Stabilizer: 1 damage, and it is repaired");
			break;
		case XW_D_STUNNEDPILOT:
			if (!through_obstacle)
				break;
			xw_suffer3(s, i, 1, 0);
			if (desc)
				sl_buf_puts(desc, "; Stunned Pilot: 1 damage");
			break;
		case XW_D_POWERREGULATOR:
			if (!sh->ion_flight)
				break;
			sh->card_up[k] = 2;
			if (desc)
				sl_buf_puts(desc, "; Disabled Power Regulator is repaired");
			break;
		default:
			break;
		}
	}
	refresh(sh);
}

/* Disabled Power Regulator: before it engages a ship gains an ion token;
 * we give it at the start of the engagement phase (formats/xwing.md, house
 * rule H3: ion tokens change nothing until the ship's next activation). */
void xw_engagement_starts(xw_state *s, sl_buf *desc)
{
	(void)desc;
	if (s->ver < 3)
		return;
	for (int i = 0; i < s->nships; i++) {
		xw_ship *sh = &s->ships[i];
		int n = xw_faceup(sh, XW_D_POWERREGULATOR);
		if (sh->gone || !n)
			continue;
		sh->ion = sh->ion + n > XW_MAX_TOKENS ? XW_MAX_TOKENS : sh->ion + n;
	}
}

/* The repair action of a faceup card that has one: flipped facedown. */
int xw_repair(xw_state *s, int i, int card, sl_buf *desc, sl_error *err)
{
	xw_ship *sh = &s->ships[i];
	if (card == XW_D_DIRECTHIT || card == XW_D_PANICKEDPILOT || card == XW_D_DAMAGEDENGINE
	    || card == XW_D_STUNNEDPILOT || card == XW_D_POWERREGULATOR)
		return xw_illegal(err, "xwing damage: %s has no repair action",
			xw_damage_names[card]);
	for (int k = 0; k < sh->ncards; k++)
		if (sh->card[k] == card && sh->card_up[k] == 1) {
			sh->card_up[k] = 2;
			refresh(sh);
			if (desc)
				sl_buf_printf(desc, "repairs %s (flipped facedown)", xw_damage_names[card]);
			return 0;
		}
	return xw_illegal(err, "xwing damage: %s has no faceup %s", sh->id, xw_damage_names[card]);
}

/* A facedown card is seen by nobody at the table (RR, Damage Cards): every
 * view but the omniscient one learns that a card was dealt, not which. */
int xwing_veil(const void *st, const sl_header *h, const sl_event *ev, int side, sl_buf *desc,
	uint32_t *hide)
{
	const xw_state *s = st;
	const xw_ship *sh;
	(void)h;
	(void)side;
	if (s->ver < 3 || ev->type != XW_EV_DAMAGE || s->last_deal < 0)
		return 0;
	sh = &s->ships[s->last_deal];
	if (sh->ncards < 1 || sh->card_up[sh->ncards - 1] != 0)
		return 0;
	sl_buf_reset(desc);
	sl_buf_printf(desc, "%s is dealt a facedown damage card; hull %d%s", sh->id, sh->hull,
		sh->gone ? "; destroyed" : "");
	if (s->npend)
		sl_buf_printf(desc, " (%d more due)", s->npend);
	*hide = 1u << 1;   /* card */
	return 1;
}

/* ---- rules version 4: the dice of Console Fire and Wounded Pilot ---------------------- */

/* carddie: one attack die a faceup card rolls (formats/xwing.md, The damage
 * deck): Console Fire before the ship engages (a hit: one hit damage),
 * Wounded Pilot after each action it performs (a hit or a crit: a stress
 * token). Typed (die=) or drawn by the recorder (adie=). */
static const char *const carddie_faces[] = {"hit", "crit", "focus", "blank", NULL};
const sl_field_def xw_f_carddie[XW_NF_CARDDIE] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship whose faceup card rolls"},
	{"card", SL_K_ENUM, 0, 0, 0, 0, xw_damage_ids, "consolefire or woundedpilot"},
	{"die", SL_K_LIST, 1, 0, 0, 1, carddie_faces, "the attack die as rolled at the table"},
	{"adie", SL_K_DICE, 1, 1, 8, 1, NULL, "or drawn: 1-3 hit, 4 crit, 5-6 focus, 7-8 blank"},
};

int xw_fire_due(const xw_state *s, int i)
{
	const xw_ship *sh = &s->ships[i];
	return s->ver >= 4 && sh->gone == 0 && s->phase == XW_PH_ENGAGEMENT && !sh->engaged
		&& xw_faceup(sh, XW_D_CONSOLEFIRE) > sh->fire_rolled;
}

void xw_wounded_after(xw_state *s, int i)
{
	int n = s->ver >= 4 ? xw_faceup(&s->ships[i], XW_D_WOUNDEDPILOT) : 0;
	for (int k = 0; k < n && s->ndie < XW_MAX_PEND; k++)
		s->die_ship[s->ndie++] = (int8_t)i;
}

int xw_card_dice_due(const xw_state *s, sl_error *err)
{
	if (!s->ndie)
		return 0;
	return xw_illegal(err, "xwing damage: %s has a faceup Wounded Pilot: after its action it rolls "
		"one attack die first (carddie ship=%s card=woundedpilot; the recorder rolls it)",
		s->ships[s->die_ship[0]].id, s->ships[s->die_ship[0]].id);
}

int xw_ev_carddie(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int i = -1, card = ev->f[1].u.i, nt, nd, face;
	size_t n = 0;
	const char *id = sl_value_str(&ev->f[0], &n);
	const uint8_t *t = sl_value_items(&ev->f[2], &nt), *d = sl_value_items(&ev->f[3], &nd);
	xw_ship *sh;
	(void)h;
	for (int k = 0; k < s->nships; k++)
		if (strlen(s->ships[k].id) == n && memcmp(s->ships[k].id, id, n) == 0)
			i = k;
	if (i < 0)
		return xw_illegal(err, "xwing: there is no ship %.*s", (int)n, id);
	sh = &s->ships[i];
	if (card != XW_D_CONSOLEFIRE && card != XW_D_WOUNDEDPILOT)
		return xw_illegal(err, "xwing damage: %s rolls no die: only Console Fire and Wounded Pilot do",
			xw_damage_names[card]);
	if (!xw_faceup(sh, card))
		return xw_illegal(err, "xwing damage: %s has no faceup %s", sh->id, xw_damage_names[card]);
	if (nt + nd != 1)
		return xw_illegal(err, "xwing damage: %s rolls one attack die: die= as rolled, or adie=? "
			"for the recorder to draw it", xw_damage_names[card]);
	face = nt ? t[0] : d[0] <= 3 ? 0 : d[0] == 4 ? 1 : d[0] <= 6 ? 2 : 3;
	if (card == XW_D_WOUNDEDPILOT) {
		if (!s->ndie || s->die_ship[0] != i)
			return xw_illegal(err, "xwing damage: no Wounded Pilot die is due for %s: it rolls after "
				"each action it performs", sh->id);
		s->ndie--;
		memmove(s->die_ship, s->die_ship + 1, (size_t)s->ndie);
		if (face <= 1)
			sh->stress++;
	} else {
		if (!xw_fire_due(s, i))
			return xw_illegal(err, "xwing damage: %s rolls Console Fire's die in the engagement phase, "
				"before it engages, once a round for each faceup copy", sh->id);
		sh->fire_rolled++;
		if (face == 0)
			xw_suffer3(s, i, 1, 0);
	}
	if (desc)
		sl_buf_printf(desc, "%s's %s rolls %s: %s", sh->id, xw_damage_names[card], carddie_faces[face],
			card == XW_D_WOUNDEDPILOT ? (face <= 1 ? "a stress token" : "nothing")
			: face == 0 ? "one hit damage" : "nothing");
	return 0;
}
