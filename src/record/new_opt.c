/* new_opt.c - reading the options a `sillage new` template was given: a
 * value, a flag, a whole number in a range, one name of a list (with "did
 * you mean"). Below the templates, which new.c drives: the files of
 * src/record call one way (tools/reclint.sh). */
#include "record/new.h"
#include "record/recorder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rec_new_get(const rec_new_opt *opt, int nopt, const char *key)
{
	const char *v = NULL;
	for (int i = 0; i < nopt; i++)
		if (strcmp(opt[i].key, key) == 0)
			v = opt[i].val;
	return v;
}

int rec_new_flag(const rec_new_opt *opt, int nopt, const char *key)
{
	for (int i = 0; i < nopt; i++)
		if (strcmp(opt[i].key, key) == 0)
			return 1;
	return 0;
}

int rec_new_int(const rec_new_opt *opt, int nopt, const char *key, long lo, long hi, long dflt,
	long *out, sl_error *err)
{
	const char *v = rec_new_get(opt, nopt, key);
	char *end;
	long x;
	*out = dflt;
	if (!v)
		return 0;
	errno = 0;
	x = strtol(v, &end, 10);
	if (!*v || *end || errno || x < lo || x > hi)
		return sl_error_set(err, SL_EUSAGE, "--%s '%.40s': a whole number from %ld to %ld",
			key, v, lo, hi);
	*out = x;
	return 0;
}

int rec_new_pick(const rec_new_opt *opt, int nopt, const char *key, const char *const *names,
	int dflt, int *out, sl_error *err)
{
	const char *v = rec_new_get(opt, nopt, key);
	char list[512];
	size_t len = 0;
	int n = 0;
	*out = dflt;
	if (!v)
		return 0;
	for (; names[n]; n++)
		if (strcmp(names[n], v) == 0) {
			*out = n;
			return 0;
		}
	list[0] = 0;
	for (int k = 0; k < n && len < sizeof list - 1; k++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", k ? ", " : "", names[k]);
	{
		const char *near = rec_suggest(v, strlen(v), names, n);
		if (near)
			return sl_error_set(err, SL_EUSAGE, "--%s '%.40s': did you mean '%s'? (one of %s)",
				key, v, near, list);
	}
	return sl_error_set(err, SL_EUSAGE, "--%s '%.40s': one of %s", key, v, list);
}
