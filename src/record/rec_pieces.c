/* rec_pieces.c - the pieces the state holds, with their owners, for the
 * recorder's forgiving reading and its completion: every object with an
 * "id" in the game's state as JSON (summary_json), its owner the player its
 * "controller", "owner", "side" or "colour" names. A unit the rules made
 * (fmp's landing makes a player's units) is known before any line names it. */
#include "recorder.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static int player_of(const recorder *rc, const char *id)
{
	for (int k = 0; id && k < rc->log->h.nplayers; k++)
		if (strcmp(rc->log->h.players[k].id, id) == 0)
			return k;
	return -1;
}

static void add_piece(recorder *rc, const char *id, const char *group, int owner)
{
	rec_piece *p;
	if (!rc->pieces && !(rc->pieces = sl_calloc(REC_MAX_PIECES, sizeof *rc->pieces)))
		return;
	for (int k = 0; k < rc->npieces; k++)
		if (strcmp(rc->pieces[k].id, id) == 0)
			return;
	if (rc->npieces >= REC_MAX_PIECES || strlen(id) >= sizeof p->id)
		return;
	p = &rc->pieces[rc->npieces++];
	strcpy(p->id, id);
	snprintf(p->group, sizeof p->group, "%s", group ? group : "");
	p->owner = owner;
}

/* Every object with a string "id" under v; group: the key of the array
 * holding it ("ships", "units"). Players themselves are not pieces. */
static void walk(recorder *rc, json_t *v, const char *group, int depth)
{
	const char *key;
	json_t *x;
	size_t i;
	if (depth > 8)
		return;
	if (json_is_array(v)) {
		json_array_foreach(v, i, x)
			walk(rc, x, group, depth + 1);
		return;
	}
	if (!json_is_object(v))
		return;
	x = json_object_get(v, "id");
	if (json_is_string(x) && group && strcmp(group, "players") != 0) {
		static const char *const owners[] = {"controller", "owner", "side", "colour", NULL};
		int owner = -1;
		for (int k = 0; owners[k] && owner < 0; k++)
			owner = player_of(rc, json_string_value(json_object_get(v, owners[k])));
		add_piece(rc, json_string_value(x), group, owner);
	}
	json_object_foreach(v, key, x)
		if (json_is_array(x) || json_is_object(x))
			walk(rc, x, json_is_array(x) ? key : group, depth + 1);
}

/* The piece ids the log's PIECE fields name (pieces gone from the state,
 * or a game whose state says no ids). */
static void from_log(recorder *rc)
{
	const sl_schema *sc = rc->log->game->schema;
	for (size_t i = 0; i < rc->log->n; i++) {
		const sl_event *ev = &rc->log->ev[i];
		if (ev->entry != SL_ENTRY_EVENT)
			continue;
		for (int k = 0; k < sc->events[ev->type].nfields; k++)
			if (sc->events[ev->type].fields[k].kind == SL_K_PIECE && ev->f[k].present &&
			    player_of(rc, ev->f[k].p) < 0)
				add_piece(rc, ev->f[k].p, NULL, -1);
	}
}

int rec_pieces_known(recorder *rc, const char *id, size_t n)
{
	if (!rc->pieces_valid)
		rec_pieces(rc);
	for (int k = 0; k < rc->npieces; k++)
		if (strlen(rc->pieces[k].id) == n && strncmp(rc->pieces[k].id, id, n) == 0)
			return 1;
	return 0;
}

int rec_pieces(recorder *rc)
{
	sl_buf b;
	json_t *root;
	if (!rc->log || !rc->st)
		return 0;
	if (rc->pieces_valid && rc->pieces_at == rc->accepted && rc->pieces_n == rc->log->n)
		return rc->npieces;
	rc->npieces = 0;
	if (rc->log->game->summary_json) {
		sl_buf_init(&b);
		rc->log->game->summary_json(rc->st, &rc->log->h, &b);
		root = b.failed ? NULL : json_loadb((const char *)b.data, b.len, 0, NULL);
		sl_buf_free(&b);
		if (root)
			walk(rc, root, "", 0);
		json_decref(root);
	}
	from_log(rc);
	rc->pieces_valid = 1;
	rc->pieces_at = rc->accepted;
	rc->pieces_n = rc->log->n;
	return rc->npieces;
}

int rec_piece_owner(recorder *rc, const char *id)
{
	int n = rec_pieces(rc);
	for (int k = 0; k < n; k++)
		if (strcmp(rc->pieces[k].id, id) == 0)
			return rc->pieces[k].owner;
	return -1;
}
