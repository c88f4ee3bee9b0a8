$SILLAGE odds --fight 9 samples/starship/first-voyage.sil
