/* arena.c - a bump allocator whose pointers live until the arena is freed. */
#include "sl_core.h"

#include <string.h>

struct sl_arena_chunk {
	sl_arena_chunk *next;
	size_t used, cap;
	_Alignas(8) unsigned char data[];
};

#define CHUNK_MIN 16384

void sl_arena_init(sl_arena *a)
{
	a->head = NULL;
	a->used_bytes = 0;
}

void sl_arena_free(sl_arena *a)
{
	sl_arena_chunk *c = a->head;
	while (c) {
		sl_arena_chunk *next = c->next;
		sl_free(c);
		c = next;
	}
	sl_arena_init(a);
}

void *sl_arena_alloc(sl_arena *a, size_t n)
{
	sl_arena_chunk *c = a->head;
	size_t need = (n + 7) & ~(size_t)7;
	void *p;
	if (need < n)
		return NULL;
	if (!c || c->cap - c->used < need) {
		size_t cap = need > CHUNK_MIN ? need : CHUNK_MIN;
		c = sl_malloc(sizeof *c + cap);
		if (!c)
			return NULL;
		c->used = 0;
		c->cap = cap;
		c->next = a->head;
		a->head = c;
	}
	p = c->data + c->used;
	c->used += need;
	a->used_bytes += n;
	return p;
}

char *sl_arena_strndup(sl_arena *a, const char *s, size_t n)
{
	char *d = sl_arena_alloc(a, n + 1);
	if (!d)
		return NULL;
	if (n)
		memcpy(d, s, n);
	d[n] = 0;
	return d;
}

void *sl_arena_memdup(sl_arena *a, const void *p, size_t n)
{
	void *d = sl_arena_alloc(a, n ? n : 1);
	if (d && n)
		memcpy(d, p, n);
	return d;
}
