/* record.js - the record page of `sillage serve`: the board with the legal
 * actions of the moment drawn over it as things to click (GET /api/targets),
 * each click an entry posted to /api/act (or /api/seal for a hidden
 * choice), the rule shown when the server refuses it; undo, notes,
 * bookmarks, a text line in .sil syntax and dice typed or drawn. Updates
 * arrive by Server-Sent Events, so every open record page stays in step. */
"use strict";
(function () {
var $ = SL.$, el = SL.el;
var st = null;          /* the last /api/state */
var tg = null;          /* the last /api/targets */
var sel = "";           /* the selection shown */
var busy = false;       /* an action is on its way */
var seq = 0;            /* refreshes started: an older answer is dropped */
var hist = [], hpos = 0;
var acted = false;
var shown = {rev: -1, sel: ""};   /* the board and targets on screen */      /* an action was just recorded from this page */

/* ---- messages ---- */
function say(kind, head, text, extra) {
	var m = $("msg");
	m.textContent = "";
	m.className = kind;
	m.dataset.kind = kind;
	if (head) m.appendChild(el("strong", "head", head));
	if (text) m.appendChild(el("span", "text", text));
	if (extra) m.appendChild(el("div", "extra", extra));
	m.hidden = false;
}
function refusal(b, what) {
	var r = SL.rule(b);
	say("refused", r.rule ? "Refused by the rules \u2014 " + r.rule : "Refused", r.text, what ? "the entry: " + what : "");
	$("msg").dataset.rule = r.rule;
}

/* ---- the state ---- */
var pending = null, again = false;
/* the state, then the targets and the log; an update that comes while one
 * is on its way is read again after it (never lost, never read twice at once) */
function refresh() {
	if (pending) { again = true; return pending; }
	var my = ++seq;
	pending = SL.get("api/state").then(function (a) {
		if (my !== seq) return;
		if (a.status !== 200) { say("error", "The state could not be read", a.body.error || ("HTTP " + a.status)); return; }
		st = a.body;
		showState();
		return Promise.all([loadTargets(), loadRecent()]);
	}).then(function () { return null; }, function (e) {
		say("error", "The page failed", String(e && e.message || e));
	}).then(function () {
		pending = null;
		if (again) { again = false; return refresh(); }
	});
	return pending;
}
var soon = null;
function refreshSoon() {
	if (soon) return;
	soon = setTimeout(function () { soon = null; refresh(); }, 30);
}
function showState() {
	SL.header(st);
	var w = SL.where(st) + " \u00b7 entry " + st.rev;
	if (st.result) w += " \u00b7 " + (typeof st.result === "string" ? st.result : (st.result.text || st.result.desc || JSON.stringify(st.result)));
	$("where").textContent = w;
	$("where").dataset.rev = st.rev;
	$("where").dataset.turn = st.turn || 0;
	var can = st.can_act || [];
	$("side").textContent = st.side ? "acting for " + SL.playerName(st, st.side) : (can.length > 1 ? "host: acts for every side" : "");
	$("help").textContent = st.help ? "help: " + st.help : "";
	$("last").textContent = "";
	if (st.last && st.last.n) {
		$("last").appendChild(el("span", "no", "#" + st.last.n + " "));
		$("last").appendChild(document.createTextNode(st.last.desc || ""));
	} else $("last").textContent = "Nothing recorded yet.";
	$("undo").disabled = !st.rev || st.closed;
	$("close").hidden = !st.host;
	$("close").disabled = !!st.closed;
	if (st.closed) $("help").textContent = "closed: the dice seed is revealed; nothing more is recorded";
	var sealed = SL.sealedList(st);
	$("sealed").textContent = "";
	sealed.forEach(function (x) { $("sealed").appendChild(el("li", "", x)); });
	$("sealedbox").hidden = !sealed.length;
	$("watchlink").href = SL.url("watch");
}

/* ---- the targets ---- */
function loadTargets() {
	var want = sel, rev = st.rev;
	return SL.get("api/targets", {sel: want || undefined}).then(function (a) {
		if (rev !== st.rev || want !== sel) return;
		if (a.status !== 200) {
			if (want) { sel = ""; return loadTargets(); }   /* the selected piece is gone */
			tg = {rev: rev, width: 0, height: 0, targets: []};
			say("error", "The actions could not be read", a.body.error || ("HTTP " + a.status));
		} else tg = a.body;
		/* after an action, a selection with nothing more to do on the board
		 * (the ship has moved) is dropped */
		var after = acted;
		acted = false;
		if (want && after && !tg.targets.some(function (t) { return t.kind === "act" && t.sel === want && onBoard(t); })) {
			sel = "";
			return loadTargets();
		}
		return new Promise(function (done) {
			SL.board($("boardimg"), tg.rev, function () {
				drawTargets();
				place();
				shown = {rev: tg.rev, sel: want};
				document.body.dataset.shown = tg.rev + "/" + want;
				done();
			});
		});
	});
}
function onBoard(t) { return t.x !== null && t.x !== undefined && t.x >= 0; }
function isAttack(t) { return !!t.odds; }
/* the few characters drawn on a target: an attack's chance, a move's cost */
function short(t) {
	if (isAttack(t)) { var m = /(\d+(?:\.\d+)?)\s*%/.exec(t.odds); return m ? m[1] + "%" : "!"; }
	var c = /^\s*(\d+)/.exec(t.cost || "");
	return c ? c[1] : "";
}
function describe(t) {
	var s = t.label || t.line || t.sel;
	if (t.cost) s += " \u2014 " + t.cost;
	if (t.odds) s += " \u2014 " + t.odds;
	return s;
}
function drawTargets() {
	var svg = $("hits"), list = $("actions");
	var W = tg.width || $("boardimg").naturalWidth || 800, H = tg.height || $("boardimg").naturalHeight || 600;
	svg.setAttribute("viewBox", "0 0 " + W + " " + H);
	svg.setAttribute("width", W);
	svg.setAttribute("height", H);
	$("boardimg").width = W;
	$("boardimg").height = H;
	svg.textContent = "";
	list.textContent = "";
	/* on the board: one spot per place (several actions may end there) */
	var spots = {}, order = [];
	tg.targets.forEach(function (t, i) {
		t.i = i;
		if (!onBoard(t)) return;
		var k = t.kind + "@" + Math.round(t.x) + "," + Math.round(t.y);
		if (!spots[k]) { spots[k] = {x: t.x, y: t.y, r: t.r || 12, kind: t.kind, ts: []}; order.push(k); }
		spots[k].ts.push(t);
		spots[k].r = Math.max(spots[k].r, t.r || 12);
	});
	var labels = [];
	/* the piece selected, when the answer names it no more */
	if (sel && selT && selT.sel === sel && onBoard(selT) && !tg.targets.some(function (t) { return t.kind === "select" && t.sel === sel; }))
		svg.appendChild(SL.svg("circle", {"class": "selring", cx: selT.x, cy: selT.y, r: selT.r || 16}));
	/* pieces under the moves, so that a move onto a piece's hex stays reachable */
	order.sort(function (a, b) { return (spots[a].kind === "select" ? 0 : 1) - (spots[b].kind === "select" ? 0 : 1); });
	order.forEach(function (k) {
		var s = spots[k], t0 = s.ts[0], g, c, cls, lab;
		var attack = s.ts.some(isAttack);
		cls = "t " + s.kind + (attack ? " attack" : "");
		if (s.kind === "select" && t0.sel === sel) cls += " selected";
		g = SL.svg("g", {"class": cls, tabindex: 0, role: "button", "data-kind": s.kind,
			"data-sel": t0.sel || "", "data-n": s.ts.length, "data-i": s.ts.map(function (t) { return t.i; }).join(" "),
			"data-line": s.kind === "act" && s.ts.length === 1 ? t0.line : "",
			"aria-label": s.ts.length === 1 ? describe(t0) : describe(t0) + " (and " + (s.ts.length - 1) + " more here)"});
		var title = SL.svg("title", {});
		title.textContent = s.ts.map(describe).join("\n");
		g.appendChild(title);
		c = SL.svg("circle", {cx: s.x, cy: s.y, r: s.r});
		if (s.kind === "select") c.style.stroke = SL.colour(st, t0.player);
		g.appendChild(c);
		if (s.kind === "act") {
			lab = s.ts.length > 1 ? s.ts.length + "\u00d7" : short(t0);
			/* one label for neighbours that say the same (the headings of one hex) */
			if (lab && !labels.some(function (q) { return q.lab === lab && Math.abs(q.x - s.x) + Math.abs(q.y - s.y) < 4 * s.r; })) {
				labels.push({x: s.x, y: s.y, lab: lab});
				var small = s.r < 30, tx = SL.svg("text", small ?
					{x: s.x, y: s.y + s.r * 0.42, "text-anchor": "middle", "class": "in", "font-size": Math.max(9, s.r * 1.25)} :
					{x: s.x, y: s.y + s.r + 11, "text-anchor": "middle"});
				tx.textContent = lab;
				g.appendChild(tx);
			}
		}
		g.addEventListener("click", function (ev) { ev.stopPropagation(); spot(s, ev); });
		g.addEventListener("keydown", function (ev) {
			if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); spot(s, null, g); }
		});
		svg.appendChild(g);
	});
	/* the list: every action (board ones too, for the keyboard), by group */
	var groups = {}, gorder = [];
	tg.targets.forEach(function (t) {
		var name = t.kind === "select" ? "pieces" : (t.group || "actions");
		if (t.kind === "select" && onBoard(t) && sel) return;   /* pieces: on the board while one is selected */
		if (!groups[name]) { groups[name] = []; gorder.push(name); }
		groups[name].push(t);
	});
	/* nothing selected: what only the list offers first (the next phase,
	 * the wind), then what the board shows too; a piece selected: its
	 * actions on the board first (a strike after its moves); the pieces last */
	var rank = function (name) {
		if (name === "pieces") return 2;
		var off = groups[name].every(function (t) { return !onBoard(t); });
		return sel ? (off ? 1 : 0) : (off ? 0 : 1);
	};
	gorder.sort(function (a, b) { return rank(a) - rank(b); });   /* a stable sort */
	gorder.forEach(function (name) {
		var box = el("div", "group"), ul = el("div", "buttons");
		box.dataset.group = name;
		box.appendChild(el("h3", "", name));
		groups[name].forEach(function (t) {
			var b = el("button", "target " + t.kind + (isAttack(t) ? " attack" : ""));
			b.type = "button";
			b.dataset.kind = t.kind;
			b.dataset.i = t.i;
			b.dataset.sel = t.sel || "";
			b.dataset.line = t.kind === "act" ? t.line : "";
			if (t.kind === "select" && t.sel === sel) b.classList.add("selected");
			b.appendChild(el("span", "label", t.label || t.line || t.sel));
			if (t.cost) b.appendChild(el("span", "cost", t.cost));
			if (t.odds) b.appendChild(el("span", "odds", t.odds));
			b.title = t.kind === "act" ? t.line : "select " + t.sel;
			b.addEventListener("click", function () { use(t); });
			ul.appendChild(b);
		});
		box.appendChild(ul);
		list.appendChild(box);
	});
	if (!tg.targets.length)
		list.appendChild(el("div", "hint", st && st.result ? "The game is over: only notes and bookmarks now." :
			st && st.side ? "Nothing for " + SL.playerName(st, st.side) + " to click now: another side is to play, or the entry is typed below. The board follows the game live." :
			"Nothing to click here: type the entry below (the help line says what is expected)."));
	showSel();
}
function showSel() {
	var box = $("selected"), t = null;
	if (sel) tg.targets.forEach(function (x) { if (!t && x.kind === "select" && x.sel === sel) t = x; });
	if (!t && selT && selT.sel === sel) t = selT;
	box.textContent = sel ? (t ? t.label || sel : sel) : "nothing: click a piece on the board";
	box.dataset.sel = sel;
	var n = tg.targets.filter(function (x) { return x.kind === "act" && (x.sel === sel || !sel); }).length;
	if (sel) box.appendChild(el("div", "hint", n ? n + " action" + (n > 1 ? "s" : "") + " lit on the board and listed below" : "no action for it now"));
	$("clearsel").disabled = !sel;
}
var selT = null;   /* the select target clicked */
function select(s, t) {
	sel = s === sel ? "" : (s || "");
	selT = sel && t ? t : (sel ? selT : null);
	hideMenu();
	return loadTargets().then(function () {
		var first = document.querySelector("#hits g.act");
		if (first && keyboardUsed) first.focus();
	});
}

/* a spot on the board: one action or piece at once, several through a menu */
function spot(s, ev, g) {
	if (s.ts.length === 1) return use(s.ts[0]);
	var m = $("menu"), board = $("board").getBoundingClientRect();
	m.textContent = "";
	m.appendChild(el("div", "menuhead", s.kind === "act" ? "Which one?" : "Which piece?"));
	s.ts.forEach(function (t) {
		var b = el("button", "target " + t.kind, describe(t));
		b.type = "button";
		b.setAttribute("role", "menuitem");
		b.dataset.line = t.kind === "act" ? t.line : "";
		b.dataset.sel = t.sel || "";
		b.addEventListener("click", function () { hideMenu(); use(t); });
		m.appendChild(b);
	});
	var r = ev ? {x: ev.clientX, y: ev.clientY} : (function () { var q = g.getBoundingClientRect(); return {x: q.right, y: q.top}; })();
	m.hidden = false;
	m.style.left = Math.max(0, Math.min(board.width - m.offsetWidth - 4, r.x - board.left + 8)) + "px";
	m.style.top = Math.max(0, Math.min(board.height - m.offsetHeight - 4, r.y - board.top + 8)) + "px";
	m.querySelector("button").focus();
}
function hideMenu() { $("menu").hidden = true; }

function use(t) {
	if (t.kind === "select") return select(t.sel, t);
	var line = t.line;
	if ($("tabledice").checked && !/\bdice=/.test(line)) {
		var d = $("dice").value.trim();
		if (!d) {
			$("line").value = line + " dice=";
			$("line").focus();
			say("info", "Table dice", "type what was rolled after dice= (or remove dice= if this action rolls none), then Enter");
			return;
		}
		line += " dice=" + d;
	}
	return send(line, SL.isSeal(line, t.group), false);
}

/* ---- actions ---- */
function send(line, seal, typed) {
	if (busy || !st) return Promise.resolve();
	busy = true;
	document.body.classList.add("busy");
	return SL.post(seal ? "api/seal" : "api/act", {rev: st.rev, line: line}).then(function (a) {
		busy = false;
		document.body.classList.remove("busy");
		var b = a.body;
		if (a.status === 200 && b.ok !== false) {
			var extra = b.dice ? "dice: " + b.dice : "";
			say("ok", seal ? "Sealed" : "Recorded", b.desc || line, extra);
			if (typed) { $("line").value = ""; $("dice").value = ""; }
			else if ($("tabledice").checked) $("dice").value = "";
			if (typed) { hist.push(line); hpos = hist.length; }
			acted = true;
			return refresh();
		}
		if (a.status === 409) {
			say("info", "The game had moved on", "another page recorded first (now at entry " + (b.rev !== undefined ? b.rev : "?") + "): the board is reloaded, look again and choose");
			return refresh();
		}
		if (a.status === 422) {
			refusal(b, line);
			if (typed && b.column) { var i = $("line"); i.focus(); i.setSelectionRange(b.column - 1, b.column - 1); }
			return;
		}
		if (a.status === 403) { say("refused", "Not yours to play", b.error || "this link may not act for that side"); return; }
		say("error", "HTTP " + (a.status || "error"), b.error || "");
	});
}
function simple(path, body, done) {
	if (busy || !st) return;
	busy = true;
	body.rev = st.rev;
	SL.post(path, body).then(function (a) {
		busy = false;
		if (a.status === 200 && a.body.ok !== false) { say("ok", done, a.body.desc || ""); $("notetext").value = ""; return refresh(); }
		if (a.status === 409) { say("info", "The game had moved on", "reloaded: try again"); return refresh(); }
		refusal(a.body, "");
	});
}
$("undo").onclick = function () { simple("api/undo", {}, "Undone"); };
/* close asks twice (a second click within 5 s): it cannot be undone */
var closeTimer = null;
$("close").onclick = function () {
	var b = $("close");
	if (!b.dataset.armed) {
		b.dataset.armed = "1";
		b.textContent = "really close?";
		say("info", "Close the log?", "the dice seed is revealed and nothing more can be recorded: click again to close");
		closeTimer = setTimeout(function () { delete b.dataset.armed; b.textContent = "close"; }, 5000);
		return;
	}
	clearTimeout(closeTimer);
	delete b.dataset.armed;
	b.textContent = "close";
	simple("api/close", {}, "Closed: the dice seed is revealed");
};
$("note").onclick = function () {
	var v = $("notetext").value.trim();
	if (!v) { say("info", "A note", "type its text in the box first"); $("notetext").focus(); return; }
	simple("api/note", {text: v}, "Note added");
};
$("bookmark").onclick = function () {
	var v = $("notetext").value.trim();
	if (!v) { say("info", "A bookmark", "type its name in the box first"); $("notetext").focus(); return; }
	simple("api/bookmark", {name: v}, "Bookmarked");
};
$("clearsel").onclick = function () { select(""); };
$("lineform").addEventListener("submit", function (ev) {
	ev.preventDefault();
	var v = $("line").value.trim();
	if (!v) return;
	if (/^@note\s+/.test(v)) return simple("api/note", {text: v.replace(/^@note\s+/, "")}, "Note added");
	if (v === "undo") return simple("api/undo", {}, "Undone");
	send(v, SL.isSeal(v), true);
});
$("line").addEventListener("keydown", function (ev) {
	if (ev.key === "ArrowUp" && hpos > 0) { ev.preventDefault(); this.value = hist[--hpos]; }
	else if (ev.key === "ArrowDown" && hpos < hist.length) { ev.preventDefault(); hpos++; this.value = hpos < hist.length ? hist[hpos] : ""; }
});
$("tabledice").onchange = function () {
	$("diceentry").hidden = !this.checked;
	$("dicehint").textContent = this.checked ? "the dice typed here go with the next action (dice=\u2026)" :
		"dice left out are drawn by the server's fair roller";
	if (this.checked) $("dice").focus();
};

/* ---- zoom and pan (as the HTML viewer's) ---- */
var view = {z: 1, x: 0, y: 0, fit: true};
function place() {
	var b = $("board"), W = +$("hits").getAttribute("width") || 1, H = +$("hits").getAttribute("height") || 1;
	if (view.fit) {
		view.z = Math.min(b.clientWidth / W, b.clientHeight / H);
		view.x = (b.clientWidth - W * view.z) / 2;
		view.y = (b.clientHeight - H * view.z) / 2;
	}
	$("stage").style.width = W + "px";
	$("stage").style.height = H + "px";
	$("stage").style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.z + ")";
	$("hits").style.setProperty("--z", view.z);
}
function zoom(f, cx, cy) {
	var b = $("board");
	if (cx === undefined) { cx = b.clientWidth / 2; cy = b.clientHeight / 2; }
	view.fit = false;
	view.x = cx - (cx - view.x) * f;
	view.y = cy - (cy - view.y) * f;
	view.z *= f;
	place();
}
$("zoomin").onclick = function () { zoom(1.25); };
$("zoomout").onclick = function () { zoom(0.8); };
$("fit").onclick = function () { view.fit = true; place(); };
$("board").addEventListener("wheel", function (ev) {
	var r = this.getBoundingClientRect();
	ev.preventDefault();
	zoom(ev.deltaY < 0 ? 1.2 : 1 / 1.2, ev.clientX - r.left, ev.clientY - r.top);
}, {passive: false});
(function () {
	var drag = null, b = $("board");
	b.addEventListener("pointerdown", function (ev) {
		if (ev.target.closest && (ev.target.closest("g.t") || ev.target.closest("#menu") || ev.target.closest("#zoombar"))) return;
		drag = {x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y, moved: false};
	});
	b.addEventListener("pointermove", function (ev) {
		if (!drag) return;
		if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 5) return;
		drag.moved = true;
		b.classList.add("drag");
		view.fit = false;
		view.x = drag.vx + ev.clientX - drag.x;
		view.y = drag.vy + ev.clientY - drag.y;
		place();
	});
	b.addEventListener("pointerup", function () {
		if (drag && !drag.moved) { hideMenu(); if (sel) select(""); }
		drag = null;
		b.classList.remove("drag");
	});
	b.addEventListener("pointercancel", function () { drag = null; b.classList.remove("drag"); });
})();
window.addEventListener("resize", place);

/* ---- keys ---- */
var keyboardUsed = false;
document.addEventListener("keydown", function (ev) {
	if (ev.key === "Tab") keyboardUsed = true;
	if (ev.key === "Escape") { if (!$("menu").hidden) hideMenu(); else if (sel) select(""); return; }
	var tag = ev.target && ev.target.tagName;
	if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
	if (ev.key === "+" || ev.key === "=") zoom(1.25);
	else if (ev.key === "-") zoom(0.8);
	else if (ev.key === "0") { view.fit = true; place(); }
	else return;
	ev.preventDefault();
});

/* ---- the log: the last few entries ---- */
function loadRecent() {
	var rev = st.rev, from = Math.max(0, rev - 12);
	return SL.get("api/log", {from: from}).then(function (a) {
		if (a.status !== 200 || rev !== st.rev) return;
		var ol = $("recent");
		ol.textContent = "";
		a.body.entries.slice().reverse().forEach(function (e) {
			var li = el("li", "entry");
			li.dataset.n = e.n;
			li.appendChild(el("span", "no", e.n + ""));
			if (e.player) { var sw = el("span", "sw"); sw.style.background = SL.colour(st, e.player); li.appendChild(sw); }
			li.appendChild(document.createTextNode(e.desc || e.line));
			if (e.note) li.appendChild(el("div", "note", "note: " + e.note));
			if (e.bookmark) li.appendChild(el("div", "bm", "\u2605 " + e.bookmark));
			ol.appendChild(li);
		});
	});
}

SL.live(function () { refreshSoon(); }, function (on) { SL.liveBadge(on); if (on) refreshSoon(); });
$("msg").hidden = true;
refresh();
window.sillageRecord = {state: function () { return st; }, targets: function () { return tg; }, sel: function () { return sel; }, shown: function () { return shown; },
	refresh: refresh};
})();
