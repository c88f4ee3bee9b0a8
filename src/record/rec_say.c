/* rec_say.c - the recorder's words, the bottom of src/record: what it says
 * goes to the sink its caller gave (the command prints it, the server
 * returns it), and a refusal is counted and remembered for the caller. */
#include "recorder.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int rec_word_is(const char *s, const char *w)
{
	size_t n = strlen(w);
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, w, n) != 0)
		return 0;
	for (s += n; *s; s++)
		if (*s != ' ' && *s != '\t')
			return 0;
	return 1;
}

static void sink_vput(const recorder *rc, int to_err, const char *fmt, va_list ap)
{
	void (*fn)(void *, const char *, size_t) = to_err ? rc->sink.err : rc->sink.out;
	sl_buf b;
	if (!fn)
		return;
	sl_buf_init(&b);
	sl_buf_vprintf(&b, fmt, ap);
	if (!b.failed && b.len)
		fn(rc->sink.ud, (const char *)b.data, b.len);
	sl_buf_free(&b);
}

void rec_say(const recorder *rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sink_vput(rc, 0, fmt, ap);
	va_end(ap);
}

void rec_warn(const recorder *rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sink_vput(rc, 1, fmt, ap);
	va_end(ap);
}

void rec_say_buf(const recorder *rc, const sl_buf *b)
{
	if (rc->sink.out && b->len && !b->failed)
		rc->sink.out(rc->sink.ud, (const char *)b->data, b->len);
}

void rec_report(const recorder *rc, const sl_error *err)
{
	char msg[1025];
	sl_error_format(err, msg, sizeof msg - 1);
	rec_warn(rc, "sillage: %s\n", msg);
}

void rec_refuse(recorder *rc, const sl_error *err)
{
	rec_report(rc, err);
	rc->last_err = *err;
	rc->last_col = err->col;
	rc->refused++;
	rc->last_refused = 1;
}

/* Prints the line with a caret under column col (1-based). */
static void show_caret(const recorder *rc, const char *line, uint32_t col)
{
	rec_warn(rc, "  %s\n  %*s^\n", line, (int)(col > 0 ? col - 1 : 0), "");
}

void rec_refuse_line(recorder *rc, sl_error *err, const char *line, uint32_t lineno, const line_info *li)
{
	uint32_t col = err->line == lineno ? err->col : 0;
	if (li && li->hint && strlen(err->msg) + strlen(li->hint) + 3 < sizeof err->msg) {
		strcat(err->msg, "; ");
		strcat(err->msg, li->hint);
		if (col <= 1)
			col = (uint32_t)li->hint_at + 1;
	}
	rec_refuse(rc, err);
	rc->last_col = col;
	if (col >= 1 && err->line == lineno)
		show_caret(rc, line, col);
}
