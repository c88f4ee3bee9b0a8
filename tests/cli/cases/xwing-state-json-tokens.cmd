# issue 25: `state --json` holds the tokens of rules version 3 (calculate, strain, deplete,
# disarm, jam, tractor and whether the ship is tractored, cloak, reinforce and its half,
# the Force left) beside ion, stress, focus and evade; a version 2 log's ships have none of
# them; a roll waiting shows who rolled and what it waits for.
$SILLAGE state --json tests/image/xwing-tokens.sil | tr '{' '\n' | grep '"id":"\(gold\|blue\|black\|night\)"' |
	sed 's/.*"id":"\([a-z]*\)".*\("stress":[0-9]*\).*\("calculate".*"force":[0-9]*\).*/\1 \2 \3/'
$SILLAGE state --json tests/compat/xwing/v2-tournament-20.sil | grep -c '"calculate"'
$SILLAGE state --json --event 37 tests/compat/xwing/v3-two-entry.sil | sed 's/.*\("roll":{[^}]*}\).*/\1/'
