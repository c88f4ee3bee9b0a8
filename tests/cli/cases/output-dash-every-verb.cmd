# -o - (and --chart -) writes to standard output for every verb that writes a file; no file named '-'
root=$PWD
cd $TMP || exit 9
ln -s "$root/samples" samples
H=samples/sail/heron-bank.sil
$SILLAGE batch -o - "$H" | head -c 40; echo
$SILLAGE batch -o - --csv "$H" | head -1
$SILLAGE import -o - "$root/samples/xwing/xws/gold-wing.json" "$root/samples/xwing/xws/storm-flight.json" | head -2
$SILLAGE import -o - --ti4-map "26 64 71 46 79 25" 2>&1 | head -2
$SILLAGE chart "$H" -m hull -o - --format png | head -c 4 | od -An -c
$SILLAGE luck "$H" --chart - --format svg | head -c 5; echo
$SILLAGE odds "$root/samples/starship/last-voyage.sil" --chart - --format pdf | head -c 5; echo
$SILLAGE render "$H" -o - --format png | head -c 4 | od -An -c
$SILLAGE convert "$H" -o - | head -1
$SILLAGE gen -g sail --events 5 -o - | head -1
$SILLAGE chart "$H" -m hull -o -
echo "exit $?"
ls -A | grep -v -e "^samples$" -e "^\.out$" -e "^\.err$"; echo end
