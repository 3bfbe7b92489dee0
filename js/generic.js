// The fallback board for titles without their own module yet: the viewer's
// observation as a readable list, and the legal actions as buttons.
// Same pattern as every board (see the top of js/shared.js).
import { h } from "./shared.js";

function show(value) {
  if (value === null || value === undefined) return "\u2014";
  if (typeof value !== "object") return String(value);
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}\u2026` : text;
}

export const board = {
  title: "generic",
  render(ctx) {
    const skip = new Set(["title", "players", "seat"]);
    return h("div", { class: "nbg-board gen-board" },
      h("dl", { class: "gen-view" }, Object.entries(ctx.view).filter(([k]) => !skip.has(k)).map(([k, v]) => [
        h("dt", null, k), h("dd", null, show(v))])),
      ctx.legal.length
        ? h("div", { class: "gen-actions", role: "toolbar", "aria-label": "your legal actions" },
          ctx.legal.map(([id, label]) => h("button", { class: "nbg-btn nbg-legal", "data-key": `act-${id}`,
            "aria-label": label, onclick: () => ctx.act(id) }, label)))
        : null);
  },
};
