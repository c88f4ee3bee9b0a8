$SILLAGE render --help
