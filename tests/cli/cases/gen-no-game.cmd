$SILLAGE gen --events 5
