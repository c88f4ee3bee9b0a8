# state and render --turn on a .silb archive read the one segment that
# holds the turn (issue 29) and say and draw what the whole log replayed
# says and draws; a turn past the end is the same usage error
for f in samples/sail/heron-bank.sil samples/fmp/ferrix.sil samples/xwing/ion-ambush.sil; do
	$SILLAGE pack "$f" -o "$TMP/a.silb" || exit 1
	for t in 1 3 5; do
		$SILLAGE state --turn $t "$TMP/a.silb" >"$TMP/s1" && $SILLAGE state --turn $t "$f" >"$TMP/s2" &&
			cmp -s "$TMP/s1" "$TMP/s2" || echo "state --turn $t of $f differs"
		$SILLAGE render --size 200 --turn $t "$TMP/a.silb" -o "$TMP/r1.svg" &&
			$SILLAGE render --size 200 --turn $t "$f" -o "$TMP/r2.svg" &&
			cmp -s "$TMP/r1.svg" "$TMP/r2.svg" || echo "render --turn $t of $f differs"
	done
	head -1 "$TMP/s1"
done
$SILLAGE state --turn 99 "$TMP/a.silb" 2>&1 | sed "s|$TMP|TMP|"
