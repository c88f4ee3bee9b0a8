# the committed obstacle outlines are what tools/xwing-obstacles/derive.py derives from data/xwing/obstacles
python3 tools/xwing-obstacles/derive.py --check && echo fresh
