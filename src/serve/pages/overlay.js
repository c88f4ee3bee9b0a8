/* overlay.js - the stream overlay of `sillage serve`: the board alone (no
 * title, panels or legend: /api/board.svg?alone=1) on a transparent page,
 * redrawn after every entry (Server-Sent Events). A game without a board of
 * its own (starship: cards and rolls) shows its whole picture. */
"use strict";
(function () {
var img = SL.$("boardimg"), busy = false, again = false, alone = true;
function update() {
	if (busy) { again = true; return; }
	busy = true;
	SL.get("api/state").then(function (a) {
		if (a.status !== 200) { busy = false; return; }
		document.body.dataset.rev = a.body.rev;
		SL.board(img, a.body.rev, function (e) {
			busy = false;
			if (e && alone) { alone = false; update(); return; }
			document.body.dataset.alone = alone ? "1" : "0";
			document.body.dataset.shown = a.body.rev;
			if (again) { again = false; update(); }
		}, alone);
	});
}
SL.live(function () { update(); }, function (on) { if (on) update(); });
update();
})();
