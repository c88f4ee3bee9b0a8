/* xwing_devices.c - bombs and mines (formats/xwing.md, Devices): dropped with
 * the 1-straight template at the rear guides, or launched with the 5-straight
 * at the front guides under Trajectory Simulator, in the system phase, one
 * charge of the card each; a bomb detonates at the end of the activation
 * phase on every ship at range 0-1 of it, a mine after a ship overlaps or
 * moves through it; each device's effect, one `detonate` entry per ship. */
#include "xwing_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the devices the rules enforce --------------------------------------------
 * Their effects restated from the 2.0 cards (the X-Wing Second Edition wiki's
 * device pages, which quote them; formats/xwing.md names each). */
typedef struct dev_def {
	const char *card;             /* the upgrade's XWS id */
	const char *name;
	int mine;                     /* 0 bomb, 1 mine */
	int dice;                     /* attack dice the affected ship rolls */
	int hits, crits, ions;        /* damage and ion tokens it suffers, before the dice */
} dev_def;

static const dev_def dev_defs[XW_NDEV] = {
	{"protonbombs", "Proton Bomb", 0, 0, 0, 1, 0},
	{"seismiccharges", "Seismic Charge", 0, 0, 1, 0, 0},
	{"ionbombs", "Ion Bomb", 0, 0, 0, 0, 3},
	{"proximitymines", "Proximity Mine", 1, 2, 1, 0, 0},
	{"connernets", "Conner Net", 1, 0, 1, 0, 3},
};

const sl_field_def xw_f_device[XW_NF_DEVICE] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship that drops it"},
	{"card", SL_K_PIECE, 0, 0, 0, 63, NULL, "its device card, by XWS id (protonbombs...)"},
	{"id", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the device's id in this log"},
	{"r", SL_K_INT, 0, 500, 5000, 0, NULL, "the token's radius in 0.01 mm (5 to 50 mm)"},
	{"launch", SL_K_INT, 1, 0, 1, 0, NULL, "1: launched (Trajectory Simulator: the 5-straight ahead)"},
};
const sl_field_def xw_f_detonate[XW_NF_DETONATE] = {
	{"device", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the device that detonates"},
	{"ship", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "the ship it affects (none: it affects no ship)"},
	{"dice", SL_K_LIST, 1, 0, 0, 4, xw_atk_names, "the attack dice that ship rolls"},
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "faceup damage cards dealt"},
	{"obstacle", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "seismic charge: the obstacle chosen"},
};

static int illegal(sl_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

static int size_of(const xw_ship *sh)
{
	return xw_type_of(sh)->size;
}

static int find_device(const xw_state *s, const char *id, size_t n)
{
	for (int i = 0; i < s->ndevices; i++)
		if (strlen(s->devices[i].id) == n && memcmp(s->devices[i].id, id, n) == 0)
			return i;
	return -1;
}

static int find_named(const xw_state *s, const sl_value *v, int obstacles)
{
	size_t n;
	const char *id = sl_value_str(v, &n);
	int count = obstacles ? s->nobstacles : s->nships;
	for (int i = 0; i < count; i++) {
		const char *o = obstacles ? s->obstacles[i].id : s->ships[i].id;
		if (strlen(o) == n && memcmp(o, id, n) == 0)
			return i;
	}
	return -1;
}

/* Range 0-1 of a disc: the base within 100 mm of its edge (100 mm included). */
static int near_disc(const xw_ship *sh, int32_t x, int32_t y, int32_t r)
{
	return xw_base_disc_overlap(&sh->pose, size_of(sh), x, y, r + XW_RANGE + 1);
}

/* ---- dropping ------------------------------------------------------------------ */

static int device_card(const xw_ship *sh, const sl_value *v, int *slot, int *kind,
	sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(v, &n);
	int u = xw_upgrade_findn(id, n);
	*slot = -1;
	for (int k = 0; u >= 0 && k < sh->nup; k++)
		if (sh->up[k] == u)
			*slot = k;
	if (*slot < 0)
		return illegal(err, "xwing devices: %.*s is not in %s's loadout", (int)(n > 40 ? 40 : n),
			id, sh->id);
	if (!xw_upgrades[u].device || (strcmp(xw_upgrades[u].device, "Bomb")
	    && strcmp(xw_upgrades[u].device, "Mine")))
		return illegal(err, "xwing devices: %s is not a bomb or a mine", xw_upgrades[u].name);
	for (*kind = 0; *kind < XW_NDEV; (*kind)++)
		if (strcmp(dev_defs[*kind].card, xw_upgrades[u].xws) == 0)
			return 0;
	return illegal(err, "xwing devices: %s is not enforced yet: record its token and its "
		"effect with `effect source=%s spend=charge` lines", xw_upgrades[u].name,
		xw_upgrades[u].xws);
}

/* Where the token lies: touching the far end of the template, the 1-straight
 * (40 mm) behind the rear edge, or launched, the 5-straight (200 mm) ahead. */
static void token_place(const xw_ship *sh, int launch, int32_t r, int32_t *x, int32_t *y)
{
	int64_t half = xw_base_len(size_of(sh)) / 2;
	int64_t dy = launch ? half + 20000 + r : -(half + 4000 + r);
	xw_local_to_world(&sh->pose, 0, dy, x, y);
}

/* The token on the mat, on no base and no obstacle (D15). */
static int token_free(const xw_state *s, int32_t x, int32_t y, int32_t r, sl_error *err)
{
	if (x - r < 0 || y - r < 0 || x + r > XW_MAT || y + r > XW_MAT)
		return illegal(err, "xwing devices: the token would lie partly off the mat");
	for (int i = 0; i < s->nships; i++)
		if (xw_in_play(&s->ships[i])
		    && xw_base_disc_overlap(&s->ships[i].pose, size_of(&s->ships[i]), x, y, r))
			return illegal(err, "xwing devices: the token would overlap %s", s->ships[i].id);
	for (int i = 0; i < s->nobstacles; i++) {
		const xw_obstacle *o = &s->obstacles[i];
		if (xw_obst_disc(o, x, y, r))
			return illegal(err, "xwing devices: the token would overlap %s", o->id);
	}
	for (int i = 0; i < s->ndevices; i++) {
		const xw_device *d = &s->devices[i];
		int64_t dx = x - d->x, dy = y - d->y, rr = (int64_t)r + d->r;
		if (dx * dx + dy * dy < rr * rr)
			return illegal(err, "xwing devices: the token would overlap %s", d->id);
	}
	return 0;
}

static int drop_checks(const xw_state *s, const sl_event *ev, int i, int slot, sl_error *err)
{
	const xw_ship *sh = &s->ships[i];
	size_t n;
	const char *id = sl_value_str(&ev->f[2], &n);
	if (n == 0 || n >= XW_ID_LEN || memchr(id, 0, n))
		return illegal(err, "xwing devices: an id is 1 to %d characters", XW_ID_LEN - 1);
	if (xw_find_id(s, id, n) || find_device(s, id, n) >= 0)
		return illegal(err, "xwing devices: the id '%.*s' is taken", (int)n, id);
	if (s->ndevices >= XW_MAX_DEVICES)
		return illegal(err, "xwing devices: at most %d devices on the mat", XW_MAX_DEVICES);
	if (s->dropped[i] == s->turn)
		return illegal(err, "xwing devices: %s has already dropped a device this round",
			sh->id);
	if (sh->ucharges[slot] < 1)
		return illegal(err, "xwing devices: %s has no charge left", xw_upgrades[sh->up[slot]].name);
	if (ev->f[4].present && ev->f[4].u.i && !xw_ship_has(sh, xw_upgrade_find("trajectorysimulator")))
		return illegal(err, "xwing devices: %s launches devices only with Trajectory Simulator; "
			"it drops them", sh->id);
	return 0;
}

int xw_ev_device(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, rc, slot, kind, launch = ev->f[4].present && ev->f[4].u.i;
	int32_t x, y, r = (int32_t)ev->f[3].u.i;
	size_t n;
	const char *id = sl_value_str(&ev->f[2], &n);
	xw_ship *sh;
	xw_device *d;
	if ((rc = xw_own_ship(s, h, ev, &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	if (s->phase != XW_PH_SYSTEM)
		return illegal(err, "xwing devices: devices are dropped in the system phase, not in "
			"the %s phase", sl_phase_name(&xwing_schema, s->phase));
	if ((rc = device_card(sh, &ev->f[1], &slot, &kind, err)) != 0
	    || (rc = drop_checks(s, ev, i, slot, err)) != 0)
		return rc;
	token_place(sh, launch, r, &x, &y);
	if ((rc = token_free(s, x, y, r, err)) != 0)
		return rc;
	sh->ucharges[slot]--;
	s->dropped[i] = s->turn;
	d = &s->devices[s->ndevices++];
	memset(d, 0, sizeof *d);
	memcpy(d->id, id, n);
	d->kind = kind;
	d->card = sh->up[slot];
	d->owner = i;
	d->x = x;
	d->y = y;
	d->r = r;
	if (desc)
		sl_buf_printf(desc, "%s %s a %s (%s) at (%d.%02d, %d.%02d) mm; %d charge%s left",
			sh->id, launch ? "launches" : "drops", dev_defs[kind].name, d->id, x / 100, x % 100,
			y / 100, y % 100, sh->ucharges[slot], sh->ucharges[slot] == 1 ? "" : "s");
	return 0;
}

/* ---- what a mine touches ------------------------------------------------------- */

/* The last move of ship i (s->last) overlaps or goes through the disc. */
static int move_touches(const xw_state *s, int i, const xw_device *d)
{
	const xw_ship *sh = &s->ships[i];
	int size = size_of(sh);
	if (xw_base_disc_overlap(&s->last.to, size, d->x, d->y, d->r))
		return 1;
	if (s->last.kind == 1) {   /* the barrel roll's template between the two sides */
		int32_t half = xw_base_len(size) / 2, a0[2], a1[2], w = size == XW_SMALL ? 1000 : 2000;
		int side;
		/* which side it rolled to: the end lies to the right of the start */
		int64_t dx = (int64_t)(s->last.to.x - s->last.from.x) * xw_cos(s->last.from.h)
			- (int64_t)(s->last.to.y - s->last.from.y) * xw_sin(s->last.from.h);
		side = dx > 0;
		xw_local_to_world(&s->last.from, side ? half : -half, 0, &a0[0], &a0[1]);
		xw_local_to_world(&s->last.to, side ? -half : half, 0, &a1[0], &a1[1]);
		return xw_segment_near(a0, a1, d->x, d->y, d->r + w);
	}
	return s->last.m.bearing != XW_STOP
		&& xw_template_disc(&s->last.from, size, &s->last.m, d->x, d->y, d->r);
}

/* The first mine ship i's last move touched, or -1. */
static int mine_touched(const xw_state *s, int i)
{
	if (i < 0 || i >= s->nships || !xw_in_play(&s->ships[i]) || s->ships[i].gone)
		return -1;
	for (int k = 0; k < s->ndevices; k++)
		if (dev_defs[s->devices[k].kind].mine && move_touches(s, i, &s->devices[k]))
			return k;
	return -1;
}

static void arm_mine(xw_state *s, sl_buf *desc)
{
	int k = mine_touched(s, s->last.ship);
	if (k < 0)
		return;
	s->det = k + 1;
	s->det_left = 1u << s->last.ship;
	s->det_obstacle = 0;
	if (desc)
		sl_buf_printf(desc, "; %s touches the %s %s: it detonates (detonate device=%s ship=%s)",
			s->ships[s->last.ship].id, dev_defs[s->devices[k].kind].name, s->devices[k].id,
			s->devices[k].id, s->ships[s->last.ship].id);
}

int xw_devices_after_move(xw_state *s, int rc, sl_buf *desc)
{
	if (rc == 0 && s->ndevices > 0)
		arm_mine(s, desc);
	return rc;
}

int xw_devices_pending(const xw_state *s, sl_error *err)
{
	const xw_device *d;
	if (!s->det)
		return 0;
	d = &s->devices[s->det - 1];
	for (int i = 0; i < s->nships; i++)
		if (s->det_left & (1u << i))
			return illegal(err, "xwing devices: %s detonates first (detonate device=%s ship=%s)",
				d->id, d->id, s->ships[i].id);
	return illegal(err, "xwing devices: %s detonates first", d->id);
}

int xw_devices_phase_end(const xw_state *s, sl_error *err)
{
	if (xw_devices_pending(s, err))
		return SL_EILLEGAL;
	for (int k = 0; k < s->ndevices; k++)
		if (!dev_defs[s->devices[k].kind].mine)
			return illegal(err, "xwing devices: the bomb %s detonates at the end of the "
				"activation phase (detonate device=%s ship=...)", s->devices[k].id,
				s->devices[k].id);
	return 0;
}

/* ---- detonation ---------------------------------------------------------------- */

/* The ships at range 0-1 of the disc (x, y, r): a bit each. */
static uint32_t ships_near(const xw_state *s, int32_t x, int32_t y, int32_t r)
{
	uint32_t m = 0;
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].gone == 0 && near_disc(&s->ships[i], x, y, r))
			m |= 1u << i;
	return m;
}

/* The ships at range 0-1 of an obstacle, disc or shape. */
static uint32_t ships_near_obstacle(const xw_state *s, const xw_obstacle *o)
{
	uint32_t m = 0;
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].gone == 0
		    && xw_obst_near(o, &s->ships[i].pose, size_of(&s->ships[i]), XW_RANGE))
			m |= 1u << i;
	return m;
}

/* The seismic charge's obstacle: one at range 0-1 of the charge, named. */
static int seismic_obstacle(const xw_state *s, const xw_device *d, const sl_event *ev,
	int *out, sl_error *err)
{
	int any = -1;
	*out = -1;
	for (int k = 0; k < s->nobstacles && any < 0; k++) {
		if (xw_obst_disc_near(&s->obstacles[k], d->x, d->y, d->r, XW_RANGE))
			any = k;
	}
	if (!ev->f[4].present) {
		if (any >= 0)
			return illegal(err, "xwing devices: the seismic charge %s chooses an obstacle at "
				"range 0-1 of it (obstacle=%s, ...)", d->id, s->obstacles[any].id);
		return 0;
	}
	if ((*out = find_named(s, &ev->f[4], 1)) < 0)
		return illegal(err, "xwing devices: no obstacle of that id (obstacle=)");
	{
		const xw_obstacle *o = &s->obstacles[*out];
		if (!xw_obst_disc_near(o, d->x, d->y, d->r, XW_RANGE))
			return illegal(err, "xwing devices: %s is beyond range 1 of the seismic charge %s",
				o->id, d->id);
	}
	return 0;
}

/* The first entry of a bomb's detonation: at the end of the activation phase,
 * the ships it affects fixed now. */
static int bomb_begin(xw_state *s, int k, const sl_event *ev, sl_error *err)
{
	const xw_device *d = &s->devices[k];
	int ob = -1, rc;
	if (s->phase != XW_PH_ACTIVATION)
		return illegal(err, "xwing devices: a bomb detonates at the end of the activation "
			"phase");
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].gone == 0 && !s->ships[i].moved)
			return illegal(err, "xwing devices: the bomb %s detonates at the end of the "
				"activation phase, after every ship has moved (%s has not)", d->id,
				s->ships[i].id);
	if (d->kind == XW_DEV_SEISMIC) {
		if ((rc = seismic_obstacle(s, d, ev, &ob, err)) != 0)
			return rc;
	} else if (ev->f[4].present) {
		return illegal(err, "xwing devices: only a seismic charge chooses an obstacle");
	}
	xw_close_activation(s);
	s->det = k + 1;
	s->det_obstacle = ob + 1;
	s->det_left = d->kind != XW_DEV_SEISMIC ? ships_near(s, d->x, d->y, d->r) : ob < 0 ? 0
		: ships_near_obstacle(s, &s->obstacles[ob]);
	return 0;
}

/* The device (and a seismic charge's obstacle) leave the mat. */
static void finish(xw_state *s, sl_buf *desc)
{
	int k = s->det - 1, ob = s->det_obstacle - 1;
	if (desc)
		sl_buf_printf(desc, "%s%s is removed", desc->len ? "; " : "", s->devices[k].id);
	memmove(&s->devices[k], &s->devices[k + 1], (size_t)(s->ndevices - k - 1) * sizeof s->devices[0]);
	s->ndevices--;
	if (ob >= 0) {
		if (desc)
			sl_buf_printf(desc, ", and the obstacle %s with it", s->obstacles[ob].id);
		memmove(&s->obstacles[ob], &s->obstacles[ob + 1],
			(size_t)(s->nobstacles - ob - 1) * sizeof s->obstacles[0]);
		s->nobstacles--;
	}
	s->det = 0;
	s->det_left = 0;
	s->det_obstacle = 0;
}

static void list_left(const xw_state *s, char *out, size_t cap)
{
	size_t at = 0;
	out[0] = 0;
	for (int i = 0; i < s->nships && at + 2 < cap; i++)
		if (s->det_left & (1u << i))
			at += (size_t)snprintf(out + at, cap - at, "%s%s", at ? ", " : "", s->ships[i].id);
}

/* The named ship is one the detonation affects, not yet resolved. */
static int which_ship(const xw_state *s, const sl_event *ev, int *out, sl_error *err)
{
	const xw_device *d = &s->devices[s->det - 1];
	int ob = s->det_obstacle - 1;
	char left[160];
	list_left(s, left, sizeof left);
	if (!ev->f[1].present) {
		*out = -1;
		if (s->det_left)
			return illegal(err, "xwing devices: %s affects %s: one entry each (ship=)", d->id,
				left);
		return 0;
	}
	if ((*out = find_named(s, &ev->f[1], 0)) < 0)
		return illegal(err, "xwing devices: no ship of that id (ship=)");
	if (s->det_left & (1u << *out))
		return 0;
	if (dev_defs[d->kind].mine)
		return illegal(err, "xwing devices: the mine %s detonates on %s, the ship that touched "
			"it, not on %s", d->id, left, s->ships[*out].id);
	if (s->ships[*out].gone == 0 && (ob >= 0 ? xw_obst_near(&s->obstacles[ob],
	    &s->ships[*out].pose, size_of(&s->ships[*out]), XW_RANGE) : d->kind != XW_DEV_SEISMIC
	    && near_disc(&s->ships[*out], d->x, d->y, d->r)))
		return illegal(err, "xwing devices: %s has already suffered %s", s->ships[*out].id,
			d->id);
	return illegal(err, "xwing devices: %s is not at range 0-1 of %s", s->ships[*out].id,
		ob >= 0 ? s->obstacles[ob].id : d->id);
}

/* The device's effect on ship i: dice, damage, ion tokens. */
static int effect_on(xw_state *s, const sl_header *h, int i, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	const dev_def *def = &dev_defs[s->devices[s->det - 1].kind];
	xw_ship *sh = &s->ships[i];
	int ndice = 0, ncrit = 0, hits = def->hits, crits = def->crits, lost, faceup;
	const uint8_t *dice = sl_value_items(&ev->f[2], &ndice);
	const uint8_t *names = sl_value_items(&ev->f[3], &ncrit);
	if (!ev->f[2].present)
		ndice = 0;
	if (!ev->f[3].present)
		ncrit = 0;
	if (s->ver >= 3 && ncrit)
		return illegal(err, "xwing damage: from rules version 3 the damage cards are drawn from "
			"the deck by `damage` entries, not named in crits=");
	if (ndice != def->dice)
		return def->dice ? illegal(err, "xwing devices: the %s makes %s roll %d attack dice, "
			"not %d", def->name, sh->id, def->dice, ndice)
			: illegal(err, "xwing devices: the %s rolls no dice", def->name);
	for (int k = 0; k < ndice; k++) {
		hits += dice[k] == XW_HIT;
		crits += dice[k] == XW_CRIT;
	}
	faceup = xw_suffer(s, i, hits, crits, names, ncrit, &lost);
	if (faceup < 0 || faceup != ncrit) {
		int dealt = faceup < 0 ? ncrit + 1 : faceup;
		return illegal(err, "xwing devices: %d faceup damage %s dealt; crits= names %d",
			dealt, dealt == 1 ? "card is" : "cards are", ncrit);
	}
	sh->ion = sh->ion + def->ions > XW_MAX_TOKENS ? XW_MAX_TOKENS : sh->ion + def->ions;
	if (def->ions && xw_variant25(h) && xw_ionized(sh))
		sh->lock = -1;
	if (desc) {
		sl_buf_printf(desc, "%s detonates on %s", s->devices[s->det - 1].id, sh->id);
		for (int k = 0; k < ndice; k++)
			sl_buf_printf(desc, "%s%s", k ? " " : ", rolls ", xw_atk_names[dice[k]]);
		if (hits + crits && s->ver >= 3)   /* the cards come by `damage` entries */
			sl_buf_printf(desc, ", suffers %d damage (shields %d; %d damage %s due)", hits + crits,
				sh->shields, s->npend, s->npend == 1 ? "card" : "cards");
		else if (hits + crits)
			sl_buf_printf(desc, ", suffers %d damage (hull %d, shields %d)", hits + crits,
				sh->hull, sh->shields);
		for (int k = 0; k < ncrit; k++)
			sl_buf_printf(desc, ", %s", xw_damage_names[names[k]]);
		if (def->ions)
			sl_buf_printf(desc, ", gains %d ion tokens", def->ions);
	}
	s->det_left &= ~(1u << i);
	if (sh->hull <= 0) {
		xw_remove_ship(s, i);
		if (s->active == i)
			xw_close_activation(s);
		if (desc)
			sl_buf_puts(desc, "; destroyed");
	}
	return 0;
}

int xw_ev_detonate(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(&ev->f[0], &n);
	int k = find_device(s, id, n), i, rc, mine;
	if (k < 0)
		return illegal(err, "xwing devices: no device '%.*s' on the mat", (int)(n > 32 ? 32 : n),
			id);
	mine = dev_defs[s->devices[k].kind].mine;
	if (s->det && s->det != k + 1)
		return xw_devices_pending(s, err);
	if (!s->det && mine) {
		size_t sn = 0;
		const char *sid = ev->f[1].present ? sl_value_str(&ev->f[1], &sn) : "";
		return illegal(err, "xwing devices: %s is a mine: it detonates after a ship overlaps or "
			"moves through it%s%.*s%s", s->devices[k].id, sn ? "; " : "",
			(int)(sn > 32 ? 32 : sn), sid, sn ? " has not" : "");
	}
	if (!s->det && (rc = bomb_begin(s, k, ev, err)) != 0)
		return rc;
	if (s->det && ev->f[4].present && s->det_obstacle - 1 != find_named(s, &ev->f[4], 1))
		return illegal(err, "xwing devices: %s chose %s", s->devices[k].id,
			s->det_obstacle ? s->obstacles[s->det_obstacle - 1].id : "no obstacle");
	if ((rc = which_ship(s, ev, &i, err)) != 0)
		return rc;
	if (i >= 0 && (rc = effect_on(s, h, i, ev, desc, err)) != 0)
		return rc;
	if (i < 0 && desc)
		sl_buf_printf(desc, "%s detonates on no ship", s->devices[k].id);
	if (!s->det_left) {
		int who = s->last.ship;
		finish(s, desc);
		if (mine && who >= 0)
			arm_mine(s, desc);   /* the next mine the same move touched */
	}
	return 0;
}

/* ---- bytes and words ------------------------------------------------------------
 * After the rest of the state, only when a device is on the mat or detonating
 * (so every state without devices keeps the bytes it always had): the count,
 * each device (id, kind, card, owner, x, y, r), the detonation under way, and
 * a flag per ship: it dropped a device this round. */
void xw_devices_serialize(const xw_state *s, sl_buf *b)
{
	if (s->ndevices == 0 && !s->det && !s->roll.on)   /* a waiting roll's bytes follow this section */
		return;
	sl_buf_uvarint(b, (uint64_t)s->ndevices);
	for (int k = 0; k < s->ndevices; k++) {
		const xw_device *d = &s->devices[k];
		size_t n = strlen(d->id);
		sl_buf_uvarint(b, n);
		sl_buf_put(b, d->id, n);
		sl_buf_svarint(b, d->kind);
		sl_buf_svarint(b, d->card);
		sl_buf_svarint(b, d->owner);
		sl_buf_svarint(b, d->x);
		sl_buf_svarint(b, d->y);
		sl_buf_svarint(b, d->r);
	}
	sl_buf_svarint(b, s->det);
	sl_buf_uvarint(b, s->det_left);
	sl_buf_svarint(b, s->det_obstacle);
	for (int i = 0; i < s->nships; i++)
		sl_buf_svarint(b, s->dropped[i] == s->turn && s->turn > 0);
}

static int read_int(sl_reader *r, int lo, int hi, int *out)
{
	int64_t v = sl_read_svarint(r);
	if (r->err || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static int read_device(const xw_state *s, sl_reader *r, xw_device *d)
{
	uint64_t n = sl_read_uvarint(r);
	const uint8_t *p;
	int x, y, rad;
	if (r->err || n == 0 || n >= XW_ID_LEN || !(p = sl_read_bytes(r, (size_t)n)))
		return -1;
	memcpy(d->id, p, (size_t)n);
	d->id[n] = 0;
	for (uint64_t i = 0; i < n; i++)
		if (!((d->id[i] >= 'a' && d->id[i] <= 'z') || (d->id[i] >= 'A' && d->id[i] <= 'Z')
		      || (d->id[i] >= '0' && d->id[i] <= '9') || d->id[i] == '_' || d->id[i] == '-'))
			return -1;
	if (read_int(r, 0, XW_NDEV - 1, &d->kind) || read_int(r, 0, xw_nupgrades - 1, &d->card)
	    || read_int(r, 0, s->nships - 1, &d->owner) || read_int(r, 0, XW_MAT, &x)
	    || read_int(r, 0, XW_MAT, &y) || read_int(r, 500, 5000, &rad))
		return -1;
	d->x = x;
	d->y = y;
	d->r = rad;
	return 0;
}

int xw_devices_restore(xw_state *s, sl_reader *r)
{
	uint64_t n = sl_read_uvarint(r), left;
	if (r->err || n > XW_MAX_DEVICES)
		return -1;
	s->ndevices = (int)n;
	for (int k = 0; k < s->ndevices; k++)
		if (read_device(s, r, &s->devices[k]))
			return -1;
	if (read_int(r, 0, s->ndevices, &s->det))
		return -1;
	left = sl_read_uvarint(r);
	if (r->err || left >= (1u << s->nships) || (left && !s->det))
		return -1;
	s->det_left = (uint32_t)left;
	if (read_int(r, 0, s->nobstacles, &s->det_obstacle))
		return -1;
	for (int i = 0; i < s->nships; i++) {
		int f;
		if (read_int(r, 0, 1, &f))
			return -1;
		s->dropped[i] = f ? s->turn : 0;
	}
	/* written only when there are some, or before a waiting roll's bytes */
	return s->ndevices == 0 && !s->det && r->pos >= r->len ? -1 : 0;
}

void xw_devices_summary(const xw_state *s, sl_buf *b)
{
	for (int k = 0; k < s->ndevices; k++) {
		const xw_device *d = &s->devices[k];
		sl_buf_printf(b, "  %-10s %s of %s at (%d.%02d, %d.%02d) mm, radius %d.%02d mm%s\n",
			d->id, dev_defs[d->kind].name, s->ships[d->owner].id, d->x / 100, d->x % 100,
			d->y / 100, d->y % 100, d->r / 100, d->r % 100,
			s->det == k + 1 ? ", detonating" : "");
	}
}

void xw_devices_json(const xw_state *s, sl_buf *b)
{
	if (s->ndevices == 0)
		return;
	sl_buf_puts(b, ",\"devices\":[");
	for (int k = 0; k < s->ndevices; k++) {
		const xw_device *d = &s->devices[k];
		sl_buf_printf(b, "%s{\"id\":", k ? "," : "");
		sl_buf_json_str(b, d->id);
		sl_buf_printf(b, ",\"card\":\"%s\",\"mine\":%s,\"owner\":", dev_defs[d->kind].card,
			dev_defs[d->kind].mine ? "true" : "false");
		sl_buf_json_str(b, s->ships[d->owner].id);
		sl_buf_printf(b, ",\"x\":%d,\"y\":%d,\"r\":%d,\"detonating\":%s}", d->x, d->y, d->r,
			s->det == k + 1 ? "true" : "false");
	}
	sl_buf_puts(b, "]");
}

/* ---- the generator's devices (xwing_gen.c) -------------------------------------
 * Not in an open game (it keeps its ships): now and then a drop in the
 * system phase; a mine's detonation as soon as it is due; the bombs once
 * every ship has moved. Each entry is tried by the rules on a copy first. */
static int gen_try(const xw_state *s, const sl_header *h, const sl_event *ev)
{
	xw_state *c = sl_malloc(sizeof *c);
	int rc;
	if (!c)
		return SL_ENOMEM;
	memcpy(c, s, sizeof *c);
	rc = xwing_apply_in(c, h, ev, NULL, NULL);
	sl_free(c);
	return rc;
}

static int gen_drop(const xw_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	for (int i = 0; i < s->nships; i++) {
		const xw_ship *sh = &s->ships[i];
		char id[XW_ID_LEN];
		if (sh->gone || s->dropped[i] == s->turn || sl_prng_below(rng, 3) != 0)
			continue;
		for (int k = 0; k < sh->nup; k++) {
			int rc;
			if (!xw_upgrades[sh->up[k]].device || sh->ucharges[k] < 1)
				continue;
			snprintf(id, sizeof id, "d%d-%d", s->turn, i);
			sl_event_init(out, XW_EV_DEVICE, sh->side);
			if ((rc = sl_value_text(a, &out->f[0], sh->id))
			    || (rc = sl_value_text(a, &out->f[1], xw_upgrades[sh->up[k]].xws))
			    || (rc = sl_value_text(a, &out->f[2], id)))
				return rc;
			sl_value_int(&out->f[3], 1200);
			if (gen_try(s, h, out) == 0)
				return 0;
		}
	}
	return 1;
}

/* detonate device=D [ship=S] [obstacle=O] with its dice and as many faceup
 * cards as the rules want. */
static int gen_detonate(const xw_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, int d, int ship, int ob)
{
	const dev_def *def = &dev_defs[s->devices[d].kind];
	uint8_t dice[4], names[XW_MAX_CRITS];
	int rc, nd = 0;
	while (xw_damage_ids[nd])
		nd++;
	sl_event_init(out, XW_EV_DETONATE, -1);
	if ((rc = sl_value_text(a, &out->f[0], s->devices[d].id))
	    || (ship >= 0 && (rc = sl_value_text(a, &out->f[1], s->ships[ship].id)))
	    || (ob >= 0 && (rc = sl_value_text(a, &out->f[4], s->obstacles[ob].id))))
		return rc;
	for (int k = 0; k < def->dice; k++)
		dice[k] = (uint8_t)sl_prng_below(rng, 4);
	if (def->dice && (rc = sl_value_bytes(a, &out->f[2], dice, def->dice)) != 0)
		return rc;
	for (int k = 0; k <= XW_MAX_CRITS; k++) {
		for (int j = 0; j < k; j++)
			names[j] = (uint8_t)sl_prng_below(rng, (uint32_t)nd);
		memset(&out->f[3], 0, sizeof out->f[3]);
		if (k && (rc = sl_value_bytes(a, &out->f[3], names, k)) != 0)
			return rc;
		if (gen_try(s, h, out) == 0)
			return 0;
	}
	return 1;
}

/* A bomb's first entry: each obstacle (or none) and each ship (or none)
 * until the rules take one. */
static int gen_bomb(const xw_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	for (int d = 0; d < s->ndevices; d++) {
		if (dev_defs[s->devices[d].kind].mine)
			continue;
		for (int ob = -1; ob < s->nobstacles; ob++)
			for (int i = -1; i < s->nships; i++) {
				int rc = gen_detonate(s, h, rng, a, out, d, i, ob);
				if (rc <= 0)
					return rc;
			}
	}
	return 1;
}

int xw_gen_devices(const xw_state *s, const sl_header *h, int open, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	if (s->det) {
		for (int i = 0; i < s->nships; i++)
			if (s->det_left & (1u << i))
				return gen_detonate(s, h, rng, a, out, s->det - 1, i, -1);
		return 1;
	}
	if (open)
		return 1;
	if (s->phase == XW_PH_SYSTEM)
		return gen_drop(s, h, rng, a, out);
	if (s->phase != XW_PH_ACTIVATION || s->ndevices == 0)
		return 1;
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].gone == 0 && !s->ships[i].moved)
			return 1;
	return gen_bomb(s, h, rng, a, out);
}
