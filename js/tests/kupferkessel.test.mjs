// Unit tests of the Kupferkessel board: node --test js/tests/ (no npm, no network).
// With NBGAMES_JS_FIXTURES set (tests/test_js.py does it),
// also draws real synced states of whole games written by Python and clicks them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureTest, installDom, renderSynced } from "./fakedom.mjs";
import { createWidget, expandRuns, makeContext } from "../shared.js";
import {
  board, cardLabel, eventText, gridLabels, kettleLayers, promptText, ringPos, scoreRows, spaceText, stackGroups,
} from "../kupferkessel.js";

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
  ingredients: [{ name: "Whiskers", colour: "white", plant: false }, { name: "Vines", colour: "lilac", plant: true },
    { name: "Toad", colour: "green", plant: false }],
  // no `lines`: the board must not work out the glowing line itself
  grid: 6, lines: [], space_lines: [-1, 4, 5, 6, 7, -1, 0, 1, 2, 3, -1, 7, 6, 5, 4, -1, 3, 2, 1, 0],
  line_names: ["row 1", "row 2", "row 3", "row 4", "column 1", "column 2", "column 3", "column 4"],
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

test("stackGroups sorts the recall memory by ingredient, then value (display)", () => {
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
  // the viewer is "You": "Your top card", never "You's top card" (issue 32)
  const you = (s) => (s === 0 ? "You" : `P${s}`);
  assert.equal(eventText(["explode", 0, 2, 0], CAT, you), "Your top card Vines 3 went under the deck");
  assert.equal(eventText(["symbol", 0, 0, -1], CAT, you), "Your exploding kettle had no effect");
});

test("spaceText names the line in front of a space with the catalog's line_names", () => {
  const cat = { space_lines: [-1, 4, 5, 6, 7, -1, 0, 1], line_names: ["top", "a", "b", "c", "left", "second"] };
  assert.equal(spaceText(0, cat), "a corner");
  assert.equal(spaceText(2, cat), "second");            // the name Python gives, not one made from the index
  assert.equal(spaceText(6, cat), "top");
  assert.equal(eventText(["move", 0, 0, 2, 1], CAT, (x) => `P${x}`), "P0 moved next to column 2");
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
  // three winners read as a sentence: "You, P1 greedy and P2 greedy win" (issue 32)
  const over = ctxFor({ phase: "over", current_player: null, seat: 0 });
  over.winners = [0, 1, 2];
  over.seatLabel = (s) => (s === 0 ? "You" : `P${s} greedy`);
  assert.equal(promptText(over), "Game over \u2014 You, P1 greedy and P2 greedy win");
});

// a 2-player table: cards 0..4 along row 1 and column 1, corners, gaps elsewhere
function table(extra = {}) {
  const grid = Array(36).fill(-1);
  for (const c of [0, 5, 30, 35]) grid[c] = -2;
  [6, 7, 8, 9, 10].forEach((cell, i) => { grid[cell] = i; });
  grid[1] = 2;
  grid[13] = 3;
  return {
    title: "kupferkessel", players: 2, seat: null, current_player: 0, step: 9, memory: "table",
    phase: "take", turn_seat: 0, streak: 1, grid, pawns: [7, 12], tops: [3, 4], sizes: [3, 2],
    deck: 10, removed: 0, events: [], pending: -1, finisher: -1, recipes: [], recipe_counts: [0, 0],
    paths: [[8, 9], [13, 14, 15, 16]], next_seat: 1, line: [6, 7, 8, 9, 10, 11],
    after: [[8], [8, 9], [8, 9, 10], [8, 9, 10, 11]], ...extra,
  };
}
const marked = (el, cls) => el.querySelectorAll(`.kk-space.${cls}`).map((x) => Number(x.getAttribute("data-space"))).sort((a, b) => a - b);

test("the glowing line is Python's line: no geometry in the catalog needed", () => {
  installDom();
  const el = board.render(ctxFor(table()));
  const cells = el.querySelectorAll(".kk-in-line").map((x) => Number(x.parentNode.getAttribute("data-cell")));
  assert.deepEqual(cells.sort((a, b) => a - b), [6, 7, 8, 9, 10]);       // the cards of `line` (11 is a gap)
  installDom();
  const none = board.render(ctxFor(table({ phase: "symbol", line: undefined })));
  assert.equal(none.querySelectorAll(".kk-in-line").length, 0);
});

test("the trail is the path carried by the mover's move event, skipped pawns included", () => {
  installDom();
  // P0 walked 3 -> 7 over 4, 5, 6; P1's corner move is not the mover's trail
  const ev = [["move", 1, 9, 10], ["corner", 1, 10], ["move", 0, 3, 7, 4, 5, 6]];
  const el = board.render(ctxFor(table({ events: ev })));
  assert.deepEqual(marked(el, "kk-trail"), [3, 4, 5, 6, 7]);
});

test("after a magic wand extra turn the coming move is next_seat's path", () => {
  installDom();
  // P0 announced the wand and moved again (streak 2): P1 moves next, with its path
  const ev = [["symbol", 0, 1, 1], ["refill", 13, 3], ["move", 0, 5, 7, 6]];
  const el = board.render(ctxFor(table({ streak: 2, events: ev, next_seat: 1 })));
  assert.deepEqual(marked(el, "kk-coming"), [13, 14, 15, 16]);
  assert.deepEqual(marked(el, "kk-coming-1"), [13, 14, 15, 16]);
  assert.equal(marked(el, "kk-coming-0").length, 0);
  assert.ok(el.querySelector(".kk-chip-extra"));
  // whatever seat Python names is the one drawn (the board does not count seats)
  installDom();
  const mine = board.render(ctxFor(table({ next_seat: 0 })));
  assert.deepEqual(marked(mine, "kk-coming-0"), [8, 9]);
});

test("at the last card nobody moves next: no coming move", () => {
  installDom();
  const el = board.render(ctxFor(table({ phase: "last", pending: 2, deck: 0, next_seat: null, line: undefined, after: undefined })));
  assert.equal(marked(el, "kk-coming").length, 0);
});

test("the scoring draws the groups Python scored (result rows with their cards)", () => {
  installDom();
  const result = [
    { rows: [{ ingredient: 0, values: [1, 2], cards: [0, 1], doubled: true, points: 0 },
      { ingredient: 2, values: [4], cards: [4], doubled: false, points: -4 }], ingredients: -4, ones_bonus: 5, recipes: [], total: 1 },
    { rows: [{ ingredient: 1, values: [2, 3], cards: [3, 2], doubled: false, points: 0 }], ingredients: 0, ones_bonus: 0, recipes: [], total: 0 },
  ];
  const el = board.render(ctxFor(table({ phase: "over", current_player: null, turn_seat: null, next_seat: null, result, kettles: [[4, 1, 0], [2, 3]] })));
  const sorted = el.querySelectorAll(".kk-sorted");
  assert.equal(sorted.length, 2);
  assert.deepEqual(sorted[0].querySelectorAll(".kk-group-name").map((x) => x.textContent), ["Whiskers", "Toad"]);
  assert.deepEqual(sorted[1].querySelectorAll(".kk-mini .kk-val").map((x) => x.textContent), ["2", "3"]);   // Python's order
  assert.deepEqual(sorted[0].querySelectorAll(".kk-group-pts").map((x) => x.textContent), ["0 \u00D72", "-4"]);
  assert.ok(sorted[0].querySelector("h4").textContent.includes("3 cards"));
});

fixtureTest("real synced states from Python: every legal action is a button with its id, nothing else",
  "kupferkessel.json", async (cases) => {
    assert.ok(cases.length > 20);
    const phases = new Set();
    let extra = 0;
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
      // the glowing line, the trail and the coming move are exactly Python's facts
      const spaces = (cls) => el.querySelectorAll(`.kk-space.${cls}`).map((x) => Number(x.getAttribute("data-space"))).sort((a, b) => a - b);
      const lit = el.querySelectorAll(".kk-in-line").map((x) => Number(x.parentNode.getAttribute("data-cell"))).sort((a, b) => a - b);
      assert.deepEqual(lit, (v.line || []).filter((c) => v.grid[c] >= 0).sort((a, b) => a - b), `step ${step}: line`);
      const coming = v.next_seat === null ? [] : [...new Set(v.paths[v.next_seat])].sort((a, b) => a - b);
      assert.deepEqual(spaces("kk-coming"), coming, `step ${step}: coming move`);
      if (v.next_seat !== null) assert.deepEqual(spaces(`kk-coming-${v.next_seat}`), coming);
      const walked = new Set();
      for (const e of v.events) if (e[0] === "move" && e[1] === v.turn_seat) e.slice(2).forEach((p) => walked.add(p));
      assert.deepEqual(spaces("kk-trail"), [...walked].sort((a, b) => a - b), `step ${step}: trail`);
      if (v.streak > 1 && v.phase !== "over") extra += 1;
      if (v.phase === "over") {
        assert.ok(el.querySelector(".kk-score-table"));
        assert.equal(el.querySelectorAll(".kk-sorted").length, v.players);
      }
    }
    assert.ok(phases.has("take") && phases.has("over") && phases.has("last"));
    assert.ok(extra > 0, "some state is a magic wand extra turn");
  });

test("table memory: the board says scores come at the end, the seats panel is told too (kk-scores-later)", () => {
  installDom();
  const el = board.render(ctxFor(table()));
  assert.ok(el.classList.contains("kk-scores-later"));
  assert.ok(el.querySelector(".kk-chip-later").textContent.includes("Scores at the end"));
  installDom();
  const recall = board.render(ctxFor(table({ memory: "recall" })));
  assert.ok(!recall.classList.contains("kk-scores-later"));
  assert.equal(recall.querySelector(".kk-chip-later"), null);
  installDom();
  const over = board.render(ctxFor(table({ phase: "over", result: [] })));
  assert.ok(!over.classList.contains("kk-scores-later"));
});

test("every kettle's pot is as tall as the deepest kettle needs, so its card never covers the name", () => {
  assert.equal(kettleLayers(1), 0);
  assert.equal(kettleLayers(5), 4);
  assert.equal(kettleLayers(40), 12);
  installDom();
  const el = board.render(ctxFor(table({ sizes: [14, 2] })));
  const pots = el.querySelectorAll(".kk-pot");
  assert.equal(pots.length, 2);
  for (const p of pots) assert.equal(p.style.getPropertyValue("--kk-layers"), "12");
  assert.equal(el.querySelectorAll(".kk-kettle")[0].querySelectorAll(".kk-layer").length, 12);
  assert.equal(el.querySelectorAll(".kk-kettle")[1].querySelectorAll(".kk-layer").length, 1);
});

test("the grid draws the row and column numbers its moves name: \"take row 1 col 2\" (issue 32)", () => {
  const take = { kind: "take", base: 0, count: 36, label: "take row {row} col {col}",
    fields: [{ name: "row", lo: 0, size: 6 }, { name: "col", lo: 0, size: 6 }] };
  const space = { size: 36, kinds: [take] };
  assert.deepEqual(gridLabels(space, 6), { rows: ["0", "1", "2", "3", "4", "5"], cols: ["0", "1", "2", "3", "4", "5"] });
  installDom();
  const ctx = makeContext({ view: table({ seat: 0 }), legal: [8, 1], seat_info: SEATS, viewer: 0, to_move: 0, winners: [],
    catalog: CAT, action_space: space }, () => {}, {});
  const el = board.render(ctx);
  const button = el.querySelector('[data-aid="8"]');           // cell 8: row 1, column 2
  assert.match(button.getAttribute("aria-label"), /take row 1 col 2$/);
  const rowTick = el.querySelectorAll(".kk-tick-row").find((t) => t.textContent === "1");
  const colTick = el.querySelectorAll(".kk-tick-col").find((t) => t.textContent === "2");
  const slot = button.parentNode;
  assert.equal(rowTick.style.getPropertyValue("grid-row"), slot.style.getPropertyValue("grid-row"));
  assert.equal(colTick.style.getPropertyValue("grid-column"), slot.style.getPropertyValue("grid-column"));
});
