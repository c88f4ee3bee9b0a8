/* hash.c - 64-bit FNV-1a over canonical state bytes (formats/hash.md). */
#include "sl_core.h"

#define FNV_PRIME UINT64_C(0x100000001b3)

uint64_t sl_hash64_update(uint64_t h, const void *p, size_t n)
{
	const uint8_t *b = p;
	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= FNV_PRIME;
	}
	return h;
}

uint64_t sl_hash64(const void *p, size_t n)
{
	return sl_hash64_update(SL_HASH_INIT, p, n);
}
