# issue 14.11: an output that cannot be created is named once in the error
S=samples/sail/heron-bank.sil
$SILLAGE render -o /nonexistent/x.png $S; $SILLAGE render -o /nonexistent/x.svg $S
$SILLAGE animate -q -o /nonexistent/x.gif $S; $SILLAGE html -o /nonexistent/x.html $S
$SILLAGE report -o /nonexistent/x.pdf $S; $SILLAGE odds --chart /nonexistent/c.png samples/starship/last-voyage.sil
echo "exit $?"
