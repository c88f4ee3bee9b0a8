# info on several files: each in turn, a JSON line each; a bad one does not stop the others, the worst code wins
$SILLAGE info --json samples/sail/heron-bank.sil nosuch.sil samples/starship/first-voyage.sil | sed 's/"bytes":[0-9]*/"bytes":N/' | cut -c1-60
echo "exit $?"
$SILLAGE info samples/sail/heron-bank.sil samples/fmp/ferrix.sil | grep -E "^(file|result|$)"
$SILLAGE info samples/sail/heron-bank.sil nosuch.sil >/dev/null
echo "exit $?"
