// giv serve's live reload, injected by the dev server only (never in a built site).
// It listens to /__giv/events (Server-Sent Events): a new build reloads the page, a failed build
// shows its errors over the page until the file is fixed.
(() => {
  "use strict";
  const script = document.currentScript;
  const loaded = Number((script && script.dataset.build) || 0);
  let overlay = null;

  function stylesheet() {
    if (document.querySelector("link[data-giv-overlay]")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/__giv/reload.css";
    link.dataset.givOverlay = "";
    document.head.append(link);
  }

  function show(problems) {
    stylesheet();
    if (!overlay) {
      overlay = document.createElement("section");
      overlay.id = "giv-overlay";
      overlay.setAttribute("role", "alert");
      document.body.append(overlay);
    }
    const title = document.createElement("h2");
    title.textContent = `giv serve: the build failed (${problems.length} error${problems.length === 1 ? "" : "s"})`;
    const list = document.createElement("ol");
    for (const p of problems) {
      const item = document.createElement("li");
      const where = document.createElement("code");
      where.textContent = p.line ? `${p.file}:${p.line}` : p.file;
      item.append(where, document.createTextNode(` ${p.message}`));
      if (p.detail) {
        const pre = document.createElement("pre");
        pre.textContent = p.detail;
        item.append(pre);
      }
      list.append(item);
    }
    const hint = document.createElement("p");
    hint.textContent = "Fix the file and save it: this page reloads by itself.";
    overlay.replaceChildren(title, list, hint);
  }

  function hide() {
    if (overlay) overlay.remove();
    overlay = null;
  }

  const source = new EventSource("/__giv/events");
  source.addEventListener("state", (event) => {
    const state = JSON.parse(event.data);
    if (!state.ok) show(state.problems);
    else if (state.build !== loaded) location.reload();
    else hide();
  });
})();
