/* html.c - the self-contained HTML replay viewer: the board as SVG at every
 * position, the events in words, notes and bookmarks, controls, keyboard and
 * #event=N links, in one file with no network. To keep it small the SVG
 * frames share their text: cairo's glyph symbols are renamed by content and
 * kept once, and every frame is a list of runs over one table of distinct
 * lines. Every text from the log reaches the page as escaped JSON and is put
 * on screen with textContent, never parsed as HTML. */
#include "export.h"

#include <stdio.h>
#include <string.h>

/* ---- a string interner ------------------------------------------------------------ */

typedef struct intern {
	char **s;
	size_t n, cap;
	size_t *slot;      /* open addressing: index + 1, 0 = empty */
	size_t nslot;
	int failed;
} intern;

static size_t intern_add(intern *t, const char *s, size_t len)
{
	uint64_t h = sl_hash64(s, len);
	size_t k;
	if ((t->n + 1) * 2 > t->nslot) {
		size_t ns = t->nslot ? t->nslot * 2 : 4096, *sl = sl_calloc(ns, sizeof *sl);
		if (!sl) {
			t->failed = 1;
			return 0;
		}
		for (size_t i = 0; i < t->n; i++) {
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
			return t->slot[k] - 1;
		k = (k + 1) & (t->nslot - 1);
	}
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 4096;
		char **ns = sl_realloc(t->s, nc * sizeof *ns);
		if (!ns) {
			t->failed = 1;
			return 0;
		}
		t->s = ns;
		t->cap = nc;
	}
	if (!(t->s[t->n] = sl_strndup(s, len))) {
		t->failed = 1;
		return 0;
	}
	t->slot[k] = t->n + 1;
	return t->n++;
}

static void intern_free(intern *t)
{
	for (size_t i = 0; i < t->n; i++)
		sl_free(t->s[i]);
	sl_free(t->s);
	sl_free(t->slot);
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

/* ---- one SVG frame into lines ---------------------------------------------------------- */

typedef struct html_job {
	sl_replay *r;
	const sl_render_opts *o;
	sl_html_stats *stats;
	intern lines, glyphs;
	sl_buf frames;      /* JSON: [[start,len,...],...] */
	sl_buf line;
} html_job;

/* Adds one SVG document: glyph symbols go to the glyph table (renamed
 * "sg<N>" by content), every other line to the line table; appends the
 * frame's runs to j->frames. */
static int add_svg(html_job *j, const char *svg, size_t n, int first)
{
	/* local glyph id -> global: cairo numbers them per document */
	char **lid = NULL;
	size_t *gid = NULL, nl = 0, cap = 0, run_s = 0, run_n = 0;
	const char *p = svg, *end = svg + n;
	int nruns = 0, rc = SL_OK;
	sl_buf_puts(&j->frames, first ? "[" : ",[");
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t len, id;
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
			sl_buf_reset(&j->line);
			sl_buf_put(&j->line, body, (size_t)(be - body));
			if (j->line.failed) {   /* a cut line is not the line */
				rc = SL_ENOMEM;
				goto out;
			}
			id = intern_add(&j->glyphs, sl_buf_cstr(&j->line), j->line.len);
			if (nl == cap) {
				/* each block kept until its new one exists */
				size_t nc = cap ? cap * 2 : 256;
				char **nlid = sl_realloc(lid, nc * sizeof *lid);
				size_t *ngid;
				if (nlid)
					lid = nlid;
				ngid = nlid ? sl_realloc(gid, nc * sizeof *gid) : NULL;
				if (!ngid) {
					rc = SL_ENOMEM;
					goto out;
				}
				gid = ngid;
				cap = nc;
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
		if (len >= 5 && strncmp(p, "<?xml", 5) == 0) {
			p = e + 1;
			continue;
		}
		/* rename glyph references */
		sl_buf_reset(&j->line);
		for (const char *c = p; c < e;) {
			const char *h = memchr(c, '#', (size_t)(e - c));
			if (!h || e - h < 7 || strncmp(h, "#glyph", 6) != 0) {
				sl_buf_put(&j->line, c, (size_t)((h ? h + 1 : e) - c));
				c = h ? h + 1 : e;
				continue;
			}
			{
				const char *he = memchr(h, '"', (size_t)(e - h));
				size_t k;
				if (!he)
					he = e;
				sl_buf_put(&j->line, c, (size_t)(h - c));
				for (k = 0; k < nl; k++)
					if (strlen(lid[k]) == (size_t)(he - h - 1) && strncmp(lid[k], h + 1, (size_t)(he - h - 1)) == 0)
						break;
				if (k < nl)
					sl_buf_printf(&j->line, "#sg%zu", gid[k]);
				else
					sl_buf_put(&j->line, h, (size_t)(he - h));
				c = he;
			}
		}
		if (j->line.failed) {
			rc = SL_ENOMEM;
			goto out;
		}
		id = intern_add(&j->lines, sl_buf_cstr(&j->line), j->line.len);
		if (run_n && id == run_s + run_n)
			run_n++;
		else {
			if (run_n)
				sl_buf_printf(&j->frames, "%s%zu,%zu", nruns++ ? "," : "", run_s, run_n);
			run_s = id;
			run_n = 1;
		}
		p = e + 1;
	}
	if (run_n)
		sl_buf_printf(&j->frames, "%s%zu,%zu", nruns++ ? "," : "", run_s, run_n);
	sl_buf_putc(&j->frames, ']');
	if (j->lines.failed || j->glyphs.failed || j->frames.failed)
		rc = SL_ENOMEM;
out:
	for (size_t k = 0; k < nl; k++)
		sl_free(lid[k]);
	sl_free(lid);
	sl_free(gid);
	return rc;
}

static int buf_write(void *closure, const unsigned char *data, size_t n)
{
	sl_buf *b = closure;
	sl_buf_put(b, data, n);
	return b->failed ? SL_ENOMEM : 0;
}

/* ---- the page ------------------------------------------------------------------------------ */

#include "html_viewer.inc"   /* static const char viewer_css[], viewer_js[] */

static void entry_json(sl_buf *b, const sl_log *log, size_t i, const char *desc, int turn,
	int phase, long evno)
{
	const sl_event *ev = &log->ev[i];
	sl_buf_printf(b, "%s{\"k\":%d,\"t\":%d,\"p\":%d,\"n\":%ld,\"d\":", i ? "," : "", ev->entry,
		turn, phase, ev->entry == SL_ENTRY_EVENT ? evno : 0);
	sl_export_json_str(b, desc);
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

static int html_run(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	html_job *j = ctx;
	const sl_log *log = sl_replay_log(j->r);
	sl_buf page, ents, desc, svg;
	sl_frame fr;
	size_t svg_total = 0;
	int rc = SL_OK;
	long evno = 0;

	sl_buf_init(&page);
	sl_buf_init(&ents);
	sl_buf_init(&desc);
	sl_buf_init(&svg);
	sl_buf_init(&j->frames);
	sl_buf_init(&j->line);
	memset(&j->lines, 0, sizeof j->lines);
	memset(&j->glyphs, 0, sizeof j->glyphs);

	/* the entries in words */
	if ((rc = sl_replay_seek(j->r, 0, err)) < 0)
		goto out;
	for (size_t i = 0; i < log->n; i++) {
		int turn, phase;
		sl_buf_reset(&desc);
		if ((rc = sl_replay_describe(j->r, i, &desc, err)) < 0)
			goto out;
		sl_replay_where(j->r, &turn, &phase);
		evno += log->ev[i].entry == SL_ENTRY_EVENT;
		entry_json(&ents, log, i, sl_buf_cstr(&desc), turn, phase, evno);
	}
	/* the board at every position */
	sl_buf_putc(&j->frames, '[');
	for (size_t p = 0; p <= log->n; p++) {
		if ((rc = sl_export_frame(j->r, p, &fr, &desc, err)) < 0)
			goto out;
		sl_buf_reset(&svg);
		if ((rc = sl_render_to_func(SL_FMT_SVG, &fr, j->o, buf_write, &svg, err)) < 0)
			goto out;
		svg_total += svg.len;
		if ((rc = add_svg(j, sl_buf_cstr(&svg), svg.len, p == 0)) < 0) {
			rc = sl_error_set(err, rc, rc == SL_ENOMEM ? "html: out of memory" :
				"html: cannot read cairo's SVG at position %zu", p);
			goto out;
		}
	}
	sl_buf_putc(&j->frames, ']');

	/* the page */
	sl_buf_puts(&page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n<title>");
	sl_export_escape_html(&page, log->h.title ? log->h.title : log->h.game);
	sl_buf_printf(&page, " - sillage</title>\n<style>%s</style>\n</head>\n<body class=\"%s\">\n",
		viewer_css, j->o->theme == SL_THEME_DARK ? "dark" : "light");
	sl_buf_puts(&page, "<svg id=\"glyphs\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\n");
	for (size_t g = 0; g < j->glyphs.n; g++)
		sl_buf_printf(&page, "<symbol overflow=\"visible\" id=\"sg%zu\">%s</symbol>\n", g,
			j->glyphs.s[g]);
	sl_buf_puts(&page, "</defs></svg>\n");
	sl_buf_puts(&page, "<script type=\"application/json\" id=\"sl-data\">{\"title\":");
	sl_export_json_str(&page, log->h.title ? log->h.title : "");
	sl_buf_puts(&page, ",\"game\":");
	sl_export_json_str(&page, log->game->name ? log->game->name : log->h.game);
	sl_buf_puts(&page, ",\"players\":[");
	for (int i = 0; i < log->h.nplayers; i++) {
		sl_buf_puts(&page, i ? ",{\"id\":" : "{\"id\":");
		sl_export_json_str(&page, log->h.players[i].id);
		sl_buf_puts(&page, ",\"name\":");
		sl_export_json_str(&page, log->h.players[i].name ? log->h.players[i].name : "");
		sl_buf_printf(&page, ",\"colour\":\"#%06x\"}", (unsigned)(log->h.players[i].colour & 0xffffff));
	}
	sl_buf_puts(&page, "],\"entries\":[");
	sl_buf_put(&page, ents.data, ents.len);
	sl_buf_puts(&page, "],\"frames\":");
	sl_buf_put(&page, j->frames.data, j->frames.len);
	sl_buf_puts(&page, ",\"lines\":[");
	for (size_t i = 0; i < j->lines.n; i++) {
		if (i)
			sl_buf_putc(&page, ',');
		json_light(&page, j->lines.s[i]);
	}
	sl_buf_puts(&page, "]}</script>\n");
	sl_buf_puts(&page, viewer_body);
	sl_buf_printf(&page, "<script>%s</script>\n</body></html>\n", viewer_js);
	if (page.failed || ents.failed || j->frames.failed) {
		rc = sl_error_set(err, SL_ENOMEM, "html: out of memory");
		goto out;
	}
	if (fn(closure, page.data, page.len) != 0) {
		rc = sl_error_set(err, SL_EIO, "html: writing the page failed");
		goto out;
	}
	if (j->stats) {
		j->stats->frames = (long)log->n + 1;
		j->stats->svg_bytes = svg_total;
		j->stats->lines = j->lines.n;
		j->stats->bytes = page.len;
	}
out:
	sl_buf_free(&page);
	sl_buf_free(&ents);
	sl_buf_free(&desc);
	sl_buf_free(&svg);
	sl_buf_free(&j->frames);
	sl_buf_free(&j->line);
	intern_free(&j->lines);
	intern_free(&j->glyphs);
	return rc;
}

int sl_html_to_func(sl_replay *r, const sl_render_opts *o, sl_write_fn fn, void *closure,
	sl_html_stats *stats, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL};
	html_job j;
	if (!r || !fn)
		return sl_error_set(err, SL_EUSAGE, "html: nothing to write");
	memset(&j, 0, sizeof j);
	j.r = r;
	j.o = o ? o : &defaults;
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
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL};
	html_job j;
	if (!r)
		return sl_error_set(err, SL_EUSAGE, "html: nothing to write");
	memset(&j, 0, sizeof j);
	j.r = r;
	j.o = o ? o : &defaults;
	j.stats = stats;
	return sl_export_to_file(path, html_file, &j, err);
}
