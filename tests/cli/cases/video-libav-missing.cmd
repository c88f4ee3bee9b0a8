# libav* is opened only when a video is asked for (render/video.c): an
# unusable libavcodec found first on the library path is a clear error,
# exit 3, naming the library and its Debian package, and no file is left
mkdir "$TMP/lib"
for v in 58 59 60 61 62 63; do : >"$TMP/lib/libavcodec.so.$v"; done
LD_LIBRARY_PATH="$TMP/lib" $SILLAGE animate samples/sail/heron-bank.sil -q -o "$TMP/a.mp4" 2>"$TMP/err"
echo "exit $?"
sed -e "s|$TMP|TMP|g" -e 's/\.so\.[0-9]*/.so.N/g' -e 's/libavcodec[0-9][0-9]*)/libavcodecN)/' "$TMP/err"
ls "$TMP" | grep -c mp4
# every other verb starts without it, and without the server's, the
# terminal's and the archive's libraries
LD_LIBRARY_PATH="$TMP/lib" $SILLAGE verify -q samples/sail/heron-bank.sil && echo verified
for l in libavcodec libavformat libmicrohttpd libchafa libsqlite3; do
	LD_DEBUG=libs $SILLAGE info samples/sail/heron-bank.sil 2>&1 >/dev/null |
		grep -q "$l" && echo "info loads $l"
done
exit 0
