#!/bin/sh
# run.sh SECONDS TARGET... - runs each libFuzzer target for SECONDS on a copy
# of its seed corpus (tests/fuzz/corpus/NAME for fuzz_NAME); new inputs go to
# a temporary folder, crashes to build-fuzz/crash-*. Fails on any crash.
set -u
secs=$1
shift
here=$(dirname "$0")
fail=0
# the process-wide caches of fontconfig, pango and cairo (the painters' targets
# draw text) are not leaks of ours: the same suppressions as `make asan`
LSAN_OPTIONS=suppressions=$(cd "$here/.." && pwd)/lsan.supp:print_suppressions=0
G_SLICE=always-malloc   # a GObject we forget is then no cache (tests/lsan.supp)
export G_SLICE
export LSAN_OPTIONS
for t in "$@"; do
	name=$(basename "$t")
	seeds="$here/corpus/${name#fuzz_}"
	work=$(mktemp -d)
	"$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$(dirname "$t")/crash-$name-" "$work" "$seeds" >"$work.log" 2>&1
	rc=$?
	runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work.log" | grep -o '[0-9]*$')
	cov=$(grep -o 'cov: [0-9]*' "$work.log" | tail -1)
	if [ $rc = 0 ]; then
		echo "fuzz: $name: ${runs:-?} runs in ${secs}s, $cov, no crash"
	else
		echo "fuzz: $name: FAILED (exit $rc):"
		grep -A30 -E '^==[0-9]+==|runtime error|deadly signal' "$work.log" | head -60
		fail=1
	fi
	rm -rf "$work" "$work.log"
done
exit $fail
