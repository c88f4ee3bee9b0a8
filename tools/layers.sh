#!/bin/sh
# layers.sh - the layers point one way (docs/architecture.md). Two checks:
#  1. every #include "..." of src/, formats/ and render/ points at the same
#     layer or one below it; a private header (*_int.h) is included only from
#     its own folder, and a rules module never includes another module;
#  2. with OBJ_DIR given (build/obj), every symbol an object file needs from
#     libsillage is defined in its own layer or one below it (nm), which
#     catches a call up that a declaration in a lower header would hide.
# Prints each fault as FILE:LINE: message and exits 1 if there is one.
# usage: sh tools/layers.sh [OBJ_DIR]
set -u
obj=${1:-}

# the layer of a path, as a rank: a file may use ranks <= its own
rank() {
	case $1 in
	src/core/*) echo 0 ;;
	src/games/*) echo 1 ;;
	formats/*) echo 2 ;;
	src/replay/*) echo 3 ;;
	src/analyze/*) echo 4 ;;
	render/*) echo 5 ;;
	src/record/*) echo 6 ;;
	src/serve/*) echo 7 ;;
	src/cli/* | src/sillage.h) echo 8 ;;   # the umbrella header is the top
	*) echo -1 ;;
	esac
}
name_of() {
	case $1 in
	0) echo src/core ;; 1) echo src/games ;; 2) echo formats ;; 3) echo src/replay ;;
	4) echo src/analyze ;; 5) echo render ;; 6) echo src/record ;; 7) echo src/serve ;;
	*) echo src/cli ;;
	esac
}
# normalise a/b/../c to a/c
norm() {
	echo "$1" | awk -F/ '{ n = 0; for (i = 1; i <= NF; i++) { if ($i == "..") n--; else if ($i != "." && $i != "") p[++n] = $i }
		s = p[1]; for (i = 2; i <= n; i++) s = s "/" p[i]; print s }'
}

tmp_fail=$(mktemp)
trap 'rm -f "$tmp_fail"' EXIT
files=$(find src formats render -name '*.[ch]' -o -name '*.inc' | LC_ALL=C sort)
for f in $files; do
	from=$(rank "$f")
	dir=$(dirname "$f")
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r hit; do
		line=${hit%%:*}
		inc=$(echo "$hit" | sed 's/^[0-9]*:[^"]*"\([^"]*\)".*/\1/')
		# resolved like the compiler: beside the file, then -I. and -Isrc
		if [ -e "$dir/$inc" ]; then target=$(norm "$dir/$inc")
		elif [ -e "$inc" ]; then target=$(norm "$inc")
		elif [ -e "src/$inc" ]; then target=$(norm "src/$inc")
		else continue   # a system header written with quotes, or generated
		fi
		to=$(rank "$target")
		[ "$to" -ge 0 ] || continue
		if [ "$to" -gt "$from" ]; then
			echo "$f:$line: includes $target: $(name_of "$from") may not include $(name_of "$to"), a layer above it"
			echo x >> "$tmp_fail"
		fi
		case $target in
		*_int.h)
			if [ "$(dirname "$target")" != "$dir" ]; then
				echo "$f:$line: includes $target, a private header of another folder"
				echo x >> "$tmp_fail"
			fi ;;
		esac
		case $f in src/games/*/*)
			case $target in src/games/*/*)
				g1=$(echo "$f" | cut -d/ -f3); g2=$(echo "$target" | cut -d/ -f3)
				if [ "$g1" != "$g2" ]; then
					echo "$f:$line: includes $target: a rules module never includes another module"
					echo x >> "$tmp_fail"
				fi ;;
			esac ;;
		esac
	done
done

# symbols: which layer defines each global symbol, and who uses it
if [ -n "$obj" ]; then
	for o in $(find "$obj" -name '*.o' | LC_ALL=C sort); do
		src=${o#"$obj"/}
		src=${src%.o}.c
		[ -e "$src" ] || continue   # an object left from a source since removed
		r=$(rank "$src")
		[ "$r" -ge 0 ] || continue
		# src/cli/gfx_dl.c defines cairo's, pango's and glib's own names in
		# the command, each forwarding to the library it opens: what render
		# calls there is cairo, not the command
		[ "$src" = src/cli/gfx_dl.c ] ||
			nm -g --defined-only "$o" 2>/dev/null | awk -v f="$src" -v r="$r" 'NF == 3 { print "D", $3, f, r }'
		nm -u "$o" 2>/dev/null | awk -v f="$src" -v r="$r" '{ print "U", $NF, f, r }'
	done | awk -v names="src/core src/games formats src/replay src/analyze render src/record src/serve src/cli" '
		BEGIN { split(names, lay, " ") }
		$1 == "D" { def[$2] = $3; drank[$2] = $4; next }
		{ use[++n] = $0 }
		END {
			for (i = 1; i <= n; i++) {
				split(use[i], u, " ")
				if ((u[2] in def) && drank[u[2]] > u[4])
					printf "%s: calls %s, defined in %s: %s may not use %s, a layer above it\n",
						u[3], u[2], def[u[2]], lay[u[4] + 1], lay[drank[u[2]] + 1]
			}
		}' | LC_ALL=C sort -u > "$tmp_fail.sym"
	cat "$tmp_fail.sym"
	sed 's/.*/x/' "$tmp_fail.sym" >> "$tmp_fail"
	rm -f "$tmp_fail.sym"
fi

if [ -s "$tmp_fail" ]; then
	echo "layers: $(wc -l < "$tmp_fail" | tr -d ' ') fault(s); the order is in docs/architecture.md" >&2
	exit 1
fi
echo "layers: every include and every call points down (src/core < src/games < formats < src/replay < src/analyze < render < src/record < src/serve < src/cli)"
