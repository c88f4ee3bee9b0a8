# diff --at: two positions of one log, two logs at one position (a text log
# and its archive, the archive read through its index), the JSON form
root=$PWD
cd $TMP || exit 9
ln -s "$root/samples" samples
$SILLAGE convert samples/sail/heron-bank.sil -o h.silb >/dev/null || exit 9
$SILLAGE diff --at 30 --at t2 samples/sail/heron-bank.sil
echo "exit $?"
$SILLAGE diff --at t3.2 samples/sail/heron-bank.sil h.silb
echo "exit $?"
$SILLAGE diff --json --at 0 --at 1 h.silb
echo "exit $?"
