// The Oracle of Merchants Cove: the dry-erase sheet and the fate bowl, drawn from the view
// (docs/oracle.md, "The view"). Every clickable target is one of `snapshot.legal`; pointing at
// a target that is not legal asks the bridge why (`why(seat, action)`), so the player reads the
// rule it breaks. Test ids: docs/oracle-page.md.

import { SVG_NS, svg as s, whyNot, keepPlace, restorePlace, loadStyles } from "../ui/board.js";
import { h, listen } from "../ui/dom.js";
import { morph } from "../ui/morph.js";

// Linked before the module resolves (the page imports it before the first draw).
await loadStyles([new URL("./oracle.css", import.meta.url)]);

const RUNES = ["d4_a", "d4_b", "coin", "bone", "doll"];
const CELL = 46; // stargazing cell size in SVG units
const PAD = 16;

// Log codes called out as they happen: rewards (gold) and corruption (red).
const CALLOUTS = {
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
const AT_TABLE = new Set([
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
const TOAST_MS = 7000;
// The panel that answers a decision (scrolled into view when the decision comes up).
const FOCUS_PANEL = {
  lines: "oracle-stargazing",
  horoscope: "oracle-horoscope",
  circles: "oracle-threads",
  staff: "oracle-staff",
  roll: "oracle-companion",
};

// Kept between renders of the same table.
const memo = {
  table: null, // "<seed>:<mode>" of the table drawn last
  seenStep: 0, // log entries before this step were already called out
  toasts: [], // {text, kind, at}
  instructions: [], // the latest "do this at the table" lines
  dot: null, // the first dot of a line being drawn by two clicks
  why: "", // the last refusal shown
  drag: null,
  roll: null, // the companion throw form's values
  settle: 0, // the frame that puts focus and scroll back after a redraw
  open: {}, // the header's details panels the player opened
};

export function render(container, snap, api) {
  const v = snap.view;
  const t = (code, params) => api.t(code, params);
  const term = (kind, value) => t(`ui.oracle.term.${kind}.${value}`);
  const ctx = { container, snap, v, api, t, term, legal: snap.legal ?? [], refs: {} };
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
    toastArea(),
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

  const place = keepPlace(container);
  morph(container, sheet);
  // a new decision: bring the part of the sheet that answers it into view
  const where = FOCUS_PANEL[v.pending?.type];
  const reveal = where && memo.pendingType !== v.pending?.type ? where : null;
  memo.pendingType = v.pending?.type ?? null;
  // (the sheet on screen: the patch keeps the one already there)
  settlePlace(container, container.firstElementChild, place, reveal);
}

/** Focus and scrolling wait for the next frame: each would lay out the new sheet at once, and
 *  the frame lays it out anyway (a click's redraw then costs one layout, not three). Only the
 *  latest sheet is settled. */
function settlePlace(container, sheet, place, reveal) {
  cancelAnimationFrame(memo.settle);
  memo.settle = requestAnimationFrame(() => {
    if (!sheet.isConnected) return;
    if (reveal) sheet.querySelector(`[data-testid="${reveal}"]`)?.scrollIntoView({ block: "nearest" });
    // the focus was on the old sheet: unless the player has moved it since, it goes back
    if (!document.activeElement || document.activeElement === document.body) restorePlace(container, place);
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
    if (kind) memo.toasts.push({ text: e.text, kind, code: e.code, at: now });
  }
  memo.toasts = memo.toasts.filter((x) => now - x.at < TOAST_MS).slice(-4);
  memo.instructions = turnInstructions(snap.log);
}

// ----------------------------------------------------------------------------- targets

/** board.js `activate` with its handlers attached through `listen`, so a redraw that keeps the
 *  element (morph.js) gives it this draw's action. */
function activate(el, run) {
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
function find(ctx, want) {
  return all(ctx, want.type).find((e) => same(e.action, want)) ?? null;
}
function all(ctx, type) {
  if (!ctx.byType) {
    ctx.byType = new Map();
    for (const e of ctx.legal) {
      if (!ctx.byType.has(e.action.type)) ctx.byType.set(e.action.type, []);
      ctx.byType.get(e.action.type).push(e);
    }
  }
  return ctx.byType.get(type) ?? [];
}

function play(ctx, action) {
  memo.why = "";
  ctx.api.act(action).catch((error) => showWhy(error?.message ?? String(error)));
}

function showWhy(text) {
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
function explainWhy(ctx, action) {
  return whyNow(ctx, action).then((text) => {
    showWhy(text);
    return text;
  });
}

/** Make `el` a target: legal (clickable, focusable, labelled) or explained when pointed at. */
function target(ctx, el, entry, probe) {
  const isSvg = el instanceof SVGElement;
  if (entry) {
    el.classList.add("legal");
    el.dataset.action = JSON.stringify(entry.action);
    el.dataset.legal = "true";
    el.setAttribute("aria-label", entry.label);
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
  return el;
}

function button(ctx, testid, entry, probe, ...children) {
  return target(ctx, h("button", { type: "button", class: "o-btn", testid }, ...children), entry, probe);
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
      `☠ ${t("ui.oracle.corruption")}: ${v.corruption.held}`,
      null,
      v.corruption.held ? "bad" : "",
    ),
  );
  if (v.score) stats.push(stat("oracle-score", `${t("ui.oracle.score")}: ${v.score.total}`, null, "good"));
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
    if (pass) extras.push(button(ctx, "oracle-pass", pass, null, pass.label));
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

// ----------------------------------------------------------------------------- companion

function companion(ctx) {
  const { t, term } = ctx;
  const parts = [];
  parts.push(
    h(
      "section",
      { class: "o-at-table", testid: "oracle-at-table" },
      h("h3", {}, "☞ ", t("ui.oracle.at_table")),
      memo.instructions.length
        ? h(
            "ol",
            {},
            memo.instructions.map((line) => h("li", { testid: "oracle-instruction" }, line)),
          )
        : h("p", { class: "muted" }, "—"),
    ),
  );

  const controls = [];
  const inApp = find(ctx, { type: "roll_in_app" });
  if (inApp) controls.push(button(ctx, "oracle-roll-in-app", inApp, null, t("ui.oracle.roll_in_app")));
  if (ctx.snap.formed?.enter_roll) controls.push(rollForm(ctx));
  if (all(ctx, "adventurer_drawn").length) controls.push(adventurerForm(ctx));
  const take = find(ctx, { type: "record_corruption", delta: 1 });
  const discard = find(ctx, { type: "record_corruption", delta: -1 });
  const market = find(ctx, { type: "market_phase" });
  const end = find(ctx, { type: "end_game" });
  if (take || discard || market || end) {
    controls.push(
      h(
        "div",
        { class: "o-table-buttons" },
        take ? button(ctx, "oracle-corruption-take", take, null, t("ui.oracle.corruption_take")) : null,
        discard
          ? button(ctx, "oracle-corruption-discard", discard, null, t("ui.oracle.corruption_discard"))
          : h(
              "button",
              { type: "button", class: "o-btn off", disabled: true, testid: "oracle-corruption-discard" },
              t("ui.oracle.corruption_discard"),
            ),
        market ? button(ctx, "oracle-market-phase", market, null, t("ui.oracle.market_phase")) : null,
        end ? button(ctx, "oracle-end-game", end, null, t("ui.oracle.end_game")) : null,
      ),
    );
  }
  if (controls.length) {
    parts.push(
      h(
        "section",
        { class: "o-table-controls", testid: "oracle-table-controls" },
        h("h3", {}, t("ui.oracle.table_events")),
        controls,
      ),
    );
  }
  void term;
  return h("div", { class: "oracle-companion", testid: "oracle-companion" }, parts);
}

function rollForm(ctx) {
  const { t, term, v } = ctx;
  const setup = v.pending?.setup;
  if (!memo.roll) {
    const runes = v.bowl.runes;
    memo.roll = {
      halves: runes.map((r, i) => (setup ? i % 2 : r.half)),
      dice: [runes[0].value ?? 1, runes[1].value ?? 1],
      coin: runes[2].face ?? "tree",
    };
  }
  const r = memo.roll;
  const sel = (testid, label, value, options, set) =>
    h(
      "label",
      { class: "o-field" },
      h("span", {}, label),
      h(
        "select",
        {
          testid,
          "aria-label": label,
          onchange: (e) => {
            set(e.target.value);
          },
        },
        options.map(([val, text]) =>
          h("option", { value: String(val), selected: String(val) === String(value) }, text),
        ),
      ),
    );
  const halves = [
    [0, t("ui.oracle.half.0")],
    [1, t("ui.oracle.half.1")],
  ];
  const rows = RUNES.map((rune, i) =>
    h(
      "div",
      { class: "o-roll-rune" },
      runeIcon(rune, i < 2 ? r.dice[i] : null, i === 2 ? r.coin : null),
      sel(
        `oracle-roll-half-${rune}`,
        t("ui.oracle.roll_half", { rune: term("rune", rune) }),
        r.halves[i],
        halves,
        (x) => {
          r.halves[i] = Number(x);
        },
      ),
      i < 2
        ? sel(
            `oracle-roll-die-${i}`,
            t("ui.oracle.roll_face", { rune: term("rune", rune) }),
            r.dice[i],
            [1, 2, 3, 4].map((n) => [n, String(n)]),
            (x) => {
              r.dice[i] = Number(x);
            },
          )
        : null,
      i === 2
        ? sel(
            "oracle-roll-coin",
            t("ui.oracle.roll_face", { rune: term("rune", rune) }),
            r.coin,
            [
              ["tree", term("coin", "tree")],
              ["skull", term("coin", "skull")],
            ],
            (x) => {
              r.coin = x;
            },
          )
        : null,
    ),
  );
  // The form builds the action itself (the snapshot does not list the 984 throws, see
  // Game.form_actions); the bridge's why() checks it before it is played.
  const submit = (e) => {
    e.preventDefault();
    const action = { type: "enter_roll", halves: [...r.halves], dice: [...r.dice], coin: r.coin };
    whyNot(ctx.api, ctx.snap.hash, action).then((refused) => {
      if (refused) {
        showWhy(refused);
        return;
      }
      memo.roll = null;
      play(ctx, action);
    });
  };
  return h(
    "form",
    { class: "o-roll-form", testid: "oracle-roll-form", onsubmit: submit },
    h("h4", {}, t("ui.oracle.roll_form")),
    h("div", { class: "o-roll-runes" }, rows),
    h("button", { type: "submit", class: "o-btn primary", testid: "oracle-roll-submit" }, t("ui.oracle.roll_submit")),
  );
}

function adventurerForm(ctx) {
  const { t, term } = ctx;
  const entries = all(ctx, "adventurer_drawn");
  const singles = entries.filter((e) => e.action.colours.length === 1);
  const colours = singles.map((e) => e.action.colours[0]);
  let second = "";
  const pick = (first) => {
    const want = second ? [first, second] : [first];
    const entry = entries.find((e) => JSON.stringify(e.action.colours) === JSON.stringify(want));
    if (entry) play(ctx, entry.action);
    else explainWhy(ctx, { type: "adventurer_drawn", colours: want });
  };
  return h(
    "div",
    { class: "o-adv-form", testid: "oracle-adventurer-form" },
    h("h4", {}, t("ui.oracle.adventurer")),
    h(
      "div",
      { class: "o-adv-row" },
      colours.map((c) =>
        h(
          "button",
          {
            type: "button",
            class: `o-btn o-adv c-${c}`,
            testid: `oracle-adventurer-${c}`,
            onclick: () => pick(c),
          },
          h("span", { class: `o-swatch c-${c}` }),
          term("colour", c),
        ),
      ),
    ),
    h(
      "label",
      { class: "o-field" },
      h("span", {}, t("ui.oracle.adventurer_second")),
      h(
        "select",
        {
          testid: "oracle-adventurer-second",
          "aria-label": t("ui.oracle.adventurer_second"),
          onchange: (e) => {
            second = e.target.value;
          },
        },
        h("option", { value: "" }, t("ui.oracle.adventurer_none")),
        colours.map((c) => h("option", { value: c }, term("colour", c))),
      ),
    ),
  );
}

// ----------------------------------------------------------------------------- stargazing

function stargazing(ctx) {
  const { v, t } = ctx;
  const g = v.stargazing;
  const W = g.cols * CELL + 2 * PAD;
  const H = g.rows * CELL + 2 * PAD;
  const X = (c) => PAD + c * CELL;
  const Y = (r) => PAD + r * CELL;
  const lines = all(ctx, "draw_line");
  const edgeLegal = new Map(lines.map((e) => [`${e.action.r},${e.action.c},${e.action.dir}`, e]));
  const dotLegal = new Set();
  for (const e of lines) {
    const { r, c, dir } = e.action;
    dotLegal.add(`${r},${c}`);
    dotLegal.add(dir === "h" ? `${r},${c + 1}` : `${r + 1},${c}`);
  }
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "o-stars",
    testid: "oracle-stargazing-grid",
    role: "group",
    "aria-label": t("ui.oracle.stargazing"),
  });
  svg.append(
    s(
      "defs",
      {},
      s(
        "pattern",
        { id: "o-hatch", width: 7, height: 7, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("line", { x1: 0, y1: 0, x2: 0, y2: 7, stroke: "#22304f", "stroke-width": 2.4, "stroke-opacity": 0.55 }),
      ),
      s(
        "pattern",
        { id: "o-unfit", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
        s("circle", { cx: 4, cy: 4, r: 1.1, fill: "#555" }),
      ),
    ),
  );
  for (const cell of g.cells) {
    const rect = s("rect", {
      x: X(cell.c) + 2,
      y: Y(cell.r) + 2,
      width: CELL - 4,
      height: CELL - 4,
      rx: 4,
      class: `o-cell c-${cell.colour ?? "none"} st-${cell.state}`,
      testid: `oracle-cell-${cell.r}-${cell.c}`,
      "data-state": cell.state,
    });
    svg.append(rect);
    const pattern = { filled: "url(#o-hatch)", unfit: "url(#o-unfit)" }[cell.state];
    if (pattern) {
      svg.append(
        s("rect", {
          x: X(cell.c) + 2,
          y: Y(cell.r) + 2,
          width: CELL - 4,
          height: CELL - 4,
          fill: pattern,
          "pointer-events": "none",
        }),
      );
    }
  }
  for (const reg of g.regions) {
    if (reg.kind === "unfit") continue;
    const rs = reg.cells.map((x) => x[0]);
    const cs = reg.cells.map((x) => x[1]);
    const cx = (X(Math.min(...cs)) + X(Math.max(...cs) + 1)) / 2;
    const cy = (Y(Math.min(...rs)) + Y(Math.max(...rs) + 1)) / 2;
    svg.append(s("circle", { cx, cy, r: 12, class: "o-reg-badge" }));
    svg.append(
      s("text", { x: cx, y: cy + 5, class: "o-reg-icon", "text-anchor": "middle" }, reg.kind === "tome" ? "▤" : "◆"),
    );
  }
  for (const ln of g.lines) {
    svg.append(
      s("line", {
        x1: X(ln.from[1]),
        y1: Y(ln.from[0]),
        x2: X(ln.to[1]),
        y2: Y(ln.to[0]),
        class: `o-line ${ln.kind}`,
        testid:
          ln.kind === "cross" ? null : `oracle-line-${ln.from[0]}-${ln.from[1]}-${ln.from[0] === ln.to[0] ? "h" : "v"}`,
      }),
    );
  }
  // line targets: every legal edge, drawn as a wide invisible stroke
  for (const [key, entry] of edgeLegal) {
    const [r, c, dir] = key.split(",");
    const rr = Number(r);
    const cc = Number(c);
    const T = 12; // the target's thickness: a thin rectangle over the edge
    const line =
      dir === "h"
        ? s("rect", {
            x: X(cc) + 7,
            y: Y(rr) - T / 2,
            width: CELL - 14,
            height: T,
            rx: 5,
            class: "o-edge",
            testid: `oracle-edge-${rr}-${cc}-${dir}`,
          })
        : s("rect", {
            x: X(cc) - T / 2,
            y: Y(rr) + 7,
            width: T,
            height: CELL - 14,
            rx: 5,
            class: "o-edge",
            testid: `oracle-edge-${rr}-${cc}-${dir}`,
          });
    svg.append(target(ctx, line, entry, null));
  }
  for (let r = 0; r < g.dots.rows; r++) {
    for (let c = 0; c < g.dots.cols; c++) {
      const live = dotLegal.has(`${r},${c}`);
      const chosen = memo.dot && memo.dot[0] === r && memo.dot[1] === c;
      const dot = s("circle", {
        cx: X(c),
        cy: Y(r),
        r: chosen ? 7 : 4.2,
        class: `o-dot${live ? " live" : ""}${chosen ? " chosen" : ""}`,
        testid: `oracle-dot-${r}-${c}`,
      });
      svg.append(dot);
      if (live) {
        const hit = s("circle", {
          cx: X(c),
          cy: Y(r),
          r: 11,
          class: "o-dot-hit",
          tabindex: 0,
          role: "button",
          "aria-label": `(${r}, ${c})`,
          testid: `oracle-dot-hit-${r}-${c}`,
        });
        svg.append(activate(hit, () => clickDot(ctx, r, c, edgeLegal)));
      }
    }
  }
  const legend = h(
    "p",
    { class: "o-legend" },
    h("span", { class: "o-cross-key", "aria-hidden": "true" }),
    t("ui.oracle.cross_legend"),
    " · ◆ ",
    ctx.term("size", "talisman"),
    " · ▤ ",
    ctx.term("size", "tome"),
  );
  return h(
    "section",
    { class: "o-panel o-stargazing", testid: "oracle-stargazing" },
    h("h3", {}, t("ui.oracle.stargazing")),
    svg,
    legend,
  );
}

function clickDot(ctx, r, c, edgeLegal) {
  const d = memo.dot;
  if (!d) {
    memo.dot = [r, c];
    rerenderHint(ctx);
    return;
  }
  if (d[0] === r && d[1] === c) {
    memo.dot = null;
    rerenderHint(ctx);
    return;
  }
  const [a, b] = d[0] < r || (d[0] === r && d[1] < c) ? [d, [r, c]] : [[r, c], d];
  const dir = a[0] === b[0] ? "h" : "v";
  const adjacent = (dir === "h" && b[1] - a[1] === 1) || (dir === "v" && a[1] === b[1] && b[0] - a[0] === 1);
  const entry = adjacent ? edgeLegal.get(`${a[0]},${a[1]},${dir}`) : null;
  memo.dot = null;
  if (entry) play(ctx, entry.action);
  else {
    memo.dot = adjacent ? null : [r, c];
    rerenderHint(ctx);
    if (adjacent) explainWhy(ctx, { type: "draw_line", r: a[0], c: a[1], dir });
    else showWhy(ctx.t("ui.oracle.dot_chosen", { r, c }));
  }
}

function rerenderHint(ctx) {
  // a dot choice is page state only: redraw the board from the same snapshot
  render(ctx.container, ctx.snap, ctx.api);
}

// ----------------------------------------------------------------------------- threads of fate

function threads(ctx) {
  const { v, t, term } = ctx;
  const rows = ["plus_minus", "move"].map((kind) => {
    const k = v.threads[kind];
    const fill = find(ctx, { type: "fill_circle", kind });
    const next = k.circles.indexOf("empty");
    return h(
      "div",
      { class: "o-circles-row", testid: `oracle-threads-${kind}`, dataset: { available: String(k.available) } },
      h("span", { class: "o-circles-name" }, kind === "plus_minus" ? "" : "⇄ ", term("circle", kind)),
      h(
        "span",
        { class: "o-circles" },
        k.circles.map((state, i) => {
          const el = h("span", {
            class: `o-circle ${state}`,
            testid: `oracle-circle-${kind}-${i}`,
            dataset: { state },
            "aria-label": `${term("circle", kind)} ${i + 1}: ${state}`,
          });
          if (i === next && fill) target(ctx, el, fill, null);
          return el;
        }),
      ),
    );
  });
  return h(
    "section",
    { class: "o-panel o-threads", testid: "oracle-threads" },
    h("h3", {}, t("ui.oracle.threads")),
    rows,
  );
}

// ----------------------------------------------------------------------------- the bowl

function runeIcon(rune, value, face) {
  const icon = s("svg", { viewBox: "0 0 40 40", class: `o-rune-icon r-${rune}`, "aria-hidden": "true" });
  if (rune === "d4_a" || rune === "d4_b") {
    icon.append(
      s("polygon", { points: "20,3 37,35 3,35", class: "d4" }),
      s("text", { x: 20, y: 30, "text-anchor": "middle", class: "d4-num" }, value ?? "?"),
    );
  } else if (rune === "coin") {
    icon.append(s("circle", { cx: 20, cy: 20, r: 17, class: `coin ${face}` }));
    if (face === "skull") {
      icon.append(
        s("circle", { cx: 20, cy: 18, r: 9, class: "skull" }),
        s("rect", { x: 15, y: 24, width: 10, height: 6, rx: 1, class: "skull" }),
        s("circle", { cx: 16.5, cy: 18, r: 2.4, class: "eye" }),
        s("circle", { cx: 23.5, cy: 18, r: 2.4, class: "eye" }),
      );
    } else {
      icon.append(
        s("polygon", { points: "20,7 30,24 10,24", class: "tree" }),
        s("rect", { x: 18, y: 24, width: 4, height: 8, class: "trunk" }),
      );
    }
  } else if (rune === "bone") {
    icon.append(
      s("path", {
        d: "M9 14a4 4 0 1 1 5-5l12 12a4 4 0 1 1 5 5a4 4 0 1 1-5 5L14 19a4 4 0 1 1-5-5z",
        class: "bone",
        transform: "rotate(0 20 20)",
      }),
    );
  } else if (rune === "doll") {
    icon.append(
      s("circle", { cx: 20, cy: 11, r: 7, class: "doll" }),
      s("path", { d: "M10 19h20l-3 7h-3l2 10h-5l-1-7-1 7h-5l2-10h-3z", class: "doll" }),
      s("path", { d: "M16 9l4 4m0-4l-4 4", class: "stitch" }),
      s("line", { x1: 29, y1: 20, x2: 36, y2: 14, class: "pin" }),
    );
  }
  return icon;
}

function bowl(ctx) {
  const { v, t, term } = ctx;
  const halves = [0, 1].map((half) => {
    const runes = v.bowl.runes.filter((r) => r.half === half);
    const zone = h(
      "div",
      {
        class: "o-half",
        testid: `oracle-half-${half}`,
        dataset: { half: String(half) },
        "aria-label": t(`ui.oracle.half.${half}`),
        role: "group",
      },
      h("span", { class: "o-half-name" }, t(`ui.oracle.half.${half}`)),
      h(
        "div",
        { class: "o-half-runes" },
        runes.map((r) => runeToken(ctx, r)),
      ),
    );
    listen(zone, "dragover", (e) => {
      if (memo.drag && memo.drag.half !== half) {
        e.preventDefault();
        e.currentTarget.classList.add("drop");
      }
    });
    listen(zone, "dragleave", (e) => e.currentTarget.classList.remove("drop"));
    listen(zone, "drop", (e) => {
      e.preventDefault();
      e.currentTarget.classList.remove("drop");
      const d = memo.drag;
      memo.drag = null;
      if (!d || d.half === half) return;
      const entry = find(ctx, { type: "move_rune", rune: d.rune });
      if (entry) play(ctx, entry.action);
      else explainWhy(ctx, { type: "move_rune", rune: d.rune });
    });
    return zone;
  });
  void term;
  const unthrown = v.turn === 0 && v.phase !== "act";
  return h(
    "section",
    { class: "o-panel o-bowl-panel", testid: "oracle-bowl", dataset: { allInOne: String(v.bowl.all_in_one_half) } },
    h("h3", {}, t("ui.oracle.bowl")),
    h(
      "div",
      { class: `o-bowl${unthrown ? " unthrown" : ""}` },
      halves[0],
      h("div", { class: "o-bowl-split", "aria-hidden": "true" }),
      halves[1],
    ),
    unthrown ? h("p", { class: "o-hint small", testid: "oracle-not-thrown" }, t("ui.oracle.not_thrown")) : null,
    v.phase === "act" && !v.pending?.depth
      ? h("p", { class: "o-hint small" }, t("ui.oracle.manipulations_hint"))
      : null,
  );
}

function runeToken(ctx, r) {
  const { term } = ctx;
  const name = term("rune", r.rune);
  const detail = r.value ? ` ${r.value}` : r.face ? ` (${term("coin", r.face)})` : "";
  const move = find(ctx, { type: "move_rune", rune: r.rune });
  const token = h("div", {
    class: `o-rune rune-${r.rune}`,
    testid: `oracle-rune-${r.rune}`,
    dataset: { half: String(r.half), value: r.value ? String(r.value) : (r.face ?? "") },
  });
  const face = h(
    "button",
    { type: "button", class: "o-rune-face", testid: `oracle-move-${r.rune}` },
    runeIcon(r.rune, r.value, r.face),
    h("span", { class: "o-rune-name" }, name + detail),
  );
  target(ctx, face, move, ctx.v.phase === "act" ? { type: "move_rune", rune: r.rune } : null);
  if (!move) face.setAttribute("aria-label", name + detail);
  if (move) {
    face.draggable = true;
    listen(face, "dragstart", (e) => {
      memo.drag = { rune: r.rune, half: r.half };
      e.dataTransfer.setData("text/plain", r.rune);
      e.dataTransfer.effectAllowed = "move";
    });
    listen(face, "dragend", () => {
      memo.drag = null;
    });
  }
  token.append(face);
  if (r.value !== undefined) {
    const die = r.rune === "d4_a" ? 0 : 1;
    const minus = find(ctx, { type: "adjust_die", die, delta: -1 });
    const plus = find(ctx, { type: "adjust_die", die, delta: 1 });
    const probeOk = ctx.v.phase === "act";
    token.append(
      h(
        "div",
        { class: "o-die-adjust" },
        button(ctx, `oracle-die-${die}-minus`, minus, probeOk ? { type: "adjust_die", die, delta: -1 } : null, "−1"),
        button(ctx, `oracle-die-${die}-plus`, plus, probeOk ? { type: "adjust_die", die, delta: 1 } : null, "+1"),
      ),
    );
  }
  return token;
}

// ----------------------------------------------------------------------------- action spaces

const SPACE_RUNES = {
  threads_of_fate: ["coin", "+", "?"],
  stargazing: ["bone", "+", "d4_a"],
  prediction: ["doll", "+", "d4_a"],
  horoscope: ["d4_a", "d4_b"],
  hire_townsfolk: [],
  activate_staff: [],
};

function actionSpaces(ctx) {
  const { v, t, term } = ctx;
  const firstFree = v.staff.findIndex((x) => !x.hired);
  const probes = {
    threads_of_fate: { type: "threads_of_fate", partner: "die" },
    stargazing: { type: "stargazing" },
    prediction: { type: "prediction", die: 0, colour: v.predictions.colours[0] },
    horoscope: { type: "horoscope", half: 0 },
    hire_townsfolk: { type: "hire_townsfolk", slot: Math.max(0, firstFree) },
    activate_staff: { type: "activate_staff" },
  };
  const acting = v.pending?.type === "action";
  const spaces = v.actions.map((a) => {
    const entries = all(ctx, a.id);
    const varies = a.hours === null || a.hours === undefined || (a.id === "hire_townsfolk" && v.mode === "companion");
    const cost = varies ? t("ui.oracle.hours_varies") : t("ui.oracle.hours_cost", { hours: a.hours });
    const body = [
      h("span", { class: "o-space-name" }, term("action", a.id)),
      h("span", { class: "o-space-cost" }, cost),
      h(
        "span",
        { class: "o-space-runes", "aria-hidden": "true" },
        SPACE_RUNES[a.id].map((x) =>
          RUNES.includes(x) ? runeIcon(x, x.startsWith("d4") ? "·" : null, "tree") : h("span", {}, x),
        ),
      ),
    ];
    if (a.figure)
      body.push(
        h(
          "span",
          { class: "o-figure", testid: "oracle-figure", title: t("ui.oracle.figure_here") },
          figureIcon(),
          t("ui.oracle.figure"),
        ),
      );
    const space = h("div", {
      class: `o-space${a.figure ? " has-figure" : ""}`,
      testid: `oracle-space-${a.id}`,
      dataset: { figure: String(a.figure), space: a.id },
    });
    // one variant: the whole space is the target; several: a chip for each
    const variants =
      entries.length > 1 || (["threads_of_fate", "prediction", "horoscope"].includes(a.id) && entries.length);
    if (entries.length === 1 && !variants) {
      const btn = target(
        ctx,
        h("button", { type: "button", class: "o-space-btn", testid: `oracle-act-${a.id}` }, body),
        entries[0],
        null,
      );
      space.classList.add("legal");
      space.append(btn);
    } else if (entries.length) {
      space.classList.add("legal");
      space.append(
        h("div", { class: "o-space-btn as-head" }, body),
        h(
          "div",
          { class: "o-space-choices", role: "group", "aria-label": term("action", a.id) },
          entries.map((e) =>
            button(ctx, `oracle-act-${a.id}-${variantKey(e.action)}`, e, null, variantText(ctx, e.action)),
          ),
        ),
      );
    } else {
      const btn = target(
        ctx,
        h("button", { type: "button", class: "o-space-btn", testid: `oracle-act-${a.id}` }, body),
        null,
        acting ? probes[a.id] : null,
      );
      space.append(btn);
    }
    return space;
  });
  return h(
    "section",
    { class: "o-panel o-spaces-panel", testid: "oracle-actions" },
    h("h3", {}, t("ui.oracle.actions")),
    h("div", { class: "o-spaces" }, spaces),
  );
}

function variantKey(a) {
  if (a.type === "threads_of_fate") return a.partner;
  if (a.type === "prediction") return `${a.die}-${a.colour}`;
  if (a.type === "horoscope") return String(a.half);
  if (a.type === "hire_townsfolk") return String(a.slot);
  return "x";
}

function variantText(ctx, a) {
  const { term, v } = ctx;
  if (a.type === "threads_of_fate")
    return [runeIcon("coin", null, v.bowl.runes[2].face), " + ", term("partner", a.partner)];
  if (a.type === "prediction") {
    const value = v.bowl.runes[a.die].value;
    return [
      h("span", { class: `o-swatch c-${a.colour}` }),
      `${term("die", a.die)} (${value}) · ${term("colour", a.colour)}`,
    ];
  }
  if (a.type === "horoscope") return ctx.t(`ui.oracle.half.${a.half}`);
  if (a.type === "hire_townsfolk") return term("ability", v.staff[a.slot].ability);
  return "";
}

function figureIcon() {
  return s(
    "svg",
    { viewBox: "0 0 20 28", class: "o-figure-icon", "aria-hidden": "true" },
    s("circle", { cx: 10, cy: 6, r: 5 }),
    s("path", { d: "M3 27 L6 12 H14 L17 27 Z" }),
  );
}

// ----------------------------------------------------------------------------- horoscope

function horoscope(ctx) {
  const { v, t } = ctx;
  const rows = v.horoscope.map((row) => {
    const next = row.cells.findIndex((c) => c.mark === null);
    const writes = all(ctx, "write_horoscope").filter((e) => e.action.row === row.id);
    const mark = find(ctx, { type: "mark_horoscope", row: row.id });
    const rewards = h(
      "div",
      { class: "o-h-rewards" },
      row.cells.map((c, i) =>
        h(
          "span",
          {
            class: `o-h-reward${c.paid ? " paid" : ""}`,
            testid: `oracle-hreward-${row.id}-${i}`,
          },
          c.reward ? rewardIcon(ctx, c.reward) : null,
        ),
      ),
    );
    const cells = h(
      "div",
      { class: "o-h-cells" },
      row.cells.map((c, i) => {
        const cell = h(
          "span",
          {
            class: `o-h-cell${c.mark ? " written" : ""}${c.mark === "X" ? " x" : ""}`,
            testid: `oracle-hcell-${row.id}-${i}`,
            dataset: { mark: c.mark ?? "" },
          },
          c.mark ? h("span", { class: "ink" }, c.mark) : null,
        );
        if (i === next && (writes.length || mark)) {
          cell.classList.add("next");
          cell.append(
            h(
              "span",
              { class: "o-h-opts" },
              writes.map((e) =>
                button(ctx, `oracle-write-${row.id}-${e.action.value}`, e, null, String(e.action.value)),
              ),
              mark ? button(ctx, `oracle-mark-${row.id}`, mark, null, "X") : null,
            ),
          );
        }
        return cell;
      }),
    );
    return h(
      "div",
      { class: `o-h-row ${row.side}`, testid: `oracle-horoscope-${row.id}` },
      h(
        "span",
        { class: "o-h-name" },
        t(`ui.oracle.row_title.${row.id}`),
        h("small", {}, t(`ui.oracle.${row.id === "top" ? "top" : "bottom"}_hint`)),
      ),
      h("div", { class: "o-h-body" }, row.side === "above" ? [rewards, cells] : [cells, rewards]),
    );
  });
  const values =
    v.pending?.type === "horoscope"
      ? h(
          "p",
          { class: "o-hint", testid: "oracle-horoscope-values" },
          v.pending.values.map((n) => h("span", { class: "o-chip ink" }, String(n))),
        )
      : null;
  return h(
    "section",
    { class: "o-panel o-horoscope", testid: "oracle-horoscope" },
    h("h3", {}, t("ui.oracle.horoscope")),
    values,
    rows,
  );
}

function rewardIcon(ctx, reward) {
  const { term, t } = ctx;
  const label =
    reward.kind === "discard"
      ? t("ui.oracle.reward.discard")
      : [term("reward", reward.kind), ...(reward.colours ?? []).map((c) => term("colour", c))].join(" · ");
  let icon;
  if (reward.kind === "talisman" || reward.kind === "tome") {
    icon = h(
      "span",
      { class: "o-ri" },
      (reward.colours ?? []).map((c) => goodIcon(reward.kind, c)),
    );
  } else if (reward.kind === "x") icon = h("span", { class: "o-ri o-ri-x" }, "X");
  else if (reward.kind === "market") icon = h("span", { class: "o-ri" }, marketIcon());
  else if (reward.kind === "discard") icon = h("span", { class: "o-ri o-ri-discard" }, "☠−1");
  else icon = h("span", { class: "o-ri" }, reward.kind);
  icon.title = label;
  icon.setAttribute("aria-label", label);
  icon.setAttribute("role", "img");
  return icon;
}

function goodIcon(size, colour) {
  if (size === "tome") {
    return s(
      "svg",
      { viewBox: "0 0 20 20", class: `o-good tome c-${colour}`, "aria-hidden": "true" },
      s("rect", { x: 3, y: 2, width: 14, height: 16, rx: 2 }),
      s("line", { x1: 6, y1: 2, x2: 6, y2: 18 }),
    );
  }
  return s(
    "svg",
    { viewBox: "0 0 20 20", class: `o-good talisman c-${colour}`, "aria-hidden": "true" },
    s("polygon", { points: "10,2 17,10 10,18 3,10" }),
  );
}

function marketIcon() {
  return s(
    "svg",
    { viewBox: "0 0 20 20", class: "o-market", "aria-hidden": "true" },
    s("path", { d: "M2 8 L5 3 H15 L18 8 Z" }),
    s("rect", { x: 4, y: 8, width: 12, height: 9 }),
    s("rect", { x: 8, y: 11, width: 4, height: 6, class: "door" }),
  );
}

// ----------------------------------------------------------------------------- predictions

function predictions(ctx) {
  const { v, t, term } = ctx;
  const p = v.predictions;
  const cells = p.cells.map((cell) => {
    const mark = cell.prediction !== null ? p.marks[cell.prediction] : null;
    return h(
      "span",
      {
        class: `o-sym ${cell.state}${mark ? ` c-${mark.colour} pst-${mark.status}` : ""}`,
        testid: `oracle-symbol-${cell.index}`,
        dataset: { state: cell.state },
        title: mark ? `${term("colour", mark.colour)} · ${mark.status}` : "",
      },
      customerIcon(),
    );
  });
  const marks = p.marks.map((m, k) =>
    h(
      "span",
      {
        class: `o-pmark c-${m.colour} pst-${m.status}`,
        testid: `oracle-prediction-${k}`,
        dataset: { status: m.status },
      },
      h("span", { class: `o-swatch c-${m.colour}` }),
      `${term("colour", m.colour)} ${m.size - m.crossed}/${m.size}`,
    ),
  );
  return h(
    "section",
    { class: "o-panel o-predictions", testid: "oracle-predictions" },
    h("h3", {}, t("ui.oracle.predictions")),
    h("div", { class: "o-syms" }, cells),
    marks.length ? h("div", { class: "o-pmarks" }, marks) : null,
  );
}

function customerIcon() {
  return s(
    "svg",
    { viewBox: "0 0 20 20", "aria-hidden": "true", class: "o-cust" },
    s("circle", { cx: 10, cy: 6, r: 3.5 }),
    s("path", { d: "M4 18 Q10 7 16 18 Z" }),
  );
}

// ----------------------------------------------------------------------------- guilds, staff

function guilds(ctx) {
  const { v, t, term } = ctx;
  const marks = all(ctx, "mark_guild");
  return h(
    "section",
    { class: "o-panel o-guilds", testid: "oracle-guilds" },
    h("h3", {}, t("ui.oracle.guilds")),
    h(
      "div",
      { class: "o-guild-list" },
      v.guilds.map((g) => {
        const next = g.symbols.indexOf(null);
        const here = marks.filter((e) => e.action.guild === g.id);
        return h(
          "div",
          { class: `o-guild c-${g.id}`, testid: `oracle-guild-${g.id}` },
          h("span", { class: "o-guild-name" }, h("span", { class: `o-swatch c-${g.id}` }), term("guild", g.id)),
          h(
            "span",
            { class: "o-guild-syms" },
            g.symbols.map((m, i) =>
              h(
                "span",
                {
                  class: `o-gsym${m ? ` ${m}` : ""}`,
                  testid: `oracle-guild-${g.id}-${i}`,
                  dataset: { mark: m ?? "" },
                },
                i === next && here.length
                  ? h(
                      "span",
                      { class: "o-g-opts" },
                      here.map((e) =>
                        button(
                          ctx,
                          `oracle-guild-${g.id}-${e.action.mark}`,
                          e,
                          null,
                          e.action.mark === "x" ? "X" : marketIcon(),
                        ),
                      ),
                    )
                  : m === "x"
                    ? h("span", { class: "ink" }, "X")
                    : m === "market"
                      ? marketIcon()
                      : "◎",
              ),
            ),
          ),
        );
      }),
    ),
  );
}

function staff(ctx) {
  const { v, t, term } = ctx;
  return h(
    "section",
    { class: "o-panel o-staff", testid: "oracle-staff" },
    h("h3", {}, t("ui.oracle.staff")),
    h(
      "div",
      { class: "o-slots" },
      v.staff.map((slot) => {
        const hire = find(ctx, { type: "hire_townsfolk", slot: slot.slot });
        const act = find(ctx, { type: "activate_slot", slot: slot.slot });
        const el = h(
          "button",
          {
            type: "button",
            class: `o-slot${slot.hired ? " hired" : ""}`,
            testid: `oracle-staff-${slot.slot}`,
            dataset: { hired: String(slot.hired) },
          },
          h("span", { class: "o-slot-name" }, term("ability", slot.ability)),
          h(
            "span",
            { class: "o-slot-state" },
            slot.hired
              ? `${"🂠".repeat(Math.min(slot.cards.length, 4))} ${t("ui.oracle.hired")}`
              : t("ui.oracle.free_slot"),
          ),
          slot.cards.some((c) => c.length)
            ? h(
                "span",
                { class: "o-slot-guilds" },
                slot.cards.flat().map((g) => h("span", { class: `o-swatch c-${g}`, title: term("guild", g) })),
              )
            : null,
        );
        const probe = ctx.v.pending?.type === "action" ? { type: "hire_townsfolk", slot: slot.slot } : null;
        return target(ctx, el, hire ?? act, probe);
      }),
    ),
  );
}

function ledger(ctx) {
  const { v, t, term } = ctx;
  const colours = v.predictions.colours;
  const goodsRow = (size) =>
    h(
      "div",
      { class: "o-goods-row" },
      colours.map((c) =>
        h(
          "span",
          {
            class: "o-good-count",
            testid: `oracle-made-${size}-${c}`,
          },
          goodIcon(size, c),
          String(v.goods.made[size][c] ?? 0),
        ),
      ),
    );
  const f = v.funding;
  const adv = v.adventurers;
  const parts = [
    h("h3", {}, t("ui.oracle.goods")),
    goodsRow("talisman"),
    goodsRow("tome"),
    h(
      "p",
      { class: "o-line-stat", testid: "oracle-corruption-detail" },
      "☠ ",
      t("ui.oracle.corruption"),
      ": ",
      t("ui.oracle.held", { held: v.corruption.held, taken: v.corruption.taken }),
    ),
    h(
      "p",
      { class: "o-line-stat", testid: "oracle-funding" },
      t("ui.oracle.funding"),
      ": ",
      t("ui.oracle.funding_line", { once: f.once, symbols: f.market_symbols, market: f.market }),
    ),
  ];
  if (adv.bag) {
    parts.push(
      h(
        "p",
        { class: "o-line-stat", testid: "oracle-bag" },
        t("ui.oracle.bag"),
        ": ",
        Object.entries(adv.bag).map(([c, n]) =>
          h("span", { class: "o-bagc" }, h("span", { class: `o-swatch c-${c}`, title: term("colour", c) }), String(n)),
        ),
      ),
    );
  }
  parts.push(
    h(
      "p",
      { class: "o-line-stat", testid: "oracle-drawn" },
      t("ui.oracle.drawn"),
      ": ",
      adv.drawn.slice(-12).map((c) => h("span", { class: `o-swatch c-${c}`, title: term("colour", c) })),
      adv.drawn.length > 12 ? ` +${adv.drawn.length - 12}` : "",
    ),
  );
  if (v.score) {
    parts.push(
      h(
        "details",
        { class: "o-score", testid: "oracle-score-detail" },
        h("summary", {}, `${t("ui.oracle.score")}: ${v.score.total}`),
        h(
          "dl",
          {},
          Object.entries(v.score)
            .filter(([k]) => k !== "total")
            .map(([k, n]) => [h("dt", {}, scoreLabel(ctx, k)), h("dd", {}, String(n))]),
        ),
      ),
    );
  }
  return h("section", { class: "o-panel o-ledger", testid: "oracle-ledger" }, parts);
}

function scoreLabel(ctx, key) {
  const m = /^(talisman|tome)_(\w+)$/.exec(key);
  if (m) return `${ctx.t(`ui.oracle.score.${m[1]}`)} (${ctx.term("colour", m[2])})`;
  return ctx.t(`ui.oracle.score.${key}`);
}
