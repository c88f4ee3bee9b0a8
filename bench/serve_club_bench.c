/* serve_club_bench.c - `make bench` numbers for `sillage serve --dir` (issue
 * 27, 29), over loopback against a running club of G games g000..: W live
 * watchers spread over the games (each an SSE stream), then actions at RATE
 * per second for SECS seconds over C games (one keep-alive connection each,
 * every action synced before its answer): the p50/p99 of an acknowledged
 * action, what was sustained, and whether every watcher of a played game got
 * every entry (the slowest delivery too); then a board asked by 200
 * connections at once on a game no one drew yet (when the last has it all),
 * and the cached board's and /api/state's requests per second.
 *   serve_club_bench PORT DIR LINES BASE_REV GAMES WATCHERS RATE SECS CONNS */
#define _GNU_SOURCE   /* memmem */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int port;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int connect_local(void)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
		perror("serve_club_bench: connect");
		exit(4);
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return fd;
}

static void send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w <= 0) {
			perror("serve_club_bench: write");
			exit(4);
		}
		p += w;
		n -= (size_t)w;
	}
}

typedef struct conn {
	int fd;
	char buf[1 << 16];
	size_t have;
} conn;

/* One whole answer read from c (a Content-Length body); its status, -1 closed. */
static int answer(conn *c, size_t *body_len)
{
	for (;;) {
		char *end = memmem(c->buf, c->have, "\r\n\r\n", 4);
		if (end) {
			size_t head = (size_t)(end - c->buf) + 4, len = 0;
			char *cl = memmem(c->buf, head, "Content-Length: ", 16);
			int status = atoi(c->buf + 9);
			if (cl)
				len = strtoul(cl + 16, NULL, 10);
			if (c->have >= head + len || head + len > sizeof c->buf) {
				size_t take = c->have < head + len ? c->have : head + len;
				size_t left = head + len - take;
				memmove(c->buf, c->buf + take, c->have - take);
				c->have -= take;
				while (left) {   /* a body larger than the buffer: read and dropped */
					ssize_t r = read(c->fd, c->buf, left < sizeof c->buf ? left : sizeof c->buf);
					if (r <= 0)
						return -1;
					left -= (size_t)r;
				}
				if (body_len)
					*body_len = len;
				return status;
			}
		}
		{
			ssize_t r = read(c->fd, c->buf + c->have, sizeof c->buf - c->have);
			if (r <= 0)
				return -1;
			c->have += (size_t)r;
		}
	}
}

static void token_of(const char *dir, int g, char *out)
{
	char path[4200], line[256], who[80], hex[80];
	FILE *f;
	snprintf(path, sizeof path, "%s/g%03d.silb.tokens", dir, g);
	out[0] = 0;
	if (!(f = fopen(path, "r")))
		return;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "%79s %79s", who, hex) == 2 && strcmp(who, "host") == 0)
			snprintf(out, 33, "%.32s", hex);
	fclose(f);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

typedef struct watcher {
	int fd, game;
	long last;          /* the last entry id it saw */
	double lag;         /* its slowest delivery */
	char tail[64];
} watcher;

/* Reads what came to each watcher; each "id: N" seen is timed against sent[]. */
static void drain(watcher *w, int nw, const double *sent_at, long base, int wait_ms)
{
	struct pollfd *p = calloc((size_t)nw, sizeof *p);
	char buf[16384];
	for (int k = 0; k < nw; k++) {
		p[k].fd = w[k].fd;
		p[k].events = POLLIN;
	}
	double end = now() + wait_ms / 1000.0;
	while (poll(p, (nfds_t)nw, wait_ms ? (int)((end - now()) * 1000) + 1 : 0) > 0) {
		double t = now();
		if (wait_ms && t > end)
			break;
		for (int k = 0; k < nw; k++) {
			ssize_t r;
			char *s;
			if (!(p[k].revents & POLLIN))
				continue;
			r = read(w[k].fd, buf, sizeof buf - 1);
			if (r <= 0) {
				p[k].fd = -1;
				continue;
			}
			buf[r] = 0;
			for (s = buf; (s = strstr(s, "id: ")); s++) {
				long id = atol(s + 4);
				if (id > w[k].last && id <= base + 100000) {
					w[k].last = id;
					if (id - base - 1 >= 0 && sent_at[id - base - 1] > 0 && t - sent_at[id - base - 1] > w[k].lag)
						w[k].lag = t - sent_at[id - base - 1];
				}
			}
		}
		if (!wait_ms)
			break;
	}
	free(p);
}

static double rate(int fd_games, const char *path, double secs)
{
	conn *c = calloc(1, sizeof *c);
	char req[512];
	long n = 0;
	double t0 = now();
	int len;
	(void)fd_games;
	c->fd = connect_local();
	len = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept-Encoding: gzip, deflate\r\n\r\n",
		path, port);
	while (now() - t0 < secs) {
		send_all(c->fd, req, (size_t)len);
		if (answer(c, NULL) != 200)
			break;
		n++;
	}
	close(c->fd);
	free(c);
	return (double)n / (now() - t0);
}

int main(int argc, char **argv)
{
	const char *dir;
	FILE *f;
	char **lines = NULL, line[1100], (*tok)[33];
	long base, nlines = 0, total, ok = 0;
	int games, nw, conns;
	double rps, secs, *lat, *sent_at, t0;
	watcher *w;
	conn *cs;
	if (argc == 5 && strcmp(argv[1], "--rate") == 0) {   /* GETs of one path on one keep-alive connection: the peer's figure */
		port = atoi(argv[2]);
		printf("%.0f\n", rate(0, argv[3], atof(argv[4])));
		return 0;
	}
	if (argc != 10) {
		fprintf(stderr, "usage: serve_club_bench PORT DIR LINES BASE_REV GAMES WATCHERS RATE SECS CONNS\n"
			"       serve_club_bench --rate PORT PATH SECS\n");
		return 2;
	}
	port = atoi(argv[1]);
	dir = argv[2];
	base = atol(argv[4]);
	games = atoi(argv[5]);
	nw = atoi(argv[6]);
	rps = atof(argv[7]);
	secs = atof(argv[8]);
	conns = atoi(argv[9]);
	if (!(f = fopen(argv[3], "r")))
		return 3;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		lines = realloc(lines, sizeof *lines * (size_t)(nlines + 1));
		lines[nlines++] = strdup(line);
	}
	fclose(f);
	tok = calloc((size_t)games, sizeof *tok);
	for (int g = 0; g < games; g++)
		token_of(dir, g, tok[g]);
	/* the watchers, spread over every game */
	w = calloc((size_t)nw, sizeof *w);
	for (int k = 0; k < nw; k++) {
		char req[256];
		int n;
		w[k].game = k % games;
		w[k].fd = connect_local();
		w[k].last = base;
		n = snprintf(req, sizeof req, "GET /g/g%03d/api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", w[k].game, port);
		send_all(w[k].fd, req, (size_t)n);
	}
	usleep(500 * 1000);
	/* actions: RATE per second in all, round robin over CONNS games, each synced */
	total = (long)(rps * secs);
	if (total / conns > nlines)
		total = nlines * conns;
	lat = calloc((size_t)total, sizeof *lat);
	sent_at = calloc((size_t)(total / conns + 2), sizeof *sent_at);
	cs = calloc((size_t)conns, sizeof *cs);
	for (int k = 0; k < conns; k++)
		cs[k].fd = connect_local();
	t0 = now();
	for (long i = 0; i < total; i++) {
		int g = (int)(i % conns);
		long step = i / conns;
		char body[1400], req[1800];
		int b, n;
		double due = t0 + (double)i / rps, at;
		while (now() < due)
			usleep(200);
		b = snprintf(body, sizeof body, "{\"rev\":%ld,\"line\":\"%s\"}", base + step, lines[step]);
		n = snprintf(req, sizeof req, "POST /g/g%03d/api/act?t=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
			"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", g, tok[g], port, b, body);
		at = now();
		if (g == 0)
			sent_at[step] = at;
		send_all(cs[g].fd, req, (size_t)n);
		if (answer(&cs[g], NULL) == 200)
			ok++;
		lat[i] = now() - at;
		drain(w, nw, sent_at, base, 0);   /* the watchers read as they go */
	}
	{
		double took = now() - t0;
		qsort(lat, (size_t)total, sizeof *lat, cmp_double);
		printf("club: %ld actions over %d games in %.1f s: %.0f accepted/s (asked %.0f), each synced; "
			"acknowledged p50 %.1f ms, p99 %.1f ms\n", ok, conns, took, (double)ok / took, rps,
			lat[total / 2] * 1e3, lat[(size_t)((double)total * 0.99)] * 1e3);
	}
	drain(w, nw, sent_at, base, 1500);
	{
		int played = 0, whole = 0;
		double worst = 0;
		long want = base + (total + conns - 1) / conns;
		for (int k = 0; k < nw; k++)
			if (w[k].game == 0) {
				played++;
				whole += w[k].last >= want;
				if (w[k].lag > worst)
					worst = w[k].lag;
			}
		printf("club: %d watchers over %d games; the %d of a played game: %d got every entry, slowest "
			"delivery %.1f ms\n", nw, games, played, whole, worst * 1e3);
	}
	for (int k = 0; k < nw; k++)
		close(w[k].fd);
	/* a board no one drew yet, asked by 200 at once */
	{
		enum { JOIN = 200 };
		conn *j = calloc(JOIN, sizeof *j);
		char req[256];
		int n = snprintf(req, sizeof req, "GET /g/g%03d/api/board.svg HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
			"Accept-Encoding: gzip, deflate\r\n\r\n",
			games - 1, port), got = 0;
		double s0 = now();
		for (int k = 0; k < JOIN; k++) {
			j[k].fd = connect_local();
			send_all(j[k].fd, req, (size_t)n);
		}
		for (int k = 0; k < JOIN; k++) {
			size_t len = 0;
			got += answer(&j[k], &len) == 200 && len > 0;
			close(j[k].fd);
		}
		printf("club: 200 watchers join at once (gzip taken): %d have the board after %.0f ms\n", got, (now() - s0) * 1e3);
		free(j);
	}
	{
		char p1[128], p2[128];
		snprintf(p1, sizeof p1, "/g/g%03d/api/board.svg", games - 1);
		snprintf(p2, sizeof p2, "/g/g%03d/api/state", games - 1);
		printf("club: cached board GET %.0f/s, /api/state %.0f/s (one keep-alive connection each)\n",
			rate(0, p1, 2.0), rate(0, p2, 2.0));
	}
	return ok == total ? 0 : 1;
}
