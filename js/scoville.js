// The Scoville board: a market town around the pepper field. The field is a grid
// of plots; farmers stand on the notches between them. Every legal move is a
// button with data-aid on the board itself (plots while planting, notches while
// walking, cards at the market, the cook-off and the auction house, spots on the
// turn-order track); the bid is typed privately and sent with one button.
import { followHint, h, possessive } from "./shared.js";

export const COLOR_HEX = ["#d7263d", "#f4c20d", "#1e6fd9", "#2e9e44", "#f07f13", "#7b3fa0",
  "#7a4a23", "#f4f1ea", "#1d1d1d", "#9aa7b8"];
const CELL = 44; // px per plot
const EDGE = 12; // px of headland around the plots: half a farmer, so one on an edge notch stays on the field

/** The colour index planted at plot p (-1 = empty) from the field string. */
export function plotColor(field, p) {
  const ch = field[p];
  return ch === "." || ch === undefined ? -1 : Number(ch);
}

/** What Python says a step to `notch` harvests (view.harvest; empty: nothing). */
export function harvestOf(view, notch) {
  return (view.harvest && view.harvest[notch]) || [];
}

/** Is market card / recipe `card` one the viewer's peppers pay (view.affordable)? */
export function isAffordable(view, which, card) {
  return !!(view.affordable && view.affordable[which].includes(card));
}

/** The points (in plot units) of a walk: each notch of the path, with the corner
 * Python says each step passed through (walk.corners) in between. */
export function walkPoints(catalog, walk) {
  const out = [];
  walk.path.forEach((n, i) => {
    if (i > 0) out.push(walk.corners[i - 1]);
    out.push(catalog.notches[n].xy);
  });
  return out;
}

/** The layout's name of market reward `r` ("black", "white"). */
function rewardName(ctx, r) {
  const k = ctx.space.kinds.find((x) => x.kind === "market");
  const f = k && k.fields.find((x) => x.name === "reward");
  return f && f.names ? f.names[r - f.lo] : String(r);
}

/** The field's column letters and row numbers, as moves name its plots ("d3":
 * column d, row 3) and its notches ("d3|e3", "-d1"): read off catalog.plots. */
export function fieldLabels(catalog) {
  const plots = catalog.plots || [];
  const cols = plots.slice(0, catalog.cols).map((p) => p.replace(/\d+$/, ""));
  const rows = Array.from({ length: catalog.rows }, (_, r) => (plots[r * catalog.cols] || "").replace(/^\D+/, ""));
  return { cols, rows };
}

/** Pixel centre of a notch on the field drawing. */
export function notchXY(catalog, notch) {
  const [x, y] = catalog.notches[notch].xy;
  return [x * CELL, y * CELL];
}

function pepper(c, catalog, extra = "") {
  const name = catalog.colors[c];
  return h("span", { class: `sc-pep sc-c${c} ${extra}`, title: name, "aria-label": name,
    style: { "--pep": COLOR_HEX[c] } });
}

function peppers(list, catalog) {
  return h("span", { class: "sc-peps" }, list.map((c) => pepper(c, catalog)));
}

function seatDisc(ctx, s, extra = "") {
  return h("span", { class: `sc-disc sc-seat${s} ${extra}`, title: ctx.seatLabel(s) }, String(s));
}

function prompt(ctx) {
  const v = ctx.view;
  if (v.result) return "Game over";
  const who = v.current_player;
  const mine = ctx.legal.length > 0;
  const what = {
    bid: "bid for turn order (secretly)", spot: "choose a spot on the turn-order track",
    claim: "claim an auction card", plant: v.planted ? "plant another pepper (tile) or finish" : "plant a pepper",
    plaque: "take or decline the plaque", harvest: "walk the farmer", fulfil: "fulfil orders, sell, or finish",
  }[v.phase] || v.phase;
  return mine ? `Your turn: ${what}` : `${ctx.seatLabel(who)}: ${what}`;
}

function header(ctx) {
  const v = ctx.view;
  return h("div", { class: "sc-top" },
    h("span", { class: `sc-time ${v.afternoon ? "sc-afternoon" : "sc-morning"}` },
      v.afternoon ? "Afternoon" : "Morning"),
    h("span", { class: "sc-chip" }, `Round ${v.round}${v.final ? " (last)" : ""}`),
    h("span", { class: "sc-chip" }, `Screens ${v.screens ? "up" : "down"}`),
    h("span", { class: `sc-prompt ${ctx.legal.length ? "sc-yours" : ""}` }, prompt(ctx)));
}

function track(ctx) {
  const v = ctx.view;
  const n = v.players;
  const spots = [];
  for (let i = 0; i < n; i += 1) {
    const seat = v.phase === "spot" ? v.spots.indexOf(i + 1) : v.order[i];
    const aid = ctx.find("spot", { spot: i + 1 });
    const inner = [h("span", { class: "sc-spot-n" }, String(i + 1)),
      seat >= 0 && seat !== undefined ? seatDisc(ctx, seat) : null];
    spots.push(aid !== undefined
      ? h("button", { class: "sc-spot sc-legal", "data-aid": aid, "data-key": `spot${i + 1}`,
        "aria-label": `take spot ${i + 1}`, onclick: () => ctx.act(aid) }, inner)
      : h("div", { class: "sc-spot" }, inner));
  }
  const bids = v.bids ? h("div", { class: "sc-bids" }, "Bids: ",
    v.bids.map((b, s) => h("span", { class: "sc-bid" }, seatDisc(ctx, s), ` $${b}`))) : null;
  const bidding = v.bidding ? h("div", { class: "sc-bids" }, "Bids in: ",
    v.bidding.map((d, s) => h("span", { class: `sc-bid ${d ? "sc-in" : ""}` }, seatDisc(ctx, s), d ? " sealed" : " ..."))) : null;
  return h("section", { class: "sc-panel sc-track", "aria-label": "turn order track" },
    h("h4", { class: "sc-h" }, "Turn order"), h("div", { class: "sc-spots", role: "toolbar" }, spots), bids, bidding);
}

function bidBox(ctx) {
  if (ctx.view.phase !== "bid" || !ctx.legalOf("bid").length || ctx.view.bid_max === undefined) return null;
  const max = ctx.view.bid_max;
  const ui = ctx.ui;
  if (ui.bid === undefined || ui.bid > max) ui.bid = 0;
  const aid = ctx.find("bid", { amount: ui.bid });
  const input = h("input", { type: "number", min: 0, max, value: String(ui.bid), class: "sc-bid-input",
    "aria-label": "your bid in dollars", "data-key": "bid-input",
    oninput: (e) => { const x = Math.max(0, Math.min(max, Number(e.target.value) || 0)); ui.bid = x; } });
  return h("div", { class: "sc-panel sc-bidbox" },
    h("h4", { class: "sc-h" }, "Your sealed bid"),
    input, " of $", String(max), " ",
    h("button", { class: "sc-btn sc-legal", "data-aid": aid, "data-key": "bid-send",
      "aria-label": "place the bid", onclick: () => ctx.act(ctx.find("bid", { amount: ui.bid })) }, "Bid"),
    h("div", { class: "sc-quick", role: "toolbar" }, [0, 1, 2, 3, 5].filter((x) => x <= max).map((x) =>
      h("button", { class: "sc-btn", "data-aid": ctx.find("bid", { amount: x }), "data-key": `bid${x}`,
        "aria-label": `bid $${x}`, onclick: () => ctx.act(ctx.find("bid", { amount: x })) }, `$${x}`))));
}

function auctionHouse(ctx) {
  const v = ctx.view;
  const cards = v.auction.map((c) => {
    const aid = ctx.find("claim", { card: c });
    const body = [peppers(ctx.catalog.auction[c], ctx.catalog)];
    return aid !== undefined
      ? h("button", { class: "sc-card sc-auction sc-legal", "data-aid": aid, "data-key": `claim${c}`,
        "aria-label": `claim auction card ${c}`, onclick: () => ctx.act(aid) }, body)
      : h("div", { class: "sc-card sc-auction" }, body);
  });
  return h("section", { class: "sc-panel sc-house", "aria-label": "auction house" },
    h("h4", { class: "sc-h sc-awning" }, "Auction House"),
    h("div", { class: "sc-row", role: "toolbar" }, cards),
    h("div", { class: "sc-small" }, `deck ${v.decks.auction}, discards ${v.decks.discard}`));
}

function marketCard(ctx, c) {
  const card = ctx.catalog.market[c];
  const ok = isAffordable(ctx.view, "market", c);
  const body = [h("div", { class: "sc-wanted" }, "WANTED ", peppers(card.wanted, ctx.catalog)),
    h("div", { class: "sc-reward" }, "→ ", peppers(card.peppers, ctx.catalog),
      card.choice ? h("span", { class: "sc-small" }, ` ${rewardName(ctx, 1)} or ${rewardName(ctx, 2)}`) : null,
      card.coins ? h("span", { class: "sc-coins" }, ` $${card.coins}`) : null,
      h("span", { class: "sc-vp" }, ` ${card.vp}★`))];
  const acts = ctx.legalOf("market").filter((a) => a.card === c).map((a) => [a.reward, a.id]);
  const cls = `sc-card sc-market ${ok ? "sc-afford" : ""}`;
  if (!acts.length) return h("div", { class: cls, "aria-label": `market card ${c}${ok ? " (affordable)" : ""}` }, body);
  if (acts.length === 1) {
    return h("button", { class: `${cls} sc-legal`, "data-aid": acts[0][1], "data-key": `market${c}`,
      "aria-label": `fulfil market card ${c}`, onclick: () => ctx.act(acts[0][1]) }, body);
  }
  return h("div", { class: `${cls} sc-legal` }, body, acts.map(([r, a]) =>
    h("button", { class: "sc-btn", "data-aid": a, "data-key": `market${c}-${r}`,
      "aria-label": `fulfil market card ${c} taking ${rewardName(ctx, r)}`, onclick: () => ctx.act(a) },
    `take ${rewardName(ctx, r)}`)));
}

function recipeCard(ctx, r) {
  const card = ctx.catalog.recipes[r];
  const ok = isAffordable(ctx.view, "recipes", r);
  const aid = ctx.find("recipe", { card: r });
  const body = [h("div", { class: "sc-rname" }, card.name), peppers(card.peppers, ctx.catalog),
    h("span", { class: "sc-vp" }, ` ${card.vp}★`)];
  const cls = `sc-card sc-recipe ${ok ? "sc-afford" : ""}`;
  return aid !== undefined
    ? h("button", { class: `${cls} sc-legal`, "data-aid": aid, "data-key": `recipe${r}`,
      "aria-label": `cook recipe ${card.name}`, onclick: () => ctx.act(aid) }, body)
    : h("div", { class: cls, "aria-label": `recipe ${card.name}${ok ? " (affordable)" : ""}` }, body);
}

function market(ctx) {
  const v = ctx.view;
  return h("section", { class: "sc-panel sc-market-panel", "aria-label": "farmer's market" },
    h("h4", { class: "sc-h sc-awning" }, `Farmer's Market (${v.afternoon ? "afternoon" : "morning"})`),
    h("div", { class: "sc-row" }, v.market.map((c) => marketCard(ctx, c))));
}

function cookoff(ctx) {
  return h("section", { class: "sc-panel sc-cookoff", "aria-label": "chili cook-off" },
    h("h4", { class: "sc-h sc-awning" }, "Chili Cook-off"),
    h("div", { class: "sc-row" }, ctx.view.recipes.map((r) => recipeCard(ctx, r))));
}

function townHall(ctx) {
  const v = ctx.view;
  const plaque = v.phase === "plaque" && ctx.legalOf("plaque").length
    ? h("div", { class: "sc-row", role: "toolbar" },
      h("button", { class: "sc-btn sc-legal", "data-aid": ctx.find("plaque", { choice: 0 }), "data-key": "plaque-take",
        "aria-label": "take the plaque", onclick: () => ctx.act(ctx.find("plaque", { choice: 0 })) },
      `Take the ${ctx.catalog.plaques[v.offer].name} plaque (${v.offer_value})`),
      h("button", { class: "sc-btn", "data-aid": ctx.find("plaque", { choice: 1 }), "data-key": "plaque-decline",
        "aria-label": "decline the plaque", onclick: () => ctx.act(ctx.find("plaque", { choice: 1 })) }, "Decline"))
    : null;
  return h("section", { class: "sc-panel sc-hall", "aria-label": "town hall plaques" },
    h("h4", { class: "sc-h sc-awning" }, "Town Hall"),
    h("div", { class: "sc-row" }, ctx.catalog.plaques.map((p, i) => h("div", { class: "sc-stack" },
      h("span", { class: "sc-peps" }, p.colors.map((c) => pepper(c, ctx.catalog))),
      v.stacks[i].length ? v.stacks[i].map((x) => h("span", { class: "sc-plaque" }, String(x)))
        : h("span", { class: "sc-small" }, "none")))),
    plaque);
}

function field(ctx) {
  const v = ctx.view;
  const cat = ctx.catalog;
  const W = cat.cols * CELL;
  const H = cat.rows * CELL;
  const plants = ctx.legalOf("plant");
  const colorsLegal = [...new Set(plants.map((a) => a.pepper))];
  followHint(ctx, (a) => { if (a.kind === "plant") ctx.ui.color = a.pepper; });   // the best plant on show
  if (!colorsLegal.includes(ctx.ui.color)) ctx.ui.color = colorsLegal[0];
  const kids = [];
  for (let p = 0; p < cat.cols * cat.rows; p += 1) {
    const x = (p % cat.cols) * CELL;
    const y = Math.floor(p / cat.cols) * CELL;
    const c = plotColor(v.field, p);
    const style = { left: `${x}px`, top: `${y}px`, width: `${CELL}px`, height: `${CELL}px` };
    const aid = ctx.ui.color !== undefined ? ctx.find("plant", { pepper: ctx.ui.color, plot: p }) : undefined;
    const start = cat.start_plots.includes(p) ? " sc-start" : "";
    const inner = c >= 0 ? pepper(c, cat, "sc-big") : null;
    if (aid !== undefined) {
      kids.push(h("button", { class: `sc-plot sc-legal${start}`, style, "data-aid": aid, "data-key": `plot${p}`,
        "aria-label": `plant ${cat.colors[ctx.ui.color]} at ${cat.plots[p]}`, onclick: () => ctx.act(aid) },
      h("span", { class: "sc-ghost", style: { "--pep": COLOR_HEX[ctx.ui.color] } })));
    } else {
      kids.push(h("div", { class: `sc-plot${start}${c >= 0 ? " sc-planted" : ""}`, style,
        title: `${cat.plots[p]}${c >= 0 ? ` ${cat.colors[c]}` : ""}` }, inner));
    }
  }
  // the walking path (segments through the corners), then the star, farmers and step targets
  if (v.walk && v.walk.path.length > 1) {
    const pts = walkPoints(cat, v.walk);
    for (let i = 0; i + 1 < pts.length; i += 1) {
      const [x1, y1] = pts[i];
      const [x2, y2] = pts[i + 1];
      const len = Math.hypot(x2 - x1, y2 - y1) * CELL;
      const ang = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
      kids.push(h("span", { class: `sc-seg sc-seat${v.walk.seat}`, style: { left: `${x1 * CELL}px`, top: `${y1 * CELL}px`,
        width: `${len}px`, transform: `rotate(${ang}deg)` } }));
    }
  }
  const [sx, sy] = notchXY(cat, cat.star);
  kids.push(h("span", { class: "sc-star", style: { left: `${sx}px`, top: `${sy}px` }, title: "the star" }, "★"));
  v.farmers.forEach((n, s) => {
    if (n === null) return;
    const [x, y] = notchXY(cat, n);
    kids.push(h("span", { class: `sc-farmer sc-seat${s}`, style: { left: `${x}px`, top: `${y}px` },
      title: `${possessive(ctx.seatLabel(s))} farmer at ${cat.notches[n].name}` }, String(s)));
  });
  for (const a of [...ctx.legalOf("step"), ...ctx.legalOf("back")]) {
    const [x, y] = notchXY(cat, a.notch);
    const got = harvestOf(v, a.notch);
    const back = a.kind === "back";
    kids.push(h("button", { class: `sc-notch sc-legal${back ? " sc-back" : ""}`, style: { left: `${x}px`, top: `${y}px` },
      "data-aid": a.id, "data-key": `${a.kind}${a.notch}`,
      "aria-label": `${back ? "double back" : "step"} to ${cat.notches[a.notch].name}${got.length ? `, harvest ${got.map((c) => cat.colors[c]).join(" and ")}` : ", nothing"}`,
      onclick: () => ctx.act(a.id) },
    got.length ? h("span", { class: "sc-preview" }, got.map((c) => pepper(c, cat))) : null));
  }
  const chooser = colorsLegal.length ? h("div", { class: "sc-row sc-chooser", role: "toolbar" }, "Pepper to plant: ",
    colorsLegal.map((c) => h("button", { class: `sc-btn sc-colorpick ${c === ctx.ui.color ? "sc-on" : ""}`,
      "data-key": `pick${c}`, "aria-pressed": c === ctx.ui.color ? "true" : "false", "aria-label": `choose ${cat.colors[c]}`,
      onclick: () => { ctx.ui.color = c; ctx.ui.redraw && ctx.ui.redraw(); } }, pepper(c, cat), ` ${cat.colors[c]}`))) : null;
  // the plots lie inside a headland EDGE px wide, so that a farmer, the star or a
  // step target on a notch of the field's edge stays on the field
  const plots = h("div", { class: "sc-plots", style: { left: `${EDGE}px`, top: `${EDGE}px`, width: `${W}px`, height: `${H}px` } }, kids);
  const { cols, rows } = fieldLabels(cat);
  const tick = (text) => h("span", { class: "sc-tick" }, text);
  return h("section", { class: "sc-panel sc-fieldpanel", "aria-label": "pepper field" },
    h("h4", { class: "sc-h" }, "Pepper field"), chooser,
    h("div", { class: "sc-ruled", style: { "--cell": `${CELL}px`, "--edge": `${EDGE}px` } },
      h("div", { class: "sc-ruler sc-ruler-top", "aria-hidden": "true", title: "columns a, b, c ... as moves name plots (d3)" },
        cols.map(tick)),
      h("div", { class: "sc-ruler sc-ruler-left", "aria-hidden": "true", title: "rows 1, 2, 3 ... as moves name plots (d3)" },
        rows.map(tick)),
      h("div", { class: "sc-field", style: { width: `${W + 2 * EDGE}px`, height: `${H + 2 * EDGE}px` } }, plots)),
    v.walk ? h("div", { class: "sc-small" }, `${ctx.seatLabel(v.walk.seat)} walking: ${v.walk.steps} step${v.walk.steps === 1 ? "" : "s"} so far`) : null);
}

function screen(ctx) {
  const v = ctx.view;
  const me = v.seat;
  if (me === null || me === undefined) return null;
  const p = v.holdings[me];
  const rows = p.peppers.map((k, c) => {
    const sells = ctx.legalOf("sell").filter((a) => a.pepper === c);
    if (!k && !sells.length) return null;
    return h("div", { class: "sc-hold" }, pepper(c, ctx.catalog), h("b", null, ` ${k}`),
      h("span", { class: "sc-small" }, ` $${v.prices[c]} each`),
      sells.length ? h("span", { class: "sc-sells", role: "toolbar" }, sells.map((a) =>
        h("button", { class: "sc-btn sc-legal", "data-aid": a.id, "data-key": `sell${a.n}-${c}`,
          "aria-label": `sell ${a.n} ${ctx.catalog.colors[c]}`, onclick: () => ctx.act(a.id) }, `sell ${a.n}`))) : null);
  });
  const done = ctx.find("done", {});
  return h("section", { class: "sc-panel sc-screen", "aria-label": "your screen" },
    h("h4", { class: "sc-h" }, "Your screen"),
    h("div", { class: "sc-money" }, `$${p.money}`),
    h("div", { class: "sc-holds" }, rows),
    h("div", { class: "sc-small" }, `Market cards: ${p.market.length} · Recipes: ${p.recipes.length}`),
    h("div", { class: "sc-tiles" }, ctx.catalog.tiles.map((t, i) => h("span", { class: `sc-tile ${p.tiles[i] ? "" : "sc-used"}` }, t))),
    done !== undefined ? h("button", { class: "sc-btn sc-done sc-legal", "data-aid": done, "data-key": "done",
      "aria-label": "done", onclick: () => ctx.act(done) },
    v.phase === "harvest" ? "Stop here" : v.phase === "plant" ? "Finish planting" : "Done") : null);
}

function players(ctx) {
  const v = ctx.view;
  return h("section", { class: "sc-panel sc-players", "aria-label": "players" },
    h("h4", { class: "sc-h" }, "Players"),
    v.holdings.map((p, s) => h("div", { class: "sc-player" }, seatDisc(ctx, s), ` ${ctx.seatLabel(s)} `,
      h("span", { class: "sc-small" }, p.money === null ? "behind the screen" : `$${p.money}`),
      ` plaques ${p.plaques.map((x) => x[1]).join("+") || "0"}`,
      h("span", { class: "sc-small" }, ` tiles ${p.tiles.filter(Boolean).length}/3`),
      ctx.scores[s] !== undefined ? h("span", { class: "sc-vp" }, ` ${ctx.scores[s]}★`) : null)));
}

function chart(ctx) {
  const cat = ctx.catalog;
  return h("details", { class: "sc-panel sc-chart" }, h("summary", null, "Cross-breeding chart"),
    h("table", null, h("tr", null, h("th", null, ""), cat.colors.map((_, c) => h("th", null, pepper(c, cat)))),
      cat.colors.map((_, a) => h("tr", null, h("th", null, pepper(a, cat)),
        cat.colors.map((__, b) => h("td", null, cat.chart[a][b].length ? peppers(cat.chart[a][b], cat) : "✕"))))));
}

/** A cell of the game-over table: the points of one category; for money, the
 * dollars held and the points they make ("$64 → 21": a point for every $3). */
export function tallyCell(key, points, money) {
  if (key === "money" && typeof money === "number") return `$${money} \u2192 ${points}`;
  return String(points);
}

const TALLY = ["market", "recipes", "plaques", "tiles", "money", "total"];
const TALLY_HEAD = { money: "money ($3 = 1 point)" };

function result(ctx) {
  const r = ctx.view.result;
  if (!r) return null;
  const held = ctx.view.holdings || [];
  return h("section", { class: "sc-panel sc-result", "data-testid": "score-table" }, h("h4", { class: "sc-h" }, `Game over: ${r.why}`),
    h("table", null, h("tr", null, ["", ...TALLY].map((x) => h("th", null, TALLY_HEAD[x] || x))),
      r.tally.map((t, s) => h("tr", { class: r.winners.includes(s) ? "sc-win" : "" }, h("td", null, ctx.seatLabel(s)),
        TALLY.map((k) => h("td", { class: k === "money" ? "sc-money-cell" : null },
          tallyCell(k, t[k], (held[s] || {}).money)))))));
}

function parts(ctx) {
  return [header(ctx), result(ctx),
    h("div", { class: "sc-town" },
      h("div", { class: "sc-col" }, track(ctx), bidBox(ctx), auctionHouse(ctx), townHall(ctx)),
      h("div", { class: "sc-col sc-mid" }, field(ctx)),
      h("div", { class: "sc-col" }, screen(ctx), players(ctx))),
    market(ctx), cookoff(ctx), chart(ctx)].filter(Boolean);
}

export const board = {
  render(ctx) {
    const root = h("div", { class: "sc-board" });
    // a local redraw for selections that need no round trip (the pepper to plant)
    ctx.ui.redraw = () => { root.replaceChildren(...parts(ctx)); ctx.paint(root); };
    ctx.ui.redraw();
    return root;
  },
};
