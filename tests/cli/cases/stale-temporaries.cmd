# a writer killed while it writes leaves PATH.tmpXXXXXX behind; the next write of the
# same PATH removes those no writer holds (the lock dies with its process) and leaves one
# that a live writer holds (issue 20.8)
cd $TMP
: > out.sil.tmpAb12Cd; : > other.sil.tmpAb12Cd; : > out.sil.tmpshort
flock -o out.sil.tmpLive00 sleep 5 & live=$!
flock -o out.sil.tmpKilled sleep 5 & dead=$!
sleep 0.3; kill -9 $dead; wait $dead 2>/dev/null
$SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o out.sil || exit 9
ls | sort
kill $live; wait $live 2>/dev/null
$SILLAGE render -o out.sil.png $OLDPWD/tests/cli/data/example.sil && ls out.sil.png*
