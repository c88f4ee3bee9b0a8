$SILLAGE stats --metric hull,speed samples/sail/heron-bank.sil
