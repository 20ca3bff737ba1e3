// The Día de Paga calendar's live view: inserts the board that Python drew and sends clicks back.
// Plain ES module, no imports: it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the engine's legal actions as Python sent them (kit/widgets/calendar_view.py),
// an amount form sends what was typed and Python reads and checks it, and the drawing is
// kit.render.calendar.calendar_svg, the same picture a saved notebook shows.

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
  const actionsTitle = html("h4", { class: "kit-payday-heading" });
  const buttons = html("div", { class: "kit-payday-buttons", "data-testid": "actions" });
  const formsTitle = html("h4", { class: "kit-payday-heading" });
  const forms = html("div", { class: "kit-payday-forms", "data-testid": "forms" });
  const logTitle = html("h4", { class: "kit-payday-heading" });
  const log = html("ol", { class: "kit-payday-log", "data-testid": "log" });
  side.append(status, message, actionsTitle, buttons, formsTitle, forms, logTitle, log);
  root.append(drawing, side);
  return { root, drawing, status, message, actionsTitle, buttons, formsTitle, forms, logTitle, log };
}

/** One button per legal action; a click sends the action exactly as Python wrote it. */
function actionButtons(view, send) {
  return view.buttons.map((button) => {
    const node = html(
      "button",
      { type: "button", class: `kit-act kit-act-${button.kind}`, "data-action": button.kind },
      button.label,
    );
    node.addEventListener("click", () => send({ type: "act", action: button.action }));
    return node;
  });
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
    const button = html("button", { type: "button", "data-submit": form.kind }, form.label);
    const submit = () => send({ type: "amount", kind: form.kind, amount: input.value });
    button.addEventListener("click", submit);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") submit();
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
  parts.actionsTitle.textContent = view.buttons.length ? view.labels.actions : "";
  parts.buttons.replaceChildren(...actionButtons(view, send));
  parts.formsTitle.textContent = view.forms.length ? view.labels.anytime : "";
  parts.forms.replaceChildren(...amountForms(view, send));
  parts.logTitle.textContent = view.log.length ? view.labels.log : "";
  parts.log.replaceChildren(...view.log.map((line) => html("li", {}, line)));
}

const WATCHED = ["view", "svg", "message"];

export default {
  render({ model, el }) {
    const send = (content) => model.send(content);
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
