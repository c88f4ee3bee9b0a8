cd $TMP && $SILLAGE chart $OLDPWD/samples/sail/heron-bank.sil -o c.jpg -m hull
