/* serve.c - the daemon of `sillage serve` (libmicrohttpd, a thread per
 * connection): the listening socket, the routes, the limits and refusals of
 * docs/serve.md, one log line per refusal and per accepted action, the
 * tokens, and the run until SIGINT or SIGTERM. */
#define _DEFAULT_SOURCE   /* mkstemp, strcasecmp, timegm */
#include "serve.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- the log lines ---------------------------------------------------------- */

static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;   /* one line at a time, every game */
static FILE *log_out;   /* NULL: standard error */

void serve_log_output(FILE *f)
{
	log_out = f;
}

void serve_log(server *s, const char *ip, const char *method, const char *path, int status, const char *note)
{
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	sl_buf b;
	gmtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	sl_buf_init(&b);
	sl_buf_printf(&b, "serve: %s %s %s ", when, ip ? ip : "-", method);
	/* the path as asked, control bytes shown escaped: a log line stays one line */
	sl_text_safe(&b, path, strlen(path) > 200 ? 200 : strlen(path), 0);
	if (status > 0)
		sl_buf_printf(&b, " %d", status);
	else
		sl_buf_puts(&b, " -");
	if (note && *note) {
		sl_buf_putc(&b, ' ');
		sl_text_safe(&b, note, strlen(note), 0);
	}
	sl_buf_putc(&b, '\n');
	(void)s;
	pthread_mutex_lock(&log_mutex);
	if (!b.failed)
		fwrite(b.data, 1, b.len, log_out ? log_out : stderr);
	fflush(log_out ? log_out : stderr);
	pthread_mutex_unlock(&log_mutex);
	sl_buf_free(&b);
}

/* libmicrohttpd's own words (a client gone mid-request, ...), as log lines */
static void mhd_logger(void *cls, const char *fmt, va_list ap)
{
	server *s = NULL;
	char msg[400];
	size_t n;
	vsnprintf(msg, sizeof msg, fmt, ap);
	n = strlen(msg);
	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = 0;
	serve_log(s, NULL, "-", "-", 0, msg);
}

/* ---- limits: streams per address, a deadline for each request ------------------ */

static const char *client_ip(struct MHD_Connection *c, char *buf, size_t n);

struct ip_count {
	char ip[64];
	int n;
};

int serve_watch_admit(club *cl, const char *ip)
{
	int k, why = 0;
	pthread_mutex_lock(&cl->climit);
	for (k = 0; k < cl->nips && strcmp(cl->ips[k].ip, ip) != 0; k++)
		;
	if (cl->nstreams >= cl->max_streams || cl->stopping)
		why = 1;
	else if (k < cl->nips && cl->per_ip > 0 && cl->ips[k].n >= cl->per_ip / 2)
		why = 2;
	else if (k == cl->nips) {
		struct ip_count *v = realloc(cl->ips, sizeof *v * (size_t)(cl->nips + 1));
		if (!v)
			why = 1;
		else {
			cl->ips = v;
			snprintf(v[k].ip, sizeof v->ip, "%s", ip);
			v[k].n = 0;
			cl->nips++;
		}
	}
	if (!why) {
		cl->ips[k].n++;
		cl->nstreams++;
	}
	pthread_mutex_unlock(&cl->climit);
	return why;
}

void serve_watch_leave(club *cl, const char *ip)
{
	pthread_mutex_lock(&cl->climit);
	for (int k = 0; k < cl->nips; k++)
		if (strcmp(cl->ips[k].ip, ip) == 0) {
			cl->nstreams--;
			if (--cl->ips[k].n == 0)
				cl->ips[k] = cl->ips[--cl->nips];
			break;
		}
	pthread_mutex_unlock(&cl->climit);
}

/* Every open connection, and by when its request (headers and body) must be
 * in: SERVE_REQUEST_S after it opened or after its last answer ended. A
 * connection still sending then is shut by the watchdog, so slow or
 * half-sent requests cannot hold the connection slots. */
typedef struct conn_slot {
	int fd, busy, shut;
	long served;            /* answers sent on it: past 0, an idle wait is a kept-alive connection's */
	long long deadline;
	char ip[64];
	struct conn_slot *next;
} conn_slot;

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static club *the_club;   /* the one club of the process, for the connection notices */

static conn_slot *slot_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return ci ? ci->socket_context : NULL;
}

/* An answer is queued: the request is in, no deadline while it is sent. */
static void conn_busy(struct MHD_Connection *c)
{
	conn_slot *k = slot_of(c);
	if (!k || !the_club)
		return;
	pthread_mutex_lock(&the_club->climit);
	k->busy = 1;
	pthread_mutex_unlock(&the_club->climit);
}

static void conn_idle(club *cl, struct MHD_Connection *c)
{
	conn_slot *k = slot_of(c);
	if (!k)
		return;
	pthread_mutex_lock(&cl->climit);
	k->busy = 0;
	k->served++;
	k->deadline = mono_ms() + SERVE_REQUEST_S * 1000;
	pthread_mutex_unlock(&cl->climit);
}

static void conn_notice(void *cls, struct MHD_Connection *c, void **socket_context, enum MHD_ConnectionNotificationCode code)
{
	club *cl = cls;
	pthread_mutex_lock(&cl->climit);
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		conn_slot *k = calloc(1, sizeof *k);
		if (k && ci) {
			char ip[64];
			int one = 1;   /* an answer's head and body go out at once, not held for an ACK */
			setsockopt(ci->connect_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
			k->fd = ci->connect_fd;
			k->deadline = mono_ms() + SERVE_REQUEST_S * 1000;
			snprintf(k->ip, sizeof k->ip, "%s", client_ip(c, ip, sizeof ip));
			k->next = cl->conns;
			cl->conns = k;
			*socket_context = k;
		} else
			free(k);
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && *socket_context) {
		for (conn_slot **p = &cl->conns; *p; p = &(*p)->next)
			if (*p == *socket_context) {
				*p = (*p)->next;
				break;
			}
		free(*socket_context);
		*socket_context = NULL;
	}
	pthread_mutex_unlock(&cl->climit);
}

static void *watchdog(void *arg)
{
	club *cl = arg;
	pthread_mutex_lock(&cl->climit);
	while (!cl->stopping) {
		long long now = mono_ms();
		for (conn_slot *k = cl->conns; k; k = k->next)
			if (!k->busy && !k->shut && now > k->deadline) {
				k->shut = 1;   /* MHD sees the end, closes and tells conn_notice */
				shutdown(k->fd, SHUT_RDWR);
				serve_log(NULL, k->ip, "-", "-", 0, k->served ? "connection closed: no whole request within "
					"10 s of the last answer (kept alive idle, or a request half sent)" : "connection closed: "
					"no whole request within 10 s (slow or half-sent)");
			}
		pthread_mutex_unlock(&cl->climit);
		usleep(250 * 1000);
		pthread_mutex_lock(&cl->climit);
	}
	pthread_mutex_unlock(&cl->climit);
	return NULL;
}

/* ---- one request ------------------------------------------------------------- */

typedef struct req {
	char *raw;              /* the request target as sent (before any decoding) */
	sl_buf body;
	int too_big, started;
	struct MHD_Response *early;   /* a refusal queued at the end of the body */
	int early_status;
	server *s;              /* the game asked (NULL: a page of the club) */
	char newname[64];       /* POST /g/NAME/api/new: the game to make */
	size_t goff;            /* where the game's own path starts ("/g/NAME" skipped) */
} req;

/* The request target as sent: MHD decodes it before the access handler. */
static void *uri_log(void *cls, const char *uri, struct MHD_Connection *c)
{
	req *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->raw = strdup(uri ? uri : "");
	sl_buf_init(&r->body);
	return r;
}

static void conn_idle(club *cl, struct MHD_Connection *c);

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
	req *r = *con_cls;
	conn_idle(cls, c);
	if (!r)
		return;
	free(r->raw);
	sl_buf_free(&r->body);
	if (r->early)
		MHD_destroy_response(r->early);
	free(r);
	*con_cls = NULL;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* 1 if the path of the raw target (up to '?') holds, once decoded, a "..",
 * a "//", a NUL or a backslash: a traversal, refused whatever the route. */
static int path_hostile(const char *raw)
{
	char dec[2048];
	size_t n = 0;
	for (const char *p = raw; *p && *p != '?' && *p != '#'; p++) {
		int c = (unsigned char)*p;
		if (c == '%') {
			int h = hexval(p[1]), l = h >= 0 ? hexval(p[2]) : -1;
			if (h < 0 || l < 0)
				return 1;   /* a broken escape */
			c = h * 16 + l;
			p += 2;
		}
		if (c == 0 || c == '\\' || n + 1 >= sizeof dec)
			return 1;
		dec[n++] = (char)c;
	}
	dec[n] = 0;
	return strstr(dec, "..") || strstr(dec, "//") || dec[0] != '/';
}

static const char *client_ip(struct MHD_Connection *c, char *buf, size_t n)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;
	snprintf(buf, n, "-");
	if (sa && sa->sa_family == AF_INET)
		inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, buf, (socklen_t)n);
	else if (sa && sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, buf, (socklen_t)n);
	return buf;
}

static void common_headers(struct MHD_Response *resp, const char *etag)
{
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");   /* tokens ride in URLs */
	if (etag && *etag) {   /* a board: the browser keeps it and asks again (304 when unchanged) */
		MHD_add_response_header(resp, "Cache-Control", "private, no-cache");
		MHD_add_response_header(resp, "ETag", etag);
	} else
		MHD_add_response_header(resp, "Cache-Control", "no-store");
}

static void body_free(void *p)
{
	sl_free(p);
}

static void body_free_libc(void *p)
{
	free(p);
}

/* an answer's body not handed over (serve_reply.owned) */
static void reply_body_free(serve_reply *rp)
{
	if (rp->owned == 2)
		free(rp->body);
	else if (rp->owned)
		sl_free(rp->body);
}

static enum MHD_Result send_reply(club *cl, struct MHD_Connection *c, const char *method, const char *path,
	serve_reply *rp)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;
	char ip[64];
	if (rp->owned)   /* handed over: freed when the answer is sent */
		resp = MHD_create_response_from_buffer_with_free_callback(rp->len, rp->body,
			rp->owned == 2 ? body_free_libc : body_free);
	else
		resp = MHD_create_response_from_buffer(rp->len, rp->body, MHD_RESPMEM_PERSISTENT);
	if (!resp)
		reply_body_free(rp);
	rp->body = NULL;
	if (!resp)
		return MHD_NO;
	MHD_add_response_header(resp, "Content-Type", rp->type ? rp->type : "application/json; charset=utf-8");
	if (rp->encoding)
		MHD_add_response_header(resp, "Content-Encoding", rp->encoding);
	if (rp->etag[0])
		MHD_add_response_header(resp, "Vary", "Accept-Encoding");
	common_headers(resp, rp->etag);
	if (rp->type && strncmp(rp->type, "text/html", 9) == 0)
		MHD_add_response_header(resp, "Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; "
			"style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'");
	if (rp->status == 405)
		MHD_add_response_header(resp, "Allow", strncmp(path, "/api/", 5) == 0 && strcmp(method, "GET") != 0
			? "POST" : "GET, HEAD");
	ret = MHD_queue_response(c, (unsigned)rp->status, resp);
	MHD_destroy_response(resp);
	conn_busy(c);
	if (rp->status >= 400 || rp->note[0])
		if (rp->status >= 400 || !cl->o.quiet)
			serve_log(NULL, client_ip(c, ip, sizeof ip), method, path, rp->status, rp->note);
	return ret;
}

/* ---- who asks --------------------------------------------------------------- */

static int token_eq(const char *a, const char *b)
{
	size_t n = strlen(b);
	unsigned char d = 0;
	if (strlen(a) != n)
		return 0;
	for (size_t i = 0; i < n; i++)   /* the same time whatever the first difference */
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

/* 0 and *w, or -1 for a token that is no one's. */
static int who_of(server *s, const char *t, serve_who *w)
{
	int found = -1;
	w->host = 0;
	w->player = -1;
	if (!s->o.tokens) {
		w->host = 1;
		return 0;
	}
	if (!t)
		return 0;   /* a watcher */
	pthread_mutex_lock(&s->lock);   /* a header line may add a player's token */
	for (int k = 0; k < s->ntok; k++)
		if (token_eq(t, s->tok[k].hex)) {
			w->host = s->tok[k].player < 0;
			w->player = s->tok[k].player;
			found = 0;
		}
	pthread_mutex_unlock(&s->lock);
	return found;
}

/* The Host header names this server (loopback without tokens: a page of
 * another site that resolves its name to 127.0.0.1 is refused). */
static int host_ok(club *s, const char *host)
{
	char want[96];
	static const char *const names[] = {"127.0.0.1", "localhost", "[::1]", NULL};
	if (s->o.tokens)
		return 1;
	if (!host)
		return 0;
	for (int k = 0; names[k]; k++) {
		snprintf(want, sizeof want, "%s:%d", names[k], s->port);
		if (strcasecmp(host, want) == 0)
			return 1;
	}
	return strcasecmp(host, s->host) == 0;
}

/* ---- routes ------------------------------------------------------------------ */

static int is_get_route(const char *p)
{
	static const char *const r[] = {"/", "/record", "/watch", "/overlay", "/api/state", "/api/board.svg",
		"/api/board.png", "/api/cache", "/api/targets", "/api/log", "/api/events", "/favicon.ico", "/api/report.pdf", NULL};
	for (int k = 0; r[k]; k++)
		if (strcmp(p, r[k]) == 0)
			return 1;
	return strncmp(p, "/assets/", 8) == 0 && p[8];
}

static int is_post_route(const char *p)
{
	static const char *const r[] = {"/api/act", "/api/undo", "/api/note", "/api/bookmark", "/api/seal", "/api/close", NULL};
	for (int k = 0; r[k]; k++)
		if (strcmp(p, r[k]) == 0)
			return 1;
	return 0;
}

static void page_reply(server *s, const char *path, serve_reply *rp)
{
	const serve_page *pg;
	const char *name = strcmp(path, "/record") == 0 ? "record.html" : strcmp(path, "/watch") == 0 ? "watch.html"
		: strcmp(path, "/overlay") == 0 ? "overlay.html" : path + 8;   /* /assets/NAME */
	if (strcmp(path, "/favicon.ico") == 0) {   /* none: said without a log line */
		rp->status = 204;
		rp->body = (char *)(uintptr_t)"";
		rp->len = 0;
		rp->owned = 0;
		rp->type = "image/x-icon";
		return;
	}
	if (strcmp(path, "/") == 0) {
		rp->status = 200;
		rp->body = serve_links_page(s, &rp->len);
		rp->owned = 1;
		rp->type = "text/html; charset=utf-8";
		if (!rp->body)
			serve_reply_error(rp, 500, "out of memory");
		return;
	}
	pg = serve_page_find(name);
	if (!pg) {
		serve_reply_error(rp, 404, "no page '%s' in this build", name);
		return;
	}
	rp->status = 200;
	rp->body = (char *)(uintptr_t)pg->data;
	rp->len = pg->len;
	rp->owned = 0;
	rp->type = pg->type;
}

/* Which game a path is for (r->s) and where its own path starts (r->goff):
 * the one game, or /g/NAME/... of a club; r->s NULL for the club's pages.
 * 0, or -1 with the refusal in rp. */
static int resolve(club *cl, req *r, const char *path, serve_reply *rp)
{
	char name[64];
	size_t n;
	r->s = NULL;
	r->goff = 0;
	if (!cl->o.dir) {
		r->s = cl->games[0];
		return 0;
	}
	if (strncmp(path, "/g/", 3) != 0) {
		if (serve_club_route(path) || serve_club_post_route(path) || strcmp(path, "/favicon.ico") == 0 ||
		    (strncmp(path, "/assets/", 8) == 0 && path[8]))
			return 0;
		serve_reply_error(rp, 404, "no such route");
		return -1;
	}
	n = strcspn(path + 3, "/");
	if (n == 0 || n >= sizeof name) {
		serve_reply_error(rp, 404, "no such game");
		return -1;
	}
	memcpy(name, path + 3, n);
	name[n] = 0;
	if (!(r->s = serve_club_game(cl, name))) {
		if (strcmp(path + 3 + n, "/api/new") == 0) {   /* a new game named by its path (behind a proxy) */
			snprintf(r->newname, sizeof r->newname, "%s", name);
			r->goff = 3 + n;
			return 0;
		}
		serve_reply_error(rp, 404, "no game '%s' in this club", name);
		return -1;
	}
	r->goff = 3 + n;
	if (!path[r->goff]) {
		serve_reply_error(rp, 404, "no such route: the game's pages are under /g/%s/", name);
		return -1;
	}
	return 0;
}

/* The checks made once, when the headers are in: the path, the route, the
 * method, the Host, and for a POST where it comes from and its length.
 * 0 carry on, 1 a POST whose body comes next, -1 refused (rp). */
static int request_checks(club *cl, struct MHD_Connection *c, req *r, const char *path, const char *method,
	serve_reply *rp)
{
	int get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
	int post = strcmp(method, "POST") == 0;
	const char *gp, *len, *ct, *origin, *host;
	int gr, pr;
	if (path_hostile(r->raw)) {
		serve_reply_error(rp, 400, "refused path: '..', '//', NUL and backslash are never served");
		return -1;
	}
	if (resolve(cl, r, path, rp))
		return -1;
	gp = path + r->goff;
	gr = r->s ? is_get_route(gp) : !serve_club_post_route(gp);
	pr = r->s ? is_post_route(gp) : serve_club_post_route(gp);
	if (!gr && !pr) {
		serve_reply_error(rp, 404, "no such route");
		return -1;
	}
	if ((gr && !get) || (pr && !post)) {
		serve_reply_error(rp, 405, "method %s not allowed here", method);
		return -1;
	}
	host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
	if (!host_ok(cl, host)) {
		serve_reply_error(rp, 403, "Host '%s' is not this server's name", host ? host : "");
		return -1;
	}
	if (!post)
		return 0;
	{
		char want[128];
		origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
		ct = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
		snprintf(want, sizeof want, "http://%s", host ? host : "");
		if (origin && strcasecmp(origin, want) != 0) {
			serve_reply_error(rp, 403, "cross-site request refused (Origin '%s', this server is '%s')", origin, want);
			return -1;
		}
	}
	if (!ct || strncasecmp(ct, "application/json", 16) != 0 || (ct[16] && ct[16] != ';' && ct[16] != ' ')) {
		serve_reply_error(rp, 403, "cross-site request refused (Content-Type must be application/json)");
		return -1;
	}
	len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
	if (len && strtoull(len, NULL, 10) > SERVE_MAX_BODY) {
		serve_reply_error(rp, 413, "request body over %d bytes", SERVE_MAX_BODY);
		return -1;
	}
	return 1;
}

/* GET /api/events: a watcher's stream, from its Last-Event-ID on. */
static enum MHD_Result open_events(club *cl, server *s, struct MHD_Connection *c, const char *method,
	const char *path, const serve_who *w)
{
	const char *last = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Last-Event-ID");
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	struct MHD_Response *resp;
	enum MHD_Result ret;
	serve_reply rp;
	sl_buf backlog;
	long from = -1;
	int why = 0;
	char ip[64];
	memset(&rp, 0, sizeof rp);
	if (!last)
		last = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "last");
	if (last) {
		char *end;
		from = strtol(last, &end, 10);
		if (*end || end == last || from < 0)
			from = -1;
	}
	if (ci) {   /* a small send buffer: what a watcher does not read waits in its bounded queue */
		int sz = 16384;
		setsockopt(ci->connect_fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
	}
	sl_buf_init(&backlog);
	serve_watch_backlog(s, from, serve_view_of(w), &backlog);
	resp = serve_watch_open(s, client_ip(c, ip, sizeof ip), sl_buf_cstr(&backlog), serve_view_of(w), &why);
	sl_buf_free(&backlog);
	if (!resp) {
		if (why == 2)
			serve_reply_error(&rp, 429, "too many streams from %s (%d: half of --per-ip)", ip, cl->per_ip / 2);
		else
			serve_reply_error(&rp, 503, "too many watchers (%d)", cl->max_streams);
		return send_reply(cl, c, method, path, &rp);
	}
	conn_busy(c);
	MHD_add_response_header(resp, "Content-Type", "text/event-stream; charset=utf-8");
	common_headers(resp, NULL);
	ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
	MHD_destroy_response(resp);
	return ret;
}

/* A refusal made when the headers came: a POST's is answered once its body
 * is in (or at once, when it is too long). */
static enum MHD_Result refuse_early(club *cl, struct MHD_Connection *c, req *r, int post, const char *method,
	const char *path, serve_reply *rp)
{
	char ip[64];
	if (!post || rp->status == 404 || rp->status == 405)
		return send_reply(cl, c, method, path, rp);
	r->early = MHD_create_response_from_buffer(rp->len, rp->body, MHD_RESPMEM_MUST_COPY);
	reply_body_free(rp);
	if (!r->early)
		return MHD_NO;
	r->early_status = rp->status;
	MHD_add_response_header(r->early, "Content-Type", "application/json; charset=utf-8");
	common_headers(r->early, NULL);
	serve_log(NULL, client_ip(c, ip, sizeof ip), method, path, rp->status, rp->note);
	if (rp->status == 413) {   /* not read: answered now, the connection closed after */
		conn_busy(c);
		return MHD_queue_response(c, 413, r->early);
	}
	return MHD_YES;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
	const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
	club *cl = cls;
	req *r = *con_cls;
	serve_reply rp;
	serve_who w;
	const char *path = r && r->raw ? r->raw : url, *gp;
	char pbuf[2048];
	int post = strcmp(method, "POST") == 0;

	memset(&rp, 0, sizeof rp);
	if (!r)
		return MHD_NO;
	/* the path without its query, as sent (checked before any route) */
	snprintf(pbuf, sizeof pbuf, "%.*s", (int)strcspn(path, "?#"), path);
	path = pbuf;
	if (!r->started) {
		int k;
		r->started = 1;
		k = request_checks(cl, c, r, path, method, &rp);
		if (k < 0)
			return refuse_early(cl, c, r, post, method, path, &rp);
		/* the body, if any, comes next; the answer waits for the next call:
		 * one queued in this first call is "early" to MHD, which then closes
		 * the connection after it (every answer had Connection: close) */
		return MHD_YES;
	}
	if (!post && *upload_size) {   /* a body nobody asked for: read and dropped */
		*upload_size = 0;
		return MHD_YES;
	}
	if (post && *upload_size) {   /* a part of the body */
		if (r->body.len + *upload_size > SERVE_MAX_BODY)
			r->too_big = 1;
		else
			sl_buf_put(&r->body, upload, *upload_size);
		*upload_size = 0;
		return MHD_YES;
	}
	if (post && r->early) {
		conn_busy(c);
		return MHD_queue_response(c, (unsigned)r->early_status, r->early);
	}
	if (post && r->too_big) {
		serve_reply_error(&rp, 413, "request body over %d bytes", SERVE_MAX_BODY);
		return send_reply(cl, c, method, path, &rp);
	}
	if (post && r->body.failed) {   /* not a malformed body: a body not kept */
		serve_reply_error(&rp, 503, "out of memory");
		return send_reply(cl, c, method, path, &rp);
	}
	if (!r->s) {   /* a page of the club */
		if (post)
			serve_club_post(cl, path + r->goff, r->body.len ? (const char *)r->body.data : "", r->body.len,
				MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "t"), r->newname[0] ? r->newname : NULL, &rp);
		else if (serve_club_route(path))
			serve_club_get(cl, path, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "t"), &rp);
		else
			page_reply(NULL, path, &rp);
		return send_reply(cl, c, method, path, &rp);
	}
	gp = path + r->goff;
	if (who_of(r->s, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "t"), &w)) {
		serve_reply_error(&rp, 403, "unknown token");
		return send_reply(cl, c, method, path, &rp);
	}
	if (post) {
		serve_api_post(r->s, gp, r->body.len ? (const char *)r->body.data : "", r->body.len, &w, &rp);
		return send_reply(cl, c, method, path, &rp);
	}
	if (strcmp(gp, "/api/events") == 0)
		return open_events(cl, r->s, c, method, path, &w);
	if (strncmp(gp, "/api/", 5) == 0)
		serve_api_get(r->s, gp, c, &w, &rp);
	else
		page_reply(r->s, gp, &rp);
	return send_reply(cl, c, method, path, &rp);
}

/* ---- tokens: FILE.tokens (0600) keeps the links across restarts ----------- */

static int write_private(const char *path, const char *text, size_t n)
{
	char tmp[4200];
	int fd, ok;
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	fd = mkstemp(tmp);   /* 0600 */
	if (fd < 0)
		return -1;
	ok = write(fd, text, n) == (ssize_t)n && fsync(fd) == 0;
	if (close(fd) != 0)
		ok = 0;
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

int serve_private_write(const char *path, const char *text, size_t n)
{
	return write_private(path, text, n);
}

/* A token for the host and each player the header names (those of
 * FILE.tokens kept); FILE.tokens rewritten when one is new, and each new
 * link printed when `announce`. 0 or -1 (said). Holds s->lock or runs alone. */
int serve_tokens_update(server *s, int announce)
{
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	FILE *f = fopen(s->tok_path, "r");
	char line[256];
	int changed = 0;
	sl_buf b;
	s->ntok = 0;
	if (f) {
		while (fgets(line, sizeof line, f) && s->ntok < SL_MAX_PLAYERS + 1) {
			char who[80], hex[80];
			if (line[0] == '#' || sscanf(line, "%79s %79s", who, hex) != 2 || strlen(hex) != 32)
				continue;
			s->tok[s->ntok].player = -2;
			if (strcmp(who, "host") == 0)
				s->tok[s->ntok].player = -1;
			for (int p = 0; p < h->nplayers; p++)
				if (strcmp(h->players[p].id, who) == 0)
					s->tok[s->ntok].player = p;
			if (s->tok[s->ntok].player == -2)
				continue;
			memcpy(s->tok[s->ntok].hex, hex, 33);
			s->ntok++;
		}
		fclose(f);
	} else if (errno != ENOENT) {
		fprintf(stderr, "sillage: serve: %s: %s\n", s->tok_path, strerror(errno));
		return -1;
	}
	for (int p = -1; p < h->nplayers; p++) {   /* one for the host and each player */
		int have = 0;
		uint8_t raw[16];
		for (int k = 0; k < s->ntok; k++)
			have |= s->tok[k].player == p;
		if (have || s->ntok >= SL_MAX_PLAYERS + 1)
			continue;
		if (sl_random_bytes(raw, sizeof raw)) {
			fprintf(stderr, "sillage: serve: no random bytes from the system for the tokens\n");
			return -1;
		}
		s->tok[s->ntok].player = p;
		sl_hexstr_encode(s->tok[s->ntok].hex, raw, sizeof raw);
		if (announce && p >= 0) {
			pthread_mutex_lock(&s->loglock);
			printf("record %s%s%s: http://%s%s/record?t=%s\nwatch %s%s%s: http://%s%s/watch?t=%s\n", s->name,
				*s->name ? " " : "", h->players[p].id, s->host, s->prefix, s->tok[s->ntok].hex,
				s->name, *s->name ? " " : "", h->players[p].id, s->host, s->prefix, s->tok[s->ntok].hex);
			fflush(stdout);
			pthread_mutex_unlock(&s->loglock);
		}
		s->ntok++;
		changed = 1;
	}
	if (!changed)
		return 0;
	sl_buf_init(&b);
	sl_buf_printf(&b, "# sillage serve tokens of %s: each line a secret link (docs/serve.md)\n", s->o.path);
	for (int k = 0; k < s->ntok; k++)
		sl_buf_printf(&b, "%s %s\n", s->tok[k].player < 0 ? "host" : h->players[s->tok[k].player].id, s->tok[k].hex);
	if (b.failed || write_private(s->tok_path, (const char *)b.data, b.len)) {
		fprintf(stderr, "sillage: serve: %s: cannot write: %s\n", s->tok_path, strerror(errno));
		sl_buf_free(&b);
		return -1;
	}
	sl_buf_free(&b);
	return 0;
}

/* ---- the listening socket ---------------------------------------------------- */

static int is_loopback(const char *a)
{
	return strcmp(a, "127.0.0.1") == 0 || strcmp(a, "::1") == 0 || strcmp(a, "localhost") == 0;
}

static int listen_on(const serve_opts *o, int *port_out, char *host, size_t hn, int *fd_out)
{
	struct addrinfo hints, *ai = NULL;
	char port[16];
	int fd = -1, one = 1, e;
	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	snprintf(port, sizeof port, "%d", o->port);
	e = getaddrinfo(strcmp(o->bind, "localhost") == 0 ? "127.0.0.1" : o->bind, port, &hints, &ai);
	if (e) {
		fprintf(stderr, "sillage: serve: cannot listen on %s: %s\n", o->bind, gai_strerror(e));
		return 4;
	}
	fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
	    bind(fd, ai->ai_addr, ai->ai_addrlen) || listen(fd, SERVE_BACKLOG)) {
		fprintf(stderr, "sillage: serve: cannot listen on %s port %d: %s\n", o->bind, o->port, strerror(errno));
		if (fd >= 0)
			close(fd);
		freeaddrinfo(ai);
		return 4;
	}
	{
		struct sockaddr_storage ss;
		socklen_t sl = sizeof ss;
		char addr[64];
		getsockname(fd, (struct sockaddr *)&ss, &sl);
		if (ss.ss_family == AF_INET6) {
			*port_out = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
			inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, addr, sizeof addr);
			snprintf(host, hn, "[%s]:%d", addr, *port_out);
		} else {
			*port_out = ntohs(((struct sockaddr_in *)&ss)->sin_port);
			inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, addr, sizeof addr);
			snprintf(host, hn, "%s:%d", addr, *port_out);
		}
		if (strcmp(addr, "0.0.0.0") == 0 || strcmp(addr, "::") == 0) {
			/* every address: the links name this machine as the others know it */
			char name[64];
			if (gethostname(name, sizeof name) != 0)
				snprintf(name, sizeof name, "localhost");
			name[sizeof name - 1] = 0;
			snprintf(host, hn, "%s:%d", name, *port_out);
		}
	}
	freeaddrinfo(ai);
	*fd_out = fd;
	return 0;
}

/* ---- the session -------------------------------------------------------------- */

static void sink_stderr(void *ud, const char *p, size_t n)
{
	server *s = ud;
	pthread_mutex_lock(&s->loglock);
	fwrite(p, 1, n, stderr);
	pthread_mutex_unlock(&s->loglock);
}

/* --from SETUP.sil: its lines through the recorder, each checked. */
static int feed_setup(server *s)
{
	char *text = NULL;
	size_t n, at = 0;
	sl_error err;
	uint32_t lineno = 0;
	sl_error_clear(&err);
	if (sl_read_file(s->o.from, SL_SIL_MAX_FILE, &text, &n, &err)) {
		char msg[1100];
		sl_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "sillage: serve: %s\n", msg);
		return 3;
	}
	while (at < n && !s->rc.io_failed) {
		size_t len = 0;
		long before = s->rc.refused;
		while (at + len < n && text[at + len] != '\n')
			len++;
		lineno++;
		{
			char *line = sl_strndup(text + at, len);
			if (!line) {
				sl_free(text);
				return 4;
			}
			if (len && line[len - 1] == '\r')
				line[--len] = 0;
			rec_line(&s->rc, line, len, lineno);
			sl_free(line);
		}
		if (s->rc.refused != before) {
			/* an out of memory, or a journal that could not be written (for
			 * out of memory too), is no refusal by the rules: exit 4, not 1 */
			int oom = s->rc.last_err.code == SL_ENOMEM || s->rc.io_failed;
			fprintf(stderr, "sillage: serve: %s:%u: %s: the setup is not recorded whole\n",
				s->o.from, lineno, oom ? "out of memory" : "refused (above)");
			sl_free(text);
			return oom ? 4 : 1;
		}
		at += len + 1;
	}
	sl_free(text);
	return s->rc.io_failed ? 4 : 0;
}

static char *path_with(const char *path, const char *ext)
{
	size_t n = strlen(path), m = strlen(ext);
	char *p = sl_malloc(n + m + 1);
	if (p) {
		memcpy(p, path, n);
		memcpy(p + n, ext, m + 1);
	}
	return p;
}

static void print_urls(server *s)
{
	const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
	const char *host_tok = NULL;
	for (int k = 0; k < s->ntok; k++)
		if (s->tok[k].player < 0)
			host_tok = s->tok[k].hex;
	if (!s->o.tokens)
		printf("record: http://%s/record\n", s->host);
	else {
		printf("record host: http://%s/record?t=%s\n", s->host, host_tok ? host_tok : "");
		for (int k = 0; k < s->ntok; k++)
			if (s->tok[k].player >= 0)
				printf("record %s: http://%s/record?t=%s\n", h->players[s->tok[k].player].id, s->host, s->tok[k].hex);
	}
	printf("watch: http://%s/watch\n", s->host);
	if (s->o.tokens)
		for (int k = 0; k < s->ntok; k++)
			if (s->tok[k].player >= 0)
				printf("watch %s: http://%s/watch?t=%s\n", h->players[s->tok[k].player].id, s->host, s->tok[k].hex);
	printf("overlay: http://%s/overlay\n", s->host);
	fflush(stdout);
}

static int rec_code(int e)
{
	return e == SL_EIO || e == SL_ENOMEM ? 4 : e == SL_EILLEGAL || e == SL_EDESYNC ? 1 : 3;
}

/* The recorder on the game's journal, with --game or --from for a new one. */
static int game_begin(server *s, const serve_opts *o)
{
	rec_sink sink;
	int e;
	sink.out = NULL;   /* descriptions go into the JSON answers */
	sink.err = sink_stderr;
	sink.ud = s;
	/* the recorder: quiet, its refusals said on stderr at startup only */
	if ((e = rec_begin(&s->rc, s->o.path, SL_SILB_SYNC_EVENT, 1, &sink)))
		return rec_code(e);
	if (o->game && (e = rec_set_game(&s->rc, o->game))) {
		if (e == 1)
			fprintf(stderr, "sillage: serve: %s already holds a %s game\n(see 'sillage serve --help')\n",
				s->o.path, s->rc.log->game->id);
		return e == 1 || e == SL_EUSAGE ? 2 : 4;
	}
	if (o->from && !s->rc.log && (e = feed_setup(s)))
		return e;
	if (o->from && s->rc.log && s->rc.log->n && s->rc.created == 0)
		fprintf(stderr, "sillage: serve: %s holds a game already: carrying on (--from ignored)\n", s->o.path);
	if (!s->rc.log && !s->rc.nhl) {
		fprintf(stderr, "sillage: serve: %s is a new log: say which game (--game ID or --from SETUP.sil)\n"
			"(see 'sillage serve --help')\n", s->o.path);
		return 2;
	}
	return 0;
}

server *serve_game_open(club *cl, const serve_opts *o, const char *name, int *code)
{
	server *s = calloc(1, sizeof *s);
	struct stat st;
	int e;
	*code = 4;
	if (!s)
		return NULL;
	s->o = *o;
	s->club = cl;
	s->port = cl->port;
	snprintf(s->host, sizeof s->host, "%s", cl->host);
	if (name) {   /* a game of the club: DIR/NAME.silb, made from o->from when it is new */
		snprintf(s->name, sizeof s->name, "%s", name);
		snprintf(s->prefix, sizeof s->prefix, "/g/%s", name);
		s->o.path = s->owned_path = sl_malloc(strlen(o->dir) + strlen(name) + 7);
		if (!s->owned_path) {
			free(s);
			return NULL;
		}
		sprintf(s->owned_path, "%s/%s.silb", o->dir, name);
		s->o.game = NULL;
	}
	pthread_mutex_init(&s->lock, NULL);
	pthread_mutex_init(&s->wlock, NULL);
	pthread_mutex_init(&s->loglock, NULL);
	pthread_cond_init(&s->wcond, NULL);
	if ((e = game_begin(s, &s->o)))
		goto fail;
	s->tok_path = path_with(s->o.path, ".tokens");
	s->seal_path = path_with(s->o.path, ".seal");
	s->notify_path = path_with(s->o.path, ".notify");
	e = 4;
	if (!s->tok_path || !s->seal_path || !s->notify_path || serve_entries_load(s) || serve_seal_load(s))
		goto fail;
	if (s->o.tokens && serve_tokens_update(s, 0))
		goto fail;
	s->last_at = stat(s->o.path, &st) == 0 ? (long long)st.st_mtime : (long long)time(NULL);
	serve_game_changed(s, 0);
	*code = 0;
	return s;
fail:
	*code = e;
	serve_game_free(s);
	return NULL;
}

/* Ends the game's recording: the journal packed into an archive in place
 * unless !pack (a kill loses nothing either way). *code 4 when it fails. */
void serve_game_close(server *s, int pack, int *code)
{
	pthread_mutex_lock(&s->lock);
	if (rec_end(&s->rc, !pack))
		*code = 4;
	else if (!s->o.quiet)
		fprintf(stderr, "serve: stopped; %s holds %zu entries\n", s->o.path, s->rc.log ? s->rc.log->n : (size_t)0);
	pthread_mutex_unlock(&s->lock);
}

void serve_game_free(server *s)
{
	if (!s)
		return;
	rec_free(&s->rc);
	serve_entries_free(s);
	sl_free(s->seals);
	sl_free(s->tok_path);
	sl_free(s->seal_path);
	sl_free(s->notify_path);
	sl_free(s->owned_path);
	pthread_mutex_destroy(&s->lock);
	pthread_mutex_destroy(&s->wlock);
	pthread_mutex_destroy(&s->loglock);
	pthread_cond_destroy(&s->wcond);
	free(s);
}

static struct MHD_Daemon *start_daemon(club *cl, int fd)
{
	return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ERROR_LOG,
		0, NULL, NULL, handler, cl,
		MHD_OPTION_EXTERNAL_LOGGER, mhd_logger, cl,
		MHD_OPTION_LISTEN_SOCKET, fd,
		MHD_OPTION_URI_LOG_CALLBACK, uri_log, cl,
		MHD_OPTION_NOTIFY_COMPLETED, completed, cl,
		MHD_OPTION_NOTIFY_CONNECTION, conn_notice, cl,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SERVE_IDLE_S,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)(cl->max_streams + SERVE_SLOTS_KEPT),
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)(cl->per_ip > 0 ? cl->per_ip : 0),
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
		MHD_OPTION_THREAD_STACK_SIZE, (size_t)(2u << 20),
		MHD_OPTION_END);
}

/* The games: the one of FILE, or every DIR/NAME.silb. 0 or an exit code. */
static int open_games(club *cl)
{
	int e = 0;
	if (cl->o.dir) {
		struct stat st;
		if (stat(cl->o.dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "sillage: serve: --dir %s: %s\n", cl->o.dir, errno ? strerror(errno) : "not a directory");
			return 3;
		}
		cl->tok_path = path_with(cl->o.dir, "/club.tokens");
		if (!cl->tok_path) {
			fprintf(stderr, "sillage: serve: out of memory\n");
			return 4;
		}
		if (serve_club_scan(cl, 1)) {
			fprintf(stderr, "sillage: serve: --dir %s: a game cannot be opened: out of memory or an I/O "
				"error (said above)\n", cl->o.dir);
			return 4;
		}
		return serve_club_tokens(cl, 0) ? 4 : 0;
	}
	cl->games = calloc(1, sizeof *cl->games);
	if (!cl->games || !(cl->games[0] = serve_game_open(cl, &cl->o, NULL, &e)))
		return e ? e : 4;
	cl->ngames = cl->capg = 1;
	return 0;
}

static void print_club(club *cl)
{
	printf("lobby: http://%s/\n", cl->host);
	for (int k = 0; k < cl->ntok; k++)
		printf("%s %s: http://%s/me?t=%s\n", strcmp(cl->tok[k].id, "host") == 0 ? "host" : "player",
			strcmp(cl->tok[k].id, "host") == 0 ? "links" : cl->tok[k].id, cl->host, cl->tok[k].hex);
	printf("games: %d in %s\n", cl->ngames, cl->o.dir);
	fflush(stdout);
}

/* Room for every connection's descriptor (the soft limit raised to the hard one). */
static void more_files(int want)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)want + 512) {
		rl.rlim_cur = rl.rlim_max < (rlim_t)want + 512 ? rl.rlim_max : (rlim_t)want + 512;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

static void club_free(club *cl, int fd)
{
	if (fd >= 0)
		close(fd);
	for (int k = 0; k < cl->ngames; k++)
		serve_game_free(cl->games[k]);
	free(cl->games);
	free(cl->tok);
	free(cl->skip);
	free(cl->ips);
	sl_free(cl->tok_path);
	serve_cache_clear();
	the_club = NULL;
	pthread_mutex_destroy(&cl->lock);
	pthread_mutex_destroy(&cl->climit);
	free(cl);
}

/* The club of o listening and answering (its daemon's threads started):
 * 0 and *out, or an exit code. */
static int club_start(const serve_opts *o, club **out, int *fd_out)
{
	club *cl = calloc(1, sizeof *cl);
	int fd = -1, e;
	*out = NULL;
	if (!cl)
		return 4;
	cl->o = *o;
	if (o->dir)
		cl->o.tokens = 1;   /* a club has players: each acts through their own links */
	if (!is_loopback(o->bind) && !o->tokens && !o->dir) {
		fprintf(stderr, "sillage: serve: --bind %s reaches other machines: it needs --tokens (a secret link "
			"per player)\n(see 'sillage serve --help')\n", o->bind);
		free(cl);
		return 2;
	}
	pthread_mutex_init(&cl->lock, NULL);
	pthread_mutex_init(&cl->climit, NULL);
	cl->max_streams = o->max_watchers > 0 ? o->max_watchers : SERVE_MAX_WATCHERS;
	cl->per_ip = o->per_ip ? o->per_ip : SERVE_PER_IP;
	serve_cache_limit((size_t)(o->cache_mb > 0 ? o->cache_mb : SERVE_CACHE_MB) << 20);
	the_club = cl;
	more_files(cl->max_streams + SERVE_SLOTS_KEPT);
	/* the port first: the games' links name it */
	if ((e = listen_on(&cl->o, &cl->port, cl->host, sizeof cl->host, &fd)) || (e = open_games(cl))) {
		club_free(cl, fd);
		return e;
	}
	signal(SIGPIPE, SIG_IGN);
	if (!(cl->d = start_daemon(cl, fd))) {
		fprintf(stderr, "sillage: serve: the HTTP server could not start on %s\n", cl->host);
		club_free(cl, fd);
		return 4;
	}
	cl->watchdog_on = pthread_create(&cl->watchdog, NULL, watchdog, cl) == 0;
	if (cl->o.dir && serve_archive_start(cl))   /* the club's archive: the games finished so far added */
		serve_log(NULL, NULL, "-", cl->o.dir, 0, "the club's archive has no thread: kept at each /stats only");
	serve_notify_start(&cl->o);
	*out = cl;
	*fd_out = fd;
	return 0;
}

/* Stops the club: the watchers told, the daemon stopped, each journal
 * packed. The exit code: 0, or 4 when a journal could not be packed. */
static int club_stop(club *cl, int fd)
{
	int e = 0;
	pthread_mutex_lock(&cl->climit);
	cl->stopping = 1;
	pthread_mutex_unlock(&cl->climit);
	if (cl->watchdog_on)
		pthread_join(cl->watchdog, NULL);
	for (int k = 0; k < cl->ngames; k++)
		serve_watch_stop(cl->games[k]);
	MHD_stop_daemon(cl->d);
	serve_archive_stop(cl);   /* before the journals are packed: it reads them */
	serve_notify_stop();   /* what is queued is sent first (each within its timeout) */
	for (int k = 0; k < cl->ngames; k++)
		serve_game_close(cl->games[k], 1, &e);
	club_free(cl, fd);
	return e;
}

int serve_run(const serve_opts *o)
{
	club *cl;
	sigset_t set;
	int fd = -1, e, sig;
	/* SIGINT and SIGTERM are waited for here, in no other thread (blocked
	 * before the daemon's threads start, so that they inherit it) */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if ((e = club_start(o, &cl, &fd)))
		return e;
	if (o->dir)
		print_club(cl);
	else
		print_urls(cl->games[0]);
	while (sigwait(&set, &sig) != 0)
		;
	return club_stop(cl, fd);
}

/* tests/fuzz/fuzz_serve.c: a club started in this process; its port. */
int serve_test_start(const serve_opts *o, void **handle, int *port)
{
	club *cl;
	int fd = -1, e = club_start(o, &cl, &fd);
	if (e)
		return e;
	cl->test_fd = fd;
	*handle = cl;
	*port = cl->port;
	return 0;
}

int serve_test_stop(void *handle)
{
	club *cl = handle;
	return club_stop(cl, cl->test_fd);
}
