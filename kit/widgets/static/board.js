// The property board's live view: inserts the board that Python drew and sends clicks back.
// Plain ES module, no imports (html, fillWarning and mount come from widget.js, put before it
// by kit/widgets/base.py): it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the engine's legal actions as Python sent them (kit/widgets/board_view.py),
// and the drawing is kit.render.board_svg, the same picture a saved notebook shows. A button
// Python marks not enabled (a bot's turn) is greyed out, with Python's reason next to it; every
// click carries the `move` stamp of the view it was made on, so Python can refuse a late one.

/** The skeleton: the board on the left; whose turn, the message, the trade to answer, the
 * buttons and the title deed on the right (so the turn and the moves sit beside the board). */
function skeleton(send) {
  const root = html("div", { class: "kit-board" });
  const drawing = html("div", { class: "kit-board-drawing", "data-testid": "board" });
  const side = html("div", { class: "kit-board-side" });
  const turn = html("p", { class: "kit-board-turn", "data-testid": "turn" });
  const message = html("div", { class: "kit-board-message", "data-testid": "message", role: "status" });
  const trade = html("div", { class: "kit-board-trade", "data-testid": "trade" });
  const warning = html("p", { class: "kit-board-warning kit-warning", "data-testid": "warning", role: "alert" });
  const actionsTitle = html("h4", { class: "kit-board-heading" });
  const waiting = html("p", { class: "kit-board-waiting kit-waiting", "data-testid": "waiting" });
  const buttons = html("div", { class: "kit-board-buttons", "data-testid": "actions" });
  const deed = html("div", { class: "kit-board-deed", "data-testid": "deed" });
  side.append(turn, trade, actionsTitle, waiting, buttons, message, warning, deed);
  root.append(drawing, side);
  drawing.addEventListener("click", (event) => {
    const square = event.target.closest?.("[data-square]");
    if (square) send({ type: "select", square: Number(square.dataset.square) });
  });
  return { root, drawing, turn, message, trade, warning, actionsTitle, waiting, buttons, deed };
}

/** One button per legal action; a click sends the action exactly as Python wrote it. */
function actionButtons(view, send) {
  return view.buttons.map((button) => {
    const attrs = { type: "button", class: `kit-act kit-act-${button.kind}`, "data-action": button.kind };
    if (!button.enabled) Object.assign(attrs, { disabled: "", title: view.waiting });
    const node = html("button", attrs, button.label);
    node.addEventListener("click", () => send({ type: "act", action: button.action }));
    return node;
  });
}

/** The message line: what just happened (one line per move) or why a click was refused; the
 * rule's id, if any, folded in a small «¿por qué?» detail. */
function fillMessage(node, view, text) {
  node.replaceChildren();
  if (text) node.append(html("span", { class: "kit-board-said" }, text)); // one move a line
  if (text && view.rule) {
    const details = html("details", { class: "kit-board-why", "data-testid": "why" });
    details.append(html("summary", {}, view.labels.why), html("p", {}, view.labels.rule));
    node.append(details);
  }
}

/** The title deed of the selected square, or a hint to click one. */
function deedPanel(view) {
  const deed = view.deed;
  if (!deed) return [html("p", { class: "kit-board-hint" }, view.labels.pick_square)];
  const head = html("div", { class: "kit-deed-head" });
  head.textContent = deed.letter ? `${deed.letter} · ${deed.name}` : deed.name;
  if (deed.colour) {
    head.style.background = deed.colour;
    head.style.color = deed.ink;
  }
  const parts = [head];
  if (deed.owner_name !== undefined) {
    const mortgaged = deed.mortgaged ? ` · ${view.labels.mortgaged}` : "";
    parts.push(html("p", { class: "kit-deed-owner" }, `${view.labels.owner}: ${deed.owner_name}${mortgaged}`));
  }
  const table = html("table", { class: "kit-deed-table" });
  for (const [name, value] of deed.lines) {
    const row = html("tr");
    row.append(html("td", {}, name), html("td", { class: "kit-deed-value" }, value));
    table.append(row);
  }
  parts.push(table);
  return parts;
}

/** Fill the view from the model's current state. */
function draw(model, parts, send) {
  const view = model.get("view");
  if (!view || !view.squares) return;
  parts.drawing.innerHTML = model.get("svg"); // Python's own SVG: escaped text, no scripts
  parts.turn.textContent = `${view.turn_text} · ${view.status}`;
  fillMessage(parts.message, view, model.get("message"));
  parts.trade.textContent = view.trade || "";
  fillWarning(parts.warning, view.labels.warning, model.get("warning"));
  parts.actionsTitle.textContent = view.labels.actions;
  parts.waiting.textContent = view.waiting;
  parts.buttons.replaceChildren(...actionButtons(view, send));
  parts.deed.replaceChildren(...deedPanel(view));
}

const WATCHED = ["view", "svg", "message", "warning"];

export default {
  render: ({ model, el }) => mount(model, el, { skeleton, draw, watched: WATCHED }),
};
