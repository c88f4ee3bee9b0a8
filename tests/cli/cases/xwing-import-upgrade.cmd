# an upgrade in a slot the ship does not have: the rules refuse it, with the pilot's JSON path
printf '{"faction":"galacticempire","pilots":[{"id":"academypilot","upgrades":{"turret":["ioncannonturret"]}}]}' > $TMP/s.json
cd $TMP && $SILLAGE import s.json
