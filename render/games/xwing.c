/* xwing.c - the painter of X-Wing: the 3-foot mat with its range scale,
 * obstacles, every base with its arcs, nose, name and initiative, the
 * tokens beside it (ion, stress, focus, evade, lock lines to their targets),
 * the template just flown between its start and end poses, dials face down
 * or revealed, round and phase in the title, and a card per ship. */
#include "../painter.h"
#include "tg_kit.h"
#include "src/games/xwing/xwing.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define TITLE_H 64.0
#define MARGIN 16.0
#define MAT_PX 880.0             /* the mat's side at natural size */
#define RULER_H 34.0
#define PANEL_W 330.0
#define CARD_H 74.0
#define SCALE (MAT_PX / XW_MAT)  /* px per 0.01 mm */

static const uint32_t fallback_colours[] = {0xc0392b, 0x2f6fd0, 0x2f9e44, 0xf08c00,
	0x7048e8, 0x0c8599, 0xd6336c, 0x5c940d};

static uint32_t side_colour(const sl_frame *fr, int side)
{
	if (fr->header && side >= 0 && side < fr->header->nplayers && fr->header->players[side].colour)
		return fr->header->players[side].colour;
	return fallback_colours[(side < 0 ? 0 : side) % 8];
}

static sl_kit_rgb rgb(uint32_t c)
{
	return sl_kit_rgb_hex(c);
}

typedef struct view {
	double ox, oy;               /* the mat's top-left corner */
	sl_kit_box mat;              /* the mat: where its labels stay */
} view;

static void to_screen(const view *v, double x, double y, double *sx, double *sy)
{
	*sx = v->ox + x * SCALE;
	*sy = v->oy + (XW_MAT - y) * SCALE;
}

static double heading_rad(int32_t h)
{
	return h * M_PI / 1800.0;
}

static const char *ship_label(const xw_ship *sh)
{
	return sh->id;
}

static void xwing_size(const sl_frame *fr, int *w, int *h)
{
	/* the panel fits the board's height whatever the ships (draw_panel
	 * wraps its cards into columns, then scales them) */
	(void)fr;
	*w = (int)ceil(MARGIN + MAT_PX + MARGIN + PANEL_W + MARGIN);
	*h = (int)ceil(TITLE_H + MARGIN + MAT_PX + RULER_H + MARGIN);
}

/* ---- the mat -------------------------------------------------------------------- */

static void draw_mat(sl_kit_canvas *c, const view *v)
{
	cairo_t *cr = c->cr;
	sl_kit_rgb space = c->theme == SL_THEME_DARK ? rgb(0x070b14) : rgb(0x101a2e);
	sl_kit_set(c, space);
	cairo_rectangle(cr, v->ox, v->oy, MAT_PX, MAT_PX);
	cairo_fill(cr);
	/* a faint grid of range-1 squares (100 mm) */
	sl_kit_set_a(c, rgb(0x8fa7d6), 0.13);
	cairo_set_line_width(cr, 1);
	for (int k = 1; k * XW_RANGE < XW_MAT; k++) {
		double p = k * XW_RANGE * SCALE;
		cairo_move_to(cr, v->ox + p, v->oy);
		cairo_line_to(cr, v->ox + p, v->oy + MAT_PX);
		cairo_move_to(cr, v->ox, v->oy + MAT_PX - p);
		cairo_line_to(cr, v->ox + MAT_PX, v->oy + MAT_PX - p);
	}
	cairo_stroke(cr);
	/* a few fixed stars */
	sl_kit_set_a(c, rgb(0xffffff), 0.35);
	cairo_new_path(cr);
	for (int k = 0; k < 90; k++) {
		double x = fmod(k * 97.31, MAT_PX), y = fmod(k * 61.73 + k * k * 0.37, MAT_PX);
		cairo_arc(cr, v->ox + x, v->oy + y, (k % 3) ? 0.8 : 1.3, 0, 2 * M_PI);
		cairo_fill(cr);
	}
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(cr, 2);
	cairo_rectangle(cr, v->ox, v->oy, MAT_PX, MAT_PX);
	cairo_stroke(cr);
}

static void draw_ruler(sl_kit_canvas *c, const view *v)
{
	cairo_t *cr = c->cr;
	double y = v->oy + MAT_PX + 10, x0 = v->ox, seg = XW_RANGE * SCALE;
	sl_kit_text_style st = sl_kit_style(c, 12, 1);
	for (int k = 0; k < 3; k++) {
		sl_kit_set(c, k % 2 ? c->pal.panel_bg : c->pal.ink);
		cairo_rectangle(cr, x0 + k * seg, y, seg, 8);
		cairo_fill(cr);
		st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
		{
			char t[16];
			snprintf(t, sizeof t, "range %d", k + 1);
			sl_kit_text(c, x0 + k * seg + seg / 2, y + 10, t, &st);
		}
	}
	sl_kit_set(c, c->pal.ink);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, x0, y, 3 * seg, 8);
	cairo_stroke(cr);
	st = sl_kit_style(c, 12, 0);
	st.colour = c->pal.muted;
	st.anchor = SL_KIT_LEFT | SL_KIT_TOP;
	sl_kit_text(c, x0 + 3 * seg + 12, y - 2, "the mat is 914.4 mm square; bands of 100 mm", &st);
}

/* Bombs and mines: the token's disc (dark, a red rim for a bomb, amber for a
 * mine) and, faint and dashed, the range-1 ring a bomb reaches. */
static void draw_devices(sl_kit_canvas *c, const view *v, const xw_state *s)
{
	cairo_t *cr = c->cr;
	static const double dash[] = {3, 4};
	for (int i = 0; i < s->ndevices; i++) {
		const xw_device *d = &s->devices[i];
		int mine = d->kind == XW_DEV_PROXIMITY || d->kind == XW_DEV_CONNER;
		double cx, cy, r = d->r * SCALE;
		to_screen(v, d->x, d->y, &cx, &cy);
		if (!mine) {
			cairo_new_path(cr);
			cairo_arc(cr, cx, cy, (d->r + XW_RANGE) * SCALE, 0, 2 * M_PI);
			cairo_set_dash(cr, dash, 2, 0);
			sl_kit_set_a(c, rgb(0xe03131), 0.55);
			cairo_set_line_width(cr, 1);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
		cairo_new_path(cr);
		cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
		sl_kit_set(c, rgb(0x212529));
		cairo_fill_preserve(cr);
		sl_kit_set(c, rgb(mine ? 0xf59f00 : 0xe03131));
		cairo_set_line_width(cr, 2);
		cairo_stroke(cr);
		cairo_new_path(cr);
		cairo_arc(cr, cx, cy, r * 0.35, 0, 2 * M_PI);
		cairo_fill(cr);
		sl_kit_keep_disc(c, cx, cy, r + 1);   /* no label over the token */
	}
}

/* An obstacle with its printed outline (`hazard`): the polygon itself, an
 * asteroid as rock, a debris cloud grey and dashed, a gas cloud a violet
 * haze with a dotted rim, so the three read apart. */
static void draw_shape(sl_kit_canvas *c, const view *v, const xw_obstacle *o)
{
	static const double dash[] = {4, 3}, dots[] = {1.5, 3};
	cairo_t *cr = c->cr;
	xw_poly q;
	xw_obst_poly(o, &q);
	cairo_new_path(cr);
	for (int k = 0; k < q.n; k++) {
		double sx, sy;
		to_screen(v, q.x[k], q.y[k], &sx, &sy);
		if (k == 0)
			cairo_move_to(cr, sx, sy);
		else
			cairo_line_to(cr, sx, sy);
	}
	cairo_close_path(cr);
	cairo_set_line_width(cr, 1.5);
	if (o->kind == XW_ASTEROID) {
		sl_kit_set(c, rgb(0x7a6a58));
		cairo_fill_preserve(cr);
		sl_kit_set(c, rgb(0xc9b79c));
	} else if (o->kind == XW_DEBRIS) {
		sl_kit_set_a(c, rgb(0x9aa5b1), 0.35);
		cairo_fill_preserve(cr);
		cairo_set_dash(cr, dash, 2, 0);
		sl_kit_set(c, rgb(0xd0d7de));
	} else {
		sl_kit_set_a(c, rgb(0xcc5de8), 0.32);
		cairo_fill_preserve(cr);
		cairo_set_dash(cr, dots, 2, 0);
		cairo_set_line_width(cr, 2);
		sl_kit_set(c, rgb(0xe599f7));
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void draw_obstacles(sl_kit_canvas *c, const view *v, const xw_state *s)
{
	cairo_t *cr = c->cr;
	for (int i = 0; i < s->nobstacles; i++) {
		const xw_obstacle *o = &s->obstacles[i];
		double cx, cy, r = o->r * SCALE;
		sl_kit_text_style st = sl_kit_style(c, 11, 0);
		to_screen(v, o->x, o->y, &cx, &cy);
		if (o->shape) {
			draw_shape(c, v, o);
		} else if (o->kind == XW_ASTEROID) {
			/* a rock: a lumpy outline around the rules' disc */
			for (int k = 0; k <= 14; k++) {
				double a = k * 2 * M_PI / 14, rr = r * (0.93 + 0.09 * sin(k * 2.7 + i));
				if (k == 0)
					cairo_move_to(cr, cx + rr * cos(a), cy + rr * sin(a));
				else
					cairo_line_to(cr, cx + rr * cos(a), cy + rr * sin(a));
			}
			cairo_close_path(cr);
			sl_kit_set(c, rgb(0x7a6a58));
			cairo_fill_preserve(cr);
			sl_kit_set(c, rgb(0xc9b79c));
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
		} else {
			static const double dash[] = {4, 3};
			cairo_new_path(cr);
			cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
			sl_kit_set_a(c, rgb(0x9aa5b1), 0.35);
			cairo_fill_preserve(cr);
			cairo_set_dash(cr, dash, 2, 0);
			sl_kit_set(c, rgb(0xd0d7de));
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			sl_kit_set(c, rgb(0xd0d7de));
			for (int k = 0; k < 9; k++) {
				double a = k * 2.39, rr = r * (0.2 + 0.08 * k);
				cairo_rectangle(cr, cx + rr * cos(a) - 1.5, cy + rr * sin(a) - 1.5, 3, 3);
				cairo_fill(cr);
			}
		}
		st.halo = 1;
		{   /* its name on it, else beside it, never over a base or a label */
			sl_kit_place pl = {.x = cx, .y = cy, .gap = r, .first = SL_KIT_PL_CENTER,
				.within = &v->mat};
			sl_kit_place_text(c, &pl, o->id, &st, NULL);
		}
	}
}

/* ---- the last move: its template between the two poses -------------------------- */

static void base_path(cairo_t *cr, const view *v, const xw_pose *p, int size, double inset)
{
	int32_t cx[4], cy[4];
	xw_base_corners(p, size, cx, cy);
	(void)inset;
	for (int k = 0; k < 4; k++) {
		double sx, sy;
		to_screen(v, cx[k], cy[k], &sx, &sy);
		if (k == 0)
			cairo_move_to(cr, sx, sy);
		else
			cairo_line_to(cr, sx, sy);
	}
	cairo_close_path(cr);
}

static void draw_last(sl_kit_canvas *c, const view *v, const xw_state *s)
{
	const xw_last_move *m = &s->last;
	cairo_t *cr = c->cr;
	int size;
	static const double dash[] = {5, 4};
	if (m->ship < 0 || m->ship >= s->nships)
		return;
	size = xw_ship_types[xw_pilots[s->ships[m->ship].pilot].type].size;
	/* the start pose, as a ghost */
	base_path(cr, v, &m->from, size, 0);
	cairo_set_dash(cr, dash, 2, 0);
	sl_kit_set_a(c, rgb(0xffd43b), 0.9);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	if (m->kind == 1) {   /* barrel roll: the template across */
		double ax, ay, bx, by;
		to_screen(v, m->from.x, m->from.y, &ax, &ay);
		to_screen(v, m->to.x, m->to.y, &bx, &by);
		cairo_move_to(cr, ax, ay);
		cairo_line_to(cr, bx, by);
		sl_kit_set_a(c, rgb(0xffd43b), 0.45);
		cairo_set_line_width(cr, 2000 * SCALE);
		cairo_stroke(cr);
		return;
	}
	if (m->m.bearing == XW_STOP)
		return;
	/* the template's centre line: where the rear (front, reversing) of the base passes */
	{
		int reverse = m->m.bearing == XW_RST || m->m.bearing == XW_RBL || m->m.bearing == XW_RBR;
		int32_t half = xw_base_len(size) / 2;
		for (int k = 0; k <= XW_PATH_STEPS; k++) {
			xw_pose p;
			int32_t x, y;
			double sx, sy;
			if (xw_maneuver_at(&m->from, size, &m->m, k, &p) != 0)
				return;
			xw_local_to_world(&p, 0, reverse ? half : -half, &x, &y);
			to_screen(v, x, y, &sx, &sy);
			if (k == 0)
				cairo_move_to(cr, sx, sy);
			else
				cairo_line_to(cr, sx, sy);
		}
		sl_kit_set_a(c, m->m.colour == XW_RED ? rgb(0xff6b6b) : m->m.colour == XW_BLUE ?
			rgb(0x74c0fc) : rgb(0xf1f3f5), 0.55);
		cairo_set_line_width(cr, 2000 * SCALE);   /* the template is 20 mm wide */
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
		cairo_stroke(cr);
	}
}

/* ---- ships ------------------------------------------------------------------------- */

static void draw_locks(sl_kit_canvas *c, const view *v, const xw_state *s)
{
	cairo_t *cr = c->cr;
	static const double dash[] = {7, 5};
	for (int i = 0; i < s->nships; i++) {
		const xw_ship *sh = &s->ships[i];
		double ax, ay, bx, by;
		if (!xw_in_play(sh) || sh->lock < 0 || !xw_in_play(&s->ships[sh->lock]))
			continue;
		to_screen(v, sh->pose.x, sh->pose.y, &ax, &ay);
		to_screen(v, s->ships[sh->lock].pose.x, s->ships[sh->lock].pose.y, &bx, &by);
		cairo_move_to(cr, ax, ay);
		cairo_line_to(cr, bx, by);
		cairo_set_dash(cr, dash, 2, 0);
		sl_kit_set_a(c, rgb(0x4dabf7), 0.9);
		cairo_set_line_width(cr, 2);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		cairo_new_path(cr);
		cairo_arc(cr, bx, by, 22, 0, 2 * M_PI);
		cairo_set_line_width(cr, 2);
		cairo_stroke(cr);
	}
}

static void draw_ship(sl_kit_canvas *c, const sl_frame *fr, const view *v, const xw_state *s,
	int i)
{
	const xw_ship *sh = &s->ships[i];
	const xw_ship_type *t = &xw_ship_types[xw_pilots[sh->pilot].type];
	cairo_t *cr = c->cr;
	double cx, cy, half = xw_base_len(t->size) / 2 * SCALE, a = heading_rad(sh->pose.h);
	sl_kit_rgb col = rgb(side_colour(fr, sh->side));
	(void)s;
	if (!xw_in_play(sh))
		return;
	to_screen(v, sh->pose.x, sh->pose.y, &cx, &cy);
	cairo_save(cr);
	cairo_translate(cr, cx, cy);
	cairo_rotate(cr, a);   /* local: forward is -y on screen */
	/* the base */
	cairo_rectangle(cr, -half, -half, 2 * half, 2 * half);
	sl_kit_set_a(c, col, 0.85);
	cairo_fill_preserve(cr);
	sl_kit_set(c, sh->gone ? rgb(0x868e96) : rgb(0xffffff));
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	/* the front arc, shaded from the centre through the front corners */
	cairo_move_to(cr, 0, 0);
	cairo_line_to(cr, -half, -half);
	cairo_line_to(cr, half, -half);
	cairo_close_path(cr);
	sl_kit_set_a(c, rgb(0xffffff), t->front && !t->turret ? 0.35 : 0.12);
	cairo_fill(cr);
	if (t->rear) {
		cairo_move_to(cr, 0, 0);
		cairo_line_to(cr, -half, half);
		cairo_line_to(cr, half, half);
		cairo_close_path(cr);
		sl_kit_set_a(c, rgb(0xffffff), 0.25);
		cairo_fill(cr);
	}
	/* arc lines, a little beyond the base */
	sl_kit_set_a(c, rgb(0xffffff), 0.6);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, -half * 1.5, -half * 1.5);
	cairo_line_to(cr, 0, 0);
	cairo_line_to(cr, half * 1.5, -half * 1.5);
	cairo_stroke(cr);
	/* the nose */
	cairo_move_to(cr, 0, -half - 7);
	cairo_line_to(cr, -5, -half + 1);
	cairo_line_to(cr, 5, -half + 1);
	cairo_close_path(cr);
	sl_kit_set(c, rgb(0xffffff));
	cairo_fill(cr);
	/* a turret arc: a wedge pointing where it is turned */
	if (t->turret || xw_ship_has(sh, XW_U_IONTURRET)) {
		int arcs = t->turret == XW_DOUBLE_TURRET ? 2 : 1;
		for (int k = 0; k < arcs; k++) {
			double ta = (sh->turret_arc + 2 * k) * M_PI / 2 - M_PI / 2;
			cairo_move_to(cr, 0, 0);
			cairo_arc(cr, 0, 0, half * 0.8, ta - M_PI / 4, ta + M_PI / 4);
			cairo_close_path(cr);
			sl_kit_set_a(c, xw_ship_has(sh, XW_U_IONTURRET) ? rgb(0x74c0fc) :
				rgb(0xffe066), 0.7);
			cairo_fill(cr);
		}
	}
	cairo_restore(cr);
}

/* A ship's base, where labels may not go (its bounding box at its heading). */
static void keep_base(sl_kit_canvas *c, const view *v, const xw_ship *sh)
{
	const xw_ship_type *t = &xw_ship_types[xw_pilots[sh->pilot].type];
	double cx, cy, half = xw_base_len(t->size) / 2 * SCALE;
	if (!xw_in_play(sh))
		return;
	to_screen(v, sh->pose.x, sh->pose.y, &cx, &cy);
	cairo_save(c->cr);
	cairo_translate(c->cr, cx, cy);
	cairo_rotate(c->cr, heading_rad(sh->pose.h));
	sl_kit_keep(c, -half, -half - 7, half, half);   /* the nose included */
	cairo_restore(c->cr);
}

#define XW_TOKEN_TAGS 13

/* The tokens beside a ship, stacked, on its right if there is room. */
static void ship_tokens(sl_kit_canvas *c, const view *v, const xw_state *s, const xw_ship *sh,
	double cx, double cy, double half)
{
	struct { int n; uint32_t colour; const char *l; } tok[XW_TOKEN_TAGS] = {
		{sh->ion, 0xe03131, "ion"}, {sh->stress, 0xc92a2a, "str"},
		{sh->focus, 0x2f9e44, "foc"}, {sh->evade, 0x37b24d, "eva"},
		{sh->lock >= 0, 0x1c7ed6, "lock"},
		/* rules version 3's tokens (xwing_actions.c) */
		{sh->calculate, 0x1098ad, "calc"}, {sh->strain, 0xe8590c, "strn"},
		{sh->deplete, 0xe8590c, "depl"}, {sh->disarm, 0xe8590c, "disarm"},
		{sh->jam, 0xe8590c, "jam"}, {sh->tractor, 0xe8590c, "trac"},
		{sh->cloak, 0x5f3dc4, "cloak"}, {sh->reinforce != 0, 0x2f9e44, "rein"},
	};
	char tt[XW_TOKEN_TAGS][24];
	const char *txt[XW_TOKEN_TAGS];
	sl_kit_rgb bg[XW_TOKEN_TAGS];
	int n = 0;
	for (int k = 0; k < XW_TOKEN_TAGS; k++) {
		if (!tok[k].n)
			continue;
		if (k == 4)
			snprintf(tt[n], sizeof tt[n], "lock %s", s->ships[sh->lock].id);
		else if (k == 0 && xw_ionized(sh))
			snprintf(tt[n], sizeof tt[n], "ion %d!", tok[k].n);
		else if (k == XW_TOKEN_TAGS - 1)
			snprintf(tt[n], sizeof tt[n], "rein %s", sh->reinforce == 1 ? "front" : "rear");
		else
			snprintf(tt[n], sizeof tt[n], "%s %d", tok[k].l, tok[k].n);
		sl_kit_uses(c, tok[k].l);
		txt[n] = tt[n];
		bg[n++] = rgb(tok[k].colour);
	}
	if (n) {
		sl_kit_place pl = {.x = cx, .y = cy, .gap = half + 9, .first = SL_KIT_PL_RIGHT,
			.within = &v->mat};
		sl_kit_place_tags(c, &pl, txt, bg, n, 11, 0, NULL);
	}
}

/* Name and initiative (below), the tokens (right) and the dial (left),
 * each placed off every base and earlier label, inside the mat. */
static void ship_labels(sl_kit_canvas *c, const view *v, const xw_state *s, int i)
{
	const xw_ship *sh = &s->ships[i];
	const xw_ship_type *t = &xw_ship_types[xw_pilots[sh->pilot].type];
	double cx, cy, half = xw_base_len(t->size) / 2 * SCALE;
	char lab[64];
	sl_kit_text_style st = sl_kit_style(c, 12, 1);
	if (!xw_in_play(sh))
		return;
	to_screen(v, sh->pose.x, sh->pose.y, &cx, &cy);
	st.halo = 1;
	snprintf(lab, sizeof lab, "%s \u00b7 i%d%s", ship_label(sh), xw_pilots[sh->pilot].initiative,
		sh->gone == 1 ? " \u00b7 destroyed" : "");
	if (sh->gone == 1)
		st.colour = c->pal.danger;
	{
		sl_kit_place pl = {.x = cx, .y = cy, .gap = half + 9, .first = SL_KIT_PL_BELOW,
			.within = &v->mat};
		sl_kit_place_text(c, &pl, lab, &st, NULL);
	}
	ship_tokens(c, v, s, sh, cx, cy, half);
	if (s->turn > 0 && sh->has_commit) {   /* the dial beside the base */
		sl_kit_place pl = {.x = cx, .y = cy, .gap = half + 9, .first = SL_KIT_PL_LEFT,
			.within = &v->mat};
		char code[4];
		sl_kit_uses(c, "dial");
		if (sh->revealed) {
			xw_maneuver_code(&sh->dial, code);
			sl_kit_place_tag(c, &pl, code, 12, sh->dial.colour == XW_RED ? rgb(0xe03131) :
				sh->dial.colour == XW_BLUE ? rgb(0x1c7ed6) : rgb(0xf1f3f5), NULL);
		} else {
			sl_kit_place_tag(c, &pl, sh->assigned ? "dial" : "card", 11, rgb(0x495057), NULL);
		}
	}
}

/* ---- the panel: a card per ship ----------------------------------------------------------- */

/* One ship's card, w wide, at x,y. */
static void draw_card(sl_kit_canvas *c, const sl_frame *fr, const xw_ship *sh, double x,
	double y, double w)
{
	cairo_t *cr = c->cr;
	const xw_ship_type *t = &xw_ship_types[xw_pilots[sh->pilot].type];
	sl_kit_text_style st;
	char line[160], code[4];
	double pitch = (w - 24) / (t->hull + t->shields + 1);
	if (pitch > 13)
		pitch = 13;
	sl_kit_round_rect(c, x, y, w, CARD_H, 6);
	sl_kit_set_a(c, c->pal.panel_bg, 0.95);
	cairo_fill_preserve(cr);
	sl_kit_set(c, rgb(side_colour(fr, sh->side)));
	cairo_set_line_width(cr, 2);
	cairo_stroke(cr);
	st = sl_kit_style(c, 13, 1);
	st.max_width = w - 16;
	/* the id (the board's label) and the pilot's whole name where it can be:
	 * condensed and smaller before it is cut; the initiative goes below */
	snprintf(line, sizeof line, "%s \u00b7 %s", sh->id, xw_pilots[sh->pilot].name);
	sl_kit_text_fit(c, x + 8, y + 6, line, &st, 9.5);
	st = sl_kit_style(c, 11, 0);
	st.colour = c->pal.muted;
	st.max_width = w - 16;
	snprintf(line, sizeof line, "i%d \u00b7 %s%s", xw_pilots[sh->pilot].initiative, t->name,
		xw_ship_has(sh, XW_U_IONTURRET) ? " + Ion Cannon Turret" :
		xw_ship_has(sh, XW_U_ADVSENSORS) ? " + Advanced Sensors" : "");
	sl_kit_text(c, x + 8, y + 24, line, &st);
	/* hull and shields as pips */
	if (t->hull)
		sl_kit_uses(c, "hull");
	if (t->shields)
		sl_kit_uses(c, "shields");
	for (int k = 0; k < t->hull; k++) {
		cairo_rectangle(cr, x + 8 + k * pitch, y + 42, pitch * 0.77, pitch * 0.77);
		sl_kit_set(c, k < sh->hull ? rgb(0xf08c00) : c->pal.panel_edge);
		cairo_fill(cr);
	}
	for (int k = 0; k < t->shields; k++) {
		cairo_new_path(cr);
		cairo_arc(cr, x + 8 + (t->hull + k) * pitch + pitch * 0.8, y + 42 + pitch * 0.385,
			pitch * 0.385, 0, 2 * M_PI);
		sl_kit_set(c, k < sh->shields ? rgb(0x4dabf7) : c->pal.panel_edge);
		cairo_fill(cr);
	}
	st = sl_kit_style(c, 11, 0);
	st.max_width = w - 16;
	if (sh->fled)
		snprintf(line, sizeof line, "fled the mat");
	else if (sh->gone == 2)
		snprintf(line, sizeof line, "destroyed");
	else {
		int n = snprintf(line, sizeof line, "dial: %s",
			!sh->has_commit ? "not set" : sh->revealed ? (xw_maneuver_code(&sh->dial, code),
			code) : sh->assigned ? "face down" : "face down on the card (ionized)");
		if (xw_ionized(sh) && n > 0 && (size_t)n < sizeof line)
			snprintf(line + n, sizeof line - (size_t)n, " \u00b7 IONIZED");
	}
	sl_kit_text(c, x + 8, y + 57, line, &st);
}

static const sl_kit_legend_row legend_rows[] = {
	{SL_KIT_LEG_HEADING, 0, NULL, "Legend"},
	{SL_KIT_LEG_TAG, 0xe03131, "ion", "ion tokens (! = ionized)"},
	{SL_KIT_LEG_TAG, 0xc92a2a, "str", "stress tokens"},
	{SL_KIT_LEG_TAG, 0x2f9e44, "foc", "focus tokens"},
	{SL_KIT_LEG_TAG, 0x37b24d, "eva", "evade tokens"},
	{SL_KIT_LEG_LINE, 0x4dabf7, NULL, "lock, to its target"},
	{SL_KIT_LEG_SWATCH, 0xffd43b, NULL, "the move just made: start and template"},
	{SL_KIT_LEG_TAG, 0x495057, "dial", "dial face down (card: ionized, no dial)"},
	{SL_KIT_LEG_TEXT, 0, NULL, "dials show once revealed (all sides)"},
	{SL_KIT_LEG_SWATCH, 0xf08c00, NULL, "hull left (squares; grey: lost)"},
	{SL_KIT_LEG_BADGE, 0x4dabf7, NULL, "shields left (discs; grey: lost)"},
};
/* Listed only while one is on the mat: rules version 3's tokens, the devices. */
static const sl_kit_legend_row legend_v3[] = {
	{SL_KIT_LEG_TAG, 0x1098ad, "calc", "calculate tokens"},
	{SL_KIT_LEG_TAG, 0xe8590c, "strn", "strain: one defence die fewer"},
	{SL_KIT_LEG_TAG, 0xe8590c, "depl", "deplete: one attack die fewer"},
	{SL_KIT_LEG_TAG, 0xe8590c, "disarm", "disarmed: no attack"},
	{SL_KIT_LEG_TAG, 0xe8590c, "jam", "jam tokens"},
	{SL_KIT_LEG_TAG, 0xe8590c, "trac", "tractor tokens"},
	{SL_KIT_LEG_TAG, 0x5f3dc4, "cloak", "cloaked (+2 agility, no attack)"},
	{SL_KIT_LEG_TAG, 0x2f9e44, "rein", "reinforce: the half it guards"},
	{SL_KIT_LEG_BADGE, 0xe03131, NULL, "bomb (dashed ring: its range 1)"},
	{SL_KIT_LEG_BADGE, 0xf59f00, NULL, "mine"},
	/* obstacles with their printed outline */
	{SL_KIT_LEG_SWATCH, 0x7a6a58, NULL, "asteroid: a hit is damage, a crit critical"},
	{SL_KIT_LEG_HATCH, 0x9aa5b1, NULL, "debris cloud: stress; a crit is critical"},
	{SL_KIT_LEG_SWATCH, 0xcc5de8, NULL, "gas cloud: strain; obstructs, a blank evades"},
};
#define LEGEND_V3 ((int)(sizeof legend_v3 / sizeof legend_v3[0]))

/* Which of legend_v3 this state shows: into rows after the base ones. */
static int legend_of(const xw_state *s, sl_kit_legend_row *rows)
{
	int nb = (int)(sizeof legend_rows / sizeof legend_rows[0]), n = nb;
	memcpy(rows, legend_rows, sizeof legend_rows);
	for (int k = 0; k < LEGEND_V3; k++) {
		int any = 0;
		for (int i = 0; i < s->nships && !any; i++) {
			const xw_ship *sh = &s->ships[i];
			const int have[8] = {sh->calculate, sh->strain, sh->deplete, sh->disarm, sh->jam,
				sh->tractor, sh->cloak, sh->reinforce};
			any = k < 8 && xw_in_play(sh) && have[k];
		}
		if (k == 8)
			for (int d = 0; d < s->ndevices && !any; d++)
				any = s->devices[d].kind != XW_DEV_PROXIMITY && s->devices[d].kind != XW_DEV_CONNER;
		if (k == 9)
			for (int d = 0; d < s->ndevices && !any; d++)
				any = s->devices[d].kind == XW_DEV_PROXIMITY || s->devices[d].kind == XW_DEV_CONNER;
		for (int o = 0; k >= 10 && o < s->nobstacles && !any; o++)
			any = s->obstacles[o].shape && s->obstacles[o].kind == k - 10;
		if (any)
			rows[n++] = legend_v3[k];
	}
	return n;
}

/* The panel: a card per ship, in one column or two, scaled down when even
 * two would run past the board, then the legend; all within the board's
 * height (its zone: labelcheck measures it). */
static void draw_panel(sl_kit_canvas *c, const sl_frame *fr, const xw_state *s, double x,
	double y)
{
	cairo_t *cr = c->cr;
	sl_kit_legend_row rows[sizeof legend_rows / sizeof legend_rows[0] + LEGEND_V3];
	int nl = legend_of(s, rows), cols = 1, per;
	double body = MAT_PX + RULER_H, lh = sl_kit_legend_height(rows, nl);
	double avail = body - 26 - lh - 8, need, sc = 1, cw;
	sl_kit_text_style st = sl_kit_style(c, 14, 1);
	sl_kit_zone(c, x, y, x + PANEL_W, y + body);
	st.anchor = SL_KIT_LEFT | SL_KIT_TOP;
	sl_kit_text(c, x, y, "Ships", &st);
	if (s->nships * (CARD_H + 8) > avail)
		cols = 2;
	per = (s->nships + cols - 1) / cols;
	need = per * (CARD_H + 8);
	if (need > avail)
		sc = avail / need;
	cw = (PANEL_W / sc - (cols - 1) * 8) / cols;
	cairo_save(cr);
	cairo_translate(cr, x, y + 26);
	cairo_scale(cr, sc, sc);
	for (int i = 0; i < s->nships; i++)
		draw_card(c, fr, &s->ships[i], (i / per) * (cw + 8), (i % per) * (CARD_H + 8), cw);
	cairo_restore(cr);
	sl_kit_legend(c, x, y + 26 + need * sc + 4, PANEL_W, rows, nl, 1);
	sl_kit_zone_reset(c);
}

static void draw_title(sl_kit_canvas *c, const sl_frame *fr, const xw_state *s)
{
	char title[256], info[192], line2[600];
	const char *phase = sl_phase_name(fr->game->schema, s->phase);
	if (fr->header && fr->header->title && *fr->header->title)
		snprintf(title, sizeof title, "%s", fr->header->title);
	else
		snprintf(title, sizeof title, "%s", fr->game->name);
	if (s->turn <= 0)
		snprintf(info, sizeof info, "Setup");
	else
		snprintf(info, sizeof info, "Round %d \u00b7 %s phase", s->turn, phase ? phase : "");
	if (s->ver >= 2 && s->turn > 0 && fr->header && fr->header->nplayers == 2) {
		size_t n = strlen(info);   /* the score, and the result once over */
		sl_buf r;
		snprintf(info + n, sizeof info - n, " \u00b7 %s %d, %s %d",
			xw_side_name(fr->header, 0), xw_score(s, fr->header, 0),
			xw_side_name(fr->header, 1), xw_score(s, fr->header, 1));
		sl_buf_init(&r);
		if (fr->game->result && fr->game->result(s, fr->header, &r) == 1) {
			snprintf(line2, sizeof line2, "Result: %s", sl_buf_cstr(&r));
			sl_buf_free(&r);
			sl_kit_title_bar(c, TITLE_H, title, info, line2);
			return;
		}
		sl_buf_free(&r);
	}
	if (fr->last_desc && *fr->last_desc)
		snprintf(line2, sizeof line2, "Event %ld: %s", fr->event_no, fr->last_desc);
	else if (fr->event_no > 0)
		snprintf(line2, sizeof line2, "After event %ld", fr->event_no);
	else
		snprintf(line2, sizeof line2, "Before the first event");
	sl_kit_title_bar(c, TITLE_H, title, info, line2);
}

static int xwing_paint(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	sl_error *err)
{
	const xw_state *s = fr->state;
	view v;
	/* --side changes nothing: a dial's content is in the log only once
	 * revealed, and then every side sees it */
	(void)o;
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "render: no xwing state");
	v.ox = MARGIN;
	v.oy = TITLE_H + MARGIN;
	v.mat.x0 = v.ox;
	v.mat.y0 = v.oy;
	v.mat.x1 = v.ox + MAT_PX;
	v.mat.y1 = v.oy + MAT_PX;
	draw_title(c, fr, s);
	draw_mat(c, &v);
	draw_ruler(c, &v);
	for (int i = 0; i < s->nships; i++)   /* every base first: no label goes over one */
		keep_base(c, &v, &s->ships[i]);
	draw_obstacles(c, &v, s);
	draw_devices(c, &v, s);
	draw_last(c, &v, s);
	draw_locks(c, &v, s);
	for (int i = 0; i < s->nships; i++)
		draw_ship(c, fr, &v, s, i);
	for (int i = 0; i < s->nships; i++)
		ship_labels(c, &v, s, i);
	draw_panel(c, fr, s, MARGIN + MAT_PX + MARGIN, TITLE_H + MARGIN);
	return SL_OK;
}

/* For the click targets (xwing_targets.c): where a point of the mat (0.01
 * mm) is drawn on the natural canvas, and how many pixels one unit is. */
double tg_xwing_at(const sl_frame *fr, int32_t x, int32_t y, double *sx, double *sy)
{
	view v;
	(void)fr;
	v.ox = MARGIN;
	v.oy = TITLE_H + MARGIN;
	to_screen(&v, x, y, sx, sy);
	return SCALE;
}

/* The mat alone (sl_render_opts.board_only). */
static void xwing_board(const sl_frame *fr, double box[4])
{
	(void)fr;
	box[0] = MARGIN;
	box[1] = TITLE_H + MARGIN;
	box[2] = box[3] = MAT_PX;
}

const sl_painter sl_painter_xwing = {
	SL_PAINTER_API,
	"xwing",
	xwing_size,
	xwing_paint,
	NULL,   /* hex_at: the mat is continuous, no hexes for the heat overlay */
	NULL,   /* overlays: none */
	NULL,   /* layers: drawn whole */
	tg_xwing_targets,     /* render/games/xwing_targets.c */
	xwing_board,
};
