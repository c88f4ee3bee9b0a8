# sail's click targets: the ships that may act (Bold, land dead ahead, may only strike), a
# ship's moves (one per end hex and heading, the cheapest string, its cost; into the shoal with
# its grounding odds, the die left out), fire after moving, the wind roll of turn 2. Then a
# game recorded by targets only, each line as the record page would send it; the closed log
# passes verify with every drawn die (the shoal's and the wind's).
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
printf 'sil 1\ngame sail 1\ntitle targets\nplayer fr "France" #1f4fb4\nplayer gb "Britain" #b22222\nmap cols=8 rows=8 turns=3\nterrain row=3 cells="......~."\nterrain row=6 cells="....#..."\nship id=a name="Aigle" class=frigate side=fr at=2,2 facing=S mp=3 draft=deep hull=3\nship id=b name="Bold" class=frigate side=gb at=5,5 facing=S mp=3 draft=deep hull=3\nship id=c name="Cygnet" class=cutter side=gb at=7,1 facing=S mp=2 draft=shallow hull=2\n' |
	$SILLAGE record --quiet g.sil
pick() {   # the line of the first target whose label holds $2, under selection $1
	$SILLAGE targets ${1:+--sel "$1"} g.sil | grep -F -- "$2" | head -1 | sed 's/.*  | //'
}
play() {
	line=$(pick "$1" "$2")
	echo "> $line"
	echo "$line" | $SILLAGE record --quiet g.sil || echo "refused: $line"
}
play "" "Turn 1"
play "" "Phase 2"
$SILLAGE targets g.sil
$SILLAGE targets --sel ship:c g.sil
play ship:c "A,A to 7,3 facing S"
play ship:a "A,A,AP to 2,5 facing SE"
play "" "Phase 3"
$SILLAGE targets --sel ship:a g.sil
play ship:a "1 hit"
play "" "Turn 2"
$SILLAGE targets --json g.sil | grep -o '"group":"wind"[^}]*'
play "" "Roll the wind"
echo close | $SILLAGE record --quiet g.sil; $SILLAGE verify g.sil; grep -v '^meta' g.sil | sed -n '/^turn 1/,$p'
