/* fuzz_common.h - what fuzz_new and fuzz_ti4setup share: options split from
 * bytes as `sillage new` takes them, and the build judged (refused with a
 * message and no log, or a log that reads back and replays with every check). */
#ifndef SL_FUZZ_COMMON_H
#define SL_FUZZ_COMMON_H

#include <stdlib.h>
#include <string.h>

#include "record/new.h"
#include "replay/sl_replay.h"

#define FUZZ_MAXOPT 16


/* text (n bytes, NUL after) split at '\n' into "key" or "key=value"; NUL
 * bytes end a line's use (the command line cannot carry them). */
static inline int fuzz_split_opts(char *text, size_t n, rec_new_opt *opt)
{
	int k = 0;
	char *p = text, *end = text + n;
	while (p < end && k < FUZZ_MAXOPT) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *eq;
		if (nl)
			*nl = '\0';
		eq = strchr(p, '=');
		if (eq)
			*eq = '\0';
		opt[k].key = p;
		opt[k].val = eq ? eq + 1 : NULL;
		k++;
		if (!nl)
			break;
		p = nl + 1;
	}
	return k;
}

/* a built log, written out and read back, replays with its checks */
static inline void fuzz_replays(const sl_log *log, const char *name)
{
	sl_buf out;
	sl_log *back = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf_init(&out);
	sl_error_clear(&err);
	if (sl_sil_write(log, &out) != SL_OK || out.failed)
		abort();
	if (sl_sil_read(&back, name, (const char *)out.data, out.len, &err) != SL_OK)
		abort();   /* what was accepted reads back */
	if (sl_replay_open(&r, back, SL_REPLAY_CHECK, &err) != SL_OK ||
	    sl_replay_seek(r, back->n, &err) != SL_OK)
		abort();   /* and replays with every state check */
	sl_replay_free(r);
	sl_log_free(back);
	sl_buf_free(&out);
}

static inline void fuzz_build_check(const rec_template *t, const rec_new_opt *opt, int nopt)
{
	sl_log *log = (sl_log *)1;
	sl_error err;
	int rc;
	sl_error_clear(&err);
	rc = rec_new_build(&log, t, opt, nopt, &err);
	if (rc != SL_OK) {
		if (log || !err.msg[0])
			abort();   /* a refusal gives no log and says why */
		if (rc != SL_EUSAGE && rc != SL_EFORMAT && rc != SL_EILLEGAL && rc != SL_ENOMEM)
			abort();   /* with one of the documented codes */
		return;
	}
	if (!log || log->n == 0)
		abort();
	fuzz_replays(log, "<fuzz new>");
	sl_log_free(log);
}

#endif
