# a shot after the fight is over names the rule that ended it (§341.8), with its position
cd $TMP && printf '%s\n' 'sil 1' 'game starship 1' 'ship weapons_roll=6 shields_roll=1' 'turn 1' \
  'encounter enemy="Drone" weapons=2 shields=0 paragraph=12' \
  'attack by=player roll=1,1' 'attack by=enemy roll=1,1' > v.sil && $SILLAGE verify v.sil
