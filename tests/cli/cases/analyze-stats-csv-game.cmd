$SILLAGE stats --csv --per game samples/fmp/ferrix.sil
