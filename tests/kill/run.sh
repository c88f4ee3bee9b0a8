#!/bin/sh
# run.sh - kill -9 at random moments while a verb writes a file (issue 30):
# the output is never half written (absent, or whole and equal to what an
# undisturbed run writes), the input is untouched, and the next run leaves
# no temporary file beside the output. Verbs: convert (text to archive,
# archive to sealed text), pack, and upgrade where this build has it.
# usage: sh tests/kill/run.sh BUILD/sillage [KILLS]
set -u
SILLAGE=$1
KILLS=${2:-50}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
say_fail() { echo "FAIL $*"; fail=$((fail + 1)); }

"$SILLAGE" gen -g sail --events 60000 --seed 7 -o "$T/in.sil" >/dev/null || exit 1
"$SILLAGE" convert "$T/in.sil" -o "$T/in.silb" >/dev/null || exit 1
sum_in=$(cksum < "$T/in.sil")
sum_inb=$(cksum < "$T/in.silb")

# the jobs: NAME|ARGS (OUT stands for the output path)
jobs="convert-silb|convert $T/in.sil -o OUT.silb
convert-seal|convert --seal $T/in.silb -o OUT.sil
pack|pack -o OUT.silb $T/in.sil"
if "$SILLAGE" upgrade --help >/dev/null 2>&1; then
	jobs="$jobs
upgrade|upgrade $T/in.sil -o OUT.sil"
fi

# the reference output of each job, undisturbed
echo "$jobs" | while IFS='|' read -r name args; do
	set -- $(echo "$args" | sed "s|OUT|$T/ref-$name|")
	"$SILLAGE" "$@" >/dev/null 2>&1 || echo "kill: the undisturbed $name fails" >&2
done

n=0
while [ $n -lt "$KILLS" ]; do
	for line in $(echo "$jobs" | tr ' ' '~'); do
		[ $n -lt "$KILLS" ] || break
		line=$(echo "$line" | tr '~' ' ')
		name=${line%%|*}
		args=${line#*|}
		ext=$(echo "$args" | sed 's/.*OUT\([^ ]*\).*/\1/')
		out="$T/out-$name"
		rm -f "$out$ext"
		set -- $(echo "$args" | sed "s|OUT|$out|")
		"$SILLAGE" "$@" >/dev/null 2>&1 &
		pid=$!
		# a moment between 0 and ~400 ms: before the write, during it, after
		ms=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
		sleep "$(printf '0.%03d' $((ms % 400)))"
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		n=$((n + 1))
		if [ -e "$out$ext" ] && ! cmp -s "$out$ext" "$T/ref-$name$ext"; then
			say_fail "$name: killed after $((ms % 400)) ms: the output is there but not whole"
		elif [ "$(cksum < "$T/in.sil")" != "$sum_in" ] || [ "$(cksum < "$T/in.silb")" != "$sum_inb" ]; then
			say_fail "$name: killed after $((ms % 400)) ms: the input changed"
		else
			pass=$((pass + 1))
		fi
	done
done

# the next undisturbed run of each job: the output whole, no stage left
echo "$jobs" | while IFS='|' read -r name args; do
	ext=$(echo "$args" | sed 's/.*OUT\([^ ]*\).*/\1/')
	set -- $(echo "$args" | sed "s|OUT|$T/out-$name|")
	"$SILLAGE" "$@" >/dev/null 2>&1 || echo "FAIL $name: the run after the kills fails"
	cmp -s "$T/out-$name$ext" "$T/ref-$name$ext" || echo "FAIL $name: the run after the kills differs"
done > "$T/after"
left=$(ls "$T" | grep -c '\.tmp')
[ "$left" = 0 ] || echo "FAIL $left temporary files left beside the outputs: $(ls "$T" | grep '\.tmp' | head -3)" >> "$T/after"
if [ -s "$T/after" ]; then
	cat "$T/after"
	fail=$((fail + $(wc -l < "$T/after")))
fi
echo "kill: $pass passed, $fail failed"
[ $fail = 0 ]
