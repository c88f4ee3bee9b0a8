/* fuzz_sila.c - libFuzzer target for archives of many games: the bytes as
 * an archive file, its directory, each game read alone (whole and through
 * its index), as `ls`, `verify ARCHIVE` and `seek ARCHIVE:NAME` read them.
 * Built with -DSL_FUZZING so CRCs and state hashes do not stop the
 * mutations (tests/fuzz/README.md). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/sl_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	sl_sila *a = NULL;
	sl_error err;
	FILE *f;
	if (!path[0])
		snprintf(path, sizeof path, "%s/fuzz-sila-%ld.sila", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp",
			(long)getpid());
	if (!(f = fopen(path, "wb")))
		return 0;
	if (fwrite(data, 1, size, f) != size) {
		fclose(f);
		return 0;
	}
	fclose(f);
	sl_error_clear(&err);
	if (sl_sila_open(&a, path, &err) == SL_OK) {
		for (size_t i = 0; i < sl_sila_count(a) && i < 8; i++) {
			const sl_sila_member *m = sl_sila_at(a, i);
			sl_log *log = NULL;
			sl_silb *s = NULL;
			char name[256];
			sl_error_clear(&err);
			if (sl_sila_read(a, i, &log, 0, NULL, NULL, NULL, &err) == SL_OK) {
				sl_buf b;
				sl_buf_init(&b);
				sl_sil_write(log, &b);
				sl_buf_free(&b);
				sl_log_free(log);
			}
			snprintf(name, sizeof name, "%s:%s", path, m->name);
			sl_error_clear(&err);
			if (sl_silb_open(&s, name, &err) == SL_OK) {
				void *st = NULL;
				sl_error_clear(&err);
				if (sl_silb_seek_turn(s, sl_silb_turns(s) > 0 ? 1 : 0, &st, NULL, &err) == SL_OK && st)
					sl_silb_log(s)->game->destroy(st);
				sl_silb_close(s);
			}
		}
		sl_sila_close(a);
	}
	unlink(path);
	return 0;
}
