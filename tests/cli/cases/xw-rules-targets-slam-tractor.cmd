# issue 25: a SLAM through an obstacle and a tractored ship's move are offered as clicks, not
# typed. The K-wing flew a 1-straight short of an asteroid: each speed-1 SLAM crosses it, so
# each is offered with its die as rolled at the table (dice=hit|crit|focus|blank), drawn where
# the ship ends. The TIE/rb given two tractor tokens (its medium base's threshold) is offered
# to the Rebel player (the opponent), selected and then moved: three barrel rolls each side and
# three boosts, each where it would end; none to its own player. Once moved, no more offers.
cp tests/cli/data/xw-rules-slam.sil $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'reb: dial ship=kw dial=1FB' 'imp: dial ship=tr dial=1FB' 'phase 2' 'phase 3' \
	'imp: move ship=tr' 'imp: action ship=tr action=focus' 'reb: move ship=kw' | $SILLAGE record -q g.sil; echo "record: exit $?"
$SILLAGE targets --sel ship:kw g.sil | grep slam
printf '%s\n' 'reb: action ship=kw action=slam maneuver=1FB dice=blank' \
	'effect ship=tr token=tractor delta=2 source="a tractor beam"' | $SILLAGE record -q g.sil; echo "record: exit $?"
$SILLAGE targets g.sil | grep tractor
$SILLAGE targets --sel ship:tr g.sil | grep tractor
printf '%s\n' 'reb: action ship=tr action=tractor maneuver=1BW' | $SILLAGE record -q g.sil; echo "record: exit $?"
$SILLAGE targets g.sil | grep -c tractor
$SILLAGE log g.sil | tail -3
