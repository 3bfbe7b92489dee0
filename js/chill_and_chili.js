// The Chill & Chili board: a garden. The pond board and the pond (with what
// taking it gives now), the well, the draw pile and the compost; the market with
// its price strip and the accessory stacks; your hand; every player's beds, each
// card with its suns and the water drops on them.
// Follows the pattern at the top of js/shared.js: board.render(ctx) draws from
// ctx only, every legal move is a button on the board with data-aid, a click
// sends one action id (ctx.act). Python owns the game.
import { h } from "./shared.js";

export const VARIETY_COLOR = {
  Corn: "#f4d35e", Carrot: "#f08a24", Tomato: "#e4463b", Cauliflower: "#efe9d6", Pumpkin: "#e8871e", Chili: "#b3261e",
};

// ---------------------------------------------------------------------------
// Pure helpers (tested in js/tests/chill_and_chili.test.mjs)
// ---------------------------------------------------------------------------

/** The WCAG contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrast(a, b) {
  const lum = (hex) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

export const DARK_INK = "#111111";

/** The ink for text on a card's colour: dark on light colours, white on dark ones
 * (a Chili card's dark red), whichever reads better. */
export function inkFor(color) {
  return contrast(color, "#ffffff") > contrast(color, DARK_INK) ? "#ffffff" : DARK_INK;
}

/** Bed `i` of `seat` drawn card by card: its drops cover the suns in order; its
 * value and whether it is watered are Python's (view.bed_values, view.watered).
 * -> {name, variety, points, value, suns, drops, full, cards: [{type, name, covered: [bool]}]} */
export function bedSuns(catalog, view, seat, i) {
  const [kind, drops] = view.beds[seat][i];
  const b = catalog.beds[kind];
  let left = drops;
  const cards = b.cards.map((t) => {
    const c = catalog.cards[t];
    const covered = [];
    for (let i = 0; i < c.suns; i += 1) {
      covered.push(left > 0);
      left -= 1;
    }
    return { type: t, name: c.name, covered };
  });
  return {
    kind, name: b.name, variety: catalog.varieties[b.variety].name, points: b.points,
    value: view.bed_values[seat][i], suns: b.suns, drops, full: view.watered[seat].includes(i), cards,
  };
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The lines of the take preview from Python's view.take / take_left and, when the
 * viewer decides, view.take_preview. -> {n, text, water} (water: null unless deciding). */
export function takeLines(view) {
  const p = view.take_preview;
  const can = p && p.can ? ` + ${p.can} from the well (Watering Can)` : "";
  let water = null;
  if (p) {
    water = p.free
      ? `as water: ${p.covered} of your ${p.free} free suns covered, ${plural(p.complete, "bed")} complete${p.to_well ? `, ${p.to_well} to the well` : ""}`
      : "as water: no free sun, all would go to the well";
  }
  return { n: view.take, text: `of ${view.pond} in the pond, ${view.take_left} stay${can}`, water };
}

/** A plantable bed as a person reads it: "Tomato (☀ 1+2)". */
export function bedTitle(catalog, kind) {
  const b = catalog.beds[kind];
  return `${catalog.varieties[b.variety].name} (☀ ${b.cards.map((t) => catalog.cards[t].suns).join("+")})`;
}

/** The hand grouped by card type: [{type, name, variety, suns, count}] in type order. */
export function handGroups(catalog, hand) {
  const out = [];
  for (const t of hand || []) {
    const last = out[out.length - 1];
    if (last && last.type === t) last.count += 1;
    else {
      const c = catalog.cards[t];
      out.push({ type: t, name: c.name, variety: catalog.varieties[c.variety].name, suns: c.suns, count: 1 });
    }
  }
  return out;
}

/** The end-of-game table: [{seat, beds, hand, coins, total, planted, winner}]. */
export function scoringRows(view) {
  const res = view.result;
  if (!res) return [];
  return res.rows.map((r, seat) => ({
    seat, ...r, planted: (view.beds[seat] || []).length, winner: res.winners.includes(seat),
  }));
}

/** One line telling the viewer what to do now. */
export function promptText(view, legal) {
  if (view.current_player === null || view.current_player === undefined) return "Game over.";
  if (!legal.length) return `Player ${view.current_player} is deciding (${view.stage}).`;
  switch (view.stage) {
    case "water": return `Place ${view.drops} water drop${view.drops === 1 ? "" : "s"}: click a free sun.`;
    case "compost": return "Choose a card to put on the compost.";
    case "can": return "Watering Can: take its chips as money or as water.";
    case "barrow": return "Wheelbarrow: take its chips as money or as water.";
    default: return "Your turn: buy a card, plant a bed (or lay out an accessory), or take from the pond.";
  }
}

// ---------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------

function button(ctx, aid, key, label, cls, ...children) {
  return h("button", {
    class: ["cc-btn", "nbg-legal", cls], "data-aid": aid, "data-key": key, "aria-label": label, title: label,
    onclick: () => ctx.act(aid),
  }, ...children);
}

function sunIcons(covered, keyBase, waterAid, ctx) {
  return covered.map((c, i) => {
    if (!c && waterAid !== undefined) {
      return button(ctx, waterAid, `${keyBase}-${i}`, `${ctx.label(waterAid)} (a free sun)`, "cc-sun cc-sun-free");
    }
    return h("span", { class: ["cc-sun", c ? "cc-drop" : null], "aria-hidden": "true" });
  });
}

function cardFace(catalog, t, extra = {}) {
  const c = catalog.cards[t];
  const v = catalog.varieties[c.variety];
  const covered = extra.covered || new Array(c.suns).fill(false);
  // a small card sits in a bed whose header names the variety: its own name would not
  // fit (it is in the card's title instead); a long name gets a smaller type
  return h("div", { class: ["cc-card", extra.small ? "cc-small" : null], title: v.name,
    style: { "--cc-color": VARIETY_COLOR[v.name] || "#cccccc", "--cc-ink": inkFor(VARIETY_COLOR[v.name] || "#cccccc") } },
    extra.small ? null : h("div", { class: ["cc-card-name", v.name.length > 8 ? "cc-name-long" : null] }, v.name),
    h("div", { class: "cc-card-pts" }, v.bed[0] === v.bed[1] ? `${v.points[String(v.bed[0])]}`
      : h("span", { class: "cc-pts-range" }, `${v.points[String(v.bed[0])]}..${v.points[String(v.bed[1])]}`),
      h("span", { class: "cc-leaf" }, v.bed[0] === v.bed[1] ? `×${v.bed[0]}` : `×${v.bed[0]}-${v.bed[1]}`)),
    h("div", { class: "cc-suns" }, extra.suns || sunIcons(covered)));
}

function chips(n, cls) {
  const shown = Math.min(n, 12);
  const dots = [];
  for (let i = 0; i < shown; i += 1) dots.push(h("span", { class: ["cc-chip", cls] }));
  return h("div", { class: "cc-chips", "aria-hidden": "true" }, dots, n > shown ? h("span", { class: "cc-more" }, `+${n - shown}`) : null);
}

function yard(ctx) {
  const v = ctx.view;
  const p = takeLines(v);
  const money = ctx.find("take", { mode: 0 });
  const water = ctx.find("take", { mode: 1 });
  const preview = h("div", { class: "cc-preview", "data-testid": "take-preview" },
    h("div", { class: "cc-preview-n" }, `Take ${p.n}`),
    h("div", { class: "cc-small" }, p.text),
    p.water ? h("div", { class: "cc-small" }, p.water) : null,
    h("div", { class: "cc-row" },
      money !== undefined ? button(ctx, money, "take-money", `${ctx.label(money)} (${p.n} coins)`, "cc-take cc-take-money", `Take ${p.n} as money`) : null,
      water !== undefined ? button(ctx, water, "take-water", `${ctx.label(water)} (${p.n} drops)`, "cc-take cc-take-water", `Take ${p.n} as water`) : null));
  const draw = ctx.find("draw", {});
  const scare = ctx.find("scarecrow", {});
  const pile = h("div", { class: "cc-pile" },
    draw !== undefined
      ? button(ctx, draw, "draw", `${ctx.label(draw)} (free)`, "cc-back", h("span", null, v.draw), h("span", { class: "cc-small" }, "draw free"))
      : h("div", { class: "cc-back", "aria-label": `draw pile: ${v.draw} cards` }, h("span", null, v.draw)),
    h("div", { class: "cc-lbl" }, "draw pile"),
    scare !== undefined ? button(ctx, scare, "scarecrow", ctx.label(scare), "cc-small-btn", "Scarecrow: draw") : null);
  const compost = (v.compost || []).reduce((a, b) => a + b, 0);
  return h("div", { class: "cc-yard" },
    h("div", { class: "cc-spot", "aria-label": `pond board: ${v.pond_board} chips` },
      h("div", { class: "cc-lbl" }, "pond board"), h("div", { class: "cc-board-chips" }, h("b", null, v.pond_board)), chips(v.pond_board, "cc-chip-water"),
      v.last_turn ? h("div", { class: "cc-last" }, "last turn!") : null),
    h("div", { class: "cc-spot cc-pond-spot", "aria-label": `pond: ${v.pond} chips` },
      h("div", { class: "cc-lbl" }, "pond"), h("div", { class: "cc-pond" }, h("b", null, v.pond)), chips(v.pond, "cc-chip-water")),
    v.current_player === null || v.current_player === undefined ? null : preview,
    h("div", { class: "cc-spot", "aria-label": `well: ${v.well} chips` },
      h("div", { class: "cc-lbl" }, "well"), h("div", { class: "cc-well" }, h("b", null, v.well))),
    pile,
    h("div", { class: "cc-pile", "aria-label": `compost: ${compost} cards` },
      h("div", { class: "cc-compost" }, h("span", null, compost)), h("div", { class: "cc-lbl" }, "compost")));
}

function market(ctx) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const rows = v.market.map((row, r) => {
    const fresh = ctx.find("fresh", { row: r + 1 });
    return h("div", { class: "cc-mrow" },
      h("span", { class: "cc-rowlbl", title: `row ${r + 1}, as the moves name it (buy row ${r + 1} space ...)` }, `row ${r + 1}`),
      row.map((t, p) => {
        const aid = t >= 0 ? ctx.find("market", { row: r + 1, space: p }) : undefined;
        if (t < 0) return h("div", { class: "cc-card cc-empty" }, "empty");
        const face = cardFace(cat, t);
        return aid !== undefined
          ? button(ctx, aid, `m-${r}-${p}`, `${ctx.label(aid)}: ${cat.cards[t].name}`, "cc-slot", face)
          : h("div", { class: "cc-slot", "aria-label": `row ${r + 1} space ${p + 1}: ${cat.cards[t].name}` }, face);
      }),
      fresh !== undefined
        ? button(ctx, fresh, `fresh-${r}`, `${ctx.label(fresh)} (${plural(cat.fresh_cost, "coin")})`, "cc-small-btn cc-fresh",
          `fresh row (${plural(cat.fresh_cost, "coin")})`)
        : h("span", { class: "cc-fresh-gap" }));
  });
  const strip = h("div", { class: "cc-strip", "aria-label": "price strip" }, h("span", { class: "cc-rowlbl" }),
    cat.prices.map((p) => h("div", { class: "cc-price" }, h("span", { class: "cc-coin" }, p))), h("span", { class: "cc-fresh-gap" }));
  const stacks = h("div", { class: "cc-stacks" }, h("div", { class: "cc-lbl" }, "accessories"),
    cat.accessories.map((a, i) => {
      const aid = ctx.find("accessory", { accessory: i });
      const inner = [h("div", { class: "cc-acc-name" }, a.name), h("div", { class: "cc-small" }, `${v.stacks[i]} left`),
        h("span", { class: "cc-coin" }, a.price)];
      return aid !== undefined
        ? button(ctx, aid, `acc-${i}`, `${ctx.label(aid)} for ${a.price}: ${a.help}`, `cc-acc cc-acc-${i}`, ...inner)
        : h("div", { class: `cc-acc cc-acc-${i}`, title: a.help }, ...inner);
    }));
  return h("div", { class: "cc-market-box" },
    h("div", { class: "cc-market" }, h("div", { class: "cc-lbl" }, "market"), rows[0], strip, rows.slice(1)), stacks);
}

function choicePanel(ctx) {
  const v = ctx.view;
  for (const kind of ["can", "barrow"]) {
    const ids = ctx.legalOf(kind);
    if (!ids.length) continue;
    const k = plural(v.pending_chips, "chip");
    return h("div", { class: "cc-choice", role: "toolbar" },
      h("b", null, `${kind === "can" ? "Watering Can" : "Wheelbarrow"}: ${k} from the well as`),
      ids.map((a) => button(ctx, a.id, `${kind}-${a.mode}`, ctx.label(a.id), a.mode ? "cc-take-water" : "cc-take-money", a.mode ? "water" : "money")));
  }
  return null;
}

function handPanel(ctx) {
  const v = ctx.view;
  const me = v.seat;
  if (me === null || me === undefined) return null;
  const cat = ctx.catalog;
  const groups = handGroups(cat, v.hand);
  const drew = new Set(v.drew || []);
  const cards = groups.map((g) => {
    const aid = ctx.find("compost", { card: g.type });
    const face = cardFace(cat, g.type);
    const badge = g.count > 1 ? h("span", { class: "cc-count" }, `×${g.count}`) : null;
    const mark = drew.has(g.type) ? h("span", { class: "cc-new" }, "new") : null;
    return aid !== undefined
      ? button(ctx, aid, `hand-${g.type}`, ctx.label(aid), "cc-slot cc-compost-pick", face, badge, mark)
      : h("div", { class: "cc-slot", "aria-label": `${g.count} × ${g.name}` }, face, badge, mark);
  });
  const held = (v.held[me] || []).map((a) => {
    const lay = ctx.find("layout", { accessory: a });
    const comp = ctx.find("compost", { card: cat.accessories[a].card });
    const face = h("div", { class: `cc-acc cc-acc-${a}` }, h("div", { class: "cc-acc-name" }, cat.accessories[a].name),
      h("div", { class: "cc-small" }, cat.accessories[a].help));
    if (comp !== undefined) return button(ctx, comp, `hold-${a}`, ctx.label(comp), "cc-slot", face);
    if (lay !== undefined) return button(ctx, lay, `hold-${a}`, ctx.label(lay), "cc-slot", face, h("div", { class: "cc-small" }, "lay out"));
    return h("div", { class: "cc-slot" }, face);
  });
  const plants = ctx.legalOf("plant").map((a) => {
    const b = cat.beds[a.bed];
    return button(ctx, a.id, `plant-${a.bed}`, `${ctx.label(a.id)}: ${b.points} points, ${b.watered} watered`, "cc-plant",
      h("span", { class: "cc-swatch", style: { "--cc-color": VARIETY_COLOR[cat.varieties[b.variety].name] } }),
      `Plant ${bedTitle(cat, a.bed)} → ${b.points}/${b.watered}`);
  });
  return h("div", { class: "cc-hand-box" },
    h("div", { class: "cc-lbl" }, `your hand (${v.hand_sizes[me]} of ${cat.hand_limit})`),
    h("div", { class: "cc-hand", role: "toolbar" }, cards, held, !cards.length && !held.length ? h("span", { class: "cc-small" }, "empty") : null),
    plants.length ? h("div", { class: "cc-plants", role: "toolbar" }, plants) : null);
}

function garden(ctx, s) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const mine = s === v.seat;
  const moving = s === v.current_player;
  const beds = (v.beds[s] || []).map((_, i) => {
    const info = bedSuns(cat, v, s, i);
    const waterAid = mine ? ctx.find("water", { bed: i + 1 }) : undefined;
    return h("div", { class: ["cc-bed", info.full ? "cc-full" : null], "aria-label": `bed ${i + 1}: ${info.name}, ${info.drops} of ${info.suns} suns watered, worth ${info.value}` },
      waterAid !== undefined
        ? button(ctx, waterAid, `wbed-${s}-${i}`, `${ctx.label(waterAid)} (${info.suns - info.drops} free suns)`, "cc-bed-head cc-bed-water",
          h("span", null, `${i + 1}. ${info.variety}: water`), h("b", { class: "cc-bed-val" }, info.value))
        : h("div", { class: "cc-bed-head" }, h("span", null, `${i + 1}. ${info.variety}`), h("b", { class: "cc-bed-val" }, info.value)),
      h("div", { class: "cc-bed-cards" }, info.cards.map((c, j) =>
        cardFace(cat, c.type, { small: true, suns: sunIcons(c.covered, `w-${s}-${i}-${j}`, waterAid, ctx) }))));
  });
  const laid = (v.laid[s] || []).map((a) => h("span", { class: `cc-tag cc-acc-${a}`, title: cat.accessories[a].help }, cat.accessories[a].name));
  const held = (v.held[s] || []).map((a) => h("span", { class: "cc-tag cc-tag-held", title: "in hand" }, `${cat.accessories[a].name} (hand)`));
  return h("div", { class: ["cc-garden", mine ? "cc-mine" : null, moving ? "cc-moving" : null], "data-seat": s },
    h("div", { class: "cc-garden-head" },
      h("b", null, ctx.seatLabel(s)),
      h("span", { class: "cc-stat", title: "coins" }, h("span", { class: "cc-coin" }, v.coins[s])),
      h("span", { class: "cc-stat" }, `${v.hand_sizes[s]} cards`),
      h("span", { class: "cc-stat" }, `${v.scores[s]} pts`), laid, held),
    h("div", { class: "cc-beds" }, beds.length ? beds : h("span", { class: "cc-small" }, "no beds yet")));
}

function scoringTable(ctx) {
  const rows = scoringRows(ctx.view);
  if (!rows.length) return null;
  return h("table", { class: "nbg-table cc-score", "data-testid": "score-table" },
    h("tr", null, ["player", "beds", "cards in hand", `coins ÷ ${ctx.catalog.coins_per_point}`, "total", "beds planted"].map((x) => h("th", null, x))),
    rows.map((r) => h("tr", { class: r.winner ? "cc-win-row" : null },
      h("td", null, ctx.seatLabel(r.seat) + (r.winner ? " ★" : "")),
      [r.beds, r.hand, r.coins, r.total, r.planted].map((x) => h("td", { class: "nbg-num" }, x)))));
}

export const board = {
  render(ctx) {
    const v = ctx.view || {};
    const root = h("div", { class: "nbg-board cc-board" });
    if (!Array.isArray(v.market)) return root;
    const seats = v.beds.map((_, s) => s);
    const order = v.seat !== null && v.seat !== undefined ? [v.seat, ...seats.filter((s) => s !== v.seat)] : seats;
    const over = v.current_player === null || v.current_player === undefined;
    // while you place water drops, your beds come first (nothing else is to decide)
    const watering = ctx.legalOf("water").length > 0;
    const gardens = h("div", { class: "cc-gardens" }, order.map((s) => garden(ctx, s)));
    root.append(...[
      h("div", { class: ["cc-prompt", ctx.legal.length ? "cc-yours" : null] }, promptText(v, ctx.legal)),
      over ? scoringTable(ctx) : null,
      watering ? gardens : null,
      yard(ctx),
      choicePanel(ctx),
      market(ctx),
      handPanel(ctx),
      watering ? null : gardens,
    ].filter(Boolean));
    return root;
  },
};
