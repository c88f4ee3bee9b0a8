# the example game in formats/sail.md verifies, and `log` tells it as the doc shows
awk '/^```$/{n++; next} n==3' formats/sail.md > $TMP/doc.sil
awk '/^```$/{n++; next} n==5' formats/sail.md > $TMP/doc.log
$SILLAGE verify --quiet $TMP/doc.sil && $SILLAGE log $TMP/doc.sil | grep ' T[0-9]' | sed 's/^ *[0-9]*  T[0-9.]*   //' | diff $TMP/doc.log - && echo "the doc's log matches"
