// Unit tests of the shared shell and the action codec: node --test js/tests/ (no
// npm, no network). With NBGAMES_JS_FIXTURES set (tests/test_js.py does it), the
// codec is also checked against every title's real layout and Python's labels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, fixtureTest, flush, installDom } from "./fakedom.mjs";
import {
  actionLabel, controlState, createWidget, decodeAction, encodeAction, expandRuns, h, hintGroupOf,
  andList, followHint, hintOrderText, hintProgress, hintRows, hintState, hintTable, hintedIds, makeContext, nameSpan, ordinal,
  paintHints, parseSeed, pct, plural, possessive,
  reviewAt, reviewCounts, reviewHints, reviewMarks, reviewState, seatLabel, seatsTable, signed, solveView, valueText,
} from "../shared.js";

const SEATS = [
  { seat: 0, kind: "human", name: "human" },
  { seat: 1, kind: "policy", name: "greedy" },
];

// A small layout in the form of game.action_space.to_json(): ids 0..3 "wait",
// "push 0".."push 2" and "pull 0".."pull 2" ... (see nbgames/core/action_space.py).
const SPACE = {
  size: 10,
  kinds: [
    { kind: "pass", base: 0, count: 1, label: "pass", fields: [] },
    { kind: "push", base: 1, count: 3, label: "push {n}", fields: [{ name: "n", lo: 0, size: 3 }] },
    { kind: "move", base: 4, count: 6, label: "move {dir} by {d:+d}",
      fields: [{ name: "dir", lo: 0, size: 2, names: ["left", "right"] }, { name: "d", lo: -1, size: 3 }] },
  ],
};

function baseState(extra = {}) {
  return {
    title: "demo", name: "Demo Game", players: 2, viewer: 0, viewers: [0, null],
    view: { title: "demo", players: 2, seat: 0, current_player: 0, step: 3, counter: 7 },
    action_space: SPACE, legal: [4, 2], log_lines: ["one", "two"], scores: [1, 2], winners: [],
    seat_info: SEATS, to_move: 0, status: "Your move (player 0).", step_index: 3, history_start: 0,
    history_len: 5, error: "", speed: 2, playing: false, catalog: {}, ...extra,
  };
}

const demoBoard = {
  render(ctx) {
    return h("div", { class: "nbg-board", role: "toolbar" },
      h("span", { class: "counter" }, String(ctx.view.counter)),
      ctx.legal.map((a) => h("button", { class: "nbg-legal", "data-key": `a${a.id}`, "data-aid": a.id,
        "aria-label": ctx.label(a.id), onclick: () => ctx.act(a.id) }, ctx.label(a.id))));
  },
};

function mount(state, board = demoBoard) {
  const doc = installDom();
  const model = new FakeModel(state);
  const el = doc.createElement("div");
  const cleanup = createWidget(board).render({ model, el });
  return { doc, model, el, cleanup };
}

test("h() sets classes, attributes, styles, handlers and children", () => {
  installDom();
  let clicked = 0;
  const el = h("button", { class: ["a", null, "b"], "aria-label": "go", disabled: false, hidden: null,
    style: { "--x": "1" }, onclick: () => { clicked += 1; } }, "Go ", 3, null, [h("i", null, "!")]);
  assert.equal(el.className, "a b");
  assert.equal(el.getAttribute("aria-label"), "go");
  assert.equal(el.hasAttribute("disabled"), false);
  assert.equal(el.style.getPropertyValue("--x"), "1");
  assert.equal(el.textContent, "Go 3!");
  el.click();
  assert.equal(clicked, 1);
});

test("small helpers", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal),
    ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  assert.equal(seatLabel(SEATS, 0, 0), "You");
  assert.equal(seatLabel(SEATS, 0, 1), "P1 greedy");
  assert.equal(seatLabel(SEATS, null, 0), "P0");
  assert.equal(seatLabel(SEATS, 1, 1), "P1 greedy", "a viewed policy seat is not 'You'");
  assert.equal(parseSeed(""), null);
  assert.equal(parseSeed(" 42 "), 42);
  assert.equal(parseSeed("-1"), undefined);
  assert.equal(parseSeed("1e3"), undefined);
  assert.equal(parseSeed("abc"), undefined);
});

test("the codec: ids decode into kind and fields, encode back, and get the template's label", () => {
  assert.deepEqual(decodeAction(SPACE, 0), { id: 0, kind: "pass" });
  assert.deepEqual(decodeAction(SPACE, 3), { id: 3, kind: "push", n: 2 });
  // first field most significant: move = 4 + dir * 3 + (d + 1)
  assert.deepEqual(decodeAction(SPACE, 8), { id: 8, kind: "move", dir: 1, d: 0 });
  assert.deepEqual(decodeAction(SPACE, 4), { id: 4, kind: "move", dir: 0, d: -1 });
  assert.equal(decodeAction(SPACE, 10), null);
  assert.equal(decodeAction(SPACE, -1), null);
  for (let id = 0; id < SPACE.size; id += 1) {
    const a = decodeAction(SPACE, id);
    assert.equal(encodeAction(SPACE, a.kind, a), id);
  }
  assert.equal(encodeAction(SPACE, "move", { dir: 1, d: 2 }), undefined, "out of range");
  assert.equal(encodeAction(SPACE, "move", { dir: 1 }), undefined, "a field missing");
  assert.equal(encodeAction(SPACE, "jump", {}), undefined, "an unknown kind");
  assert.equal(actionLabel(SPACE, 0), "pass");
  assert.equal(actionLabel(SPACE, 2), "push 1");
  assert.equal(actionLabel(SPACE, 4), "move left by -1");
  assert.equal(actionLabel(SPACE, 9), "move right by +1");
  assert.equal(actionLabel(SPACE, 99), "");
});

test("makeContext decodes the legal ids; find/legalOf look them up by fields; act() sends one message", () => {
  const sent = [];
  const ctx = makeContext(baseState({ legal: [2, 2, 3, 2] }), (m) => sent.push(m), {});
  assert.deepEqual(ctx.legal.map((a) => a.id), [2, 3, 7, 8]);
  assert.deepEqual(ctx.legal[2], { id: 7, kind: "move", dir: 1, d: -1 });
  assert.equal(ctx.find("push", { n: 1 }), 2);
  assert.equal(ctx.find("push", { n: 0 }), undefined, "not legal");
  assert.equal(ctx.find("move", { dir: 1, d: 0 }), 8);
  assert.equal(ctx.find("move", { dir: 0, d: 0 }), undefined);
  assert.equal(ctx.find("nope", {}), undefined);
  assert.deepEqual(ctx.legalOf("move").map((a) => a.id), [7, 8]);
  assert.deepEqual(ctx.legalOf("pass"), []);
  assert.equal(ctx.label(8), "move right by +0");
  ctx.act(8);
  assert.deepEqual(sent, [{ type: "action", id: 8 }]);
  assert.equal(ctx.seatLabel(1), "P1 greedy");
});

test("ctx.ui is the view's own object, kept across renders and separate for each view", async () => {
  const seen = [];
  const board = { render(ctx) { ctx.ui.n = (ctx.ui.n || 0) + 1; seen.push(ctx.ui); return h("div", null, String(ctx.ui.n)); } };
  const doc = installDom();
  const model = new FakeModel(baseState());
  const a = doc.createElement("div");
  const b = doc.createElement("div");
  createWidget(board).render({ model, el: a });
  createWidget(board).render({ model, el: b });
  model.set({ step_index: 4 });
  await flush();
  assert.equal(a.querySelector(".nbg-board-box").textContent, "2");
  assert.equal(b.querySelector(".nbg-board-box").textContent, "2");
  assert.notEqual(seen[0], seen[1], "two views, two ui objects");
});

test("controlState enables step/play only for a policy to move, and history buttons by position", () => {
  let c = controlState(baseState());
  assert.equal(c.canStep, false);
  assert.equal(c.canPlay, false);
  assert.equal(c.canUndo, true);
  assert.equal(c.canForward, true);
  assert.equal(c.stepText, "step 3 / 5");
  c = controlState(baseState({ to_move: 1, step_index: 5 }));
  assert.equal(c.canStep, true);
  assert.equal(c.canPlay, true);
  assert.equal(c.canForward, false);
  c = controlState(baseState({ to_move: 1, playing: true }));
  assert.equal(c.canStep, false);
  assert.equal(c.playLabel, "Pause");
  c = controlState(baseState({ to_move: null, step_index: 0 }));
  assert.equal(c.canPlay, false);
  assert.equal(c.canUndo, false);
});

test("the shell draws header, board, seats, log and controls from the model", () => {
  const { el } = mount(baseState());
  assert.match(el.querySelector(".nbg-title").textContent, /Demo Game/);
  assert.match(el.querySelector(".nbg-status").textContent, /Your move/);
  assert.equal(el.querySelector(".counter").textContent, "7");
  assert.equal(el.querySelectorAll(".nbg-log li").length, 2);
  assert.equal(el.querySelectorAll(".nbg-seat-table tbody tr").length, 2);
  assert.equal(el.querySelector(".nbg-steptext").textContent, "step 3 / 5");
  assert.equal(el.querySelector(".nbg-error").hidden, true);
  for (const b of el.querySelectorAll("button")) assert.ok(b.getAttribute("aria-label"), "every button has an aria-label");
  const viewer = el.querySelector(".nbg-viewer");
  assert.deepEqual(viewer.children.map((o) => o.textContent), ["player 0", "spectator"]);
});

test("clicks become messages; nothing changes locally until Python syncs", async () => {
  const { el, model } = mount(baseState());
  el.querySelector('[data-key="a5"]').click();
  assert.deepEqual(model.sent, [{ type: "action", id: 5 }]);
  assert.equal(el.querySelector(".counter").textContent, "7");
  model.set({ view: { ...model.get("view"), counter: 8 }, step_index: 4, legal: [] });
  await flush();
  assert.equal(el.querySelector(".counter").textContent, "8");
  assert.equal(el.querySelectorAll(".nbg-legal").length, 0);
});

test("controls send their messages", () => {
  const { el, model } = mount(baseState({ to_move: 1 }));
  el.querySelector('[data-key="ctl-step"]').click();
  el.querySelector('[data-key="ctl-play"]').click();
  el.querySelector('[data-key="ctl-undo"]').click();
  el.querySelector('[data-key="ctl-back"]').click();
  el.querySelector('[data-key="ctl-fwd"]').click();
  const scrub = el.querySelector(".nbg-scrub");
  scrub.value = "1";
  scrub.dispatchEvent({ type: "change", target: scrub });
  const viewer = el.querySelector(".nbg-viewer");
  viewer.value = "";
  viewer.dispatchEvent({ type: "change", target: viewer });
  const speed = el.querySelector(".nbg-speed");
  speed.value = "8";
  speed.dispatchEvent({ type: "change", target: speed });
  assert.deepEqual(model.sent, [
    { type: "step" }, { type: "play" }, { type: "undo" }, { type: "goto", step: 2 }, { type: "goto", step: 4 },
    { type: "goto", step: 1 }, { type: "viewer", seat: null }, { type: "speed", value: 8 },
  ]);
});

test("new game sends the typed seed, or null for a random one, and refuses garbage locally", () => {
  const { el, model } = mount(baseState());
  const seed = el.querySelector(".nbg-seed");
  el.querySelector('[data-key="ctl-new"]').click();
  seed.value = "77";
  seed.dispatchEvent({ type: "input", target: seed });
  el.querySelector('[data-key="ctl-new"]').click();
  seed.value = "x";
  seed.dispatchEvent({ type: "input", target: seed });
  el.querySelector('[data-key="ctl-new"]').click();
  assert.deepEqual(model.sent, [{ type: "new_game", seed: null }, { type: "new_game", seed: 77 }]);
  assert.equal(el.querySelector(".nbg-error").hidden, false);
});

test("errors from Python are shown, and dismissing sends clear_error", async () => {
  const { el, model } = mount(baseState());
  model.set({ error: "it is player 1's turn" });
  await flush();
  const box = el.querySelector(".nbg-error");
  assert.equal(box.hidden, false);
  assert.match(box.textContent, /player 1's turn/);
  box.querySelector("button").click();
  assert.deepEqual(model.sent.at(-1), { type: "clear_error" });
});

test("after a failed policy the error bar offers Python's next steps as buttons", async () => {
  const { el, model } = mount(baseState({ to_move: 1 }));
  model.set({
    error: "policy 'mine' (seat 1) raised KeyError at demo step 3",
    offers: [{ label: "Retry the policy", message: { type: "step" } },
      { label: "Play player 1 yourself", message: { type: "take_over", seat: 1 } },
      { label: "Undo", message: { type: "undo" } }],
  });
  await flush();
  const box = el.querySelector(".nbg-error");
  const offered = [...box.querySelectorAll(".nbg-offer")];
  assert.deepEqual(offered.map((b) => b.textContent), ["Retry the policy", "Play player 1 yourself", "Undo"]);
  offered[1].click();
  assert.deepEqual(model.sent.at(-1), { type: "take_over", seat: 1 });
  model.set({ error: "", offers: [] });
  await flush();
  assert.equal(box.hidden, true);
  assert.equal(box.querySelectorAll(".nbg-offer").length, 0);
});

test("a board that throws shows an error instead of breaking the shell", () => {
  const { el } = mount(baseState(), { render() { throw new Error("boom"); } });
  assert.match(el.querySelector(".nbg-board-box").textContent, /boom/);
  assert.ok(el.querySelector(".nbg-status"));
});

test("keyboard focus survives a redraw (restored by data-key)", async () => {
  const { el, model, doc } = mount(baseState());
  el.querySelector('[data-key="a5"]').focus();
  model.set({ log_lines: ["one", "two", "three"] });
  await flush();
  assert.equal(doc.activeElement.getAttribute("data-key"), "a5");
  assert.ok(el.contains(doc.activeElement), "focus is on the new element");
});

test("arrow keys move between the buttons of a toolbar", () => {
  const { el, doc } = mount(baseState());
  const first = el.querySelector('[data-key="a4"]');
  first.focus();
  first.keydown("ArrowRight");
  assert.equal(doc.activeElement.getAttribute("data-key"), "a5");
  doc.activeElement.keydown("ArrowRight");
  assert.equal(doc.activeElement.getAttribute("data-key"), "a4");
});

test("playing: the shell ticks at the chosen speed with the step it saw", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { model, cleanup } = mount(baseState({ to_move: 1, playing: true, speed: 4, step_index: 3 }));
  t.mock.timers.tick(249);
  assert.equal(model.sent.length, 0);
  t.mock.timers.tick(1);
  assert.deepEqual(model.sent, [{ type: "tick", step: 3 }]);
  model.set({ playing: false });
  await Promise.resolve();
  await Promise.resolve();
  t.mock.timers.tick(5000);
  assert.equal(model.sent.length, 1);
  cleanup();
});

test("seatsTable marks the viewer, the seat to move and the winners", () => {
  installDom();
  const table = seatsTable(baseState({ winners: [1], to_move: null }));
  const rows = table.querySelectorAll("tbody tr");
  assert.ok(rows[0].classList.contains("nbg-me"));
  assert.ok(rows[1].querySelector(".nbg-win"));
  assert.match(rows[1].textContent, /greedy/);
});

test("cleanup removes the view and its listeners", () => {
  const { el, model, cleanup } = mount(baseState());
  assert.ok(model.handlers.change.length > 0);
  cleanup();
  assert.equal(el.childNodes.length, 0);
  for (const handlers of Object.values(model.handlers)) assert.equal(handlers.length, 0);
});

test("legal ids arrive gap/run-length coded and are expanded for the board", () => {
  // [gap, count, ...]: each run starts `gap` after the end of the one before
  assert.deepEqual(expandRuns([7, 3, 10, 1]), [7, 8, 9, 20]);
  assert.deepEqual(expandRuns([0, 2, 0, 1]), [0, 1, 2]);
  assert.deepEqual(expandRuns([]), []);
  assert.deepEqual(expandRuns(undefined), []);
});

// -- against the real layouts of every title (written by tests/test_js.py) ---------

fixtureTest("every title's layout: decode, encode and labels agree with Python; runs expand to Python's ids",
  "spaces.json", (titles) => {
    assert.ok(titles.length >= 2);
    for (const t of titles) {
      assert.ok(t.samples.length > 10, t.title);
      for (const s of t.samples) {
        const a = decodeAction(t.space, s.id);
        assert.deepEqual(a, { id: s.id, ...s.decoded }, `${t.title} ${s.id}`);
        assert.equal(actionLabel(t.space, s.id), s.label, `${t.title} ${s.id}`);
        assert.equal(encodeAction(t.space, a.kind, a), s.id);
      }
      assert.equal(decodeAction(t.space, t.space.size), null);
      assert.deepEqual(expandRuns(t.runs), t.ids, `${t.title}: run-length coded legal ids`);
    }
  });

test("the generic board: the view as a list, one labelled data-aid button a legal action", async () => {
  const { board: generic } = await import("../generic.js");
  installDom();
  const sent = [];
  const el = generic.render(makeContext(baseState({ legal: [0, 1, 7, 2] }), (m) => sent.push(m), {}));
  assert.match(el.querySelector(".gen-view").textContent, /counter7/);
  const buttons = el.querySelectorAll("button[data-aid]");
  assert.deepEqual(buttons.map((b) => b.getAttribute("aria-label")), ["pass", "move right by +0", "move right by +1"]);
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: 8 }]);
});

test("ctx.hint is the shown hint's best move, decoded; followHint applies each hint once", () => {
  installDom();
  const moves = { 5: { share: 0.6, visits: 60, value: 0.7 }, 2: { share: 0.3, visits: 30, value: 0.5 } };
  const ui = {};
  const ctx = makeContext(baseState({ hints: { status: "done", done: 90, moves } }), () => {}, ui);
  assert.deepEqual(ctx.hint, { id: 5, kind: "move", dir: 0, d: 0, key: "3|5|90" });
  const seen = [];
  followHint(ctx, (a) => seen.push(a.id));
  followHint(ctx, (a) => seen.push(a.id));
  assert.deepEqual(seen, [5], "once per hint");
  const next = makeContext(baseState({ step_index: 4, hints: { status: "done", done: 90, moves } }), () => {}, ui);
  followHint(next, (a) => seen.push(a.id));
  assert.deepEqual(seen, [5, 5], "a hint at another step is new");
  assert.equal(makeContext(baseState({ hints: { status: "running", done: 3 } }), () => {}, {}).hint, null);
  assert.equal(makeContext(baseState(), () => {}, {}).hint, null);
  const root = h("div", null, h("button", { "data-aid": 5 }, "x"), h("button", { "data-aid": 1 }, "y"));
  assert.equal(ctx.paint(root), 1);
  assert.equal(makeContext(baseState(), () => {}, {}).paint(root), 0, "no hint shown: nothing painted");
});

test("hints: rows by share, heat painted on every data-aid element, button state", () => {
  installDom();
  const moves = { 1: { share: 0.6, visits: 60, value: 0.7 }, 2: { share: 0.3, visits: 30, value: 0.5 },
    5: { share: 0.1, visits: 10, value: 0.2 } };
  const rows = hintRows(moves, SPACE);
  assert.deepEqual(rows.map((r) => r.id), [1, 2, 5]);
  assert.equal(rows[0].label, "push 0");
  const root = h("div", null, h("button", { "data-aid": 1 }, "a"), h("button", { "data-aid": 2 }, "b"),
    h("div", { "data-aid": 3 }, "not analysed"), h("button", null, "plain"));
  assert.equal(paintHints(root, { status: "done", moves }, SPACE), 2);
  const [a, b, c] = root.querySelectorAll("[data-aid]");
  assert.ok(a.classList.contains("nbg-hinted") && a.classList.contains("nbg-hint-best"));
  assert.equal(a.style.getPropertyValue("--nbg-heat"), "1.000");
  assert.equal(b.style.getPropertyValue("--nbg-heat"), "0.500");
  assert.ok(!b.classList.contains("nbg-hint-best"));
  assert.match(b.getAttribute("title"), /push 1: 30% of the search \(30 visits\), wins 50%/);
  assert.ok(!c.classList.contains("nbg-hinted"));
  assert.deepEqual(hintState({ advisor: "", legal: [0, 2] }).show, false);
  assert.equal(hintState({ advisor: "ismcts(1000)", legal: [0, 2] }).enabled, true);
  assert.equal(hintState({ advisor: "ismcts(1000)", legal: [] }).enabled, false);
  const running = hintState({ advisor: "x", legal: [], hints: { status: "running", done: 250, total: 1000 } });
  assert.equal(running.label, "Thinking\u2026 25%");
  assert.ok(running.enabled && running.running);
  // a time budget: the progress is the time spent of the budget
  const timed = hintState({ advisor: "x", legal: [], hints: { status: "running", done: 90, total: null,
    elapsed: 0.6, seconds: 1.5 } });
  assert.equal(timed.label, "Thinking\u2026 40%");
  assert.equal(hintProgress({ status: "running", done: 5 }), null);
});

test("hints: shares people can read, values that say what they mean", () => {
  assert.equal(pct(0.414), "41%");
  assert.equal(pct(0.001), "<1%");
  assert.equal(pct(0), "0%");
  assert.equal(valueText(0.61, "expected share of the win for the seat to move (0 to 1)"), "wins 61%");
  assert.equal(valueText(0.61, "expected result ... from the final score margin"), "value 0.61");
  assert.equal(valueText(0.5), "wins 50%");
  // moves the search never visited are not listed (no column of 0%)
  const moves = { 1: { share: 0.7, visits: 70, value: 0.6 }, 2: { share: 0, visits: 0, value: 0 },
    3: { share: 0.3, visits: 30, value: 0.4 } };
  assert.deepEqual(hintRows(moves, SPACE).map((r) => r.id), [1, 3]);
});

test("hints: many moves are grouped by kind and leading named fields, the overlay shows only the best", () => {
  installDom();
  // "move {dir} by {d:+d}": the group is the direction, the detail the distance
  assert.deepEqual(hintGroupOf(SPACE, 8), { key: "move|1", label: "move right by \u2026", detail: "+0" });
  assert.deepEqual(hintGroupOf(SPACE, 2), { key: "push", label: "push \u2026", detail: "1" });
  assert.equal(hintGroupOf(SPACE, 0).label, "pass");
  const moves = {};
  const shares = { 1: 0.05, 2: 0.05, 3: 0.05, 4: 0.1, 5: 0.05, 6: 0.05, 7: 0.3, 8: 0.2, 9: 0.15 };
  for (const [id, s] of Object.entries(shares)) moves[id] = { share: s, visits: Math.round(s * 100), value: s };
  // few moves: one row each
  assert.equal(hintTable(moves, SPACE).length, 5);
  assert.ok(hintTable(moves, SPACE).every((r) => !r.moves));
  // above groupAbove: groups, best first, with their best moves inside
  const rows = hintTable(moves, SPACE, { groupAbove: 4 });
  assert.deepEqual(rows.map((r) => r.label), ["move right by \u2026", "move left by \u2026", "push \u2026"]);
  assert.ok(Math.abs(rows[0].share - 0.65) < 1e-9);
  assert.deepEqual(rows[0].moves.map((m) => m.detail), ["-1", "+0", "+1"]);
  assert.ok(Math.abs(rows[0].value - (30 * 0.3 + 20 * 0.2 + 15 * 0.15) / 65) < 1e-9);
  // the overlay: the best 8 at most, none below a tenth of the best share
  const many = {};
  for (let i = 0; i < 10; i += 1) many[i] = { share: i === 0 ? 0.5 : 0.05, visits: 1, value: 0.5 };
  many[10] = { share: 0.01, visits: 1, value: 0.5 };
  const shown = hintedIds(many);
  assert.equal(shown.size, 8);
  assert.ok(shown.has("0") && !shown.has("10"));
  // a move with no fields ("pass", a "done") is a row of its own, not a group
  // that lists it a second time inside (issue 32)
  const withPass = { ...moves, 0: { share: 0.12, visits: 12, value: 0.4 } };
  const grouped = hintTable(withPass, SPACE, { groupAbove: 4 });
  const pass = grouped.find((r) => r.label === "pass");
  assert.ok(pass && pass.moves === undefined, JSON.stringify(pass));
  assert.equal(grouped.filter((r) => r.label === "pass").length, 1);
  assert.ok(grouped.filter((r) => r.label !== "pass").every((r) => r.moves && r.moves.length));
});

test("hints: the panel says what the order means, and why a lower row can show a higher win chance", () => {
  installDom();
  const meaning = "expected share of the win for the seat to move (0 to 1)";
  const sure = { 4: { share: 0.6, visits: 60, value: 0.6 }, 2: { share: 0.4, visits: 40, value: 0.5 } };
  assert.equal(hintOrderText(sure, SPACE, meaning), "Most searched first: the advisor plays the top move.");
  const unsure = { 4: { share: 0.6, visits: 60, value: 0.5 }, 2: { share: 0.4, visits: 40, value: 0.6 } };
  assert.match(hintOrderText(unsure, SPACE, meaning), /top move\. A move searched less can show a higher win chance/);
  assert.match(hintOrderText(unsure, SPACE, "expected margin"), /higher value:/);
});

test("hints: the panel shows the value for the seat to move and what it means, never null", async () => {
  const { model, el } = mount(baseState({
    advisor: "ismcts(1s)",
    hints: { seat: 0, step: 3, status: "done", done: 812, total: null, elapsed: 1.02, seconds: 1,
      value: 0.57, meaning: "expected share of the win for the seat to move (0 to 1)", values: null,
      moves: { 4: { share: 0.75, visits: 609, value: 0.58 }, 2: { share: 0.25, visits: 203, value: 0.52 } } },
  }));
  await flush();
  const box = el.querySelector(".nbg-hints");
  const text = box.textContent;
  assert.ok(!box.hidden);
  assert.ok(!/null|undefined|NaN/.test(text), text);
  assert.match(text, /wins 57%/);
  assert.match(text, /expected share of the win/);
  assert.match(text, /move left by -1 75% wins 58%/);
  assert.match(text, /812 iterations in 1\.0 s/);
  assert.match(box.querySelector('[data-testid="hint-order"]').textContent, /^Most searched first/);
  assert.equal(box.querySelector("h4 .nbg-name").textContent, "(ismcts(1s))");
  model.set({ hints: { seat: 0, step: 3, status: "running", done: 300, total: null, elapsed: 0.5, seconds: 1,
    moves: {} } });
  await flush();
  assert.match(el.querySelector(".nbg-hints").textContent, /searching\u2026 300 iterations \(50%\)/);
});

const REVIEWED = {
  classes: ["best", "good", "inaccuracy", "mistake", "blunder"], advisor: "ismcts(300)", exact: "", seats: [0],
  rows: {
    4: { seat: 0, taken: "push 2", best: "push 0", taken_id: 3, best_id: 1, value_taken: 0.25, value_best: 0.5,
      loss: 0.25, class: "blunder", source: "search", focused: false },
    2: { seat: 0, taken: "push 0", best: "push 0", taken_id: 1, best_id: 1, value_taken: 0.6, value_best: 0.6,
      loss: 0, class: "best", source: "exact", focused: false },
  },
};

test("review: marks by step on the scrubber, the row at the position, the overlay's moves", () => {
  const data = baseState({ reviewed: REVIEWED, history_start: 0, history_len: 8, step_index: 4 });
  const marks = reviewMarks(data);
  assert.deepEqual(marks.map((m) => [m.step, m.cls, m.at]), [[2, "best", 0.25], [4, "blunder", 0.5]]);
  assert.deepEqual(reviewCounts(marks), { best: 1, blunder: 1 });
  assert.equal(reviewAt(data).taken, "push 2");
  assert.equal(reviewAt({ ...data, step_index: 3 }), null);
  assert.deepEqual(reviewMarks(baseState()), []);
  const hints = reviewHints(reviewAt(data));
  assert.deepEqual(hints.moves, { 3: { share: 0.5, visits: 0, value: 0.25 }, 1: { share: 1, visits: 0, value: 0.5 } });
  assert.deepEqual(reviewHints(REVIEWED.rows[2]).moves, { 1: { share: 1, visits: 0, value: 0.6 } });
});

test("review: an unclear decision says it is too close to call, with the loss's interval", () => {
  installDom();
  const board = { render: () => h("div", null) };
  const rows = { 4: { seat: 0, taken: "push 2", best: "push 0", taken_id: 3, best_id: 1, value_taken: 0.46,
    value_best: 0.5, loss: 0.04, loss_low: -0.01, loss_high: 0.09, class: "unclear", source: "search" } };
  const model = new FakeModel(baseState({ reviewed: { ...REVIEWED, rows }, history_len: 8, step_index: 4 }));
  const el = document.createElement("div");
  createWidget(board).render({ model, el });
  const panel = el.querySelector(".nbg-review");
  assert.match(panel.querySelector('[data-testid="review-class"]').textContent,
    /unclear \(gave up 4% win chance, 95%: 0%\u20139%\)/);
  assert.match(panel.querySelector('[data-testid="review-unclear"]').textContent, /too close to call/);
  assert.match(panel.querySelector('[data-testid="review-best"]').textContent, /best: push 0/);
});

test("review: the shell draws the marks, the panel at a reviewed decision, and goes to a mark", async () => {
  installDom();
  const board = { render: (ctx) => h("div", null, ...ctx.legal.map((a) => h("button", { "data-aid": a.id }, ctx.label(a.id)))) };
  const model = new FakeModel(baseState({ reviewed: REVIEWED, history_len: 8, step_index: 4, legal: [1, 1, 1, 1] }));
  const el = document.createElement("div");
  createWidget(board).render({ model, el });
  const marks = el.querySelectorAll(".nbg-rv-mark");
  assert.equal(marks.length, 2);
  assert.ok(marks[1].classList.contains("nbg-rv-blunder") && marks[1].classList.contains("nbg-rv-here"));
  const panel = el.querySelector(".nbg-review");
  assert.ok(!panel.hidden);
  assert.match(panel.querySelector('[data-testid="review-class"]').textContent, /blunder \(gave up 25% win chance\)/);
  assert.equal(panel.querySelector('[data-testid="review-unclear"]'), null);
  assert.match(panel.querySelector('[data-testid="review-best"]').textContent, /push 0/);
  assert.ok(el.querySelector('[data-aid="1"]').classList.contains("nbg-review-best"));
  assert.ok(el.querySelector('[data-aid="3"]').classList.contains("nbg-review-taken"));
  marks[0].click();
  assert.deepEqual(model.sent.at(-1), { type: "goto", step: 2 });
  model.set({ reviewed: {} });
  await flush();
  assert.equal(el.querySelectorAll(".nbg-rv-mark").length, 0);
  assert.ok(el.querySelector(".nbg-review").hidden);
});

test("review: the Review button on a finished game, its progress, and its message", async () => {
  installDom();
  assert.deepEqual(reviewState({}), { show: false, enabled: false, running: false, label: "Review" });
  assert.deepEqual(reviewState({ reviewed: { ready: true } }), { show: true, enabled: true, running: false, label: "Review" });
  const running = reviewState({ reviewed: { status: "running", done: 10, total: 40 } });
  assert.equal(running.label, "Reviewing\u2026 25%");
  assert.ok(running.show && !running.enabled);
  const model = new FakeModel(baseState({ reviewed: { ready: true }, to_move: null }));
  const el = document.createElement("div");
  createWidget(demoBoard).render({ model, el });
  const btn = el.querySelector('[data-key="ctl-review"]');
  assert.ok(!btn.hidden && !btn.disabled);
  btn.click();
  assert.deepEqual(model.sent.at(-1), { type: "review" });
  model.set({ reviewed: { status: "running", done: 3, total: 12 } });
  await flush();
  assert.ok(btn.disabled);
  assert.match(el.querySelector(".nbg-review").textContent, /3 \/ 12/);
  model.set({ reviewed: REVIEWED, history_len: 8, step_index: 8 });
  await flush();
  assert.ok(btn.hidden);
  assert.equal(el.querySelectorAll(".nbg-rv-mark").length, 2);
  // the summary counts in words a person writes: 1 blunder, 0 mistakes (issue 32)
  assert.match(el.querySelector(".nbg-review").textContent, /0 inaccuracies, 0 mistakes, 1 blunder(?!s)/);
  model.set({ reviewed: { ...REVIEWED, rows: { ...REVIEWED.rows,
    6: { ...REVIEWED.rows[4], class: "inaccuracy" }, 7: { ...REVIEWED.rows[4], class: "mistake" } } } });
  await flush();
  const summary = el.querySelector(".nbg-review").textContent;
  assert.match(summary, /1 inaccuracy, 1 mistake, 1 blunder/);
  assert.ok(!/1 inaccuracies|1 mistakes|1 blunders/.test(summary), summary);
  // the advisor's name is not upper-cased with the heading (a span the CSS leaves as written)
  assert.equal(el.querySelector(".nbg-review h4 .nbg-name").textContent, "(ismcts(300))");
});

test("words: possessives of seat labels, plurals of counts, names kept as written", () => {
  installDom();
  assert.equal(possessive("You"), "Your");
  assert.equal(possessive("P1 greedy"), "P1 greedy's");
  assert.deepEqual([0, 1, 2].map((n) => plural(n, "mistake")), ["0 mistakes", "1 mistake", "2 mistakes"]);
  assert.deepEqual([1, 3].map((n) => plural(n, "inaccuracy")), ["1 inaccuracy", "3 inaccuracies"]);
  assert.equal(plural(2, "day"), "2 days");
  assert.equal(nameSpan("ismcts(1s)").className, "nbg-name");
  assert.deepEqual([[], ["P1"], ["P1", "P5"], ["P1", "P5", "P6"]].map(andList), ["", "P1", "P1 and P5", "P1, P5 and P6"]);
});

const MARGIN = { payoff: "margin", payoff_text: "your final score minus the mean of the others' (points)" };

test("Solve: probabilities and values in the solver's payoff, named; a forced move is said to be forced", async () => {
  // the case: the recommended move's own score was lower than another's;
  // in the margin (what the equilibrium maximises) the move it plays is worth most
  const moves = { 2: { share: 1, value: 0.25, visits: 0, forced: false, ...MARGIN },
    3: { share: 0, value: -0.5, visits: 0, forced: false, ...MARGIN } };
  const sv = solveView(moves, SPACE);
  assert.deepEqual(sv.rows.map((r) => [r.label, r.share, r.value]), [["push 1", 1, 0.25], ["push 2", 0, -0.5]]);
  assert.equal(sv.forced, false);
  assert.equal(sv.payoff, "margin");
  assert.deepEqual([signed(0.25), signed(-0.5), signed(0), signed(1 / 3)], ["+0.25", "-0.5", "0", "+0.33"]);
  const { model, el } = mount(baseState({ advisor: "solver", advisor_label: "Solve", advisor_ready: true,
    hints: { seat: 0, step: 3, status: "done", done: 0, total: 0, values: [0.25, -0.25], moves } }));
  await flush();
  const box = el.querySelector(".nbg-hints");
  assert.ok(!box.hidden);
  const text = box.textContent;
  assert.match(text, /Solve: exact equilibrium/);
  assert.match(text, /margin: your final score minus the mean of the others' \(points\), expected if everyone/);
  const cells = box.querySelectorAll(".nbg-solve-table th").map((t) => t.textContent);
  assert.deepEqual(cells, ["move", "probability", "margin"]);
  const rows = box.querySelectorAll(".nbg-solve-table tbody tr").map((r) => r.querySelectorAll("td")
    .map((td) => td.textContent.trim()));
  assert.deepEqual(rows, [["push 1", "100%", "+0.25"], ["push 2", "0%", "-0.5"]]);
  assert.match(text, /final score minus the mean of the others/);
  assert.match(box.querySelector('[data-testid="seat-values"]').textContent, /margin of each seat: .*\+0\.25, .*-0\.25/);
  // a forced move
  model.set({ hints: { seat: 0, step: 4, status: "done", done: 0, total: 0, values: [1, -1],
    moves: { 7: { share: 1, value: 1, visits: 0, forced: true, ...MARGIN } } } });
  await flush();
  const forced = el.querySelector('[data-testid="solve-forced"]');
  assert.ok(forced, "a forced move is shown as forced");
  assert.match(forced.textContent, /Forced: .* is the only legal move \(margin \+1\)/);
  assert.doesNotMatch(el.querySelector(".nbg-hints").textContent, /0%/);
  // the heat's hover text on the board says the same
  const root = h("div", null, h("button", { "data-aid": 2 }, "a"));
  paintHints(root, { status: "done", moves }, SPACE);
  assert.equal(root.querySelector("[data-aid]").getAttribute("title"), "push 1: equilibrium probability 100%, margin +0.25");
});
