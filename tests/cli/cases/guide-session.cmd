# the session shown in docs/guide.md, typed through the recorder: the guide must show what it
# prints. The dice secret is given beside the log, so the guide's roll is the one drawn.
awk '/^```$/{n++; next} n==1 && /^(header|[a-z0-9]+ (setup|turn [0-9]+(, [a-z -]+)?))> /' docs/guide.md | sed 's/^[^>]*> //' > $TMP/lines
printf 'seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n' >$TMP/brest.sil.dice
cd $TMP && $SILLAGE record brest.sil < lines > out.txt || exit 1
line=$(grep '^#5 ' out.txt)
grep -qxF "$line" $OLDPWD/docs/guide.md && echo "the guide shows: $line"
$SILLAGE verify --quiet brest.sil && tail -3 brest.sil
