/* svgpack.c - makes cairo's SVG small: a figure drawn many times (a hex, a
 * token, a hull at one heading) is defined once in <defs> and placed by
 * <use x y>; styles become classes of one <style>; path data is written in
 * relative moves to a hundredth of a pixel. What is drawn is unchanged
 * (tests/image compares rsvg-convert's reading with the PNG render). */
#include "export.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tab {
	char **s;
	size_t *count;
	size_t n, cap;
	size_t *slot, nslot;   /* open addressing: index + 1, 0 empty */
} tab;

static int tab_grow(tab *t)
{
	size_t ns = t->nslot ? t->nslot * 2 : 1024, *sl = sl_calloc(ns, sizeof *sl);
	if (!sl)
		return -1;
	for (size_t i = 0; i < t->n; i++) {
		size_t k = (size_t)sl_hash64(t->s[i], strlen(t->s[i])) & (ns - 1);
		while (sl[k])
			k = (k + 1) & (ns - 1);
		sl[k] = i + 1;
	}
	sl_free(t->slot);
	t->slot = sl;
	t->nslot = ns;
	return 0;
}

static size_t tab_find(tab *t, const char *s, size_t len, int add)
{
	size_t k;
	/* a lookup never grows the table: at most half full, a probe ends */
	if (add ? (t->n + 1) * 2 > t->nslot && tab_grow(t) < 0 : t->nslot == 0)
		return (size_t)-1;
	k = (size_t)sl_hash64(s, len) & (t->nslot - 1);
	while (t->slot[k]) {
		size_t i = t->slot[k] - 1;
		if (strlen(t->s[i]) == len && memcmp(t->s[i], s, len) == 0) {
			if (add)
				t->count[i]++;
			return i;
		}
		k = (k + 1) & (t->nslot - 1);
	}
	if (!add)
		return (size_t)-1;
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 64;
		char **ns = sl_realloc(t->s, nc * sizeof *ns);
		size_t *nn;
		if (!ns)
			return (size_t)-1;
		t->s = ns;
		if (!(nn = sl_realloc(t->count, nc * sizeof *nn)))
			return (size_t)-1;
		t->count = nn;
		t->cap = nc;
	}
	if (!(t->s[t->n] = sl_strndup(s, len)))
		return (size_t)-1;
	t->count[t->n] = 1;
	t->slot[k] = t->n + 1;
	return t->n++;
}

static void tab_free(tab *t)
{
	for (size_t i = 0; i < t->n; i++)
		sl_free(t->s[i]);
	sl_free(t->s);
	sl_free(t->count);
	sl_free(t->slot);
}

/* v as "%.*f" of dec writes it: sl_fixed, or printf for what it leaves
 * (NaN, the infinities, 2^63 and more). */
static void fixed_text(char *out, size_t n, double v, int dec)
{
	if (sl_fixed(out, n, v, dec) < 0)
		snprintf(out, n, "%.*f", dec, v);
}

/* v to dec decimals, without trailing zeros nor a leading one ("-.5"). */
static void numd(char *out, size_t n, double v, int dec)
{
	size_t l;
	fixed_text(out, n, v, dec);
	l = strlen(out);
	if (memchr(out, '.', l)) {
		while (l > 0 && out[l - 1] == '0')
			out[--l] = 0;
		if (l > 0 && out[l - 1] == '.')
			out[--l] = 0;
	}
	if (strcmp(out, "-0") == 0)
		strcpy(out, "0");
	if (out[0] == '0' && out[1] == '.')
		memmove(out, out + 1, strlen(out));
	else if (out[0] == '-' && out[1] == '0' && out[2] == '.')
		memmove(out + 1, out + 2, strlen(out + 1));
}

/* Appends number nb to a path's data after the number or command before
 * it: a space only where the two would read as one ("1 2", not "1-2",
 * nor ".5.5" for .5 and .5). */
static void put_num(sl_buf *b, const char *nb, int *after_num, int *had_dot)
{
	if (*after_num && nb[0] != '-' && !(nb[0] == '.' && *had_dot))
		sl_buf_putc(b, ' ');
	sl_buf_puts(b, nb);
	*after_num = 1;
	*had_dot = strchr(nb, '.') != NULL;
}

/* The decimals a path's coordinates keep: a hundredth of a pixel, or a
 * tenth of a unit where its transform shrinks a unit to half a pixel or
 * less (the hex grid, drawn at the map's own scale): each point moves by
 * at most 0.03 px, which rsvg-convert's reading does not show. */
static int path_decimals(const char *tr, size_t trl)
{
	double a, b, c, d;
	char m[160];   /* the transform is not NUL-terminated: scanned from a copy */
	if (!tr || trl < 8 || trl >= sizeof m || strncmp(tr, "matrix(", 7) != 0)
		return 2;
	memcpy(m, tr, trl);
	m[trl] = 0;
	{   /* "a,b,c,d", as sscanf's "%lf,%lf,%lf,%lf" reads it */
		double *v[4] = {&a, &b, &c, &d};
		const char *q = m + 7;
		for (int k = 0; k < 4; k++) {
			char *e;
			*v[k] = sl_strtod(q, &e);
			if (e == q || (k < 3 && *e != ','))
				return 2;
			q = e + 1;
		}
	}
	return fabs(a) + fabs(c) <= 0.5 && fabs(b) + fabs(d) <= 0.5 ? 1 : 2;
}

/* Parses "<path style=S d=D/>" (nothing else on the line): the style, the
 * first point and the rest in relative moves into shape. 0 if not such a
 * line. */
/* A path stroked alone with round caps and joins and no dashes, of
 * straight lines: its stroke is the union of each segment's (the discs at
 * the ends are there either way), so a segment drawn twice (the edge two
 * hexes share) need be drawn once, and segments that follow on become one
 * line. */
static int path_data(const char *d, const char *de, int dec, double *x0, double *y0, sl_buf *shape);

static int lines_only(const char *st, size_t stl, const char *d, const char *de)
{
	char buf[512];
	if (stl >= sizeof buf)
		return 0;
	memcpy(buf, st, stl);
	buf[stl] = 0;
	if (!strstr(buf, "fill:none") || !strstr(buf, "stroke-linecap:round") ||
	    !strstr(buf, "stroke-linejoin:round") || strstr(buf, "dasharray"))
		return 0;
	for (const char *q = d; q < de; q++)
		if (*q != 'M' && *q != 'L' && *q != 'Z' && *q != ' ' && *q != '-' && *q != '.' &&
		    !(*q >= '0' && *q <= '9') && *q != 'e')
			return 0;
	return 1;
}

/* op then x and y as "%c%.*f %.*f" writes them */
static void put_point(sl_buf *out, char op, double x, double y, int dec)
{
	char xs[48], ys[48];
	fixed_text(xs, sizeof xs, x, dec);
	fixed_text(ys, sizeof ys, y, dec);
	sl_buf_putc(out, op);
	sl_buf_puts(out, xs);
	sl_buf_putc(out, ' ');
	sl_buf_puts(out, ys);
}

typedef struct seg {
	long long a[4];   /* the ends, the lower first */
} seg;

/* Rewrites the lines of path data d..de into out (absolute M and L), each
 * segment once, the points rounded to dec decimals; 0 when out of memory. */
static int dedupe_lines(const char *d, const char *de, int dec, sl_buf *out)
{
	double scale = dec == 1 ? 10 : 100;
	long long px = 0, py = 0, sx = 0, sy = 0, pen_x = 0, pen_y = 0;
	int pen = 0, have = 0;
	size_t cap = 4096, nseg = 0;
	seg *set = sl_calloc(cap, sizeof *set);
	unsigned char *used = sl_calloc(cap, 1);
	int ok = set && used;
	for (const char *p = d; ok && p < de;) {
		char op = *p;
		long long q[2] = {0, 0};
		if (op == ' ') {
			p++;
			continue;
		}
		p++;
		if (op == 'M' || op == 'L') {
			for (int k = 0; k < 2; k++) {
				char *e;
				double v = sl_strtod(p, &e);
				q[k] = llround(v * scale);
				p = e;
			}
		} else {   /* Z */
			q[0] = sx;
			q[1] = sy;
		}
		if (op == 'M') {
			px = sx = q[0];
			py = sy = q[1];
			have = 1;
			continue;
		}
		if (!have)
			continue;
		{
			seg sg;
			size_t h, i;
			int lo = px < q[0] || (px == q[0] && py <= q[1]);
			sg.a[0] = lo ? px : q[0];
			sg.a[1] = lo ? py : q[1];
			sg.a[2] = lo ? q[0] : px;
			sg.a[3] = lo ? q[1] : py;
			if ((nseg + 1) * 2 > cap) {   /* grow the set */
				size_t nc = cap * 2;
				seg *nt = sl_calloc(nc, sizeof *nt);
				unsigned char *nu = sl_calloc(nc, 1);
				if (!nt || !nu) {
					sl_free(nt);
					sl_free(nu);
					ok = 0;
					break;
				}
				for (i = 0; i < cap; i++)
					if (used[i]) {
						size_t k = (size_t)sl_hash64(set[i].a, sizeof set[i].a) & (nc - 1);
						while (nu[k])
							k = (k + 1) & (nc - 1);
						nt[k] = set[i];
						nu[k] = 1;
					}
				sl_free(set);
				sl_free(used);
				set = nt;
				used = nu;
				cap = nc;
			}
			h = (size_t)sl_hash64(sg.a, sizeof sg.a) & (cap - 1);
			while (used[h] && memcmp(set[h].a, sg.a, sizeof sg.a) != 0)
				h = (h + 1) & (cap - 1);
			if (!used[h]) {   /* new: drawn, on from the pen when it is there */
				used[h] = 1;
				set[h] = sg;
				nseg++;
				if (!pen || pen_x != px || pen_y != py)
					put_point(out, 'M', px / scale, py / scale, dec);
				put_point(out, 'L', q[0] / scale, q[1] / scale, dec);
				pen = 1;
				pen_x = q[0];
				pen_y = q[1];
			}
		}
		px = q[0];
		py = q[1];
	}
	sl_free(set);
	sl_free(used);
	return ok && !out->failed;
}

static int parse_path(const char *l, size_t len, const char **st, size_t *stl, double *x0,
	double *y0, sl_buf *shape, const char **tr, size_t *trl)
{
	static const char head[] = "<path style=\"";
	const char *se, *d, *de, *end = l + len;
	int dec;
	if (len < sizeof head || strncmp(l, head, sizeof head - 1) != 0)
		return 0;
	*st = l + sizeof head - 1;
	if (!(se = memchr(*st, '"', (size_t)(end - *st))) || end - se < 5 || strncmp(se, "\" d=\"", 5) != 0)
		return 0;
	*stl = (size_t)(se - *st);
	/* a fill or stroke of a gradient or pattern is placed in user space:
	 * moved by <use x y> it would move with the figure, so it stays as is */
	for (const char *q = *st; q + 4 <= se; q++)
		if (q[0] == 'u' && q[1] == 'r' && q[2] == 'l' && q[3] == '(')
			return 0;
	d = se + 5;
	if (!(de = memchr(d, '"', (size_t)(end - d))))
		return 0;
	*tr = NULL;
	*trl = 0;
	if (end - de > 14 && strncmp(de, "\" transform=\"", 13) == 0 && strncmp(end - 3, "\"/>", 3) == 0) {
		*tr = de + 13;   /* matrix(...) */
		*trl = (size_t)(end - 3 - *tr);
		if (memchr(*tr, '"', *trl))
			return 0;
	} else if (end - de != 3 || strncmp(de, "\"/>", 3) != 0)
		return 0;
	sl_buf_reset(shape);
	dec = path_decimals(*tr, *trl);
	if (de - d > 4096 && lines_only(*st, *stl, d, de)) {   /* a long one: the grid */
		int r;
		sl_buf lines;
		sl_buf_init(&lines);
		if (!dedupe_lines(d, de, dec, &lines)) {
			sl_buf_free(&lines);
			shape->failed = 1;   /* out of memory, not "no such line": callers check */
			return 0;
		}
		r = lines.len > 0 && path_data(sl_buf_cstr(&lines), (const char *)lines.data + lines.len, dec, x0, y0,
			shape);
		sl_buf_free(&lines);
		return r;
	}
	return path_data(d, de, dec, x0, y0, shape);
}

/* The path data d..de: its first point in *x0, *y0, the rest in relative
 * moves into shape. */
static int path_data(const char *d, const char *de, int dec, double *x0, double *y0, sl_buf *shape)
{
	double cx = 0, cy = 0, sx = 0, sy = 0, ox = 0, oy = 0;
	int first = 1, after_num = 0, had_dot = 0;
	char nb[48], last = 0;
	for (const char *p = d; p < de;) {
		char op = *p;
		int na = op == 'M' || op == 'L' ? 2 : op == 'C' ? 6 : op == 'Z' ? 0 : -1;
		double v[6], vr[6];
		if (op == ' ') {
			p++;
			continue;
		}
		if (na < 0)
			return 0;
		p++;
		for (int a = 0; a < na; a++) {
			char *e;
			v[a] = vr[a] = sl_strtod(p, &e);
			if (e == p)
				return 0;
			p = e;
			/* the first point rounded, the others rounded from it: the
			 * moves between are exact, and one figure drawn at two places
			 * is one shape */
			if (first)
				numd(nb, sizeof nb, v[a], dec);
			else
				numd(nb, sizeof nb, v[a] - (a & 1 ? oy : ox), dec);
			v[a] = sl_strtod(nb, NULL) + (first ? 0 : a & 1 ? *y0 : *x0);
		}
		if (op == 'Z') {
			sl_buf_putc(shape, 'z');
			cx = sx;
			cy = sy;
			last = 'z';
			after_num = 0;
			continue;
		}
		if (first) {
			if (op != 'M')
				return 0;
			*x0 = cx = sx = v[0];
			*y0 = cy = sy = v[1];
			ox = vr[0];
			oy = vr[1];
			first = 0;
			continue;
		}
		{
			/* relative moves; a line along an axis as h or v; a command
			 * that repeats the one before (l after m) without its letter */
			char c = (char)(op - 'A' + 'a'), dx[48], dy[48];
			int k0 = 0, k1 = na;
			if (c == 'l') {
				numd(dx, sizeof dx, v[0] - cx, dec);
				numd(dy, sizeof dy, v[1] - cy, dec);
				if (strcmp(dy, "0") == 0)
					c = 'h', k1 = 1;
				else if (strcmp(dx, "0") == 0)
					c = 'v', k0 = 1;
			}
			if (c == 'm' || !(c == last || (c == 'l' && last == 'm'))) {
				sl_buf_putc(shape, c);
				after_num = 0;
			}
			last = c;
			for (int a = k0; a < k1; a++) {
				numd(nb, sizeof nb, v[a] - (a & 1 ? cy : cx), dec);
				put_num(shape, nb, &after_num, &had_dot);
			}
		}
		cx = v[na - 2];
		cy = v[na - 1];
		if (op == 'M') {
			sx = cx;
			sy = cy;
		}
	}
	/* a moveto at the end draws nothing (cairo ends a closed path so) */
	if (last == 'm') {
		size_t k = shape->len;
		while (k > 0 && shape->data[k - 1] != 'm')
			k--;
		if (k > 0)
			shape->len = k - 1;
	}
	return !first && !shape->failed;
}

#define NONE ((size_t)-1)

/* Appends s[0..n) with each colour cairo writes as rgb(R%,G%,B%) of
 * whole 8-bit values (six decimals) as #rrggbb: the same colour. */
static void put_colours(sl_buf *out, const char *s, size_t n)
{
	const char *end = s + n, *p = s;
	while (p < end) {
		const char *q = p;
		int c[3], k;
		while (q + 4 < end && strncmp(q, "rgb(", 4) != 0)
			q++;
		if (q + 4 >= end) {
			sl_buf_put(out, p, (size_t)(end - p));
			return;
		}
		sl_buf_put(out, p, (size_t)(q - p));
		p = q + 4;
		for (k = 0; k < 3; k++) {
			char *e, want[32];
			double v = sl_strtod(p, &e);
			int i = (int)lround(v * 255 / 100);
			if (e == p || *e != '%' || i < 0 || i > 255)
				break;
			/* cairo's text for that whole value: only then is it one */
			snprintf(want, sizeof want, "%f", i * 100.0 / 255);
			{
				size_t wl = strlen(want);
				while (wl > 0 && want[wl - 1] == '0')
					want[--wl] = 0;
				if (wl > 0 && want[wl - 1] == '.')
					want[--wl] = 0;
				if ((size_t)(e - p) != wl || strncmp(p, want, wl) != 0)
					break;
			}
			c[k] = i;
			p = e + 1;
			if (*p == (k < 2 ? ',' : ')'))
				p++;
			else
				break;
		}
		if (k == 3)
			sl_buf_printf(out, "#%02x%02x%02x", c[0], c[1], c[2]);
		else {   /* not such a colour: as it was */
			sl_buf_puts(out, "rgb(");
			p = q + 4;
		}
	}
}

/* Parses "<g style=S>" (nothing else on the line, as cairo writes a run
 * of glyphs of one colour): its style. */
static int parse_gstyle(const char *l, size_t len, const char **st, size_t *stl)
{
	static const char head[] = "<g style=\"";
	if (len < sizeof head + 1 || strncmp(l, head, sizeof head - 1) != 0 ||
	    strncmp(l + len - 2, "\">", 2) != 0)
		return 0;
	*st = l + sizeof head - 1;
	*stl = len - (sizeof head - 1) - 2;
	return memchr(*st, '"', *stl) == NULL;
}

/* Whether a class may sit on a group of figures instead of each: only
 * inherited properties (fill, stroke and their parts); opacity, clips,
 * masks and filters would act on the group as one. */
static int groupable(const char *st)
{
	for (const char *q = st; (q = strstr(q, "opacity")) != NULL; q++)
		if (q == st || (q[-1] != '-'))
			return 0;
	return !strstr(st, "clip") && !strstr(st, "mask") && !strstr(st, "filter");
}

/* Whether the lines after e up to "</g>" are all glyph <use>s at one y
 * (cairo's run of glyphs of one colour on one baseline); that y in ys. */
static int run_baseline(const char *e, const char *end, char *ys, size_t n)
{
	static const char use[] = "  <use xlink:href=\"#glyph";
	const char *p = e + 1, *q;
	int count = 0;
	ys[0] = 0;
	while (p < end) {
		const char *le = memchr(p, '\n', (size_t)(end - p)), *y;
		size_t yl;
		if (!le)
			le = end;
		if (le - p == 4 && strncmp(p, "</g>", 4) == 0)
			return count > 0;
		if ((size_t)(le - p) <= sizeof use || strncmp(p, use, sizeof use - 1) != 0 ||
		    !(q = memchr(p, ' ', (size_t)(le - p) - 3)) || !(y = strstr(p, "\" y=\"")) || y > le ||
		    strncmp(le - 3, "\"/>", 3) != 0)
			return 0;
		y += 5;
		yl = (size_t)(le - 3 - y);
		if (yl + 1 > n || memchr(y, '"', yl))
			return 0;
		if (count == 0) {
			memcpy(ys, y, yl);
			ys[yl] = 0;
		} else if (strlen(ys) != yl || strncmp(ys, y, yl) != 0)
			return 0;
		count++;
		p = le + 1;
	}
	return 0;
}

/* t begins '" x="X" y="Y', as sscanf's "\" x=\"%lf\" y=\"%lf\"" reads it:
 * X in *x, Y in *y */
static int xy_attrs(const char *t, double *x, double *y)
{
	char *e;
	if (strncmp(t, "\" x=\"", 5) != 0)
		return 0;
	*x = sl_strtod(t + 5, &e);
	if (e == t + 5 || strncmp(e, "\" y=\"", 5) != 0)
		return 0;
	t = e + 5;
	*y = sl_strtod(t, &e);
	return e != t;
}

/* Copies a line of cairo's, its glyph names shortened (glyphN-M to gN-M);
 * the glyph's place keeps cairo's six decimals (at three, rsvg-convert's
 * reading of the text differs); any other line as it is. */
static void glyph_line(sl_buf *out, const char *l, size_t len, int no_y)
{
	static const char use[] = "  <use xlink:href=\"#glyph", sym[] = "<symbol overflow=\"visible\" id=\"glyph";
	const char *end = l + len, *q;
	double x, y;
	char xs[48], ys[48], tail[128];
	/* the line is not NUL-terminated: its tail is scanned from a copy */
	if (len > sizeof use && strncmp(l, use, sizeof use - 1) == 0 &&
	    (q = memchr(l + sizeof use - 1, '"', (size_t)(end - l - (sizeof use - 1)))) != NULL &&
	    (size_t)(end - q) < sizeof tail && (memcpy(tail, q, (size_t)(end - q)),
		tail[end - q] = 0, xy_attrs(tail, &x, &y)) &&
	    strncmp(end - 3, "\"/>", 3) == 0) {
		numd(xs, sizeof xs, x, 6);
		numd(ys, sizeof ys, y, 6);
		sl_buf_puts(out, "<use xlink:href=\"#g");
		sl_buf_put(out, l + sizeof use - 1, (size_t)(q - (l + sizeof use - 1)));
		if (no_y)
			sl_buf_printf(out, "\" x=\"%s\"/>", xs);
		else
			sl_buf_printf(out, "\" x=\"%s\" y=\"%s\"/>", xs, ys);
	} else if (len > sizeof sym && strncmp(l, sym, sizeof sym - 1) == 0) {
		sl_buf_puts(out, "<symbol overflow=\"visible\" id=\"g");
		sl_buf_put(out, l + sizeof sym - 1, len - (sizeof sym - 1));
	} else
		sl_buf_put(out, l, len);
}

/* A glyph's <symbol> (cairo: "<symbol overflow=visible id=glyphN-M>", one
 * path, "</symbol>") whose outline is drawn nowhere else becomes the path
 * itself with the id (gN-M): a <use> of it draws the same. Returns 1 and
 * sets *next past the symbol when it did. */
static int glyph_symbol(const char *l, const char *e, const char *end, tab *styles, tab *shapes,
	sl_buf *shape, sl_buf *out, const char **next)
{
	static const char sym[] = "<symbol overflow=\"visible\" id=\"glyph";
	const char *id, *ide, *pl, *pe, *cl, *ce, *st, *tr;
	size_t stl, trl, si, ki;
	double x, y;
	char xs[48], ys[48];
	if (e - l < (ptrdiff_t)sizeof sym + 2 || strncmp(l, sym, sizeof sym - 1) != 0 || e >= end)
		return 0;
	id = l + sizeof sym - 1;
	if (!(ide = memchr(id, '"', (size_t)(e - id))) || strncmp(ide, "\">", 2) != 0 || ide + 2 != e)
		return 0;
	pl = e + 1;
	if (!(pe = memchr(pl, '\n', (size_t)(end - pl))))
		return 0;
	cl = pe + 1;
	ce = memchr(cl, '\n', (size_t)(end - cl));
	if (!ce)
		ce = end;
	if (ce - cl != 9 || strncmp(cl, "</symbol>", 9) != 0 ||
	    !parse_path(pl, (size_t)(pe - pl), &st, &stl, &x, &y, shape, &tr, &trl) || tr)
		return 0;
	si = tab_find(styles, st, stl, 0);
	ki = tab_find(shapes, sl_buf_cstr(shape), shape->len, 0);
	if (si == NONE || ki == NONE || shapes->count[ki] > 1)
		return 0;
	numd(xs, sizeof xs, x, 2);
	numd(ys, sizeof ys, y, 2);
	sl_buf_puts(out, "<path id=\"g");
	sl_buf_put(out, id, (size_t)(ide - id));
	sl_buf_printf(out, "\" d=\"M%s%s%s%s\" class=\"c%zu\"/>\n", xs, ys[0] == '-' ? "" : " ", ys,
		sl_buf_cstr(shape), si);
	*next = ce < end ? ce + 1 : end;
	return 1;
}

int sl_svg_pack(const char *svg, size_t n, sl_buf *out)
{
	tab styles = {0}, shapes = {0};
	size_t group = NONE;   /* the class of the group open, NONE for none */
	int run_y = 0;         /* in a run of glyphs whose group sets their y */
	sl_buf shape, next;
	const char *p, *end = svg + n, *defs_end;
	int rc = SL_OK;
	sl_buf_init(&shape);
	sl_buf_init(&next);
	/* ours go first in cairo's <defs>; every path after it is packed,
	 * the glyph outlines in their <symbol>s too */
	if (!(defs_end = strstr(svg, "<defs>\n"))) {   /* nothing to share into */
		sl_buf_put(out, svg, n);
		return out->failed ? SL_ENOMEM : SL_OK;
	}
	defs_end += 7;
	/* pass 1: the styles and shapes, and how often each comes */
	for (p = defs_end; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p)), *st, *tr;
		size_t stl, trl;
		double x, y;
		if (!e)
			e = end;
		if (parse_path(p, (size_t)(e - p), &st, &stl, &x, &y, &shape, &tr, &trl)) {
			if (tab_find(&styles, st, stl, 1) == (size_t)-1 ||
			    tab_find(&shapes, sl_buf_cstr(&shape), shape.len, 1) == (size_t)-1) {
				rc = SL_ENOMEM;
				goto out;
			}
		} else if (shape.failed) {
			rc = SL_ENOMEM;
			goto out;
		} else if (parse_gstyle(p, (size_t)(e - p), &st, &stl) &&
		           tab_find(&styles, st, stl, 1) == (size_t)-1) {
			rc = SL_ENOMEM;
			goto out;
		}
		p = e + 1;
	}
	/* the head as cairo wrote it, then ours */
	sl_buf_put(out, svg, (size_t)(defs_end - svg));
	sl_buf_puts(out, "<style type=\"text/css\"><![CDATA[\n");
	for (size_t i = 0; i < styles.n; i++) {
		sl_buf_printf(out, ".c%zu{", i);
		put_colours(out, styles.s[i], strlen(styles.s[i]));
		sl_buf_puts(out, "}\n");
	}
	sl_buf_puts(out, "]]></style>\n");
	for (size_t i = 0; i < shapes.n; i++)
		if (shapes.count[i] > 1)
			sl_buf_printf(out, "<path id=\"f%zu\" d=\"M0 0%s\"/>\n", i, shapes.s[i]);
	/* pass 2: the drawing */
	for (p = defs_end; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p)), *st, *tr;
		size_t stl, si, ki, trl;
		double x, y;
		if (!e)
			e = end;
		if (group != NONE && e - p > 7 && strncmp(p, "<symbol", 7) == 0) {
			sl_buf_puts(out, "</g>\n");
			group = NONE;
		}
		if (glyph_symbol(p, e, end, &styles, &shapes, &shape, out, &p))
			continue;
		if (parse_path(p, (size_t)(e - p), &st, &stl, &x, &y, &shape, &tr, &trl)) {
			char xs[48], ys[48];
			int dec = path_decimals(tr, trl);
			si = tab_find(&styles, st, stl, 0);
			ki = tab_find(&shapes, sl_buf_cstr(&shape), shape.len, 0);
			if (si == NONE || ki == NONE || shape.failed) {   /* pass 1 saw every one */
				rc = SL_ENOMEM;
				goto out;
			}
			numd(xs, sizeof xs, x, dec);
			numd(ys, sizeof ys, y, dec);
			/* consecutive figures of one class share a group that has it
			 * (unless the class holds a property a group would apply to
			 * the group as a whole) */
			if (group != si) {
				const char *ne = e < end ? memchr(e + 1, '\n', (size_t)(end - e - 1)) : NULL, *nst, *ntr;
				size_t nstl, ntrl;
				double nx, ny;
				if (group != NONE)
					sl_buf_puts(out, "</g>\n");
				group = NONE;
				/* a group for two or more */
				if (groupable(styles.s[si]) && e < end &&
				    parse_path(e + 1, (size_t)((ne ? ne : end) - (e + 1)), &nst, &nstl, &nx, &ny, &next,
					&ntr, &ntrl) && tab_find(&styles, nst, nstl, 0) == si) {
					sl_buf_printf(out, "<g class=\"c%zu\">\n", si);
					group = si;
				}
				if (next.failed) {   /* the look ahead cut short decides nothing */
					rc = SL_ENOMEM;
					goto out;
				}
			}
			/* a transform maps the path's own coordinates; <use>'s x y
			 * move in those same coordinates */
			if (shapes.count[ki] > 1)
				sl_buf_printf(out, "<use xlink:href=\"#f%zu\" x=\"%s\" y=\"%s\"", ki, xs, ys);
			else
				sl_buf_printf(out, "<path d=\"M%s%s%s%s\"", xs, ys[0] == '-' ? "" : " ", ys,
					sl_buf_cstr(&shape));
			if (group != si)
				sl_buf_printf(out, " class=\"c%zu\"", si);
			if (tr) {
				sl_buf_puts(out, " transform=\"");
				sl_buf_put(out, tr, trl);
				sl_buf_putc(out, '"');
			}
			sl_buf_puts(out, "/>");
		} else {
			if (shape.failed) {   /* a path that could not be read is not copied as text */
				rc = SL_ENOMEM;
				goto out;
			}
			if (group != NONE) {
				sl_buf_puts(out, "</g>\n");
				group = NONE;
			}
			if (parse_gstyle(p, (size_t)(e - p), &st, &stl)) {
				char ys[48];
				if ((si = tab_find(&styles, st, stl, 0)) == NONE) {
					rc = SL_ENOMEM;
					goto out;
				}
				sl_buf_printf(out, "<g class=\"c%zu\"", si);
				/* a run of glyphs on one baseline: the group moves them to it */
				if ((run_y = run_baseline(e, end, ys, sizeof ys)))
					sl_buf_printf(out, " transform=\"translate(0 %s)\"", ys);
				sl_buf_putc(out, '>');
			} else {
				if (strncmp(p, "</g>", 4) == 0)
					run_y = 0;
				glyph_line(out, p, (size_t)(e - p), run_y);
			}
		}
		if (e < end)
			sl_buf_putc(out, '\n');
		p = e + 1;
	}
	if (group != NONE)
		sl_buf_puts(out, "</g>\n");
	if (out->failed)
		rc = SL_ENOMEM;
out:
	tab_free(&styles);
	tab_free(&shapes);
	sl_buf_free(&shape);
	sl_buf_free(&next);
	return rc;
}
