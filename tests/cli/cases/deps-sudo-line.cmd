# issue 14.13: without root, tools/deps.sh prints the line a user can paste (sudo apt-get
# update && sudo apt-get install -y ...). dpkg-query and id are stand-ins: one package missing,
# a user who is not root.
mkdir -p $TMP/bin
printf '#!/bin/sh\ncase "$*" in *libedit-dev*) echo "unknown ok not-installed";; *) echo "install ok installed";; esac\n' >$TMP/bin/dpkg-query
printf '#!/bin/sh\necho 1000\n' >$TMP/bin/id
printf '#!/bin/sh\nexit 0\n' >$TMP/bin/npm
chmod +x $TMP/bin/*
PATH=$TMP/bin:$PATH sh tools/deps.sh; echo "exit $?"
PATH=$TMP/bin:$PATH sh tools/deps.sh --missing
