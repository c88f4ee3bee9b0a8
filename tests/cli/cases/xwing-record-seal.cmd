# issue 25: `record` seals a dial itself, as serve does. The dial is typed in clear; the
# recorder checks it is on the ship's dial (refused when set, not at reveal), draws the
# salt, keeps it in g.sil.seal (0600) and records only the commitment; `reveal ship=ID`
# (or a move that needs the reveal first) is recorded with the dial and salt kept there;
# an undone reveal's secret is kept again.
cp tests/keys/xwing-setup.sil $TMP/g.sil && cd $TMP
printf 'turn 1\ndial ship=luke dial=2FB\ndial ship=wedge dial=5KR\n' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
grep -c '^reb: dial ship=luke commit="[0-9a-f]\{64\}"' g.sil; grep -c 'dial=' g.sil
stat -c '%a' g.sil.seal; grep -c '^seal reb luke 2FB [0-9a-f]\{32\}$' g.sil.seal
printf 'dial ship=wedge dial=1BB\ndial ship=biggs dial=3FW\ndial ship=jek dial=2NB\nimp: dial ship=vader dial=2FB\ndial ship=mauler dial=3BW\ndial ship=howl dial=1TW\ndial ship=night dial=4FW\n' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
s=$(awk '$3 == "night" { print $5 }' g.sil.seal)
printf 'reveal ship=night\nmove ship=night\nmove ship=biggs\nundo\nundo\nreveal ship=biggs\n' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
grep -c "^imp: reveal ship=night dial=4FW salt=$s " g.sil
grep 'reveal\|move\|undone' g.sil | sed 's/salt=[0-9a-f]*/salt=SALT/; s/ ![0-9a-f]*$//'
cut -d' ' -f1-4 g.sil.seal
$SILLAGE verify g.sil | sed "s/final hash [0-9a-f]*/final hash (the salts are drawn)/"
