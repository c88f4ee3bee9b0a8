$SILLAGE chart samples/sail/heron-bank.sil -o $TMP/c.png
