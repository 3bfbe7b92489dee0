// Unit tests of the Scoville board: node --test js/tests/ (no npm, no network).
// With NBGAMES_JS_FIXTURES set (tests/test_js.py does it), also
// draws real synced states of whole games written by Python and checks that every
// button with data-aid sends a legal id and every legal id has a button.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureTest, renderSynced } from "./fakedom.mjs";
import { createWidget } from "../shared.js";
import { board, fieldLabels, harvestOf, isAffordable, notchXY, plotColor, tallyCell, walkPoints } from "../scoville.js";

// A small catalog: a 2 x 1 field with its 7 notches (as the engine lays them out).
function tinyCatalog() {
  const notches = [
    { name: "|a1", xy: [0, 0.5], plots: [-1, 0] },
    { name: "a1|b1", xy: [1, 0.5], plots: [0, 1] },
    { name: "b1|", xy: [2, 0.5], plots: [1, -1] },
    { name: "-a1", xy: [0.5, 0], plots: [-1, 0] },
    { name: "-b1", xy: [1.5, 0], plots: [-1, 1] },
    { name: "a1-", xy: [0.5, 1], plots: [0, -1] },
    { name: "b1-", xy: [1.5, 1], plots: [1, -1] },
  ];
  const chart = Array.from({ length: 10 }, (_, a) => Array.from({ length: 10 }, (_, b) => (a === b ? [a, a] : [])));
  chart[4][5] = [7];
  chart[5][4] = [7];
  return { notches, chart, colors: ["red", "yellow", "blue", "green", "orange", "purple", "brown", "white", "black", "phantom"] };
}

test("plotColor reads the field string", () => {
  assert.equal(plotColor("4.5", 0), 4);
  assert.equal(plotColor("4.5", 1), -1);
  assert.equal(plotColor("4.5", 2), 5);
});

test("harvestOf reads Python's preview of each legal target", () => {
  const v = { harvest: { 1: [7], 4: [] } };
  assert.deepEqual(harvestOf(v, 1), [7]);
  assert.deepEqual(harvestOf(v, 4), []);
  assert.deepEqual(harvestOf(v, 0), []);                   // not a target: nothing
  assert.deepEqual(harvestOf({}, 1), []);                  // not walking: no field
});

test("isAffordable reads Python's payment check", () => {
  const v = { affordable: { market: [3], recipes: [] } };
  assert.equal(isAffordable(v, "market", 3), true);
  assert.equal(isAffordable(v, "market", 4), false);
  assert.equal(isAffordable(v, "recipes", 3), false);
  assert.equal(isAffordable({}, "market", 3), false);     // spectator or nothing payable
});

test("walkPoints passes through the corners Python sent", () => {
  const cat = tinyCatalog();
  // a1|b1 (vertical) -> -b1 (horizontal): through the corner (1, 0)
  assert.deepEqual(walkPoints(cat, { path: [1, 4], corners: [[1, 0]] }), [[1, 0.5], [1, 0], [1.5, 0]]);
  // -a1 -> -b1: straight, through the corner between them
  assert.deepEqual(walkPoints(cat, { path: [3, 4], corners: [[1, 0]] }), [[0.5, 0], [1, 0], [1.5, 0]]);
  assert.deepEqual(walkPoints(cat, { path: [3], corners: [] }), [[0.5, 0]]);
  assert.deepEqual(notchXY(cat, 1), [44, 22]);
});

// A whole board drawn from a hand-made view on the tiny field: seat 0 fulfilling.
function tinyBoard(view, legal) {
  const market = { kind: "market", base: 0, count: 6, label: "market card {card} ({reward})",
    fields: [{ name: "card", lo: 0, size: 2 }, { name: "reward", lo: 0, size: 3, names: ["as shown", "black", "white"] }] };
  const plaque = { kind: "plaque", base: 6, count: 2, label: "{choice} the plaque",
    fields: [{ name: "choice", lo: 0, size: 2, names: ["take", "decline"] }] };
  const cat = Object.assign(tinyCatalog(), { cols: 2, rows: 1, plots: ["a1", "b1"], start_plots: [0, 1], star: 1,
    market: [{ wanted: [0], peppers: [1], coins: 0, vp: 1, choice: false },
      { wanted: [2], peppers: [], coins: 1, vp: 2, choice: true }],
    recipes: [{ name: "Mild", peppers: [0], vp: 1 }], auction: [],
    plaques: [{ name: "Red", colors: [0], values: [9, 5] }],
    tiles: ["Plant 1 Extra Pepper", "Move 1 Extra Step", "Double Back Once"] });
  const hold = { money: 3, peppers: [1, 0, 1, 0, 0, 0, 0, 0, 0, 0], market: [], recipes: [], plaques: [], tiles: [true, true, true] };
  const v = Object.assign({ phase: "fulfil", round: 2, afternoon: false, final: false, screens: true, players: 2,
    seat: 0, current_player: 0, order: [0, 1], spots: [null, null], bids: null, bidding: null, auction: [],
    decks: { auction: 0, discard: 0, market: 0 }, market: [0, 1], recipes: [0], offer: null, stacks: [[9, 5]],
    field: "45", farmers: [null, null], walk: null, planted: 0, prices: new Array(10).fill(0), result: null,
    holdings: [hold, { ...hold, money: null, peppers: null, market: null, recipes: null }] }, view);
  const step = { kind: "step", base: 8, count: 7, label: "step to {notch}",
    fields: [{ name: "notch", lo: 0, size: 7, names: cat.notches.map((n) => n.name) }] };
  return renderSynced(createWidget, board, { title: "scoville", players: 2, viewer: 0, view: v, catalog: cat,
    action_space: { kinds: [market, plaque, step] }, legal, to_move: 0, seat_info: [], scores: [0, 0], winners: [] });
}

test("the board shows Python's affordable cards, the layout's reward names and the offer value", async () => {
  // the viewer holds red and blue, enough for both cards by their faces: the board follows Python (card 1 only)
  const { el } = await tinyBoard({ affordable: { market: [1], recipes: [] } }, [4, 2]);   // ids 4, 5: card 1 black, white
  const cards = el.querySelectorAll(".sc-market");
  assert.equal(cards.length, 2);
  assert.equal(cards[0].className.includes("sc-afford"), false);
  assert.equal(cards[1].className.includes("sc-afford"), true);
  assert.equal(el.querySelectorAll(".sc-recipe.sc-afford").length, 0);
  const takes = [1, 2].map((r) => el.querySelector(`[data-key="market1-${r}"]`));
  assert.deepEqual(takes.map((b) => b && b.textContent), ["take black", "take white"]);
  const { el: el2 } = await tinyBoard({ phase: "plaque", offer: 0, offer_value: 5, stacks: [[9, 5]] }, [6, 2]);   // ids 6, 7
  assert.ok(el2.querySelector('[data-key="plaque-take"]').textContent.includes("(5)"));   // not stacks[0][0]
});

test("the board shows Python's harvest preview and draws the walk through its corners", async () => {
  // farmer at a1|b1 after a step from -a1; legal: step to -b1 (id 12) and b1- (id 14)
  const walk = { seat: 0, path: [3, 1], steps: 1, corners: [[1, 0]] };
  const { el } = await tinyBoard({ phase: "harvest", walk, farmers: [1, null], harvest: { 4: [], 6: [7] } }, [12, 1, 1, 1]);
  const notches = el.querySelectorAll("button.sc-notch");
  assert.deepEqual(notches.map((b) => b.getAttribute("data-key")), ["step4", "step6"]);
  assert.equal(notches[0].querySelector(".sc-preview"), null);
  assert.equal(notches[1].querySelectorAll(".sc-pep").length, 1);
  assert.ok(notches[1].getAttribute("aria-label").endsWith("harvest white"));
  assert.equal(el.querySelectorAll(".sc-seg").length, 2);         // -a1 -> corner (1, 0) -> a1|b1
});

test("the field draws the coordinates moves name (columns a, b ..., rows 1, 2 ...), farmers inside a headland (issue 32)", async () => {
  const cat = { cols: 3, rows: 2, plots: ["a1", "b1", "c1", "a2", "b2", "c2"] };
  assert.deepEqual(fieldLabels(cat), { cols: ["a", "b", "c"], rows: ["1", "2"] });
  // a farmer on the left edge notch |a1 (x = 0): inside the field, whose plots start EDGE px in
  const { el } = await tinyBoard({ phase: "harvest", farmers: [0, null] }, []);
  const top = el.querySelectorAll(".sc-ruler-top .sc-tick").map((t) => t.textContent);
  const left = el.querySelectorAll(".sc-ruler-left .sc-tick").map((t) => t.textContent);
  assert.deepEqual([top, left], [["a", "b"], ["1"]]);
  const field = el.querySelector(".sc-field");
  const plots = field.querySelector(".sc-plots");
  const edge = parseFloat(plots.style.getPropertyValue("left"));
  assert.ok(edge >= 9, `a headland of ${edge} px holds half a farmer (18 px)`);
  assert.equal(parseFloat(field.style.getPropertyValue("width")), 2 * 44 + 2 * edge);
  assert.equal(plots.querySelector(".sc-farmer").style.getPropertyValue("left"), "0px");
});

test("the game-over table shows money in dollars beside the points it makes (issue 32: 21 for $64 unlabelled)", async () => {
  const row = (money, total) => ({ market: 0, recipes: 0, plaques: 0, tiles: 0, money, total });
  const result = { why: "the last round is over", tally: [row(21, 21), row(1, 1)], totals: [21, 1], winners: [0] };
  const { el } = await tinyBoard({ phase: "over", current_player: null, result,
    holdings: [0, 1].map((s) => ({ money: [64, 4][s], peppers: new Array(10).fill(0), market: [], recipes: [], plaques: [],
      tiles: [true, true, true] })) }, []);
  const table = el.querySelector('[data-testid="score-table"] table');
  assert.match(table.querySelector("tr").textContent, /money \(\$3 = 1 point\)/);
  assert.deepEqual(table.querySelectorAll(".sc-money-cell").map((c) => c.textContent), ["$64 \u2192 21", "$4 \u2192 1"]);
  assert.equal(tallyCell("money", 21, 64), "$64 \u2192 21");
  assert.equal(tallyCell("money", 21, null), "21");
  assert.equal(tallyCell("plaques", 9, 64), "9");
});

fixtureTest("real synced states from Python: buttons send legal ids, legal ids have buttons",
  "scoville.json", async (cases) => {
    assert.ok(cases.length > 10);
    let clicked = 0;
    for (const c of cases) {
      const { doc, model, el } = await renderSynced(createWidget, board, c.state);
      assert.equal(el.querySelector(".nbg-board-box pre"), null, `step ${c.state.step_index} drew`);
      const legal = new Set();
      let end = 0;
      const runs = c.state.legal;
      for (let i = 0; i + 1 < runs.length; i += 2) {
        const start = end + runs[i];
        for (let k = 0; k < runs[i + 1]; k += 1) legal.add(start + k);
        end = start + runs[i + 1];
      }
      const buttons = el.querySelectorAll("[data-aid]");
      const shown = new Set(buttons.map((b) => Number(b.getAttribute("data-aid"))));
      for (const id of shown) assert.ok(legal.has(id), `step ${c.state.step_index}: button for illegal ${id}`);
      const v = c.state.view;
      if (legal.size && v.phase !== "bid" && v.phase !== "plant") {
        for (const id of legal) assert.ok(shown.has(id), `step ${c.state.step_index} (${v.phase}): no button for ${id}`);
      }
      if (v.phase === "bid" && legal.size) assert.ok(el.querySelector(".sc-bid-input"));
      if (v.phase === "plant" && legal.size) {
        // each colour chooser shows that colour's legal plots
        const picks = el.querySelectorAll(".sc-colorpick");
        assert.ok(picks.length > 0);
        const all = new Set();
        for (const p of picks) {
          p.click();
          for (const b of el.querySelectorAll("[data-aid]")) all.add(Number(b.getAttribute("data-aid")));
        }
        for (const id of legal) assert.ok(all.has(id), `plant id ${id} has no plot`);
      }
      if (v.phase === "harvest" && v.walk) assert.equal(el.querySelectorAll(".sc-farmer").length > 0, true);
      // clicking a legal button sends exactly its id
      if (buttons.length) {
        const b = buttons[0];
        model.sent = [];
        b.click();
        const msgs = (model.sent || []).filter((m) => m.type === "action");
        if (msgs.length) {
          assert.equal(msgs[0].id, Number(b.getAttribute("data-aid")));
          clicked += 1;
        }
      }
    }
    assert.ok(clicked > 5, `clicked ${clicked}`);
  });
