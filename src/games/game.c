/* game.c - helpers shared by rules modules and codecs: headers, schema
 * look-ups, state hash and clone through the canonical serialization. */
#include "sl_game.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

#include <string.h>

void sl_header_free(sl_header *h)
{
	sl_free(h->game);
	sl_free(h->title);
	sl_free(h->date);
	sl_free(h->comment);
	for (int i = 0; i < h->nplayers; i++) {
		sl_free(h->players[i].id);
		sl_free(h->players[i].name);
	}
	for (int i = 0; i < h->nmeta; i++) {
		sl_free(h->meta[i].key);
		sl_free(h->meta[i].value);
	}
	sl_free(h->meta);
	memset(h, 0, sizeof *h);
}

int sl_header_player(const sl_header *h, const char *id)
{
	for (int i = 0; i < h->nplayers; i++)
		if (h->players[i].id && strcmp(h->players[i].id, id) == 0)
			return i;
	return -1;
}

int sl_schema_token(const char *const *names, const char *s, size_t n)
{
	for (int i = 0; names && names[i]; i++)
		if (n && names[i][0] == s[0] && strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return i;
	return -1;
}

int sl_schema_event(const sl_schema *s, const char *name, size_t n)
{
	/* the first byte first: this runs for every line of every log read */
	for (int i = 0; i < s->nevents; i++) {
		const char *e = s->events[i].name;
		if (n && e[0] == name[0] && strlen(e) == n && memcmp(e, name, n) == 0)
			return i;
	}
	return -1;
}

const char *sl_phase_name(const sl_schema *s, int phase)
{
	if (phase < 1 || phase > s->nphases)
		return "setup";
	return s->phases[phase - 1];
}

int sl_game_compat(const sl_game *g, int recorded)
{
	if (recorded == g->rules_version)
		return SL_COMPAT_SAME;
	return g->compat ? g->compat(recorded) : SL_COMPAT_NO;
}

int sl_game_hash(const sl_game *g, const void *st, uint64_t *out)
{
	sl_buf b;
	int rc;
	sl_buf_init(&b);
	rc = g->serialize(st, &b);
	if (rc == SL_OK && b.failed)
		rc = SL_ENOMEM;
	if (rc == SL_OK)
		*out = sl_hash64(b.data, b.len);
	sl_buf_free(&b);
	return rc;
}

int sl_game_clone(const sl_game *g, const void *st, void **out, sl_error *err)
{
	sl_buf b;
	int rc;
	sl_buf_init(&b);
	rc = g->serialize(st, &b);
	if (rc == SL_OK && b.failed)
		rc = SL_ENOMEM;
	if (rc == SL_OK)
		rc = g->restore(out, b.data, b.len, err);
	else
		sl_error_set(err, rc, "cannot snapshot the state: %s", sl_code_name(rc));
	sl_buf_free(&b);
	return rc;
}

/* one string's room in a copy: its bytes and a NUL */
static size_t str_room(const char *s)
{
	return s ? strlen(s) + 1 : 0;
}

static char *str_put(char **at, const char *s)
{
	char *d = *at;
	size_t n = str_room(s);
	if (!s)
		return NULL;
	memcpy(d, s, n);
	*at += n;
	return d;
}

int sl_event_copy(const sl_event *ev, sl_event **out)
{
	size_t room = sizeof(sl_event) + (size_t)ev->ndraws * sizeof(sl_draw);
	sl_event *c;
	char *at;
	room += str_room(ev->comment) + str_room(ev->note) + str_room(ev->bookmark);
	for (int k = 0; k < SL_MAX_FIELDS; k++)
		if (ev->f[k].p)
			room += (size_t)ev->f[k].n + 1;   /* TEXT's NUL; a list's bytes and one more */
	*out = NULL;
	if (!(c = sl_malloc(room)))
		return SL_ENOMEM;
	*c = *ev;
	at = (char *)(c + 1);
	if (ev->ndraws && ev->draws) {   /* the draws first: sl_draw's alignment */
		memcpy(at, ev->draws, (size_t)ev->ndraws * sizeof(sl_draw));
		c->draws = (const sl_draw *)(void *)at;
		at += (size_t)ev->ndraws * sizeof(sl_draw);
	}
	c->comment = str_put(&at, ev->comment);
	c->note = str_put(&at, ev->note);
	c->bookmark = str_put(&at, ev->bookmark);
	for (int k = 0; k < SL_MAX_FIELDS; k++)
		if (ev->f[k].p) {
			memcpy(at, ev->f[k].p, ev->f[k].n);
			at[ev->f[k].n] = 0;
			c->f[k].p = at;
			at += (size_t)ev->f[k].n + 1;
		}
	*out = c;
	return SL_OK;
}

uint64_t sl_event_digest(const sl_schema *s, const sl_event *ev, uint64_t h)
{
	const sl_event_def *def = &s->events[ev->type];
	h = sl_hash64_update(h, (uint8_t[]){(uint8_t)ev->type, (uint8_t)(ev->type >> 8),
		(uint8_t)ev->player}, 3);
	for (int k = 0; k < def->nfields; k++) {
		const sl_value *v = &ev->f[k];
		uint8_t t[5] = {v->present, 0, 0, 0, 0};
		size_t n = 1;
		switch (v->present ? def->fields[k].kind : 0) {
		case SL_K_INT: case SL_K_ENUM: case SL_K_DIR:
			for (int i = 0; i < 4; i++)
				t[1 + i] = (uint8_t)((uint32_t)v->u.i >> (8 * i));
			n = 5;
			break;
		case SL_K_HEX:
			t[1] = (uint8_t)v->u.hex.col;
			t[2] = (uint8_t)((uint16_t)v->u.hex.col >> 8);
			t[3] = (uint8_t)v->u.hex.row;
			t[4] = (uint8_t)((uint16_t)v->u.hex.row >> 8);
			n = 5;
			break;
		case SL_K_PIECE: case SL_K_TEXT: case SL_K_DICE: case SL_K_LIST:
			t[1] = (uint8_t)v->n;
			t[2] = (uint8_t)(v->n >> 8);
			n = 3;
			break;
		}
		h = sl_hash64_update(h, t, n);
		if (v->present && n == 3 && v->n)
			h = sl_hash64_update(h, v->p, v->n);
	}
	return h;
}

int sl_entry_check(const sl_game *g, const void *st, const sl_event *ev, uint64_t *out)
{
	sl_buf b;
	int rc;
	sl_buf_init(&b);
	rc = g->serialize(st, &b);
	if (rc == SL_OK && b.failed)
		rc = SL_ENOMEM;
	if (rc == SL_OK) {
		uint64_t h = sl_hash64(b.data, b.len);
		if (ev->entry == SL_ENTRY_EVENT)
			h = sl_event_digest(g->schema, ev, h) & 0xffffffffu;
		*out = h;
	}
	sl_buf_free(&b);
	return rc;
}

uint64_t sl_draws_digest(const sl_event *ev, uint64_t h)
{
	uint8_t t[12];
	h = sl_hash64_update(h, (uint8_t[]){(uint8_t)ev->ndraws, (uint8_t)(ev->ndraws >> 8)}, 2);
	for (int i = 0; i < ev->ndraws; i++) {
		const sl_draw *d = &ev->draws[i];
		t[0] = d->field;
		t[1] = d->item;
		for (int b = 0; b < 8; b++)
			t[2 + b] = (uint8_t)(d->counter >> (8 * b));
		t[10] = d->value;
		t[11] = d->out_of;
		h = sl_hash64_update(h, t, sizeof t);
	}
	return h;
}

int sl_entry_check_v(const sl_game *g, int version, const void *st, const sl_event *ev,
	uint64_t prev, uint64_t *out)
{
	sl_buf b;
	int rc;
	uint8_t p[8];
	if (version < 2)
		return sl_entry_check(g, st, ev, out);
	sl_buf_init(&b);
	rc = g->serialize(st, &b);
	if (rc == SL_OK && b.failed)
		rc = SL_ENOMEM;
	if (rc == SL_OK) {
		uint64_t h = sl_hash64(b.data, b.len);
		for (int i = 0; i < 8; i++)
			p[i] = (uint8_t)(prev >> (8 * i));
		h = sl_hash64_update(h, p, 8);
		if (ev->entry == SL_ENTRY_EVENT)
			h = sl_draws_digest(ev, sl_event_digest(g->schema, ev, h)) & 0xffffffffu;
		*out = h;
	}
	sl_buf_free(&b);
	return rc;
}

uint64_t sl_chain_next(const sl_event *ev, uint64_t prev)
{
	if (ev->entry == SL_ENTRY_PHASE || !ev->has_check)
		return prev;
	return ev->entry == SL_ENTRY_TURN ? ev->check : ev->check & 0xffffffffu;
}

int sl_entry_seal(const sl_game *g, const sl_header *h, const void *st, uint64_t *chain, sl_event *ev)
{
	int rc;
	if (ev->entry == SL_ENTRY_PHASE)
		return SL_OK;
	rc = sl_entry_check_v(g, h->format_version, st, ev, *chain, &ev->check);
	if (rc)
		return rc;
	ev->has_check = 1;
	*chain = sl_chain_next(ev, *chain);
	return SL_OK;
}

/* The backup of a flat apply: one block per thread, kept between calls
 * (a replay applies hundreds of thousands of entries; a fresh block and two
 * copies each cost more than most rules), taken out while in use so that
 * an apply inside an apply gets its own, and freed when the thread ends
 * (or, for the thread that calls exit, by an atexit handler). */
static pthread_key_t flat_key;
static pthread_once_t flat_once = PTHREAD_ONCE_INIT;
static int flat_key_ok;

typedef struct flat_spare {
	size_t size;
	unsigned char data[];
} flat_spare;

/* the spare of the thread that calls exit (the main one: no destructor
 * runs for it), so that every block taken through sl_malloc is given back */
static void flat_exit(void)
{
	void *b = pthread_getspecific(flat_key);
	pthread_setspecific(flat_key, NULL);
	sl_free(b);
}

static void flat_key_make(void)
{
	flat_key_ok = pthread_key_create(&flat_key, sl_free) == 0;
	if (flat_key_ok)
		atexit(flat_exit);
}

static flat_spare *flat_take(size_t size)
{
	flat_spare *b = NULL;
	if (pthread_once(&flat_once, flat_key_make) == 0 && flat_key_ok) {
		b = pthread_getspecific(flat_key);
		pthread_setspecific(flat_key, NULL);
	}
	if (b && b->size < size) {
		sl_free(b);
		b = NULL;
	}
	if (!b && (b = sl_malloc(sizeof *b + size)))
		b->size = size;
	return b;
}

static void flat_give(flat_spare *b)
{
	if (flat_key_ok && !pthread_getspecific(flat_key) && pthread_setspecific(flat_key, b) == 0)
		return;
	sl_free(b);
}

/* sl_flat_unguarded's switch: taken (set to 0) by the flat apply or mark
 * it is for, before fn runs, so an apply inside that one is guarded again */
static _Thread_local int flat_unguarded;

void sl_flat_unguarded(int on)
{
	flat_unguarded = on != 0;
}

/* fn runs on st itself, after a backup: a refusal puts the backup back, so
 * st is as it was, as if fn had run on a copy (sl_game.h). Unguarded
 * (sl_flat_unguarded), no backup: the copy of the state was the costliest
 * part of a batch's replay (12 to 16% of ti4's and fmp's). */
int sl_flat_apply(void *st, size_t size, sl_flat_apply_fn fn, const sl_header *h,
	const sl_event *ev, sl_buf *desc, sl_error *err)
{
	flat_spare *bk = NULL;
	sl_buf d;
	int rc;
	if (flat_unguarded)
		flat_unguarded = 0;
	else if (!(bk = flat_take(size)))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	else
		memcpy(bk->data, st, size);
	sl_buf_init(&d);
	rc = fn(st, h, ev, desc ? &d : NULL, err);
	if (rc == SL_OK && desc && d.failed)
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	if (rc == SL_OK) {
		if (desc)
			sl_buf_put(desc, d.data, d.len);
	} else if (bk) {
		memcpy(st, bk->data, size);
	}
	sl_buf_free(&d);
	if (bk)
		flat_give(bk);
	return rc;
}

int sl_flat_mark(void *st, size_t size, sl_flat_mark_fn fn, const sl_header *h,
	int turn, int phase, sl_error *err)
{
	flat_spare *bk = NULL;
	int rc;
	if (flat_unguarded)
		flat_unguarded = 0;
	else if (!(bk = flat_take(size)))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	else
		memcpy(bk->data, st, size);
	rc = fn(st, h, turn, phase, err);
	if (rc != SL_OK && bk)
		memcpy(st, bk->data, size);
	if (bk)
		flat_give(bk);
	return rc;
}

void sl_event_init(sl_event *out, int type, int player)
{
	memset(out, 0, sizeof *out);
	out->entry = SL_ENTRY_EVENT;
	out->type = (uint16_t)type;
	out->player = (int8_t)player;
}

void sl_value_int(sl_value *v, int32_t i)
{
	v->present = 1;
	v->u.i = i;
}

void sl_value_hex(sl_value *v, int col, int row)
{
	v->present = 1;
	v->u.hex.col = (int16_t)col;
	v->u.hex.row = (int16_t)row;
}

int sl_value_text(sl_arena *a, sl_value *v, const char *s)
{
	size_t n = strlen(s);
	char *p = sl_arena_strndup(a, s, n);
	if (!p)
		return SL_ENOMEM;
	v->present = 1;
	v->n = (uint16_t)n;
	v->p = p;
	return SL_OK;
}

int sl_value_bytes(sl_arena *a, sl_value *v, const uint8_t *b, int n)
{
	void *p = sl_arena_memdup(a, b, n > 0 ? (size_t)n : 1);
	if (!p)
		return SL_ENOMEM;
	v->present = 1;
	v->n = (uint16_t)n;
	v->p = p;
	return SL_OK;
}

int sl_event_set_draws(sl_arena *a, sl_event *ev, const sl_draw *d, int n)
{
	sl_draw *p;
	if (n <= 0) {
		ev->ndraws = 0;
		ev->draws = NULL;
		return SL_OK;
	}
	p = sl_arena_memdup(a, d, sizeof *d * (size_t)n);
	if (!p)
		return SL_ENOMEM;
	for (int i = 1; i < n; i++)   /* by field then item (insertion: a handful) */
		for (int j = i; j > 0 && (p[j - 1].field > p[j].field ||
		     (p[j - 1].field == p[j].field && p[j - 1].item > p[j].item)); j--) {
			sl_draw t = p[j];
			p[j] = p[j - 1];
			p[j - 1] = t;
		}
	ev->ndraws = (uint16_t)n;
	ev->draws = p;
	return SL_OK;
}

int sl_draws_valid(const sl_schema *s, const sl_event *ev, char *msg, size_t msgn)
{
	const sl_event_def *def = &s->events[ev->type];
	for (int i = 0; i < ev->ndraws; i++) {
		const sl_draw *d = &ev->draws[i];
		const sl_field_def *fd = d->field < def->nfields ? &def->fields[d->field] : NULL;
		const sl_value *v = fd ? &ev->f[d->field] : NULL;
		if (ev->entry != SL_ENTRY_EVENT || !fd || !v->present)
			return snprintf(msg, msgn, "draw %d names a field the event does not hold", i + 1), -1;
		if (i && (d->field < ev->draws[i - 1].field ||
		          (d->field == ev->draws[i - 1].field && d->item <= ev->draws[i - 1].item)))
			return snprintf(msg, msgn, "the draws are not in field and item order"), -1;
		if (fd->kind == SL_K_DICE) {
			if (d->item >= v->n || d->value != ((const uint8_t *)v->p)[d->item] || d->out_of != fd->max)
				return snprintf(msg, msgn, "draw %d is not %s die %d of %d faces", i + 1, fd->name,
					d->item + 1, (int)fd->max), -1;
		} else if (fd->kind != SL_K_ENUM || d->item || d->value < 1 || d->value > d->out_of) {
			return snprintf(msg, msgn, "draw %d of %s is neither a die nor a value drawn out of 1..255",
				i + 1, fd->name), -1;
		}
	}
	return 0;
}

const char *sl_value_str(const sl_value *v, size_t *n)
{
	if (!v->present || !v->p) {
		*n = 0;
		return "";
	}
	*n = v->n;
	return v->p;
}

const uint8_t *sl_value_items(const sl_value *v, int *n)
{
	if (!v->present || !v->p) {
		*n = 0;
		return NULL;
	}
	*n = v->n;
	return v->p;
}

int sl_event_unknown_faces(const sl_schema *s, const sl_event *ev)
{
	const sl_event_def *def;
	int faces = 0;
	if (ev->entry != SL_ENTRY_EVENT)
		return 0;
	def = &s->events[ev->type];
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && ev->f[k].present)
			for (int d = 0; d < ev->f[k].n; d++)
				if (!((const uint8_t *)ev->f[k].p)[d] && def->fields[k].max > faces)
					faces = def->fields[k].max;
	return faces;
}

int sl_event_stand_in(sl_arena *a, const sl_schema *s, const sl_event *ev, int v, sl_event *out)
{
	const sl_event_def *def;
	*out = *ev;
	if (ev->entry != SL_ENTRY_EVENT)
		return SL_OK;
	def = &s->events[ev->type];
	for (int k = 0; k < def->nfields; k++) {
		uint8_t items[SL_MAX_ITEMS];
		int q = 0;
		if (def->fields[k].kind != SL_K_DICE || !ev->f[k].present)
			continue;
		for (int d = 0; d < ev->f[k].n; d++) {
			items[d] = ((const uint8_t *)ev->f[k].p)[d];
			if (!items[d]) {
				items[d] = (uint8_t)(v < def->fields[k].max ? v : def->fields[k].max);
				q = 1;
			}
		}
		if (q && sl_value_bytes(a, &out->f[k], items, ev->f[k].n))
			return SL_ENOMEM;
	}
	return SL_OK;
}
