# wind rolls set by hand over 60 turns: a fair die (each face ten times, in a
# shuffled order) and a loaded one (a six every other roll)
head() {
	printf 'sil 1\ngame sail 1\ntitle %s\nplayer fr "F" #1f4fb4\nplayer gb "G" #b22222\nmap cols=6 rows=6\n' "$1"
	printf 'ship id=a name="A" class="74" side=fr at=2,2 facing=S mp=3 draft=deep hull=5\n'
	printf 'turn 1\n'
}
{ head fair; t=2; for d in 3 6 1 5 2 4  2 5 6 1 4 3  6 1 3 4 5 2  4 2 5 3 1 6  1 4 2 6 3 5 \
	5 3 4 2 6 1  3 6 1 5 2 4  2 1 6 4 5 3  6 5 2 1 3 4  4 3 5 6 1 2; do
	printf 'turn %d\nwind roll=%d\n' $t $d; t=$((t + 1)); done; } > $TMP/fair.sil
{ head loaded; t=2; for i in $(seq 1 30); do d=$(( (i % 5) + 1 ))
	printf 'turn %d\nwind roll=6\nturn %d\nwind roll=%d\n' $t $((t + 1)) $d; t=$((t + 2)); done; } > $TMP/loaded.sil
$SILLAGE luck $TMP/fair.sil | grep '^table'
$SILLAGE luck $TMP/loaded.sil | grep '^table'
$SILLAGE luck --json $TMP/loaded.sil | grep -o '"verdict":"[a-z]*"'
