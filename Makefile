# sillage - plain make. Adds to the user's CFLAGS/LDFLAGS, never replaces them.
#   make            build/sillage, build/libsillage.a and build/libsillage.so.*
#   make demo       install missing Debian packages, build, render the sample into out/
#   make test       every test (unit, golden replays, command line, images)
#   make asan|ubsan the unit and command-line tests under a sanitizer
#   make install PREFIX=/usr/local DESTDIR=

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
INCDIR = $(INCLUDEDIR)/sillage
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/sillage
VERSION = 0.1.0
SOVERSION = 0
SONAME = libsillage.so.$(SOVERSION)
SHLIB = libsillage.so.$(VERSION)

CC ?= cc
CFLAGS ?= -O2 -g
BUILD ?= build
PKG_CONFIG ?= pkg-config
PKGS = cairo pangocairo fontconfig zlib libgif libdeflate libsodium gmp sqlite3 libedit jansson \
       libavcodec libavformat libavutil chafa libmicrohttpd
# libav* is compiled against (its headers) but never linked: render/video.c
# opens it (dlopen) when a video is asked for, so no other verb loads the ~90
# libraries it pulls in (issue 29)
AV_PKGS = libavcodec libavformat libavutil
# libmicrohttpd: the command's server (src/serve), not the library's; opened
# when `serve` starts (src/serve/serve_mhd.c), not linked; libchafa
# (render/term.c) and libsqlite3 (src/record/sqlite_dl.c) alike, each opened
# by the one verb that uses it. libedit (record) and jansson (import) are the
# command's too, not the library's. The .pc names only what static linking of
# libsillage.a needs.
DL_PKGS = libmicrohttpd chafa sqlite3
PC_REQUIRES = $(filter-out $(AV_PKGS) $(DL_PKGS) libedit jansson,$(PKGS))
PC_LIBS_PRIVATE :=

PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(filter-out $(AV_PKGS) $(DL_PKGS),$(PKGS)) 2>/dev/null)
# the command links neither cairo nor pango (nor glib under them): the drawing
# stack, some 30 shared objects, is opened by src/cli/gfx_dl.c the first time
# a verb draws, so that verify, info, seek... start without it (issue 29); the
# library, the tests and the tools link it as before
GFX_PKGS = cairo pangocairo fontconfig
# the command exports two names to the libraries it opens: src/cli/gfx_dl.c's
# g_thread_new, which runs pango's per-font fontconfig searches in place, and
# src/cli/fixed_dl.c's __snprintf_chk, which prints cairo's numbers
CLI_LDFLAGS = -Wl,--export-dynamic-symbol=g_thread_new -Wl,--export-dynamic-symbol=__snprintf_chk
CLI_LIBS := $(shell $(PKG_CONFIG) --libs $(filter-out $(AV_PKGS) $(DL_PKGS) $(GFX_PKGS),$(PKGS)) 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

WARN = -Wall -Wextra -Wshadow -Wpointer-arith -Wstrict-prototypes \
       -Wmissing-prototypes -Wformat=2 -Wvla -Wno-unused-parameter
ALL_CFLAGS = -std=c11 -D_XOPEN_SOURCE=700 $(WARN) -MMD -MP -I. -Isrc \
             $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(LDFLAGS)

LIB_SRC := $(sort $(wildcard src/core/*.c src/games/*.c src/games/*/*.c \
             src/replay/*.c src/analyze/*.c src/analyze/games/*.c formats/*.c render/*.c \
             render/games/*.c))
# the command: its verbs and, below them, the server (layer 7) and the recorder
# both drive (layer 6)
CLI_SRC := $(sort $(wildcard src/record/*.c src/serve/*.c src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
TOOL_SRC := $(sort $(wildcard tests/tools/*.c))
# public headers, installed under include/sillage/ in the folders they have here
PUB_HDR := src/sillage.h src/core/sl_core.h src/core/sl_mc.h src/games/sl_game.h \
           src/games/sl_mcs.h formats/sl_log.h src/replay/sl_replay.h render/sl_render.h \
           src/analyze/sl_odds.h src/analyze/sl_stats.h render/sl_chart.h render/sl_export.h \
           render/sl_targets.h

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
TOOL_BIN := $(TOOL_SRC:tests/tools/%.c=$(BUILD)/tools/%)

.PHONY: FORCE all lib test layers hostile seek unit golden cli compat images demo deps asan ubsan install \
        uninstall clean man headertest test-run valgrind fuzz fuzz-short fuzz-long bench bench-export export html alloc-faults \
        serve serve-browser kill keys

all: $(BUILD)/sillage $(BUILD)/libsillage.a $(BUILD)/$(SHLIB)

lib: $(BUILD)/libsillage.a $(BUILD)/$(SHLIB)

# the library's objects serve the static and the shared library alike
$(LIB_OBJ): ALL_CFLAGS += -fPIC -fno-semantic-interposition

# the PNG filters are loops a vectoriser makes 4-8 times faster (render/png.c)
$(BUILD)/obj/render/png.o: ALL_CFLAGS += -O3
# and the video's RGB to YUV (render/yuv.c)
$(BUILD)/obj/render/yuv.o: ALL_CFLAGS += -O3

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/libsillage.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# the shared library: real name with the full version, soname with the
# major one, and the development link
$(BUILD)/$(SHLIB): $(LIB_OBJ) tools/libsillage.map
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=tools/libsillage.map \
		-o $@ $(LIB_OBJ) $(ALL_LDFLAGS) $(PKG_LIBS) -lm
	ln -sf $(SHLIB) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libsillage.so

$(BUILD)/sillage: $(CLI_OBJ) $(BUILD)/libsillage.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libsillage.a $(ALL_LDFLAGS) $(CLI_LDFLAGS) $(CLI_LIBS) -lm

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libsillage.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -o $@ $< $(BUILD)/libsillage.a \
		$(ALL_LDFLAGS) $(CMOCKA_LIBS) $(PKG_LIBS) -lm

$(BUILD)/tools/%: tests/tools/%.c $(BUILD)/libsillage.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libsillage.a $(ALL_LDFLAGS) $(PKG_LIBS) -lm

# ---- tests ------------------------------------------------------------------

# the tests leave the work tree as they found it (git status the same before
# and after): a test that writes beside the sources fails here
test:
	@mkdir -p $(BUILD)
	@git status --porcelain --untracked-files=all > $(BUILD)/.tree-before 2>/dev/null || :
	$(MAKE) test-run
	@git status --porcelain --untracked-files=all 2>/dev/null | diff $(BUILD)/.tree-before - >/dev/null || \
		{ echo "make test changed the work tree:"; git status --porcelain --untracked-files=all | \
		diff $(BUILD)/.tree-before - ; exit 1; }
	@echo "test: the work tree is as it was"

test-run: layers unit golden cli compat images hostile seek headertest fuzz-short export html serve serve-browser kill keys

unit: $(TEST_BIN)
	@fail=0; for t in $(TEST_BIN); do \
		$$t >$$t.log 2>&1 || { fail=1; cat $$t.log; echo "FAILED: $$t"; }; \
		grep -h '^\[  PASSED  \]' $$t.log | sed "s|^|$$(basename $$t): |"; \
	done; exit $$fail

golden: $(BUILD)/sillage
	@sh tests/golden/run.sh $(BUILD)/sillage

cli: $(BUILD)/sillage
	@sh tests/cli/run.sh $(BUILD)/sillage

# logs recorded under every earlier rules version still replay, or upgrade
# as tests/compat/*/FILE.upgrade says (tests/compat/run.sh)
compat: $(BUILD)/sillage
	@sh tests/compat/run.sh $(BUILD)/sillage

# fewer keys (issue 24.5): a turn typed at the recorder in tmux, its keystrokes counted
keys: $(BUILD)/sillage
	@sh tests/keys/run.sh $(BUILD)/sillage

images: $(BUILD)/sillage $(TOOL_BIN)
	@sh tests/image/run.sh $(BUILD)/sillage $(BUILD)/tools
	@sh tests/image/labels.sh $(BUILD)/sillage $(BUILD)/tools

# hostile inputs built at run time: verify's peak memory stays bounded
hostile: $(BUILD)/sillage $(TOOL_BIN)
	@sh tests/hostile/run.sh $(BUILD)/sillage $(BUILD)/tools

# a position of an archive read through its index gives what the whole log gives
seek: $(BUILD)/sillage
	@sh tests/seek/run.sh $(BUILD)/sillage

# The layers point one way (docs/architecture.md): includes, then the
# symbols each object takes from the others.
layers: $(LIB_OBJ) $(CLI_OBJ)
	@sh tools/layers.sh $(BUILD)/obj
	@sh tools/reclint.sh $(BUILD)/obj

# Each public header compiles alone (libgit2's headertest).
headertest:
	@mkdir -p $(BUILD)/headertest
	@for h in $(PUB_HDR); do \
		echo "#include \"$$h\"" > $(BUILD)/headertest/t.c; \
		$(CC) -std=c11 $(WARN) -I. -Isrc $(PKG_CFLAGS) -fsyntax-only $(BUILD)/headertest/t.c \
			|| { echo "header does not compile alone: $$h"; exit 1; }; \
	done; echo "headertest: $(words $(PUB_HDR)) public headers compile alone"

# ---- fuzzing: libFuzzer targets for every reader and writer (tests/fuzz/README.md)

FUZZ_CC ?= clang
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 30
FUZZ_FLAGS = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
             -fno-omit-frame-pointer -DSL_FUZZING
FUZZ_OBJ := $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_BIN := $(patsubst tests/fuzz/%.c,$(FUZZ_BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))

# the library once, instrumented for coverage; each target links it
$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) -std=c11 -D_XOPEN_SOURCE=700 -MMD -MP -I. -Isrc $(PKG_CFLAGS) $(FUZZ_FLAGS) \
		-fsanitize=fuzzer-no-link -c $< -o $@

# the importers that live in the command (fuzz_xws) link its objects too,
# main() renamed: libFuzzer brings its own
FUZZ_CLI_OBJ := $(CLI_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
$(FUZZ_BUILD)/obj/src/cli/main.o: FUZZ_FLAGS += -Dmain=sillage_main

.SECONDARY: $(FUZZ_OBJ) $(FUZZ_CLI_OBJ)

$(FUZZ_BUILD)/fuzz_xws: FUZZ_OBJ += $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_xws: $(FUZZ_CLI_OBJ)
# issue 30: `new`'s templates, the TI4 setup and `upgrade` live in src/record
$(FUZZ_BUILD)/fuzz_new $(FUZZ_BUILD)/fuzz_ti4setup $(FUZZ_BUILD)/fuzz_upgrade: FUZZ_OBJ += $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_new $(FUZZ_BUILD)/fuzz_ti4setup $(FUZZ_BUILD)/fuzz_upgrade: $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_serve: FUZZ_OBJ += $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_serve: $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_extends: FUZZ_OBJ += $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_extends: $(FUZZ_CLI_OBJ)
$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	@mkdir -p $(dir $@)
	@echo "fuzz: linking $@"
	@$(FUZZ_CC) -std=c11 -D_XOPEN_SOURCE=700 -I. -Isrc $(PKG_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer \
		-o $@ $< $(FUZZ_OBJ) $(PKG_LIBS) -lm

# each target for FUZZ_SECONDS; `make test` runs a short pass (10 s each);
# `make fuzz-long FUZZ_SECONDS=900` is the long campaign of tests/fuzz/README.md
fuzz: $(FUZZ_BIN)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BIN)

fuzz-short: $(FUZZ_BIN)
	@sh tests/fuzz/run.sh 10 $(FUZZ_BIN)

fuzz-long: $(FUZZ_BIN)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BIN)

# ---- exports (issue 7): animations, report and stepper through real decoders and
# tmux; the HTML viewer in headless chromium (tests/html, playwright-core) ----

export: $(BUILD)/sillage $(TOOL_BIN)
	@sh tests/export/run.sh $(BUILD)/sillage $(BUILD)/tools

html: $(BUILD)/sillage $(TOOL_BIN)
	@sh tests/html/run.sh $(BUILD)/sillage

# kill -9 at random moments while convert, pack and upgrade write: never a
# half-written output, no stage left after the next run (tests/kill/run.sh);
# and 50 kills of `serve --dir` while three games take actions: nothing
# acknowledged lost, every journal verifies (tests/kill/club.sh); 12 kills while
# it writes DIR/club.sqlite: never a corrupt archive, no finished game lost
# (tests/kill/archive.sh)
kill: $(BUILD)/sillage
	@sh tests/kill/run.sh $(BUILD)/sillage 50
	@sh tests/kill/club.sh $(BUILD)/sillage 50
	@sh tests/kill/archive.sh $(BUILD)/sillage 12 12

# `sillage serve` against curl on a free loopback port: hostile requests, 50
# watchers, kill -9 (tests/serve/run.sh); the club's archive against batch
# --sqlite, locked and corrupt (tests/serve/archive.sh)
serve: $(BUILD)/sillage
	@sh tests/serve/run.sh $(BUILD)/sillage
	@sh tests/serve/club.sh $(BUILD)/sillage
	@sh tests/serve/archive.sh $(BUILD)/sillage
	@sh tests/serve/haproxy.sh $(BUILD)/sillage

# the pages of `sillage serve` in headless chromium (tests/serve/browser, playwright-core):
# real servers on loopback, recording by clicks, watching live (issue 19)
serve-browser: $(BUILD)/sillage
	@sh tests/serve/browser/run.sh $(BUILD)/sillage

# the pages of `sillage serve`, embedded as C strings (the generated file is kept in git)
src/serve/pages.inc: $(wildcard src/serve/pages/*) tools/embed_pages.sh
	sh tools/embed_pages.sh
$(BUILD)/obj/src/serve/serve_pages.o: src/serve/pages.inc

# the viewer's page parts, embedded as C strings (the generated file is kept in git)
render/html_viewer.inc: render/viewer/viewer.css render/viewer/body.html render/viewer/viewer.js
	sh tools/embed_viewer.sh

# ---- benchmarks: a generated game of BENCH_EVENTS events, and BENCH_GAMES short
# games of each game for batch, made at run time ----

BENCH_EVENTS ?= 1000000
BENCH_GAMES ?= 1000      # games of each game for the batch bench (its games/s per core moved by under 4% from 1 000 to 2 000)
BENCH_TI4 ?= 200         # whole six-player ti4 games for bench/ti4.sh (each is ~820 events)
BENCH_ARCHIVE_GAMES ?= 40   # xwing and ti4 games of each kind for bench/archives.sh (three compressors a file)
BENCH_MANY ?= 200        # games of each of sail, ti4, xwing in one archive of many games (bench/many.sh)
# BENCH_PAIR "A" "B": two benches at once, their outputs printed in turn (A's, then B's);
# only pairs whose figures are CPU time (wait4) or sizes, never wall clock, so the
# second core shortens make bench (issue 29: under 10 minutes). A bench beside another
# still pays for it in CPU time (the cores share their caches and clock): batch's
# games a second, an absolute goal, were 0.66x of its figure alone (ti4, 2026-12-03),
# so batch.sh runs alone.
BENCH_PAIR = run2() { o=$$(mktemp -d); sh -c "$$1" >$$o/a 2>&1 & a=$$!; sh -c "$$2" >$$o/b 2>&1; rb=$$?; \
	wait $$a; ra=$$?; cat $$o/a $$o/b; rm -rf $$o; [ $$ra = 0 ] && [ $$rb = 0 ]; }; run2

$(BUILD)/bench/%: bench/%.c $(BUILD)/libsillage.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libsillage.a $(ALL_LDFLAGS) $(PKG_LIBS) -lm

bench: $(BUILD)/sillage $(BUILD)/bench/silb_bench $(BUILD)/bench/sail_entropy $(BUILD)/bench/export_bench \
       $(BUILD)/bench/batch_gen $(BUILD)/bench/serve_bench $(BUILD)/bench/serve_club_bench $(BUILD)/bench/cpu_run \
       $(BUILD)/bench/png_bench
	@echo "make bench: started $$(date -u +'%F %T') UTC, load average $$(cut -d' ' -f1-3 /proc/loadavg), $$(nproc) cores"
	@date +%s > $(BUILD)/bench/.start
	@$(BENCH_PAIR) "sh bench/speed.sh $(BUILD)/sillage $(BUILD)/bench/cpu_run $(BENCH_EVENTS)" \
		"sh bench/verbs.sh $(BUILD)/sillage $(BUILD)/bench/cpu_run $(BENCH_EVENTS)"
	@sh bench/frames.sh $(BUILD)/sillage $(BUILD)/bench/cpu_run $(BUILD)/bench/png_bench
	@sh bench/silb.sh $(BUILD)/sillage $(BUILD)/bench/silb_bench $(BENCH_EVENTS)
	@BENCH_APNGASM=0 sh bench/export.sh $(BUILD)/sillage $(BUILD)/bench/export_bench 100
	@sh bench/batch.sh $(BUILD)/sillage $(BUILD)/bench/batch_gen $(BENCH_GAMES) 200 $(BUILD)/bench/cpu_run
	@sh bench/archives.sh $(BUILD)/sillage $(BENCH_ARCHIVE_GAMES) && sh bench/many.sh $(BUILD)/sillage $(BENCH_MANY)
	@sh bench/serve.sh $(BUILD)/sillage $(BUILD)/bench/serve_bench
	@sh bench/ti4.sh $(BUILD)/sillage $(BENCH_TI4)
	@sh bench/xwing.sh $(BUILD)/sillage
	@sh bench/serve_club.sh $(BUILD)/sillage $(BUILD)/bench/serve_club_bench
	@echo "make bench: done in $$(( $$(date +%s) - $$(cat $(BUILD)/bench/.start) )) s, load average $$(cut -d' ' -f1-3 /proc/loadavg)"

bench-export: $(BUILD)/sillage $(BUILD)/bench/export_bench $(BUILD)/bench/cpu_run $(BUILD)/bench/png_bench   # the exporters alone (SL_BASE: see bench/export.sh)
	@sh bench/frames.sh $(BUILD)/sillage $(BUILD)/bench/cpu_run $(BUILD)/bench/png_bench
	@sh bench/export.sh $(BUILD)/sillage $(BUILD)/bench/export_bench

asan:
	G_SLICE=always-malloc LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer" \
		LDFLAGS="-fsanitize=address,undefined" unit cli golden serve

ubsan:
	$(MAKE) BUILD=build-ubsan CFLAGS="-O1 -g -fsanitize=undefined -fno-sanitize-recover=undefined" \
		LDFLAGS="-fsanitize=undefined" unit cli golden

# Fail every allocation of verify and render on every sample in turn (UBSan),
# and each call stack's first allocation of verify, render and a short html
# export (ASan/LSan): each run ends in success with the normal output or in
# exit 4 "out of memory", leaking nothing (tests/alloc/run.sh).
# Not in `make test`: about 5 minutes (288 and 388 s measured; tests/alloc/README.md).
ALLOC_BUILD ?= build-alloc
alloc-faults:
	$(MAKE) BUILD=$(ALLOC_BUILD) CFLAGS="-O1 -g -fsanitize=undefined -fno-sanitize-recover=undefined -DSL_ALLOC_FAULTS" \
		LDFLAGS="-fsanitize=undefined -rdynamic" $(ALLOC_BUILD)/sillage
	$(MAKE) BUILD=$(ALLOC_BUILD)-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -DSL_ALLOC_FAULTS" \
		LDFLAGS="-fsanitize=address,undefined -rdynamic" $(ALLOC_BUILD)-asan/sillage
	@sh tests/alloc/run.sh $(ALLOC_BUILD)/sillage $(ALLOC_BUILD)-asan/sillage 2

# Every unit test binary under valgrind (memcheck, leaks), each run whatever
# the one before did; names every failure and fails at the end if any did.
# tests/valgrind.supp names what is not ours (pango's font caches); test_alloc
# fails every 37th allocation only (SL_TEST_ALLOC_STEP). Not in `make test`:
# 4 to 6 minutes (246 and 334 s measured), most of it test_silb's long games.
VALGRIND_FLAGS = -q --error-exitcode=9 --leak-check=full --num-callers=30 \
                 --suppressions=$(CURDIR)/tests/valgrind.supp
valgrind: $(TEST_BIN)
	@fail=; for t in $(TEST_BIN); do \
		if SL_TEST_ALLOC_STEP=37 valgrind $(VALGRIND_FLAGS) $$t >$$t.valgrind.log 2>&1; then \
			echo "valgrind: $$(basename $$t): clean"; \
		else \
			grep '^==' $$t.valgrind.log | head -40; \
			echo "valgrind: FAILED $$(basename $$t) (all of it in $$t.valgrind.log)"; \
			fail="$$fail $$(basename $$t)"; \
		fi; \
	done; \
	if [ -n "$$fail" ]; then echo "valgrind: failed:$$fail"; exit 1; fi

# ---- demo: the README's first command --------------------------------------

deps:
	@sh tools/deps.sh

# one line per step (packages, build, each sample); the details in build/demo.log
demo:
	@MAKE="$(MAKE)" sh tools/demo.sh $(BUILD)/sillage

# ---- install ----------------------------------------------------------------

# made anew every time, so a .pc never points at the prefix of an earlier install
$(BUILD)/sillage.pc: tools/sillage.pc.in FORCE
	@mkdir -p $(dir $@)
	@sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' -e 's|@REQUIRES@|$(PC_REQUIRES)|' \
	    -e 's|@LIBS_PRIVATE@|$(PC_LIBS_PRIVATE)|' $< > $@

FORCE:

install: all $(BUILD)/sillage.pc
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BUILD)/sillage $(DESTDIR)$(BINDIR)/sillage
	install -m 644 $(BUILD)/libsillage.a $(DESTDIR)$(LIBDIR)/libsillage.a
	install -m 755 $(BUILD)/$(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsillage.so
	# headers under include/sillage/, including each other as <sillage/...>:
	# the .pc's -I$${includedir} is all a program needs
	for h in $(PUB_HDR); do \
		d=$$(dirname $${h#src/}); [ "$$d" = . ] && d=; \
		install -d $(DESTDIR)$(INCDIR)/$$d && \
		sed -E 's@^#include "((core|games|formats|replay|render|analyze)/[^"]+)"@#include <sillage/\1>@' \
			$$h > $(DESTDIR)$(INCDIR)/$$d/$$(basename $$h) && chmod 644 $(DESTDIR)$(INCDIR)/$$d/$$(basename $$h); \
	done
	install -m 644 $(BUILD)/sillage.pc $(DESTDIR)$(LIBDIR)/pkgconfig/sillage.pc
	install -m 644 docs/sillage.1 $(DESTDIR)$(MANDIR)/man1/sillage.1
	# the docs the man page points at
	install -d $(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR)/formats
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -m 644 docs/*.md $(DESTDIR)$(DOCDIR)/docs/
	install -m 644 formats/*.md $(DESTDIR)$(DOCDIR)/formats/

uninstall:
	rm -rf $(DESTDIR)$(BINDIR)/sillage $(DESTDIR)$(LIBDIR)/libsillage.a \
		$(DESTDIR)$(LIBDIR)/$(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libsillage.so \
		$(DESTDIR)$(INCDIR) $(DESTDIR)$(LIBDIR)/pkgconfig/sillage.pc \
		$(DESTDIR)$(MANDIR)/man1/sillage.1 $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build build-asan build-ubsan build-fuzz build-alloc build-alloc-asan out

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d) $(FUZZ_CLI_OBJ:.o=.d)
