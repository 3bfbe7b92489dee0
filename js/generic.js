// The fallback board for titles without their own module yet: the viewer's
// observation as a readable list, and the legal actions as buttons labelled
// from the action layout (ctx.label). Same pattern as every board (see the top
// of js/shared.js).
import { h } from "./shared.js";

function show(value) {
  if (value === null || value === undefined) return "\u2014";
  if (typeof value !== "object") return String(value);
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}\u2026` : text;
}

/** At most this many action buttons are drawn (a layout may have thousands of legal ids). */
export const MAX_BUTTONS = 200;

export const board = {
  render(ctx) {
    const skip = new Set(["title", "players", "seat"]);
    const shown = ctx.legal.slice(0, MAX_BUTTONS);
    return h("div", { class: "nbg-board gen-board" },
      h("dl", { class: "gen-view" }, Object.entries(ctx.view).filter(([k]) => !skip.has(k)).map(([k, v]) => [
        h("dt", null, k), h("dd", null, show(v))])),
      shown.length
        ? h("div", { class: "gen-actions", role: "toolbar", "aria-label": "your legal actions" },
          shown.map((a) => {
            const label = ctx.label(a.id);
            return h("button", { class: "nbg-btn nbg-legal", "data-key": `act-${a.id}`, "data-aid": a.id,
              "aria-label": label, onclick: () => ctx.act(a.id) }, label);
          }),
          ctx.legal.length > shown.length
            ? h("span", { class: "gen-more" }, `\u2026 and ${ctx.legal.length - shown.length} more`) : null)
        : null);
  },
};
