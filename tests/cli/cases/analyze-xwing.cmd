# the xwing analysis: metrics per side by game, and its dice against the published faces
$SILLAGE stats --per game --csv samples/xwing/ion-ambush.sil
$SILLAGE luck samples/xwing/ion-ambush.sil | sed -n '3,7p'
