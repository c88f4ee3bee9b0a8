$SILLAGE diff samples/sail/heron-bank.sil
