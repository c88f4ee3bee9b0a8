# an archive of many games refused where it is not one game, a game it does
# not hold, a name taken, a game of another rules module, an archive damaged
# in one game (the others still read), an archive cut short
cd $TMP
$SILLAGE gen -g sail -r 1 -n 120 -o a.sil
$SILLAGE gen -g sail -r 2 -n 120 -o b.sil
$SILLAGE gen -g ti4 -r 1 -n 40 -o t.sil
$SILLAGE pack --archive club.sila a.sil b.sil; echo "pack: exit $?"
$SILLAGE state club.sila; echo "state: exit $?"
$SILLAGE state club.sila:nope; echo "state nope: exit $?"
$SILLAGE pack --archive club.sila --append a.sil; echo "append a again: exit $?"
$SILLAGE pack --archive club.sila --append t.sil; echo "append ti4: exit $?"
$SILLAGE pack --archive club.sila -o x.silb a.sil; echo "pack -o: exit $?"
$SILLAGE pack --append a.sil; echo "append alone: exit $?"
cp club.sila bad.sila
# one byte in the middle of the second game
off=$($SILLAGE ls --json club.sila | sed 's/.*"name":"b","offset":\([0-9]*\),"bytes":\([0-9]*\).*/\1 \2/')
set -- $off
printf 'Z' | dd of=bad.sila bs=1 seek=$(($1 + $2 / 2)) conv=notrunc 2>/dev/null
$SILLAGE verify bad.sila; echo "verify bad: exit $?"
$SILLAGE verify bad.sila:a; echo "verify bad:a: exit $?"
head -c 100 club.sila > cut.sila
$SILLAGE ls cut.sila; echo "ls cut: exit $?"
# an append cut short (the file ends inside what it wrote): refused; an
# append with no game gives the archive back as it was
cp club.sila before.sila
$SILLAGE gen -g sail -r 3 -n 120 -o c.sil
$SILLAGE pack --archive club.sila --append c.sil
head -c $(( $(wc -c < before.sila) + 40 )) club.sila > cut2.sila
$SILLAGE ls cut2.sila; echo "ls cut2: exit $?"
$SILLAGE pack --archive cut2.sila --append; echo "undo: exit $?"
cmp cut2.sila before.sila && echo "cut2.sila: the archive before the append, byte for byte"
# a game of an archive is not rewritten in place (a file of that name would hide it)
$SILLAGE annotate club.sila:a --at 3 '!'; echo "annotate club.sila:a: exit $?"
ls | grep -c ':' 
