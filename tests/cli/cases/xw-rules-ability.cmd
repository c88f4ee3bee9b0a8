# issue 25, rules version 4: a card's dice modification enforced (`ability`, formats/xwing.md,
# Abilities that modify dice). Mauler Mithel attacks Luke; Howlrunner, at range 1 of Mauler,
# rerolls one of his attack dice (the card is howl's pilot, used by its player): rdie=2, a hit, as the
# recorder would draw it. Refused: the other player, a card not in the ship's loadout, two dice, a second use.
sed 's/^game xwing 3$/game xwing 4/' tests/keys/xwing-setup.sil > $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'dial ship=luke dial=3FW' 'dial ship=wedge dial=2FB' 'dial ship=biggs dial=2FB' \
	'dial ship=jek dial=1FB' 'imp: dial ship=vader dial=2FB' 'dial ship=mauler dial=2FB' \
	'dial ship=howl dial=2FB' 'dial ship=night dial=2BB' 'phase 2' 'phase 3' 'imp: move ship=night' \
	'reb: move ship=biggs' 'move ship=jek' 'move ship=luke' 'action ship=luke action=focus' \
	'imp: move ship=mauler' 'move ship=howl' 'reb: move ship=wedge' 'imp: move ship=vader' 'phase 4' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
printf '%s\n' 'imp: roll ship=mauler target=luke atk=blank,focus' \
	'reb: ability ship=howl card=howlrunner reroll=1 rerolled=hit' \
	'imp: ability ship=vader card=howlrunner reroll=1 rerolled=hit' \
	'imp: ability ship=howl card=howlrunner reroll=1,2 rerolled=hit,hit' \
	'imp: ability ship=howl card=howlrunner reroll=1 rdie=2' \
	'imp: ability ship=howl card=howlrunner reroll=2 rerolled=hit' \
	'imp: modify' 'reb: defend def=evade,blank,blank' 'reb: modify' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
sed -n '/^phase 4/,$p' g.sil | sed 's/ ![0-9a-f]*$//'
$SILLAGE log g.sil | tail -5
$SILLAGE verify g.sil | sed "s/final hash [0-9a-f]*/final hash (the salts are drawn)/"
