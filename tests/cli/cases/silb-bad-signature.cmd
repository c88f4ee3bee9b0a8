# a PNG is not a .silb: the first byte says binary, the second is wrong
cd $TMP && printf '\211PNG\r\n\032\n\000\000\000\rIHDR' > x.silb && $SILLAGE verify x.silb
