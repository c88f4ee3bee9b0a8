/* fuzz_dice.c - libFuzzer target for the recorder's dice lines in a .sil
 * log (formats/prng.md): any text that reads as a log is walked by the dice
 * check, which must accept or refuse it without a crash, and never report
 * more dice in events than it counted in all. */
#include <stddef.h>
#include <stdint.h>

#include <stdlib.h>

#include "replay/sl_dice.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sl_log *log = NULL;
	sl_dice_check c;
	sl_error err;
	int rc;
	sl_error_clear(&err);
	if (sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	sl_error_clear(&err);
	rc = sl_dice_check_begin(&c, log, &err);
	for (size_t i = 0; rc == SL_OK && i < log->n; i++)
		rc = sl_dice_check_entry(&c, &log->ev[i], &err);
	if (rc == SL_OK)
		rc = sl_dice_check_end(&c, log->tail_comment, &err);
	if (c.in_events > c.draws || (rc != SL_OK && err.code == SL_OK))
		abort();   /* counts out of step, or a refusal without a reason */
	sl_log_free(log);
	return 0;
}
