/* sil_write.c - canonical .sil text: fixed header order, fields in schema
 * order, one space between tokens, a blank line before every turn. */
#include "sl_log.h"

#include <string.h>

static void put_quoted(sl_buf *out, const char *s, size_t n)
{
	sl_buf_putc(out, '"');
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '"': sl_buf_puts(out, "\\\""); break;
		case '\\': sl_buf_puts(out, "\\\\"); break;
		case '\n': sl_buf_puts(out, "\\n"); break;
		case '\t': sl_buf_puts(out, "\\t"); break;
		default: sl_buf_putc(out, s[i]);
		}
	}
	sl_buf_putc(out, '"');
}

/* Free text to the end of a line: newlines would break the line. */
static void put_line_text(sl_buf *out, const char *s)
{
	for (; *s; s++)
		sl_buf_putc(out, *s == '\n' || *s == '\r' ? ' ' : *s);
}

static void put_comment(sl_buf *out, const char *c)
{
	if (!c)
		return;
	sl_buf_puts(out, c);
	sl_buf_putc(out, '\n');
}

void sl_sil_write_header(const sl_header *h, sl_buf *out)
{
	sl_buf_printf(out, "sil %d\n", h->format_version ? h->format_version : SL_SIL_VERSION);
	sl_buf_printf(out, "game %s %d\n", h->game ? h->game : "?", h->rules_version);
	if (h->title) {
		sl_buf_puts(out, "title ");
		put_line_text(out, h->title);
		sl_buf_putc(out, '\n');
	}
	if (h->date) {
		sl_buf_puts(out, "date ");
		put_line_text(out, h->date);
		sl_buf_putc(out, '\n');
	}
	for (int i = 0; i < h->nplayers; i++) {
		const sl_player *p = &h->players[i];
		sl_buf_printf(out, "player %s ", p->id);
		put_quoted(out, p->name ? p->name : "", p->name ? strlen(p->name) : 0);
		sl_buf_printf(out, " #%06x\n", (unsigned)(p->colour & 0xffffff));
	}
	for (int i = 0; i < h->nmeta; i++) {
		sl_buf_printf(out, "meta %s ", h->meta[i].key);
		put_line_text(out, h->meta[i].value);
		sl_buf_putc(out, '\n');
	}
	if (h->has_seed)
		sl_buf_printf(out, "seed %llu\n", (unsigned long long)h->seed);
	put_comment(out, h->comment);
}

void sl_sil_write_value(const sl_schema *s, const sl_field_def *fd,
	const sl_value *v, sl_buf *out)
{
	const uint8_t *items = v->p;
	switch (fd->kind) {
	case SL_K_INT:
		sl_buf_printf(out, "%d", (int)v->u.i);
		break;
	case SL_K_ENUM:
		sl_buf_puts(out, fd->names[v->u.i]);
		break;
	case SL_K_DIR:
		sl_buf_puts(out, sl_hex_dir_name(s->grid.orient, v->u.i));
		break;
	case SL_K_HEX:
		sl_buf_printf(out, "%d,%d", v->u.hex.col, v->u.hex.row);
		break;
	case SL_K_PIECE:
		sl_buf_put(out, v->p, v->n);
		break;
	case SL_K_TEXT:
		put_quoted(out, v->p, v->n);
		break;
	case SL_K_DICE:
	case SL_K_LIST:
		for (int i = 0; i < v->n; i++) {
			if (i)
				sl_buf_putc(out, ',');
			if (fd->kind == SL_K_LIST)
				sl_buf_puts(out, fd->names[items[i]]);
			else if (items[i] == 0)
				sl_buf_putc(out, '?');
			else
				sl_buf_printf(out, "%d", items[i]);
		}
		break;
	}
}

/* A value with its draw marks (format 2): "4@17,2", "normal@3:7/15". */
static void put_marked(const sl_schema *s, const sl_field_def *fd, const sl_event *ev, int k, sl_buf *out)
{
	const sl_value *v = &ev->f[k];
	const uint8_t *items = v->p;
	int j = 0;
	while (j < ev->ndraws && ev->draws[j].field < k)
		j++;
	if (j == ev->ndraws || ev->draws[j].field != k) {
		sl_sil_write_value(s, fd, v, out);
		return;
	}
	if (fd->kind != SL_K_DICE) {
		sl_sil_write_value(s, fd, v, out);
		sl_buf_printf(out, "@%llu:%d/%d", (unsigned long long)ev->draws[j].counter, ev->draws[j].value,
			ev->draws[j].out_of);
		return;
	}
	for (int i = 0; i < v->n; i++) {
		sl_buf_printf(out, i ? ",%d" : "%d", items[i]);
		while (j < ev->ndraws && ev->draws[j].field == k && ev->draws[j].item < i)
			j++;
		if (j < ev->ndraws && ev->draws[j].field == k && ev->draws[j].item == i)
			sl_buf_printf(out, "@%llu", (unsigned long long)ev->draws[j].counter);
	}
}

void sl_sil_write_entry(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	const sl_schema *s = log->game->schema;
	if (ev->entry == SL_ENTRY_TURN)
		sl_buf_putc(out, '\n');
	put_comment(out, ev->comment);
	if (ev->entry == SL_ENTRY_TURN) {
		sl_buf_printf(out, "turn %d", (int)ev->mark);
		if (ev->has_check)
			sl_buf_printf(out, " !%016llx", (unsigned long long)ev->check);
	} else if (ev->entry == SL_ENTRY_PHASE) {
		sl_buf_printf(out, "phase %d %s", (int)ev->mark, sl_phase_name(s, ev->mark));
	} else {
		const sl_event_def *def = &s->events[ev->type];
		if (ev->player >= 0 && ev->player < log->h.nplayers)
			sl_buf_printf(out, "%s: ", log->h.players[ev->player].id);
		sl_buf_puts(out, def->name);
		for (int k = 0; k < def->nfields; k++) {
			if (!ev->f[k].present)
				continue;
			sl_buf_printf(out, " %s=", def->fields[k].name);
			if (ev->ndraws && log->h.format_version >= 2)
				put_marked(s, &def->fields[k], ev, k, out);
			else
				sl_sil_write_value(s, &def->fields[k], &ev->f[k], out);
		}
		if (ev->has_check)
			sl_buf_printf(out, " !%08llx", (unsigned long long)(ev->check & 0xffffffffu));
	}
	sl_buf_putc(out, '\n');
	if (sl_glyph_text(ev->glyph))
		sl_buf_printf(out, "@glyph %s\n", sl_glyph_text(ev->glyph));
	if (ev->note) {
		sl_buf_puts(out, "@note ");
		put_line_text(out, ev->note);
		sl_buf_putc(out, '\n');
	}
	if (ev->bookmark) {
		sl_buf_puts(out, "@bookmark ");
		put_line_text(out, ev->bookmark);
		sl_buf_putc(out, '\n');
	}
}

int sl_sil_write(const sl_log *log, sl_buf *out)
{
	sl_sil_write_header(&log->h, out);
	sl_buf_putc(out, '\n');
	for (size_t i = 0; i < log->n; i++)
		sl_sil_write_entry(log, &log->ev[i], out);
	if (log->tail_comment)
		put_comment(out, log->tail_comment);
	return out->failed ? SL_ENOMEM : SL_OK;
}
