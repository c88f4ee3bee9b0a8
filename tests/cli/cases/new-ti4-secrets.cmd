# new ti4 deals a secret objective to each player, sealed: the log holds the commitment, the
# player's own file (0600) the objective and its salt; that salt opens the commitment (scoring
# may be refused for its phase or condition, never for the seal), another player's does not;
# `-o -` deals none (no file for the salts), nor --no-secrets
MAP="39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28"
cd $TMP && $SILLAGE new ti4 --map "$MAP" --players ana:sol,bob:hacan,cyd:cabal -o g.sil || exit 9
stat -c '%a %n' g.sil.ana.secret g.sil.bob.secret g.sil.cyd.secret
for p in ana bob cyd; do
	set -- $(grep '^secret' g.sil.$p.secret)
	echo "$p: $(grep -c "^$p: draw deck=secret commit=\"$4\"" g.sil) commitment in the log"
done
set -- $(grep '^secret' g.sil.ana.secret)
obj=$2 mine=$3
set -- $(grep '^secret' g.sil.bob.secret)
for salt in "$mine" "$3"; do
	cp g.sil t.sil
	printf 'turn 1\nana: objective do=score id=%s salt=%s\nquit\n' "$obj" "$salt" \
		| $SILLAGE record t.sil 2>&1 | grep -c 'opens none of ana.s sealed secret objectives'
done
$SILLAGE verify g.sil | sed 's/final hash .*/final hash HASH/'
$SILLAGE new ti4 --map "$MAP" --players ana:sol,bob:hacan -o - 2>/dev/null | grep -c 'deck=secret'
$SILLAGE new ti4 --map "$MAP" --players ana:sol,bob:hacan --no-secrets -o n.sil >/dev/null
ls n.sil*
# where the salts cannot be kept, nothing is written: exit 4
$SILLAGE new ti4 --map "$MAP" --players ana:sol,bob:hacan -o nodir/x.sil 2>&1; echo "exit $?"
