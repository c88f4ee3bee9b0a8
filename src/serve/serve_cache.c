/* serve_cache.c - the drawn boards of `sillage serve`, kept: a board is
 * drawn once per (game, entry and its state check, view, format, size) and
 * answered from here after, until the cache's byte budget (--cache-mb,
 * default SERVE_CACHE_MB) makes it drop the least recently asked. One cache
 * for every game of the server, behind one lock; what it holds is counted
 * in bytes of the boards plus each entry's own size. */
#include "serve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct centry {
	char key[SERVE_CACHE_KEY];
	unsigned char *data;
	size_t len;
	unsigned long long used;   /* the tick of its last use */
	struct centry *next;
} centry;

static struct {
	pthread_mutex_t lock;
	centry *head;
	size_t bytes, max;
	unsigned long long tick;
	long hits, misses, n;
} C = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, (size_t)SERVE_CACHE_MB << 20, 0, 0, 0, 0};

static size_t cost(const centry *e)
{
	return e->len + sizeof *e;
}

void serve_cache_limit(size_t bytes)
{
	pthread_mutex_lock(&C.lock);
	C.max = bytes;
	pthread_mutex_unlock(&C.lock);
}

int serve_cache_get(const char *key, unsigned char **out, size_t *len)
{
	int hit = 0;
	pthread_mutex_lock(&C.lock);
	for (centry *e = C.head; e; e = e->next)
		if (strcmp(e->key, key) == 0) {
			*out = sl_malloc(e->len ? e->len : 1);
			if (*out) {
				memcpy(*out, e->data, e->len);
				*len = e->len;
				e->used = ++C.tick;
				hit = 1;
			}
			break;
		}
	if (hit)
		C.hits++;
	else
		C.misses++;
	pthread_mutex_unlock(&C.lock);
	return hit;
}

/* Drops the least recently used entry. Holds C.lock. */
static void evict_one(void)
{
	centry **at = NULL, **p;
	centry *e;
	for (p = &C.head; *p; p = &(*p)->next)
		if (!at || (*p)->used < (*at)->used)
			at = p;
	if (!at)
		return;
	e = *at;
	*at = e->next;
	C.bytes -= cost(e);
	C.n--;
	free(e->data);
	free(e);
}

void serve_cache_put(const char *key, const unsigned char *data, size_t len)
{
	centry *e;
	if (len + sizeof *e > C.max / 4)   /* one board never takes more than a quarter */
		return;
	e = calloc(1, sizeof *e);
	if (!e || !(e->data = malloc(len ? len : 1))) {
		free(e);
		return;   /* not kept: drawn again next time */
	}
	snprintf(e->key, sizeof e->key, "%s", key);
	memcpy(e->data, data, len);
	e->len = len;
	pthread_mutex_lock(&C.lock);
	for (centry *o = C.head; o; o = o->next)
		if (strcmp(o->key, key) == 0) {   /* drawn twice at once: one kept */
			pthread_mutex_unlock(&C.lock);
			free(e->data);
			free(e);
			return;
		}
	while (C.head && C.bytes + cost(e) > C.max)
		evict_one();
	e->used = ++C.tick;
	e->next = C.head;
	C.head = e;
	C.bytes += cost(e);
	C.n++;
	pthread_mutex_unlock(&C.lock);
}

void serve_cache_stats(serve_cache_info *out)
{
	pthread_mutex_lock(&C.lock);
	out->bytes = C.bytes;
	out->max = C.max;
	out->entries = C.n;
	out->hits = C.hits;
	out->misses = C.misses;
	pthread_mutex_unlock(&C.lock);
}

void serve_cache_clear(void)
{
	pthread_mutex_lock(&C.lock);
	while (C.head)
		evict_one();
	pthread_mutex_unlock(&C.lock);
}
