// The Oracle of Merchants Cove: the dry-erase sheet and the fate bowl, drawn from the view
// (docs/oracle.md, "The view"). Every clickable target is one of `snapshot.legal`; pointing at
// a target that is not legal asks the bridge why (`why(seat, action)`), so the player reads the
// rule it breaks. Test ids: docs/oracle-page.md.
//
// This module draws the header and the prompt and lays the sheet out; the parts are drawn by
// companion.js (physical dice and table events), sheet.js (stargazing, threads, the bowl) and
// ledger.js (action spaces, horoscope, predictions, guilds, staff, the ledger); common.js holds
// the targets and the memory they share.

import { labelled } from "../../ui/i18n.js";
import { AT_TABLE, CALLOUTS, FOCUS_PANEL, TOAST_MS, all, button, find, memo } from "./common.js";
import { actionSpaces, goodIcon, guilds, horoscope, ledger, marketIcon, predictions, staff } from "./ledger.js";
import { bowl, stargazing, threads } from "./sheet.js";
import { companion } from "./companion.js";
import { h } from "../../ui/dom.js";
import { loadStyles, redraw, revealTargets } from "../../ui/board.js";

// Linked before the module resolves (the page imports it before the first draw).
await loadStyles([new URL("./oracle.css", import.meta.url)]);

export function render(container, snap, api) {
  const v = snap.view;
  const t = (code, params) => api.t(code, params);
  const term = (kind, value) => t(`ui.oracle.term.${kind}.${value}`);
  const again = () => render(container, snap, api);
  const ctx = { container, snap, v, api, t, term, legal: snap.legal ?? [], refs: {}, again };
  noteTable(snap);
  callouts(snap);

  const sheet = h(
    "div",
    {
      class: `oracle-sheet mode-${v.mode} phase-${v.phase}`,
      testid: "oracle-sheet",
      dataset: { phase: v.phase, mode: v.mode, pending: v.pending?.type ?? "" },
    },
    header(ctx),
    h("div", { class: "oracle-sticky" }, prompt(ctx)),
    // none once the game is over: fixed at the window's foot, they covered the ending's last
    // rows and its New game button on a phone (the log keeps their lines)
    snap.result ? null : toastArea(),
    v.mode === "companion" ? companion(ctx) : null,
    h(
      "div",
      { class: "oracle-grid" },
      h("div", { class: "oracle-col-a" }, stargazing(ctx), threads(ctx)),
      h("div", { class: "oracle-col-b" }, bowl(ctx), actionSpaces(ctx)),
    ),
    horoscope(ctx),
    predictions(ctx),
    h("div", { class: "oracle-row3" }, guilds(ctx), staff(ctx), ledger(ctx)),
  );

  redraw(container, sheet);
  // a new decision: bring the part of the sheet that answers it into view (its targets, clear
  // of the sticky prompt)
  const where = FOCUS_PANEL[v.pending?.type] ?? null;
  const fresh = memo.pendingType !== v.pending?.type || memo.step !== ctx.snap.step;
  memo.pendingType = v.pending?.type ?? null;
  // (the sheet on screen: the patch keeps the one already there)
  if (fresh) revealPart(container.firstElementChild, where, ctx.snap.step);
}

/** Scrolling waits for the next frame: it would lay out the new sheet at once, and the frame
 *  lays it out anyway. Only the latest sheet is scrolled; the step counts as shown once its
 *  targets were laid out and brought into view. */
function revealPart(sheet, testid, step) {
  cancelAnimationFrame(memo.settle);
  memo.settle = requestAnimationFrame(() => {
    if (!sheet.isConnected) return;
    if (revealTargets(sheet, testid && sheet.querySelector(`[data-testid="${testid}"]`))) memo.step = step;
  });
}

// ----------------------------------------------------------------------------- bookkeeping

function noteTable(snap) {
  const id = `${snap.seed}:${snap.view.mode}:${snap.game}`;
  const steps = snap.log.length ? snap.log.at(-1).step + 1 : 0;
  if (memo.table !== id || steps < memo.seenStep) {
    memo.table = id;
    memo.seenStep = steps; // a new or loaded table: nothing to call out yet
    memo.toasts = [];
    memo.instructions = turnInstructions(snap.log);
    memo.dot = null;
    memo.roll = null;
  }
  // the callouts and instructions in the log's current language (the page may have switched)
  for (const x of memo.toasts) x.text = snap.log.find((e) => e.step === x.step && e.code === x.code)?.text ?? x.text;
  memo.instructions = turnInstructions(snap.log);
  if (memo.whyHash !== snap.hash) memo.why = ""; // a refusal belongs to the position it was asked in
  memo.whyHash = snap.hash;
  if (snap.view.pending?.type !== "lines") memo.dot = null;
}

/** What to do at the table since the latest throw (this turn and what followed it). */
function turnInstructions(log) {
  let from = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].code === "oracle.bowl.thrown") {
      from = i;
      break;
    }
  }
  return log
    .slice(from)
    .filter((e) => AT_TABLE.has(e.code))
    .map((e) => e.text)
    .slice(-8);
}

function callouts(snap) {
  const fresh = snap.log.filter((e) => e.step >= memo.seenStep);
  if (!fresh.length) return;
  memo.seenStep = snap.log.at(-1).step + 1;
  const now = performance.now();
  for (const e of fresh) {
    const kind = CALLOUTS[e.code];
    if (kind) memo.toasts.push({ text: e.text, kind, code: e.code, step: e.step, at: now });
  }
  memo.toasts = memo.toasts.filter((x) => now - x.at < TOAST_MS).slice(-4);
}

// ----------------------------------------------------------------------------- header

function header(ctx) {
  const { v, t } = ctx;
  const c = v.clock;
  const stats = [];
  if (v.mode === "practice") {
    stats.push(stat("oracle-day", t("ui.oracle.day", { day: c.day, days: c.days })));
    stats.push(
      stat(
        "oracle-hours",
        t("ui.oracle.hours", { hours: c.hours_today, total: c.hours_per_day }),
        meter(c.hours_today, c.hours_per_day),
      ),
    );
  } else {
    stats.push(stat("oracle-hours", t("ui.oracle.hours_spent", { hours: c.hours_spent })));
  }
  stats.push(stat("oracle-turn", t("ui.oracle.turn", { turn: v.turn })));
  stats.push(
    stat(
      "oracle-corruption",
      `☠ ${labelled(t, t("ui.oracle.corruption"), v.corruption.held)}`,
      null,
      v.corruption.held ? "bad" : "",
    ),
  );
  if (v.score) stats.push(stat("oracle-score", labelled(t, t("ui.oracle.score"), v.score.total), null, "good"));
  return h(
    "header",
    { class: "oracle-head" },
    h(
      "div",
      { class: "oracle-title-row" },
      h("h2", { class: "oracle-title" }, t("ui.oracle.title")),
      v.provisional
        ? note(ctx, "oracle-provisional", "provisional", `⚠ ${t("ui.oracle.provisional_badge")}`, [
            t("ui.oracle.provisional"),
            v.layout?.source,
            v.layout?.reasons,
          ])
        : null,
      v.mode === "practice"
        ? note(ctx, "oracle-practice-frame", "frame", t("ui.oracle.practice_badge"), [
            t("ui.oracle.practice_frame"),
            v.frame?.source,
            v.frame?.reasons,
          ])
        : note(ctx, "oracle-companion-badge", "frame companion", t("ui.oracle.companion_badge"), [
            t("ui.oracle.companion"),
          ]),
    ),
    h("div", { class: "oracle-stats" }, stats),
  );
}

/** One badge that opens its details panel: what the mark means, then the data pack's own
 *  source and reasons (English, as the pack states them). Open stays open across redraws. */
function note(ctx, testid, cls, badge, [meaning, source, reasons = []]) {
  const { t } = ctx;
  return h(
    "details",
    {
      class: `o-note ${cls}`,
      testid,
      open: Boolean(memo.open[testid]),
      ontoggle: (e) => {
        memo.open[testid] = e.currentTarget.open;
      },
    },
    h("summary", { class: `badge ${cls}`, testid: `${testid}-summary` }, badge),
    h(
      "div",
      { class: "o-note-body", testid: `${testid}-details` },
      h("p", {}, meaning),
      source || reasons.length
        ? [
            h("p", { class: "o-note-from" }, t("ui.oracle.note_sources")),
            source ? h("p", { lang: "en" }, source) : null,
            reasons.length
              ? h(
                  "ul",
                  { lang: "en" },
                  reasons.map((r) => h("li", {}, r)),
                )
              : null,
          ]
        : null,
    ),
  );
}

function stat(testid, text, extra, cls = "") {
  return h("span", { class: `o-stat ${cls}`, testid }, text, extra);
}

function meter(value, total) {
  if (!total) return null;
  return h(
    "span",
    { class: "o-meter", "aria-hidden": "true" },
    h("span", { style: `width:${Math.min(100, (100 * value) / total)}%` }),
  );
}

// ----------------------------------------------------------------------------- prompt

function prompt(ctx) {
  const { v, t, snap } = ctx;
  const p = v.pending;
  let text = "";
  if (p) text = t(p.prompt, p);
  else if (snap.to_act.kind === "terminal") text = "";
  else text = t("ui.turn.chance");
  const extras = [];
  if (p?.type === "lines") {
    if (memo.dot)
      extras.push(
        h(
          "span",
          { class: "o-hint", testid: "oracle-dot-chosen" },
          t("ui.oracle.dot_chosen", { r: memo.dot[0], c: memo.dot[1] }),
        ),
      );
  }
  if (p?.type === "reward") {
    const goods = all(ctx, "take_good");
    if (goods.length) {
      extras.push(
        h(
          "span",
          { class: "o-goods-pick", testid: "oracle-goods-pick" },
          goods.map((e) =>
            button(
              ctx,
              `oracle-good-${e.action.size}-${e.action.colour}`,
              e,
              null,
              goodIcon(e.action.size, e.action.colour),
              h("span", {}, ctx.term("colour", e.action.colour)),
            ),
          ),
        ),
      );
    }
  }
  if (p?.type === "reward") {
    // the same choices as the sheet's highlighted cells, within reach of the prompt
    for (const e of all(ctx, "mark_horoscope")) {
      extras.push(button(ctx, `oracle-reward-row-${e.action.row}`, e, null, e.label));
    }
    for (const e of all(ctx, "mark_guild")) {
      extras.push(
        button(
          ctx,
          `oracle-reward-guild-${e.action.guild}-${e.action.mark}`,
          e,
          null,
          h("span", { class: `o-swatch c-${e.action.guild}` }),
          e.action.mark === "x" ? "X" : marketIcon(),
        ),
      );
    }
  }
  if (p?.type === "draw_order") {
    extras.push(h("span", { class: "o-hint" }, t("ui.oracle.draw_first")));
    for (const e of all(ctx, "resolve_draw")) {
      extras.push(
        button(
          ctx,
          `oracle-draw-first-${e.action.colour}`,
          e,
          null,
          h("span", { class: `o-swatch c-${e.action.colour}` }),
          ctx.term("colour", e.action.colour),
        ),
      );
    }
  }
  if (p?.type === "townsfolk") {
    // the guild symbols printed on the card just hired (they score at the end)
    for (const e of all(ctx, "townsfolk_symbol")) {
      extras.push(
        button(
          ctx,
          `oracle-townsfolk-${e.action.guild}`,
          e,
          null,
          h("span", { class: `o-swatch c-${e.action.guild}` }),
          ctx.term("guild", e.action.guild),
        ),
      );
    }
    if (p.symbols?.length) {
      extras.push(
        h(
          "span",
          { class: "o-hint", testid: "oracle-townsfolk-symbols" },
          p.symbols.map((g) => h("span", { class: `o-swatch c-${g}`, title: ctx.term("guild", g) })),
        ),
      );
    }
    const done = find(ctx, { type: "townsfolk_done" });
    if (done) extras.push(button(ctx, "oracle-townsfolk-done", done, null, done.label));
  }
  if (p?.type === "action") {
    const pass = find(ctx, { type: "pass" });
    // passive: a new decision's focus goes to a manipulation or an action, not to Pass (ui/table/focus.js)
    if (pass) {
      const el = button(ctx, "oracle-pass", pass, null, pass.label);
      el.dataset.passive = "true";
      extras.push(el);
    }
  }
  return h(
    "section",
    { class: "oracle-prompt", "aria-live": "polite" },
    h("p", { class: "o-prompt-text", testid: "oracle-prompt" }, text),
    extras.length ? h("div", { class: "o-prompt-extras" }, extras) : null,
    h("p", { class: "o-why", testid: "oracle-why", role: "status", hidden: !memo.why }, memo.why),
  );
}

function toastArea() {
  const now = performance.now();
  const live = memo.toasts.filter((x) => now - x.at < TOAST_MS);
  return h(
    "div",
    { class: "oracle-toasts", testid: "oracle-toasts", role: "log", "aria-live": "polite" },
    live.map((x) =>
      h(
        "div",
        {
          class: `o-toast ${x.kind}`,
          testid: "oracle-toast",
          dataset: { code: x.code, kind: x.kind },
          style: `animation-delay: ${-(now - x.at) / 1000}s`,
        },
        h(
          "span",
          { class: "o-toast-icon", "aria-hidden": "true" },
          x.kind === "corruption" ? "☠" : x.kind === "lost" ? "∅" : x.kind === "relief" ? "✓" : "★",
        ),
        x.text,
      ),
    ),
  );
}
