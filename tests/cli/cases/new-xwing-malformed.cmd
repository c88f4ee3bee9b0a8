# new xwing: a squad file that is not JSON exits 3 with its line and column
printf '{"name":"x","pilots":[{"id":"lukeskywalker",}]}' > $TMP/a.json
printf '{"name":"y","pilots":[{"id":"academypilot"}]}' > $TMP/b.json
cd $TMP && $SILLAGE new xwing --xws a.json --xws b.json -o m.sil; echo "exit $?"; test -f m.sil && echo "written"
