# targets: one FILE; a bad position is a usage error; an unreadable file exit 3; a selection
# that names nothing gives an empty list, not an error
$SILLAGE targets; echo "exit $?"
$SILLAGE targets --event x samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE targets no-such-file.sil; echo "exit $?"
$SILLAGE targets --turn 1 --phase 2 --sel ship:nobody samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE targets --turn 1 --phase 2 --sel nothing --json samples/sail/heron-bank.sil; echo "exit $?"
