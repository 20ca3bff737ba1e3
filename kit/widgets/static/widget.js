// What every game widget's page shares. kit/widgets/base.py puts this file before the widget's
// own module (board.js, calendar.js, hand.js), so each module only builds its skeleton and
// draws its view. Plain script, no imports: it must load offline and in JupyterLite.

/** An HTML element with attributes and optional text. */
function html(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}

/** A warning line (a save that failed): its label, then Python's text, kept apart. */
function fillWarning(node, label, text) {
  node.replaceChildren();
  if (!text) return;
  node.append(html("strong", {}, `⚠ ${label}: `), document.createTextNode(text));
}

/** Whether Python is behind this model: JupyterLab draws a notebook's saved widgets before
 * its cells run, with no kernel connection (`comm_live`) behind them; their clicks go nowhere.
 * Asked of the page's widget manager by the model id Python put in the view; where it cannot
 * tell, the widget is taken to be live. `onChange` hears a kernel that stops or comes back. */
async function watchPython(model, onChange) {
  const id = model.get("view")?.widget;
  const manager = model.widget_manager;
  if (!id || typeof manager?.get_model !== "function") return () => {};
  let real;
  try {
    real = await manager.get_model(id);
  } catch {
    return () => {};
  }
  if (!real || typeof real.comm_live !== "boolean") return () => {};
  const update = () => onChange(real.comm_live);
  real.on?.("comm_live_update", update);
  update();
  return () => real.off?.("comm_live_update", update);
}

/** The one render shell of a game widget: `skeleton(send)` builds the page once, `draw(model,
 * parts, send)` fills it from Python's view. Every click carries the `move` stamp of the view
 * it was made on (Python refuses a late one); one Python update changes several traits, drawn
 * once for all; a board with no Python behind it says so and greys its buttons out. */
function mount(model, el, { skeleton, draw, watched }) {
  const send = (content) => model.send({ ...content, move: model.get("view").move });
  const parts = skeleton(send);
  const notice = html("p", { class: "kit-no-answer", role: "alert", "data-testid": "no-answer" });
  notice.hidden = true;
  el.append(parts.root);
  // beside the buttons it greys out (before the waiting line, which every skeleton has)
  if (parts.waiting) parts.waiting.before(notice);
  else parts.root.before(notice);
  const showLive = (live) => {
    notice.textContent = live ? "" : model.get("view")?.labels?.no_answer || "";
    notice.hidden = live;
    parts.root.classList.toggle("kit-offline", !live);
  };
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw(model, parts, send);
    });
  };
  for (const name of watched) model.on(`change:${name}`, redraw);
  draw(model, parts, send);
  let unwatch = () => {};
  let gone = false;
  watchPython(model, showLive).then((stop) => (gone ? stop() : (unwatch = stop)));
  return () => {
    gone = true;
    unwatch();
    for (const name of watched) model.off(`change:${name}`, redraw);
  };
}
