/* fuzz_ti4map.c - libFuzzer target for the TI4 map-string importer (a
 * TTS/TTPG string: tile ids in spiral order, {id} first for a custom
 * centre, 0 for an empty slot): any bytes are parsed; a string that parses
 * fills only known tiles, and written back in the same form it parses to
 * the same galaxy. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ti4/ti4.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int16_t tiles[TI4_NPOS], again[TI4_NPOS];
	char text[TI4_NPOS * 8 + 8];
	size_t at = 0;
	sl_error err;
	int n;
	sl_error_clear(&err);
	if (size > 4096 || (n = ti4_map_parse((const char *)data, size, tiles, &err)) < 0)
		return 0;
	if (n > TI4_NPOS)
		abort();
	for (int i = 0; i < TI4_NPOS; i++) {
		if (tiles[i] < 0 || (tiles[i] > 0 && !ti4_tile_find(tiles[i])))
			abort();   /* only tiles the module knows, or none */
		if (tiles[i] > 0 && i >= n)
			abort();   /* nothing past the slots it counted */
	}
	/* the same galaxy, written back: the centre in braces, then ring by ring */
	at += (size_t)snprintf(text + at, sizeof text - at, "{%d}", tiles[0]);
	for (int i = 1; i < n; i++)   /* every slot the string gave, empty ones too */
		at += (size_t)snprintf(text + at, sizeof text - at, " %d", tiles[i]);
	sl_error_clear(&err);
	if (ti4_map_parse(text, at, again, &err) < 0)
		abort();   /* what we write parses */
	for (int i = 0; i < TI4_NPOS; i++)
		if (again[i] != tiles[i])
			abort();   /* to the same tiles */
	return 0;
}
