# the click targets of fmp, ti4 and xwing, and games recorded by targets alone: each line as
# the record page would send it, its dice (fmp's tide card, ti4's rolls) drawn by the recorder.
# fmp on a small map: the landing hexes, the six ways pode 1 may face, the deployment out of
# the astronef, the tide card, a tank's moves (one per hex, its cost) and the end of the part.
# ti4 from the Acheron setup: an activation, the fleets that may move, the rolls with their
# odds, the hits to assign. xwing on the ion ambush: the maneuver drawn where the ship ends, the
# actions after it (barrel rolls where the ship would be, a lock on a ship in range).
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >dice
cp dice f.sil.dice && cp dice t.sil.dice
{ printf 'sil 1\ngame fmp 3\ntitle targets\nplayer ana "Ana" #1f5fbf\nplayer bob "Bob" #c0392b\nmap cols=10 rows=8\n'
  for r in 1 2 3 4 5 6 7 8; do
	c=".--------."; [ $r = 1 ] || [ $r = 8 ] && c=".........."; [ $r = 5 ] && c=".---^----."
	printf 'terrain row=%d cells="%s"\n' $r "$c"
  done
  printf 'ore id=o1 at=5,2\n'; } | $SILLAGE record --quiet f.sil
pick() {   # the line of the first target of log $1 whose text holds $3, under selection $2
	$SILLAGE targets ${2:+--sel "$2"} "$1" | grep -F -- "$3" | head -1 | sed 's/.*  | //'
}
play() {
	line=$(pick "$1" "$2" "$3")
	echo "> $line"
	echo "$line" | $SILLAGE record --quiet "$1" || echo "refused: $line"
}
play f.sil "" "setup is done"
play f.sil "" "ana plays"
$SILLAGE targets f.sil | grep -c 'select land'
$SILLAGE targets --sel land:3,3 f.sil
play f.sil land:3,3 "pode 1 to the N "
play f.sil "" "bob plays"
play f.sil land:8,6 "pode 1 to the S "
play f.sil "" "turn 2"
play f.sil "" "draw the tide"
play f.sil "" "ana plays"
$SILLAGE targets f.sil | head -4
play f.sil unit:ana-t1 "to 4,4,"
play f.sil "" "turn 3"
play f.sil "" "draw the tide"
play f.sil "" "ana plays"
$SILLAGE targets --sel unit:ana-t1 f.sil | grep -c ' move '
$SILLAGE targets --sel unit:ana-t1 f.sil | grep -F ' to 6,4,'
play f.sil unit:ana-t1 " to 6,4,"
$SILLAGE targets f.sil | grep -F 'act phase'
echo close | $SILLAGE record --quiet f.sil; $SILLAGE verify f.sil; grep -v '^meta' f.sil | sed -n '/^turn 1/,$p'

sed -n '1,/^turn 1/p' "$OLDPWD/samples/ti4/acheron-hunger.sil" | grep -v '^turn 1\|^#\|^seed\|^meta\|^date\|^$' |
	sed 's/ ![0-9a-f]*$//' | $SILLAGE record --quiet t.sil
play t.sil "" "setup is done"
$SILLAGE targets t.sil | grep -c 'act activate'
play t.sil "" "vera activates 203"
$SILLAGE targets t.sil
$SILLAGE targets --sel from:202 t.sil
play t.sil from:202 "move dn,dn,ff,ff"
$SILLAGE targets t.sil
play t.sil "" "otto rolls anti-fighter"
play t.sil "" "vera rolls for the space"
play t.sil "" "otto rolls for the space"
$SILLAGE targets t.sil
play t.sil "" "vera assigns"
play t.sil "" "otto assigns"
echo close | $SILLAGE record --quiet t.sil; $SILLAGE verify t.sil; grep -v '^meta' t.sil | sed -n '/^turn 1/,$p'

cd "$OLDPWD"
$SILLAGE targets --turn 2 --phase 3 samples/xwing/ion-ambush.sil
$SILLAGE targets --event 28 --sel ship:gold samples/xwing/ion-ambush.sil
$SILLAGE targets --event 29 --sel ship:gold samples/xwing/ion-ambush.sil
