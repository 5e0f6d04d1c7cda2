// Trickerion solo (`trickerion-solo`): the Trickerion board (web/games/trickerion/) plus what
// the solo game adds, drawn from `view.solo` (docs/solo.md, "What the page shows"):
//   - the Successor's panel: plan card, plan deck, mood, highest level, safe, shopping list,
//     solo ability, round-preparation dice and closed slots, its turn in progress, its last
//     step (the rule it followed), difficulty and adjustments;
//   - "provisional" marks on every value `view.solo.provisional` lists and on records flagged
//     provisional (plan card, dice, solo performance cards, prophecy lists);
//   - the solo performance cards (spf01–spf12, geometry from the solo pack) and their grey
//     neutral markers (-3 in a card's `m`);
//   - your prep-dice choice by clicking two dice (the decision strip and the action buttons
//     offer the same pairs).
// Test ids: solo-panel, solo-difficulty, solo-adjustments, solo-plan, solo-plan-entry,
// solo-plan-deck, solo-mood, solo-safe, solo-shopping, solo-ability, solo-dice, solo-die-<id>,
// solo-dice-prompt, solo-closed, solo-turn, solo-last-step, solo-provisional, solo-prov
// (each "provisional" mark), trk-neutral-<card>-<cell> (a neutral marker).

import { makeRenderer, CELL } from "./index.js";
import { data, loadData, nameOf, cap, SLOT } from "./data.js";
import { svg, loadStyles } from "../../ui/board.js";
import { h } from "../../ui/dom.js";
import { labelled } from "../../ui/i18n.js";

const FACING = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };
const UI = { pick: null, step: -1 };

// After trickerion.css (imported above), before the module resolves.
await loadStyles([new URL("./solo.css", import.meta.url)]);

// The performance pack whose cards `D.solo` holds: "" for the shipped one, else the sha256 of a
// box owner's file (the snapshot's `packs`); a table on other cards asks `gameData` again.
const PERFORMANCES = "trickerion-solo.performances";
const cardsOf = (snap) => snap.packs?.[PERFORMANCES] ?? "";
let wanted = "";
let held; // undefined until the first load

/** The solo packs, added to the base packs (the solo cards join `cards`, in place of the last
 *  table's). */
async function loadSolo(api) {
  const sha = wanted;
  const raw = await api.gameData();
  const D = data();
  for (const id of Object.keys(D.solo?.cards ?? {})) delete D.cards[id];
  const perf = raw["solo/performances"] ?? { cards: [] };
  D.solo = { raw, sha, cards: Object.fromEntries(perf.cards.map((c) => [c.id, c])) };
  // as the engine's catalogue: a solo card replaces a base card of the same id
  for (const c of perf.cards) D.cards[c.id] = c;
  held = sha;
}

// The base board's extension points (web/games/trickerion/, makeRenderer).
const draw = makeRenderer({
  boardClass: "trk-solo",
  // the base packs first: the solo cards are added to them
  load: (api) => loadData(api).then(() => loadSolo(api)),
  afterTracks: (c) => {
    if (c.snap.step !== UI.step) {
      UI.pick = null;
      UI.step = c.snap.step;
    }
    const solo = c.view.solo;
    return solo ? successorPanel(c, solo, provisionalIndex(solo)) : null;
  },
  perfCard: soloCard,
  perfCell: neutralMarker,
  prophecyCard: markProphecy,
});

/** Draw `snap`; first reload the solo cards when its table plays other ones than those held. */
export function render(container, snap, api) {
  wanted = cardsOf(snap);
  if (held === undefined || held === wanted) return draw(container, snap, api);
  loadSolo(api).then(
    // a later snapshot on yet other cards draws itself
    () => held === cardsOf(snap) && draw(container, snap, api),
    (error) => {
      console.error("marquee: the solo performance cards could not be loaded", error);
      api.generic(container, snap.view, api);
    },
  );
}

// ---- provisional ------------------------------------------------------------------------------

function provisionalIndex(solo) {
  const map = new Map();
  for (const p of solo?.provisional ?? []) map.set(p.path, p.reason);
  return map;
}

/** (not a stop of its own for Tab: it only explains itself, its title for a pointer; the keyboard
 *  reads the same in the board's list of provisional values, a details element) */
function provBadge(t, reason) {
  return h(
    "span",
    { class: "solo-prov", testid: "solo-prov", title: reason || t("ui.solo.provisional_help") },
    t("ui.solo.provisional"),
  );
}

/** The provisional values by component group (the path's first part: tables, plans, dice …). */
function provGroups(prov) {
  const groups = new Map();
  for (const [path, reason] of prov) {
    const g = path.split(/[.[]/)[0];
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push([path, reason]);
  }
  return [...groups];
}

// ---- the board's solo parts ---------------------------------------------------------------

/** A solo performance card: outlined as provisional; the group's one badge sits on the first
 *  solo card of the row (the details are in the panel's list). */
function soloCard(c, wrap, card, ci) {
  const geo = c.D.solo.cards[card.id];
  if (!geo) return;
  const t = c.api.t;
  wrap.classList.add("solo-card");
  wrap.title = `${t("ui.solo.card_provisional")}${geo.provisional_reason ? `\n${geo.provisional_reason}` : ""}`;
  const first = c.view.row.findIndex((r) => c.D.solo.cards[r.id]);
  // under the card's name, never over it (the names are about as wide as the narrow cards)
  if (first === ci) wrap.querySelector(".perf-name").after(provBadge(t, geo.provisional_reason));
}

/** A grey neutral marker (-3 in the card's `m`) on a solo performance card's cell. */
function neutralMarker(c, card, ci, k, x, y) {
  const geo = c.D.solo.cards[card.id];
  if (!geo || card.m[k] !== -3) return null;
  const { D, lang } = c;
  const C = CELL;
  const cell = geo.cells[k];
  const printed = (geo.neutral ?? []).find((n) => n.cell[0] === cell[0] && n.cell[1] === cell[1]);
  const school = printed?.school ?? "";
  const d = FACING[printed?.facing] ?? FACING.up;
  const schoolName = D.schools[school] ? cap(nameOf(D.schools[school], lang)) : school;
  return svg(
    "g",
    { class: "neutral-marker", testid: `trk-neutral-${ci}-${k}`, "data-school": school },
    svg("rect", { x: x + 8, y: y + 8, width: C - 16, height: C - 16, rx: 4, class: "neutral-body" }),
    svg("circle", {
      cx: x + C / 2 + d[0] * (C / 2 - 10),
      cy: y + C / 2 + d[1] * (C / 2 - 10),
      r: 5,
      class: `notch s-${school}`,
    }),
    svg("text", { x: x + C / 2, y: y + C / 2 + 1, class: "tok-text neutral-text", "font-size": 11 }, "N"),
    svg("title", {}, c.api.t("ui.solo.neutral", { school: schoolName })),
  );
}

/** Prophecies the solo game changes (provisional lists): a mark on their cards. */
function markProphecy(c, el, id) {
  for (const [path, reason] of provisionalIndex(c.view.solo)) {
    const m = /^prophecies\.(?:removed|human_only)\[(\w+)\]$/.exec(path);
    // a dotted outline and the reason as a tooltip: a badge here would squeeze the card's text
    if (m && m[1] === id) {
      el.classList.add("prov");
      el.title = labelled(c.api.t, c.api.t("ui.solo.provisional"), reason);
    }
  }
}

// ---- the Successor's panel ----------------------------------------------------------------

function successorPanel(c, solo, prov) {
  const { snap, api, D } = c;
  const { t, lang } = api;
  const loc = (id) => cap(nameOf(D.locations[id], lang)) || id;
  const seat = solo.seat ?? 1;
  const p = snap.view.players[seat] ?? {};
  const box = (testid, title, ...body) =>
    h("div", { class: `solo-box ${testid}`, testid }, h("h4", {}, title), ...body);
  const diceReasons = (solo.prep_dice ?? [])
    .filter((d) => d.provisional || prov.has(`dice.dice[${d.id}]`))
    .map((d) => prov.get(`dice.dice[${d.id}]`))
    .filter(Boolean);
  const reasons = (prefix) =>
    [...prov]
      .filter(([path]) => path.startsWith(prefix))
      .map(([, r]) => r)
      .join("\n\n");

  // header: who, difficulty, adjustments
  const adj = Object.entries(solo.adjustments ?? {})
    .filter(([, on]) => on)
    .map(([k]) => t(`ui.solo.adj.${k}`));
  const tables = reasons("tables.");
  const header = h(
    "header",
    { class: "solo-head" },
    h("strong", { class: "solo-name" }, api.seatName(seat)),
    h(
      "span",
      { class: "solo-chip", testid: "solo-difficulty", dataset: { level: solo.difficulty } },
      t("ui.solo.difficulty", { level: t(`ui.solo.level.${solo.difficulty}`) }),
      " ",
      tables ? provBadge(t, tables) : null,
    ),
    h(
      "span",
      {
        class: "solo-chip muted",
        testid: "solo-adjustments",
        dataset: {
          on: Object.entries(solo.adjustments ?? {})
            .filter(([, on]) => on)
            .map(([k]) => k)
            .join(" "),
        },
      },
      adj.length ? adj.join(" · ") : t("ui.solo.no_adjustments"),
    ),
  );

  // plan card in its slot
  const plan = solo.plan;
  const planBody = plan
    ? h(
        "div",
        {
          class: `solo-plan-card kind-${plan.kind} slot-${solo.plan_slot}`,
          dataset: { plan: plan.id, slot: solo.plan_slot },
        },
        h(
          "div",
          { class: "solo-plan-top" },
          h("strong", {}, cap(t(`ui.solo.plan_kind.${plan.kind}`))),
          h("span", { class: "muted" }, " · ", t(`ui.solo.slot.${solo.plan_slot}`)),
          plan.provisional || prov.has(`plans.cards[${plan.id}]`)
            ? [" ", provBadge(t, prov.get(`plans.cards[${plan.id}]`))]
            : null,
        ),
        h(
          "ol",
          { class: "solo-plan-entries" },
          plan.entries.map((e) =>
            h(
              "li",
              { testid: "solo-plan-entry", dataset: { location: e.location, special: String(Boolean(e.special)) } },
              h("span", { class: `loc-dot l-${e.location}` }),
              loc(e.location),
              e.special
                ? h(
                    "span",
                    { class: "solo-special", title: t("ui.solo.special"), "aria-label": t("ui.solo.special") },
                    " ✦",
                  )
                : null,
            ),
          ),
        ),
      )
    : h("p", { class: "muted" }, t("ui.solo.no_plan"));
  const planBox = box(
    "solo-plan",
    t("ui.solo.plan"),
    planBody,
    h(
      "p",
      {
        class: "solo-deck muted",
        testid: "solo-plan-deck",
        dataset: { deck: String(solo.plan_deck), discard: String(solo.plan_discard?.length ?? 0) },
      },
      t("ui.solo.plan_deck", { n: solo.plan_deck }),
      " · ",
      t("ui.solo.plan_discard", { n: solo.plan_discard?.length ?? 0 }),
    ),
  );

  const moodBox = box(
    "solo-mood",
    t("ui.solo.mood"),
    h(
      "p",
      { class: `solo-mood-text mood-${solo.mood}`, dataset: { mood: solo.mood } },
      solo.mood === "ready" ? "☀ " : "⚒ ",
      t(`ui.solo.mood.${solo.mood}`),
    ),
    h("p", { class: "muted" }, t("ui.solo.highest_level", { n: solo.highest_level })),
  );

  const safe = solo.safe ?? { coins: p.coins, shards: p.shards };
  const safeBox = box(
    "solo-safe",
    t("ui.solo.safe"),
    h(
      "p",
      { class: "solo-safe-line", dataset: { coins: String(safe.coins), shards: String(safe.shards) } },
      h("span", { title: t("ui.solo.coins", { n: safe.coins }) }, `¢ ${safe.coins}`),
      "  ",
      h("span", { title: t("ui.solo.shards", { n: safe.shards }) }, `◆ ${safe.shards}`),
    ),
  );

  const shopBox = box(
    "solo-shopping",
    t("ui.solo.shopping"),
    solo.shopping?.length
      ? h(
          "div",
          { class: "solo-props" },
          solo.shopping.map((id) =>
            h(
              "span",
              { class: `prop-chip tier-${D.props[id]?.tier ?? "basic"}`, dataset: { prop: id } },
              h("span", { class: "prop-name" }, cap(nameOf(D.props[id], lang)) || id),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("ui.solo.empty")),
  );

  const ab = solo.ability ?? {};
  const mag = D.magicians[ab.magician];
  const abilityBox = box(
    "solo-ability",
    t("ui.solo.ability"),
    h(
      "p",
      {
        class: `solo-ability-text${ab.off ? " off" : ""}`,
        dataset: { off: String(Boolean(ab.off)), effect: ab.effect ?? "" },
      },
      h("strong", {}, nameOf(mag, lang) || ab.magician || ""),
      labelled(t, "", ""),
      h(
        "span",
        { class: "solo-ab-text" },
        lang !== "en" && t.has(`ui.solo.ability.${ab.effect}`) ? t(`ui.solo.ability.${ab.effect}`) : ab.text,
      ),
    ),
    ab.off ? h("p", { class: "solo-off" }, "⊘ ", t("ui.solo.ability_off")) : null,
  );

  const diceBox = box(
    "solo-dice",
    [
      t("ui.solo.prep_dice"),
      " ",
      diceReasons.length || (solo.prep_dice ?? []).some((d) => d.provisional)
        ? provBadge(t, [...new Set(diceReasons)].join("\n\n"))
        : null,
    ],
    prepDice(c, solo, loc),
  );

  // its turn in progress and its last step (the rule it followed)
  const turn = solo.turn;
  const ch = turn ? p.chars?.[turn.char] : null;
  const turnText = turn
    ? t("ui.solo.turn_text", {
        who: cap(nameOf(D.characters[ch?.kind], lang)) || "?",
        where: loc(turn.loc),
        ap: turn.ap,
        step: turn.step + 1,
        done: turn.done,
        left: turn.left,
      })
    : t("ui.solo.waiting");
  const last = [...(snap.log ?? [])].reverse().find((e) => e.code.startsWith("trickerion.solo."));
  const turnBox = box(
    "solo-turn",
    t("ui.solo.turn"),
    h(
      "p",
      {
        class: `solo-turn-text${turn ? " live" : " muted"}`,
        dataset: turn ? { loc: turn.loc, step: String(turn.step) } : {},
      },
      turnText,
    ),
    h(
      "p",
      {
        class: "solo-last",
        testid: "solo-last-step",
        dataset: last ? { step: String(last.step), code: last.code } : {},
      },
      h("span", { class: "muted" }, `${t("ui.solo.last_step")}: `),
      last ? last.text : t("ui.solo.no_step"),
    ),
  );

  const provList = h(
    "details",
    { class: "solo-provisional", testid: "solo-provisional" },
    h("summary", {}, provBadge(t, ""), " ", t("ui.solo.provisional_title", { n: prov.size })),
    h("p", { class: "muted" }, t("ui.solo.provisional_help")),
    provGroups(prov).map(([group, items]) =>
      h(
        "details",
        { class: "solo-prov-group", dataset: { group } },
        h("summary", {}, `${group} (${items.length})`),
        h(
          "ul",
          {},
          items.map(([path, reason]) => h("li", { dataset: { path } }, h("code", {}, path), " — ", reason)),
        ),
      ),
    ),
  );

  return h(
    "section",
    {
      class: "solo-panel",
      testid: "solo-panel",
      "aria-label": t("ui.solo.panel"),
      dataset: { mood: solo.mood, difficulty: solo.difficulty, plan: plan?.id ?? "" },
    },
    header,
    h("div", { class: "solo-grid" }, planBox, moodBox, safeBox, shopBox, abilityBox, diceBox, turnBox),
    provList,
  );
}

/** The round-preparation dice; when you must choose which two to reroll, they are buttons. */
function prepDice(c, solo, loc) {
  const { snap, api, D } = c;
  const { t, lang } = api;
  const pairs = (snap.legal ?? []).filter((e) => e.action.type === "reroll_prep_dice");
  const choosable = new Set(pairs.flatMap((e) => e.action.dice));
  if (UI.pick && !choosable.has(UI.pick)) UI.pick = null;
  const partners = UI.pick
    ? new Set(pairs.filter((e) => e.action.dice.includes(UI.pick)).flatMap((e) => e.action.dice))
    : null;
  const dayName = (id) => {
    const day = D.days.find((d) => d.id === id);
    return day ? cap(nameOf(day, lang)) : id;
  };
  const faceText = (f) => {
    const m = /^(\w+)_(\d+)$/.exec(f);
    if (m && D.locations[m[1]]) return m[2];
    return dayName(f).slice(0, 3);
  };
  const faceTitle = (f) => {
    const m = /^(\w+)_(\d+)$/.exec(f);
    if (m && D.locations[m[1]]) return `${loc(m[1])} ${m[2]}`;
    return dayName(f);
  };
  const rerun = c.redraw;
  const dice = (solo.prep_dice ?? []).map((d) => {
    const hot = choosable.has(d.id) && (!partners || partners.has(d.id));
    const picked = UI.pick === d.id;
    const title = `${labelled(t, loc(d.location), d.face.map(faceTitle).join(", "))}${d.marked ? ` · ${t("ui.solo.marked")}` : ""}`;
    const body = [
      h("span", { class: "pd-loc" }, loc(d.location)),
      h("span", { class: "pd-face" }, d.face.length ? d.face.map(faceText).join(" · ") : "—"),
      d.marked ? h("span", { class: "pd-mark", title: t("ui.solo.marked") }, "▼ ", t("ui.solo.marked")) : null,
    ];
    const attrs = {
      class: `solo-die die-${d.id}${d.marked ? " marked" : ""}${hot ? " hot" : ""}${picked ? " picked" : ""}`,
      testid: `solo-die-${d.id}`,
      title,
      dataset: { die: d.id, marked: String(d.marked), hot: String(hot), picked: String(picked) },
    };
    const el =
      hot || picked
        ? h(
            "button",
            {
              ...attrs,
              type: "button",
              "aria-pressed": picked ? "true" : "false",
              onclick: () => {
                if (UI.pick === d.id) {
                  UI.pick = null;
                  rerun();
                  return;
                }
                if (!UI.pick) {
                  UI.pick = d.id;
                  rerun();
                  return;
                }
                const pair = pairs.find((e) => e.action.dice.includes(UI.pick) && e.action.dice.includes(d.id));
                if (!pair) return;
                UI.pick = null;
                api.act(pair.action).catch(() => {});
              },
            },
            body,
          )
        : h("div", attrs, body);
    return h("div", { class: "pd-wrap" }, el);
  });
  const closed = [...new Set((solo.closed_slots ?? []).map((slot) => slotName(slot, D, loc, dayName)))];
  return [
    pairs.length
      ? h(
          "p",
          { class: "solo-prompt", testid: "solo-dice-prompt", role: "status" },
          t(UI.pick ? "ui.solo.choose_second" : "ui.solo.choose_dice"),
        )
      : null,
    h("div", { class: "solo-dice-row" }, dice),
    h(
      "p",
      { class: "muted small", testid: "solo-closed", dataset: { slots: (solo.closed_slots ?? []).join(" ") } },
      t("ui.solo.closed", { slots: closed.length ? closed.join(", ") : "—" }),
    ),
  ];
}

function slotName(slot, D, loc, dayName) {
  if (slot >= SLOT.workshop) return loc("workshop");
  if (slot >= SLOT.theater) {
    const d = Math.floor((slot - SLOT.theater) / 3);
    return `${loc("theater")} ${dayName(D.days[d]?.id)}`;
  }
  for (const id of ["dark_alley", "market_row", "downtown"]) {
    if (slot >= SLOT[id]) return `${loc(id)} ${slot - SLOT[id] + 1}`;
  }
  return String(slot);
}
