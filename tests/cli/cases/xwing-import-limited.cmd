# two copies of a limited card (Luke Skywalker) in one squad: refused with the reason (exit 3)
printf '{"name":"x","faction":"rebelalliance","version":"2.5.0","pilots":[{"id":"lukeskywalker","ship":"t65xwing"},{"id":"lukeskywalker","ship":"t65xwing"}]}' > $TMP/s.json
cd $TMP && $SILLAGE import s.json
