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

enum { R_SHIP, R_TARGET, R_WEAPON, R_CARD, R_ATK, R_DEF, R_ADIE, R_DDIE };
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
			xw_f_roll[named].name, xw_f_roll[drawn].name);
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
int xw_ev_roll(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	xw_roll r;
	xw_state *copy;
	sl_event t;
	uint8_t blank_a[XW_MAX_DICE], blank_d[XW_MAX_DICE];
	int rc;
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
	return 0;
}
