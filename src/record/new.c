/* new.c - `sillage new`: the registry of the per-game templates, the checks
 * of their options, and the build of a new log (the template's text replayed
 * with every rule, then sealed) that the command and the server save. */
#include "record/new.h"
#include "record/recorder.h"
#include "games/sl_game.h"
#include "replay/sl_replay.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const rec_template *const rec_new_templates[] = {
	&rec_new_sail, &rec_new_starship, &rec_new_fmp, &rec_new_ti4, &rec_new_xwing, NULL};

const rec_template *rec_new_find(const char *game)
{
	for (int i = 0; rec_new_templates[i]; i++)
		if (strcmp(rec_new_templates[i]->game, game) == 0)
			return rec_new_templates[i];
	return NULL;
}

/* ---- options --------------------------------------------------------------- */

#define MAX_KEYS 32

/* The option names of t->usage into names (pointers into a copy in buf);
 * takes[k] 1 when the option has an argument. Returns how many. */
static int usage_keys(const rec_template *t, char *buf, size_t n, const char **names, int *takes)
{
	int k = 0;
	snprintf(buf, n, "%s", t->usage ? t->usage : "");
	for (char *line = buf; line && *line && k < MAX_KEYS;) {
		char *next = strchr(line, '\n'), *p = line;
		if (next)
			*next++ = 0;
		while (*p == ' ')
			p++;
		if (p[0] == '-' && p[1] == '-') {
			size_t len = strcspn(p + 2, " =");
			names[k] = p + 2;
			/* "--key ARG  help": one space then a word; "--key  help": a flag */
			takes[k] = p[2 + len] == ' ' && p[3 + len] && p[3 + len] != ' ';
			p[2 + len] = 0;
			k++;
		}
		line = next;
	}
	return k;
}

int rec_new_takes_value(const rec_template *t, const char *key)
{
	char buf[4096];
	const char *names[MAX_KEYS];
	int takes[MAX_KEYS], n = usage_keys(t, buf, sizeof buf, names, takes);
	for (int k = 0; k < n; k++)
		if (strcmp(names[k], key) == 0)
			return takes[k];
	return -1;
}

int rec_new_check(const rec_template *t, const rec_new_opt *opt, int nopt, sl_error *err)
{
	char buf[4096];
	const char *names[MAX_KEYS];
	int takes[MAX_KEYS], n = usage_keys(t, buf, sizeof buf, names, takes);
	for (int i = 0; i < nopt; i++) {
		int k;
		for (k = 0; k < n; k++)
			if (strcmp(names[k], opt[i].key) == 0)
				break;
		if (k == n) {
			const char *near = rec_suggest(opt[i].key, strlen(opt[i].key), names, n);
			if (near)
				return sl_error_set(err, SL_EUSAGE, "new %s: unknown option --%s; did you "
					"mean --%s?", t->game, opt[i].key, near);
			return sl_error_set(err, SL_EUSAGE, "new %s: unknown option --%s (`sillage new "
				"%s --list` shows the options)", t->game, opt[i].key, t->game);
		}
		if (takes[k] && !opt[i].val)
			return sl_error_set(err, SL_EUSAGE, "new %s: --%s needs a value", t->game,
				opt[i].key);
		if (!takes[k] && opt[i].val)
			return sl_error_set(err, SL_EUSAGE, "new %s: --%s takes no value", t->game,
				opt[i].key);
		/* a value goes into one line of the log's text: a newline in it would
		 * write a line of its own (a setup entry the options never named) */
		if (opt[i].val && (strpbrk(opt[i].val, "\n\t") ||
		    sl_text_unsafe(opt[i].val, strlen(opt[i].val))))
			return sl_error_set(err, SL_EUSAGE, "new %s: --%s: a control character, a "
				"bidirectional control or bytes that are not UTF-8 (a value is one line "
				"of text)", t->game, opt[i].key);
	}
	return 0;
}

/* ---- the build ------------------------------------------------------------- */

int rec_new_build(sl_log **out, const rec_template *t, const rec_new_opt *opt, int nopt,
	sl_error *err)
{
	return rec_new_build_dealt(out, NULL, NULL, t, opt, nopt, err);
}

int rec_new_build_dealt(sl_log **out, rec_new_secret *sec, int *nsec, const rec_template *t,
	const rec_new_opt *opt, int nopt, sl_error *err)
{
	sl_buf text;
	sl_log *log = NULL;
	char name[64];
	int rc;
	*out = NULL;
	if (nsec)
		*nsec = 0;
	if ((rc = rec_new_check(t, opt, nopt, err)) != 0)
		return rc;
	sl_buf_init(&text);
	if ((rc = t->write(&text, opt, nopt, err)) != 0)
		goto out;
	if (sec && nsec && t->deal && (rc = t->deal(&text, sec, nsec, opt, nopt, err)) != 0)
		goto out;
	if (text.failed) {
		rc = sl_error_set(err, SL_EIO, "out of memory");
		goto out;
	}
	snprintf(name, sizeof name, "<new %s>", t->game);
	if ((rc = sl_sil_read(&log, name, (const char *)text.data, text.len, err)) != 0)
		goto out;
	if ((rc = rec_seal_log(log, err)) != 0) {
		/* the rules refused what the template wrote: the setup, not the file */
		if (rc != SL_ENOMEM && rc != SL_EIO)
			rc = err->code = SL_EILLEGAL;
		goto out;
	}
	*out = log;
	log = NULL;
out:
	sl_log_free(log);
	sl_buf_free(&text);
	return rc;
}
