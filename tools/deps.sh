#!/bin/sh
# deps.sh - makes sure the Debian packages sillage builds and tests with are
# here. As root it installs what is missing with apt-get; otherwise it prints
# the one line to paste (sudo apt-get ...). Exit 0 when everything is present.
#   sh tools/deps.sh            check, and install as root
#   sh tools/deps.sh --missing  only print the missing packages (for tools/demo.sh)
set -u

# build: compiler, make, pkg-config and the libraries; tests: cmocka and the
# real decoders our exports are checked with; fonts pinned for renders;
# clang and libFuzzer (libclang-rt) for the fuzz targets `make test` runs;
# GNU time, bc and xz for `make bench`; SQLite (library and shell) for
# `batch --sqlite` and its tests; GNU parallel for the multi-host batch test;
# libedit for the recorder's line editing; libmicrohttpd for `serve` (curl for its tests, haproxy for its load-balancer test); libav* for video (`animate -o x.mp4|x.webm`) and
# ffmpeg for its ffprobe in the tests; libchafa for the stepper's board in the terminal;
# nginx-light, the peer `make bench` measures serve against (bench/serve_club.sh; never started as a service);
# zstd and brotli, only as peers that bench/archives.sh measures .silb archives against (never linked).
PKGS="gcc make pkg-config libc6-dev libcairo2-dev libpango1.0-dev libfontconfig-dev zlib1g-dev libdeflate-dev \
libavcodec-dev libavformat-dev libavutil-dev ffmpeg libchafa-dev \
libcmocka-dev libsodium-dev libedit-dev libjansson-dev libmicrohttpd-dev curl pngcheck librsvg2-bin fonts-dejavu-core fonts-dejavu-extra fontconfig \
libgif-dev libgmp-dev apngdis apngasm gifsicle poppler-utils tmux chromium nodejs \
clang libclang-rt-14-dev time bc xz-utils libsqlite3-dev sqlite3 parallel haproxy \
nginx-light zstd brotli"

if ! command -v dpkg-query >/dev/null 2>&1; then
	# not Debian: check the libraries through pkg-config and say what is needed
	for m in cairo pangocairo fontconfig zlib libgif libdeflate libsodium gmp sqlite3 libedit jansson libmicrohttpd cmocka; do
		pkg-config --exists "$m" 2>/dev/null || { echo "deps: pkg-config cannot find '$m'; install its development package" >&2; exit 1; }
	done
	exit 0
fi

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# npm: Debian's package, unless a node install already brings its own
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ "${1:-}" = "--missing" ]; then
	echo $missing
	exit 0
fi
if [ -z "$missing" ]; then
	echo "deps: every package is installed"
	exit 0
fi
if [ "$(id -u)" = 0 ]; then
	echo "deps: installing:$missing"
	apt-get update -qq || exit 4
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing || exit 4
	exit 0
fi
echo "deps: missing:$missing" >&2
echo "deps: not root, so nothing was installed; paste this line (or run it as root without sudo):" >&2
echo "sudo apt-get update && sudo apt-get install -y --no-install-recommends$missing" >&2
exit 1
