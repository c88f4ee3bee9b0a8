/* hostile.c - builds hostile .silb files at run time for the memory tests
 * (tests/hostile/run.sh): well framed, with valid CRCs and hashes, so that
 * a reader gets as far as it would on a real file before it must refuse.
 *   hostile segment OUT COUNT LOG   one deflated SEGMENT of COUNT one-byte
 *                                   phase markers, after LOG's header
 *   hostile segments OUT NSEG COUNT LOG
 *                                   NSEG such segments (each within the
 *                                   per-segment cap), then an INDEX and a
 *                                   TRAILER: a complete archive whose
 *                                   entries add up across segments (issue 30)
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

/* One deflated SEGMENT of count phase-2 markers starting at entry first
 * (phase 2 after the first segment), its keyframe the initial state snap. */
static int put_segment(sl_buf *out, const sl_buf *snap, uint64_t first, uint64_t count)
{
	sl_buf raw, pay;
	uLongf zlen;
	int rc = 0;
	sl_buf_init(&raw);
	sl_buf_init(&pay);
	sl_buf_uvarint(&raw, snap->len);
	sl_buf_put(&raw, snap->data, snap->len);
	for (uint64_t i = 0; i < count; i++)
		sl_buf_u8(&raw, 0x22);   /* tag: a phase marker of phase 2 */
	sl_buf_uvarint(&pay, first);      /* first entry */
	sl_buf_uvarint(&pay, count);
	sl_buf_uvarint(&pay, 0);          /* events before */
	sl_buf_uvarint(&pay, 0);          /* turn */
	sl_buf_uvarint(&pay, first ? 2 : 0);   /* phase */
	sl_buf_u64le(&pay, sl_hash64(snap->data, snap->len));
	sl_buf_uvarint(&pay, raw.len);
	zlen = compressBound((uLong)raw.len);
	if (raw.failed || sl_buf_reserve(&pay, zlen))
		rc = die("out of memory");
	else if (compress2(pay.data + pay.len, &zlen, raw.data, (uLong)raw.len, 9) != Z_OK)
		rc = die("deflate failed");
	else if ((pay.len += zlen) > SL_SILB_MAX_RECORD)
		rc = die("the segment does not fit in a record");
	else
		silb_put_record(out, SILB_K_SEGMENT, pay.data, pay.len);
	sl_buf_free(&raw);
	sl_buf_free(&pay);
	return rc;
}

/* The INDEX of nseg segments of count entries at off[], and the TRAILER. */
static void put_index(sl_buf *out, const size_t *off, uint64_t nseg, uint64_t count)
{
	sl_buf ix, tr;
	size_t at = out->len, prev = 0;
	sl_buf_init(&ix);
	sl_buf_init(&tr);
	sl_buf_uvarint(&ix, nseg);
	sl_buf_uvarint(&ix, nseg * count);   /* entries */
	sl_buf_uvarint(&ix, 0);              /* events */
	sl_buf_uvarint(&ix, 0);              /* turns */
	for (uint64_t k = 0; k < nseg; k++) {   /* deltas: offset, first, events, turn */
		sl_buf_uvarint(&ix, off[k] - prev);
		sl_buf_uvarint(&ix, k ? count : 0);
		sl_buf_uvarint(&ix, 0);
		sl_buf_uvarint(&ix, 0);
		prev = off[k];
	}
	silb_put_record(out, SILB_K_INDEX, ix.data, ix.len);
	sl_buf_u64le(&tr, at);
	sl_buf_u32le(&tr, (uint32_t)(out->len - at));
	sl_buf_u32le(&tr, 0);
	silb_put_record(out, SILB_K_TRAILER, tr.data, tr.len);
	sl_buf_free(&ix);
	sl_buf_free(&tr);
}

int main(int argc, char **argv)
{
	sl_log *log = NULL;
	sl_error err;
	sl_buf out, hdr, snap;
	void *st = NULL;
	uint64_t ih, count, nseg = 1;
	size_t *off;
	int many = argc == 6 && strcmp(argv[1], "segments") == 0;
	FILE *f;

	if (!many && (argc != 5 || strcmp(argv[1], "segment") != 0))
		return die("usage: hostile segment OUT COUNT LOG.sil | hostile segments OUT NSEG COUNT LOG.sil");
	if (many)
		nseg = strtoull(argv[3], NULL, 10);
	count = strtoull(argv[many ? 4 : 3], NULL, 10);
	if (nseg < 1 || nseg > SL_SILB_MAX_SEGMENTS || !(off = calloc(nseg, sizeof *off)))
		return die("bad segment count");
	sl_error_clear(&err);
	if (sl_log_load(&log, argv[many ? 5 : 4], &err) || log->game->init(&st, &log->h, &err))
		return die(err.msg);
	sl_buf_init(&out);
	sl_buf_init(&hdr);
	sl_buf_init(&snap);
	sl_game_hash(log->game, st, &ih);
	silb_put_file_header(&out, SL_SILB_ARCHIVE, log->h.format_version);
	silb_put_header(&hdr, &log->h, ih);
	silb_put_record(&out, SILB_K_HEADER, hdr.data, hdr.len);
	/* each segment's keyframe is the initial state, then the markers */
	log->game->serialize(st, &snap);
	for (uint64_t k = 0; k < nseg; k++) {
		off[k] = out.len;
		if (put_segment(&out, &snap, k * count, count))
			return 2;
	}
	if (many)
		put_index(&out, off, nseg, count);
	f = fopen(argv[2], "wb");
	if (out.failed || !f || fwrite(out.data, 1, out.len, f) != out.len || fclose(f))
		return die("cannot write");
	printf("%zu bytes, %llu segment%s of %llu markers\n", out.len, (unsigned long long)nseg,
		nseg == 1 ? "" : "s", (unsigned long long)count);
	return 0;
}
