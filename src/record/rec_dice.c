/* rec_dice.c - the recorder's fair dice: the secret seed in FILE.dice, its
 * commitment in the header, and the draws at a counter that never goes back
 * (formats/prng.md). */
#include "recorder.h"
#include "replay/sl_chain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the dice secret, FILE.dice ------------------------------------------- */

int rec_meta_set(sl_header *h, const char *key, const char *value)
{
	sl_meta *m;
	for (int i = 0; i < h->nmeta; i++)
		if (strcmp(h->meta[i].key, key) == 0) {
			sl_free(h->meta[i].value);
			h->meta[i].value = sl_strdup(value);
			return h->meta[i].value ? 0 : -1;
		}
	m = sl_realloc(h->meta, sizeof *m * (size_t)(h->nmeta + 1));
	if (!m)
		return -1;
	h->meta = m;
	m[h->nmeta].key = sl_strdup(key);
	m[h->nmeta].value = sl_strdup(value);
	h->nmeta++;
	return m[h->nmeta - 1].key && m[h->nmeta - 1].value ? 0 : -1;
}

/* At close: how many dice the log holds and their digest, into the header
 * (formats/prng.md), so that a die deleted, changed or relabelled after
 * the close fails verify. */
static int rec_dice_bind(const recorder *rc, sl_header *h)
{
	sl_dice_check dc;
	sl_error err;
	uint64_t n;
	uint8_t dg[SL_COMMIT_BYTES];
	char num[24], hex[2 * SL_COMMIT_BYTES + 1];
	sl_error_clear(&err);
	if (sl_dice_check_begin(&dc, rc->log, &err))
		return -1;
	for (size_t i = 0; i < rc->log->n; i++)
		if (sl_dice_check_entry(&dc, &rc->log->ev[i], &err)) {
			char m[1024];
			sl_error_format(&err, m, sizeof m);
			rec_warn(rc, "sillage: %s: warning: the dice drawn do not all match the revealed secrets, so "
				"their count is not bound and verify will fail: %s\n", rc->path, m);
			return -1;
		}
	sl_dice_check_end(&dc, rc->log->tail_comment, &err);   /* a gap fails verify, not the close */
	sl_dice_check_result(&dc, &n, dg);
	snprintf(num, sizeof num, "%llu", (unsigned long long)n);
	sl_hexstr_encode(hex, dg, sizeof dg);
	return rec_meta_set(h, SL_DICE_META_COUNT, num) || rec_meta_set(h, SL_DICE_META_DIGEST, hex) ? -1 : 0;
}

/* The dice lines of the header, from rc->dh. */
int rec_dice_meta(const recorder *rc, sl_header *h)
{
	char hex[2 * SL_DICE_KEY_BYTES + 1];
	if (!rc->dh.committed)
		return 0;
	sl_hexstr_encode(hex, rc->dh.commit, sizeof rc->dh.commit);
	if (rec_meta_set(h, SL_DICE_META_COMMIT, hex))
		return -1;
	if (!rc->dh.revealed)
		return 0;
	sl_hexstr_encode(hex, rc->dh.seed, sizeof rc->dh.seed);
	if (rec_meta_set(h, SL_DICE_META_SEED, hex))
		return -1;
	sl_hexstr_encode(hex, rc->dh.salt, sizeof rc->dh.salt);
	if (rec_meta_set(h, SL_DICE_META_SALT, hex))
		return -1;
	return rec_dice_bind(rc, h);
}

/* Writes FILE.dice (mode 0600, atomically): the seed, the salt and the next
 * counter, before any die drawn with them is shown. */
int rec_secret_write(recorder *rc)
{
	char tmp[4200], seed[2 * SL_DICE_KEY_BYTES + 1], salt[2 * SL_SALT_BYTES + 1];
	sl_buf b;
	int fd, ok;
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", rc->dice_path);
	fd = mkstemp(tmp);   /* 0600 */
	if (fd < 0) {
		rec_warn(rc, "sillage: %s: cannot create: %s\n", rc->dice_path, strerror(errno));
		return -1;
	}
	sl_hexstr_encode(seed, rc->dh.seed, sizeof rc->dh.seed);
	sl_hexstr_encode(salt, rc->dh.salt, sizeof rc->dh.salt);
	sl_buf_init(&b);
	sl_buf_printf(&b, "# sillage dice secret of %s: keep it private until the log is closed "
		"(formats/prng.md)\nseed %s\nsalt %s\nnext %llu\n", rc->path, seed, salt, (unsigned long long)rc->next);
	ok = !b.failed && write(fd, b.data, b.len) == (ssize_t)b.len && fsync(fd) == 0;
	sl_buf_free(&b);
	if (close(fd) != 0)
		ok = 0;
	if (!ok || rename(tmp, rc->dice_path) != 0) {
		rec_warn(rc, "sillage: %s: cannot write: %s\n", rc->dice_path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* Reads FILE.dice into rc->dh (seed, salt) and *next. 1 read, 0 absent,
 * -1 unreadable (said). */
int rec_secret_read(recorder *rc, uint64_t *next)
{
	FILE *f = fopen(rc->dice_path, "r");
	char line[256];
	int have = 0;
	*next = 0;
	if (!f)
		return errno == ENOENT ? 0 : (rec_warn(rc, "sillage: %s: %s\n", rc->dice_path, strerror(errno)), -1);
	while (fgets(line, sizeof line, f)) {
		size_t n = strcspn(line, "\r\n");
		line[n] = 0;
		if (strncmp(line, "seed ", 5) == 0 && !sl_hexstr_decode(rc->dh.seed, sizeof rc->dh.seed, line + 5, n - 5))
			have |= 1;
		else if (strncmp(line, "salt ", 5) == 0 && !sl_hexstr_decode(rc->dh.salt, sizeof rc->dh.salt, line + 5, n - 5))
			have |= 2;
		else if (strncmp(line, "next ", 5) == 0)
			*next = strtoull(line + 5, NULL, 10);
	}
	fclose(f);
	if (have != 3) {
		rec_warn(rc, "sillage: %s: not a dice secret (expected 'seed HEX64' and 'salt HEX32' lines)\n",
			rc->dice_path);
		return -1;
	}
	return 1;
}

/* The first drawn die of a log: a secret (FILE.dice if it is there, else
 * from the system), its commitment written into the header first. */
static int secret_new(recorder *rc, sl_error *err)
{
	uint64_t next = 0;
	int r = rec_secret_read(rc, &next);
	if (r < 0)
		return sl_error_set(err, SL_EIO, "%s: the dice secret cannot be read", rc->dice_path);
	if (r == 0 && (sl_random_bytes(rc->dh.seed, sizeof rc->dh.seed) ||
	               sl_random_bytes(rc->dh.salt, sizeof rc->dh.salt)))
		return sl_error_set(err, SL_EIO, "no random bytes from the system for the dice seed");
	if (sl_commit(rc->dh.commit, SL_DICE_DOMAIN, rc->dh.salt, rc->dh.seed, sizeof rc->dh.seed))
		return sl_error_set(err, SL_EIO, "cannot commit to the dice seed");
	rc->dh.committed = 1;
	rc->have_secret = 1;
	if (next > rc->next)
		rc->next = next;
	if (rec_secret_write(rc) || rec_dice_meta(rc, &rc->log->h) || rec_rewrite(rc)) {
		rc->io_failed = 1;
		return sl_error_set(err, SL_EIO, "the dice commitment could not be written");
	}
	return SL_OK;
}

/* Fills the dice written '?' with draws from the secret, each at the next
 * counter, and writes the "# dice" line saying which counter drew which die
 * into *line. The counter is saved before any die is shown. */
/* The secret is there to draw with (made at the first die of a log). */
static int dice_ready(recorder *rc, uint32_t lineno, sl_error *err)
{
	if (rc->dh.revealed)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed (its dice seed is "
			"revealed): the recorder draws no more dice");
	if (rc->dh.committed && !rc->have_secret)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "the dice secret %s is missing, so the "
			"recorder cannot draw: write the dice rolled at the table", rc->dice_path);
	if (!rc->dh.committed && secret_new(rc, err))
		return err->code;
	return SL_OK;
}

int rec_draw_chance(recorder *rc, int type, int field, uint32_t lineno, int *value, sl_buf *part, sl_error *err)
{
	const sl_field_def *fd = &rc->log->game->schema->events[type].fields[field];
	uint8_t w[32];
	int n = rc->log->game->chances(rc->st, &rc->log->h, type, field, w, 32), sum = 0, v, acc = 0;
	for (int k = 0; k < n; k++)
		sum += w[k];
	if (n <= 0 || sum < 1 || sum > 255)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "%s: nothing to draw it from", fd->name);
	if (rc->dh.nshares)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "%s: values drawn out of weights are not "
			"drawn from the players' shares yet: write it", fd->name);
	if (dice_ready(rc, lineno, err))
		return err->code;
	v = sl_dice_draw(rc->dh.seed, rc->next, sum);
	if (v < 1)
		return sl_error_set(err, SL_EIO, "the draw failed");
	sl_buf_printf(part, " %s=%llu:%d/%d", fd->name, (unsigned long long)rc->next, v, sum);
	if (rc->chance_at != rc->accepted + rc->refused)
		rc->nchance = 0;
	rc->chance_at = rc->accepted + rc->refused;
	if (rc->nchance < SL_MAX_FIELDS)
		rc->chance_draws[rc->nchance++] = (sl_draw){rc->next, (uint8_t)field, 0, (uint8_t)v, (uint8_t)sum};
	rc->next++;
	if (rec_secret_write(rc)) {
		rc->io_failed = 1;
		return sl_error_set(err, SL_EIO, "the dice counter could not be saved");
	}
	*value = -1;
	for (int k = 0; k < n && *value < 0; k++) {
		acc += w[k];
		if (v <= acc)
			*value = k;
	}
	return SL_OK;
}

static int shared_draw(recorder *rc, sl_event *ev, uint32_t lineno, sl_buf *line, sl_error *err);

/* Format 2: the draws go into the entry, the chance draws made for this
 * line first (sl_event_set_draws sorts them). A mark typed in ('4@17') is
 * refused: only the recorder marks a value drawn. */
static int entry_draws(recorder *rc, sl_event *ev, const sl_draw *dice, int ndice, uint32_t lineno, sl_error *err)
{
	sl_draw all[SL_MAX_FIELDS + SL_MAX_ITEMS];
	int n = 0;
	if (rc->nchance && rc->chance_at == rc->accepted + rc->refused)
		for (int i = 0; i < rc->nchance; i++)
			all[n++] = rc->chance_draws[i];
	rc->nchance = 0;
	for (int i = 0; i < ndice && n < (int)(sizeof all / sizeof *all); i++)
		all[n++] = dice[i];
	if (n > SL_MAX_ITEMS)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "more than %d values drawn for one event",
			SL_MAX_ITEMS);
	return sl_event_set_draws(&rc->log->arena, ev, all, n) ? sl_error_set(err, SL_ENOMEM, "out of memory")
		: SL_OK;
}

int rec_draw(recorder *rc, sl_event *ev, uint32_t lineno, sl_buf *line, sl_error *err)
{
	const sl_event_def *def;
	sl_draw dice[SL_MAX_ITEMS];
	int any = 0, ndice = 0, v2 = rc->log->h.format_version >= 2;
	if (ev->entry != SL_ENTRY_EVENT)
		return SL_OK;
	def = &rc->log->game->schema->events[ev->type];
	if (v2 && ev->ndraws)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "'%s@%llu': a die typed in is a die rolled "
			"at the table; write its value alone, or '?' to have the recorder draw it", def->fields[ev->draws[0].field].name,
			(unsigned long long)ev->draws[0].counter);
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && ev->f[k].present)
			for (int d = 0; d < ev->f[k].n; d++)
				any |= ((const uint8_t *)ev->f[k].p)[d] == 0;
	if (!any)
		return v2 ? entry_draws(rc, ev, NULL, 0, lineno, err) : SL_OK;
	if (rc->dh.nshares)
		return shared_draw(rc, ev, lineno, line, err);
	if (dice_ready(rc, lineno, err))
		return err->code;
	sl_buf_printf(line, "%s%s", SL_DICE_LINE, def->name);
	for (int k = 0; k < def->nfields; k++) {
		uint8_t *items = (uint8_t *)(uintptr_t)ev->f[k].p;   /* our arena */
		int drawn = 0;
		if (def->fields[k].kind != SL_K_DICE || !ev->f[k].present)
			continue;
		for (int d = 0; d < ev->f[k].n; d++)
			drawn |= items[d] == 0;
		if (!drawn)
			continue;
		sl_buf_printf(line, " %s=", def->fields[k].name);
		for (int d = 0; d < ev->f[k].n; d++) {
			if (items[d] == 0) {
				int v = sl_dice_draw(rc->dh.seed, rc->next, def->fields[k].max);
				if (v < 1)
					return sl_error_set(err, SL_EIO, "the dice cannot be drawn");
				items[d] = (uint8_t)v;
				sl_buf_printf(line, "%s%llu:%d", d ? "," : "", (unsigned long long)rc->next, v);
				if (ndice < SL_MAX_ITEMS)
					dice[ndice++] = (sl_draw){rc->next, (uint8_t)k, (uint8_t)d, (uint8_t)v,
						(uint8_t)def->fields[k].max};
				rc->next++;
			} else {
				sl_buf_printf(line, "%s-:%d", d ? "," : "", items[d]);
			}
		}
	}
	if (rec_secret_write(rc)) {
		rc->io_failed = 1;
		return sl_error_set(err, SL_EIO, "the dice counter could not be saved");
	}
	return v2 ? entry_draws(rc, ev, dice, ndice, lineno, err) : SL_OK;
}

/* The "# dice" line of ev's own draws (format 2: for an entry undone). */
void rec_dice_line(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	const sl_event_def *def = &log->game->schema->events[ev->type];
	int j = 0;
	sl_buf_printf(out, "%s%s", SL_DICE_LINE, def->name);
	while (j < ev->ndraws) {
		int k = ev->draws[j].field;
		const sl_field_def *fd = &def->fields[k];
		sl_buf_printf(out, " %s=", fd->name);
		if (fd->kind != SL_K_DICE) {
			sl_buf_printf(out, "%llu:%d/%d", (unsigned long long)ev->draws[j].counter, ev->draws[j].value,
				ev->draws[j].out_of);
			j++;
			continue;
		}
		for (int d = 0; d < ev->f[k].n; d++) {
			const uint8_t *it = ev->f[k].p;
			if (j < ev->ndraws && ev->draws[j].field == k && ev->draws[j].item == d)
				sl_buf_printf(out, "%s%llu:%d", d ? "," : "", (unsigned long long)ev->draws[j++].counter, it[d]);
			else
				sl_buf_printf(out, "%s-:%d", d ? "," : "", it[d]);
		}
		while (j < ev->ndraws && ev->draws[j].field == k)
			j++;
	}
}

void rec_dice_say_digest(const recorder *rc)
{
	sl_chain c;
	char d[SL_CHAIN_TEXT];
	if (rc->quiet || !rc->log || sl_chain_begin(&c, &rc->log->h))
		return;
	for (size_t i = 0; i < rc->log->n; i++)
		if (sl_chain_entry(&c, rc->log->game->schema, &rc->log->ev[i]))
			return;
	sl_chain_format(&c, d);
	rec_say(rc, "digest of the closed log: %s (mail it to the other side: `sillage verify --extends %s "
		"FILE` tells whether a copy met later is this game)\n", d, d);
}

/* ---- a secret from each player ------------------------------------------------ */

static void share_path(const recorder *rc, int player, char *out, size_t n)
{
	snprintf(out, n, "%s.%s.dice", rc->path, rc->log->h.players[player].id);
}

/* FILE.ID.dice: "seed HEX64" and "salt HEX32". 1 read, 0 absent or not one. */
static int share_read(const recorder *rc, int player, uint8_t seed[SL_DICE_KEY_BYTES], uint8_t salt[SL_SALT_BYTES])
{
	char path[4200], line[256];
	int have = 0;
	FILE *f;
	share_path(rc, player, path, sizeof path);
	if (!(f = fopen(path, "r")))
		return 0;
	while (fgets(line, sizeof line, f)) {
		size_t n = strcspn(line, "\r\n");
		line[n] = 0;
		if (strncmp(line, "seed ", 5) == 0 && !sl_hexstr_decode(seed, SL_DICE_KEY_BYTES, line + 5, n - 5))
			have |= 1;
		else if (strncmp(line, "salt ", 5) == 0 && !sl_hexstr_decode(salt, SL_SALT_BYTES, line + 5, n - 5))
			have |= 2;
	}
	fclose(f);
	return have == 3;
}

static int share_write(const recorder *rc, int player, const uint8_t *seed, const uint8_t *salt)
{
	char path[4200], tmp[4300], a[2 * SL_DICE_KEY_BYTES + 1], b[2 * SL_SALT_BYTES + 1];
	sl_buf t;
	int fd, ok;
	share_path(rc, player, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0)
		return -1;
	sl_hexstr_encode(a, seed, SL_DICE_KEY_BYTES);
	sl_hexstr_encode(b, salt, SL_SALT_BYTES);
	sl_buf_init(&t);
	sl_buf_printf(&t, "# %s's share of the dice of %s: keep it private until you close the log "
		"(formats/prng.md)\nseed %s\nsalt %s\n", rc->log->h.players[player].id, rc->path, a, b);
	ok = !t.failed && write(fd, t.data, t.len) == (ssize_t)t.len && fsync(fd) == 0;
	sl_buf_free(&t);
	ok &= close(fd) == 0;
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* The shares held on this machine: each FILE.ID.dice that opens its commitment. */
static void shares_load(recorder *rc)
{
	for (int k = 0; k < rc->dh.nshares; k++)
		if (!rc->have_share[k] && share_read(rc, rc->dh.share_player[k], rc->share_seed[k], rc->share_salt[k]))
			rc->have_share[k] = sl_commit_check(rc->dh.share_commit[k], SL_DICE_SHARE_DOMAIN,
				rc->share_salt[k], rc->share_seed[k], SL_DICE_KEY_BYTES);
}

int rec_dice_is_share(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return strncmp(s, "share", 5) == 0 && (s[5] == 0 || s[5] == ' ' || s[5] == '\t');
}

void rec_dice_share(recorder *rc, const char *s, uint32_t lineno)
{
	sl_error err;
	char id[64] = "", hex[2 * SL_COMMIT_BYTES + 1], key[96];
	uint8_t seed[SL_DICE_KEY_BYTES], salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	int p;
	sl_error_clear(&err);
	sscanf(s, " share %63s", id);
	p = rc->log ? sl_header_player(&rc->log->h, id) : -1;
	if (!rc->log || p < 0) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "'share PLAYER': which player's secret (one of "
			"the header's players, once the header is complete)");
		rec_refuse(rc, &err);
		return;
	}
	snprintf(key, sizeof key, "%s-%s", SL_DICE_META_COMMIT, id);
	if (rc->silb || (rc->dh.committed && !rc->dh.nshares) || rc->next > 0 || rc->dh.revealed) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "shares are added to a text log (.sil) before its "
			"first die is drawn: this one %s", rc->silb ? "is a .silb" : "has dice drawn already");
		rec_refuse(rc, &err);
		return;
	}
	for (int k = 0; k < rc->dh.nshares; k++)
		if (rc->dh.share_player[k] == p) {
			sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "%s has a share already", id);
			rec_refuse(rc, &err);
			return;
		}
	if (!share_read(rc, p, seed, salt) &&
	    (sl_random_bytes(seed, sizeof seed) || sl_random_bytes(salt, sizeof salt) || share_write(rc, p, seed, salt))) {
		rec_warn(rc, "sillage: %s.%s.dice: cannot be written\n", rc->path, id);
		rc->io_failed = 1;
		return;
	}
	if (sl_commit(c, SL_DICE_SHARE_DOMAIN, salt, seed, sizeof seed))
		return;
	sl_hexstr_encode(hex, c, sizeof c);
	if (rec_meta_set(&rc->log->h, key, hex) || rec_rewrite(rc)) {
		rc->io_failed = 1;
		return;
	}
	if (sl_dice_read_header(&rc->log->h, &rc->dh, &err))
		return;
	shares_load(rc);
	if (!rc->quiet)
		rec_say(rc, "%s's share of the dice is committed in the header; its secret is %s.%s.dice (keep "
			"it here, never mail it)\n", id, rc->path, id);
}

/* "# share ID C:HEX,C:HEX..." lines of the pending comment: player ID's
 * share at counter ctr into out. 1 found. */
static int share_in_pending(const recorder *rc, int player, uint64_t ctr, uint8_t out[SL_COMMIT_BYTES])
{
	const char *s = sl_buf_cstr((sl_buf *)&rc->pending), *id = rc->log->h.players[player].id;
	size_t il = strlen(id);
	while (s && *s) {
		size_t n = strcspn(s, "\n");
		if (n > 8 + il && strncmp(s, "# share ", 8) == 0 && strncmp(s + 8, id, il) == 0 && s[8 + il] == ' ') {
			const char *q = s + 9 + il, *end = s + n;
			while (q < end) {
				char *e;
				unsigned long long c = strtoull(q, &e, 10);
				if (e >= end || *e != ':' || end - (e + 1) < 2 * SL_COMMIT_BYTES)
					break;
				if (c == ctr)
					return !sl_hexstr_decode(out, SL_COMMIT_BYTES, e + 1, 2 * SL_COMMIT_BYTES);
				q = e + 1 + 2 * SL_COMMIT_BYTES + 1;
			}
		}
		s += n + (s[n] == '\n');
	}
	return 0;
}

/* Die `ctr` of `faces` from every player's share: 1..faces, 0 when a share
 * is neither here nor in the pending lines, negative on failure. */
static int shared_value(recorder *rc, uint64_t ctr, int faces)
{
	uint8_t sh[SL_MAX_PLAYERS][SL_COMMIT_BYTES], key[SL_COMMIT_BYTES];
	for (int k = 0; k < rc->dh.nshares; k++) {
		if (rc->have_share[k]) {
			if (sl_dice_share(sh[k], rc->share_seed[k], ctr))
				return -1;
		} else if (!share_in_pending(rc, rc->dh.share_player[k], ctr, sh[k])) {
			return 0;
		}
	}
	if (sl_dice_key(key, (const uint8_t (*)[SL_COMMIT_BYTES])sh, rc->dh.nshares))
		return -1;
	return sl_dice_draw(key, ctr, faces);
}

/* The line cannot be drawn here: this side's shares at its counters and
 * the line, written at the end of the log for the other side's recorder. */
static int shared_pending(recorder *rc, sl_event *ev, const uint64_t *ctr, int n, uint32_t lineno, sl_error *err)
{
	sl_buf t, who;
	sl_event e = *ev;
	uint8_t s[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	sl_buf_init(&t);
	sl_buf_init(&who);
	for (int k = 0; k < rc->dh.nshares; k++) {
		const char *id = rc->log->h.players[rc->dh.share_player[k]].id;
		if (!rc->have_share[k]) {
			sl_buf_printf(&who, "%s%s", who.len ? ", " : "", id);
			continue;
		}
		sl_buf_printf(&t, "%s# share %s ", t.len || rc->pending.len ? "\n" : "", id);
		for (int i = 0; i < n; i++) {
			sl_dice_share(s, rc->share_seed[k], ctr[i]);
			sl_hexstr_encode(hex, s, sizeof s);
			sl_buf_printf(&t, "%s%llu:%s", i ? "," : "", (unsigned long long)ctr[i], hex);
		}
	}
	e.comment = e.note = e.bookmark = NULL;
	e.has_check = 0;
	sl_buf_puts(&t, "\n# pending: ");
	{
		size_t at = t.len;
		sl_sil_write_entry(rc->log, &e, &t);
		while (t.len > at && t.data[t.len - 1] == '\n')
			t.len--;
	}
	sl_buf_put(&rc->pending, t.data, t.len);
	sl_free(rc->log->tail_comment);
	rc->log->tail_comment = sl_strdup(sl_buf_cstr(&rc->pending));
	sl_buf_free(&t);
	if (rec_save(rc, REC_TAIL)) {
		sl_buf_free(&who);
		rc->io_failed = 1;
		return sl_error_set(err, SL_EIO, "the pending draw could not be saved");
	}
	sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "the %s wait%s for %s's share: mail %s to %s, whose "
		"`sillage record %s` draws %s and records the line (this session ends here)", n == 1 ? "die" : "dice",
		n == 1 ? "s" : "", sl_buf_cstr(&who), rc->path, sl_buf_cstr(&who), rc->path, n == 1 ? "it" : "them");
	rc->quit = 1;   /* nothing may follow a line left pending */
	sl_buf_free(&who);
	return err->code;
}

/* rec_draw for a log whose players seed the dice. */
static int shared_draw(recorder *rc, sl_event *ev, uint32_t lineno, sl_buf *line, sl_error *err)
{
	const sl_event_def *def = &rc->log->game->schema->events[ev->type];
	sl_draw dice[SL_MAX_ITEMS];
	uint64_t ctr[SL_MAX_ITEMS];
	int n = 0, missing = 0;
	for (int i = 0; i < rc->dh.nshares; i++)
		if (rc->dh.share_revealed[i])
			return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is being closed (a share is "
				"revealed): no more dice are drawn");
	shares_load(rc);
	for (int k = 0; k < def->nfields; k++) {
		uint8_t *items = (uint8_t *)(uintptr_t)ev->f[k].p;
		if (def->fields[k].kind != SL_K_DICE || !ev->f[k].present)
			continue;
		for (int d = 0; d < ev->f[k].n && n < SL_MAX_ITEMS; d++)
			if (items[d] == 0) {
				uint64_t c = rc->iforced < rc->nforced ? rc->forced[rc->iforced++] : rc->next;
				int v = shared_value(rc, c, def->fields[k].max);
				if (v < 0)
					return sl_error_set(err, SL_EIO, "the dice cannot be drawn");
				missing |= v == 0;
				ctr[n] = c;
				dice[n++] = (sl_draw){c, (uint8_t)k, (uint8_t)d, (uint8_t)v, (uint8_t)def->fields[k].max};
				if (c + 1 > rc->next)
					rc->next = c + 1;
			}
	}
	if (missing)
		return shared_pending(rc, ev, ctr, n, lineno, err);
	sl_buf_printf(line, "%s%s", SL_DICE_LINE, def->name);
	for (int i = 0; i < n; i++) {
		((uint8_t *)(uintptr_t)ev->f[dice[i].field].p)[dice[i].item] = dice[i].value;
		sl_buf_printf(line, "%s%s=%llu:%d", i && dice[i].field == dice[i - 1].field ? "" : " ",
			i && dice[i].field == dice[i - 1].field ? "" : def->fields[dice[i].field].name,
			(unsigned long long)dice[i].counter, dice[i].value);
	}
	return entry_draws(rc, ev, dice, n, lineno, err);
}

char *rec_dice_resume(recorder *rc)
{
	const char *s, *p;
	char *text;
	size_t n;
	int mine = 0;
	if (!rc->log || !rc->dh.nshares || !(p = strstr(sl_buf_cstr(&rc->pending), "# pending: ")))
		return NULL;
	shares_load(rc);
	for (int k = 0; k < rc->dh.nshares; k++)
		mine += rc->have_share[k];
	if (!mine) {   /* nothing to draw with, and nothing may follow the pending line */
		rec_warn(rc, "sillage: record: %s waits for a player's share, and none is here (%s.PLAYER.dice): "
			"nothing is recorded\n", rc->path, rc->path);
		rc->quit = 1;
		return NULL;
	}
	s = sl_buf_cstr(&rc->pending);
	n = strcspn(p + 11, "\n");
	text = sl_strndup(p + 11, n);
	if (!text)
		return NULL;
	/* the counters the other side reserved: those of its share lines */
	rc->nforced = rc->iforced = 0;
	for (int k = 0; k < rc->dh.nshares && !rc->nforced; k++) {
		const char *id = rc->log->h.players[rc->dh.share_player[k]].id, *q = s;
		char pre[80];
		snprintf(pre, sizeof pre, "# share %s ", id);
		if (rc->have_share[k] || !(q = strstr(s, pre)))
			continue;
		for (q += strlen(pre); *q >= '0' && *q <= '9' && rc->nforced < SL_MAX_ITEMS;) {
			char *e;
			rc->forced[rc->nforced++] = strtoull(q, &e, 10);
			q = e + 1 + 2 * SL_COMMIT_BYTES;
			if (*q != ',')
				break;
			q++;
		}
	}
	if (!rc->nforced) {   /* this side's own line, still waiting */
		rec_warn(rc, "sillage: record: %s still waits for the other side's share of '%s': mail it to them; "
			"nothing is recorded until they have drawn it\n", rc->path, text);
		rc->quit = 1;
		sl_free(text);
		return NULL;
	}
	/* the pending line leaves the comment, the shares stay above the entry */
	{
		size_t at = (size_t)(p - s), cut = 11 + n + (p[11 + n] == '\n');
		if (at > 0 && s[at - 1] == '\n' && p[11 + n] != '\n') {
			at--;
			cut++;
		}
		memmove(rc->pending.data + at, rc->pending.data + at + cut, rc->pending.len - at - cut);
		rc->pending.len -= cut;
	}
	if (!rc->quiet)
		rec_say(rc, "drawing the line left pending for this side's share: %s\n", text);
	return text;   /* run by the caller, above the pipeline: rec_begin */
}

void rec_dice_resume_done(recorder *rc)
{
	rc->nforced = rc->iforced = 0;
}

void rec_dice_close_shared(recorder *rc, uint32_t lineno)
{
	char key[96], hex[2 * SL_DICE_KEY_BYTES + 1];
	sl_error err;
	int mine = 0;
	sl_error_clear(&err);
	shares_load(rc);
	for (int k = 0; k < rc->dh.nshares; k++) {
		const char *id = rc->log->h.players[rc->dh.share_player[k]].id;
		if (!rc->have_share[k] || rc->dh.share_revealed[k])
			continue;
		snprintf(key, sizeof key, "%s-%s", SL_DICE_META_SEED, id);
		sl_hexstr_encode(hex, rc->share_seed[k], SL_DICE_KEY_BYTES);
		if (rec_meta_set(&rc->log->h, key, hex))
			return;
		snprintf(key, sizeof key, "%s-%s", SL_DICE_META_SALT, id);
		sl_hexstr_encode(hex, rc->share_salt[k], SL_SALT_BYTES);
		if (rec_meta_set(&rc->log->h, key, hex))
			return;
		mine++;
	}
	if (!mine) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "no share of this log is held here to reveal "
			"(FILE.PLAYER.dice)");
		rec_refuse(rc, &err);
		return;
	}
	if (sl_dice_read_header(&rc->log->h, &rc->dh, &err))
		return;
	rc->quit = 1;
	if (rc->dh.revealed)
		rec_dice_bind(rc, &rc->log->h);   /* a die that does not match is said, and the log still closed */
	if (rec_rewrite(rc)) {
		rc->io_failed = 1;
		return;
	}
	for (int k = 0; k < rc->dh.nshares; k++)
		if (rc->have_share[k]) {
			char path[4200];
			share_path(rc, rc->dh.share_player[k], path, sizeof path);
			unlink(path);
		}
	rc->closed = rc->dh.revealed;
	if (rc->quiet)
		return;
	if (rc->dh.revealed) {
		rec_say(rc, "closed: every player's share is revealed; `sillage verify %s` checks every die drawn "
			"(%llu)\n", rc->path, (unsigned long long)rc->next);
		rec_dice_say_digest(rc);
	} else {
		rec_say(rc, "this side's share is revealed; the log is closed when the other players reveal "
			"theirs ('close' in their recorder)\n");
	}
}
