$SILLAGE luck --json samples/starship/last-voyage.sil
