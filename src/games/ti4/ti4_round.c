/* ti4_round.c - rules version 2: the round as the Living Rules Reference
 * orders it. Setup by faction (`seat`: home system into its slot, starting
 * units, technologies), the strategy phase (LRR 83), the action phase in
 * initiative order with strategic and component actions (LRR 3, 82), the
 * status phase's objectives and cards (LRR 81), the agenda phase (LRR 8),
 * objectives (LRR 61), hands of action cards (LRR 2), secret objectives as
 * commitments, and the end at 10 (or 14) victory points (LRR 98). */
#include "ti4_int.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

const char *const ti4_strategy_tokens[] = {"leadership", "diplomacy", "politics",
	"construction", "trade", "warfare", "technology", "imperial", NULL};
const char *const ti4_part_tokens[] = {"primary", "secondary", "decline", NULL};
const char *const ti4_kind_tokens[] = {"action", "component", "leader", "relic", "note", NULL};
const char *const ti4_objdo_tokens[] = {"reveal", "score", NULL};
const char *const ti4_agdo_tokens[] = {"reveal", "vote", "outcome", NULL};
const char *const ti4_deck_tokens[] = {"action", "secret", "explore", "relic", NULL};

#define PID(p) ti4_pid(h, p)
#define R (&s->r)

static int bit(const uint8_t *b, int i) { return b[i >> 3] >> (i & 7) & 1; }
static void setbit(uint8_t *b, int i) { b[i >> 3] |= (uint8_t)(1u << (i & 7)); }
static const char *sval(const sl_value *v) { return v->present ? (const char *)v->p : ""; }
static int pl_arg(const sl_header *h, const sl_value *v)
{
	return v->present && h ? sl_header_player(h, (const char *)v->p) : -1;
}

void ti4_round_init(ti4_state *s, const sl_header *h)
{
	memset(R, 0, sizeof *R);
	R->on = h && h->rules_version >= 2;
	R->goal = 10;
	for (int k = 0; h && k < h->nmeta; k++)
		if (!strcmp(h->meta[k].key, "vp") && !strcmp(h->meta[k].value, "14"))
			R->goal = 14;
	R->speaker = R->winner = R->last = R->strat = R->next_voter = -1;
	R->agenda = -1;
	memset(R->law_who, -1, sizeof R->law_who);
}

int ti4_has_tech(const ti4_state *s, int p, int tech)
{
	if (tech < 0 || p < 0 || p >= TI4_MAXP)
		return 0;
	if (tech < TI4_NTECH && (s->pl[p].techs >> tech & 1))
		return 1;
	return bit(s->r.techs[p], tech);
}

/* The technologies that upgrade each unit type, in table order, found once
 * (a unit's values are asked for at every move and production). */
enum { UPS_MAX = 16 };
static int16_t ups[TI4_NUT][UPS_MAX];
static int nups[TI4_NUT], ups_full;
static pthread_once_t ups_once = PTHREAD_ONCE_INIT;

static void ups_make(void)
{
	for (int k = 0; k < ti4_ntechs(); k++) {
		int t = ti4_techs[k].unit;
		if (t < 0 || t >= TI4_NUT)
			continue;
		if (nups[t] == UPS_MAX)
			ups_full = 1;   /* then every technology is looked at, as before */
		else
			ups[t][nups[t]++] = (int16_t)k;
	}
}

/* The stats p's unit of type t has in a version 2 game, or NULL for the printed ones. */
static const ti4_stats *stats_of(const ti4_state *s, int p, int t)
{
	const ti4_stats *best = NULL;
	int f = p >= 0 && p < TI4_MAXP ? s->pl[p].faction : -1;
	int all, n;
	if (!R->on || f < 0)
		return NULL;
	if (t == TI4_FS)
		best = &ti4_faction_data_tab[f].fs;
	if (t == TI4_MECH)
		best = &ti4_faction_data_tab[f].mech;
	pthread_once(&ups_once, ups_make);
	all = ups_full || t < 0 || t >= TI4_NUT;
	n = all ? ti4_ntechs() : nups[t];
	for (int j = 0; j < n; j++) {
		int k = all ? j : ups[t][j];
		if (ti4_techs[k].unit == t && ti4_has_tech(s, p, k)
		    && (!best || ti4_techs[k].faction || best == &ti4_faction_data_tab[f].fs
		        || best == &ti4_faction_data_tab[f].mech))
			best = &ti4_techs[k].up;
	}
	if (!best)   /* version 3: the faction's own unit before its upgrade */
		best = ti4_v3_base_unit(s, f, t);
	if (!best)   /* version 4: those whose production the module reads now */
		best = ti4_v4_base_unit(s, f, t);
	if (!best)   /* version 5: the Floating Factory I */
		best = ti4_v5_base_unit(s, f, t);
	return best;
}

int ti4_unit_production(const ti4_state *s, int p, int t)
{
	const ti4_stats *st = t == TI4_SD ? NULL : stats_of(s, p, t);
	return st && s->r3.v4 ? st->production : 0;
}

int ti4_unit_move(const ti4_state *s, int p, int t)
{
	const ti4_stats *st = stats_of(s, p, t);
	return st && ti4_v5_mover(s, p, t) ? st->move : ti4_units[t].move;
}

int ti4_unit_capacity(const ti4_state *s, int p, int t)
{
	const ti4_stats *st = stats_of(s, p, t);
	if (st && ti4_v5_mover(s, p, t))
		return st->capacity;
	if (t == TI4_FS && p >= 0 && p < TI4_MAXP && s->pl[p].faction >= 0)
		return ti4_factions[s->pl[p].faction].fs_capacity;
	return ti4_units[t].capacity;
}

/* Version 1's values (ti4_act.c before rules version 2): the printed unit
 * with the generic upgrades it knew, the flagship's bombardment of the faction. */
static int roll_v1(const ti4_state *s, int p, int t, int kind, int *dice)
{
	const ti4_unit_def *u = &ti4_units[t];
	int has = p >= 0 && p < TI4_MAXP ? s->pl[p].techs : 0, f = p >= 0 && p < TI4_MAXP ?
		s->pl[p].faction : -1;
	switch (kind) {
	case TI4_ROLL_COMBAT:
		*dice = u->dice;
		if (t == TI4_FF && (has >> TI4_T_FF2 & 1))
			return 8;
		if (t == TI4_CR && (has >> TI4_T_CR2 & 1))
			return 6;
		if (t == TI4_DD && (has >> TI4_T_DD2 & 1))
			return 8;
		if (t == TI4_INF && (has >> TI4_T_INF2 & 1))
			return 7;
		return u->combat;
	case TI4_ROLL_AFB:
		*dice = t == TI4_DD && (has >> TI4_T_DD2 & 1) ? 3 : u->afb_dice;
		return t == TI4_DD && (has >> TI4_T_DD2 & 1) ? 6 : u->afb;
	case TI4_ROLL_BOMB:
		if (t == TI4_FS && f >= 0 && ti4_factions[f].fs_bomb) {
			*dice = ti4_factions[f].fs_bomb_dice;
			return ti4_factions[f].fs_bomb;
		}
		*dice = u->bomb_dice;
		return u->bomb;
	default:
		*dice = u->cannon_dice;
		return t == TI4_PDS && (has >> TI4_T_PDS2 & 1) ? 5 : u->cannon;
	}
}

int ti4_unit_roll(const ti4_state *s, int p, int t, int kind, int *dice)
{
	const ti4_stats *st = stats_of(s, p, t);
	int d = 0, v = 0;
	if (!st)
		v = roll_v1(s, p, t, kind, &d);
	else if (kind == TI4_ROLL_COMBAT)
		d = st->dice, v = st->combat;
	else if (kind == TI4_ROLL_AFB)
		d = st->afb_dice, v = st->afb;
	else if (kind == TI4_ROLL_BOMB)
		d = st->bomb_dice, v = st->bomb;
	else
		d = st->cannon_dice, v = st->cannon;
	*dice = v ? d : 0;
	return v;
}

int ti4_fleet_limit(const ti4_state *s, int p)
{
	return s->pl[p].fleet + (R->on && s->pl[p].faction == TI4_F_LETNEV ? 2 : 0);
}

int ti4_card_of(const ti4_state *s, int p)
{
	for (int c = 0; c < 8; c++)
		if (s->r.owner[c] == p + 1)
			return c;
	return -1;
}

int ti4_initiative(const ti4_state *s, int p)
{
	int c = ti4_card_of(s, p);
	return c < 0 ? 9 : c + 1;
}

/* LRR 3.2: turns go in initiative order, round and round, skipping players
 * who have passed. */
int ti4_next_actor(const ti4_state *s)
{
	int last = s->r.last >= 0 ? ti4_initiative(s, s->r.last) : 0, best = -1, first = -1;
	for (int p = 0; p < s->np; p++) {
		int in = ti4_initiative(s, p);
		if (s->pl[p].passed || s->pl[p].eliminated)
			continue;
		if (first < 0 || in < ti4_initiative(s, first))
			first = p;
		if (in > last && (best < 0 || in < ti4_initiative(s, best)))
			best = p;
	}
	return best >= 0 ? best : first;
}

static int picks_each(const ti4_state *s) { return s->np <= 4 ? 2 : 1; }

/* LRR 83.2: the speaker picks first, then clockwise (the header's order);
 * with three or four players a second lap. */
int ti4_next_picker(const ti4_state *s)
{
	int k = 0, sp = s->r.speaker < 0 ? 0 : s->r.speaker, live = 0, order[TI4_MAXP];
	for (int c = 0; c < 8; c++)
		k += s->r.owner[c] != 0;
	for (int j = 0; j < s->np; j++) {
		int p = (sp + j) % s->np;
		if (!s->pl[p].eliminated)
			order[live++] = p;
	}
	if (!live || k >= live * picks_each(s))
		return -1;
	return order[k % live];
}

/* ---- setup: seat ------------------------------------------------------------------- */

static int seat_techs(ti4_state *s, const sl_header *h, int p, const ti4_faction_data *d,
	const sl_value *chosen, sl_error *err)
{
	char buf[512], *save = NULL;
	int n = 0;
	snprintf(buf, sizeof buf, "%s", d->choose ? sval(chosen) : d->techs);
	if (!d->choose && chosen->present)
		return ti4_illegal(err, "ti4 setup: %s starts with its printed technologies; techs= "
			"is for the Winnu and the Argent Flight", d->id);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int i = ti4_tech_index(t);
		if (i < 0 || (d->choose && !strstr(d->choice, t)))
			return ti4_illegal(err, "ti4 setup: `%s` is not one of %s's starting "
				"technologies (%s)", t, d->id, d->choose ? d->choice : d->techs);
		if (ti4_has_tech(s, p, i))
			return ti4_illegal(err, "ti4 setup: %s named twice", t);
		setbit(R->techs[p], i);
		if (i < TI4_NTECH)
			s->pl[p].techs |= (uint16_t)(1u << i);
		n++;
	}
	if (d->choose && n != d->choose)
		return ti4_illegal(err, "ti4 setup: %s chooses %d starting technolog%s from %s "
			"(techs=a,b), not %d", d->id, d->choose, d->choose == 1 ? "y" : "ies", d->choice, n);
	return 0;
}

static int seat_units(ti4_state *s, int p, int home, const ti4_faction_data *d, sl_error *err)
{
	const ti4_tile *t = ti4_tile_of(s, home);
	for (int k = 0; k < 4 && d->start[k].units; k++) {
		char buf[128], *save = NULL;
		int a = 0;
		for (int j = 0; d->start[k].at && j < t->np; j++)
			if (!strcmp(t->p[j].id, d->start[k].at))
				a = j + 1;
		snprintf(buf, sizeof buf, "%s", d->start[k].units);
		for (char *u = strtok_r(buf, ",", &save); u; u = strtok_r(NULL, ",", &save)) {
			int ut = 0;
			while (ti4_unit_tokens[ut] && strcmp(ti4_unit_tokens[ut], u))
				ut++;
			if (!ti4_unit_tokens[ut] || !s->reinf[p][ut])
				return ti4_illegal(err, "ti4 setup: %s's starting %s", d->id, u);
			s->reinf[p][ut]--;
			s->u[home][ti4_v5_structure_area(s, p, ut, a)][p][ut]++;   /* 79.4a */
		}
	}
	return 0;
}

static int ev_seat(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, f = ti4_faction_index(sval(&ev->f[0]));
	int code = ev->f[1].u.i, i = ti4_pos_index(code), rc;
	const ti4_faction_data *d;
	if (!s->galaxy)
		return ti4_illegal(err, "ti4 setup: the galaxy comes before the factions");
	if (f < 0)
		return ti4_illegal(err, "ti4 setup: `%s` is not a faction (formats/ti4.md lists the "
			"24 ids)", sval(&ev->f[0]));
	if (s->pl[p].faction >= 0)
		return ti4_illegal(err, "ti4 setup: %s already plays %s", PID(p),
			ti4_factions[s->pl[p].faction].name);
	for (int q = 0; q < TI4_MAXP; q++)
		if (s->pl[q].faction == f)
			return ti4_illegal(err, "ti4 setup: %s is already played by %s",
				ti4_factions[f].name, PID(q));
	if (i < 0 || i >= s->r.npos_map || s->tile[i] != 0)
		return ti4_illegal(err, "ti4 setup: position %03d is not an empty home slot (a `0` "
			"of the map string)%s", code, i >= 0 && s->tile[i] ? "; it holds a tile" : "");
	d = &ti4_faction_data_tab[f];
	s->tile[i] = (int16_t)ti4_factions[f].home_tile;
	s->pl[p].faction = (int8_t)f;
	s->pl[p].home = (int8_t)i;
	s->pl[p].tactic = 3;
	s->pl[p].fleet = 3;
	s->pl[p].strategy = 2;
	s->pl[p].agent_ready = 1;
	s->pl[p].vortex_ready = 0;
	for (int u = 0; u < TI4_NUT; u++)
		s->reinf[p][u] = ti4_units[u].limit;
	for (int k = 0; k < ti4_tile_of(s, i)->np; k++)
		s->ctrl[i][k] = (int8_t)p;
	if ((rc = seat_units(s, p, i, d, err)) || (rc = seat_techs(s, h, p, d, &ev->f[2], err)))
		return rc;
	if (R->speaker < 0)
		R->speaker = (int8_t)p;
	for (int k = 0; h && k < h->nmeta; k++)
		if (!strcmp(h->meta[k].key, "speaker"))
			R->speaker = (int8_t)sl_header_player(h, h->meta[k].value);
	if (desc)
		sl_buf_printf(desc, "%s plays %s: home system %d at %03d, starting units and "
			"technologies placed, commodity value %d", PID(p), ti4_factions[f].name,
			ti4_factions[f].home_tile, code, ti4_factions[f].commodities);
	return 0;
}

/* ---- strategy phase ----------------------------------------------------------------- */

static int ev_pick(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, c = ev->f[0].u.i, want = ti4_next_picker(s);
	if (s->phase != 1 || !R->picking)
		return ti4_illegal(err, "ti4 LRR 83: strategy cards are chosen in the strategy phase, "
			"at the start of the round");
	if (p != want)
		return ti4_illegal(err, "ti4 LRR 83.2: %s chooses now (speaker first, then "
			"clockwise), not %s", PID(want), PID(p));
	if (R->owner[c])
		return ti4_illegal(err, "ti4 LRR 83.2: %s already holds %s", PID(R->owner[c] - 1),
			ti4_strategy[c].name);
	R->owner[c] = (uint8_t)(p + 1);
	s->pl[p].tg = (uint8_t)(s->pl[p].tg + R->tg[c]);
	if (desc)
		sl_buf_printf(desc, "%s takes %s (%d)%s", PID(p), ti4_strategy[c].name, c + 1,
			R->tg[c] ? " and the trade goods on it" : "");
	R->tg[c] = 0;
	if (ti4_next_picker(s) < 0) {
		R->picking = 0;
		for (int k = 0; k < 8; k++)
			if (!R->owner[k])
				R->tg[k]++;   /* LRR 83.6 */
		if (desc)
			sl_buf_printf(desc, "; a trade good on each card left; the action phase begins "
				"with %s", PID(ti4_next_actor(s)));
	}
	return 0;
}

int ti4_round_may_act(const ti4_state *s, const sl_header *h, const sl_event *ev,
	sl_error *err)
{
	int p = ev->player, want;
	if (!R->on || s->phase != 1)
		return 0;
	if (R->picking)
		return ti4_illegal(err, "ti4 LRR 83: the strategy phase is not over: %s chooses a "
			"strategy card (`pick card=`)", PID(ti4_next_picker(s)));
	if (s->turnp >= 0)
		return 0;
	if (R->strat >= 0)
		for (int q = 0; q < s->np; q++)
			if (!(R->sec_done >> q & 1) && !s->pl[q].eliminated)
				return ti4_illegal(err, "ti4 LRR 82.3: %s has not resolved or declined the "
					"secondary of %s", PID(q), ti4_strategy[R->strat].name);
	want = ti4_next_actor(s);
	if (p != want)
		return ti4_illegal(err, "ti4 LRR 3.2: it is %s's turn (initiative order), not %s's",
			PID(want), PID(p));
	return 0;
}

/* ---- strategic actions ---------------------------------------------------------------- */

int ti4_pay_planets(ti4_state *s, const sl_header *h, int p, const sl_value *v, int *res,
	int *inf, sl_error *err)
{
	const uint8_t *l = v->p;
	*res = *inf = 0;
	for (int k = 0; v->present && k < v->n; k++) {
		int slot, i = ti4_planet_find(s, ti4_planet_tokens[l[k]], &slot);
		const ti4_planet *pl = i >= 0 ? ti4_planet_at(s, i, slot) : NULL;
		if (!pl || s->ctrl[i][slot - 1] != p || s->exh[i][slot - 1])
			return ti4_illegal(err, "ti4 LRR 5: %s does not control %s ready to be exhausted",
				PID(p), ti4_planet_tokens[l[k]]);
		s->exh[i][slot - 1] = 1;
		*res += pl->res;
		*inf += pl->inf;
	}
	return 0;
}

static int prereqs_met(const ti4_state *s, int p, int t)
{
	int have[4] = {0};
	for (int k = 0; k < ti4_ntechs(); k++)
		if (ti4_has_tech(s, p, k) && ti4_techs[k].colour >= TI4_COL_GREEN
			&& ti4_techs[k].colour <= TI4_COL_YELLOW)
			have[ti4_techs[k].colour - TI4_COL_GREEN]++;
	for (int c = 0; c < 4; c++)
		if (have[c] < ti4_techs[t].pre[c])
			return 0;
	return 1;
}

/* LRR 90: research — a tech of the player's own faction or a generic one,
 * its prerequisites met, not owned yet. */
static int learn(ti4_state *s, const sl_header *h, int p, const sl_value *v, sl_buf *desc,
	sl_error *err)
{
	int t = ti4_tech_index(sval(v));
	const char *f = ti4_factions[s->pl[p].faction].id;
	if (t < 0)
		return ti4_illegal(err, "ti4 LRR 90: `%s` is not a technology", sval(v));
	if (ti4_techs[t].faction && strcmp(ti4_techs[t].faction, f))
		return ti4_illegal(err, "ti4 LRR 90.4: %s is a technology of %s", ti4_techs[t].name,
			ti4_techs[t].faction);
	if (ti4_has_tech(s, p, t))
		return ti4_illegal(err, "ti4 LRR 90: %s already owns %s", PID(p), ti4_techs[t].name);
	if (!prereqs_met(s, p, t))
		return ti4_illegal(err, "ti4 LRR 90.5: %s lacks the prerequisites of %s (%dG %dB %dR "
			"%dY)", PID(p), ti4_techs[t].name, ti4_techs[t].pre[0], ti4_techs[t].pre[1],
			ti4_techs[t].pre[2], ti4_techs[t].pre[3]);
	setbit(R->techs[p], t);
	if (t < TI4_NTECH)
		s->pl[p].techs |= (uint16_t)(1u << t);
	if (t == TI4_T_VORTEX)
		s->pl[p].vortex_ready = 1;
	if (desc)
		sl_buf_printf(desc, "; researches %s", ti4_techs[t].name);
	return 0;
}

static int primary(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, c = ev->f[0].u.i, res = 0, inf = 0, rc = 0, q;
	switch (c) {
	case 0:   /* Leadership: 3 tokens, and 1 more per 3 influence spent */
		if ((rc = ti4_pay_planets(s, h, p, &ev->f[7], &res, &inf, err)))
			return rc;
		s->pl[p].tactic = (uint8_t)(s->pl[p].tactic + 3 + inf / 3);
		break;
	case 1: { /* Diplomacy: the others' tokens into a system of the player's */
		int i = ev->f[4].present ? ti4_pos_index(ev->f[4].u.i) : -1;
		if (i < 0 || !ti4_tile_of(s, i) || i == 0)
			return ti4_illegal(err, "ti4 Diplomacy: system= a system other than Mecatol "
				"Rex holding a planet of yours");
		for (q = 0; q < s->np; q++)
			if (q != p)
				s->cmd[i] |= (uint8_t)(1u << q);
		break;
	}
	case 2:   /* Politics: a new speaker, 2 action cards */
		q = pl_arg(h, &ev->f[5]);
		if (q < 0 || q == p || q >= s->np)
			return ti4_illegal(err, "ti4 Politics: speaker= another player");
		R->speaker = (int8_t)q;
		R->hand[p] = (uint8_t)(R->hand[p] + 2);
		break;
	case 4:   /* Trade: 3 trade goods, commodities replenished */
		s->pl[p].tg = (uint8_t)(s->pl[p].tg + 3);
		s->pl[p].comm = ti4_factions[s->pl[p].faction].commodities;
		break;
	case 6:   /* Technology: one, and a second for 6 resources */
		if (!ev->f[2].present)
			return ti4_illegal(err, "ti4 Technology: tech= the technology researched");
		if ((rc = learn(s, h, p, &ev->f[2], desc, err)))
			return rc;
		if (ev->f[3].present) {
			if ((rc = ti4_pay_planets(s, h, p, &ev->f[7], &res, &inf, err)))
				return rc;
			if (res < 6)
				return ti4_illegal(err, "ti4 Technology: a second technology costs 6 "
					"resources (pay= gives %d)", res);
			rc = learn(s, h, p, &ev->f[3], desc, err);
		}
		break;
	case 7:   /* Imperial: Mecatol Rex's point (the objective is scored as an objective) */
		if (s->ctrl[0][0] == p)
			s->pl[p].vp++;
		break;
	default:  /* Construction, Warfare: declared before version 3 (ti4_v3.c) */
		break;
	}
	return rc;
}

static int secondary(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, c = ev->f[0].u.i, res = 0, inf = 0, rc = 0;
	if (c != 0) {
		if (!s->pl[p].strategy)
			return ti4_illegal(err, "ti4 LRR 82.3: a secondary costs a command token from "
				"the strategy pool; %s has none", PID(p));
		s->pl[p].strategy--;
	}
	switch (c) {
	case 0:
		if ((rc = ti4_pay_planets(s, h, p, &ev->f[7], &res, &inf, err)))
			return rc;
		s->pl[p].tactic = (uint8_t)(s->pl[p].tactic + inf / 3);
		break;
	case 2: R->hand[p] = (uint8_t)(R->hand[p] + 2); break;
	case 4: s->pl[p].comm = ti4_factions[s->pl[p].faction].commodities; break;
	case 6:
		if ((rc = ti4_pay_planets(s, h, p, &ev->f[7], &res, &inf, err)))
			return rc;
		if (res < 4)
			return ti4_illegal(err, "ti4 Technology: the secondary costs 4 resources (pay= "
				"gives %d)", res);
		rc = learn(s, h, p, &ev->f[2], desc, err);
		break;
	default: break;
	}
	return rc;
}

static int ev_strategic(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, c = ev->f[0].u.i, part = ev->f[1].u.i, rc;
	if (!R->on)
		return ti4_illegal(err, "ti4: strategic actions are rules version 2");
	if (part == TI4_PART_PRIMARY) {
		if ((rc = ti4_round_may_act(s, h, ev, err)))
			return rc;
		if (s->turnp >= 0 || s->phase != 1)
			return ti4_illegal(err, "ti4 LRR 82.1: a strategic action is a turn's action");
		if (R->owner[c] != p + 1 || R->used[c])
			return ti4_illegal(err, "ti4 LRR 82.1: %s does not hold %s ready", PID(p),
				ti4_strategy[c].name);
		if (desc)
			sl_buf_printf(desc, "%s takes the strategic action of %s", PID(p),
				ti4_strategy[c].name);
		if ((rc = primary(s, h, ev, desc, err)))
			return rc;
		if (s->r3.on && (rc = ti4_v3_primary(s, h, ev, desc, err)))
			return rc;
		R->used[c] = 1;
		R->strat = (int8_t)c;
		R->sec_done = (uint8_t)(1u << p);
		R->last = (int8_t)p;
		return 0;
	}
	if (R->strat != c || (R->sec_done >> p & 1))
		return ti4_illegal(err, "ti4 LRR 82.3: the secondary of %s is not open to %s",
			ti4_strategy[c].name, PID(p));
	if (part == TI4_PART_SECONDARY && (rc = secondary(s, h, ev, desc, err)))
		return rc;
	if (part == TI4_PART_SECONDARY && s->r3.on && (rc = ti4_v3_secondary(s, h, ev, desc, err)))
		return rc;
	R->sec_done |= (uint8_t)(1u << p);
	if (desc)
		sl_buf_printf(desc, "%s %s the secondary of %s", PID(p), part == TI4_PART_DECLINE ?
			"declines" : "takes", ti4_strategy[c].name);
	return 0;
}

/* ---- cards played ------------------------------------------------------------------------ */

static int window_open(const ti4_state *s, int p, int w)
{
	switch (w) {
	case TI4_W_ACTION: return s->phase == 1 && !R->picking && s->turnp < 0;
	case TI4_W_TACTICAL: return s->phase == 1 && s->turnp == p;
	case TI4_W_COMBAT: return s->ckind && (s->att == p || s->def == p);
	case TI4_W_AGENDA: return s->phase == 3;
	case TI4_W_STRATEGY: return s->phase == 1 && R->picking;
	case TI4_W_STATUS: return s->phase == 2;
	default: return 1;
	}
}

static const char *const window_names[] = {"as an action", "in its player's tactical action",
	"in a combat its player fights", "in the agenda phase", "in the strategy phase",
	"in the status phase", "at any time"};

static int ev_play(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, kind = ev->f[0].u.i, rc;
	const char *id = sval(&ev->f[1]);
	if (kind == TI4_KIND_ACTION) {
		int a = ti4_action_index(id);
		if (a < 0)
			return ti4_illegal(err, "ti4 LRR 2: `%s` is not an action card", id);
		if (!R->hand[p])
			return ti4_illegal(err, "ti4 LRR 2: %s holds no action card", PID(p));
		if (!window_open(s, p, ti4_actions[a].window))
			return ti4_illegal(err, "ti4 LRR 2.3: %s is played %s", ti4_actions[a].name,
				window_names[ti4_actions[a].window]);
		if (ti4_actions[a].window == TI4_W_ACTION) {
			if ((rc = ti4_round_may_act(s, h, ev, err)))
				return rc;
			R->last = (int8_t)p;
		}
		R->hand[p]--;
		if (desc)
			sl_buf_printf(desc, "%s plays %s (%d action card%s left)", PID(p),
				ti4_actions[a].name, R->hand[p], R->hand[p] == 1 ? "" : "s");
		return 0;
	}
	if (kind == TI4_KIND_COMPONENT) {
		if (s->phase != 1 || s->turnp >= 0 || s->pl[p].passed)
			return ti4_illegal(err, "ti4 LRR 3.2: a component action is a turn's action");
		if ((rc = ti4_round_may_act(s, h, ev, err)))
			return rc;
		R->last = (int8_t)p;
	}
	if (desc)
		sl_buf_printf(desc, "%s uses %s %s%s%s", PID(p), ti4_kind_tokens[kind], id,
			ev->f[2].present ? ": " : "", sval(&ev->f[2]));
	return 0;
}

/* ---- draws ----------------------------------------------------------------------------------- */

static int ev_draw(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, deck = ev->f[0].u.i, n = ev->f[1].present ? ev->f[1].u.i : 1;
	if (deck == TI4_DECK_SECRET) {
		if (!ev->f[2].present || R->nsec[p] >= TI4_NSEC
			|| sl_hexstr_decode(R->seal[p][R->nsec[p]], 32, sval(&ev->f[2]), ev->f[2].n))
			return ti4_illegal(err, "ti4 LRR 61.19: a secret objective is drawn as commit= "
				"(64 hex digits), and a player holds at most %d unscored", TI4_NSEC);
		R->nsec[p]++;
		if (desc)
			sl_buf_printf(desc, "%s draws a secret objective (sealed)", PID(p));
		return 0;
	}
	if (deck == TI4_DECK_ACTION) {
		R->hand[p] = (uint8_t)(R->hand[p] + n);
		if (desc)
			sl_buf_printf(desc, "%s draws %d action card%s (%d held)", PID(p), n,
				n == 1 ? "" : "s", R->hand[p]);
		return 0;
	}
	if (!ev->f[3].present)
		return ti4_illegal(err, "ti4: a %s draw names its card (card=)", ti4_deck_tokens[deck]);
	if (desc)
		sl_buf_printf(desc, "%s draws %s %s", PID(p), deck == TI4_DECK_RELIC ? "the relic" :
			"the exploration card", sval(&ev->f[3]));
	return 0;
}

/* ---- objectives ---------------------------------------------------------------------------- */

static int count_units(const ti4_state *s, int p, int t)
{
	int n = 0;
	for (int i = 0; i < TI4_NPOS; i++)
		for (int a = 0; a < TI4_AREAS; a++)
			n += s->u[i][a][p][t];
	return n;
}

static int planets_outside_home(const ti4_state *s, int p, int *res, int *inf)
{
	int n = 0;
	*res = *inf = 0;
	for (int i = 0; i < TI4_NPOS; i++)
		for (int k = 0; k < 3; k++)
			if (s->ctrl[i][k] == p && ti4_planet_at(s, i, k + 1)) {
				*res += ti4_planet_at(s, i, k + 1)->res;
				*inf += ti4_planet_at(s, i, k + 1)->inf;
				n += i != s->pl[p].home;
			}
	return n;
}

static int tech_count(const ti4_state *s, int p, int colour, int upgrades_only)
{
	int n = 0;
	for (int t = 0; t < ti4_ntechs(); t++)
		if (ti4_has_tech(s, p, t) && (colour < 0 || ti4_techs[t].colour == colour)
			&& (!upgrades_only || ti4_techs[t].unit >= 0))
			n++;
	return n;
}

/* 1 if p meets objective o's mechanical condition, 0 if not, -1 declared. */
static int objective_met(ti4_state *s, int p, const ti4_objective_def *o)
{
	int res, inf, n = o->n, best = 0, cols = 0;
	switch (o->check) {
	case TI4_OC_SPEND_TG: return s->pl[p].tg >= n;
	case TI4_OC_SPEND_TOKENS: return s->pl[p].tactic + s->pl[p].strategy >= n;
	case TI4_OC_NONHOME_PLANETS: return planets_outside_home(s, p, &res, &inf) >= n;
	case TI4_OC_PLANETS_RES: planets_outside_home(s, p, &res, &inf); return res >= n;
	case TI4_OC_PLANETS_INF: planets_outside_home(s, p, &res, &inf); return inf >= n;
	case TI4_OC_UPGRADES: return tech_count(s, p, -1, 1) >= n;
	case TI4_OC_TECH_COLOURS:
		for (int c = TI4_COL_GREEN; c <= TI4_COL_YELLOW; c++)
			cols += tech_count(s, p, c, 0) >= 2;
		return cols >= n;
	case TI4_OC_TECHS_ONE_COLOUR:
		for (int c = TI4_COL_GREEN; c <= TI4_COL_YELLOW; c++)
			best = tech_count(s, p, c, 0) > best ? tech_count(s, p, c, 0) : best;
		return best >= n;
	case TI4_OC_STRUCTURES: return count_units(s, p, TI4_PDS) + count_units(s, p, TI4_SD) >= n;
	case TI4_OC_DOCKS: return count_units(s, p, TI4_SD) >= n;
	case TI4_OC_PDS: return count_units(s, p, TI4_PDS) >= n;
	case TI4_OC_DREADNOUGHTS: return count_units(s, p, TI4_DN) >= n;
	case TI4_OC_FLAGSHIP_OR_WS: return count_units(s, p, TI4_FS) + count_units(s, p, TI4_WS) >= n;
	case TI4_OC_ACTION_CARDS: return R->hand[p] >= n;
	case TI4_OC_SHIPS_IN_SYSTEM:
		for (int i = 0; i < TI4_NPOS; i++) {
			int k = 0;
			for (int t = 0; t < TI4_NUT; t++)
				k += ti4_units[t].ship && t != TI4_FF ? s->u[i][0][p][t] : 0;
			best = k > best ? k : best;
		}
		return best >= n;
	case TI4_OC_MECATOL_SHIPS: return s->ctrl[0][0] == p && ti4_ships_in(s, 0, p) >= n;
	case TI4_OC_MECATOL_ADJ:   /* ships in n systems next to Mecatol Rex */
		for (int i = 1; i < TI4_NPOS; i++)
			cols += ti4_adjacent(s, 0, i) && ti4_ships_in(s, i, p);
		return cols >= n;
	case TI4_OC_SYSTEMS:       /* units in n systems, or planets controlled there */
		for (int i = 0; i < TI4_NPOS; i++) {
			int there = 0;
			for (int a = 0; a < TI4_AREAS; a++)
				for (int t = 0; t < TI4_NUT; t++)
					there |= s->u[i][a][p][t] != 0;
			for (int k = 0; k < 3; k++)
				there |= s->ctrl[i][k] == p;
			cols += there;
		}
		return cols >= n;
	case TI4_OC_OTHER_HOME_PLANET:
		for (int q = 0; q < s->np; q++)
			for (int k = 0; q != p && s->pl[q].faction >= 0 && k < 3; k++)
				cols += s->ctrl[s->pl[q].home][k] == p;
		return cols >= n;
	case TI4_OC_FACTION_TECHS:
		for (int t = 0; t < ti4_ntechs(); t++)
			cols += ti4_has_tech(s, p, t) && ti4_techs[t].faction != NULL;
		return cols >= n;
	default: return -1;
	}
}

static int score_public(ti4_state *s, const sl_header *h, int p, int o, int *declared,
	sl_error *err)
{
	int k, met;
	for (k = 0; k < R->npub && R->pub[k] != o; k++)
		;
	if (k == R->npub)
		return ti4_illegal(err, "ti4 LRR 61.9: %s is not revealed", ti4_objectives[o].name);
	if (s->phase != 2 && !(s->phase == 1 && R->strat == 7 && R->owner[7] == p + 1))
		return ti4_illegal(err, "ti4 LRR 61.5: public objectives are scored in the status "
			"phase (or by Imperial's primary)");
	if (s->phase == 2 && (R->status_scored[p] & 1))
		return ti4_illegal(err, "ti4 LRR 81.1: at most one public objective per status phase");
	met = objective_met(s, p, &ti4_objectives[o]);
	if (met == 0)
		return ti4_illegal(err, "ti4 LRR 61.5: %s does not meet %s (%d)", PID(p),
			ti4_objectives[o].name, ti4_objectives[o].n);
	if (ti4_objectives[o].check == TI4_OC_SPEND_TG)
		s->pl[p].tg = (uint8_t)(s->pl[p].tg - ti4_objectives[o].n);
	if (ti4_objectives[o].check == TI4_OC_SPEND_TOKENS)
		for (int n = ti4_objectives[o].n; n > 0; n--)
			*(s->pl[p].strategy ? &s->pl[p].strategy : &s->pl[p].tactic) -= 1;
	if (s->phase == 2)
		R->status_scored[p] |= 1;
	*declared = met < 0;
	return 0;
}

static int score_secret(ti4_state *s, const sl_header *h, int p, int o, const sl_value *salt,
	int *declared, sl_error *err)
{
	uint8_t sb[SL_SALT_BYTES];
	const char *id = ti4_objectives[o].id;
	int k, ph = ti4_objectives[o].phase;
	if (!salt->present || sl_hexstr_decode(sb, SL_SALT_BYTES, sval(salt), salt->n))
		return ti4_illegal(err, "ti4 LRR 61.19: a secret objective is revealed with its salt= "
			"(32 hex digits)");
	for (k = 0; k < R->nsec[p]; k++)
		if (sl_commit_check(R->seal[p][k], "ti4-secret", sb, id, strlen(id)))
			break;
	if (k == R->nsec[p])
		return ti4_illegal(err, "ti4 LRR 61.19: %s opens none of %s's sealed secret "
			"objectives", id, PID(p));
	if ((ph == TI4_OP_STATUS && s->phase != 2) || (ph == TI4_OP_ACTION && s->phase != 1)
		|| (ph == TI4_OP_AGENDA && s->phase != 3))
		return ti4_illegal(err, "ti4 LRR 61.7: %s is scored in the %s phase",
			ti4_objectives[o].name, ph == TI4_OP_STATUS ? "status" : ph == TI4_OP_ACTION ?
			"action" : "agenda");
	if (s->phase == 2 && (R->status_scored[p] & 2))
		return ti4_illegal(err, "ti4 LRR 81.1: at most one secret objective per status phase");
	*declared = objective_met(s, p, &ti4_objectives[o]);
	if (*declared == 0)
		return ti4_illegal(err, "ti4 LRR 61.5: %s does not meet %s (%d)", PID(p),
			ti4_objectives[o].name, ti4_objectives[o].n);
	*declared = *declared < 0;
	memmove(R->seal[p][k], R->seal[p][k + 1], (size_t)(R->nsec[p] - k - 1) * 32);
	R->nsec[p]--;
	if (s->phase == 2)
		R->status_scored[p] |= 2;
	return 0;
}

static int ev_objective(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, o = ti4_objective_index(sval(&ev->f[1])), rc, decl = 0;
	if (o < 0)
		return ti4_illegal(err, "ti4 LRR 61: `%s` is not an objective", sval(&ev->f[1]));
	if (ev->f[0].u.i == 0) {   /* reveal */
		int stage = R->npub < 5 ? 1 : 2;
		if (p != R->speaker)
			return ti4_illegal(err, "ti4 LRR 61.8: the speaker reveals public objectives");
		if (s->turn > 0 && s->phase != 2)
			return ti4_illegal(err, "ti4 LRR 81.2: an objective is revealed in the status phase");
		if (ti4_objectives[o].stage != stage || R->npub >= TI4_NPUB)
			return ti4_illegal(err, "ti4 LRR 61.8: the next objective revealed is a stage %s",
				stage == 1 ? "I" : "II");
		for (int k = 0; k < R->npub; k++)
			if (R->pub[k] == o)
				return ti4_illegal(err, "ti4: %s is already revealed", ti4_objectives[o].name);
		R->pub[R->npub++] = (uint8_t)o;
		if (desc)
			sl_buf_printf(desc, "%s reveals %s (stage %s)", PID(p), ti4_objectives[o].name,
				stage == 1 ? "I" : "II");
		return 0;
	}
	if (s->turn == 0)
		return ti4_illegal(err, "ti4: objectives are scored from round 1 on");
	if (bit(R->scored[p], o))
		return ti4_illegal(err, "ti4 LRR 61.6: %s has already scored %s", PID(p),
			ti4_objectives[o].name);
	rc = ti4_objectives[o].stage ? score_public(s, h, p, o, &decl, err)
		: score_secret(s, h, p, o, &ev->f[2], &decl, err);
	if (rc)
		return rc;
	setbit(R->scored[p], o);
	s->pl[p].vp = (uint8_t)(s->pl[p].vp + ti4_objectives[o].vp);
	if (desc)
		sl_buf_printf(desc, "%s scores %s (%d VP%s; %d in all)", PID(p), ti4_objectives[o].name,
			ti4_objectives[o].vp, decl ? ", its condition declared" : "", s->pl[p].vp);
	return 0;
}

/* ---- the agenda phase (LRR 8) ---------------------------------------------------------- */

static int voter_after(const ti4_state *s, int p)
{
	for (int k = 1; k <= s->np; k++) {
		int q = (p + k) % s->np;
		if (!s->pl[q].eliminated)
			return q;
	}
	return -1;
}

/* Outcome effects the rules carry out; every other one is declared, the card named. */
static void outcome_effect(ti4_state *s, const sl_header *h, int a, const char *out,
	sl_buf *desc)
{
	const char *id = ti4_agendas[a].id;
	int who = sl_header_player(h, out), top = -1, low = 99;
	if (who >= 0 && (!strcmp(id, "politicalcensure") || !strcmp(id, "shardofthethrone")
		|| !strcmp(id, "thecrownofemphidia"))) {
		s->pl[who].vp++;
		if (desc)
			sl_buf_printf(desc, "; %s gains 1 victory point", PID(who));
		return;
	}
	if (!strcmp(id, "seedofanempire")) {   /* for: the most points gain 1; against: the fewest */
		for (int p = 0; p < s->np; p++)
			if (!s->pl[p].eliminated) {
				top = s->pl[p].vp > top ? s->pl[p].vp : top;
				low = s->pl[p].vp < low ? s->pl[p].vp : low;
			}
		for (int p = 0; p < s->np; p++)
			if (!s->pl[p].eliminated && s->pl[p].vp == (!strcmp(out, "for") ? top : low))
				s->pl[p].vp++;
		return;
	}
	if (desc)
		sl_buf_printf(desc, "; its effect is carried out at the table (declared)");
}

static int votes_of(const ti4_state *s, int k) { return R->votes[k][0] | R->votes[k][1] << 8; }

static int agenda_vote(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, res, inf, rc, k;
	const char *out = sval(&ev->f[1]);
	if (R->agenda < 0 || p != R->next_voter)
		return ti4_illegal(err, "ti4 LRR 8.5: %s votes now (from the speaker's left, the "
			"speaker last)", R->agenda < 0 ? "nobody" : PID(R->next_voter));
	if ((rc = ti4_pay_planets(s, h, p, &ev->f[2], &res, &inf, err)))
		return rc;
	if (ev->f[1].present && ev->f[1].n < 24 && inf > 0) {
		for (k = 0; k < R->noutcome && strcmp(R->outcome[k], out); k++)
			;
		if (k == R->noutcome && k < 8)
			snprintf(R->outcome[R->noutcome++], sizeof R->outcome[0], "%s", out);
		if (k < 8) {
			int v = votes_of(s, k) + inf;
			R->votes[k][0] = (uint8_t)v;
			R->votes[k][1] = (uint8_t)(v >> 8);
		}
	}
	R->voted |= (uint8_t)(1u << p);
	R->next_voter = p == R->speaker ? -1 : (int8_t)voter_after(s, p);
	if (desc)
		sl_buf_printf(desc, inf ? "%s casts %d vote%s for %s" : "%s abstains", PID(p), inf,
			inf == 1 ? "" : "s", out);
	return 0;
}

static int agenda_outcome(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int best = 0, k, a = R->agenda;
	const char *out = sval(&ev->f[1]);
	if (a < 0 || R->next_voter >= 0)
		return ti4_illegal(err, "ti4 LRR 8.6: the outcome follows every player's vote");
	if (ev->player != R->speaker)
		return ti4_illegal(err, "ti4 LRR 8.6: the speaker resolves the outcome");
	for (k = 0; k < R->noutcome; k++)
		best = votes_of(s, k) > best ? votes_of(s, k) : best;
	for (k = 0; k < R->noutcome && strcmp(R->outcome[k], out); k++)
		;
	if (R->noutcome && (k == R->noutcome || votes_of(s, k) != best)) {
		for (k = 0; votes_of(s, k) != best; k++)
			;
		return ti4_illegal(err, "ti4 LRR 8.6: %s has the most votes (%d); the speaker "
			"chooses only among outcomes tied for the most", R->outcome[k], best);
	}
	if (desc)
		sl_buf_printf(desc, "%s: %s is the outcome", ti4_agendas[a].name, out);
	if (ti4_agendas[a].kind == TI4_AG_LAW && strcmp(out, "against") && R->nlaw < TI4_NLAW) {
		R->law_who[R->nlaw] = (int8_t)sl_header_player(h, out);
		R->law[R->nlaw++] = (uint8_t)a;
		if (desc)
			sl_buf_printf(desc, "; the law stays in play");
	}
	outcome_effect(s, h, a, out, desc);
	R->agenda = -1;
	R->agendas_done++;
	return 0;
}

static int ev_agenda(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int a;
	if (s->phase != 3)
		return ti4_illegal(err, "ti4 LRR 8: agendas are resolved in the agenda phase");
	if (ev->f[0].u.i == 1)
		return agenda_vote(s, h, ev, desc, err);
	if (ev->f[0].u.i == 2)
		return agenda_outcome(s, h, ev, desc, err);
	a = ti4_agenda_index(sval(&ev->f[1]));
	if (ev->player != R->speaker || R->agenda >= 0 || R->agendas_done >= 2)
		return ti4_illegal(err, "ti4 LRR 8.2: the speaker reveals the agenda, two in an agenda "
			"phase, one at a time");
	if (a < 0)
		return ti4_illegal(err, "ti4 LRR 8: `%s` is not an agenda", sval(&ev->f[1]));
	for (int k = 0; k < R->nlaw; k++)
		if (R->law[k] == a)
			return ti4_illegal(err, "ti4 LRR 8: %s is a law in play", ti4_agendas[a].name);
	R->agenda = (int8_t)a;
	R->noutcome = 0;
	memset(R->votes, 0, sizeof R->votes);
	R->voted = 0;
	R->next_voter = (int8_t)voter_after(s, R->speaker);
	if (desc)
		sl_buf_printf(desc, "%s reveals %s (%s)", PID(ev->player), ti4_agendas[a].name,
			ti4_agendas[a].kind == TI4_AG_LAW ? "a law" : "a directive");
	return 0;
}

/* ---- dispatch, markers, the end ------------------------------------------------------------ */

int ti4_round_event(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	if (!R->on)
		return ti4_illegal(err, "ti4: %s is an event of rules version 2 (the log says %d)",
			ti4_schema.events[ev->type].name, h ? h->rules_version : 1);
	switch (ev->type) {
	case TI4_EV_SEAT: return ev_seat(s, h, ev, desc, err);
	case TI4_EV_PICK: return ev_pick(s, h, ev, desc, err);
	case TI4_EV_STRATEGIC: return ev_strategic(s, h, ev, desc, err);
	case TI4_EV_PLAY: return ev_play(s, h, ev, desc, err);
	case TI4_EV_OBJECTIVE: return ev_objective(s, h, ev, desc, err);
	case TI4_EV_AGENDA: return ev_agenda(s, h, ev, desc, err);
	case TI4_EV_DRAW: return ev_draw(s, h, ev, desc, err);
	default: return ti4_illegal(err, "ti4: unknown event");
	}
}

void ti4_round_after(ti4_state *s, const sl_header *h, sl_buf *desc)
{
	int best = -1;
	if (!R->on)
		return;
	/* LRR 27: the first to gain Mecatol Rex takes the custodians token and 1 point */
	if (!R->custodians && s->tile[0] == 18 && s->ctrl[0][0] >= 0 && s->turn > 0
	    && ti4_v4_custodians_on_control(s)) {
		R->custodians = 1;
		s->pl[s->ctrl[0][0]].vp++;
		if (desc)
			sl_buf_printf(desc, "; %s takes the custodians token (1 VP): the agenda phase "
				"opens from now on", PID(s->ctrl[0][0]));
	}
	if (R->winner >= 0)
		return;
	for (int p = 0; p < s->np; p++)   /* LRR 98.2: ties go by initiative order */
		if (s->pl[p].vp >= R->goal && (best < 0 || ti4_initiative(s, p) < ti4_initiative(s, best)))
			best = p;
	if (best >= 0) {
		R->winner = (int8_t)best;
		if (desc)
			sl_buf_printf(desc, "; %s reaches %d victory points and wins the game",
				PID(best), s->pl[best].vp);
	}
}

int ti4_round_mark(ti4_state *s, const sl_header *h, int turn, int phase, sl_error *err)
{
	if (!R->on)
		return 0;
	if (phase == 1) {
		if (s->turn > 0 && R->custodians && s->phase != 3)
			return ti4_illegal(err, "ti4 LRR 8: the custodians token is taken: the agenda "
				"phase (phase 3) ends round %d", s->turn);
		if (s->phase == 3 && R->agendas_done < 2)
			return ti4_illegal(err, "ti4 LRR 8.1: two agendas are resolved in an agenda phase");
		memset(R->owner, 0, sizeof R->owner);
		memset(R->used, 0, sizeof R->used);
		memset(R->status_scored, 0, sizeof R->status_scored);
		memset(s->exh, 0, sizeof s->exh);   /* LRR 8.7: planets ready after the agenda phase */
		R->picking = 1;
		R->last = R->strat = -1;
		return 0;
	}
	if (phase == 2) {
		if (R->picking)
			return ti4_illegal(err, "ti4 LRR 83: the strategy phase is not over");
		for (int p = 0; p < s->np; p++)
			for (int c = 0; c < 8; c++)
				if (R->owner[c] == p + 1 && !R->used[c] && !s->pl[p].eliminated)
					return ti4_illegal(err, "ti4 LRR 3.3: %s passed without the strategic "
						"action of %s", PID(p), ti4_strategy[c].name);
		for (int p = 0; p < s->np; p++)
			if (!s->pl[p].eliminated)
				R->hand[p]++;   /* LRR 81.3: one action card each */
		return 0;
	}
	if (s->phase != 2 || turn != s->turn || !R->custodians)
		return ti4_illegal(err, "ti4 LRR 8: the agenda phase follows the status phase once the "
			"custodians token is taken");
	R->agendas_done = 0;
	R->agenda = -1;
	return 0;
}

int ti4_result(const void *st, const sl_header *h, sl_buf *out)
{
	const ti4_state *s = st;
	if (!R->on || R->winner < 0)
		return 0;
	sl_buf_printf(out, "%s (%s) wins with %d victory points", PID(R->winner),
		ti4_factions[s->pl[R->winner].faction].name, s->pl[R->winner].vp);
	return 1;
}

/* ---- bytes: appended after version 1's, only in a version 2 game ------------------------------- */

void ti4_round_serialize(const ti4_state *s, sl_buf *b)
{
	if (!R->on)
		return;
	sl_buf_u8(b, 2);
	sl_buf_put(b, R, sizeof *R);   /* every field is a byte: no padding, no byte order */
}

void ti4_round_restore(ti4_state *s, sl_reader *r)
{
	const uint8_t *p;
	if (r->err || r->pos >= r->len)
		return;
	if (sl_read_u8(r) != 2 || !(p = sl_read_bytes(r, sizeof s->r))) {
		r->err = 1;
		return;
	}
	memcpy(&s->r, p, sizeof s->r);
	if (!s->r.on || s->r.npub > TI4_NPUB || s->r.nlaw > TI4_NLAW)
		r->err = 1;
	for (int q = 0; q < TI4_MAXP; q++)
		if (s->r.nsec[q] > TI4_NSEC)
			r->err = 1;
}

/* ---- words ------------------------------------------------------------------------------------ */

void ti4_round_summary(const ti4_state *s, const sl_header *h, sl_buf *o)
{
	if (!R->on)
		return;
	sl_buf_printf(o, "speaker %s; victory points to win %d%s%s\n", PID(R->speaker), R->goal,
		R->custodians ? "; custodians taken" : "", R->winner >= 0 ? "; the game is over" : "");
	if (R->winner >= 0)
		sl_buf_printf(o, "winner: %s with %d victory points\n", PID(R->winner),
			s->pl[R->winner].vp);
	sl_buf_puts(o, "strategy cards:");
	for (int c = 0; c < 8; c++)
		sl_buf_printf(o, " %d %s %s%s%s", c + 1, ti4_strategy[c].id, R->owner[c] ?
			PID(R->owner[c] - 1) : "-", R->used[c] ? " (used)" : "", R->tg[c] ? " +tg" : "");
	sl_buf_puts(o, "\nobjectives:");
	for (int k = 0; k < R->npub; k++) {
		int o2 = R->pub[k], any = 0;
		sl_buf_printf(o, " %s [", ti4_objectives[o2].id);
		for (int p = 0; p < s->np; p++)
			if (bit(R->scored[p], o2)) {
				sl_buf_printf(o, "%s%s", any ? " " : "", PID(p));
				any = 1;
			}
		sl_buf_putc(o, ']');
	}
	sl_buf_puts(o, "\nlaws:");
	for (int k = 0; k < R->nlaw; k++)
		sl_buf_printf(o, " %s%s%s", ti4_agendas[R->law[k]].id, R->law_who[k] >= 0 ? "=" : "",
			R->law_who[k] >= 0 ? PID(R->law_who[k]) : "");
	if (!R->nlaw)
		sl_buf_puts(o, " -");
	sl_buf_puts(o, "\nhands:");
	for (int p = 0; p < s->np; p++)
		sl_buf_printf(o, "%s %s %d action card%s, %d secret%s sealed", p ? ";" : "", PID(p), R->hand[p],
			R->hand[p] == 1 ? "" : "s", R->nsec[p], R->nsec[p] == 1 ? "" : "s");
	sl_buf_putc(o, '\n');
}

void ti4_round_json(const ti4_state *s, const sl_header *h, sl_buf *o)
{
	if (!R->on)
		return;
	sl_buf_puts(o, ",\"speaker\":");
	sl_buf_json_str(o, PID(R->speaker));
	sl_buf_printf(o, ",\"goal\":%d,\"custodians\":%s,\"winner\":", R->goal,
		R->custodians ? "true" : "false");
	if (R->winner >= 0)
		sl_buf_json_str(o, PID(R->winner));
	else
		sl_buf_puts(o, "null");
	sl_buf_puts(o, ",\"strategy\":[");
	for (int c = 0; c < 8; c++) {
		sl_buf_printf(o, "%s{\"card\":\"%s\",\"holder\":", c ? "," : "", ti4_strategy[c].id);
		if (R->owner[c])
			sl_buf_json_str(o, PID(R->owner[c] - 1));
		else
			sl_buf_puts(o, "null");
		sl_buf_printf(o, ",\"used\":%s,\"tg\":%d}", R->used[c] ? "true" : "false", R->tg[c]);
	}
	sl_buf_puts(o, "],\"objectives\":[");
	for (int k = 0; k < R->npub; k++) {
		int any = 0;
		sl_buf_printf(o, "%s{\"id\":\"%s\",\"stage\":%d,\"scored\":[", k ? "," : "",
			ti4_objectives[R->pub[k]].id, ti4_objectives[R->pub[k]].stage);
		for (int p = 0; p < s->np; p++)
			if (bit(R->scored[p], R->pub[k])) {
				sl_buf_puts(o, any ? "," : "");
				sl_buf_json_str(o, PID(p));
				any = 1;
			}
		sl_buf_puts(o, "]}");
	}
	sl_buf_puts(o, "],\"laws\":[");
	for (int k = 0; k < R->nlaw; k++)
		sl_buf_printf(o, "%s\"%s\"", k ? "," : "", ti4_agendas[R->law[k]].id);
	sl_buf_puts(o, "],\"hands\":{");
	for (int p = 0; p < s->np; p++) {
		sl_buf_puts(o, p ? "," : "");
		sl_buf_json_str(o, PID(p));
		sl_buf_printf(o, ":{\"action_cards\":%d,\"secrets\":%d}", R->hand[p], R->nsec[p]);
	}
	sl_buf_putc(o, '}');
}
