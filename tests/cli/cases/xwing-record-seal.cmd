# issue 25: `record` seals a dial itself, as serve does. The dial is typed in clear; the
# recorder checks it is on the ship's dial (refused when set, not at reveal), draws the
# salt, keeps it in g.sil.seal (0600) and records only the commitment; `reveal ship=ID`
# (or a move that needs the reveal first) is recorded with the dial and salt kept there.
cp tests/keys/xwing-setup.sil $TMP/g.sil && cd $TMP
printf 'turn 1\ndial ship=r1 dial=2FB\ndial ship=r2 dial=5KR\n' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
grep -c '^reb: dial ship=r1 commit="[0-9a-f]\{64\}"' g.sil; grep -c 'dial=' g.sil
stat -c '%a' g.sil.seal; grep -c '^seal reb r1 2FB [0-9a-f]\{32\}$' g.sil.seal
printf 'dial ship=r2 dial=1BB\ndial ship=r3 dial=3FW\ndial ship=r4 dial=2NB\nimp: dial ship=t1 dial=2FB\ndial ship=t2 dial=3BW\ndial ship=t3 dial=1TW\ndial ship=t4 dial=4FW\n' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
s4=$(awk '$3 == "t4" { print $5 }' g.sil.seal)
printf 'reveal ship=t4\nmove ship=t4\nmove ship=r3\nundo\nundo\nreveal ship=r3\n' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
grep -c "^imp: reveal ship=t4 dial=4FW salt=$s4 " g.sil
grep 'reveal\|move\|undone' g.sil | sed 's/salt=[0-9a-f]*/salt=SALT/; s/ ![0-9a-f]*$//'
cut -d' ' -f1-4 g.sil.seal
$SILLAGE verify g.sil
