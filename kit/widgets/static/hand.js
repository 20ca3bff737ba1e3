// Palabra's live table: inserts the picture Python drew and sends clicks back.
// Plain ES module, no imports: it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the plays Python offers for the selected cards, each already tried by the
// engine (kit/widgets/hand_view.py); a click on a card sends its id, a button its action data.

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
  const total = html("p", { class: "kit-palabra-total", "data-testid": "total" });
  const lettersBox = html("label", { class: "kit-palabra-letters" });
  const lettersText = html("span");
  const letters = html("input", { type: "text", "data-testid": "letters", maxlength: 7, autocomplete: "off" });
  lettersBox.append(lettersText, letters);
  const tools = html("div", { class: "kit-palabra-tools" });
  const actionsTitle = html("h4", { class: "kit-palabra-heading" });
  const buttons = html("div", { class: "kit-palabra-buttons", "data-testid": "actions" });
  side.append(message, total, lettersBox, tools, actionsTitle, buttons);
  root.append(drawing, side);
  drawing.addEventListener("click", (event) => {
    const card = event.target.closest?.(".kit-hand [data-card]");
    if (card) send({ type: "pick", card: Number(card.dataset.card) });
  });
  drawing.addEventListener("keydown", (event) => {
    const card = event.target.closest?.(".kit-hand [data-card]");
    if (card && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      send({ type: "pick", card: Number(card.dataset.card) });
    }
  });
  letters.addEventListener("change", () => send({ type: "letters", text: letters.value }));
  return { root, drawing, message, total, lettersBox, lettersText, letters, tools, actionsTitle, buttons };
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
    return button(b.label, attrs, { type: "act", action: b.action }, send);
  });
}

/** Show the best play, play it, clear the selection. */
function tools(view, send) {
  const out = [button(view.labels.btn_best, { class: "kit-tool", "data-tool": "best" }, { type: "best" }, send)];
  if (view.best && view.best.action) {
    out.push(button(view.labels.btn_play_best, { class: "kit-tool", "data-tool": "play-best" },
      { type: "act", action: view.best.action }, send));
  }
  if (view.selection.cards.length) {
    out.push(button(view.labels.btn_clear, { class: "kit-tool", "data-tool": "clear" }, { type: "clear" }, send));
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
  parts.total.textContent = view.selection.total_text;
  parts.lettersBox.hidden = !view.selection.needs_letters;
  parts.lettersText.textContent = view.labels.letters_prompt;
  if (document.activeElement !== parts.letters) parts.letters.value = view.selection.letters;
  parts.tools.replaceChildren(...(view.to_act === null ? [] : tools(view, send)));
  parts.actionsTitle.textContent = view.labels.actions;
  parts.buttons.replaceChildren(...actionButtons(view, send));
}

const WATCHED = ["view", "svg", "message"];

export default {
  render({ model, el }) {
    const send = (content) => model.send(content);
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
