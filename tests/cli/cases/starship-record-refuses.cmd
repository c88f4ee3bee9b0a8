# out of turn, a damage roll after a miss, and a roll equal to the strength (a miss)
printf '%s\n' 'sil 1' 'game starship 1' 'ship weapons_roll=3 shields_roll=2' 'turn 1' \
  'encounter enemy="Krellan raider" weapons=7 shields=5 paragraph=56' \
  'attack by=enemy roll=3,3' 'attack by=player roll=4,5' 'damage roll=2,2' \
  'attack by=enemy roll=1,1' 'attack by=player roll=1,1' | (cd $TMP && $SILLAGE record v.sil)
