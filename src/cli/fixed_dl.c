/* fixed_dl.c - the libraries the command opens (cairo above all: its SVG
 * surface prints every coordinate with snprintf "%f", "%.18f" or "%.*f",
 * fortified, so through __snprintf_chk) get their fixed-notation numbers
 * from sl_fixed (src/core/fixed.c), which writes what glibc writes without
 * its multiple-precision arithmetic: in the HTML viewer's steps glibc's
 * printing of cairo's numbers was 38% of the CPU (docs/exports.md). The
 * binary exports this one name (the Makefile's CLI_LDFLAGS), so the dynamic
 * linker resolves the libraries' calls here; any other format, a buffer
 * the check refuses, a locale whose point is not '.', NaN, the infinities
 * and numbers of 2^63 and more go to glibc's own __vsnprintf_chk. */
#include "core/sl_core.h"

#include <locale.h>
#include <stdarg.h>
#include <string.h>

int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, va_list ap);
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...);

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...)
{
	va_list ap, aq;
	int n = -1;
	va_start(ap, fmt);
	va_copy(aq, ap);
	if (fmt[0] == '%' && slen >= maxlen && (fmt[1] == 'f' || fmt[1] == '.')) {
		const char *dp = localeconv()->decimal_point;
		if (dp[0] == '.' && !dp[1]) {
			if (strcmp(fmt, "%f") == 0)
				n = sl_fixed(s, maxlen, va_arg(ap, double), 6);
			else if (strcmp(fmt, "%.18f") == 0)
				n = sl_fixed(s, maxlen, va_arg(ap, double), 18);
			else if (strcmp(fmt, "%.*f") == 0) {
				int prec = va_arg(ap, int);
				n = sl_fixed(s, maxlen, va_arg(ap, double), prec);
			}
		}
	}
	if (n < 0)
		n = __vsnprintf_chk(s, maxlen, flag, slen, fmt, aq);
	va_end(aq);
	va_end(ap);
	return n;
}
