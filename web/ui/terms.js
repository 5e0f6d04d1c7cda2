// Game terms that explain themselves (issue #34). The rules reference gives each term the
// forms the engine writes for it in the page's language (engine/rules_ref `terms`); a term in a
// move label, a board panel's choice or the log is underlined, a mouse pointer resting on it
// shows its explanation, and a tap, a click in the log or Enter on it opens the same text in a
// small popover with a link to the term's section of the rules reference.
//
// Inside a move button a mouse click still plays the move (the hover has explained it); a tap
// on the term opens its explanation instead, so that asking what a word means on a phone never
// plays a move by accident: a tap on the rest of the button plays it.

import { h } from "./dom.js";
import { askRules } from "./rules-dialog.js";

// where the page writes labels and log lines the engine rendered
export const TERM_HOSTS = ".action, .hint-label, .log-text, [class$='-choice']";
// never matched inside: a term already found, a player's name (a player may be called "Coin")
const SKIP = ".term, bdi, script, style";

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// a form matches with its first letter in either case (a log sentence capitalises its first
// word), the rest as written: Russian "ПО" (ticket points) is not the preposition "по"
const firstFree = (form) => {
  const [first, ...rest] = form;
  const both =
    first.toLowerCase() === first.toUpperCase() ? escapeRe(first) : `[${first.toLowerCase()}${first.toUpperCase()}]`;
  return both + escapeRe(rest.join(""));
};
const keyOf = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/** A matcher over `terms` ([{id, name, section, text, forms}], forms longest first), or null. */
export function termMatcher(terms) {
  const byForm = new Map();
  for (const term of terms ?? []) for (const form of term.forms) byForm.set(keyOf(form), term);
  if (!byForm.size) return null;
  const forms = [...byForm.keys()].sort((a, b) => b.length - a.length);
  // whole words only: "link" is not in "linked", "центр" is not in "центральный"
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.map(firstFree).join("|")})(?![\\p{L}\\p{N}])`, "gu");
  return { re, term: (text) => byForm.get(keyOf(text)) };
}

/** Underline the terms in `root`'s text (idempotent: a term found stays one span). In the log a
 *  term takes the keyboard focus; in a button it cannot (a control inside a control). */
export function markTerms(root, matcher) {
  const focusable = !root.closest("button");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const text = node.nodeValue;
    matcher.re.lastIndex = 0;
    const parts = [];
    let at = 0;
    for (const m of text.matchAll(matcher.re)) {
      const term = matcher.term(m[0]);
      if (!term) continue;
      if (m.index > at) parts.push(text.slice(at, m.index));
      parts.push(
        h(
          "span",
          {
            class: "term",
            dataset: { term: term.id },
            ...(focusable && { tabindex: "0", role: "button", "aria-haspopup": "dialog" }),
          },
          m[0],
        ),
      );
      at = m.index + m[0].length;
    }
    if (!parts.length) continue;
    if (at < text.length) parts.push(text.slice(at));
    node.replaceWith(...parts);
  }
}

/** The hover tip and the popover, answering every `.term` of the page; `lookup(id)` gives the
 *  term ({id, name, section, text}) in the page's language, `t` its strings. */
export function termHelp({ lookup, t }) {
  let tip = null;
  let pop = null;
  const place = (box, el) => {
    const w = Math.min(320, innerWidth - 16);
    el.style.width = `${w}px`;
    el.style.left = `${Math.max(8, Math.min(box.left, innerWidth - w - 8))}px`;
    const below = box.bottom + 6;
    const height = el.offsetHeight;
    el.style.top = `${below + height > innerHeight - 8 && box.top - height - 6 > 8 ? box.top - height - 6 : below}px`;
  };
  const hideTip = () => {
    tip?.remove();
    tip = null;
  };
  const closePop = (refocus) => {
    const from = pop?.from;
    pop?.el.remove();
    pop = null;
    if (refocus && from?.isConnected && from.tabIndex >= 0) from.focus();
  };
  const open = (span) => {
    const term = lookup(span.dataset.term);
    if (!term) return;
    hideTip();
    closePop(false);
    const el = h(
      "div",
      { class: "term-pop", testid: "term-pop", role: "dialog", "aria-label": term.name, dataset: { term: term.id } },
      h(
        "div",
        { class: "term-pop-head" },
        h("strong", {}, term.name),
        h(
          "button",
          {
            type: "button",
            class: "icon",
            testid: "term-pop-close",
            "aria-label": t()("ui.terms.close"),
            onclick: () => closePop(true),
          },
          "×",
        ),
      ),
      h("p", {}, term.text),
      h(
        "button",
        {
          type: "button",
          class: "term-rule",
          testid: "term-rule",
          onclick: () => {
            closePop(false);
            askRules(span.isConnected ? span : document.body, { section: term.section });
          },
        },
        t()("ui.rules.see"),
      ),
    );
    document.body.append(el);
    place(span.getBoundingClientRect(), el);
    pop = { el, from: span };
    el.querySelector(".term-rule").focus();
  };
  document.addEventListener("pointerover", (e) => {
    const span = e.target.closest?.(".term");
    // a term redrawn away under a resting mouse sends no pointerout: the tip goes at the
    // pointer's next move onto anything but the term it explains
    if (tip && tip.from !== span) hideTip();
    if (!span || e.pointerType !== "mouse" || pop || tip) return;
    const term = lookup(span.dataset.term);
    if (!term) return;
    tip = h("div", { class: "term-tip", testid: "term-tip", role: "tooltip", dataset: { term: term.id } }, term.text);
    tip.from = span;
    document.body.append(tip);
    place(span.getBoundingClientRect(), tip);
  });
  document.addEventListener("pointerout", (e) => {
    if (tip && e.target.closest?.(".term") && !e.relatedTarget?.closest?.(".term")) hideTip();
  });
  // capture: the explanation is asked for before the button under the term hears the tap
  document.addEventListener(
    "click",
    (e) => {
      if (pop && !pop.el.contains(e.target)) closePop(false);
      const span = e.target.closest?.(".term");
      if (!span) return;
      const inButton = span.closest("button");
      if (inButton && e.pointerType !== "touch" && e.pointerType !== "pen") {
        hideTip();
        return; // a mouse click on the label plays the move
      }
      e.preventDefault();
      e.stopPropagation();
      open(span);
    },
    true,
  );
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && pop) {
      e.stopPropagation();
      closePop(true);
      return;
    }
    const span = e.target.closest?.(".term[tabindex]");
    if (span && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      open(span);
    }
  });
}
