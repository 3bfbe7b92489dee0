// The Kupferkessel Co. board: an alchemist's workbench. The 6 x 6 grid of
// ingredient cards sits in a ring of 20 pawn spaces; each player's copper kettle
// shows its top card and height. Everything is drawn from ctx (see the header of
// shared.js); a click sends one action id through ctx.act.
import { andList, h, nameSpan, possessive } from "./shared.js";

export const COLOURS = {
  white: "#f3eee2", black: "#2c2a30", gray: "#8d9099", blue: "#3d73bf",
  brown: "#8a5a2e", green: "#4f9a3c", lilac: "#a17cc6",
};
export const SYMBOL_GLYPH = ["\u2739", "\u2726"];   // exploding kettle, magic wand and hat

/** [row, col] of a pawn space in the (g+2) x (g+2) ring layout (0-based), space 0
 * being the top-left corner and spaces counted clockwise (same as the engine). */
export function ringPos(space, g) {
  const n = g - 1;
  const side = Math.floor(space / n);
  const k = space % n;
  if (side === 0) return k === 0 ? [0, 0] : [0, k + 1];
  if (side === 1) return k === 0 ? [0, g + 1] : [k + 1, g + 1];
  if (side === 2) return k === 0 ? [g + 1, g + 1] : [g + 1, g - k];
  return k === 0 ? [g + 1, 0] : [g - k, 0];
}

/** "Toad 2 (exploding kettle)": a card for people and screen readers. */
export function cardLabel(card, symbols) {
  if (!card) return "no card";
  const sym = card.symbol >= 0 ? ` (${(symbols || [])[card.symbol] || "symbol"})` : "";
  return `${card.name} ${card.value}${sym}`;
}

/** Cards grouped by ingredient, each group's values sorted, for the recall-mode
 * memory panel (display sorting of ``stacks``; the end-of-game scoring draws the
 * groups Python scored, ``result[].rows``). */
export function stackGroups(cardIds, cards) {
  const by = new Map();
  for (const id of cardIds || []) {
    const c = cards[id];
    if (!c) continue;
    if (!by.has(c.ingredient)) by.set(c.ingredient, { ingredient: c.ingredient, name: c.name, colour: c.colour, cards: [] });
    by.get(c.ingredient).cards.push(c);
  }
  return [...by.values()].sort((a, b) => a.ingredient - b.ingredient)
    .map((g) => ({ ...g, cards: g.cards.sort((x, y) => x.value - y.value) }));
}

/** "row 2", "column 3" or "a corner": where a pawn space stands (the catalog's
 * ``line_names`` of the line in front of it). */
export function spaceText(space, cat) {
  const li = (cat.space_lines || [])[space];
  if (li === undefined || li < 0) return "a corner";
  return (cat.line_names || [])[li] || `line ${li}`;
}

/** One line for one event of the observation's ``events``. */
export function eventText(ev, cat, name) {
  const cards = cat.cards || [];
  const symbols = cat.symbols || [];
  const card = (id) => cardLabel(cards[id], symbols);
  const who = (s) => name(s);
  switch (ev[0]) {
    case "start": return `${who(ev[1])} started the kettle with ${card(ev[2])}`;
    case "under": return `${who(ev[1])} drew ${card(ev[2])} and put it under the deck`;
    case "move": return `${who(ev[1])} moved ${ev[3] === ev[2] ? "nowhere" : `next to ${spaceText(ev[3], cat)}`}`;
    case "corner": return `${who(ev[1])} stopped by a corner: no card this turn`;
    case "take": return `${who(ev[1])} took ${card(ev[3])}`;
    case "symbol": {
      const s = symbols[ev[2]] || "symbol";
      if (ev[3] === 1) return `${who(ev[1])} used the ${s}`;
      if (ev[3] === 0) return `${who(ev[1])} forfeited the ${s}`;
      return `${possessive(who(ev[1]))} ${s} had no effect`;
    }
    case "explode": return `${possessive(who(ev[1]))} top card ${card(ev[2])} ${ev[3] ? "left the game" : "went under the deck"}`;
    case "refill": return `a new card fills the gap: ${card(ev[2])}`;
    case "last": return `${who(ev[1])} ${ev[3] ? "kept" : "discarded"} the last card, ${card(ev[2])}`;
    default: return ev.join(" ");
  }
}

/** The scoring table rows: [{seat, ingredients, ones, recipes: [{text, bonus, met}], total}]. */
export function scoreRows(result, cat) {
  return (result || []).map((r, seat) => ({
    seat,
    ingredients: r.ingredients,
    ones: r.ones_bonus,
    recipes: (r.recipes || []).map(([i, bonus, met]) => ({ text: ((cat.recipes || [])[i] || {}).text || `recipe ${i}`, bonus, met })),
    total: r.total,
  }));
}

/** What the viewer is asked to do, or who is deciding. */
export function promptText(ctx) {
  const v = ctx.view;
  if (v.phase === "over") {
    const w = (ctx.winners || []).map((s) => ctx.seatLabel(s));
    return w.length ? `Game over \u2014 ${andList(w)} ${w.length > 1 || w[0] === "You" ? "win" : "wins"}` : "Game over";
  }
  if (ctx.legal.length) {
    if (v.phase === "take") return "Your turn: take a card from the glowing line";
    if (v.phase === "symbol") return "Announce your symbol, or forfeit it";
    if (v.phase === "last") return "The last card of a line: keep it or discard it";
  }
  const s = v.current_player;
  return s === null || s === undefined ? "" : `${ctx.seatLabel(s)} to ${v.phase === "take" ? "take a card" : "decide"}`;
}

function cardFace(card, cat, opts = {}) {
  const attrs = {
    class: ["kk-card", `kk-c-${card.colour}`, opts.cls],
    style: { "--kk-ink": COLOURS[card.colour] || "#888" },
    title: cardLabel(card, cat.symbols),
  };
  const inner = [
    h("span", { class: "kk-val" }, String(card.value)),
    h("span", { class: "kk-name" }, card.name),
    card.symbol >= 0 ? h("span", { class: ["kk-sym", `kk-sym-${card.symbol}`], "aria-hidden": "true" }, SYMBOL_GLYPH[card.symbol]) : null,
    card.plant ? h("span", { class: "kk-leaf", "aria-hidden": "true" }) : null,
  ];
  if (opts.aid !== undefined) {
    return h("button", {
      ...attrs, class: [...attrs.class, "kk-take"], "data-aid": opts.aid, "data-key": opts.key,
      "aria-label": opts.label, onclick: opts.onclick, onmouseenter: opts.onenter, onmouseleave: opts.onleave,
      onfocus: opts.onenter, onblur: opts.onleave,
    }, inner);
  }
  return h("div", attrs, inner);
}

function workshop(ctx, root) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const g = cat.grid || 6;
  const cards = cat.cards || [];
  const takes = new Map(ctx.legalOf("take").map((a) => [a.row * g + a.col, a.id]));
  const turn = v.turn_seat;
  // the line in front of the mover's pawn (Python's ``line``)
  const lineCells = new Set(v.line || []);
  // the mover's walk this turn: the spaces each of its move events passed
  const trail = new Set();
  for (const ev of v.events || []) {
    if (ev[0] === "move" && ev[1] === turn) {
      for (const p of [ev[2], ...ev.slice(4), ev[3]]) trail.add(p);
    }
  }
  // the next pawn's coming move (Python's ``next_seat`` and ``paths``)
  const next = v.next_seat ?? null;
  const coming = new Set(next === null || !v.paths ? [] : v.paths[next] || []);
  const after = v.after || [];
  const cells = [];
  // pawn spaces
  const nSpaces = 4 * (g - 1);
  const pawnAt = new Map((v.pawns || []).map((p, s) => [p, s]));
  for (let p = 0; p < nSpaces; p += 1) {
    const [r, c] = ringPos(p, g);
    const afterCls = after.map((path, i) => (path.includes(p) ? `kk-after-v${i + 1}` : null));
    const s = pawnAt.get(p);
    cells.push(h("div", {
      class: ["kk-space", (cat.space_lines || [])[p] < 0 && "kk-space-corner", trail.has(p) && "kk-trail",
        coming.has(p) && `kk-coming kk-coming-${next}`, ...afterCls,
        after.some((path) => path[path.length - 1] === p) && "kk-after-end"],
      style: { "grid-row": r + 2, "grid-column": c + 2 },
      "data-space": p,
    }, s === undefined ? null : h("span", {
      class: ["kk-pawn", `kk-pawn-${(cat.seat_colours || [])[s]}`, s === v.current_player && "kk-pawn-active"],
      style: { "--kk-ink": COLOURS[(cat.seat_colours || [])[s]] || "#888" },
      role: "img", "aria-label": `${possessive(ctx.seatLabel(s))} pawn`, title: `${possessive(ctx.seatLabel(s))} pawn`,
    })));
  }
  // the grid
  for (let cell = 0; cell < g * g; cell += 1) {
    const r = Math.floor(cell / g) + 1;
    const c = (cell % g) + 1;
    const x = v.grid[cell];
    const pos = { "grid-row": r + 2, "grid-column": c + 2 };
    let el;
    if (x === -2) {
      el = h("div", { class: "kk-corner", "aria-label": "corner card" }, h("span", { class: "kk-corner-pot" }));
    } else if (x === -1) {
      el = h("div", { class: "kk-gap", "aria-label": "empty space" });
    } else {
      const card = cards[x];
      const aid = takes.get(cell);
      el = cardFace(card, cat, aid === undefined ? { cls: lineCells.has(cell) ? "kk-in-line" : null } : {
        cls: "kk-in-line", aid, key: `kk-cell-${cell}`,
        label: `${cardLabel(card, cat.symbols)}: ${ctx.label(aid)}`,
        onclick: () => ctx.act(aid),
        onenter: () => root.setAttribute("data-hover", String(card.value)),
        onleave: () => root.removeAttribute("data-hover"),
      });
    }
    cells.push(h("div", { class: "kk-slot", style: pos, "data-cell": cell }, el));
  }
  // the grid's row and column numbers, as the moves name them ("take row 2 col 4")
  const { rows, cols } = gridLabels(ctx.space, g);
  rows.forEach((t, i) => cells.push(h("span", { class: "kk-tick kk-tick-row", "aria-hidden": "true",
    style: { "grid-row": i + 3, "grid-column": 1 } }, t)));
  cols.forEach((t, i) => cells.push(h("span", { class: "kk-tick kk-tick-col", "aria-hidden": "true",
    style: { "grid-row": 1, "grid-column": i + 3 } }, t)));
  return h("div", { class: "kk-workshop", style: { "--kk-n": g + 2 }, role: "group", "aria-label": "the ingredient grid" }, cells);
}

/** The numbers of the grid's rows and columns as the layout's "take" moves name
 * them (its fields' ranges: "take row 0 col 4" is the first row, fifth column). */
export function gridLabels(space, g) {
  const k = ((space && space.kinds) || []).find((x) => x.kind === "take");
  const field = (name) => (k && k.fields.find((f) => f.name === name)) || { lo: 0 };
  const nums = (name) => Array.from({ length: g }, (_, i) => String(field(name).lo + i));
  return { rows: nums("row"), cols: nums("col") };
}

/** Layers drawn under a kettle's top card (one a buried card, at most 12). */
export function kettleLayers(size) {
  return Math.max(0, Math.min((size || 0) - 1, 12));
}

function kettle(ctx, s) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const cards = cat.cards || [];
  const colour = (cat.seat_colours || [])[s];
  const size = v.sizes[s];
  const top = cards[v.tops[s]];
  const layers = [];
  for (let i = 0; i < kettleLayers(size); i += 1) layers.push(h("span", { class: "kk-layer" }));
  const active = s === v.current_player;
  return h("div", { class: ["kk-kettle", active && "kk-kettle-active"], "data-seat": s,
    "aria-label": `${possessive(ctx.seatLabel(s))} kettle: ${size} card${size === 1 ? "" : "s"}, top ${cardLabel(top, cat.symbols)}` },
    h("div", { class: "kk-kettle-head" },
      h("span", { class: "kk-seat-dot", style: { "--kk-ink": COLOURS[colour] || "#888" } }),
      h("span", { class: "kk-seat-name" }, ctx.seatLabel(s)),
      h("span", { class: "kk-height", title: "cards in the kettle" }, `\u00D7 ${size}`)),
    h("div", { class: "kk-pot", style: { "--kk-layers": Math.max(...(v.sizes || [0]).map(kettleLayers)) } },
      h("div", { class: "kk-stack" }, layers, top ? cardFace(top, cat, { cls: "kk-top" }) : null),
      h("div", { class: "kk-cauldron" })));
}

function decisions(ctx) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const out = [];
  for (const a of ctx.legalOf("use")) {
    const name = (cat.symbols || [])[a.symbol];
    const forfeit = ctx.find("forfeit", { symbol: a.symbol });
    out.push(h("div", { class: "kk-decide", role: "toolbar", "aria-label": "symbol" },
      h("span", { class: "kk-decide-text" }, h("span", { class: ["kk-sym-big", `kk-sym-${a.symbol}`] }, SYMBOL_GLYPH[a.symbol]),
        a.symbol === 0 ? " Exploding kettle: the others' top cards go under the deck" : " Magic wand and hat: take another turn"),
      h("button", { class: "kk-btn kk-btn-use", "data-aid": a.id, "data-key": "kk-use", "aria-label": `use the ${name}`, onclick: () => ctx.act(a.id) }, "Announce it"),
      forfeit === undefined ? null : h("button", { class: "kk-btn", "data-aid": forfeit, "data-key": "kk-forfeit", "aria-label": `forfeit the ${name}`, onclick: () => ctx.act(forfeit) }, "Forfeit")));
  }
  const keep = ctx.find("last", { choice: 0 });
  const discard = ctx.find("last", { choice: 1 });
  if (keep !== undefined || (v.pending >= 0 && v.phase === "last")) {
    const card = (cat.cards || [])[v.pending];
    out.push(h("div", { class: "kk-decide kk-decide-last", role: "toolbar", "aria-label": "the last card" },
      card ? cardFace(card, cat, { cls: "kk-pending" }) : null,
      h("span", { class: "kk-decide-text" }, "The last card of a line ends the game."),
      keep === undefined ? null : h("button", { class: "kk-btn kk-btn-use", "data-aid": keep, "data-key": "kk-keep", "aria-label": "keep the last card", onclick: () => ctx.act(keep) }, "Keep it"),
      discard === undefined ? null : h("button", { class: "kk-btn", "data-aid": discard, "data-key": "kk-discard", "aria-label": "discard the last card", onclick: () => ctx.act(discard) }, "Discard it")));
  }
  return out;
}

function memoryPanel(ctx) {
  const v = ctx.view;
  if (!v.stacks || v.seat === null || v.seat === undefined) return null;
  const groups = stackGroups(v.stacks[v.seat], ctx.catalog.cards || []);
  return h("div", { class: "kk-panel kk-memory", "aria-label": "your memory" },
    h("h4", { class: "kk-h" }, "Your memory (recall mode)"),
    h("ul", { class: "kk-memlist" }, groups.map((g) => h("li", { class: "kk-memrow" },
      h("span", { class: "kk-seat-dot", style: { "--kk-ink": COLOURS[g.colour] || "#888" } }),
      h("span", { class: "kk-memname" }, g.name),
      h("span", { class: "kk-memvals" }, g.cards.map((c) => c.value).join(" "))))));
}

function recipesPanel(ctx) {
  const v = ctx.view;
  const cat = ctx.catalog;
  if (!v.recipes || !v.recipes.length) return null;
  return h("div", { class: "kk-panel kk-recipes", "aria-label": "your secret recipes" },
    h("h4", { class: "kk-h" }, "Your secret recipes"),
    v.recipes.map((i) => {
      const r = (cat.recipes || [])[i] || {};
      return h("div", { class: "kk-recipe", style: { "--kk-ink": COLOURS[r.colour] || "#b87333" } },
        h("span", { class: "kk-recipe-bonus" }, `+${r.bonus}`), h("span", null, r.text));
    }));
}

function scoring(ctx) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const cards = cat.cards || [];
  const rows = scoreRows(v.result, cat);
  const winners = new Set(ctx.winners || []);
  // each kettle as Python scored it: one group a row of ``result[].rows``
  const sorted = (v.result || []).map((res, s) => {
    const groups = res.rows || [];
    const count = groups.reduce((n, row) => n + (row.cards || []).length, 0);
    return h("div", { class: "kk-sorted", "aria-label": `${possessive(ctx.seatLabel(s))} kettle, sorted` },
      h("h4", { class: "kk-h" }, nameSpan(ctx.seatLabel(s)), ` \u2014 ${count} cards`),
      h("div", { class: "kk-groups" }, groups.map((row) => {
        const ing = (cat.ingredients || [])[row.ingredient] || {};
        return h("div", { class: "kk-group" },
          h("div", { class: "kk-group-name" }, ing.name || `ingredient ${row.ingredient}`),
          h("div", { class: "kk-group-cards" }, (row.cards || []).map((id) => cards[id])
            .filter(Boolean).map((c) => cardFace(c, cat, { cls: "kk-mini" }))),
          h("div", { class: ["kk-group-pts", row.points < 0 && "kk-neg"] },
            `${row.points > 0 ? "+" : ""}${row.points ?? 0}${row.doubled ? " \u00D72" : ""}`));
      })));
  });
  const anyRecipes = rows.some((r) => r.recipes.length);
  return h("div", { class: "kk-panel kk-scoring", "data-testid": "score-table" },
    h("h4", { class: "kk-h" }, "Scoring"),
    h("table", { class: "nbg-table kk-score-table" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "nbg-num" }, "Ingredients"),
        h("th", { scope: "col", class: "nbg-num" }, "Most 1s"), anyRecipes ? h("th", { scope: "col" }, "Recipes") : null,
        h("th", { scope: "col", class: "nbg-num" }, "Total"))),
      h("tbody", null, rows.map((r) => h("tr", { class: winners.has(r.seat) ? "kk-winner" : null },
        h("th", { scope: "row" }, ctx.seatLabel(r.seat)), h("td", { class: "nbg-num" }, String(r.ingredients)),
        h("td", { class: "nbg-num" }, r.ones ? `+${r.ones}` : "0"),
        anyRecipes ? h("td", null, r.recipes.map((x) => h("div", { class: x.met ? "kk-met" : "kk-missed" },
          `${x.met ? "\u2713 +" + x.bonus : "\u2717"} ${x.text}`))) : null,
        h("td", { class: "nbg-num kk-total" }, String(r.total)))))),
    h("div", { class: "kk-sorted-all" }, sorted));
}

export const board = {
  title: "kupferkessel",
  render(ctx) {
    const v = ctx.view || {};
    // table memory: scores() is 0 until the end (nobody sees the buried cards)
    const later = v.memory !== "recall" && v.phase !== "over";
    const root = h("div", { class: ["nbg-board", "kk-board", later ? "kk-scores-later" : null] });
    if (!Array.isArray(v.grid)) return root;
    const cat = ctx.catalog || {};
    const yours = ctx.legal.length > 0;
    const name = (s) => ctx.seatLabel(s);
    const chips = h("div", { class: "kk-chips" },
      h("span", { class: ["kk-prompt", yours && "kk-yours"], role: "status" }, promptText(ctx)),
      h("span", { class: "kk-chip", title: "cards in the ingredient deck" }, `Deck ${v.deck}`),
      v.removed ? h("span", { class: "kk-chip" }, `Out of the game ${v.removed}`) : null,
      h("span", { class: "kk-chip kk-chip-mode", title: v.memory === "recall" ? "every kettle's cards are remembered for you" : "only the table: remember your own kettle" },
        v.memory === "recall" ? "Perfect memory" : "Table memory"),
      later ? h("span", { class: "kk-chip kk-chip-later", title: "with table memory only the top cards are shown, "
        + "so nobody can total a kettle until the game ends" }, "Scores at the end") : null,
      v.streak > 1 && v.phase !== "over" ? h("span", { class: "kk-chip kk-chip-extra" }, "Extra turn") : null);
    const events = v.events || [];
    const top = h("div", { class: "kk-top-row" },
      h("div", { class: "kk-kettles" }, (v.sizes || []).map((_, s) => kettle(ctx, s))),
      h("div", { class: "kk-decisions" }, decisions(ctx)));
    const side = h("div", { class: "kk-side" },
      recipesPanel(ctx),
      memoryPanel(ctx),
      events.length ? h("div", { class: "kk-panel kk-events", "aria-label": "just now" },
        h("h4", { class: "kk-h" }, "Just now"),
        h("ul", null, events.map((e) => h("li", null, eventText(e, cat, name))))) : null);
    root.append(chips, top, h("div", { class: "kk-main" }, workshop(ctx, root), side));
    if (v.phase === "over") root.append(scoring(ctx));
    return root;
  },
};
