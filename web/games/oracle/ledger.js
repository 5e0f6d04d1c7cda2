// The Oracle's action spaces, horoscope, predictions, guilds, staff and the ledger.

import { RUNES, all, button, find, target } from "./common.js";
import { h } from "../../ui/dom.js";
import { rulesHelp } from "../../ui/rules-dialog.js";
import { runeIcon } from "./sheet.js";
import { svg as s } from "../../ui/board.js";

// ----------------------------------------------------------------------------- action spaces

const SPACE_RUNES = {
  threads_of_fate: ["coin", "+", "?"],
  stargazing: ["bone", "+", "d4_a"],
  prediction: ["doll", "+", "d4_a"],
  horoscope: ["d4_a", "d4_b"],
  hire_townsfolk: [],
  activate_staff: [],
};

export function actionSpaces(ctx) {
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

export function horoscope(ctx) {
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
    h("h3", {}, t("ui.oracle.horoscope"), rulesHelp(t, "horoscope", t("ui.oracle.horoscope"))),
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

export function goodIcon(size, colour) {
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

export function marketIcon() {
  return s(
    "svg",
    { viewBox: "0 0 20 20", class: "o-market", "aria-hidden": "true" },
    s("path", { d: "M2 8 L5 3 H15 L18 8 Z" }),
    s("rect", { x: 4, y: 8, width: 12, height: 9 }),
    s("rect", { x: 8, y: 11, width: 4, height: 6, class: "door" }),
  );
}

// ----------------------------------------------------------------------------- predictions

export function predictions(ctx) {
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
    h("h3", {}, t("ui.oracle.predictions"), rulesHelp(t, "predictions", t("ui.oracle.predictions"))),
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

export function guilds(ctx) {
  const { v, t, term } = ctx;
  const marks = all(ctx, "mark_guild");
  return h(
    "section",
    { class: "o-panel o-guilds", testid: "oracle-guilds" },
    h("h3", {}, t("ui.oracle.guilds"), rulesHelp(t, "guilds", t("ui.oracle.guilds"))),
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

export function staff(ctx) {
  const { v, t, term } = ctx;
  return h(
    "section",
    { class: "o-panel o-staff", testid: "oracle-staff" },
    h("h3", {}, t("ui.oracle.staff"), rulesHelp(t, "staff", t("ui.oracle.staff"))),
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

export function ledger(ctx) {
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
