/* xwing_model.c - the model of xwing's .silb archives (sl_game.h, sl_model;
 * formats/xwing.md, "The model of .silb archives").
 *
 * An X-Wing log is mostly commitments and salts, random bytes the text
 * spells as hex digits: the model codes them as their bytes (schema coding
 * 2, sl_mcs_generic2), which no compressor of the text can. The rest is a
 * round that repeats: dial, dial, ..., then reveal, move, action for each
 * ship in the same order as the round before, and the ship of a move is the
 * ship just revealed; the coding's contexts (the type and the player before,
 * the previous event's ship, each field's recent values) learn it within a
 * round. State checks are predicted from the state by every model.
 *
 * Version 2 codes a commitment by what opens it: a finished log holds the
 * reveal (dial and salt) later in the same round, and the commitment is
 * BLAKE2b of them (formats/commit.md), so the encoder, looking ahead
 * (sl_model.ahead), codes the dial and the 16 bytes of salt at the dial
 * event and the decoder computes the 32 bytes of the commitment; the
 * reveal is then one flag. A commitment with no reveal in its round (a
 * game cut at planning) keeps its 32 bytes. Segments of version 1 decode
 * as they were written (generic2 for every event), and version 0 ones
 * generically (sl_mcs_use_version).
 */
#include <stddef.h>
#include <string.h>
#include "core/sl_mc.h"
#include "xwing_int.h"

#define XWING_MODEL_VERSION 2
#define XW_MPEND 64          /* dials opened and not yet revealed, in a segment */

typedef struct xw_pend {
	char ship[XW_ID_LEN];
	char dial[8];
	char salt[2 * SL_SALT_BYTES + 1];
} xw_pend;

typedef struct xw_mctx {
	/* the round's dials (the position's, first: sl_model.ctx_fresh) */
	int n;
	xw_pend p[XW_MPEND];
	sl_mc_cnt opened;        /* a dial coded by its reveal */
	sl_mc_cnt same;          /* a reveal that is the one its dial was coded by */
} xw_mctx;

static int str_is(const sl_value *v, const char *s)
{
	return v->p && strlen(s) == v->n && memcmp(v->p, s, v->n) == 0;
}

static int same_str(const sl_value *a, const sl_value *b)
{
	return a->p && b->p && a->n == b->n && memcmp(a->p, b->p, a->n) == 0;
}

static xw_pend *pend_find(xw_mctx *m, const sl_value *ship)
{
	for (int i = 0; i < m->n; i++)
		if (str_is(ship, m->p[i].ship))
			return &m->p[i];
	return NULL;
}

/* Encoder: the reveal ahead, in the round, that opens the commitment of
 * dial event ev; NULL when none does. */
static const sl_event *reveal_ahead(sl_mcs *s, const sl_event *ev)
{
	size_t n, ns, nd;
	const sl_event *next = sl_mcs_ahead(s, &n);
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	const char *sp, *dp;
	for (size_t i = 0; i < n; i++) {
		const sl_event *r = &next[i];
		if (r->entry == SL_ENTRY_TURN)
			return NULL;
		if (r->entry != SL_ENTRY_EVENT || !same_str(&r->f[0], &ev->f[0]))
			continue;
		if (r->type == XW_EV_DIAL)
			return NULL;
		if (r->type != XW_EV_REVEAL)
			continue;
		sp = r->f[2].p;
		ns = r->f[2].n;
		dp = r->f[1].p;
		nd = r->f[1].n;
		if (!r->f[1].present || !r->f[2].present || !dp || !sp || nd < 1 || nd > 7 ||
		    ev->f[1].n != 2 * SL_COMMIT_BYTES || ns != 2 * SL_SALT_BYTES ||
		    sl_hexstr_decode(salt, SL_SALT_BYTES, sp, ns) != SL_OK ||
		    sl_commit(c, XW_COMMIT_DOMAIN, salt, dp, nd) != SL_OK)
			return NULL;
		sl_hexstr_encode(hex, c, SL_COMMIT_BYTES);
		/* the log spells hex in lower case: a reveal opens it only if equal */
		return str_is(&ev->f[1], hex) ? r : NULL;
	}
	return NULL;
}

static int code_dial(sl_mcs *s, xw_mctx *m, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s);
	const sl_event *r = NULL;
	sl_value dv = {0}, sv = {0};
	xw_pend *pd;
	if (sl_mcs_fields2(s, ev, 1u << 1))
		return -1;
	if (!dec && ev->f[0].n < XW_ID_LEN && (pend_find(m, &ev->f[0]) || m->n < XW_MPEND))
		r = reveal_ahead(s, ev);
	if (!sl_mc_flag(c, &m->opened, r != NULL))
		return sl_mcs_value2(s, XW_EV_DIAL, 1, &ev->f[1]) ? -1 : SL_OK;
	if (r) {
		dv = r->f[1];
		sv = r->f[2];
	}
	if (sl_mcs_value2(s, XW_EV_REVEAL, 1, &dv) || sl_mcs_value2(s, XW_EV_REVEAL, 2, &sv))
		return -1;
	if (!(pd = pend_find(m, &ev->f[0]))) {
		if (m->n >= XW_MPEND || ev->f[0].n >= XW_ID_LEN)
			return sl_mcs_fail(s, "dial of %.*s: more than %d dials coded by their reveals",
				(int)(ev->f[0].n > 24 ? 24 : ev->f[0].n), (const char *)ev->f[0].p, XW_MPEND);
		pd = &m->p[m->n++];
	}
	if (dv.n < 1 || dv.n >= sizeof pd->dial || sv.n != 2 * SL_SALT_BYTES)
		return sl_mcs_fail(s, "dial of %s: a reveal of %u and %u characters", pd->ship,
			(unsigned)dv.n, (unsigned)sv.n);
	memcpy(pd->ship, ev->f[0].p, ev->f[0].n);
	pd->ship[ev->f[0].n] = 0;
	memcpy(pd->dial, dv.p, dv.n);
	pd->dial[dv.n] = 0;
	memcpy(pd->salt, sv.p, sv.n);
	pd->salt[sv.n] = 0;
	if (dec) {
		uint8_t salt[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
		char *hex = sl_arena_alloc(sl_mcs_arena(s), 2 * SL_COMMIT_BYTES + 1);
		if (!hex)
			return sl_mcs_fail(s, "out of memory");
		if (sl_hexstr_decode(salt, SL_SALT_BYTES, pd->salt, sv.n) != SL_OK ||
		    sl_commit(cm, XW_COMMIT_DOMAIN, salt, pd->dial, dv.n) != SL_OK)
			return sl_mcs_fail(s, "dial of %s: the salt is not 32 hex digits", pd->ship);
		sl_hexstr_encode(hex, cm, SL_COMMIT_BYTES);
		ev->f[1].present = 1;
		ev->f[1].n = 2 * SL_COMMIT_BYTES;
		ev->f[1].p = hex;
	}
	return SL_OK;
}

static int code_reveal(sl_mcs *s, xw_mctx *m, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s);
	xw_pend *pd;
	if (sl_mcs_fields2(s, ev, 1u << 1 | 1u << 2))
		return -1;
	pd = pend_find(m, &ev->f[0]);
	if (pd && sl_mc_flag(c, &m->same, !dec && str_is(&ev->f[1], pd->dial) &&
	    str_is(&ev->f[2], pd->salt))) {
		if (dec) {
			char *d = sl_arena_strndup(sl_mcs_arena(s), pd->dial, strlen(pd->dial));
			char *t = sl_arena_strndup(sl_mcs_arena(s), pd->salt, strlen(pd->salt));
			if (!d || !t)
				return sl_mcs_fail(s, "out of memory");
			ev->f[1] = (sl_value){.present = 1, .n = (uint16_t)strlen(d), .p = d};
			ev->f[2] = (sl_value){.present = 1, .n = (uint16_t)strlen(t), .p = t};
		}
		*pd = m->p[--m->n];   /* revealed: its slot goes */
		return SL_OK;
	}
	if (sl_mcs_value2(s, XW_EV_REVEAL, 1, &ev->f[1]) || sl_mcs_value2(s, XW_EV_REVEAL, 2, &ev->f[2]))
		return -1;
	return SL_OK;
}

static int xw_event(sl_mcs *s, void *ctx, void *st, const sl_header *h, sl_event *ev)
{
	xw_mctx *m = ctx;
	(void)st;
	(void)h;
	if (sl_mcs_version(s) < 2)
		return sl_mcs_generic2(s, ev);
	if (sl_mcs_head2(s, ev))
		return -1;
	if (ev->type == XW_EV_DIAL)
		return code_dial(s, m, ev);
	if (ev->type == XW_EV_REVEAL)
		return code_reveal(s, m, ev);
	return sl_mcs_fields2(s, ev, 0) ? -1 : SL_OK;
}

const sl_model xwing_model = {
	XWING_MODEL_VERSION,
	sizeof(xw_mctx),
	NULL,                 /* hint: none, so version 0 archives decode as before */
	xw_event,             /* schema coding 2; version 2: dials by their reveals */
	NULL,                 /* keyframes: the generic byte coding */
	NULL,
	NULL,                 /* words: none yet */
	1,                    /* version 1 segments: generic2, as written */
	1,                    /* looks ahead for the reveal of each dial */
	offsetof(xw_mctx, opened),   /* the round's dials are the position's */
	NULL,                 /* no_ref: every setup event against the reference */
	0,                    /* hint_from: no hint */
};
