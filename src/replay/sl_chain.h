/* sl_chain.h - the digest of a log's first entries (formats/hash.md, "The
 * log digest"): a BLAKE2b chain over the header's game and players and each
 * entry's content, draws and check, so that a player who kept the digest of
 * the log they sent can tell whether a log received later continues it. */
#ifndef SL_CHAIN_H
#define SL_CHAIN_H

#include "formats/sl_log.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SL_CHAIN_TAG "sillage-log-1"

/* A running log digest: after sl_chain_begin, the digest of 0 entries; each
 * sl_chain_entry moves it past one more. */
typedef struct sl_chain {
	uint64_t n;                        /* entries taken */
	uint8_t d[SL_COMMIT_BYTES];
	/* the header's dice commitment, mixed into the first entry that
	 * records a draw (the recorder commits when it draws the first die) */
	int has_commit, mixed;
	uint8_t commit[SL_COMMIT_BYTES];
} sl_chain;

int sl_chain_begin(sl_chain *c, const sl_header *h);
int sl_chain_entry(sl_chain *c, const sl_schema *s, const sl_event *ev);
/* "N:HEX64" (the form a player pastes in a mail) into out (at least
 * SL_CHAIN_TEXT bytes). */
#define SL_CHAIN_TEXT (21 + 1 + 2 * SL_COMMIT_BYTES + 1)
void sl_chain_format(const sl_chain *c, char *out);
/* Parses "N:HEX64"; SL_OK or SL_ESYNTAX. */
int sl_chain_parse(sl_chain *out, const char *s);

#ifdef __cplusplus
}
#endif
#endif
