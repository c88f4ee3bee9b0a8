/* game.c - helpers shared by rules modules and codecs: headers, schema
 * look-ups, state hash and clone through the canonical serialization. */
#include "sl_game.h"

#include <string.h>

void sl_header_free(sl_header *h)
{
	sl_free(h->game);
	sl_free(h->title);
	sl_free(h->date);
	sl_free(h->comment);
	for (int i = 0; i < h->nplayers; i++) {
		sl_free(h->players[i].id);
		sl_free(h->players[i].name);
	}
	for (int i = 0; i < h->nmeta; i++) {
		sl_free(h->meta[i].key);
		sl_free(h->meta[i].value);
	}
	sl_free(h->meta);
	memset(h, 0, sizeof *h);
}

int sl_header_player(const sl_header *h, const char *id)
{
	for (int i = 0; i < h->nplayers; i++)
		if (h->players[i].id && strcmp(h->players[i].id, id) == 0)
			return i;
	return -1;
}

int sl_schema_token(const char *const *names, const char *s, size_t n)
{
	for (int i = 0; names && names[i]; i++)
		if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return i;
	return -1;
}

int sl_schema_event(const sl_schema *s, const char *name, size_t n)
{
	for (int i = 0; i < s->nevents; i++)
		if (strlen(s->events[i].name) == n && memcmp(s->events[i].name, name, n) == 0)
			return i;
	return -1;
}

const char *sl_phase_name(const sl_schema *s, int phase)
{
	if (phase < 1 || phase > s->nphases)
		return "setup";
	return s->phases[phase - 1];
}

int sl_game_hash(const sl_game *g, const void *st, uint64_t *out)
{
	sl_buf b;
	int rc;
	sl_buf_init(&b);
	rc = g->serialize(st, &b);
	if (rc == SL_OK && b.failed)
		rc = SL_ENOMEM;
	if (rc == SL_OK)
		*out = sl_hash64(b.data, b.len);
	sl_buf_free(&b);
	return rc;
}

int sl_game_clone(const sl_game *g, const void *st, void **out, sl_error *err)
{
	sl_buf b;
	int rc;
	sl_buf_init(&b);
	rc = g->serialize(st, &b);
	if (rc == SL_OK && b.failed)
		rc = SL_ENOMEM;
	if (rc == SL_OK)
		rc = g->restore(out, b.data, b.len, err);
	else
		sl_error_set(err, rc, "cannot snapshot the state: %s", sl_code_name(rc));
	sl_buf_free(&b);
	return rc;
}
