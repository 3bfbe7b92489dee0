// The Veggies board: every player's market stand, the loading ramp, your held
// card, and placing a card by select -> rotate -> hover (ghost) -> click.
// Follows the pattern at the top of js/shared.js: `board.render(ctx)` draws
// everything from the compact observation (cards are ids into
// ctx.catalog.cards, each a 6-symbol string) and sends one legal id via ctx.act.
// Ids are found only through ctx.find / ctx.legalOf ("start" {card},
// "announce" {good}, "place" {src, rot, row, col}); the groups and scores at
// the end are Python's (view.result), never worked out here.
//
// The local selection (which card, which rotation, where the ghost is) lives in
// ctx.ui, this view's own object, and is reset whenever the position (step), the
// viewer, the phase or the legal list changes. Python owns the game.
import { followHint, h, possessive } from "./shared.js";

export const SYMBOL_NAMES = {
  S: "strawberry", B: "banana", G: "grape", C: "carrot", M: "mushroom", ".": "empty crate", R: "rat",
};
export const GOOD_SYMBOL = { strawberry: "S", banana: "B", grape: "G", carrot: "C", mushroom: "M" };
export const ROTS = [0, 90, 180, 270];
const PAD = 3; // spaces drawn around a stand: a card touching it from outside fits
// the own stand's grid is at most this tall (px), so that with 4 players the whole
// board (ramp, own stand, the opponents side by side) stays under 950 px at a
// notebook's width (tests/browser/test_veggies_e2e.py)
const OWN_HEIGHT = 370;

// ---------------------------------------------------------------------------
// Pure helpers (tested in js/tests/veggies.test.mjs)
// ---------------------------------------------------------------------------

/** The rows of card `id` turned q quarter turns clockwise, as Python turns it
 * (catalog.turned[id][q], the engine's `rotate`): 2 rows of 3 at q = 0, 2; 3
 * rows of 2 at q = 1, 3. An unknown id gives blank rows. */
export function turnedRows(catalog, id, q = 0) {
  const turned = ((catalog && catalog.turned) || [])[id];
  const k = ((q % 4) + 4) % 4;
  return (turned && turned[k]) || (k % 2 === 0 ? ["   ", "   "] : ["  ", "  ", "  "]);
}

/** Rows x columns of a card at rotation index q. */
export const cardShape = (q) => (q % 2 === 0 ? [2, 3] : [3, 2]);

/** The space under the pointer is this offset from the card's top-left: the
 * middle of the card's long side, so the ghost sits centred under the mouse. */
export const anchorOffset = (q) => (q % 2 === 0 ? [0, 1] : [1, 0]);

/** The spaces a card covers: [{r, c, sym}] for its turned `rows` (see
 * turnedRows) with its top-left at (r, c). */
export function footprint(rows, r, c) {
  const out = [];
  rows.forEach((row, i) => [...row].forEach((sym, j) => out.push({ r: r + i, c: c + j, sym })));
  return out;
}

/** Sort the decoded legal actions into what the board needs: the start and
 * announce choices (decoded actions), the sources that can be placed, and for
 * each (source, rotation) the legal top-left positions. */
export function indexLegal(ctx) {
  const sources = new Set();
  const poses = new Map();
  for (const a of ctx.legalOf("place")) {
    sources.add(a.src);
    const key = `${a.src},${a.rot}`;
    if (!poses.has(key)) poses.set(key, []);
    poses.get(key).push([a.row, a.col]);
  }
  return { start: ctx.legalOf("start"), announce: ctx.legalOf("announce"), sources, poses };
}

/** Placing source `src` turned `q` with the pointer on space (pr, pc): the
 * top-left, and the legal id there (undefined when that placement is not legal). */
export function placementAt(ctx, src, q, pr, pc) {
  const [dr, dc] = anchorOffset(q);
  const r = pr - dr;
  const c = pc - dc;
  const id = ctx.find("place", { src, rot: q, row: r, col: c });
  return { id, r, c, legal: id !== undefined };
}

/** The symbol a stand shows at (r, c) (relative to its starting card), or " ". */
export function symbolAt(stand, r, c) {
  const rows = stand.rows || [];
  const [r0, c0] = stand.origin || [0, 0];
  const row = rows[r - r0];
  if (row === undefined) return " ";
  return row[c - c0] ?? " ";
}

/** The part of the plane drawn for a stand: its cards plus `pad` spaces around. */
export function standWindow(stand, pad = PAD) {
  const rows = stand.rows || [];
  const [r0, c0] = stand.origin || [0, 0];
  const height = rows.length || 2;
  const width = rows.length ? Math.max(...rows.map((x) => x.length)) : 3;
  return { r0: r0 - pad, c0: c0 - pad, rows: height + 2 * pad, cols: width + 2 * pad };
}

/** Which placed card shows at each visible space: Map "r,c" -> index in
 * stand.cards ([[card id, rotation, row, col], ...]; the last card laid there is
 * on top). */
export function topCards(stand, catalog) {
  const owner = new Map();
  (stand.cards || []).forEach(([id, q, r, c], k) => {
    for (const cell of footprint(turnedRows(catalog, id, q), r, c)) owner.set(`${cell.r},${cell.c}`, k);
  });
  return owner;
}

/** End-of-game outlines of a stand from Python's groups and scores
 * (result.stands[s]: groups {good: [[[row, col], ...] a group]} and goods
 * {good: {largest, ...}}): Map "r,c" -> {good, largest: bool (a group of the
 * size Python scored as largest: tied groups are all largest), edges: the
 * "t"/"b"/"l"/"r" sides on the group's border, size} for the goods in `goods`. */
export function groupMarks(stand, goods) {
  const marks = new Map();
  const groups = (stand && stand.groups) || {};
  const scored = (stand && stand.goods) || {};
  for (const g of goods || []) {
    const largest = (scored[g] || {}).largest;
    (groups[g] || []).forEach((group) => {
      const inGroup = new Set(group.map(([r, c]) => `${r},${c}`));
      for (const [r, c] of group) {
        let edges = "";
        if (!inGroup.has(`${r - 1},${c}`)) edges += "t";
        if (!inGroup.has(`${r + 1},${c}`)) edges += "b";
        if (!inGroup.has(`${r},${c - 1}`)) edges += "l";
        if (!inGroup.has(`${r},${c + 1}`)) edges += "r";
        marks.set(`${r},${c}`, { good: g, largest: group.length === largest, edges, size: group.length });
      }
    });
  }
  return marks;
}

/** Rows of the end-of-game table from view.result. */
export function scoringRows(result) {
  if (!result) return [];
  return (result.stands || []).map((s, seat) => ({
    seat,
    goods: (result.pooled || []).map((g) => ({ good: g, ...(s.goods[g] || { largest: 0, groups: 0, points: 0 }) })),
    rats: s.rats,
    penalty: s.penalty,
    total: s.total,
    announced: (result.announcements || [])[seat] || [],
    winner: (result.winners || []).includes(seat),
  }));
}

/** What a card's turned rows show, for screen readers: "strawberry, banana, ... / rat, ...". */
export function describeCard(rows) {
  return rows.map((row) => [...row].map((s) => SYMBOL_NAMES[s] || s).join(", ")).join(" / ");
}

// ---------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------

const symClass = (s) => (s === " " ? "vg-void" : `vg-s-${s === "." ? "E" : s}`);

/** A card face: a small crate of 2 x 3 (or 3 x 2) compartments. */
export function cardFace(rows, opts = {}) {
  return h("div", { class: ["vg-card", opts.cls], style: { "--rows": rows.length, "--cols": rows[0].length },
    "aria-hidden": "true" },
  rows.map((row) => [...row].map((s) => h("span", { class: ["vg-cell", symClass(s)], title: SYMBOL_NAMES[s] }))));
}

function cardBack(text) {
  return h("div", { class: "vg-card vg-back", role: "img", "aria-label": text, title: text },
    h("span", { class: "vg-back-mark" }, "?"));
}

function chip(text, cls, extra = {}) {
  return h("span", { class: ["vg-chip", cls], ...extra }, text);
}

/** This view's selection, kept in ctx.ui across renders of the same position. */
function uiFor(ctx, ix) {
  const v = ctx.view;
  const ui = ctx.ui;
  const key = `${v.step}|${v.seat}|${v.phase}|${ctx.legal.length}`;
  if (ui.key !== key) {
    const src = ix.sources.has(0) ? 0 : ([...ix.sources].sort()[0] ?? null);
    Object.assign(ui, { key, src, q: 0, anchor: null, note: "", focusGood: null });
  }
  return ui;
}

/** The card id of a source: 0 your held card, 1..3 the ramp slots (null: none). */
function sourceCard(v, src) {
  const id = src === 0 ? (v.hand || [])[0] : (v.ramp || [])[src - 1];
  return id === undefined ? null : id;
}

function sourceName(src) {
  return src === 0 ? "your held card" : `ramp card ${src}`;
}

function prompt(ctx, ix) {
  const v = ctx.view;
  let text = null;
  let mine = false;
  if (v.phase === "over") return null;
  if (ix.start.length) {
    text = "Choose your starting card: it opens your stand, the other card stays in your hand.";
    mine = true;
  } else if (ix.sources.size) {
    text = "Your turn: pick a card (held or from the ramp), rotate it (button or r), then click a glowing spot on your stand.";
    mine = true;
  } else if (ix.announce.length) {
    text = "Your largest groups tie: announce the good you name. Nobody sees it until everyone has announced.";
    mine = true;
  } else if (v.current_player !== null && v.current_player !== undefined) {
    const who = ctx.seatLabel(v.current_player);
    const what = { start: "chooses a starting card", place: "places a card", announce: "announces" }[v.phase] || "moves";
    text = `${who} ${what}\u2026`;
  }
  return text ? h("div", { class: ["vg-prompt", mine ? "vg-yours" : ""], role: "status" }, text) : null;
}

function counters(v) {
  const phase = { start: "set-up", place: "placing cards", announce: "announcements", over: "game over" }[v.phase] || v.phase;
  const mine = v.seat !== null && v.seat !== undefined ? (v.stands[v.seat].cards || []).length : null;
  return h("div", { class: "vg-counters" },
    chip(phase, `vg-phase vg-phase-${v.phase}`, { "data-testid": "phase" }),
    chip(`Deck ${v.deck}`, "", { title: "cards left in the deck" }),
    mine !== null ? chip(`Your stand ${mine} / ${v.stand_cards}`, "", { "data-testid": "stand-size" }) : null,
    v.announce_count === 2 ? chip("2 players: each announces 2 goods", "vg-note-chip") : null,
    v.teams ? chip(`Teams: ${v.teams.map((t) => `seats ${t.join("+")}`).join(" vs ")}`, "vg-note-chip") : null);
}

/** The loading ramp and your hand: the cards you may place (buttons). */
function market(ctx, ix, ui, redraw) {
  const v = ctx.view;
  const selectable = (src) => ix.sources.has(src);
  const slot = (src, id, label) => {
    const selected = ui.src === src && selectable(src);
    const spaces = id === null ? null : turnedRows(ctx.catalog, id);
    const face = spaces ? cardFace(spaces) : h("div", { class: "vg-card vg-empty-slot" }, "empty");
    const inner = [face, h("span", { class: "vg-slot-label" }, label)];
    if (spaces && selectable(src)) {
      return h("button", { class: ["vg-slot", "nbg-legal", selected ? "vg-selected" : ""],
        "data-key": `vg-src-${src}`, "aria-pressed": selected ? "true" : "false",
        "aria-label": `select ${sourceName(src)}: ${describeCard(spaces)}`,
        title: `select (key ${src + 1})`,
        onclick: () => { ui.src = src; ui.note = ""; redraw(`vg-src-${src}`); } }, inner);
    }
    return h("div", { class: "vg-slot", role: "img",
      "aria-label": spaces ? `${label}: ${describeCard(spaces)}` : `${label}: empty` }, inner);
  };
  const ramp = (v.ramp || []).map((id, i) => slot(i + 1, id, `ramp ${i + 1}`));
  let hand = null;
  if (v.seat !== null && v.seat !== undefined && v.phase !== "start") {
    const held = sourceCard(v, 0);
    hand = h("div", { class: "vg-hand" }, h("h5", { class: "vg-h" }, "Your held card"),
      h("div", { class: "vg-row", role: "toolbar", "aria-label": "your held card" },
        held !== null ? slot(0, held, "held") : h("p", { class: "vg-small" }, "none (the deck is empty)")));
  }
  return h("section", { class: "vg-market", "aria-label": "loading ramp and your hand" },
    h("div", { class: "vg-ramp" }, h("h5", { class: "vg-h" }, "Loading ramp"),
      h("div", { class: "vg-row", role: "toolbar", "aria-label": "loading ramp" }, ramp)),
    hand,
    ix.sources.size ? rotateTool(ctx, ix, ui, redraw) : null);
}

function rotateTool(ctx, ix, ui, redraw) {
  const v = ctx.view;
  const id = ui.src === null ? null : sourceCard(v, ui.src);
  const spaces = id === null ? null : turnedRows(ctx.catalog, id, ui.q);
  const turn = (d) => { ui.q = (ui.q + d + 4) % 4; ui.note = ""; redraw(d > 0 ? "vg-rot-cw" : "vg-rot-ccw"); };
  const n = (ix.poses.get(`${ui.src},${ui.q}`) || []).length;
  return h("div", { class: "vg-tool" }, h("h5", { class: "vg-h" }, "Selected"),
    spaces ? h("div", { class: "vg-preview", "aria-live": "polite",
      "aria-label": `${sourceName(ui.src)} turned ${ROTS[ui.q]} degrees: ${describeCard(spaces)}` },
    cardFace(spaces, { cls: "vg-big" })) : h("p", { class: "vg-small" }, "Select a card."),
    h("div", { class: "vg-row", role: "toolbar", "aria-label": "rotate the selected card" },
      h("button", { class: "nbg-btn", "data-key": "vg-rot-ccw", "aria-label": "rotate counter-clockwise (shift+r)",
        title: "rotate counter-clockwise (Shift+R)", onclick: () => turn(-1) }, "\u21BA"),
      h("button", { class: "nbg-btn nbg-primary", "data-key": "vg-rot-cw", "aria-label": "rotate clockwise (r)",
        title: "rotate clockwise (R)", onclick: () => turn(1) }, "\u21BB Rotate"),
      h("span", { class: "vg-small" }, `${ROTS[ui.q]}\u00B0 \u00B7 ${n} spots`)),
    h("p", { class: "vg-small vg-help" },
      "Keys: 1-4 pick a card, r / Shift+R rotate, arrows move the card on your stand, Enter places, Esc clears."));
}

function cellStyle(mark) {
  if (!mark) return undefined;
  const shadow = [];
  const col = mark.largest ? "#f59e0b" : "rgba(37, 99, 235, .75)";
  const w = mark.largest ? 3 : 2;
  if (mark.edges.includes("t")) shadow.push(`inset 0 ${w}px 0 ${col}`);
  if (mark.edges.includes("b")) shadow.push(`inset 0 -${w}px 0 ${col}`);
  if (mark.edges.includes("l")) shadow.push(`inset ${w}px 0 0 ${col}`);
  if (mark.edges.includes("r")) shadow.push(`inset -${w}px 0 0 ${col}`);
  return shadow.length ? { "box-shadow": shadow.join(", ") } : undefined;
}

/** One stand as a grid of spaces (absolute coordinates relative to its starting
 * card in data-r/data-c). `opts.spots` maps "r,c" of a glowing space (the pointer
 * space of a legal placement of the selected card) to that placement's id, which
 * the cell carries as data-aid: clicking it places the card there. */
function standGrid(ctx, seat, opts) {
  const v = ctx.view;
  const stand = v.stands[seat];
  const win = opts.window || standWindow(stand, opts.pad ?? PAD);
  const owner = topCards(stand, ctx.catalog);
  const lastK = (stand.cards || []).length - 1;
  const result = v.phase === "over" ? v.result : null;
  const over = !!(result && result.stands && result.stands[seat]);
  const focus = opts.ui && opts.ui.focusGood;
  const marks = over ? groupMarks(result.stands[seat], focus ? [focus] : result.pooled) : new Map();
  const spots = opts.spots || new Map();
  const cells = [];
  for (let i = 0; i < win.rows; i += 1) {
    for (let j = 0; j < win.cols; j += 1) {
      const r = win.r0 + i;
      const c = win.c0 + j;
      const s = symbolAt(stand, r, c);
      const k = owner.get(`${r},${c}`);
      const cls = ["vg-cell", symClass(s)];
      if (k !== undefined) {
        for (const [side, dr, dc] of [["t", -1, 0], ["b", 1, 0], ["l", 0, -1], ["r", 0, 1]]) {
          if (owner.get(`${r + dr},${c + dc}`) !== k) cls.push(`vg-e${side}`);
        }
        if (k === lastK && v.phase !== "over" && lastK > 0) cls.push("vg-last");
      }
      const mark = marks.get(`${r},${c}`);
      if (over && s !== " ") cls.push(mark ? (mark.largest ? "vg-big-grp" : "vg-grp") : "vg-dim");
      const spot = spots.get(`${r},${c}`);
      if (spot !== undefined) cls.push("vg-spot");
      cells.push(h("div", { class: cls, "data-r": r, "data-c": c, "data-aid": spot, style: cellStyle(mark),
        title: s === " " ? undefined : `${SYMBOL_NAMES[s]}${mark ? ` (group of ${mark.size})` : ""}` }));
    }
  }
  return { win, cells };
}

function describeStand(stand) {
  const n = {};
  for (const row of stand.rows || []) for (const s of row) if (s !== " ") n[s] = (n[s] || 0) + 1;
  const parts = Object.entries(n).map(([s, k]) => `${k} ${SYMBOL_NAMES[s]}`);
  return `${(stand.cards || []).length} cards; visible: ${parts.join(", ") || "nothing"}`;
}

function standHeader(ctx, seat, extra) {
  const v = ctx.view;
  const stand = v.stands[seat];
  const team = v.teams ? v.teams.findIndex((t) => t.includes(seat)) : -1;
  const bits = [
    h("span", { class: "vg-sign" }, ctx.seatLabel(seat), team >= 0 ? h("span", { class: "vg-team" }, ` team ${team === 0 ? "A" : "B"}`) : null),
    chip(`${(stand.cards || []).length}/${v.stand_cards} cards`, "vg-mini-chip"),
    chip(`${stand.rats} rat${stand.rats === 1 ? "" : "s"}`, stand.rats ? "vg-mini-chip vg-rat-chip" : "vg-mini-chip"),
  ];
  if (seat !== v.seat && v.phase !== "over") {
    bits.push(stand.hand_size ? h("span", { class: "vg-held-back" }, cardBack(`${ctx.seatLabel(seat)} holds ${stand.hand_size} hidden card${stand.hand_size > 1 ? "s" : ""}`),
      h("span", { class: "vg-small" }, stand.hand_size > 1 ? `${stand.hand_size} in hand` : "holds 1")) : null);
  }
  if (v.phase === "start" && Array.isArray(v.started)) {
    bits.push(v.started[seat] ? chip("\u2713 chose a starting card", "vg-mini-chip vg-done")
      : chip("choosing\u2026", "vg-mini-chip"));
  }
  if (v.phase === "announce" || v.phase === "over") {
    const ann = v.phase === "over" ? (v.announcements || [])[seat] : (seat === v.seat ? v.my_announcement : null);
    if (ann && ann.length) bits.push(h("span", { class: "vg-ann" }, "announced ", ann.map((g) => goodBadge(g))));
    else if ((v.announced || [])[seat]) bits.push(chip("\u2713 announced", "vg-mini-chip vg-done"));
    else bits.push(chip("announcing\u2026", "vg-mini-chip"));
  }
  if (seat === v.current_player) bits.push(chip("\u25B8 to move", "vg-mini-chip vg-moving"));
  if ((ctx.winners || []).includes(seat) && v.phase === "over") bits.push(chip("\u2605 winner", "vg-mini-chip vg-winner"));
  return h("div", { class: "vg-stand-head" }, bits, extra);
}

function awning() {
  return h("div", { class: "vg-awning", "aria-hidden": "true" });
}

/** The numbers along a stand's top and left edges: each column's and row's
 * coordinate counted from the starting card (0), as the engine's moves name them
 * ("place held r90 at (+1,-2)": the card's top-left space at row +1, column -2). */
export function rulerLabels(win) {
  const sign = (x) => (x > 0 ? `+${x}` : String(x));
  return { cols: Array.from({ length: win.cols }, (_, j) => sign(win.c0 + j)),
    rows: Array.from({ length: win.rows }, (_, i) => sign(win.r0 + i)) };
}

function ruled(win, cellPx, grid) {
  const { cols, rows } = rulerLabels(win);
  const mark = (text) => h("span", { class: ["vg-tick", text === "0" ? "vg-tick-0" : ""] }, text);
  return h("div", { class: "vg-ruled", style: { "--cell": `${cellPx}px`, "--gcols": win.cols, "--grows": win.rows } },
    h("span", { class: "vg-ruler-corner", "aria-hidden": "true" }),
    h("div", { class: "vg-ruler vg-ruler-top", "aria-hidden": "true", title: "column (0: your starting card)" }, cols.map(mark)),
    h("div", { class: "vg-ruler vg-ruler-left", "aria-hidden": "true", title: "row (0: your starting card)" }, rows.map(mark)),
    grid);
}

const COORDS_NOTE = "Rows and columns count from your starting card (0); a move \"at (row,col)\" puts the card's top-left space there.";

/** The viewer's own stand: large, with the ghost preview and click-to-place. */
function ownStand(ctx, ix, ui, redraw) {
  const v = ctx.view;
  const seat = v.seat;
  const stand = v.stands[seat];
  const live = !!(ix.sources.size > 0 && ui.src !== null && sourceCard(v, ui.src) !== null);
  const spots = new Map();
  const poses = live ? (ix.poses.get(`${ui.src},${ui.q}`) || []) : [];
  const [dr, dc] = anchorOffset(ui.q);
  for (const [r, c] of poses) spots.set(`${r + dr},${c + dc}`, ctx.find("place", { src: ui.src, rot: ui.q, row: r, col: c }));
  const win = standWindow(stand, live ? PAD : 1);
  const cellPx = Math.max(18, Math.min(40, Math.floor(560 / Math.max(win.cols, 1)), Math.floor(OWN_HEIGHT / Math.max(win.rows, 1))));
  const { cells } = standGrid(ctx, seat, { window: win, spots, ui });
  const grid = h("div", { class: ["vg-grid", live ? "vg-live" : ""], style: { "--cell": `${cellPx}px`,
    "--gcols": win.cols, "--grows": win.rows } }, cells);

  if (!stand.rows.length) {
    const chosen = v.my_start !== null && v.my_start !== undefined;
    return h("section", { class: "vg-stand vg-own", "aria-label": "your stand" }, awning(),
      standHeader(ctx, seat), h("div", { class: "vg-counter-top" },
        h("p", { class: "vg-small vg-empty-stand" }, chosen
          ? "Your starting card is chosen: it is laid when everyone has chosen."
          : "Your stand is empty: choose a starting card below.")));
  }
  if (!live) {
    return h("section", { class: "vg-stand vg-own", "aria-label": `your stand: ${describeStand(stand)}` }, awning(),
      standHeader(ctx, seat), h("div", { class: "vg-counter-top" }, ruled(win, cellPx, grid)));
  }

  // the ghost: the selected card, turned, following the pointer (or the arrow keys)
  const ghost = h("div", { class: "vg-ghost", hidden: true, "aria-hidden": "true" },
    cardFace(turnedRows(ctx.catalog, sourceCard(v, ui.src), ui.q), { cls: "vg-ghost-card" }));
  const status = h("div", { class: "vg-ghost-status", "aria-live": "polite", "data-testid": "ghost-status" }, ui.note || COORDS_NOTE);
  const place = () => {
    if (!ui.anchor) return;
    const p = placementAt(ctx, ui.src, ui.q, ui.anchor[0], ui.anchor[1]);
    if (p.legal) ctx.act(p.id);
    else {
      ui.note = "Not there: the card must overlap your stand or share a side with it.";
      status.textContent = ui.note;
      ghost.classList.add("vg-shake");
    }
  };
  const showGhost = () => {
    if (!ui.anchor) { ghost.hidden = true; status.textContent = ui.note || COORDS_NOTE; return; }
    const p = placementAt(ctx, ui.src, ui.q, ui.anchor[0], ui.anchor[1]);
    ghost.hidden = false;
    ghost.style.setProperty("left", `${(p.c - win.c0) * cellPx}px`);
    ghost.style.setProperty("top", `${(p.r - win.r0) * cellPx}px`);
    ghost.className = ["vg-ghost", p.legal ? "vg-ok" : "vg-bad"].join(" ");
    ghost.setAttribute("data-legal", p.legal ? "true" : "false");
    ghost.setAttribute("data-id", p.legal ? String(p.id) : "");
    status.textContent = p.legal ? `${ctx.label(p.id)}: click or Enter to place`
      : (ui.note || "Not legal here: the card must overlap the stand or share a side with it.");
  };
  grid.addEventListener("mouseover", (e) => {
    const cell = e.target && e.target.closest ? e.target.closest("[data-r]") : null;
    if (!cell) return;
    ui.anchor = [Number(cell.getAttribute("data-r")), Number(cell.getAttribute("data-c"))];
    ui.note = "";
    showGhost();
  });
  grid.addEventListener("mouseleave", () => { ghost.hidden = true; });
  grid.addEventListener("click", (e) => {
    const cell = e.target && e.target.closest ? e.target.closest("[data-r]") : null;
    if (!cell) return;
    ui.anchor = [Number(cell.getAttribute("data-r")), Number(cell.getAttribute("data-c"))];
    place();
  });
  const frame = h("div", { class: "vg-grid-frame", tabindex: 0, "data-key": "vg-stand", role: "application",
    "aria-label": `your stand (${describeStand(stand)}). Place ${sourceName(ui.src)}: arrow keys move it, r rotates, Enter places`,
    onfocus: () => {
      if (!ui.anchor) {
        const first = poses[0];
        ui.anchor = first ? [first[0] + dr, first[1] + dc] : [stand.origin[0], stand.origin[1]];
      }
      showGhost();
    },
    onkeydown: (e) => {
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (moves[e.key]) {
        const [a, b] = ui.anchor || [stand.origin[0], stand.origin[1]];
        ui.anchor = [Math.max(win.r0, Math.min(win.r0 + win.rows - 1, a + moves[e.key][0])),
          Math.max(win.c0, Math.min(win.c0 + win.cols - 1, b + moves[e.key][1]))];
        ui.note = "";
        showGhost();
        e.preventDefault();
        e.stopPropagation();
      } else if (e.key === "Enter" || e.key === " ") {
        place();
        e.preventDefault();
      }
    },
    onmouseenter: () => {
      // so that r rotates while the mouse is over the stand
      const active = typeof document !== "undefined" ? document.activeElement : null;
      const typing = active && (active.tagName === "INPUT" || active.tagName === "SELECT" || active.tagName === "TEXTAREA");
      if (!typing && frame.focus) {
        const keep = ui.anchor;
        frame.focus({ preventScroll: true });
        ui.anchor = keep;
      }
    } },
  ruled(win, cellPx, grid));
  grid.appendChild(ghost);
  showGhost();
  return h("section", { class: "vg-stand vg-own", "aria-label": "your stand" }, awning(),
    standHeader(ctx, seat), h("div", { class: "vg-counter-top" }, frame), status);
}

/** The cell size of an opponent's stand: it must fit a column of the opponents'
 * grid (veggies.css: at least 170 px wide, 250 px when `big`, at the end or for
 * the spectator), so that three opponents sit side by side rather than in one
 * tall column. */
export function otherCellPx(win, big) {
  const cols = Math.max(win.cols, 1);
  const rows = Math.max(win.rows, 1);
  return big ? Math.max(12, Math.min(28, Math.floor(224 / cols), Math.floor(300 / rows)))
    : Math.max(9, Math.min(20, Math.floor(148 / cols), Math.floor(220 / rows)));
}

/** One cell size for all the opponents' stands (the smallest any of them needs to
 * fit its column), so that they are drawn at the same scale side by side. */
export function othersCellPx(stands, seats, big) {
  const sizes = seats.map((s) => otherCellPx(standWindow(stands[s], 0), big));
  return sizes.length ? Math.min(...sizes) : otherCellPx({ cols: 1, rows: 1 }, big);
}

function otherStand(ctx, seat, big, cellPx) {
  const stand = ctx.view.stands[seat];
  const win = standWindow(stand, 0);
  const { cells } = standGrid(ctx, seat, { window: win, ui: ctx.ui });
  const reveal = (ctx.view.reveal || []).find((r) => r.seat === seat);
  const revealed = reveal && reveal.hand && reveal.hand.length
    ? h("div", { class: "vg-reveal" }, h("span", { class: "vg-small" }, "holds (teaching mode): "),
      reveal.hand.map((id) => cardFace(turnedRows(ctx.catalog, id), { cls: "vg-tiny" }))) : null;
  return h("section", { class: "vg-stand vg-other", "aria-label": `${possessive(ctx.seatLabel(seat))} stand: ${describeStand(stand)}` },
    awning(), standHeader(ctx, seat),
    h("div", { class: "vg-counter-top" }, stand.rows.length
      ? h("div", { class: "vg-grid", style: { "--cell": `${cellPx}px`, "--gcols": win.cols, "--grows": win.rows } }, cells)
      : h("p", { class: "vg-small vg-empty-stand" }, "no cards yet")),
    revealed);
}

function startChoice(ctx, ix) {
  const v = ctx.view;
  if (v.phase !== "start" || v.seat === null || v.seat === undefined) return null;
  const hand = v.hand || [];
  if (!hand.length) return null;
  const chosen = v.my_start ?? null;   // secret start: my choice, face down until all have chosen
  const items = hand.map((cardId, i) => {
    const spaces = turnedRows(ctx.catalog, cardId);
    const id = ctx.find("start", { card: i });
    const mine = cardId === chosen;
    const inner = [cardFace(spaces, { cls: "vg-big" }), h("span", { class: "vg-slot-label" },
      id !== undefined ? "Start with this card" : (mine ? "Your starting card (face down)" : `card ${i + 1}`))];
    return id === undefined
      ? h("div", { class: ["vg-slot", mine ? "vg-selected" : ""], role: "img",
        "aria-label": `${mine ? "your starting card, hidden until everyone has chosen" : `hand card ${i}`}: ${describeCard(spaces)}` }, inner)
      : h("button", { class: "vg-slot vg-start nbg-legal", "data-key": `vg-start-${i}`, "data-aid": id,
        "aria-label": `start your stand with hand card ${i}: ${describeCard(spaces)}; keep the other`,
        title: ctx.label(id), onclick: () => ctx.act(id) }, inner);
  });
  const title = ix.start.length ? "Your two cards: pick the one that opens your stand"
    : (chosen !== null ? "Your two cards: your choice is made, waiting for the others" : "Your two cards");
  return h("section", { class: "vg-choose", "aria-label": "choose your starting card" },
    h("h5", { class: "vg-h" }, title),
    h("div", { class: "vg-row", role: "toolbar", "aria-label": "your starting cards" }, items));
}

function goodBadge(good) {
  return h("span", { class: ["vg-badge", `vg-s-${GOOD_SYMBOL[good]}`], title: good },
    h("span", { class: "vg-badge-ico", "aria-hidden": "true" }), good);
}

function announcePanel(ctx, ix) {
  const v = ctx.view;
  if (v.phase !== "announce" || v.seat === null || v.seat === undefined) return null;
  const opts = v.my_options || { forced: [], tied: [], picks: 0, largest: {} };
  const sizes = opts.largest || {};
  // the `good` field counts through view.goods (the same list as the layout's names)
  const buttons = ix.announce.map((a) => {
    const good = v.goods[a.good];
    const size = sizes[good] ?? "?";
    return h("button", {
      class: ["nbg-btn", "vg-announce", "nbg-legal"], "data-key": `vg-ann-${good}`, "data-aid": a.id,
      "aria-label": `announce ${good} (largest group ${size})`, title: ctx.label(a.id), onclick: () => ctx.act(a.id) },
    goodBadge(good), h("span", { class: "vg-small" }, ` largest group ${size}`));
  });
  return h("section", { class: "vg-announce-panel", "aria-label": "announcements" },
    h("h5", { class: "vg-h" }, "Announcements"),
    opts.forced.length ? h("p", null, "Announced for you (your largest): ", opts.forced.map(goodBadge)) : null,
    v.my_announcement && v.my_announcement.length ? h("p", null, "Your announcement so far: ", v.my_announcement.map(goodBadge)) : null,
    buttons.length ? h("div", { class: "vg-row", role: "toolbar", "aria-label": "announce a good" }, buttons)
      : h("p", { class: "vg-small" }, "Waiting for the others to announce (hidden until all are in)."),
    h("p", { class: "vg-small" }, v.announce_count === 2
      ? "Two players: each names the goods of their 2 largest groups. Every named good is pooled once, and then everyone scores it."
      : "Each player names the good of their largest group. Every named good is pooled once, and then everyone scores it."));
}

/** The end-of-game table: per pooled good (largest x groups = points), rats, totals. */
export function scoringTable(ctx, ui, redraw) {
  const v = ctx.view;
  const result = v.result;
  if (!result) return null;
  const rows = scoringRows(result);
  const pooled = result.pooled || [];
  const head = pooled.map((g) => h("th", { scope: "col", class: "nbg-num" },
    h("button", { class: ["vg-good-btn", ui.focusGood === g ? "vg-selected" : ""], "data-key": `vg-focus-${g}`,
      "aria-pressed": ui.focusGood === g ? "true" : "false", "aria-label": `highlight only ${g} groups`,
      onclick: () => { ui.focusGood = ui.focusGood === g ? null : g; redraw(`vg-focus-${g}`); } }, goodBadge(g))));
  const body = rows.map((r) => h("tr", { class: [r.seat === v.seat ? "nbg-me" : "", r.winner ? "vg-win-row" : ""] },
    h("th", { scope: "row" }, r.winner ? "\u2605 " : "", ctx.seatLabel(r.seat)),
    r.goods.map((g) => h("td", { class: "nbg-num", title: `${g.good}: largest group ${g.largest} x ${g.groups} groups` },
      h("div", { class: "vg-pts" }, String(g.points)), h("div", { class: "vg-calc" }, `${g.largest}\u00D7${g.groups}`))),
    h("td", { class: "nbg-num vg-penalty", title: `${r.rats} visible rat${r.rats === 1 ? "" : "s"} x -2` },
      h("div", { class: "vg-pts" }, String(r.penalty)), h("div", { class: "vg-calc" }, `${r.rats}\u00D7\u22122`)),
    h("td", { class: "nbg-num vg-total" }, String(r.total))));
  let teams = null;
  if (result.teams && result.team_totals) {
    teams = h("p", { class: "vg-teams" }, result.teams.map((t, k) => h("span", { class: "vg-chip" },
      `Team ${k === 0 ? "A" : "B"} (${t.map((s) => ctx.seatLabel(s)).join(" + ")}): ${result.team_totals[k]}`)));
  }
  return h("section", { class: "vg-scoring", "aria-label": "scoring", "data-testid": "score-table" },
    h("h5", { class: "vg-h" }, "Scoring"),
    h("p", { class: "vg-small" }, "Each stand scores (largest group) \u00D7 (number of groups) for every pooled good, "
      + "minus 2 a visible rat; under each score its sum. Gold outlines: largest groups; blue: the other groups. "
      + "Click a good to show only its groups."),
    h("table", { class: "nbg-table vg-score-table" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Player"), head,
        h("th", { scope: "col", class: "nbg-num" }, "Rats"), h("th", { scope: "col", class: "nbg-num" }, "Total"))),
      h("tbody", null, body)),
    teams);
}

export const board = {
  render(ctx) {
    const v = ctx.view || {};
    const root = h("div", { class: "nbg-board vg-board" });
    if (!Array.isArray(v.stands)) return root;
    const ix = indexLegal(ctx);
    const ui = uiFor(ctx, ix);
    // a new hint shows its best placement: its card and rotation become the selection
    followHint(ctx, (a) => { if (a.kind === "place") Object.assign(ui, { src: a.src, q: a.rot, anchor: null, note: "" }); });
    const redraw = (focusKey) => {
      const seatIsMine = v.seat !== null && v.seat !== undefined;
      const others = v.stands.map((_, s) => s).filter((s) => s !== v.seat);
      const over = v.phase === "over";
      // set-up and turns: the ramp and your hand; the announcements alone at the end
      const top = v.phase === "announce" ? announcePanel(ctx, ix)
        : h("div", { class: "vg-top" }, market(ctx, ix, ui, redraw), startChoice(ctx, ix));
      root.replaceChildren(...[
        counters(v),
        prompt(ctx, ix),
        over ? scoringTable(ctx, ui, redraw) : top,
        h("div", { class: "vg-stands" },
          seatIsMine ? ownStand(ctx, ix, ui, redraw) : null,
          h("div", { class: ["vg-others", !seatIsMine || over ? "vg-others-big" : null] },
            others.map((s) => otherStand(ctx, s, !seatIsMine || over,
              othersCellPx(v.stands, others, !seatIsMine || over))))),
      ].filter(Boolean));
      ctx.paint(root);
      if (focusKey) {
        const el = root.querySelector(`[data-key="${focusKey}"]`);
        if (el && el.focus) el.focus();
      }
    };
    root.addEventListener("keydown", (e) => {
      if (!ix.sources.size || e.ctrlKey || e.metaKey || e.altKey) return;
      const tag = e.target && e.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      const active = e.target && e.target.getAttribute ? e.target.getAttribute("data-key") : null;
      if (e.key === "r" || e.key === "R") {
        ui.q = (ui.q + (e.shiftKey || e.key === "R" ? 3 : 1)) % 4;
        ui.note = "";
        redraw(active);
        e.preventDefault();
      } else if (["1", "2", "3", "4"].includes(e.key) && ix.sources.has(Number(e.key) - 1)) {
        ui.src = Number(e.key) - 1;
        redraw(active === "vg-stand" ? "vg-stand" : `vg-src-${ui.src}`);
        e.preventDefault();
      } else if (e.key === "Escape") {
        ui.anchor = null;
        ui.note = "";
        redraw(active);
      }
    });
    redraw(null);
    return root;
  },
};
