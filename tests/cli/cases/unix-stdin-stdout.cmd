# issue 14.10: '-' is standard input for the verbs that read a log and standard output for -o,
# the format given by --format (and asked for when it cannot be told)
S=$(pwd)/samples/sail/heron-bank.sil
cd $TMP && $SILLAGE verify - <$S
$SILLAGE info - <$S | head -2
$SILLAGE convert -o - --format silb $S >a.silb && $SILLAGE verify --quiet a.silb && echo "convert -o - --format silb: an archive"
$SILLAGE pack -o - $S | $SILLAGE state --turn 2 - | head -1
$SILLAGE render --turn 2 -o - --format svg $S | head -c 38; echo
$SILLAGE render -o - --format png $S | od -An -c -N4 | tr -s ' '
$SILLAGE animate -q --to t2 -o - --format gif $S | head -c 6; echo
$SILLAGE html -q -o - $S | head -c 15; echo
$SILLAGE render -o - $S; echo "exit $?"
$SILLAGE render -o - --format jpg $S; echo "exit $?"
$SILLAGE step - <$S; echo "exit $?"
