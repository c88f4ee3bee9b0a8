/* fuzz_sil.c - libFuzzer target for the .sil text reader: any bytes are
 * read; what was read is written back, and that canonical text must read
 * back and write again to the very same bytes. */
#include <stddef.h>
#include <stdint.h>

#include <stdlib.h>
#include <string.h>

#include "formats/sl_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sl_log *log = NULL, *again = NULL;
	sl_error err;
	sl_buf a, b;
	sl_error_clear(&err);
	if (sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	sl_buf_init(&a);
	sl_buf_init(&b);
	if (sl_sil_write(log, &a) == SL_OK) {
		sl_error_clear(&err);
		/* canonical text reads back */
		if (sl_sil_read(&again, "fuzz.sil", (const char *)a.data, a.len, &err) != SL_OK)
			abort();   /* canonical text must read back */
		sl_sil_write(again, &b);
		if (a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0))
			abort();   /* and be stable */
		sl_log_free(again);
	}
	sl_buf_free(&a);
	sl_buf_free(&b);
	sl_log_free(log);
	return 0;
}
