/* xwing_shape.c - obstacles with their published shapes: the printed
 * outlines as integer polygons (tools/xwing-obstacles/derive.py), and every
 * test the rules make of an obstacle (a base on it, a template through it, a
 * strip or a line across it, distances) against the disc of decision D3 or
 * the polygon (formats/xwing.md, Obstacles). Integers only: a point on an
 * outline is not inside, touching is not overlapping. */
#include "xwing_int.h"

#include <string.h>

const xw_shape_def xw_shapes[] = {
#include "xwing_shapes.inc"
};
const int xw_nshapes = (int)(sizeof xw_shapes / sizeof xw_shapes[0]);
/* Rules version 6 on (formats/xwing.md, Obstacles): the same ids in the same
 * order, the Blender meshes at their measured units, then tfa-a5. */
const xw_shape_def xw_shapes6[] = {
#include "xwing_shapes6.inc"
};
const int xw_nshapes6 = (int)(sizeof xw_shapes6 / sizeof xw_shapes6[0]);
const char *const xw_shape_ids[] = {"tfa-a0", "yt2400-d0", "gas-1", "tfa-a1", "tfa-a2",
	"yt2400-d1", "vt49-d0", "tfa-a3", "tfa-a4", "gas-2", "core-a1",
	"vt49-d1", "gas-3", "vt49-d2", "gas-4",
	"gas-5", "gas-6", "yt2400-d2", "core-a2", "core-a3", "core-a4", "core-a5",
	"core-a6", "tfa-a5", NULL};

const xw_shape_def *xw_shape_table(int ver, int *n)
{
	*n = ver >= 6 ? xw_nshapes6 : xw_nshapes;
	return ver >= 6 ? xw_shapes6 : xw_shapes;
}

void xw_shape_place(const xw_shape_def *d, int32_t x, int32_t y, int32_t a, xw_poly *out)
{
	xw_pose p = {x, y, xw_norm_angle(a)};
	out->n = d->n;
	for (int i = 0; i < d->n; i++)
		xw_local_to_world(&p, d->x[i], d->y[i], &out->x[i], &out->y[i]);
}

void xw_base_poly(const xw_pose *a, int sa, xw_poly *out)
{
	int32_t cx[4], cy[4];
	xw_base_corners(a, sa, cx, cy);
	/* the corners run front-left, front-right, rear-right, rear-left:
	 * clockwise; reversed, counter-clockwise */
	out->n = 4;
	for (int i = 0; i < 4; i++) {
		out->x[i] = cx[3 - i];
		out->y[i] = cy[3 - i];
	}
}

/* ---- exact predicates on int64 points (callers double the coordinates when
 * they need the midpoints of edges as points) ----------------------------------- */

typedef struct pts {
	int n;
	int64_t x[XW_POLY_MAX], y[XW_POLY_MAX];
} pts;

static void pts_of(const xw_poly *p, int64_t scale, pts *out)
{
	out->n = p->n;
	for (int i = 0; i < p->n; i++) {
		out->x[i] = p->x[i] * scale;
		out->y[i] = p->y[i] * scale;
	}
}

static int sign64(int64_t v)
{
	return (v > 0) - (v < 0);
}

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
	return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/* c lies on the closed segment a..b. */
static int on_seg(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
	return cross(ax, ay, bx, by, cx, cy) == 0
		&& cx >= (ax < bx ? ax : bx) && cx <= (ax < bx ? bx : ax)
		&& cy >= (ay < by ? ay : by) && cy <= (ay < by ? by : ay);
}

/* a..b and c..d cross at one point inside both (no end on the other). */
static int proper(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy,
	int64_t dx, int64_t dy)
{
	return sign64(cross(ax, ay, bx, by, cx, cy)) * sign64(cross(ax, ay, bx, by, dx, dy)) < 0
		&& sign64(cross(cx, cy, dx, dy, ax, ay)) * sign64(cross(cx, cy, dx, dy, bx, by)) < 0;
}

static int inside(const pts *p, int64_t x, int64_t y)
{
	int in = 0;
	for (int i = 0; i < p->n; i++) {
		int k = (i + 1) % p->n;
		int64_t ax = p->x[i], ay = p->y[i], bx = p->x[k], by = p->y[k];
		if (on_seg(ax, ay, bx, by, x, y))
			return 0;
		if ((ay > y) != (by > y)) {
			int64_t t = (bx - ax) * (y - ay) - (x - ax) * (by - ay);
			if (by > ay ? t > 0 : t < 0)
				in = !in;
		}
	}
	return in;
}

int xw_poly_inside(const xw_poly *p, int64_t x, int64_t y)
{
	pts q;
	pts_of(p, 1, &q);
	return inside(&q, x, y);
}

/* The open segment a..b (coordinates doubled, so even) meets the interior
 * of p (doubled too): it crosses an edge, or between two of the outline's
 * vertices that lie on it (or its ends) its middle is inside. */
static int seg_interior(const pts *p, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	int64_t ex[XW_POLY_MAX + 2], ey[XW_POLY_MAX + 2], et[XW_POLY_MAX + 2];
	int64_t dx = bx - ax, dy = by - ay;
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		int k = (i + 1) % p->n;
		if (proper(ax, ay, bx, by, p->x[i], p->y[i], p->x[k], p->y[k]))
			return 1;
	}
	if (inside(p, ax, ay) || inside(p, bx, by))
		return 1;
	ex[n] = ax, ey[n] = ay, et[n++] = 0;
	ex[n] = bx, ey[n] = by, et[n++] = dx * dx + dy * dy;
	for (int i = 0; i < p->n; i++)
		if (on_seg(ax, ay, bx, by, p->x[i], p->y[i])) {
			ex[n] = p->x[i];
			ey[n] = p->y[i];
			et[n++] = (p->x[i] - ax) * dx + (p->y[i] - ay) * dy;
		}
	for (int i = 1; i < n; i++)   /* by position along the segment */
		for (int j = i; j > 0 && et[j - 1] > et[j]; j--) {
			int64_t t;
			t = ex[j], ex[j] = ex[j - 1], ex[j - 1] = t;
			t = ey[j], ey[j] = ey[j - 1], ey[j - 1] = t;
			t = et[j], et[j] = et[j - 1], et[j - 1] = t;
		}
	for (int i = 0; i + 1 < n; i++)
		if (et[i + 1] > et[i] && inside(p, (ex[i] + ex[i + 1]) / 2, (ey[i] + ey[i + 1]) / 2))
			return 1;
	return 0;
}

int xw_polys_overlap(const xw_poly *a, const xw_poly *b)
{
	pts pa, pb;
	pts_of(a, 2, &pa);
	pts_of(b, 2, &pb);
	for (int i = 0; i < pa.n; i++) {
		int k = (i + 1) % pa.n;
		if (seg_interior(&pb, pa.x[i], pa.y[i], pa.x[k], pa.y[k]))
			return 1;
	}
	for (int i = 0; i < pb.n; i++) {
		int k = (i + 1) % pb.n;
		if (seg_interior(&pa, pb.x[i], pb.y[i], pb.x[k], pb.y[k]))
			return 1;
	}
	return 0;
}

int xw_base_poly_overlap(const xw_pose *a, int sa, const xw_poly *p)
{
	xw_poly b;
	xw_base_poly(a, sa, &b);
	return xw_polys_overlap(&b, p);
}

/* Squared distance between segments a..b and c..d that do not cross. */
static int64_t seg_seg2(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy,
	int64_t dx, int64_t dy)
{
	int64_t qx, qy, d, best;
	best = xw_point_segment(ax, ay, cx, cy, dx, dy, &qx, &qy);
	d = xw_point_segment(bx, by, cx, cy, dx, dy, &qx, &qy);
	best = d < best ? d : best;
	d = xw_point_segment(cx, cy, ax, ay, bx, by, &qx, &qy);
	best = d < best ? d : best;
	d = xw_point_segment(dx, dy, ax, ay, bx, by, &qx, &qy);
	return d < best ? d : best;
}

int xw_segment_poly(const int32_t p[2], const int32_t q[2], const xw_poly *poly, int32_t w)
{
	pts d;
	int64_t ax = 2 * (int64_t)p[0], ay = 2 * (int64_t)p[1], bx = 2 * (int64_t)q[0];
	int64_t by = 2 * (int64_t)q[1], ww = 4 * (int64_t)w * w;
	pts_of(poly, 2, &d);
	if (seg_interior(&d, ax, ay, bx, by))
		return 1;
	if (w <= 0)
		return 0;
	for (int i = 0; i < d.n; i++) {
		int k = (i + 1) % d.n;
		if (proper(ax, ay, bx, by, d.x[i], d.y[i], d.x[k], d.y[k])
		    || seg_seg2(ax, ay, bx, by, d.x[i], d.y[i], d.x[k], d.y[k]) < ww)
			return 1;
	}
	return 0;
}

int64_t xw_poly_distance(const xw_poly *a, const xw_poly *b)
{
	int64_t best = INT64_MAX;
	if (xw_polys_overlap(a, b))
		return 0;
	for (int i = 0; i < a->n; i++) {
		int k = (i + 1) % a->n;
		for (int j = 0; j < b->n; j++) {
			int l = (j + 1) % b->n;
			int64_t d;
			if (proper(a->x[i], a->y[i], a->x[k], a->y[k], b->x[j], b->y[j], b->x[l], b->y[l]))
				return 0;
			d = seg_seg2(a->x[i], a->y[i], a->x[k], a->y[k], b->x[j], b->y[j], b->x[l],
				b->y[l]);
			best = d < best ? d : best;
		}
	}
	return xw_isqrt(best);
}

/* Squared distance from (x, y) to the outline, and whether it is inside. */
static int64_t point_outline2(const xw_poly *p, int64_t x, int64_t y, int *in)
{
	int64_t best = INT64_MAX, qx, qy;
	for (int i = 0; i < p->n; i++) {
		int k = (i + 1) % p->n;
		int64_t d = xw_point_segment(x, y, p->x[i], p->y[i], p->x[k], p->y[k], &qx, &qy);
		best = d < best ? d : best;
	}
	*in = xw_poly_inside(p, x, y);
	return best;
}

int64_t xw_disc_poly_distance(int32_t x, int32_t y, int32_t r, const xw_poly *p)
{
	int in;
	int64_t d = xw_isqrt(point_outline2(p, x, y, &in));
	return in || d <= r ? 0 : d - r;
}

/* ---- the template of a maneuver ----------------------------------------------- */

/* The clip of a..b to the open half-plane h < 0 (h0, h1 its values at the
 * ends), as the interval [lo, hi] of fractions num/den of the segment: 0 if
 * empty or a single point (a touch on the wedge's edge is no overlap). */
static int clip(int64_t h0, int64_t h1, int64_t lo[2], int64_t hi[2])
{
	if (h0 >= 0 && h1 >= 0)    /* the line itself is outside: the open half-plane */
		return 0;
	if (h0 >= 0) {             /* enters at t = h0 / (h0 - h1) */
		int64_t n = h0, d = h0 - h1;
		if (n * lo[1] > lo[0] * d)
			lo[0] = n, lo[1] = d;
	} else if (h1 >= 0) {      /* leaves at t = -h0 / (h1 - h0) */
		int64_t n = -h0, d = h1 - h0;
		if (n * hi[1] < hi[0] * d)
			hi[0] = n, hi[1] = d;
	}
	return lo[0] * hi[1] < hi[0] * lo[1];
}

/* A bank's or turn's template: the annular sector about the origin between
 * radii R - 10 mm and R + 10 mm, from the direction (-1, 0) turning through
 * 45 degrees (bank: the open wedge vy > 0, vx + vy < 0) or 90 (turn: vy > 0,
 * vx < 0). The points are relative to the arc's centre. */
static int sector_meets(const pts *p, int64_t R, int turn)
{
	int64_t rin = (R - 1000) * (R - 1000), rout = (R + 1000) * (R + 1000);
	int32_t phi = turn ? 450 : 225;    /* the middle of the template's centre line */
	int64_t mx = -xw_rdiv(R * xw_cos(phi), XW_TRIG_ONE), my = xw_rdiv(R * xw_sin(phi), XW_TRIG_ONE);
	for (int i = 0; i < p->n; i++) {
		int k = (i + 1) % p->n;
		int64_t ax = p->x[i], ay = p->y[i], bx = p->x[k], by = p->y[k];
		int64_t lo[2] = {0, 1}, hi[2] = {1, 1}, qx, qy, q0x, q0y, q1x, q1y, dmin, dmax;
		int64_t g0 = turn ? ax : ax + ay, g1 = turn ? bx : bx + by;
		if (!clip(-ay, -by, lo, hi) || !clip(g0, g1, lo, hi))
			continue;
		q0x = ax + xw_rdiv((bx - ax) * lo[0], lo[1]);
		q0y = ay + xw_rdiv((by - ay) * lo[0], lo[1]);
		q1x = ax + xw_rdiv((bx - ax) * hi[0], hi[1]);
		q1y = ay + xw_rdiv((by - ay) * hi[0], hi[1]);
		dmin = xw_point_segment(0, 0, q0x, q0y, q1x, q1y, &qx, &qy);
		dmax = q0x * q0x + q0y * q0y;
		if (q1x * q1x + q1y * q1y > dmax)
			dmax = q1x * q1x + q1y * q1y;
		if (dmin < rout && dmax > rin)
			return 1;
	}
	return inside(p, mx, my);   /* the obstacle holds the whole template */
}

int xw_template_poly(const xw_pose *start, int size, const xw_maneuver *m, const xw_poly *p)
{
	xw_tmpl t;
	int64_t half = xw_base_len(size) / 2;
	if (xw_template_of(m, &t) != 0)
		return 0;
	if (t.kind == 0) {     /* the straight: a strip 20 mm wide */
		xw_poly r;
		int64_t y0 = half, y1 = half + (int64_t)4000 * m->speed, sy = t.reverse ? -1 : 1;
		static const int8_t cx[4] = {-1, 1, 1, -1}, far[4] = {0, 0, 1, 1};
		r.n = 4;
		for (int i = 0; i < 4; i++)
			xw_local_to_world(start, cx[i] * 1000 * sy, sy * (far[i] ? y1 : y0), &r.x[i],
				&r.y[i]);
		return xw_polys_overlap(&r, p);
	}
	{
		pts q;
		int64_t R = xw_template_radius(&t, m->speed);
		q.n = p->n;
		for (int i = 0; i < p->n; i++) {
			int64_t lx, ly;
			xw_world_to_local(start, p->x[i], p->y[i], &lx, &ly);
			if (t.side < 0)
				lx = -lx;
			if (t.reverse)
				ly = -ly;
			q.x[i] = lx - R;
			q.y[i] = ly - half;
		}
		return sector_meets(&q, R, t.kind == 2);
	}
}

/* ---- an obstacle, disc or shape ------------------------------------------------ */

void xw_obst_poly(const xw_obstacle *o, xw_poly *out)
{
	int n;
	const xw_shape_def *t = xw_shape_table(o->six ? 6 : 5, &n);
	if (o->shape > 0 && o->shape <= n)
		xw_shape_place(&t[o->shape - 1], o->x, o->y, o->a, out);
	else
		out->n = 0;
}

int xw_obst_base(const xw_obstacle *o, const xw_pose *p, int size)
{
	xw_poly q;
	if (!o->shape)
		return xw_base_disc_overlap(p, size, o->x, o->y, o->r);
	xw_obst_poly(o, &q);
	return xw_base_poly_overlap(p, size, &q);
}

int xw_obst_template(const xw_obstacle *o, const xw_pose *start, int size, const xw_maneuver *m)
{
	xw_poly q;
	if (!o->shape)
		return xw_template_disc(start, size, m, o->x, o->y, o->r);
	xw_obst_poly(o, &q);
	return xw_template_poly(start, size, m, &q);
}

int xw_obst_segment(const xw_obstacle *o, const int32_t p[2], const int32_t q[2], int32_t w)
{
	xw_poly s;
	if (!o->shape)
		return xw_segment_near(p, q, o->x, o->y, o->r + w);
	xw_obst_poly(o, &s);
	return xw_segment_poly(p, q, &s, w);
}

int xw_obst_near(const xw_obstacle *o, const xw_pose *p, int size, int32_t d)
{
	xw_poly q, b;
	if (!o->shape)
		return xw_base_disc_overlap(p, size, o->x, o->y, o->r + d + 1);
	xw_obst_poly(o, &q);
	xw_base_poly(p, size, &b);
	return xw_poly_distance(&b, &q) <= d;
}

int64_t xw_obst_distance(const xw_obstacle *a, const xw_obstacle *b)
{
	xw_poly pa, pb;
	if (!a->shape && !b->shape) {
		int64_t dx = a->x - b->x, dy = a->y - b->y, d = xw_isqrt(dx * dx + dy * dy);
		return d > (int64_t)a->r + b->r ? d - a->r - b->r : 0;
	}
	if (!a->shape || !b->shape) {
		const xw_obstacle *disc = a->shape ? b : a;
		xw_obst_poly(a->shape ? a : b, &pa);
		return xw_disc_poly_distance(disc->x, disc->y, disc->r, &pa);
	}
	xw_obst_poly(a, &pa);
	xw_obst_poly(b, &pb);
	return xw_poly_distance(&pa, &pb);
}

int xw_obst_disc(const xw_obstacle *o, int32_t x, int32_t y, int32_t r)
{
	xw_poly q;
	int in;
	if (!o->shape) {
		int64_t dx = x - o->x, dy = y - o->y, rr = (int64_t)r + o->r;
		return dx * dx + dy * dy < rr * rr;
	}
	xw_obst_poly(o, &q);
	return point_outline2(&q, x, y, &in) < (int64_t)r * r || in;
}

int xw_obst_disc_near(const xw_obstacle *o, int32_t x, int32_t y, int32_t r, int32_t d)
{
	xw_poly q;
	int in;
	if (!o->shape) {
		int64_t dx = o->x - x, dy = o->y - y, reach = (int64_t)o->r + r + d;
		return dx * dx + dy * dy <= reach * reach;
	}
	xw_obst_poly(o, &q);
	return point_outline2(&q, x, y, &in) <= ((int64_t)r + d) * ((int64_t)r + d) || in;
}

int xw_obst_within(const xw_obstacle *o, int32_t m)
{
	xw_poly q;
	if (!o->shape)
		return o->x - o->r >= m && o->x + o->r <= XW_MAT - m && o->y - o->r >= m
			&& o->y + o->r <= XW_MAT - m;
	xw_obst_poly(o, &q);
	for (int i = 0; i < q.n; i++)
		if (q.x[i] < m || q.x[i] > XW_MAT - m || q.y[i] < m || q.y[i] > XW_MAT - m)
			return 0;
	return 1;
}

int xw_obstructed_by(const xw_state *s, int a, int d, int kind)
{
	const xw_ship *sa = &s->ships[a], *sd = &s->ships[d];
	int32_t pa[2], pb[2];
	xw_base_distance(&sa->pose, xw_type_of(sa)->size, &sd->pose, xw_type_of(sd)->size, pa, pb);
	for (int k = 0; k < s->nobstacles; k++)
		if (s->obstacles[k].kind == kind && xw_obst_segment(&s->obstacles[k], pa, pb, 0))
			return 1;
	return 0;
}
