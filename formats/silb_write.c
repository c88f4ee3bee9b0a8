/* silb_write.c - .silb writers: the archive (segments with keyframes,
 * index, trailer), the journal form, and the journal a recorder appends to
 * with its sync policy (formats/silb.md). */
#include "silb_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

typedef struct wseg {
	size_t off, first;
	long events;
	int turn;
} wseg;

struct sl_silb_writer {
	const sl_log *log;
	void *st;
	sl_buf out, raw, pay;
	silb_ctx c;
	sl_arena arena;           /* the segment's string table */
	size_t count;             /* entries in the open segment */
	size_t seg_first;
	long seg_events;
	int seg_turn, seg_phase;
	uint64_t seg_hash;
	size_t n;
	long events;
	int turn, phase;
	wseg *segs;
	size_t nseg, capseg;
	/* modelled segments */
	int coding;
	sl_mcs *mcs;
	void *init_st;            /* the game's initial state: the first keyframes' reference */
	void *base_st;            /* the state the first turn marker starts from */
	sl_buf base;              /* the BASE record's payload, once a segment needs it */
	int seg_ref;              /* 1: the open segment's keyframe is against the base */
	size_t hdr_end;           /* where BASE goes: after HEADER */
	/* a model that looks ahead (sl_model.ahead): the entries fed one by
	 * one are held, copied, up to the next turn marker, then coded */
	sl_event *q;
	size_t nq, capq;
	sl_arena qarena;
	/* a member of an archive of many games: no file header, MHEADER for
	 * HEADER, segments primed from the dictionary, no TRAILER */
	const silb_dict *dict;
	sl_mcs_snap **snap_out;
	/* a game in one MEMBER record (formats/silb.md, "MEMBER payload"):
	 * its first fields (format version and flags, header), the rest
	 * made by seg_flush into pay */
	int one;
	sl_buf head1;
	size_t nseg1;
};

#define SILB_AHEAD_MAX 4096      /* entries held at most: a round longer is coded in parts */

static int nomem(sl_error *err)
{
	return sl_error_set(err, SL_ENOMEM, "out of memory");
}

/* A .silb string holds at most SL_MAX_COMMENT bytes (its readers refuse a
 * longer one): a text log whose comment block is longer is refused here,
 * before a byte of the archive is written, rather than written unreadable.
 * `where` names the block (the header's, above entry N, after the last).
 * The blocks above entries are limited only where they are coded as a str:
 * in deflated segments and in the journal. */
static int comment_fits(const sl_log *log, const char *s, const char *where, size_t n_entry, sl_error *err)
{
	size_t len = s ? strlen(s) : 0;
	if (len <= SL_MAX_COMMENT)
		return SL_OK;
	const char *name = log->name ? log->name : "the log";
	if (n_entry)
		return sl_error_set(err, SL_ELIMIT, "%s: the comment block above entry %zu is %zu bytes: a .silb "
			"holds at most %d in one block (split it, or keep this log as text)", name, n_entry, len,
			SL_MAX_COMMENT);
	return sl_error_set(err, SL_ELIMIT, "%s: the comment block %s is %zu bytes: a .silb holds at most %d "
		"in one block (split it, or keep this log as text)", name, where, len, SL_MAX_COMMENT);
}

/* The header record (HEADER, or a member's MHEADER) from hdr (freed),
 * after which BASE goes; on failure w is freed. */
static int head_record(sl_silb_writer *w, int kind, sl_buf *hdr, sl_error *err)
{
	if (hdr->failed)   /* a header cut short is not the header */
		w->out.failed = 1;
	else
		silb_put_record(&w->out, kind, hdr->data, hdr->len);
	sl_buf_free(hdr);
	w->hdr_end = w->out.len;
	if (w->out.failed) {
		sl_silb_writer_free(w);
		return nomem(err);
	}
	return SL_OK;
}

/* A modelled segment has no code for a glyph: a log with any is deflated. */
static int coding_for(const sl_log *log, int coding)
{
	for (size_t i = 0; i < log->n && coding == SL_SILB_MODEL; i++)
		if (log->ev[i].glyph)
			coding = SL_SILB_DEFLATE;
	return coding;
}

int sl_silb_writer_new(sl_silb_writer **out, const sl_log *log, sl_error *err)
{
	sl_silb_writer *w;
	sl_buf hdr;
	uint64_t ih = 0;
	int rc;
	*out = NULL;
	if ((rc = comment_fits(log, log->h.comment, "of the header", 0, err)))
		return rc;
	w = sl_calloc(1, sizeof *w);
	if (!w)
		return nomem(err);
	w->log = log;
	sl_buf_init(&w->out);
	sl_buf_init(&w->raw);
	sl_buf_init(&w->pay);
	sl_buf_init(&w->base);
	sl_arena_init(&w->arena);
	sl_arena_init(&w->qarena);
	w->c.log = log;
	w->c.arena = &w->arena;
	if ((rc = log->game->init(&w->st, &log->h, err)) ||
	    (rc = log->game->init(&w->init_st, &log->h, err))) {
		sl_silb_writer_free(w);
		return rc;
	}
	if (sl_mcs_new(&w->mcs, log->game, &log->h, log->name, &w->arena)) {
		sl_silb_writer_free(w);
		return nomem(err);
	}
	if (sl_game_hash(log->game, w->st, &ih) != SL_OK) {
		sl_silb_writer_free(w);
		return nomem(err);
	}
	silb_put_file_header(&w->out, SL_SILB_ARCHIVE, log->h.format_version);
	sl_buf_init(&hdr);
	silb_put_header(&hdr, &log->h, ih);
	if ((rc = head_record(w, SILB_K_HEADER, &hdr, err)))
		return rc;
	*out = w;
	return SL_OK;
}

void sl_silb_writer_free(sl_silb_writer *w)
{
	if (!w)
		return;
	if (w->st)
		w->log->game->destroy(w->st);
	if (w->init_st)
		w->log->game->destroy(w->init_st);
	if (w->base_st)
		w->log->game->destroy(w->base_st);
	sl_mcs_free(w->mcs);
	sl_buf_free(&w->base);
	sl_buf_free(&w->out);
	sl_buf_free(&w->raw);
	sl_buf_free(&w->pay);
	sl_buf_free(&w->head1);
	sl_arena_free(&w->arena);
	sl_arena_free(&w->qarena);
	sl_free(w->q);
	sl_strtab_free(&w->c.tab);
	sl_free(w->segs);
	sl_free(w);
}

/* The BASE payload: the hash of the base state's bytes, then the state
 * coded against the initial state. */
static int base_record(sl_silb_writer *w, sl_error *err)
{
	sl_buf snap, code;
	void *st = w->base_st;
	int rc = SL_OK;
	sl_buf_init(&snap);
	sl_buf_init(&code);
	if (w->log->game->serialize(w->base_st, &snap) != SL_OK || snap.failed) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory: cannot snapshot the state");
		goto out;
	}
	sl_buf_u64le(&w->base, sl_hash64(snap.data, snap.len));
	sl_mcs_begin_enc(w->mcs, &code);
	if (sl_mcs_keyframe(w->mcs, w->init_st, &st, 0) || sl_mcs_finish(w->mcs) || code.failed) {
		rc = sl_error_set(err, SL_ENOMEM, "cannot code the base state: %s", sl_mcs_msg(w->mcs));
		goto out;
	}
	sl_buf_put(&w->base, code.data, code.len);
	if (w->base.failed)
		rc = nomem(err);
out:
	sl_buf_free(&snap);
	sl_buf_free(&code);
	return rc;
}

static int seg_start(sl_silb_writer *w, sl_error *err)
{
	sl_buf snap;
	sl_buf_init(&snap);
	if (w->log->game->serialize(w->st, &snap) != SL_OK || snap.failed) {
		sl_buf_free(&snap);
		return sl_error_set(err, SL_ENOMEM, "out of memory: cannot snapshot the state");
	}
	if (snap.len > SL_SILB_MAX_SNAPSHOT) {
		sl_buf_free(&snap);
		return sl_error_set(err, SL_ELIMIT, "a keyframe of %zu bytes, more than the limit (%u)",
			snap.len, SL_SILB_MAX_SNAPSHOT);
	}
	sl_buf_reset(&w->raw);
	w->seg_hash = sl_hash64(snap.data, snap.len);
	if (w->coding == SL_SILB_DEFLATE) {
		sl_buf_uvarint(&w->raw, snap.len);
		sl_buf_put(&w->raw, snap.data, snap.len);
	}
	sl_buf_free(&snap);
	w->seg_first = w->n;
	w->seg_events = w->events;
	w->seg_turn = w->turn;
	w->seg_phase = w->phase;
	sl_strtab_reset(&w->c.tab);
	sl_arena_free(&w->arena);
	sl_arena_init(&w->arena);
	w->c.last_turn = w->turn;
	if (w->coding == SL_SILB_MODEL) {
		void *st = w->st;
		int rc;
		w->seg_ref = w->base_st != NULL;
		if (w->seg_ref && w->base.len == 0 && (rc = base_record(w, err)))
			return rc;
		sl_mcs_set_short(w->mcs, w->one);
		sl_mcs_begin_enc(w->mcs, &w->raw);
		if (w->dict && w->dict->snap && sl_mcs_prime(w->mcs))
			return sl_error_set(err, SL_EFORMAT, "cannot prime the models: %s", sl_mcs_msg(w->mcs));
		if (!w->one && sl_mcs_keyframe(w->mcs, w->seg_ref ? w->base_st : w->init_st, &st, w->seg_hash))
			return sl_error_set(err, SL_ENOMEM, "cannot code the keyframe: %s", sl_mcs_msg(w->mcs));
	}
	return SL_OK;
}

/* The segment's strings into pay: their length, then (when any) their raw
 * deflate, primed by the dictionary's strings in a member. */
static int put_strings(sl_silb_writer *w, sl_error *err)
{
	const uint8_t *sp;
	size_t sn;
	z_stream zs;
	int zrc;
	sl_mcs_strings(w->mcs, &sp, &sn);
	sl_buf_uvarint(&w->pay, sn);
	if (sn > 0) {   /* the strings, raw deflate: their length, then them */
		sl_buf zb;
		sl_buf_init(&zb);
		if (sl_buf_reserve(&zb, compressBound((uLong)sn)))
			return nomem(err);
		memset(&zs, 0, sizeof zs);
		if (deflateInit2(&zs, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
			sl_buf_free(&zb);
			return nomem(err);
		}
		if (w->dict && w->dict->snap) {   /* a primed segment: the dictionary's strings */
			const uint8_t *zd;
			size_t nzd;
			sl_mcs_snap_strings(w->dict->snap, &zd, &nzd);
			if (nzd && deflateSetDictionary(&zs, zd, (uInt)nzd) != Z_OK) {
				deflateEnd(&zs);
				sl_buf_free(&zb);
				return nomem(err);
			}
		}
		zs.next_in = (Bytef *)(uintptr_t)sp;
		zs.avail_in = (uInt)sn;
		zs.next_out = zb.data;
		zs.avail_out = (uInt)zb.cap;
		zrc = deflate(&zs, Z_FINISH);
		zb.len = zs.total_out;
		deflateEnd(&zs);
		if (zrc != Z_STREAM_END) {
			sl_buf_free(&zb);
			return sl_error_set(err, SL_ENOMEM, "out of memory: deflate failed");
		}
		sl_buf_uvarint(&w->pay, zb.len);
		sl_buf_put(&w->pay, zb.data, zb.len);
		sl_buf_free(&zb);
	}
	return SL_OK;
}

static int seg_flush(sl_silb_writer *w, sl_error *err)
{
	z_stream z;
	size_t at;
	int zrc;
	if (w->count == 0)
		return SL_OK;
	if (w->raw.failed)
		return nomem(err);
	if (w->raw.len > SL_SILB_MAX_INFLATE)
		return sl_error_set(err, SL_ELIMIT, "a segment of %zu bytes, more than the limit", w->raw.len);
	if (w->coding == SL_SILB_MODEL && sl_mcs_finish(w->mcs))
		return sl_error_set(err, SL_ENOMEM, "cannot code the segment: %s", sl_mcs_msg(w->mcs));
	sl_buf_reset(&w->pay);
	if (w->one) {   /* a MEMBER's: entries, model version, end hash, strings, code */
		uint64_t end_hash = 0;
		if (w->nseg1++ || w->seg_first || w->count > SL_SILB_MSEGMENT_ENTRIES)
			return sl_error_set(err, SL_EUSAGE, "a MEMBER record holds one segment at the game's start");
		if (sl_game_hash(w->log->game, w->st, &end_hash) != SL_OK)
			return sl_error_set(err, SL_ENOMEM, "out of memory: cannot hash the state");
		sl_buf_uvarint(&w->pay, w->count);
		if (sl_mcs_model_version(w->mcs) > 14)   /* else in the flags (member1_head) */
			sl_buf_uvarint(&w->pay, (uint64_t)sl_mcs_model_version(w->mcs));
		sl_buf_u32le(&w->pay, (uint32_t)end_hash);
		if ((zrc = put_strings(w, err)))
			return zrc;
		sl_buf_put(&w->pay, w->raw.data, w->raw.len);
		w->count = 0;
		return w->pay.failed ? nomem(err) : SL_OK;
	}
	sl_buf_uvarint(&w->pay, w->seg_first);
	sl_buf_uvarint(&w->pay, w->count);
	sl_buf_uvarint(&w->pay, (uint64_t)w->seg_events);
	sl_buf_uvarint(&w->pay, (uint64_t)w->seg_turn);
	sl_buf_uvarint(&w->pay, (uint64_t)w->seg_phase);
	sl_buf_u64le(&w->pay, w->seg_hash);
	if (w->coding == SL_SILB_MODEL) {
		uint64_t end_hash = 0;
		if (sl_game_hash(w->log->game, w->st, &end_hash) != SL_OK)
			return sl_error_set(err, SL_ENOMEM, "out of memory: cannot hash the state");
		sl_buf_u8(&w->pay, (uint8_t)w->seg_ref);
		sl_buf_uvarint(&w->pay, (uint64_t)sl_mcs_model_version(w->mcs));
		sl_buf_u32le(&w->pay, (uint32_t)end_hash);
		if ((zrc = put_strings(w, err)))
			return zrc;
		sl_buf_put(&w->pay, w->raw.data, w->raw.len);
		goto framed;
	}
	sl_buf_uvarint(&w->pay, w->raw.len);
	at = w->pay.len;
	if (sl_buf_reserve(&w->pay, compressBound((uLong)w->raw.len)))
		return nomem(err);
	memset(&z, 0, sizeof z);
	if (deflateInit(&z, Z_BEST_COMPRESSION) != Z_OK)
		return nomem(err);
	z.next_in = w->raw.data;
	z.avail_in = (uInt)w->raw.len;
	z.next_out = w->pay.data + at;
	z.avail_out = (uInt)(w->pay.cap - at);
	zrc = deflate(&z, Z_FINISH);
	w->pay.len = at + z.total_out;
	deflateEnd(&z);
	if (zrc != Z_STREAM_END)
		return sl_error_set(err, SL_ENOMEM, "out of memory: deflate failed");
framed:
	if (w->pay.failed)
		return nomem(err);
	if (w->pay.len > SL_SILB_MAX_RECORD)
		return sl_error_set(err, SL_ELIMIT, "a segment record of %zu bytes, more than the limit", w->pay.len);
	if (w->nseg >= SL_SILB_MAX_SEGMENTS)
		return sl_error_set(err, SL_ELIMIT, "more than %u segments", SL_SILB_MAX_SEGMENTS);
	if (w->nseg == w->capseg) {
		size_t cap = w->capseg ? w->capseg * 2 : 64;
		wseg *s = sl_realloc(w->segs, cap * sizeof *s);
		if (!s)
			return nomem(err);
		w->segs = s;
		w->capseg = cap;
	}
	w->segs[w->nseg].off = w->out.len;
	w->segs[w->nseg].first = w->seg_first;
	w->segs[w->nseg].events = w->seg_events;
	w->segs[w->nseg].turn = w->seg_turn;
	w->nseg++;
	silb_put_record(&w->out, w->coding != SL_SILB_MODEL ? SILB_K_SEGMENT
		: w->dict && w->dict->snap ? SILB_K_PSEGMENT : SILB_K_MSEGMENT, w->pay.data, w->pay.len);
	w->count = 0;
	return w->out.failed ? nomem(err) : SL_OK;
}

void sl_silb_writer_coding(sl_silb_writer *w, int coding)
{
	if (w->n == 0)
		w->coding = coding == SL_SILB_DEFLATE ? SL_SILB_DEFLATE : SL_SILB_MODEL;
}

/* ev through the rules on the writer's state, with the replay's positions. */
static int writer_apply(sl_silb_writer *w, const sl_event *ev, sl_error *err)
{
	return sl_entry_apply(w->log->game, &w->log->h, w->log->name, w->st, ev,
		w->events + (ev->entry == SL_ENTRY_EVENT), NULL, err);
}

/* ev, with the entries after it that the model may look at. */
static int writer_add_at(sl_silb_writer *w, const sl_event *ev, const sl_event *next, size_t nnext,
	sl_error *err)
{
	size_t per = w->coding == SL_SILB_MODEL ? SL_SILB_MSEGMENT_ENTRIES : SL_SILB_SEGMENT_ENTRIES;
	int rc;
	if (w->coding == SL_SILB_MODEL && ev->glyph) {
		/* a modelled segment has no code for a glyph: from this one on, the
		 * segments are deflated (a writer fed entry by entry cannot know
		 * beforehand; each segment says its own coding) */
		if (w->count > 0 && (rc = seg_flush(w, err)))
			return rc;
		w->coding = SL_SILB_DEFLATE;
		per = SL_SILB_SEGMENT_ENTRIES;
	}
	/* a deflated segment holds each comment as a str (a modelled one codes
	 * its length apart, and reads a longer block back) */
	if (w->coding != SL_SILB_MODEL && (rc = comment_fits(w->log, ev->comment, "above an entry", w->n + 1, err)))
		return rc;
	if (w->count > 0 && ((w->count >= per && ev->entry == SL_ENTRY_TURN) ||
	    w->count >= 4 * per || w->raw.len > (8u << 20)))
		if ((rc = seg_flush(w, err)))
			return rc;
	if (ev->entry == SL_ENTRY_TURN && !w->base_st && w->coding == SL_SILB_MODEL &&
	    (rc = sl_game_clone(w->log->game, w->st, &w->base_st, err)))
		return rc;
	if (w->count == 0 && (rc = seg_start(w, err)))
		return rc;
	if (w->coding == SL_SILB_MODEL) {
		sl_event tmp = *ev;
		sl_mcs_set_ahead(w->mcs, next, nnext);
		rc = sl_mcs_entry(w->mcs, w->st, &tmp, w->events);
		sl_mcs_set_ahead(w->mcs, NULL, 0);
		if (rc) {
			char msg[512];
			snprintf(msg, sizeof msg, "%s", sl_mcs_msg(w->mcs));
			/* the rules' refusal, with the entry's position as the replay gives it */
			if (rc == SL_EILLEGAL || rc == SL_ERANGE)
				return writer_apply(w, ev, err);
			return sl_error_set(err, rc, "cannot code entry %zu: %s", w->n + 1, msg);
		}
	} else if ((rc = writer_apply(w, ev, err)))
		return rc;
	else
		silb_put_entry(&w->c, &w->raw, ev);
	if (w->raw.failed)
		return nomem(err);
	w->count++;
	w->n++;
	if (ev->entry == SL_ENTRY_EVENT)
		w->events++;
	else if (ev->entry == SL_ENTRY_TURN) {
		w->turn = ev->mark;
		w->phase = 1;
	} else
		w->phase = ev->mark;
	return SL_OK;
}

/* The entries held, coded in order, each seeing the ones after it. */
static int drain(sl_silb_writer *w, sl_error *err)
{
	int rc = SL_OK;
	for (size_t i = 0; i < w->nq && !rc; i++)
		rc = writer_add_at(w, &w->q[i], w->q + i + 1, w->nq - i - 1, err);
	w->nq = 0;
	sl_arena_free(&w->qarena);
	sl_arena_init(&w->qarena);
	return rc;
}

/* A copy of ev in the queue: its strings, lists and draws in qarena. */
static int hold(sl_silb_writer *w, const sl_event *ev, sl_error *err)
{
	const sl_schema *sc = w->log->game->schema;
	sl_event *e;
	if (w->nq == w->capq) {
		size_t cap = w->capq ? w->capq * 2 : 256;
		sl_event *q = sl_realloc(w->q, cap * sizeof *q);
		if (!q)
			return nomem(err);
		w->q = q;
		w->capq = cap;
	}
	e = &w->q[w->nq];
	*e = *ev;
	if (ev->comment && !(e->comment = sl_arena_strndup(&w->qarena, ev->comment, strlen(ev->comment))))
		return nomem(err);
	if (ev->note && !(e->note = sl_arena_strndup(&w->qarena, ev->note, strlen(ev->note))))
		return nomem(err);
	if (ev->bookmark && !(e->bookmark = sl_arena_strndup(&w->qarena, ev->bookmark, strlen(ev->bookmark))))
		return nomem(err);
	if (ev->ndraws && ev->draws &&
	    !(e->draws = sl_arena_memdup(&w->qarena, ev->draws, ev->ndraws * sizeof *ev->draws)))
		return nomem(err);
	if (ev->entry == SL_ENTRY_EVENT && ev->type < sc->nevents) {
		const sl_event_def *def = &sc->events[ev->type];
		for (int k = 0; k < def->nfields && k < SL_MAX_FIELDS; k++) {
			sl_value *v = &e->f[k];
			int kind = def->fields[k].kind;
			if (!v->present || !v->p)
				continue;
			if (kind == SL_K_TEXT || kind == SL_K_PIECE)
				v->p = sl_arena_strndup(&w->qarena, v->p, v->n);
			else if (kind == SL_K_DICE || kind == SL_K_LIST)
				v->p = sl_arena_memdup(&w->qarena, v->p, v->n ? v->n : 1);
			if (!v->p)
				return nomem(err);
		}
	}
	w->nq++;
	return SL_OK;
}

/* A model that looks to the segment's end (ahead 2): the entries of the
 * segment coded before first, the first entry held (0 when the segment is
 * cut at it, as writer_add_at cuts). */
static size_t held_base(const sl_silb_writer *w, const sl_event *first)
{
	if (w->count > 0 && ((first->entry == SL_ENTRY_TURN && w->count >= SL_SILB_MSEGMENT_ENTRIES) ||
	    w->count >= 4 * SL_SILB_MSEGMENT_ENTRIES))
		return 0;
	return w->count;
}

/* The writer given the whole log: how many entries after entry i its model
 * sees, so that it sees what a writer fed entry by entry holds (the rest of
 * the log for ahead 1, which looks no further than the round; for ahead 2,
 * the entries held with i, up to where sl_silb_writer_add drains them).
 * *qend: the end of what is held, kept between calls (0 at first). */
static size_t ahead_of(const sl_silb_writer *w, const sl_log *log, size_t i, size_t *qend)
{
	if (w->coding != SL_SILB_MODEL || !log->game->model || log->game->model->ahead < 2)
		return log->n - i - 1;
	if (i >= *qend) {
		size_t base = held_base(w, &log->ev[i]), nq = 0, j;
		for (j = i; j < log->n; j++) {
			if (log->ev[j].entry == SL_ENTRY_TURN && nq > 0 && base + nq >= SL_SILB_MSEGMENT_ENTRIES)
				break;
			if (++nq >= SILB_AHEAD_MAX) {
				j++;
				break;
			}
		}
		*qend = j;
	}
	return *qend - i - 1;
}

int sl_silb_writer_add(sl_silb_writer *w, const sl_event *ev, sl_error *err)
{
	int rc;
	if (w->coding != SL_SILB_MODEL || !w->log->game->model || !w->log->game->model->ahead)
		return writer_add_at(w, ev, NULL, 0, err);
	/* a turn marker ends the round the model looks into (ahead 1), or, for
	 * a model that looks to the segment's end (ahead 2), the segment: what
	 * is held is coded. A turn marker held before that stays below the
	 * segment's size, so no segment is cut inside what is held. */
	if (ev->entry == SL_ENTRY_TURN && w->nq > 0 && (w->log->game->model->ahead < 2 ||
	    held_base(w, &w->q[0]) + w->nq >= SL_SILB_MSEGMENT_ENTRIES) && (rc = drain(w, err)))
		return rc;
	if ((rc = hold(w, ev, err)))
		return rc;
	return w->nq >= SILB_AHEAD_MAX ? drain(w, err) : SL_OK;
}

int sl_silb_writer_finish(sl_silb_writer *w, const char *tail, sl_buf *out, sl_error *err)
{
	size_t io;
	int rc = drain(w, err), bfail = 0;   /* b's failures: a reset forgets them */
	sl_buf b;
	if (!rc)
		rc = comment_fits(w->log, tail, "after the last entry", 0, err);
	if (!rc)
		rc = seg_flush(w, err);
	if (!rc && w->snap_out && sl_mcs_snap_take(w->mcs, w->dict ? w->dict->snap : NULL, w->log->ev, w->log->n,
	    w->snap_out))
		rc = nomem(err);
	if (rc) {
		sl_silb_writer_free(w);
		return rc;
	}
	if (w->one) {   /* one MEMBER record: head1, the tail, the segment */
		sl_buf_init(&b);
		sl_buf_put(&b, w->head1.data, w->head1.len);
		if (tail && b.len) {
			b.data[0] |= 8;
			silb_put_str(&b, tail, strlen(tail));
		}
		sl_buf_put(&b, w->pay.data, w->pay.len);
		if (w->nseg1 != 1 || w->base.len)
			rc = sl_error_set(err, SL_EUSAGE, "a MEMBER record holds one segment at the game's start");
		else if (b.failed || w->head1.failed || w->pay.failed)
			rc = nomem(err);
		else if (b.len > SL_SILB_MAX_RECORD)
			rc = sl_error_set(err, SL_ELIMIT, "a game of %zu bytes, more than a record holds", b.len);
		else
			silb_put_record(out, SILB_K_MEMBER, b.data, b.len);
		sl_buf_free(&b);
		sl_silb_writer_free(w);
		return rc ? rc : out->failed ? nomem(err) : SL_OK;
	}
	sl_buf_init(&b);
	if (w->base.len > 0) {
		/* BASE goes right after HEADER, where a seeking reader finds it */
		size_t at = w->hdr_end, add = w->base.len + SILB_FRAME;
		silb_put_record(&b, SILB_K_BASE, w->base.data, w->base.len);
		if (sl_buf_reserve(&w->out, add) == SL_OK && !b.failed) {
			memmove(w->out.data + at + add, w->out.data + at, w->out.len - at);
			memcpy(w->out.data + at, b.data, add);
			w->out.len += add;
			for (size_t i = 0; i < w->nseg; i++)
				w->segs[i].off += add;
		} else
			w->out.failed = 1;
		bfail |= b.failed;
		sl_buf_reset(&b);
	}
	if (tail) {
		silb_put_str(&b, tail, strlen(tail));
		if (b.failed)
			w->out.failed = 1;
		else
			silb_put_record(&w->out, SILB_K_TAIL, b.data, b.len);
		bfail |= b.failed;
		sl_buf_reset(&b);
	}
	sl_buf_uvarint(&b, w->nseg);
	sl_buf_uvarint(&b, w->n);
	sl_buf_uvarint(&b, (uint64_t)w->events);
	sl_buf_uvarint(&b, (uint64_t)w->turn);
	for (size_t i = 0; i < w->nseg; i++) {
		const wseg *p = i ? &w->segs[i - 1] : NULL;
		sl_buf_uvarint(&b, w->segs[i].off - (p ? p->off : 0));
		sl_buf_uvarint(&b, w->segs[i].first - (p ? p->first : 0));
		sl_buf_uvarint(&b, (uint64_t)(w->segs[i].events - (p ? p->events : 0)));
		sl_buf_uvarint(&b, (uint64_t)(w->segs[i].turn - (p ? p->turn : 0)));
	}
	io = w->out.len;
	if (b.failed)
		w->out.failed = 1;
	else
		silb_put_record(&w->out, SILB_K_INDEX, b.data, b.len);
	bfail |= b.failed;
	sl_buf_reset(&b);
	sl_buf_u64le(&b, io);
	sl_buf_u32le(&b, (uint32_t)(w->out.len - io));
	sl_buf_u32le(&b, 0);
	if (!w->dict)   /* a member's INDEX is found by the archive's DIRECTORY */
		silb_put_record(&w->out, SILB_K_TRAILER, b.data, b.len);
	bfail |= b.failed;
	sl_buf_free(&b);
	if (bfail || w->out.failed) {
		sl_silb_writer_free(w);
		return nomem(err);
	}
	sl_buf_put(out, w->out.data, w->out.len);
	sl_silb_writer_free(w);
	return out->failed ? nomem(err) : SL_OK;
}

int sl_silb_write_archive(const sl_log *log, sl_buf *out, sl_error *err)
{
	return sl_silb_write_archive_coded(log, SL_SILB_MODEL, out, err);
}

int sl_silb_write_archive_coded(const sl_log *log, int coding, sl_buf *out, sl_error *err)
{
	sl_silb_writer *w;
	int rc = sl_silb_writer_new(&w, log, err);
	if (rc)
		return rc;
	sl_silb_writer_coding(w, coding_for(log, coding));
	for (size_t i = 0, qend = 0; i < log->n; i++)
		if ((rc = writer_add_at(w, &log->ev[i], log->ev + i + 1, ahead_of(w, log, i, &qend), err))) {
			sl_silb_writer_free(w);
			return rc;
		}
	return sl_silb_writer_finish(w, log->tail_comment, out, err);
}

/* A MEMBER's first fields into w->head1: the format version and flags,
 * then the header as runs of the bytes where it differs from the
 * dictionary's last header, when it has that one's length, else deflated
 * against the dictionary's headers: whichever is shorter. On failure w is
 * freed. */
static int member1_head(sl_silb_writer *w, const silb_dict *d, uint64_t ih, sl_error *err)
{
	sl_buf raw, runs, z;
	int rc = SL_OK, fmt = w->log->h.format_version;
	sl_buf_init(&raw);
	sl_buf_init(&runs);
	sl_buf_init(&z);
	silb_put_header(&raw, &w->log->h, ih);
	if (raw.failed || silb_deflate_dict(&z, raw.data, raw.len, d->hdict, d->nhdict))
		rc = nomem(err);
	else {   /* deflated: the raw length, the deflated length, the bytes */
		sl_buf t;
		size_t nz;
		sl_reader r;
		sl_buf_init(&t);
		sl_reader_init(&r, z.data, z.len);
		(void)sl_read_uvarint(&r);
		nz = z.len - r.pos;
		sl_buf_uvarint(&t, raw.len);
		sl_buf_uvarint(&t, nz);
		sl_buf_put(&t, z.data + r.pos, nz);
		sl_buf_free(&z);
		z = t;
	}
	if (!rc && d->nlast && raw.len == d->nlast) {
		const uint8_t *ref = d->hdict + d->nhdict - d->nlast;
		size_t k = 0, at = 0, i = 0;
		sl_buf body;
		sl_buf_init(&body);
		while (i < raw.len) {
			size_t j;
			if (raw.data[i] == ref[i]) {
				i++;
				continue;
			}
			/* a run ends at two equal bytes in a row (one costs less inside it) */
			for (j = i + 1; j < raw.len && !(raw.data[j] == ref[j] &&
			     (j + 1 >= raw.len || raw.data[j + 1] == ref[j + 1])); j++)
				;
			sl_buf_uvarint(&body, i - at);
			sl_buf_uvarint(&body, j - i - 1);
			sl_buf_put(&body, raw.data + i, j - i);
			k++;
			at = i = j;
		}
		sl_buf_uvarint(&runs, k);
		sl_buf_put(&runs, body.data, body.len);
		if (body.failed)
			runs.failed = 1;
		sl_buf_free(&body);
	}
	if (!rc) {
		int use_runs = runs.len && runs.len <= z.len;
		int mv = sl_mcs_model_version(w->mcs);
		sl_buf_u8(&w->head1, (uint8_t)(fmt | (use_runs ? 4 : 0) | (mv <= 14 ? (mv + 1) << 4 : 0)));
		sl_buf_put(&w->head1, use_runs ? runs.data : z.data, use_runs ? runs.len : z.len);
		if (w->head1.failed || runs.failed || z.failed)
			rc = nomem(err);
	}
	sl_buf_free(&raw);
	sl_buf_free(&runs);
	sl_buf_free(&z);
	if (rc)
		sl_silb_writer_free(w);
	return rc;
}

int silb_member_write(const sl_log *log, const silb_dict *d, sl_buf *out, sl_mcs_snap **snap_out,
	sl_error *err)
{
	sl_silb_writer *w;
	sl_buf hdr;
	uint64_t ih = 0;
	int rc = sl_silb_writer_new(&w, log, err), coding = SL_SILB_MODEL;
	if (rc)
		return rc;
	/* MHEADER for the file header and HEADER: the format version, then the
	 * header deflated against the dictionary's headers */
	w->dict = d;
	w->snap_out = snap_out;
	sl_mcs_set_prime(w->mcs, d->snap);
	sl_buf_reset(&w->out);
	sl_buf_init(&hdr);
	sl_buf_u8(&hdr, (uint8_t)log->h.format_version);
	{
		sl_buf raw;
		sl_buf_init(&raw);
		if (sl_game_hash(log->game, w->init_st, &ih) != SL_OK)
			raw.failed = 1;
		silb_put_header(&raw, &log->h, ih);
		if (raw.failed || silb_deflate_dict(&hdr, raw.data, raw.len, d->hdict, d->nhdict))
			hdr.failed = 1;
		sl_buf_free(&raw);
	}
	coding = coding_for(log, coding);
	/* a short game at the game's start, not a dictionary's: one MEMBER record */
	w->one = !snap_out && coding == SL_SILB_MODEL && log->n >= 1 && log->n <= SL_SILB_MSEGMENT_ENTRIES;
	if (w->one) {
		sl_buf_free(&hdr);
		if ((rc = member1_head(w, d, ih, err)))
			return rc;
	} else if ((rc = head_record(w, SILB_K_MHEADER, &hdr, err)))
		return rc;
	if (snap_out && (coding != SL_SILB_MODEL || log->n > SL_SILB_MSEGMENT_ENTRIES)) {
		sl_silb_writer_free(w);
		return sl_error_set(err, SL_EUSAGE, "a dictionary's game must fit one modelled segment");
	}
	sl_silb_writer_coding(w, coding);
	for (size_t i = 0, qend = 0; i < log->n; i++)
		if ((rc = writer_add_at(w, &log->ev[i], log->ev + i + 1, ahead_of(w, log, i, &qend), err))) {
			sl_silb_writer_free(w);
			return rc;
		}
	return sl_silb_writer_finish(w, log->tail_comment, out, err);
}

/* ---- the journal form ------------------------------------------------------ */

static int last_turn_before(const sl_log *log, size_t i)
{
	while (i-- > 0)
		if (log->ev[i].entry == SL_ENTRY_TURN)
			return log->ev[i].mark;
	return 0;
}

/* One ENTRY record's payload for entry i of log into b. */
static void entry_payload(const sl_log *log, size_t i, silb_ctx *c, sl_buf *b)
{
	c->log = log;
	sl_strtab_reset(&c->tab);
	c->last_turn = last_turn_before(log, i);
	silb_put_entry(c, b, &log->ev[i]);
}

static void header_record(const sl_log *log, sl_buf *out)
{
	sl_buf b;
	sl_buf_init(&b);
	silb_put_header(&b, &log->h, silb_init_hash(log));
	if (b.failed)
		out->failed = 1;
	silb_put_record(out, SILB_K_HEADER, b.data, b.len);
	sl_buf_free(&b);
}

int sl_silb_write_journal(const sl_log *log, sl_buf *out, sl_error *err)
{
	silb_ctx c;
	sl_arena a;
	sl_buf b;
	int rc;
	if ((rc = comment_fits(log, log->h.comment, "of the header", 0, err)) ||
	    (rc = comment_fits(log, log->tail_comment, "after the last entry", 0, err)))
		return rc;
	for (size_t i = 0; i < log->n; i++)
		if ((rc = comment_fits(log, log->ev[i].comment, "above an entry", i + 1, err)))
			return rc;
	memset(&c, 0, sizeof c);
	sl_arena_init(&a);
	c.arena = &a;
	sl_buf_init(&b);
	silb_put_file_header(out, SL_SILB_JOURNAL, log->h.format_version);
	header_record(log, out);
	for (size_t i = 0; i < log->n; i++) {
		sl_buf_reset(&b);
		entry_payload(log, i, &c, &b);
		silb_put_record(out, SILB_K_ENTRY, b.data, b.len);
		if (a.used_bytes > (1u << 20)) {
			sl_arena_free(&a);
			sl_arena_init(&a);
		}
	}
	if (log->tail_comment) {
		sl_buf_reset(&b);
		silb_put_str(&b, log->tail_comment, strlen(log->tail_comment));
		silb_put_record(out, SILB_K_TAIL, b.data, b.len);
	}
	if (b.failed)
		out->failed = 1;
	sl_buf_free(&b);
	sl_strtab_free(&c.tab);
	sl_arena_free(&a);
	return out->failed ? nomem(err) : SL_OK;
}

/* ---- the journal a recorder appends to --------------------------------------- */

struct sl_silb_journal {
	int fd;
	int sync;
	char *path;
	silb_ctx c;
	sl_arena arena;
	sl_buf b, rec;
};

static int j_new(sl_silb_journal **out, const char *path, int sync, sl_error *err)
{
	sl_silb_journal *j = sl_calloc(1, sizeof *j);
	if (!j)
		return nomem(err);
	j->fd = -1;
	j->sync = sync;
	j->path = sl_strdup(path);
	sl_arena_init(&j->arena);
	j->c.arena = &j->arena;
	sl_buf_init(&j->b);
	sl_buf_init(&j->rec);
	if (!j->path) {
		sl_free(j);
		return nomem(err);
	}
	*out = j;
	return SL_OK;
}

static void j_free(sl_silb_journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	sl_free(j->path);
	sl_arena_free(&j->arena);
	sl_strtab_free(&j->c.tab);
	sl_buf_free(&j->b);
	sl_buf_free(&j->rec);
	sl_free(j);
}

int sl_silb_journal_create(sl_silb_journal **out, const char *path, const sl_log *log,
	int sync, sl_error *err)
{
	sl_silb_journal *j;
	sl_buf b;
	int rc;
	*out = NULL;
	if ((rc = j_new(&j, path, sync, err)))
		return rc;
	sl_buf_init(&b);
	rc = sl_silb_write_journal(log, &b, err);
	if (rc == SL_OK)
		rc = sl_write_file_atomic(path, b.data, b.len, err);
	sl_buf_free(&b);
	if (rc == SL_OK) {
		j->fd = open(path, O_WRONLY | O_APPEND);
		if (j->fd < 0)
			rc = sl_error_set(err, SL_EIO, "%s: cannot open: %s", path, strerror(errno));
	}
	if (rc) {
		j_free(j);
		return rc;
	}
	*out = j;
	return SL_OK;
}

int sl_silb_journal_open(sl_silb_journal **out, const char *path, const sl_log *log,
	size_t valid_bytes, int sync, sl_error *err)
{
	sl_silb_journal *j;
	int rc;
	(void)log;
	*out = NULL;
	if ((rc = j_new(&j, path, sync, err)))
		return rc;
	j->fd = open(path, O_WRONLY | O_APPEND);
	if (j->fd < 0 || ftruncate(j->fd, (off_t)valid_bytes) != 0 || fsync(j->fd) != 0) {
		rc = sl_error_set(err, SL_EIO, "%s: cannot reopen the journal: %s", path, strerror(errno));
		j_free(j);
		return rc;
	}
	*out = j;
	return SL_OK;
}

/* Writes one record with one write() and syncs if `durable`. */
static int j_write(sl_silb_journal *j, int kind, int durable, sl_error *err)
{
	const uint8_t *p;
	size_t n;
	sl_buf_reset(&j->rec);
	silb_put_record(&j->rec, kind, j->b.data, j->b.len);
	if (j->b.failed || j->rec.failed)
		return nomem(err);
	p = j->rec.data;
	n = j->rec.len;
	while (n > 0) {
		ssize_t w = write(j->fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return sl_error_set(err, SL_EIO, "%s: write error: %s", j->path, strerror(errno));
		p += w;
		n -= (size_t)w;
	}
	if (durable && fsync(j->fd) != 0)
		return sl_error_set(err, SL_EIO, "%s: fsync: %s", j->path, strerror(errno));
	return SL_OK;
}

int sl_silb_journal_header(sl_silb_journal *j, const sl_log *log, sl_error *err)
{
	sl_buf_reset(&j->b);
	silb_put_header(&j->b, &log->h, silb_init_hash(log));
	return j_write(j, SILB_K_HEADER, j->sync != SL_SILB_SYNC_NONE, err);
}

int sl_silb_journal_entry(sl_silb_journal *j, const sl_log *log, const sl_event *ev, sl_error *err)
{
	sl_buf_reset(&j->b);
	if (log->n == 0 || &log->ev[log->n - 1] != ev)
		return sl_error_set(err, SL_EUSAGE, "journal: the entry must be the log's last");
	entry_payload(log, log->n - 1, &j->c, &j->b);
	if (j->arena.used_bytes > (1u << 20)) {
		sl_arena_free(&j->arena);
		sl_arena_init(&j->arena);
	}
	return j_write(j, SILB_K_ENTRY, j->sync == SL_SILB_SYNC_EVENT ||
		(j->sync == SL_SILB_SYNC_TURN && ev->entry == SL_ENTRY_TURN), err);
}

int sl_silb_journal_undo(sl_silb_journal *j, const sl_log *log, sl_error *err)
{
	sl_buf_reset(&j->b);
	sl_buf_uvarint(&j->b, log->n);
	return j_write(j, SILB_K_UNDO, j->sync != SL_SILB_SYNC_NONE, err);
}

int sl_silb_journal_annotate(sl_silb_journal *j, const sl_event *ev, sl_error *err)
{
	sl_buf_reset(&j->b);
	sl_buf_u8(&j->b, (uint8_t)((ev->note ? 1 : 0) | (ev->bookmark ? 2 : 0) | (ev->glyph ? 4 : 0)));
	if (ev->note)
		silb_put_str(&j->b, ev->note, strlen(ev->note));
	if (ev->bookmark)
		silb_put_str(&j->b, ev->bookmark, strlen(ev->bookmark));
	if (ev->glyph)
		sl_buf_u8(&j->b, ev->glyph);
	return j_write(j, SILB_K_ANNOTATE, j->sync == SL_SILB_SYNC_EVENT, err);
}

int sl_silb_journal_tail(sl_silb_journal *j, const char *tail, sl_error *err)
{
	sl_buf_reset(&j->b);
	silb_put_str(&j->b, tail, strlen(tail));
	return j_write(j, SILB_K_TAIL, j->sync == SL_SILB_SYNC_EVENT, err);
}

int sl_silb_journal_tail_reserve(sl_silb_journal *j, size_t n)
{
	/* the payload: a uvarint length (at most 10 bytes) and the text; the
	 * record: kind, u32 length, payload, u32 CRC (j_write resets both) */
	size_t pay = n + 10;
	if (n > SIZE_MAX - 64)
		return SL_ENOMEM;
	if (pay + 1 > j->b.cap) {
		size_t was = j->b.len;
		j->b.len = 0;
		int r = sl_buf_reserve(&j->b, pay);
		j->b.len = was;
		if (r) {
			j->b.failed = 0;
			return r;
		}
	}
	if (pay + 9 + 1 > j->rec.cap) {
		size_t was = j->rec.len;
		j->rec.len = 0;
		int r = sl_buf_reserve(&j->rec, pay + 9);
		j->rec.len = was;
		if (r) {
			j->rec.failed = 0;
			return r;
		}
	}
	return SL_OK;
}

int sl_silb_journal_close(sl_silb_journal *j, sl_error *err)
{
	int rc = SL_OK;
	if (!j)
		return SL_OK;
	if (j->fd >= 0 && fsync(j->fd) != 0)
		rc = sl_error_set(err, SL_EIO, "%s: fsync: %s", j->path, strerror(errno));
	if (j->fd >= 0 && close(j->fd) != 0 && rc == SL_OK)
		rc = sl_error_set(err, SL_EIO, "%s: close: %s", j->path, strerror(errno));
	j->fd = -1;
	j_free(j);
	return rc;
}
