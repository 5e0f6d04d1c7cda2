// Redrawing by patching. A renderer still builds its whole tree from the snapshot, but
// `morph(container, ...nodes)` turns what is on screen into that tree node by node instead of
// swapping it in: an unchanged element stays the same element, so the browser restyles, lays
// out and repaints only what changed, and focus and CSS animations survive a redraw.
//
// Listeners cannot be read back from an element, so a kept element would answer with the
// closures of the draw that made it. Handlers attached with `listen` (or `on<event>` in `hx`/
// `sx`) live in a table on the element that the patch moves to the kept one; a renderer that
// morphs attaches every handler that way. Handlers that need their element use
// `event.currentTarget`, never a variable of the draw.

import { h } from "./dom.js";
import { svg } from "./board.js";

const HANDLERS = Symbol("handlers");

function dispatch(event) {
  for (const fn of this[HANDLERS]?.[event.type] ?? []) fn.call(this, event);
}

/** `el.addEventListener(type, fn)`, kept across morphs. */
export function listen(el, type, fn) {
  el[HANDLERS] ??= {};
  (el[HANDLERS][type] ??= []).push(fn);
  el.addEventListener(type, dispatch);
  return el;
}

function splitHandlers(attrs) {
  const plain = {};
  const handlers = [];
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k.startsWith("on") && typeof v === "function") handlers.push([k.slice(2), v]);
    else plain[k] = v;
  }
  return [plain, handlers];
}

/** dom.js `h` with its `on<event>` handlers attached through `listen`. */
export function hx(tag, attrs, ...children) {
  const [plain, handlers] = splitHandlers(attrs);
  const el = h(tag, plain, ...children);
  for (const [type, fn] of handlers) listen(el, type, fn);
  return el;
}

/** board.js `svg` with its `on<event>` handlers attached through `listen`. */
export function sx(tag, attrs, ...children) {
  const [plain, handlers] = splitHandlers(attrs);
  const el = svg(tag, plain, ...children);
  for (const [type, fn] of handlers) listen(el, type, fn);
  return el;
}

/** Make `container`'s children `nodes`, keeping every node that can stay. */
export function morph(container, ...nodes) {
  patchChildren(container, nodes.flat(Infinity).filter(Boolean));
}

// Children are matched by position; an element whose tag or test id differs is replaced whole
// (a test id names one thing on the board, so it is not patched into another).
function patchChildren(parent, fresh) {
  const old = [...parent.childNodes];
  fresh.forEach((node, i) => {
    const was = old[i];
    if (!was) parent.append(node);
    else if (alike(was, node)) patch(was, node);
    else parent.replaceChild(node, was);
  });
  for (let i = fresh.length; i < old.length; i++) old[i].remove();
}

function alike(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  return a.nodeType !== Node.ELEMENT_NODE || a.getAttribute("data-testid") === b.getAttribute("data-testid");
}

function patch(el, fresh) {
  if (el.nodeType !== Node.ELEMENT_NODE) {
    if (el.nodeValue !== fresh.nodeValue) el.nodeValue = fresh.nodeValue;
    return;
  }
  if (el.isEqualNode(fresh)) {
    moveHandlers(el, fresh);
    return;
  }
  for (const { name } of [...el.attributes]) if (!fresh.hasAttribute(name)) el.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  const handlers = fresh[HANDLERS];
  el[HANDLERS] = handlers;
  if (handlers) for (const type of Object.keys(handlers)) el.addEventListener(type, dispatch);
  patchChildren(el, [...fresh.childNodes]);
  // what the player set in a control is a property, not an attribute: the fresh draw decides
  if (el.tagName === "INPUT" && el.checked !== fresh.checked) el.checked = fresh.checked;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && el.value !== fresh.value) el.value = fresh.value;
}

/** The handlers of `fresh`'s elements onto `el`'s, for two trees already equal. */
function moveHandlers(el, fresh) {
  const handlers = fresh[HANDLERS];
  if (handlers || el[HANDLERS]) {
    el[HANDLERS] = handlers;
    if (handlers) for (const type of Object.keys(handlers)) el.addEventListener(type, dispatch);
  }
  let a = el.firstElementChild;
  let b = fresh.firstElementChild;
  while (a && b) {
    moveHandlers(a, b);
    a = a.nextElementSibling;
    b = b.nextElementSibling;
  }
}
