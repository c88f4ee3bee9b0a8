# the session shown in docs/guide.md, typed through the recorder: the guide must show what it prints
awk '/^```$/{n++; next} n==1 && /^sil\[|^sail\[/' docs/guide.md | sed 's/^[a-z]*\[T[0-9.]*\]> //' > $TMP/lines
cd $TMP && $SILLAGE record brest.sil < lines > out.txt || exit 1
line=$(grep '^#5 ' out.txt)
grep -qxF "$line" $OLDPWD/docs/guide.md && echo "the guide shows: $line"
$SILLAGE verify --quiet brest.sil && tail -2 brest.sil
