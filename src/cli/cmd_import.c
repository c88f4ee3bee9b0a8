/* cmd_import.c - `sillage import`: XWS squad files into the setup of an
 * xwing log (the importer is src/record/import_xws.c, shared with `new
 * xwing`); --ti4-map goes to cmd_import_ti4.c. */
#include "cli.h"
#include "record/import.h"

#include <stdio.h>
#include <string.h>

typedef struct import_args {
	const char *out;
} import_args;

static int import_opt(int key, const char *arg, void *ctx)
{
	import_args *a = ctx;
	if (key == 'o') {
		a->out = arg;
		return 0;
	}
	return -1;
}

/* XWS squads into an xwing log. */
static int import_xws(int argc, char **argv)
{
	import_args a;
	sl_buf text;
	sl_error err;
	int i, nsq, rc = EXIT_OK;

	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("import"), argc, argv, import_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	nsq = argc - i;
	if (nsq < 1 || nsq > REC_XWS_MAX)
		return cli_usage("import", "give one or two XWS squad files");
	sl_buf_init(&text);
	sl_error_clear(&err);
	if (rec_xws_import(&text, (const char *const *)argv + i, nsq, 0, &err) != 0)
		rc = cli_report(&err);
	else if (a.out && strcmp(a.out, "-") != 0) {
		if (sl_write_file_atomic(a.out, text.data, text.len, &err) != 0)
			rc = cli_report(&err);
	} else if (fwrite(text.data, 1, text.len, stdout) != text.len) {
		rc = EXIT_IO;
	}
	sl_buf_free(&text);
	return rc;
}

/* One verb for every importer: --ti4-map names the ti4 one, files the XWS one. */
int cmd_import(int argc, char **argv)
{
	for (int k = 1; k < argc && strcmp(argv[k], "--") != 0; k++)
		if (strcmp(argv[k], "--ti4-map") == 0 || strncmp(argv[k], "--ti4-map=", 10) == 0)
			return cli_import_ti4(argc, argv);
	return import_xws(argc, argv);
}
