// What the Oracle's sheet parts share: the constants, the renderer's memory between draws
// (`memo`), and the targets (a legal action played by a click, a refused one explained).

import { SVG_NS, movesOf, nameTarget, whyNot } from "../../ui/board.js";
import { h, listen } from "../../ui/dom.js";

export const RUNES = ["d4_a", "d4_b", "coin", "bone", "doll"];
export const CELL = 46; // stargazing cell size in SVG units
export const PAD = 16;

// Log codes called out as they happen: rewards (gold) and corruption (red).
export const CALLOUTS = {
  "oracle.goods.take": "reward",
  "oracle.guild.funding_now": "reward",
  "oracle.guild.market_symbol": "reward",
  "oracle.guild.market_funding": "reward",
  "oracle.prediction.true": "reward",
  "oracle.stargazing.enclosed": "reward",
  "oracle.practice.goods_sold": "reward",
  "oracle.corruption.take": "corruption",
  "oracle.corruption.discard": "relief",
  "oracle.reward.lost": "lost",
};
// What a companion must do away from the sheet.
export const AT_TABLE = new Set([
  "oracle.goods.take",
  "oracle.corruption.take",
  "oracle.corruption.discard",
  "oracle.guild.funding_now",
  "oracle.guild.market_funding",
  "oracle.hire.hired",
  "oracle.action.taken",
  "oracle.action.passed",
  "oracle.companion.game_end",
  "oracle.townsfolk.score",
]);
export const TOAST_MS = 7000;
// The panel that answers a decision (scrolled into view when the decision comes up).
export const FOCUS_PANEL = {
  lines: "oracle-stargazing",
  horoscope: "oracle-horoscope",
  circles: "oracle-threads",
  staff: "oracle-staff",
  roll: "oracle-companion",
};

// Kept between renders of the same table.
export const memo = {
  table: null, // "<seed>:<mode>" of the table drawn last
  seenStep: 0, // log entries before this step were already called out
  toasts: [], // {text, kind, code, step, at}: step and code find its line in a relanged log
  instructions: [], // the latest "do this at the table" lines
  dot: null, // the first dot of a line being drawn by two clicks
  why: "", // the last refusal shown
  drag: null,
  roll: null, // the companion throw form's values
  settle: 0, // the frame that brings the part answering a new decision into view
  step: -1, // the step whose decision was brought into view
  open: {}, // the header's details panels the player opened
};

// ----------------------------------------------------------------------------- targets

/** board.js `activate` with its handlers attached through `listen`, so a redraw that keeps the
 *  element (morph.js) gives it this draw's action. */
export function activate(el, run) {
  if (el.tagName !== "BUTTON") {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
  }
  listen(el, "click", (e) => {
    e.stopPropagation();
    run(e);
  });
  listen(el, "keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      run(e);
    }
  });
  return el;
}

const same = (a, b) => Object.keys(b).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

/** The legal entry matching `want` (a partial action), or null. */
export function find(ctx, want) {
  return all(ctx, want.type).find((e) => same(e.action, want)) ?? null;
}
export function all(ctx, type) {
  if (!ctx.byType) {
    ctx.byType = new Map();
    for (const e of ctx.legal) {
      if (!ctx.byType.has(e.action.type)) ctx.byType.set(e.action.type, []);
      ctx.byType.get(e.action.type).push(e);
    }
  }
  return ctx.byType.get(type) ?? [];
}

export function play(ctx, action) {
  memo.why = "";
  ctx.api.act(action).catch((error) => showWhy(error?.message ?? String(error)));
}

export function showWhy(text) {
  memo.why = text;
  const el = document.querySelector('[data-testid="oracle-why"]');
  if (el) {
    el.textContent = text;
    el.hidden = !text;
  }
}

/** A Promise of the engine's reason `action` is refused now ("not now" when it gives none). */
function whyNow(ctx, action) {
  const notNow = ctx.t("ui.oracle.not_now");
  if (ctx.api.viewer === null || ctx.api.viewer === undefined) return Promise.resolve(notNow);
  return whyNot(ctx.api, ctx.snap.hash, action).then((text) => text || notNow);
}

/** Ask why `action` is refused and show the answer. */
export function explainWhy(ctx, action) {
  return whyNow(ctx, action).then((text) => {
    showWhy(text);
    return text;
  });
}

/** Make `el` a target: legal (clickable, focusable, labelled) or explained when pointed at. */
export function target(ctx, el, entry, probe) {
  const isSvg = el instanceof SVGElement;
  if (entry) {
    el.classList.add("legal");
    el.dataset.action = JSON.stringify(entry.action);
    el.dataset.legal = "true";
    el.dataset.moves = movesOf([entry]);
    nameTarget(el, entry.label);
    if (isSvg) {
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = entry.label;
      el.append(title);
    } else {
      el.title = entry.label;
    }
    return activate(el, () => play(ctx, entry.action));
  }
  el.classList.add("off");
  el.dataset.legal = "false";
  if (probe) {
    el.dataset.probe = JSON.stringify(probe);
    const explain = (e) => {
      const shown = e.currentTarget;
      return explainWhy(ctx, probe).then((text) => {
        if (!isSvg) shown.title = text;
      });
    };
    listen(el, "mouseenter", explain);
    listen(el, "focus", explain);
    listen(el, "click", explain);
    if (!isSvg && el.tagName === "BUTTON") el.setAttribute("aria-disabled", "true");
  }
  // out of the tab order: Tab goes from one playable target to the next (a pointer still asks why)
  if (!isSvg && el.tagName === "BUTTON") el.tabIndex = -1;
  return el;
}

export function button(ctx, testid, entry, probe, ...children) {
  return target(ctx, h("button", { type: "button", class: "o-btn", testid }, ...children), entry, probe);
}
