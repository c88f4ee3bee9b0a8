#!/bin/sh
# frames.sh SILLAGE CPU_RUN PNG_BENCH - `make bench`, issue 29 goal 6: what
# a picture costs, each figure beside a peer's on the same input in the same
# run. CPU is user + system (wait4's, bench/cpu_run.c; the PNG writers' from
# inside one process), so the machine's load inflates ours and the peer's
# alike; runs are interleaved: the html step's ours, the cut, ours (the better
# of ours kept, as bench/speed.sh does); GIF and MP4 three rounds of ours then
# the peer's, the best of each side.
#   - the still PNG writer (render/png.c) against cairo's on the very pixels
#     of each sample's 1024-pixel frame (bench/png_bench.c), CPU and bytes;
#   - the HTML viewer: CPU a step (a 120-entry game against its first 20);
#   - GIF: `animate -o x.gif` (drawing the frames included) against
#     gifsicle -O3 on our frames unoptimised, CPU and bytes;
#   - MP4: `animate -o x.mp4` against ffmpeg with the same x264 settings
#     (veryfast, tune animation, crf 20, no B-frames, GOP 250, yuv420p) on
#     the same frames as raw RGB.
set -u
SL=$1
RUN=$2
PB=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
K=${FRAMES_RUNS:-3}

m() {   # m RUNS CMD... -> "ms kb"
	"$RUN" "$@" | awk '{print $2, $4}'
}
ratio() { echo "$1 / $2" | bc -l; }
best() {   # best "ms kb" "ms kb": the one of fewer ms
	set -- $1 $2
	if [ "$(echo "$3 < $1" | bc)" = 1 ]; then echo "$3 $4"; else echo "$1 $2"; fi
}

echo "## pictures (issue 29): sillage against a peer, CPU"
echo
echo "### the still PNG writer against cairo's, on each sample's 1024-pixel frame (mean of $((K * 2)))"
echo
echo "| frame | ours ms | cairo ms | CPU ratio | ours bytes | cairo bytes | size ratio (<= 1.05) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
set --
for s in sail/heron-bank fmp/ferrix ti4/valefar xwing/ion-ambush starship/last-voyage; do
	f="$T/$(basename "$s").png"
	"$SL" render --size 1024 "samples/$s.sil" -o "$f" || exit 1
	set -- "$@" "$f"
done
"$PB" $((K * 2)) "$@" >"$T/pb.txt" || exit 1
while read -r f a b x y; do
	printf '| %s | %.2f | %.2f | %.3fx | %d | %d | %.3fx |\n' "$(basename "$f" .png)" "$a" "$b" \
		"$(ratio "$a" "$b")" "$x" "$y" "$(ratio "$x" "$y")"
done <"$T/pb.txt"
echo

echo "### exports"
echo
echo "| measure | sillage | peer | peer's | CPU ratio | size ratio | goal |"
echo "| --- | ---: | --- | ---: | ---: | ---: | --- |"
# the HTML viewer: a 120-entry game against its first 20 entries, so that
# what every page costs (start-up, the first board) cancels out; one run
# of each (a step is tens of ms: seconds a run), the cut one between
"$SL" gen --game sail -n 120 -o "$T/h.sil" >/dev/null || exit 1
n=$(grep -c '' "$T/h.sil")
head -n $((n - 100)) "$T/h.sil" >"$T/h-cut.sil"
a=$(m 1 "$SL" html -q "$T/h.sil" -o "$T/h.html")
b=$(m 1 "$SL" html -q "$T/h-cut.sil" -o "$T/h-cut.html")
a=$(best "$a" "$(m 1 "$SL" html -q "$T/h.sil" -o "$T/h.html")")
set -- $a $b
step=$(echo "($1 - $3) / 100" | bc -l)
printf '| %s | %.2f ms a step | %s | %.1f ms | | | <= 5 ms a step |\n' "html, 120-entry sail game" "$step" \
	"its first 20 entries" "$3"

S=samples/sail/heron-bank.sil
# GIF: ours drawn and encoded; gifsicle's input is our own frames, whole
"$SL" animate -q "$S" -o "$T/a.gif" || exit 1
gifsicle --unoptimize "$T/a.gif" >"$T/full.gif" 2>/dev/null || exit 1
# three rounds, ours then the peer's, the best of each (a run moves by a
# fifth on this shared machine; the better of ours against one of the
# peer's favoured ours)
a= b=
for _ in 1 2 3; do
	x=$(m 1 "$SL" animate -q "$S" -o "$T/a.gif")
	y=$(m 1 gifsicle -O3 -o "$T/o3.gif" "$T/full.gif")
	a=$(best "${a:-$x}" "$x")
	b=$(best "${b:-$y}" "$y")
done
frames=$(gifsicle --info "$T/a.gif" | sed -n 's/.* \([0-9]*\) images.*/\1/p')
set -- $a $b
printf '| %s | %.0f ms | %s | %.0f ms | %.3fx | %.3fx | <= 1.0x CPU, <= 1.0x size |\n' \
	"animate -o x.gif ($frames frames, heron-bank)" "$1" "gifsicle -O3 (our frames)" "$3" "$(ratio "$1" "$3")" \
	"$(ratio "$(stat -c %s "$T/a.gif")" "$(stat -c %s "$T/o3.gif")")"
# MP4: the same frames as raw RGB for ffmpeg, at one frame a second of
# ours (the timestamps differ, the pictures and settings do not)
if command -v ffmpeg >/dev/null && "$SL" animate -q "$S" -o "$T/a.mp4" 2>/dev/null; then
	wh=$(gifsicle --info "$T/a.gif" | sed -n 's/.*logical screen \([0-9]*x[0-9]*\).*/\1/p')
	# one picture a frame (not repeated for its delay), sides made even with
	# a row or column of page as ours are
	ffmpeg -v error -i "$T/full.gif" -fps_mode passthrough -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white" \
		-f rawvideo -pix_fmt rgb24 "$T/frames.rgb" || exit 1
	wh=$(echo "$wh" | awk -Fx '{printf "%dx%d", int(($1 + 1) / 2) * 2, int(($2 + 1) / 2) * 2}')
	enc() {
		m 1 ffmpeg -v error -y -f rawvideo -pix_fmt rgb24 -s "$wh" -r 1 -i "$T/frames.rgb" -c:v libx264 \
			-preset veryfast -tune animation -crf 20 -bf 0 -g 250 -pix_fmt yuv420p "$T/f.mp4"
	}
	a= b=
	for _ in 1 2 3; do   # as GIF: the best of three of each
		x=$(m 1 "$SL" animate -q "$S" -o "$T/a.mp4")
		y=$(enc)
		a=$(best "${a:-$x}" "$x")
		b=$(best "${b:-$y}" "$y")
	done
	set -- $a $b
	printf '| %s | %.0f ms | %s | %.0f ms | %.3fx | %.3fx | <= 1.0x CPU |\n' \
		"animate -o x.mp4 ($frames frames)" "$1" "ffmpeg libx264 (raw frames)" "$3" "$(ratio "$1" "$3")" \
		"$(ratio "$(stat -c %s "$T/a.mp4")" "$(stat -c %s "$T/f.mp4")")"
else
	echo "| animate -o x.mp4 | (no libav* or ffmpeg here) | | | | | |"
fi
