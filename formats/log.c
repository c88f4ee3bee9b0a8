/* log.c - the in-memory log: entries in an arena, append/pop, loading by content. */
#include "sl_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sl_log *sl_log_new(const sl_game *game)
{
	sl_log *log = sl_calloc(1, sizeof *log);
	if (!log)
		return NULL;
	log->game = game;
	sl_arena_init(&log->arena);
	return log;
}

void sl_log_free(sl_log *log)
{
	if (!log)
		return;
	sl_header_free(&log->h);
	sl_free(log->ev);
	sl_arena_free(&log->arena);
	sl_free(log->tail_comment);
	sl_free(log->name);
	sl_free(log);
}

static const char *adopt_str(sl_log *log, const char *s, int *fail)
{
	const char *d;
	if (!s)
		return NULL;
	d = sl_arena_strndup(&log->arena, s, strlen(s));
	if (!d)
		*fail = 1;
	return d;
}

int sl_log_append(sl_log *log, const sl_event *ev)
{
	sl_event e = *ev;
	int fail = 0;
	if (log->n >= SL_LOG_MAX_ENTRIES)
		return SL_ELIMIT;
	if (log->n == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 256;
		sl_event *p = sl_realloc(log->ev, cap * sizeof *p);
		if (!p)
			return SL_ENOMEM;
		log->ev = p;
		log->cap = cap;
	}
	e.comment = adopt_str(log, ev->comment, &fail);
	e.note = adopt_str(log, ev->note, &fail);
	e.bookmark = adopt_str(log, ev->bookmark, &fail);
	if (e.entry == SL_ENTRY_EVENT) {
		const sl_event_def *def = &log->game->schema->events[e.type];
		for (int k = 0; k < def->nfields; k++) {
			sl_value *v = &e.f[k];
			if (!v->present || !v->p)
				continue;
			if (def->fields[k].kind == SL_K_TEXT || def->fields[k].kind == SL_K_PIECE)
				v->p = sl_arena_strndup(&log->arena, v->p, v->n);
			else
				v->p = sl_arena_memdup(&log->arena, v->p, v->n);
			if (!v->p)
				fail = 1;
		}
	}
	if (e.ndraws && !(e.draws = sl_arena_memdup(&log->arena, ev->draws, sizeof *ev->draws * ev->ndraws)))
		fail = 1;
	if (fail)
		return SL_ENOMEM;
	log->ev[log->n++] = e;
	return SL_OK;
}

const sl_header *sl_log_header(const sl_log *log) { return &log->h; }
const sl_game *sl_log_game(const sl_log *log) { return log->game; }
size_t sl_log_count(const sl_log *log) { return log->n; }
const sl_event *sl_log_entry(const sl_log *log, size_t i) { return i < log->n ? &log->ev[i] : NULL; }

void sl_log_pop(sl_log *log)
{
	if (log->n > 0)
		log->n--;   /* its arena bytes stay until the log is freed */
}

int sl_log_load(sl_log **out, const char *path, sl_error *err)
{
	char *text;
	size_t n;
	int rc;
	*out = NULL;
	{   /* FILE:NAME, a game of an archive of many games */
		char *file, *member;
		if (sl_sila_member_path(path, &file, &member)) {
			sl_free(file);
			sl_free(member);
			return sl_silb_load(out, path, 0, NULL, err);
		}
	}
	rc = sl_read_file(path, SL_SIL_MAX_FILE, &text, &n, err);
	if (rc)
		return rc;
	/* the codec is picked by content: a .silb starts with byte 0x89, which
	 * is never the first byte of UTF-8 text */
	if (sl_silb_sniff(text, n))
		rc = sl_silb_read(out, path, text, n, 0, NULL, err);
	else
		rc = sl_sil_read(out, path, text, n, err);
	sl_free(text);
	return rc;
}
