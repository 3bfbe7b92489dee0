// Unit tests of the Kupferkessel board: node --test js/tests/ (no npm, no network).
// With NBGAMES_KUPFERKESSEL_FIXTURES set (tests/test_widget_kupferkessel.py does it),
// also draws real synced states of whole games written by Python and clicks them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { renderSynced } from "./fakedom.mjs";
import { createWidget, expandRuns, makeContext } from "../shared.js";
import { board, cardLabel, eventText, promptText, ringPos, scoreRows, spaceText, stackGroups } from "../kupferkessel.js";

// a small catalog: the real one has 56 cards, these tests need a few
const CARDS = [
  { card: 0, ingredient: 0, name: "Whiskers", value: 1, colour: "white", plant: false, symbol: -1 },
  { card: 1, ingredient: 0, name: "Whiskers", value: 2, colour: "white", plant: false, symbol: 0 },
  { card: 2, ingredient: 1, name: "Vines", value: 3, colour: "lilac", plant: true, symbol: -1 },
  { card: 3, ingredient: 1, name: "Vines", value: 2, colour: "lilac", plant: true, symbol: 1 },
  { card: 4, ingredient: 2, name: "Toad", value: 4, colour: "green", plant: false, symbol: -1 },
];
const CAT = {
  cards: CARDS, symbols: ["exploding kettle", "magic wand and hat"], seat_colours: ["white", "black"],
  recipes: [{ recipe: 0, kind: "last_card", bonus: 10, text: "Take the last card", colour: null }],
  grid: 6, lines: [], space_lines: [],
};
const SEATS = [0, 1].map((s) => ({ seat: s, kind: s ? "policy" : "human", name: s ? "greedy" : "human" }));

test("ringPos walks the ring clockwise from the top-left corner like the engine", () => {
  assert.deepEqual(ringPos(0, 6), [0, 0]);
  assert.deepEqual(ringPos(1, 6), [0, 2]);      // next to the card at row 0, column 1
  assert.deepEqual(ringPos(4, 6), [0, 5]);
  assert.deepEqual(ringPos(5, 6), [0, 7]);      // top-right corner
  assert.deepEqual(ringPos(6, 6), [2, 7]);      // next to row 1 on the right
  assert.deepEqual(ringPos(10, 6), [7, 7]);
  assert.deepEqual(ringPos(11, 6), [7, 5]);     // next to column 4 at the bottom
  assert.deepEqual(ringPos(15, 6), [7, 0]);
  assert.deepEqual(ringPos(16, 6), [5, 0]);     // next to row 4 on the left
  assert.deepEqual(ringPos(19, 6), [2, 0]);
  const seen = new Set();
  for (let p = 0; p < 20; p += 1) seen.add(ringPos(p, 6).join(","));
  assert.equal(seen.size, 20);
});

test("cardLabel names the symbol", () => {
  assert.equal(cardLabel(CARDS[1], CAT.symbols), "Whiskers 2 (exploding kettle)");
  assert.equal(cardLabel(CARDS[2], CAT.symbols), "Vines 3");
});

test("stackGroups sorts a kettle by ingredient, then value (Scoring)", () => {
  const g = stackGroups([4, 2, 1, 3, 0], CARDS);
  assert.deepEqual(g.map((x) => x.name), ["Whiskers", "Vines", "Toad"]);
  assert.deepEqual(g[0].cards.map((c) => c.value), [1, 2]);
  assert.deepEqual(g[1].cards.map((c) => c.value), [2, 3]);
});

test("eventText tells every event", () => {
  const name = (s) => `P${s}`;
  assert.equal(eventText(["take", 1, 7, 4], CAT, name), "P1 took Toad 4");
  assert.equal(eventText(["explode", 0, 2, 0], CAT, name), "P0's top card Vines 3 went under the deck");
  assert.equal(eventText(["explode", 0, 2, 1], CAT, name), "P0's top card Vines 3 left the game");
  assert.equal(eventText(["symbol", 1, 1, 1], CAT, name), "P1 used the magic wand and hat");
  assert.equal(eventText(["symbol", 1, 0, -1], CAT, name), "P1's exploding kettle had no effect");
  assert.equal(eventText(["last", 0, 3, 0], CAT, name), "P0 discarded the last card, Vines 2 (magic wand and hat)");
  assert.equal(eventText(["corner", 0, 5], CAT, name), "P0 stopped by a corner: no card this turn");
});

test("spaceText names the line in front of a space (lines 0-3 rows, 4-7 columns)", () => {
  const cat = { grid: 6, space_lines: [-1, 4, 5, 6, 7, -1, 0, 1] };
  assert.equal(spaceText(0, cat), "a corner");
  assert.equal(spaceText(2, cat), "column 2");
  assert.equal(spaceText(6, cat), "row 1");
  assert.equal(eventText(["move", 0, 0, 2], { ...CAT, ...cat }, (x) => `P${x}`), "P0 moved next to column 2");
});

test("scoreRows carries recipe bonuses", () => {
  const rows = scoreRows([{ rows: [], ingredients: 12, ones_bonus: 5, recipes: [[0, 10, true]], total: 27 }], CAT);
  assert.deepEqual(rows[0], { seat: 0, ingredients: 12, ones: 5, recipes: [{ text: "Take the last card", bonus: 10, met: true }], total: 27 });
});

function ctxFor(view, legal = [], sent = []) {
  return makeContext({ view, legal, seat_info: SEATS, viewer: view.seat, to_move: view.current_player, winners: [],
    catalog: CAT, action_space: null }, (m) => sent.push(m), {});
}

test("promptText asks the viewer or names who decides", () => {
  const v = { phase: "take", current_player: 1, seat: 0 };
  assert.equal(promptText(ctxFor(v)), "P1 greedy to take a card");
});

const FIXTURES = process.env.NBGAMES_KUPFERKESSEL_FIXTURES;

if (FIXTURES) {
  test("real synced states from Python: every legal action is a button with its id, nothing else", async () => {
    const cases = JSON.parse(readFileSync(FIXTURES, "utf8"));
    assert.ok(cases.length > 20);
    const phases = new Set();
    for (const c of cases) {
      const { doc, model, el } = await renderSynced(createWidget, board, c.state);
      const step = c.state.step_index;
      assert.equal(el.querySelector(".nbg-board-box pre"), null, `step ${step} drew`);
      const v = c.state.view;
      phases.add(v.phase);
      const legal = new Set(expandRuns(c.state.legal));
      const buttons = el.querySelectorAll(".kk-board [data-aid]");
      const ids = buttons.map((b) => Number(b.getAttribute("data-aid")));
      assert.deepEqual([...new Set(ids)].sort((a, b) => a - b), [...legal].sort((a, b) => a - b), `step ${step}: buttons = legal`);
      for (const b of buttons) {
        b.click();
        const msg = model.sent.at(-1);
        assert.equal(msg.type, "action");
        assert.ok(legal.has(msg.id), `step ${step}: ${b.getAttribute("aria-label")}`);
        assert.ok(b.getAttribute("aria-label"));
      }
      // kettles: one a seat, with its height; the memory panel only in recall mode
      assert.equal(el.querySelectorAll(".kk-kettle").length, v.players);
      assert.equal(!!el.querySelector(".kk-memory"), v.memory === "recall" && v.seat !== null);
      // the grid: 36 slots, 20 pawn spaces, pawns on their spaces
      assert.equal(el.querySelectorAll(".kk-slot").length, 36);
      assert.equal(el.querySelectorAll(".kk-space").length, 20);
      assert.equal(el.querySelectorAll(".kk-pawn").length, v.players);
      if (v.phase === "take" && legal.size) assert.ok(el.querySelectorAll(".kk-in-line").length >= legal.size);
      if (v.phase === "over") {
        assert.ok(el.querySelector(".kk-score-table"));
        assert.equal(el.querySelectorAll(".kk-sorted").length, v.players);
      }
    }
    assert.ok(phases.has("take") && phases.has("over"));
  });
}
