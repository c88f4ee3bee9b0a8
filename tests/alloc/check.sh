#!/bin/sh
# check.sh BIN VERB LOG JOB N - fail allocation N of one run (tests/alloc/run.sh)
# and print its outcome: "ok-same", "ok-oom", or the kind of failure and why.
bin=$1 v=$2 in=$3 job=$4 n=$5
o=$W/$job.$n
SILLAGE_FAIL_ALLOC=$n sh "$(dirname "$0")/one.sh" "$bin" "$v" "$in" "$o" >"$o.out" 2>"$o.err"
code=$?
ext=; [ $v = render ] && ext=.png; [ $v = html ] && ext=.html; [ $v = svg ] && ext=.svg
[ $v = report ] && ext=.pdf; case $v in import-*|new-*|upgrade) ext=.sil ;; esac
why=$(head -n 1 "$o.err" | cut -c1-200)
# serve-club: each answer the reference's (code and body) or a 5xx; an action
# or a game accepted is on disk as in the reference, one refused is not there
# same_game A B: the same bytes, or, for a server that ended with exit 4 "out of
# memory" at stop, the same log left in journal form (its packing is what failed)
same_game() {
	cmp -s "$1" "$2" && return 0
	[ "$code" = 4 ] || return 1
	"$bin" convert -o "$1.txt.sil" "$1" 2>/dev/null && "$bin" convert -o "$2.$n.txt.sil" "$2" 2>/dev/null &&
		cmp -s "$1.txt.sil" "$2.$n.txt.sil"
	k2=$?; rm -f "$1.txt.sil" "$2.$n.txt.sil"; return $k2
}
club() {
	r=$W/$job.ref
	k=ok-same
	for q in lobby act new; do
		if cmp -s "$o.$q" "$r.$q"; then continue; fi
		case $(head -n 1 "$o.$q" 2>/dev/null) in
		5??) k=ok-5xx ;;
		*) echo "exit$code-wrong-$q"; return ;;
		esac
	done
	if cmp -s "$o.act" "$r.act"; then same_game "$o.club/sternes.silb" "$r.club/sternes.silb" || { echo "exit$code-act-not-kept"; return; }
	else cmp -s "$o.club/sternes.silb" "$in/sternes.silb" || { echo 5xx-act-changed-game; return; }; fi
	if cmp -s "$o.new" "$r.new"; then same_game "$o.club/cove.silb" "$r.club/cove.silb" || { echo "exit$code-new-not-kept"; return; }
	elif [ -e "$o.club/cove.silb" ]; then echo 5xx-new-left-game; return; fi
	echo $k
}
# same_file A B: the same bytes (a PDF: but the dates cairo writes, to the second)
same_file() {
	case $1 in
	*.pdf)
		grep -av 'CreationDate\|ModDate' "$1" >"$1.nd"
		grep -av 'CreationDate\|ModDate' "$2" >"$1.rd"
		cmp -s "$1.nd" "$1.rd"
		set -- $? "$1"
		rm -f "$2.nd" "$2.rd"
		return $1 ;;
	*) cmp -s "$1" "$2" ;;
	esac
}
if grep -q 'Sanitizer\|runtime error' "$o.err"; then
	kind=sanitizer; why=$(grep -m1 'Sanitizer\|runtime error' "$o.err" | cut -c1-200)
elif grep -q '^sillage: leak:' "$o.err"; then
	kind=leak; why="$(grep -m1 '^sillage: leak:' "$o.err") after: $why"
elif [ $v = serve-club ] && [ $code = 0 ]; then
	kind=$(club)
elif [ $v = serve-club ] && [ $code = 4 ] && grep -q 'out of memory' "$o.err"; then
	# a journal write that failed (answered 500) ends the server with exit 4:
	# the answers and the journals are held to the same as on exit 0
	if [ -e "$o.lobby" ]; then kind=$(club | sed 's/^ok-\(same\|5xx\)$/ok-oom-at-stop/'); else kind=ok-oom; fi
elif [ $code = 0 ]; then
	# stdout may name the output file (new, upgrade): its own path, not the reference's
	if [ "$(sed "s|$o|OUT|g" "$o.out")" != "$(sed "s|$W/$job.ref|OUT|g" "$W/$job.refout")" ]; then
		kind=exit0-wrong-stdout
	elif [ -n "$ext" ] && ! same_file "$o$ext" "$W/$job.ref$ext"; then kind=exit0-wrong-file
	else kind=ok-same; fi
elif [ $code = 4 ] && grep -q 'out of memory' "$o.err"; then
	if [ -n "$ext" ] && [ -e "$o$ext" ]; then kind=oom-left-output; else kind=ok-oom; fi
else
	kind=exit$code
fi
echo "$kind $v $job N=$n: $why"
rm -f "$o" "$o.out" "$o.err" "$o$ext"
[ $v = serve-club ] && rm -rf "$o.club" "$o.lobby" "$o.act" "$o.new"
