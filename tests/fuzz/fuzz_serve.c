/* fuzz_serve.c - libFuzzer target for the request handling of `sillage
 * serve` (src/serve, issue 30): a real club server runs in this process on a
 * loopback port (one sail game in a temporary DIR, tokens on, no per-address
 * limit), and each input is sent to it as raw bytes of HTTP over a fresh
 * connection: any request line, headers, body, chunking, route, query and
 * JSON reach libmicrohttpd, our routing, the club's pages and the game's API.
 * In the input "@H" stands for the game's host token, "@P" for a player's,
 * "@C" for a club token, so that mutations reach past the token check.
 * The server must answer or close, never crash, leak or read out of bounds;
 * what it records is checked by the rules as always. */
#define _GNU_SOURCE   /* memmem */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "src/serve/serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char setup[] =
	"sil 1\ngame sail 1\ntitle fuzz\nplayer fr \"France\" #1f4fb4\nplayer gb \"Britain\" #b22222\nseed 7\n"
	"map cols=8 rows=6 turns=4\n"
	"ship id=diane name=\"Diane\" class=\"frigate\" side=fr at=2,1 facing=SW mp=4 draft=deep hull=5\n"
	"ship id=wasp name=\"Wasp\" class=\"brig\" side=gb at=6,5 facing=NW mp=5 draft=shallow hull=3\n";

static int port;
static char tok_host[33], tok_player[33], tok_club[33];

/* The token of `who` in a tokens file ("who HEX" lines). */
static void token_of(const char *path, const char *who, char *out)
{
	FILE *f = fopen(path, "r");
	char line[256], w[80], hex[80];
	out[0] = 0;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "%79s %79s", w, hex) == 2 && strcmp(w, who) == 0 && strlen(hex) == 32)
			memcpy(out, hex, 33);
	if (f)
		fclose(f);
}

static void start(void)
{
	static char dir[64], game[96], from[96], path[128];
	serve_opts o;
	void *h;
	FILE *f;
	snprintf(dir, sizeof dir, "/tmp/fuzz-serve-%ld", (long)getpid());
	snprintf(game, sizeof game, "%s/g.silb", dir);
	snprintf(from, sizeof from, "%s.setup.sil", dir);
	mkdir(dir, 0700);
	if (!(f = fopen(from, "w")))
		abort();
	fputs(setup, f);
	fclose(f);
	if (!freopen("/dev/null", "w", stdout))   /* the links */
		abort();
	serve_log_output(fopen("/dev/null", "w"));   /* the log lines; libFuzzer keeps standard error */
	memset(&o, 0, sizeof o);
	o.bind = "127.0.0.1";
	o.quiet = 1;
	o.tokens = 1;
	o.path = game;   /* the game made once, as `serve --from` makes it */
	o.from = from;
	if (serve_test_start(&o, &h, &port) || serve_test_stop(h))
		abort();
	o.path = o.from = NULL;
	o.dir = dir;
	o.per_ip = -1;
	o.cache_mb = 8;
	if (serve_test_start(&o, &h, &port))   /* runs until the process ends */
		abort();
	snprintf(path, sizeof path, "%s.tokens", game);
	token_of(path, "host", tok_host);
	token_of(path, "fr", tok_player);
	snprintf(path, sizeof path, "%s/club.tokens", dir);
	token_of(path, "gb", tok_club);
}

/* The input with its @H, @P and @C put in. */
static size_t expand(const uint8_t *in, size_t n, char *out, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 33 < cap; i++) {
		const char *t = NULL;
		if (in[i] == '@' && i + 1 < n)
			t = in[i + 1] == 'H' ? tok_host : in[i + 1] == 'P' ? tok_player : in[i + 1] == 'C' ? tok_club : NULL;
		if (t) {
			memcpy(out + o, t, strlen(t));
			o += strlen(t);
			i++;
		} else
			out[o++] = (char)in[i];
	}
	return o;
}

/* Reads the answers until the server closes the connection: every request
 * of the input answered whole, so no board is still being drawn on a server
 * thread when libFuzzer counts this input's blocks and runs LeakSanitizer
 * (issue 30: leaving after 30 ms of silence, the canvas of a board drawn for
 * 150-340 ms under ASan was reported as this or a later input's leak). Only
 * a stream (/api/events) stays open: once its head is in, 30 ms of silence
 * ends it. A server that neither answers nor closes is libFuzzer's timeout. */
static void read_answer(int fd)
{
	static const char sse[] = "\r\nContent-Type: text/event-stream";
	char reply[4096 + sizeof sse];
	size_t keep = 0;   /* the last bytes of the previous read: a head cut in two */
	int stream = 0;
	for (;;) {
		ssize_t got = recv(fd, reply + keep, sizeof reply - keep - 1, 0);
		if (got == 0)
			return;   /* closed: every answer sent */
		if (got < 0) {
			if ((errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) && !stream)
				continue;   /* still answering (a board being drawn) */
			return;   /* a stream gone quiet, or the connection reset */
		}
		keep += (size_t)got;
		reply[keep] = 0;
		if (!stream && memmem(reply, keep, sse, sizeof sse - 1))
			stream = 1;
		if (keep >= sizeof sse - 1) {
			memmove(reply, reply + keep - (sizeof sse - 2), sizeof sse - 2);
			keep = sizeof sse - 2;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[70000];
	struct sockaddr_in a;
	struct timeval tv = {0, 30 * 1000};   /* how long a quiet stream is read before it is left */
	size_t n;
	int fd;
	if (!port)
		start();
	if (size > 65536)
		return 0;
	n = expand(data, size, buf, sizeof buf);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return 0;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
		if (n)
			(void)!send(fd, buf, n, MSG_NOSIGNAL);
		shutdown(fd, SHUT_WR);   /* the request ends here */
		read_answer(fd);
	}
	close(fd);
	return 0;
}
