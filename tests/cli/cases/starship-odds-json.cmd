$SILLAGE odds --json --fight 2 samples/starship/first-voyage.sil
