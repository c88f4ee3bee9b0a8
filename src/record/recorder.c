/* recorder.c - the recorder's session: FILE opened (a journal cut by a crash
 * carried on, the dice secret read back, a closed or finished log said so),
 * the game chosen by --game, the prompt, and the end (trailing comments
 * kept, the journal packed). A line typed goes to rec_line (rec_line.c). */
#include "recorder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* Fails at once, exit 4, when FILE's folder cannot be written. */
static int rec_check_writable(const recorder *rc, const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 1;
	if (n >= sizeof dir)
		n = sizeof dir - 1;
	memcpy(dir, slash ? path : ".", n);
	dir[n ? n : 1] = 0;
	if (slash == path)
		strcpy(dir, "/");
	if (access(dir, W_OK | X_OK) != 0) {
		rec_warn(rc, "sillage: record: %s: cannot write in folder '%s': %s\n", path, dir, strerror(errno));
		return SL_EIO;
	}
	if (access(path, F_OK) == 0 && access(path, W_OK) != 0) {
		rec_warn(rc, "sillage: record: %s: cannot write: %s\n", path, strerror(errno));
		return SL_EIO;
	}
	return SL_OK;
}

/* ---- opening ---------------------------------------------------------------- */

/* A damaged .silb: the `sillage repair` line that saves its sound part. */
static void report_silb(const recorder *rc, const sl_error *err, const char *path)
{
	rec_report(rc, err);
	if ((err->code == SL_EFORMAT || err->code == SL_ELIMIT || err->code == SL_ESYNTAX) &&
	    !strstr(err->msg, "kind HEADER"))
		if (strstr(err->msg, "truncated") || strstr(err->msg, "cut short") || strstr(err->msg, "CRC") ||
		    strstr(err->msg, "TRAILER"))
			rec_warn(rc, "sillage: %s: `sillage repair -o FIXED.silb %s` copies its sound part and says "
				"what was dropped\n", path, path);
}

/* A closed or finished log says so when it is opened. */
static void say_where(const recorder *rc, const char *path)
{
	sl_buf res;
	if (rc->quiet)
		return;
	sl_buf_init(&res);
	if (rc->closed)
		rec_say(rc, "%s is closed (its dice seed is revealed): nothing more can be recorded or undone\n", path);
	else if (rec_result(rc, &res) == 1)
		rec_say(rc, "%s: the game is over (%s): only notes may follow; 'close' reveals the dice seed\n", path,
			sl_buf_cstr(&res));
	sl_buf_free(&res);
}

/* The dice of a log read back: its commitment, the secret beside the file
 * (FILE.dice) and the counters used. */
static int open_dice(recorder *rc, const char *path, sl_error *err)
{
	sl_dice_check dc;
	uint64_t next = 0;
	int e;
	if (sl_dice_check_begin(&dc, rc->log, err))
		return err->code;
	for (size_t i = 0; i < rc->log->n; i++)
		if (sl_dice_check_entry(&dc, &rc->log->ev[i], err))
			return err->code;
	if (sl_dice_check_end(&dc, rc->log->tail_comment, err))
		return err->code;
	rc->dh = dc.dh;
	rc->next = dc.next;
	rc->closed = rc->dh.revealed;
	if (rc->dh.committed && !rc->dh.revealed && !rc->dh.nshares) {   /* the players' shares: rec_dice.c */
		sl_dice_header keep = rc->dh;
		e = rec_secret_read(rc, &next);
		if (e > 0 && !sl_commit_check(keep.commit, SL_DICE_DOMAIN, rc->dh.salt, rc->dh.seed, sizeof rc->dh.seed)) {
			rec_warn(rc, "sillage: record: %s does not open the dice commitment of %s: no dice will be "
				"drawn\n", rc->dice_path, path);
			e = 0;
		}
		if (e <= 0) {
			rc->dh = keep;
			if (e == 0 && !access(rc->dice_path, F_OK))
				;   /* said above */
			else if (e == 0)
				rec_warn(rc, "sillage: record: warning: %s holds drawn dice but its secret %s is "
					"missing: no more dice can be drawn\n", path, rc->dice_path);
		} else {
			rc->have_secret = 1;
			if (next > rc->next)
				rc->next = next;
		}
	}
	return SL_OK;
}

static int rec_open(recorder *rc, const char *path)
{
	sl_error err;
	sl_replay *r = NULL;
	struct stat sb;
	int e;
	if (stat(path, &sb) != 0) {
		rc->created = 1;
		return SL_OK;   /* a new log */
	}
	sl_error_clear(&err);
	if (rc->silb) {
		/* a journal cut by a crash: carry on from its sound prefix */
		sl_silb_info info;
		char msg[1024];
		if (sl_silb_load(&rc->log, path, SL_SILB_RECOVER, &info, &err))
			return rec_report(rc, &err), err.code;
		if (info.damaged) {
			sl_error_format(&info.damage, msg, sizeof msg);
			rec_warn(rc, "sillage: %s\nsillage: record: %s: carrying on after its %zu sound entries "
				"(bytes 0x%zx..0x%zx dropped: a change cut short, never reported)\n", msg, path,
				rc->log->n, info.valid_bytes, info.file_bytes);
		}
		if ((e = sl_replay_open(&r, rc->log, SL_REPLAY_CHECK, &err))) {
			sl_log_free(rc->log);
			rc->log = NULL;
			return rec_report(rc, &err), err.code;
		}
		if (sl_replay_warning(r))
			rec_warn(rc, "sillage: %s: warning: %s\n", path, sl_replay_warning(r));
		if (info.form == SL_SILB_JOURNAL &&
		    sl_silb_journal_open(&rc->j, path, rc->log, info.valid_bytes, rc->sync, &err)) {
			sl_replay_free(r);
			return rec_report(rc, &err), err.code;
		}
	} else {
		if (sl_log_load(&rc->log, path, &err))
			return report_silb(rc, &err, path), err.code;
		if (sl_replay_open(&r, rc->log, SL_REPLAY_CHECK, &err)) {
			sl_log_free(rc->log);
			rc->log = NULL;
			return rec_report(rc, &err), err.code;
		}
		if (sl_replay_warning(r))
			rec_warn(rc, "sillage: %s: warning: %s\n", path, sl_replay_warning(r));
	}
	e = sl_game_clone(rc->log->game, sl_replay_state(r), &rc->st, &err);
	rc->events = sl_replay_events(r);
	sl_replay_free(r);
	if (e)
		return rec_report(rc, &err), err.code;
	if ((e = open_dice(rc, path, &err)))
		return rec_report(rc, &err), e;
	if (rc->log->n == 0 && rec_hdr_base(rc, &rc->log->h))
		return SL_ENOMEM;
	/* comments left at the end of a text file belong above the next entry
	 * (a journal keeps its TAIL record where it is) */
	if (rc->log->tail_comment && !rc->silb) {
		sl_buf_puts(&rc->pending, rc->log->tail_comment);
		sl_free(rc->log->tail_comment);
		rc->log->tail_comment = NULL;
	}
	/* from here on, errors point at the lines typed on standard input */
	sl_free(rc->log->name);
	rc->log->name = sl_strdup("<stdin>");
	say_where(rc, path);
	return SL_OK;
}

/* ---- the session ----------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int rec_begin(recorder *rc, const char *path, int sync, int quiet, const rec_sink *sink)
{
	size_t n = strlen(path);
	int e;
	memset(rc, 0, sizeof *rc);
	rc->path = path;
	rc->quiet = quiet;
	rc->silb = ends_with(path, ".silb");
	rc->sync = sync;
	rc->coding = SL_SILB_MODEL;
	if (sink)
		rc->sink = *sink;
	sl_buf_init(&rc->pending);
	sl_buf_init(&rc->last_desc);
	sl_buf_init(&rc->last_dice);
	sl_buf_init(&rc->legal);
	sl_error_clear(&rc->last_err);
	if ((e = rec_check_writable(rc, path)))
		return e;
	rc->dice_path = sl_malloc(n + 6);
	if (!rc->dice_path)
		return SL_ENOMEM;
	memcpy(rc->dice_path, path, n);
	memcpy(rc->dice_path + n, ".dice", 6);
	if ((e = rec_open(rc, path)) == SL_OK) {
		/* a line left waiting for this side's share of the dice is drawn now */
		char *text = rec_dice_resume(rc);
		if (text) {
			rec_line(rc, text, strlen(text), 0);
			rec_dice_resume_done(rc);
			sl_free(text);
		}
	}
	return e;
}

int rec_set_game(recorder *rc, const char *game)
{
	const sl_game *g = sl_game_find(game);
	char l1[16], l2[128];
	sl_header cand;
	sl_error err;
	if (!g)
		return SL_EUSAGE;
	if (rc->log)
		return strcmp(rc->log->game->id, game) != 0;
	sl_error_clear(&err);
	snprintf(l1, sizeof l1, "sil %d", SL_SIL_VERSION);
	snprintf(l2, sizeof l2, "game %s %d", g->id, g->rules_version);
	if (rec_hl_push(rc, l1, strlen(l1)) || rec_hl_push(rc, l2, strlen(l2)) ||
	    rec_hdr_build(rc, NULL, 0, 0, &cand, &err) || rec_install(rc, &cand, &err)) {
		if (!err.code)
			return SL_EIO;
		rec_report(rc, &err);
		return err.code;
	}
	rc->hbase = rc->nhl;
	return SL_OK;
}

void rec_prompt(const recorder *rc, char *prompt, size_t size)
{
	int turn = 0, phase = 0;
	if (rc->log)
		rc->log->game->position(rc->st, &turn, &phase);
	/* where the game is, in words */
	if (!rc->log)
		snprintf(prompt, size, "header> ");
	else if (turn == 0)
		snprintf(prompt, size, "%s setup> ", rc->log->game->id);
	else if (phase > 0 && sl_phase_name(rc->log->game->schema, phase))
		snprintf(prompt, size, "%s turn %d, %s> ", rc->log->game->id, turn,
			sl_phase_name(rc->log->game->schema, phase));
	else
		snprintf(prompt, size, "%s turn %d> ", rc->log->game->id, turn);
}

int rec_end(recorder *rc, int no_pack)
{
	if (rc->log && rc->pending.len && !rc->io_failed) {   /* trailing comments are kept too */
		sl_free(rc->log->tail_comment);
		rc->log->tail_comment = NULL;
		/* an open journal takes them from the pending lines, in the room
		 * rec_pending_add made for them: nothing to allocate, so an out of
		 * memory at the end cannot lose them (the packing below may fail:
		 * the journal holds them) */
		if (rc->silb && rc->j)
			rec_save(rc, REC_TAIL);
		if (!rc->io_failed) {
			rc->log->tail_comment = sl_strdup(sl_buf_cstr(&rc->pending));
			if (!rc->log->tail_comment) {   /* the comments not kept: said, not a NULL written */
				rec_warn(rc, "sillage: record: out of memory\n");
				rc->io_failed = 1;
			} else if (!rc->silb || !rc->j)
				rec_save(rc, REC_TAIL);
		}
	}
	if (rc->silb) {   /* close the journal, then pack it into an archive in place */
		sl_error err;
		sl_error_clear(&err);
		if (sl_silb_journal_close(rc->j, &err)) {
			rec_report(rc, &err);
			rc->io_failed = 1;
		}
		rc->j = NULL;
		if (rc->log && !no_pack && !rc->io_failed && rec_save_whole(rc) != SL_OK)
			rc->io_failed = 1;
	}
	if (!rc->quiet && rc->log)
		rec_say(rc, "%s: %zu entries, %ld events recorded%s%s\n", rc->path, rc->log->n, rc->events,
			rc->refused ? " (some lines were refused)" : "",
			rc->dh.committed && !rc->dh.revealed && rc->have_secret ? "; the dice secret stays in the .dice "
			"file until 'close'" : "");
	if (rc->io_failed)
		rec_warn(rc, "sillage: record: %s: stopped: it could not be written (it holds the entries "
			"accepted before)\n", rc->path);
	return rc->io_failed ? SL_EIO : SL_OK;
}

void rec_free(recorder *rc)
{
	if (rc->j)
		sl_silb_journal_close(rc->j, NULL);
	rc->j = NULL;
	if (rc->st)
		rc->log->game->destroy(rc->st);
	rc->st = NULL;
	sl_log_free(rc->log);
	rc->log = NULL;
	sl_header_free(&rc->h);
	sl_buf_free(&rc->pending);
	sl_buf_free(&rc->last_desc);
	sl_buf_free(&rc->last_dice);
	for (int k = 0; k < rc->nhl; k++)
		sl_free(rc->hl[k]);
	sl_free(rc->hl);
	rc->hl = NULL;
	rc->nhl = 0;
	sl_free(rc->hcomment);
	rc->hcomment = NULL;
	sl_free(rc->dice_path);
	rc->dice_path = NULL;
	sl_buf_free(&rc->legal);
	sl_free(rc->pieces);
	rc->pieces = NULL;
	rc->npieces = rc->pieces_valid = 0;
}
