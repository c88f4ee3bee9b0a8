# the verbs that draw check what verify checks (issue 20.3): a log whose recorded state
# checks fail is refused with exit 1 by render, animate, html, report and step, unless
# --force, which draws it with a warning
cd $TMP && $SILLAGE convert --seal -o sealed.sil $OLDPWD/tests/cli/data/example.sil &&
sed "s/dice=4/dice=2/" sealed.sil > edited.sil || exit 9
for v in "render -o x.png" "animate -q -o x.gif" "html -q -o x.html" "report -o x.pdf" "step"; do
	$SILLAGE $v edited.sil < /dev/null > /dev/null 2> err.txt
	echo "$v: exit $? $(ls x.* 2>/dev/null)"
done
cat err.txt
$SILLAGE render --force -o forced.png edited.sil > /dev/null; echo "render --force: exit $?"
pngcheck -q forced.png && echo "forced.png is a PNG"
