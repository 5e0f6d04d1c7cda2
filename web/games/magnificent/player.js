// A player's area: large for the viewer (camp with ghost placement, build levels, tents and
// poster slots, gem storage, trainer tiles, master cards with their value now, the power of
// this turn and the round-end forecast), compact for the others.

import { h } from "../../ui/dom.js";
import { rulesHelp } from "../../ui/rules-dialog.js";
import {
  COLOURS,
  SEAT_COLOURS,
  target,
  explain,
  die,
  gemIcon,
  posterCard,
  nameOf,
  seatChip,
  bonusText,
  condText,
  fragName,
  lastMark,
  fragIcon,
} from "./common.js";
import { camp, bonusGlyph } from "./camp.js";
import { tentIcon } from "./legend.js";
import { spaceBox } from "./main.js";

const GEMS = ["orange", "green", "purple", "clear"];

export function ownArea(c) {
  const seat = c.me;
  const p = c.v.players[seat];
  return h(
    "section",
    { class: "mgn-own", testid: "mgn-own" },
    // the person at this screen reads "Your area" by the seat's colour, not "You · Your area"
    h("h2", {}, c.api.isYou(seat) ? seatChip(c, seat, c.w("you")) : [seatChip(c, seat), " · ", c.w("you")]),
    h(
      "div",
      { class: "mgn-own-grid" },
      h(
        "div",
        { class: "mgn-col" },
        turnPanel(c, p),
        h(
          "div",
          { class: "mgn-panel mgn-camp-panel", testid: "mgn-camp-panel" },
          h("h3", {}, c.w("camp"), rulesHelp(c.api.t, "camp", c.w("camp"))),
          camp(c, seat),
        ),
        levels(c, p),
      ),
      h(
        "div",
        { class: "mgn-col" },
        postersRow(c, p, seat),
        tentsRow(c, p, seat),
        storage(c, p),
        tiles(c, p),
        cards(c, p, seat),
        offers(c),
      ),
    ),
  );
}

function turnPanel(c, p) {
  const t = c.v.turn;
  const tbl = c.table.players[c.me];
  const mineNow = c.v.seat === c.me && c.v.phase === "turn";
  const acts = ["build", "travel", "perform"].map((a) => {
    const el = h("button", { type: "button", class: "mgn-btn act", dataset: { act: a } }, c.w(`action.${a}`));
    target(c, el, `act-${a}`);
    return explain(c, el, { type: "action", action: a });
  });
  return h(
    "div",
    { class: "mgn-panel mgn-turn", testid: "mgn-turn" },
    h(
      "div",
      { class: "mgn-stats" },
      h("span", { testid: "mgn-coins" }, `¢ ${c.w("coins", { n: p.coins })}`),
      h("span", { testid: "mgn-markers" }, c.w("markers", { n: p.markers, used: p.markers_tent })),
      h("span", { class: p.vp < 0 ? "neg" : "" }, c.w("score", { vp: p.vp })),
    ),
    mineNow && t.die
      ? h(
          "div",
          { class: "mgn-ap", testid: "mgn-ap" },
          die(t.die.colour, t.die.face, 24),
          h("b", {}, c.w("ap", { ap: c.v.ap })),
          h("span", { class: "mgn-small" }, ` = ${c.w("ap_parts", { dice: t.ap, plus: t.plus })}`),
        )
      : null,
    mineNow ? h("div", { class: "mgn-acts" }, acts, endButton(c)) : null,
    // after the last round end there is nothing left to pay
    c.v.phase === "over"
      ? null
      : h(
          "p",
          { class: `mgn-forecast${tbl.short ? " bad" : ""}`, testid: "mgn-forecast" },
          c.w("forecast", { owes: tbl.owes, coins: p.coins }),
          tbl.short ? [" — ", c.w("penalty", { short: tbl.short, penalty: tbl.penalty })] : null,
        ),
  );
}

function endButton(c) {
  if (!c.groups.has("end")) return null;
  // passive: the end of a turn is never where a new decision's focus lands (ui/table/focus.js)
  const end = h(
    "button",
    { type: "button", class: "mgn-btn primary", testid: "mgn-end", dataset: { passive: "true" } },
    c.w("end"),
  );
  return target(c, end, "end");
}

function levels(c, p) {
  const board = c.boards[p.board];
  const rows = board.build_levels.map((lv, i) => {
    const el = h(
      "div",
      { class: "mgn-level", dataset: { level: String(i) } },
      h("b", {}, `${lv.ap}⚡`),
      " ",
      Array.from({ length: lv.small }, () => h("span", { class: "lv-s" }, c.w("badge.small"))),
      Array.from({ length: lv.large }, () => h("span", { class: "lv-l" }, c.w("badge.large"))),
    );
    const sizes = [
      lv.small ? `${lv.small} × ${c.w("frag.small")}` : "",
      lv.large ? `${lv.large} × ${c.w("frag.large")}` : "",
    ];
    target(c, el, `level-${i}`, { title: `${lv.ap}⚡: ${sizes.filter(Boolean).join(" + ")}` });
    return explain(c, el, { type: "level", index: i });
  });
  return h(
    "div",
    { class: "mgn-panel mgn-levels", testid: "mgn-levels" },
    h("h3", {}, c.w("levels")),
    h("div", { class: "mgn-level-row" }, rows),
  );
}

function postersRow(c, p, seat) {
  const ready = new Set();
  for (const e of c.legal) if (e.action.type === "reward") for (const x of e.action.slots) ready.add(x);
  const needs = c.table.players[seat].posters ?? [];
  const slots = p.posters.map((id, i) => {
    const el = id
      ? posterCard(c, id, { testid: `mgn-poster-${i}` })
      : h("div", { class: "mgn-poster empty", testid: `mgn-poster-${i}` }, c.w("empty"));
    if (id && needs[i] && c.v.phase !== "over") el.append(needLine(c, needs[i]));
    if (id && c.mine && c.v.turn.stage === "reward") el.classList.add(ready.has(i) ? "ready" : "not-ready");
    const bonus = tentBonus(c, p, i);
    if (bonus) el.append(h("div", { class: "mgn-small slot-tent" }, bonus));
    const name = id ? c.w("posters") : c.w("empty");
    return target(c, el, `poster-${i}`, { title: bonus ? `${name} · ${bonus}` : name });
  });
  return h(
    "div",
    { class: "mgn-panel mgn-posters", testid: "mgn-posters" },
    h("h3", {}, c.w("posters"), " · ", h("span", { class: "mgn-small" }, c.w("rewarded", { n: p.rewarded.length }))),
    h("div", { class: "mgn-poster-row" }, slots),
  );
}

/** What the tent under poster slot `i` adds when the poster there is performed (its ★ and ¢;
 *  its gem is a price, shown on the tent), or null while the tent space below is empty. */
function tentBonus(c, p, i) {
  const id = p.tents[i];
  if (!id) return null;
  const t = id === "start" ? c.boards[p.board].start_tent : c.tents[id];
  if (!t) return null;
  const gain = [t.vp ? `★${t.vp}` : "", t.coins ? `¢${t.coins}` : ""].filter(Boolean).join(" ");
  return gain ? c.w.lv(c.w("tent_bonus"), `+${gain}`) : null;
}

/** Whether a held poster could be performed now, else what it lacks (R52): the tent in words,
 *  the camp tiles and gems as their small pictures (a slot is narrow), all of it in words on
 *  pointing. */
function needLine(c, need) {
  const words = [];
  if (!need.tent) words.push(c.w("tent_needed"));
  for (const f of need.fragments) words.push(fragName(c, f));
  if (need.gems_short) words.push(c.w("gems_short", { n: need.gems_short }));
  // a word is in a .need-word, the tent also as its picture: a phone's slot (~3 letters wide)
  // shows the marks and pictures only, its words for screen readers (magnificent.css)
  if (!words.length) {
    return h(
      "div",
      { class: "need-line ok", dataset: { ready: "true" }, title: c.w("ready") },
      "✓ ",
      h("span", { class: "need-word" }, c.w("ready")),
    );
  }
  const text = c.w("missing", { what: words.join(", ") });
  return h(
    "div",
    { class: "need-line missing", dataset: { ready: "false" }, title: text, "aria-label": text },
    "✗ ",
    need.tent
      ? null
      : h(
          "span",
          { class: "no-tent" },
          h("span", { class: "need-icon" }, tentIcon(12)),
          h("span", { class: "need-word" }, c.w("tent_needed")),
          " ",
        ),
    need.fragments.map((f) => fragIcon(f, 12, c)),
    // the camp's gem glyph and the count: the word ("самоцветов: 2") is cut in a narrow slot
    need.gems_short ? h("span", { class: "gems-short" }, ` ◆${need.gems_short}`) : null,
  );
}

function tentsRow(c, p) {
  const board = c.boards[p.board];
  const slots = p.tents.map((id, i) => {
    let body;
    let title = id === "start" ? c.w("start_tent") : c.w("tents");
    if (id === "start")
      body = [
        h(
          "b",
          { class: "start-label" },
          h("span", { class: "long" }, c.w("start_tent")),
          h("span", { class: "short" }, c.w("start_short")),
        ),
        h("span", {}, ` ★${board.start_tent.vp} ¢${board.start_tent.coins}`),
      ];
    else if (id) {
      const t = c.tents[id];
      body = [h("b", {}, `★${t.vp} ¢${t.coins} `), t.gem ? gemIcon(t.gem, 14, c) : null];
    } else {
      // one bonus a line: a narrow column wraps between words, not inside them
      // one bonus a line; on a phone the camp's glyphs ("+1▭"), the words on pointing
      const bonuses = board.tent_slot_bonuses[i - 1] ?? [];
      title = bonuses.map((b) => bonusText(c, b)).join(" · ");
      body = bonuses.map((b) =>
        h(
          "span",
          { class: "mgn-small bonus" },
          h("span", { class: "long" }, bonusText(c, b)),
          h("span", { class: "short", "aria-hidden": "true" }, `+${b.n ?? 1}${bonusGlyph(b)}`),
        ),
      );
    }
    const el = h("div", { class: `mgn-tent-slot${id ? " full" : ""}`, testid: `mgn-tentslot-${i}` }, body);
    return target(c, el, `tentslot-${i}`, { title });
  });
  return h(
    "div",
    { class: "mgn-panel mgn-tents", testid: "mgn-tents" },
    h("h3", {}, c.w("tents")),
    h("div", { class: "mgn-tent-row" }, slots),
  );
}

function storage(c, p) {
  const cap = c.boards[p.board].storage_per_type;
  const gems = GEMS.map((g) => {
    const el = h(
      "div",
      { class: "mgn-store", dataset: { gem: g } },
      gemIcon(g, 18),
      h("span", {}, `${p.gems[g]}/${cap}`),
    );
    target(c, el, `gem-${g}`, { title: c.w(`colour.${g}`) });
    return el;
  });
  // D1: the payment for a perform's gems is chosen at the storage it comes from
  const pay = c.groups.get("pay")?.length
    ? target(c, h("button", { type: "button", class: "mgn-btn primary", testid: "mgn-pay" }, c.w("pay")), "pay", {
        title: c.w("pay"),
      })
    : null;
  return h(
    "div",
    { class: "mgn-panel mgn-storage", testid: "mgn-storage" },
    h("h3", {}, c.w("storage")),
    h("div", { class: "mgn-store-row" }, gems, pay),
  );
}

function tiles(c, p) {
  if (!p.tiles.length) return null;
  return h(
    "div",
    { class: "mgn-panel mgn-tiles", testid: "mgn-tiles" },
    h("h3", {}, c.w("tiles")),
    h(
      "div",
      { class: "mgn-spaces" },
      p.tiles.map((id) => spaceBox(c, id, c.v.seat === c.me ? (c.v.turn.markers?.[id] ?? 0) : 0)),
    ),
  );
}

function cards(c, p, seat) {
  const values = c.table.players[seat].card_values;
  const mineNow = c.v.seat === seat && c.v.phase === "turn";
  const list = p.cards.map((held, i) => {
    const m = c.cards[held.id];
    const [now, half] = values[i] ?? [0, 0];
    const el = h(
      "div",
      { class: "mgn-card", testid: `mgn-card-${i}` },
      h(
        "div",
        { class: "die-slot" },
        held.die ? die(held.die.colour, held.die.face, 24) : h("span", { class: "no-die" }, "▢"),
        held.as_colour ? h("span", { class: "mgn-swatch", style: `background:${COLOURS[held.as_colour]}` }) : null,
      ),
      h(
        "div",
        { class: "bonus" },
        m ? bonusText(c, m.bonus) : held.id,
        mineNow && c.v.turn.bonus_used ? h("span", { class: "mgn-small used" }, ` (${c.w("bonus_used")})`) : null,
      ),
      h("div", { class: "cond" }, m ? condText(c, m.condition) : ""),
      h("div", { class: "value", testid: `mgn-card-value-${i}` }, c.w("card_now", { now, half })),
    );
    return target(c, el, `card-${i}`, { title: c.w("cards") });
  });
  return h(
    "div",
    { class: "mgn-panel mgn-cards", testid: "mgn-cards" },
    h("h3", {}, c.w("cards"), rulesHelp(c.api.t, "cards", c.w("cards"))),
    h("div", { class: "mgn-card-row" }, list),
  );
}

/** Setup choices shown as cards: master cards to keep, trainer tiles to take. */
function offers(c) {
  const keep = [...c.groups.keys()].filter((k) => k.startsWith("offer-"));
  const tilesOffered = [...c.groups.keys()].filter((k) => k.startsWith("reveal-"));
  if (!keep.length && !tilesOffered.length) return null;
  return h(
    "div",
    { class: "mgn-panel mgn-offers", testid: "mgn-offers" },
    h("h3", {}, c.w("offer")),
    h(
      "div",
      { class: "mgn-card-row" },
      keep.map((k) => {
        const m = c.cards[k.slice(6)];
        return target(
          c,
          h(
            "div",
            { class: "mgn-card" },
            h("div", { class: "bonus" }, bonusText(c, m.bonus)),
            h("div", { class: "cond" }, condText(c, m.condition)),
          ),
          k,
        );
      }),
      tilesOffered.map((k) => target(c, h("div", { class: "mgn-space-tile" }, c.w(`space.${k.slice(7)}`)), k)),
    ),
  );
}

// ---- opponents, compact -------------------------------------------------------------------

export function opponent(c, seat) {
  const p = c.v.players[seat];
  const tbl = c.table.players[seat];
  return h(
    "section",
    {
      class: `mgn-opp${c.v.seat === seat && c.v.phase !== "over" && !c.v.throw.length ? " acting" : ""}`,
      testid: `mgn-opp-${seat}`,
    },
    h(
      "h3",
      { style: `border-color:${SEAT_COLOURS[seat]}` },
      seatChip(c, seat),
      " ",
      h("b", { class: p.vp < 0 ? "neg" : "" }, c.w("score", { vp: p.vp })),
    ),
    h(
      "div",
      { class: "mgn-opp-body" },
      camp(c, seat, { small: true }),
      h(
        "div",
        { class: "mgn-opp-stats" },
        h(
          "div",
          {},
          `¢${p.coins} · `,
          GEMS.map((g) => [gemIcon(g, 11, c), `${p.gems[g]} `]),
        ),
        h("div", {}, c.w("markers", { n: p.markers, used: p.markers_tent })),
        h(
          "div",
          {},
          p.cards.map((x) =>
            x.die
              ? lastMark(
                  c,
                  h("span", { class: "mgn-die-held" }, die(x.die.colour, x.die.face, 16)),
                  c.last.cards.get(seat)?.has(x.id),
                )
              : h("span", { class: "no-die" }, "▢"),
          ),
          ` → ${c.w("opp_forecast", { owes: tbl.owes, coins: p.coins })}`,
        ),
        h(
          "div",
          {},
          lastMark(
            c,
            h("span", {}, c.w.lv(c.w("tents"), p.tents.filter((x) => x && x !== "start").length)),
            c.last.tents.has(seat),
          ),
          ` · ${c.w.lv(c.w("posters"), p.posters.filter(Boolean).length)} · `,
          lastMark(c, h("span", {}, c.w("rewarded", { n: p.rewarded.length })), c.last.rewarded.has(seat)),
        ),
        p.tiles.length ? h("div", { class: "mgn-small" }, p.tiles.map((x) => c.w(`space.${x}`)).join(" · ")) : null,
        h(
          "div",
          { class: "mgn-small" },
          p.cards
            .map((x, i) => `${condText(c, c.cards[x.id]?.condition ?? {})} (${tbl.card_values[i]?.[0] ?? 0})`)
            .join(" · "),
        ),
      ),
    ),
  );
}

export { nameOf };
