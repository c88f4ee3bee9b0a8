# new xwing: two XWS squads through the importer `import` uses, into a binary log, verified
X=$PWD/samples/xwing/xws
cd $TMP
$SILLAGE new xwing --xws $X/gold-wing.json --xws $X/storm-flight.json -o g.silb || exit 9
$SILLAGE verify g.silb
$SILLAGE new xwing --xws $X/gold-wing.json --xws $X/storm-flight.json -o - | $SILLAGE log -
# --discs: the same standard setup with the six obstacles as discs (decision D3)
$SILLAGE new xwing --discs --xws $X/gold-wing.json --xws $X/storm-flight.json -o - | $SILLAGE log - | sed -n 1,3p
