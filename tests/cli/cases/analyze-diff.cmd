# B is A with one shot's hits changed (then sealed anew): where do they part?
cp samples/sail/heron-bank.sil $TMP/a.sil
sed 's/gb: fire ship=audacious target=intrepide hits=2 !9a322730/gb: fire ship=audacious target=intrepide hits=1/' \
	samples/sail/heron-bank.sil > $TMP/b0.sil
cd $TMP || exit 9
$SILLAGE convert --seal -o b.sil b0.sil 2>/dev/null || exit 9
$SILLAGE diff a.sil b.sil; echo "exit $?"
$SILLAGE diff --json a.sil b.sil; echo "exit $?"
$SILLAGE diff a.sil a.sil; echo "exit $?"
