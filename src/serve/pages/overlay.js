/* overlay.js - the stream overlay of `sillage serve`: the board alone on a
 * transparent page, redrawn after every entry (Server-Sent Events). */
"use strict";
(function () {
var img = SL.$("boardimg"), busy = false, again = false;
function update() {
	if (busy) { again = true; return; }
	busy = true;
	SL.get("api/state").then(function (a) {
		if (a.status !== 200) { busy = false; return; }
		document.body.dataset.rev = a.body.rev;
		SL.board(img, a.body.rev, function () {
			busy = false;
			document.body.dataset.shown = a.body.rev;
			if (again) { again = false; update(); }
		});
	});
}
SL.live(function () { update(); }, function (on) { if (on) update(); });
update();
})();
