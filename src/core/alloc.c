/* alloc.c - the one allocation hook every allocation goes through. */
#include "sl_core.h"

#include <stdlib.h>
#include <string.h>

static void *default_alloc(void *ud, void *ptr, size_t size)
{
	(void)ud;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, size);
}

/* Process-wide by design: a library-wide hook, set once by the embedding
 * program or a test before any other call. */
static sl_alloc_fn alloc_fn = default_alloc;
static void *alloc_ud;

void sl_set_allocator(sl_alloc_fn fn, void *ud)
{
	alloc_fn = fn ? fn : default_alloc;
	alloc_ud = fn ? ud : NULL;
}

void *sl_malloc(size_t n)
{
	return alloc_fn(alloc_ud, NULL, n ? n : 1);
}

void *sl_calloc(size_t count, size_t n)
{
	void *p;
	if (n && count > SIZE_MAX / n)
		return NULL;
	p = sl_malloc(count * n);
	if (p)
		memset(p, 0, count * n);
	return p;
}

void *sl_realloc(void *p, size_t n)
{
	return alloc_fn(alloc_ud, p, n ? n : 1);
}

void sl_free(void *p)
{
	if (p)
		alloc_fn(alloc_ud, p, 0);
}

char *sl_strndup(const char *s, size_t n)
{
	char *d = sl_malloc(n + 1);
	if (!d)
		return NULL;
	if (n)
		memcpy(d, s, n);
	d[n] = 0;
	return d;
}

char *sl_strdup(const char *s)
{
	return s ? sl_strndup(s, strlen(s)) : NULL;
}
