// The rules at hand (issue #34): a game's rules reference (bridge `rules`, engine/rules_ref)
// in a modal dialog, its sections listed at the top and the asked one brought into view and
// marked. Anything on the page opens it by dispatching `RULES_EVENT` (bubbling) with what to
// open at: {place} (a board location's "?"), {code, params} (a refused move), {section} (a
// term's explanation) or nothing.

import { h } from "./dom.js";

export const RULES_EVENT = "marquee:rules";

/** Ask the page to open the rules reference at what `detail` names. */
export function askRules(from, detail = {}) {
  from.dispatchEvent(new CustomEvent(RULES_EVENT, { bubbles: true, detail }));
}

/** A "?" beside a board area's title opening the rules reference at `place`'s section. */
export function rulesHelp(t, place, label) {
  return h(
    "button",
    {
      type: "button",
      class: "rules-help",
      testid: `rules-help-${place}`,
      "aria-label": `${label}: ${t("ui.rules.button")}`,
      title: t("ui.rules.button"),
      onclick: (e) => {
        e.stopPropagation();
        askRules(e.currentTarget, { place });
      },
    },
    "?",
  );
}

/** The dialog showing `ref` ({sections, title}) at section `at` (null: the first). */
export function rulesDialog({ t, ref, at, onClose }) {
  const sections = ref.sections;
  const target = sections.some((s) => s.id === at) ? at : sections[0].id;
  const body = h(
    "div",
    { class: "rules-body", testid: "rules-body", tabindex: "0" },
    h("p", { class: "muted rules-note" }, t("ui.rules.note")),
    sections.map((s) =>
      h(
        "section",
        {
          id: `rules-${s.id}`,
          class: `rules-section${s.id === target ? " at" : ""}`,
          testid: `rules-section-${s.id}`,
          "aria-current": s.id === target ? "true" : null,
          "aria-labelledby": `rules-h-${s.id}`,
        },
        h("h3", { id: `rules-h-${s.id}` }, s.title),
        s.text.map((p) => h("p", {}, p)),
      ),
    ),
  );
  const go = (id) => (e) => {
    e.preventDefault();
    for (const el of body.querySelectorAll(".rules-section")) {
      const here = el.id === `rules-${id}`;
      el.classList.toggle("at", here);
      if (here) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
    }
    body.querySelector(`#rules-${id}`)?.scrollIntoView({ block: "start" });
  };
  const dialog = h(
    "dialog",
    {
      class: "rules-dialog",
      testid: "rules",
      "aria-labelledby": "rules-title",
      dataset: { at: target },
      onclose: onClose,
    },
    h(
      "header",
      { class: "rules-head" },
      h("h2", { id: "rules-title" }, ref.title),
      h(
        "button",
        {
          type: "button",
          class: "icon",
          testid: "rules-close",
          "aria-label": t("ui.rules.close"),
          onclick: () => dialog.close(),
        },
        "×",
      ),
    ),
    h(
      "nav",
      { class: "rules-toc", "aria-label": t("ui.rules.contents") },
      h(
        "ol",
        {},
        sections.map((s) =>
          h("li", {}, h("a", { href: `#rules-${s.id}`, testid: `rules-link-${s.id}`, onclick: go(s.id) }, s.title)),
        ),
      ),
    ),
    body,
  );
  return {
    dialog,
    /** After the dialog is shown: the marked section at the top of the scrolled text. */
    reveal() {
      const el = body.querySelector(`#rules-${target}`);
      body.scrollTop = el ? el.offsetTop - body.offsetTop : 0;
      el?.focus?.();
    },
  };
}
