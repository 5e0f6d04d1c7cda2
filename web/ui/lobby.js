// The lobby: pick a game, its player count, options, seats, seed; start, continue or load.
//
// Drawn from `ctx` (see web/app.js): the page state lives in the controller; this module only
// builds elements and reports changes through ctx.on.*. It is redrawn when the game, the
// player count or the language changes; typing in a field does not redraw it.

import { bdi, cleanName, h, clear, NAME_MAX } from "./dom.js";
import { pick } from "./i18n.js";
import { packsBlock } from "./packs.js";
import { seatName, seatNames } from "./seats.js";

export function renderLobby(root, ctx) {
  const { t, games, setup } = ctx;
  const game = games.find((g) => g.id === setup.game);
  clear(
    root,
    h(
      "section",
      { class: "screen lobby", testid: "screen-lobby", "aria-labelledby": "lobby-title" },
      h("h1", { id: "lobby-title", class: "lobby-title" }, t("ui.lobby.title")),
      h("p", { class: "lobby-tagline" }, t("ui.lobby.tagline")),
      ctx.learnFirst ? ctx.learn : null, // "Learn to play" (ui/guide-panel.js): first for a newcomer
      h("div", { class: "lobby-grid" }, gamesPanel(ctx), game ? setupPanel(ctx, game) : null, sidePanel(ctx)),
      ctx.learnFirst ? null : ctx.learn,
    ),
  );
}

function gamesPanel({ t, lang, games, setup, on }) {
  if (!games.length) {
    return h(
      "section",
      { class: "panel lobby-games" },
      h("h2", {}, t("ui.lobby.games")),
      h("p", { class: "muted", testid: "lobby-empty" }, t("ui.lobby.no_games")),
    );
  }
  return h(
    "section",
    { class: "panel lobby-games", "aria-labelledby": "games-title" },
    h("h2", { id: "games-title" }, t("ui.lobby.games")),
    h(
      "ul",
      { class: "game-list", role: "radiogroup", "aria-labelledby": "games-title", testid: "game-list" },
      games.map((g, index) => {
        const chosen = g.id === setup.game;
        // one radio group: a single Tab stop (the chosen game), the arrows move the choice
        const stop = chosen || (index === 0 && !games.some((x) => x.id === setup.game));
        // role="none": in a radiogroup the items are the radios, not list items
        return h(
          "li",
          { role: "none" },
          h(
            "button",
            {
              type: "button",
              role: "radio",
              class: "game-card",
              testid: `game-${g.id}`,
              "aria-checked": chosen ? "true" : "false",
              tabindex: stop ? "0" : "-1",
              dataset: { game: g.id },
              onclick: () => on.game(g.id),
              onkeydown: (e) => {
                const by = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
                if (!by) return;
                e.preventDefault();
                const next = games[(index + by + games.length) % games.length];
                on.game(next.id);
                // the lobby is drawn again for the new choice: the focus follows it
                requestAnimationFrame(() => document.querySelector(`[data-testid="game-${next.id}"]`)?.focus());
              },
            },
            h("span", { class: "game-emblem", "aria-hidden": "true" }, emblem(g)),
            h("span", { class: "game-card-name" }, pick(g.names, lang)),
            h("span", { class: "game-card-players" }, playersText(t, g)),
          ),
        );
      }),
    ),
  );
}

// A monogram per game on its tile: the initials of its id ("trickerion-solo" -> "T1").
const emblem = (g) => {
  const [first, variant] = g.id.split("-");
  return first.charAt(0).toUpperCase() + (variant === "solo" ? "1" : "");
};

export function playersText(t, g) {
  if (g.automata?.length) return t("ui.lobby.players_automaton");
  if (g.max_players === 1) return t("ui.lobby.players_solo");
  return g.min_players === g.max_players
    ? t("ui.lobby.players_exact", { n: g.min_players })
    : t("ui.lobby.players_range", { min: g.min_players, max: g.max_players });
}

function setupPanel(ctx, game) {
  const { t, lang, setup, on } = ctx;
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  return h(
    "section",
    { class: "panel lobby-setup", "aria-labelledby": "setup-title" },
    h(
      "header",
      { class: "setup-head" },
      h("h2", { id: "setup-title" }, pick(game.names, lang)),
      h("span", { class: "setup-players", testid: "setup-players" }, playersText(t, game)),
    ),
    h(
      "div",
      { class: "field-row players-row", hidden: game.min_players === game.max_players },
      h("label", { for: "players-select" }, t("ui.lobby.players")),
      h(
        "select",
        {
          id: "players-select",
          testid: "players-select",
          disabled: game.min_players === game.max_players,
          onchange: (e) => on.players(Number(e.target.value)),
        },
        counts.map((n) => h("option", { value: String(n), selected: n === setup.players }, String(n))),
      ),
    ),
    game.options.length ? optionsBlock(ctx, game) : null,
    game.packs?.length ? packsBlock(ctx, game) : null,
    seatsBlock(ctx, game),
    h(
      "div",
      { class: "field-row seed-row" },
      h("label", { for: "seed-input" }, t("ui.lobby.seed")),
      // text, not type=number: a 64-bit seed has more digits than a float keeps exactly
      h("input", {
        id: "seed-input",
        testid: "seed-input",
        type: "text",
        inputmode: "numeric",
        autocomplete: "off",
        size: "21",
        spellcheck: "false",
        value: String(setup.seed ?? ""),
        placeholder: t("ui.lobby.seed_auto"),
        "aria-describedby": "seed-help",
        oninput: (e) => on.seed(e.target.value),
      }),
      h(
        "button",
        {
          type: "button",
          class: "ghost",
          testid: "seed-random",
          "aria-label": t("ui.lobby.random_seed"),
          onclick: () => on.randomSeed(),
        },
        h("span", { "aria-hidden": "true" }, "⚄ "),
        t("ui.lobby.random_seed"),
      ),
    ),
    h("p", { id: "seed-help", class: "help" }, t("ui.lobby.seed_help")),
    // Start stays in view at the foot of the window while the setup is on screen (sticky)
    h(
      "div",
      { class: "lobby-start" },
      h("p", { class: "error-text", role: "alert", testid: "lobby-error", hidden: !ctx.error }, ctx.error ?? ""),
      h(
        "button",
        { type: "button", class: "primary big", testid: "start-game", onclick: () => on.start() },
        t("ui.lobby.start"),
      ),
    ),
  );
}

function optionsBlock({ t, lang, setup, on }, game) {
  const chosen = (spec) => setup.options[spec.id] ?? spec.default;
  const byId = new Map(game.options.map((spec) => [spec.id, spec]));
  // An option that needs another one (`requires`, a bool) is greyed out while that one is off,
  // and says so instead of its help. Toggling redraws only the options that depend on it.
  const applies = (spec) => !spec.requires || Boolean(chosen(byId.get(spec.requires) ?? {}));
  const rows = new Map();
  const drawRow = (spec) => {
    const id = `option-${spec.id}`;
    const value = chosen(spec);
    const live = applies(spec);
    const help = live
      ? pick(spec.help, lang)
      : t("ui.lobby.option_needs", { option: pick(byId.get(spec.requires)?.names, lang) });
    const helpId = help ? `${id}-help` : null;
    let control;
    if (spec.kind === "bool") {
      control = h("input", {
        id,
        testid: id,
        type: "checkbox",
        checked: Boolean(value),
        disabled: !live,
        "aria-describedby": helpId,
        onchange: (e) => {
          on.option(spec.id, e.target.checked);
          for (const other of game.options) if (other.requires === spec.id) redraw(other);
        },
      });
    } else if (spec.kind === "choice") {
      control = h(
        "select",
        {
          id,
          testid: id,
          disabled: !live,
          "aria-describedby": helpId,
          onchange: (e) => on.option(spec.id, e.target.value),
        },
        spec.choices.map((c) =>
          h("option", { value: c, selected: c === value }, pick(spec.choice_names?.[c], lang) || c),
        ),
      );
    } else {
      control = h("input", {
        id,
        testid: id,
        type: "number",
        step: "1",
        value: String(value),
        disabled: !live,
        "aria-describedby": helpId,
        min: spec.min ?? null,
        max: spec.max ?? null,
        inputmode: "numeric",
        oninput: (e) => on.option(spec.id, e.target.value === "" ? null : Number(e.target.value)),
      });
    }
    return h(
      "div",
      { class: `option option-${spec.kind}${live ? "" : " option-off"}`, dataset: { option: spec.id } },
      spec.kind === "bool"
        ? h("label", { class: "check" }, control, " ", pick(spec.names, lang))
        : [h("label", { for: id }, pick(spec.names, lang)), control],
      help ? h("p", { id: helpId, class: "help", testid: `${id}-help` }, help) : null,
    );
  };
  const redraw = (spec) => {
    const row = drawRow(spec);
    rows.get(spec.id).replaceWith(row);
    rows.set(spec.id, row);
  };
  for (const spec of game.options) rows.set(spec.id, drawRow(spec));
  return h(
    "fieldset",
    { class: `options${game.options.length > 2 ? " options-many" : ""}` },
    h("legend", {}, t("ui.lobby.options")),
    [...rows.values()],
  );
}

// The levels weakest to strongest (the greedy bot beats easy and loses to normal); the
// random bot, for tests, is in the menu but not listed (ui/lobby.js seatsBlock).
const BOT_ORDER = ["easy", "greedy", "normal", "hard", "expert"];
const botRank = (b) => (b === "random" ? 99 : BOT_ORDER.includes(b) ? BOT_ORDER.indexOf(b) : 50);

/** A new bot seat's opponent: the normal search level, where the game has it; never random
 *  while the game has another bot. */
export function defaultBot(game) {
  const bots = game?.bots ?? [];
  return ["normal", "greedy"].find((b) => bots.includes(b)) ?? bots.find((b) => b !== "random") ?? "random";
}

function seatsBlock({ t, lang, setup, on }, game) {
  const automata = new Set(game.automata ?? []);
  const bots = [...game.bots].sort((a, b) => botRank(a) - botRank(b));
  const kinds = [
    ["human", t("ui.seat.human")],
    ...bots.map((b) => [`bot:${b}`, t.has(`ui.bot.${b}`) ? t(`ui.bot.${b}`) : t("ui.bot.named", { bot: b })]),
  ];
  // what the chosen kind does, beside the menu (the menu's entries stay short)
  const about = (kind) => {
    const code = kind === "human" ? "ui.seat.human_about" : `ui.bot.${kind.slice(4)}_about`;
    const text = t.has(code) ? t(code) : "";
    // a level that thinks for a time budget says so: its strength depends on the device
    const level = kind.slice(4);
    const seconds = kind === "human" ? undefined : game.thinks?.[level];
    if (!seconds) return text;
    const turn = game.thinks_turn?.[level];
    const line = turn
      ? t("ui.bot.thinks_turn", { seconds: seconds.toLocaleString(lang), turn: turn.toLocaleString(lang) })
      : t("ui.bot.thinks", { seconds: seconds.toLocaleString(lang) });
    return `${text} ${line}`;
  };
  // One seat for a person (a solo game, or against the game's automaton): it stays a person's,
  // whatever an older saved setup said.
  const people = setup.seats.filter((_, i) => !automata.has(i)).length;
  const soloSeat = people === 1 ? setup.seats.findIndex((_, i) => !automata.has(i)) : -1;
  if (soloSeat >= 0 && setup.seats[soloSeat].kind !== "human") on.seat(soloSeat, { kind: "human" });
  // the name each seat's field shows when none is given, the table's own (ui/seats.js: "You" for
  // the one person at the table), again whenever a seat changes between a person and a bot
  const shown = setup.seats.map((s, j) =>
    automata.has(j) ? { kind: "automaton" } : { kind: j === soloSeat ? "human" : s.kind },
  );
  const fallback = (i) => seatName(shown, i, t);
  const nameFields = [];
  const nameField = (i, attrs) => {
    const field = h("input", attrs);
    nameFields.push([i, field]);
    return field;
  };
  return h(
    "fieldset",
    { class: "seats-setup" },
    h("legend", {}, t("ui.lobby.seats")),
    h(
      "ol",
      { class: "seat-rows" },
      setup.seats.map((seat, i) => {
        const kind =
          seat.kind !== "bot" ? "human" : `bot:${game.bots.includes(seat.bot) ? seat.bot : defaultBot(game)}`;
        if (automata.has(i)) {
          // a seat the game plays itself (a solo automaton): named, nothing to choose
          return h(
            "li",
            { class: "seat-row automaton", dataset: { seat: String(i) }, testid: `seat-${i}-automaton` },
            h("span", { class: "seat-number", "aria-hidden": "true" }, String(i + 1)),
            h("strong", { class: "seat-automaton-name" }, pick(game.automaton_names, lang) || t("ui.seat.automaton")),
            h("span", { class: "muted" }, t("ui.seat.automaton")),
          );
        }
        const solo = i === soloSeat;
        const aboutText = h(
          "p",
          { class: "seat-about", id: `seat-${i}-about`, testid: `seat-${i}-about` },
          solo ? "" : about(kind),
        );
        return h(
          "li",
          { class: `seat-row${solo ? " solo" : ""}`, dataset: { seat: String(i) } },
          h("span", { class: "seat-number", "aria-hidden": "true" }, String(i + 1)),
          nameField(i, {
            type: "text",
            testid: `seat-${i}-name`,
            value: seat.name,
            placeholder: fallback(i),
            maxlength: String(NAME_MAX),
            "aria-label": t("ui.seat.name_label", { n: i + 1 }),
            oninput: (e) => {
              const name = cleanName(e.target.value);
              if (name !== e.target.value) e.target.value = name;
              on.seat(i, { name });
            },
          }),
          solo
            ? h("span", { class: "seat-kind-fixed", testid: `seat-${i}-human` }, t("ui.seat.you"))
            : h(
                "select",
                {
                  testid: `seat-${i}-kind`,
                  "aria-label": t("ui.seat.kind_label", { n: i + 1 }),
                  "aria-describedby": `seat-${i}-about`,
                  onchange: (e) => {
                    const [k, bot] = e.target.value.split(":");
                    on.seat(i, k === "bot" ? { kind: "bot", bot } : { kind: "human" });
                    aboutText.textContent = about(e.target.value);
                    shown[i] = { kind: k };
                    for (const [j, field] of nameFields) field.placeholder = fallback(j);
                  },
                },
                kinds.map(([v, text]) =>
                  // the random bot stays selectable by tests and automation, never listed
                  h(
                    "option",
                    { value: v, selected: v === kind, hidden: v === "bot:random" && v !== kind && bots.length > 1 },
                    text,
                  ),
                ),
              ),
          aboutText,
        );
      }),
    ),
    // hints are the hard bot's moves: only offered for a game that has that level
    game.bots.includes("hard")
      ? h(
          "label",
          { class: "check hints-option" },
          h("input", {
            type: "checkbox",
            testid: "hints-option",
            checked: setup.hints !== false,
            onchange: (e) => on.hints(e.target.checked),
          }),
          " ",
          t("ui.lobby.hints"),
        )
      : null,
  );
}

function sidePanel({ t, lang, saved, on }) {
  return h(
    "section",
    { class: "panel lobby-side", "aria-labelledby": "side-title" },
    h("h2", { id: "side-title" }, t("ui.lobby.saved")),
    saved.length
      ? h(
          "ul",
          { class: "saved-games", testid: "saved-games" },
          saved.map((slot, i) => savedGame(t, lang, slot, i, on)),
        )
      : h("p", { class: "muted" }, t("ui.lobby.no_resume")),
    h(
      "div",
      { class: "load-row" },
      h(
        "label",
        { class: "button ghost file-button" },
        t("ui.lobby.load"),
        h("input", {
          type: "file",
          accept: ".json,application/json",
          class: "visually-hidden",
          testid: "lobby-load-input",
          "aria-label": t("ui.lobby.load"),
          onchange: (e) => {
            const f = e.target.files?.[0];
            e.target.value = "";
            if (f) on.loadFile(f);
          },
        }),
      ),
      h(
        "label",
        { class: "button ghost file-button" },
        t("ui.lobby.review_file"),
        h("input", {
          type: "file",
          accept: ".json,application/json",
          class: "visually-hidden",
          testid: "lobby-review-input",
          "aria-label": t("ui.lobby.review_file"),
          onchange: (e) => {
            const f = e.target.files?.[0];
            e.target.value = "";
            if (f) on.reviewFile(f);
          },
        }),
      ),
    ),
  );
}

/** One autosaved game (newest first): `resume-info`/`resume-game` are the newest one's. */
function savedGame(t, lang, slot, i, on) {
  // default names ("Player 2") in the lobby's language, not the one the game was saved in
  const names = slot.seats ? seatNames(slot.seats, t) : (slot.players ?? []);
  const when = slot.savedAt ? new Date(slot.savedAt).toLocaleString(lang) : "";
  return h(
    "li",
    { class: "resume saved-game", testid: i === 0 ? "resume-info" : "saved-game", dataset: { id: slot.id } },
    h(
      "p",
      { class: "saved-game-title" },
      t(slot.over ? "ui.lobby.resume_over" : "ui.lobby.resume_info", { game: pick(slot.names, lang), step: slot.step }),
      slot.fork ? h("span", { class: "fork-badge", testid: "saved-game-fork" }, t("ui.review.fork_badge")) : null,
    ),
    names.length
      ? h(
          "p",
          { class: "saved-game-players muted" },
          names.flatMap((n, k) => (k ? [", ", bdi(cleanName(n))] : [bdi(cleanName(n))])),
        )
      : null,
    when ? h("p", { class: "saved-game-time muted" }, when) : null,
    h(
      "p",
      { class: "saved-game-actions" },
      h(
        "button",
        {
          type: "button",
          class: i === 0 ? "primary" : "",
          testid: i === 0 ? "resume-game" : "saved-game-continue",
          onclick: () => on.resume(slot.id),
        },
        // a finished game has nothing to continue: its ending is what opens
        t(slot.over ? "ui.lobby.see_ending" : "ui.lobby.resume"),
      ),
      h(
        "button",
        { type: "button", class: "ghost", testid: "saved-game-review", onclick: () => on.review(slot.id) },
        t("ui.lobby.review"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "ghost",
          testid: "saved-game-remove",
          "aria-label": t("ui.lobby.remove_saved", { game: pick(slot.names, lang), step: slot.step }),
          onclick: () => on.forget(slot.id),
        },
        t("ui.lobby.remove"),
      ),
    ),
  );
}
