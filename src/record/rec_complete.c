/* rec_complete.c - Tab completion for the recorder's line reader: the
 * commands, header words, events and fields, and the values the rules
 * allow now. */
#include "recorder.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---- tab completion (on a terminal) ------------------------------------- */

typedef struct comp {
	const char *word;
	size_t n;
	void (*add)(void *ud, const char *cand);
	void *ud;
} comp;

static void offer(comp *c, const char *cand)
{
	if (strncasecmp(cand, c->word, c->n) == 0)
		c->add(c->ud, cand);
}

/* The values this log already holds for fields of `kind` (piece ids, hexes). */
static void offer_seen(recorder *rc, comp *c, sl_kind kind)
{
	const sl_schema *sc = rc->log->game->schema;
	for (size_t i = 0; i < rc->log->n; i++) {
		const sl_event *ev = &rc->log->ev[i];
		if (ev->entry != SL_ENTRY_EVENT)
			continue;
		for (int k = 0; k < sc->events[ev->type].nfields; k++) {
			char hex[32];
			if (sc->events[ev->type].fields[k].kind != kind || !ev->f[k].present)
				continue;
			if (kind == SL_K_PIECE)
				offer(c, ev->f[k].p);
			else {
				snprintf(hex, sizeof hex, "%d,%d", ev->f[k].u.hex.col, ev->f[k].u.hex.row);
				offer(c, hex);
			}
		}
	}
}

void rec_complete(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud)
{
	recorder *rc = ctx;
	comp c = {word, strlen(word), add, ud};
	static const char *const cmds[] = {"help", "undo", "state", "close", "quit", "turn", "phase", NULL};
	const char *p = line, *ev_word = NULL;
	size_t ev_n = 0, words = 0;
	const sl_schema *sc;
	int type;
	/* the words before the cursor: an optional "PLAYER:", then the event */
	while (*p) {
		size_t sp = strspn(p, " \t"), n;
		p += sp;
		n = strcspn(p, " \t");
		if (!n)
			break;
		if (!(words == 0 && p[n - 1] == ':') && !ev_word) {
			ev_word = p;
			ev_n = n;
		}
		words++;
		p += n;
	}
	if (!rc->log || !ev_word || (start > 0 && !ev_word)) {
		if (ev_word && rc->log == NULL)
			return;
		for (int k = 0; cmds[k]; k++)
			offer(&c, cmds[k]);
		if (!rc->log || rc->log->n == 0)
			for (int k = 0; rec_header_words[k]; k++)
				offer(&c, rec_header_words[k]);
		if (!rc->log)
			return;
		sc = rc->log->game->schema;
		for (int k = 0; k < sc->nevents; k++)
			offer(&c, sc->events[k].name);
		if (words == 0)
			for (int k = 0; k < rc->log->h.nplayers; k++) {
				char id[80];
				snprintf(id, sizeof id, "%s:", rc->log->h.players[k].id);
				offer(&c, id);
			}
		return;
	}
	sc = rc->log->game->schema;
	type = sl_schema_event(sc, ev_word, ev_n);
	if (type < 0)
		return;
	if (start > 0 && (line[start - 1] == '=' || line[start - 1] == ',')) {
		/* a value: the field is the name before the '=' */
		size_t e = start - 1, b;
		const sl_event_def *def = &sc->events[type];
		while (e > 0 && line[e] != '=')
			e--;
		b = e;
		while (b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t')
			b--;
		for (int k = 0; k < def->nfields; k++) {
			const sl_field_def *fd = &def->fields[k];
			if (strlen(fd->name) != e - b || strncmp(fd->name, line + b, e - b) != 0)
				continue;
			if ((fd->kind == SL_K_ENUM && line[start - 1] == '=') || fd->kind == SL_K_LIST)
				for (int t = 0; fd->names && fd->names[t]; t++)
					offer(&c, fd->names[t]);
			else if (fd->kind == SL_K_DIR)
				for (int d = 0; d < 6; d++)
					offer(&c, sl_hex_dir_name(sc->grid.orient, d));
			else if (fd->kind == SL_K_PIECE)
				offer_seen(rc, &c, SL_K_PIECE);
			else if (fd->kind == SL_K_HEX && line[start - 1] == '=')
				offer_seen(rc, &c, SL_K_HEX);
			else if (fd->kind == SL_K_DICE)
				offer(&c, "?");
		}
		return;
	}
	for (int k = 0; k < sc->events[type].nfields; k++) {
		char f[80];
		snprintf(f, sizeof f, "%s=", sc->events[type].fields[k].name);
		if (!strstr(line, f))
			offer(&c, f);
	}
}
