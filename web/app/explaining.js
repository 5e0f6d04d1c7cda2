// Game terms explained on the page (ui/terms.js): this room asks the engine for the terms of the
// game on screen in the page's language (bridge `rules`, with the reference) and underlines
// them wherever the page writes a label or a log line, as it appears: the renderers need not
// know (a MutationObserver sees their new nodes).

import { TERM_HOSTS, markTerms, termHelp, termMatcher } from "../ui/terms.js";
import { call, connected } from "./engine.js";

let host; // {t(), lang(), snap()}
let key = ""; // the game and language the matcher is for
let matcher = null;
let byId = new Map();

export function attach(page) {
  host = page;
  termHelp({ lookup: (id) => byId.get(id), t: host.t });
  new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
}

function seen(records) {
  if (!follow()) return;
  const hosts = new Set();
  for (const r of records) {
    const at = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
    const around = at?.closest(TERM_HOSTS);
    if (around) hosts.add(around);
    for (const node of r.addedNodes) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      if (node.matches(TERM_HOSTS)) hosts.add(node);
      for (const el of node.querySelectorAll(TERM_HOSTS)) hosts.add(el);
    }
  }
  for (const el of hosts) if (el.isConnected) markTerms(el, matcher);
}

/** Whether the matcher fits the game and language on screen; if not, fetch the fitting one
 *  (the page's nodes are marked once it comes). */
function follow() {
  // (a table kept from the last visit: host.snap() is null until the live one replaces it)
  if (!connected()) return false;
  const snap = host.snap();
  const want = snap ? `${snap.game}\u0000${host.lang()}` : "";
  if (want !== key) {
    key = want;
    matcher = null;
    byId = new Map();
    if (snap) load(snap.game, host.lang(), want).catch((error) => console.error("marquee: no terms", error));
  }
  return matcher !== null;
}

async function load(game, lang, want) {
  const ref = await call("rules", { game, lang });
  if (key !== want) return;
  byId = new Map(ref.terms.map((term) => [term.id, term]));
  matcher = termMatcher(ref.terms);
  if (matcher) for (const el of document.querySelectorAll(TERM_HOSTS)) markTerms(el, matcher);
}
