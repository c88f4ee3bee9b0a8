#!/bin/sh
# archives.sh SILLAGE [GAMES] - the .silb archives of xwing and ti4 against the
# text compressors (`make bench`; issue 29, goal 5). Generates GAMES games of
# each (default 100, seeds 1..GAMES) at run time, unsealed (`gen`) and sealed
# (`gen --seal`, a state check on every entry, as the samples
# write them), plus the samples of samples/xwing and samples/ti4; each file is
# converted to .silb and compressed alone by xz -9e, zstd -22 --long and
# brotli -q 11 (the peers: tools/deps.sh installs zstd and brotli for this).
# Prints the totals and the ratio of .silb to the best peer, and to xz -9e.
# Unsealed xwing games hold 16 random bytes per dial, its salt: the 32 bytes
# of its commitment are BLAKE2b of the salt and the dial its reveal gives
# (formats/commit.md), so only a commitment never revealed (a game cut at
# planning) is random too. The floor column is those bytes over the best
# peer, the ratio no lossless coding can go below. Nothing is kept.
set -u
SL=$1
N=${2:-100}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
for c in xz zstd brotli; do
	command -v $c >/dev/null 2>&1 || { echo "bench: needs $c (sh tools/deps.sh)" >&2; exit 4; }
done

# measure LABEL FILE...: one table row
measure() {
	label=$1
	shift
	sil=0 silb=0 xzb=0 zs=0 br=0 raw=0
	for f in "$@"; do
		"$SL" convert "$f" -o "$T/one.silb" || { echo "bench: convert $f failed" >&2; exit 1; }
		sil=$((sil + $(wc -c <"$f")))
		silb=$((silb + $(wc -c <"$T/one.silb")))
		xzb=$((xzb + $(xz -9e -T1 -c "$f" | wc -c)))
		zs=$((zs + $(zstd -q -22 --ultra --long -c "$f" | wc -c)))
		br=$((br + $(brotli -q 11 -c "$f" | wc -c)))
		nc=$(grep -c 'commit="[0-9a-f]\{64\}"' "$f")
		ns=$(grep -c 'salt="\{0,1\}[0-9a-f]\{32\}' "$f")
		nu=$((nc > ns ? nc - ns : 0))   # commitments without a reveal
		raw=$((raw + 16 * ns + 32 * nu))
	done
	best=$xzb
	[ "$zs" -lt "$best" ] && best=$zs
	[ "$br" -lt "$best" ] && best=$br
	printf "| %-22s | %9d | %8d | %8d | %8d | %8d | %8d | %5.3f | %5.3f | %5.3f |\n" "$label" "$sil" "$xzb" "$zs" "$br" \
		"$silb" "$raw" "$(echo "$silb / $best" | bc -l)" "$(echo "$silb / $xzb" | bc -l)" "$(echo "$raw / $best" | bc -l)"
}

echo "## .silb archives of xwing and ti4 against the text compressors ($N generated games each)"
echo
echo "| games | .sil bytes | xz -9e | zstd -22 | brotli 11 | .silb | random bytes | .silb/best | .silb/xz | floor |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for g in xwing ti4; do
	mkdir -p "$T/$g" "$T/$g-k"
	i=1
	while [ $i -le "$N" ]; do
		"$SL" gen -g $g -r $i -o "$T/$g/$i.sil" || exit 1
		"$SL" gen -g $g -r $i --seal -o "$T/$g-k/$i.sil" || exit 1
		i=$((i + 1))
	done
	measure "$g generated" "$T/$g"/*.sil
	measure "$g generated, sealed" "$T/$g-k"/*.sil
	measure "$g samples" "$ROOT/samples/$g"/*.sil
done
echo
echo "Goal (issue 29): .silb <= 0.8 x the best peer. The floor column: the random bytes alone (16 a"
echo "salt, 32 a commitment never revealed) over the best peer (what any lossless coding must keep)."
