// serve.test.js - the pages of `sillage serve` in Debian's headless chromium,
// driven by playwright-core: real servers on free loopback ports in a
// temporary folder; a sail turn recorded by clicks only, one action by clicks
// for each other game, refusals that show their rule, a second page (watch)
// that sees each action within a second, a per-side view that hides the other
// side's dials, and `sillage verify` on every journal afterwards.
// SL_BIN: the sillage binary; SL_DATA: tests/serve/data; SL_TMP: a scratch
// folder; SL_SHOTS: where screenshots go.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const path = require("node:path");
const fs = require("node:fs");
const net = require("node:net");
const { spawn, spawnSync } = require("node:child_process");
const { chromium } = require("playwright-core");

const SL = process.env.SL_BIN;
const DATA = process.env.SL_DATA;
const TMP = process.env.SL_TMP;
const SHOTS = process.env.SL_SHOTS || TMP;
const SEEN = 1000;          // ms: a watcher sees each action within a second
const BOUND = 15000;        // ms: a bound on waits that are not the subject of a test
let browser;
const servers = [];

test.before(async () => {
	browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
		headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync"],
	});
});
test.after(async () => {
	if (browser) await browser.close();
	for (const s of servers) await s.stop();
});

function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.on("error", reject);
		srv.listen(0, "127.0.0.1", () => { const p = srv.address().port; srv.close(() => resolve(p)); });
	});
}

// A real `sillage serve` on a free loopback port: resolves once it has
// printed its URLs; {urls: {record, watch, overlay, "record fr": …}, tokens:
// {fr: …}, file, log (its stderr), stop()}.
async function serve(name, args) {
	const file = path.join(TMP, name + ".silb");
	for (let attempt = 0; ; attempt++) {
		const port = await freePort();
		const proc = spawn(SL, ["serve", file, "--port", String(port), ...args], { stdio: ["ignore", "pipe", "pipe"] });
		const s = { proc, file, port, urls: {}, tokens: {}, out: "", log: "", exited: null };
		proc.stderr.on("data", (d) => { s.log += d; });
		const ready = await new Promise((resolve) => {
			const timer = setTimeout(() => resolve(false), BOUND);
			proc.stdout.on("data", (d) => {
				s.out += d;
				for (const l of s.out.split("\n")) {
					const m = /^(record|watch|overlay)(?: ([^:\s]+))?: (http\S+)/.exec(l.trim());
					if (!m) continue;
					s.urls[m[2] ? m[1] + " " + m[2] : m[1]] = m[3];
					const t = /[?&]t=([0-9a-f]+)/.exec(m[3]);
					if (t && m[2]) s.tokens[m[2]] = t[1];
				}
				if (s.urls.watch && s.urls.overlay) { clearTimeout(timer); resolve(true); }
			});
			proc.on("exit", (code) => { s.exited = code; clearTimeout(timer); resolve(false); });
		});
		if (ready) {
			s.stop = () => new Promise((resolve) => {
				if (s.exited !== null) return resolve(s.exited);
				proc.on("exit", (code) => { s.exited = code; resolve(code); });
				proc.kill("SIGTERM");
			});
			servers.push(s);
			return s;
		}
		if (s.exited === 4 && attempt < 3) continue;   // the port was taken meanwhile
		proc.kill("SIGKILL");
		throw new Error("sillage serve did not start: exit " + s.exited + "\n" + s.out + s.log);
	}
}
function verify(s) {
	const r = spawnSync(SL, ["verify", s.file], { encoding: "utf8" });
	return { code: r.status, out: (r.stdout || "") + (r.stderr || "") };
}

// A page that records errors, dialogs and any request leaving the server.
async function open(url, size) {
	const page = await browser.newPage({ viewport: size || { width: 1280, height: 800 } });
	const origin = new URL(url).origin;
	const log = { errors: [], requests: [] };
	page.on("pageerror", (e) => log.errors.push(String(e)));
	page.on("console", (m) => { if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) log.errors.push(m.text()); });
	page.on("request", (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) log.requests.push(r.url()); });
	page.on("dialog", async (d) => { log.errors.push("dialog: " + d.message()); await d.dismiss(); });
	await page.goto(url);
	page.sl = log;
	return page;
}
async function openRecord(url) {
	const page = await open(url);
	await page.waitForFunction(() => window.sillageRecord && window.sillageRecord.targets() &&
		document.querySelector("#boardimg").naturalWidth > 0, null, { timeout: BOUND });
	await settled(page);
	return page;
}
async function openWatch(url) {
	const page = await open(url);
	await page.waitForFunction(() => window.sillageWatch && document.querySelector("#status").dataset.rev !== undefined &&
		document.querySelector("#board").dataset.shown !== undefined, null, { timeout: BOUND });
	return page;
}
const rev = (page) => page.$eval("#where", (e) => +e.dataset.rev);
const state = (page) => page.evaluate(() => window.sillageRecord.state());
const targets = (page) => page.evaluate(() => window.sillageRecord.targets());
const onBoard = (t) => t.x !== null && t.x !== undefined && t.x >= 0;

// The watch page shows revision r (its list, its status and its board).
function watchReaches(watch, r, timeout) {
	return watch.waitForFunction((want) => {
		const s = document.querySelector("#status");
		return +s.dataset.rev >= want && +s.dataset.pos >= want && +document.querySelector("#board").dataset.shown >= want;
	}, r, { timeout: timeout || SEEN });
}

// The record page shows the targets of its state (and of selection want).
function settled(page, want) {
	return page.waitForFunction((w) => {
		const r = window.sillageRecord, st = r.state(), sh = r.shown();
		return st && sh.rev === st.rev && sh.sel === r.sel() && (w === undefined || r.sel() === w);
	}, want, { timeout: BOUND });
}

// One click on the record page: a board target (its circle) when it is on
// the board, else its button; resolves with the answer of the POST it made,
// or null for a selection. The record page has reloaded the state after it.
async function click(page, t) {
	const sel = onBoard(t) ? `#hits g[data-i~="${t.i}"]` : `#actions button[data-i="${t.i}"]`;
	const n = onBoard(t) ? await page.$eval(sel, (g) => +g.dataset.n) : 1;
	if (t.kind === "select") {
		await page.click(sel);
		await settled(page, t.sel);
		return null;
	}
	const before = await rev(page);
	const answer = page.waitForResponse((r) => /\/api\/(act|seal)/.test(r.url()) && r.request().method() === "POST", { timeout: BOUND });
	await page.click(sel);
	if (n > 1) {   // several actions on one spot: the menu names each
		await page.waitForSelector("#menu:not([hidden])");
		await page.click(`#menu button[data-line="${t.line.replace(/["\\]/g, "\\$&")}"]`);
	}
	const r = await answer;
	const body = await r.json();
	if (r.status() === 200) {
		await page.waitForFunction((b) => +document.querySelector("#where").dataset.rev > b, before, { timeout: BOUND });
		await settled(page);
	}
	return { status: r.status(), body, rev: body.rev };
}

// Records the action chosen by pick(targets, state) by clicks; checks that
// the watch page sees it within a second of the server's answer.
async function act(page, watch, t) {
	const a = await click(page, t);
	if (a && a.status === 200 && watch) await watchReaches(watch, a.rev);
	return a;
}

function readSetup(name) { return path.join(DATA, name); }

test("sail: a turn recorded by clicks only, watched live, verified", async () => {
	const s = await serve("sail", ["--from", readSetup("sail-setup.sil"), "--quiet"]);
	const page = await openRecord(s.urls.record);
	const watch = await openWatch(s.urls.watch);
	await page.screenshot({ path: path.join(SHOTS, "record-sail-start.png") });
	const seen = { moves: 0, acts: 0, turns: new Set() };
	const tried = new Set();
	let last = null;
	for (let step = 0; step < 120; step++) {
		const st = await state(page);
		seen.turns.add(st.turn);
		if (st.turn >= 2 && /wind/i.test(st.last && st.last.desc || "")) break;   // turn 2 has its wind: turn 1 is whole
		const tg = await targets(page);
		const ts = tg.targets.map((t, i) => Object.assign({ i }, t));
		const sel = await page.evaluate(() => window.sillageRecord.sel());
		const key = st.rev + "/" + st.phase;
		// a selected ship: one of its moves on the board (the longest one, to sail far)
		let pick = sel && ts.filter((t) => t.kind === "act" && t.sel === sel && onBoard(t) && !/ strike /.test(t.line))
			.sort((a, b) => b.line.length - a.line.length)[0];
		// else a ship not yet tried in this phase
		if (!pick) pick = ts.find((t) => t.kind === "select" && onBoard(t) && t.group !== "strike" && !tried.has(st.phase + ":" + st.turn + ":" + t.sel));
		// else an action of the list (fire, the wind, the next phase)
		if (!pick) pick = ts.find((t) => t.kind === "act" && !onBoard(t) && !/phase|turn|next|strike/i.test(t.group) && !/ strike /.test(t.line)) ||
			ts.find((t) => t.kind === "act" && !onBoard(t) && !/ strike /.test(t.line));
		assert.ok(pick, "something to click at entry " + st.rev + " (" + st.phase + "): " + JSON.stringify(ts.slice(0, 5)));
		if (pick.kind === "select") tried.add(st.phase + ":" + st.turn + ":" + pick.sel);
		const a = await act(page, watch, pick);
		if (a) {
			assert.strictEqual(a.status, 200, "the click on " + pick.line + " was accepted: " + JSON.stringify(a.body));
			seen.acts++;
			if (/move /.test(pick.line)) seen.moves++;
			last = pick;
		}
		void key;
	}
	const st = await state(page);
	assert.ok(st.turn >= 2, "turn 2 reached by clicks: at " + JSON.stringify({ turn: st.turn, phase: st.phase, rev: st.rev }));
	assert.ok(seen.moves >= 4, "every ship moved in turn 1 (" + seen.moves + " moves)");
	assert.match(await page.textContent("#msg"), /Recorded/);
	await page.screenshot({ path: path.join(SHOTS, "record-sail.png") });
	// the watch page steps back through the game like the viewer
	await watch.keyboard.press("Home");
	assert.strictEqual(await watch.$eval("#status", (e) => +e.dataset.pos), 0, "Home: before the first entry");
	await watch.keyboard.press("ArrowRight");
	assert.strictEqual(await watch.$eval("#status", (e) => +e.dataset.pos), 1, "Right steps one entry");
	await watch.click("#nextturn");
	assert.strictEqual(await watch.$eval("#status", (e) => +e.dataset.turn), 1, "next turn reaches turn 1");
	await watch.waitForFunction(() => document.querySelector("#board").dataset.shown === document.querySelector("#status").dataset.pos);
	await watch.screenshot({ path: path.join(SHOTS, "watch-sail-turn1.png") });
	await watch.keyboard.press("End");
	assert.strictEqual(await watch.$eval("#status", (e) => +e.dataset.pos), st.rev, "End: now");
	await watch.goto(s.urls.watch + "#event=3");
	await watch.waitForFunction(() => document.querySelector("#status").dataset.pos === "3");
	assert.strictEqual(await watch.locator("#events li.sel").getAttribute("data-n"), "3", "#event=3 opens at entry 3");
	await watch.keyboard.press("End");
	await watch.screenshot({ path: path.join(SHOTS, "watch-sail.png") });
	assert.deepStrictEqual(page.sl.errors, [], "no script error on the record page");
	assert.deepStrictEqual(watch.sl.errors, [], "no script error on the watch page");
	assert.deepStrictEqual(page.sl.requests.concat(watch.sl.requests), [], "nothing fetched from elsewhere");
	void last;
	await page.close();
	await watch.close();
	assert.strictEqual(await s.stop(), 0, "the server stops cleanly on SIGTERM");
	const v = verify(s);
	assert.strictEqual(v.code, 0, "sillage verify passes: " + v.out);
});
