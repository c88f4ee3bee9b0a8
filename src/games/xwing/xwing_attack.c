/* xwing_attack.c - an attack in two entries (formats/xwing.md, An attack in
 * two entries): `roll` records the dice as they fell (typed from the table,
 * or drawn by the recorder's fair roller as eight-sided dice read through
 * the published faces), then `modify` the spends and rerolls chosen after
 * seeing them; the modify is resolved by the rules of the one-entry
 * `attack`, which old logs keep. A new event kind: no log of an earlier
 * build holds one, so no rules version changes. */
#include "xwing_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const position_names[] = {
	"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", NULL
};

const sl_field_def xw_f_roll[XW_NF_ROLL] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the attacker"},
	{"target", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the defender"},
	{"weapon", SL_K_ENUM, 1, 0, 0, 0, xw_weapon_names_v2, "primary (default), rear, ioncannonturret or card"},
	{"card", SL_K_PIECE, 1, 0, 0, 63, NULL, "weapon=card: the upgrade fired, by XWS id"},
	{"atk", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, xw_atk_names, "the attack dice as rolled at the table"},
	{"def", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, xw_def_names, "the defence dice as rolled at the table"},
	{"adie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL,
		"or the attack dice drawn: 1-3 hit, 4 crit, 5-6 focus, 7-8 blank"},
	{"ddie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL,
		"or the defence dice drawn: 1-3 evade, 4-5 focus, 6-8 blank"},
};

const sl_field_def xw_f_modify[XW_NF_MODIFY] = {
	{"ship", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "the attacker (default: the one that rolled)"},
	{"aspend", SL_K_LIST, 1, 0, 0, 2, xw_aspend_names, "the attacker spends: focus, lock"},
	{"reroll", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, position_names,
		"attack dice (1-based positions) rerolled by spending the lock"},
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, xw_atk_names, "their new faces, typed"},
	{"rdie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL, "or drawn, as adie"},
	{"dspend", SL_K_LIST, 1, 0, 0, 2, xw_dspend_names, "the defender spends: focus, evade"},
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "faceup damage cards dealt, in order"},
};

/* Rules version 4 (the published order: Roll Attack Dice, Modify Attack
 * Dice, Roll Defense Dice, Modify Defense Dice, Compare Results): the roll
 * holds the attack dice only, the attacker's modify its own spends and
 * rerolls, `defend` the defence dice, the defender's modify its spends. */
const sl_field_def xw_f_roll4[XW_NF_ROLL4] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the attacker"},
	{"target", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the defender"},
	{"weapon", SL_K_ENUM, 1, 0, 0, 0, xw_weapon_names_v2, "primary (default), rear, ioncannonturret or card"},
	{"card", SL_K_PIECE, 1, 0, 0, 63, NULL, "weapon=card: the upgrade fired, by XWS id"},
	{"atk", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, xw_atk_names, "the attack dice as rolled at the table"},
	{"adie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL,
		"or the attack dice drawn: 1-3 hit, 4 crit, 5-6 focus, 7-8 blank"},
};

const sl_field_def xw_f_modify4[XW_NF_MODIFY4] = {
	{"ship", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL,
		"a check: the attacker, or after `defend` the defender (default: whose turn it is)"},
	{"aspend", SL_K_LIST, 1, 0, 0, 6, xw_aspend_names4,
		"the attacker spends: focus, lock, calculate, force (one focus each)"},
	{"reroll", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, position_names,
		"attack dice (1-based positions) rerolled by spending the lock"},
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, xw_atk_names, "their new faces, typed"},
	{"rdie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL, "or drawn, as adie"},
	{"dspend", SL_K_LIST, 1, 0, 0, 6, xw_dspend_names4,
		"the defender spends (its own modify): focus, evade, calculate, force"},
};

const sl_field_def xw_f_defend[XW_NF_DEFEND] = {
	{"ship", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "the defender (a check)"},
	{"def", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, xw_def_names, "the defence dice as rolled at the table"},
	{"ddie", SL_K_DICE, 1, 1, 8, XW_MAX_DICE, NULL,
		"or drawn: 1-3 evade, 4-5 focus, 6-8 blank"},
};

enum { R_SHIP, R_TARGET, R_WEAPON, R_CARD, R_ATK, R_DEF, R_ADIE, R_DDIE };
enum { R4_ATK = 4, R4_ADIE };
enum { D_SHIP, D_DEF, D_DDIE };
enum { M_SHIP, M_ASPEND, M_REROLL, M_REROLLED, M_RDIE, M_DSPEND, M_CRITS };
/* The one-entry attack's fields (xwing.c, f_attack_v2). */
enum { A_SHIP, A_TARGET, A_WEAPON, A_ATK, A_REROLL, A_REROLLED, A_ASPEND, A_DEF, A_DSPEND, A_CRITS, A_CARD };

static int illegal(sl_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	char msg[sizeof err->msg];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return sl_error_set(err, SL_EILLEGAL, "%s", msg);
}

/* An eight-sided die read as the published faces (formats/xwing.md, Dice):
 * attack 3 hit, 1 crit, 2 focus, 2 blank; defence 3 evade, 2 focus, 3 blank. */
static uint8_t atk_face(uint8_t d)
{
	return d <= 3 ? XW_HIT : d == 4 ? XW_CRIT : d <= 6 ? XW_AFOCUS : XW_ABLANK;
}

static uint8_t def_face(uint8_t d)
{
	return d <= 3 ? XW_EVADE : d <= 5 ? XW_DFOCUS : XW_DBLANK;
}

static int ship_named(const xw_state *s, const sl_value *v)
{
	size_t n = 0;
	const char *id = sl_value_str(v, &n);
	for (int i = 0; id && i < s->nships; i++)
		if (strlen(s->ships[i].id) == n && memcmp(s->ships[i].id, id, n) == 0)
			return i;
	return -1;
}

int xw_roll_waits(const xw_state *s, sl_error *err)
{
	const xw_roll *r = &s->roll;
	if (s->ver >= 4)
		return illegal(err, "xwing 4: %s's attack on %s is rolled and waits for %s", s->ships[r->ship].id,
			s->ships[r->target].id, r->step == 1 ? "the attacker's modifications: `modify` (aspend=, "
			"reroll=; nothing spent: `modify` alone) comes next" : r->step == 2 ? "the defence dice: "
			"`defend` (def= as rolled, or the recorder draws them) comes next" : r->step == 3 ? "the defender's "
			"modifications: its `modify` (dspend=; nothing spent: `modify` alone) comes next" : "the attacker, "
			"before the Neutralize Results step: `ability card=crackshot` (1 evade result cancelled) or its "
			"`modify` alone (passed) comes next");
	return illegal(err, "xwing 4: %s's attack on %s is rolled and waits for its modifications: "
		"`modify` (aspend=, reroll=, dspend=, crits=; nothing spent: `modify` alone) comes next",
		s->ships[r->ship].id, s->ships[r->target].id);
}

static void put_items(sl_value *v, const uint8_t *p, int n)
{
	v->present = n > 0;
	v->n = (uint16_t)n;
	v->p = p;
}

/* The faces of one side of the roll: typed (names) or drawn (dice read as
 * faces). 0, or refused. */
static int roll_faces(const sl_event *ev, int named, int drawn, uint8_t (*face)(uint8_t), uint8_t *out,
	int *n, const char *what, sl_error *err)
{
	int nn, nd;
	const uint8_t *a = sl_value_items(&ev->f[named], &nn), *d = sl_value_items(&ev->f[drawn], &nd);
	if (nn && nd)
		return illegal(err, "xwing 4: the %s dice are typed (%s=) or drawn (%s=), not both", what,
			face == atk_face ? "atk" : "def", face == atk_face ? "adie" : "ddie");
	*n = nn ? nn : nd;
	for (int k = 0; k < *n; k++)
		out[k] = nn ? a[k] : face(d[k]);
	return 0;
}

/* The one-entry attack of this roll, with the modify's fields (or none). */
static void as_attack(const xw_state *s, const xw_roll *r, int player, sl_event *out)
{
	const xw_ship *sh = &s->ships[r->ship];
	sl_event_init(out, XW_EV_ATTACK, player);
	out->f[A_SHIP].present = 1;
	out->f[A_SHIP].p = sh->id;
	out->f[A_SHIP].n = (uint16_t)strlen(sh->id);
	out->f[A_TARGET].present = 1;
	out->f[A_TARGET].p = s->ships[r->target].id;
	out->f[A_TARGET].n = (uint16_t)strlen(s->ships[r->target].id);
	sl_value_int(&out->f[A_WEAPON], r->weapon >= XW_W_CARD ? XW_W_CARD : r->weapon);
	if (r->weapon >= XW_W_CARD) {
		const char *x = xw_upgrades[sh->up[r->weapon - XW_W_CARD]].xws;
		out->f[A_CARD].present = 1;
		out->f[A_CARD].p = x;
		out->f[A_CARD].n = (uint16_t)strlen(x);
	}
	put_items(&out->f[A_ATK], r->atk, r->natk);
	put_items(&out->f[A_DEF], r->def, r->ndef);
}

/* The weapon a roll names, as XW_W_* (a card: XW_W_CARD + its index). */
static int roll_weapon(const xw_state *s, const sl_event *ev, int a, int *weapon, sl_error *err)
{
	const xw_ship *sh = &s->ships[a];
	size_t cn = 0;
	const char *cid = ev->f[R_CARD].present ? sl_value_str(&ev->f[R_CARD], &cn) : NULL;
	int u = cid ? xw_upgrade_findn(cid, cn) : -1;
	*weapon = ev->f[R_WEAPON].present ? ev->f[R_WEAPON].u.i : cid ? XW_W_CARD : XW_W_PRIMARY;
	if (*weapon != XW_W_CARD)
		return cid ? illegal(err, "xwing 4: card= goes with weapon=card") : 0;
	if (!cid)
		return illegal(err, "xwing 4: weapon=card needs card= (the upgrade's XWS id)");
	for (int q = 0; u >= 0 && q < sh->nup; q++)
		if (sh->up[q] == u) {
			*weapon = XW_W_CARD + q;
			return 0;
		}
	return illegal(err, "xwing 4: %.*s is not in %s's loadout", (int)cn, cid, sh->id);
}

static void describe_roll(const xw_state *s, const xw_roll *r, sl_buf *desc)
{
	sl_buf_printf(desc, "%s rolls against %s:", s->ships[r->ship].id, s->ships[r->target].id);
	for (int k = 0; k < r->natk; k++)
		sl_buf_printf(desc, " %s", xw_atk_names[r->atk[k]]);
	sl_buf_puts(desc, "; defence:");
	for (int k = 0; k < r->ndef; k++)
		sl_buf_printf(desc, " %s", xw_def_names[r->def[k]]);
	if (!r->ndef)
		sl_buf_puts(desc, " no dice");
	sl_buf_puts(desc, " (modifications next)");
}

/* roll: every check of the attack up to the dice counts, tried as that
 * attack with its faces all blank (so that nothing is spent or dealt) on a
 * copy of the state; then the faces wait in the state for the modify. */
static int roll4(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
static int modify4(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);

int xw_ev_roll(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r;
	xw_state *copy;
	sl_event t;
	uint8_t blank_a[XW_MAX_DICE], blank_d[XW_MAX_DICE];
	int rc;
	if (s->ver >= 4)
		return roll4(s, h, ev, desc, err);
	memset(&r, 0, sizeof r);
	if ((rc = roll_faces(ev, R_ATK, R_ADIE, atk_face, r.atk, &r.natk, "attack", err)) != 0 ||
	    (rc = roll_faces(ev, R_DEF, R_DDIE, def_face, r.def, &r.ndef, "defence", err)) != 0)
		return rc;
	if (!r.natk)
		return illegal(err, "xwing 4: roll needs the attack dice: atk= as rolled at the table "
			"(atk=hit,focus,...), or adie=? for the recorder to draw them");
	memset(blank_a, XW_ABLANK, sizeof blank_a);
	memset(blank_d, XW_DBLANK, sizeof blank_d);
	sl_event_init(&t, XW_EV_ATTACK, ev->player);
	t.f[A_SHIP] = ev->f[R_SHIP];
	t.f[A_TARGET] = ev->f[R_TARGET];
	if (ev->f[R_WEAPON].present)
		t.f[A_WEAPON] = ev->f[R_WEAPON];
	else
		sl_value_int(&t.f[A_WEAPON], ev->f[R_CARD].present ? XW_W_CARD : XW_W_PRIMARY);
	t.f[A_CARD] = ev->f[R_CARD];
	put_items(&t.f[A_ATK], blank_a, r.natk);
	put_items(&t.f[A_DEF], blank_d, r.ndef);
	if (!(copy = sl_malloc(sizeof *copy)))
		return sl_error_set(err, SL_ENOMEM, "xwing: out of memory");
	memcpy(copy, s, sizeof *copy);
	rc = xw_ev_attack(copy, h, &t, NULL, err);   /* phase, ship, target, weapon, arc, range, counts */
	sl_free(copy);
	if (rc)
		return rc;
	r.ship = ship_named(s, &ev->f[R_SHIP]);
	r.target = ship_named(s, &ev->f[R_TARGET]);
	if ((rc = roll_weapon(s, ev, r.ship, &r.weapon, err)) != 0)
		return rc;
	r.on = 1;
	s->roll = r;
	if (desc)
		describe_roll(s, &r, desc);
	return 0;
}

/* The lock's rerolls: positions, and the new faces typed or drawn. */
static int modify_rerolls(const sl_event *ev, uint8_t *pos, uint8_t *faces, int *n, sl_error *err)
{
	int np, nt, nd;
	const uint8_t *p = sl_value_items(&ev->f[M_REROLL], &np);
	const uint8_t *t = sl_value_items(&ev->f[M_REROLLED], &nt), *d = sl_value_items(&ev->f[M_RDIE], &nd);
	if (nt && nd)
		return illegal(err, "xwing 4: the rerolled dice are typed (rerolled=) or drawn (rdie=), not both");
	if (np != (nt ? nt : nd))
		return illegal(err, "xwing 4: reroll= names %d %s and %s= gives %d new %s", np,
			np == 1 ? "die" : "dice", nd ? "rdie" : "rerolled", nt ? nt : nd, (nt ? nt : nd) == 1 ? "face" : "faces");
	for (int k = 0; k < np; k++) {
		pos[k] = (uint8_t)(p[k] + 1);   /* "1" is index 0 */
		faces[k] = nt ? t[k] : atk_face(d[k]);
	}
	*n = np;
	return 0;
}

/* modify: the roll's attack resolved with the spends and rerolls chosen,
 * each checked by the attack's rules (a token spent is held, a reroll needs
 * the lock spent, an evade token changes a blank or focus). */
int xw_ev_modify(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r = s->roll;
	sl_event t;
	uint8_t pos[XW_MAX_DICE], faces[XW_MAX_DICE];
	int n = 0, rc, a;
	if (s->ver >= 4)
		return modify4(s, h, ev, desc, err);
	if (s->phase != XW_PH_ENGAGEMENT || !r.on)
		return illegal(err, "xwing 4: modify follows a roll: nothing is rolled to modify");
	a = ev->f[M_SHIP].present ? ship_named(s, &ev->f[M_SHIP]) : r.ship;
	if (a != r.ship)
		return illegal(err, "xwing 4: the dice rolled are %s's (its attack on %s), not %.*s's",
			s->ships[r.ship].id, s->ships[r.target].id, (int)ev->f[M_SHIP].n,
			(const char *)ev->f[M_SHIP].p);
	if ((rc = modify_rerolls(ev, pos, faces, &n, err)) != 0)
		return rc;
	as_attack(s, &r, ev->player, &t);
	put_items(&t.f[A_REROLL], pos, n);
	put_items(&t.f[A_REROLLED], faces, n);
	t.f[A_ASPEND] = ev->f[M_ASPEND];
	t.f[A_DSPEND] = ev->f[M_DSPEND];
	t.f[A_CRITS] = ev->f[M_CRITS];
	s->roll.on = 0;
	if ((rc = xw_ev_attack(s, h, &t, desc, err)) != 0) {
		s->roll.on = 1;
		return rc;
	}
	if (desc && n)
		sl_buf_printf(desc, " (rerolled: %d)", n);
	return 0;
}

/* ---- rules version 4: the published order ----------------------------------------- */

/* The attack of roll r tried on a copy of the state (nothing kept): 0, or
 * the refusal. */
static int trial(const xw_state *s, const sl_header *h, const sl_event *t, sl_error *err)
{
	xw_state *copy = sl_malloc(sizeof *copy);
	int rc;
	if (!copy)
		return sl_error_set(err, SL_ENOMEM, "xwing: out of memory");
	memcpy(copy, s, sizeof *copy);
	copy->roll.on = 0;
	rc = xw_ev_attack(copy, h, t, NULL, err);
	sl_free(copy);
	return rc;
}

/* The defence dice the rules take against roll r now (0 when they refuse
 * the attack: the trial then says why). */
static int def_count(const xw_state *s, const xw_roll *r)
{
	int na = 0, nd = 0, range = 0;
	return xw_attack_dice(s, r->ship, r->target, r->weapon, &na, &nd, &range, NULL) ? 0 : nd;
}

static const uint8_t blanks_d[XW_MAX_DICE] = {
	XW_DBLANK, XW_DBLANK, XW_DBLANK, XW_DBLANK, XW_DBLANK, XW_DBLANK,
	XW_DBLANK, XW_DBLANK, XW_DBLANK, XW_DBLANK, XW_DBLANK, XW_DBLANK
};

/* The attacker's side of the attack: its dice, rerolls and spends (kept in
 * r), and the defence dice r holds, or ndef blanks when ndef >= 0. */
static void as_attack4(const xw_state *s, const xw_roll *r, int ndef, sl_event *t)
{
	as_attack(s, r, s->ships[r->ship].side, t);
	put_items(&t->f[A_REROLL], r->re, r->nre);
	put_items(&t->f[A_REROLLED], r->refaces, r->nre);
	put_items(&t->f[A_ASPEND], r->as, r->nas);
	if (ndef >= 0)
		put_items(&t->f[A_DEF], blanks_d, ndef);
}

/* The attack results after the attacker's modify, for the description. */
static void describe_modified(const xw_state *s, const xw_roll *r, sl_buf *desc)
{
	uint8_t f[XW_MAX_DICE];
	int focus = 0, one = 0;
	memcpy(f, r->atk, sizeof f);
	for (int k = 0; k < r->nre; k++)
		f[r->re[k] - 1] = r->refaces[k];
	for (int k = 0; k < r->nas; k++)
		focus |= r->as[k] == XW_SP_FOCUS, one += r->as[k] >= XW_SP_CALCULATE;
	for (int k = 0; k < r->natk; k++) {
		if (f[k] == XW_AFOCUS && (focus || one > 0))
			f[k] = XW_HIT, one -= !focus;
		if (f[k] == XW_CRIT && xw_crits_to_hits(s, r->ship, r->weapon))
			f[k] = XW_HIT;
	}
	sl_buf_printf(desc, "%s modifies its attack:", s->ships[r->ship].id);
	for (int k = 0; k < r->natk; k++)
		sl_buf_printf(desc, " %s", xw_atk_names[f[k]]);
	sl_buf_printf(desc, " (spent:");
	for (int k = 0; k < r->nas; k++)
		sl_buf_printf(desc, " %s", xw_aspend_names4[r->as[k]]);
	sl_buf_printf(desc, "%s%s); %s rolls %d defence %s next", r->nas ? "" : " nothing",
		r->nre ? ", rerolled" : "", s->ships[r->target].id, def_count(s, r),
		def_count(s, r) == 1 ? "die" : "dice");
	if (xw_crits_to_hits(s, r->ship, r->weapon))
		sl_buf_puts(desc, " (Heavy Laser Cannon: the crit results are hits from here)");
}

/* roll (v4): the attack dice only, every check of the attack before its
 * dice tried with them blank and the defence dice the rules take blank. */
static int roll4(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r;
	sl_event t;
	uint8_t blank_a[XW_MAX_DICE];
	int rc, a = ship_named(s, &ev->f[R_SHIP]), d = ship_named(s, &ev->f[R_TARGET]);
	memset(&r, 0, sizeof r);
	if ((rc = roll_faces(ev, R4_ATK, R4_ADIE, atk_face, r.atk, &r.natk, "attack", err)) != 0)
		return rc;
	if (!r.natk)
		return illegal(err, "xwing 4: roll needs the attack dice: atk= as rolled at the table "
			"(atk=hit,focus,...), or adie=? for the recorder to draw them");
	r.ship = a;
	r.target = d;
	if (a >= 0 && d >= 0 && (rc = roll_weapon(s, ev, a, &r.weapon, err)) != 0)
		return rc;
	memset(blank_a, XW_ABLANK, sizeof blank_a);
	sl_event_init(&t, XW_EV_ATTACK, ev->player);
	t.f[A_SHIP] = ev->f[R_SHIP];
	t.f[A_TARGET] = ev->f[R_TARGET];
	if (ev->f[R_WEAPON].present)
		t.f[A_WEAPON] = ev->f[R_WEAPON];
	else
		sl_value_int(&t.f[A_WEAPON], ev->f[R_CARD].present ? XW_W_CARD : XW_W_PRIMARY);
	t.f[A_CARD] = ev->f[R_CARD];
	put_items(&t.f[A_ATK], blank_a, r.natk);
	put_items(&t.f[A_DEF], blanks_d, a >= 0 && d >= 0 ? def_count(s, &r) : 0);
	if ((rc = trial(s, h, &t, err)) != 0)   /* phase, ship, target, weapon, arc, range, counts */
		return rc;
	r.on = 1;
	r.step = 1;
	s->roll = r;
	if (desc) {
		sl_buf_printf(desc, "%s rolls against %s:", s->ships[a].id, s->ships[d].id);
		for (int k = 0; k < r.natk; k++)
			sl_buf_printf(desc, " %s", xw_atk_names[r.atk[k]]);
		sl_buf_puts(desc, " (its modifications next, then the defence dice)");
	}
	return 0;
}

/* The side whose turn it is in a roll: the ship= check, and the player. */
static int turn_of(const xw_state *s, const sl_header *h, const sl_event *ev, int who, const char *entry,
	sl_error *err)
{
	const xw_ship *sh = &s->ships[who];
	const char *role = who == s->roll.ship ? "attacker" : "defender";
	if (ev->f[M_SHIP].present && ship_named(s, &ev->f[M_SHIP]) != who)
		return illegal(err, "xwing 4: this %s is %s's (the %s of %s's attack on %s), not %.*s's", entry,
			sh->id, role, s->ships[s->roll.ship].id, s->ships[s->roll.target].id,
			(int)ev->f[M_SHIP].n, (const char *)ev->f[M_SHIP].p);
	if (ev->player != sh->side)
		return illegal(err, "xwing 4: %s is the %s: its %s is %s's, the player who flies it, not %s's",
			sh->id, role, entry, xw_side_name(h, sh->side), xw_side_name(h, ev->player));
	return 0;
}

/* modify (v4): the attacker's, then (after `defend`) the defender's. */
static int modify4(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r = s->roll;
	sl_event t;
	int n = 0, rc, nas, nds;
	const uint8_t *as = sl_value_items(&ev->f[M_ASPEND], &nas);
	if (s->phase != XW_PH_ENGAGEMENT || !r.on)
		return illegal(err, "xwing 4: modify follows a roll: nothing is rolled to modify");
	if (r.step == 2)
		return xw_roll_waits(s, err);
	if (r.step == 1) {
		if ((rc = turn_of(s, h, ev, r.ship, "modify", err)) != 0)
			return rc;
		if (ev->f[M_DSPEND].present)
			return illegal(err, "xwing 4: the defender spends after its defence dice are rolled: "
				"dspend= goes in the defender's own modify, after `defend`");
		if ((rc = modify_rerolls(ev, r.re, r.refaces, &n, err)) != 0)
			return rc;
		for (int k = 0; k < n; k++)
			if (r.amask & (1u << (r.re[k] - 1)))
				return illegal(err, "xwing 4: die %d was rerolled already, by a card's ability: a die is "
					"rerolled at most once", r.re[k]);
		for (int k = 0; k < nas; k++)
			if (as[k] == XW_SP_LOCK_OR_EVADE && xw_ability_no_lock(s))
				return illegal(err, "xwing ability: %s rerolled a die with Fire-Control System: it does not "
					"spend its lock in this attack", s->ships[r.ship].id);
		r.nre = n;
		r.nas = nas;
		if (nas)   /* no list: no pointer to copy from */
			memcpy(r.as, as, (size_t)nas);
		as_attack4(s, &r, def_count(s, &r), &t);
		if ((rc = trial(s, h, &t, err)) != 0)   /* the spends held, the reroll allowed */
			return rc;
		r.step = 2;
		s->roll = r;
		if (desc)
			describe_modified(s, &r, desc);
		return 0;
	}
	if (r.step == 4) {   /* v5: the attacker passes before Neutralize Results */
		if ((rc = turn_of(s, h, ev, r.ship, "modify", err)) != 0)
			return rc;
		if (nas || ev->f[M_REROLL].present || ev->f[M_REROLLED].present || ev->f[M_RDIE].present
		    || ev->f[M_DSPEND].present)
			return illegal(err, "xwing 4: before Neutralize Results the attacker spends nothing: its "
				"`modify` alone passes, `ability ship=%s card=crackshot` cancels an evade result",
				s->ships[r.ship].id);
		return xw_roll_resolve(s, h, desc, err);
	}
	if ((rc = turn_of(s, h, ev, r.target, "modify", err)) != 0)
		return rc;
	if (nas || ev->f[M_REROLL].present || ev->f[M_REROLLED].present || ev->f[M_RDIE].present)
		return illegal(err, "xwing 4: the attacker's modifications came before the defence dice: "
			"the defender's modify holds dspend= only");
	{
		const uint8_t *ds = sl_value_items(&ev->f[M_DSPEND], &nds);
		r.nds = nds;
		if (nds)
			memcpy(r.ds, ds, (size_t)nds);
	}
	s->roll = r;
	if (xw_ability_cancel_due(s)) {   /* v5: a card to use before Neutralize Results */
		as_attack4(s, &r, -1, &t);
		put_items(&t.f[A_DSPEND], r.ds, r.nds);
		if ((rc = trial(s, h, &t, err)) != 0)   /* the defender's spends held */
			return rc;
		s->roll.cancel = 1;
		rc = trial(s, h, &t, err);   /* and an evade result there to cancel */
		s->roll.cancel = 0;
		sl_error_clear(err);
		if (rc == 0) {
			s->roll.step = 4;
			if (desc) {
				sl_buf_printf(desc, "%s modifies its defence (spent:", s->ships[r.target].id);
				for (int k = 0; k < r.nds; k++)
					sl_buf_printf(desc, " %s", xw_dspend_names4[r.ds[k]]);
				sl_buf_printf(desc, "%s); before the Neutralize Results step %s may use Crack Shot "
					"(`ability ship=%s card=crackshot`) or pass (`modify`)", r.nds ? "" : " nothing",
					s->ships[r.ship].id, s->ships[r.ship].id);
			}
			return 0;
		}
	}
	return xw_roll_resolve(s, h, desc, err);
}

int xw_roll_resolve(xw_state *s, const sl_header *h, sl_buf *desc, sl_error *err)
{
	xw_roll r = s->roll;
	sl_event t;
	int rc;
	as_attack4(s, &r, -1, &t);
	put_items(&t.f[A_DSPEND], r.ds, r.nds);
	s->roll.on = 0;
	if ((rc = xw_ev_attack(s, h, &t, desc, err)) != 0) {
		s->roll.on = 1;
		s->roll.cancel = 0;
		return rc;
	}
	memset(&s->roll, 0, sizeof s->roll);
	return 0;
}

/* defend (v4): the defence dice, after the attacker's modify, as many as
 * the rules take. */
int xw_ev_defend(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r = s->roll;
	int rc, want;
	if (s->phase != XW_PH_ENGAGEMENT || !r.on)
		return illegal(err, "xwing 4: defend follows an attacker's roll and modify: nothing is rolled");
	if (r.step != 2)
		return xw_roll_waits(s, err);
	if ((rc = turn_of(s, h, ev, r.target, "defence roll", err)) != 0)
		return rc;
	if ((rc = roll_faces(ev, D_DEF, D_DDIE, def_face, r.def, &r.ndef, "defence", err)) != 0)
		return rc;
	want = def_count(s, &r);
	if (r.ndef != want)
		return illegal(err, "xwing 4: %s rolls %d defence %s, not %d", s->ships[r.target].id, want,
			want == 1 ? "die" : "dice", r.ndef);
	r.step = 3;
	s->roll = r;
	if (desc) {
		sl_buf_printf(desc, "%s rolls its defence against %s:", s->ships[r.target].id,
			s->ships[r.ship].id);
		for (int k = 0; k < r.ndef; k++)
			sl_buf_printf(desc, " %s", xw_def_names[r.def[k]]);
		if (!r.ndef)
			sl_buf_puts(desc, " no dice");
		sl_buf_puts(desc, " (its modifications next)");
	}
	return 0;
}

/* ---- the state's bytes ----------------------------------------------------------- */

#define ROLL_TAG 0x52   /* 'R': a roll waits */

void xw_roll_write(const xw_state *s, sl_buf *b)
{
	const xw_roll *r = &s->roll;
	if (!r->on)
		return;
	sl_buf_u8(b, ROLL_TAG);
	sl_buf_u8(b, (uint8_t)r->ship);
	sl_buf_u8(b, (uint8_t)r->target);
	sl_buf_u8(b, (uint8_t)r->weapon);
	sl_buf_u8(b, (uint8_t)r->natk);
	sl_buf_put(b, r->atk, (size_t)r->natk);
	sl_buf_u8(b, (uint8_t)r->ndef);
	sl_buf_put(b, r->def, (size_t)r->ndef);
	if (s->ver < 4)
		return;
	sl_buf_u8(b, (uint8_t)r->step);   /* v4: the step, the attacker's modify */
	sl_buf_u8(b, (uint8_t)r->nre);
	sl_buf_put(b, r->re, (size_t)r->nre);
	sl_buf_put(b, r->refaces, (size_t)r->nre);
	sl_buf_u8(b, (uint8_t)r->nas);
	sl_buf_put(b, r->as, (size_t)r->nas);
	if (r->step == 4) {   /* v5 only: the defender's spends, kept for Neutralize Results */
		sl_buf_u8(b, (uint8_t)r->nds);
		sl_buf_put(b, r->ds, (size_t)r->nds);
	}
	xw_ability_write(r, b);   /* only when a card's ability was used */
}

static int roll_read4(const xw_state *s, xw_roll *r, sl_reader *rd)
{
	const uint8_t *p;
	r->step = sl_read_u8(rd);
	r->nre = sl_read_u8(rd);
	if (rd->err || r->step < 1 || r->step > (s->ver >= 5 ? 4 : 3) || r->nre > r->natk
	    || (r->step < 3 && r->ndef) || (r->step == 1 && r->nre))
		return -1;
	if (r->nre) {
		if (!(p = sl_read_bytes(rd, (size_t)r->nre)))
			return -1;
		memcpy(r->re, p, (size_t)r->nre);
		if (!(p = sl_read_bytes(rd, (size_t)r->nre)))
			return -1;
		memcpy(r->refaces, p, (size_t)r->nre);
	}
	r->nas = sl_read_u8(rd);
	if (rd->err || r->nas > 6 || (r->step == 1 && r->nas) || (r->nas && !(p = sl_read_bytes(rd, (size_t)r->nas))))
		return -1;
	if (r->nas)
		memcpy(r->as, p, (size_t)r->nas);
	for (int k = 0; k < r->nre; k++)
		if (r->re[k] < 1 || r->re[k] > r->natk || r->refaces[k] > XW_ABLANK)
			return -1;
	for (int k = 0; k < r->nas; k++)
		if (r->as[k] > XW_SP_CALCULATE + 1)
			return -1;
	if (r->step == 4) {
		r->nds = sl_read_u8(rd);
		if (rd->err || r->nds > 6 || (r->nds && !(p = sl_read_bytes(rd, (size_t)r->nds))))
			return -1;
		if (r->nds)
			memcpy(r->ds, p, (size_t)r->nds);
		for (int k = 0; k < r->nds; k++)
			if (r->ds[k] > 3)
				return -1;
	}
	return 0;
}

int xw_roll_read(xw_state *s, sl_reader *rd)
{
	xw_roll *r = &s->roll;
	const uint8_t *p;
	memset(r, 0, sizeof *r);
	if (sl_read_u8(rd) != ROLL_TAG)
		return -1;
	r->ship = sl_read_u8(rd);
	r->target = sl_read_u8(rd);
	r->weapon = sl_read_u8(rd);
	r->natk = sl_read_u8(rd);
	if (rd->err || r->ship >= s->nships || r->target >= s->nships || r->natk < 1 || r->natk > XW_MAX_DICE ||
	    (r->weapon >= XW_W_CARD && r->weapon - XW_W_CARD >= s->ships[r->ship].nup) || !(p = sl_read_bytes(rd, (size_t)r->natk)))
		return -1;
	memcpy(r->atk, p, (size_t)r->natk);
	r->ndef = sl_read_u8(rd);
	if (rd->err || r->ndef > XW_MAX_DICE || (r->ndef && !(p = sl_read_bytes(rd, (size_t)r->ndef))))
		return -1;
	if (r->ndef)
		memcpy(r->def, p, (size_t)r->ndef);
	for (int k = 0; k < r->natk; k++)
		if (r->atk[k] > XW_ABLANK)
			return -1;
	for (int k = 0; k < r->ndef; k++)
		if (r->def[k] > XW_DBLANK)
			return -1;
	r->on = 1;
	r->step = 1;
	return s->ver >= 4 ? (roll_read4(s, r, rd) ? -1 : xw_ability_read(s, r, rd)) : 0;
}
