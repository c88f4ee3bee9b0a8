/* svgpack.c - makes cairo's SVG small: a figure drawn many times (a hex, a
 * token, a hull at one heading) is defined once in <defs> and placed by
 * <use x y>; styles become classes of one <style>; path data is written in
 * relative moves to a hundredth of a pixel. What is drawn is unchanged
 * (tests/image compares rsvg-convert's reading with the PNG render). */
#include "export.h"

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
	if ((t->n + 1) * 2 > t->nslot && tab_grow(t) < 0)
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

static void num(char *out, size_t n, double v)
{
	size_t l;
	snprintf(out, n, "%.2f", v);
	l = strlen(out);
	while (l > 0 && out[l - 1] == '0')
		out[--l] = 0;
	if (l > 0 && out[l - 1] == '.')
		out[--l] = 0;
	if (strcmp(out, "-0") == 0)
		strcpy(out, "0");
}

/* Parses "<path style=S d=D/>" (nothing else on the line): the style, the
 * first point and the rest in relative moves into shape. 0 if not such a
 * line. */
static int parse_path(const char *l, size_t len, const char **st, size_t *stl, double *x0,
	double *y0, sl_buf *shape, const char **tr, size_t *trl)
{
	static const char head[] = "<path style=\"";
	const char *se, *d, *de, *end = l + len;
	double cx = 0, cy = 0, sx = 0, sy = 0;
	int first = 1;
	char nb[48];
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
	for (const char *p = d; p < de;) {
		char op = *p;
		int na = op == 'M' || op == 'L' ? 2 : op == 'C' ? 6 : op == 'Z' ? 0 : -1;
		double v[6];
		if (op == ' ') {
			p++;
			continue;
		}
		if (na < 0)
			return 0;
		p++;
		for (int a = 0; a < na; a++) {
			char *e;
			v[a] = strtod(p, &e);
			if (e == p)
				return 0;
			p = e;
			num(nb, sizeof nb, v[a]);
			v[a] = strtod(nb, NULL);
		}
		if (op == 'Z') {
			sl_buf_putc(shape, 'z');
			cx = sx;
			cy = sy;
			continue;
		}
		if (first) {
			if (op != 'M')
				return 0;
			*x0 = cx = sx = v[0];
			*y0 = cy = sy = v[1];
			first = 0;
			continue;
		}
		sl_buf_putc(shape, (char)(op - 'A' + 'a'));
		for (int a = 0; a < na; a++) {
			num(nb, sizeof nb, v[a] - (a & 1 ? cy : cx));
			if (a > 0 && nb[0] != '-')
				sl_buf_putc(shape, ' ');
			sl_buf_puts(shape, nb);
		}
		cx = v[na - 2];
		cy = v[na - 1];
		if (op == 'M') {
			sx = cx;
			sy = cy;
		}
	}
	return !first && !shape->failed;
}

int sl_svg_pack(const char *svg, size_t n, sl_buf *out)
{
	tab styles = {0}, shapes = {0};
	sl_buf shape;
	const char *p, *end = svg + n, *defs_end;
	int rc = SL_OK;
	sl_buf_init(&shape);
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
		}
		p = e + 1;
	}
	/* the head as cairo wrote it, then ours */
	sl_buf_put(out, svg, (size_t)(defs_end - svg));
	sl_buf_puts(out, "<style type=\"text/css\"><![CDATA[\n");
	for (size_t i = 0; i < styles.n; i++)
		sl_buf_printf(out, ".c%zu{%s}\n", i, styles.s[i]);
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
		if (parse_path(p, (size_t)(e - p), &st, &stl, &x, &y, &shape, &tr, &trl)) {
			char xs[48], ys[48];
			si = tab_find(&styles, st, stl, 0);
			ki = tab_find(&shapes, sl_buf_cstr(&shape), shape.len, 0);
			num(xs, sizeof xs, x);
			num(ys, sizeof ys, y);
			/* a transform maps the path's own coordinates; <use>'s x y
			 * move in those same coordinates */
			if (shapes.count[ki] > 1)
				sl_buf_printf(out, "<use xlink:href=\"#f%zu\" x=\"%s\" y=\"%s\" class=\"c%zu\"", ki,
					xs, ys, si);
			else
				sl_buf_printf(out, "<path class=\"c%zu\" d=\"M%s %s%s\"", si, xs, ys,
					sl_buf_cstr(&shape));
			if (tr) {
				sl_buf_puts(out, " transform=\"");
				sl_buf_put(out, tr, trl);
				sl_buf_putc(out, '"');
			}
			sl_buf_puts(out, "/>");
		} else
			sl_buf_put(out, p, (size_t)(e - p));
		if (e < end)
			sl_buf_putc(out, '\n');
		p = e + 1;
	}
	if (out->failed)
		rc = SL_ENOMEM;
out:
	tab_free(&styles);
	tab_free(&shapes);
	sl_buf_free(&shape);
	return rc;
}
