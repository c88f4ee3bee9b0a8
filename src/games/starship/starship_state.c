/* starship_state.c - the starship state as bytes (canonical serialization,
 * checked restore of untrusted snapshots) and as words (summary, JSON, help). */
#include "starship_int.h"

#include <string.h>

/* ---- canonical bytes -------------------------------------------------------------
 * Integers little-endian, in this order, nothing else (formats/starship.md):
 *   u8 version (1), u32 turn, u8 phase, u8 has_ship,
 *   ship you, u8 weapons_roll, u8 shields_roll,
 *   u32 fights, u32 won, u32 fled, u32 repairs,
 *   u8 outcome, ship enemy, u16 paragraph, u8 first, u8 escape_after (255 none),
 *   u8 to_move, u8 pending, u32 round, u32 attacks, u16 last_paragraph,
 *   u8 nhist, per exchange: u8 by, u32 round, u8 a1, a2, weapons, hit, d1, d2,
 *                           shields_before, damage, shields_after, destroyed
 *   ship = u8 len + name, u8 weapons, u8 shields, u8 shields_start */
#define STARSHIP_SNAP_VERSION 1

static void put_ship(sl_buf *b, const starship_ship *sh)
{
	size_t n = strlen(sh->name);
	sl_buf_u8(b, (uint8_t)n);
	sl_buf_put(b, sh->name, n);
	sl_buf_u8(b, (uint8_t)sh->weapons);
	sl_buf_u8(b, (uint8_t)sh->shields);
	sl_buf_u8(b, (uint8_t)sh->shields_start);
}

static void put_u16(sl_buf *b, int v)
{
	sl_buf_u8(b, (uint8_t)(v & 0xff));
	sl_buf_u8(b, (uint8_t)((v >> 8) & 0xff));
}

int starship_serialize(const void *st, sl_buf *b)
{
	const starship_state *s = st;
	sl_buf_u8(b, STARSHIP_SNAP_VERSION);
	sl_buf_u32le(b, (uint32_t)s->turn);
	sl_buf_u8(b, (uint8_t)s->phase);
	sl_buf_u8(b, (uint8_t)s->has_ship);
	put_ship(b, &s->you);
	sl_buf_u8(b, (uint8_t)s->weapons_roll);
	sl_buf_u8(b, (uint8_t)s->shields_roll);
	sl_buf_u32le(b, (uint32_t)s->fights);
	sl_buf_u32le(b, (uint32_t)s->won);
	sl_buf_u32le(b, (uint32_t)s->fled);
	sl_buf_u32le(b, (uint32_t)s->repairs);
	sl_buf_u8(b, (uint8_t)s->outcome);
	put_ship(b, &s->enemy);
	put_u16(b, s->paragraph);
	sl_buf_u8(b, (uint8_t)s->first);
	sl_buf_u8(b, (uint8_t)(s->escape_after < 0 ? 255 : s->escape_after));
	sl_buf_u8(b, (uint8_t)s->to_move);
	sl_buf_u8(b, (uint8_t)s->pending);
	sl_buf_u32le(b, (uint32_t)s->round);
	sl_buf_u32le(b, (uint32_t)s->attacks);
	put_u16(b, s->last_paragraph);
	sl_buf_u8(b, (uint8_t)s->nhist);
	for (int i = 0; i < s->nhist; i++) {
		const starship_exchange *x = &s->hist[i];
		sl_buf_u8(b, (uint8_t)x->by);
		sl_buf_u32le(b, (uint32_t)x->round);
		sl_buf_u8(b, (uint8_t)x->a1);
		sl_buf_u8(b, (uint8_t)x->a2);
		sl_buf_u8(b, (uint8_t)x->weapons);
		sl_buf_u8(b, (uint8_t)x->hit);
		sl_buf_u8(b, (uint8_t)x->d1);
		sl_buf_u8(b, (uint8_t)x->d2);
		sl_buf_u8(b, (uint8_t)x->shields_before);
		sl_buf_u8(b, (uint8_t)x->damage);
		sl_buf_u8(b, (uint8_t)x->shields_after);
		sl_buf_u8(b, (uint8_t)x->destroyed);
	}
	return b->failed ? SL_ENOMEM : SL_OK;
}

static int corrupt(sl_error *err, const sl_reader *r, const char *what)
{
	return sl_error_set(err, SL_EFORMAT, "starship snapshot: offset %zu: %s", r->pos, what);
}

static int get_u16(sl_reader *r)
{
	int lo = sl_read_u8(r);
	return lo | sl_read_u8(r) << 8;
}

/* A ship; 0 or -1. An empty name is allowed only where no ship is (yet). */
static int get_ship(sl_reader *r, starship_ship *sh)
{
	size_t n = sl_read_u8(r);
	const uint8_t *p;
	if (r->err || n >= sizeof sh->name)
		return -1;
	p = sl_read_bytes(r, n);
	if (!p || r->err || memchr(p, 0, n))
		return -1;
	memcpy(sh->name, p, n);
	sh->name[n] = 0;
	sh->weapons = sl_read_u8(r);
	sh->shields = sl_read_u8(r);
	sh->shields_start = sl_read_u8(r);
	if (r->err || sh->weapons > STARSHIP_MAX_WEAPONS || sh->shields_start > STARSHIP_MAX_SHIELDS
	    || sh->shields > sh->shields_start)
		return -1;
	return 0;
}

static int ship_empty(const starship_ship *sh)
{
	return !sh->name[0] && !sh->weapons && !sh->shields && !sh->shields_start;
}

#define NEED(cond, what) do { if (!(cond)) { rc = corrupt(err, &r, what); goto out; } } while (0)

int starship_restore(void **out, const void *p, size_t n, sl_error *err)
{
	sl_reader r;
	starship_state *s = sl_calloc(1, sizeof *s);
	int rc = 0, v;
	uint32_t u[8];
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "starship: out of memory");
	sl_reader_init(&r, p, n);
	v = sl_read_u8(&r);
	NEED(!r.err, "truncated snapshot");
	NEED(v == STARSHIP_SNAP_VERSION, "unknown snapshot version");
	u[0] = sl_read_u32le(&r);
	s->phase = sl_read_u8(&r);
	s->has_ship = sl_read_u8(&r);
	NEED(!r.err && u[0] <= 1000000, "bad turn");
	s->turn = (int)u[0];
	NEED(s->phase == (s->turn > 0), "bad phase");
	NEED(s->has_ship <= 1 && (s->has_ship || s->turn == 0), "bad ship flag");
	NEED(get_ship(&r, &s->you) == 0, "bad ship");
	s->weapons_roll = sl_read_u8(&r);
	s->shields_roll = sl_read_u8(&r);
	NEED(!r.err, "truncated snapshot");
	if (s->has_ship)
		NEED(s->you.name[0] && s->weapons_roll >= 1 && s->weapons_roll <= 6
			&& s->shields_roll >= 1 && s->shields_roll <= 6
			&& s->you.weapons == s->weapons_roll + 6
			&& s->you.shields_start == s->shields_roll + 12, "bad ship");
	else
		NEED(ship_empty(&s->you) && !s->weapons_roll && !s->shields_roll, "bad ship");
	for (int i = 0; i < 4; i++)
		u[i] = sl_read_u32le(&r);
	NEED(!r.err && u[0] <= 1000000 && u[1] + u[2] <= u[0] && u[3] <= 1000000, "bad counts");
	s->fights = (int)u[0];
	s->won = (int)u[1];
	s->fled = (int)u[2];
	s->repairs = (int)u[3];
	s->outcome = sl_read_u8(&r);
	NEED(!r.err && s->outcome <= STARSHIP_FLED, "bad outcome");
	NEED((s->outcome == STARSHIP_NONE) == (s->fights == 0), "bad outcome");
	NEED(get_ship(&r, &s->enemy) == 0, "bad enemy");
	NEED(s->fights == 0 ? ship_empty(&s->enemy) : s->enemy.name[0] != 0, "bad enemy");
	s->paragraph = get_u16(&r);
	s->first = sl_read_u8(&r);
	v = sl_read_u8(&r);
	s->escape_after = v == 255 ? -1 : v;
	s->to_move = sl_read_u8(&r);
	s->pending = sl_read_u8(&r);
	u[0] = sl_read_u32le(&r);
	u[1] = sl_read_u32le(&r);
	s->last_paragraph = get_u16(&r);
	s->nhist = sl_read_u8(&r);
	NEED(!r.err, "truncated snapshot");
	NEED(s->paragraph <= STARSHIP_MAX_PARAGRAPH && s->last_paragraph <= STARSHIP_MAX_PARAGRAPH
		&& (s->paragraph == 0) == (s->fights == 0), "bad paragraph");
	NEED(s->first <= 1 && s->to_move <= 1 && s->pending <= 1, "bad turn order");
	NEED(s->escape_after >= -1 && s->escape_after <= 99, "bad escape");
	NEED(u[1] <= 10000000 && u[0] <= u[1] && u[0] * 2 >= u[1], "bad round count");
	s->round = (int)u[0];
	s->attacks = (int)u[1];
	NEED(!s->pending || s->outcome == STARSHIP_ON, "bad pending damage");
	NEED(s->nhist <= STARSHIP_HISTORY && s->nhist <= s->attacks, "bad history");
	NEED(s->nhist == (s->attacks < STARSHIP_HISTORY ? s->attacks : STARSHIP_HISTORY),
		"bad history");
	for (int i = 0; i < s->nhist; i++) {
		starship_exchange *x = &s->hist[i];
		x->by = sl_read_u8(&r);
		u[2] = sl_read_u32le(&r);
		x->a1 = sl_read_u8(&r);
		x->a2 = sl_read_u8(&r);
		x->weapons = sl_read_u8(&r);
		x->hit = sl_read_u8(&r);
		x->d1 = sl_read_u8(&r);
		x->d2 = sl_read_u8(&r);
		x->shields_before = sl_read_u8(&r);
		x->damage = sl_read_u8(&r);
		x->shields_after = sl_read_u8(&r);
		x->destroyed = sl_read_u8(&r);
		NEED(!r.err, "truncated history");
		x->round = (int)u[2];
		NEED(x->by <= 1 && x->round >= 1 && x->round <= s->round, "bad exchange");
		NEED(x->a1 >= 1 && x->a1 <= 6 && x->a2 >= 1 && x->a2 <= 6, "bad attack dice");
		NEED(x->weapons <= STARSHIP_MAX_WEAPONS && x->hit == (x->a1 + x->a2 < x->weapons),
			"bad hit");
		NEED((x->d1 == 0) == (x->d2 == 0) && x->d1 <= 6 && x->d2 <= 6, "bad damage dice");
		NEED(x->d1 == 0 ? x->damage == 0 : x->hit && x->damage == starship_damage(x->d1,
			x->d2, x->shields_before), "bad damage");
		NEED(x->shields_before <= STARSHIP_MAX_SHIELDS && x->shields_after ==
			(x->shields_before > x->damage ? x->shields_before - x->damage : 0), "bad shields");
		NEED(x->destroyed <= 1 && (!x->destroyed || (x->hit && x->shields_before == 0
			&& x->d1 == 0)), "bad destruction");
	}
	NEED(!s->pending || (s->nhist > 0 && s->hist[s->nhist - 1].hit
		&& s->hist[s->nhist - 1].d1 == 0 && !s->hist[s->nhist - 1].destroyed),
		"bad pending damage");
	NEED(r.pos == n, "trailing bytes after the snapshot");
out:
	if (rc) {
		sl_free(s);
		return rc;
	}
	*out = s;
	return 0;
}

/* ---- words ----------------------------------------------------------------------- */

static const char *outcome_word(int o)
{
	static const char *const w[] = {"none", "on", "won", "lost", "fled"};
	return o >= 0 && o <= STARSHIP_FLED ? w[o] : "?";
}

void starship_summary(const void *st, const sl_header *h, sl_buf *out)
{
	const starship_state *s = st;
	(void)h;
	if (s->turn == 0)
		sl_buf_puts(out, "setup\n");
	else
		sl_buf_printf(out, "stage %d of the voyage\n", s->turn);
	if (!s->has_ship) {
		sl_buf_puts(out, "no ship yet\n");
		return;
	}
	sl_buf_printf(out, "you: %s, weapons %d, shields %d/%d%s\n", s->you.name, s->you.weapons,
		s->you.shields, s->you.shields_start,
		s->outcome == STARSHIP_LOST ? ", destroyed: the voyage is over" : "");
	sl_buf_printf(out, "voyage: %d fight%s, %d won, %d fled, %d repair%s\n", s->fights,
		s->fights == 1 ? "" : "s", s->won, s->fled, s->repairs, s->repairs == 1 ? "" : "s");
	if (s->fights == 0)
		return;
	sl_buf_printf(out, "%s fight (\xc2\xa7%d): %s, weapons %d, shields %d/%d; ",
		s->outcome == STARSHIP_ON ? "this" : "last", s->paragraph, s->enemy.name,
		s->enemy.weapons, s->enemy.shields, s->enemy.shields_start);
	if (s->outcome == STARSHIP_ON)
		sl_buf_printf(out, "round %d, %s\n", s->round, s->pending ? "a hit awaits its damage roll"
			: s->to_move == STARSHIP_YOU ? "you fire next" : "the enemy fires next");
	else
		sl_buf_printf(out, "%s after %d attack%s\n", s->outcome == STARSHIP_WON ? "won"
			: s->outcome == STARSHIP_LOST ? "lost" : "fled", s->attacks,
			s->attacks == 1 ? "" : "s");
}

static void json_ship(sl_buf *out, const starship_ship *sh)
{
	sl_buf_puts(out, "{\"name\":");
	sl_buf_json_str(out, sh->name);
	sl_buf_printf(out, ",\"weapons\":%d,\"shields\":%d,\"shields_start\":%d}", sh->weapons,
		sh->shields, sh->shields_start);
}

void starship_summary_json(const void *st, const sl_header *h, sl_buf *out)
{
	const starship_state *s = st;
	(void)h;
	sl_buf_printf(out, "{\"game\":\"starship\",\"turn\":%d,\"phase\":%d,\"ship\":", s->turn,
		s->phase);
	if (s->has_ship) {
		json_ship(out, &s->you);
		sl_buf_printf(out, ",\"weapons_roll\":%d,\"shields_roll\":%d", s->weapons_roll,
			s->shields_roll);
	} else {
		sl_buf_puts(out, "null");
	}
	sl_buf_printf(out, ",\"fights\":%d,\"won\":%d,\"fled\":%d,\"repairs\":%d,\"outcome\":\"%s\","
		"\"destroyed\":%s,\"fight\":", s->fights, s->won, s->fled, s->repairs,
		outcome_word(s->outcome), s->outcome == STARSHIP_LOST ? "true" : "false");
	if (s->fights == 0) {
		sl_buf_puts(out, "null");
	} else {
		sl_buf_puts(out, "{\"enemy\":");
		json_ship(out, &s->enemy);
		sl_buf_printf(out, ",\"paragraph\":%d,\"first\":\"%s\",\"escape_after\":", s->paragraph,
			starship_side_word(s->first));
		if (s->escape_after < 0)
			sl_buf_puts(out, "null");
		else
			sl_buf_printf(out, "%d", s->escape_after);
		sl_buf_printf(out, ",\"to_move\":\"%s\",\"pending_damage\":%s,\"round\":%d,"
			"\"attacks\":%d,\"exchanges\":[", starship_side_word(s->to_move),
			s->pending ? "true" : "false", s->round, s->attacks);
		for (int i = 0; i < s->nhist; i++) {
			const starship_exchange *x = &s->hist[i];
			sl_buf_printf(out, "%s{\"by\":\"%s\",\"round\":%d,\"attack\":[%d,%d],\"weapons\":%d,"
				"\"hit\":%s,\"damage_roll\":", i ? "," : "", starship_side_word(x->by),
				x->round, x->a1, x->a2, x->weapons, x->hit ? "true" : "false");
			if (x->d1)
				sl_buf_printf(out, "[%d,%d]", x->d1, x->d2);
			else
				sl_buf_puts(out, "null");
			sl_buf_printf(out, ",\"shields_before\":%d,\"damage\":%d,\"shields_after\":%d,"
				"\"destroyed\":%s}", x->shields_before, x->damage, x->shields_after,
				x->destroyed ? "true" : "false");
		}
		sl_buf_puts(out, "]}");
	}
	sl_buf_printf(out, ",\"last_paragraph\":%d}", s->last_paragraph);
}

/* ---- help ------------------------------------------------------------------------ */

void starship_help(const void *st, const sl_header *h, sl_buf *out)
{
	const starship_state *s = st;
	(void)h;
	if (!s->has_ship) {
		sl_buf_puts(out, "setup: `ship name=\"Traveller\" weapons_roll=? shields_roll=?` "
			"(weapons 1d6+6, shields 1d6+12)\n");
		return;
	}
	if (s->turn == 0) {
		sl_buf_puts(out, "setup done: `turn 1` starts the voyage\n");
		return;
	}
	if (s->outcome == STARSHIP_LOST) {
		sl_buf_puts(out, "your ship has exploded: the voyage is over\n");
		return;
	}
	if (s->outcome != STARSHIP_ON) {
		sl_buf_printf(out, "stage %d, shields %d/%d: `encounter enemy=\"NAME\" weapons=N "
			"shields=N paragraph=N [first=enemy] [escape=ROUNDS]`, `repair paragraph=N`, "
			"or `turn %d`\n", s->turn, s->you.shields, s->you.shields_start, s->turn + 1);
		return;
	}
	if (s->pending) {
		const starship_exchange *x = starship_last(s);
		int tgt = x ? 1 - x->by : STARSHIP_ENEMY;
		sl_buf_printf(out, "a hit on %s (shields %d): `damage roll=?,?` "
			"(at or under %d: 2, above: 4, double six: 6)\n", starship_name(s, tgt),
			starship_side(s, tgt)->shields, starship_side(s, tgt)->shields);
		return;
	}
	sl_buf_printf(out, "round %d against %s: `attack by=%s roll=?,?` (a hit below %d, %d in 36)\n",
		s->round + (s->to_move == s->first), s->enemy.name, starship_side_word(s->to_move),
		starship_side(s, s->to_move)->weapons,
		starship_hit_ways(starship_side(s, s->to_move)->weapons));
	if (s->to_move == STARSHIP_YOU && s->escape_after >= 0 && s->attacks / 2 >= s->escape_after)
		sl_buf_puts(out, "  or flee: `escape paragraph=N`\n");
}
