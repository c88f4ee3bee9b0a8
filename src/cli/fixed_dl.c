/* fixed_dl.c - the libraries the command opens (cairo above all: its SVG
 * surface prints every coordinate with snprintf "%f", "%.18f" or "%.*f",
 * fortified, so through __snprintf_chk) get their fixed-notation numbers
 * from sl_fixed (src/core/fixed.c), which writes what glibc writes without
 * its multiple-precision arithmetic: in the HTML viewer's steps glibc's
 * printing of cairo's numbers was 38% of the CPU (docs/exports.md). The
 * binary exports this one name (the Makefile's CLI_LDFLAGS), so the dynamic
 * linker resolves the libraries' calls here; any other format, a buffer
 * the check refuses, a locale whose point is not '.', NaN, the infinities
 * and numbers of 2^63 and more go to glibc's own __vsnprintf_chk. cairo's
 * output stream prints its integers through snprintf too ("%d", "%u" and
 * the like, one a call): "%d", "%u", "%ld" and "%lu" with no flag or width
 * are written here as well (sl_fixed_int). The locale's point is read with
 * nl_langinfo (RADIXCHAR), the same text localeconv gives, at a tenth of
 * its cost (localeconv fills its whole struct each call). */
#include "core/sl_core.h"

#include <langinfo.h>
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
	if (fmt[0] == '%' && slen >= maxlen && (fmt[1] == 'd' || fmt[1] == 'u' || fmt[1] == 'l')) {
		long long v;
		if (strcmp(fmt, "%d") == 0) {
			v = va_arg(ap, int);
			n = sl_fixed_int(s, maxlen, v < 0, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v);
		} else if (strcmp(fmt, "%ld") == 0) {
			v = va_arg(ap, long);
			n = sl_fixed_int(s, maxlen, v < 0, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v);
		} else if (strcmp(fmt, "%u") == 0)
			n = sl_fixed_int(s, maxlen, 0, va_arg(ap, unsigned));
		else if (strcmp(fmt, "%lu") == 0)
			n = sl_fixed_int(s, maxlen, 0, va_arg(ap, unsigned long));
	} else if (fmt[0] == '%' && slen >= maxlen && (fmt[1] == 'f' || fmt[1] == '.')) {
		const char *dp = nl_langinfo(RADIXCHAR);
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
