# a damaged file and an illegal one give error lines; the batch goes on and exits 1
mkdir -p $TMP/in
cp samples/sail/heron-bank.sil $TMP/in/a.sil
printf 'sil 1\ngame nosuch 1\n' > $TMP/in/b.sil
sed 's/fr: move ship=tonnant steps=AS,AP !dd8dafab/fr: move ship=tonnant steps=AS,AP,A,A,A,A !dd8dafab/' \
	samples/sail/heron-bank.sil > $TMP/in/c.sil
$SILLAGE convert -o $TMP/whole.silb samples/sail/heron-bank.sil || exit 9
head -c 300 $TMP/whole.silb > $TMP/in/d.silb
cp samples/starship/last-voyage.sil $TMP/in/e.sil
cd $TMP && $SILLAGE batch in > out.ndjson
echo "exit $?"
cut -c1-160 out.ndjson
