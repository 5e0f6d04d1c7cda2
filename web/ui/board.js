// The board kit every game renderer (web/games/*) shares: SVG building, target wiring, the
// choice panel, tooltips (the why-tooltip included), keeping focus and scroll across redraws,
// data loaded once before the first draw, and the renderer's own stylesheets.
//
// Everything that reaches the engine goes through the renderer `api` (web/app.js) and is
// asynchronous (`api.why`, `api.gameData` return Promises): the engine may answer from a
// worker, so nothing here waits for it synchronously.

import { h, listen } from "./dom.js";
import { morph } from "./morph.js";
import { askRules } from "./rules-dialog.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element: attrs as attributes (`testid` -> data-testid, `on<event>` handlers;
 *  null/undefined/false left out), children strings or nodes (arrays flattened). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "testid") el.setAttribute("data-testid", v);
    else if (k.startsWith("on") && typeof v === "function") listen(el, k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// ---- targets ----------------------------------------------------------------------------------

/** Make `el` (HTML or SVG) act like a button: focusable, and `run(event)` on a click, Enter or
 *  Space (the element is `event.currentTarget`). `stop` keeps the click from reaching the board
 *  (which closes an open panel). */
export function activate(el, run, { stop = true } = {}) {
  if (el.tagName !== "BUTTON") {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
  }
  listen(el, "click", (e) => {
    if (stop) e.stopPropagation();
    run(e);
  });
  listen(el, "keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (stop) e.stopPropagation();
      run(e);
    }
  });
  return el;
}

/** Say what activating the target `el` does, `words` ("Play Master of Chains"). A target that
 *  shows words of its own (a card, a named button) keeps them as its name and gets `words` as
 *  its description: a name must contain the label a person sees (WCAG 2.5.3, "label in name",
 *  axe's label-content-name-mismatch), so that one who speaks to the page can say what they
 *  read. A target with no words on it (an SVG slot, an icon, a lone figure) is named `words`. */
export function nameTarget(el, words) {
  if (!(el instanceof SVGElement) && /[\p{L}\p{N}]{2}/u.test(shownText(el))) {
    el.removeAttribute("aria-label");
    el.setAttribute("aria-description", words);
  } else {
    el.removeAttribute("aria-description");
    el.setAttribute("aria-label", words);
  }
  return el;
}

/** The text of `el` a reader meets: what aria-hidden hides left out, a named image's name. */
function shownText(el) {
  let text = "";
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.data;
    else if (node.nodeType !== Node.ELEMENT_NODE || node.getAttribute("aria-hidden") === "true") continue;
    else if (node.getAttribute("role") === "img") text += ` ${node.getAttribute("aria-label") ?? ""} `;
    else text += ` ${shownText(node)} `;
  }
  return text;
}

/** `show(element)` on pointing and on keyboard focus (not on a mouse click's focus), `hide()`
 *  when it ends. */
export function hover(el, show, hide) {
  listen(el, "mouseenter", (e) => show(e.currentTarget));
  listen(el, "mouseleave", () => hide());
  listen(el, "focus", (e) => {
    if (e.currentTarget.matches(":focus-visible")) show(e.currentTarget);
  });
  listen(el, "blur", () => hide());
  return el;
}

// ---- why ----------------------------------------------------------------------------------

// refused: the engine's refusal of each action asked about and refused ({code, params}), so
// that a click on a refused target opens the rules reference at its section (ui/rules-dialog.js)
const whys = { position: null, asked: new Map(), refused: new Map() };

/** Why the viewer may not play `action` in position `position` (a snapshot hash): a Promise of
 *  the engine's refusal message, or null when the action is legal. Asked once per position and
 *  language. */
export function whyNot(api, position, action) {
  // (the refusals are in the page's language: a switch asks again)
  const here = `${position}|${document.documentElement.lang}`;
  if (whys.position !== here) {
    whys.position = here;
    whys.asked = new Map();
    whys.refused = new Map();
  }
  const key = JSON.stringify(action);
  if (!whys.asked.has(key)) {
    whys.asked.set(
      key,
      api.why(action).then(
        (refusal) => {
          if (refusal?.code) whys.refused.set(key, { code: refusal.code, params: refusal.params ?? {} });
          return refusal?.message ?? null;
        },
        (error) => error?.message ?? String(error),
      ),
    );
  }
  return whys.asked.get(key);
}

// ---- popups: the choice panel and tooltips ---------------------------------------------------

/** The floating parts of one board element `host` (position: relative): at most one choice
 *  panel and one tooltip, placed next to the element they belong to. Class names and test ids
 *  start with `prefix` (`trk-panel`, `trk-tip`, ...). */
export class Popups {
  constructor(host, prefix) {
    this.host = host;
    this.prefix = prefix;
    this.panel = null;
    this.tip = null;
    host.addEventListener("click", (e) => {
      if (this.panel && !this.panel.contains(e.target)) this.closePanel();
    });
  }

  /** Where `el` sits in the host: its left, bottom, top and width. */
  anchor(el) {
    const a = el.getBoundingClientRect();
    const b = this.host.getBoundingClientRect();
    return { x: a.left - b.left, y: a.bottom - b.top, top: a.top - b.top, w: a.width };
  }

  closePanel() {
    this.panel?.remove();
    this.panel = null;
  }

  /** A panel of choices next to `el`: one button per `choices` item ({testid, class, index,
   *  body, pick}); Escape or its close button gives the focus back to `el`. */
  openPanel(el, { title, label, closeLabel, choices }) {
    const p = this.prefix;
    this.closePanel();
    const box = this.anchor(el);
    const back = () => {
      this.closePanel();
      el.focus();
    };
    this.panel = h(
      "div",
      {
        class: `${p}-panel`,
        testid: `${p}-panel`,
        role: "dialog",
        "aria-label": label,
        onkeydown: (e) => {
          if (e.key === "Escape") back();
        },
      },
      h(
        "div",
        { class: `${p}-panel-head` },
        h("strong", {}, title),
        h(
          "button",
          { type: "button", class: "icon", testid: `${p}-panel-close`, "aria-label": closeLabel, onclick: back },
          "×",
        ),
      ),
      h(
        "div",
        { class: `${p}-panel-list` },
        choices.map((c) =>
          h(
            "button",
            {
              type: "button",
              class: `${p}-choice${c.class ? ` ${c.class}` : ""}`,
              testid: c.testid,
              dataset: { index: String(c.index) },
              onclick: () => {
                this.closePanel();
                c.pick();
              },
            },
            c.body,
          ),
        ),
      ),
    );
    this.hideTip();
    this.host.append(this.panel);
    const bw = this.host.clientWidth;
    const pw = Math.min(360, bw - 16);
    this.panel.style.width = `${pw}px`;
    this.panel.style.left = `${Math.max(8, Math.min(box.x, bw - pw - 8))}px`;
    // below the target when it fits in the window, else above it
    const rect = el.getBoundingClientRect();
    const ph = this.panel.offsetHeight;
    const above = rect.bottom + ph + 8 > window.innerHeight && rect.top - ph - 8 > 0;
    this.panel.style.top = `${above ? box.top - ph - 4 : box.y + 4}px`;
    this.panel.querySelector(`.${p}-choice`)?.focus();
  }

  hideTip() {
    this.tip?.remove();
    this.tip = null;
  }

  /** A tooltip with `content` above `el` (below when there is no room); an open panel wins. */
  showTip(el, content) {
    this.hideTip();
    if (this.panel || !content) return;
    this.tip = h("div", { class: `${this.prefix}-tip`, testid: `${this.prefix}-tip`, role: "tooltip" }, content);
    this.host.append(this.tip);
    const box = this.anchor(el);
    const bw = this.host.clientWidth;
    const tw = Math.min(320, bw - 16);
    this.tip.style.width = `${tw}px`;
    this.tip.style.left = `${Math.max(8, Math.min(box.x, bw - tw - 8))}px`;
    const th = this.tip.offsetHeight;
    this.tip.style.top = box.top - th - 6 > 0 ? `${box.top - th - 6}px` : `${box.y + 6}px`;
  }

  /** The why-tooltip: the engine's refusal `message` just below `el`. */
  showWhy(el, message) {
    this.hideTip();
    const p = this.prefix;
    this.tip = h("div", { class: `${p}-tip why-tip`, testid: `${p}-why`, role: "tooltip" }, h("p", {}, "✕ ", message));
    this.host.append(this.tip);
    const box = this.anchor(el);
    const bw = this.host.clientWidth;
    this.tip.style.maxWidth = `${Math.min(320, bw - 16)}px`;
    this.tip.style.left = `${Math.max(8, Math.min(box.x, bw - 330))}px`;
    this.tip.style.top = `${box.y + 4}px`;
  }

  /** Pointing at `el` (not a legal target) asks the engine why `probe()` (an action, or null:
   *  nothing to ask) is refused, and shows the answer while the pointer stays; a click on it
   *  then opens the rules reference at the rule that refuses it. */
  explain(el, probe, ask) {
    el.classList.add("why");
    listen(el, "mouseenter", (e) => {
      const target = e.currentTarget;
      const action = probe();
      if (!action) return;
      ask(action).then((message) => {
        // still pointed at when the answer comes
        if (!message || !target.isConnected || !target.matches(":hover")) return;
        this.showWhy(target, message);
        const refused = whys.refused.get(JSON.stringify(action));
        if (!refused) return;
        // the rule a click opens, and a book to say there is one
        this.tip.dataset.code = refused.code;
        this.tip.firstChild.append(h("span", { class: "why-rule", "aria-hidden": "true" }, " 📖"));
      });
    });
    listen(el, "mouseleave", () => this.hideTip());
    listen(el, "click", (e) => {
      const action = probe();
      const refused = action && whys.refused.get(JSON.stringify(action));
      if (!refused) return;
      this.hideTip();
      askRules(e.currentTarget, refused);
    });
  }
}

/** The question before a move the game warns about, in the place of the `button` that chose
 *  it: the `warning`, `yes` (plays) and `no` (puts the button back), `no` focused; Escape is
 *  `no`. A question in place, not the browser's confirm(): translated, styled, keyboard-first. */
export function askInPlace(button, { title, warning, yes, no, play }) {
  const back = () => {
    box.replaceWith(button);
    button.focus();
  };
  const id = `ask-${Math.random().toString(36).slice(2)}`;
  const noButton = h("button", { type: "button", class: "action", testid: "confirm-no", onclick: back }, no);
  const box = h(
    "div",
    {
      class: "action-confirm",
      testid: "action-confirm",
      role: "alertdialog",
      "aria-label": title,
      "aria-describedby": id,
      onkeydown: (e) => e.key === "Escape" && back(),
    },
    h("p", { id }, warning),
    h("button", { type: "button", class: "action danger", testid: "confirm-yes", onclick: play }, yes),
    noButton,
  );
  button.replaceWith(box);
  noButton.focus();
}

// ---- keeping the reader's place ---------------------------------------------------------

/** The one way a board redraws: `container`'s children are patched into `nodes` (ui/morph.js,
 *  measured against idiomorph in docs/architecture.md): an unchanged element stays the same
 *  element, so focus, scroll positions and animations survive and the browser lays out only
 *  what changed. A focus the patch could not keep (its element was replaced) is put back by
 *  test id on the next frame, unless the player has moved it since: doing it now would lay the
 *  new board out in the middle of the draw. */
export function redraw(container, ...nodes) {
  const place = keepPlace(container);
  morph(container, ...nodes);
  if (!place.focus || container.contains(document.activeElement)) return;
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (container.isConnected && lost) restorePlace(container, place);
  });
}

/** The focused element's test id inside `container` (and the scroll position of its
 *  `scroller` element), to put back after `container` is redrawn. */
export function keepPlace(container, scroller = null) {
  const active = document.activeElement;
  const f = active?.closest?.("[data-testid]");
  const sc = scroller ? container.querySelector(scroller) : null;
  return {
    focus: f && container.contains(f) ? f.dataset.testid : null,
    scroll: sc ? [sc.scrollLeft, sc.scrollTop] : null,
    scroller,
  };
}

/** Put back what keepPlace saw: the scroll position, then the focus (without scrolling). */
export function restorePlace(container, place, { scroll = place.scroll } = {}) {
  if (scroll && place.scroller) {
    const sc = container.querySelector(place.scroller);
    if (sc) [sc.scrollLeft, sc.scrollTop] = scroll;
  }
  if (place.focus) {
    const el = container.querySelector(`[data-testid="${CSS.escape(place.focus)}"]`);
    if (el && el.tabIndex >= 0) el.focus({ preventScroll: true });
  }
}

// ---- bringing a decision into view -----------------------------------------------------

/** Whether a person can see and point at `el`: its centre is in the window and nothing lies
 *  over it there (a sticky strip, the players' chips, the phone's bar, a panel). */
export function inClearView(el) {
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return false;
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
  const at = document.elementFromPoint(x, y);
  return !!at && (at === el || el.contains(at));
}

/** Scroll `el` into the part of the window that nothing covers, unless it is there already.
 *  The browser's own scrollIntoView knows nothing of sticky strips (or the phone's fixed bar)
 *  drawn over the scroller: what still covers the target after it is measured (the sticky or
 *  fixed element at its centre) and the scroller moved past it, a few times at most. */
export function reveal(el, block = "center") {
  if (!el?.isConnected || inClearView(el)) return;
  el.scrollIntoView({ block, inline: "nearest" });
  for (let tries = 0; tries < 3 && !inClearView(el); tries++) {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    const at = document.elementFromPoint(r.left + r.width / 2, Math.min(Math.max(y, 0), window.innerHeight - 1));
    const cover = stuckAncestor(at);
    const scroller = scrollerOf(el);
    if (!cover || !scroller || cover.contains(el)) return;
    const c = cover.getBoundingClientRect();
    // a cover above the target's middle: the target goes below it; else above it
    const by = c.top + c.height / 2 < y ? r.top - c.bottom - 8 : r.bottom - c.top + 8;
    const before = scroller.scrollTop;
    scroller.scrollTop += by;
    if (scroller.scrollTop === before) return; // the scroller's end: nothing more to gain
  }
}

/** A decision's targets in view: unless one of those in `part` (else in `root`) can be seen
 *  and pointed at already, the first (a pass or an end of turn last) is scrolled into the clear
 *  part of the window. False when there is none to show (the board not laid out yet). */
export function revealTargets(root, part = null) {
  const LIT = '[data-legal="true"], [data-target]';
  const within = (el) => (el ? [...(el.matches(LIT) ? [el] : []), ...el.querySelectorAll(LIT)] : []);
  const shown = (list) => list.filter((el) => el.getClientRects().length);
  const all = shown(within(part)).length ? shown(within(part)) : shown(within(root));
  // a target in a sticky strip is always in view: it must not keep the board's own, under the
  // strip or out of the window, from being brought into view
  const free = all.filter((el) => !stuckAncestor(el));
  const lit = free.length ? free : all;
  if (!lit.length) return false;
  if (!lit.some(inClearView)) reveal(lit.find((el) => !el.hasAttribute("data-passive")) ?? lit[0]);
  return true;
}

/** `el` or its nearest ancestor that stays put while the page scrolls (position sticky or
 *  fixed), or null. */
function stuckAncestor(el) {
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const position = getComputedStyle(e).position;
    if (position === "sticky" || position === "fixed") return e;
  }
  return null;
}

/** The nearest ancestor of `el` that scrolls vertically (the page's own scroller last). */
function scrollerOf(el) {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const overflow = getComputedStyle(e).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && e.scrollHeight > e.clientHeight) return e;
  }
  return document.scrollingElement;
}

// ---- data and styles loaded before the first draw -----------------------------------------

/** `ready(api, draw, fail)` is true once `load(api)` has resolved. Before that it starts the
 *  load (once) and returns false; when the load resolves the latest `draw` runs, or the latest
 *  `fail(error)` when the load rejects (a later call tries again) or that draw throws. */
export function loadOnce(load) {
  let state = "idle";
  let latest = null;
  return (api, draw, fail) => {
    if (state === "done") return true;
    latest = { draw, fail };
    if (state === "idle") {
      state = "loading";
      Promise.resolve()
        .then(() => load(api))
        .then(
          () => {
            state = "done";
            try {
              latest.draw();
            } catch (error) {
              latest.fail(error);
            }
          },
          (error) => {
            state = "idle";
            latest.fail(error);
          },
        );
    }
    return false;
  };
}

/** Link the stylesheets at `urls` (once each) and resolve when they have loaded or failed. */
export function loadStyles(urls) {
  return Promise.all(
    urls.map((url) => {
      const href = String(url);
      const linked = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
      if (linked) return linked.dataset.loaded ? null : settled(linked);
      const link = h("link", { rel: "stylesheet", href });
      link.addEventListener(
        "load",
        () => {
          link.dataset.loaded = "true";
        },
        { once: true },
      );
      const done = settled(link);
      document.head.append(link);
      return done;
    }),
  );
}

/** Resolves when `link` has loaded or failed (a missing stylesheet must not stop the board). */
function settled(link) {
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

/** The one place a board hands figures to tests and measurements (docs/automation.md, "Board
 *  figures"): window.marqueeBoards[<renderer id>], replaced at each draw. */
export function publish(id, figures) {
  window.marqueeBoards ??= {};
  window.marqueeBoards[id] = figures;
}

/** The legal moves a board target offers (indices into the snapshot's list), as its
 *  `data-moves`: how the table finds on the board the move a hint names. */
export const movesOf = (entries) =>
  entries
    .map((e) => e.index)
    .filter((i) => Number.isInteger(i) && i >= 0)
    .join(" ");

/** Mark the board's targets that offer legal move `index` (the hint's best move); none when
 *  null. Boards redraw by patching, so the mark is set again after each draw. */
export function markHint(board, index) {
  for (const el of board.querySelectorAll(".hint-target")) el.classList.remove("hint-target");
  if (index === null || index === undefined) return;
  for (const el of board.querySelectorAll("[data-moves]")) {
    if (el.dataset.moves.split(" ").includes(String(index))) el.classList.add("hint-target");
  }
}
