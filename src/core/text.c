/* text.c - text from a log made safe to show: control characters and the
 * bidirectional controls that could hide or reorder what a reader sees are
 * written out as visible escapes (formats/sil.md, "Showing log text"). */
#include "sl_core.h"

#include <stdio.h>
#include <string.h>

/* Bytes of the UTF-8 sequence at p (n bytes left) and its code point, or
 * 0 when it is not well formed. */
static size_t utf8_at(const unsigned char *p, size_t n, uint32_t *cp)
{
	size_t len, k;
	uint32_t c;
	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if ((p[0] & 0xe0) == 0xc0) { len = 2; c = p[0] & 0x1f; }
	else if ((p[0] & 0xf0) == 0xe0) { len = 3; c = p[0] & 0x0f; }
	else if ((p[0] & 0xf8) == 0xf0) { len = 4; c = p[0] & 0x07; }
	else return 0;
	if (len > n)
		return 0;
	for (k = 1; k < len; k++) {
		if ((p[k] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (p[k] & 0x3f);
	}
	if ((len == 2 && c < 0x80) || (len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/* Code points shown escaped: C0 and C1 controls, DEL, and the marks,
 * embeddings, overrides and isolates of the bidirectional algorithm. */
static int unsafe_cp(uint32_t c, int keep_lines)
{
	if (c == '\n' || c == '\t')
		return !keep_lines;
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f ||
		(c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

int sl_text_unsafe(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		uint32_t c;
		size_t len = utf8_at(p + i, n - i, &c);
		if (!len || unsafe_cp(c, 1))
			return 1;
		i += len;
	}
	return 0;
}

void sl_text_safe(sl_buf *out, const char *s, size_t n, int keep_lines)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		uint32_t c;
		size_t len = utf8_at(p + i, n - i, &c);
		if (!len) {
			sl_buf_printf(out, "\\x%02x", p[i]);   /* not UTF-8 */
			i++;
			continue;
		}
		if (!unsafe_cp(c, keep_lines))
			sl_buf_put(out, p + i, len);
		else if (c == 0x1b)
			sl_buf_puts(out, "\\e");
		else if (c == '\n')
			sl_buf_puts(out, "\\n");
		else if (c == '\t')
			sl_buf_puts(out, "\\t");
		else if (c < 0x80)
			sl_buf_printf(out, "\\x%02x", (unsigned)c);
		else
			sl_buf_printf(out, "\\u{%04x}", (unsigned)c);
		i += len;
	}
}

const char *sl_text_safe_cstr(const char *s, sl_buf *tmp)
{
	size_t n;
	if (!s || !sl_text_unsafe(s, n = strlen(s)))
		return s;
	sl_buf_reset(tmp);
	sl_text_safe(tmp, s, n, 1);
	return tmp->failed ? "" : sl_buf_cstr(tmp);
}
