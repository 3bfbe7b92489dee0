/*
 * nbgames front-end: the shared shell (controls around every board) and helpers.
 *
 * ---------------------------------------------------------------------------
 * HOW A TITLE'S BOARD PLUGS IN (the pattern every board follows):
 *
 *   // js/<title>.js -- listed last in the `js` manifest of the title's TitleSpec
 *   import { h, seatLabel } from "./shared.js";
 *   import { cardFace } from "./cards.js";      // a helper module, also in the manifest
 *
 *   export const board = {
 *     // Draw the whole board from ctx and return one element. Called on every
 *     // sync; keep no game state between calls (per-view UI state goes in ctx.ui).
 *     render(ctx) {
 *       return h("div", { class: "nbg-board" }, ...);
 *     },
 *   };
 *   // Export pure helpers too and test them in js/tests/<title>.test.mjs.
 *
 * ctx, built by the shell for each render (see makeContext below):
 *   view        the viewer's observation, exactly state.observation(viewer) in
 *               Python. In teaching mode view.reveal = [{seat, ...private parts}].
 *   catalog     game.catalog(): fixed public facts (card faces...) that the
 *               observation names by index. Sent once.
 *   space       game.action_space.to_json(): the layout of action ids.
 *   legal       the viewer's legal actions, decoded: [{id, kind, <field>: value}],
 *               empty unless it is the viewer's turn and the viewer is human.
 *   find(kind, fields) -> id | undefined: the legal action of that kind whose
 *               fields match (e.g. find("place", {src: 1, rot: 0, row: 2, col: -1})).
 *   legalOf(kind) -> [{id, kind, ...}]: the legal actions of one kind.
 *   label(id)   the engine's label of an id (made from the layout's template).
 *   act(id)     send {"type": "action", "id": id} to Python. Nothing changes
 *               locally: the board is redrawn when Python syncs back.
 *   ui          an object kept for this view across renders (selection, hover).
 *   hint        the advisor's best move when a hint is shown, decoded like legal
 *               ({id, kind, <field>: value, key}), else null. A board that shows
 *               only part of its moves at a time (a selected card or pepper)
 *               follows it once per hint with followHint(ctx, apply), so the
 *               best move is on the board to be painted.
 *   paint(el)   paint the shown hint on el (paintHints): a board's local redraw
 *               calls it, as the shell does after every render.
 *   seats, viewer, toMove, scores, winners, playing
 *   seatLabel(i) "You" / "P1 greedy" ...
 *
 * Rules of the road:
 *   - Draw only from ctx. Python owns the truth; the browser never sets a trait,
 *     and never re-derives a rule: Python sends derived facts (groups, scores).
 *   - Find ids by kind and fields (ctx.find), never by label text or arithmetic.
 *   - Everything clickable is a <button> with an aria-label and a `data-key`
 *     stable across renders: the shell restores keyboard focus by it. A button
 *     that plays a legal action also carries `data-aid` (its id). Rows of
 *     buttons inside an element with role="toolbar" get arrow-key navigation.
 *   - Modules are composed by nbgames/widget/assets.py, each in a scope of its
 *     own: import what you use from "./x.js" (x in the manifest), export what
 *     others use. No default exports.
 *   - CSS lives in js/<module>.css next to the module, every rule scoped under
 *     `.nbg`.
 * ---------------------------------------------------------------------------
 */

export const SPEEDS = [0.5, 1, 2, 4, 8, 16];

/** Create an element: h("button", {class: "x", onclick: f, "aria-label": "y"}, "text", child). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        el.addEventListener(key.slice(2).toLowerCase(), value);
      } else if (key === "class") {
        el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
      } else if (key === "style" && typeof value === "object") {
        for (const [p, v] of Object.entries(value)) el.style.setProperty(p, String(v));
      } else if (key === "value" || key === "checked" || key === "selected") {
        el[key] = value;
      } else {
        el.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  appendAll(el, children);
  return el;
}

function appendAll(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendAll(el, child);
    else if (typeof child === "object") el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** A short name for a seat: "You" (the viewer's human seat), "P2 greedy", "P0". */
export function seatLabel(seats, viewer, i) {
  const s = seats && seats[i];
  if (i === viewer && (!s || s.kind === "human")) return "You";
  if (!s) return `P${i}`;
  return s.kind === "human" ? `P${i}` : `P${i} ${s.name}`;
}

/** A seat label's possessive: "Your" for "You", else "P1 greedy's". */
export function possessive(label) {
  return label === "You" ? "Your" : `${label}'s`;
}

/** A count with its noun: "1 mistake", "2 mistakes", "1 inaccuracy", "3 inaccuracies". */
export function plural(n, noun) {
  if (n === 1) return `1 ${noun}`;
  return `${n} ${/[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`}`;
}

/** Names joined as a sentence does: "P1", "P1 and P2", "P1, P5 and P6". */
export function andList(items) {
  const xs = [...(items || [])].map(String);
  return xs.length < 3 ? xs.join(" and ") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`;
}

/** A name inside a heading the CSS upper-cases (a panel's h4): kept as written. */
export function nameSpan(text) {
  return h("span", { class: "nbg-name" }, text);
}

/** "1st", "2nd", "3rd", "4th" ... */
export function ordinal(n) {
  const s = n % 100;
  if (s >= 11 && s <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
}

/** Expand run-length coded ids [gap, count, gap, count, ...] (each run starts
 * `gap` after the end of the one before) into a sorted list of ids. */
export function expandRuns(runs) {
  const out = [];
  let end = 0;
  for (let i = 0; i + 1 < (runs || []).length; i += 2) {
    const start = end + runs[i];
    for (let k = 0; k < runs[i + 1]; k += 1) out.push(start + k);
    end = start + runs[i + 1];
  }
  return out;
}

/** The kind of an id in a layout (game.action_space.to_json()), or null. */
function kindOf(space, id) {
  for (const k of (space && space.kinds) || []) {
    if (id >= k.base && id < k.base + k.count) return k;
  }
  return null;
}

/** {id, kind, <field>: value, ...} of an action id: the same mixed-radix layout
 * as nbgames/core/action_space.py (first field most significant). */
export function decodeAction(space, id) {
  const k = kindOf(space, id);
  if (!k) return null;
  const out = { id, kind: k.kind };
  let x = id - k.base;
  for (let i = k.fields.length - 1; i >= 0; i -= 1) {
    const f = k.fields[i];
    out[f.name] = (x % f.size) + f.lo;
    x = Math.floor(x / f.size);
  }
  return out;
}

/** The id of `kind` with `fields` ({name: value}), or undefined when a field is
 * missing or out of range. */
export function encodeAction(space, kind, fields) {
  const k = ((space && space.kinds) || []).find((x) => x.kind === kind);
  if (!k) return undefined;
  let x = 0;
  for (const f of k.fields) {
    const v = fields[f.name];
    if (!Number.isInteger(v) || v < f.lo || v >= f.lo + f.size) return undefined;
    x = x * f.size + (v - f.lo);
  }
  return k.base + x;
}

/** The engine's label of an id, from the kind's template ("place {src} r{rot}
 * at ({row:+d},{col:+d})"): named fields show their name, "+d" a signed int. */
export function actionLabel(space, id) {
  const a = decodeAction(space, id);
  if (!a) return "";
  const k = kindOf(space, id);
  return k.label.replace(/\{(\w+)(?::([^}]*))?\}/g, (_, name, fmt) => {
    const f = k.fields.find((x) => x.name === name);
    const v = a[name];
    if (f && f.names) return f.names[v - f.lo];
    return fmt === "+d" && v >= 0 ? `+${v}` : String(v);
  });
}

/** The context a board draws from (see the comment at the top). `ui` is the
 * view's own object, kept across renders. */
export function makeContext(data, send, ui) {
  const space = data.action_space || { kinds: [] };
  const legal = expandRuns(data.legal).map((id) => decodeAction(space, id)).filter(Boolean);
  let index = null;
  const keyOf = (kind, fields, names) => [kind, ...names.map((n) => fields[n])].join("|");
  const find = (kind, fields) => {
    if (index === null) {
      index = new Map();
      for (const a of legal) {
        const k = space.kinds.find((x) => x.kind === a.kind);
        index.set(keyOf(a.kind, a, k.fields.map((f) => f.name)), a.id);
      }
    }
    const k = space.kinds.find((x) => x.kind === kind);
    return k ? index.get(keyOf(kind, fields || {}, k.fields.map((f) => f.name))) : undefined;
  };
  const seats = data.seat_info || [];
  const viewer = data.viewer === undefined ? null : data.viewer;
  const hints = data.hints && data.hints.status === "done" ? data.hints : null;
  const bestId = hints ? hintRows(hints.moves, space, 1).map((r) => r.id)[0] : undefined;
  const best = bestId === undefined ? null : decodeAction(space, bestId);
  return {
    view: data.view || {},
    catalog: data.catalog || {},
    space,
    legal,
    find,
    legalOf: (kind) => legal.filter((a) => a.kind === kind),
    label: (id) => actionLabel(space, id),
    act: (id) => send({ type: "action", id }),
    ui: ui || {},
    hint: best && { ...best, key: `${data.step_index}|${bestId}|${hints.done || 0}` },
    paint: (el) => (hints ? paintHints(el, hints, space) : 0),
    seats,
    viewer,
    toMove: data.to_move,
    scores: data.scores || [],
    winners: data.winners || [],
    playing: !!data.playing,
    seatLabel: (i) => seatLabel(seats, viewer, i),
  };
}

/** Follow a newly shown hint once: when ctx.hint is a hint this view has not
 * followed yet, call apply(hint) (the board moves its local selection to the best
 * move) and remember it, so the player's own later selection is kept. */
export function followHint(ctx, apply) {
  const hint = ctx.hint;
  if (!hint || ctx.ui.followedHint === hint.key) return;
  ctx.ui.followedHint = hint.key;
  apply(hint);
}

/** The synced traits as one draw reads them: each trait is read from the model
 * once, when first used. The shell keeps no list of the traits: Python declares
 * them (nbgames/widget/traits.py) and the shell reads what is synced. */
export function readModel(model) {
  const seen = new Map();
  return new Proxy({}, {
    get(_, k) {
      if (typeof k !== "string") return undefined;
      if (!seen.has(k)) seen.set(k, model.get(k));
      return seen.get(k);
    },
  });
}

/** The controls' enabled/disabled states and labels, from the synced data (pure). */
export function controlState(data) {
  const seats = data.seat_info || [];
  const toMove = data.to_move;
  const policyToMove = toMove !== null && toMove !== undefined && seats[toMove] && seats[toMove].kind !== "human";
  const step = data.step_index || 0;
  return {
    canStep: !!policyToMove && !data.playing,
    canPlay: !!policyToMove || !!data.playing,
    playLabel: data.playing ? "Pause" : "Play",
    canUndo: step > (data.history_start || 0),
    canBack: step > (data.history_start || 0),
    canForward: step < (data.history_len || 0),
    stepText: `step ${step} / ${data.history_len || 0}`,
  };
}

/** A share as people read it: "41%", and "<1%" for a small share that is not 0. */
export function pct(x) {
  return x > 0 && x < 0.005 ? "<1%" : `${Math.round(100 * x)}%`;
}

/** What a move's value says, in words: "wins 61%" when the advisor's values are
 * shares of the win (its `meaning` says so, or it names none), else "value 0.61". */
export function valueText(v, meaning) {
  if (typeof v !== "number") return "";
  return !meaning || /share of the win/.test(meaning) ? `wins ${pct(v)}` : `value ${v.toFixed(2)}`;
}

/** The moves of an analysis ({aid: {share, visits, value}}) as rows sorted by
 * share, best first: [{id, label, share, visits, value}] (at most `limit`). Only
 * the moves the advisor looked at (visits or a share above 0) are listed. */
export function hintRows(moves, space, limit = Infinity) {
  return Object.entries(moves || {})
    .map(([id, m]) => ({ id: Number(id), label: actionLabel(space, Number(id)), ...m }))
    .filter((r) => r.visits > 0 || r.share > 0)
    .sort((a, b) => b.share - a.share || b.visits - a.visits || a.id - b.id)
    .slice(0, limit);
}

/** The group a move belongs to when moves are many, the way a person thinks of
 * them: its kind and its leading named fields (never its last field), e.g. for
 * "place {src} r{rot} at ({row},{col})" the card and its rotation ("place ramp0 r90
 * at …"), then the place.
 * Generic: read off the action space. {key, label, detail}. */
export function hintGroupOf(space, id) {
  const k = kindOf(space, id);
  const a = decodeAction(space, id);
  if (!k || !a) return { key: String(id), label: "", detail: "" };
  const lead = [];
  for (let i = 0; i < k.fields.length - 1 && k.fields[i].names; i += 1) lead.push(k.fields[i].name);
  const label = actionLabel(space, id);
  if (k.fields.length === 0) return { key: String(id), label, detail: "" };
  const first = [...k.label.matchAll(/\{(\w+)(?::([^}]*))?\}/g)].find((m) => !lead.includes(m[1]));
  const raw = k.label.slice(0, first ? first.index : k.label.length)
    .replace(/\{(\w+)(?::([^}]*))?\}/g, (_, name) => {
      const f = k.fields.find((x) => x.name === name);
      return f.names[a[name] - f.lo];
    });
  const head = raw.replace(/[^A-Za-z0-9]+$/, "");
  return { key: [k.kind, ...lead.map((n) => a[n])].join("|"), label: `${head} \u2026`,
    detail: label.slice(head.length).trim() };
}

/** The analysis as the hint panel lists it: the best `limit` rows by share. When
 * more than `groupAbove` moves were analysed, rows are groups (hintGroupOf): their
 * summed share and visits, their visit-weighted value, and their best `perGroup`
 * moves in `moves` (each with its `detail`: what the group's label leaves out). */
export function hintTable(moves, space, { limit = 5, groupAbove = 12, perGroup = 3 } = {}) {
  const rows = hintRows(moves, space);
  if (rows.length <= groupAbove) return rows.slice(0, limit);
  const groups = new Map();
  for (const r of rows) {
    const g = hintGroupOf(space, r.id);
    let row = groups.get(g.key);
    if (!row) {
      row = { id: r.id, label: g.label, share: 0, visits: 0, value: 0, weight: 0, moves: [] };
      groups.set(g.key, row);
    }
    row.share += r.share;
    row.visits += r.visits;
    const w = r.visits || r.share;
    row.value += w * r.value;
    row.weight += w;
    row.moves.push({ ...r, detail: g.detail || r.label });
    if (!g.detail) row.single = true;      // a move with no fields ("done"): its own row, no sub-list
  }
  if (groups.size >= rows.length) return rows.slice(0, limit);
  return [...groups.values()]
    .map(({ single, ...g }) => ({ ...g, value: g.weight ? g.value / g.weight : 0,
      moves: single ? undefined : g.moves.slice(0, perGroup) }))
    .sort((a, b) => b.share - a.share || b.visits - a.visits || a.id - b.id)
    .slice(0, limit);
}

/** What the order of the hint panel's rows means (pure): most searched first, the
 * move the advisor plays on top; and, when a row below shows a higher value than
 * the first, why that can be (it was searched less, so its value is less sure). */
export function hintOrderText(moves, space, meaning) {
  const rows = hintTable(moves, space);
  const base = "Most searched first: the advisor plays the top move.";
  const first = rows[0];
  const higher = first && rows.slice(1).some((r) => r.visits > 0 && r.value > first.value);
  const what = !meaning || /share of the win/.test(meaning) ? "win chance" : "value";
  return higher ? `${base} A move searched less can show a higher ${what}: it rests on fewer games, so it is less sure.`
    : base;
}

/** "push 1: 30% of the search (30 visits), wins 50%"; an exact solver's move:
 * its equilibrium probability and its value in the solver's payoff. */
export function hintText(m, label, meaning) {
  if (m.payoff) {              // an exact solver's move: probability, value in its payoff
    return `${label ? `${label}: ` : ""}${m.forced ? "forced" : `equilibrium probability ${pct(m.share)}`}, `
      + `${m.payoff} ${signed(m.value)}`;
  }
  return `${label ? `${label}: ` : ""}${pct(m.share)} of the search (${m.visits} visits), ` +
    valueText(m.value, meaning);
}

/** The moves worth looking at, as the board's overlay shows them: the best `most`
 * analysed moves whose share is at least `floor` of the best share. */
export function hintedIds(moves, { most = 8, floor = 0.1 } = {}) {
  const rows = Object.entries(moves || {}).filter(([, m]) => m.visits > 0 || m.share > 0)
    .sort((a, b) => b[1].share - a[1].share || b[1].visits - a[1].visits || Number(a[0]) - Number(b[0]));
  const best = rows.length ? rows[0][1].share : 0;
  return new Set(rows.filter(([, m]) => m.share >= floor * best).slice(0, most).map(([id]) => id));
}

/** The Solve panel's content (an exact solver's analysis, pure): the moves sorted
 * by equilibrium probability, then value; each value is in the solver's own payoff
 * (`payoff`, e.g. "margin", explained by `payoffText`); `forced` when the seat has
 * a single legal move. */
export function solveView(moves, space) {
  const rows = Object.entries(moves || {})
    .map(([id, m]) => ({ id: Number(id), label: actionLabel(space, Number(id)), ...m }))
    .sort((a, b) => b.share - a.share || b.value - a.value || a.id - b.id);
  const first = rows[0] || {};
  return { rows, forced: rows.length === 1 && !!first.forced, payoff: first.payoff || "value",
    payoffText: first.payoff_text || "" };
}

/** A signed value as the Solve panel shows it: "+1.25", "-0.5", "0". */
export function signed(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "?";
  const r = Math.round(v * 100) / 100;
  return r > 0 ? `+${r}` : String(r);
}

/**
 * Paint the advisor's shares on the board: every element carrying `data-aid`
 * whose move is worth looking at (hintedIds: the best few, none far below the
 * best) gets the class nbg-hinted, the CSS variable --nbg-heat (its share over
 * the best share, 0..1), data-hint-share, and a title with the numbers (shown on
 * hover); the best move also gets nbg-hint-best. Generic: no board draws
 * anything for it. Returns the number of elements painted.
 */
export function paintHints(root, hints, space) {
  const moves = (hints && hints.moves) || {};
  const shown = hintedIds(moves);
  const best = Math.max(0, ...Object.values(moves).map((m) => m.share));
  let n = 0;
  for (const el of root.querySelectorAll("[data-aid]")) {
    const id = el.getAttribute("data-aid");
    const m = moves[id];
    if (!m || !shown.has(id)) continue;
    const heat = best > 0 ? m.share / best : 0;
    el.classList.add("nbg-hinted");
    if (m.share === best && best > 0) el.classList.add("nbg-hint-best");
    el.style.setProperty("--nbg-heat", heat.toFixed(3));
    el.setAttribute("data-hint-share", String(m.share));
    el.setAttribute("title", hintText(m, actionLabel(space, Number(id)), hints.meaning));
    n += 1;
  }
  return n;
}

/** How far a running hint is, 0..1, or null when unknown: iterations of an
 * iteration budget, else the time spent of a time budget. */
export function hintProgress(h) {
  if (!h) return null;
  if (h.total) return Math.min(1, (h.done || 0) / h.total);
  if (h.seconds) return Math.min(1, (h.elapsed || 0) / h.seconds);
  return null;
}

/** The hint button's state from the synced data (pure). */
export function hintState(data) {
  const h = data.hints || {};
  const running = h.status === "running";
  const ready = data.advisor_ready === undefined ? true : !!data.advisor_ready;
  const can = !!data.advisor && ready && (data.legal || []).length > 0;
  let label = data.advisor_label || "Hint";
  const progress = hintProgress(h);
  if (running) label = progress === null ? "Thinking\u2026" : `Thinking\u2026 ${Math.round(100 * progress)}%`;
  return { show: !!data.advisor && (ready || running), enabled: can || running, running, label };
}

/** The review's marks on the timeline (pure): one a reviewed decision of the rows
 * the viewer may see, [{step, cls, seat, at}] with `at` its place on the scrubber
 * from 0 to 1 (see nbgames/arena/review.py: rows keyed by the step before the
 * decision). Empty when there is no review. */
export function reviewMarks(data) {
  const rows = (data.reviewed && data.reviewed.rows) || {};
  const lo = data.history_start || 0;
  const hi = data.history_len || 0;
  const span = Math.max(1, hi - lo);
  return Object.entries(rows)
    .map(([step, r]) => ({ step: Number(step), cls: r.class, seat: r.seat, at: (Number(step) - lo) / span }))
    .filter((m) => m.step >= lo && m.step <= hi)
    .sort((a, b) => a.step - b.step);
}

/** The review row of the decision at the current position, or null (pure). */
export function reviewAt(data) {
  const rows = (data.reviewed && data.reviewed.rows) || {};
  return rows[String(data.step_index)] || null;
}

/** A reviewed decision as the hint overlay shows an analysis: the advisor's choice
 * at full heat, the move taken at its value over the choice's (pure). */
export function reviewHints(row) {
  if (!row) return { moves: {} };
  const moves = {};
  const heat = row.value_best > 0 ? Math.min(1, row.value_taken / row.value_best) : 0;
  moves[String(row.taken_id)] = { share: row.taken_id === row.best_id ? 1 : heat, visits: 0, value: row.value_taken };
  moves[String(row.best_id)] = { share: 1, visits: 0, value: row.value_best };
  return { status: "done", moves };
}

/** The Review button's state from the synced data (pure): shown on a finished
 * game with no review yet (`reviewed.ready`) and while its review runs. */
export function reviewState(data) {
  const r = data.reviewed || {};
  const running = r.status === "running";
  let label = "Review";
  if (running) label = r.total ? `Reviewing\u2026 ${Math.round((100 * (r.done || 0)) / r.total)}%` : "Reviewing\u2026";
  return { show: !!r.ready || running, enabled: !!r.ready, running, label };
}

/** Counts of each class among the marks (pure): {best: n, good: n, ...}. */
export function reviewCounts(marks) {
  const out = {};
  for (const m of marks) out[m.cls] = (out[m.cls] || 0) + 1;
  return out;
}

/** Parse the seed box: "" -> null (random), an int 0..2^53 -> number, else undefined. */
export function parseSeed(text) {
  const t = String(text ?? "").trim();
  if (t === "") return null;
  if (!/^\d{1,15}$/.test(t)) return undefined;
  return Number(t);
}

function now() {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

function afterPaint(fn) {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => fn());
  else setTimeout(fn, 0);
}

function measure(name, start) {
  try {
    if (typeof performance !== "undefined" && performance.measure) {
      performance.measure(name, { start, end: now() });
    }
  } catch (_) { /* older browsers: no measurement */ }
}

/**
 * The shell: header, error bar, board, and the shared controls (seats and
 * scores, new game with a seed, step, play/pause with speed, undo, history
 * scrubber, viewer selector, event log). One Shell per view of the model.
 */
export class Shell {
  constructor(model, el, board) {
    this.model = model;
    this.el = el;
    this.board = board;
    this.started = now();
    this.clickAt = null;
    this.timer = null;
    this.pending = false;
    this.lastStep = null;
    this.firstDone = false;
    this.seedText = "";
    this.ui = {};          // this view's own UI state (selections), kept across renders
    this.handlers = [];
    this.build();
    // one redraw (batched) after any synced trait changes: the model's "change"
    // event (Backbone's in Jupyter, marimo's and the page model's the same)
    const cb = () => this.schedule();
    model.on("change", cb);
    this.handlers.push(["change", cb]);
    this.draw();
  }

  send(msg) {
    if (msg.type === "action") {
      this.clickAt = now();
      this.clickStep = this.model.get("step_index");
      this.clickError = this.model.get("error");
    }
    this.model.send(msg);
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    Promise.resolve().then(() => {
      this.pending = false;
      this.draw();
    });
  }

  build() {
    const send = (m) => this.send(m);
    // data-lm-suppress-shortcuts: keys pressed inside the widget (Enter, arrows) go
    // to the widget, not to JupyterLab's notebook shortcuts.
    this.root = h("div", { class: "nbg", role: "region", "aria-label": "game board",
      "data-lm-suppress-shortcuts": "true" });
    this.header = h("div", { class: "nbg-header" });
    this.errorBox = h("div", { class: "nbg-error", role: "alert", hidden: true });
    this.boardBox = h("div", { class: "nbg-board-box" });
    this.seatsBox = h("div", { class: "nbg-seats" });
    this.logBox = h("ul", { class: "nbg-log", "aria-label": "event log", "aria-live": "polite" });

    this.seedInput = h("input", {
      class: "nbg-seed", type: "text", inputmode: "numeric", placeholder: "random",
      "aria-label": "seed for a new game", size: 8,
      oninput: (e) => { this.seedText = e.target.value; },
      onkeydown: (e) => { if (e.key === "Enter") this.newGame(); },
    });
    this.newBtn = h("button", { class: "nbg-btn", "aria-label": "new game", "data-key": "ctl-new",
      onclick: () => this.newGame() }, "New game");
    this.stepBtn = h("button", { class: "nbg-btn", "aria-label": "step: the seat to move decides once",
      "data-key": "ctl-step", onclick: () => send({ type: "step" }) }, "Step");
    this.playBtn = h("button", { class: "nbg-btn nbg-primary", "aria-label": "play",
      "data-key": "ctl-play",
      onclick: () => send({ type: this.model.get("playing") ? "pause" : "play" }) }, "Play");
    this.speedSel = h("select", { class: "nbg-speed", "aria-label": "speed (decisions per second)",
      onchange: (e) => send({ type: "speed", value: Number(e.target.value) }) },
      SPEEDS.map((s) => h("option", { value: String(s) }, `${s}/s`)));
    this.undoBtn = h("button", { class: "nbg-btn", "aria-label": "undo your last move",
      "data-key": "ctl-undo", onclick: () => send({ type: "undo" }) }, "Undo");
    this.backBtn = h("button", { class: "nbg-btn nbg-icon", "aria-label": "one step back",
      "data-key": "ctl-back",
      onclick: () => send({ type: "goto", step: this.model.get("step_index") - 1 }) }, "\u25C0");
    this.fwdBtn = h("button", { class: "nbg-btn nbg-icon", "aria-label": "one step forward",
      "data-key": "ctl-fwd",
      onclick: () => send({ type: "goto", step: this.model.get("step_index") + 1 }) }, "\u25B6");
    this.scrub = h("input", { class: "nbg-scrub", type: "range", min: 0, max: 0, step: 1,
      "aria-label": "history",
      onchange: (e) => send({ type: "goto", step: Number(e.target.value) }) });
    this.stepText = h("span", { class: "nbg-steptext" });
    this.hintBtn = h("button", { class: "nbg-btn nbg-hint-btn", "aria-label": "hint: ask the advisor",
      "data-key": "ctl-hint",
      onclick: () => send({ type: hintState(readModel(this.model)).running ? "cancel_hint" : "hint" }) },
      "Hint");
    this.reviewBtn = h("button", { class: "nbg-btn nbg-review-btn", "aria-label": "review the finished game",
      "data-key": "ctl-review", hidden: true, onclick: () => send({ type: "review" }) }, "Review");
    this.hintBox = h("section", { class: "nbg-panel nbg-hints", "aria-label": "hints", hidden: true });
    this.thinkBox = h("section", { class: "nbg-panel nbg-thinking", "aria-label": "bot thinking",
      hidden: true });
    this.reviewStrip = h("div", { class: "nbg-review-strip", role: "toolbar", "aria-label": "review marks",
      hidden: true });
    this.reviewBox = h("section", { class: "nbg-panel nbg-review", "aria-label": "review", hidden: true });
    this.viewerSel = h("select", { class: "nbg-viewer", "aria-label": "view the board as",
      onchange: (e) => send({ type: "viewer", seat: e.target.value === "" ? null : Number(e.target.value) }) });

    const controls = h("div", { class: "nbg-controls" },
      h("div", { class: "nbg-row" }, this.stepBtn, this.playBtn, this.speedSel, this.undoBtn, this.hintBtn, this.reviewBtn),
      h("div", { class: "nbg-row" }, this.backBtn, this.scrub, this.fwdBtn, this.stepText),
      this.reviewStrip,
      h("div", { class: "nbg-row" }, h("label", { class: "nbg-lbl" }, "View as ", this.viewerSel)),
      h("div", { class: "nbg-row" }, h("label", { class: "nbg-lbl" }, "Seed ", this.seedInput), this.newBtn));

    this.root.append(
      this.header,
      this.errorBox,
      h("div", { class: "nbg-main" },
        this.boardBox,
        h("div", { class: "nbg-side" },
          h("section", { class: "nbg-panel", "aria-label": "seats and scores" }, h("h4", null, "Seats & scores"), this.seatsBox),
          h("section", { class: "nbg-panel", "aria-label": "controls" }, h("h4", null, "Controls"), controls),
          this.reviewBox, this.hintBox, this.thinkBox,
          h("section", { class: "nbg-panel", "aria-label": "log" }, h("h4", null, "Log"), this.logBox))));
    this.root.addEventListener("keydown", (e) => arrowKeys(e));
    this.el.appendChild(this.root);
  }

  newGame() {
    const seed = parseSeed(this.seedText);
    if (seed === undefined) {
      this.showError("The seed must be a whole number (or empty for a random game).");
      return;
    }
    this.send({ type: "new_game", seed });
  }

  /** The error bar: the error, the next steps Python offers after it (`offers`:
   * [{label, message}], e.g. retry a failed policy, play its seat, undo), and a
   * dismiss button. */
  showError(text, offers = []) {
    const steps = (offers || []).map((o, i) => h("button", {
      class: "nbg-btn nbg-offer", "aria-label": o.label.toLowerCase(), "data-key": `ctl-offer-${i}`,
      onclick: () => this.send(o.message) }, o.label));
    this.errorBox.replaceChildren(
      h("span", { class: "nbg-error-text" }, text),
      ...steps,
      h("button", { class: "nbg-btn nbg-icon", "aria-label": "dismiss error", "data-key": "ctl-dismiss",
        onclick: () => { this.errorBox.hidden = true; this.send({ type: "clear_error" }); } }, "\u00D7"));
    this.errorBox.hidden = !text;
  }

  draw() {
    const data = readModel(this.model);
    const focusKey = this.root.contains(document.activeElement) && document.activeElement
      ? document.activeElement.getAttribute && document.activeElement.getAttribute("data-key") : null;
    const ctx = makeContext(data, (m) => this.send(m), this.ui);
    const c = controlState(data);

    // header
    const title = h("div", { class: "nbg-title" }, data.name || data.title || "nbgames");
    const status = h("div", { class: ["nbg-status", data.to_move === null ? "nbg-over" : ""] }, data.status || "");
    this.header.replaceChildren(title, status);

    this.showError(data.error || "", data.offers);

    // board
    let boardEl;
    try {
      boardEl = this.board.render(ctx);
    } catch (err) {
      boardEl = h("pre", { class: "nbg-error" }, `board failed to draw: ${err && err.message}`);
    }
    this.boardBox.replaceChildren(boardEl);
    this.drawHints(data, ctx);
    this.drawReview(data, ctx);

    // seats and scores
    this.seatsBox.replaceChildren(seatsTable(data));

    // controls
    this.stepBtn.disabled = !c.canStep;
    this.playBtn.disabled = !c.canPlay;
    this.playBtn.textContent = c.playLabel;
    this.playBtn.setAttribute("aria-label", c.playLabel.toLowerCase());
    this.playBtn.setAttribute("aria-pressed", data.playing ? "true" : "false");
    this.undoBtn.disabled = !c.canUndo;
    this.backBtn.disabled = !c.canBack;
    this.fwdBtn.disabled = !c.canForward;
    this.scrub.min = String(data.history_start || 0);
    this.scrub.max = String(data.history_len || 0);
    this.scrub.value = String(data.step_index || 0);
    this.scrub.disabled = (data.history_len || 0) <= (data.history_start || 0);
    this.stepText.textContent = c.stepText;
    const speed = String(data.speed);
    if (![...this.speedSel.children].some((o) => o.value === speed)) {
      this.speedSel.appendChild(h("option", { value: speed }, `${speed}/s`));
    }
    this.speedSel.value = speed;
    this.viewerSel.replaceChildren(...(data.viewers || []).map((v) =>
      h("option", { value: v === null ? "" : String(v), selected: v === data.viewer },
        v === null ? "spectator" : `player ${v}${seatSuffix(data.seat_info, v)}`)));
    this.viewerSel.value = data.viewer === null || data.viewer === undefined ? "" : String(data.viewer);
    this.viewerSel.disabled = (data.viewers || []).length < 2;
    if (this.seedInput.value !== this.seedText) this.seedInput.value = this.seedText;

    // log
    this.logBox.replaceChildren(...(data.log_lines || []).map((line) => h("li", null, line)));
    this.logBox.scrollTop = this.logBox.scrollHeight;

    // focus: keep it on the same control / card, else the first move on the board
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${focusKey}"]`);
      const target = again && !again.disabled ? again
        : this.boardBox.querySelector("button.nbg-legal") || this.boardBox.querySelector("button");
      if (target && target.focus) target.focus();
    }

    // measurements (read by bench/widget.py; no effect otherwise)
    if (!this.firstDone) {
      this.firstDone = true;
      const start = this.started;
      afterPaint(() => measure("nbgames:first-render", start));
    }
    if (this.clickAt !== null && (data.step_index !== this.clickStep || data.error !== this.clickError)) {
      const start = this.clickAt;
      this.clickAt = null;
      afterPaint(() => measure("nbgames:click-to-render", start));
    }
    this.tick(data);
  }

  drawHints(data, ctx) {
    const hs = hintState(data);
    this.hintBtn.hidden = !hs.show;
    this.hintBtn.disabled = !hs.enabled;
    this.hintBtn.textContent = hs.label;
    this.hintBtn.setAttribute("aria-pressed", hs.running ? "true" : "false");
    const hints = data.hints || {};
    const meaning = hints.meaning;
    const bar = (share) => h("span", { class: "nbg-hint-bar", style: { "--nbg-heat": share.toFixed(3) } });
    const moveList = (moves, m) => h("ol", { class: "nbg-hint-list" },
      hintTable(moves, ctx.space).map((r) => h("li", { title: hintText(r, r.label, m) },
        bar(r.share), ` ${r.label} `, h("b", null, pct(r.share)),
        r.visits > 0 ? h("span", { class: "nbg-muted" }, ` ${valueText(r.value, m)}`) : [],
        r.moves ? h("ul", { class: "nbg-hint-sub" }, r.moves.map((x) => h("li", { title: hintText(x, x.label, m) },
          `${x.detail} `, h("b", null, pct(x.share)),
          x.visits > 0 ? h("span", { class: "nbg-muted" }, ` ${valueText(x.value, m)}`) : []))) : [])));
    if (hints.status === "done" && data.advisor_label === "Solve") {
      paintHints(this.boardBox, hints, ctx.space);
      this.hintBox.replaceChildren(...solvePanel(hints, ctx));
      this.hintBox.hidden = false;
    } else if (hints.status === "done") {
      paintHints(this.boardBox, hints, ctx.space);
      const label = data.advisor_label || "Hint";
      const you = typeof hints.value === "number"
        ? h("div", { class: "nbg-hint-value", "data-testid": "hint-value" },
          `${ctx.seatLabel(hints.seat)}: ${valueText(hints.value, meaning)}`,
          meaning ? h("span", { class: "nbg-muted" }, ` (${meaning})`) : [])
        : [];
      const effort = hints.done ? h("div", { class: "nbg-muted" },
        `${hints.done} iterations${typeof hints.elapsed === "number" ? ` in ${hints.elapsed.toFixed(1)} s` : ""}; ` +
        "share = how much of the search went to the move") : [];
      this.hintBox.replaceChildren(...[h("h4", null, `${label} `, nameSpan(`(${this.model.get("advisor")})`)), you,
        h("div", { class: "nbg-muted nbg-hint-order", "data-testid": "hint-order" }, hintOrderText(hints.moves, ctx.space, meaning)),
        moveList(hints.moves, meaning), effort,
        Array.isArray(hints.values) ? h("div", { class: "nbg-muted", "data-testid": "seat-values" },
          "value for each seat: ", hints.values.map((v, i) => `${ctx.seatLabel(i)} ${v}`).join(", "))
          : []].flat());
      this.hintBox.hidden = false;
    } else if (hints.status === "running") {
      const progress = hintProgress(hints);
      this.hintBox.replaceChildren(h("h4", null, "Hint"), h("div", { class: "nbg-muted", "data-testid": "hint-progress" },
        `searching\u2026 ${hints.done || 0} iterations` +
        (progress === null ? "" : ` (${Math.round(100 * progress)}%)`)));
      this.hintBox.hidden = false;
    } else {
      this.hintBox.hidden = true;
    }
    const th = data.thinking || {};
    if (th.seat === undefined) {
      this.thinkBox.hidden = true;
    } else {
      this.thinkBox.replaceChildren(h("h4", null, nameSpan(ctx.seatLabel(th.seat)), " thought"),
        ...(th.hidden ? [h("div", { class: "nbg-muted" },
          "hidden: its statistics come from its own hand (view as that seat, or reveal)")]
          : [h("div", null, `played ${actionLabel(ctx.space, th.chosen)}`), moveList(th.moves)]));
      this.thinkBox.hidden = false;
    }
  }

  /** The review (the `reviewed` trait from Python, see nbgames/arena/review.py): marks
   * by class on a strip under the scrubber (a click goes to that decision), and at a
   * reviewed decision the move taken beside the advisor's choice, painted on the
   * board through the hint overlay and told in the review panel. */
  drawReview(data, ctx) {
    const review = data.reviewed || {};
    const rs = reviewState(data);
    this.reviewBtn.hidden = !rs.show;
    this.reviewBtn.disabled = !rs.enabled;
    this.reviewBtn.textContent = rs.label;
    const marks = reviewMarks(data);
    if (rs.running) {
      this.reviewStrip.replaceChildren();
      this.reviewStrip.hidden = true;
      this.reviewBox.replaceChildren(h("h4", null, "Review"), h("div", { class: "nbg-muted" },
        `reviewing every decision\u2026 ${review.done || 0}${review.total ? ` / ${review.total}` : ""}`));
      this.reviewBox.hidden = false;
      return;
    }
    if (!marks.length) {
      this.reviewStrip.replaceChildren();
      this.reviewStrip.hidden = true;
      this.reviewBox.replaceChildren();
      this.reviewBox.hidden = true;
      return;
    }
    const pct = (x) => `${Math.round(100 * x)}%`;
    const width = Math.max(0.25, Math.min(1.2, 100 / marks.length));   // % of the strip
    const rank = { best: 1, good: 2, unclear: 3, inaccuracy: 4, mistake: 5, blunder: 6 };
    this.reviewStrip.replaceChildren(...marks.map((m) => h("button", {
      class: ["nbg-rv-mark", `nbg-rv-${m.cls}`, m.step === data.step_index ? "nbg-rv-here" : ""],
      style: { left: `${(100 * m.at).toFixed(2)}%`, width: `${width.toFixed(2)}%`, "z-index": rank[m.cls] || 0 },
      "aria-label": `step ${m.step}, ${ctx.seatLabel(m.seat)}: ${m.cls}`, title: `step ${m.step}, ${ctx.seatLabel(m.seat)}: ${m.cls}`,
      "data-key": `rv-${m.step}`, "data-step": String(m.step), "data-class": m.cls,
      onclick: () => this.send({ type: "goto", step: m.step }),
    })));
    this.reviewStrip.hidden = false;
    const row = reviewAt(data);
    const head = h("h4", null, "Review ", nameSpan(`(${review.advisor || "advisor"})`));
    const bad = marks.filter((m) => (rank[m.cls] || 0) >= 4);
    const prev = [...bad].reverse().find((m) => m.step < data.step_index);
    const next = bad.find((m) => m.step > data.step_index);
    const nav = h("div", { class: "nbg-row", role: "toolbar", "aria-label": "review navigation" },
      h("button", { class: "nbg-btn", "data-key": "rv-prev", "aria-label": "previous inaccuracy, mistake or blunder",
        disabled: !prev, onclick: () => prev && this.send({ type: "goto", step: prev.step }) }, "\u25C0 previous"),
      h("button", { class: "nbg-btn", "data-key": "rv-next", "aria-label": "next inaccuracy, mistake or blunder",
        disabled: !next, onclick: () => next && this.send({ type: "goto", step: next.step }) }, "next \u25B6"));
    if (row) {
      const hints = reviewHints(row);
      paintHints(this.boardBox, hints, ctx.space);
      for (const el of this.boardBox.querySelectorAll("[data-aid]")) {
        const aid = Number(el.getAttribute("data-aid"));
        if (aid === row.taken_id) el.classList.add("nbg-review-taken");
        if (aid === row.best_id) el.classList.add("nbg-review-best");
      }
      const same = row.taken_id === row.best_id;
      this.reviewBox.replaceChildren(...[head,
        h("div", { class: ["nbg-rv-verdict", `nbg-rv-${row.class}`], "data-testid": "review-class" },
          `${ctx.seatLabel(row.seat)}: ${row.class}`, row.loss > 0 ? ` (gave up ${pct(row.loss)} win chance` : "",
          row.loss > 0 && row.loss_low !== undefined && row.loss_high !== undefined
            ? `, 95%: ${pct(Math.max(0, row.loss_low))}\u2013${pct(row.loss_high)})` : row.loss > 0 ? ")" : ""),
        row.class === "unclear" ? h("div", { class: "nbg-muted", "data-testid": "review-unclear" },
          "too close to call: the loss may or may not reach an inaccuracy within the search's noise") : null,
        h("div", { "data-testid": "review-taken" }, "played ", h("b", null, row.taken), ` \u2014 win chance ${pct(row.value_taken)}`),
        same ? h("div", { class: "nbg-muted" }, "the advisor's choice too")
          : h("div", { "data-testid": "review-best" }, "best: ", h("b", null, row.best), ` \u2014 win chance ${pct(row.value_best)}`),
        h("div", { class: "nbg-muted" }, row.source === "exact" ? "exact (solved)" : "searched", row.focused ? ", measured again" : ""),
        nav].filter(Boolean));
    } else {
      const counts = reviewCounts(marks);
      const seats = (review.seats || []).map((s) => ctx.seatLabel(s)).join(", ");
      this.reviewBox.replaceChildren(head,
        h("div", null, `${marks.length} decisions of ${seats || "no seat"}: `,
          ["inaccuracy", "mistake", "blunder"].map((c) => plural(counts[c] || 0, c)).join(", "),
          counts.unclear ? ` (${counts.unclear} too close to call)` : ""),
        h("div", { class: "nbg-muted" }, "Step to a marked decision to see the move taken beside the advisor's choice."),
        nav);
    }
    this.reviewBox.hidden = false;
  }

  tick(data) {
    if (!data.playing) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      return;
    }
    if (this.timer && this.lastStep === data.step_index) return;
    if (this.timer) clearTimeout(this.timer);
    this.lastStep = data.step_index;
    const interval = 1000 / Math.max(0.25, Number(data.speed) || 2);
    const fire = () => {
      if (!this.model.get("playing")) { this.timer = null; return; }
      this.model.send({ type: "tick", step: this.model.get("step_index") });
      // if no answer comes (another view ticked first), try again later
      this.timer = setTimeout(fire, Math.max(1000, 3 * interval));
    };
    this.timer = setTimeout(fire, interval);
  }

  destroy() {
    if (this.timer) clearTimeout(this.timer);
    for (const [ev, cb] of this.handlers) this.model.off(ev, cb);
    this.root.remove();
  }
}

function seatSuffix(seats, v) {
  const s = seats && seats[v];
  return s && s.kind !== "human" ? ` (${s.name})` : "";
}

/** The Solve panel: the equilibrium of the rest of the game for the seat to move,
 * each move's probability and its value in the solver's payoff, named; a forced
 * move said to be forced. */
function solvePanel(hints, ctx) {
  const sv = solveView(hints.moves, ctx.space);
  const values = Array.isArray(hints.values) ? h("div", { class: "nbg-muted", "data-testid": "seat-values" },
    `equilibrium ${sv.payoff} of each seat: `,
    hints.values.map((v, i) => `${ctx.seatLabel(i)} ${signed(v)}`).join(", ")) : null;
  if (sv.forced) {
    const r = sv.rows[0];
    return [h("h4", null, "Solve"),
      h("p", { class: "nbg-solve-forced", "data-testid": "solve-forced" },
        h("b", null, "Forced: "), `${r.label} is the only legal move (${sv.payoff} ${signed(r.value)}).`),
      values];
  }
  const table = h("table", { class: "nbg-table nbg-solve-table" },
    h("thead", null, h("tr", null, h("th", { scope: "col" }, "move"),
      h("th", { scope: "col", class: "nbg-num" }, "probability"),
      h("th", { scope: "col", class: "nbg-num" }, sv.payoff))),
    h("tbody", null, sv.rows.map((r) => h("tr", { class: r.share > 0 ? "nbg-solve-played" : null },
      h("td", null, h("span", { class: "nbg-hint-bar", style: { "--nbg-heat": r.share.toFixed(3) } }), ` ${r.label}`),
      h("td", { class: "nbg-num" }, `${Math.round(100 * r.share)}%`),
      h("td", { class: "nbg-num" }, signed(r.value))))));
  return [h("h4", null, "Solve: exact equilibrium"), table,
    h("p", { class: "nbg-muted nbg-solve-note" },
      `probability: how often the equilibrium plays the move. ${sv.payoff}: ${sv.payoffText}, `
      + "expected if everyone plays the equilibrium after the move. The equilibrium maximises it, "
      + "so a move it plays is worth at least as much as one it avoids."),
    values];
}

/** The seats-and-scores table: seat, who plays it, score; the viewer, the seat to
 * move and the winners marked. */
export function seatsTable(data) {
  const seats = data.seat_info || [];
  const scores = data.scores || [];
  const winners = data.winners || [];
  return h("table", { class: "nbg-table nbg-seat-table" },
    h("thead", null, h("tr", null, h("th", { scope: "col" }, "Seat"), h("th", { scope: "col" }, "Player"),
      h("th", { scope: "col", class: "nbg-num" }, "Score"))),
    h("tbody", null, seats.map((s) => {
      const marks = [];
      if (s.seat === data.to_move) marks.push(h("span", { class: "nbg-turn", title: "to move" }, "\u25B8"));
      if (winners.includes(s.seat)) marks.push(h("span", { class: "nbg-win", title: "winner" }, "\u2605"));
      return h("tr", { class: [s.seat === data.viewer ? "nbg-me" : "", s.seat === data.to_move ? "nbg-moving" : ""] },
        h("td", null, marks, `P${s.seat}`),
        h("td", null, h("span", { class: ["nbg-kind", `nbg-kind-${s.kind}`] }, s.kind === "human" ? "human" : s.name),
          s.seat === data.viewer ? h("span", { class: "nbg-you" }, " (you)") : null),
        h("td", { class: "nbg-num" }, scores[s.seat] ?? ""));
    })));
}

/** Left/right (and up/down) arrows move focus between the buttons of a toolbar. */
export function arrowKeys(e) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (!(e.key in keys) || !e.target || !e.target.closest) return;
  const bar = e.target.closest('[role="toolbar"]');
  if (!bar) return;
  const buttons = [...bar.querySelectorAll("button")].filter((b) => !b.disabled);
  const i = buttons.indexOf(e.target);
  if (i < 0 || buttons.length === 0) return;
  const next = buttons[(i + keys[e.key] + buttons.length) % buttons.length];
  next.focus();
  e.preventDefault();
}

/** The anywidget module for one board: `export default createWidget(board)`. */
export function createWidget(board) {
  return {
    render({ model, el }) {
      const shell = new Shell(model, el, board);
      return () => shell.destroy();
    },
  };
}
