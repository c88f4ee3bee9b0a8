# issue 25/27: the actions of rules version 3 are offered as clicks where the ship may take
# them, each tried by the rules first: the TIE Reaper's jam on the K-wing at range 1 (none
# offered on the Alpha-class, a friend) and its coordinate of the Alpha-class (none on the
# enemy), the TIE/rb's reinforce (front and rear), the K-wing's SLAM (the speed-1
# maneuvers of its dial: it flew a 1-straight); a cloaked ship's decloak in the system phase.
cp tests/cli/data/xwing-actions3.sil $TMP/g.sil && cd $TMP
printf '%s\n' 'turn 1' 'reb: dial ship=kw dial=1FB' 'imp: dial ship=rp dial=1FB' 'imp: dial ship=sw dial=1FB' \
	'imp: dial ship=tr dial=1FB' 'phase 2' 'phase 3' 'imp: move ship=rp' | $SILLAGE record -q g.sil; echo "record: exit $?"
$SILLAGE targets --sel ship:rp g.sil | grep 'jam\|coordinate' | sed 's/ ([0-9]*,[0-9]* r[0-9]*) / /'
printf '%s\n' 'imp: action ship=rp action=focus' 'imp: move ship=tr' | $SILLAGE record -q g.sil; echo "record: exit $?"
$SILLAGE targets --sel ship:tr g.sil | grep reinforce | sed 's/ ([0-9]*,[0-9]* r[0-9]*) / /'
printf '%s\n' 'imp: action ship=tr action=focus' 'reb: move ship=kw' | $SILLAGE record -q g.sil; echo "record: exit $?"
$SILLAGE targets --sel ship:kw g.sil | grep slam | sed 's/ ([0-9]*,[0-9]* r[0-9]*) / /'
