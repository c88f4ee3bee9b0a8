/* starship.c - the gamebook's ship-to-ship combat (seed 002, §341 of La
 * Galaxie Tragique) and the voyage around it: schema, rules, module table.
 * Clause numbers "§341.N" are the seed's steps; "S1".."S13" are our own
 * decisions, written out in formats/starship.md. */
#include "starship_int.h"

#include <string.h>

/* ---- schema ----------------------------------------------------------------- */

static const char *const side_names[] = {"player", "enemy", NULL};

static const sl_field_def f_ship[] = {
	{"name", SL_K_TEXT, 1, 0, 0, STARSHIP_MAX_NAME - 1, NULL,
		"your ship's name (default \"Traveller\")"},
	{"weapons_roll", SL_K_DICE, 0, 1, 6, 1, NULL, "one die: weapons strength = die + 6"},
	{"shields_roll", SL_K_DICE, 0, 1, 6, 1, NULL, "one die: shields = die + 12"},
};
static const sl_field_def f_encounter[] = {
	{"enemy", SL_K_TEXT, 0, 0, 0, STARSHIP_MAX_NAME - 1, NULL, "the enemy ship, as the book names it"},
	{"weapons", SL_K_INT, 0, 0, STARSHIP_MAX_WEAPONS, 0, NULL, "its weapons strength"},
	{"shields", SL_K_INT, 0, 0, STARSHIP_MAX_SHIELDS, 0, NULL, "its shields"},
	{"paragraph", SL_K_INT, 0, 1, STARSHIP_MAX_PARAGRAPH, 0, NULL, "the paragraph of the fight"},
	{"first", SL_K_ENUM, 1, 0, 0, 0, side_names, "who fires first (default player, §341.1)"},
	{"escape", SL_K_INT, 1, 0, 99, 0, NULL,
		"the text lets you flee after this many rounds (absent: no escape)"},
};
static const sl_field_def f_attack[] = {
	{"by", SL_K_ENUM, 0, 0, 0, 0, side_names, "the side that fires: player or enemy"},
	{"roll", SL_K_DICE, 0, 1, 6, 2, NULL, "two dice: below the attacker's weapons strength hits"},
};
static const sl_field_def f_damage[] = {
	{"roll", SL_K_DICE, 0, 1, 6, 2, NULL,
		"two dice against the target's shields: at or under 2, above 4, double six 6"},
};
static const sl_field_def f_escape[] = {
	{"paragraph", SL_K_INT, 0, 1, STARSHIP_MAX_PARAGRAPH, 0, NULL, "the paragraph you flee to"},
};
static const sl_field_def f_repair[] = {
	{"paragraph", SL_K_INT, 0, 1, STARSHIP_MAX_PARAGRAPH, 0, NULL,
		"the paragraph of the space station that repairs you"},
};

#define NF(a) ((int)(sizeof(a) / sizeof((a)[0])))
static const sl_event_def starship_events[STARSHIP_NEV] = {
	{"ship", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_ship), f_ship,
		"your starship: weapons 1d6+6, shields 1d6+12 (once, before turn 1)"},
	{"encounter", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_encounter), f_encounter,
		"an enemy ship: a fight begins"},
	{"attack", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_attack), f_attack,
		"one side fires: the 2d6 attack roll (§341.2-4)"},
	{"damage", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_damage), f_damage,
		"the 2d6 damage roll of the hit just made (§341.5-6)"},
	{"escape", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_escape), f_escape,
		"you flee the fight, when the text allows it (S7)"},
	{"repair", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_repair), f_repair,
		"a space station restores your shields to their starting value"},
};

static const char *const starship_phases[] = {"voyage"};

const sl_schema starship_schema = {
	STARSHIP_NEV, starship_events, 1, starship_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};

/* ---- small helpers ------------------------------------------------------------ */

int starship_hit_ways(int weapons)
{
	int ways = 0;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			ways += a + b < weapons;
	return ways;
}

int starship_damage(int d1, int d2, int shields)
{
	if (d1 == 6 && d2 == 6)
		return 6;                         /* §341.5: no comparison */
	return d1 + d2 <= shields ? 2 : 4;
}

const starship_ship *starship_side(const starship_state *s, int side)
{
	return side == STARSHIP_YOU ? &s->you : &s->enemy;
}

const starship_exchange *starship_last(const starship_state *s)
{
	return s->nhist > 0 ? &s->hist[s->nhist - 1] : NULL;
}

const char *starship_side_word(int side)
{
	return side == STARSHIP_YOU ? "player" : "enemy";
}

const char *starship_name(const starship_state *s, int side)
{
	const char *n = starship_side(s, side)->name;
	return *n ? n : side == STARSHIP_YOU ? "your ship" : "the enemy";
}

static int illegal(sl_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

/* A DICE value of exactly `want` dice of 1..6 into d[]; a refusal names
 * `rule`, the clause that says how many dice are rolled. */
static int get_dice(const sl_value *v, int want, int *d, const char *rule, const char *what,
	sl_error *err)
{
	const uint8_t *p = v->p;
	if (!v->present || !p || v->n != want)
		return illegal(err, "starship %s: %s is %d %s", rule, what, want,
			want == 1 ? "die" : "dice");
	for (int i = 0; i < want; i++) {
		if (p[i] < 1 || p[i] > 6)
			return illegal(err, "starship %s: a die shows 1 to 6, not %d", rule, p[i]);
		d[i] = p[i];
	}
	return 0;
}

static int get_text(const sl_value *v, char *dst, size_t cap, const char *rule, const char *what,
	sl_error *err)
{
	size_t n;
	const char *p = sl_value_str(v, &n);
	if (n == 0 || n >= cap || memchr(p, 0, n))
		return illegal(err, "starship %s: %s is 1 to %d bytes", rule, what, (int)cap - 1);
	memcpy(dst, p, n);
	dst[n] = 0;
	return 0;
}

static void push_exchange(starship_state *s, const starship_exchange *x)
{
	if (s->nhist == STARSHIP_HISTORY) {
		memmove(&s->hist[0], &s->hist[1], sizeof s->hist[0] * (STARSHIP_HISTORY - 1));
		s->nhist--;
	}
	s->hist[s->nhist++] = *x;
}

static int in_fight(const starship_state *s)
{
	return s->outcome == STARSHIP_ON;
}

/* ---- setup ------------------------------------------------------------------------ */

static int ev_ship(starship_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int w = 0, sh = 0, rc;
	char name[STARSHIP_MAX_NAME] = "Traveller";
	if (s->has_ship)
		return illegal(err, "starship S2: the ship is set once, before turn 1");
	if ((rc = get_dice(&ev->f[1], 1, &w, "S2", "weapons_roll", err)) ||
	    (rc = get_dice(&ev->f[2], 1, &sh, "S2", "shields_roll", err)))
		return rc;
	if (ev->f[0].present && (rc = get_text(&ev->f[0], name, sizeof name, "S2", "name", err)))
		return rc;
	memcpy(s->you.name, name, sizeof name);
	s->you.weapons = w + 6;
	s->you.shields = s->you.shields_start = sh + 12;
	s->weapons_roll = w;
	s->shields_roll = sh;
	s->has_ship = 1;
	if (desc)
		sl_buf_printf(desc, "Your ship, the %s: weapons strength %d (%d + 6), shields %d (%d + 12)",
			s->you.name, s->you.weapons, w, s->you.shields, sh);
	return 0;
}

/* ---- the fight ---------------------------------------------------------------------- */

static int ev_encounter(starship_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	starship_ship e;
	int rc, par = ev->f[3].u.i;
	int first = ev->f[4].present ? ev->f[4].u.i : STARSHIP_YOU;
	int esc = ev->f[5].present ? ev->f[5].u.i : -1;
	if (in_fight(s))
		return illegal(err, "starship S9: the fight with %s is not over; one enemy at a time",
			starship_name(s, STARSHIP_ENEMY));
	memset(&e, 0, sizeof e);
	if ((rc = get_text(&ev->f[0], e.name, sizeof e.name, "S3", "enemy", err)))
		return rc;
	e.weapons = ev->f[1].u.i;
	e.shields = e.shields_start = ev->f[2].u.i;
	if (e.weapons < 0 || e.weapons > STARSHIP_MAX_WEAPONS)
		return illegal(err, "starship S3: weapons strength is 0 to %d", STARSHIP_MAX_WEAPONS);
	if (e.shields < 0 || e.shields > STARSHIP_MAX_SHIELDS)
		return illegal(err, "starship S3: shields are 0 to %d", STARSHIP_MAX_SHIELDS);
	if (par < 1 || par > STARSHIP_MAX_PARAGRAPH)
		return illegal(err, "starship S13: paragraphs are 1 to %d", STARSHIP_MAX_PARAGRAPH);
	if (first != STARSHIP_YOU && first != STARSHIP_ENEMY)
		return illegal(err, "starship §341.1: first is player or enemy");
	if (esc < -1 || esc > 99)
		return illegal(err, "starship S7: escape is 0 to 99 rounds");
	s->enemy = e;
	s->outcome = STARSHIP_ON;
	s->paragraph = s->last_paragraph = par;
	s->first = s->to_move = first;
	s->escape_after = esc;
	s->pending = 0;
	s->round = 0;
	s->attacks = 0;
	s->nhist = 0;
	memset(s->hist, 0, sizeof s->hist);
	s->fights++;
	if (desc) {
		sl_buf_printf(desc, "\xc2\xa7%d: %s, weapons %d, shields %d; %s", par, e.name,
			e.weapons, e.shields, first == STARSHIP_YOU ? "you fire first"
			                                            : "it fires first");
		if (esc == 0)
			sl_buf_puts(desc, " (you may flee at any time)");
		else if (esc > 0)
			sl_buf_printf(desc, " (you may flee after %d round%s)", esc, esc == 1 ? "" : "s");
	}
	return 0;
}

/* Why no fight is on: none met yet (§341.1: the two ships fire at each
 * other, and an encounter brings the enemy), the last one fought to its end
 * (§341.8: it ends when a ship explodes), or fled (S7). */
static int no_fight(const starship_state *s, sl_error *err)
{
	if (s->fights == 0 || s->outcome == STARSHIP_NONE)
		return illegal(err, "starship \xc2\xa7" "341.1: no fight is on: the ships fire "
			"at each other once an `encounter` brings an enemy");
	if (s->outcome == STARSHIP_FLED)
		return illegal(err, "starship S7: you fled from %s; no fight is on "
			"(an `encounter` starts the next one)", starship_name(s, STARSHIP_ENEMY));
	return illegal(err, "starship \xc2\xa7" "341.8: the fight with %s is over: %s exploded; "
		"no fight is on (an `encounter` starts the next one)",
		starship_name(s, STARSHIP_ENEMY),
		s->outcome == STARSHIP_WON ? "it" : "your ship");
}

static int ev_attack(starship_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int by = ev->f[0].u.i, d[2] = {0, 0}, rc, sum, target;
	starship_ship *att, *tg;
	starship_exchange x;
	if (!in_fight(s))
		return no_fight(s, err);
	if (by != STARSHIP_YOU && by != STARSHIP_ENEMY)
		return illegal(err, "starship §341.1: by is player or enemy");
	if (s->pending)
		return illegal(err, "starship §341.5: the hit just made needs its damage roll first "
			"(damage roll=D,D)");
	if (by != s->to_move)
		return illegal(err, "starship §341.7: the ships fire in turn; it is %s turn, not %s",
			s->to_move == STARSHIP_YOU ? "your" : "the enemy's",
			by == STARSHIP_YOU ? "yours" : "the enemy's");
	if ((rc = get_dice(&ev->f[1], 2, d, "S4", "an attack roll", err)))
		return rc;
	target = 1 - by;
	att = by == STARSHIP_YOU ? &s->you : &s->enemy;
	tg = target == STARSHIP_YOU ? &s->you : &s->enemy;
	sum = d[0] + d[1];
	memset(&x, 0, sizeof x);
	if (by == s->first)
		s->round++;                        /* S12: a round opens with the first shot */
	s->attacks++;
	x.by = by;
	x.round = s->round;
	x.a1 = d[0];
	x.a2 = d[1];
	x.weapons = att->weapons;
	x.hit = sum < att->weapons;            /* §341.3-4: at or above misses */
	x.shields_before = x.shields_after = tg->shields;
	if (desc)
		sl_buf_printf(desc, "Round %d: %s %s, %d (%d+%d) against weapons %d: ", s->round,
			by == STARSHIP_YOU ? "you" : att->name, by == STARSHIP_YOU ? "fire" : "fires",
			sum, d[0], d[1], att->weapons);
	if (!x.hit) {
		s->to_move = target;
		if (desc)
			sl_buf_printf(desc, "a miss (at or above %d)", att->weapons);
	} else if (tg->shields == 0) {
		/* §341.8: shields at zero, any further hit destroys */
		x.destroyed = 1;
		s->outcome = by == STARSHIP_YOU ? STARSHIP_WON : STARSHIP_LOST;
		if (by == STARSHIP_YOU)
			s->won++;
		if (desc)
			sl_buf_printf(desc, "a hit on shields at zero: %s explodes%s",
				target == STARSHIP_YOU ? "your ship" : tg->name,
				by == STARSHIP_YOU ? ", you win the fight" : "; the voyage ends here");
	} else {
		s->pending = 1;
		if (desc)
			sl_buf_puts(desc, "a hit; roll for damage");
	}
	push_exchange(s, &x);
	return 0;
}

static int ev_damage(starship_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int d[2] = {0, 0}, rc, pts, target;
	starship_ship *tg;
	starship_exchange *x;
	if (!in_fight(s) || !s->pending || s->nhist == 0)
		return illegal(err, "starship §341.5: a damage roll follows a hit, and no hit awaits one");
	if ((rc = get_dice(&ev->f[0], 2, d, "S4", "a damage roll", err)))
		return rc;
	x = &s->hist[s->nhist - 1];
	target = 1 - x->by;
	tg = target == STARSHIP_YOU ? &s->you : &s->enemy;
	pts = starship_damage(d[0], d[1], tg->shields);
	x->d1 = d[0];
	x->d2 = d[1];
	x->damage = pts;
	x->shields_before = tg->shields;
	tg->shields = tg->shields > pts ? tg->shields - pts : 0;   /* §341.6, S6 */
	x->shields_after = tg->shields;
	s->pending = 0;
	s->to_move = target;                                        /* §341.7 */
	if (desc) {
		if (d[0] == 6 && d[1] == 6)
			sl_buf_printf(desc, "Damage: a double six, 6 points");
		else
			sl_buf_printf(desc, "Damage: %d (%d+%d) %s shields %d, %d points", d[0] + d[1],
				d[0], d[1], d[0] + d[1] <= x->shields_before ? "at or under" : "above",
				x->shields_before, pts);
		sl_buf_printf(desc, "; %s shields %d \xe2\x86\x92 %d",
			target == STARSHIP_YOU ? "your" : "its", x->shields_before, tg->shields);
		if (tg->shields == 0)
			sl_buf_puts(desc, ": the next hit destroys");
	}
	return 0;
}

static int ev_escape(starship_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int par = ev->f[0].u.i, done;
	if (!in_fight(s))
		return illegal(err, "starship S7: there is no fight to flee");
	if (s->escape_after < 0)
		return illegal(err, "starship S7: the text of \xc2\xa7%d offers no escape "
			"(encounter escape=N allows one)", s->paragraph);
	if (s->pending)
		return illegal(err, "starship §341.5: the hit just made needs its damage roll first");
	if (s->to_move != STARSHIP_YOU)
		return illegal(err, "starship S7: you flee instead of firing, on your turn; "
			"it is the enemy's turn");
	done = s->attacks / 2;
	if (done < s->escape_after)
		return illegal(err, "starship S7: you may flee after %d round%s; %d %s been fought",
			s->escape_after, s->escape_after == 1 ? "" : "s", done,
			done == 1 ? "has" : "have");
	if (par < 1 || par > STARSHIP_MAX_PARAGRAPH)
		return illegal(err, "starship S13: paragraphs are 1 to %d", STARSHIP_MAX_PARAGRAPH);
	s->outcome = STARSHIP_FLED;
	s->fled++;
	s->last_paragraph = par;
	if (desc)
		sl_buf_printf(desc, "\xc2\xa7%d: you flee from %s after %d round%s, shields %d",
			par, s->enemy.name, done, done == 1 ? "" : "s", s->you.shields);
	return 0;
}

static int ev_repair(starship_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int par = ev->f[0].u.i, before = s->you.shields;
	if (in_fight(s))
		return illegal(err, "starship S8: no repair in the middle of a fight");
	if (par < 1 || par > STARSHIP_MAX_PARAGRAPH)
		return illegal(err, "starship S13: paragraphs are 1 to %d", STARSHIP_MAX_PARAGRAPH);
	s->you.shields = s->you.shields_start;
	s->repairs++;
	s->last_paragraph = par;
	if (desc) {
		if (before == s->you.shields)
			sl_buf_printf(desc, "\xc2\xa7%d: a space station; your shields are whole (%d)",
				par, before);
		else
			sl_buf_printf(desc, "\xc2\xa7%d: a space station repairs your shields, %d \xe2\x86\x92 %d",
				par, before, s->you.shields);
	}
	return 0;
}

/* ---- apply and mark ------------------------------------------------------------------ */

int starship_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	starship_state *s = st;
	const sl_event_def *d;
	if (ev->entry != SL_ENTRY_EVENT)
		return illegal(err, "starship S13: a turn or phase marker is not an event");
	if (ev->type >= STARSHIP_NEV)
		return illegal(err, "starship S13: unknown event type %u", ev->type);
	d = &starship_events[ev->type];
	for (int i = 0; i < d->nfields; i++)
		if (!d->fields[i].optional && !ev->f[i].present)
			return illegal(err, "starship S13: %s needs %s=", d->name, d->fields[i].name);
	if (ev->player >= 0)
		return illegal(err, "starship S11: events name no player; `by=` says who fires");
	if (d->flags & SL_EV_SETUP) {
		if (s->turn > 0)
			return illegal(err, "starship S2: the ship is set up before turn 1");
	} else if (s->turn == 0) {
		return illegal(err, "starship S1: %s comes after `turn 1`", d->name);
	}
	if (s->outcome == STARSHIP_LOST)
		return illegal(err, "starship S10: your ship has exploded; the voyage is over");
	switch (ev->type) {
	case STARSHIP_EV_SHIP: return ev_ship(s, ev, desc, err);
	case STARSHIP_EV_ENCOUNTER: return ev_encounter(s, ev, desc, err);
	case STARSHIP_EV_ATTACK: return ev_attack(s, ev, desc, err);
	case STARSHIP_EV_DAMAGE: return ev_damage(s, ev, desc, err);
	case STARSHIP_EV_ESCAPE: return ev_escape(s, ev, desc, err);
	default: return ev_repair(s, ev, desc, err);
	}
}

int starship_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	starship_state *s = st;
	(void)h;
	if (phase != 1)
		return illegal(err, "starship S1: a stage of the voyage has one phase (1, voyage)");
	if (turn == s->turn && s->phase == 1)
		return 0;   /* an explicit "phase 1" right after the turn marker */
	if (!s->has_ship)
		return illegal(err, "starship S2: `ship` comes before turn 1");
	if (s->outcome == STARSHIP_LOST)
		return illegal(err, "starship S10: your ship has exploded; the voyage is over");
	if (in_fight(s))
		return illegal(err, "starship S1: the fight with %s is not over; a stage ends after it",
			starship_name(s, STARSHIP_ENEMY));
	if (turn != s->turn + 1)
		return illegal(err, "starship S1: turn %d cannot follow turn %d", turn, s->turn);
	s->turn = turn;
	s->phase = 1;
	return 0;
}

/* ---- the module table ---------------------------------------------------------------- */

static int starship_init(void **out, const sl_header *h, sl_error *err)
{
	starship_state *s = sl_calloc(1, sizeof *s);
	(void)h;
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "starship: out of memory");
	s->escape_after = -1;
	*out = s;
	return 0;
}

/* Validates on a copy, so a refused event leaves st untouched. */
static int starship_apply(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	return sl_flat_apply(st, sizeof(starship_state), starship_apply_in, h, ev, desc, err);
}

static int starship_mark(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	return sl_flat_mark(st, sizeof(starship_state), starship_mark_in, h, turn, phase, err);
}

static void starship_position(const void *st, int *turn, int *phase)
{
	const starship_state *s = st;
	*turn = s->turn;
	*phase = s->phase;
}

const sl_game sl_game_starship = {
	SL_GAME_API,
	"starship",
	"Starship combat of the gamebook (La Galaxie Tragique, 341)",
	STARSHIP_RULES_VERSION,
	&starship_schema,
	NULL,                 /* compat: only this rules version replays */
	starship_init,
	sl_free,              /* destroy: the state is one flat block */
	starship_apply,
	starship_mark,
	starship_serialize,
	starship_restore,
	starship_summary,
	starship_summary_json,
	starship_help,
	starship_generate,
	starship_position,
	NULL,                 /* model: the generic coding */
	starship_result,     /* when the game is over, who won */
	NULL,                 /* chances: the dice say it all */
	NULL,                 /* veil: nothing hidden but what commitments seal */
};
