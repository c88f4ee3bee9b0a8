# --coding takes model or deflate; anything else is a usage error and writes nothing
cd $TMP && $SILLAGE convert --coding=zip $OLDPWD/tests/cli/data/example.sil -o e.silb; echo "exit $?"; ls
