// The Día de Paga calendar's live view: inserts the board that Python drew and sends clicks back.
// Plain ES module, no imports: it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the engine's legal actions as Python sent them (kit/widgets/calendar_view.py),
// an amount form sends what was typed and Python reads and checks it, and the drawing is
// kit.render.calendar.calendar_svg, the same picture a saved notebook shows. Buttons and forms
// Python marks not enabled (a bot's turn, the end) are greyed out, with Python's reason next to
// them; every click carries the `move` stamp of its view, so Python can refuse a late one.

/** An HTML element with attributes and optional text. */
function html(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}

/** The skeleton: the drawing; then status, message, buttons, amount forms and the log. */
function skeleton() {
  const root = html("div", { class: "kit-payday-board" });
  const drawing = html("div", { class: "kit-payday-drawing", "data-testid": "calendar" });
  const side = html("div", { class: "kit-payday-side" });
  const status = html("p", { class: "kit-payday-status", "data-testid": "status" });
  const message = html("p", { class: "kit-payday-message", "data-testid": "message", role: "status" });
  const warning = html("p", { class: "kit-payday-warning", "data-testid": "warning", role: "alert" });
  const actionsTitle = html("h4", { class: "kit-payday-heading" });
  const waiting = html("p", { class: "kit-payday-waiting", "data-testid": "waiting" });
  const buttons = html("div", { class: "kit-payday-buttons", "data-testid": "actions" });
  const formsTitle = html("h4", { class: "kit-payday-heading" });
  const forms = html("div", { class: "kit-payday-forms", "data-testid": "forms" });
  const logTitle = html("h4", { class: "kit-payday-heading" });
  const log = html("ol", { class: "kit-payday-log", "data-testid": "log" });
  side.append(status, message, warning, actionsTitle, waiting, buttons, formsTitle, forms, logTitle, log);
  root.append(drawing, side);
  return {
    root, drawing, status, message, warning, actionsTitle, waiting, buttons, formsTitle, forms, logTitle, log,
  };
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

/** A warning line (a save that failed): its label, then Python's text, kept apart. */
function fillWarning(node, label, text) {
  node.replaceChildren();
  if (!text) return;
  node.append(html("strong", {}, `⚠ ${label}: `), document.createTextNode(text));
}

/** One form per "any time" action: an amount box and a button; Python reads what was typed. */
function amountForms(view, send) {
  return view.forms.map((form) => {
    const node = html("div", {
      class: form.offered ? "kit-payday-form" : "kit-payday-form kit-off",
      "data-form": form.kind,
    });
    const label = html("label", {}, form.label);
    const input = html("input", {
      type: "text",
      inputmode: "numeric",
      "aria-label": `${form.label} (${view.labels.amount})`,
      "data-amount": form.kind,
    });
    input.value = String(form.default);
    const off = form.enabled ? {} : { disabled: "", title: view.waiting };
    Object.entries(off).forEach(([name, value]) => input.setAttribute(name, value));
    const button = html("button", { type: "button", "data-submit": form.kind, ...off }, form.label);
    const submit = () => send({ type: "amount", kind: form.kind, amount: input.value });
    button.addEventListener("click", submit);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && form.enabled) submit();
    });
    node.append(label, input, button, html("span", { class: "kit-payday-hint" }, form.hint));
    return node;
  });
}

/** Fill the view from the model's current state. */
function draw(model, parts, send) {
  const view = model.get("view");
  if (!view || !view.days) return;
  parts.drawing.innerHTML = model.get("svg"); // Python's own SVG: escaped text, no scripts
  parts.status.textContent = view.status;
  const message = model.get("message");
  parts.message.textContent = message;
  parts.message.classList.toggle("kit-refused", Boolean(view.refused));
  fillWarning(parts.warning, view.labels.warning, model.get("warning"));
  parts.actionsTitle.textContent = view.buttons.length || view.waiting ? view.labels.actions : "";
  parts.waiting.textContent = view.waiting;
  parts.buttons.replaceChildren(...actionButtons(view, send));
  parts.formsTitle.textContent = view.forms.length ? view.labels.anytime : "";
  parts.forms.replaceChildren(...amountForms(view, send));
  parts.logTitle.textContent = view.log.length ? view.labels.log : "";
  parts.log.replaceChildren(...view.log.map((line) => html("li", {}, line)));
}

const WATCHED = ["view", "svg", "message", "warning"];

export default {
  render({ model, el }) {
    // every click says which position it was made on: Python refuses one made on an older view
    const send = (content) => model.send({ ...content, move: model.get("view").move });
    const parts = skeleton();
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
