/* upgrade.c - `sillage upgrade`: a log recorded under an earlier rules
 * version of its game rewritten under the current one: every entry replayed
 * by today's rules and sealed anew, or the first entry they refuse named.
 * Also the sealing that `new` shares. */
#include "record/new.h"
#include "record/recorder.h"
#include "games/sl_game.h"
#include "replay/sl_replay.h"

#include <string.h>

int rec_seal_log(sl_log *log, sl_error *err)
{
	sl_replay *r = NULL;
	int rc;
	if ((rc = sl_replay_open(&r, log, 0, err)) != 0)
		return rc;
	for (size_t k = 0; k < log->n && rc == 0; k++)
		if ((rc = sl_replay_seek(r, k + 1, err)) == 0)
			rc = rec_seal_entry(log, sl_replay_state(r), k, &log->ev[k]);
	if (rc && !err->msg[0])   /* rec_seal_entry says nothing of a failed allocation */
		sl_error_set(err, rc, rc == SL_ENOMEM ? "out of memory" : "cannot seal the log");
	sl_replay_free(r);
	return rc;
}

/* Whether schema b reads every event of a: the same events, each with a's
 * fields first (names and kinds), so a's events keep their meaning. */
static int schema_extends(const sl_schema *a, const sl_schema *b)
{
	if (a->nevents != b->nevents)
		return 0;
	for (int e = 0; e < a->nevents; e++) {
		const sl_event_def *x = &a->events[e], *y = &b->events[e];
		if (strcmp(x->name, y->name) || y->nfields < x->nfields)
			return 0;
		for (int f = 0; f < x->nfields; f++)
			if (strcmp(x->fields[f].name, y->fields[f].name) || x->fields[f].kind != y->fields[f].kind)
				return 0;
	}
	return 1;
}

int rec_upgrade(sl_log *log, rec_upgrade_info *info, sl_error *err)
{
	const sl_game *g = log->game, *cur = g ? sl_game_find(g->id) : NULL;
	/* a log read with an earlier version's table (its schema) goes on with
	 * today's when today's schema reads its events as they are */
	if (cur && cur != g && schema_extends(g->schema, cur->schema))
		log->game = g = cur;
	uint64_t *old = NULL;
	int rc;
	memset(info, 0, sizeof *info);
	info->from = log->h.rules_version;
	info->first_diff = -1;
	if (!g)
		return sl_error_set(err, SL_EFORMAT, "the log names no game this build knows");
	if (log->h.rules_version > g->rules_version)
		return sl_error_set(err, SL_EVERSION, "recorded under %s rules version %d, newer than "
			"this build's %d: upgrade sillage instead", g->id, log->h.rules_version,
			g->rules_version);
	log->h.rules_version = g->rules_version;
	/* the old checks were made by the old rules: today's replace them, and
	 * the first that differs is said (there the positions part) */
	if (strcmp(g->id, "fmp") == 0 && (rc = rec_upgrade_fmp(log, info->from, err)) != 0)
		goto out;
	if (log->n && !(old = sl_calloc(log->n, sizeof *old)))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	for (size_t k = 0; k < log->n; k++) {
		old[k] = log->ev[k].has_check ? log->ev[k].check | (1ull << 63) : 0;   /* bit 63: had one */
		info->checked += log->ev[k].has_check;
		log->ev[k].has_check = 0;
	}
	if ((rc = rec_seal_log(log, err)) != 0 && rc != SL_ENOMEM && rc != SL_EIO)
		rc = err->code = SL_EILLEGAL;
	for (size_t k = 0; rc == 0 && k < log->n; k++) {
		const sl_event *ev = &log->ev[k];
		if (ev->entry == SL_ENTRY_PHASE || !old[k] || (ev->check | (1ull << 63)) == old[k])
			continue;
		info->differ++;
		if (info->first_diff < 0)
			info->first_diff = (long)k;
	}
out:
	sl_free(old);
	return rc;
}
