$SILLAGE games
