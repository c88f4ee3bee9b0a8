# html --branch (issue 28.7): a fork is shown as a variation where it leaves the main line, found by
# the log digest; a log of another game, or one that adds nothing, is refused (exit 2)
cp tests/cli/data/example.sil $TMP/main.sil
cd $TMP
$SILLAGE fork main.sil --at 7 -o whatif.sil
printf 'turn 1\nphase 2\nfr: move ship=aigle steps=A\nquit\n' | $SILLAGE record -q whatif.sil
$SILLAGE html -q main.sil --branch whatif.sil -o v.html; echo "exit $?"
sed -n 's/.*"branches":\[{"name":"\([^"]*\)","at":\([0-9]*\),.*/branch \1 leaves after entry \2/p' v.html
$SILLAGE fork main.sil --at 8 -o same.sil
$SILLAGE html -q main.sil --branch same.sil -o x.html; echo "exit $?"
$SILLAGE html -q main.sil --branch $OLDPWD/samples/starship/first-voyage.sil -o x.html; echo "exit $?"
$SILLAGE html -q --embed main.sil -o e.html; echo "exit $?"
grep -c '<body class="light embed">' e.html
