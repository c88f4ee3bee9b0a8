/* hostile.c - builds hostile .silb files at run time for the memory tests
 * (tests/hostile/run.sh): well framed, with valid CRCs and hashes, so that
 * a reader gets as far as it would on a real file before it must refuse.
 *   hostile segment OUT COUNT LOG   one deflated SEGMENT of COUNT one-byte
 *                                   phase markers, after LOG's header
 * It uses the codec's private framing helpers (formats/silb_int.h). */
#include "formats/silb_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int die(const char *what)
{
	fprintf(stderr, "hostile: %s\n", what);
	return 2;
}

int main(int argc, char **argv)
{
	sl_log *log = NULL;
	sl_error err;
	sl_buf out, hdr, raw, pay, snap;
	void *st = NULL;
	uint64_t ih, count;
	uLongf zlen;
	FILE *f;

	if (argc != 5 || strcmp(argv[1], "segment") != 0)
		return die("usage: hostile segment OUT COUNT LOG.sil");
	count = strtoull(argv[3], NULL, 10);
	sl_error_clear(&err);
	if (sl_log_load(&log, argv[4], &err) || log->game->init(&st, &log->h, &err))
		return die(err.msg);
	sl_buf_init(&out);
	sl_buf_init(&hdr);
	sl_buf_init(&raw);
	sl_buf_init(&pay);
	sl_buf_init(&snap);
	sl_game_hash(log->game, st, &ih);
	silb_put_file_header(&out, SL_SILB_ARCHIVE, log->h.format_version);
	silb_put_header(&hdr, &log->h, ih);
	silb_put_record(&out, SILB_K_HEADER, hdr.data, hdr.len);
	/* the segment: its keyframe is the initial state, then the markers */
	log->game->serialize(st, &snap);
	sl_buf_uvarint(&raw, snap.len);
	sl_buf_put(&raw, snap.data, snap.len);
	for (uint64_t i = 0; i < count; i++)
		sl_buf_u8(&raw, 0x22);   /* tag: a phase marker of phase 2 */
	sl_buf_uvarint(&pay, 0);          /* first entry */
	sl_buf_uvarint(&pay, count);
	sl_buf_uvarint(&pay, 0);          /* events before */
	sl_buf_uvarint(&pay, 0);          /* turn */
	sl_buf_uvarint(&pay, 0);          /* phase */
	sl_buf_u64le(&pay, sl_hash64(snap.data, snap.len));
	sl_buf_uvarint(&pay, raw.len);
	zlen = compressBound((uLong)raw.len);
	if (raw.failed || sl_buf_reserve(&pay, zlen))
		return die("out of memory");
	if (compress2(pay.data + pay.len, &zlen, raw.data, (uLong)raw.len, 9) != Z_OK)
		return die("deflate failed");
	pay.len += zlen;
	if (pay.len > SL_SILB_MAX_RECORD)
		return die("the segment does not fit in a record");
	silb_put_record(&out, SILB_K_SEGMENT, pay.data, pay.len);
	f = fopen(argv[2], "wb");
	if (!f || fwrite(out.data, 1, out.len, f) != out.len || fclose(f))
		return die("cannot write");
	printf("%zu bytes, one segment of %llu markers (%zu inflated)\n", out.len,
		(unsigned long long)count, raw.len);
	return 0;
}
