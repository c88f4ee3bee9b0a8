/* hex.c - hex grids in both orientations: axial/cube/offset coordinates,
 * neighbours, distance, lines and rings. Integer arithmetic only. */
#include "sl_core.h"

#include <ctype.h>
#include <stdlib.h>

static const int dir_flat[6][2] = {
	{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}   /* N NE SE S SW NW */
};
static const int dir_pointy[6][2] = {
	{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}   /* NE E SE SW W NW */
};
static const char *const names_flat[6] = {"N", "NE", "SE", "S", "SW", "NW"};
static const char *const names_pointy[6] = {"NE", "E", "SE", "SW", "W", "NW"};

sl_hex sl_hex_make(int q, int r)
{
	sl_hex h = {q, r};
	return h;
}

int sl_hex_eq(sl_hex a, sl_hex b)
{
	return a.q == b.q && a.r == b.r;
}

sl_hex sl_hex_add(sl_hex a, sl_hex b)
{
	return sl_hex_make(a.q + b.q, a.r + b.r);
}

sl_hex sl_hex_sub(sl_hex a, sl_hex b)
{
	return sl_hex_make(a.q - b.q, a.r - b.r);
}

int sl_hex_dir_rotate(int dir, int steps)
{
	return (((dir + steps) % 6) + 6) % 6;
}

sl_hex sl_hex_dir(sl_hex_orient o, int dir)
{
	const int (*t)[2] = o == SL_HEX_POINTY ? dir_pointy : dir_flat;
	dir = sl_hex_dir_rotate(dir, 0);
	return sl_hex_make(t[dir][0], t[dir][1]);
}

sl_hex sl_hex_neighbor(sl_hex_orient o, sl_hex h, int dir)
{
	return sl_hex_add(h, sl_hex_dir(o, dir));
}

int sl_hex_distance(sl_hex a, sl_hex b)
{
	int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
	int m = abs(dq);
	if (abs(dr) > m)
		m = abs(dr);
	if (abs(ds) > m)
		m = abs(ds);
	return m;
}

int sl_hex_dir_diff(int a, int b)
{
	int d = abs(sl_hex_dir_rotate(a, 0) - sl_hex_dir_rotate(b, 0));
	return d > 3 ? 6 - d : d;
}

const char *sl_hex_dir_name(sl_hex_orient o, int dir)
{
	if (dir < 0 || dir > 5)
		return "?";
	return (o == SL_HEX_POINTY ? names_pointy : names_flat)[dir];
}

int sl_hex_dir_parse(sl_hex_orient o, const char *s, size_t n)
{
	const char *const *t = o == SL_HEX_POINTY ? names_pointy : names_flat;
	for (int d = 0; d < 6; d++) {
		size_t i = 0;
		while (i < n && t[d][i] && toupper((unsigned char)s[i]) == t[d][i])
			i++;
		if (i == n && t[d][i] == 0)
			return d;
	}
	return -1;
}

int sl_hex_dir_to(sl_hex_orient o, sl_hex a, sl_hex b)
{
	for (int d = 0; d < 6; d++)
		if (sl_hex_eq(sl_hex_neighbor(o, a, d), b))
			return d;
	return -1;
}

/* (v - (v & 1)) / 2 and (v + (v & 1)) / 2 are exact for negatives too */
sl_hex sl_hex_from_offset(sl_hex_layout l, sl_offset o)
{
	if (l.orient == SL_HEX_FLAT) {
		int shove = l.parity == SL_HEX_ODD ? (o.col - (o.col & 1)) / 2
		                                   : (o.col + (o.col & 1)) / 2;
		return sl_hex_make(o.col, o.row - shove);
	} else {
		int shove = l.parity == SL_HEX_ODD ? (o.row - (o.row & 1)) / 2
		                                   : (o.row + (o.row & 1)) / 2;
		return sl_hex_make(o.col - shove, o.row);
	}
}

sl_offset sl_hex_to_offset(sl_hex_layout l, sl_hex h)
{
	sl_offset o;
	if (l.orient == SL_HEX_FLAT) {
		o.col = h.q;
		o.row = h.r + (l.parity == SL_HEX_ODD ? (h.q - (h.q & 1)) / 2
		                                      : (h.q + (h.q & 1)) / 2);
	} else {
		o.row = h.r;
		o.col = h.q + (l.parity == SL_HEX_ODD ? (h.r - (h.r & 1)) / 2
		                                      : (h.r + (h.r & 1)) / 2);
	}
	return o;
}

/* round num/den (den > 0) to the nearest integer, halves up */
static int64_t round_div(int64_t num, int64_t den)
{
	int64_t t = 2 * num + den, d = 2 * den;
	int64_t q = t / d;
	if ((t % d != 0) && ((t < 0) != (d < 0)))
		q--;   /* floor */
	return q;
}

static int64_t abs64(int64_t v)
{
	return v < 0 ? -v : v;
}

int sl_hex_line(sl_hex a, sl_hex b, sl_hex *out, int max)
{
	int n = sl_hex_distance(a, b);
	/* Work in units of 1/(n * 1e6): the classic epsilon nudge (1e-6, 1e-6,
	 * -2e-6 in cube x, z, y) keeps points off hexside boundaries. */
	const int64_t S = 1000000;
	int64_t den = (int64_t)(n ? n : 1) * S;
	for (int i = 0; i <= n; i++) {
		int64_t x, z, y, rx, ry, rz, dx, dy, dz;
		int64_t t = i, m = n ? n : 1;
		x = ((int64_t)a.q * (m - t) + (int64_t)b.q * t) * S + 1 * m;
		z = ((int64_t)a.r * (m - t) + (int64_t)b.r * t) * S + 1 * m;
		y = -x - z;
		rx = round_div(x, den);
		rz = round_div(z, den);
		ry = round_div(y, den);
		dx = abs64(rx * den - x);
		dy = abs64(ry * den - y);
		dz = abs64(rz * den - z);
		if (dx > dy && dx > dz)
			rx = -ry - rz;
		else if (dy > dz)
			ry = -rx - rz;
		else
			rz = -rx - ry;
		if (i < max)
			out[i] = sl_hex_make((int)rx, (int)rz);
	}
	return n + 1;
}

int sl_hex_ring(sl_hex_orient o, sl_hex c, int r, sl_hex *out, int max)
{
	sl_hex h, step;
	int k = 0;
	if (r <= 0) {
		if (max > 0)
			out[0] = c;
		return 1;
	}
	step = sl_hex_dir(o, 4);
	h = sl_hex_make(c.q + step.q * r, c.r + step.r * r);
	for (int side = 0; side < 6; side++)
		for (int j = 0; j < r; j++) {
			if (k < max)
				out[k] = h;
			k++;
			h = sl_hex_neighbor(o, h, side);
		}
	return k;
}
