#!/bin/sh
# run.sh - fewer keys (issue 24.5): a scripted tmux session types one turn at the
# recorder's prompt on a real terminal, counting every key it sends (a letter is one
# key, Tab and Enter are one each), and fails when the turn takes more keys than its
# bound or when the log does not hold exactly the entries meant. Tab offers what the
# rules allow now, the player may be left out, the phase and turn markers the rules
# imply are written by the recorder, and the dice by its fair roller (a fixed secret
# here, so that the draws are known).
#   sail: a 3-ship turn (the wind, three moves, three broadsides), at most 80 keys
#   fmp: a turn of 5 actions (the tide card, five moves), at most 100 keys
#   ti4: Tab on a planet offers the galaxy's planets only
#   xwing: a round of four ships a side (issue 25): eight dials typed in clear and
#     sealed by the recorder, eight moves (each reveal written by the recorder from
#     its sealed file), a focus, three attacks of two entries each (the roll drawn,
#     then the modify), at most 150 keys
#   xwing 4: the same round under rules version 4 (the published order: four entries an
#     attack, the roll, the attacker's modify, `defend` and the defender's modify; Tab on
#     an empty line gives the only event the rules take), at most 150 keys
#   xwing 5: the same round under rules version 5 (what `sillage new` writes), at most 150 keys
# usage: sh tests/keys/run.sh BUILD/sillage
set -u
SILLAGE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pass=0
fail=0
S=sl-keys-$$
# each case on a tmux server of its own (its own socket): killing the last
# session of a shared server and starting the next at once raced with the
# server's exit ("server exited unexpectedly"), and a run beside another
# would share its sessions
sock=sl-keys-$$
tm() { tmux -L "$sock" "$@"; }
TMP=$(mktemp -d)
export TMUX_TMPDIR="$TMP"   # the sockets go with the rest
trap 'tm kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

# keys K...: sends each key to the session and counts it
keys() {
	for k in "$@"; do
		case $k in
		Tab | Enter | BSpace | Up | Down | Left | Right | Escape)
			tm send-keys -t $S "$k"; n=$((n + 1)) ;;
		*)
			tm send-keys -t $S -l "$k"; n=$((n + ${#k})) ;;
		esac
	done
}
screen() { tm capture-pane -p -J -S -200 -t $S; }
wait_for() {
	for i in $(seq 1 100); do screen | grep -qF -- "$1" && return 0; sleep 0.05; done
	echo "FAIL $name: never saw: $1"; screen | grep -v '^$' | tail -15; return 1
}
start() {   # start SETUP: a session recording a copy of SETUP
	name=$1
	n=0
	rm -rf "$TMP/$name"; mkdir -p "$TMP/$name"
	cp "$2" "$TMP/$name/g.sil"
	printf 'seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n' \
		> "$TMP/$name/g.sil.dice"
	tm kill-server 2>/dev/null
	sock=sl-keys-$$-$name
	(cd "$TMP/$name" && tm new-session -d -s $S -x 200 -y 50 "$SILLAGE record g.sil; sleep 30") || exit 9
	wait_for "$3"
}
# finish BOUND EXPECTED: quits (not counted), compares the log's new entries (checks
# and comments aside) with EXPECTED and the keys with BOUND
finish() {
	ok=1
	tm send-keys -t $S "quit" Enter
	wait_for "events recorded" || ok=0
	grep -v '^#' "$TMP/$name/g.sil" | sed 's/ ![0-9a-f]*$//; s/commit="[0-9a-f]\{64\}"/commit=SEALED/; s/salt=[0-9a-f]\{32\}/salt=SALT/' | tail -n "$(printf '%s\n' "$2" | wc -l)" > "$TMP/$name/got"
	printf '%s\n' "$2" > "$TMP/$name/want"
	if ! diff -u "$TMP/$name/want" "$TMP/$name/got"; then
		echo "FAIL $name: the log does not hold the turn meant"
		ok=0
	fi
	if [ "$n" -gt "$1" ]; then
		echo "FAIL $name: $n keystrokes, more than $1"
		ok=0
	fi
	[ $ok = 1 ] && echo "keys: ok: $name in $n keystrokes (at most $1)"
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}

# ---- sail: three French ships, the turn after turn 1's last phase
start sail-turn "$here/sail-setup.sil" "sail turn 1, fire>"
keys w Tab Enter                                        # wind (turn 2 implied, the roll drawn)
wait_for "#12 The wind"
keys m Tab Tab v Tab Tab A,A Enter                      # move ship=vestale steps=A,A (phase 2 implied)
wait_for "#13 Vestale"
keys Tab j Tab Tab A,A Enter                            # Tab on an empty line: the last action's kind again
wait_for "#14 Junon"
keys Tab a Tab Tab A,A,A Enter
wait_for "#15 Alerte"
keys f Tab Tab v Tab Tab Tab Tab 1 Enter                # fire ship=vestale target=lark hits=1 (phase 3)
wait_for "#16 Vestale"
keys Tab j Tab Tab Tab Tab 2 Enter
wait_for "#17 Junon"
keys Tab a Tab Tab Tab Tab 0 Enter
wait_for "#18 Alerte"
finish 80 "
turn 2
wind roll=4
phase 2 movement
fr: move ship=vestale steps=A,A
fr: move ship=junon steps=A,A
fr: move ship=alerte steps=A,A,A
phase 3 fire
fr: fire ship=vestale target=lark hits=1
fr: fire ship=junon target=lark hits=2
fr: fire ship=alerte target=lark hits=0"

# ---- fmp: ana's part of turn 4 of the Ferrix sample (its first three turns as the setup)
awk '/^turn 4/ { exit } { print }' "$root/samples/fmp/ferrix.sil" > "$TMP/fmp-setup.sil"
start fmp-turn "$TMP/fmp-setup.sil" "fmp turn 3, third>"
keys t i Tab Enter                                      # tide (turn 4 implied, the card drawn)
wait_for "#63 Tide card"
keys m Tab Tab Tab t1 Tab Tab SE,SE Enter               # move unit=ana-t1 path=SE,SE (phase 2 implied)
wait_for "#64 ana-t1"
keys Tab Tab t2 Tab Tab SE Enter
wait_for "#65 ana-t2"
keys Tab Tab t3 Tab Tab SE Enter
wait_for "#66 ana-t3"
keys Tab Tab t4 Tab Tab SE Enter
wait_for "#67 ana-t4"
keys Tab Tab h Tab Tab SE Enter
wait_for "#68 ana-h"
finish 100 "
turn 4
tide card=high
phase 2 first
ana: move unit=ana-t1 path=SE,SE
ana: move unit=ana-t2 path=SE
ana: move unit=ana-t3 path=SE
ana: move unit=ana-t4 path=SE
ana: move unit=ana-h path=SE"

# ---- xwing: a round of four ships a side, from the planning to the last attack
# the planning and activation of that round, the same keys in rules versions 3 and 4
xwing_moves() {
	keys t Tab Tab Enter                                    # turn 1
	wait_for "Turn 1 begins"
	keys d Tab Tab l Tab Tab 3FW Enter                      # dial ship=luke dial=3FW: sealed, the commitment recorded
	wait_for "#10 luke"
	keys Tab w Tab Tab 2FB Enter                            # Tab on an empty line: "dial ship=" again
	wait_for "#11 wedge"
	keys Tab b Tab Tab 2FB Enter
	wait_for "#12 biggs"
	keys Tab j Tab Tab 1FB Enter
	wait_for "#13 jek"
	keys Tab v Tab Tab 2FB Enter
	wait_for "#14 vader"
	keys Tab m Tab Tab 2FB Enter
	wait_for "#15 mauler"
	keys Tab h Tab Tab 2FB Enter
	wait_for "#16 howl"
	keys Tab n Tab Tab 2BB Enter
	wait_for "#17 night"
	keys m Tab Tab Tab Enter                                # move ship=night: phases 2-3 implied, its reveal written first
	wait_for "#19 night"
	keys Tab Tab Enter                                      # the next in initiative order is the only one offered
	wait_for "#21 biggs"
	keys Tab Tab Enter
	wait_for "#23 jek"
	keys Tab Tab Enter
	wait_for "#25 luke"
	keys a Tab Tab Tab Tab f Tab Enter                      # action ship=luke action=focus
	wait_for "#26 luke"
	keys m Tab Tab m Tab Enter                              # mauler and howl both may go next
	wait_for "#28 mauler"
	keys Tab Tab Enter
	wait_for "#30 howl"
	keys Tab Tab Enter
	wait_for "#32 wedge"
	keys Tab Tab Enter
	wait_for "#34 vader"
}

start xwing-round "$here/xwing-setup.sil" "xwing setup>"
xwing_moves
keys r Tab Tab v Tab Tab Tab Enter                      # roll ship=vader target=luke: phase 4 implied, the dice drawn
wait_for "#35 vader"
keys m Tab Enter                                        # modify: nothing to spend that helps
wait_for "#36 vader"
keys r Tab Tab l Tab Tab v Tab Enter
wait_for "#37 luke"
keys m Tab Enter
wait_for "#38 luke"
keys r Tab Tab Tab Tab Tab Enter                        # mauler, the last at initiative 5, on luke
wait_for "#39 mauler"
keys m Tab Enter
wait_for "#40 mauler"
finish 150 "
turn 1
reb: dial ship=luke commit=SEALED
reb: dial ship=wedge commit=SEALED
reb: dial ship=biggs commit=SEALED
reb: dial ship=jek commit=SEALED
imp: dial ship=vader commit=SEALED
imp: dial ship=mauler commit=SEALED
imp: dial ship=howl commit=SEALED
imp: dial ship=night commit=SEALED
phase 2 system
phase 3 activation
imp: reveal ship=night dial=2BB salt=SALT
imp: move ship=night
reb: reveal ship=biggs dial=2FB salt=SALT
reb: move ship=biggs
reb: reveal ship=jek dial=1FB salt=SALT
reb: move ship=jek
reb: reveal ship=luke dial=3FW salt=SALT
reb: move ship=luke
reb: action ship=luke action=focus
imp: reveal ship=mauler dial=2FB salt=SALT
imp: move ship=mauler
imp: reveal ship=howl dial=2FB salt=SALT
imp: move ship=howl
reb: reveal ship=wedge dial=2FB salt=SALT
reb: move ship=wedge
imp: reveal ship=vader dial=2FB salt=SALT
imp: move ship=vader
phase 4 engagement
imp: roll ship=vader target=luke adie=2,3 ddie=3,3,2
imp: modify
reb: roll ship=luke target=vader adie=8,7,8 ddie=7,3,6,1
reb: modify
imp: roll ship=mauler target=luke adie=6,8 ddie=8,2,4
imp: modify"
# the log verifies, and the sealed file holds no secret once every dial is revealed
if ! "$SILLAGE" verify "$TMP/xwing-round/g.sil" >/dev/null || grep -q '^seal ' "$TMP/xwing-round/g.sil.seal"; then
	echo "FAIL xwing-round: the log does not verify, or a secret is left in g.sil.seal"
	fail=$((fail + 1))
fi

# ---- xwing 4 and 5: the same round in the published order (rules version 4, and version 5,
# what `sillage new` writes: no card of these squads adds a step)
published_round() {
sed "s/^game xwing 3$/game xwing $1/" "$here/xwing-setup.sil" > "$TMP/xwing$1-setup.sil"
start xwing-round$1 "$TMP/xwing$1-setup.sil" "xwing setup>"
xwing_moves
keys r Tab Tab v Tab Tab Tab Enter                      # roll ship=vader target=luke: phase 4 implied, the dice drawn
wait_for "#35 vader"
keys Tab Enter                                          # modify: the only event the rules take now
wait_for "#36 vader"
keys Tab Enter Tab Enter                                # defend (the dice drawn), the defender's modify
wait_for "#38 vader"
keys r Tab Tab l Tab Tab v Tab Enter
wait_for "#39 luke"
keys Tab Enter Tab Enter Tab Enter
wait_for "#42 luke"
keys r Tab Tab Tab Tab Tab Enter                        # mauler, the last at initiative 5, on luke
wait_for "#43 mauler"
keys m Tab Enter Tab Enter Tab Enter                    # modify named: Howlrunner at range 1 offers her reroll (ability) too
wait_for "#46 mauler"
finish 150 "
turn 1
reb: dial ship=luke commit=SEALED
reb: dial ship=wedge commit=SEALED
reb: dial ship=biggs commit=SEALED
reb: dial ship=jek commit=SEALED
imp: dial ship=vader commit=SEALED
imp: dial ship=mauler commit=SEALED
imp: dial ship=howl commit=SEALED
imp: dial ship=night commit=SEALED
phase 2 system
phase 3 activation
imp: reveal ship=night dial=2BB salt=SALT
imp: move ship=night
reb: reveal ship=biggs dial=2FB salt=SALT
reb: move ship=biggs
reb: reveal ship=jek dial=1FB salt=SALT
reb: move ship=jek
reb: reveal ship=luke dial=3FW salt=SALT
reb: move ship=luke
reb: action ship=luke action=focus
imp: reveal ship=mauler dial=2FB salt=SALT
imp: move ship=mauler
imp: reveal ship=howl dial=2FB salt=SALT
imp: move ship=howl
reb: reveal ship=wedge dial=2FB salt=SALT
reb: move ship=wedge
imp: reveal ship=vader dial=2FB salt=SALT
imp: move ship=vader
phase 4 engagement
imp: roll ship=vader target=luke adie=2,3
imp: modify
reb: defend ddie=3,3,2
reb: modify
reb: roll ship=luke target=vader adie=8,7,8
reb: modify
imp: defend ddie=7,3,6,1
imp: modify
imp: roll ship=mauler target=luke adie=6,8
imp: modify
reb: defend ddie=8,2,4
reb: modify"
if ! "$SILLAGE" verify "$TMP/xwing-round$1/g.sil" >/dev/null; then
	echo "FAIL xwing-round$1: the log does not verify"
	fail=$((fail + 1))
fi
}
published_round 4
published_round 5

# ---- ti4: Tab offers the planets of this galaxy only, not every planet of the game
start ti4-planets "$root/samples/ti4/valefar.sil" "ti4 turn 3"
keys "ana: load planet=" Tab Tab
wait_for "lodor"
if screen | grep -qw jord || screen | grep -qw archonren; then
	echo "FAIL ti4-planets: Tab offers planets that are not in the galaxy:"; screen | grep -v '^$' | tail -4
	fail=$((fail + 1))
else
	echo "keys: ti4-planets: Tab offers this galaxy's planets only"
	pass=$((pass + 1))
fi
tm kill-server 2>/dev/null

echo "keys: $pass passed, $fail failed"
[ $fail = 0 ]
