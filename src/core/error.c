/* error.c - errors that keep the first message and its position. */
#include "sl_core.h"

#include <stdio.h>
#include <string.h>

void sl_error_clear(sl_error *err)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->offset = -1;
}

int sl_error_setv(sl_error *err, int code, const char *fmt, va_list ap)
{
	if (!err || err->code != 0)
		return code;   /* keep the first error */
	err->code = code;
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	return code;
}

int sl_error_set(sl_error *err, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, code, fmt, ap);
	va_end(ap);
	return code;
}

int sl_error_at(sl_error *err, int code, const char *file, uint32_t line,
	uint32_t col, const char *fmt, ...)
{
	va_list ap;
	if (!err || err->code != 0)
		return code;
	va_start(ap, fmt);
	sl_error_setv(err, code, fmt, ap);
	va_end(ap);
	snprintf(err->file, sizeof err->file, "%s", file ? file : "");
	err->line = line;
	err->col = col;
	return code;
}

void sl_error_format(const sl_error *err, char *out, size_t n)
{
	if (err->file[0] && err->line)
		snprintf(out, n, "%s:%u:%u: %s", err->file, err->line,
			err->col ? err->col : 1, err->msg);
	else if (err->file[0] && err->offset >= 0)
		snprintf(out, n, "%s: offset 0x%llx: %s", err->file,
			(unsigned long long)err->offset, err->msg);
	else if (err->file[0])
		snprintf(out, n, "%s: %s", err->file, err->msg);
	else
		snprintf(out, n, "%s", err->msg);
}

const char *sl_code_name(int code)
{
	switch (code) {
	case SL_OK: return "ok";
	case SL_EILLEGAL: return "illegal action";
	case SL_ESYNTAX: return "syntax error";
	case SL_EFORMAT: return "unreadable or unsupported input";
	case SL_EIO: return "I/O error";
	case SL_ENOMEM: return "out of memory";
	case SL_EDESYNC: return "desync";
	case SL_ERANGE: return "out of range";
	case SL_ELIMIT: return "limit exceeded";
	case SL_EUSAGE: return "usage error";
	case SL_EVERSION: return "incompatible version";
	}
	return "unknown error";
}
