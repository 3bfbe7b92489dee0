// The Great Chili Cookoff board. Follows the pattern described at the top of
// js/shared.js: `board.render(ctx)` draws everything from the compact observation
// (cards are types, recipes indices) and ctx.catalog (their faces); a legal card
// is found with ctx.find("play" | "pick", {card: type}) and sends that id. The
// pick places and the recipes' progress come from Python (view.pick_places,
// view.recipe_progress): the board applies no rule of its own.
import { h, ordinal } from "./shared.js";

/** Ingredient colours (unknown ingredients from a corrected component file get a
 * stable colour from PALETTE). */
export const INGREDIENT_COLORS = {
  Tomato: "#d93a2b",
  Meat: "#8a4b2d",
  Chili: "#2f8a3c",
  Onion: "#8a57a8",
  Honey: "#d99a14",
  Cherry: "#b01450",
  Mustard: "#b8a000",
};
const PALETTE = ["#3a6ea5", "#c4622d", "#4c8c7a", "#9b3d6e", "#6b6b2e", "#2e5e8c"];

export function ingredientColor(name) {
  if (INGREDIENT_COLORS[name]) return INGREDIENT_COLORS[name];
  let x = 0;
  for (const ch of String(name)) x = (x * 31 + ch.codePointAt(0)) >>> 0;
  return PALETTE[x % PALETTE.length];
}

/** The face of a card type: `catalog.cards[type]` = {type, ingredient, rank, price}. */
export function face(catalog, type) {
  const c = ((catalog && catalog.cards) || [])[type];
  return c || { type, ingredient: "?", rank: "?", price: "?" };
}

/** The recipe of an index: `catalog.recipes[i]` = {name, ingredients, total}. */
export function recipeOf(catalog, i) {
  return ((catalog && catalog.recipes) || [])[i] || { name: `recipe ${i}`, ingredients: {}, total: 0 };
}

/**
 * A recipe's rows for the board: Python's progress (view.recipe_progress[k]:
 * held and in_hand counts in the recipe's ingredient order, cards, points,
 * complete) beside the recipe's needs from the catalog.
 */
export function recipeRows(recipe, progress) {
  const p = progress || { held: [], in_hand: [], cards: 0, points: 0, complete: false };
  const rows = Object.entries(recipe.ingredients || {}).map(([ingredient, need], k) => ({
    ingredient, need, held: p.held[k] || 0, inHand: p.in_hand[k] || 0,
  }));
  return { rows, need: rows.reduce((s, r) => s + r.need, 0), held: p.cards, complete: p.complete, points: p.points };
}

/** One card (a face from the catalog): rank top-left, ingredient in the middle,
 * price bottom-right. With `opts.aid` (a legal id) and `opts.onclick` it is a
 * button carrying data-aid; otherwise a plain figure. */
export function card(c, opts = {}) {
  const color = ingredientColor(c.ingredient);
  const body = [
    h("span", { class: "ck-rank", "aria-hidden": "true" }, String(c.rank)),
    h("span", { class: "ck-blob", "aria-hidden": "true" }),
    h("span", { class: "ck-ing", "aria-hidden": "true" }, c.ingredient),
    h("span", { class: "ck-price", "aria-hidden": "true" }, String(c.price)),
  ];
  const cls = ["ck-card", opts.mini ? "ck-mini" : "", opts.onclick ? "nbg-legal" : "", opts.cls || ""];
  const style = { "--ing": color };
  const text = `${c.ingredient}, rank ${c.rank}, price ${c.price}`;
  if (opts.onclick) {
    return h("button", { class: cls, style, "aria-label": `${opts.verb || "play"} ${text}`,
      "data-key": opts.key, "data-aid": opts.aid, title: opts.title || `${opts.verb || "play"} ${c.ingredient} ${c.rank}`,
      onclick: opts.onclick }, body);
  }
  return h("div", { class: cls, style, role: "img", "aria-label": text, title: text }, body);
}

/** A card of `type` that plays the legal action `kind` {card: type} when there is one. */
function actionCard(ctx, kind, type, verb, key) {
  const c = face(ctx.catalog, type);
  const id = kind ? ctx.find(kind, { card: type }) : undefined;
  if (id === undefined) return card(c);
  return card(c, { verb, key, aid: id, title: ctx.label(id), onclick: () => ctx.act(id) });
}

function section(title, cls, ...children) {
  return h("section", { class: ["ck-section", cls], "aria-label": title },
    h("h5", { class: "ck-h" }, title), ...children);
}

function counters(view) {
  const phase = { play: "play a card", pick: "pick cards", over: "game over" }[view.phase] || view.phase;
  return h("div", { class: "ck-counters" },
    h("span", { class: "ck-chip", "data-testid": "round" }, `Round ${view.round} / ${view.rounds || 3}`),
    h("span", { class: "ck-chip", "data-testid": "hand" }, `Hand ${view.hand} / ${view.hands_per_round || 7}`),
    h("span", { class: ["ck-chip", "ck-phase", `ck-phase-${view.phase}`] }, phase));
}

function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return null;
  if (ctx.legal.length) {
    return h("div", { class: "ck-prompt ck-yours", role: "status" },
      v.phase === "pick" ? "Your pick: take a card from the table." : "Your turn: play a card from your hand.");
  }
  if (v.current_player !== null && v.current_player !== undefined) {
    const who = ctx.seatLabel(v.current_player);
    return h("div", { class: "ck-prompt", role: "status" },
      `${who} ${v.phase === "pick" ? "picks" : "plays"} next.`);
  }
  return null;
}

function playedArea(ctx) {
  const v = ctx.view;
  const played = v.played || [];
  const place = v.pick_places || [];
  const items = played.map(([seat, type], i) => h("div", { class: ["ck-slot", place[i] === 1 ? "ck-top" : ""] },
    card(face(ctx.catalog, type)),
    h("div", { class: "ck-who" }, ctx.seatLabel(seat)),
    h("div", { class: "ck-place", title: "pick order" }, ordinal(place[i]))));
  const waiting = [];
  if (v.phase === "play") {
    const n = v.players;
    for (let k = played.length; k < n; k += 1) {
      const seat = (v.leader + k) % n;
      waiting.push(h("div", { class: "ck-slot ck-empty" },
        h("div", { class: "ck-card ck-back", "aria-hidden": "true" }),
        h("div", { class: "ck-who" }, ctx.seatLabel(seat)),
        h("div", { class: "ck-place" }, "\u2026")));
    }
  }
  return section("This hand", "ck-played",
    h("div", { class: "ck-row" }, items, waiting),
    played.length ? null : lastHand(ctx),
    played.length ? h("p", { class: "ck-note" }, "Highest rank picks first; on equal ranks the card played later wins.") : null);
}

/** The hand just finished (bots answer at once, so show who took what):
 * `last` is view.last_hand, [[seat, played type, taken type], ...] in pick order. */
export function lastHandText(last, catalog, seatLabel) {
  const name = (type) => { const c = face(catalog, type); return `${c.ingredient} ${c.rank}`; };
  return (last || []).map(([seat, played, took], k) =>
    `${ordinal(k + 1)} ${seatLabel(seat)}: played ${name(played)}, took ${name(took)}`);
}

function lastHand(ctx) {
  const lines = lastHandText(ctx.view.last_hand, ctx.catalog, ctx.seatLabel);
  if (!lines.length) return null;
  return h("div", { class: "ck-last", "aria-label": "last hand" },
    h("div", { class: "ck-last-title" }, "Last hand"),
    h("ol", { class: "ck-last-list" }, lines.map((l) => h("li", {}, l))));
}

function pickArea(ctx) {
  const v = ctx.view;
  if (v.phase !== "pick") return null;
  const order = v.pick_order || [];
  const done = order.length - (v.table || []).length;
  const cards = (v.table || []).map((type, i) => actionCard(ctx, "pick", type, "take", `pick-${i}-${type}`));
  return section("Pick", "ck-pick",
    h("ol", { class: "ck-order", "aria-label": "pick order" }, order.map((s, k) =>
      h("li", { class: [k < done ? "ck-picked" : "", k === done ? "ck-now" : ""] }, ctx.seatLabel(s)))),
    h("div", { class: "ck-row ck-table", role: "toolbar", "aria-label": "cards on the table" }, cards));
}

function handArea(ctx) {
  const v = ctx.view;
  if (v.seat === null || v.seat === undefined) {
    return section("Hands", "ck-hand", h("p", { class: "ck-note" }, "Spectator view: the hands are hidden."));
  }
  const kind = v.phase === "play" ? "play" : null;
  const cards = (v.hand_cards || []).map((type, i) => actionCard(ctx, kind, type, "play", `hand-${i}-${type}`));
  return section(`Your hand (${cards.length})`, "ck-hand",
    cards.length ? h("div", { class: "ck-row", role: "toolbar", "aria-label": "your hand" }, cards)
      : h("p", { class: "ck-note" }, "No cards left in hand."));
}

function recipeCard(recipe, progress) {
  const p = recipeRows(recipe, progress);
  return h("div", { class: ["ck-recipe", p.complete ? "ck-complete" : ""],
    "aria-label": `recipe ${recipe.name}: ${p.held} of ${p.need} ingredients collected` },
    h("div", { class: "ck-recipe-name" }, recipe.name),
    h("ul", { class: "ck-needs" }, p.rows.map((r) => h("li", { style: { "--ing": ingredientColor(r.ingredient) } },
      h("span", { class: "ck-need-name" }, r.ingredient),
      h("span", { class: "ck-pips" }, Array.from({ length: r.need }, (_, k) =>
        h("span", { class: ["ck-pip", k < r.held ? "ck-held" : (k < r.held + r.inHand ? "ck-inhand" : "")],
          title: k < r.held ? "collected" : (k < r.held + r.inHand ? "in your hand" : "missing") })))))),
    h("div", { class: "ck-recipe-foot" },
      h("span", null, `${p.held}/${p.need} held \u00B7 ${p.points} pts now`),
      h("span", { class: "ck-total", title: "total with the bonus" }, String(recipe.total))));
}

function recipesArea(ctx) {
  const v = ctx.view;
  if (!v.recipes || !v.recipes.length) return null;
  const progress = v.recipe_progress || [];
  return section("Your recipes", "ck-recipes",
    h("div", { class: "ck-row" }, v.recipes.map((i, k) => recipeCard(recipeOf(ctx.catalog, i), progress[k]))),
    h("p", { class: "ck-note" }, "\u25CF collected  \u25D0 in your hand  \u25CB missing. A complete recipe scores +6."));
}

/** The mark beside a seat's name: who leads the next hand while the game runs;
 * at the end, who won (no hand is left to lead). */
export function leaderMark(ctx, seat) {
  const v = ctx.view;
  if (v.phase === "over") {
    return (ctx.winners || []).includes(seat)
      ? h("span", { class: "ck-leader ck-winner", title: "won the game" }, " \u2605 winner") : null;
  }
  return seat === v.leader ? h("span", { class: "ck-leader", title: "won the last hand: leads the next" }, " \u2605 leads") : null;
}

function collectedArea(ctx) {
  const v = ctx.view;
  const rows = (v.collected || []).map((types, seat) => h("div", { class: ["ck-coll", seat === v.seat ? "ck-mine" : ""] },
    h("div", { class: "ck-coll-who" }, ctx.seatLabel(seat),
      h("span", { class: "ck-small" }, ` \u00B7 ${(v.hand_sizes || [])[seat] ?? 0} in hand`),
      leaderMark(ctx, seat)),
    h("div", { class: "ck-row ck-minirow" }, types.length ? types.map((t) => card(face(ctx.catalog, t), { mini: true }))
      : h("span", { class: "ck-small" }, "nothing yet"))));
  return section("Collected this round", "ck-collected", rows);
}

function revealArea(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.reveal) || !v.reveal.length) return null;
  return section("Teaching mode: every hand revealed", "ck-reveal",
    v.reveal.map((r) => h("div", { class: "ck-coll" },
      h("div", { class: "ck-coll-who" }, ctx.seatLabel(r.seat)),
      h("div", { class: "ck-row ck-minirow" }, (r.hand_cards || []).map((t) => card(face(ctx.catalog, t), { mini: true }))),
      h("div", { class: "ck-small" }, "Recipes: ", (r.recipes || []).map((i) => recipeOf(ctx.catalog, i).name).join(", ")))));
}

/** End-of-round scoring: one row a seat, one column a finished round, and totals. */
export function resultsTable(view, label) {
  const results = view.round_results || [];
  if (!results.length) return null;
  const n = view.players || (view.scores || []).length;
  const seats = Array.from({ length: n }, (_, i) => i);
  const cell = (res, seat) => {
    const row = (res.rows || []).find((r) => r.seat === seat);
    if (!row) return h("td", null, "");
    return h("td", { class: "nbg-num", title: `${row.recipe}${row.complete ? " (complete)" : ""}` },
      String(row.points), row.complete ? h("span", { class: "ck-done", "aria-label": "complete" }, " \u2713") : null,
      h("div", { class: "ck-small" }, row.recipe));
  };
  const out = section("Round scores", "ck-results",
    h("table", { class: "nbg-table ck-results-table" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Player"),
        results.map((r) => h("th", { scope: "col" }, `Round ${r.round}`)), h("th", { scope: "col" }, "Total"))),
      h("tbody", null, seats.map((s) => h("tr", { class: s === view.seat ? "nbg-me" : "" },
        h("th", { scope: "row" }, label(s)),
        results.map((r) => cell(r, s)),
        h("td", { class: "nbg-num ck-sum" }, String((view.scores || [])[s] ?? "")))))));
  out.setAttribute("data-testid", "score-table");       // the end-of-game table (tests/browser)
  return out;
}

export const board = {
  render(ctx) {
    const v = ctx.view;
    return h("div", { class: "nbg-board ck-board" },
      counters(v),
      prompt(ctx),
      h("div", { class: "ck-top-row" }, playedArea(ctx), pickArea(ctx)),
      handArea(ctx),
      recipesArea(ctx),
      collectedArea(ctx),
      revealArea(ctx),
      resultsTable(v, ctx.seatLabel));
  },
};
