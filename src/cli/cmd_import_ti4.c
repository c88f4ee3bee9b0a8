/* cmd_import_ti4.c - `sillage import --ti4-map "..."`: a new ti4 log whose
 * galaxy comes from a TTS/TTPG map string. The string is judged by the rules
 * (src/record/import_ti4.c, shared with `new ti4`), and the log's first lines
 * are written: header, players, galaxy. */
#include "cli.h"
#include "record/import.h"

#include <stdio.h>
#include <string.h>

typedef struct import_opts {
	const char *map, *out, *players, *title;
} import_opts;

static int import_opt(int key, const char *arg, void *ctx)
{
	import_opts *o = ctx;
	switch (key) {
	case 320: o->map = arg; break;
	case 'o': o->out = arg; break;
	case 'P': o->players = arg; break;
	case 321: o->title = arg; break;
	}
	return 0;
}

static const uint32_t colours[] = {0x9c36b5, 0xc92a2a, 0x1971c2, 0x2b8a3e, 0xe67700, 0x495057};

static void player_lines(sl_buf *out, const char *p)
{
	for (int np = 0; *p && np < 6; np++) {
		size_t n = strcspn(p, ",");
		sl_buf_puts(out, "player ");
		sl_buf_put(out, p, n);
		sl_buf_puts(out, " \"");
		sl_buf_put(out, p, n);
		sl_buf_printf(out, "\" #%06x\n", colours[np]);
		p += n;
		if (*p == ',')
			p++;
	}
}

int cli_import_ti4(int argc, char **argv)
{
	import_opts o;
	const sl_game *g = sl_game_find("ti4");
	sl_error err;
	sl_buf out, canon;
	int i, rc = EXIT_OK;
	memset(&o, 0, sizeof o);
	i = cli_parse(cli_find("import"), argc, argv, import_opt, &o);
	if (i == -2)
		return EXIT_OK;
	if (i < 0)
		return EXIT_USAGE;
	if (argc != i)
		return cli_usage("import", "takes no FILE operand");
	if (!o.map)
		return cli_usage("import", "give the map string with --ti4-map \"...\"");
	if (!g)
		return cli_usage("import", "this build has no ti4 rules module");
	sl_error_clear(&err);
	sl_buf_init(&out);
	sl_buf_init(&canon);
	if (rec_ti4_map(&canon, o.map, &err) != SL_OK) {
		fprintf(stderr, "sillage: --ti4-map: %s\n", err.msg);
		rc = err.code == SL_ENOMEM || err.code == SL_EIO ? EXIT_IO : EXIT_FAIL;
		goto out;
	}
	sl_buf_printf(&out, "sil %d\ngame ti4 %d\n", SL_SIL_VERSION, g->rules_version);
	sl_buf_printf(&out, "title %s\n", o.title ? o.title : "an imported galaxy");
	player_lines(&out, o.players ? o.players : "p1,p2,p3");
	sl_buf_puts(&out, "\ngalaxy map=\"");
	sl_buf_put(&out, canon.data, canon.len);
	sl_buf_puts(&out, "\"\n");
	if (out.failed) {
		fprintf(stderr, "sillage: out of memory\n");
		rc = EXIT_IO;
		goto out;
	}
	if (o.out && strcmp(o.out, "-") != 0) {   /* -o -: standard output */
		if (sl_write_file_atomic(o.out, out.data, out.len, &err) != SL_OK)
			rc = cli_report(&err);
	} else {
		fwrite(out.data, 1, out.len, stdout);
	}
out:
	sl_buf_free(&out);
	sl_buf_free(&canon);
	return rc;
}
