# one batch, -j 2, and GNU parallel over two local "hosts" give the same bytes
d=$TMP/games
mkdir -p $d
for s in 1 2 3 4 5; do for g in sail fmp starship; do
	$SILLAGE gen -g $g --events 150 --seed $s -o $d/$g-$s.sil || exit 9; done; done
printf 'sil 1\ngame sail 1\nmap cols=0 rows=3\n' > $d/sail-broken.sil
$SILLAGE batch -q -o $TMP/one.ndjson $d; echo "batch: exit $?"
$SILLAGE batch -q -j 2 -o $TMP/two.ndjson $d; echo "batch -j 2: exit $?"
$SILLAGE batch -q -j 7 --per turn --csv -o $TMP/seven.csv $d
$SILLAGE batch -q --per turn --csv -o $TMP/one.csv $d
cmp $TMP/one.ndjson $TMP/two.ndjson && echo "-j 2: the same bytes"
cmp $TMP/one.csv $TMP/seven.csv && echo "-j 7 per turn CSV: the same bytes"
ls $d/*.sil | LC_ALL=C sort > $TMP/list
parallel --will-cite -k -S 1/:,1/: "$SILLAGE" batch -q {} < $TMP/list > $TMP/par.ndjson
echo "parallel: exit $? (failed jobs)"
cmp $TMP/one.ndjson $TMP/par.ndjson && echo "parallel -S 1/:,1/: the same bytes"
wc -l < $TMP/one.ndjson
grep -c '"error"' $TMP/one.ndjson
