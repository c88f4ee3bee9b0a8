/* upgrade_fmp.c - what `sillage upgrade` writes into an fmp log of an
 * earlier rules version so that version 3 can play it (formats/fmp.md, "Logs
 * of earlier rules versions"):
 *   1 -> 2  the tide card of turn N is drawn in phase 1 of turn N-1 (H13):
 *           each `tide` entry moves one turn earlier, just after that turn's
 *           marker;
 *   2 -> 3  turn 21's stay-or-leave is sealed and revealed before anyone
 *           plays it (9.5): after turn 21's tide, a `commit` then a `reveal`
 *           for every astronef still on the planet, `leave` for those whose
 *           owner took off during turn 21 (those `takeoff` entries go).
 * What the new rules then refuse (a leaver that moved units on turn 21
 * before taking off, an untied pontoon) is named by the replay as usual. */
#include "record/new.h"
#include "games/sl_game.h"
#include "games/fmp/fmp.h"
#include "replay/sl_replay.h"

#include <stdio.h>
#include <string.h>

static int type_of(const sl_log *log, const char *name)
{
	return sl_schema_event(log->game->schema, name, strlen(name));
}

static int is_turn(const sl_event *ev, int t)
{
	return ev->entry == SL_ENTRY_TURN && ev->mark == t;
}

/* Moves the entries of log into a fresh array, for a rebuild by appends. */
static sl_event *take_entries(sl_log *log, size_t *n)
{
	sl_event *old = log->ev;
	*n = log->n;
	log->ev = NULL;
	log->n = log->cap = 0;
	return old;
}

/* 1 -> 2: every tide card one turn earlier. */
static int tides_ahead(sl_log *log, sl_error *err)
{
	size_t n, k;
	int tide = type_of(log, "tide"), rc = 0;
	sl_event *old = take_entries(log, &n);
	for (k = 0; k < n && rc == 0; k++) {
		const sl_event *ev = &old[k];
		if (ev->entry == SL_ENTRY_EVENT && ev->type == tide && k > 0
		    && (old[k - 1].entry == SL_ENTRY_TURN || (old[k - 1].entry == SL_ENTRY_PHASE
		    && old[k - 1].mark == 1)))
			continue;   /* at the head of its turn: written with the turn before */
		rc = sl_log_append(log, ev);
		if (rc == 0 && ev->entry == SL_ENTRY_TURN) {
			/* the card of turn mark+1: the tide at the head of that turn */
			size_t j = k + 1;
			while (j < n && old[j].entry != SL_ENTRY_TURN)
				j++;
			if (j < n && is_turn(&old[j], ev->mark + 1)) {
				j++;
				if (j < n && old[j].entry == SL_ENTRY_PHASE && old[j].mark == 1)
					j++;
				if (j < n && old[j].entry == SL_ENTRY_EVENT && old[j].type == tide)
					rc = sl_log_append(log, &old[j]);
			}
		}
	}
	sl_free(old);
	return rc ? sl_error_set(err, rc, "out of memory") : 0;
}

/* The state of log's first `upto` entries under today's rules. */
static int state_at(const sl_log *log, size_t upto, sl_replay **r, sl_error *err)
{
	int rc = sl_replay_stream(r, log, 0, err);
	if (rc == 0)
		rc = sl_replay_feed(*r, log->ev, upto, err);
	return rc;
}

static void hex_of(char *out, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/* The commit (pass 0) or reveal (pass 1) line of astronef k, parsed and
 * appended. The salt is public at once (the reveals follow), so it is derived,
 * not drawn: the same log upgrades to the same bytes. */
static int choice_line(sl_log *log, const fmp_ship *sh, int k, int leave, int pass,
	uint32_t line, const char *comment, sl_error *err)
{
	const char *word = leave ? "leave" : "stay";
	const char *ship = log->h.players[k].id, *owner = log->h.players[sh->owner].id;
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	char hs[2 * SL_SALT_BYTES + 1], hc[2 * SL_COMMIT_BYTES + 1], text[256];
	uint64_t h = sl_hash64("sillage upgrade fmp-takeoff", 27);
	sl_event ev;
	int rc;
	h = sl_hash64_update(h, ship, strlen(ship));
	for (int i = 0; i < SL_SALT_BYTES; i++)
		salt[i] = (uint8_t)(sl_hash64_update(h, &i, sizeof i) >> 8);
	if ((rc = sl_commit(c, "fmp-takeoff", salt, word, strlen(word))) != 0)
		return sl_error_set(err, rc, "cannot make the commitment");
	hex_of(hs, salt, sizeof salt);
	hex_of(hc, c, sizeof c);
	if (pass == 0)
		snprintf(text, sizeof text, "%s: commit ship=%s hash=\"%s\"", owner, ship, hc);
	else
		snprintf(text, sizeof text, "%s: reveal ship=%s choice=%s salt=\"%s\"", owner, ship, word,
			hs);
	memset(&ev, 0, sizeof ev);
	if ((rc = sl_sil_parse_line(log, text, strlen(text), line, &ev, err)) < 0)
		return rc;
	ev.has_check = 0;
	ev.line = line;
	ev.comment = comment;
	if ((rc = sl_log_append(log, &ev)) != 0)
		return sl_error_set(err, rc, "out of memory");
	return 0;
}

/* Which astronefs took off during turn 21 (entries [from, to)), by colour. */
static void leavers(const sl_log *log, size_t from, size_t to, int leave[FMP_MAX_PLAYERS])
{
	int takeoff = type_of(log, "takeoff");
	memset(leave, 0, FMP_MAX_PLAYERS * sizeof *leave);
	for (size_t k = from; k < to; k++) {
		const sl_event *ev = &log->ev[k];
		int c;
		if (ev->entry != SL_ENTRY_EVENT || ev->type != takeoff || !ev->f[0].present)
			continue;
		c = sl_header_player(&log->h, ev->f[0].p);
		if (c >= 0 && c < FMP_MAX_PLAYERS)
			leave[c] = 1;
	}
}

/* 2 -> 3: turn 21's choices sealed and revealed after its tide. */
static int turn21_choices(sl_log *log, sl_error *err)
{
	size_t n, t21, end, ins, k;
	int leave[FMP_MAX_PLAYERS], takeoff = type_of(log, "takeoff"), rc, first = 1;
	fmp_ship ships[FMP_MAX_PLAYERS];
	sl_replay *r = NULL;
	sl_event *old;
	for (t21 = 0; t21 < log->n && !is_turn(&log->ev[t21], 21); t21++)
		;
	if (t21 == log->n)
		return 0;   /* the game ended before turn 21 */
	for (end = t21 + 1; end < log->n && !is_turn(&log->ev[end], 22); end++)
		;
	ins = t21 + 1;
	if (ins < log->n && log->ev[ins].entry == SL_ENTRY_EVENT && log->ev[ins].type == type_of(log, "tide"))
		ins++;
	leavers(log, t21, end, leave);
	if ((rc = state_at(log, ins, &r, err)) != 0) {
		sl_replay_free(r);
		return rc;
	}
	memcpy(ships, ((const fmp_state *)sl_replay_state(r))->ships, sizeof ships);
	sl_replay_free(r);
	old = take_entries(log, &n);
	for (k = 0; k < ins && rc == 0; k++)
		rc = sl_log_append(log, &old[k]) ? sl_error_set(err, SL_ENOMEM, "out of memory") : 0;
	for (int pass = 0; pass < 2 && rc == 0; pass++)
		for (int c = 0; c < log->h.nplayers && c < FMP_MAX_PLAYERS && rc == 0; c++) {
			if (!ships[c].landed || ships[c].gone)
				continue;
			rc = choice_line(log, &ships[c], c, leave[c], pass, old[ins - 1].line, first ?
				"# sillage upgrade (fmp rules 2 to 3): each turn-21 choice sealed, then revealed;\n"
				"# leave for an astronef that took off on turn 21" : NULL, err);
			first = 0;
		}
	for (k = ins; k < n && rc == 0; k++) {
		if (k < end && old[k].entry == SL_ENTRY_EVENT && old[k].type == takeoff)
			continue;   /* the reveal took it off */
		rc = sl_log_append(log, &old[k]) ? sl_error_set(err, SL_ENOMEM, "out of memory") : 0;
	}
	sl_free(old);
	return rc;
}

int rec_upgrade_fmp(sl_log *log, int from, sl_error *err)
{
	int rc = 0;
	if (from < 2)
		rc = tides_ahead(log, err);
	if (rc == 0 && from < 3)
		rc = turn21_choices(log, err);
	return rc;
}
