/* xwing_state.c - the xwing state as bytes (canonical serialization and a
 * checked restore of untrusted snapshots, both from one walk over the fields)
 * and as words (summary, JSON, help). */
#include "xwing_int.h"

#include <string.h>

/* ---- canonical bytes -------------------------------------------------------------
 * u8 version (the rules version: 1, 2 or 3), then every field below in this order as a zigzag varint
 * (strings: a varint length then the bytes; the commitment: 32 raw bytes).
 * Ships and obstacles past nships / nobstacles are not written; restore
 * leaves them zero, as every state has them. */
#define XW_MAX_COUNT 1000000

typedef struct io {
	sl_buf *b;          /* writing */
	sl_reader *r;       /* reading */
	int bad;
} io;

static void f_int(io *c, int *v, int lo, int hi)
{
	if (c->b) {
		sl_buf_svarint(c->b, *v);
		return;
	}
	{
		int64_t x = sl_read_svarint(c->r);
		if (c->r->err || x < lo || x > hi)
			c->bad = 1;
		else
			*v = (int)x;
	}
}

static void f_i32(io *c, int32_t *v, int lo, int hi)
{
	int t = *v;
	f_int(c, &t, lo, hi);
	*v = t;
}

static void f_uns(io *c, unsigned *v, int hi)
{
	int t = (int)*v;
	f_int(c, &t, 0, hi);
	*v = (unsigned)t;
}

static void f_id(io *c, char *s, size_t cap)
{
	if (c->b) {
		size_t n = strlen(s);
		sl_buf_uvarint(c->b, n);
		sl_buf_put(c->b, s, n);
		return;
	}
	{
		uint64_t n = sl_read_uvarint(c->r);
		const uint8_t *p;
		if (c->r->err || n == 0 || n >= cap) {
			c->bad = 1;
			return;
		}
		p = sl_read_bytes(c->r, (size_t)n);
		if (!p) {
			c->bad = 1;
			return;
		}
		for (uint64_t i = 0; i < n; i++) {
			unsigned char ch = p[i];
			if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')
			      || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'))
				c->bad = 1;
		}
		memcpy(s, p, (size_t)n);
		s[n] = 0;
	}
}

static void f_pose(io *c, xw_pose *p)
{
	f_i32(c, &p->x, -XW_MAT, 2 * XW_MAT);
	f_i32(c, &p->y, -XW_MAT, 2 * XW_MAT);
	f_i32(c, &p->h, 0, XW_TURN - 1);
}

static void f_man(io *c, xw_maneuver *m)
{
	f_int(c, &m->speed, 0, 5);
	f_int(c, &m->bearing, 0, XW_NBEARING - 1);
	f_int(c, &m->colour, 0, 3);
}

/* Version 1 wrote its two upgrades as a bit mask; later versions the list. */
static void f_loadout(io *c, int ver, xw_ship *sh)
{
	if (ver == 1) {
		unsigned mask = 0;
		for (int i = 0; i < sh->nup; i++)
			mask |= 1u << sh->up[i];
		f_uns(c, &mask, (1 << XW_NUPGRADE_V1) - 1);
		if (!c->b) {
			sh->nup = 0;
			for (int u = 0; u < XW_NUPGRADE_V1; u++)
				if (mask & (1u << u))
					sh->up[sh->nup++] = (int16_t)u;
		}
		return;
	}
	f_int(c, &sh->nup, 0, XW_MAX_UPGRADES);
	for (int i = 0; i < sh->nup && !c->bad; i++) {
		int v = sh->up[i];
		f_int(c, &v, 0, xw_nupgrades - 1);
		sh->up[i] = (int16_t)v;
	}
}

static void f_u8(io *c, uint8_t *v, int lo, int hi)
{
	int t = *v;
	f_int(c, &t, lo, hi);
	*v = (uint8_t)t;
}

/* Rules version 3: the damage decks, the cards due, the coordinated ship. */
static void walk3(io *c, xw_state *s)
{
	for (int p = 0; p < SL_MAX_PLAYERS; p++)
		for (int k = 0; k < XW_NDAMAGE; k++) {
			f_u8(c, &s->deck[p][k], 0, xw_damage_deck[k]);
			f_u8(c, &s->spent[p][k], 0, xw_damage_deck[k]);
		}
	f_int(c, &s->npend, 0, XW_MAX_PEND);
	for (int k = 0; k < s->npend && !c->bad; k++) {
		int v = s->pend_ship[k];
		f_int(c, &v, 0, s->nships - 1);
		s->pend_ship[k] = (int8_t)v;
		f_u8(c, &s->pend_up[k], 0, 1);
	}
	f_int(c, &s->coord, -1, s->nships - 1);
	f_int(c, &s->last_deal, -1, s->nships - 1);
	if (s->ver >= 4) {   /* Wounded Pilot dice due */
		f_int(c, &s->ndie, 0, XW_MAX_PEND);
		for (int k = 0; k < s->ndie && !c->bad; k++) {
			int v = s->die_ship[k];
			f_int(c, &v, 0, s->nships - 1);
			s->die_ship[k] = (int8_t)v;
		}
	}
}

static void ship3(io *c, xw_ship *sh)
{
	f_int(c, &sh->ncards, 0, XW_MAX_CARDS);
	for (int k = 0; k < sh->ncards && !c->bad; k++) {
		f_u8(c, &sh->card[k], 0, XW_NDAMAGE - 1);
		f_u8(c, &sh->card_up[k], 0, 2);
	}
	f_int(c, &sh->calculate, 0, XW_MAX_COUNT);
	f_int(c, &sh->strain, 0, XW_MAX_COUNT);
	f_int(c, &sh->deplete, 0, XW_MAX_COUNT);
	f_int(c, &sh->disarm, 0, XW_MAX_COUNT);
	f_int(c, &sh->jam, 0, XW_MAX_COUNT);
	f_int(c, &sh->tractor, 0, XW_MAX_COUNT);
	f_int(c, &sh->cloak, 0, 1);
	f_int(c, &sh->reinforce, 0, 2);
	f_int(c, &sh->flown_speed, 0, 5);
	f_int(c, &sh->tractor_moved, 0, 1);
}

static void ship4(io *c, xw_ship *sh)
{
	f_int(c, &sh->fire_rolled, 0, XW_MAX_CARDS);
}

static void walk(io *c, xw_state *s)
{
	int ndmg = 0;
	while (xw_damage_ids[ndmg])
		ndmg++;
	f_int(c, &s->turn, 0, XW_MAX_COUNT);
	f_int(c, &s->phase, 0, 5);
	f_int(c, &s->nships, 0, XW_MAX_SHIPS);
	f_int(c, &s->nobstacles, 0, XW_MAX_OBSTACLES);
	if (c->bad)
		return;
	f_int(c, &s->active, -1, s->nships - 1);
	f_int(c, &s->engage_init, 0, 7);
	f_int(c, &s->last.ship, -1, s->nships - 1);
	f_int(c, &s->last.kind, 0, 2);
	f_man(c, &s->last.m);
	f_pose(c, &s->last.from);
	f_pose(c, &s->last.to);
	f_int(c, &s->last.stop, -1, XW_PATH_STEPS);
	if (s->ver >= 2)
		for (int p = 0; p < SL_MAX_PLAYERS; p++)
			f_int(c, &s->objective[p], 0, XW_MAX_COUNT);
	if (s->ver >= 3)
		walk3(c, s);
	for (int i = 0; i < s->nobstacles && !c->bad; i++) {
		xw_obstacle *o = &s->obstacles[i];
		/* a disc writes its kind (0, 1) as it always did; a shape (rules
		 * version 3, `hazard`) writes 2 + its kind, then its shape and
		 * heading, so the bytes of every earlier state are unchanged */
		int code = o->shape ? 2 + o->kind : o->kind;
		f_id(c, o->id, sizeof o->id);
		f_int(c, &code, 0, s->ver >= 3 ? 4 : 1);
		if (c->bad)
			return;
		o->kind = code >= 2 ? code - 2 : code;
		if (code < 2 && o->kind > XW_DEBRIS)
			c->bad = 1;
		f_i32(c, &o->x, 0, XW_MAT);
		f_i32(c, &o->y, 0, XW_MAT);
		f_i32(c, &o->r, 500, 10000);
		if (code >= 2) {
			int n;
			const xw_shape_def *tab = xw_shape_table(s->ver, &n);
			f_int(c, &o->shape, 1, n);
			f_i32(c, &o->a, 0, XW_TURN - 1);
			o->six = s->ver >= 6;
			if (!c->bad && (tab[o->shape - 1].kind != o->kind
			    || tab[o->shape - 1].r != o->r))
				c->bad = 1;
		} else {
			o->shape = 0;
			o->a = 0;
			o->six = 0;
		}
	}
	for (int i = 0; i < s->nships && !c->bad; i++) {
		xw_ship *sh = &s->ships[i];
		f_id(c, sh->id, sizeof sh->id);
		f_int(c, &sh->side, 0, SL_MAX_PLAYERS - 1);
		f_int(c, &sh->pilot, 0, xw_npilots - 1);
		f_loadout(c, s->ver, sh);
		f_pose(c, &sh->pose);
		f_int(c, &sh->hull, 0, 99);
		f_int(c, &sh->shields, 0, 99);
		f_int(c, &sh->damage, 0, 999);
		f_int(c, &sh->cards, 0, 999);
		f_int(c, &sh->ncrits, 0, XW_MAX_CRITS);
		if (c->bad)
			return;
		for (int k = 0; k < sh->ncrits; k++) {
			int v = sh->crits[k];
			f_int(c, &v, 0, ndmg - 1);
			sh->crits[k] = (uint8_t)v;
		}
		f_int(c, &sh->ion, 0, XW_MAX_COUNT);
		f_int(c, &sh->stress, 0, XW_MAX_COUNT);
		f_int(c, &sh->focus, 0, XW_MAX_COUNT);
		f_int(c, &sh->evade, 0, XW_MAX_COUNT);
		f_int(c, &sh->lock, -1, XW_MAX_SHIPS - 1);
		f_int(c, &sh->turret_arc, 0, 3);
		f_int(c, &sh->gone, 0, 2);
		f_int(c, &sh->fled, 0, 1);
		f_int(c, &sh->has_commit, 0, 1);
		if (c->b) {
			sl_buf_put(c->b, sh->commit, SL_COMMIT_BYTES);
		} else {
			const uint8_t *p = sl_read_bytes(c->r, SL_COMMIT_BYTES);
			if (!p)
				c->bad = 1;
			else
				memcpy(sh->commit, p, SL_COMMIT_BYTES);
		}
		f_int(c, &sh->assigned, 0, 1);
		f_int(c, &sh->revealed, 0, 1);
		f_man(c, &sh->dial);
		f_int(c, &sh->activated, 0, 1);
		f_int(c, &sh->ion_flight, 0, 1);
		f_int(c, &sh->moved, 0, 1);
		f_int(c, &sh->skip_action, 0, 1);
		f_int(c, &sh->nactions, 0, 10);
		f_uns(c, &sh->done_actions, (1 << (s->ver >= 3 ? XW_NACTION3 : XW_NACTION)) - 1);
		f_int(c, &sh->last_action, -1, (s->ver >= 3 ? XW_NACTION3 : XW_NACTION) - 1);
		f_int(c, &sh->sensors, 0, 1);
		f_int(c, &sh->engaged, 0, 1);
		if (s->ver >= 2) {
			f_int(c, &sh->ion_done, 0, 1);
			f_int(c, &sh->bonus_hp, 0, 99);
			f_int(c, &sh->force, 0, 99);
			f_int(c, &sh->charges, 0, 99);
			for (int k = 0; k < sh->nup; k++) {
				int v = sh->ucharges[k];
				f_int(c, &v, 0, 99);
				sh->ucharges[k] = (int8_t)v;
			}
		}
		if (s->ver >= 3)
			ship3(c, sh);
		if (s->ver >= 4)
			ship4(c, sh);
	}
}

int xwing_serialize(const void *st, sl_buf *b)
{
	io c = {b, NULL, 0};
	/* the first byte is the rules version: 1 writes the bytes it always did */
	sl_buf_u8(b, (uint8_t)((const xw_state *)st)->ver);
	walk(&c, (xw_state *)st);   /* writing only reads the fields */
	xw_devices_serialize(st, b);
	xw_roll_write(st, b);       /* only while a roll waits for its modify */
	return b->failed ? SL_ENOMEM : SL_OK;
}

int xwing_restore(void **out, const void *p, size_t n, sl_error *err)
{
	sl_reader r;
	io c;
	xw_state *s = sl_calloc(1, sizeof *s);
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "xwing: out of memory");
	sl_reader_init(&r, p, n);
	c.b = NULL;
	c.r = &r;
	c.bad = 0;
	s->ver = sl_read_u8(&r);
	if (r.err || s->ver < 1 || s->ver > XWING_RULES_VERSION) {
		sl_free(s);
		return sl_error_set(err, SL_EFORMAT, "xwing snapshot: unknown version");
	}
	walk(&c, s);
	/* the two last sections: the devices (always there before a waiting roll) and the roll */
	if (!c.bad && !r.err && r.pos != r.len && s->ver >= 2 && xw_devices_restore(s, &r))
		c.bad = 1;
	if (!c.bad && !r.err && r.pos < r.len && xw_roll_read(s, &r))
		c.bad = 1;
	if (c.bad || r.err || r.pos != r.len) {
		size_t at = r.pos;
		sl_free(s);
		return sl_error_set(err, SL_EFORMAT, "xwing snapshot: offset %zu: %s", at,
			r.err ? "truncated" : c.bad ? "a value out of range" : "trailing bytes");
	}
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].lock >= s->nships) {
			sl_free(s);
			return sl_error_set(err, SL_EFORMAT, "xwing snapshot: a lock on no ship");
		}
	*out = s;
	return 0;
}

/* ---- words ---------------------------------------------------------------------- */

static void put_mm(sl_buf *b, int32_t v)
{
	char t[32];
	sl_fx_format(v, t, sizeof t);
	sl_buf_puts(b, t);
}

static const char *ship_status(const xw_ship *sh)
{
	if (sh->fled)
		return "fled";
	if (sh->gone == 2)
		return "destroyed";
	if (sh->gone == 1)
		return "destroyed (fires at its initiative)";
	return NULL;
}

static const char *dial_word(const xw_ship *sh, char code[4])
{
	if (sh->revealed) {
		xw_maneuver_code(&sh->dial, code);
		return code;
	}
	if (!sh->has_commit)
		return "not set";
	return sh->assigned ? "face down" : "face down on its card (ionized at planning)";
}

/* Rules version 3: the tokens it adds and the facedown cards. */
static void summary3(const xw_state *s, const xw_ship *sh, sl_buf *b)
{
	static const char *const names[] = {"calculate", "strain", "deplete", "disarm", "jam",
		"tractor"};
	const int v[] = {sh->calculate, sh->strain, sh->deplete, sh->disarm, sh->jam, sh->tractor};
	int down = 0;
	if (s->ver < 3)
		return;
	for (int k = 0; k < 6; k++)
		if (v[k])
			sl_buf_printf(b, "; %s %d", names[k], v[k]);
	if (sh->cloak)
		sl_buf_puts(b, "; cloaked");
	if (sh->reinforce)
		sl_buf_printf(b, "; reinforced %s", sh->reinforce == 1 ? "front" : "rear");
	for (int k = 0; k < sh->ncards; k++)
		down += sh->card_up[k] != 1;
	if (down)
		sl_buf_printf(b, "; %d facedown damage %s", down, down == 1 ? "card" : "cards");
}

void xwing_summary(const void *st, const sl_header *h, sl_buf *b)
{
	const xw_state *s = st;
	char code[4];
	if (s->turn == 0)
		sl_buf_puts(b, "Setup\n");
	else
		sl_buf_printf(b, "Round %d, %s phase\n", s->turn, sl_phase_name(&xwing_schema, s->phase));
	if (s->ver >= 2 && h && h->nplayers == 2) {
		sl_buf r;
		sl_buf_printf(b, "  score: %s %d, %s %d (%s points)\n", xw_side_name(h, 0),
			xw_score(s, h, 0), xw_side_name(h, 1), xw_score(s, h, 1),
			xw_points_name(xw_points_of(h)));
		sl_buf_init(&r);
		if (xwing_result(s, h, &r) == 1)
			sl_buf_printf(b, "  result: %s\n", sl_buf_cstr(&r));
		sl_buf_free(&r);
	}
	if (s->ver >= 3 && s->npend)
		sl_buf_printf(b, "  damage due: %d %s, the next to %s (`damage`: the recorder draws it)\n",
			s->npend, s->npend == 1 ? "card" : "cards", s->ships[s->pend_ship[0]].id);
	for (int i = 0; i < s->nobstacles; i++) {
		const xw_obstacle *o = &s->obstacles[i];
		sl_buf_printf(b, "  %-10s %s at (", o->id, o->kind == XW_ASTEROID ? "asteroid"
			: o->kind == XW_DEBRIS ? "debris" : "gas");
		put_mm(b, o->x);
		sl_buf_puts(b, ", ");
		put_mm(b, o->y);
		if (o->shape) {
			sl_buf_printf(b, ") shape %s turned %d.%d\n", xw_shape_ids[o->shape - 1],
				o->a / 10, o->a % 10);
			continue;
		}
		sl_buf_puts(b, ") r ");
		put_mm(b, o->r);
		sl_buf_puts(b, "\n");
	}
	xw_devices_summary(s, b);
	for (int i = 0; i < s->nships; i++) {
		const xw_ship *sh = &s->ships[i];
		const xw_ship_type *t = xw_type_of(sh);
		const char *st2 = ship_status(sh);
		sl_buf_printf(b, "  %-10s %s, %s (%s, initiative %d) at (", sh->id,
			xw_side_name(h, sh->side), xw_pilots[sh->pilot].name, t->name,
			xw_pilots[sh->pilot].initiative);
		put_mm(b, sh->pose.x);
		sl_buf_puts(b, ", ");
		put_mm(b, sh->pose.y);
		sl_buf_printf(b, ") heading %d.%d: hull %d/%d, shields %d/%d", sh->pose.h / 10,
			sh->pose.h % 10, sh->hull, t->hull, sh->shields, t->shields);
		if (st2) {
			sl_buf_printf(b, "; %s\n", st2);
			continue;
		}
		if (sh->ion)
			sl_buf_printf(b, "; ion %d%s", sh->ion, xw_ionized(sh) ? " (ionized)" : "");
		if (sh->stress)
			sl_buf_printf(b, "; stress %d", sh->stress);
		if (sh->focus)
			sl_buf_printf(b, "; focus %d", sh->focus);
		if (sh->evade)
			sl_buf_printf(b, "; evade %d", sh->evade);
		if (sh->lock >= 0)
			sl_buf_printf(b, "; lock on %s", s->ships[sh->lock].id);
		if (t->turret || xw_ship_has(sh, XW_U_IONTURRET))
			sl_buf_printf(b, "; turret %s", xw_arc_ids[sh->turret_arc]);
		summary3(s, sh, b);
		for (int k = 0; k < sh->ncrits; k++)
			sl_buf_printf(b, "; %s", xw_damage_names[sh->crits[k]]);
		if (s->turn > 0)
			sl_buf_printf(b, "; dial %s", dial_word(sh, code));
		sl_buf_puts(b, "\n");
	}
}

/* ,"roll":{...}: an attack in two entries waiting (its step from version 4). */
static void roll_json(const xw_state *s, sl_buf *b)
{
	const xw_roll *r = &s->roll;
	static const char *const step[] = {"", "attacker modifies", "defence dice", "defender modifies", "before neutralize"};
	sl_buf_puts(b, ",\"roll\":{\"attacker\":");
	sl_buf_json_str(b, s->ships[r->ship].id);
	sl_buf_puts(b, ",\"defender\":");
	sl_buf_json_str(b, s->ships[r->target].id);
	sl_buf_printf(b, ",\"waits\":\"%s\",\"atk\":[", s->ver >= 4 ? step[r->step] : "modify");
	for (int k = 0; k < r->natk; k++)
		sl_buf_printf(b, "%s\"%s\"", k ? "," : "", xw_atk_names[r->atk[k]]);
	sl_buf_puts(b, "],\"def\":[");
	for (int k = 0; k < r->ndef; k++)
		sl_buf_printf(b, "%s\"%s\"", k ? "," : "", xw_def_names[r->def[k]]);
	sl_buf_puts(b, "]}");
}

void xwing_summary_json(const void *st, const sl_header *h, sl_buf *b)
{
	const xw_state *s = st;
	char code[4];
	sl_buf_printf(b, "{\"round\":%d,\"phase\":", s->turn);
	sl_buf_json_str(b, s->turn ? sl_phase_name(&xwing_schema, s->phase) : "setup");
	sl_buf_puts(b, ",\"obstacles\":[");
	for (int i = 0; i < s->nobstacles; i++) {
		const xw_obstacle *o = &s->obstacles[i];
		sl_buf_printf(b, "%s{\"id\":", i ? "," : "");
		sl_buf_json_str(b, o->id);
		sl_buf_printf(b, ",\"kind\":\"%s\",\"x\":%d,\"y\":%d,\"r\":%d",
			o->kind == XW_ASTEROID ? "asteroid" : o->kind == XW_DEBRIS ? "debris" : "gas",
			o->x, o->y, o->r);
		if (o->shape) {
			xw_poly q;
			xw_obst_poly(o, &q);
			sl_buf_printf(b, ",\"shape\":\"%s\",\"a\":%d,\"outline\":[",
				xw_shape_ids[o->shape - 1], o->a);
			for (int k = 0; k < q.n; k++)
				sl_buf_printf(b, "%s[%d,%d]", k ? "," : "", q.x[k], q.y[k]);
			sl_buf_puts(b, "]");
		}
		sl_buf_puts(b, "}");
	}
	sl_buf_puts(b, "]");
	xw_devices_json(s, b);   /* ,"devices":[...] when there are some */
	sl_buf_puts(b, ",\"ships\":[");
	for (int i = 0; i < s->nships; i++) {
		const xw_ship *sh = &s->ships[i];
		sl_buf_printf(b, "%s{\"id\":", i ? "," : "");
		sl_buf_json_str(b, sh->id);
		sl_buf_puts(b, ",\"side\":");
		sl_buf_json_str(b, xw_side_name(h, sh->side));
		sl_buf_printf(b, ",\"pilot\":\"%s\",\"ship\":\"%s\",\"initiative\":%d,"
			"\"x\":%d,\"y\":%d,\"heading\":%d,\"hull\":%d,\"shields\":%d,\"ion\":%d,"
			"\"ionized\":%s,\"stress\":%d,\"focus\":%d,\"evade\":%d,\"lock\":",
			xw_pilots[sh->pilot].xws, xw_type_of(sh)->xws, xw_pilots[sh->pilot].initiative,
			sh->pose.x, sh->pose.y, sh->pose.h, sh->hull, sh->shields, sh->ion,
			xw_ionized(sh) ? "true" : "false", sh->stress, sh->focus, sh->evade);
		if (sh->lock >= 0)
			sl_buf_json_str(b, s->ships[sh->lock].id);
		else
			sl_buf_puts(b, "null");
		if (s->ver >= 3)   /* the tokens of version 3 */
			sl_buf_printf(b, ",\"calculate\":%d,\"strain\":%d,\"deplete\":%d,\"disarm\":%d,"
				"\"jam\":%d,\"tractor\":%d,\"tractored\":%s,\"cloak\":%d,\"reinforce\":%s,"
				"\"force\":%d", sh->calculate, sh->strain, sh->deplete, sh->disarm, sh->jam, sh->tractor,
				sh->tractor >= xw_ionized_threshold(xw_type_of(sh)->size) ? "true" : "false", sh->cloak,
				sh->reinforce == 1 ? "\"front\"" : sh->reinforce == 2 ? "\"rear\"" : "null", sh->force);
		sl_buf_printf(b, ",\"turret\":\"%s\",\"dial\":", xw_arc_ids[sh->turret_arc]);
		sl_buf_json_str(b, dial_word(sh, code));
		sl_buf_printf(b, ",\"status\":\"%s\"}", sh->fled ? "fled" : sh->gone ? "destroyed" :
			"in play");
	}
	sl_buf_puts(b, "]");
	if (s->roll.on)
		roll_json(s, b);
	sl_buf_puts(b, "}");
}

void xwing_help(const void *st, const sl_header *h, sl_buf *b)
{
	const xw_state *s = st;
	(void)h;
	if (s->ver >= 3 && s->npend) {
		sl_buf_printf(b, "damage cards due: `damage` deals the next, to %s (card= drawn by the "
			"recorder when left out); nothing else until they are dealt\n",
			s->ships[s->pend_ship[0]].id);
		return;
	}
	switch (s->turn ? s->phase : 0) {
	case 0:
		sl_buf_puts(b, "setup: obstacle id= kind=asteroid|debris x= y= r=; ship id= pilot= side= "
			"x= y= heading= [upgrades=]; then `turn 1`\n");
		break;
	case XW_PH_PLANNING:
		sl_buf_puts(b, "planning: P: dial ship= commit=<64 hex> for every ship (record and serve: dial=CODE in "
			"clear, sealed for you), then `phase 2`\n");
		break;
	case XW_PH_SYSTEM:
		sl_buf_puts(b, "system: effect ship= token= delta= source=; P: device ship= card= id= r= "
			"[launch=1] (a bomb or mine); then `phase 3`\n");
		break;
	case XW_PH_ACTIVATION:
		sl_buf_puts(b, "activation, initiative ascending: P: reveal ship= dial= salt=; "
			"P: move ship= [maneuver=] [dice=] (an ionized ship with no dial: move only); "
			"P: action ship= action=...; detonate device= [ship=] [dice=] [crits=] (a mine "
			"touched, the bombs once every ship has moved); then `phase 4`\n");
		break;
	case XW_PH_ENGAGEMENT:
		sl_buf_puts(b, "engagement, initiative descending: P: attack ship= target= weapon= atk= "
			"[reroll= rerolled=] [aspend=] def= [dspend=] [crits=]; or in two entries: P: roll ship= "
			"target= [weapon=] [atk= def=, or the dice drawn], then P: modify [aspend=] [reroll= rerolled=|rdie=] "
			"[dspend=] [crits=]; then `phase 5`\n");
		if (s->roll.on)
			sl_buf_printf(b, "  %s's roll against %s waits for its modify\n", s->ships[s->roll.ship].id,
				s->ships[s->roll.target].id);
		break;
	default:
		sl_buf_puts(b, "end: focus and evade tokens are gone; `turn N` for the next round\n");
		break;
	}
	for (int i = 0; i < s->nships; i++) {
		const xw_ship *sh = &s->ships[i];
		if (!xw_in_play(sh))
			continue;
		if (s->phase == XW_PH_ACTIVATION && !sh->activated && xw_may_activate(s, i, xw_first_player(h), NULL) == 0)
			sl_buf_printf(b, "  may activate now: %s%s\n", sh->id,
				!sh->assigned && xw_ionized(sh) ? " (ion maneuver)" : "");
	}
}
