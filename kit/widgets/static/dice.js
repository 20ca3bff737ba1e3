// The dice lab's live view: the buttons, and the picture Python drew (kit.render.dice_lab_svg,
// the same SVG a saved notebook shows), so the live and the saved lab cannot drift apart.
// Plain ES module, no imports: it must load offline and in JupyterLite. No randomness and no
// game rule live here; Python rolls, counts and validates (kit/widgets/dice.py).

const BUTTONS = [1, 100, 10000];

/** An HTML element with attributes and optional text. */
function html(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** The skeleton of the view: controls, the message line, the picture. */
function skeleton(model, send) {
  const root = html("div", { class: "kit-dice" });
  const controls = html("div", { class: "kit-dice-controls" });
  const buttons = BUTTONS.map((n) => {
    const button = html("button", { type: "button", "data-testid": `roll-${n}`, "data-n": n });
    button.addEventListener("click", () => send({ type: "roll", n }));
    return button;
  });
  const reset = html("button", { type: "button", "data-testid": "reset" });
  reset.addEventListener("click", () => send({ type: "reset" }));
  const seedLabel = html("label", { class: "kit-dice-seed" });
  const seedName = html("span");
  const seed = html("input", { type: "text", inputmode: "numeric", size: "8", "data-testid": "seed" });
  seed.addEventListener("change", () => {
    send({ type: "seed", value: seed.value });
    seed.value = String(model.get("seed")); // until Python answers with the new seed or a message
  });
  // Enter commits the seed too (a text field outside a form only sends "change" on blur)
  seed.addEventListener("keydown", (event) => event.key === "Enter" && seed.blur());
  seedLabel.append(seedName, seed);
  controls.append(...buttons, reset, seedLabel);
  const message = html("p", { class: "kit-dice-message", "data-testid": "message", role: "status" });
  const chart = html("div", { class: "kit-dice-chart", "data-testid": "histogram" });
  root.append(controls, message, chart); // the answer next to the click
  return { root, buttons, reset, seedName, seed, chart, message };
}

/** Fill the view from the model's current state. */
function draw(model, parts) {
  const labels = model.get("labels");
  parts.buttons.forEach((button, i) => (button.textContent = labels[`roll_${BUTTONS[i]}`]));
  parts.reset.textContent = labels.reset;
  parts.seedName.textContent = labels.seed;
  parts.seed.value = String(model.get("seed"));
  parts.chart.innerHTML = model.get("picture"); // kit.render.dice_lab_svg: escaped, no scripts
  parts.message.textContent = model.get("message");
}

const WATCHED = ["picture", "seed", "labels", "message"];

export default {
  render({ model, el }) {
    const send = (content) => model.send(content);
    const parts = skeleton(model, send);
    el.append(parts.root);
    let pending = false;
    const redraw = () => {
      if (pending) return;
      pending = true; // one Python update changes several traits: draw once for all of them
      queueMicrotask(() => {
        pending = false;
        draw(model, parts);
      });
    };
    for (const name of WATCHED) model.on(`change:${name}`, redraw);
    draw(model, parts);
    return () => {
      for (const name of WATCHED) model.off(`change:${name}`, redraw);
    };
  },
};
