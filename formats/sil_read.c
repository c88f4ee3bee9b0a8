/* sil_read.c - the .sil text reader, generic over game schemas
 * (formats/sil.md). Every error names FILE:LINE:COL and what was expected. */
#include "sl_log.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cursor {
	const char *s;       /* the line, without its newline */
	size_t n, i;
	uint32_t line;
	const char *name;
	sl_error *err;
} cursor;

/* 1-based column in characters (UTF-8 code points) of byte offset at */
static uint32_t col_of(const cursor *c, size_t at)
{
	uint32_t col = 1;
	for (size_t k = 0; k < at && k < c->n; k++)
		if (((unsigned char)c->s[k] & 0xc0) != 0x80)
			col++;
	return col;
}

static int fail(const cursor *c, size_t at, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int fail(const cursor *c, size_t at, int code, const char *fmt, ...)
{
	char msg[480];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return sl_error_at(c->err, code, c->name, c->line, col_of(c, at), "%s", msg);
}

static void skip_space(cursor *c)
{
	while (c->i < c->n && (c->s[c->i] == ' ' || c->s[c->i] == '\t'))
		c->i++;
}

static int at_end(cursor *c)
{
	skip_space(c);
	return c->i >= c->n;
}

/* isalnum of the C locale (sillage never sets another), without the call:
 * every byte of every word of a log goes through here */
static int is_word(int ch)
{
	return (unsigned)((ch | 32) - 'a') < 26 || (unsigned)(ch - '0') < 10 || ch == '_' || ch == '-' ||
		ch == '+' || ch == '.';
}

/* A run of word characters; returns its length (0 if none). */
static size_t word(cursor *c, const char **out)
{
	size_t start;
	skip_space(c);
	start = c->i;
	while (c->i < c->n && is_word((unsigned char)c->s[c->i]))
		c->i++;
	*out = c->s + start;
	return c->i - start;
}

static int is_id(const char *s, size_t n)
{
	if (n == 0 || n > 63)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-')
			return 0;
	return 1;
}

/* Parses a decimal integer at the cursor into *out within [lo, hi]. */
static int parse_int(cursor *c, int64_t lo, int64_t hi, int64_t *out, const char *what)
{
	size_t start = c->i, k = c->i;
	int neg = 0;
	int64_t v = 0;
	if (k < c->n && (c->s[k] == '-' || c->s[k] == '+'))
		neg = c->s[k++] == '-';
	if (k >= c->n || !isdigit((unsigned char)c->s[k]))
		return fail(c, start, SL_ESYNTAX, "expected %s (an integer)", what);
	for (; k < c->n && isdigit((unsigned char)c->s[k]); k++) {
		int d = c->s[k] - '0';
		if (v > (INT64_MAX - d) / 10)   /* exact: 9223372036854775807 itself is taken */
			return fail(c, start, SL_ESYNTAX, "%s is too large", what);
		v = v * 10 + d;
	}
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return fail(c, start, SL_ESYNTAX, "%s %lld is out of range (%lld..%lld)",
			what, (long long)v, (long long)lo, (long long)hi);
	c->i = k;
	*out = v;
	return SL_OK;
}

/* A quoted string with \" \\ \n \t escapes, or (bare) one word.
 * The unescaped bytes go to b. */
static int parse_text(cursor *c, sl_buf *b, int allow_bare, const char *what)
{
	size_t start = c->i;
	sl_buf_reset(b);
	if (c->i < c->n && c->s[c->i] == '"') {
		c->i++;
		while (c->i < c->n && c->s[c->i] != '"') {
			char ch;
			size_t run = c->i;
			while (run < c->n && c->s[run] != '"' && c->s[run] != '\\')
				run++;
			if (run > c->i) {   /* the bytes up to a quote or an escape at once */
				sl_buf_put(b, c->s + c->i, run - c->i);
				c->i = run;
				continue;
			}
			ch = c->s[c->i++];
			if (ch == '\\') {
				if (c->i >= c->n)
					break;
				ch = c->s[c->i++];
				switch (ch) {
				case '"': case '\\': break;
				case 'n': ch = '\n'; break;
				case 't': ch = '\t'; break;
				default:
					return fail(c, c->i - 2, SL_ESYNTAX,
						"unknown escape '\\%c' in %s (expected \\\" \\\\ \\n or \\t)", ch, what);
				}
			}
			sl_buf_putc(b, ch);
		}
		if (c->i >= c->n)
			return fail(c, start, SL_ESYNTAX, "unterminated string in %s (expected a closing '\"')", what);
		c->i++;
		/* a failed copy is not an empty string */
		return b->failed ? fail(c, start, SL_ENOMEM, "out of memory") : SL_OK;
	}
	if (allow_bare) {
		const char *w;
		size_t n = word(c, &w);
		if (n) {
			sl_buf_put(b, w, n);
			return b->failed ? fail(c, start, SL_ENOMEM, "out of memory") : SL_OK;
		}
	}
	return fail(c, start, SL_ESYNTAX, "expected %s (a quoted string)", what);
}

/* The rest of the line, trimmed. */
static size_t rest(cursor *c, const char **out)
{
	size_t end = c->n;
	skip_space(c);
	while (end > c->i && (c->s[end - 1] == ' ' || c->s[end - 1] == '\t'))
		end--;
	*out = c->s + c->i;
	c->i = c->n;
	return end - (size_t)(*out - c->s);
}

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* "!" followed by exactly `digits` hex digits */
static int parse_check(cursor *c, int digits, uint64_t *out)
{
	size_t start = c->i;
	uint64_t v = 0;
	int k = 0;
	c->i++;   /* '!' */
	while (c->i < c->n && hexval((unsigned char)c->s[c->i]) >= 0 && k < 17) {
		v = (v << 4) | (uint64_t)hexval((unsigned char)c->s[c->i++]);
		k++;
	}
	if (k != digits)
		return fail(c, start, SL_ESYNTAX,
			"expected a state check '!' with %d hex digits", digits);
	*out = v;
	return SL_OK;
}

static char *arena_copy(sl_log *log, const void *p, size_t n)
{
	return sl_arena_strndup(&log->arena, p, n);
}

/* A draw mark after a value (format 2, formats/prng.md): "@COUNTER" after a
 * die, "@COUNTER:VALUE/OUT_OF" after a value drawn out of weights. At the
 * '@'. */
static int parse_mark(cursor *c, const sl_field_def *fd, int field, int item, int weighed,
	sl_draw *dr, int *ndr)
{
	size_t at = c->i++;
	uint64_t ctr = 0;
	int digits = 0;
	int64_t v = 0, w = 0;
	while (c->i < c->n && c->s[c->i] >= '0' && c->s[c->i] <= '9' && digits < 19) {
		ctr = ctr * 10 + (uint64_t)(c->s[c->i++] - '0');
		digits++;
	}
	if (!digits)
		return fail(c, at, SL_ESYNTAX, "expected the dice counter after '@' in %s (like 4@17)", fd->name);
	if (weighed) {
		if (c->i >= c->n || c->s[c->i] != ':')
			return fail(c, c->i, SL_ESYNTAX, "expected ':VALUE/OUT_OF' after the counter in %s (like "
				"%s@3:7/15)", fd->name, fd->name);
		c->i++;
		if (parse_int(c, 1, 255, &v, "the value drawn"))
			return c->err->code;
		if (c->i >= c->n || c->s[c->i] != '/')
			return fail(c, c->i, SL_ESYNTAX, "expected '/OUT_OF' after the value drawn in %s", fd->name);
		c->i++;
		if (parse_int(c, 1, 255, &w, "what it is drawn out of"))
			return c->err->code;
		if (v > w)
			return fail(c, at, SL_ESYNTAX, "%s: %lld drawn out of %lld", fd->name, (long long)v, (long long)w);
	}
	if (*ndr >= SL_MAX_ITEMS)
		return fail(c, at, SL_ESYNTAX, "too many drawn values in one event (at most %d)", SL_MAX_ITEMS);
	dr[*ndr].counter = ctr;
	dr[*ndr].field = (uint8_t)field;
	dr[*ndr].item = (uint8_t)item;
	dr[*ndr].value = (uint8_t)v;
	dr[*ndr].out_of = (uint8_t)(weighed ? w : fd->max);
	(*ndr)++;
	return SL_OK;
}

static int parse_value(sl_log *log, cursor *c, const sl_field_def *fd,
	sl_value *v, sl_buf *tmp, int field, sl_draw *dr, int *ndr)
{
	int marks = log->h.format_version >= 2;
	const sl_schema *sc = log->game->schema;
	size_t start = c->i;
	int64_t iv;
	const char *w;
	size_t n;
	uint8_t items[SL_MAX_ITEMS];
	int count = 0;

	memset(v, 0, sizeof *v);
	v->present = 1;
	switch (fd->kind) {
	case SL_K_INT:
		if (parse_int(c, fd->min, fd->max, &iv, fd->name))
			return c->err->code;
		v->u.i = (int32_t)iv;
		return SL_OK;
	case SL_K_ENUM:
	case SL_K_LIST:
		do {
			int t;
			size_t at = c->i;
			n = 0;
			w = c->s + c->i;
			while (c->i < c->n && is_word((unsigned char)c->s[c->i]))
				c->i++, n++;
			t = sl_schema_token(fd->names, w, n);
			if (t < 0) {
				sl_buf_reset(tmp);
				for (int k = 0; fd->names && fd->names[k]; k++)
					sl_buf_printf(tmp, "%s%s", k ? ", " : "", fd->names[k]);
				return fail(c, at, SL_ESYNTAX, "%s '%.*s' for %s (expected one of: %s)",
					n ? "unknown value" : "missing value", (int)n, w, fd->name,
					sl_buf_cstr(tmp));
			}
			if (fd->kind == SL_K_ENUM) {
				v->u.i = t;
				if (marks && c->i < c->n && c->s[c->i] == '@')
					return parse_mark(c, fd, field, 0, 1, dr, ndr);
				return SL_OK;
			}
			if (count >= fd->max_items || count >= SL_MAX_ITEMS)
				return fail(c, at, SL_ESYNTAX, "too many items in %s (at most %d)",
					fd->name, fd->max_items);
			items[count++] = (uint8_t)t;
		} while (c->i < c->n && c->s[c->i] == ',' && ++c->i);
		break;
	case SL_K_DICE:
		do {
			size_t at = c->i;
			if (c->i < c->n && c->s[c->i] == '?') {
				c->i++;
				iv = 0;   /* to be rolled by the recorder */
			} else if (parse_int(c, 1, fd->max, &iv, "a die")) {
				return c->err->code;
			}
			if (count >= fd->max_items || count >= SL_MAX_ITEMS)
				return fail(c, at, SL_ESYNTAX, "too many dice in %s (at most %d)",
					fd->name, fd->max_items);
			if (marks && iv && c->i < c->n && c->s[c->i] == '@') {
				if (parse_mark(c, fd, field, count, 0, dr, ndr))
					return c->err->code;
				dr[*ndr - 1].value = (uint8_t)iv;
			}
			items[count++] = (uint8_t)iv;
		} while (c->i < c->n && c->s[c->i] == ',' && ++c->i);
		break;
	case SL_K_DIR: {
		int d;
		n = 0;
		w = c->s + c->i;
		while (c->i < c->n && isalpha((unsigned char)c->s[c->i]))
			c->i++, n++;
		d = sl_hex_dir_parse(sc->grid.orient, w, n);
		if (d < 0) {
			sl_buf_reset(tmp);
			for (int k = 0; k < 6; k++)
				sl_buf_printf(tmp, "%s%s", k ? ", " : "", sl_hex_dir_name(sc->grid.orient, k));
			return fail(c, start, SL_ESYNTAX, "expected a direction for %s (one of %s)",
				fd->name, sl_buf_cstr(tmp));
		}
		v->u.i = d;
		return SL_OK;
	}
	case SL_K_HEX: {
		int64_t col, row;
		if (parse_int(c, -32768, 32767, &col, "a column"))
			return c->err->code;
		if (c->i >= c->n || c->s[c->i] != ',')
			return fail(c, c->i, SL_ESYNTAX, "expected ',' then a row in %s (like 12,7)", fd->name);
		c->i++;
		if (parse_int(c, -32768, 32767, &row, "a row"))
			return c->err->code;
		v->u.hex.col = (int16_t)col;
		v->u.hex.row = (int16_t)row;
		return SL_OK;
	}
	case SL_K_PIECE:
		n = 0;
		w = c->s + c->i;
		while (c->i < c->n && is_word((unsigned char)c->s[c->i]))
			c->i++, n++;
		if (!is_id(w, n))
			return fail(c, start, SL_ESYNTAX,
				"expected a piece id for %s (letters, digits, '_' or '-')", fd->name);
		v->p = arena_copy(log, w, n);
		v->n = (uint16_t)n;
		return v->p ? SL_OK : SL_ENOMEM;
	case SL_K_TEXT:
		if (parse_text(c, tmp, 1, fd->name))
			return c->err->code;
		if (fd->max_items > 0 && tmp->len > (size_t)fd->max_items)
			return fail(c, start, SL_ESYNTAX, "%s is too long (at most %d bytes)",
				fd->name, fd->max_items);
		if (tmp->len > 65535 || (tmp->len && memchr(tmp->data, 0, tmp->len)))
			return fail(c, start, SL_ESYNTAX, "%s holds a NUL byte or is too long", fd->name);
		v->p = arena_copy(log, tmp->data, tmp->len);
		v->n = (uint16_t)tmp->len;
		return v->p ? SL_OK : SL_ENOMEM;
	}
	if (count > 0) {
		v->p = sl_arena_memdup(&log->arena, items, (size_t)count);
		if (!v->p)
			return SL_ENOMEM;
	}
	v->n = (uint16_t)count;
	return SL_OK;
}

static int parse_event(sl_log *log, cursor *c, sl_event *ev, sl_buf *tmp)
{
	const sl_schema *sc = log->game->schema;
	const sl_event_def *def;
	const char *w;
	size_t n, start;
	int t, ndr = 0;
	sl_draw dr[SL_MAX_ITEMS];

	skip_space(c);
	start = c->i;
	n = word(c, &w);
	if (n && c->i < c->n && c->s[c->i] == ':') {
		char id[64];
		if (!is_id(w, n))
			return fail(c, start, SL_ESYNTAX, "bad player id '%.*s'", (int)n, w);
		snprintf(id, sizeof id, "%.*s", (int)n, w);
		ev->player = (int8_t)sl_header_player(&log->h, id);
		if (ev->player < 0) {
			sl_buf_reset(tmp);
			for (int k = 0; k < log->h.nplayers; k++)
				sl_buf_printf(tmp, "%s%s", k ? ", " : "", log->h.players[k].id);
			return fail(c, start, SL_ESYNTAX, "unknown player '%s' (players: %s)", id,
				log->h.nplayers ? sl_buf_cstr(tmp) : "none declared");
		}
		c->i++;
		skip_space(c);
		start = c->i;
		n = word(c, &w);
	}
	t = n ? sl_schema_event(sc, w, n) : -1;
	if (t < 0) {
		sl_buf_reset(tmp);
		for (int k = 0; k < sc->nevents; k++)
			sl_buf_printf(tmp, "%s%s", k ? ", " : "", sc->events[k].name);
		if (n == 0)
			return fail(c, start, SL_ESYNTAX, "expected an event (one of %s, turn, phase)",
				sl_buf_cstr(tmp));
		return fail(c, start, SL_ESYNTAX, "unknown event '%.*s' for game %s (expected one of: %s)",
			(int)n, w, log->game->id, sl_buf_cstr(tmp));
	}
	def = &sc->events[t];
	ev->type = (uint16_t)t;
	if ((def->flags & SL_EV_PLAYER) && ev->player < 0)
		return fail(c, start, SL_ESYNTAX,
			"'%s' needs the acting player first, like \"%s: %s ...\"", def->name,
			log->h.nplayers ? log->h.players[0].id : "p1", def->name);
	if ((def->flags & SL_EV_NOPLAYER) && ev->player >= 0)
		return fail(c, 0, SL_ESYNTAX, "'%s' takes no acting player", def->name);

	while (!at_end(c)) {
		int f = -1;
		if (c->s[c->i] == '!') {
			if (parse_check(c, 8, &ev->check))
				return c->err->code;
			ev->has_check = 1;
			if (!at_end(c))
				return fail(c, c->i, SL_ESYNTAX, "unexpected text after the state check");
			break;
		}
		if (c->s[c->i] == '#')
			return fail(c, c->i, SL_ESYNTAX, "comments go on their own line (start it with '#')");
		start = c->i;
		n = word(c, &w);
		for (int k = 0; k < def->nfields && n; k++)   /* first byte first: no strlen a field */
			if (def->fields[k].name[0] == w[0] && strncmp(def->fields[k].name, w, n) == 0 &&
			    def->fields[k].name[n] == 0)
				f = k;
		if (f < 0) {
			sl_buf_reset(tmp);
			for (int k = 0; k < def->nfields; k++)
				sl_buf_printf(tmp, "%s%s", k ? ", " : "", def->fields[k].name);
			if (n == 0)
				return fail(c, start, SL_ESYNTAX, "expected a field name=value (fields of %s: %s)",
					def->name, def->nfields ? sl_buf_cstr(tmp) : "none");
			return fail(c, start, SL_ESYNTAX, "unknown field '%.*s' for %s (expected one of: %s)",
				(int)n, w, def->name, def->nfields ? sl_buf_cstr(tmp) : "none");
		}
		if (ev->f[f].present)
			return fail(c, start, SL_ESYNTAX, "field '%s' given twice", def->fields[f].name);
		if (c->i >= c->n || c->s[c->i] != '=')
			return fail(c, c->i, SL_ESYNTAX, "expected '=' after field name '%s'",
				def->fields[f].name);
		c->i++;
		if (parse_value(log, c, &def->fields[f], &ev->f[f], tmp, f, dr, &ndr))
			return c->err->code ? c->err->code : SL_ENOMEM;
		if (c->i < c->n && c->s[c->i] != ' ' && c->s[c->i] != '\t')
			return fail(c, c->i, SL_ESYNTAX, "unexpected '%c' after the value of %s",
				c->s[c->i], def->fields[f].name);
	}
	for (int k = 0; k < def->nfields; k++)
		if (!def->fields[k].optional && !ev->f[k].present)
			return fail(c, c->n, SL_ESYNTAX, "%s needs field '%s' (%s)", def->name,
				def->fields[k].name, def->fields[k].help ? def->fields[k].help : "required");
	return ndr ? sl_event_set_draws(&log->arena, ev, dr, ndr) : SL_OK;
}

int sl_sil_parse_line(sl_log *log, const char *line, size_t n, uint32_t lineno,
	sl_event *out, sl_error *err)
{
	cursor c = {line, n, 0, lineno, log->name ? log->name : "<input>", err};
	const char *w;
	size_t wn, start;
	sl_buf tmp;
	int rc;

	memset(out, 0, sizeof *out);
	out->player = -1;
	out->line = lineno;
	if (n > 0 && line[n - 1] == '\r')
		c.n = --n;
	if (at_end(&c) || c.s[c.i] == '#' || c.s[c.i] == '@')
		return 0;
	start = c.i;
	wn = word(&c, &w);
	if (wn == 4 && memcmp(w, "turn", 4) == 0 && (c.i >= c.n || c.s[c.i] == ' ')) {
		int64_t t;
		skip_space(&c);
		if (parse_int(&c, 1, 1000000, &t, "a turn number"))
			return err->code;
		out->entry = SL_ENTRY_TURN;
		out->mark = (int32_t)t;
		if (!at_end(&c)) {
			if (c.s[c.i] != '!')
				return fail(&c, c.i, SL_ESYNTAX, "expected the end of the line or a state check after 'turn %lld'", (long long)t);
			if (parse_check(&c, 16, &out->check))
				return err->code;
			out->has_check = 1;
			if (!at_end(&c))
				return fail(&c, c.i, SL_ESYNTAX, "unexpected text after the state check");
		}
		return 1;
	}
	if (wn == 5 && memcmp(w, "phase", 5) == 0 && (c.i >= c.n || c.s[c.i] == ' ')) {
		const sl_schema *sc = log->game->schema;
		int64_t p;
		skip_space(&c);
		if (parse_int(&c, 1, sc->nphases, &p, "a phase number"))
			return err->code;
		if (!at_end(&c)) {
			size_t at = c.i;
			wn = word(&c, &w);
			if (wn != strlen(sc->phases[p - 1]) || memcmp(w, sc->phases[p - 1], wn) != 0)
				return fail(&c, at, SL_ESYNTAX, "phase %lld is called '%s', not '%.*s'",
					(long long)p, sc->phases[p - 1], (int)wn, w);
			if (!at_end(&c))
				return fail(&c, c.i, SL_ESYNTAX, "unexpected text after the phase");
		}
		out->entry = SL_ENTRY_PHASE;
		out->mark = (int32_t)p;
		return 1;
	}
	c.i = start;
	sl_buf_init(&tmp);
	rc = parse_event(log, &c, out, &tmp);
	sl_buf_free(&tmp);
	if (rc == SL_ENOMEM)
		sl_error_set(err, rc, "out of memory");
	return rc ? rc : 1;
}

int sl_sil_annotate(sl_log *log, sl_event *ev, const char *line, size_t n)
{
	cursor c = {line, n, 0, 0, "", NULL};
	const char *w, *text, **slot;
	size_t wn, tn;
	char *copy;
	skip_space(&c);
	if (c.i >= c.n || c.s[c.i] != '@')
		return 0;
	c.i++;
	wn = word(&c, &w);
	tn = rest(&c, &text);
	if (wn == 5 && memcmp(w, "glyph", 5) == 0) {
		int g = sl_glyph_parse(text, tn);
		if (!g)
			return SL_ERANGE;   /* not one of the six */
		if (ev->glyph)
			return SL_ESYNTAX;
		ev->glyph = (uint8_t)g;
		return 1;
	}
	if (wn == 4 && memcmp(w, "note", 4) == 0)
		slot = &ev->note;
	else if (wn == 8 && memcmp(w, "bookmark", 8) == 0)
		slot = &ev->bookmark;
	else
		return 0;
	if (*slot)
		return SL_ESYNTAX;   /* one of each per entry: a second would replace the first */
	if (!(copy = arena_copy(log, text, tn)))
		return SL_ENOMEM;
	*slot = copy;
	return 1;
}

static int set_str(char **dst, const char *s, size_t n)
{
	char *p = sl_strndup(s, n);
	if (!p)
		return SL_ENOMEM;
	sl_free(*dst);
	*dst = p;
	return SL_OK;
}

static int parse_colour(cursor *c, uint32_t *out)
{
	size_t start = c->i;
	uint32_t v = 0;
	if (c->i >= c->n || c->s[c->i] != '#')
		return fail(c, start, SL_ESYNTAX, "expected a colour like #1f4fb4");
	c->i++;
	for (int k = 0; k < 6; k++) {
		int h = c->i < c->n ? hexval((unsigned char)c->s[c->i]) : -1;
		if (h < 0)
			return fail(c, start, SL_ESYNTAX, "expected a colour like #1f4fb4 (6 hex digits)");
		v = (v << 4) | (uint32_t)h;
		c->i++;
	}
	*out = v;
	return SL_OK;
}

/* Default colours for players declared without one. */
static const uint32_t default_colours[SL_MAX_PLAYERS] = {
	0x1f4fb4, 0xb22222, 0x2e8b57, 0xdaa520, 0x6a3d9a, 0xff7f00, 0x17becf, 0x7f7f7f
};

int sl_sil_parse_header_line(sl_header *h, const char *name, const char *line,
	size_t n, uint32_t lineno, sl_error *err)
{
	cursor c = {line, n, 0, lineno, name, err};
	const char *w, *t;
	size_t wn, tn;
	int64_t v;
	sl_buf tmp;
	int rc = SL_OK;

	if (n > 0 && line[n - 1] == '\r')
		c.n = --n;
	wn = word(&c, &w);
#define KW(s) (wn == sizeof(s) - 1 && memcmp(w, s, wn) == 0)
	if (KW("sil")) {
		skip_space(&c);
		if (parse_int(&c, 0, 1000000, &v, "the format version"))
			return err->code;
		if (v > SL_SIL_VERSION)
			return fail(&c, 4, SL_EVERSION, "format version %lld is newer than this reader (%d)",
				(long long)v, SL_SIL_VERSION);
		if (v < 1)
			return fail(&c, 4, SL_EVERSION, "format version %lld is not supported (expected 1 to %d)", (long long)v, SL_SIL_VERSION);
		h->format_version = (int)v;
	} else if (KW("game")) {
		wn = word(&c, &w);
		if (!is_id(w, wn))
			return fail(&c, c.i, SL_ESYNTAX, "expected a game id after 'game' (see `sillage games`)");
		if (set_str(&h->game, w, wn))
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		skip_space(&c);
		if (parse_int(&c, 1, 1000000, &v, "the rules version"))
			return err->code;
		h->rules_version = (int)v;
	} else if (KW("title") || KW("date")) {
		tn = rest(&c, &t);
		rc = set_str(KW("title") ? &h->title : &h->date, t, tn);
	} else if (KW("player")) {
		sl_player *p;
		if (h->nplayers >= SL_MAX_PLAYERS)
			return fail(&c, 0, SL_ELIMIT, "too many players (at most %d)", SL_MAX_PLAYERS);
		wn = word(&c, &w);
		if (!is_id(w, wn))
			return fail(&c, c.i, SL_ESYNTAX, "expected a player id after 'player' (like fr)");
		for (int k = 0; k < h->nplayers; k++)
			if (strlen(h->players[k].id) == wn && memcmp(h->players[k].id, w, wn) == 0)
				return fail(&c, c.i - wn, SL_ESYNTAX, "player '%.*s' declared twice", (int)wn, w);
		p = &h->players[h->nplayers];
		memset(p, 0, sizeof *p);
		p->colour = default_colours[h->nplayers];
		if (set_str(&p->id, w, wn))
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		h->nplayers++;
		skip_space(&c);
		sl_buf_init(&tmp);
		rc = parse_text(&c, &tmp, 1, "the player's name");
		if (rc == SL_OK)
			rc = set_str(&p->name, (const char *)tmp.data ? (const char *)tmp.data : "", tmp.len);
		sl_buf_free(&tmp);
		if (rc)
			return rc == SL_ENOMEM ? sl_error_set(err, rc, "out of memory") : rc;
		if (!at_end(&c) && parse_colour(&c, &p->colour))
			return err->code;
		if (!at_end(&c))
			return fail(&c, c.i, SL_ESYNTAX, "unexpected text after the player's colour");
	} else if (KW("meta")) {
		sl_meta *m;
		size_t kn;
		const char *k;
		kn = word(&c, &k);
		if (!is_id(k, kn))
			return fail(&c, c.i, SL_ESYNTAX, "expected a key after 'meta' (like event or place)");
		if (h->nmeta >= 1024)
			return fail(&c, 0, SL_ELIMIT, "too many meta lines (at most 1024)");
		m = sl_realloc(h->meta, sizeof *m * (size_t)(h->nmeta + 1));
		if (!m)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		h->meta = m;
		m = &h->meta[h->nmeta];
		memset(m, 0, sizeof *m);
		h->nmeta++;
		tn = rest(&c, &t);
		if (set_str(&m->key, k, kn) || set_str(&m->value, t, tn))
			return sl_error_set(err, SL_ENOMEM, "out of memory");
	} else if (KW("seed")) {
		uint64_t s = 0;
		skip_space(&c);
		if (c.i + 2 < c.n && c.s[c.i] == '0' && (c.s[c.i + 1] == 'x' || c.s[c.i + 1] == 'X')) {
			int k = 0;
			c.i += 2;
			while (c.i < c.n && hexval((unsigned char)c.s[c.i]) >= 0 && k++ < 16)
				s = (s << 4) | (uint64_t)hexval((unsigned char)c.s[c.i++]);
		} else {
			if (parse_int(&c, 0, INT64_MAX, &v, "the seed"))
				return err->code;
			s = (uint64_t)v;
		}
		if (!at_end(&c))
			return fail(&c, c.i, SL_ESYNTAX, "expected the seed as a number (decimal or 0x hex)");
		h->seed = s;
		h->has_seed = 1;
	} else {
		return 0;
	}
#undef KW
	if (rc)
		return sl_error_set(err, rc, "out of memory");
	return 1;
}

/* Joins comment lines into *dst (arena), separated by '\n'. */
static int add_comment(sl_buf *pending, const char *s, size_t n)
{
	if (pending->len)
		sl_buf_putc(pending, '\n');
	sl_buf_put(pending, s, n);
	return pending->failed ? SL_ENOMEM : SL_OK;
}

static int utf8_check(const char *s, size_t n, size_t *bad)
{
	size_t i = 0;
	const unsigned char *u = (const unsigned char *)s;
	while (i < n) {
		unsigned char ch = u[i];
		size_t len;
		uint32_t cp;
		if (ch < 0x80) {
			if (ch == 0)
				goto bad;
			i++;
			continue;
		} else if ((ch & 0xe0) == 0xc0) {
			len = 2; cp = ch & 0x1f;
		} else if ((ch & 0xf0) == 0xe0) {
			len = 3; cp = ch & 0x0f;
		} else if ((ch & 0xf8) == 0xf0) {
			len = 4; cp = ch & 0x07;
		} else {
			goto bad;
		}
		if (i + len > n)
			goto bad;
		for (size_t k = 1; k < len; k++) {
			if ((u[i + k] & 0xc0) != 0x80)
				goto bad;
			cp = (cp << 6) | (u[i + k] & 0x3f);
		}
		if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
		    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			goto bad;
		i += len;
	}
	return 0;
bad:
	*bad = i;
	return -1;
}

static int is_header_keyword(const char *w, size_t n)
{
	static const char *const kw[] = {"sil", "game", "title", "date", "player", "meta", "seed", NULL};
	return sl_schema_token(kw, w, n) >= 0;
}

/* The header is complete: find the game and make the log own the header. */
static int start_log(sl_log **out, sl_header *h, sl_buf *pending, size_t split,
	const char *name, uint32_t lineno, sl_error *err)
{
	const sl_game *g = sl_game_find_version(h->game, h->rules_version);
	sl_log *log;
	if (!g)
		return sl_error_at(err, SL_EFORMAT, name, lineno, 1,
			"unknown game '%s' (see `sillage games`)", h->game);
	log = sl_log_new(g);
	if (!log)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	log->h = *h;
	memset(h, 0, sizeof *h);
	log->name = sl_strdup(name);
	/* the comments before the blank line that ends the header are the
	 * header's; those after it belong to the first entry, as the writer
	 * puts them (the recorder's "# dice" line of a first entry drawn) */
	if (split > pending->len)
		split = pending->len;
	if (split) {
		log->h.comment = sl_strndup((const char *)pending->data, split);
		if (!log->h.comment) {
			sl_log_free(log);
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		}
	}
	if (split < pending->len) {
		size_t skip = split ? split + 1 : 0;   /* the '\n' that joined them */
		memmove(pending->data, pending->data + skip, pending->len - skip);
		pending->len -= skip;
	} else
		sl_buf_reset(pending);
	*out = log;
	return SL_OK;
}

/* Streaming: entries held before they are handed to the sink. */
#define STREAM_RUN 4096

/* Hands the entries read so far to fn and forgets them (their strings too). */
static int stream_flush(sl_log *log, sl_silb_sink fn, void *ud, sl_error *err)
{
	int rc;
	if (log->n == 0)
		return SL_OK;
	if ((rc = fn(ud, log, log->ev, log->n, err)))
		return rc;
	log->n = 0;
	sl_arena_free(&log->arena);
	sl_arena_init(&log->arena);
	return SL_OK;
}

/* The reader; with fn, entries go to fn in runs (after one call with n == 0
 * once the header is read) instead of staying in the log. */
/* Where sil_read takes its lines: text in memory, or a stream read a
 * window at a time (standard input, issue 29: bounded for any length). */
typedef struct sil_src {
	const char *text;         /* memory: the text, */
	size_t n, pos;
	FILE *f;                  /* or a stream: */
	char *buf;                /* a window of it, */
	size_t cap, len;          /* its size and the bytes in it, from pos */
	size_t total;             /* bytes read so far */
	int eof, ioerr;
} sil_src;

#define SIL_WINDOW ((size_t)1 << 20)

/* Fills the window so that it holds a whole line (or more than a line may
 * hold) from pos, when the stream has one. */
static void src_fill(sil_src *s)
{
	if (s->pos > 0) {
		memmove(s->buf, s->buf + s->pos, s->len - s->pos);
		s->len -= s->pos;
		s->pos = 0;
	}
	while (!s->eof && s->len < s->cap && !memchr(s->buf, '\n', s->len)) {
		size_t got = fread(s->buf + s->len, 1, s->cap - s->len, s->f);
		s->len += got;
		s->total += got;
		if (got == 0) {
			s->eof = 1;
			s->ioerr = ferror(s->f);
		}
	}
}

/* The next line (without its '\n') into *line, *len; 0 at the end. A line
 * longer than SL_SIL_MAX_LINE comes cut at SL_SIL_MAX_LINE + 1 bytes, as
 * long as the reader refuses. */
static int src_line(sil_src *s, const char **line, size_t *len)
{
	const char *p, *nl;
	size_t avail;
	if (!s->f) {
		if (s->pos >= s->n)
			return 0;
		p = s->text + s->pos;
		avail = s->n - s->pos;
	} else {
		if (s->pos >= s->len || !memchr(s->buf + s->pos, '\n', s->len - s->pos))
			src_fill(s);
		if (s->pos >= s->len)
			return 0;
		p = s->buf + s->pos;
		avail = s->len - s->pos;
	}
	nl = memchr(p, '\n', avail);
	*line = p;
	*len = nl ? (size_t)(nl - p) : avail;
	s->pos += *len + (nl ? 1 : 0);
	return 1;
}

static int sil_read_src(sl_log **out, const char *name, sil_src *src, sl_silb_sink fn, void *ud,
	sl_error *err);

static int sil_read(sl_log **out, const char *name, const char *text, size_t n,
	sl_silb_sink fn, void *ud, sl_error *err)
{
	sil_src src;
	memset(&src, 0, sizeof src);
	*out = NULL;
	if (n > SL_SIL_MAX_FILE)
		return sl_error_set(err, SL_ELIMIT, "%s: the file is larger than %u bytes", name, SL_SIL_MAX_FILE);
	src.text = text;
	src.n = n;
	if (n >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		src.pos = 3;   /* a UTF-8 byte order mark is tolerated */
	return sil_read_src(out, name, &src, fn, ud, err);
}

int sl_sil_stream_file(sl_log **out, const char *name, FILE *f, const void *head, size_t nhead,
	sl_silb_sink fn, void *ud, sl_error *err)
{
	sil_src src;
	int rc;
	memset(&src, 0, sizeof src);
	*out = NULL;
	src.f = f;
	src.cap = SIL_WINDOW + SL_SIL_MAX_LINE + 2;
	if (nhead > src.cap || !(src.buf = sl_malloc(src.cap)))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	memcpy(src.buf, head, nhead);
	src.len = src.total = nhead;
	src_fill(&src);
	if (src.len >= 3 && memcmp(src.buf, "\xef\xbb\xbf", 3) == 0)
		src.pos = 3;
	rc = sil_read_src(out, name, &src, fn, ud, err);
	if (rc == SL_OK && src.ioerr) {
		sl_log_free(*out);
		*out = NULL;
		rc = sl_error_set(err, SL_EIO, "%s: read error", name);
	} else if (rc == SL_OK && src.total > SL_SIL_MAX_FILE) {
		sl_log_free(*out);
		*out = NULL;
		rc = sl_error_set(err, SL_ELIMIT, "%s: the file is larger than %u bytes", name, SL_SIL_MAX_FILE);
	}
	sl_free(src.buf);
	return rc;
}

static int sil_read_src(sl_log **out, const char *name, sil_src *src, sl_silb_sink fn, void *ud,
	sl_error *err)
{
	sl_log *log = NULL;
	sl_header h;
	sl_buf pending;
	uint32_t lineno = 0;
	size_t bad;
	int rc = SL_OK, in_header = 1, seen_sil = 0;
	size_t split = (size_t)-1;   /* pending's length at the header's last blank line */
	sl_event ev;
	const char *line;
	size_t len;

	*out = NULL;
	memset(&h, 0, sizeof h);
	sl_buf_init(&pending);
	while (src_line(src, &line, &len)) {
		cursor c = {line, len, 0, ++lineno, name, err};
		if (len > SL_SIL_MAX_LINE) {
			rc = fail(&c, SL_SIL_MAX_LINE, SL_ELIMIT, "line longer than %d bytes", SL_SIL_MAX_LINE);
			goto out;
		}
		if (utf8_check(line, len, &bad)) {
			rc = fail(&c, bad, SL_ESYNTAX, "invalid UTF-8 (or a NUL byte)");
			goto out;
		}
		if (len && line[len - 1] == '\r')
			c.n = --len;
		if (memchr(line, '\r', len)) {   /* only a CR right before the LF is a line end */
			rc = fail(&c, (size_t)((const char *)memchr(line, '\r', len) - line), SL_ESYNTAX,
				"a carriage return (CR) inside a line");
			goto out;
		}
		if (at_end(&c)) {
			if (in_header)
				split = pending.len;
			continue;
		}
		if (c.s[c.i] == '#') {
			if (add_comment(&pending, c.s + c.i, len - c.i)) {
				rc = sl_error_set(err, SL_ENOMEM, "out of memory");
				goto out;
			}
			continue;
		}
		if (in_header) {
			rc = sl_sil_parse_header_line(&h, name, line, len, lineno, err);
			if (rc < 0)
				goto out;
			if (rc == 1) {
				if (!seen_sil && h.format_version == 0) {
					rc = fail(&c, c.i, SL_EFORMAT, "not a sillage text log: the first line must be 'sil 1'");
					goto out;
				}
				seen_sil = 1;
				rc = SL_OK;
				continue;
			}
			if (!seen_sil) {
				rc = fail(&c, c.i, SL_EFORMAT, "not a sillage text log: the first line must be 'sil 1'");
				goto out;
			}
			if (!h.game) {
				rc = fail(&c, c.i, SL_ESYNTAX, "expected a 'game ID VERSION' line before the first event");
				goto out;
			}
			rc = start_log(&log, &h, &pending, split, name, lineno, err);
			if (rc || (fn && (rc = fn(ud, log, NULL, 0, err))))
				goto out;
			in_header = 0;
		}
		{
			cursor hc = {line, len, 0, lineno, name, err};
			const char *w;
			size_t wn = word(&hc, &w);
			if (is_header_keyword(w, wn) && (hc.i >= hc.n || hc.s[hc.i] == ' ')) {
				rc = fail(&hc, 0, SL_ESYNTAX, "header line '%.*s' after the first event (the header comes first)", (int)wn, w);
				goto out;
			}
		}
		if (c.s[c.i] == '@') {
			if (log->n == 0) {
				rc = fail(&c, c.i, SL_ESYNTAX, "an annotation must follow an event");
				goto out;
			}
			rc = sl_sil_annotate(log, &log->ev[log->n - 1], line, len);
			if (rc == 0) {
				rc = fail(&c, c.i, SL_ESYNTAX, "unknown annotation (expected @glyph, @note or @bookmark)");
				goto out;
			}
			if (rc == SL_ERANGE) {
				rc = fail(&c, c.i, SL_ESYNTAX, "@glyph takes one of ! ? !! ?? !? ?! (a comment goes in "
					"@note)");
				goto out;
			}
			if (rc == SL_ESYNTAX) {
				rc = fail(&c, c.i, SL_ESYNTAX, "a second @%s for the same entry (one @glyph, one @note and one "
					"@bookmark per entry: write them as one line)", c.s[c.i + 1] == 'n' ? "note" :
					c.s[c.i + 1] == 'g' ? "glyph" : "bookmark");
				goto out;
			}
			if (rc < 0) {
				rc = sl_error_set(err, SL_ENOMEM, "out of memory");
				goto out;
			}
			rc = SL_OK;
			continue;
		}
		/* a new entry: those before it can take no more annotations */
		if (fn && log->n >= STREAM_RUN && (rc = stream_flush(log, fn, ud, err)))
			goto out;
		rc = sl_sil_parse_line(log, line, len, lineno, &ev, err);
		if (rc < 0)
			goto out;
		if (pending.len) {
			ev.comment = sl_arena_strndup(&log->arena, (const char *)pending.data, pending.len);
			sl_buf_reset(&pending);
		}
		if (log->n >= SL_LOG_MAX_ENTRIES) {
			rc = fail(&c, 0, SL_ELIMIT, "too many entries (at most %u)", SL_LOG_MAX_ENTRIES);
			goto out;
		}
		/* parse_line already put the values in the arena: append in place */
		if (log->n == log->cap) {
			size_t cap = log->cap ? log->cap * 2 : 256;
			sl_event *e = sl_realloc(log->ev, cap * sizeof *e);
			if (!e) {
				rc = sl_error_set(err, SL_ENOMEM, "out of memory");
				goto out;
			}
			log->ev = e;
			log->cap = cap;
		}
		log->ev[log->n++] = ev;
		rc = SL_OK;
	}
	if (in_header) {
		if (!seen_sil) {
			rc = sl_error_at(err, SL_EFORMAT, name, lineno ? lineno : 1, 1,
				"not a sillage text log: the first line must be 'sil 1'");
			goto out;
		}
		if (!h.game) {
			rc = sl_error_at(err, SL_ESYNTAX, name, lineno ? lineno : 1, 1,
				"expected a 'game ID VERSION' line");
			goto out;
		}
		rc = start_log(&log, &h, &pending, split, name, lineno, err);
		if (rc || (fn && (rc = fn(ud, log, NULL, 0, err))))
			goto out;
	}
	if (fn && (rc = stream_flush(log, fn, ud, err)))
		goto out;
	if (pending.len &&
	    !(log->tail_comment = sl_strndup((const char *)pending.data, pending.len))) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");   /* not a log without it */
		goto out;
	}
	*out = log;
	log = NULL;
	rc = SL_OK;
out:
	sl_buf_free(&pending);
	sl_header_free(&h);
	sl_log_free(log);
	return rc;
}

int sl_sil_read(sl_log **out, const char *name, const char *text, size_t n,
	sl_error *err)
{
	return sil_read(out, name, text, n, NULL, NULL, err);
}

int sl_sil_stream_mem(sl_log **out, const char *name, const char *text, size_t n,
	sl_silb_sink fn, void *ud, sl_error *err)
{
	return sil_read(out, name, text, n, fn, ud, err);
}

int sl_sil_stream(sl_log **out, const char *path, sl_silb_sink fn, void *ud, sl_error *err)
{
	char *text;
	size_t n;
	int rc;
	*out = NULL;
	if ((rc = sl_read_file(path, SL_SIL_MAX_FILE, &text, &n, err)))
		return rc;
	rc = sil_read(out, path, text, n, fn, ud, err);
	sl_free(text);
	return rc;
}
