// What Trickerion's board parts share: the seat marks (colour, shape, number), the renderer's
// memory between draws (`UI`), and the interaction (choosing a target, tips, why-not).

import { DESTRUCTIVE, describe } from "./describe.js";
import { activate, hover, movesOf, nameTarget, reveal, svg as s, whyNot } from "../../ui/board.js";
import { h } from "../../ui/dom.js";
import { kept } from "../../ui/morph.js";
import { labelled } from "../../ui/i18n.js";
import { tipContent } from "./tips.js";

export const SEAT_COLORS = ["#c8372d", "#2563c9", "#1f8a47", "#d99a00"];
const SEAT_SHAPES = ["circle", "square", "diamond", "triangle"];
export const SYMBOLS = ["♠", "♥", "♦", "♣"];
// performance card geometry (SVG units): cell size and padding
export const CELL = 50;
export const PAD = 10;

// `shown`: the final step whose scores were brought into view;
// `moved`: what changed on the board since the viewer's own last move (others, bots, chance);
// `prev`: the last drawn board's positions; `recap`: the round whose recap was dismissed;
// `arrivals`: how many times each place arrived (its animation's name alternates).
export const UI = {
  zoom: 1,
  scroll: null,
  selected: null,
  renders: 0,
  shown: -1,
  moved: new Set(),
  prev: null,
  recap: 0,
  arrivals: new Map(),
};

/** A seat's token: its colour, its shape and its number (colour is never the only cue). */
export function seatToken(seat, x, y, r, label = String(seat + 1)) {
  const fill = SEAT_COLORS[seat % 4];
  const shape = SEAT_SHAPES[seat % 4];
  let body;
  if (shape === "circle") body = s("circle", { cx: x, cy: y, r });
  else if (shape === "square")
    body = s("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2 });
  else if (shape === "diamond")
    body = s("polygon", {
      points: `${x},${y - r * 1.15} ${x + r * 1.15},${y} ${x},${y + r * 1.15} ${x - r * 1.15},${y}`,
    });
  else
    body = s("polygon", {
      points: `${x},${y - r * 1.2} ${x + r * 1.15},${y + r * 0.85} ${x - r * 1.15},${y + r * 0.85}`,
    });
  body.setAttribute("fill", fill);
  body.setAttribute("stroke", "#1b1b1b");
  body.setAttribute("stroke-width", "1.2");
  return s(
    "g",
    { class: "seat-token" },
    body,
    s(
      "text",
      {
        x,
        y: y + (shape === "triangle" ? r * 0.35 : r * 0.1),
        class: "tok-text",
        "font-size": r * (label.length > 2 ? 0.8 : 1.05),
        fill: seat % 4 === 3 ? "#1b1b1b" : "#fff",
      },
      label,
    ),
  );
}

export function seatBadge(seat) {
  return h(
    "span",
    { class: `seat-badge-mini seat-${seat % 4}`, "aria-hidden": "true" },
    h("span", { class: "shape" }),
    h("span", { class: "num" }, String(seat + 1)),
  );
}

/** A character kind's token letters in the page's language ("M", "Ap"; RU "И", "Уч"). */
export const abbr = (c, kind) => (kind ? c.w(`abbr.${kind}`) : "");

// The board's own words: the catalog's `ui.trk.*` strings (engine/games/trickerion/messages.json).
// `w.lv(label, value)`: "label: value" in the page's language.
export const words = (t) =>
  Object.assign((key, params) => t(`ui.trk.${key}`, params), { lv: (label, value) => labelled(t, label, value) });

// ---- interaction ------------------------------------------------------------------------------

/** Play what `key` offers: at once when it is one action, else from a panel next to `el`. */
export function choose(c, key, el, title) {
  const entries = c.targets.get(key);
  if (!entries) return;
  const run = (e) => {
    c.pop.closePanel();
    if (e.select !== undefined) {
      UI.selected = e.select === null ? null : { step: c.snap.step, char: e.select };
      c.redraw();
      const slot = UI.selected && c.container.querySelector('[data-target^="slot-"]');
      const back = c.container.querySelector(`[data-target="${key}"]`);
      (slot ?? back)?.focus({ preventScroll: true });
      reveal(slot ?? back);
      return;
    }
    playOrAsk(c, e, el);
  };
  if (entries.length === 1 && !DESTRUCTIVE.has(entries[0].action?.type)) {
    run(entries[0]);
    return;
  }
  const firsts = entries.map((e) => friendly(c, e));
  c.pop.openPanel(el, {
    title,
    label: c.w("choose_here", { what: title }),
    closeLabel: c.w("close"),
    choices: entries.map((e, i) => {
      const first = firsts[i];
      // choices alike in their first line (a trick's facings, its links' coins or fame) are told
      // apart in bold by the engine's full label
      const alike = first && firsts.filter((f) => f === first).length > 1;
      return {
        class: e.select !== undefined ? "select" : DESTRUCTIVE.has(e.action?.type) ? "danger" : "",
        testid: e.select !== undefined ? "trk-choice-select" : `trk-choice-${e.index}`,
        index: e.index,
        body: !first
          ? e.label
          : alike
            ? [h("strong", {}, e.label), h("small", {}, first)]
            : [h("strong", {}, first), h("small", {}, e.label)],
        pick: () => run(e),
      };
    }),
  });
  showPanel(c);
}

/** An open panel is read where it opened: scrolled into the window as a whole when it does not
 *  fit below or above its target (a long list of props to order). */
function showPanel(c) {
  c.pop.panel?.scrollIntoView({ block: "nearest" });
}

/** A choice's first line: what it costs and what it gives (describe.js); the engine's label
 *  stays as the detail. */
export function friendly(c, e) {
  return e.action ? describe(c, e.action) : null;
}

/** Play `e`, unless it deserves a second look: giving a trick or props back, or a move the
 *  engine warns about (Done assigning with characters left without a card, End turn with
 *  action points to spend): then a panel next to `el` asks first, "No" focused. */
export function playOrAsk(c, e, el) {
  const giveUp = DESTRUCTIVE.has(e.action?.type);
  if (!giveUp && !e.warning) {
    c.api.act(e.action).catch(() => {});
    return;
  }
  const what = (friendly(c, e) ?? e.label).replace(/…$/, "");
  // after the click that chose it has finished bubbling (the board closes panels on a click)
  setTimeout(() => {
    c.pop.openPanel(el, {
      title: giveUp ? c.w("confirm_title") : e.warning,
      label: giveUp ? c.w("confirm_title") : e.warning,
      closeLabel: c.w("close"),
      choices: [
        {
          class: "keep",
          testid: "trk-confirm-no",
          index: -2,
          body: c.w(giveUp ? "confirm_no" : "confirm_back"),
          pick: () => el.focus?.(),
        },
        {
          class: "danger",
          testid: "trk-confirm-yes",
          index: e.index,
          body: c.w("confirm_yes", { what }),
          pick: () => c.api.act(e.action).catch(() => {}),
        },
      ],
    });
    showPanel(c);
  });
}

export function showTip(c, el, key) {
  c.pop.showTip(el, tipContent(key, c.lang, c.w));
}

export function wireTip(c, el, key) {
  return hover(
    el,
    (target) => showTip(c, target, key),
    () => c.pop.hideTip(),
  );
}

/** Pointing at a place that is not a legal target says why (the engine's refusal of `probe()`). */
export function explain(c, el, probe) {
  if (!c.canAct || !probe) return;
  c.pop.explain(el, probe, (action) => whyNot(c.api, c.snap.hash ?? c.snap.step, action));
}

/** The character a player would try at `location`: one whose card sends it there, else any
 *  character still at home. */
export function probeChar(c, location) {
  const free = (c.me?.chars ?? [])
    .map((ch, i) => [ch, i])
    .filter(([ch]) => ch.slot < 0 && ch.card && !ch.idle && !ch.assist);
  const cardLoc = (card) => c.D.specials[card]?.location ?? card;
  const hit = free.find(([ch]) => cardLoc(ch.card) === location) ?? free[0];
  return hit ? hit[1] : -1;
}

/** Make `el` (HTML or SVG) a target if `key` is legal, and give it a tooltip if `tipKey`. */
export function wire(c, el, key, title, tipKey) {
  if (tipKey) {
    wireTip(c, el, tipKey);
    el.dataset.tip = tipKey;
    // Only what can be played is in the tab order (a legal target's tooltip shows on focus):
    // sixty cards that only explain themselves stood between a keyboard and the decision.
  }
  if (key && c.targets.has(key)) {
    const entries = c.targets.get(key);
    c.drawn.add(key);
    const forced = c.view.act?.seat === c.viewer;
    if (!forced && entries.every((e) => DESTRUCTIVE.has(e.action?.type))) {
      el.classList.add("quiet");
      el.setAttribute("data-quiet", key);
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
      activate(el, (e) => choose(c, key, e.currentTarget, title));
      return el;
    }
    el.classList.add("hot");
    if (!el.hasAttribute("data-testid")) el.setAttribute("data-testid", `trk-t-${key}`);
    el.setAttribute("data-target", key);
    el.setAttribute("data-count", String(entries.length));
    el.setAttribute("data-moves", movesOf(entries));
    nameTarget(
      el,
      entries.length === 1
        ? (friendly(c, entries[0]) ?? entries[0].label)
        : `${title} (${c.w("choices", { n: entries.length })})`,
    );
    activate(el, (e) => choose(c, key, e.currentTarget, title));
  }
  return el;
}

// ---- parts kept from one draw to the next ---------------------------------------------------

/** The part of the board with test id `testid`, built by `build()` only when `key` (a string
 *  of everything the part shows and offers) differs from the one its element on screen was
 *  built from; else that element stays as it is (ui/morph.js `kept`): a step that changes
 *  nothing of it costs neither building it nor comparing it (the Residence's ~40 trick cards
 *  were the largest part of a redraw). Its handlers read the board's context, refilled at
 *  each draw (index.js). A null `key`: built at every draw. */
export function area(c, testid, key, build) {
  if (key === null) {
    c.areas.delete(testid);
    return build();
  }
  const was = c.areas.get(testid);
  if (was && was.key === key && was.el?.isConnected && c.board.contains(was.el)) {
    for (const k of was.drawn) c.drawn.add(k);
    was.fresh = false;
    c.kept.push(testid);
    return kept(was.el);
  }
  const before = new Set(c.drawn);
  const el = build();
  c.areas.set(testid, { key, el: null, fresh: true, drawn: [...c.drawn].filter((k) => !before.has(k)) });
  return el;
}

/** After the patch: each part built in this draw is known by the element now on screen (the
 *  patch may have kept an older one in its place); a part not drawn is forgotten. */
export function settleAreas(c) {
  for (const [testid, a] of c.areas) {
    if (a.fresh) a.el = c.board.querySelector(`[data-testid="${testid}"]`);
    if (!a.el?.isConnected) c.areas.delete(testid);
    a.fresh = false;
  }
}

/** A key for a part of the board: the page's language, the viewer, the targets the part offers
 *  (those whose key passes `offered`, with what each does as named on it, and whether the move
 *  is forced) and `inputs`, what the part is drawn from (whether its places explain why a move
 *  is refused among them). */
export function areaKey(c, offered, ...inputs) {
  const offers = [];
  for (const [key, entries] of c.targets)
    if (offered(key))
      offers.push([key, entries.map((e) => [e.index, e.select, e.label, e.warning, e.action, friendly(c, e)])]);
  const forced = offers.length ? c.view.act?.seat === c.viewer : null;
  return JSON.stringify([c.lang, c.viewer, forced, offers, inputs]);
}
