# the ti4 analysis: metrics per player by game, and its ten-sided rolls by kind
$SILLAGE stats --per game --csv samples/ti4/acheron-hunger.sil
$SILLAGE luck --json samples/ti4/valefar.sil | grep -o '"kind":"[a-z]*","rolls":[0-9]*' | sort | uniq -c
