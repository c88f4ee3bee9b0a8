$SILLAGE help
