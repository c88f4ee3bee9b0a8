# issue 29: html --from/--to, a page of part of a game: from a .silb through its index (the
# keyframe before --from), from a .sil walked whole, the same page; its data names where it
# starts; a position the log lacks, --from after --to or a bad position is exit 2, and so is
# --branch with them; standard input is held for the second walk
$SILLAGE convert samples/sail/heron-bank.sil -o $TMP/h.silb >/dev/null
cp samples/sail/heron-bank.sil $TMP/h.sil
cd $TMP
$SILLAGE html --from 40 --to t4 h.silb -o a.html > said; echo "exit $?"; sed 's/, [0-9]* bytes.*//' said
$SILLAGE html -q --from 40 --to t4 h.sil -o b.html; echo "exit $?"
cmp a.html b.html && echo "the archive's page is the text log's"
$SILLAGE html -q --from 40 --to t4 - -o f.html < h.sil; echo "standard input: exit $?"
cmp f.html b.html && echo "standard input's page is the file's (walked twice, held)"
grep -o '"start":{[^}]*}' a.html
$SILLAGE html -q --to 10 h.silb -o c.html; echo "--to alone: exit $?"
grep -c '"start"' c.html
for span in "--from 60 --to 50" "--from t9 --to 40" "--from 999" "--to t99" "--from t0" "--from x"; do
	for f in h.sil h.silb; do
		$SILLAGE html -q $span $f -o d.html; echo "$f $span: exit $?"
	done
done
[ -e d.html ] && echo "d.html written" || echo "no page written"
$SILLAGE fork h.sil --at 30 -o w.sil >/dev/null
$SILLAGE html -q --from 10 h.sil --branch w.sil -o e.html; echo "--branch with --from: exit $?"
