/* strtab.c - what every codec of a schema's values shares: the text and id
 * checks of strings, a scope's string table, and bit widths of a field's
 * values. Generic over schemas; the .silb codecs and the coding scope of
 * modelled segments (mcs.c) use them. */
#include "sl_mcs.h"

#include <string.h>

/* UTF-8, no NUL, no control character but tab (and newline if allowed);
 * with newlines, every line is a '#' comment line. */
int sl_text_ok(const char *s, size_t n, int newlines)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	if (newlines == 1 && (n == 0 || u[0] != '#'))
		return 0;
	while (i < n) {
		unsigned char ch = u[i];
		size_t len, k;
		uint32_t cp;
		if (ch < 0x80) {
			if (ch == '\n' && newlines) {
				if (newlines == 1 && (i + 1 >= n || u[i + 1] != '#'))
					return 0;
			} else if (ch < 0x20 && ch != '\t' && !(newlines == 2 && ch != 0)) {
				return 0;
			}
			i++;
			continue;
		}
		if ((ch & 0xe0) == 0xc0) { len = 2; cp = ch & 0x1f; }
		else if ((ch & 0xf0) == 0xe0) { len = 3; cp = ch & 0x0f; }
		else if ((ch & 0xf8) == 0xf0) { len = 4; cp = ch & 0x07; }
		else return 0;
		if (i + len > n)
			return 0;
		for (k = 1; k < len; k++) {
			if ((u[i + k] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (u[i + k] & 0x3f);
		}
		if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
		    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += len;
	}
	return 1;
}

int sl_id_ok(const char *s, size_t n)
{
	if (n == 0 || n > 63)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

void sl_strtab_reset(sl_strtab *t)
{
	t->n = 0;
	if (t->slots)
		memset(t->slots, 0, t->nslots * sizeof *t->slots);
}

void sl_strtab_free(sl_strtab *t)
{
	sl_free(t->s);
	sl_free(t->len);
	sl_free(t->ok);
	sl_free(t->slots);
	memset(t, 0, sizeof *t);
}

/* What a string may be used as: SL_STR_ID and/or SL_STR_TEXT. */
int sl_str_ok(const char *s, size_t n)
{
	return (sl_id_ok(s, n) ? SL_STR_ID : 0) | (sl_text_ok(s, n, 2) ? SL_STR_TEXT : 0);
}

/* Adds s (ok: str_ok's answer, kept so that a reader checks each string of
 * a scope once, not at every use). */
int sl_strtab_add(sl_strtab *t, const char *s, size_t n, int ok)
{
	if (t->n >= SL_STRTAB_MAX)
		return 0;   /* full: later strings stay literal */
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		const char **ns = sl_realloc(t->s, cap * sizeof *ns);
		uint16_t *nl;
		uint8_t *no;
		if (!ns)
			return -1;
		t->s = ns;
		nl = sl_realloc(t->len, cap * sizeof *nl);
		if (!nl)
			return -1;
		t->len = nl;
		no = sl_realloc(t->ok, cap * sizeof *no);
		if (!no)
			return -1;
		t->ok = no;
		t->cap = cap;
	}
	t->s[t->n] = s;
	t->len[t->n] = (uint16_t)n;
	t->ok[t->n] = (uint8_t)ok;
	t->n++;
	return 0;
}

/* Writer: index + 1 of s in the table, or 0 after adding it (hashed). */
size_t sl_strtab_find(const sl_strtab *t, const char *s, size_t n)
{
	if (!t->nslots)
		return 0;
	for (size_t i = sl_hash64(s, n) & (t->nslots - 1); t->slots[i]; i = (i + 1) & (t->nslots - 1)) {
		uint32_t k = t->slots[i] - 1;
		if (t->len[k] == n && memcmp(t->s[k], s, n) == 0)
			return k + 1;
	}
	return 0;
}

size_t sl_strtab_find_or_add(sl_strtab *t, sl_arena *a, const char *s, size_t n, int *fail)
{
	uint64_t h;
	size_t i;
	if (t->nslots < 2 * (t->n + 1)) {
		size_t ns = t->nslots ? t->nslots * 2 : 256;
		uint32_t *slots;
		while (ns < 2 * (t->n + 1))
			ns *= 2;
		slots = sl_calloc(ns, sizeof *slots);
		if (!slots) {
			*fail = 1;
			return 0;
		}
		for (size_t k = 0; k < t->n; k++) {
			i = sl_hash64(t->s[k], t->len[k]) & (ns - 1);
			while (slots[i])
				i = (i + 1) & (ns - 1);
			slots[i] = (uint32_t)k + 1;
		}
		sl_free(t->slots);
		t->slots = slots;
		t->nslots = ns;
	}
	h = sl_hash64(s, n);
	for (i = h & (t->nslots - 1); t->slots[i]; i = (i + 1) & (t->nslots - 1)) {
		uint32_t k = t->slots[i] - 1;
		if (t->len[k] == n && memcmp(t->s[k], s, n) == 0)
			return k + 1;
	}
	if (t->n < SL_STRTAB_MAX) {
		char *copy = sl_arena_strndup(a, s, n);
		if (!copy || sl_strtab_add(t, copy, n, 0) < 0) {
			*fail = 1;
			return 0;
		}
		t->slots[i] = (uint32_t)t->n;
	}
	return 0;
}

int sl_bits_for(unsigned v)
{
	int b = 0;
	while (v) {
		b++;
		v >>= 1;
	}
	return b;
}

int sl_ntokens(const char *const *names)
{
	int n = 0;
	while (names && names[n])
		n++;
	return n;
}

int sl_strtab_copy(sl_strtab *dst, const sl_strtab *src)
{
	size_t ns = 256;
	sl_strtab_reset(dst);
	for (size_t k = 0; k < src->n; k++)
		if (sl_strtab_add(dst, src->s[k], src->len[k], src->ok[k]) < 0)
			return -1;
	/* the writer's hash, so that a find sees every string copied */
	while (ns < 2 * (dst->n + 1))
		ns *= 2;
	if (dst->nslots < ns) {
		uint32_t *slots = sl_calloc(ns, sizeof *slots);
		if (!slots)
			return -1;
		sl_free(dst->slots);
		dst->slots = slots;
		dst->nslots = ns;
	}
	for (size_t k = 0; k < dst->n; k++) {
		size_t i = sl_hash64(dst->s[k], dst->len[k]) & (dst->nslots - 1);
		while (dst->slots[i])
			i = (i + 1) & (dst->nslots - 1);
		dst->slots[i] = (uint32_t)k + 1;
	}
	return 0;
}
