# issue 14.10: --version, -V and version; an option given a value it does not take, a value
# missing, a typo; unknown overlays refused; --help lines within 80 columns
$SILLAGE --version; $SILLAGE -V; $SILLAGE version
$SILLAGE verify --json=yes samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE verify --jsn samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE state --turn; echo "exit $?"
$SILLAGE rendr samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE render --overlay fier -o $TMP/a.png samples/fmp/ferrix.sil; echo "exit $?"
$SILLAGE render --overlay fire -o $TMP/a.png samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE html --overlay wind -o $TMP/a.html samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE render --overlay fire -o $TMP/a.png samples/fmp/ferrix.sil; echo "exit $?"
{ $SILLAGE help; for v in $($SILLAGE help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'); do $SILLAGE $v --help; done; } | awk 'length($0) > 80 { n++ } END { print (n + 0) " help lines longer than 80 columns" }'
