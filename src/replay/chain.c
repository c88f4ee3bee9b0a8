/* chain.c - the log digest: a BLAKE2b chain over a log's header and entries
 * (formats/hash.md), for `verify --extends`. */
#include "sl_chain.h"
#include "sl_dice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_u32(sl_buf *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		sl_buf_putc(b, (char)(uint8_t)(v >> (8 * i)));
}

static void put_u64(sl_buf *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		sl_buf_putc(b, (char)(uint8_t)(v >> (8 * i)));
}

int sl_chain_begin(sl_chain *c, const sl_header *h)
{
	sl_buf b;
	int rc;
	memset(c, 0, sizeof *c);
	sl_buf_init(&b);
	sl_buf_puts(&b, h->game ? h->game : "");
	sl_buf_putc(&b, 0);
	put_u32(&b, (uint32_t)h->rules_version);
	sl_buf_putc(&b, (char)(uint8_t)h->nplayers);
	for (int i = 0; i < h->nplayers; i++) {
		sl_buf_puts(&b, h->players[i].id ? h->players[i].id : "");
		sl_buf_putc(&b, 0);
	}
	rc = b.failed ? SL_ENOMEM : sl_digest_link(c->d, SL_CHAIN_TAG, c->d, b.data, b.len);
	sl_buf_free(&b);
	{
		sl_dice_header dh;
		sl_error e;
		if (sl_dice_read_header(h, &dh, &e) == SL_OK && dh.committed) {
			c->has_commit = 1;
			memcpy(c->commit, dh.commit, sizeof c->commit);
		}
	}
	return rc;
}

/* The recorder's own comment lines ("# undone: ", "# refused: ", "# dice "),
 * each with its '\n', then a 0 byte: what was taken back is part of the
 * game's record; the other comments may be added later. */
static void recorder_lines(const char *c, sl_buf *b)
{
	while (c && *c) {
		size_t n = strcspn(c, "\n");
		if ((n >= 10 && memcmp(c, "# undone: ", 10) == 0) || (n >= 11 && memcmp(c, "# refused: ", 11) == 0) ||
		    (n >= 7 && memcmp(c, "# dice ", 7) == 0)) {
			sl_buf_put(b, c, n);
			sl_buf_putc(b, '\n');
		}
		c += n + (c[n] == '\n');
	}
	sl_buf_putc(b, 0);
}

/* The entry's bytes: u8 kind; a marker's i32le number; an event's content
 * (formats/hash.md) and draws; then u8 has_check, u64le check, and the recorder's comment lines. */
static void entry_bytes(const sl_schema *s, const sl_event *ev, sl_buf *b)
{
	sl_buf_putc(b, (char)ev->entry);
	if (ev->entry != SL_ENTRY_EVENT) {
		put_u32(b, (uint32_t)ev->mark);
	} else {
		const sl_event_def *def = &s->events[ev->type];
		sl_buf_putc(b, (char)(uint8_t)ev->type);
		sl_buf_putc(b, (char)(uint8_t)(ev->type >> 8));
		sl_buf_putc(b, (char)(uint8_t)ev->player);
		for (int k = 0; k < def->nfields; k++) {
			const sl_value *v = &ev->f[k];
			sl_buf_putc(b, (char)v->present);
			if (!v->present)
				continue;
			switch (def->fields[k].kind) {
			case SL_K_INT: case SL_K_ENUM: case SL_K_DIR:
				put_u32(b, (uint32_t)v->u.i);
				break;
			case SL_K_HEX:
				put_u32(b, (uint32_t)(uint16_t)v->u.hex.col | (uint32_t)(uint16_t)v->u.hex.row << 16);
				break;
			default:
				sl_buf_putc(b, (char)(uint8_t)v->n);
				sl_buf_putc(b, (char)(uint8_t)(v->n >> 8));
				if (v->n)
					sl_buf_put(b, v->p, v->n);
			}
		}
		sl_buf_putc(b, (char)(uint8_t)ev->ndraws);
		sl_buf_putc(b, (char)(uint8_t)(ev->ndraws >> 8));
		for (int i = 0; i < ev->ndraws; i++) {
			const sl_draw *d = &ev->draws[i];
			sl_buf_putc(b, (char)d->field);
			sl_buf_putc(b, (char)d->item);
			put_u64(b, d->counter);
			sl_buf_putc(b, (char)d->value);
			sl_buf_putc(b, (char)d->out_of);
		}
	}
	sl_buf_putc(b, (char)(ev->has_check && ev->entry != SL_ENTRY_PHASE));
	put_u64(b, ev->has_check && ev->entry != SL_ENTRY_PHASE ? ev->check : 0);
	recorder_lines(ev->comment, b);
}

int sl_chain_entry(sl_chain *c, const sl_schema *s, const sl_event *ev)
{
	sl_buf b;
	int rc;
	sl_buf_init(&b);
	entry_bytes(s, ev, &b);
	if (c->has_commit && !c->mixed && (ev->ndraws || (ev->comment && (strncmp(ev->comment, SL_DICE_LINE,
	    strlen(SL_DICE_LINE)) == 0 || strstr(ev->comment, "\n" SL_DICE_LINE))))) {
		sl_buf_put(&b, c->commit, sizeof c->commit);   /* the dice drawn from here on are bound to it */
		c->mixed = 1;
	}
	if (b.failed)
		rc = SL_ENOMEM;
	else
		rc = sl_digest_link(c->d, SL_CHAIN_TAG, c->d, b.data, b.len);
	sl_buf_free(&b);
	c->n++;
	return rc;
}

void sl_chain_format(const sl_chain *c, char *out)
{
	int n = snprintf(out, SL_CHAIN_TEXT, "%llu:", (unsigned long long)c->n);
	sl_hexstr_encode(out + n, c->d, sizeof c->d);
}

int sl_chain_parse(sl_chain *out, const char *s)
{
	const char *colon = strchr(s, ':');
	char *end;
	unsigned long long n;
	memset(out, 0, sizeof *out);
	if (!colon || colon == s || s[0] < '0' || s[0] > '9')
		return SL_ESYNTAX;
	n = strtoull(s, &end, 10);
	if (end != colon)
		return SL_ESYNTAX;
	out->n = n;
	return sl_hexstr_decode(out->d, sizeof out->d, colon + 1, strlen(colon + 1));
}
