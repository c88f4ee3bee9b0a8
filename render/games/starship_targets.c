/* starship_targets.c - the click targets of the gamebook's ship combat:
 * the next attack roll on the ship that fires (with its chance to hit and
 * your chances of winning the fight, exact, from src/analyze/odds.c), the
 * damage roll on the ship that was hit, and the next stage between fights.
 * Dice are left out of every line: the recorder's fair roller draws them.
 * What needs words from the book (an encounter's enemy, a paragraph to flee
 * or be repaired at) stays with the page's text line. */
#include "starship_targets.h"
#include "../sl_targets.h"
#include "src/analyze/sl_odds.h"
#include "src/games/starship/starship.h"

#include <stdio.h>
#include <string.h>

static const char *name_of(const starship_state *s, int side)
{
	const char *n = starship_side(s, side)->name;
	return *n ? n : side == STARSHIP_YOU ? "your ship" : "the enemy";
}

static int push(sl_targets *out, sl_target *t, sl_error *err)
{
	if (sl_targets_push(out, t))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	return SL_OK;
}

static const char *pct(double p, char *buf, size_t n)
{
	double v = 100.0 * p;
	if (v > 0 && v < 0.5)
		snprintf(buf, n, "under 1%%");
	else if (v < 100 && v > 99.5)
		snprintf(buf, n, "over 99%%");
	else
		snprintf(buf, n, "%.0f%%", v);
	return buf;
}

/* Your chances of winning the fight from f, in words. Fails only when
 * memory does (the odds cover every strength and shield the rules allow). */
static int win_words(const sl_fight *f, const char *prefix, char *out, size_t n, sl_error *err)
{
	sl_fight_odds o;
	char a[16], b[16];
	int rc;
	*out = '\0';
	if ((rc = sl_odds_fight(f, &o)))
		return sl_error_set(err, rc, "targets: the odds of the fight: %s",
			rc == SL_ENOMEM ? "out of memory" : "out of range");
	if (o.endless > 0)
		snprintf(out, n, "%sneither ship can hit: the fight cannot end", prefix);
	else
		snprintf(out, n, "%syou win %s, lose %s", prefix, pct(o.win, a, sizeof a),
			pct(o.lose, b, sizeof b));
	return SL_OK;
}

static void fight_of(const starship_state *s, sl_fight *f)
{
	f->weapons[0] = s->you.weapons;
	f->weapons[1] = s->enemy.weapons;
	f->shields[0] = s->you.shields;
	f->shields[1] = s->enemy.shields;
	f->to_move = s->to_move;
	f->pending = s->pending;
	if (s->pending && s->nhist > 0)
		f->to_move = s->hist[s->nhist - 1].by;
}

static int attack_target(const starship_state *s, sl_targets *out, sl_error *err)
{
	sl_target t;
	sl_fight f;
	char w[64], p[16];
	int by = s->to_move, ways = starship_hit_ways(starship_side(s, by)->weapons);
	const starship_ship *tg = starship_side(s, 1 - by);
	memset(&t, 0, sizeof t);
	t.kind = SL_TARGET_ACT;
	strcpy(t.group, "fire");
	starship_ship_at(by, &t.x, &t.y, &t.r);
	snprintf(t.line, sizeof t.line, "attack by=%s", by == STARSHIP_YOU ? "player" : "enemy");
	snprintf(t.label, sizeof t.label, "%s fire%s at %s (2d6 below %d hits)",
		by == STARSHIP_YOU ? "You" : name_of(s, by), by == STARSHIP_YOU ? "" : "s",
		by == STARSHIP_YOU ? name_of(s, STARSHIP_ENEMY) : "your ship",
		starship_side(s, by)->weapons);
	fight_of(s, &f);
	if (win_words(&f, "; ", w, sizeof w, err))
		return err->code;
	snprintf(t.odds, sizeof t.odds, "hits %d in 36 (%s)%s%s", ways, pct(ways / 36.0, p, sizeof p),
		tg->shields == 0 && ways ? ", and a hit destroys (shields at zero)" : "", w);
	return push(out, &t, err);
}

static int damage_target(const starship_state *s, sl_targets *out, sl_error *err)
{
	sl_target t;
	sl_fight f;
	int by = s->nhist > 0 ? s->hist[s->nhist - 1].by : STARSHIP_YOU, target = 1 - by;
	int sh = starship_side(s, target)->shields, two = 0, four = 0, six = 1;
	char w[64];
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			if (!(a == 6 && b == 6)) {
				if (starship_damage(a, b, sh) == 2)
					two++;
				else
					four++;
			}
	memset(&t, 0, sizeof t);
	t.kind = SL_TARGET_ACT;
	strcpy(t.group, "damage");
	starship_ship_at(target, &t.x, &t.y, &t.r);
	strcpy(t.line, "damage");
	snprintf(t.label, sizeof t.label, "Damage roll on %s (shields %d)",
		target == STARSHIP_YOU ? "your ship" : name_of(s, target), sh);
	fight_of(s, &f);
	if (win_words(&f, "; ", w, sizeof w, err))
		return err->code;
	snprintf(t.odds, sizeof t.odds, "2 points %d in 36, 4 points %d in 36, 6 points %d in 36%s",
		two, four, six, w);
	return push(out, &t, err);
}

int starship_targets(const sl_frame *fr, const char *sel, sl_targets *out, sl_error *err)
{
	const starship_state *s = fr->state;
	sl_target t;
	(void)sel;   /* nothing to select: the ships act in turn */
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "targets: no starship state");
	if (!s->has_ship) {
		memset(&t, 0, sizeof t);
		t.kind = SL_TARGET_ACT;
		strcpy(t.group, "setup");
		starship_ship_at(STARSHIP_YOU, &t.x, &t.y, &t.r);
		strcpy(t.line, "ship weapons_roll=? shields_roll=?");   /* both: the recorder fills one left-out field at a time */
		strcpy(t.label, "Roll your ship: weapons 1d6+6, shields 1d6+12");
		return push(out, &t, err);
	}
	if (s->outcome == STARSHIP_LOST)
		return SL_OK;
	if (s->outcome == STARSHIP_ON)
		return s->pending ? damage_target(s, out, err) : attack_target(s, out, err);
	memset(&t, 0, sizeof t);   /* between fights: the next stage */
	t.kind = SL_TARGET_ACT;
	strcpy(t.group, "turn");
	t.x = SL_TARGET_NOWHERE;
	snprintf(t.line, sizeof t.line, "turn %d", s->turn + 1);
	snprintf(t.label, sizeof t.label, "Stage %d of the voyage", s->turn + 1);
	return push(out, &t, err);
}
