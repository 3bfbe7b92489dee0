// Unit tests of the shared shell: node --test js/tests/ (no npm, no network).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, flush, installDom } from "./fakedom.mjs";
import {
  TRAITS, controlState, createWidget, expandRuns, h, makeContext, ordinal, parseSeed, seatLabel, seatsTable,
} from "../shared.js";

const SEATS = [
  { seat: 0, kind: "human", name: "human" },
  { seat: 1, kind: "policy", name: "greedy" },
];

function baseState(extra = {}) {
  return {
    title: "demo", name: "Demo Game", players: 2, viewer: 0, viewers: [0, null],
    view: { title: "demo", players: 2, seat: 0, current_player: 0, step: 3, counter: 7 },
    legal: [[4, "push"], [5, "pull"]], log_lines: ["one", "two"], scores: [1, 2], winners: [],
    seat_info: SEATS, to_move: 0, status: "Your move (player 0).", step_index: 3, history_start: 0,
    history_len: 5, error: "", speed: 2, playing: false, catalog: [], ...extra,
  };
}

const demoBoard = {
  render(ctx) {
    return h("div", { class: "nbg-board", role: "toolbar" },
      h("span", { class: "counter" }, String(ctx.view.counter)),
      ctx.legal.map(([id, label]) => h("button", { class: "nbg-legal", "data-key": `a${id}`, "aria-label": label,
        onclick: () => ctx.act(id) }, label)));
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

test("makeContext maps labels to ids and act() sends one action message", () => {
  const sent = [];
  const ctx = makeContext(baseState(), (m) => sent.push(m));
  assert.equal(ctx.legalId("pull"), 5);
  assert.equal(ctx.legalId("nope"), undefined);
  ctx.act(5);
  assert.deepEqual(sent, [{ type: "action", id: 5 }]);
  assert.equal(ctx.seatLabel(1), "P1 greedy");
});

test("makeContext unpacks the view when the board knows how", () => {
  const board = { unpack: (view, catalog) => ({ ...view, cards: view.cards.map((i) => catalog[i]) }) };
  const ctx = makeContext(baseState({ view: { cards: [1, 0] }, catalog: ["a", "b"] }), () => {}, board);
  assert.deepEqual(ctx.view.cards, ["b", "a"]);
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
  cleanup();
  assert.equal(el.childNodes.length, 0);
  for (const k of TRAITS) assert.equal((model.handlers[`change:${k}`] || []).length, 0);
});

test("long legal lists arrive run-length coded and are expanded for the board", () => {
  assert.deepEqual(expandRuns([7, 3, 20, 1]), [[7, ""], [8, ""], [9, ""], [20, ""]]);
  assert.deepEqual(expandRuns([]), []);
  const ctx = makeContext({ legal: [], legal_runs: [100, 2], view: {} }, () => {});
  assert.deepEqual(ctx.legal.map(([id]) => id), [100, 101]);
  const short = makeContext({ legal: [[3, "play Tomato 4"]], legal_runs: [], view: {} }, () => {});
  assert.equal(short.legalId("play Tomato 4"), 3);
});
