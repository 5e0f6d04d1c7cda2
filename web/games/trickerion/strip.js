// Trickerion's decision strip: what has no place on the board (prompts, choices, selections).

import { SLOT, cap, nameOf, textOf } from "./data.js";
import { UI, choose, friendly, playOrAsk, wireTip } from "./common.js";
import { actionMenu, charLabel, slotName } from "./describe.js";
import { h, listen } from "../../ui/dom.js";
import { movesOf, whyNot } from "../../ui/board.js";
import { schoolIcon } from "./icons.js";

// ---- the decision strip: what has no place on the board ---------------------------------------

// The moves that end a phase or a turn.
const EXITS = new Set(["end_assignments", "end_turn"]);

export function decisionStrip(c) {
  const { targets, drawn, snap, view, w, viewer } = c;
  const rest = [...targets.entries()].filter(([key]) => !drawn.has(key));
  const to = snap.to_act;
  let status = null;
  if (view.act && view.act.seat !== viewer) {
    const a = view.act;
    const ch = c.players[a.seat]?.chars[a.char];
    status = h(
      "p",
      { class: "placing", testid: "trk-placing" },
      w("placing", { who: `${c.seatName(a.seat)} · ${c.charName(ch?.kind)}`, where: slotName(c, a.slot), ap: a.ap }),
    );
  }
  const ask = h("p", { class: "prompt", testid: "trk-prompt", role: "status" }, prompt(c));
  const menu = actionMenu(c, (action) => whyNot(c.api, snap.hash ?? snap.step, action));
  const pend = (view.pending ?? [])[0];
  const items = rest.map(([key, entries]) => {
    drawn.add(key);
    if (entries.length === 1 && (key.startsWith("magician-") || key.startsWith("specialist-")))
      return choiceCard(c, key, entries[0]);
    if (entries.length === 1) {
      const e = entries[0];
      const tipKey = tipFor(e.action);
      const first = friendly(c, e);
      const el = h(
        "button",
        {
          type: "button",
          class: "trk-decide",
          testid: `trk-t-${key}`,
          // a phase's or a turn's end is never where a new decision's focus lands (ui/table/focus.js)
          dataset: {
            target: key,
            count: "1",
            moves: movesOf([e]),
            ...(EXITS.has(e.action?.type) && { passive: "true" }),
          },
          title: first ? e.label : null,
          onclick: (event) => playOrAsk(c, e, event.currentTarget),
        },
        first ?? e.label,
      );
      if (tipKey) wireTip(c, el, tipKey);
      return el;
    }
    const el = h(
      "button",
      {
        type: "button",
        class: "trk-decide",
        testid: `trk-t-${key}`,
        dataset: { target: key, count: String(entries.length), moves: movesOf(entries) },
      },
      friendly(c, entries[0]) ?? entries[0].label,
      " …",
    );
    listen(el, "click", (e) => choose(c, key, e.currentTarget, entries[0].label));
    return el;
  });
  if (!items.length && !status && targets.size) {
    return h("div", { class: "trk-decision hint", testid: "trk-decision" }, ask, menu);
  }
  if (!items.length && !status) {
    if (to.kind === "players" && !to.seats.includes(viewer)) {
      return h(
        "div",
        { class: "trk-decision waiting", testid: "trk-decision" },
        w("waiting", { names: to.seats.map(c.seatName).join(", ") }),
      );
    }
    return h("div", { class: "trk-decision empty", testid: "trk-decision" });
  }
  return h(
    "div",
    { class: "trk-decision", testid: "trk-decision", role: "group", "aria-label": w("your_move") },
    status,
    c.canAct ? ask : null,
    menu,
    items.length ? h("strong", { class: "dec-title" }, w.lv(w(pend ? "pending" : "more"), "")) : null,
    items,
  );
}

const SETUP_PROMPTS = new Set([
  "start_props",
  "specialist",
  "manager_props",
  "engineer_trick",
  "fast_props",
  "fast_special",
]);

/** What the viewer is deciding, in words: "Choose your starting trick", "Magician selected —
 *  choose a slot", "Magician on stage: no action points this turn". */
function prompt(c) {
  const { view, w, targets, viewer } = c;
  const act = view.act;
  if (act && act.seat === viewer) {
    const ch = c.players[viewer]?.chars[act.char];
    const stage = act.slot >= SLOT.theater && act.slot < SLOT.workshop && (act.slot - SLOT.theater) % 3 === 2;
    if (stage && ch?.kind === "magician" && act.ap === 0) return w("prompt.stage");
    return w("prompt.act", { who: charLabel(c, viewer, act.char), where: slotName(c, act.slot), ap: act.ap });
  }
  if (UI.selected) return w("prompt.selected", { who: charLabel(c, viewer, UI.selected.char) });
  const keys = [...targets.keys()];
  // A setup choice says what it is for (the Engineer's trick is not the starting trick).
  const pend = (view.pending ?? []).find((p) => p.seat === viewer);
  // Master of Chains' Break Free: its own words, and why a lone Pass is all there is
  if (pend?.kind === "break_free") {
    const moves = (c.snap.legal ?? []).some((e) => e.action.type !== "pass");
    return w(moves ? "prompt.pend.break_free" : "prompt.pend.break_free_none");
  }
  if (pend && SETUP_PROMPTS.has(pend.kind)) {
    const who = c.charName(pend.kind === "engineer_trick" ? "engineer" : "manager");
    return w(`prompt.pend.${pend.kind}`, { value: pend.value, who });
  }
  if (view.phase.startsWith("setup")) {
    if (keys.some((k) => k.startsWith("trick-"))) return w("prompt.setup_trick");
    if (keys.some((k) => k.startsWith("magician-"))) return w("prompt.setup_magician");
    return w("prompt.setup");
  }
  // Solo, round II on: the Successor's dice are rerolled before anyone may advertise
  const legal = c.snap.legal ?? [];
  if (legal.length && legal.every((e) => e.action.type === "reroll_prep_dice")) return c.api.t("ui.solo.choose_dice");
  if (["advertise", "assign", "place", "perform"].includes(view.phase)) return w(`prompt.${view.phase}`);
  return w("prompt.other", { n: targets.size });
}

/** A setup choice shown as its card: a magician (school, ability) or a specialist (bonus). */
function choiceCard(c, key, e) {
  const { D, lang } = c;
  const a = e.action;
  let body;
  if (a.magician) {
    const m = D.magicians[a.magician];
    body = [
      h("strong", {}, nameOf(m, lang), " ", h("span", { class: `school-dot s-${m.school}` }, schoolIcon(m.school, 12))),
      h("span", { class: "cc-school" }, cap(nameOf(D.schools[m.school], lang))),
      h("span", { class: "cc-text" }, h("em", {}, nameOf(m.ability, lang)), ": ", textOf(m.ability.text, lang)),
    ];
  } else {
    const spec = D.raw.board.setup.specialist_choices.find((sc) => sc.specialist === a.specialist);
    body = [h("strong", {}, c.charName(a.specialist)), spec ? h("span", { class: "cc-text" }, spec.text) : null];
  }
  return h(
    "button",
    {
      type: "button",
      class: "trk-decide choice-card",
      testid: `trk-t-${key}`,
      dataset: { target: key, count: "1", moves: movesOf([e]) },
      // the card's words are its name (WCAG 2.5.3, label in name); the move, its description
      "aria-description": e.label,
      onclick: () => c.api.act(a).catch(() => {}),
    },
    body,
  );
}

function tipFor(a) {
  if (a.magician) return `magician:${a.magician}`;
  if (a.trick) return `trick:${a.trick}`;
  return null;
}

/** Choose a character, then a slot: every character that may be placed gets a "choose a slot
 *  for it" entry; while one is chosen, the slots offer only its placements (one click plays). */
export function selectionStep(targets, snap, viewer, w) {
  const sel = UI.selected;
  const placeable = new Set(
    (snap.legal ?? []).filter((e) => e.action.type === "place_character").map((e) => e.action.character),
  );
  if (sel && (sel.step !== snap.step || !placeable.has(sel.char))) UI.selected = null;
  for (const ci of placeable) {
    const key = `char-${viewer}-${ci}`;
    const chosen = UI.selected?.char === ci;
    const entry = { index: -1, select: chosen ? null : ci, label: w(chosen ? "deselect" : "select_char") };
    targets.set(key, [entry, ...(targets.get(key) ?? [])]);
  }
  if (!UI.selected) return;
  for (const [key, entries] of [...targets]) {
    if (!key.startsWith("slot-")) continue;
    const mine = entries.filter((e) => e.action?.type !== "place_character" || e.action.character === UI.selected.char);
    if (mine.length) targets.set(key, mine);
    else targets.delete(key);
  }
}

export function orderedSeats(viewer, n) {
  const seats = Array.from({ length: n }, (_, i) => i);
  if (viewer === null || viewer === undefined) return seats;
  return [viewer, ...seats.filter((i) => i !== viewer)];
}

// the days' ids in order, for the docs and tests
