"use strict";
(function () {
var D = JSON.parse(document.getElementById("sl-data").textContent);
var N = D.frames.length - 1, pos = 0, timer = null;
var $ = function (id) { return document.getElementById(id); };
var turnAt = [0], evAt = [0], turnStart = {}, evPos = {0: 0};
D.entries.forEach(function (e, i) {
	turnAt.push(e.t);
	evAt.push(e.n ? e.n : evAt[i]);
	if (e.k === 1) turnStart[e.t] = i + 1;
	if (e.k === 0) evPos[e.n] = i + 1;
});
function el(tag, cls, text) {
	var x = document.createElement(tag);
	if (cls) x.className = cls;
	if (text !== undefined) x.textContent = text;
	return x;
}
function svgOf(i) {
	var f = D.frames[i], out = [];
	for (var k = 0; k < f.length; k += 2)
		for (var j = f[k]; j < f[k] + f[k + 1]; j++) out.push(D.lines[j]);
	return out.join("\n");
}
$("title").textContent = D.title || D.game;
D.players.forEach(function (p) {
	var s = el("span"), sw = el("span", "sw");
	sw.style.background = p.colour;
	s.appendChild(sw);
	s.appendChild(document.createTextNode(p.name || p.id));
	$("players").appendChild(s);
});
var items = [];
D.entries.forEach(function (e, i) {
	var li;
	if (e.k === 1) li = el("li", "turn", e.d);
	else if (e.k === 2) li = el("li", "phase", e.d);
	else {
		li = el("li", "event");
		li.appendChild(el("span", "no", e.t ? e.n + "" : "setup"));
		li.appendChild(document.createTextNode(e.d));
		if (e.note) { li.appendChild(el("br")); li.appendChild(el("span", "note", "note: " + e.note)); }
	}
	if (e.bm) {
		li.appendChild(el("span", "bm", " \u2605 " + e.bm));
		var b = el("li", "bm", "\u2605 " + e.bm + " (" + (e.n ? "event " + e.n : "turn " + e.t) + ")");
		b.dataset.pos = i + 1;
		b.addEventListener("click", function () { show(i + 1); });
		$("bookmarks").appendChild(b);
	}
	li.dataset.pos = i + 1;
	li.addEventListener("click", function () { show(i + 1); });
	$("events").appendChild(li);
	items.push(li);
});
if (!$("bookmarks").children.length) $("bookmarks").appendChild(el("li", "none", "none"));
$("slider").max = N;
function show(p, keepHash) {
	p = Math.max(0, Math.min(N, p | 0));
	var old = items[pos - 1];
	if (old) old.classList.remove("sel");
	pos = p;
	$("board").innerHTML = svgOf(p);
	$("slider").value = p;
	var t = turnAt[p];
	$("status").textContent = (t ? "Turn " + t : "Setup") + " \u00b7 event " + evAt[p] + "/" + evAt[N] + " \u00b7 step " + p + "/" + N;
	$("status").dataset.turn = t;
	$("status").dataset.event = evAt[p];
	var cur = $("current");
	cur.textContent = "";
	var e = D.entries[p - 1];
	if (!e) cur.appendChild(el("div", "", "The start: nothing played yet."));
	else {
		cur.appendChild(el("div", "desc", (e.pl ? e.pl + ": " : "") + e.d));
		if (e.c) cur.appendChild(el("div", "comment", e.c));
		if (e.note) cur.appendChild(el("div", "note", "note: " + e.note));
		if (e.bm) cur.appendChild(el("div", "bm", "\u2605 bookmark: " + e.bm));
	}
	var li = items[p - 1];
	if (li) {
		li.classList.add("sel");
		if (li.scrollIntoViewIfNeeded) li.scrollIntoViewIfNeeded(false);
	}
	if (!keepHash && history.replaceState) {
		var h = "#event=" + evAt[p];
		if (evPos[evAt[p]] !== p) h = "#step=" + p;
		history.replaceState(null, "", h);
	}
}
function turnPos(dir) {
	var t = turnAt[pos], p;
	if (dir > 0) {
		for (p = pos + 1; p <= N; p++) if (turnAt[p] > t && D.entries[p - 1].k === 1) return p;
		return N;
	}
	var start = turnStart[t] !== undefined && turnStart[t] < pos ? turnStart[t] : turnStart[t - 1];
	return start !== undefined ? start : 0;
}
function play(on) {
	if (on === undefined) on = !timer;
	if (timer) { clearInterval(timer); timer = null; }
	if (on) {
		if (pos >= N) show(0);
		timer = setInterval(function () { if (pos >= N) play(false); else show(pos + 1); }, 800);
	}
	$("play").textContent = timer ? "\u23F8 pause" : "\u25B6 play";
}
function jumpTurn(v) {
	var t = parseInt(v, 10);
	if (t === 0) show(0);
	else if (turnStart[t] !== undefined) show(turnStart[t]);
}
$("first").onclick = function () { show(0); };
$("last").onclick = function () { show(N); };
$("prev").onclick = function () { show(pos - 1); };
$("next").onclick = function () { show(pos + 1); };
$("prevturn").onclick = function () { show(turnPos(-1)); };
$("nextturn").onclick = function () { show(turnPos(1)); };
$("play").onclick = function () { play(); };
$("go").onclick = function () { jumpTurn($("jump").value); };
$("jump").addEventListener("keydown", function (ev) { if (ev.key === "Enter") jumpTurn(this.value); });
$("slider").addEventListener("input", function () { show(+this.value); });
document.addEventListener("keydown", function (ev) {
	if (ev.target && ev.target.tagName === "INPUT" && ev.target.type === "number") return;
	var k = ev.key, done = true;
	if (k === "ArrowRight") show(pos + 1);
	else if (k === "ArrowLeft") show(pos - 1);
	else if (k === "ArrowDown" || k === "PageDown") show(turnPos(1));
	else if (k === "ArrowUp" || k === "PageUp") show(turnPos(-1));
	else if (k === " ") play();
	else if (k === "Home") show(0);
	else if (k === "End") show(N);
	else done = false;
	if (done) ev.preventDefault();
});
function fromHash() {
	var m = /^#(event|step|turn)=(\d+)$/.exec(location.hash);
	if (!m) return false;
	var v = +m[2];
	if (m[1] === "event") show(evPos[v] !== undefined ? evPos[v] : (v > evAt[N] ? N : 0), true);
	else if (m[1] === "turn") { if (turnStart[v] !== undefined) show(turnStart[v], true); }
	else show(v, true);
	return true;
}
window.addEventListener("hashchange", fromHash);
if (!fromHash()) show(0, true);
})();
