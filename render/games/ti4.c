/* ti4.c - the painter of Twilight Imperium 4: the galaxy as flat-top system
 * tiles in our own style (planets with names, resources/influence and their
 * controller, anomalies, wormholes, position codes and tile numbers), units
 * as counted tags per space area and planet in their owner's colour, command
 * tokens, the active system and blockaded space docks marked; beside the map,
 * each faction's sheet with its captured units and tokens, reinforcements and
 * what went to the box. */
#include "../painter.h"
#include "tg_kit.h"
#include "src/games/ti4/ti4.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TITLE_H 64.0
#define MARGIN 16.0
#define MAP_W 940.0
#define MAP_H 940.0
#define PANEL_W 470.0

static const uint32_t fallback_colours[] = {0x7b2cbf, 0x1864ab, 0xe8590c, 0x2b8a3e, 0xc2255c,
	0x5f3dc4};

static uint32_t colour_of(const sl_frame *fr, int k)
{
	if (fr->header && k >= 0 && k < fr->header->nplayers && fr->header->players[k].colour)
		return fr->header->players[k].colour & 0xffffff;
	return fallback_colours[(k < 0 ? 0 : k) % 6];
}

static const char *pid(const sl_frame *fr, int k)
{
	if (fr->header && k >= 0 && k < fr->header->nplayers && fr->header->players[k].id)
		return fr->header->players[k].id;
	return "?";
}

static int rings_of(const ti4_state *s)
{
	int r = 1;
	for (int i = 0; i < TI4_NPOS; i++)
		if (s->tile[i] && ti4_pos_code(i) / 100 > r)
			r = ti4_pos_code(i) / 100;
	return r;
}

static double hex_size(const ti4_state *s)
{
	int m = rings_of(s);
	double a = MAP_W / (3.0 * m + 2.0), b = MAP_H / (sqrt(3.0) * (2 * m + 1));
	return a < b ? a : b;
}

static void centre(const ti4_state *s, int i, double *x, double *y)
{
	sl_hex h = ti4_pos_hex(i);
	double R = hex_size(s);
	*x = MARGIN + MAP_W / 2 + 1.5 * R * h.q;
	*y = TITLE_H + MARGIN + MAP_H / 2 + sqrt(3.0) * R * (h.r + h.q / 2.0);
}

static void hex_path(cairo_t *cr, double x, double y, double R)
{
	for (int k = 0; k < 6; k++) {
		double a = M_PI / 3 * k;
		if (k == 0)
			cairo_move_to(cr, x + R * cos(a), y + R * sin(a));
		else
			cairo_line_to(cr, x + R * cos(a), y + R * sin(a));
	}
	cairo_close_path(cr);
}

#define COUNCIL_H 262.0   /* rules version 2: the band under the map */

static int v2(const sl_frame *fr)
{
	const ti4_state *s = fr->state;
	return s && s->r.on;
}

static void ti4_size(const sl_frame *fr, int *w, int *h)
{
	*w = (int)(MARGIN + MAP_W + MARGIN + PANEL_W + MARGIN);
	*h = (int)(TITLE_H + MARGIN + MAP_H + MARGIN + (v2(fr) ? COUNCIL_H + MARGIN : 0));
}

/* ---- tiles -------------------------------------------------------------------- */

static sl_kit_rgb tile_rgb(const ti4_tile *t)
{
	switch (t->anomaly) {
	case TI4_AN_NEBULA: return sl_kit_rgb_hex(0x3b2a5c);
	case TI4_AN_SUPERNOVA: return sl_kit_rgb_hex(0x6b2a12);
	case TI4_AN_ASTEROID: return sl_kit_rgb_hex(0x3d3428);
	case TI4_AN_RIFT: return sl_kit_rgb_hex(0x1a0f2b);
	default: return sl_kit_rgb_hex(t->home ? 0x17323a : 0x121c33);
	}
}

static const char *anomaly_name(int a)
{
	static const char *const n[] = {"", "asteroid field", "nebula", "supernova", "gravity rift"};
	return a >= 0 && a <= 4 ? n[a] : "";
}

/* Where planet k of n sits in a tile of size R. */
static void planet_xy(int n, int k, double R, double *dx, double *dy)
{
	static const double one[1][2] = {{0.0, 0.10}};
	static const double two[2][2] = {{-0.40, 0.00}, {0.40, 0.16}};
	static const double three[3][2] = {{-0.48, -0.02}, {0.48, -0.02}, {0.0, 0.34}};
	const double (*t)[2] = n == 1 ? one : n == 2 ? two : three;
	*dx = t[k][0] * R;
	*dy = t[k][1] * R;
}

/* The unit chips of area a (0 space, 1..3 a planet) of system i, placed as
 * one block near x,y (gap: what sits there), inside the tile and off its
 * number, tokens and labels; when the tile has no room left, beside it with
 * a leader line (still off everything). */
static void unit_tags(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s, int i, int a,
	double x, double y, double gap, int first, double size, double maxw, double tx, double ty,
	double R)
{
	char buf[TI4_NUT * 4][24];
	const char *txt[TI4_NUT * 4];
	sl_kit_rgb bg[TI4_NUT * 4];
	int n = 0;
	sl_kit_box map = {MARGIN, TITLE_H + MARGIN, MARGIN + MAP_W, TITLE_H + MARGIN + MAP_H};
	for (int p = 0; p < s->np; p++)
		for (int t = 0; t < TI4_NUT && n < TI4_NUT * 4; t++) {
			int k = s->u[i][a][p][t];
			if (!k)
				continue;
			snprintf(buf[n], sizeof buf[n], s->dmg[i][a][p][t] ? "%d%s*" : "%d%s", k,
				ti4_units[t].tok);
			txt[n] = buf[n];
			bg[n++] = sl_kit_rgb_hex(colour_of(fr, p));
		}
	if (n)
		sl_kit_uses(c, "units");   /* the key's "units: count and type" row */
	if (n) {
		sl_kit_place pl = {.x = x, .y = y, .gap = gap, .first = first, .within = &map,
			.reach = R * 0.5, .min_size = size * 0.72, .hx = tx, .hy = ty, .hr = R - 1.5,
			.must_fit = 1};
		if (sl_kit_place_tags(c, &pl, txt, bg, n, size, maxw, NULL) == 0)
			return;
		/* no room for the block: a player's chips a row each, then chip
		 * by chip, wherever the tile has room near the anchor; what finds
		 * none goes beside the tile, joined by a leader */
		pl.reach = R * 0.9;
		for (int k = 0, e; k < n; k = e) {
			for (e = k + 1; e < n && bg[e].r == bg[k].r && bg[e].g == bg[k].g &&
			     bg[e].b == bg[k].b; e++)
				;
			if (sl_kit_place_tags(c, &pl, &txt[k], &bg[k], e - k, size, R * 1.6, NULL) == 0)
				continue;
			for (int j = k; j < e; j++) {
				pl.hr = R - 1.5;
				pl.must_fit = 1;
				if (sl_kit_place_tags(c, &pl, &txt[j], &bg[j], 1, size, 0, NULL) == 0)
					continue;
				pl.hr = 0;
				pl.must_fit = 0;
				pl.reach = R * 1.2;
				sl_kit_place_tags(c, &pl, &txt[j], &bg[j], 1, size * 0.85, 0, NULL);
			}
		}
	}
}

static void tile_ground(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s,
	const ti4_tile *t, int i, double x, double y, double R, double fs);

/* "dock blockaded" by planet k of system i when a dock there is (LRR 14). */
static void blockade_tag(sl_kit_canvas *c, const ti4_state *s, int i, int k, double x,
	double y, double R, double fs)
{
	const ti4_tile *t = ti4_tile_of(s, i);
	double dx, dy, pr = R * (t->np == 1 ? 0.2 : 0.17);
	int blk = 0;
	for (int p = 0; p < s->np; p++)
		if (s->u[i][k + 1][p][TI4_SD] && ti4_dock_blockaded(s, i, p))
			blk = 1;
	if (!blk)
		return;
	planet_xy(t->np, k, R, &dx, &dy);
	{
		sl_kit_box map = {MARGIN, TITLE_H + MARGIN, MARGIN + MAP_W, TITLE_H + MARGIN + MAP_H};
		sl_kit_place pl = {.x = x + dx, .y = y + dy, .gap = pr + 4, .first = SL_KIT_PL_ABOVE,
			.within = &map, .reach = R * 0.6, .min_size = fs * 0.7, .hx = x, .hy = y,
			.hr = R - 1.5, .must_fit = 1};
		if (sl_kit_place_tag(c, &pl, "dock blockaded", fs * 0.9, sl_kit_rgb_hex(0xe03131),
			NULL) == 0)
			return;
		pl.hr = 0;   /* beside the tile, with a leader */
		pl.must_fit = 0;
		pl.reach = R * 1.2;
		sl_kit_place_tag(c, &pl, "dock blockaded", fs * 0.8, sl_kit_rgb_hex(0xe03131), NULL);
	}
}

/* pass 0: the tile and its planets; pass 1: units, tokens, the active system's outline,
 * drawn over every tile so that nothing hides them. */
static void draw_tile(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s, int i, int pass)
{
	cairo_t *cr = c->cr;
	const ti4_tile *t = ti4_tile_of(s, i);
	double x, y, R = hex_size(s), fs = R / 7.0 < 10 ? 10 : R / 7.0;
	centre(s, i, &x, &y);
	if (pass == 1) {
		int ntok = 0;
		for (int p = 0; p < s->np; p++)
			ntok += s->cmd[i] >> p & 1;
		/* the command tokens in a row under the position code, then the
		 * chips around them: they never cover a token or the numbers */
		for (int p = 0, n = 0; p < s->np; p++)
			if (s->cmd[i] >> p & 1) {
				sl_kit_uses(c, "C");
				sl_kit_token(c, x + (n - (ntok - 1) / 2.0) * fs * 1.7, y - R * 0.84 + fs * 1.95,
					fs * 0.75, colour_of(fr, p), "C");
				n++;
			}
		if (t)   /* the space area above the planets, then each planet's below it */
			unit_tags(c, fr, s, i, 0, x, y - R * 0.40, 0, SL_KIT_PL_CENTER, fs, R * 1.1, x, y,
				R);
		for (int k = 0; t && k < t->np; k++) {
			double dx, dy, pr = R * (t->np == 1 ? 0.2 : 0.17);
			planet_xy(t->np, k, R, &dx, &dy);
			unit_tags(c, fr, s, i, k + 1, x + dx, y + dy, pr + fs * 1.3, SL_KIT_PL_BELOW,
				fs * 0.95, R * (t->np == 1 ? 0.84 : 0.62), x, y, R);
		}
		for (int k = 0; t && k < t->np; k++)   /* last: where room is left */
			blockade_tag(c, s, i, k, x, y, R, fs);
		if (t && (s->asys == i || s->last == i)) {
			cairo_new_path(cr);
			hex_path(cr, x, y, R - 4);
			sl_kit_set(c, sl_kit_rgb_hex(0xfcc419));
			cairo_set_line_width(cr, s->asys == i ? 5 : 2.5);
			cairo_stroke(cr);
		}
		return;
	}
	{   /* the tile stays inside the map's frame; its texts inside the tile */
		sl_kit_box map = c->zone;
		sl_kit_zone(c, MARGIN, TITLE_H + MARGIN, MARGIN + MAP_W, TITLE_H + MARGIN + MAP_H);
		sl_kit_mark_box(c, SL_KIT_MARK_FRAME, x - R, y - R * 0.866, x + R, y + R * 0.866,
			"(tile)");
		c->zone = map;
		sl_kit_zone_hex(c, x, y, R - 1.5);
	}
	tile_ground(c, fr, s, t, i, x, y, R, fs);
	sl_kit_zone_hex(c, 0, 0, 0);
}

/* Planet k of system i: its disc in the controller's colour (darker when
 * exhausted), resources/influence on it, its name placed below it. */
static void draw_planet(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s,
	const ti4_tile *t, int i, int k, double x, double y, double R, double fs)
{
	cairo_t *cr = c->cr;
	char buf[64];
	sl_kit_text_style st;
	double dx, dy, pr = R * (t->np == 1 ? 0.2 : 0.17);
	int ctl = s->ctrl[i][k];
	int blk = 0;
	planet_xy(t->np, k, R, &dx, &dy);
	cairo_new_path(cr);
	cairo_arc(cr, x + dx, y + dy, pr, 0, 2 * M_PI);
	sl_kit_set(c, ctl >= 0 ? sl_kit_mix(sl_kit_rgb_hex(colour_of(fr, ctl)),
		sl_kit_rgb_hex(0x000000), s->exh[i][k] ? 0.55 : 0.15) : sl_kit_rgb_hex(0x495057));
	cairo_fill_preserve(cr);
	sl_kit_set(c, sl_kit_rgb_hex(0xf1f3f5));
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	for (int p = 0; p < s->np; p++)
		if (s->u[i][k + 1][p][TI4_SD] && ti4_dock_blockaded(s, i, p))
			blk = 1;
	if (blk) {
		cairo_new_path(cr);
		cairo_arc(cr, x + dx, y + dy, pr + 4, 0, 2 * M_PI);
		sl_kit_set(c, sl_kit_rgb_hex(0xff2d2d));
		cairo_set_line_width(cr, 3.5);
		cairo_set_dash(cr, (double[]){6, 4}, 2, 0);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	sl_kit_keep_disc(c, x + dx, y + dy, pr);
	st = sl_kit_style(c, fs, 1);
	st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
	st.colour = sl_kit_rgb_hex(0xffffff);
	snprintf(buf, sizeof buf, "%d/%d", t->p[k].res, t->p[k].inf);
	c->nest++;   /* resources/influence: the planet's own glyph */
	sl_kit_text(c, x + dx, y + dy, buf, &st);
	c->nest--;
	st = sl_kit_style(c, fs * 0.95, 0);
	st.colour = blk ? sl_kit_rgb_hex(0xff8787) : sl_kit_rgb_hex(0xe9ecef);
	st.max_width = t->np == 1 ? R * 1.3 : R * 0.85;
	snprintf(buf, sizeof buf, "%s", t->p[k].name);
	{
		sl_kit_place pl = {.x = x + dx, .y = y + dy, .gap = pr + 2,
			.first = SL_KIT_PL_BELOW, .reach = R * 0.3, .min_size = fs * 0.7, .hx = x,
			.hy = y, .hr = R - 1.5};
		sl_kit_place_text(c, &pl, buf, &st, NULL);
	}
}

/* Pass 0 of a tile: its hex, anomaly, numbers, wormholes and planets. */
static void tile_ground(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s,
	const ti4_tile *t, int i, double x, double y, double R, double fs)
{
	cairo_t *cr = c->cr;
	char buf[64];
	sl_kit_text_style st;
	cairo_new_path(cr);
	hex_path(cr, x, y, R - 1.5);
	if (!t) {   /* an empty slot of the map string (a home system to come) */
		sl_kit_set(c, sl_kit_rgb_hex(0x0b0f1a));
		cairo_fill_preserve(cr);
		sl_kit_set(c, sl_kit_rgb_hex(0x343a40));
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		st = sl_kit_style(c, fs, 1);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		st.colour = sl_kit_rgb_hex(0x868e96);
		snprintf(buf, sizeof buf, "%03d", ti4_pos_code(i));
		sl_kit_text(c, x, y - fs * 0.6, buf, &st);
		st = sl_kit_style(c, fs * 0.85, 0);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		st.colour = sl_kit_rgb_hex(0x6c757d);
		sl_kit_text(c, x, y + fs * 0.8, "empty slot", &st);
		return;
	}
	sl_kit_set(c, tile_rgb(t));
	cairo_fill_preserve(cr);
	sl_kit_set(c, t->home ? sl_kit_rgb_hex(0x63e6be) : t->anomaly ? sl_kit_rgb_hex(0xff6b6b) :
		sl_kit_rgb_hex(0x4c6ef5));
	cairo_set_line_width(cr, t->home || t->anomaly ? 2.5 : 1.2);
	cairo_stroke(cr);
	if (t->anomaly == TI4_AN_RIFT || t->anomaly == TI4_AN_SUPERNOVA) {
		for (int k = 1; k <= 3; k++) {
			cairo_new_path(cr);
			cairo_arc(cr, x, y, R * 0.18 * k, 0, 2 * M_PI);
			sl_kit_set_a(c, sl_kit_rgb_hex(t->anomaly == TI4_AN_RIFT ? 0x9775fa : 0xffa94d),
				0.5);
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
		}
	}
	if (t->anomaly == TI4_AN_ASTEROID)
		for (int k = 0; k < 14; k++) {
			double a = k * 2.4, r = R * (0.15 + 0.045 * (k % 9));
			cairo_new_path(cr);
			cairo_arc(cr, x + r * cos(a), y + r * sin(a), 2 + k % 3, 0, 2 * M_PI);
			sl_kit_set(c, sl_kit_rgb_hex(0x8c7b65));
			cairo_fill(cr);
		}
	if (t->anomaly == TI4_AN_NEBULA) {
		cairo_new_path(cr);
		cairo_arc(cr, x, y, R * 0.6, 0, 2 * M_PI);
		sl_kit_set_a(c, sl_kit_rgb_hex(0xb197fc), 0.18);
		cairo_fill(cr);
	}
	/* position code at the top, tile number at the bottom */
	st = sl_kit_style(c, fs, 1);
	st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
	st.colour = sl_kit_rgb_hex(0xdee2e6);
	snprintf(buf, sizeof buf, "%03d", ti4_pos_code(i));
	sl_kit_text(c, x, y - R * 0.84, buf, &st);
	st = sl_kit_style(c, fs * 0.85, 0);
	st.colour = sl_kit_rgb_hex(0x868e96);
	if (t->anomaly)
		snprintf(buf, sizeof buf, "#%d %s", t->id, anomaly_name(t->anomaly));
	else if (t->home)
		snprintf(buf, sizeof buf, "#%d %s home", t->id, t->home);
	else
		snprintf(buf, sizeof buf, "#%d", t->id);
	{   /* the tile number and name at the bottom, inside the tile: smaller
	     * or a little higher where the hex narrows */
		sl_kit_place pl = {.x = x, .y = y + R * 0.84 - fs * 0.45, .first = SL_KIT_PL_CENTER,
			.reach = R * 0.3, .min_size = fs * 0.6, .hx = x, .hy = y, .hr = R - 1.5};
		sl_kit_place_text(c, &pl, buf, &st, NULL);
	}
	for (int b = 0, n = 0; b < 4; b++) {
		static const char *const wh[] = {"\u03b1", "\u03b2", "\u03b4", "\u03b3"};
		static const uint32_t wc[] = {0xf08c00, 0x2f9e44, 0xe64980, 0x4dabf7};
		double wx = x + R * 0.72, wy = y - R * 0.30 + n * fs * 2.4;
		if (!(t->wormhole >> b & 1))
			continue;
		n++;
		cairo_new_path(cr);
		cairo_arc(cr, wx, wy, fs * 1.1, 0, 2 * M_PI);
		sl_kit_set(c, sl_kit_rgb_hex(wc[b]));
		cairo_fill(cr);
		sl_kit_keep_disc(c, wx, wy, fs * 1.1);
		st = sl_kit_style(c, fs * 1.2, 1);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		st.colour = sl_kit_rgb_hex(0xffffff);
		c->nest++;   /* the letter is the disc's glyph */
		sl_kit_text(c, wx, wy, wh[b], &st);
		c->nest--;
	}
	for (int k = 0; k < t->np; k++)
		draw_planet(c, fr, s, t, i, k, x, y, R, fs);
}

/* ---- the side panel: faction sheets -------------------------------------------------- */

static void counts(char *out, size_t n, const uint8_t *cnt)
{
	size_t k = 0;
	out[0] = 0;
	for (int t = 0; t < TI4_NUT && k + 12 < n; t++)
		if (cnt[t])
			k += (size_t)snprintf(out + k, n - k, "%s%d%s", k ? " " : "", cnt[t],
				ti4_units[t].tok);
	if (!k)
		snprintf(out, n, "-");
}

static double draw_sheet(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s, int p,
	double x, double y)
{
	const ti4_player *pl = &s->pl[p];
	char buf[256];
	double y0 = y, h;
	sl_kit_text_style st = sl_kit_style(c, 15, 1), sm = sl_kit_style(c, 12.5, 0);
	int lines = 4 + (s->r.on != 0);
	for (int q = 0; q < s->np; q++)
		for (int t = 0; t < TI4_NUT; t++)
			if (s->cap[p][q][t]) {
				lines++;
				break;
			}
	for (int t = 0; t < TI4_NUT; t++)
		if (s->box[p][t]) {
			lines++;
			break;
		}
	h = 30 + lines * 19;
	sl_kit_round_rect(c, x, y, PANEL_W, h, 8);
	sl_kit_set(c, c->pal.panel_bg);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, p)));
	cairo_set_line_width(c->cr, 3);
	cairo_stroke(c->cr);
	snprintf(buf, sizeof buf, "%s \u2014 %s%s", pid(fr, p), pl->faction >= 0 ?
		ti4_factions[pl->faction].name : "?", pl->eliminated ? " (eliminated)" :
		pl->passed ? " (passed)" : "");
	st.colour = sl_kit_rgb_hex(colour_of(fr, p));
	st.max_width = PANEL_W - 20;
	sl_kit_text(c, x + 10, y + 8, buf, &st);
	y += 30;
	snprintf(buf, sizeof buf, "%d VP \u00b7 %d trade goods \u00b7 %d commodities \u00b7 tokens "
		"%d/%d/%d%s", pl->vp, pl->tg, pl->comm, pl->tactic, pl->fleet, pl->strategy,
		s->blk[p] ? " \u00b7 BLOCKADED" : "");
	sm.max_width = PANEL_W - 20;
	sl_kit_text(c, x + 10, y, buf, &sm);
	y += 19;
	if (s->r.on) {   /* hands are counts: the cards and secrets stay hidden */
		int k = ti4_card_of(s, p);
		snprintf(buf, sizeof buf, "%s%s%d action card%s in hand \u00b7 %d secret objective%s "
			"sealed%s", k >= 0 ? ti4_strategy[k].name : "no strategy card", " \u00b7 ",
			s->r.hand[p], s->r.hand[p] == 1 ? "" : "s", s->r.nsec[p], s->r.nsec[p] == 1 ? "" :
			"s", s->r.speaker == p ? " \u00b7 SPEAKER" : "");
		sl_kit_text(c, x + 10, y, buf, &sm);
		y += 19;
	}
	counts(buf, sizeof buf, s->reinf[p]);
	{
		char line[300];
		snprintf(line, sizeof line, "reinforcements: %s", buf);
		sl_kit_text(c, x + 10, y, line, &sm);
	}
	y += 19;
	st = sl_kit_style(c, 12.5, 1);
	sl_kit_text(c, x + 10, y, "faction sheet (captured):", &st);
	if (s->captok[p][0] || s->captok[p][1]) {
		snprintf(buf, sizeof buf, "tokens %d ff %d inf", s->captok[p][0], s->captok[p][1]);
		double w, hh;
		sl_kit_text_style ts = sl_kit_style(c, 12, 1);
		sl_kit_text_extent(c, buf, &ts, &w, &hh);
		sl_kit_tag(c, x + 200 + w / 2, y + 8, buf, 12, sl_kit_rgb_hex(0x868e96));
	} else {
		sl_kit_text(c, x + 200, y, "-", &sm);
	}
	y += 19;
	for (int q = 0; q < s->np; q++) {
		int any = 0;
		for (int t = 0; t < TI4_NUT; t++)
			any |= s->cap[p][q][t];
		if (!any)
			continue;
		counts(buf, sizeof buf, s->cap[p][q]);
		{
			char line[300];
			snprintf(line, sizeof line, "%s's: %s%s", pid(fr, q), buf,
				s->pl[q].eliminated ? " (eliminated: to the box)" : q == p ? " (its own)" : "");
			double w, hh;
			sl_kit_text_style ts = sl_kit_style(c, 12.5, 1);
			sl_kit_text_extent(c, line, &ts, &w, &hh);
			sl_kit_tag(c, x + 18 + w / 2, y + 8, line, 12.5, sl_kit_rgb_hex(colour_of(fr, q)));
		}
		y += 19;
	}
	for (int t = 0; t < TI4_NUT; t++)
		if (s->box[p][t]) {
			char line[300];
			counts(buf, sizeof buf, s->box[p]);
			snprintf(line, sizeof line, "in the box: %s", buf);
			sl_kit_text(c, x + 10, y, line, &sm);
			y += 19;
			break;
		}
	return y - y0 + 12;
}

/* ---- rules version 2: the victory point track, strategy cards, objectives, laws ---------- */

static void draw_vp_track(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s, double x,
	double y, double w)
{
	int goal = s->r.goal;
	double cw = w / (goal + 1);
	sl_kit_text_style sm = sl_kit_style(c, 11, 1);
	for (int v = 0; v <= goal; v++) {
		char n[8];
		int k = 0;
		cairo_rectangle(c->cr, x + v * cw + 1, y, cw - 2, 40);
		sl_kit_set(c, v == goal ? sl_kit_rgb_hex(0xffe066) : c->pal.panel_bg);
		cairo_fill(c->cr);
		snprintf(n, sizeof n, "%d", v);
		sl_kit_text(c, x + v * cw + 4, y + 2, n, &sm);
		for (int p = 0; p < s->np; p++)
			if ((s->pl[p].vp > goal ? goal : s->pl[p].vp) == v) {
				cairo_arc(c->cr, x + v * cw + 10 + (k % 6) * 12, y + 28, 5, 0, 2 * M_PI);
				sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, p)));
				cairo_fill(c->cr);
				k++;
			}
	}
}

static void draw_cards(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s, double x,
	double y, double w)
{
	double cw = w / 8;
	sl_kit_text_style st = sl_kit_style(c, 12, 1), sm = sl_kit_style(c, 11, 0);
	for (int k = 0; k < 8; k++) {
		char buf[64];
		int o = s->r.owner[k] - 1;
		sl_kit_round_rect(c, x + k * cw + 2, y, cw - 4, 44, 5);
		sl_kit_set(c, o >= 0 ? sl_kit_rgb_hex(colour_of(fr, o)) : c->pal.panel_bg);
		cairo_fill(c->cr);
		st.colour = sm.colour = o >= 0 ? sl_kit_rgb_hex(0xffffff) : c->pal.ink;
		st.max_width = sm.max_width = cw - 12;
		snprintf(buf, sizeof buf, "%d %s", k + 1, ti4_strategy[k].name);
		sl_kit_text(c, x + k * cw + 7, y + 4, buf, &st);
		snprintf(buf, sizeof buf, "%s%s%s", o >= 0 ? pid(fr, o) : s->r.tg[k] ? "" : "-",
			o >= 0 && s->r.used[k] ? " \u00b7 used" : "", o < 0 && s->r.tg[k] ? " tg" : "");
		if (o < 0 && s->r.tg[k])
			snprintf(buf, sizeof buf, "+%d trade good%s", s->r.tg[k], s->r.tg[k] == 1 ? "" : "s");
		sl_kit_text(c, x + k * cw + 7, y + 24, buf, &sm);
	}
}

static void draw_council(sl_kit_canvas *c, const sl_frame *fr, const ti4_state *s, double x,
	double y, double w)
{
	char buf[400];
	sl_kit_text_style hd = sl_kit_style(c, 13, 1), sm = sl_kit_style(c, 12, 0);
	double ox = x + 10, oy;
	sl_kit_round_rect(c, x, y, w, COUNCIL_H, 8);
	sl_kit_set(c, c->pal.panel_bg);
	cairo_fill(c->cr);
	snprintf(buf, sizeof buf, "Victory points (to %d) \u00b7 speaker %s%s%s", s->r.goal,
		pid(fr, s->r.speaker), s->r.custodians ? " \u00b7 custodians taken" : "",
		s->r.winner >= 0 ? " \u00b7 the game is won" : "");
	hd.max_width = w - 20;
	sl_kit_text(c, ox, y + 6, buf, &hd);
	draw_vp_track(c, fr, s, ox, y + 26, w - 20);
	sl_kit_text(c, ox, y + 72, "Strategy cards", &hd);
	draw_cards(c, fr, s, ox, y + 90, w - 20);
	sl_kit_text(c, ox, y + 140, "Objectives (who scored)", &hd);
	oy = y + 158;
	sm.max_width = (w - 30) / 2;
	for (int k = 0; k < s->r.npub; k++) {
		const ti4_objective_def *o = &ti4_objectives[s->r.pub[k]];
		size_t n = (size_t)snprintf(buf, sizeof buf, "%s %s:", o->stage == 1 ? "I" : "II",
			o->name);
		for (int p = 0; p < s->np && n < sizeof buf - 20; p++)
			if (s->r.scored[p][s->r.pub[k] >> 3] >> (s->r.pub[k] & 7) & 1)
				n += (size_t)snprintf(buf + n, sizeof buf - n, " %s", pid(fr, p));
		sl_kit_text(c, ox + (k % 2) * (w - 20) / 2, oy + (k / 2) * 15, buf, &sm);
	}
	{
		size_t n = (size_t)snprintf(buf, sizeof buf, "Laws:");
		for (int k = 0; k < s->r.nlaw && n < sizeof buf - 40; k++)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s %s", k ? "," : "",
				ti4_agendas[s->r.law[k]].name);
		if (!s->r.nlaw)
			snprintf(buf + n, sizeof buf - n, " none");
		sm.max_width = w - 20;
		sl_kit_text(c, ox, y + COUNCIL_H - 20, buf, &sm);
	}
}

static void draw_key(sl_kit_canvas *c, double x, double y)
{
	sl_kit_legend_row rows[] = {
		{SL_KIT_LEG_HEADING, 0, NULL, "Key"},
		{SL_KIT_LEG_TAG, 0x7b2cbf, "2dn", "units: count and type, owner's colour; * damaged"},
		{SL_KIT_LEG_BADGE, 0x1864ab, "C", "command token"},
		{SL_KIT_LEG_SWATCH, 0x63e6be, NULL, "home system (green edge); red edge: anomaly"},
		{SL_KIT_LEG_LINE, 0xff2d2d, NULL, "blockaded space dock (LRR 14)"},
		{SL_KIT_LEG_LINE, 0xfcc419, NULL, "active system"},
		{SL_KIT_LEG_TEXT, 0, NULL, "planet: resources/influence in the controller's colour"},
		{SL_KIT_LEG_TEXT, 0, NULL, "a darker planet is exhausted"},
		{SL_KIT_LEG_TEXT, 0, NULL, "ws fs dn cr cv dd ff mech inf pds sd"},
	};
	sl_kit_legend(c, x, y, PANEL_W, rows, (int)(sizeof rows / sizeof rows[0]), 1);
}

static int ti4_paint(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	sl_error *err)
{
	const ti4_state *s = fr->state;
	char title[200], info[200], line2[700];
	double px, py;
	static const char *const steps[] = {"", "movement", "space cannon", "space combat",
		"invasion", "production"};
	(void)o;
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "render: no ti4 state");
	cairo_rectangle(c->cr, MARGIN, TITLE_H + MARGIN, MAP_W, MAP_H);
	sl_kit_set(c, sl_kit_rgb_hex(0x05070d));
	cairo_fill(c->cr);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < TI4_NPOS; i++)
			if (ti4_pos_code(i) / 100 <= rings_of(s))
				draw_tile(c, fr, s, i, pass);
	snprintf(title, sizeof title, "%s", fr->header && fr->header->title ? fr->header->title :
		"Twilight Imperium");
	if (s->turn <= 0)
		snprintf(info, sizeof info, "Setup");
	else if (s->turnp >= 0)
		snprintf(info, sizeof info, "Round %d \u00b7 %s's turn at %03d \u00b7 %s%s", s->turn,
			pid(fr, s->turnp), ti4_pos_code(s->asys), steps[s->step],
			s->ckind == 1 ? " (combat)" : s->ckind == 2 ? " (ground combat)" : "");
	else
		snprintf(info, sizeof info, "Round %d \u00b7 %s phase", s->turn,
			s->phase == 3 ? "agenda" : s->phase == 2 ? "status" : s->r.picking ? "strategy" :
			"action");
	if (fr->last_desc && *fr->last_desc)
		snprintf(line2, sizeof line2, "Event %ld: %s", fr->event_no, fr->last_desc);
	else
		snprintf(line2, sizeof line2, "After event %ld", fr->event_no);
	sl_kit_title_bar(c, TITLE_H, title, info, line2);
	px = MARGIN + MAP_W + MARGIN;
	py = TITLE_H + MARGIN;
	for (int p = 0; p < s->np; p++)
		py += draw_sheet(c, fr, s, p, px, py);
	draw_key(c, px, py + 4);
	if (s->r.on)
		draw_council(c, fr, s, MARGIN, TITLE_H + MARGIN + MAP_H + MARGIN, MAP_W + MARGIN + PANEL_W);
	return SL_OK;
}

/* For the click targets (ti4_targets.c): where system i (slot 0) or its
 * planet in slot 1..3 is drawn, and a radius to click in. */
int tg_ti4_where(const sl_frame *fr, int i, int slot, double *x, double *y, double *r)
{
	const ti4_state *s = fr->state;
	const ti4_tile *t = s && i >= 0 && i < TI4_NPOS ? ti4_tile_of(s, i) : NULL;
	double R;
	if (!t)
		return -1;
	R = hex_size(s);
	centre(s, i, x, y);
	if (slot >= 1 && slot <= t->np) {
		double dx, dy;
		planet_xy(t->np, slot - 1, R, &dx, &dy);
		*x += dx;
		*y += dy;
		*r = R * (t->np == 1 ? 0.2 : 0.17);
	} else {
		*r = R * 0.8;
	}
	return 0;
}

/* The galaxy alone (sl_render_opts.board_only). */
static void ti4_board(const sl_frame *fr, double box[4])
{
	(void)fr;
	box[0] = MARGIN;
	box[1] = TITLE_H + MARGIN;
	box[2] = MAP_W;
	box[3] = MAP_H;
}

const sl_painter sl_painter_ti4 = {
	SL_PAINTER_API,
	"ti4",
	ti4_size,
	ti4_paint,
	NULL,   /* systems are named by position (101...), not col,row: no heat yet */
	NULL,   /* overlays: none */
	NULL,   /* layers: drawn whole */
	tg_ti4_targets,       /* render/games/ti4_targets.c */
	ti4_board,
};
