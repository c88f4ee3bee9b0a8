/* replay.c - keyframed deterministic replay over any rules module. */
#include "sl_replay.h"

#include <stdio.h>
#include <string.h>

/* One event in EVENT_STRIDE has its entry index kept; the others are found
 * by counting from there (a full table cost 8 bytes an entry, and on a long
 * log its first touch showed in the time to open). */
#define EVENT_STRIDE 64

/* A keyframe holds the game's serialize bytes at a position. One in
 * KF_WHOLE_EVERY keeps them whole; the others keep only how they differ from
 * the last whole one, as runs: (uvarint bytes equal to the base's at the
 * same offset, uvarint literal bytes, the literals), after a uvarint total
 * length. Most of a state (a map, names) does not change between
 * keyframes: on a 1M-event sail game the keyframes take 0.9 MB instead of
 * 4.6 MB, and touching that memory for the first time cost more than
 * serializing into it. */
#define KF_WHOLE_EVERY 16

typedef struct keyframe {
	size_t pos;
	uint8_t *snap;        /* whole bytes, or the runs against kf[base] */
	size_t len;           /* bytes in snap */
	size_t base;          /* its own index when whole */
} keyframe;

struct sl_replay {
	const sl_log *log;
	const sl_game *g;
	void *st;
	size_t pos;
	keyframe *kf;
	size_t nkf, capkf;
	size_t whole;         /* the last whole keyframe */
	sl_buf snap, runs;    /* scratch: a state's bytes, a keyframe's runs */
	long *event_pos;      /* event_pos[j] = entry index of event j*EVENT_STRIDE+1 */
	long nevents;
	int turns;
	long checks;
	uint64_t chain;                 /* format 2: the chain value after the entries stepped */
	unsigned flags;
	int stream;           /* fed entry by entry: no entries kept, no keyframes */
	char warning[256];
};

/* p[0..n) as runs against base[0..nb): equal bytes are skipped, and a
 * literal run goes on until four bytes in a row equal the base's again. */
static void runs_encode(const uint8_t *base, size_t nb, const uint8_t *p, size_t n, sl_buf *out)
{
	size_t i = 0;
	sl_buf_uvarint(out, n);
	while (i < n) {
		size_t same = i, lit, end = n < nb ? n : nb;
		while (same + 8 <= end) {   /* eight bytes at a time while they match */
			uint64_t x, y;
			memcpy(&x, p + same, 8);
			memcpy(&y, base + same, 8);
			if (x != y)
				break;
			same += 8;
		}
		while (same < end && p[same] == base[same])
			same++;
		lit = same;
		while (lit < n && !(lit + 4 <= n && lit + 4 <= nb && memcmp(p + lit, base + lit, 4) == 0))
			lit++;
		sl_buf_uvarint(out, same - i);
		sl_buf_uvarint(out, lit - same);
		sl_buf_put(out, p + same, lit - same);
		i = lit;
	}
}

/* The bytes runs_encode was given, into out (reset first). */
static int runs_decode(const uint8_t *base, size_t nb, const uint8_t *d, size_t nd, sl_buf *out)
{
	sl_reader r;
	size_t n, at = 0;
	sl_reader_init(&r, d, nd);
	n = (size_t)sl_read_uvarint(&r);
	sl_buf_reset(out);
	if (r.err || sl_buf_reserve(out, n))
		return -1;
	while (at < n) {
		size_t same = (size_t)sl_read_uvarint(&r), lit = (size_t)sl_read_uvarint(&r);
		const uint8_t *p;
		if (r.err || same > n - at || (same && (at > nb || same > nb - at)))
			return -1;
		sl_buf_put(out, base + at, same);
		at += same;
		if (lit > n - at || !(p = sl_read_bytes(&r, lit)))
			return -1;
		sl_buf_put(out, p, lit);
		at += lit;
	}
	return r.pos == nd && !out->failed ? 0 : -1;
}

static int add_keyframe(sl_replay *r, sl_error *err)
{
	keyframe *k;
	const uint8_t *keep;
	size_t n;
	if (r->nkf && r->kf[r->nkf - 1].pos == r->pos)
		return SL_OK;
	if (r->nkf == r->capkf) {
		size_t cap = r->capkf ? r->capkf * 2 : 64;
		k = sl_realloc(r->kf, cap * sizeof *k);
		if (!k)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		r->kf = k;
		r->capkf = cap;
	}
	sl_buf_reset(&r->snap);
	if (r->g->serialize(r->st, &r->snap) != SL_OK || r->snap.failed)
		return sl_error_set(err, SL_ENOMEM, "out of memory: cannot snapshot the state");
	k = &r->kf[r->nkf];
	k->pos = r->pos;
	k->base = r->nkf;
	keep = r->snap.data;
	n = r->snap.len;
	if (r->nkf % KF_WHOLE_EVERY) {
		const keyframe *b = &r->kf[r->whole];
		sl_buf_reset(&r->runs);
		runs_encode(b->snap, b->len, r->snap.data, r->snap.len, &r->runs);
		if (r->runs.failed)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		if (r->runs.len < r->snap.len / 2) {   /* else kept whole */
			k->base = r->whole;
			keep = r->runs.data;
			n = r->runs.len;
		}
	}
	k->snap = sl_malloc(n ? n : 1);
	if (!k->snap)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	memcpy(k->snap, keep, n);
	k->len = n;
	if (k->base == r->nkf)
		r->whole = r->nkf;
	r->nkf++;
	return SL_OK;
}

int sl_replay_apply(const sl_log *log, void *st, const sl_event *ev, long event_no,
	sl_buf *desc, sl_error *err)
{
	return sl_entry_apply(log->game, &log->h, log->name, st, ev, event_no, desc, err);
}

static int check_entry(sl_replay *r, const sl_event *ev, long event_no, sl_error *err)
{
	uint64_t got, want = ev->check;
	int digits = ev->entry == SL_ENTRY_TURN ? 16 : 8;
	char msg[256];
	if (sl_entry_check_v(r->g, r->log->h.format_version, r->st, ev, r->chain, &got) != SL_OK)
		return sl_error_set(err, SL_ENOMEM, "out of memory: cannot hash the state");
	if (digits == 8)
		want &= 0xffffffffu;
	r->checks++;
	if (got == want)
		return SL_OK;
	snprintf(msg, sizeof msg, "desync: the replayed check is %0*llx but the log records %0*llx; "
		"the game parts from the recorded one here", digits, (unsigned long long)got,
		digits, (unsigned long long)want);
	return sl_entry_fail(r->g, &r->log->h, r->log->name, ev, event_no, SL_EDESYNC, msg, err);
}

/* A replay at the initial state of log's game (rules version checked). */
static int start(sl_replay **out, const sl_log *log, unsigned flags, int stream, sl_error *err)
{
	sl_replay *r;
	int rc, compat;
	*out = NULL;
	r = sl_calloc(1, sizeof *r);
	if (!r)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	r->log = log;
	r->g = log->game;
	sl_buf_init(&r->snap);
	sl_buf_init(&r->runs);
	r->flags = flags;
	r->stream = stream;
	compat = sl_game_compat(r->g, log->h.rules_version);
	if (compat == SL_COMPAT_NO) {
		rc = sl_error_set(err, SL_EVERSION, "%s: recorded under %s rules version %d, which this "
			"build (version %d) cannot replay", log->name ? log->name : "log", r->g->id,
			log->h.rules_version, r->g->rules_version);
		goto fail;
	}
	if (compat == SL_COMPAT_WARN)
		snprintf(r->warning, sizeof r->warning, "recorded under %s rules version %d, replayed with "
			"version %d: results may differ", r->g->id, log->h.rules_version, r->g->rules_version);
	rc = r->g->init(&r->st, &log->h, err);
	if (rc)
		goto fail;
	*out = r;
	return SL_OK;
fail:
	sl_replay_free(r);
	return rc;
}

/* Applies the entry at position r->pos (every rule, and its check when
 * asked) and counts it. */
static int step_desc(sl_replay *r, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	long no = r->nevents + (ev->entry == SL_ENTRY_EVENT);
	int rc;
	if (r->flags & SL_REPLAY_ONCE)
		sl_flat_unguarded(1);
	rc = sl_entry_apply(r->g, &r->log->h, r->log->name, r->st, ev, no, desc, err);
	sl_flat_unguarded(0);   /* not taken by an apply that is not flat, or refused before it */
	if (rc)
		return rc;
	if (ev->entry == SL_ENTRY_EVENT) {
		if (r->event_pos && r->nevents % EVENT_STRIDE == 0)
			r->event_pos[r->nevents / EVENT_STRIDE] = (long)r->pos;
		r->nevents++;
	}
	r->pos++;
	if (ev->entry == SL_ENTRY_TURN && ev->mark > r->turns)
		r->turns = ev->mark;
	if ((r->flags & SL_REPLAY_CHECK) && ev->has_check && (rc = check_entry(r, ev, no, err)))
		return rc;
	r->chain = sl_chain_next(ev, r->chain);
	return SL_OK;
}

static int step(sl_replay *r, const sl_event *ev, sl_error *err)
{
	return step_desc(r, ev, NULL, err);
}

int sl_replay_open(sl_replay **out, const sl_log *log, unsigned flags, sl_error *err)
{
	sl_replay *r;
	size_t since;
	int rc = start(&r, log, flags, 0, err);
	*out = NULL;
	if (rc)
		return rc;
	if (log->n) {
		r->event_pos = sl_malloc((log->n / EVENT_STRIDE + 1) * sizeof *r->event_pos);
		if (!r->event_pos) {
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
			goto fail;
		}
	}
	if ((rc = add_keyframe(r, err)))
		goto fail;
	for (size_t i = 0; i < log->n; i++) {
		const sl_event *ev = &log->ev[i];
#if defined(__GNUC__)
		/* an entry is ~250 bytes and a long log far bigger than the caches:
		 * without this, each entry waits for memory */
		if (i + 8 < log->n)
			__builtin_prefetch(&log->ev[i + 8]);
#endif
		if ((rc = step(r, ev, err)))
			goto fail;
		since = r->pos - r->kf[r->nkf - 1].pos;
		if (since >= SL_REPLAY_KEYFRAME_EVERY ||
		    (ev->entry == SL_ENTRY_TURN && since >= SL_REPLAY_KEYFRAME_TURN))
			if ((rc = add_keyframe(r, err)))
				goto fail;
	}
	*out = r;
	return SL_OK;
fail:
	sl_replay_free(r);
	return rc;
}

int sl_replay_stream(sl_replay **out, const sl_log *log, unsigned flags, sl_error *err)
{
	return start(out, log, flags, 1, err);
}

int sl_replay_stream_at(sl_replay **out, const sl_log *log, void *st, size_t pos, long events,
	sl_error *err)
{
	int phase;
	int rc = start(out, log, 0, 1, err);
	if (rc) {
		log->game->destroy(st);
		return rc;
	}
	(*out)->g->destroy((*out)->st);
	(*out)->st = st;
	(*out)->pos = pos;
	(*out)->nevents = events;
	(*out)->g->position(st, &(*out)->turns, &phase);
	return SL_OK;
}

int sl_replay_feed(sl_replay *r, const sl_event *ev, size_t n, sl_error *err)
{
	if (!r->stream)
		return sl_error_set(err, SL_ERANGE, "this replay was opened over a whole log: it takes no entries");
	for (size_t i = 0; i < n; i++) {
		int rc = step(r, &ev[i], err);
		if (rc)
			return rc;
	}
	return SL_OK;
}

/* The veil of view over the description of ev just applied (r->st is the
 * state after it), as sl_replay_describe_as does. */
static int veil_desc(sl_replay *r, const sl_event *ev, int view, sl_buf *out, uint32_t *hide,
	sl_error *err)
{
	sl_buf veiled;
	uint32_t h = 0;
	int rc = SL_OK;
	if (view == SL_VIEW_ALL || !r->g->veil || ev->entry != SL_ENTRY_EVENT)
		return SL_OK;
	sl_buf_init(&veiled);
	sl_buf_put(&veiled, out->data, out->len);
	if (r->g->veil(r->st, &r->log->h, ev, view, &veiled, &h) == 1) {
		if (veiled.failed)
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		else {
			sl_buf_reset(out);
			sl_buf_put(out, veiled.data, veiled.len);
			if (hide)
				*hide = h;
		}
	}
	sl_buf_free(&veiled);
	return rc;
}

int sl_replay_feed_describe(sl_replay *r, const sl_event *ev, int view, sl_buf *out,
	uint32_t *hide, sl_error *err)
{
	int rc;
	if (hide)
		*hide = 0;
	if (!r->stream)
		return sl_error_set(err, SL_ERANGE, "this replay was opened over a whole log: it takes no entries");
	if (ev->entry != SL_ENTRY_EVENT) {
		sl_replay_describe_marker(r->log, ev, out);
		rc = step(r, ev, err);
	} else {
		rc = step_desc(r, ev, out, err);
	}
	if (rc == SL_OK)
		rc = veil_desc(r, ev, view, out, hide, err);
	if (rc == SL_OK && out->failed)
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	return rc;
}

void sl_replay_free(sl_replay *r)
{
	if (!r)
		return;
	if (r->st)
		r->g->destroy(r->st);
	for (size_t i = 0; i < r->nkf; i++)
		sl_free(r->kf[i].snap);
	sl_free(r->kf);
	sl_buf_free(&r->snap);
	sl_buf_free(&r->runs);
	sl_free(r->event_pos);
	sl_free(r);
}

const sl_log *sl_replay_log(const sl_replay *r) { return r->log; }
const char *sl_replay_warning(const sl_replay *r) { return r->warning[0] ? r->warning : NULL; }
long sl_replay_events(const sl_replay *r) { return r->nevents; }
int sl_replay_turns(const sl_replay *r) { return r->turns; }
long sl_replay_checks(const sl_replay *r) { return r->checks; }
size_t sl_replay_keyframes(const sl_replay *r) { return r->nkf; }
size_t sl_replay_pos(const sl_replay *r) { return r->pos; }
const void *sl_replay_state(const sl_replay *r) { return r->st; }

int sl_replay_seek(sl_replay *r, size_t pos, sl_error *err)
{
	size_t lo = 0, hi = r->nkf;
	long no;
	if (r->stream)
		return sl_error_set(err, SL_ERANGE, "a streamed replay cannot seek");
	if (pos > r->log->n)
		return sl_error_set(err, SL_ERANGE, "position %zu is past the end (%zu entries)", pos, r->log->n);
	while (hi - lo > 1) {   /* last keyframe at or before pos */
		size_t mid = (lo + hi) / 2;
		if (r->kf[mid].pos <= pos)
			lo = mid;
		else
			hi = mid;
	}
	if (!(r->pos <= pos && r->pos >= r->kf[lo].pos)) {
		const keyframe *k = &r->kf[lo];
		const uint8_t *p = k->snap;
		size_t n = k->len;
		void *st;
		int rc;
		if (k->base != lo) {
			const keyframe *b = &r->kf[k->base];
			if (runs_decode(b->snap, b->len, k->snap, k->len, &r->snap))
				return sl_error_set(err, SL_ENOMEM, "cannot rebuild keyframe %zu", lo);
			p = r->snap.data;
			n = r->snap.len;
		}
		rc = r->g->restore(&st, p, n, err);
		if (rc)
			return rc;
		r->g->destroy(r->st);
		r->st = st;
		r->pos = r->kf[lo].pos;
	}
	no = sl_replay_event_at(r, r->pos);
	while (r->pos < pos) {
		const sl_event *ev = &r->log->ev[r->pos];
		int rc;
		no += ev->entry == SL_ENTRY_EVENT;
		rc = sl_entry_apply(r->g, &r->log->h, r->log->name, r->st, ev, no, NULL, err);
		if (rc)
			return rc;   /* cannot happen: open replayed the same entries */
		r->pos++;
	}
	return SL_OK;
}

int sl_replay_step(sl_replay *r, long delta, sl_error *err)
{
	long target = (long)r->pos + delta;
	if (target < 0)
		target = 0;
	if ((size_t)target > r->log->n)
		target = (long)r->log->n;
	return sl_replay_seek(r, (size_t)target, err);
}

long sl_replay_pos_of_event(const sl_replay *r, long n)
{
	long k, seen;
	size_t i;
	if (n < 0 || n > r->nevents || (n && !r->event_pos))
		return -1;
	if (n == 0)
		return 0;
	k = (n - 1) / EVENT_STRIDE;   /* event k*EVENT_STRIDE+1 is at event_pos[k] */
	seen = k * EVENT_STRIDE;
	for (i = (size_t)r->event_pos[k];; i++)
		if (r->log->ev[i].entry == SL_ENTRY_EVENT && ++seen == n)
			return (long)i + 1;
}

long sl_replay_event_at(const sl_replay *r, size_t pos)
{
	long lo = 0, hi, seen;
	size_t i;
	if (!r->event_pos)
		return pos >= r->pos ? r->nevents : -1;   /* streamed: only the present is known */
	if (pos >= r->log->n)
		return r->nevents;
	hi = (r->nevents + EVENT_STRIDE - 1) / EVENT_STRIDE;   /* kept positions < pos */
	while (lo < hi) {
		long mid = (lo + hi) / 2;
		if ((size_t)r->event_pos[mid] < pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return 0;   /* no event before the first one */
	seen = (lo - 1) * EVENT_STRIDE;
	for (i = (size_t)r->event_pos[lo - 1]; i < pos; i++)
		seen += r->log->ev[i].entry == SL_ENTRY_EVENT;
	return seen;
}

long sl_replay_pos_of_turn(const sl_replay *r, int turn, int phase)
{
	const sl_log *log = r->log;
	int cur = 0;
	for (size_t i = 0; i < log->n; i++) {
		const sl_event *ev = &log->ev[i];
		if (ev->entry == SL_ENTRY_TURN) {
			cur = ev->mark;
			if (cur == turn && phase <= 1)
				return (long)i + 1;
		} else if (ev->entry == SL_ENTRY_PHASE && cur == turn && ev->mark == phase) {
			return (long)i + 1;
		}
	}
	return -1;
}

void sl_replay_where(const sl_replay *r, int *turn, int *phase)
{
	r->g->position(r->st, turn, phase);
}

uint64_t sl_replay_hash(sl_replay *r)
{
	uint64_t h = 0;
	sl_game_hash(r->g, r->st, &h);
	return h;
}

int sl_replay_hash_get(sl_replay *r, uint64_t *out, sl_error *err)
{
	*out = 0;
	if (sl_game_hash(r->g, r->st, out) != SL_OK)
		return sl_error_set(err, SL_ENOMEM, "out of memory: cannot hash the state");
	return SL_OK;
}

void sl_replay_describe_marker(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	if (ev->entry == SL_ENTRY_TURN)
		sl_buf_printf(out, "Turn %d begins", (int)ev->mark);
	else
		sl_buf_printf(out, "Phase %d: %s", (int)ev->mark, sl_phase_name(log->game->schema, ev->mark));
}

int sl_replay_describe(sl_replay *r, size_t i, sl_buf *out, sl_error *err)
{
	const sl_event *ev;
	int rc;
	if (r->stream || i >= r->log->n)
		return sl_error_set(err, SL_ERANGE, "no entry %zu", i);
	rc = sl_replay_seek(r, i, err);
	if (rc)
		return rc;
	ev = &r->log->ev[i];
	if (ev->entry != SL_ENTRY_EVENT) {
		sl_replay_describe_marker(r->log, ev, out);
		rc = sl_replay_seek(r, i + 1, err);
	} else {
		rc = sl_replay_apply(r->log, r->st, ev, sl_replay_event_at(r, i) + 1, out, err);
		if (rc == SL_OK)
			r->pos = i + 1;
	}
	/* a description cut short by a failed allocation is not the description */
	if (rc == SL_OK && out && out->failed)
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	return rc;
}

int sl_replay_describe_as(sl_replay *r, size_t i, int view, sl_buf *out, uint32_t *hide,
	sl_error *err)
{
	sl_buf veiled;
	uint32_t h = 0;
	int rc, hidden;
	if (hide)
		*hide = 0;
	rc = sl_replay_describe(r, i, out, err);
	if (rc || view == SL_VIEW_ALL || !r->g->veil || r->log->ev[i].entry != SL_ENTRY_EVENT)
		return rc;
	/* the replay now stands just after entry i: the state the veil reads */
	sl_buf_init(&veiled);
	if (out)   /* the hook reads the whole description and rewrites it */
		sl_buf_put(&veiled, out->data, out->len);
	hidden = r->g->veil(r->st, &r->log->h, &r->log->ev[i], view, &veiled, &h);
	if (hidden == 1) {
		if (veiled.failed) {
			sl_buf_free(&veiled);
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		}
		if (out) {
			sl_buf_reset(out);
			sl_buf_put(out, veiled.data, veiled.len);
			if (out->failed)
				rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		}
		if (hide)
			*hide = h;
	}
	sl_buf_free(&veiled);
	return rc;
}
