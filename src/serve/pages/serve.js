/* serve.js - what the pages of `sillage serve` share (docs/serve.md): the
 * token of a player's link carried on every request (?t=, as docs/serve.md
 * says), JSON calls to /api/,
 * the live updates (Server-Sent Events), the board as our SVG, and small
 * DOM helpers. Every text from the game reaches the page through
 * textContent, never parsed as HTML. */
"use strict";
(function () {
var q = new URLSearchParams(location.search);
var token = q.get("t") || "";
var SL = window.SL = {token: token};

SL.$ = function (id) { return document.getElementById(id); };
SL.el = function (tag, cls, text) {
	var x = document.createElement(tag);
	if (cls) x.className = cls;
	if (text !== undefined && text !== null) x.textContent = text;
	return x;
};
var SVGNS = SL.SVGNS = "http://www.w3.org/2000/svg";
SL.svg = function (tag, attrs) {
	var x = document.createElementNS(SVGNS, tag), k;
	for (k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) x.setAttribute(k, attrs[k]);
	return x;
};

/* an address under the server with its query (values encoded) and the token */
SL.url = function (path, params) {
	var u = new URLSearchParams(), k;
	for (k in params || {})
		if (params[k] !== undefined && params[k] !== null) u.set(k, params[k]);
	if (token) u.set("t", token);
	var s = u.toString();
	return path + (s ? "?" + s : "");
};
function headers(json) {
	var h = {"Accept": "application/json"};
	if (json) h["Content-Type"] = "application/json";
	return h;
}
/* {status, body}: body the parsed JSON answer, or {error: text} when the
 * answer is not JSON or the server cannot be reached (status 0) */
function answer(r) {
	return r.text().then(function (t) {
		var b;
		try { b = t ? JSON.parse(t) : {}; } catch (e) { b = {error: t || ("HTTP " + r.status)}; }
		return {status: r.status, body: b};
	});
}
function unreachable(e) {
	return {status: 0, body: {error: "the server cannot be reached (" + (e && e.message ? e.message : e) + ")"}};
}
SL.get = function (path, params) {
	return fetch(SL.url(path, params), {headers: headers(false), cache: "no-store"}).then(answer, unreachable);
};
SL.post = function (path, obj) {
	return fetch(SL.url(path), {method: "POST", headers: headers(true), body: JSON.stringify(obj),
		cache: "no-store"}).then(answer, unreachable);
};

/* Live updates: fn(type, data) for every event of /api/events (entry,
 * undo, note, bookmark, sealed); status(on) when the stream opens or
 * drops (the browser reconnects by itself, resuming with Last-Event-ID). */
SL.live = function (fn, status) {
	var es = new EventSource(SL.url("api/events"));
	["entry", "undo", "note", "bookmark", "sealed", "closed"].forEach(function (type) {
		es.addEventListener(type, function (ev) {
			var d = null;
			try { d = JSON.parse(ev.data); } catch (e) { d = null; }
			fn(type, d, ev.lastEventId);
		});
	});
	es.onopen = function () { if (status) status(true); };
	es.onerror = function () { if (status) status(false); };
	return es;
};
/* the live indicator in the header */
SL.liveBadge = function (on) {
	var b = SL.$("live");
	if (!b) return;
	b.textContent = on ? "\u25CF live" : "\u25CB reconnecting\u2026";
	b.className = on ? "live on" : "live off";
	b.dataset.on = on ? "1" : "0";
};

/* The board: <img> of /api/board.svg after entry `at` (the rev, so that the
 * address changes with the game and the browser's cache does the rest).
 * done() once drawn. alone: the board alone on a transparent canvas (the
 * overlay; a game without a board of its own answers 422: done(error)). */
SL.board = function (img, at, done, alone) {
	var src = SL.url("api/board.svg", {at: at, alone: alone ? 1 : null});
	if (img.dataset.src === src) { if (done) done(); return; }
	img.dataset.src = src;
	img.onload = function () {
		if (img.dataset.src !== src) return;
		img.dataset.at = at;
		if (done) done();
	};
	img.onerror = function () { if (done) done(new Error("the board did not load")); };
	img.src = src;
};

/* The header: title and the players with their colours. */
SL.header = function (st) {
	document.title = (st.title || st.game) + " \u2014 " + document.title.replace(/^.* \u2014 /, "");
	SL.$("title").textContent = st.title || st.game;
	var ps = SL.$("players");
	ps.textContent = "";
	(st.players || []).forEach(function (p) {
		var s = SL.el("span", "player"), sw = SL.el("span", "sw");
		sw.style.background = p.colour || "#888";
		s.appendChild(sw);
		s.appendChild(document.createTextNode(p.name || p.id));
		s.title = p.id;
		if (st.side && st.side === p.id) { s.classList.add("me"); s.appendChild(SL.el("span", "you", " (you)")); }
		ps.appendChild(s);
	});
};
SL.colour = function (st, id) {
	var c = "#888";
	(st.players || []).forEach(function (p) { if (p.id === id && p.colour) c = p.colour; });
	return c;
};
SL.playerName = function (st, id) {
	var n = id;
	(st.players || []).forEach(function (p) { if (p.id === id && p.name) n = p.name; });
	return n;
};
/* "Turn 3 · movement" */
SL.where = function (st) {
	if (st.position) return st.position.charAt(0).toUpperCase() + st.position.slice(1);
	var s = st.turn ? "Turn " + st.turn : "Setup";
	if (st.phase && typeof st.phase === "string" && st.turn) s += " \u00b7 " + st.phase;
	else if (st.phase && st.turn) s += " \u00b7 phase " + st.phase;
	return s;
};
/* a line of the log naming a sealed hidden choice in clear (the page
 * sends it to /api/seal, which records only its commitment): xwing's
 * `dial ship=… dial=2FB`, fmp's turn-21 `commit ship=… choice=stay`;
 * a line that already carries its commitment is an ordinary entry */
SL.isSeal = function (line, group) {
	if (group === "seal" || group === "dial") return true;
	var m = /^\s*[A-Za-z0-9_-]+\s*:\s*(dial|commit|seal)\b(.*)$/.exec(line || "");
	return !!m && !/\b(commit|hash)=/.test(m[2]);
};
/* this side's sealed choices in words, from /api/state.sealed: an object
 * (by ship or entry) or a list of {ship|n, dial|choice|line} */
SL.sealedList = function (st) {
	var s = st && st.sealed, out = [];
	if (!s) return out;
	if (Array.isArray(s)) s.forEach(function (x) { out.push(SL.sealedWords(x)); });
	else Object.keys(s).forEach(function (k) { out.push(k + ": " + SL.sealedWords(s[k])); });
	return out;
};
SL.sealedWords = function (x) {
	if (x === null || typeof x !== "object") return String(x);
	if (x.line) return x.line;
	if (x.choice !== undefined) return String(x.choice);
	var parts = [];
	Object.keys(x).forEach(function (k) { if (k !== "salt") parts.push(k + "=" + x[k]); });
	return parts.join(" ");
};
/* {rule, text}: the rule's name at the head of a refusal ("sail 7.2: …") */
SL.rule = function (b) {
	var e = (b && (b.error || b.message)) || "refused";
	var r = b && b.rule;
	if (!r) {
		var m = /^([a-z0-9]+(?: [A-Za-z]+)? ?[0-9A-Za-z.()-]*):\s/.exec(e);
		if (m) r = m[1];
	}
	return {rule: r || "", text: e};
};
})();
