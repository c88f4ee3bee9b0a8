/* fuzz_seal.c - libFuzzer target for sealed choices (issue 30): X-Wing's
 * dials, fmp's take-off decisions, TI4's secret objectives are recorded as
 * a commitment first and opened later by an entry that carries the salt
 * (formats/commit.md). Any text that reads as a log and replays (rules
 * only, no state checks) is taken as a base; for up to three of its
 * opening entries (a line with `salt=`), chosen by the input's bytes, three
 * forged logs are made from the text and each must be refused by the rules
 * at the forged line, never accepted:
 *   - the salt changed by one hex digit (a reveal that does not open);
 *   - the opening line written twice in a row (opened twice);
 *   - the opening line moved before the commitment it opens (out of order).
 * Everything before the forged line is the base's own, which replayed, so
 * a refusal anywhere else, or none, is a bug of the module's seal checks.
 * The state checks are left out on purpose: they would refuse any forgery
 * by themselves and hide a module that forgets to compare the commitment. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/sl_replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct text_lines {
	const char *p[4096];   /* start of each line (1-based index - 1) */
	size_t len[4096];      /* without its newline */
	size_t n;
} text_lines;

static int split(text_lines *t, const char *s, size_t n)
{
	size_t i = 0;
	t->n = 0;
	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) : n;
		if (t->n == sizeof t->p / sizeof t->p[0])
			return -1;
		t->p[t->n] = s + i;
		t->len[t->n++] = e - i;
		i = e + 1;
	}
	return 0;
}

/* the line's value of key (`key=` after a space), its length in *vn */
static const char *value_of(const char *line, size_t n, const char *key, size_t *vn)
{
	size_t k = strlen(key);
	for (size_t i = 0; i + k < n; i++) {
		if (line[i] == ' ' && memcmp(line + i + 1, key, k) == 0 && line[i + 1 + k] == '=') {
			const char *v = line + i + 2 + k;
			size_t m = 0;
			while (v + m < line + n && v[m] != ' ')
				m++;
			*vn = m;
			return v;
		}
	}
	return NULL;
}

/* the actor of an entry line ("reb: dial ..." -> "reb") */
static size_t actor_len(const char *line, size_t n)
{
	const char *c = memchr(line, ':', n);
	return c ? (size_t)(c - line) : 0;
}

/* The text of t with line `drop` (1-based, 0 none) left out and `add`
 * (its length an) put before line `at` (1-based; t->n + 1 at the end). */
static char *build(const text_lines *t, size_t drop, size_t at, const char *add, size_t an, size_t *out_n)
{
	size_t cap = an + 1, o = 0;
	char *s;
	for (size_t i = 0; i < t->n; i++)
		cap += t->len[i] + 1;
	if (!(s = malloc(cap)))
		abort();
	for (size_t i = 1; i <= t->n + 1; i++) {
		if (i == at) {
			memcpy(s + o, add, an);
			o += an;
			s[o++] = '\n';
		}
		if (i <= t->n && i != drop) {
			memcpy(s + o, t->p[i - 1], t->len[i - 1]);
			o += t->len[i - 1];
			s[o++] = '\n';
		}
	}
	*out_n = o;
	return s;
}

/* The forged text must read, and its replay must stop at `line` with a
 * reason; a forgery that does not read as a log is no test (skipped). */
static void must_refuse(char *text, size_t n, uint32_t line, const char *what)
{
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	int rc;
	sl_error_clear(&err);
	if (sl_sil_read(&log, "forged.sil", text, n, &err) != SL_OK) {
		free(text);
		return;
	}
	sl_error_clear(&err);
	rc = sl_replay_open(&r, log, 0, &err);
	if (rc == SL_OK || err.code == SL_OK || !err.msg[0] || err.line != line) {
		fprintf(stderr, "fuzz_seal: %s at line %u: %s (refused at line %u: %s)\n", what, line,
			rc == SL_OK ? "accepted" : "refused elsewhere", err.line, err.msg);
		abort();
	}
	if (getenv("FUZZ_SEAL_SAY"))   /* to see a seed's forgeries: FUZZ_SEAL_SAY=1 fuzz_seal FILE */
		fprintf(stderr, "fuzz_seal: %s at line %u: refused: %s\n", what, line, err.msg);
	sl_replay_free(r);
	sl_log_free(log);
	free(text);
}

/* the three forgeries of the opening entry on line L (1-based) */
static void forge(const text_lines *t, size_t L)
{
	const char *line = t->p[L - 1];
	size_t n = t->len[L - 1], vn, sn, out_n;
	const char *salt = value_of(line, n, "salt", &sn);
	char *copy;
	if (!salt || sn < 2 || n > 4096)
		return;
	/* 1. the salt one hex digit off */
	if (!(copy = malloc(n)))
		abort();
	memcpy(copy, line, n);
	{
		size_t d = (size_t)(salt - line) + (salt[0] == '"');
		copy[d] = copy[d] == '0' ? '1' : '0';
		char *text = build(t, L, L, copy, n, &out_n);
		must_refuse(text, out_n, (uint32_t)L, "a salt that does not open");
	}
	free(copy);
	/* 2. opened twice */
	must_refuse(build(t, 0, L + 1, line, n, &out_n), out_n, (uint32_t)(L + 1), "a reveal opened twice");
	/* 3. before its commitment: the nearest earlier line of the same actor
	 * (and the same ship, if the reveal names one) that commits */
	{
		size_t an = actor_len(line, n);
		const char *ship = value_of(line, n, "ship", &vn);
		for (size_t c = L - 1; c >= 1 && an; c--) {
			const char *cl = t->p[c - 1];
			size_t cn = t->len[c - 1], vn2, hn;
			const char *cship = value_of(cl, cn, "ship", &vn2);
			if (actor_len(cl, cn) != an || memcmp(cl, line, an) != 0)
				continue;
			if (!value_of(cl, cn, "commit", &hn) && !value_of(cl, cn, "hash", &hn))
				continue;
			if (ship && (!cship || vn2 != vn || memcmp(cship, ship, vn) != 0))
				continue;
			must_refuse(build(t, L, c, line, n, &out_n), out_n, (uint32_t)c, "a reveal before its commitment");
			break;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static text_lines t;
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	size_t opens[64], nopen = 0;
	uint32_t pick = 2166136261u;
	sl_error_clear(&err);
	if (size > 65536 || sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	if (log->n > 4000 || sl_replay_open(&r, log, 0, &err) != SL_OK || split(&t, (const char *)data, size)) {
		sl_replay_free(r);
		sl_log_free(log);
		return 0;
	}
	/* the opening entries: an event (not a marker) on one line with salt= */
	for (size_t i = 0; i < log->n && nopen < 64; i++) {
		const sl_event *ev = &log->ev[i];
		size_t vn;
		if (ev->entry != SL_ENTRY_EVENT || ev->line == 0 || ev->line > t.n)
			continue;
		if (value_of(t.p[ev->line - 1], t.len[ev->line - 1], "salt", &vn))
			opens[nopen++] = ev->line;
	}
	sl_replay_free(r);
	sl_log_free(log);
	for (size_t i = 0; i < size; i++)
		pick = (pick ^ data[i]) * 16777619u;
	for (size_t k = 0; k < 3 && k < nopen; k++)
		forge(&t, opens[(pick + k * 2654435761u) % nopen]);
	return 0;
}
