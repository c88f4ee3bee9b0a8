#!/bin/sh
# many.sh SILLAGE [GAMES] [EVENTS] - an archive of many games against solid
# text compressors (`make bench`; issue 29, goal 5: a club's archive at
# <= 0.8 x a solid xz -9e of the same corpus). For each of sail, ti4 and
# xwing, generates GAMES short games (default 200, seeds 1..GAMES, EVENTS
# events each, default 200) at run time, packs them into one archive of
# many games (`pack --archive`) and compresses the concatenated .sil texts
# whole (solid) with xz -9e, zstd -22 --long and brotli -q 11. Also prints
# each game packed alone into its own .silb, summed: what the archive saves.
# Then checks one game read alone (verify, seek) and times `verify` of the
# whole archive (each game alone). Nothing is kept.
set -u
SL=$1
N=${2:-200}
EV=${3:-200}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
for c in xz zstd brotli; do
	command -v $c >/dev/null 2>&1 || { echo "bench: needs $c (sh tools/deps.sh)" >&2; exit 4; }
done
TIME=/usr/bin/time

echo "## An archive of many games against solid compressors ($N generated games of $EV events each)"
echo
echo "| game | .sil bytes | xz -9e | zstd -22 | brotli 11 | .silb each, summed | archive | archive/xz | archive/best | each/xz |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for g in sail ti4 xwing; do
	mkdir -p "$T/$g"
	# two games at a time (sizes only: the order of the work changes no byte)
	seq 1 "$N" | xargs -P 2 -I{} sh -c '"$0" gen -g "$1" -r {} -n "$2" -o "$3/{}.sil" &&
		"$0" pack -o "$3/{}.silb" "$3/{}.sil"' "$SL" $g "$EV" "$T/$g" || { echo "bench: gen $g failed" >&2; exit 1; }
	list=$(seq 1 "$N" | sed "s|.*|$T/$g/&.sil|")
	# shellcheck disable=SC2086
	each=$(cat $(echo "$list" | sed 's/$/b/') | wc -c)
	# shellcheck disable=SC2086
	cat $list >"$T/$g.all"
	# shellcheck disable=SC2086
	"$SL" pack --archive "$T/$g.sila" $list || { echo "bench: pack --archive $g failed" >&2; exit 1; }
	sil=$(wc -c <"$T/$g.all")
	xzb=$(xz -9e -T1 -c "$T/$g.all" | wc -c)
	zs=$(zstd -q -22 --ultra --long -c "$T/$g.all" | wc -c)
	br=$(brotli -q 11 -c "$T/$g.all" | wc -c)
	ar=$(wc -c <"$T/$g.sila")
	best=$xzb
	[ "$zs" -lt "$best" ] && best=$zs
	[ "$br" -lt "$best" ] && best=$br
	printf "| %-5s | %9d | %7d | %7d | %7d | %7d | %7d | %5.3f | %5.3f | %5.3f |\n" $g "$sil" "$xzb" "$zs" "$br" \
		"$each" "$ar" "$(echo "$ar / $xzb" | bc -l)" "$(echo "$ar / $best" | bc -l)" "$(echo "$each / $xzb" | bc -l)"
	# one game alone: it reads back as its text, and seeks
	k=$(( (N + 1) / 2 ))
	"$SL" convert "$T/$g.sila:$k" -o "$T/back.sil" && cmp -s "$T/back.sil" "$T/$g/$k.sil" ||
		{ echo "bench: $g.sila:$k does not read back as $k.sil" >&2; exit 1; }
	"$TIME" -f "%e %U %S %M" -o "$T/ts" "$SL" state --event $((EV / 2)) "$T/$g.sila:$k" >/dev/null ||
		{ echo "bench: state --event $((EV / 2)) $g.sila:$k failed" >&2; exit 1; }
	set -- $(cat "$T/ts")
	echo "$g: state --event $((EV / 2)) of one game ($g.sila:$k, the dictionary and that game read): $(echo "$2 + $3" | bc) s CPU, $(($4 / 1024)) MB peak" >>"$T/verify"
	"$TIME" -f "%e %U %S %M" -o "$T/tv" "$SL" verify -q "$T/$g.sila" || { echo "bench: verify $g.sila failed" >&2; exit 1; }
	set -- $(cat "$T/tv")
	echo "$g: verify of the archive, every game alone: $(echo "$2 + $3" | bc) s CPU, $(($4 / 1024)) MB peak" >>"$T/verify"
done
echo
cat "$T/verify"
echo
echo "Goal (issue 29): archive <= 0.8 x a solid xz -9e of the same games."
