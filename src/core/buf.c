/* buf.c - growable byte buffers, bounded readers, LEB128 varints. */
#include "sl_core.h"

#include <stdio.h>
#include <string.h>

void sl_buf_init(sl_buf *b)
{
	memset(b, 0, sizeof *b);
}

void sl_buf_free(sl_buf *b)
{
	sl_free(b->data);
	sl_buf_init(b);
}

void sl_buf_reset(sl_buf *b)
{
	b->len = 0;
	b->failed = 0;
}

int sl_buf_reserve(sl_buf *b, size_t extra)
{
	size_t need, cap;
	uint8_t *p;
	if (b->failed)
		return SL_ENOMEM;
	if (extra > SIZE_MAX - b->len - 1)
		goto fail;
	need = b->len + extra + 1;   /* room for the hidden NUL */
	if (need <= b->cap)
		return SL_OK;
	cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	p = sl_realloc(b->data, cap);
	if (!p)
		goto fail;
	b->data = p;
	b->cap = cap;
	return SL_OK;
fail:
	b->failed = 1;
	return SL_ENOMEM;
}

void sl_buf_put(sl_buf *b, const void *p, size_t n)
{
	if (n == 0 || sl_buf_reserve(b, n) != SL_OK)
		return;
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

void sl_buf_putc(sl_buf *b, int c)
{
	uint8_t v = (uint8_t)c;
	sl_buf_put(b, &v, 1);
}

void sl_buf_puts(sl_buf *b, const char *s)
{
	sl_buf_put(b, s, strlen(s));
}

void sl_buf_vprintf(sl_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0 || sl_buf_reserve(b, (size_t)n) != SL_OK)
		return;
	vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void sl_buf_printf(sl_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void sl_buf_u8(sl_buf *b, uint8_t v)
{
	sl_buf_put(b, &v, 1);
}

void sl_buf_u32le(sl_buf *b, uint32_t v)
{
	uint8_t t[4];
	for (int i = 0; i < 4; i++)
		t[i] = (uint8_t)(v >> (8 * i));
	sl_buf_put(b, t, 4);
}

void sl_buf_u64le(sl_buf *b, uint64_t v)
{
	uint8_t t[8];
	for (int i = 0; i < 8; i++)
		t[i] = (uint8_t)(v >> (8 * i));
	sl_buf_put(b, t, 8);
}

void sl_buf_uvarint(sl_buf *b, uint64_t v)
{
	uint8_t t[10];
	size_t n = 0;
	do {
		uint8_t byte = v & 0x7f;
		v >>= 7;
		t[n++] = byte | (v ? 0x80 : 0);
	} while (v);
	sl_buf_put(b, t, n);
}

void sl_buf_svarint(sl_buf *b, int64_t v)
{
	sl_buf_uvarint(b, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

void sl_buf_json_str(sl_buf *b, const char *s)
{
	sl_buf_putc(b, '"');
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			sl_buf_putc(b, '\\');
			sl_buf_putc(b, c);
		} else if (c == '\n') {
			sl_buf_puts(b, "\\n");
		} else if (c == '\t') {
			sl_buf_puts(b, "\\t");
		} else if (c == '\r') {
			sl_buf_puts(b, "\\r");
		} else if (c < 0x20 || c == 0x7f) {
			sl_buf_printf(b, "\\u%04x", c);
		} else {
			sl_buf_putc(b, c);
		}
	}
	sl_buf_putc(b, '"');
}

const char *sl_buf_cstr(sl_buf *b)
{
	if (sl_buf_reserve(b, 0) != SL_OK)
		return "";
	b->data[b->len] = 0;
	return (const char *)b->data;
}

uint8_t *sl_buf_take(sl_buf *b, size_t *out_len)
{
	uint8_t *p;
	sl_buf_cstr(b);
	p = b->data;
	if (out_len)
		*out_len = b->len;
	sl_buf_init(b);
	return p;
}

void sl_reader_init(sl_reader *r, const void *p, size_t n)
{
	r->p = p;
	r->len = n;
	r->pos = 0;
	r->err = 0;
}

const uint8_t *sl_read_bytes(sl_reader *r, size_t n)
{
	const uint8_t *p;
	if (r->err || n > r->len - r->pos) {
		r->err = 1;
		return NULL;
	}
	p = r->p + r->pos;
	r->pos += n;
	return p;
}

uint32_t sl_read_u32le(sl_reader *r)
{
	const uint8_t *p = sl_read_bytes(r, 4);
	uint32_t v = 0;
	if (p)
		for (int i = 3; i >= 0; i--)
			v = (v << 8) | p[i];
	return v;
}

uint64_t sl_read_u64le(sl_reader *r)
{
	const uint8_t *p = sl_read_bytes(r, 8);
	uint64_t v = 0;
	if (p)
		for (int i = 7; i >= 0; i--)
			v = (v << 8) | p[i];
	return v;
}

uint64_t sl_read_uvarint_any(sl_reader *r)
{
	uint64_t v = 0;
	for (int shift = 0; shift < 64; shift += 7) {
		uint8_t byte = sl_read_u8(r);
		if (r->err)
			return 0;
		if (shift == 63 && byte > 1)
			break;   /* would overflow 64 bits */
		v |= (uint64_t)(byte & 0x7f) << shift;
		if (!(byte & 0x80))
			return v;
	}
	r->err = 1;   /* overlong or overflowing varint */
	return 0;
}

