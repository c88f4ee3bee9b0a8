/* silb_codec.c - the pieces of .silb shared by reader and writers: CRC and
 * framing, the HEADER payload, entries through the schema (formats/silb.md).
 * The string tables and text checks are the games layer's (src/games/strtab.c). */
#include "silb_int.h"

#include <stdio.h>
#include <string.h>
#include <zlib.h>

#define bits_for sl_bits_for
#define ntokens sl_ntokens
#define is_id sl_id_ok
#define str_ok sl_str_ok
#define tab_add sl_strtab_add
#define tab_find_or_add sl_strtab_find_or_add

const char *silb_kind_name(int kind)
{
	switch (kind) {
	case SILB_K_HEADER: return "HEADER";
	case SILB_K_ENTRY: return "ENTRY";
	case SILB_K_UNDO: return "UNDO";
	case SILB_K_ANNOTATE: return "ANNOTATE";
	case SILB_K_SEGMENT: return "SEGMENT";
	case SILB_K_INDEX: return "INDEX";
	case SILB_K_TRAILER: return "TRAILER";
	case SILB_K_MSEGMENT: return "MSEGMENT";
	case SILB_K_BASE: return "BASE";
	case SILB_K_TAIL: return "TAIL";
	case SILB_K_DICT: return "DICT";
	case SILB_K_MHEADER: return "MHEADER";
	case SILB_K_PSEGMENT: return "PSEGMENT";
	case SILB_K_DIRECTORY: return "DIRECTORY";
	case SILB_K_MEMBER: return "MEMBER";
	case SILB_K_DGAME: return "DGAME";
	}
	return NULL;
}

uint32_t silb_crc(const void *p, size_t n)
{
	uLong c = crc32(0L, Z_NULL, 0);
	const Bytef *b = p;
	while (n > 0) {   /* crc32 takes a uInt length */
		uInt k = n > (1u << 30) ? (1u << 30) : (uInt)n;
		c = crc32(c, b, k);
		b += k;
		n -= k;
	}
	return (uint32_t)c;
}

int silb_crc_ok(uint32_t want, const void *p, size_t n)
{
#ifdef SL_FUZZING
	(void)want; (void)p; (void)n;
	return 1;
#else
	return silb_crc(p, n) == want;
#endif
}

int sl_silb_sniff(const void *data, size_t n)
{
	return n > 0 && ((const uint8_t *)data)[0] == 0x89;
}

void silb_put_file_header(sl_buf *b, int form, int version)
{
	size_t at = b->len;
	sl_buf_put(b, SL_SILB_SIGNATURE, 8);
	sl_buf_u8(b, (uint8_t)(version >= 1 && version <= SL_SILB_VERSION ? version : SL_SILB_VERSION));
	sl_buf_u8(b, (uint8_t)form);
	sl_buf_u8(b, 0);
	sl_buf_u8(b, 0);
	if (!b->failed)
		sl_buf_u32le(b, silb_crc(b->data + at, 12));
}

void silb_put_record(sl_buf *b, int kind, const void *payload, size_t n)
{
	size_t at = b->len;
	sl_buf_u8(b, (uint8_t)kind);
	sl_buf_u32le(b, (uint32_t)n);
	sl_buf_put(b, payload, n);
	if (!b->failed)
		sl_buf_u32le(b, silb_crc(b->data + at, 5 + n));
}

/* ---- strings ------------------------------------------------------------ */

void silb_put_str(sl_buf *b, const char *s, size_t n)
{
	sl_buf_uvarint(b, n);
	sl_buf_put(b, s, n);
}

int silb_get_str(sl_reader *r, const char **s, size_t *n)
{
	uint64_t len = sl_read_uvarint(r);
	if (r->err || len > r->len - r->pos || len > 65535) {
		r->err = 1;
		return -1;
	}
	*n = (size_t)len;
	*s = (const char *)sl_read_bytes(r, (size_t)len);
	return r->err ? -1 : 0;
}

/* ---- header ----------------------------------------------------------- */

void silb_put_header(sl_buf *b, const sl_header *h, uint64_t init_hash)
{
	uint8_t bits = (h->title ? 1 : 0) | (h->date ? 2 : 0) | (h->has_seed ? 4 : 0) |
		(h->comment ? 8 : 0);
	const char *game = h->game ? h->game : "";
	silb_put_str(b, game, strlen(game));
	sl_buf_uvarint(b, (uint64_t)(h->rules_version > 0 ? h->rules_version : 0));
	sl_buf_u8(b, bits);
	if (h->title)
		silb_put_str(b, h->title, strlen(h->title));
	if (h->date)
		silb_put_str(b, h->date, strlen(h->date));
	sl_buf_u8(b, (uint8_t)h->nplayers);
	for (int i = 0; i < h->nplayers; i++) {
		const sl_player *p = &h->players[i];
		const char *name = p->name ? p->name : "";
		silb_put_str(b, p->id, strlen(p->id));
		silb_put_str(b, name, strlen(name));
		sl_buf_u8(b, (uint8_t)(p->colour >> 16));
		sl_buf_u8(b, (uint8_t)(p->colour >> 8));
		sl_buf_u8(b, (uint8_t)p->colour);
	}
	sl_buf_uvarint(b, (uint64_t)h->nmeta);
	for (int i = 0; i < h->nmeta; i++) {
		silb_put_str(b, h->meta[i].key, strlen(h->meta[i].key));
		silb_put_str(b, h->meta[i].value, strlen(h->meta[i].value));
	}
	if (h->has_seed)
		sl_buf_u64le(b, h->seed);
	if (h->comment)
		silb_put_str(b, h->comment, strlen(h->comment));
	sl_buf_u64le(b, init_hash);
}

#define HFAIL(...) do { snprintf(msg, msgn, __VA_ARGS__); return -1; } while (0)
/* a failed allocation: SL_ENOMEM, so the reader says "out of memory" and not
 * that the file is damaged */
#define HOOM() do { snprintf(msg, msgn, "out of memory"); return SL_ENOMEM; } while (0)

static char *dup_str(const char *s, size_t n)
{
	return sl_strndup(s ? s : "", n);
}

int silb_get_header(sl_reader *r, sl_header *h, uint64_t *init_hash, char *msg, size_t msgn)
{
	const char *s;
	size_t n;
	uint64_t v;
	uint8_t bits;
	memset(h, 0, sizeof *h);
	h->format_version = SL_SIL_VERSION;
	if (silb_get_str(r, &s, &n) || !is_id(s, n))
		HFAIL("HEADER: the game id is missing or not an id");
	if (!(h->game = dup_str(s, n)))
		HOOM();
	v = sl_read_uvarint(r);
	if (r->err || v < 1 || v > 1000000)
		HFAIL("HEADER: rules version %llu is out of range (1..1000000)", (unsigned long long)v);
	h->rules_version = (int)v;
	bits = sl_read_u8(r);
	if (bits & 0xf0)
		HFAIL("HEADER: reserved bits 0x%02x set", bits & 0xf0);
	if (bits & 1) {
		if (silb_get_str(r, &s, &n) || !sl_text_ok(s, n, 0))
			HFAIL("HEADER: the title is cut short or not one line of UTF-8");
		if (!(h->title = dup_str(s, n)))
			HOOM();
	}
	if (bits & 2) {
		if (silb_get_str(r, &s, &n) || !sl_text_ok(s, n, 0))
			HFAIL("HEADER: the date is cut short or not one line of UTF-8");
		if (!(h->date = dup_str(s, n)))
			HOOM();
	}
	v = sl_read_u8(r);
	if (r->err || v > SL_MAX_PLAYERS)
		HFAIL("HEADER: %llu players, more than %d", (unsigned long long)v, SL_MAX_PLAYERS);
	for (int i = 0; i < (int)v; i++) {
		sl_player *p = &h->players[i];
		if (silb_get_str(r, &s, &n) || !is_id(s, n))
			HFAIL("HEADER: player %d has no valid id", i + 1);
		for (int k = 0; k < i; k++)
			if (strlen(h->players[k].id) == n && memcmp(h->players[k].id, s, n) == 0)
				HFAIL("HEADER: player '%.*s' declared twice", (int)n, s);
		if (!(p->id = dup_str(s, n)))
			HOOM();
		h->nplayers = i + 1;
		if (silb_get_str(r, &s, &n) || !sl_text_ok(s, n, 2))
			HFAIL("HEADER: the name of player %d is cut short or not UTF-8", i + 1);
		if (!(p->name = dup_str(s, n)))
			HOOM();
		p->colour = (uint32_t)sl_read_u8(r) << 16;
		p->colour |= (uint32_t)sl_read_u8(r) << 8;
		p->colour |= sl_read_u8(r);
	}
	v = sl_read_uvarint(r);
	if (r->err || v > SILB_MAX_META)
		HFAIL("HEADER: %llu meta lines, more than %d", (unsigned long long)v, SILB_MAX_META);
	if (v) {
		h->meta = sl_calloc((size_t)v, sizeof *h->meta);
		if (!h->meta)
			HOOM();
	}
	for (int i = 0; i < (int)v; i++) {
		const char *k;
		size_t kn;
		if (silb_get_str(r, &k, &kn) || !is_id(k, kn) || silb_get_str(r, &s, &n) ||
		    !sl_text_ok(s, n, 0))
			HFAIL("HEADER: meta line %d is cut short or not valid", i + 1);
		h->meta[i].key = dup_str(k, kn);
		h->meta[i].value = dup_str(s, n);
		h->nmeta = i + 1;
		if (!h->meta[i].key || !h->meta[i].value)
			HOOM();
	}
	if (bits & 4) {
		h->has_seed = 1;
		h->seed = sl_read_u64le(r);
	}
	if (bits & 8) {
		if (silb_get_str(r, &s, &n) || !sl_text_ok(s, n, 1))
			HFAIL("HEADER: the header comment is cut short or not '#' lines");
		if (!(h->comment = dup_str(s, n)))
			HOOM();
	}
	*init_hash = sl_read_u64le(r);
	if (r->err)
		HFAIL("HEADER: cut short");
	if (r->pos != r->len)
		HFAIL("HEADER: %zu bytes after its last field", r->len - r->pos);
	return 0;
}

/* ---- entries ------------------------------------------------------------- */


/* The largest item value of a DICE or LIST field. */
static unsigned item_max(const sl_field_def *fd)
{
	unsigned m;
	if (fd->kind == SL_K_DICE)
		m = fd->max > 0 ? (unsigned)fd->max : 0;
	else
		m = (unsigned)(ntokens(fd->names) > 0 ? ntokens(fd->names) - 1 : 0);
	return m > 255 ? 255 : m;   /* items are bytes */
}

static void put_text_ref(silb_ctx *c, sl_buf *b, const char *s, size_t n)
{
	int fail = 0;
	size_t k = tab_find_or_add(&c->tab, c->arena, s, n, &fail);
	if (fail) {
		b->failed = 1;
		return;
	}
	sl_buf_uvarint(b, k);
	if (k == 0)
		silb_put_str(b, s, n);
}

void silb_put_entry(silb_ctx *c, sl_buf *b, const sl_event *ev)
{
	const sl_schema *s = c->log->game->schema;
	uint8_t tag = (uint8_t)(ev->entry & 3), extras = 0;
	int check = ev->has_check && ev->entry != SL_ENTRY_PHASE;
	extras = (ev->comment ? 1 : 0) | (ev->note ? 2 : 0) | (ev->bookmark ? 4 : 0);
	if (ev->ndraws && c->log->h.format_version >= 2)
		extras |= 8;
	if (sl_glyph_text(ev->glyph))
		extras |= 16;
	if (check)
		tag |= 4;
	if (extras)
		tag |= 8;
	if (ev->entry == SL_ENTRY_EVENT) {
		tag |= (uint8_t)((ev->player >= 0 && ev->player < 15 ? ev->player + 1 : 0) << 4);
	} else if (ev->entry == SL_ENTRY_TURN) {
		if (ev->mark != c->last_turn + 1)
			tag |= 1 << 4;
	} else if (ev->mark >= 1 && ev->mark <= 15) {
		tag |= (uint8_t)(ev->mark << 4);
	}
	sl_buf_u8(b, tag);
	if (extras)
		sl_buf_u8(b, extras);
	if (ev->entry == SL_ENTRY_TURN) {
		if (ev->mark != c->last_turn + 1)
			sl_buf_uvarint(b, (uint64_t)ev->mark);
		c->last_turn = ev->mark;
	} else if (ev->entry == SL_ENTRY_PHASE) {
		if (!(ev->mark >= 1 && ev->mark <= 15))
			sl_buf_uvarint(b, (uint64_t)ev->mark);
	} else {
		const sl_event_def *def = &s->events[ev->type];
		uint8_t bitmap[(SL_MAX_FIELDS + 7) / 8] = {0};
		int nopt = 0;
		sl_buf_uvarint(b, ev->type);
		for (int k = 0; k < def->nfields && k < SL_MAX_FIELDS; k++)
			if (def->fields[k].optional) {
				if (ev->f[k].present)
					bitmap[nopt / 8] |= (uint8_t)(1u << (nopt % 8));
				nopt++;
			}
		sl_buf_put(b, bitmap, (size_t)(nopt + 7) / 8);
		for (int k = 0; k < def->nfields && k < SL_MAX_FIELDS; k++) {
			const sl_field_def *fd = &def->fields[k];
			const sl_value *v = &ev->f[k];
			if (!v->present)
				continue;
			switch (fd->kind) {
			case SL_K_INT:
				sl_buf_svarint(b, v->u.i);
				break;
			case SL_K_ENUM:
			case SL_K_DIR:
				sl_buf_uvarint(b, (uint64_t)(v->u.i < 0 ? 0 : v->u.i));
				break;
			case SL_K_HEX:
				sl_buf_svarint(b, v->u.hex.col);
				sl_buf_svarint(b, v->u.hex.row);
				break;
			case SL_K_PIECE:
			case SL_K_TEXT:
				put_text_ref(c, b, v->p ? v->p : "", v->p ? v->n : 0);
				break;
			case SL_K_DICE:
			case SL_K_LIST: {
				const uint8_t *items = v->p;
				int bits = bits_for(item_max(fd));
				uint32_t acc = 0;
				int have = 0;
				sl_buf_uvarint(b, v->n);
				for (int i = 0; i < v->n && bits > 0; i++) {
					acc |= (uint32_t)items[i] << have;
					have += bits;
					while (have >= 8) {
						sl_buf_u8(b, (uint8_t)acc);
						acc >>= 8;
						have -= 8;
					}
				}
				if (have > 0)
					sl_buf_u8(b, (uint8_t)acc);
				break;
			}
			}
		}
	}
	if (check) {
		if (ev->entry == SL_ENTRY_TURN)
			sl_buf_u64le(b, ev->check);
		else
			sl_buf_u32le(b, (uint32_t)ev->check);
	}
	if (ev->comment)
		silb_put_str(b, ev->comment, strlen(ev->comment));
	if (ev->note)
		silb_put_str(b, ev->note, strlen(ev->note));
	if (ev->bookmark)
		silb_put_str(b, ev->bookmark, strlen(ev->bookmark));
	if (extras & 8) {   /* the draws: field, item, counter; value and faces of a weighed one */
		sl_buf_uvarint(b, ev->ndraws);
		for (int i = 0; i < ev->ndraws; i++) {
			const sl_draw *d = &ev->draws[i];
			sl_buf_uvarint(b, d->field);
			sl_buf_uvarint(b, d->item);
			sl_buf_uvarint(b, d->counter);
			if (s->events[ev->type].fields[d->field].kind != SL_K_DICE) {
				sl_buf_u8(b, d->value);
				sl_buf_u8(b, d->out_of);
			}
		}
	}
	if (extras & 16)
		sl_buf_u8(b, ev->glyph);
}

/* The draws of an event (extras bit 3, format 2). */
static int get_draws(silb_ctx *c, sl_reader *r, sl_event *ev)
{
	const sl_event_def *def = &c->log->game->schema->events[ev->type];
	sl_draw d[SL_MAX_ITEMS];
	uint64_t n = sl_read_uvarint(r);
	if (r->err || n < 1 || n > SL_MAX_ITEMS || ev->entry != SL_ENTRY_EVENT) {
		snprintf(c->msg, sizeof c->msg, "the draws are cut short or not of an event");
		return -1;
	}
	for (uint64_t i = 0; i < n; i++) {
		uint64_t f = sl_read_uvarint(r), it = sl_read_uvarint(r);
		memset(&d[i], 0, sizeof d[i]);
		d[i].counter = sl_read_uvarint(r);
		if (r->err || f >= (uint64_t)def->nfields || it > 255) {
			snprintf(c->msg, sizeof c->msg, "draw %d is cut short or names no field of %s", (int)i + 1, def->name);
			return -1;
		}
		d[i].field = (uint8_t)f;
		d[i].item = (uint8_t)it;
		if (def->fields[f].kind == SL_K_DICE) {
			const sl_value *v = &ev->f[f];
			d[i].value = v->present && it < v->n ? ((const uint8_t *)v->p)[it] : 0;
			d[i].out_of = (uint8_t)def->fields[f].max;
		} else {
			d[i].value = sl_read_u8(r);
			d[i].out_of = sl_read_u8(r);
		}
	}
	if (r->err) {
		snprintf(c->msg, sizeof c->msg, "the draws are cut short");
		return -1;
	}
	ev->ndraws = (uint16_t)n;
	ev->draws = d;
	if (sl_draws_valid(c->log->game->schema, ev, c->msg, sizeof c->msg))
		return -1;
	ev->draws = sl_arena_memdup(c->arena, d, sizeof *d * (size_t)n);
	if (!ev->draws) {
		snprintf(c->msg, sizeof c->msg, "out of memory");
		return SL_ENOMEM;
	}
	return 0;
}

#define EFAIL(...) do { snprintf(c->msg, sizeof c->msg, __VA_ARGS__); return -1; } while (0)
#define EOOM() do { snprintf(c->msg, sizeof c->msg, "out of memory"); return SL_ENOMEM; } while (0)

static int get_line_str(silb_ctx *c, sl_reader *r, const char **out, int newlines, const char *what)
{
	const char *s;
	size_t n;
	if (silb_get_str(r, &s, &n))
		EFAIL("the %s is cut short", what);
	if (!sl_text_ok(s, n, newlines))
		EFAIL("the %s is not %s", what, newlines ? "'#' lines of UTF-8" : "one line of UTF-8");
	if (!(*out = sl_arena_strndup(c->arena, s, n)))
		EOOM();
	return 0;
}

static int get_value(silb_ctx *c, sl_reader *r, const sl_field_def *fd, sl_value *v)
{
	const sl_schema *s = c->log->game->schema;
	int64_t iv;
	uint64_t uv;
	v->present = 1;
	switch (fd->kind) {
	case SL_K_INT:
		iv = sl_read_svarint(r);
		if (r->err)
			EFAIL("field %s is cut short", fd->name);
		if (iv < fd->min || iv > fd->max)
			EFAIL("field %s: %lld is out of range (%d..%d)", fd->name, (long long)iv,
				(int)fd->min, (int)fd->max);
		v->u.i = (int32_t)iv;
		return 0;
	case SL_K_ENUM:
	case SL_K_DIR:
		uv = sl_read_uvarint(r);
		if (r->err)
			EFAIL("field %s is cut short", fd->name);
		if (uv >= (uint64_t)(fd->kind == SL_K_DIR ? SL_HEX_DIRS : ntokens(fd->names)))
			EFAIL("field %s: value %llu is not one of its %d", fd->name, (unsigned long long)uv,
				fd->kind == SL_K_DIR ? SL_HEX_DIRS : ntokens(fd->names));
		v->u.i = (int32_t)uv;
		return 0;
	case SL_K_HEX: {
		int64_t col = sl_read_svarint(r), row = sl_read_svarint(r);
		if (r->err)
			EFAIL("field %s is cut short", fd->name);
		if (col < -32768 || col > 32767 || row < -32768 || row > 32767)
			EFAIL("field %s: hex %lld,%lld is out of range", fd->name, (long long)col, (long long)row);
		v->u.hex.col = (int16_t)col;
		v->u.hex.row = (int16_t)row;
		return 0;
	}
	case SL_K_PIECE:
	case SL_K_TEXT: {
		const char *p;
		size_t n;
		int ok;
		uv = sl_read_uvarint(r);
		if (r->err)
			EFAIL("field %s is cut short", fd->name);
		if (uv > 0) {
			if (uv > c->tab.n)
				EFAIL("field %s: string %llu is past the table (%zu strings)", fd->name,
					(unsigned long long)uv, c->tab.n);
			v->p = c->tab.s[uv - 1];
			v->n = c->tab.len[uv - 1];
			ok = c->tab.ok[uv - 1];
		} else {
			char *copy;
			if (silb_get_str(r, &p, &n))
				EFAIL("field %s is cut short", fd->name);
			copy = sl_arena_strndup(c->arena, p, n);
			ok = copy ? str_ok(copy, n) : 0;
			if (!copy || tab_add(&c->tab, copy, n, ok) < 0)
				EOOM();
			v->p = copy;
			v->n = (uint16_t)n;
		}
		n = v->n;
		p = v->p;
		if (fd->kind == SL_K_PIECE ? !(ok & SL_STR_ID)
		    : (!(ok & SL_STR_TEXT) || (fd->max_items > 0 && n > (size_t)fd->max_items)))
			EFAIL("field %s: '%.*s' is not a valid %s", fd->name, (int)(n > 40 ? 40 : n), p,
				fd->kind == SL_K_PIECE ? "piece id" : "text");
		return 0;
	}
	case SL_K_DICE:
	case SL_K_LIST: {
		unsigned max;
		if (c->im_fd != fd) {   /* the last field's, kept: counting its tokens is not free */
			c->im_fd = fd;
			c->im_max = item_max(fd);
		}
		max = c->im_max;
		int bits = bits_for(max), have = 0, lim = fd->max_items < SL_MAX_ITEMS ? fd->max_items : SL_MAX_ITEMS;
		uint32_t acc = 0;
		uint8_t *items;
		uv = sl_read_uvarint(r);
		if (r->err)
			EFAIL("field %s is cut short", fd->name);
		if (uv < 1 || uv > (uint64_t)lim)
			EFAIL("field %s: %llu items (1..%d)", fd->name, (unsigned long long)uv, lim);
		items = sl_arena_alloc(c->arena, (size_t)uv);
		if (!items)
			EOOM();
		for (size_t i = 0; i < uv; i++) {
			while (have < bits) {
				acc |= (uint32_t)sl_read_u8(r) << have;
				have += 8;
			}
			items[i] = (uint8_t)(bits ? acc & ((1u << bits) - 1) : 0);
			acc >>= bits;
			have -= bits;
			if (items[i] > max)
				EFAIL("field %s: item %u is out of range (0..%u)", fd->name, items[i], max);
		}
		if (r->err)
			EFAIL("field %s is cut short", fd->name);
		if (acc != 0)
			EFAIL("field %s: padding bits are not zero", fd->name);
		v->p = items;
		v->n = (uint16_t)uv;
		return 0;
	}
	}
	(void)s;
	EFAIL("field %s has an unknown kind", fd->name);
}

int silb_get_entry(silb_ctx *c, sl_reader *r, sl_event *ev)
{
	const sl_log *log = c->log;
	const sl_schema *s = log->game->schema;
	uint8_t tag, extras = 0;
	int kind, hi, rc;
	uint64_t v;

	static const sl_event zero;   /* copied: GCC's memset of it is a slow `rep stos` */

	*ev = zero;
	ev->player = -1;
	tag = sl_read_u8(r);
	if (r->err)
		EFAIL("an entry is cut short");
	kind = tag & 3;
	hi = tag >> 4;
	if (kind == 3)
		EFAIL("reserved entry kind 3 in tag 0x%02x", tag);
	if (tag & 8) {
		extras = sl_read_u8(r);
		if (extras == 0 || (extras & ~(log->h.format_version >= 2 ? 31 : 23)))
			EFAIL("extras byte 0x%02x is empty or has reserved bits", extras);
	}
	ev->entry = (uint8_t)kind;
	if (kind == SL_ENTRY_TURN) {
		if (hi > 1)
			EFAIL("reserved bits in turn tag 0x%02x", tag);
		v = hi ? sl_read_uvarint(r) : (uint64_t)c->last_turn + 1;
		if (r->err || v < 1 || v > 1000000)
			EFAIL("turn number %llu is out of range (1..1000000)", (unsigned long long)v);
		ev->mark = (int32_t)v;
		c->last_turn = ev->mark;
	} else if (kind == SL_ENTRY_PHASE) {
		v = hi ? (uint64_t)hi : sl_read_uvarint(r);
		if (r->err || v < 1 || v > (uint64_t)s->nphases)
			EFAIL("phase %llu is out of range (1..%d)", (unsigned long long)v, s->nphases);
		if (tag & 4)
			EFAIL("a state check on a phase marker");
		ev->mark = (int32_t)v;
	} else {
		const sl_event_def *def;
		uint8_t bitmap[(SL_MAX_FIELDS + 7) / 8];
		int nopt = 0, o = 0;
		if (hi > log->h.nplayers)
			EFAIL("player %d is not in the header (%d players)", hi, log->h.nplayers);
		ev->player = (int8_t)(hi - 1);
		v = sl_read_uvarint(r);
		if (r->err || v >= (uint64_t)s->nevents)
			EFAIL("event type %llu is not in %s's schema", (unsigned long long)v, log->game->id);
		ev->type = (uint16_t)v;
		def = &s->events[v];
		if (def->nfields > SL_MAX_FIELDS)
			EFAIL("event type %s has more fields than this build holds", def->name);
		for (int k = 0; k < def->nfields; k++)
			nopt += def->fields[k].optional != 0;
		for (int k = 0; k < (nopt + 7) / 8; k++)
			bitmap[k] = sl_read_u8(r);
		if (r->err)
			EFAIL("event %s is cut short", def->name);
		if (nopt % 8 && (bitmap[nopt / 8] >> (nopt % 8)))
			EFAIL("event %s: reserved bits in its field bitmap", def->name);
		for (int k = 0; k < def->nfields; k++) {
			if (def->fields[k].optional && !(bitmap[o / 8] & (1u << (o % 8)))) {
				o++;
				continue;
			}
			if (def->fields[k].optional)
				o++;
			if ((rc = get_value(c, r, &def->fields[k], &ev->f[k])))
				return rc;
		}
	}
	if (tag & 4) {
		ev->has_check = 1;
		ev->check = kind == SL_ENTRY_TURN ? sl_read_u64le(r) : sl_read_u32le(r);
		if (r->err)
			EFAIL("the state check is cut short");
	}
	if ((extras & 1) && (rc = get_line_str(c, r, &ev->comment, 1, "comment")))
		return rc;
	if ((extras & 2) && (rc = get_line_str(c, r, &ev->note, 0, "note")))
		return rc;
	if ((extras & 4) && (rc = get_line_str(c, r, &ev->bookmark, 0, "bookmark")))
		return rc;
	if ((extras & 8) && (rc = get_draws(c, r, ev)))
		return rc;
	if (extras & 16) {
		ev->glyph = sl_read_u8(r);
		if (r->err || !sl_glyph_text(ev->glyph))
			EFAIL("glyph code %u is not 1..6 (or cut short)", ev->glyph);
	}
	return 0;
}

uint64_t silb_init_hash(const sl_log *log)
{
	void *st = NULL;
	uint64_t h = 0;
	sl_error e;
	sl_error_clear(&e);
	if (!log->game || log->game->init(&st, &log->h, &e) != SL_OK)
		return 0;
	sl_game_hash(log->game, st, &h);
	log->game->destroy(st);
	return h;
}
