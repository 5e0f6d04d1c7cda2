"""Official names of Trickerion terms in English, Russian and French for the message catalog.

Kinds: ``trick``, ``prop``, ``magician``, ``special`` (special assignment), ``card``
(assignment card: a location id or a special assignment id), ``location``, ``character``,
``school``, ``performance``, ``prophecy``, ``day``, ``die_face``. Names come from the data packs
(which follow the glossary); where a language has no official name the English one is used.
"""

from __future__ import annotations

from typing import Any

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
}
_ABILITIES = {
    "break_free": ("Break Free", "Высвобождение", "Se Libérer"),
    "mechanical_enhancement": ("Mechanical Enhancement", "Механическое усиление",
                               "Amélioration Mécanique"),
}
_YESNO = {"True": ("yes", "да", "oui"), "False": ("no", "нет", "non")}
_FACING = {"up": ("up", "вверх", "haut"), "right": ("right", "вправо", "droite"),
           "down": ("down", "вниз", "bas"), "left": ("left", "влево", "gauche")}
# Answers to pending decisions (``Decide.choice``), by their first part.
_CHOICES = {
    "coins": ("{0} link reward(s) as coins, the rest as fame",
              "бонусов за связи монетами: {0}, остальные славой",
              "{0} Récompense(s) d'Enchaînement en Pièces, le reste en Prestige"),
    "hire": ("Hire a second apprentice for 3 coins", "Нанять второго ученика за 3 монеты",
             "Recruter un second Apprenti pour 3 Pièces"),
    "steal": ("Take the yield of slot {1} instead of slot {0}",
              "Получить вознаграждение ячейки {1} вместо ячейки {0}",
              "Prendre la Récompense de l'emplacement {1} au lieu de {0}"),
    "premiere": ("Double the {1} yield of slot {0}", "Удвоить вознаграждение ({1}) ячейки {0}",
                 "Doubler la Récompense ({1}) de l'emplacement {0}"),
    "durable": ("Return the marker of slot {0} to its trick card",
                "Вернуть жетон из ячейки {0} на карту номера",
                "Rendre le marqueur de l'emplacement {0} à sa carte"),
    "swap": ("Swap performance cards {0} and {1}", "Поменять местами карты представлений {0} и {1}",
             "Échanger les cartes Spectacle {0} et {1}"),
    "mechanical_enhancement": ("Mechanical Enhancement (+1 action point)",
                               "Механическое усиление (+1 очко действия)",
                               "Amélioration Mécanique (+1 Point d'Action)"),
}
_LANG = {"en": 0, "ru": 1, "fr": 2}


def _names(names, lang: str) -> str:
    return getattr(names, lang, None) or names.en


def term_name(cat, kind: str, value: Any, lang: str) -> str:
    i = _LANG.get(lang, 0)
    v = str(value)
    if kind == "seat":
        return _SEAT[i].format(n=int(value) + 1)
    if kind == "reason":
        if v in _REASONS:
            return _REASONS[v][i]
        special = next((c for c in cat.specials.values() if c.effect == v), None)
        return _names(special.name, lang) if special else v
    if kind == "yesno":
        return _YESNO.get(v, (v, v, v))[i]
    if kind == "facing":
        return _FACING.get(v, (v, v, v))[i]
    if kind == "choice":
        head, *rest = v.split(":")
        if head in _CHOICES:
            return _CHOICES[head][i].format(*rest)
        if head in cat.characters:
            return _names(cat.characters[head].name, lang)
        return v
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
    if kind in ("location", "card") and v in _LOCATIONS:
        return _LOCATIONS[v][i]
    if kind == "character" and v in cat.characters:
        return _names(cat.characters[v].name, lang)
    if kind == "school" and v in _SCHOOLS:
        return _SCHOOLS[v][i]
    if kind == "day":
        key = v if v in _DAYS else ("thursday", "friday", "saturday", "sunday")[int(v)]
        return _DAYS[key][i]
    if kind == "performance" and v in cat.packs.performances:
        theater = cat.packs.theaters[cat.packs.performances[v].theater]
        return _names(theater.name, lang)
    if kind == "prophecy" and v in cat.prophecies:
        return cat.prophecies[v].text if lang == "en" else v
    if kind == "die_face":
        if v in _SCHOOLS:
            return _SCHOOLS[v][i]
        if v in cat.characters:
            return _names(cat.characters[v].name, lang)
    return v
