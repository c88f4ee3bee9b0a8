/* fuzz_xws.c - libFuzzer target for the XWS squad importer (`sillage import
 * SQUAD.json`, jansson, src/cli/cmd_import.c): any bytes as a squad file go
 * through the verb itself (the JSON read, every id looked up in the xwing
 * catalog, the setup checked by the rules); it must refuse or write a log,
 * never crash, leak or read out of bounds. The verb reads a file, so each
 * input is written to one first; the log it writes goes to /dev/null. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "src/cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	static int ready;
	char *argv[3];
	FILE *f;
	if (!ready) {
		snprintf(path, sizeof path, "/tmp/fuzz-xws-%ld.json", (long)getpid());
		if (!freopen("/dev/null", "w", stdout))   /* the log it writes; refusals stay on stderr */
			abort();
		ready = 1;
	}
	if (size > 65536 || !(f = fopen(path, "wb")))
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	argv[0] = (char *)"import";
	argv[1] = path;
	argv[2] = NULL;
	cmd_import(2, argv);
	return 0;
}
