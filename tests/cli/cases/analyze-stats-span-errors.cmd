# issue 29: stats --from/--to refused with exit 2 when --from comes after --to (of one kind at
# once, of two kinds when the log is read), a position the log lacks, or a bad position; the
# text log and its archive say the same
$SILLAGE convert samples/sail/heron-bank.sil -o $TMP/h.silb >/dev/null
cp samples/sail/heron-bank.sil $TMP/h.sil
cd $TMP
for f in h.sil h.silb; do
	for span in "--from 30 --to 20" "--from t3 --to t2" "--from t2 --to 30" "--from 9999" "--to 9999" \
		"--from t99" "--to t99" "--from x3" "--from t0" "--to -1"; do
		$SILLAGE stats $span $f > /dev/null; echo "$f $span: exit $?"
	done
done
