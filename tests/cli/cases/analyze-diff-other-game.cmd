$SILLAGE diff samples/sail/heron-bank.sil samples/fmp/ferrix.sil
