// Palabra's live table: inserts the picture Python drew and sends clicks back.
// Plain ES module, no imports: it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the plays Python offers for the selected cards, each already tried by the
// engine (kit/widgets/hand_view.py); a click on a card sends its id (and where it lies: a card
// on the table or in the best play is not picked, Python says why), a button its action data.
// Buttons Python marks not enabled (a bot's turn) are greyed out, with Python's reason next to
// them; every click carries the `move` stamp of its view, so Python can refuse a late one.

/** An HTML element with attributes and optional text. */
function html(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}

/** The skeleton: the picture on the left; message, letters, buttons on the right. */
function skeleton(send) {
  const root = html("div", { class: "kit-palabra" });
  const drawing = html("div", { class: "kit-palabra-drawing", "data-testid": "table" });
  const side = html("div", { class: "kit-palabra-side" });
  const message = html("p", { class: "kit-palabra-message", "data-testid": "message", role: "status" });
  const warning = html("p", { class: "kit-palabra-warning", "data-testid": "warning", role: "alert" });
  const total = html("p", { class: "kit-palabra-total", "data-testid": "total" });
  const lettersBox = html("label", { class: "kit-palabra-letters" });
  const lettersText = html("span");
  const letters = html("input", { type: "text", "data-testid": "letters", maxlength: 7, autocomplete: "off" });
  lettersBox.append(lettersText, letters);
  const tools = html("div", { class: "kit-palabra-tools" });
  const actionsTitle = html("h4", { class: "kit-palabra-heading" });
  const waiting = html("p", { class: "kit-palabra-waiting", "data-testid": "waiting" });
  const buttons = html("div", { class: "kit-palabra-buttons", "data-testid": "actions" });
  side.append(message, warning, total, lettersBox, tools, actionsTitle, waiting, buttons);
  root.append(drawing, side);
  drawing.addEventListener("click", (event) => {
    const card = event.target.closest?.("[data-card]");
    if (!card) return;
    const where = card.closest(".kit-hand") ? "hand" : card.closest(".kit-best") ? "best" : "table";
    send({ type: "pick", card: Number(card.dataset.card), where });
  });
  drawing.addEventListener("keydown", (event) => {
    const card = event.target.closest?.(".kit-hand [data-card]");
    if (card && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      send({ type: "pick", card: Number(card.dataset.card) });
    }
  });
  letters.addEventListener("change", () => send({ type: "letters", text: letters.value }));
  return {
    root, drawing, message, warning, total, lettersBox, lettersText, letters, tools, actionsTitle, waiting, buttons,
  };
}

/** A button that sends `content` when clicked. */
function button(label, attrs, content, send) {
  const node = html("button", { type: "button", ...attrs }, label);
  node.addEventListener("click", () => send(content));
  return node;
}

/** One button per play Python offers; the engine's "no" is shown on the button's tooltip. */
function actionButtons(view, send) {
  return view.buttons.map((b) => {
    const attrs = {
      class: `kit-act kit-act-${b.kind} ${b.legal ? "kit-legal" : "kit-not-legal"}`,
      "data-action": b.kind,
      "data-legal": b.legal ? "yes" : "no",
    };
    if (!b.legal) attrs.title = `${view.labels.not_legal}: ${b.reason}`;
    if (!b.enabled) Object.assign(attrs, { disabled: "", title: view.waiting });
    return button(b.label, attrs, { type: "act", action: b.action }, send);
  });
}

/** A warning line (a save that failed): its label, then Python's text, kept apart. */
function fillWarning(node, label, text) {
  node.replaceChildren();
  if (!text) return;
  node.append(html("strong", {}, `⚠ ${label}: `), document.createTextNode(text));
}

/** Show the best play, play it, clear the selection. */
function tools(view, send) {
  const off = view.waiting ? { disabled: "", title: view.waiting } : {};
  const out = [button(view.labels.btn_best, { class: "kit-tool", "data-tool": "best", ...off }, { type: "best" }, send)];
  if (view.best && view.best.action) {
    out.push(button(view.labels.btn_play_best, { class: "kit-tool", "data-tool": "play-best", ...off },
      { type: "act", action: view.best.action }, send));
  }
  if (view.selection.cards.length) {
    out.push(button(view.labels.btn_clear, { class: "kit-tool", "data-tool": "clear", ...off }, { type: "clear" }, send));
  }
  return out;
}

/** Fill the view from the model's current state. */
function draw(model, parts, send) {
  const view = model.get("view");
  if (!view || !view.hand) return;
  parts.drawing.innerHTML = model.get("svg"); // Python's own SVG: escaped text, no scripts
  parts.drawing.querySelectorAll(".kit-hand [data-card]").forEach((g) => g.setAttribute("tabindex", "0"));
  parts.message.textContent = model.get("message");
  fillWarning(parts.warning, view.labels.warning, model.get("warning"));
  parts.total.textContent = view.selection.total_text;
  parts.lettersBox.hidden = !view.selection.needs_letters;
  parts.lettersText.textContent = view.labels.letters_prompt;
  if (document.activeElement !== parts.letters) parts.letters.value = view.selection.letters;
  parts.tools.replaceChildren(...(view.to_act === null ? [] : tools(view, send)));
  parts.actionsTitle.textContent = view.labels.actions;
  parts.waiting.textContent = view.waiting;
  parts.buttons.replaceChildren(...actionButtons(view, send));
}

const WATCHED = ["view", "svg", "message", "warning"];

export default {
  render({ model, el }) {
    // every click says which position it was made on: Python refuses one made on an older view
    const send = (content) => model.send({ ...content, move: model.get("view").move });
    const parts = skeleton(send);
    el.append(parts.root);
    let pending = false;
    const redraw = () => {
      if (pending) return;
      pending = true; // one Python update changes several traits: draw once for all of them
      queueMicrotask(() => {
        pending = false;
        draw(model, parts, send);
      });
    };
    for (const name of WATCHED) model.on(`change:${name}`, redraw);
    draw(model, parts, send);
    return () => {
      for (const name of WATCHED) model.off(`change:${name}`, redraw);
    };
  },
};
