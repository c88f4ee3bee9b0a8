/* new.js - the page that starts a game of a club from the `sillage new`
 * templates (docs/serve.md): GET /api/templates, POST /api/new with the
 * host's club token (?t= of the host's link). */
"use strict";
(function () {
var tpl = [];
function show() {
	var g = tpl[SL.$("game").selectedIndex];
	SL.$("usage").textContent = g ? g.usage + (g.offers ? "\n" + g.offers : "") : "";
}
SL.get("/api/templates").then(function (r) {
	tpl = (r.body && r.body.templates) || [];
	tpl.forEach(function (t) { SL.$("game").appendChild(SL.el("option", null, t.game)); });
	show();
});
SL.$("game").addEventListener("change", show);
SL.$("new").addEventListener("submit", function (ev) {
	ev.preventDefault();
	SL.post("/api/new", {name: SL.$("name").value, game: SL.$("game").value, options: SL.$("options").value})
		.then(function (r) {
			var said = SL.$("said");
			said.textContent = "";
			if (r.status === 201) {
				said.appendChild(document.createTextNode("Started: "));
				var a = SL.el("a", null, r.body.name);
				a.href = r.body.record;
				said.appendChild(a);
				said.appendChild(document.createTextNode(" (your host link; the players' links are on their pages)"));
			} else
				said.textContent = r.body.error || ("HTTP " + r.status);
		});
});
})();
