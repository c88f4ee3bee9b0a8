# issue 14.14: `make demo` (tools/demo.sh) prints one line per step, keeps the details in
# build/demo.log, and shows the whole output of a step that fails. Run on a copy of one sample,
# with every package present (dpkg-query stands in) and the build already done (MAKE=true).
mkdir -p $TMP/bin $TMP/d/tools $TMP/d/samples/sail
printf '#!/bin/sh\necho "install ok installed"\n' >$TMP/bin/dpkg-query
printf '#!/bin/sh\nexit 0\n' >$TMP/bin/npm
chmod +x $TMP/bin/*
cp tools/demo.sh tools/deps.sh $TMP/d/tools/ && cp samples/sail/heron-bank.sil $TMP/d/samples/sail/
cd $TMP/d && PATH=$TMP/bin:$PATH MAKE=true sh tools/demo.sh $SILLAGE; echo "exit $?"
grep -c '^== ' build/demo.log
# a sample that breaks a rule: the failing step's output is shown
sed 's/^fr: move ship=\([a-z_]*\) steps=[A-Z,]*/fr: move ship=\1 steps=A,A,A,A,A,A,A,A,A/' samples/sail/heron-bank.sil >samples/sail/broken.sil
PATH=$TMP/bin:$PATH MAKE=true sh tools/demo.sh $SILLAGE >o.txt; echo "exit $?"
sed 's/broken.sil:[0-9]*:[0-9]*:.*/broken.sil:LINE:COL: .../' o.txt
