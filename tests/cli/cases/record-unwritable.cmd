# issue 14.3: recording into a folder that cannot be written fails at once with exit 4,
# before reading a line (not once per event with exit 1)
cd $TMP && printf 'sil 1\ngame sail 1\nmap cols=3 rows=3\n' | $SILLAGE record nowhere/g.sil; echo "exit $?"
