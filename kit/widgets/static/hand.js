// Palabra's live table: inserts the picture Python drew and sends clicks back.
// Plain ES module, no imports (html, fillWarning and mount come from widget.js, put before it
// by kit/widgets/base.py): it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the plays Python offers for the selected cards, each already tried by the
// engine (kit/widgets/hand_view.py); a click on a card sends its id (and where it lies: a card
// on the table is not picked, Python says why), a button its action data. The plays allowed
// now come first; the refused ones fold away under «Otras jugadas», each with the engine's reason.
// Buttons Python marks not enabled (a bot's turn) are greyed out, with Python's reason next to
// them; every click carries the `move` stamp of its view, so Python can refuse a late one.

/** A folding panel: a <details> with its title; `open` the first time it is drawn. */
function panel(cls, testid, open) {
  const box = html("details", { class: `kit-palabra-panel ${cls}`, "data-testid": testid });
  if (open) box.open = true;
  const title = html("summary");
  const body = html("div", { class: "kit-palabra-panel-body" });
  box.append(title, body);
  return { box, title, body };
}

/** The skeleton: the picture (status, scores, table, hand) and under it the log; beside it
 * the selection's score, the refusal next to the buttons, the plays allowed now, the others
 * folded away, the tools and the best play. All of it fits a 1280×720 screen. */
function skeleton(send) {
  const root = html("div", { class: "kit-palabra" });
  const main = html("div", { class: "kit-palabra-main" });
  const drawing = html("div", { class: "kit-palabra-drawing", "data-testid": "table" });
  const log = panel("kit-palabra-log", "log", true);
  const side = html("div", { class: "kit-palabra-side", "data-testid": "side" });
  const selection = html("div", { class: "kit-palabra-selection", "data-testid": "selection" });
  const steps = html("ol", { class: "kit-palabra-steps", "data-testid": "steps" });
  const total = html("p", { class: "kit-palabra-total", "data-testid": "total" });
  selection.append(steps, total);
  const message = html("p", { class: "kit-palabra-message", "data-testid": "message", role: "status" });
  const why = html("details", { class: "kit-palabra-why", "data-testid": "why" });
  const whyTitle = html("summary");
  const whyText = html("span");
  why.append(whyTitle, whyText);
  const warning = html("p", { class: "kit-palabra-warning kit-warning", "data-testid": "warning", role: "alert" });
  const lettersBox = html("label", { class: "kit-palabra-letters" });
  const lettersText = html("span");
  const letters = html("input", { type: "text", "data-testid": "letters", maxlength: 7, autocomplete: "off" });
  lettersBox.append(lettersText, letters);
  const tools = html("div", { class: "kit-palabra-tools" });
  const waiting = html("p", { class: "kit-palabra-waiting kit-waiting", "data-testid": "waiting" });
  const buttons = html("div", { class: "kit-palabra-buttons", "data-testid": "actions" });
  const others = panel("kit-palabra-others", "other-actions", false);
  const best = panel("kit-palabra-best", "best", true);
  side.append(selection, lettersBox, tools, message, why, warning, waiting, buttons, others.box, best.box);
  main.append(drawing, log.box);
  root.append(main, side);
  drawing.addEventListener("click", (event) => {
    const card = event.target.closest?.("[data-card]");
    if (!card) return;
    const where = card.closest(".kit-hand") ? "hand" : "table";
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
    root, drawing, log, steps, total, message, why, whyTitle, whyText, warning, lettersBox, lettersText,
    letters, tools, waiting, buttons, others, best,
  };
}

/** List items with Python's text, one per line. */
function lines(node, texts, cls) {
  node.replaceChildren(...texts.map((line) => html("li", { class: cls }, line)));
}

/** A button that sends `content` when clicked. */
function button(label, attrs, content, send) {
  const node = html("button", { type: "button", ...attrs }, label);
  node.addEventListener("click", () => send(content));
  return node;
}

/** One button per play Python offers; the engine's "no" is shown on the button's tooltip. */
function actionButtons(view, buttons, send) {
  return buttons.map((b) => {
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

/** Show the best play (once shown: play it), clear the selection. */
function tools(view, send) {
  const off = view.waiting ? { disabled: "", title: view.waiting } : {};
  const out = [];
  if (!view.best) {
    out.push(button(view.labels.btn_best, { class: "kit-tool", "data-tool": "best", ...off }, { type: "best" }, send));
  } else if (view.best.action) { // shown: the button to show it again gives way to playing it
    out.push(button(view.labels.btn_play_best, { class: "kit-tool", "data-tool": "play-best", ...off },
      { type: "act", action: view.best.action }, send));
  }
  if (view.selection.cards.length) {
    out.push(button(view.labels.btn_clear, { class: "kit-tool", "data-tool": "clear", ...off }, { type: "clear" }, send));
  }
  return out;
}

/** The selection's score, factor by factor, and its total (only for a legal play) or why
 * the cards make none. */
function drawSelection(view, parts) {
  const sel = view.selection;
  const title = sel.cards.length ? [`${view.labels.selection}: ${sel.word}`] : [view.labels.pick_cards];
  lines(parts.steps, [...title, ...sel.steps.map((s) => s.text)], "kit-palabra-step");
  parts.steps.firstChild?.classList.add("kit-palabra-step-title");
  parts.total.textContent = sel.total_text;
  parts.total.dataset.legal = sel.legal ? "yes" : "no";
}

/** The refusal, right above the buttons, and its rule folded in a small «¿por qué?». */
function drawMessage(model, view, parts) {
  parts.message.textContent = model.get("message");
  parts.message.dataset.kind = view.told ? "told" : "refused"; // the moves just made, or a "no"
  parts.why.hidden = !view.why;
  parts.whyTitle.textContent = view.labels.why;
  parts.whyText.textContent = view.why;
}

/** The best play's steps (its cards are marked in the hand), or nothing. */
function drawBest(view, parts) {
  const best = view.best;
  parts.best.box.hidden = !best;
  if (!best) return;
  parts.best.title.textContent = best.title;
  const list = html("ol", { class: "kit-palabra-steps" });
  lines(list, best.steps.map((s) => s.text), "kit-palabra-step");
  const note = best.found ? [html("p", { class: "kit-palabra-note" }, view.labels.best_marked)] : [];
  parts.best.body.replaceChildren(list, ...note);
}

/** Fill the view from the model's current state. */
function draw(model, parts, send) {
  const view = model.get("view");
  if (!view || !view.hand) return;
  parts.drawing.innerHTML = model.get("svg"); // Python's own SVG: escaped text, no scripts
  parts.drawing.querySelectorAll(".kit-hand [data-card]").forEach((g) => g.setAttribute("tabindex", "0"));
  drawSelection(view, parts);
  drawMessage(model, view, parts);
  fillWarning(parts.warning, view.labels.warning, model.get("warning"));
  parts.lettersBox.hidden = !view.selection.needs_letters;
  parts.lettersText.textContent = view.labels.letters_prompt;
  if (document.activeElement !== parts.letters) parts.letters.value = view.selection.letters;
  parts.tools.replaceChildren(...(view.to_act === null ? [] : tools(view, send)));
  parts.waiting.textContent = view.waiting;
  const allowed = view.buttons.filter((b) => b.legal);
  const refused = view.buttons.filter((b) => !b.legal);
  parts.buttons.replaceChildren(...actionButtons(view, allowed, send));
  parts.others.box.hidden = !refused.length;
  parts.others.title.textContent = `${view.labels.other_plays}: ${refused.length}`;
  parts.others.body.replaceChildren(...actionButtons(view, refused, send));
  drawBest(view, parts);
  parts.log.title.textContent = view.labels.log;
  const log = html("ol", { class: "kit-palabra-log-lines" });
  lines(log, view.log, "kit-log-line");
  parts.log.box.hidden = !view.log.length;
  parts.log.body.replaceChildren(log);
}

const WATCHED = ["view", "svg", "message", "warning"];

export default {
  render: ({ model, el }) => mount(model, el, { skeleton, draw, watched: WATCHED }),
};
