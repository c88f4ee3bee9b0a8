/* silb_many.c - archives of many games (form 2 of .silb, formats/silb.md
 * "Archives of many games"): a dictionary of games that primes the models,
 * one member per game decodable with the dictionary and itself, and a
 * directory found from the trailer. */
#include "silb_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define MANY_MAX_PRIMERS 64          /* games in one dictionary (a reader's bound) */
#define MANY_MAX_DIR (16u << 20)     /* inflated bytes of a directory */
#define MANY_MIN_MEMBER (2 * SILB_FRAME + 4)   /* MHEADER and INDEX at least */
#define MANY_MIN_MEMBER1 (SILB_FRAME + 1)      /* a MEMBER or DGAME record at least */

/* ---- deflate with a preset dictionary --------------------------------------------- */

int silb_deflate_dict(sl_buf *out, const uint8_t *p, size_t n, const uint8_t *dict, size_t ndict)
{
	z_stream z;
	size_t at;
	int zrc;
	sl_buf_uvarint(out, n);
	at = out->len;
	if (sl_buf_reserve(out, compressBound((uLong)n) + 16))
		return SL_ENOMEM;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		return SL_ENOMEM;
	if (ndict && deflateSetDictionary(&z, dict, (uInt)ndict) != Z_OK) {
		deflateEnd(&z);
		return SL_ENOMEM;
	}
	z.next_in = (Bytef *)(uintptr_t)p;
	z.avail_in = (uInt)n;
	z.next_out = out->data + at;
	z.avail_out = (uInt)(out->cap - at);
	zrc = deflate(&z, Z_FINISH);
	out->len = at + z.total_out;
	deflateEnd(&z);
	return zrc == Z_STREAM_END && !out->failed ? SL_OK : SL_ENOMEM;
}

int silb_inflate_dict(const uint8_t *zp, size_t nz, size_t want, const uint8_t *dict, size_t ndict,
	uint8_t **out, char *msg, size_t msgn)
{
	z_stream z;
	int zrc;
	*out = NULL;
	/* deflate gives at most about 1032:1; a larger claim is not a stream */
	if (want > (uint64_t)nz * 1040 + 64) {
		snprintf(msg, msgn, "%zu bytes declared from %zu deflated: not a deflate ratio", want, nz);
		return -1;
	}
	*out = sl_malloc(want + 1);
	if (!*out) {
		snprintf(msg, msgn, "out of memory");
		return SL_ENOMEM;
	}
	memset(&z, 0, sizeof z);
	z.zalloc = silb_zalloc;
	z.zfree = silb_zfree;
	if (inflateInit2(&z, -15) != Z_OK || (ndict && inflateSetDictionary(&z, dict, (uInt)ndict) != Z_OK)) {
		inflateEnd(&z);
		sl_free(*out);
		*out = NULL;
		snprintf(msg, msgn, "out of memory");
		return SL_ENOMEM;
	}
	z.next_in = (Bytef *)(uintptr_t)zp;
	z.avail_in = (uInt)nz;
	z.next_out = *out;
	z.avail_out = (uInt)want + 1;
	zrc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	if (zrc != Z_STREAM_END || z.total_out != want || z.avail_in) {
		sl_free(*out);
		*out = NULL;
		if (zrc == Z_MEM_ERROR) {
			snprintf(msg, msgn, "out of memory");
			return SL_ENOMEM;
		}
		snprintf(msg, msgn, "its deflated bytes do not inflate to exactly %zu bytes", want);
		return -1;
	}
	return 0;
}

/* ---- names --------------------------------------------------------------------------- */

int sl_sila_name_ok(const char *s, size_t n)
{
	if (n == 0 || n > SL_SILA_NAME_MAX || s[0] == '.' || s[0] == '-')
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-' || c == '.'))
			return 0;
	}
	return 1;
}

/* ---- the dictionary -------------------------------------------------------------------- */

static void dict_free(silb_dict *d)
{
	for (size_t i = 0; i < d->ngames; i++)
		sl_log_free(d->games[i]);
	sl_free(d->games);
	sl_mcs_snap_free(d->snap);
	sl_free(d->hdict);
	memset(d, 0, sizeof *d);
}

/* hdict: the headers so far and h, the last SL_MCS_SNAP_STRINGS bytes. */
static int dict_add_header(silb_dict *d, const uint8_t *h, size_t n)
{
	size_t keep = d->nhdict + n < SL_MCS_SNAP_STRINGS ? d->nhdict + n : SL_MCS_SNAP_STRINGS;
	size_t from_h = n < keep ? n : keep, from_old = keep - from_h;
	uint8_t *b = sl_malloc(keep ? keep : 1);
	if (!b)
		return SL_ENOMEM;
	if (from_old)
		memcpy(b, d->hdict + d->nhdict - from_old, from_old);
	if (from_h)
		memcpy(b + from_old, h + n - from_h, from_h);
	sl_free(d->hdict);
	d->hdict = b;
	d->nhdict = keep;
	d->nlast = n <= keep ? n : 0;
	return SL_OK;
}

/* ---- writing -------------------------------------------------------------------------- */

typedef struct wmember {
	char *name;
	size_t off, bytes, index_bytes;
	uint64_t events, turns;
} wmember;

struct sl_sila_writer {
	char game[64];
	int rules;
	silb_dict dict;
	sl_buf *ptext;             /* the dictionary's games as canonical text (none when appending) */
	size_t nptext;
	sl_buf out;                /* the bytes after `base`: DICT (new), members */
	size_t base;               /* file offset of out's first byte */
	size_t dict_end;           /* where members may start */
	wmember *m;
	size_t n, cap;
	int fd;                    /* appending: the archive, written in place */
	char *path;
	size_t nold;               /* appending: the games it held */
};

void sl_sila_writer_free(sl_sila_writer *w)
{
	if (!w)
		return;
	dict_free(&w->dict);
	for (size_t i = 0; i < w->nptext; i++)
		sl_buf_free(&w->ptext[i]);
	sl_free(w->ptext);
	sl_buf_free(&w->out);
	for (size_t i = 0; i < w->n; i++)
		sl_free(w->m[i].name);
	sl_free(w->m);
	if (w->fd >= 0)
		close(w->fd);
	sl_free(w->path);
	sl_free(w);
}

static int same_game(const sl_sila_writer *w, const sl_log *log, sl_error *err)
{
	if (strcmp(log->h.game, w->game) || log->h.rules_version != w->rules)
		return sl_error_set(err, SL_EUSAGE, "%s: a %s game (rules %d), and the archive holds %s games "
			"(rules %d): an archive holds games of one rules module",
			log->name ? log->name : "the log", log->h.game, log->h.rules_version, w->game, w->rules);
	return SL_OK;
}

/* The records of a member written alone, split: *seg the first segment's
 * payload (NULL if none). */
static int first_segment(const sl_buf *b, const uint8_t **seg, size_t *nseg)
{
	size_t pos = 0;
	*seg = NULL;
	*nseg = 0;
	while (pos + SILB_FRAME <= b->len) {
		uint32_t len = (uint32_t)b->data[pos + 1] | (uint32_t)b->data[pos + 2] << 8 |
			(uint32_t)b->data[pos + 3] << 16 | (uint32_t)b->data[pos + 4] << 24;
		int kind = b->data[pos];
		if (kind == SILB_K_MSEGMENT || kind == SILB_K_PSEGMENT) {
			*seg = b->data + pos + 5;
			*nseg = len;
			return SL_OK;
		}
		if (kind == SILB_K_BASE || kind == SILB_K_SEGMENT)
			return SL_EUSAGE;
		pos += len + SILB_FRAME;
	}
	return SL_OK;
}

int sl_sila_writer_new(sl_sila_writer **out, const sl_log *const *primers, size_t np, sl_error *err)
{
	sl_sila_writer *w;
	sl_buf pay, one, hdr;
	int rc = SL_OK;
	*out = NULL;
	if (np == 0 || np > MANY_MAX_PRIMERS)
		return sl_error_set(err, SL_EUSAGE, "an archive's dictionary primes on 1 to %d games",
			MANY_MAX_PRIMERS);
	w = sl_calloc(1, sizeof *w);
	if (!w)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	w->fd = -1;
	sl_buf_init(&w->out);
	snprintf(w->game, sizeof w->game, "%s", primers[0]->h.game);
	w->rules = primers[0]->h.rules_version;
	sl_buf_init(&pay);
	sl_buf_init(&one);
	sl_buf_init(&hdr);
	silb_put_file_header(&w->out, SL_SILB_MANY, SL_SILB_VERSION);
	silb_put_str(&pay, w->game, strlen(w->game));
	sl_buf_uvarint(&pay, (uint64_t)w->rules);
	sl_buf_uvarint(&pay, np);
	if (!(w->ptext = sl_calloc(np, sizeof *w->ptext))) {
		sl_sila_writer_free(w);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	w->nptext = np;
	for (size_t i = 0; i < np && !rc; i++) {
		const sl_log *log = primers[i];
		const uint8_t *seg;
		size_t nseg;
		sl_mcs_snap *snap = NULL;
		uint64_t ih = silb_init_hash(log);
		if ((rc = same_game(w, log, err)))
			break;
		sl_buf_reset(&one);
		sl_buf_reset(&hdr);
		silb_put_header(&hdr, &log->h, ih);
		/* a game of no entries primes only the headers */
		if (log->n && (rc = silb_member_write(log, &w->dict, &one, &snap, err)))
			break;
		if (first_segment(&one, &seg, &nseg)) {
			sl_mcs_snap_free(snap);
			rc = sl_error_set(err, SL_EUSAGE, "a dictionary's game must fit one modelled segment");
			break;
		}
		sl_buf_u8(&pay, (uint8_t)log->h.format_version);
		sl_buf_uvarint(&pay, hdr.len);
		sl_buf_put(&pay, hdr.data, hdr.len);
		sl_buf_uvarint(&pay, nseg);
		sl_buf_put(&pay, seg, nseg);
		if (snap) {
			sl_mcs_snap_free(w->dict.snap);
			w->dict.snap = snap;
		}
		if (hdr.failed || dict_add_header(&w->dict, hdr.data, hdr.len))
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		/* a member that is this game is written as a DGAME */
		if (!rc && log->n && (sl_sil_write(log, &w->ptext[i]) || w->ptext[i].failed))
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	if (!rc && pay.len > SL_SILB_MAX_RECORD)
		rc = sl_error_set(err, SL_ELIMIT, "a dictionary of %zu bytes, more than a record holds", pay.len);
	if (!rc) {
		silb_put_record(&w->out, SILB_K_DICT, pay.data, pay.len);
		if (pay.failed || w->out.failed)
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	sl_buf_free(&pay);
	sl_buf_free(&one);
	sl_buf_free(&hdr);
	if (rc) {
		sl_sila_writer_free(w);
		return rc;
	}
	w->dict_end = w->out.len;
	*out = w;
	return SL_OK;
}

/* log as a DGAME record when it is one of the dictionary's games (the same
 * canonical text): 1 written, 0 not one, or a negative code. */
static int dgame_write(sl_sila_writer *w, const sl_log *log, sl_error *err)
{
	sl_buf t, pay;
	int rc = 0;
	if (!w->nptext || !log->n)
		return 0;
	sl_buf_init(&t);
	sl_buf_init(&pay);
	if (sl_sil_write(log, &t) || t.failed)
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	for (size_t i = 0; !rc && i < w->nptext; i++)
		if (w->ptext[i].len == t.len && t.len && memcmp(w->ptext[i].data, t.data, t.len) == 0) {
			sl_buf_uvarint(&pay, i + 1);
			if (log->tail_comment)
				silb_put_str(&pay, log->tail_comment, strlen(log->tail_comment));
			silb_put_record(&w->out, SILB_K_DGAME, pay.data, pay.len);
			rc = pay.failed || w->out.failed ? sl_error_set(err, SL_ENOMEM, "out of memory") : 1;
		}
	sl_buf_free(&t);
	sl_buf_free(&pay);
	return rc;
}

int sl_sila_writer_add(sl_sila_writer *w, const char *name, const sl_log *log, sl_error *err)
{
	size_t at = w->out.len, pos, idx = 0;
	int rc;
	if (!sl_sila_name_ok(name, strlen(name)))
		return sl_error_set(err, SL_EUSAGE, "'%s' cannot name a game of an archive: 1 to %d of "
			"A-Z a-z 0-9 _ - . (not first: . -)", name, SL_SILA_NAME_MAX);
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(w->m[i].name, name) == 0)
			return sl_error_set(err, SL_EUSAGE, "the archive already holds a game named '%s'", name);
	if ((rc = same_game(w, log, err)))
		return rc;
	if (w->n >= SL_SILA_MAX_MEMBERS)
		return sl_error_set(err, SL_ELIMIT, "more than %u games in one archive", SL_SILA_MAX_MEMBERS);
	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 64;
		wmember *m = sl_realloc(w->m, cap * sizeof *m);
		if (!m)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		w->m = m;
		w->cap = cap;
	}
	if ((rc = dgame_write(w, log, err)) < 0 || (rc == 0 && (rc = silb_member_write(log, &w->dict, &w->out, NULL, err)))) {
		w->out.len = at;
		return rc;
	}
	/* the INDEX is the member's last record (none: a MEMBER or DGAME record) */
	for (pos = at; w->out.data[at] != SILB_K_MEMBER && w->out.data[at] != SILB_K_DGAME &&
	     pos + SILB_FRAME <= w->out.len;) {
		uint32_t len = (uint32_t)w->out.data[pos + 1] | (uint32_t)w->out.data[pos + 2] << 8 |
			(uint32_t)w->out.data[pos + 3] << 16 | (uint32_t)w->out.data[pos + 4] << 24;
		idx = len + SILB_FRAME;
		pos += idx;
	}
	wmember *m = &w->m[w->n];
	memset(m, 0, sizeof *m);
	if (!(m->name = sl_strdup(name))) {
		w->out.len = at;
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	m->off = w->base + at;
	m->bytes = w->out.len - at;
	m->index_bytes = idx;
	for (size_t i = 0; i < log->n; i++)
		if (log->ev[i].entry == SL_ENTRY_EVENT)
			m->events++;
		else if (log->ev[i].entry == SL_ENTRY_TURN)
			m->turns = (uint64_t)log->ev[i].mark;
	w->n++;
	return SL_OK;
}

/* DIRECTORY and TRAILER for the members, appended to b (at file offset off). */
static int put_directory(const sl_sila_writer *w, sl_buf *b, size_t off)
{
	sl_buf raw, pay;
	size_t end = w->dict_end, dir_at;
	int rc = SL_OK;
	sl_buf_init(&raw);
	sl_buf_init(&pay);
	for (size_t i = 0; i < w->n; i++) {
		const wmember *m = &w->m[i];
		silb_put_str(&raw, m->name, strlen(m->name));
		sl_buf_uvarint(&raw, m->off - end);
		sl_buf_uvarint(&raw, m->bytes);
		sl_buf_uvarint(&raw, m->index_bytes);
		sl_buf_uvarint(&raw, m->events);
		sl_buf_uvarint(&raw, m->turns);
		end = m->off + m->bytes;
	}
	sl_buf_uvarint(&pay, w->n);
	if (raw.failed || silb_deflate_dict(&pay, raw.data, raw.len, NULL, 0) || pay.len > SL_SILB_MAX_RECORD)
		rc = SL_ENOMEM;
	dir_at = off + b->len;
	silb_put_record(b, SILB_K_DIRECTORY, pay.data, pay.len);
	sl_buf_reset(&raw);
	sl_buf_u64le(&raw, dir_at);
	sl_buf_u32le(&raw, (uint32_t)(pay.len + SILB_FRAME));
	sl_buf_u32le(&raw, 0);
	silb_put_record(b, SILB_K_TRAILER, raw.data, raw.len);
	if (raw.failed || b->failed)
		rc = SL_ENOMEM;
	sl_buf_free(&raw);
	sl_buf_free(&pay);
	return rc;
}

int sl_sila_writer_finish(sl_sila_writer *w, sl_buf *out, sl_error *err)
{
	int rc;
	if (w->fd >= 0 && w->n == w->nold) {
		/* nothing to add: the archive as its last trailer left it (an
		 * append cut short is undone), not a byte more */
		if (ftruncate(w->fd, (off_t)w->base) != 0 || fsync(w->fd) != 0)
			rc = sl_error_set(err, SL_EIO, "%s: %s", w->path, strerror(errno));
		else
			rc = SL_OK;
		sl_sila_writer_free(w);
		return rc;
	}
	rc = put_directory(w, &w->out, w->base);
	if (rc) {
		sl_sila_writer_free(w);
		return sl_error_set(err, rc, "out of memory");
	}
	if (w->fd < 0) {
		sl_buf_put(out, w->out.data, w->out.len);
		sl_sila_writer_free(w);
		return out->failed ? sl_error_set(err, SL_ENOMEM, "out of memory") : SL_OK;
	}
	/* appending: the new members, directory and trailer over the old
	 * directory; what lies before it is not touched */
	for (size_t done = 0; done < w->out.len;) {
		ssize_t k = pwrite(w->fd, w->out.data + done, w->out.len - done, (off_t)(w->base + done));
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			rc = sl_error_set(err, SL_EIO, "%s: write error: %s", w->path, strerror(errno));
			sl_sila_writer_free(w);
			return rc;
		}
		done += (size_t)k;
	}
	if (ftruncate(w->fd, (off_t)(w->base + w->out.len)) != 0 || fsync(w->fd) != 0) {
		rc = sl_error_set(err, SL_EIO, "%s: %s", w->path, strerror(errno));
		sl_sila_writer_free(w);
		return rc;
	}
	sl_sila_writer_free(w);
	return SL_OK;
}

/* ---- reading ----------------------------------------------------------------------------- */

struct sl_sila {
	int fd;
	size_t size;
	char *path;
	char game[64];
	int rules;
	size_t dict_off, dict_len;   /* the DICT record, framed */
	size_t dir_off;              /* the DIRECTORY record */
	size_t nprimers;
	sl_sila_member *m;
	size_t n;
	char *names;                 /* the directory's inflated bytes: names point here */
	int dict_read;               /* 1 once the dictionary is decoded */
	silb_dict dict;
	sl_error dict_err;           /* why it could not be */
};

/* The record at off (len bytes framed, of kind want) into *buf. */
static int read_rec(const sl_sila *a, size_t off, size_t len, int want, uint8_t **buf,
	const uint8_t **pl, size_t *plen, sl_error *err)
{
	int kind, rc;
	*buf = NULL;
	if (len < SILB_FRAME || len > SL_SILB_MAX_RECORD + SILB_FRAME || off > a->size || len > a->size - off)
		return silb_fail(err, a->path, off, SL_EFORMAT, "a %s record out of the file's bounds",
			silb_kind_name(want));
	if (!(*buf = sl_malloc(len)))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	if ((rc = silb_pread(a->fd, off, *buf, len, a->path, err)))
		return rc;
	if (silb_parse_record(*buf, len, off, 0, a->path, &kind, pl, plen, err) < 0)
		return err->code;
	if (kind != want)
		return silb_fail(err, a->path, off, SL_EFORMAT, "expected a %s record here", silb_kind_name(want));
	return SL_OK;
}

void sl_sila_close(sl_sila *a)
{
	if (!a)
		return;
	if (a->fd >= 0)
		close(a->fd);
	dict_free(&a->dict);
	sl_free(a->m);
	sl_free(a->names);
	sl_free(a->path);
	sl_free(a);
}

static int cmp_name(const void *x, const void *y)
{
	const sl_sila_member *const *p = x, *const *q = y;
	return strcmp((*p)->name, (*q)->name);
}

static int load_directory(sl_sila *a, const uint8_t *pl, size_t plen, size_t off, sl_error *err)
{
	sl_reader r, d;
	uint64_t n, raw;
	size_t end = a->dict_off + a->dict_len, at = 0;
	char msg[200];
	uint8_t *bytes = NULL;
	const sl_sila_member **by = NULL;
	int rc;
	sl_reader_init(&r, pl, plen);
	n = sl_read_uvarint(&r);
	raw = sl_read_uvarint(&r);
	if (r.err || n > SL_SILA_MAX_MEMBERS || n * MANY_MIN_MEMBER1 > a->size || raw > MANY_MAX_DIR)
		return silb_fail(err, a->path, off, SL_EFORMAT, "the DIRECTORY: %llu games in %llu "
			"bytes: out of range for the file", (unsigned long long)n, (unsigned long long)raw);
	if ((rc = silb_inflate_dict(pl + r.pos, plen - r.pos, (size_t)raw, NULL, 0, &bytes, msg, sizeof msg)))
		return silb_fail(err, a->path, off, rc == SL_ENOMEM ? rc : SL_EFORMAT, "the DIRECTORY: %s", msg);
	a->n = (size_t)n;
	a->m = sl_calloc(a->n ? a->n : 1, sizeof *a->m);
	a->names = sl_malloc((size_t)raw + a->n + 1);
	if (!a->m || !a->names) {
		sl_free(bytes);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	sl_reader_init(&d, bytes, (size_t)raw);
	rc = SL_OK;
	for (size_t i = 0; i < a->n && !rc; i++) {
		sl_sila_member *m = &a->m[i];
		uint64_t nl = sl_read_uvarint(&d), gap, mb, idx, ev, tu;
		const uint8_t *s = d.err || nl > d.len - d.pos ? NULL : sl_read_bytes(&d, (size_t)nl);
		gap = sl_read_uvarint(&d);
		mb = sl_read_uvarint(&d);
		idx = sl_read_uvarint(&d);
		ev = sl_read_uvarint(&d);
		tu = sl_read_uvarint(&d);
		if (d.err || !s)
			rc = silb_fail(err, a->path, off, SL_EFORMAT, "the DIRECTORY: game %zu is cut short", i + 1);
		else if (!sl_sila_name_ok((const char *)s, (size_t)nl))
			rc = silb_fail(err, a->path, off, SL_EFORMAT, "the DIRECTORY: game %zu has no valid name", i + 1);
		else if (gap > a->size || mb < (idx ? MANY_MIN_MEMBER : MANY_MIN_MEMBER1) || mb > a->size ||
		    end + gap + mb > off || (idx && idx < SILB_FRAME) || idx > mb - SILB_FRAME ||
		    ev > SL_LOG_MAX_ENTRIES || tu > 1000000)
			rc = silb_fail(err, a->path, off, SL_EFORMAT,
				"the DIRECTORY: game %zu (%.*s) lies outside the file's members", i + 1, (int)nl,
				(const char *)s);
		if (rc)
			break;
		memcpy(a->names + at, s, (size_t)nl);
		a->names[at + nl] = 0;
		m->name = a->names + at;
		at += (size_t)nl + 1;
		m->offset = end + (size_t)gap;
		m->bytes = (size_t)mb;
		m->index_bytes = (size_t)idx;
		m->events = (long)ev;
		m->turns = (int)tu;
		end = m->offset + m->bytes;
	}
	if (!rc && d.pos != d.len)
		rc = silb_fail(err, a->path, off, SL_EFORMAT, "the DIRECTORY: %zu bytes after its games", d.len - d.pos);
	sl_free(bytes);
	if (rc)
		return rc;
	/* names are unique: a member is addressed by its name */
	if (a->n > 1) {
		if (!(by = sl_malloc(a->n * sizeof *by)))
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		for (size_t i = 0; i < a->n; i++)
			by[i] = &a->m[i];
		qsort(by, a->n, sizeof *by, cmp_name);
		for (size_t i = 1; i < a->n && !rc; i++)
			if (strcmp(by[i - 1]->name, by[i]->name) == 0)
				rc = silb_fail(err, a->path, off, SL_EFORMAT, "the DIRECTORY: two games named '%s'",
					by[i]->name);
		sl_free(by);
	}
	return rc;
}

/* The file header, trailer, directory and the DICT's first fields (not
 * its primers, decoded when a member is read). */
/* end: the file's end to take (0: its size), so that an archive whose
 * last append was cut short can be opened at its last trailer. The fd is
 * the archive's from here on, closed by sl_sila_close (or on failure
 * unless keep_fd). */
static int sila_open_fd(sl_sila **out, const char *path, int fd, size_t end, int keep_fd, sl_error *err)
{
	sl_sila *a;
	enum { TR = SILB_FRAME + SILB_TRAILER_LEN };   /* the TRAILER record's bytes */
	uint8_t fh[SILB_FILE_HEADER], *buf = NULL;
	const uint8_t *pl;
	size_t plen;
	struct stat sb;
	int form, rc;
	*out = NULL;
	a = sl_calloc(1, sizeof *a);
	if (!a) {
		if (!keep_fd)
			close(fd);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	a->fd = fd;
	if (!(a->path = sl_strdup(path))) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		goto fail;
	}
	if (fstat(a->fd, &sb) != 0 || sb.st_size < 0) {
		rc = sl_error_set(err, SL_EIO, "%s: cannot stat: %s", path, strerror(errno));
		goto fail;
	}
	a->size = (size_t)sb.st_size;
	if (end && end < a->size)
		a->size = end;
	if (a->size > SL_SILB_MAX_FILE) {
		rc = silb_fail(err, path, 0, SL_ELIMIT, "the file is larger than %u bytes", SL_SILB_MAX_FILE);
		goto fail;
	}
	if ((rc = silb_pread(a->fd, 0, fh, a->size < sizeof fh ? a->size : sizeof fh, path, err)) ||
	    (rc = silb_check_file_header(fh, a->size < sizeof fh ? a->size : sizeof fh, path, &form, err)))
		goto fail;
	if (form != SL_SILB_MANY) {
		rc = silb_fail(err, path, 9, SL_EFORMAT, "not an archive of many games (form %d)", form);
		goto fail;
	}
	if (a->size < SILB_FILE_HEADER + 2 * SILB_FRAME + TR) {
		rc = silb_fail(err, path, a->size, SL_EFORMAT, "the archive is cut short: no TRAILER at the end");
		goto fail;
	}
	{   /* the DICT record: right after the file header */
		uint8_t fr[5];
		uint32_t len;
		if ((rc = silb_pread(a->fd, SILB_FILE_HEADER, fr, 5, path, err)))
			goto fail;
		len = (uint32_t)fr[1] | (uint32_t)fr[2] << 8 | (uint32_t)fr[3] << 16 | (uint32_t)fr[4] << 24;
		if (fr[0] != SILB_K_DICT || len > SL_SILB_MAX_RECORD ||
		    SILB_FILE_HEADER + (size_t)len + SILB_FRAME > a->size - TR) {
			rc = silb_fail(err, path, SILB_FILE_HEADER, SL_EFORMAT, "the first record is not a DICT");
			goto fail;
		}
		a->dict_off = SILB_FILE_HEADER;
		a->dict_len = len + SILB_FRAME;
	}
	{   /* the trailer, the directory */
		size_t dof;
		uint32_t dl;
		if ((rc = silb_read_trailer(a->fd, a->size, a->dict_off + a->dict_len, 1, path, &dof, &dl, err)) ||
		    (rc = read_rec(a, dof, dl, SILB_K_DIRECTORY, &buf, &pl, &plen, err)) ||
		    (rc = load_directory(a, pl, plen, dof, err)))
			goto fail;
		a->dir_off = dof;
		sl_free(buf);
		buf = NULL;
	}
	{   /* the DICT's game, without decoding its primers */
		uint8_t head[96];
		size_t k = a->dict_len - SILB_FRAME < sizeof head ? a->dict_len - SILB_FRAME : sizeof head;
		sl_reader r;
		const char *g;
		size_t gn;
		uint64_t rules, np;
		if ((rc = silb_pread(a->fd, a->dict_off + 5, head, k, path, err)))
			goto fail;
		sl_reader_init(&r, head, k);
		if (silb_get_str(&r, &g, &gn) || !sl_id_ok(g, gn) || (rules = sl_read_uvarint(&r), r.err) ||
		    rules > 1000000 || (np = sl_read_uvarint(&r), r.err) || np > MANY_MAX_PRIMERS) {
			rc = silb_fail(err, path, a->dict_off, SL_EFORMAT,
				"record 1 (kind DICT): its game, rules and count of games are not readable");
			goto fail;
		}
		memcpy(a->game, g, gn);
		a->game[gn] = 0;
		a->rules = (int)rules;
		a->nprimers = (size_t)np;
	}
	*out = a;
	return SL_OK;
fail:
	sl_free(buf);
	if (keep_fd)
		a->fd = -1;
	sl_sila_close(a);
	return rc;
}

int sl_sila_open(sl_sila **out, const char *path, sl_error *err)
{
	int fd = open(path, O_RDONLY);
	*out = NULL;
	if (fd < 0)
		return sl_error_set(err, errno == ENOENT ? SL_EFORMAT : SL_EIO, "%s: cannot open: %s", path,
			strerror(errno));
	return sila_open_fd(out, path, fd, 0, 0, err);
}

size_t sl_sila_count(const sl_sila *a) { return a->n; }
const sl_sila_member *sl_sila_at(const sl_sila *a, size_t i) { return i < a->n ? &a->m[i] : NULL; }
const char *sl_sila_game(const sl_sila *a) { return a->game; }
size_t sl_sila_dict_bytes(const sl_sila *a) { return a->dict_len; }
size_t sl_sila_primers(const sl_sila *a) { return a->nprimers; }
size_t sl_sila_file_bytes(const sl_sila *a) { return a->size; }

long sl_sila_find(const sl_sila *a, const char *name)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->m[i].name, name) == 0)
			return (long)i;
	return -1;
}

/* Decodes the DICT's primers into a->dict, once: each primer's segment from
 * the models the primers before it left. */
static int dict_decode(sl_sila *a, sl_error *err)
{
	uint8_t *buf = NULL;
	const uint8_t *pl;
	size_t plen;
	sl_reader r;
	char msg[256];
	int rc;
	if (a->dict_read)
		return a->dict_err.code ? (*err = a->dict_err, a->dict_err.code) : SL_OK;
	a->dict_read = 1;
	sl_error_clear(&a->dict_err);
	if ((rc = read_rec(a, a->dict_off, a->dict_len, SILB_K_DICT, &buf, &pl, &plen, &a->dict_err)))
		goto out;
	if (!(a->dict.games = sl_calloc(a->nprimers ? a->nprimers : 1, sizeof *a->dict.games))) {
		rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_ENOMEM, "out of memory");
		goto out;
	}
	a->dict.ngames = a->nprimers;
	sl_reader_init(&r, pl, plen);
	{
		const char *g;
		size_t gn;
		(void)silb_get_str(&r, &g, &gn);
		(void)sl_read_uvarint(&r);
		(void)sl_read_uvarint(&r);
	}
	for (size_t i = 0; i < a->nprimers && !rc; i++) {
		int fmt = sl_read_u8(&r);
		uint64_t hl = sl_read_uvarint(&r), sn;
		const uint8_t *hp = r.err || hl > r.len - r.pos ? NULL : sl_read_bytes(&r, (size_t)hl);
		const uint8_t *sp;
		sl_reader hr;
		sl_header h;
		uint64_t ih;
		sl_log *log = NULL;
		sl_mcs *mcs = NULL;
		void *init = NULL, *st = NULL;
		const sl_game *g;
		silb_mseg sg;
		sl_mcs_snap *snap = NULL;
		sn = sl_read_uvarint(&r);
		sp = r.err || sn > r.len - r.pos ? NULL : sl_read_bytes(&r, (size_t)sn);
		if (!hp || !sp || fmt < 1 || fmt > SL_SILB_VERSION) {
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_EFORMAT,
				"record 1 (kind DICT): game %zu of %zu is cut short", i + 1, a->nprimers);
			break;
		}
		sl_reader_init(&hr, hp, (size_t)hl);
		if (silb_get_header(&hr, &h, &ih, msg, sizeof msg) || hr.pos != hr.len) {
			sl_header_free(&h);
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_EFORMAT,
				"record 1 (kind DICT): game %zu: its header: %s", i + 1, hr.pos != hr.len ? "bytes after it" : msg);
			break;
		}
		h.format_version = fmt;
		if (strcmp(h.game, a->game) || h.rules_version != a->rules ||
		    !(g = sl_game_find_version(h.game, h.rules_version))) {
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_EFORMAT,
				"record 1 (kind DICT): game %zu is %s (rules %d), not the archive's %s (rules %d), or "
				"a game this reader does not know", i + 1, h.game, h.rules_version, a->game, a->rules);
			sl_header_free(&h);
			break;
		}
		if ((rc = dict_add_header(&a->dict, hp, (size_t)hl))) {
			sl_header_free(&h);
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_ENOMEM, "out of memory");
			break;
		}
		if (sn == 0) {   /* a game of no entries: a header only */
			sl_header_free(&h);
			continue;
		}
		if (!(log = sl_log_new(g)) || !(log->name = sl_strdup(a->path))) {
			sl_header_free(&h);
			sl_log_free(log);
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_ENOMEM, "out of memory");
			break;
		}
		log->h = h;
		{
			sl_error e;
			sl_error_clear(&e);
			if (sl_mcs_new(&mcs, g, &log->h, log->name, &log->arena) || g->init(&init, &log->h, &e)) {
				rc = silb_fail(&a->dict_err, a->path, a->dict_off, e.code ? e.code : SL_ENOMEM,
					"record 1 (kind DICT): game %zu: %s", i + 1, e.code ? e.msg : "out of memory");
				goto next;
			}
		}
		sl_mcs_set_prime(mcs, a->dict.snap);
		if (silb_mseg_parse_kind(&sg, a->dict.snap ? SILB_K_PSEGMENT : SILB_K_MSEGMENT, mcs, sp, (size_t)sn,
		    msg, sizeof msg)) {
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_EFORMAT, "record 1 (kind DICT): game %zu: %s",
				i + 1, msg);
			goto next;
		}
		if (sg.first || sg.events_before || sg.turn || sg.phase || sg.ref) {
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_EFORMAT,
				"record 1 (kind DICT): game %zu does not start at the game's start", i + 1);
			goto next;
		}
		sg.snap_out = &snap;
		if ((rc = silb_mseg_decode(mcs, &sg, init, &st, log, 0, NULL, NULL, msg, sizeof msg))) {
			rc = silb_fail(&a->dict_err, a->path, a->dict_off, rc == SL_ENOMEM ? rc : SL_EFORMAT,
				"record 1 (kind DICT): game %zu: %s", i + 1, msg);
			goto next;
		}
		sl_mcs_snap_free(a->dict.snap);
		a->dict.snap = snap;
		snap = NULL;
		a->dict.games[i] = log;   /* a DGAME member reads it */
		log = NULL;
next:
		sl_mcs_snap_free(snap);
		if (st)
			g->destroy(st);
		if (init)
			g->destroy(init);
		sl_mcs_free(mcs);
		sl_log_free(log);
	}
	if (!rc && r.pos != r.len)
		rc = silb_fail(&a->dict_err, a->path, a->dict_off, SL_EFORMAT,
			"record 1 (kind DICT): %zu bytes after its games", r.len - r.pos);
out:
	sl_free(buf);
	if (rc)
		*err = a->dict_err;
	return rc;
}

int silb_sila_dict(sl_sila *a, const silb_dict **d, sl_error *err)
{
	int rc = dict_decode(a, err);
	*d = rc ? NULL : &a->dict;
	return rc;
}

int silb_sila_fd(const sl_sila *a) { return a->fd; }
const char *silb_sila_path(const sl_sila *a) { return a->path; }
size_t silb_sila_size(const sl_sila *a) { return a->size; }

int sl_sila_read(sl_sila *a, size_t i, sl_log **out, unsigned flags, sl_silb_info *info,
	sl_silb_sink sink, void *ud, sl_error *err)
{
	const silb_dict *d;
	const sl_sila_member *m;
	uint8_t *bytes;
	char *name;
	size_t nn;
	int rc;
	*out = NULL;
	if (i >= a->n)
		return sl_error_set(err, SL_ERANGE, "%s: no game %zu", a->path, i + 1);
	m = &a->m[i];
	if ((rc = silb_sila_dict(a, &d, err)))
		return rc;
	nn = strlen(a->path) + strlen(m->name) + 2;
	if (!(bytes = sl_malloc(m->bytes ? m->bytes : 1)) || !(name = sl_malloc(nn))) {
		sl_free(bytes);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	snprintf(name, nn, "%s:%s", a->path, m->name);
	if ((rc = silb_pread(a->fd, m->offset, bytes, m->bytes, a->path, err)) == SL_OK)
		rc = silb_member_read(out, name, bytes, m->bytes, m->offset, d, flags, info, sink, ud, err);
	sl_free(bytes);
	sl_free(name);
	return rc;
}

/* ---- paths ---------------------------------------------------------------------------------- */

int sl_sila_sniff(const void *data, size_t n)
{
	const uint8_t *p = data;
	return n >= 10 && sl_silb_sniff(p, n) && p[9] == SL_SILB_MANY;
}

int sl_sila_is_file(const char *path)
{
	uint8_t head[16];
	int fd = open(path, O_RDONLY);
	ssize_t k;
	if (fd < 0)
		return 0;
	k = read(fd, head, sizeof head);
	close(fd);
	return k > 0 && sl_sila_sniff(head, (size_t)k);
}

int sl_sila_member_path(const char *path, char **file, char **member)
{
	const char *colon = path ? strrchr(path, ':') : NULL;
	struct stat sb;
	*file = *member = NULL;
	if (!colon || colon == path || !sl_sila_name_ok(colon + 1, strlen(colon + 1)) || stat(path, &sb) == 0)
		return 0;
	if (!(*file = sl_strndup(path, (size_t)(colon - path))))
		return 0;
	if (!sl_sila_is_file(*file) || !(*member = sl_strdup(colon + 1))) {
		sl_free(*file);
		*file = NULL;
		return 0;
	}
	return 1;
}

int sl_sila_open_member(sl_sila **out, size_t *index, const char *path, sl_error *err)
{
	char *file, *member;
	long i;
	int rc;
	*out = NULL;
	if (!sl_sila_member_path(path, &file, &member))
		return sl_error_set(err, SL_EFORMAT, "%s: not a game of an archive (FILE:NAME)", path);
	rc = sl_sila_open(out, file, err);
	if (rc == SL_OK && (i = sl_sila_find(*out, member)) < 0) {
		rc = sl_error_set(err, SL_EFORMAT, "%s: the archive holds no game named '%s' (`sillage ls %s`)",
			file, member, file);
		sl_sila_close(*out);
		*out = NULL;
	} else if (rc == SL_OK)
		*index = (size_t)i;
	sl_free(file);
	sl_free(member);
	return rc;
}

/* ---- appending -------------------------------------------------------------------------------- */

/* The end of the last sound TRAILER record before the file's end (0: none):
 * where an archive stood before an append that did not finish. */
static size_t last_trailer(int fd)
{
	struct stat sb;
	uint8_t tr[SILB_FRAME + SILB_TRAILER_LEN];
	size_t size;
	if (fstat(fd, &sb) != 0 || sb.st_size < (off_t)sizeof tr)
		return 0;
	size = (size_t)sb.st_size;
	for (size_t at = size - sizeof tr; at > SILB_FILE_HEADER; at--) {
		const uint8_t *pl;
		size_t plen;
		int kind;
		if (pread(fd, tr, sizeof tr, (off_t)at) != (ssize_t)sizeof tr)
			return 0;
		if (tr[0] == SILB_K_TRAILER && tr[1] == SILB_TRAILER_LEN && !tr[2] && !tr[3] && !tr[4] &&
		    silb_parse_record(tr, sizeof tr, at, 0, "", &kind, &pl, &plen, NULL) > 0)
			return at + sizeof tr;
	}
	return 0;
}

int sl_sila_writer_append(sl_sila_writer **out, const char *path, sl_error *err)
{
	sl_sila *a = NULL;
	sl_sila_writer *w;
	const silb_dict *d;
	int fd = open(path, O_RDWR), rc;
	*out = NULL;
	if (fd < 0)
		return sl_error_set(err, errno == ENOENT ? SL_EFORMAT : SL_EIO, "%s: cannot open: %s", path,
			strerror(errno));
	if ((rc = sila_open_fd(&a, path, fd, 0, 1, err)) == SL_EFORMAT && strstr(err->msg, "TRAILER")) {
		/* an append cut short: the archive as its last trailer left it */
		size_t end = last_trailer(fd);
		if (end) {
			sl_error_clear(err);
			rc = sila_open_fd(&a, path, fd, end, 1, err);
		}
	}
	if (rc || (rc = silb_sila_dict(a, &d, err))) {
		if (a)
			a->fd = -1;
		sl_sila_close(a);
		close(fd);
		return rc;
	}
	w = sl_calloc(1, sizeof *w);
	if (!w || !(w->path = sl_strdup(path)) || !(w->m = sl_calloc(a->n + 64, sizeof *w->m))) {
		if (w)
			sl_free(w->path);
		sl_free(w);
		sl_sila_close(a);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	w->cap = a->n + 64;
	sl_buf_init(&w->out);
	snprintf(w->game, sizeof w->game, "%s", a->game);
	w->rules = a->rules;
	/* the writer takes the archive's file and dictionary */
	w->dict = a->dict;
	memset(&a->dict, 0, sizeof a->dict);
	w->fd = a->fd;
	a->fd = -1;
	w->dict_end = a->dict_off + a->dict_len;
	/* the new games go after the old trailer, which stays whole until the
	 * new one is synced: an append cut short leaves the archive as it was
	 * before it, up to that trailer (the next append goes back to it) */
	w->base = a->size;
	for (size_t i = 0; i < a->n; i++) {
		wmember *m = &w->m[i];
		if (!(m->name = sl_strdup(a->m[i].name))) {
			w->n = i;
			sl_sila_writer_free(w);
			sl_sila_close(a);
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		}
		m->off = a->m[i].offset;
		m->bytes = a->m[i].bytes;
		m->index_bytes = a->m[i].index_bytes;
		m->events = (uint64_t)a->m[i].events;
		m->turns = (uint64_t)a->m[i].turns;
	}
	w->n = w->nold = a->n;
	sl_sila_close(a);
	*out = w;
	return SL_OK;
}
