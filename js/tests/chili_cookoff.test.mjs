// Unit tests of the Cookoff board: node --test js/tests/ (no npm, no network).
// With NBGAMES_JS_FIXTURES set (tests/test_js.py does it), also draws real synced
// states written by Python and checks unpack() against the engine's observations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, flush, installDom } from "./fakedom.mjs";
import { createWidget, makeContext } from "../shared.js";
import {
  board, card, ingredientColor, lastHandText, pickLabel, playLabel, recipeProgress, resultsTable, unpack, winningOrder,
} from "../chili_cookoff.js";

const C = (type, ingredient, rank, price) => ({ type, ingredient, rank, price });
const TOM4 = C(3, "Tomato", 4, 1);
const TOM2 = C(1, "Tomato", 2, 1);
const ONI4 = C(24, "Onion", 4, 3);
const MUS4 = C(30, "Mustard", 4, 5);
const MEA5 = C(11, "Meat", 5, 1);
const CHI2 = C(15, "Chili", 2, 2);

const SEATS = [0, 1, 2].map((s) => ({ seat: s, kind: s ? "policy" : "human", name: s ? "greedy" : "human" }));

function view(extra = {}) {
  return {
    title: "chili_cookoff", players: 3, seat: 0, current_player: 0, step: 0, round: 1, rounds: 3, hand: 1,
    phase: "play", leader: 0, hand_cards: [TOM2, TOM4, MUS4],
    recipes: [{ name: "Gourmet", ingredients: { Tomato: 1, Meat: 2, Chili: 1, Onion: 2, Mustard: 1 }, total: 22 }],
    played: [], pick_order: [], table: [], collected: [[MEA5], [], []], hand_sizes: [3, 3, 3], scores: [0, 0, 0],
    round_results: [], ...extra,
  };
}

function ctxFor(v, legal = [], sent = []) {
  return makeContext({ view: v, legal, seat_info: SEATS, viewer: v.seat, to_move: v.current_player },
    (m) => sent.push(m), board);
}

test("winningOrder follows the rulebook example (later card wins ties)", () => {
  // Seoyoung Onion 4, Jeonghee Tomato 2, Mira Mustard 4, Dongseop Meat 5, Jaewon Tomato 4
  const played = [ONI4, TOM2, MUS4, MEA5, TOM4].map((card, seat) => ({ seat, card }));
  assert.deepEqual(winningOrder(played).map((o) => o.seat), [3, 4, 2, 0, 1]);
  assert.deepEqual(winningOrder([]), []);
});

test("labels match the engine's action labels", () => {
  assert.equal(playLabel(TOM4), "play Tomato 4");
  assert.equal(pickLabel(ONI4), "pick Onion 4");
});

test("recipeProgress counts collected cards up to need, and cards in hand", () => {
  const p = recipeProgress({ ingredients: { Tomato: 2, Meat: 1 } }, [TOM4, MEA5, MEA5], [TOM2]);
  assert.deepEqual(p.rows, [
    { ingredient: "Tomato", need: 2, held: 1, inHand: 1 },
    { ingredient: "Meat", need: 1, held: 1, inHand: 0 },
  ]);
  assert.equal(p.held, 2);
  assert.equal(p.need, 3);
  assert.equal(p.complete, false);
  assert.equal(p.points, 2);
  assert.equal(recipeProgress({ ingredients: { Meat: 1 } }, [MEA5], []).complete, true);
});

test("unpack turns card indices back into card faces", () => {
  const catalog = [];
  for (const c of [TOM2, TOM4, ONI4, MUS4, MEA5, CHI2]) catalog[c.type] = c;
  const packed = { packed: "cards/1", hand_cards: [3, 30], played: [[1, 24]], table: [11], collected: [[15], []],
    reveal: [{ seat: 1, hand_cards: [1] }], round: 2 };
  assert.deepEqual(unpack(packed, catalog), {
    hand_cards: [TOM4, MUS4], played: [{ seat: 1, card: ONI4 }], table: [MEA5], collected: [[CHI2], []],
    reveal: [{ seat: 1, hand_cards: [TOM2] }], round: 2,
  });
  const plain = { hand_cards: [TOM4] };
  assert.equal(unpack(plain, catalog), plain);
});

test("a card shows rank, ingredient and price, and is a labelled button only when playable", () => {
  installDom();
  const still = card(TOM4);
  assert.equal(still.tagName, "DIV");
  assert.equal(still.querySelector(".ck-rank").textContent, "4");
  assert.equal(still.querySelector(".ck-price").textContent, "1");
  assert.equal(still.querySelector(".ck-ing").textContent, "Tomato");
  assert.equal(still.style.getPropertyValue("--ing"), ingredientColor("Tomato"));
  let n = 0;
  const live = card(TOM4, { onclick: () => { n += 1; }, key: "k" });
  assert.equal(live.tagName, "BUTTON");
  assert.match(live.getAttribute("aria-label"), /play Tomato, rank 4, price 1/);
  live.click();
  assert.equal(n, 1);
});

test("unknown ingredients still get a stable colour", () => {
  assert.equal(ingredientColor("Saffron"), ingredientColor("Saffron"));
  assert.match(ingredientColor("Saffron"), /^#[0-9a-f]{6}$/);
});

test("your hand: legal cards are buttons that send the engine's id", () => {
  installDom();
  const sent = [];
  const el = board.render(ctxFor(view(), [[1, "play Tomato 2"], [30, "play Mustard 4"]], sent));
  const buttons = el.querySelectorAll(".ck-hand button.ck-card");
  assert.equal(buttons.length, 2);
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: 30 }]);
  assert.match(el.querySelector(".ck-prompt").textContent, /play a card/);
  assert.match(el.textContent, /Round 1 \/ 3/);
  assert.match(el.textContent, /Hand 1 \/ 7/);
});

test("not your turn: no buttons on the board, and who is next is said", () => {
  installDom();
  const el = board.render(ctxFor(view({ current_player: 2 })));
  assert.equal(el.querySelectorAll("button").length, 0);
  assert.match(el.querySelector(".ck-prompt").textContent, /P2 greedy plays next/);
});

test("this hand: played cards with who played them and the pick order", () => {
  installDom();
  const v = view({ played: [{ seat: 0, card: ONI4 }, { seat: 1, card: TOM4 }], current_player: 2, hand_cards: [TOM2, MUS4] });
  const el = board.render(ctxFor(v));
  const slots = el.querySelectorAll(".ck-played .ck-slot");
  assert.equal(slots.length, 3, "two played, one still to play");
  assert.match(slots[0].textContent, /You/);
  assert.match(slots[0].textContent, /2nd/);
  assert.match(slots[1].textContent, /P1 greedy/);
  assert.match(slots[1].textContent, /1st/);
  assert.ok(slots[1].classList.contains("ck-top"));
});

test("pick phase: table cards are buttons sending pick ids, with the pick order shown", () => {
  installDom();
  const sent = [];
  const v = view({ phase: "pick", played: [{ seat: 0, card: ONI4 }, { seat: 1, card: TOM4 }, { seat: 2, card: MEA5 }],
    pick_order: [2, 0, 1], table: [ONI4, TOM4], current_player: 0, hand_cards: [TOM2] });
  const el = board.render(ctxFor(v, [[55, "pick Onion 4"], [34, "pick Tomato 4"]], sent));
  const buttons = el.querySelectorAll(".ck-pick button.ck-card");
  assert.equal(buttons.length, 2);
  buttons[0].click();
  assert.deepEqual(sent, [{ type: "action", id: 55 }]);
  assert.equal(el.querySelectorAll(".ck-hand button").length, 0, "hand cards cannot be played while picking");
  const order = el.querySelectorAll(".ck-order li");
  assert.ok(order[0].classList.contains("ck-picked"));
  assert.ok(order[1].classList.contains("ck-now"));
  assert.match(el.querySelector(".ck-prompt").textContent, /take a card/);
});

test("recipes mark the ingredients you hold", () => {
  installDom();
  const el = board.render(ctxFor(view()));
  const recipe = el.querySelector(".ck-recipe");
  assert.match(recipe.textContent, /Gourmet/);
  assert.match(recipe.textContent, /22/);
  assert.equal(recipe.querySelectorAll(".ck-pip.ck-held").length, 1, "one Meat collected");
  assert.equal(recipe.querySelectorAll(".ck-pip.ck-inhand").length, 2, "Tomato and Mustard in hand");
  assert.match(recipe.getAttribute("aria-label"), /1 of 7/);
});

test("collected cards of every player are drawn", () => {
  installDom();
  const el = board.render(ctxFor(view({ collected: [[MEA5], [TOM4, ONI4], []] })));
  const rows = el.querySelectorAll(".ck-collected .ck-coll");
  assert.equal(rows.length, 3);
  assert.equal(rows[1].querySelectorAll(".ck-card").length, 2);
});

test("spectators see no hand; teaching mode shows the revealed hands", () => {
  installDom();
  let el = board.render(ctxFor(view({ seat: null, hand_cards: [], recipes: [] })));
  assert.match(el.textContent, /hands are hidden/);
  assert.equal(el.querySelector(".ck-recipes"), null);
  el = board.render(ctxFor(view({ reveal: [{ seat: 1, hand_cards: [TOM4], recipes: [{ name: "Cry Baby" }] }] })));
  assert.match(el.querySelector(".ck-reveal").textContent, /Cry Baby/);
});

test("end-of-round scoring table: a column a round, a row a player, totals", () => {
  installDom();
  const v = view({ scores: [22, 9, 0], round_results: [{ round: 1, rows: [
    { seat: 0, recipe: "Gourmet", points: 22, complete: true },
    { seat: 1, recipe: "Vegetarian", points: 9, complete: false },
    { seat: 2, recipe: "Cry Baby", points: 0, complete: false }] }] });
  const table = resultsTable(v, (s) => `P${s}`);
  const rows = table.querySelectorAll("tbody tr");
  assert.equal(rows.length, 3);
  assert.match(rows[0].textContent, /22/);
  assert.ok(rows[0].querySelector(".ck-done"));
  assert.match(rows[1].textContent, /Vegetarian/);
  assert.equal(resultsTable(view(), String), null);
});

const FIXTURES = process.env.NBGAMES_JS_FIXTURES;

test("real synced states from Python: unpack() gives the engine's observation, and they draw",
  { skip: !FIXTURES && "set NBGAMES_JS_FIXTURES (tests/test_js.py does)" }, async () => {
    const cases = JSON.parse(readFileSync(FIXTURES, "utf8"));
    assert.ok(cases.length > 5);
    for (const c of cases) {
      assert.deepEqual(unpack(c.state.view, c.state.catalog), c.observation);
      const doc = installDom();
      const model = new FakeModel(c.state);
      const el = doc.createElement("div");
      createWidget(board).render({ model, el });
      await flush();
      const playable = el.querySelectorAll(".ck-board button.ck-card");
      assert.equal(playable.length > 0, c.state.legal.length > 0, `step ${c.state.step_index}`);
      for (const b of playable) {
        b.click();
        const msg = model.sent.at(-1);
        assert.equal(msg.type, "action");
        assert.ok(c.state.legal.some(([id]) => id === msg.id), "a click sends a legal id");
      }
      assert.equal(el.querySelector(".nbg-board-box pre"), null, "the board drew without error");
    }
  });

test("lastHandText lists the finished hand in pick order", () => {
  const last = [{ seat: 1, played: MEA5, took: MUS4 }, { seat: 0, played: TOM2, took: MEA5 }];
  const lines = lastHandText(last, (s) => `P${s}`);
  assert.deepEqual(lines, ["1st P1: played Meat 5, took Mustard 4", "2nd P0: played Tomato 2, took Meat 5"]);
  assert.deepEqual(lastHandText(undefined, String), []);
});

test("unpack restores the packed last hand", () => {
  const catalog = [];
  for (const c of [TOM2, TOM4, ONI4, MUS4, MEA5, CHI2]) catalog[c.type] = c;
  const out = unpack({ packed: "cards/1", hand_cards: [], played: [], table: [], collected: [],
    last_hand: [[2, 11, 30]] }, catalog);
  assert.deepEqual(out.last_hand, [{ seat: 2, played: MEA5, took: MUS4 }]);
});

test("a new hand shows the last hand's plays and takes until a card is played", () => {
  installDom();
  const last = [{ seat: 1, played: MEA5, took: MUS4 }, { seat: 0, played: TOM2, took: MEA5 }];
  const el = board.render(ctxFor(view({ hand: 2, hands_per_round: 7, last_hand: last })));
  const box = el.querySelector(".ck-last");
  assert.ok(box, "last hand shown");
  assert.match(box.textContent, /1st P1 greedy: played Meat 5, took Mustard 4/);
  assert.match(el.textContent, /Hand 2 \/ 7/);
  const later = board.render(ctxFor(view({ last_hand: last, played: [{ seat: 0, card: ONI4 }] })));
  assert.equal(later.querySelector(".ck-last"), null);
});
