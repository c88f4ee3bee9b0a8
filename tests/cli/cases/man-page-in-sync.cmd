$SILLAGE help --man | cmp - docs/sillage.1 && echo in sync
