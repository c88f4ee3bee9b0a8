#!/bin/sh
# run.sh - allocation failures end in success or "out of memory", nothing else.
#
#   sh tests/alloc/run.sh BIN ASANBIN [JOBS]
#
# Both binaries are sillage built with -DSL_ALLOC_FAULTS (src/cli/alloc_faults.c):
# BIN under UBSan, ASANBIN under ASan+UBSan with LeakSanitizer (`make
# alloc-faults` builds them). A run is made once to count its allocations and
# keep its output, then again with the Nth allocation failed
# (SILLAGE_FAIL_ALLOC=N). Two passes:
#   every N (BIN)      verify and render of every sample in samples/, and
#                      verify of each as a .silb archive (made here): every
#                      allocation from the first to the last;
#   serve-club           a lobby GET, an action and a new game of `serve --dir`
#                      (one.sh): each answer the normal run's or a 5xx, the
#                      journals as the answers say, a stop that frees all;
#   call stacks (ASANBIN)  verify and render of every sample, and html of each
#                      sample cut before its second turn: the N of each
#                      distinct call stack's first allocation
#                      (SILLAGE_SITES_ALLOC). html is not run at every N: a
#                      full export makes 17 000 to 70 000 allocations and takes
#                      1 to 10 s (ASan), so every N would take days; its ~80
#                      call stacks per sample reach every path to an
#                      allocation once. ALLOC_HTML=all runs every N of the
#                      short html exports instead (about an hour).
# A run passes when it exits 0 with output identical to the normal run, or
# exits 4 with "out of memory" on standard error and leaves no output file,
# and in both cases frees every block it allocated through sl_malloc (the
# fault build counts them: "sillage: leak: ...") and draws no sanitizer report.
# Prints the runs by outcome and the first of each failing kind; exits 1 if
# any failed. ALLOC_RESULTS=FILE keeps every run's line.
set -u
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
BIN=$(abs "$1")
ABIN=$(abs "$2")
JOBS=${3:-2}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM
ASAN_OPTIONS=abort_on_error=0:detect_leaks=1
LSAN_OPTIONS=suppressions=$root/tests/lsan.supp:print_suppressions=0
G_SLICE=always-malloc   # a GObject we forget is then no cache (tests/lsan.supp)
export G_SLICE
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS W
unset SILLAGE_FAIL_ALLOC SILLAGE_COUNT_ALLOC SILLAGE_SITES_ALLOC
start=$(date +%s)
: >"$W/jobs"

# job PASS BIN VERB LOG: the normal run, then the list of N to fail
job() {
	pass=$1 bin=$2 v=$3 in=$4
	f=$(basename "$in")
	j=$pass-$v-$f
	if ! SILLAGE_COUNT_ALLOC=1 SILLAGE_SITES_ALLOC="$W/$j.sites" \
		sh "$here/one.sh" "$bin" "$v" "$in" "$W/$j.ref" >"$W/$j.refout" 2>"$W/$j.referr" ||
		grep -q 'sillage: leak\|Sanitizer\|runtime error' "$W/$j.referr"; then
		echo "alloc: the normal run of $v on $f fails:"; cat "$W/$j.referr"; exit 1
	fi
	n=$(sed -n 's/^sillage: allocations: //p' "$W/$j.referr")
	if [ "$pass" = stacks ] && { [ "$v" != html ] || [ "${ALLOC_HTML:-stacks}" != all ]; }; then
		sed "s|^|$bin $v $in $j |" "$W/$j.sites" >>"$W/jobs"
		echo "alloc: $pass: $v $f: $(wc -l <"$W/$j.sites") call stacks of $n allocations"
	else
		# ALLOC_EVERY=K: of a run of more than 1 000 allocations, every Kth N only
		k=1; [ "$n" -gt 1000 ] && k=${ALLOC_EVERY:-1}
		[ "$v" = serve-club ] && k=${ALLOC_CLUB_EVERY:-$k}   # a run is a server's start and stop: ~1 s
		seq 1 "$k" "$n" | sed "s|^|$bin $v $in $j |" >>"$W/jobs"
		echo "alloc: $pass: $v $f: $n allocations$([ "$k" = 1 ] || echo ", every ${k}th failed")"
	fi
}

# ALLOC_ONLY=new: only the jobs of `new`, `upgrade` and the XWS import below;
# ALLOC_ONLY=club: only the club server's; ALLOC_ONLY=walk: only the report
# of a voyage and html --branch; ALLOC_ONLY=html: only html's call stacks of
# each sample cut before its second turn (as below; the tops' pieces kept as
# lines, render/piece.c, among them)
if [ "${ALLOC_ONLY:-all}" = all ]; then
for s in "$root"/samples/*/*.sil; do
	b=$(basename "$s" .sil)
	cp "$s" "$W/$b.sil"
	"$BIN" convert -o "$W/$b.silb" "$s" || exit 1
	# the short log for html: everything before the second turn's marker
	sed '/^turn 2 /,$d' "$s" >"$W/$b-short.sil"
	job every "$BIN" verify "$W/$b.sil"
	job every "$BIN" render "$W/$b.sil"
	job every "$BIN" verify "$W/$b.silb"
	job stacks "$ABIN" verify "$W/$b.sil"
	job stacks "$ABIN" render "$W/$b.sil"
	job stacks "$ABIN" html "$W/$b-short.sil"
	# issue 30: the SVG packer, the report and stats reach their allocations too
	job stacks "$ABIN" svg "$W/$b.sil"
	job stacks "$ABIN" report "$W/$b-short.sil"
	job stacks "$ABIN" stats "$W/$b.sil"
done
# the importers (issue 30): every N of a TI4 map string (the XWS squad: below)
sed -n 's/^galaxy map="\([^"]*\)".*/\1/p' "$root/samples/ti4/valefar.sil" >"$W/valefar.map"
job every "$BIN" import-ti4 "$W/valefar.map"
# the click targets (render/targets.c and the games' hooks): every N
job every "$BIN" targets-move "$W/heron-bank.sil"
job every "$BIN" targets "$W/first-voyage.sil"
job every "$BIN" targets-fmp "$W/ferrix.sil"
job every "$BIN" targets-ti4 "$W/acheron-hunger.sil"
job every "$BIN" targets-xwing "$W/ion-ambush.sil"
fi
if [ "${ALLOC_ONLY:-all}" = html ]; then
# (ALLOC_HTML_GAMES="sail fmp": those games' samples only; some 300 runs a sample)
for s in $(for g in ${ALLOC_HTML_GAMES:-*}; do ls "$root"/samples/$g/*.sil; done); do
	b=$(basename "$s" .sil)
	sed '/^turn 2 /,$d' "$s" >"$W/$b-short.sil"
	job stacks "$ABIN" html "$W/$b-short.sil"
done
fi
if [ "${ALLOC_ONLY:-all}" = all ] || [ "${ALLOC_ONLY:-all}" = walk ]; then
# issue 30, the walked pages: every N of the report of each starship voyage
# (its fights rated as it is walked) and of html --branch (a variation of the
# example game, made by fork and record), and each call stack of the latter
for s in "$root"/samples/starship/*.sil; do
	cp "$s" "$W/walk-$(basename "$s")"
	job every "$BIN" report "$W/walk-$(basename "$s")"
done
cp "$root/tests/cli/data/example.sil" "$W/main.sil"
"$BIN" fork "$W/main.sil" --at 7 -o "$W/main.sil.branch" >/dev/null 2>&1 &&
	printf 'turn 1\nphase 2\nfr: move ship=aigle steps=A\nquit\n' | "$BIN" record -q "$W/main.sil.branch" >/dev/null 2>&1 ||
	{ echo "alloc: cannot make the branch"; exit 1; }
job every "$BIN" html-branch "$W/main.sil"
job stacks "$ABIN" html-branch "$W/main.sil"
fi
if [ "${ALLOC_ONLY:-all}" != club ] && [ "${ALLOC_ONLY:-all}" != walk ] && [ "${ALLOC_ONLY:-all}" != html ]; then
# issue 30: `new` of every game (every N, and each call stack under ASan),
# `upgrade` of the fmp logs of rules 1 and 2, and the XWS import of the
# largest squad of samples/xwing/xws (every N)
for g in sail starship fmp ti4 xwing; do
	case $g in
	ti4) echo "39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28" >"$W/new-$g" ;;
	xwing) echo "$root/samples/xwing/xws" >"$W/new-$g" ;;
	*) : >"$W/new-$g" ;;
	esac
	job every "$BIN" "new-$g" "$W/new-$g"
	job stacks "$ABIN" "new-$g" "$W/new-$g"
done
for o in "$root"/tests/compat/fmp/v[12]-*.sil; do
	cp "$o" "$W/up-$(basename "$o")"
	job every "$BIN" upgrade "$W/up-$(basename "$o")"
	job stacks "$ABIN" upgrade "$W/up-$(basename "$o")"
done
x=$(ls -S "$root"/samples/xwing/xws/*.json | head -n 1)
job every "$BIN" import-xws "$x"
fi
if [ "${ALLOC_ONLY:-all}" = all ] || [ "${ALLOC_ONLY:-all}" = club ]; then
# the club server (issue 30 item 5): a lobby GET, an action POST in a game and a
# create-game POST of `serve --dir` (one.sh serve-club), every N and each call
# stack; the folder holds the game and its tokens, made by a normal start
mkdir "$W/club"
"$BIN" record "$W/club/sternes.silb" <"$root/tests/serve/data/sail-setup.sil" >/dev/null 2>&1 || exit 1
"$BIN" serve --dir "$W/club" --port 0 --bind 127.0.0.1 >"$W/club.srv" 2>&1 &
pid=$!
while ! grep -q '^games: ' "$W/club.srv"; do kill -0 $pid || exit 1; sleep 0.05; done
kill -TERM $pid; wait $pid
"$BIN" info "$W/club/sternes.silb" | sed -n "s/^events: *\([0-9]*\) .*/\1/p" >"$W/club/rev"
job every "$BIN" serve-club "$W/club"
[ "${ALLOC_CLUB_STACKS:-1}" = 0 ] || job stacks "$ABIN" serve-club "$W/club"
fi
xargs -P "$JOBS" -L 1 sh "$here/check.sh" <"$W/jobs" >"$W/results"
[ -n "${ALLOC_RESULTS:-}" ] && cp "$W/results" "$ALLOC_RESULTS"
end=$(date +%s)
total=$(wc -l <"$W/results")
bad=$(grep -c -v '^ok' "$W/results")
echo "alloc: $total runs in $((end - start)) s, by outcome:"
cut -d' ' -f1 "$W/results" | sort | uniq -c | sed 's/^/alloc: /'
if [ "$bad" -gt 0 ]; then
	for k in $(grep -v '^ok' "$W/results" | cut -d' ' -f1 | sort -u); do
		echo "alloc: first runs of kind $k:"
		grep "^$k " "$W/results" | head -n 5 | sed 's/^/  /'
	done
	exit 1
fi
