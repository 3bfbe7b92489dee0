// Unit tests of the Veggies board: node --test js/tests/ (no npm, no network).
// With NBGAMES_JS_FIXTURES set (tests/test_widget_veggies.py and tests/test_js.py
// do it), also draws real synced states of whole games written by Python and
// clicks them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, fixtureTest, flush, installDom, renderSynced } from "./fakedom.mjs";
import { actionLabel, createWidget, decodeAction, encodeAction, expandRuns, makeContext } from "../shared.js";
import {
  anchorOffset, board, cardShape, describeCard, footprint, groupMarks, indexLegal, otherCellPx, othersCellPx, placementAt, rulerLabels,
  turnedRows,
  scoringRows, standWindow, symbolAt, topCards,
} from "../veggies.js";

const E = 21; // the row/col range of a default game (stand_cards = 8)
const SEATS = [0, 1].map((s) => ({ seat: s, kind: s ? "policy" : "human", name: s ? "greedy" : "human" }));
const GOODS = ["strawberry", "banana", "grape", "carrot", "mushroom"];
// The layout of a default game, in the form of game.action_space.to_json().
const SPACE = { size: 7 + 16 * (2 * E + 1) ** 2, kinds: [
  { kind: "start", base: 0, count: 2, label: "start with hand card {card}", fields: [{ name: "card", lo: 0, size: 2 }] },
  { kind: "announce", base: 2, count: 5, label: "announce {good}", fields: [{ name: "good", lo: 0, size: 5, names: GOODS }] },
  { kind: "place", base: 7, count: 16 * (2 * E + 1) ** 2, label: "place {src} r{rot} at ({row:+d},{col:+d})", fields: [
    { name: "src", lo: 0, size: 4, names: ["held", "ramp0", "ramp1", "ramp2"] },
    { name: "rot", lo: 0, size: 4, names: ["0", "90", "180", "270"] },
    { name: "row", lo: -E, size: 2 * E + 1 }, { name: "col", lo: -E, size: 2 * E + 1 }] },
] };
// Card faces (catalog.cards[id]) of the cards used below, as in the default components,
// and the rows Python turns them to (catalog.turned[id][q], the engine's rotate).
const CARDS = [];
Object.assign(CARDS, { 5: "BRBCCC", 8: "BBBMG.", 26: "SMMCRC", 29: "GBB.CC", 36: "C.CGSS", 39: "MCRBBC" });
const TURNED = [];
Object.assign(TURNED, {
  5: [["BRB", "CCC"], ["CB", "CR", "CB"], ["CCC", "BRB"], ["BC", "RC", "BC"]],
  8: [["BBB", "MG."], ["MB", "GB", ".B"], [".GM", "BBB"], ["B.", "BG", "BM"]],
  26: [["SMM", "CRC"], ["CS", "RM", "CM"], ["CRC", "MMS"], ["MC", "MR", "SC"]],
  29: [["GBB", ".CC"], [".G", "CB", "CB"], ["CC.", "BBG"], ["BC", "BC", "G."]],
  36: [["C.C", "GSS"], ["GC", "S.", "SC"], ["SSG", "C.C"], ["CS", ".S", "CG"]],
  39: [["MCR", "BBC"], ["BM", "BC", "CR"], ["CBB", "RCM"], ["RC", "CB", "MB"]],
});
const CATALOG = { cards: CARDS, turned: TURNED };
const SBGCMR = [["SBG", "CMR"], ["CS", "MB", "RG"], ["RMC", "GBS"], ["GR", "BM", "SC"]];

const place = (src, rot, row, col) => encodeAction(SPACE, "place", { src, rot, row, col });
const runs = (ids) => {   // sorted ids -> [gap, count, ...] (as nbgames.widget.base.run_length)
  const out = [];
  let end = 0;
  for (const x of [...ids].sort((p, q) => p - q)) {
    if (out.length && x === end) out[out.length - 1] += 1;
    else out.push(x - end, 1);
    end = x + 1;
  }
  return out;
};

// The legal top-left positions of a 2 x 3 card next to a lone starting card at
// (0,0) (from the engine: state.legal_actions() after both starting choices).
const R0_SPOTS = [];
for (let r = -2; r <= 2; r += 1) {
  for (let c = -3; c <= 3; c += 1) if (!(Math.abs(r) === 2 && Math.abs(c) === 3)) R0_SPOTS.push([r, c]);
}

function placeView(extra = {}) {
  return {
    title: "veggies", players: 2, seat: 0, current_player: 0, step: 2, phase: "place", stand_cards: 8, window: E,
    goods: GOODS,
    stands: [
      { cards: [[5, 0, 0, 0]], rows: ["BRB", "CCC"], origin: [0, 0], rats: 1, hand_size: 1 },
      { cards: [[29, 0, 0, 0]], rows: ["GBB", ".CC"], origin: [0, 0], rats: 0, hand_size: 1 },
    ],
    ramp: [36, 26, 8], deck: 33, hand: [39], teams: null, announce_count: 2, announced: [false, false],
    my_announcement: [], started: [true, true], my_start: null, announcements: null, pooled: null, result: null,
    ...extra,
  };
}

const legalFor = (src, q, spots) => spots.map(([r, c]) => place(src, q, r, c));

function ctxFor(v, legalIds = [], sent = [], ui = {}) {
  return makeContext({ view: v, legal: runs(legalIds), action_space: SPACE, catalog: CATALOG, seat_info: SEATS,
    viewer: v.seat, to_move: v.current_player, winners: [] }, (m) => sent.push(m), ui);
}

function render(v, legalIds, sent) {
  installDom();
  return board.render(ctxFor(v, legalIds, sent));
}

test("turnedRows reads Python's turned card (any quarter turn), blank rows for an unknown card", () => {
  const catalog = { turned: [SBGCMR] };
  assert.deepEqual(turnedRows(catalog, 0, 1), ["CS", "MB", "RG"]);
  assert.deepEqual(turnedRows(catalog, 0, 4), turnedRows(catalog, 0, 0));
  assert.deepEqual(turnedRows(catalog, 0, -1), ["GR", "BM", "SC"]);
  assert.deepEqual(turnedRows(catalog, 7, 1), ["  ", "  ", "  "]);
  assert.deepEqual(cardShape(1), [3, 2]);
  assert.deepEqual(cardShape(2), [2, 3]);
});

test("the layout gives the engine's place ids and labels (no codec of the board's own)", () => {
  // game.action_space.encode("place", src=2, rot=1, row=-2, col=3) == 17489
  assert.equal(place(2, 1, -2, 3), 17489);
  assert.equal(actionLabel(SPACE, 17489), "place ramp1 r90 at (-2,+3)");
  assert.deepEqual(decodeAction(SPACE, 17489), { id: 17489, kind: "place", src: 2, rot: 1, row: -2, col: 3 });
  assert.equal(actionLabel(SPACE, 4), "announce grape");
});

test("footprint covers the rotated card from its top-left", () => {
  assert.deepEqual(footprint(SBGCMR[1], 2, -1), [
    { r: 2, c: -1, sym: "C" }, { r: 2, c: 0, sym: "S" },
    { r: 3, c: -1, sym: "M" }, { r: 3, c: 0, sym: "B" },
    { r: 4, c: -1, sym: "R" }, { r: 4, c: 0, sym: "G" }]);
  assert.match(describeCard(SBGCMR[0]), /strawberry, banana, grape \/ carrot, mushroom, rat/);
});

test("ghost legality: the pointer space maps to a top-left, legal iff its id is in the synced list", () => {
  const ctx = ctxFor(placeView(), legalFor(0, 0, R0_SPOTS));
  const ix = indexLegal(ctx);
  assert.deepEqual([...ix.sources], [0]);
  assert.equal(ix.poses.get("0,0").length, 31);
  const [dr, dc] = anchorOffset(0);
  assert.deepEqual([dr, dc], [0, 1]);
  const ok = placementAt(ctx, 0, 0, 2 + dr, 1 + dc);
  assert.deepEqual([ok.r, ok.c, ok.legal], [2, 1, true]);
  assert.equal(ok.id, place(0, 0, 2, 1));
  const corner = placementAt(ctx, 0, 0, 2, 3 + dc); // top-left (2, 3): touches only at a corner
  assert.equal(corner.legal, false);
  assert.equal(corner.id, undefined);
  assert.equal(placementAt(ctx, 0, 0, 9, 9).legal, false);
  assert.equal(placementAt(ctx, 0, 1, 0, 0).legal, false, "r90 is not in this legal list at all");
  assert.equal(placementAt(ctx, 0, 0, 40, 0).legal, false, "outside the layout's range");
  const start = indexLegal(ctxFor(placeView(), [0, 1]));
  assert.deepEqual(start.start.map((a) => a.card), [0, 1]);
  const ann = indexLegal(ctxFor(placeView(), [4, 6]));
  assert.deepEqual(ann.announce.map((a) => [a.good, a.id]), [[2, 4], [4, 6]]);
});

test("stand geometry: symbols by coordinate, the drawn window, the top card of each space", () => {
  const stand = { rows: ["  SB", "GGMM"], origin: [-1, 2], cards: [[0, 0, 0, 2], [1, 0, -1, 4]] };
  const catalog = { cards: ["GGMXXX", "SBMMMM"], turned: [[["GGM", "XXX"]], [["SBM", "MMM"]]] };
  assert.equal(symbolAt(stand, -1, 4), "S");
  assert.equal(symbolAt(stand, 0, 2), "G");
  assert.equal(symbolAt(stand, -1, 2), " ");
  assert.equal(symbolAt(stand, 5, 5), " ");
  assert.deepEqual(standWindow(stand, 3), { r0: -4, c0: -1, rows: 8, cols: 10 });
  assert.deepEqual(standWindow({ rows: [], origin: [0, 0] }, 0), { r0: 0, c0: 0, rows: 2, cols: 3 });
  const top = topCards(stand, catalog);
  assert.equal(top.get("0,4"), 1, "the later card lies on top");
  assert.equal(top.get("0,2"), 0);
});

test("groupMarks outlines Python's groups and flags the groups of the size Python scored largest", () => {
  // the grape group of the rulebook's Ola (scoring.py), shifted to origin (10, 20)
  const grape = [[10, 23], [10, 24], [10, 25], [11, 23], [11, 25]];
  const stand = { groups: { grape: [grape], strawberry: [[[0, 0], [0, 1]], [[5, 5]]] },
    goods: { grape: { largest: 5, groups: 1, points: 5 }, strawberry: { largest: 2, groups: 2, points: 4 } } };
  const marks = groupMarks(stand, ["grape"]);
  assert.equal(marks.size, 5);
  assert.equal(marks.get("10,23").largest, true);
  assert.equal(marks.get("10,23").edges, "tl", "G below and right of it belong to the group");
  assert.equal(marks.get("11,25").edges, "blr", "the G that ends a column");
  const both = groupMarks(stand, ["grape", "strawberry"]);
  assert.equal(both.size, 8);
  assert.equal(both.get("5,5").largest, false);
  assert.equal(both.get("5,5").size, 1);
  assert.equal(groupMarks(stand, ["banana"]).size, 0);
  const tied = { groups: { banana: [[[0, 0], [0, 1]], [[3, 3], [4, 3]]] }, goods: { banana: { largest: 2 } } };
  const ties = groupMarks(tied, ["banana"]);
  assert.ok(ties.get("0,0").largest && ties.get("4,3").largest, "two groups tie for largest: both are");
});

test("start phase: the two hand cards are buttons sending start ids (found by field)", () => {
  const sent = [];
  const v = placeView({ phase: "start", step: 0, hand: [5, 39], started: [false, false],
    stands: placeView().stands.map((s) => ({ ...s, cards: [], rows: [], hand_size: 2 })) });
  const el = render(v, [0, 1], sent);
  const buttons = el.querySelectorAll("button.vg-start");
  assert.equal(buttons.length, 2);
  assert.match(buttons[1].getAttribute("aria-label"), /hand card 1/);
  assert.equal(buttons[1].getAttribute("data-aid"), "1");
  assert.equal(buttons[1].getAttribute("title"), "start with hand card 1");
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: 1 }]);
  assert.match(el.querySelector(".vg-prompt").textContent, /starting card/);
  assert.match(el.querySelector(".vg-other").textContent, /choosing/);
});

test("secret start: my choice is shown face down, the others' only as chosen or not", () => {
  const v = placeView({ phase: "start", step: 1, current_player: 1, hand: [5, 39], started: [true, false], my_start: 39,
    stands: placeView().stands.map((s) => ({ ...s, cards: [], rows: [], hand_size: 2 })) });
  const el = render(v, []);
  assert.equal(el.querySelectorAll("[data-aid]").length, 0);
  const chosen = el.querySelector(".vg-choose .vg-selected");
  assert.match(chosen.getAttribute("aria-label"), /your starting card, hidden until everyone has chosen/);
  assert.match(chosen.getAttribute("aria-label"), /mushroom, carrot, rat/, "card 39 MCRBBC");
  assert.match(el.querySelector(".vg-own").textContent, /laid when everyone has chosen/);
  assert.match(el.querySelector(".vg-own").textContent, /chose a starting card/);
  assert.match(el.querySelector(".vg-other").textContent, /choosing/);
});

test("placing: select, rotate (button and r key), ghost preview, click a legal spot", () => {
  const sent = [];
  const legal = [...legalFor(0, 0, R0_SPOTS), ...legalFor(2, 1, [[-3, 0], [0, 3]])];
  const el = render(placeView(), legal, sent);
  // the held card is selected by default; the ramp cards without legal ids are not buttons
  assert.equal(el.querySelectorAll("button.vg-slot").length, 2);
  assert.equal(el.querySelector('[data-key="vg-src-0"]').getAttribute("aria-pressed"), "true");
  const spots = el.querySelectorAll(".vg-cell.vg-spot");
  assert.equal(spots.length, 31, "one glowing spot per legal top-left");
  // each spot carries the id it places (data-aid), all of them legal and distinct
  const aids = spots.map((x) => Number(x.getAttribute("data-aid")));
  assert.equal(new Set(aids).size, 31);
  assert.ok(aids.every((a) => legalFor(0, 0, R0_SPOTS).includes(a)));
  // hover: the ghost snaps to the pointer and says it is legal
  const spot = spots[0];
  spot.dispatchEvent({ type: "mouseover" });
  const ghost = el.querySelector(".vg-ghost");
  assert.equal(ghost.hidden, false);
  assert.equal(ghost.getAttribute("data-legal"), "true");
  assert.match(el.querySelector(".vg-ghost-status").textContent, /^place held r0 at \(/);
  spot.click();
  assert.deepEqual(sent, [{ type: "action", id: aids[0] }], "a spot sends the id it carries");
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
  assert.equal(decodeAction(SPACE, sent[1].id).src, 2);
  assert.equal(decodeAction(SPACE, sent[1].id).rot, 1);
  assert.ok(legal.includes(sent[1].id));
});

test("the selection lives in ctx.ui: kept across renders of one position, reset by a new one", () => {
  installDom();
  const ui = {};
  const legal = [...legalFor(0, 0, R0_SPOTS), ...legalFor(2, 1, [[-3, 0], [0, 3]])];
  const el = board.render(ctxFor(placeView(), legal, [], ui));
  el.querySelector('[data-key="vg-src-2"]').click();
  assert.equal(ui.src, 2);
  const again = board.render(ctxFor(placeView(), legal, [], ui));
  assert.equal(again.querySelector('[data-key="vg-src-2"]').getAttribute("aria-pressed"), "true");
  const other = board.render(ctxFor(placeView(), legal, [], {}));
  assert.equal(other.querySelector('[data-key="vg-src-0"]').getAttribute("aria-pressed"), "true", "another view");
  board.render(ctxFor(placeView({ step: 4 }), legal, [], ui));
  assert.equal(ui.src, 0, "a new position starts from the held card");
});

test("a new hint selects its best placement's card and rotation, once, and paints its spots", () => {
  installDom();
  const ui = {};
  const legal = [...legalFor(0, 0, R0_SPOTS), ...legalFor(2, 1, [[-3, 0], [0, 3]])];
  const best = place(2, 1, 0, 3);
  const moves = { [best]: { share: 0.5, visits: 50, value: 0.6 }, [place(0, 0, 0, 3)]: { share: 0.3, visits: 30, value: 0.5 } };
  const ctx = (hints) => makeContext({ view: placeView(), legal: runs(legal), action_space: SPACE, catalog: CATALOG,
    seat_info: SEATS, viewer: 0, to_move: 0, winners: [], step_index: 2, hints }, () => {}, ui);
  const el = board.render(ctx({ status: "done", done: 80, moves }));
  assert.equal(ui.src, 2);
  assert.equal(ui.q, 1);
  assert.equal(el.querySelector('[data-key="vg-src-2"]').getAttribute("aria-pressed"), "true");
  const painted = el.querySelectorAll(".vg-spot.nbg-hinted");
  assert.deepEqual(painted.map((x) => Number(x.getAttribute("data-aid"))), [best], "the best spot is painted");
  // the player picks another card: the same hint does not pull the selection back
  el.querySelector('[data-key="vg-src-0"]').click();
  el.querySelector('[data-key="vg-rot-ccw"]').click();
  assert.deepEqual([ui.src, ui.q], [0, 0]);
  assert.equal(el.querySelectorAll(".vg-spot.nbg-hinted").length, 1, "a local redraw paints the hint again");
  const again = board.render(ctx({ status: "done", done: 80, moves }));
  assert.deepEqual([ui.src, ui.q], [0, 0]);
  assert.equal(again.querySelectorAll(".vg-spot.nbg-hinted").length, 1, "the held card's hinted spot");
  board.render(ctx({ status: "running", done: 10 }));
  assert.equal(ui.src, 0, "a running hint moves nothing");
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
  assert.ok(legal.includes(sent[0].id));
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
  assert.equal(el.querySelectorAll("[data-aid]").length, 0);
  assert.match(el.querySelector(".vg-prompt").textContent, /P1 greedy places a card/);
});

test("announcements: tied goods are buttons sending announce ids, with Python's group sizes", () => {
  const sent = [];
  const v = placeView({ phase: "announce", my_options: { forced: ["carrot"], tied: ["banana", "grape"], picks: 1,
    largest: { carrot: 4, banana: 2, grape: 2 } }, my_announcement: ["carrot"] });
  const el = render(v, [3, 4], sent);
  const buttons = el.querySelectorAll("button.vg-announce");
  assert.equal(buttons.length, 2);
  assert.equal(buttons[1].getAttribute("aria-label"), "announce grape (largest group 2)");
  assert.equal(buttons[1].getAttribute("data-aid"), "4");
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: 4 }]);
  assert.match(el.querySelector(".vg-announce-panel").textContent, /carrot/);
});

test("game over: the scoring table and the outlines of Python's groups", () => {
  const result = {
    announcements: [["strawberry"], ["grape"]], pooled: ["strawberry", "grape"],
    stands: [
      { goods: { strawberry: { largest: 1, groups: 1, points: 1 }, grape: { largest: 0, groups: 0, points: 0 } }, rats: 1,
        penalty: -2, total: -1, groups: { strawberry: [[[0, 0]]], grape: [] } },
      { goods: { strawberry: { largest: 0, groups: 0, points: 0 }, grape: { largest: 1, groups: 1, points: 1 } }, rats: 0,
        penalty: 0, total: 1, groups: { strawberry: [], grape: [[[0, 0]]] } }],
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
  // each score over its sum, so that the table fits a notebook's column (issue 32)
  const first = trs[0].querySelector("td");
  assert.equal(first.querySelector(".vg-pts").textContent, "1");
  assert.equal(first.querySelector(".vg-calc").textContent, "1×1");
  assert.match(trs[0].textContent, /1×−2/);
  assert.ok(trs[1].classList.contains("vg-win-row"));
  assert.equal(el.querySelectorAll(".vg-own .vg-big-grp").length, 1, "the strawberry group of one");
  assert.ok(el.querySelectorAll(".vg-own .vg-dim").length >= 4, "goods not in a group are dimmed");
  assert.equal(el.querySelectorAll(".vg-other .vg-big-grp").length, 1, "the grape group of one");
  assert.equal(el.querySelector(".vg-market"), null, "no ramp once the game is over");
  // focusing one good
  el.querySelector('[data-key="vg-focus-grape"]').click();
  assert.equal(el.querySelectorAll(".vg-own .vg-big-grp").length, 0);
  assert.equal(el.querySelectorAll(".vg-other .vg-big-grp").length, 1);
});

test("the whole widget mounts with the shell", async () => {
  const doc = installDom();
  const model = new FakeModel({ title: "veggies", name: "Veggies", players: 2, viewer: 0, viewers: [0],
    view: placeView(), legal: runs(legalFor(0, 0, R0_SPOTS)), action_space: SPACE, catalog: CATALOG,
    log_lines: [], scores: [0, 0], winners: [], seat_info: SEATS, to_move: 0, status: "Your move (player 0).",
    step_index: 2, history_start: 0, history_len: 2, error: "", speed: 2, playing: false });
  const el = doc.createElement("div");
  createWidget(board).render({ model, el });
  await flush();
  assert.equal(el.querySelector(".nbg-board-box pre"), null, "the board drew without error");
  el.querySelector(".vg-cell.vg-spot").click();
  assert.equal(model.sent.at(-1).type, "action");
});

// -- real synced states of whole games (written by Python) ---------------------------

fixtureTest("real synced states from Python: every spot and button sends a legal id",
  "veggies.json", async (cases) => {
    assert.ok(cases.length > 5);
    const phases = new Set();
    for (const c of cases) {
      const { doc, model, el } = await renderSynced(createWidget, board, c.state);
      const at = `step ${c.state.step_index}`;
      assert.equal(el.querySelector(".nbg-board-box pre"), null, `${at} drew`);
      const space = c.state.action_space;
      const ids = expandRuns(c.state.legal);
      const legal = new Set(ids);
      const v = c.state.view;
      phases.add(v.phase);
      if (v.phase === "place" && legal.size) {
        // every (source, rotation) of the legal list shows exactly its spots
        const places = ids.map((id) => decodeAction(space, id)).filter((a) => a.kind === "place");
        for (const src of [0, 1, 2, 3]) {
          const button = el.querySelector(`[data-key="vg-src-${src}"]`);
          const expected = places.filter((a) => a.src === src);
          assert.equal(!!button, expected.length > 0, `${at}: source ${src} selectable iff legal`);
          if (!button) continue;
          button.click();
          for (let q = 0; q < 4; q += 1) {
            const spots = el.querySelectorAll(".vg-cell.vg-spot");
            const want = expected.filter((a) => a.rot === q).map((a) => a.id).sort((p, r) => p - r);
            const got = spots.map((s) => Number(s.getAttribute("data-aid"))).sort((p, r) => p - r);
            assert.deepEqual(got, want, `${at} src ${src} r${q}: the spots are the legal placements`);
            const before = model.sent.length;
            for (const s of spots.slice(0, 3)) s.click();
            assert.deepEqual(model.sent.slice(before).map((m) => m.id), spots.slice(0, 3).map((s) => Number(s.getAttribute("data-aid"))),
              "a spot sends the id it carries");
            el.querySelector('[data-key="vg-rot-cw"]').click();
          }
        }
      } else {
        const buttons = el.querySelectorAll(".vg-board button[data-aid]");
        assert.deepEqual(buttons.map((b) => Number(b.getAttribute("data-aid"))).sort((p, q) => p - q), ids, at);
        for (const b of buttons) {
          assert.equal(b.getAttribute("title"), c.labels[b.getAttribute("data-aid")], "Python's label");
          b.click();
          assert.deepEqual(model.sent.at(-1), { type: "action", id: Number(b.getAttribute("data-aid")) });
        }
      }
      // the stands drawn are the observation's
      for (const [s, stand] of v.stands.entries()) {
        const box = el.querySelector(s === v.seat ? ".vg-own" : ".vg-other");
        if (s === v.seat || v.stands.length === 2) assert.match(box.textContent, new RegExp(`${stand.cards.length}/${v.stand_cards} cards`));
      }
      if (v.phase === "over") {
        assert.deepEqual(el.querySelectorAll(".vg-score-table td.vg-total").map((x) => Number(x.textContent)),
          v.result.totals);
        // every cell of every pooled group is outlined, in gold every group of the size
        // Python scored as largest (groups that tie for largest all are)
        const own = v.result.stands[v.seat].groups;
        const scored = v.result.stands[v.seat].goods;
        const cells = Object.values(own).flat(2);
        const big = Object.entries(own).map(([g, gs]) => gs.filter((x) => x.length === scored[g].largest).flat().length)
          .reduce((p, q) => p + q, 0);
        assert.equal(el.querySelectorAll(".vg-own .vg-grp, .vg-own .vg-big-grp").length, cells.length, at);
        assert.equal(el.querySelectorAll(".vg-own .vg-big-grp").length, big, at);
      }
    }
    assert.ok(["start", "place", "over"].every((p) => phases.has(p)), [...phases].join());
  });

test("an opponent's stand fits a column of the opponents' grid (three side by side at 4 players)", () => {
  for (let cols = 2; cols <= 16; cols += 1) {
    for (let rows = 2; rows <= 16; rows += 1) {
      const small = otherCellPx({ cols, rows }, false);
      const big = otherCellPx({ cols, rows }, true);
      assert.ok(small * cols <= 150 && small * rows <= 222, `${cols}x${rows}: ${small}px`);
      assert.ok(big * cols <= 226 && big * rows <= 302, `${cols}x${rows}: ${big}px`);
      assert.ok(small >= 9 && big >= 12);
    }
  }
});

test("the opponents' stands are drawn at one scale: the cell size the widest or tallest needs (issue 32)", () => {
  const stand = (rows, cols) => ({ origin: [0, 0], rows: Array.from({ length: rows }, () => "S".repeat(cols)) });
  const stands = [stand(4, 6), stand(4, 6), stand(12, 19), stand(6, 8)];
  const each = [1, 2, 3].map((s) => otherCellPx(standWindow(stands[s], 0), true));
  assert.ok(new Set(each).size > 1, `the stands need different sizes: ${each}`);
  assert.equal(othersCellPx(stands, [1, 2, 3], true), Math.min(...each));
  // drawn: every opponent's grid has the same --cell
  const v = placeView({ players: 4, stands: stands.map((st) => ({ ...st, cards: [[5, 0, 0, 0]], rats: 0, hand_size: 1 })) });
  const el = render(v, []);
  const cells = [...el.querySelectorAll(".vg-other .vg-grid")].map((g) => g.style.getPropertyValue("--cell"));
  assert.equal(cells.length, 3);
  assert.equal(new Set(cells).size, 1, cells.join(" "));
});

test("the own stand draws the coordinates the moves name: columns along the top, rows down the left (issue 32)", () => {
  assert.deepEqual(rulerLabels({ r0: -1, c0: -2, rows: 3, cols: 4 }), { cols: ["-2", "-1", "0", "+1"], rows: ["-1", "0", "+1"] });
  // placing: the window is the stand plus 3 spaces; the labels are the engine's coordinates
  const el = render(placeView(), legalFor(0, 0, R0_SPOTS));
  const top = [...el.querySelectorAll(".vg-own .vg-ruler-top .vg-tick")].map((t) => t.textContent);
  const left = [...el.querySelectorAll(".vg-own .vg-ruler-left .vg-tick")].map((t) => t.textContent);
  const grid = el.querySelector(".vg-own .vg-grid");
  assert.equal(top.length, Number(grid.style.getPropertyValue("--gcols")));
  assert.equal(left.length, Number(grid.style.getPropertyValue("--grows")));
  assert.deepEqual([top[0], top.at(-1), left[0], left.at(-1)], ["-3", "+5", "-3", "+4"]);
  // a cell sits under its column's and beside its row's label
  const cells = [...grid.querySelectorAll("[data-r]")];
  const k = cells.findIndex((c) => c.getAttribute("data-r") === "1" && c.getAttribute("data-c") === "2");
  const cols = Number(grid.style.getPropertyValue("--gcols"));
  assert.equal(top[k % cols], "+2");
  assert.equal(left[Math.floor(k / cols)], "+1");
  // and the status says how to read them until the pointer is on the stand
  assert.match(el.querySelector(".vg-ghost-status").textContent, /count from your starting card/);
});
