/* rec_journal.c - the end of the recorder's pipeline: what was accepted made
 * durable (the whole text file, or one record of a .silb journal), the
 * state rebuilt from the log, and the comments waiting for the next entry. */
#include "recorder.h"

#include <string.h>

int rec_result(const recorder *rc, sl_buf *out)
{
	if (!rc->log || !rc->log->game->result || !rc->st)
		return 0;
	return rc->log->game->result(rc->st, &rc->log->h, out);
}

int rec_seal_entry(const sl_log *log, const void *st, size_t at, sl_event *ev)
{
	uint64_t chain = 0;
	for (size_t i = at; i-- > 0;)   /* the chain value: the last check before */
		if (log->ev[i].entry != SL_ENTRY_PHASE && log->ev[i].has_check) {
			chain = sl_chain_next(&log->ev[i], 0);
			break;
		}
	return sl_entry_seal(log->game, &log->h, st, &chain, ev);
}

/* 0, or SL_ENOMEM with the pending lines as they were (none cut short). */
int rec_pending_add(recorder *rc, const char *s)
{
	size_t was = rc->pending.len;
	if (rc->pending.len)
		sl_buf_putc(&rc->pending, '\n');
	sl_buf_puts(&rc->pending, s);
	/* room in the journal for them as its TAIL record, should the recording
	 * end before the next entry takes them (rec_end writes it allocating nothing) */
	if (!rc->pending.failed && (!rc->j || sl_silb_journal_tail_reserve(rc->j, rc->pending.len) == SL_OK))
		return SL_OK;
	rc->pending.len = was;
	rc->pending.failed = 0;
	return SL_ENOMEM;
}

/* The log to path atomically: a .silb archive, or canonical text. */
int rec_save_whole(recorder *rc)
{
	sl_buf b;
	sl_error err;
	int r;
	sl_buf_init(&b);
	sl_error_clear(&err);
	if (rc->silb)
		r = sl_silb_write_archive_coded(rc->log, rc->coding, &b, &err);
	else if ((r = sl_sil_write(rc->log, &b)))
		sl_error_set(&err, r, "out of memory");
	if (r == SL_OK)
		r = sl_write_file_atomic(rc->path, b.data, b.len, &err);
	sl_buf_free(&b);
	if (r)
		rec_report(rc, &err);
	return r;
}

/* Makes the change `op` (already made to rc->log) durable: the whole text
 * file, or one journal record. A failed write stops the recording: the file
 * keeps what was accepted before it. */
int rec_save(recorder *rc, int op)
{
	sl_error err;
	int r;
	if (!rc->silb) {
		r = rec_save_whole(rc) == SL_OK ? 0 : -1;
		if (r)
			rc->io_failed = 1;
		return r;
	}
	sl_error_clear(&err);
	if (!rc->j)
		r = sl_silb_journal_create(&rc->j, rc->path, rc->log, rc->sync, &err);
	else if (op == REC_HEADER)
		r = sl_silb_journal_header(rc->j, rc->log, &err);
	else if (op == REC_ENTRY)
		r = sl_silb_journal_entry(rc->j, rc->log, &rc->log->ev[rc->log->n - 1], &err);
	else if (op == REC_UNDO)
		r = sl_silb_journal_undo(rc->j, rc->log, &err);
	else if (op == REC_ANNOTATE)
		r = sl_silb_journal_annotate(rc->j, &rc->log->ev[rc->log->n - 1], &err);
	else
		r = sl_silb_journal_tail(rc->j, rc->log->tail_comment ? rc->log->tail_comment :
			sl_buf_cstr(&rc->pending), &err);
	if (r) {
		rec_report(rc, &err);
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
		rc->io_failed = 1;
		return -1;
	}
	return 0;
}

/* The whole file again (a header change after the first entry). */
int rec_rewrite(recorder *rc)
{
	if (rc->j) {
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
	}
	return rec_save(rc, REC_HEADER);
}

/* Rebuilds the state from the log's entries (after undo or a header change). */
int rec_rebuild(recorder *rc, sl_error *err)
{
	const sl_game *g = rc->log->game;
	void *st;
	long no = 0;
	int r = g->init(&st, &rc->log->h, err);
	if (r)
		return r;
	for (size_t i = 0; i < rc->log->n; i++) {
		no += rc->log->ev[i].entry == SL_ENTRY_EVENT;
		if ((r = sl_replay_apply(rc->log, st, &rc->log->ev[i], no, NULL, err))) {
			g->destroy(st);
			return r;
		}
	}
	if (rc->st)
		g->destroy(rc->st);
	rc->st = st;
	rc->events = no;
	return SL_OK;
}
