# issue 25: a card's dice modification is offered as a click in its step (`ability`, formats/
# xwing.md, Click targets): after Mauler's roll on Luke, Howlrunner's reroll of each attack die
# (the line leaves the new face for the server to draw) beside Mauler's modify, to imp only;
# once one is taken, no second use of the card is offered.
sed 's/^game xwing 3$/game xwing 4/' tests/keys/xwing-setup.sil > $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'dial ship=luke dial=3FW' 'dial ship=wedge dial=2FB' 'dial ship=biggs dial=2FB' \
	'dial ship=jek dial=1FB' 'imp: dial ship=vader dial=2FB' 'dial ship=mauler dial=2FB' \
	'dial ship=howl dial=2FB' 'dial ship=night dial=2BB' 'phase 2' 'phase 3' 'imp: move ship=night' \
	'reb: move ship=biggs' 'move ship=jek' 'move ship=luke' 'action ship=luke action=focus' \
	'imp: move ship=mauler' 'move ship=howl' 'reb: move ship=wedge' 'imp: move ship=vader' 'phase 4' \
	'imp: roll ship=mauler target=luke atk=blank,focus' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
$SILLAGE targets g.sil | sed 's/ ([0-9]*,[0-9]* r[0-9]*) / /'
printf '%s\n' 'imp: ability ship=howl card=howlrunner reroll=1 rdie=2' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
$SILLAGE targets g.sil | sed 's/ ([0-9]*,[0-9]* r[0-9]*) / /'
