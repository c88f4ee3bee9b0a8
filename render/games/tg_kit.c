/* tg_kit.c - what the games' click-target files share (tg_kit.h). */
#include "tg_kit.h"
#include "formats/sl_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void copy_str(char *dst, size_t n, const char *src)
{
	size_t k = src ? strlen(src) : 0;
	if (k >= n)
		k = n - 1;
	if (k)
		memcpy(dst, src, k);
	dst[k] = 0;
}

int tg_begin(tg_ctx *c, const sl_frame *fr, size_t size, sl_targets *out, sl_error *err)
{
	memset(c, 0, sizeof *c);
	c->fr = fr;
	c->g = fr->game;
	c->h = fr->header;
	c->st = fr->state;
	c->size = size;
	c->out = out;
	sl_buf_init(&c->desc);
	c->scratch = sl_malloc(size);
	if (!c->scratch)
		return sl_error_set(err, SL_ENOMEM, "targets: out of memory");
	return 0;
}

void tg_end(tg_ctx *c)
{
	sl_free(c->scratch);
	c->scratch = NULL;
	sl_buf_free(&c->desc);
}

void tg_str(sl_value *v, const char *s)
{
	v->present = 1;
	v->n = (uint16_t)strlen(s);
	v->p = s;
}

void tg_bytes(sl_value *v, const uint8_t *b, int n)
{
	v->present = 1;
	v->n = (uint16_t)n;
	v->p = b;
}

void tg_marker(sl_event *ev, int turn, int phase)
{
	memset(ev, 0, sizeof *ev);
	ev->player = -1;
	ev->entry = phase ? SL_ENTRY_PHASE : SL_ENTRY_TURN;
	ev->mark = phase ? phase : turn;
}

int tg_end_rc(tg_ctx *c, int rc, const char *game, sl_error *err)
{
	int oom = c->oom;
	tg_end(c);
	if (rc < 0 || oom)
		return sl_error_set(err, rc < 0 ? rc : SL_ENOMEM, "%s targets: out of memory", game);
	return 0;
}

int tg_try(tg_ctx *c, const sl_event *ev)
{
	sl_error e;
	int rc;
	sl_error_clear(&e);
	memcpy(c->scratch, c->st, c->size);
	c->desc.len = 0;
	c->desc.failed = 0;
	if ((rc = sl_entry_apply(c->g, c->h, NULL, c->scratch, ev, 0, &c->desc, &e)) != 0) {
		if (rc == SL_ENOMEM || e.code == SL_ENOMEM)
			c->oom = 1;
		copy_str(c->err, sizeof c->err, e.msg);
		return 0;
	}
	if (c->desc.failed)
		c->oom = 1;   /* the label would be lost */
	c->err[0] = 0;
	return 1;
}

const char *tg_pid(const tg_ctx *c, int p)
{
	if (c->h && p >= 0 && p < c->h->nplayers && c->h->players[p].id)
		return c->h->players[p].id;
	return "";
}

void tg_line(tg_ctx *c, const sl_event *ev, char *buf, size_t n)
{
	const sl_schema *s = c->g->schema;
	sl_buf b;
	sl_buf_init(&b);
	if (ev->entry == SL_ENTRY_TURN) {
		sl_buf_printf(&b, "turn %d", (int)ev->mark);
	} else if (ev->entry == SL_ENTRY_PHASE) {
		sl_buf_printf(&b, "phase %d", (int)ev->mark);
	} else {
		const sl_event_def *def = &s->events[ev->type];
		if (ev->player >= 0)
			sl_buf_printf(&b, "%s: ", tg_pid(c, ev->player));
		sl_buf_puts(&b, def->name);
		for (int k = 0; k < def->nfields; k++) {
			if (!ev->f[k].present)
				continue;
			sl_buf_printf(&b, " %s=", def->fields[k].name);
			sl_sil_write_value(s, &def->fields[k], &ev->f[k], &b);
		}
	}
	copy_str(buf, n, b.failed ? "" : sl_buf_cstr(&b));
	if (b.failed)
		c->oom = 1;
	sl_buf_free(&b);
}


int tg_push(tg_ctx *c, int kind, const char *player, const char *sel, const char *group,
	double x, double y, double r, const char *label, const char *cost, const char *odds,
	const char *line)
{
	sl_target t;
	memset(&t, 0, sizeof t);
	t.kind = kind;
	copy_str(t.player, sizeof t.player, player);
	copy_str(t.sel, sizeof t.sel, sel);
	copy_str(t.group, sizeof t.group, group);
	t.x = x < 0 ? SL_TARGET_NOWHERE : x;
	t.y = x < 0 ? 0 : y;
	t.r = x < 0 ? 0 : r;
	copy_str(t.label, sizeof t.label, label);
	if (label && strlen(label) >= sizeof t.label) {
		/* too long for the field: cut at a word, marked with an ellipsis */
		size_t k = sizeof t.label - 4;
		while (k > 0 && t.label[k] != ' ')
			k--;
		memcpy(t.label + (k ? k : sizeof t.label - 4), "\xe2\x80\xa6", 4);
	}
	copy_str(t.cost, sizeof t.cost, cost);
	copy_str(t.odds, sizeof t.odds, odds);
	copy_str(t.line, sizeof t.line, line);
	return sl_targets_push(c->out, &t);
}

int tg_push_act(tg_ctx *c, const sl_event *ev, const char *sel, const char *group,
	double x, double y, double r, const char *label, const char *cost, const char *odds)
{
	char line[512];
	const char *lab = label;
	tg_line(c, ev, line, sizeof line);
	if (!lab)
		lab = c->desc.failed ? "" : sl_buf_cstr(&c->desc);
	return tg_push(c, SL_TARGET_ACT, ev->player >= 0 ? tg_pid(c, ev->player) : "", sel, group,
		x, y, r, lab, cost, odds, line);
}

void tg_fmt(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

int tg_try_dice(tg_ctx *c, sl_event *ev, int field, int v, int max)
{
	uint8_t d[SL_MAX_ITEMS];
	if (max > SL_MAX_ITEMS)
		max = SL_MAX_ITEMS;
	memset(d, v, sizeof d);
	for (int n = 1; n <= max; n++) {
		tg_bytes(&ev->f[field], d, n);
		if (tg_try(c, ev)) {
			ev->f[field].present = 0;
			return n;
		}
	}
	ev->f[field].present = 0;
	return 0;
}

int tg_offer_marker(tg_ctx *c, int turn, int phase, const char *player, const char *label)
{
	sl_event ev;
	char line[32];
	tg_marker(&ev, turn, phase);
	if (!tg_try(c, &ev))
		return 0;
	tg_line(c, &ev, line, sizeof line);
	return tg_push(c, SL_TARGET_ACT, player, "", "phase", SL_TARGET_NOWHERE, 0, 0, label, NULL,
		NULL, line) ? SL_ENOMEM : 1;
}
