// Unit tests of the Veggies board: node --test js/tests/ (no npm, no network).
// With NBGAMES_VEGGIES_FIXTURES set (tests/test_widget_veggies.py does it), also
// draws real synced states of a whole game written by Python and clicks them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, flush, installDom } from "./fakedom.mjs";
import { createWidget, makeContext } from "../shared.js";
import {
  anchorOffset, board, cardShape, decodePlace, describeCard, encodePlace, footprint, groupMarks, groupsOf,
  indexLegal, placeLabel, placementAt, rotateCard, scoreStand, scoringRows, standWindow, symbolAt, topCards,
} from "../veggies.js";

const E = 21; // view.window of a default game (stand_cards = 8)
const SEATS = [0, 1].map((s) => ({ seat: s, kind: s ? "policy" : "human", name: s ? "greedy" : "human" }));

// The legal top-left positions of a 2 x 3 card next to a lone starting card at
// (0,0) (from the engine: state.legal_actions() after both starting choices).
const R0_SPOTS = [];
for (let r = -2; r <= 2; r += 1) {
  for (let c = -3; c <= 3; c += 1) if (!(Math.abs(r) === 2 && Math.abs(c) === 3)) R0_SPOTS.push([r, c]);
}

function placeView(extra = {}) {
  return {
    title: "veggies", players: 2, seat: 0, current_player: 0, step: 2, phase: "place", stand_cards: 8, window: E,
    goods: ["strawberry", "banana", "grape", "carrot", "mushroom"],
    stands: [
      { cards: [{ id: 5, spaces: "BRBCCC", rot: 0, at: [0, 0] }], rows: ["BRB", "CCC"], origin: [0, 0], rats: 1, hand_size: 1 },
      { cards: [{ id: 29, spaces: "GBB.CC", rot: 0, at: [0, 0] }], rows: ["GBB", ".CC"], origin: [0, 0], rats: 0, hand_size: 1 },
    ],
    ramp: [{ id: 36, spaces: "C.CGSS" }, { id: 26, spaces: "SMMCRC" }, { id: 8, spaces: "BBBMG." }],
    deck: 33, hand: [{ id: 39, spaces: "MCRBBC" }], teams: null, announce_count: 2, announced: [false, false],
    my_announcement: [], announcements: null, pooled: null, result: null, ...extra,
  };
}

function legalFor(src, q, spots) {
  return spots.map(([r, c]) => [encodePlace(E, src, q, r, c), placeLabel(src, q, r, c)]);
}

function ctxFor(v, legal = [], sent = []) {
  return makeContext({ view: v, legal, seat_info: SEATS, viewer: v.seat, to_move: v.current_player, winners: [] },
    (m) => sent.push(m), board);
}

function render(v, legal, sent) {
  installDom();
  board.ui = null;
  return board.render(ctxFor(v, legal, sent));
}

test("rotateCard turns clockwise like the engine (numpy rot90(a, -q))", () => {
  assert.deepEqual(rotateCard("SBGCMR", 0), ["SBG", "CMR"]);
  assert.deepEqual(rotateCard("SBGCMR", 1), ["CS", "MB", "RG"]);
  assert.deepEqual(rotateCard("SBGCMR", 2), ["RMC", "GBS"]);
  assert.deepEqual(rotateCard("SBGCMR", 3), ["GR", "BM", "SC"]);
  assert.deepEqual(rotateCard("SBGCMR", 4), rotateCard("SBGCMR", 0));
  assert.deepEqual(cardShape(1), [3, 2]);
  assert.deepEqual(cardShape(2), [2, 3]);
});

test("place ids and labels are the engine's", () => {
  // game.encode(2, 1, -2, 3) == 17489, labelled "place ramp1 r90 at (-2,+3)"
  assert.equal(encodePlace(E, 2, 1, -2, 3), 17489);
  assert.equal(placeLabel(2, 1, -2, 3), "place ramp1 r90 at (-2,+3)");
  assert.equal(encodePlace(E, 0, 0, 0, 0), 931);
  assert.equal(encodePlace(E, 3, 3, -21, 21), 27784);
  assert.deepEqual(decodePlace(E, 17489), { src: 2, q: 1, r: -2, c: 3 });
  assert.equal(decodePlace(E, 3), null);
  for (const [s, q, r, c] of [[0, 0, 0, 0], [3, 2, -21, -21], [1, 3, 21, 21], [2, 1, 5, -7]]) {
    assert.deepEqual(decodePlace(E, encodePlace(E, s, q, r, c)), { src: s, q, r, c });
  }
});

test("footprint covers the rotated card from its top-left", () => {
  assert.deepEqual(footprint("SBGCMR", 1, 2, -1), [
    { r: 2, c: -1, sym: "C" }, { r: 2, c: 0, sym: "S" },
    { r: 3, c: -1, sym: "M" }, { r: 3, c: 0, sym: "B" },
    { r: 4, c: -1, sym: "R" }, { r: 4, c: 0, sym: "G" }]);
  assert.match(describeCard("SBGCMR"), /strawberry, banana, grape \/ carrot, mushroom, rat/);
});

test("ghost legality: the pointer space maps to a top-left, legal iff the id is synced", () => {
  const ix = indexLegal(legalFor(0, 0, R0_SPOTS), E);
  assert.deepEqual([...ix.sources], [0]);
  assert.equal(ix.poses.get("0,0").length, 31);
  const [dr, dc] = anchorOffset(0);
  assert.deepEqual([dr, dc], [0, 1]);
  const ok = placementAt(ix, E, 0, 0, 2 + dr, 1 + dc);
  assert.deepEqual([ok.r, ok.c, ok.legal], [2, 1, true]);
  assert.equal(ok.id, encodePlace(E, 0, 0, 2, 1));
  const corner = placementAt(ix, E, 0, 0, 2, 3 + dc); // top-left (2, 3): touches only at a corner
  assert.equal(corner.legal, false);
  const far = placementAt(ix, E, 0, 0, 9, 9);
  assert.equal(far.legal, false);
  const rotated = placementAt(ix, E, 0, 1, 0, 0); // r90 is not in this legal list at all
  assert.equal(rotated.legal, false);
  assert.equal(placementAt(ix, E, 0, 0, 40, 0).id, null, "outside the id window");
  const start = indexLegal([[0, "start with hand card 0"], [1, "start with hand card 1"]], E);
  assert.deepEqual(start.start, [0, 1]);
  const ann = indexLegal([[4, "announce grape"], [6, "announce mushroom"]], E);
  assert.deepEqual([...ann.announce], [["grape", 4], ["mushroom", 6]]);
});

test("stand geometry: symbols by coordinate, the drawn window, the top card of each space", () => {
  const stand = { rows: ["  SB", "GGMM"], origin: [-1, 2], cards: [
    { spaces: "GGMXXX", rot: 0, at: [0, 2] }, { spaces: "SBMMMM", rot: 0, at: [-1, 4] }] };
  assert.equal(symbolAt(stand, -1, 4), "S");
  assert.equal(symbolAt(stand, 0, 2), "G");
  assert.equal(symbolAt(stand, -1, 2), " ");
  assert.equal(symbolAt(stand, 5, 5), " ");
  assert.deepEqual(standWindow(stand, 3), { r0: -4, c0: -1, rows: 8, cols: 10 });
  assert.deepEqual(standWindow({ rows: [], origin: [0, 0] }, 0), { r0: 0, c0: 0, rows: 2, cols: 3 });
  const top = topCards(stand);
  assert.equal(top.get("0,4"), 1, "the later card lies on top");
  assert.equal(top.get("0,2"), 0);
});

// The rulebook's Scoring Example (also tests/test_veggies.py and scoring.py).
const OLA = ["SSSGGG", "SRSG.G", "BB.RRS", "BSSM.S", "CS.SSB"];

test("groups and the score of Ola's stand (rulebook: 25 points)", () => {
  assert.deepEqual(groupsOf(OLA, "S").map((g) => g.length), [5, 3, 2, 2]);
  assert.deepEqual(groupsOf(OLA, "G").map((g) => g.length), [5]);
  assert.deepEqual(groupsOf(OLA, "B").map((g) => g.length), [3, 1]);
  assert.deepEqual(groupsOf(OLA, "X"), []);
  const s = scoreStand(OLA, ["strawberry", "banana", "grape"]);
  assert.equal(s.total, 25);
  assert.equal(s.rats, 3);
  assert.deepEqual(s.goods.strawberry, { largest: 5, groups: 4, points: 20 });
});

test("groupMarks outlines each group and flags the largest", () => {
  const marks = groupMarks({ rows: OLA, origin: [10, 20] }, ["grape"]);
  assert.equal(marks.size, 5);
  const corner = marks.get("10,23"); // top-left G of the grape group
  assert.equal(corner.largest, true);
  assert.equal(corner.edges, "tl", "G below and right of it belong to the group");
  assert.equal(marks.get("11,25").edges, "blr", "the G that ends a column");
  const straw = groupMarks({ rows: OLA, origin: [0, 0] }, ["strawberry"]);
  assert.equal([...straw.values()].filter((m) => m.largest).length, 5);
  assert.equal(straw.size, 12);
});

test("start phase: the two hand cards are buttons sending start ids", () => {
  const sent = [];
  const v = placeView({ phase: "start", step: 0, hand: [{ id: 5, spaces: "BRBCCC" }, { id: 39, spaces: "MCRBBC" }],
    stands: placeView().stands.map((s) => ({ ...s, cards: [], rows: [], hand_size: 2 })) });
  const el = render(v, [[0, "start with hand card 0"], [1, "start with hand card 1"]], sent);
  const buttons = el.querySelectorAll("button.vg-start");
  assert.equal(buttons.length, 2);
  assert.match(buttons[1].getAttribute("aria-label"), /hand card 1/);
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: 1 }]);
  assert.match(el.querySelector(".vg-prompt").textContent, /starting card/);
});

test("placing: select, rotate (button and r key), ghost preview, click a legal spot", () => {
  const sent = [];
  const legal = [...legalFor(0, 0, R0_SPOTS), ...legalFor(2, 1, [[-3, 0], [0, 3]])];
  let el = render(placeView(), legal, sent);
  // the held card is selected by default; the ramp cards without legal ids are not buttons
  assert.equal(el.querySelectorAll("button.vg-slot").length, 2);
  assert.equal(el.querySelector('[data-key="vg-src-0"]').getAttribute("aria-pressed"), "true");
  const spots = el.querySelectorAll(".vg-cell.vg-spot");
  assert.equal(spots.length, 31, "one glowing spot per legal top-left");
  // hover: the ghost snaps to the pointer and says it is legal
  const spot = spots[0];
  spot.dispatchEvent({ type: "mouseover" });
  const ghost = el.querySelector(".vg-ghost");
  assert.equal(ghost.hidden, false);
  assert.equal(ghost.getAttribute("data-legal"), "true");
  spot.click();
  assert.equal(sent.length, 1);
  assert.ok(legal.some(([id]) => id === sent[0].id), "a click sends a legal id");
  // an illegal space: red ghost, nothing sent
  const far = el.querySelector('.vg-cell[data-r="-3"][data-c="-3"]');
  far.dispatchEvent({ type: "mouseover" });
  assert.equal(el.querySelector(".vg-ghost").getAttribute("data-legal"), "false");
  far.click();
  assert.equal(sent.length, 1, "illegal placements are not sent");
  assert.match(el.querySelector(".vg-ghost-status").textContent, /must overlap/);
  // select ramp card 2 (src 2), rotate it with the button: r90 has two legal spots
  el.querySelector('[data-key="vg-src-2"]').click();
  assert.equal(el.querySelectorAll(".vg-cell.vg-spot").length, 0, "ramp2 at r0 has no legal spot here");
  el.querySelector('[data-key="vg-rot-cw"]').click();
  assert.equal(el.querySelectorAll(".vg-cell.vg-spot").length, 2);
  assert.match(el.querySelector(".vg-preview").getAttribute("aria-label"), /90 degrees/);
  // the r key turns again (r180), Shift+R back (r90)
  el.querySelector('[data-key="vg-rot-cw"]').keydown("r");
  assert.match(el.querySelector(".vg-preview").getAttribute("aria-label"), /180 degrees/);
  el.querySelector('[data-key="vg-rot-cw"]').dispatchEvent({ type: "keydown", key: "R", shiftKey: true });
  assert.match(el.querySelector(".vg-preview").getAttribute("aria-label"), /90 degrees/);
  const target = el.querySelector(".vg-cell.vg-spot");
  target.click();
  assert.deepEqual(decodePlace(E, sent[1].id).src, 2);
  assert.ok(legal.some(([id]) => id === sent[1].id));
});

test("keyboard placing: focus the stand, arrows move the ghost, Enter places", () => {
  const sent = [];
  const legal = legalFor(0, 0, R0_SPOTS);
  const el = render(placeView(), legal, sent);
  const frame = el.querySelector('[data-key="vg-stand"]');
  assert.match(frame.getAttribute("aria-label"), /arrow keys/);
  frame.dispatchEvent({ type: "focus" });
  assert.equal(el.querySelector(".vg-ghost").getAttribute("data-legal"), "true", "starts on a legal spot");
  frame.keydown("ArrowDown");
  frame.keydown("Enter");
  assert.equal(sent.length, 1);
  assert.ok(legal.some(([id]) => id === sent[0].id));
  for (let i = 0; i < 12; i += 1) frame.keydown("ArrowUp");
  frame.keydown("Enter");
  assert.equal(sent.length, 1, "far from the stand: Enter does nothing");
});

test("others' held cards are hidden: only a card back and a count", () => {
  const el = render(placeView({ current_player: 1 }), []);
  const other = el.querySelector(".vg-other");
  assert.ok(other.querySelector(".vg-back"));
  assert.match(other.querySelector(".vg-back").getAttribute("aria-label"), /holds 1 hidden card/);
  assert.equal(el.querySelectorAll("button.vg-slot").length, 0, "no moves when it is not your turn");
  assert.match(el.querySelector(".vg-prompt").textContent, /P1 greedy places a card/);
});

test("announcements: tied goods are buttons sending announce ids", () => {
  const sent = [];
  const v = placeView({ phase: "announce", my_options: { forced: ["carrot"], tied: ["banana", "grape"], picks: 1 },
    my_announcement: ["carrot"] });
  const el = render(v, [[3, "announce banana"], [4, "announce grape"]], sent);
  const buttons = el.querySelectorAll("button.vg-announce");
  assert.equal(buttons.length, 2);
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: 4 }]);
  assert.match(el.querySelector(".vg-announce-panel").textContent, /carrot/);
});

test("game over: the scoring table and group highlights", () => {
  const result = {
    announcements: [["strawberry"], ["grape"]], pooled: ["strawberry", "grape"],
    stands: [
      { goods: { strawberry: { largest: 1, groups: 1, points: 1 }, grape: { largest: 0, groups: 0, points: 0 } }, rats: 1, penalty: -2, total: -1 },
      { goods: { strawberry: { largest: 0, groups: 0, points: 0 }, grape: { largest: 1, groups: 1, points: 1 } }, rats: 0, penalty: 0, total: 1 }],
    totals: [-1, 1], rats: [1, 0], teams: null, team_totals: null, winners: [1],
  };
  const rows = scoringRows(result);
  assert.equal(rows.length, 2);
  assert.equal(rows[1].winner, true);
  assert.deepEqual(rows[0].goods.map((g) => g.points), [1, 0]);
  const v = placeView({ phase: "over", current_player: null, result, pooled: result.pooled,
    announcements: result.announcements, announced: [true, true],
    stands: [{ ...placeView().stands[0], rows: ["SRB", "CCC"] }, placeView().stands[1]] });
  const el = render(v, []);
  const table = el.querySelector(".vg-score-table");
  assert.ok(table);
  const trs = table.querySelectorAll("tbody tr");
  assert.equal(trs.length, 2);
  assert.match(trs[0].textContent, /1×1 = 1/);
  assert.match(trs[0].textContent, /−2/);
  assert.ok(trs[1].classList.contains("vg-win-row"));
  assert.equal(el.querySelectorAll(".vg-own .vg-big-grp").length, 1, "the strawberry group of one");
  assert.ok(el.querySelectorAll(".vg-own .vg-dim").length >= 4, "goods not pooled are dimmed");
  assert.equal(el.querySelector(".vg-market"), null, "no ramp once the game is over");
  // focusing one good
  el.querySelector('[data-key="vg-focus-grape"]').click();
  assert.equal(el.querySelectorAll(".vg-own .vg-big-grp").length, 0);
  assert.ok(el.querySelectorAll(".vg-other .vg-big-grp").length >= 1);
});

test("the whole widget mounts with the shell", async () => {
  const doc = installDom();
  board.ui = null;
  const model = new FakeModel({ title: "veggies", name: "Veggies", players: 2, viewer: 0, viewers: [0],
    view: placeView(), legal: legalFor(0, 0, R0_SPOTS), log_lines: [], scores: [0, 0], winners: [],
    seat_info: SEATS, to_move: 0, status: "Your move (player 0).", step_index: 2, history_start: 0,
    history_len: 2, error: "", speed: 2, playing: false, catalog: [] });
  const el = doc.createElement("div");
  createWidget(board).render({ model, el });
  await flush();
  assert.equal(el.querySelector(".nbg-board-box pre"), null, "the board drew without error");
  el.querySelector(".vg-cell.vg-spot").click();
  assert.equal(model.sent.at(-1).type, "action");
});

const FIXTURES = process.env.NBGAMES_VEGGIES_FIXTURES;

if (FIXTURES) {
  test("real synced states from Python: every spot and button sends a legal id", async () => {
    const cases = JSON.parse(readFileSync(FIXTURES, "utf8"));
    assert.ok(cases.length > 5);
    for (const c of cases) {
      const doc = installDom();
      board.ui = null;
      const model = new FakeModel(c.state);
      const el = doc.createElement("div");
      createWidget(board).render({ model, el });
      await flush();
      assert.equal(el.querySelector(".nbg-board-box pre"), null, `step ${c.state.step_index} drew`);
      const legal = new Set(c.state.legal.map(([id]) => id));
      const v = c.state.view;
      if (v.phase === "place" && legal.size) {
        // every (source, rotation) of the legal list shows exactly its spots
        for (const src of [0, 1, 2, 3]) {
          const button = el.querySelector(`[data-key="vg-src-${src}"]`);
          const expected = c.state.legal.filter(([id]) => decodePlace(v.window, id)?.src === src);
          assert.equal(!!button, expected.length > 0, `source ${src} selectable iff legal`);
          if (!button) continue;
          button.click();
          for (let q = 0; q < 4; q += 1) {
            const spots = el.querySelectorAll(".vg-cell.vg-spot");
            const n = expected.filter(([id]) => decodePlace(v.window, id).q === q).length;
            assert.equal(spots.length, n, `step ${c.state.step_index} src ${src}: spots`);
            const before = model.sent.length;
            for (const s of spots.slice(0, 3)) s.click();
            for (const m of model.sent.slice(before)) assert.ok(legal.has(m.id), "a spot sends a legal id");
            el.querySelector('[data-key="vg-rot-cw"]').click();
          }
        }
      } else {
        for (const b of el.querySelectorAll(".vg-board button.nbg-legal")) {
          b.click();
          const msg = model.sent.at(-1);
          assert.ok(legal.has(msg.id), `step ${c.state.step_index}: ${b.getAttribute("aria-label")}`);
        }
      }
      if (v.phase === "over") assert.ok(el.querySelector(".vg-score-table"));
    }
  });
}
