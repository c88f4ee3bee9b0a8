# a journal has no trailer (issue 20.9): info says it is open and not packed, and
# verify --strict refuses it, while a journal cut exactly between two records verifies
# as a shorter game without --strict; the packed archive passes --strict
cd $TMP && $SILLAGE record --quiet --no-pack g.silb < $OLDPWD/tests/cli/data/example.sil || exit 9
$SILLAGE info g.silb | sed -n '1,2p'
$SILLAGE info --json g.silb | grep -o '"form":"[a-z]*"\|"packed":[a-z]*'
$SILLAGE verify --strict g.silb; echo "verify --strict: exit $?"
$SILLAGE verify g.silb; echo "verify: exit $?"
$SILLAGE pack g.silb > /dev/null && $SILLAGE verify --strict g.silb; echo "after pack: exit $?"
