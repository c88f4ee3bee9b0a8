"use strict";
(function () {
var D = JSON.parse(document.getElementById("sl-data").textContent);
var N = D.steps.length - 1, pos = 0, timer = null, speed = 1;
var $ = function (id) { return document.getElementById(id); };
/* A line of play: the main line, or a variation (a fork) that shares the
 * main line's first `at` positions and has boards of its own from there.
 * The tables below are the shown line's (useLine). */
var turnAt, evAt, turnStart, evPos, firstPlay, L = null, LINES = [], mainN = N;
/* a page of part of a game (html --from): the event and turn of its first step */
var S0 = D.start || {event: 0, turn: 0};
function indexLine(o) {
	o.turnAt = [S0.turn]; o.evAt = [S0.event]; o.turnStart = {}; o.evPos = {}; o.firstPlay = -1;
	o.evPos[S0.event] = 0;
	if (D.start) o.turnStart[S0.turn] = 0;
	o.entries.forEach(function (e, i) {
		o.turnAt.push(e.t);
		o.evAt.push(e.n ? e.n : o.evAt[i]);
		if (e.k === 1) o.turnStart[e.t] = i + 1;
		if (e.k === 0) {
			o.evPos[e.n] = i + 1;
			if (o.firstPlay < 0 && e.t > 0) o.firstPlay = i + 1;
		}
	});
	o.N = o.entries.length;
	return o;
}
function el(tag, cls, text) {
	var x = document.createElement(tag);
	if (cls) x.className = cls;
	if (text !== undefined) x.textContent = text;
	return x;
}

/* ---- the board: docs/viewer.md tells the format ---- */
var exp = [], outlines = [];
/* Glyph g's outline (its symbol in #glyphs) in relative moves from its
 * origin, so that a run of glyphs is one path, each glyph a moveto to its
 * place and its outline: a <use> per glyph made the browser build a copy
 * of the symbol for each, most of the time a big board took to open. */
function outline(g) {
	var o = outlines[g], d, re, m, cx = 0, cy = 0, sx = 0, sy = 0, v, i, r;
	if (o !== undefined) return o;
	d = document.getElementById("sg" + g);
	d = d && d.firstElementChild ? d.firstElementChild.getAttribute("d") || "" : "";
	o = "";
	re = /([MLCZ])([^MLCZ]*)/g;
	while ((m = re.exec(d))) {
		v = m[2].trim() ? m[2].trim().split(/[ ,]+/).map(Number) : [];
		if (m[1] === "Z") { o += "z"; cx = sx; cy = sy; continue; }
		r = [];
		for (i = 0; i + 1 < v.length; i += 2)
			r.push(+(v[i] - cx).toFixed(2), +(v[i + 1] - cy).toFixed(2));
		o += m[1].toLowerCase() + r.join(" ");
		cx = v[v.length - 2]; cy = v[v.length - 1];
		if (m[1] === "M") { sx = cx; sy = cy; }
	}
	outlines[g] = o;
	return o;
}
function line(i) {
	var s = exp[i], l, p, k, x, g, t, q, prev;
	if (s !== undefined) return s;
	l = D.lines[i];
	if (l.charAt(0) === "~") {         /* a run of glyphs on one baseline: one path */
		p = l.slice(1).split(" ");
		x = +p[1];
		s = '<path style="stroke:none;" d="';
		for (k = 2; k < p.length; k++) {
			t = p[k];
			q = t.indexOf("=");
			g = parseInt(q < 0 ? t : t.slice(0, q), 36);
			if (k > 2) x += q < 0 ? D.adv[prev] : +t.slice(q + 1);
			s += "M" + (+x.toFixed(2)) + " " + p[0] + outline(g);
			prev = g;
		}
		s += '"/>';
	} else if (l.charAt(0) === "^") {  /* a path: style, shape, first point, transform */
		p = l.slice(1).split(" ");
		s = '<path style="' + D.styles[+p[0]] + '" d="M ' + p[2] + " " + p[3] + D.shapes[+p[1]] + '"' +
			(p[4] ? ' transform="matrix(' + p[4] + ')"' : "") + "/>";
	} else s = l;
	exp[i] = s;
	return s;
}
function ops(str) { return str.split(" ").map(function (t) { return parseInt(t, 36); }); }
function apply(prev, o, from) {
	var out = [], k, a, n, j;
	for (k = from; k + 1 < o.length; k += 2) {
		a = o[k]; n = o[k + 1];
		if (a & 1) for (j = 0, a = (a - 1) / 2; j < n; j++) out.push(a + j);
		else for (j = 0, a = a / 2; j < n; j++) out.push(prev[a + j]);
	}
	return out;
}
function html(ids) { return ids.map(line).join("\n"); }
var grounds = [];
function newLine(entries, steps, base, at, name) {
	var o = {entries: entries, ops: [], ground: [], ck: {}, last: null, base: base, at: at, name: name};
	steps.forEach(function (s) { var x = ops(s); o.ground.push(x[0]); o.ops.push(x); });
	return indexLine(o);
}
function groundHtml(g) {
	if (grounds[g] === undefined) grounds[g] = html(apply([], ops(D.grounds[g]), 0));
	return grounds[g];
}
function groundAt(o, p) { return o.base && p < o.at ? groundAt(o.base, p) : o.ground[p - o.at]; }
/* the line ids of the top at position p of line o: the main line's before
 * a variation leaves it; else from the last one built or the checkpoint
 * below (one every 32 steps), applying the changes (a variation's first
 * step changes the main line's board where it leaves it) */
function topIds(o, p) {
	var b, ids, i = p - o.at;
	if (o.base && p < o.at) return topIds(o.base, p);
	if (o.last && o.last.i <= i && i - o.last.i < 32) { b = o.last.i; ids = o.last.ids; }
	else {
		for (b = i - i % 32; b > 0 && !o.ck[b]; b -= 32);
		if (b > 0) ids = o.ck[b];
		else { b = 0; ids = o.ck[0] || (o.ck[0] = apply(o.base ? topIds(o.base, o.at) : [], o.ops[0], 1)); }
	}
	for (; b < i; ) {
		b++;
		ids = apply(ids, o.ops[b], 1);
		if (b % 32 === 0) o.ck[b] = ids;
	}
	o.last = {i: i, ids: ids};
	return ids;
}
var shownGround = -1;
function draw(p) {
	var g = groundAt(L, p);
	if (g !== shownGround) { $("ground").innerHTML = groundHtml(g); shownGround = g; }
	$("top").innerHTML = html(topIds(L, p));
}
LINES.push(newLine(D.entries, D.steps, null, 0, ""));
(D.branches || []).forEach(function (b) {
	LINES.push(newLine(D.entries.slice(0, b.at).concat(b.entries), b.steps, LINES[0], b.at, b.name));
});
LINES.forEach(function (o, k) { o.k = k; });
function useLine(k) {
	L = LINES[k];
	N = L.N; turnAt = L.turnAt; evAt = L.evAt; turnStart = L.turnStart; evPos = L.evPos; firstPlay = L.firstPlay;
}
useLine(0);

/* ---- zoom and pan ----
 * The board's box is measured before a step's board goes in (show), never
 * just after: reading a size then would lay out the whole board's SVG
 * once more, which on a big map was most of the time the page took to
 * open. */
var view = {z: 1, x: 0, y: 0, fit: true}, box = null;
function boardSize() {
	var s = $("top").firstElementChild || $("ground").firstElementChild;
	return s ? {w: s.width.baseVal.value || 1, h: s.height.baseVal.value || 1} : {w: 1, h: 1};
}
function boardBox() {
	if (box) return box;
	var b = $("board"), m = {w: b.clientWidth, h: b.clientHeight};
	/* a frame not laid out yet (a sandboxed iframe gets its size from the
	 * host after its script ran) measures 0: not kept, measured again */
	if (m.w > 0 && m.h > 0) box = m;
	return m;
}
function place() {
	var b = boardBox(), sz = boardSize();
	if (view.fit) {
		view.z = Math.min(b.w / sz.w, b.h / sz.h);
		view.x = (b.w - sz.w * view.z) / 2;
		view.y = (b.h - sz.h * view.z) / 2;
	}
	$("stage").style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.z + ")";
}
function zoom(f, cx, cy) {
	var b = boardBox();
	if (cx === undefined) { cx = b.w / 2; cy = b.h / 2; }
	view.fit = false;
	view.x = cx - (cx - view.x) * f;
	view.y = cy - (cy - view.y) * f;
	view.z *= f;
	place();
}
$("board").addEventListener("wheel", function (ev) {
	var r = this.getBoundingClientRect();
	ev.preventDefault();
	zoom(ev.deltaY < 0 ? 1.2 : 1 / 1.2, ev.clientX - r.left, ev.clientY - r.top);
}, {passive: false});
(function () {
	var drag = null, b = $("board");
	b.addEventListener("pointerdown", function (ev) {
		drag = {x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y};
		b.classList.add("drag");
		if (b.setPointerCapture) b.setPointerCapture(ev.pointerId);
	});
	b.addEventListener("pointermove", function (ev) {
		if (!drag) return;
		view.fit = false;
		view.x = drag.vx + ev.clientX - drag.x;
		view.y = drag.vy + ev.clientY - drag.y;
		place();
	});
	function end() { drag = null; b.classList.remove("drag"); }
	b.addEventListener("pointerup", end);
	b.addEventListener("pointercancel", end);
	b.addEventListener("dblclick", function () { view.fit = true; place(); });
})();
window.addEventListener("resize", function () { box = null; place(); });
/* the board's own box changing (the frame given its size late, the panels
 * around it laid out) re-fits it: a resize of the window is not always sent */
if (window.ResizeObserver) new ResizeObserver(function () { box = null; place(); }).observe($("board"));

/* ---- the page ---- */
$("title").textContent = D.title || D.game;
D.players.forEach(function (p) {
	var s = el("span"), sw = el("span", "sw");
	sw.style.background = p.colour;
	s.appendChild(sw);
	s.appendChild(document.createTextNode(p.name || p.id));
	$("players").appendChild(s);
});
var items = [];
/* a move's glyph as annotators write it after the move, named for a screen reader */
var GLYPH_KIND = {"!": "good", "!!": "good", "?": "bad", "??": "bad", "!?": "int", "?!": "dub"};
function glyphEl(e) {
	var g = el("span", "glyph " + (GLYPH_KIND[e.g] || ""), " " + e.g);
	g.title = e.gn;
	g.setAttribute("aria-label", e.gn);
	return g;
}
/* the variations that leave the shown line at position p (main line only) */
function varsAt(p) {
	return L.k ? [] : LINES.filter(function (o) { return o.base && o.at === p; });
}
function varItem(o) {
	var ev = 0, li;
	o.entries.slice(o.at).forEach(function (e) { ev += e.k === 0; });
	li = el("li", "var", "\u21b3 variation: " + o.name + " (" + ev + " event" + (ev === 1 ? "" : "s") + ")");
	li.title = "step into this variation (V)";
	li.tabIndex = 0;
	li.setAttribute("role", "button");
	li.addEventListener("click", function (x) { x.stopPropagation(); enter(o.k, o.at + 1); });
	li.addEventListener("keydown", function (x) { if (x.key === "Enter") { x.preventDefault(); enter(o.k, o.at + 1); } });
	return li;
}
/* the event list and bookmarks of the shown line */
function buildList() {
	$("events").textContent = "";
	$("bookmarks").textContent = "";
	items = [];
	if (L.k) {
		var back = el("li", "var back", "\u21a9 back to the main line (Esc)");
		back.tabIndex = 0;
		back.setAttribute("role", "button");
		back.addEventListener("click", function () { leave(); });
		back.addEventListener("keydown", function (x) { if (x.key === "Enter") { x.preventDefault(); leave(); } });
		$("events").appendChild(back);
	}
	varsAt(0).forEach(function (o) { $("events").appendChild(varItem(o)); });
	L.entries.forEach(function (e, i) {
		var li;
		if (e.k === 1) li = el("li", "turn", e.d);
		else if (e.k === 2) li = el("li", "phase", e.d);
		else {
			li = el("li", "event");
			li.appendChild(el("span", "no", e.t ? e.n + "" : "setup"));
			li.appendChild(document.createTextNode(e.d));
			if (e.g) li.appendChild(glyphEl(e));
			if (e.note) { li.appendChild(el("br")); li.appendChild(el("span", "note", "note: " + e.note)); }
		}
		if (L.base && i >= L.at) li.classList.add("inline");
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
		varsAt(i + 1).forEach(function (o) { $("events").appendChild(varItem(o)); });
	});
	if (!$("bookmarks").children.length) $("bookmarks").appendChild(el("li", "none", "none"));
	$("slider").max = N;
}
/* into variation k at position p, and back to the main line where the
 * variation left it (or at p, when p is before that) */
function enter(k, p) {
	if (!LINES[k]) return;
	var old = items[pos - 1];
	if (old) old.classList.remove("sel");
	useLine(k);
	buildList();
	show(p);
}
function leave() {
	if (!L.k) return;
	var p = Math.min(pos, L.at);
	enter(0, p);
}
buildList();
function show(p, keepHash) {
	p = Math.max(0, Math.min(N, p | 0));
	var old = items[pos - 1];
	if (old) old.classList.remove("sel");
	pos = p;
	$("slider").value = p;
	var t = turnAt[p];
	$("status").textContent = (L.k ? "Variation " + L.name + " \u00b7 " : "") + (t ? "Turn " + t : "Setup") +
		" \u00b7 event " + evAt[p] + "/" + evAt[N] + " \u00b7 step " + p + "/" + N;
	$("status").dataset.turn = t;
	$("status").dataset.event = evAt[p];
	$("status").dataset.step = p;
	$("status").dataset.line = L.k;
	var cur = $("current");
	cur.textContent = "";
	var e = L.entries[p - 1];
	if (!e) cur.appendChild(el("div", "", D.start ? "This part of the game starts here: after event " + S0.event +
		(S0.turn ? ", in turn " + S0.turn : ", in setup") + "." : "The start: nothing played yet."));
	else {
		var dv = el("div", "desc", (e.k === 0 ? "Event " + e.n + ": " : "") + (e.pl ? e.pl + ": " : "") + e.d);
		if (e.g) { dv.appendChild(glyphEl(e)); dv.appendChild(document.createTextNode(" (" + e.gn + ")")); }
		cur.appendChild(dv);
		if (e.c) cur.appendChild(el("div", "comment", e.c));
		if (e.note) cur.appendChild(el("div", "note", "note: " + e.note));
		if (e.bm) cur.appendChild(el("div", "bm", "\u2605 bookmark: " + e.bm));
	}
	if (L.k) {
		var vb = el("div", "vars", "In the variation " + L.name + (p > L.at ? "" : " (still on the main line's moves)") + " ");
		var bk = el("button", "", "back to the main line");
		bk.addEventListener("click", function () { leave(); });
		vb.appendChild(bk);
		cur.appendChild(vb);
	}
	varsAt(p).forEach(function (o) {
		var b = el("button", "varbtn", "\u21b3 " + o.name);
		b.title = "step into the variation " + o.name + " (V)";
		b.addEventListener("click", function () { enter(o.k, o.at + 1); });
		cur.appendChild(b);
	});
	/* the board's box with this step's text around it, measured before the
	 * step's board goes in (the board shown before is laid out already) */
	box = null;
	boardBox();
	draw(p);
	place();
	var li = items[p - 1];
	if (li) {
		li.classList.add("sel");
		listShow(li);
	}
	chartCursor();
	if (!keepHash && !D.embed && history.replaceState) {
		var h = "#event=" + evAt[p];
		if (evPos[evAt[p]] !== p) h = "#step=" + p;
		if (L.k) h = "#branch=" + L.k + "&step=" + p;
		try { history.replaceState(null, "", h); } catch (x) { /* a sandboxed frame */ }
	}
	tellHost();
}
/* embedded: the host page hears where the viewer is, and may move it
 * ({sillage: "show", step: N} or {sillage: "event", event: N}, numbers only) */
function tellHost() {
	if (!D.embed || window.parent === window) return;
	try {
		window.parent.postMessage({sillage: "step", step: pos, steps: N, event: evAt[pos], turn: turnAt[pos],
			line: L.k, variation: L.k ? L.name : null}, "*");
	} catch (x) { /* no host to tell */ }
}
window.addEventListener("message", function (m) {
	var d = m.data;
	if (!D.embed || !d || typeof d !== "object") return;
	if (d.sillage === "show" && typeof d.step === "number") show(d.step);
	else if (d.sillage === "event" && typeof d.event === "number" && evPos[d.event] !== undefined) show(evPos[d.event]);
});
function turnPos(dir) {
	var t = turnAt[pos], p;
	if (dir > 0) {
		for (p = pos + 1; p <= N; p++) if (turnAt[p] > t && L.entries[p - 1].k === 1) return p;
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
		timer = setInterval(function () { if (pos >= N) play(false); else show(pos + 1); }, 800 / speed);
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
$("zoomin").onclick = function () { zoom(1.25); };
$("zoomout").onclick = function () { zoom(0.8); };
$("fit").onclick = function () { view.fit = true; place(); };
$("speed").onchange = function () { speed = +this.value || 1; if (timer) play(true); };
$("jump").addEventListener("keydown", function (ev) { if (ev.key === "Enter") jumpTurn(this.value); });
$("slider").addEventListener("input", function () { show(+this.value); });
document.addEventListener("keydown", function (ev) {
	if (ev.target && (ev.target.tagName === "INPUT" && ev.target.type === "number" || ev.target.tagName === "SELECT")) return;
	var k = ev.key, done = true;
	if (k === "ArrowRight") show(pos + 1);
	else if (k === "ArrowLeft") show(pos - 1);
	else if (k === "ArrowDown" || k === "PageDown") show(turnPos(1));
	else if (k === "ArrowUp" || k === "PageUp") show(turnPos(-1));
	else if (k === " ") play();
	else if (k === "Home") show(0);
	else if (k === "End") show(N);
	else if (k === "+" || k === "=") zoom(1.25);
	else if (k === "-") zoom(0.8);
	else if (k === "0") { view.fit = true; place(); }
	else if ((k === "v" || k === "V") && varsAt(pos).length) enter(varsAt(pos)[0].k, pos + 1);
	else if (k === "Escape" && L.k) leave();
	else done = false;
	if (done) ev.preventDefault();
});

/* The event list follows the step inside its own box only: scrolling the
 * item into view would scroll the page too and take the board away. */
function listShow(li) {
	var a = li.offsetParent;   /* the aside (position: relative) */
	if (!a) return;
	var top = li.offsetTop, bot = top + li.offsetHeight;
	if (top < a.scrollTop) a.scrollTop = Math.max(0, top - 8);
	else if (bot > a.scrollTop + a.clientHeight) a.scrollTop = bot - a.clientHeight + 8;
}
/* ---- the chart panel: a metric over the game, one value per step ----
 * window.sillage.chart({name: "...", values: [v0, v1, ... vN], colour: "#..."})
 * (values[p] at step p; null where there is none), or {name, lines: [{values,
 * colour}, ...]} for a line per player, shows a line chart under the board
 * with the current step marked; a click on it goes to that step;
 * chart(null) hides it. The log's own metrics (D.metrics) fill it at once,
 * with a picker. */
var series = null;
var SVGNS = "http://www.w3.org/2000/svg";
function chart(s) {
	var cbox = $("chart");
	var lines = s ? (s.lines || (s.values ? [{values: s.values, colour: s.colour}] : [])) : [];
	lines = lines.filter(function (l) { return l && l.values && l.values.length; });
	series = lines.length ? s : null;
	cbox.textContent = "";
	if (cbox.hidden !== !series) box = null;   /* the board's box changes with the panel */
	cbox.hidden = !series;
	if (!series) { place(); return; }
	var lo = Infinity, hi = -Infinity, i;
	lines.forEach(function (l) {
		for (i = 0; i < l.values.length; i++)
			if (l.values[i] !== null && isFinite(l.values[i])) { lo = Math.min(lo, l.values[i]); hi = Math.max(hi, l.values[i]); }
	});
	if (lo === Infinity) { lo = 0; hi = 1; }
	if (hi === lo) hi = lo + 1;
	var W = 1000, H = 100, svg = document.createElementNS(SVGNS, "svg");
	svg.setAttribute("viewBox", "0 0 " + W + " " + H);
	svg.setAttribute("preserveAspectRatio", "none");
	lines.forEach(function (l) {
		var v = l.values, pts = [];
		for (i = 0; i < v.length; i++) if (v[i] !== null && isFinite(v[i]))
			pts.push((i / Math.max(1, mainN) * W).toFixed(1) + "," + (H - 4 - (v[i] - lo) / (hi - lo) * (H - 8)).toFixed(1));
		var pl = document.createElementNS(SVGNS, "polyline");
		pl.setAttribute("points", pts.join(" "));
		pl.setAttribute("fill", "none");
		pl.setAttribute("stroke", l.colour || "currentColor");
		pl.setAttribute("stroke-width", "2");
		pl.setAttribute("vector-effect", "non-scaling-stroke");
		svg.appendChild(pl);
	});
	var cur = document.createElementNS(SVGNS, "line");
	cur.setAttribute("id", "chart-cursor");
	cur.setAttribute("y1", 0); cur.setAttribute("y2", H);
	cur.setAttribute("stroke", "var(--accent)");
	cur.setAttribute("vector-effect", "non-scaling-stroke");
	svg.appendChild(cur);
	svg.style.cursor = "pointer";
	svg.addEventListener("click", function (e) {   /* to the step under the pointer */
		var r = svg.getBoundingClientRect();
		if (L.k) leave();
		show(Math.max(0, Math.min(N, Math.round((e.clientX - r.left) / Math.max(1, r.width) * N))));
	});
	var t = el("div", "", "");
	t.style.cssText = "font-size:12px;color:var(--muted);height:18px";
	if (series.picker) t.appendChild(series.picker);
	t.appendChild(document.createTextNode(" " + (series.name || "") + "  (" + lo + " \u2026 " + hi + ")"));
	cbox.appendChild(t);
	svg.style.height = "calc(100% - 18px)";
	cbox.appendChild(svg);
	chartCursor();
	place();
}
/* the chart is the main line's: in a variation the cursor stays where it left */
function chartCursor() {
	var c = document.getElementById("chart-cursor");
	var p = L.k ? Math.min(pos, L.at) : pos;
	if (c) { var x = p / Math.max(1, mainN) * 1000; c.setAttribute("x1", x); c.setAttribute("x2", x); }
}
window.sillage = {chart: chart, show: function (p) { show(p); }, step: function () { return pos; }, steps: N,
	entries: D.entries, branches: LINES.length - 1, line: function () { return L.k; },
	enter: function (k, p) { enter(k, p === undefined ? LINES[k].at + 1 : p); }, leave: function () { leave(); }};


function fromHash() {
	var b = /^#branch=(\d+)&step=(\d+)$/.exec(location.hash), m;
	if (b && LINES[+b[1]] && +b[1] > 0) { enter(+b[1], +b[2]); return true; }
	m = /^#(event|step|turn)=(\d+)$/.exec(location.hash);
	if (!m) return false;
	if (L.k) { useLine(0); buildList(); }
	var v = +m[2];
	if (m[1] === "event") show(evPos[v] !== undefined ? evPos[v] : (v > evAt[N] ? N : 0), true);
	else if (m[1] === "turn") { if (turnStart[v] !== undefined) show(turnStart[v], true); }
	else show(v, true);
	return true;
}
window.addEventListener("hashchange", fromHash);
/* the log's own metrics in the chart panel, before the board is drawn (the
 * panel takes room from it) */
if (D.metrics && D.metrics.metrics && D.metrics.metrics.length) {
	var picker = el("select");
	picker.setAttribute("aria-label", "metric");
	D.metrics.metrics.forEach(function (m, i) {
		var o = el("option", "", m.name + (m.unit ? " (" + m.unit + ")" : ""));
		o.value = i;
		picker.appendChild(o);
	});
	var pickMetric = function () {
		var m = D.metrics.metrics[+picker.value];
		/* from the first turn on: setup is no level of the game (a 0 that jumps) */
		var from = firstPlay > 0 ? firstPlay - 1 : 0;
		chart({name: "", picker: picker, lines: m.values.map(function (v, p) {
			return {values: v.map(function (x, i) { return i < from ? null : x; }),
				colour: D.players[p] ? D.players[p].colour : null};
		})});
	};
	picker.addEventListener("change", pickMetric);
	pickMetric();
}
/* no link: the first event of play (the board as set up, and its first move) */
if (!fromHash()) show(firstPlay >= 0 ? firstPlay : (evPos[1] !== undefined ? evPos[1] : 0), true);
})();
