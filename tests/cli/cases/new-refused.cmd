# new refuses bad options with the reason (exit 2) and writes nothing
cd $TMP
$SILLAGE new sail --scenario heron -o a.sil; echo "exit $?"
$SILLAGE new sail --turns 200 -o a.sil; echo "exit $?"
$SILLAGE new sail --wind SW -o a.sil; echo "exit $?"
$SILLAGE new sail --scenario; echo "exit $?"
$SILLAGE new sail; echo "exit $?"
$SILLAGE new starship --weapons-roll 7 -o a.sil; echo "exit $?"
$SILLAGE new starship --ship 'The "Quoted"' -o a.sil; echo "exit $?"
$SILLAGE new fmp -o a.sil; echo "exit $?"
$SILLAGE new fmp --players ana,bob,cyd,dan,eve -o a.sil; echo "exit $?"
$SILLAGE new fmp --players ana,ana -o a.sil; echo "exit $?"
$SILLAGE new fmp --players ana,bob --map halcyonn -o a.sil; echo "exit $?"
$SILLAGE new sial -o a.sil; echo "exit $?"
$SILLAGE new sail extra -o a.sil; echo "exit $?"
$SILLAGE new sail -o /nonexistent-dir/a.sil; echo "exit $?"
ls
