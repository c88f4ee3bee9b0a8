#!/bin/sh
# run.sh - animations, reports and the stepper checked by real decoders and
# a real terminal: apngdis (APNG disassembler) + pngcheck + imgdiff against
# `sillage render`, gifsicle --info, pdfinfo + pdftoppm, tmux.
#   sh tests/export/run.sh BUILD/sillage BUILD/tools
set -u
SL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOOLS=$(cd "$2" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-export.XXXXXX") || exit 4
trap 'tmux kill-session -t "sl-step-$$" 2>/dev/null; rm -rf "$OUT"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
for t in apngdis pngcheck gifsicle pdfinfo pdftoppm tmux ffprobe; do
	command -v $t >/dev/null 2>&1 || { echo "export tests need $t (see tools/deps.sh)" >&2; exit 4; }
done
cd "$ROOT" || exit 4
LOG=tests/image/tessel.sil
SAMPLE=$(ls samples/sail/*.sil 2>/dev/null | head -1)
[ -n "$SAMPLE" ] || SAMPLE=$LOG

# APNG per event over the image-test log: apngdis takes it apart, every
# frame is a sound PNG, the last one is the board `render` draws at the end.
"$SL" animate "$LOG" -o "$OUT/t0.apng" --from 0 --size 600 -q && ok || bad "animate from the very start"
if "$SL" animate "$LOG" -o "$OUT/t.apng" --size 600 --delay 100 --hold 400 >"$OUT/t.txt" 2>&1; then ok; else bad "animate apng: $(cat "$OUT/t.txt")"; fi
frames=$(sed -n 's/.*: \([0-9]*\) frames, 600x.*/\1/p' "$OUT/t.txt")
[ -n "$frames" ] && ok || bad "animate did not report its frames: $(cat "$OUT/t.txt")"
mkdir -p "$OUT/dis" && cp "$OUT/t.apng" "$OUT/dis/" && (cd "$OUT/dis" && apngdis t.apng f >/dev/null 2>&1)
n=$(ls "$OUT/dis"/f*.png 2>/dev/null | wc -l)
if [ "$n" -ge 3 ] && [ "$n" -le "${frames:-0}" ]; then ok; else bad "apngdis found $n frames (animate drew ${frames:-?})"; fi
if pngcheck -q "$OUT/t.apng" >/dev/null 2>&1 || pngcheck "$OUT/t.apng" 2>&1 | grep -q "OK\|acTL"; then ok; else bad "pngcheck refuses the APNG: $(pngcheck "$OUT/t.apng" 2>&1 | tail -1)"; fi
badpng=0
for f in "$OUT"/dis/f*.png; do pngcheck -q "$f" >/dev/null 2>&1 || badpng=$((badpng + 1)); done
[ $badpng = 0 ] && ok || bad "$badpng extracted frames fail pngcheck"
lastf=$(ls "$OUT"/dis/f*.png | sort -V | tail -1)
grep -q "delay=500/1000" "${lastf%.png}.txt" 2>/dev/null && ok || bad "the last frame is not held (delay 100 + hold 400): $(cat "${lastf%.png}.txt" 2>/dev/null)"
"$SL" render "$LOG" --size 600 -o "$OUT/end.png" 2>/dev/null
if "$TOOLS/imgdiff" "$OUT/end.png" "$lastf" --tolerance 2 --max-diff-ratio 0 >"$OUT/d" 2>&1; then ok; else bad "the last APNG frame is not the end board: $(cat "$OUT/d")"; fi
first=$(ls "$OUT"/dis/f*.png | sort -V | head -1)
"$SL" render "$LOG" --turn 1 --size 600 -o "$OUT/start.png" 2>/dev/null
if "$TOOLS/imgdiff" "$OUT/start.png" "$first" --tolerance 2 --max-diff-ratio 0 >"$OUT/d" 2>&1; then ok; else bad "the first APNG frame is not the start board: $(cat "$OUT/d")"; fi
# only the changed rectangle is stored after the first frame
smaller=$(od -An -tx1 "$OUT/t.apng" | tr -d ' \n' | grep -o '6663544c' | wc -l)
[ "$smaller" -ge "$n" ] && ok || bad "fcTL count $smaller < $n"

# Every composited frame is the board `render --event N` draws, pixel for
# pixel (a real black pixel is stored one step bluer, black being the
# transparent key: tolerance 1): each frame apngdis gives stands for
# delay/100 events (identical frames are merged into one, held longer).
"$SL" animate "$LOG" -o "$OUT/ev.apng" --from 0 --size 600 --delay 100 --hold 0 -q &&
	mkdir -p "$OUT/ev" && cp "$OUT/ev.apng" "$OUT/ev/" && (cd "$OUT/ev" && apngdis ev.apng f >/dev/null 2>&1) ||
	bad "animate or apngdis, frame by frame"
# The canvas is the board's at the end; `render --size WxH` letterboxes an
# earlier board (the one before the map is laid) into it the same way.
ev=0 nf=0 badf=""
wh=$(od -An -tu1 -j16 -N8 "$OUT/ev/f01.png" 2>/dev/null |
	awk '{printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8}')
for f in $(ls "$OUT"/ev/f*.png 2>/dev/null | sort -V); do
	d=$(sed -n 's/^delay=\([0-9]*\)\/1000$/\1/p' "${f%.png}.txt")
	"$SL" render "$LOG" --event $ev --size "${wh:-600}" -o "$OUT/ev/r.png" 2>/dev/null &&
		"$TOOLS/imgdiff" "$OUT/ev/r.png" "$f" --tolerance 1 --max-diff-ratio 0 >"$OUT/d" 2>&1 ||
		badf="$badf $(basename "$f")=event$ev($(cat "$OUT/d"))"
	nf=$((nf + 1))
	ev=$((ev + ${d:-100} / 100))
done
events=$("$SL" info "$LOG" | sed -n 's/^events: *\([0-9]*\).*/\1/p')
[ -z "$badf" ] && [ "$nf" -ge 3 ] && [ "$ev" = $((events + 1)) ] && ok ||
	bad "composited APNG frames against render --event ($nf frames, $ev of $((events + 1)) positions):$badf"

# GIF per turn of a sample: gifsicle reads it, frames and size as expected.
if "$SL" animate "$SAMPLE" -o "$OUT/s.gif" --per turn --size 500 --loop 2 -q 2>"$OUT/e"; then ok; else bad "animate gif: $(cat "$OUT/e")"; fi
turns=$("$SL" info "$SAMPLE" | sed -n 's/^turns: *//p')
gifsicle --info "$OUT/s.gif" >"$OUT/gi" 2>&1 || bad "gifsicle cannot read the GIF: $(head -3 "$OUT/gi")"
imgs=$(sed -n 's/.* \([0-9]*\) images$/\1/p' "$OUT/gi")
if [ -n "$imgs" ] && [ "$imgs" -ge 2 ] && [ "$imgs" -le $((turns + 1)) ]; then ok; else bad "GIF has ${imgs:-no} images for $turns turns"; fi
grep -q "logical screen 500x" "$OUT/gi" && ok || bad "GIF size: $(grep logical "$OUT/gi")"
grep -q "loop count 2" "$OUT/gi" && ok || bad "GIF loop count: $(grep -i loop "$OUT/gi")"
grep -q "global color table \[256\]" "$OUT/gi" && ok || bad "GIF palette: $(grep -i color "$OUT/gi")"
# the transparent index is per frame (one the frame does not use, as low as can be)
grep -q "transparent [0-9]" "$OUT/gi" && ok || bad "GIF frames after the first are not changed regions"
gifsicle --explode -o "$OUT/x.gif" "$OUT/s.gif" 2>/dev/null && ok || bad "gifsicle cannot explode the GIF"

# frames drawn on several threads give the very bytes one thread gives
for f in apng gif; do
	"$SL" animate "$SAMPLE" -o "$OUT/j1.$f" --jobs 1 --size 400 -q &&
	"$SL" animate "$SAMPLE" -o "$OUT/j2.$f" --jobs 2 --size 400 -q &&
	"$SL" animate "$SAMPLE" -o "$OUT/j3.$f" --jobs 3 --size 400 -q &&
	cmp -s "$OUT/j1.$f" "$OUT/j2.$f" && cmp -s "$OUT/j1.$f" "$OUT/j3.$f" && ok ||
		bad "$f: --jobs 1, 2 and 3 do not write the same bytes"
done

# video: H.264 in MP4 and VP9 in WebM, read back by ffprobe: the codec, the
# size, a picture per frame and the length the delays add up to
for f in mp4 webm; do
	codec=h264; [ $f = webm ] && codec=vp9
	if "$SL" animate "$SAMPLE" -o "$OUT/v.$f" --size 301 --delay 100 --hold 400 --per turn >"$OUT/v.txt" 2>&1; then ok; else bad "animate $f: $(cat "$OUT/v.txt")"; fi
	vf=$(sed -n 's/.*: \([0-9]*\) frames, .*/\1/p' "$OUT/v.txt")
	turns=$("$SL" info "$SAMPLE" | sed -n 's/^turns: *//p')
	ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=codec_name,width,height,nb_read_frames \
		-show_entries format=duration -of default=nw=1 "$OUT/v.$f" >"$OUT/probe" 2>&1 || bad "ffprobe cannot read the $f: $(head -3 "$OUT/probe")"
	grep -q "^codec_name=$codec$" "$OUT/probe" && ok || bad "$f codec: $(cat "$OUT/probe")"
	grep -q "^width=302$" "$OUT/probe" && grep -q "^height=" "$OUT/probe" && ok || bad "$f size (301 padded to even): $(cat "$OUT/probe")"
	grep -q "^nb_read_frames=${vf:-x}$" "$OUT/probe" && ok || bad "$f: ffprobe counts $(sed -n 's/nb_read_frames=//p' "$OUT/probe") pictures, animate drew ${vf:-?}"
	# every frame 100 ms, 400 more on the last of each turn and on the last
	want=$(( ${vf:-0} * 100 + ${turns:-0} * 400 ))
	got=$(sed -n 's/^duration=\([0-9]*\)\.\([0-9]\).*/\1\2/p' "$OUT/probe")
	[ -n "$got" ] && [ $((got * 100)) -ge $((want - 500)) ] && [ $((got * 100)) -le $((want + 500)) ] && ok ||
		bad "$f lasts ${got:-?}00 ms, the delays add up to $want ms"
done
"$SL" animate "$SAMPLE" -o "$OUT/j1.mp4" --size 300 --per turn --jobs 1 -q && "$SL" animate "$SAMPLE" -o "$OUT/j2.mp4" --size 300 --per turn --jobs 2 -q &&
	cmp -s "$OUT/j1.mp4" "$OUT/j2.mp4" && ok || bad "mp4: --jobs 1 and 2 do not write the same bytes"

# a frame per turn shows every move of that turn: frame 3 (the start of turn
# 3) is the board `render --turn 3` draws plus the tracks of turn 2's moves
"$SL" animate "$ROOT/samples/sail/heron-bank.sil" --per turn -o "$OUT/pt.apng" -q && mkdir -p "$OUT/pt" &&
	cp "$OUT/pt.apng" "$OUT/pt/" && (cd "$OUT/pt" && apngdis pt.apng f >/dev/null 2>&1)
"$SL" render "$ROOT/samples/sail/heron-bank.sil" --turn 3 -o "$OUT/t3.png" 2>/dev/null
# (the game is over at the end: every frame keeps the result band's room below the board)
if [ -s "$OUT/pt/f03.png" ] && ! "$TOOLS/imgdiff" "$OUT/t3.png" "$OUT/pt/f03.png" --top --tolerance 24 --max-diff-ratio 0.001 >/dev/null 2>&1 &&
	"$TOOLS/imgdiff" "$OUT/t3.png" "$OUT/pt/f03.png" --top --tolerance 24 --max-diff-ratio 0.05 >/dev/null 2>&1; then ok; else
	bad "the turn-3 frame of --per turn does not add the turn's tracks to the board: $("$TOOLS/imgdiff" "$OUT/t3.png" "$OUT/pt/f03.png" --top 2>&1)"
fi
# the last frame carries the result band `render` draws at the end (same size, same band)
"$SL" render "$ROOT/samples/sail/heron-bank.sil" -o "$OUT/end.png" 2>/dev/null
lastf=$(ls "$OUT"/pt/f*.png 2>/dev/null | sort | tail -1)
if [ -n "$lastf" ] && "$TOOLS/imgdiff" "$OUT/end.png" "$lastf" --tolerance 24 --max-diff-ratio 0.05 >/dev/null 2>&1; then ok; else
	bad "the last frame of --per turn lacks the result band of the end: $("$TOOLS/imgdiff" "$OUT/end.png" "$lastf" 2>&1)"
fi

# a range: turn 2 only, per phase
"$SL" animate "$SAMPLE" -o "$OUT/r.gif" --per phase --from t2 --to t2 --size 300 -q && ok || bad "animate a range"

# the report: a cover, a page per turn, a page per bookmark
if "$SL" report "$SAMPLE" -o "$OUT/r.pdf" 2>"$OUT/e"; then ok; else bad "report: $(cat "$OUT/e")"; fi
bms=$("$SL" info "$SAMPLE" | sed -n 's/.*bookmarks: \([0-9]*\).*/\1/p')
pages=$(pdfinfo "$OUT/r.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "$pages" = $((1 + turns + ${bms:-0})) ] && ok || bad "report has ${pages:-no} pages, expected 1 + $turns + ${bms:-0}"
pdftoppm -r 40 -png -f 2 -l 2 "$OUT/r.pdf" "$OUT/page" 2>/dev/null && pngcheck -q "$OUT"/page*.png >/dev/null 2>&1 && ok || bad "pdftoppm cannot draw page 2"

# starship: a page per fight with its exchanges and the odds chart
SS=samples/starship/last-voyage.sil
if "$SL" report "$SS" -o "$OUT/ss.pdf" 2>"$OUT/e"; then ok; else bad "starship report: $(cat "$OUT/e")"; fi
fights=$("$SL" odds "$SS" 2>/dev/null | grep -c "^Fight [0-9]")
sbms=$("$SL" info "$SS" | sed -n 's/.*bookmarks: \([0-9]*\).*/\1/p')
spages=$(pdfinfo "$OUT/ss.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "$fights" -ge 1 ] && [ "$spages" = $((1 + fights + ${sbms:-0})) ] && ok ||
	bad "starship report has ${spages:-no} pages, expected 1 + $fights fights + ${sbms:-0}"
pdftotext -f 2 -l 2 "$OUT/ss.pdf" "$OUT/ss2.txt" 2>/dev/null
grep -q "^Fight 1 of $fights" "$OUT/ss2.txt" && grep -q "Your chance to win, attack by attack" "$OUT/ss2.txt" &&
	grep -q "^Exchanges: " "$OUT/ss2.txt" && grep -q "to hit" "$OUT/ss2.txt" && ok ||
	bad "the first fight's page lacks its title, chart or exchanges: $(head -5 "$OUT/ss2.txt")"

# the stepper in a real terminal (tmux): keys, arrows, jump to a turn, write a PNG
S=sl-step-$$
tmux new-session -d -s "$S" -x 150 -y 45 "$SL step $SAMPLE" || bad "tmux"
sleep 0.5
screen() { tmux capture-pane -p -t "$S"; }
waitfor() { i=0; while [ $i -lt 40 ]; do screen | grep -q "$1" && return 0; sleep 0.1; i=$((i + 1)); done; return 1; }
waitfor "event 0/" && ok || bad "stepper did not start: $(screen | head -3)"
tmux send-keys -t "$S" n n
waitfor "event 2/" && ok || bad "n n did not reach event 2: $(screen | head -2)"
tmux send-keys -t "$S" Right
waitfor "event 3/" && ok || bad "Right did not step: $(screen | head -2)"
tmux send-keys -t "$S" g 3 Enter
waitfor "turn 3 phase 1" && ok || bad "g 3 did not jump to turn 3: $(screen | head -2)"
tmux send-keys -t "$S" ']'
waitfor "turn 4 phase 1" && ok || bad "] did not reach turn 4: $(screen | head -2)"
tmux send-keys -t "$S" p
waitfor "turn 3 phase" && ok || bad "p did not step back into turn 3: $(screen | head -2)"
tmux send-keys -t "$S" w "$OUT/step.png" Enter
i=0; while [ $i -lt 50 ] && [ ! -s "$OUT/step.png" ]; do sleep 0.1; i=$((i + 1)); done
pngcheck -q "$OUT/step.png" >/dev/null 2>&1 && ok || bad "w did not write a PNG"
waitfor "wrote $OUT/step.png (the board at step" && ok || bad "w did not say what it wrote: $(screen | head -4)"
# the board drawn in the terminal through libchafa: block and sextant cells
# in colour, many rows of them, and no text summary in their place
blocks=$(printf '\342\226')   # UTF-8 lead of U+2580..U+25BF: block elements
screen | LC_ALL=C grep -c "$blocks" >"$OUT/cells"
[ "$(cat "$OUT/cells")" -ge 10 ] && ok || bad "the stepper drew no board: $(screen | sed -n 4,8p)"
tmux capture-pane -e -p -t "$S" | grep -q "$(printf '\033')\[[0-9;]*[34]8;5;" && ok || bad "the board has no colours"
tmux send-keys -t "$S" e 7 Enter
waitfor "went to event 7 (step" && ok || bad "e 7 did not say where it went: $(screen | head -4)"
tmux send-keys -t "$S" q
sleep 0.3
tmux has-session -t "$S" 2>/dev/null && bad "q did not quit" || ok

# --board text: the state in words, no board
tmux new-session -d -s "$S-t" -x 150 -y 45 "$SL step --board text $SAMPLE" || bad "tmux"
sleep 0.5
tmux capture-pane -p -t "$S-t" >"$OUT/tscreen"
i=0; while [ $i -lt 40 ] && ! grep -q "event 0/" "$OUT/tscreen"; do sleep 0.1; tmux capture-pane -p -t "$S-t" >"$OUT/tscreen"; i=$((i + 1)); done
[ "$(LC_ALL=C grep -c "$blocks" "$OUT/tscreen")" -lt 3 ] && grep -q "\[q\]uit" "$OUT/tscreen" && ok ||
	bad "--board text still drew a board: $(head -5 "$OUT/tscreen")"
tmux kill-session -t "$S-t" 2>/dev/null

# the stepper scripted from standard input
printf 'n\n]\n/ fires\ne 5\nq\n' | "$SL" step "$SAMPLE" >"$OUT/st" 2>&1
grep -q "event 5/" "$OUT/st" && grep -q "fires" "$OUT/st" && ok || bad "scripted stepper: $(tail -3 "$OUT/st")"
grep -q "^went to event 5 (step [0-9]*)$" "$OUT/st" && ok || bad "e 5 does not say where it went: $(tail -3 "$OUT/st")"
printf 'e 99999\nw %s\nq\n' "$OUT/w.png" | "$SL" step "$SAMPLE" >"$OUT/st2" 2>&1
grep -q "^no event 99999 (the log has [0-9]* events)$" "$OUT/st2" && grep -q "^wrote $OUT/w.png (the board at step 0, event 0, [0-9]*x[0-9]* PNG)$" "$OUT/st2" &&
	pngcheck -q "$OUT/w.png" >/dev/null 2>&1 && ok || bad "e and w do not say what they did: $(cat "$OUT/st2" | tail -4)"

echo "export: $pass passed, $fail failed"
[ $fail = 0 ]
