// Trickerion's player areas: characters, tricks, hand, header, workshop.

import { SLOT, cap, nameOf } from "./data.js";
import { SYMBOLS, abbr, area, areaKey, seatBadge, seatToken, wire } from "./common.js";
import { charIcon, schoolIcon, yieldIcon } from "./icons.js";
import { charLabel } from "./describe.js";
import { h } from "../../ui/dom.js";
import { locHelp, propChip, slotPlace, slotSvg, slotsShown, specialCard, trickFace } from "./board.js";
import { svg as s } from "../../ui/board.js";

// ---- players ----------------------------------------------------------------------------------

export function character(c, ch, seat, i) {
  const { D, w, lang, view } = c;
  let where = w("home");
  if (ch.slot >= 0) where = slotPlace(c, ch.slot);
  else if (ch.assist) where = w("on_assistant");
  else if (ch.idle && view.phase !== "assign" && view.phase !== "setup") where = w("idle");
  const card =
    ch.card === "face_down"
      ? w("face_down")
      : ch.card
        ? D.specials[ch.card]
          ? nameOf(D.specials[ch.card], lang)
          : c.T(ch.card)
        : "";
  const svg = s(
    "svg",
    { viewBox: "0 0 34 34", width: 30, height: 30, "aria-hidden": "true" },
    seatToken(seat, 17, 17, 13, `${seat + 1}${abbr(c, ch.kind)}`),
  );
  const el = h(
    "div",
    { class: "char", testid: `trk-char-${seat}-${i}` },
    svg,
    h(
      "div",
      { class: "char-text" },
      h("strong", {}, charIcon(ch.kind, 14), " ", charLabel(c, seat, i)),
      h("span", { class: "muted" }, where),
    ),
    // its assignment card lies under it, as on the player board
    h(
      "span",
      {
        class: `char-card${card ? "" : " none"}${ch.card === "face_down" ? " back" : ""}`,
        testid: `trk-charcard-${seat}-${i}`,
      },
      card || "·",
    ),
  );
  return wire(
    c,
    el,
    `char-${seat}-${i}`,
    charLabel(c, seat, i),
    ch.card && D.specials[ch.card] ? `special:${ch.card}` : `character:${ch.kind}`,
  );
}

function trickCard(c, t, seat, mine) {
  const { D, w, lang } = c;
  const T_ = D.tricks[t.id];
  const el = h(
    "div",
    { class: `trick-card card s-${T_?.school}`, testid: `trk-mytrick-${seat}-${t.id}` },
    h("span", { class: "sym", title: w("symbol") }, SYMBOLS[t.sym]),
    trickFace(c, T_),
    h(
      "div",
      { class: "tc-meta" },
      h(
        "span",
        { title: cap(w("markers")) },
        // the Engineer board adds one marker to each Prepare
        w("markers_state", { n: t.markers, k: (T_?.markers ?? 0) + (t.eng ? 1 : 0) }),
      ),
      h("span", {}, w("prep_ap", { n: T_?.prepare_ap ?? "?" })),
      t.eng ? h("span", { class: "tag" }, w("on_engineer")) : null,
      t.enhanced ? h("span", { class: "tag" }, w("enhanced")) : null,
    ),
  );
  return wire(c, el, mine ? `mytrick-${t.id}` : null, nameOf(T_, lang), `trick:${t.id}`);
}

export function hand(c, p, seat, mine) {
  if (mine && (Object.keys(p.hand).length || p.specials.length)) {
    return h(
      "div",
      { class: "hand", testid: `trk-hand-${seat}` },
      Object.entries(p.hand)
        .filter(([, n]) => n > 0)
        .map(([loc, n]) => h("span", { class: "hand-card" }, `${c.T(loc)} ×${n}`)),
      p.specials.map((id) => specialCard(c, id, null)),
    );
  }
  return h(
    "div",
    { class: "hand muted", testid: `trk-hand-${seat}` },
    c.w("hand_count", { n: p.hand_count ?? 0, s: p.special_count ?? 0 }),
  );
}

function playerHeader(c, p, seat) {
  const { w, lang } = c;
  const mag = c.D.magicians[p.magician];
  return h(
    "header",
    {},
    seatBadge(seat),
    h("strong", { class: "pname" }, c.seatName(seat)),
    mag
      ? wire(
          c,
          h(
            "span",
            { class: "magician", testid: `trk-magician-${seat}` },
            nameOf(mag, lang),
            " · ",
            h(
              "span",
              {
                class: `school-dot s-${mag.school}`,
                role: "img",
                title: cap(nameOf(c.D.schools[mag.school], lang)),
                "aria-label": cap(nameOf(c.D.schools[mag.school], lang)),
              },
              schoolIcon(mag.school, 12),
            ),
          ),
          null,
          nameOf(mag, lang),
          `magician:${mag.id}`,
        )
      : null,
    h(
      "span",
      { class: "res" },
      h("span", { class: "fame", title: w("fame"), testid: `trk-fame-${seat}` }, yieldIcon("fame"), ` ${p.fame}`),
      h("span", { class: "coins", title: w("coins"), testid: `trk-coins-${seat}` }, yieldIcon("coins"), ` ${p.coins}`),
      h(
        "span",
        { class: "shards", title: w("shards"), testid: `trk-shards-${seat}` },
        yieldIcon("shards"),
        ` ${p.shards}`,
      ),
    ),
  );
}

export function playerArea(c, p, seat) {
  const { view, snap } = c;
  const ws = SLOT.workshop + 2 * seat;
  const acting = snap.to_act.seats.includes(seat) && snap.to_act.kind !== "terminal";
  // (where its characters stand elsewhere is in `p`)
  const shown = [seat, c.seatName(seat), p, view.phase, slotsShown(c, ws, ws + 2), acting];
  const own = [`char-${seat}-`, `slot-${ws}`, `slot-${ws + 1}`, ...(seat === c.viewer ? ["myprop-", "mytrick-"] : [])];
  // (slot-24 is not slot-2: a slot's key is matched whole)
  const offered = (key) => own.some((k) => (k.startsWith("slot-") ? key === k : key.startsWith(k)));
  return area(c, `trk-player-${seat}`, areaKey(c, offered, shown), () => playerBoard(c, p, seat, acting));
}

function playerBoard(c, p, seat, acting) {
  const { w } = c;
  const mine = seat === c.viewer;
  const chars = p.chars.map((ch, i) => character(c, ch, seat, i));
  const hired = p.hired.map((k) =>
    h("div", { class: "char hired" }, h("strong", {}, c.charName(k)), h("span", { class: "muted" }, w("hired"))),
  );
  const props = Object.entries(p.props)
    .filter(([, n]) => n > 0)
    .map(([prop, n]) =>
      propChip(c, prop, n, {
        mgr: p.mgr.includes(prop),
        key: mine ? `myprop-${prop}` : null,
        testid: `trk-prop-${seat}-${prop}`,
      }),
    );
  const tricks = p.tricks.map((t) => trickCard(c, t, seat, mine));
  const specialists = p.chars
    .filter((ch) => ["assistant", "engineer", "manager"].includes(ch.kind))
    .map((ch) => h("span", { class: "spec-board" }, charIcon(ch.kind, 14), " ", c.charName(ch.kind)));
  const ws = SLOT.workshop + 2 * seat;
  return h(
    "section",
    {
      class: `player pboard seat-${seat % 4}${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      testid: `trk-player-${seat}`,
      "aria-label": w.lv(c.seatName(seat), w("player_board")),
    },
    playerHeader(c, p, seat),
    // as on the player board: the characters along the top with their assignment cards under
    // them; the Workshop, the prop slots and the trick slots below
    h("div", { class: "pb-chars" }, h("h4", {}, w("characters")), h("div", { class: "chars" }, chars, hired)),
    h(
      "div",
      { class: "pbody" },
      h(
        "div",
        { class: "pb-area pb-workshop" },
        h("h4", {}, c.T("workshop"), mine ? locHelp(c, "workshop") : null),
        h("div", { class: "slot-row" }, slotSvg(c, ws, 0), slotSvg(c, ws + 1, 0)),
      ),
      h(
        "div",
        { class: "pb-area pb-props" },
        h("h4", {}, w("props")),
        h("div", { class: "props" }, props.length ? props : h("span", { class: "muted" }, "—")),
      ),
      h(
        "div",
        { class: "pb-area pb-tricks" },
        h("h4", {}, w("tricks")),
        h("div", { class: "tricks" }, tricks.length ? tricks : h("span", { class: "muted" }, "—")),
      ),
    ),
    specialists.length ? h("div", { class: "specs" }, h("h4", {}, w("specialists")), specialists) : null,
    h("div", { class: "pb-hand" }, h("h4", {}, w("hand")), hand(c, p, seat, mine)),
  );
}
