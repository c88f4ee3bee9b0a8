$SILLAGE stats --json --per game samples/starship/first-voyage.sil
