# info on a deflate-coded archive (--coding=deflate): the segments' raw and deflated sizes
cd $TMP && $SILLAGE convert --coding=deflate $OLDPWD/tests/cli/data/example.sil -o e.silb && $SILLAGE info e.silb && $SILLAGE convert e.silb | cmp - $OLDPWD/tests/cli/data/example.sil && echo same text
