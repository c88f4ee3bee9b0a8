# a damaged input writes nothing: convert fails before touching the output
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb && head -c 100 e.silb > t.silb &&
echo keep > out.sil && $SILLAGE convert t.silb -o out.sil; echo "exit $?"; cat out.sil; ls
