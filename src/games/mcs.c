/* mcs.c - the coding scope of modelled segments (formats/silb.md, "Modelled
 * segments"): the keyframe and the entries of a segment coded with the
 * range coder of core/sl_mc.h, under the generic schema models here and
 * the rules module's own model when it has one. It lives beside the rules
 * interface that declares the hooks' helpers (sl_game.h), so a rules
 * module's model needs nothing above src/games; the .silb codec frames
 * what it codes. Encoding and
 * decoding run the same functions (sl_mc's symmetric calls), and both
 * apply every entry to the state as they go, because the models ask the
 * state what comes next. */
#include "sl_mcs.h"
#include "core/sl_mc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_STR (1u << 20)          /* bytes of one decoded string */
#define NCLASS 3                    /* string classes: piece ids, text fields, comments */
enum { CL_PIECE, CL_TEXT, CL_NOTE };

/* The models of one field of one event type. */
typedef struct fmodel {
	sl_mc_bit present, known;
	sl_mc_bit u1[SL_MC_UINT_PROBS], u2[SL_MC_UINT_PROBS];
	sl_mc_bit tree[256];
	/* schema coding 2 (sl_mcs_generic2) only */
	sl_mc_cnt same_prev, raw;           /* the previous event's first piece; hex as bytes */
	sl_mc_cnt word;                     /* a word of the game's vocabulary */
	sl_mc_bit rank[SL_MC_UINT_PROBS];   /* place in the field's recent values, 0: none */
	sl_mc_bit rawlen[SL_MC_UINT_PROBS];
	sl_mc_bit byte[256];
	uint16_t recent[8];                 /* table index + 1, most recent first */
	int32_t last;                       /* INT: the value coded before */
	int32_t lastc, lastr;               /* HEX: the hex coded before */
	sl_mc_cnt ref_same;                 /* primed segments: the value is the reference's */
} fmodel;

/* Everything adaptive, reset (zeroed) at the start of each segment. */
typedef struct models {
	sl_mc_cnt marker[3][16][4];         /* a marker, not an event: by the previous entry's
	                                       kind, the phase, the game's hint */
	sl_mc_cnt phase_mark[3][16][4];     /* a phase marker, not a turn marker */
	sl_mc_cnt has_check[3], same_check[3], has_extras[3];
	sl_mc_bit extra[3][4];              /* comment, note, bookmark; draws (format 2) */
	sl_mc_bit draw_n[SL_MC_UINT_PROBS], draw_f[SL_MC_UINT_PROBS], draw_i[SL_MC_UINT_PROBS];
	sl_mc_cnt draw_next;                /* counter = the last one + 1 */
	sl_mc_bit draw_lo[SL_MC_UINT_PROBS], draw_hi[SL_MC_UINT_PROBS];
	sl_mc_bit draw_v[SL_MC_UINT_PROBS], draw_w[SL_MC_UINT_PROBS];
	sl_mc_cnt turn_next;
	sl_mc_bit turn_no[SL_MC_UINT_PROBS];
	sl_mc_cnt phase_next[16];
	sl_mc_bit phase_no[SL_MC_UINT_PROBS];
	sl_mc_bit type[16][256];            /* by phase */
	sl_mc_bit player[32][16];           /* by event type */
	sl_mc_bit str_len[NCLASS][SL_MC_UINT_PROBS];
	/* keyframes coded as bytes */
	sl_mc_bit kf_len[SL_MC_UINT_PROBS], kf_same[4], kf_byte[9][256];
	sl_mc_bit use_model;
	/* schema coding 2: the type under the type before, the player under
	 * the type and the player before */
	sl_mc_bit type2[64][256];
	sl_mc_bit player2[32][10][16];
	/* primed segments: the setup event is the reference's type and
	 * player, under whether the one before was */
	sl_mc_cnt ref_head[2];
	int prev_type;                      /* + 1; 0 none yet */
	int prev_player;                    /* + 1 */
	size_t prev_ref;                    /* table index + 1 of its first field, a piece */
} models;

struct sl_mcs {
	sl_mc mc;
	const sl_game *g;
	const sl_header *h;
	const char *name;                   /* for positions in refusals */
	const sl_model *gm;
	sl_arena *arena;
	sl_strtab tab;
	models m;
	fmodel *fm;                         /* per (type, field), zeroed with m */
	size_t nfm;
	int fm_at[256];                     /* first fmodel of each event type */
	void *gctx;                         /* the game model's state */
	int prev;                           /* kind of the entry before */
	uint64_t chain;                     /* format 2: the chain value the next check
	                                       starts from, 0 at a segment's start */
	uint64_t last_ctr;                  /* the last draw's counter + 1 in the segment */
	int type_bits;
	size_t ref_idx;                     /* code_ref_at: the value's table index + 1, 0 none */
	int generic_only;                   /* a segment of model version 0 */
	int seg_version;                    /* the segment's model version */
	const sl_event *ahead;              /* encoder: the entries after this one */
	size_t nahead;
	size_t nwords;                      /* the vocabulary: the header's player ids, then the model's words */
	/* The bytes of the segment's strings (new PIECE and TEXT values,
	 * comments, notes, bookmarks) travel apart from the range code, in
	 * one deflate stream: LZ77 finds what repeats in text, which a byte
	 * model does not. The range code holds only their lengths. */
	sl_buf strs;                        /* encoder: appended here */
	const uint8_t *sp;                  /* decoder: taken from here, in order */
	size_t sn, spos;
	const uint8_t *start;               /* decoder: the first coded byte */
	const sl_mcs_snap *prime;           /* what primed segments start from */
	int primed;                         /* this segment is (sl_mcs_prime) */
	size_t ref_i;                       /* setup events coded so far in it */
	int ref_hit;                        /* the last one was coded by the reference */
	int rc;
	int short_end;                      /* codes end short (sl_mcs_set_short) */
	char msg[256];
};

sl_mc *sl_mcs_coder(sl_mcs *s) { return &s->mc; }
int sl_mcs_decoding(const sl_mcs *s) { return s->mc.dec; }
sl_arena *sl_mcs_arena(sl_mcs *s) { return s->arena; }

int sl_mcs_fail(sl_mcs *s, const char *fmt, ...)
{
	va_list ap;
	if (s->rc == 0) {
		va_start(ap, fmt);
		vsnprintf(s->msg, sizeof s->msg, fmt, ap);
		va_end(ap);
		s->rc = SL_EFORMAT;
	}
	return s->rc;
}

#define bits_for sl_bits_for
#define ntokens sl_ntokens

/* A failed allocation: SL_ENOMEM and "out of memory", whatever the step. */
static int mcs_oom(sl_mcs *s)
{
	if (s->rc == 0 || s->rc == SL_ENOMEM) {
		s->rc = SL_ENOMEM;
		snprintf(s->msg, sizeof s->msg, "out of memory");
	}
	return s->rc;
}

const char *sl_mcs_msg(const sl_mcs *s) { return s->msg; }

int sl_mcs_new(sl_mcs **out, const sl_game *g, const sl_header *h, const char *name,
	sl_arena *arena)
{
	const sl_schema *sc = g->schema;
	sl_mcs *s;
	*out = NULL;
	if (sc->nevents > 256)
		return SL_ELIMIT;
	s = sl_calloc(1, sizeof *s);
	if (!s)
		return SL_ENOMEM;
	s->g = g;
	s->h = h;
	s->name = name;
	s->gm = g->model;
	s->arena = arena;
	for (int t = 0; t < sc->nevents; t++) {
		s->fm_at[t] = (int)s->nfm;
		s->nfm += (size_t)(sc->events[t].nfields < SL_MAX_FIELDS ? sc->events[t].nfields : SL_MAX_FIELDS);
	}
	s->type_bits = bits_for((unsigned)(sc->nevents > 0 ? sc->nevents - 1 : 0));
	if (s->gm && s->gm->words) {
		s->nwords = (size_t)(h->nplayers > 0 ? h->nplayers : 0);
		for (size_t i = 0; s->gm->words[i] && s->nwords < 65536; i++)
			s->nwords++;
	}
	s->fm = sl_calloc(s->nfm ? s->nfm : 1, sizeof *s->fm);
	if (s->gm && s->gm->ctx_size)
		s->gctx = sl_calloc(1, s->gm->ctx_size);
	if (!s->fm || (s->gm && s->gm->ctx_size && !s->gctx)) {
		sl_mcs_free(s);
		return SL_ENOMEM;
	}
	*out = s;
	return SL_OK;
}

void sl_mcs_free(sl_mcs *s)
{
	if (!s)
		return;
	sl_strtab_free(&s->tab);
	sl_buf_free(&s->strs);
	sl_free(s->fm);
	sl_free(s->gctx);
	sl_free(s);
}

int sl_mcs_model_version(const sl_mcs *s)
{
	return s->gm ? s->gm->version : 0;
}

/* A model whose first versions coded only events: no keyframes, and no
 * hint (or one that gives 0 to the segments of versions before hint_from). */
static int events_only(const sl_model *gm)
{
	return !gm->state_fits && !gm->state && (!gm->hint || gm->hint_from > 0);
}

int sl_mcs_use_version(sl_mcs *s, int version)
{
	s->generic_only = 0;
	s->seg_version = version;
	if (version == sl_mcs_model_version(s))
		return SL_OK;
	/* older versions the hooks still decode */
	if (s->gm && s->gm->oldest > 0 && version >= s->gm->oldest && version < s->gm->version)
		return SL_OK;
	/* a model that only codes events (no hint before its hint_from, no
	 * keyframes) came after segments coded generically: those (version 0)
	 * decode as they were */
	if (version == 0 && s->gm && events_only(s->gm)) {
		s->generic_only = 1;
		return SL_OK;
	}
	return SL_EVERSION;
}

static void reset(sl_mcs *s)
{
	memset(&s->m, 0, sizeof s->m);
	memset(s->fm, 0, (s->nfm ? s->nfm : 1) * sizeof *s->fm);
	if (s->gctx)
		memset(s->gctx, 0, s->gm->ctx_size);
	sl_strtab_reset(&s->tab);
	s->primed = 0;
	s->ref_i = 0;
	s->ref_hit = 0;
	s->prev = SL_ENTRY_TURN;
	s->chain = s->last_ctr = 0;
	sl_buf_reset(&s->strs);
	s->sp = NULL;
	s->sn = s->spos = 0;
	s->rc = 0;
	s->msg[0] = 0;
}

int sl_mcs_version(const sl_mcs *s)
{
	return s->mc.dec ? s->seg_version : sl_mcs_model_version(s);
}

const sl_event *sl_mcs_ahead(const sl_mcs *s, size_t *n)
{
	*n = s->mc.dec ? 0 : s->nahead;
	return s->mc.dec ? NULL : s->ahead;
}

void sl_mcs_set_ahead(sl_mcs *s, const sl_event *next, size_t n)
{
	s->ahead = next;
	s->nahead = next ? n : 0;
}

void sl_mcs_begin_enc(sl_mcs *s, sl_buf *out)
{
	reset(s);
	sl_mc_enc_init(&s->mc, out);
}

void sl_mcs_begin_dec(sl_mcs *s, const uint8_t *p, size_t n, const uint8_t *strs, size_t nstrs)
{
	reset(s);
	s->start = p;
	s->sp = strs;
	s->sn = nstrs;
	sl_mc_dec_init(&s->mc, p, n);
	if (s->short_end)
		sl_mc_dec_short(&s->mc);
}

void sl_mcs_set_short(sl_mcs *s, int on)
{
	s->short_end = on;
}

void sl_mcs_strings(const sl_mcs *s, const uint8_t **p, size_t *n)
{
	*p = s->strs.data;
	*n = s->strs.len;
}

int sl_mcs_finish(sl_mcs *s)
{
	if (s->mc.dec) {
		if (s->spos != s->sn)
			return sl_mcs_fail(s, "%zu string bytes left over", s->sn - s->spos);
		if (!sl_mc_dec_done(&s->mc))
			return sl_mcs_fail(s, s->mc.p != s->mc.end && sl_mc_dec_ok(&s->mc)
				? "%zu bytes after the coded entries" : "the coded entries are damaged or cut short",
				(size_t)(s->mc.end - s->mc.p));
		return SL_OK;
	}
	if (s->short_end)
		sl_mc_enc_finish_short(&s->mc);
	else
		sl_mc_enc_finish(&s->mc);
	if (s->strs.failed) {
		return mcs_oom(s);
	}
	if (s->mc.bad)
		return sl_mcs_fail(s, "a model coded a value it had ruled out (a bug)");
	return SL_OK;
}

/* ---- primed models ----------------------------------------------------------------- */

struct sl_mcs_snap {
	const sl_schema *schema;
	models m;
	fmodel *fm;
	size_t nfm;
	void *gctx;
	size_t gsize;
	sl_strtab tab;
	sl_arena arena;                     /* the table's strings */
	uint8_t *strs;                      /* the string bytes seen, the last SL_MCS_SNAP_STRINGS */
	size_t nstrs;
	sl_event *ref;                      /* the setup events of the last game seen */
	size_t nref;
};

void sl_mcs_snap_free(sl_mcs_snap *p)
{
	if (!p)
		return;
	sl_free(p->fm);
	sl_free(p->gctx);
	sl_strtab_free(&p->tab);
	sl_arena_free(&p->arena);
	sl_free(p->strs);
	sl_free(p);
}

/* A copy of ev's fields in a (strings and items). */
static int copy_fields(sl_arena *a, const sl_schema *sc, sl_event *ev)
{
	if (ev->type >= sc->nevents)
		return 0;
	for (int k = 0; k < sc->events[ev->type].nfields && k < SL_MAX_FIELDS; k++) {
		sl_value *v = &ev->f[k];
		int kind = sc->events[ev->type].fields[k].kind;
		void *c;
		if (!v->present || !v->p)
			continue;
		if (kind == SL_K_TEXT || kind == SL_K_PIECE)
			c = sl_arena_strndup(a, v->p, v->n);
		else if ((c = sl_arena_alloc(a, v->n ? v->n : 1)))
			memcpy(c, v->p, v->n);
		if (!c)
			return -1;
		v->p = c;
	}
	return 0;
}

int sl_mcs_snap_take(sl_mcs *s, const sl_mcs_snap *prev, const sl_event *ev, size_t nev,
	sl_mcs_snap **out)
{
	sl_mcs_snap *p = sl_calloc(1, sizeof *p);
	const uint8_t *seg = s->mc.dec ? s->sp : s->strs.data;
	size_t nseg = s->mc.dec ? s->sn : s->strs.len, nprev = prev ? prev->nstrs : 0, keep;
	*out = NULL;
	if (!p)
		return SL_ENOMEM;
	sl_arena_init(&p->arena);
	p->schema = s->g->schema;
	p->m = s->m;
	p->nfm = s->nfm;
	p->gsize = s->gctx ? s->gm->ctx_size : 0;
	p->fm = sl_malloc((s->nfm ? s->nfm : 1) * sizeof *p->fm);
	p->gctx = p->gsize ? sl_malloc(p->gsize) : NULL;
	keep = nprev + nseg < SL_MCS_SNAP_STRINGS ? nprev + nseg : SL_MCS_SNAP_STRINGS;
	p->strs = sl_malloc(keep ? keep : 1);
	if (!p->fm || (p->gsize && !p->gctx) || !p->strs)
		goto oom;
	memcpy(p->fm, s->fm, s->nfm * sizeof *p->fm);
	if (p->gsize)
		memcpy(p->gctx, s->gctx, p->gsize);
	/* the strings: the previous ones, then this segment's, the last `keep` */
	{
		size_t from_seg = nseg < keep ? nseg : keep, from_prev = keep - from_seg;
		if (from_prev)
			memcpy(p->strs, prev->strs + nprev - from_prev, from_prev);
		if (from_seg)
			memcpy(p->strs + from_prev, seg + nseg - from_seg, from_seg);
		p->nstrs = keep;
	}
	for (size_t k = 0; k < s->tab.n; k++) {
		char *c = sl_arena_strndup(&p->arena, s->tab.s[k], s->tab.len[k]);
		if (!c || sl_strtab_add(&p->tab, c, s->tab.len[k], s->tab.ok[k]) < 0)
			goto oom;
	}
	/* the reference: the game's setup, its events before the first marker */
	while (p->nref < nev && ev[p->nref].entry == SL_ENTRY_EVENT)
		p->nref++;
	if (p->nref) {
		if (!(p->ref = sl_arena_alloc(&p->arena, p->nref * sizeof *p->ref)))
			goto oom;
		for (size_t k = 0; k < p->nref; k++) {
			p->ref[k] = ev[k];
			p->ref[k].comment = p->ref[k].note = p->ref[k].bookmark = NULL;
			p->ref[k].draws = NULL;
			p->ref[k].ndraws = 0;
			if (copy_fields(&p->arena, s->g->schema, &p->ref[k]))
				goto oom;
		}
	} else if (prev && prev->nref) {   /* a game of no setup keeps the one before */
		if (!(p->ref = sl_arena_alloc(&p->arena, prev->nref * sizeof *p->ref)))
			goto oom;
		for (size_t k = 0; k < prev->nref; k++) {
			p->ref[k] = prev->ref[k];
			if (copy_fields(&p->arena, s->g->schema, &p->ref[k]))
				goto oom;
		}
		p->nref = prev->nref;
	}
	*out = p;
	return SL_OK;
oom:
	sl_mcs_snap_free(p);
	return SL_ENOMEM;
}

void sl_mcs_snap_strings(const sl_mcs_snap *p, const uint8_t **b, size_t *n)
{
	*b = p ? p->strs : NULL;
	*n = p ? p->nstrs : 0;
}

void sl_mcs_set_prime(sl_mcs *s, const sl_mcs_snap *p) { s->prime = p; }
const sl_mcs_snap *sl_mcs_get_prime(const sl_mcs *s) { return s->prime; }

int sl_mcs_prime(sl_mcs *s)
{
	const sl_mcs_snap *p = s->prime;
	size_t fresh;
	if (!p) {
		snprintf(s->msg, sizeof s->msg, "a primed segment, and no dictionary to start it from");
		return s->rc = SL_EFORMAT;
	}
	if (p->schema != s->g->schema || p->nfm != s->nfm ||
	    p->gsize != (s->gctx ? s->gm->ctx_size : 0)) {
		snprintf(s->msg, sizeof s->msg, "the dictionary's models are another game's");
		return s->rc = SL_EFORMAT;
	}
	s->m = p->m;
	s->m.prev_type = s->m.prev_player = 0;   /* the entry before: none yet */
	s->m.prev_ref = 0;
	memcpy(s->fm, p->fm, s->nfm * sizeof *s->fm);
	if (p->gsize) {
		memcpy(s->gctx, p->gctx, p->gsize);
		fresh = s->gm->ctx_fresh < p->gsize ? s->gm->ctx_fresh : p->gsize;
		memset(s->gctx, 0, fresh);
	}
	if (sl_strtab_copy(&s->tab, &p->tab) < 0)
		return mcs_oom(s);
	/* decoded values point into the table: its strings become the log's,
	 * which outlives the dictionary */
	for (size_t k = 0; s->mc.dec && k < s->tab.n; k++)
		if (!(s->tab.s[k] = sl_arena_strndup(s->arena, s->tab.s[k], s->tab.len[k])))
			return mcs_oom(s);
	s->primed = 1;
	return SL_OK;
}

static int value_eq(const sl_field_def *fd, const sl_value *a, const sl_value *b)
{
	if (a->present != b->present)
		return 0;
	if (!a->present)
		return 1;
	switch (fd->kind) {
	case SL_K_INT: case SL_K_ENUM: case SL_K_DIR:
		return a->u.i == b->u.i;
	case SL_K_HEX:
		return a->u.hex.col == b->u.hex.col && a->u.hex.row == b->u.hex.row;
	default:
		return a->n == b->n && (a->n == 0 || (a->p && b->p && memcmp(a->p, b->p, a->n) == 0));
	}
}

static int code_value(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v);
static int code_value2(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v, size_t *idx);

/* A setup event of a primed segment against the reference's event at its
 * place (formats/silb.md, "Archives of many games"): a flag "its type and
 * player", then per field a flag "its value", else the value as the
 * generic coding codes it. 1 when coded so, 0 when the head differs
 * (nothing more coded: the game's model codes the event), or an error. */
static int code_by_ref(sl_mcs *s, const sl_event *re, sl_event *ev)
{
	sl_mc *c = &s->mc;
	const sl_event_def *def;
	/* a model that codes only events codes them in schema coding 2: a value
	 * that is not the reference's is coded as that coding codes it */
	int t, same, two = s->gm && s->gm->event && events_only(s->gm) && !s->generic_only;
	size_t idx;
	if (s->gm && s->gm->no_ref && s->gm->no_ref(sl_mcs_version(s), re->type)) {
		s->ref_i++;   /* the place is taken; the model codes the event */
		return 0;
	}
	same = sl_mc_flag(c, &s->m.ref_head[s->ref_hit], c->dec ? 0 : ev->type == re->type && ev->player == re->player);
	s->ref_i++;
	s->ref_hit = same;
	if (!same)
		return 0;
	if (c->dec) {
		ev->type = re->type;
		ev->player = re->player;
	}
	t = ev->type;
	def = &s->g->schema->events[t];
	for (int k = 0; k < def->nfields && k < SL_MAX_FIELDS; k++) {
		fmodel *fm = &s->fm[s->fm_at[t] + k];
		const sl_field_def *fd = &def->fields[k];
		if (sl_mc_flag(c, &fm->ref_same, c->dec ? 0 : value_eq(fd, &ev->f[k], &re->f[k]))) {
			if (c->dec) {
				ev->f[k] = re->f[k];
				if (re->f[k].present && re->f[k].p) {   /* the log's own copy */
					void *cp = fd->kind == SL_K_TEXT || fd->kind == SL_K_PIECE
						? sl_arena_strndup(s->arena, re->f[k].p, re->f[k].n)
						: sl_arena_alloc(s->arena, re->f[k].n ? re->f[k].n : 1);
					if (!cp)
						return mcs_oom(s);
					if (fd->kind != SL_K_TEXT && fd->kind != SL_K_PIECE)
						memcpy(cp, re->f[k].p, re->f[k].n);
					ev->f[k].p = cp;
				}
			}
			continue;
		}
		if (fd->optional && !sl_mc_bit_code(c, &fm->present, ev->f[k].present))
			continue;
		ev->f[k].present = 1;
		if (two ? code_value2(s, fm, fd, &ev->f[k], &idx) : code_value(s, fm, fd, &ev->f[k]))
			return s->rc;
	}
	if (two) {   /* the context schema coding 2 keeps */
		s->m.prev_type = t + 1;
		s->m.prev_player = ev->player + 1;
		s->m.prev_ref = 0;
	}
	return sl_mc_dec_ok(c) || !c->dec ? 1 : sl_mcs_fail(s, "the coded event is damaged");
}

size_t sl_mcs_pos(const sl_mcs *s)
{
	return s->mc.dec ? (size_t)(s->mc.p - s->start) : s->mc.out->len;
}

/* ---- strings ---------------------------------------------------------------------- */

/* A string: its length in the range code, its bytes in the string
 * stream. Decoding, the copy lands in the arena with a NUL after it. */
static int code_bytes(sl_mcs *s, int cl, const char **p, size_t *n)
{
	sl_mc *c = &s->mc;
	uint32_t len = sl_mc_uint(c, s->m.str_len[cl], (uint32_t)(c->dec ? 0 : *n));
	char *out;
	if (!c->dec) {
		sl_buf_put(&s->strs, *p, *n);
		return SL_OK;
	}
	if (len > MAX_STR || len > s->sn - s->spos || !sl_mc_dec_ok(c))
		return sl_mcs_fail(s, "a string of %lu bytes, more than the string stream has left (%zu)",
			(unsigned long)len, s->sn - s->spos);
	out = sl_arena_alloc(s->arena, len + 1);
	if (!out) {
		return mcs_oom(s);
	}
	memcpy(out, s->sp + s->spos, len);
	s->spos += len;
	out[len] = 0;
	*p = out;
	*n = len;
	return SL_OK;
}

/* A PIECE or TEXT value: an index into the segment's table, or a new
 * string that joins it. */
static int code_ref_at(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v, size_t before,
	size_t k, int known_coded);

static int code_ref(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v)
{
	size_t before = s->tab.n, k = 0;
	if (!s->mc.dec) {
		int fail = 0;
		k = sl_strtab_find_or_add(&s->tab, s->arena, v->p ? v->p : "", v->p ? v->n : 0, &fail);
		if (fail) {
			return mcs_oom(s);
		}
	}
	return code_ref_at(s, fm, fd, v, before, k, 0);
}

/* k: encoding, the table index + 1 of the value when it was in the table
 * of `before` strings, else 0 (it has just been added, or the table is full).
 * known_coded: the caller has coded "not in the table" already. */
static int code_ref_at(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v, size_t before,
	size_t k, int known_coded)
{
	sl_mc *c = &s->mc;
	int cl = fd->kind == SL_K_PIECE ? CL_PIECE : CL_TEXT, ok;
	if (!c->dec && k > before)
		k = 0;
	s->ref_idx = 0;
	if (!known_coded && sl_mc_bit_code(c, &fm->known, k > 0)) {
		if (c->dec && before == 0)
			return sl_mcs_fail(s, "field %s: a string from an empty table", fd->name);
		k = sl_mc_uniform(c, (unsigned)(k - 1), (unsigned)before) + 1;
		s->ref_idx = k;
		if (c->dec) {
			v->p = s->tab.s[k - 1];
			v->n = s->tab.len[k - 1];
			ok = s->tab.ok[k - 1];
		} else
			return SL_OK;
	} else {
		const char *p = v->p;
		size_t n = v->n;
		s->ref_idx = s->tab.n > before ? s->tab.n : 0;   /* the encoder added it */
		if (code_bytes(s, cl, &p, &n))
			return s->rc;
		if (!c->dec)
			return SL_OK;
		if (n > UINT16_MAX)
			return sl_mcs_fail(s, "field %s: a string of %zu bytes", fd->name, n);
		ok = sl_str_ok(p, n);
		if (sl_strtab_add(&s->tab, p, n, ok) < 0) {
			return mcs_oom(s);
		}
		s->ref_idx = s->tab.n > before ? s->tab.n : 0;
		v->p = p;
		v->n = (uint16_t)n;
	}
	if (fd->kind == SL_K_PIECE ? !(ok & SL_STR_ID)
	    : (!(ok & SL_STR_TEXT) || (fd->max_items > 0 && v->n > (size_t)fd->max_items)))
		return sl_mcs_fail(s, "field %s: '%.*s' is not a valid %s", fd->name,
			(int)(v->n > 40 ? 40 : v->n), (const char *)v->p,
			fd->kind == SL_K_PIECE ? "piece id" : "text");
	return SL_OK;
}

static uint32_t zigzag(int32_t v)
{
	return (uint32_t)v << 1 ^ (uint32_t)(v >> 31);
}

static int32_t unzigzag(uint32_t u)
{
	return (int32_t)(u >> 1) ^ -(int32_t)(u & 1);
}

static int code_value(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v)
{
	sl_mc *c = &s->mc;
	switch (fd->kind) {
	case SL_K_INT: {
		uint32_t u = sl_mc_uint(c, fm->u1, (uint32_t)((int64_t)v->u.i - fd->min));
		if (c->dec) {
			if ((int64_t)u > (int64_t)fd->max - fd->min)
				return sl_mcs_fail(s, "field %s: out of range (%d..%d)", fd->name,
					(int)fd->min, (int)fd->max);
			v->u.i = (int32_t)((int64_t)fd->min + u);
		}
		return SL_OK;
	}
	case SL_K_ENUM:
	case SL_K_DIR: {
		int n = fd->kind == SL_K_DIR ? SL_HEX_DIRS : ntokens(fd->names);
		unsigned u;
		if (n > 256)
			return sl_mcs_fail(s, "field %s has more than 256 names", fd->name);
		u = sl_mc_tree(c, fm->tree, bits_for((unsigned)(n > 0 ? n - 1 : 0)), (unsigned)v->u.i);
		if (c->dec) {
			if ((int)u >= n)
				return sl_mcs_fail(s, "field %s: value %u is not one of its %d", fd->name, u, n);
			v->u.i = (int32_t)u;
		}
		return SL_OK;
	}
	case SL_K_HEX: {
		uint32_t col = sl_mc_uint(c, fm->u1, zigzag(v->u.hex.col));
		uint32_t row = sl_mc_uint(c, fm->u2, zigzag(v->u.hex.row));
		if (c->dec) {
			int32_t a = unzigzag(col), b = unzigzag(row);
			if (a < -32768 || a > 32767 || b < -32768 || b > 32767)
				return sl_mcs_fail(s, "field %s: hex out of range", fd->name);
			v->u.hex.col = (int16_t)a;
			v->u.hex.row = (int16_t)b;
		}
		return SL_OK;
	}
	case SL_K_PIECE:
	case SL_K_TEXT:
		return code_ref(s, fm, fd, v);
	case SL_K_DICE:
	case SL_K_LIST: {
		unsigned max = fd->kind == SL_K_DICE ? (fd->max > 0 ? (unsigned)fd->max : 0)
			: (unsigned)(ntokens(fd->names) > 0 ? ntokens(fd->names) - 1 : 0);
		int lim = fd->max_items < SL_MAX_ITEMS ? fd->max_items : SL_MAX_ITEMS, bits;
		uint32_t n;
		uint8_t *items = NULL;
		if (max > 255)
			max = 255;
		bits = bits_for(max);
		n = sl_mc_uint(c, fm->u1, (uint32_t)(v->n - 1)) + 1;
		if (c->dec) {
			if (n < 1 || n > (uint32_t)lim)
				return sl_mcs_fail(s, "field %s: %lu items (1..%d)", fd->name, (unsigned long)n, lim);
			if (!(items = sl_arena_alloc(s->arena, n))) {
				return mcs_oom(s);
			}
		}
		for (uint32_t i = 0; i < n; i++) {
			unsigned it = sl_mc_tree(c, fm->tree, bits, c->dec ? 0 : ((const uint8_t *)v->p)[i]);
			if (items) {
				if (it > max)
					return sl_mcs_fail(s, "field %s: item %u is out of range (0..%u)", fd->name, it, max);
				items[i] = (uint8_t)it;
			}
		}
		if (items) {
			v->p = items;
			v->n = (uint16_t)n;
		}
		return SL_OK;
	}
	}
	return sl_mcs_fail(s, "field %s has an unknown kind", fd->name);
}

/* An event's type under `types`, then its player + 1 as a 4-bit tree: under
 * the type (the generic coding), or under the type and the player + 1 of
 * the event before (schema coding 2, two set). */
static int code_head(sl_mcs *s, sl_event *ev, sl_mc_bit *types, int two)
{
	const sl_schema *sc = s->g->schema;
	sl_mc *c = &s->mc;
	int t, pl;
	t = (int)sl_mc_tree(c, types, s->type_bits, ev->type);
	if (c->dec) {
		if (t >= sc->nevents)
			return sl_mcs_fail(s, "event type %d is not in %s's schema", t, s->g->id);
		ev->type = (uint16_t)t;
	}
	if (sc->events[t].nfields > SL_MAX_FIELDS)
		return sl_mcs_fail(s, "event type %s has more fields than this build holds",
			sc->events[t].name);
	pl = (int)sl_mc_tree(c, two ? s->m.player2[t & 31][s->m.prev_player % 10] : s->m.player[t & 31],
		4, (unsigned)(ev->player + 1));
	if (c->dec) {
		if (pl > s->h->nplayers)
			return sl_mcs_fail(s, "player %d is not in the header (%d players)", pl,
				s->h->nplayers);
		ev->player = (int8_t)(pl - 1);
	}
	return SL_OK;
}

int sl_mcs_generic(sl_mcs *s, sl_event *ev)
{
	sl_mc *c = &s->mc;
	const sl_event_def *def;
	int t;
	/* the caller leaves the phase in ev->mark while coding */
	if (code_head(s, ev, s->m.type[ev->mark & 15], 0))
		return s->rc;
	t = ev->type;
	def = &s->g->schema->events[t];
	for (int k = 0; k < def->nfields; k++) {
		fmodel *fm = &s->fm[s->fm_at[t] + k];
		const sl_field_def *fd = &def->fields[k];
		if (fd->optional && !sl_mc_bit_code(c, &fm->present, ev->f[k].present))
			continue;
		ev->f[k].present = 1;
		if (code_value(s, fm, fd, &ev->f[k]))
			return s->rc;
	}
	return sl_mc_dec_ok(c) || !c->dec ? SL_OK : sl_mcs_fail(s, "the coded event is damaged");
}

/* ---- schema coding 2 ---------------------------------------------------------------- */

/* A value's checks as code_ref_at makes them, for a string taken from the table. */
static int ref_ok(sl_mcs *s, const sl_field_def *fd, const sl_value *v, int ok)
{
	if (fd->kind == SL_K_PIECE ? !(ok & SL_STR_ID)
	    : (!(ok & SL_STR_TEXT) || (fd->max_items > 0 && v->n > (size_t)fd->max_items)))
		return sl_mcs_fail(s, "field %s: '%.*s' is not a valid %s", fd->name,
			(int)(v->n > 40 ? 40 : v->n), (const char *)v->p,
			fd->kind == SL_K_PIECE ? "piece id" : "text");
	return SL_OK;
}

static int take_ref(sl_mcs *s, const sl_field_def *fd, sl_value *v, size_t k)
{
	if (s->mc.dec) {
		if (k < 1 || k > s->tab.n)
			return sl_mcs_fail(s, "field %s: string %zu of a table of %zu", fd->name, k, s->tab.n);
		v->p = s->tab.s[k - 1];
		v->n = s->tab.len[k - 1];
		return ref_ok(s, fd, v, s->tab.ok[k - 1]);
	}
	return SL_OK;
}

/* 16..510 lower-case hex digits, an even number of them: a salt, a
 * commitment (a short id like a1 stays a string). */
static int is_hex(const sl_value *v)
{
	const char *p = v->p;
	if (!p || v->n < 16 || v->n > 510 || v->n % 2)
		return 0;
	for (size_t i = 0; i < v->n; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
			return 0;
	return 1;
}

/* Hex digits as their bytes: the count - 1, then each byte, 8 bits. */
static int code_raw(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v)
{
	sl_mc *c = &s->mc;
	static const char hx[] = "0123456789abcdef";
	uint32_t n = sl_mc_uint(c, fm->rawlen, c->dec ? 0 : (uint32_t)(v->n / 2 - 1)) + 1;
	char *out = NULL;
	if (c->dec) {
		if (n > 255 || !sl_mc_dec_ok(c))
			return sl_mcs_fail(s, "field %s: %lu bytes of hex", fd->name, (unsigned long)n);
		if (!(out = sl_arena_alloc(s->arena, 2 * n + 1)))
			return mcs_oom(s);
	}
	for (uint32_t i = 0; i < n; i++) {
		unsigned b = 0;
		if (!c->dec) {
			const char *p = (const char *)v->p + 2 * i;
			b = (unsigned)((p[0] <= '9' ? p[0] - '0' : p[0] - 'a' + 10) << 4 |
				(p[1] <= '9' ? p[1] - '0' : p[1] - 'a' + 10));
		}
		b = sl_mc_uniform(c, b, 256);
		if (out) {
			out[2 * i] = hx[b >> 4];
			out[2 * i + 1] = hx[b & 15];
		}
	}
	if (!out)
		return SL_OK;
	out[2 * n] = 0;
	v->p = out;
	v->n = (uint16_t)(2 * n);
	return ref_ok(s, fd, v, sl_str_ok(out, 2 * n));
}

static void recent_push(fmodel *fm, size_t k)
{
	int i;
	if (k == 0 || k > UINT16_MAX)
		return;
	for (i = 0; i < 7 && fm->recent[i] != k; i++)
		;
	for (; i > 0; i--)
		fm->recent[i] = fm->recent[i - 1];
	fm->recent[0] = (uint16_t)k;
}

static const char *word_at(const sl_mcs *s, size_t i)
{
	size_t np = (size_t)(s->h->nplayers > 0 ? s->h->nplayers : 0);
	return i < np ? s->h->players[i].id : s->gm->words[i - np];
}

/* A new string that is a word of the vocabulary: its index. Returns 0 when
 * coded so (the string then joins the table), 1 when it is no word (the
 * caller codes it as bytes), or an error. The encoder has added it to the
 * table already. */
static int code_word(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v, size_t before)
{
	sl_mc *c = &s->mc;
	size_t w = s->nwords, n;
	const char *p;
	if (!c->dec)
		for (w = 0; w < s->nwords; w++) {
			p = word_at(s, w);
			if (p && strlen(p) == v->n && memcmp(p, v->p, v->n) == 0)
				break;
		}
	if (!sl_mc_flag(c, &fm->word, w < s->nwords))
		return 1;
	w = sl_mc_uniform(c, (unsigned)w, (unsigned)s->nwords);
	s->ref_idx = s->tab.n > before ? s->tab.n : 0;
	if (!c->dec)
		return SL_OK;
	p = word_at(s, w);
	if (!p || !sl_mc_dec_ok(c))
		return sl_mcs_fail(s, "field %s: word %zu of the vocabulary is damaged", fd->name, w);
	n = strlen(p);
	if (sl_strtab_add(&s->tab, p, n, sl_str_ok(p, n)) < 0)
		return mcs_oom(s);
	s->ref_idx = s->tab.n > before ? s->tab.n : 0;
	v->p = p;
	v->n = (uint16_t)n;
	return ref_ok(s, fd, v, sl_str_ok(p, n));
}

/* A PIECE or TEXT: the previous event's first piece, else hex as bytes,
 * else one of the field's recent values, else the table or a new string. */
static int code_ref2(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v, size_t *idx)
{
	sl_mc *c = &s->mc;
	size_t before = s->tab.n, k = 0, pr = s->m.prev_ref;
	uint32_t r = 0;
	*idx = 0;
	if (fd->kind == SL_K_PIECE && pr && pr <= s->tab.n) {
		int same = !c->dec && v->n == s->tab.len[pr - 1] && v->p &&
			memcmp(v->p, s->tab.s[pr - 1], v->n) == 0;
		if (sl_mc_flag(c, &fm->same_prev, same)) {
			*idx = pr;
			recent_push(fm, pr);
			return take_ref(s, fd, v, pr);
		}
	}
	if (sl_mc_flag(c, &fm->raw, !c->dec && is_hex(v)))
		return code_raw(s, fm, fd, v);
	if (!c->dec) {
		k = sl_strtab_find(&s->tab, v->p ? v->p : "", v->p ? v->n : 0);
		for (r = 0; r < 8 && (!k || fm->recent[r] != k); r++)
			;
		r = r < 8 ? r + 1 : 0;
	}
	r = sl_mc_uint(c, fm->rank, r);
	if (r) {
		if (c->dec && (r > 8 || !fm->recent[r - 1]))
			return sl_mcs_fail(s, "field %s: recent value %lu of none", fd->name, (unsigned long)r);
		k = fm->recent[r - 1];
		*idx = k;
		recent_push(fm, k);
		return take_ref(s, fd, v, k);
	}
	if (sl_mc_bit_code(c, &fm->known, k > 0)) {
		if (before == 0)
			return sl_mcs_fail(s, "field %s: a string from an empty table", fd->name);
		k = sl_mc_uniform(c, (unsigned)(k - 1), (unsigned)before) + 1;
		*idx = k;
		recent_push(fm, k);
		return take_ref(s, fd, v, k);
	}
	if (!c->dec) {
		int fail = 0;
		k = sl_strtab_find_or_add(&s->tab, s->arena, v->p ? v->p : "", v->p ? v->n : 0, &fail);
		if (fail)
			return mcs_oom(s);
	}
	if (s->nwords) {
		int rc = code_word(s, fm, fd, v, before);
		if (rc <= 0) {
			*idx = s->ref_idx;
			recent_push(fm, s->ref_idx);
			return rc;
		}
	}
	if (code_ref_at(s, fm, fd, v, before, 0, 1))
		return s->rc;
	*idx = s->ref_idx;
	recent_push(fm, s->ref_idx);
	return SL_OK;
}

/* An INT or HEX as the change from the value before in its field. */
static int code_delta(sl_mcs *s, sl_mc_bit *probs, int32_t *last, int64_t lo, int64_t hi,
	int32_t *v, const char *name)
{
	sl_mc *c = &s->mc;
	int64_t d = c->dec ? 0 : (int64_t)*v - *last;
	uint32_t u = sl_mc_uint(c, probs, (uint32_t)(d < 0 ? ((uint64_t)-d << 1) - 1 : (uint64_t)d << 1));
	if (c->dec) {
		d = (u & 1) ? -(int64_t)(u >> 1) - 1 : (int64_t)(u >> 1);
		d += *last;
		if (d < lo || d > hi)
			return sl_mcs_fail(s, "field %s: out of range (%lld..%lld)", name, (long long)lo,
				(long long)hi);
		*v = (int32_t)d;
	}
	*last = *v;
	return SL_OK;
}

static int code_value2(sl_mcs *s, fmodel *fm, const sl_field_def *fd, sl_value *v, size_t *idx)
{
	*idx = 0;
	switch (fd->kind) {
	case SL_K_INT:
		/* the change fits 32 bits zigzagged when the range is below 2^31 */
		if ((int64_t)fd->max - fd->min < ((int64_t)1 << 31))
			return code_delta(s, fm->u1, &fm->last, fd->min, fd->max, &v->u.i, fd->name);
		return code_value(s, fm, fd, v);
	case SL_K_HEX: {
		int32_t col = v->u.hex.col, row = v->u.hex.row;
		if (code_delta(s, fm->u1, &fm->lastc, -32768, 32767, &col, fd->name) ||
		    code_delta(s, fm->u2, &fm->lastr, -32768, 32767, &row, fd->name))
			return s->rc;
		v->u.hex.col = (int16_t)col;
		v->u.hex.row = (int16_t)row;
		return SL_OK;
	}
	case SL_K_PIECE:
	case SL_K_TEXT:
		return code_ref2(s, fm, fd, v, idx);
	default:
		return code_value(s, fm, fd, v);
	}
}

int sl_mcs_head2(sl_mcs *s, sl_event *ev)
{
	return code_head(s, ev, s->m.type2[s->m.prev_type & 63], 1);
}

int sl_mcs_value2(sl_mcs *s, int t, int k, sl_value *v)
{
	const sl_event_def *def;
	size_t idx;
	if (t < 0 || t >= s->g->schema->nevents)
		return sl_mcs_fail(s, "no event type %d (a bug)", t);
	def = &s->g->schema->events[t];
	if (k < 0 || k >= def->nfields || k >= SL_MAX_FIELDS)
		return sl_mcs_fail(s, "no field %d of event type %d (a bug)", k, t);
	v->present = 1;
	return code_value2(s, &s->fm[s->fm_at[t] + k], &def->fields[k], v, &idx);
}

int sl_mcs_fields2(sl_mcs *s, sl_event *ev, unsigned skip)
{
	return sl_mcs_fields2_under(s, ev, skip, NULL);
}

int sl_mcs_fields2_under(sl_mcs *s, sl_event *ev, unsigned skip, sl_mc_cnt *pres)
{
	sl_mc *c = &s->mc;
	const sl_event_def *def;
	int t = ev->type;
	size_t first = 0;
	def = &s->g->schema->events[t];
	for (int k = 0; k < def->nfields; k++) {
		fmodel *fm = &s->fm[s->fm_at[t] + k];
		const sl_field_def *fd = &def->fields[k];
		size_t idx;
		if (k < 32 && (skip >> k & 1))
			continue;
		if (fd->optional && !(pres ? sl_mc_flag(c, &pres[k], ev->f[k].present)
		    : sl_mc_bit_code(c, &fm->present, ev->f[k].present)))
			continue;
		ev->f[k].present = 1;
		if (code_value2(s, fm, fd, &ev->f[k], &idx))
			return s->rc;
		if (k == 0 && fd->kind == SL_K_PIECE)
			first = idx;
	}
	s->m.prev_type = t + 1;
	s->m.prev_player = ev->player + 1;
	s->m.prev_ref = first;
	return sl_mc_dec_ok(c) || !c->dec ? SL_OK : sl_mcs_fail(s, "the coded event is damaged");
}

int sl_mcs_generic2(sl_mcs *s, sl_event *ev)
{
	if (sl_mcs_head2(s, ev))
		return s->rc;
	return sl_mcs_fields2(s, ev, 0);
}

int sl_model_event2(sl_mcs *s, void *ctx, void *st, const sl_header *h, sl_event *ev)
{
	(void)ctx;
	(void)st;
	(void)h;
	return sl_mcs_generic2(s, ev);
}

/* ---- entries ---------------------------------------------------------------------- */

static int code_check(sl_mcs *s, const void *st, sl_event *ev, int kind)
{
	sl_mc *c = &s->mc;
	uint64_t want = 0, v = ev->check;
	int digits = kind == SL_ENTRY_TURN ? 64 : 32;
	/* format 2 chains the checks: at a segment's start the chain value is
	 * not known here, so that first prediction misses and costs its bits */
	if (sl_entry_check_v(s->g, s->h->format_version, st, ev, s->chain, &want) != SL_OK) {
		s->rc = SL_ENOMEM;
		snprintf(s->msg, sizeof s->msg, "out of memory: cannot hash the state");
		return s->rc;
	}
	if (digits == 32)
		v &= 0xffffffffu;
	if (sl_mc_flag(c, &s->m.same_check[kind], v == want)) {
		ev->check = want;
		return SL_OK;
	}
	for (int i = digits - 16; i >= 0; i -= 16) {
		uint64_t part = sl_mc_uniform(c, (unsigned)(v >> i) & 0xffff, 65536);
		if (c->dec)
			ev->check |= part << i;
	}
	return SL_OK;
}

/* The draws of an event (format 2): count, then per draw the field, the item,
 * the counter (a flag when it follows the last one), and for a value drawn
 * out of weights its die and faces. */
static int code_draws(sl_mcs *s, sl_event *ev)
{
	sl_mc *c = &s->mc;
	const sl_event_def *def = &s->g->schema->events[ev->type];
	sl_draw d[SL_MAX_ITEMS];
	uint32_t n = sl_mc_uint(c, s->m.draw_n, ev->ndraws ? ev->ndraws - 1u : 0) + 1;
	char msg[200];
	if (c->dec && (n > SL_MAX_ITEMS || !sl_mc_dec_ok(c)))
		return sl_mcs_fail(s, "%lu draws in one event", (unsigned long)n);
	for (uint32_t i = 0; i < n; i++) {
		sl_draw x = c->dec ? (sl_draw){0} : ev->draws[i];
		x.field = (uint8_t)sl_mc_uint(c, s->m.draw_f, x.field);
		x.item = (uint8_t)sl_mc_uint(c, s->m.draw_i, x.item);
		if (c->dec && (x.field >= def->nfields || !sl_mc_dec_ok(c)))
			return sl_mcs_fail(s, "draw %lu names no field of %s", (unsigned long)i + 1, def->name);
		if (sl_mc_flag(c, &s->m.draw_next, x.counter == s->last_ctr)) {
			x.counter = s->last_ctr;
		} else {
			uint64_t lo = sl_mc_uint(c, s->m.draw_lo, (uint32_t)x.counter);
			uint64_t hi = sl_mc_uint(c, s->m.draw_hi, (uint32_t)(x.counter >> 32));
			x.counter = hi << 32 | lo;
		}
		s->last_ctr = x.counter + 1;
		if (def->fields[x.field].kind == SL_K_DICE) {
			const sl_value *v = &ev->f[x.field];
			x.value = v->present && x.item < v->n ? ((const uint8_t *)v->p)[x.item] : 0;
			x.out_of = (uint8_t)def->fields[x.field].max;
		} else {
			x.value = (uint8_t)sl_mc_uint(c, s->m.draw_v, x.value);
			x.out_of = (uint8_t)sl_mc_uint(c, s->m.draw_w, x.out_of);
		}
		d[i] = x;
	}
	if (!c->dec)
		return SL_OK;
	ev->ndraws = (uint16_t)n;
	ev->draws = d;
	if (!sl_mc_dec_ok(c) || sl_draws_valid(s->g->schema, ev, msg, sizeof msg)) {
		ev->ndraws = 0;
		ev->draws = NULL;
		return sl_mcs_fail(s, "%s", sl_mc_dec_ok(c) ? msg : "the draws are damaged");
	}
	if (!(ev->draws = sl_arena_memdup(s->arena, d, sizeof *d * n)))
		return mcs_oom(s);
	return SL_OK;
}

static int code_line(sl_mcs *s, const char **p, int newlines, const char *what)
{
	size_t n = *p ? strlen(*p) : 0;
	if (code_bytes(s, CL_NOTE, p, &n))
		return s->rc;
	if (s->mc.dec && !sl_text_ok(*p, n, newlines))
		return sl_mcs_fail(s, "the %s is not %s", what, newlines ? "'#' lines of UTF-8" : "one line of UTF-8");
	return SL_OK;
}

int sl_mcs_entry(sl_mcs *s, void *st, sl_event *ev, long events)
{
	const sl_schema *sc = s->g->schema;
	sl_mc *c = &s->mc;
	int turn, phase, hint = 0, kind, rc, has_check, extras = 0, applied = 0, v2;
	sl_error e;

	static const sl_event zero;
	if (c->dec) {
		*ev = zero;
		ev->player = -1;
	}
	s->g->position(st, &turn, &phase);
	if (s->gm && s->gm->hint)
		hint = s->gm->hint(st, s->gctx) & 3;
	kind = SL_ENTRY_EVENT;
	if (sl_mc_flag(c, &s->m.marker[s->prev][phase & 15][hint], ev->entry != SL_ENTRY_EVENT))
		kind = sl_mc_flag(c, &s->m.phase_mark[s->prev][phase & 15][hint], ev->entry == SL_ENTRY_PHASE)
			? SL_ENTRY_PHASE : SL_ENTRY_TURN;
	ev->entry = (uint8_t)kind;
	if (kind == SL_ENTRY_TURN) {
		if (!sl_mc_flag(c, &s->m.turn_next, ev->mark == turn + 1)) {
			uint32_t v = sl_mc_uint(c, s->m.turn_no, (uint32_t)ev->mark);
			if (c->dec && (v < 1 || v > 1000000))
				return sl_mcs_fail(s, "turn number %lu is out of range (1..1000000)", (unsigned long)v);
			ev->mark = (int32_t)v;
		} else
			ev->mark = turn + 1;
	} else if (kind == SL_ENTRY_PHASE) {
		if (!sl_mc_flag(c, &s->m.phase_next[phase & 15], ev->mark == phase + 1)) {
			uint32_t v = sl_mc_uint(c, s->m.phase_no, (uint32_t)ev->mark);
			if (c->dec && (v < 1 || v > (uint32_t)sc->nphases))
				return sl_mcs_fail(s, "phase %lu is out of range (1..%d)", (unsigned long)v, sc->nphases);
			ev->mark = (int32_t)v;
		} else
			ev->mark = phase + 1;
	} else {
		int32_t keep = ev->mark;
		ev->mark = phase;   /* for sl_mcs_generic's context */
		rc = 0;
		/* a primed segment's setup: against the reference's setup first */
		if (s->primed && turn == 0 && s->prime && s->ref_i < s->prime->nref &&
		    (rc = code_by_ref(s, &s->prime->ref[s->ref_i], ev)) < 0)
			return rc;
		if (rc == 1)
			rc = SL_OK;
		else if (s->gm && s->gm->event && !s->generic_only)
			rc = s->gm->event(s, s->gctx, st, s->h, ev);
		else
			rc = sl_mcs_generic(s, ev);
		ev->mark = c->dec ? 0 : keep;
		if (rc < 0)
			return s->rc ? s->rc : sl_mcs_fail(s, "the game's model failed");
		applied = rc == SL_MODEL_APPLIED;
	}
	has_check = kind != SL_ENTRY_PHASE && sl_mc_flag(c, &s->m.has_check[kind], ev->has_check);
	v2 = s->h->format_version >= 2 && kind == SL_ENTRY_EVENT;
	if (sl_mc_flag(c, &s->m.has_extras[kind], ev->comment || ev->note || ev->bookmark || (v2 && ev->ndraws))) {
		extras |= sl_mc_bit_code(c, &s->m.extra[kind][0], ev->comment != NULL);
		extras |= sl_mc_bit_code(c, &s->m.extra[kind][1], ev->note != NULL) << 1;
		extras |= sl_mc_bit_code(c, &s->m.extra[kind][2], ev->bookmark != NULL) << 2;
		if (v2)
			extras |= sl_mc_bit_code(c, &s->m.extra[kind][3], ev->ndraws != 0) << 3;
		if (c->dec && extras == 0)
			return sl_mcs_fail(s, "extras announced, none given");
	}
	if (c->dec && !sl_mc_dec_ok(c))
		return sl_mcs_fail(s, "the coded entry is damaged or cut short");
	/* the draws before the rules (a format 2 check covers them) */
	if ((extras & 8) && code_draws(s, ev))
		return s->rc;
	/* the rules take the entry (and refuse a decoded one they do not allow) */
	e.code = 0;
	e.msg[0] = 0;
	if (!applied && (rc = sl_entry_apply(s->g, s->h, s->name, st, ev,
	    events + (kind == SL_ENTRY_EVENT), NULL, &e))) {
		s->rc = rc;
		snprintf(s->msg, sizeof s->msg, "%s", e.msg);
		return rc;
	}
	if (has_check) {
		ev->has_check = 1;
		if (code_check(s, st, ev, kind))
			return s->rc;
	}
	if ((extras & 1) && code_line(s, &ev->comment, 1, "comment"))
		return s->rc;
	if ((extras & 2) && code_line(s, &ev->note, 0, "note"))
		return s->rc;
	if ((extras & 4) && code_line(s, &ev->bookmark, 0, "bookmark"))
		return s->rc;
	s->chain = sl_chain_next(ev, s->chain);
	s->prev = kind;
	return SL_OK;
}

/* ---- keyframes -------------------------------------------------------------------- */

/* The state's bytes against the reference's: per byte, "the same as the
 * reference's byte at this offset" under the two flags before it, else the
 * byte under the class of the one before. */
static int code_snapshot(sl_mcs *s, const uint8_t *ref, size_t rn, sl_buf *b)
{
	sl_mc *c = &s->mc;
	uint32_t n = sl_mc_uint(c, s->m.kf_len, (uint32_t)b->len);
	int hist = 3, prev = -1;
	if (c->dec) {
		if (n > SL_MAX_SNAPSHOT || !sl_mc_dec_ok(c))
			return sl_mcs_fail(s, "a keyframe of %lu bytes, more than the limit (%u)",
				(unsigned long)n, SL_MAX_SNAPSHOT);
		if (sl_buf_reserve(b, n)) {
			return mcs_oom(s);
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		int have = i < rn, same = 0, v = c->dec ? 0 : b->data[i];
		if (have)
			same = sl_mc_bit_code(c, &s->m.kf_same[hist], v == ref[i]);
		if (same)
			v = ref[i];
		else
			v = (int)sl_mc_tree(c, s->m.kf_byte[prev < 0 ? 0 : 1 + (prev >> 5)], 8, (unsigned)v);
		hist = (hist << 1 | same) & 3;
		prev = v;
		if (c->dec)
			b->data[b->len++] = (uint8_t)v;
	}
	return SL_OK;
}

int sl_mcs_keyframe(sl_mcs *s, const void *ref, void **st, uint64_t hash)
{
	sl_mc *c = &s->mc;
	sl_buf rb, kb;
	int rc = SL_OK, fits = 0;
	void *made = NULL;
	sl_buf_init(&rb);
	sl_buf_init(&kb);
	if (!c->dec && s->gm && s->gm->state_fits && s->gm->state)
		fits = s->gm->state_fits(ref, *st);
	if (s->gm && s->gm->state_fits && s->gm->state)
		fits = sl_mc_bit_code(c, &s->m.use_model, fits);
	else
		fits = 0;
	if (fits) {
		if ((rc = s->gm->state(s, s->gctx, ref, c->dec ? NULL : *st, c->dec ? &made : NULL))) {
			if (rc == SL_ENOMEM)
				mcs_oom(s);
			goto out;
		}
		if (!c->dec)
			goto out;
		if (!made) {
			rc = sl_mcs_fail(s, "the game's model built no keyframe");
			goto out;
		}
		if (s->g->serialize(made, &kb) != SL_OK || kb.failed) {
			rc = mcs_oom(s);
			goto out;
		}
	} else {
		if (s->g->serialize(ref, &rb) != SL_OK || rb.failed ||
		    (!c->dec && (s->g->serialize(*st, &kb) != SL_OK || kb.failed))) {
			rc = mcs_oom(s);
			goto out;
		}
		if ((rc = code_snapshot(s, rb.data, rb.len, &kb)) || !c->dec)
			goto out;
	}
	if (!sl_mc_dec_ok(c)) {
		rc = sl_mcs_fail(s, "the keyframe is damaged or cut short");
		goto out;
	}
#ifndef SL_FUZZING
	if (sl_hash64(kb.data, kb.len) != hash) {
		rc = sl_mcs_fail(s, "the keyframe does not match its hash %016llx", (unsigned long long)hash);
		goto out;
	}
#endif
	{
		sl_error e;
		sl_error_clear(&e);
		if (s->g->restore(st, kb.data, kb.len, &e)) {
			rc = e.code == SL_ENOMEM ? mcs_oom(s)
			   : sl_mcs_fail(s, "the keyframe is not a state of %s: %s", s->g->id, e.msg);
			*st = NULL;
		}
	}
out:
	if (made)
		s->g->destroy(made);
	sl_buf_free(&rb);
	sl_buf_free(&kb);
	return rc;
}
