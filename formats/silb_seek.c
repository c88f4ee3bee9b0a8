/* silb_seek.c - an archive opened for seeking: file header, trailer, index
 * and header are read at open; a seek inflates the one segment that holds
 * the turn (formats/silb.md). */
#include "silb_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sl_silb {
	int fd;
	size_t size;
	sl_log *log;             /* header; entries of the last segment inflated */
	size_t nseg;
	size_t *off, *first;
	long *events;
	int *turn;
	size_t index_off;
	size_t entries;
	long nevents;
	int turns;
	sl_mcs *mcs;             /* modelled segments: the coder, */
	void *init_st, *base_st; /* the keyframes' references */
	long at_events;          /* the last seek's: events applied, */
	int at_entry;            /* and whether log's last entry is its marker, */
	int at_marker;           /* or marker is (a modelled segment keeps none) */
	sl_event marker;
	sl_sila *many;           /* a game of an archive of many games: the archive (its fd), */
	size_t org;              /* where the game's records start */
	const silb_dict *dict;   /* and its dictionary */
	sl_log *dlog;            /* a DGAME member: the game (its entries) */
};

/* A modelled segment's record of `kind` (MSEGMENT, PSEGMENT, or a game's
 * MEMBER record) parsed into ms. 0 or -1 with msg. */
static int seg_parse(const sl_silb *f, int kind, const uint8_t *pl, size_t plen, silb_mseg *ms, char *msg,
	size_t msgn)
{
	if (kind == SILB_K_MEMBER) {
		sl_header h;
		uint64_t ih;
		const char *tail;
		size_t ntail;
		int fmt, rc = f->dict ? silb_member1_parse(pl, plen, f->dict, &fmt, &h, &ih, &tail, &ntail, ms, msg, msgn)
			: (snprintf(msg, msgn, "a MEMBER record outside an archive of many games"), -1);
		if (f->dict)
			sl_header_free(&h);
		return rc ? -1 : 0;
	}
	return silb_mseg_parse_kind(ms, kind, f->mcs, pl, plen, msg, msgn);
}

static int read_at(sl_silb *f, size_t off, void *p, size_t n, const char *name, sl_error *err)
{
	return silb_pread(f->fd, off, p, n, name, err);
}

/* Reads the record at off, which must be of `kind` and end by `end`. */
static int read_record(sl_silb *f, const char *name, size_t off, size_t len, int want,
	uint8_t **buf, const uint8_t **pl, size_t *plen, sl_error *err)
{
	int kind, rc;
	long got;
	*buf = NULL;
	if (len < SILB_FRAME || len > SL_SILB_MAX_RECORD + SILB_FRAME || off > f->size || len > f->size - off)
		return silb_fail(err, name, off, SL_EFORMAT, "a %s record out of the file's bounds",
			silb_kind_name(want));
	*buf = sl_malloc(len);
	if (!*buf)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	if ((rc = read_at(f, off, *buf, len, name, err)))
		return rc;
	got = silb_parse_record(*buf, len, off, 0, name, &kind, pl, plen, err);
	if (got < 0)
		return (int)got;
	if (kind != want && !(want == SILB_K_SEGMENT && (kind == SILB_K_MSEGMENT ||
	    ((kind == SILB_K_PSEGMENT || kind == SILB_K_MEMBER) && f->many))) &&
	    !(want == SILB_K_DGAME && kind == SILB_K_MEMBER))
		return silb_fail(err, name, off, SL_EFORMAT, "expected a %s record here",
			silb_kind_name(want));
	return SL_OK;
}

static int load_index(sl_silb *f, const char *name, const uint8_t *pl, size_t plen, size_t off,
	sl_error *err)
{
	sl_reader r;
	uint64_t nseg, o = 0, fi = 0, e = 0, t = 0;
	sl_reader_init(&r, pl, plen);
	nseg = sl_read_uvarint(&r);
	f->entries = (size_t)sl_read_uvarint(&r);
	f->nevents = (long)sl_read_uvarint(&r);
	f->turns = (int)sl_read_uvarint(&r);
	if (r.err || nseg > SL_SILB_MAX_SEGMENTS || nseg > plen / 4 || f->entries > SL_LOG_MAX_ENTRIES ||
	    f->nevents < 0 || (size_t)f->nevents > f->entries || f->turns < 0 || f->turns > 1000000)
		return silb_fail(err, name, off, SL_EFORMAT, "the INDEX totals are out of range");
	f->nseg = (size_t)nseg;
	f->off = sl_calloc(f->nseg + 1, sizeof *f->off);
	f->first = sl_calloc(f->nseg + 1, sizeof *f->first);
	f->events = sl_calloc(f->nseg + 1, sizeof *f->events);
	f->turn = sl_calloc(f->nseg + 1, sizeof *f->turn);
	if (!f->off || !f->first || !f->events || !f->turn)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	for (size_t i = 0; i < f->nseg; i++) {
		uint64_t d0 = sl_read_uvarint(&r), d1 = sl_read_uvarint(&r);
		uint64_t d2 = sl_read_uvarint(&r), d3 = sl_read_uvarint(&r);
		if (r.err || (i && (d0 == 0 || d1 == 0)) || d0 > f->size || d1 > f->entries ||
		    d2 > f->entries || d3 > 1000000)
			return silb_fail(err, name, off, SL_EFORMAT, "INDEX entry %zu is out of range", i + 1);
		o += d0;
		fi += d1;
		e += d2;
		t += d3;
		/* a member's offsets are from its first byte */
		if (o + f->org < (f->many ? f->org + SILB_FRAME : SILB_FILE_HEADER) || o + f->org >= f->index_off ||
		    fi >= f->entries || e > (uint64_t)f->nevents || t > (uint64_t)f->turns)
			return silb_fail(err, name, off, SL_EFORMAT, "INDEX entry %zu is out of range", i + 1);
		f->off[i] = (size_t)o + f->org;
		f->first[i] = (size_t)fi;
		f->events[i] = (long)e;
		f->turn[i] = (int)t;
	}
	f->off[f->nseg] = f->index_off;   /* where the last segment ends at most */
	f->first[f->nseg] = f->entries;
	if (r.pos != r.len)
		return silb_fail(err, name, off, SL_EFORMAT, "%zu bytes after the INDEX entries", r.len - r.pos);
	return SL_OK;
}

/* The INDEX record at f->index_off (len bytes), loaded into f. */
static int read_index(sl_silb *f, const char *name, size_t len, sl_error *err)
{
	uint8_t *buf;
	const uint8_t *pl;
	size_t plen;
	int rc = read_record(f, name, f->index_off, len, SILB_K_INDEX, &buf, &pl, &plen, err);
	if (!rc)
		rc = load_index(f, name, pl, plen, f->index_off, err);
	sl_free(buf);
	return rc;
}

/* The header record at hdr (HEADER, or a member's MHEADER against the
 * dictionary d), the game, the coder and the BASE record after it. */
static int open_game(sl_silb *f, const char *path, size_t hdr, size_t at, sl_header *hp, const silb_dict *d,
	sl_error *err);

static int open_header(sl_silb *f, const char *path, size_t hdr, int fmt, const silb_dict *d, sl_error *err)
{
	uint8_t fr[5], *buf = NULL;
	const uint8_t *pl;
	size_t plen;
	uint32_t len;
	sl_header h;
	uint64_t ih;
	char msg[256];
	int rc, want = d ? SILB_K_MHEADER : SILB_K_HEADER;
	if ((rc = read_at(f, hdr, fr, 5, path, err)))
		return rc;
	len = (uint32_t)fr[1] | (uint32_t)fr[2] << 8 | (uint32_t)fr[3] << 16 | (uint32_t)fr[4] << 24;
	if (fr[0] != want || len > SL_SILB_MAX_RECORD)
		return silb_fail(err, path, hdr, SL_EFORMAT, "the first record is not a%s %s", d ? "n" : "",
			silb_kind_name(want));
	if ((rc = read_record(f, path, hdr, len + SILB_FRAME, want, &buf, &pl, &plen, err))) {
		sl_free(buf);
		return rc;
	}
	if (d)
		rc = silb_mheader_get(pl, plen, d, &fmt, &h, &ih, msg, sizeof msg);
	else {
		sl_reader r;
		sl_reader_init(&r, pl, plen);
		rc = silb_get_header(&r, &h, &ih, msg, sizeof msg);
	}
	sl_free(buf);
	buf = NULL;
	if (rc) {
		sl_header_free(&h);
		return silb_fail(err, path, hdr, rc == SL_ENOMEM ? rc : SL_EFORMAT, "record 1 (kind %s): %s",
			silb_kind_name(want), msg);
	}
	h.format_version = fmt;
	return open_game(f, path, hdr, hdr + len + SILB_FRAME, &h, d, err);
}

/* The log, the coder and the initial state for header h (taken), and the
 * BASE record at `at` when there is one. */
static int open_game(sl_silb *f, const char *path, size_t hdr, size_t at, sl_header *hp, const silb_dict *d,
	sl_error *err)
{
	uint8_t fr[5], *buf = NULL;
	const uint8_t *pl;
	size_t plen;
	uint32_t len;
	sl_header h = *hp;
	char msg[256];
	const sl_game *g;
	sl_error e;
	int rc;
	g = sl_game_find_version(h.game, h.rules_version);
	if (!g) {
		rc = silb_fail(err, path, hdr, SL_EFORMAT, "unknown game '%s' (see `sillage games`)", h.game);
		sl_header_free(&h);
		return rc;
	}
	f->log = sl_log_new(g);
	if (!f->log || !(f->log->name = sl_strdup(path))) {
		sl_header_free(&h);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	f->log->h = h;
	/* the BASE record, when there is one, follows the header */
	sl_error_clear(&e);
	if ((rc = sl_mcs_new(&f->mcs, f->log->game, &f->log->h, f->log->name, &f->log->arena)) ||
	    (rc = g->init(&f->init_st, &f->log->h, &e)))
		return rc == SL_ENOMEM ? sl_error_set(err, rc, "out of memory")
			: silb_fail(err, path, hdr, rc, "the game's initial state: %s", e.msg);
	if (d)
		sl_mcs_set_prime(f->mcs, d->snap);
	if (at + 5 <= f->index_off && (rc = read_at(f, at, fr, 5, path, err)) == SL_OK &&
	    fr[0] == SILB_K_BASE) {
		len = (uint32_t)fr[1] | (uint32_t)fr[2] << 8 | (uint32_t)fr[3] << 16 | (uint32_t)fr[4] << 24;
		if (len > SL_SILB_MAX_RECORD)
			return silb_fail(err, path, at, SL_EFORMAT, "the BASE record is too large");
		if ((rc = read_record(f, path, at, len + SILB_FRAME, SILB_K_BASE, &buf, &pl, &plen, err)) == SL_OK &&
		    silb_base_decode(f->mcs, pl, plen, f->init_st, &f->base_st, msg, sizeof msg))
			rc = silb_fail(err, path, at, SL_EFORMAT, "record 2 (kind BASE): %s", msg);
		sl_free(buf);
	}
	return rc;
}

/* A DGAME member: the dictionary's game (f->dlog), a scratch log of its
 * header, its initial state; one segment, the record. */
static int open_dgame(sl_silb *f, const char *path, const sl_sila_member *m, const silb_dict *d,
	const uint8_t *pl, size_t plen, sl_error *err)
{
	char msg[256];
	long events = 0;
	int turns = 0, rc;
	sl_error e;
	if ((rc = silb_dgame_log(pl, plen, d, path, &f->dlog, msg, sizeof msg)) ||
	    (rc = silb_dgame_log(pl, plen, d, path, &f->log, msg, sizeof msg)))
		return silb_fail(err, path, f->org, rc == SL_ENOMEM ? rc : SL_EFORMAT, "record 1 (kind DGAME): %s", msg);
	f->log->n = 0;
	for (size_t i = 0; i < f->dlog->n; i++)
		if (f->dlog->ev[i].entry == SL_ENTRY_EVENT)
			events++;
		else if (f->dlog->ev[i].entry == SL_ENTRY_TURN)
			turns = f->dlog->ev[i].mark;
	if (events != m->events || turns != m->turns)
		return silb_fail(err, path, f->org, SL_EFORMAT, "record 1 (kind DGAME): the game has %ld events over %d "
			"turns, the DIRECTORY says %ld over %d", events, turns, m->events, m->turns);
	f->nseg = 1;
	f->entries = f->dlog->n;
	f->nevents = events;
	f->turns = turns;
	f->off = sl_calloc(2, sizeof *f->off);
	f->first = sl_calloc(2, sizeof *f->first);
	f->events = sl_calloc(2, sizeof *f->events);
	f->turn = sl_calloc(2, sizeof *f->turn);
	if (!f->off || !f->first || !f->events || !f->turn)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	f->off[0] = f->org;
	f->off[1] = f->index_off = f->org + m->bytes;
	f->first[1] = f->entries;
	sl_error_clear(&e);
	if ((rc = f->log->game->init(&f->init_st, &f->log->h, &e)))
		return rc == SL_ENOMEM ? sl_error_set(err, rc, "out of memory")
			: silb_fail(err, path, f->org, rc, "the game's initial state: %s", e.msg);
	return SL_OK;
}

/* A DGAME member's entries into the scratch log from the start, applied
 * to a copy of the initial state, up to the stop (0: all of them). */
static int dgame_run(sl_silb *f, int stop, void **out, sl_error *err)
{
	const sl_game *g = f->log->game;
	void *st = NULL;
	long no = 0;
	int rc;
	f->log->n = 0;
	if ((rc = sl_game_clone(g, f->init_st, &st, err)))
		return rc;
	for (size_t i = 0; i < f->dlog->n; i++) {
		const sl_event *ev = &f->dlog->ev[i];
		if (silb_log_push(f->log, ev)) {   /* its strings stay in dlog's arena */
			g->destroy(st);
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		}
		no += ev->entry == SL_ENTRY_EVENT;
		if ((rc = sl_entry_apply(g, &f->log->h, f->log->name, st, &f->log->ev[f->log->n - 1], no, NULL, err))) {
			g->destroy(st);
			return rc;
		}
		if (stop && (stop > 0 ? ev->entry == SL_ENTRY_TURN && ev->mark == stop
		    : ev->entry == SL_ENTRY_EVENT && no == -(long)stop))
			break;
	}
	f->at_events = no;
	f->at_entry = 1;
	*out = st;
	return SL_OK;
}

/* A game in one MEMBER record (m): its header, and an index of its one
 * segment, the record itself. */
static int open_member1(sl_silb *f, const char *path, const sl_sila_member *m, const silb_dict *d,
	sl_error *err)
{
	uint8_t *buf = NULL;
	const uint8_t *pl;
	size_t plen;
	sl_header h;
	silb_mseg sg;
	uint64_t ih;
	const char *tail;
	size_t ntail;
	char msg[256];
	int fmt, rc;
	if ((rc = read_record(f, path, f->org, m->bytes, SILB_K_DGAME, &buf, &pl, &plen, err))) {
		sl_free(buf);
		return rc;
	}
	if (buf[0] == SILB_K_DGAME) {
		rc = open_dgame(f, path, m, d, pl, plen, err);
		sl_free(buf);
		return rc;
	}
	rc = silb_member1_parse(pl, plen, d, &fmt, &h, &ih, &tail, &ntail, &sg, msg, sizeof msg);
	sl_free(buf);
	if (rc) {
		sl_header_free(&h);
		return silb_fail(err, path, f->org, rc == SL_ENOMEM ? rc : SL_EFORMAT, "record 1 (kind MEMBER): %s", msg);
	}
	f->nseg = 1;
	f->entries = (size_t)sg.count;
	f->nevents = m->events;
	f->turns = m->turns;
	f->off = sl_calloc(2, sizeof *f->off);
	f->first = sl_calloc(2, sizeof *f->first);
	f->events = sl_calloc(2, sizeof *f->events);
	f->turn = sl_calloc(2, sizeof *f->turn);
	if (!f->off || !f->first || !f->events || !f->turn) {
		sl_header_free(&h);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	f->off[0] = f->org;
	f->off[1] = f->index_off = f->org + m->bytes;
	f->first[1] = f->entries;
	return open_game(f, path, f->org, f->index_off, &h, d, err);
}

/* FILE:NAME: the game's INDEX from the archive's directory, its MHEADER,
 * the dictionary. */
static int open_member(sl_silb **out, const char *path, sl_error *err)
{
	sl_silb *f = sl_calloc(1, sizeof *f);
	const sl_sila_member *m;
	const silb_dict *d;
	size_t i;
	int rc;
	if (!f)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	f->fd = -1;
	if ((rc = sl_sila_open_member(&f->many, &i, path, err)) || (rc = silb_sila_dict(f->many, &d, err)))
		goto fail;
	m = sl_sila_at(f->many, i);
	f->fd = silb_sila_fd(f->many);
	f->size = silb_sila_size(f->many);
	f->org = m->offset;
	f->index_off = m->offset + m->bytes - m->index_bytes;
	f->dict = d;
	if (m->index_bytes == 0)
		rc = open_member1(f, path, m, d, err);
	else if (!(rc = read_index(f, path, m->index_bytes, err)))
		rc = open_header(f, path, f->org, 0, d, err);
	if (rc)
		goto fail;
	*out = f;
	return SL_OK;
fail:
	sl_silb_close(f);
	return rc;
}

int sl_silb_open(sl_silb **out, const char *path, sl_error *err)
{
	sl_silb *f;
	uint8_t fh[SILB_FILE_HEADER];
	uint32_t il;
	struct stat sb;
	int form, rc;
	char *file, *member;
	*out = NULL;
	if (sl_sila_member_path(path, &file, &member)) {
		sl_free(file);
		sl_free(member);
		return open_member(out, path, err);
	}
	f = sl_calloc(1, sizeof *f);
	if (!f)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	f->fd = open(path, O_RDONLY);
	if (f->fd < 0) {
		rc = sl_error_set(err, errno == ENOENT ? SL_EFORMAT : SL_EIO, "%s: cannot open: %s",
			path, strerror(errno));
		goto fail;
	}
	if (fstat(f->fd, &sb) != 0 || sb.st_size < 0) {
		rc = sl_error_set(err, SL_EIO, "%s: cannot stat: %s", path, strerror(errno));
		goto fail;
	}
	f->size = (size_t)sb.st_size;
	if (f->size > SL_SILB_MAX_FILE) {
		rc = silb_fail(err, path, 0, SL_ELIMIT, "the file is larger than %u bytes", SL_SILB_MAX_FILE);
		goto fail;
	}
	if ((rc = read_at(f, 0, fh, f->size < sizeof fh ? f->size : sizeof fh, path, err)))
		goto fail;
	if ((rc = silb_check_file_header(fh, f->size < sizeof fh ? f->size : sizeof fh, path, &form, err)))
		goto fail;
	if (form != SL_SILB_ARCHIVE) {
		rc = form == SL_SILB_MANY
			? silb_fail(err, path, 9, SL_EFORMAT, "an archive of many games: name one of them as "
				"%s:NAME (`sillage ls %s` lists them)", path, path)
			: silb_fail(err, path, 9, SL_EFORMAT, "a journal has no index to seek with (`sillage pack` it)");
		goto fail;
	}
	if (f->size < SILB_FILE_HEADER + 3 * SILB_FRAME + SILB_TRAILER_LEN) {
		rc = silb_fail(err, path, f->size, SL_EFORMAT, "the archive is cut short: no TRAILER at the end");
		goto fail;
	}
	if ((rc = silb_read_trailer(f->fd, f->size, SILB_FILE_HEADER, 0, path, &f->index_off, &il, err)) ||
	    (rc = read_index(f, path, il, err)))
		goto fail;
	if ((rc = open_header(f, path, SILB_FILE_HEADER, fh[8], NULL, err)))
		goto fail;
	*out = f;
	return SL_OK;
fail:
	sl_silb_close(f);
	return rc;
}

void sl_silb_close(sl_silb *f)
{
	if (!f)
		return;
	if (f->many)
		sl_sila_close(f->many);   /* its fd */
	else if (f->fd >= 0)
		close(f->fd);
	sl_mcs_free(f->mcs);
	if (f->init_st)
		f->log->game->destroy(f->init_st);
	if (f->base_st)
		f->log->game->destroy(f->base_st);
	sl_log_free(f->log);
	sl_log_free(f->dlog);
	sl_free(f->off);
	sl_free(f->first);
	sl_free(f->events);
	sl_free(f->turn);
	sl_free(f);
}

const sl_log *sl_silb_log(const sl_silb *f) { return f->log; }
size_t sl_silb_entries(const sl_silb *f) { return f->entries; }
long sl_silb_events(const sl_silb *f) { return f->nevents; }
int sl_silb_turns(const sl_silb *f) { return f->turns; }
size_t sl_silb_segments(const sl_silb *f) { return f->nseg; }
long sl_silb_at_events(const sl_silb *f) { return f->at_events; }
const sl_event *sl_silb_at_entry(const sl_silb *f)
{
	if (f->at_marker)
		return &f->marker;
	return f->at_entry && f->log->n ? &f->log->ev[f->log->n - 1] : NULL;
}

/* The last segment that starts before the stop (stop > 0: turn `stop` has
 * not begun; stop < 0: fewer than -stop events are behind it). */
static size_t seg_for(const sl_silb *f, int stop)
{
	size_t lo = 0, hi = f->nseg;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (stop > 0 ? f->turn[mid] < stop : f->events[mid] < -(long)stop)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static int seek_deflated(sl_silb *f, size_t s, int stop, const uint8_t *pl, size_t plen,
	void **out, size_t *inflated, sl_error *err);

/* The record of segment s into *buf (the caller frees it), its payload pl. */
static int read_segment(sl_silb *f, size_t s, uint8_t **buf, const uint8_t **pl, size_t *plen,
	sl_error *err)
{
	const char *name = f->log->name;
	uint8_t fr[5];
	uint32_t len;
	int rc;
	*buf = NULL;
	if ((rc = read_at(f, f->off[s], fr, 5, name, err)))
		return rc;
	len = (uint32_t)fr[1] | (uint32_t)fr[2] << 8 | (uint32_t)fr[3] << 16 | (uint32_t)fr[4] << 24;
	if (len > SL_SILB_MAX_RECORD || f->off[s] + len + SILB_FRAME > f->off[s + 1])
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu runs past the next one", s + 1);
	if ((rc = read_record(f, name, f->off[s], len + SILB_FRAME, SILB_K_SEGMENT, buf, pl, plen, err))) {
		sl_free(*buf);
		*buf = NULL;
	}
	return rc;
}

/* The state just after the stop (as seg_for), from the one segment that
 * holds it. */
static int seek_at(sl_silb *f, int stop, void **out, size_t *inflated, sl_error *err)
{
	const sl_game *g = f->log->game;
	const char *name = f->log->name;
	uint8_t *buf = NULL;
	const uint8_t *pl;
	size_t plen, s = seg_for(f, stop);
	void *st = NULL;
	char msg[256];
	int rc;
	if (f->dlog)
		return dgame_run(f, stop, out, err);
	if ((rc = read_segment(f, s, &buf, &pl, &plen, err)))
		return rc;
	if (buf[0] == SILB_K_MSEGMENT || buf[0] == SILB_K_PSEGMENT || buf[0] == SILB_K_MEMBER) {
		silb_mseg ms;
		if (seg_parse(f, buf[0], pl, plen, &ms, msg, sizeof msg))
			;   /* msg says why */
		else if (ms.first != f->first[s] || ms.turn != (uint64_t)f->turn[s] ||
		    ms.count != f->first[s + 1] - f->first[s])
			snprintf(msg, sizeof msg, "it disagrees with the INDEX");
		else if (ms.ref == 1 && !f->base_st)
			snprintf(msg, sizeof msg, "its keyframe is coded against a BASE record, and there is none");
		else {
			f->log->n = 0;
			sl_arena_free(&f->log->arena);
			sl_arena_init(&f->log->arena);
			rc = silb_mseg_decode(f->mcs, &ms, ms.ref ? f->base_st : f->init_st, &st, f->log, stop,
				NULL, &f->at_events, msg, sizeof msg);
			sl_free(buf);
			if (inflated)
				*inflated = ms.ncode + (size_t)ms.strlen;
			if (rc == SL_OK) {
				f->at_marker = stop > 0;   /* a seek keeps no entries: a turn's marker made here */
				*out = st;
				return SL_OK;
			}
			if (st)
				g->destroy(st);
			return silb_fail(err, name, f->off[s], rc == SL_ENOMEM ? rc : SL_EFORMAT, "segment %zu: %s",
				s + 1, msg);
		}
		sl_free(buf);
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu: %s", s + 1, msg);
	}
	rc = seek_deflated(f, s, stop, pl, plen, out, inflated, err);
	sl_free(buf);
	return rc;
}

/* seek_at in a deflated SEGMENT (the record's payload pl). */
static int seek_deflated(sl_silb *f, size_t s, int stop, const uint8_t *pl, size_t plen,
	void **out, size_t *inflated, sl_error *err)
{
	const sl_game *g = f->log->game;
	const char *name = f->log->name;
	size_t budget = SL_SILB_MAX_INFLATE;
	silb_seg sg;
	silb_ctx c;
	sl_reader r;
	void *st = NULL;
	char msg[256];
	long no;
	int rc;
	if ((rc = silb_seg_open(&sg, pl, plen, &budget, msg, sizeof msg))) {
		return silb_fail(err, name, f->off[s], rc == SL_ENOMEM ? rc : SL_EFORMAT, "segment %zu: %s",
			s + 1, msg);
	}
	if (inflated)
		*inflated = (size_t)sg.rawlen;
	if (sg.first != f->first[s] || sg.turn != (uint64_t)f->turn[s] ||
	    sg.count != f->first[s + 1] - f->first[s]) {
		silb_seg_free(&sg);
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu disagrees with the INDEX", s + 1);
	}
	if ((rc = g->restore(&st, sg.snap, sg.snaplen, err))) {
		silb_seg_free(&sg);
		return rc;
	}
	/* decode the segment's entries into the scratch log, applying them */
	f->log->n = 0;
	sl_arena_free(&f->log->arena);
	sl_arena_init(&f->log->arena);
	memset(&c, 0, sizeof c);
	c.log = f->log;
	c.arena = &f->log->arena;
	c.last_turn = (int)sg.turn;
	sl_reader_init(&r, sg.raw + sg.at, (size_t)sg.rawlen - sg.at);
	no = (long)sg.events_before;
	rc = SL_ERANGE;
	for (uint64_t i = 0; i < sg.count; i++) {
		sl_event ev;
		if ((rc = silb_get_entry(&c, &r, &ev))) {
			rc = silb_fail(err, name, f->off[s], rc == SL_ENOMEM ? rc : SL_EFORMAT, "segment %zu: entry %llu: %s", s + 1,
				(unsigned long long)i + 1, c.msg);
			break;
		}
		if (silb_log_push(f->log, &ev)) {
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
			break;
		}
		no += ev.entry == SL_ENTRY_EVENT;
		if ((rc = sl_entry_apply(f->log->game, &f->log->h, f->log->name, st, &f->log->ev[f->log->n - 1], no, NULL, err)))
			break;
		rc = SL_ERANGE;
		if (stop > 0 ? ev.entry == SL_ENTRY_TURN && ev.mark == stop
		    : ev.entry == SL_ENTRY_EVENT && no == -(long)stop) {
			rc = SL_OK;
			break;
		}
	}
	sl_strtab_free(&c.tab);
	silb_seg_free(&sg);
	if (rc == SL_ERANGE)
		rc = silb_fail(err, name, f->off[s], SL_EFORMAT, "%s %d is not in segment %zu, where the INDEX puts it",
			stop > 0 ? "turn" : "event", stop > 0 ? stop : -stop, s + 1);
	if (rc) {
		g->destroy(st);
		return rc;
	}
	f->at_events = no;
	f->at_entry = 1;
	*out = st;
	return SL_OK;
}

int sl_silb_seek_turn(sl_silb *f, int turn, void **out, size_t *inflated, sl_error *err)
{
	*out = NULL;
	if (inflated)
		*inflated = 0;
	f->at_events = 0;
	f->at_entry = f->at_marker = 0;
	if (turn < 0 || turn > f->turns)
		return sl_error_set(err, SL_ERANGE, "%s: no turn %d (the log reaches turn %d)", f->log->name, turn,
			f->turns);
	memset(&f->marker, 0, sizeof f->marker);
	f->marker.entry = SL_ENTRY_TURN;
	f->marker.mark = turn;
	f->marker.player = -1;
	if (turn == 0 || f->nseg == 0)
		return f->log->game->init(out, &f->log->h, err);
	return seek_at(f, turn, out, inflated, err);
}

int sl_silb_seek_event(sl_silb *f, long n, void **out, size_t *inflated, sl_error *err)
{
	*out = NULL;
	if (inflated)
		*inflated = 0;
	f->at_events = 0;
	f->at_entry = f->at_marker = 0;
	if (n < 0 || n > f->nevents)
		return sl_error_set(err, SL_ERANGE, "%s: no event %ld (the log has %ld events)", f->log->name, n,
			f->nevents);
	if (n == 0 || f->nseg == 0)
		return f->log->game->init(out, &f->log->h, err);
	return seek_at(f, -(int)n, out, inflated, err);
}

/* ---- walking on from the segment that holds a position ---------------------- */

static void scratch_reset(sl_silb *f)
{
	f->log->n = 0;
	sl_arena_free(&f->log->arena);
	sl_arena_init(&f->log->arena);
}

/* A modelled segment s (payload pl) decoded whole into f->log; its keyframe
 * into *start when start is not NULL. */
static int walk_mseg(sl_silb *f, size_t s, int kind, const uint8_t *pl, size_t plen, void **start,
	sl_error *err)
{
	const sl_game *g = f->log->game;
	const char *name = f->log->name;
	silb_mseg ms;
	const void *ref;
	uint8_t *strs = NULL;
	void *end = NULL;
	char msg[256];
	int rc;
	if (seg_parse(f, kind, pl, plen, &ms, msg, sizeof msg))
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu: %s", s + 1, msg);
	if (ms.first != f->first[s] || ms.turn != (uint64_t)f->turn[s] || ms.count != f->first[s + 1] - f->first[s])
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu: it disagrees with the INDEX", s + 1);
	if (ms.ref == 1 && !f->base_st)
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu: its keyframe is coded against "
			"a BASE record, and there is none", s + 1);
	ref = ms.ref ? f->base_st : f->init_st;
	scratch_reset(f);
	rc = silb_mseg_decode(f->mcs, &ms, ref, &end, f->log, 0, NULL, NULL, msg, sizeof msg);
	if (end)
		g->destroy(end);
	if (rc == SL_OK && start && ms.nokey) {   /* the game's start */
		sl_error e;
		sl_error_clear(&e);
		if ((rc = sl_game_clone(g, ref, start, &e)))
			snprintf(msg, sizeof msg, "%.200s", e.msg);
	} else if (rc == SL_OK && start) {   /* the keyframe again, for the state the segment opens on */
		if ((rc = silb_mseg_strings(&ms, &strs, msg, sizeof msg)) == 0) {
			sl_mcs_begin_dec(f->mcs, ms.code, ms.ncode, strs, (size_t)ms.strlen);
			if ((ms.primed && (rc = sl_mcs_prime(f->mcs))) ||
			    (rc = sl_mcs_keyframe(f->mcs, ref, start, ms.hash)))
				snprintf(msg, sizeof msg, "the keyframe: %s", sl_mcs_msg(f->mcs));
		}
		sl_free(strs);
	}
	if (rc)
		return silb_fail(err, name, f->off[s], rc == SL_ENOMEM ? rc : SL_EFORMAT, "segment %zu: %s",
			s + 1, msg);
	return SL_OK;
}

/* A deflated segment s decoded whole into f->log; its snapshot restored
 * into *start when start is not NULL. */
static int walk_seg(sl_silb *f, size_t s, const uint8_t *pl, size_t plen, void **start, sl_error *err)
{
	const char *name = f->log->name;
	size_t budget = SL_SILB_MAX_INFLATE;
	silb_seg sg;
	silb_ctx c;
	sl_reader r;
	char msg[256];
	int rc;
	if ((rc = silb_seg_open(&sg, pl, plen, &budget, msg, sizeof msg)))
		return silb_fail(err, name, f->off[s], rc == SL_ENOMEM ? rc : SL_EFORMAT, "segment %zu: %s",
			s + 1, msg);
	if (sg.first != f->first[s] || sg.turn != (uint64_t)f->turn[s] ||
	    sg.count != f->first[s + 1] - f->first[s]) {
		silb_seg_free(&sg);
		return silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu disagrees with the INDEX", s + 1);
	}
	if (start && (rc = f->log->game->restore(start, sg.snap, sg.snaplen, err))) {
		silb_seg_free(&sg);
		return rc;
	}
	scratch_reset(f);
	memset(&c, 0, sizeof c);
	c.log = f->log;
	c.arena = &f->log->arena;
	c.last_turn = (int)sg.turn;
	sl_reader_init(&r, sg.raw + sg.at, (size_t)sg.rawlen - sg.at);
	for (uint64_t i = 0; i < sg.count && rc == SL_OK; i++) {
		sl_event ev;
		if (silb_get_entry(&c, &r, &ev))
			rc = silb_fail(err, name, f->off[s], SL_EFORMAT, "segment %zu: entry %llu: %s", s + 1,
				(unsigned long long)i + 1, c.msg);
		else if (silb_log_push(f->log, &ev))
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	sl_strtab_free(&c.tab);
	silb_seg_free(&sg);
	if (rc && start && *start) {
		f->log->game->destroy(*start);
		*start = NULL;
	}
	return rc;
}

/* sl_silb_walk_from and sl_silb_walk_entry from segment s0 on. */
static int walk_segs(sl_silb *f, size_t s0, void **start, long *events_before, size_t *entries_before,
	sl_silb_sink fn, void *ud, sl_error *err)
{
	size_t s;
	*events_before = f->events[s0];
	*entries_before = f->first[s0];
	if (f->dlog) {   /* the dictionary's game: all of it, from the initial state */
		void *end = NULL;
		int rc = dgame_run(f, 0, &end, err);
		if (end)
			f->log->game->destroy(end);
		if (rc == SL_OK && start)
			rc = sl_game_clone(f->log->game, f->init_st, start, err);
		if (rc == SL_OK)
			rc = fn(ud, f->log, f->log->ev, f->log->n, err);
		if (rc && start && *start) {
			f->log->game->destroy(*start);
			*start = NULL;
		}
		return rc < 0 ? rc : SL_OK;
	}
	for (s = s0; s < f->nseg; s++) {
		uint8_t *buf;
		const uint8_t *pl;
		size_t plen;
		int rc = read_segment(f, s, &buf, &pl, &plen, err);
		if (rc == SL_OK)
			rc = buf[0] != SILB_K_SEGMENT ? walk_mseg(f, s, buf[0], pl, plen, s == s0 ? start : NULL, err)
				: walk_seg(f, s, pl, plen, s == s0 ? start : NULL, err);
		sl_free(buf);
		if (rc == SL_OK)
			rc = fn(ud, f->log, f->log->ev, f->log->n, err);
		if (rc) {
			if (rc < 0 && *start) {
				f->log->game->destroy(*start);
				*start = NULL;
			}
			return rc < 0 ? rc : SL_OK;
		}
	}
	return SL_OK;
}

int sl_silb_walk_from(sl_silb *f, long event, int turn, void **start, long *events_before,
	size_t *entries_before, sl_silb_sink fn, void *ud, sl_error *err)
{
	int stop = event > 0 ? -(int)event : turn;
	*start = NULL;
	if (stop == 0 || f->nseg == 0 || (event > 0 && event > f->nevents) || (event <= 0 && turn > f->turns))
		return sl_error_set(err, SL_ERANGE, "%s: no such position to walk from", f->log->name);
	return walk_segs(f, seg_for(f, stop), start, events_before, entries_before, fn, ud, err);
}

int sl_silb_walk_entry(sl_silb *f, size_t entry, void **start, long *events_before,
	size_t *entries_before, sl_silb_sink fn, void *ud, sl_error *err)
{
	size_t lo = 0, hi = f->nseg;
	*start = NULL;
	if (entry >= f->entries || f->nseg == 0)
		return sl_error_set(err, SL_ERANGE, "%s: no entry %zu to walk from", f->log->name, entry + 1);
	while (hi - lo > 1) {   /* the last segment whose first entry is at or before entry */
		size_t mid = (lo + hi) / 2;
		if (f->first[mid] <= entry)
			lo = mid;
		else
			hi = mid;
	}
	return walk_segs(f, lo, start, events_before, entries_before, fn, ud, err);
}
