// Tiny DOM helpers: no framework, just elements.
//
//   h("button", {class: "primary", testid: "start-game", onclick: fn}, "Start")
//
// attrs: `class`, `text`, `testid` (-> data-testid), `dataset` {k: v}, `on<event>` handlers,
// `hidden`/`disabled`/`checked`/`value`/`selected` as properties, anything else as an attribute
// (null/undefined/false leave it out). Children: strings, nodes, arrays, null (skipped).
//
// Handlers go through `listen`, so that a redraw that patches the page (ui/morph.js) can move
// a fresh element's handlers onto the element it keeps.

export const HANDLERS = Symbol("handlers");

/** The one listener `listen` attaches; a morph that moves a handler table attaches it too. */
export function dispatch(event) {
  for (const fn of this[HANDLERS]?.[event.type] ?? []) fn.call(this, event);
}

/** `el.addEventListener(type, fn)`, in a table on the element that a morph can move. A
 *  handler that needs its element reads `event.currentTarget`: after a morph the element on
 *  screen may be an older one than the handler's own draw made. */
export function listen(el, type, fn) {
  el[HANDLERS] ??= {};
  (el[HANDLERS][type] ??= []).push(fn);
  el.addEventListener(type, dispatch);
  return el;
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "testid") el.dataset.testid = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
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

// Bidirectional controls (embeddings, overrides, isolates, marks). A player's name never needs
// them, and one that carries them can reorder the sentence around it: a log line's "Ann pays
// 2 coins" read backwards from an override on.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const NAME_MAX = 40;

/** A name as the page shows and sends it: no bidi controls, at most NAME_MAX characters. */
export function cleanName(name) {
  return Array.from(String(name ?? "").replace(BIDI_CONTROLS, ""))
    .slice(0, NAME_MAX)
    .join("");
}

/** Text the engine built (a log line, a message) with any bidi control removed. */
export const stripBidi = (text) => String(text ?? "").replace(BIDI_CONTROLS, "");

/** A name isolated from the text around it: its own direction, whatever its letters. */
export const bdi = (name) => h("bdi", { class: "name" }, name);

/** `text` as nodes, each occurrence of one of `names` in its own <bdi>. Names are matched
 *  longest first, so "Ann" never splits "Anna". */
export function isolateNames(text, names) {
  text = stripBidi(text);
  const wanted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length) return [text];
  // whole words only: "Вы" (an unnamed solo player, ui/seats.js) is also the start of "Выберите"
  const alts = wanted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alts})(?![\\p{L}\\p{N}])`, "gu");
  const out = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(bdi(m[0]));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

// One pattern per snapshot's `unofficial` map: every label and log line of a draw reuses it.
const oursPatterns = new WeakMap();

function oursPattern(ours) {
  if (!ours || typeof ours !== "object") return null;
  if (!oursPatterns.has(ours)) {
    const wanted = Object.keys(ours).sort((a, b) => b.length - a.length);
    const alts = wanted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    oursPatterns.set(ours, wanted.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alts})(?![\\p{L}\\p{N}])`, "gu") : null);
  }
  return oursPatterns.get(ours);
}

/** `parts` (text and nodes, as isolateNames gives them) with each of our own translations of a
 *  name (`ours`: translation -> English, from the snapshot's `unofficial`) in a marked <span>
 *  whose tooltip (`note(english)`) says so: a player knows which names no edition printed. A
 *  name matches as whole words only, longest first, so "Прочный реквизит" never marks part of
 *  an official sentence. The game's stylesheet draws `.our-name` (trickerion.css). */
export function markOurs(parts, ours, note) {
  const pattern = oursPattern(ours);
  if (!pattern) return parts;
  return parts.flatMap((part) => {
    if (typeof part !== "string") return [part];
    const out = [];
    let at = 0;
    for (const m of part.matchAll(pattern)) {
      if (m.index > at) out.push(part.slice(at, m.index));
      out.push(h("span", { class: "our-name", title: note(ours[m[0]]) }, m[0]));
      at = m.index + m[0].length;
    }
    if (at < part.length) out.push(part.slice(at));
    return out;
  });
}
