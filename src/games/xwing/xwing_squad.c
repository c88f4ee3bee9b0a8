/* xwing_squad.c - the squad rules of both point systems: costs (fixed or
 * by size, agility or initiative), slots a ship has, the restrictions a card
 * prints, the 2.5 loadout value, the squad's points, limited and solitary
 * cards (formats/xwing.md, Squads). */
#include "xwing_int.h"

#include <stdio.h>
#include <string.h>

int xw_points_of(const sl_header *h)
{
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && strcmp(h->meta[i].key, "xwing-points") == 0)
			return strcmp(h->meta[i].value ? h->meta[i].value : "", "2.5") == 0
				? XW_POINTS_25 : XW_POINTS_20;
	return XW_POINTS_20;
}

const char *xw_points_name(int sys)
{
	return sys == XW_POINTS_25 ? "2.5" : "2.0";
}

int xw_squad_limit(int sys)
{
	return sys == XW_POINTS_25 ? 20 : 200;
}

int xw_pilot_cost(int pilot, int sys)
{
	const xw_pilot *p = &xw_pilots[pilot];
	return sys == XW_POINTS_25 ? p->cost25 : p->cost20;
}

/* The i-th number of "k:v0,v1,...", or -1. */
static int nth(const char *s, int i)
{
	const char *p = s + 2;
	int v;
	while (i-- > 0) {
		p = strchr(p, ',');
		if (!p)
			return -1;
		p++;
	}
	return sscanf(p, "%d", &v) == 1 ? v : -1;
}

int xw_upgrade_cost(int upg, int pilot, int sys)
{
	const xw_upgrade_def *u = &xw_upgrades[upg];
	const xw_pilot *p = &xw_pilots[pilot];
	const xw_ship_type *t = &xw_ship_types[p->type];
	int c = sys == XW_POINTS_25 ? u->cost25 : u->cost20;
	const char *v = sys == XW_POINTS_25 ? u->varcost25 : u->varcost20;
	if (c != -2 || !v)
		return c < 0 ? -1 : c;
	switch (v[0]) {
	case 'z': return t->size <= XW_LARGE ? nth(v, t->size) : -1;
	case 'a': return nth(v, t->agility);
	case 'i': return nth(v, p->initiative);
	}
	return -1;
}

int xw_loadout_points(const xw_loadout *l, int sys)
{
	int pts = xw_pilot_cost(l->pilot, sys);
	if (sys == XW_POINTS_20)
		for (int i = 0; i < l->nup; i++)
			pts += xw_upgrade_cost(l->up[i], l->pilot, sys);
	return pts;
}

static void ident(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	for (; *s && n + 1 < cap; s++) {
		char c = *s;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			out[n++] = c;
	}
	out[n] = 0;
}

/* word (n bytes) is one of the comma-separated items of list */
static int in_list(const char *list, const char *word, size_t n)
{
	const char *p = list;
	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t k = e ? (size_t)(e - p) : strlen(p);
		if (k == n && memcmp(p, word, n) == 0)
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/* One alternative of a restriction part, e.g. kind 'F' and "rebelalliance". */
static int alt_holds(char kind, const char *a, size_t n, const xw_loadout *l, int self)
{
	const xw_pilot *p = &xw_pilots[l->pilot];
	const xw_ship_type *t = &xw_ship_types[p->type];
	char buf[64];
	int v = n && a[0] >= '0' && a[0] <= '9' ? a[0] - '0' : -1, na;
	const xw_action_def *acts;
	if (n > 1 && a[1] >= '0' && a[1] <= '9')
		v = v * 10 + a[1] - '0';
	switch (kind) {
	case 'F': return strlen(t->faction) == n && memcmp(t->faction, a, n) == 0;
	case 'S': return v == t->size;
	case 'H': return strlen(t->xws) == n && memcmp(t->xws, a, n) == 0;
	case 'K': return p->keywords && in_list(p->keywords, a, n);
	case 'A': {
		const char *colon = memchr(a, ':', n);
		int col = colon ? colon[1] - '0' : -1;
		acts = xw_pilot_actions(l->pilot, &na);
		for (int i = 0; i < na; i++)
			if (acts[i].action == v && (col < 0 || acts[i].colour == col))
				return 1;
		return 0;
	}
	case 'C':
		for (int i = 0; i < t->narcs; i++)
			if (t->arcs[i].kind == v)
				return 1;
		return 0;
	case 'E':
		for (int i = 0; i < l->nup; i++)
			if (i != self && xw_upgrades[l->up[i]].kind == v)
				return 1;
		return 0;
	case 'N':
		ident(p->name, buf, sizeof buf);
		if (strlen(buf) == n && memcmp(buf, a, n) == 0)
			return 1;
		for (int i = 0; i < l->nup; i++) {
			ident(xw_upgrades[l->up[i]].name, buf, sizeof buf);
			if (i != self && strlen(buf) == n && memcmp(buf, a, n) == 0)
				return 1;
		}
		return 0;
	case 'B':
		if (!p->ability)
			return 0;
		ident(p->ability, buf, sizeof buf);
		return strlen(buf) == n && memcmp(buf, a, n) == 0;
	case 'L': return v == 1 ? p->limited == 0 : p->limited > 0;
	}
	return 1;   /* O (Force side), Z (standardized): not checked (formats/xwing.md) */
}

/* A part "K=a|b": one alternative holds. */
static int part_holds(const char *s, size_t n, const xw_loadout *l, int self)
{
	const char *a = s + 2, *end = s + n;
	if (n < 3 || s[1] != '=')
		return 1;
	while (a < end) {
		const char *bar = memchr(a, '|', (size_t)(end - a));
		size_t k = bar ? (size_t)(bar - a) : (size_t)(end - a);
		if (alt_holds(s[0], a, k, l, self))
			return 1;
		a += k + 1;
	}
	return 0;
}

/* The restrictions of the self-th upgrade: every clause (';') has a part
 * (',') that holds. */
static int restrictions_hold(const char *r, const xw_loadout *l, int self)
{
	const char *c = r;
	while (c && *c) {
		const char *semi = strchr(c, ';'), *end = semi ? semi : c + strlen(c), *p = c;
		int ok = 0;
		while (p < end && !ok) {
			const char *comma = memchr(p, ',', (size_t)(end - p));
			const char *pe = comma && comma < end ? comma : end;
			ok = part_holds(p, (size_t)(pe - p), l, self);
			p = pe + 1;
		}
		if (!ok)
			return 0;
		c = semi ? semi + 1 : NULL;
	}
	return 1;
}

/* Slots the upgrades grant ("l=SLOT:N" in grants). */
static void granted_slots(const xw_loadout *l, int have[XW_NSLOT])
{
	for (int i = 0; i < l->nup; i++) {
		const char *g = xw_upgrades[l->up[i]].grants;
		while (g && (g = strstr(g, "l=")) != NULL) {
			int s, k;
			if (sscanf(g + 2, "%d:%d", &s, &k) == 2 && s >= 0 && s < XW_NSLOT)
				have[s] += k;
			g += 2;
		}
	}
}

static int fits_slots(const xw_loadout *l, int sys, char *why, size_t cap)
{
	const xw_pilot *p = &xw_pilots[l->pilot];
	int have[XW_NSLOT] = {0};
	int n = sys == XW_POINTS_20 ? p->nslots20 : p->nslots;
	const int8_t *sl = sys == XW_POINTS_20 ? p->slots20 : p->slots;
	for (int i = 0; i < n; i++)
		have[sl[i]]++;
	granted_slots(l, have);
	for (int i = 0; i < l->nup; i++) {
		const xw_upgrade_def *u = &xw_upgrades[l->up[i]];
		for (int k = 0; k < u->nslots; k++) {
			int s = u->slots[k];
			if (have[s] > 0) {
				have[s]--;
			} else if ((s == XW_SLOT_CANNON || s == XW_SLOT_MISSILE || s == XW_SLOT_TORPEDO)
			           && have[XW_SLOT_HARDPOINT] > 0) {
				have[XW_SLOT_HARDPOINT]--;
			} else {
				snprintf(why, cap, "%s (%s) has no free %s slot for %s", p->name,
					xw_ship_types[p->type].name, xw_slot_names[s], u->name);
				return -1;
			}
		}
	}
	return 0;
}

int xw_loadout_check(const xw_loadout *l, const char *faction, int sys, char *why, size_t cap)
{
	const xw_pilot *p = &xw_pilots[l->pilot];
	const xw_ship_type *t = &xw_ship_types[p->type];
	int spent = 0;
	if (xw_pilot_cost(l->pilot, sys) < 0)
		return snprintf(why, cap, "%s is not in the %s points list", p->name,
			xw_points_name(sys)), -1;
	if (t->size == XW_HUGE)
		return snprintf(why, cap, "%s flies a huge ship (epic play is not modelled)",
			p->name), -1;
	if (faction && strcmp(faction, t->faction) != 0)
		return snprintf(why, cap, "%s is a %s pilot, not %s", p->name, t->faction, faction),
			-1;
	for (int i = 0; i < l->nup; i++) {
		const xw_upgrade_def *u = &xw_upgrades[l->up[i]];
		int c = xw_upgrade_cost(l->up[i], l->pilot, sys);
		for (int k = 0; k < i; k++)
			if (l->up[k] == l->up[i])
				return snprintf(why, cap, "%s is equipped twice on %s", u->name, p->name),
					-1;
		if (c < 0)
			return snprintf(why, cap, "%s is not in the %s points list", u->name,
				xw_points_name(sys)), -1;
		if (u->restrict_ && !restrictions_hold(u->restrict_, l, i))
			return snprintf(why, cap, "%s may not equip %s (its restrictions: %s)", p->name,
				u->name, u->restrict_), -1;
		spent += c;
	}
	if (fits_slots(l, sys, why, cap))
		return -1;
	if (sys == XW_POINTS_25 && p->std_loadout)
		return 0;   /* a standard loadout comes with the pilot, its value 0 */
	if (sys == XW_POINTS_25 && spent > p->loadout25)
		return snprintf(why, cap, "%s's upgrades cost %d, over its loadout value %d", p->name,
			spent, p->loadout25), -1;
	return 0;
}

/* The limit on copies of a card named like `name`: the most any card of that
 * name in the squad prints (0: not limited). */
static void count_name(const char *name, int limited, char names[][48], const char **disp,
	int *lim, int *cnt, int *nn)
{
	char id[48];
	int i;
	if (limited <= 0)
		return;
	ident(name, id, sizeof id);
	for (i = 0; i < *nn; i++)
		if (strcmp(names[i], id) == 0)
			break;
	if (i == *nn) {
		if (*nn >= 8 * (XW_MAX_UPGRADES + 1))
			return;
		strcpy(names[i], id);
		disp[i] = name;
		lim[i] = limited;
		cnt[i] = 0;
		(*nn)++;
	}
	cnt[i]++;
	if (limited < lim[i])
		lim[i] = limited;
}

static int limits_check(const xw_loadout *ships, int n, int *bad, char *why, size_t cap)
{
	char names[8 * (XW_MAX_UPGRADES + 1)][48];
	const char *disp[8 * (XW_MAX_UPGRADES + 1)];
	int lim[8 * (XW_MAX_UPGRADES + 1)], cnt[8 * (XW_MAX_UPGRADES + 1)], nn = 0;
	int solitary[XW_NSLOT] = {0};
	for (int s = 0; s < n && s < 8; s++) {
		const xw_pilot *p = &xw_pilots[ships[s].pilot];
		count_name(p->name, p->limited, names, disp, lim, cnt, &nn);
		for (int i = 0; i < ships[s].nup; i++) {
			const xw_upgrade_def *u = &xw_upgrades[ships[s].up[i]];
			count_name(u->name, u->limited, names, disp, lim, cnt, &nn);
			if (u->solitary && solitary[u->kind]++) {
				*bad = s;
				return snprintf(why, cap, "%s is solitary: the squad already has a %s card "
					"that is", u->name, xw_slot_names[u->kind]), -1;
			}
		}
		for (int k = 0; k < nn; k++)
			if (cnt[k] > lim[k]) {
				*bad = s;
				return snprintf(why, cap, "%d cards named %s in the squad: it is limited "
					"to %d", cnt[k], disp[k], lim[k]), -1;
			}
	}
	return 0;
}

int xw_squad_check(const xw_loadout *ships, int n, int sys, int *points, int *bad, char *why,
	size_t cap)
{
	const char *faction;
	int pts = 0;
	*bad = -1;
	if (n < 1 || n > 8)
		return snprintf(why, cap, "a squad has 1 to 8 ships, not %d", n), -1;
	faction = xw_ship_types[xw_pilots[ships[0].pilot].type].faction;
	for (int s = 0; s < n; s++) {
		if (xw_loadout_check(&ships[s], faction, sys, why, cap)) {
			*bad = s;
			return -1;
		}
		pts += xw_loadout_points(&ships[s], sys);
	}
	*points = pts;
	if (limits_check(ships, n, bad, why, cap))
		return -1;
	if (pts > xw_squad_limit(sys))
		return snprintf(why, cap, "the squad costs %d points, over the %d of %s", pts,
			xw_squad_limit(sys), xw_points_name(sys)), -1;
	return 0;
}
