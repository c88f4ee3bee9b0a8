#!/bin/sh
# make_matches.sh - the two generated matches between real squads: the XWS
# lists of xws/ through `sillage new xwing` (the published setup), a header
# line or two (scenario, round limit, seed), then `sillage gen --from` playing
# both sides by the module's generator until the rules say the game is over.
# The generator derives its dials and salts from the seed: not secret.
# Usage (from the repository root, after `make`): sh samples/xwing/make_matches.sh build/sillage
set -eu
B=${1:-build/sillage}
D=samples/xwing
T=$(mktemp -d)
match() {   # NAME A.json B.json HEADER-LINES
	"$B" new xwing --xws "$D/xws/$2" --xws "$D/xws/$3" -o "$T/$1.sil" 2>/dev/null
	awk -v extra="$4" '{print} /^meta xwing-setup/ {n = split(extra, l, ";"); for (i = 1; i <= n; i++) print l[i]}' \
		"$T/$1.sil" >"$T/$1.head.sil"
	"$B" gen --from "$T/$1.head.sil" -n 100000 -k -o "$D/$1.sil"
}
match chance-engagement rogue-and-green.json vaders-black-squadron.json \
	"meta xwing-scenario chanceengagement;seed 2025"
match tournament-20 red-wing-20.json tie-swarm-20.json "meta xwing-rounds 12;seed 77"
rm -rf "$T"
