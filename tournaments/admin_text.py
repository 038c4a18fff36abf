"""The tournament admin's words: the services' refusals by code (their messages are
English, for API clients: the Russian admin never shows them), the create form's field
refusals, the standings and the payouts as tables staff read."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from core.errors import ApplicationError

REFUSALS: dict[str, Any] = {
    "insufficient_funds": gettext_lazy("не хватает монет: нужно %(needed)s, в кошельке %(balance)s"),
    "tournament_full": gettext_lazy("все места заняты"),
    "already_entered": gettext_lazy("игрок уже участвует"),
    "registration_closed": gettext_lazy("регистрация закрыта"),
    "too_few_entrants": gettext_lazy("мало участников: нужно хотя бы %(needed)s, записалось %(entered)s"),
    "not_organiser": gettext_lazy("это может только организатор"),
    "not_entered": gettext_lazy("игрок не участвует в турнире"),
    "not_running": gettext_lazy("турнир сейчас не идёт"),
    "tournament_over": gettext_lazy("турнир уже закончился"),
    "not_staff": gettext_lazy("это может только персонал"),
    "invalid_tournament": gettext_lazy("неверные настройки турнира"),
}

# The create form's field refusals in Russian (mirroring the page's "ferr." texts); in
# English the service's own message names the problem.
FIELD_REFUSALS = {
    "name": "Название — от 1 до 80 символов.",
    "format": "Выберите систему турнира.",
    "rules": "Проверьте правила стола: от 2 до 6 игроков, колода 24, 36 или 52 карты.",
    "entry_fee": "Взнос — целое число монет, 0 или больше.",
    "rake_percent": "Комиссия — целое число от 0 до 50 %.",
    "added_prize": "Целое число монет, 0 или больше: столько уйдёт из кошелька организатора в фонд.",
    "guarantee": "Гарантия — целое число монет, 0 или больше.",
    "payouts": "Проценты по местам через запятую, от первого места, без роста, в сумме 100 (например [50, 30, 20]).",
    "prize_amounts": ("Монеты по местам, от первого места, без роста (например [500, 300, 200]); в сумме не больше "
                      "добавленного приза или гарантии. Пусто — без фиксированных призов."),
    "min_entrants": "Минимум — целое число от 2 и не больше максимума.",
    "max_entrants": "Максимум — целое число от 2 (в круговой системе до 32).",
    "starts_at": "Время начала — в будущем, или пусто.",
    "rounds": "Туров — от 1 до 30 (только в швейцарской системе).",
    "move_timer": "Секунд на ход — от 5 до 600.",
    "time_bank": "Запас времени на игрока — от 10 до 7200 секунд.",
    "time_increment": "Добавка за ход — от 0 до 60 секунд.",
    "spectator_delay": "Задержка — от 0 до 20 ходов.",
    "leaves": "Выберите, кто выбывает (только в турнире на выбывание).",
}


def russian() -> bool:
    return (get_language() or "ru").startswith("ru")


def refusal_text(error: ApplicationError) -> str:
    """A service's refusal in the request's language, by its code."""
    words = REFUSALS.get(error.code)
    if words is None:
        return _("не получилось (%(code)s)") % {"code": error.code} if russian() else error.message
    try:
        return str(words) % error.extra
    except (KeyError, TypeError):
        return str(words).split(":")[0]


def field_refusal(field: str | None, error: ApplicationError) -> str:
    if not russian():
        return error.message
    return FIELD_REFUSALS.get(field or "", _("Проверьте настройки турнира."))


def standings_table(rows: Iterable[Mapping[str, Any]]) -> SafeString | str:
    """Place, player (with a link to their page), points, tiebreak, prize."""
    rows = list(rows)
    if not rows:
        return "—"
    head = format_html("<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
                       _("место"), _("игрок"), _("очки"), _("доп. показатель"), _("приз"))
    body = format_html_join("", '<tr><td>{}</td><td><a href="/players/{}/">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>',
                            ((r.get("place", "—"), r.get("player", ""), r.get("name", ""), r.get("points", "—"),
                              r.get("tiebreak", "—"), r.get("prize") or "—") for r in rows))
    return format_html("<table><thead>{}</thead><tbody>{}</tbody></table>", head, body)


def payouts_text(payouts: list[int] | None, prize_amounts: list[int] | None = None) -> str:
    """«1 место: 50 % · 2 место: 30 %…», or the automatic table; fixed prizes first, then
    the percentages as the split of what they leave."""
    if not payouts:
        percents = _("по таблице для числа участников")
    else:
        percents = " · ".join(_("%(place)s место: %(p)s %%") % {"place": i, "p": p} for i, p in enumerate(payouts, 1))
    if not prize_amounts:
        return percents
    fixed = " · ".join(_("%(place)s место: %(coins)s мон.") % {"place": i, "coins": coins}
                       for i, coins in enumerate(prize_amounts, 1))
    return _("%(fixed)s; остаток фонда: %(percents)s") % {"fixed": fixed, "percents": percents}


def table_limit_text(limit: Mapping[str, int]) -> str:
    """«8 мин и 3 с на каждый ход»: how long a table can last (``selectors.table_limit``)."""
    minutes, seconds = divmod(limit["seconds"], 60)
    total = (_("%(m)s мин %(s)s с") % {"m": minutes, "s": seconds} if minutes and seconds
             else _("%(m)s мин") % {"m": minutes} if minutes else _("%(s)s с") % {"s": seconds})
    if not limit["per_move"]:
        return total
    return _("%(total)s и %(s)s с на каждый ход") % {"total": total, "s": limit["per_move"]}
