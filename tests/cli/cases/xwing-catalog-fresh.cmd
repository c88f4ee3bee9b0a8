# the committed C catalog is what tools/xwing-data/gen.py derives from data/xwing-data2
python3 tools/xwing-data/gen.py --check && echo fresh
