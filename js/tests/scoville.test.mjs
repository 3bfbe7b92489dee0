// Unit tests of the Scoville board: node --test js/tests/ (no npm, no network).
// With NBGAMES_SCOVILLE_FIXTURES set (tests/test_widget_scoville.py does it), also
// draws real synced states of whole games written by Python and checks that every
// button with data-aid sends a legal id and every legal id has a button.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { renderSynced } from "./fakedom.mjs";
import { createWidget } from "../shared.js";
import { affordable, board, countColors, harvestPreview, notchXY, plotColor, walkPoints } from "../scoville.js";

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

test("harvestPreview uses the breeding chart of the two plots either side", () => {
  const cat = tinyCatalog();
  assert.deepEqual(harvestPreview(cat, "45", 1), [7]);     // orange + purple = white
  assert.deepEqual(harvestPreview(cat, "44", 1), [4, 4]);
  assert.deepEqual(harvestPreview(cat, "4.", 1), []);      // an empty plot: nothing
  assert.deepEqual(harvestPreview(cat, "45", 0), []);      // the outer edge: nothing
});

test("affordable and countColors", () => {
  assert.deepEqual(countColors([1, 4, 1]), [0, 2, 0, 0, 1, 0, 0, 0, 0, 0]);
  assert.equal(affordable([0, 1, 0, 0, 1, 0, 0, 0, 0, 0], [1, 4]), true);
  assert.equal(affordable([0, 1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 4]), false);
  assert.equal(affordable(null, [1]), false);
});

test("walkPoints passes through the corner of each turn", () => {
  const cat = tinyCatalog();
  // a1|b1 (vertical) -> -b1 (horizontal): the corner (1, 0)
  assert.deepEqual(walkPoints(cat, [1, 4]), [[1, 0.5], [1, 0], [1.5, 0]]);
  // -a1 -> -b1: straight, no extra point
  assert.deepEqual(walkPoints(cat, [3, 4]), [[0.5, 0], [1.5, 0]]);
  assert.deepEqual(notchXY(cat, 1), [44, 22]);
});

const FIXTURES = process.env.NBGAMES_SCOVILLE_FIXTURES;

if (FIXTURES) {
  test("real synced states from Python: buttons send legal ids, legal ids have buttons", async () => {
    const cases = JSON.parse(readFileSync(FIXTURES, "utf8"));
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
}
