# new xwing refuses: one squad (exit 2), a file that is not there or not XWS (exit 3), a log
# already there (exit 2, untouched)
X=samples/xwing/xws
$SILLAGE new xwing --xws $X/gold-wing.json -o $TMP/a.sil; echo "exit $?"
cd $TMP
$SILLAGE new xwing --xws nothere.json --xws nothere.json -o a.sil; echo "exit $?"
printf '{"pilots": [{"id": "academypilot",}]}\n' > s.json
$SILLAGE new xwing --xws s.json --xws s.json -o a.sil; echo "exit $?"
echo keep > a.sil
$SILLAGE new xwing --xws "$OLDPWD/$X/gold-wing.json" --xws "$OLDPWD/$X/storm-flight.json" -o a.sil; echo "exit $?"
cat a.sil
