"""Official names of Trickerion terms in English, Russian and French for the message catalog.

Kinds: ``trick``, ``prop``, ``magician``, ``special`` (special assignment), ``effect`` (what a
special assignment does: its card text), ``card`` (assignment card: a location id or a special
assignment id), ``location``, ``character``,
``school``, ``performance``, ``prophecy``, ``day``, ``die_face``, ``cell_pos`` (a slot's place on
its performance card). Names come from the data packs
(which follow the glossary); where a language has no official name, the pack's ``unofficial``
one (the project's own translation, which the page marks and explains) is used.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.components import Names

_LOCATIONS = {
    "downtown": ("Downtown", "центр", "Centre-Ville"),
    "market_row": ("Market Row", "рынок", "Marché"),
    "workshop": ("Workshop", "мастерская", "Atelier"),
    "theater": ("Theater", "театр", "Théâtre"),
    "dark_alley": ("Dark Alley", "кривая улочка", "Allée Sombre"),
}
_DAYS = {
    "thursday": ("Thursday", "четверг", "Jeudi"),
    "friday": ("Friday", "пятница", "Vendredi"),
    "saturday": ("Saturday", "суббота", "Samedi"),
    "sunday": ("Sunday", "воскресенье", "Dimanche"),
}
_THEATER_PARTS = {
    "backstage": ("backstage", "за кулисами", "en coulisses"),
    "stage": ("on stage", "на сцене", "sur scène"),
}
_SCHOOLS = {
    "optical": ("Optical", "оптические иллюзии", "Optique"),
    "spiritual": ("Spiritual", "спиритические опыты", "Mentalisme"),
    "escape": ("Escape", "трюки с освобождением", "Évasion"),
    "mechanical": ("Mechanical", "чудеса с механизмами", "Mécanique"),
    "any": ("any school", "любая школа", "n'importe quelle école"),
    "x": ("X", "X", "X"),
}
_SEAT = ("Player {n}", "Игрок {n}", "Joueur {n}")
# Why resources change hands (``why`` of gain/pay events).
_REASONS = {
    "take_coins": ("Take Coins", "Взять монеты", "Prendre des Pièces"),
    "fame_threshold": ("fame threshold", "порог славы", "Niveau de Prestige"),
    "link_reward": ("link reward", "бонус за связь номеров", "Récompense d'Enchaînement"),
    "shard_link": ("shard link", "связь, дающая осколок", "Enchaînement avec Éclat"),
    "performance_yield": ("yield", "вознаграждение", "Récompense"),
    "performer_bonus": ("performer bonus", "бонусы организатора", "Bonus d'Artiste"),
    "unpaid_wages": ("unpaid wages", "невыплаченное жалование", "Salaires impayés"),
    "market_buy": ("Buy", "Купить реквизит", "Acheter"),
    "prophecy_set_up": ("prophecy", "пророчество", "Prophétie"),
    "prophecy_slot_fee": ("prophecy", "пророчество", "Prophétie"),
    "magic_for_the_masses": ("Magic for the Masses", "Магия для народа", "Magie de Groupe"),
    "solo_advertise": ("advertising", "реклама", "publicité"),
    "solo_six_ap": ("6 action points", "6 очков действия", "6 Points d'Action"),
    "solo_gentleman": ("its ability", "его способность", "sa capacité"),
    "solo_link": ("links", "связи", "enchaînements"),
    "solo_link_order": (
        "most favourable link order",
        "выгодный порядок связей",
        "ordre d'enchaînements favorable",
    ),
    "solo_safe": ("coins in its safe", "монеты в сейфе", "pièces du coffre"),
    "solo_discard_yield": ("discarded card", "сброшенная карта", "carte défaussée"),
}
_ABILITIES = {
    "break_free": ("Break Free", "Высвобождение", "Se Libérer"),
    "mechanical_enhancement": (
        "Mechanical Enhancement",
        "Механическое усиление",
        "Amélioration Mécanique",
    ),
}
# The Successor's rule steps (docs/solo.md part 2): "downtown.4" -> "Downtown step 4".
_STEP_AREAS = {
    "setup": ("Setup", "Подготовка", "Mise en place"),
    "dice": ("Prep dice", "Кубики подготовки", "Dés de préparation"),
    "round": ("Round", "Раунд", "Tour"),
    "assign": ("Assignments", "Поручения", "Affectations"),
    "mood": ("Mood", "Настроение", "Humeur"),
    "contested": ("Contested", "Спорные локации", "Lieux disputés"),
    "order": ("Location order", "Порядок локаций", "Ordre des lieux"),
    "ap": ("Action points", "Очки действия", "Points d'Action"),
    "downtown": ("Downtown", "Центр", "Centre-Ville"),
    "market": ("Market Row", "Рынок", "Marché"),
    "alley": ("Dark Alley", "Кривая улочка", "Allée Sombre"),
    "workshop": ("Workshop", "Мастерская", "Atelier"),
    "theater": ("Theater", "Театр", "Théâtre"),
    "perform": ("Performance", "Представление", "Spectacle"),
    "end": ("End of round", "Конец раунда", "Fin du tour"),
    "final": ("Final scoring", "Подсчёт славы", "Décompte final"),
    "ability": ("Its ability", "Его способность", "Sa capacité"),
    "prophecy": ("Prophecies", "Пророчества", "Prophéties"),
}
_STEP_WORDS = {
    "step": ("step", "шаг", "étape"),
    "end": ("end of its list", "конец списка", "fin de sa liste"),
    "card": ("card", "карта", "carte"),
    "cell": ("slot", "ячейка", "emplacement"),
    "wages": ("wages", "жалование", "salaires"),
    "return": ("return characters", "возвращение персонажей", "retour des Personnages"),
    "discard": ("discarded card", "сброшенная карта", "carte défaussée"),
    "none": ("no card for the entry", "нет карты для строки", "pas de carte pour l'entrée"),
    "order": ("order", "порядок", "ordre"),
    "skip": ("skip", "пропуск", "passe"),
    "reroll": ("reroll", "переброс", "relance"),
    "first_apprentice_ap": (
        "+1 AP to its first apprentice",
        "+1 ОД первому ученику",
        "+1 PA à son premier Apprenti",
    ),
    "specialist_ap_per_your_special": (
        "+1 AP to its specialists",
        "+1 ОД его специалистам",
        "+1 PA à ses Spécialistes",
    ),
    "redraw_next_prophecy": (
        "a new next prophecy",
        "новое следующее пророчество",
        "une nouvelle prochaine prophétie",
    ),
}
# Step ids whose wording the log names outright (the book's own words).
_STEPS = {
    "order.1": ("Contested", "Спорная локация", "Lieu disputé"),
    "order.2": ("Location order", "Порядок локаций", "Ordre des lieux"),
    "order.none": ("No free slot", "Нет свободной ячейки", "Aucun emplacement libre"),
    "theater.skip": (
        "Theater: no marker to place",
        "Театр: некуда выставить жетон",
        "Théâtre : aucun marqueur à placer",
    ),
}
_MOODS = {
    "ready": (
        "ready for great things",
        "готов к великим свершениям",
        "prêt pour de grandes choses",
    ),
    "busy": ("busy", "занят делами", "occupé"),
}
_PLAN_KINDS = {
    "performance": ("performance plan", "план представления", "plan de spectacle"),
    "preparation": ("preparation plan", "план подготовки", "plan de préparation"),
}
_PREP_DICE = {
    "yellow": ("yellow (Downtown)", "жёлтый (центр)", "jaune (Centre-Ville)"),
    "orange": ("orange (Market Row)", "оранжевый (рынок)", "orange (Marché)"),
    "black": ("black (Dark Alley)", "чёрный (кривая улочка)", "noir (Allée Sombre)"),
    "red": ("red (Theater)", "красный (театр)", "rouge (Théâtre)"),
    "blue": ("blue (Academy)", "синий (академия)", "bleu (Académie)"),
}
_YESNO = {"True": ("yes", "да", "oui"), "False": ("no", "нет", "non")}
_FACING = {
    "up": ("up", "вверх", "haut"),
    "right": ("right", "вправо", "droite"),
    "down": ("down", "вниз", "bas"),
    "left": ("left", "влево", "gauche"),
}
# Where a slot lies on its performance card (``labels.cell_place``): "slot 2 (top right)".
_CELL_PLACES = {
    "top_left": ("top left", "вверху слева", "en haut à gauche"),
    "top_right": ("top right", "вверху справа", "en haut à droite"),
    "middle_left": ("middle left", "посередине слева", "au milieu à gauche"),
    "middle_right": ("middle right", "посередине справа", "au milieu à droite"),
    "bottom_left": ("bottom left", "внизу слева", "en bas à gauche"),
    "bottom_right": ("bottom right", "внизу справа", "en bas à droite"),
    "top": ("top", "вверху", "en haut"),
    "middle": ("middle", "посередине", "au milieu"),
    "bottom": ("bottom", "внизу", "en bas"),
    "left": ("left", "слева", "à gauche"),
    "right": ("right", "справа", "à droite"),
}
_RESOURCES = {
    "fame": ("fame", "славу", "Prestige"),
    "coins": ("coins", "монеты", "Pièces"),
    "shards": ("shards", "осколки", "Éclats"),
}
_LANG = {"en": 0, "ru": 1, "fr": 2}
_QUOTES = (("“{}”", ("‘", "’")), ("«{}»", ("„", "“")), ("« {} »", ("“", "”")))

# Grammatical forms of the official names above and in the packs (``{p:kind:case}`` in the
# catalog), keyed by the name in its dictionary form: Russian cases (acc, gen, dat, ins) and
# the place phrases "where" (loc) and "where to" (dir) with their preposition; French
# articles (def "l'Ingénieur", de "de l'Atelier") and à-phrases (loc/dir "au Théâtre").
_FORMS: dict[str, dict[str, dict[str, str]]] = {
    "ru": {
        # props
        "дерево": {"acc": "дерево", "gen": "дерева", "ins": "деревом"},
        "стекло": {"acc": "стекло", "gen": "стекла", "ins": "стеклом"},
        "металл": {"acc": "металл", "gen": "металла", "ins": "металлом"},
        "ткань": {"acc": "ткань", "gen": "ткани", "ins": "тканью"},
        "верёвка": {"acc": "верёвку", "gen": "верёвки", "ins": "верёвкой"},
        "горючее": {"acc": "горючее", "gen": "горючего", "ins": "горючим"},
        "животное": {"acc": "животное", "gen": "животного", "ins": "животным"},
        "замок": {"acc": "замок", "gen": "замка", "ins": "замком"},
        # our own names (props.json ``unofficial``)
        "пила": {"acc": "пилу", "gen": "пилы", "ins": "пилой"},
        "зеркало": {"acc": "зеркало", "gen": "зеркала", "ins": "зеркалом"},
        "маскировка": {"acc": "маскировку", "gen": "маскировки", "ins": "маскировкой"},
        "шестерёнка": {"acc": "шестерёнку", "gen": "шестерёнки", "ins": "шестерёнкой"},
        # characters (animate: accusative = genitive)
        "иллюзионист": {
            "acc": "иллюзиониста",
            "gen": "иллюзиониста",
            "dat": "иллюзионисту",
            "ins": "иллюзионистом",
        },
        "ассистент": {
            "acc": "ассистента",
            "gen": "ассистента",
            "dat": "ассистенту",
            "ins": "ассистентом",
        },
        "инженер": {"acc": "инженера", "gen": "инженера", "dat": "инженеру", "ins": "инженером"},
        "импресарио": {
            "acc": "импресарио",
            "gen": "импресарио",
            "dat": "импресарио",
            "ins": "импресарио",
        },
        "ученик": {"acc": "ученика", "gen": "ученика", "dat": "ученику", "ins": "учеником"},
        # locations
        "центр": {"gen": "центра", "loc": "в центре", "dir": "в центр"},
        "рынок": {"gen": "рынка", "loc": "на рынке", "dir": "на рынок"},
        "мастерская": {"gen": "мастерской", "loc": "в мастерской", "dir": "в мастерскую"},
        "театр": {"gen": "театра", "loc": "в театре", "dir": "в театр"},
        "кривая улочка": {
            "gen": "кривой улочки",
            "loc": "на кривой улочке",
            "dir": "на кривую улочку",
        },
        # days ("в четверг", "в пятницу")
        "четверг": {"acc": "четверг"},
        "пятница": {"acc": "пятницу"},
        "суббота": {"acc": "субботу"},
        "воскресенье": {"acc": "воскресенье"},
    },
    "fr": {
        "Magicien": {"def": "le Magicien", "de": "du Magicien"},
        "Assistant": {"def": "l'Assistant", "de": "de l'Assistant"},
        "Ingénieur": {"def": "l'Ingénieur", "de": "de l'Ingénieur"},
        "Manager": {"def": "le Manager", "de": "du Manager"},
        "Apprenti": {"def": "l'Apprenti", "de": "de l'Apprenti"},
        "Centre-Ville": {
            "loc": "au Centre-Ville",
            "dir": "au Centre-Ville",
            "de": "du Centre-Ville",
        },
        "Marché": {"loc": "au Marché", "dir": "au Marché", "de": "du Marché"},
        "Atelier": {"loc": "à l'Atelier", "dir": "à l'Atelier", "de": "de l'Atelier"},
        "Théâtre": {"loc": "au Théâtre", "dir": "au Théâtre", "de": "du Théâtre"},
        "Allée Sombre": {
            "loc": "dans l'Allée Sombre",
            "dir": "dans l'Allée Sombre",
            "de": "de l'Allée Sombre",
        },
    },
    "en": {
        "Magician": {"def": "the Magician"},
        "Assistant": {"def": "the Assistant"},
        "Engineer": {"def": "the Engineer"},
        "Manager": {"def": "the Manager"},
        "Apprentice": {"def": "the Apprentice"},
        "Downtown": {"loc": "Downtown", "dir": "Downtown"},
        "Market Row": {"loc": "at Market Row", "dir": "to Market Row"},
        "Workshop": {"loc": "in the Workshop", "dir": "to the Workshop"},
        "Theater": {"loc": "at the Theater", "dir": "to the Theater"},
        "Dark Alley": {"loc": "in the Dark Alley", "dir": "to the Dark Alley"},
    },
}


def term_form(name: str, case: str, lang: str) -> str:
    """``name`` (a term in its dictionary form) in a case; the name itself where the language
    does not change it (Russian "металл" is its own accusative; English has no cases)."""
    if case == "lower":  # a label quoted mid-sentence: "chooses: take the yield…"
        return name[:1].lower() + name[1:]
    return _FORMS.get(lang, {}).get(name, {}).get(case, name)


def _names(names: Names, lang: str) -> str:
    return names.get(lang)


def _all_names(value: Any) -> Any:
    if isinstance(value, Names):
        yield value
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            yield from _all_names(getattr(value, field))
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _all_names(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _all_names(v)


def unofficial_names(cat: Any, lang: str) -> dict[str, str]:
    """Our own names in ``lang`` and their case forms -> the English name (``Game``'s method),
    worked out once per catalogue and language."""
    memo: dict[str, dict[str, str]] = cat.__dict__.setdefault("_unofficial_names", {})
    if lang not in memo:
        out: dict[str, str] = {}
        for names in _all_names(cat.packs):
            ours = names.ours(lang)
            if ours:
                for form in (ours, *_FORMS.get(lang, {}).get(ours, {}).values()):
                    out[form] = names.en
        memo[lang] = out
    return dict(memo[lang])


def term_name(cat: Catalog, kind: str, value: Any, lang: str) -> str:  # noqa: C901 (debt: split by case)
    i = _LANG.get(lang, 0)
    v = str(value)
    if kind == "seat":
        return _SEAT[i].format(n=int(value) + 1)
    if kind == "reason":
        if v in _REASONS:
            return _REASONS[v][i]
        # a special assignment's effect, or Market Row spending through one ("market_<effect>")
        effect = v.removeprefix("market_")
        special = next((c for c in cat.specials.values() if c.effect in (v, effect)), None)
        return _names(special.name, lang) if special else v
    if kind == "step":
        return " + ".join(_step_name(part, i) for part in v.split("+"))
    if kind == "mood":
        return _MOODS.get(v, (v, v, v))[i]
    if kind == "plan":  # a Successor plan card: "plan_prep_3" -> "preparation plan 3"
        _, _, rest = v.partition("_")
        short, _, number = rest.partition("_")
        plan_kind = {"prep": "preparation", "perf": "performance"}.get(short)
        if plan_kind and number.isdigit():
            return f"{_PLAN_KINDS[plan_kind][i]} {number}"
        return v
    if kind == "plan_kind":
        return _PLAN_KINDS.get(v, (v, v, v))[i]
    if kind == "prep_die":
        return _PREP_DICE.get(v, (v, v, v))[i]
    if kind == "yesno":
        return _YESNO.get(v, (v, v, v))[i]
    if kind == "facing":
        return _FACING.get(v, (v, v, v))[i]
    if kind == "cell_pos":
        return _CELL_PLACES.get(v, (v, v, v))[i]
    if kind == "resource":
        return _RESOURCES.get(v, (v, v, v))[i]
    if kind == "choice":
        return _option(v, lang)
    if kind == "ability":
        return _ABILITIES[v][i] if v in _ABILITIES else v
    if kind == "trick" and v in cat.tricks:
        return _names(cat.tricks[v].name, lang)
    if kind == "prop" and v in cat.packs.props:
        return _names(cat.packs.props[v].name, lang)
    if kind == "magician" and v in cat.magicians:
        return _names(cat.magicians[v].name, lang)
    if kind in ("special", "card") and v in cat.specials:
        return _names(cat.specials[v].name, lang)
    if kind == "effect" and v in cat.specials:
        return cat.specials[v].text.get(lang)
    if kind in ("location", "card") and v in _LOCATIONS:
        return _LOCATIONS[v][i]
    if kind == "character" and v in cat.characters:
        return _names(cat.characters[v].name, lang)
    if kind == "school" and v in _SCHOOLS:
        return _SCHOOLS[v][i]
    if kind == "theater_slot":  # 0..11: three per day, the third its stage
        day, part = divmod(int(value), 3)
        # the two backstage slots numbered, as the page names them ("backstage 2")
        where = (
            _THEATER_PARTS["stage"][i]
            if part == 2
            else f"{_THEATER_PARTS['backstage'][i]} {part + 1}"
        )
        return f"{_DAYS[('thursday', 'friday', 'saturday', 'sunday')[day]][i]}, {where}"
    if kind == "day":
        key = v if v in _DAYS else ("thursday", "friday", "saturday", "sunday")[int(v)]
        return _DAYS[key][i]
    if kind == "performance" and v in cat.cards:  # base and (solo catalogue) solo cards
        theater = cat.packs.theaters[cat.cards[v].theater]
        return _names(theater.name, lang)
    if kind == "prophecy" and v in cat.prophecies:
        # A sentence on the card; the log quotes it inside its own, so without the full stop.
        text = (cat.prophecies[v].text.get(lang) or cat.prophecies[v].text.get("en")).rstrip(". ")
        outer, (open_, close) = _QUOTES[i]
        if lang == "fr":
            text = text.replace("« ", "«").replace(" »", "»")
        # quotes inside the quoted card text take the second-level marks: «„Взять монеты“ …»
        quoted = ("“", "”") if lang == "en" else ("«", "»")
        return outer.format(text.replace(quoted[0], open_).replace(quoted[1], close))
    if kind == "die_face":
        if v in _SCHOOLS:
            return _SCHOOLS[v][i]
        if v in cat.characters:
            return _names(cat.characters[v].name, lang)
    return v


# A performance option as the ``performance_option`` event codes it ("steal:1:3"): worded by
# the label of the action that chose it, so the log and the button say the same.
_OPTIONS = {
    "steal": ("action.steal_yield", ("mine", "theirs")),
    "premiere": ("action.premiere_yield", ("cell", "what")),
    "durable": ("action.durable_marker", ("cell",)),
}


def _option(code: str, lang: str) -> str:
    from engine.core.i18n import catalog, format_template

    head, *rest = code.split(":")
    if head not in _OPTIONS or len(rest) != len(_OPTIONS[head][1]):
        return code
    label, names = _OPTIONS[head]
    entry = catalog("engine.games.trickerion")[label]
    i = _LANG.get(lang, 0)
    args = [int(x) if x.isdigit() else _RESOURCES.get(x, (x, x, x))[i] for x in rest]
    return format_template(entry.get(lang) or entry["en"], dict(zip(names, args)), lang)


def _step_name(step: str, i: int) -> str:
    """A Successor rule step by its digest id: "downtown.4" -> "Downtown step 4",
    "theater.card.1" -> "Theater card 1", "downtown.end" -> "Downtown: end of its list"."""
    if step in _STEPS:
        return _STEPS[step][i]
    area, _, rest = step.partition(".")
    if area not in _STEP_AREAS:
        return step
    name = _STEP_AREAS[area][i]
    if rest == "end":
        return f"{name}: {_STEP_WORDS['end'][i]}"
    words = rest.split(".")
    if words[0] in _STEP_WORDS:
        words[0] = _STEP_WORDS[words[0]][i]
    elif words[0][:1].isdigit():
        words.insert(0, _STEP_WORDS["step"][i])
    return f"{name}, " + " ".join(w.replace("_", " ") for w in words)
