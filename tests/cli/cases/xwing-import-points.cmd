# a 2.5 list over its 20 squad points, and a 2.5 pilot over its loadout value (exit 3)
printf '{"name":"x","faction":"rebelalliance","version":"2.5.0","pilots":[{"id":"lukeskywalker"},{"id":"wedgeantilles"},{"id":"biggsdarklighter"},{"id":"redsquadronveteran"}]}' > $TMP/a.json
printf '{"name":"y","faction":"rebelalliance","version":"2.5.0","pilots":[{"id":"wedgeantilles","upgrades":{"torpedo":["protontorpedoes"]}}]}' > $TMP/b.json
cd $TMP && $SILLAGE import a.json; echo "exit $?"; $SILLAGE import b.json
