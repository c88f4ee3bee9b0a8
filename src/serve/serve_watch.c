/* serve_watch.c - the watchers of `sillage serve`: each Server-Sent Events
 * client has a bounded queue; an event is put in every queue and never
 * waits for a client; a client whose queue is full (it reads nothing) is
 * dropped; a client that goes away is freed when its connection closes.
 * A thread per connection (serve.c): a watcher's thread waits here for its
 * next event, and says ": keepalive" every SERVE_KEEPALIVE_S seconds. */
#include "serve.h"

#include <errno.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SL_STR_(x) #x
#define SL_STR(x) SL_STR_(x)

struct watcher {
	server *s;
	char *q[SERVE_WATCH_QUEUE];
	int head, n;
	size_t off;             /* bytes of q[head] already sent */
	int dropped;
	int view;               /* what it may read (serve_view_of) */
	char ip[64];
	watcher *next;
};

/* Puts a copy of msg at the end of w's queue; drops w when it is full.
 * Holds s->wlock. */
static void push(watcher *w, const char *msg)
{
	char *m;
	if (w->dropped)
		return;
	if (w->n == SERVE_WATCH_QUEUE || !(m = strdup(msg))) {
		w->dropped = 1;
		serve_log(w->s, w->ip, "GET", "/api/events", 0, "watcher dropped: it read nothing while its queue "
			"filled (" SL_STR(SERVE_WATCH_QUEUE) " events)");
		return;
	}
	w->q[(w->head + w->n) % SERVE_WATCH_QUEUE] = m;
	w->n++;
}

static ssize_t reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	watcher *w = cls;
	server *s = w->s;
	size_t got = 0;
	pthread_mutex_lock(&s->wlock);
	while (!w->n && !w->dropped && !s->stopping) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += SERVE_KEEPALIVE_S;
		if (pthread_cond_timedwait(&s->wcond, &s->wlock, &until) == ETIMEDOUT && !w->n) {
			/* nothing for a while: a comment, which also finds a client gone */
			static const char ka[] = ": keepalive\n\n";
			pthread_mutex_unlock(&s->wlock);
			if (max < sizeof ka - 1)
				return 0;
			memcpy(buf, ka, sizeof ka - 1);
			return (ssize_t)(sizeof ka - 1);
		}
	}
	if (w->dropped || s->stopping) {
		int dropped = w->dropped;
		pthread_mutex_unlock(&s->wlock);
		return dropped ? MHD_CONTENT_READER_END_WITH_ERROR : MHD_CONTENT_READER_END_OF_STREAM;
	}
	while (w->n && got < max) {
		const char *m = w->q[w->head];
		size_t left = strlen(m) - w->off, take = left < max - got ? left : max - got;
		memcpy(buf + got, m + w->off, take);
		got += take;
		w->off += take;
		if (w->off == strlen(m)) {
			free(w->q[w->head]);
			w->q[w->head] = NULL;
			w->head = (w->head + 1) % SERVE_WATCH_QUEUE;
			w->n--;
			w->off = 0;
		}
	}
	pthread_mutex_unlock(&s->wlock);
	return (ssize_t)got;
}

/* The connection closed (the client left, was dropped, or the server stops). */
static void release(void *cls)
{
	watcher *w = cls;
	server *s = w->s;
	pthread_mutex_lock(&s->wlock);
	for (watcher **p = &s->watchers; *p; p = &(*p)->next)
		if (*p == w) {
			*p = w->next;
			s->nwatchers--;
			break;
		}
	pthread_mutex_unlock(&s->wlock);
	serve_watch_leave(s->club, w->ip);
	for (int k = 0; k < w->n; k++)
		free(w->q[(w->head + k) % SERVE_WATCH_QUEUE]);
	free(w);
}

struct MHD_Response *serve_watch_open(server *s, const char *ip, const char *backlog, int view, int *why)
{
	watcher *w = calloc(1, sizeof *w);
	struct MHD_Response *resp;
	*why = 0;
	if (!w)
		return NULL;
	w->s = s;
	w->view = view;
	snprintf(w->ip, sizeof w->ip, "%s", ip);
	if ((*why = serve_watch_admit(s->club, ip))) {
		free(w);
		return NULL;
	}
	pthread_mutex_lock(&s->wlock);
	if (s->stopping) {
		pthread_mutex_unlock(&s->wlock);
		serve_watch_leave(s->club, ip);
		free(w);
		return NULL;
	}
	push(w, "retry: 2000\n\n");
	if (backlog && *backlog)
		push(w, backlog);
	w->next = s->watchers;
	s->watchers = w;
	s->nwatchers++;
	pthread_mutex_unlock(&s->wlock);
	resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, reader, w, release);
	if (!resp) {
		release(w);
		return NULL;
	}
	return resp;
}

#define EVERY_VIEW (-1000)

void serve_watch_send(server *s, const char *event, long id, const char *json)
{
	serve_watch_send_view(s, EVERY_VIEW, event, id, json);
}

void serve_watch_send_view(server *s, int view, const char *event, long id, const char *json)
{
	size_t n = strlen(json) + strlen(event) + 64;
	char *m = malloc(n);
	if (!m)
		return;
	snprintf(m, n, "id: %ld\nevent: %s\ndata: %s\n\n", id, event, json);
	pthread_mutex_lock(&s->wlock);
	for (watcher *w = s->watchers; w; w = w->next)
		if (view == EVERY_VIEW || w->view == view)
			push(w, m);
	pthread_cond_broadcast(&s->wcond);
	pthread_mutex_unlock(&s->wlock);
	free(m);
}

void serve_watch_stop(server *s)
{
	pthread_mutex_lock(&s->wlock);
	s->stopping = 1;
	pthread_cond_broadcast(&s->wcond);
	pthread_mutex_unlock(&s->wlock);
}
