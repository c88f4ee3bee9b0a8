/* import_ti4.c - a TTS/TTPG map string (formats/ti4.md) judged by the ti4
 * rules and put in canonical form, for `import --ti4-map` and `new ti4`. */
#include "record/import.h"
#include "games/sl_game.h"

#include <string.h>

int rec_ti4_map(sl_buf *out, const char *s, sl_error *err)
{
	const sl_game *g = sl_game_find("ti4");
	sl_header h;
	sl_arena a;
	sl_event ev;
	sl_buf canon;
	void *st = NULL;
	int rc;
	if (!g)
		return sl_error_set(err, SL_EFORMAT, "this build has no ti4 rules module");
	memset(&h, 0, sizeof h);
	sl_arena_init(&a);
	sl_buf_init(&canon);
	/* the canonical string: tokens joined by single spaces */
	for (const char *p = s; *p;) {
		size_t n;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',')
			p++;
		n = strcspn(p, " \t\n,");
		if (!n)
			break;
		if (canon.len)
			sl_buf_putc(&canon, ' ');
		sl_buf_put(&canon, p, n);
		p += n;
	}
	if ((rc = g->init(&st, &h, err)) != 0)
		goto out;
	sl_event_init(&ev, sl_schema_event(g->schema, "galaxy", 6), -1);
	/* judged on the string as given, so the offsets point into what the user typed */
	if ((rc = sl_value_text(&a, &ev.f[0], s)) != SL_OK) {
		rc = sl_error_set(err, SL_EIO, "out of memory");
		goto out;
	}
	if ((rc = g->apply(st, &h, &ev, NULL, err)) != SL_OK)
		goto out;
	if (canon.failed) {
		rc = sl_error_set(err, SL_EIO, "out of memory");
		goto out;
	}
	sl_buf_put(out, canon.data, canon.len);
out:
	if (st)
		g->destroy(st);
	sl_arena_free(&a);
	sl_buf_free(&canon);
	return rc;
}
