// Unit tests of the Cookoff board: node --test js/tests/ (no npm, no network).
// With NBGAMES_JS_FIXTURES set (tests/test_js.py does it), also draws real synced
// states of a whole game written by Python and clicks every legal card.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureTest, installDom, renderSynced } from "./fakedom.mjs";
import { createWidget, encodeAction, expandRuns, makeContext } from "../shared.js";
import {
  board, card, face, ingredientColor, lastHandText, recipeOf, recipeRows, resultsTable,
} from "../chili_cookoff.js";

// Card types as in the default components (catalog.cards[type]).
const C = (type, ingredient, rank, price) => ({ type, ingredient, rank, price });
const TOM2 = C(1, "Tomato", 2, 1);
const TOM4 = C(3, "Tomato", 4, 1);
const MEA5 = C(11, "Meat", 5, 1);
const CHI2 = C(15, "Chili", 2, 2);
const ONI4 = C(24, "Onion", 4, 3);
const MUS4 = C(30, "Mustard", 4, 5);
const CARDS = [];
for (const c of [TOM2, TOM4, MEA5, CHI2, ONI4, MUS4]) CARDS[c.type] = c;
const GOURMET = { name: "Gourmet", ingredients: { Tomato: 1, Meat: 2, Chili: 1, Onion: 2, Mustard: 1 }, total: 22 };
const CATALOG = { cards: CARDS, recipes: [GOURMET, { name: "Cry Baby", ingredients: { Chili: 3 }, total: 12 }] };
// The layout of the ids: play {card} then pick {card}, a card field of 31 types.
const NAMES = Array.from({ length: 31 }, (_, t) => (CARDS[t] ? `${CARDS[t].ingredient} ${CARDS[t].rank}` : `type ${t}`));
const SPACE = { size: 62, kinds: ["play", "pick"].map((kind, k) => ({
  kind, base: 31 * k, count: 31, label: `${kind} {card}`, fields: [{ name: "card", lo: 0, size: 31, names: NAMES }] })) };
const id = (kind, type) => encodeAction(SPACE, kind, { card: type });
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

const SEATS = [0, 1, 2].map((s) => ({ seat: s, kind: s ? "policy" : "human", name: s ? "greedy" : "human" }));

function view(extra = {}) {
  return {
    title: "chili_cookoff", players: 3, seat: 0, current_player: 0, step: 0, round: 1, rounds: 3, hand: 1,
    phase: "play", leader: 0, hand_cards: [TOM2.type, TOM4.type, MUS4.type], recipes: [0],
    played: [], pick_order: [], table: [], collected: [[MEA5.type], [], []], hand_sizes: [3, 3, 3], scores: [0, 0, 0],
    round_results: [], last_hand: [], pick_places: [],
    // what Python sends for Gourmet with Meat 5 collected and Tomato 2, Tomato 4, Mustard 4 in hand
    recipe_progress: [{ held: [0, 1, 0, 0, 0], in_hand: [2, 0, 0, 0, 1], cards: 1, points: 1, complete: false }],
    ...extra,
  };
}

function ctxFor(v, legalIds = [], sent = []) {
  return makeContext({ view: v, legal: runs(legalIds), action_space: SPACE, catalog: CATALOG, seat_info: SEATS,
    viewer: v.seat, to_move: v.current_player }, (m) => sent.push(m), {});
}

test("faces and recipes come from the catalog", () => {
  assert.deepEqual(face(CATALOG, 30), MUS4);
  assert.equal(face(CATALOG, 2).ingredient, "?", "an unknown type does not throw");
  assert.equal(recipeOf(CATALOG, 1).name, "Cry Baby");
});

test("recipeRows puts Python's progress beside the recipe's needs, in the recipe's order", () => {
  const p = recipeRows({ ingredients: { Tomato: 2, Meat: 1 } },
    { held: [1, 1], in_hand: [1, 0], cards: 2, points: 2, complete: false });
  assert.deepEqual(p.rows, [
    { ingredient: "Tomato", need: 2, held: 1, inHand: 1 },
    { ingredient: "Meat", need: 1, held: 1, inHand: 0 },
  ]);
  assert.equal(p.held, 2);
  assert.equal(p.need, 3);
  assert.equal(p.complete, false);
  assert.equal(p.points, 2);
  assert.equal(recipeRows({ ingredients: { Meat: 1 } }, undefined).held, 0, "no progress yet draws empty pips");
});

test("a card shows rank, ingredient and price, and is a labelled button with data-aid only when playable", () => {
  installDom();
  const still = card(TOM4);
  assert.equal(still.tagName, "DIV");
  assert.equal(still.querySelector(".ck-rank").textContent, "4");
  assert.equal(still.querySelector(".ck-price").textContent, "1");
  assert.equal(still.querySelector(".ck-ing").textContent, "Tomato");
  assert.equal(still.style.getPropertyValue("--ing"), ingredientColor("Tomato"));
  assert.equal(still.getAttribute("data-aid"), null);
  let n = 0;
  const live = card(TOM4, { onclick: () => { n += 1; }, key: "k", aid: 3 });
  assert.equal(live.tagName, "BUTTON");
  assert.equal(live.getAttribute("data-aid"), "3");
  assert.match(live.getAttribute("aria-label"), /play Tomato, rank 4, price 1/);
  live.click();
  assert.equal(n, 1);
});

test("unknown ingredients still get a stable colour", () => {
  assert.equal(ingredientColor("Saffron"), ingredientColor("Saffron"));
  assert.match(ingredientColor("Saffron"), /^#[0-9a-f]{6}$/);
});

test("your hand: legal cards are buttons that send the id found by kind and card", () => {
  installDom();
  const sent = [];
  const el = board.render(ctxFor(view(), [id("play", TOM2.type), id("play", MUS4.type)], sent));
  const buttons = el.querySelectorAll(".ck-hand button.ck-card");
  assert.equal(buttons.length, 2);
  assert.deepEqual(buttons.map((b) => b.getAttribute("data-aid")), [String(id("play", 1)), String(id("play", 30))]);
  assert.equal(buttons[1].getAttribute("title"), "play Mustard 4", "the label made from the layout");
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "action", id: id("play", 30) }]);
  assert.match(el.querySelector(".ck-prompt").textContent, /play a card/);
  assert.match(el.textContent, /Round 1 \/ 3/);
  assert.match(el.textContent, /Hand 1 \/ 7/);
});

test("not your turn: no buttons on the board, and who is next is said", () => {
  installDom();
  const el = board.render(ctxFor(view({ current_player: 2 })));
  assert.equal(el.querySelectorAll("button").length, 0);
  assert.equal(el.querySelectorAll("[data-aid]").length, 0);
  assert.match(el.querySelector(".ck-prompt").textContent, /P2 greedy plays next/);
});

test("this hand: played cards with who played them and the pick order", () => {
  installDom();
  const v = view({ played: [[0, ONI4.type], [1, TOM4.type]], pick_places: [2, 1], current_player: 2,
    hand_cards: [TOM2.type, MUS4.type] });
  const el = board.render(ctxFor(v));
  const slots = el.querySelectorAll(".ck-played .ck-slot");
  assert.equal(slots.length, 3, "two played, one still to play");
  assert.match(slots[0].textContent, /Onion/);
  assert.match(slots[0].textContent, /You/);
  assert.match(slots[0].textContent, /2nd/);
  assert.match(slots[1].textContent, /P1 greedy/);
  assert.match(slots[1].textContent, /1st/);
  assert.ok(slots[1].classList.contains("ck-top"));
});

test("pick phase: table cards are buttons sending pick ids, with Python's pick order shown", () => {
  installDom();
  const sent = [];
  const v = view({ phase: "pick", played: [[0, ONI4.type], [1, TOM4.type], [2, MEA5.type]],
    pick_order: [2, 0, 1], pick_places: [2, 3, 1], table: [ONI4.type, TOM4.type], current_player: 0,
    hand_cards: [TOM2.type] });
  const el = board.render(ctxFor(v, [id("pick", ONI4.type), id("pick", TOM4.type)], sent));
  const buttons = el.querySelectorAll(".ck-pick button.ck-card");
  assert.equal(buttons.length, 2);
  assert.match(buttons[0].getAttribute("aria-label"), /take Onion/);
  buttons[0].click();
  assert.deepEqual(sent, [{ type: "action", id: id("pick", ONI4.type) }]);
  assert.equal(el.querySelectorAll(".ck-hand button").length, 0, "hand cards cannot be played while picking");
  const order = el.querySelectorAll(".ck-order li");
  assert.ok(order[0].classList.contains("ck-picked"));
  assert.ok(order[1].classList.contains("ck-now"));
  assert.match(el.querySelector(".ck-prompt").textContent, /take a card/);
  const places = el.querySelectorAll(".ck-played .ck-place").map((x) => x.textContent);
  assert.deepEqual(places, ["2nd", "3rd", "1st"], "the places are Python's view.pick_places");
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
  const el = board.render(ctxFor(view({ collected: [[MEA5.type], [TOM4.type, ONI4.type], []] })));
  const rows = el.querySelectorAll(".ck-collected .ck-coll");
  assert.equal(rows.length, 3);
  assert.equal(rows[1].querySelectorAll(".ck-card").length, 2);
  assert.match(rows[1].textContent, /Onio/);
});

test("spectators see no hand; teaching mode shows the revealed hands", () => {
  installDom();
  let el = board.render(ctxFor(view({ seat: null, hand_cards: [], recipes: [] })));
  assert.match(el.textContent, /hands are hidden/);
  assert.equal(el.querySelector(".ck-recipes"), null);
  el = board.render(ctxFor(view({ reveal: [{ seat: 1, hand_cards: [TOM4.type], recipes: [1] }] })));
  assert.match(el.querySelector(".ck-reveal").textContent, /Cry Baby/);
  assert.equal(el.querySelectorAll(".ck-reveal .ck-card").length, 1);
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

test("lastHandText lists the finished hand in pick order", () => {
  const last = [[1, MEA5.type, MUS4.type], [0, TOM2.type, MEA5.type]];
  const lines = lastHandText(last, CATALOG, (s) => `P${s}`);
  assert.deepEqual(lines, ["1st P1: played Meat 5, took Mustard 4", "2nd P0: played Tomato 2, took Meat 5"]);
  assert.deepEqual(lastHandText(undefined, CATALOG, String), []);
});

test("a new hand shows the last hand's plays and takes until a card is played", () => {
  installDom();
  const last = [[1, MEA5.type, MUS4.type], [0, TOM2.type, MEA5.type]];
  const el = board.render(ctxFor(view({ hand: 2, hands_per_round: 7, last_hand: last })));
  const box = el.querySelector(".ck-last");
  assert.ok(box, "last hand shown");
  assert.match(box.textContent, /1st P1 greedy: played Meat 5, took Mustard 4/);
  assert.match(el.textContent, /Hand 2 \/ 7/);
  const later = board.render(ctxFor(view({ last_hand: last, played: [[0, ONI4.type]] })));
  assert.equal(later.querySelector(".ck-last"), null);
});

// -- real synced states of a whole game (written by tests/test_js.py) ----------------

fixtureTest("real synced states from Python draw, and every legal card sends its id with Python's label",
  "chili_cookoff.json", async (cases) => {
    assert.ok(cases.length > 5);
    const phases = new Set();
    for (const c of cases) {
      const { doc, model, el } = await renderSynced(createWidget, board, c.state);
      assert.equal(el.querySelector(".nbg-board-box pre"), null, "the board drew without error");
      const v = c.state.view;
      phases.add(v.phase);
      const legal = expandRuns(c.state.legal);
      const playable = el.querySelectorAll(".ck-board button[data-aid]");
      // every legal id has a card (several cards of one type share an id)
      assert.deepEqual([...new Set(playable.map((b) => Number(b.getAttribute("data-aid"))))].sort((p, q) => p - q),
        legal, `step ${c.state.step_index}`);
      for (const b of playable) {
        assert.equal(b.getAttribute("title"), c.labels[b.getAttribute("data-aid")], "Python's label");
        b.click();
        assert.deepEqual(model.sent.at(-1), { type: "action", id: Number(b.getAttribute("data-aid")) });
      }
      // what the board shows is the observation's: the hand, the table, the collected cards
      if (v.seat !== null) assert.equal(el.querySelectorAll(".ck-hand .ck-card").length, v.hand_cards.length);
      assert.equal(el.querySelectorAll(".ck-collected .ck-card").length, v.collected.flat().length);
      if (v.phase === "over") assert.ok(el.querySelector(".ck-results-table"));
    }
    assert.deepEqual([...phases].sort(), ["over", "pick", "play"]);
  });

test("a mini card (collected cards) shows the whole ingredient name, never an abbreviation", () => {
  installDom();
  for (const c of [TOM4, MEA5, CHI2, ONI4, C(30, "Mustard", 4, 5)]) {
    const mini = card(c, { mini: true });
    assert.ok(mini.classList.contains("ck-mini"));
    assert.equal(mini.querySelector(".ck-ing").textContent, c.ingredient);
  }
});

test("the mark beside a name: who leads the next hand, and at the game's end who won (issue 32)", () => {
  installDom();
  const playing = board.render(ctxFor(view({ leader: 1, collected: [[], [], []] })));
  assert.match(playing.querySelectorAll(".ck-collected .ck-coll")[1].textContent, /\u2605 leads/);
  const ctx = ctxFor(view({ phase: "over", leader: 1, current_player: null, collected: [[], [], []] }));
  ctx.winners = [2];
  const over = board.render(ctx);
  const rows = over.querySelectorAll(".ck-collected .ck-coll");
  assert.ok(!/leads/.test(over.querySelector(".ck-collected").textContent), "no one leads a hand after the last");
  assert.match(rows[2].textContent, /\u2605 winner/);
  assert.ok(!/winner/.test(rows[1].textContent));
});
