/* silb_read.c - the .silb reader, both forms, strict or recovering; every
 * error names the byte offset and the reason (formats/silb.md). */
#include "silb_int.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

int silb_fail(sl_error *err, const char *name, size_t off, int code, const char *fmt, ...)
{
	va_list ap;
	if (!err || err->code)
		return code;
	va_start(ap, fmt);
	sl_error_setv(err, code, fmt, ap);
	va_end(ap);
	snprintf(err->file, sizeof err->file, "%s", name ? name : "<silb>");
	err->offset = (int64_t)off;
	return code;
}

int silb_check_file_header(const uint8_t *p, size_t n, const char *name, int *form,
	sl_error *err)
{
	uint32_t crc;
	for (size_t i = 0; i < 8; i++) {
		if (i >= n)
			return silb_fail(err, name, n, SL_EFORMAT,
				"truncated file header (%zu of 16 bytes)", n);
		if (p[i] != (uint8_t)SL_SILB_SIGNATURE[i])
			return silb_fail(err, name, i, SL_EFORMAT,
				"bad signature (not a .silb file, or damaged by a text-mode transfer)");
	}
	if (n < SILB_FILE_HEADER)
		return silb_fail(err, name, n, SL_EFORMAT, "truncated file header (%zu of 16 bytes)", n);
	if (p[8] > SL_SILB_VERSION)
		return silb_fail(err, name, 8, SL_EVERSION, "version %d is newer than this reader (%d)",
			p[8], SL_SILB_VERSION);
	if (p[8] == 0)
		return silb_fail(err, name, 8, SL_EFORMAT, "version 0 is not a .silb version");
	crc = (uint32_t)p[12] | (uint32_t)p[13] << 8 | (uint32_t)p[14] << 16 | (uint32_t)p[15] << 24;
	if (!silb_crc_ok(crc, p, 12))
		return silb_fail(err, name, 12, SL_EFORMAT, "CRC mismatch in the file header");
	if (p[9] > SL_SILB_MANY)
		return silb_fail(err, name, 9, SL_EFORMAT, "unknown form %d (0 journal, 1 archive, 2 archive of many games)", p[9]);
	if (p[10] || p[11])
		return silb_fail(err, name, 10, SL_EFORMAT, "reserved flags 0x%04x are set",
			p[10] | p[11] << 8);
	*form = p[9];
	return SL_OK;
}

static const char *kind_str(int kind, char *buf, size_t n)
{
	const char *s = silb_kind_name(kind);
	if (s)
		return s;
	snprintf(buf, n, "0x%02x", kind);
	return buf;
}

long silb_parse_record(const uint8_t *p, size_t n, size_t off, size_t recno,
	const char *name, int *kind, const uint8_t **pl, size_t *plen, sl_error *err)
{
	char kb[8];
	uint32_t len, crc;
	if (n < 5)
		return silb_fail(err, name, off, SL_EFORMAT,
			"truncated record %zu: the file ends inside its frame (%zu bytes left)", recno, n);
	*kind = p[0];
	len = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 | (uint32_t)p[4] << 24;
	if (len > SL_SILB_MAX_RECORD)
		return silb_fail(err, name, off, SL_ELIMIT,
			"record %zu (kind %s) is %u bytes, more than the limit (%u)", recno,
			kind_str(*kind, kb, sizeof kb), len, SL_SILB_MAX_RECORD);
	if ((size_t)len + SILB_FRAME > n)
		return silb_fail(err, name, off, SL_EFORMAT,
			"truncated record %zu (kind %s): %u bytes announced, %zu left", recno,
			kind_str(*kind, kb, sizeof kb), len + SILB_FRAME, n);
	crc = (uint32_t)p[5 + len] | (uint32_t)p[6 + len] << 8 | (uint32_t)p[7 + len] << 16 |
		(uint32_t)p[8 + len] << 24;
	if (!silb_crc_ok(crc, p, 5 + (size_t)len))
		return silb_fail(err, name, off, SL_EFORMAT, "CRC mismatch in record %zu (kind %s)",
			recno, kind_str(*kind, kb, sizeof kb));
	if (!silb_kind_name(*kind) && !(*kind & SILB_ANCILLARY))
		return silb_fail(err, name, off, SL_EFORMAT,
			"unknown critical record kind 0x%02x in record %zu", *kind, recno);
	*pl = p + 5;
	*plen = len;
	return (long)len + SILB_FRAME;
}

/* ---- segments -------------------------------------------------------------- */

void *silb_zalloc(void *op, unsigned items, unsigned size)
{
	(void)op;
	return sl_calloc(items, size);
}

void silb_zfree(void *op, void *p)
{
	(void)op;
	sl_free(p);
}

int silb_pread(int fd, size_t off, void *p, size_t n, const char *name, sl_error *err)
{
	uint8_t *b = p;
	while (n > 0) {
		ssize_t r = pread(fd, b, n, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return sl_error_set(err, SL_EIO, "%s: read error: %s", name, strerror(errno));
		if (r == 0)
			return silb_fail(err, name, off, SL_EFORMAT, "the file ends early");
		b += r;
		off += (size_t)r;
		n -= (size_t)r;
	}
	return SL_OK;
}

int silb_read_trailer(int fd, size_t size, size_t lo, int many, const char *path, size_t *off,
	uint32_t *len, sl_error *err)
{
	uint8_t tr[SILB_FRAME + SILB_TRAILER_LEN];
	size_t at = size - sizeof tr, plen;
	const uint8_t *pl;
	uint64_t o;
	sl_reader r;
	int kind, rc;
	if ((rc = silb_pread(fd, at, tr, sizeof tr, path, err)))
		return rc;
	if (tr[0] != SILB_K_TRAILER || silb_parse_record(tr, sizeof tr, at, 0, path, &kind, &pl, &plen, NULL) < 0 ||
	    plen != SILB_TRAILER_LEN)
		return many ? silb_fail(err, path, at, SL_EFORMAT, "the archive does not end with a TRAILER record "
				"(an append cut short? `sillage pack --archive %s --append` goes back to the last "
				"sound one)", path)
			: silb_fail(err, path, at, SL_EFORMAT, "the archive does not end with a TRAILER record");
	sl_reader_init(&r, pl, plen);
	o = sl_read_u64le(&r);
	*len = sl_read_u32le(&r);
	if (o < lo || o >= at || *len != at - o)
		return silb_fail(err, path, at, SL_EFORMAT, "the TRAILER does not point at %s record",
			many ? "a DIRECTORY" : "an INDEX");
	*off = (size_t)o;
	return SL_OK;
}

#define SFAIL(...) do { snprintf(msg, msgn, __VA_ARGS__); goto fail; } while (0)
/* a failed allocation (ours or zlib's): SL_ENOMEM, not a damaged file */
#define SOOM() do { snprintf(msg, msgn, "out of memory"); frc = SL_ENOMEM; goto fail; } while (0)

/* The fields both kinds of segment start with (formats/silb.md). */
static void seg_head(sl_reader *r, uint64_t *first, uint64_t *count, uint64_t *events,
	uint64_t *turn, uint64_t *phase, uint64_t *hash)
{
	*first = sl_read_uvarint(r);
	*count = sl_read_uvarint(r);
	*events = sl_read_uvarint(r);
	*turn = sl_read_uvarint(r);
	*phase = sl_read_uvarint(r);
	*hash = sl_read_u64le(r);
}

int silb_seg_open(silb_seg *sg, const uint8_t *pl, size_t plen, size_t *budget,
	char *msg, size_t msgn)
{
	sl_reader r, k;
	z_stream z;
	int zrc, zinit = 0, frc = -1;
	memset(sg, 0, sizeof *sg);
	sl_reader_init(&r, pl, plen);
	seg_head(&r, &sg->first, &sg->count, &sg->events_before, &sg->turn, &sg->phase, &sg->hash);
	sg->rawlen = sl_read_uvarint(&r);
	if (r.err)
		SFAIL("the segment's fields are cut short");
	if (sg->count < 1 || sg->count > SL_SILB_SEGMENT_MAX)
		SFAIL("a segment of %llu entries (1..%d: a writer closes a segment at %d)",
			(unsigned long long)sg->count, SL_SILB_SEGMENT_MAX, SL_SILB_SEGMENT_MAX);
	if (sg->rawlen > SL_SILB_MAX_INFLATE)
		SFAIL("segment declares %llu inflated bytes, more than the limit (%u)",
			(unsigned long long)sg->rawlen, SL_SILB_MAX_INFLATE);
	/* deflate cannot expand more than about 1032:1 */
	if (sg->rawlen > (uint64_t)(plen - r.pos) * 1040 + 64)
		SFAIL("segment declares %llu inflated bytes from %zu deflated: not a zlib ratio",
			(unsigned long long)sg->rawlen, plen - r.pos);
	if (sg->rawlen > *budget)
		SFAIL("the file inflates to more than %zu bytes in all", (size_t)SILB_MAX_TOTAL_INFLATE);
	*budget -= (size_t)sg->rawlen;
	sg->raw = sl_malloc((size_t)sg->rawlen + 1);
	if (!sg->raw)
		SOOM();
	memset(&z, 0, sizeof z);
	z.zalloc = silb_zalloc;
	z.zfree = silb_zfree;
	if (inflateInit(&z) != Z_OK)
		SOOM();
	zinit = 1;
	z.next_in = (Bytef *)(uintptr_t)(pl + r.pos);
	z.avail_in = (uInt)(plen - r.pos);
	z.next_out = sg->raw;
	z.avail_out = (uInt)sg->rawlen + 1;
	zrc = inflate(&z, Z_FINISH);
	if (zrc == Z_MEM_ERROR)
		SOOM();
	if (z.total_out > sg->rawlen)
		SFAIL("segment inflates past its declared size (%llu)", (unsigned long long)sg->rawlen);
	if (zrc == Z_DATA_ERROR || zrc == Z_NEED_DICT || zrc == Z_STREAM_ERROR)
		SFAIL("segment is not a valid zlib stream (%s)", z.msg ? z.msg : "bad data");
	if (zrc != Z_STREAM_END)
		SFAIL("segment's zlib stream is cut short");
	if (z.total_out < sg->rawlen)
		SFAIL("segment inflates to %lu bytes, less than its declared size (%llu)",
			(unsigned long)z.total_out, (unsigned long long)sg->rawlen);
	if (z.avail_in)
		SFAIL("%u bytes after the segment's zlib stream", z.avail_in);
	inflateEnd(&z);
	zinit = 0;
	sl_reader_init(&k, sg->raw, (size_t)sg->rawlen);
	{
		uint64_t sn = sl_read_uvarint(&k);
		if (k.err || sn > SL_SILB_MAX_SNAPSHOT || sn > k.len - k.pos)
			SFAIL("the keyframe's length is out of range");
		sg->snaplen = (size_t)sn;
		sg->snap = sl_read_bytes(&k, sg->snaplen);
	}
#ifndef SL_FUZZING
	if (sl_hash64(sg->snap, sg->snaplen) != sg->hash)
		SFAIL("the keyframe does not match its hash %016llx", (unsigned long long)sg->hash);
#endif
	sg->at = k.pos;
	return 0;
fail:
	if (zinit)
		inflateEnd(&z);
	silb_seg_free(sg);
	return frc;
}

void silb_seg_free(silb_seg *sg)
{
	sl_free(sg->raw);
	sg->raw = NULL;
}

/* Room for one more entry at log->ev[log->n] (not counted yet). */
static int log_room(sl_log *log)
{
	if (log->n >= SL_LOG_MAX_ENTRIES)
		return SL_ELIMIT;
	if (log->n == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 256;
		sl_event *e = sl_realloc(log->ev, cap * sizeof *e);
		if (!e)
			return SL_ENOMEM;
		log->ev = e;
		log->cap = cap;
	}
	return SL_OK;
}

int silb_log_push(sl_log *log, const sl_event *ev)
{
	int rc = log_room(log);
	if (rc)
		return rc;
	log->ev[log->n++] = *ev;
	return SL_OK;
}

/* ---- modelled segments ------------------------------------------------------------ */

int silb_mseg_parse(silb_mseg *sg, const uint8_t *pl, size_t plen, char *msg, size_t msgn)
{
	sl_reader r;
	memset(sg, 0, sizeof *sg);
	sl_reader_init(&r, pl, plen);
	seg_head(&r, &sg->first, &sg->count, &sg->events_before, &sg->turn, &sg->phase, &sg->hash);
	sg->ref = sl_read_u8(&r);
	sg->version = sl_read_uvarint(&r);
	sg->end_hash = sl_read_u32le(&r);
	sg->strlen = sl_read_uvarint(&r);
	if (sg->strlen > 0) {
		uint64_t nz = sl_read_uvarint(&r);
		if (!r.err && nz > r.len - r.pos) {
			snprintf(msg, msgn, "its string stream (%llu bytes) runs past the record", (unsigned long long)nz);
			return -1;
		}
		sg->nzstr = (size_t)nz;
		sg->zstr = sl_read_bytes(&r, sg->nzstr);
		if (!r.err && sg->strlen > SL_SILB_MAX_INFLATE) {
			snprintf(msg, msgn, "its strings declare %llu bytes, more than the limit (%u)",
				(unsigned long long)sg->strlen, SL_SILB_MAX_INFLATE);
			return -1;
		}
		if (!r.err && sg->strlen > (uint64_t)sg->nzstr * 1040 + 64) {
			snprintf(msg, msgn, "its strings declare %llu bytes from %zu deflated: not a deflate ratio",
				(unsigned long long)sg->strlen, sg->nzstr);
			return -1;
		}
	}
	if (r.err) {
		snprintf(msg, msgn, "the segment's fields are cut short");
		return -1;
	}
	if (sg->count < 1 || sg->count > SL_SILB_MSEGMENT_MAX) {
		snprintf(msg, msgn, "a segment of %llu entries (1..%d: a writer closes a segment at %d)",
			(unsigned long long)sg->count, SL_SILB_MSEGMENT_MAX, SL_SILB_MSEGMENT_MAX);
		return -1;
	}
	/* a range code can make many entries of few bytes, but not without
	 * bound: like zlib's ratio for deflated segments, this keeps a small
	 * hostile file from claiming millions of entries */
	if (sg->count > (uint64_t)(plen - r.pos) * 256 + 4096) {
		snprintf(msg, msgn, "a segment of %llu entries in %zu coded bytes: more than 256 per byte",
			(unsigned long long)sg->count, plen - r.pos);
		return -1;
	}
	if (sg->ref > 1) {
		snprintf(msg, msgn, "keyframe reference %d is reserved", sg->ref);
		return -1;
	}
	sg->code = pl + r.pos;
	sg->ncode = plen - r.pos;
	return 0;
}

int silb_mseg_parse_kind(silb_mseg *sg, int kind, const sl_mcs *s, const uint8_t *pl, size_t plen,
	char *msg, size_t msgn)
{
	if (silb_mseg_parse(sg, pl, plen, msg, msgn))
		return -1;
	if (kind == SILB_K_PSEGMENT) {
		const sl_mcs_snap *p = s ? sl_mcs_get_prime(s) : NULL;
		if (!p) {
			snprintf(msg, msgn, "a PSEGMENT, primed by an archive's dictionary, outside an archive of many games");
			return -1;
		}
		sg->primed = 1;
		sl_mcs_snap_strings(p, &sg->zdict, &sg->nzdict);
	}
	return 0;
}

int silb_mseg_strings(const silb_mseg *sg, uint8_t **out, char *msg, size_t msgn)
{
	z_stream z;
	int zrc, frc = -1;
	*out = sl_malloc((size_t)sg->strlen + 1);
	if (!*out) {
		snprintf(msg, msgn, "out of memory");
		return SL_ENOMEM;
	}
	if (sg->strlen == 0)
		return 0;
	memset(&z, 0, sizeof z);
	z.zalloc = silb_zalloc;
	z.zfree = silb_zfree;
	if (inflateInit2(&z, -15) != Z_OK)
		SOOM();
	if (sg->nzdict && inflateSetDictionary(&z, sg->zdict, (uInt)sg->nzdict) != Z_OK) {
		inflateEnd(&z);
		SOOM();
	}
	z.next_in = (Bytef *)(uintptr_t)sg->zstr;
	z.avail_in = (uInt)sg->nzstr;
	z.next_out = *out;
	z.avail_out = (uInt)sg->strlen + 1;
	zrc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	if (zrc == Z_MEM_ERROR)
		SOOM();
	if (zrc != Z_STREAM_END || z.total_out != sg->strlen || z.avail_in) {
		snprintf(msg, msgn, "its string stream does not inflate to exactly %llu bytes",
			(unsigned long long)sg->strlen);
		goto fail;
	}
	return 0;
fail:
	sl_free(*out);
	*out = NULL;
	return frc;
}

int silb_base_decode(sl_mcs *s, const uint8_t *pl, size_t plen, const void *init, void **out,
	char *msg, size_t msgn)
{
	sl_reader r;
	uint64_t hash;
	*out = NULL;
	sl_reader_init(&r, pl, plen);
	hash = sl_read_u64le(&r);
	if (r.err) {
		snprintf(msg, msgn, "the base state's hash is cut short");
		return -1;
	}
	sl_mcs_begin_dec(s, pl + r.pos, plen - r.pos, NULL, 0);
	if (sl_mcs_keyframe(s, init, out, hash) || sl_mcs_finish(s)) {
		snprintf(msg, msgn, "the base state: %s", sl_mcs_msg(s));
		return -1;
	}
	return 0;
}

static int mseg_run(sl_mcs *s, const silb_mseg *sg, const void *ref, void **st, sl_log *log,
	long events, const uint8_t *strs, int stop_turn, size_t *keybytes, long *at, char *msg, size_t msgn);

int silb_mseg_decode(sl_mcs *s, const silb_mseg *sg, const void *ref, void **st, sl_log *log,
	int stop_turn, size_t *keybytes, long *at, char *msg, size_t msgn)
{
	long events = (long)sg->events_before;
	uint8_t *strs = NULL;
	int rc;
	*st = NULL;
	if (sg->version > 255 || sl_mcs_use_version(s, (int)sg->version) != SL_OK) {
		snprintf(msg, msgn, "coded with version %llu of %s's model; this reader has version %d",
			(unsigned long long)sg->version, log->game->id, sl_mcs_model_version(s));
		return SL_EVERSION;
	}
	if ((rc = silb_mseg_strings(sg, &strs, msg, msgn)))
		return rc == SL_ENOMEM ? rc : SL_EFORMAT;
	size_t start = log->n;
	sl_mcs_set_short(s, sg->short_end);
	rc = mseg_run(s, sg, ref, st, log, events, strs, stop_turn, keybytes, at, msg, msgn);
	sl_mcs_set_short(s, 0);
	if (rc == SL_OK && sg->snap_out && sl_mcs_snap_take(s, sg->primed ? sl_mcs_get_prime(s) : NULL,
	    log->ev + start, log->n - start, sg->snap_out)) {
		snprintf(msg, msgn, "out of memory");
		rc = SL_ENOMEM;
	}
	sl_free(strs);
	return rc;
}

static int mseg_run(sl_mcs *s, const silb_mseg *sg, const void *ref, void **st, sl_log *log,
	long events, const uint8_t *strs, int stop_turn, size_t *keybytes, long *at, char *msg, size_t msgn)
{
	int rc;
	sl_mcs_begin_dec(s, sg->code, sg->ncode, strs, (size_t)sg->strlen);
	if (sg->primed && (rc = sl_mcs_prime(s))) {
		snprintf(msg, msgn, "%s", sl_mcs_msg(s));
		return rc;
	}
	if (sg->nokey) {   /* the game's start: the state is the initial one */
		sl_error e;
		sl_error_clear(&e);
		if ((rc = sl_game_clone(log->game, ref, st, &e))) {
			snprintf(msg, msgn, "%s", e.msg);
			return rc;
		}
	} else if ((rc = sl_mcs_keyframe(s, ref, st, sg->hash))) {
		snprintf(msg, msgn, "the keyframe: %s", sl_mcs_msg(s));
		return rc;
	}
	if (keybytes)   /* none coded: the bytes the decoder has read ahead are the entries' */
		*keybytes = sg->nokey ? 0 : sl_mcs_pos(s);
	for (uint64_t i = 0; i < sg->count; i++) {
		sl_event spare, *ev = &spare;
		int full = stop_turn ? 0 : log_room(log);
		/* decoded in place: an entry is ~250 bytes, not worth a copy each;
		 * a seek keeps none, only the state */
		if (!full && !stop_turn)
			ev = &log->ev[log->n];
		if ((rc = sl_mcs_entry(s, *st, ev, events))) {
			snprintf(msg, msgn, "entry %llu of %llu: %s", (unsigned long long)i + 1,
				(unsigned long long)sg->count, sl_mcs_msg(s));
			return rc == SL_ENOMEM ? rc : SL_EFORMAT;
		}
		if (full == SL_ENOMEM) {
			snprintf(msg, msgn, "out of memory");
			return SL_ENOMEM;
		}
		if (full) {
			snprintf(msg, msgn, "too many entries (at most %u)", SL_LOG_MAX_ENTRIES);
			return SL_ELIMIT;
		}
		log->n += !stop_turn;
		events += ev->entry == SL_ENTRY_EVENT;
		if (at)
			*at = events;
		if (stop_turn > 0 && ev->entry == SL_ENTRY_TURN && ev->mark == stop_turn)
			return SL_OK;
		if (stop_turn < 0 && ev->entry == SL_ENTRY_EVENT && events == -(long)stop_turn)
			return SL_OK;
	}
	if (stop_turn) {
		snprintf(msg, msgn, "%s %d is not in it, where the INDEX puts it", stop_turn > 0 ? "turn" : "event",
			stop_turn > 0 ? stop_turn : -stop_turn);
		return SL_ERANGE;
	}
	if ((rc = sl_mcs_finish(s))) {
		snprintf(msg, msgn, "%s", sl_mcs_msg(s));
		return rc;
	}
	{   /* where the entries led must be where the writer's led */
		uint64_t h = 0;
		if (sl_game_hash(log->game, *st, &h) != SL_OK) {
			snprintf(msg, msgn, "out of memory");
			return SL_ENOMEM;
		}
#ifndef SL_FUZZING
		if ((uint32_t)h != sg->end_hash) {
			snprintf(msg, msgn, "the state after its %llu entries has hash %08x, not the %08x recorded",
				(unsigned long long)sg->count, (unsigned)(uint32_t)h, (unsigned)sg->end_hash);
			return SL_EFORMAT;
		}
#endif
	}
	return SL_OK;
}

/* ---- the whole file --------------------------------------------------------- */

typedef struct seg_at {
	size_t off, first;
	long events;
	int turn;
} seg_at;

typedef struct rd {
	const uint8_t *p;
	size_t n;
	const char *name;
	sl_log *log;
	silb_ctx c;
	long events;
	int turn, phase;          /* where the entries read so far leave the game */
	seg_at *segs;
	size_t nseg, capseg;
	size_t budget;
	sl_silb_info *info;
	sl_silb_sink sink;        /* streaming: gets each segment's entries, which are then dropped */
	void *ud;
	size_t base;              /* entries handed to the sink and dropped */
	int sink_failed;          /* the sink refused: nothing to recover */
	sl_mcs *mcs;              /* modelled segments: the coder, */
	void *init_st, *base_st;  /* the keyframes' references */
	const silb_dict *dict;    /* a member of an archive of many games: its dictionary, */
	size_t org;               /* and where its bytes start in the file */
	int fmt;                  /* the format version (the file header's, or the MHEADER's) */
} rd;

static void track(rd *d, const sl_event *ev)
{
	if (ev->entry == SL_ENTRY_EVENT)
		d->events++;
	else if (ev->entry == SL_ENTRY_TURN) {
		d->turn = ev->mark;
		d->phase = 1;
	} else
		d->phase = ev->mark;
}

/* Recomputes the position after an undo. */
static void retrack(rd *d)
{
	d->events = 0;
	d->turn = d->phase = 0;
	for (size_t i = 0; i < d->log->n; i++)
		track(d, &d->log->ev[i]);
	d->c.last_turn = d->turn;
}

static int new_log(rd *d, sl_header *h, sl_error *err, size_t off)
{
	const sl_game *g = sl_game_find_version(h->game, h->rules_version);
	if (!g) {
		silb_fail(err, d->name, off, SL_EFORMAT, "unknown game '%s' (see `sillage games`)", h->game);
		sl_header_free(h);
		return -1;
	}
	if (!d->log) {
		d->log = sl_log_new(g);
		if (!d->log || !(d->log->name = sl_strdup(d->name))) {
			sl_header_free(h);
			silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
			return -1;
		}
	}
	sl_header_free(&d->log->h);
	d->log->h = *h;
	d->log->game = g;
	d->c.log = d->log;
	d->c.arena = &d->log->arena;
	return 0;
}

static int read_header(rd *d, const uint8_t *pl, size_t plen, size_t off, sl_error *err)
{
	sl_reader r;
	sl_header h;
	uint64_t ih = 0;
	char msg[256];
	int rc;
	sl_reader_init(&r, pl, plen);
	if ((rc = silb_get_header(&r, &h, &ih, msg, sizeof msg))) {
		sl_header_free(&h);
		return silb_fail(err, d->name, off + 5 + r.pos, rc == SL_ENOMEM ? rc : SL_EFORMAT,
			"record 1 (kind HEADER): %s", msg);
	}
	if (d->info)
		d->info->init_hash = ih;
	h.format_version = d->fmt;   /* the file header's version is the log's */
	return new_log(d, &h, err, off) ? err->code : SL_OK;
}

int silb_mheader_get(const uint8_t *pl, size_t plen, const silb_dict *dict, int *fmt, sl_header *h,
	uint64_t *init_hash, char *msg, size_t msgn)
{
	sl_reader r, hr;
	uint64_t want;
	uint8_t *raw = NULL;
	int rc;
	memset(h, 0, sizeof *h);
	sl_reader_init(&r, pl, plen);
	*fmt = sl_read_u8(&r);
	want = sl_read_uvarint(&r);
	if (r.err || *fmt < 1 || *fmt > SL_SILB_VERSION) {
		snprintf(msg, msgn, r.err ? "cut short" : "format version %d (this reader knows 1..%d)", *fmt,
			SL_SILB_VERSION);
		return -1;
	}
	if (want > SL_SILB_MAX_RECORD) {
		snprintf(msg, msgn, "a header of %llu bytes, more than the limit (%u)", (unsigned long long)want,
			SL_SILB_MAX_RECORD);
		return -1;
	}
	if ((rc = silb_inflate_dict(pl + r.pos, plen - r.pos, (size_t)want, dict->hdict, dict->nhdict, &raw,
	    msg, msgn)))
		return rc;
	sl_reader_init(&hr, raw, (size_t)want);
	rc = silb_get_header(&hr, h, init_hash, msg, msgn);
	if (rc == 0 && hr.pos != hr.len) {
		snprintf(msg, msgn, "%zu bytes after the header", hr.len - hr.pos);
		rc = -1;
	}
	sl_free(raw);
	if (rc == 0)
		h->format_version = *fmt;
	return rc;
}

/* The header bytes of a MEMBER: runs of bytes that replace the reference
 * header's (the dictionary's last) at their places, or deflated. */
static int member1_header(sl_reader *r, int runs, const silb_dict *d, uint8_t **raw, size_t *nraw,
	char *msg, size_t msgn)
{
	*raw = NULL;
	*nraw = 0;
	if (runs) {
		const uint8_t *ref = d->hdict + d->nhdict - d->nlast;
		uint64_t k = sl_read_uvarint(r);
		size_t at = 0;
		if (r->err || !d->nlast || k > d->nlast) {
			snprintf(msg, msgn, r->err ? "its header is cut short"
				: "its header is coded against the dictionary's, and there is none to match");
			return -1;
		}
		if (!(*raw = sl_malloc(d->nlast)))
			return snprintf(msg, msgn, "out of memory"), SL_ENOMEM;
		memcpy(*raw, ref, d->nlast);
		for (uint64_t i = 0; i < k; i++) {
			uint64_t gap = sl_read_uvarint(r), len = sl_read_uvarint(r) + 1;
			const uint8_t *b;
			if (r->err || gap > d->nlast - at || len > d->nlast - at - gap || len > r->len - r->pos) {
				snprintf(msg, msgn, "its header's run %llu of %llu lies outside the reference header "
					"(%zu bytes)", (unsigned long long)i + 1, (unsigned long long)k, d->nlast);
				sl_free(*raw);
				*raw = NULL;
				return -1;
			}
			at += (size_t)gap;
			b = sl_read_bytes(r, (size_t)len);
			memcpy(*raw + at, b, (size_t)len);
			at += (size_t)len;
		}
		*nraw = d->nlast;
		return 0;
	}
	{
		uint64_t want = sl_read_uvarint(r), nz = sl_read_uvarint(r);
		int rc;
		if (r->err || nz > r->len - r->pos) {
			snprintf(msg, msgn, "its deflated header runs past the record");
			return -1;
		}
		if (want > SL_SILB_MAX_RECORD) {
			snprintf(msg, msgn, "a header of %llu bytes, more than the limit (%u)", (unsigned long long)want,
				SL_SILB_MAX_RECORD);
			return -1;
		}
		if ((rc = silb_inflate_dict(sl_read_bytes(r, (size_t)nz), (size_t)nz, (size_t)want, d->hdict, d->nhdict,
		    raw, msg, msgn)))
			return rc;
		*nraw = (size_t)want;
		return 0;
	}
}

int silb_member1_parse(const uint8_t *pl, size_t plen, const silb_dict *d, int *fmt, sl_header *h,
	uint64_t *init_hash, const char **tail, size_t *ntail, silb_mseg *sg, char *msg, size_t msgn)
{
	sl_reader r, hr;
	uint8_t *raw = NULL;
	size_t nraw;
	int bits, rc;
	memset(h, 0, sizeof *h);
	memset(sg, 0, sizeof *sg);
	*tail = NULL;
	*ntail = 0;
	sl_reader_init(&r, pl, plen);
	bits = sl_read_u8(&r);
	*fmt = bits & 3;
	if (r.err || *fmt < 1 || *fmt > SL_SILB_VERSION) {
		snprintf(msg, msgn, r.err ? "cut short" : "its first byte 0x%02x is not a format version and flags",
			(unsigned)bits);
		return -1;
	}
	if ((rc = member1_header(&r, bits & 4, d, &raw, &nraw, msg, msgn)))
		return rc;
	sl_reader_init(&hr, raw, nraw);
	rc = silb_get_header(&hr, h, init_hash, msg, msgn);
	if (rc == 0 && hr.pos != hr.len) {
		snprintf(msg, msgn, "%zu bytes after the header", hr.len - hr.pos);
		rc = -1;
	}
	sl_free(raw);
	if (rc) {
		char m2[256];
		snprintf(m2, sizeof m2, "its header: %s", msg);
		snprintf(msg, msgn, "%s", m2);
		return rc;
	}
	h->format_version = *fmt;
	if ((bits & 8) && (silb_get_str(&r, tail, ntail) || !sl_text_ok(*tail, *ntail, 1))) {
		snprintf(msg, msgn, "its tail is not '#' comment lines");
		return -1;
	}
	sg->count = sl_read_uvarint(&r);
	/* the model version: bits 4-7 as version + 1 (0..14), else a uvarint */
	sg->version = bits >> 4 ? (uint64_t)(bits >> 4) - 1 : sl_read_uvarint(&r);
	sg->end_hash = sl_read_u32le(&r);
	sg->strlen = sl_read_uvarint(&r);
	if (!r.err && sg->strlen > 0) {
		uint64_t nz = sl_read_uvarint(&r);
		if (!r.err && nz > r.len - r.pos) {
			snprintf(msg, msgn, "its string stream (%llu bytes) runs past the record", (unsigned long long)nz);
			return -1;
		}
		sg->nzstr = (size_t)nz;
		sg->zstr = sl_read_bytes(&r, sg->nzstr);
		if (!r.err && (sg->strlen > SL_SILB_MAX_INFLATE || sg->strlen > (uint64_t)sg->nzstr * 1040 + 64)) {
			snprintf(msg, msgn, "its strings declare %llu bytes from %zu deflated: out of range",
				(unsigned long long)sg->strlen, sg->nzstr);
			return -1;
		}
	}
	if (r.err) {
		snprintf(msg, msgn, "its segment's fields are cut short");
		return -1;
	}
	if (sg->count < 1 || sg->count > SL_SILB_MSEGMENT_ENTRIES ||
	    sg->count > (uint64_t)(plen - r.pos) * 256 + 4096) {
		snprintf(msg, msgn, "a game of %llu entries in %zu coded bytes (a MEMBER holds 1..%d, at most 256 "
			"per byte)", (unsigned long long)sg->count, plen - r.pos, SL_SILB_MSEGMENT_ENTRIES);
		return -1;
	}
	sg->code = pl + r.pos;
	sg->ncode = plen - r.pos;
	sg->nokey = sg->short_end = 1;
	if (d->snap) {
		sg->primed = 1;
		sl_mcs_snap_strings(d->snap, &sg->zdict, &sg->nzdict);
	}
	return 0;
}

static int read_mheader(rd *d, const uint8_t *pl, size_t plen, size_t off, sl_error *err)
{
	sl_header h;
	uint64_t ih = 0;
	char msg[256];
	int rc;
	if ((rc = silb_mheader_get(pl, plen, d->dict, &d->fmt, &h, &ih, msg, sizeof msg))) {
		sl_header_free(&h);
		return silb_fail(err, d->name, off, rc == SL_ENOMEM ? rc : SL_EFORMAT,
			"record 1 (kind MHEADER): %s", msg);
	}
	if (d->info) {
		d->info->init_hash = ih;
		d->info->version = d->fmt;
	}
	return new_log(d, &h, err, off) ? err->code : SL_OK;
}

/* One journal record after the header. */
static int journal_record(rd *d, int kind, const uint8_t *pl, size_t plen, size_t off,
	size_t recno, int *seen_entry, sl_error *err)
{
	sl_reader r;
	sl_event ev;
	const char *s;
	size_t n;
	int rc;
	sl_reader_init(&r, pl, plen);
	switch (kind) {
	case SILB_K_HEADER:
		if (*seen_entry)
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu: a HEADER after the first entry", recno);
		return read_header(d, pl, plen, off, err);
	case SILB_K_ENTRY:
		*seen_entry = 1;
		sl_strtab_reset(&d->c.tab);
		if ((rc = silb_get_entry(&d->c, &r, &ev))) {
			d->c.last_turn = d->turn;
			return silb_fail(err, d->name, off + 5 + r.pos, rc == SL_ENOMEM ? rc : SL_EFORMAT,
				"record %zu (kind ENTRY): %s", recno, d->c.msg);
		}
		if (r.pos != r.len) {
			d->c.last_turn = d->turn;
			return silb_fail(err, d->name, off + 5 + r.pos, SL_EFORMAT,
				"record %zu (kind ENTRY): %zu bytes after the entry", recno, r.len - r.pos);
		}
		if ((rc = silb_log_push(d->log, &ev)) == SL_ENOMEM)
			return silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
		if (rc)
			return silb_fail(err, d->name, off, SL_ELIMIT, "record %zu: too many entries (at most %u)",
				recno, SL_LOG_MAX_ENTRIES);
		track(d, &ev);
		return SL_OK;
	case SILB_K_UNDO: {
		uint64_t after = sl_read_uvarint(&r);
		if (r.err || r.pos != r.len || d->log->n == 0 || after != d->log->n - 1)
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu (kind UNDO): undo to %llu entries, but the log holds %zu", recno,
				(unsigned long long)after, d->log->n);
		sl_log_pop(d->log);
		retrack(d);
		return SL_OK;
	}
	case SILB_K_ANNOTATE: {
		uint8_t bits = sl_read_u8(&r);
		const char *note = NULL, *mark = NULL;
		if (d->log->n == 0)
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu (kind ANNOTATE): there is no entry to annotate", recno);
		uint8_t glyph = 0;
		if (r.err || (bits & ~7))
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu (kind ANNOTATE): reserved bits set", recno);
		if (bits & 1) {
			if (silb_get_str(&r, &s, &n) || !sl_text_ok(s, n, 0) ||
			    !(note = sl_arena_strndup(&d->log->arena, s, n)))
				return silb_fail(err, d->name, off, SL_EFORMAT,
					"record %zu (kind ANNOTATE): the note is cut short or not one line", recno);
		}
		if (bits & 2) {
			if (silb_get_str(&r, &s, &n) || !sl_text_ok(s, n, 0) ||
			    !(mark = sl_arena_strndup(&d->log->arena, s, n)))
				return silb_fail(err, d->name, off, SL_EFORMAT,
					"record %zu (kind ANNOTATE): the bookmark is cut short or not one line", recno);
		}
		if (bits & 4) {
			glyph = sl_read_u8(&r);
			if (r.err || !sl_glyph_text(glyph))
				return silb_fail(err, d->name, off, SL_EFORMAT,
					"record %zu (kind ANNOTATE): glyph code %u is not 1..6", recno, glyph);
		}
		if (r.pos != r.len)
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu (kind ANNOTATE): %zu bytes after its fields", recno, r.len - r.pos);
		d->log->ev[d->log->n - 1].glyph = glyph;
		d->log->ev[d->log->n - 1].note = note;
		d->log->ev[d->log->n - 1].bookmark = mark;
		return SL_OK;
	}
	case SILB_K_TAIL:
		if (silb_get_str(&r, &s, &n) || r.pos != r.len || !sl_text_ok(s, n, 1))
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu (kind TAIL): not '#' comment lines", recno);
		sl_free(d->log->tail_comment);
		if (!(d->log->tail_comment = sl_strndup(s, n)))
			return silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
		return SL_OK;
	}
	return silb_fail(err, d->name, off, SL_EFORMAT, "record %zu: a %s record in a journal",
		recno, silb_kind_name(kind));
}

/* A segment starts at off: noted for the INDEX check. */
static int seg_note(rd *d, size_t off, sl_error *err)
{
	if (d->nseg >= SL_SILB_MAX_SEGMENTS)
		return silb_fail(err, d->name, off, SL_ELIMIT, "more than %u segments", SL_SILB_MAX_SEGMENTS);
	if (d->nseg == d->capseg) {
		size_t cap = d->capseg ? d->capseg * 2 : 64;
		seg_at *s = sl_realloc(d->segs, cap * sizeof *s);
		if (!s)
			return silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
		d->segs = s;
		d->capseg = cap;
	}
	d->segs[d->nseg].off = off;
	d->segs[d->nseg].first = d->base + d->log->n;
	d->segs[d->nseg].events = d->events;
	d->segs[d->nseg].turn = d->turn;
	d->nseg++;
	return SL_OK;
}

/* Streaming: hands the segment's entries over, then drops them, so memory
 * stays one segment. */
static int hand_over(rd *d, sl_error *err)
{
	int rc;
	if (!d->sink)
		return SL_OK;
	if ((rc = d->sink(d->ud, d->log, d->log->ev, d->log->n, err))) {
		d->sink_failed = 1;
		return rc;
	}
	d->base += d->log->n;
	d->log->n = 0;
	sl_strtab_reset(&d->c.tab);   /* its strings live in the arena */
	sl_arena_free(&d->log->arena);
	sl_arena_init(&d->log->arena);
	return SL_OK;
}

static int archive_segment(rd *d, const uint8_t *pl, size_t plen, size_t off, size_t recno,
	sl_error *err)
{
	silb_seg sg;
	sl_reader r;
	char msg[256];
	int rc;
	if ((rc = silb_seg_open(&sg, pl, plen, &d->budget, msg, sizeof msg)))
		return silb_fail(err, d->name, off, rc == SL_ENOMEM ? rc
			: strstr(msg, "limit") || strstr(msg, "in all") ? SL_ELIMIT
			: SL_EFORMAT, "record %zu (kind SEGMENT): %s", recno, msg);
	if (sg.first != d->base + d->log->n || sg.events_before != (uint64_t)d->events ||
	    sg.turn != (uint64_t)d->turn || sg.phase != (uint64_t)d->phase) {
		silb_seg_free(&sg);
		return silb_fail(err, d->name, off, SL_EFORMAT,
			"record %zu (kind SEGMENT): it starts at entry %llu, event %llu, turn %llu.%llu; "
			"the entries before it end at %zu, %ld, %d.%d", recno, (unsigned long long)sg.first,
			(unsigned long long)sg.events_before, (unsigned long long)sg.turn,
			(unsigned long long)sg.phase, d->base + d->log->n, d->events, d->turn, d->phase);
	}
	if ((rc = seg_note(d, off, err))) {
		silb_seg_free(&sg);
		return rc;
	}
	if (d->info) {
		d->info->segments++;
		d->info->keyframe_bytes += sg.snaplen;
		d->info->entry_bytes += (size_t)sg.rawlen - sg.at;
		d->info->deflated_bytes += plen;
	}
	sl_strtab_reset(&d->c.tab);
	d->c.last_turn = d->turn;
	sl_reader_init(&r, sg.raw + sg.at, (size_t)sg.rawlen - sg.at);
	for (uint64_t i = 0; i < sg.count; i++) {
		sl_event spare, *ev = &spare;
		int full = log_room(d->log);
		/* decoded in place: an entry is ~250 bytes, not worth a copy each */
		if (!full)
			ev = &d->log->ev[d->log->n];
		if ((rc = silb_get_entry(&d->c, &r, ev))) {
			silb_seg_free(&sg);
			return silb_fail(err, d->name, off, rc == SL_ENOMEM ? rc : SL_EFORMAT,
				"record %zu (kind SEGMENT): entry %llu of %llu: %s", recno,
				(unsigned long long)i + 1, (unsigned long long)sg.count, d->c.msg);
		}
		if (full) {
			silb_seg_free(&sg);
			if (full == SL_ENOMEM)
				return silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
			return silb_fail(err, d->name, off, SL_ELIMIT, "too many entries (at most %u)",
				SL_LOG_MAX_ENTRIES);
		}
		d->log->n++;
		track(d, ev);
	}
	if (r.pos != r.len) {
		silb_seg_free(&sg);
		return silb_fail(err, d->name, off, SL_EFORMAT,
			"record %zu (kind SEGMENT): %zu bytes after its %llu entries", recno, r.len - r.pos,
			(unsigned long long)sg.count);
	}
	silb_seg_free(&sg);
	return hand_over(d, err);
}

/* The coder and the initial state, made when the first modelled record
 * needs them. */
static int model_ready(rd *d, sl_error *err, size_t off)
{
	int rc;
	sl_error e;
	if (!d->mcs && sl_mcs_new(&d->mcs, d->log->game, &d->log->h, d->log->name, &d->log->arena))
		return silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
	if (d->dict)
		sl_mcs_set_prime(d->mcs, d->dict->snap);
	sl_error_clear(&e);
	if (!d->init_st && (rc = d->log->game->init(&d->init_st, &d->log->h, &e)))
		return silb_fail(err, d->name, off, rc, "the game's initial state: %s", e.msg);
	return SL_OK;
}

static int archive_base(rd *d, const uint8_t *pl, size_t plen, size_t off, size_t recno,
	sl_error *err)
{
	char msg[256];
	int rc;
	if ((rc = model_ready(d, err, off)))
		return rc;
	if (silb_base_decode(d->mcs, pl, plen, d->init_st, &d->base_st, msg, sizeof msg))
		return silb_fail(err, d->name, off, SL_EFORMAT, "record %zu (kind BASE): %s", recno, msg);
	if (d->info)
		d->info->base_bytes = plen;
	return SL_OK;
}

static int mseg_into(rd *d, silb_mseg *sgp, const char *kn, size_t off, size_t recno, sl_error *err);

static int archive_msegment(rd *d, int kind, const uint8_t *pl, size_t plen, size_t off, size_t recno,
	sl_error *err)
{
	silb_mseg sg;
	char msg[256];
	const char *kn = silb_kind_name(kind);
	int rc;
	if ((rc = model_ready(d, err, off)))
		return rc;
	if ((rc = silb_mseg_parse_kind(&sg, kind, d->mcs, pl, plen, msg, sizeof msg)))
		return silb_fail(err, d->name, off, rc == SL_ENOMEM ? rc : SL_EFORMAT,
			"record %zu (kind %s): %s", recno, kn, msg);
	return mseg_into(d, &sg, kn, off, recno, err);
}

/* A parsed modelled segment decoded into the log, after the checks of
 * where it starts. */
static int mseg_into(rd *d, silb_mseg *sgp, const char *kn, size_t off, size_t recno, sl_error *err)
{
	silb_mseg sg = *sgp;
	char msg[256];
	void *st = NULL;
	size_t start = d->log->n, keyb = 0;
	int rc;
	if (sg.first != d->base + d->log->n || sg.events_before != (uint64_t)d->events ||
	    sg.turn != (uint64_t)d->turn || sg.phase != (uint64_t)d->phase)
		return silb_fail(err, d->name, off, SL_EFORMAT,
			"record %zu (kind %s): it starts at entry %llu, event %llu, turn %llu.%llu; "
			"the entries before it end at %zu, %ld, %d.%d", recno, kn, (unsigned long long)sg.first,
			(unsigned long long)sg.events_before, (unsigned long long)sg.turn,
			(unsigned long long)sg.phase, d->base + d->log->n, d->events, d->turn, d->phase);
	if (sg.ref == 1 && !d->base_st)
		return silb_fail(err, d->name, off, SL_EFORMAT,
			"record %zu (kind %s): its keyframe is coded against a BASE record, and there is none", recno, kn);
	if (sg.strlen > d->budget)
		return silb_fail(err, d->name, off, SL_ELIMIT, "the file inflates to more than %zu bytes in all",
			(size_t)SILB_MAX_TOTAL_INFLATE);
	d->budget -= (size_t)sg.strlen;
	if ((rc = seg_note(d, off, err)))
		return rc;
	rc = silb_mseg_decode(d->mcs, &sg, sg.ref ? d->base_st : d->init_st, &st, d->log, 0, &keyb, NULL,
		msg, sizeof msg);
	if (st)
		d->log->game->destroy(st);
	if (rc)
		return silb_fail(err, d->name, off, rc, "record %zu (kind %s): %s", recno, kn, msg);
	for (size_t i = start; i < d->log->n; i++)
		track(d, &d->log->ev[i]);
	if (d->info) {
		d->info->segments++;
		d->info->msegments++;
		d->info->mkey_bytes += keyb;
		d->info->mentry_bytes += sg.ncode - keyb;
		d->info->mstring_bytes += sg.nzstr;
	}
	return hand_over(d, err);
}

static int archive_index(rd *d, const uint8_t *pl, size_t plen, size_t off, size_t recno,
	sl_error *err)
{
	sl_reader r;
	uint64_t nseg, entries, events, turns, o = 0, f = 0, e = 0, t = 0;
	sl_reader_init(&r, pl, plen);
	nseg = sl_read_uvarint(&r);
	entries = sl_read_uvarint(&r);
	events = sl_read_uvarint(&r);
	turns = sl_read_uvarint(&r);
	if (r.err || nseg != d->nseg || entries != d->base + d->log->n || events != (uint64_t)d->events ||
	    turns != (uint64_t)d->turn)
		return silb_fail(err, d->name, off, SL_EFORMAT,
			"record %zu (kind INDEX): its totals disagree with the segments read", recno);
	for (size_t i = 0; i < d->nseg; i++) {
		o += sl_read_uvarint(&r);
		f += sl_read_uvarint(&r);
		e += sl_read_uvarint(&r);
		t += sl_read_uvarint(&r);
		if (r.err || o + d->org != d->segs[i].off || f != d->segs[i].first ||
		    e != (uint64_t)d->segs[i].events || t != (uint64_t)d->segs[i].turn)
			return silb_fail(err, d->name, off, SL_EFORMAT,
				"record %zu (kind INDEX): entry %zu disagrees with segment %zu", recno, i + 1, i + 1);
	}
	if (r.pos != r.len)
		return silb_fail(err, d->name, off, SL_EFORMAT,
			"record %zu (kind INDEX): %zu bytes after its entries", recno, r.len - r.pos);
	return SL_OK;
}

/* The entry count an archive's INDEX claims, read without any check: only
 * a hint for sizing log->ev once. Grown by doubling instead, the array's
 * pages are written twice, and moved: on a VM with shadow page tables each
 * moved page faults again when the replay first reads it (0.3-0.5 s for 1M
 * entries). The hint is bounded by the file's size; 0 when the tail does
 * not look like a trailer and an index. */
static size_t entries_hint(const uint8_t *p, size_t n)
{
	sl_reader r;
	size_t at;
	uint64_t io, e;
	if (n < SILB_FILE_HEADER + 2 * SILB_FRAME + SILB_TRAILER_LEN)
		return 0;
	at = n - SILB_FRAME - SILB_TRAILER_LEN;
	if (p[at] != SILB_K_TRAILER)
		return 0;
	sl_reader_init(&r, p + at + 5, SILB_TRAILER_LEN);
	io = sl_read_u64le(&r);
	if (r.err || io < SILB_FILE_HEADER || io >= at || at - io <= 5 || p[io] != SILB_K_INDEX)
		return 0;   /* (io + 5 could wrap) */
	sl_reader_init(&r, p + io + 5, at - (size_t)io - 5);
	(void)sl_read_uvarint(&r);   /* segments */
	e = sl_read_uvarint(&r);
	if (r.err || e > SL_LOG_MAX_ENTRIES || e > 4 * (uint64_t)n)
		return 0;
	return (size_t)e;
}

static void model_free(rd *d)
{
	sl_mcs_free(d->mcs);
	if (d->init_st)
		d->log->game->destroy(d->init_st);
	if (d->base_st)
		d->log->game->destroy(d->base_st);
}

int silb_dgame_log(const uint8_t *pl, size_t plen, const silb_dict *d, const char *name, sl_log **out,
	char *msg, size_t msgn)
{
	sl_reader r;
	uint64_t k;
	const char *tail = NULL;
	size_t ntail = 0;
	sl_buf t;
	sl_error e;
	int rc;
	*out = NULL;
	sl_reader_init(&r, pl, plen);
	k = sl_read_uvarint(&r);
	if (!r.err && r.pos < r.len && (silb_get_str(&r, &tail, &ntail) || !sl_text_ok(tail, ntail, 1))) {
		snprintf(msg, msgn, "its tail is not '#' comment lines");
		return -1;
	}
	if (r.err || r.pos != r.len) {
		snprintf(msg, msgn, r.err ? "cut short" : "%zu bytes after its fields", r.len - r.pos);
		return -1;
	}
	if (k < 1 || k > d->ngames || !d->games || !d->games[k - 1]) {
		snprintf(msg, msgn, "the dictionary holds no game %llu with entries (it holds %zu games)",
			(unsigned long long)k, d->ngames);
		return -1;
	}
	/* a log of its own, through the canonical text (which gives it back
	 * exactly), so that it outlives the dictionary */
	sl_buf_init(&t);
	sl_error_clear(&e);
	if (sl_sil_write(d->games[k - 1], &t) || t.failed) {
		sl_buf_free(&t);
		snprintf(msg, msgn, "out of memory");
		return SL_ENOMEM;
	}
	rc = sl_sil_read(out, name, (const char *)t.data, t.len, &e);
	sl_buf_free(&t);
	if (rc == SL_OK && tail && !((*out)->tail_comment = sl_strndup(tail, ntail)))
		rc = SL_ENOMEM;
	if (rc) {
		sl_log_free(*out);
		*out = NULL;
		snprintf(msg, msgn, "%.200s", rc == SL_ENOMEM ? "out of memory" : e.msg);
		return rc == SL_ENOMEM ? rc : -1;
	}
	return 0;
}

/* A DGAME member: the dictionary's game, handed over as one segment. */
static int read_dgame(rd *d, const uint8_t *pl, size_t plen, size_t off, sl_error *err)
{
	char msg[256];
	sl_log *log;
	int rc;
	if ((rc = silb_dgame_log(pl, plen, d->dict, d->name, &log, msg, sizeof msg)))
		return silb_fail(err, d->name, off, rc == SL_ENOMEM ? rc : SL_EFORMAT, "record 1 (kind DGAME): %s", msg);
	d->log = log;
	d->fmt = log->h.format_version;
	d->c.log = log;
	d->c.arena = &log->arena;
	if (d->info) {
		d->info->init_hash = silb_init_hash(log);
		d->info->version = d->fmt;
		d->info->dgame = (size_t)pl[0];   /* k < 128: one byte (a DICT holds at most 64) */
	}
	if (d->sink && (rc = d->sink(d->ud, d->log, NULL, 0, err)))
		return rc;
	for (size_t i = 0; i < log->n; i++)
		track(d, &log->ev[i]);
	return hand_over(d, err);
}

/* A MEMBER record: the whole game, header to tail, in one. */
static int read_member1(rd *d, const uint8_t *pl, size_t plen, size_t off, silb_mseg *sgp, sl_error *err)
{
	sl_header h;
	silb_mseg sg;
	uint64_t ih = 0;
	const char *tail;
	size_t ntail;
	char msg[256];
	int rc;
	if ((rc = silb_member1_parse(pl, plen, d->dict, &d->fmt, &h, &ih, &tail, &ntail, &sg, msg, sizeof msg))) {
		sl_header_free(&h);
		return silb_fail(err, d->name, off, rc == SL_ENOMEM ? rc : SL_EFORMAT, "record 1 (kind MEMBER): %s", msg);
	}
	if (d->info) {
		d->info->init_hash = ih;
		d->info->version = d->fmt;
	}
	if (new_log(d, &h, err, off))
		return err->code;
	if (tail && !(d->log->tail_comment = sl_strndup(tail, ntail)))
		return silb_fail(err, d->name, off, SL_ENOMEM, "out of memory");
	*sgp = sg;
	return model_ready(d, err, off);
}

/* dict != NULL: data is a member of an archive of many games, at file
 * offset org (MHEADER first, INDEX last, no file header or trailer). */
static int read_all(sl_log **out, const char *name, const void *data, size_t n,
	unsigned flags, sl_silb_info *info, sl_silb_sink sink, void *ud, const silb_dict *dict,
	size_t org, sl_error *err)
{
	rd d;
	sl_error e;
	sl_silb_info dummy;
	size_t pos = SILB_FILE_HEADER, recno = 0, index_off = 0, index_len = 0;
	size_t good = SILB_FILE_HEADER;   /* end of the last sound record */
	size_t seg_undo = 0;              /* entries before the segment being read */
	int form = 0, rc = SL_OK, seen_entry = 0, stage = 0;   /* archive: 0 segments, 1 index, 2 trailer */

	*out = NULL;
	if (!info)
		info = &dummy;
	memset(info, 0, sizeof *info);
	sl_error_clear(&info->damage);
	info->file_bytes = n;
	memset(&d, 0, sizeof d);
	d.p = data;
	d.n = n;
	d.name = name ? name : "<silb>";
	d.info = info;
	d.sink = sink;
	d.ud = ud;
	d.budget = SILB_MAX_TOTAL_INFLATE;
	d.dict = dict;
	d.org = org;
	sl_error_clear(&e);
	if (n > SL_SILB_MAX_FILE)
		return silb_fail(err, d.name, org, SL_ELIMIT, "the file is larger than %u bytes", SL_SILB_MAX_FILE);
	if (dict) {
		form = SL_SILB_ARCHIVE;
		pos = good = 0;
	} else {
		if ((rc = silb_check_file_header(d.p, n, d.name, &form, err)))
			return rc;
		if (form == SL_SILB_MANY)
			return silb_fail(err, d.name, 9, SL_EFORMAT, "an archive of many games: name one of them "
				"as %s:NAME (`sillage ls %s` lists them)", d.name, d.name);
		d.fmt = d.p[8];
	}
	info->form = form;
	info->version = d.fmt;
	while (pos < n) {
		const uint8_t *pl;
		size_t plen;
		int kind;
		size_t at = pos + org;   /* where errors say it is */
		long len = silb_parse_record(d.p + pos, n - pos, at, ++recno, d.name, &kind, &pl, &plen, &e);
		if (len < 0) {
			rc = (int)len;
			break;
		}
		info->records++;
		if (recno == 1) {
			int want = dict ? SILB_K_MHEADER : SILB_K_HEADER;
			if (dict && kind == SILB_K_DGAME) {   /* the dictionary's game */
				if ((rc = read_dgame(&d, pl, plen, at, &e)))
					goto fatal;
				stage = 2;
				pos += (size_t)len;
				good = pos;
				if (pos < n) {
					rc = silb_fail(&e, d.name, pos + org, SL_EFORMAT, "%zu bytes after the DGAME record", n - pos);
					break;
				}
				continue;
			}
			if (dict && kind == SILB_K_MEMBER) {   /* the whole game in one record */
				silb_mseg sg;
				if ((rc = read_member1(&d, pl, plen, at, &sg, &e)))
					goto fatal;
				if (sink && (rc = sink(ud, d.log, NULL, 0, &e)))
					goto fatal;
				if ((rc = mseg_into(&d, &sg, "MEMBER", at, recno, &e))) {
					if (sink && (d.sink_failed || !(flags & SL_SILB_RECOVER)))
						goto fatal;
					d.log->n = 0;
					if (!sink)
						retrack(&d);
					break;
				}
				stage = 2;
				pos += (size_t)len;
				good = pos;
				if (pos < n) {
					rc = silb_fail(&e, d.name, pos + org, SL_EFORMAT, "%zu bytes after the MEMBER record", n - pos);
					break;
				}
				continue;
			}
			if (kind != want) {
				rc = silb_fail(&e, d.name, at, SL_EFORMAT, "the first record is %s, expected %s%s",
					silb_kind_name(kind) ? silb_kind_name(kind) : "unknown", silb_kind_name(want),
					dict ? ", MEMBER or DGAME" : "");
				goto fatal;
			}
			if ((rc = dict ? read_mheader(&d, pl, plen, at, &e) : read_header(&d, pl, plen, at, &e)))
				goto fatal;
			if (form == SL_SILB_ARCHIVE && !sink && !d.log->ev && !dict) {
				size_t hint = entries_hint(d.p, n);
				sl_event *ev = hint && hint <= SIZE_MAX / sizeof *ev
					? sl_malloc(hint * sizeof *ev) : NULL;
				if (ev) {   /* else the log grows as it is read */
					d.log->ev = ev;
					d.log->cap = hint;
				}
			}
			if (sink && (rc = sink(ud, d.log, NULL, 0, &e)))
				goto fatal;
		} else if (kind & SILB_ANCILLARY && kind != SILB_K_TAIL) {
			/* unknown ancillary record: skipped */
		} else if (form == SL_SILB_JOURNAL) {
			if ((rc = journal_record(&d, kind, pl, plen, at, recno, &seen_entry, &e)))
				break;
		} else if (kind == SILB_K_BASE && recno == 2) {
			if ((rc = archive_base(&d, pl, plen, at, recno, &e)))
				goto fatal;   /* nothing modelled after it could be read */
		} else if ((kind == SILB_K_SEGMENT || kind == SILB_K_MSEGMENT ||
		            (kind == SILB_K_PSEGMENT && dict)) && stage == 0) {
			seg_undo = d.log->n;
			if ((rc = kind == SILB_K_SEGMENT ? archive_segment(&d, pl, plen, at, recno, &e)
			    : archive_msegment(&d, kind, pl, plen, at, recno, &e))) {
				/* a segment is handed to the sink only once it is whole: one
				 * that fails to decode was not seen, one the sink refused was */
				if (sink && (d.sink_failed || !(flags & SL_SILB_RECOVER)))
					goto fatal;
				d.log->n = seg_undo;   /* keep whole segments only */
				if (!sink)
					retrack(&d);
				break;
			}
		} else if (kind == SILB_K_TAIL && stage == 0) {
			sl_reader r;
			const char *s;
			size_t sn;
			sl_reader_init(&r, pl, plen);
			if (silb_get_str(&r, &s, &sn) || r.pos != r.len || !sl_text_ok(s, sn, 1)) {
				rc = silb_fail(&e, d.name, at, SL_EFORMAT, "record %zu (kind TAIL): not '#' comment lines", recno);
				break;
			}
			sl_free(d.log->tail_comment);
			if (!(d.log->tail_comment = sl_strndup(s, sn))) {
				rc = silb_fail(&e, d.name, at, SL_ENOMEM, "out of memory");
				break;
			}
		} else if (kind == SILB_K_INDEX && stage == 0) {
			if ((rc = archive_index(&d, pl, plen, at, recno, &e)))
				break;
			index_off = pos;
			index_len = (size_t)len;
			stage = dict ? 2 : 1;   /* a member ends with its INDEX */
		} else if (kind == SILB_K_TRAILER && stage == 1) {
			sl_reader r;
			uint64_t io;
			uint32_t il, res;
			sl_reader_init(&r, pl, plen);
			io = sl_read_u64le(&r);
			il = sl_read_u32le(&r);
			res = sl_read_u32le(&r);
			if (plen != SILB_TRAILER_LEN || io != index_off || il != index_len || res != 0) {
				rc = silb_fail(&e, d.name, at, SL_EFORMAT,
					"record %zu (kind TRAILER): it does not point at the INDEX record", recno);
				break;
			}
			stage = 2;
		} else {
			rc = silb_fail(&e, d.name, at, SL_EFORMAT, "record %zu: a %s record %s", recno,
				silb_kind_name(kind), stage ? "after the INDEX" : dict ? "in a member of an archive"
				: "in an archive");
			break;
		}
		pos += (size_t)len;
		good = pos;
		if (stage == 2 && pos < n) {
			rc = silb_fail(&e, d.name, pos + org, SL_EFORMAT, "%zu bytes after the %s", n - pos,
				dict ? "member's INDEX" : "TRAILER");
			break;
		}
	}
	if (rc == SL_OK && !d.log)
		rc = silb_fail(&e, d.name, pos + org, SL_EFORMAT, "no HEADER record");
	if (!d.log)
		goto fatal;
	if (rc == SL_OK && form == SL_SILB_ARCHIVE && stage != 2)
		rc = silb_fail(&e, d.name, n + org, SL_EFORMAT, "the %s is cut short: no %s at %s end",
			dict ? "member" : "archive", dict ? "INDEX" : stage ? "TRAILER" : "INDEX and TRAILER",
			dict ? "its" : "the");
	info->valid_bytes = good;
	if (rc != SL_OK) {
		if (!(flags & SL_SILB_RECOVER) || rc == SL_ENOMEM)
			goto fatal;
		info->damaged = 1;
		info->damage = e;
		rc = SL_OK;
	}
	model_free(&d);
	sl_strtab_free(&d.c.tab);
	sl_free(d.segs);
	*out = d.log;
	return SL_OK;
fatal:
	if (err && !err->code)
		*err = e;
	model_free(&d);
	sl_strtab_free(&d.c.tab);
	sl_free(d.segs);
	sl_log_free(d.log);
	return rc ? rc : SL_EFORMAT;
}

int sl_silb_read(sl_log **out, const char *name, const void *data, size_t n,
	unsigned flags, sl_silb_info *info, sl_error *err)
{
	return read_all(out, name, data, n, flags, info, NULL, NULL, NULL, 0, err);
}

int silb_member_read(sl_log **out, const char *name, const uint8_t *data, size_t n, size_t org,
	const silb_dict *d, unsigned flags, sl_silb_info *info, sl_silb_sink sink, void *ud, sl_error *err)
{
	return read_all(out, name, data, n, flags, info, sink, ud, d, org, err);
}

/* FILE:NAME, a game of an archive of many games: read alone. 1 when path
 * is not one (nothing done), else the result. */
static int member_read(sl_log **out, const char *path, unsigned flags, sl_silb_info *info,
	sl_silb_sink fn, void *ud, sl_error *err)
{
	sl_sila *a;
	size_t i;
	char *file, *member;
	int rc;
	if (!sl_sila_member_path(path, &file, &member))
		return 1;
	sl_free(file);
	sl_free(member);
	if ((rc = sl_sila_open_member(&a, &i, path, err)))
		return rc;
	rc = sl_sila_read(a, i, out, flags, info, fn, ud, err);
	sl_sila_close(a);
	return rc;
}

int sl_silb_stream(sl_log **out, const char *path, sl_silb_sink fn, void *ud,
	sl_silb_info *info, sl_error *err)
{
	char *data;
	size_t n;
	int rc;
	*out = NULL;
	if ((rc = member_read(out, path, 0, info, fn, ud, err)) != 1)
		return rc;
	rc = sl_read_file(path, SL_SILB_MAX_FILE, &data, &n, err);
	if (rc)
		return rc;
	rc = sl_silb_stream_mem(out, path, data, n, fn, ud, info, err);
	sl_free(data);
	return rc;
}

int sl_silb_stream_mem(sl_log **out, const char *path, const void *bytes, size_t n,
	sl_silb_sink fn, void *ud, sl_silb_info *info, sl_error *err)
{
	return sl_silb_stream_flags(out, path, bytes, n, 0, fn, ud, info, err);
}

int sl_silb_stream_flags(sl_log **out, const char *path, const void *bytes, size_t n,
	unsigned flags, sl_silb_sink fn, void *ud, sl_silb_info *info, sl_error *err)
{
	const uint8_t *data = bytes;
	int rc;
	*out = NULL;
	if (n > SILB_FILE_HEADER && data[9] == SL_SILB_JOURNAL) {
		/* a journal may undo: read it whole, then hand it over at once */
		rc = read_all(out, path, data, n, flags, info, NULL, NULL, NULL, 0, err);
		if (rc == SL_OK && ((rc = fn(ud, *out, NULL, 0, err)) ||
		    (rc = fn(ud, *out, (*out)->ev, (*out)->n, err)))) {
			sl_log_free(*out);
			*out = NULL;
		}
	} else {
		rc = read_all(out, path, data, n, flags, info, fn, ud, NULL, 0, err);
	}
	return rc;
}

int sl_silb_load(sl_log **out, const char *path, unsigned flags, sl_silb_info *info,
	sl_error *err)
{
	char *data;
	size_t n;
	int rc;
	*out = NULL;
	if ((rc = member_read(out, path, flags, info, NULL, NULL, err)) != 1)
		return rc;
	rc = sl_read_file(path, SL_SILB_MAX_FILE, &data, &n, err);
	if (rc)
		return rc;
	rc = sl_silb_read(out, path, data, n, flags, info, err);
	sl_free(data);
	return rc;
}
