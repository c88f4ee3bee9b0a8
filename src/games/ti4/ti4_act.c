/* ti4_act.c - Twilight Imperium 4, the actions of play: the tactical action
 * (activation, movement, space cannon, space combat, invasion, production),
 * transactions, and capture with every clause of LRR 17 (22 in the Russian
 * translation) and its commentary; the Vuil'raith Cabal's abilities and
 * their copies by Nekro and Yssaril. */
#include "ti4_int.h"

#include <string.h>

#define UD(t) (ti4_units[t])
#define PID(p) ti4_pid(h, p)

static int tokidx(int t) { return t == TI4_FF ? 0 : t == TI4_INF ? 1 : -1; }

static void count_list(const sl_value *v, int cnt[TI4_NUT])
{
	const uint8_t *l = v->p;
	memset(cnt, 0, sizeof(int) * TI4_NUT);
	for (int k = 0; v->present && k < v->n; k++)
		if (l[k] < TI4_NUT)
			cnt[l[k]]++;
}

static int list_total(const int cnt[TI4_NUT])
{
	int n = 0;
	for (int t = 0; t < TI4_NUT; t++)
		n += cnt[t];
	return n;
}

static void put_list(sl_buf *d, const int cnt[TI4_NUT])
{
	int first = 1;
	for (int t = 0; t < TI4_NUT; t++)
		if (cnt[t]) {
			sl_buf_printf(d, "%s%d %s", first ? "" : ", ", cnt[t], UD(t).name);
			first = 0;
		}
	if (first)
		sl_buf_puts(d, "nothing");
}

static int player_arg(const sl_header *h, const sl_value *v)
{
	return v->present && h ? sl_header_player(h, v->p) : -1;
}

static const char *fname(const ti4_state *s, int p)
{
	return s->pl[p].faction >= 0 ? ti4_factions[s->pl[p].faction].id : "?";
}

/* ---- capacity, moves of pieces --------------------------------------------------- */

static int capacity_in(const ti4_state *s, int i, int p, int *ff_free)
{
	int cap = 0;
	for (int t = 0; t < TI4_NUT; t++) {
		int c = ti4_unit_capacity(s, p, t);
		if (ti4_v5_mover(s, p, t))   /* ships, and in version 5 a Floating Factory */
			cap += c * s->u[i][0][p][t];
	}
	/* the Dimensional Tear: fighters in its system beyond capacity */
	*ff_free = 0;
	if (ti4_is_cabal(s, p) && ti4_has_dock(s, i, p))
		*ff_free = s->pl[p].techs >> TI4_T_DTEAR2 & 1 ? 12 : 6;
	else if (s->r.on)   /* rules 2: the space dock card, 3 fighters each (Space Dock I and II) */
		for (int a = 1; a < TI4_AREAS; a++)
			*ff_free += 3 * s->u[i][a][p][TI4_SD];
	return cap;
}

/* LRR 16: fighters and ground forces in a space area within the capacity there. */
static int check_capacity(const ti4_state *s, const sl_header *h, int i, int p, sl_error *err)
{
	int ff_free, cap = capacity_in(s, i, p, &ff_free);
	int ff = s->u[i][0][p][TI4_FF], gf = s->u[i][0][p][TI4_INF] + s->u[i][0][p][TI4_MECH];
	int need = (ff > ff_free ? ff - ff_free : 0) + gf;
	if (need > cap)
		return ti4_illegal(err, "ti4 LRR 16: %s's ships at %03d have capacity %d; %d fighters "
			"and %d ground forces need %d", PID(p), ti4_pos_code(i), cap, ff, gf, need);
	return 0;
}

/* LRR 37: non-fighter ships in a system within the fleet pool. */
static int check_fleet(const ti4_state *s, const sl_header *h, int i, int p, sl_error *err)
{
	int n = ti4_ships_in(s, i, p) - s->u[i][0][p][TI4_FF];
	if (n > ti4_fleet_limit(s, p))
		return ti4_illegal(err, "ti4 LRR 37: %s has %d non-fighter ships at %03d, more than "
			"the %d tokens of the fleet pool%s", PID(p), n, ti4_pos_code(i), s->pl[p].fleet,
			ti4_fleet_limit(s, p) > s->pl[p].fleet ? " and Armada's 2" : "");
	return 0;
}

/* Moves n units of p's type t between places: plastic first, but a token
 * never stays behind without a plastic piece (LRR 36, 46). */
static int xfer(ti4_state *s, const sl_header *h, int fi, int fa, int ti, int ta, int p, int t,
	int n, sl_error *err)
{
	int k = tokidx(t), have = s->u[fi][fa][p][t], dm;
	if (n <= 0)
		return 0;
	if (n > have)
		return ti4_illegal(err, "ti4: %s has %d %s at %s, not %d", PID(p), have, UD(t).name,
			fa ? ti4_planet_at(s, fi, fa)->name : "that space area", n);
	if (k >= 0) {
		int T = s->tok[fi][fa][p][k], r = have - n;
		int rt = T < (r > 0 ? r - 1 : 0) ? T : (r > 0 ? r - 1 : 0);
		int mt = T - rt, mp = n - mt;
		if (mp == 0 && mt > 0 && ti4_plastic(s, ti, ta, p, t) == 0)
			return ti4_illegal(err, "ti4 LRR %s: a %s token needs a plastic %s beside it",
				t == TI4_FF ? "36" : "46", UD(t).name, UD(t).name);
		s->tok[fi][fa][p][k] = (uint8_t)rt;
		s->tok[ti][ta][p][k] = (uint8_t)(s->tok[ti][ta][p][k] + mt);
	}
	if (s->u[ti][ta][p][t] + n > TI4_PLACE_MAX)
		return ti4_illegal(err, "ti4: the module keeps at most %d %s of one colour in one place",
			TI4_PLACE_MAX, UD(t).name);
	/* damaged units move first (formats/ti4.md) */
	dm = s->dmg[fi][fa][p][t] < n ? s->dmg[fi][fa][p][t] : n;
	s->dmg[fi][fa][p][t] -= (uint8_t)dm;
	s->dmg[ti][ta][p][t] += (uint8_t)dm;
	s->u[fi][fa][p][t] -= (uint8_t)n;
	s->u[ti][ta][p][t] += (uint8_t)n;
	return 0;
}

/* ---- capture ------------------------------------------------------------------------ */

/* A captured unit goes back: to its owner's reinforcements, or to the box
 * when the owner is eliminated (commentary 6). Never to the capturer's own
 * reinforcements (commentary 7): callers refuse that first. */
static void give_back(ti4_state *s, int c, int owner, int t)
{
	s->cap[c][owner][t]--;
	if (s->pl[owner].eliminated)
		s->box[owner][t]++;
	else
		s->reinf[owner][t]++;
}

/* 17.5 (22.5): c cannot capture owner's units while owner blockades a dock of c. */
static int may_capture(const ti4_state *s, int c, int owner)
{
	return c != owner ? !(s->blk[c] >> owner & 1) : 1;
}

/* Capture of a unit that is no longer on the board (destroyed, or taken from
 * reinforcements). LRR 17.1 (22.1): ships and mechs onto the capturer's sheet;
 * 17.3 (22.3): a fighter or infantry returns to its owner's reinforcements
 * (`plastic`: it was a plastic piece) and a supply token goes on the sheet. */
static void capture(ti4_state *s, int c, int owner, int t, int plastic)
{
	int k = tokidx(t);
	if (k >= 0) {
		if (plastic)
			s->reinf[owner][t]++;
		if (s->captok[c][k] < 255)   /* tokens are unlimited; the count stops at 255 */
			s->captok[c][k]++;
	} else {
		s->cap[c][owner][t]++;
	}
}

/* Who captures a non-structure unit of `owner` destroyed at i (area a):
 * the Cabal flagship captures everything destroyed in its system, its own
 * too; Devour (the Cabal, Nekro copying it) captures the opponent's units
 * destroyed in combat; Reanimator captures the Cabal's infantry destroyed on
 * the mech's planet. -1: nobody. */
static int captor(const ti4_state *s, int i, int a, int owner, int t, int in_combat)
{
	if (UD(t).structure)
		return -1;
	for (int c = 0; c < s->np; c++) {
		if (!ti4_is_cabal(s, c) || !s->u[i][0][c][TI4_FS] || (c == owner && t == TI4_FS))
			continue;   /* The Terror Between: every other unit destroyed there */
		if (may_capture(s, c, owner))
			return c;
	}
	if (in_combat) {
		int opp = owner == s->att ? s->def : owner == s->def ? s->att : -1;
		if (opp >= 0 && (ti4_is_cabal(s, opp) || (s->pl[opp].faction == TI4_F_NEKRO
		    && s->pl[opp].copies >> TI4_C_DEVOUR & 1)) && may_capture(s, opp, owner))
			return opp;
	}
	if (t == TI4_INF && a > 0 && ti4_is_cabal(s, owner) && s->u[i][a][owner][TI4_MECH])
		return owner;   /* Reanimator */
	return -1;
}

/* Destroys n of owner's units of type t at (i, a). Damaged units and tokens
 * go first. Reports captures into desc. in_combat -1: the units are removed,
 * not destroyed (rules 2, a gravity rift: LRR 41), and nobody captures them. */
static void destroy(ti4_state *s, const sl_header *h, int i, int a, int owner, int t, int n,
	int in_combat, sl_buf *desc)
{
	int k = tokidx(t), ncap = 0, c = -1;
	for (int j = 0; j < n && s->u[i][a][owner][t]; j++) {
		int plastic = 1;
		c = in_combat < 0 ? -1 : captor(s, i, a, owner, t, in_combat);
		if (k >= 0 && s->tok[i][a][owner][k]) {
			s->tok[i][a][owner][k]--;
			plastic = 0;
		}
		if (s->dmg[i][a][owner][t])
			s->dmg[i][a][owner][t]--;
		s->u[i][a][owner][t]--;
		if (c >= 0) {
			capture(s, c, owner, t, plastic);
			ncap++;
		} else if (plastic) {
			s->reinf[owner][t]++;
		}
	}
	if (!ncap && n && desc && in_combat > 0 && !UD(t).structure) {
		int opp = owner == s->att ? s->def : owner == s->def ? s->att : -1;
		if (opp >= 0 && (ti4_is_cabal(s, opp) || (s->pl[opp].faction == TI4_F_NEKRO
		    && s->pl[opp].copies >> TI4_C_DEVOUR & 1)) && !may_capture(s, opp, owner))
			sl_buf_printf(desc, "; %s blockades a space dock of %s, who cannot capture them "
				"(LRR 17.5 (22.5))", PID(owner), PID(opp));
	}
	if (ncap && desc)
		sl_buf_printf(desc, "; %s captures %d %s of %s (%s)", PID(c), ncap, UD(t).name,
			PID(owner), c == owner ? (t == TI4_INF && a > 0 && !s->u[i][0][c][TI4_FS] ?
			"its own, by Reanimator: LRR 17 (22) commentary 7" : "its own: LRR 17 (22) commentary 7")
			: k >= 0 ?
			"a token on its sheet, LRR 17.3 (22.3)" : "onto its sheet, LRR 17.1 (22.1)");
}

/* ---- activation and movement ---------------------------------------------------------- */

static int need_turn(const ti4_state *s, const sl_header *h, int p, sl_error *err)
{
	if (s->phase != 1)
		return ti4_illegal(err, "ti4 LRR 3: actions are taken in the action phase");
	if (s->turnp != p)
		return ti4_illegal(err, "ti4 LRR 89: it is %s's turn, not %s's", s->turnp >= 0 ?
			PID(s->turnp) : "nobody", PID(p));
	if (s->asys < 0)
		return ti4_illegal(err, "ti4 LRR 89: no system is active (`activate` first)");
	return 0;
}

static int ev_activate(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = ti4_pos_index(ev->f[0].u.i), rc;
	if (s->phase != 1)
		return ti4_illegal(err, "ti4 LRR 3: tactical actions are taken in the action phase");
	if (s->turnp >= 0)
		return ti4_illegal(err, "ti4 LRR 3.2: %s's turn is not over", PID(s->turnp));
	if (s->pl[p].passed)
		return ti4_illegal(err, "ti4 LRR 3.3: %s has passed", PID(p));
	if ((rc = ti4_round_may_act(s, h, ev, err)))
		return rc;
	if (i < 0 || !ti4_tile_of(s, i))
		return ti4_illegal(err, "ti4 LRR 89.1: no system at position %03d", ev->f[0].u.i);
	if (s->cmd[i] >> p & 1)
		return ti4_illegal(err, "ti4 LRR 89.1: %03d already holds a command token of %s",
			ev->f[0].u.i, PID(p));
	if (!s->pl[p].tactic)
		return ti4_illegal(err, "ti4 LRR 89.1: %s has no command token in the tactic pool",
			PID(p));
	s->pl[p].tactic--;
	s->cmd[i] |= (uint8_t)(1u << p);
	s->turnp = (int8_t)p;
	s->r.last = (int8_t)p;
	s->asys = (int8_t)i;
	s->step = TI4_ST_MOVE;
	s->traded = 0;
	s->ckind = 0;
	s->round = s->fired = s->afb_done = s->cannon_done = 0;
	memset(s->landed, 0, sizeof s->landed);
	s->prod_used = 0;
	memset(s->owed, 0, sizeof s->owed);
	s->last = (int8_t)i;
	if (desc)
		sl_buf_printf(desc, "%s activates %03d (tile %d); %d tactic token%s left", PID(p),
			ev->f[0].u.i, s->tile[i], s->pl[p].tactic, s->pl[p].tactic == 1 ? "" : "s");
	return 0;
}

static int passable(const ti4_state *s, int i, int p)
{
	const ti4_tile *t = ti4_tile_of(s, i);
	if (!t || t->anomaly == TI4_AN_ASTEROID || t->anomaly == TI4_AN_SUPERNOVA
	    || t->anomaly == TI4_AN_NEBULA)
		return 0;
	for (int q = 0; q < s->np; q++)
		if (q != p && ti4_ships_in(s, i, q))
			return 0;   /* LRR 58.3: ships cannot move through other players' ships */
	return 1;
}

/* A gravity rift (LRR 41): the tile, or a system with the Cabal's Dimensional Tear. */
static int rifted(const ti4_state *s, int i)
{
	const ti4_tile *t = ti4_tile_of(s, i);
	if (t && t->anomaly == TI4_AN_RIFT)
		return 1;
	for (int q = 0; q < s->np; q++)
		if (ti4_is_cabal(s, q) && ti4_has_dock(s, i, q))
			return 2;
	return 0;
}

/* Whether p's ships roll for leaving rift i (the Cabal does not for its own tear). */
static int rolls_for(const ti4_state *s, int i, int p)
{
	return rifted(s, i) && !(rifted(s, i) == 2 && ti4_is_cabal(s, p) && ti4_has_dock(s, i, p));
}

/* Fewest moves from a to b for p's ships (LRR 58), -1 if none. With use_rifts,
 * leaving a gravity rift costs nothing (+1 move, LRR 41.1) and rifts may be
 * passed through; without, the path passes through none. *rolls gets whether
 * a ship on that path rolls for a rift it leaves. 0-1 breadth first. */
static int distance(const ti4_state *s, int a, int b, int p, int use_rifts, int *rolls)
{
	int dist[TI4_NPOS], roll[TI4_NPOS], dq[2 * TI4_NPOS + 2], head = TI4_NPOS, tail = TI4_NPOS;
	int done[TI4_NPOS] = {0};
	const ti4_tile *tb = ti4_tile_of(s, b);
	*rolls = 0;
	if (!tb || tb->anomaly == TI4_AN_ASTEROID || tb->anomaly == TI4_AN_SUPERNOVA)
		return -1;
	for (int i = 0; i < TI4_NPOS; i++)
		dist[i] = -1, roll[i] = 0;
	dist[a] = 0;
	roll[a] = 0;
	dq[tail++] = a;
	while (head < tail) {
		int x = dq[head++], step = use_rifts && rifted(s, x) ? 0 : 1;
		if (done[x])
			continue;
		done[x] = 1;
		if (x == b) {
			*rolls = roll[x];
			return dist[x];
		}
		if (x != a && (!passable(s, x, p) || (!use_rifts && rifted(s, x))))
			continue;
		for (int y = 0; y < TI4_NPOS; y++) {
			int nd = dist[x] + step;
			if (!ti4_adjacent(s, x, y) || (dist[y] >= 0 && dist[y] <= nd))
				continue;
			dist[y] = nd;
			roll[y] = roll[x] || (use_rifts && rolls_for(s, x, p));
			if (step == 0)
				dq[--head] = y;
			else
				dq[tail++] = y;
		}
	}
	return -1;
}

static int ev_move(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = ti4_pos_index(ev->f[0].u.i), cnt[TI4_NUT], ships = 0, cap = 0;
	int carried = 0, d, rc, use_rift, rolls = 0, nships = 0, lost[TI4_NUT] = {0};
	const ti4_tile *from;
	if ((rc = need_turn(s, h, p, err)))
		return rc;
	if (s->step != TI4_ST_MOVE)
		return ti4_illegal(err, "ti4 LRR 89.2: the movement step is over");
	if (i < 0 || !(from = ti4_tile_of(s, i)))
		return ti4_illegal(err, "ti4 LRR 58: no system at position %03d", ev->f[0].u.i);
	if (i == s->asys)
		return ti4_illegal(err, "ti4 LRR 58: the ships are already in the active system");
	if (s->cmd[i] >> p & 1)
		return ti4_illegal(err, "ti4 LRR 58.2: ships cannot move out of %03d, which holds "
			"%s's command token", ev->f[0].u.i, PID(p));
	count_list(&ev->f[1], cnt);
	for (int t = 0; t < TI4_NUT; t++) {
		if (!cnt[t])
			continue;
		if (UD(t).structure && !ti4_v5_factory(s, p, t))
			return ti4_illegal(err, "ti4 LRR 58: a %s does not move", UD(t).name);
		if (cnt[t] > s->u[i][0][p][t])
			return ti4_illegal(err, "ti4 LRR 58: %s has %d %s in the space area of %03d, "
				"not %d", PID(p), s->u[i][0][p][t], UD(t).name, ev->f[0].u.i, cnt[t]);
		if (ti4_v5_mover(s, p, t) && ti4_unit_move(s, p, t))
			ships += cnt[t];
		else
			carried += cnt[t];
	}
	if (!ships)
		return ti4_illegal(err, "ti4 LRR 58: only ships with a move value move; fighters and "
			"ground forces are transported");
	use_rift = ev->f[2].present || rifted(s, i);
	d = distance(s, i, s->asys, p, use_rift, &rolls);
	if (d < 0)
		return ti4_illegal(err, "ti4 LRR 58: no path from %03d to %03d avoids other players' "
			"ships and anomalies (asteroid fields, supernovae; a nebula only as destination; "
			"a gravity rift only with rift= dice)", ev->f[0].u.i, ti4_pos_code(s->asys));
	for (int t = 0; t < TI4_NUT; t++)
		if (ti4_v5_mover(s, p, t))
			nships += cnt[t];
	if (rolls && (!ev->f[2].present || ev->f[2].n != nships))
		return ti4_illegal(err, "ti4 LRR 41.2: each ship leaving a gravity rift rolls a die: "
			"rift= gives %d dice, one per moving ship (fighters too) in unit order", nships);
	if (!rolls && ev->f[2].present)
		return ti4_illegal(err, "ti4 LRR 41: no die is rolled: the ships leave no gravity rift "
			"they roll for");
	for (int t = 0; t < TI4_NUT; t++) {
		int mv = ti4_unit_move(s, p, t);
		if (!cnt[t] || !ti4_v5_mover(s, p, t) || !mv)
			continue;
		if (from->anomaly == TI4_AN_NEBULA)
			mv = 1;   /* LRR 59.3: a ship leaving a nebula has move 1 */
		if (d > mv)
			return ti4_illegal(err, "ti4 LRR 58.1: the %s has move %d; %03d is %d away",
				UD(t).name, mv, ti4_pos_code(s->asys), d);
		cap += ti4_unit_capacity(s, p, t) * cnt[t];
	}
	if (carried > cap)
		return ti4_illegal(err, "ti4 LRR 95: the moving ships have capacity %d for %d "
			"fighters and ground forces", cap, carried);
	if (rolls) {
		/* LRR 41.2: a die of 1-3 destroys the ship before it leaves the rift, with what it
		 * carries: ground forces beyond the surviving capacity, infantry first */
		const uint8_t *dv = ev->f[2].p;
		int k = 0, left = 0;
		for (int t = 0; t < TI4_NUT; t++)
			for (int j = 0; ti4_v5_mover(s, p, t) && j < cnt[t]; j++, k++)
				if (dv[k] <= 3)
					lost[t]++;
		for (int t = 0; t < TI4_NUT; t++)
			if (ti4_v5_mover(s, p, t) && ti4_unit_move(s, p, t))
				left += ti4_unit_capacity(s, p, t) * (cnt[t] - lost[t]);
		left -= cnt[TI4_FF] - lost[TI4_FF];
		for (int t = TI4_INF; t >= TI4_MECH; t--) {   /* inf (8) then mech (7) */
			int over = cnt[t] - (left > 0 ? left : 0);
			if (over > 0) {
				lost[t] += over > cnt[t] ? cnt[t] : over;
				left = 0;
			} else {
				left -= cnt[t];
			}
		}
		for (int t = 0; t < TI4_NUT; t++) {
			destroy(s, h, i, 0, p, t, lost[t], s->r.on ? -1 : 0, NULL);
			cnt[t] -= lost[t];
		}
	}
	for (int t = 0; t < TI4_NUT; t++)
		if ((rc = xfer(s, h, i, 0, s->asys, 0, p, t, cnt[t], err)))
			return rc;
	if ((rc = check_fleet(s, h, s->asys, p, err)) || (rc = check_capacity(s, h, s->asys, p, err)))
		return rc;
	if (desc) {
		sl_buf_printf(desc, "%s moves ", PID(p));
		put_list(desc, cnt);
		sl_buf_printf(desc, " from %03d to %03d (%d away%s)", ev->f[0].u.i,
			ti4_pos_code(s->asys), d, use_rift ? ", through a gravity rift: +1 move" : "");
		if (list_total(lost)) {
			sl_buf_puts(desc, "; the rift destroys ");
			put_list(desc, lost);
		}
	}
	return 0;
}

static int ev_load(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, slot, i, cnt[TI4_NUT], rc;
	if ((rc = need_turn(s, h, p, err)))
		return rc;
	if (s->step != TI4_ST_MOVE)
		return ti4_illegal(err, "ti4 LRR 95: ground forces are picked up in the movement step");
	i = ti4_planet_find(s, ti4_planet_tokens[ev->f[0].u.i], &slot);
	if (i < 0)
		return ti4_illegal(err, "ti4: planet %s is not in this galaxy",
			ti4_planet_tokens[ev->f[0].u.i]);
	if (i != s->asys && (s->cmd[i] >> p & 1))
		return ti4_illegal(err, "ti4 LRR 95.3: no pick-up in a system holding %s's command "
			"token, except the active system", PID(p));
	count_list(&ev->f[1], cnt);
	for (int t = 0; t < TI4_NUT; t++) {
		if (cnt[t] && !UD(t).ground)
			return ti4_illegal(err, "ti4 LRR 95: only ground forces are picked up from a planet");
		if ((rc = xfer(s, h, i, slot, i, 0, p, t, cnt[t], err)))
			return rc;
	}
	if ((rc = check_capacity(s, h, i, p, err)))
		return rc;
	if (desc) {
		sl_buf_printf(desc, "%s picks up ", PID(p));
		put_list(desc, cnt);
		sl_buf_printf(desc, " from %s", ti4_planet_at(s, i, slot)->name);
	}
	return 0;
}

/* ---- dice and hits ---------------------------------------------------------------------- */

/* Whether p and another player both have ships in the active system. */
static int opponent_in(const ti4_state *s, int i, int p)
{
	/* ... any of them; who the active player fights: ti4_combat_opponent */
	for (int q = 0; q < s->np; q++)
		if (q != p && ti4_ships_in(s, i, q))
			return q;
	return -1;
}

static int combat_needed(const ti4_state *s)
{
	return s->asys >= 0 && s->ckind != 1 && ti4_ships_in(s, s->asys, s->turnp)
		&& opponent_in(s, s->asys, s->turnp) >= 0 && s->step < TI4_ST_INVADE;
}

static int pending_any(const ti4_state *s)
{
	for (int p = 0; p < s->np; p++)
		if (s->pend[p])
			return 1;
	return 0;
}

/* Counts hits of `dice` against per-type values; dice must number exactly
 * the sum of nd[t] and come in unit order. */
static int roll_hits(const sl_value *v, const int nd[TI4_NUT], const int val[TI4_NUT],
	const char *what, sl_error *err)
{
	const uint8_t *d = v->p;
	int need = 0, k = 0, hits = 0;
	for (int t = 0; t < TI4_NUT; t++)
		need += nd[t];
	if (v->n != need)
		return ti4_illegal(err, "ti4 LRR %s: %d dice are rolled here, not %d", what, need, v->n);
	for (int t = 0; t < TI4_NUT; t++)
		for (int j = 0; j < nd[t]; j++, k++)
			hits += d[k] >= val[t];
	return hits;
}

static void set_pending(ti4_state *s, int p, int hits, int kind, int area)
{
	s->pend[p] = (uint8_t)(s->pend[p] + hits);
	s->pend_kind[p] = (uint8_t)kind;
	s->pend_area[p] = (int8_t)area;
}

/* Ends the movement step when a later step begins. */
static int after_movement(ti4_state *s)
{
	if (s->step == TI4_ST_MOVE)
		s->step = TI4_ST_CANNON;
	return 0;
}

static int ev_cannon(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = s->asys, nd[TI4_NUT] = {0}, val[TI4_NUT] = {0}, hits, target, d;
	if (s->phase != 1 || s->turnp < 0 || i < 0)
		return ti4_illegal(err, "ti4 LRR 77: space cannon fires during a tactical action");
	if (ev->f[2].present) {   /* defense: against ground forces landed on this planet */
		int slot, pi = ti4_planet_find(s, ti4_planet_tokens[ev->f[2].u.i], &slot);
		if (pi != i || s->step != TI4_ST_INVADE || !(s->landed[slot - 1] & 1))
			return ti4_illegal(err, "ti4 LRR 77.3: space cannon defense fires at ground forces "
				"that just landed on a planet of the active system");
		if (p == s->turnp)
			return ti4_illegal(err, "ti4 LRR 77.3: the active player's ground forces are the "
				"target");
		if (s->landed[slot - 1] & 2)
			return ti4_illegal(err, "ti4 LRR 77.3: that space cannon has fired on this landing");
		val[TI4_PDS] = ti4_unit_roll(s, p, TI4_PDS, TI4_ROLL_CANNON, &d);
		nd[TI4_PDS] = s->u[i][slot][p][TI4_PDS] * d;
		if (!nd[TI4_PDS])
			return ti4_illegal(err, "ti4 LRR 77.3: %s has no PDS on %s", PID(p),
				ti4_planet_tokens[ev->f[2].u.i]);
		if ((hits = roll_hits(&ev->f[0], nd, val, "77.3", err)) < 0)
			return hits;
		s->landed[slot - 1] |= 2;
		set_pending(s, s->turnp, hits, 2, slot);
		if (desc)
			sl_buf_printf(desc, "%s's space cannon defense on %s: %d hit%s on %s's ground "
				"forces", PID(p), ti4_planet_at(s, i, slot)->name, hits, hits == 1 ? "" : "s",
				PID(s->turnp));
		return 0;
	}
	if (s->step > TI4_ST_CANNON)
		return ti4_illegal(err, "ti4 LRR 77.2: space cannon offense fires after movement, "
			"before space combat");
	after_movement(s);
	if (s->cannon_done >> p & 1)
		return ti4_illegal(err, "ti4 LRR 77.2: %s has fired space cannon offense this action",
			PID(p));
	for (int k = 1; k <= 3; k++)
		nd[TI4_PDS] += s->u[i][k][p][TI4_PDS];
	if (ti4_has_tech(s, p, TI4_T_PDS2))   /* PDS II reaches adjacent systems */
		for (int j = 0; j < TI4_NPOS; j++)
			if (ti4_adjacent(s, i, j))
				for (int k = 1; k <= 3; k++)
					nd[TI4_PDS] += s->u[j][k][p][TI4_PDS];
	if (!nd[TI4_PDS])
		return ti4_illegal(err, "ti4 LRR 77: %s has no PDS in range of %03d", PID(p),
			ti4_pos_code(i));
	target = p == s->turnp ? player_arg(h, &ev->f[1]) : s->turnp;
	if (target < 0 || target == p || !ti4_ships_in(s, i, target))
		return ti4_illegal(err, "ti4 LRR 77.2: space cannon offense needs a target with ships "
			"in the active system (`target=` when the active player fires)");
	val[TI4_PDS] = ti4_unit_roll(s, p, TI4_PDS, TI4_ROLL_CANNON, &d);
	nd[TI4_PDS] *= d;
	if ((hits = roll_hits(&ev->f[0], nd, val, "77.2", err)) < 0)
		return hits;
	s->cannon_done |= (uint8_t)(1u << p);
	set_pending(s, target, hits, 0, 0);
	if (desc)
		sl_buf_printf(desc, "%s's space cannon offense: %d hit%s on %s's ships", PID(p), hits,
			hits == 1 ? "" : "s", PID(target));
	return 0;
}

static int start_space_combat(ti4_state *s, sl_buf *desc, const sl_header *h)
{
	s->ckind = 1;
	s->att = s->turnp;
	s->def = (int8_t)ti4_combat_opponent(s, s->asys, s->turnp);
	s->round = 1;
	s->fired = 0;
	s->afb_done = 0;
	s->step = TI4_ST_COMBAT;
	s->retreat[s->att] = s->retreat[s->def] = -1;
	if (desc)
		sl_buf_printf(desc, "space combat at %03d, %s against %s, round 1: ",
			ti4_pos_code(s->asys), PID(s->att), PID(s->def));
	return 0;
}

static int combat_side(const ti4_state *s, int p)
{
	return s->ckind && (p == s->att || p == s->def);
}

static int ev_barrage(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = s->asys, nd[TI4_NUT] = {0}, val[TI4_NUT] = {0}, hits, opp, ff, rc;
	if (s->phase != 1 || s->turnp < 0 || i < 0)
		return ti4_illegal(err, "ti4 LRR 10: anti-fighter barrage is part of a space combat");
	if (pending_any(s))
		return ti4_illegal(err, "ti4 LRR 77: hits of space cannon must be assigned first");
	if (s->ckind != 1) {
		if (!combat_needed(s))
			return ti4_illegal(err, "ti4 LRR 78: no space combat at %03d", ti4_pos_code(i));
		after_movement(s);
		if ((rc = start_space_combat(s, desc, h)))
			return rc;
	}
	if (!combat_side(s, p))
		return ti4_not_a_side(s, h, p, "10", err) ? SL_EILLEGAL
			: ti4_illegal(err, "ti4 LRR 10: %s is not in this space combat", PID(p));
	if (s->round != 1 || s->fired)
		return ti4_illegal(err, "ti4 LRR 10.1: anti-fighter barrage comes before the first "
			"combat round's rolls");
	if (s->afb_done >> p & 1)
		return ti4_illegal(err, "ti4 LRR 10: %s has already used anti-fighter barrage", PID(p));
	for (int t = 0, d; t < TI4_NUT; t++) {
		val[t] = ti4_unit_roll(s, p, t, TI4_ROLL_AFB, &d);
		nd[t] = s->u[i][0][p][t] * d;
	}
	if ((hits = roll_hits(&ev->f[0], nd, val, "10", err)) < 0)
		return hits;
	s->afb_done |= (uint8_t)(1u << p);
	opp = p == s->att ? s->def : s->att;
	ff = s->u[i][0][opp][TI4_FF];
	if (desc)
		sl_buf_printf(desc, "%s's anti-fighter barrage: %d hit%s, %d of %s's fighters destroyed",
			PID(p), hits, hits == 1 ? "" : "s", hits < ff ? hits : ff, PID(opp));
	destroy(s, h, i, 0, opp, TI4_FF, hits < ff ? hits : ff, 1, desc);
	return 0;
}

static void end_combat(ti4_state *s, const sl_header *h, sl_buf *desc)
{
	int i = s->asys;
	if (s->ckind == 1 && desc)
		sl_buf_printf(desc, "; the space combat at %03d is over", ti4_pos_code(i));
	if (s->ckind == 2) {
		int slot = s->cplanet, win = -1;
		for (int q = 0; q < s->np; q++)
			if (ti4_ground_in(s, i, slot, q))
				win = q;
		if (desc)
			sl_buf_printf(desc, "; the ground combat on %s is over", ti4_planet_at(s, i, slot)->name);
		(void)win;
	}
	s->ckind = 0;
	s->att = s->def = -1;
	s->round = s->fired = 0;
	memset(s->retreat, -1, sizeof s->retreat);
}

/* The round closes when both sides rolled and every hit is assigned:
 * announced retreats happen, then the combat ends if a side is gone. */
static void close_round(ti4_state *s, const sl_header *h, sl_buf *desc)
{
	int i = s->asys, a, both;
	if (!s->ckind || s->fired != ((1u << s->att) | (1u << s->def)) || pending_any(s))
		return;
	a = s->ckind == 1 ? 0 : s->cplanet;
	for (int side = 0; side < 2 && s->ckind == 1; side++) {
		int p = side ? s->att : s->def, to = s->retreat[p];
		if (to < 0)
			continue;
		for (int t = 0; t < TI4_NUT; t++) {
			sl_error e;
			sl_error_clear(&e);
			if (ti4_v5_mover(s, p, t) || UD(t).ground)   /* a factory retreats too (v5) */
				xfer(s, h, i, 0, to, 0, p, t, s->u[i][0][p][t], &e);
		}
		s->cmd[to] |= (uint8_t)(1u << p);
		if (desc)
			sl_buf_printf(desc, "; %s retreats to %03d", PID(p), ti4_pos_code(to));
	}
	if (s->ckind == 1)
		both = ti4_ships_in(s, i, s->att) && ti4_ships_in(s, i, s->def);
	else
		both = ti4_ground_in(s, i, a, s->att) && ti4_ground_in(s, i, a, s->def);
	if (!both) {
		int gc = s->ckind == 2, slot = s->cplanet, att = s->att;
		end_combat(s, h, desc);
		if (gc && ti4_ground_in(s, i, slot, att)) {
			/* control changes hands: the defender's structures there are destroyed */
			for (int q = 0; q < s->np; q++)
				if (q != att)
					for (int t = TI4_PDS; t <= TI4_SD; t++)
						destroy(s, h, i, slot, q, t, s->u[i][slot][q][t], 0, NULL);
			s->ctrl[i][slot - 1] = (int8_t)att;
			s->exh[i][slot - 1] = 1;
			if (desc)
				sl_buf_printf(desc, "; %s takes control of %s", PID(att),
					ti4_planet_at(s, i, slot)->name);
		}
		return;
	}
	s->round++;
	s->fired = 0;
	memset(s->retreat, -1, sizeof s->retreat);
	if (desc)
		sl_buf_printf(desc, "; round %d begins", s->round);
}

static int ev_fire(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = s->asys, nd[TI4_NUT] = {0}, val[TI4_NUT] = {0}, hits, opp, a, rc;
	if (s->phase != 1 || s->turnp < 0 || i < 0)
		return ti4_illegal(err, "ti4 LRR 78: combat happens during a tactical action");
	if (pending_any(s) && !(s->ckind && s->fired))
		return ti4_illegal(err, "ti4: hits already rolled must be assigned first");
	if (ev->f[1].present) {   /* ground combat */
		int slot, pi = ti4_planet_find(s, ti4_planet_tokens[ev->f[1].u.i], &slot);
		if (s->ckind == 1 || combat_needed(s))
			return ti4_illegal(err, "ti4 LRR 89.3: space combat comes before invasion");
		if (pi != i)
			return ti4_illegal(err, "ti4 LRR 42: ground combat is on a planet of the active "
				"system");
		if (s->ckind == 2 && s->cplanet != slot)
			return ti4_illegal(err, "ti4 LRR 42: the ground combat on %s is not over",
				ti4_planet_at(s, i, s->cplanet)->name);
		if (!s->ckind) {
			int q = -1;
			for (int r = 0; r < s->np; r++)
				if (r != s->turnp && ti4_ground_in(s, i, slot, r))
					q = r;
			if (q < 0 || !ti4_ground_in(s, i, slot, s->turnp))
				return ti4_illegal(err, "ti4 LRR 42: no ground combat on %s: it needs ground "
					"forces of two players", ti4_planet_tokens[ev->f[1].u.i]);
			if (pending_any(s))
				return ti4_illegal(err, "ti4: hits already rolled must be assigned first");
			s->ckind = 2;
			s->cplanet = (int8_t)slot;
			s->att = s->turnp;
			s->def = (int8_t)q;
			s->round = 1;
			s->fired = 0;
			s->step = TI4_ST_INVADE;
		}
		a = slot;
	} else {
		if (s->ckind == 2)
			return ti4_illegal(err, "ti4 LRR 42: a ground combat roll names its planet=");
		if (s->ckind != 1) {
			if (!combat_needed(s))
				return ti4_illegal(err, "ti4 LRR 78: no space combat at %03d", ti4_pos_code(i));
			if (pending_any(s))
				return ti4_illegal(err, "ti4: hits already rolled must be assigned first");
			after_movement(s);
			start_space_combat(s, desc, h);
		}
		a = 0;
	}
	if (!combat_side(s, p))
		return ti4_not_a_side(s, h, p, "78.3", err) ? SL_EILLEGAL
			: ti4_illegal(err, "ti4 LRR 78: %s is not in this combat", PID(p));
	if (s->fired >> p & 1)
		return ti4_illegal(err, "ti4 LRR 78.3: %s has rolled in round %d", PID(p), s->round);
	for (int t = 0, d; t < TI4_NUT; t++) {
		int in = a == 0 ? UD(t).ship : ti4_ground_unit(s, p, t);
		if (!in)
			continue;
		val[t] = ti4_combat_roll(s, i, a, p, t, &d);
		nd[t] = s->u[i][a][p][t] * d;
		if (a == 0 && p == s->def && ti4_tile_of(s, i)->anomaly == TI4_AN_NEBULA)
			val[t]--;   /* LRR 59: the defender in a nebula adds 1 to its combat rolls */
	}
	if ((hits = roll_hits(&ev->f[0], nd, val, a ? "42.1" : "78.3", err)) < 0)
		return hits;
	(void)rc;
	s->fired |= (uint8_t)(1u << p);
	opp = p == s->att ? s->def : s->att;
	set_pending(s, opp, hits, a ? 2 : 0, a);
	if (desc)
		sl_buf_printf(desc, "%s rolls %d %s, %d hit%s on %s", PID(p), ev->f[0].n,
			ev->f[0].n == 1 ? "die" : "dice", hits, hits == 1 ? "" : "s", PID(opp));
	if (!hits)
		close_round(s, h, desc);
	return 0;
}

static int ev_assign(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = s->asys, a, sus[TI4_NUT], des[TI4_NUT], absorb = 0, given, due;
	int in_combat;
	if (!s->pend[p])
		return ti4_illegal(err, "ti4: %s has no hits to assign", PID(p));
	if (s->ckind && s->fired != ((1u << s->att) | (1u << s->def)))
		return ti4_illegal(err, "ti4 LRR 78.4: hits are assigned once both sides have rolled "
			"in the round");
	a = s->pend_area[p];
	count_list(&ev->f[0], sus);
	count_list(&ev->f[1], des);
	for (int t = 0; t < TI4_NUT; t++) {
		int ok = s->pend_kind[p] == 2 ? ti4_ground_unit(s, p, t) : s->pend_kind[p] == 1 ? t == TI4_FF
			: UD(t).ship;
		int here = s->u[i][a][p][t];
		if ((sus[t] || des[t]) && !ok)
			return ti4_illegal(err, "ti4 LRR %s: these hits fall on %s, not on a %s",
				s->pend_kind[p] == 2 ? "42.2" : "78.4", s->pend_kind[p] == 2 ?
				"ground forces" : "ships", UD(t).name);
		if (sus[t] && !ti4_unit_sustain(s, p, t))
			return ti4_illegal(err, "ti4 LRR 87: a %s cannot sustain damage", UD(t).name);
		if (sus[t] > here - s->dmg[i][a][p][t])
			return ti4_illegal(err, "ti4 LRR 87.1: %s has %d undamaged %s to sustain damage, "
				"not %d", PID(p), here - s->dmg[i][a][p][t], UD(t).name, sus[t]);
		if (des[t] > here)
			return ti4_illegal(err, "ti4 LRR 78.4: %s has %d %s there, not %d", PID(p), here,
				UD(t).name, des[t]);
		if (ok) {
			absorb += here;
			if (ti4_unit_sustain(s, p, t))
				absorb += here - s->dmg[i][a][p][t];
		}
	}
	given = list_total(sus) + list_total(des);
	due = s->pend[p] < absorb ? s->pend[p] : absorb;
	if (given != due)
		return ti4_illegal(err, "ti4 LRR 78.4: %s must assign %d hit%s, not %d", PID(p), due,
			due == 1 ? "" : "s", given);
	in_combat = s->ckind != 0;
	for (int t = 0; t < TI4_NUT; t++)
		s->dmg[i][a][p][t] = (uint8_t)(s->dmg[i][a][p][t] + sus[t]);
	s->pend[p] = 0;
	if (desc) {
		sl_buf_printf(desc, "%s assigns %d hit%s: ", PID(p), given, given == 1 ? "" : "s");
		if (list_total(sus)) {
			put_list(desc, sus);
			sl_buf_puts(desc, " sustain damage; ");
		}
		put_list(desc, des);
		sl_buf_puts(desc, " destroyed");
	}
	for (int t = TI4_NUT - 1; t >= 0; t--)   /* flagship last: it captures the others */
		destroy(s, h, i, a, p, t, des[t], in_combat, desc);
	if (s->ckind)
		close_round(s, h, desc);
	return 0;
}

static int ev_retreat(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, to = ti4_pos_index(ev->f[0].u.i), ok = 0;
	/* rules 2, LRR 78.5: the first round too, before its rolls (no barrage needed) */
	if (s->r.on && !s->ckind && combat_needed(s) && !pending_any(s)
	    && (p == s->turnp || p == ti4_combat_opponent(s, s->asys, s->turnp)))
		start_space_combat(s, desc, h);
	if (s->ckind != 1 || !combat_side(s, p))
		return ti4_not_a_side(s, h, p, "78.5", err) ? SL_EILLEGAL
			: ti4_illegal(err, "ti4 LRR 78.5: only a side in a space combat retreats");
	if (s->fired)
		return ti4_illegal(err, "ti4 LRR 78.5: a retreat is announced at the start of a round");
	if (p == s->att && s->retreat[s->def] >= 0)
		return ti4_illegal(err, "ti4 LRR 78.5: the defender announced a retreat; the attacker "
			"cannot");
	if (to < 0 || !ti4_adjacent(s, s->asys, to))
		return ti4_illegal(err, "ti4 LRR 78.7: %03d is not adjacent to the combat", ev->f[0].u.i);
	for (int q = 0; q < s->np; q++)
		if (q != p && ti4_ships_in(s, to, q))
			return ti4_illegal(err, "ti4 LRR 78.7: %03d holds other players' ships", ev->f[0].u.i);
	for (int a = 0; a < TI4_AREAS; a++)
		for (int t = 0; t < TI4_NUT; t++)
			ok |= s->u[to][a][p][t] != 0;
	for (int k = 0; k < 3; k++)
		ok |= s->ctrl[to][k] == p;
	if (!ok)
		return ti4_illegal(err, "ti4 LRR 78.7: a retreat goes to a system with %s's units or "
			"planets", PID(p));
	s->retreat[p] = (int8_t)to;
	if (desc)
		sl_buf_printf(desc, "%s announces a retreat to %03d", PID(p), ev->f[0].u.i);
	return 0;
}

/* ---- invasion --------------------------------------------------------------------- */

static int invasion_ready(ti4_state *s, const sl_header *h, int p, sl_error *err)
{
	int rc;
	if ((rc = need_turn(s, h, p, err)))
		return rc;
	if (pending_any(s))
		return ti4_illegal(err, "ti4: hits already rolled must be assigned first");
	if (s->ckind == 1 || combat_needed(s))
		return ti4_illegal(err, "ti4 LRR 89.3: the space combat at %03d comes before invasion",
			ti4_pos_code(s->asys));
	if (s->step > TI4_ST_INVADE)
		return ti4_illegal(err, "ti4 LRR 89.4: the invasion step is over");
	after_movement(s);
	s->step = TI4_ST_INVADE;
	return 0;
}

static int other_ground(const ti4_state *s, int i, int slot, int p)
{
	for (int q = 0; q < s->np; q++)
		if (q != p && ti4_ground_in(s, i, slot, q))
			return q;
	return -1;
}

static int ev_bombard(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, slot, i, nd[TI4_NUT] = {0}, val[TI4_NUT] = {0}, hits, q, rc, ws;
	if ((rc = invasion_ready(s, h, p, err)))
		return rc;
	i = ti4_planet_find(s, ti4_planet_tokens[ev->f[0].u.i], &slot);
	if (i != s->asys)
		return ti4_illegal(err, "ti4 LRR 15: bombardment targets a planet of the active system");
	if (s->landed[slot - 1] & 4)
		return ti4_illegal(err, "ti4 LRR 15: %s has been bombarded this invasion",
			ti4_planet_tokens[ev->f[0].u.i]);
	for (int k = 0; k < 3; k++)
		if (s->landed[k] & 1)
			return ti4_illegal(err, "ti4 LRR 15.1: bombardment comes before ground forces land");
	q = other_ground(s, i, slot, p);
	if (q < 0)
		return ti4_illegal(err, "ti4 LRR 15: no other player's ground forces on %s",
			ti4_planet_tokens[ev->f[0].u.i]);
	ws = s->u[i][0][p][TI4_WS] > 0;
	if (s->u[i][slot][q][TI4_PDS] && !ws)
		return ti4_illegal(err, "ti4 LRR 65: the PDS on %s gives it a planetary shield; it "
			"cannot be bombarded", ti4_planet_tokens[ev->f[0].u.i]);
	for (int t = 0, d; t < TI4_NUT; t++) {
		val[t] = ti4_unit_roll(s, p, t, TI4_ROLL_BOMB, &d);
		nd[t] = s->u[i][0][p][t] * d;
	}
	if ((hits = roll_hits(&ev->f[1], nd, val, "15", err)) < 0)
		return hits;
	s->landed[slot - 1] |= 4;
	set_pending(s, q, hits, 2, slot);
	if (desc)
		sl_buf_printf(desc, "%s bombards %s: %d hit%s on %s's ground forces", PID(p),
			ti4_planet_at(s, i, slot)->name, hits, hits == 1 ? "" : "s", PID(q));
	return 0;
}

static int ev_land(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, slot, i, cnt[TI4_NUT], rc, q;
	if ((rc = invasion_ready(s, h, p, err)))
		return rc;
	if (s->ckind == 2)
		return ti4_illegal(err, "ti4 LRR 42: the ground combat on %s is not over",
			ti4_planet_at(s, s->asys, s->cplanet)->name);
	i = ti4_planet_find(s, ti4_planet_tokens[ev->f[0].u.i], &slot);
	if (i != s->asys)
		return ti4_illegal(err, "ti4 LRR 89.4: ground forces land on planets of the active "
			"system");
	count_list(&ev->f[1], cnt);
	for (int t = 0; t < TI4_NUT; t++)
		if (cnt[t] && !UD(t).ground)
			return ti4_illegal(err, "ti4 LRR 89.4: only ground forces land");
	/* version 4: the custodians token's six influence, before ground forces commit (LRR 27.2) */
	if ((rc = ti4_v4_land(s, h, ev, i, slot, list_total(cnt), desc, err)))
		return rc;
	for (int t = 0; t < TI4_NUT; t++)
		if ((rc = xfer(s, h, i, 0, i, slot, p, t, cnt[t], err)))
			return rc;
	s->landed[slot - 1] |= 1;
	q = other_ground(s, i, slot, p);
	if (desc) {
		sl_buf_printf(desc, "%s lands ", PID(p));
		put_list(desc, cnt);
		sl_buf_printf(desc, " on %s", ti4_planet_at(s, i, slot)->name);
		if (q >= 0)
			sl_buf_printf(desc, "; ground combat against %s", PID(q));
	}
	if (q < 0 && s->ctrl[i][slot - 1] != p) {
		for (int r = 0; r < s->np; r++)
			if (r != p)
				for (int t = TI4_PDS; t <= TI4_SD; t++)
					destroy(s, h, i, slot, r, t, s->u[i][slot][r][t], 0, NULL);
		s->ctrl[i][slot - 1] = (int8_t)p;
		s->exh[i][slot - 1] = 1;
		if (desc)
			sl_buf_printf(desc, "; %s takes control of %s", PID(p),
				ti4_planet_at(s, i, slot)->name);
	}
	return 0;
}

/* ---- production --------------------------------------------------------------------- */

/* Why p cannot take a unit of type t from reinforcements. */
static int none_left(const ti4_state *s, const sl_header *h, int p, int t, const char *verb,
	sl_error *err)
{
	for (int c = 0; c < s->np; c++) {
		if (!s->cap[c][p][t])
			continue;
		if (c == p)
			return ti4_illegal(err, "ti4 LRR 17 (22) commentary 7a: %s holds %d of its own %s captured; "
				"it cannot %s them (only an effect that uses captured units can)", PID(p),
				s->cap[c][p][t], UD(t).name, verb);
		return ti4_illegal(err, "ti4 LRR 17.4 (22.4): %s (%s) holds %d %s of %s captured; "
			"%s cannot %s it until it is returned", PID(c), fname(s, c), s->cap[c][p][t],
			UD(t).name, PID(p), PID(p), verb);
	}
	return ti4_illegal(err, "ti4 LRR 67.5: no %s left in %s's reinforcements; take one from a "
		"system without a command token of %s first (`reclaim`, LRR 67.5a, LRR 17 (22) "
		"commentary 8)",
		UD(t).name, PID(p), PID(p));
}

static int dock_production(const ti4_state *s, int i, int p)
{
	int n = 0;
	for (int k = 1; k <= 3; k++) {
		const ti4_planet *pl = ti4_planet_at(s, i, k);
		if (!pl || !s->u[i][k][p][TI4_SD])
			continue;
		if (ti4_is_cabal(s, p))   /* the Dimensional Tear */
			n += s->pl[p].techs >> TI4_T_DTEAR2 & 1 ? 7 : 5;
		else
			n += pl->res + (s->pl[p].techs >> TI4_T_SD2 & 1 ? 4 : 2);
	}
	return n + ti4_v5_factory_production(s, i, p);   /* version 5: Floating Factories */
}

static int ev_produce(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i = s->asys, cnt[TI4_NUT], am[TI4_NUT], slot = 0, cost = 0, paid = 0;
	int owner = player_arg(h, &ev->f[4]), limit, total, rc, ships = 0, unit_prod = 0, factory;
	const uint8_t *pay = ev->f[1].p;
	if ((rc = need_turn(s, h, p, err)))
		return rc;
	if (pending_any(s) || s->ckind || combat_needed(s))
		return ti4_illegal(err, "ti4 LRR 89.5: production comes after combat and invasion");
	for (int k = 0; k < 3; k++)
		if ((s->landed[k] & 1) && other_ground(s, i, k + 1, p) >= 0
		    && ti4_ground_in(s, i, k + 1, p))
			return ti4_illegal(err, "ti4 LRR 42: the ground combat on %s is not over",
				ti4_planet_at(s, i, k + 1)->name);
	after_movement(s);
	s->step = TI4_ST_PRODUCE;
	/* version 4: other units with production too (LRR 68.1a: their values combined) */
	for (int k = 1; k <= 3 && !slot; k++)
		if (s->u[i][k][p][TI4_SD] || ti4_v4_production(s, i, k, p))
			slot = k;
	for (int a = 0; a < TI4_AREAS; a++)
		unit_prod += ti4_v4_production(s, i, a, p);
	factory = ti4_v5_factory_production(s, i, p);
	if (!slot && !unit_prod && !factory)
		return ti4_illegal(err, "ti4 LRR 68: %s has no unit with production in the active system",
			PID(p));
	if (ev->f[5].present) {
		int ps, pi = ti4_planet_find(s, ti4_planet_tokens[ev->f[5].u.i], &ps);
		/* from the space area (transported warriors, 68.4; a Floating Factory): a
		 * planet the player controls there */
		if (pi != i || !(s->u[i][ps][p][TI4_SD] || ti4_v4_production(s, i, ps, p)
		    || ((ti4_v4_production(s, i, 0, p) || factory) && s->ctrl[i][ps - 1] == p)))
			return ti4_illegal(err, "ti4 LRR 68%s: ground forces are placed on a planet with "
				"the producing %s", unit_prod ? ".3" : "", unit_prod ? "unit" : "space dock");
		slot = ps;
	}
	count_list(&ev->f[0], cnt);
	count_list(&ev->f[3], am);
	total = list_total(cnt);
	limit = dock_production(s, i, p) + unit_prod;
	if (s->prod_used + total > limit)
		return ti4_illegal(err, "ti4 LRR 68: production %d at %03d; %d units asked (%d "
			"already produced this step)", limit, ti4_pos_code(i), total, s->prod_used);
	/* LRR 68.1d: an Arborec space dock's production makes no infantry */
	if (s->r3.v4 && s->pl[p].faction == TI4_F_ARBOREC && cnt[TI4_INF] > unit_prod)
		return ti4_illegal(err, "ti4 LRR 68.1d: the Arborec space docks produce no infantry; "
			"%s's other units with production at %03d make %d, not %d", PID(p),
			ti4_pos_code(i), unit_prod, cnt[TI4_INF]);
	for (int t = 0; t < TI4_NUT; t++) {
		if (!cnt[t] && !am[t])
			continue;
		if (UD(t).structure)
			return ti4_illegal(err, "ti4 LRR 67: a %s is placed by an ability, not produced",
				UD(t).name);
		if (t == TI4_WS && !(s->pl[p].techs >> TI4_T_WARSUN & 1)
		    && !ti4_v3_may_produce_warsun(s, p))
			return ti4_illegal(err, "ti4: a war sun is produced only with the War Sun unit upgrade technology");
		if (UD(t).ship)
			ships += cnt[t];
		if (am[t] > cnt[t])
			return ti4_illegal(err, "ti4 Amalgamation: %d %s paid by returning captured units "
				"but only %d produced", am[t], UD(t).name, cnt[t]);
	}
	if (ships && ti4_dock_blockaded(s, i, p))
		return ti4_illegal(err, "ti4 LRR 14.1: %s's space dock at %03d is blockaded; it cannot "
			"produce ships", PID(p), ti4_pos_code(i));
	if (ships && opponent_in(s, i, p) >= 0)
		return ti4_illegal(err, "ti4 LRR 67.6: no ships are produced in a system that holds "
			"other players' ships (%s's at %03d)", PID(opponent_in(s, i, p)), ti4_pos_code(i));
	if (list_total(am)) {
		if (!ti4_is_cabal(s, p))
			return ti4_illegal(err, "ti4 LRR 17 (22) commentary 5: only the Vuil'raith Cabal "
				"spends captured units (Amalgamation); %s cannot", PID(p));
		for (int t = 0; t < TI4_NUT; t++) {
			int k = tokidx(t);
			if (!am[t])
				continue;
			if (k >= 0 ? s->captok[p][k] < am[t] : owner < 0 || s->cap[p][owner][t] < am[t])
				return ti4_illegal(err, "ti4 Amalgamation: %s holds %d captured %s%s%s, not %d",
					PID(p), k >= 0 ? s->captok[p][k] : owner >= 0 ? s->cap[p][owner][t] : 0,
					UD(t).name, k < 0 && owner >= 0 ? " of " : "",
					k < 0 && owner >= 0 ? PID(owner) : k < 0 ? " (owner= names whose)" : "",
					am[t]);
		}
	}
	for (int t = 0; t < TI4_NUT; t++) {
		int n = cnt[t] - am[t];
		cost += (n + UD(t).per - 1) / UD(t).per * UD(t).cost;
	}
	for (int k = 0; ev->f[1].present && k < ev->f[1].n; k++) {
		int ps, pi = ti4_planet_find(s, ti4_planet_tokens[pay[k]], &ps);
		if (pi < 0 || s->ctrl[pi][ps - 1] != p)
			return ti4_illegal(err, "ti4 LRR 75: %s does not control %s", PID(p),
				ti4_planet_tokens[pay[k]]);
		if (s->exh[pi][ps - 1])
			return ti4_illegal(err, "ti4 LRR 75.1: %s is exhausted", ti4_planet_tokens[pay[k]]);
		s->exh[pi][ps - 1] = 1;
		paid += ti4_planet_at(s, pi, ps)->res;
	}
	if (ev->f[2].present) {
		if (ev->f[2].u.i > s->pl[p].tg)
			return ti4_illegal(err, "ti4 LRR 93: %s has %d trade goods, not %d", PID(p),
				s->pl[p].tg, ev->f[2].u.i);
		s->pl[p].tg = (uint8_t)(s->pl[p].tg - ev->f[2].u.i);
		paid += ev->f[2].u.i;
	}
	if (paid < cost)
		return ti4_illegal(err, "ti4 LRR 67.1: the units cost %d; %d resources spent", cost, paid);
	/* place the units: Amalgamation first returns the captured units */
	for (int t = 0; t < TI4_NUT; t++) {
		int k = tokidx(t), a = UD(t).ship ? 0 : slot;
		for (int j = 0; j < am[t]; j++) {
			if (k >= 0) {
				s->captok[p][k]--;   /* 17.3d: the token goes back to the supply */
			} else if (owner == p) {
				/* commentary 7: the Cabal's own unit comes off the sheet as the unit produced */
				s->cap[p][p][t]--;
				s->u[i][a][p][t]++;
				cnt[t]--;
			} else {
				give_back(s, p, owner, t);
			}
		}
		if (s->u[i][a][p][t] + cnt[t] > TI4_PLACE_MAX)
			return ti4_illegal(err, "ti4: the module keeps at most %d %s of one colour in one "
				"place", TI4_PLACE_MAX, UD(t).name);
		for (int j = 0; j < cnt[t]; j++) {
			if (s->reinf[p][t]) {
				s->reinf[p][t]--;
				s->u[i][a][p][t]++;
			} else if (k >= 0 && ti4_plastic(s, i, a, p, t) > 0) {
				s->u[i][a][p][t]++;      /* LRR 36, 46: a token beside plastic */
				s->tok[i][a][p][k]++;
			} else {
				return none_left(s, h, p, t, "produce", err);
			}
		}
	}
	count_list(&ev->f[0], cnt);
	for (int t = 0; t < TI4_NUT; t++)
		s->owed[t] = (uint8_t)(s->owed[t] > cnt[t] ? s->owed[t] - cnt[t] : 0);
	s->prod_used = (uint8_t)(s->prod_used + total);
	if ((rc = check_fleet(s, h, i, p, err)) || (rc = check_capacity(s, h, i, p, err)))
		return rc;
	if (desc) {
		sl_buf_printf(desc, "%s produces ", PID(p));
		put_list(desc, cnt);
		sl_buf_printf(desc, " at %03d for %d resources (production %d, %d used)",
			ti4_pos_code(i), cost, limit, s->prod_used);
		if (list_total(am)) {
			sl_buf_puts(desc, owner == p ? "; Amalgamation places its own captured " :
				"; Amalgamation returns ");
			put_list(desc, am);
			if (owner == p)
				sl_buf_puts(desc, " from the sheet (commentary 7a)");
			else if (owner >= 0)
				sl_buf_printf(desc, " to %s%s", PID(owner), s->pl[owner].eliminated ?
					" (eliminated: into the box, commentary 6)" : "");
			else
				sl_buf_puts(desc, " token to the supply (LRR 17.3d (22.3d))");
		}
	}
	return 0;
}

/* Version 4: p's units other than docks with production at i (LRR 68.1). */
static int produces_here(const ti4_state *s, int i, int p)
{
	int n = 0;
	for (int a = 0; i >= 0 && a < TI4_AREAS; a++)
		n += ti4_v4_production(s, i, a, p);
	return n;
}

/* Commentary 8: with none left in reinforcements, a unit comes off the board
 * from a system without the player's command token. */
static int ev_reclaim(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, t = ev->f[0].u.i, i, a, k = tokidx(t), rc;
	if ((rc = need_turn(s, h, p, err)))
		return rc;
	if (!(ti4_has_dock(s, s->asys, p) || produces_here(s, s->asys, p))
	    || s->step > TI4_ST_PRODUCE)
		return ti4_illegal(err, "ti4 LRR 67.5a: a unit comes off the board to be produced at "
			"once, by a space dock of %s in the active system", PID(p));
	if (s->reinf[p][t])
		return ti4_illegal(err, "ti4 LRR 17 (22) commentary 8: %s still has %d %s in "
			"reinforcements", PID(p), s->reinf[p][t], UD(t).name);
	if (ti4_place_parse(s, &ev->f[1], &i, &a))
		return ti4_illegal(err, "ti4: `%s` is neither a position nor a planet",
			(const char *)ev->f[1].p);
	if (s->cmd[i] >> p & 1)
		return ti4_illegal(err, "ti4 LRR 17 (22) commentary 8: %03d holds a command token of %s",
			ti4_pos_code(i), PID(p));
	if (ti4_plastic(s, i, a, p, t) <= 0)
		return ti4_illegal(err, "ti4: %s has no plastic %s at %s", PID(p), UD(t).name,
			(const char *)ev->f[1].p);
	if (k >= 0 && s->tok[i][a][p][k] && ti4_plastic(s, i, a, p, t) == 1)
		return ti4_illegal(err, "ti4 LRR %s: the %s tokens there need that plastic piece",
			t == TI4_FF ? "36" : "46", UD(t).name);
	if (s->dmg[i][a][p][t] >= s->u[i][a][p][t] && s->dmg[i][a][p][t])
		s->dmg[i][a][p][t]--;
	s->u[i][a][p][t]--;
	s->reinf[p][t]++;
	s->owed[t]++;
	if (desc)
		sl_buf_printf(desc, "%s takes a %s from %s back to reinforcements, to produce it at once "
			"(LRR 67.5a, commentary 8)",
			PID(p), UD(t).name, (const char *)ev->f[1].p);
	return 0;
}

static int ev_end(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, rc;
	if ((rc = need_turn(s, h, p, err)))
		return rc;
	if (pending_any(s) || s->ckind || combat_needed(s))
		return ti4_illegal(err, "ti4 LRR 89: combat in the active system is not resolved");
	for (int t = 0; t < TI4_NUT; t++)
		if (s->owed[t])
			return ti4_illegal(err, "ti4 LRR 67.5a: the %s taken back from the board must be "
				"produced at once", UD(t).name);
	s->turnp = -1;
	s->asys = -1;
	s->step = TI4_ST_NONE;
	if (desc)
		sl_buf_printf(desc, "%s ends its turn", PID(p));
	return 0;
}

static int ev_pass(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, rc;
	if (s->phase != 1 || s->turnp >= 0)
		return ti4_illegal(err, "ti4 LRR 3.3: a player passes instead of taking an action");
	if (s->pl[p].passed)
		return ti4_illegal(err, "ti4 LRR 3.3: %s has already passed", PID(p));
	if ((rc = ti4_round_may_act(s, h, ev, err)))
		return rc;
	for (int c = 0; s->r.on && c < 8; c++)
		if (s->r.owner[c] == p + 1 && !s->r.used[c])
			return ti4_illegal(err, "ti4 LRR 3.3: %s must take the strategic action of %s "
				"before passing", PID(p), ti4_strategy[c].name);
	s->pl[p].passed = 1;
	s->r.last = (int8_t)p;
	if (desc)
		sl_buf_printf(desc, "%s passes", PID(p));
	return 0;
}

/* ---- transactions and captured units returned --------------------------------------- */

static int release(ti4_state *s, const sl_header *h, int c, int owner, const sl_value *v,
	sl_error *err)
{
	int cnt[TI4_NUT];
	count_list(v, cnt);
	for (int t = 0; t < TI4_NUT; t++) {
		if (!cnt[t])
			continue;
		if (t == TI4_FF || t == TI4_INF)
			return ti4_illegal(err, "ti4 LRR 17.3b (22.3b): captured fighters and infantry are "
				"supply tokens; a transaction cannot return them");
		if (s->cap[c][owner][t] < cnt[t])
			return ti4_illegal(err, "ti4 LRR 17.2a (22.2a): %s holds %d %s of %s captured, not %d",
				PID(c), s->cap[c][owner][t], UD(t).name, PID(owner), cnt[t]);
		for (int j = 0; j < cnt[t]; j++)
			give_back(s, c, owner, t);
	}
	return 0;
}

static int ev_trade(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, q = player_arg(h, &ev->f[0]), rc, any = 0;
	int tg = ev->f[1].present ? ev->f[1].u.i : 0, cm = ev->f[2].present ? ev->f[2].u.i : 0;
	int gtg = ev->f[3].present ? ev->f[3].u.i : 0, gcm = ev->f[4].present ? ev->f[4].u.i : 0;
	if (q < 0 || q >= s->np || q == p)
		return ti4_illegal(err, "ti4 LRR 94: a transaction is with another player (with=)");
	if (s->pl[q].eliminated)
		return ti4_illegal(err, "ti4 LRR 33: %s is eliminated", PID(q));
	if (s->phase != 1 || s->turnp < 0 || (s->turnp != p && s->turnp != q))
		return ti4_illegal(err, "ti4 LRR 94.1: transactions happen during the active player's "
			"turn, with the active player");
	if (!ti4_neighbours(s, p, q))
		return ti4_illegal(err, "ti4 LRR 94.2: %s and %s are not neighbours (LRR 60)", PID(p),
			PID(q));
	if (s->traded >> (p == s->turnp ? q : p) & 1)
		return ti4_illegal(err, "ti4 LRR 94.3: the active player trades once with each "
			"player per turn");
	if (tg > s->pl[p].tg || cm > s->pl[p].comm || gtg > s->pl[q].tg || gcm > s->pl[q].comm)
		return ti4_illegal(err, "ti4 LRR 94: a player gives only trade goods and commodities "
			"it has");
	if ((rc = release(s, h, p, q, &ev->f[5], err)) || (rc = release(s, h, q, p, &ev->f[6], err)))
		return rc;
	any = tg || cm || gtg || gcm || (ev->f[5].present && ev->f[5].n) ||
		(ev->f[6].present && ev->f[6].n) || ev->f[7].present;
	if (!any)
		return ti4_illegal(err, "ti4 LRR 94: a transaction exchanges something");
	s->pl[p].tg = (uint8_t)(s->pl[p].tg - tg + gtg + gcm);
	s->pl[p].comm = (uint8_t)(s->pl[p].comm - cm);
	s->pl[q].tg = (uint8_t)(s->pl[q].tg - gtg + tg + cm);
	s->pl[q].comm = (uint8_t)(s->pl[q].comm - gcm);
	s->traded |= (uint8_t)(1u << (p == s->turnp ? q : p));
	if (desc) {
		int c1[TI4_NUT], c2[TI4_NUT];
		count_list(&ev->f[5], c1);
		count_list(&ev->f[6], c2);
		sl_buf_printf(desc, "%s and %s trade: %d tg and %d commodities for %d tg and %d "
			"commodities", PID(p), PID(q), tg, cm, gtg, gcm);
		if (list_total(c1)) {
			sl_buf_printf(desc, "; %s returns ", PID(p));
			put_list(desc, c1);
			sl_buf_printf(desc, " captured from %s (LRR 17.2a (22.2a))", PID(q));
		}
		if (list_total(c2)) {
			sl_buf_printf(desc, "; %s returns ", PID(q));
			put_list(desc, c2);
			sl_buf_printf(desc, " captured from %s (LRR 17.2a (22.2a))", PID(p));
		}
		if (ev->f[7].present)
			sl_buf_printf(desc, "; promissory note \"%s\"", (const char *)ev->f[7].p);
	}
	return 0;
}

static int ev_replenish(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player;
	if (s->phase != 1)
		return ti4_illegal(err, "ti4 LRR 21: commodities are replenished in the action phase");
	s->pl[p].comm = ti4_factions[s->pl[p].faction].commodities;
	for (int q = 0; s->r.on && q < TI4_MAXP; q++)
		s->pl[q].replenished = 0;   /* rules 2: only the replenishment just made opens the window */
	s->pl[p].replenished = 1;
	if (desc)
		sl_buf_printf(desc, "%s replenishes commodities to %d", PID(p), s->pl[p].comm);
	return 0;
}

/* Capture from reinforcements (the agent, Vortex). */
static int capture_reinf(ti4_state *s, const sl_header *h, int c, int q, int t, sl_error *err)
{
	if (UD(t).structure)
		return ti4_illegal(err, "ti4 LRR 17: structures are never captured");
	if (!may_capture(s, c, q))
		return ti4_illegal(err, "ti4 LRR 17.5 (22.5): %s blockades a space dock of %s, who "
			"cannot capture %s's units", PID(q), PID(c), PID(q));
	/* rules 2, commentary 9: a fighter or infantry is a token from the supply, plastic or not */
	if (!s->reinf[q][t] && !(s->r.on && (t == TI4_FF || t == TI4_INF)))
		return ti4_illegal(err, "ti4: %s has no %s in reinforcements to capture", PID(q),
			UD(t).name);
	if (t == TI4_FF || t == TI4_INF) {
		s->captok[c][tokidx(t)]++;   /* 17.3: the plastic stays with its owner */
	} else {
		s->reinf[q][t]--;
		s->cap[c][q][t]++;
	}
	return 0;
}

static int ev_agent(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, q = player_arg(h, &ev->f[0]), t = ev->f[1].u.i, rc, value;
	int copy = s->pl[p].faction == TI4_F_YSSARIL && (s->pl[p].copies >> TI4_C_AGENT & 1);
	if (!ti4_is_cabal(s, p) && !copy)
		return ti4_illegal(err, "ti4: The Stillness of Stars is the Cabal's agent (Yssaril may "
			"copy it: `copy ability=agent`)");
	if (!s->pl[p].agent_ready)
		return ti4_illegal(err, "ti4: the agent is exhausted until the status phase");
	if (q < 0 || q >= s->np || q == p || !s->pl[q].replenished)
		return ti4_illegal(err, "ti4 agent: it answers another player who has just "
			"replenished commodities");
	value = ti4_factions[s->pl[q].faction].commodities;
	if (UD(t).cost > value)
		return ti4_illegal(err, "ti4 agent: a %s costs %d, more than %s's commodity value %d",
			UD(t).name, UD(t).cost, PID(q), value);
	if ((rc = capture_reinf(s, h, p, q, t, err)))
		return rc;
	s->pl[q].tg = (uint8_t)(s->pl[q].tg + s->pl[q].comm);
	s->pl[q].comm = 0;
	s->pl[p].agent_ready = 0;
	if (desc)
		sl_buf_printf(desc, "%s's agent%s turns %s's commodities into trade goods and captures "
			"a %s from its reinforcements%s", PID(p), copy ? " (copied by Yssaril)" : "", PID(q),
			UD(t).name, t == TI4_FF || t == TI4_INF ? " (a token, LRR 17.3 (22.3))" : "");
	return 0;
}

static int ev_vortex(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, q = player_arg(h, &ev->f[0]), t = ev->f[1].u.i;
	int i = ti4_pos_index(ev->f[2].u.i), near = 0, there = 0, rc;
	if (!(s->pl[p].techs >> TI4_T_VORTEX & 1))
		return ti4_illegal(err, "ti4 Vortex: %s does not own the Vortex technology", PID(p));
	if (!s->pl[p].vortex_ready)
		return ti4_illegal(err, "ti4 Vortex: the card is exhausted until the status phase");
	if (s->phase != 1 || s->turnp >= 0 || s->pl[p].passed)
		return ti4_illegal(err, "ti4 LRR 3: Vortex is an action taken on the player's turn "
			"instead of a tactical action");
	if (q < 0 || q >= s->np || q == p)
		return ti4_illegal(err, "ti4 Vortex: target= names another player");
	if (i < 0 || !ti4_tile_of(s, i))
		return ti4_illegal(err, "ti4 Vortex: no system at %03d", ev->f[2].u.i);
	for (int j = 0; j < TI4_NPOS; j++)
		if (ti4_adjacent(s, i, j) && ti4_has_dock(s, j, p))
			near = 1;
	for (int a = 0; a < TI4_AREAS; a++)
		there += s->u[i][a][q][t];
	if (!near || !there)
		return ti4_illegal(err, "ti4 Vortex: %03d must hold %s's %s and be adjacent to a space "
			"dock of %s", ev->f[2].u.i, PID(q), UD(t).name, PID(p));
	if ((rc = capture_reinf(s, h, p, q, t, err)))
		return rc;
	s->pl[p].vortex_ready = 0;
	if (desc)
		sl_buf_printf(desc, "%s exhausts Vortex: captures a %s from %s's reinforcements", PID(p),
			UD(t).name, PID(q));
	return 0;
}

static const int tech_unit[TI4_NTECH] = {-1, TI4_SD, TI4_WS, TI4_CV, TI4_DN, TI4_CR, TI4_DD,
	TI4_FF, TI4_INF, TI4_PDS, TI4_SD};

static int ev_research(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, tech = ev->f[0].u.i, f = s->pl[p].faction;
	int owner = player_arg(h, &ev->f[2]);
	if (s->pl[p].techs >> tech & 1)
		return ti4_illegal(err, "ti4 LRR 90: %s already owns %s", PID(p), ti4_tech_tokens[tech]);
	if ((tech == TI4_T_VORTEX || tech == TI4_T_DTEAR2) && f != TI4_F_CABAL && f != TI4_F_NEKRO)
		return ti4_illegal(err, "ti4 LRR 90: %s is a Cabal faction technology (Nekro may "
			"copy it)", ti4_tech_tokens[tech]);
	if (tech == TI4_T_DTEAR2 && f != TI4_F_CABAL)
		return ti4_illegal(err, "ti4: Dimensional Tear II upgrades the Cabal's own space dock");
	if (ev->f[1].present) {
		int t = ev->f[1].u.i, k = tokidx(t);
		if (f != TI4_F_CABAL)
			return ti4_illegal(err, "ti4 LRR 17 (22) commentary 5: only the Vuil'raith Cabal "
				"spends captured units (Riftmeld); %s cannot", PID(p));
		if (tech_unit[tech] != t)
			return ti4_illegal(err, "ti4 Riftmeld: it returns a captured unit of the type the "
				"unit upgrade improves (%s)", tech_unit[tech] >= 0 ? UD(tech_unit[tech]).name :
				"none: not a unit upgrade");
		if (k >= 0) {
			if (!s->captok[p][k])
				return ti4_illegal(err, "ti4 Riftmeld: %s holds no captured %s", PID(p), UD(t).name);
			s->captok[p][k]--;
		} else {
			if (owner < 0 || !s->cap[p][owner][t])
				return ti4_illegal(err, "ti4 Riftmeld: %s holds no captured %s of %s", PID(p),
					UD(t).name, owner >= 0 ? PID(owner) : "(owner=?)");
			if (owner == p)
				return ti4_illegal(err, "ti4 LRR 17 (22) commentary 7: %s's own captured units cannot go "
					"back to its reinforcements", PID(p));
			give_back(s, p, owner, t);
		}
	}
	s->pl[p].techs |= (uint16_t)(1u << tech);
	if (tech == TI4_T_VORTEX)
		s->pl[p].vortex_ready = 1;
	if (desc) {
		sl_buf_printf(desc, "%s gains %s", PID(p), ti4_tech_tokens[tech]);
		if (ev->f[1].present)
			sl_buf_printf(desc, "; Riftmeld returns a captured %s%s%s, ignoring prerequisites%s",
				UD(ev->f[1].u.i).name, owner >= 0 && tokidx(ev->f[1].u.i) < 0 ? " to " :
				" (a token, to the supply: LRR 17.3d (22.3d))", owner >= 0 &&
				tokidx(ev->f[1].u.i) < 0 ? PID(owner) : "",
				owner >= 0 && tokidx(ev->f[1].u.i) < 0 && s->pl[owner].eliminated ?
				" (eliminated: into the box, "
				"commentary 6)" : "");
	}
	return 0;
}

static int ev_copy(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, a = ev->f[0].u.i, f = s->pl[p].faction, cabal = 0;
	for (int q = 0; q < s->np; q++)
		cabal |= ti4_is_cabal(s, q);
	if (s->r.on && !cabal)   /* rules 2: commentary 5 copies the Cabal that plays */
		return ti4_illegal(err, "ti4 LRR 17 (22) commentary 5: no Cabal in this game: there "
			"is no Cabal ability to copy");
	if (a != TI4_C_AGENT && f != TI4_F_NEKRO)
		return ti4_illegal(err, "ti4 LRR 17 (22) commentary 5: the Cabal's faction abilities "
			"are copied by Nekro (Valefar Assimilator)");
	if (a == TI4_C_AGENT && f != TI4_F_YSSARIL)
		return ti4_illegal(err, "ti4 LRR 17 (22) commentary 5: the Cabal agent is copied by "
			"Yssaril's agent");
	s->pl[p].copies |= (uint8_t)(1u << a);
	if (a == TI4_C_AGENT)
		s->pl[p].agent_ready = 1;
	if (desc)
		sl_buf_printf(desc, "%s copies the Cabal's %s%s", PID(p), ti4_copy_tokens[a],
			a == TI4_C_AMALGAMATION || a == TI4_C_RIFTMELD ? " (it cannot spend captured units: "
			"commentary 5)" : "");
	return 0;
}

static int ev_eliminate(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int q = player_arg(h, &ev->f[0]), back = 0;
	if (q < 0 || q >= s->np)
		return ti4_illegal(err, "ti4 LRR 33: who= names a player");
	if (s->pl[q].eliminated)
		return ti4_illegal(err, "ti4 LRR 33: %s is already eliminated", PID(q));
	for (int i = 0; i < TI4_NPOS; i++)
		for (int a = 1; a < TI4_AREAS; a++) {
			if (ti4_ground_in(s, i, a, q) + s->u[i][a][q][TI4_SD]
			    + (a == 1 ? s->u[i][0][q][TI4_SD] : 0))   /* v5: a Floating Factory */
				return ti4_illegal(err, "ti4 LRR 33.1: %s still has ground forces or a space "
					"dock at %03d", PID(q), ti4_pos_code(i));
			if (s->r.on && a == 1 && s->u[i][0][q][TI4_INF] + s->u[i][0][q][TI4_MECH])
				return ti4_illegal(err, "ti4 LRR 33.1: %s still has ground forces in space at "
					"%03d (aboard its ships)", PID(q), ti4_pos_code(i));
			if (s->ctrl[i][a - 1] == q)
				return ti4_illegal(err, "ti4 LRR 33.1: %s still controls %s", PID(q),
					ti4_planet_at(s, i, a)->name);
		}
	s->pl[q].eliminated = 1;
	for (int i = 0; i < TI4_NPOS; i++) {
		for (int a = 0; a < TI4_AREAS; a++)
			for (int t = 0; t < TI4_NUT; t++) {
				s->box[q][t] = (uint8_t)(s->box[q][t] + ti4_plastic(s, i, a, q, t));
				s->u[i][a][q][t] = s->dmg[i][a][q][t] = 0;
			}
		for (int a = 0; a < TI4_AREAS; a++)
			s->tok[i][a][q][0] = s->tok[i][a][q][1] = 0;
		s->cmd[i] &= (uint8_t)~(1u << q);
	}
	for (int t = 0; t < TI4_NUT; t++) {
		s->box[q][t] = (uint8_t)(s->box[q][t] + s->reinf[q][t]);
		s->reinf[q][t] = 0;
	}
	/* what q had captured goes back to the owners; q's units on others' sheets stay (6) */
	for (int o = 0; o < s->np; o++)
		for (int t = 0; t < TI4_NUT; t++)
			while (s->cap[q][o][t]) {
				if (o == q) {
					s->cap[q][q][t]--;
					s->box[q][t]++;
				} else {
					give_back(s, q, o, t);
				}
				back++;
			}
	s->captok[q][0] = s->captok[q][1] = 0;
	if (desc)
		sl_buf_printf(desc, "%s is eliminated: its units go to the box; %d unit%s it had "
			"captured go%s back; its units other players hold stay on their sheets "
			"(commentary 6)", PID(q), back, back == 1 ? "" : "s", back == 1 ? "es" : "");
	return 0;
}

static int ev_score(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player;
	s->pl[p].vp = (uint8_t)(s->pl[p].vp + ev->f[0].u.i);
	if (desc)
		sl_buf_printf(desc, "%s scores %d victory point%s%s%s%s (%d in all)", PID(p),
			ev->f[0].u.i, ev->f[0].u.i == 1 ? "" : "s", ev->f[1].present ? " for \"" : "",
			ev->f[1].present ? (const char *)ev->f[1].p : "", ev->f[1].present ? "\"" : "",
			s->pl[p].vp);
	return 0;
}

/* Rules 3, LRR 99.2: Warfare's secondary, the production of a space dock in
 * the player's home system outside a tactical action (no token placed): the
 * production step's rules with that system as the one producing. */
static int warfare_produce(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int8_t turnp = s->turnp, asys = s->asys;
	uint8_t step = s->step, used = s->prod_used, landed[3];
	int rc;
	memcpy(landed, s->landed, sizeof landed);
	s->turnp = (int8_t)ev->player;
	s->asys = s->pl[ev->player].home;
	s->step = TI4_ST_PRODUCE;
	s->prod_used = 0;
	memset(s->landed, 0, sizeof s->landed);
	rc = ev_produce(s, h, ev, desc, err);
	s->turnp = turnp;
	s->asys = asys;
	s->step = step;
	s->prod_used = used;
	memcpy(s->landed, landed, sizeof landed);
	if (rc == 0)
		s->r3.warprod &= (uint8_t)~(1u << ev->player);
	return rc;
}

int ti4_play(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	switch (ev->type) {
	case TI4_EV_ACTIVATE: return ev_activate(s, h, ev, desc, err);
	case TI4_EV_MOVE: return ev_move(s, h, ev, desc, err);
	case TI4_EV_LOAD: return ev_load(s, h, ev, desc, err);
	case TI4_EV_CANNON: return ev_cannon(s, h, ev, desc, err);
	case TI4_EV_BARRAGE: return ev_barrage(s, h, ev, desc, err);
	case TI4_EV_FIRE: return ev_fire(s, h, ev, desc, err);
	case TI4_EV_ASSIGN: return ev_assign(s, h, ev, desc, err);
	case TI4_EV_RETREAT: return ev_retreat(s, h, ev, desc, err);
	case TI4_EV_BOMBARD: return ev_bombard(s, h, ev, desc, err);
	case TI4_EV_LAND: return ev_land(s, h, ev, desc, err);
	case TI4_EV_PRODUCE:
		if (s->r3.on && s->turnp < 0 && (s->r3.warprod >> ev->player & 1))
			return warfare_produce(s, h, ev, desc, err);
		return ev_produce(s, h, ev, desc, err);
	case TI4_EV_RECLAIM: return ev_reclaim(s, h, ev, desc, err);
	case TI4_EV_END: return ev_end(s, h, ev, desc, err);
	case TI4_EV_PASS: return ev_pass(s, h, ev, desc, err);
	case TI4_EV_TRADE: return ev_trade(s, h, ev, desc, err);
	case TI4_EV_REPLENISH: return ev_replenish(s, h, ev, desc, err);
	case TI4_EV_AGENT: return ev_agent(s, h, ev, desc, err);
	case TI4_EV_VORTEX: return ev_vortex(s, h, ev, desc, err);
	case TI4_EV_RESEARCH: return ev_research(s, h, ev, desc, err);
	case TI4_EV_COPY: return ev_copy(s, h, ev, desc, err);
	case TI4_EV_ELIMINATE: return ev_eliminate(s, h, ev, desc, err);
	case TI4_EV_SCORE: return ev_score(s, h, ev, desc, err);
	default: return ti4_illegal(err, "ti4: unknown event");
	}
}
