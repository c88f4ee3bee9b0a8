#!/bin/sh
# reclint.sh - the recorder's shape (issue 24.6), checked by `make layers`:
#  1. no function of src/record is over 100 lines (from its opening line to
#     its closing brace);
#  2. with OBJ_DIR given (build/obj), no two files of src/record call each
#     other in a circle, directly or through others (nm, then tsort): a line
#     goes one way, line -> header or entry -> dice -> rules -> journal.
# Prints each fault as FILE:LINE: message and exits 1 if there is one.
# usage: sh tools/reclint.sh [OBJ_DIR]
set -u
obj=${1:-}
max=100
fail=0

long=$(awk -v max=$max '
	FNR == 1 { name = ""; start = 0 }
	/^[A-Za-z_][A-Za-z0-9_ \*]*[ \*]([A-Za-z_][A-Za-z0-9_]*)\(/ && !/;[[:space:]]*$/ {
		name = $0; sub(/\(.*/, "", name); sub(/.*[ \*]/, "", name); start = FNR }
	/^}/ && start {
		n = FNR - start + 1
		if (n > max) printf "%s:%d: %s is %d lines (at most %d)\n", FILENAME, start, name, n, max
		start = 0 }' src/record/*.c)
if [ -n "$long" ]; then
	echo "$long"
	fail=1
fi

if [ -n "$obj" ]; then
	edges=$(mktemp)
	trap 'rm -f "$edges"' EXIT
	for o in "$obj"/src/record/*.o; do
		f=$(basename "$o" .o)
		nm -g --defined-only "$o" | awk -v f="$f" 'NF == 3 { print "D", $3, f }'
		nm -u "$o" | awk -v f="$f" '{ print "U", $NF, f }'
	done | awk '$1 == "D" { def[$2] = $3; next } { use[++n] = $2 " " $3 }
		END { for (i = 1; i <= n; i++) { split(use[i], u, " ")
			if ((u[1] in def) && def[u[1]] != u[2]) print u[2], def[u[1]] } }' | sort -u > "$edges"
	if ! tsort < "$edges" >/dev/null 2>"$edges.err"; then
		echo "src/record: its files call each other in a circle (callers and callees):"
		sed 's/^tsort: -: /  /; s/^tsort: /  /' "$edges.err"
		fail=1
	fi
	rm -f "$edges.err"
fi

if [ $fail = 1 ]; then
	echo "reclint: the recorder's shape is broken (docs/architecture.md)" >&2
	exit 1
fi
echo "reclint: src/record: no function over $max lines, no files calling each other in a circle"
