// Tiny DOM helpers: no framework, just elements.
//
//   h("button", {class: "primary", testid: "start-game", onclick: fn}, "Start")
//
// attrs: `class`, `text`, `testid` (-> data-testid), `dataset` {k: v}, `on<event>` handlers,
// `hidden`/`disabled`/`checked`/`value`/`selected` as properties, anything else as an attribute
// (null/undefined/false leave it out). Children: strings, nodes, arrays, null (skipped).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "testid") el.dataset.testid = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (["hidden", "disabled", "checked", "value", "selected", "open"].includes(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}
