# issue 25, rules version 5: Crack Shot before the Neutralize Results step (formats/xwing.md,
# Rules version 5). Mauler Mithel, with Crack Shot, attacks Luke in its bullseye arc; after
# Luke's modify an evade is left, so the attack waits for Mauler's player: the targets offer the
# card and the pass (imp's), nothing else. Refused: Luke's player, dice named. Taken: the charge
# spent, one evade cancelled, the attack resolved; verify replays it.
sed -e 's/^game xwing 3$/game xwing 5/' -e 's/^\(ship id=mauler .*\)$/\1 upgrades=crackshot/' \
	-e 's/^ship id=luke \(.*\) x=30000/ship id=luke \1 x=40000/' \
	-e 's/^ship id=wedge \(.*\) x=40000/ship id=wedge \1 x=30000/' tests/keys/xwing-setup.sil > $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'dial ship=luke dial=3FW' 'dial ship=wedge dial=2FB' 'dial ship=biggs dial=2FB' \
	'dial ship=jek dial=1FB' 'imp: dial ship=vader dial=2FB' 'dial ship=mauler dial=2FB' \
	'dial ship=howl dial=2FB' 'dial ship=night dial=2BB' 'phase 2' 'phase 3' 'imp: move ship=night' \
	'reb: move ship=biggs' 'move ship=jek' 'move ship=luke' 'action ship=luke action=focus' \
	'imp: move ship=mauler' 'move ship=howl' 'reb: move ship=wedge' 'imp: move ship=vader' 'phase 4' \
	'imp: roll ship=mauler target=luke atk=hit,hit' 'imp: modify' 'reb: defend def=evade,blank,blank' \
	'reb: modify' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
$SILLAGE targets g.sil | sed 's/ ([0-9]*,[0-9]* r[0-9]*) / /'
printf '%s\n' 'reb: ability ship=mauler card=crackshot' 'imp: ability ship=mauler card=crackshot change=1 to=blank' \
	'imp: ability ship=mauler card=crackshot' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
$SILLAGE log g.sil | tail -3
$SILLAGE verify g.sil | sed "s/final hash [0-9a-f]*/final hash (the salts are drawn)/"
