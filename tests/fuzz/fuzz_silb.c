/* fuzz_silb.c - libFuzzer target for the .silb reader: strict and
 * recovering reads of any bytes, then the writers over what was read.
 * Built with -DSL_FUZZING so CRCs, keyframe hashes and the end-of-segment
 * hashes of modelled segments do not stop the mutations
 * (tests/fuzz/README.md). */
#include <stddef.h>
#include <stdint.h>

#include "formats/sl_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (unsigned flags = 0; flags <= SL_SILB_RECOVER; flags += SL_SILB_RECOVER) {
		sl_log *log = NULL;
		sl_silb_info info;
		sl_error err;
		sl_buf b;
		sl_error_clear(&err);
		if (sl_silb_read(&log, "fuzz.silb", data, size, flags, &info, &err) != SL_OK)
			continue;
		sl_buf_init(&b);
		sl_sil_write(log, &b);           /* what was read can be written */
		sl_buf_reset(&b);
		sl_silb_write_journal(log, &b, &err);
		if (log->n < 2000) {             /* replays: keep each run short */
			for (int coding = SL_SILB_MODEL; coding <= SL_SILB_DEFLATE; coding++) {
				sl_buf_reset(&b);
				sl_error_clear(&err);
				sl_silb_write_archive_coded(log, coding, &b, &err);
			}
		}
		sl_buf_free(&b);
		sl_log_free(log);
	}
	return 0;
}
