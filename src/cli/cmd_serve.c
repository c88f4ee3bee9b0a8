/* cmd_serve.c - `sillage serve`: the options, then the server of src/serve. */
#include "cli.h"
#include "serve/serve.h"

#include <stdlib.h>
#include <string.h>

static int serve_opt(int key, const char *arg, void *ctx)
{
	serve_opts *o = ctx;
	long v;
	switch (key) {
	case 'g': o->game = arg; break;
	case 314: o->from = arg; break;
	case 'q': o->quiet = 1; break;
	case 315: o->tokens = 1; break;
	case 316: o->bind = arg; break;
	case 317: o->dir = arg; break;
	case 318:
		if (cli_parse_long(arg, 1, 1 << 20, &v))
			return cli_usage("serve", "bad --cache-mb '%s' (1..1048576)", arg);
		o->cache_mb = (int)v;
		break;
	case 319:
		if (strcmp(arg, "none") == 0)
			o->per_ip = -1;
		else if (cli_parse_long(arg, 2, 1 << 16, &v))
			return cli_usage("serve", "bad --per-ip '%s' (2..65536, or none)", arg);
		else
			o->per_ip = (int)v;
		break;
	case 321: o->sendmail = arg; break;
	case 322: o->allow_private_hooks = 1; break;
	case 320:
		if (cli_parse_long(arg, 1, 1 << 16, &v))
			return cli_usage("serve", "bad --watchers '%s' (1..65536)", arg);
		o->max_watchers = (int)v;
		break;
	case 'p':
		if (cli_parse_long(arg, 0, 65535, &v))
			return cli_usage("serve", "bad --port '%s' (0..65535; 0: any free port)", arg);
		o->port = (int)v;
		break;
	}
	return 0;
}

int cmd_serve(int argc, char **argv)
{
	serve_opts o;
	size_t n;
	int i;
	memset(&o, 0, sizeof o);
	o.port = 8080;
	o.bind = "127.0.0.1";
	i = cli_parse(cli_find("serve"), argc, argv, serve_opt, &o);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (o.dir) {
		if (argc - i != 0)
			return cli_usage("serve", "--dir DIR serves the games of DIR: no FILE besides");
		if (o.game || o.from)
			return cli_usage("serve", "--dir: a game of DIR is started from its own file, not --game or --from");
		return serve_run(&o);
	}
	if (argc - i != 1)
		return cli_usage("serve", "expected one FILE.silb (created if it does not exist)");
	o.path = argv[i];
	n = strlen(o.path);
	if (n < 6 || strcmp(o.path + n - 5, ".silb") != 0)
		return cli_usage("serve", "'%s': the server records into a crash-safe journal, FILE.silb", o.path);
	if (o.game && o.from)
		return cli_usage("serve", "give --game or --from, not both");
	if (o.game && !sl_game_find(o.game))
		return cli_usage("serve", "unknown game '%s' (see `sillage games`)", o.game);
	return serve_run(&o);
}
