// The dice lab's live view: draws the state that Python syncs and sends clicks back.
// Plain ES module, no imports: it must load offline and in JupyterLite. No randomness and no
// game rule live here; Python rolls, counts and validates (kit/widgets/dice.py).

const SVG_NS = "http://www.w3.org/2000/svg";
const BUTTONS = [1, 100, 10000];
const FIRST_SUM = 2;
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.5], [0.75, 0.5], [0.25, 0.75], [0.75, 0.75]],
};
const PLOT = { left: 110, right: 710, top: 20, bottom: 300, width: 720, height: 380 };
const NICE_STEPS = [0.02, 0.05, 0.1, 0.2, 0.25];

/** An HTML element with attributes and optional text. */
function html(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** An SVG element with attributes and optional text. */
function svg(tag, attrs = {}, text = "") {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}

/** A share (0..1) written as the current language writes percentages (16,7 % or 16.7%). */
function percent(share, labels, digits = 1) {
  const number = (100 * share).toFixed(digits).replace(".", labels.decimal);
  return labels.percent.replace("{value}", number);
}

/** One die face with n pips, as a small SVG. */
function dieFace(n, size) {
  const face = svg("svg", { width: size, height: size, viewBox: "0 0 100 100", class: "kit-die" });
  face.append(svg("rect", { x: 3, y: 3, width: 94, height: 94, rx: 16, class: "kit-die-body" }));
  for (const [x, y] of PIPS[n]) face.append(svg("circle", { cx: 100 * x, cy: 100 * y, r: 9 }));
  return face;
}

/** The top of the share axis and its step, so that at most 5 ticks sit above 0. */
function axisTop(shares) {
  const highest = Math.max(...shares);
  for (const step of NICE_STEPS) {
    const ticks = Math.ceil(highest / step - 1e-9);
    if (ticks <= 5) return [Math.max(ticks, 1) * step, step];
  }
  return [1, 0.2];
}

/** Observed share of each sum as bars, the exact probability as a marker over each bar. */
function histogram(counts, exact, labels) {
  const rolls = counts.reduce((a, b) => a + b, 0);
  const observed = counts.map((c) => (rolls ? c / rolls : 0));
  const [top, step] = axisTop([...observed, ...exact]);
  const yOf = (share) => PLOT.bottom - (share / top) * (PLOT.bottom - PLOT.top);
  const slot = (PLOT.right - PLOT.left) / counts.length;
  const chart = svg("svg", {
    viewBox: `0 0 ${PLOT.width} ${PLOT.height}`,
    class: "kit-dice-histogram",
    role: "img",
    "aria-label": labels.sum,
  });
  for (let k = 0; k * step <= top + 1e-9; k++) {
    const y = yOf(k * step);
    chart.append(svg("line", { x1: PLOT.left, x2: PLOT.right, y1: y, y2: y, class: "kit-grid" }));
    chart.append(
      svg("text", { x: PLOT.left - 10, y: y + 7, "text-anchor": "end" }, percent(k * step, labels, 0)),
    );
  }
  counts.forEach((count, i) => {
    const centre = PLOT.left + (i + 0.5) * slot;
    if (count) {
      const y = yOf(observed[i]);
      chart.append(
        svg("rect", {
          x: centre - 0.32 * slot,
          y,
          width: 0.64 * slot,
          height: PLOT.bottom - y,
          class: "kit-observed",
          "data-sum": FIRST_SUM + i,
        }),
      );
    }
    const y = yOf(exact[i]);
    chart.append(
      svg("line", { x1: centre - 0.42 * slot, x2: centre + 0.42 * slot, y1: y, y2: y, class: "kit-exact" }),
    );
    chart.append(
      svg("text", { x: centre, y: PLOT.bottom + 30, "text-anchor": "middle" }, String(FIRST_SUM + i)),
    );
  });
  chart.append(svg("line", { x1: PLOT.left, x2: PLOT.right, y1: PLOT.bottom, y2: PLOT.bottom, class: "kit-axis" }));
  const middle = (PLOT.left + PLOT.right) / 2;
  chart.append(svg("text", { x: middle, y: PLOT.bottom + 70, "text-anchor": "middle" }, labels.sum));
  const mid = (PLOT.top + PLOT.bottom) / 2;
  chart.append(
    svg("text", { x: 22, y: mid, "text-anchor": "middle", transform: `rotate(-90 22 ${mid})` }, labels.share),
  );
  return chart;
}

/** The legend: what the blue bars and the vermillion markers mean. */
function legend(labels) {
  const box = html("div", { class: "kit-dice-legend" });
  box.append(html("span", { class: "kit-key kit-key-observed" }), html("span", {}, labels.observed));
  box.append(html("span", { class: "kit-key kit-key-exact" }), html("span", {}, labels.exact));
  return box;
}

/** The skeleton of the view; the parts that change are filled in by `draw`. */
function skeleton(model, send) {
  const root = html("div", { class: "kit-dice" });
  const title = html("h3", { class: "kit-dice-title" });
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

  const stats = html("div", { class: "kit-dice-stats" });
  const rollsName = html("span", { class: "kit-stat-name" });
  const rolls = html("span", { class: "kit-stat-value", "data-testid": "rolls" });
  const doubles = html("span", { class: "kit-stat", "data-testid": "doubles" });
  const dice = html("div", { class: "kit-dice-last", "data-testid": "last" });
  stats.append(html("span", { class: "kit-stat" }), doubles, dice);
  stats.firstChild.append(rollsName, rolls);
  const legendSlot = html("div");
  const chart = html("div", { class: "kit-dice-chart", "data-testid": "histogram" });
  const message = html("p", { class: "kit-dice-message", "data-testid": "message", role: "status" });
  root.append(title, controls, message, stats, legendSlot, chart); // the answer next to the click
  return { root, title, buttons, reset, seedName, seed, rollsName, rolls, doubles, dice, legendSlot, chart, message };
}

/** Fill the view from the model's current state. */
function draw(model, parts) {
  const labels = model.get("labels");
  const counts = model.get("counts");
  const rolls = model.get("rolls");
  const last = model.get("last");
  parts.title.textContent = labels.title;
  parts.buttons.forEach((button, i) => (button.textContent = labels[`roll_${BUTTONS[i]}`]));
  parts.reset.textContent = labels.reset;
  parts.seedName.textContent = labels.seed;
  parts.seed.value = String(model.get("seed"));
  parts.rollsName.textContent = `${labels.rolls}: `;
  parts.rolls.textContent = String(rolls);
  const observedDoubles = rolls ? percent(model.get("doubles") / rolls, labels) : "—";
  parts.doubles.textContent =
    `${labels.doubles}: ${observedDoubles} (${labels.exact} ${percent(model.get("exact_doubles"), labels)})`;
  parts.dice.replaceChildren(
    ...(last.length
      ? [html("span", {}, `${labels.last}:`), dieFace(last[0], 64), dieFace(last[1], 64)]
      : [html("span", {}, labels.none_yet)]),
  );
  parts.legendSlot.replaceChildren(legend(labels));
  parts.chart.replaceChildren(histogram(counts, model.get("exact"), labels));
  parts.message.textContent = model.get("message");
}

const WATCHED = ["counts", "rolls", "doubles", "last", "seed", "labels", "message", "exact", "exact_doubles"];

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
