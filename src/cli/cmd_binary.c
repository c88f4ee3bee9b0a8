/* cmd_binary.c - verbs of the binary log: pack, repair, seek; and the
 * helpers other verbs use to write .silb by extension. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_is_silb(const char *path)
{
	size_t n = path ? strlen(path) : 0;
	return n >= 5 && strcmp(path + n - 5, ".silb") == 0;
}

int cli_coding = SL_SILB_MODEL;
const char *cli_format;

int cli_is_member(const char *path)
{
	char *file, *member;
	if (!sl_sila_member_path(path, &file, &member))
		return 0;
	sl_free(file);
	sl_free(member);
	return 1;
}

int cli_path_silb(const char *path)
{
	FILE *f;
	int c;
	if (strcmp(path, "-") == 0)
		return 0;
	if (cli_is_member(path))
		return 1;
	f = fopen(path, "rb");
	c = f ? getc(f) : EOF;
	if (f)
		fclose(f);
	return c == 0x89;
}

long cli_path_bytes(const char *path)
{
	FILE *f;
	long bytes = -1;
	if (strcmp(path, "-") == 0)
		return -1;
	if (cli_is_member(path)) {
		sl_sila *a;
		size_t i;
		sl_error err;
		sl_error_clear(&err);
		if (sl_sila_open_member(&a, &i, path, &err) == SL_OK) {
			bytes = (long)sl_sila_at(a, i)->bytes;
			sl_sila_close(a);
		}
		return bytes;
	}
	if ((f = fopen(path, "rb"))) {
		fseek(f, 0, SEEK_END);
		bytes = ftell(f);
		fclose(f);
	}
	return bytes;
}

/* 1 if path is a file whose first bytes are those of a .silb archive (not a
 * journal, not text, not standard input), or a game of an archive of many
 * games (FILE:NAME). */
int cli_is_archive(const char *path)
{
	FILE *f;
	if (cli_is_member(path))
		return 1;
	f = strcmp(path, "-") ? fopen(path, "rb") : NULL;
	unsigned char head[16];
	size_t n = f ? fread(head, 1, sizeof head, f) : 0;
	if (f)
		fclose(f);
	/* signature (8 bytes), then u8 version, then u8 form: 1 archive (formats/silb.md) */
	return n >= 10 && sl_silb_sniff(head, n) && head[9] == 1;
}

int cli_report_silb(const sl_error *err, const char *path)
{
	int rc = cli_report(err);
	/* not when the header itself is damaged: repair would keep nothing;
	 * not for a game of an archive of many games, which repair does not read */
	if (!cli_is_member(path) && (err->code == SL_EFORMAT || err->code == SL_ELIMIT || err->code == SL_ESYNTAX) &&
	    !strstr(err->msg, "kind HEADER"))
		if (strstr(err->msg, "truncated") || strstr(err->msg, "cut short") || strstr(err->msg, "CRC") ||
		    strstr(err->msg, "TRAILER"))
			fprintf(stderr, "sillage: %s: `sillage repair -o FIXED.silb %s` copies its sound part and says "
				"what was dropped\n", path, path);
	return rc;
}

int cli_coding_opt(const char *arg)
{
	if (strcmp(arg, "model") == 0)
		cli_coding = SL_SILB_MODEL;
	else if (strcmp(arg, "deflate") == 0)
		cli_coding = SL_SILB_DEFLATE;
	else
		return cli_usage(NULL, "bad --coding '%s' (model or deflate)", arg);
	return 0;
}

/* A game of an archive of many games is not rewritten in place (a file
 * of that name would hide it): 1, said, when path is one. */
static int member_refused(const char *path)
{
	if (!path || !cli_is_member(path))
		return 0;
	fprintf(stderr, "sillage: %s: a game of an archive of many games is not written in place: take it out "
		"(`sillage convert %s -o NAME.sil`), then pack it into a new archive\n", path, path);
	return 1;
}

int cli_save_log(const sl_log *log, const char *path)
{
	sl_buf b;
	sl_error err;
	int rc;
	if (member_refused(path))
		return EXIT_USAGE;
	sl_buf_init(&b);
	sl_error_clear(&err);
	if (path && strcmp(path, "-") == 0)
		path = NULL;   /* -o -: standard output, in the --format given */
	if (path ? cli_is_silb(path) : cli_format && strcmp(cli_format, "silb") == 0)
		rc = sl_silb_write_archive_coded(log, cli_coding, &b, &err);
	else if ((rc = sl_sil_write(log, &b)))
		sl_error_set(&err, rc, "out of memory");
	if (rc) {
		sl_buf_free(&b);
		return cli_report(&err);
	}
	if (!path) {
		rc = fwrite(b.data, 1, b.len, stdout) == b.len && fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
		sl_buf_free(&b);
		return rc;
	}
	rc = sl_write_file_atomic(path, b.data, b.len, &err);
	sl_buf_free(&b);
	return rc ? cli_report(&err) : EXIT_OK;
}

void cli_logout_init(cli_logout *o, const char *path)
{
	memset(o, 0, sizeof *o);
	o->silb = path && strcmp(path, "-") ? cli_is_silb(path) : cli_format && strcmp(cli_format, "silb") == 0;
	o->path = path && strcmp(path, "-") ? path : NULL;
	sl_buf_init(&o->text);
}

/* The text gathered so far out of memory: into the file's stage (renamed
 * over it once all is written), or for standard output into a temporary
 * file copied out at the end, so that a failure still prints nothing. */
static int logout_flush(cli_logout *o, sl_error *err)
{
	if (o->path) {
		if (!o->stage && sl_stage_open(&o->stage, o->path, err))
			return err->code;
		if (sl_stage_write(o->stage, o->text.data, o->text.len))
			return sl_error_set(err, SL_EIO, "%s: cannot write", o->path);
	} else {
		if (!o->spill && !(o->spill = tmpfile()))
			return sl_error_set(err, SL_EIO, "cannot create a temporary file for standard output");
		if (fwrite(o->text.data, 1, o->text.len, o->spill) != o->text.len)
			return sl_error_set(err, SL_EIO, "cannot write a temporary file for standard output");
	}
	sl_buf_reset(&o->text);
	return SL_OK;
}

#define LOGOUT_CHUNK (1u << 20)   /* text bytes held before they go out */

int cli_logout_entry(cli_logout *o, const sl_log *log, const sl_event *ev, sl_error *err)
{
	int rc;
	if (o->silb) {
		if (!o->w) {
			if ((rc = sl_silb_writer_new(&o->w, log, err)))
				return rc;
			sl_silb_writer_coding(o->w, cli_coding);
		}
		return sl_silb_writer_add(o->w, ev, err);
	}
	if (!o->head_done) {   /* sl_sil_write's text: the header, a blank line, the entries, the tail */
		sl_sil_write_header(&log->h, &o->text);
		sl_buf_putc(&o->text, '\n');
		o->head_done = 1;
	}
	sl_sil_write_entry(log, ev, &o->text);
	if (o->text.failed)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	return o->text.len >= LOGOUT_CHUNK ? logout_flush(o, err) : SL_OK;
}

/* The rest of what cli_save_log writes of the log whose entries went to o:
 * the archive's bytes, or the text's header (no entry came) and tail. */
static int logout_bytes(cli_logout *o, const sl_log *head, sl_buf *b, sl_error *err)
{
	sl_buf all, hd;
	int rc = SL_OK;
	if (o->silb) {
		if (!o->w && (rc = sl_silb_writer_new(&o->w, head, err)) == SL_OK)
			sl_silb_writer_coding(o->w, cli_coding);
		if (rc == SL_OK)
			rc = sl_silb_writer_finish(o->w, head->tail_comment, b, err);
		o->w = NULL;
		return rc;
	}
	sl_buf_init(&all);
	sl_buf_init(&hd);
	sl_sil_write_header(&head->h, &hd);
	sl_buf_putc(&hd, '\n');
	if (!o->head_done)
		sl_buf_put(&o->text, hd.data, hd.len);
	{
		/* header, blank line, tail comment: the entries went out one by one (a
		 * journal's head holds them all, read whole: not written twice) */
		sl_log bare = *head;
		bare.n = 0;
		sl_sil_write(&bare, &all);
	}
	if (all.len >= hd.len)
		sl_buf_put(&o->text, all.data + hd.len, all.len - hd.len);
	if (o->text.failed || all.failed || hd.failed)
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	sl_buf_free(&all);
	sl_buf_free(&hd);
	sl_buf_put(b, o->text.data, o->text.len);   /* what is left in memory */
	if (rc == SL_OK && b->failed)
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	return rc;
}

/* Copies the spilled text to standard output. */
static int spill_out(FILE *spill)
{
	char chunk[65536];
	size_t n;
	if (fflush(spill) != 0 || fseek(spill, 0, SEEK_SET) != 0)
		return EXIT_IO;
	while ((n = fread(chunk, 1, sizeof chunk, spill)) > 0)
		if (fwrite(chunk, 1, n, stdout) != n)
			return EXIT_IO;
	return ferror(spill) ? EXIT_IO : EXIT_OK;
}

int cli_logout_save(cli_logout *o, const sl_log *head, const char *path)
{
	sl_buf b;
	sl_error err;
	int rc;
	if (member_refused(path))
		return EXIT_USAGE;
	sl_buf_init(&b);
	sl_error_clear(&err);
	if ((rc = logout_bytes(o, head, &b, &err))) {
		sl_buf_free(&b);
		return cli_report(&err);
	}
	if (!o->path) {   /* -o - or none: standard output, in the --format given */
		rc = o->spill ? spill_out(o->spill) : EXIT_OK;
		if (rc == EXIT_OK)
			rc = fwrite(b.data, 1, b.len, stdout) == b.len && fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
		sl_buf_free(&b);
		return rc;
	}
	if (o->stage) {
		sl_stage_write(o->stage, b.data, b.len);   /* a failed write: commit says why */
		rc = sl_stage_commit(o->stage, &err);
		o->stage = NULL;   /* freed on commit */
	} else
		rc = sl_write_file_atomic(o->path, b.data, b.len, &err);
	sl_buf_free(&b);
	return rc ? cli_report(&err) : EXIT_OK;
}

void cli_logout_free(cli_logout *o)
{
	sl_silb_writer_free(o->w);
	sl_buf_free(&o->text);
	sl_stage_abort(o->stage);
	if (o->spill)
		fclose(o->spill);
	o->w = NULL;
	o->stage = NULL;
	o->spill = NULL;
}

typedef struct bin_args {
	const char *out;
	int turn, json;
	const char *archive;      /* pack --archive */
	int append;
} bin_args;

static int bin_opt(int key, const char *arg, void *ctx)
{
	bin_args *a = ctx;
	long v;
	switch (key) {
	case 'o': a->out = arg; break;
	case 'j': a->json = 1; break;
	case 312: return cli_coding_opt(arg);
	case 320: a->archive = arg; break;
	case 321: a->append = 1; break;
	case 313: {
		static const char *const logs[] = {"sil", "silb", NULL};
		return cli_format_opt(&cli_format, arg, logs, NULL);
	}
	case 't':
		if (cli_parse_long(arg, 0, 1000000L, &v))
			return cli_usage(NULL, "bad --turn '%s' (0..1000000)", arg);
		a->turn = (int)v;
		break;
	}
	return 0;
}

/* pack: FILE (any log) -> an archive, in place for .silb, else FILE.silb */
/* pack of a text log, from a file or standard input: its entries streamed
 * into the archive writer as they are parsed (issue 29), so memory is the
 * input and one segment, not the log; the bytes are those of the log read
 * whole and written (the writer is the same). -1: not a text log. */
typedef struct pack_ctx {
	sl_silb_writer *w;
} pack_ctx;

static int pack_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	pack_ctx *p = ud;
	int rc;
	if (!p->w) {
		if ((rc = sl_silb_writer_new(&p->w, log, err)))
			return rc;
		sl_silb_writer_coding(p->w, cli_coding);
	}
	for (size_t k = 0; k < n; k++)
		if ((rc = sl_silb_writer_add(p->w, &ev[k], err)))
			return rc;
	return SL_OK;
}

static int pack_stream(const char *in, const char *out, char **stdin_silb, size_t *nstdin)
{
	pack_ctx p = {NULL};
	sl_log *log = NULL;
	sl_error err;
	sl_buf b;
	char *data = NULL;
	size_t n;
	int rc;
	sl_error_clear(&err);
	if (strcmp(in, "-") == 0) {
		/* a text log streamed a window at a time (issue 29); an archive held, walked below */
		char head[CLI_STDIN_HEAD];
		size_t nh;
		if ((rc = cli_stdin_head(head, &nh, &err)))
			return cli_report(&err);
		if (sl_silb_sniff(head, nh)) {
			if ((rc = cli_stdin_rest(head, nh, SL_SIL_MAX_FILE, &data, &n, &err)))
				return cli_report(&err);
			*stdin_silb = data;   /* walked below */
			*nstdin = n;
			return -1;
		}
		rc = sl_sil_stream_file(&log, "<stdin>", stdin, head, nh, pack_sink, &p, &err);
	} else {
		FILE *f = fopen(in, "rb");
		int c = f ? getc(f) : EOF;
		if (f)
			fclose(f);
		if (c == EOF || c == 0x89)   /* unreadable, or a .silb: as before */
			return -1;
		rc = sl_sil_stream(&log, in, pack_sink, &p, &err);
	}
	sl_buf_init(&b);
	if (rc == SL_OK && !p.w)
		rc = pack_sink(&p, log, NULL, 0, &err);   /* a log of no entries */
	if (rc == SL_OK) {
		rc = sl_silb_writer_finish(p.w, log->tail_comment, &b, &err);
		p.w = NULL;
	}
	if (rc == SL_OK && strcmp(out, "-") == 0)
		rc = fwrite(b.data, 1, b.len, stdout) == b.len && fflush(stdout) == 0 ? SL_OK : SL_EIO;
	else if (rc == SL_OK)
		rc = sl_write_file_atomic(out, b.data, b.len, &err);
	sl_buf_free(&b);
	sl_silb_writer_free(p.w);
	sl_log_free(log);
	if (rc == SL_EIO && !err.code)
		return EXIT_IO;
	return rc ? cli_report_silb(&err, in) : EXIT_OK;
}

static int pack_each(cli_walk *w, const sl_event *ev, sl_error *err)
{
	return cli_logout_entry(w->ud, w->log, ev, err);
}

/* The name of a game from its file: the base name without .sil or .silb,
 * other bytes than a name allows turned into '_'. */
static char *member_name(const char *path)
{
	const char *b = strrchr(path, '/'), *dot;
	size_t n;
	char *s;
	b = b ? b + 1 : path;
	dot = strrchr(b, '.');
	n = dot && dot != b && (!strcmp(dot, ".sil") || !strcmp(dot, ".silb")) ? (size_t)(dot - b) : strlen(b);
	if (n > SL_SILA_NAME_MAX)
		n = SL_SILA_NAME_MAX;
	if (!(s = sl_strndup(b, n)))
		return NULL;
	for (size_t k = 0; k < n; k++)
		if (!sl_sila_name_ok(s + k, 1) && !(k > 0 && (s[k] == '.' || s[k] == '-')))
			s[k] = '_';
	return s;
}

/* pack --archive OUT FILE...: the games into an archive of many games,
 * the first few that fit a modelled segment priming its dictionary (one
 * per 16 games, 1 to SL_SILA_PRIMERS: each is coded once, in the
 * dictionary, and its member is a reference to it); --append adds them to OUT, which stays as
 * it is. */
static int pack_archive(const bin_args *a, int n, char **files)
{
	enum { NPRIME = SL_SILA_PRIMERS };
	size_t want = n / 16 < 1 ? 1 : n / 16 > NPRIME ? NPRIME : (size_t)n / 16;
	sl_sila_writer *w = NULL;
	const sl_log *primers[NPRIME];
	sl_log *held[NPRIME];
	size_t np = 0, nheld = 0;
	sl_error err;
	sl_buf b;
	int rc = SL_OK, k;
	sl_error_clear(&err);
	sl_buf_init(&b);
	if (a->append) {
		if ((rc = sl_sila_writer_append(&w, a->archive, &err)))
			goto out;
	} else {
		/* the dictionary: the first games that fit one modelled segment */
		for (k = 0; k < n && np < want && nheld < NPRIME; k++) {
			sl_log *log;
			int glyph = 0;
			if ((rc = sl_log_load(&log, files[k], &err)))
				goto out;
			held[nheld++] = log;
			for (size_t e = 0; e < log->n; e++)
				glyph |= log->ev[e].glyph != 0;
			if (!glyph && log->n <= SL_SILB_MSEGMENT_ENTRIES)
				primers[np++] = log;
		}
		if (np == 0)
			primers[np++] = held[0];   /* a header to deflate against, no models */
		if ((rc = sl_sila_writer_new(&w, primers, np, &err)))
			goto out;
	}
	for (k = 0; k < n; k++) {
		sl_log *log = k < (int)nheld ? held[k] : NULL;
		char *name = member_name(files[k]);
		if (!name) {
			rc = sl_error_set(&err, SL_ENOMEM, "out of memory");
			goto out;
		}
		if (!log && (rc = sl_log_load(&log, files[k], &err))) {
			free(name);
			goto out;
		}
		rc = sl_sila_writer_add(w, name, log, &err);
		free(name);
		if (k >= (int)nheld)
			sl_log_free(log);
		if (rc)
			goto out;
	}
	rc = sl_sila_writer_finish(w, &b, &err);
	w = NULL;
	if (rc == SL_OK && !a->append)
		rc = sl_write_file_atomic(a->archive, b.data, b.len, &err);
out:
	sl_sila_writer_free(w);
	for (size_t h = 0; h < nheld; h++)
		sl_log_free(held[h]);
	sl_buf_free(&b);
	if (rc == SL_EUSAGE) {
		fprintf(stderr, "sillage: pack: %s\n", err.msg);
		return EXIT_USAGE;
	}
	return rc ? cli_report(&err) : EXIT_OK;
}

int cmd_pack(int argc, char **argv)
{
	bin_args a;
	char *out = NULL, *piped = NULL;
	size_t npiped = 0;
	int i, rc;
	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("pack"), argc, argv, bin_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (a.append && !a.archive)
		return cli_usage("pack", "--append adds games to an archive: --archive OUT");
	if (a.archive) {
		if (a.out)
			return cli_usage("pack", "--archive names the output; -o is for one game");
		if (argc - i < 1 && !a.append)
			return cli_usage("pack", "expected the games to put in %s", a.archive);
		for (int k = i; k < argc; k++)
			if (strcmp(argv[k], "-") == 0)
				return cli_usage("pack", "an archive's games are files, not standard input");
		return pack_archive(&a, argc - i, argv + i);
	}
	if (argc - i != 1)
		return cli_usage("pack", "expected one FILE");
	if (a.out && strcmp(a.out, "-") == 0)
		cli_format = "silb";   /* the archive to standard output */
	else if (a.out && !cli_is_silb(a.out))
		return cli_usage("pack", "'%s': an archive is written to a .silb file (or - for standard output)", a.out);
	if (!a.out) {
		const char *in = argv[i], *dot = strrchr(in, '.');
		size_t stem = cli_is_silb(in) || !dot || strchr(dot, '/') ? strlen(in) : (size_t)(dot - in);
		if (cli_is_silb(in))
			stem -= 5;
		out = malloc(stem + 6);
		if (!out)
			return EXIT_IO;
		memcpy(out, in, stem);
		memcpy(out + stem, ".silb", 6);
	}
	if ((rc = pack_stream(argv[i], a.out ? a.out : out, &piped, &npiped)) >= 0) {
		free(out);
		return rc;
	}
	{   /* a .silb (or a journal): walked once, each entry to the archive writer */
		cli_walk w;
		cli_logout lo;
		const char *to = a.out ? a.out : out;
		cli_logout_init(&lo, to);
		cli_walk_init(&w);
		w.each = pack_each;
		w.ud = &lo;
		w.input = piped;   /* a .silb on standard input, read already */
		w.ninput = npiped;
		if ((rc = cli_walk_open(&w, argv[i])) == EXIT_OK)
			rc = cli_logout_save(&lo, w.head, to);
		cli_logout_free(&lo);
		cli_walk_free(&w);
	}
	free(out);
	return rc;
}

/* repair FILE -o OUT: the longest valid prefix, and what was dropped. An
 * archive's whole segments go to the output as they are read (cli_logout),
 * so memory is the input, one segment and the output, not the log. */
typedef struct repair_ctx {
	cli_logout out;
	int journal;              /* a journal: read whole, its bytes copied */
	size_t entries;
	long events;
} repair_ctx;

static int repair_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	repair_ctx *c = ud;
	int rc;
	for (size_t k = 0; k < n; k++) {
		c->entries++;
		c->events += ev[k].entry == SL_ENTRY_EVENT;
		if (!c->journal && (rc = cli_logout_entry(&c->out, log, &ev[k], err)))
			return rc;
	}
	return SL_OK;
}

int cmd_repair(int argc, char **argv)
{
	bin_args a;
	sl_silb_info info;
	sl_error err;
	sl_log *log = NULL;
	repair_ctx c;
	char *data = NULL;
	size_t n;
	int i, rc;
	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("repair"), argc, argv, bin_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("repair", "expected one FILE");
	if (!a.out)
		return cli_usage("repair", "where to? (-o OUT; never over the damaged file)");
	if (strcmp(a.out, "-") != 0 && strcmp(a.out, argv[i]) == 0)
		return cli_usage("repair", "write the repaired copy to another file than '%s'", argv[i]);
	sl_error_clear(&err);
	if ((rc = cli_read_input(argv[i], SL_SILB_MAX_FILE, &data, &n, &err)))
		return cli_report(&err);
	if (!sl_silb_sniff(data, n)) {
		sl_free(data);
		return cli_usage("repair", "'%s' is not a .silb file (a text log is repaired with an editor)", argv[i]);
	}
	memset(&c, 0, sizeof c);
	cli_logout_init(&c.out, a.out);
	/* a journal's valid prefix is itself a journal: its bytes are copied */
	c.journal = n > 9 && data[9] == SL_SILB_JOURNAL &&
		(strcmp(a.out, "-") == 0 ? cli_format && !strcmp(cli_format, "silb") : cli_is_silb(a.out));
	rc = sl_silb_stream_flags(&log, argv[i], data, n, SL_SILB_RECOVER, repair_sink, &c, &info, &err);
	if (rc) {
		cli_logout_free(&c.out);
		sl_free(data);
		return cli_report(&err);
	}
	if (c.journal && strcmp(a.out, "-") == 0) {
		rc = fwrite(data, 1, info.valid_bytes, stdout) == info.valid_bytes ? EXIT_OK : EXIT_IO;
	} else if (c.journal) {
		rc = sl_write_file_atomic(a.out, data, info.valid_bytes, &err) ? cli_report(&err) : EXIT_OK;
	} else {
		rc = cli_logout_save(&c.out, log, a.out);
	}
	if (rc == EXIT_OK) {
		if (info.damaged) {
			char msg[1024];
			sl_error_format(&info.damage, msg, sizeof msg);
			fprintf(stderr, "sillage: %s\n", msg);
			fprintf(stderr, "sillage: repair: dropped bytes 0x%zx..0x%zx (%zu bytes); kept %zu entries "
				"(%ld events) in %s\n", info.valid_bytes, n, n - info.valid_bytes, c.entries, c.events, a.out);
		} else {
			fprintf(stderr, "sillage: repair: %s is sound; copied its %zu entries (%ld events) to %s\n",
				argv[i], c.entries, c.events, a.out);
		}
	}
	cli_logout_free(&c.out);
	sl_log_free(log);
	sl_free(data);
	return rc;
}

/* seek --turn T FILE.silb: the state at a turn from one segment */
int cmd_seek(int argc, char **argv)
{
	bin_args a;
	sl_silb *f;
	sl_error err;
	void *st;
	size_t inflated;
	sl_buf b;
	uint64_t h = 0;
	int i, rc;
	memset(&a, 0, sizeof a);
	a.turn = -1;
	i = cli_parse(cli_find("seek"), argc, argv, bin_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("seek", "expected one FILE");
	if (a.turn < 0)
		return cli_usage("seek", "which turn? (--turn T)");
	sl_error_clear(&err);
	if (!cli_is_archive(argv[i])) {
		/* a text log, a journal or standard input: no index to seek with,
		 * so the whole log is replayed to the turn (as `state --turn`) */
		sl_log *log;
		sl_replay *r;
		long pos;
		if ((rc = cli_open(argv[i], 0, &log, &r)))
			return rc;
		pos = a.turn == 0 ? 0 : sl_replay_pos_of_turn(r, a.turn, 0);
		if (pos < 0) {
			fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n", argv[i], a.turn,
				sl_replay_turns(r));
			rc = EXIT_USAGE;
		} else if ((rc = sl_replay_seek(r, (size_t)pos, &err))) {
			rc = cli_report(&err);
		} else {
			sl_game_hash(log->game, sl_replay_state(r), &h);
			sl_buf_init(&b);
			if (a.json) {
				sl_buf_printf(&b, "{\"turn\":%d,\"decoded_bytes\":0,\"hash\":\"%016llx\",\"state\":", a.turn,
					(unsigned long long)h);
				log->game->summary_json(sl_replay_state(r), &log->h, &b);
				sl_buf_puts(&b, "}\n");
			} else {
				sl_buf_printf(&b, "turn %d of %d: %s is not a .silb archive, so the whole log was replayed "
					"(an archive reads one segment: `sillage pack`); state hash %016llx\n", a.turn,
					sl_replay_turns(r), argv[i], (unsigned long long)h);
				log->game->summary(sl_replay_state(r), &log->h, &b);
			}
			fwrite(b.data, 1, b.len, stdout);
			sl_buf_free(&b);
		}
		sl_replay_free(r);
		sl_log_free(log);
		return rc;
	}
	if ((rc = sl_silb_open(&f, argv[i], &err)))
		return cli_report_silb(&err, argv[i]);
	if ((rc = sl_silb_seek_turn(f, a.turn, &st, &inflated, &err))) {
		sl_silb_close(f);
		return cli_report_silb(&err, argv[i]);
	}
	sl_game_hash(sl_silb_log(f)->game, st, &h);
	sl_buf_init(&b);
	if (a.json) {
		sl_buf_printf(&b, "{\"turn\":%d,\"decoded_bytes\":%zu,\"hash\":\"%016llx\",\"state\":", a.turn,
			inflated, (unsigned long long)h);
		sl_silb_log(f)->game->summary_json(st, &sl_silb_log(f)->h, &b);
		sl_buf_puts(&b, "}\n");
	} else {
		sl_buf_printf(&b, "turn %d of %d: one segment of %zu read (%zu bytes decoded); state hash %016llx\n",
			a.turn, sl_silb_turns(f), sl_silb_segments(f), inflated, (unsigned long long)h);
		sl_silb_log(f)->game->summary(st, &sl_silb_log(f)->h, &b);
	}
	fwrite(b.data, 1, b.len, stdout);
	sl_buf_free(&b);
	sl_silb_log(f)->game->destroy(st);
	sl_silb_close(f);
	return EXIT_OK;
}

/* ls ARCHIVE: the games of an archive of many games, from its directory. */
int cli_ls(const char *path, int json)
{
	sl_sila *a;
	sl_error err;
	sl_buf b, t;
	size_t total = 0;
	sl_error_clear(&err);
	if (sl_sila_open(&a, path, &err))
		return cli_report(&err);
	sl_buf_init(&b);
	sl_buf_init(&t);
	for (size_t i = 0; i < sl_sila_count(a); i++)
		total += sl_sila_at(a, i)->bytes;
	if (json) {
		sl_buf_puts(&b, "{\"file\":");
		sl_buf_json_str(&b, path);
		sl_buf_puts(&b, ",\"game\":");
		sl_buf_json_str(&b, sl_sila_game(a));
		sl_buf_printf(&b, ",\"bytes\":%zu,\"dictionary_bytes\":%zu,\"dictionary_games\":%zu,\"games\":[",
			sl_sila_file_bytes(a), sl_sila_dict_bytes(a), sl_sila_primers(a));
		for (size_t i = 0; i < sl_sila_count(a); i++) {
			const sl_sila_member *m = sl_sila_at(a, i);
			sl_buf_puts(&b, i ? ",{\"name\":" : "{\"name\":");
			sl_buf_json_str(&b, m->name);
			sl_buf_printf(&b, ",\"offset\":%zu,\"bytes\":%zu,\"events\":%ld,\"turns\":%d}", m->offset,
				m->bytes, m->events, m->turns);
		}
		sl_buf_puts(&b, "]}\n");
	} else {
		sl_buf_printf(&b, "%s: an archive of %zu %s game%s, %zu bytes: a dictionary of %zu bytes (primed on "
			"%zu game%s), the games %zu bytes (%.1f a game)\n", sl_text_safe_cstr(path, &t), sl_sila_count(a),
			sl_sila_game(a), sl_sila_count(a) == 1 ? "" : "s", sl_sila_file_bytes(a), sl_sila_dict_bytes(a),
			sl_sila_primers(a), sl_sila_primers(a) == 1 ? "" : "s", total,
			sl_sila_count(a) ? (double)total / (double)sl_sila_count(a) : 0.0);
		for (size_t i = 0; i < sl_sila_count(a); i++) {
			const sl_sila_member *m = sl_sila_at(a, i);
			sl_buf_printf(&b, "%-24s %8zu bytes %7ld events %5d turn%s\n", m->name, m->bytes, m->events,
				m->turns, m->turns == 1 ? "" : "s");
		}
	}
	sl_sila_close(a);
	sl_buf_free(&t);
	return cli_flush(&b);
}

int cmd_ls(int argc, char **argv)
{
	bin_args a;
	int i, rc = EXIT_OK;
	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("ls"), argc, argv, bin_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i < 1)
		return cli_usage("ls", "expected an ARCHIVE (or several)");
	for (; i < argc && rc == EXIT_OK; i++)
		rc = cli_ls(argv[i], a.json);
	return rc;
}
