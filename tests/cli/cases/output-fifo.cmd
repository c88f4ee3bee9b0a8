# -o naming something that is no regular file (a FIFO here; /dev/null or a
# terminal the same) is written in place, never renamed over: as root, `convert
# -o /dev/null` once replaced the machine's /dev/null with a file
mkfifo "$TMP/pipe"
for verb in convert html; do
	timeout 20 cat "$TMP/pipe" > "$TMP/got" &   # bounded: a replaced FIFO is never opened for writing
	reader=$!
	case $verb in
	convert) "$SILLAGE" convert tests/cli/data/example.sil -o "$TMP/pipe"; echo "convert exit $?" ;;
	html) "$SILLAGE" html -q tests/cli/data/example.sil -o "$TMP/pipe"; echo "html exit $?" ;;
	esac
	wait $reader
	[ -p "$TMP/pipe" ] && echo "$verb: still a FIFO" || echo "$verb: replaced by $(stat -c %F "$TMP/pipe")"
	[ -s "$TMP/got" ] && echo "$verb: the reader got $(head -c 5 "$TMP/got" | tr -cd 'a-zA-Z<!' ) ..."
	ls "$TMP" | grep -c tmp
done
mkdir "$TMP/dir"
"$SILLAGE" convert tests/cli/data/example.sil -o "$TMP/dir" 2>&1 | sed "s|$TMP|TMP|g"
