/* watch.js - the watch page of `sillage serve`: follows the game as it is
 * recorded (Server-Sent Events) and steps back and forth through it like
 * the HTML viewer (buttons, slider, arrow keys, #event=N links). With a
 * player's ?t=TOKEN it is that side's view: its own sealed hidden choices
 * are shown; everyone else sees only that a choice was sealed. */
"use strict";
(function () {
var $ = SL.$, el = SL.el;
var st = null, entries = [], pos = 0, items = [], follow = true, loading = null, again = false;

/* ---- the game: state and the whole log ---- */
function load() {
	if (loading) { again = true; return loading; }
	loading = Promise.all([SL.get("api/state"), SL.get("api/log", {from: 0})]).then(function (r) {
		loading = null;
		if (r[0].status === 200) st = r[0].body;
		if (r[1].status === 200) entries = r[1].body.entries || [];
		if (st) { SL.header(st); showView(); }
		list();
		var N = entries.length;
		$("slider").max = N;
		if (!started) {
			started = true;
			if (!fromHash()) show(N, true);
		} else if (follow || pos > N) show(N, !follow);
		else show(pos, true);
		if (again) { again = false; return load(); }
	});
	return loading;
}
var started = false;
function showView() {
	var v = $("view");
	v.textContent = st.side ? "view of " + SL.playerName(st, st.side) + " (your hidden choices shown)" : "public view";
	v.dataset.side = st.side || "";
	var ul = $("sealed"), n = 0;
	ul.textContent = "";
	SL.sealedList(st).forEach(function (s) { ul.appendChild(el("li", "", s)); n++; });
	$("sealedbox").hidden = !st.side || !n;
}
/* the sealed choice behind a commitment entry, when this side holds it */
function sealedFor(e) {
	var s = st && st.sealed, m = /\bship=("?)([^"\s]+)\1/.exec(e.line || ""), ship = m ? m[2] : null, hit = null;
	if (!s) return null;
	if (Array.isArray(s)) s.forEach(function (x) {
		if (x && (x.n === e.n || (ship && x.ship === ship && x.n === undefined))) hit = SL.sealedWords(x);
	});
	else if (s[e.n] !== undefined) hit = SL.sealedWords(s[e.n]);
	else if (ship && s[ship] !== undefined) hit = SL.sealedWords(s[ship]);
	return hit;
}
/* the reveal that opened the commitment of entry i: the next reveal of the
 * same piece (ship=…), with the value it showed (dial=… or choice=…) */
function revealOf(i) {
	var m = /\bship=("?)([^"\s]+)\1/.exec(entries[i].line || ""), k, r;
	if (!m) return null;
	for (k = i + 1; k < entries.length; k++) {
		var l = entries[k].line || "";
		if (/\b(commit|hash)=/.test(l) && l.indexOf("ship=" + m[2]) >= 0) return null;   /* sealed again first */
		if (/:\s*reveal\b/.test(l) && new RegExp("\\bship=\"?" + m[2].replace(/[^\w-]/g, "") + "\"?(\\s|$)").test(l)) {
			r = /\b(?:dial|choice)=("?)([^"\s]+)\1/.exec(l);
			return {n: entries[k].n, v: r ? r[2] : "shown"};
		}
	}
	return null;
}
function isCommit(e) { return /\b(commit|hash)=/.test(e.line || ""); }

/* ---- the list of entries ---- */
function list() {
	var ol = $("events"), bms = $("bookmarks"), turn = -1;
	ol.textContent = "";
	bms.textContent = "";
	items = [];
	entries.forEach(function (e, i) {
		if ((e.turn || 0) !== turn) {
			turn = e.turn || 0;
			var h = el("li", "turn", turn ? "Turn " + turn : "Setup");
			h.addEventListener("click", function () { show(i + 1); });
			ol.appendChild(h);
		}
		var li = el("li", "event");
		li.dataset.n = e.n;
		li.appendChild(el("span", "no", e.n + ""));
		if (e.player) { var sw = el("span", "sw"); sw.style.background = SL.colour(st || {}, e.player); li.appendChild(sw); }
		li.appendChild(document.createTextNode(e.desc || e.line));
		if (isCommit(e)) {
			li.classList.add("sealed");
			var open = revealOf(i), mine = open ? null : sealedFor(e);
			li.appendChild(el("span", open ? "opened" : mine ? "mine" : "hidden", open ? " \u2014 revealed at entry " + open.n + ": " + open.v :
				mine ? " \u2014 yours: " + mine : " \u2014 dial set (hidden from this view)"));
		}
		if (e.note) { li.appendChild(el("br")); li.appendChild(el("span", "note", "note: " + e.note)); }
		if (e.bookmark) {
			li.appendChild(el("span", "bm", " \u2605 " + e.bookmark));
			var b = el("li", "bm", "\u2605 " + e.bookmark + " (entry " + e.n + ")");
			b.addEventListener("click", function () { show(i + 1); });
			bms.appendChild(b);
		}
		li.addEventListener("click", function () { show(i + 1); });
		ol.appendChild(li);
		items.push(li);
	});
	if (!bms.children.length) bms.appendChild(el("li", "none", "none"));
}

/* ---- a position: after entry p (0 = before the first) ---- */
function show(p, keepHash) {
	var N = entries.length;
	p = Math.max(0, Math.min(N, p | 0));
	if (items[pos - 1]) items[pos - 1].classList.remove("sel");
	pos = p;
	$("slider").value = p;
	var e = entries[p - 1];
	var t = e ? e.turn || 0 : 0;
	var s = $("status");
	s.textContent = (t ? "Turn " + t : "Setup") + (e && e.phase && t ? " \u00b7 " + (typeof e.phase === "number" ? "phase " : "") + e.phase : "") + " \u00b7 entry " + p + "/" + N +
		(p < N ? " \u00b7 " + (N - p) + " newer" : "");
	s.dataset.pos = p;
	s.dataset.rev = N;
	s.dataset.turn = t;
	var cur = $("current");
	cur.textContent = "";
	if (!e) cur.appendChild(el("div", "", N ? "The start: nothing played yet." : "Nothing recorded yet: this page follows the game as it is played."));
	else {
		cur.appendChild(el("div", "desc", "#" + e.n + " " + (e.player ? SL.playerName(st || {}, e.player) + ": " : "") + (e.desc || e.line)));
		if (e.note) cur.appendChild(el("div", "note", "note: " + e.note));
		if (e.bookmark) cur.appendChild(el("div", "bm", "\u2605 bookmark: " + e.bookmark));
	}
	var li = items[p - 1];
	if (li) {
		li.classList.add("sel");
		if (li.scrollIntoViewIfNeeded) li.scrollIntoViewIfNeeded(false);
		else li.scrollIntoView({block: "nearest"});
	}
	SL.board($("boardimg"), p, function () { $("board").dataset.shown = p; place(); });
	if (!keepHash && history.replaceState) history.replaceState(null, "", location.pathname + location.search + "#event=" + p);
}
function setFollow(on) {
	follow = on;
	$("followbox").checked = on;
}
function go(p) {
	setFollow(p >= entries.length);
	show(p);
}
function turnPos(dir) {
	var t = entries[pos - 1] ? entries[pos - 1].turn || 0 : 0, p;
	if (dir > 0) {
		for (p = pos + 1; p <= entries.length; p++) if ((entries[p - 1].turn || 0) > t) return p;
		return entries.length;
	}
	/* to the start of this turn, or of the one before when already there */
	var start = pos;
	while (start > 1 && (entries[start - 2].turn || 0) === t) start--;
	if (start < pos) return start;
	if (pos <= 1) return 0;
	t = entries[pos - 2].turn || 0;
	for (p = pos - 1; p > 1 && (entries[p - 2].turn || 0) === t; p--);
	return p;
}
$("first").onclick = function () { go(0); };
$("prev").onclick = function () { go(pos - 1); };
$("next").onclick = function () { go(pos + 1); };
$("last").onclick = function () { go(entries.length); };
$("prevturn").onclick = function () { go(turnPos(-1)); };
$("nextturn").onclick = function () { go(turnPos(1)); };
$("slider").addEventListener("input", function () { go(+this.value); });
$("followbox").onchange = function () { follow = this.checked; if (follow) show(entries.length); };
document.addEventListener("keydown", function (ev) {
	var tag = ev.target && ev.target.tagName;
	if (tag === "INPUT" && ev.target.type !== "range" && ev.target.type !== "checkbox" || tag === "SELECT") return;
	var k = ev.key;
	if (k === "ArrowRight") go(pos + 1);
	else if (k === "ArrowLeft") go(pos - 1);
	else if (k === "ArrowDown" || k === "PageDown") go(turnPos(1));
	else if (k === "ArrowUp" || k === "PageUp") go(turnPos(-1));
	else if (k === "Home") go(0);
	else if (k === "End") go(entries.length);
	else return;
	ev.preventDefault();
});
function fromHash() {
	var m = /^#(?:event|entry)=(\d+)$/.exec(location.hash);
	if (!m) return false;
	var p = +m[1];
	setFollow(p >= entries.length);
	show(p, true);
	return true;
}
window.addEventListener("hashchange", function () { fromHash(); });

/* ---- zoom and pan: wheel (a trackpad's pinch too), two fingers, buttons, keys ----
 * view.z is natural pixels to CSS pixels; the image is laid out at W*z by H*z
 * (the SVG drawn again at that size, so it stays sharp) and kept partly in
 * view; the zoom and the place are kept while stepping. */
var view = {z: 1, x: 0, y: 0, fit: true}, ZMAX = 6;
function natural() {
	var i = $("boardimg");
	return {W: i.naturalWidth || 0, H: i.naturalHeight || 0};
}
function fitZ(b, n) { return Math.min(b.clientWidth / n.W, b.clientHeight / n.H); }
function place() {
	var b = $("board"), i = $("boardimg"), n = natural();
	if (!n.W || !n.H || !b.clientWidth || !b.clientHeight) return;
	var f = fitZ(b, n);
	if (view.fit) {
		view.z = f;
		view.x = (b.clientWidth - n.W * f) / 2;
		view.y = (b.clientHeight - n.H * f) / 2;
	}
	var w = n.W * view.z, h = n.H * view.z, keep = 40;   /* at least 40 px of the board in view */
	view.x = Math.min(Math.max(view.x, keep - w), b.clientWidth - keep);
	view.y = Math.min(Math.max(view.y, keep - h), b.clientHeight - keep);
	b.classList.add("sized");
	i.style.width = w + "px";
	i.style.height = h + "px";
	i.style.left = view.x + "px";
	i.style.top = view.y + "px";
	b.dataset.zoom = (view.z / f).toFixed(3);   /* 1 fitted */
}
function zoom(k, cx, cy) {
	var b = $("board"), n = natural();
	if (!n.W) return;
	if (cx === undefined) { cx = b.clientWidth / 2; cy = b.clientHeight / 2; }
	var f = fitZ(b, n), z = Math.min(Math.max(view.z * k, f / 2), Math.max(ZMAX, f));
	k = z / view.z;
	view.fit = false;
	view.x = cx - (cx - view.x) * k;
	view.y = cy - (cy - view.y) * k;
	view.z = z;
	place();
}
$("zoomin").onclick = function () { zoom(1.25); };
$("zoomout").onclick = function () { zoom(0.8); };
$("fit").onclick = function () { view.fit = true; place(); };
$("board").addEventListener("wheel", function (ev) {
	var r = this.getBoundingClientRect();
	ev.preventDefault();
	/* a trackpad's pinch comes as a wheel with ctrlKey, in small steps */
	zoom(ev.ctrlKey ? Math.exp(-ev.deltaY / 100) : ev.deltaY < 0 ? 1.2 : 1 / 1.2, ev.clientX - r.left, ev.clientY - r.top);
}, {passive: false});
(function () {
	var b = $("board"), pts = {}, drag = null, pinch = null;
	function two() { var k = Object.keys(pts); return k.length === 2 ? [pts[k[0]], pts[k[1]]] : null; }
	function dist(p) { return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y); }
	b.addEventListener("pointerdown", function (ev) {
		if (ev.target.closest && ev.target.closest("#zoombar")) return;
		pts[ev.pointerId] = {x: ev.clientX, y: ev.clientY};
		var p = two();
		if (p) { pinch = {d: dist(p) || 1}; drag = null; }
		else drag = {x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y};
		if (b.setPointerCapture) try { b.setPointerCapture(ev.pointerId); } catch (e) { /* synthetic */ }
	});
	b.addEventListener("pointermove", function (ev) {
		if (!pts[ev.pointerId]) return;
		pts[ev.pointerId] = {x: ev.clientX, y: ev.clientY};
		var p = two(), r = b.getBoundingClientRect();
		if (p && pinch) {
			var d = dist(p) || 1;
			zoom(d / pinch.d, (p[0].x + p[1].x) / 2 - r.left, (p[0].y + p[1].y) / 2 - r.top);
			pinch.d = d;
		} else if (drag) {
			b.classList.add("drag");
			view.fit = false;
			view.x = drag.vx + ev.clientX - drag.x;
			view.y = drag.vy + ev.clientY - drag.y;
			place();
		}
	});
	function up(ev) {
		delete pts[ev.pointerId];
		pinch = null;
		drag = null;
		b.classList.remove("drag");
	}
	b.addEventListener("pointerup", up);
	b.addEventListener("pointercancel", up);
})();
window.addEventListener("resize", place);
document.addEventListener("keydown", function (ev) {
	var tag = ev.target && ev.target.tagName;
	if (tag === "INPUT" && ev.target.type !== "range" && ev.target.type !== "checkbox" || tag === "SELECT") return;
	if (ev.key === "+" || ev.key === "=") zoom(1.25);
	else if (ev.key === "-") zoom(0.8);
	else if (ev.key === "0") { view.fit = true; place(); }
	else return;
	ev.preventDefault();
});

SL.live(function () { load(); }, function (on) { SL.liveBadge(on); if (on && started) load(); });
load();
window.sillageWatch = {pos: function () { return pos; }, entries: function () { return entries; }, state: function () { return st; }};
})();
