/* serve_bench.c - `make bench` numbers for `sillage serve` (issue 19), over
 * loopback against a running server: actions per second accepted through
 * HTTP (one keep-alive connection, each POST answered after the journal's
 * sync), then the update latency to W watchers (from the moment a POST is
 * sent to the moment each watcher has the event, median and p95).
 *   serve_bench PORT LINES BASE_REV ACTIONS WATCHERS ROUNDS
 * LINES holds one legal action per line, the first at revision BASE_REV. */
#define _GNU_SOURCE   /* memmem */
#include <arpa/inet.h>
#include <errno.h>
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
		perror("serve_bench: connect");
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
			perror("serve_bench: write");
			exit(4);
		}
		p += w;
		n -= (size_t)w;
	}
}

/* Sends one POST /api/act; does not wait for the answer. */
static void post(int fd, long rev, const char *line)
{
	char body[1200], req[1600];
	int b = snprintf(body, sizeof body, "{\"rev\":%ld,\"line\":\"%s\"}", rev, line);
	int n = snprintf(req, sizeof req, "POST /api/act HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
		"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", port, b, body);
	send_all(fd, req, (size_t)n);
}

/* Reads one answer (headers with a Content-Length, then the body); its status. */
static int answer(int fd)
{
	static char buf[65536];
	static size_t have;
	for (;;) {
		char *end = memmem(buf, have, "\r\n\r\n", 4);
		if (end) {
			size_t head = (size_t)(end - buf) + 4, len = 0;
			char *cl = memmem(buf, head, "Content-Length: ", 16);
			int status = atoi(buf + 9);
			if (cl)
				len = strtoul(cl + 16, NULL, 10);
			if (have >= head + len) {
				memmove(buf, buf + head + len, have - head - len);
				have -= head + len;
				return status;
			}
		}
		{
			ssize_t r = read(fd, buf + have, sizeof buf - have);
			if (r <= 0) {
				fprintf(stderr, "serve_bench: the server closed the connection\n");
				exit(4);
			}
			have += (size_t)r;
		}
	}
}

typedef struct watcher {
	int fd;
	char buf[8192];
	size_t have;
	double at;          /* when it had the event awaited, 0 before */
} watcher;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	FILE *f;
	char **lines = NULL, line[1100];
	long base, nlines = 0, actions, rev, ok = 0;
	int nw, rounds, fd;
	double t0, t1, *lat;
	watcher *w;
	if (argc != 7) {
		fprintf(stderr, "usage: serve_bench PORT LINES BASE_REV ACTIONS WATCHERS ROUNDS\n");
		return 2;
	}
	port = atoi(argv[1]);
	base = atol(argv[3]);
	actions = atol(argv[4]);
	nw = atoi(argv[5]);
	rounds = atoi(argv[6]);
	if (!(f = fopen(argv[2], "r")))
		return perror(argv[2]), 3;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = 0;
		lines = realloc(lines, sizeof *lines * (size_t)(nlines + 1));
		lines[nlines++] = strdup(line);
	}
	fclose(f);
	if (nlines < actions + rounds) {
		fprintf(stderr, "serve_bench: %ld lines, %ld needed\n", nlines, actions + rounds);
		return 3;
	}
	/* actions per second: one at a time, each answered after its sync */
	fd = connect_local();
	rev = base;
	t0 = now();
	for (long i = 0; i < actions; i++) {
		post(fd, rev, lines[i]);
		if (answer(fd) != 200)
			break;
		ok++;
		rev++;
	}
	t1 = now();
	printf("serve: %ld actions accepted through HTTP in %.2f s: %.0f actions/s (one keep-alive connection, "
		"each synced before its answer)\n", ok, t1 - t0, (double)ok / (t1 - t0));
	if (ok != actions)
		fprintf(stderr, "serve_bench: action %ld refused\n", ok + 1);
	/* the update latency to nw watchers */
	w = calloc((size_t)nw, sizeof *w);
	lat = calloc((size_t)(nw * rounds), sizeof *lat);
	for (int k = 0; k < nw; k++) {
		char req[200];
		int n = snprintf(req, sizeof req, "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", port);
		w[k].fd = connect_local();
		send_all(w[k].fd, req, (size_t)n);
	}
	usleep(300000);   /* every watcher registered (their first bytes read below) */
	for (int k = 0; k < nw; k++) {
		ssize_t r = read(w[k].fd, w[k].buf, sizeof w[k].buf - 1);
		w[k].have = 0;
		(void)r;
	}
	long nl = 0;
	for (int r = 0; r < rounds; r++) {
		char want[40];
		int left = nw;
		double sent, limit;
		snprintf(want, sizeof want, "id: %ld\n", rev + 1);
		for (int k = 0; k < nw; k++) {
			w[k].at = 0;
			w[k].have = 0;
		}
		sent = now();
		post(fd, rev, lines[actions + r]);
		limit = sent + 10;
		while (left && now() < limit) {
			struct pollfd p[256];
			int np = nw < 256 ? nw : 256;
			for (int k = 0; k < np; k++) {
				p[k].fd = w[k].fd;
				p[k].events = POLLIN;
			}
			if (poll(p, (nfds_t)np, 100) <= 0)
				continue;
			for (int k = 0; k < np; k++) {
				ssize_t got;
				if (!(p[k].revents & POLLIN) || w[k].at)
					continue;
				got = read(w[k].fd, w[k].buf + w[k].have, sizeof w[k].buf - 1 - w[k].have);
				if (got <= 0)
					continue;
				w[k].have += (size_t)got;
				w[k].buf[w[k].have] = 0;
				if (memmem(w[k].buf, w[k].have, want, strlen(want))) {
					w[k].at = now();
					lat[nl++] = w[k].at - sent;
					left--;
				} else if (w[k].have > sizeof w[k].buf / 2) {
					w[k].have = 0;
				}
			}
		}
		if (answer(fd) != 200 || left) {
			fprintf(stderr, "serve_bench: round %d: %d watchers without the update\n", r, left);
			break;
		}
		rev++;
	}
	if (nl) {
		qsort(lat, (size_t)nl, sizeof *lat, cmp_double);
		printf("serve: update latency to %d watchers over %d actions: median %.2f ms, p95 %.2f ms, max %.2f ms "
			"(from the POST sent to each watcher having the event)\n", nw, rounds,
			lat[nl / 2] * 1e3, lat[(nl * 95) / 100 < nl ? (nl * 95) / 100 : nl - 1] * 1e3, lat[nl - 1] * 1e3);
	}
	for (int k = 0; k < nw; k++)
		close(w[k].fd);
	close(fd);
	return 0;
}
