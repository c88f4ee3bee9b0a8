/* fuzz_ti4setup.c - libFuzzer target for the TI4 setup of `sillage new ti4`
 * (issue 30): the bytes are the map string, then after a newline the
 * players (ID:FACTION[@POS],...), then optionally the speaker. The template
 * judges the map string by the rules (import_ti4.c) and places each home:
 * it refuses with a message and no log, or its log replays with every check. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[4097];
	rec_new_opt opt[3];
	const rec_template *t = rec_new_find("ti4");
	char *players, *speaker;
	int nopt = 0;
	if (!t)
		abort();
	if (size > 4096)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	players = memchr(text, '\n', size);
	if (players)
		*players++ = '\0';
	speaker = players ? strchr(players, '\n') : NULL;
	if (speaker)
		*speaker++ = '\0';
	opt[nopt++] = (rec_new_opt){"map", text};
	if (players)
		opt[nopt++] = (rec_new_opt){"players", players};
	if (speaker)
		opt[nopt++] = (rec_new_opt){"speaker", speaker};
	fuzz_build_check(t, opt, nopt);
	return 0;
}
