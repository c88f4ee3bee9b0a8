// viewer.test.js - the HTML replay viewer in Debian's headless chromium,
// driven by playwright-core (no browser download): load, step, jump to a
// turn, follow an #event= link, check the shown turn and event, take a
// screenshot; and a log whose texts hold <script> shows them, never runs them.
// SL_HTML_DIR holds sample.html (a sample with turns) and xss.html.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const path = require("node:path");
const { chromium } = require("playwright-core");

const dir = process.env.SL_HTML_DIR;
const shot = process.env.SL_HTML_SHOT || path.join(dir, "viewer.png");
let browser;

test.before(async () => {
	browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
		headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync"],
		// launch() gives chromium a fresh empty profile of its own each time
	});
});
test.after(async () => { if (browser) await browser.close(); });

// A page that records dialogs, errors and any request leaving the file.
async function open(file, hash) {
	const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
	const log = { dialogs: [], errors: [], requests: [] };
	page.on("dialog", async (d) => { log.dialogs.push(d.message()); await d.dismiss(); });
	page.on("pageerror", (e) => log.errors.push(String(e)));
	page.on("console", (m) => { if (m.type() === "error") log.errors.push(m.text()); });
	page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) log.requests.push(r.url()); });
	await page.goto("file://" + path.join(dir, file) + (hash || ""));
	await page.waitForSelector("#board svg");
	return { page, log };
}
const turn = (page) => page.$eval("#status", (e) => +e.dataset.turn);
const event = (page) => page.$eval("#status", (e) => +e.dataset.event);

test("the viewer loads, steps, jumps to a turn and follows links", async () => {
	const { page, log } = await open("sample.html");
	// it opens on the first event of play, not on an empty board
	const first = await page.evaluate(() => window.sillage.entries.findIndex((e) => e.k === 0 && e.t > 0) + 1);
	assert.ok(first > 0);
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.step), first, "opens on the first event played");
	assert.strictEqual(await turn(page), 1);
	await page.keyboard.press("Home");
	assert.strictEqual(await turn(page), 0, "Home: the setup");
	assert.strictEqual(await event(page), 0);
	await page.keyboard.press("ArrowRight");
	assert.strictEqual(await event(page), 1, "Right steps one event");
	await page.click("#nextturn");
	assert.strictEqual(await turn(page), 1, "the next-turn button reaches turn 1");
	await page.fill("#jump", "5");
	await page.click("#go");
	assert.strictEqual(await turn(page), 5, "jump to turn 5");
	assert.match(await page.textContent("#status"), /^Turn 5 /);
	await page.keyboard.press("ArrowDown");
	assert.strictEqual(await turn(page), 6, "Down goes to the next turn");
	await page.keyboard.press("ArrowUp");
	assert.strictEqual(await turn(page), 5, "Up at the start of turn 6 goes back to turn 5");
	await page.keyboard.press("ArrowLeft");
	assert.strictEqual(await turn(page), 4, "Left steps back over the turn marker");
	// the slider and the event list
	await page.$eval("#slider", (s) => { s.value = 20; s.dispatchEvent(new Event("input")); });
	assert.strictEqual(await page.$eval("#status", (e) => e.textContent.includes("step 20/")), true);
	const li = page.locator("#events li.event").nth(30);
	await li.click();
	assert.strictEqual(await event(page), 31, "a click on the 31st event shows it");
	assert.strictEqual(await page.locator("#events li.sel").count(), 1);
	assert.match(page.url(), /#event=31$/, "the address links to the step");
	// the board changes with the position
	const a = await page.innerHTML("#board");
	await page.keyboard.press("End");
	assert.notStrictEqual(await page.innerHTML("#board"), a);
	// bookmarks are listed and clickable
	assert.ok(await page.locator("#bookmarks li.bm").count() >= 1, "bookmarks listed");
	// a link to a step
	await page.goto("file://" + path.join(dir, "sample.html") + "#event=120");
	await page.waitForSelector("#board svg");
	assert.strictEqual(await event(page), 120, "#event=120 opens at event 120");
	await page.screenshot({ path: shot });
	// the board really drew text: each run of glyphs is one path made of the
	// shared symbols' outlines (a moveto to each glyph, then its outline)
	const glyphs = await page.$$eval("#board path", (ps) => ps.filter((x) => {
		const d = x.getAttribute("d") || "";
		return x.getAttribute("style") === "stroke:none;" && /^M[-\d.]+ [-\d.]+m/.test(d) && d.includes("z");
	}).length);
	const symbols = await page.$$eval("#glyphs symbol", (s) => s.length);
	assert.ok(symbols > 20 && glyphs > 50, "text glyphs resolve: " + glyphs + " runs of " + symbols + " symbols");
	assert.deepStrictEqual(log.errors, []);
	assert.deepStrictEqual(log.requests, [], "no network");
	await page.close();
});

// Every control inside a 1280x800 window; zoom, pan, speed; the chart hook.
const window_steps_half = (n) => Math.round(n / 2);

test("the controls fit 1280x800, the board zooms and pans, the chart hook draws a series", async () => {
	const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	await page.goto("file://" + path.join(dir, "sample.html"));
	await page.waitForSelector("#top svg");
	for (const id of ["first", "prevturn", "prev", "play", "next", "nextturn", "last", "speed", "jump", "go",
		"zoomin", "zoomout", "fit", "slider", "status", "board", "current"]) {
		const b = await page.locator("#" + id).boundingBox();
		assert.ok(b && b.x >= 0 && b.y >= 0 && b.x + b.width <= 1280 && b.y + b.height <= 800,
			id + " is inside 1280x800: " + JSON.stringify(b));
	}
	// the whole board is in view at first (fit)
	const board = await page.locator("#board").boundingBox();
	const svg = await page.locator("#top svg").boundingBox();
	assert.ok(svg.width <= board.width + 1 && svg.height <= board.height + 1, "the board fits its box");
	const t0 = await page.$eval("#stage", (e) => e.style.transform);
	await page.click("#zoomin");
	const t1 = await page.$eval("#stage", (e) => e.style.transform);
	assert.notStrictEqual(t1, t0, "+ zooms");
	await page.mouse.move(board.x + 200, board.y + 200);
	await page.mouse.down();
	await page.mouse.move(board.x + 260, board.y + 230);
	await page.mouse.up();
	assert.notStrictEqual(await page.$eval("#stage", (e) => e.style.transform), t1, "a drag pans");
	await page.click("#fit");
	const scale = (t) => /scale\(([^)]*)\)/.exec(t)[1];
	assert.strictEqual(scale(await page.$eval("#stage", (e) => e.style.transform)), scale(t0), "fit comes back");
	// playback speed: 8x plays several steps in a short while
	await page.selectOption("#speed", "8");
	const s0 = await page.$eval("#status", (e) => +e.dataset.step);
	await page.click("#play");
	await page.waitForFunction((s) => +document.getElementById("status").dataset.step >= s + 3, s0);
	await page.click("#play");
	// the chart panel: the log's own metrics at once, a line per player, a picker, a click jumps
	assert.strictEqual(await page.locator("#chart").isVisible(), true);
	assert.strictEqual(await page.$$eval("#chart polyline", (l) => l.length), 2, "a line per player");
	assert.ok((await page.$$eval("#chart select option", (o) => o.length)) > 3, "the metrics to pick from");
	await page.selectOption("#chart select", { index: 1 });
	const box = await page.locator("#chart svg").boundingBox();
	await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
	const half = await page.$eval("#status", (e) => +e.dataset.step);
	assert.ok(Math.abs(half - window_steps_half(await page.evaluate(() => window.sillage.steps))) <= 2, "a click goes to its step: " + half);
	await page.evaluate(() => window.sillage.chart({ name: "test series", values: Array.from({ length: window.sillage.steps + 1 }, (_, i) => i % 7) }));
	assert.strictEqual(await page.locator("#chart").isVisible(), true);
	assert.ok((await page.$eval("#chart polyline", (p) => p.getAttribute("points").split(" ").length)) > 10);
	const c0 = await page.$eval("#chart-cursor", (c) => c.getAttribute("x1"));
	await page.keyboard.press("End");
	assert.notStrictEqual(await page.$eval("#chart-cursor", (c) => c.getAttribute("x1")), c0, "the cursor follows the step");
	assert.deepStrictEqual(errors, []);
	await page.close();
});

// The board at a step is the board `render --event` draws there: step 1,
// a middle step and the end, screenshots of the board beside the renders
// (SL_HTML_DIR/shot-*.png and render-*.png, compared by run.sh with imgdiff).
test("the board at steps 1, middle and end is what render draws", async () => {
	const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	for (const name of ["first", "middle", "end"]) {
		const ev = +require("fs").readFileSync(path.join(dir, "event-" + name + ".txt"), "utf8");
		await page.goto("file://" + path.join(dir, "sample.html") + "#event=" + ev);
		await page.waitForSelector("#top svg");
		assert.strictEqual(await event(page), ev);
		// the board drawn at its natural size, unscaled, for the comparison
		await page.evaluate(() => {
			const s = document.getElementById("stage");
			document.body.appendChild(s);
			s.style.cssText = "position:fixed;left:0;top:0;transform:none;z-index:9";
		});
		await page.locator("#stage").screenshot({ path: path.join(dir, "shot-" + name + ".png") });
	}
	assert.deepStrictEqual(errors, []);
	await page.close();
});

// The board stays in view at a laptop's 800x600 and a phone's 390x844 when
// stepping with the keyboard only: the page does not scroll (the event list
// scrolls inside its own box), and the board's box is on screen.
for (const vp of [{ width: 800, height: 600 }, { width: 390, height: 844 }]) {
	test(`the board stays in view at ${vp.width}x${vp.height}, keyboard only`, async () => {
		const page = await browser.newPage({ viewport: vp });
		await page.goto("file://" + path.join(dir, "sample.html"));
		await page.waitForSelector("#board svg");
		const y0 = await page.evaluate(() => window.scrollY);
		assert.strictEqual(y0, 0, "scrollY on opening");
		for (let k = 0; k < 25; k++) await page.keyboard.press("ArrowRight");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("End");
		const y1 = await page.evaluate(() => window.scrollY);
		assert.strictEqual(y1, 0, "scrollY after stepping");
		const b = await page.$eval("#board", (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: r.height }; });
		assert.ok(b.top >= 0 && b.bottom <= vp.height + 1 && b.h >= 150, `board box ${JSON.stringify(b)} in a ${vp.height} px window`);
		const sel = await page.$eval("#events li.sel", (li) => { const a = li.closest("aside").getBoundingClientRect(), r = li.getBoundingClientRect(); return r.top >= a.top - 1 && r.bottom <= a.bottom + 1; });
		assert.ok(sel, "the current event is shown in the list");
		await page.close();
	});
}

// A page of part of a game (html --from N --to M of an archive, issue 29):
// its first step is the position just after event N, said so; its board
// there is shot for run.sh to set against `render --event N`.
test("a page of part of a game starts at --from", async () => {
	const from = +require("fs").readFileSync(path.join(dir, "part-from.txt"), "utf8");
	const { page, log } = await open("part.html");
	await page.keyboard.press("Home");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.step), 0, "Home: the page's first step");
	assert.strictEqual(await event(page), from, "the first step is the position just after event --from");
	assert.match(await page.textContent("#current"), /This part of the game starts here: after event/);
	await page.keyboard.press("ArrowRight");
	assert.strictEqual(await event(page), from + 1, "Right: the next event");
	await page.keyboard.press("End");
	assert.strictEqual(await event(page), from + 12, "End: the event --to");
	await page.goto("file://" + path.join(dir, "part.html") + "#event=" + (from + 6));
	await page.waitForSelector("#top svg");
	assert.strictEqual(await event(page), from + 6, "a link to an event of the part");
	await page.keyboard.press("Home");
	await page.evaluate(() => {
		const s = document.getElementById("stage");
		document.body.appendChild(s);
		s.style.cssText = "position:fixed;left:0;top:0;transform:none;z-index:9";
	});
	await page.locator("#stage").screenshot({ path: path.join(dir, "shot-part.png") });
	assert.deepStrictEqual(log.errors, []);
	await page.close();
});

// A long game's page lets go of the lines it holds and takes a line seen
// again under a new number (render/html.c, LINES_HELD): the boards are the
// same, step by step, as those of the page that held every line.
test("a page that let go of its lines shows the same boards", async () => {
	const a = await open("sample.html"), b = await open("forgot.html");
	const n = await a.page.evaluate(() => window.sillage.steps);
	assert.strictEqual(await b.page.evaluate(() => window.sillage.steps), n);
	const nl = (page) => page.evaluate(() => JSON.parse(document.getElementById("sl-data").textContent).lines.length);
	assert.ok(await nl(b.page) > await nl(a.page), "the page let go of lines (more ids)");
	for (let p = 0; p <= n; p += Math.max(1, Math.floor(n / 23))) {
		const board = (page) => page.evaluate((q) => { window.sillage.show(q);
			return document.getElementById("ground").innerHTML + document.getElementById("top").innerHTML; }, p);
		assert.strictEqual(await board(b.page), await board(a.page), `the board at step ${p}`);
	}
	assert.deepStrictEqual(b.log.errors, []);
	await a.page.close();
	await b.page.close();
});

// The metric chart begins after setup: no value is drawn for the steps
// before the first turn (setup is not a level of 0 that jumps).
test("the chart begins after setup", async () => {
	const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
	await page.goto("file://" + path.join(dir, "sample.html"));
	await page.waitForSelector("#chart svg polyline");
	const r = await page.evaluate(() => {
		const D = JSON.parse(document.getElementById("sl-data").textContent);
		let first = -1;
		D.entries.forEach((e, i) => { if (first < 0 && e.t > 0) first = i + 1; });
		const xs = [...document.querySelectorAll("#chart polyline")].map((pl) =>
			Math.min(...pl.getAttribute("points").split(" ").filter(Boolean).map((p) => +p.split(",")[0])));
		return { first, n: D.entries.length, minx: Math.min(...xs) };
	});
	assert.ok(r.first > 1, "the sample has setup entries");
	assert.ok(r.minx >= (r.first - 1) / r.n * 1000 - 0.5, `the chart starts at x ${r.minx}, setup ends at step ${r.first}`);
	await page.close();
});

test("text from the log is shown, never run", async () => {
	const { page, log } = await open("xss.html");
	await page.keyboard.press("End");
	await page.waitForTimeout(200);
	const players = await page.textContent("#players");
	assert.ok(players.includes('<script>alert(1)</script> "Le Fier"'), players);
	assert.strictEqual(await page.textContent("#title"), '<b>Bold</b> & "quoted" title');
	const cur = await page.textContent("#current");
	assert.ok(cur.includes('note: <script>alert(1)</script> "quotes" <img src=x onerror=alert(2)>'), cur);
	assert.ok((await page.textContent("#bookmarks")).includes("</script><script>alert(3)</script>"));
	assert.ok((await page.title()).startsWith('<b>Bold</b> & "quoted" title'));
	assert.strictEqual(await page.locator("#players script, #current script, #current img, #events script").count(), 0);
	assert.deepStrictEqual(log.dialogs, [], "no dialog fired");
	assert.deepStrictEqual(log.errors, []);
	await page.close();
});

// Glyphs and variations (issue 28.7): main.sil has '?!' on event 8, whatif.sil
// forks it after event 7 and plays two other moves, the first marked '!'.
test("glyphs show beside their move; a variation is stepped into and back", async () => {
	const { page, log } = await open("branch.html", "#event=8");
	assert.strictEqual(await event(page), 8);
	assert.match(await page.textContent("#current"), /\?! \(dubious move\)/, "the glyph and its name");
	assert.strictEqual(await page.locator("#events li.event .glyph").count(), 1);
	assert.strictEqual(await page.getAttribute("#events li.event .glyph", "title"), "dubious move");
	// the variation is listed under event 7, where it leaves the main line (the
	// main line has no checks, the fork's recorder sealed its turn marker: they
	// part at the turn marker, right after the seventh entry)
	assert.strictEqual(await page.locator("#events li.var").count(), 1);
	assert.match(await page.textContent("#events li.var"), /variation: whatif\.sil \(2 events\)/);
	const mainBoard = await page.innerHTML("#top");
	await page.evaluate(() => window.sillage.show(7));
	assert.strictEqual(await event(page), 7);
	assert.strictEqual(await page.locator("#current .varbtn").count(), 1, "a button at the fork");
	// (cairo numbers its surfaces as it draws: the ids differ, not the drawing)
	const board = async () => (await page.innerHTML("#top")).replace(/surface\d+/g, "surface");
	const atFork = await board();
	await page.keyboard.press("v");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 1, "V steps into the variation");
	assert.match(await page.textContent("#status"), /^Variation whatif\.sil/);
	// its entries follow the shared ones; the board and the words are the branch's
	await page.keyboard.press("End");
	assert.strictEqual(await event(page), 9, "the variation's own two events: 8 and 9");
	assert.match(await page.textContent("#current"), /^Event 9: Royal Navy: Lark reaches NW 1 hex/, "the variation's last event in words");
	assert.match(await page.textContent("#events li.inline .glyph"), /!/);
	assert.notStrictEqual(await page.innerHTML("#top"), mainBoard, "the variation's board differs");
	assert.match(page.url(), /#branch=1&step=\d+$/, "a link into the variation");
	// the shared positions are the main line's boards
	await page.keyboard.press("Home");
	for (let k = 0; k < 7; k++) await page.keyboard.press("ArrowRight");
	assert.strictEqual(await event(page), 7);
	assert.strictEqual(await board(), atFork, "the fork point is the main line's board");
	// back to the main line where the variation left it
	await page.keyboard.press("End");
	await page.keyboard.press("Escape");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 0);
	assert.strictEqual(await event(page), 7, "Esc: back at the fork");
	assert.strictEqual(await page.locator("#events li.inline").count(), 0);
	// a link into the variation opens it; the mouse enters and leaves it too
	await page.goto("file://" + path.join(dir, "branch.html") + "#branch=1&step=10");
	await page.waitForSelector("#board svg");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 1);
	assert.strictEqual(await event(page), 8);
	await page.click("#current button");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 0, "the button goes back");
	await page.click("#events li.var");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 1, "a click on the variation enters it");
	// and the keyboard alone: the list's items for variations take the focus and Enter
	await page.focus("#events li.var.back");
	await page.keyboard.press("Enter");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 0, "Enter on 'back' goes back");
	await page.focus("#events li.var");
	await page.keyboard.press("Enter");
	assert.strictEqual(await page.$eval("#status", (e) => +e.dataset.line), 1, "Enter on the variation enters it");
	assert.deepStrictEqual(log.errors, []);
	assert.deepStrictEqual(log.requests, []);
	await page.close();
});

// The embeddable page inside a club's page, in a sandboxed iframe (scripts
// only: an opaque origin, no same-origin access): it draws, steps with the
// keyboard once clicked, tells the host where it is and obeys the host.
test("the embedded viewer works in a sandboxed iframe", async () => {
	const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
	await page.goto("file://" + path.join(dir, "club.html"));
	const frame = page.frames().find((f) => f.url().includes("embed.html"));
	assert.ok(frame, "the iframe loaded");
	await frame.waitForSelector("#board svg");
	assert.strictEqual(await frame.$eval("#status", (e) => +e.dataset.event), 8, "#event=8 in the iframe's src");
	// the board fills the frame's room without scrolling it or the host
	const b = await frame.$eval("#board", (e) => { const r = e.getBoundingClientRect(); return { w: r.width, h: r.height, top: r.top, bottom: r.bottom }; });
	const vh = await frame.evaluate(() => window.innerHeight);
	assert.ok(b.w > 300 && b.h > 200 && b.top >= 0 && b.bottom <= vh + 1, "the board in the frame: " + JSON.stringify(b));
	assert.strictEqual(await frame.evaluate(() => document.scrollingElement.scrollTop), 0);
	await page.waitForFunction(() => document.getElementById("heard").textContent.includes('"event":8'));
	// keyboard after a click on the board
	await frame.click("#board");
	await page.keyboard.press("ArrowLeft");
	assert.strictEqual(await frame.$eval("#status", (e) => +e.dataset.event), 7);
	await page.waitForFunction(() => document.getElementById("heard").textContent.includes('"event":7'));
	// the host moves it; the address of the host is left alone
	await page.evaluate(() => document.getElementById("game").contentWindow.postMessage({ sillage: "event", event: 3 }, "*"));
	await frame.waitForFunction(() => +document.getElementById("status").dataset.event === 3);
	await page.evaluate(() => document.getElementById("game").contentWindow.postMessage({ sillage: "show", step: "<b>" }, "*"));
	await page.waitForTimeout(100);
	assert.strictEqual(await frame.$eval("#status", (e) => +e.dataset.event), 3, "a message that is not a number is ignored");
	assert.ok(!page.url().includes("#"), "the host's address is untouched");
	// variations work inside the frame too
	await frame.evaluate(() => window.sillage.show(7));
	await frame.click("#current .varbtn");
	await page.waitForFunction(() => document.getElementById("heard").textContent.includes('"line":1'));
	assert.deepStrictEqual(errors, []);
	await page.close();
});

// A small frame (a sidebar widget): the event list gives way to the board.
test("the embedded viewer at 360x300 keeps the board and the controls", async () => {
	const page = await browser.newPage({ viewport: { width: 360, height: 300 } });
	await page.goto("file://" + path.join(dir, "embed.html"));
	await page.waitForSelector("#board svg");
	assert.strictEqual(await page.locator("aside").isVisible(), false, "no event list in a narrow frame");
	for (const id of ["prev", "play", "next", "slider", "board"]) {
		const r = await page.locator("#" + id).boundingBox();
		assert.ok(r && r.x >= 0 && r.y >= 0 && r.x + r.width <= 361 && r.y + r.height <= 301, id + " inside: " + JSON.stringify(r));
	}
	const h = await page.$eval("#board", (e) => e.getBoundingClientRect().height);
	assert.ok(h >= 120, "the board keeps room: " + h);
	await page.keyboard.press("ArrowRight");
	assert.strictEqual(await page.evaluate(() => location.hash), "", "no address rewriting when embedded");
	await page.close();
});
