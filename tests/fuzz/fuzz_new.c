/* fuzz_new.c - libFuzzer target for the templates of `sillage new` (issue 30):
 * the first byte picks a game, the rest are its options, one a line, "key"
 * (a flag) or "key=value", as the command splits them. rec_new_build must
 * either refuse with a message and no log, or give a log that, written as
 * text and read back, replays with every state check. X-Wing's template is
 * left out: its options name XWS files (fuzz_xws covers that importer). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const games[] = {"sail", "starship", "fmp", "ti4"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[4097];
	rec_new_opt opt[FUZZ_MAXOPT];
	const rec_template *t;
	int nopt;
	if (size < 1 || size > 4096)
		return 0;
	t = rec_new_find(games[data[0] % 4]);
	if (!t)
		abort();
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	nopt = fuzz_split_opts(text, size - 1, opt);
	fuzz_build_check(t, opt, nopt);
	return 0;
}
