// Redrawing by patching. A renderer still builds its whole tree from the snapshot, but
// `morph(container, ...nodes)` turns what is on screen into that tree node by node instead of
// swapping it in: an unchanged element stays the same element, so the browser restyles, lays
// out and repaints only what changed, and focus and CSS animations survive a redraw.
//
// Listeners cannot be read back from an element, so a kept element would answer with the
// closures of the draw that made it. Handlers attached through dom.js `listen` (every `on<event>`
// of `h` and board.js `svg`, `activate`, `hover`) live in a table on the element that the patch
// moves to the kept one. Handlers that need their element use `event.currentTarget`, never a
// variable of the draw.
//
// A part of the board whose input did not change need not be built at all: `kept(el)` stands
// in the new tree for `el`, an element already on screen, and the patch leaves that element,
// its children and their handlers as they are (only its place among its siblings is set).

import { HANDLERS, dispatch } from "./dom.js";

const KEPT = Symbol("kept");

/** A stand-in for `el` (on screen, drawn by an earlier draw) in a tree handed to `morph`. */
export function kept(el) {
  const stand = el.cloneNode(false);
  stand[KEPT] = el;
  return stand;
}

/** Make `container`'s children `nodes`, keeping every node that can stay. */
export function morph(container, ...nodes) {
  patchChildren(container, nodes.flat(Infinity).filter(Boolean));
}

// Children are matched by test id (a test id names one thing on the board: a part that
// appears above it leaves it kept, and it is never patched into another), the others by their
// order among the old children without one. An element whose tag differs is replaced whole.
// The old children that stay nowhere go first: moving a kept node is taking it out of the
// document and putting it back, which the browser restyles and lays out whole (a part that
// merely had a sibling before it leave, such as the board's scroller when the round recap
// goes, would be moved past that sibling otherwise).
function patchChildren(parent, fresh) {
  const old = [...parent.childNodes];
  const byId = new Map();
  const plain = [];
  for (const node of old) {
    const id = testid(node);
    if (id) byId.set(id, node);
    else plain.push(node);
  }
  const used = new Set();
  let next = 0;
  // each fresh node's place: a kept element, an old node patched into it, or the node itself
  const placed = fresh.map((node) => {
    const stays = node[KEPT];
    if (stays) {
      used.add(stays);
      return stays;
    }
    const id = testid(node);
    const was = id ? byId.get(id) : plain[next++];
    if (was && !used.has(was) && alike(was, node)) {
      used.add(was);
      patch(was, node);
      return was;
    }
    return node;
  });
  for (const node of old) if (!used.has(node)) node.remove();
  placed.forEach((node, i) => {
    const at = parent.childNodes[i] ?? null;
    if (node !== at) parent.insertBefore(node, at);
  });
}

const testid = (node) => (node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-testid") : null);

function alike(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && testid(a) === testid(b);
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
  adoptHandlers(el, fresh);
  patchChildren(el, [...fresh.childNodes]);
  // what the player set in a control is a property, not an attribute: the fresh draw decides
  if (el.tagName === "INPUT" && el.checked !== fresh.checked) el.checked = fresh.checked;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && el.value !== fresh.value) el.value = fresh.value;
}

/** `fresh`'s handler table onto `el` (the old closures go; addEventListener ignores a
 *  listener already attached). */
function adoptHandlers(el, fresh) {
  const handlers = fresh[HANDLERS];
  el[HANDLERS] = handlers;
  if (handlers) for (const type of Object.keys(handlers)) el.addEventListener(type, dispatch);
}

/** The handlers of `fresh`'s elements onto `el`'s, for two trees already equal. */
function moveHandlers(el, fresh) {
  if (fresh[KEPT]) return;
  if (fresh[HANDLERS] || el[HANDLERS]) adoptHandlers(el, fresh);
  let a = el.firstElementChild;
  let b = fresh.firstElementChild;
  while (a && b) {
    moveHandlers(a, b);
    a = a.nextElementSibling;
    b = b.nextElementSibling;
  }
}
