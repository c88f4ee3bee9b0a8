# issue 25, rules version 4: an attack in two entries takes the published order (the 2.0
# rules reference, Attack: Roll Attack Dice, Modify Attack Dice, Roll Defense Dice, Modify
# Defense Dice). The roll holds the attack dice; the attacker's modify its own spends; then
# `defend`, the defence dice, by the defender's player; then the defender's own modify.
# Each step is refused out of turn, by the other player, or with the other side's fields;
# a version 3 log keeps its two entries (tests/compat/xwing/v3-two-entry.sil).
sed 's/^game xwing 3$/game xwing 4/' tests/keys/xwing-setup.sil > $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'dial ship=luke dial=3FW' 'dial ship=wedge dial=2FB' 'dial ship=biggs dial=2FB' \
	'dial ship=jek dial=1FB' 'imp: dial ship=vader dial=2FB' 'dial ship=mauler dial=2FB' \
	'dial ship=howl dial=2FB' 'dial ship=night dial=2BB' 'phase 2' 'phase 3' 'imp: move ship=night' \
	'reb: move ship=biggs' 'move ship=jek' 'move ship=luke' 'action ship=luke action=focus' \
	'imp: move ship=mauler' 'move ship=howl' 'reb: move ship=wedge' 'imp: move ship=vader' 'phase 4' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
printf '%s\n' 'imp: roll ship=vader target=luke atk=hit,focus def=evade,blank,blank' \
	'imp: roll ship=vader target=luke atk=hit,focus' \
	'reb: defend def=evade,blank,blank' 'reb: modify' 'imp: modify dspend=focus' 'imp: modify aspend=focus' \
	'imp: modify' 'imp: defend def=evade,blank,blank' 'reb: defend def=evade,blank' \
	'reb: defend def=focus,blank,blank' 'reb: modify aspend=focus' 'imp: modify dspend=focus' \
	'reb: modify dspend=focus' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
sed -n '/^phase 4/,$p' g.sil | sed 's/ ![0-9a-f]*$//'
$SILLAGE log g.sil | tail -4
$SILLAGE verify g.sil | sed "s/final hash [0-9a-f]*/final hash (the salts are drawn)/"
