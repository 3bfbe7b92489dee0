// An exported game shown in a page (iframe.nbg-replay) takes the height of its
// board, so the page scrolls and the frame does not. When the page cannot read the
// frame (a page opened from disk is another origin to its frames) the frame keeps
// its height from nbgames.css and scrolls inside.
function fitReplay(frame) {
  let doc;
  try {
    doc = frame.contentDocument;
  } catch (e) {
    return;
  }
  if (!doc || !doc.body || doc.URL === "about:blank") return;
  const height = doc.documentElement.scrollHeight;
  if (height > 0) frame.style.height = `${height + 2}px`;
  if (frame.nbgWatched !== doc && window.ResizeObserver) {
    // the board draws after the frame's load event, and redraws at every step
    frame.nbgWatched = doc;
    new ResizeObserver(() => fitReplay(frame)).observe(doc.body);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  for (const frame of document.querySelectorAll("iframe.nbg-replay")) {
    frame.addEventListener("load", () => fitReplay(frame));
    fitReplay(frame);
  }
});
