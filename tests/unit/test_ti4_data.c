/* test_ti4_data.c - the ti4 module's published data (ti4_cards.c): every
 * faction's home, starting units and technologies point at things the
 * tables know; the decks have their published sizes; unit upgrades carry
 * the values of the upgrade cards. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/ti4/ti4_int.h"

/* Each comma-separated item of list passes ok(item). */
static int each(const char *list, int (*ok)(const char *))
{
	char buf[512], *save = NULL;
	snprintf(buf, sizeof buf, "%s", list ? list : "");
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (!ok(t))
			return 0;
	return 1;
}
static int is_tech(const char *id) { return ti4_tech_index(id) >= 0; }
static int is_unit(const char *id)
{
	for (int t = 0; ti4_unit_tokens[t]; t++)
		if (!strcmp(ti4_unit_tokens[t], id))
			return 1;
	return 0;
}

static void t_factions(void **state)
{
	(void)state;
	for (int f = 0; f < TI4_NFACTION; f++) {
		const ti4_faction_data *d = &ti4_faction_data_tab[f];
		const ti4_tile *t = ti4_tile_find(ti4_factions[f].home_tile);
		assert_string_equal(d->id, ti4_factions[f].id);
		assert_string_equal(d->id, ti4_faction_ids[f]);
		assert_non_null(t);
		assert_non_null(t->home);
		assert_string_equal(t->home, d->id);
		for (int k = 0; k < 4 && d->start[k].units; k++) {
			int found = !d->start[k].at;
			for (int j = 0; j < t->np; j++)
				found |= d->start[k].at && !strcmp(t->p[j].id, d->start[k].at);
			assert_true(found);
			assert_true(each(d->start[k].units, is_unit));
		}
		assert_true(each(d->techs, is_tech));
		assert_true(each(d->choice, is_tech));
		for (int k = 0; k < 2; k++) {
			int i = ti4_tech_index(d->ftech[k]);
			assert_true(i >= 0);
			assert_string_equal(ti4_techs[i].faction, d->id);
		}
		assert_non_null(d->fs_name);
		assert_non_null(d->mech_name);
		assert_int_equal(d->mech.cost, 2);
		assert_non_null(d->agent[0].name);
		assert_int_equal(d->hero.unlock, TI4_UL_OBJECTIVES3);
		assert_true(d->commander.unlock > TI4_UL_OBJECTIVES3);
		assert_int_equal(ti4_faction_index(d->id), f);
	}
	/* the Winnu choose 1 of 8, the Argent 2 of 3; the Sardakk start with none */
	assert_int_equal(ti4_faction_data_tab[TI4_F_WINNU].choose, 1);
	assert_int_equal(ti4_faction_data_tab[TI4_F_ARGENT].choose, 2);
	assert_string_equal(ti4_faction_data_tab[TI4_F_SARDAKK].techs, "");
	/* published flagship values the rules version 1 table had wrong (issue 26) */
	assert_int_equal(ti4_faction_data_tab[TI4_F_YSSARIL].fs.move, 2);
	assert_int_equal(ti4_faction_data_tab[TI4_F_HACAN].fs.combat, 7);
	assert_int_equal(ti4_faction_data_tab[TI4_F_NEKRO].fs.combat, 9);
	assert_int_equal(ti4_faction_data_tab[TI4_F_SOL].fs.capacity, 12);
}

static void t_techs(void **state)
{
	int colours[6] = {0}, upgrades = 0;
	(void)state;
	for (int i = 0; ti4_tech_tokens[i]; i++)   /* rules version 1's bits keep their place */
		assert_string_equal(ti4_techs[i].id, ti4_tech_tokens[i]);
	for (int i = 0; i < ti4_ntechs(); i++) {
		const ti4_tech_def *t = &ti4_techs[i];
		int pre = t->pre[0] + t->pre[1] + t->pre[2] + t->pre[3];
		assert_int_equal(ti4_tech_index(t->id), i);
		assert_true(pre <= 4);
		assert_true((t->unit >= 0) == (t->colour == TI4_COL_UNIT));
		if (!t->faction)
			colours[t->colour]++;
		if (t->unit >= 0 && !t->faction)
			upgrades++;
	}
	/* six of each colour with Prophecy of Kings, nine generic unit upgrades */
	for (int c = TI4_COL_GREEN; c <= TI4_COL_YELLOW; c++)
		assert_int_equal(colours[c], 6);
	assert_int_equal(upgrades, 9);
	/* upgrade cards: Carrier II moves 2 and carries 6; Dreadnought II moves 2;
	 * Cruiser II moves 3, carries 1, hits on 6; War Sun needs R R R Y */
	assert_int_equal(ti4_techs[TI4_T_CV2].up.move, 2);
	assert_int_equal(ti4_techs[TI4_T_CV2].up.capacity, 6);
	assert_int_equal(ti4_techs[TI4_T_DN2].up.move, 2);
	assert_int_equal(ti4_techs[TI4_T_CR2].up.move, 3);
	assert_int_equal(ti4_techs[TI4_T_CR2].up.capacity, 1);
	assert_int_equal(ti4_techs[TI4_T_CR2].up.combat, 6);
	assert_int_equal(ti4_techs[TI4_T_WARSUN].pre[2], 3);
	assert_int_equal(ti4_techs[TI4_T_WARSUN].pre[3], 1);
	assert_int_equal(ti4_techs[TI4_T_DD2].up.afb, 6);
	assert_int_equal(ti4_techs[TI4_T_DD2].up.afb_dice, 3);
}

static void t_decks(void **state)
{
	int st1 = 0, st2 = 0, sec = 0, laws = 0, dirs = 0, pok = 0, ac = 0, acpok = 0;
	int ex[4] = {0};
	(void)state;
	for (int i = 0; i < 8; i++)
		assert_int_equal(ti4_strategy[i].initiative, i + 1);
	for (int i = 0; i < ti4_nobjectives(); i++) {
		const ti4_objective_def *o = &ti4_objectives[i];
		assert_int_equal(ti4_objective_index(o->id), i);
		st1 += o->stage == 1;
		st2 += o->stage == 2;
		sec += o->stage == 0;
		assert_int_equal(o->vp, o->stage == 2 ? 2 : 1);
	}
	assert_int_equal(st1, 20);
	assert_int_equal(st2, 20);
	assert_int_equal(sec, 40);
	for (int i = 0; i < ti4_nagendas(); i++) {
		assert_int_equal(ti4_agenda_index(ti4_agendas[i].id), i);
		if (ti4_agendas[i].pok)
			pok++;
		else if (ti4_agendas[i].kind == TI4_AG_LAW)
			laws++;
		else
			dirs++;
	}
	assert_int_equal(laws + dirs, 50);   /* the base game's agenda deck */
	assert_int_equal(pok, 12);
	for (int i = 0; i < ti4_nactions(); i++) {
		assert_int_equal(ti4_action_index(ti4_actions[i].id), i);
		if (ti4_actions[i].pok == 1)
			acpok += ti4_actions[i].count;
		else if (ti4_actions[i].pok == 0)
			ac += ti4_actions[i].count;
	}
	assert_int_equal(ac, 80);            /* the base game's action deck */
	assert_int_equal(acpok, 40);         /* Prophecy of Kings' 40 (AsyncTI4 pok.json) */
	assert_int_equal(ti4_actions[ti4_action_index("diplomaticpressure")].count, 4);
	assert_int_equal(ti4_actions[ti4_action_index("warmachine")].count, 4);
	assert_int_equal(ti4_actions[ti4_action_index("crashlanding")].pok, 2);   /* not PoK's */
	for (int i = 0; i < ti4_nexplores(); i++)
		ex[ti4_explores[i].deck] += ti4_explores[i].count;
	assert_int_equal(ex[TI4_EX_CULTURAL], 20);
	assert_int_equal(ex[TI4_EX_INDUSTRIAL], 20);
	assert_int_equal(ex[TI4_EX_HAZARDOUS], 20);
	assert_int_equal(ti4_nrelics(), 13);
	for (int i = 0; ti4_generic_notes[i]; i++)
		assert_non_null(ti4_generic_notes[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_factions),
		cmocka_unit_test(t_techs),
		cmocka_unit_test(t_decks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
