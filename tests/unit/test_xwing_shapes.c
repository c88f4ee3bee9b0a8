/* test_xwing_shapes.c - obstacles with their published shapes
 * (formats/xwing.md, Obstacles and D3): the polygon tests in integers (a
 * base touching, just missing, in a concave notch; a template swept past and
 * through; an attack's line through a notch, over a vertex, across an arm),
 * the outlines derived from the meshes, and the rules on a log: `hazard`
 * placed and refused, a ship refused on one, a gas cloud's die (strain on a
 * focus or hit, nothing on a crit) and its obstruction (one more defence die
 * and a blank made an evade), a shape missed where its disc would be hit. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/xwing/xwing_int.h"
#include "formats/sl_log.h"

#include "test_xwing_ctx.inc"

/* ---- polygons ------------------------------------------------------------------ */

static void rect(xw_poly *p, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
	p->n = 4;
	p->x[0] = x0, p->y[0] = y0;
	p->x[1] = x1, p->y[1] = y0;
	p->x[2] = x1, p->y[2] = y1;
	p->x[3] = x0, p->y[3] = y1;
}

/* A U, open at the top: arms 50 mm wide, the notch 100 mm wide and 150 deep. */
static void u_shape(xw_poly *p)
{
	static const int32_t x[8] = {40000, 60000, 60000, 55000, 55000, 45000, 45000, 40000};
	static const int32_t y[8] = {40000, 40000, 60000, 60000, 45000, 45000, 60000, 60000};
	p->n = 8;
	memcpy(p->x, x, sizeof x);
	memcpy(p->y, y, sizeof y);
}

static void test_base_touching_and_missing(void **state)
{
	xw_pose b = {50000, 50000, 0};   /* a small base: 48000..52000 both ways */
	xw_poly p;
	(void)state;
	rect(&p, 52000, 49000, 56000, 51000);
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &p));   /* flush: touching */
	rect(&p, 51999, 49000, 56000, 51000);
	assert_true(xw_base_poly_overlap(&b, XW_SMALL, &p));    /* 0.01 mm in */
	rect(&p, 52001, 49000, 56000, 51000);
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &p));
	/* corner to corner only */
	rect(&p, 52000, 52000, 56000, 56000);
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &p));
	/* turned 45 degrees its right corner is at 50000 + 2000 * sqrt 2 = 52828 */
	b.h = 450;
	rect(&p, 52829, 49000, 56000, 51000);
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &p));
	rect(&p, 52827, 49000, 56000, 51000);
	assert_true(xw_base_poly_overlap(&b, XW_SMALL, &p));
	/* a base wholly inside a large polygon, and a polygon wholly inside a base */
	rect(&p, 30000, 30000, 70000, 70000);
	assert_true(xw_base_poly_overlap(&b, XW_SMALL, &p));
	rect(&p, 49900, 49900, 50100, 50100);
	assert_true(xw_base_poly_overlap(&b, XW_SMALL, &p));
}

static void test_concave_notch(void **state)
{
	xw_poly u;
	xw_pose b = {50000, 52000, 0};   /* in the notch: 48000..52000 x 50000..54000 */
	(void)state;
	u_shape(&u);
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &u));   /* its hull would say yes */
	b.y = 47000;                      /* down on the notch's floor: touching */
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &u));
	b.y = 46999;
	assert_true(xw_base_poly_overlap(&b, XW_SMALL, &u));
	b.y = 52000;
	b.x = 47000;                      /* against the left arm */
	assert_false(xw_base_poly_overlap(&b, XW_SMALL, &u));
	b.x = 46999;
	assert_true(xw_base_poly_overlap(&b, XW_SMALL, &u));
	/* points: the notch is outside, the outline is not inside */
	assert_false(xw_poly_inside(&u, 50000, 50000));
	assert_true(xw_poly_inside(&u, 42000, 50000));
	assert_false(xw_poly_inside(&u, 45000, 50000));
	assert_false(xw_poly_inside(&u, 40000, 40000));
}

static void test_line_through_notch_and_vertex(void **state)
{
	xw_poly u;
	int32_t a[2] = {50000, 70000}, b[2] = {50000, 46000};
	(void)state;
	u_shape(&u);
	assert_false(xw_segment_poly(a, b, &u, 0));       /* down the notch */
	b[1] = 45000;
	assert_false(xw_segment_poly(a, b, &u, 0));       /* ends on the floor */
	b[1] = 44999;
	assert_true(xw_segment_poly(a, b, &u, 0));        /* into it */
	a[0] = b[0] = 45000, a[1] = 70000, b[1] = 50000;
	assert_false(xw_segment_poly(a, b, &u, 0));       /* along the arm's edge */
	a[0] = 30000, a[1] = 50000, b[0] = 70000, b[1] = 50000;
	assert_true(xw_segment_poly(a, b, &u, 0));        /* across both arms */
	a[0] = 39000, a[1] = 59000, b[0] = 41000, b[1] = 61000;
	assert_false(xw_segment_poly(a, b, &u, 0));       /* over the corner (40000, 60000) only */
	b[0] = 41000, b[1] = 59000, a[0] = 39000, a[1] = 61000;
	assert_true(xw_segment_poly(a, b, &u, 0));        /* through it, into the arm */
	/* from one corner to another across the notch's mouth: never inside */
	a[0] = 45000, a[1] = 60000, b[0] = 55000, b[1] = 60000;
	assert_false(xw_segment_poly(a, b, &u, 0));
	/* a strip of half-width 10 mm along the top: 10 mm off is touching */
	a[0] = 30000, a[1] = 61000, b[0] = 70000, b[1] = 61000;
	assert_false(xw_segment_poly(a, b, &u, 1000));
	a[1] = b[1] = 60999;
	assert_true(xw_segment_poly(a, b, &u, 1000));
	/* the distance between outlines */
	{
		xw_poly r;
		rect(&r, 47000, 50000, 53000, 55000);   /* in the notch, 20 mm from each arm */
		assert_int_equal(xw_poly_distance(&u, &r), 2000);
		rect(&r, 47000, 44000, 53000, 55000);   /* its foot in the floor */
		assert_int_equal(xw_poly_distance(&u, &r), 0);
	}
}

static void test_template_straight_swept(void **state)
{
	xw_pose st = {50000, 30000, 0};   /* 3FW: the strip 49000..51000 x 32000..44000 */
	xw_maneuver m;
	xw_poly p;
	(void)state;
	assert_int_equal(xw_maneuver_parse("3FW", 3, &m), 0);
	rect(&p, 51000, 35000, 53000, 36000);
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));   /* touching its edge */
	rect(&p, 50999, 35000, 53000, 36000);
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* swept through: the base ends beyond it (44000..48000) and never rests on it */
	rect(&p, 45000, 38000, 55000, 39000);
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	rect(&p, 45000, 44000, 55000, 44000 + 1);   /* a sliver past the template's end */
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* a reverse straight goes the other way */
	assert_int_equal(xw_maneuver_parse("1SR", 3, &m), 0);
	rect(&p, 49500, 25000, 50500, 26000);          /* behind: 28000 - 4000 */
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	rect(&p, 49500, 35000, 50500, 36000);
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
}

/* A small triangle with one vertex at radius rr from the arc's centre
 * (cx, cy), at angle phi (degrees) from the template's start direction,
 * its other two 3 mm further out: side +1 right (the start direction is -x
 * from the centre), -1 left (+x). */
static void tri_at(xw_poly *p, double cx, double cy, int side, double phi, double rr)
{
	double t = phi * M_PI / 180.0, ux = -cos(t) * side, uy = sin(t);
	double rad[3] = {rr, rr + 300, rr + 300}, off[3] = {0, -150, 150};
	p->n = 3;
	for (int i = 0; i < 3; i++) {
		p->x[i] = (int32_t)lround(cx + ux * rad[i] - uy * off[i]);
		p->y[i] = (int32_t)lround(cy + uy * rad[i] + ux * off[i]);
	}
}

static void test_template_bank_and_turn(void **state)
{
	xw_pose st = {50000, 30000, 0};
	xw_maneuver m;
	xw_poly p;
	(void)state;
	/* 1NW: the arc's centre is 80 mm to the right of the front edge's middle,
	 * at (58000, 32000); the template is the band 70..90 mm, 45 degrees */
	assert_int_equal(xw_maneuver_parse("1NW", 3, &m), 0);
	tri_at(&p, 58000, 32000, 1, 22.5, 9010);    /* 0.1 mm outside the band */
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	tri_at(&p, 58000, 32000, 1, 22.5, 8990);
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	tri_at(&p, 58000, 32000, 1, 50.0, 8000);    /* beyond the 45 degrees */
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	tri_at(&p, 58000, 32000, 1, 44.0, 8000);
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* a block on the base's front edge, below the template's start: touching */
	rect(&p, 49500, 29000, 50500, 32000);
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* the inner side: inside the arc, short of the band */
	tri_at(&p, 58000, 32000, 1, 22.5, 6000);
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* a polygon holding the whole template */
	rect(&p, 40000, 33000, 70000, 60000);
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* 2TW: a left turn, radius 62.5 mm, centre (43750, 32000), 90 degrees */
	assert_int_equal(xw_maneuver_parse("2TW", 3, &m), 0);
	tri_at(&p, 43750, 32000, -1, 45.0, 6250);
	assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	tri_at(&p, 43750, 32000, -1, 45.0, 7260);
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	tri_at(&p, 43750, 32000, 1, 45.0, 6250);    /* the right side: not its way */
	assert_false(xw_template_poly(&st, XW_SMALL, &m, &p));
	/* the start turned to face east: the left turn's centre is 62.5 mm north
	 * of the front edge's middle, at (52000, 36250); the arc's middle lies
	 * 45 degrees round from south of it towards east */
	st.h = 900;
	{
		int32_t cx, cy;
		double ang = 45.0 * M_PI / 180.0;
		xw_local_to_world(&st, -6250, 2000, &cx, &cy);
		assert_int_equal(cx, 52000);
		assert_int_equal(cy, 36250);
		p.n = 3;
		p.x[0] = (int32_t)lround(cx + 6250 * sin(ang)), p.y[0] = (int32_t)lround(cy - 6250 * cos(ang));
		p.x[1] = p.x[0] + 200, p.y[1] = p.y[0];
		p.x[2] = p.x[0], p.y[2] = p.y[0] + 200;
		assert_true(xw_template_poly(&st, XW_SMALL, &m, &p));
	}
}

/* ---- the outlines ------------------------------------------------------------- */

static int64_t area2(const xw_shape_def *d)
{
	int64_t a = 0;
	for (int i = 0; i < d->n; i++) {
		int k = (i + 1) % d->n;
		a += (int64_t)d->x[i] * d->y[k] - (int64_t)d->x[k] * d->y[i];
	}
	return a;
}

static int orient(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
	int64_t v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
	return (v > 0) - (v < 0);
}

/* No two edges of the outline meet but neighbours at their shared vertex. */
static int simple_polygon(const xw_shape_def *d)
{
	for (int i = 0; i < d->n; i++)
		for (int j = i + 1; j < d->n; j++) {
			int i1 = (i + 1) % d->n, j1 = (j + 1) % d->n;
			if (j == i1 || i == j1)
				continue;
			int o1 = orient(d->x[i], d->y[i], d->x[i1], d->y[i1], d->x[j], d->y[j]);
			int o2 = orient(d->x[i], d->y[i], d->x[i1], d->y[i1], d->x[j1], d->y[j1]);
			int o3 = orient(d->x[j], d->y[j], d->x[j1], d->y[j1], d->x[i], d->y[i]);
			int o4 = orient(d->x[j], d->y[j], d->x[j1], d->y[j1], d->x[i1], d->y[i1]);
			if (o1 * o2 <= 0 && o3 * o4 <= 0)
				return 0;   /* crossing, or touching: not simple */
		}
	return 1;
}

static void test_outlines(void **state)
{
	(void)state;
	/* a standard setup's six printed tokens are distinct: eleven asteroids
	 * (the 2.0 core set's Force Awakens asteroids 0-4, the first core set's
	 * A1-A6), six debris clouds and six gas clouds */
	assert_int_equal(xw_nshapes, 23);
	assert_int_equal(xw_nshapes6, 24);   /* rules 6: and the Force Awakens asteroid 5 */
	int nkind[3] = {0, 0, 0};
	for (int k = 0; k < xw_nshapes + xw_nshapes6; k++) {
		int six = k >= xw_nshapes;
		const xw_shape_def *d = six ? &xw_shapes6[k - xw_nshapes] : &xw_shapes[k];
		int64_t r2 = 0;
		int32_t x0 = 0, x1 = 0, y0 = 0, y1 = 0;
		assert_string_equal(d->id, xw_shape_ids[six ? k - xw_nshapes : k]);
		assert_true(d->n >= 3 && d->n <= XW_POLY_MAX);
		assert_true(area2(d) > 0);                   /* counter-clockwise */
		assert_true(simple_polygon(d));
		for (int i = 0; i < d->n; i++) {
			int64_t v = (int64_t)d->x[i] * d->x[i] + (int64_t)d->y[i] * d->y[i];
			r2 = v > r2 ? v : r2;
			x0 = d->x[i] < x0 ? d->x[i] : x0;
			x1 = d->x[i] > x1 ? d->x[i] : x1;
			y0 = d->y[i] < y0 ? d->y[i] : y0;
			y1 = d->y[i] > y1 ? d->y[i] : y1;
		}
		assert_true(xw_isqrt(r2) <= d->r && xw_isqrt(r2) + 1 >= d->r);
		assert_true(x0 < 0 && x1 > 0 && y0 < 0 && y1 > 0);   /* the centroid inside the box */
		if (strncmp(d->id, "core-", 5) == 0) {
			/* the first core set's asteroids, in their meshes' centimeters:
			 * 3.0 to 8.0 cm across each way, 8 to 32 cm2 (A1, the largest, is
			 * 71 x 57 mm and 28.5 cm2; A6, the smallest, 38 x 34 mm and 9.2
			 * cm2). Taken in the TTS unit (2.77 times as long) A6 would be
			 * 104 mm across, and A1 196: refused. */
			assert_int_equal(d->kind, XW_ASTEROID);
			assert_true(x1 - x0 > 3000 && x1 - x0 < 8000);
			assert_true(y1 - y0 > 3000 && y1 - y0 < 8000);
			assert_true(d->r > 1700 && d->r < 4500);
			assert_true(area2(d) / 2 > 8000000 && area2(d) / 2 < 32000000);
		} else if (six) {
			/* rules 6: the other printed tokens, 1.9 to 8.5 cm across each
			 * way, 4.5 to 40 cm2 (tfa-a0, the smallest, is 44 x 20 mm and
			 * 4.8 cm2; the debris clouds keep their meters, yt2400-d0 56 x 80) */
			assert_true(x1 - x0 > 1900 && x1 - x0 < 8500);
			assert_true(y1 - y0 > 1900 && y1 - y0 < 8500);
			assert_true(d->r > 2000 && d->r < 5000);
			assert_true(area2(d) / 2 > 4500000 && area2(d) / 2 < 40000000);
		} else {
			/* rules 3-5: the other printed tokens: 3.5 to 16.5 cm across each way, 10 to
			 * 150 cm2 (the largest, tfa-a3 and tfa-a4, are 159 mm long and
			 * 144 cm2; the narrowest, vt49-d2, 36 mm across in its mesh's own
			 * meters: data/xwing/obstacles/SOURCE.md) */
			assert_true(x1 - x0 > 3500 && x1 - x0 < 16500);
			assert_true(y1 - y0 > 3500 && y1 - y0 < 16500);
			assert_true(d->r > 3000 && d->r < 9500);
			assert_true(area2(d) / 2 > 10000000 && area2(d) / 2 < 150000000);
		}
		nkind[d->kind]++;
	}
	assert_int_equal(nkind[XW_ASTEROID], 11 + 12);
	assert_int_equal(nkind[XW_DEBRIS], 6 + 6);
	assert_int_equal(nkind[XW_GAS], 6 + 6);
	/* a simple polygon is told from one crossing itself */
	{
		xw_shape_def bow = {"bow", XW_ASTEROID, 4, 100, {0, 100, 100, 0}, {0, 100, 0, 100}};
		assert_false(simple_polygon(&bow));
		bow.y[2] = 100;
		bow.y[1] = 0;
		assert_true(simple_polygon(&bow));
	}
	assert_int_equal(xw_shapes[0].kind, XW_ASTEROID);
	assert_int_equal(xw_shapes[1].kind, XW_DEBRIS);
	assert_int_equal(xw_shapes[2].kind, XW_GAS);
	/* turned a quarter clockwise, a vertex (dx, dy) goes to (dy, -dx) */
	{
		xw_poly q;
		xw_shape_place(&xw_shapes[0], 45720, 45720, 900, &q);
		assert_int_equal(q.x[0], 45720 + xw_shapes[0].y[0]);
		assert_int_equal(q.y[0], 45720 - xw_shapes[0].x[0]);
	}
}

/* ---- the rules on a log ------------------------------------------------------------ */

/* Rules 6: tfa-a0 reaches 21.10 mm left of its centroid (58.41 before), so its
 * tip is on the mat's edge at x = 2110; a small base whose right edge is
 * 0.01 mm short of that tip is clear, 0.01 mm past it overlaps; the state
 * restored keeps the table it was read with. The same base under rules 3 is
 * deep in the old outline. tfa-a5 is placed and keeps ships off it. */
static void test_v6_hazard(void **state)
{
	ctx *c = *state;
	NO(c, "hazard id=rock shape=tfa-a0 x=2109 y=45720", "lies wholly on the mat");
	OK(c, "hazard id=rock shape=tfa-a0 x=2110 y=45720");
	OK(c, "hazard id=rock2 shape=tfa-a0 x=45720 y=45720");
	NO(c, "ship id=y pilot=redsquadronveteran side=reb x=41611 y=45720 heading=0",
		"y would overlap rock2");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=41609 y=45720 heading=0");
	OK(c, "hazard id=big shape=tfa-a5 x=45720 y=80000");
	assert_int_equal(S(c)->obstacles[2].shape, 24);
	assert_int_equal(S(c)->obstacles[2].r, 4053);
	NO(c, "ship id=z pilot=redsquadronveteran side=imp x=45720 y=80000 heading=1800",
		"z would overlap big");
	{
		sl_buf b;
		void *st2 = NULL;
		sl_buf_init(&b);
		assert_int_equal(G->serialize(c->st, &b), 0);
		assert_int_equal(G->restore(&st2, b.data, b.len, &c->err), 0);
		assert_int_equal(((xw_state *)st2)->obstacles[1].six, 1);
		assert_int_equal(((xw_state *)st2)->obstacles[2].shape, 24);
		G->destroy(st2);
		sl_buf_free(&b);
	}
}

static void test_v3_same_base_on_old_outline(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=rock2 shape=tfa-a0 x=45720 y=45720");
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=41609 y=45720 heading=0",
		"x would overlap rock2");
	assert_int_equal(S(c)->obstacles[0].six, 0);
}

static void test_hazard_setup(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-1 x=45720 y=45720 a=300");
	assert_int_equal(S(c)->obstacles[0].kind, XW_GAS);
	assert_int_equal(S(c)->obstacles[0].shape, 3);
	NO(c, "hazard id=rock shape=tfa-a0 x=20000 y=45720 kind=debris",
		"tfa-a0 is an asteroid, not debris");
	NO(c, "hazard id=rock shape=tfa-a0 x=5000 y=45720", "lies wholly on the mat");
	NO(c, "hazard id=gas shape=yt2400-d0 x=20000 y=20000", "the id 'gas' is taken");
	OK(c, "hazard id=rock shape=tfa-a0 x=5841 y=45720 kind=asteroid");   /* its tip on the edge */
	/* a ship on the cloud is refused; beside it, accepted */
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=45720 y=45720 heading=0",
		"x would overlap gas");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=45720 y=15000 heading=0");
	NO(c, "hazard id=dust shape=yt2400-d0 x=45720 y=17000", "the obstacle would overlap x");
	/* the state round trip keeps the shape and its heading */
	{
		sl_buf b;
		void *st2 = NULL;
		sl_buf_init(&b);
		assert_int_equal(G->serialize(c->st, &b), 0);
		assert_int_equal(G->restore(&st2, b.data, b.len, &c->err), 0);
		assert_int_equal(((xw_state *)st2)->obstacles[0].shape, 3);
		assert_int_equal(((xw_state *)st2)->obstacles[0].a, 300);
		assert_int_equal(((xw_state *)st2)->obstacles[1].kind, XW_ASTEROID);
		G->destroy(st2);
		sl_buf_free(&b);
	}
}

/* A standard setup: beyond range 2 of the edges and range 1 of the others,
 * measured on the outlines. */
static void test_hazard_standard_setup(void **state)
{
	ctx *c = *state;
	c->log->h.meta = sl_calloc(1, sizeof *c->log->h.meta);
	assert_non_null(c->log->h.meta);
	c->log->h.meta[0].key = sl_strdup("xwing-setup");
	c->log->h.meta[0].value = sl_strdup("standard");
	c->log->h.nmeta = 1;
	/* gas-1 reaches 47.81 mm below its centroid: at y = 24781 it is 200 mm
	 * from the bottom edge; 0.01 mm lower is refused */
	NO(c, "hazard id=g shape=gas-1 x=45720 y=24780", "beyond range 2 of every edge");
	OK(c, "hazard id=g shape=gas-1 x=45720 y=24781");
	/* tfa-a0 reaches 24.86 mm below its centroid: at y = 40000 it is 76 mm
	 * above the cloud (its top at 29911); at 62000 it is far enough */
	NO(c, "hazard id=r shape=tfa-a0 x=45720 y=40000", "beyond range 1 of the others (g is closer)");
	OK(c, "hazard id=r shape=tfa-a0 x=45720 y=62000");
	assert_true(xw_obst_distance(&S(c)->obstacles[0], &S(c)->obstacles[1]) >= XW_RANGE);
	/* a disc beside a shape: the gap from the disc's edge to the outline */
	NO(c, "obstacle id=d kind=debris x=62000 y=28000 r=3000", "beyond range 1 of the others");
	OK(c, "obstacle id=d kind=debris x=64000 y=28000 r=3000");
}

/* The six hazards `sillage new xwing` writes (import_xws.c): accepted under the
 * standard setup's rules; the VT-49's cloud, whose lowest vertex is 8.49 mm over
 * the range-2 line, refused 8.50 mm lower and accepted 8.49 mm lower. */
static void test_new_xwing_setup(void **state)
{
	ctx *c = *state;
	c->log->h.meta = sl_calloc(1, sizeof *c->log->h.meta);
	assert_non_null(c->log->h.meta);
	c->log->h.meta[0].key = sl_strdup("xwing-setup");
	c->log->h.meta[0].value = sl_strdup("standard");
	c->log->h.nmeta = 1;
	OK(c, "hazard id=rock1 shape=tfa-a1 x=32503 y=53936 a=3450");
	OK(c, "hazard id=dust1 shape=yt2400-d0 x=58076 y=44231 a=1800");
	OK(c, "hazard id=rock2 shape=tfa-a0 x=44136 y=28491 a=3000");
	OK(c, "hazard id=dust2 shape=yt2400-d1 x=27131 y=27583 a=1800");
	OK(c, "hazard id=rock3 shape=tfa-a2 x=64375 y=64110 a=2550");
	NO(c, "hazard id=dust3 shape=vt49-d0 x=63970 y=23034 a=0", "beyond range 2 of every edge");
	OK(c, "hazard id=dust3 shape=vt49-d0 x=63970 y=23035 a=0");
	assert_int_equal(S(c)->nobstacles, 6);
	for (int k = 0; k < 6; k++)
		for (int j = k + 1; j < 6; j++)
			assert_int_not_equal(S(c)->obstacles[k].shape, S(c)->obstacles[j].shape);
}

/* The outlines added for the 2.0 core set's asteroids 3-4 and the second gas
 * cloud, each at (45720, 45720) unturned: a small base (40 mm, heading 0)
 * slid into the deepest notch of the outline (its vertex farthest inside the
 * convex hull: 14.1 mm for tfa-a3, 15.3 mm for tfa-a4, 25.2 mm for gas-2)
 * along the line from the centroid, is clear 0.6 mm before its first contact
 * and overlaps 0.6 mm after it. The clear place overlaps the convex hull: an
 * outline taken as its hull would refuse it. */
static void test_tfa_a3_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=rock shape=tfa-a3 x=45720 y=45720");
	assert_int_equal(S(c)->obstacles[0].kind, XW_ASTEROID);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=38961 y=49399 heading=0",
		"x would overlap rock");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=38856 y=49456 heading=0");
}

static void test_tfa_a4_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=rock shape=tfa-a4 x=45720 y=45720 kind=asteroid");
	NO(c, "hazard id=rock2 shape=tfa-a4 x=20000 y=45720 kind=gas", "tfa-a4 is an asteroid");
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=37521 y=44679 heading=0",
		"x would overlap rock");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=37402 y=44664 heading=0");
}

static void test_gas_2_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-2 x=45720 y=45720");
	assert_int_equal(S(c)->obstacles[0].kind, XW_GAS);
	assert_int_equal(S(c)->obstacles[0].shape, 10);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=41377 y=51526 heading=0",
		"x would overlap gas");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=41305 y=51622 heading=0");
}

/* The first core set's asteroid A1 (its Maya mesh's top cap loop, chained):
 * its deepest notch is 4.7 mm; a small base turned 20 degrees, slid in from
 * 117 degrees, is clear 0.6 mm before contact (and 4.7 mm inside the convex
 * hull) and overlaps 0.6 mm after it. */
static void test_core_a1_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=rock shape=core-a1 x=45720 y=45720");
	assert_int_equal(S(c)->obstacles[0].kind, XW_ASTEROID);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=43414 y=50246 heading=200",
		"x would overlap rock");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=43359 y=50353 heading=200");
}

/* The VT-49's debris cloud 1: a small base turned 50 degrees, slid in from 81
 * degrees, clear 0.6 mm before contact (10 mm inside the convex hull) and
 * overlapping 0.6 mm after it. */
static void test_vt49_d1_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=dust shape=vt49-d1 x=45720 y=45720 kind=debris");
	assert_int_equal(S(c)->obstacles[0].kind, XW_DEBRIS);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=46370 y=49823 heading=500",
		"x would overlap dust");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=46389 y=49942 heading=500");
}

/* The third gas cloud (48 x 125 mm): a small base turned 15 degrees, slid in
 * from 24 degrees, clear 0.6 mm before contact (3.9 mm inside the convex
 * hull) and overlapping 0.6 mm after it. */
static void test_gas_3_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-3 x=45720 y=45720 kind=gas");
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=49922 y=47591 heading=150",
		"x would overlap gas");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=50031 y=47640 heading=150");
}

/* The VT-49's debris cloud 2 (36 x 61 mm): a small base turned 30 degrees,
 * slid in from 206 degrees, clear 0.6 mm before contact (7.0 mm inside the
 * convex hull) and overlapping 0.6 mm after it. */
static void test_vt49_d2_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=dust shape=vt49-d2 x=45720 y=45720 kind=debris");
	assert_int_equal(S(c)->obstacles[0].shape, 14);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=42346 y=44074 heading=300",
		"x would overlap dust");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=42238 y=44022 heading=300");
}

/* The fourth gas cloud (51 x 65 mm; its mesh's vertices sorted by x, chained
 * into its ring): a small base turned 45 degrees, slid in from 6 degrees into
 * its 13 mm notch, clear 0.6 mm before contact (12.3 mm inside the convex
 * hull) and overlapping 0.6 mm after it. */
static void test_gas_4_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-4 x=45720 y=45720 kind=gas");
	assert_int_equal(S(c)->obstacles[0].shape, 15);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=49613 y=46129 heading=450",
		"x would overlap gas");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=49733 y=46142 heading=450");
}

/* The fifth gas cloud (46 x 64 mm; chained as gas-4): a small base turned 45
 * degrees, slid in from 346 degrees into its 14.6 mm notch, clear 0.6 mm
 * before contact (14.0 mm inside the convex hull) and overlapping 0.6 mm
 * after it. */
static void test_gas_5_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-5 x=45720 y=45720 kind=gas");
	assert_int_equal(S(c)->obstacles[0].shape, 16);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=49099 y=44878 heading=450",
		"x would overlap gas");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=49215 y=44849 heading=450");
}

/* The sixth gas cloud (43 x 47 mm; chained as gas-4): a small base turned 30
 * degrees, slid in from 88 degrees into its 5.4 mm notch, clear 0.6 mm
 * before contact (4.8 mm inside the convex hull) and overlapping 0.6 mm
 * after it. */
static void test_gas_6_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-6 x=45720 y=45720 kind=gas");
	assert_int_equal(S(c)->obstacles[0].shape, 17);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=45872 y=50085 heading=300",
		"x would overlap gas");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=45877 y=50205 heading=300");
}

/* The YT-2400's third debris cloud (58 x 74 mm, its meters mesh): a small
 * base turned 45 degrees, slid in along 69 degrees (counter-clockwise from
 * the mat's x axis) into the notch on its lower left, clear 0.6 mm before
 * contact (11.8 mm inside the convex hull) and overlapping 0.6 mm after it. */
static void test_yt2400_d2_notch(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=dust shape=yt2400-d2 x=45720 y=45720 kind=debris");
	assert_int_equal(S(c)->obstacles[0].shape, 18);
	NO(c, "ship id=x pilot=redsquadronveteran side=reb x=41863 y=44044 heading=450",
		"x would overlap dust");
	OK(c, "ship id=x pilot=redsquadronveteran side=reb x=41820 y=43932 heading=450");
}

/* The first core set's asteroids A2-A6 (their Maya meshes' top cap loops,
 * ordered from the cap's faces): each at (45720, 45720) unturned, a small
 * base slid into its deepest notch (the vertex farthest inside the convex
 * hull) from the side, clear 0.6 mm before its first contact, inside the
 * hull there (an outline taken as its hull would refuse it), and
 * overlapping 0.6 mm after it. */
static void test_core_a2_a6_notches(void **state)
{
	static const struct {
		const char *shape;
		int index;                 /* xw_shapes[] + 1, as the state keeps it */
		int32_t x_in, y_in, x_out, y_out, heading;
	} t[] = {
		/* 4.5 mm deep; the base turned 65 degrees, slid in from 160
		 * degrees, clear 4.0 mm inside the hull */
		{"core-a2", 19, 42331, 47581, 42218, 47622, 650},
		/* 2.1 mm; turned 35, from 100 degrees, clear 1.5 mm inside */
		{"core-a3", 20, 43251, 49088, 43230, 49207, 350},
		/* 2.9 mm; turned 25, from 200 degrees, clear 2.3 mm inside */
		{"core-a4", 21, 41779, 43761, 41666, 43720, 250},
		/* 3.3 mm; turned 55, from 260 degrees, clear 2.8 mm inside */
		{"core-a5", 22, 45064, 41339, 45043, 41220, 550},
		/* A6, the smallest (38 x 34 mm): 1.7 mm; turned 85, from 320
		 * degrees, clear 1.2 mm inside */
		{"core-a6", 23, 47960, 42661, 48052, 42584, 850},
	};
	(void)state;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		void *st = NULL;
		char line[160];
		assert_int_equal(setup(&st), 0);
		ctx *c = st;
		snprintf(line, sizeof line, "hazard id=rock shape=%s x=45720 y=45720 kind=asteroid",
			t[i].shape);
		OK(c, line);
		assert_int_equal(S(c)->obstacles[0].shape, t[i].index);
		assert_int_equal(S(c)->obstacles[0].kind, XW_ASTEROID);
		snprintf(line, sizeof line, "ship id=x pilot=redsquadronveteran side=reb x=%d y=%d "
			"heading=%d", (int)t[i].x_in, (int)t[i].y_in, (int)t[i].heading);
		NO(c, line, "x would overlap rock");
		snprintf(line, sizeof line, "ship id=x pilot=redsquadronveteran side=reb x=%d y=%d "
			"heading=%d", (int)t[i].x_out, (int)t[i].y_out, (int)t[i].heading);
		OK(c, line);
		assert_int_equal(teardown(&st), 0);
	}
}

/* Ids no outline is copied for are refused as the schema's unknown values:
 * a seventh core asteroid, an A0; the Force Awakens asteroid 5, whose outline
 * came with rules version 6, is refused by the rules before it. */
static void test_shape_ids_refused(void **state)
{
	ctx *c = *state;
	static const char *const no[] = {"core-a7", "core-a0", "core-a", "A2"};
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		char line[128], want[64];
		sl_event ev;
		snprintf(line, sizeof line, "hazard id=rock shape=%s x=45720 y=45720", no[i]);
		snprintf(want, sizeof want, "unknown value '%s' for shape", no[i]);
		sl_error_clear(&c->err);
		assert_true(sl_sil_parse_line(c->log, line, strlen(line), 1, &ev, &c->err) < 0);
		if (!strstr(c->err.msg, want))
			fail_msg("%s: refused for another reason: %s", no[i], c->err.msg);
	}
	assert_int_equal(S(c)->nobstacles, 0);
	NO(c, "hazard id=rock shape=tfa-a5 x=45720 y=45720",
		"tfa-a5 has an outline from rules version 6 on (this log is version 3)");
	OK(c, "hazard id=rock shape=core-a6 x=45720 y=45720");
	assert_int_equal(S(c)->obstacles[0].shape, 23);
}

/* ---- rules version 6: the Blender meshes at their measured size ----------------------- */

static int setup6(void **state) { return xw_open(state, G, 6); }

static double poly_area_cm2(const xw_shape_def *d)
{
	double a = 0;
	for (int i = 0; i < d->n; i++) {
		int j = (i + 1) % d->n;
		a += (double)d->x[i] * d->y[j] - (double)d->x[j] * d->y[i];
	}
	return fabs(a) / 2 / 1e6;    /* 0.01 mm squared to cm2 */
}

/* Each outline's area against the token's area measured on the VASSAL X-Wing
 * module's images (Mu0n/XWVassal, swxwmg.vmod-unpacked/images, 2.825 pixels
 * to the mm: its range ruler is 847 pixels for 300 mm; the opaque pixels
 * counted; data/xwing/obstacles/SOURCE.md). The meshes that name their unit
 * came out within 7% of those images from the start; under rules 3-5 the
 * Force Awakens asteroids were 6.3 to 7.7 times the images' areas and gas
 * clouds 1-3 2.4 to 2.6 times; from rules 6 every outline is within 25%. */
static void test_v6_areas_measured(void **state)
{
	static const struct { const char *id; double cm2; } img[] = {
		{"tfa-a0", 4.8}, {"tfa-a1", 12.4}, {"tfa-a2", 7.5}, {"tfa-a3", 11.6},
		{"tfa-a4", 21.2}, {"tfa-a5", 32.7}, {"gas-1", 17.4}, {"gas-2", 17.0},
		{"gas-3", 18.4}, {"gas-4", 26.6}, {"gas-5", 24.0}, {"gas-6", 17.3},
		{"vt49-d0", 14.3}, {"vt49-d1", 15.6}, {"vt49-d2", 13.0}, {"yt2400-d0", 25.7},
		{"yt2400-d1", 19.3}, {"yt2400-d2", 26.0}, {"core-a1", 27.8}, {"core-a2", 10.5},
		{"core-a3", 12.5}, {"core-a4", 10.7}, {"core-a5", 12.6}, {"core-a6", 8.9},
	};
	int n5, n6, far5 = 0;
	const xw_shape_def *t5 = xw_shape_table(5, &n5), *t6 = xw_shape_table(6, &n6);
	(void)state;
	assert_int_equal(n6, n5 + 1);
	assert_int_equal(n6, (int)(sizeof img / sizeof img[0]));
	for (int k = 0; k < n6; k++) {
		int m = 0;
		while (strcmp(img[m].id, t6[k].id) != 0)
			m++;
		double r6 = poly_area_cm2(&t6[k]) / img[m].cm2;
		if (r6 < 0.75 || r6 > 1.25)
			fail_msg("%s: %.2f cm2 under rules 6, %.1f on the image", t6[k].id,
				poly_area_cm2(&t6[k]), img[m].cm2);
		if (k < n5) {
			double r5 = poly_area_cm2(&t5[k]) / img[m].cm2;
			assert_string_equal(t5[k].id, t6[k].id);
			assert_int_equal(t5[k].kind, t6[k].kind);
			far5 += r5 < 0.75 || r5 > 1.25;
		}
	}
	assert_int_equal(far5, 8);   /* tfa-a0..a4 and gas-1..3 (gas-4..6 were 0.83-0.87) */
}

static void to_activation(ctx *c, const char *yw)
{
	four(c);
	plan(c, yw, "2FB", "2FB", "2FB");
}

static void test_gas_cloud_die(void **state)
{
	ctx *c = *state;
	/* across the Y-wing's 2-straight (it ends at y = 22000), clear of its start */
	OK(c, "hazard id=gas shape=gas-1 x=20000 y=22000");
	to_activation(c, "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	NO(c, "reb: move ship=ywing", "touched 1 obstacle: dice= needs 1 attack die");
	OK(c, "reb: move ship=ywing dice=focus");
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "gains 1 strain from gas"));
	assert_int_equal(ship(c, "ywing")->strain, 1);          /* a focus: strain */
	assert_int_equal(ship(c, "ywing")->shields, 2);         /* no damage */
	assert_int_equal(ship(c, "ywing")->stress, 0);
	NO(c, "reb: action ship=ywing action=focus", "skips its Perform Action step");
}

static void test_gas_cloud_crit_and_hit(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=gas shape=gas-1 x=20000 y=22000");
	OK(c, "hazard id=gas2 shape=gas-1 x=60000 y=22000");
	to_activation(c, "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing dice=crit");
	assert_int_equal(ship(c, "ywing")->strain, 0);          /* a crit: nothing */
	assert_int_equal(ship(c, "ywing")->shields, 2);
	assert_int_equal(S(c)->npend, 0);
	NO(c, "reb: action ship=ywing action=focus", "skips its Perform Action step");
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing dice=hit");
	assert_int_equal(ship(c, "xwing")->strain, 1);          /* a hit: strain, no damage */
	assert_int_equal(ship(c, "xwing")->shields, 2);
}

/* The shape is exact where its circumscribed disc is not: the X-wing's
 * 2-straight passes 1.59 mm from the asteroid's tip; a disc of the same
 * centre and reach would be hit. */
static void test_shape_missed_disc_hit(void **state)
{
	ctx *c = *state;
	OK(c, "hazard id=rock shape=tfa-a0 x=68000 y=18000");
	to_activation(c, "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "2FB");
	NO(c, "reb: move ship=xwing dice=hit", "touched 0 obstacles");
	OK(c, "reb: move ship=xwing");
	OK(c, "reb: action ship=xwing action=focus");
}

static void test_disc_of_the_same_reach_is_hit(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=rock kind=asteroid x=68000 y=18000 r=6542");
	to_activation(c, "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "2FB");
	NO(c, "reb: move ship=xwing", "dice= needs 1 attack die");
}

/* Engagement with the X-wing and the TIE 150 mm apart, face to face, and
 * an obstacle on the line between their closest points. */
static void face_off(ctx *c, const char *obstacle)
{
	OK(c, obstacle);
	to_engagement(c);
}

static void test_gas_obstruction(void **state)
{
	ctx *c = *state;
	face_off(c, "hazard id=gas shape=gas-1 x=39000 y=49500");
	/* range 2: three attack dice; the TIE's three agility and one for the cloud */
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,blank def=blank,blank,blank",
		"rolls 4 defence dice, not 3");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,blank "
		"def=blank,blank,blank,blank");
	/* one blank became an evade: one hit cancelled, one damage card due */
	assert_int_equal(S(c)->npend, 1);
}

static void test_debris_obstruction_no_evade(void **state)
{
	ctx *c = *state;
	face_off(c, "hazard id=dust shape=yt2400-d0 x=39000 y=49500");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,blank "
		"def=blank,blank,blank,blank");
	assert_int_equal(S(c)->npend, 2);   /* obstructed (+1 die), but no blank changed */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_touching_and_missing),
		cmocka_unit_test(test_concave_notch),
		cmocka_unit_test(test_line_through_notch_and_vertex),
		cmocka_unit_test(test_template_straight_swept),
		cmocka_unit_test(test_template_bank_and_turn),
		cmocka_unit_test(test_outlines),
		cmocka_unit_test_setup_teardown(test_hazard_setup, setup, teardown),
		cmocka_unit_test_setup_teardown(test_new_xwing_setup, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hazard_standard_setup, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_cloud_die, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_cloud_crit_and_hit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shape_missed_disc_hit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_disc_of_the_same_reach_is_hit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_obstruction, setup, teardown),
		cmocka_unit_test_setup_teardown(test_debris_obstruction_no_evade, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tfa_a3_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tfa_a4_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_2_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_core_a1_notch, setup, teardown),
		cmocka_unit_test(test_core_a2_a6_notches),
		cmocka_unit_test_setup_teardown(test_shape_ids_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vt49_d1_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_3_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vt49_d2_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_4_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_5_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gas_6_notch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_yt2400_d2_notch, setup, teardown),
		cmocka_unit_test(test_v6_areas_measured),
		cmocka_unit_test_setup_teardown(test_v6_hazard, setup6, teardown),
		cmocka_unit_test_setup_teardown(test_v3_same_base_on_old_outline, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
