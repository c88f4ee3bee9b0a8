/* html.c - the self-contained HTML replay viewer: the board as SVG at every
 * position, the events in words, notes and bookmarks, controls, keyboard and
 * #event=N links, in one file with no network. To keep it small the SVG
 * frames share their text: cairo's glyph symbols are renamed by content and
 * kept once, and every frame is a list of runs over one table of distinct
 * lines. Every text from the log reaches the page as escaped JSON and is put
 * on screen with textContent, never parsed as HTML.
 * What a step costs (issue 29: 5 ms a step) is cairo's SVG of its top layer
 * and the reading of it. Three ways were weighed: caching the top layer by
 * piece (the painters draw straight to cairo, so every painter would change),
 * writing the paths ourselves in place of cairo's SVG surface (the same: its
 * paths, clips and glyphs all go through cairo), and giving cairo less to
 * write. The last is done: the steps are drawn a chunk at a time as the
 * pages of one document, so that the outlines of the glyphs, two thirds of
 * the numbers cairo printed a step, are written once a chunk (see CHUNK);
 * and a line cairo wrote at a step before is not read again (raw_lines).
 * The page is byte for byte what it was with a document a step. */
#include "export.h"
#include "kit.h"
#include "painter.h"
#include "analyze/sl_stats.h"
#include "replay/sl_chain.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a string interner ------------------------------------------------------------ */

typedef struct intern {
	char **s;          /* s[k]: the text of id first + k */
	size_t n, cap;     /* ids given; room in s */
	size_t *slot;      /* open addressing: k + 1, 0 = empty */
	size_t nslot;
	int failed;
	size_t first;      /* ids below it were let go (intern_forget): their text is spooled */
} intern;

static size_t intern_add(intern *t, const char *s, size_t len)
{
	uint64_t h = sl_hash64(s, len);
	size_t k, held = t->n - t->first;
	if ((held + 1) * 2 > t->nslot) {
		size_t ns = t->nslot ? t->nslot * 2 : 4096, *sl = sl_calloc(ns, sizeof *sl);
		if (!sl) {
			t->failed = 1;
			return 0;
		}
		for (size_t i = 0; i < held; i++) {
			uint64_t hh = sl_hash64(t->s[i], strlen(t->s[i]));
			size_t j = (size_t)hh & (ns - 1);
			while (sl[j])
				j = (j + 1) & (ns - 1);
			sl[j] = i + 1;
		}
		sl_free(t->slot);
		t->slot = sl;
		t->nslot = ns;
	}
	k = (size_t)h & (t->nslot - 1);
	while (t->slot[k]) {
		const char *o = t->s[t->slot[k] - 1];
		if (strncmp(o, s, len) == 0 && o[len] == 0)
			return t->first + t->slot[k] - 1;
		k = (k + 1) & (t->nslot - 1);
	}
	if (held == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 4096;
		char **ns = sl_realloc(t->s, nc * sizeof *ns);
		if (!ns) {
			t->failed = 1;
			return 0;
		}
		t->s = ns;
		t->cap = nc;
	}
	if (!(t->s[held] = sl_strndup(s, len))) {
		t->failed = 1;
		return 0;
	}
	t->slot[k] = held + 1;
	return t->n++;
}

static void intern_free(intern *t)
{
	for (size_t i = 0; i < t->n - t->first; i++)
		sl_free(t->s[i]);
	sl_free(t->s);
	sl_free(t->slot);
}

/* The game's metrics at every step, for the chart panel (issue 17): what
 * src/analyze declares for the game, one value per step and player. Left
 * out for a game with no analysis, and past SERIES_MAX entries (the series
 * holds every metric at every step). */
#define SERIES_MAX 200000
/* A page fed as the log is walked keeps its chart's series while it fits
 * in this, so that memory stays bounded (issue 30: ~200 bytes a step for
 * sail, and the page's JSON of it). */
#define SERIES_BYTES ((size_t)24 << 20)
static void add_metrics(sl_buf *page, const sl_log *log, const sl_series *se)
{
	if (se && se->nmetrics > 0) {
		sl_buf_puts(page, ",\n\"metrics\":");
		sl_series_json(se, &log->h, page);
	}
}

/* JSON string for a <script type="application/json"> block: '</' and '<!'
 * are escaped so the element cannot end early. */
static void json_light(sl_buf *b, const char *s)
{
	sl_buf_putc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			sl_buf_printf(b, "\\%c", c);
		else if (c == '<' && (s[1] == '/' || s[1] == '!'))
			sl_buf_puts(b, "\\u003c");
		else if (c < 0x20)
			sl_buf_printf(b, "\\u%04x", c);
		else
			sl_buf_putc(b, c);
	}
	sl_buf_putc(b, '"');
}

/* ---- text kept in memory up to a chunk, then in a temporary file ---------------------
 * (a page written as a long game is walked, issue 30: its entries and steps
 * are known in that order, and written after the tables that come before
 * them in the page) */

#define SPOOL_CHUNK ((size_t)1 << 20)

typedef struct spool {
	sl_buf b;
	FILE *f;           /* NULL until b first passes a chunk */
	int failed;
} spool;

static void spool_keep(spool *s)
{
	if (s->b.len < SPOOL_CHUNK || s->failed)
		return;
	if ((!s->f && !(s->f = tmpfile())) || fwrite(s->b.data, 1, s->b.len, s->f) != s->b.len)
		s->failed = 1;
	sl_buf_reset(&s->b);
}

static void spool_free(spool *s)
{
	if (s->f)
		fclose(s->f);
	sl_buf_free(&s->b);
	memset(s, 0, sizeof *s);
}

/* src's text onto the end of dst (src left as it was read: spool_free it). */
static void spool_append(spool *dst, spool *src)
{
	char chunk[65536];
	size_t n;
	if (src->failed) {
		dst->failed = 1;
		return;
	}
	if (src->f) {
		if (fflush(src->f) != 0 || fseek(src->f, 0, SEEK_SET) != 0)
			dst->failed = 1;
		while (!dst->failed && (n = fread(chunk, 1, sizeof chunk, src->f)) > 0) {
			sl_buf_put(&dst->b, chunk, n);
			spool_keep(dst);
		}
		if (ferror(src->f))
			dst->failed = 1;
	}
	sl_buf_put(&dst->b, src->b.data, src->b.len);
	if (src->b.failed)
		dst->b.failed = 1;
	spool_keep(dst);
}

/* The page, out through fn a chunk at a time. */
typedef struct page_out {
	sl_buf b;
	sl_write_fn fn;
	void *closure;
	size_t total;
	int io_failed;
} page_out;

static void page_put(page_out *p, const void *data, size_t n)
{
	if (!p->io_failed && n && p->fn(p->closure, data, n) != 0)
		p->io_failed = 1;
	p->total += n;
}

static void page_flush(page_out *p, int all)
{
	if (p->b.failed || (p->b.len < SPOOL_CHUNK && !all))
		return;
	page_put(p, p->b.data, p->b.len);
	sl_buf_reset(&p->b);
}

/* The spool's text into the page. */
static void page_spool(page_out *p, spool *s)
{
	char chunk[65536];
	size_t n;
	page_flush(p, 1);
	if (s->f) {
		if (fflush(s->f) != 0 || fseek(s->f, 0, SEEK_SET) != 0)
			s->failed = 1;
		while (!s->failed && (n = fread(chunk, 1, sizeof chunk, s->f)) > 0)
			page_put(p, chunk, n);
		if (ferror(s->f))
			s->failed = 1;
	}
	page_put(p, s->b.data, s->b.len);
}

/* A page fed as a long game is walked lets go of the lines it holds past
 * this many (issue 30: some 25 new lines a step on a big sail map, ~90
 * bytes each held): their text goes to the page's spool of lines, and a
 * line seen again later takes a new id (the page holds its text twice). */
#define LINES_HELD 131072

/* The held texts of t, as the page writes them (json_light, ",\n" before
 * all but id 0), onto out; t keeps its ids and holds none. */
static void intern_forget(intern *t, spool *out)
{
	for (size_t i = 0; i < t->n - t->first; i++) {
		if (t->first + i)
			sl_buf_puts(&out->b, ",\n");
		json_light(&out->b, t->s[i]);
		sl_free(t->s[i]);
		spool_keep(out);
	}
	if (t->slot)
		memset(t->slot, 0, t->nslot * sizeof *t->slot);
	t->first = t->n;
}

/* t emptied: its texts freed, its ids given again from 0 (a cache whose
 * ids index another table, let go with what it points at). */
static void intern_drop(intern *t)
{
	for (size_t i = 0; i < t->n - t->first; i++)
		sl_free(t->s[i]);
	if (t->slot)
		memset(t->slot, 0, t->nslot * sizeof *t->slot);
	t->n = t->first = 0;
}

/* ---- one SVG document into lines ----------------------------------------------------- */

static void put_b36(sl_buf *b, size_t v);
struct html_job;

/* v in decimal, as "%lu" writes it (sl_buf_printf was 5% of a step here) */
static void put_dec(sl_buf *b, unsigned long long v)
{
	char t[24];
	sl_buf_put(b, t, (size_t)sl_fixed_int(t, sizeof t, 0, v));
}
static int doc_glyph(struct html_job *j, const char **q, const char *e, unsigned long *g);

typedef struct idvec {
	size_t *v;
	size_t n, cap;
	int failed;
} idvec;

static void idvec_push(idvec *a, size_t x)
{
	if (a->n == a->cap) {
		size_t nc = a->cap ? a->cap * 2 : 1024, *nv = sl_realloc(a->v, nc * sizeof *nv);
		if (!nv) {
			a->failed = 1;
			return;
		}
		a->v = nv;
		a->cap = nc;
	}
	a->v[a->n++] = x;
}

/* steps a document: 8 and 16 cost the same a step on the 120-entry sail
 * game (9.6 against 9.4 ms, in the noise), 4 more; cairo holds every page
 * of a document until it ends, about 1.2 MB a page of that game (peak 29 MB
 * at 8, 40 MB at 16, 22 MB a document a step) */
#define CHUNK 8

typedef struct chunk_page {
	size_t at, len;        /* its document in chunk.text */
	size_t gat, glen;      /* its ground's SVG there, glen 0 if none to add */
	uint64_t gkey;
} chunk_page;

typedef struct chunk {
	sl_replay *r;
	size_t from, n;
	chunk_page pg[CHUNK];
	sl_buf text;
	sl_buf doc;            /* the chunk's document as cairo wrote it (kept: its pages) */
	int singles;           /* a document could not be split: one per step from now */
	int pieced;            /* its pages were drawn with pieces marked (j->svgp's log) */
} chunk;

typedef struct html_job {
	sl_replay *r;
	const sl_render_opts *o;
	sl_html_stats *stats;
	intern lines, glyphs, styles, shapes;
	spool steps;        /* JSON: [[ground, op, n, op, n...], ...] */
	sl_buf grounds;     /* JSON: [[op, n, ...], ...] */
	sl_buf line, tmp;
	idvec prev, cur;
	size_t *pos_of;     /* line id -> a position in prev + 1 (0: not there) */
	long long *adv;     /* glyph id -> its advance in hundredths (see glyph_run) */
	size_t nadv;
	size_t npos_of;
	const sl_html_opts *ho;
	uint64_t *gkeys;    /* the grounds drawn so far, by key */
	size_t ngrounds;
	idvec gdoc;
	size_t svg_total;
	/* what a step costs is mostly lines seen at the step before: cairo's
	 * text of a line (a top layer's, with no glyph in it) -> its line id,
	 * and a glyph symbol's text -> its glyph id */
	intern raw_lines, raw_glyphs;
	size_t *raw_line_id, *raw_glyph_id;
	size_t nraw_line_id, nraw_glyph_id;
	size_t *gmap;       /* a document's glyph F-I at F * 256 + I: its glyph id + 1 */
	size_t ngmap;
	chunk ck;           /* the steps drawn ahead */
	spool gone;         /* the lines let go (intern_forget), as the page writes them */
	/* pieces of the tops kept as lines (render/piece.c): a piece drawn at a
	 * step before is not drawn again, its lines are put in its marker's
	 * place; nopieces: a document's markers and log disagreed, every piece
	 * drawn from then on */
	sl_kit_svg_pieces *svgp;
	int nopieces;
	const sl_kit_svg_event *ev;   /* the page being read's events, ev..eve */
	size_t evi, eve;
	int pc_open, pc_taint;        /* a piece being read: its lines from pc_at in out */
	size_t pc_at;
	uint64_t pc_key;
	int part;           /* a part of a game (sl_html_feed): its first step's */
	long ev0;           /* events before it */
	int turn0;          /* and turn */
} html_job;

/* ---- hundredths, exactly as "%.2f" of strtod's value ------------------------------ */

/* cairo writes every coordinate with up to six decimals and the page keeps
 * two: strtod and "%.2f" were 70% of a step's CPU. These read the decimal
 * text and round it in integers. The result is printf's own: a decimal v of
 * at most 15 digits other than a tie (…5 then zeros at the third decimal)
 * is farther from the tie than its double is from v (|v - tie| >= 10^-d for
 * d decimals, |double(v) - v| <= v 2^-53 < 10^-(d+1)), so the double and the
 * decimal round alike; a tie, more digits, an exponent or anything strtod
 * alone reads goes the slow way (0 returned). */
int sl_dec_hundredths(const char *p, const char **end, long long *out)
{
	const char *q = p;
	int neg = 0, nd = 0, up;
	long long h = 0;
	if (*q == '-' || *q == '+')
		neg = *q++ == '-';
	if (!(*q >= '0' && *q <= '9') && !(*q == '.' && q[1] >= '0' && q[1] <= '9'))
		return 0;
	while (*q == '0')
		q++;   /* leading zeros are no digits of the count */
	while (*q >= '0' && *q <= '9') {
		h = h * 10 + (*q++ - '0');
		if (++nd > 15)
			return 0;
	}
	h *= 100;
	if (*q == '.') {
		q++;
		for (int k = 0; k < 2; k++)
			if (*q >= '0' && *q <= '9') {
				h += (long long)(*q++ - '0') * (k ? 1 : 10);
				if (++nd > 15)
					return 0;
			}
		if (*q >= '0' && *q <= '9') {
			const char *t = q;
			int first = *t++ - '0', rest = 0;
			while (*t >= '0' && *t <= '9') {
				rest |= *t++ != '0';
				nd++;
			}
			if (nd + 1 > 15 || (first == 5 && !rest))
				return 0;   /* too long, or a tie: printf's own rounding */
			up = first > 5 || (first == 5 && rest);
			h += up;
			q = t;
		}
	}
	if (*q == 'e' || *q == 'E' || *q == 'x' || *q == 'X' || *q == '.' || h >= 1000000000000LL)
		return 0;
	*out = neg ? -h : h;
	*end = q;
	return 1;
}

/* h hundredths as "%.2f" writes it with its trailing zeros and point cut,
 * and "0" for "-0"; returns the length. */
size_t sl_fmt_hundredths(char *out, long long h)
{
	char tmp[32];
	size_t n = 0, k = 0;
	unsigned long long a = h < 0 ? (unsigned long long)-h : (unsigned long long)h, ip = a / 100;
	unsigned f = (unsigned)(a % 100);
	if (h < 0)
		out[n++] = '-';
	do
		tmp[k++] = (char)('0' + ip % 10);
	while ((ip /= 10) > 0);
	while (k)
		out[n++] = tmp[--k];
	if (f) {
		out[n++] = '.';
		out[n++] = (char)('0' + f / 10);
		if (f % 10)
			out[n++] = (char)('0' + f % 10);
	}
	out[n] = 0;
	return n;
}

/* Appends s[0..n) to b with every decimal number cut to two decimals
 * (cairo writes six; a hundredth of a pixel is below what a screen shows,
 * and the shorter lines repeat more often). */
static void put_rounded(sl_buf *b, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t k = i, dot;
		if (!(s[i] >= '0' && s[i] <= '9') || (i > 0 && ((s[i - 1] >= 'a' && s[i - 1] <= 'z') ||
		    (s[i - 1] >= 'A' && s[i - 1] <= 'Z') || s[i - 1] == '_' ||
		    (s[i - 1] >= '0' && s[i - 1] <= '9')))) {
			sl_buf_putc(b, s[i++]);
			continue;
		}
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
		if (k + 1 < n && s[k] == '.' && s[k + 1] >= '0' && s[k + 1] <= '9') {
			char num[64], out[64];
			size_t e;
			int neg = i > 0 && s[i - 1] == '-';
			dot = k++;
			while (k < n && s[k] >= '0' && s[k] <= '9')
				k++;
			(void)dot;
			if (k - i < sizeof num) {
				double v;
				size_t ol;
				long long hv;
				const char *he;
				memcpy(num, s + i, k - i);
				num[k - i] = 0;
				if (sl_dec_hundredths(num, &he, &hv) && *he == 0) {
					sl_fmt_hundredths(out, hv);
				} else {
					v = strtod(num, NULL);
					snprintf(out, sizeof out, "%.2f", v);
					ol = strlen(out);
					while (ol > 0 && out[ol - 1] == '0')
						out[--ol] = 0;
					if (ol > 0 && out[ol - 1] == '.')
						out[--ol] = 0;
				}
				if (neg && strcmp(out, "0") == 0) {   /* "-0.001": drop the sign */
					b->len--;
				}
				sl_buf_puts(b, out);
				i = k;
				continue;
			}
			e = k;
			sl_buf_put(b, s + i, e - i);
			i = e;
			continue;
		}
		sl_buf_put(b, s + i, k - i);
		i = k;
	}
}

/* The name an id of the document gets in the page: glyphs by their shape
 * (shared by every document), the rest behind the document's prefix. */
static void put_id(html_job *j, sl_buf *b, const char *id, size_t n, char **lid, size_t *gid,
	size_t nl, const char *prefix)
{
	if (n > 5 && strncmp(id, "glyph", 5) == 0) {
		const char *q = id + 5;
		unsigned long g;
		if (doc_glyph(j, &q, id + n, &g) && q == id + n) {
			sl_buf_put(b, "sg", 2);
			put_dec(b, g);
			return;
		}
		for (size_t k = 0; k < nl; k++)
			if (strlen(lid[k]) == n && strncmp(lid[k], id, n) == 0) {
				sl_buf_put(b, "sg", 2);
				put_dec(b, gid[k]);
				return;
			}
	}
	sl_buf_puts(b, prefix);
	sl_buf_put(b, id, n);
}

/* Rewrites one line: ids and references renamed, numbers rounded. */
static void rewrite_line(html_job *j, const char *p, const char *e, char **lid, size_t *gid,
	size_t nl, const char *prefix)
{
	static const char *const keys[] = {"id=\"", "url(#", "href=\"#"};
	const char *c = p;
	sl_buf_reset(&j->tmp);
	while (c < e) {
		const char *best = NULL;
		int bk = -1;
		for (int k = 0; k < 3; k++) {
			size_t kl = strlen(keys[k]);
			for (const char *h = c; h + kl <= e; h++)
				if (*h == keys[k][0] && strncmp(h, keys[k], kl) == 0) {
					if (!best || h < best) {
						best = h;
						bk = k;
					}
					break;
				}
		}
		if (!best) {
			sl_buf_put(&j->tmp, c, (size_t)(e - c));
			break;
		}
		{
			size_t kl = strlen(keys[bk]);
			const char *nm = best + kl, *ne = nm;
			while (ne < e && *ne != '"' && *ne != ')')
				ne++;
			sl_buf_put(&j->tmp, c, (size_t)(nm - c));
			put_id(j, &j->tmp, nm, (size_t)(ne - nm), lid, gid, nl, prefix);
			c = ne;
		}
	}
	sl_buf_reset(&j->line);
	put_rounded(&j->line, j->tmp.data ? (const char *)j->tmp.data : "", j->tmp.len);
}

/* A line of text is one <use> of a glyph symbol per glyph, each on a line of
 * its own: a run of them on one baseline is kept as one line of the table,
 * "~Y X G G G...": X the pen at the first glyph, each G the symbol sg<G> in
 * base 36, the pen then moved by that glyph's advance (the table "adv": the
 * move seen after its first use) or, where it differs (kerning), "G=DX" for
 * a move of DX. The viewer writes the <use>s back. A label drawn again in
 * its place is then one line seen before, and a new one a few bytes a glyph.
 * Every number is in hundredths (the page's: what "%.2f" of the double
 * written would give; a difference of two of them is exact). */
typedef struct glyph_run {
	sl_buf b;
	long long y, x;
	unsigned long g;
	int n;
} glyph_run;

static void put_h(sl_buf *b, long long h)
{
	char t[32];
	sl_buf_put(b, t, sl_fmt_hundredths(t, h));
}

/* The number at p (at most lim) as put_rounded leaves it, in hundredths:
 * a decimal rounded as it rounds one, an integer as it is. 0 where it
 * would not be one of those. */
static int num_hundredths(const char *p, const char *lim, const char **end, long long *out)
{
	const char *q = p, *ds;
	char num[64];
	int neg = 0;
	long long h;
	if (q < lim && *q == '-')
		neg = 1, q++;
	ds = q;
	while (q < lim && *q >= '0' && *q <= '9')
		q++;
	if (q == ds)
		return 0;
	if (q + 1 < lim && *q == '.' && q[1] >= '0' && q[1] <= '9') {
		for (q++; q < lim && *q >= '0' && *q <= '9'; q++)
			;
		if ((size_t)(q - ds) >= sizeof num)
			return 0;
		memcpy(num, ds, (size_t)(q - ds));
		num[q - ds] = 0;
		if (!sl_dec_hundredths(num, end, &h) || **end)
			return 0;   /* a tie or longer: the slow way */
	} else {
		if (q - ds > 12)
			return 0;
		h = 0;
		for (const char *t = ds; t < q; t++)
			h = h * 10 + (*t - '0');
		h *= 100;
	}
	*out = neg ? -h : h;
	*end = q;
	return 1;
}

/* Glyph g at x, y into the run: 1, or 0 for a glyph on another baseline
 * (the caller flushes and comes back), -1 out of memory. */
static int glyph_add(html_job *j, glyph_run *run, unsigned long g, long long x, long long y)
{
	if (run->n && run->y != y)
		return 0;
	if (g >= j->nadv) {
		size_t na = (g + 1) * 2;
		long long *nv = sl_realloc(j->adv, na * sizeof *nv);
		if (!nv) {
			j->lines.failed = 1;
			return -1;
		}
		for (size_t k = j->nadv; k < na; k++)
			nv[k] = LLONG_MIN;   /* not seen yet */
		j->adv = nv;
		j->nadv = na;
	}
	if (!run->n) {
		run->y = y;
		sl_buf_reset(&run->b);
		sl_buf_putc(&run->b, '~');
		put_h(&run->b, y);
		sl_buf_putc(&run->b, ' ');
		put_h(&run->b, x);
		sl_buf_putc(&run->b, ' ');
		put_b36(&run->b, g);
	} else {
		long long dx = x - run->x;
		if (j->adv[run->g] == LLONG_MIN)
			j->adv[run->g] = dx;
		sl_buf_putc(&run->b, ' ');
		put_b36(&run->b, g);
		if (j->adv[run->g] != dx) {
			sl_buf_putc(&run->b, '=');
			put_h(&run->b, dx);
		}
	}
	run->x = x;
	run->g = g;
	run->n++;
	return 1;
}

/* A <use> of a glyph `<head>G" x="X" y="Y"/>` from p to e: G read by
 * glyph_id, X and Y in hundredths; 1 when the line has that form. */
static int use_parts(const char *p, const char *e, const char *head, size_t hl,
	int (*glyph_id)(html_job *, const char **, const char *, unsigned long *), html_job *j,
	unsigned long *g, long long *x, long long *y)
{
	const char *q = p + hl;
	if ((size_t)(e - p) < hl || strncmp(p, head, hl) != 0 || !glyph_id(j, &q, e, g) ||
	    e - q < 5 || strncmp(q, "\" x=\"", 5) != 0 || !num_hundredths(q + 5, e, &q, x) ||
	    e - q < 5 || strncmp(q, "\" y=\"", 5) != 0 || !num_hundredths(q + 5, e, &q, y))
		return 0;
	return e - q == 3 && strncmp(q, "\"/>", 3) == 0;
}

/* sg<N> of a line rewritten: N */
static int page_glyph(html_job *j, const char **q, const char *e, unsigned long *g)
{
	unsigned long v = 0;
	const char *t = *q;
	(void)j;
	while (t < e && *t >= '0' && *t <= '9' && v < 100000000UL)
		v = v * 10 + (unsigned long)(*t++ - '0');
	if (t == *q)
		return 0;
	*g = v;
	*q = t;
	return 1;
}

/* cairo's glyph<F>-<I> as the document's map has it (F and I of at most 5
 * digits each, F * 256 + I in the map: I of a subset is below 256) */
static int glyph_key(const char **q, const char *e, size_t *key)
{
	const char *t = *q;
	size_t f = 0, i = 0;
	int nf = 0, ni = 0;
	while (t < e && *t >= '0' && *t <= '9' && nf < 5)
		f = f * 10 + (size_t)(*t++ - '0'), nf++;
	if (!nf || t >= e || *t++ != '-')
		return 0;
	while (t < e && *t >= '0' && *t <= '9' && ni < 5)
		i = i * 10 + (size_t)(*t++ - '0'), ni++;
	if (!ni || i >= 256 || (t < e && *t >= '0' && *t <= '9'))
		return 0;
	*key = f * 256 + i;
	*q = t;
	return 1;
}

static int doc_glyph(html_job *j, const char **q, const char *e, unsigned long *g)
{
	size_t key;
	if (!glyph_key(q, e, &key) || key >= j->ngmap || !j->gmap[key])
		return 0;
	*g = (unsigned long)(j->gmap[key] - 1);
	return 1;
}

/* (1: taken into the run; 0: a glyph on another baseline; -1: no glyph.)
 * The line rewritten (j->line). */
static int glyph_use(html_job *j, glyph_run *run)
{
	static const char head[] = "  <use xlink:href=\"#sg";
	const char *l = sl_buf_cstr(&j->line);
	unsigned long g;
	long long x, y;
	if (!use_parts(l, l + j->line.len, head, sizeof head - 1, page_glyph, j, &g, &x, &y))
		return -1;
	return glyph_add(j, run, g, x, y);
}

/* glyph_use on cairo's own line p..e, glyph<F>-<I> by the document's map:
 * the rewriting skipped. */
static int glyph_use_raw(html_job *j, glyph_run *run, const char *p, const char *e)
{
	static const char head[] = "  <use xlink:href=\"#glyph";
	unsigned long g;
	long long x, y;
	if (!use_parts(p, e, head, sizeof head - 1, doc_glyph, j, &g, &x, &y))
		return -1;
	return glyph_add(j, run, g, x, y);
}

static void flush_run(html_job *j, glyph_run *run, idvec *out)
{
	if (!run->n)
		return;
	if (run->b.failed) {   /* out of memory: the page is not written */
		j->lines.failed = 1;
		run->n = 0;
		return;
	}
	idvec_push(out, intern_add(&j->lines, sl_buf_cstr(&run->b), run->b.len));
	run->n = 0;
}

/* The parts of a line `<path style="ST" d="D"/>` or with `transform="matrix(M)"`
 * after d: the style st..se, the path d..de, the matrix tr..te (tr NULL
 * without one). 1 when the line has that form. */
static int path_parts(const char *l, const char **st, const char **se, const char **d, const char **de,
	const char **tr, const char **te)
{
	static const char head[] = "<path style=\"";
	if (strncmp(l, head, sizeof head - 1) != 0)
		return 0;
	*st = l + sizeof head - 1;
	if (!(*se = strchr(*st, '"')) || strncmp(*se, "\" d=\"", 5) != 0)
		return 0;
	*d = *se + 5;
	if (!(*de = strchr(*d, '"')))
		return 0;
	*tr = *te = NULL;
	if (strcmp(*de, "\"/>") == 0)
		return 1;
	if (strncmp(*de, "\" transform=\"matrix(", 20) == 0 && (*te = strchr(*de + 20, ')')) &&
	    strcmp(*te, ")\"/>") == 0) {
		*tr = *de + 20;
		return 1;
	}
	return 0;
}

/* A path "<path style=S d=D/>" is kept as "^s k X Y": style s and shape k
 * of their tables, the shape being D after its first point, in relative
 * moves (m l c z), so one figure drawn at another place is the same shape;
 * X Y is that first point; a transform="matrix(M)" after d adds " M".
 * Other paths stay as they are. Returns 1 if done
 * (the line is then in j->line). */
static int compact_path_slow(html_job *j)
{
	const char *l = sl_buf_cstr(&j->line), *st, *se, *d, *de, *tr, *te = NULL;
	double cx = 0, cy = 0, sx = 0, sy = 0, x0 = 0, y0 = 0;
	int first = 1;
	char num[48];
	sl_buf shape;
	size_t si, ki;
	if (!path_parts(l, &st, &se, &d, &de, &tr, &te))
		return 0;
	sl_buf_init(&shape);
	for (const char *p = d; p < de;) {
		char op = *p;
		int nargs = op == 'M' || op == 'L' ? 2 : op == 'C' ? 6 : op == 'Z' ? 0 : -1;
		double v[6];
		char *e;
		if (op == ' ') {
			p++;
			continue;
		}
		if (nargs < 0) {
			sl_buf_free(&shape);
			return 0;
		}
		p++;
		for (int a = 0; a < nargs; a++) {
			v[a] = strtod(p, &e);
			if (e == p) {
				sl_buf_free(&shape);
				return 0;
			}
			p = e;
			/* round as the viewer would show it: hundredths */
			snprintf(num, sizeof num, "%.2f", v[a]);
			v[a] = strtod(num, NULL);
		}
		if (op == 'Z') {
			sl_buf_putc(&shape, 'z');
			cx = sx;
			cy = sy;
			continue;
		}
		if (first && op == 'M') {
			x0 = cx = sx = v[0];
			y0 = cy = sy = v[1];
			first = 0;
			continue;
		}
		if (first) {
			sl_buf_free(&shape);
			return 0;
		}
		sl_buf_putc(&shape, (char)(op - 'A' + 'a'));
		for (int a = 0; a < nargs; a++) {
			double r = v[a] - (a & 1 ? cy : cx);
			size_t nl;
			snprintf(num, sizeof num, "%.2f", r);
			nl = strlen(num);
			while (nl > 0 && num[nl - 1] == '0')
				num[--nl] = 0;
			if (nl > 0 && num[nl - 1] == '.')
				num[--nl] = 0;
			if (strcmp(num, "-0") == 0)
				strcpy(num, "0");
			/* a sign separates numbers; a space where none */
			if (a > 0 && num[0] != '-')
				sl_buf_putc(&shape, ' ');
			sl_buf_puts(&shape, num);
		}
		cx = v[nargs - 2];
		cy = v[nargs - 1];
		if (op == 'M') {
			sx = cx;
			sy = cy;
		}
	}
	if (first || shape.failed) {
		if (shape.failed)   /* out of memory: the page is not written */
			j->shapes.failed = 1;
		sl_buf_free(&shape);
		return 0;
	}
	si = intern_add(&j->styles, st, (size_t)(se - st));
	ki = intern_add(&j->shapes, sl_buf_cstr(&shape), shape.len);
	sl_buf_free(&shape);
	sl_buf_reset(&j->tmp);
	sl_buf_printf(&j->tmp, "^%zu %zu ", si, ki);
	snprintf(num, sizeof num, "%.2f", x0);
	put_rounded(&j->tmp, num, strlen(num));
	sl_buf_putc(&j->tmp, ' ');
	snprintf(num, sizeof num, "%.2f", y0);
	put_rounded(&j->tmp, num, strlen(num));
	if (tr) {
		sl_buf_putc(&j->tmp, ' ');
		sl_buf_put(&j->tmp, tr, (size_t)(te - tr));
	}
	sl_buf_reset(&j->line);
	sl_buf_put(&j->line, j->tmp.data, j->tmp.len);
	return 1;
}

/* compact_path in hundredths (dec_hundredths): the same line, or
 * compact_path_slow's where a number is not one it reads. */
static int compact_path(html_job *j)
{
	const char *l = sl_buf_cstr(&j->line), *st, *se, *d, *de, *tr, *te = NULL;
	long long cx = 0, cy = 0, sx = 0, sy = 0, x0 = 0, y0 = 0;
	int first = 1;
	char num[48];
	sl_buf shape;
	size_t si, ki;
	if (!path_parts(l, &st, &se, &d, &de, &tr, &te))
		return 0;
	sl_buf_init(&shape);
	for (const char *p = d; p < de;) {
		char op = *p;
		int nargs = op == 'M' || op == 'L' ? 2 : op == 'C' ? 6 : op == 'Z' ? 0 : -1;
		long long v[6];
		if (op == ' ') {
			p++;
			continue;
		}
		if (nargs < 0) {
			sl_buf_free(&shape);
			return 0;
		}
		p++;
		for (int a = 0; a < nargs; a++) {
			const char *e;
			while (*p == ' ')
				p++;
			if (!sl_dec_hundredths(p, &e, &v[a]) || e > de) {
				sl_buf_free(&shape);
				return compact_path_slow(j);
			}
			p = e;
		}
		if (op == 'Z') {
			sl_buf_putc(&shape, 'z');
			cx = sx;
			cy = sy;
			continue;
		}
		if (first && op == 'M') {
			x0 = cx = sx = v[0];
			y0 = cy = sy = v[1];
			first = 0;
			continue;
		}
		if (first) {
			sl_buf_free(&shape);
			return 0;
		}
		sl_buf_putc(&shape, (char)(op - 'A' + 'a'));
		for (int a = 0; a < nargs; a++) {
			sl_fmt_hundredths(num, v[a] - (a & 1 ? cy : cx));
			/* a sign separates numbers; a space where none */
			if (a > 0 && num[0] != '-')
				sl_buf_putc(&shape, ' ');
			sl_buf_puts(&shape, num);
		}
		cx = v[nargs - 2];
		cy = v[nargs - 1];
		if (op == 'M') {
			sx = cx;
			sy = cy;
		}
	}
	if (first || shape.failed) {
		if (shape.failed)   /* out of memory: the page is not written */
			j->shapes.failed = 1;
		sl_buf_free(&shape);
		return 0;
	}
	si = intern_add(&j->styles, st, (size_t)(se - st));
	ki = intern_add(&j->shapes, sl_buf_cstr(&shape), shape.len);
	sl_buf_free(&shape);
	sl_buf_reset(&j->tmp);
	sl_buf_putc(&j->tmp, '^');
	put_dec(&j->tmp, si);
	sl_buf_putc(&j->tmp, ' ');
	put_dec(&j->tmp, ki);
	sl_buf_putc(&j->tmp, ' ');
	sl_fmt_hundredths(num, x0);
	sl_buf_puts(&j->tmp, num);
	sl_buf_putc(&j->tmp, ' ');
	sl_fmt_hundredths(num, y0);
	sl_buf_puts(&j->tmp, num);
	if (tr) {
		sl_buf_putc(&j->tmp, ' ');
		sl_buf_put(&j->tmp, tr, (size_t)(te - tr));
	}
	sl_buf_reset(&j->line);
	sl_buf_put(&j->line, j->tmp.data, j->tmp.len);
	return 1;
}

/* Does cairo's line name a glyph (then what it becomes depends on the
 * document's glyph numbers)? */
static int has_glyph(const char *p, size_t len)
{
	for (const char *q = p, *e = p + len; q + 5 <= e; q++)
		if (*q == 'g' && strncmp(q, "glyph", 5) == 0)
			return 1;
	return 0;
}

/* The glyph id of cairo's symbol text body..be: rounded and interned the
 * first time it is seen, remembered by that text after. */
static int memo_glyph(html_job *j, const char *body, const char *be, size_t *id)
{
	size_t before = j->raw_glyphs.n, r = intern_add(&j->raw_glyphs, body, (size_t)(be - body));
	if (j->raw_glyphs.failed)
		return SL_ENOMEM;
	if (r < before) {
		*id = j->raw_glyph_id[r];
		return SL_OK;
	}
	if (r >= j->nraw_glyph_id) {
		size_t nn = j->nraw_glyph_id ? j->nraw_glyph_id * 2 : 1024, *nv;
		if (!(nv = sl_realloc(j->raw_glyph_id, nn * sizeof *nv)))
			return SL_ENOMEM;
		j->raw_glyph_id = nv;
		j->nraw_glyph_id = nn;
	}
	sl_buf_reset(&j->line);
	put_rounded(&j->line, body, (size_t)(be - body));
	if (j->line.failed)   /* a cut line is not the line */
		return SL_ENOMEM;
	*id = j->raw_glyph_id[r] = intern_add(&j->glyphs, sl_buf_cstr(&j->line), j->line.len);
	return j->glyphs.failed ? SL_ENOMEM : SL_OK;
}

/* Is the line `<g id="surfaceN">`, the group cairo puts a page in? N is
 * the number of surfaces cairo made in the process before (five a step):
 * nothing refers to it, and kept it made every step's group a line of its
 * own in the page. It is written `<g>`. */
static int surface_group(const char *p, size_t len)
{
	static const char head[] = "<g id=\"surface";
	size_t k = sizeof head - 1;
	if (len < k + 3 || strncmp(p, head, k) != 0)
		return 0;
	while (k < len && p[k] >= '0' && p[k] <= '9')
		k++;
	return k + 2 == len && p[k] == '"' && p[k + 1] == '>' && p[sizeof head - 1] != '"';
}

/* Does cairo's line name an id of its document (other than a glyph's)?
 * A piece whose lines do cannot be put back in another document. */
static int names_id(const char *p, size_t len)
{
	const char *e = p + len;
	for (const char *q = p; (q = memchr(q, '#', (size_t)(e - q))) != NULL; q++)
		if (!(e - q > 6 && memcmp(q, "#glyph", 6) == 0))
			return 1;
	for (const char *q = p; q + 4 <= e && (q = memchr(q, '=', (size_t)(e - q))) != NULL; q++)
		if (q - p >= 2 && q[-2] == 'i' && q[-1] == 'd' && q + 1 < e && q[1] == '"')
			return 1;
	return 0;
}

/* A marker of the page's pieces (render/piece.c) met in add_doc: a piece
 * begun (its lines are kept from here), ended (kept for its key) or put
 * back (its lines kept before, into out). SL_EFORMAT where the page's
 * markers and its log disagree. */
static int doc_marker(html_job *j, idvec *out)
{
	const sl_kit_svg_event *ev;
	const size_t *ids;
	char *const *texts;
	size_t n, at;
	if (j->evi >= j->eve)
		return SL_EFORMAT;
	ev = &j->ev[j->evi++];
	switch (ev->type) {
	case SL_KIT_SVG_BEGIN:
		if (j->pc_open)
			return SL_EFORMAT;
		j->pc_open = 1;
		j->pc_taint = 0;
		j->pc_at = out->n;
		j->pc_key = ev->key;
		return SL_OK;
	case SL_KIT_SVG_END:
		if (!j->pc_open || j->pc_key != ev->key)
			return SL_EFORMAT;
		j->pc_open = 0;
		if (out->failed || j->lines.failed)
			return SL_ENOMEM;
		return sl_kit_svg_piece_keep(j->svgp, ev->key, j->pc_taint ? NULL : out->v + j->pc_at,
			out->n - j->pc_at);
	case SL_KIT_SVG_PUT:
		if (j->pc_open || !sl_kit_svg_piece_lines(j->svgp, ev->key, &ids, &texts, &n))
			return SL_EFORMAT;
		at = out->n;
		for (size_t k = 0; k < n; k++)   /* its lines let go: taken again, as drawn */
			idvec_push(out, texts ? intern_add(&j->lines, texts[k], strlen(texts[k])) : ids[k]);
		if (out->failed || j->lines.failed)
			return SL_ENOMEM;
		return texts ? sl_kit_svg_piece_keep(j->svgp, ev->key, out->v + at, n) : SL_OK;
	}
	return SL_EFORMAT;
}

/* Adds one SVG document: glyph symbols go to the glyph table (renamed
 * "sg<N>" by content), every other line, renamed, to the line table; the
 * line ids in order go to out. */
static int add_doc(html_job *j, const char *svg, size_t n, const char *prefix, idvec *out)
{
	/* local glyph id -> global: cairo numbers them per document */
	char **lid = NULL;
	size_t *gid = NULL, nl = 0, cap = 0;
	const char *p = svg, *end = svg + n;
	int rc = SL_OK, memo = strcmp(prefix, "t-") == 0;   /* a top layer's lines are memoised */
	glyph_run run;
	memset(&run, 0, sizeof run);
	sl_buf_init(&run.b);
	out->n = 0;
	if (j->gmap)
		memset(j->gmap, 0, j->ngmap * sizeof *j->gmap);
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t len, id, slot;
		int k;
		if (!e)
			e = end;
		len = (size_t)(e - p);
		if (len > 38 && strncmp(p, "<symbol overflow=\"visible\" id=\"glyph", 36) == 0) {
			const char *q = p + 31, *qe = memchr(q, '"', len - 31), *body = e + 1, *be;
			be = strstr(body, "</symbol>");
			if (!qe || !be || be > end) {
				rc = SL_EFORMAT;
				goto out;
			}
			if ((rc = memo_glyph(j, body, be, &id)) < 0)
				goto out;
			{
				const char *kq = q + 5;
				size_t key;
				if (glyph_key(&kq, qe, &key) && kq == qe) {
					if (key >= j->ngmap) {
						size_t nn = (key + 1) * 2, *ng = sl_realloc(j->gmap, nn * sizeof *ng);
						if (!ng) {
							rc = SL_ENOMEM;
							goto out;
						}
						memset(ng + j->ngmap, 0, (nn - j->ngmap) * sizeof *ng);
						j->gmap = ng;
						j->ngmap = nn;
					}
					j->gmap[key] = id + 1;
				}
			}
			if (nl == cap) {
				char **nlid;
				size_t *ngid;
				cap = cap ? cap * 2 : 256;
				nlid = sl_realloc(lid, cap * sizeof *lid);
				if (nlid)
					lid = nlid;
				ngid = sl_realloc(gid, cap * sizeof *gid);
				if (ngid)
					gid = ngid;
				if (!nlid || !ngid) {
					rc = SL_ENOMEM;
					goto out;
				}
			}
			if (!(lid[nl] = sl_strndup(q, (size_t)(qe - q)))) {
				rc = SL_ENOMEM;
				goto out;
			}
			gid[nl++] = id;
			p = be + 9;
			if (p < end && *p == '\n')
				p++;
			continue;
		}
		if ((len >= 5 && strncmp(p, "<?xml", 5) == 0) || len == 0) {
			p = e + 1;
			continue;
		}
		if (j->ev && len > 40 && p[1] == 'r' && sl_kit_svg_marker_line(p, len)) {
			flush_run(j, &run, out);
			if ((rc = doc_marker(j, out)) < 0)
				goto out;
			p = e + 1;
			continue;
		}
		if (j->pc_open && !j->pc_taint && names_id(p, len))
			j->pc_taint = 1;
		if (surface_group(p, len)) {   /* <g id="surfaceN">: N counts cairo's surfaces */
			flush_run(j, &run, out);
			idvec_push(out, intern_add(&j->lines, "<g>", 3));
			p = e + 1;
			continue;
		}
		if (len > 6 && p[0] == ' ' && (k = glyph_use_raw(j, &run, p, e)) != -1) {
			if (k == 0) {   /* a glyph on another baseline: a new run */
				flush_run(j, &run, out);
				k = glyph_use_raw(j, &run, p, e);
			}
			if (k == 1) {
				p = e + 1;
				continue;
			}
		}
		slot = (size_t)-1;
		if (memo && !has_glyph(p, len)) {
			size_t before = j->raw_lines.n, r = intern_add(&j->raw_lines, p, len);
			if (j->raw_lines.failed) {
				rc = SL_ENOMEM;
				goto out;
			}
			if (r < before && j->raw_line_id[r] != (size_t)-1) {   /* seen: its line */
				flush_run(j, &run, out);
				idvec_push(out, j->raw_line_id[r]);
				p = e + 1;
				continue;
			}
			if (r >= j->nraw_line_id) {
				size_t nn = j->nraw_line_id ? j->nraw_line_id * 2 : 4096;
				size_t *nv = sl_realloc(j->raw_line_id, nn * sizeof *nv);
				if (!nv) {
					rc = SL_ENOMEM;
					goto out;
				}
				j->raw_line_id = nv;
				j->nraw_line_id = nn;
			}
			j->raw_line_id[r] = (size_t)-1;   /* set below */
			slot = r;
		}
		rewrite_line(j, p, e, lid, gid, nl, prefix);
		k = glyph_use(j, &run);
		if (k == 0) {   /* a glyph on another baseline: a new run */
			flush_run(j, &run, out);
			k = glyph_use(j, &run);
		}
		if (j->line.failed || j->tmp.failed) {
			rc = SL_ENOMEM;
			goto out;
		}
		if (k == 1) {   /* one glyph: joins the run of its line of text */
			p = e + 1;
			continue;
		}
		flush_run(j, &run, out);
		compact_path(j);
		if (j->line.failed || j->tmp.failed) {
			rc = SL_ENOMEM;
			goto out;
		}
		id = intern_add(&j->lines, sl_buf_cstr(&j->line), j->line.len);
		idvec_push(out, id);
		if (slot != (size_t)-1 && !j->lines.failed && !j->styles.failed && !j->shapes.failed)
			j->raw_line_id[slot] = id;
		p = e + 1;
	}
	flush_run(j, &run, out);
	if (j->lines.failed || j->glyphs.failed || j->styles.failed || j->shapes.failed || out->failed)
		rc = SL_ENOMEM;
	else if (j->ev && (j->evi != j->eve || j->pc_open))
		rc = SL_EFORMAT;   /* a marker missing */
out:
	sl_buf_free(&run.b);
	for (size_t k = 0; k < nl; k++)
		sl_free(lid[k]);
	sl_free(lid);
	sl_free(gid);
	return rc;
}

/* ---- a document as the change from the one before -------------------------------------
 * Ops, two numbers each: (2p, n) copies n line ids of the previous document
 * from its position p; (2s+1, n) takes the ids s, s+1, ... s+n-1 (new lines
 * are numbered in order, so a run of them is one op). The numbers are
 * written in base 36, space separated, in one JSON string. */

static void put_b36(sl_buf *b, size_t v)
{
	char d[16];
	int k = 0;
	do {
		d[k++] = "0123456789abcdefghijklmnopqrstuvwxyz"[v % 36];
		v /= 36;
	} while (v);
	while (k)
		sl_buf_putc(b, d[--k]);
}

static void put_op(sl_buf *b, int *first, size_t a, size_t n)
{
	if (!*first)
		sl_buf_putc(b, ' ');
	put_b36(b, a);
	sl_buf_putc(b, ' ');
	put_b36(b, n);
	*first = 0;
}

static int diff_ops(html_job *j, const idvec *prev, const idvec *cur, sl_buf *b, int first)
{
	size_t i = 0, k = 0;
	size_t run_a = 0, run_n = 0;
	int run_lit = -1;
	size_t off = prev->n ? (size_t)-1 : 0, need;
	/* where each id of prev sits (its first place), from its lowest id on */
	for (size_t q = 0; q < prev->n; q++)
		off = prev->v[q] < off ? prev->v[q] : off;
	need = j->lines.n - off;
	if (need > j->npos_of) {
		size_t nn = need * 2, *np = sl_realloc(j->pos_of, nn * sizeof *np);
		if (!np)
			return SL_ENOMEM;
		j->pos_of = np;
		j->npos_of = nn;
	}
	memset(j->pos_of, 0, need * sizeof *j->pos_of);
	for (size_t q = prev->n; q-- > 0;)
		j->pos_of[prev->v[q] - off] = q + 1;
	while (k < cur->n) {
		size_t id = cur->v[k], at = (size_t)-1;
		if (i < prev->n && prev->v[i] == id)
			at = i;
		else {
			for (size_t d = 1; d <= 8 && i + d < prev->n; d++)
				if (prev->v[i + d] == id) {
					at = i + d;
					break;
				}
			if (at == (size_t)-1 && id >= off && id - off < need && j->pos_of[id - off])
				at = j->pos_of[id - off] - 1;
		}
		if (at != (size_t)-1) {
			if (run_lit == 0 && run_a + run_n == at)
				run_n++;
			else {
				if (run_lit >= 0)
					put_op(b, &first, run_lit ? 2 * run_a + 1 : 2 * run_a, run_n);
				run_lit = 0;
				run_a = at;
				run_n = 1;
			}
			i = at + 1;
		} else {
			if (run_lit == 1 && run_a + run_n == id)
				run_n++;
			else {
				if (run_lit >= 0)
					put_op(b, &first, run_lit ? 2 * run_a + 1 : 2 * run_a, run_n);
				run_lit = 1;
				run_a = id;
				run_n = 1;
			}
		}
		k++;
	}
	if (run_lit >= 0)
		put_op(b, &first, run_lit ? 2 * run_a + 1 : 2 * run_a, run_n);
	return SL_OK;
}

static int buf_write(void *closure, const unsigned char *data, size_t n)
{
	sl_buf *b = closure;
	sl_buf_put(b, data, n);
	return b->failed ? SL_ENOMEM : 0;
}

/* ---- the page ------------------------------------------------------------------------------ */

#include "html_viewer.inc"   /* static const char viewer_css[], viewer_js[] */

static void entry_json(sl_buf *b, const sl_log *log, const sl_event *ev, int first, const char *desc, int turn,
	int phase, long evno)
{
	sl_buf_printf(b, "%s{\"k\":%d,\"t\":%d,\"p\":%d,\"n\":%ld,\"d\":", first ? "" : ",", ev->entry,
		turn, phase, ev->entry == SL_ENTRY_EVENT ? evno : 0);
	sl_export_json_str(b, desc);
	if (sl_glyph_text(ev->glyph))
		sl_buf_printf(b, ",\"g\":\"%s\",\"gn\":\"%s\"", sl_glyph_text(ev->glyph), sl_glyph_name(ev->glyph));
	if (ev->player >= 0 && ev->player < log->h.nplayers) {
		sl_buf_puts(b, ",\"pl\":");
		sl_export_json_str(b, log->h.players[ev->player].name ? log->h.players[ev->player].name :
			log->h.players[ev->player].id);
	}
	if (ev->note) {
		sl_buf_puts(b, ",\"note\":");
		sl_export_json_str(b, ev->note);
	}
	if (ev->comment) {
		sl_buf_puts(b, ",\"c\":");
		sl_export_json_str(b, ev->comment);
	}
	if (ev->bookmark) {
		sl_buf_puts(b, ",\"bm\":");
		sl_export_json_str(b, ev->bookmark);
	}
	sl_buf_putc(b, '}');
}

/* The entries of r's log from `from` on in words, as JSON objects (the
 * first without a comma); *evno counts the events, from the number before. */
static int put_entries(html_job *j, sl_replay *r, size_t from, long *evno, sl_buf *ents, sl_error *err)
{
	const sl_log *log = sl_replay_log(r);
	sl_buf desc;
	int rc = SL_OK;
	sl_buf_init(&desc);
	for (size_t i = 0; i < from; i++)
		*evno += log->ev[i].entry == SL_ENTRY_EVENT;
	if ((rc = sl_replay_seek(r, from, err)) < 0)
		goto out;
	for (size_t i = from; i < log->n; i++) {
		int turn, phase;
		sl_buf_reset(&desc);
		if ((rc = sl_replay_describe_as(r, i, sl_export_view(&log->h, j->o), &desc, NULL, err)) < 0)
			goto out;
		sl_replay_where(r, &turn, &phase);
		*evno += log->ev[i].entry == SL_ENTRY_EVENT;
		entry_json(ents, log, &log->ev[i], i == from, sl_buf_cstr(&desc), turn, phase, *evno);
	}
	rc = SL_OK;
out:
	sl_buf_free(&desc);
	return rc;
}

/* The index of ground key in the page's grounds (*is_new when it is not
 * there yet: it is then added, and its SVG is to be read next). */
static int ground_index(html_job *j, uint64_t key, size_t *out, int *is_new, sl_error *err)
{
	size_t g;
	for (g = 0; g < j->ngrounds && j->gkeys[g] != key; g++)
		;
	*out = g;
	*is_new = g == j->ngrounds;
	if (*is_new) {
		uint64_t *nk = sl_realloc(j->gkeys, (j->ngrounds + 1) * sizeof *nk);
		if (!nk)
			return sl_error_set(err, SL_ENOMEM, "html: out of memory");
		j->gkeys = nk;
		j->gkeys[j->ngrounds++] = key;
	}
	return SL_OK;
}

/* A new ground g from its SVG into the page's grounds. */
static int ground_add(html_job *j, size_t g, const char *svg, size_t n, sl_error *err)
{
	char prefix[24];
	idvec none = {NULL, 0, 0, 0};
	int rc;
	j->svg_total += n;
	snprintf(prefix, sizeof prefix, "g%zu-", g);
	if ((rc = add_doc(j, svg, n, prefix, &j->gdoc)) < 0)
		goto bad;
	sl_buf_puts(&j->grounds, g ? ",\"" : "\"");
	if ((rc = diff_ops(j, &none, &j->gdoc, &j->grounds, 1)) < 0)
		goto bad;
	sl_buf_putc(&j->grounds, '"');
	return SL_OK;
bad:
	return sl_error_set(err, rc, rc == SL_ENOMEM ? "html: out of memory" : "html: cannot read cairo's SVG");
}

/* ---- the top layers of several steps as the pages of one document ------------------------
 * cairo writes the outline of every glyph a document uses at its head, six
 * decimals a number through printf, and that was most of a step: a step's
 * top layer (a label on each ship, the panel's lines) used some 250 glyphs,
 * two thirds of the numbers cairo printed. The steps are drawn CHUNK steps
 * at a time as the pages of one SVG 1.2 document (sl_svg_pages), whose
 * glyphs are written once a chunk; each page is then made back into the document
 * cairo would have written for it alone (pages_split): the glyphs it uses
 * and the clip paths it made, numbered as a document of its own numbers them
 * (fonts and glyphs in the order of their first use, each font's .notdef
 * first; clips from 1), so the page is byte for byte what it was when each
 * step was a document. A document holding anything else (another kind of
 * definition or id, a font of more glyphs than a subset holds) is drawn again
 * a step a document, and so is the rest of the page. */
typedef struct svg_line {
	const char *p;
	size_t n;
} svg_line;

static int line_is(const svg_line *l, const char *s)
{
	return l->n == strlen(s) && memcmp(l->p, s, l->n) == 0;
}

static int line_starts(const svg_line *l, const char *s)
{
	size_t k = strlen(s);
	return l->n >= k && memcmp(l->p, s, k) == 0;
}

/* Does the line hold an id? */
static int has_id(const svg_line *l)
{
	const char *q = l->p, *e = l->p + l->n;
	for (; (q = memchr(q, '=', (size_t)(e - q))) != NULL; q++)
		if (q - l->p >= 2 && q[-2] == 'i' && q[-1] == 'd' && q + 1 < e && q[1] == '"')
			return 1;
	return 0;
}

/* The number after "clip" or "glyphF-I" at q (two numbers for a glyph). */
static int read_uint(const char **q, const char *e, unsigned long *v)
{
	const char *t = *q;
	unsigned long x = 0;
	while (t < e && *t >= '0' && *t <= '9' && x < 100000000UL)
		x = x * 10 + (unsigned long)(*t++ - '0');
	if (t == *q || (t < e && *t >= '0' && *t <= '9'))
		return 0;
	*v = x;
	*q = t;
	return 1;
}

typedef struct doc_glyph_def {
	unsigned long f, i;
	svg_line body;         /* the lines between <symbol ...> and </symbol> */
} doc_glyph_def;

typedef struct page_font {
	unsigned long f;       /* the document's font */
	unsigned long gi[256]; /* the page's glyph i -> the document's I */
	unsigned long doc_to_page[256];   /* the document's I -> the page's i + 1 */
	int n;
} page_font;

/* "F-I" of a reference #glyphF-I at *q (I of a subset: below 256) */
static int glyph_ref(const char **q, const char *e, unsigned long *f, unsigned long *i)
{
	return read_uint(q, e, f) && *q < e && *(*q)++ == '-' && read_uint(q, e, i) && *i < 256;
}

static int font_at(const page_font *pf, int npf, unsigned long f)
{
	int k;
	for (k = 0; k < npf && pf[k].f != f; k++)
		;
	return k;
}

/* Writes line l into b with its references renamed for the page: glyph<F>-<I>
 * by the page's fonts, clip<N> from lo on to clip<N - lo + 1>; 0 where it
 * names what the page does not hold. */
static int page_line(sl_buf *b, const svg_line *l, page_font *pf, int npf, unsigned long lo,
	unsigned long hi)
{
	const char *q = l->p, *e = l->p + l->n, *c = q;
	for (; (q = memchr(q, '#', (size_t)(e - q))) != NULL; q++) {
		if (*q == '#' && e - q > 6 && memcmp(q, "#glyph", 6) == 0) {
			const char *t = q + 6;
			unsigned long f, i;
			int k;
			if (!glyph_ref(&t, e, &f, &i))
				return 0;
			k = font_at(pf, npf, f);
			if (k == npf || !pf[k].doc_to_page[i])
				return 0;
			sl_buf_put(b, c, (size_t)(q - c));
			sl_buf_put(b, "#glyph", 6);
			put_dec(b, (unsigned long long)k);
			sl_buf_putc(b, '-');
			put_dec(b, pf[k].doc_to_page[i] - 1);
			c = q = t;
			q--;
		} else if (*q == '#' && e - q > 5 && memcmp(q, "#clip", 5) == 0) {
			const char *t = q + 5;
			unsigned long v;
			if (!read_uint(&t, e, &v) || v < lo || v > hi)
				return 0;
			sl_buf_put(b, c, (size_t)(q - c));
			sl_buf_put(b, "#clip", 5);
			put_dec(b, v - lo + 1);
			c = q = t;
			q--;
		}
	}
	sl_buf_put(b, c, (size_t)(e - c));
	sl_buf_putc(b, '\n');
	return 1;
}

/* The pages of cairo's document doc (n of them) as documents of their own
 * into ck->text, their places into ck->pg[].at/len. 0 if the document is
 * not of the form read here. */
static int pages_split(chunk *ck, const char *doc, size_t len, size_t n)
{
	svg_line *ln = NULL, head;
	doc_glyph_def *gd = NULL;
	size_t nln = 0, k = 0, ngd = 0, page = 0, *clip_at = NULL, nclip = 0;
	unsigned long clip_hi = 0;
	page_font *pf = NULL;
	int ok = 0, single;
	size_t mark = ck->text.len;
	/* the lines */
	for (const char *p = doc, *end = doc + len; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		if (!e)
			e = end;
		nln++;
		p = e + 1;
	}
	if (!(ln = sl_malloc((nln + 1) * sizeof *ln)) || !(gd = sl_malloc((nln + 1) * sizeof *gd)) ||
	    !(clip_at = sl_malloc((nln + 1) * sizeof *clip_at)) || !(pf = sl_malloc(64 * sizeof *pf)))
		goto out;
	nln = 0;
	for (const char *p = doc, *end = doc + len; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		if (!e)
			e = end;
		ln[nln].p = p;
		ln[nln++].n = (size_t)(e - p);
		p = e + 1;
	}
	if (nln < 3 || !line_starts(&ln[0], "<?xml") || !line_starts(&ln[1], "<svg ") ||
	    ln[1].n < 16 || memcmp(ln[1].p + ln[1].n - 15, " version=\"1.2\">", 15) != 0)
		goto out;
	head = ln[1];
	k = 2;
	if (line_is(&ln[k], "<defs>")) {
		k++;
		if (line_is(&ln[k], "<g>")) {
			for (k++; k < nln && !line_is(&ln[k], "</g>"); k++) {
				const char *t;
				size_t b;
				if (!line_starts(&ln[k], "<symbol overflow=\"visible\" id=\"glyph"))
					goto out;
				t = ln[k].p + 36;
				if (!read_uint(&t, ln[k].p + ln[k].n, &gd[ngd].f) || *t++ != '-' ||
				    !read_uint(&t, ln[k].p + ln[k].n, &gd[ngd].i) || strncmp(t, "\">", 2) != 0 ||
				    gd[ngd].i >= 250 ||   /* near a subset's 256: it may have gone on in another */
				    (ngd && gd[ngd].f * 256 + gd[ngd].i <= gd[ngd - 1].f * 256 + gd[ngd - 1].i))
					goto out;   /* (and they come in order) */
				for (b = ++k; k < nln && !line_is(&ln[k], "</symbol>"); k++)
					;
				if (k == nln)
					goto out;
				gd[ngd].body.p = ln[b].p;
				gd[ngd].body.n = (size_t)(ln[k].p - ln[b].p);
				ngd++;
			}
			if (k++ == nln)
				goto out;
		}
		while (k < nln && line_starts(&ln[k], "<clipPath id=\"clip")) {
			const char *t = ln[k].p + 18;
			unsigned long id;
			if (!read_uint(&t, ln[k].p + ln[k].n, &id) || strncmp(t, "\">", 2) != 0 || id != nclip + 1)
				goto out;
			clip_at[nclip++] = k;
			for (k++; k < nln && !line_is(&ln[k], "</clipPath>"); k++)
				if (memchr(ln[k].p, '#', ln[k].n) || has_id(&ln[k]))
					goto out;
			if (k++ == nln)
				goto out;
		}
		if (k == nln || !line_is(&ln[k], "</defs>"))
			goto out;
		k++;
	}
	/* one page is written without its <pageSet>: its <g> before </svg> */
	single = n == 1 && k + 1 < nln && line_starts(&ln[k], "<g id=\"surface") && line_is(&ln[nln - 1], "</svg>");
	if (!single && (k == nln || !line_is(&ln[k], "<pageSet>")))
		goto out;
	for (k += !single; k < nln && (single ? page == 0 : line_is(&ln[k], "<page>")); k++) {
		size_t b = single ? k : ++k, e;
		unsigned long lo = clip_hi + 1, hi = clip_hi;
		int npf = 0;
		if (page == n)
			goto out;
		if (single)
			e = nln - 1;
		else
			for (e = b; e < nln && !line_is(&ln[e], "</page>"); e++)
				;
		if (e == nln || e - b < 2 || !line_starts(&ln[b], "<g id=\"surface") || !line_is(&ln[e - 1], "</g>"))
			goto out;
		/* what the page names: glyphs (fonts and glyphs in the order of first
		 * use) and clips; no other id */
		for (size_t x = b; x < e; x++) {
			const char *q = ln[x].p, *qe = q + ln[x].n;
			if (x > b && has_id(&ln[x]))
				goto out;
			for (; (q = memchr(q, '#', (size_t)(qe - q))) != NULL; q++) {
				if (*q == '#' && qe - q > 6 && memcmp(q, "#glyph", 6) == 0) {
					const char *t = q + 6;
					unsigned long f, i;
					int m;
					if (!glyph_ref(&t, qe, &f, &i))
						goto out;
					if ((m = font_at(pf, npf, f)) == npf) {
						if (npf == 64)
							goto out;
						memset(&pf[npf], 0, sizeof pf[npf]);
						pf[npf].f = f;
						pf[npf].gi[0] = 0;   /* .notdef first */
						pf[npf].doc_to_page[0] = 1;
						pf[npf].n = 1;
						npf++;
					}
					if (!pf[m].doc_to_page[i]) {
						pf[m].gi[pf[m].n] = i;
						pf[m].doc_to_page[i] = (unsigned long)++pf[m].n;
					}
				} else if (*q == '#' && qe - q > 5 && memcmp(q, "#clip", 5) == 0) {
					const char *t = q + 5;
					unsigned long id;
					if (!read_uint(&t, qe, &id) || id < lo || id > nclip)
						goto out;
					if (id > hi)
						hi = id;
				} else if (*q == '#' && q > ln[x].p && (q[-1] == '"' || q[-1] == '('))
					goto out;   /* a reference to something else */
			}
		}
		/* the page as its own document */
		ck->pg[page].at = ck->text.len;
		sl_buf_put(&ck->text, ln[0].p, ln[0].n);
		sl_buf_putc(&ck->text, '\n');
		sl_buf_put(&ck->text, head.p, head.n - 5);
		sl_buf_puts(&ck->text, "1.1\">\n");
		if (npf || hi >= lo) {
			sl_buf_puts(&ck->text, "<defs>\n");
			if (npf) {
				sl_buf_puts(&ck->text, "<g>\n");
				for (int m = 0; m < npf; m++)
					for (int i = 0; i < pf[m].n; i++) {
						size_t d = 0, hi2 = ngd;   /* gd is in (F, I) order */
						unsigned long want = pf[m].f * 256 + pf[m].gi[i];
						while (d < hi2) {
							size_t mid = d + (hi2 - d) / 2;
							if (gd[mid].f * 256 + gd[mid].i < want)
								d = mid + 1;
							else
								hi2 = mid;
						}
						if (d == ngd || gd[d].f * 256 + gd[d].i != want)
							goto out;
						sl_buf_puts(&ck->text, "<symbol overflow=\"visible\" id=\"glyph");
						put_dec(&ck->text, (unsigned long long)m);
						sl_buf_putc(&ck->text, '-');
						put_dec(&ck->text, (unsigned long long)i);
						sl_buf_put(&ck->text, "\">\n", 3);
						sl_buf_put(&ck->text, gd[d].body.p, gd[d].body.n);
						sl_buf_puts(&ck->text, "</symbol>\n");
					}
				sl_buf_puts(&ck->text, "</g>\n");
			}
			for (unsigned long c = lo; c <= hi; c++) {
				size_t x = clip_at[c - 1];
				sl_buf_puts(&ck->text, "<clipPath id=\"clip");
				put_dec(&ck->text, c - lo + 1);
				sl_buf_put(&ck->text, "\">\n", 3);
				for (x++; !line_is(&ln[x], "</clipPath>"); x++) {
					sl_buf_put(&ck->text, ln[x].p, ln[x].n);
					sl_buf_putc(&ck->text, '\n');
				}
				sl_buf_puts(&ck->text, "</clipPath>\n");
			}
			sl_buf_puts(&ck->text, "</defs>\n");
		}
		for (size_t x = b; x < e; x++)
			if (!page_line(&ck->text, &ln[x], pf, npf, lo, hi))
				goto out;
		sl_buf_puts(&ck->text, "</svg>\n");
		ck->pg[page].len = ck->text.len - ck->pg[page].at;
		clip_hi = hi;
		page++;
		k = e;
	}
	if (page != n || clip_hi != nclip || (single ? k != nln : k + 2 != nln || !line_is(&ln[k], "</pageSet>") ||
	    !line_is(&ln[k + 1], "</svg>")))
		goto out;
	ok = !ck->text.failed;
out:
	sl_free(ln);
	sl_free(gd);
	sl_free(clip_at);
	sl_free(pf);
	if (!ok)
		ck->text.len = mark;
	return ok;
}

/* The frames a chunk is drawn from: frame m of them into *fr (desc holds
 * what fr's caption points at). */
typedef struct frame_src {
	int (*get)(void *ctx, size_t m, sl_frame *fr, sl_buf *desc, sl_error *err);
	void *ctx;
	size_t n;              /* frames there */
} frame_src;

/* Do the markers in cairo's document doc (its pages in order) agree with
 * the log of j->svgp: as many, and none missing from a page? */
static int markers_agree(html_job *j, const char *doc, size_t len)
{
	size_t nev, k = 0;
	const sl_kit_svg_event *ev = sl_kit_svg_pieces_events(j->svgp, &nev);
	int page = -1;
	for (const char *p = doc, *end = doc + len; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n;
		if (!e)
			e = end;
		n = (size_t)(e - p);
		if (n == 6 && memcmp(p, "<page>", 6) == 0)
			page++;
		else if (n > 40 && p[1] == 'r' && sl_kit_svg_marker_line(p, n)) {
			if (k == nev || ev[k].page != (page < 0 ? 0 : page))
				return 0;
			k++;
		}
		p = e + 1;
	}
	return k == nev;
}

/* Draws the frames of src from the first on (CHUNK at most, while they have
 * the first's size) into j->ck: their top layers, and the grounds to be
 * added; ck->n says how many. */
static int chunk_draw(html_job *j, const frame_src *src, sl_error *err)
{
	chunk *ck = &j->ck;
	sl_svg_pages *pg = NULL;
	sl_frame fr;
	sl_buf desc, *doc = &ck->doc;
	int w0 = 0, h0 = 0, rc = SL_OK;
	size_t n = 0;
	sl_buf_init(&desc);
	sl_buf_reset(doc);
	sl_buf_reset(&ck->text);
	ck->r = NULL;
	ck->n = 0;
	ck->pieced = 0;
	if (!ck->singles && !j->nopieces) {
		if (!j->svgp && sl_kit_svg_pieces_new(&j->svgp) < 0) {
			rc = sl_error_set(err, SL_ENOMEM, "html: out of memory");
			goto out;
		}
		sl_kit_svg_pieces_events_clear(j->svgp);
	}
	for (size_t q = 0; q < src->n && n < (ck->singles ? 1 : CHUNK); q++) {
		int w, h, seen = 0;
		chunk_page *cp = &ck->pg[n];
		if ((rc = src->get(src->ctx, q, &fr, &desc, err)) < 0 ||
		    (rc = sl_render_measure(&fr, j->o, &w, &h, err)) < 0)
			goto out;
		if (n && (w != w0 || h != h0))
			break;
		if ((rc = sl_render_ground_key(&fr, j->o, &cp->gkey, err)) < 0)
			goto out;
		for (size_t g = 0; g < j->ngrounds && !seen; g++)
			seen = j->gkeys[g] == cp->gkey;
		for (size_t m = 0; m < n && !seen; m++)
			seen = ck->pg[m].gkey == cp->gkey;
		cp->gat = ck->text.len;
		cp->glen = 0;
		if (!seen) {
			if ((rc = sl_render_svg_layers(&fr, j->o, SL_LAYER_GROUND, w, h, buf_write, &ck->text, err)) < 0)
				goto out;
			cp->glen = ck->text.len - cp->gat;
		}
		if (ck->singles) {
			cp->at = ck->text.len;
			if ((rc = sl_render_svg_layers(&fr, j->o, SL_LAYER_TOP, w, h, buf_write, &ck->text, err)) < 0)
				goto out;
			cp->len = ck->text.len - cp->at;
		} else {
			if (!n && (rc = sl_svg_pages_new(&pg, w, h, buf_write, doc, err)) < 0)
				goto out;
			if (!n && !j->nopieces) {
				sl_svg_pages_pieces(pg, j->svgp);
				ck->pieced = 1;
			}
			if ((rc = sl_svg_pages_add(pg, &fr, j->o, SL_LAYER_TOP, err)) < 0)
				goto out;
		}
		w0 = w;
		h0 = h;
		n++;
	}
	if (pg) {
		rc = sl_svg_pages_finish(pg, err);
		pg = NULL;
		if (rc < 0)
			goto out;
		if (ck->pieced && sl_kit_svg_pieces_failed(j->svgp)) {
			rc = sl_error_set(err, SL_ENOMEM, "html: out of memory");
			goto out;
		}
		if (ck->pieced && !markers_agree(j, sl_buf_cstr(doc), doc->len)) {
			/* a marker not written (a piece under no clip at all, say):
			 * the chunk again with every piece drawn, and so on */
			j->nopieces = 1;
			sl_svg_pages_free(pg);
			pg = NULL;
			sl_buf_free(&desc);
			return chunk_draw(j, src, err);
		}
		if (!pages_split(ck, sl_buf_cstr(doc), doc->len, n)) {
			/* not a document read here: each step on its own, from now on */
			ck->singles = 1;
			ck->pieced = 0;
			for (size_t m = 0; m < n; m++) {
				int w, h;
				chunk_page *cp = &ck->pg[m];
				if ((rc = src->get(src->ctx, m, &fr, &desc, err)) < 0 ||
				    (rc = sl_render_measure(&fr, j->o, &w, &h, err)) < 0)
					goto out;
				cp->at = ck->text.len;
				if ((rc = sl_render_svg_layers(&fr, j->o, SL_LAYER_TOP, w, h, buf_write, &ck->text, err)) < 0)
					goto out;
				cp->len = ck->text.len - cp->at;
			}
		}
	}
	if (ck->text.failed || doc->failed) {
		rc = sl_error_set(err, SL_ENOMEM, "html: out of memory");
		goto out;
	}
	ck->n = n;
	rc = SL_OK;
out:
	sl_svg_pages_free(pg);
	sl_buf_free(&desc);
	return rc;
}

/* Page m of j->ck as the page's lines, into j->cur, and the index of its
 * ground into *ground (the ground added to the page when it is new). */
static int top_page(html_job *j, size_t m, size_t *ground, sl_error *err)
{
	chunk *ck = &j->ck;
	chunk_page *cp = &ck->pg[m];
	int is_new, rc;
	if ((rc = ground_index(j, cp->gkey, ground, &is_new, err)) < 0)
		return rc;
	if (is_new && !cp->glen)
		return sl_error_set(err, SL_EFORMAT, "html: a ground was not drawn");
	if (is_new && (rc = ground_add(j, *ground, (const char *)ck->text.data + cp->gat, cp->glen, err)) < 0)
		return rc;
	j->svg_total += cp->len;
	j->ev = NULL;
	j->pc_open = 0;
	if (ck->pieced) {   /* page m's events */
		size_t nev;
		const sl_kit_svg_event *ev = sl_kit_svg_pieces_events(j->svgp, &nev);
		j->ev = ev ? ev : (const sl_kit_svg_event *)"";
		for (j->evi = 0; j->evi < nev && ev[j->evi].page < (int)m; j->evi++)
			;
		for (j->eve = j->evi; j->eve < nev && ev[j->eve].page == (int)m; j->eve++)
			;
	}
	rc = add_doc(j, (const char *)ck->text.data + cp->at, cp->len, "t-", &j->cur);
	j->ev = NULL;
	if (rc < 0)
		return sl_error_set(err, rc, rc == SL_ENOMEM ? "html: out of memory" : "html: cannot read cairo's SVG");
	return SL_OK;
}

/* A replay's positions from p as a chunk's frames. */
typedef struct replay_src {
	html_job *j;
	sl_replay *r;
	size_t p;
} replay_src;

static int replay_frame(void *ctx, size_t m, sl_frame *fr, sl_buf *desc, sl_error *err)
{
	replay_src *rs = ctx;
	int rc = sl_export_frame_as(rs->r, rs->p + m, sl_export_view(&sl_replay_log(rs->r)->h, rs->j->o), fr, desc,
		err);
	return rc < 0 ? rc : SL_OK;
}

/* The top layer of fr alone as the page's lines, into j->cur (a branch's
 * base: what its first step is the change from). */
static int top_of_frame(html_job *j, const sl_frame *fr, sl_error *err)
{
	sl_buf svg;
	int w, h, rc;
	sl_buf_init(&svg);
	if ((rc = sl_render_measure(fr, j->o, &w, &h, err)) >= 0 &&
	    (rc = sl_render_svg_layers(fr, j->o, SL_LAYER_TOP, w, h, buf_write, &svg, err)) >= 0) {
		j->svg_total += svg.len;
		if ((rc = add_doc(j, sl_buf_cstr(&svg), svg.len, "t-", &j->cur)) < 0)
			rc = sl_error_set(err, rc, rc == SL_ENOMEM ? "html: out of memory" :
				"html: cannot read cairo's SVG");
	}
	sl_buf_free(&svg);
	return rc < 0 ? rc : SL_OK;
}

/* The top layer of position p of r as the page's lines, into j->cur, and
 * the index of its ground into *ground (with a ground: steps up to last
 * drawn ahead, see chunk_draw); without, a branch's base: p alone. */
static int top_of(html_job *j, sl_replay *r, size_t p, size_t *ground, size_t last, sl_error *err)
{
	const sl_log *log = sl_replay_log(r);
	chunk *ck = &j->ck;
	int rc;
	if (!ground) {
		sl_frame fr;
		sl_buf desc;
		sl_buf_init(&desc);
		if ((rc = sl_export_frame_as(r, p, sl_export_view(&log->h, j->o), &fr, &desc, err)) >= 0)
			rc = top_of_frame(j, &fr, err);
		sl_buf_free(&desc);
		return rc < 0 ? rc : SL_OK;
	}
	if (!(ck->r == r && p >= ck->from && p < ck->from + ck->n)) {
		replay_src rs = {j, r, p};
		frame_src src = {replay_frame, &rs, (last < p ? p : last) - p + 1};
		if ((rc = chunk_draw(j, &src, err)) < 0)
			return rc;
		ck->r = r;
		ck->from = p;
	}
	return top_page(j, p - ck->from, ground, err);
}

/* A step of steps, the top in j->cur over ground g, as the change from
 * j->prev (first: none before it in the array); cur becomes prev. */
static int put_step(html_job *j, size_t g, int first, sl_buf *steps, sl_error *err)
{
	idvec t;
	int rc;
	sl_buf_puts(steps, first ? "\"" : ",\n\"");
	put_b36(steps, g);
	if ((rc = diff_ops(j, &j->prev, &j->cur, steps, 0)) < 0)
		return sl_error_set(err, rc, rc == SL_ENOMEM ? "html: out of memory" : "html: cannot read cairo's SVG");
	sl_buf_putc(steps, '"');
	t = j->prev;
	j->prev = j->cur;
	j->cur = t;
	return SL_OK;
}

/* The board at positions from..to of r into steps (a JSON array), each the
 * change from the one before; the first the change from base's position
 * base_pos (a branch's first step from the main line's), or from nothing. */
static int put_frames(html_job *j, sl_replay *r, size_t from, size_t to, sl_replay *base,
	size_t base_pos, sl_buf *steps, sl_error *err)
{
	int rc;
	j->prev.n = 0;
	if (base) {
		if ((rc = top_of(j, base, base_pos, NULL, base_pos, err)) < 0)
			return rc;
		idvec t = j->prev;
		j->prev = j->cur;
		j->cur = t;
	}
	sl_buf_putc(steps, '[');
	for (size_t p = from; p <= to; p++) {
		size_t g;
		j->cur.n = 0;
		if ((rc = top_of(j, r, p, &g, to, err)) < 0 || (rc = put_step(j, g, p == from, steps, err)) < 0)
			return rc;
	}
	sl_buf_putc(steps, ']');
	return SL_OK;
}

/* Entries two logs share: the longest run whose log digests agree (so a
 * branch is found by content, not by what its header says); -1 when the
 * headers' games or players differ. */
static long shared_entries(const sl_log *a, const sl_log *b)
{
	sl_chain ca, cb;
	long k = 0;
	if (sl_chain_begin(&ca, &a->h) || sl_chain_begin(&cb, &b->h) || memcmp(ca.d, cb.d, sizeof ca.d))
		return -1;
	while ((size_t)k < a->n && (size_t)k < b->n) {
		if (sl_chain_entry(&ca, a->game->schema, &a->ev[k]) || sl_chain_entry(&cb, b->game->schema, &b->ev[k]) ||
		    memcmp(ca.d, cb.d, sizeof ca.d))
			break;
		k++;
	}
	return k;
}

/* Does a game over at the end of r keep the result band's room? */
static int band_of(html_job *j, sl_replay *r, int *keep, sl_error *err)
{
	sl_frame fr;
	sl_buf desc;
	double band;
	int rc;
	sl_buf_init(&desc);
	rc = sl_export_frame(r, sl_replay_log(r)->n, &fr, &desc, err);
	sl_buf_free(&desc);
	if (rc < 0)
		return rc;
	if (sl_kit_band_height(&fr, j->o, 1, &band) < 0)
		return sl_error_set(err, SL_ENOMEM, "html: out of memory reading the result");
	*keep |= band > 0;
	return SL_OK;
}

/* The branches as JSON: name, where they leave the main line (at: entries
 * shared), their own entries and their boards from that position on. */
static int put_branches(html_job *j, sl_buf *out, sl_error *err)
{
	const sl_log *main_log = sl_replay_log(j->r);
	int rc;
	sl_buf_puts(out, ",\n\"branches\":[");
	for (size_t b = 0; j->ho && b < j->ho->nbranches; b++) {
		const sl_html_branch *br = &j->ho->branches[b];
		const sl_log *bl = sl_replay_log(br->r);
		long at = shared_entries(main_log, bl), evno = 0;
		if (at < 0)
			return sl_error_set(err, SL_EUSAGE, "html: branch %s is not a branch of this game (its game, "
				"rules version or players differ)", br->name);
		if ((size_t)at == bl->n)
			return sl_error_set(err, SL_EUSAGE, "html: branch %s adds nothing to the main line (its %zu "
				"entries are the main line's first ones)", br->name, bl->n);
		sl_buf_puts(out, b ? ",\n{\"name\":" : "{\"name\":");
		sl_export_json_str(out, br->name);
		sl_buf_printf(out, ",\"at\":%ld,\"entries\":[", at);
		if ((rc = put_entries(j, br->r, (size_t)at, &evno, out, err)) < 0)
			return rc;
		sl_buf_puts(out, "],\n\"steps\":");
		if ((rc = put_frames(j, br->r, (size_t)at, bl->n, j->r, (size_t)at, out, err)) < 0)
			return rc;
		sl_buf_putc(out, '}');
	}
	sl_buf_putc(out, ']');
	return SL_OK;
}

/* The page around the data: styles, the glyph symbols, the data as JSON,
 * the controls and the script. */
static void write_page(html_job *j, const sl_log *log, spool *ents, spool *br, const sl_series *se,
	page_out *po)
{
	sl_buf *page = &po->b;
	sl_buf_puts(page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n<title>");
	sl_export_escape_html(page, log->h.title ? log->h.title : log->h.game);
	sl_buf_printf(page, " - sillage</title>\n<style>%s</style>\n</head>\n<body class=\"%s%s\">\n",
		viewer_css, j->o->theme == SL_THEME_DARK ? "dark" : "light", j->ho && j->ho->embed ? " embed" : "");
	sl_buf_puts(page, "<svg id=\"glyphs\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\n");
	for (size_t g = 0; g < j->glyphs.n; g++) {
		sl_buf_printf(page, "<symbol overflow=\"visible\" id=\"sg%zu\">%s</symbol>\n", g,
			j->glyphs.s[g]);
		page_flush(po, 0);
	}
	sl_buf_puts(page, "</defs></svg>\n");
	sl_buf_puts(page, "<script type=\"application/json\" id=\"sl-data\">{\"title\":");
	sl_export_json_str(page, log->h.title ? log->h.title : "");
	sl_buf_puts(page, ",\"game\":");
	sl_export_json_str(page, log->game->name ? log->game->name : log->h.game);
	sl_buf_puts(page, ",\"players\":[");
	for (int i = 0; i < log->h.nplayers; i++) {
		sl_buf_puts(page, i ? ",{\"id\":" : "{\"id\":");
		sl_export_json_str(page, log->h.players[i].id);
		sl_buf_puts(page, ",\"name\":");
		sl_export_json_str(page, log->h.players[i].name ? log->h.players[i].name : "");
		sl_buf_printf(page, ",\"colour\":\"#%06x\"}", (unsigned)(log->h.players[i].colour & 0xffffff));
	}
	sl_buf_puts(page, "],\"entries\":[");
	page_spool(po, ents);
	sl_buf_puts(page, "],\n\"grounds\":");
	sl_buf_put(page, j->grounds.data, j->grounds.len);
	sl_buf_puts(page, ",\n\"steps\":");
	page_spool(po, &j->steps);
	sl_buf_puts(page, ",\n\"lines\":[");
	if (j->lines.first)   /* the lines let go, then those held */
		page_spool(po, &j->gone);
	for (size_t i = j->lines.first; i < j->lines.n; i++) {
		if (i)
			sl_buf_puts(page, ",\n");
		json_light(page, j->lines.s[i - j->lines.first]);
		page_flush(po, 0);
	}
	sl_buf_puts(page, "],\n\"styles\":[");
	for (size_t i = 0; i < j->styles.n; i++) {
		if (i)
			sl_buf_puts(page, ",\n");
		json_light(page, j->styles.s[i]);
	}
	sl_buf_puts(page, "],\n\"adv\":[");
	for (size_t i = 0; i < j->glyphs.n; i++) {
		if (i)
			sl_buf_putc(page, ',');
		put_h(page, i < j->nadv && j->adv[i] != LLONG_MIN ? j->adv[i] : 0);
	}
	sl_buf_puts(page, "],\n\"shapes\":[");
	for (size_t i = 0; i < j->shapes.n; i++) {
		if (i)
			sl_buf_puts(page, ",\n");
		json_light(page, j->shapes.s[i]);
	}
	sl_buf_putc(page, ']');
	page_spool(po, br);
	sl_buf_printf(page, ",\n\"embed\":%s", j->ho && j->ho->embed ? "true" : "false");
	if (j->part)   /* a part of a game: where its first step stands */
		sl_buf_printf(page, ",\n\"start\":{\"event\":%ld,\"turn\":%d}", j->ev0, j->turn0);
	add_metrics(page, log, se);
	sl_buf_puts(page, "}</script>\n");
	sl_buf_puts(page, viewer_body);
	sl_buf_printf(page, "<script>%s</script>\n</body></html>\n", viewer_js);
	page_flush(po, 1);
}

/* The job's tables, empty. */
static void job_init(html_job *j)
{
	memset(&j->steps, 0, sizeof j->steps);
	sl_buf_init(&j->steps.b);
	memset(&j->gone, 0, sizeof j->gone);
	sl_buf_init(&j->gone.b);
	sl_buf_init(&j->grounds);
	sl_buf_init(&j->line);
	sl_buf_init(&j->tmp);
	memset(&j->lines, 0, sizeof j->lines);
	memset(&j->glyphs, 0, sizeof j->glyphs);
	memset(&j->styles, 0, sizeof j->styles);
	memset(&j->shapes, 0, sizeof j->shapes);
	memset(&j->raw_lines, 0, sizeof j->raw_lines);
	memset(&j->raw_glyphs, 0, sizeof j->raw_glyphs);
	memset(&j->prev, 0, sizeof j->prev);
	memset(&j->cur, 0, sizeof j->cur);
	memset(&j->gdoc, 0, sizeof j->gdoc);
	{   /* tests draw every piece, to compare the page with pieces kept */
		const char *e = getenv("SL_HTML_PIECES");
		j->nopieces = e && strcmp(e, "0") == 0;
	}
}

static void job_free(html_job *j)
{
	spool_free(&j->steps);
	spool_free(&j->gone);
	sl_buf_free(&j->grounds);
	sl_buf_free(&j->line);
	sl_buf_free(&j->tmp);
	sl_free(j->prev.v);
	sl_free(j->cur.v);
	sl_free(j->gdoc.v);
	sl_free(j->pos_of);
	sl_free(j->adv);
	sl_free(j->gkeys);
	intern_free(&j->lines);
	intern_free(&j->glyphs);
	intern_free(&j->styles);
	intern_free(&j->shapes);
	intern_free(&j->raw_lines);
	intern_free(&j->raw_glyphs);
	sl_free(j->raw_line_id);
	sl_free(j->raw_glyph_id);
	sl_free(j->gmap);
	sl_buf_free(&j->ck.text);
	sl_buf_free(&j->ck.doc);
	sl_kit_svg_pieces_free(j->svgp);
}

/* The page of the job's tables and ents, br, se out through fn. */
static int job_page(html_job *j, const sl_log *log, spool *ents, spool *br, const sl_series *se,
	sl_write_fn fn, void *closure, sl_error *err)
{
	page_out po;
	memset(&po, 0, sizeof po);
	sl_buf_init(&po.b);
	po.fn = fn;
	po.closure = closure;
	write_page(j, log, ents, br, se, &po);
	if (po.b.failed || ents->b.failed || br->b.failed || j->steps.b.failed || j->grounds.failed ||
	    j->lines.failed || j->glyphs.failed || j->styles.failed || j->shapes.failed) {
		sl_buf_free(&po.b);
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	}
	sl_buf_free(&po.b);
	if (po.io_failed)
		return sl_error_set(err, SL_EIO, "html: writing the page failed");
	if (ents->failed || br->failed || j->steps.failed || j->gone.failed || j->gone.b.failed)
		return sl_error_set(err, SL_EIO, "html: a temporary file of the page failed");
	if (j->stats) {
		j->stats->svg_bytes = j->svg_total;
		j->stats->lines = j->lines.n;
		j->stats->bytes = po.total;
	}
	return SL_OK;
}

static int html_run(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	html_job *j = ctx;
	const sl_log *log = sl_replay_log(j->r);
	sl_series *se = NULL;
	spool br;
	spool ents;
	sl_render_opts ro;
	sl_error e;
	int rc = SL_OK, keep = 0;
	long evno = 0;

	memset(&ents, 0, sizeof ents);
	sl_buf_init(&ents.b);
	memset(&br, 0, sizeof br);
	sl_buf_init(&br.b);
	job_init(j);

	/* the entries in words */
	if ((rc = put_entries(j, j->r, 0, &evno, &ents.b, err)) < 0)
		goto out;
	/* a game over at the end (of the main line or a branch) keeps the
	 * result band's room on every step */
	ro = *j->o;
	if ((rc = band_of(j, j->r, &keep, err)) < 0)
		goto out;
	for (size_t b = 0; j->ho && b < j->ho->nbranches; b++)
		if ((rc = band_of(j, j->ho->branches[b].r, &keep, err)) < 0)
			goto out;
	ro.keep_band = keep;
	j->o = &ro;
	/* the board at every position: its ground (drawn once per key), and
	 * its top as the change from the position before */
	sl_buf_putc(&j->grounds, '[');
	if ((rc = put_frames(j, j->r, 0, log->n, NULL, 0, &j->steps.b, err)) < 0 ||
	    (rc = put_branches(j, &br.b, err)) < 0)
		goto out;
	sl_buf_putc(&j->grounds, ']');
	sl_error_clear(&e);
	if (log->n <= SERIES_MAX && sl_stats_series(&se, log, &e) != SL_OK)
		se = NULL;   /* a log whose checks fail (drawn with --force) has no chart */
	if ((rc = job_page(j, log, &ents, &br, se, fn, closure, err)) < 0)
		goto out;
	if (j->stats)
		j->stats->frames = (long)log->n + 1;
out:
	sl_series_free(se);
	spool_free(&ents);
	spool_free(&br);
	job_free(j);
	return rc;
}

int sl_html_to_func(sl_replay *r, const sl_render_opts *o, sl_write_fn fn, void *closure,
	sl_html_stats *stats, sl_error *err)
{
	return sl_html_to_func_ex(r, o, NULL, fn, closure, stats, err);
}

int sl_html_to_func_ex(sl_replay *r, const sl_render_opts *o, const sl_html_opts *ho, sl_write_fn fn,
	void *closure, sl_html_stats *stats, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	html_job j;
	if (!r || !fn)
		return sl_error_set(err, SL_EUSAGE, "html: nothing to write");
	memset(&j, 0, sizeof j);
	j.r = r;
	j.o = o ? o : &defaults;
	j.ho = ho;
	j.stats = stats;
	return html_run(fn, closure, &j, err);
}

static int html_file(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	return html_run(fn, closure, ctx, err);
}

int sl_html_to_file(const char *path, sl_replay *r, const sl_render_opts *o,
	sl_html_stats *stats, sl_error *err)
{
	return sl_html_to_file_ex(path, r, o, NULL, stats, err);
}

int sl_html_to_file_ex(const char *path, sl_replay *r, const sl_render_opts *o, const sl_html_opts *ho,
	sl_html_stats *stats, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	html_job j;
	if (!r)
		return sl_error_set(err, SL_EUSAGE, "html: nothing to write");
	memset(&j, 0, sizeof j);
	j.r = r;
	j.o = o ? o : &defaults;
	j.ho = ho;
	j.stats = stats;
	return sl_export_to_file(path, html_file, &j, err);
}

/* ---- the page fed as the log is walked ---------------------------------------------- */

struct sl_html_feed {
	html_job j;
	sl_render_opts ro;
	const sl_log *log;        /* header and game */
	spool ents;
	sl_series_feed *series;   /* the chart's, while it lasts */
	size_t steps, nseries;    /* steps fed; the series' limit */
	sl_buf desc;
	long evno;
	size_t lines_held;        /* LINES_HELD (a test may ask for fewer: SL_HTML_LINES_HELD) */
	/* the boards fed and not yet drawn: a chunk's (CHUNK) top layers are
	 * drawn as one document, so the frames are kept until it is full */
	struct fed_frame {
		void *state;          /* a clone of the state fed */
		sl_event *last;       /* a copy of the entry before it, or NULL */
		char *desc;           /* its caption, or NULL */
		long events;
	} held[CHUNK];
	size_t nheld, at;         /* kept; the first of them not yet drawn */
	size_t fed;               /* boards fed (steps: those drawn) */
	/* the branches (sl_html_feed_branch), after the main line */
	spool brs;                /* JSON: ,"branches":[{...},... */
	size_t nbranch;
	const sl_log *blog;       /* the branch being fed, or NULL: the main line */
	spool bents, bsteps;      /* its entries and steps */
	size_t bfed, bsteps_n;    /* its entries fed, steps drawn */
	char *bname;
	size_t bat;
};

static void feed_release(sl_html_feed *f)
{
	for (size_t k = 0; k < f->nheld; k++) {
		if (f->held[k].state)
			f->log->game->destroy(f->held[k].state);
		sl_free(f->held[k].last);
		sl_free(f->held[k].desc);
	}
	memset(f->held, 0, sizeof f->held);
	f->nheld = f->at = 0;
}

void sl_html_feed_free(sl_html_feed *f)
{
	if (!f)
		return;
	feed_release(f);
	job_free(&f->j);
	spool_free(&f->ents);
	spool_free(&f->brs);
	spool_free(&f->bents);
	spool_free(&f->bsteps);
	sl_free(f->bname);
	sl_series_feed_free(f->series);
	sl_buf_free(&f->desc);
	sl_free(f);
}

int sl_html_feed_new(sl_html_feed **out, const sl_log *head, const sl_render_opts *o, const sl_html_opts *ho,
	const sl_frame *end, size_t steps, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	sl_html_feed *f;
	double band;
	*out = NULL;
	if (!head || (ho && ho->nbranches))
		return sl_error_set(err, SL_EUSAGE, "html: a fed page has a log and no branches");
	if (!(f = sl_calloc(1, sizeof *f)))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	f->ro = o ? *o : defaults;
	f->log = head;
	f->j.ho = ho;
	f->j.o = &f->ro;
	f->nseries = steps;
	f->lines_held = LINES_HELD;
	{   /* tests let go of lines sooner, to see a long game's page on a short one */
		const char *e = getenv("SL_HTML_LINES_HELD");
		if (e && *e && strtoul(e, NULL, 10) > 0)
			f->lines_held = (size_t)strtoul(e, NULL, 10);
	}
	job_init(&f->j);
	sl_buf_init(&f->ents.b);
	sl_buf_init(&f->desc);
	sl_buf_init(&f->brs.b);
	sl_buf_init(&f->bents.b);
	sl_buf_init(&f->bsteps.b);
	sl_buf_puts(&f->brs.b, ",\n\"branches\":[");
	/* a game over at the last step keeps the result band's room on every step */
	if (end && sl_kit_band_height(end, &f->ro, 1, &band) < 0) {
		sl_html_feed_free(f);
		return sl_error_set(err, SL_ENOMEM, "html: out of memory reading the result");
	}
	f->ro.keep_band = end && band > 0;
	sl_buf_putc(&f->j.grounds, '[');
	sl_buf_putc(&f->j.steps.b, '[');
	*out = f;
	return SL_OK;
}

/* Kept frame at + m of the feed, for chunk_draw. */
static int feed_frame(void *ctx, size_t m, sl_frame *fr, sl_buf *desc, sl_error *err)
{
	sl_html_feed *f = ctx;
	const struct fed_frame *h = &f->held[f->at + m];
	(void)desc;
	(void)err;
	memset(fr, 0, sizeof *fr);
	fr->game = f->log->game;
	fr->header = f->blog ? &f->blog->h : &f->log->h;
	fr->state = h->state;
	fr->event_no = h->events;
	fr->last = h->last;
	fr->last_desc = h->desc;
	return SL_OK;
}

/* The text of line id (held) */
static const char *line_text(void *ctx, size_t id)
{
	const intern *t = ctx;
	return t->s[id - t->first];
}

/* The kept boards drawn, a chunk at a time, as the next steps. */
static int feed_flush(sl_html_feed *f, sl_error *err)
{
	int rc = SL_OK;
	while (f->at < f->nheld) {
		frame_src src = {feed_frame, f, f->nheld - f->at};
		if ((rc = chunk_draw(&f->j, &src, err)) < 0)
			goto out;
		for (size_t m = 0; m < f->j.ck.n; m++) {
			spool *to = f->blog ? &f->bsteps : &f->j.steps;
			size_t g;
			f->j.cur.n = 0;
			if ((rc = top_page(&f->j, m, &g, err)) < 0 ||
			    (rc = put_step(&f->j, g, (f->blog ? f->bsteps_n : f->steps) == 0, &to->b, err)) < 0)
				goto out;
			spool_keep(to);
			if (f->j.lines.n - f->j.lines.first > f->lines_held) {
				/* the pieces' lines are kept as text: a page of this
				 * chunk may put one back */
				if (f->j.svgp && (rc = sl_kit_svg_pieces_forget(f->j.svgp, line_text, &f->j.lines)) < 0) {
					rc = sl_error_set(err, rc, "html: out of memory");
					goto out;
				}
				intern_forget(&f->j.lines, &f->j.gone);
				intern_drop(&f->j.raw_lines);   /* its ids are of lines let go */
			}
			if (f->blog)
				f->bsteps_n++;
			else
				f->steps++;
		}
		f->at += f->j.ck.n;
	}
out:
	feed_release(f);
	return rc;
}

/* The board of fr as the next step: kept (its state cloned, its entry and
 * caption copied) until a chunk of them is drawn. */
static int feed_board(sl_html_feed *f, const sl_frame *fr, sl_error *err)
{
	struct fed_frame *h = &f->held[f->nheld];
	int rc;
	memset(h, 0, sizeof *h);
	f->nheld++;
	h->events = fr->event_no;
	if ((rc = sl_game_clone(f->log->game, fr->state, &h->state, err)) < 0) {
		h->state = NULL;
		return rc == SL_ENOMEM ? sl_error_set(err, SL_ENOMEM, "html: out of memory") : rc;
	}
	if ((fr->last && sl_event_copy(fr->last, &h->last) < 0) ||
	    (fr->last_desc && !(h->desc = sl_strdup(fr->last_desc))))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	if (!f->blog)
		f->fed++;
	return f->nheld == CHUNK ? feed_flush(f, err) : SL_OK;
}

/* The frame of state, the main line's, after `events` events, with the
 * entry before it and its words (the glyph added) as its caption. */
static int feed_at(sl_html_feed *f, sl_frame *fr, const void *state, long events, const sl_event *last,
	const char *last_desc, sl_error *err)
{
	memset(fr, 0, sizeof *fr);
	fr->game = f->log->game;
	fr->header = &f->log->h;
	fr->state = state;
	fr->event_no = events;
	sl_buf_reset(&f->desc);
	if (last) {
		fr->last = last;
		sl_buf_puts(&f->desc, last_desc ? last_desc : "");
		if (sl_export_glyph_desc(last, &f->desc) || f->desc.failed)
			return sl_error_set(err, SL_ENOMEM, "html: out of memory");
		fr->last_desc = sl_buf_cstr(&f->desc);
	}
	return SL_OK;
}

int sl_html_feed_first(sl_html_feed *f, const void *state, size_t pos, long events, int turn,
	const void *origin, const sl_event *last, const char *last_desc, sl_error *err)
{
	const sl_metric_def *md;
	sl_frame fr;
	void *st;
	int rc, nm;
	sl_error e;
	if ((rc = feed_at(f, &fr, state, events, last, last_desc, err)) < 0)
		return rc;
	f->j.part = pos > 0;
	f->j.ev0 = f->evno = events;
	f->j.turn0 = turn;
	/* the chart: the series from this position (a log whose checks fail, drawn
	 * with --force, has none, as a whole page has not) */
	sl_error_clear(&e);
	nm = sl_stats_metrics(f->log->game, &md);
	if (f->nseries <= SERIES_MAX + 1 && nm > 0 &&
	    f->nseries * ((size_t)f->log->h.nplayers * (size_t)nm * sizeof(double) + 24) <= SERIES_BYTES) {
		if (pos == 0)
			rc = sl_series_feed_new(&f->series, f->log, &e);
		else if (!(rc = sl_game_clone(f->log->game, state, &st, &e)))
			rc = sl_series_feed_new_at(&f->series, f->log, st, pos, events, origin, &e);
		if (rc == SL_ENOMEM)   /* not a page without its chart said to be written */
			return sl_error_set(err, SL_ENOMEM, "html: out of memory");
		if (rc)
			f->series = NULL;
	}
	return feed_board(f, &fr, err);
}

/* The board after entry ev (its words desc, the glyph added) fed. */
static int feed_after(sl_html_feed *f, const sl_header *h, const void *state, const sl_event *ev,
	const char *desc, long events, sl_error *err)
{
	sl_frame fr;
	memset(&fr, 0, sizeof fr);
	fr.game = f->log->game;
	fr.header = h;
	fr.state = state;
	fr.event_no = events;
	fr.last = ev;
	sl_buf_reset(&f->desc);
	sl_buf_puts(&f->desc, desc);
	if (sl_export_glyph_desc(ev, &f->desc) || f->desc.failed)
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	fr.last_desc = sl_buf_cstr(&f->desc);
	return feed_board(f, &fr, err);
}

int sl_html_feed_entry(sl_html_feed *f, const void *state, const sl_event *ev, const char *desc, int turn,
	int phase, long events, sl_error *err)
{
	sl_error e;
	if (f->blog) {   /* a branch's entry */
		entry_json(&f->bents.b, f->blog, ev, f->bfed++ == 0, desc, turn, phase, events);
		spool_keep(&f->bents);
		return feed_after(f, &f->blog->h, state, ev, desc, events, err);
	}
	f->evno = events;
	entry_json(&f->ents.b, f->log, ev, f->fed == 1, desc, turn, phase, events);
	spool_keep(&f->ents);
	sl_error_clear(&e);
	if (f->series && sl_series_feed_add(f->series, ev, 1, &e) != SL_OK) {
		if (e.code == SL_ENOMEM)
			return sl_error_set(err, SL_ENOMEM, "html: out of memory");
		sl_series_feed_free(f->series);   /* its checks fail (drawn with --force): no chart */
		f->series = NULL;
	}
	return feed_after(f, &f->log->h, state, ev, desc, events, err);
}

int sl_html_feed_finish(sl_html_feed *f, sl_write_fn fn, void *closure, sl_html_stats *stats, sl_error *err)
{
	sl_series *se = NULL;
	sl_result res;
	sl_error e;
	int rc;
	if (f->blog)
		return sl_error_set(err, SL_EUSAGE, "html: a branch fed and not ended");
	if ((rc = feed_flush(f, err)) < 0)
		return rc;
	sl_buf_putc(&f->brs.b, ']');
	sl_buf_putc(&f->j.grounds, ']');
	sl_buf_putc(&f->j.steps.b, ']');
	sl_error_clear(&e);
	if (f->series && sl_series_feed_end(f->series, &se, &res, &e) != SL_OK)
		se = NULL;
	f->series = NULL;
	f->j.stats = stats;
	rc = job_page(&f->j, f->log, &f->ents, &f->brs, se, fn, closure, err);
	if (!rc && stats)
		stats->frames = (long)f->steps;
	sl_series_free(se);
	return rc;
}

int sl_html_feed_band(sl_html_feed *f, const sl_frame *end, sl_error *err)
{
	double band;
	if (f->fed || f->blog)
		return sl_error_set(err, SL_EUSAGE, "html: a line's end given after its boards");
	if (sl_kit_band_height(end, &f->ro, 1, &band) < 0)
		return sl_error_set(err, SL_ENOMEM, "html: out of memory reading the result");
	f->ro.keep_band |= band > 0;
	return SL_OK;
}

int sl_html_feed_branch(sl_html_feed *f, const sl_log *head, const char *name, size_t at, const void *state,
	long events, const sl_event *last, const char *last_desc, sl_error *err)
{
	sl_frame fr;
	int rc;
	if (f->blog || !f->fed)
		return sl_error_set(err, SL_EUSAGE, "html: a branch fed before the main line or inside another");
	if ((rc = feed_flush(f, err)) < 0)   /* the main line's last steps */
		return rc;
	if (!(f->bname = sl_strdup(name ? name : "")))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	f->blog = head;
	f->bat = at;
	f->bfed = f->bsteps_n = 0;
	/* what its first step is the change from: the board where it leaves
	 * the main line, drawn as the main line's (its header) */
	if ((rc = feed_at(f, &fr, state, events, last, last_desc, err)) < 0)
		return rc;
	f->j.prev.n = 0;
	f->j.cur.n = 0;
	if ((rc = top_of_frame(&f->j, &fr, err)) < 0)
		return rc;
	idvec t = f->j.prev;
	f->j.prev = f->j.cur;
	f->j.cur = t;
	/* and its first step: that board, as the branch's */
	fr.header = &head->h;
	return feed_board(f, &fr, err);
}

int sl_html_feed_branch_end(sl_html_feed *f, sl_error *err)
{
	spool *b = &f->brs;
	int rc;
	if (!f->blog)
		return sl_error_set(err, SL_EUSAGE, "html: no branch fed");
	if ((rc = feed_flush(f, err)) < 0)
		return rc;
	sl_buf_puts(&b->b, f->nbranch ? ",\n{\"name\":" : "{\"name\":");
	sl_export_json_str(&b->b, f->bname);
	sl_buf_printf(&b->b, ",\"at\":%zu,\"entries\":[", f->bat);
	spool_append(b, &f->bents);
	sl_buf_puts(&b->b, "],\n\"steps\":[");
	spool_append(b, &f->bsteps);
	sl_buf_puts(&b->b, "]}");
	spool_keep(b);
	spool_free(&f->bents);
	spool_free(&f->bsteps);
	sl_buf_init(&f->bents.b);
	sl_buf_init(&f->bsteps.b);
	sl_free(f->bname);
	f->bname = NULL;
	f->blog = NULL;
	f->nbranch++;
	if (b->failed || b->b.failed)
		return sl_error_set(err, b->failed ? SL_EIO : SL_ENOMEM, b->failed ?
			"html: a temporary file of the page failed" : "html: out of memory");
	return SL_OK;
}

typedef struct feed_file {
	sl_html_feed *f;
	sl_html_stats *stats;
} feed_file;

static int feed_file_write(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	feed_file *ff = ctx;
	return sl_html_feed_finish(ff->f, fn, closure, ff->stats, err);
}

int sl_html_feed_finish_file(sl_html_feed *f, const char *path, sl_html_stats *stats, sl_error *err)
{
	feed_file ff = {f, stats};
	return sl_export_to_file(path, feed_file_write, &ff, err);
}
