$SILLAGE stats --metric hull,fighting,sailed,damage samples/sail/heron-bank.sil
