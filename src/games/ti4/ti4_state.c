/* ti4_state.c - the ti4 state as bytes (canonical serialization, checked
 * restore of untrusted snapshots) and as words (summary, JSON, help). */
#include "ti4_int.h"

#include <string.h>

/* ---- canonical bytes --------------------------------------------------------------
 * u8 version (1); varints np, turn, phase, galaxy; 61 zigzag tile ids; then
 * the byte arrays u, dmg, tok, ctrl, exh, cmd, reinf, cap, captok, box as
 * they lie (every element one byte, in index order); per player the fields
 * of ti4_player in order (varints, faction and home zigzag); blk[6]; then
 * the action: zigzag turnp, asys, step, traded, ckind, zigzag cplanet, att,
 * def, round, fired, afb_done, cannon_done, pend[6], pend_kind[6], zigzag
 * pend_area[6], zigzag retreat[6], landed[3], prod_used, owed[11] bytes, zigzag last. */
#define TI4_SNAP_VERSION 1

static void u(sl_buf *b, int v) { sl_buf_uvarint(b, (uint64_t)(v < 0 ? 0 : v)); }
static void sv(sl_buf *b, int v) { sl_buf_svarint(b, v); }

int ti4_serialize(const void *st, sl_buf *b)
{
	const ti4_state *s = st;
	sl_buf_u8(b, TI4_SNAP_VERSION);
	u(b, s->np);
	u(b, s->turn);
	u(b, s->phase);
	u(b, s->galaxy);
	for (int i = 0; i < TI4_NPOS; i++)
		sv(b, s->tile[i]);
	sl_buf_put(b, s->u, sizeof s->u);
	sl_buf_put(b, s->dmg, sizeof s->dmg);
	sl_buf_put(b, s->tok, sizeof s->tok);
	sl_buf_put(b, s->ctrl, sizeof s->ctrl);
	sl_buf_put(b, s->exh, sizeof s->exh);
	sl_buf_put(b, s->cmd, sizeof s->cmd);
	sl_buf_put(b, s->reinf, sizeof s->reinf);
	sl_buf_put(b, s->cap, sizeof s->cap);
	sl_buf_put(b, s->captok, sizeof s->captok);
	sl_buf_put(b, s->box, sizeof s->box);
	for (int p = 0; p < TI4_MAXP; p++) {
		const ti4_player *pl = &s->pl[p];
		sv(b, pl->faction);
		sv(b, pl->home);
		u(b, pl->tactic);
		u(b, pl->fleet);
		u(b, pl->strategy);
		u(b, pl->tg);
		u(b, pl->comm);
		u(b, pl->vp);
		u(b, pl->eliminated);
		u(b, pl->passed);
		u(b, pl->techs);
		u(b, pl->copies);
		u(b, pl->agent_ready);
		u(b, pl->vortex_ready);
		u(b, pl->replenished);
	}
	sl_buf_put(b, s->blk, sizeof s->blk);
	sv(b, s->turnp);
	sv(b, s->asys);
	u(b, s->step);
	u(b, s->traded);
	u(b, s->ckind);
	sv(b, s->cplanet);
	sv(b, s->att);
	sv(b, s->def);
	u(b, s->round);
	u(b, s->fired);
	u(b, s->afb_done);
	u(b, s->cannon_done);
	for (int p = 0; p < TI4_MAXP; p++)
		u(b, s->pend[p]);
	for (int p = 0; p < TI4_MAXP; p++)
		u(b, s->pend_kind[p]);
	for (int p = 0; p < TI4_MAXP; p++)
		sv(b, s->pend_area[p]);
	for (int p = 0; p < TI4_MAXP; p++)
		sv(b, s->retreat[p]);
	for (int k = 0; k < 3; k++)
		u(b, s->landed[k]);
	u(b, s->prod_used);
	sl_buf_put(b, s->owed, sizeof s->owed);
	sv(b, s->last);
	ti4_round_serialize(s, b);
	ti4_v3_serialize(s, b);
	return b->failed ? SL_ENOMEM : SL_OK;
}

static void rbytes(sl_reader *r, void *dst, size_t n)
{
	const uint8_t *p = sl_read_bytes(r, n);
	if (!p) {
		r->err = 1;
		return;
	}
	memcpy(dst, p, n);
}

int ti4_restore(void **out, const void *p, size_t n, sl_error *err)
{
	sl_reader r;
	ti4_state *s = sl_calloc(1, sizeof *s);
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "ti4: out of memory");
	sl_reader_init(&r, p, n);
	if (sl_read_u8(&r) != TI4_SNAP_VERSION || r.err) {
		sl_free(s);
		return sl_error_set(err, SL_EFORMAT, "ti4 snapshot: offset 0: not version %d",
			TI4_SNAP_VERSION);
	}
	s->np = sl_read_uvarint_in(&r, 0, TI4_MAXP);
	s->turn = sl_read_uvarint_in(&r, 0, 1 << 20);
	s->phase = sl_read_uvarint_in(&r, 0, 3);
	s->galaxy = sl_read_uvarint_in(&r, 0, 1);
	for (int i = 0; i < TI4_NPOS; i++) {
		s->tile[i] = (int16_t)sl_read_svarint_in(&r, 0, 9999);
		if (s->tile[i] && !ti4_tile_find(s->tile[i]))
			r.err = 1;
	}
	rbytes(&r, s->u, sizeof s->u);
	rbytes(&r, s->dmg, sizeof s->dmg);
	rbytes(&r, s->tok, sizeof s->tok);
	rbytes(&r, s->ctrl, sizeof s->ctrl);
	rbytes(&r, s->exh, sizeof s->exh);
	rbytes(&r, s->cmd, sizeof s->cmd);
	rbytes(&r, s->reinf, sizeof s->reinf);
	rbytes(&r, s->cap, sizeof s->cap);
	rbytes(&r, s->captok, sizeof s->captok);
	rbytes(&r, s->box, sizeof s->box);
	for (int i = 0; i < TI4_NPOS; i++)
		for (int k = 0; k < 3; k++)
			if (s->ctrl[i][k] < -1 || s->ctrl[i][k] >= TI4_MAXP)
				r.err = 1;
	for (int q = 0; q < TI4_MAXP; q++) {
		ti4_player *pl = &s->pl[q];
		pl->faction = (int8_t)sl_read_svarint_in(&r, -1, TI4_NFACTION - 1);
		pl->home = (int8_t)sl_read_svarint_in(&r, 0, TI4_NPOS - 1);
		pl->tactic = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
		pl->fleet = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
		pl->strategy = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
		pl->tg = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
		pl->comm = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
		pl->vp = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
		pl->eliminated = (uint8_t)sl_read_uvarint_in(&r, 0, 1);
		pl->passed = (uint8_t)sl_read_uvarint_in(&r, 0, 1);
		pl->techs = (uint16_t)sl_read_uvarint_in(&r, 0, (1 << TI4_NTECH) - 1);
		pl->copies = (uint8_t)sl_read_uvarint_in(&r, 0, (1 << TI4_NCOPY) - 1);
		pl->agent_ready = (uint8_t)sl_read_uvarint_in(&r, 0, 1);
		pl->vortex_ready = (uint8_t)sl_read_uvarint_in(&r, 0, 1);
		pl->replenished = (uint8_t)sl_read_uvarint_in(&r, 0, 1);
	}
	rbytes(&r, s->blk, sizeof s->blk);
	s->turnp = (int8_t)sl_read_svarint_in(&r, -1, TI4_MAXP - 1);
	s->asys = (int8_t)sl_read_svarint_in(&r, -1, TI4_NPOS - 1);
	s->step = (uint8_t)sl_read_uvarint_in(&r, 0, TI4_ST_PRODUCE);
	s->traded = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	s->ckind = (uint8_t)sl_read_uvarint_in(&r, 0, 2);
	s->cplanet = (int8_t)sl_read_svarint_in(&r, 0, 3);
	s->att = (int8_t)sl_read_svarint_in(&r, -1, TI4_MAXP - 1);
	s->def = (int8_t)sl_read_svarint_in(&r, -1, TI4_MAXP - 1);
	s->round = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	s->fired = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	s->afb_done = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	s->cannon_done = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	for (int q = 0; q < TI4_MAXP; q++)
		s->pend[q] = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	for (int q = 0; q < TI4_MAXP; q++)
		s->pend_kind[q] = (uint8_t)sl_read_uvarint_in(&r, 0, 2);
	for (int q = 0; q < TI4_MAXP; q++)
		s->pend_area[q] = (int8_t)sl_read_svarint_in(&r, -1, 3);
	for (int q = 0; q < TI4_MAXP; q++)
		s->retreat[q] = (int8_t)sl_read_svarint_in(&r, -1, TI4_NPOS - 1);
	for (int k = 0; k < 3; k++)
		s->landed[k] = (uint8_t)sl_read_uvarint_in(&r, 0, 7);
	s->prod_used = (uint8_t)sl_read_uvarint_in(&r, 0, 255);
	rbytes(&r, s->owed, sizeof s->owed);
	s->last = (int8_t)sl_read_svarint_in(&r, -1, TI4_NPOS - 1);
	ti4_round_restore(s, &r);
	ti4_v3_restore(s, &r);
	if (s->ckind && (s->att < 0 || s->def < 0 || s->asys < 0 || s->att >= s->np
	    || s->def >= s->np))
		r.err = 1;
	if (s->ckind == 2 && s->cplanet < 1)
		r.err = 1;
	if (s->turnp >= s->np || (s->turnp >= 0 && s->asys < 0 && s->step))
		r.err = 1;
	for (int q = 0; q < TI4_MAXP; q++)
		if (s->pend[q] && (s->asys < 0 || s->pend_area[q] < 0))
			r.err = 1;
	if (r.err || r.pos != n) {
		size_t at = r.pos;
		sl_free(s);
		return sl_error_set(err, SL_EFORMAT, "ti4 snapshot: offset %zu: %s", at,
			r.err ? "a value out of range or truncated" : "bytes after the end");
	}
	*out = s;
	return 0;
}

/* ---- words ------------------------------------------------------------------------- */

static void units_line(sl_buf *o, const uint8_t *cnt, const uint8_t *dmg, const uint8_t *tok)
{
	int first = 1;
	for (int t = 0; t < TI4_NUT; t++) {
		if (!cnt[t])
			continue;
		sl_buf_printf(o, "%s%d %s", first ? "" : " ", cnt[t], ti4_units[t].tok);
		if (dmg && dmg[t])
			sl_buf_printf(o, "(%d damaged)", dmg[t]);
		if (tok && t == TI4_FF && tok[0])
			sl_buf_printf(o, "(%d tokens)", tok[0]);
		if (tok && t == TI4_INF && tok[1])
			sl_buf_printf(o, "(%d tokens)", tok[1]);
		first = 0;
	}
	if (first)
		sl_buf_puts(o, "-");
}

static int any_units(const uint8_t *cnt)
{
	for (int t = 0; t < TI4_NUT; t++)
		if (cnt[t])
			return 1;
	return 0;
}

void ti4_summary(const void *st, const sl_header *h, sl_buf *o)
{
	const ti4_state *s = st;
	static const char *const steps[] = {"none", "movement", "space cannon", "space combat",
		"invasion", "production"};
	sl_buf_printf(o, "round %d, %s phase\n", s->turn, s->phase == 3 ? "agenda" : s->phase == 2 ?
		"status" : s->phase == 1 ? (s->r.picking ? "strategy" : "action") : "setup");
	ti4_round_summary(s, h, o);
	if (s->turnp >= 0)
		sl_buf_printf(o, "turn of %s: active system %03d, step %s%s\n", ti4_pid(h, s->turnp),
			ti4_pos_code(s->asys), steps[s->step], s->ckind == 1 ? " (space combat)" :
			s->ckind == 2 ? " (ground combat)" : "");
	for (int p = 0; p < s->np; p++) {
		const ti4_player *pl = &s->pl[p];
		int n = 0;
		sl_buf_printf(o, "%s: %s%s, home %03d, tokens %d tactic %d fleet %d strategy, %d tg, "
			"%d commodities, %d vp%s\n", ti4_pid(h, p), pl->faction >= 0 ?
			ti4_factions[pl->faction].id : "?", pl->eliminated ? " (eliminated)" : "",
			ti4_pos_code(pl->home), pl->tactic, pl->fleet, pl->strategy, pl->tg, pl->comm,
			pl->vp, pl->passed ? ", passed" : "");
		sl_buf_puts(o, "  reinforcements: ");
		units_line(o, s->reinf[p], NULL, NULL);
		sl_buf_puts(o, "\n  faction sheet:");
		for (int q = 0; q < s->np; q++)
			if (any_units(s->cap[p][q])) {
				sl_buf_printf(o, " %s's ", ti4_pid(h, q));
				units_line(o, s->cap[p][q], NULL, NULL);
				n++;
			}
		if (s->captok[p][0] || s->captok[p][1]) {
			sl_buf_printf(o, " tokens %d ff %d inf", s->captok[p][0], s->captok[p][1]);
			n++;
		}
		if (!n)
			sl_buf_puts(o, " -");
		if (any_units(s->box[p])) {
			sl_buf_puts(o, "\n  in the box: ");
			units_line(o, s->box[p], NULL, NULL);
		}
		if (s->blk[p]) {
			sl_buf_puts(o, "\n  blockaded by:");
			for (int q = 0; q < s->np; q++)
				if (s->blk[p] >> q & 1)
					sl_buf_printf(o, " %s", ti4_pid(h, q));
		}
		sl_buf_putc(o, '\n');
	}
	for (int i = 0; i < TI4_NPOS; i++) {
		const ti4_tile *t = ti4_tile_of(s, i);
		int shown = 0;
		if (!t)
			continue;
		for (int a = 0; a < TI4_AREAS; a++)
			for (int p = 0; p < s->np; p++)
				shown |= any_units(s->u[i][a][p]);
		for (int k = 0; k < t->np; k++)
			shown |= s->ctrl[i][k] >= 0;
		if (!shown && !s->cmd[i])
			continue;
		sl_buf_printf(o, "%03d tile %d:", ti4_pos_code(i), t->id);
		for (int p = 0; p < s->np; p++)
			if (s->cmd[i] >> p & 1)
				sl_buf_printf(o, " [token %s]", ti4_pid(h, p));
		for (int p = 0; p < s->np; p++)
			if (ti4_dock_blockaded(s, i, p))
				sl_buf_printf(o, " [%s's dock blockaded]", ti4_pid(h, p));
		sl_buf_putc(o, '\n');
		for (int p = 0; p < s->np; p++)
			if (any_units(s->u[i][0][p])) {
				sl_buf_printf(o, "  space %s: ", ti4_pid(h, p));
				units_line(o, s->u[i][0][p], s->dmg[i][0][p], s->tok[i][0][p]);
				sl_buf_putc(o, '\n');
			}
		for (int k = 0; k < t->np; k++) {
			int any = s->ctrl[i][k] >= 0;
			for (int p = 0; p < s->np; p++)
				any |= any_units(s->u[i][k + 1][p]);
			if (!any)
				continue;
			sl_buf_printf(o, "  %s (%d/%d) %s%s:", t->p[k].name, t->p[k].res, t->p[k].inf,
				s->ctrl[i][k] >= 0 ? "controlled by " : "uncontrolled",
				s->ctrl[i][k] >= 0 ? ti4_pid(h, s->ctrl[i][k]) : "");
			if (s->exh[i][k])
				sl_buf_puts(o, " exhausted");
			for (int p = 0; p < s->np; p++)
				if (any_units(s->u[i][k + 1][p])) {
					sl_buf_printf(o, " %s ", ti4_pid(h, p));
					units_line(o, s->u[i][k + 1][p], s->dmg[i][k + 1][p], s->tok[i][k + 1][p]);
				}
			sl_buf_putc(o, '\n');
		}
	}
}

static void json_units(sl_buf *o, const uint8_t *cnt)
{
	int first = 1;
	sl_buf_putc(o, '{');
	for (int t = 0; t < TI4_NUT; t++)
		if (cnt[t]) {
			sl_buf_printf(o, "%s\"%s\":%d", first ? "" : ",", ti4_units[t].tok, cnt[t]);
			first = 0;
		}
	sl_buf_putc(o, '}');
}

/* The units of one area by owner: {"ana":{"units":{...},"damaged":{...},"tokens":{...}}} */
static void json_area(sl_buf *o, const ti4_state *s, const sl_header *h, int i, int a)
{
	int f = 1;
	sl_buf_putc(o, '{');
	for (int p = 0; p < s->np; p++) {
		uint8_t tk[TI4_NUT] = {0};
		if (!any_units(s->u[i][a][p]))
			continue;
		tk[TI4_FF] = s->tok[i][a][p][0];
		tk[TI4_INF] = s->tok[i][a][p][1];
		sl_buf_puts(o, f ? "" : ",");
		sl_buf_json_str(o, ti4_pid(h, p));
		sl_buf_puts(o, ":{\"units\":");
		json_units(o, s->u[i][a][p]);
		sl_buf_puts(o, ",\"damaged\":");
		json_units(o, s->dmg[i][a][p]);
		sl_buf_puts(o, ",\"tokens\":");
		json_units(o, tk);
		sl_buf_putc(o, '}');
		f = 0;
	}
	sl_buf_putc(o, '}');
}

/* A system's command tokens, space area and planets (controller, exhausted, units). */
static void json_system(sl_buf *o, const ti4_state *s, const sl_header *h, int i)
{
	const ti4_tile *t = ti4_tile_of(s, i);
	int f = 1;
	sl_buf_puts(o, ",\"command_tokens\":[");
	for (int p = 0; p < s->np; p++)
		if (s->cmd[i] >> p & 1) {
			sl_buf_puts(o, f ? "" : ",");
			sl_buf_json_str(o, ti4_pid(h, p));
			f = 0;
		}
	sl_buf_puts(o, "],\"space\":");
	json_area(o, s, h, i, 0);
	sl_buf_puts(o, ",\"planets\":[");
	for (int k = 0; t && k < t->np; k++) {
		sl_buf_printf(o, "%s{\"id\":\"%s\",\"controller\":", k ? "," : "", t->p[k].id);
		if (s->ctrl[i][k] >= 0)
			sl_buf_json_str(o, ti4_pid(h, s->ctrl[i][k]));
		else
			sl_buf_puts(o, "null");
		sl_buf_printf(o, ",\"exhausted\":%s,\"units\":", s->exh[i][k] ? "true" : "false");
		json_area(o, s, h, i, k + 1);
		sl_buf_putc(o, '}');
	}
	sl_buf_putc(o, ']');
}

void ti4_summary_json(const void *st, const sl_header *h, sl_buf *o)
{
	const ti4_state *s = st;
	int first = 1;
	sl_buf_printf(o, "{\"round\":%d,\"phase\":%d,\"turn_of\":", s->turn, s->phase);
	if (s->turnp >= 0)
		sl_buf_json_str(o, ti4_pid(h, s->turnp));
	else
		sl_buf_puts(o, "null");
	sl_buf_printf(o, ",\"active\":%d,\"players\":[", s->asys >= 0 ? ti4_pos_code(s->asys) : -1);
	for (int p = 0; p < s->np; p++) {
		const ti4_player *pl = &s->pl[p];
		if (p)
			sl_buf_putc(o, ',');
		sl_buf_puts(o, "{\"id\":");
		sl_buf_json_str(o, ti4_pid(h, p));
		sl_buf_printf(o, ",\"faction\":\"%s\",\"tg\":%d,\"commodities\":%d,\"vp\":%d,"
			"\"tactic\":%d,\"eliminated\":%s,\"reinforcements\":", pl->faction >= 0 ?
			ti4_factions[pl->faction].id : "", pl->tg, pl->comm, pl->vp, pl->tactic,
			pl->eliminated ? "true" : "false");
		json_units(o, s->reinf[p]);
		sl_buf_puts(o, ",\"captured\":{");
		for (int q = 0, f = 1; q < s->np; q++)
			if (any_units(s->cap[p][q])) {
				sl_buf_printf(o, "%s", f ? "" : ",");
				sl_buf_json_str(o, ti4_pid(h, q));
				sl_buf_putc(o, ':');
				json_units(o, s->cap[p][q]);
				f = 0;
			}
		sl_buf_printf(o, "},\"tokens\":{\"ff\":%d,\"inf\":%d},\"box\":", s->captok[p][0],
			s->captok[p][1]);
		json_units(o, s->box[p]);
		sl_buf_putc(o, '}');
	}
	sl_buf_puts(o, "],\"systems\":[");
	for (int i = 0; i < TI4_NPOS; i++) {
		if (!s->tile[i])
			continue;
		sl_buf_printf(o, "%s{\"pos\":\"%03d\",\"tile\":%d", first ? "" : ",", ti4_pos_code(i),
			s->tile[i]);
		json_system(o, s, h, i);
		sl_buf_putc(o, '}');
		first = 0;
	}
	sl_buf_putc(o, ']');
	ti4_round_json(s, h, o);
	sl_buf_putc(o, '}');
}

void ti4_help(const void *st, const sl_header *h, sl_buf *o)
{
	const ti4_state *s = st;
	static const char *const steps[] = {"", "movement", "space cannon", "space combat",
		"invasion", "production"};
	if (!s->galaxy) {
		sl_buf_puts(o, "setup: galaxy map=\"...\" (a TTS map string), then per player: "
			"faction faction=cabal home=301, place units=dn,cv,ff at=301\n");
		return;
	}
	if (s->turn == 0) {
		sl_buf_puts(o, "setup: faction faction=... home=NNN; place units=... at=NNN|planet; "
			"then `turn 1`\n");
		return;
	}
	if (s->phase == 2) {
		sl_buf_printf(o, "status phase of round %d: `turn %d` starts the next round\n", s->turn,
			s->turn + 1);
		return;
	}
	if (s->turnp < 0) {
		int waiting = 0;
		for (int p = 0; p < s->np; p++) {
			int n = 0;
			if (s->pl[p].passed || s->pl[p].eliminated)
				continue;
			waiting++;
			for (int i = 0; i < TI4_NPOS; i++)
				n += ti4_tile_of(s, i) && !(s->cmd[i] >> p & 1);
			sl_buf_printf(o, "%s: activate system=NNN (%d tactic token%s, %d systems without "
				"its token)%s; pass\n", ti4_pid(h, p), s->pl[p].tactic,
				s->pl[p].tactic == 1 ? "" : "s", n, s->pl[p].vortex_ready ?
				"; vortex target=... unit=... at=NNN" : "");
		}
		if (!waiting)
			sl_buf_puts(o, "every player has passed: `phase 2` (status)\n");
		return;
	}
	sl_buf_printf(o, "%s's turn at %03d, %s step%s\n", ti4_pid(h, s->turnp),
		ti4_pos_code(s->asys), steps[s->step], s->ckind == 1 ? ", space combat round" :
		s->ckind == 2 ? ", ground combat round" : "");
	for (int p = 0; p < s->np; p++)
		if (s->pend[p] && (!s->ckind || s->fired == ((1u << s->att) | (1u << s->def))))
			sl_buf_printf(o, "%s must assign %d hit%s: assign sustain=... destroy=...\n",
				ti4_pid(h, p), s->pend[p], s->pend[p] == 1 ? "" : "s");
	if (s->ckind)
		for (int k = 0; k < 2; k++) {
			int p = k ? s->def : s->att;
			if (!(s->fired >> p & 1))
				sl_buf_printf(o, "%s rolls: fire dice=...%s%s\n", ti4_pid(h, p),
					s->ckind == 2 ? " planet=" : "", s->ckind == 2 ?
					ti4_planet_at(s, s->asys, s->cplanet)->id : "");
		}
	if (s->step == TI4_ST_MOVE)
		sl_buf_puts(o, "movement: move from=NNN units=... [rift=...]; load planet=... units=...\n");
	if (s->step <= TI4_ST_CANNON && !s->ckind)
		sl_buf_puts(o, "space cannon offense: cannon dice=... [target=...]; then barrage/fire if "
			"ships of two players share the system\n");
	if (s->step <= TI4_ST_INVADE && s->ckind != 1)
		sl_buf_puts(o, "invasion: bombard planet=... dice=...; land planet=... units=...; "
			"cannon planet=... dice=...\n");
	if (ti4_has_dock(s, s->asys, s->turnp))
		sl_buf_printf(o, "production: produce units=... pay=planets tg=N [amalg=... owner=...]; "
			"%d unit%s produced so far%s\n", s->prod_used, s->prod_used == 1 ? "" : "s",
			ti4_dock_blockaded(s, s->asys, s->turnp) ? " (blockaded: no ships)" : "");
	sl_buf_printf(o, "any time in the turn: trade with=... ; then end\n");
}
