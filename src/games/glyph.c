/* glyph.c - the six move assessments (!, ?, !!, ??, !?, ?!) and their names. */
#include "sl_game.h"

#include <string.h>

static const char *const texts[SL_GLYPH_MAX + 1] = {NULL, "!", "?", "!!", "??", "!?", "?!"};
static const char *const names[SL_GLYPH_MAX + 1] = {NULL, "good move", "mistake", "brilliant move",
	"blunder", "interesting move", "dubious move"};

const char *sl_glyph_text(int glyph)
{
	return glyph >= 1 && glyph <= SL_GLYPH_MAX ? texts[glyph] : NULL;
}

const char *sl_glyph_name(int glyph)
{
	return glyph >= 1 && glyph <= SL_GLYPH_MAX ? names[glyph] : NULL;
}

int sl_glyph_parse(const char *s, size_t n)
{
	for (int g = 1; g <= SL_GLYPH_MAX; g++)
		if (strlen(texts[g]) == n && memcmp(texts[g], s, n) == 0)
			return g;
	return 0;
}
