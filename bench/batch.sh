#!/bin/sh
# batch.sh - `make bench` numbers for issue 17: `sillage batch` over GAMES
# generated games of each game (made at run time by batch_gen, EVENTS events
# each): games per second per core with -j 1, the speed-up of -j 2, and the
# peak memory (GNU time's maximum resident set) for a tenth of the games and
# for all of them, which shows it does not grow with the number of games.
# Games per second per core is counted over CPU time (user + system), which
# holds on a shared machine; the -j 2 speed-up is over wall time, so it
# needs two idle cores to mean much (the load average is printed with it).
# With BUILD/bench/cpu_run, the -j 1 CPU time is the best of BATCH_RUNS (5) runs
# counted in microseconds (wait4), not GNU time's 10 ms: a thousand sail
# games take about 0.15 s. The corpora are generated first, two at a time.
#   sh bench/batch.sh BUILD/sillage BUILD/bench/batch_gen [GAMES] [EVENTS] [BUILD/bench/cpu_run]
set -u
SL=$1
GEN=$2
GAMES=${3:-10000}
EVENTS=${4:-200}
RUN=${5:-}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-batch.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM
TIME=/usr/bin/time
[ -x $TIME ] || { echo "batch bench: needs GNU time (Debian 'time')"; exit 1; }
cores=$(nproc 2>/dev/null || echo 1)
echo "batch: $GAMES generated games of each game, $EVENTS events each; $cores cores here"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
# -j 2's CPU over -j 1's: 1.00 is no work added by the second job, so two
# free cores give twice the games a second (the wall-clock speed-up beside
# it is what the machine's load left of the second core)
printf '%-9s %7s %8s %8s %13s %9s %8s %9s %9s %12s %12s\n' game games "-j1 s" "-j1 cpu" "games/s/core" "vs 3000/s" "-j2 s" "speed-up" "cpu j2/j1" "peak KB 10%" "peak KB 100%"
# the corpora first, two generators at a time (the machine's two cores)
gen() { mkdir -p "$OUT/$1" && "$GEN" "$1" "$GAMES" "$EVENTS" "$OUT/$1" || echo "$1" >>"$OUT/failed"; }
gen sail & gen fmp & wait
gen starship & gen xwing & wait
gen ti4
[ -s "$OUT/failed" ] && { echo "batch bench: batch_gen failed for $(cat "$OUT/failed")"; exit 1; }
for g in sail fmp starship xwing ti4; do
	mkdir -p "$OUT/$g-tenth"
	tenth=$((GAMES / 10))
	i=0
	for f in "$OUT/$g"/*.sil; do
		[ $i -ge $tenth ] && break
		ln -s "$f" "$OUT/$g-tenth/"
		i=$((i + 1))
	done
	$TIME -f '%e %U %S %M' -o "$OUT/t1" "$SL" batch -q -j 1 -o "$OUT/o1" "$OUT/$g" || exit 1
	$TIME -f '%e %U %S %M' -o "$OUT/t2" "$SL" batch -q -j 2 -o "$OUT/o2" "$OUT/$g" || exit 1
	$TIME -f '%e %U %S %M' -o "$OUT/t3" "$SL" batch -q -j 1 -o "$OUT/o3" "$OUT/$g-tenth" || exit 1
	cmp -s "$OUT/o1" "$OUT/o2" || { echo "$g: -j 2 output differs from -j 1"; exit 1; }
	set -- $(cat "$OUT/t1") $(cat "$OUT/t2") $(cat "$OUT/t3")
	cpu=$(echo "$2 + $3" | bc)
	if [ -n "$RUN" ]; then   # the best of BATCH_RUNS runs (5), in microseconds: this machine is shared
		cpu=$(for _ in $(seq "${BATCH_RUNS:-5}"); do
			"$RUN" 1 "$SL" batch -q -j 1 -o "$OUT/o4" "$OUT/$g" || exit 1
		done | awk 'NR == 1 || $2 < m { m = $2 } END { if (NR) printf "%.3f", m / 1000 }') || exit 1
		[ -n "$cpu" ] || exit 1
	fi
	printf '%-9s %7d %8s %8s %13s %8sx %8s %9s %9s %12s %12s\n' "$g" "$GAMES" "$1" "$cpu" \
		"$(echo "scale=0; $GAMES / $cpu" | bc)" "$(echo "scale=2; $GAMES / $cpu / 3000" | bc)" "$5" \
		"$(echo "scale=2; $1 / $5" | bc)" "$(echo "scale=2; ($6 + $7) / $cpu" | bc)" "${12}" "$4"
	rm -rf "$OUT/$g" "$OUT/$g-tenth" "$OUT"/o?
done
