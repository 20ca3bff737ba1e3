// The Día de Paga calendar's live view: inserts the drawings Python made and sends clicks back.
// Plain ES module, no imports (html, fillWarning and mount come from widget.js, put before it
// by kit/widgets/base.py): it must load offline and in JupyterLite. No game rule lives here:
// the buttons are the engine's legal actions as Python sent them (kit/widgets/calendar_view.py),
// an amount form sends what was typed and Python reads and checks it, and the drawings are
// kit.render.calendar's (month_svg, books_svg, paydays_svg), the pieces of the picture a saved
// notebook shows. One screen: the calendar with the log under it, and beside it whose turn it
// is, the buttons, the refusal (with its «¿por qué?» detail) and the amount forms; in a widget
// narrower than 1000 px (JupyterLab with its file browser open) the turn, buttons and refusal
// form a row above the calendar instead (calendar.css, a container query); the books and
// the paydays below, each folding away. Buttons and forms Python marks not enabled (a bot's
// turn, the end) are greyed out, with Python's reason next to them; every click carries the
// `move` stamp of its view, so Python can refuse a late one.

/** A panel that folds away: a <details> (open at first) with its title and a body. */
function panel(cls, testid) {
  const node = html("details", { class: `kit-payday-panel ${cls}`, "data-testid": testid, open: "" });
  const title = html("summary", {});
  const body = html("div", { class: "kit-payday-panel-body" });
  node.append(title, body);
  return { node, title, body };
}

/** The skeleton: calendar and log | turn, buttons, message, forms; then the books and paydays. */
function skeleton() {
  const root = html("div", { class: "kit-payday-board" });
  const main = html("div", { class: "kit-payday-main" });
  const drawing = html("div", { class: "kit-payday-drawing", "data-testid": "calendar" });
  const log = panel("kit-payday-logpanel", "logpanel");
  const logOrder = html("p", { class: "kit-payday-hint" });
  const logList = html("ol", { class: "kit-payday-log", "data-testid": "log" });
  log.body.append(logOrder, logList);
  main.append(drawing, log.node);
  const side = html("div", { class: "kit-payday-side", "data-testid": "side" });
  const status = html("p", { class: "kit-payday-status", "data-testid": "status" });
  const waiting = html("p", { class: "kit-payday-waiting kit-waiting", "data-testid": "waiting" });
  const buttons = html("div", { class: "kit-payday-buttons", "data-testid": "actions" });
  const message = html("p", { class: "kit-payday-message", "data-testid": "message", role: "status" });
  const why = html("details", { class: "kit-payday-why", "data-testid": "why" });
  const warning = html("p", { class: "kit-payday-warning kit-warning", "data-testid": "warning", role: "alert" });
  const formsTitle = html("h4", { class: "kit-payday-heading" });
  const forms = html("div", { class: "kit-payday-forms", "data-testid": "forms" });
  side.append(status, waiting, buttons, message, why, warning, formsTitle, forms);
  const panels = html("div", { class: "kit-payday-panels" });
  const books = panel("kit-payday-books", "books");
  const paydays = panel("kit-payday-paydays", "paydays");
  panels.append(books.node, paydays.node);
  root.append(main, side, panels);
  return {
    root, drawing, log, logOrder, logList, status, waiting, buttons, message, why, warning,
    formsTitle, forms, books, paydays,
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

/** The «¿por qué?» detail of a refusal: the rule behind it, folded; hidden when there is none. */
function fillWhy(node, view) {
  node.replaceChildren();
  node.hidden = !view.why;
  if (view.why) node.append(html("summary", {}, view.labels.why_label), html("span", {}, view.why));
}

/** One form per "any time" action: an amount box and a button; Python reads what was typed. */
function amountForms(view, send) {
  return view.forms.map((form) => {
    const node = html("div", {
      class: form.offered ? "kit-payday-form" : "kit-payday-form kit-off",
      "data-form": form.kind,
    });
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
    node.append(input, button, html("span", { class: "kit-payday-hint" }, form.hint));
    return node;
  });
}

/** The log, newest first: the lines of the last move in bold. */
function logLines(view) {
  return view.log.map((line, k) => html("li", k < view.log_new ? { class: "kit-new" } : {}, line));
}

/** Fill the view from the model's current state. */
function draw(model, parts, send) {
  const view = model.get("view");
  const pieces = model.get("pieces") || {};
  if (!view || !view.days) return;
  parts.drawing.innerHTML = pieces.month || ""; // Python's own SVG: escaped text, no scripts
  parts.books.body.innerHTML = pieces.books || "";
  parts.paydays.body.innerHTML = pieces.paydays || "";
  parts.books.title.textContent = view.labels.books;
  parts.paydays.title.textContent = view.labels.paydays;
  parts.status.textContent = view.status;
  parts.waiting.textContent = view.waiting;
  parts.buttons.replaceChildren(...actionButtons(view, send));
  parts.message.textContent = model.get("message");
  parts.message.classList.toggle("kit-refused", Boolean(view.refused));
  fillWhy(parts.why, view);
  fillWarning(parts.warning, view.labels.warning, model.get("warning"));
  parts.formsTitle.textContent = view.forms.length ? view.labels.anytime : "";
  parts.forms.replaceChildren(...amountForms(view, send));
  parts.log.node.hidden = !view.log.length;
  parts.log.title.textContent = view.labels.log;
  parts.logOrder.textContent = view.labels.log_order;
  parts.logList.replaceChildren(...logLines(view));
}

const WATCHED = ["view", "pieces", "message", "warning"];

export default {
  render: ({ model, el }) => mount(model, el, { skeleton, draw, watched: WATCHED }),
};
