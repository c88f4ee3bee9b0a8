# diff --at refusals: a bad position, a third --at, one FILE at one
# position, a position past the end (of the archive, through its index),
# logs of two games
root=$PWD
cd $TMP || exit 9
ln -s "$root/samples" samples
$SILLAGE convert samples/sail/heron-bank.sil -o h.silb >/dev/null || exit 9
$SILLAGE diff --at t h.silb
echo "exit $?"
$SILLAGE diff --at 5x h.silb
echo "exit $?"
$SILLAGE diff --at t2.0 h.silb
echo "exit $?"
$SILLAGE diff --at 1 --at 2 --at 3 h.silb
echo "exit $?"
$SILLAGE diff --at 1 h.silb
echo "exit $?"
$SILLAGE diff --at 1 h.silb h.silb h.silb
echo "exit $?"
$SILLAGE diff --at 200 --at 1 h.silb
echo "exit $?"
$SILLAGE diff --at t13 h.silb samples/sail/heron-bank.sil
echo "exit $?"
$SILLAGE diff --at 3 h.silb samples/fmp/ferrix.sil
echo "exit $?"
