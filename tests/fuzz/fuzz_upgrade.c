/* fuzz_upgrade.c - libFuzzer target for `sillage upgrade` (issue 30): any
 * bytes read as a .sil log (the seeds: fmp logs of rules versions 1 and 2,
 * tests/compat/fmp) are upgraded to the current rules. Either the upgrade
 * refuses, an illegal entry with its line in the file, or the upgraded log
 * is under the build's rules version and, written and read back, replays
 * with every state check (what `upgrade` writes then verifies). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "games/sl_game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sl_log *log = NULL;
	rec_upgrade_info info;
	sl_error err;
	int rc;
	sl_error_clear(&err);
	if (size > 65536 || sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	if (log->n > 4000) {
		sl_log_free(log);
		return 0;
	}
	sl_error_clear(&err);
	rc = rec_upgrade(log, &info, &err);
	if (rc != SL_OK) {
		if (!err.msg[0])
			abort();   /* a refusal says why */
		if (rc == SL_EILLEGAL && (strcmp(err.file, "fuzz.sil") != 0 || err.line == 0))
			abort();   /* an illegal entry is named at its line of the file */
	} else {
		if (!log->game || log->h.rules_version != log->game->rules_version)
			abort();
		fuzz_replays(log, "fuzz.sil");
	}
	sl_log_free(log);
	return 0;
}
