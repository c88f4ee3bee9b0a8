# an edited copy whose state checks are stale: refused as a desync, compared with --ignore-checks
root=$PWD
cd $TMP || exit 9
ln -s "$root/samples" samples
sed 's/hits=1 !fa6fc96b/hits=2 !fa6fc96b/' samples/sail/heron-bank.sil > edited.sil
$SILLAGE diff samples/sail/heron-bank.sil edited.sil
echo "exit $?"
$SILLAGE diff --ignore-checks samples/sail/heron-bank.sil edited.sil | head -5
