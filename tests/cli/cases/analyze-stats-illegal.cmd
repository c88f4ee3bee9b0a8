# a log whose third move breaks sail 6: stats refuses it as verify does
sed 's/fr: move ship=tonnant steps=AS,AP !dd8dafab/fr: move ship=tonnant steps=AS,AP,A,A,A,A !dd8dafab/' \
	samples/sail/heron-bank.sil > $TMP/bad.sil
cd $TMP && $SILLAGE stats bad.sil
