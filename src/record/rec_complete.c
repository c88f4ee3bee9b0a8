/* rec_complete.c - Tab completion for the recorder's line reader: what the
 * rules allow now (rec_legal.c) first: the events, the acting players, the
 * next field and its legal values (the acting side's pieces, the hexes one
 * may reach); the schema's words where the board offers nothing. Tab on an
 * empty line repeats the last action's kind ("move ship=") while the rules
 * allow it. */
#include "recorder.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct comp {
	const char *word;
	size_t n;
	void (*add)(void *ud, const char *cand);
	void *ud;
	int offered;
} comp;

/* The line before the cursor's word, in parts. */
typedef struct typed {
	char player[64];       /* "" when none */
	char event[64];        /* "" when not yet */
	int words;             /* words before the cursor's */
	char field[64];        /* at a value: its field, else "" */
	char prefix[256];      /* at a value: what is typed of it before the word ("A," of a list) */
	char pairs[512];       /* the "name=value" words typed, each followed by a space */
} typed;

static void offer(comp *c, const char *cand)
{
	if (strncasecmp(cand, c->word, c->n) == 0) {
		c->add(c->ud, cand);
		c->offered++;
	}
}

static void read_typed(const char *line, size_t start, typed *t)
{
	const char *p = line;
	memset(t, 0, sizeof *t);
	while (*p) {
		size_t n;
		p += strspn(p, " \t");
		n = strcspn(p, " \t");
		if (!n)
			break;
		if (t->words == 0 && p[n - 1] == ':' && n < sizeof t->player)
			snprintf(t->player, sizeof t->player, "%.*s", (int)n - 1, p);
		else if (!t->event[0] && n < sizeof t->event)
			snprintf(t->event, sizeof t->event, "%.*s", (int)n, p);
		else if (memchr(p, '=', n) && p + n < line + start && strlen(t->pairs) + n + 2 < sizeof t->pairs) {
			strncat(t->pairs, p, n);
			strcat(t->pairs, " ");
		}
		t->words++;
		p += n;
	}
	if (start > 0 && (line[start - 1] == '=' || line[start - 1] == ',')) {
		const char *w = line + start, *b = w, *eq;
		while (b > line && b[-1] != ' ' && b[-1] != '\t')
			b--;
		eq = memchr(b, '=', (size_t)(w - b));
		if (eq && (size_t)(eq - b) < sizeof t->field && (size_t)(w - eq - 1) < sizeof t->prefix) {
			snprintf(t->field, sizeof t->field, "%.*s", (int)(eq - b), b);
			snprintf(t->prefix, sizeof t->prefix, "%.*s", (int)(w - eq - 1), eq + 1);
		}
	}
}

/* The value of field name in a line's "name=value" words, its length in *n. */
static const char *value_in(const char *line, const char *name, size_t *n)
{
	size_t m = strlen(name);
	for (const char *p = line; (p = strstr(p, name)) != NULL; p += m)
		if ((p == line || p[-1] == ' ') && p[m] == '=') {
			*n = strcspn(p + m + 1, " ");
			return p + m + 1;
		}
	return NULL;
}

/* A legal line that goes with what is typed: its event, its player, and
 * every value typed for another field than the one completed. */
static int line_fits(const char *l, const typed *t)
{
	size_t n;
	const char *e = rec_legal_event(l, &n);
	if (strlen(t->event) != n || strncmp(e, t->event, n) != 0)
		return 0;
	if (t->player[0] && (strncmp(l, t->player, strlen(t->player)) != 0 || l[strlen(t->player)] != ':'))
		return 0;
	for (const char *p = t->pairs; *p; p += strcspn(p, " ") + 1) {
		char name[64];
		size_t fn = strcspn(p, "="), vn = strcspn(p, " ") - fn - 1, ln;
		const char *v;
		if (fn >= sizeof name)
			return 0;
		snprintf(name, sizeof name, "%.*s", (int)fn, p);
		if (strcmp(name, t->field) == 0)
			continue;
		v = value_in(l, name, &ln);
		if (v && (ln != vn || strncmp(v, p + fn + 1, vn) != 0))
			return 0;
	}
	return 1;
}

/* Legal line k, unless it comes after the next marker for an event the
 * rules allow now (the recorder would not imply that marker: rec_entry.c). */
static const char *usable(recorder *rc, int k)
{
	const char *l = rec_legal_line(rc, k);
	size_t m;
	const char *e;
	char name[64];
	if (k < rc->nlegal_now)
		return l;
	e = rec_legal_event(l, &m);
	snprintf(name, sizeof name, "%.*s", (int)(m < sizeof name ? m : sizeof name - 1), e);
	return rec_legal_has_event(rc, name) ? NULL : l;
}

/* The first word of the line: commands, markers, events and players. */
static void offer_start(recorder *rc, comp *c, const typed *t)
{
	static const char *const cmds[] = {"help", "undo", "state", "close", "quit", NULL};
	const sl_schema *sc = rc->log->game->schema;
	int turn = 0, phase = 0, n = rec_legal(rc);
	for (int k = 0; cmds[k]; k++)
		offer(c, cmds[k]);
	if (rc->log->n == 0)
		for (int k = 0; rec_header_words[k]; k++)
			offer(c, rec_header_words[k]);
	rc->log->game->position(rc->st, &turn, &phase);
	for (int k = 0; k < n; k++) {
		const char *l = rec_legal_line(rc, k), *colon = strchr(l, ':');
		size_t m;
		const char *e = rec_legal_event(l, &m);
		char w[80];
		if (colon && memchr(l, ' ', (size_t)(colon - l)))
			colon = NULL;   /* a ':' inside a value, not a player */
		if (t->player[0] && (!colon || strncmp(l, t->player, strlen(t->player)) != 0))
			continue;
		snprintf(w, sizeof w, "%.*s", (int)m, e);
		offer(c, w);
	}
	/* the acting players, when no event starts so (the player may be left out) */
	for (int k = 0; !c->offered && !t->words && k < n; k++) {
		const char *l = usable(rc, k), *colon = l ? strchr(l, ':') : NULL;
		char w[80];
		if (colon && colon - l < 70 && !memchr(l, ' ', (size_t)(colon - l))) {
			snprintf(w, sizeof w, "%.*s", (int)(colon - l + 1), l);
			offer(c, w);
		}
	}
	/* the setup, or a game whose board offers no targets: the schema's words */
	if (turn == 0 || n == 0) {
		for (int k = 0; k < sc->nevents; k++)
			if (!(sc->events[k].flags & (turn == 0 ? SL_EV_PLAY : SL_EV_SETUP)))
				offer(c, sc->events[k].name);
		offer(c, "turn");
		if (turn > 0)
			offer(c, "phase");
		for (int k = 0; !t->words && k < rc->log->h.nplayers; k++) {
			char id[80];
			snprintf(id, sizeof id, "%s:", rc->log->h.players[k].id);
			offer(c, id);
		}
	}
}

/* A field name: the next one the legal lines hold (one Tab, one word),
 * or every field not typed yet when a start of it is typed or none fits. */
static void offer_field(recorder *rc, comp *c, const typed *t, const sl_event_def *def, const char *line)
{
	int n = rec_legal(rc);
	for (int k = 0; k < def->nfields && c->n == 0; k++) {
		char f[80];
		snprintf(f, sizeof f, "%s=", def->fields[k].name);
		if (strstr(line, f))
			continue;
		for (int i = 0; i < n; i++) {
			size_t vn;
			const char *l = usable(rc, i);
			if (l && line_fits(l, t) && value_in(l, def->fields[k].name, &vn)) {
				offer(c, f);
				return;
			}
		}
	}
	/* a field the legal lines hold that is none of the schema's: a hidden
	 * choice named in clear, which the recorder seals ("dial=": rec_seal.c) */
	for (int i = 0; i < n && c->n == 0; i++) {
		const char *l = usable(rc, i), *p;
		if (!l || !line_fits(l, t))
			continue;
		for (p = strchr(l, ' '); p; p = strchr(p + 1, ' ')) {
			size_t fn = strcspn(p + 1, "= ");
			char f[80];
			int known = 0;
			if (p[1 + fn] != '=' || fn + 2 > sizeof f)
				continue;
			snprintf(f, sizeof f, "%.*s=", (int)fn, p + 1);
			for (int k = 0; k < def->nfields; k++)
				known |= strlen(def->fields[k].name) == fn && strncmp(def->fields[k].name, p + 1, fn) == 0;
			if (!known && !strstr(line, f)) {
				offer(c, f);
				return;
			}
		}
	}
	for (int k = 0; k < def->nfields; k++) {
		char f[80];
		snprintf(f, sizeof f, "%s=", def->fields[k].name);
		if (!strstr(line, f))
			offer(c, f);
	}
}

/* The values of t->field in the legal lines that fit what is typed. */
static void offer_legal_values(recorder *rc, comp *c, const typed *t)
{
	int n = rec_legal(rc);
	size_t pn = strlen(t->prefix);
	for (int i = 0; i < n; i++) {
		const char *l = usable(rc, i), *v;
		size_t vn;
		char val[256];
		if (!l || !line_fits(l, t) || !(v = value_in(l, t->field, &vn)) || vn >= sizeof val || vn < pn ||
		    strncmp(v, t->prefix, pn) != 0 || vn == pn)
			continue;
		snprintf(val, sizeof val, "%.*s", (int)(vn - pn), v + pn);
		offer(c, val);
	}
}

/* 1 if name is a planet of the state's galaxy, 0 if the state knows
 * planets and this is none of them, -1 if it knows no planets. */
static int is_planet(const recorder *rc, int np, const char *name)
{
	int any = 0;
	for (int k = 0; k < np; k++)
		if (strcmp(rc->pieces[k].group, "planets") == 0) {
			if (strcmp(rc->pieces[k].id, name) == 0)
				return 1;
			any = 1;
		}
	return any ? 0 : -1;
}

/* A value where the legal lines say nothing of the field: its names, the
 * directions, the acting side's pieces, the hexes the log holds, '?'. */
static void offer_values(recorder *rc, comp *c, const typed *t, const sl_field_def *fd, int first)
{
	const sl_schema *sc = rc->log->game->schema;
	int who = -1;
	for (int k = 0; k < rc->log->h.nplayers; k++)
		if (strcmp(rc->log->h.players[k].id, t->player) == 0)
			who = k;
	if ((fd->kind == SL_K_ENUM && first) || fd->kind == SL_K_LIST) {
		/* names that are planets: those of this galaxy only (ti4's state
		 * lists its systems' planets), the others as they are */
		int np = rec_pieces(rc), galaxy = 0;
		for (int k = 0; fd->names && fd->names[k] && !galaxy; k++)
			galaxy = is_planet(rc, np, fd->names[k]) > 0;
		for (int k = 0; fd->names && fd->names[k]; k++)
			if (!galaxy || is_planet(rc, np, fd->names[k]) > 0)
				offer(c, fd->names[k]);
	}
	else if (fd->kind == SL_K_DIR)
		for (int d = 0; d < 6; d++)
			offer(c, sl_hex_dir_name(sc->grid.orient, d));
	else if (fd->kind == SL_K_PIECE) {
		int np = rec_pieces(rc);
		for (int k = 0; k < np; k++)
			if (who < 0 || rc->pieces[k].owner == who || rc->pieces[k].owner < 0)
				offer(c, rc->pieces[k].id);
	} else if (fd->kind == SL_K_HEX && first)
		for (size_t i = 0; i < rc->log->n; i++) {
			const sl_event *ev = &rc->log->ev[i];
			for (int k = 0; ev->entry == SL_ENTRY_EVENT && k < sc->events[ev->type].nfields; k++)
				if (sc->events[ev->type].fields[k].kind == SL_K_HEX && ev->f[k].present) {
					char hex[32];
					snprintf(hex, sizeof hex, "%d,%d", ev->f[k].u.hex.col, ev->f[k].u.hex.row);
					offer(c, hex);
				}
		}
	else if (fd->kind == SL_K_DICE)
		offer(c, "?");
}

/* "phase " or "turn ": the numbers the legal markers hold. */
static void offer_marker(recorder *rc, comp *c, const char *marker)
{
	int n = rec_legal(rc);
	size_t m = strlen(marker);
	for (int i = 0; i < n; i++) {
		const char *l = rec_legal_line(rc, i);
		char num[16];
		if (strncmp(l, marker, m) == 0 && l[m] == ' ' && strcspn(l + m + 1, " ") < sizeof num) {
			snprintf(num, sizeof num, "%.*s", (int)strcspn(l + m + 1, " "), l + m + 1);
			offer(c, num);
		}
	}
}

/* Tab on an empty line: the last action again, for another piece, when the
 * rules allow it now ("move ship=": one key for a repeated action). 1 offered. */
static int offer_again(recorder *rc, comp *c)
{
	const sl_schema *sc = rc->log->game->schema;
	const sl_event_def *def = NULL;
	int n = rec_legal(rc);
	for (size_t i = rc->log->n; i-- > 0 && !def;)
		if (rc->log->ev[i].entry == SL_ENTRY_EVENT)
			def = &sc->events[rc->log->ev[i].type];
	if (!def || !rec_legal_has_event(rc, def->name))
		return 0;
	for (int k = 0; k < def->nfields; k++)
		for (int i = 0; i < rc->nlegal_now && i < n; i++) {
			const char *l = rec_legal_line(rc, i);
			size_t m, vn;
			const char *e = rec_legal_event(l, &m);
			char cand[160];
			if (m != strlen(def->name) || strncmp(e, def->name, m) != 0 || !value_in(l, def->fields[k].name, &vn))
				continue;
			snprintf(cand, sizeof cand, "%s %s=", def->name, def->fields[k].name);
			offer(c, cand);
			return 1;
		}
	return 0;
}

/* Tab on an empty line when the rules take one kind of event only, now and
 * after any marker they imply (an X-Wing attack waiting for its `modify`,
 * its `defend`): that event, in one key; the commands are still typed.
 * 1 offered. */
static int offer_only(recorder *rc, comp *c)
{
	int n = rec_legal(rc), turn = 0, phase = 0;
	size_t m0 = 0;
	const char *e0 = NULL;
	char w[80];
	rc->log->game->position(rc->st, &turn, &phase);
	if (turn == 0 || n == 0)
		return 0;
	for (int k = 0; k < n; k++) {
		size_t m;
		const char *e = rec_legal_event(rec_legal_line(rc, k), &m);
		if (!e0)
			e0 = e, m0 = m;
		else if (m != m0 || strncmp(e, e0, m) != 0)
			return 0;
	}
	if (!e0)
		return 0;
	snprintf(w, sizeof w, "%.*s", (int)m0, e0);
	offer(c, w);
	return 1;
}

void rec_complete(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud)
{
	recorder *rc = ctx;
	comp c = {word, strlen(word), add, ud, 0};
	const sl_event_def *def;
	typed t;
	int type;
	read_typed(line, start, &t);
	if (!rc->log) {
		if (t.words == 0)
			for (int k = 0; rec_header_words[k]; k++)
				offer(&c, rec_header_words[k]);
		return;
	}
	if (!t.event[0]) {
		if (t.words || c.n || (!offer_again(rc, &c) && !offer_only(rc, &c)))
			offer_start(rc, &c, &t);
		return;
	}
	if (strcmp(t.event, "phase") == 0 || strcmp(t.event, "turn") == 0) {
		if (t.words == 1 + (t.player[0] != 0))
			offer_marker(rc, &c, t.event);
		return;
	}
	if ((type = sl_schema_event(rc->log->game->schema, t.event, strlen(t.event))) < 0)
		return;
	def = &rc->log->game->schema->events[type];
	if (!t.field[0]) {
		offer_field(rc, &c, &t, def, line);
		return;
	}
	offer_legal_values(rc, &c, &t);
	for (int k = 0; k < def->nfields && !c.offered; k++)
		if (strcmp(def->fields[k].name, t.field) == 0)
			offer_values(rc, &c, &t, &def->fields[k], line[start - 1] == '=');
}
