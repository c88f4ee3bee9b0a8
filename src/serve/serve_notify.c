/* serve_notify.c - whose turn (issue 27, docs/serve.md): when it becomes a
 * player's move, the game's webhook gets a small JSON POST in the shape chat
 * services take ({"text": ..., "content": ...}), and the player an e-mail
 * through the system's sendmail with their own link. What to tell is read
 * from FILE.silb.notify (re-read when it changes). Notices wait in one
 * bounded queue that two sender threads empty: a slow or failing receiver
 * delays other notices at most, never a game; a full queue drops the new
 * notice with a log line. The webhook goes through curl(1), pinned to the
 * address we checked: a URL naming a loopback, private, link-local or
 * otherwise non-public address is refused unless --allow-private-hooks. */
#define _GNU_SOURCE   /* pipe2, posix_spawn_file_actions_addclosefrom_np (glibc 2.34) */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct notice {
	int email;              /* 0 a webhook POST, 1 an e-mail */
	char to[512];           /* the URL, or the address */
	char *body;             /* the JSON, or the message with its headers */
	char game[64];
} notice;

static pthread_mutex_t nlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ncond = PTHREAD_COND_INITIALIZER;
static struct {
	notice q[SERVE_NOTIFY_QUEUE];
	int head, n, stop, started, busy;
	pthread_t th[SERVE_NOTIFY_THREADS];
	const char *sendmail, *curl;
	int allow_private;
	long sent, failed, dropped;
} N;

/* ---- the configuration: FILE.silb.notify ----------------------------------------- */

/* An address we may hand to sendmail: local@domain of plain characters. */
static int email_ok(const char *a)
{
	const char *at = strchr(a, '@');
	if (!at || at == a || !at[1] || strchr(at + 1, '@') || strlen(a) > 254 || a[0] == '-')
		return 0;
	for (const char *p = a; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      strchr("@.+-_", *p)))
			return 0;
	return 1;
}

/* Re-reads the game's notify file when it changed (its times to the ns, size
 * or inode). Holds s->lock. */
static void notify_load(server *s)
{
	struct stat st;
	FILE *f;
	char line[700];
	int lineno = 0;
	if (!s->notify_path || stat(s->notify_path, &st) != 0) {
		s->hook[0] = 0;
		memset(s->email, 0, sizeof s->email);
		s->notify_mtime = 0;
		return;
	}
	{   /* to the nanosecond, and its inode change too: a rewrite of the same size in the same second is seen */
		long long m = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
		long long c = (long long)st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec;
		if (m == s->notify_mtime && c == s->notify_ctime && (long long)st.st_size == s->notify_size &&
		    (long long)st.st_ino == s->notify_ino)
			return;
		s->notify_mtime = m;
		s->notify_ctime = c;
		s->notify_size = (long long)st.st_size;
		s->notify_ino = (long long)st.st_ino;
	}
	s->hook[0] = 0;
	memset(s->email, 0, sizeof s->email);
	if (!(f = fopen(s->notify_path, "r")))
		return;
	while (fgets(line, sizeof line, f)) {
		char a[600], b[600];
		int k = sscanf(line, "%599s %599s", a, b);
		const sl_header *h = s->rc.log ? &s->rc.log->h : &s->rc.h;
		int p = -1;
		lineno++;
		if (k < 1 || a[0] == '#')
			continue;
		if (k == 2 && strcmp(a, "webhook") == 0 && strlen(b) < sizeof s->hook &&
		    (strncmp(b, "http://", 7) == 0 || strncmp(b, "https://", 8) == 0)) {
			snprintf(s->hook, sizeof s->hook, "%.511s", b);
			continue;
		}
		if (k == 2 && strcmp(a, "email") != 0)
			for (int q = 0; q < h->nplayers; q++)
				if (strcmp(h->players[q].id, a) == 0)
					p = q;
		if (k == 2 && p >= 0 && email_ok(b) && strlen(b) < sizeof s->email[0]) {
			snprintf(s->email[p], sizeof s->email[p], "%.255s", b);
			continue;
		}
		serve_log(s, NULL, "-", s->notify_path, 0, "a line that is neither 'webhook URL' nor 'PLAYER ADDRESS': "
			"left out");
	}
	fclose(f);
}

/* ---- the queue (stopping: the senders finish the notice in hand, the rest is dropped) -------------------------------------------------------------------- */

static void enqueue(int email, const char *to, char *body, const char *game)
{
	pthread_mutex_lock(&nlock);
	if (N.n == SERVE_NOTIFY_QUEUE || N.stop || !N.started) {
		N.dropped++;
		pthread_mutex_unlock(&nlock);
		serve_log(NULL, NULL, "-", game, 0, "notice dropped: the queue of notices is full");
		free(body);
		return;
	}
	{
		notice *n = &N.q[(N.head + N.n) % SERVE_NOTIFY_QUEUE];
		n->email = email;
		snprintf(n->to, sizeof n->to, "%s", to);
		snprintf(n->game, sizeof n->game, "%s", game);
		n->body = body;
		N.n++;
	}
	pthread_cond_signal(&ncond);
	pthread_mutex_unlock(&nlock);
}

/* ---- sending ------------------------------------------------------------------------ */

/* 1 when an address may not be reached from here without the operator's word. */
static int private_addr(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET) {
		uint32_t a = ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr);
		return (a >> 24) == 0 || (a >> 24) == 10 || (a >> 24) == 127 || (a >> 16) == 0xa9fe ||
			(a >> 20) == 0xac1 || (a >> 16) == 0xc0a8 || (a >> 22) == (0x64400000u >> 22) ||
			(a >> 28) >= 0xe;   /* 0/8 10/8 127/8 169.254/16 172.16/12 192.168/16 100.64/10 multicast, reserved */
	}
	if (sa->sa_family == AF_INET6) {
		const uint8_t *b = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
		static const uint8_t zero[15] = {0};
		if (memcmp(b, zero, 15) == 0)
			return 1;   /* :: and ::1 */
		if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80)
			return 1;   /* link-local */
		if ((b[0] & 0xfe) == 0xfc || b[0] == 0xff)
			return 1;   /* unique local, multicast */
		if (memcmp(b, zero, 10) == 0 && b[10] == 0xff && b[11] == 0xff) {   /* IPv4-mapped */
			struct sockaddr_in v4;
			memset(&v4, 0, sizeof v4);
			v4.sin_family = AF_INET;
			memcpy(&v4.sin_addr, b + 12, 4);
			return private_addr((const struct sockaddr *)&v4);
		}
	}
	return 0;
}

/* The URL's host and port, resolved and checked: "HOST:PORT:ADDR" for
 * curl's --resolve (the address we checked is the one it connects to).
 * 0, or -1 with why. */
int serve_hook_check(const char *url, int allow_private, char *pin, size_t pn, char *why, size_t wn)
{
	const char *h = strstr(url, "://");
	char host[256], port[8];
	size_t n;
	struct addrinfo hints, *ai = NULL;
	int https = strncmp(url, "https://", 8) == 0, e;
	if (!h || (!https && strncmp(url, "http://", 7) != 0)) {
		snprintf(why, wn, "a webhook is an http:// or https:// URL");
		return -1;
	}
	h += 3;
	if (*h == '[') {
		n = strcspn(h + 1, "]");
		if (!h[1 + n] || n >= sizeof host) {
			snprintf(why, wn, "a broken [address] in the URL");
			return -1;
		}
		memcpy(host, h + 1, n);
		host[n] = 0;
		h += n + 2;
	} else {
		n = strcspn(h, ":/?#@");
		if (h[n] == '@' || n == 0 || n >= sizeof host) {
			snprintf(why, wn, "no host in the URL (or a user in it)");
			return -1;
		}
		memcpy(host, h, n);
		host[n] = 0;
		h += n;
	}
	snprintf(port, sizeof port, "%s", https ? "443" : "80");
	if (*h == ':') {
		n = strspn(h + 1, "0123456789");
		if (n == 0 || n > 5 || atoi(h + 1) > 65535) {
			snprintf(why, wn, "a bad port in the URL");
			return -1;
		}
		snprintf(port, sizeof port, "%.*s", (int)n, h + 1);
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	if ((e = getaddrinfo(host, port, &hints, &ai)) != 0) {
		snprintf(why, wn, "%s does not resolve: %s", host, gai_strerror(e));
		return -1;
	}
	{
		char addr[INET6_ADDRSTRLEN];
		const struct sockaddr *sa = ai->ai_addr;
		int priv = private_addr(sa), v6 = sa->sa_family == AF_INET6;
		if (v6)
			inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, addr, sizeof addr);
		else
			inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, addr, sizeof addr);
		freeaddrinfo(ai);
		if (priv && !allow_private) {
			snprintf(why, wn, "%s is %s, a loopback or private address: refused (--allow-private-hooks "
				"allows it)", host, addr);
			return -1;
		}
		snprintf(pin, pn, v6 ? "%s:%s:[%s]" : "%s:%s:%s", host, port, addr);   /* ai is freed: sa no more */
	}
	return 0;
}

/* Runs argv with body on its standard input; its exit status, -1 when it
 * could not start, -2 when it ran past `secs` (then killed), -3 killed by a signal. */
static int run_with_input(char *const argv[], const char *body, int secs)
{
	int in[2], st = 0;
	pid_t pid;
	posix_spawn_file_actions_t fa;
	time_t until = time(NULL) + secs;
	/* close-on-exec, and every descriptor past 2 closed in the child: the
	 * other sender's child must not hold this pipe's write end (both would
	 * wait for the end of their input until killed), nor a journal or a socket */
	if (pipe2(in, O_CLOEXEC) != 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addclosefrom_np(&fa, 3);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		close(in[0]);
		close(in[1]);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	(void)!write(in[1], body, strlen(body));   /* small: fits the pipe */
	close(in[1]);
	for (;;) {
		pid_t w = waitpid(pid, &st, WNOHANG);
		if (w == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : -3;
		if (w < 0 && errno != EINTR)
			return -1;
		if (time(NULL) > until) {
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			return -2;
		}
		usleep(20 * 1000);
	}
}

static int send_one(const notice *n, char *why, size_t wn)
{
	char pin[400], curl_path[256];
	if (n->email) {
		char *argv[] = {(char *)N.sendmail, (char *)"-oi", (char *)"--", (char *)n->to, NULL};
		int rc = run_with_input(argv, n->body, 30);
		snprintf(why, wn, "sendmail exit %d", rc);
		return rc == 0 ? 0 : -1;
	}
	if (serve_hook_check(n->to, N.allow_private, pin, sizeof pin, why, wn))
		return -1;
	snprintf(curl_path, sizeof curl_path, "%s", N.curl);
	{
		char *argv[] = {curl_path, (char *)"-sS", (char *)"-f", (char *)"--max-time", (char *)"10",
			(char *)"--proto", (char *)"=http,https", (char *)"--max-redirs", (char *)"0", (char *)"--resolve", pin,
			(char *)"-H", (char *)"Content-Type: application/json", (char *)"--data-binary", (char *)"@-",
			(char *)"--", (char *)n->to, NULL};
		int rc = run_with_input(argv, n->body, 30);
		snprintf(why, wn, rc == -2 ? "curl killed after 30 s" : "curl exit %d", rc);
		return rc == 0 ? 0 : -1;
	}
}

static void *sender(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&nlock);
	for (;;) {
		notice n;
		char why[400];
		int rc;
		while (!N.n && !N.stop)
			pthread_cond_wait(&ncond, &nlock);
		if (N.stop)
			break;   /* what is left is dropped, said by serve_notify_stop */
		n = N.q[N.head];
		N.head = (N.head + 1) % SERVE_NOTIFY_QUEUE;
		N.n--;
		N.busy++;
		pthread_mutex_unlock(&nlock);
		rc = send_one(&n, why, sizeof why);
		serve_log(NULL, NULL, n.email ? "MAIL" : "HOOK", n.game, 0, rc == 0 ? (n.email ? "e-mail sent" : "webhook sent")
			: why);
		free(n.body);
		pthread_mutex_lock(&nlock);
		N.busy--;
		if (rc == 0)
			N.sent++;
		else
			N.failed++;
		pthread_cond_broadcast(&ncond);
	}
	pthread_mutex_unlock(&nlock);
	return NULL;
}

void serve_notify_start(const serve_opts *o)
{
	N.sendmail = o->sendmail ? o->sendmail : "/usr/sbin/sendmail";
	N.curl = o->curl ? o->curl : "/usr/bin/curl";
	N.allow_private = o->allow_private_hooks;
	N.stop = 0;
	for (int k = 0; k < SERVE_NOTIFY_THREADS; k++)
		if (pthread_create(&N.th[k], NULL, sender, NULL) == 0)
			N.started++;
}

void serve_notify_stop(void)
{
	int n;
	pthread_mutex_lock(&nlock);
	N.stop = 1;
	pthread_cond_broadcast(&ncond);
	n = N.started;
	N.started = 0;
	pthread_mutex_unlock(&nlock);
	for (int k = 0; k < n; k++)
		pthread_join(N.th[k], NULL);
	if (N.n) {
		char msg[96];
		snprintf(msg, sizeof msg, "stopping: %d notices not sent", N.n);
		serve_log(NULL, NULL, "-", "-", 0, msg);
	}
	while (N.n) {
		free(N.q[N.head].body);
		N.head = (N.head + 1) % SERVE_NOTIFY_QUEUE;
		N.n--;
	}
}

/* ---- what is told ------------------------------------------------------------------ */

static char *hook_body(server *s, const char *player, const char *pos)
{
	char text[800];
	json_t *j;
	char *t, *out;
	snprintf(text, sizeof text, "%s%s%s: it is %s's move (%s). Watch: http://%s%s/watch", s->name,
		*s->name ? " " : "", s->rc.log ? s->rc.log->game->id : "", player, pos, s->host, s->prefix);
	j = json_pack("{s:s,s:s,s:s,s:s,s:s}", "text", text, "content", text, "game", s->name, "player", player,
		"position", pos);
	t = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	out = t ? strdup(t) : NULL;
	free(t);
	return out;
}

static char *mail_body(server *s, int p, const char *pos)
{
	const sl_header *h = &s->rc.log->h;
	const char *tok = "";
	sl_buf b;
	char *out;
	for (int k = 0; k < s->ntok; k++)
		if (s->tok[k].player == p)
			tok = s->tok[k].hex;
	sl_buf_init(&b);
	sl_buf_printf(&b, "To: %s\nSubject: Your move in %s (%s)\nContent-Type: text/plain; charset=utf-8\n"
		"Auto-Submitted: auto-generated\n\n", s->email[p], *s->name ? s->name : "your game", s->rc.log->game->id);
	sl_buf_printf(&b, "It is your move, %s (%s).\n\nYour link (keep it to yourself):\nhttp://%s%s/record%s%s\n",
		h->players[p].id, pos, s->host, s->prefix, *tok ? "?t=" : "", tok);
	out = b.failed ? NULL : strdup(sl_buf_cstr(&b));
	sl_buf_free(&b);
	return out;
}

/* Whose move changed from `before` to s->movers: each player who has it now
 * and had it not is told. Holds s->lock. */
void serve_notify_movers(server *s, const char *before)
{
	const sl_header *h;
	char pos[96];
	int turn = 0, phase = 0;
	if (!s->rc.log || !s->movers[0])
		return;
	notify_load(s);
	{
		int any = s->hook[0] != 0;
		for (int p = 0; p < SL_MAX_PLAYERS; p++)
			any |= s->email[p][0] != 0;
		if (!any)
			return;
	}
	h = &s->rc.log->h;
	s->rc.log->game->position(s->rc.st, &turn, &phase);
	if (phase > 0 && sl_phase_name(s->rc.log->game->schema, phase))
		snprintf(pos, sizeof pos, "turn %d, %s", turn, sl_phase_name(s->rc.log->game->schema, phase));
	else
		snprintf(pos, sizeof pos, "turn %d", turn);
	for (int p = 0; p < h->nplayers; p++) {
		const char *id = h->players[p].id;
		if (!serve_movers_has(s->movers, id) || serve_movers_has(before, id))
			continue;
		if (s->hook[0]) {
			char *b = hook_body(s, id, pos);
			if (b)
				enqueue(0, s->hook, b, *s->name ? s->name : "-");
		}
		if (s->email[p][0]) {
			char *b = mail_body(s, p, pos);
			if (b)
				enqueue(1, s->email[p], b, *s->name ? s->name : "-");
		}
	}
}

/* 1 when the ", " list holds id. */
int serve_movers_has(const char *list, const char *id)
{
	size_t n = strlen(id);
	while (list && *list) {
		size_t m = strcspn(list, ",");
		if (m == n && strncmp(list, id, n) == 0)
			return 1;
		list += m;
		list += strspn(list, ", ");
	}
	return 0;
}
