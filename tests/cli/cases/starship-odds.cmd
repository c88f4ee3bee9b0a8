$SILLAGE odds samples/starship/first-voyage.sil
