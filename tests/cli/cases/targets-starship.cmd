# the click targets of serve's record page: the roll of the ship before setup, the attack of
# the side whose turn it is with its odds, the damage roll after a hit, the next stage between
# fights. Then a fight played by targets alone: each time the first target's line is recorded
# (its dice drawn by the recorder), and the closed log passes verify with every drawn die.
$SILLAGE targets --event 0 samples/starship/first-voyage.sil
$SILLAGE targets --event 2 samples/starship/first-voyage.sil
$SILLAGE targets --event 3 --json samples/starship/first-voyage.sil
$SILLAGE targets samples/starship/first-voyage.sil
$SILLAGE targets --sel nothing --event 5 samples/starship/first-voyage.sil
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
printf 'sil 1\ngame starship 1\nplayer reader "R" #1f6fd1\nship weapons_roll=3 shields_roll=2\nturn 1\nencounter enemy="Krellan raider" weapons=7 shields=4 paragraph=56\n' |
	$SILLAGE record --quiet g.sil
i=0; while [ $i -lt 12 ]; do
	line=$($SILLAGE targets --json g.sil | sed -n 's/^.*"line":"\([^"]*\)"}\].*$/\1/p')
	[ -n "$line" ] || break
	echo "$line" | $SILLAGE record --quiet g.sil || echo "refused: $line"
	i=$((i + 1))
done
echo close | $SILLAGE record --quiet g.sil; $SILLAGE verify g.sil; grep -v '^meta' g.sil
