# new --list: every game has a template (its options and what it offers); new GAME --list one game's
$SILLAGE new --list | grep '^[a-z]'
$SILLAGE new sail --list
$SILLAGE new fmp --list
