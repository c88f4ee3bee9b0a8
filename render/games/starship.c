/* starship.c - the painter of the gamebook's ship combat: the combat screen
 * read like the book's adventure sheet. Both ships with their weapons
 * strength and shields (bars against the starting value), the dice of the
 * last attack and damage rolls as faces, hit or miss and the damage, the
 * round, the paragraph, the latest exchanges and the voyage's tally. */
#include "../painter.h"
#include "src/games/starship/starship.h"
#include "starship_targets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define W 1000.0
#define H 660.0
#define TITLE_H 64.0
#define M 16.0
#define CARD_Y (TITLE_H + M)
#define CARD_W ((W - 3 * M) / 2)
#define CARD_H 250.0
#define ROLL_Y (CARD_Y + CARD_H + M)
#define ROLL_H 104.0
#define LIST_Y (ROLL_Y + ROLL_H + M)
#define LIST_H (H - LIST_Y - M)

#define COL_YOU 0x1f6fd1
#define COL_ENEMY 0xc92a2a
#define COL_HIT 0x2b8a3e
#define COL_MISS 0x868e96
#define COL_BOOM 0xf59f00
#define COL_SHIELD 0x1c9bd6

static uint32_t side_colour(const sl_frame *fr, int side)
{
	if (side == STARSHIP_YOU && fr->header && fr->header->nplayers > 0)
		return fr->header->players[0].colour & 0xffffff;
	return side == STARSHIP_YOU ? COL_YOU : COL_ENEMY;
}

static void starship_size(const sl_frame *fr, int *w, int *h)
{
	(void)fr;
	*w = (int)W;
	*h = (int)H;
}

static void panel(sl_kit_canvas *c, double x, double y, double w, double h)
{
	sl_kit_round_rect(c, x, y, w, h, 8);
	sl_kit_set(c, c->pal.panel_bg);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(c->cr, 1);
	cairo_stroke(c->cr);
}

static void caption(sl_kit_canvas *c, double x, double y, const char *s)
{
	sl_kit_text_style st = sl_kit_style(c, 11, 1);
	st.colour = c->pal.muted;
	sl_kit_text(c, x, y, s, &st);
}

/* A starship seen from above, nose toward dir (+1 right, -1 left). */
static void draw_ship(sl_kit_canvas *c, double cx, double cy, double len, int dir,
	uint32_t colour, int wrecked)
{
	cairo_t *cr = c->cr;
	sl_kit_rgb col = sl_kit_rgb_hex(colour);
	double l = len / 2;
	cairo_save(cr);
	cairo_translate(cr, cx, cy);
	cairo_scale(cr, dir, 1);
	/* wings */
	cairo_move_to(cr, -l * 0.2, 0);
	cairo_line_to(cr, -l * 0.85, -l * 0.62);
	cairo_line_to(cr, -l * 0.6, 0);
	cairo_line_to(cr, -l * 0.85, l * 0.62);
	cairo_close_path(cr);
	sl_kit_set(c, sl_kit_mix(col, c->pal.ink, 0.35));
	cairo_fill(cr);
	/* hull */
	cairo_move_to(cr, l, 0);
	cairo_curve_to(cr, l * 0.5, -l * 0.28, -l * 0.6, -l * 0.26, -l, -l * 0.16);
	cairo_line_to(cr, -l, l * 0.16);
	cairo_curve_to(cr, -l * 0.6, l * 0.26, l * 0.5, l * 0.28, l, 0);
	cairo_close_path(cr);
	sl_kit_set(c, col);
	cairo_fill_preserve(cr);
	sl_kit_set(c, sl_kit_contrast(col));
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	/* cockpit and engines */
	cairo_new_sub_path(cr);
	cairo_arc(cr, l * 0.45, 0, l * 0.09, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(0xd0ebff));
	cairo_fill(cr);
	cairo_rectangle(cr, -l * 1.12, -l * 0.1, l * 0.12, l * 0.2);
	sl_kit_set(c, wrecked ? c->pal.muted : sl_kit_rgb_hex(0xffa94d));
	cairo_fill(cr);
	cairo_restore(cr);
	if (wrecked) {   /* a burst over the wreck */
		for (int k = 0; k < 20; k++) {
			double a = k * M_PI / 10, rr = k % 2 ? l * 0.35 : l * 0.8;
			if (k == 0)
				cairo_move_to(cr, cx + rr * cos(a), cy + rr * sin(a));
			else
				cairo_line_to(cr, cx + rr * cos(a), cy + rr * sin(a));
		}
		cairo_close_path(cr);
		sl_kit_set_a(c, sl_kit_rgb_hex(COL_BOOM), 0.85);
		cairo_fill_preserve(cr);
		sl_kit_set(c, sl_kit_rgb_hex(COL_ENEMY));
		cairo_set_line_width(cr, 2);
		cairo_stroke(cr);
	}
}

/* A shields bar: the current value over the starting one. */
static void shield_bar(sl_kit_canvas *c, double x, double y, double w, double h, int now,
	int start)
{
	double f = start > 0 ? (double)now / start : 0;
	if (f > 1)
		f = 1;
	if (f < 0)
		f = 0;
	sl_kit_round_rect(c, x, y, w, h, h / 2);
	sl_kit_set(c, sl_kit_mix(c->pal.panel_bg, sl_kit_rgb_hex(COL_ENEMY), 0.25));
	cairo_fill(c->cr);
	if (f > 0) {
		sl_kit_round_rect(c, x, y, w * f < h ? h : w * f, h, h / 2);
		sl_kit_set(c, sl_kit_rgb_hex(f > 0.5 ? COL_SHIELD : f > 0.25 ? 0xf08c00 : COL_ENEMY));
		cairo_fill(c->cr);
	}
	/* ticks every point for small shields, every 5 otherwise */
	if (start > 0) {
		int every = start <= 24 ? 1 : 5;
		for (int k = every; k < start; k += every) {
			double tx = x + w * k / start;
			cairo_move_to(c->cr, tx, y + h * 0.25);
			cairo_line_to(c->cr, tx, y + h * 0.75);
		}
		sl_kit_set_a(c, c->pal.bg, 0.7);
		cairo_set_line_width(c->cr, 1);
		cairo_stroke(c->cr);
	}
	sl_kit_round_rect(c, x, y, w, h, h / 2);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(c->cr, 1);
	cairo_stroke(c->cr);
}

static void stat_box(sl_kit_canvas *c, double x, double y, double w, const char *label,
	const char *big, const char *small)
{
	sl_kit_text_style st;
	sl_kit_round_rect(c, x, y, w, 72, 6);
	sl_kit_set(c, c->pal.bg);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(c->cr, 1);
	cairo_stroke(c->cr);
	caption(c, x + 10, y + 7, label);
	st = sl_kit_style(c, 30, 1);
	sl_kit_text(c, x + 10, y + 24, big, &st);
	if (small) {
		st = sl_kit_style(c, 11, 0);
		st.colour = c->pal.muted;
		st.anchor = SL_KIT_RIGHT | SL_KIT_BOTTOM;
		st.max_width = w - 70;
		sl_kit_text(c, x + w - 10, y + 64, small, &st);
	}
}

/* Where the ship of a side is drawn (its card's picture): for the targets. */
#define SHIP_X(side) ((side) == STARSHIP_YOU ? M + CARD_W - 110 : 2 * M + CARD_W + 110)
#define SHIP_Y (CARD_Y + 95)
#define SHIP_LEN 150.0

void starship_ship_at(int side, double *x, double *y, double *r)
{
	*x = SHIP_X(side);
	*y = SHIP_Y;
	*r = SHIP_LEN / 2;
}

static void ship_card(sl_kit_canvas *c, const sl_frame *fr, double x, int side)
{
	const starship_state *s = fr->state;
	const starship_ship *sh = starship_side(s, side);
	int present = side == STARSHIP_YOU ? s->has_ship : s->fights > 0;
	int wrecked = present && ((side == STARSHIP_YOU && s->outcome == STARSHIP_LOST) ||
		(side == STARSHIP_ENEMY && s->outcome == STARSHIP_WON));
	uint32_t col = side_colour(fr, side);
	sl_kit_text_style st;
	char big[32], small[96];
	double y = CARD_Y, bw = (CARD_W - 30) / 2;
	panel(c, x, y, CARD_W, CARD_H);
	/* header band */
	cairo_save(c->cr);
	sl_kit_round_rect(c, x, y, CARD_W, 40, 8);
	cairo_clip(c->cr);
	cairo_rectangle(c->cr, x, y, CARD_W, 40);
	sl_kit_set(c, sl_kit_rgb_hex(col));
	cairo_fill(c->cr);
	cairo_restore(c->cr);
	st = sl_kit_style(c, 11, 1);
	st.colour = sl_kit_contrast(sl_kit_rgb_hex(col));
	st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
	sl_kit_text(c, x + 12, y + 20, side == STARSHIP_YOU ? "YOUR SHIP" : "ENEMY", &st);
	st.size = 17;
	st.anchor = SL_KIT_RIGHT | SL_KIT_MIDDLE;
	st.max_width = CARD_W - 120;
	sl_kit_text(c, x + CARD_W - 12, y + 20, present ? sh->name :
		side == STARSHIP_YOU ? "no ship yet" : "no enemy yet", &st);
	if (!present)
		return;
	/* the ship, nose toward the other card */
	draw_ship(c, SHIP_X(side), SHIP_Y, SHIP_LEN,
		side == STARSHIP_YOU ? 1 : -1, col, wrecked);
	sl_kit_keep(c, SHIP_X(side) - SHIP_LEN * 0.45, SHIP_Y - SHIP_LEN * 0.3,
		SHIP_X(side) + SHIP_LEN * 0.45, SHIP_Y + SHIP_LEN * 0.3);   /* its silhouette */
	{
		double tx = side == STARSHIP_YOU ? x + 14 : x + CARD_W - 14;
		const char *status = wrecked ? "DESTROYED"
			: s->outcome == STARSHIP_ON ? (sh->shields == 0 ? "SHIELDS DOWN" : NULL)
			: side == STARSHIP_ENEMY && s->outcome == STARSHIP_FLED ? "LEFT BEHIND" : NULL;
		st = sl_kit_style(c, 12, 0);
		st.colour = c->pal.muted;
		st.anchor = (side == STARSHIP_YOU ? SL_KIT_LEFT : SL_KIT_RIGHT) | SL_KIT_TOP;
		if (side == STARSHIP_YOU)
			snprintf(small, sizeof small, "weapons %d + 6, shields %d + 12", s->weapons_roll,
				s->shields_roll);
		else
			snprintf(small, sizeof small, "\xc2\xa7%d, %s first", s->paragraph,
				s->first == STARSHIP_YOU ? "you fire" : "it fires");
		sl_kit_text(c, tx, y + 54, small, &st);
		if (status) {   /* the ship's state, beside its silhouette, inside its card */
			sl_kit_box card = {x, y, x + CARD_W, y + CARD_H};
			sl_kit_place pl = {.x = side == STARSHIP_YOU ? tx + 52 : tx - 52, .y = y + 90,
				.first = SL_KIT_PL_CENTER, .within = &card, .reach = 40};
			sl_kit_place_tag(c, &pl, status, 12, sl_kit_rgb_hex(wrecked ? COL_ENEMY : COL_BOOM),
				NULL);
		}
	}
	/* the adventure sheet's two boxes */
	snprintf(big, sizeof big, "%d", sh->weapons);
	snprintf(small, sizeof small, "hits on %d or less: %d/36", sh->weapons - 1,
		starship_hit_ways(sh->weapons));
	if (sh->weapons <= 2)
		snprintf(small, sizeof small, "can never hit");
	stat_box(c, x + 10, y + 150, bw, "WEAPONS STRENGTH", big, small);
	snprintf(big, sizeof big, "%d", sh->shields);
	snprintf(small, sizeof small, "of %d at the start", sh->shields_start);
	stat_box(c, x + 20 + bw, y + 150, bw, "SHIELDS", big, small);
	shield_bar(c, x + 20 + bw + 62, y + 174 + 4, bw - 74, 12, sh->shields, sh->shields_start);
}

/* One die face with its pips. */
static void die_face(sl_kit_canvas *c, double x, double y, double size, int v, sl_kit_rgb edge)
{
	static const int pips[7][6][2] = {
		{{0}}, {{1, 1}}, {{0, 0}, {2, 2}}, {{0, 0}, {1, 1}, {2, 2}},
		{{0, 0}, {0, 2}, {2, 0}, {2, 2}}, {{0, 0}, {0, 2}, {1, 1}, {2, 0}, {2, 2}},
		{{0, 0}, {0, 1}, {0, 2}, {2, 0}, {2, 1}, {2, 2}}};
	sl_kit_round_rect(c, x, y, size, size, size * 0.18);
	sl_kit_set(c, sl_kit_rgb_hex(0xfffdf7));
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, edge);
	cairo_set_line_width(c->cr, 2);
	cairo_stroke(c->cr);
	if (v < 1 || v > 6)
		return;
	for (int k = 0; k < v; k++) {
		double px = x + size * (0.25 + 0.25 * pips[v][k][1]);
		double py = y + size * (0.25 + 0.25 * pips[v][k][0]);
		cairo_new_sub_path(c->cr);
		cairo_arc(c->cr, px, py, size * 0.085, 0, 2 * M_PI);
	}
	sl_kit_set(c, sl_kit_rgb_hex(0x212529));
	cairo_fill(c->cr);
}

/* A roll: two dice, then what they mean. */
static void roll_block(sl_kit_canvas *c, double x, double y, const char *label, int d1, int d2,
	const char *result, uint32_t colour, const char *detail)
{
	sl_kit_text_style st;
	sl_kit_rgb edge = sl_kit_rgb_hex(colour);
	caption(c, x, y, label);
	if (d1 && d2) {
		die_face(c, x, y + 20, 50, d1, edge);
		die_face(c, x + 58, y + 20, 50, d2, edge);
	} else {
		for (int k = 0; k < 2; k++) {
			static const double dash[] = {5, 4};
			sl_kit_round_rect(c, x + 58 * k, y + 20, 50, 50, 9);
			cairo_set_dash(c->cr, dash, 2, 0);
			sl_kit_set(c, c->pal.panel_edge);
			cairo_set_line_width(c->cr, 1.5);
			cairo_stroke(c->cr);
			cairo_set_dash(c->cr, NULL, 0, 0);
		}
	}
	st = sl_kit_style(c, 20, 1);
	st.colour = edge;
	st.max_width = W / 2 - 160;
	sl_kit_text(c, x + 124, y + 22, result, &st);
	if (detail) {
		st = sl_kit_style(c, 12, 0);
		st.colour = c->pal.muted;
		st.max_width = W / 2 - 160;
		sl_kit_text(c, x + 124, y + 52, detail, &st);
	}
}

static void last_rolls(sl_kit_canvas *c, const sl_frame *fr)
{
	const starship_state *s = fr->state;
	const starship_exchange *x = s->outcome != STARSHIP_NONE ? starship_last(s) : NULL;
	char res[64], det[128];
	double y = ROLL_Y;
	panel(c, M, y, W - 2 * M, ROLL_H);
	if (!x) {
		sl_kit_text_style st = sl_kit_style(c, 15, 0);
		st.colour = c->pal.muted;
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		sl_kit_text(c, W / 2, y + ROLL_H / 2, s->fights ? "No shot fired yet in this fight"
			: "No fight yet: the voyage is quiet", &st);
		return;
	}
	{
		const char *who = x->by == STARSHIP_YOU ? "YOU FIRE" : "THE ENEMY FIRES";
		char lab[64];
		snprintf(lab, sizeof lab, "ROUND %d \xc2\xb7 %s \xc2\xb7 ATTACK ROLL", x->round, who);
		snprintf(res, sizeof res, "%d %s %d: %s", x->a1 + x->a2, x->hit ? "<" : "\xe2\x89\xa5",
			x->weapons, x->hit ? "HIT" : "MISS");
		snprintf(det, sizeof det, "2d6 against weapons strength %d (%d in 36 hit)", x->weapons,
			starship_hit_ways(x->weapons));
		roll_block(c, M + 16, y + 14, lab, x->a1, x->a2, res,
			x->hit ? COL_HIT : COL_MISS, det);
	}
	{
		double dx = W / 2 + 16;
		uint32_t col = x->by == STARSHIP_YOU ? COL_ENEMY : side_colour(fr, STARSHIP_YOU);
		if (!x->hit) {
			roll_block(c, dx, y + 14, "DAMAGE ROLL", 0, 0, "no damage", COL_MISS,
				"a miss: the turn passes");
		} else if (x->destroyed) {
			roll_block(c, dx, y + 14, "DAMAGE ROLL", 0, 0, "DESTROYED", COL_ENEMY,
				"shields were at zero: any hit explodes");
		} else if (!x->d1) {
			snprintf(det, sizeof det, "2d6 against shields %d: \xe2\x89\xa4 2, above 4, 6+6 6",
				x->shields_before);
			roll_block(c, dx, y + 14, "DAMAGE ROLL", 0, 0, "to roll\xe2\x80\xa6", COL_MISS, det);
		} else {
			if (x->d1 == 6 && x->d2 == 6)
				snprintf(res, sizeof res, "6+6: \xe2\x88\x92%d", x->damage);
			else
				snprintf(res, sizeof res, "%d %s %d: \xe2\x88\x92%d", x->d1 + x->d2,
					x->d1 + x->d2 <= x->shields_before ? "\xe2\x89\xa4" : ">",
					x->shields_before, x->damage);
			snprintf(det, sizeof det, "shields %d \xe2\x86\x92 %d%s", x->shields_before,
				x->shields_after, x->shields_after == 0 ? ": the next hit destroys" :
				x->d1 == 6 && x->d2 == 6 ? " (a double six)" : "");
			roll_block(c, dx, y + 14, "DAMAGE ROLL", x->d1, x->d2, res, col, det);
		}
	}
}

static void exchange_line(sl_kit_canvas *c, const sl_frame *fr, const starship_exchange *x,
	double x0, double y, int newest)
{
	const starship_state *s = fr->state;
	sl_kit_text_style st = sl_kit_style(c, 12.5, newest);
	char buf[160];
	uint32_t col = side_colour(fr, x->by);
	cairo_new_sub_path(c->cr);
	cairo_arc(c->cr, x0 + 5, y + 8, 5, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(col));
	cairo_fill(c->cr);
	if (!x->hit)
		snprintf(buf, sizeof buf, "R%d  %s  %d+%d = %d \xe2\x89\xa5 %d  miss", x->round,
			x->by == STARSHIP_YOU ? "you  " : "enemy", x->a1, x->a2, x->a1 + x->a2, x->weapons);
	else if (x->destroyed)
		snprintf(buf, sizeof buf, "R%d  %s  %d+%d = %d < %d  hit on zero shields: %s explodes",
			x->round, x->by == STARSHIP_YOU ? "you  " : "enemy", x->a1, x->a2, x->a1 + x->a2,
			x->weapons, x->by == STARSHIP_YOU ? s->enemy.name : s->you.name);
	else if (!x->d1)
		snprintf(buf, sizeof buf, "R%d  %s  %d+%d = %d < %d  hit, damage to roll", x->round,
			x->by == STARSHIP_YOU ? "you  " : "enemy", x->a1, x->a2, x->a1 + x->a2, x->weapons);
	else
		snprintf(buf, sizeof buf, "R%d  %s  %d+%d = %d < %d  hit \xc2\xb7 damage %d+%d \xe2\x86\x92 "
			"\xe2\x88\x92%d \xc2\xb7 shields %d \xe2\x86\x92 %d", x->round,
			x->by == STARSHIP_YOU ? "you  " : "enemy", x->a1, x->a2, x->a1 + x->a2, x->weapons,
			x->d1, x->d2, x->damage, x->shields_before, x->shields_after);
	st.max_width = W * 0.62;
	sl_kit_text(c, x0 + 16, y, buf, &st);
}

static void recent(sl_kit_canvas *c, const sl_frame *fr)
{
	const starship_state *s = fr->state;
	double lw = W * 0.66, y = LIST_Y;
	int n = s->outcome != STARSHIP_NONE ? s->nhist : 0, show = n > 6 ? 6 : n;
	panel(c, M, y, lw, LIST_H);
	caption(c, M + 12, y + 10, "LATEST EXCHANGES (NEWEST FIRST)");
	if (!show) {
		sl_kit_text_style st = sl_kit_style(c, 12.5, 0);
		st.colour = c->pal.muted;
		sl_kit_text(c, M + 14, y + 34, "none yet", &st);
	}
	for (int k = 0; k < show; k++)
		exchange_line(c, fr, &s->hist[n - 1 - k], M + 12, y + 32 + k * 21, k == 0);
}

static void tally(sl_kit_canvas *c, const sl_frame *fr)
{
	const starship_state *s = fr->state;
	double x = M * 2 + W * 0.66, w = W - x - M, y = LIST_Y;
	sl_kit_text_style st = sl_kit_style(c, 13, 0);
	char buf[128];
	const char *next;
	panel(c, x, y, w, LIST_H);
	caption(c, x + 12, y + 10, "THE VOYAGE");
	snprintf(buf, sizeof buf, "Stage %d \xc2\xb7 %d fight%s", s->turn, s->fights,
		s->fights == 1 ? "" : "s");
	sl_kit_text(c, x + 12, y + 32, buf, &st);
	snprintf(buf, sizeof buf, "won %d \xc2\xb7 fled %d \xc2\xb7 repairs %d", s->won, s->fled,
		s->repairs);
	sl_kit_text(c, x + 12, y + 53, buf, &st);
	if (!s->has_ship)
		next = "next: your ship (1d6+6, 1d6+12)";
	else if (s->outcome == STARSHIP_LOST)
		next = "your ship is lost: the voyage ends";
	else if (s->outcome != STARSHIP_ON)
		next = "next: travel on";
	else if (s->pending)
		next = "next: the damage roll";
	else
		next = s->to_move == STARSHIP_YOU ? "next: you fire" : "next: the enemy fires";
	st.bold = 1;
	st.max_width = w - 24;
	sl_kit_text(c, x + 12, y + 80, next, &st);
	if (s->last_paragraph) {
		st = sl_kit_style(c, 12, 0);
		st.colour = c->pal.muted;
		snprintf(buf, sizeof buf, "last paragraph cited: \xc2\xa7%d", s->last_paragraph);
		sl_kit_text(c, x + 12, y + 104, buf, &st);
	}
}

static void title(sl_kit_canvas *c, const sl_frame *fr)
{
	const starship_state *s = fr->state;
	char t[256], info[160], line2[600];
	if (fr->header && fr->header->title && *fr->header->title)
		snprintf(t, sizeof t, "%s", fr->header->title);
	else
		snprintf(t, sizeof t, "%s", fr->game->name);
	if (s->turn == 0)
		snprintf(info, sizeof info, "Setup");
	else if (s->fights == 0)
		snprintf(info, sizeof info, "Stage %d", s->turn);
	else
		snprintf(info, sizeof info, "Stage %d \xc2\xb7 fight %d \xc2\xb7 round %d \xc2\xb7 \xc2\xa7%d",
			s->turn, s->fights, s->round, s->paragraph);
	sl_kit_caption(fr, line2, sizeof line2);
	sl_kit_title_bar(c, TITLE_H, t, info, line2);
}

static int starship_paint(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	sl_error *err)
{
	(void)o;   /* nothing hidden, no overlays */
	if (!fr->state)
		return sl_error_set(err, SL_EUSAGE, "render: no starship state");
	title(c, fr);
	ship_card(c, fr, M, STARSHIP_YOU);
	ship_card(c, fr, 2 * M + CARD_W, STARSHIP_ENEMY);
	last_rolls(c, fr);
	recent(c, fr);
	tally(c, fr);
	return SL_OK;
}

const sl_painter sl_painter_starship = {
	SL_PAINTER_API,
	"starship",
	starship_size,
	starship_paint,
	NULL,   /* no hex map */
	NULL,                 /* overlays: none */
	NULL,                 /* layers: drawn whole */
	starship_targets,     /* render/games/starship_targets.c */
	NULL,                 /* board: none (cards and rolls, no map) */
};
