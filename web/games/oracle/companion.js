// The Oracle's companion mode: the physical dice thrown at the table and the table's events.

import { RUNES, all, button, explainWhy, find, memo, play, showWhy } from "./common.js";
import { h } from "../../ui/dom.js";
import { runeIcon } from "./sheet.js";
import { whyNot } from "../../ui/board.js";

// ----------------------------------------------------------------------------- companion

export function companion(ctx) {
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
