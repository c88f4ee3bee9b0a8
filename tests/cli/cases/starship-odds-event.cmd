$SILLAGE odds --event 5 samples/starship/last-voyage.sil
