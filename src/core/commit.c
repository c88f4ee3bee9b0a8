/* commit.c - commitments to hidden information (a dial, a secret choice) and
 * unpredictable bytes, through libsodium (BLAKE2b and the system's CSPRNG).
 * The scheme is specified in formats/commit.md. */
#include "sl_core.h"

#include <sodium.h>
#include <string.h>

static int ready(void)
{
	return sodium_init() >= 0;   /* idempotent and thread-safe */
}

int sl_random_bytes(void *out, size_t n)
{
	if (!ready())
		return SL_EIO;
	randombytes_buf(out, n);
	return SL_OK;
}

int sl_commit(uint8_t out[SL_COMMIT_BYTES], const char *domain, const uint8_t salt[SL_SALT_BYTES],
	const void *content, size_t n)
{
	crypto_generichash_state h;
	static const char tag[] = "sillage-commit-1";
	if (!ready() || !domain)
		return SL_EUSAGE;
	/* tag NUL, domain NUL, salt, content: no two inputs share the bytes */
	if (crypto_generichash_init(&h, NULL, 0, SL_COMMIT_BYTES) != 0
		|| crypto_generichash_update(&h, (const unsigned char *)tag, sizeof tag) != 0
		|| crypto_generichash_update(&h, (const unsigned char *)domain, strlen(domain) + 1) != 0
		|| crypto_generichash_update(&h, salt, SL_SALT_BYTES) != 0
		|| crypto_generichash_update(&h, content, n) != 0
		|| crypto_generichash_final(&h, out, SL_COMMIT_BYTES) != 0)
		return SL_EUSAGE;
	return SL_OK;
}

int sl_digest_link(uint8_t out[SL_COMMIT_BYTES], const char *tag, const uint8_t prev[SL_COMMIT_BYTES],
	const void *p, size_t n)
{
	crypto_generichash_state h;
	if (!ready() || !tag)
		return SL_EUSAGE;
	if (crypto_generichash_init(&h, NULL, 0, SL_COMMIT_BYTES) != 0
		|| crypto_generichash_update(&h, (const unsigned char *)tag, strlen(tag) + 1) != 0
		|| crypto_generichash_update(&h, prev, SL_COMMIT_BYTES) != 0
		|| crypto_generichash_update(&h, p, n) != 0
		|| crypto_generichash_final(&h, out, SL_COMMIT_BYTES) != 0)
		return SL_EUSAGE;
	return SL_OK;
}

int sl_dice_share(uint8_t out[SL_COMMIT_BYTES], const uint8_t seed[SL_COMMIT_BYTES], uint64_t counter)
{
	static const char tag[] = "sillage-share-1";   /* and its NUL */
	uint8_t in[sizeof tag + 8];
	if (!ready())
		return SL_EUSAGE;
	memcpy(in, tag, sizeof tag);
	for (int i = 0; i < 8; i++)
		in[sizeof tag + i] = (uint8_t)(counter >> (8 * i));
	return crypto_generichash(out, SL_COMMIT_BYTES, in, sizeof in, seed, SL_COMMIT_BYTES) == 0 ? SL_OK
		: SL_EUSAGE;
}

int sl_dice_key(uint8_t out[SL_COMMIT_BYTES], const uint8_t (*shares)[SL_COMMIT_BYTES], int n)
{
	crypto_generichash_state h;
	static const char tag[] = "sillage-dice-key-1";
	if (!ready() || crypto_generichash_init(&h, NULL, 0, SL_COMMIT_BYTES) != 0 ||
	    crypto_generichash_update(&h, (const unsigned char *)tag, sizeof tag) != 0)
		return SL_EUSAGE;
	for (int i = 0; i < n; i++)
		if (crypto_generichash_update(&h, shares[i], SL_COMMIT_BYTES) != 0)
			return SL_EUSAGE;
	return crypto_generichash_final(&h, out, SL_COMMIT_BYTES) == 0 ? SL_OK : SL_EUSAGE;
}

int sl_commit_check(const uint8_t c[SL_COMMIT_BYTES], const char *domain,
	const uint8_t salt[SL_SALT_BYTES], const void *content, size_t n)
{
	uint8_t got[SL_COMMIT_BYTES];
	if (sl_commit(got, domain, salt, content, n) != SL_OK)
		return 0;
	return sodium_memcmp(got, c, SL_COMMIT_BYTES) == 0;
}

void sl_hexstr_encode(char *out, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;
	for (i = 0; i < n; i++) {
		out[2 * i] = digits[p[i] >> 4];
		out[2 * i + 1] = digits[p[i] & 15];
	}
	out[2 * n] = 0;
}

/* Each byte's value as a hex digit (either case), or 16: a table, since
 * every commitment, salt and hash of a log is read through here. */
static const uint8_t hexval[256] = {
#define H16 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16
	H16, H16, H16,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 16, 16, 16, 16, 16,
	16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, H16,
	16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, H16,
	H16, H16, H16, H16, H16, H16, H16, H16
#undef H16
};

int sl_hexstr_decode(uint8_t *out, size_t n, const char *s, size_t len)
{
	size_t i;
	if (len != 2 * n)
		return SL_ESYNTAX;
	for (i = 0; i < n; i++) {
		unsigned hi = hexval[(unsigned char)s[2 * i]], lo = hexval[(unsigned char)s[2 * i + 1]];
		if ((hi | lo) & 16)
			return SL_ESYNTAX;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return SL_OK;
}
