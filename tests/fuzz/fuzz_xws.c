/* fuzz_xws.c - libFuzzer target for XWS squads (jansson's read, every id
 * looked up in the xwing catalog, the squad and the setup checked by the
 * rules), through the whole catalog (issue 30). Before use, the input's
 * tokens name catalog entries, so that a mutation reaches any of the 673
 * pilots, 524 upgrades and 108 ships rather than the few ids of the seeds:
 * `@P<n>` is pilot n's XWS id, `@U<n>` upgrade n's, `@S<n>` ship n's and
 * `@F<n>` ship n's faction (n taken modulo the table's size). Then:
 *   - one squad goes through the `import` verb itself, which refuses it or
 *     writes a log (to /dev/null);
 *   - two squads, parted by a line `=====`, go through `new xwing --xws A
 *     --xws B` (rec_new_build): refused with a message, a documented code
 *     and no log, or a log that, written and read back, replays with every
 *     state check (fuzz_common.h).
 * The verb and the template read files, so each squad is written to /tmp. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "games/xwing/xwing.h"
#include "src/cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_XWS_MAX 65536

/* s (n bytes) with its tokens expanded into out (cap bytes); its length */
static size_t expand(const char *s, size_t n, char *out, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 64 < cap; i++) {
		const char *id = NULL;
		unsigned long k = 0;
		size_t j = i + 2;
		if (s[i] == '@' && i + 2 < n && s[j] >= '0' && s[j] <= '9') {
			while (j < n && j < i + 8 && s[j] >= '0' && s[j] <= '9')
				k = k * 10 + (unsigned long)(s[j++] - '0');
			switch (s[i + 1]) {
			case 'P': id = xw_pilot_ids[k % (unsigned long)xw_npilots]; break;
			case 'U': id = xw_upgrade_ids[k % (unsigned long)xw_nupgrades]; break;
			case 'S': id = xw_ship_types[k % (unsigned long)xw_nship_types].xws; break;
			case 'F': id = xw_ship_types[k % (unsigned long)xw_nship_types].faction; break;
			default: break;
			}
		}
		if (id && strlen(id) < 60) {
			memcpy(out + o, id, strlen(id));
			o += strlen(id);
			i = j - 1;
		} else {
			out[o++] = s[i];
		}
	}
	return o;
}

static int put(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	fwrite(s, 1, n, f);
	return fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path_a[64], path_b[64], buf[2 * FUZZ_XWS_MAX];
	static int ready;
	const char *s = (const char *)data, *cut;
	size_t n;
	if (!ready) {
		snprintf(path_a, sizeof path_a, "/tmp/fuzz-xws-%ld-a.json", (long)getpid());
		snprintf(path_b, sizeof path_b, "/tmp/fuzz-xws-%ld-b.json", (long)getpid());
		if (!freopen("/dev/null", "w", stdout))   /* the log import writes; refusals stay on stderr */
			abort();
		ready = 1;
	}
	if (size > FUZZ_XWS_MAX)
		return 0;
	cut = NULL;
	for (size_t i = 0; !cut && i + 7 <= size; i++)   /* the line parting two squads */
		if (memcmp(s + i, "\n=====\n", 7) == 0)
			cut = s + i;
	n = expand(s, cut ? (size_t)(cut - s) : size, buf, sizeof buf);
	if (put(path_a, buf, n))
		return 0;
	if (!cut) {
		char *argv[3] = {(char *)"import", path_a, NULL};
		cmd_import(2, argv);
		return 0;
	}
	n = expand(cut + 7, size - (size_t)(cut + 7 - s), buf, sizeof buf);
	if (put(path_b, buf, n) == 0) {
		rec_new_opt opt[2] = {{"xws", path_a}, {"xws", path_b}};
		const rec_template *t = rec_new_find("xwing");
		if (!t)
			abort();
		fuzz_build_check(t, opt, 2);
	}
	return 0;
}
