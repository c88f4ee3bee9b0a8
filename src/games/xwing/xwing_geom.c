/* xwing_geom.c - the geometry of the mat in integers: poses in 0.01 mm and
 * 0.1 degree, integer trigonometry from a table, maneuvers flown along their
 * templates, barrel rolls, overlaps, distances, range bands and arcs
 * (formats/xwing.md, Geometry). No float anywhere. */
#include "xwing_int.h"

#include <string.h>

/* ---- trigonometry ---------------------------------------------------------- */

int32_t xw_norm_angle(int32_t a)
{
	if (a >= 0 && a < XW_TURN)   /* most are already: no division */
		return a;
	a %= XW_TURN;
	return a < 0 ? a + XW_TURN : a;
}

int32_t xw_sin(int32_t a)
{
	a = xw_norm_angle(a);
	if (a <= 900)
		return xw_sin_table[a];
	if (a <= 1800)
		return xw_sin_table[1800 - a];
	if (a <= 2700)
		return -xw_sin_table[a - 1800];
	return -xw_sin_table[3600 - a];
}

int32_t xw_cos(int32_t a)
{
	return xw_sin(a + 900);
}

/* num / den rounded half away from zero; den > 0. */
int64_t xw_rdiv(int64_t num, int64_t den)
{
	return num >= 0 ? (num + den / 2) / den : -((-num + den / 2) / den);
}

int64_t xw_isqrt(int64_t v)
{
	int64_t r, x;
	if (v <= 0)
		return 0;
	/* Newton from above: converges to floor(sqrt(v)) */
	x = v;
	r = (x + 1) / 2;
	while (r < x) {
		x = r;
		r = (x + v / x) / 2;
	}
	return x;
}

int32_t xw_base_len(int size)
{
	return size == XW_LARGE ? 8000 : size == XW_MEDIUM ? 6000 : 4000;
}

/* local_to_world with the heading's cosine and sine given */
static void local_to_world_cs(const xw_pose *p, int64_t c, int64_t s, int64_t dx, int64_t dy,
	int32_t *x, int32_t *y)
{
	*x = (int32_t)(p->x + xw_rdiv(dx * c + dy * s, XW_TRIG_ONE));
	*y = (int32_t)(p->y + xw_rdiv(-dx * s + dy * c, XW_TRIG_ONE));
}

void xw_local_to_world(const xw_pose *p, int64_t dx, int64_t dy, int32_t *x, int32_t *y)
{
	local_to_world_cs(p, xw_cos(p->h), xw_sin(p->h), dx, dy, x, y);
}

/* The inverse: world point (x, y) in the frame of p. */
static void world_to_local(const xw_pose *p, int64_t x, int64_t y, int64_t *dx, int64_t *dy)
{
	int64_t c = xw_cos(p->h), s = xw_sin(p->h), vx = x - p->x, vy = y - p->y;
	*dx = xw_rdiv(vx * c - vy * s, XW_TRIG_ONE);
	*dy = xw_rdiv(vx * s + vy * c, XW_TRIG_ONE);
}

void xw_world_to_local(const xw_pose *p, int64_t x, int64_t y, int64_t *dx, int64_t *dy)
{
	world_to_local(p, x, y, dx, dy);
}

void xw_base_corners(const xw_pose *p, int size, int32_t cx[4], int32_t cy[4])
{
	int64_t h = xw_base_len(size) / 2, c = xw_cos(p->h), s = xw_sin(p->h);   /* once, not a corner */
	static const int8_t sx[4] = {-1, 1, 1, -1}, sy[4] = {1, 1, -1, -1};
	for (int i = 0; i < 4; i++)
		local_to_world_cs(p, c, s, sx[i] * h, sy[i] * h, &cx[i], &cy[i]);
}

/* ---- maneuvers ---------------------------------------------------------------- */

static const char bearing_letters[XW_NBEARING + 1] = "TBFNYKLPEROASD";

static const char *const bearing_names[XW_NBEARING] = {
	"turn left", "bank left", "straight", "bank right", "turn right", "Koiogran turn",
	"Segnor's loop left", "Segnor's loop right", "Tallon roll left", "Tallon roll right",
	"stationary", "reverse bank left", "reverse straight", "reverse bank right"
};

const char *xw_bearing_name(int bearing)
{
	return bearing >= 0 && bearing < XW_NBEARING ? bearing_names[bearing] : "?";
}

/* Speeds each bearing's template allows. */
static int speed_ok(int bearing, int speed)
{
	switch (bearing) {
	case XW_ST: case XW_KT: return speed >= 1 && speed <= 5;
	case XW_STOP: return speed == 0;
	case XW_RST: return speed >= 1 && speed <= 2;
	default: return speed >= 1 && speed <= 3;
	}
}

int xw_maneuver_parse(const char *s, size_t n, xw_maneuver *out)
{
	const char *b;
	if (n != 3 || s[0] < '0' || s[0] > '5')
		return -1;
	b = memchr(bearing_letters, s[1], XW_NBEARING);
	if (!b)
		return -1;
	out->speed = s[0] - '0';
	out->bearing = (int)(b - bearing_letters);
	switch (s[2]) {
	case 'B': out->colour = XW_BLUE; break;
	case 'W': out->colour = XW_WHITE; break;
	case 'R': out->colour = XW_RED; break;
	case 'P': out->colour = XW_PURPLE; break;   /* spends a Force */
	default: return -1;
	}
	return speed_ok(out->bearing, out->speed) ? 0 : -1;
}

void xw_maneuver_code(const xw_maneuver *m, char out[4])
{
	out[0] = (char)('0' + (m->speed >= 0 && m->speed <= 9 ? m->speed : 0));
	out[1] = m->bearing >= 0 && m->bearing < XW_NBEARING ? bearing_letters[m->bearing] : '?';
	out[2] = "BWRP"[m->colour >= 0 && m->colour <= 3 ? m->colour : 1];
	out[3] = 0;
}

/* The template behind a bearing: 0 straight, 1 bank, 2 turn; the side
 * (+1 right, -1 left), whether the ship flies backward, and the rotation
 * added at the end. */
typedef struct tmpl {
	int kind, side, reverse;
	int32_t spin;
} tmpl;

static int template_of(int bearing, tmpl *t)
{
	t->side = 1;
	t->reverse = 0;
	t->spin = 0;
	switch (bearing) {
	case XW_TL: t->kind = 2; t->side = -1; break;
	case XW_BL: t->kind = 1; t->side = -1; break;
	case XW_ST: t->kind = 0; break;
	case XW_BR: t->kind = 1; break;
	case XW_TR: t->kind = 2; break;
	case XW_KT: t->kind = 0; t->spin = 1800; break;
	case XW_SLL: t->kind = 1; t->side = -1; t->spin = -1800; break;
	case XW_SLR: t->kind = 1; t->spin = 1800; break;
	case XW_TRL: t->kind = 2; t->side = -1; t->spin = -900; break;
	case XW_TRR: t->kind = 2; t->spin = 900; break;
	case XW_RBL: t->kind = 1; t->side = -1; t->reverse = 1; break;
	case XW_RST: t->kind = 0; t->reverse = 1; break;
	case XW_RBR: t->kind = 1; t->reverse = 1; break;
	default: return -1;
	}
	return 0;
}

/* Centre-line radius of bank / turn templates, speeds 1..3 (0.01 mm). */
static const int32_t bank_radius[3] = {8000, 13000, 18000};
static const int32_t turn_radius[3] = {3500, 6250, 9000};

/* For the obstacles' shapes (xwing_shape.c): the template a maneuver flies,
 * none for a stationary one or a speed its bearing lacks. */
int xw_template_of(const xw_maneuver *m, xw_tmpl *out)
{
	tmpl t;
	if (m->bearing == XW_STOP || !speed_ok(m->bearing, m->speed) || template_of(m->bearing, &t))
		return -1;
	out->kind = t.kind;
	out->side = t.side;
	out->reverse = t.reverse;
	return 0;
}

int64_t xw_template_radius(const xw_tmpl *t, int speed)
{
	return t->kind == 1 ? bank_radius[speed - 1] : t->kind == 2 ? turn_radius[speed - 1] : 0;
}

/* The local offset and heading change of the base when its rear has gone
 * fraction num/den along the template (den > 0; num = den: the end). */
static void along(int size, const xw_maneuver *m, const tmpl *t, int64_t num, int64_t den,
	int64_t *dx, int64_t *dy, int32_t *dh)
{
	int64_t L = xw_base_len(size), half = L / 2;
	if (t->kind == 0) {
		*dx = 0;
		*dy = L + xw_rdiv((int64_t)4000 * m->speed * num, den);
		*dh = 0;
	} else {
		int64_t R = t->kind == 1 ? bank_radius[m->speed - 1] : turn_radius[m->speed - 1];
		int32_t full = t->kind == 1 ? 450 : 900;
		int32_t phi = (int32_t)xw_rdiv((int64_t)full * num, den);
		int64_t s = xw_sin(phi), c = xw_cos(phi);
		*dx = xw_rdiv(R * (XW_TRIG_ONE - c) + half * s, XW_TRIG_ONE);
		*dy = half + xw_rdiv(R * s + half * c, XW_TRIG_ONE);
		*dh = phi;
	}
	*dx *= t->side;
	*dh *= t->side;
	if (t->reverse) {
		*dy = -*dy;
		*dh = -*dh;
	}
}

static void offset_pose(const xw_pose *p, int64_t dx, int64_t dy, int32_t dh, xw_pose *out)
{
	int32_t x, y;
	xw_local_to_world(p, dx, dy, &x, &y);
	out->x = x;
	out->y = y;
	out->h = xw_norm_angle(p->h + dh);
}

int xw_maneuver_end(const xw_pose *p, int size, const xw_maneuver *m, xw_pose *out)
{
	tmpl t;
	int64_t dx, dy;
	int32_t dh;
	if (!speed_ok(m->bearing, m->speed))
		return -1;
	if (m->bearing == XW_STOP) {
		*out = *p;
		return 0;
	}
	if (template_of(m->bearing, &t) != 0)
		return -1;
	along(size, m, &t, 1, 1, &dx, &dy, &dh);
	offset_pose(p, dx, dy, dh + t.spin, out);
	return 0;
}

int xw_maneuver_frac(const xw_pose *p, int size, const xw_maneuver *m, int64_t num, int64_t den,
	xw_pose *out)
{
	tmpl t;
	int64_t dx, dy;
	int32_t dh;
	if (!speed_ok(m->bearing, m->speed) || den <= 0 || num < 0 || num > den)
		return -1;
	if (m->bearing == XW_STOP) {
		*out = *p;
		return 0;
	}
	if (template_of(m->bearing, &t) != 0)
		return -1;
	along(size, m, &t, num, den, &dx, &dy, &dh);
	offset_pose(p, dx, dy, dh, out);
	return 0;
}

int xw_maneuver_at(const xw_pose *p, int size, const xw_maneuver *m, int k, xw_pose *out)
{
	tmpl t;
	int64_t dx, dy;
	int32_t dh;
	if (!speed_ok(m->bearing, m->speed) || k < 0 || k > XW_PATH_STEPS)
		return -1;
	if (m->bearing == XW_STOP) {
		*out = *p;
		return 0;
	}
	if (template_of(m->bearing, &t) != 0)
		return -1;
	along(size, m, &t, k, XW_PATH_STEPS, &dx, &dy, &dh);
	offset_pose(p, dx, dy, dh, out);
	return 0;
}

void xw_barrel_roll_end(const xw_pose *p, int size, int side, int place, xw_pose *out)
{
	xw_barrel_roll_end_v(p, size, side, place, 2, out);
}

/* Rules version 3: the template (20 mm along a small base's side, 40 mm
 * along a medium or large one's) stays within the side's front and back
 * edges, so forward and back move the ship by half the side less half the
 * template: 10 mm small, 10 mm medium, 20 mm large. Versions 1 and 2 moved
 * a medium base 20 mm (formats/xwing.md, Geometry). */
void xw_barrel_roll_end_v(const xw_pose *p, int size, int side, int place, int ver,
	xw_pose *out)
{
	int64_t L = xw_base_len(size);
	/* small: the template's short edge (20 mm) against the side, 40 mm across;
	 * medium and large: its long edge (40 mm), 20 mm across */
	int64_t across = size == XW_SMALL ? 4000 : 2000;
	int64_t slide = size == XW_SMALL ? 1000 : ver >= 3 ? L / 2 - 2000 : 2000;
	int64_t dx = (L + across) * (side ? 1 : -1);
	int64_t dy = place == 0 ? slide : place == 2 ? -slide : 0;
	offset_pose(p, dx, dy, 0, out);
}

/* ---- overlaps and distances ------------------------------------------------ */

static int separated(const int32_t ax[4], const int32_t ay[4], const int32_t bx[4],
	const int32_t by[4], int64_t vx, int64_t vy)
{
	int64_t amin = INT64_MAX, amax = INT64_MIN, bmin = INT64_MAX, bmax = INT64_MIN;
	for (int i = 0; i < 4; i++) {
		int64_t pa = vx * ax[i] + vy * ay[i], pb = vx * bx[i] + vy * by[i];
		amin = pa < amin ? pa : amin;
		amax = pa > amax ? pa : amax;
		bmin = pb < bmin ? pb : bmin;
		bmax = pb > bmax ? pb : bmax;
	}
	return amax <= bmin || bmax <= amin;
}

int xw_bases_overlap(const xw_pose *a, int sa, const xw_pose *b, int sb)
{
	int32_t ax[4], ay[4], bx[4], by[4];
	/* Bases whose circumscribed circles (half a side times sqrt 2, and 2
	 * units for the corners' rounding) are apart never overlap: most pairs
	 * asked of at every move, answered without their corners */
	int64_t ddx = (int64_t)a->x - b->x, ddy = (int64_t)a->y - b->y;
	int64_t reach = xw_base_len(sa) / 2 + xw_base_len(sb) / 2 + 2;
	if (ddx * ddx + ddy * ddy > 2 * reach * reach)
		return 0;
	xw_base_corners(a, sa, ax, ay);
	xw_base_corners(b, sb, bx, by);
	return xw_corners_overlap(ax, ay, bx, by);
}

int xw_corners_overlap(const int32_t ax[4], const int32_t ay[4], const int32_t bx[4],
	const int32_t by[4])
{
	for (int i = 0; i < 2; i++) {
		if (separated(ax, ay, bx, by, -(int64_t)(ay[i + 1] - ay[i]), ax[i + 1] - ax[i]))
			return 0;
		if (separated(ax, ay, bx, by, -(int64_t)(by[i + 1] - by[i]), bx[i + 1] - bx[i]))
			return 0;
	}
	return 1;
}

int xw_base_disc_overlap(const xw_pose *a, int sa, int32_t x, int32_t y, int32_t r)
{
	int64_t dx, dy, h = xw_base_len(sa) / 2, ex, ey;
	world_to_local(a, x, y, &dx, &dy);
	ex = dx < -h ? -h - dx : dx > h ? dx - h : 0;
	ey = dy < -h ? -h - dy : dy > h ? dy - h : 0;
	return ex * ex + ey * ey < (int64_t)r * r;
}

int xw_base_off_mat(const xw_pose *a, int sa)
{
	int32_t cx[4], cy[4];
	xw_base_corners(a, sa, cx, cy);
	for (int i = 0; i < 4; i++)
		if (cx[i] < 0 || cx[i] > XW_MAT || cy[i] < 0 || cy[i] > XW_MAT)
			return 1;
	return 0;
}

/* Squared distance from p to segment a..b and the closest point q. */
int64_t xw_point_segment(int64_t px, int64_t py, int64_t ax, int64_t ay, int64_t bx,
	int64_t by, int64_t *qx, int64_t *qy)
{
	int64_t dx = bx - ax, dy = by - ay, wx = px - ax, wy = py - ay;
	int64_t t = wx * dx + wy * dy, dd = dx * dx + dy * dy;
	if (t <= 0 || dd == 0) {
		*qx = ax;
		*qy = ay;
	} else if (t >= dd) {
		*qx = bx;
		*qy = by;
	} else {
		*qx = ax + xw_rdiv(dx * t, dd);
		*qy = ay + xw_rdiv(dy * t, dd);
	}
	return (px - *qx) * (px - *qx) + (py - *qy) * (py - *qy);
}

int64_t xw_base_distance(const xw_pose *a, int sa, const xw_pose *b, int sb,
	int32_t pa[2], int32_t pb[2])
{
	int32_t ax[4], ay[4], bx[4], by[4];
	int64_t best = INT64_MAX, qx, qy;
	xw_base_corners(a, sa, ax, ay);
	xw_base_corners(b, sb, bx, by);
	if (xw_bases_overlap(a, sa, b, sb)) {
		pa[0] = a->x;
		pa[1] = a->y;
		pb[0] = b->x;
		pb[1] = b->y;
		return 0;
	}
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			int k = (j + 1) & 3;
			int64_t d = xw_point_segment(ax[i], ay[i], bx[j], by[j], bx[k], by[k], &qx, &qy);
			if (d < best) {
				best = d;
				pa[0] = ax[i];
				pa[1] = ay[i];
				pb[0] = (int32_t)qx;
				pb[1] = (int32_t)qy;
			}
			d = xw_point_segment(bx[i], by[i], ax[j], ay[j], ax[k], ay[k], &qx, &qy);
			if (d < best) {
				best = d;
				pb[0] = bx[i];
				pb[1] = by[i];
				pa[0] = (int32_t)qx;
				pa[1] = (int32_t)qy;
			}
		}
	return xw_isqrt(best);
}

int xw_range_band(int64_t d)
{
	if (d <= 0)
		return 0;
	if (d <= XW_RANGE)
		return 1;
	if (d <= 2 * XW_RANGE)
		return 2;
	if (d <= 3 * XW_RANGE)
		return 3;
	return 4;
}

/* Point (x, y) in the local frame lies in the quadrant `arc`, lines included. */
static int in_quadrant(int arc, int64_t x, int64_t y)
{
	int64_t ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
	switch (arc) {
	case XW_ARC_FRONT: return y >= ax;
	case XW_ARC_RIGHT: return x >= ay;
	case XW_ARC_REAR: return -y >= ax;
	default: return -x >= ay;
	}
}

/* The ray from the origin along (ux, uy) meets segment q0..q1. */
static int ray_hits(int64_t ux, int64_t uy, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
	int64_t c0 = ux * y0 - uy * x0, c1 = ux * y1 - uy * x1;
	int64_t d0 = ux * x0 + uy * y0, d1 = ux * x1 + uy * y1;
	if ((c0 > 0 && c1 > 0) || (c0 < 0 && c1 < 0))
		return 0;
	if (c0 == c1)                       /* on the line: either end ahead */
		return d0 >= 0 || d1 >= 0;
	/* the crossing is at d0 + (d1 - d0) * c0 / (c0 - c1); ahead when >= 0 */
	if (c0 - c1 > 0)
		return d0 * (c0 - c1) + (d1 - d0) * c0 >= 0;
	return d0 * (c0 - c1) + (d1 - d0) * c0 <= 0;
}

int xw_in_arc(const xw_pose *a, int sa, int arc, const xw_pose *b, int sb)
{
	int32_t bx[4], by[4];
	int64_t lx[4], ly[4];
	static const int8_t rays[4][2][2] = {
		{{1, 1}, {-1, 1}}, {{1, 1}, {1, -1}}, {{1, -1}, {-1, -1}}, {{-1, 1}, {-1, -1}}
	};
	(void)sa;
	xw_base_corners(b, sb, bx, by);
	for (int i = 0; i < 4; i++) {
		world_to_local(a, bx[i], by[i], &lx[i], &ly[i]);
		if (in_quadrant(arc, lx[i], ly[i]))
			return 1;
	}
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < 4; i++) {
			int k = (i + 1) & 3;
			if (ray_hits(rays[arc][r][0], rays[arc][r][1], lx[i], ly[i], lx[k], ly[k]))
				return 1;
		}
	return 0;
}

int xw_segment_near(const int32_t p[2], const int32_t q[2], int32_t x, int32_t y, int32_t r)
{
	int64_t qx, qy;
	return xw_point_segment(x, y, p[0], p[1], q[0], q[1], &qx, &qy) < (int64_t)r * r;
}

/* The maneuver's template (20 mm wide) meets the disc: exact on the
 * template's outline (a strip for a straight, an annular sector for a bank
 * or turn), in the start pose's frame, left mirrored to right, reverse to
 * forward. */
int xw_template_disc(const xw_pose *start, int size, const xw_maneuver *m, int32_t x, int32_t y,
	int32_t r)
{
	tmpl t;
	int64_t px, py, half = xw_base_len(size) / 2, rr = (int64_t)r * r, qx, qy;
	if (m->bearing == XW_STOP || template_of(m->bearing, &t) != 0 || !speed_ok(m->bearing, m->speed))
		return 0;
	world_to_local(start, x, y, &px, &py);
	if (t.side < 0)
		px = -px;
	if (t.reverse)
		py = -py;
	if (t.kind == 0) {
		int64_t ex = px < -1000 ? -1000 - px : px > 1000 ? px - 1000 : 0;
		int64_t y0 = half, y1 = half + (int64_t)4000 * m->speed;
		int64_t ey = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
		return ex * ex + ey * ey < rr;
	}
	{
		int64_t R = t.kind == 1 ? bank_radius[m->speed - 1] : turn_radius[m->speed - 1];
		int32_t th = t.kind == 1 ? 450 : 900;
		int64_t vx = px - R, vy = py - half;                       /* from the arc's centre */
		int64_t d0x = -XW_TRIG_ONE, d0y = 0, d1x = -(int64_t)xw_cos(th), d1y = xw_sin(th);
		int64_t c0 = d0x * vy - d0y * vx, c1 = vx * d1y - vy * d1x;
		if (c0 <= 0 && c1 <= 0) {                                  /* within the sweep */
			int64_t len = xw_isqrt(vx * vx + vy * vy), d = 0;
			if (len > R + 1000)
				d = len - (R + 1000);
			else if (len < R - 1000)
				d = (R - 1000) - len;
			return d * d < rr;
		}
		/* outside the sweep: the nearer of the two straight ends */
		for (int e = 0; e < 2; e++) {
			int64_t dx = e ? d1x : d0x, dy = e ? d1y : d0y;
			int64_t ax = R + xw_rdiv(dx * (R - 1000), XW_TRIG_ONE);
			int64_t ay = half + xw_rdiv(dy * (R - 1000), XW_TRIG_ONE);
			int64_t bx = R + xw_rdiv(dx * (R + 1000), XW_TRIG_ONE);
			int64_t by = half + xw_rdiv(dy * (R + 1000), XW_TRIG_ONE);
			if (xw_point_segment(px, py, ax, ay, bx, by, &qx, &qy) < rr)
				return 1;
		}
		return 0;
	}
}
