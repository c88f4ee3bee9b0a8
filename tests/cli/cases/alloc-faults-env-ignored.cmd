# the fault-injection variables of `make alloc-faults` are read only by its
# test build (-DSL_ALLOC_FAULTS): the normal binary fails nothing, counts nothing
SILLAGE_FAIL_ALLOC=1 SILLAGE_COUNT_ALLOC=1 SILLAGE_SITES_ALLOC=$TMP/sites \
	$SILLAGE verify samples/starship/first-voyage.sil
test -e $TMP/sites && echo "sites written"
exit 0
