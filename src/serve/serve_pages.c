/* serve_pages.c - the pages and assets of `sillage serve`, embedded in the
 * command (pages.inc, made by tools/embed_pages.sh from src/serve/pages/):
 * no file is ever read from disk by URL. */
#include "serve.h"

#include <string.h>

#include "pages.inc"

const serve_page *serve_page_find(const char *name)
{
	for (int k = 0; serve_page_table[k].name; k++)
		if (strcmp(serve_page_table[k].name, name) == 0)
			return &serve_page_table[k];
	return NULL;
}

char *serve_links_page(const server *s, size_t *len)
{
	sl_buf b;
	char *out;
	sl_buf_init(&b);
	sl_buf_puts(&b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>sillage serve</title>"
		"</head>\n<body><h1>sillage serve</h1>\n<ul>\n");
	if (s->o.tokens)
		sl_buf_puts(&b, "<li>The record links are secret: the host has them (printed when the server started, "
			"and in FILE.tokens).</li>\n");
	else
		sl_buf_puts(&b, "<li><a href=\"record\">record</a>: the board, the legal actions to click</li>\n");
	sl_buf_puts(&b, "<li><a href=\"watch\">watch</a>: follow the game as it is recorded</li>\n"
		"<li><a href=\"overlay\">overlay</a>: the board alone, for a stream</li>\n</ul>\n</body></html>\n");
	if (b.failed) {
		sl_buf_free(&b);
		return NULL;
	}
	out = sl_strndup((const char *)b.data, b.len);
	*len = b.len;
	sl_buf_free(&b);
	return out;
}
