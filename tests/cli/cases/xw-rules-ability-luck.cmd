# issue 25: `luck` counts every die an attack in entries rolled (rules version 4 on): the attack
# dice of `roll`, the defence dice of `defend`, and the dice a card's `ability` rerolled, each
# side's own (Howlrunner rerolls Mauler's die: imp's attack dice; drawn, rdie=2, a hit). Before,
# the ability's die and the defence dice were left out (2 attack dice, no defence die counted).
sed 's/^game xwing 3$/game xwing 4/' tests/keys/xwing-setup.sil > $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'dial ship=luke dial=3FW' 'dial ship=wedge dial=2FB' 'dial ship=biggs dial=2FB' \
	'dial ship=jek dial=1FB' 'imp: dial ship=vader dial=2FB' 'dial ship=mauler dial=2FB' \
	'dial ship=howl dial=2FB' 'dial ship=night dial=2BB' 'phase 2' 'phase 3' 'imp: move ship=night' \
	'reb: move ship=biggs' 'move ship=jek' 'move ship=luke' 'action ship=luke action=focus' \
	'imp: move ship=mauler' 'move ship=howl' 'reb: move ship=wedge' 'imp: move ship=vader' 'phase 4' \
	'imp: roll ship=mauler target=luke atk=blank,focus' \
	'imp: ability ship=howl card=howlrunner reroll=1 rdie=2' \
	'imp: modify' 'reb: defend def=evade,blank,blank' 'reb: modify' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
$SILLAGE luck g.sil; echo "luck: exit $?"
$SILLAGE luck --json g.sil | head -c 1500; echo
