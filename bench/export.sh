#!/bin/sh
# export.sh - `make bench` numbers for issues 7 and 18, from one run: PNG and SVG frame
# time at 1024x1024 for each game with a painter, and the frames of a
# sequence (whole, and over the kept ground); the HTML viewer's bytes per
# step and opening time; a 200-frame APNG and GIF
# export (time, size) against the same frames as separate PNGs assembled by
# apngasm, and against gifsicle -O3 on the same frames; then the same
# size comparisons on every bundled sample.
#   sh bench/export.sh BUILD/sillage BUILD/bench/export_bench [FRAMES] [WIDTH]
#
# With SL_BASE naming an older `sillage` binary, the figures of issue 18 are
# measured against it in the same run, one after the other on the same
# inputs (so under the same load): the 200-frame APNG and GIF (time, and
# size against apngasm / gifsicle -O3 on each one's own frames), the SVG of
# one frame of the generated sail map, and the time headless chromium takes
# to open the viewer of the generated 300-event sail game. The baseline of
# issue 18 is commit fa4d972:
#   git worktree add --detach /tmp/pre fa4d972 && make -C /tmp/pre -j2
#   SL_BASE=/tmp/pre/build/sillage make bench-export    # or make bench
#
# BENCH_APNGASM=0 leaves out apngasm (the 200-frame APNG against separate
# PNGs assembled by it, and the table of every bundled sample: issue 18's
# size figures, twenty minutes of apngasm between them): `make bench` sets
# it to stay under ten minutes (issue 29); `make bench-export` keeps them.
set -u
SL=$1
EB=$2
FRAMES=${3:-200}
WIDTH=${4:-1024}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-bench.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM
now() { date +%s.%N; }
# open_ms PAGE: the milliseconds headless chromium takes from loading the
# viewer page to its first board shown (the median of three opens in one
# browser: the load of a shared machine varies); empty without
# chromium and playwright-core (tests/html).
open_ms() {
	[ -d tests/html/node_modules/playwright-core ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || return 0
	node -e '
const { chromium } = require(process.cwd() + "/tests/html/node_modules/playwright-core");
(async () => {
	const b = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
		headless: true, args: ["--no-sandbox", "--disable-gpu"] });
	const ms = [];
	for (let k = 0; k < 3; k++) {
		const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
		const t = Date.now();
		await p.goto("file://" + process.argv[1], { timeout: 120000 });
		await p.waitForSelector("#board svg", { timeout: 120000 });
		ms.push(Date.now() - t);
		await p.close();
	}
	ms.sort((x, y) => x - y);
	console.log(ms[1]);
	await b.close();
})();' "$1" 2>/dev/null
}
for g in $("$SL" games | awk 'NR>0{print $1}'); do
	"$SL" gen --game "$g" -n 400 -o "$OUT/$g.sil" 2>/dev/null || continue
	"$EB" frame "$OUT/$g.sil" 5 2>/dev/null || { echo "$g: no painter"; continue; }
	# frames of a sequence (animate, html, report): drawn whole, and over the
	# kept ground, median of 100
	"$EB" seq "$OUT/$g.sil" 100 2>/dev/null
done

# The HTML viewer: what a step costs once the board is drawn (the page of
# the whole log against the page of the log cut 250 entries earlier), and
# how long headless chromium takes to open it.
for g in sail fmp; do
	"$SL" gen --game "$g" -n 300 -o "$OUT/h-$g.sil" 2>/dev/null || continue
	n=$(grep -c "" "$OUT/h-$g.sil")
	head -n $((n - 250)) "$OUT/h-$g.sil" >"$OUT/h-$g-cut.sil"
	t0=$(now)
	"$SL" html -q "$OUT/h-$g.sil" -o "$OUT/h-$g.html" || exit 1
	t1=$(now)
	"$SL" html -q "$OUT/h-$g-cut.sil" -o "$OUT/h-$g-cut.html" || exit 1
	a=$(stat -c %s "$OUT/h-$g-cut.html"); b=$(stat -c %s "$OUT/h-$g.html")
	open=$(open_ms "$OUT/h-$g.html")
	echo "html $g: $(grep -c '' "$OUT/h-$g.sil") entries, $b bytes in $(echo "$t1 - $t0" | bc) s;" \
		"$(( (b - a) / 250 )) bytes per step after the first frames; opens in chromium in ${open:-?} ms"
done
"$SL" gen --game sail -n $((FRAMES + 200)) -o "$OUT/anim.sil" || exit 1
mkdir -p "$OUT/png"
"$EB" anim "$OUT/anim.sil" "$OUT" "$FRAMES" "$WIDTH" | tee "$OUT/r.txt" || exit 1
ours_apng=$(sed -n 's/^APNG: .* in \([0-9.]*\) s, \([0-9]*\) bytes.*/\1 \2/p' "$OUT/r.txt")
ours_gif=$(sed -n 's/^GIF: .* in \([0-9.]*\) s, \([0-9]*\) bytes.*/\1 \2/p' "$OUT/r.txt")
png_t=$(sed -n 's/^PNG files: .* in \([0-9.]*\) s/\1/p' "$OUT/r.txt")
if [ "${BENCH_APNGASM:-1}" != 0 ] && command -v apngasm >/dev/null; then
	t0=$(now)
	apngasm "$OUT/asm.png" "$OUT"/png/f0001.png 7 10 >/dev/null 2>&1
	t1=$(now)
	asm_t=$(echo "$t1 - $t0 + $png_t" | bc)
	asm_s=$(stat -c %s "$OUT/asm.png")
	set -- $ours_apng
	echo "APNG: ours $1 s, $2 bytes; separate PNGs + apngasm $asm_t s, $asm_s bytes;" \
		"time ratio $(echo "scale=3; $1 / $asm_t" | bc), size ratio $(echo "scale=3; $2 / $asm_s" | bc)"
fi
if command -v gifsicle >/dev/null; then
	gifsicle --unoptimize "$OUT/anim.gif" >"$OUT/full.gif"
	t0=$(now)
	gifsicle -O3 "$OUT/full.gif" >"$OUT/o3.gif"
	t1=$(now)
	o3_s=$(stat -c %s "$OUT/o3.gif")
	set -- $ours_gif
	echo "GIF: ours $1 s, $2 bytes; gifsicle -O3 on the same frames $(echo "$t1 - $t0" | bc) s, $o3_s bytes;" \
		"size ratio $(echo "scale=3; $2 / $o3_s" | bc)"
fi

# Issue 18's figures against the baseline binary SL_BASE (see the top): the
# same inputs, the baseline and this build one after the other, so under
# the same load. Times are wall clock of the command (`animate --hold 0`,
# the frames the export above times: from the board as set up, a frame
# per event). Each APNG is weighed against apngasm on its own frames
# (apngdis takes the baseline's apart; ours are the PNG files above), each
# GIF against gifsicle -O3 on its own frames.
if [ -n "${SL_BASE:-}" ]; then
	[ -x "$SL_BASE" ] || { echo "bench: SL_BASE=$SL_BASE is not an executable" >&2; exit 2; }
	echo
	echo "issue 18 against the baseline $SL_BASE:"
	echo "| figure | baseline | now | now / baseline |"
	echo "| --- | ---: | ---: | ---: |"
	# cpu FILE CMD...: runs CMD, its user + system seconds into FILE (empty
	# without GNU time): on a loaded machine the wall clock is the share of
	# the cores the command got, the CPU time what it needed
	cpu() {
		cpu_f=$1
		shift
		: >"$cpu_f"
		if [ -x /usr/bin/time ]; then
			/usr/bin/time -f "%U %S" -o "$cpu_f.t" "$@" || return 1
			awk '{print $1 + $2}' "$cpu_f.t" >"$cpu_f"
		else
			"$@"
		fi
	}
	row() { printf "| %s | %s | %s | %.3f |\n" "$1" "$2" "$3" "$(echo "$3 / $2" | bc -l)"; }
	for f in apng gif; do
		for who in base now; do
			bin=$SL
			[ $who = base ] && bin=$SL_BASE
			t0=$(now)
			cpu "$OUT/cpu" "$bin" animate -q --from 0 --to $((FRAMES - 1)) --hold 0 -s "$WIDTH" \
				"$OUT/anim.sil" -o "$OUT/$who.$f" || exit 1
			t1=$(now)
			eval "t_$who=$(echo "$t1 - $t0" | bc)"
			eval "c_$who=$(cat "$OUT/cpu")"
			eval "s_$who=$(stat -c %s "$OUT/$who.$f")"
		done
		row "$FRAMES-frame $f: seconds" "$t_base" "$t_now"
		[ -n "$c_base" ] && [ -n "$c_now" ] && row "$FRAMES-frame $f: CPU seconds (user + system)" "$c_base" "$c_now"
		row "$FRAMES-frame $f: bytes" "$s_base" "$s_now"
		if [ $f = apng ] && command -v apngdis >/dev/null && [ -n "${asm_s:-}" ]; then
			mkdir -p "$OUT/bdis" && cp "$OUT/base.apng" "$OUT/bdis/b.png" &&
				(cd "$OUT/bdis" && apngdis b.png f >/dev/null 2>&1 &&
				apngasm asm.png "$(ls f*.png | sort -V | head -1)" 7 10 >/dev/null 2>&1) || exit 1
			basm=$(stat -c %s "$OUT/bdis/asm.png")
			row "$FRAMES-frame apng: size / apngasm's" "$(echo "scale=4; $s_base / $basm" | bc)" \
				"$(echo "scale=4; $s_now / $asm_s" | bc)"
			rm -rf "$OUT/bdis"
		elif [ $f = gif ] && command -v gifsicle >/dev/null; then
			for who in base now; do
				gifsicle --unoptimize "$OUT/$who.gif" >"$OUT/$who-full.gif" 2>/dev/null
				gifsicle -O3 "$OUT/$who-full.gif" >"$OUT/$who-o3.gif"
				eval "o_$who=$(stat -c %s "$OUT/$who-o3.gif")"
			done
			row "$FRAMES-frame gif: size / gifsicle -O3's" "$(echo "scale=4; $s_base / $o_base" | bc)" \
				"$(echo "scale=4; $s_now / $o_now" | bc)"
		fi
	done
	for who in base now; do
		bin=$SL
		[ $who = base ] && bin=$SL_BASE
		"$bin" render --size 1024 -o "$OUT/$who.svg" "$OUT/sail.sil" || exit 1
		eval "v_$who=$(stat -c %s "$OUT/$who.svg")"
		"$bin" html -q "$OUT/h-sail.sil" -o "$OUT/$who.html" || exit 1
	done
	row "SVG of a 56x40 sail frame (1024): bytes" "$v_base" "$v_now"
	for who in base now; do
		eval "m_$who=$(open_ms "$OUT/$who.html")"
	done
	[ -n "$m_base" ] && [ -n "$m_now" ] && row "viewer of the 300-event sail game opens: ms" "$m_base" "$m_now"
fi

# The same comparisons on every bundled sample (default `animate` options),
# so that the size goals are seen to hold beyond the generated game: our
# APNG against apngasm on the frames apngdis composites from it, our GIF
# against gifsicle -O3 on the frames gifsicle --unoptimize makes of it.
if [ "${BENCH_APNGASM:-1}" != 0 ] && command -v apngasm >/dev/null && command -v apngdis >/dev/null &&
	command -v gifsicle >/dev/null; then
	echo
	echo "| sample | APNG ours | apngasm | ratio | GIF ours | gifsicle -O3 | ratio |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
	for f in samples/*/*.sil; do
		n=$(basename "$f" .sil)
		d="$OUT/s-$n"
		mkdir -p "$d"
		"$SL" animate --quiet "$f" -o "$d/ours.png" && "$SL" animate --quiet "$f" -o "$d/ours.gif" || exit 1
		(cd "$d" && apngdis ours.png f >/dev/null 2>&1 && apngasm asm.png "$(ls f*.png | sort -V | head -1)" 7 10 >/dev/null 2>&1) ||
			{ echo "bench: apngdis/apngasm failed on $n" >&2; exit 1; }
		gifsicle --unoptimize "$d/ours.gif" 2>/dev/null >"$d/full.gif"
		gifsicle -O3 "$d/full.gif" >"$d/o3.gif"
		a=$(stat -c %s "$d/ours.png"); b=$(stat -c %s "$d/asm.png")
		g=$(stat -c %s "$d/ours.gif"); h=$(stat -c %s "$d/o3.gif")
		printf "| %s | %d | %d | %.3f | %d | %d | %.3f |\n" "$n" "$a" "$b" "$(echo "$a / $b" | bc -l)" \
			"$g" "$h" "$(echo "$g / $h" | bc -l)"
		rm -rf "$d"
	done
fi
