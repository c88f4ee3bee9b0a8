/* svgtext.c - real <text> in the SVG a frame is drawn to: the kit records
 * every text it shows (its string, font, size, colour and where cairo puts
 * its glyphs), cairo still draws the glyphs so that the order of drawing is
 * kept, and sl_svg_text_apply then puts a <text> element in the place of
 * each recorded glyph run (searchable, selectable, read by a screen reader)
 * and drops the glyph outlines no longer used. A run that matches no record
 * (a text drawn past the kit) stays as outlines. */
#include "kit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RUNS 8

typedef struct svg_text {
	char *xml;                  /* the text, escaped for XML */
	double m[6];                /* user to device: xx yx xy yy x0 y0 */
	double x, y;                /* the baseline origin, user units */
	double size, length;        /* em and drawn width, user units */
	int bold, italic, condensed;
	int nruns;                  /* glyph runs cairo draws for it */
	double rx[MAX_RUNS], ry[MAX_RUNS];   /* each run's first glyph, device */
} svg_text;

struct sl_svg_texts {
	svg_text *t;
	size_t n, cap;
	int failed;
};

int sl_svg_texts_new(sl_svg_texts **out)
{
	*out = sl_calloc(1, sizeof **out);
	return *out ? SL_OK : SL_ENOMEM;
}

void sl_svg_texts_free(sl_svg_texts *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		sl_free(t->t[i].xml);
	sl_free(t->t);
	sl_free(t);
}

/* s escaped for XML text; bytes XML 1.0 refuses (controls) dropped. */
static char *xml_escape(const char *s)
{
	sl_buf b;
	sl_buf_init(&b);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '&')
			sl_buf_puts(&b, "&amp;");
		else if (*p == '<')
			sl_buf_puts(&b, "&lt;");
		else if (*p == '>')
			sl_buf_puts(&b, "&gt;");
		else if (*p >= 0x20 || *p == '\t')
			sl_buf_putc(&b, (char)*p);
	}
	sl_buf_putc(&b, 0);
	if (b.failed) {
		sl_buf_free(&b);
		return NULL;
	}
	return (char *)sl_buf_take(&b, NULL);
}

static svg_text *new_record(sl_svg_texts *t)
{
	if (t->failed)
		return NULL;
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 128;
		svg_text *nt = sl_realloc(t->t, nc * sizeof *nt);
		if (!nt) {
			t->failed = 1;
			return NULL;
		}
		t->t = nt;
		t->cap = nc;
	}
	memset(&t->t[t->n], 0, sizeof t->t[t->n]);
	return &t->t[t->n];
}

/* The runs of line (its left edge lx and baseline by, pango units from
 * the layout's top-left x,y) into r: where cairo draws the first glyph of
 * each (device space). Returns their number, 0 when more than MAX_RUNS
 * (then the line is left as outlines). */
static int line_runs(PangoLayoutLine *line, int lx, int by, cairo_t *cr, double x, double y,
	svg_text *r)
{
	int k = 0, at = lx;
	for (GSList *e = line->runs; e; e = e->next) {
		PangoGlyphItem *run = e->data;
		double gx, gy;
		if (!run || run->glyphs->num_glyphs == 0)
			continue;
		if (k == MAX_RUNS)
			return 0;
		gx = x + (double)(at + run->glyphs->glyphs[0].geometry.x_offset) / PANGO_SCALE;
		gy = y + (double)(by + run->glyphs->glyphs[0].geometry.y_offset) / PANGO_SCALE;
		cairo_user_to_device(cr, &gx, &gy);
		r->rx[k] = gx;
		r->ry[k] = gy;
		k++;
		at += pango_glyph_string_get_width(run->glyphs);
	}
	return k;
}

/* Records layout l, drawn with its top-left at x,y of cr's user space: a
 * record per line, its text the layout's (s unused when NULL). The last
 * line of an ellipsized layout is left as outlines (its characters are not
 * the text's). */
void sl_svg_texts_add(sl_svg_texts *t, cairo_t *cr, PangoLayout *l, double x, double y,
	const char *s, double size, int bold, int italic, int condensed)
{
	const char *text = pango_layout_get_text(l);
	int nlines = pango_layout_get_line_count(l), cut = pango_layout_is_ellipsized(l);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	cairo_matrix_t m;
	(void)s;
	cairo_get_matrix(cr, &m);
	for (int li = 0; li < nlines; li++) {
		PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
		PangoRectangle lg;
		svg_text *r;
		char *sub;
		pango_layout_iter_get_line_extents(it, NULL, &lg);
		if (!(cut && li == nlines - 1) && line && (r = new_record(t))) {
			r->m[0] = m.xx;
			r->m[1] = m.yx;
			r->m[2] = m.xy;
			r->m[3] = m.yy;
			r->m[4] = m.x0;
			r->m[5] = m.y0;
			r->x = x + (double)lg.x / PANGO_SCALE;
			r->y = y + (double)pango_layout_iter_get_baseline(it) / PANGO_SCALE;
			r->size = size;
			r->length = (double)lg.width / PANGO_SCALE;
			r->bold = bold;
			r->italic = italic;
			r->condensed = condensed;
			r->nruns = line_runs(line, lg.x, pango_layout_iter_get_baseline(it), cr, x, y, r);
			sub = sl_strndup(text + line->start_index, (size_t)line->length);
			r->xml = sub ? xml_escape(sub) : NULL;
			sl_free(sub);
			if (!r->xml)
				t->failed = 1;
			else if (r->nruns > 0)
				t->n++;
			else
				sl_free(r->xml);
		}
		if (!pango_layout_iter_next_line(it))
			break;
	}
	pango_layout_iter_free(it);
}

/* ---- the rewrite -------------------------------------------------------------- */

static const char USE[] = "  <use xlink:href=\"#glyph";

/* The first glyph of the group opened at line p ("<g style=...>"): its
 * x y; *end: just past its "</g>" line. 0 if p opens no run of glyphs. */
static int glyph_group(const char *p, const char *end, double *x, double *y, const char **gend)
{
	const char *q = memchr(p, '\n', (size_t)(end - p)), *le;
	int n = 0;
	if (!q || strncmp(p, "<g style=\"", 10) != 0)
		return 0;
	for (q++; q < end; q = le + 1) {
		if (!(le = memchr(q, '\n', (size_t)(end - q))))
			le = end;
		if (le - q == 4 && strncmp(q, "</g>", 4) == 0) {
			*gend = le < end ? le + 1 : end;
			return n > 0;
		}
		if ((size_t)(le - q) <= sizeof USE || strncmp(q, USE, sizeof USE - 1) != 0)
			return 0;
		if (n++ == 0) {
			char tail[160];
			const char *v = memchr(q + sizeof USE - 1, '"', (size_t)(le - q - (sizeof USE - 1)));
			if (!v || (size_t)(le - v) >= sizeof tail)
				return 0;
			memcpy(tail, v, (size_t)(le - v));
			tail[le - v] = 0;
			if (sscanf(tail, "\" x=\"%lf\" y=\"%lf\"", x, y) != 2)
				return 0;
		}
	}
	return 0;
}

/* The <text> of record r, with the fill of the group it replaces. */
static void put_text(sl_buf *out, const svg_text *r, const char *style, size_t stl)
{
	sl_buf_printf(out, "<text x=\"%.3f\" y=\"%.3f\"", r->x, r->y);
	if (r->m[0] != 1 || r->m[1] != 0 || r->m[2] != 0 || r->m[3] != 1 || r->m[4] != 0 ||
	    r->m[5] != 0)
		sl_buf_printf(out, " transform=\"matrix(%.6g %.6g %.6g %.6g %.6g %.6g)\"", r->m[0],
			r->m[1], r->m[2], r->m[3], r->m[4], r->m[5]);
	sl_buf_printf(out, " font-family=\"%s\" font-size=\"%.3f\"%s%s%s textLength=\"%.3f\" "
		"lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\" style=\"",
		r->condensed ? SL_KIT_FONT " Condensed, " SL_KIT_FONT ", sans-serif" :
		SL_KIT_FONT ", sans-serif", r->size, r->bold ? " font-weight=\"bold\"" : "",
		r->italic ? " font-style=\"italic\"" : "",
		r->condensed ? " font-stretch=\"condensed\"" : "", r->length);
	sl_buf_put(out, style, stl);
	sl_buf_printf(out, "\">%s</text>\n", r->xml);
}

static int near(double a, double b)
{
	return fabs(a - b) < 0.05;
}

/* The glyph ids the document still uses ("0-12"), sorted, for the pass
 * that drops the symbols of the others. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first `needle` in [p, end), or NULL: bounded by the length, not by a
 * terminator the buffer may not have. */
static const char *find_in(const char *p, const char *end, const char *needle)
{
	size_t k = strlen(needle);
	for (; p && (size_t)(end - p) >= k; p++) {
		p = memchr(p, needle[0], (size_t)(end - p) - k + 1);
		if (!p)
			return NULL;
		if (memcmp(p, needle, k) == 0)
			return p;
	}
	return NULL;
}

static int used_glyphs(const sl_buf *doc, char ***out, size_t *n)
{
	const char *p = doc->data ? (const char *)doc->data : "", *end = p + doc->len;
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	while ((p = find_in(p, end, "xlink:href=\"#glyph")) != NULL) {
		const char *id = p + 18, *q = memchr(id, '"', (size_t)(end - id));
		if (!q)
			break;
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 256;
			char **nk = sl_realloc(*out, nc * sizeof *nk);
			if (!nk)
				return SL_ENOMEM;
			*out = nk;
			cap = nc;
		}
		if (!((*out)[*n] = sl_strndup(id, (size_t)(q - id))))
			return SL_ENOMEM;
		(*n)++;
		p = q;
	}
	if (*n > 1)   /* no ids at all: *out may still be NULL */
		qsort(*out, *n, sizeof **out, cmp_str);
	return SL_OK;
}

/* Copies doc into out without the <symbol> of any glyph no <use> names. */
static int drop_symbols(const sl_buf *doc, sl_buf *out)
{
	static const char SYM[] = "<symbol overflow=\"visible\" id=\"glyph";
	const char *p = doc->data ? (const char *)doc->data : "", *end = p + doc->len;
	char **ids;
	size_t n;
	int rc = used_glyphs(doc, &ids, &n);
	while (rc == SL_OK && p < end) {
		const char *le = memchr(p, '\n', (size_t)(end - p)), *q;
		le = le ? le + 1 : end;
		if ((size_t)(le - p) > sizeof SYM && strncmp(p, SYM, sizeof SYM - 1) == 0 &&
		    (q = memchr(p + sizeof SYM - 1, '"', (size_t)(le - p - (sizeof SYM - 1))))) {
			char id[64], *key = id;
			const char *close = find_in(le, end, "</symbol>\n");
			size_t il = (size_t)(q - (p + sizeof SYM - 1));
			if (il < sizeof id && close && close < end) {
				memcpy(id, p + sizeof SYM - 1, il);
				id[il] = 0;
				if (!n || !bsearch(&key, ids, n, sizeof *ids, cmp_str)) {
					p = close + 10;   /* no <use> left: the outline goes */
					continue;
				}
			}
		}
		sl_buf_put(out, p, (size_t)(le - p));
		p = le;
	}
	for (size_t i = 0; i < n; i++)
		sl_free(ids[i]);
	sl_free(ids);
	return rc == SL_OK && out->failed ? SL_ENOMEM : rc;
}

int sl_svg_texts_apply(const char *svg, size_t n, const sl_svg_texts *t, sl_buf *out)
{
	const char *p = svg, *end = svg + n;
	size_t ri = 0;
	int k = 0, rc;
	sl_buf doc;
	if (t && t->failed)   /* texts missing: not the document asked for (issue 30) */
		return SL_ENOMEM;
	if (!t || t->n == 0) {
		sl_buf_put(out, svg, n);
		return out->failed ? SL_ENOMEM : SL_OK;
	}
	sl_buf_init(&doc);
	while (p < end) {
		const char *le = memchr(p, '\n', (size_t)(end - p)), *gend;
		double x, y;
		le = le ? le + 1 : end;
		if (ri < t->n && glyph_group(p, end, &x, &y, &gend)) {
			/* the record it belongs to: the one due, or a little further on
			 * (a record whose glyphs cairo did not draw) */
			size_t j = ri;
			int kk = k;
			while (j < t->n && j < ri + 8 && !(near(t->t[j].rx[kk], x) && near(t->t[j].ry[kk], y))) {
				j++;
				kk = 0;
			}
			if (j < t->n && j < ri + 8) {
				const char *st = p + 10, *se = memchr(st, '"', (size_t)(le - st));
				if (kk == 0 && se)
					put_text(&doc, &t->t[j], st, (size_t)(se - st));
				ri = j;
				k = kk + 1;
				if (k == t->t[ri].nruns) {
					ri++;
					k = 0;
				}
				p = gend;
				continue;
			}
		}
		sl_buf_put(&doc, p, (size_t)(le - p));
		p = le;
	}
	rc = doc.failed ? SL_ENOMEM : drop_symbols(&doc, out);
	sl_buf_free(&doc);
	return rc;
}
