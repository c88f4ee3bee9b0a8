# every verb that reads a log reads a .silb the same way as its text (info
# and log --json, which name text lines and sizes, differ)
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb && cp $OLDPWD/tests/cli/data/example.sil e.sil &&
for v in "verify" "log" "state" "state --turn 1 --json" "state --event 3"; do
	$SILLAGE $v e.sil > a.txt 2>&1; $SILLAGE $v e.silb > b.txt 2>&1
	sed 's/e\.silb/e.sil/g' b.txt | cmp -s - a.txt && echo "$v: same" || echo "$v: DIFFERS"
done; $SILLAGE render -o e.svg e.silb && echo "render: ok"
