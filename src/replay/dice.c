/* dice.c - checks the recorder's drawn dice in a log against the seed its
 * header committed to (formats/prng.md). */
#include "sl_dice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *meta(const sl_header *h, const char *key)
{
	for (int i = 0; i < h->nmeta; i++)
		if (strcmp(h->meta[i].key, key) == 0)
			return h->meta[i].value;
	return NULL;
}

static const char *meta_of(const sl_header *h, const char *key, const char *id)
{
	char k[96];
	snprintf(k, sizeof k, "%s-%s", key, id);
	return meta(h, k);
}

/* The players' shares, "dice-commit-ID" and at close "dice-seed-ID",
 * "dice-salt-ID". */
static int read_shares(const sl_header *h, sl_dice_header *out, sl_error *err)
{
	for (int p = 0; p < h->nplayers; p++) {
		const char *id = h->players[p].id, *c = meta_of(h, SL_DICE_META_COMMIT, id),
			*s = meta_of(h, SL_DICE_META_SEED, id), *t = meta_of(h, SL_DICE_META_SALT, id);
		int k = out->nshares;
		if (!c && !s && !t)
			continue;
		if (!c || sl_hexstr_decode(out->share_commit[k], SL_COMMIT_BYTES, c, strlen(c)))
			return sl_error_set(err, SL_ESYNTAX, "'meta %s-%s' is missing or not %d hex digits",
				SL_DICE_META_COMMIT, id, 2 * SL_COMMIT_BYTES);
		out->share_player[k] = p;
		if (s || t) {
			if (!s || !t || sl_hexstr_decode(out->share_seed[k], SL_DICE_KEY_BYTES, s, strlen(s)) ||
			    sl_hexstr_decode(out->share_salt[k], SL_SALT_BYTES, t, strlen(t)))
				return sl_error_set(err, SL_ESYNTAX, "%s's revealed share needs 'meta %s-%s HEX64' and 'meta "
					"%s-%s HEX32'", id, SL_DICE_META_SEED, id, SL_DICE_META_SALT, id);
			out->share_revealed[k] = 1;
		}
		out->nshares++;
	}
	return SL_OK;
}

int sl_dice_value(const sl_dice_header *dh, uint64_t counter, int faces)
{
	uint8_t sh[SL_MAX_PLAYERS][SL_COMMIT_BYTES], key[SL_COMMIT_BYTES];
	if (!dh->nshares)
		return sl_dice_draw(dh->seed, counter, faces);
	for (int i = 0; i < dh->nshares; i++)
		if (sl_dice_share(sh[i], dh->share_seed[i], counter))
			return SL_EUSAGE;
	if (sl_dice_key(key, (const uint8_t (*)[SL_COMMIT_BYTES])sh, dh->nshares))
		return SL_EUSAGE;
	return sl_dice_draw(key, counter, faces);
}

int sl_dice_read_header(const sl_header *h, sl_dice_header *out, sl_error *err)
{
	const char *c = meta(h, SL_DICE_META_COMMIT), *s = meta(h, SL_DICE_META_SEED),
		*t = meta(h, SL_DICE_META_SALT);
	memset(out, 0, sizeof *out);
	if (read_shares(h, out, err))
		return err->code;
	if (out->nshares) {
		if (c || s || t)
			return sl_error_set(err, SL_ESYNTAX, "the header holds both the recorder's dice seed and "
				"the players' shares");
		out->committed = 1;
		out->revealed = 1;
		for (int i = 0; i < out->nshares; i++)
			out->revealed &= out->share_revealed[i];
		goto bound;
	}
	if (!c && !s && !t)
		return SL_OK;
	if (!c)
		return sl_error_set(err, SL_ESYNTAX, "the header reveals a dice seed but holds no 'meta %s'",
			SL_DICE_META_COMMIT);
	if (sl_hexstr_decode(out->commit, sizeof out->commit, c, strlen(c)))
		return sl_error_set(err, SL_ESYNTAX, "'meta %s' is not %d hex digits", SL_DICE_META_COMMIT,
			2 * SL_COMMIT_BYTES);
	out->committed = 1;
	if (!s && !t)
		return SL_OK;
	if (!s || !t)
		return sl_error_set(err, SL_ESYNTAX, "the header reveals the dice %s without the %s",
			s ? "seed" : "salt", s ? "salt" : "seed");
	if (sl_hexstr_decode(out->seed, sizeof out->seed, s, strlen(s)))
		return sl_error_set(err, SL_ESYNTAX, "'meta %s' is not %d hex digits", SL_DICE_META_SEED,
			2 * SL_DICE_KEY_BYTES);
	if (sl_hexstr_decode(out->salt, sizeof out->salt, t, strlen(t)))
		return sl_error_set(err, SL_ESYNTAX, "'meta %s' is not %d hex digits", SL_DICE_META_SALT,
			2 * SL_SALT_BYTES);
	out->revealed = 1;
bound:
	c = meta(h, SL_DICE_META_COUNT);
	s = meta(h, SL_DICE_META_DIGEST);
	if (!c && !s)
		return SL_OK;
	if (!c || !s)
		return sl_error_set(err, SL_ESYNTAX, "the header binds the dice %s without the %s",
			c ? "count" : "digest", c ? "digest" : "count");
	{
		char *end;
		unsigned long long n = strtoull(c, &end, 10);
		if (!*c || *end || c[0] == '-' || c[0] == '+')
			return sl_error_set(err, SL_ESYNTAX, "'meta %s' is not a number", SL_DICE_META_COUNT);
		out->count = n;
	}
	if (sl_hexstr_decode(out->digest, sizeof out->digest, s, strlen(s)))
		return sl_error_set(err, SL_ESYNTAX, "'meta %s' is not %d hex digits", SL_DICE_META_DIGEST,
			2 * SL_COMMIT_BYTES);
	out->bound = 1;
	return SL_OK;
}

int sl_dice_check_begin(sl_dice_check *c, const sl_log *log, sl_error *err)
{
	memset(c, 0, sizeof *c);
	c->log = log;
	c->version = log->h.format_version;
	if (sl_dice_read_header(&log->h, &c->dh, err))
		return err->code;
	for (int i = 0; i < c->dh.nshares; i++)
		if (c->dh.share_revealed[i] && !sl_commit_check(c->dh.share_commit[i], SL_DICE_SHARE_DOMAIN,
				c->dh.share_salt[i], c->dh.share_seed[i], SL_DICE_KEY_BYTES))
			return sl_error_set(err, SL_EILLEGAL, "%s: %s's revealed dice share does not open its "
				"commitment (a seed changed after the game)", log->name ? log->name : "log",
				log->h.players[c->dh.share_player[i]].id);
	if (c->dh.revealed && !c->dh.nshares && !sl_commit_check(c->dh.commit, SL_DICE_DOMAIN, c->dh.salt, c->dh.seed,
			sizeof c->dh.seed))
		return sl_error_set(err, SL_EILLEGAL, "%s: the revealed dice seed does not open the header's "
			"commitment (a seed changed after the game)", log->name ? log->name : "log");
	return SL_OK;
}

enum { CTX_NONE, CTX_OTHER, CTX_ENTRY };

/* A draw seen (in file order): its counter goes up, and it joins the
 * digest: link(digest, u64le counter, u8 value, u8 out_of). */
static int take_counter(sl_dice_check *c, unsigned long long ctr, int own, int value, int out_of)
{
	uint8_t b[10];
	if (ctr < c->next)
		return -1;
	c->gaps += (long)(ctr - c->next);
	c->next = ctr + 1;
	c->draws++;
	c->in_events += own;
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(ctr >> (8 * i));
	b[8] = (uint8_t)value;
	b[9] = (uint8_t)out_of;
	sl_digest_link(c->digest, SL_DICE_DIGEST_TAG, c->digest, b, sizeof b);
	return 0;
}

void sl_dice_check_result(const sl_dice_check *c, uint64_t *count, uint8_t digest[SL_COMMIT_BYTES])
{
	*count = (uint64_t)c->draws;
	memcpy(digest, c->digest, SL_COMMIT_BYTES);
}

/* "FIELD=COUNTER:VALUE/OUT_OF" for an ENUM the rules draw with weights (a
 * card out of a deck): VALUE is a die of OUT_OF faces, the weights' sum;
 * the value of the field is the one whose weights VALUE falls in. At s[*j]
 * after the '='. */
static int chance_item(sl_dice_check *c, const char *s, size_t n, size_t *jp, const sl_event *ev, int k,
	const sl_event_def *def, sl_error *err)
{
	const char *name = c->log->name ? c->log->name : "log";
	uint32_t line = ev ? ev->line : 0;
	unsigned long long ctr = 0;
	long v = 0, w = 0;
	size_t j = *jp;
	int digits = 0;
	char where[64];
	if (ev && ev->line)
		where[0] = 0;
	else
		snprintf(where, sizeof where, "event %ld: ", c->event_no + (ev != NULL));
#define CFAIL(...) do { char m_[300]; snprintf(m_, sizeof m_, __VA_ARGS__); \
	return sl_error_at(err, SL_EILLEGAL, name, line, 1, "%s%s", where, m_); } while (0)
	while (j < n && s[j] >= '0' && s[j] <= '9' && digits < 19) {
		ctr = ctr * 10 + (unsigned)(s[j++] - '0');
		digits++;
	}
	if (!digits || j >= n || s[j] != ':')
		CFAIL("a '# dice' line is not 'FIELD=COUNTER:VALUE/OUT_OF'%s", "");
	for (j++, digits = 0; j < n && s[j] >= '0' && s[j] <= '9' && digits < 4; j++, digits++)
		v = v * 10 + (s[j] - '0');
	if (!digits || j >= n || s[j] != '/')
		CFAIL("a '# dice' line is not 'FIELD=COUNTER:VALUE/OUT_OF'%s", "");
	for (j++, digits = 0; j < n && s[j] >= '0' && s[j] <= '9' && digits < 4; j++, digits++)
		w = w * 10 + (s[j] - '0');
	if (!digits || w < 1 || w > 255 || v < 1 || v > w)
		CFAIL("a '# dice' line draws %s out of 1..255", def->fields[k].name);
	if (take_counter(c, ctr, ev != NULL, (int)v, (int)w))
		CFAIL("dice counter %llu goes back (the last draw was %llu): draws are never taken again", ctr,
			(unsigned long long)c->next - 1);
	if (c->dh.revealed) {
		int want = sl_dice_value(&c->dh, ctr, (int)w);
		if (want != v)
			CFAIL("%s: counter %llu of the revealed seed gives %d out of %ld, not the %ld recorded (a "
				"changed draw)", def->fields[k].name, ctr, want, w, v);
	}
	if (ev && c->weights) {   /* the rules' weights at this point, and the value they give */
		uint8_t wt[32];
		int nw = c->weights(c->ud, ev, k, wt, 32), sum = 0, idx = -1;
		for (int t = 0; t < nw; t++) {
			if (idx < 0 && v <= sum + wt[t])
				idx = t;
			sum += wt[t];
		}
		if (nw <= 0 || sum != w)
			CFAIL("%s was drawn out of %ld, but the rules weigh %d here", def->fields[k].name, w, sum);
		if (!ev->f[k].present || ev->f[k].u.i != idx)
			CFAIL("%s: %ld out of %ld is '%s', not the '%s' recorded (a changed draw)", def->fields[k].name,
				v, w, idx >= 0 && def->fields[k].names ? def->fields[k].names[idx] : "?",
				ev->f[k].present && def->fields[k].names ? def->fields[k].names[ev->f[k].u.i] : "none");
	}
#undef CFAIL
	*jp = j;
	return SL_OK;
}

/* One "# dice TYPE FIELD=C:V,..." line; ev is the entry it belongs to, or
 * NULL for a line taken back (undone, refused). */
static int dice_line(sl_dice_check *c, const char *s, size_t n, const sl_event *ev, sl_error *err)
{
	const sl_schema *sc = c->log->game->schema;
	const char *name = c->log->name ? c->log->name : "log";
	uint32_t line = ev ? ev->line : 0;
	char where[64];
	size_t i = strlen(SL_DICE_LINE), j;
	int type;
	if (ev && ev->line)
		where[0] = 0;
	else
		snprintf(where, sizeof where, "event %ld: ", c->event_no + (ev != NULL));
#define DFAIL(...) do { char m_[300]; snprintf(m_, sizeof m_, __VA_ARGS__); \
	return sl_error_at(err, SL_EILLEGAL, name, line, 1, "%s%s", where, m_); } while (0)
	for (j = i; j < n && s[j] != ' '; j++)
		;
	type = sl_schema_event(sc, s + i, j - i);
	if (type < 0)
		DFAIL("a '# dice' line names '%.*s', not an event of %s", (int)(j - i), s + i, c->log->game->id);
	if (ev && (ev->entry != SL_ENTRY_EVENT || ev->type != type))
		DFAIL("the '# dice' line above this entry names another event (%s)", sc->events[type].name);
	const sl_event_def *def = &sc->events[type];
	while (j < n) {
		size_t k0 = ++j;
		int k, d = 0;
		while (j < n && s[j] != '=')
			j++;
		for (k = 0; k < def->nfields; k++)
			if (strlen(def->fields[k].name) == j - k0 && memcmp(def->fields[k].name, s + k0, j - k0) == 0)
				break;
		if (k < def->nfields && def->fields[k].kind == SL_K_ENUM && c->log->game->chances && j < n) {
			j++;   /* past the '=' */
			if (chance_item(c, s, n, &j, ev, k, def, err))
				return err->code;
			if (j < n && s[j] != ' ')
				DFAIL("a '# dice' line is not 'FIELD=COUNTER:VALUE/OUT_OF'%s", "");
			continue;
		}
		if (k == def->nfields || def->fields[k].kind != SL_K_DICE || j >= n)
			DFAIL("a '# dice' line names '%.*s', not a dice field of %s", (int)(j - k0), s + k0, def->name);
		if (ev && !ev->f[k].present)
			DFAIL("the '# dice' line names %s dice this event does not hold", def->fields[k].name);
		j++;
		for (;;) {
			unsigned long long ctr = 0;
			long v = 0;
			int drawn = 1, digits = 0;
			if (j < n && s[j] == '-') {
				drawn = 0;
				j++;
			} else {
				while (j < n && s[j] >= '0' && s[j] <= '9' && digits < 19) {
					ctr = ctr * 10 + (unsigned)(s[j++] - '0');
					digits++;
				}
				if (!digits)
					DFAIL("a '# dice' line is not 'FIELD=COUNTER:VALUE,...'%s", "");
			}
			if (j >= n || s[j] != ':')
				DFAIL("a '# dice' line is not 'FIELD=COUNTER:VALUE,...'%s", "");
			digits = 0;
			for (j++; j < n && s[j] >= '0' && s[j] <= '9' && digits < 4; j++, digits++)
				v = v * 10 + (s[j] - '0');
			if (!digits || v < 1 || v > def->fields[k].max)
				DFAIL("a '# dice' line gives %s a value outside 1..%d", def->fields[k].name,
					(int)def->fields[k].max);
			if (ev) {
				const uint8_t *it = ev->f[k].p;
				if (d >= ev->f[k].n || it[d] != v)
					DFAIL("%s die %d is %d, but its '# dice' line says %ld was drawn", def->fields[k].name,
						d + 1, d < ev->f[k].n ? it[d] : 0, v);
			}
			if (drawn) {
				if (take_counter(c, ctr, ev != NULL, (int)v, def->fields[k].max))
					DFAIL("dice counter %llu goes back (the last draw was %llu): draws are never "
						"taken again", ctr, (unsigned long long)c->next - 1);
				if (c->dh.revealed) {
					int want = sl_dice_value(&c->dh, ctr, def->fields[k].max);
					if (want != v)
						DFAIL("%s die %d: counter %llu of the revealed seed gives %d, not the %ld "
							"recorded (a changed roll)", def->fields[k].name, d + 1, ctr, want, v);
				}
			}
			d++;
			if (j < n && s[j] == ',') {
				j++;
				continue;
			}
			break;
		}
		if (ev && d != ev->f[k].n)
			DFAIL("the event holds %d %s dice, its '# dice' line %d", ev->f[k].n, def->fields[k].name, d);
		if (j < n && s[j] != ' ')
			DFAIL("a '# dice' line is not 'FIELD=COUNTER:VALUE,...'%s", "");
	}
#undef DFAIL
	return SL_OK;
}

/* The lines of one comment block: ev is the entry they stand above (NULL
 * for the end of the log). */
static int comment_block(sl_dice_check *c, const char *text, const sl_event *ev, sl_error *err)
{
	int ctx = CTX_NONE;
	if (!c->dh.committed || !text)
		return SL_OK;
	while (*text) {
		const char *e = strchr(text, '\n');
		size_t n = e ? (size_t)(e - text) : strlen(text);
		size_t dl = strlen(SL_DICE_LINE);
		if (n >= 10 && memcmp(text, "# undone: ", 10) == 0) {
			c->undone++;
			ctx = CTX_OTHER;
		} else if (n >= 11 && memcmp(text, "# refused: ", 11) == 0) {
			ctx = CTX_OTHER;
		} else if (n > dl && memcmp(text, SL_DICE_LINE, dl) == 0) {
			/* the last line of the block, not under an undone or refused
			 * line, names the entry's own dice */
			int own = !e && ctx != CTX_OTHER && ev;
			if (own && c->version >= 2)
				return sl_error_at(err, SL_EILLEGAL, c->log->name ? c->log->name : "log", ev->line, 1,
					"%sa '# dice' line for the entry's own dice: in a format 2 log a drawn die is marked in "
					"its entry ('dice=4@17'), and this line proves nothing", ev->line ? "" : "an entry: ");
			if (dice_line(c, text, n, own ? ev : NULL, err))
				return err->code;
			ctx = CTX_ENTRY;
		} else {
			ctx = CTX_NONE;
		}
		text += n + (e != NULL);
	}
	return SL_OK;
}

/* The draws marked in a format 2 entry (its own dice), after its comment's. */
static int entry_draws(sl_dice_check *c, const sl_event *ev, sl_error *err)
{
	const sl_event_def *def = &c->log->game->schema->events[ev->type];
	const char *name = c->log->name ? c->log->name : "log";
	char where[64], msg[200];
	if (ev->line)
		where[0] = 0;
	else
		snprintf(where, sizeof where, "event %ld: ", c->event_no + 1);
#define MFAIL(...) do { char m_[300]; snprintf(m_, sizeof m_, __VA_ARGS__); \
	return sl_error_at(err, SL_EILLEGAL, name, ev->line, 1, "%s%s", where, m_); } while (0)
	if (sl_draws_valid(c->log->game->schema, ev, msg, sizeof msg))
		MFAIL("%s", msg);
	for (int i = 0; i < ev->ndraws; i++) {
		const sl_draw *d = &ev->draws[i];
		const sl_field_def *fd = &def->fields[d->field];
		if (!c->dh.committed)
			MFAIL("%s is marked drawn (@%llu), but the header commits to no dice seed", fd->name,
				(unsigned long long)d->counter);
		if (take_counter(c, d->counter, 1, d->value, d->out_of))
			MFAIL("dice counter %llu goes back (the last draw was %llu): draws are never taken again",
				(unsigned long long)d->counter, (unsigned long long)c->next - 1);
		if (c->dh.revealed) {
			int want = sl_dice_value(&c->dh, d->counter, d->out_of);
			if (want != d->value)
				MFAIL("%s %s %d: counter %llu of the revealed seed gives %d, not the %d recorded (a changed "
					"roll)", fd->name, fd->kind == SL_K_DICE ? "die" : "draw", d->item + 1,
					(unsigned long long)d->counter, want, d->value);
		}
		if (fd->kind == SL_K_ENUM && c->weights) {   /* the rules' weights here, and their value */
			uint8_t wt[32];
			int nw = c->weights(c->ud, ev, d->field, wt, 32), sum = 0, idx = -1;
			for (int t = 0; t < nw; t++) {
				if (idx < 0 && d->value <= sum + wt[t])
					idx = t;
				sum += wt[t];
			}
			if (nw <= 0 || sum != d->out_of)
				MFAIL("%s was drawn out of %d, but the rules weigh %d here", fd->name, d->out_of, sum);
			if (ev->f[d->field].u.i != idx)
				MFAIL("%s: %d out of %d is '%s', not the '%s' recorded (a changed draw)", fd->name, d->value,
					d->out_of, idx >= 0 && fd->names ? fd->names[idx] : "?", fd->names[ev->f[d->field].u.i]);
		}
	}
#undef MFAIL
	return SL_OK;
}

int sl_dice_check_entry(sl_dice_check *c, const sl_event *ev, sl_error *err)
{
	int rc = comment_block(c, ev->comment, ev, err);
	if (rc == SL_OK && c->version >= 2 && ev->entry == SL_ENTRY_EVENT && ev->ndraws)
		rc = entry_draws(c, ev, err);
	c->event_no += ev->entry == SL_ENTRY_EVENT;
	return rc;
}

int sl_dice_check_end(sl_dice_check *c, const char *tail, sl_error *err)
{
	if (comment_block(c, tail, NULL, err))
		return err->code;
	const char *name = c->log->name ? c->log->name : "log";
	if (c->dh.revealed && c->gaps)
		return sl_error_set(err, SL_EILLEGAL, "%s: %ld dice draws are recorded nowhere in the log "
			"(counters skipped: a drawn die removed, or lost in a crash before it was written)",
			name, c->gaps);
	if (c->dh.revealed && !c->dh.bound && c->version >= 2)
		return sl_error_set(err, SL_EILLEGAL, "%s: the dice seed is revealed but the header does not bind "
			"how many dice were drawn ('meta %s', 'meta %s'): a format 2 log is closed with them",
			name, SL_DICE_META_COUNT, SL_DICE_META_DIGEST);
	if (c->dh.revealed && c->dh.bound && c->dh.count != (uint64_t)c->draws)
		return sl_error_set(err, SL_EILLEGAL, "%s: the log was closed with %llu dice drawn, and holds %ld "
			"(a drawn die %s)", name, (unsigned long long)c->dh.count, c->draws,
			c->dh.count > (uint64_t)c->draws ? "deleted, or relabelled as rolled at the table" : "added");
	if (c->dh.revealed && c->dh.bound && memcmp(c->dh.digest, c->digest, SL_COMMIT_BYTES) != 0)
		return sl_error_set(err, SL_EILLEGAL, "%s: the digest of the dice drawn is not the one the log "
			"was closed with (a die changed, moved or relabelled)", name);
	return SL_OK;
}
