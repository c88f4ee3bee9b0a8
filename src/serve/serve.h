/* serve.h - `sillage serve`: a local web server that records a game through
 * the recorder (recorder.h) and lets others watch it live (docs/serve.md).
 * serve_run is the face the command uses; the rest is shared by the files of
 * src/serve (serve.c: daemon, routes, limits, log lines; serve_api.c: the
 * JSON API; serve_watch.c: Server-Sent Events; serve_seal.c: hidden choices;
 * serve_pages.c: the embedded pages). Private to src/serve and src/cli. */
#ifndef SL_SERVE_H
#define SL_SERVE_H

#include "record/recorder.h"

#include <pthread.h>
#include <stddef.h>

typedef struct serve_opts {
	const char *path;      /* FILE.silb, the journal */
	const char *game;      /* --game ID, or NULL */
	const char *from;      /* --from SETUP.sil, or NULL */
	int port;              /* 0: any free port (the one taken is printed) */
	const char *bind;      /* an address (127.0.0.1 unless told) */
	int tokens, quiet;
	const char *dir;       /* --dir DIR: every DIR/NAME.silb under /g/NAME/ (path is NULL then) */
	int cache_mb;          /* --cache-mb: the drawn boards kept (0: SERVE_CACHE_MB) */
	int per_ip;            /* --per-ip: connections from one address (0: SERVE_PER_IP; -1: no limit) */
	int max_watchers;      /* --watchers: live streams in all (0: SERVE_MAX_WATCHERS) */
	const char *sendmail;  /* --sendmail PATH (default /usr/sbin/sendmail) */
	const char *curl;      /* the webhooks' sender (default /usr/bin/curl) */
	int allow_private_hooks;   /* --allow-private-hooks: a webhook may name a loopback or private address */
} serve_opts;

/* Runs the server until SIGINT or SIGTERM. Returns an exit code of the
 * command: 0 stopped cleanly, 1 the setup was refused, 2 usage (--bind
 * without --tokens), 3 an unreadable --from, 4 I/O (port taken, the
 * journal cannot be written). */
int serve_run(const serve_opts *o);
/* For tests (tests/fuzz/fuzz_serve.c): the server of o started in this
 * process, answering on *port until serve_test_stop. 0 or an exit code. */
int serve_test_start(const serve_opts *o, void **handle, int *port);
int serve_test_stop(void *handle);
/* Where the log lines go (NULL: standard error): a test's own file. */
#include <stdio.h>
void serve_log_output(FILE *f);

/* ---- shared by src/serve ------------------------------------------------- */

#define SERVE_MAX_BODY 16384     /* bytes of a request body */
#define SERVE_WATCH_QUEUE 256    /* messages waiting for one watcher */
#define SERVE_MAX_WATCHERS 1024 /* streams, every game together (--watchers) */
#define SERVE_SLOTS_KEPT 256     /* connections no watcher may take: actions always get in */
/* The listening socket's queue (the kernel caps it at net.core.somaxconn): 200
 * watchers joining at once overflowed a queue of 64, and a connection whose
 * SYN the kernel dropped waits a second to try again (the 2 s "join" of 2026-11) */
#define SERVE_BACKLOG 1024
#define SERVE_PER_IP 64          /* connections from one client address (--per-ip); streams half of it */
#define SERVE_REQUEST_S 10       /* a request's headers and body must be in within this */
#define SERVE_IDLE_S 30          /* a connection that says nothing for this long is closed */
#define SERVE_KEEPALIVE_S 10
#define SERVE_CACHE_MB 64        /* the drawn boards kept (--cache-mb) */
#define SERVE_CACHE_KEY 192
#define SERVE_BOARD_MIN_W 64
#define SERVE_BOARD_MAX_W 4096

/* The views of a log (sl_game's veil hook): index 0 the public (a watcher
 * without a token), 1 + p player p; the host sees it whole (SL_VIEW_ALL). */
#define SERVE_NVIEWS (SL_MAX_PLAYERS + 1)
#define SERVE_PUBLIC_SIDE "-"   /* the board's side for the public: no player is called so */
typedef struct serve_veil {     /* an entry some views may not read whole */
	char *desc[SERVE_NVIEWS];   /* what that view reads instead (NULL: the whole description) */
	uint32_t hide[SERVE_NVIEWS];   /* the fields kept from it (bit k: field k) */
} serve_veil;

typedef struct serve_entry {   /* what the API says of each entry of the log */
	char *desc;
	int turn, phase;
	serve_veil *veil;          /* NULL: every view reads it whole */
} serve_entry;

typedef struct serve_token {
	int player;            /* index into the header's players, -1 = host */
	char hex[33];          /* 128 bits */
} serve_token;

typedef struct serve_seal {   /* a hidden choice, sealed until its reveal */
	char player[64], key[64], content[64];
	char salt[2 * SL_SALT_BYTES + 1];
} serve_seal;

typedef struct watcher watcher;
typedef struct club club;
struct MHD_Connection;
struct MHD_Response;
struct MHD_Daemon;

typedef struct server {
	serve_opts o;
	int port;
	char host[80];          /* how URLs name the server: 127.0.0.1:8080, [::1]:8080 */
	pthread_mutex_t lock;   /* the recorder, the entries, the tokens, the seals */
	recorder rc;
	serve_entry *ent;
	size_t nent, cap;
	int broken;             /* a write failed: nothing more is recorded */
	serve_token tok[SL_MAX_PLAYERS + 1];
	int ntok;
	char *tok_path, *seal_path;
	serve_seal *seals;
	int nseals;
	pthread_mutex_t wlock;  /* the watchers */
	pthread_cond_t wcond;
	watcher *watchers;
	int nwatchers, stopping;
	pthread_mutex_t loglock;
	struct MHD_Daemon *d;
	/* one game of a club (serve_club.c); in a server of one game, name and prefix are "" */
	club *club;
	char name[64];          /* NAME of DIR/NAME.silb */
	char prefix[80];        /* "/g/NAME": what its URLs start with */
	char *owned_path;       /* o.path when the club made it */
	long long last_at;      /* when the log last changed (Unix seconds; the file's time when opened) */
	char movers[256];       /* whose move it is: the players the rules offer an action now, ", " apart */
	/* /api/state's answer per view (index 1 + view slot, 0 the host), kept until the log changes */
	long gen;               /* bumped by every POST */
	char *state_body[SERVE_NVIEWS + 1];
	size_t state_len[SERVE_NVIEWS + 1];
	long state_gen[SERVE_NVIEWS + 1];
	/* whose-turn notices (serve_notify.c): FILE.silb.notify as last read */
	char *notify_path;
	long long notify_mtime, notify_ctime, notify_size, notify_ino;
	char hook[512];
	char email[SL_MAX_PLAYERS][256];
	/* the result by the rules (serve_stats.c), read at log length res_rev - 1 (0: never) */
	long res_rev;
	int res_over, res_winner;
	/* the club's archive (serve_archive.c): the log's length and end when last put in it, under archive open arch_gen */
	long arch_gen;
	size_t arch_n;
	int arch_closed, arch_in;   /* arch_in: its row is in the archive */
} server;

/* Who asks: the host (every side), one player, or a watcher (no side). */
typedef struct serve_who {
	int host;
	int player;             /* -1 unless a player's token */
} serve_who;

/* A JSON answer: status and body (malloc'd, freed by the caller), and what
 * the log line says of it. */
typedef struct serve_reply {
	int status;
	char *body;
	size_t len;
	const char *type;       /* NULL: application/json; charset=utf-8 */
	int owned;              /* body is ours to free: 1 sl_free, 2 free (jansson's text) */
	char note[512];         /* for the log line */
	char etag[96];          /* "" or the ETag of a board: revalidated, not stored (no-cache) */
	const char *encoding;   /* NULL, or the body's Content-Encoding ("gzip") */
} serve_reply;

/* serve_api.c */
int serve_entries_load(server *s);   /* the entries of the log as opened: 0 or -1 */
void serve_api_get(server *s, const char *path, struct MHD_Connection *c, const serve_who *w,
	serve_reply *out);
void serve_api_post(server *s, const char *path, const char *body, size_t n, const serve_who *w,
	serve_reply *out);
void serve_reply_json(serve_reply *out, int status, void *json);   /* json_t *, stolen */
void serve_reply_error(serve_reply *out, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *serve_player_id(const server *s, int p);

/* serve_watch.c: a watcher's stream starts with backlog (what it missed),
 * then every event sent; NULL when it may not open (*why 1: every stream
 * slot of the server is taken, 2: this address holds its share already). */
struct MHD_Response *serve_watch_open(server *s, const char *ip, const char *backlog, int view, int *why);
/* serve.c: a stream's slot taken (0, or *why of serve_watch_open) and given back. */
int serve_watch_admit(club *cl, const char *ip);
void serve_watch_leave(club *cl, const char *ip);
/* serve_api.c: the events after entry `from` (a Last-Event-ID; -1 none). */
void serve_watch_backlog(server *s, long from, int view, sl_buf *out);
/* Frees the entries' words. */
void serve_entries_free(server *s);
void serve_watch_send(server *s, const char *event, long id, const char *json);
/* The same to the watchers of one view only (SL_VIEW_ALL, SL_VIEW_PUBLIC or a player). */
void serve_watch_send_view(server *s, int view, const char *event, long id, const char *json);
/* The view of whoever asks: the host every side, a player theirs, else the public. */
int serve_view_of(const serve_who *w);
void serve_watch_stop(server *s);

/* serve_seal.c */
int serve_seal_load(server *s);      /* FILE.seal, if there: 0 or -1 (said) */
int serve_seal_save(server *s);      /* FILE.seal written whole (0600, synced): 0 or -1 */
/* The hidden choice of a game whose commit event is `event`: 1 and the row's
 * fields when the game has one. */
typedef struct serve_seal_kind {
	const char *game, *commit_event, *hash_field, *clear_field;
	const char *reveal_event, *content_field, *salt_field, *key_field, *domain;
} serve_seal_kind;
const serve_seal_kind *serve_seal_kind_of(const char *game);
/* The line's words: "PLAYER:" (player, or "" when none), the event, and
 * the value of field `name` (quotes taken off). 0 found, -1 not there. */
int serve_line_player(const char *line, char *out, size_t n);
const char *serve_line_event(const char *line, size_t *n);
int serve_line_field(const char *line, const char *name, char *out, size_t n);
/* Drops field `name` from line (in place). */
void serve_line_drop(char *line, const char *name);

/* serve_pages.c */
typedef struct serve_page {
	const char *name, *type, *data;
	size_t len;
} serve_page;
const serve_page *serve_page_find(const char *name);
/* The links page (GET /): every URL of this server. */
char *serve_links_page(const server *s, size_t *len);

/* serve_notify.c: whose turn, told by webhook and e-mail */
#define SERVE_NOTIFY_QUEUE 1024
#define SERVE_NOTIFY_THREADS 2
void serve_notify_start(const serve_opts *o);
void serve_notify_stop(void);
/* Tells each player who has the move now and had it not in `before`. Holds s->lock. */
void serve_notify_movers(server *s, const char *before);
int serve_movers_has(const char *list, const char *id);
/* A webhook URL checked (http/https, resolved, no private address unless
 * allowed): 0 and curl's --resolve pin, or -1 and why. */
int serve_hook_check(const char *url, int allow_private, char *pin, size_t pn, char *why, size_t wn);

/* serve_cache.c: drawn boards kept, every game together, within a byte budget */
typedef struct serve_cache_info {
	size_t bytes, max;
	long entries, hits, misses;
} serve_cache_info;
void serve_cache_limit(size_t bytes);
/* 1 and a copy (sl_malloc'd) when key is kept, else 0. */
int serve_cache_get(const char *key, unsigned char **out, size_t *len);
void serve_cache_put(const char *key, const unsigned char *data, size_t len);
void serve_cache_stats(serve_cache_info *out);
void serve_cache_clear(void);

/* serve_stats.c: the club's statistics (GET /stats, html 1; /api/stats) and a
 * finished game's PDF report (GET /g/NAME/api/report.pdf; holds s->lock) */
void serve_club_stats(club *cl, int html, serve_reply *rp);
void serve_game_report(server *s, serve_reply *rp);
/* Whether the game is over by its rules and who won (-1: a draw, or not
 * over), read again when its log changed since the last look. Holds s->lock. */
void serve_game_outcome(server *s, int *over, int *winner);

/* serve_archive.c: the club's archive, DIR/club.sqlite (the tables of batch --sqlite,
 * record/archive.h), a row per finished game, kept by one thread */
typedef struct serve_archive serve_archive;
struct rec_archive;
int serve_archive_start(club *cl);   /* 0 or -1 (no thread: out of resources) */
void serve_archive_stop(club *cl);
/* A game may have ended: the thread looks at the games again. Any lock may be held. */
void serve_archive_poke(club *cl);
/* The archive brought up to date, then fn(ctx, the archive) under its lock
 * (non-zero: a failed read). 0, or -1 with why (logged once). */
int serve_archive_read(club *cl, int (*fn)(void *, struct rec_archive *), void *ctx, char *why, size_t n);
const char *serve_archive_path(const club *cl);

/* serve_club.c: many games in one server (serve --dir) */
#define SERVE_MAX_GAMES 4096
#define SERVE_PLAYER_ID 64
typedef struct club_token {  /* a player's one link to the lobby of their games */
	char id[SERVE_PLAYER_ID];   /* the player's id in the games' headers ("host": every game) */
	char hex[33];
} club_token;
typedef struct club_skip {   /* a file of DIR that could not be opened, until it changes */
	char name[64];
	long long mtime, size;
} club_skip;
struct club {
	serve_opts o;
	int port;
	char host[80];
	pthread_mutex_t lock;   /* the games, the tokens, the skipped files */
	server **games;
	int ngames, capg;
	long long scanned_ms;   /* the last look at DIR */
	long long dir_stamp;    /* DIR's change time (ns) at that look: a file added since is looked at at once */
	club_token *tok;
	int ntok;
	char *tok_path;
	club_skip *skip;
	int nskip;
	struct MHD_Daemon *d;
	/* the limits of hostile use (serve.c) */
	pthread_mutex_t climit;  /* the streams and the connections' deadlines */
	int nstreams, max_streams, per_ip;
	struct ip_count *ips;    /* streams open per client address */
	int nips;
	struct conn_slot *conns; /* every open connection, with the time its request must be in by */
	pthread_t watchdog;
	int watchdog_on, stopping;
	int test_fd;
	serve_archive *arch;     /* DIR/club.sqlite (serve_archive.c); NULL for one game */
};
/* Opens one game (the journal, its entries, seals and tokens); NULL when
 * it cannot be (said on stderr, *code the exit code). */
server *serve_game_open(club *cl, const serve_opts *o, const char *name, int *code);
void serve_game_close(server *s, int pack, int *code);
void serve_game_free(server *s);
/* Whose move and when, after the log changed (holds s->lock). */
void serve_game_changed(server *s, int now);
/* DIR looked at again (at most once a second unless force): new games
 * opened. 4 when one could not be opened for out of memory or an I/O error
 * (looked at again at the next scan), else 0. */
int serve_club_scan(club *cl, int force);
/* The game NAME, or NULL (DIR looked at again first when it is not known). */
server *serve_club_game(club *cl, const char *name);
/* The club's pages and their JSON: the lobby (GET / and /api/games) and a
 * player's games (GET /me and /api/me, by the player's club token). */
int serve_club_route(const char *path);
void serve_club_get(club *cl, const char *path, const char *token, serve_reply *rp);
/* POST /api/new (the club's host): a game from a `sillage new` template. */
int serve_club_post_route(const char *path);
/* name: the game's name from the path (POST /g/NAME/api/new), else NULL (the body's). */
void serve_club_post(club *cl, const char *path, const char *body, size_t len, const char *token, const char *name,
	serve_reply *rp);
/* Each player of every game gets a club token (DIR/club.tokens, 0600); 0 or -1. */
int serve_club_tokens(club *cl, int announce);

/* serve.c */
/* A token for the host and each player the header names, FILE.tokens
 * rewritten when one is new (its links printed when announce). 0 or -1. */
int serve_tokens_update(server *s, int announce);
/* Writes path whole through a temporary file: mode 0600, synced. 0 or -1. */
int serve_private_write(const char *path, const char *text, size_t n);
void serve_log(server *s, const char *ip, const char *method, const char *path, int status, const char *note);

#endif
