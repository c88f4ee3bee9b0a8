# log text reaches the page only as escaped JSON or escaped HTML; nothing is fetched
$SILLAGE html -q tests/html/data/xss.sil -o $TMP/x.html || exit 1
grep -c '<script>alert' $TMP/x.html
grep -o '<title>[^<]*</title>' $TMP/x.html
grep -o 'src="[a-z]*:\|href="[a-z]*:\|url(http' $TMP/x.html | wc -l | sed 's/^/external references: /'
