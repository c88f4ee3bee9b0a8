# a log's control and bidirectional characters are shown escaped on a board (PDF text and
# metadata), in the HTML viewer's data and in the PDF report, never passed on (issue 20.2)
sed -e 's/^title .*/title Two frigates \x1b]0;pwned\x07 off the \xe2\x80\xaegnp.exe point/' \
    -e 's/^player fr "Marine royale"/player fr "Marine \xe2\x81\xa7royale"/' tests/cli/data/example.sil > $TMP/x.sil
printf '@bookmark clip \033]52;c;ZWNobyBoaQ==\007 done\n' >> $TMP/x.sil
$SILLAGE render -o $TMP/x.pdf $TMP/x.sil || exit 9
pdfinfo $TMP/x.pdf | grep '^Title'
pdftotext $TMP/x.pdf - | grep -a 'pwned\|Marine' | head -n 2
$SILLAGE html -o $TMP/x.html $TMP/x.sil > /dev/null || exit 9
$SILLAGE report -o $TMP/r.pdf $TMP/x.sil > /dev/null || exit 9
pdfinfo $TMP/r.pdf | grep '^Title'
# the raw characters (ESC, BEL, U+202E, U+2067) in the page, in the text and metadata of the PDFs
{ cat $TMP/x.html; pdftotext $TMP/x.pdf -; pdfinfo $TMP/x.pdf; pdftotext $TMP/r.pdf -; pdfinfo $TMP/r.pdf; } > $TMP/all.txt
echo "raw characters passed on: $(grep -caP '\x1b|\x07|\xe2\x80\xae|\xe2\x81\xa7' $TMP/all.txt)"
grep -ao 'clip \\\\e]52;c;ZWNobyBoaQ==\\\\x07 done' $TMP/x.html | head -n 1
