# issue 29: stats --from/--to, a span of the game: on a .silb read from the keyframe before it
# (through the index), on a .sil walked whole; the rows of the span are the rows of the whole
# table (per event; per turn for whole turns), and a turn cut by the span sums the part shown
$SILLAGE convert samples/sail/heron-bank.sil -o $TMP/h.silb >/dev/null
$SILLAGE stats --csv --per event samples/sail/heron-bank.sil > $TMP/whole-ev.csv
$SILLAGE stats --csv samples/sail/heron-bank.sil > $TMP/whole-turn.csv
for f in samples/sail/heron-bank.sil $TMP/h.silb; do
	$SILLAGE stats --csv --per event --from 20 --to 26 $f > $TMP/ev.csv; echo "per event: exit $?"
	awk -F, 'NR == 1 || ($1 > 20 && $1 <= 26)' $TMP/whole-ev.csv | cmp - $TMP/ev.csv && echo "the rows of events 21..26 of the whole table"
	$SILLAGE stats --csv --from t2 --to t3 $f > $TMP/turn.csv; echo "per turn: exit $?"
	awk -F, 'NR == 1 || ($1 >= 2 && $1 <= 3)' $TMP/whole-turn.csv | cmp - $TMP/turn.csv && echo "the rows of turns 2 and 3 of the whole table"
done
cat $TMP/ev.csv
$SILLAGE stats --from 20 --to 26 $TMP/h.silb | sed "s|$TMP|TMP|"
$SILLAGE stats --json --per game --from t2 --to t3 $TMP/h.silb | sed "s|$TMP|TMP|" | cut -c 1-150
